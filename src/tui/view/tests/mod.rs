//! Whole-screen tests on a fixed-size TestBackend, driven by key events.

use crate::tui::app::{Action, App, Pane};
use crate::tui::view::render;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

fn app(url: &str, w: u16, h: u16) -> App {
    let mut app = App::new(
        url.as_bytes().to_vec(),
        urlscope_core::Options::default(),
        true,
    );
    app.size = Rect::new(0, 0, w, h);
    app
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal.draw(|f| render(app, f)).expect("draw");
    let buffer = terminal.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            let cell = &buffer[(x, y)];
            let sym = cell.symbol();
            assert!(
                !sym.chars().any(urlscope_core::text::needs_escape),
                "raw control {sym:?} at {x},{y}"
            );
            out.push_str(sym);
        }
        out.push('\n');
    }
    out
}

fn press(app: &mut App, code: KeyCode) -> Action {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
}

#[test]
fn cafe_shows_lead_and_continuation_bits() {
    let mut a = app("http://example.com/caf%C3%A9", 120, 40);
    assert_eq!(
        a.analysis.components[a.selected].kind,
        urlscope_core::split::ComponentKind::PathSegment
    );
    let s = screen(&a, 120, 40);
    assert!(s.contains("110|00011"), "{s}");
    assert!(s.contains("10|101001"), "{s}");
    assert!(s.contains("lead 1/2"), "{s}");
    assert!(s.contains("cont 2/2"), "{s}");
    assert!(
        s.contains("U+00E9  é  LATIN SMALL LETTER E WITH ACUTE"),
        "{s}"
    );
    insta::assert_snapshot!("cafe_120x40", s);
    // At 80x24 one view at a time: hex first, then binary with v.
    a.size = Rect::new(0, 0, 80, 24);
    let s = screen(&a, 80, 24);
    assert!(s.contains("C3"), "{s}");
    insta::assert_snapshot!("cafe_80x24", s);
    press(&mut a, KeyCode::Char('v'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("110|00011"), "{s}");
}

#[test]
fn double_encoded_traversal_shows_layers_and_both_warnings() {
    let a = app(
        "http://example.com/files/%252e%252e%252fetc/passwd",
        120,
        40,
    );
    let s = screen(&a, 120, 40);
    assert!(s.contains("1: %2e%2e%2fetc"), "{s}");
    assert!(s.contains("2: ../etc"), "{s}");
    assert!(s.contains("◀ path-traversal"), "{s}");
    assert!(s.contains("double-encoding"), "{s}");
    assert!(s.contains("path-traversal"), "{s}");
    insta::assert_snapshot!("traversal_120x40", s);
    let s = screen(&a, 80, 24);
    insta::assert_snapshot!("traversal_80x24", s);
}

#[test]
fn hostile_controls_never_reach_a_cell() {
    let hostile = "http://ex\u{1b}]0;owned\u{7}ample.com/\u{1b}[2J\u{9b}31m/%1B]52;c;SGVsbG8=%07/\u{202E}gpj.exe?a=%E2%80%AE&b=\u{200b}";
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(hostile, w, h);
        let s = screen(&a, w, h); // asserts no raw control in any cell
        assert!(s.contains("\\x1b"), "{s}");
        for _ in 0..12 {
            press(&mut a, KeyCode::Down);
            screen(&a, w, h);
        }
        press(&mut a, KeyCode::Tab);
        press(&mut a, KeyCode::Char('v'));
        screen(&a, w, h);
    }
}

/// The help scrolls through every key and the marks' legend, at 80x24
/// too, and Esc, q and ? each close it without quitting.
#[test]
fn help_scrolls_to_its_end_and_lists_every_key() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app("http://example.com/", w, h);
        press(&mut a, KeyCode::Char('?'));
        assert!(a.help);
        let mut seen = String::new();
        for _ in 0..80 {
            seen.push_str(&screen(&a, w, h));
            press(&mut a, KeyCode::Down);
        }
        let flat: String = seen.split_whitespace().collect::<Vec<_>>().join(" ");
        for b in crate::tui::keys::BINDINGS {
            let words = b
                .help
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(flat.contains(&words), "{words} missing at {w}x{h}");
        }
        press(&mut a, KeyCode::End);
        let s = screen(&a, w, h);
        assert!(s.contains("Marks"), "{s}");
        assert!(s.contains("marker bits | payload bits"), "{s}");
        assert!(s.contains("Esc closes"), "{s}");
        insta::assert_snapshot!(format!("help_end_{w}x{h}"), s);
        press(&mut a, KeyCode::Esc);
        for close in [KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('?')] {
            press(&mut a, KeyCode::Char('?'));
            assert!(a.help);
            press(&mut a, close);
            assert!(
                !a.help && a.running,
                "{close:?} closes the help, never quits"
            );
        }
    }
}

/// The help opens on the keys of the focused pane.
#[test]
fn help_lists_the_focused_panes_keys_first() {
    let mut a = app("http://example.com/a", 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Char('?'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("Keys in the bytes pane"), "{s}");
    let first_key = s.lines().nth(2).unwrap_or_default();
    assert!(first_key.contains("switch the byte view"), "{s}");
}

/// The hint bar always ends with `? help` and shows the focused pane's
/// keys, at 80 columns too.
#[test]
fn the_hint_bar_ends_with_help_in_every_pane() {
    let mut a = app("http://example.com/%2e%2e/x?q=1", 80, 24);
    for pane in ["components", "bytes", "warnings"] {
        let s = screen(&a, 80, 24);
        let bar = s.lines().last().unwrap_or_default().trim_end();
        assert!(bar.ends_with("? help"), "{pane}: {bar}");
        assert!(
            bar.contains("q quit") && bar.contains("z zoom"),
            "{pane}: {bar}"
        );
        if pane == "bytes" {
            assert!(bar.contains("v view"), "{bar}");
        }
        press(&mut a, KeyCode::Tab);
    }
    press(&mut a, KeyCode::Char('r'));
    let s = screen(&a, 80, 24);
    let bar = s.lines().last().unwrap_or_default().trim_end();
    assert!(
        bar.contains("↑↓ scroll") && bar.ends_with("? help"),
        "{bar}"
    );
}

#[test]
fn too_small_terminal_gets_a_message() {
    let a = app("http://example.com/", 60, 20);
    let s = screen(&a, 60, 20);
    assert!(s.contains("needs a terminal of at least"), "{s}");
    assert!(s.contains("80x24; this one is 60x20."), "{s}");
}

#[test]
fn selection_starts_on_the_first_warned_component() {
    let a = app("http://example.com/ok/%2e%2e/x", 120, 40);
    assert_eq!(a.selected, 3);
    let a = app("http://example.com/a/b", 120, 40);
    assert_eq!(a.selected, 2, "first path segment");
    let a = app("http://example.com", 120, 40);
    assert_eq!(a.selected, 1, "the host");
}

#[test]
fn warnings_pane_jumps_to_the_bytes() {
    let mut a = app("http://example.com/a/b?q=%252e%252e%252f", 120, 40);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    assert_eq!(a.focus, Pane::Warnings);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.focus, Pane::Bytes);
    let w = &a.analysis.warnings[a.warning];
    assert_eq!(Some(a.selected), w.component);
    assert_eq!(a.highlight, Some(a.warning));
    screen(&a, 120, 40);
}

/// The warning list cuts messages at its width; with the focus on it, the
/// selected warning is shown whole above the bytes, at 80x24 too.
#[test]
fn the_selected_warning_is_shown_whole() {
    let mut a = app("http://evil.com\\@good.com/", 120, 40);
    let long = |a: &App| a.analysis.warnings[a.warning].message.clone();
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    assert_eq!(a.focus, Pane::Warnings);
    for _ in 0..a.analysis.warnings.len() {
        // The bytes shown are the selected warning's.
        let w = &a.analysis.warnings[a.warning];
        if let Some(c) = w.component {
            assert_eq!(a.selected, c);
        }
        assert_eq!(a.highlight, Some(a.warning));
        let s = screen(&a, 120, 40);
        let message = long(&a);
        assert!(message.len() > 60, "{message}");
        // Every word of the message is on the screen, in order, once the
        // screen is read as one text.
        let text: String = s
            .lines()
            .map(|l| l.split('│').nth(3).unwrap_or_default().trim())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(&message), "{message}\n{s}");
        press(&mut a, KeyCode::Down);
    }
    // Elsewhere the bytes have the pane to themselves.
    press(&mut a, KeyCode::Enter);
    let s = screen(&a, 120, 40);
    assert!(
        !s.contains("─────────────────────────────────────────────────│"),
        "{s}"
    );
}

#[test]
fn editing_follows_typing_and_esc_restores() {
    let mut a = app("http://example.com/", 120, 40);
    press(&mut a, KeyCode::Char('e'));
    assert!(a.editor.is_some());
    for c in "%2e%2e/".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    assert_eq!(a.analysis.input, b"http://example.com/%2e%2e/");
    assert!(a
        .analysis
        .warnings
        .iter()
        .any(|w| w.code.code() == "path-traversal"));
    press(&mut a, KeyCode::Left);
    press(&mut a, KeyCode::Backspace);
    assert_eq!(a.analysis.input, b"http://example.com/%2e%2/");
    press(&mut a, KeyCode::Home);
    press(&mut a, KeyCode::Delete);
    assert_eq!(a.analysis.input, b"ttp://example.com/%2e%2/");
    screen(&a, 80, 24);
    press(&mut a, KeyCode::Esc);
    assert!(a.editor.is_none());
    assert_eq!(a.analysis.input, b"http://example.com/");
    assert!(a.running, "Esc while editing cancels, it does not quit");
    // Ctrl-U clears, paste inserts, Enter applies.
    press(&mut a, KeyCode::Char('e'));
    a.handle_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    assert_eq!(a.analysis.input, b"");
    a.handle_paste("http://bücher.de/ü");
    press(&mut a, KeyCode::Enter);
    assert!(a.editor.is_none());
    assert_eq!(a.analysis.input, "http://bücher.de/ü".as_bytes());
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Backspace);
    assert_eq!(
        a.analysis.input,
        "http://bücher.de/".as_bytes(),
        "backspace removes a whole character"
    );
}

#[test]
fn copy_keys_ask_for_the_right_text() {
    let mut a = app("http://example.com/a b", 120, 40);
    assert_eq!(
        press(&mut a, KeyCode::Char('c')),
        Action::Copy {
            what: "cleaned URL",
            text: "http://example.com/a%20b".to_string()
        }
    );
    assert_eq!(
        press(&mut a, KeyCode::Char('n')),
        Action::Copy {
            what: "normalized URL",
            text: "http://example.com/a%20b".to_string()
        }
    );
    let mut a = app("http://example.com/%1b[2J", 120, 40);
    match press(&mut a, KeyCode::Char('y')) {
        Action::Copy { text, .. } => assert_eq!(text, "\\x1b[2J"),
        other => panic!("{other:?}"),
    }
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    assert!(!a.running);
}

#[test]
fn mouse_click_selects_a_component() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let mut a = app("http://example.com/a/b/c", 120, 40);
    let areas = crate::tui::layout::Areas::compute(a.size, a.analysis.warnings.len(), None, 0)
        .expect("areas");
    a.handle_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: areas.components.x + 3,
        row: areas.components.y + 1,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(a.selected, 0);
    a.handle_mouse(MouseEvent {
        kind: MouseEventKind::ScrollDown,
        column: areas.components.x + 3,
        row: areas.components.y + 1,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(a.selected, 3);
}

#[test]
fn monochrome_still_marks_warnings() {
    let mut a = app("http://example.com/%252e%252e%252f", 120, 40);
    a.color = false;
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    terminal.draw(|f| render(&a, f)).expect("draw");
    let buffer = terminal.backend().buffer().clone();
    let mut underlined = 0;
    for cell in buffer.content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "no colour");
        if cell.modifier.contains(ratatui::style::Modifier::UNDERLINED) {
            underlined += 1;
        }
    }
    assert!(underlined >= 15, "the warned bytes are underlined");
}

#[test]
fn a_one_megabyte_url_renders_only_what_is_visible() {
    let url = format!(
        "http://example.com/{}?q={}",
        "a%C3%A9".repeat(100_000),
        "x".repeat(300_000)
    );
    let mut a = app(&url, 120, 40);
    screen(&a, 120, 40);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::End);
    assert_eq!(
        a.byte_cursor,
        a.analysis.components[a.selected].decoded().len() - 1
    );
    let s = screen(&a, 120, 40);
    assert!(s.contains("U+00E9"), "{s}");
}

#[test]
fn big_inputs_are_analysed_in_the_background() {
    let mut a = app("http://example.com/start", 120, 40);
    a.background_from = 10;
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('/'));
    press(&mut a, KeyCode::Char('x'));
    // The keystrokes did not wait: the old analysis stays, marked stale.
    assert!(a.is_stale());
    assert_eq!(a.analysis.input, b"http://example.com/start");
    assert_eq!(a.input(), b"http://example.com/start/x");
    let s = screen(&a, 120, 40);
    assert!(s.contains("analysing"), "{s}");
    assert!(s.contains("http://example.com/start/x"), "{s}");
    // A stale result is ignored, the latest one is taken.
    let request = a.pending.take().expect("a request");
    assert_eq!(request, b"http://example.com/start/x");
    a.apply_analysis(urlscope_core::analyze(
        b"http://example.com/start/",
        &a.options,
    ));
    assert!(a.is_stale());
    a.apply_analysis(urlscope_core::analyze(&request, &a.options));
    assert!(!a.is_stale());
    assert_eq!(
        a.analysis.components.last().map(|c| c.decoded()),
        Some(&b"x"[..])
    );
    // Esc goes back to the original without another analysis.
    press(&mut a, KeyCode::Esc);
    assert!(a.is_stale(), "the original must be analysed again");
    let request = a.pending.take().expect("a request");
    a.apply_analysis(urlscope_core::analyze(&request, &a.options));
    assert_eq!(a.analysis.input, b"http://example.com/start");
    assert!(!a.is_stale());
}

#[test]
fn p_toggles_the_pretty_url_line() {
    let mut a = app("http://xn--bcher-kva.de/caf%C3%A9?q=%E2%80%AE", 120, 40);
    press(&mut a, KeyCode::Char('p'));
    let s = screen(&a, 120, 40);
    assert!(s.contains("http://bücher.de/café?q=%E2%80%AE"), "{s}");
    assert!(s.contains("as an address bar shows it"), "{s}");
    press(&mut a, KeyCode::Char('p'));
    let s = screen(&a, 120, 40);
    assert!(
        s.contains("http://xn--bcher-kva.de/caf%C3%A9?q=%E2%80%AE"),
        "{s}"
    );
}

#[test]
fn r_shows_the_two_readings_side_by_side() {
    let mut a = app("http://evil.com\\@good.com/", 120, 40);
    press(&mut a, KeyCode::Char('r'));
    let s = screen(&a, 120, 40);
    assert!(s.contains("Parser readings"), "{s}");
    assert!(s.contains("≠ host"), "{s}");
    assert!(s.contains("good.com"), "{s}");
    assert!(s.contains("evil.com"), "{s}");
    assert!(s.contains("WHATWG reads '\\' as '/'"), "{s}");
    insta::assert_snapshot!("readings_120x40", s);
    press(&mut a, KeyCode::Char('r'));
    assert!(a.readings.is_none());
    let mut a = app("/relative?q", 80, 24);
    press(&mut a, KeyCode::Char('r'));
    assert!(screen(&a, 80, 24).contains("No WHATWG reading"));
}

#[test]
fn the_host_shows_its_registrable_domain_and_look_alikes() {
    let a = app("https://pаypal.com.evil.example/login", 120, 40);
    let mut a = a;
    a.select_component(1);
    let s = screen(&a, 120, 40);
    assert!(s.contains("domain   evil.example"), "{s}");
    assert!(s.contains("Latin + Cyrillic"), "{s}");
    assert!(s.contains("U+0430 looks like 'a'"), "{s}");
}

#[test]
fn the_cursor_character_is_shown_bit_by_bit() {
    let mut a = app("http://example.com/%E2%9C%93%E0%9F%80", 120, 40);
    press(&mut a, KeyCode::Tab);
    let s = screen(&a, 120, 40);
    assert!(
        s.contains("0010 011100 010011 = U+2713 ✓ CHECK MARK"),
        "{s}"
    );
    assert!(
        s.contains("1110|0010 10|011100 10|010011  (1110zzzz 10yyyyyy 10xxxxxx)"),
        "{s}"
    );
    for _ in 0..3 {
        press(&mut a, KeyCode::Down);
    }
    let s = screen(&a, 120, 40);
    assert!(s.contains("E0 needs a second byte in A0..BF"), "{s}");
}

#[test]
fn the_gallery_opens_explains_and_loads_an_example() {
    let mut a = app("http://example.com/", 120, 40);
    press(&mut a, KeyCode::Char('g'));
    assert_eq!(a.gallery, Some(0));
    press(&mut a, KeyCode::Down);
    let s = screen(&a, 120, 40);
    assert!(s.contains("Gallery"), "{s}");
    assert!(s.contains("What it teaches"), "{s}");
    assert!(
        s.contains("110|00011"),
        "the explanation of the second example: {s}"
    );
    insta::assert_snapshot!("gallery_120x40", s);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.gallery, None);
    assert_eq!(a.analysis.input, b"http://example.com/caf%C3%A9");
    press(&mut a, KeyCode::Char('g'));
    press(&mut a, KeyCode::Esc);
    assert!(a.gallery.is_none() && a.running);
    screen(&a, 80, 24);
}

#[test]
fn d_shows_every_encoder_side_by_side() {
    let mut a = app("http://example.com/?q=%21%27%28%29%7E%20%C3%A9", 120, 40);
    a.select_component(4);
    press(&mut a, KeyCode::Char('d'));
    let s = screen(&a, 120, 40);
    assert!(s.contains("every encoder"), "{s}");
    assert!(s.contains("js-component       !'()~%20%C3%A9"), "{s}");
    assert!(s.contains("python-quote-plus  %21%27%28%29~+%C3%A9"), "{s}");
    assert!(s.contains("firefox-bar        !%27()~%20%C3%A9"), "{s}");
    insta::assert_snapshot!("dialects_120x40", s);
}

/// `z` gives each pane (and each overlay) the whole body of the screen;
/// `z` or Esc gives it back.
#[test]
fn every_pane_zooms() {
    let url = "http://example.com/files/%252e%252e%252fetc/passwd?q=%E2%9C%93&x=%ED%A0%80";
    for (w, h) in [(80, 24), (120, 40)] {
        let zoomed = |name: &str, setup: &dyn Fn(&mut App)| {
            let mut a = app(url, w, h);
            setup(&mut a);
            press(&mut a, KeyCode::Char('z'));
            assert!(a.zoom, "{name}");
            let s = screen(&a, w, h);
            assert!(!s.contains("Corrected URL"), "{name} zoomed:\n{s}");
            insta::assert_snapshot!(format!("zoom_{name}_{w}x{h}"), s);
            let back = if name == "help" || name == "gallery" {
                KeyCode::Char('z')
            } else {
                KeyCode::Esc
            };
            press(&mut a, back);
            assert!(
                !a.zoom && a.running,
                "{name}: {back:?} gives the screen back"
            );
        };
        zoomed("components", &|_| {});
        zoomed("bytes", &|a| {
            press(a, KeyCode::Tab);
        });
        zoomed("warnings", &|a| {
            press(a, KeyCode::Tab);
            press(a, KeyCode::Tab);
        });
        zoomed("readings", &|a| {
            press(a, KeyCode::Char('r'));
        });
        zoomed("dialects", &|a| {
            a.select_component(7);
            press(a, KeyCode::Char('d'));
        });
        zoomed("gallery", &|a| {
            press(a, KeyCode::Char('g'));
            press(a, KeyCode::Down);
        });
        zoomed("help", &|a| {
            press(a, KeyCode::Char('?'));
        });
    }
}

/// The lines of the bytes pane from `bits` down, for one cursor position.
fn bits_of(url: &str, cursor: usize, w: u16, h: u16) -> String {
    let mut a = app(url, w, h);
    let last = a.analysis.components.len() - 1;
    a.select_component(last);
    press(&mut a, KeyCode::Tab);
    for _ in 0..cursor {
        press(&mut a, KeyCode::Down);
    }
    let s = screen(&a, w, h);
    let x = usize::from((w * 27 / 100).clamp(28, 56));
    let mut out = Vec::new();
    let mut on = false;
    for line in s.lines() {
        let inner: String = line.chars().skip(x + 1).collect();
        let inner = inner.trim_end_matches(['│', '┐', '┘', ' ']).to_string();
        if inner.starts_with("bits") {
            on = true;
        }
        if on && (inner.trim().is_empty() || line.starts_with('└')) {
            break;
        }
        if on {
            out.push(inner);
        }
    }
    out.join("\n")
}

/// The bit-by-bit view of a 1-, 2-, 3- and 4-byte character and of every
/// row of Table 3-6 a byte can break, at both sizes.
#[test]
fn the_bits_view_teaches_each_length_and_each_ill_formed_case() {
    let cases: &[(&str, &str, usize)] = &[
        ("1-byte", "http://x/?q=a", 0),
        ("2-byte", "http://x/?q=%C3%A9", 1),
        ("3-byte", "http://x/?q=%E2%9C%93", 2),
        ("4-byte", "http://x/?q=%F0%9F%98%80", 0),
        ("lone continuation", "http://x/?q=a%A9", 1),
        ("truncated", "http://x/?q=%C4x", 0),
        ("overlong C0", "http://x/?q=%C0%AE", 1),
        ("overlong E0", "http://x/?q=%E0%9F%80", 1),
        ("surrogate", "http://x/?q=%ED%A0%80", 1),
        ("surrogate, third byte", "http://x/?q=%ED%A0%80", 2),
        ("above U+10FFFF", "http://x/?q=%F4%90%80%80", 1),
        ("never valid", "http://x/?q=%F8", 0),
        ("control", "http://x/?q=%1B", 0),
    ];
    for (w, h) in [(80, 24), (120, 40)] {
        let mut all = String::new();
        for (name, url, cursor) in cases {
            let bits = bits_of(url, *cursor, w, h);
            assert!(!bits.is_empty(), "{name} at {w}x{h}");
            all.push_str(&format!("[{name}] {url} byte {cursor}\n{bits}\n"));
        }
        assert!(all.contains("= U+2713 ✓ CHECK MARK"), "{all}");
        assert!(all.contains("A0 cannot follow ED"), "{all}");
        assert!(all.contains("ESCAPE"), "{all}");
        insta::assert_snapshot!(format!("bits_{w}x{h}"), all);
    }
}

/// Esc goes back and never quits; q after an edit that was not copied
/// warns once; Ctrl-C quits at once.
#[test]
fn esc_never_quits_and_q_warns_once_about_an_unsaved_edit() {
    let mut a = app("http://example.com/a", 80, 24);
    for _ in 0..3 {
        assert_eq!(press(&mut a, KeyCode::Esc), Action::None);
        assert!(a.running);
    }
    press(&mut a, KeyCode::Char('z'));
    press(&mut a, KeyCode::Esc);
    assert!(!a.zoom && a.running);
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('b'));
    press(&mut a, KeyCode::Enter);
    assert!(a.unsaved);
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::None);
    assert!(
        a.running && a.status.contains("not been copied"),
        "{}",
        a.status
    );
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    // Copying clears the warning.
    let mut a = app("http://example.com/a", 80, 24);
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('b'));
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Char('c'));
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    let mut a = app("http://example.com/a", 80, 24);
    press(&mut a, KeyCode::Char('e'));
    let ctrl_c = a.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert_eq!(ctrl_c, Action::Quit);
    assert!(a.interrupted && !a.running);
    let ctrl_z = app("http://x/", 80, 24)
        .handle_key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    assert_eq!(ctrl_z, Action::Suspend);
}

/// `E` on a query value: `tom & jerry` stays one value; `u` undoes.
#[test]
fn fixing_a_query_value_encodes_it_for_its_place() {
    let mut a = app("http://example.com/s?q=old&lang=en", 80, 24);
    a.select_component(4);
    assert_eq!(a.analysis.components[4].decoded(), b"old");
    press(&mut a, KeyCode::Char('E'));
    a.handle_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    for c in "tom & jerry".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    let s = screen(&a, 80, 24);
    assert!(s.contains("Fixing [4] query value"), "{s}");
    assert!(s.contains("written  tom%20%26%20jerry"), "{s}");
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.analysis.input,
        b"http://example.com/s?q=tom%20%26%20jerry&lang=en"
    );
    assert_eq!(a.analysis.components.len(), 7, "still two pairs");
    assert_eq!(a.analysis.components[4].decoded(), b"tom & jerry");
    assert_eq!(a.selected, 4);
    // A URL that writes spaces as `+` keeps doing so.
    let mut a = app("http://example.com/s?q=a+b", 80, 24);
    a.select_component(4);
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Char(' '));
    press(&mut a, KeyCode::Char('+'));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.analysis.input, b"http://example.com/s?q=a+b+%2B");
    // A path segment keeps its slash inside; u undoes, then nothing is left.
    let mut a = app("http://example.com/a/b", 80, 24);
    a.select_component(2);
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Char('/'));
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.analysis.input, b"http://example.com/a%2F/b");
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.analysis.input, b"http://example.com/a/b");
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.status, "nothing to undo");
    // Esc cancels.
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Char('x'));
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.analysis.input, b"http://example.com/a/b");
}

/// A long URL whose first warned component is its 200th pair: it is
/// selected and in view at start, and after a resize.
#[test]
fn the_first_warned_component_is_in_view_at_start() {
    let mut url = String::from("http://example.com/?");
    for i in 0..199 {
        url.push_str(&format!("k{i}=v{i}&"));
    }
    url.push_str("bad=%252e%252e%252f");
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(&url, w, h);
        a.set_size(Rect::new(0, 0, w, h));
        let s = screen(&a, w, h);
        assert_eq!(a.selected, 4 + 199 * 2, "the value of pair 200");
        assert!(s.contains("▶▲ value  %252e%252e%252f"), "{s}");
        a.set_size(Rect::new(0, 0, 100, 30));
        let s = screen(&a, 100, 30);
        assert!(s.contains("▶▲ value"), "after a resize: {s}");
    }
}

/// The readings scroll to their last line at 80x24.
#[test]
fn readings_scroll_to_the_end() {
    let mut a = app("http://evil.com\\@good.com/", 80, 24);
    press(&mut a, KeyCode::Char('r'));
    assert_eq!(a.focus, Pane::Bytes);
    let s = screen(&a, 80, 24);
    assert!(!s.contains("why they differ"), "{s}");
    press(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    assert!(s.contains("why they differ"), "{s}");
    assert!(s.contains("WHATWG reads"), "{s}");
    press(&mut a, KeyCode::Esc);
    assert!(a.readings.is_none() && a.running);
}

/// After Enter on a warning, the cursor row is marked `▶`, apart from the
/// warning's bytes (reverse video).
#[test]
fn the_cursor_row_is_marked_apart_from_warned_bytes() {
    let mut a = app("http://example.com/%252e%252e%252f", 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.focus, Pane::Bytes);
    let s = screen(&a, 80, 24);
    let cursor_rows = s.lines().filter(|l| l.contains("││▶")).count();
    assert_eq!(cursor_rows, 1, "{s}");
}

mod nested;
