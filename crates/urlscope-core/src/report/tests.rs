use super::*;
use crate::analysis::{analyze, Options};

#[test]
fn c1_and_bidi_are_escaped_in_json() {
    let s = to_safe_string(&serde_json::json!({ "x": "a\u{9b}b\u{202e}c\u{7f}\u{1b}" }));
    assert_eq!(s, r#"{"x":"a\u009bb\u202ec\u007f\u001b"}"#);
    let back: serde_json::Value = serde_json::from_str(&s).unwrap();
    assert_eq!(back["x"], "a\u{9b}b\u{202e}c\u{7f}\u{1b}");
}

/// A base64 payload's bytes, each with the two digits that write it,
/// as the inspector and `explain` show them; a hex one's too, and a
/// carried URL has none.
#[test]
fn a_payload_written_in_digits_has_its_digit_rows() {
    let a = analyze(
        b"https://x.example/?d=aGVsbG8gd29ybMOp&h=68747470733a2f2f6576696c2e6578616d706c65&u=https://y.example/",
        &Options::default(),
    );
    let r: serde_json::Value = serde_json::from_str(&to_safe_string(&Report::of(&a))).unwrap();
    let nested = r["nested"].as_array().unwrap();
    let of = |kind: &str| nested.iter().find(|n| n["kind"] == kind).unwrap();
    let base64 = &of("base64")["digits"];
    // "hello worl" and the two bytes of U+00E9.
    assert_eq!(base64.as_array().unwrap().len(), 12);
    assert_eq!(
        base64[0],
        serde_json::json!({"encoded_at": 0, "first_bits": 6, "hex": "68", "bin": "01101000",
            "source": "aG", "role": "ascii", "codepoint": "U+0068", "name": "LATIN SMALL LETTER H"})
    );
    assert_eq!(
        base64[11],
        serde_json::json!({"encoded_at": 14, "first_bits": 2, "hex": "A9", "bin": "10101001",
            "source": "Op", "role": "continuation", "seq_len": 2, "codepoint": "U+00E9"})
    );
    let hex = &of("hex")["digits"];
    assert_eq!(hex[1]["source"], "74");
    assert_eq!(hex[1]["first_bits"], 4);
    assert_eq!(hex[1]["encoded_at"], 2);
    assert!(of("url").get("digits").is_none());
}

/// The text report's Readings section, field by field, and why.
#[test]
fn the_report_has_the_readings_side_by_side() {
    let a = analyze(br"http://evil.com\@good.com/", &Options::default());
    let r: serde_json::Value = serde_json::from_str(&to_safe_string(&Report::of(&a))).unwrap();
    let readings = &r["readings"];
    assert_eq!(
        readings["fields"][4],
        serde_json::json!({
            "name": "host",
            "rfc3986": "good.com",
            "whatwg": "evil.com",
            "agreement": "different"
        })
    );
    assert_eq!(readings["fields"][1]["agreement"], "same-text");
    assert_eq!(
        readings["reasons"],
        serde_json::json!(["WHATWG reads '\\' as '/'"])
    );
    // None without a WHATWG reading, as the text report has none.
    let a = analyze(b"http://example.com/\xFF", &Options::default());
    assert!(!to_safe_string(&Report::of(&a)).contains("\"readings\""));
}

#[test]
fn the_report_keeps_its_field_order() {
    let a = analyze(
        b"http://user@ex\xC3\xA4mple.com/?next=http%3A%2F%2F127.0.0.1%2F#f",
        &Options::default(),
    );
    let s = to_safe_string(&Report::of(&a));
    let keys: Vec<String> = match serde_json::from_str::<serde_json::Value>(&s).unwrap() {
        serde_json::Value::Object(m) => m.keys().cloned().collect(),
        other => panic!("{other}"),
    };
    let mut expected = vec![
        "input",
        "input_valid_utf8",
        "reading",
        "components",
        "warnings",
        "clean",
        "normalized",
        "host",
        "whatwg",
        "readings",
        "destinations",
        "nested",
    ];
    expected.sort_unstable();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(keys, expected);
    // The order as written, not as a map sorts it.
    let at = |k: &str| s.find(&format!("\"{k}\":")).unwrap();
    assert!(at("input") < at("components"));
    assert!(at("components") < at("warnings"));
    assert!(at("host") < at("whatwg"));
    assert!(at("destinations") < at("nested"));
    assert!(
        s.contains(r#""reach":"loopback"#) || s.contains("loopback"),
        "{s}"
    );
}

/// A host inside a private network by convention names its suffix beside
/// the domain the Public Suffix List's rules read (which the rules use);
/// a public name has no such field.
#[test]
fn the_host_names_its_internal_suffix() {
    let host = |url: &str| {
        let a = analyze(url.as_bytes(), &Options::default());
        let r: serde_json::Value = serde_json::from_str(&to_safe_string(&Report::of(&a))).unwrap();
        r["host"].clone()
    };
    let h = host("http://kubernetes.default.svc/api");
    assert_eq!(h["internal_suffix"], "svc");
    assert_eq!(h["registrable"], "default.svc");
    assert_eq!(host("http://PRINTER.Local./")["internal_suffix"], "local");
    assert_eq!(
        host("https://kubernetes.default/")["internal_suffix"],
        "kubernetes.default"
    );
    assert!(host("http://local.example.com/")
        .get("internal_suffix")
        .is_none());
}
