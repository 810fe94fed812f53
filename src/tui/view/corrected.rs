//! The corrected URLs: cleaned (what changed highlighted) and normalized.

use super::parts::{fit, pane_block};
use crate::tui::app::App;
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use urlscope_core::split::Span as ByteSpan;

/// `text` (ASCII: cleaned URLs always are) with `changes` highlighted,
/// cut to `width` columns.
fn changed_line(
    label: &str,
    text: &str,
    changes: &[ByteSpan],
    theme: Theme,
    width: usize,
) -> Line<'static> {
    let room = width.saturating_sub(label.len());
    let shown = text.len().min(room);
    let mut spans = vec![Span::styled(label.to_string(), theme.dim())];
    let mut at = 0;
    for c in changes.iter().filter(|c| c.start < shown) {
        if c.start > at {
            spans.push(Span::raw(
                text.get(at..c.start).unwrap_or_default().to_string(),
            ));
        }
        let end = c.end.min(shown);
        spans.push(Span::styled(
            text.get(c.start..end).unwrap_or_default().to_string(),
            theme.changed(),
        ));
        at = end;
    }
    if at < shown {
        spans.push(Span::raw(
            text.get(at..shown).unwrap_or_default().to_string(),
        ));
    }
    if shown < text.len() {
        spans.push(Span::styled("…", Style::new()));
    }
    Line::from(spans)
}

/// The byte ranges where `b` differs from `a`, for short strings: the
/// common prefix and suffix are kept, the middle marked.
fn rough_changes(a: &str, b: &str) -> Vec<ByteSpan> {
    if a == b {
        return Vec::new();
    }
    let prefix = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let suffix = a
        .bytes()
        .rev()
        .zip(b.bytes().rev())
        .take_while(|(x, y)| x == y)
        .count()
        .min(a.len().min(b.len()) - prefix);
    vec![ByteSpan::new(prefix, b.len() - suffix)]
}

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let width = usize::from(area.width.saturating_sub(2));
    let same = a.clean.as_bytes() == a.input.as_slice();
    let lines = vec![
        changed_line("clean      ", &a.clean, &a.clean_changes, theme, width),
        changed_line(
            "normalized ",
            &a.normalized,
            &rough_changes(&a.clean, &a.normalized),
            theme,
            width,
        ),
    ];
    let title = if same {
        "Corrected URL (already clean) · c/n copy"
    } else {
        "Corrected URL · changes highlighted · c/n copy"
    };
    let block = pane_block(app, theme, fit(title, width), None);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rough_changes_mark_the_middle() {
        assert_eq!(
            rough_changes("HTTP://X/a", "http://x/a"),
            vec![ByteSpan::new(0, 8)]
        );
        assert_eq!(
            rough_changes("http://x/%7E", "http://x/~"),
            vec![ByteSpan::new(9, 10)]
        );
        assert_eq!(rough_changes("a", "a"), vec![]);
    }
}
