//! The selected component: raw and decoded text, the decoding layers, and
//! the byte table (where each byte came from, hex, binary with the UTF-8
//! marker bits set apart, role, and the character it belongs to). Wide
//! panes show every view at once; narrow ones show one, switched with `v`.

use super::parts::{fit, pane_block, plain_pieces, preview, window, wrap_pieces};
use crate::tui::app::{App, DetailView, Pane};
use crate::tui::layout::{
    byte_table_rows, host_rows, selected_host, shows_all_views, HostRow, WarningText,
    MAX_LAYER_LINES,
};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use urlscope_core::analysis::ComponentAnalysis;
use urlscope_core::text::pieces;
use urlscope_core::utf8::{binary_parts, ByteRole};

/// The selected warning in full, word-wrapped, while the warning list has
/// the focus, and a rule under it.
fn warning_lines(app: &App, theme: Theme, width: usize) -> Vec<Line<'static>> {
    let Some(w) = app
        .shown_warning()
        .and_then(|i| app.analysis.warnings.get(i))
    else {
        return Vec::new();
    };
    let text = WarningText::new(w, width);
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
fn host_lines(app: &App, theme: Theme) -> Vec<Line<'static>> {
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
    host_rows(h).into_iter().map(line).collect()
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
    let mut lines: Vec<Line<'static>> = Vec::new();
    let raw = c.span.of(&a.input);
    lines.extend(warning_lines(app, theme, width));
    lines.extend(host_lines(app, theme));
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
        for (i, layer) in c.layers().enumerate().take(MAX_LAYER_LINES) {
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
    let table_rows = byte_table_rows(area, a, app.selected, app.shown_warning());
    match view {
        Some(DetailView::Raw) => text_view(
            app,
            theme,
            raw,
            c.span.start,
            width,
            table_rows + 1,
            &mut lines,
        ),
        Some(DetailView::Decoded) => {
            text_view(
                app,
                theme,
                c.decoded(),
                0,
                width,
                table_rows + 1,
                &mut lines,
            );
        }
        _ => table(app, theme, view, width, table_rows, &mut lines),
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
    rows: usize,
    lines: &mut Vec<Line<'static>>,
) {
    let a = &app.analysis;
    let show_hex = view != Some(DetailView::Binary);
    let show_bin = view != Some(DetailView::Hex);
    let mut header = String::from("  from    ");
    if show_hex {
        header.push_str("hex ");
    }
    if show_bin {
        header.push_str("binary     ");
    }
    header.push_str("role               character");
    lines.push(Line::styled(fit(&header, width), theme.dim()));
    let highlight = app.highlighted_spans();
    let focused = app.focus == Pane::Bytes;
    for row in a.byte_rows_window(app.selected, app.byte_scroll, rows) {
        let mut spans = Vec::new();
        spans.push(Span::styled(format!("{} ", row.group_mark()), theme.dim()));
        let from = if row.source == urlscope_core::percent::SourceKind::Plus {
            "+ (sp)".to_string()
        } else {
            a.source_text(&row)
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
        let role = row.role.describe();
        let role_style = if matches!(row.role, ByteRole::Invalid(_)) {
            theme.invalid()
        } else {
            Style::new()
        };
        let role_w = 18;
        spans.push(Span::styled(
            format!("{:<role_w$}", fit(&role, role_w)),
            role_style,
        ));
        spans.push(Span::raw(" "));
        let used: usize = spans
            .iter()
            .map(|s| unicode_width::UnicodeWidthStr::width(s.content.as_ref()))
            .sum();
        spans.push(Span::raw(fit(
            &row.describe_char(),
            width.saturating_sub(used),
        )));
        let hit = highlight.iter().any(|h| h.overlaps(row.span));
        let is_cursor = row.offset == app.byte_cursor;
        for s in &mut spans {
            if hit {
                s.style = s.style.patch(theme.highlight());
            }
            if is_cursor && focused {
                s.style = s.style.patch(theme.selected());
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
    lines.extend(bit_lines(app, theme, width));
}

/// The cursor's character bit by bit (Table 3-5), or why its bytes are
/// ill-formed (Table 3-6).
fn bit_lines(app: &App, theme: Theme, width: usize) -> Vec<Line<'static>> {
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
    let label = Span::styled("bits     ", theme.dim());
    match unit.value {
        Ok(ch) => {
            let l = urlscope_core::utf8::bit_layout(ch);
            let head = format!("U+{:04X} is written {}", u32::from(ch), l.pattern);
            let bits = format!("{}  (payload {})", l.bytes, l.scalar_bits);
            vec![
                Line::from(vec![label, Span::raw(fit(&head, room))]),
                Line::from(vec![
                    Span::raw("         "),
                    Span::styled(fit(&bits, room), theme.marker_bits()),
                ]),
            ]
        }
        Err(_) => {
            let rest = c.decoded().get(unit.start..).unwrap_or_default();
            let why = urlscope_core::utf8::explain_ill_formed(rest).unwrap_or_default();
            let split = why
                .char_indices()
                .nth(room.saturating_sub(1))
                .map_or(why.len(), |(i, _)| i);
            let (first, more) = why.split_at(split);
            vec![
                Line::from(vec![
                    label,
                    Span::styled(first.to_string(), theme.invalid()),
                ]),
                Line::from(vec![
                    Span::raw("         "),
                    Span::styled(fit(more, room), theme.invalid()),
                ]),
            ]
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
            if !r.reasons.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::styled("why they differ:", theme.dim()));
                for reason in &r.reasons {
                    lines.push(Line::raw(format!("  {reason}")));
                }
            }
        }
    }
    let block = pane_block(
        app,
        theme,
        "Parser readings (r: bytes)".to_string(),
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
    let block = pane_block(app, theme, title, Some(Pane::Bytes));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
