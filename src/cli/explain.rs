//! `urlscope explain`: the analysis as a readable report.
//!
//! Everything from the input is printed through [`urlscope_core::text`], so no
//! byte of a hostile URL reaches the terminal as a control sequence.

use super::cells::{
    cell_long, cells_where_they_differ, layer_steps, raw_and_decoded_cells, wrapped, wrapped_list,
    CELL_COLUMNS, HEAD, WIDTH,
};
use super::style::Style;
use std::io::{self, Write};
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::{char_info, Analysis, ByteRow};
use urlscope_core::describe;
use urlscope_core::percent::SourceKind;
use urlscope_core::split::Span;
use urlscope_core::text::{escape_bytes, pieces, Piece};
use urlscope_core::utf8::{self, ByteRole};
use urlscope_core::warnings::Severity;

/// Byte-table rows printed per component; `--json` has them all.
pub(super) const MAX_ROWS: usize = 512;
/// At most this many components are listed, and this many get a byte
/// table; a URL of millions of segments still gives a readable report
/// (JSON lists them all).
const MAX_COMPONENTS: usize = 1000;
const MAX_BYTE_TABLES: usize = 64;
/// Characters of each reading in the readings table: two and the row's
/// name fit in 80 columns.
const READING: usize = 31;
/// Columns of input shown around a warning's bytes.
const POINTER_WIDTH: usize = 70;

/// Bytes of context read around a warning's span.
const CONTEXT_BEFORE: usize = 48;
const CONTEXT_AFTER: usize = 4 * POINTER_WIDTH;

/// The input around a warning's spans and a line of carets under their
/// bytes: all of them when they fit in one window, else the first.
fn pointer_at(input: &[u8], spans: &[Span], whole: Span) -> (String, String) {
    match spans {
        [] => pointer(input, whole, &[whole]),
        [first, ..] if whole.len() > POINTER_WIDTH => pointer(input, *first, &[*first]),
        _ => pointer(input, whole, spans),
    }
}

/// The input around `span` and a line of carets under the bytes of
/// `marked` (within it). Only a window of the input around the span is
/// read, so the cost does not grow with the input.
fn pointer(input: &[u8], span: Span, marked: &[Span]) -> (String, String) {
    // An input short enough to fit is read whole (it may be shown so).
    let mut from = if input.len() <= POINTER_WIDTH {
        0
    } else {
        span.start.saturating_sub(CONTEXT_BEFORE).min(input.len())
    };
    // Start on a character boundary.
    while from > 0 && from < span.start && input.get(from).is_some_and(|b| (0x80..0xC0).contains(b))
    {
        from += 1;
    }
    let to = span.end.saturating_add(CONTEXT_AFTER).min(input.len());
    let pieces = pieces(input.get(from..to).unwrap_or_default(), from);
    let cut_left = from > 0;
    let cut_right = to < input.len();
    let first = pieces
        .iter()
        .position(|p| p.span.end > span.start)
        .unwrap_or(pieces.len());
    let last = pieces
        .iter()
        .rposition(|p| p.span.start < span.end.max(span.start + 1))
        .unwrap_or(first)
        .max(first);
    let width = |p: &Piece| p.text.width();
    // Start a little before the span, so it has context on the left, as
    // far as the span leaves room for it (and the two '…').
    let marked_width: usize = pieces
        .get(first..=last)
        .unwrap_or_default()
        .iter()
        .map(width)
        .sum();
    // An input that fits is shown whole; a longer one from a little
    // before the span, which leaves room for what follows it.
    let fits = !cut_left && !cut_right && pieces.iter().map(width).sum::<usize>() <= POINTER_WIDTH;
    let room = if fits {
        POINTER_WIDTH
    } else {
        POINTER_WIDTH.saturating_sub(marked_width + 2).min(12)
    };
    let mut start = first;
    let mut left = 0;
    while start > 0 {
        let w = pieces.get(start - 1).map_or(0, width);
        if left + w > room {
            break;
        }
        start -= 1;
        left += w;
    }
    let mut line = String::new();
    let mut marks = String::new();
    let mut used = 0;
    if start > 0 || cut_left {
        line.push('…');
        marks.push(' ');
        used += 1;
    }
    let mut i = start;
    let mut truncated = false;
    while let Some(p) = pieces.get(i) {
        let w = width(p);
        // Within the width, even inside a span too wide for it (the '…'
        // then says it goes on), once some of the span is shown.
        if used + w > POINTER_WIDTH && i > first {
            truncated = true;
            break;
        }
        line.push_str(&p.text);
        let in_marked = marked
            .iter()
            .any(|m| p.span.start < m.end.max(m.start + 1) && p.span.end > m.start);
        let mark = if (first..=last).contains(&i) && !span.is_empty() && in_marked {
            '^'
        } else {
            ' '
        };
        marks.extend(std::iter::repeat_n(mark, w));
        used += w;
        i += 1;
    }
    if truncated || (cut_right && i >= pieces.len()) {
        line.push('…');
    }
    if span.is_empty() {
        // An empty span (an empty component) points between two bytes.
        let col: usize = pieces
            .get(start..first)
            .unwrap_or_default()
            .iter()
            .map(width)
            .sum::<usize>()
            + usize::from(start > 0 || cut_left);
        marks = format!("{}^", " ".repeat(col));
    }
    (line, marks.trim_end().to_string())
}

/// The column a byte row's character name starts at, when the row's
/// last column (starting at `at`) is `U+00E4  ä  LATIN SMALL LETTER A WITH
/// DIAERESIS`: a name too long for the row goes on under itself. Else
/// `at`.
fn name_column(row: &ByteRow, character: &str, at: usize) -> usize {
    row.unit
        .and_then(|unit| unit.value.ok())
        .map(|c| char_info(c).name)
        .filter(|name| !name.is_empty())
        .and_then(|name| character.strip_suffix(name.as_str()).map(str::width))
        .map_or(at, |before| at + before)
}

fn binary(value: u8, role: ByteRole) -> String {
    match urlscope_core::utf8::binary_parts(value, role) {
        (m, p) if m.is_empty() || p.is_empty() => format!("{m}{p}"),
        (m, p) => format!("{m}|{p}"),
    }
}

/// A byte table's row as `explain` prints it: where the byte came from
/// (the input bytes, or a payload's two digits) and its bits.
pub(super) struct TableRow {
    pub(super) from: String,
    pub(super) binary: String,
    pub(super) byte: ByteRow,
}

/// A byte table, `indent` columns in.
pub(super) fn write_table(
    out: &mut impl Write,
    rows: &[TableRow],
    indent: usize,
    style: Style,
) -> io::Result<()> {
    // The role column is as wide as this table's widest well-formed
    // role ("ascii", "lead 1/2"). An ill-formed byte's row says its
    // problem in the role column and what readers make of it on the
    // lines below, at that column: its words would push the table past
    // 80 columns.
    let role_width = rows
        .iter()
        .filter(|r| !matches!(r.byte.role, ByteRole::Invalid(_)))
        .map(|r| r.byte.role.describe().width())
        .max()
        .unwrap_or(0)
        .max("role".len());
    writeln!(
        out,
        "{:indent$}{}",
        "",
        style.dim(&format!(
            "{:<6} {:<3} {:<10} {:<role_width$}  character",
            "from", "hex", "binary", "role"
        ))
    )?;
    for TableRow { from, binary, byte } in rows {
        let role = byte.role.describe();
        // Padded by display width: a wide character is two columns.
        let pad = 6usize.saturating_sub(from.width());
        let cells = format!(
            "{:indent$}{from}{:pad$} {:<3} {:<10} ",
            "",
            "",
            format!("{:02X}", byte.value),
            binary,
        );
        if matches!(byte.role, ByteRole::Invalid(_)) {
            let at = cells.width();
            writeln!(out, "{cells}{}", style.invalid(&role))?;
            writeln!(out, "{:at$}{}", "", wrapped(&byte.describe_char(), at, at))?;
        } else {
            let at = cells.width() + role_width + 2;
            let character = byte.describe_char();
            writeln!(
                out,
                "{cells}{role:<role_width$}  {}",
                wrapped(&character, at, name_column(byte, &character, at))
            )?;
        }
    }
    Ok(())
}

/// A reading of a field as the readings table shows it.
fn shown_reading(text: Option<&str>) -> &str {
    match text {
        None => "(none)",
        Some("") => "(empty)",
        Some(text) => text,
    }
}

/// Write the whole report.
pub fn write_report(out: &mut impl Write, a: &Analysis, style: Style) -> io::Result<()> {
    let reading = describe::reading(a);
    if let Some(d) = &a.defanged {
        // What was pasted, above the URL it stands for.
        writeln!(
            out,
            "{}  {}",
            style.heading("Pasted    "),
            cell_long(&d.pasted)
        )?;
    }
    writeln!(
        out,
        "{}  {}",
        style.heading("URL       "),
        cell_long(&a.input)
    )?;
    let line = format!(
        "{reading}, {} byte{}, {} component{}, {} warning{}{}",
        a.input.len(),
        if a.input.len() == 1 { "" } else { "s" },
        a.components.len(),
        if a.components.len() == 1 { "" } else { "s" },
        a.warnings.len(),
        if a.warnings.len() == 1 { "" } else { "s" },
        if a.warnings.is_empty() {
            String::new()
        } else {
            format!(" ({})", describe::severity_counts(&a.warnings))
        }
    );
    writeln!(
        out,
        "{}  {}",
        style.heading("Reading   "),
        wrapped_list(&line, HEAD, HEAD)
    )?;
    super::follow::write_leads_to(out, a, style)?;

    let worst = a.component_severities();
    writeln!(out, "\n{}", style.heading("Components"))?;
    writeln!(
        out,
        "  {:>3}  {:<13} {:<11} raw → decoded",
        "#", "kind", "bytes"
    )?;
    // The columns before a component's text.
    const TEXT_AT: usize = 2 + 3 + 2 + 13 + 1 + 11 + 1;
    for (i, c) in a.components.iter().enumerate().take(MAX_COMPONENTS) {
        // Room for the widest tag, `  [medium]`, after the text.
        let (raw, decoded) = raw_and_decoded_cells(a, c, WIDTH - TEXT_AT - 10);
        let tag = worst
            .get(i)
            .copied()
            .flatten()
            .map(|worst| (worst, format!("[{}]", worst.name())));
        let tag_width = tag.as_ref().map_or(0, |(_, t)| 2 + t.len());
        let decoded_width = decoded.as_ref().map_or(0, |d| 3 + d.width());
        let fits = TEXT_AT + raw.width() + decoded_width + tag_width <= WIDTH;
        let mut line = format!(
            "  {i:>3}  {} {:<11} {raw}",
            style.kind(c.kind, &format!("{:<13}", c.kind.label())),
            format!("{}-{}", c.span.start, c.span.end),
        );
        if let (Some(decoded), true) = (&decoded, fits) {
            line.push_str(&format!(" → {decoded}"));
        }
        if let Some((worst, tag)) = &tag {
            line.push_str(&format!("  {}", style.severity(*worst, tag)));
        }
        // What does not fit goes below the raw text, with its arrow.
        if let (Some(decoded), false) = (&decoded, fits) {
            line.push_str(&format!("\n{:TEXT_AT$}→ {decoded}", ""));
        }
        writeln!(out, "{line}")?;
    }
    if let Some(rest) = worst.get(MAX_COMPONENTS..) {
        let warned = rest.iter().filter(|s| s.is_some()).count();
        writeln!(
            out,
            "  {}",
            wrapped(
                &format!(
                    "… {} more components, {warned} of them with warnings (explain --json lists them all)",
                    rest.len()
                ),
                2,
                4
            )
        )?;
    }

    writeln!(out, "\n{}", style.heading("Bytes"))?;
    if a.components.len() > MAX_BYTE_TABLES {
        writeln!(
            out,
            "  (the first {MAX_BYTE_TABLES} components; explain --json has every byte table)"
        )?;
    }
    for (i, c) in a.components.iter().enumerate().take(MAX_BYTE_TABLES) {
        // The decoded text goes below the raw when both do not fit.
        let head = format!("  [{i}] {}  ", c.kind.label());
        let (raw, decoded) = raw_and_decoded_cells(a, c, CELL_COLUMNS);
        let decoded = match decoded {
            Some(d) if head.width() + raw.width() + 3 + d.width() <= WIDTH => format!(" → {d}"),
            Some(d) => format!("\n{:w$}→ {d}", "", w = head.width()),
            None => String::new(),
        };
        writeln!(
            out,
            "  [{i}] {}  {raw}{decoded}",
            style.kind(c.kind, c.kind.label()),
        )?;
        if let Some(steps) = layer_steps(&a.input, c) {
            writeln!(out, "      layers: {}", wrapped(&steps, 14, 14))?;
        }
        if c.decoded().is_empty() {
            writeln!(out, "      (empty)")?;
            continue;
        }
        let rows: Vec<TableRow> = a
            .byte_rows_window(i, 0, MAX_ROWS)
            .into_iter()
            .map(|row| TableRow {
                from: match row.source {
                    SourceKind::Plus => "+ (sp)".to_string(),
                    _ => a.source_text(&row),
                },
                binary: binary(row.value, row.role),
                byte: row,
            })
            .collect();
        write_table(out, &rows, 6, style)?;
        let total = c.decoded().len();
        if total > rows.len() {
            writeln!(
                out,
                "      … {} more bytes (explain --json lists them all)",
                total - rows.len()
            )?;
        }
    }

    writeln!(out, "\n{}", style.heading("Warnings"))?;
    if a.warnings.is_empty() {
        writeln!(out, "  none")?;
    }
    for w in &a.warnings {
        let lead = 2 + 6 + 1 + w.code.code().len() + 2;
        writeln!(
            out,
            "  {} {}  {}",
            style.severity(
                w.severity,
                &format!("{:<6}", w.severity.name().to_uppercase())
            ),
            w.code.code(),
            wrapped(&describe::warning_place(a, w), lead, lead)
        )?;
        writeln!(out, "         {}", wrapped(&w.message, 9, 9))?;
        let (line, marks) = pointer_at(&a.input, &w.spans, w.span);
        writeln!(out, "         {line}")?;
        writeln!(out, "         {}", style.severity(w.severity, &marks))?;
    }

    super::follow::write_carried(out, a, style)?;
    utf8_section(out, a, style)?;

    if let Some(r) = a.readings() {
        writeln!(
            out,
            "\n{}",
            style.heading("Readings (RFC 3986 | WHATWG URL Standard)")
        )?;
        if let Some(e) = &r.whatwg_error {
            writeln!(out, "  the WHATWG parser rejects this URL: {e}")?;
        }
        for f in &r.fields {
            let mark = describe::Agreement::of(f).mark();
            // Cut where the two first differ, so a difference past the cut
            // shows.
            let (rfc3986, whatwg) = cells_where_they_differ(
                shown_reading(f.rfc3986.as_deref()),
                shown_reading(f.whatwg.as_deref()),
                READING,
            );
            let line = format!("  {mark} {:<9} {rfc3986} | {whatwg}", f.name);
            if f.differs {
                writeln!(out, "{}", style.severity(Severity::High, &line))?;
            } else {
                writeln!(out, "{line}")?;
            }
        }
        let legend: Vec<String> = describe::Agreement::ALL
            .iter()
            .map(|a| a.legend())
            .collect();
        writeln!(out, "  {}", style.dim(&legend.join(";  ")))?;
        if !r.reasons.is_empty() {
            writeln!(out, "  why: {}", wrapped(&r.reasons.join("; "), 7, 7))?;
        }
    }

    writeln!(out)?;
    if a.host.is_some() {
        let facts: Vec<String> = describe::host_facts(a)
            .into_iter()
            .map(|f| f.text)
            .collect();
        let line = facts.join(", ");
        writeln!(
            out,
            "{}  {}",
            style.heading("Host      "),
            wrapped_list(&line, HEAD, HEAD)
        )?;
    }
    match a.whatwg() {
        Some(Ok(r)) => writeln!(
            out,
            "{}  {}",
            style.heading("WHATWG    "),
            urlscope_core::text::escape_str(&r.href)
        )?,
        Some(Err(e)) => writeln!(out, "{}  rejected: {e}", style.heading("WHATWG    "))?,
        None => {}
    }
    writeln!(out, "{}  {}", style.heading("Clean     "), a.clean)?;
    writeln!(out, "{}  {}", style.heading("Normalized"), a.normalized)?;
    if let Some(note) = describe::normalized_elsewhere(a) {
        writeln!(out, "            {}", wrapped(&note, 12, 12))?;
    }
    Ok(())
}

/// Every distinct non-ASCII character and ill-formed sequence of the
/// decoded components, bit by bit (Table 3-5) or with the Table 3-6 row
/// that rejects it.
fn utf8_section(out: &mut impl Write, a: &Analysis, style: Style) -> io::Result<()> {
    const MAX: usize = 24;
    let mut seen_chars: Vec<char> = Vec::new();
    let mut seen_bad: Vec<Vec<u8>> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    for c in a.components.iter().filter(|c| !c.decoded().is_ascii()) {
        for unit in &c.utf8().units {
            if lines.len() >= MAX {
                break;
            }
            let bytes = c.decoded().get(unit.range()).unwrap_or_default();
            match unit.value {
                Ok(ch) if !ch.is_ascii() && !seen_chars.contains(&ch) => {
                    seen_chars.push(ch);
                    let l = urlscope_core::utf8::bit_layout(ch);
                    let info = char_info(ch);
                    let glyph = urlscope_core::text::shown_alone(ch);
                    lines.push(format!(
                        "  {} {glyph}  pattern {}\n      bytes   {}\n      payload {} = {}",
                        info.codepoint, l.pattern, l.bytes, l.scalar_bits, info.codepoint
                    ));
                }
                Err(_) if !seen_bad.iter().any(|b| b == bytes) => {
                    seen_bad.push(bytes.to_vec());
                    if let Some(why) =
                        urlscope_core::utf8::explain_ill_formed_at(c.decoded(), unit.start)
                    {
                        let shown = escape_bytes(bytes);
                        let lead = 2 + shown.width() + 2;
                        lines.push(format!(
                            "  {}  {}",
                            style.invalid(&shown),
                            wrapped(&why, lead, lead)
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    if lines.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\n{}",
        style.heading(&format!(
            "UTF-8, bit by bit (Unicode Tables {} and {})",
            utf8::BIT_DISTRIBUTION,
            utf8::WELL_FORMED
        ))
    )?;
    writeln!(
        out,
        "  {}",
        wrapped(&urlscope_core::utf8::tables_note(), 2, 2)
    )?;
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_marks_the_span() {
        let input = b"http://x/%252e%252e/";
        let (line, marks) = pointer(input, Span::new(9, 14), &[Span::new(9, 14)]);
        assert_eq!(line, "http://x/%252e%252e/");
        assert_eq!(marks, "         ^^^^^");
    }

    #[test]
    fn pointer_escapes_controls_and_keeps_columns() {
        let input = b"/a\x1bb";
        let (line, marks) = pointer(input, Span::new(3, 4), &[Span::new(3, 4)]);
        assert_eq!(line, "/a\\x1bb");
        assert_eq!(marks, "      ^");
    }

    #[test]
    fn binary_sets_marker_bits_apart() {
        assert_eq!(binary(0xC3, ByteRole::Lead { len: 2 }), "110|00011");
        assert_eq!(
            binary(0xA9, ByteRole::Continuation { len: 2, index: 1 }),
            "10|101001"
        );
        assert_eq!(binary(0x63, ByteRole::Ascii), "0|1100011");
    }
}
