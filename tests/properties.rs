//! The invariants, stated as properties over arbitrary input.

use proptest::prelude::*;
use urlscope_core::analysis::{analyze, Options};
use urlscope_core::clean::{clean, normalize};
use urlscope_core::percent::{decode, encode, is_illegal, EncodeSet};
use urlscope_core::split::{split, ComponentKind};
use urlscope_core::utf8::{annotate, ByteRole};
use urlscope_core::warnings::Severity;

use urlscope_core::clean::kept::{leads_where, read_as_a_browser_does};

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
        Just(b"0://".to_vec()),
        Just(b"<>".to_vec()),
        Just(b"127.0.0.1".to_vec()),
        prop::sample::select(b"/?#&=:+;,'\\ .%[]@\t\x00\x1b".to_vec()).prop_map(|b| vec![b]),
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
        // The host a browser opens is kept; where it opens none, RFC
        // 3986's (clean::kept::leads_where).
        let leads = leads_where(&input, once.as_bytes());
        prop_assert!(leads.is_ok(), "{:?} -> {}: {:?}", String::from_utf8_lossy(&input), once, leads);
        // Same components, same decoded values (a non-ASCII host becomes
        // its IDNA form, the one intended change); unless the input is
        // one cleaning reads as a browser does.
        let before: Vec<_> = parts.components.iter().map(|c| c.kind).collect();
        let after: Vec<_> = reparts.components.iter().map(|c| c.kind).collect();
        let same_values = before == after
            && parts.components.iter().zip(&reparts.components).all(|(b, a)| {
                let form = b.kind.is_query();
                b.kind == ComponentKind::Host && !b.span.of(&input).is_ascii()
                    || decode(b.span.of(&input), form) == decode(a.span.of(once.as_bytes()), form)
            });
        prop_assert!(same_values || read_as_a_browser_does(&input), "{:?} -> {}", String::from_utf8_lossy(&input), once);
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

/// URLs that look plain most of the time (a plain scheme, host, path and
/// query, as in a server log), with now and then a hostile piece: an
/// escape, a dot segment, a control or non-ASCII byte, a sensitive name,
/// an obfuscated or international host, a dangerous scheme. About half
/// are plain enough for `triage`'s fast path and a third get a warning,
/// so the fast path is both taken and refused (see
/// `the_triage_generator_reaches_both_sides`).
fn plain_looking_url() -> impl Strategy<Value = Vec<u8>> {
    let bytes = |s: &'static str| Just(s.as_bytes().to_vec());
    let scheme = prop_oneof![
        12 => prop::sample::select(vec!["http://", "https://", "ws://", "wss://", "ftp://", "HTTPS://"])
            .prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::sample::select(vec!["", "/", "//", "http:/", "http:\\\\", "file://", "foo://", "javascript:", "data:", " http://"])
            .prop_map(|s| s.as_bytes().to_vec()),
    ];
    let host = prop_oneof![
        12 => "[a-z0-9]{1,8}(-[a-z0-9]{1,4})?(\\.[a-z]{2,5}){0,2}(:[0-9]{1,5})?".prop_map(String::into_bytes),
        1 => prop::sample::select(vec!["2130706433", "127.1", "0x7f.1", "1.2.3.4", "[::1]", "[::g]", "xn--exmple-cua.com", "exämple.com", "аррӏе.com", "u:p@x", "a@b@c", "x:99999", "x:8o", "ex\u{200B}ample.com", "EXAMPLE.COM", "x.com.",
            // Stray bytes and '_' in a name (plain above low, and plain).
            "\"www.example.com", "{localhost}", "\"db.internal", "db.internal`", "1.2.3.\"4",
            "\"www.paypal.com.evil.example", "my_host.example", "a.b_c.localhost", "\"http.example.com",
            // Shorteners, shared hosting, a bare public address.
            "bit.ly", "WWW.TinyURL.com", "someone.github.io", "storage.googleapis.com", "login.web.app.", "203.0.113.7", "[2001:db8::5]"])
            .prop_map(|s| s.as_bytes().to_vec()),
    ];
    let hostile = prop_oneof![
        bytes(".."),
        bytes("."),
        bytes("%2e%2e"),
        bytes("%252e"),
        bytes("%2F"),
        bytes("%00"),
        bytes("%0d%0a"),
        bytes("%C3%A9"),
        bytes("%c0%af"),
        bytes("%u002e"),
        bytes("%41"),
        bytes("%"),
        bytes("%zz"),
        bytes("+"),
        bytes("@"),
        bytes("@evil.example"),
        bytes("a@www.paypal.com"),
        bytes("\\"),
        bytes(" "),
        bytes("é"),
        bytes("\u{202E}"),
        bytes("\u{200B}"),
        bytes("passwd"),
        bytes("etc"),
        bytes(".htaccess"),
        bytes("web.config"),
        bytes("0x1f"),
        bytes("0X5c"),
        bytes("0x2e"),
        bytes("cpp0x"),
        bytes("Li4vLi4vZXRjL3Bhc3N3ZA=="),
        bytes("http://2130706433/"),
        bytes("\"//evil.example"),
        bytes("{http://evil.example/}"),
        bytes("\"passwd\""),
        bytes("login"),
        bytes("sign-in"),
        bytes("SignIn.aspx"),
        bytes("www.paypal.com"),
        bytes("login.microsoftonline.com.php"),
        prop::sample::select(b"\x00\x1b\x7f\r\n\t\"<>[]{}|^`'".to_vec()).prop_map(|b| vec![b]),
        any::<u8>().prop_map(|b| vec![b]),
    ];
    let word = prop_oneof![
        12 => "[A-Za-z0-9_~-]{1,8}(\\.[a-z]{2,4})?".prop_map(String::into_bytes),
        1 => hostile,
    ]
    .boxed();
    // A segment, key or value: one or two words, so a hostile piece sits
    // inside plain text as often as alone.
    let piece = move || prop::collection::vec(word.clone(), 1..3).prop_map(|v| v.concat());
    let path = prop::collection::vec(piece(), 0..5);
    let query = prop::option::weighted(0.4, prop::collection::vec((piece(), piece()), 1..4));
    let fragment = prop::option::weighted(0.1, piece());
    (scheme, host, path, query, fragment).prop_map(|(scheme, host, path, query, fragment)| {
        let mut url = [scheme, host].concat();
        for segment in path {
            url.push(b'/');
            url.extend(segment);
        }
        if let Some(pairs) = query {
            url.push(b'?');
            let pairs: Vec<Vec<u8>> = pairs
                .into_iter()
                .map(|(k, v)| [k, b"=".to_vec(), v].concat())
                .collect();
            url.extend(pairs.join(&b'&'));
        }
        if let Some(f) = fragment {
            url.push(b'#');
            url.extend(f);
        }
        url
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// `triage` answers from its fast path only when it can prove the URL
    /// has no warning; otherwise it runs the analysis. Either way its
    /// warnings are the full analysis' warnings, field for field (code,
    /// severity, spans, component, message). The corpora check this on
    /// real URLs (`tests/conformance.rs`); this checks it near the line
    /// between plain and not.
    #[test]
    fn triage_equals_the_full_analysis(input in plain_looking_url()) {
        let options = Options::default();
        let full = analyze(&input, &options).into_warnings_as_given();
        let fast = urlscope_core::triage::triage(&input, &options);
        prop_assert_eq!(fast, full, "{:?}", String::from_utf8_lossy(&input));
    }

    /// At a threshold, `triage_at` passes more URLs on its fast path (a
    /// '+' in the path is only `info`) and gives exactly the analysis'
    /// warnings at or above the threshold.
    #[test]
    fn triage_at_a_threshold_equals_the_full_analysis_above_it(
        input in plain_looking_url(),
        min in prop::sample::select(vec![Severity::Info, Severity::Low, Severity::Medium, Severity::High]),
    ) {
        let options = Options::default();
        let full: Vec<_> = analyze(&input, &options)
            .warnings
            .into_iter()
            .filter(|w| w.severity >= min)
            .collect();
        let fast = urlscope_core::triage::triage_at(&input, &options, min);
        prop_assert_eq!(fast, full, "{:?} {:?}", min, String::from_utf8_lossy(&input));
    }
}

/// The generator above is only a test of the fast path if a fair share of
/// its URLs are plain and a fair share are not.
#[test]
fn the_triage_generator_reaches_both_sides() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
    );
    let strategy = plain_looking_url();
    let total = 500;
    let clean = (0..total)
        .filter(|_| {
            let url = strategy.new_tree(&mut runner).expect("value").current();
            analyze(&url, &Options::default()).warnings.is_empty()
        })
        .count();
    eprintln!("{clean} of {total} generated URLs have no warning");
    assert!(
        clean * 5 >= total && (total - clean) * 5 >= total,
        "{clean} of {total} without a warning: the generator leans too far one way"
    );
}
