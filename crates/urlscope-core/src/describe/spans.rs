//! Where in the input a fact is: the bytes a span or several cover, and
//! the place of a warning.

use crate::analysis::Analysis;
use crate::warnings::Warning;

/// The bytes of the input a span covers, in the half-open form every
/// front end shows: `bytes 9-14` (bytes 9 to 13); an empty span, which the
/// same form would show as one byte (`bytes 35-35`), is `no bytes, at 35`.
///
/// ```
/// use urlscope_core::describe;
/// use urlscope_core::split::Span;
/// assert_eq!(describe::byte_span(Span::new(9, 14)), "bytes 9-14");
/// assert_eq!(describe::byte_span(Span::new(35, 35)), "no bytes, at 35");
/// ```
pub fn byte_span(span: crate::split::Span) -> String {
    if span.is_empty() {
        format!("no bytes, at {}", span.start)
    } else {
        format!("bytes {}-{}", span.start, span.end)
    }
}

/// The most spans [`byte_spans`] lists; the rest are counted.
const LISTED_SPANS: usize = 4;

/// The bytes of the input several spans cover, in order, spans that touch
/// or overlap read as one, each in the form of [`byte_span`]: `bytes
/// 19-32 and 33-65`, `bytes 1-2, 5-6 and 9-10`; past four (`LISTED_SPANS`) the
/// rest are counted (`and 3 more`). No spans read as `no bytes`.
///
/// ```
/// use urlscope_core::describe::byte_spans;
/// use urlscope_core::split::Span;
/// assert_eq!(byte_spans(&[Span::new(9, 14)]), "bytes 9-14");
/// assert_eq!(byte_spans(&[Span::new(33, 65), Span::new(19, 32)]), "bytes 19-32 and 33-65");
/// assert_eq!(byte_spans(&[Span::new(36, 41), Span::new(41, 46)]), "bytes 36-46");
/// let six: Vec<Span> = (0..6).map(|i| Span::new(i * 4, i * 4 + 2)).collect();
/// assert_eq!(byte_spans(&six), "bytes 0-2, 4-6, 8-10, 12-14 and 2 more");
/// ```
pub fn byte_spans(spans: &[crate::split::Span]) -> String {
    let mut sorted = spans.to_vec();
    sorted.sort_by_key(|s| (s.start, s.end));
    let mut merged: Vec<crate::split::Span> = Vec::with_capacity(sorted.len());
    for s in sorted {
        match merged.last_mut() {
            Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
            _ => merged.push(s),
        }
    }
    match merged.as_slice() {
        [] => "no bytes".to_string(),
        [one] => byte_span(*one),
        _ => {
            let listed: Vec<String> = merged
                .iter()
                .take(LISTED_SPANS)
                .map(|s| {
                    if s.is_empty() {
                        format!("at {}", s.start)
                    } else {
                        format!("{}-{}", s.start, s.end)
                    }
                })
                .collect();
            let rest = merged.len().saturating_sub(LISTED_SPANS);
            match rest {
                0 => format!("bytes {}", and_list(&listed)),
                _ => format!("bytes {} and {rest} more", listed.join(", ")),
            }
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, head)) if !head.is_empty() => format!("{} and {last}", head.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Where a warning is: `bytes 9-14, path [2]` (its spans, and the
/// components they are in, [`Analysis::warning_components`], numbered as
/// the component list numbers them: `bytes 8-44 and 45-52, host [1] and
/// path segment [2]`). A
/// warning lifted from a carried value names the component holding the
/// bytes that encode it, and the way in: `bytes 29-173, query value [3],
/// via query value 'token' → jwt claim "redirect" → path segment`.
pub fn warning_place(a: &Analysis, w: &Warning) -> String {
    let mut s = if w.spans.len() > 1 {
        byte_spans(&w.spans)
    } else {
        byte_span(w.span)
    };
    let via = w.via.as_ref().filter(|_| w.component.is_none());
    let named: Vec<String> = a
        .warning_components(w)
        .into_iter()
        .filter_map(|i| {
            a.components
                .get(i)
                .map(|c| format!("{} [{i}]", c.kind.label()))
        })
        .collect();
    if !named.is_empty() {
        s.push_str(", ");
        s.push_str(&and_list(&named));
    }
    if let Some(via) = via {
        s.push_str(&format!(", via {}", crate::text::escape_str(via)));
    }
    s
}
