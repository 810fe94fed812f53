//! URLs written inside a JSON string, as JSON logs hold them (one object
//! a line: CloudTrail, a CDN's or a proxy's JSON access log, a SIEM's
//! export): `"referer":"https:\/\/evil.example\/login?a=1\u0026b=2"`.
//! The log's encoder escaped the URL; the URL the client sent is the
//! string's text, so that is what is analysed (reading `\/` as a
//! backslash would flag every such URL), and a URL ends where the
//! string's text would end it (`\"` is a quote, `\n` a line break).
//!
//! A URL is read so when its line is JSON (its first byte, blanks aside,
//! is `{` or `[`) or when it starts a JSON member's value (`"url": "`).
//! Only the escapes a URL keeps are undone: `\/`, `\\` and `\uXXXX`
//! (other than a blank, a quote, `<`, `>` or a control, which end it).

/// Whether the URL starting at `start` of `line` is read as JSON string
/// text: the line is JSON, or the URL starts a member's value.
pub(super) fn in_json_string(line: &[u8], json_line: bool, start: usize) -> bool {
    json_line || member_value_at(line, start)
}

/// Whether `start` of `line` starts a JSON member's value (`"url":"`,
/// `"url": "`), which a log may write after a prefix of its own (a
/// syslog header).
fn member_value_at(line: &[u8], start: usize) -> bool {
    line.get(..start)
        .and_then(|before| before.strip_suffix(b"\""))
        .map(<[u8]>::trim_ascii_end)
        .and_then(|before| before.strip_suffix(b":"))
        .is_some_and(|before| before.trim_ascii_end().ends_with(b"\""))
}

/// Whether `line` is JSON: its first byte, blanks aside, opens an object
/// or an array.
pub(super) fn is_json_line(line: &[u8]) -> bool {
    matches!(line.trim_ascii_start().first(), Some(b'{' | b'['))
}

/// One escape at the start of `text` (which starts with `\`): what it
/// stands for when a URL keeps it, and how many bytes it takes; `None`
/// when it ends a URL (a quote, a blank, a control, `<`, `>`) or is no
/// JSON escape.
fn escape(text: &[u8]) -> Option<(char, usize)> {
    match text.get(1)? {
        b'/' => Some(('/', 2)),
        b'\\' => Some(('\\', 2)),
        b'u' => {
            let unit = hex_unit(text.get(2..6)?)?;
            // A surrogate pair is two escapes.
            let (c, len) = match unit {
                0xD800..=0xDBFF => {
                    let low = text.get(6..12)?.strip_prefix(b"\\u")?;
                    let low = hex_unit(low)?;
                    let c = char::decode_utf16([unit, low]).next()?.ok()?;
                    (c, 12)
                }
                _ => (char::from_u32(u32::from(unit))?, 6),
            };
            let ends = c <= ' ' || matches!(c, '"' | '<' | '>' | '`' | '\u{7F}');
            (!ends).then_some((c, len))
        }
        _ => None,
    }
}

/// The UTF-16 unit of a `\uXXXX` escape's four hex digits.
fn hex_unit(digits: &[u8]) -> Option<u16> {
    if !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
}

/// Where a URL read as JSON string text ends, at the latest at `end`: at
/// the first backslash that starts no escape a URL keeps (`\"`, `\n`,
/// `\u0020`, a lone backslash).
pub(super) fn cut(line: &[u8], start: usize, end: usize) -> usize {
    let mut i = start;
    while let Some(at) = line.get(i..end).and_then(|t| memchr::memchr(b'\\', t)) {
        let at = i + at;
        match line.get(at..).and_then(escape) {
            Some((_, len)) if at + len <= end => i = at + len,
            _ => return at,
        }
    }
    end
}

/// The text of `written` (a URL cut by [`cut`]) with its escapes undone.
pub(super) fn unescaped(written: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(written.len());
    let mut i = 0;
    while let Some(&b) = written.get(i) {
        match (b, written.get(i..).and_then(escape)) {
            (b'\\', Some((c, len))) => {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                i += len;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// How many times over the URL starting at `start` of a JSON line is
/// escaped: once in a string; twice when the string's opening quote is
/// itself escaped (`\"`: a string of JSON held in a string), three times
/// behind `\\\"`.
pub(super) fn depth(line: &[u8], start: usize) -> u8 {
    let before = line.get(..start).unwrap_or_default();
    let Some(before) = before.strip_suffix(b"\"") else {
        return 1;
    };
    match before.iter().rev().take_while(|&&b| b == b'\\').count() {
        1 => 2,
        3 => 3,
        _ => 1,
    }
}

/// [`unescaped`] `depth` times over.
pub(super) fn unescaped_times(written: &[u8], depth: u8) -> Vec<u8> {
    let mut text = written.to_vec();
    for _ in 0..depth {
        text = unescaped(&text);
    }
    text
}

/// The span of `written` that writes `start..end` of its text
/// [`unescaped_times`] `depth` times: mapped back one level at a time.
pub(super) fn written_span(written: &[u8], depth: u8, start: usize, end: usize) -> (usize, usize) {
    let mut levels = vec![written.to_vec()];
    for _ in 1..depth {
        let next = unescaped(levels.last().map(Vec::as_slice).unwrap_or_default());
        levels.push(next);
    }
    let (mut start, mut end) = (start, end);
    for text in levels.iter().rev() {
        start = written_start(text, start);
        end = written_offset(text, end).max(start);
    }
    (start, end)
}

/// The offset in `written` of the byte at `at` of its [`unescaped`] text,
/// as a span's start: an offset inside the character an escape stands
/// for maps to the escape's start.
pub(super) fn written_start(written: &[u8], at: usize) -> usize {
    written_at(written, at, false)
}

/// The offset in `written` of the byte at `at` of its [`unescaped`] text,
/// as a span's end: an offset inside the character an escape stands for
/// maps to the escape's end; past the text's end, to the end.
pub(super) fn written_offset(written: &[u8], at: usize) -> usize {
    written_at(written, at, true)
}

fn written_at(written: &[u8], at: usize, as_end: bool) -> usize {
    let (mut i, mut read) = (0, 0);
    while read < at {
        let Some(&b) = written.get(i) else { break };
        let (text, len) = match (b, written.get(i..).and_then(escape)) {
            (b'\\', Some((c, len))) => (c.len_utf8(), len),
            _ => (1, 1),
        };
        if read + text > at {
            return if as_end { i + len } else { i };
        }
        read += text;
        i += len;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_a_url_keeps_are_undone_and_mapped_back() {
        let written = br"https:\/\/a.example\/x?b=1\u0026c=\u00e9\ud83d\ude00\\";
        let text = unescaped(written);
        assert_eq!(text, "https://a.example/x?b=1&c=é😀\\".as_bytes());
        assert_eq!(written_offset(written, 0), 0);
        // `//` after `https:`: the escapes' starts.
        assert_eq!(written_offset(written, 6), 6);
        assert_eq!(written_offset(written, 7), 8);
        assert_eq!(written_offset(written, 8), 10);
        assert_eq!(written_offset(written, text.len()), written.len());
        // Inside the two bytes of `é`: the escape's end.
        let e = text.len() - "é😀\\".len();
        assert_eq!(written_offset(written, e + 1), written.len() - 2 - 12);
        assert_eq!(written_start(written, e + 1), written.len() - 2 - 12 - 6);
    }

    #[test]
    fn a_quote_a_blank_or_a_stray_backslash_ends_the_url() {
        fn cut_of(s: &[u8]) -> &[u8] {
            &s[..cut(s, 0, s.len())]
        }
        assert_eq!(
            cut_of(br#"https://a.example/x\" and"#),
            b"https://a.example/x"
        );
        assert_eq!(
            cut_of(br"https://a.example/x\nnext"),
            b"https://a.example/x"
        );
        assert_eq!(
            cut_of(br"https://a.example/x\u0020y"),
            b"https://a.example/x"
        );
        assert_eq!(cut_of(br"https://a.example/x\q"), b"https://a.example/x");
        assert_eq!(cut_of(br"https://a.example/x\u00"), b"https://a.example/x");
        assert_eq!(cut_of(br"https:\/\/a.example"), br"https:\/\/a.example");
    }

    #[test]
    fn a_member_value_or_a_json_line_is_read_as_json() {
        let line = br#"app: {"url": "https:\/\/a.example\/"}"#;
        let start = line.iter().position(|&b| b == b'h').unwrap();
        assert!(in_json_string(line, false, start));
        let line = br#"app "url":"https:\/\/a.example\/""#;
        let start = 11;
        assert!(in_json_string(line, false, start));
        // A quoted field of a CSV export is no JSON.
        let line = br#"1,"https://a.example/\/x""#;
        assert!(!in_json_string(line, false, 3));
        assert!(is_json_line(b"  {\"a\":1}") && !is_json_line(b"a {"));
    }
}
