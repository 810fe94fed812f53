//! Long defanged lines: `scan` maps each warning's spans back to the line
//! as pasted through one table per URL, so a line of 200,000 `[.]` (one
//! change each) is read in time linear in it. Mapping each span by a walk
//! over every change was quadratic: this line took 94 s in release.
//!
//! The bound below is generous (the run takes well under a second in
//! release): it is there to catch a quadratic pass, which at this size
//! takes minutes, not to time anything.

use std::time::Duration;

fn scan(args: &[&str], input: &[u8]) -> Vec<u8> {
    let out = assert_cmd::Command::cargo_bin("urlscope")
        .expect("binary")
        .arg("scan")
        .args(args)
        .arg("-")
        .write_stdin(input.to_vec())
        .timeout(Duration::from_secs(60))
        .output()
        .expect("run");
    // 0: nothing flagged; 1: something flagged.
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn line(prefix: &str, unit: &str, n: usize, suffix: &str) -> Vec<u8> {
    let mut v = prefix.as_bytes().to_vec();
    for _ in 0..n {
        v.extend_from_slice(unit.as_bytes());
    }
    v.extend_from_slice(suffix.as_bytes());
    v.push(b'\n');
    v
}

#[test]
fn a_line_of_200k_bracketed_dots_is_scanned_in_linear_time() {
    let input = line("hxxp://", "a[.]", 200_000, "com");
    let out = scan(&["--json", "--min-severity", "info"], &input);
    let v: serde_json::Value = serde_json::from_slice(&out).expect("one JSON line");
    let w = &v["warnings"][0];
    assert_eq!(w["code"], "defanged-input");
    // The warning covers every change as pasted (the scheme to the last
    // `[.]`), and carries 64 spans, as folded warnings do, not one per
    // change; the message counts them all.
    assert_eq!(
        w["span"],
        serde_json::json!([0, input.len() - "com\n".len()])
    );
    let spans = w["spans"].as_array().expect("spans");
    assert_eq!(spans.len(), 64);
    assert_eq!(spans[0], serde_json::json!([0, 4]));
    assert_eq!(spans[1], serde_json::json!([8, 11]));
    assert_eq!(spans[63], serde_json::json!([256, 259]));
    let message = w["message"].as_str().expect("message");
    assert!(message.contains("'[.]' as '.' (200000 times)"), "{message}");

    // At the default severity nothing is flagged, and it still finishes.
    assert!(scan(&[], &input).is_empty());
}

#[test]
fn other_long_defanged_spellings_are_scanned_in_linear_time() {
    // 900 kB: under the 1 MiB a line is cut at.
    let dots = line("http://", "a[dot]", 150_000, "com");
    let out = scan(&["--json", "--min-severity", "info"], &dots);
    let v: serde_json::Value = serde_json::from_slice(&out).expect("one JSON line");
    let warnings = v["warnings"].as_array().expect("warnings");
    let refanged = warnings
        .iter()
        .find(|w| w["code"] == "defanged-input")
        .expect("defanged-input");
    assert_eq!(refanged["spans"].as_array().map(Vec::len), Some(64));
    // A name of 900 kB is no name DNS carries (low).
    assert!(warnings.iter().any(|w| w["code"] == "invalid-host"));

    let bare = line("see ", "a[.]", 200_000, "com here");
    scan(&["--format", "text", "--min-severity", "info"], &bare);
}

/// A few changes keep every span, as before.
#[test]
fn a_short_defanged_line_keeps_every_span() {
    let out = scan(
        &["--json", "--min-severity", "info"],
        b"hxxp://a[.]a[.]a[.]com\n",
    );
    let v: serde_json::Value = serde_json::from_slice(&out).expect("one JSON line");
    assert_eq!(
        v["warnings"][0]["spans"],
        serde_json::json!([[0, 4], [8, 11], [12, 15], [16, 19]])
    );
    assert_eq!(v["warnings"][0]["span"], serde_json::json!([0, 19]));
}

/// `explain --json` lists the spans of a long defanged URL's
/// `defanged-input` warning as `scan` does: the first 64, the warning's
/// span still covering every change and its message counting them all.
#[test]
fn explain_caps_the_spans_of_a_long_defanged_url() {
    let url = format!("hxxp://{}com", "a[.]".repeat(300));
    let out = assert_cmd::Command::cargo_bin("urlscope")
        .expect("binary")
        .args(["explain", "--json", &url])
        .timeout(Duration::from_secs(60))
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let warnings = v["warnings"].as_array().expect("warnings");
    let w = warnings
        .iter()
        .find(|w| w["code"] == "defanged-input")
        .expect("defanged-input");
    // Spans of the URL read: `http`, then each `.`.
    let spans = w["spans"].as_array().expect("spans");
    assert_eq!(spans.len(), 64);
    assert_eq!(spans[0], serde_json::json!([0, 4]));
    assert_eq!(spans[63], serde_json::json!([132, 133]));
    assert_eq!(w["span"], serde_json::json!([0, 607]));
    let message = w["message"].as_str().expect("message");
    assert!(message.contains("'[.]' as '.' (300 times)"), "{message}");
}
