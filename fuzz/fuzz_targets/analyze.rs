//! The whole analysis on arbitrary bytes: no panic, spans in bounds, no raw
//! control character in any message, triage agrees with the analysis.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = urlscope::Options::default();
    let a = urlscope::analyze(data, &options);
    for c in &a.components {
        assert!(c.span.start <= c.span.end && c.span.end <= data.len());
    }
    for w in &a.warnings {
        assert!(w.span.end <= data.len());
        for s in &w.spans {
            assert!(s.start <= s.end && s.end <= data.len());
        }
        assert!(!w.message.chars().any(urlscope::text::needs_escape), "{}", w.message);
    }
    for i in 0..a.components.len().min(8) {
        for row in a.byte_rows(i) {
            assert!(row.span.end <= data.len());
        }
    }
    assert_eq!(urlscope::triage::triage(data, &options), a.warnings);
});
