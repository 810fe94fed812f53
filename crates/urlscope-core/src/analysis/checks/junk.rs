//! What surrounds the URL: spaces and controls that the WHATWG parser
//! strips (<https://url.spec.whatwg.org/#concept-basic-url-parser>, step 1)
//! and that reach logs as they are.

use crate::split::{Span, Split};
use crate::warnings::{Warning, WarningCode};

pub(crate) fn junk_warnings(input: &[u8], parts: &Split, out: &mut Vec<Warning>) {
    let before = Span::new(0, parts.trimmed.start);
    let after = Span::new(parts.trimmed.end, input.len());
    let spans: Vec<Span> = [before, after]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    if spans.is_empty() {
        return;
    }
    let controls: Vec<Span> = spans
        .iter()
        .flat_map(|s| s.range())
        .filter(|&i| {
            input
                .get(i)
                .is_some_and(|&b| b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n'))
        })
        .map(|i| Span::new(i, i + 1))
        .collect();
    if !controls.is_empty() {
        out.push(Warning::new(
            WarningCode::ControlChar,
            controls,
            None,
            "Control characters around the URL are ignored by browsers but reach logs and terminals as they are.".to_string(),
        ));
    }
    out.push(Warning::new(
        WarningCode::SurroundingJunk,
        spans,
        None,
        "Spaces or control characters around the URL were left out of the analysis.".to_string(),
    ));
}
