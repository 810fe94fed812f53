//! The `explain` report of every gallery example, text and JSON, as the
//! binary prints it with colour off, kept as insta snapshots in
//! `tests/snapshots/`. The gallery is what a user meets first and what
//! each example teaches is in its report, so any change to a report shows
//! up here as a diff to review (`cargo insta review`, or
//! `INSTA_UPDATE=always cargo test --test gallery` to accept them all).
//!
//! JSON is snapshotted pretty-printed (keys in the order the binary
//! writes them), so a diff is a line per changed field.

use assert_cmd::Command;
use urlscope::gallery as examples;

fn explain(args: &[&str], url: &str) -> String {
    let out = Command::cargo_bin("urlscope")
        .expect("binary")
        .env_remove("NO_COLOR")
        .arg("explain")
        .args(args)
        .arg("--")
        .arg(url)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "explain {args:?} {url}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// A snapshot name for the example at `index`: its position, then the
/// first words of its description, so the files sort in gallery order and
/// say what they hold.
fn name(index: usize, description: &str) -> String {
    let words: Vec<String> = description
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(4)
        .map(str::to_ascii_lowercase)
        .collect();
    format!("{index:02}_{}", words.join("_"))
}

#[test]
fn explain_text_of_every_gallery_example() {
    for (i, example) in examples::all().iter().enumerate() {
        let text = explain(&["--color", "never"], example.url);
        assert!(
            !text.contains('\u{1b}'),
            "{}: colour with --color never",
            example.url
        );
        insta::with_settings!({ description => example.url, omit_expression => true }, {
            insta::assert_snapshot!(format!("text_{}", name(i, example.description)), text);
        });
    }
}

#[test]
fn explain_json_of_every_gallery_example() {
    for (i, example) in examples::all().iter().enumerate() {
        let json = explain(&["--json"], example.url);
        let value: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(value["input"], example.url);
        let pretty = serde_json::to_string_pretty(&value).expect("pretty");
        insta::with_settings!({ description => example.url, omit_expression => true }, {
            insta::assert_snapshot!(format!("json_{}", name(i, example.description)), pretty);
        });
    }
}
