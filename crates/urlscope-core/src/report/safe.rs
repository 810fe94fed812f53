//! JSON safe to print on a terminal.

use crate::text::needs_escape;
use serde::Serialize;
use std::io::Write;

/// Compact JSON that is safe to print on a terminal: inside strings, the
/// characters [`needs_escape`] flags (DEL, C1 and bidi controls, invisible
/// characters) are written as `\u` escapes too. (JSON itself escapes the
/// C0 controls.)
struct SafeFormatter;

impl serde_json::ser::Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut rest = fragment;
        while let Some((i, c)) = rest.char_indices().find(|&(_, c)| needs_escape(c)) {
            let (before, after) = rest.split_at(i);
            writer.write_all(before.as_bytes())?;
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write!(writer, "\\u{u:04x}")?;
            }
            rest = after.get(c.len_utf8()..).unwrap_or_default();
        }
        writer.write_all(rest.as_bytes())
    }
}

/// Serialise `value` to `out` on one line, terminal-safe.
pub fn write_safe(out: &mut impl Write, value: &impl Serialize) -> std::io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, SafeFormatter);
    // An I/O error keeps its kind (a reader gone away is a broken pipe).
    value.serialize(&mut ser).map_err(std::io::Error::from)
}

/// Serialise `value` on one line, terminal-safe.
pub fn to_safe_string(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail, and the JSON is UTF-8.
    let _ = write_safe(&mut out, value);
    String::from_utf8(out).unwrap_or_default()
}
