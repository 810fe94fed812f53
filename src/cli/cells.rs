//! The cells of `explain`'s report: input text escaped and cut to a
//! width, so a hostile or huge component keeps the report readable.

use urlscope_core::analysis::ComponentAnalysis;
use urlscope_core::text::escape_bytes;

/// Characters of raw or decoded text shown in a cell.
const CELL_CHARS: usize = 40;

/// `bytes` escaped, cut to [`CELL_CHARS`] characters with `…`.
pub fn cell(bytes: &[u8]) -> String {
    // No more than can show: a character is at most four bytes.
    let shown = bytes.get(..CELL_CHARS * 4).unwrap_or(bytes);
    let text = escape_bytes(shown);
    if shown.len() < bytes.len() || text.chars().count() > CELL_CHARS {
        let cut: String = text.chars().take(CELL_CHARS - 1).collect();
        format!("{cut}…")
    } else {
        text
    }
}

/// A component's raw text, and what it decodes to when that differs.
pub fn raw_and_decoded(input: &[u8], c: &ComponentAnalysis) -> String {
    let raw = c.span.of(input);
    if c.decoded() != raw {
        format!("{} → {}", cell(raw), cell(c.decoded_lossy().as_bytes()))
    } else {
        cell(raw)
    }
}

/// Each decoding of a component that is decoded more than once:
/// `'%252e' → '%2e' → '.'`.
pub fn layer_steps(input: &[u8], c: &ComponentAnalysis) -> Option<String> {
    (c.layer_count() > 1).then(|| {
        let mut steps = vec![format!("'{}'", cell(c.span.of(input)))];
        steps.extend(c.layers().map(|l| format!("'{}'", cell(l))));
        steps.join(" → ")
    })
}

/// The whole input, escaped, shortened in the middle past 400 characters.
pub fn cell_long(input: &[u8]) -> String {
    let text = escape_bytes(input);
    let n = text.chars().count();
    if n > 400 {
        let head: String = text.chars().take(300).collect();
        let tail: String = text.chars().skip(n - 80).collect();
        format!("{head} … ({} bytes) … {tail}", input.len())
    } else {
        text
    }
}
