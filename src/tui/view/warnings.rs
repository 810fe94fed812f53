//! The warning list: severity, code, where, and the message. Selecting a
//! warning selects its component and highlights its bytes everywhere.

use super::parts::{fit, pane_block};
use crate::tui::app::{App, Pane};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let height = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let mut lines = Vec::with_capacity(height);
    for (i, w) in a
        .warnings
        .iter()
        .enumerate()
        .skip(app.warning_scroll)
        .take(height)
    {
        let place = match w.component {
            Some(c) => format!("[{c}]"),
            None => "url".to_string(),
        };
        let mut spans = vec![
            Span::styled(
                format!(
                    "{} {:<6} ",
                    Theme::severity_symbol(w.severity),
                    w.severity.name()
                ),
                theme.severity(w.severity),
            ),
            Span::styled(
                format!("{:<20} ", w.code.code()),
                theme.severity(w.severity),
            ),
            Span::styled(format!("{place:<5} "), theme.dim()),
        ];
        let used = 2 + 7 + 21 + 6;
        spans.push(Span::raw(fit(&w.message, width.saturating_sub(used))));
        if i == app.warning && app.focus == Pane::Warnings {
            for s in &mut spans {
                s.style = s.style.patch(theme.selected());
            }
        } else if app.highlight == Some(i) {
            for s in &mut spans {
                s.style = s.style.patch(theme.highlight());
            }
        }
        lines.push(Line::from(spans));
    }
    if a.warnings.is_empty() {
        lines.push(Line::styled("no warnings", theme.dim()));
    }
    let title = if a.warnings.is_empty() {
        "Warnings".to_string()
    } else {
        format!(
            "Warnings {}/{}",
            (app.warning + 1).min(a.warnings.len()),
            a.warnings.len()
        )
    };
    let block = pane_block(app, theme, title, Some(Pane::Warnings));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
