//! The parts every pane is drawn with: its bordered block, and text cut
//! or wrapped to its width (only a window around the cursor of a big
//! input is ever laid out).

use crate::tui::app::{App, Pane};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;
use urlscope_core::text::pieces;

/// A bordered block whose title shows whether the pane has the focus.
/// The title is cut with `…` to [`title_room`] (a caller that must keep a
/// part of it whole fits it to that room first).
pub fn pane_block(
    app: &App,
    theme: Theme,
    title: String,
    pane: Option<Pane>,
    area: Rect,
) -> Block<'static> {
    let focused = pane.is_some_and(|p| p == app.focus) && app.editor.is_none();
    let marker = if focused { "▶ " } else { "" };
    let title = fit(
        &title,
        title_room(usize::from(area.width.saturating_sub(2)), pane),
    );
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

/// Columns a title's text has in a pane `inner` columns wide (inside its
/// corners): less the spaces around it, the focus marker `▶ ` in a pane
/// that takes the focus (kept free when it does not have it, so a title
/// does not change with the focus), and one `─` before the right corner,
/// so that a title never runs into the corner ('(v) ┐').
pub fn title_room(inner: usize, pane: Option<Pane>) -> usize {
    let marker = if pane.is_some() { 2 } else { 0 };
    inner.saturating_sub(2 + marker + 1)
}

/// A title for a lower border's right end (`↓ more · Esc closes`),
/// kept a `─` away from the corner, as every title is.
pub fn corner_title(text: &'static str, style: Style) -> Line<'static> {
    if text.is_empty() {
        return Line::default();
    }
    Line::from(vec![Span::styled(text, style), Span::raw("─")]).right_aligned()
}

pub use crate::tui::text::{fit, preview};

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

/// Wrap styled pieces into lines of at most `width` columns; at most
/// `max_lines`. Text that does not fit is cut with `…` at the end of the
/// last line, never silently.
pub fn wrap_pieces(
    pieces: &[(String, Style)],
    width: usize,
    max_lines: usize,
) -> Vec<Line<'static>> {
    layout_pieces(pieces, width, max_lines, None).0
}

/// Columns of `pieces[i..]` that stay on one line: a stand-in (`\x1b`)
/// is one piece, and a percent-escape (`%2F`) is three, never parted.
fn unit_width(pieces: &[(String, Style)], i: usize) -> (usize, usize) {
    let width = |p: Option<&(String, Style)>| {
        p.map_or(0, |(t, _)| {
            unicode_width::UnicodeWidthStr::width(t.as_str())
        })
    };
    let hex = |p: Option<&(String, Style)>| {
        p.is_some_and(|(t, _)| t.len() == 1 && t.bytes().all(|b| b.is_ascii_hexdigit()))
    };
    let escape = pieces.get(i).is_some_and(|(t, _)| t == "%")
        && hex(pieces.get(i + 1))
        && hex(pieces.get(i + 2));
    if escape {
        (3, (i..i + 3).map(|j| width(pieces.get(j))).sum())
    } else {
        (1, width(pieces.get(i)))
    }
}

/// [`wrap_pieces`], and where piece `mark` starts on screen (row, column);
/// `mark` may be `pieces.len()`, the end. A line breaks between pieces,
/// never inside an escape, so a line may end short of `width`; a piece
/// wider than a line is broken by characters.
pub fn layout_pieces(
    pieces: &[(String, Style)],
    width: usize,
    max_lines: usize,
    mark: Option<usize>,
) -> (Vec<Line<'static>>, Option<(usize, usize)>) {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    let mut at = None;
    let mut i = 0;
    while i < pieces.len() {
        let (count, unit) = unit_width(pieces, i);
        if used + unit > width && used > 0 && unit <= width {
            if lines.len() + 1 >= max_lines {
                lines.push(ended_with_ellipsis(current, used, width));
                return (lines, at);
            }
            lines.push(Line::from(std::mem::take(&mut current)));
            used = 0;
        }
        for (text, style) in pieces.get(i..i + count).unwrap_or_default() {
            if mark == Some(i) && at.is_none() {
                at = Some((lines.len(), used));
            }
            i += 1;
            for c in text.chars() {
                let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                if used + w > width && used > 0 {
                    if lines.len() + 1 >= max_lines {
                        lines.push(ended_with_ellipsis(current, used, width));
                        return (lines, at);
                    }
                    lines.push(Line::from(std::mem::take(&mut current)));
                    used = 0;
                }
                match current.last_mut() {
                    Some(last) if last.style == *style => last.content.to_mut().push(c),
                    _ => current.push(Span::styled(c.to_string(), *style)),
                }
                used += w;
            }
        }
    }
    if mark == Some(pieces.len()) {
        at = Some(if used >= width {
            (lines.len() + 1, 0)
        } else {
            (lines.len(), used)
        });
    }
    if !current.is_empty() && lines.len() < max_lines {
        lines.push(Line::from(current));
    }
    (lines, at)
}

/// A full line whose text goes on past it: its last characters give way
/// to `…` (unless it already ends with one, as a window's cut does).
fn ended_with_ellipsis(
    mut spans: Vec<Span<'static>>,
    mut used: usize,
    width: usize,
) -> Line<'static> {
    if spans.last().is_some_and(|s| s.content.ends_with('…')) {
        return Line::from(spans);
    }
    while used + 1 > width {
        let Some(last) = spans.last_mut() else { break };
        match last.content.to_mut().pop() {
            Some(c) => used -= unicode_width::UnicodeWidthChar::width(c).unwrap_or(0),
            None => {
                spans.pop();
            }
        }
    }
    spans.push(Span::raw("…"));
    Line::from(spans)
}

/// A byte window of `input` of about `budget` bytes that contains `focus`,
/// starting on a character boundary. Near the end of the input it starts
/// earlier, so that it fills its `budget` columns with what comes before
/// the focus (a cursor at the end of a long URL had a row to itself, the
/// rows above it empty), as long as it still fits them once escaped.
pub fn window(input: &[u8], focus: usize, budget: usize) -> (usize, usize) {
    if input.len() <= budget {
        return (0, input.len());
    }
    let mut start = on_boundary(input, focus.saturating_sub(budget / 4).min(input.len()));
    if start + budget > input.len() {
        // Room for the `…` before it, and for wide characters that wrap
        // before a line's last column.
        let room = budget.saturating_sub(1 + budget / 10);
        let mut earlier = input.len() - budget;
        for _ in 0..8 {
            earlier = on_boundary(input, earlier);
            if earlier >= start {
                break;
            }
            let columns: usize = pieces(input.get(earlier..).unwrap_or_default(), earlier)
                .iter()
                .map(|p| unicode_width::UnicodeWidthStr::width(p.text.as_str()))
                .sum();
            if columns <= room {
                start = earlier;
                break;
            }
            earlier += (columns - room).max(4);
        }
    }
    (start, (start + budget).min(input.len()))
}

/// `at`, or the start of the character it is inside (at most 3 bytes back).
fn on_boundary(input: &[u8], at: usize) -> usize {
    let mut at = at.min(input.len());
    let mut steps = 0;
    while at > 0 && steps < 3 && input.get(at).is_some_and(|b| (0x80..0xC0).contains(b)) {
        at -= 1;
        steps += 1;
    }
    at
}
