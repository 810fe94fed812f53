//! `explain --json` on input that is not UTF-8: the exact bytes are in
//! the report, every span indexes them, and the report states what the
//! text report states.

mod common;

use common::urlscope;
use serde_json::Value;

/// The standard output of `urlscope args`, given `input` on standard
/// input, which must succeed.
fn run(args: &[&str], input: &[u8]) -> Vec<u8> {
    let out = urlscope()
        .args(args)
        .write_stdin(input.to_vec())
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The `explain --json` object of `input`, given on standard input.
fn report_of(input: &[u8]) -> Value {
    serde_json::from_slice(&run(&["explain", "--json"], input)).expect("one JSON object")
}

fn from_hex(hex: &str) -> Vec<u8> {
    assert_eq!(hex.len() % 2, 0, "{hex}");
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits"))
        .collect()
}

fn span(v: &Value) -> (usize, usize) {
    let at = |i: usize| v[i].as_u64().expect("offset") as usize;
    (at(0), at(1))
}

/// The exact input the report describes: `input_hex` when the input is
/// not UTF-8, else the UTF-8 of `input`.
fn exact_input(r: &Value) -> Vec<u8> {
    match r["input_hex"].as_str() {
        Some(hex) => from_hex(hex),
        None => r["input"].as_str().expect("input").as_bytes().to_vec(),
    }
}

const HOSTILE: &[u8] = b"https://ex\xFFample.com/a%ZZ\xC3/b?q=\xFE";

#[test]
fn input_hex_holds_the_exact_bytes_of_input_that_is_not_utf8() {
    for input in [HOSTILE, b"https://example.com/\xFF", b"/caf\xE9"] {
        let r = report_of(input);
        assert_eq!(r["input_valid_utf8"], false);
        assert_eq!(r["input_hex"].as_str().map(from_hex), Some(input.to_vec()));
        // `input` stays the text, each ill-formed sequence U+FFFD.
        assert_eq!(r["input"], String::from_utf8_lossy(input).as_ref());
    }
}

#[test]
fn input_hex_is_absent_when_the_input_is_utf8() {
    let r = report_of("https://exämple.com/é".as_bytes());
    assert_eq!(r["input_valid_utf8"], true);
    assert!(r.get("input_hex").is_none(), "{r}");
}

#[test]
fn component_spans_index_the_exact_bytes() {
    let r = report_of(HOSTILE);
    let exact = exact_input(&r);
    let components = r["components"].as_array().expect("components");
    let raws: Vec<(&str, &[u8])> = components
        .iter()
        .map(|c| {
            let (start, end) = span(&c["span"]);
            (c["kind"].as_str().expect("kind"), &exact[start..end])
        })
        .collect();
    assert_eq!(
        raws,
        [
            ("scheme", &b"https"[..]),
            ("host", b"ex\xFFample.com"),
            ("path_segment", b"a%ZZ\xC3"),
            ("path_segment", b"b"),
            ("query_key", b"q"),
            ("query_value", b"\xFE"),
        ]
    );
    // A component with no escape decodes to its raw bytes, which its
    // byte table gives one by one.
    let host = &components[1];
    let hex: String = host["bytes"]
        .as_array()
        .expect("bytes")
        .iter()
        .map(|b| b["hex"].as_str().expect("hex"))
        .collect();
    assert_eq!(from_hex(&hex), b"ex\xFFample.com");
}

#[test]
fn warning_spans_index_the_exact_bytes() {
    let r = report_of(HOSTILE);
    let exact = exact_input(&r);
    let at = |code: &str| -> Vec<&[u8]> {
        r["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .filter(|w| w["code"] == code)
            .map(|w| {
                let (start, end) = span(&w["span"]);
                &exact[start..end]
            })
            .collect()
    };
    assert_eq!(at("invalid-utf8"), [b"\xFF", b"\xC3", b"\xFE"]);
    assert_eq!(at("malformed-escape"), [b"%ZZ"]);
    let (start, end) = span(&r["destinations"][0]["span"]);
    assert_eq!(&exact[start..end], b"ex\xFFample.com");
}

fn targets(r: &Value) -> Vec<&str> {
    r["destinations"]
        .as_array()
        .expect("destinations")
        .iter()
        .map(|d| d["target"].as_str().expect("target"))
        .collect()
}

/// A browser reads text: the target keeps a byte that is not UTF-8 as its
/// escape, as the clean URL does, not U+FFFD's `%EF%BF%BD`.
#[test]
fn the_target_keeps_bytes_that_are_not_utf8_as_the_clean_url_does() {
    let r = report_of(b"https://example.com/\xFF");
    assert_eq!(r["clean"], "https://example.com/%FF");
    assert_eq!(targets(&r), ["https://example.com/%FF"]);

    // One a browser refuses is given as written, its bytes escaped.
    let r = report_of(HOSTILE);
    assert_eq!(targets(&r), ["https://ex%FFample.com/a%ZZ%C3/b?q=%FE"]);
    assert_eq!(r["clean"], "https://ex%FFample.com/a%25ZZ%C3/b?q=%FE");
}

#[test]
fn a_carried_target_keeps_bytes_that_are_not_utf8_in_json_and_text() {
    let input = b"https://a.example/?next=https://b.example/\xFF";
    let r = report_of(input);
    assert_eq!(
        targets(&r),
        [
            "https://a.example/?next=https://b.example/%FF",
            "https://b.example/%FF"
        ]
    );
    let text =
        String::from_utf8(run(&["explain", "--color", "never"], input)).expect("utf-8 report");
    assert!(
        text.contains("via query value 'next': https://b.example/%FF\n"),
        "{text}"
    );
}

/// The byte table says which bytes one U+FFFD of `decoded` stands for, as
/// the text report's does ("one for these 2 bytes").
#[test]
fn an_ill_formed_byte_gives_the_bytes_its_u_fffd_replaces() {
    let r = report_of(b"/%E2%82x%E2%E2\xC3");
    let segment = &r["components"][0];
    assert_eq!(segment["decoded"], "\u{FFFD}x\u{FFFD}\u{FFFD}\u{FFFD}");
    let lens: Vec<Option<u64>> = segment["bytes"]
        .as_array()
        .expect("bytes")
        .iter()
        .map(|b| b["subpart_len"].as_u64())
        .collect();
    assert_eq!(lens, [Some(2), Some(2), None, Some(1), Some(1), Some(1)]);
}

/// The `scan --json` records of `input` (`args` after `scan --json`);
/// its exit status says whether it flagged a line, so it is not checked.
fn scan_records(args: &[&str], input: &[u8]) -> Vec<Value> {
    let out = urlscope()
        .args(["scan", "--json", "--min-severity", "low"])
        .args(args)
        .write_stdin(input.to_vec())
        .output()
        .expect("run");
    String::from_utf8(out.stdout)
        .expect("utf-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

#[test]
fn scan_json_gives_the_exact_bytes_its_spans_index() {
    let url = b"https://example.com/\xFF%252e%252e/x";
    let records = scan_records(&["-"], &[&url[..], b"\nhttps://example.com/ok\n"].concat());
    assert_eq!(records.len(), 1, "{records:?}");
    let r = &records[0];
    let exact = exact_input(r);
    assert_eq!(exact, url);
    let invalid = r["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .find(|w| w["code"] == "invalid-utf8")
        .expect("invalid-utf8");
    let (start, end) = span(&invalid["span"]);
    assert_eq!(&exact[start..end], b"\xFF");

    // A URL found in text: the URL as the line writes it, which its spans
    // index.
    let records = scan_records(
        &["--format", "text", "-"],
        b"see https://\xFFa.example/%252e%252e/ there\n",
    );
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(
        exact_input(&records[0]),
        b"https://\xFFa.example/%252e%252e/"
    );
}
