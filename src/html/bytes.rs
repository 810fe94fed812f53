//! A component's byte table and the code-point assembly of its multi-byte
//! characters (Unicode Tables 3-5 and 3-6), as HTML.

use super::words;
use std::io::{self, Write};
use urlscope_core::analysis::{char_info, Analysis};
use urlscope_core::percent::SourceKind;
use urlscope_core::utf8::{binary_parts, bit_layout, ByteRole};

/// Byte rows shown per component, as in the text report.
const MAX_ROWS: usize = 512;
/// Distinct characters assembled bit by bit per component.
const MAX_ASSEMBLIES: usize = 24;

/// `110|00011` as marker bits in bold and payload bits in italics.
fn bits(marker: &str, payload: &str) -> String {
    format!("<span class=\"bits\"><b>{marker}</b><i>{payload}</i></span>")
}

/// The byte table of component `index`.
pub fn write_table(out: &mut impl Write, a: &Analysis, index: usize) -> io::Result<()> {
    let rows = a.byte_rows_window(index, 0, MAX_ROWS);
    if rows.is_empty() {
        return writeln!(out, "<p class=\"dim\">(empty)</p>");
    }
    writeln!(
        out,
        "<table class=\"bytes\"><thead><tr><th>from</th><th>hex</th><th>binary \
         (<b>marker</b> <i>payload</i>)</th><th>role (Table {})</th><th>character</th></tr></thead><tbody>",
        urlscope_core::utf8::WELL_FORMED
    )?;
    for row in &rows {
        let from = match row.source {
            SourceKind::Plus => "+ (space)".to_string(),
            _ => a.source_text(row),
        };
        let (marker, payload) = binary_parts(row.value, row.role);
        let role = words(&row.role.describe());
        let role = if matches!(row.role, ByteRole::Invalid(_)) {
            format!("<span class=\"invalid\">{role}</span>")
        } else {
            role
        };
        writeln!(
            out,
            "<tr><td><code>{}</code></td><td>{:02X}</td><td>{}</td><td>{role}</td><td>{}</td></tr>",
            words(&from),
            row.value,
            bits(&marker, &payload),
            words(&row.describe_char())
        )?;
    }
    writeln!(out, "</tbody></table>")?;
    let total = a.components.get(index).map_or(0, |c| c.decoded().len());
    if total > rows.len() {
        writeln!(
            out,
            "<p class=\"dim\">… {} more bytes (explain --json lists them all)</p>",
            total - rows.len()
        )?;
    }
    Ok(())
}

/// Each distinct multi-byte character of component `index`: its bytes with
/// the marker bits set apart, the payload bits joined, the code point.
pub fn write_assembly(out: &mut impl Write, a: &Analysis, index: usize) -> io::Result<()> {
    let Some(c) = a.components.get(index) else {
        return Ok(());
    };
    let mut seen: Vec<char> = Vec::new();
    for unit in &c.utf8().units {
        if let Ok(ch) = unit.value {
            if !ch.is_ascii() && !seen.contains(&ch) && seen.len() < MAX_ASSEMBLIES {
                seen.push(ch);
            }
        }
    }
    if seen.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "<h4>Code points, bit by bit (Table {})</h4><p>{}</p><ul class=\"assembly\">",
        urlscope_core::utf8::BIT_DISTRIBUTION,
        urlscope_core::utf8::tables_note()
    )?;
    for ch in seen {
        let layout = bit_layout(ch);
        let bytes: Vec<String> = layout
            .bytes
            .split(' ')
            .map(|b| match b.split_once('|') {
                Some((m, p)) => bits(m, p),
                None => bits("", b),
            })
            .collect();
        let info = char_info(ch);
        writeln!(
            out,
            "<li><code>{}</code> → <span class=\"bits\"><i>{}</i></span> → <strong>{}</strong> \
             {} <span class=\"dim\">pattern <code>{}</code></span></li>",
            bytes.join(" "),
            layout.scalar_bits,
            words(&info.codepoint),
            words(&urlscope_core::text::shown_alone(ch)),
            layout.pattern
        )?;
    }
    writeln!(out, "</ul>")
}
