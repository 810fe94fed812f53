//! The normalized URL keeps RFC 3986's reading; where a browser reads the
//! URL otherwise, it leads elsewhere, and every face says so beside it.

mod common;
use common::{stdout_of, urlscope};

const SPLIT: &str = "http://evil.com\\@good.com/";
const NOTE: &str = "the normalized URL leads to good.com, where a browser opens evil.com";

#[test]
fn explain_says_where_the_normalized_url_leads() {
    let out = stdout_of(&["explain", "--color", "never", SPLIT]);
    let normalized = out
        .lines()
        .position(|l| l.starts_with("Normalized  http://evil.com%5C@good.com/"))
        .unwrap_or_else(|| panic!("no Normalized line:\n{out}"));
    let after: Vec<&str> = out.lines().skip(normalized + 1).map(str::trim).collect();
    assert!(after.join(" ").starts_with(NOTE), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["explain", "--json", SPLIT])).expect("JSON");
    let note = json["normalized_elsewhere"].as_str().unwrap_or_default();
    assert!(note.starts_with(NOTE), "{json}");
}

#[test]
fn normalize_says_on_standard_error_where_the_normalized_url_leads() {
    let out = urlscope()
        .args(["normalize", SPLIT])
        .output()
        .expect("urlscope runs");
    assert!(out.status.success());
    assert_eq!(out.stdout, b"http://evil.com%5C@good.com/\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with(&format!("urlscope: {NOTE}")), "{err}");
    let quiet = urlscope()
        .args(["normalize", "HTTP://Example.COM:80/a/../b"])
        .output()
        .expect("urlscope runs");
    assert!(quiet.stderr.is_empty(), "{quiet:?}");
}

#[test]
fn a_normalized_url_that_leads_where_the_url_leads_has_no_note() {
    for url in [
        "HTTP://Example.COM:80/a/../b",
        "https://example.com/%7Euser",
        "http://[::1]/",
        "http://a@b@good.com/",
    ] {
        let out = stdout_of(&["explain", "--color", "never", url]);
        assert!(!out.contains("the normalized URL leads"), "{url}:\n{out}");
        let json: serde_json::Value =
            serde_json::from_str(&stdout_of(&["explain", "--json", url])).expect("JSON");
        assert!(json.get("normalized_elsewhere").is_none(), "{url}");
    }
}

/// Dot segments that start a path before an empty segment are taken off
/// as the URL Standard takes them, keeping the empty segment with `/.`
/// before it: the normalized URL is the one a browser opens
/// (`file:////evil.com`, `http://.//evil.com`), never an authority
/// (`file://evil.com`) nor a path one segment short (`file:/evil.com`,
/// which `file:.//evil.com` normalized to; `http:/evil.com`, which a
/// browser opens as evil.com).
#[test]
fn normalizing_keeps_a_paths_empty_segment_a_path() {
    for (url, normalized) in [
        ("file:.//evil.com", "file:/.//evil.com"),
        ("http:.//evil.com", "http:/.//evil.com"),
        ("x:/.//evil.com", "x:/.//evil.com"),
        ("file:/.//evil.com", "file:/.//evil.com"),
    ] {
        assert_eq!(stdout_of(&["normalize", url]), format!("{normalized}\n"));
        assert_eq!(stdout_of(&["clean", url]), format!("{url}\n"));
        let out = stdout_of(&["explain", "--color", "never", url]);
        assert!(
            out.contains(&format!("Normalized  {normalized}\n")),
            "{url}:\n{out}"
        );
        assert!(!out.contains("the normalized URL leads"), "{url}:\n{out}");
    }
}
