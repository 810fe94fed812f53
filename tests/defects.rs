//! Where a URL leads, for URLs whose readings part: a URL's own authority
//! read again as a carried URL is one destination and no carried value, a
//! carried value says where it leads, and a `file:` URL's host
//! is the one a browser reads (node's `new URL()`, v20.20.2), in `explain
//! --json` and in [`destination_host`] (what the Python package's Arrow
//! triage reads).

mod common;

use common::{carried_values, stdout_of};
use urlscope_core::analysis::{analyze, classify_host, destination_host, Options};
use urlscope_core::describe;

fn json(url: &str) -> serde_json::Value {
    serde_json::from_str(&stdout_of(&["explain", "--json", url])).expect("json")
}

/// `https:\\evil.com/`: a browser reads the backslashes as `//` and opens
/// evil.com, RFC 3986 reads no authority but the path `\\evil.com/`, whose
/// first segment the unfolding also found as a carried `\\evil.com`,
/// resolved to evil.com again: the same place, once, with each reader's
/// host said as `http://evil.com\@good.com/` says them.
#[test]
fn a_urls_own_authority_read_again_is_one_destination() {
    for (url, scheme) in [
        (r"https:\\evil.com/", "https"),
        (r"https:\\evil.com/x/y", "https"),
        (r"http:\\evil.com\x", "http"),
        (r"file:\\evil.com\share", "file"),
    ] {
        let json = json(url);
        let destinations = json["destinations"].as_array().expect("destinations");
        assert_eq!(destinations.len(), 1, "{url}: {destinations:#?}");
        let own = &destinations[0];
        assert_eq!(own["host"]["canonical"], "evil.com", "{url}");
        assert_eq!(own["other_reading"]["reader"], "rfc3986", "{url}");
        assert!(own["other_reading"]["host"].is_null(), "{url}");
        let a = analyze(url.as_bytes(), &Options::default());
        assert_eq!(
            describe::place(&a.destinations[0]),
            format!(
                "evil.com (public; what a browser opens), but RFC 3986 parsers such as \
                 Python's urllib.parse read no host (to them, what follows '{scheme}:' is a path)"
            ),
            "{url}"
        );
    }
    // The form of the userinfo differential, for comparison.
    let a = analyze(br"http://evil.com\@good.com/", &Options::default());
    assert_eq!(
        describe::place(&a.destinations[0]),
        "evil.com (public; what a browser opens), but RFC 3986 parsers such as \
         Python's urllib.parse read good.com (public)"
    );
    // A URL carried further on is still its own destination.
    let json = json(r"https:\\evil.com/?u=https://other.example/");
    assert_eq!(json["destinations"].as_array().map(Vec::len), Some(2));
}

/// Nor is it a value the URL carries: `explain` listed `\\evil.com` under
/// "Carried values" for `https:\\evil.com/`, the URL's own host once more,
/// where the destinations list it once. What it carries in turn still is,
/// reached through it.
#[test]
fn a_urls_own_authority_read_again_is_no_carried_value() {
    for url in [
        r"https:\\evil.com/",
        r"https:\\evil.com/x/y",
        r"http:\\evil.com\x",
        r"file:\\evil.com\share",
    ] {
        let json = json(url);
        assert_eq!(json["nested"], serde_json::json!([]), "{url}");
        let text = stdout_of(&["explain", "--color", "never", url]);
        assert!(!text.contains("Carried values"), "{url}:\n{text}");
    }
    let json = json(r"https:\\evil.com/?u=https://other.example/");
    let nested = json["nested"].as_array().expect("nested");
    assert_eq!(nested.len(), 1, "{nested:#?}");
    assert_eq!(nested[0]["text"], "https://other.example/");
}

/// A carried value says where it leads, as the destinations (and the
/// inspector) say it: `?next=\\evil.com` was listed with its RFC 3986
/// reading alone, a path segment, while "Leads to" and open-redirect said
/// a browser goes to evil.com.
#[test]
fn a_carried_url_says_where_it_leads() {
    let carried = carried_values(r"https://example.com/?next=\\evil.com");
    assert!(
        carried.contains(
            "\n    leads to: https://evil.com/  → evil.com (public)  off-site: evil.com\n"
        ),
        "{carried}"
    );
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

/// `https://example.com/?next=\\evil.com`: the two backslashes (bytes
/// 26-28) are one finding, the query value's, in the report, its JSON and
/// the severity counts; the carried URL's own report still names them in
/// its path segment, and the open redirect says a backslash stands for a
/// slash.
#[test]
fn a_finding_of_a_carried_url_on_the_urls_own_bytes_is_listed_once() {
    let url = r"https://example.com/?next=\\evil.com";
    let warnings = json(url)["warnings"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let backslashes: Vec<&serde_json::Value> = warnings
        .iter()
        .filter(|w| w["code"] == "backslash")
        .collect();
    assert_eq!(backslashes.len(), 1, "{warnings:#?}");
    assert_eq!(backslashes[0]["component"], 4, "{warnings:#?}");
    let text = stdout_of(&["explain", "--color", "never", url]);
    assert_eq!(text.matches("MEDIUM backslash  bytes").count(), 1, "{text}");
    assert!(text.contains("2 warnings (1 high, 1 medium)"), "{text}");
    assert!(
        carried_values(url).contains("MEDIUM backslash: A raw backslash"),
        "{text}"
    );
}
