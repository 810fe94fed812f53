//! The selected component: raw and decoded text, the decoding layers, and
//! the byte table (`table`). Wide panes show every view at once; narrow
//! ones show one, switched with `v`. A component of a carried URL shows
//! the same way, from that URL's own analysis; a carried value shows its
//! facts (`carried::facts`) over the bytes of the component it was found
//! in, its own bytes reversed. `views` has what takes the pane's place.

mod table;
mod views;

use super::parts::{fit, pane_block, plain_pieces, preview, title_room, window, wrap_pieces};
use crate::tui::app::{App, Detail, DetailView, Pane};
use crate::tui::carried::{facts, LABEL_W};
use crate::tui::layout::{self, shows_all_views, text_rows, text_window, DetailFit, WarningText};
use crate::tui::text::fit_parts;
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::{Analysis, ComponentAnalysis, Nested};
use urlscope_core::split::ComponentKind;
use urlscope_core::text::pieces;
use urlscope_core::utf8::ByteRole;

/// The selected warning in full, word-wrapped, while the warning list has
/// the focus, and a rule under it.
fn warning_lines(app: &App, theme: Theme, width: usize, shown: usize) -> Vec<Line<'static>> {
    let Some(w) = app
        .shown_warning()
        .and_then(|i| app.analysis.warnings.get(i))
    else {
        return Vec::new();
    };
    let mut text = WarningText::new(w, width);
    if text.lines.len() > shown {
        // The pane is short: the rest is one `z` away.
        text.lines.truncate(shown);
        if let Some(last) = text.lines.last_mut() {
            *last = fit(&format!("{last} (z: all)"), width.saturating_sub(1));
            if !last.ends_with('…') {
                last.push('…');
            }
        }
    }
    let mut lines: Vec<Line<'static>> = Vec::with_capacity(text.rows());
    for (i, line) in text.lines.into_iter().enumerate() {
        lines.push(match line.strip_prefix(&text.head) {
            Some(rest) if i == 0 => Line::from(vec![
                Span::styled(text.head.clone(), theme.severity(w.severity)),
                Span::raw(rest.to_string()),
            ]),
            _ => Line::raw(line),
        });
    }
    lines.push(Line::styled("─".repeat(width), theme.dim()));
    lines
}

/// Facts about the host, shown above its bytes (`layout::host_lines`).
fn host_lines(app: &App, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let shown = app.shown();
    let zoomed = app.zoomed_pane() == Some(Pane::Bytes);
    let lines = layout::host_lines(shown.analysis, shown.component, width, zoomed)
        .into_iter()
        .map(|l| {
            let style = if l.notable {
                theme.highlight()
            } else {
                Style::new()
            };
            Line::from(Span::styled(l.text, style))
        })
        .collect();
    labelled("host", lines, theme)
}

/// How the pane names a component: `[3] path segment` for the URL's own,
/// `[1] host of the carried URL` for a carried URL's.
fn component_name(app: &App, index: usize, kind: ComponentKind) -> String {
    if app.carried.is_none() {
        format!("[{index}] {}", kind.label())
    } else {
        format!("[{index}] {} of the carried URL", kind.label())
    }
}

/// How the pane names carried value `n` of `home` (the shown analysis):
/// `[4] query value 'next' → url` for one the URL's own component
/// carries, the chain alone for one a carried URL's component carries.
fn value_name(app: &App, home: &Analysis, n: &Nested) -> String {
    if std::ptr::eq(home, &app.analysis) {
        format!("[{}] {}", n.component, app.carried_chain())
    } else {
        app.carried_chain()
    }
}

/// The facts about the carried value shown, at most `max` lines (the last
/// one says `z` shows the rest when they do not all fit).
fn value_lines(app: &App, theme: Theme, width: usize, max: usize) -> Vec<Line<'static>> {
    let shown = app.shown();
    let Some(n) = shown.value else {
        return Vec::new();
    };
    let zoomed = app.zoomed_pane() == Some(Pane::Bytes);
    let mut all = facts(shown.analysis, n, width, zoomed);
    if all.len() > max {
        // The pane is short: the rest is one `z` away.
        let hidden = all.len() + 1 - max;
        all.truncate(max.saturating_sub(1));
        all.push(crate::tui::carried::Fact {
            label: "",
            text: format!("… {hidden} more lines (z: all)"),
            severity: None,
        });
    }
    all.into_iter()
        .map(|f| {
            let style = f.severity.map_or(Style::new(), |s| theme.severity(s));
            Line::from(vec![
                Span::styled(format!("{:<LABEL_W$}", f.label), theme.dim()),
                Span::styled(f.text, style),
            ])
        })
        .collect()
}

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    match &app.detail {
        Detail::Readings { readings, .. } => {
            return views::render_readings(app, readings.as_ref(), theme, frame, area)
        }
        Detail::Encoders { .. } => return views::render_dialects(app, theme, frame, area),
        Detail::Leads { .. } => return views::render_leads(app, theme, frame, area),
        Detail::Corrected { .. } => return views::render_corrected(app, theme, frame, area),
        Detail::Bytes => {}
    }
    let shown = app.shown();
    let a = shown.analysis;
    let warning = app
        .shown_warning()
        .and_then(|i| app.analysis.warnings.get(i));
    let zoomed = app.zoomed_pane() == Some(Pane::Bytes);
    let fit_rows = DetailFit::compute(area, a, shown.component, warning, zoomed, shown.value);
    let Some(c) = a.components.get(shown.component) else {
        let block = pane_block(app, theme, "Bytes".to_string(), Some(Pane::Bytes), area);
        frame.render_widget(Paragraph::new("nothing selected").block(block), area);
        return;
    };
    let all = shows_all_views(area);
    let width = usize::from(area.width.saturating_sub(2));
    let mut lines: Vec<Line<'static>> = Vec::new();
    let raw = c.span.of(&a.input);
    lines.extend(warning_lines(app, theme, width, fit_rows.warning_lines));
    lines.extend(value_lines(app, theme, width, fit_rows.value_lines));
    lines.extend(host_lines(app, theme, width));
    if all && shown.value.is_none() {
        let room = width.saturating_sub(LABEL_W);
        let rows = text_rows(raw, room, zoomed);
        let raw = if rows > 1 {
            wrap_pieces(&plain_pieces(raw, 0, theme), room, rows)
        } else {
            vec![Line::raw(preview(raw, room))]
        };
        lines.extend(labelled("raw", raw, theme));
        let decoded = decoded_lines(c, theme, room, text_rows(c.decoded(), room, zoomed));
        lines.extend(labelled("decoded", decoded, theme));
    }
    if c.layer_count() > 1 {
        // A warning read on a short pane takes the layers' lines: the
        // heading then says so, rather than heading nothing.
        let count = c.layer_count();
        let listed = fit_rows.layer_lines.saturating_sub(1).min(count);
        let heading = match listed {
            0 => format!("layers   {count} decodings (z shows them)"),
            n if n < count => format!("layers   {count} decodings, the first {n} (z shows all):"),
            _ => format!("layers   {count} decodings:"),
        };
        lines.push(Line::styled(heading, theme.dim()));
        let mut marks: Vec<(usize, &str)> = a
            .warnings_of(shown.component)
            .into_iter()
            .filter_map(|w| w.layer.map(|l| (l, w.code.code())))
            .collect();
        // The layer a carried value appears at.
        if let Some(n) = shown.value {
            marks.push((n.layer, crate::tui::tree::kind_label(n.kind)));
        }
        // Where the layers start to differ: a layer too long for its line
        // is shown from a little before it, so that two layers never look
        // the same for being cut alike.
        let layers: Vec<&[u8]> = c.layers().collect();
        let differ = layers
            .windows(2)
            .filter_map(|pair| match pair {
                [a, b] => Some(a.iter().zip(b.iter()).take_while(|(x, y)| x == y).count()),
                _ => None,
            })
            .min()
            .unwrap_or(0);
        for (i, layer) in layers
            .iter()
            .enumerate()
            .take(fit_rows.layer_lines.saturating_sub(1))
        {
            let n = i + 1;
            let mark: Vec<&str> = marks
                .iter()
                .filter(|(l, _)| *l == n)
                .map(|(_, c)| *c)
                .collect();
            let mark_width = if mark.is_empty() {
                0
            } else {
                4 + mark.join(", ").width()
            };
            let room = width.saturating_sub(5 + mark_width).max(8);
            let mut spans = vec![
                Span::styled(format!("  {n}: "), theme.dim()),
                Span::raw(layer_preview(layer, differ, room)),
            ];
            if !mark.is_empty() {
                spans.push(Span::styled(
                    format!("  ◀ {}", mark.join(", ")),
                    theme.highlight(),
                ));
            }
            lines.push(Line::from(spans));
        }
    }
    let view = if all { None } else { Some(app.view) };
    let table_rows = fit_rows.table_rows;
    match view {
        Some(DetailView::Raw) => text_view(
            app,
            theme,
            raw,
            c.span.start,
            width,
            table_rows + 1 + fit_rows.bit_lines,
            &mut lines,
        ),
        Some(DetailView::Decoded) => {
            text_view(
                app,
                theme,
                c.decoded(),
                0,
                width,
                table_rows + 1 + fit_rows.bit_lines,
                &mut lines,
            );
        }
        _ => table::table(app, theme, view, width, fit_rows, &mut lines),
    }
    // The parts of the title, with the rank at which a narrow pane lets
    // each go (0: never); the view and its key stay whole, `z` shows the rest.
    let offsets = urlscope_core::describe::byte_span(shown.value.map_or(c.span, |n| n.span));
    let mut parts: Vec<(String, u8)> = match shown.value {
        Some(n) => {
            let whose = if std::ptr::eq(a, &app.analysis) {
                ""
            } else {
                " of the carried URL"
            };
            vec![
                (value_name(app, a, n), 0),
                (format!("layer {}", n.layer), 2),
                (format!("{offsets}{whose}"), 3),
            ]
        }
        None => {
            let count = c.decoded().len();
            vec![
                (component_name(app, shown.component, c.kind), 0),
                (offsets.clone(), 2),
                (
                    format!("{count} decoded byte{}", if count == 1 { "" } else { "s" }),
                    3,
                ),
            ]
        }
    };
    let view_at = view.map(|v| {
        parts.push((format!("view: {} (v)", v.label()), 0));
        parts.len() - 1
    });
    // The way to a carried URL's component comes last and goes first: a
    // narrow title keeps the bytes.
    let chain = app.carried_chain();
    if shown.value.is_none() && !chain.is_empty() {
        parts.push((format!("via {chain}"), 4));
    }
    let room = title_room(width, Some(Pane::Bytes));
    let mut title = fit_parts(&parts, room);
    // Where the byte offsets would go, the view is named shorter
    // (`hex (v)`) so that they stay.
    if let (Some(v), Some(at), false) = (view, view_at, title.contains(&offsets)) {
        if let Some(part) = parts.get_mut(at) {
            part.0 = format!("{} (v)", v.label());
        }
        let shorter = fit_parts(&parts, room);
        if shorter.contains(&offsets) {
            title = shorter;
        }
    }
    let block = pane_block(app, theme, title, Some(Pane::Bytes), area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Text lines under a label, the label on the first and blanks under it.
fn labelled(label: &str, lines: Vec<Line<'static>>, theme: Theme) -> Vec<Line<'static>> {
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let label = if i == 0 { label } else { "" };
            let mut spans = vec![Span::styled(format!("{label:<LABEL_W$}"), theme.dim())];
            spans.extend(line.spans);
            Line::from(spans)
        })
        .collect()
}

/// The decoded text in `rows` lines of `room` columns, its escapes and
/// invalid bytes marked, cut with `…` where it goes on.
fn decoded_lines(
    c: &ComponentAnalysis,
    theme: Theme,
    room: usize,
    rows: usize,
) -> Vec<Line<'static>> {
    let cut = c.decoded().len().min(text_window(room, rows));
    let utf8 = urlscope_core::utf8::annotate_window(c.decoded(), 0, cut);
    let styled: Vec<(String, Style)> = pieces(c.decoded().get(..cut).unwrap_or_default(), 0)
        .into_iter()
        .map(|p| {
            let invalid = utf8
                .role(p.span.start)
                .is_some_and(|r| matches!(r, ByteRole::Invalid(_)));
            let style = if invalid {
                theme.invalid()
            } else if p.escaped {
                theme.escaped()
            } else {
                Style::new()
            };
            (p.text, style)
        })
        .collect();
    let mut lines = wrap_pieces(&styled, room.max(1), rows.max(1));
    // A text cut where the window ends goes on past it.
    if cut < c.decoded().len() {
        if let Some(last) = lines.last_mut() {
            if !last.spans.last().is_some_and(|s| s.content.ends_with('…')) {
                last.spans.push(Span::raw("…"));
            }
        }
    }
    lines
}

/// The raw or decoded text, wrapped, around the byte cursor.
fn text_view(
    app: &App,
    theme: Theme,
    bytes: &[u8],
    base: usize,
    width: usize,
    rows: usize,
    lines: &mut Vec<Line<'static>>,
) {
    let focus = app.byte_cursor.min(bytes.len());
    let (from, to) = window(bytes, focus, width * rows.max(1));
    let styled = plain_pieces(bytes.get(from..to).unwrap_or_default(), base + from, theme);
    lines.extend(wrap_pieces(&styled, width.max(1), rows.max(1)));
}

/// A decoded layer in `room` columns: whole when it fits, else from a
/// third of the room before `differ` (where the layers start to differ),
/// `…` where it is cut.
fn layer_preview(layer: &[u8], differ: usize, room: usize) -> String {
    let whole = preview(layer, room);
    if !whole.ends_with('…') || differ < room * 2 / 3 {
        return whole;
    }
    let from = differ.saturating_sub(room / 3).min(layer.len());
    format!(
        "…{}",
        preview(
            layer.get(from..).unwrap_or_default(),
            room.saturating_sub(1)
        )
    )
}

#[cfg(test)]
mod tests {
    use super::layer_preview;

    /// Two layers cut alike would look the same: each is shown from a
    /// little before where they start to differ.
    #[test]
    fn layers_too_long_show_where_they_differ() {
        let one = b"https://paypa1.com/signin?next=%2Fhome%2Fmore";
        let two = b"https://paypa1.com/signin?next=/home/more";
        let differ = 31;
        let (a, b) = (
            layer_preview(one, differ, 24),
            layer_preview(two, differ, 24),
        );
        assert_ne!(a, b);
        assert!(a.starts_with('…') && a.contains("%2F"), "{a}");
        assert!(b.starts_with('…') && b.contains("/home"), "{b}");
        // A layer that fits is whole.
        assert_eq!(layer_preview(b"a%20b", 1, 24), "a%20b");
    }
}
