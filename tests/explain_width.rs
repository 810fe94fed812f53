//! `explain` fits 80 columns when its output is not a terminal: every
//! line, for URLs whose carried values, warnings and components would run
//! past it. The exceptions are what is kept whole to be copied: the `URL`
//! line, and a line ending in one unbroken word too long for any line
//! (a URL; an excerpt cut to the width is marked `…`, never one of them).

use assert_cmd::Command;
use unicode_width::UnicodeWidthStr;

fn explain(url: &str) -> String {
    let out = Command::cargo_bin("urlscope")
        .expect("binary")
        .args(["explain", url])
        .output()
        .expect("runs");
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn assert_fits(url: &str) {
    let text = explain(url);
    for line in text.lines() {
        let word = line.split_whitespace().last().unwrap_or_default();
        let whole_word = word.width() > 60 && !word.contains('…');
        assert!(
            line.width() <= 80 || line.starts_with("URL ") || whole_word,
            "{} columns: {line:?}\n(explain {url:?})",
            line.width()
        );
    }
}

#[test]
fn a_carried_urls_spelling_is_wrapped() {
    // "written with: more than two slashes; in the path, ..." ran to 103.
    assert_fits("https://victim.example/login?next=//https:///www.google.com/");
}

#[test]
fn a_warnings_excerpt_and_carets_fit_when_the_span_is_long() {
    // A marked span of 60 bytes and more, with its context: 83 columns.
    assert_fits(
        "https://victim.example/login?next=http://www.whitelisteddomain.tld@00330.00072.0000326.00000316",
    );
    let escaped: String = "3  Malformed UTF-8 sequences and much more text |"
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    assert_fits(&format!("http://x/{escaped}"));
}

#[test]
fn the_line_after_the_first_thousand_components_is_wrapped() {
    let pairs: String = (0..1200).map(|i| format!("k{i}=%2e%2e%2f&")).collect();
    assert_fits(&format!("https://example.com/?{pairs}"));
}
