//! The help overlay, generated from the key table.

use crate::tui::keys::{BINDINGS, EDITOR_HELP};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use ratatui::Frame;

pub fn render(theme: Theme, frame: &mut Frame, area: Rect) {
    let mut lines = vec![Line::styled("Keys", theme.title(true))];
    for b in BINDINGS {
        lines.push(Line::from(vec![
            Span::styled(format!("  {:<14}", b.label), theme.title(true)),
            Span::raw(b.help),
        ]));
    }
    lines.push(Line::styled("Editing the URL (e)", theme.title(true)));
    for (k, what) in EDITOR_HELP {
        lines.push(Line::from(vec![
            Span::styled(format!("  {k:<14}"), theme.title(true)),
            Span::raw(*what),
        ]));
    }
    lines.push(Line::styled("Mouse", theme.title(true)));
    lines.push(Line::raw(
        "  click selects a component or warning; the wheel scrolls",
    ));
    lines.push(Line::styled("Marks", theme.title(true)));
    lines.push(Line::raw(
        "  ▲ high  ● medium  ○ low  · info   underlined: bytes behind a warning",
    ));
    lines.push(Line::raw(
        "  ┌ │ └ bytes of one UTF-8 character   ✗ ill-formed byte   110|00011 marker|payload",
    ));
    lines.push(Line::raw(
        "  \\x1b \\u{202e}: controls and invisible characters, never sent raw",
    ));
    lines.push(Line::styled("any key closes this help", theme.dim()));
    let h = (lines.len() as u16 + 2).min(area.height);
    let w = 88.min(area.width);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Help ")),
        r,
    );
}
