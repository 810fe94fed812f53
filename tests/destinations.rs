//! Where a URL leads when parsers disagree on its host: the destination
//! is the host a browser opens (the WHATWG URL Standard's reading), and the
//! host RFC 3986 parsers read instead is said beside it, with the parser
//! checked to read it.
//!
//! Every expected host below was recorded, not reasoned out: the browser's
//! from node v20.20.2 (`new URL(url).hostname`), Python's from CPython
//! 3.11.7 (`urllib.parse.urlsplit(url).hostname`). The tests need neither.

mod common;

use urlscope_core::analysis::{analyze, Options, Peer, Reader};
use urlscope_core::describe;
use urlscope_core::triage::triage_at;
use urlscope_core::warnings::Severity;

/// One parser differential: the URL, what node reads, what Python reads,
/// and what this tool's RFC 3986 split reads when it is another host than
/// node's (`Some(None)`: no host at all).
struct Case {
    class: &'static str,
    url: &'static str,
    /// `new URL(url).hostname`, node v20.20.2.
    node: &'static str,
    /// `urlsplit(url).hostname`, Python 3.11.7 (`None` printed as None).
    python: Option<&'static str>,
    /// The RFC 3986 host, when it is not node's.
    rfc3986: Option<Option<&'static str>>,
}

const CASES: &[Case] = &[
    Case {
        class: "backslash before '@'",
        url: r"http://evil.com\@good.com/",
        node: "evil.com",
        python: Some("good.com"),
        rfc3986: Some(Some("good.com")),
    },
    Case {
        class: "two backslashes before '@'",
        url: r"http://evil.com\\@good.com",
        node: "evil.com",
        python: Some("good.com"),
        rfc3986: Some(Some("good.com")),
    },
    Case {
        class: "backslash inside the host",
        url: r"https://good.com\.evil.com",
        node: "good.com",
        python: Some(r"good.com\.evil.com"),
        rfc3986: Some(Some(r"good.com\.evil.com")),
    },
    Case {
        class: "backslash after a port",
        url: r"http://good.com:80\@evil.com/",
        node: "good.com",
        python: Some("evil.com"),
        rfc3986: Some(Some("evil.com")),
    },
    Case {
        class: "backslash, then an IPv4 number form",
        url: r"http://0x7f.1\@good.com/",
        node: "127.0.0.1",
        python: Some("good.com"),
        rfc3986: Some(Some("good.com")),
    },
    Case {
        class: "backslash, RFC 3986 reading an internal address",
        url: r"http://good.com\@127.0.0.1/",
        node: "good.com",
        python: Some("127.0.0.1"),
        rfc3986: Some(Some("127.0.0.1")),
    },
    Case {
        class: "backslash after an IPv6 literal",
        url: r"http://[::1]\@good.com/",
        node: "[::1]",
        python: Some("good.com"),
        rfc3986: Some(Some("good.com")),
    },
    Case {
        class: "backslash in ws:",
        url: r"ws://evil.com\@good.com/",
        node: "evil.com",
        python: Some("good.com"),
        rfc3986: Some(Some("good.com")),
    },
    Case {
        class: "backslash in file:",
        url: r"file://evil.com\@good.com/",
        node: "evil.com",
        python: Some("good.com"),
        rfc3986: Some(Some("good.com")),
    },
    Case {
        class: "backslash in a scheme that is not special",
        url: r"foo://evil.com\@good.com/",
        node: "good.com",
        python: Some("good.com"),
        rfc3986: None,
    },
    Case {
        class: "slash and backslash after the scheme",
        url: r"https:/\evil.com/",
        node: "evil.com",
        python: None,
        rfc3986: Some(None),
    },
    Case {
        class: "no slash after the scheme",
        url: "http:evil.com",
        node: "evil.com",
        python: None,
        rfc3986: Some(None),
    },
    Case {
        class: "one slash after the scheme",
        url: "http:/evil.com/",
        node: "evil.com",
        python: None,
        rfc3986: Some(None),
    },
    Case {
        class: "three slashes after the scheme",
        url: "http:///evil.com/",
        node: "evil.com",
        python: None,
        rfc3986: Some(None),
    },
    Case {
        class: "two backslashes for the slashes",
        url: r"http:\\evil.com",
        node: "evil.com",
        python: None,
        rfc3986: Some(None),
    },
    Case {
        class: "userinfo up to the last '@'",
        url: "http://user@127.0.0.1:80@good.com/",
        node: "good.com",
        python: Some("good.com"),
        rfc3986: Some(Some("127.0.0.1")),
    },
    Case {
        class: "two '@', the host RFC 3986 splits off holding the second",
        url: "http://a@b@good.com/",
        node: "good.com",
        python: Some("good.com"),
        // `b@good.com` is no host to an RFC 3986 parser, and Python reads
        // the browser's: nothing is said beside it.
        rfc3986: None,
    },
    Case {
        class: "backslash between two '@'",
        url: r"https://:@google.com\@www.whitelisteddomain.tld",
        node: "google.com",
        python: Some("www.whitelisteddomain.tld"),
        // The split's `google.com\@www...` is no host: Python's is said.
        rfc3986: Some(Some("www.whitelisteddomain.tld")),
    },
    Case {
        class: "backslash, then '@@'",
        url: r"http://127.1.1.1:80\@@127.2.2.2:80/",
        node: "127.1.1.1",
        python: Some("127.2.2.2"),
        rfc3986: Some(Some("127.2.2.2")),
    },
    Case {
        class: "'@' in the fragment",
        url: "http://evil.com#@good.com",
        node: "evil.com",
        python: Some("evil.com"),
        rfc3986: None,
    },
    Case {
        class: "'@' in the query",
        url: "http://evil.com?@good.com/",
        node: "evil.com",
        python: Some("evil.com"),
        rfc3986: None,
    },
    Case {
        class: "tab inside the host",
        url: "http://ev\til.com/",
        node: "evil.com",
        python: Some("evil.com"),
        rfc3986: None,
    },
    Case {
        class: "newline inside the host",
        url: "http://ev\nil.com/",
        node: "evil.com",
        python: Some("evil.com"),
        rfc3986: None,
    },
    Case {
        class: "tab before '@'",
        url: "http://evil.com\t@good.com/",
        node: "good.com",
        python: Some("good.com"),
        rfc3986: None,
    },
    Case {
        class: "ideographic full stop",
        url: "http://good\u{3002}com/",
        node: "good.com",
        python: Some("good\u{3002}com"),
        rfc3986: None,
    },
    Case {
        class: "full-width letters and dot",
        url: "http://\u{ff47}\u{ff4f}\u{ff4f}\u{ff44}\u{ff0e}\u{ff43}\u{ff4f}\u{ff4d}/",
        node: "good.com",
        python: Some("\u{ff47}\u{ff4f}\u{ff4f}\u{ff44}\u{ff0e}\u{ff43}\u{ff4f}\u{ff4d}"),
        rfc3986: None,
    },
    Case {
        class: "percent-encoded host",
        url: "http://%65vil.com",
        node: "evil.com",
        python: Some("%65vil.com"),
        rfc3986: None,
    },
    Case {
        class: "IPv4 in hex and short form",
        url: "http://0x7f.1/",
        node: "127.0.0.1",
        python: Some("0x7f.1"),
        rfc3986: None,
    },
    Case {
        class: "IPv4 in two parts",
        url: "http://127.1/",
        node: "127.0.0.1",
        python: Some("127.1"),
        rfc3986: None,
    },
    Case {
        class: "IPv4 as one number",
        url: "http://2130706433/",
        node: "127.0.0.1",
        python: Some("2130706433"),
        rfc3986: None,
    },
];

/// The URL leads where node goes; a host RFC 3986 parsers read instead is
/// there exactly when they read another, and Python is named as one of
/// them exactly when it reads that host too.
#[test]
fn the_destination_is_the_host_a_browser_opens() {
    for case in CASES {
        let a = analyze(case.url.as_bytes(), &Options::default());
        let own = &a.destinations[0];
        let host = own.host.as_ref().map(|h| h.canonical.as_str());
        assert_eq!(host, Some(case.node), "{}: {}", case.class, case.url);
        let other = own.other_reading.as_ref();
        assert_eq!(
            other.map(|o| o.host.as_ref().map(|h| h.canonical.as_str())),
            case.rfc3986,
            "{}: {}",
            case.class,
            case.url
        );
        let Some(other) = other else { continue };
        assert_eq!(other.reader, Reader::Rfc3986);
        // Python's host, read as a host is read (IDNA, IPv4 forms).
        let python = case
            .python
            .map(|h| urlscope_core::analysis::classify_host(h).canonical);
        let python_agrees = python.as_deref() == case.rfc3986.flatten();
        assert_eq!(
            other.peers.contains(&Peer::PythonUrllib),
            python_agrees,
            "{}: {}",
            case.class,
            case.url
        );
    }
}

/// Every case where the readings differ is flagged at medium or above by
/// `scan`'s triage, which gives what the analysis gives.
#[test]
fn scan_flags_every_differential() {
    let options = Options::default();
    for case in CASES.iter().filter(|c| c.rfc3986.is_some()) {
        let flagged = triage_at(case.url.as_bytes(), &options, Severity::Medium);
        assert!(!flagged.is_empty(), "{}: {}", case.class, case.url);
        assert!(
            flagged
                .iter()
                .any(|w| w.code.code() == "parser-differential"),
            "{}: {flagged:?}",
            case.url
        );
        assert_eq!(
            urlscope_core::triage::triage(case.url.as_bytes(), &options),
            analyze(case.url.as_bytes(), &options).into_warnings_as_given(),
            "{}",
            case.url
        );
    }
}

/// A browser that opens an internal host, while RFC 3986 parsers read a
/// public one, is an internal destination; and so is the other way round,
/// for a server that checks as a browser does and fetches with an RFC
/// 3986 client.
#[test]
fn an_internal_host_either_parser_reads_is_an_internal_destination() {
    for (url, first) in [
        (r"http://0x7f.1\@good.com/", "A browser opens '127.0.0.1'"),
        (
            r"http://good.com\@127.0.0.1/",
            "RFC 3986 parsers read the host as '127.0.0.1'",
        ),
        (
            "http://user@127.0.0.1:80@good.com/",
            "RFC 3986 parsers read the host as '127.0.0.1'",
        ),
    ] {
        let a = analyze(url.as_bytes(), &Options::default());
        let internal: Vec<_> = a
            .warnings
            .iter()
            .filter(|w| w.code.code() == "internal-destination")
            .collect();
        assert_eq!(internal.len(), 1, "{url}: {internal:?}");
        assert_eq!(internal[0].severity, Severity::High, "{url}");
        assert!(
            internal[0].message.starts_with(first),
            "{url}: {internal:?}"
        );
        assert_eq!(
            a.destination_severity(&a.destinations[0]),
            Some(Severity::High),
            "{url}"
        );
    }
    // Both read a public host: no internal destination.
    let a = analyze(br"http://evil.com\@good.com/", &Options::default());
    assert!(!a
        .warnings
        .iter()
        .any(|w| w.code.code() == "internal-destination"));
}

/// The words: the browser's host first, said to be so, then which parser
/// reads which other host.
#[test]
fn the_place_names_both_readings() {
    let place =
        |url: &str| describe::place(&analyze(url.as_bytes(), &Options::default()).destinations[0]);
    assert_eq!(
        place(r"http://evil.com\@good.com/"),
        "evil.com (public; what a browser opens), but RFC 3986 parsers such as Python's urllib.parse read good.com (public)"
    );
    assert_eq!(
        place("http:evil.com"),
        "evil.com (public; what a browser opens), but RFC 3986 parsers such as Python's urllib.parse read no host (to them, what follows 'http:' is a path)"
    );
    assert_eq!(
        place(r"http://0x7f.1\@good.com/"),
        "127.0.0.1 (loopback, the number form 0x7f.1; what a browser opens), but RFC 3986 parsers such as Python's urllib.parse read good.com (public)"
    );
    // Python reads the last '@' as browsers do: it is not named.
    assert_eq!(
        place("http://user@127.0.0.1:80@good.com/"),
        "good.com (public; what a browser opens), but RFC 3986 parsers read 127.0.0.1 (loopback)"
    );
    // A look-alike is said of the host that is one.
    assert_eq!(
        place(r"http://evil.com\@paypa1.com/"),
        "evil.com (public; what a browser opens), but RFC 3986 parsers such as Python's urllib.parse read paypa1.com (public), imitates paypal.com (PayPal): 'l' written as '1'"
    );
    assert_eq!(
        place(r"http://paypa1.com\@example.com/"),
        "paypa1.com (public; what a browser opens), imitates paypal.com (PayPal): 'l' written as '1', but RFC 3986 parsers such as Python's urllib.parse read example.com (public)"
    );
    // Readings that agree say nothing more.
    assert_eq!(
        place("http://0x7f.1/"),
        "127.0.0.1 (loopback, the number form 0x7f.1)"
    );
}

fn explain(args: &[&str], url: &str) -> String {
    common::stdout_of(&[&["explain"], args, &[url]].concat())
}

/// `explain` says it in its "Leads to" lines, within 80 columns.
#[test]
fn explain_leads_to_the_browser_first() {
    let out = explain(&["--color", "never"], r"http://evil.com\@good.com/");
    let leads: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Leads to"))
        .take_while(|l| l.starts_with("Leads to") || l.starts_with("            "))
        .collect();
    assert_eq!(
        leads,
        [
            "Leads to    evil.com (public; what a browser opens), but RFC 3986 parsers such",
            "            as Python's urllib.parse read good.com (public)",
        ]
    );
    for url in CASES.iter().map(|c| c.url) {
        let out = explain(&["--color", "never"], url);
        for line in out
            .lines()
            .skip_while(|l| !l.starts_with("Leads to"))
            .take(3)
        {
            assert!(
                unicode_width::UnicodeWidthStr::width(line) <= 80,
                "{url}: {line}"
            );
        }
    }
}

/// `explain --json` (and Python's `analyze`, the same object): the host a
/// browser opens, and `other_reading` only where another host is read.
#[test]
fn explain_json_gives_the_other_reading() {
    let json: serde_json::Value =
        serde_json::from_str(&explain(&["--json"], r"http://good.com\@127.0.0.1/")).expect("json");
    let own = &json["destinations"][0];
    assert_eq!(own["host"]["canonical"], "good.com");
    assert_eq!(own["other_reading"]["reader"], "rfc3986");
    assert_eq!(
        own["other_reading"]["peers"],
        serde_json::json!(["python-urllib"])
    );
    assert_eq!(own["other_reading"]["host"]["canonical"], "127.0.0.1");
    assert_eq!(own["other_reading"]["host"]["reach"], "loopback");
    assert_eq!(own["other_reading"]["site"], "127.0.0.1");
    let json: serde_json::Value =
        serde_json::from_str(&explain(&["--json"], "http:evil.com")).expect("json");
    assert_eq!(json["destinations"][0]["host"]["canonical"], "evil.com");
    assert!(json["destinations"][0]["other_reading"]["host"].is_null());
    let json: serde_json::Value =
        serde_json::from_str(&explain(&["--json"], "http://0x7f.1/")).expect("json");
    assert!(json["destinations"][0].get("other_reading").is_none());
}

/// `destination_host` (what the Python package's Arrow triage reads
/// without the whole analysis) is the host of the analysis's first
/// destination, on every case and on the suspicious corpus.
#[test]
fn destination_host_is_the_first_destination() {
    let corpus = std::fs::read_to_string("tests/data/suspicious/dev.tsv").expect("corpus");
    let urls = corpus
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').nth(1))
        .chain(CASES.iter().map(|c| c.url));
    let mut differ = 0;
    for url in urls {
        let input = url.as_bytes();
        let a = analyze(input, &Options::default());
        let parts = urlscope_core::split::outline(input);
        let host = urlscope_core::analysis::destination_host(input, &parts)
            .map(|h| urlscope_core::analysis::classify_host(&String::from_utf8_lossy(&h)));
        assert_eq!(host.as_ref(), a.destinations[0].host.as_ref(), "{url}");
        differ += usize::from(a.destinations[0].other_reading.is_some());
    }
    // The corpus holds differentials of its own (`https:google.com`,
    // `http://127.1.1.1:80\@127.2.2.2:80/`...).
    let cases = CASES.iter().filter(|c| c.rfc3986.is_some()).count();
    assert!(differ > cases, "{differ}");
}

/// Hostile spellings of the differentials, long: each reading is one pass,
/// so they are analysed without a panic and in linear time.
#[test]
fn long_hostile_differentials_are_read_in_one_pass() {
    let inputs = [
        format!("http://{}good.com/", r"a\@".repeat(40_000)),
        format!("http:{}evil.com", r"/\".repeat(40_000)),
        format!("https://{}@good.com/", "@".repeat(80_000)),
        format!("http://[{}\\@good.com/", ":".repeat(80_000)),
    ];
    for input in &inputs {
        let start = std::time::Instant::now();
        let a = analyze(input.as_bytes(), &Options::default());
        let parts = urlscope_core::split::outline(input.as_bytes());
        let host = urlscope_core::analysis::destination_host(input.as_bytes(), &parts);
        let _ = describe::place(&a.destinations[0]);
        assert_eq!(
            host.map(|h| urlscope_core::analysis::classify_host(&String::from_utf8_lossy(&h))),
            a.destinations[0].host,
            "{}…",
            &input[..40]
        );
        // Generous: a quadratic reading of 80,000 bytes takes minutes.
        assert!(start.elapsed().as_secs() < 20, "{}…", &input[..40]);
    }
}

/// A URL a browser refuses: node's `new URL(url)` throws, so a browser makes
/// no request at all, while RFC 3986 parsers read a host (`python`: Python's
/// `urlsplit(url).hostname`, as it writes it; `None` when it raises or reads
/// none).
struct Refused {
    class: &'static str,
    url: &'static str,
    /// node v20.20.2's `new URL(url)` throws `ERR_INVALID_URL` for every
    /// case; the reason is the `url` crate's, which follows the same
    /// standard.
    reason: &'static str,
    /// `urlsplit(url).hostname`, Python 3.11.7.
    python: Option<&'static str>,
    /// The host RFC 3986 clients connect to, as this tool reads it.
    host: &'static str,
}

const REFUSED: &[Refused] = &[
    Refused {
        class: "an escaped tab inside the host",
        url: "http://good.com%09.evil.com/",
        // `url` says "invalid international domain name"; the rule that
        // refuses it is the URL Standard's forbidden domain code points.
        reason: r"'\x09' in the host, a code point no domain may hold, even percent-encoded",
        python: Some("good.com%09.evil.com"),
        // A tab the URL writes is removed; one it escapes stays in the name
        // (Python's urllib.request decodes it and refuses a control).
        host: "good.com\t.evil.com",
    },
    Refused {
        class: "five IPv4 parts",
        url: "http://1.2.3.4.5/",
        reason: "invalid IPv4 address",
        python: Some("1.2.3.4.5"),
        host: "1.2.3.4.5",
    },
    Refused {
        class: "an escaped '@' inside the host",
        url: "http://a%40b.com/",
        reason: "'@' in the host, a code point no domain may hold, even percent-encoded",
        python: Some("a%40b.com"),
        // Python's urllib.request connects to 'a@b.com' (Host: a@b.com).
        host: "a@b.com",
    },
    Refused {
        class: "IPv4 parts out of range",
        url: "http://472.314.470.462/",
        reason: "invalid IPv4 address",
        python: Some("472.314.470.462"),
        host: "472.314.470.462",
    },
    Refused {
        class: "an escaped slash inside the host",
        url: "http://good.com%2F.evil.com/",
        reason: "'/' in the host, a code point no domain may hold, even percent-encoded",
        python: Some("good.com%2f.evil.com"),
        host: "good.com/.evil.com",
    },
    Refused {
        class: "a hex IPv4 with five parts",
        url: "http://0x7f.1.2.3.4/",
        reason: "invalid IPv4 address",
        python: Some("0x7f.1.2.3.4"),
        host: "0x7f.1.2.3.4",
    },
    Refused {
        class: "an invalid IPv6 literal",
        url: "http://[1::2::3]/",
        reason: "invalid IPv6 address",
        // Python raises: "'1::2::3' does not appear to be an IPv4 or IPv6
        // address".
        python: None,
        host: "1::2::3",
    },
    Refused {
        class: "an invalid port, not the host",
        url: "http://x.com:80;y/",
        reason: "invalid port number",
        python: Some("x.com"),
        host: "x.com",
    },
];

/// A URL a browser refuses leads nowhere from a browser: the refusal, with
/// its reason, is on the destination, whose host is the one RFC 3986
/// clients read; Python is named exactly when it reads that host.
#[test]
fn a_url_a_browser_refuses_leads_nowhere_from_a_browser() {
    for case in REFUSED {
        let a = analyze(case.url.as_bytes(), &Options::default());
        let own = &a.destinations[0];
        let refusal = own.browser_refuses.as_ref();
        assert_eq!(
            refusal.map(|r| r.reason.as_str()),
            Some(case.reason),
            "{}: {}",
            case.class,
            case.url
        );
        let Some(refusal) = refusal else { continue };
        assert_eq!(
            own.host.as_ref().map(|h| h.canonical.as_str()),
            Some(case.host),
            "{}",
            case.url
        );
        assert!(own.other_reading.is_none(), "{}", case.url);
        let python = case
            .python
            .map(|h| urlscope_core::analysis::classify_host(h).canonical);
        assert_eq!(
            refusal.peers.contains(&Peer::PythonUrllib),
            python.as_deref() == Some(case.host),
            "{}",
            case.url
        );
        let place = describe::place(own);
        assert!(
            place.starts_with("no request from a browser (it rejects the "),
            "{}: {place}",
            case.url
        );
        // The host is what the browser rejects, unless the port is.
        let of_host = case.reason != "invalid port number";
        assert_eq!(refusal.of_host, of_host, "{}", case.url);
        let worst = a
            .warnings
            .iter()
            .filter(|w| w.code.code() == "parser-differential")
            .map(|w| w.severity)
            .max();
        let expected = if of_host {
            Severity::Medium
        } else {
            Severity::Low
        };
        assert_eq!(worst, Some(expected), "{}", case.url);
        assert_eq!(
            urlscope_core::triage::triage(case.url.as_bytes(), &Options::default()),
            a.into_warnings_as_given(),
            "{}",
            case.url
        );
    }
    // URLs a browser opens are refused by nobody; nor is a relative
    // reference, which fails to parse alone.
    for url in ["http://0x7f.1/", r"http://evil.com\@good.com/", "/a b"] {
        let a = analyze(url.as_bytes(), &Options::default());
        assert!(a.destinations[0].browser_refuses.is_none(), "{url}");
    }
}

/// The words and the JSON of a refusal.
#[test]
fn a_refusal_is_said_and_reported() {
    let place =
        |url: &str| describe::place(&analyze(url.as_bytes(), &Options::default()).destinations[0]);
    assert_eq!(
        place("http://1.2.3.4.5/"),
        "no request from a browser (it rejects the host: invalid IPv4 address), but RFC 3986 parsers such as Python's urllib.parse read 1.2.3.4.5 (no such host)"
    );
    assert_eq!(
        place("http://good.com%09.evil.com/"),
        r"no request from a browser (it rejects the host: '\x09' in the host, a code point no domain may hold, even percent-encoded), but RFC 3986 parsers such as Python's urllib.parse read good.com\x09.evil.com (public)"
    );
    assert_eq!(
        place("http://x.com:80;y/"),
        "no request from a browser (it rejects the URL: invalid port number), but RFC 3986 parsers such as Python's urllib.parse read x.com (public)"
    );
    let json: serde_json::Value =
        serde_json::from_str(&explain(&["--json"], "http://a%40b.com/")).expect("json");
    let own = &json["destinations"][0];
    assert_eq!(own["host"]["canonical"], "a@b.com");
    assert_eq!(
        own["browser_refuses"]["reason"],
        "'@' in the host, a code point no domain may hold, even percent-encoded"
    );
    assert_eq!(own["browser_refuses"]["of_host"], true);
    assert_eq!(own["browser_refuses"]["peers"][0], "python-urllib");
    let json: serde_json::Value =
        serde_json::from_str(&explain(&["--json"], "http://0x7f.1/")).expect("json");
    assert!(json["destinations"][0].get("browser_refuses").is_none());
}

/// `https:\\evil.com/`: a browser opens evil.com; to RFC 3986 parsers the
/// backslashes start a path. Its path segment, read as a URL, is the URL
/// itself as a browser reads it (carried once, tests/rules.rs): its
/// backslash is warned once, at the bytes the URL's own check points at.
#[test]
fn a_path_that_is_the_url_itself_is_said_once() {
    let url = r"https:\\evil.com/";
    let a = analyze(url.as_bytes(), &Options::default());
    assert_eq!(
        describe::place(&a.destinations[0]),
        "evil.com (public; what a browser opens), but RFC 3986 parsers such as Python's urllib.parse read no host (to them, what follows 'https:' is a path)"
    );
    let backslash: Vec<_> = a
        .warnings
        .iter()
        .filter(|w| w.code.code() == "backslash")
        .collect();
    assert_eq!(backslash.len(), 1, "{backslash:?}");
    assert_eq!(&url[backslash[0].span.range()], r"\\");
    assert!(backslash[0].via.is_none(), "{backslash:?}");
    assert_eq!(
        urlscope_core::triage::triage(url.as_bytes(), &Options::default()),
        a.into_warnings_as_given()
    );
}
