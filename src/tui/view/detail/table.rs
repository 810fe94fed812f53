//! The byte table (where each byte came from, hex, binary with the UTF-8
//! marker bits set apart, role, and the character it belongs to) and the
//! cursor's character bit by bit (Unicode Tables 3-5 and 3-6).

use super::super::parts::fit;
use crate::tui::app::{App, DetailView, Pane};
use crate::tui::layout::DetailFit;
use crate::tui::theme::Theme;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::ByteRow;
use urlscope_core::utf8::{binary_parts, ByteRole};

/// A row of the byte table: the byte, where it came from (the input bytes,
/// or the two digits of a payload that write it) and its bits, set apart
/// as the UTF-8 marker and payload bits, or as the two digits' bits.
struct TableRow {
    byte: ByteRow,
    from: String,
    bits: (String, String),
    digits: bool,
}

/// The rows of the table shown from row `start`, at most `len`, and how
/// many rows it has in all: a component's bytes, or a payload's.
fn table_rows(app: &App, start: usize, len: usize) -> (Vec<TableRow>, usize) {
    let shown = app.shown();
    let a = shown.analysis;
    if let Some(n) = shown.digit_table() {
        let rows = n
            .digit_rows_window(start, len)
            .into_iter()
            .map(|d| TableRow {
                byte: d.byte,
                from: d.digit_text(),
                bits: d.bits(),
                digits: true,
            })
            .collect();
        return (rows, n.digit_rows_len().unwrap_or(0));
    }
    let rows = match shown.span_table() {
        Some(n) => a.span_rows_window(n.span, start, len),
        None => a.byte_rows_window(shown.component, start, len),
    };
    let rows = rows
        .into_iter()
        .map(|row| TableRow {
            from: if row.source == urlscope_core::percent::SourceKind::Plus {
                "+ (sp)".to_string()
            } else {
                a.source_text(&row)
            },
            bits: binary_parts(row.value, row.role),
            byte: row,
            digits: false,
        })
        .collect();
    (rows, shown.table_bytes().len())
}

pub(super) fn table(
    app: &App,
    theme: Theme,
    view: Option<DetailView>,
    width: usize,
    fit_rows: DetailFit,
    lines: &mut Vec<Line<'static>>,
) {
    let show_hex = view != Some(DetailView::Binary);
    let show_bin = view != Some(DetailView::Hex);
    let (table, total) = table_rows(app, app.byte_scroll, fit_rows.table_rows);
    let rows: Vec<ByteRow> = table.iter().map(|r| r.byte).collect();
    // Each ill-formed row is marked `✗` and coloured: its role says why.
    let roles: Vec<String> = rows.iter().map(|r| r.role.describe_marked()).collect();
    let froms: Vec<String> = table.iter().map(|r| r.from.clone()).collect();
    let chars: Vec<String> = rows.iter().map(|r| r.describe_char()).collect();
    // The names of well-formed characters; an ill-formed byte's U+FFFD
    // may be cut before its role (why it is ill-formed) is.
    let names: Vec<String> = rows
        .iter()
        .zip(&chars)
        .filter(|(r, _)| !matches!(r.role, ByteRole::Invalid(_)))
        .map(|(_, c)| c.clone())
        .collect();
    let columns = Columns::fit(&froms, &roles, &names, show_hex, show_bin, width);
    let Columns { from_w, role_w } = columns;
    let mut header = format!("   {:<from_w$} ", "from");
    if show_hex {
        header.push_str("hex ");
    }
    if show_bin {
        header.push_str("binary     ");
    }
    header.push_str(&format!("{:<role_w$} character", "role"));
    let header = with_hidden_rows(&header, app.byte_scroll, rows.len(), total, width);
    lines.push(Line::styled(header, theme.dim()));
    let highlight = app.shown_highlight();
    let focused = app.focus == Pane::Bytes;
    for (((t, role), from), character) in table.iter().zip(roles).zip(&froms).zip(&chars) {
        let row = &t.byte;
        let is_cursor = row.offset == app.byte_cursor;
        let mut spans = Vec::new();
        // The cursor is marked by `▶` (and bold); reverse video is kept
        // for the bytes of the selected warning.
        spans.push(Span::styled(
            if is_cursor { "▶" } else { " " },
            theme.title(focused),
        ));
        spans.push(Span::styled(format!("{} ", row.group_mark()), theme.dim()));
        spans.push(Span::raw(pad(&fit(from, from_w), from_w + 1)));
        if show_hex {
            spans.push(Span::raw(format!("{:02X}  ", row.value)));
        }
        if show_bin {
            let (marker, payload) = &t.bits;
            let sep = if marker.is_empty() || payload.is_empty() {
                ""
            } else {
                "|"
            };
            // A digit table's bits are the two digits', each its colour.
            let (first, second) = if t.digits {
                (theme.bit_group(0), theme.bit_group(1))
            } else {
                (theme.marker_bits(), Style::new())
            };
            spans.push(Span::styled(marker.clone(), first));
            spans.push(Span::styled(sep.to_string(), theme.dim()));
            spans.push(Span::styled(payload.clone(), second));
            spans.push(Span::raw(" ".repeat(
                11usize.saturating_sub(marker.len() + sep.len() + payload.len()),
            )));
        }
        let role_style = if matches!(row.role, ByteRole::Invalid(_)) {
            theme.invalid()
        } else {
            Style::new()
        };
        spans.push(Span::styled(pad(&fit(&role, role_w), role_w), role_style));
        spans.push(Span::raw(" "));
        let used: usize = spans.iter().map(|s| s.content.width()).sum();
        spans.push(Span::raw(fit(character, width.saturating_sub(used))));
        // A payload's rows are all of the value: none is marked.
        let hit = !t.digits && highlight.iter().any(|h| h.overlaps(row.span));
        for s in spans.iter_mut().skip(1) {
            if hit {
                s.style = s.style.patch(theme.highlight());
            }
            if is_cursor && focused {
                s.style = s.style.add_modifier(Modifier::BOLD);
            }
        }
        lines.push(Line::from(spans));
    }
    if total == 0 {
        lines.push(Line::styled("  (empty component)", theme.dim()));
        return;
    }
    // A short component leaves table rows free: the bits may use them.
    let spare = fit_rows.table_rows.saturating_sub(rows.len());
    let bits = if fit_rows.bit_lines == 0 {
        0
    } else {
        fit_rows.bit_lines + spare
    };
    lines.extend(bit_lines(app, theme, width, bits));
}

/// The table's heading, with how many rows the window leaves out above
/// and below it at its right end (`↑5 above · ↓3 below`): a table cut to
/// the pane otherwise looks whole.
fn with_hidden_rows(
    header: &str,
    first: usize,
    shown: usize,
    total: usize,
    width: usize,
) -> String {
    let above = first.min(total);
    let below = total.saturating_sub(above + shown);
    let counts = [(above, '↑', " above"), (below, '↓', " below")];
    let say = |words: bool, join: &str| {
        counts
            .iter()
            .filter(|(n, ..)| *n > 0)
            .map(|(n, arrow, word)| format!("{arrow}{n}{}", if words { *word } else { "" }))
            .collect::<Vec<_>>()
            .join(join)
    };
    let long = say(true, " · ");
    if long.is_empty() {
        return fit(header, width);
    }
    let mark = if header.width() + 2 + long.width() <= width {
        long
    } else {
        say(false, " ")
    };
    let head = fit(header, width.saturating_sub(mark.width() + 2));
    let gap = width.saturating_sub(head.width() + mark.width());
    format!("{head}{}{mark}", " ".repeat(gap))
}

/// Widths of the table's two columns that give way when a row is wider
/// than the pane: `from` and `role`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Columns {
    from_w: usize,
    role_w: usize,
}

impl Columns {
    /// Columns the fixed part of a row takes: the cursor and group marks.
    const MARKS: usize = 3;
    /// `from`'s usual width, room for a byte spelled `%25252e`.
    const FROM: usize = 7;
    /// What `role` keeps at least: every well-formed byte's role whole
    /// (`ascii`, `lead 1/4`, `cont 2/3`).
    const ROLE_MIN: usize = 8;

    /// The widths for rows of these `from` and `role` texts and character
    /// `names` (those of the well-formed characters) in `width` columns.
    /// A name (code point, glyph, Unicode name) is what tells a character
    /// from its look-alike, so it gives way last: when a row does not fit,
    /// `from` first narrows to its longest entry, then `role` down to
    /// [`Columns::ROLE_MIN`]; only then is a name cut, with `…`. `role` is
    /// never wider than its longest entry; `from` widens past its usual
    /// width for a longer entry when the row has room.
    fn fit(
        froms: &[String],
        roles: &[String],
        names: &[String],
        show_hex: bool,
        show_bin: bool,
        width: usize,
    ) -> Columns {
        let longest = |texts: &[String], min: usize| {
            texts.iter().map(|t| t.width()).max().unwrap_or(0).max(min)
        };
        let fixed = Self::MARKS + usize::from(show_hex) * 4 + usize::from(show_bin) * 11;
        let role_w = longest(roles, 4);
        let char_w = longest(names, 0);
        let need = |from_w: usize, role_w: usize| fixed + from_w + 1 + role_w + 1 + char_w;
        // A `from` longer than usual (a character written escaped,
        // `\u{200b}`) takes the room the row leaves, as far as it needs.
        let from_long = longest(froms, 4);
        let from_w = match width.checked_sub(need(Self::FROM, role_w)) {
            None => from_long.min(Self::FROM),
            Some(spare) => from_long.clamp(Self::FROM, Self::FROM + spare),
        };
        let spare = width.saturating_sub(need(from_w, 0));
        let role_w = role_w.min(spare.max(Self::ROLE_MIN.min(role_w)));
        Columns { from_w, role_w }
    }
}

/// `text` followed by spaces to `width` columns (by display width, so a
/// wide character such as `日` lines up as two columns).
fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// The cursor's character bit by bit (Table 3-5): the code point's bits in
/// the groups of its length, each group placed into its byte (the marker
/// bits set apart by colour and by `|`), the byte under the cursor
/// underlined, then Table 3-5's row in the core's words; or, for an
/// ill-formed byte, the row of Table 3-6 it breaks. At most `max` lines.
fn bit_lines(app: &App, theme: Theme, width: usize, max: usize) -> Vec<Line<'static>> {
    let shown = app.shown();
    let bytes = shown.table_bytes();
    let bytes = bytes.as_ref();
    let utf8 = urlscope_core::utf8::annotate_window(bytes, app.byte_cursor, app.byte_cursor + 1);
    let Some(unit) = utf8.unit_of(app.byte_cursor) else {
        return Vec::new();
    };
    let room = width.saturating_sub(9);
    let label = || Span::styled("bits     ", theme.dim());
    let indent = || Span::raw("         ");
    // A payload's byte: how its two digits make it, first, where the
    // character's two lines leave room.
    let digits: Vec<Line<'static>> = shown
        .digit_table()
        .filter(|_| max > 2)
        .and_then(|n| n.digit_rows_window(app.byte_cursor, 1).first().copied())
        .map(|row| {
            crate::tui::text::wrap_within(&row.explain(), room, (max - 2).min(2))
                .into_iter()
                .enumerate()
                .map(|(i, text)| {
                    let head = if i == 0 { "digits   " } else { "         " };
                    Line::from(vec![Span::styled(head, theme.dim()), Span::raw(text)])
                })
                .collect()
        })
        .unwrap_or_default();
    let max = max.saturating_sub(digits.len());
    let mut out = digits;
    out.extend(match unit.value {
        Ok(ch) => {
            let l = urlscope_core::utf8::bit_layout(ch);
            let info = urlscope_core::analysis::char_info(ch);
            let glyph = urlscope_core::text::shown_alone(ch);
            // The code point's bits, group by group, each in its colour.
            let mut first = vec![label()];
            for (i, group) in l.scalar_bits.split(' ').enumerate() {
                if i > 0 {
                    first.push(Span::raw(" "));
                }
                first.push(Span::styled(group.to_string(), theme.bit_group(i)));
            }
            let tail = format!(" = {} {glyph} {}", info.codepoint, info.name);
            let used: usize = l.scalar_bits.width();
            first.push(Span::raw(fit(&tail, room.saturating_sub(used))));
            // The bytes: marker | payload, the cursor's byte underlined.
            let mut second = vec![indent()];
            let at = app.byte_cursor.saturating_sub(unit.start);
            // Each payload bit in its group's colour, by the pattern's
            // letter for it (a 4-byte form's second byte holds `uu` and
            // `zzzz`); the groups in order are the runs of its letters.
            let all = urlscope_core::utf8::payload_letters(l.pattern);
            let groups: Vec<char> = urlscope_core::utf8::letter_runs(&all, &all)
                .into_iter()
                .map(|(letter, _)| letter)
                .collect();
            let group_of = |letter: char| groups.iter().position(|&g| g == letter).unwrap_or(0);
            let mut patterns = l.pattern.split(' ');
            for (i, byte) in l.bytes.split(' ').enumerate() {
                if i > 0 {
                    second.push(Span::raw(" "));
                }
                let (marker, payload) = byte.split_once('|').unwrap_or(("", byte));
                let mark = if i == at {
                    Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
                } else {
                    Style::new()
                };
                second.push(Span::styled(
                    marker.to_string(),
                    theme.marker_bits().patch(mark),
                ));
                second.push(Span::styled("|", theme.dim().patch(mark)));
                let letters = urlscope_core::utf8::payload_letters(patterns.next().unwrap_or(""));
                for (letter, run) in urlscope_core::utf8::letter_runs(payload, &letters) {
                    let style = theme.bit_group(group_of(letter)).patch(mark);
                    second.push(Span::styled(run.to_string(), style));
                }
            }
            // Table 3-5's pattern beside the bytes, or under them where the
            // pane is too narrow (a lost line of the description rather
            // than the pattern), or a '…' saying it was left out.
            let pattern = format!("({})", l.pattern);
            let mut below = None;
            if l.bytes.width() + 2 + pattern.width() <= room {
                second.push(Span::styled(format!("  {pattern}"), theme.dim()));
            } else if max > 3 && pattern.width() <= room {
                below = Some(Line::from(vec![
                    indent(),
                    Span::styled(pattern, theme.dim()),
                ]));
            } else if l.bytes.width() + 2 <= room {
                second.push(Span::styled(" …", theme.dim()));
            }
            let mut out = vec![Line::from(first), Line::from(second)];
            out.extend(below);
            if max > out.len() {
                for line in crate::tui::text::wrap_within(&l.describe(), room, max - out.len()) {
                    out.push(Line::from(vec![indent(), Span::styled(line, theme.dim())]));
                }
            }
            out
        }
        Err(_) => {
            let why = urlscope_core::utf8::explain_ill_formed_at(bytes, app.byte_cursor)
                .unwrap_or_default();
            crate::tui::text::wrap_within(&why, room, max)
                .into_iter()
                .enumerate()
                .map(|(i, text)| {
                    Line::from(vec![
                        if i == 0 { label() } else { indent() },
                        Span::styled(text, theme.invalid()),
                    ])
                })
                .collect()
        }
    });
    out
}
