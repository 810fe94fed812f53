//! The whole analysis on arbitrary bytes: no panic, spans in bounds, no raw
//! control character in any message, triage agrees with the analysis,
//! folded components keep their own warnings, and `parser-differential`
//! is given exactly when the readings side by side disagree (the analysis
//! skips the WHATWG parse when it judges they cannot).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = urlscope_core::Options::default();
    let a = urlscope_core::analyze(data, &options);
    for c in &a.components {
        assert!(c.span.start <= c.span.end && c.span.end <= data.len());
    }
    for w in &a.warnings {
        assert!(w.span.end <= data.len());
        for s in &w.spans {
            assert!(s.start <= s.end && s.end <= data.len());
        }
        assert!(
            !w.message.chars().any(urlscope_core::text::needs_escape),
            "{}",
            w.message
        );
    }
    for i in 0..a.components.len().min(8) {
        for row in a.byte_rows(i) {
            assert!(row.span.end <= data.len());
        }
    }
    // Folded or not, a component's severity is the worst of its own warnings.
    for (i, c) in a
        .components
        .iter()
        .enumerate()
        .filter(|(_, c)| c.folded)
        .take(8)
    {
        let own = a.warnings_of(i);
        assert_eq!(c.severity, own.iter().map(|w| w.severity).max());
    }
    // Triage's spans point into the input as given (a defanged URL is
    // analysed as its URL).
    let given = a.clone().into_warnings_as_given();
    assert_eq!(urlscope_core::triage::triage(data, &options), given);
    for min in [
        urlscope_core::warnings::Severity::Low,
        urlscope_core::warnings::Severity::Medium,
    ] {
        let kept: Vec<_> = given.iter().filter(|w| w.severity >= min).cloned().collect();
        assert_eq!(urlscope_core::triage::triage_at(data, &options, min), kept);
    }
    let warned = a
        .warnings
        .iter()
        .any(|w| w.code == urlscope_core::warnings::WarningCode::ParserDifferential);
    let disagree = a.readings().is_some_and(|r| r.disagree());
    assert_eq!(warned, disagree);
});
