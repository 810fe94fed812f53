//! The help overlay, generated from the key table: the keys of the pane
//! under it first, then every other key, the editor's, the mouse, and the
//! legend of the marks. It scrolls; a line at its foot says where it is.

use crate::tui::app::App;
use crate::tui::keys::HelpLine;
use crate::tui::layout::{help_area, HELP_KEY_W};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use ratatui::Frame;

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let (r, help) = help_area(area, app.context_under_help(), app.overlay_zoom);
    let height = usize::from(r.height.saturating_sub(2));
    let scroll = match app.overlay {
        crate::tui::app::Overlay::Help { scroll, .. } => scroll,
        _ => 0,
    }
    .min(help.len().saturating_sub(height));
    let mut lines = Vec::with_capacity(height);
    for line in help.iter().skip(scroll).take(height) {
        lines.push(match line {
            HelpLine::Heading(h) => Line::styled(h.clone(), theme.title(true)),
            HelpLine::Blank => Line::raw(""),
            HelpLine::Key(k, what) => {
                // Padded by display width: a mark may be wider than a byte.
                let pad = HELP_KEY_W.saturating_sub(unicode_width::UnicodeWidthStr::width(*k));
                Line::from(vec![
                    Span::styled(format!("  {k}{:pad$}", ""), theme.title(true)),
                    Span::raw(what.clone()),
                ])
            }
        });
    }
    let last = (scroll + height).min(help.len());
    let title = format!(" Help · {}-{} of {} ", scroll + 1, last, help.len());
    let more = if last < help.len() {
        " ↓ more · Esc closes "
    } else {
        " Esc closes "
    };
    frame.render_widget(Clear, crate::tui::layout::under_overlay(area, r));
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(title)
                .title_bottom(super::parts::corner_title(more, theme.dim())),
        ),
        r,
    );
}
