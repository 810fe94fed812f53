use crate::analysis::memo::Memo;
use crate::analysis::{analyze_components, Options};
use proptest::prelude::*;

/// URLs made of a few tricky pieces, repeated, so components repeat
/// and codes fill up and fold.
fn repetitive_url() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop::sample::select(vec![
        &b"%2e"[..],
        b"%252e",
        b"..",
        b".",
        b"a",
        b"%C3%A9",
        b"%c3",
        b"+",
        b"\\",
        b"etc",
        b"passwd",
        b"%2f",
        b"/",
        b"/",
        b"/",
        b"?",
        b"&",
        b"=",
        b"#",
        b"%00",
        b"x%20y",
        b"Li4vZXRjL3Bhc3N3ZA",
        b"%u002e",
        b"\xe9",
        b";",
        b"0x2e",
    ]);
    (
        prop::sample::select(vec![&b"http://h/"[..], b"/", b"", b"file:///", b"x:"]),
        prop::collection::vec(piece, 0..400),
    )
        .prop_map(|(start, pieces)| {
            [start]
                .into_iter()
                .chain(pieces)
                .flatten()
                .copied()
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Remembering the checks of repeated components changes nothing:
    /// the same components and warnings as checking each afresh.
    #[test]
    fn remembering_repeated_components_changes_nothing(input in repetitive_url(), form: bool) {
        let parts = crate::split::outline(&input);
        let options = Options::default().with_form(form);
        let remembered = analyze_components(&input, &parts, &options, Memo::ENTRIES);
        let afresh = analyze_components(&input, &parts, &options, 0);
        prop_assert_eq!(remembered, afresh);
    }
}
