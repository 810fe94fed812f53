//! The decoders of the wrappers' encodings (percent escapes, Proofpoint
//! v2's and v3's, base64url), each one pass, each saying which input
//! bytes wrote each byte it makes.

use crate::split::Span;

/// The raw value of the first parameter named `name` in `query`.
pub(super) fn param<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query.split('&').find_map(|pair| {
        pair.split_once('=')
            .filter(|(k, _)| *k == name)
            .map(|(_, v)| v)
    })
}

pub(super) fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// Text a wrapper's decoder made, and for each of its bytes the bytes of
/// the decoder's input that wrote it.
#[derive(Debug, Default)]
pub(super) struct Decoded {
    pub(super) text: String,
    pub(super) written: Vec<Span>,
}

/// `d` with `scheme` put ahead of it, a scheme the wrapper leaves out
/// (Postmark's, the AMP viewer's): no byte writes it.
pub(super) fn with_scheme(mut d: Decoded, scheme: &str) -> Decoded {
    d.text.insert_str(0, scheme);
    d.written
        .splice(0..0, std::iter::repeat_n(Span::new(0, 0), scheme.len()));
    d
}

/// Bytes a decoder made, each with the input bytes that wrote it.
#[derive(Debug, Default)]
pub(super) struct Bytes {
    pub(super) bytes: Vec<u8>,
    pub(super) written: Vec<Span>,
}

impl Bytes {
    pub(super) fn with_capacity(n: usize) -> Bytes {
        Bytes {
            bytes: Vec::with_capacity(n),
            written: Vec::with_capacity(n),
        }
    }

    pub(super) fn push(&mut self, byte: u8, from: Span) {
        self.bytes.push(byte);
        self.written.push(from);
    }

    /// The bytes as text, as `String::from_utf8_lossy` reads them: each
    /// run of bytes that are not UTF-8 becomes U+FFFD, written by the bytes
    /// it stands for.
    pub(super) fn into_text(self) -> Decoded {
        let mut out = Decoded {
            text: String::with_capacity(self.bytes.len()),
            written: Vec::with_capacity(self.bytes.len()),
        };
        let mut at = 0;
        for chunk in self.bytes.utf8_chunks() {
            let (valid, invalid) = (chunk.valid(), chunk.invalid());
            out.text.push_str(valid);
            out.written
                .extend(self.written.get(at..at + valid.len()).unwrap_or_default());
            at += valid.len();
            if !invalid.is_empty() {
                let from = written_by(&self.written, at, at + invalid.len());
                out.text.push(char::REPLACEMENT_CHARACTER);
                out.written
                    .extend([from; char::REPLACEMENT_CHARACTER.len_utf8()]);
                at += invalid.len();
            }
        }
        out
    }
}

/// The input bytes that wrote the made bytes `from..to`, given `written`,
/// the input bytes behind each made byte: all of them, joined.
pub(super) fn written_by(written: &[Span], from: usize, to: usize) -> Span {
    written
        .get(from..to)
        .and_then(|w| w.iter().copied().reduce(Span::join))
        .unwrap_or_default()
}

/// `%XX` decoded (invalid escapes kept as written), `+` left alone; each
/// byte written by its escape or by itself.
pub(super) fn unpercent(b: &[u8]) -> Bytes {
    let mut out = Bytes::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let byte = b.get(i).copied().unwrap_or(0);
        if byte == b'%' {
            if let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            ) {
                out.push(h << 4 | l, Span::new(i, i + 3));
                i += 3;
                continue;
            }
        }
        out.push(byte, Span::new(i, i + 1));
        i += 1;
    }
    out
}

/// Proofpoint v2: `-` stands for `%` and `_` for `/`, then the escapes
/// are decoded (so `-2F` writes a `/`).
pub(super) fn proofpoint_v2(value: &str) -> Decoded {
    let swapped: Vec<u8> = value
        .bytes()
        .map(|c| match c {
            b'-' => b'%',
            b'_' => b'/',
            c => c,
        })
        .collect();
    unpercent(&swapped).into_text()
}

/// The length a v3 run letter stands for: `A`..`Z` 2..27, `a`..`z`
/// 28..53, `0`..`9` 54..63, `-` 64, `_` 65.
pub(super) fn run_length(c: char) -> Option<usize> {
    let n = match c {
        'A'..='Z' => c as usize - 'A' as usize,
        'a'..='z' => 26 + c as usize - 'a' as usize,
        '0'..='9' => 52 + c as usize - '0' as usize,
        '-' => 62,
        '_' => 63,
        _ => return None,
    };
    Some(n + 2)
}

/// Proofpoint v3, given what follows `/v3/__`: `URL__;BYTES!...`. The URL
/// is percent-decoded; each `*` in it takes the next character of the
/// base64url-decoded BYTES, each `**X` the next run of as many characters
/// as X stands for. A character put in by a substitution is written by its
/// `*` (or its run's `**X`), the mark that stands for it in the URL.
pub(super) fn proofpoint_v3(tail: &str) -> Option<Decoded> {
    let (url, rest) = tail.split_once("__;")?;
    let bytes = rest.split('!').next().unwrap_or("");
    let decoded = base64url(bytes)?;
    let replacements: Vec<char> = String::from_utf8(decoded).ok()?.chars().collect();
    let url = unpercent(url.as_bytes()).into_text();
    let mut out = Decoded {
        text: String::with_capacity(url.text.len()),
        written: Vec::with_capacity(url.text.len()),
    };
    // The bytes that wrote the characters from `from` to `to` of the URL.
    let written = |from: usize, to: usize| written_by(&url.written, from, to);
    let mut put = |c: char, from: Span| {
        out.text.push(c);
        out.written.extend(std::iter::repeat_n(from, c.len_utf8()));
    };
    let mut at = 0usize;
    let mut chars = url.text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '*' {
            put(c, written(i, i + c.len_utf8()));
            continue;
        }
        if chars.peek().is_some_and(|&(_, c)| c == '*') {
            chars.next();
            let (x, letter) = chars.next()?;
            let n = run_length(letter)?;
            let from = written(i, x + letter.len_utf8());
            for &r in replacements.get(at..at.checked_add(n)?)? {
                put(r, from);
            }
            at += n;
        } else {
            put(*replacements.get(at)?, written(i, i + 1));
            at += 1;
        }
    }
    Some(out)
}

/// Base64url without padding (padding tolerated); `None` on any other
/// character.
pub(super) fn base64url(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in text.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6 | u32::from(v)) & 0xff_ffff;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

/// The destination in the JSON of a Mandrill click's `p`: its `p` is a
/// string of JSON whose `url` is the destination. serde_json reads both
/// (one pass each, nesting bounded by its recursion limit).
pub(super) fn mandrill_url(payload: &[u8]) -> Option<String> {
    let outer: serde_json::Value = serde_json::from_slice(payload).ok()?;
    let inner: serde_json::Value = serde_json::from_str(outer.get("p")?.as_str()?).ok()?;
    inner.get("url")?.as_str().map(str::to_string)
}
