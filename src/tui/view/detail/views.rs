//! The views that take the bytes pane's place: the two parsers' readings
//! (`r`), every encoder on the component (`d`), and every place the URL
//! leads to (`L`). Each scrolls, its title saying which lines show.

use super::super::parts::{fit, pane_block, preview};
use crate::tui::app::{App, Pane};
use crate::tui::layout::reason_lines;
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// The RFC 3986 reading next to the WHATWG reading, differing fields marked.
pub(super) fn render_readings(
    app: &App,
    readings: Option<&urlscope_core::analysis::Readings>,
    theme: Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let width = usize::from(area.width.saturating_sub(2));
    let col = width.saturating_sub(14) / 2;
    let mut lines = vec![Line::styled(
        format!(
            "  {:<10}{:<col$} {}",
            "field", "RFC 3986", "WHATWG (browsers)"
        ),
        theme.dim(),
    )];
    match readings {
        None => lines.push(Line::raw(
            "No WHATWG reading: a relative reference, or bytes that are not UTF-8.",
        )),
        Some(r) => {
            if let Some(e) = &r.whatwg_error {
                lines.push(Line::styled(
                    format!("The WHATWG parser rejects this URL: {e}"),
                    theme.severity(urlscope_core::warnings::Severity::High),
                ));
            }
            for f in &r.fields {
                let rfc = preview(
                    f.rfc3986.as_deref().unwrap_or("(none)").as_bytes(),
                    col.saturating_sub(1),
                );
                let what = preview(
                    f.whatwg.as_deref().unwrap_or("(none)").as_bytes(),
                    col.saturating_sub(1),
                );
                let mark = if f.differs { "≠" } else { "=" };
                let style = if f.differs {
                    theme.highlight()
                } else {
                    Style::new()
                };
                lines.push(Line::from(vec![
                    Span::styled(format!("{mark} {:<9} ", f.name), style),
                    Span::styled(format!("{rfc:<col$} "), style),
                    Span::styled(what, style),
                ]));
            }
            let reasons = reason_lines(r, width);
            if !reasons.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::styled("why they differ:", theme.dim()));
                lines.extend(reasons.into_iter().map(Line::raw));
            }
        }
    }
    let title = scrolled_title(
        "Parser readings (r: bytes)",
        app.detail.scroll(),
        &lines,
        area,
    );
    let lines = scrolled(lines, app.detail.scroll(), area);
    let block = pane_block(
        app,
        theme,
        fit(&title, width.saturating_sub(2)),
        Some(Pane::Bytes),
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The selected component's decoded text encoded by every dialect, the
/// pieces where they disagree highlighted.
pub(super) fn render_dialects(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    use urlscope_core::dialects::{compare_encoders, EncodeDialect};
    let width = usize::from(area.width.saturating_sub(2));
    let room = width.saturating_sub(19);
    let shown = app.shown();
    let Some(c) = shown.analysis.components.get(shown.component) else {
        return;
    };
    // Only what fits on a line is encoded.
    let text = c
        .decoded()
        .get(..c.decoded().len().min(room * 2))
        .unwrap_or_default();
    let tokens = compare_encoders(text);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:<18} ", "text"), theme.dim()),
        Span::raw(preview(text, room)),
    ])];
    for (i, d) in EncodeDialect::ALL.iter().enumerate() {
        let mut spans = vec![Span::styled(format!("{:<18} ", d.name()), theme.dim())];
        let mut used = 0;
        for t in &tokens {
            let chunk = match t.outputs.get(i).cloned().flatten() {
                Some(s) => urlscope_core::text::escape_str(&s),
                None => "∅".to_string(),
            };
            let w = unicode_width::UnicodeWidthStr::width(chunk.as_str());
            if used + w + 1 > room {
                spans.push(Span::raw("…"));
                break;
            }
            used += w;
            let style = if t.differs {
                theme.changed()
            } else {
                Style::new()
            };
            spans.push(Span::styled(chunk, style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "highlighted: pieces the encoders disagree on · ∅: refused (not UTF-8)",
        theme.dim(),
    ));
    let title = format!(
        "{} · every encoder (d: bytes)",
        super::component_name(app, shown.component, c.kind)
    );
    let title = scrolled_title(&title, app.detail.scroll(), &lines, area);
    let lines = scrolled(lines, app.detail.scroll(), area);
    let block = pane_block(
        app,
        theme,
        fit(&title, width.saturating_sub(2)),
        Some(Pane::Bytes),
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The lines of a scrolling view that fit in `area` from line `scroll`.
fn scrolled(lines: Vec<Line<'static>>, scroll: usize, area: Rect) -> Vec<Line<'static>> {
    let height = usize::from(area.height.saturating_sub(2));
    let scroll = scroll.min(lines.len().saturating_sub(height));
    lines.into_iter().skip(scroll).take(height).collect()
}

/// A title that says which lines show when not all of them fit.
fn scrolled_title(title: &str, scroll: usize, lines: &[Line], area: Rect) -> String {
    let height = usize::from(area.height.saturating_sub(2));
    if lines.len() <= height {
        return title.to_string();
    }
    let scroll = scroll.min(lines.len() - height);
    format!(
        "{title} · {}-{} of {} (↑↓)",
        scroll + 1,
        scroll + height,
        lines.len()
    )
}

/// Every place the URL leads to: its own host, then each URL it carries,
/// the worst first, with how it is reached and where it goes.
pub(super) fn render_leads(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width.saturating_sub(2));
    let lines: Vec<Line<'static>> = crate::tui::leads::lines(&app.analysis, width)
        .into_iter()
        .map(|l| {
            let style = match (l.heading, l.severity) {
                (true, _) => theme.title(false),
                (false, Some(s)) => theme.severity(s),
                (false, None) => Style::new(),
            };
            Line::styled(fit(&l.text, width), style)
        })
        .collect();
    let title = scrolled_title(
        "Where it leads (L: bytes)",
        app.detail.scroll(),
        &lines,
        area,
    );
    let lines = scrolled(lines, app.detail.scroll(), area);
    let block = pane_block(
        app,
        theme,
        fit(&title, width.saturating_sub(2)),
        Some(Pane::Bytes),
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
