//! Text cut and wrapped to a width: cut text ends with `…`; prose wraps
//! between words and a URL before a delimiter or an escape, never inside
//! a word or an escape.

use unicode_width::UnicodeWidthStr;

/// `1 byte`, `2 bytes`: a count of bytes as a title or a status says it.
pub fn bytes_count(n: usize) -> String {
    if n == 1 {
        "1 byte".to_string()
    } else {
        format!("{n} bytes")
    }
}

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

/// The last `width` columns of `text`, starting with `…` when cut: the
/// end of a host name, where its registrable domain is.
pub fn fit_end(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut kept = Vec::new();
    let mut used = 0;
    for c in text.chars().rev() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        kept.push(c);
        used += w;
    }
    std::iter::once('…').chain(kept.into_iter().rev()).collect()
}

/// A title of `parts` joined by ` · `, cut to `width` columns. Each part
/// comes with a rank: while the title is too wide, the part of the highest
/// rank goes (the later of two of a rank first); parts of rank 0 stay.
/// When those alone are too wide, the first part is cut with `…` so the
/// others stay whole: the hint that names a key is never what is cut.
pub fn fit_parts(parts: &[(String, u8)], width: usize) -> String {
    const JOIN: &str = " · ";
    let mut kept: Vec<&(String, u8)> = parts.iter().collect();
    let joined = |kept: &[&(String, u8)]| -> String {
        kept.iter()
            .map(|(p, _)| p.as_str())
            .collect::<Vec<_>>()
            .join(JOIN)
    };
    loop {
        let title = joined(&kept);
        if title.width() <= width {
            return title;
        }
        let drop = kept
            .iter()
            .enumerate()
            .filter(|(_, (_, rank))| *rank > 0)
            .max_by_key(|(i, (_, rank))| (*rank, *i))
            .map(|(i, _)| i);
        match drop {
            Some(i) => {
                kept.remove(i);
            }
            None => break,
        }
    }
    let Some(((first, _), rest)) = kept.split_first() else {
        return String::new();
    };
    let tail: String = rest.iter().map(|(p, _)| format!("{JOIN}{p}")).collect();
    let room = width.saturating_sub(tail.width());
    if rest.is_empty() || room < 2 {
        return fit(&joined(&kept), width);
    }
    format!("{}{tail}", fit(first, room))
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
/// no line ends inside an escape, or after a `//` (`https://` ends a line
/// before its host, never `https:/`); a piece longer than a line is
/// broken by characters.
pub fn wrap_url(url: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let width = width.max(1);
    // The pieces: each starts at a break point.
    let mut pieces: Vec<&str> = Vec::new();
    let mut start = 0;
    let bytes = url.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let before = bytes.get(..i).unwrap_or_default();
        // A slash after a slash or a scheme's ':' stays with it: `//`
        // reads as one.
        let paired = b == b'/' && matches!(before.last(), Some(b'/' | b':'));
        // No escape contains one of these, so no break falls inside one.
        let delimiter = matches!(b, b'/' | b'?' | b'&' | b'=' | b'#' | b';' | b'%' | b'\\');
        if i > start && (delimiter && !paired || b != b'/' && before.ends_with(b"//")) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_breaks_after_its_double_slash_never_between() {
        let url = "https://www.paypal.com.secure-login.example.net/x?a=1";
        assert_eq!(
            wrap_url(url, 46),
            ["https://", "www.paypal.com.secure-login.example.net/x?a=1"]
        );
        assert_eq!(wrap_url(url, 80), [url]);
        assert_eq!(
            wrap_url("https://a.example//b/c", 12),
            ["https://", "a.example//b", "/c"]
        );
    }

    fn parts(p: &[(&str, u8)]) -> Vec<(String, u8)> {
        p.iter().map(|(s, r)| (s.to_string(), *r)).collect()
    }

    #[test]
    fn a_title_that_fits_is_whole() {
        let p = parts(&[
            ("[3] path segment", 0),
            ("bytes 1-9", 2),
            ("view: hex (v)", 0),
        ]);
        assert_eq!(
            fit_parts(&p, 80),
            "[3] path segment · bytes 1-9 · view: hex (v)"
        );
    }

    #[test]
    fn a_narrow_title_lets_the_highest_rank_go_first_and_keeps_rank_0() {
        let p = parts(&[
            ("[3] path segment", 0),
            ("bytes 27-36", 2),
            ("3 decoded bytes", 3),
            ("view: hex (v)", 0),
            ("via query value 'u'", 4),
        ]);
        assert_eq!(
            fit_parts(&p, 46),
            "[3] path segment · bytes 27-36 · view: hex (v)"
        );
        assert_eq!(fit_parts(&p, 40), "[3] path segment · view: hex (v)");
    }

    #[test]
    fn a_title_too_wide_for_its_kept_parts_cuts_the_first_with_an_ellipsis() {
        let p = parts(&[
            ("[4] query value 'token' → jwt claim \"redirect\" → url", 0),
            ("layer 1", 2),
            ("view: hex (v)", 0),
        ]);
        let t = fit_parts(&p, 40);
        assert_eq!(t, "[4] query value 'token'… · view: hex (v)");
        assert_eq!(t.width(), 40);
    }
}
