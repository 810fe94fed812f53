//! Indicators pasted without a scheme, as IOC lists and tickets give them,
//! run through the binary: a host is read as a browser's address bar
//! reads it (`http://` in front, `assumed-scheme`), a file name or a path
//! stays a relative reference, and a relative reference that a browser
//! resolves to another host (`/\evil.com`) says where it leads.

mod common;

use common::{stdout_of, urlscope};
use serde_json::Value;

fn explain(input: &str) -> String {
    stdout_of(&["explain", "--color", "never", input])
}

fn json(input: &str) -> Value {
    serde_json::from_str(&stdout_of(&["explain", "--json", input])).expect("json")
}

fn codes(v: &Value) -> Vec<String> {
    v["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .map(|w| w["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The line a report starts with `head` on, and those that continue it.
fn field(report: &str, head: &str) -> String {
    let mut lines = report.lines().skip_while(|l| !l.starts_with(head));
    let mut out: Vec<&str> = lines.next().into_iter().collect();
    out.extend(lines.take_while(|l| l.starts_with("            ")));
    let joined = out.join(" ");
    joined.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_www_name_is_read_as_an_address_bar_reads_it() {
    let report = explain("www.paypa1.com/x");
    let leads = field(&report, "Leads to");
    assert!(leads.contains("www.paypa1.com (public)"), "{report}");
    assert!(leads.contains("imitates paypal.com (PayPal)"), "{report}");
    assert!(
        field(&report, "Reading").starts_with("Reading a host with no scheme, read as http://"),
        "{report}"
    );
    assert!(
        report.contains("assumed-scheme  bytes 0-14, host [0]"),
        "{report}"
    );
    assert!(
        report.contains("lookalike-domain  bytes 9-10, host [0]"),
        "{report}"
    );
}

#[test]
fn the_json_report_carries_the_assumption_and_spans_into_the_paste() {
    let v = json("paypa1.com:8080/signin");
    assert_eq!(v["input"], "paypa1.com:8080/signin");
    assert_eq!(v["assumed"]["scheme"], "http");
    assert_eq!(v["assumed"]["url"], "http://paypa1.com:8080/signin");
    assert_eq!(v["assumed"]["span"], serde_json::json!([0, 15]));
    assert_eq!(v["assumed"]["because"], "public-suffix");
    assert_eq!(v["assumed"]["suffix"], "com");
    assert_eq!(v["components"][0]["kind"], "host");
    assert_eq!(v["components"][0]["span"], serde_json::json!([0, 10]));
    assert_eq!(v["components"][1]["kind"], "port");
    let own = &v["destinations"][0];
    assert_eq!(own["scheme"], "http");
    assert_eq!(own["target"], "http://paypa1.com:8080/signin");
    assert_eq!(own["imitates"]["domain"], "paypal.com");
    let c = codes(&v);
    assert!(c.contains(&"assumed-scheme".to_string()), "{c:?}");
    assert!(c.contains(&"lookalike-domain".to_string()), "{c:?}");
    // A URL with a scheme has no assumption.
    assert!(json("https://paypa1.com/").get("assumed").is_none());
}

#[test]
fn a_host_pasted_defanged_without_a_scheme_is_refanged() {
    let v = json("paypa1[.]com");
    assert_eq!(v["defanged"]["pasted"], "paypa1[.]com");
    assert_eq!(v["input"], "paypa1.com");
    assert_eq!(v["assumed"]["url"], "http://paypa1.com");
    let c = codes(&v);
    for code in ["assumed-scheme", "lookalike-domain", "defanged-input"] {
        assert!(c.contains(&code.to_string()), "{code}: {c:?}");
    }
    // A bracketed dot after a file name is data, as after a host.
    let v = json("notes.txt?q=a[.]b");
    assert!(v.get("defanged").is_none() && v.get("assumed").is_none());
}

#[test]
fn internal_addresses_and_shorteners_without_a_scheme() {
    let v = json("10.0.0.5:8080/admin");
    assert_eq!(v["assumed"]["because"], "ipv4");
    assert_eq!(v["destinations"][0]["host"]["reach"], "private network");
    assert!(codes(&v).contains(&"internal-destination".to_string()));
    let v = json("localhost:3000/debug");
    assert_eq!(v["assumed"]["because"], "localhost");
    assert!(codes(&v).contains(&"internal-destination".to_string()));
    let leads = field(&explain("bit.ly/3abc"), "Leads to");
    assert!(leads.contains("a link shortened by bit.ly"), "{leads}");
}

/// The near misses both ways: what stays a relative reference, and what
/// a file-like suffix needs to be read as a host.
#[test]
fn file_names_and_paths_stay_relative_references() {
    for input in [
        "index.php?x=1",
        "foo.txt",
        "readme.md",
        "setup.py",
        "install.sh",
        "invoice.zip",
        "invoice.zip?x=1",
        "a.b",
        "a/b.html",
        "../a/b",
        "v1.2.3",
        r"evil.com\@good.com",
    ] {
        let v = json(input);
        assert!(v.get("assumed").is_none(), "{input}: {v}");
        assert!(
            field(&explain(input), "Leads to").contains("no host (a relative reference"),
            "{input}"
        );
    }
    for input in [
        "evil.zip/x",
        "evil.zip:8443",
        "www.evil.zip",
        "docs.rs/serde",
        "script.pl",
    ] {
        assert!(json(input).get("assumed").is_some(), "{input}");
    }
}

#[test]
fn a_backslash_reference_leads_where_a_browser_resolves_it() {
    for input in [r"/\evil.com", r"\\evil.com", r"/\/evil.com"] {
        let leads = field(&explain(input), "Leads to");
        assert!(
            leads.starts_with(
                r"Leads to evil.com (public), once read against an http(s) page: browsers read '\' as '/'"
            ),
            "{input}: {leads}"
        );
        assert!(json(input).get("assumed").is_none(), "{input}");
    }
    let leads = field(&explain("///evil.com"), "Leads to");
    assert!(
        leads.contains("browsers read a run of slashes as '//'"),
        "{leads}"
    );
    let leads = field(&explain("//evil.com/x"), "Leads to");
    assert_eq!(
        leads,
        "Leads to evil.com (public), with the scheme of the page it is read against"
    );
    let v = json(r"/\paypa1.com");
    let own = &v["destinations"][0];
    assert_eq!(own["host"]["canonical"], "paypa1.com");
    assert_eq!(own["scheme"], "");
    assert_eq!(own["spelling"][0], "a backslash for a slash");
    assert_eq!(own["span"], serde_json::json!([2, 12]));
    assert_eq!(own["imitates"]["domain"], "paypal.com");
    // A plain absolute path is still a path on the page's own host.
    let leads = field(&explain("/evil.com"), "Leads to");
    assert!(leads.contains("no host (a relative reference"), "{leads}");
}

#[test]
fn scan_reads_a_list_of_bare_indicators() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("address_bar");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("iocs.txt");
    std::fs::write(
        &path,
        "paypa1.com\nwww.paypa1.com/signin\npaypa1[.]com/login\n10.0.0.5:8080/admin\nsetup.py\nindex.php?x=1\n",
    )
    .expect("write");
    let out = urlscope()
        .args(["scan", "--format", "lines", "--min-severity", "info"])
        .arg(&path)
        .output()
        .expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = stdout.lines().collect();
    let flagged = |n: usize| {
        lines
            .iter()
            .find(|l| l.contains(&format!("iocs.txt:{n}: ")))
    };
    for (n, code) in [
        (1, "lookalike-domain"),
        (2, "lookalike-domain"),
        (3, "defanged-input"),
        (4, "internal-destination"),
    ] {
        let line = flagged(n).unwrap_or_else(|| panic!("line {n}: {stdout}"));
        assert!(
            line.contains(code) && line.contains("assumed-scheme"),
            "{line}"
        );
    }
    assert!(flagged(5).is_none() && flagged(6).is_none(), "{stdout}");
    // The spans point into each line as written, the defanged one too.
    let out = urlscope()
        .args(["scan", "--format", "lines", "--json"])
        .arg(&path)
        .output()
        .expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let third: Value = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|v| v["line"] == 3)
        .unwrap_or_else(|| panic!("{stdout}"));
    let lookalike = third["warnings"]
        .as_array()
        .and_then(|w| w.iter().find(|w| w["code"] == "lookalike-domain"))
        .unwrap_or_else(|| panic!("{third}"));
    assert_eq!(lookalike["span"], serde_json::json!([5, 6]), "{third}");
}
