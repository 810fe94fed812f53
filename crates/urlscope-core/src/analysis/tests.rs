use super::folding::*;
use super::memo::*;
use super::*;
use crate::percent::SourceKind;
use crate::split::{ComponentKind, Span};
use crate::utf8::ByteRole;
use crate::warnings::{Severity, Warning, WarningCode};
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

fn codes(input: &[u8]) -> Vec<&'static str> {
    analyze(input, &Options::default())
        .warnings
        .iter()
        .map(|w| w.code.code())
        .collect()
}

#[test]
fn repeated_findings_are_listed_up_to_the_limit_then_folded_into_one() {
    let segments = LISTED_PER_CODE + 10;
    let url = format!("http://h/{}", "%252e%252e/".repeat(segments));
    let a = analyze(url.as_bytes(), &Options::default());
    let listed = |code: WarningCode| {
        a.warnings
            .iter()
            .filter(|w| w.code == code && w.component.is_some())
            .count()
    };
    assert_eq!(listed(WarningCode::DoubleEncoding), LISTED_PER_CODE);
    assert_eq!(listed(WarningCode::PathTraversal), LISTED_PER_CODE);
    let summary = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::DoubleEncoding && w.component.is_none())
        .expect("a summary warning");
    assert!(summary
        .message
        .contains("in 10 more components (kind: path segment)"));
    assert_eq!(summary.spans.len(), 20, "two escapes in each");
    assert_eq!(summary.severity, Severity::Medium);
    // Every segment keeps its severity and, on demand, its own warnings,
    // worded exactly as a listed one.
    let segs: Vec<usize> = (0..a.components.len())
        .filter(|&i| {
            a.components.get(i).is_some_and(|c| {
                c.kind == ComponentKind::PathSegment && !c.span.of(url.as_bytes()).is_empty()
            })
        })
        .collect();
    assert_eq!(segs.len(), segments);
    let (first, last) = (segs[0], segs[segments - 1]);
    assert!(!a.components[first].folded && a.components[last].folded);
    assert_eq!(a.components[last].severity, Some(Severity::High));
    let own = a.warnings_of(last);
    let codes: Vec<_> = own.iter().map(|w| w.code.code()).collect();
    assert_eq!(codes, ["path-traversal", "double-encoding"]);
    let listed_first = a.warnings_of(first);
    assert_eq!(own[1].message, listed_first[1].message);
    assert_eq!(own[1].spans.len(), 2);
    // Views marking warned bytes see the folded ones too.
    let near = a.warnings_near(a.components[last].span);
    assert!(near.iter().any(|w| w.component == Some(last)));
}

#[test]
fn distinct_findings_are_never_folded() {
    let a = analyze(b"http://h/%252e/%00/a%5cb/%C0%AE", &Options::default());
    assert!(a.warnings.iter().all(|w| !w.message.contains("folded")));
    assert!(a.components.iter().all(|c| !c.folded));
}

fn warning(input: &[u8], code: &str) -> Option<Warning> {
    analyze(input, &Options::default())
        .warnings
        .into_iter()
        .find(|w| w.code.code() == code)
}

#[test]
fn clean_url_has_no_warnings() {
    assert_eq!(
        codes(b"https://example.com/a/b?x=1&y=2#top"),
        Vec::<&str>::new()
    );
}

#[test]
fn double_encoding_names_the_depth_and_bytes() {
    let input = b"http://x/%252e%252e%252fetc";
    let w = warning(input, "double-encoding").expect("double-encoding");
    assert_eq!(w.spans[0], Span::new(9, 14));
    assert!(w.message.contains("2 layers"), "{}", w.message);
    assert!(w.message.contains("'%252e' → '%2e' → '.'"), "{}", w.message);
    let t = warning(input, "path-traversal").expect("traversal");
    assert_eq!(t.severity, Severity::High);
    assert_eq!(t.layer, Some(2));
}

#[test]
fn traversal_spellings() {
    for s in [
        &b"/../etc/passwd"[..],
        b"/..%2fetc",
        b"/%2e%2e/etc",
        b"/..%5cetc",
        b"/..\\etc",
        b"/%c0%ae%c0%ae/etc",
        b"/..%c0%afetc",
        b"/%e0%80%ae%e0%80%ae/x",
        b"/%u002e%u002e%u2215etc",
        b"/%ef%bc%8e%ef%bc%8e/etc",
        b"/..;/admin",
        b"/x?file=../../etc/passwd",
        b"/x?file=..%252f..%252fetc",
    ] {
        let w = warning(s, "path-traversal");
        assert!(w.is_some(), "{}", String::from_utf8_lossy(s));
        assert_eq!(
            w.map(|w| w.severity),
            Some(Severity::High),
            "{}",
            String::from_utf8_lossy(s)
        );
    }
    assert!(warning(b"/a/b.c/d..e/", "path-traversal").is_none());
}

#[test]
fn overlong_names_the_code_point() {
    let w = warning(b"/%c0%af", "overlong-utf8").expect("overlong");
    assert!(w.message.contains("U+002F"), "{}", w.message);
    assert_eq!(w.spans[0], Span::new(1, 7));
    assert!(warning(b"/%c0%af", "invalid-utf8").is_none());
}

#[test]
fn invalid_utf8_and_malformed_escape() {
    let w = warning(b"/%C4", "invalid-utf8").expect("invalid");
    assert_eq!(w.span, Span::new(1, 4));
    let w = warning(b"/a%2", "malformed-escape").expect("malformed");
    assert_eq!(w.span, Span::new(2, 4));
    assert!(warning(b"/%G1", "malformed-escape").is_some());
    assert!(warning(b"/%", "malformed-escape").is_some());
}

#[test]
fn control_characters() {
    assert!(codes(b"/a%00.txt").contains(&"null-byte"));
    assert!(codes(b"/a%0d%0aSet-Cookie:x").contains(&"crlf"));
    let w = warning(b"/%1b[2J", "control-char").expect("esc");
    assert_eq!(w.severity, Severity::High);
    assert!(codes("/\u{202E}fdp.exe".as_bytes()).contains(&"bidi-control"));
    assert!(codes(b"/a%E2%80%8Bb").contains(&"invisible-char"));
}

#[test]
fn hosts() {
    for (host, ip) in [
        ("2130706433", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
    ] {
        let w = warning(format!("http://{host}/").as_bytes(), "ip-obfuscation").expect(host);
        assert!(w.message.contains(ip), "{}", w.message);
    }
    assert!(warning(b"http://127.0.0.1/", "ip-obfuscation").is_none());
    let w = warning(b"http://trusted.com@evil.com/", "userinfo").expect("userinfo");
    assert_eq!(w.severity, Severity::High);
    let w = warning("http://аррӏе.com/".as_bytes(), "idn-homograph").expect("homograph");
    assert!(w.message.contains("xn--"), "{}", w.message);
    assert!(warning("http://bücher.de/".as_bytes(), "idn-homograph").is_none());
    assert!(warning("http://bücher.de/".as_bytes(), "idn").is_some());
    assert!(codes(b"javascript:alert(1)").contains(&"dangerous-scheme"));
}

#[test]
fn host_facts_registrable_domain_scripts_confusables() {
    let a = analyze(b"https://paypal.com.evil.example/", &Options::default());
    let h = a.host.expect("host");
    assert_eq!(h.registrable.as_deref(), Some("evil.example"));
    let a = analyze("https://pаypal.com/".as_bytes(), &Options::default());
    let h = a.host.expect("host");
    assert_eq!(h.scripts, ["Latin", "Cyrillic"]);
    assert_eq!(h.confusables, [('а', "a".to_string())]);
    assert_eq!(h.ascii.as_deref(), Some("xn--pypal-4ve.com"));
    assert_eq!(h.registrable.as_deref(), Some("xn--pypal-4ve.com"));
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::IdnHomograph));
}

#[test]
fn parser_differentials() {
    let w = warning(b"http://evil.com\\@good.com/", "parser-differential").expect("diff");
    assert!(w.message.contains("good.com"), "{}", w.message);
    assert!(w.message.contains("evil.com"), "{}", w.message);
    assert!(warning(b"http://ex\tample.com/", "parser-differential").is_some());
    assert!(warning(b"http:///evil.com/", "parser-differential").is_some());
    assert!(warning(b"http://a@b@c/", "parser-differential").is_some());
    assert!(warning(b"http://Example.COM/a/../b/%7e", "parser-differential").is_none());
    assert!(warning("http://bücher.de/ü".as_bytes(), "parser-differential").is_none());
}

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

/// `idna` marks a label UTS #46 rejects with U+FFFD; the analysis shows
/// the label as written and says why it is suspect.
#[test]
fn hosts_uts46_rejects_are_shown_as_written() {
    let case = |url: &str| {
        let a = analyze(url.as_bytes(), &Options::default());
        let host = a.host.clone().unwrap_or_else(|| panic!("{url}: no host"));
        let idn = a
            .warnings
            .iter()
            .find(|w| matches!(w.code, WarningCode::Idn | WarningCode::IdnHomograph))
            .map(|w| (w.code, w.message.clone()))
            .unwrap_or_else(|| panic!("{url}: no idn warning"));
        assert!(!idn.1.contains('\u{FFFD}'), "{url}: {}", idn.1);
        (host, idn)
    };
    let (host, (code, message)) = case("http://xn--a.com/");
    assert_eq!(host.unicode.as_deref(), Some("xn--a.com"));
    assert_eq!(host.rejected, ["xn--a"]);
    assert_eq!(code, WarningCode::IdnHomograph);
    assert!(
        message.contains("'xn--a' is a label UTS #46 rejects"),
        "{message}"
    );
    let (host, (_, message)) = case("http://ex\u{202e}ample.com/");
    assert_eq!(host.unicode.as_deref(), Some("ex\u{202e}ample.com"));
    assert!(host.confusables.is_empty(), "{:?}", host.confusables);
    assert!(
        message.contains("holds U+202E, which UTS #39 restricts"),
        "{message}"
    );
    let (_, (_, message)) = case("http://exa\u{2603}mple.com/");
    assert!(message.contains("holds U+2603"), "{message}");
    let (host, (_, message)) = case("http://\u{430}pple.com/");
    assert!(host.rejected.is_empty());
    assert!(message.contains("mixes scripts"), "{message}");
    let (host, (code, _)) = case("http://b\u{fc}cher.de/");
    assert!(host.rejected.is_empty());
    assert_eq!(code, WarningCode::Idn);
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

/// A brand's look-alike is high under the brand's own suffix; an edit of
/// its name under another suffix (two steps, where honest names such as
/// `qmail.org` and `tunes.org` fall) is only shown, or medium beside a
/// sign-in word; an IDN written to look like the name is high whatever
/// its suffix.
#[test]
fn a_brand_look_alike_under_another_suffix_is_two_steps() {
    let severity = |url: &str| {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::LookalikeDomain)
            .map(|w| w.severity)
    };
    assert_eq!(severity("https://paypa1.com/"), Some(Severity::High));
    assert_eq!(severity("https://amaz0n.co.jp/"), Some(Severity::High));
    assert_eq!(severity("https://qmail.org/"), Some(Severity::Low));
    assert_eq!(severity("https://tunes.org/~unios/"), Some(Severity::Low));
    assert_eq!(severity("https://paypa1.net/"), Some(Severity::Low));
    assert_eq!(
        severity("https://paypa1.net/signin"),
        Some(Severity::Medium)
    );
    assert_eq!(severity("https://paypal.net/"), Some(Severity::Medium));
    assert_eq!(severity("https://xn--pypal-4ve.net/"), Some(Severity::High));
}

/// A carried value's finding on bytes the URL's own checks flagged for the
/// same rule at the same severity is listed once, as the URL's own: the
/// backslashes of `?next=\\evil.com` were listed as 'a raw backslash in
/// the query value' and again, from the URL it carries, 'in the path
/// segment', on the same bytes 26-28.
#[test]
fn a_carried_values_finding_on_the_urls_own_bytes_is_listed_once() {
    for url in [
        &b"https://example.com/?next=\\\\evil.com"[..],
        b"https://example.com/?next=/\\evil.com",
        b"https://example.com/?next=\\\\evil.com\\..\\x",
        b"https://example.com/?next=http://evil.com/a\\b",
        b"https://example.com/?u=http://ev%00il.com/",
        b"https://example.com/?u=http://evil.com/a b",
        b"https://example.com/?u=http://evil.com/caf%C3%A9%C0%AF",
    ] {
        let a = analyze(url, &Options::default());
        for (i, w) in a.warnings.iter().enumerate() {
            for other in a.warnings.iter().skip(i + 1) {
                let same = w.code == other.code && w.spans == other.spans;
                assert!(
                    !same,
                    "{}: {w:#?}\n{other:#?}",
                    String::from_utf8_lossy(url)
                );
            }
        }
        // The one left is the URL's own, with its component; the carried
        // value's report keeps its own.
        let carried: usize = a
            .nested
            .iter()
            .filter_map(|n| n.analysis.as_ref())
            .map(|inner| inner.warnings.len())
            .sum();
        assert!(carried > 0, "{}", String::from_utf8_lossy(url));
    }
    let a = analyze(
        b"https://example.com/?next=\\\\evil.com",
        &Options::default(),
    );
    let backslashes: Vec<&Warning> = a
        .warnings
        .iter()
        .filter(|w| w.code == WarningCode::Backslash)
        .collect();
    assert_eq!(backslashes.len(), 1, "{:#?}", a.warnings);
    assert!(backslashes
        .iter()
        .all(|w| w.component == Some(4) && w.via.is_none()));
    // A finding of the carried value's on other bytes is still lifted.
    let a = analyze(
        b"https://example.com/?u=http://evil.com/%2e%2e%2fetc",
        &Options::default(),
    );
    assert!(
        a.warnings.iter().any(|w| w.via.is_some()),
        "{:#?}",
        a.warnings
    );
}

/// A URL carried in the path, as written or escaped, has its findings
/// lifted onto their own bytes, so what the outer URL finds on the same
/// bytes is said once.
#[test]
fn a_url_carried_in_the_path_is_lifted_onto_its_own_bytes() {
    let brand = |url: &[u8]| -> Vec<(Vec<Span>, bool)> {
        analyze(url, &Options::default())
            .warnings
            .into_iter()
            .filter(|w| w.code == WarningCode::BrandInPath)
            .map(|w| (w.spans, w.via.is_some()))
            .collect()
    };
    // As written: the outer URL's own finding, once.
    let url = b"https://evil.example/go/https://evil2.example/paypal/login.php";
    assert_eq!(
        brand(url),
        [(vec![Span::new(46, 52), Span::new(53, 58)], false)]
    );
    // Escaped: the carried URL's, on the escaped bytes of 'paypal' and
    // 'login' (the outer path shows neither as a word of its own).
    let url = b"https://evil.example/go/https%3A%2F%2Fevil2.example%2Fpaypal%2Flogin.php";
    let found = brand(url);
    assert_eq!(found.len(), 1, "{found:?}");
    let (spans, via) = found.first().cloned().unwrap_or_default();
    let marked: Vec<&[u8]> = spans.iter().map(|s| s.of(url)).collect();
    assert!(via);
    assert_eq!(marked, [&b"paypal"[..], b"login"]);
}

/// `says_the_same` on the marks alone: a lifted warning is said already
/// when the own warnings of its code and severity mark every byte it
/// marks, one of them or several together (a low or info note on how an
/// escape is spelled, also the own `double-encoding`); a byte they leave
/// unmarked, another severity or another code keeps it.
#[test]
fn a_lifted_warning_is_said_already_when_own_warnings_mark_all_its_bytes() {
    let spans = |marks: &[(usize, usize)]| marks.iter().map(|&(s, e)| Span::new(s, e)).collect();
    let own =
        |code, marks: &[(usize, usize)]| Warning::new(code, spans(marks), Some(0), String::new());
    let lifted = |code, marks: &[(usize, usize)]| {
        let mut w = Warning::new(code, spans(marks), None, String::new());
        w.via = Some("path segment → path segment".to_string());
        w
    };
    let traversal = WarningCode::PathTraversal;
    let sensitive = WarningCode::SensitiveFile;
    let double = WarningCode::DoubleEncoding;
    let unreserved = WarningCode::EncodedUnreserved;
    let lowercase = WarningCode::LowercaseHex;
    let said = [
        // Each escaped '..' an own warning; the carried URL's one warning
        // marks both.
        (
            vec![own(traversal, &[(45, 51)]), own(traversal, &[(52, 58)])],
            lifted(traversal, &[(45, 51), (52, 58)]),
        ),
        // The carried path inside the URL's own path.
        (
            vec![own(sensitive, &[(17, 69)])],
            lifted(sensitive, &[(42, 69)]),
        ),
        // The carried '..' inside the own '..%2F'.
        (
            vec![own(traversal, &[(50, 55)])],
            lifted(traversal, &[(50, 52)]),
        ),
        // One span, marked by two own warnings that meet.
        (
            vec![own(traversal, &[(10, 15)]), own(traversal, &[(15, 20)])],
            lifted(traversal, &[(10, 20)]),
        ),
        // Overlapping marks of one own warning, out of order.
        (
            vec![own(traversal, &[(14, 20), (10, 16)])],
            lifted(traversal, &[(11, 19)]),
        ),
        // No bytes, at the same place.
        (
            vec![own(sensitive, &[(35, 35)])],
            lifted(sensitive, &[(35, 35)]),
        ),
        // The carried URL's '%2e', each written '%252e': an escape inside
        // an escape, which the own double-encoding reads through.
        (
            vec![own(double, &[(39, 44), (44, 49)])],
            lifted(unreserved, &[(39, 44), (44, 49)]),
        ),
        (
            vec![own(double, &[(39, 44), (44, 49)])],
            lifted(lowercase, &[(39, 44), (44, 49)]),
        ),
        // Its own code on one, double-encoding on the other.
        (
            vec![own(lowercase, &[(10, 13)]), own(double, &[(13, 18)])],
            lifted(lowercase, &[(10, 13), (13, 18)]),
        ),
    ];
    for (own, lifted) in &said {
        assert!(says_the_same(own, lifted), "{own:#?}\n{lifted:#?}");
    }
    let more = [
        // A byte between the own marks.
        (
            vec![own(traversal, &[(10, 14)]), own(traversal, &[(15, 20)])],
            lifted(traversal, &[(10, 20)]),
        ),
        // A byte past the own mark.
        (
            vec![own(sensitive, &[(17, 69)])],
            lifted(sensitive, &[(42, 70)]),
        ),
        // One of its marks elsewhere.
        (
            vec![own(traversal, &[(45, 51)])],
            lifted(traversal, &[(45, 51), (60, 62)]),
        ),
        // Another severity.
        (
            vec![own(traversal, &[(45, 51)]).with_severity(Severity::Medium)],
            lifted(traversal, &[(45, 51)]),
        ),
        // Another code on the same bytes.
        (
            vec![own(WarningCode::EncodedSlash, &[(45, 48)])],
            lifted(WarningCode::Backslash, &[(45, 48)]),
        ),
        // Only the marks at its own severity count.
        (
            vec![
                own(traversal, &[(45, 51)]),
                own(traversal, &[(52, 58)]).with_severity(Severity::Medium),
            ],
            lifted(traversal, &[(45, 51), (52, 58)]),
        ),
        // No bytes, inside an own mark: a place, not a byte it marks.
        (
            vec![own(sensitive, &[(30, 40)])],
            lifted(sensitive, &[(35, 35)]),
        ),
        // No marks at all.
        (vec![own(sensitive, &[(17, 69)])], lifted(sensitive, &[])),
        // No own warning.
        (Vec::new(), lifted(sensitive, &[(42, 69)])),
        // What an escape does, not how it is spelled: the carried URL's
        // '%2F' splits no segment of the URL's own.
        (
            vec![own(double, &[(40, 45)])],
            lifted(WarningCode::EncodedSlash, &[(40, 45)]),
        ),
        // A spelling note with a byte no double-encoding marks.
        (
            vec![own(double, &[(39, 44)])],
            lifted(unreserved, &[(39, 44), (50, 53)]),
        ),
        // Marked by another finding about the bytes, not their escapes.
        (
            vec![own(traversal, &[(39, 49)])],
            lifted(unreserved, &[(39, 44)]),
        ),
        // A note at more than low severity.
        (
            vec![own(double, &[(39, 44)])],
            lifted(unreserved, &[(39, 44)]).with_severity(Severity::Medium),
        ),
    ];
    for (own, lifted) in &more {
        assert!(!says_the_same(own, lifted), "{own:#?}\n{lifted:#?}");
    }
}

/// One warning as the folding tests compare it: the bytes it marks, its
/// spans, its component, and whether it is lifted from a carried value.
#[derive(Debug, PartialEq)]
struct Marks<'u> {
    bytes: Vec<&'u [u8]>,
    spans: Vec<Span>,
    component: Option<usize>,
    lifted: bool,
}

impl<'u> Marks<'u> {
    /// The URL's own warning about `component`.
    fn own(bytes: &[&'u [u8]], spans: &[(usize, usize)], component: usize) -> Marks<'u> {
        Marks {
            bytes: bytes.to_vec(),
            spans: spans.iter().map(|&(s, e)| Span::new(s, e)).collect(),
            component: Some(component),
            lifted: false,
        }
    }

    /// A warning lifted from a carried value (no component of its own).
    fn lifted(bytes: &[&'u [u8]], spans: &[(usize, usize)]) -> Marks<'u> {
        Marks {
            component: None,
            lifted: true,
            ..Marks::own(bytes, spans, 0)
        }
    }
}

/// The warnings of `code` in the analysis of `url`, in report order.
fn marks_of(url: &[u8], code: WarningCode) -> Vec<Marks<'_>> {
    analyze(url, &Options::default())
        .warnings
        .into_iter()
        .filter(|w| w.code == code)
        .map(|w| Marks {
            bytes: w.spans.iter().map(|s| s.of(url)).collect(),
            spans: w.spans,
            component: w.component,
            lifted: w.via.is_some(),
        })
        .collect()
}

/// A carried URL's finding that the URL's own warnings already make on
/// the same bytes, at the same severity, is said once, by the URL's own
/// warnings, however the URL is carried: in the path, in a query value,
/// escaped, with backslashes, two deep, as a link protection's
/// destination. 'path-traversal' was listed three times (each '%2e%2e' on
/// its own, then both as 'a '..' segment ... (2 places in the carried
/// URL)') and 'sensitive-file' twice (the whole path, then the carried
/// URL's path inside it).
#[test]
fn a_carried_urls_finding_the_own_warnings_make_is_listed_once() {
    let traversal = WarningCode::PathTraversal;
    let sensitive = WarningCode::SensitiveFile;
    let own = Marks::own;
    let url = b"https://a.example/go/https://evil2.example/a/%2e%2e/%2e%2e/etc/passwd";
    assert_eq!(
        marks_of(url, traversal),
        [
            own(&[b"%2e%2e"], &[(45, 51)], 7),
            own(&[b"%2e%2e"], &[(52, 58)], 8)
        ]
    );
    assert_eq!(
        marks_of(url, sensitive),
        [own(&[&url[17..]], &[(17, 69)], 10)]
    );
    // The carried URL's own report keeps all three.
    let a = analyze(url, &Options::default());
    let carried = a
        .nested
        .first()
        .and_then(|n| n.analysis.as_ref())
        .expect("the carried URL's analysis");
    let codes: Vec<&str> = carried.warnings.iter().map(|w| w.code.code()).collect();
    assert_eq!(
        codes,
        ["sensitive-file", "path-traversal", "path-traversal"]
    );

    let url = b"https://a.example/?next=https://evil.example/%2e%2e/etc/passwd";
    assert_eq!(
        marks_of(url, traversal),
        [own(&[b"%2e%2e/"], &[(45, 52)], 4)]
    );
    assert_eq!(
        marks_of(url, sensitive),
        [own(&[&url[24..]], &[(24, 62)], 4)]
    );
    // Escaped, in the path and in a query value: the carried '..' lies
    // inside the own '..%2F'.
    let url = b"https://a.example/go/https%3A%2F%2Fevil.example%2F..%2Fetc%2Fpasswd";
    assert_eq!(marks_of(url, traversal), [own(&[b"..%2F"], &[(50, 55)], 3)]);
    assert_eq!(
        marks_of(url, sensitive),
        [own(&[&url[17..]], &[(17, 67)], 3)]
    );
    let url = b"https://a.example/?next=https%3A%2F%2Fevil.example%2F..%2Fetc%2Fpasswd";
    assert_eq!(marks_of(url, traversal), [own(&[b"..%2F"], &[(53, 58)], 4)]);
    assert_eq!(
        marks_of(url, sensitive),
        [own(&[&url[24..]], &[(24, 70)], 4)]
    );
    // Backslashes for slashes in the carried path.
    let url = br"https://a.example/go/https://evil.example/a\..\..\etc\passwd";
    assert_eq!(
        marks_of(url, traversal),
        [own(&[br"..\", br"..\"], &[(44, 47), (47, 50)], 6)]
    );
    assert_eq!(
        marks_of(url, sensitive),
        [own(&[&url[17..]], &[(17, 60)], 6)]
    );
    // A URL carried by a URL carried in the path.
    let url =
        b"https://a.example/go/https://evil.example/x/https://evil3.example/%2e%2e/etc/passwd";
    assert_eq!(
        marks_of(url, traversal),
        [own(&[b"%2e%2e"], &[(66, 72)], 10)]
    );
    assert_eq!(
        marks_of(url, sensitive),
        [own(&[&url[17..]], &[(17, 83)], 12)]
    );
    // Proofpoint v3 carries its destination as written: each '..' once.
    let url = b"https://urldefense.com/v3/__https://evil.example/a/../../etc/passwd__;!!abc!def$";
    assert_eq!(
        marks_of(url, traversal),
        [own(&[b".."], &[(51, 53)], 7), own(&[b".."], &[(54, 56)], 8)]
    );
    // Safe Links past the unfolding's count of values: its destination,
    // analysed on its own, lifted onto the whole 'url' value, which the
    // URL's own 'sensitive-file' marks whole.
    let pairs: Vec<String> = (0..MAX_NESTED)
        .map(|i| format!("a{i}=http://x{i}.example/"))
        .collect();
    let url = format!(
        "https://nam02.safelinks.protection.outlook.com/?{}&url=https%3A%2F%2Fevil.example%2Fetc%2Fpasswd&data=x",
        pairs.join("&")
    );
    let found = marks_of(url.as_bytes(), sensitive);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found.iter().all(|m| m.component.is_some() && !m.lifted));
}

/// Near misses of the folding: a carried URL's finding that marks a byte
/// the URL's own warnings of its code do not, or says a code they do not,
/// stays a warning of its own beside them.
#[test]
fn a_carried_urls_finding_that_says_more_is_kept() {
    let traversal = WarningCode::PathTraversal;
    let sensitive = WarningCode::SensitiveFile;
    let lifted = Marks::lifted;
    // In the fragment, which no server sees: the URL's own checks say
    // nothing of it, the carried URL's are all there is.
    let url = b"https://a.example/#https://evil.example/%2e%2e/etc/passwd";
    assert_eq!(
        marks_of(url, traversal),
        [lifted(&[b"%2e%2e"], &[(40, 46)])]
    );
    assert_eq!(
        marks_of(url, sensitive),
        [lifted(&[&url[39..]], &[(39, 57)])]
    );
    // The carried URL's query value starts with '..', which the outer
    // query value's own check does not read as a segment: it marks one
    // '..' more, so it is kept whole beside the own one.
    let url = b"https://a.example/?next=https://evil.example/?f=../../etc/passwd";
    assert_eq!(
        marks_of(url, traversal),
        [
            lifted(&[b"../", b"../"], &[(48, 51), (51, 54)]),
            Marks::own(&[b"../"], &[(51, 54)], 4),
        ]
    );
    // Another code on the same bytes: the URL's own escapes are
    // 'encoded-slash', which the carried URL reads as backslashes.
    let url = b"https://a.example/go/https:%5C%5Cevil.example%5C..%5Cetc%5Cpasswd";
    let escapes: &[(usize, usize)] = &[(27, 30), (30, 33), (45, 48), (50, 53), (56, 59)];
    let marked = [&b"%5C"[..]; 5];
    assert_eq!(
        marks_of(url, WarningCode::EncodedSlash),
        [Marks::own(&marked, escapes, 3)]
    );
    assert_eq!(
        marks_of(url, WarningCode::Backslash),
        [lifted(&marked, escapes)]
    );
    // What the carried URL finds that the URL cannot: its userinfo.
    let url = b"https://app.example/cb?u=//user@evil.example/";
    assert_eq!(
        marks_of(url, WarningCode::Userinfo),
        [lifted(&[b"user@"], &[(27, 32)])]
    );
}

/// A carried URL's note on how its escapes are spelled, where the URL
/// writes each as an escape inside an escape, is said by the URL's own
/// `double-encoding`: `%252e` carried in the path or in a query value no
/// longer adds the carried URL's `encoded-unreserved` (low) and
/// `lowercase-hex` (info) for its '%2e' next to the own `double-encoding`
/// and `path-traversal` on the same bytes.
#[test]
fn a_carried_escapes_spelling_the_own_double_encoding_reads_is_said_once() {
    let url = b"https://a.example/go/https://b.example/%252e%252e/etc/passwd";
    assert_eq!(
        marks_of(url, WarningCode::DoubleEncoding),
        [Marks::own(&[b"%252e", b"%252e"], &[(39, 44), (44, 49)], 6)]
    );
    let url2 = b"https://a.example/?next=https%3A%2F%2Fb.example%2F%252e%252e%2Fetc%2Fpasswd";
    for url in [&url[..], url2] {
        for code in [WarningCode::EncodedUnreserved, WarningCode::LowercaseHex] {
            assert_eq!(
                marks_of(url, code),
                [],
                "{code:?} {}",
                String::from_utf8_lossy(url)
            );
        }
    }
    // The carried URL's own report keeps them.
    let a = analyze(url, &Options::default());
    let carried = a
        .nested
        .first()
        .and_then(|n| n.analysis.as_ref())
        .expect("the carried URL's analysis");
    assert!(carried
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::EncodedUnreserved));
}

/// Near misses: what a carried escape does stays beside the own
/// `double-encoding` (the carried URL's '%2F' inside one of its segments),
/// and a spelling note on bytes the URL's own reading sees as no escape
/// (Proofpoint v2's `-252e` for '%2e') stays, on those bytes.
#[test]
fn a_carried_escapes_finding_the_own_warnings_do_not_make_is_kept() {
    let url = b"https://a.example/go/https://b.example/a%252Fb";
    assert_eq!(
        marks_of(url, WarningCode::EncodedSlash),
        [Marks::lifted(&[b"%252F"], &[(40, 45)])]
    );
    let url = b"https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_a_-252e-252e_etc_passwd&d=x";
    assert_eq!(
        marks_of(url, WarningCode::EncodedUnreserved),
        [Marks::lifted(&[b"-252e", b"-252e"], &[(72, 77), (77, 82)])]
    );
    assert_eq!(
        marks_of(url, WarningCode::LowercaseHex),
        [Marks::lifted(&[b"-252e", b"-252e"], &[(72, 77), (77, 82)])]
    );
}

/// A link protection's destination written in the wrapper's own encoding
/// has its findings marked on the bytes of the wrapper's text that write
/// them, as its decoder read them: Proofpoint v2's `..-2F` and `_`, v3's
/// `*` for the `%` it stands for. They were on the whole carrier, the
/// same span once per place ('path-traversal 43-94,43-94 ... (2 places in
/// the carried URL)').
#[test]
fn a_wrapped_destinations_findings_are_marked_on_the_bytes_that_write_them() {
    let lifted = Marks::lifted;
    let url = b"https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_a_..-2F..-2Fetc-2Fpasswd&d=x";
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [lifted(&[b"..", b".."], &[(72, 74), (77, 79)])]
    );
    assert_eq!(
        marks_of(url, WarningCode::SensitiveFile),
        [lifted(&[b"_a_..-2F..-2Fetc-2Fpasswd"], &[(69, 94)])]
    );
    let a = analyze(url, &Options::default());
    let traversal = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::PathTraversal);
    assert!(
        traversal.is_some_and(|w| w.message.ends_with("(2 places in the carried URL).")),
        "{traversal:?}"
    );
    // Proofpoint v3's '*' writes the '%' of each escape.
    let url = b"https://urldefense.com/v3/__https://evil.example.com/a/*2e*2e/etc/passwd__;JSUl!!ABC!xyz$";
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [lifted(&[b"*2e*2e"], &[(55, 61)])]
    );
    assert_eq!(
        marks_of(url, WarningCode::EncodedUnreserved),
        [lifted(&[b"*2e", b"*2e"], &[(55, 58), (58, 61)])]
    );
    // Past the unfolding's count of values the destination is analysed on
    // its own: as the wrapper carries it (a browser's resolving would drop
    // its '..'), marked the same way.
    let pairs: Vec<String> = (0..MAX_NESTED)
        .map(|i| format!("a{i}=http://x{i}.example/"))
        .collect();
    let url = format!(
        "https://urldefense.proofpoint.com/v2/url?{}&u=https-3A__evil.example.com_a_..-2F..-2Fetc-2Fpasswd&d=x",
        pairs.join("&")
    );
    let at = url.find("_a_").expect("the path");
    let url = url.as_bytes();
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [lifted(
            &[b"..", b".."],
            &[(at + 3, at + 5), (at + 8, at + 10)]
        )]
    );
}

/// Near miss: a wrapper whose decoding says no byte of it writes one of
/// the destination's alone (Bing's base64) marks its whole value, once:
/// the carried URL's two '..' are not two places on the same bytes.
#[test]
fn an_opaque_wrappers_findings_are_marked_once_on_its_whole_value() {
    let url = b"https://www.bing.com/ck/a?!&&p=0&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvYS8uLi8uLi9ldGMvcGFzc3dk&ntb=1";
    let value = &url[35..89];
    assert_eq!(
        marks_of(url, WarningCode::PathTraversal),
        [Marks::lifted(&[value], &[(35, 89)])]
    );
    let a = analyze(url, &Options::default());
    assert!(
        a.warnings
            .iter()
            .all(|w| !w.message.contains("places in the carried URL")),
        "{:?}",
        a.warnings
    );
}

/// A URL carried by a carried URL leads from its own bytes, as the
/// URL writes them: `open-redirect` on `next`'s whole value (to
/// b.example) and on the `https://evil.example/` inside it (to
/// evil.example), where both were on `next`'s value, 24-66 twice. Its
/// destination has those bytes too, and the component that holds them.
#[test]
fn a_url_carried_in_turn_leads_from_its_own_bytes() {
    let redirect = |bytes: &[&'static [u8]], spans: &[(usize, usize)], component| Marks {
        lifted: true,
        ..Marks::own(bytes, spans, component)
    };
    let url = b"https://a.example/?next=https://b.example/?u=https://evil.example/";
    assert_eq!(
        marks_of(url, WarningCode::OpenRedirect),
        [
            redirect(&[&url[24..]], &[(24, 66)], 4),
            redirect(&[b"https://evil.example/"], &[(45, 66)], 4),
        ]
    );
    let a = analyze(url, &Options::default());
    let last = a.destinations.last().expect("evil.example");
    assert_eq!(last.via, "query value 'next' → query value 'u'");
    assert_eq!((last.span, last.component), (Span::new(45, 66), Some(4)));
    assert_eq!(a.destination_severity(last), Some(Severity::Medium));
    // Escaped twice over: the bytes that write it.
    let url = b"https://a.example/?next=https%3A%2F%2Fb.example%2F%3Fu%3Dhttps%253A%252F%252Fevil.example%252F";
    let marks = marks_of(url, WarningCode::OpenRedirect);
    assert_eq!(
        marks.last(),
        Some(&redirect(
            &[b"https%253A%252F%252Fevil.example%252F"],
            &[(57, 94)],
            4
        ))
    );
    // In the path, in the segment where it starts.
    let url = b"https://a.example/go/https://b.example/go/https://evil.example/";
    assert_eq!(
        marks_of(url, WarningCode::OpenRedirect),
        [
            redirect(&[&url[21..]], &[(21, 63)], 3),
            redirect(&[b"https://evil.example/"], &[(42, 63)], 7),
        ]
    );
    // An internal host reached in turn.
    let url = b"https://a.example/?next=https://b.example/?u=http://127.0.0.1/";
    assert_eq!(
        marks_of(url, WarningCode::InternalDestination),
        [redirect(&[b"http://127.0.0.1/"], &[(45, 62)], 4)]
    );
}

/// Near miss: a URL carried in turn inside base64, whose bytes write
/// none of its characters alone, leads from the whole payload, as the URL
/// that carries it does; each still says where it leads.
#[test]
fn a_url_carried_in_turn_inside_base64_leads_from_the_payload() {
    let url = b"https://a.example/?next=aHR0cHM6Ly9iLmV4YW1wbGUvP3U9aHR0cHM6Ly9ldmlsLmV4YW1wbGUv";
    let a = analyze(url, &Options::default());
    let redirects: Vec<(Span, &str)> = a
        .warnings
        .iter()
        .filter(|w| w.code == WarningCode::OpenRedirect)
        .map(|w| (w.span, w.via.as_deref().unwrap_or_default()))
        .collect();
    assert_eq!(
        redirects,
        [
            (Span::new(24, 80), "query value 'next' → base64"),
            (
                Span::new(24, 80),
                "query value 'next' → base64 → query value 'u'"
            ),
        ]
    );
}

/// Past the listed ones, the destinations summed up in one warning mark
/// each place once: forty URLs that a URL in base64 carries in turn all
/// lead from the payload, which the summary marked nine times.
#[test]
fn a_summary_of_destinations_marks_each_place_once() {
    use base64::Engine as _;
    let pairs: Vec<String> = (0..40)
        .map(|i| format!("a{i}=http://x{i}.example/"))
        .collect();
    let inner = format!("https://b.example/?{}", pairs.join("&"));
    let payload = base64::engine::general_purpose::STANDARD.encode(inner);
    let url = format!("https://a.example/?next={payload}");
    let a = analyze(url.as_bytes(), &Options::default());
    let summary = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::OpenRedirect && w.component.is_none())
        .expect("a summary");
    assert!(summary.message.starts_with("9 more"), "{}", summary.message);
    assert_eq!(summary.spans, [Span::new(24, url.len())]);
}

/// A network-path reference with a backslash in its authority leads a
/// browser, on the http(s) page it is read against, to the host before
/// the backslash (node: `new URL("//evil.com\\@good.com/",
/// "https://page.example/")` is `https://evil.com/@good.com/`), where RFC
/// 3986 parsers read the host after the '@': the destination is the
/// browser's, with RFC 3986's as the other reading, and the userinfo
/// warning says both, as for `http://evil.com\@good.com/`.
#[test]
fn a_network_path_reference_leads_where_a_browser_reads_it() {
    let a = analyze(br"//evil.com\@good.com/", &Options::default());
    let own = a.destinations.first().expect("its own destination");
    let host = |h: Option<&crate::analysis::HostClass>| h.map(|h| h.canonical.clone());
    assert_eq!(host(own.host.as_ref()).as_deref(), Some("evil.com"));
    let other = own.other_reading.as_ref().expect("RFC 3986's reading");
    assert_eq!(host(other.host.as_ref()).as_deref(), Some("good.com"));
    let userinfo = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::Userinfo)
        .expect("a userinfo warning");
    assert!(
        userinfo.message.contains("opens 'evil.com'"),
        "{}",
        userinfo.message
    );
    // Near misses: no backslash, a backslash after the host (one host to
    // every reader), a backslash only in the query.
    for url in [
        &b"//evil.com@good.com/"[..],
        br"//good.com/a\b",
        br"//good.com/?next=a\b",
    ] {
        let a = analyze(url, &Options::default());
        let own = a.destinations.first().expect("its own destination");
        assert!(
            own.other_reading.is_none(),
            "{}",
            String::from_utf8_lossy(url)
        );
    }
}
