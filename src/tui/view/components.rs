//! The component list, in URL order: kind, raw text, decoded text, and the
//! worst warning's mark. Only the visible rows are built.

use super::parts::{fit, pane_block, preview};
use crate::tui::app::{App, Pane};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use urlscope_core::split::ComponentKind;

/// A short label that fits the list.
pub fn short_kind(k: ComponentKind) -> &'static str {
    match k {
        ComponentKind::Scheme => "scheme",
        ComponentKind::Userinfo => "user",
        ComponentKind::Host => "host",
        ComponentKind::Port => "port",
        ComponentKind::PathSegment => "path",
        ComponentKind::QueryKey => "key",
        ComponentKind::QueryValue => "value",
        ComponentKind::Fragment => "frag",
    }
}

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let height = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let severities = a.component_severities();
    let first = app.component_scroll.min(a.components.len());
    let last = (first + height).min(a.components.len());
    let mut lines = Vec::with_capacity(height);
    for (i, c) in a.components.iter().enumerate().take(last).skip(first) {
        let severity = severities.get(i).copied().flatten();
        let mark = severity.map_or(" ", Theme::severity_symbol);
        let raw = c.span.of(&a.input);
        let text_w = width.saturating_sub(10);
        let mut text = preview(raw, text_w);
        if c.decoded() != raw {
            let room =
                text_w.saturating_sub(unicode_width::UnicodeWidthStr::width(text.as_str()) + 3);
            if room > 2 {
                text = format!("{text} → {}", preview(c.decoded_lossy().as_bytes(), room));
            }
        }
        let selected = i == app.selected;
        let mut spans = vec![
            Span::styled(
                if selected { "▶" } else { " " },
                theme.title(app.focus == Pane::Components),
            ),
            Span::styled(mark, severity.map_or(Style::new(), |s| theme.severity(s))),
            Span::raw(" "),
            Span::styled(format!("{:<6} ", short_kind(c.kind)), theme.kind(c.kind)),
            Span::raw(fit(&text, text_w)),
        ];
        if selected && app.focus == Pane::Components {
            for s in spans.iter_mut().skip(1) {
                s.style = s.style.patch(theme.selected());
            }
        }
        lines.push(Line::from(spans));
    }
    if a.components.is_empty() {
        lines.push(Line::styled("(no components: empty input)", theme.dim()));
    }
    let title = format!(
        "Components {}/{}",
        (app.selected + 1).min(a.components.len()),
        a.components.len()
    );
    let block = pane_block(app, theme, title, Some(Pane::Components));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
