//! What surrounds the URL: spaces and controls that the WHATWG parser
//! strips (<https://url.spec.whatwg.org/#concept-basic-url-parser>, step 1)
//! and that reach logs as they are.

use crate::analysis::report::MAX_SPANS;
use crate::defang::Defanged;
use crate::split::{Span, Split};
use crate::text::quote_str;
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
    let trimmed = crate::split::trimmed(input);
    let message = match crate::split::delimited(trimmed) {
        // The pair the reading left out.
        Some((inside, (open, close))) if before.of(input).contains(&open) => {
            let pair = format!(
                "The delimiters '{}' and '{}' around the URL",
                char::from(open),
                char::from(close)
            );
            let source = if crate::split::rfc_3986_delimiter(open) {
                " (RFC 3986, Appendix C)"
            } else {
                ""
            };
            let after = match trimmed.get(inside.end + 1..) {
                Some(&[p]) => format!(" and the '{}' after them", char::from(p)),
                _ => String::new(),
            };
            format!("{pair}{source}{after} were left out of the analysis.")
        }
        _ => {
            "Spaces or control characters around the URL were left out of the analysis.".to_string()
        }
    };
    out.push(Warning::new(
        WarningCode::SurroundingJunk,
        spans,
        None,
        message,
    ));
}

/// `defanged-input`: the URL was pasted defanged. The spans mark what each
/// spelling became in the analysed URL, the first [`MAX_SPANS`] of them as
/// for every warning (a line of 200,000 `[.]` would otherwise list them
/// all in `explain --json`), the warning's span still covering them all;
/// the message names each spelling as pasted, once per kind with its
/// count of all of them.
pub(crate) fn defanged_warning(defanged: &Defanged) -> Warning {
    let mut kinds: Vec<(String, &str, usize)> = Vec::new();
    for c in &defanged.changes {
        let was = String::from_utf8_lossy(c.span.of(&defanged.pasted))
            .trim()
            .to_string();
        match kinds.iter_mut().find(|(w, to, _)| *w == was && *to == c.to) {
            Some(kind) => kind.2 += 1,
            None => kinds.push((was, c.to, 1)),
        }
    }
    let listed: Vec<String> = kinds
        .iter()
        .map(|(was, to, n)| {
            let times = if *n > 1 {
                format!(" ({n} times)")
            } else {
                String::new()
            };
            format!("'{}' as '{}'{times}", quote_str(was), quote_str(to))
        })
        .collect();
    let mut warning = Warning::new(
        WarningCode::DefangedInput,
        defanged.refanged_spans(),
        None,
        format!(
            "The URL was pasted defanged and is read as the URL it stands for: {}.",
            listed.join(", ")
        ),
    );
    warning.spans.truncate(MAX_SPANS);
    warning
}
