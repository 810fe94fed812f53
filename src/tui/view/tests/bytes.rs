//! The bytes pane: layers, the byte table, the bits of a character, the
//! host's facts, and a 1 MB URL drawn from only what shows.

use super::{app, press, screen};
use crate::tui::app::Pane;
use crossterm::event::KeyCode;
use ratatui::layout::Rect;

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

/// At 80 columns the bytes pane's title lets the decoded count go, not
/// the view and its key; where the byte offsets would go too, the view is
/// named shorter (`hex (v)`) and they stay; and it keeps a `─` before the
/// corner, where it ran into it ('view: hex (v) ┐').
#[test]
fn a_narrow_title_still_says_the_view_and_its_key() {
    // The path segment's bytes, at `w` x `h`.
    let on_the_segment = |w, h| {
        let mut a = app("https://user@ex%41mple.com/%E2%82%AC?q=a+b#x", w, h);
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Tab);
        a
    };
    let mut a = on_the_segment(80, 24);
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("┐┌ ▶ [3] path segment · bytes 27-36 · hex (v) ──────┐"),
        "{s}"
    );
    press(&mut a, KeyCode::Char('v'));
    let s = screen(&a, 80, 24);
    assert!(s.contains("bytes 27-36 · binary (v)"), "{s}");
    // Wider, every view is shown and the title has room for all.
    let s = screen(&on_the_segment(120, 40), 120, 40);
    assert!(
        s.contains("[3] path segment · bytes 27-36 · 3 decoded bytes"),
        "{s}"
    );
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

/// A warning read on a short pane takes the decoding layers' lines; their
/// heading then says where they are, never heading nothing.
#[test]
fn layers_a_warning_displaces_are_announced_not_orphaned() {
    let mut a = app("http://example.com/files/%252e%252e%252fetc/passwd", 80, 24);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Tab);
    press(&mut a, KeyCode::Down);
    let s = screen(&a, 80, 24);
    let heading = s
        .lines()
        .find(|l| l.contains("decodings"))
        .unwrap_or_default();
    // At 80x24 the warning's lines leave no room for the layers.
    assert!(!s.contains("1: %2e%2e%2fetc"), "{s}");
    assert!(
        heading.contains("layers   2 decodings (z shows them)"),
        "{s}"
    );
    // In the bytes pane, the warning's words gone, every layer is listed
    // under its plain heading.
    press(&mut a, KeyCode::Enter);
    let s = screen(&a, 80, 24);
    assert!(s.contains("layers   2 decodings:"), "{s}");
    assert!(s.contains("1: %2e%2e%2fetc"), "{s}");
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
fn the_host_shows_its_registrable_domain_and_look_alikes() {
    let a = app("https://pаypal.com.evil.example/login", 120, 40);
    let mut a = a;
    a.select_component(1);
    let s = screen(&a, 120, 40);
    assert!(s.contains("registrable domain 'evil.example'"), "{s}");
    assert!(s.contains("IDNA 'xn--pypal-4ve.com.evil.example'"), "{s}");
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
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let areas = crate::tui::layout::Areas::compute(area, a.analysis.warnings.len(), None, 0);
    let x = usize::from(areas.map_or(0, |r| r.detail.x));
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

/// At 80x24 a character's name has the row's room before `from` and the
/// role do: 'LATIN SMALL LETTER E' was cut to 'LATIN SMALL LETTE…' behind
/// a `from` column of 7 for one letter. A name still too long is cut with
/// `…`, and a wide character in `from` (`日`) keeps the columns aligned.
#[test]
fn the_byte_table_names_each_character_whole_or_marks_the_cut() {
    let urls = [
        "http://exämple.com/",
        "http://example.com/caf%C3%A9",
        "http://example.com/%F0%9F%98%80日%E2%9C%93%ED%A0%80",
    ];
    for url in urls {
        for view in 0..2 {
            let mut a = app(url, 80, 24);
            a.select_component(a.analysis.components.len() - 1);
            press(&mut a, KeyCode::Tab);
            for _ in 0..view {
                press(&mut a, KeyCode::Char('v'));
            }
            let s = screen(&a, 80, 24);
            let rows = a.analysis.byte_rows_window(a.selected, 0, 6);
            for row in &rows {
                let name = as_drawn(&row.describe_char());
                let whole = s.contains(&format!("{name} ")) || s.contains(&format!("{name}│"));
                let cut = (8..name.chars().count()).any(|n| {
                    let head: String = name.chars().take(n).collect();
                    s.contains(&format!("{head}…│"))
                });
                assert!(whole || cut, "{name:?} neither whole nor cut with …\n{s}");
            }
            // The columns line up: each row's hex or binary starts where
            // the header's does.
            let header = s.lines().find(|l| l.contains(" from ")).unwrap_or("");
            let col = |l: &str, what: &str| l.find(what).map(|b| l[..b].chars().count());
            let head = if view == 0 { "hex" } else { "binary" };
            let at = col(header, head).expect("column head");
            for row in &rows {
                let cell = if view == 0 {
                    format!(" {:02X}  ", row.value)
                } else {
                    let (m, p) = urlscope_core::utf8::binary_parts(row.value, row.role);
                    format!(" {m}|{p}")
                };
                let line = s
                    .lines()
                    .find(|l| l.contains(&cell) && l.contains(&row.role.describe_marked()[..4]))
                    .unwrap_or("");
                let x = line.find(&cell).map(|b| line[..b].chars().count() + 1);
                assert_eq!(x, Some(at), "{url}: {cell:?} misaligned\n{s}");
            }
        }
    }
    let mut a = app("http://example.com/", 80, 24);
    a.select_component(1);
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("  e    65  ascii U+0065  e  LATIN SMALL LETTER E "),
        "{s}"
    );
}

/// `text` as [`screen`] draws it: a wide character is followed by the
/// blank of the cell it covers.
fn as_drawn(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        out.push(c);
        if unicode_width::UnicodeWidthChar::width(c) == Some(2) {
            out.push(' ');
        }
    }
    out
}

/// A byte written as an escaped character (`\u{200b}`, 8 columns) shows
/// its `from` whole when the row has room: it was cut to `\u{200…` at
/// 120 columns beside 60 blank ones.
#[test]
fn an_escaped_characters_from_is_whole_where_the_row_has_room() {
    let a = app("https://example.com/caf\u{e9}\u{200b}x", 120, 40);
    let s = screen(&a, 120, 40);
    assert!(s.contains("\\u{200b} E2  1110|0010"), "{s}");
}

/// The bits line colours each payload bit by its Table 3-5 group: a
/// 4-byte form's second byte holds the last two `u` bits, in the first
/// byte's colour, then four `z` bits in another.
#[test]
fn a_four_byte_forms_u_bits_share_one_colour_across_two_bytes() {
    let mut a = app("http://x/?q=%F0%9F%98%80", 120, 40);
    let last = a.analysis.components.len() - 1;
    a.select_component(last);
    press(&mut a, KeyCode::Tab);
    let backend = ratatui::backend::TestBackend::new(120, 40);
    let mut terminal = ratatui::Terminal::new(backend).expect("terminal");
    terminal
        .draw(|f| crate::tui::view::render(&a, f))
        .expect("draw");
    let buffer = terminal.backend().buffer().clone();
    let row: Vec<_> = (0..40u16)
        .map(|y| {
            (0..120u16)
                .map(|x| buffer[(x, y)].clone())
                .collect::<Vec<_>>()
        })
        .find(|cells| {
            let text: String = cells.iter().map(|c| c.symbol()).collect();
            text.contains("11110|000 10|011111")
        })
        .expect("the bytes line");
    let text: String = row.iter().map(|c| c.symbol()).collect();
    let at = text.find("11110|000 10|011111").expect("bytes");
    let at = text[..at].chars().count();
    // Columns: `11110|` then `000` (u), ` 10|`, then `01` (u) `1111` (z).
    let fg = |i: usize| row[at + i].fg;
    let (u_first, u_second, z) = (fg(6), fg(13), fg(15));
    assert_eq!(u_first, u_second, "{text}");
    assert_eq!(fg(14), u_second, "{text}");
    assert_ne!(u_second, z, "{text}");
    assert_eq!(fg(18), z, "{text}");
}
