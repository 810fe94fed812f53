//! The gallery overlay: the built-in examples on the left, the selected
//! one's explanation on the right.

use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

pub fn render(selected: usize, theme: Theme, frame: &mut Frame, area: Rect) {
    let examples = urlscope_core::examples::all();
    let w = area.width.saturating_sub(4).min(116);
    let h = area.height.saturating_sub(2).min(30);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, r);
    let list_w = (w * 2 / 5).max(30).min(w);
    let list = Rect::new(r.x, r.y, list_w, r.height);
    let text = Rect::new(r.x + list_w, r.y, r.width - list_w, r.height);
    let room = usize::from(list_w.saturating_sub(4));
    let lines: Vec<Line> = examples
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let marker = if i == selected { "▶ " } else { "  " };
            let line = super::parts::fit(&format!("{marker}{}", e.description), room + 2);
            if i == selected {
                Line::styled(line, theme.selected())
            } else {
                Line::raw(line)
            }
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(" Gallery · ↑↓ choose · Enter open · Esc close ")),
        list,
    );
    if let Some(e) = examples.get(selected) {
        let url = urlscope_core::text::escape_str(e.url);
        let body = vec![
            Line::from(Span::styled(url, theme.title(true))),
            Line::raw(""),
            Line::raw(urlscope_core::text::escape_str(&e.explanation)),
        ];
        frame.render_widget(
            Paragraph::new(body)
                .wrap(Wrap { trim: true })
                .block(Block::bordered().title(" What it teaches ")),
            text,
        );
    }
}
