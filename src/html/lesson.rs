//! A lesson: one URL's handout, or several URLs' handouts on one page with
//! a table of contents.

use super::{bytes, page, text, words};
use crate::cli::cells::layer_steps;
use crate::cli::style::Style;
use std::io::{self, Write};
use urlscope_core::analysis::Analysis;
use urlscope_core::describe;
use urlscope_core::split::Span;

/// Pieces of the URL line shown; a longer URL is cut with `…`.
const MAX_PIECES: usize = 4096;
/// Components with a section of their own (byte table, layers).
const MAX_COMPONENTS: usize = 64;

/// Write one page teaching every analysis in `analyses`, in order.
pub fn write_lesson(out: &mut impl Write, analyses: &[Analysis]) -> io::Result<()> {
    let title = match analyses {
        [one] => format!("urlscope: {}", text(cut(&one.input))),
        _ => format!("urlscope: {} URLs", analyses.len()),
    };
    page::open(out, &title)?;
    writeln!(out, "<h1>{title}</h1>")?;
    if analyses.len() > 1 {
        writeln!(out, "<nav><h2>Contents</h2><ol>")?;
        for (n, a) in analyses.iter().enumerate() {
            writeln!(
                out,
                "<li><a href=\"#url-{}\"><code>{}</code></a></li>",
                n + 1,
                text(cut(&a.input))
            )?;
        }
        writeln!(out, "</ol></nav>")?;
    }
    for (n, a) in analyses.iter().enumerate() {
        write_url(out, a, n + 1)?;
    }
    page::close(out)
}

/// At most the first 120 bytes, for titles and contents.
fn cut(input: &[u8]) -> &[u8] {
    input.get(..120).unwrap_or(input)
}

fn kind_class(label: &str) -> String {
    format!("k-{}", label.replace(' ', "-"))
}

fn within(span: Span, at: usize) -> bool {
    span.start <= at && at < span.end
}

/// One URL's section.
fn write_url(out: &mut impl Write, a: &Analysis, n: usize) -> io::Result<()> {
    writeln!(out, "<section class=\"lesson-url\" id=\"url-{n}\">")?;
    writeln!(out, "<h2>{n}. <code>{}</code></h2>", text(cut(&a.input)))?;
    writeln!(
        out,
        "<p>{}, {} bytes, {} components, {} warnings</p>",
        words(describe::reading(a)),
        a.input.len(),
        a.components.len(),
        a.warnings.len()
    )?;
    write_coloured_url(out, a)?;
    write_leads(out, a)?;
    write_warnings(out, a)?;
    writeln!(out, "<h3>Components</h3>")?;
    for (i, c) in a.components.iter().enumerate().take(MAX_COMPONENTS) {
        let label = c.kind.label();
        writeln!(
            out,
            "<section class=\"component\"><h4><span class=\"url\"><span class=\"{}\">{}</span></span> \
             [{i}] {} <span class=\"dim\">{}</span></h4>",
            kind_class(label),
            text(a.input.get(c.span.start..c.span.end).unwrap_or_default()),
            words(label),
            urlscope_core::describe::byte_span(c.span)
        )?;
        if let Some(steps) = layer_steps(&a.input, c) {
            writeln!(
                out,
                "<p>Decoding layers: <code>{}</code></p>",
                words(&steps)
            )?;
        }
        bytes::write_table(out, a, i)?;
        bytes::write_assembly(out, a, i)?;
        writeln!(out, "</section>")?;
    }
    if a.components.len() > MAX_COMPONENTS {
        writeln!(
            out,
            "<p class=\"dim\">… {} more components (explain --json lists them all)</p>",
            a.components.len() - MAX_COMPONENTS
        )?;
    }
    write_carried(out, a)?;
    writeln!(out, "<h3>Corrected</h3><dl>")?;
    writeln!(
        out,
        "<dt>Clean</dt><dd><code>{}</code></dd>",
        words(&a.clean)
    )?;
    writeln!(
        out,
        "<dt>Normalized</dt><dd><code>{}</code></dd>",
        words(&a.normalized)
    )?;
    writeln!(out, "</dl></section>")
}

/// The URL with each piece coloured by the component it is in and every
/// warning's bytes marked.
fn write_coloured_url(out: &mut impl Write, a: &Analysis) -> io::Result<()> {
    let warned: Vec<Span> = a
        .warnings
        .iter()
        .flat_map(|w| {
            if w.spans.is_empty() {
                vec![w.span]
            } else {
                w.spans.clone()
            }
        })
        .collect();
    write!(out, "<p class=\"url\">")?;
    let pieces = urlscope_core::text::pieces(&a.input, 0);
    let mut component = 0;
    // Runs of pieces with the same class make one element each.
    let mut run = String::new();
    let mut run_class = String::new();
    for p in pieces.iter().take(MAX_PIECES) {
        // Components are in input order: move forward to the one holding
        // this piece, so the walk stays linear.
        while a
            .components
            .get(component)
            .is_some_and(|c| c.span.end <= p.span.start)
        {
            component += 1;
        }
        let mut class = a
            .components
            .get(component)
            .filter(|c| within(c.span, p.span.start))
            .map_or(String::new(), |c| kind_class(c.kind.label()));
        if warned.iter().any(|s| within(*s, p.span.start)) {
            class.push_str(" warned");
        }
        if class != run_class && !run.is_empty() {
            write!(out, "<span class=\"{run_class}\">{}</span>", words(&run))?;
            run.clear();
        }
        run_class = class;
        run.push_str(&p.text);
    }
    if !run.is_empty() {
        write!(out, "<span class=\"{run_class}\">{}</span>", words(&run))?;
    }
    if pieces.len() > MAX_PIECES {
        write!(out, "…")?;
    }
    writeln!(out, "</p>")
}

fn write_leads(out: &mut impl Write, a: &Analysis) -> io::Result<()> {
    if a.destinations.is_empty() {
        return Ok(());
    }
    writeln!(out, "<h3>Where it leads</h3><ul>")?;
    for d in &a.destinations {
        if d.via.is_empty() {
            writeln!(out, "<li>{}</li>", words(&describe::place(d)))?;
        } else {
            writeln!(
                out,
                "<li>via <code>{}</code>: {}</li>",
                words(&d.via),
                words(&describe::destination(d))
            )?;
        }
    }
    writeln!(out, "</ul>")
}

fn write_warnings(out: &mut impl Write, a: &Analysis) -> io::Result<()> {
    writeln!(out, "<h3>Warnings</h3>")?;
    if a.warnings.is_empty() {
        return writeln!(out, "<p>none</p>");
    }
    writeln!(out, "<ul class=\"warnings\">")?;
    for w in &a.warnings {
        let span = w.spans.first().copied().unwrap_or(w.span);
        writeln!(
            out,
            "<li><span class=\"sev sev-{0}\">{0}</span> <code>{1}</code> {2}<br>{3}<br>\
             bytes {4}-{5}: <code class=\"warned\">{6}</code></li>",
            w.severity.name(),
            w.code.code(),
            words(&describe::warning_place(a, w)),
            words(&w.message),
            span.start,
            span.end,
            text(a.input.get(span.start..span.end).unwrap_or_default()),
        )?;
    }
    writeln!(out, "</ul>")
}

/// What the URL carries, in the text report's words.
fn write_carried(out: &mut impl Write, a: &Analysis) -> io::Result<()> {
    let mut carried = Vec::new();
    crate::cli::follow::write_carried(&mut carried, a, Style { color: false })?;
    let carried = String::from_utf8_lossy(&carried);
    if carried.trim().is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "<pre class=\"carried\">{}</pre>",
        words(carried.trim())
    )
}
