//! Text cut and wrapped to a width: cut text ends with `…`; prose wraps
//! between words and a URL before a delimiter or an escape, never inside
//! a word or an escape.

use unicode_width::UnicodeWidthStr;

/// Cut `text` to `width` columns, ending in `…` when cut.
pub fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// `text` wrapped at word boundaries to `width` columns, never inside a
/// word: `UTF-16`, `U+D800` and escapes stay whole (no hyphenation).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let options =
        textwrap::Options::new(width.max(1)).word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options)
        .into_iter()
        .map(|l| l.into_owned())
        .collect()
}

/// `text` wrapped to `room` columns in at most `max` lines, the last one
/// ending in `…` when the text goes on past it.
pub fn wrap_within(text: &str, room: usize, max: usize) -> Vec<String> {
    let mut wrapped = wrap(text, room.max(8));
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
}

/// `url` (already escaped) broken into lines of at most `width` columns,
/// only before a delimiter (`/ ? & = # ;`) or an escape (`%2e`, `\x1b`), so
/// no line ends inside an escape; a piece longer than a line is broken by
/// characters.
pub fn wrap_url(url: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let width = width.max(1);
    // The pieces: each starts at a break point.
    let mut pieces: Vec<&str> = Vec::new();
    let mut start = 0;
    let bytes = url.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        // No escape contains one of these, so no break falls inside one.
        if i > start && matches!(b, b'/' | b'?' | b'&' | b'=' | b'#' | b';' | b'%' | b'\\') {
            if let Some(p) = url.get(start..i) {
                pieces.push(p);
            }
            start = i;
        }
    }
    if let Some(p) = url.get(start..) {
        if !p.is_empty() {
            pieces.push(p);
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for p in pieces {
        if line.width() + p.width() > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if p.width() > width {
            for c in p.chars() {
                if line.width() + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) > width {
                    lines.push(std::mem::take(&mut line));
                }
                line.push(c);
            }
        } else {
            line.push_str(p);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Escaped text of at most a few hundred bytes of `bytes`.
pub fn preview(bytes: &[u8], width: usize) -> String {
    let cut = bytes.len().min(width * 4 + 8);
    let mut text = urlscope_core::text::escape_bytes(bytes.get(..cut).unwrap_or_default());
    if cut < bytes.len() {
        text.push('…');
    }
    fit(&text, width)
}
