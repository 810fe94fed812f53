use super::{marks_of, warning, Marks};
use crate::analysis::{analyze, Options, MAX_NESTED};
use crate::split::Span;
use crate::warnings::{Warning, WarningCode};

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
/// `double-encoding`: `%252e` carried in the path no longer adds the
/// carried URL's `encoded-unreserved` (low) and `lowercase-hex` (info)
/// for its '%2e' next to the own `double-encoding` and `path-traversal`
/// on the same bytes.
#[test]
fn a_carried_escapes_spelling_the_own_double_encoding_reads_is_said_once() {
    let url = b"https://a.example/go/https://b.example/%252e%252e/etc/passwd";
    assert_eq!(
        marks_of(url, WarningCode::DoubleEncoding),
        [Marks::own(&[b"%252e", b"%252e"], &[(39, 44), (44, 49)], 6)]
    );
    for code in [WarningCode::EncodedUnreserved, WarningCode::LowercaseHex] {
        assert_eq!(marks_of(url, code), [], "{code:?}");
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

/// A URL carried whole in a query value is percent-encoded as a whole, its
/// own escapes once more (`%2520` for its `%20`): that is how every
/// redirect parameter and Safe Links writes one, no `double-encoding`.
/// The carried URL's findings on those escapes are lifted instead.
#[test]
fn a_url_encoded_whole_in_a_value_is_no_double_encoding() {
    let url = b"https://a.example/?next=https%3A%2F%2Fb.example%2F%252e%252e%2Fetc%2Fpasswd";
    assert_eq!(marks_of(url, WarningCode::DoubleEncoding), []);
    let a = analyze(url, &Options::default());
    let code_of = |code| a.warnings.iter().any(|w| w.code == code);
    assert!(code_of(WarningCode::PathTraversal));
    assert!(code_of(WarningCode::EncodedUnreserved));
    let wrapped = b"https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.google.com%2Fsearch%3Fq%3Da%2520b&data=05%7C01%7C&reserved=0";
    let a = analyze(wrapped, &Options::default());
    assert_eq!(
        a.warnings.iter().map(|w| w.code).collect::<Vec<_>>(),
        [],
        "a harmless search behind Safe Links"
    );
    // Escapes inside escapes in a value that is no URL still are one.
    assert_eq!(
        marks_of(
            b"https://a.example/?q=%252e%252e",
            WarningCode::DoubleEncoding
        )
        .len(),
        1
    );
    // A path on the same site, carried whole as a return address with its
    // own query encoded once more (GitHub's `return_to`), or encoded
    // twice as a whole (PayPal's `redirectUri`), is none either; another
    // site's `//`, a dot segment and a path segment's slash still are.
    for url in [
        &b"https://github.com/login?return_to=%2Flogin%2Foauth%2Fauthorize%3Fclient_id%3Da%26redirect_uri%3Dhttps%253A%252F%252Fx.example%252Fcb"[..],
        b"https://www.paypal.com/authflow/password-recovery/?country.x=US&redirectUri=%252Fsignin%252F%253FreturnUri%253D%25252Fmyaccount",
    ] {
        assert_eq!(marks_of(url, WarningCode::DoubleEncoding), [], "{}", String::from_utf8_lossy(url));
    }
    for url in [
        &b"https://a.example/?next=%252F%252Fevil.example"[..],
        b"https://a.example/?f=%252F%252e%252e%252Fetc",
        b"https://a.example/%252Fadmin",
    ] {
        assert_eq!(
            marks_of(url, WarningCode::DoubleEncoding).len(),
            1,
            "{}",
            String::from_utf8_lossy(url)
        );
    }
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

/// A carried URL's finding on several places of one component, lifted
/// with the same finding of another, says one count: "(the first of 3
/// places in the carried URL)", not "(the first of 2 places) ... (3 places
/// in the carried URL)".
#[test]
fn a_lifted_finding_on_several_places_says_one_count() {
    let url =
        b"https://a.example/r#https://evil.example/%252e%252e%252f%252e%252e%252f/x/%252e%252e/";
    let traversal = warning(url, "path-traversal").expect("the carried URL's path-traversal");
    assert_eq!(traversal.spans.len(), 3, "{}", traversal.message);
    assert!(
        traversal
            .message
            .contains("(the first of 3 places in the carried URL) in the path segment"),
        "{}",
        traversal.message
    );
    assert!(
        !traversal.message.contains("(3 places"),
        "{}",
        traversal.message
    );
}
