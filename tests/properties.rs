//! The invariants, stated as properties over arbitrary input.

use proptest::prelude::*;
use urlscope_core::analysis::{analyze, Options};
use urlscope_core::clean::{clean, normalize};
use urlscope_core::percent::{decode, encode, is_illegal, EncodeSet};
use urlscope_core::split::{split, ComponentKind};
use urlscope_core::utf8::{annotate, ByteRole};

/// Bytes that look like URLs often enough to reach the interesting paths.
fn url_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"http://".to_vec()),
        Just(b"//".to_vec()),
        Just(b"%".to_vec()),
        Just(b"%25".to_vec()),
        Just(b"%2e".to_vec()),
        Just(b"%C3%A9".to_vec()),
        Just(b"%c0%af".to_vec()),
        Just(b"[::1]".to_vec()),
        Just(b"@".to_vec()),
        Just(b"..".to_vec()),
        Just("é".as_bytes().to_vec()),
        Just("ü.de".as_bytes().to_vec()),
        prop::sample::select(b"/?#&=:+;\\ .%[]@\t\x00\x1b".to_vec()).prop_map(|b| vec![b]),
        "[a-z0-9]{1,5}".prop_map(String::into_bytes),
        any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn utf8_annotation_agrees_with_std(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let a = annotate(&bytes);
        prop_assert_eq!(a.roles.len(), bytes.len());
        prop_assert_eq!(a.lossy(), String::from_utf8_lossy(&bytes));
        prop_assert_eq!(a.is_valid(), std::str::from_utf8(&bytes).is_ok());
        // Every well-formed unit decodes to what std decodes from its bytes.
        for u in &a.units {
            let slice = &bytes[u.range()];
            match u.value {
                Ok(c) => prop_assert_eq!(std::str::from_utf8(slice).ok().and_then(|s| s.chars().next()), Some(c)),
                Err(_) => prop_assert!(std::str::from_utf8(slice).is_err()),
            }
        }
        // Roles line up with units.
        for u in &a.units {
            if let Ok(c) = u.value {
                if c.len_utf8() > 1 {
                    prop_assert_eq!(a.roles[u.start], ByteRole::Lead { len: c.len_utf8() as u8 });
                }
            }
        }
    }

    #[test]
    fn a_window_annotates_as_the_whole_stream_does(
        bytes in prop::collection::vec(prop::sample::select(vec![0x41u8, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5]), 0..24),
        start in 0usize..26,
        len in 0usize..26,
    ) {
        let whole = annotate(&bytes);
        let w = urlscope_core::utf8::annotate_window(&bytes, start, start + len);
        let end = (start + len).min(bytes.len());
        for i in start.min(end)..end {
            prop_assert_eq!(w.role(i), whole.roles.get(i).copied(), "byte {}", i);
            prop_assert_eq!(w.unit_of(i), whole.unit_of(i), "byte {}", i);
        }
        prop_assert_eq!(w.roles.len(), end - start.min(end));
    }

    #[test]
    fn utf8_annotation_agrees_on_valid_text(s in "\\PC{0,16}") {
        let a = annotate(s.as_bytes());
        let chars: Vec<char> = a.units.iter().filter_map(|u| u.value.ok()).collect();
        prop_assert_eq!(chars, s.chars().collect::<Vec<_>>());
    }

    #[test]
    fn encode_then_decode_is_identity(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let c = encode(&bytes, EncodeSet::Component);
        prop_assert_eq!(&*decode(c.as_bytes(), false), &bytes[..]);
        let f = encode(&bytes, EncodeSet::Form);
        prop_assert_eq!(&*decode(f.as_bytes(), true), &bytes[..]);
        prop_assert!(c.bytes().all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)));
    }

    #[test]
    fn clean_is_idempotent_legal_and_keeps_meaning(input in url_bytes()) {
        let parts = split(&input);
        let once = clean(&input, &parts);
        let reparts = split(once.as_bytes());
        prop_assert_eq!(clean(once.as_bytes(), &reparts), once.clone());
        // Nothing illegal is left, except the brackets of an IP literal.
        prop_assert!(once.bytes().all(|b| !is_illegal(b)), "{once}");
        // Same components, same decoded values (a non-ASCII host becomes
        // its IDNA form, the one intended change).
        let before: Vec<_> = parts.components.iter().map(|c| c.kind).collect();
        let after: Vec<_> = reparts.components.iter().map(|c| c.kind).collect();
        prop_assert_eq!(&before, &after, "{:?} -> {}", String::from_utf8_lossy(&input), once);
        for (b, a) in parts.components.iter().zip(&reparts.components) {
            if b.kind == ComponentKind::Host && !b.span.of(&input).is_ascii() {
                continue;
            }
            let form = b.kind.is_query();
            prop_assert_eq!(decode(b.span.of(&input), form), decode(a.span.of(once.as_bytes()), form));
        }
    }

    #[test]
    fn normalize_is_idempotent(input in url_bytes()) {
        let once = normalize(&input);
        prop_assert_eq!(normalize(once.as_bytes()), once);
    }

    #[test]
    fn analysis_never_panics_and_spans_are_in_bounds(input in url_bytes()) {
        let a = analyze(&input, &Options::default());
        for c in &a.components {
            prop_assert!(c.span.start <= c.span.end && c.span.end <= input.len());
        }
        for w in &a.warnings {
            prop_assert!(w.span.end <= input.len());
            for s in &w.spans {
                prop_assert!(s.start <= s.end && s.end <= input.len());
            }
            prop_assert!(w.message.chars().all(|c| !urlscope_core::text::needs_escape(c)), "{}", w.message);
        }
        for i in 0..a.components.len() {
            for row in a.byte_rows(i) {
                prop_assert!(row.span.end <= input.len());
            }
        }
    }

    /// The WHATWG parse is skipped for URLs it cannot read differently;
    /// over URLs near that line (special schemes, plain-looking hosts and
    /// ports, paths with escapes and dots), `parser-differential` is still
    /// given exactly when the readings side by side disagree.
    #[test]
    fn parser_differential_exactly_when_the_readings_disagree(
        scheme in prop::sample::select(vec!["http://", "HTTPS://", "ws://", "wss://", "ftp://", "file://", "foo://", "http:/"]),
        host in "[a-zA-Z0-9.-]{0,12}(:[0-9]{0,6})?",
        rest in url_bytes(),
    ) {
        let input = [scheme.as_bytes(), host.as_bytes(), b"/", &rest].concat();
        let a = analyze(&input, &Options::default());
        let warned = a.warnings.iter().any(|w| w.code == urlscope_core::warnings::WarningCode::ParserDifferential);
        let disagree = a.readings().is_some_and(|r| r.disagree());
        prop_assert_eq!(warned, disagree, "{}", String::from_utf8_lossy(&input));
    }

    /// A hostile piece repeated past the listing limit: no code is listed
    /// for more than LISTED_PER_CODE components, and every component's
    /// severity is the worst of its own warnings, folded or not.
    #[test]
    fn folded_components_keep_their_own_warnings(piece in url_bytes(), n in 33usize..48) {
        let mut input = b"http://h".to_vec();
        for _ in 0..n {
            input.push(b'/');
            input.extend_from_slice(&piece);
        }
        let a = analyze(&input, &Options::default());
        for code in urlscope_core::warnings::WarningCode::ALL {
            let listed = a.warnings.iter().filter(|w| w.code == *code && w.component.is_some()).count();
            // (+1: the path-level sensitive-file warning is not per component.)
            prop_assert!(listed <= urlscope_core::analysis::LISTED_PER_CODE + 1, "{} listed {}", code.code(), listed);
        }
        for (i, c) in a.components.iter().enumerate() {
            let own = a.warnings_of(i);
            prop_assert_eq!(c.severity, own.iter().map(|w| w.severity).max(), "component {}", i);
            for w in &own {
                prop_assert!(w.spans.iter().all(|s| s.end <= input.len()));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Each program's encoder round-trips through its own decoder.
    #[test]
    fn dialect_encoders_round_trip_through_their_decoders(text in "\\PC{0,24}") {
        use urlscope_core::dialects::{decode_as, encode_as, DecodeDialect as D, EncodeDialect as E};
        for (e, d) in [
            (E::JsComponent, D::JsComponent),
            (E::JsUri, D::JsUri),
            (E::JsEscape, D::JsUnescape),
            (E::PythonQuote, D::PythonUnquote),
            (E::PythonQuotePlus, D::PythonUnquotePlus),
            (E::Form, D::Java),
            (E::Component, D::Whatwg),
        ] {
            let encoded = encode_as(text.as_bytes(), e).expect("valid text encodes");
            prop_assert_eq!(decode_as(encoded.as_bytes(), d).ok(), Some(text.clone()), "{} -> {}", e.name(), d.name());
        }
    }
}
