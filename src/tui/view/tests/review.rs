//! What a walk through the inspector at 80x24 found: marks that disagreed
//! with the warnings, scrolls left stale, text cut with no `…`, a popup
//! the panes showed through, an edit lost to Ctrl-C.

use super::{app, press, screen};
use crate::tui::app::Pane;
use crate::tui::tree;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use urlscope_core::warnings::Severity;

const BACKSLASH: &str = "http://evil.com\\@good.com/p?next=https%3A%2F%2Fpaypa1.com%2F";
const PROOFPOINT: &str =
    "https://urldefense.com/v3/__https://www.paypal.com.secure-login.example.net/login__;!!ABC!xyz$";

/// The component a warning is listed on (`[5]`, or `[5]↳` for one lifted
/// from a value the component carries), as the warning list places it.
fn listed_on(a: &urlscope_core::Analysis, w: &urlscope_core::warnings::Warning) -> Option<usize> {
    w.component
        .or_else(|| w.via.as_ref().and_then(|_| a.component_at(w.span.start)))
}

/// A component's mark is the worst of the warnings listed on it, those
/// lifted from what it carries included.
#[test]
fn a_components_mark_is_the_worst_warning_listed_on_it() {
    for url in [BACKSLASH, PROOFPOINT] {
        let a = app(url, 80, 24);
        let an = &a.analysis;
        assert!(
            an.warnings
                .iter()
                .any(|w| w.component.is_none() && w.via.is_some()),
            "a lifted warning in {url}"
        );
        for (i, _) in an.components.iter().enumerate() {
            let worst = an
                .warnings
                .iter()
                .filter(|w| listed_on(an, w) == Some(i))
                .map(|w| w.severity)
                .max();
            assert!(
                an.component_severity(i) >= worst,
                "[{i}] of {url}: mark {:?}, worst listed {worst:?}",
                an.component_severity(i)
            );
        }
    }
    // On screen: the value carrying the look-alike is marked high.
    let a = app(BACKSLASH, 80, 24);
    let s = screen(&a, 80, 24);
    assert!(s.contains("▲▾value") || s.contains("▲ ▾value"), "{s}");
    let a = app(PROOFPOINT, 80, 24);
    let s = screen(&a, 80, 24);
    assert!(
        s.lines()
            .any(|l| l.contains("path") && l.contains("www.paypal.com") && l.contains('▲')),
        "{s}"
    );
    assert_eq!(
        a.analysis.component_severity(a.analysis.components.len()),
        None
    );
}

/// A destination's mark in the `L` view and under the URL is the worst
/// warning on it: the look-alike host of the URL it carries is high, not
/// the medium of its open redirect, and it is listed as such.
#[test]
fn a_destinations_mark_is_the_worst_warning_on_it() {
    let mut a = app(BACKSLASH, 80, 24);
    let ranked = crate::tui::leads::ranked(&a.analysis);
    assert_eq!(ranked.first().map(|(_, s)| *s), Some(Some(Severity::High)));
    press(&mut a, KeyCode::Char('L'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("▲ paypa1.com (public)"), "{s}");
}

/// Zoomed, the warning list shows every warning when they all fit: none
/// stays scrolled off the top with empty rows below.
#[test]
fn zooming_the_warnings_brings_back_the_ones_scrolled_off() {
    let tour = crate::gallery::all()[0].url;
    let mut a = app(tour, 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::End);
    let n = a.analysis.warnings.len();
    assert_eq!(a.warning, n - 1);
    // Not zoomed, the list is cut at its top and says so.
    let s = screen(&a, 80, 24);
    if a.warning_scroll > 0 {
        assert!(s.contains(&format!("↑{} above", a.warning_scroll)), "{s}");
    }
    press(&mut a, KeyCode::Char('z'));
    assert_eq!(a.warning_scroll, 0);
    let s = screen(&a, 80, 24);
    for w in &a.analysis.warnings {
        assert!(s.contains(w.code.code()), "{} missing:\n{s}", w.code.code());
    }
    assert!(!s.contains("above"), "{s}");
}

/// Opening an example from the gallery starts it afresh: the warning
/// shown above the bytes is not the last URL's selection.
#[test]
fn an_example_opens_with_its_own_selections() {
    let mut a = app(BACKSLASH, 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Char('g'));
    press(&mut a, KeyCode::Enter);
    let fresh = app(crate::gallery::all()[0].url, 80, 24);
    assert_eq!(a.focus, Pane::Components);
    assert_eq!(a.selected, fresh.selected);
    assert_eq!(a.warning, fresh.warning);
    assert_eq!(a.warning_scroll, fresh.warning_scroll);
    assert_eq!(a.component_scroll, fresh.component_scroll);
    // The same screen, but for the status line (which names the example).
    let body = |s: String| s.lines().take(23).collect::<Vec<_>>().join("\n");
    assert_eq!(body(screen(&a, 80, 24)), body(screen(&fresh, 80, 24)));
}

/// The URL line cut at its end says so with `…`, as it does at its start.
#[test]
fn a_long_url_cut_at_its_end_ends_with_an_ellipsis() {
    let url = format!(
        "https://example.com/{}end?q=1#frag",
        "abcdefghij/".repeat(25)
    );
    let a = app(&url, 80, 24);
    let s = screen(&a, 80, 24);
    let lines: Vec<&str> = s.lines().collect();
    // The URL pane's two lines of text.
    assert!(
        lines[1].starts_with("│…") || lines[1].starts_with("│https"),
        "{s}"
    );
    assert!(lines[2].ends_with("…│"), "{s}");
}

/// The status line after a copy says what was copied first, so that 80
/// columns keep it.
#[test]
fn a_copy_says_what_was_copied_first() {
    let mut out = Vec::new();
    let status = crate::tui::copy(&mut out, &mut None, "the cleaned URL", "http://a.example/");
    // 'sent' where only OSC 52 took it (nothing confirms the terminal did).
    assert!(
        status.starts_with("copied the cleaned URL, 17 bytes: ")
            || status.starts_with("sent the cleaned URL, 17 bytes: "),
        "{status}"
    );
    let mut a = app("http://a.example/", 80, 24);
    a.status = status;
    let s = screen(&a, 80, 24);
    assert!(
        s.lines()
            .last()
            .unwrap_or("")
            .contains("the cleaned URL, 17 bytes"),
        "{s}"
    );
}

/// At 80 columns the status after a copy is said whole, where the copy
/// went too: it was cut at half the bar ('OSC 52, no s…'); the keys give
/// way to it, down to `? help`.
#[test]
fn a_copy_says_where_it_went_at_80_columns() {
    let status = crate::tui::copy(
        &mut Vec::new(),
        &mut None,
        "the defanged URL",
        "hxxps://paypa1[.]com/signin",
    );
    let mut a = app("https://paypa1.com/signin", 80, 24);
    a.status = status.clone();
    let s = screen(&a, 80, 24);
    let last = s.lines().last().unwrap_or("");
    assert!(last.starts_with(&format!("{status}  ")), "{status}\n{s}");
    assert!(last.trim_end().ends_with("? help"), "{s}");
}

/// Every copy's status is said whole at 80 columns, `? help` after it,
/// whichever clipboards took it, for a copy of up to 9999 bytes: after `y`
/// it read 'copied the component decoded (controls escaped), 12 bytes:
/// OSC 52, no…', where the copy went cut off.
#[test]
fn every_copy_says_what_and_where_whole_at_80_columns() {
    use crate::tui::app::Action;
    use crate::tui::{copy_status, Copied};
    // A URL of about 4 KB whose query value carries a URL: `y` on the
    // value and on what it carries.
    let long = format!(
        "https://example.com/{}?next=https%3A%2F%2F169.254.169.254%2F{}",
        "a".repeat(2000),
        "b".repeat(2000)
    );
    let mut copies = Vec::new();
    for (key, carried) in [
        ('c', false),
        ('n', false),
        ('D', false),
        ('y', false),
        ('y', true),
    ] {
        let mut a = app(&long, 80, 24);
        a.select_component(a.analysis.components.len() - 1);
        if carried {
            press(&mut a, KeyCode::Right);
            press(&mut a, KeyCode::Down);
            assert!(a.carried.is_some(), "on the carried URL");
        }
        match press(&mut a, KeyCode::Char(key)) {
            Action::Copy { what, .. } => copies.push((a, what)),
            other => panic!("{key}: {other:?}"),
        }
    }
    // A URL pasted defanged copies live, and says so.
    for key in ['c', 'n'] {
        let mut a = app("hxxps://evil[.]example/login", 80, 24);
        match press(&mut a, KeyCode::Char(key)) {
            Action::Copy { what, text, .. } => {
                assert!(what.starts_with("the live "), "{key}: {what}");
                assert_eq!(text, "https://evil.example/login");
                copies.push((a, what));
            }
            other => panic!("{key}: {other:?}"),
        }
    }
    // A component and a value whose decoded bytes hold a control or are
    // not UTF-8: `y` escapes them, and says so.
    for url in [
        "https://example.com/%E2%80%AEtxt.exe",
        "https://example.com/?x=%FF",
    ] {
        let mut a = app(url, 80, 24);
        a.select_component(a.analysis.components.len() - 1);
        match press(&mut a, KeyCode::Char('y')) {
            Action::Copy { what, .. } => {
                assert_eq!(what, "the component, escaped", "{url}");
                copies.push((a, what));
            }
            other => panic!("{url}: {other:?}"),
        }
    }
    for (mut a, what) in copies {
        let clipboards = [None, Some(Ok(()))];
        let tmuxes = [None, Some(Ok(())), Some(Err("no server".to_string()))];
        for (system, tmux) in clipboards
            .iter()
            .flat_map(|s| tmuxes.iter().map(move |t| (s.clone(), t.clone())))
        {
            let copied = Copied {
                osc: Ok(()),
                tmux,
                system,
            };
            let status = copy_status(what, 9999, copied);
            a.status = status.clone();
            let s = screen(&a, 80, 24);
            let last = s.lines().last().unwrap_or("");
            assert!(last.starts_with(&format!("{status}  ")), "{status}\n{s}");
            assert!(last.trim_end().ends_with("? help"), "{s}");
        }
    }
    // An error's own words come last: they are what is cut.
    let status = copy_status(
        "the component decoded",
        12,
        Copied {
            osc: Ok(()),
            tmux: None,
            system: Some(Err(
                "Unknown error while interacting with the clipboard".into()
            )),
        },
    );
    assert!(
        status
            .starts_with("sent the component decoded, 12 bytes: OSC 52 only (unconfirmed), not system clipboard: "),
        "{status}"
    );
    // By OSC 52 alone, nothing says the terminal took it.
    let status = copy_status(
        "the cleaned URL",
        25,
        Copied {
            osc: Ok(()),
            tmux: None,
            system: None,
        },
    );
    assert_eq!(
        status,
        "sent the cleaned URL, 25 bytes: OSC 52 only (unconfirmed)"
    );
}

/// Ctrl-C in the editor cancels the edit, as in a shell, instead of
/// quitting with what was typed lost.
#[test]
fn ctrl_c_in_the_editor_cancels_the_edit() {
    let mut a = app("http://example.com/", 80, 24);
    press(&mut a, KeyCode::Char('e'));
    for c in "abc".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    a.handle_key(ctrl_c);
    assert!(a.running, "still running");
    assert!(a.editor.is_none());
    assert_eq!(a.analysis.input, b"http://example.com/");
    assert!(a.status.contains("cancelled"), "{}", a.status);
    // Out of the editor, Ctrl-C quits.
    a.handle_key(ctrl_c);
    assert!(!a.running && a.interrupted);
}

/// Nothing of the panes behind shows beside the gallery.
#[test]
fn the_gallery_hides_the_panes_behind_it() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(BACKSLASH, w, h);
        press(&mut a, KeyCode::Char('g'));
        let s = screen(&a, w, h);
        let (r, _, _) = crate::tui::layout::gallery_areas(a.size, false);
        for line in s.lines().skip(usize::from(r.y)).take(usize::from(r.height)) {
            let outer: String = line
                .chars()
                .take(2)
                .chain(line.chars().skip(usize::from(w) - 2))
                .collect();
            assert_eq!(outer.trim(), "", "{s}");
        }
    }
}

/// A handout is named after the host the URL leads to (a browser opens
/// evil.com), not the host an RFC 3986 parser reads.
#[test]
fn a_handout_is_named_after_where_the_url_leads() {
    let a = app(BACKSLASH, 80, 24);
    assert_eq!(a.handout_host(), "evil.com");
    let a = app("https://example.com/x", 80, 24);
    assert_eq!(a.handout_host(), "example.com");
    let a = app("/relative/only", 80, 24);
    assert_eq!(a.handout_host(), "url");
}

/// With the warning list focused at 80x24, the message above the bytes
/// says what the warning found, not only its name: the layers give way.
#[test]
fn the_warning_above_the_bytes_keeps_its_words_at_80_columns() {
    let tour = crate::gallery::all()[0].url;
    let mut a = app(tour, 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    let w = &a.analysis.warnings[a.warning];
    assert_eq!(w.code.code(), "path-traversal");
    let s = screen(&a, 80, 24);
    assert!(s.contains("'%252e%252e%252f'"), "{s}");
}

/// A scrolled view's title says which lines show however narrow the
/// pane: the rest of the title is cut before it.
#[test]
fn a_scrolled_views_range_survives_a_narrow_title() {
    let tour = crate::gallery::all()[0].url;
    let mut a = app(tour, 80, 24);
    press(&mut a, KeyCode::Char('d'));
    let s = screen(&a, 80, 24);
    let title = s
        .lines()
        .find(|l| l.contains("every enc"))
        .unwrap_or_default();
    assert!(title.contains(" of ") && title.contains("(↑↓)"), "{s}");
}

/// The components list cut at its top counts the components above it, as
/// the `5/30` beside it counts components: the rows of a carried URL
/// opened under one count with it.
#[test]
fn the_count_above_the_components_is_of_components() {
    let url = format!(
        "https://a.example/?next={}&{}",
        "https://b.example/c/d/e/f/g/h?x=1",
        (0..30)
            .map(|i| format!("k{i}=v"))
            .collect::<Vec<_>>()
            .join("&")
    );
    let mut a = app(&url, 80, 24);
    let n = a.analysis.components.len();
    for _ in 0..n - 1 {
        press(&mut a, KeyCode::Down);
    }
    let first = a.component_scroll;
    let rows = a.component_rows();
    assert!(
        rows > n,
        "carried rows shown under 'next': {rows} rows, {n} components"
    );
    assert!(first > 0, "scrolled");
    let components_above = (0..first)
        .filter(|&r| matches!(a.tree.at(n, r), Some(tree::At::Component(_))))
        .count();
    assert!(components_above < first, "rows of the carried URL above");
    let s = screen(&a, 80, 24);
    let title = s
        .lines()
        .find(|l| l.contains("Components"))
        .unwrap_or_default();
    assert!(
        title.contains(&format!(
            "Components {}/{n} ↑{components_above} ",
            a.selected + 1
        )),
        "{title}\n{s}"
    );
}

/// The Corrected URL pane says, in its title at 80x24, when the
/// normalized URL leads elsewhere than a browser goes with the URL.
#[test]
fn the_corrected_pane_says_when_the_normalized_url_leads_elsewhere() {
    let a = app("http://evil.com\\@good.com/", 80, 24);
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("Corrected URL · normalized leads to good.com; a browser opens evil.com"),
        "{s}"
    );
    let a = app("https://example.com/%7Euser", 80, 24);
    assert!(!screen(&a, 80, 24).contains("normalized leads"));
}

/// A warning on several places marks each component they start in: a
/// brand's sign-in route copied onto another host names both of PayPal's
/// page keys, and both are marked.
#[test]
fn a_warning_on_two_components_marks_both() {
    let a = app(
        "https://evil.example/signin/?country.x=US&locale.x=en_US",
        80,
        24,
    );
    let s = screen(&a, 80, 24);
    for key in ["country.x", "locale.x"] {
        assert!(
            s.lines().any(|l| l.contains(key) && l.contains('●')),
            "{key}: {s}"
        );
    }
}
