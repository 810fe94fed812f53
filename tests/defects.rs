//! Where a URL leads, for URLs whose readings part: a `file:` URL's host
//! is the one a browser reads (node's `new URL()`, v20.20.2), in `explain
//! --json` and in [`destination_host`] (what the Python package's Arrow
//! triage reads).

mod common;

use common::stdout_of;
use urlscope_core::analysis::{classify_host, destination_host};

fn json(url: &str) -> serde_json::Value {
    serde_json::from_str(&stdout_of(&["explain", "--json", url])).expect("json")
}

/// `file:` URLs with backslashes: node's `new URL(url).hostname` for each
/// (`""`: no host, a file on the reader's own machine, as for `localhost`).
const FILE_HOSTS: &[(&str, &str)] = &[
    (r"file:\\localhost//", ""),
    (r"file:\\localhost\x", ""),
    (r"file://localhost\x", ""),
    (r"file://localhost\", ""),
    (r"file:/\localhost//", ""),
    (r"file:\\\localhost//", ""),
    (r"FILE:\\LOCALHOST//", ""),
    (r"file:\\%6cocalhost//", ""),
    (r"file:\\LocalHost\C$\x", ""),
    (r"file:\\evil.com\share", "evil.com"),
    (r"file://evil.com\x", "evil.com"),
    (r"file:\\127.0.0.1\c$", "127.0.0.1"),
    (r"file:\\a\localhost//", "a"),
];

/// The host of `url` as [`destination_host`] reads it, canonical.
fn host_read(url: &str) -> Option<String> {
    let input = url.as_bytes();
    destination_host(input, &urlscope_core::split::outline(input))
        .map(|h| classify_host(&String::from_utf8_lossy(&h)).canonical)
}

#[test]
fn a_file_urls_host_is_the_one_a_browser_reads() {
    for &(url, node) in FILE_HOSTS {
        let json = json(url);
        let own = &json["destinations"][0];
        let explained = own["host"]["canonical"].as_str().map(str::to_string);
        let expected = (!node.is_empty()).then(|| node.to_string());
        assert_eq!(explained, expected, "{url}: explain --json");
        assert_eq!(host_read(url), expected, "{url}: destination_host");
    }
    // Where RFC 3986 reads another host, it is said as for other URLs.
    let json = json(r"file://localhost\x");
    let other = &json["destinations"][0]["other_reading"];
    assert_eq!(other["reader"], "rfc3986");
    assert_eq!(other["host"]["canonical"], r"localhost\x");
    // `file://localhost/x`: both read the reader's own machine.
    assert_eq!(
        host_read("file://localhost/x").as_deref(),
        Some("localhost")
    );
}
