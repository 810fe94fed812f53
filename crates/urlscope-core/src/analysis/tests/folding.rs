use crate::analysis::{analyze, Options, LISTED_PER_CODE};
use crate::split::ComponentKind;
use crate::warnings::{Severity, WarningCode};

#[test]
fn repeated_findings_are_listed_up_to_the_limit_then_folded_into_one() {
    let segments = LISTED_PER_CODE + 10;
    let url = format!("http://h/{}", "%252e%252e/".repeat(segments));
    let a = analyze(url.as_bytes(), &Options::default());
    let listed = |code: WarningCode| {
        a.warnings
            .iter()
            .filter(|w| w.code == code && w.component.is_some())
            .count()
    };
    assert_eq!(listed(WarningCode::DoubleEncoding), LISTED_PER_CODE);
    assert_eq!(listed(WarningCode::PathTraversal), LISTED_PER_CODE);
    let summary = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::DoubleEncoding && w.component.is_none())
        .expect("a summary warning");
    assert!(summary
        .message
        .contains("in 10 more components (kind: path segment)"));
    assert_eq!(summary.spans.len(), 20, "two escapes in each");
    assert_eq!(summary.severity, Severity::Medium);
    // Every segment keeps its severity and, on demand, its own warnings,
    // worded exactly as a listed one.
    let segs: Vec<usize> = (0..a.components.len())
        .filter(|&i| {
            a.components.get(i).is_some_and(|c| {
                c.kind == ComponentKind::PathSegment && !c.span.of(url.as_bytes()).is_empty()
            })
        })
        .collect();
    assert_eq!(segs.len(), segments);
    let (first, last) = (segs[0], segs[segments - 1]);
    assert!(!a.components[first].folded && a.components[last].folded);
    assert_eq!(a.components[last].severity, Some(Severity::High));
    let own = a.warnings_of(last);
    let codes: Vec<_> = own.iter().map(|w| w.code.code()).collect();
    assert_eq!(codes, ["path-traversal", "double-encoding"]);
    let listed_first = a.warnings_of(first);
    assert_eq!(own[1].message, listed_first[1].message);
    assert_eq!(own[1].spans.len(), 2);
    // Views marking warned bytes see the folded ones too.
    let near = a.warnings_near(a.components[last].span);
    assert!(near.iter().any(|w| w.component == Some(last)));
}

#[test]
fn distinct_findings_are_never_folded() {
    let a = analyze(b"http://h/%252e/%00/a%5cb/%C0%AE", &Options::default());
    assert!(a.warnings.iter().all(|w| !w.message.contains("folded")));
    assert!(a.components.iter().all(|c| !c.folded));
}

/// A component's finding keeps its first 64 places' spans, and its
/// message says when there were more, not a count of the kept ones.
#[test]
fn a_finding_past_the_kept_places_says_more() {
    let places = |n: usize| {
        let url = format!("http://h/a{}", "\"b".repeat(n));
        let a = analyze(url.as_bytes(), &Options::default());
        let w = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::IllegalChar)
            .expect("illegal-char")
            .clone();
        (w.spans.len(), w.message)
    };
    let (kept, message) = places(64);
    assert_eq!(kept, 64);
    assert!(message.contains("(the first of 64 places)"), "{message}");
    let (kept, message) = places(65);
    assert_eq!(kept, 64);
    assert!(
        message.contains("(the first of more than 64 places)"),
        "{message}"
    );
}

/// The message words the first place; when the others hold something
/// else, the count says they are not all alike rather than pass them for
/// copies of the first.
#[test]
fn places_unlike_the_first_are_said_to_be() {
    let message = |url: &str| {
        let a = analyze(url.as_bytes(), &Options::default());
        a.warnings
            .iter()
            .find(|w| w.code == WarningCode::IllegalChar)
            .expect("illegal-char")
            .message
            .clone()
    };
    let m = message("http://h/a b c");
    assert!(m.starts_with("A raw ' ' (the first of 2 places) in"), "{m}");
    let m = message("http://h/a b\"c");
    assert!(
        m.contains("(the first of 2 places, not all alike) in the path segment"),
        "{m}"
    );
}
