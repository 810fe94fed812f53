//! The gallery overlay: the built-in examples on the left, the selected
//! one's description, URL and explanation on the right, word-wrapped and
//! scrolled with PgUp/PgDn. Its keys are in the hint bar.

use super::parts::fit;
use crate::tui::app::App;
use crate::tui::layout::{gallery_areas, gallery_text, keep_visible, list_height, GalleryLine};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};
use ratatui::Frame;

pub fn render(app: &App, selected: usize, theme: Theme, frame: &mut Frame, area: Rect) {
    let examples = crate::gallery::all();
    let (r, list, text) = gallery_areas(area, app.overlay_zoom);
    frame.render_widget(Clear, crate::tui::layout::under_overlay(area, r));
    let room = usize::from(list.width.saturating_sub(4));
    let height = list_height(list);
    // The selected example stays in view.
    let first = keep_visible(0, selected, height);
    let lines: Vec<Line> = examples
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, e)| {
            let marker = if i == selected { "▶ " } else { "  " };
            let line = format!("{marker}{}", fit(e.description, room));
            if i == selected {
                Line::styled(line, theme.selected())
            } else {
                Line::raw(line)
            }
        })
        .collect();
    let title = format!(" Gallery {}/{} ", selected + 1, examples.len());
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(fit(&title, room + 2))),
        list,
    );
    let Some(e) = examples.get(selected) else {
        return;
    };
    let width = usize::from(text.width.saturating_sub(2));
    let body = gallery_text(e, width);
    let height = list_height(text);
    let scroll = app
        .overlay
        .gallery()
        .map_or(0, |g| g.scroll)
        .min(body.len().saturating_sub(height));
    let shown: Vec<Line> = body
        .iter()
        .skip(scroll)
        .take(height)
        .map(|l| match l {
            GalleryLine::Title(t) => Line::styled(t.clone(), theme.title(true)),
            GalleryLine::Url(u) => {
                Line::styled(u.clone(), theme.escaped().patch(theme.title(false)))
            }
            GalleryLine::Text(t) => Line::raw(t.clone()),
        })
        .collect();
    let more = if scroll + height < body.len() {
        " PgDn more "
    } else {
        ""
    };
    frame.render_widget(
        Paragraph::new(shown).block(
            Block::bordered()
                .title(" What it teaches ")
                .title_bottom(super::parts::corner_title(more, theme.dim())),
        ),
        text,
    );
}
