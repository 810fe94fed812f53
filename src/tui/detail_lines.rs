//! The lines of the views that take the bytes pane's place: the two
//! parsers' readings (`r`), every encoder on a component (`d`), and every
//! place the URL leads to (`L`). Built by one function each, which both
//! the view that draws them and the app that scrolls them call, so the
//! count and the drawing cannot disagree.

use crate::tui::text::{fit, preview, wrap};
use crate::tui::theme::Theme;
use crate::tui::view::parts::wrap_pieces;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::{Analysis, Readings};
use urlscope_core::describe::{self, Agreement};
use urlscope_core::dialects::{compare_encoders, EncodeDialect};
use urlscope_core::warnings::Severity;

/// The RFC 3986 reading next to the WHATWG reading of `a` (its
/// [`Analysis::readings`]), `width` columns wide, each field marked as the
/// same text, the same meaning written differently, or a different meaning
/// (the core's words, a legend under the fields), then why they differ;
/// or why there are none. Sentences wrap at words.
pub fn readings(
    a: &Analysis,
    readings: Option<&Readings>,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let col = width.saturating_sub(14) / 2;
    let mut lines = vec![Line::styled(
        format!(
            "  {:<10}{:<col$} {}",
            "field", "RFC 3986", "WHATWG (browsers)"
        ),
        theme.dim(),
    )];
    let sentence = |text: &str| wrap(text, width.max(8));
    let Some(r) = readings else {
        lines.extend(
            sentence(describe::no_readings(a))
                .into_iter()
                .map(Line::raw),
        );
        return lines;
    };
    if let Some(e) = &r.whatwg_error {
        lines.extend(
            sentence(&format!("The WHATWG parser rejects this URL: {e}"))
                .into_iter()
                .map(|l| Line::styled(l, theme.severity(Severity::High))),
        );
    }
    for f in &r.fields {
        // Cut as `explain` cuts them: where the two first differ shows,
        // and the same text keeps both ends (a host's domain).
        let (rfc, what) = crate::cli::cells::cells_where_they_differ(
            f.rfc3986.as_deref().unwrap_or("(none)"),
            f.whatwg.as_deref().unwrap_or("(none)"),
            col.saturating_sub(1).max(1),
        );
        let agreement = Agreement::of(f);
        let mark = agreement.mark();
        let style = if agreement == Agreement::Differs {
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
    if !r.fields.is_empty() {
        lines.extend(
            agreement_legend(width)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim())),
        );
    }
    let options = textwrap::Options::new(width.max(8))
        .initial_indent("  ")
        .subsequent_indent("    ")
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let reasons: Vec<String> = r
        .reasons
        .iter()
        .flat_map(|reason| textwrap::wrap(reason, &options))
        .map(|l| l.into_owned())
        .collect();
    if !reasons.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("why they differ:", theme.dim()));
        lines.extend(reasons.into_iter().map(Line::raw));
    }
    lines
}

/// What the readings' marks mean, under the field column's heading
/// `marks`, in lines of at most `width` columns; a mark and its meaning
/// are never split across lines.
fn agreement_legend(width: usize) -> Vec<String> {
    const LABEL: &str = "  marks     ";
    let room = width.saturating_sub(LABEL.len());
    let mut entries: Vec<String> = Vec::new();
    for a in Agreement::ALL {
        let entry = a.legend();
        match entries.last_mut() {
            Some(line) if line.width() + 2 + entry.width() <= room => {
                line.push_str("  ");
                line.push_str(&entry);
            }
            _ => entries.push(fit(&entry, room)),
        }
    }
    entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let label = if i == 0 { LABEL } else { "            " };
            format!("{label}{e}")
        })
        .collect()
}

/// `decoded` (a component's decoded bytes) encoded by every dialect,
/// `width` columns wide, the pieces where they disagree highlighted.
pub fn encoders(decoded: &[u8], theme: Theme, width: usize) -> Vec<Line<'static>> {
    let label = EncodeDialect::NAME_WIDTH;
    let room = width.saturating_sub(label + 1);
    // Only what fits on a line is encoded.
    let text = decoded
        .get(..decoded.len().min(room * 2))
        .unwrap_or_default();
    let tokens = compare_encoders(text);
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:<label$} ", "text"), theme.dim()),
        Span::raw(preview(text, room)),
    ])];
    for (i, d) in EncodeDialect::ALL.iter().enumerate() {
        let mut spans = vec![Span::styled(format!("{:<label$} ", d.name()), theme.dim())];
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
    lines
}

/// Every place the URL leads to, `width` columns wide: its own host, then
/// each URL it carries, the worst first ([`crate::tui::leads::lines`]).
pub fn leads(a: &Analysis, theme: Theme, width: usize) -> Vec<Line<'static>> {
    crate::tui::leads::lines(a, width)
        .into_iter()
        .map(|l| {
            let style = match (l.heading, l.severity) {
                (true, _) => theme.title(false),
                (false, Some(s)) => theme.severity(s),
                (false, None) => Style::new(),
            };
            Line::styled(fit(&l.text, width), style)
        })
        .collect()
}

/// The corrected URLs of `a` whole (`C`), `width` columns wide: the
/// clean URL with what cleaning changed highlighted, then the normalized
/// one with what normalizing changed further, each wrapped (an escape is
/// never split across lines), then the note when a browser opens the two
/// differently (`elsewhere`).
pub fn corrected(
    a: &Analysis,
    elsewhere: Option<&str>,
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let width = width.max(8);
    let clean_head = if a.clean.as_bytes() == a.input.as_slice() {
        "clean (already clean: as given)"
    } else {
        "clean (changes highlighted)"
    };
    let mut lines = vec![Line::styled(clean_head, theme.dim())];
    lines.extend(wrap_marked(&a.clean, &a.clean_changes, theme, width));
    if a.normalized == a.clean {
        lines.push(Line::styled("normalized (the same)", theme.dim()));
    } else {
        lines.push(Line::styled(
            "normalized (further changes highlighted)",
            theme.dim(),
        ));
        let changes = rough_changes(&a.clean, &a.normalized);
        lines.extend(wrap_marked(&a.normalized, &changes, theme, width));
    }
    if let Some(note) = elsewhere {
        lines.extend(
            wrap(note, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.severity(Severity::Medium))),
        );
    }
    lines
}

/// `text` over as many lines of `width` columns as it needs, the bytes
/// of `changes` highlighted, as the URL pane lays out a URL
/// ([`wrap_pieces`]: an escape kept whole on one line, a control shown as
/// its stand-in).
fn wrap_marked(
    text: &str,
    changes: &[urlscope_core::split::Span],
    theme: Theme,
    width: usize,
) -> Vec<Line<'static>> {
    let changed = |at: usize| changes.iter().any(|c| c.start <= at && at < c.end);
    let styled: Vec<(String, Style)> = urlscope_core::text::pieces(text.as_bytes(), 0)
        .into_iter()
        .map(|p| {
            let style = match (changed(p.span.start), p.escaped) {
                (true, _) => theme.changed(),
                (false, true) => theme.escaped(),
                (false, false) => Style::new(),
            };
            (p.text, style)
        })
        .collect();
    let mut lines = wrap_pieces(&styled, width, usize::MAX);
    if lines.is_empty() {
        lines.push(Line::default());
    }
    lines
}

/// The byte ranges where `b` differs from `a`, for short strings: the
/// common prefix and suffix are kept, the middle marked.
pub fn rough_changes(a: &str, b: &str) -> Vec<urlscope_core::split::Span> {
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
    vec![urlscope_core::split::Span::new(prefix, b.len() - suffix)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlscope_core::analysis::{analyze, Options};

    fn texts(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    /// The corrected URLs' view shows each URL whole: its lines, joined,
    /// are the URL; none is wider than the pane; no escape is split; what
    /// cleaning changed is highlighted.
    #[test]
    fn the_corrected_urls_show_whole() {
        let input = format!(
            "http://Example.COM/{}caf\u{e9}/a b?q=%7e",
            "seg/".repeat(30)
        );
        let a = analyze(input.as_bytes(), &Options::default());
        let theme = Theme { color: true };
        let width = 48;
        let lines = corrected(&a, None, theme, width);
        let shown = texts(&lines);
        let at = |head: &str| shown.iter().position(|l| l.starts_with(head));
        let (clean, normalized) = (at("clean (").unwrap(), at("normalized (").unwrap());
        assert_eq!(shown[clean + 1..normalized].concat(), a.clean);
        assert_eq!(shown[normalized + 1..].concat(), a.normalized);
        for line in &shown {
            assert!(line.width() <= width, "{line}");
            assert!(
                !line.ends_with('%')
                    && !line
                        .get(line.len().saturating_sub(2)..)
                        .is_some_and(|t| t.starts_with('%')),
                "{line}"
            );
        }
        let marked: String = lines[clean + 1..normalized]
            .iter()
            .flat_map(|l| l.spans.iter())
            .filter(|s| s.style == theme.changed())
            .map(|s| s.content.as_ref())
            .collect();
        assert!(
            marked.contains("%C3%A9") && marked.contains("%20"),
            "{marked}"
        );
    }

    /// On an 80-column screen the pane is narrower than the note that
    /// says why there are no readings: it wraps at words, every word shown.
    #[test]
    fn the_note_without_readings_wraps_whole() {
        for input in [&b"https://example.com/\xFF"[..], b"/a/b?c"] {
            let a = analyze(input, &Options::default());
            assert!(a.readings().is_none());
            let lines = readings(&a, None, Theme { color: false }, 46);
            let note = texts(lines.get(1..).unwrap_or_default());
            assert!(note.len() > 1, "{note:?}");
            assert!(note.iter().all(|l| l.width() <= 46), "{note:?}");
            assert_eq!(note.join(" "), describe::no_readings(&a));
        }
    }
}
