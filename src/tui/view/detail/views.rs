//! The views that take the bytes pane's place: the two parsers' readings
//! (`r`), every encoder on the component (`d`), and every place the URL
//! leads to (`L`). Each scrolls, its title saying which lines show.

use super::super::parts::{pane_block, title_room};
use crate::tui::app::{App, Pane};
use crate::tui::detail_lines;
use crate::tui::text::fit_parts;
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The RFC 3986 reading next to the WHATWG reading, differing fields marked.
pub(super) fn render_readings(
    app: &App,
    readings: Option<&urlscope_core::analysis::Readings>,
    theme: Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let width = usize::from(area.width.saturating_sub(2));
    let lines = detail_lines::readings(&app.analysis, readings, theme, width);
    // The column heads stay while the fields scroll.
    render_scrolled(
        app,
        &[("Parser readings (r: bytes)".to_string(), 0)],
        lines,
        1,
        theme,
        frame,
        area,
    );
}

/// The selected component's decoded text encoded by every dialect, the
/// pieces where they disagree highlighted.
pub(super) fn render_dialects(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width.saturating_sub(2));
    let shown = app.shown();
    let Some(c) = shown.analysis.components.get(shown.component) else {
        return;
    };
    // A carried value's own text (a wrapped link's target), else the
    // component's decoded bytes.
    let (text, name) = match shown.value {
        Some(n) => (n.text.as_bytes(), super::value_name(app, shown.analysis, n)),
        None => (
            c.decoded(),
            super::component_name(app, shown.component, c.kind),
        ),
    };
    let mut lines = detail_lines::encoders(text, theme, width);
    // A host is written by IDNA, which no encoder here is: say so where
    // their rows would contradict the clean URL.
    let host_note = shown
        .analysis
        .host
        .as_ref()
        .filter(|_| shown.value.is_none() && c.kind == urlscope_core::split::ComponentKind::Host)
        .and_then(urlscope_core::describe::host_not_encoded);
    // Kept under the text, with it, while the encoders scroll.
    let mut pinned = 1;
    if let Some(note) = host_note {
        let note: Vec<Line<'static>> = crate::tui::text::wrap_within(&note, width, 3)
            .into_iter()
            .map(|l| Line::styled(l, theme.highlight()))
            .collect();
        pinned += note.len();
        lines.splice(1..1, note);
    }
    // A narrow title lets the component's name go (the list marks it
    // and the pinned first line shows its text), never the key back.
    let title = [(name, 1), ("every encoder (d: bytes)".to_string(), 0)];
    // The text being encoded stays while the encoders scroll.
    render_scrolled(app, &title, lines, pinned, theme, frame, area);
}

/// `lines` in the pane from the view's scroll, its first `pinned` lines
/// (column heads) always shown, under `title` (which says which of the
/// other lines show when not all fit). The view scrolls as far as it
/// would with nothing pinned: the pinned lines take the rows of the
/// lines scrolled past.
fn render_scrolled(
    app: &App,
    title: &[(String, u8)],
    mut lines: Vec<Line<'static>>,
    pinned: usize,
    theme: Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let width = usize::from(area.width.saturating_sub(2));
    let body = lines.split_off(pinned.min(lines.len()));
    let rows = area.height.saturating_sub(2);
    let body_area = Rect {
        height: (usize::from(rows).saturating_sub(lines.len()) as u16).saturating_add(2),
        ..area
    };
    let range = scrolled_range(app.detail.scroll(), &body, body_area);
    lines.extend(scrolled(body, app.detail.scroll(), body_area));
    // Room for the spaces around the title and the focus marker; which
    // lines show is said whole, the title cut before it.
    let room = title_room(width, Some(Pane::Bytes));
    let title = format!(
        "{}{range}",
        fit_parts(title, room.saturating_sub(range.width()))
    );
    let block = pane_block(app, theme, title, Some(Pane::Bytes), area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The lines of a scrolling view that fit in `area` from line `scroll`.
fn scrolled(lines: Vec<Line<'static>>, scroll: usize, area: Rect) -> Vec<Line<'static>> {
    let height = usize::from(area.height.saturating_sub(2));
    let scroll = scroll.min(lines.len().saturating_sub(height));
    lines.into_iter().skip(scroll).take(height).collect()
}

/// What a title adds to say which lines show when not all of them fit
/// (nothing when they do).
fn scrolled_range(scroll: usize, lines: &[Line], area: Rect) -> String {
    let height = usize::from(area.height.saturating_sub(2));
    if lines.len() <= height {
        return String::new();
    }
    let scroll = scroll.min(lines.len() - height);
    format!(
        " · {}-{} of {} (↑↓)",
        scroll + 1,
        scroll + height,
        lines.len()
    )
}

/// The corrected URLs whole (`C`), where the corrected pane cuts them.
pub(super) fn render_corrected(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width.saturating_sub(2));
    let lines = app.corrected_lines(theme, width);
    render_scrolled(
        app,
        &[("Corrected URLs (C: bytes)".to_string(), 0)],
        lines,
        0,
        theme,
        frame,
        area,
    );
}

/// Every place the URL leads to: its own host, then each URL it carries,
/// the worst first, with how it is reached and where it goes.
pub(super) fn render_leads(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width.saturating_sub(2));
    let lines = detail_lines::leads(&app.analysis, theme, width);
    render_scrolled(
        app,
        &[("Where it leads (L: bytes)".to_string(), 0)],
        lines,
        0,
        theme,
        frame,
        area,
    );
}
