//! Rendering: one module per pane. Rendering borrows the app and never
//! changes it; only what is visible is built, so a 1 MB URL draws as fast
//! as a short one.

pub mod components;
pub mod corrected;
pub mod detail;
pub mod gallery;
pub mod help;
mod parts;
pub mod url;
pub mod warnings;

use super::app::App;
use super::keys::HINTS;
use super::layout::{Areas, MIN_HEIGHT, MIN_WIDTH};
use super::theme::Theme;
use parts::fit;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Draw the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let theme = Theme { color: app.color };
    let Some(areas) = Areas::compute(area, app.analysis.warnings.len()) else {
        too_small(frame, area);
        return;
    };
    url::render(app, theme, frame, areas.url);
    components::render(app, theme, frame, areas.components);
    detail::render(app, theme, frame, areas.detail);
    warnings::render(app, theme, frame, areas.warnings);
    corrected::render(app, theme, frame, areas.corrected);
    hints(app, theme, frame, areas.hints);
    if let Some(i) = app.gallery {
        gallery::render(i, theme, frame, area);
    }
    if app.help {
        help::render(theme, frame, area);
    }
}

fn too_small(frame: &mut Frame, area: Rect) {
    let text = vec![
        Line::from("urlscope needs a terminal of at least"),
        Line::from(format!(
            "{MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
            area.width, area.height
        )),
        Line::from("Enlarge the window, or press q to quit."),
    ];
    let y = area.height.saturating_sub(3) / 2;
    let r = Rect::new(
        area.x,
        area.y + y,
        area.width,
        area.height.saturating_sub(y),
    );
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        r,
    );
}

fn hints(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let mut spans = Vec::new();
    let mut used = 0;
    let width = usize::from(area.width);
    if !app.status.is_empty() {
        let status = fit(
            &urlscope_core::text::escape_str(&app.status),
            width.saturating_sub(2),
        );
        used += status.width() + 2;
        spans.push(Span::styled(
            status,
            Style::new().add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::raw("  "));
    }
    let hints: &[(&str, &str)] = if app.editor.is_some() {
        &[
            ("Enter", "apply"),
            ("Esc", "cancel"),
            ("←→", "move"),
            ("Ctrl-U", "clear"),
        ]
    } else {
        HINTS
    };
    for (key, what) in hints {
        let w = key.width() + what.width() + 3;
        if used + w > width {
            break;
        }
        spans.push(Span::styled(*key, theme.title(true)));
        spans.push(Span::raw(format!(" {what}  ")));
        used += w;
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

#[cfg(test)]
mod tests;
