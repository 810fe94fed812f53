//! The selected component: raw and decoded text, the decoding layers, and
//! the byte table (where each byte came from, hex, binary with the UTF-8
//! marker bits set apart, role, and the character it belongs to). Wide
//! panes show every view at once; narrow ones show one, switched with `v`.

use super::parts::{fit, pane_block, plain_pieces, preview, window, wrap_pieces};
use crate::tui::app::{App, DetailView, Pane};
use crate::tui::layout::{
    host_rows, reason_lines, selected_host, shows_all_views, DetailFit, HostRow, WarningText,
};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::ComponentAnalysis;
use urlscope_core::text::pieces;
use urlscope_core::utf8::{binary_parts, ByteRole};

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

/// Facts about the host, shown above its bytes: its Unicode and DNS forms,
/// registrable domain, scripts and look-alike characters.
fn host_lines(app: &App, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let Some(h) = selected_host(&app.analysis, app.selected) else {
        return Vec::new();
    };
    let esc = urlscope_core::text::escape_str;
    let line = |row: HostRow| match row {
        HostRow::Forms => {
            let mut forms = format!("{} ", h.kind.label());
            if let Some(u) = &h.unicode {
                forms.push_str(&format!("· Unicode {} ", esc(u)));
            }
            if let Some(x) = &h.ascii {
                forms.push_str(&format!("· DNS {} ", esc(x)));
            }
            for label in &h.rejected {
                forms.push_str(&format!(
                    "· UTS #46 rejects {} ",
                    urlscope_core::text::quote_str(label)
                ));
            }
            if let Some(ip) = h.ipv4 {
                forms.push_str(&format!("· read as IPv4 {ip} "));
            }
            Line::from(vec![
                Span::styled("host     ", theme.dim()),
                Span::raw(forms),
            ])
        }
        HostRow::Domain => Line::from(vec![
            Span::styled("domain   ", theme.dim()),
            Span::styled(
                esc(h.registrable.as_deref().unwrap_or_default()),
                theme.title(true),
            ),
            Span::raw(" (registrable: what the owner controls)"),
        ]),
        HostRow::Scripts => {
            let mut text = h.scripts.join(" + ");
            for (c, skeleton) in &h.confusables {
                text.push_str(&format!(
                    " · '{}' {} looks like '{}'",
                    esc(&c.to_string()),
                    urlscope_core::analysis::char_info(*c).codepoint,
                    esc(skeleton)
                ));
            }
            let style = if h.scripts.len() > 1 || !h.confusables.is_empty() {
                theme.highlight()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled("scripts  ", theme.dim()),
                Span::styled(text, style),
            ])
        }
    };
    // Each fact on one line, cut with `…` at the pane's edge (z shows it
    // wider).
    host_rows(h)
        .into_iter()
        .map(|row| {
            let mut l = line(row);
            let mut room = width;
            for span in &mut l.spans {
                let cut = fit(&span.content, room);
                room = room.saturating_sub(cut.width());
                span.content = cut.into();
            }
            l
        })
        .collect()
}

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    if let Some(readings) = &app.readings {
        render_readings(app, readings.as_ref(), theme, frame, area);
        return;
    }
    if app.dialects {
        render_dialects(app, theme, frame, area);
        return;
    }
    let a = &app.analysis;
    let Some(c) = a.components.get(app.selected) else {
        let block = pane_block(app, theme, "Bytes".to_string(), Some(Pane::Bytes));
        frame.render_widget(Paragraph::new("nothing selected").block(block), area);
        return;
    };
    let all = shows_all_views(area);
    let width = usize::from(area.width.saturating_sub(2));
    let zoomed = app.zoomed_pane() == Some(Pane::Bytes);
    let fit_rows = DetailFit::compute(area, a, app.selected, app.shown_warning(), zoomed);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let raw = c.span.of(&a.input);
    lines.extend(warning_lines(app, theme, width, fit_rows.warning_lines));
    lines.extend(host_lines(app, theme, width));
    if all {
        lines.push(Line::from(vec![
            Span::styled("raw      ", theme.dim()),
            Span::raw(preview(raw, width.saturating_sub(9))),
        ]));
        lines.push(decoded_line(c, theme, width));
    }
    if c.layer_count() > 1 {
        lines.push(Line::styled(
            format!("layers   {} decodings:", c.layer_count()),
            theme.dim(),
        ));
        let danger_layers: Vec<(usize, &str)> = a
            .warnings_of(app.selected)
            .into_iter()
            .filter_map(|w| w.layer.map(|l| (l, w.code.code())))
            .collect();
        for (i, layer) in c
            .layers()
            .enumerate()
            .take(fit_rows.layer_lines.saturating_sub(1))
        {
            let n = i + 1;
            let mark: Vec<&str> = danger_layers
                .iter()
                .filter(|(l, _)| *l == n)
                .map(|(_, c)| *c)
                .collect();
            let mut spans = vec![
                Span::styled(format!("  {n}: "), theme.dim()),
                Span::raw(preview(layer, width.saturating_sub(30))),
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
        _ => table(app, theme, view, width, fit_rows, &mut lines),
    }
    let title = format!(
        "[{}] {} · bytes {}-{} · {} decoded byte{}{}",
        app.selected,
        c.kind.label(),
        c.span.start,
        c.span.end,
        c.decoded().len(),
        if c.decoded().len() == 1 { "" } else { "s" },
        match view {
            Some(v) => format!(" · view: {} (v)", v.label()),
            None => String::new(),
        }
    );
    let block = pane_block(
        app,
        theme,
        fit(&title, width.saturating_sub(4)),
        Some(Pane::Bytes),
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn decoded_line(c: &ComponentAnalysis, theme: Theme, width: usize) -> Line<'static> {
    let room = width.saturating_sub(9);
    let cut = c.decoded().len().min(room * 4 + 8);
    let utf8 = urlscope_core::utf8::annotate_window(c.decoded(), 0, cut);
    let mut spans = vec![Span::styled("decoded  ", theme.dim())];
    let mut used = 0;
    for p in pieces(c.decoded().get(..cut).unwrap_or_default(), 0) {
        let w = unicode_width::UnicodeWidthStr::width(p.text.as_str());
        if used + w + 1 > room {
            spans.push(Span::raw("…"));
            return Line::from(spans);
        }
        used += w;
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
        spans.push(Span::styled(p.text, style));
    }
    if cut < c.decoded().len() {
        spans.push(Span::raw("…"));
    }
    Line::from(spans)
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

fn table(
    app: &App,
    theme: Theme,
    view: Option<DetailView>,
    width: usize,
    fit_rows: DetailFit,
    lines: &mut Vec<Line<'static>>,
) {
    let a = &app.analysis;
    let show_hex = view != Some(DetailView::Binary);
    let show_bin = view != Some(DetailView::Hex);
    let rows = a.byte_rows_window(app.selected, app.byte_scroll, fit_rows.table_rows);
    // Columns before the role: mark, group, from, hex, binary.
    let before = 3 + 8 + if show_hex { 4 } else { 0 } + if show_bin { 11 } else { 0 };
    // The role column is as wide as its longest visible entry, leaving the
    // character column room for its code point and glyph at least.
    let roles: Vec<String> = rows.iter().map(|r| r.role.describe()).collect();
    let longest = roles.iter().map(|r| r.width()).max().unwrap_or(0).max(4);
    let role_w = longest.min(width.saturating_sub(before + 1 + 14)).max(4);
    let mut header = String::from("   from    ");
    if show_hex {
        header.push_str("hex ");
    }
    if show_bin {
        header.push_str("binary     ");
    }
    header.push_str(&format!("{:<role_w$} character", "role"));
    lines.push(Line::styled(fit(&header, width), theme.dim()));
    let highlight = app.highlighted_spans();
    let focused = app.focus == Pane::Bytes;
    for (row, role) in rows.iter().zip(roles) {
        let is_cursor = row.offset == app.byte_cursor;
        let mut spans = Vec::new();
        // The cursor is marked by `▶` (and bold); reverse video is kept
        // for the bytes of the selected warning.
        spans.push(Span::styled(
            if is_cursor { "▶" } else { " " },
            theme.title(focused),
        ));
        spans.push(Span::styled(format!("{} ", row.group_mark()), theme.dim()));
        let from = if row.source == urlscope_core::percent::SourceKind::Plus {
            "+ (sp)".to_string()
        } else {
            a.source_text(row)
        };
        spans.push(Span::raw(format!("{:<7} ", fit(&from, 7))));
        if show_hex {
            spans.push(Span::raw(format!("{:02X}  ", row.value)));
        }
        if show_bin {
            let (marker, payload) = binary_parts(row.value, row.role);
            let sep = if marker.is_empty() || payload.is_empty() {
                ""
            } else {
                "|"
            };
            spans.push(Span::styled(marker.clone(), theme.marker_bits()));
            spans.push(Span::styled(sep.to_string(), theme.dim()));
            spans.push(Span::raw(payload.clone()));
            spans.push(Span::raw(" ".repeat(
                11usize.saturating_sub(marker.len() + sep.len() + payload.len()),
            )));
        }
        let role_style = if matches!(row.role, ByteRole::Invalid(_)) {
            theme.invalid()
        } else {
            Style::new()
        };
        spans.push(Span::styled(
            format!("{:<role_w$}", fit(&role, role_w)),
            role_style,
        ));
        spans.push(Span::raw(" "));
        let used: usize = spans.iter().map(|s| s.content.width()).sum();
        spans.push(Span::raw(fit(
            &row.describe_char(),
            width.saturating_sub(used),
        )));
        let hit = highlight.iter().any(|h| h.overlaps(row.span));
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
    if a.components
        .get(app.selected)
        .is_some_and(|c| c.decoded().is_empty())
    {
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

/// The cursor's character bit by bit (Table 3-5): the code point's bits in
/// the groups of its length, each group placed into its byte (the marker
/// bits set apart by colour and by `|`), the byte under the cursor
/// underlined; or, for an ill-formed byte, the row of Table 3-6 it breaks.
/// At most `max` lines.
fn bit_lines(app: &App, theme: Theme, width: usize, max: usize) -> Vec<Line<'static>> {
    let a = &app.analysis;
    let Some(c) = a.components.get(app.selected) else {
        return Vec::new();
    };
    let utf8 =
        urlscope_core::utf8::annotate_window(c.decoded(), app.byte_cursor, app.byte_cursor + 1);
    let Some(unit) = utf8.unit_of(app.byte_cursor) else {
        return Vec::new();
    };
    let room = width.saturating_sub(9);
    let label = || Span::styled("bits     ", theme.dim());
    let indent = || Span::raw("         ");
    match unit.value {
        Ok(ch) => {
            let l = urlscope_core::utf8::bit_layout(ch);
            let info = urlscope_core::analysis::char_info(ch);
            let glyph = urlscope_core::text::escape_str(&ch.to_string());
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
                second.push(Span::styled(
                    payload.to_string(),
                    theme.bit_group(i).patch(mark),
                ));
            }
            let pattern = format!("  ({})", l.pattern);
            if l.bytes.width() + pattern.width() <= room {
                second.push(Span::styled(pattern, theme.dim()));
            }
            let mut out = vec![Line::from(first), Line::from(second)];
            if max > 2 {
                let n = l.bytes.split(' ').count();
                let range = match n {
                    1 => "U+0000..U+007F",
                    2 => "U+0080..U+07FF",
                    3 => "U+0800..U+FFFF",
                    _ => "U+10000..U+10FFFF",
                };
                let lead = match n {
                    1 => "a leading 0 says: one byte, ASCII".to_string(),
                    _ => format!(
                        "the lead byte's {} ones and a 0 say: {n} bytes; each continuation byte starts 10",
                        n
                    ),
                };
                let more = format!(
                    "Table 3-5: {range} takes {n} byte{}; {lead}. The payload bits, in order, are the code point.",
                    if n == 1 { "" } else { "s" }
                );
                for line in crate::tui::layout::wrap(&more, room.max(8))
                    .into_iter()
                    .take(max - 2)
                {
                    out.push(Line::from(vec![indent(), Span::styled(line, theme.dim())]));
                }
            }
            out
        }
        Err(_) => {
            let why = urlscope_core::utf8::explain_ill_formed_at(c.decoded(), app.byte_cursor)
                .unwrap_or_default();
            let mut wrapped = crate::tui::layout::wrap(&why, room.max(8));
            if wrapped.len() > max {
                wrapped.truncate(max);
                if let Some(last) = wrapped.last_mut() {
                    let cut = fit(last, room.saturating_sub(1));
                    *last = if cut.ends_with('…') {
                        cut
                    } else {
                        format!("{cut}…")
                    };
                }
            }
            wrapped
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
    }
}

/// The RFC 3986 reading next to the WHATWG reading, differing fields marked.
fn render_readings(
    app: &App,
    readings: Option<&urlscope_core::analysis::Readings>,
    theme: Theme,
    frame: &mut Frame,
    area: Rect,
) {
    let width = usize::from(area.width.saturating_sub(2));
    let col = width.saturating_sub(14) / 2;
    let mut lines = vec![Line::styled(
        format!(
            "  {:<10}{:<col$} {}",
            "field", "RFC 3986", "WHATWG (browsers)"
        ),
        theme.dim(),
    )];
    match readings {
        None => lines.push(Line::raw(
            "No WHATWG reading: a relative reference, or bytes that are not UTF-8.",
        )),
        Some(r) => {
            if let Some(e) = &r.whatwg_error {
                lines.push(Line::styled(
                    format!("The WHATWG parser rejects this URL: {e}"),
                    theme.severity(urlscope_core::warnings::Severity::High),
                ));
            }
            for f in &r.fields {
                let rfc = preview(
                    f.rfc3986.as_deref().unwrap_or("(none)").as_bytes(),
                    col.saturating_sub(1),
                );
                let what = preview(
                    f.whatwg.as_deref().unwrap_or("(none)").as_bytes(),
                    col.saturating_sub(1),
                );
                let mark = if f.differs { "≠" } else { "=" };
                let style = if f.differs {
                    theme.highlight()
                } else {
                    Style::new()
                };
                lines.push(Line::from(vec![
                    Span::styled(format!("{mark} {:<9} ", f.name), style),
                    Span::styled(format!("{rfc:<col$} "), style),
                    Span::styled(what, style),
                ]));
            }
            let reasons = reason_lines(r, width);
            if !reasons.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::styled("why they differ:", theme.dim()));
                lines.extend(reasons.into_iter().map(Line::raw));
            }
        }
    }
    let title = scrolled_title(
        "Parser readings (r: bytes)",
        app.detail_scroll,
        &lines,
        area,
    );
    let lines = scrolled(lines, app.detail_scroll, area);
    let block = pane_block(
        app,
        theme,
        fit(&title, width.saturating_sub(2)),
        Some(Pane::Bytes),
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The selected component's decoded text encoded by every dialect, the
/// pieces where they disagree highlighted.
fn render_dialects(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    use urlscope_core::dialects::{compare_encoders, EncodeDialect};
    let width = usize::from(area.width.saturating_sub(2));
    let room = width.saturating_sub(19);
    let Some(c) = app.analysis.components.get(app.selected) else {
        return;
    };
    // Only what fits on a line is encoded.
    let text = c
        .decoded()
        .get(..c.decoded().len().min(room * 2))
        .unwrap_or_default();
    let tokens = compare_encoders(text);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:<18} ", "text"), theme.dim()),
        Span::raw(preview(text, room)),
    ])];
    for (i, d) in EncodeDialect::ALL.iter().enumerate() {
        let mut spans = vec![Span::styled(format!("{:<18} ", d.name()), theme.dim())];
        let mut used = 0;
        for t in &tokens {
            let chunk = match t.outputs.get(i).cloned().flatten() {
                Some(s) => urlscope_core::text::escape_str(&s),
                None => "∅".to_string(),
            };
            let w = unicode_width::UnicodeWidthStr::width(chunk.as_str());
            if used + w + 1 > room {
                spans.push(Span::raw("…"));
                break;
            }
            used += w;
            let style = if t.differs {
                theme.changed()
            } else {
                Style::new()
            };
            spans.push(Span::styled(chunk, style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "highlighted: pieces the encoders disagree on · ∅: refused (not UTF-8)",
        theme.dim(),
    ));
    let title = format!(
        "[{}] {} · every encoder (d: bytes)",
        app.selected,
        c.kind.label()
    );
    let title = scrolled_title(&title, app.detail_scroll, &lines, area);
    let lines = scrolled(lines, app.detail_scroll, area);
    let block = pane_block(
        app,
        theme,
        fit(&title, width.saturating_sub(2)),
        Some(Pane::Bytes),
    );
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The lines of a scrolling view that fit in `area` from line `scroll`.
fn scrolled(lines: Vec<Line<'static>>, scroll: usize, area: Rect) -> Vec<Line<'static>> {
    let height = usize::from(area.height.saturating_sub(2));
    let scroll = scroll.min(lines.len().saturating_sub(height));
    lines.into_iter().skip(scroll).take(height).collect()
}

/// A title that says which lines show when not all of them fit.
fn scrolled_title(title: &str, scroll: usize, lines: &[Line], area: Rect) -> String {
    let height = usize::from(area.height.saturating_sub(2));
    if lines.len() <= height {
        return title.to_string();
    }
    let scroll = scroll.min(lines.len() - height);
    format!(
        "{title} · {}-{} of {} (↑↓)",
        scroll + 1,
        scroll + height,
        lines.len()
    )
}
