//! The corrected URLs: cleaned (what changed highlighted) and normalized.

use super::parts::{pane_block, title_room};
use crate::tui::app::App;
use crate::tui::detail_lines::rough_changes;
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;
use urlscope_core::split::Span as ByteSpan;

/// `text` (ASCII: cleaned URLs always are) with `changes` highlighted,
/// cut to `width` columns. When it does not fit, the part shown is the
/// one around the first change, with `…` where text was cut on either side.
fn changed_line(
    label: &str,
    text: &str,
    changes: &[ByteSpan],
    theme: Theme,
    width: usize,
) -> Line<'static> {
    let room = width.saturating_sub(label.len()).max(2);
    let (from, to) = if text.len() <= room {
        (0, text.len())
    } else {
        // A quarter of the line before the first change, the rest after.
        let first = changes.first().map_or(0, |c| c.start);
        let start = if first + room / 2 < room {
            0
        } else {
            first - room / 4
        };
        let start = start.min(text.len().saturating_sub(room - 1));
        let lead = usize::from(start > 0);
        let end = (start + room - lead).min(text.len());
        let end = if end < text.len() { end - 1 } else { end };
        (start, end)
    };
    let mut spans = vec![Span::styled(label.to_string(), theme.dim())];
    if from > 0 {
        spans.push(Span::styled("…", theme.dim()));
    }
    let mut at = from;
    for c in changes.iter().filter(|c| c.end > from && c.start < to) {
        let start = c.start.max(from);
        if start > at {
            spans.push(Span::raw(
                text.get(at..start).unwrap_or_default().to_string(),
            ));
        }
        let end = c.end.min(to);
        spans.push(Span::styled(
            text.get(start..end).unwrap_or_default().to_string(),
            theme.changed(),
        ));
        at = end;
    }
    if at < to {
        spans.push(Span::raw(text.get(at..to).unwrap_or_default().to_string()));
    }
    if to < text.len() {
        spans.push(Span::styled("…", Style::new()));
    }
    Line::from(spans)
}

/// The clean URL over two lines, when the normalized one is the same and
/// the clean one runs past a line: the first line full (never ending
/// inside an escape), the second the rest (around its first change when it
/// still does not fit), the changes highlighted on both.
fn two_lines(text: &str, changes: &[ByteSpan], theme: Theme, width: usize) -> Vec<Line<'static>> {
    let room = width.saturating_sub(LABEL.len()).max(3).min(text.len());
    // Clean URLs are ASCII: a byte is a column.
    let escape_at = |back: usize| text.as_bytes().get(room.saturating_sub(back)) == Some(&b'%');
    let cut = if escape_at(1) {
        room - 1
    } else if escape_at(2) {
        room - 2
    } else {
        room
    };
    let (head, rest) = (
        text.get(..cut).unwrap_or_default(),
        text.get(cut..).unwrap_or_default(),
    );
    let within = |from: usize, to: usize| -> Vec<ByteSpan> {
        changes
            .iter()
            .filter(|c| c.end > from && c.start < to)
            .map(|c| ByteSpan::new(c.start.max(from) - from, c.end.min(to) - from))
            .collect()
    };
    vec![
        changed_line(LABEL, head, &within(0, cut), theme, width),
        changed_line(
            &" ".repeat(LABEL.len()),
            rest,
            &within(cut, text.len()),
            theme,
            width,
        ),
    ]
}

/// The label of the clean URL's line, as wide as the normalized one's.
const LABEL: &str = "clean      ";

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let width = usize::from(area.width.saturating_sub(2));
    let same = a.clean.as_bytes() == a.input.as_slice();
    // A normalized URL that is the clean one gives its line to the clean
    // one when that runs past its line, so that more of its changes show.
    let one = a.normalized == a.clean && LABEL.len() + a.clean.width() > width;
    let lines = if one {
        two_lines(&a.clean, &a.clean_changes, theme, width)
    } else {
        vec![
            changed_line(LABEL, &a.clean, &a.clean_changes, theme, width),
            changed_line(
                "normalized ",
                &a.normalized,
                &rough_changes(&a.clean, &a.normalized),
                theme,
                width,
            ),
        ]
    };
    // A normalized URL that a browser opens elsewhere is said in the
    // title, the only room the pane has at 80x24: the note keeps its room
    // before the key hint does, in what the border's padding (two
    // columns) leaves.
    let room = title_room(width, None);
    // Where a URL is cut, `C` shows it whole: said before the rest but the
    // note that a browser opens the two elsewhere.
    let cut = if one {
        LABEL.len() * 2 + a.clean.width() > width * 2
    } else {
        LABEL.len() + a.clean.width().max(a.normalized.width()) > width
    };
    let whole = if cut { " · C whole" } else { "" };
    let candidates = match &app.normalized_elsewhere {
        Some(note) => vec![
            format!("Corrected URL · {note}{whole} · c/n copy"),
            format!("Corrected URL · {note}{whole}"),
            format!("Corrected URL · {note}"),
        ],
        None => {
            // A URL pasted defanged is written live again here: said, as
            // its copy is a link that opens.
            let state = if a.defanged.is_some() {
                " · re-fanged: a live link"
            } else if same {
                " (already clean)"
            } else {
                " · changes highlighted"
            };
            let normal = if one { " · normalized: the same" } else { "" };
            // Whether the second line is the normalized URL is said
            // before whether anything changed (the highlight shows that).
            vec![
                format!("Corrected URL{state}{normal}{whole} · c/n copy"),
                format!("Corrected URL{normal}{whole} · c/n copy"),
                format!("Corrected URL{state}{whole} · c/n copy"),
                format!("Corrected URL{whole} · c/n copy"),
            ]
        }
    };
    let last = candidates.last().cloned().unwrap_or_default();
    let title = candidates
        .into_iter()
        .find(|t| t.width() <= room)
        .unwrap_or(last);
    let block = pane_block(app, theme, title, None, area);
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

    fn shown(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    /// A clean URL that is also the normalized one takes both lines when
    /// it runs past one, each line's changes highlighted.
    #[test]
    fn a_long_clean_url_takes_both_lines() {
        let theme = Theme { color: true };
        let text = "https://example.com/reports/2024%20annual/summary%20final.pdf?user=j%C3%B6rg%20m%C3%BCller&note=a%7Cb";
        let at = |what: &str| {
            let i = text.find(what).unwrap_or(0);
            ByteSpan::new(i, i + what.len())
        };
        let changes = [at("%20"), at("%C3%B6")];
        let lines = two_lines(text, &changes, theme, 78);
        let (first, second) = (shown(&lines[0]), shown(&lines[1]));
        assert!(
            first.starts_with("clean      https://example.com/"),
            "{first}"
        );
        assert!(second.starts_with("           "), "{second}");
        assert_eq!(
            format!("{}{}", &first[LABEL.len()..], second.trim_start()),
            text
        );
        // Each change is highlighted on the line it falls on.
        let marked = |line: &Line| -> Vec<String> {
            line.spans
                .iter()
                .filter(|s| s.style == theme.changed())
                .map(|s| s.content.to_string())
                .collect()
        };
        assert_eq!(marked(&lines[0]), ["%20"]);
        assert_eq!(marked(&lines[1]), ["%C3%B6"]);
    }

    /// A long URL whose change is far along shows the part around it.
    #[test]
    fn a_cut_line_shows_the_change() {
        let theme = Theme { color: false };
        let text = format!("http://x/{}a%20b", "y".repeat(200));
        let change = ByteSpan::new(210, 213);
        let line = changed_line("clean ", &text, &[change], theme, 60);
        let s = shown(&line);
        assert!(s.starts_with("clean …"), "{s}");
        assert!(s.ends_with("a%20b"), "{s}");
        assert_eq!(s.chars().count(), 60, "{s}");
        let line = changed_line("clean ", &text, &[ByteSpan::new(0, 4)], theme, 60);
        let s = shown(&line);
        assert!(s.starts_with("clean http://x/y"), "{s}");
        assert!(s.ends_with('…'), "{s}");
        assert_eq!(s.chars().count(), 60, "{s}");
    }
}
