//! Rendering: one module per pane. Rendering borrows the app and never
//! changes it; only what is visible is built, so a 1 MB URL draws as fast
//! as a short one.

pub mod components;
pub mod corrected;
pub mod detail;
pub mod gallery;
pub mod help;
pub(crate) mod parts;
pub mod url;
pub mod warnings;

use super::app::App;
use super::keys;
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
    let Some(areas) = Areas::compute(
        area,
        app.analysis.warnings.len(),
        app.zoomed_pane(),
        app.url_extra_rows(),
    ) else {
        too_small(app, frame, area);
        return;
    };
    // A zoomed pane's neighbours get empty areas and are not drawn.
    let shown = |r: Rect| r.area() > 0;
    if shown(areas.url) {
        url::render(app, theme, frame, areas.url);
    }
    if shown(areas.components) {
        components::render(app, theme, frame, areas.components);
    }
    if shown(areas.detail) {
        detail::render(app, theme, frame, areas.detail);
    }
    if shown(areas.warnings) {
        warnings::render(app, theme, frame, areas.warnings);
    }
    if shown(areas.corrected) {
        corrected::render(app, theme, frame, areas.corrected);
    }
    hints(app, theme, frame, areas.hints);
    if let Some(crate::tui::app::Gallery { selected: i, .. }) = app.overlay.gallery() {
        gallery::render(app, i, theme, frame, area);
    }
    if app.overlay.is_help() {
        help::render(app, theme, frame, area);
    }
}

/// The screen of a terminal too small for the panes: what it needs, and
/// q to quit; when q has just been pressed with an edited URL not yet
/// copied, what the status line would ask.
fn too_small(app: &App, frame: &mut Frame, area: Rect) {
    let mut text = vec![
        Line::from("urlscope needs a terminal of at least"),
        Line::from(format!(
            "{MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
            area.width, area.height
        )),
    ];
    if app.editor.is_some() {
        text.push(Line::from(
            "Enlarge the window to go on editing the URL (Esc cancels the edit).",
        ));
    } else if app.quit_armed {
        text.push(Line::from(
            "The edited URL has not been copied: enlarge the window to copy it, or press q again to quit.",
        ));
    } else {
        text.push(Line::from("Enlarge the window, or press q to quit."));
    }
    let y = area.height.saturating_sub(text.len() as u16) / 2;
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

/// The status line, then the focused pane's keys (as many as fit, the
/// least important dropped first), always ending with `? help`.
fn hints(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let width = usize::from(area.width);
    let context = app.context();
    let offered = |c: keys::Command| app.offers(c);
    let mut spans = Vec::new();
    // A zoomed pane says so for as long as it is zoomed, unless a message
    // of the last key takes the place (an overlay has its own keys).
    let status = match app.status.as_str() {
        "" if app.zoom && !app.overlay.is_open() => "zoomed (z or Esc: back)",
        status => status,
    };
    // The status answers the key just pressed (where a copy went: cut at
    // half the bar, 'OSC 52, no s…' left it unsaid), so the keys give way
    // to it down to their last resort (`? help`); they are all back on the
    // next key. The warning that the next q quits without the edit is said
    // whole.
    let status_room = if status.is_empty() {
        0
    } else if app.quit_armed {
        (status.width() + 2).min(width)
    } else {
        let want = status.width() + 2;
        let hints_need: usize = keys::hints_offered(context, 0, offered)
            .iter()
            .map(|(k, w)| k.width() + w.width() + 3)
            .sum();
        want.min(width.saturating_sub(hints_need))
    };
    if status_room > 2 {
        let status = fit(&urlscope_core::text::escape_str(status), status_room - 2);
        spans.push(Span::styled(
            format!("{status}  "),
            Style::new().add_modifier(Modifier::BOLD),
        ));
    }
    for (key, what) in keys::hints_offered(context, width.saturating_sub(status_room), offered) {
        spans.push(Span::styled(key, theme.title(true)));
        spans.push(Span::raw(format!(" {what}  ")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

#[cfg(test)]
mod tests;
