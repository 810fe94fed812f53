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

#[test]
fn help_overlay_lists_every_key() {
    let mut a = app("http://example.com/", 120, 40);
    press(&mut a, KeyCode::Char('?'));
    assert!(a.help);
    let s = screen(&a, 120, 40);
    for b in crate::tui::keys::BINDINGS {
        assert!(s.contains(b.help), "{} missing", b.help);
    }
    insta::assert_snapshot!("help_120x40", s);
    press(&mut a, KeyCode::Esc);
    assert!(!a.help && a.running, "Esc closes the help first");
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
    let mut a = app("http://evil.com\\@good.com/", 80, 24);
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
        let s = screen(&a, 80, 24);
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
    let s = screen(&a, 80, 24);
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
    let areas =
        crate::tui::layout::Areas::compute(a.size, a.analysis.warnings.len()).expect("areas");
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
        s.contains("U+2713 is written 1110zzzz 10yyyyyy 10xxxxxx"),
        "{s}"
    );
    assert!(s.contains("1110|0010 10|011100 10|010011"), "{s}");
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
