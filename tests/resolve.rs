//! `urlscope resolve BASE REF` and `--base`: every
//! example of RFC 3986 sections 5.4.1 and 5.4.2, exactly, through the
//! binary; and where a WHATWG parser resolves differently, both.

use assert_cmd::Command;

fn urlscope() -> Command {
    let mut cmd = Command::cargo_bin("urlscope").expect("binary");
    cmd.env_remove("NO_COLOR");
    cmd
}

const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 §5.4.1.
const NORMAL: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// RFC 3986 §5.4.2 (the strict reading of `http:g`).
const ABNORMAL: &[(&str, &str)] = &[
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

#[test]
fn every_example_of_rfc_3986_section_5_4() {
    for (reference, target) in NORMAL.iter().chain(ABNORMAL) {
        let out = urlscope()
            .args(["resolve", BASE, reference])
            .output()
            .expect("run");
        assert!(out.status.success(), "{reference}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{target}\n"),
            "{reference}"
        );
        // Only http:g is resolved differently by a WHATWG parser.
        let note = if *reference == "http:g" {
            "urlscope: parser-differential: a WHATWG parser resolves 'http:g' to http://a/b/c/g \
             (WHATWG reads a reference with the base's special scheme and no '//' as relative)\n"
        } else {
            ""
        };
        assert_eq!(String::from_utf8_lossy(&out.stderr), note, "{reference}");
    }
}

#[test]
fn references_on_standard_input_one_per_line() {
    let input: String = NORMAL.iter().map(|(r, _)| format!("{r}\n")).collect();
    let want: String = NORMAL
        .iter()
        .filter(|(r, _)| !r.is_empty()) // a blank line is skipped
        .map(|(_, t)| format!("{t}\n"))
        .collect();
    urlscope()
        .args(["resolve", BASE])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(want);
}

#[test]
fn backslashes_resolve_elsewhere_in_a_browser() {
    urlscope()
        .args(["resolve", "http://good.example/a/", r"\evil.example/x"])
        .assert()
        .success()
        .stdout("http://good.example/a/\\evil.example/x\n")
        .stderr(
            "urlscope: parser-differential: a WHATWG parser resolves '\\evil.example/x' to \
             http://good.example/evil.example/x (WHATWG reads '\\' as '/' in a special URL)\n",
        );
}

/// A control byte or a byte that is not UTF-8 is written as its escape,
/// which means the same to a parser; a literal `\x1b` stays the four
/// characters it is.
#[test]
fn unprintable_bytes_of_the_target_are_percent_encoded() {
    urlscope()
        .args(["resolve", "http://good.example/a/"])
        .write_stdin(&b"x\x1b[2Jy\\x1b\xE9\n"[..])
        .assert()
        .success()
        .stdout("http://good.example/a/x%1B[2Jy\\x1b%E9\n");
}

#[test]
fn a_target_no_browser_opens_is_said() {
    urlscope()
        .args(["resolve", "http://good.example/a/", "//[::1"])
        .assert()
        .success()
        .stdout("http://[::1\n")
        .stderr(
            "urlscope: a WHATWG parser (a browser) rejects '//[::1' against this base, and the \
             target too (invalid IPv6 address)\n",
        );
}

#[test]
fn a_base_without_a_scheme_is_a_usage_error() {
    urlscope()
        .args(["resolve", "/a/b", "g"])
        .assert()
        .code(2)
        .stderr(
            "urlscope: the base is not an absolute URI: it needs a scheme (RFC 3986 section 5.1)\n",
        );
}

#[test]
fn explain_base_shows_the_resolution_then_analyses_the_target() {
    let out = urlscope()
        .args(["explain", "--color", "never", "--base", BASE, "../g"])
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with(
            "Base        http://a/b/c/d;p?q\n\
             Reference   ../g\n\
             Target      http://a/b/g  (RFC 3986 section 5.2; analysed below)\n\
             WHATWG      the same URL\n\
             \n\
             URL         http://a/b/g\n"
        ),
        "{text}"
    );
    let out = urlscope()
        .args(["explain", "--color", "never", "--base", BASE, "http:g"])
        .output()
        .expect("run");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with(
            "Base        http://a/b/c/d;p?q\n\
             Reference   http:g\n\
             Target      http:g  (RFC 3986 section 5.2; analysed below)\n\
             WHATWG      http://a/b/c/g  ≠ parser-differential: WHATWG reads a reference with\n            \
             the base's special scheme and no '//' as relative\n\
             \n\
             URL         http:g\n"
        ),
        "{text}"
    );
    assert!(text.contains(
        "  HIGH   parser-differential  bytes 0-6\n         RFC 3986 resolves 'http:g' to 'http:g' \
         but a WHATWG parser to\n         'http://a/b/c/g' (WHATWG reads a reference with the base's special\n         \
         scheme and no '//' as relative), so a filter and a fetcher can act on\n         different URLs.\n"
    ));
    // JSON: the target's analysis, the resolution's warning among its own.
    let out = urlscope()
        .args(["explain", "--json", "--base", BASE, "http:g"])
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["input"], "http:g");
    let messages: Vec<&str> = v["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter(|w| w["code"] == "parser-differential")
        .filter_map(|w| w["message"].as_str())
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("RFC 3986 resolves 'http:g'")),
        "{messages:?}"
    );
    // ...and the resolution itself: base, reference, both targets.
    assert_eq!(
        v["resolution"],
        serde_json::json!({
            "base": BASE,
            "reference": "http:g",
            "target": "http:g",
            "whatwg": { "target": "http://a/b/c/g" },
            "differs": true,
            "reason": "WHATWG reads a reference with the base's special scheme and no '//' as relative",
        })
    );
    // Without a base there is no resolution object.
    let out = urlscope()
        .args(["explain", "--json", "http://a/g"])
        .output()
        .expect("run");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(v.get("resolution").is_none(), "{v}");
}

#[test]
fn clean_normalize_and_the_default_command_take_a_base_too() {
    urlscope()
        .args(["clean", "--base", "http://a/b/", "../c d"])
        .assert()
        .success()
        .stdout("http://a/c%20d\n");
    urlscope()
        .args(["normalize", "--base", "HTTP://A/b/", "%7e"])
        .assert()
        .success()
        .stdout("http://a/b/~\n");
    urlscope()
        .args(["--color", "never", "--base", "http://a/b/", "g"])
        .assert()
        .success()
        .stdout(predicates::str::starts_with("Base        http://a/b/\n"));
}
