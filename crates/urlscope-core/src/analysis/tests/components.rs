use super::codes;
use crate::analysis::{analyze, Options};
use crate::percent::SourceKind;
use crate::split::Span;
use crate::utf8::ByteRole;

#[test]
fn relative_references_are_analysed() {
    let a = analyze(b"/path?q=a+b", &Options::default());
    assert_eq!(a.components.len(), 3);
    assert_eq!(a.components[2].decoded(), b"a b");
    let a = analyze(b"/path?q=a+b", &Options::default().with_form(false));
    assert_eq!(a.components[2].decoded(), b"a+b");
    assert!(codes(b"/a+b").contains(&"plus-in-path"));
}

#[test]
fn byte_rows_window_matches_the_whole_table() {
    let a = analyze(b"/a%C3%A9+b%2541%/x?q=a+%E2%9C%93", &Options::default());
    for i in 0..a.components.len() {
        let all = a.byte_rows(i);
        for start in 0..=all.len() {
            for len in 0..3 {
                let end = (start + len).min(all.len());
                assert_eq!(a.byte_rows_window(i, start, len), all[start..end].to_vec());
            }
        }
    }
    let q = a.byte_rows(3);
    assert_eq!(q[1].source, SourceKind::Plus);
}

#[test]
fn byte_rows_carry_provenance() {
    let a = analyze(b"/caf%C3%A9", &Options::default());
    let rows = a.byte_rows(0);
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[3].span, Span::new(4, 7));
    assert_eq!(rows[3].role, ByteRole::Lead { len: 2 });
    assert_eq!(rows[4].role, ByteRole::Continuation { len: 2, index: 1 });
    assert_eq!(rows[4].unit.and_then(|u| u.value.ok()), Some('é'));
}

#[test]
fn equal_analyses_whether_or_not_the_whatwg_reading_was_asked_for() {
    let url = b"https://example.com/a?b=c";
    let asked = analyze(url, &Options::default());
    assert!(asked.whatwg().is_some());
    let not_asked = analyze(url, &Options::default());
    assert_eq!(asked, not_asked);
    assert_ne!(
        asked,
        analyze(b"https://example.com/a?b=d", &Options::default())
    );
}

#[test]
fn non_utf8_input_is_shown_not_refused() {
    let a = analyze(b"/caf\xE9", &Options::default());
    assert_eq!(a.components[0].decoded(), b"caf\xE9");
    assert!(codes(b"/caf\xE9").contains(&"invalid-utf8"));
    assert_eq!(a.clean, "/caf%E9");
}
