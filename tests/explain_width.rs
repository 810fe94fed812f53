//! `explain` fits 80 columns when its output is not a terminal: every
//! line, for URLs whose carried values, warnings and components would run
//! past it. The exceptions are what is kept whole to be copied: the `URL`
//! line, and a line ending in one unbroken word too long for any line
//! (a URL; an excerpt cut to the width is marked `…`, never one of them).

use assert_cmd::Command;
use unicode_width::UnicodeWidthStr;

fn explain(args: &[&str]) -> String {
    let out = Command::cargo_bin("urlscope")
        .expect("binary")
        .arg("explain")
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "explain {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn assert_fits(url: &str) {
    assert_fits_with(&[url]);
}

fn assert_fits_with(args: &[&str]) {
    let text = explain(args);
    for line in text.lines() {
        let word = line.split_whitespace().last().unwrap_or_default();
        let whole_word = word.width() > 60 && !word.contains('…');
        assert!(
            line.width() <= 80 || line.starts_with("URL ") || whole_word,
            "{} columns: {line:?}\n(explain {args:?})",
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

/// Text that is not ASCII is measured in columns, not characters: a
/// character's name in a byte table ("LATIN SMALL LETTER A WITH
/// DIAERESIS" ran to 84 columns), a cell or a reading of CJK or emoji
/// (two columns each), a quote cut in the middle, a carried URL's
/// components. With `--defang` too, which fits lines again.
#[test]
fn text_that_is_not_ascii_fits_in_columns() {
    let cjk = "日本語".repeat(14);
    let emoji = "😀".repeat(43);
    let marks = "e\u{301}".repeat(60);
    let long_name = format!("https://x.com/\u{fdfa}/\u{1c5}/{}", "é".repeat(80));
    let urls = [
        "https://exämple.com/café".to_string(),
        format!("https://例え.テスト/{cjk}?q={cjk}"),
        format!("https://x.com/{emoji}"),
        "https://x.com/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88".to_string(),
        format!("https://x.com/{marks}"),
        long_name,
        format!("https://x.com/?next=https://{cjk}.com/{cjk}"),
        format!(
            "https://x.com/?next=https://evil.com/{}/%252e%252e%252f{}",
            "%61".repeat(30),
            "b".repeat(50)
        ),
        format!("https://www.paypal.com{}@evil.com/", "a".repeat(100)),
    ];
    for url in &urls {
        assert_fits_with(&[url]);
        assert_fits_with(&["--defang", url]);
    }
}
