use super::{codes, warning};
use crate::split::Span;
use crate::warnings::Severity;

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
