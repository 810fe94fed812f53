//! What the URL carries, on screen: the tree under the components, a
//! carried value's facts over its bytes, the line saying where it leads,
//! lifted warnings, and `--base`.

use super::{app, press, screen};
use crate::tui::app::{App, Pane};
use crate::tui::tree::Row;
use crossterm::event::KeyCode;
use ratatui::layout::Rect;

const METADATA: &str =
    "https://victim.example/login?next=https%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data%2F";

/// A JWT whose `redirect` claim is a URL to the machine itself, with a
/// traversal in its path.
fn jwt_url() -> String {
    use base64::Engine;
    let b64 = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
    format!(
        "https://app.example/cb?token={}.{}.{}",
        b64(r#"{"alg":"HS256","typ":"JWT"}"#),
        b64(r#"{"sub":"42","redirect":"http://127.0.0.1:8080/admin/../../etc/passwd"}"#),
        b64("signature")
    )
}

fn at(a: &mut App, w: u16, h: u16) {
    a.set_size(Rect::new(0, 0, w, h));
}

#[test]
fn a_carried_url_to_the_metadata_endpoint_opens_as_a_tree() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(METADATA, w, h);
        at(&mut a, w, h);
        let s = screen(&a, w, h);
        // Open by default: it carries a high warning.
        assert!(s.contains("▶▲▾value"), "{s}");
        assert!(s.contains("▲ ▾url    https://169.25"), "{s}");
        // An address is cut at its end, never in its middle.
        assert!(s.contains("host   169.254.169.2"), "{s}");
        // Where it leads, without scrolling, under the URL.
        let leads = s
            .lines()
            .find(|l| l.contains("leads to"))
            .unwrap_or_default();
        assert!(
            leads.starts_with(
                "└ leads to victim.example (documentation) · 169.254.169.254 (cloud meta"
            ),
            "{s}"
        );
        insta::assert_snapshot!(format!("metadata_{w}x{h}"), s);
        // The carried URL: its facts over the bytes that encode it.
        press(&mut a, KeyCode::Down);
        assert_eq!(a.carried, Some(Row::Value { node: vec![0] }));
        let s = screen(&a, w, h);
        assert!(
            s.contains("url      https://169.254.169.254/latest/meta-data/"),
            "{s}"
        );
        assert!(
            s.contains("leads to 169.254.169.254 (cloud metadata"),
            "{s}"
        );
        // At 80 columns the title gives up the layer and the bytes, not the
        // view and its key.
        let title = if w == 80 {
            "[4] query value 'next' → url · view: hex (v)"
        } else {
            "[4] query value 'next' → url · layer 1 · bytes 34-87"
        };
        assert!(s.contains(title), "{s}");
        insta::assert_snapshot!(format!("metadata_value_{w}x{h}"), s);
        // Its host, from its own analysis.
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        let s = screen(&a, w, h);
        let title = if w == 80 {
            "[1] host of the carried URL · view: hex (v)"
        } else {
            "[1] host of the carried URL · bytes 8-23"
        };
        assert!(s.contains(title), "{s}");
        assert!(s.contains("DIGIT ONE"), "{s}");
    }
}

#[test]
fn right_and_left_open_and_close_rows() {
    let mut a = app(METADATA, 120, 40);
    assert_eq!(a.component_rows(), 5 + 6);
    // ← on the component closes it; → opens it again and then steps in.
    press(&mut a, KeyCode::Left);
    assert_eq!(a.component_rows(), 5);
    assert!(screen(&a, 120, 40).contains("▶▲▸value"));
    press(&mut a, KeyCode::Right);
    assert_eq!(a.component_rows(), 11);
    press(&mut a, KeyCode::Right);
    assert_eq!(a.carried, Some(Row::Value { node: vec![0] }));
    // Space closes the carried URL; ← then goes up to its component.
    press(&mut a, KeyCode::Char(' '));
    assert_eq!(a.component_rows(), 6);
    press(&mut a, KeyCode::Left);
    assert_eq!((a.selected, a.carried.clone()), (4, None));
    // A row with nothing under it says so.
    a.select_component(0);
    press(&mut a, KeyCode::Right);
    assert_eq!(a.status, "nothing is carried here");
    // `E` fixes the URL's own components only.
    a.select_row(5);
    press(&mut a, KeyCode::Char('E'));
    assert!(a.editor.is_none() && a.status.contains("fixes the URL's own component"));
}

/// A carried URL opened under the last of many values shows with it at
/// 80x24: the list scrolled only to the value, and the tree under it was
/// off screen.
#[test]
fn a_tree_opened_under_the_last_value_is_in_view() {
    let query: String = (1..=14).map(|i| format!("k{i}={i}&")).collect();
    let url =
        format!("https://shop.example.com/p?{query}redirect=https%3A%2F%2Fevil.example.org%2F");
    let a = app(&url, 80, 24);
    let s = screen(&a, 80, 24);
    assert!(s.contains("▾value  https%3A%2F"), "{s}");
    assert!(s.contains(" ▾url    https://evil.e"), "{s}");
    assert!(s.contains("     host   evil.ex"), "{s}");
}

#[test]
fn a_harmless_carried_url_stays_closed() {
    let a = app(
        "https://example.com/?u=https%3A%2F%2Fexample.com%2Fa",
        80,
        24,
    );
    let s = screen(&a, 80, 24);
    assert!(s.contains(" ▸value  https%3A%2F"), "{s}");
    assert_eq!(a.component_rows(), a.analysis.components.len());
}

#[test]
fn a_jwt_shows_its_header_payload_and_claims() {
    let url = jwt_url();
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(&url, w, h);
        at(&mut a, w, h);
        press(&mut a, KeyCode::Down);
        assert_eq!(a.carried, Some(Row::Value { node: vec![0] }));
        // Zoomed, every fact shows whole.
        press(&mut a, KeyCode::Tab);
        press(&mut a, KeyCode::Char('z'));
        let s = screen(&a, w, h);
        assert!(s.contains(r#"header   {"alg":"HS256","typ":"JWT"}"#), "{s}");
        assert!(
            s.contains(r#"payload  {"sub":"42","redirect":"http://127.0.0.1:8080"#),
            "{s}"
        );
        assert!(
            s.contains("claim    redirect = http://127.0.0.1:8080/admin/../../etc/passwd"),
            "{s}"
        );
        insta::assert_snapshot!(format!("jwt_zoomed_{w}x{h}"), s);
        press(&mut a, KeyCode::Esc);
        press(&mut a, KeyCode::BackTab);
        // The URL in the claim: where it leads.
        press(&mut a, KeyCode::Down);
        let s = screen(&a, w, h);
        assert!(s.contains("leads to 127.0.0.1 (loopback)"), "{s}");
        if w == 80 {
            // The way in is cut, the view and its key are not.
            assert!(
                s.contains("[4] query value 'token' → jw… · view: hex (v) ─"),
                "{s}"
            );
        }
        insta::assert_snapshot!(format!("jwt_claim_url_{w}x{h}"), s);
    }
}

#[test]
fn a_lifted_warning_jumps_to_the_bytes_that_encode_it_and_says_its_via() {
    let url = jwt_url();
    let mut a = app(&url, 120, 40);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    assert_eq!(a.focus, Pane::Warnings);
    let i = a
        .analysis
        .warnings
        .iter()
        .position(|w| w.component.is_none() && w.via.is_some())
        .expect("a lifted warning");
    for _ in 0..i {
        press(&mut a, KeyCode::Down);
    }
    let w = a.analysis.warnings[i].clone();
    assert_eq!(Some(a.selected), a.analysis.component_at(w.span.start));
    let s = screen(&a, 120, 40);
    assert!(
        s.contains("[4]↳  via query value 'token' → jwt claim \"redirect\""),
        "{s}"
    );
    assert!(
        s.contains("path-traversal: via query value 'token' → jwt"),
        "{s}"
    );
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.focus, Pane::Bytes);
    assert_eq!(a.highlighted_spans(), w.spans.as_slice());
    let row = a
        .analysis
        .byte_rows(a.selected)
        .into_iter()
        .find(|r| r.offset == a.byte_cursor)
        .expect("the cursor's row");
    assert!(row.span.overlaps(w.spans[0]), "the cursor is on its bytes");
}

#[test]
fn l_lists_every_destination_the_worst_first() {
    let url = format!("{}&u=//evil.example/x", jwt_url());
    let mut a = app(&url, 80, 24);
    let s = screen(&a, 80, 24);
    assert!(s.contains("· +1 more (L)"), "{s}");
    press(&mut a, KeyCode::Char('L'));
    assert!(a.detail.kind() == Some(crate::tui::app::DetailKind::Leads) && a.focus == Pane::Bytes);
    let s = screen(&a, 80, 24);
    assert!(s.contains("Where it leads"), "{s}");
    let loopback = s.find("▲ 127.0.0.1 (loopback)").expect("the worst");
    press(&mut a, KeyCode::End);
    let s2 = screen(&a, 80, 24);
    assert!(s2.contains("evil.example (documentation)"), "{s2}");
    assert!(loopback > 0);
    insta::assert_snapshot!("leads_80x24", s);
    press(&mut a, KeyCode::Esc);
    assert!(a.detail.kind().is_none() && a.running);
}

#[test]
fn base_shows_base_reference_and_target() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = App::with_base(
            b"http://good.example/a/".to_vec(),
            b"\\evil.example/x".to_vec(),
            urlscope_core::Options::default(),
            true,
        );
        at(&mut a, w, h);
        assert_eq!(a.analysis.input, b"http://good.example/a/\\evil.example/x");
        let s = screen(&a, w, h);
        assert!(s.contains("Target URL · 37 bytes"), "{s}");
        assert!(
            s.contains(
                "base http://good.example/a/ + ref \\evil.example/x = target (RFC 3986 §5.2)"
            ),
            "{s}"
        );
        assert!(
            s.contains("≠ WHATWG http://good.example/evil.example/x: WHATWG reads '\\' as '/'"),
            "{s}"
        );
        assert!(
            a.analysis.warnings.iter().any(|w| w
                .message
                .starts_with("RFC 3986 resolves '\\evil.example/x'")),
            "the resolution's warning, as explain gives it"
        );
        insta::assert_snapshot!(format!("base_{w}x{h}"), s);
    }
    // The same resolution both ways: one line, no warning.
    let a = App::with_base(
        b"http://a/b/c/d;p?q".to_vec(),
        b"../g".to_vec(),
        urlscope_core::Options::default(),
        true,
    );
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("base http://a/b/c/d;p?q + ref ../g = target"),
        "{s}"
    );
    assert!(!s.contains("WHATWG"), "{s}");
    assert!(s.contains("http://a/b/g"), "{s}");
}

/// Controls inside carried values (a URL, a JWT's claims) never reach a
/// cell, whatever is open.
#[test]
fn hostile_carried_values_stay_escaped() {
    use base64::Engine;
    let b64 = |s: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s);
    let token = format!(
        "{}.{}.c2ln",
        b64("{\"alg\":\"\u{1b}]0;x\u{7}\"}"),
        b64("{\"u\":\"http://127.0.0.1/\u{1b}[2J\u{202e}\",\"\u{1b}k\":\"\u{9b}31m\"}")
    );
    let url = format!(
        "http://x.example/?next=https%3A%2F%2Fex%1B%5D0%3Bx%07.com%2F%E2%80%AE&t={token}&h=68747470733a2f2f31302e302e302e312f1b5b324a"
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(&url, w, h);
        at(&mut a, w, h);
        let rows = a.component_rows();
        for _ in 0..rows {
            press(&mut a, KeyCode::Right);
            screen(&a, w, h);
            press(&mut a, KeyCode::Down);
            screen(&a, w, h);
        }
        press(&mut a, KeyCode::Char('L'));
        press(&mut a, KeyCode::Char('z'));
        screen(&a, w, h);
        press(&mut a, KeyCode::End);
        screen(&a, w, h);
    }
}

/// A carried URL with more components than the tree lists at first: the
/// last row says how many more, and `→` on it lists them.
#[test]
fn more_components_of_a_carried_url_are_listed_on_demand() {
    let url = format!(
        "https://v.example/?next=http%3A%2F%2F127.0.0.1{}",
        "%2Fa".repeat(400)
    );
    let mut a = app(&url, 80, 24);
    press(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    assert!(s.contains("146 more comp"), "{s}");
    assert!(matches!(a.carried, Some(Row::More { hidden: 146, .. })));
    let before = a.component_row();
    press(&mut a, KeyCode::Right);
    assert_eq!(a.component_row(), before);
    assert!(matches!(a.carried, Some(Row::Component { index: 256, .. })));
    press(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    assert!(!s.contains("more comp"), "{s}");
}

/// Keys in a pseudo-random order over URLs that carry values, at both
/// sizes: nothing panics and every frame stays free of raw controls.
#[test]
fn random_keys_over_carried_values_never_panic() {
    let keys = [
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Char(' '),
        KeyCode::Char('L'),
        KeyCode::Char('z'),
        KeyCode::Char('d'),
        KeyCode::Char('r'),
        KeyCode::Char('v'),
        KeyCode::Char('y'),
        KeyCode::Char('E'),
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::End,
        KeyCode::Home,
        KeyCode::PageDown,
    ];
    let urls = [
        METADATA.to_string(),
        jwt_url(),
        "https://x.example/?u=https%3A%2F%2Fy.example%2F%3Fv%3Dhttps%253A%252F%252F127.0.0.1%252F&b=aHR0cDovLzEwLjAuMC4xLw".to_string(),
        "https://s.example/r/https://evil.example/x#//127.0.0.1".to_string(),
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for url in &urls {
        for (w, h) in [(80, 24), (120, 40)] {
            let mut a = app(url, w, h);
            at(&mut a, w, h);
            for _ in 0..300 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let k = keys[(seed >> 33) as usize % keys.len()];
                press(&mut a, k);
                if a.editor.is_some() {
                    press(&mut a, KeyCode::Esc);
                }
                screen(&a, w, h);
            }
        }
    }
}

/// A data: page whose script sends its visitor to another site: its body
/// hangs under the path segment that holds it, with the link it carries,
/// and where it leads is on the URL pane's lower border.
#[test]
fn a_data_url_shows_its_body_and_where_it_leads() {
    let url = "data:text/html;base64,PHNjcmlwdD5sb2NhdGlvbj0iaHR0cHM6Ly9ldmlsLmV4YW1wbGUvIjwvc2NyaXB0Pg==";
    let (w, h) = (80, 24);
    let mut a = app(url, w, h);
    at(&mut a, w, h);
    let s = screen(&a, w, h);
    assert!(
        s.contains("└ leads to a 'data:' URL (runs script) · evil.example"),
        "{s}"
    );
    // Open by default: the link it carries has a medium warning.
    assert!(s.contains("│ ● ▾data   <script>locati…"), "{s}");
    assert!(s.contains("│ ●  ▾url    https://evil.…"), "{s}");
    for _ in 0..3 {
        press(&mut a, KeyCode::Down);
    }
    assert_eq!(a.carried, Some(Row::Value { node: vec![0] }));
    let s = screen(&a, w, h);
    assert!(
        s.contains("[2] data: URL body (text/htm… · view: hex (v) ─"),
        "{s}"
    );
    assert!(
        s.contains(r#"decoded  <script>location="https://evil.example/"…"#),
        "{s}"
    );
    assert!(s.contains("leads to evil.example (documentation)"), "{s}");
    insta::assert_snapshot!("data_body_80x24", s);
}

/// A base64 payload's bytes are its decoded bytes, each with the two
/// digits whose bits make it; the cursor walks the payload, and the bits
/// under the table say how the digits make the byte.
#[test]
fn a_base64_payload_shows_each_byte_with_its_digits() {
    let url = "https://example.com/r?next=aHR0cHM6Ly9ldmlsLmV4YW1wbGUubmV0L2xvZ2lu";
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app(url, w, h);
        at(&mut a, w, h);
        press(&mut a, KeyCode::Down);
        assert_eq!(a.carried, Some(Row::Value { node: vec![0] }));
        let s = screen(&a, w, h);
        assert!(s.contains("aH   "), "{s}");
        assert!(s.contains("U+0068  h  LATIN SMALL LETTER H"), "{s}");
        if w == 120 {
            assert!(s.contains("aH      68  011010|00  ascii U+0068"), "{s}");
            assert!(s.contains("HR      74  0111|0100"), "{s}");
        }
        // The cursor walks the 30 decoded bytes, not the 40 digits.
        press(&mut a, KeyCode::Tab);
        for _ in 0..50 {
            press(&mut a, KeyCode::Down);
        }
        assert_eq!(a.byte_cursor, 29);
        press(&mut a, KeyCode::Char('z'));
        let s = screen(&a, w, h);
        assert!(s.contains("lu "), "{s}");
        assert!(
            s.contains("digits   'l' is 37 (100101) and 'u' is 46"),
            "{s}"
        );
        assert!(s.contains("U+006E n LATIN SMALL LETTER N"), "{s}");
    }
}

/// The inspector at 80x24 on a Proofpoint v3 link, its target's row
/// selected (the link's segment opened, then the row under it).
fn on_wrapped_target() -> App {
    let mut a = app(
        "https://urldefense.com/v3/__https://evil.example.com/login__;!!ABC!xyz$",
        80,
        24,
    );
    press(&mut a, KeyCode::Right);
    press(&mut a, KeyCode::Right);
    a
}

/// A Proofpoint v3 link writes its target over several path segments and
/// the `/` between them: the target's row shows the target's own bytes,
/// from its first, not the segment it starts in (`__https:`).
#[test]
fn a_value_across_components_shows_its_own_bytes() {
    let mut a = on_wrapped_target();
    let shown = a.shown();
    assert!(shown.span_table().is_some(), "on the wrapped target");
    assert_eq!(
        shown.table_bytes().as_ref(),
        b"https://evil.example.com/login"
    );
    assert_eq!(a.byte_cursor, 0);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Char('z'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("SOLIDUS"), "{s}");
    assert!(!s.contains("LOW LINE"), "{s}");
    assert!(s.contains("↓20 below"), "{s}");
    // To its last byte.
    press(&mut a, KeyCode::End);
    let s = screen(&a, 80, 24);
    assert!(s.contains("LATIN SMALL LETTER N"), "{s}");
    assert!(!s.contains("SEMICOLON"), "{s}");
}

/// `d` on a carried value encodes the value's own text (the wrapped
/// link's target), not the component it was found in.
#[test]
fn the_encoders_of_a_carried_value_encode_its_text() {
    let mut a = on_wrapped_target();
    press(&mut a, KeyCode::Char('d'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("https%3A%2F%2Fevil.example.c"), "{s}");
    // The component's text, `__https:`, would encode as `__https%3A`.
    assert!(!s.contains("__https%3A"), "{s}");
}
