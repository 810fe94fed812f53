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
