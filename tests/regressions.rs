//! Inputs the fuzzers found, kept so they stay fixed. Each test names the
//! target that found it and what was wrong.

use urlscope_core::analysis::{analyze, Options};

fn triage_agrees(input: &[u8]) {
    let options = Options::default();
    assert_eq!(
        urlscope_core::triage::triage(input, &options),
        analyze(input, &options).into_warnings_as_given()
    );
}

/// fuzz target `analyze`: the fast path called a URL plain though a lax
/// reader takes `..2f` (an escape whose `%` was stripped) as `../`.
#[test]
fn fast_path_missed_bare_hex_after_dots() {
    let input = b"https://www.boost.org/doc/libs/1_37_0/libs/regex/doc/html/indehttps://www.boost.org/doc/libs/1_37_.2f..2f..2f..2f..2f..2f..2f..2f..20/libs/rx.html";
    triage_agrees(input);
    let a = analyze(input, &Options::default());
    assert!(a.warnings.iter().any(|w| w.code.code() == "path-traversal"));
}

/// fuzz target `analyze`: a host whose public suffix held NUL bytes
/// (`…office365.us\0\0…`) was a brand's name under another suffix, and the
/// look-alike's message carried the NULs raw. Only a domain one could
/// register imitates now.
#[test]
fn a_junk_suffix_imitates_nothing() {
    let mut input = b"https://dinf.v\xffcottt.safelinks.protection.office365.us".to_vec();
    input.extend_from_slice(&[0; 20]);
    input.extend_from_slice(b"//www\xff\xffub.ac.#be/english/");
    let a = analyze(&input, &Options::default());
    for w in &a.warnings {
        assert!(
            !w.message.chars().any(urlscope_core::text::needs_escape),
            "{}",
            w.message
        );
    }
    assert!(a
        .warnings
        .iter()
        .all(|w| w.code != urlscope_core::warnings::WarningCode::LookalikeDomain));
    triage_agrees(&input);
}

/// fuzz target `analyze`: a carried URL's analysis gave a low look-alike
/// warning at one threshold and not at another, which moved the fixed
/// window of its lifted warnings; a carried URL is now analysed the same
/// whatever the threshold.
#[test]
fn a_carried_urls_lifted_warnings_do_not_depend_on_the_threshold() {
    let input = include_bytes!("data/regressions/lifted-window.bin");
    triage_agrees(input);
    let full = analyze(input, &Options::default()).into_warnings_as_given();
    for min in [
        urlscope_core::warnings::Severity::Low,
        urlscope_core::warnings::Severity::Medium,
    ] {
        let kept: Vec<_> = full.iter().filter(|w| w.severity >= min).cloned().collect();
        assert_eq!(
            urlscope_core::triage::triage_at(input, &Options::default(), min),
            kept
        );
    }
}

/// proptest `folded_components_keep_their_own_warnings`: a path of 33
/// segments `\\%C3%A9@..`, each a scheme-relative URL carrying the rest,
/// gave 264 `open-redirect` warnings on components; past the listing
/// limit they are one summary now. Each carried URL is one value (its
/// own analysis no longer finds itself again in its first segment), so
/// 40 segments are 32 listed and 8 summed up.
#[test]
fn a_chain_of_carried_urls_is_listed_then_summed_up() {
    let mut input = b"http://h".to_vec();
    for _ in 0..40 {
        input.extend_from_slice(b"/\\\\%C3%A9@..");
    }
    let a = analyze(&input, &Options::default());
    let redirects: Vec<_> = a
        .warnings
        .iter()
        .filter(|w| w.code.code() == "open-redirect")
        .collect();
    let listed = redirects.iter().filter(|w| w.component.is_some()).count();
    assert_eq!(listed, urlscope_core::analysis::LISTED_PER_CODE);
    let summary = redirects
        .iter()
        .find(|w| w.component.is_none())
        .expect("a summary");
    assert!(
        summary
            .message
            .starts_with("8 more carried values lead off-site"),
        "{}",
        summary.message
    );
    triage_agrees(&input);
}

/// fuzz target `analyze`: the fast path called `http://0.o0/` plain, a
/// host whose last label ends in a digit but starts with a letter; some
/// resolvers read `o0` as octal, and the analysis reads 0.0.0.0.
#[test]
fn fast_path_missed_an_octal_last_label() {
    for input in [
        &b"http://0.o0/"[..],
        b"http://o177.0.0.Q1/",
        b"https://0.q0:8080/x",
    ] {
        triage_agrees(input);
        let a = analyze(input, &Options::default());
        assert!(!a.warnings.is_empty(), "{}", String::from_utf8_lossy(input));
    }
}

/// fuzz target `analyze`: a carried URL left unread by the unfolding's
/// byte budget was marked over its lossy UTF-8 text's length, past the
/// end of an input whose bytes there are not UTF-8; it is marked on the
/// bytes that encode it now.
#[test]
fn a_url_past_the_budget_is_marked_inside_the_input() {
    let input = include_bytes!("data/regressions/lossy-past-budget.bin");
    let a = analyze(input, &Options::default());
    let limit = a
        .warnings
        .iter()
        .find(|w| w.code.code() == "nesting-limit")
        .expect("a nesting-limit warning");
    for w in &a.warnings {
        assert!(w.span.end <= input.len(), "{}: {:?}", w.code.code(), w.span);
        assert!(w.spans.iter().all(|s| s.end <= input.len()));
    }
    assert!(limit.span.start < limit.span.end);
    triage_agrees(input);
}
