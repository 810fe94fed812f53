//! Percent-escapes (RFC 3986 §2.1, §2.3, §2.4): malformed and nonstandard
//! (`%uXXXX`) escapes, lowercase hex digits, unreserved characters encoded
//! for no reason, an encoded separator inside a path segment.

use crate::analysis::char_info;
use crate::analysis::lax::u_escape;
use crate::analysis::report::Findings;
use crate::percent::{escape_at, hex_value, is_unreserved};
use crate::split::{ComponentKind, Span};
use crate::text::{escape_str, quote};
use crate::warnings::WarningCode;

/// The findings of the escape at the start of `rest` (a `%` at input
/// offset `at`); how many bytes it takes.
pub(crate) fn raw_escape(rest: &[u8], at: usize, kind: ComponentKind, f: &mut Findings) -> usize {
    if let Some(v) = escape_at(rest) {
        let esc = rest.get(..3).unwrap_or_default();
        let span = Span::new(at, at + 3);
        if esc.iter().any(|c| matches!(c, b'a'..=b'f')) {
            f.add(WarningCode::LowercaseHex, span, 0, || {
                format!("lowercase hex in '{}'", quote(esc))
            });
        }
        if is_unreserved(v) {
            f.add(WarningCode::EncodedUnreserved, span, 0, || {
                format!(
                    "'{}' encodes the unreserved '{}'",
                    quote(esc),
                    char::from(v)
                )
            });
        }
        if kind == ComponentKind::PathSegment && (v == b'/' || v == b'\\') {
            f.add(WarningCode::EncodedSlash, span, 0, || {
                format!("'{}' is an encoded '{}'", quote(esc), char::from(v))
            });
        }
        return 3;
    }
    if let Some(c) = u_escape(rest) {
        let span = Span::new(at, at + 6);
        f.add(WarningCode::NonstandardEscape, span, 0, || {
            format!(
                "'{}' is a %u escape that IIS reads as {} '{}'",
                quote(rest.get(..6).unwrap_or_default()),
                char_info(c).codepoint,
                escape_str(&c.to_string())
            )
        });
        return 6;
    }
    let len = rest
        .iter()
        .skip(1)
        .take(2)
        .take_while(|&&c| c != b'%' && hex_value(c).is_some() || c.is_ascii_alphanumeric())
        .count();
    let span = Span::new(at, at + 1 + len);
    f.add(WarningCode::MalformedEscape, span, 0, || {
        format!(
            "'{}' is a '%' not followed by two hex digits",
            quote(rest.get(..1 + len).unwrap_or_default())
        )
    });
    1
}
