//! The URL line: the whole input (or, while editing, the edit buffer), each
//! component in its colour, the bytes behind every warning underlined, the
//! selected warning's bytes reversed, controls shown as escapes.

use super::parts::{fit, layout_pieces, pane_block, plain_pieces, window, wrap_pieces};
use crate::tui::app::{App, EditTarget};
use crate::tui::fix;
use crate::tui::text::bytes_count;
use crate::tui::theme::Theme;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use urlscope_core::text::pieces;
use urlscope_core::warnings::Severity;

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    if let (Some(pretty), None) = (&app.pretty, &app.editor) {
        render_pretty(app, pretty, theme, frame, area);
        return;
    }
    let input = app.input();
    let inner_w = usize::from(area.width.saturating_sub(2)).max(1);
    let based = if app.editor.is_none() {
        based_lines(app, theme, inner_w)
    } else {
        Vec::new()
    };
    let inner_h = usize::from(area.height.saturating_sub(2))
        .saturating_sub(based.len())
        .max(1);
    let editing = app.editor.as_ref();
    let whole = url_text(app, theme, inner_w, inner_h);
    let leads = Leads::place(app, theme, inner_w, inner_h, rows_of(&whole.0, inner_w));
    let (styled, cursor) = if leads.rows.is_empty() {
        whole
    } else {
        url_text(app, theme, inner_w, inner_h - leads.rows.len())
    };
    // Fixing one component: its decoded text on top, and under it the
    // text as it will be written in the URL.
    let fixing = editing.and_then(|e| match &e.target {
        EditTarget::Component {
            index,
            kind,
            space_plus,
            ..
        } => Some((
            *index,
            *kind,
            fix::encode_for(*kind, &e.buffer, *space_plus),
        )),
        EditTarget::Url => None,
    });
    let text_rows = if fixing.is_some() && inner_h > 1 {
        inner_h - 1
    } else {
        inner_h - leads.rows.len()
    };
    let mut lines = based;
    let url_top = lines.len();
    let (url_lines, cursor_at) = layout_pieces(&styled, inner_w, text_rows, cursor);
    lines.extend(url_lines);
    if !leads.rows.is_empty() {
        lines.resize(url_top + text_rows, Line::default());
        lines.extend(leads.rows);
    }
    if let Some((_, _, encoded)) = &fixing {
        if inner_h > 1 {
            while lines.len() < text_rows {
                lines.push(ratatui::text::Line::raw(""));
            }
            lines.push(ratatui::text::Line::from(vec![
                ratatui::text::Span::styled("written  ", theme.dim()),
                ratatui::text::Span::styled(
                    super::parts::fit(encoded, inner_w.saturating_sub(9)),
                    theme.changed(),
                ),
            ]));
        }
    }
    let title = match (editing, &fixing) {
        (Some(_), Some((i, kind, _))) => format!(
            "Fixing [{i}] {}, decoded (Enter writes it in place, Esc cancels)",
            kind.label()
        ),
        (Some(_), None) if app.is_stale() => "URL (editing; analysing…)".to_string(),
        (Some(_), None) => "URL (editing: Enter applies, Esc cancels)".to_string(),
        (None, _) if app.is_stale() => format!("URL · {} · analysing…", bytes_count(input.len())),
        (None, _) if app.based.is_some() => format!("Target URL · {}", bytes_count(input.len())),
        (None, _) => format!("URL · {}", bytes_count(input.len())),
    };
    let block = pane_block(app, theme, title, None, area).title_bottom(leads.border);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    if let Some((row, col)) = cursor_at {
        if row < text_rows {
            frame.set_cursor_position(Position::new(
                area.x + 1 + col as u16,
                area.y + 1 + (url_top + row) as u16,
            ));
        }
    }
}

/// The URL (or the edit buffer) as styled pieces for `rows` rows of
/// `inner_w` columns, a window around the selection or the cursor when it
/// is longer, and the piece the edit cursor is on (`styled.len()`: after
/// the last).
fn url_text(
    app: &App,
    theme: Theme,
    inner_w: usize,
    rows: usize,
) -> (Vec<(String, Style)>, Option<usize>) {
    let input = app.input();
    let a = &app.analysis;
    // While a background analysis runs, the spans on screen belong to the
    // old input: show the new bytes without them.
    let stale = app.is_stale() || app.editor.as_ref().is_some_and(|e| e.buffer != a.input);
    let editing = app.editor.as_ref();
    let focus = match editing {
        Some(e) => e.cursor,
        None => app
            .highlighted_spans()
            .first()
            .map(|s| s.start)
            .or_else(|| a.components.get(app.selected).map(|c| c.span.start))
            .unwrap_or(0),
    };
    let (from, to) = window(input, focus, inner_w * rows);
    // The worst warning severity over each byte of the window.
    let mut warned: Vec<Option<Severity>> = vec![None; to - from];
    let near = if stale {
        Vec::new()
    } else {
        a.warnings_near(urlscope_core::split::Span::new(from, to))
    };
    for w in &near {
        for s in &w.spans {
            for i in s.start.max(from)..s.end.min(to) {
                if let Some(slot) = warned.get_mut(i - from) {
                    *slot = (*slot).max(Some(w.severity));
                }
            }
        }
    }
    let highlight = if stale {
        &[][..]
    } else {
        app.highlighted_spans()
    };
    let mut styled: Vec<(String, Style)> = Vec::new();
    let mut cursor: Option<usize> = None;
    if from > 0 {
        styled.push(("…".to_string(), theme.dim()));
    }
    let comps = if stale {
        &[][..]
    } else {
        a.components.as_slice()
    };
    for p in pieces(input.get(from..to).unwrap_or_default(), from) {
        if editing.is_some_and(|e| e.cursor == p.span.start) {
            cursor = Some(styled.len());
        }
        let kind = comps
            .get(comps.partition_point(|c| c.span.end <= p.span.start))
            .filter(|c| c.span.start <= p.span.start)
            .map(|c| c.kind);
        let mut style = kind.map_or(Style::new(), |k| theme.kind(k));
        if p.escaped {
            style = style.patch(theme.escaped());
        }
        if let Some(s) = warned.get(p.span.start - from).copied().flatten() {
            style = style.patch(theme.warned(s));
        }
        if highlight
            .iter()
            .any(|h| h.start <= p.span.start && p.span.start < h.end)
        {
            style = style.patch(theme.highlight());
        }
        styled.push((p.text, style));
    }
    if let Some(e) = editing {
        if e.cursor >= to {
            cursor = Some(styled.len());
        }
    }
    if to < input.len() {
        styled.push(("…".to_string(), theme.dim()));
    }
    (styled, cursor)
}

/// The pretty form: escapes that cannot lie decoded, the rest shown as
/// escapes (it holds no control characters by construction).
fn render_pretty(app: &App, pretty: &str, theme: Theme, frame: &mut Frame, area: Rect) {
    let inner_w = usize::from(area.width.saturating_sub(2)).max(1);
    let inner_h = usize::from(area.height.saturating_sub(2)).max(1);
    // One character more than the pane holds, so that a URL it cuts runs
    // past its last line and `wrap_pieces` ends that line with `…`; the
    // rows the URL takes are counted on what the pane holds (a piece a
    // character: the pretty form holds no control).
    let shown: String = pretty.chars().take(inner_w * inner_h + 1).collect();
    let styled = plain_pieces(shown.as_bytes(), 0, theme);
    let fitting = styled.get(..inner_w * inner_h).unwrap_or(&styled);
    let leads = Leads::place(app, theme, inner_w, inner_h, rows_of(fitting, inner_w));
    let text_rows = inner_h - leads.rows.len();
    let mut lines = wrap_pieces(&styled, inner_w, text_rows);
    if !leads.rows.is_empty() {
        lines.resize(text_rows, Line::default());
        lines.extend(leads.rows);
    }
    let block = pane_block(
        app,
        theme,
        "URL · as an address bar shows it (p: as written)".to_string(),
        None,
        area,
    )
    .title_bottom(leads.border);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Rows `styled` takes wrapped to `width` columns.
fn rows_of(styled: &[(String, Style)], width: usize) -> usize {
    wrap_pieces(styled, width, usize::MAX).len()
}

/// Where the URL leads and the worst of the URLs it carries
/// (`leads::summary`; `L` lists them all): on the pane's lower border when
/// it fits there; else wrapped between words on the pane's last rows, when
/// the URL leaves them free (a URL cut anyway keeps two rows); else on the
/// rows the URL leaves free and the border, cut, ending `(L)`; else on the
/// border alone, cut, its host losing its first labels before its
/// registrable domain. Left out while the analysis on screen is of
/// another input.
struct Leads {
    border: Line<'static>,
    rows: Vec<Line<'static>>,
}

impl Leads {
    fn place(app: &App, theme: Theme, inner_w: usize, inner_h: usize, url_rows: usize) -> Leads {
        let none = Leads {
            border: Line::default(),
            rows: Vec::new(),
        };
        // Stale, it would be another input's; under an overlay, a fragment.
        if app.is_stale() || app.editor.is_some() || app.overlay.is_open() {
            return none;
        }
        let a = &app.analysis;
        let style = |severity: Option<Severity>| match severity {
            Some(s) if s >= Severity::Medium => theme.severity(s),
            _ => Style::new(),
        };
        let line = |pieces: Vec<crate::tui::leads::Piece>| {
            Line::from(
                pieces
                    .into_iter()
                    .map(|(t, s)| Span::styled(t, style(s)))
                    .collect::<Vec<_>>(),
            )
        };
        // The border's title has a space and a corner on either side.
        let room = inner_w.saturating_sub(4);
        let on_border = |pieces| {
            let mut border = line(pieces);
            border.spans.insert(0, Span::raw(" "));
            border.spans.push(Span::raw(" "));
            border
        };
        if crate::tui::leads::summary_width(a) > room {
            let mut wrapped = crate::tui::leads::summary_lines(a, inner_w);
            let n = wrapped.len();
            if url_rows + n <= inner_h || (url_rows > inner_h && n + 2 <= inner_h) {
                return Leads {
                    rows: wrapped.into_iter().map(line).collect(),
                    ..none
                };
            }
            // The rows the URL leaves free take the first lines, the
            // border the rest, cut.
            let free = inner_h.saturating_sub(url_rows);
            if free > 0 && free < n {
                let rest = wrapped.split_off(free);
                return Leads {
                    border: on_border(crate::tui::leads::rest_of_summary(rest, room)),
                    rows: wrapped.into_iter().map(line).collect(),
                };
            }
        }
        Leads {
            border: on_border(crate::tui::leads::summary(a, room)),
            ..none
        }
    }
}

/// The lines above the URL: the text as pasted, when it was pasted
/// defanged (the URL below is what it stands for); with `--base`, the base
/// and the reference the target was resolved from, and where a WHATWG
/// parser (a browser) resolves them instead.
fn based_lines(app: &App, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let (Some(d), false) = (&app.analysis.defanged, app.is_stale()) {
        lines.push(Line::from(vec![
            Span::styled("pasted ", theme.dim()),
            Span::raw(fit(
                &urlscope_core::text::escape_bytes(&d.pasted),
                width.saturating_sub(7),
            )),
        ]));
    }
    let Some(b) = &app.based else {
        return lines;
    };
    let esc = urlscope_core::text::escape_bytes;
    let edited = app.analysis.input != b.resolution.target;
    let mut head = format!(
        "{} + ref {} = target{}",
        esc(&b.base),
        esc(&b.reference),
        if edited {
            " (edited since)"
        } else {
            " (RFC 3986 §5.2)"
        }
    );
    head = fit(&head, width.saturating_sub(5));
    lines.push(Line::from(vec![
        Span::styled("base ", theme.dim()),
        Span::raw(head),
    ]));
    if b.resolution.differs {
        let theirs = match &b.resolution.whatwg {
            Ok(t) => urlscope_core::text::escape_str(t),
            Err(e) => format!("rejected ({})", urlscope_core::text::escape_str(e)),
        };
        let why = b
            .resolution
            .reason
            .map(|r| format!(": {r}"))
            .unwrap_or_default();
        lines.push(Line::from(vec![
            Span::styled("≠ WHATWG ", theme.severity(Severity::High)),
            Span::raw(fit(&format!("{theirs}{why}"), width.saturating_sub(9))),
        ]));
    }
    lines
}
