//! What a second walk through the inspector found: a message cut with no
//! `…`, `1 bytes`, a byte table cut to the pane that looked whole, bad
//! bytes shown two ways, a key cut from a title, an editor's status that
//! pushed its way out (`Esc`) off the bar, a list's count cut from its
//! title, a zoom asked for in the help that outlived it, keys on the bar
//! that did nothing.

use super::{app, press, screen};
use crossterm::event::KeyCode;
use urlscope_core::split::ComponentKind;

/// Empty input and `?` (one byte, no components) each say so whole.
#[test]
fn no_components_is_said_whole_and_one_byte_is_singular() {
    let s = screen(&app("", 80, 24), 80, 24);
    assert!(s.contains("URL · 0 bytes"), "{s}");
    assert!(s.contains("(no components: empty"), "{s}");
    assert!(s.contains("│input)"), "wrapped, not cut: {s}");
    let s = screen(&app("?", 80, 24), 80, 24);
    assert!(s.contains("URL · 1 byte ─"), "{s}");
    assert!(s.contains("(no components)"), "{s}");
    assert!(!s.contains("empty input"), "'?' is not empty: {s}");
}

/// A byte table cut to the pane says how many rows it leaves out, above
/// and below, on its heading line.
#[test]
fn a_cut_byte_table_says_what_it_leaves_out() {
    let url = "https://example.com/aHR0cHM6Ly9ldmlsLmV4YW1wbGUuY29tL3BoaXNoP3g9MQ";
    let mut a = app(url, 80, 24);
    let s = screen(&a, 80, 24);
    let head = s.lines().find(|l| l.contains("from")).unwrap_or_default();
    assert!(head.contains(" below│") && !head.contains("above"), "{s}");
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    let head = s.lines().find(|l| l.contains("from")).unwrap_or_default();
    assert!(head.contains(" above│") && !head.contains("below"), "{s}");
    // A table that fits says nothing.
    let s = screen(&app("https://example.com/abc", 80, 24), 80, 24);
    let head = s.lines().find(|l| l.contains("from")).unwrap_or_default();
    assert!(!head.contains('↑') && !head.contains('↓'), "{s}");
}

/// The list shows a byte that is not UTF-8 as the bytes pane does
/// (`\xC0`), not as a U+FFFD that hides which byte it was.
#[test]
fn the_list_shows_bad_bytes_as_the_bytes_pane_does() {
    let s = screen(&app("http://example.com/%C0%AFx", 120, 40), 120, 40);
    assert!(s.contains("%C0%AFx → \\xC0\\xAFx"), "{s}");
    assert!(!s.contains('\u{FFFD}'), "{s}");
}

/// While editing, the bar keeps the way out: its status no longer says
/// again what the pane's title says.
#[test]
fn the_editor_bar_keeps_esc() {
    for key in ['E', 'e'] {
        let mut a = app("https://example.com/s?q=old&lang=en", 80, 24);
        press(&mut a, KeyCode::Char(key));
        let s = screen(&a, 80, 24);
        let bar = s.lines().last().unwrap_or_default();
        assert!(bar.contains("Esc cancel"), "{key}: {bar}");
    }
}

/// The help zoomed (`z`) and closed (Esc) gives back the screen as it
/// was: the zoom was the help's, and no pane is left zoomed behind it.
#[test]
fn a_zoom_in_an_overlay_ends_with_it() {
    for (open, close) in [
        ('?', KeyCode::Esc),
        ('g', KeyCode::Esc),
        ('g', KeyCode::Enter),
    ] {
        let mut a = app("https://paypa1.com/signin", 120, 40);
        press(&mut a, KeyCode::Char(open));
        press(&mut a, KeyCode::Char('z'));
        assert!(a.overlay_zoom && !a.zoom, "{open}");
        press(&mut a, close);
        assert!(!a.overlay.is_open() && !a.overlay_zoom && !a.zoom, "{open}");
        let s = screen(&a, 120, 40);
        assert!(s.contains("Corrected URL"), "{open} {close:?}: {s}");
    }
    // A pane zoomed before the help opened stays zoomed after it closes.
    let mut a = app("https://paypa1.com/signin", 120, 40);
    press(&mut a, KeyCode::Char('z'));
    press(&mut a, KeyCode::Char('?'));
    press(&mut a, KeyCode::Esc);
    assert!(a.zoom && !a.overlay.is_open());
}

/// A list of hundreds of components in the 80-column pane keeps its
/// name and count whole in its title; how many are above gives way.
#[test]
fn a_long_list_keeps_its_count_in_a_narrow_title() {
    let url = format!("https://example.com/?{}", "k=v&".repeat(150));
    let mut a = app(&url, 80, 24);
    press(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    assert!(s.contains("┌ ▶ Components 303/303 ↑ ─"), "{s}");
    let s = screen(&app(&url, 120, 40), 120, 40);
    assert!(s.contains("Components 3/303"), "{s}");
}

/// The bar offers only keys that would do something: `u` once there is
/// an edit to undo, `←→ open` where the URL carries something, `E` and
/// Enter where there is a component.
#[test]
fn the_bar_offers_only_keys_that_do_something() {
    let bar = |a: &crate::tui::app::App| {
        let s = screen(a, 120, 40);
        s.lines().last().unwrap_or_default().to_string()
    };
    let mut a = app("https://paypa1.com/signin", 120, 40);
    press(&mut a, KeyCode::Char('C'));
    assert!(
        !bar(&a).contains("u undo") && !bar(&a).contains("open"),
        "{}",
        bar(&a)
    );
    press(&mut a, KeyCode::Char('e'));
    press(&mut a, KeyCode::Char('x'));
    press(&mut a, KeyCode::Enter);
    a.status.clear();
    assert!(bar(&a).contains("u undo"), "{}", bar(&a));
    let a = app(
        "https://example.com/?next=https%3A%2F%2Fx.example%2F",
        120,
        40,
    );
    assert!(bar(&a).contains("←→ open"), "{}", bar(&a));
    let a = app("", 120, 40);
    assert!(
        !bar(&a).contains("E fix") && !bar(&a).contains("Enter"),
        "{}",
        bar(&a)
    );
}

/// A key with nothing to act on says so: Enter on an empty warning list
/// jumps nowhere, `d` with no component keeps the pane as it was.
#[test]
fn keys_with_nothing_to_act_on_say_so() {
    let mut a = app("https://example.com/a", 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Enter);
    let s = screen(&a, 80, 24);
    assert!(s.contains("no warning to jump to"), "{s}");
    assert!(!s.contains("jumped"), "{s}");
    let mut a = app("", 80, 24);
    let before = screen(&a, 80, 24);
    press(&mut a, KeyCode::Char('d'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("no component to encode"), "{s}");
    let body = |s: &str| s.lines().take(20).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&s), body(&before));
}

/// A key no binding holds says so, naming the key and the pane; `←` on a
/// row that carries nothing, or nothing open, says why it did nothing.
#[test]
fn keys_that_do_nothing_say_so() {
    let mut a = app("https://example.com/a", 80, 24);
    press(&mut a, KeyCode::Char('x'));
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("x does nothing in the components pane: ? lists the keys"),
        "{s}"
    );
    press(&mut a, KeyCode::Left);
    let s = screen(&a, 80, 24);
    assert!(s.contains("nothing is carried here"), "{s}");
    // A key that is no printable ASCII is not echoed.
    press(&mut a, KeyCode::Char('\u{202e}'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("that key does nothing"), "{s}");
    let mut a = app("https://x.example/?next=https%3A%2F%2Fy.example%2F", 80, 24);
    for _ in 0..8 {
        if a.analysis.components[a.selected].kind == ComponentKind::QueryValue {
            break;
        }
        press(&mut a, KeyCode::Down);
    }
    assert_eq!(
        a.analysis.components[a.selected].kind,
        ComponentKind::QueryValue
    );
    // Closed if it opened on its own, then nothing is open.
    press(&mut a, KeyCode::Left);
    if !screen(&a, 80, 24).contains("nothing open here") {
        press(&mut a, KeyCode::Left);
    }
    let s = screen(&a, 80, 24);
    assert!(s.contains("nothing open here: → opens"), "{s}");
}

/// A warning placed in two components names both where the list marks
/// them (`shared-hosting` on the host and on the path's sign-in word),
/// and a long host keeps its domain whole at 120 columns.
#[test]
fn a_warning_in_two_components_names_both() {
    let url = "https://zimbraupgradeusser.000webhostapp.com/webmail/";
    let a = app(url, 80, 24);
    let s = screen(&a, 80, 24);
    assert!(s.contains("shared-hosting [1,2] 'zimbra"), "{s}");
    assert!(s.contains("│ ● path   webmail"), "{s}");
    let s = screen(&app(url, 120, 40), 120, 40);
    assert!(s.contains("host   zimbra…000webhostapp.com"), "{s}");
}

/// Esc leaves an edit with the panes where they stood when it began,
/// though what was typed in between (an empty buffer, a URL of fewer
/// components) moved the selections.
#[test]
fn a_cancelled_edit_gives_back_the_selections() {
    let example = crate::gallery::default_example();
    let mut a = app(example.url, 80, 24);
    press(&mut a, KeyCode::Char('G'));
    let last = a.analysis.components.len() - 1;
    assert_eq!(a.selected, last);
    press(&mut a, KeyCode::Tab);
    let (focus, warning, byte) = (a.focus, a.warning, a.byte_cursor);
    for keys in ["e", "E"] {
        for key in keys.chars() {
            press(&mut a, KeyCode::Char(key));
        }
        for _ in 0..40 {
            press(&mut a, KeyCode::Backspace);
        }
        for key in "http://a/".chars() {
            press(&mut a, KeyCode::Char(key));
        }
        press(&mut a, KeyCode::Esc);
        assert_eq!(a.status, "edit cancelled");
        assert_eq!(a.selected, last, "{keys}");
        assert_eq!((a.focus, a.warning, a.byte_cursor), (focus, warning, byte));
    }
}
