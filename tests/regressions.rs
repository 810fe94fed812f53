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
