//! Defanged input: refanging never panics and runs in one pass; its
//! changes point into the input in order and spell what they say; a span
//! of the refanged URL maps back inside the pasted text; and an input read
//! as defanged is analysed as its URL.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::analysis::{analyze, Options};
use urlscope_core::defang::{reads_defanged, refang, Defanged};
use urlscope_core::split::Span;

fuzz_target!(|data: &[u8]| {
    let r = refang(data);
    let mut last = 0;
    for c in &r.changes {
        assert!(c.span.start >= last && c.span.end <= data.len());
        last = c.span.end;
    }
    let d = Defanged::new(data.to_vec(), r.changes.clone());
    for end in [0, r.url.len() / 2, r.url.len()] {
        let s = d.to_pasted(Span::new(0, end));
        assert!(s.start <= s.end && s.end <= data.len());
    }
    if reads_defanged(data) && !r.changes.is_empty() {
        let a = analyze(data, &Options::default());
        assert_eq!(a.input, r.url);
        assert!(a.defanged.is_some());
    }
});
