//! What `explain` says of where a URL leads: the "Leads to" lines at the
//! top, and the values the URL carries as indented sub-reports.

use super::style::Style;
use std::io::{self, Write};
use urlscope_core::analysis::{Analysis, Destination, Nested, NestedKind};
use urlscope_core::text::escape_str;

/// One destination, as a line: the target, its host and what it is.
fn describe(d: &Destination) -> String {
    let mut line = escape_str(&d.target);
    if let Some(h) = &d.host {
        line.push_str(&format!(
            "  → {} ({}",
            escape_str(&h.canonical),
            h.reach.label()
        ));
        if let Some(s) = &h.spelled {
            line.push_str(&format!(", {}", escape_str(s)));
        }
        line.push(')');
    }
    if d.runs_script {
        line.push_str("  runs script");
    } else if d.leaves_site {
        line.push_str(&format!(
            "  off-site: {}",
            escape_str(d.site.as_deref().unwrap_or("?"))
        ));
    }
    line
}

/// The "Leads to" lines: the URL's own destination, then each carried
/// one with the chain that reaches it.
pub fn write_leads_to(out: &mut impl Write, a: &Analysis, style: Style) -> io::Result<()> {
    for (i, d) in a.destinations.iter().enumerate() {
        let head = if i == 0 { "Leads to  " } else { "          " };
        if d.via.is_empty() {
            let place = d.host.as_ref().map_or_else(
                || "no host (a relative reference or an opaque URL)".to_string(),
                |h| {
                    let mut s = format!("{} ({}", escape_str(&h.canonical), h.reach.label());
                    if let Some(how) = &h.spelled {
                        s.push_str(&format!(", {}", escape_str(how)));
                    }
                    s + ")"
                },
            );
            writeln!(out, "{}  {place}", style.heading(head))?;
        } else {
            writeln!(
                out,
                "{}  via {}: {}",
                style.heading(head),
                escape_str(&d.via),
                describe(d)
            )?;
        }
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
        write_nested(out, n, style, 1)?;
    }
    Ok(())
}

fn write_nested(out: &mut impl Write, n: &Nested, style: Style, depth: usize) -> io::Result<()> {
    let pad = "  ".repeat(depth);
    writeln!(
        out,
        "{pad}{} {}, layer {}, bytes {}-{}: {}",
        style.heading(&format!("[{}]", n.kind.name())),
        escape_str(&n.via),
        n.layer,
        n.span.start,
        n.span.end,
        urlscope_core::text::quote_str(&n.text)
    )?;
    if !n.spelling.is_empty() && n.kind == NestedKind::Url {
        writeln!(out, "{pad}  written with: {}", n.spelling.join("; "))?;
    }
    if let Some(jwt) = &n.jwt {
        writeln!(
            out,
            "{pad}  header  {}",
            urlscope_core::text::quote_str(&jwt.header)
        )?;
        writeln!(
            out,
            "{pad}  payload {}",
            urlscope_core::text::quote_str(&jwt.payload)
        )?;
    }
    if let Some(inner) = &n.analysis {
        for c in &inner.components {
            writeln!(
                out,
                "{pad}  {:<13} {}",
                c.kind.label(),
                super::explain::raw_and_decoded(&inner.input, c)
            )?;
            if let Some(steps) = super::explain::layer_steps(&inner.input, c) {
                writeln!(out, "{pad}  {:<13} layers: {steps}", "")?;
            }
        }
        for w in &inner.warnings {
            writeln!(
                out,
                "{pad}  {} {}: {}",
                style.severity(w.severity, &w.severity.name().to_uppercase()),
                w.code.code(),
                w.message
            )?;
        }
        for child in &inner.nested {
            write_nested(out, child, style, depth + 1)?;
        }
    }
    for child in &n.children {
        write_nested(out, child, style, depth + 1)?;
    }
    Ok(())
}
