//! `urlscope clean` keeps the host a browser opens: the cases it once got
//! wrong, through the binary (the hosts are node v20.20.2's
//! `new URL(x).host`, for the input and for the cleaned URL alike), and
//! every input of the WHATWG URL tests, against the `url` crate's WHATWG
//! reading.

use urlscope_core::clean::clean;
use urlscope_core::clean::kept::{browser_host, leads_where};
use urlscope_core::split::split;

fn cleaned_by_the_binary(url: &str) -> String {
    let out = assert_cmd::Command::cargo_bin("urlscope")
        .unwrap()
        .args(["clean", "--color", "never", url])
        .output()
        .unwrap();
    assert!(out.status.success(), "{url:?}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end_matches('\n')
        .to_string()
}

#[test]
fn any_run_of_slashes_after_a_special_scheme_is_a_browsers_double_slash() {
    // `%5B` is no IPv6 bracket: escaped as written, a browser refuses both.
    assert_eq!(cleaned_by_the_binary("http:////[::1]"), "http://[::1]"); // [::1]
    assert_eq!(cleaned_by_the_binary("http:[1:0::]"), "http://[1:0::]"); // [1::]
    assert_eq!(
        cleaned_by_the_binary(r"https:\/\[::1]/a b"),
        "https://[::1]/a%20b"
    );
    // Left as written where escaping keeps the host: on an `http:` page
    // `http:evil.com` is a relative path, and stays one.
    assert_eq!(
        cleaned_by_the_binary("http:evil.com/a b"),
        "http:evil.com/a%20b"
    ); // evil.com
}

#[test]
fn the_userinfo_ends_at_the_last_at_sign() {
    assert_eq!(cleaned_by_the_binary("http://@@[::1]"), "http://%40@[::1]"); // [::1]
    assert_eq!(
        cleaned_by_the_binary("http://good.com@evil.com@[::1]/"),
        "http://good.com%40evil.com@[::1]/"
    ); // [::1]
    assert_eq!(cleaned_by_the_binary("foo://a@b@c/"), "foo://a%40b@c/"); // c
}

#[test]
fn a_backslash_in_a_special_path_is_the_slash_a_browser_requests() {
    assert_eq!(cleaned_by_the_binary(r"http://x/a\b"), "http://x/a/b");
    assert_eq!(
        cleaned_by_the_binary(r"http://x/a\b?c\d"),
        "http://x/a/b?c%5Cd"
    );
    // In a URL of another scheme it is data.
    assert_eq!(cleaned_by_the_binary(r"foo://x/a\b"), "foo://x/a%5Cb");
}

/// A backslash anywhere in a special URL's path is written as the `/` a
/// browser reads there; the second column is node v20.20.2's
/// `new URL(input).href`, which the cleaned URL gives too. A path that
/// begins `//` follows the host (an empty one in `file:`), so no reader
/// takes it for one.
#[test]
fn a_backslash_in_any_position_of_a_special_path_is_what_a_browser_reads() {
    for (input, node, cleaned) in [
        (
            r"https://example.com/\evil.com",
            "https://example.com//evil.com",
            "https://example.com//evil.com",
        ),
        (
            r"https://example.com/\\evil.com",
            "https://example.com///evil.com",
            "https://example.com///evil.com",
        ),
        (
            r"https://example.com/a\b\",
            "https://example.com/a/b/",
            "https://example.com/a/b/",
        ),
        (
            r"https://example.com/a\\b",
            "https://example.com/a//b",
            "https://example.com/a//b",
        ),
        (
            r"https://example.com\evil.com",
            "https://example.com/evil.com",
            "https://example.com/evil.com",
        ),
        (
            r"https://example.com/.\evil.com",
            "https://example.com/evil.com",
            "https://example.com/./evil.com",
        ),
        (
            r"file:///\evil.com",
            "file:////evil.com",
            "file:////evil.com",
        ),
        // The drive letter a browser reads is the path's first segment
        // only: the bar of a later one stays (escaped).
        (r"file:///C:\C|\x", "file:///C:/C|/x", "file:///C:/C%7C/x"),
        (r"file://C|\C|\x", "file:///C:/C|/x", "file:///C:/C%7C/x"),
        (
            r"file:////C:\C|\x",
            "file:////C:/C|/x",
            "file:////C:/C%7C/x",
        ),
        (r"file:///C|\x", "file:///C:/x", "file:///C:/x"),
        (
            r"file:///C|/..\evil.com",
            "file:///C:/evil.com",
            "file:///C:/../evil.com",
        ),
        (r"file:///a/..\C|\x", "file:///C:/x", "file:///a/../C:/x"),
    ] {
        assert_eq!(
            cleaned_by_the_binary(input),
            cleaned,
            "{input:?} (node: {node})"
        );
    }
}

#[test]
fn a_drive_letter_is_no_host() {
    assert_eq!(cleaned_by_the_binary("file://C|/x"), "file:///C:/x"); // ""
}

/// A drive letter written with a bar is written with the colon a browser
/// reads (`%7C` would be no drive letter: node reads `file:///C%7C/x`
/// and removes it with `..`); the second column is node v20.20.2's
/// `new URL(input).href`, which the cleaned URL gives too.
#[test]
fn a_drive_letters_bar_is_the_colon_a_browser_reads() {
    for (input, node, cleaned) in [
        ("file:///C|/x", "file:///C:/x", "file:///C:/x"),
        ("file:///C|", "file:///C:", "file:///C:"),
        ("file:/C|/x", "file:///C:/x", "file:/C:/x"),
        ("file:C|/x", "file:///C:/x", "file:C:/x"),
        ("file:///C|?q=a|b", "file:///C:?q=a|b", "file:///C:?q=a%7Cb"),
        (
            "file:///C|/x/D|/y",
            "file:///C:/x/D|/y",
            "file:///C:/x/D%7C/y",
        ),
        ("file:///%2e/C|/x", "file:///C:/x", "file:///%2E/C:/x"),
        ("file://A/w|/m", "file://a/w:/m", "file://A/w:/m"),
        // Not the first segment: no drive letter, the bar escaped.
        ("file:////C|/x", "file:////C|/x", "file:////C%7C/x"),
        ("file:///x/C|/y", "file:///x/C|/y", "file:///x/C%7C/y"),
    ] {
        assert_eq!(
            cleaned_by_the_binary(input),
            cleaned,
            "{input:?} (node: {node})"
        );
    }
}

/// `clean` corrects a defanged URL as the URL it stands for, as
/// `explain` reads it (docs/commands.md).
#[test]
fn a_defanged_url_cleans_to_the_url_it_stands_for() {
    assert_eq!(
        cleaned_by_the_binary("hxxps://paypa1[.]com/x"),
        "https://paypa1.com/x"
    );
}

/// Every input of urltestdata.json, cleaned, leads where it did: to the
/// host and port a browser opens (a relative reference on an http(s)
/// page), or, for an input it refuses, to RFC 3986's host.
#[test]
fn every_wpt_input_keeps_where_it_leads() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/wpt-url/urltestdata.json"
    );
    let cases: serde_json::Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let (mut opened, mut other, mut wrong) = (0, 0, Vec::new());
    for input in cases
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["input"].as_str())
    {
        let once = clean(input.as_bytes(), &split(input.as_bytes()));
        if browser_host(input.as_bytes()).is_some() {
            opened += 1;
        } else {
            other += 1;
        }
        if let Err(e) = leads_where(input.as_bytes(), once.as_bytes()) {
            wrong.push(format!("{input:?} -> {once:?}: {e}"));
        }
    }
    eprintln!("{opened} inputs a browser opens, {other} it refuses or resolves against a base");
    assert!(opened > 400 && other > 200, "{opened} {other}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A URL whose scheme is written with tabs in it is no relative
/// reference to a browser, which removes them first: it is compared as
/// the URL it is, not on a page (the `clean` fuzz target's find).
#[test]
fn a_scheme_written_with_tabs_is_read_with_its_scheme() {
    let input = b"ht\t\t://netrea\xA5\xD1\x9C\xDA5com/\xEAacketca\x00\x08/x";
    let once = clean(input, &split(input));
    assert_eq!(leads_where(input, once.as_bytes()), Ok(()), "{once}");
}

/// A reference with a control before it is read as a browser reads it,
/// trimmed first (the `clean` fuzz target's find: `\x18///\e/twoo`
/// opens `e` on a page, and so does what it cleans to).
#[test]
fn a_reference_is_read_on_a_page_once_trimmed() {
    for input in [
        &b"\x18///\\e/twoo"[..],
        b" /\t\\evil.com ",
        b"/\n\\evil.com",
    ] {
        let once = clean(input, &split(input));
        assert_eq!(leads_where(input, once.as_bytes()), Ok(()), "{once}");
    }
}
