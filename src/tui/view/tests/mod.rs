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
fn too_small_terminal_gets_a_message() {
    let a = app("http://example.com/", 60, 20);
    let s = screen(&a, 60, 20);
    assert!(s.contains("needs a terminal of at least"), "{s}");
    assert!(s.contains("80x24; this one is 60x20."), "{s}");
}

/// Too small, q does what the message says: it quits past the help it
/// hid (the first q closed the unseen help), and after an edit not yet
/// copied it says why it asks again (the question was on a status line
/// that was not drawn).
#[test]
fn too_small_q_quits_as_the_message_says() {
    let mut a = app("https://paypa1.com/x", 80, 24);
    press(&mut a, KeyCode::Char('?'));
    a.set_size(Rect::new(0, 0, 60, 20));
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
    let mut a = app("https://paypa1.com/x", 80, 24);
    a.unsaved = true;
    a.set_size(Rect::new(0, 0, 60, 20));
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::None);
    let s = screen(&a, 60, 20);
    assert!(s.contains("The edited URL has not been copied"), "{s}");
    assert_eq!(press(&mut a, KeyCode::Char('q')), Action::Quit);
}

#[test]
fn selection_starts_on_the_first_warned_component() {
    let a = app("http://example.com/ok/%2e%2e/x", 120, 40);
    assert_eq!(a.selected, 3);
    let a = app("http://example.com/a/b", 120, 40);
    assert_eq!(a.selected, 2, "first path segment");
    let a = app("http://example.com", 120, 40);
    assert_eq!(a.selected, 1, "the host");
    // A warning lifted from the URL a link protection carries: the value
    // that carries it.
    let a = app(
        "https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2F&data=1",
        120,
        40,
    );
    assert_eq!(a.selected, 4, "the url value");
    // With no warning, the value that holds where the wrapped link leads,
    // not the empty path.
    let a = app(
        "https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example.com%2F&data=1",
        120,
        40,
    );
    assert_eq!(a.selected, 4, "the url value");
    let a = app("http://example.com/?q=1", 120, 40);
    assert_eq!(a.selected, 2, "the empty path, with nothing else to show");
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
    // While a change is analysed, what reads the analysis on screen waits
    // for it (a copy would copy the URL before the change); `e` edits the
    // URL as changed.
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('y'));
    press(&mut a, KeyCode::Enter);
    assert!(a.is_stale());
    for key in ['c', 'n', 'E'] {
        assert_eq!(press(&mut a, KeyCode::Char(key)), Action::None, "{key}");
        assert!(
            a.status.starts_with("still analysing"),
            "{key}: {}",
            a.status
        );
    }
    press(&mut a, KeyCode::Char('e'));
    assert_eq!(a.input(), b"http://example.com/starty");
    press(&mut a, KeyCode::Esc);
}

/// `E` then Enter with nothing typed writes the component again, escaped
/// (`a b` as `a%20b`): that URL is analysed, and a later edit cancelled
/// goes back to it, not to the URL before the fix.
#[test]
fn a_fix_with_nothing_typed_is_analysed() {
    let mut a = app("https://example.com/a b/c", 80, 24);
    a.select_component(2);
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Enter);
    assert!(!a.is_stale());
    assert_eq!(a.analysis.input, b"https://example.com/a%20b/c");
    assert!(a.analysis.warnings.is_empty(), "{:?}", a.analysis.warnings);
    press(&mut a, KeyCode::Char('E'));
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.analysis.input, b"https://example.com/a%20b/c");
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.analysis.input, b"https://example.com/a b/c");
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
    assert!(a.detail.kind().is_none());
    let mut a = app("/relative?q", 80, 24);
    press(&mut a, KeyCode::Char('r'));
    // The core's note, wrapped in the pane to its last word.
    let s = screen(&a, 80, 24);
    assert!(s.contains("No WHATWG reading"), "{s}");
    assert!(s.contains("only against a page's URL."), "{s}");
}

#[test]
fn d_shows_every_encoder_side_by_side() {
    let mut a = app("http://example.com/?q=%21%27%28%29%7E%20%C3%A9", 120, 40);
    a.select_component(4);
    press(&mut a, KeyCode::Char('d'));
    let s = screen(&a, 120, 40);
    assert!(s.contains("every encoder"), "{s}");
    assert!(s.contains("js-component         !'()~%20%C3%A9"), "{s}");
    assert!(
        s.contains("python-quote-plus    %21%27%28%29~+%C3%A9"),
        "{s}"
    );
    assert!(s.contains("firefox-bar          !%27()~%20%C3%A9"), "{s}");
    // An http URL's query is written with the special-query set: `'` too.
    assert!(s.contains("whatwg-query         !'()~%20%C3%A9"), "{s}");
    assert!(s.contains("whatwg-special-query !%27()~%20%C3%A9"), "{s}");
    insta::assert_snapshot!("dialects_120x40", s);
    // At 80 columns, focused, its title lets the component's name go
    // (the list marks it) and keeps the key back and the lines it shows,
    // said whole; a `─` stays between it and the corner.
    let mut a = app("http://example.com/?q=%21%27%28%29%7E%20%C3%A9", 80, 24);
    a.select_component(4);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Char('d'));
    let s = screen(&a, 80, 24);
    let title = s
        .lines()
        .find(|l| l.contains("every enc"))
        .unwrap_or_default();
    assert!(
        title.contains("▶")
            && title.contains("every encoder (d: bytes)")
            && title.contains(" of 17 (↑↓) ─")
            && title.ends_with("─┐"),
        "{s}"
    );
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

/// In the readings `=` is kept for fields both write alike; a field
/// written differently with the same meaning is `≈`, and the legend under
/// the fields says what each mark means, in the core's words.
#[test]
fn readings_mark_the_same_meaning_written_differently_apart_from_the_same_text() {
    let mut a = app("https://user@ex%41mple.com/%E2%82%AC?q=a+b#x", 120, 40);
    press(&mut a, KeyCode::Char('r'));
    let s = screen(&a, 120, 40);
    assert!(s.contains("≈ host      ex%41mple.com"), "{s}");
    assert!(s.contains("= path      /%E2%82%AC"), "{s}");
    assert!(!s.contains("││≠"), "no field differs: {s}");
    let legend: Vec<String> = urlscope_core::describe::Agreement::ALL
        .iter()
        .map(|m| format!("{} {}", m.mark(), m.meaning()))
        .collect();
    assert!(
        s.contains(&format!("  marks     {}", legend.join("  "))),
        "{s}"
    );
}

/// The readings scroll to their last line at 80x24, their column heads
/// staying in view.
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
    assert!(s.contains("field     RFC 3986"), "{s}");
    assert!(!s.contains("= scheme"), "{s}");
    press(&mut a, KeyCode::Esc);
    assert!(a.detail.kind().is_none() && a.running);
}

mod bytes;
mod keys;
mod nested;
mod review;
mod second_walk;
mod url;

/// No pane's title runs into its corner: the bytes pane's, focused at
/// 80x24, read '· view: hex (v) ┐', and the help's lower border
/// '↓ more · Esc closes ┘'. Every title keeps a `─` before the right
/// corner, with each pane focused, each detail view open, in the help and
/// in the gallery.
#[test]
fn no_title_runs_into_its_corner() {
    let urls = [
        "https://www.paypal.com.secure-login.example.net/signin?next=https%3A%2F%2F169.254.169.254%2F",
        "http://example.com/%E2%9C%93%ED%A0%80",
        "https://urldefense.com/v3/__https://evil.example.com/login__;!!ABC!xyz$",
        "hxxps://evil[.]example[.]com/login",
        "http://evil.com\\@good.com/",
        "http://example.com/?q=%21%27%28%29%7E%20%C3%A9",
    ];
    let example = crate::gallery::default_example().url;
    for url in urls.into_iter().chain([example]) {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut a = app(url, w, h);
            let mut screens = Vec::new();
            for key in [
                KeyCode::Tab,
                KeyCode::Char('v'),
                KeyCode::Tab,
                KeyCode::Tab,
                KeyCode::Char('d'),
                KeyCode::Char('r'),
                KeyCode::Char('L'),
                KeyCode::Char('?'),
                KeyCode::End,
                KeyCode::Esc,
                KeyCode::Char('g'),
                KeyCode::Down,
            ] {
                screens.push(screen(&a, w, h));
                press(&mut a, key);
            }
            screens.push(screen(&a, w, h));
            for s in screens {
                for line in s.lines() {
                    let chars: Vec<char> = line.chars().collect();
                    for (i, c) in chars.iter().enumerate() {
                        if matches!(c, '┐' | '┘') {
                            assert_eq!(
                                chars.get(i.wrapping_sub(1)),
                                Some(&'─'),
                                "{url} {w}x{h}\n{s}"
                            );
                        }
                    }
                }
            }
        }
    }
}
