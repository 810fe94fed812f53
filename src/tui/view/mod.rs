//! Rendering: one module per pane. Rendering borrows the app and never
//! changes it; only what is visible is built, so a 1 MB URL draws as fast
//! as a short one.

pub mod components;
pub mod corrected;
pub mod detail;
pub mod gallery;
pub mod help;
pub mod url;
pub mod warnings;

use super::app::{App, Areas, Pane, MIN_HEIGHT, MIN_WIDTH};
use super::keys::HINTS;
use super::theme::Theme;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;
pub use urlscope_core::text::pieces;

/// Draw the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let theme = Theme { color: app.color };
    let Some(areas) = Areas::compute(area, app) else {
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

/// A bordered block whose title shows whether the pane has the focus.
pub fn pane_block(app: &App, theme: Theme, title: String, pane: Option<Pane>) -> Block<'static> {
    let focused = pane.is_some_and(|p| p == app.focus) && app.editor.is_none();
    let marker = if focused { "▶ " } else { "" };
    Block::bordered()
        .title(Span::styled(
            format!(" {marker}{title} "),
            theme.title(focused),
        ))
        .border_style(if focused {
            theme.title(true)
        } else {
            theme.dim()
        })
}

/// Cut `text` to `width` columns, ending in `…` when cut.
pub fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// The safe pieces of `bytes`, stand-ins styled as escapes.
pub fn plain_pieces(bytes: &[u8], base: usize, theme: Theme) -> Vec<(String, Style)> {
    pieces(bytes, base)
        .into_iter()
        .map(|p| {
            let style = if p.escaped {
                theme.escaped()
            } else {
                Style::new()
            };
            (p.text, style)
        })
        .collect()
}

/// Wrap styled pieces into lines of exactly `width` columns (character
/// wrapping, so a cursor position can be computed); at most `max_lines`.
pub fn wrap_pieces(
    pieces: &[(String, Style)],
    width: usize,
    max_lines: usize,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (text, style) in pieces {
        for c in text.chars() {
            let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if used + w > width && used > 0 {
                lines.push(Line::from(std::mem::take(&mut current)));
                used = 0;
                if lines.len() >= max_lines {
                    return lines;
                }
            }
            match current.last_mut() {
                Some(last) if last.style == *style => last.content.to_mut().push(c),
                _ => current.push(Span::styled(c.to_string(), *style)),
            }
            used += w;
        }
    }
    if !current.is_empty() && lines.len() < max_lines {
        lines.push(Line::from(current));
    }
    lines
}

/// A byte window of `input` of about `budget` bytes that contains `focus`,
/// starting on a character boundary.
pub fn window(input: &[u8], focus: usize, budget: usize) -> (usize, usize) {
    if input.len() <= budget {
        return (0, input.len());
    }
    let mut start = focus.saturating_sub(budget / 4).min(input.len());
    let mut steps = 0;
    while start > 0 && steps < 3 && input.get(start).is_some_and(|b| (0x80..0xC0).contains(b)) {
        start -= 1;
        steps += 1;
    }
    (start, (start + budget).min(input.len()))
}

#[cfg(test)]
mod tests;
