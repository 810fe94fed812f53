//! The URL pane: the URL, and under it where the URL leads.

use super::{app, screen};
use urlscope_core::describe::place;

/// The URL pane's rows, its lower border last.
fn url_pane(s: &str) -> Vec<&str> {
    let mut rows = Vec::new();
    for line in s.lines() {
        rows.push(line);
        if line.starts_with('└') {
            break;
        }
    }
    rows
}

/// The pane's text read as one: its rows' insides and its lower border's
/// title, words joined by single spaces.
fn pane_text(rows: &[&str]) -> String {
    rows.iter()
        .skip(1)
        .map(|r| r.trim_matches(|c| "│└┘─ ".contains(c)))
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

const LONG_LEADS: [&str; 4] = [
    r"//evil.com\@good.com/",
    "https://shop.example/?next=http://169.254.169.254/latest/meta-data/&back=https://paypa1.com/x",
    "https://paypa1.com/signin",
    "https://www.google.com/url?q=https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.paypal.com.secure-login.example.net%2Fsignin&data=x",
];

/// At 120 columns the line under the URL is read whole, wrapped between
/// words inside the pane when the lower border cannot hold it: it was cut
/// there (`…read '\' as '/', bu…`, `via query value '… · +1 more (L)`).
#[test]
fn where_it_leads_is_whole_at_120_columns() {
    for url in LONG_LEADS {
        let a = app(url, 120, 40);
        let s = screen(&a, 120, 40);
        let rows = url_pane(&s);
        let text = pane_text(&rows);
        let d = &a.analysis.destinations;
        // Where a chain of wrappers ends is where it leads.
        let first = d
            .iter()
            .rev()
            .find(|x| x.through.is_some() && d[0].wrapper.is_some())
            .unwrap_or(&d[0]);
        let whole = format!("leads to {}", place(first));
        let whole = whole.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&whole), "{whole}\n{s}");
        assert!(!text.contains('…'), "{s}");
        assert!(rows.iter().all(|r| r.chars().count() == 120), "{s}");
    }
}

/// At 80x24, where the pane has no row to spare, the line is cut with
/// `…` and ends with `(L)`, the key that shows it whole, even when the URL
/// carries no other URL; where a row is free it is whole.
#[test]
fn where_it_leads_at_80_columns_is_whole_or_says_l() {
    for url in LONG_LEADS {
        let a = app(url, 80, 24);
        let s = screen(&a, 80, 24);
        let rows = url_pane(&s);
        let border = rows.last().copied().unwrap_or_default();
        if border.contains('…') {
            assert!(border.ends_with("(L) ──┘"), "{s}");
        } else {
            let text = pane_text(&rows);
            let whole = format!("leads to {}", place(&a.analysis.destinations[0]));
            assert!(text.contains(&whole), "{whole}\n{s}");
        }
    }
    // The row the URL leaves free takes the line's start, the border the
    // rest, cut.
    let a = app(r"//evil.com\@good.com/", 80, 24);
    let s = screen(&a, 80, 24);
    assert_eq!(
        url_pane(&s)[2..],
        [
            "│leads to evil.com (public; what a browser opens), once read against an http(s)│",
            "└ page: browsers read '\\' as '/', but RFC 3986 parsers such as Python's… (L) ──┘",
        ],
        "{s}"
    );
    // A host too long for the border loses its first labels, not the
    // registrable domain that owns it.
    let url = "https://login-microsoftonline-com-secure-account-verification-portal.example-phish.net/common/oauth2?x=1";
    let a = app(url, 80, 24);
    let s = screen(&a, 80, 24);
    let rows = url_pane(&s);
    assert!(
        rows.last()
            .is_some_and(|b| b
                .starts_with("└ leads to ….example-phish.net (public), imitates microsoft.com")),
        "{s}"
    );
    let a = app("https://paypa1.com/signin", 80, 24);
    let s = screen(&a, 80, 24);
    let rows = url_pane(&s);
    assert_eq!(
        rows,
        [
            "┌ URL · 25 bytes ──────────────────────────────────────────────────────────────┐",
            "│https://paypa1.com/signin                                                     │",
            "│leads to paypa1.com (public), imitates paypal.com (PayPal): 'l' written as '1'│",
            "└──────────────────────────────────────────────────────────────────────────────┘",
        ]
    );
}

/// A long URL edited at its end: the window before the cursor fills the
/// pane's rows (it showed `…%20ba%20b&next=https://paypa1.com/` on one
/// row of two, the other empty); so does a long URL whose last component
/// is selected.
#[test]
fn a_long_url_near_its_end_fills_the_pane() {
    let url = format!(
        "https://example.com/search?q={}&next=https://paypa1.com/",
        "a%20b".repeat(600)
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(&url, w, h);
        super::press(&mut a, crossterm::event::KeyCode::Char('e'));
        super::press(&mut a, crossterm::event::KeyCode::End);
        let s = screen(&a, w, h);
        let rows = url_pane(&s);
        let inner: Vec<&str> = rows[1..rows.len() - 1].to_vec();
        assert!(inner[0].starts_with("│…"), "{s}");
        // Every row is full but the last, which ends the URL (a row
        // may end short of an escape that does not fit it).
        for r in &inner[..inner.len() - 1] {
            assert!(!r.contains("   │"), "{s}");
        }
        assert!(
            inner[inner.len() - 1].contains("&next=https://paypa1.com/"),
            "{s}"
        );
    }
    let mut a = app(&url, 80, 24);
    super::press(&mut a, crossterm::event::KeyCode::End);
    let s = screen(&a, 80, 24);
    let rows = url_pane(&s);
    assert!(
        rows[1].starts_with("│…") && !rows[1].ends_with("   │"),
        "{s}"
    );
    assert!(rows[2].contains("&next=https://paypa1.com/"), "{s}");
}

/// A URL longer than a row breaks between pieces, never inside an escape:
/// at 80x24 the Safe Links URL broke `%2F` into `%2` and `F`, and a run of
/// ESC bytes `\x1b` into `\` and `x1b`. The edit cursor stays on its byte.
#[test]
fn a_url_wraps_between_escapes_never_inside_one() {
    let cases = [
        "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2Fsignin&data=x",
        "https://x.com/\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}\u{1b}x",
    ];
    for url in cases {
        let a = app(url, 80, 24);
        let s = screen(&a, 80, 24);
        let rows = url_pane(&s);
        let inner: Vec<&str> = rows[1..rows.len() - 1]
            .iter()
            .map(|r| r.trim_matches('│').trim_end())
            .collect();
        for r in &inner {
            let bad_end = r.ends_with('%')
                || r.ends_with('\\')
                || r.len() >= 2 && r.as_bytes()[r.len() - 2] == b'%';
            assert!(!bad_end, "{r:?}\n{s}");
        }
        assert_eq!(
            inner.concat(),
            urlscope_core::text::escape_bytes(url.as_bytes()),
            "{s}"
        );
    }
    let a = app(cases[0], 80, 24);
    let s = screen(&a, 80, 24);
    assert!(
        s.contains(
            "│https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com  │"
        ),
        "{s}"
    );
    assert!(s.contains("│%2Fsignin&data=x "), "{s}");
    // The edit cursor after the break is on the '%' it moved.
    let mut a = app(cases[0], 80, 24);
    super::press(&mut a, crossterm::event::KeyCode::Char('e'));
    super::press(&mut a, crossterm::event::KeyCode::Home);
    for _ in 0..76 {
        super::press(&mut a, crossterm::event::KeyCode::Right);
    }
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("terminal");
    terminal
        .draw(|f| crate::tui::view::render(&a, f))
        .expect("draw");
    let at = terminal.get_cursor_position().expect("cursor");
    assert_eq!((at.x, at.y), (1, 2), "the cursor on '%2Fsignin'");
}

/// A URL pasted defanged is inspected as the URL it stands for, and the
/// pane shows the text as pasted above it: it showed only
/// `https://evil.example.com/login` under `URL · 30 bytes`, not what was
/// pasted.
#[test]
fn a_url_pasted_defanged_shows_what_was_pasted() {
    for (w, h) in [(80, 24), (120, 40)] {
        let a = app("hxxps://evil[.]example[.]com/login", w, h);
        let s = screen(&a, w, h);
        let rows = url_pane(&s);
        assert!(
            rows[1].starts_with("│pasted hxxps://evil[.]example[.]com/login "),
            "{s}"
        );
        assert!(
            rows[2].starts_with("│https://evil.example.com/login "),
            "{s}"
        );
        assert!(
            rows.last()
                .is_some_and(|r| r.contains("leads to evil.example.com")),
            "{s}"
        );
        // Its corrected URL is live again, never "already clean".
        assert!(s.contains("Corrected URL · re-fanged: a live link"), "{s}");
        // Not for a URL pasted as it is.
        let a = app("https://evil.example.com/login", w, h);
        let s = screen(&a, w, h);
        assert!(!s.contains("pasted") && !s.contains("re-fanged"), "{s}");
    }
}

/// Zoomed at 80 columns, the host's facts, its raw and its decoded text
/// are whole: what the host imitates is a sentence longer than the pane,
/// and the zoom is where the pane promises the rest (the normal layout
/// cuts each with `…`).
#[test]
fn a_zoomed_host_shows_what_it_imitates_whole() {
    let url =
        "https://login.microsoftonline.com.secure-account-verification.example-hosting.net/common";
    let mut a = app(url, 80, 24);
    super::press(&mut a, crossterm::event::KeyCode::Tab);
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("│         imitates microsoft.com (Microsoft): its …│"),
        "{s}"
    );
    super::press(&mut a, crossterm::event::KeyCode::Char('z'));
    let s = screen(&a, 80, 24);
    let text = pane_text(&s.lines().collect::<Vec<_>>());
    for whole in [
        "imitates microsoft.com (Microsoft): its name 'microsoftonline.com' in the host of 'example-hosting.net'",
        "raw login.microsoftonline.com.secure-account-verification.example-hosting .net",
        "decoded login.microsoftonline.com.secure-account-verification.example-hosting .net",
    ] {
        assert!(text.contains(whole), "{whole:?} not in\n{s}");
    }
    assert!(!s.contains("…│"), "{s}");
    // The byte table still starts on the host's first byte.
    assert!(s.contains("│▶  l       6C  0|1101100"), "{s}");
}
