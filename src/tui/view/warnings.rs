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
    let zoomed = app.zoomed_pane() == Some(Pane::Warnings);
    // Where each warning's lines start, and the selected one's range.
    let mut starts: Vec<usize> = Vec::new();
    let (mut selected_start, mut selected_end) = (0, 0);
    // The code column is as wide as the longest code shown.
    let code_w = a
        .warnings
        .iter()
        .skip(app.warning_scroll)
        .take(height)
        .map(|w| w.code.code().len())
        .max()
        .unwrap_or(0);
    for (i, w) in a
        .warnings
        .iter()
        .enumerate()
        .skip(app.warning_scroll)
        .take(height)
    {
        // The components its places are in (`[1,2]`); a warning lifted
        // from a carried value: the component holding the bytes that
        // encode it, and `↳`.
        let components = a.warning_components(w);
        // Three at most, then `…`: the bytes pane and the marks show all.
        let mut numbers: Vec<String> = components.iter().take(3).map(usize::to_string).collect();
        if components.len() > 3 {
            numbers.push("…".to_string());
        }
        let numbers = format!("[{}]", numbers.join(","));
        let place = match (w.component, &w.via) {
            (Some(_), _) => numbers,
            (None, Some(_)) if components.is_empty() => "↳".to_string(),
            (None, Some(_)) => format!("{numbers}↳"),
            (None, None) => "url".to_string(),
        };
        let message = match (&w.via, w.component) {
            (Some(via), None) => format!(
                "via {}: {}",
                urlscope_core::text::escape_str(via),
                w.message
            ),
            _ => w.message.clone(),
        };
        let selected = i == app.warning;
        starts.push(lines.len());
        if selected {
            selected_start = lines.len();
        }
        let mut spans = vec![
            Span::styled(
                if selected { "▶" } else { " " },
                theme.title(app.focus == Pane::Warnings),
            ),
            Span::styled(
                format!(
                    "{} {:<6} ",
                    Theme::severity_symbol(w.severity),
                    w.severity.name()
                ),
                theme.severity(w.severity),
            ),
            Span::styled(
                format!("{:<code_w$} ", w.code.code()),
                theme.severity(w.severity),
            ),
            Span::styled(format!("{place:<5} "), theme.dim()),
        ];
        let used = 3 + 7 + code_w + 1 + place.chars().count().max(5) + 1;
        // Zoomed, every message is shown whole, wrapped beside its head.
        let wrapped: Vec<String> = if zoomed {
            crate::tui::text::wrap(&message, width.saturating_sub(used).max(8))
        } else {
            vec![fit(&message, width.saturating_sub(used))]
        };
        let mut wrapped = wrapped.into_iter();
        spans.push(Span::raw(wrapped.next().unwrap_or_default()));
        if selected && app.focus == Pane::Warnings {
            for s in spans.iter_mut().skip(1) {
                s.style = s.style.patch(theme.selected());
            }
        } else if app.highlight == Some(i) {
            for s in spans.iter_mut().skip(1) {
                s.style = s.style.patch(theme.highlight());
            }
        }
        lines.push(Line::from(spans));
        for more in wrapped {
            lines.push(Line::raw(format!("{}{more}", " ".repeat(used))));
        }
        if selected {
            selected_end = lines.len();
        }
    }
    let mut dropped = 0;
    let mut skip = 0;
    if zoomed {
        // Keep the selected warning's lines in view: drop whole warnings
        // from the top until its last line fits.
        skip = starts
            .iter()
            .copied()
            .find(|&s| s >= selected_start || selected_end.saturating_sub(s) <= height)
            .unwrap_or(0);
        lines.drain(..skip.min(lines.len()));
        dropped = starts.iter().filter(|&&s| s < skip).count();
    }
    // A list scrolled past its top says how many warnings are above, and
    // one that runs past its bottom how many are below: those not drawn,
    // and those drawn whose first line falls below the pane.
    let above = app.warning_scroll.min(a.warnings.len()) + dropped;
    let undrawn = a
        .warnings
        .len()
        .saturating_sub(app.warning_scroll + starts.len());
    let below = undrawn + starts.iter().filter(|&&s| s >= skip + height).count();
    if a.warnings.is_empty() {
        lines.push(Line::styled("no warnings", theme.dim()));
    }
    let title = if a.warnings.is_empty() {
        "Warnings".to_string()
    } else {
        let count = |n: usize, arrow: &str, word: &str| {
            if n > 0 {
                format!(" · {arrow}{n} {word}")
            } else {
                String::new()
            }
        };
        format!(
            "Warnings {}/{}{}{}",
            (app.warning + 1).min(a.warnings.len()),
            a.warnings.len(),
            count(above, "↑", "above"),
            count(below, "↓", "below")
        )
    };
    let block = pane_block(app, theme, title, Some(Pane::Warnings), area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
