//! What `explain` says of where a URL leads: the "Leads to" lines at the
//! top, and the values the URL carries as indented sub-reports. The words
//! are the core's ([`urlscope_core::describe`]); this lays them out.

use super::cells::{
    layer_steps, raw_and_decoded_cells, wrapped, wrapped_compact, wrapped_list, CELL_COLUMNS, HEAD,
    WIDTH,
};
use super::explain::{write_table, TableRow, MAX_ROWS};
use super::style::Style;
use std::io::{self, Write};
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::{Analysis, Nested, NestedKind};
use urlscope_core::describe;
use urlscope_core::text::{escape_str, quote_str};

/// The "Leads to" lines: the URL's own destination, then each carried
/// one with the chain that reaches it.
pub fn write_leads_to(out: &mut impl Write, a: &Analysis, style: Style) -> io::Result<()> {
    // A link protection's own host is not where the link leads: the end
    // of the chain of wrappers comes first, as the inspector's line under
    // the URL gives it, then the wrapper's own host and the chain.
    let place = |d| wrapped_list(&describe::place(d), HEAD, HEAD);
    let unwrapped = a.unwrapped_destination();
    if let Some(d) = unwrapped {
        writeln!(out, "{}  {}", style.heading("Leads to  "), place(d))?;
    }
    for (i, d) in a.destinations.iter().enumerate() {
        let head = match i {
            0 if unwrapped.is_some() => "Wrapper   ",
            0 => "Leads to  ",
            _ => "          ",
        };
        // The lines after the first line up under the place, after the
        // heading or after "via ".
        let line = if d.via.is_empty() {
            place(d)
        } else {
            let line = format!("via {}: {}", escape_str(&d.via), describe::destination(d));
            match describe::destination_parts(d) {
                // Too long for one line: where it leads starts a line of
                // its own, under the target.
                (target, Some(outcome)) if HEAD + line.width() > WIDTH => {
                    let target = format!("via {}: {target}", escape_str(&d.via));
                    let at = HEAD + "via ".len();
                    format!(
                        "{}\n{:at$}{}",
                        wrapped(&target, HEAD, at),
                        "",
                        wrapped(&outcome, at, at + "→ ".len())
                    )
                }
                _ => wrapped(&line, HEAD, HEAD + "via ".len()),
            }
        };
        writeln!(out, "{}  {line}", style.heading(head))?;
    }
    Ok(())
}

/// The values the URL carries, each with its own analysis indented below.
pub fn write_carried(out: &mut impl Write, a: &Analysis, style: Style) -> io::Result<()> {
    if a.nested.is_empty() {
        return Ok(());
    }
    writeln!(out, "\n{}", style.heading("Carried values"))?;
    for n in &a.nested {
        write_nested(out, a, n, style, 1)?;
    }
    Ok(())
}

/// Carried value `n` of the analysis `home`, with where it leads when it
/// is a URL (the destination `home` gives it, as the inspector shows it).
fn write_nested(
    out: &mut impl Write,
    home: &Analysis,
    n: &Nested,
    style: Style,
    depth: usize,
) -> io::Result<()> {
    let pad = "  ".repeat(depth);
    let heading = describe::carried(n);
    let (kind, rest) = heading.split_once(' ').unwrap_or((&heading, ""));
    // A quote cut in the middle breaks inside its count where the line
    // is too short for it whole.
    let lead = pad.len() + kind.width() + 1;
    writeln!(
        out,
        "{pad}{} {}",
        style.heading(kind),
        wrapped(
            &format!("{rest}: {}", quote_str(&n.text)),
            lead,
            pad.len() + 4
        )
    )?;
    if let Some(spelling) = describe::spelling(&n.spelling).filter(|_| n.kind == NestedKind::Url) {
        let lead = pad.len() + "  written with: ".len();
        writeln!(
            out,
            "{pad}  written with: {}",
            wrapped(&spelling, lead, pad.len() + 4)
        )?;
    }
    if let Some(d) = home.destination_of(n).filter(|_| n.kind == NestedKind::Url) {
        let lead = pad.len() + "  leads to: ".len();
        writeln!(
            out,
            "{pad}  leads to: {}",
            wrapped(&describe::destination(d), lead, pad.len() + 4)
        )?;
    }
    // Whole, wrapped after its commas (compact JSON has no spaces): a
    // claim cut out of the middle (`role`) is what an analyst reads a
    // token for.
    if let Some(jwt) = &n.jwt {
        for (name, text) in [("header ", &jwt.header), ("payload", &jwt.payload)] {
            let lead = pad.len() + 2 + name.len() + 1;
            writeln!(
                out,
                "{pad}  {name} {}",
                wrapped_compact(&token_part(text), lead)
            )?;
        }
    }
    write_digit_table(out, n, style, pad.len() + 2)?;
    if let Some(inner) = &n.analysis {
        // The columns before a component's text; the decoded text goes
        // below the raw when both do not fit after them.
        let text_at = pad.len() + 2 + 13 + 1;
        let columns = CELL_COLUMNS.min(WIDTH.saturating_sub(text_at + 2)).max(8);
        for c in &inner.components {
            let (raw, decoded) = raw_and_decoded_cells(inner, c, columns);
            let decoded = match decoded {
                Some(d) if text_at + raw.width() + 3 + d.width() <= WIDTH => format!(" → {d}"),
                Some(d) => format!("\n{:text_at$}→ {d}", ""),
                None => String::new(),
            };
            writeln!(out, "{pad}  {:<13} {raw}{decoded}", c.kind.label())?;
            if let Some(steps) = layer_steps(&inner.input, c) {
                let lead = text_at + "layers: ".len();
                writeln!(
                    out,
                    "{pad}  {:<13} layers: {}",
                    "",
                    wrapped(&steps, lead, lead)
                )?;
            }
        }
        for w in &inner.warnings {
            let severity = w.severity.name().to_uppercase();
            let lead = pad.len() + 2 + severity.len() + 1 + w.code.code().len() + 2;
            writeln!(
                out,
                "{pad}  {} {}: {}",
                style.severity(w.severity, &severity),
                w.code.code(),
                wrapped(&w.message, lead, pad.len() + 4)
            )?;
        }
        for child in &inner.nested {
            write_nested(out, inner, child, style, depth + 1)?;
        }
    }
    for child in &n.children {
        write_nested(out, home, child, style, depth + 1)?;
    }
    Ok(())
}

/// A payload written in digits (base64, hex, a JWT's payload): its
/// decoded bytes, each with the two digits whose bits make it, under how
/// the first one is made, `indent` columns in.
fn write_digit_table(
    out: &mut impl Write,
    n: &Nested,
    style: Style,
    indent: usize,
) -> io::Result<()> {
    let Some(total) = n.digit_rows_len() else {
        return Ok(());
    };
    let rows: Vec<TableRow> = n
        .digit_rows_window(0, MAX_ROWS)
        .into_iter()
        .map(|d| {
            let (first, second) = d.bits();
            TableRow {
                from: d.digit_text(),
                binary: format!("{first}|{second}"),
                byte: d.byte,
            }
        })
        .collect();
    if let Some(first) = n.digit_rows_window(0, 1).first() {
        let head = "each byte is made of two digits' bits, as the first: ";
        writeln!(
            out,
            "{:indent$}{head}{}",
            "",
            wrapped(&first.explain(), indent + head.len(), indent + 2)
        )?;
    }
    write_table(out, &rows, indent, style)?;
    if total > rows.len() {
        writeln!(
            out,
            "{:indent$}… {} more bytes (the inspector shows them all)",
            "",
            total - rows.len()
        )?;
    }
    Ok(())
}

/// The most of a JWT's header or payload `explain` shows.
const TOKEN_PART_LIMIT: usize = 4096;

/// A JWT's header or payload (JSON) escaped for the terminal, whole up
/// to [`TOKEN_PART_LIMIT`] bytes, then the count of the rest.
fn token_part(text: &str) -> String {
    let mut end = text.len().min(TOKEN_PART_LIMIT);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let shown = escape_str(text.get(..end).unwrap_or_default());
    match text.len() - end {
        0 => shown,
        more => format!("{shown} … {more} more bytes (explain --json lists them all)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token's claims are shown whole, escaped, up to the limit.
    #[test]
    fn a_tokens_claims_are_shown_whole_up_to_the_limit() {
        let claims = r#"{"sub": "1", "role": "admin"}"#;
        assert_eq!(token_part(claims), claims);
        assert_eq!(
            token_part("{\"a\": \"\u{1b}[2J\"}"),
            "{\"a\": \"\\x1b[2J\"}"
        );
        let long = format!("{{\"a\": \"{}\"}}", "é".repeat(3000));
        let shown = token_part(&long);
        assert!(
            shown.ends_with("more bytes (explain --json lists them all)"),
            "{shown}"
        );
        assert!(shown.len() < long.len());
    }
}
