//! Finding the URLs in a line of text: an e-mail body, a ticket, a proxy
//! log, a threat report.
//!
//! A URL in prose has no delimiters of its own, so where it starts and ends
//! is a convention, the one mail clients and linkifiers (GitHub's autolinks,
//! the `linkify` crate) follow:
//!
//! - it starts at a scheme followed by `//` (or `\\`, which browsers read
//!   the same), at `http:`-like schemes with one slash or none
//!   (`http:/evil.example`, which browsers still open), at `javascript:`,
//!   `vbscript:` and `data:`, at a name starting `www.` (read as if
//!   `http://` stood before it, where a word starts or after GFM's
//!   delimiters `*`, `_`, `~`), or at a scheme-relative `//` (which a page
//!   resolves against its own scheme: `redirect to //evil.example/x`, read
//!   as if `http:` stood before it) where a word starts and a dotted host with a top-level
//!   domain (or an IPv4 address) follows, so `a//b`, a `// comment` and
//!   `//console.log(x)` are none;
//! - in a proxy log, a tunnel `CONNECT host:port` (squid writes no scheme
//!   for one) is the URL `host:port`, read as if `http://` stood before
//!   it, as a name is;
//! - it runs to the next white space (or a no-break or ideographic space),
//!   `<`, `>`, `"`, `` ` ``, a typographic quote, or a closing bracket
//!   that closes nothing inside it (`(see https://example.com/a_(b))` keeps
//!   `a_(b)` and drops the last `)`);
//! - a URL that starts a field of a delimited export (right after a `,`,
//!   `;` or `|`: `2026-01-01,https://evil.example/a,b,200`) ends at the
//!   next one, which is the field's end; elsewhere the same byte is the
//!   URL's (`see https://example.com/a,b`), and a quoted field
//!   (`"https://example.com/a,b"`) ends at its quote;
//! - its trailing `.`, `,`, `:`, `;`, `!`, `?`, `'`, `*`, `_` and `~` (and
//!   full-width forms, `。`, `…`) are the sentence's or the markdown
//!   emphasis's (`_https://evil.example/x_`, `~~https://evil.example~~`),
//!   not the URL's, as GFM's autolink extension reads them; so is an HTML
//!   entity it ends with (`&amp;`).
//! - in a JSON line (or a JSON member's value, `"url":"...`), it is the
//!   string's text: `https:\/\/a.example\/x` is read as
//!   `https://a.example/x`, and `\"` or `\n` ends it (see `json.rs`).
//!
//! URLs written defanged (see [`crate::defang`]) are found too: a scheme
//! followed by a bracketed separator (`http[:]//`, `hxxps[://]`), and a
//! name with a bracketed dot (`evil[.]example`, `evil [.] example`, read
//! as if `http://` stood before it). The spellings are [`crate::defang`]'s:
//! this module asks its `refang` what a bracket stands for.
//!
//! Everything between the ends is kept: raw controls, invalid UTF-8, a
//! backslash in the authority. Those are what a suspicious URL is made of,
//! and what the analysis must see. That is why this is not the `linkify`
//! crate: it reads `&str` only, and it validates the host, so it cuts
//! `http://evil.example\@good.example/` at the backslash and finds no URL
//! at all in `http://127.1/`, `http://%65vil.example/` or
//! `https://a_b.example/`. A name without a scheme is only found after
//! `www.`, `//` or `CONNECT `, or with a bracketed dot: `file.txt` is no
//! link.
//!
//! One pass, linear in the line's length; any bytes are accepted.
//!
//! ```
//! use urlscope_core::find::urls;
//! let line = b"Click (https://paypa1.com/signin). Or see <www.example.com/a>, evil[.]example.";
//! let found: Vec<&[u8]> = urls(line).map(|u| &line[u.span.range()]).collect();
//! assert_eq!(found, [&b"https://paypa1.com/signin"[..], b"www.example.com/a", b"evil[.]example"]);
//! ```

use crate::defang::refang;
use crate::split::Span;

mod json;
use crate::warnings::Warning;
use std::borrow::Cow;

/// What stands before a URL found without a scheme when it is analysed:
/// what a mail client's linkifier and a browser's address bar make of
/// `www.example.com`.
pub const IMPLIED_SCHEME: &str = "http://";

/// What stands before a scheme-relative URL (`//evil.example/x`) when it
/// is analysed: the scheme a page served over HTTP resolves it with.
pub const IMPLIED_SCHEME_NAME: &str = "http:";

/// A URL found in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct FoundUrl {
    /// Its bytes in the line, as written (defanged spellings included).
    pub span: Span,
    /// Whether it was written without a scheme (`www.example.com`,
    /// `evil[.]example`, `CONNECT evil.example:443`, `//evil.example/`),
    /// and is read with [`FoundUrl::implied`] before it.
    pub implied_scheme: bool,
    /// What it is read with before it: [`IMPLIED_SCHEME`], or
    /// [`IMPLIED_SCHEME_NAME`] for a scheme-relative URL; empty with a
    /// scheme.
    implied: &'static str,
    /// How many times over it is JSON string text with escapes in it
    /// (`https:\/\/a.example\/`, once; twice in a string of JSON held in
    /// a string, as a container's log wraps an app's JSON), read with
    /// them undone as often; 0 when it is not.
    json_depth: u8,
}

impl FoundUrl {
    /// What the URL is read with before it: [`IMPLIED_SCHEME`] for a name
    /// written without a scheme, [`IMPLIED_SCHEME_NAME`] for a
    /// scheme-relative URL, nothing for a URL with its scheme.
    pub fn implied(&self) -> &'static str {
        self.implied
    }

    /// The URL to analyse: its text in `line`, after [`FoundUrl::implied`]
    /// when it was written without a scheme, with the escapes of a JSON
    /// string undone when it was written in one (see the module docs).
    ///
    /// ```
    /// use urlscope_core::find::urls;
    /// let line = b"see www.example.com";
    /// let found = urls(line).next().unwrap();
    /// assert_eq!(&*found.url(line), b"http://www.example.com");
    /// ```
    pub fn url<'a>(&self, line: &'a [u8]) -> Cow<'a, [u8]> {
        let text = line.get(self.span.range()).unwrap_or_default();
        let text = match self.json_depth {
            0 => Cow::Borrowed(text),
            depth => Cow::Owned(json::unescaped_times(text, depth)),
        };
        if self.implied_scheme {
            let mut url = Vec::with_capacity(self.implied.len() + text.len());
            url.extend_from_slice(self.implied.as_bytes());
            url.extend_from_slice(&text);
            Cow::Owned(url)
        } else {
            text
        }
    }

    /// `span`, a span of [`FoundUrl::url`], as a span of the URL as
    /// written in `line` (of `line[self.span]`): without the implied
    /// scheme, which no written byte stands for (a span inside it becomes
    /// empty, at 0), and over a JSON escape's bytes where it covers the
    /// character the escape stands for.
    pub fn as_written(&self, line: &[u8], span: Span) -> Span {
        let shift = match self.implied_scheme {
            true => self.implied.len(),
            false => 0,
        };
        let (start, end) = (
            span.start.saturating_sub(shift),
            span.end.saturating_sub(shift),
        );
        if self.json_depth == 0 {
            return Span::new(start, end);
        }
        let written = line.get(self.span.range()).unwrap_or_default();
        let (start, end) = json::written_span(written, self.json_depth, start, end);
        Span::new(start, end)
    }

    /// `warnings` of [`FoundUrl::url`], their spans made spans of the URL
    /// as written in `line` (see [`FoundUrl::as_written`]).
    pub fn warnings_as_written(&self, line: &[u8], warnings: &mut [Warning]) {
        if !self.implied_scheme && self.json_depth == 0 {
            return;
        }
        for w in warnings {
            w.span = self.as_written(line, w.span);
            for s in &mut w.spans {
                *s = self.as_written(line, *s);
            }
        }
    }
}

/// The URLs in `line`, in order (see the module docs).
pub fn urls(line: &[u8]) -> Urls<'_> {
    Urls {
        line,
        done: 0,
        json: json::is_json_line(line),
    }
}

/// The iterator of [`urls`].
#[derive(Debug, Clone)]
pub struct Urls<'a> {
    line: &'a [u8],
    /// Where the last URL ended: nothing before it is looked at again.
    done: usize,
    /// Whether the line is JSON, whose strings' escapes a URL's text
    /// undoes.
    json: bool,
}

impl Iterator for Urls<'_> {
    type Item = FoundUrl;

    fn next(&mut self) -> Option<FoundUrl> {
        let line = self.line;
        let mut at = self.done;
        while let Some(t) = next_trigger(line, at) {
            at = t + 1;
            let start = match line.get(t) {
                Some(b':') => scheme_start(line, self.done, t)
                    .filter(|&s| separator_follows(line, s, t))
                    .map(|s| (s, ""))
                    .or_else(|| tunnel_start(line, self.done, t).map(|s| (s, IMPLIED_SCHEME))),
                Some(b'/') => scheme_relative_at(line, t).then_some((t, IMPLIED_SCHEME_NAME)),
                Some(b'.') => www_start(line, self.done, t).map(|s| (s, IMPLIED_SCHEME)),
                Some(b'[' | b'(' | b'{') => defanged_separator_at(line, t)
                    .then(|| scheme_start(line, self.done, t))
                    .flatten()
                    .map(|s| (s, ""))
                    .or_else(|| {
                        defanged_name_start(line, self.done, t).map(|s| (s, IMPLIED_SCHEME))
                    }),
                _ => None,
            };
            let Some((start, implied)) = start else {
                continue;
            };
            let implied_scheme = !implied.is_empty();
            // Where the authority (or the name) begins: a defanged dot
            // with spaces around it is read only up to the path.
            let authority = if implied_scheme { start } else { t };
            let field = start
                .checked_sub(1)
                .and_then(|p| line.get(p))
                .copied()
                .filter(|b| FIELD_SEPARATORS.contains(b));
            let mut end = trim_end(line, start, extent(line, start, authority, field));
            let json = json::in_json_string(line, self.json, start);
            if json {
                end = trim_end(line, start, json::cut(line, start, end));
            }
            self.done = end.max(t + 1);
            // A scheme with nothing after it (`see http://.`) is no URL.
            let rest = line.get(t + 1..end).unwrap_or_default();
            if rest
                .iter()
                .any(|&b| b.is_ascii_alphanumeric() || b >= 0x80 || b == b'%')
            {
                let escaped = line
                    .get(start..end)
                    .is_some_and(|t| memchr::memchr(b'\\', t).is_some());
                let json_depth = match json && escaped {
                    true => json::depth(line, start),
                    false => 0,
                };
                return Some(FoundUrl {
                    span: Span::new(start, end),
                    implied_scheme,
                    implied,
                    json_depth,
                });
            }
            at = self.done;
        }
        self.done = line.len();
        None
    }
}

/// The bytes that may announce a URL: a scheme's `:` (or a tunnel's
/// port's), the `.` of `www.`, a bracket of a defanged spelling, the
/// first `/` of a scheme-relative `//`.
const TRIGGERS: [bool; 256] = byte_set(b":.[({/");

#[allow(clippy::indexing_slicing)]
const fn byte_set(bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut k = 0;
    while k < bytes.len() {
        table[bytes[k] as usize] = true;
        k += 1;
    }
    table
}

fn next_trigger(line: &[u8], from: usize) -> Option<usize> {
    line.get(from..)?
        .iter()
        .position(|&b| TRIGGERS.get(usize::from(b)).copied().unwrap_or(false))
        .map(|p| from + p)
}

/// The field separators of delimited exports (CSV, semicolon- and
/// pipe-separated): a URL that starts right after one ends at the next
/// one (see the module docs).
const FIELD_SEPARATORS: [u8; 3] = [b',', b';', b'|'];

/// The longest scheme this finder looks back for.
const MAX_SCHEME: usize = 32;

/// The scheme that ends at `colon` (RFC 3986 §3.1 without `.`, so that
/// `e.g.https://` starts at `https`), not before `floor`: its start.
fn scheme_start(line: &[u8], floor: usize, colon: usize) -> Option<usize> {
    let is_scheme_byte = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-');
    let before = line.get(floor..colon)?;
    let run = before
        .iter()
        .rev()
        .take(MAX_SCHEME + 1)
        .take_while(|b| is_scheme_byte(b))
        .count();
    if run > MAX_SCHEME {
        return None;
    }
    let run_start = colon - run;
    // A scheme starts with a letter: `2http:` is `http:`.
    let skip = line
        .get(run_start..colon)?
        .iter()
        .take_while(|b| !b.is_ascii_alphabetic())
        .count();
    let start = run_start + skip;
    // One letter is a drive (`C:\Users`), not a scheme.
    (colon - start >= 2).then_some(start)
}

/// Schemes browsers open with one slash or none after the colon
/// (`http:evil.example`), and their defanged spellings.
const SPECIAL: [&[u8]; 10] = [
    b"http", b"https", b"ws", b"wss", b"ftp", b"hxxp", b"hxxps", b"hxxxps", b"fxp", b"fxps",
];

/// Schemes whose URLs have no `//` and still run code or carry a page.
const OPAQUE: [&[u8]; 3] = [b"javascript", b"vbscript", b"data"];

/// Whether what follows the scheme `line[start..colon]` and its colon
/// makes a URL.
fn separator_follows(line: &[u8], start: usize, colon: usize) -> bool {
    let scheme = line.get(start..colon).unwrap_or_default();
    let after = line.get(colon + 1..).unwrap_or_default();
    let slash = |b: Option<&u8>| matches!(b, Some(b'/' | b'\\'));
    if slash(after.first()) && slash(after.get(1)) {
        return true;
    }
    let one_of = |names: &[&[u8]]| names.iter().any(|n| n.eq_ignore_ascii_case(scheme));
    let continues = after.first().is_some_and(|&b| !ends_url(after, 0, b));
    continues && (one_of(&SPECIAL) || one_of(&OPAQUE))
}

/// Whether a bracketed spelling of `://` starts at `i` (`[:]//`,
/// `[://]`).
fn defanged_separator_at(line: &[u8], i: usize) -> bool {
    if line.get(i + 1) != Some(&b':') {
        return false;
    }
    let window = line.get(i..line.len().min(i + 8)).unwrap_or_default();
    let r = refang(window);
    r.changes.first().is_some_and(|c| c.span.start == 0) && r.url.starts_with(b"://")
}

/// The length of the bracketed dot (`[.]`, `(dot)`, with any spaces
/// after it) that starts at `i`.
fn defanged_dot_at(line: &[u8], i: usize) -> Option<usize> {
    if !matches!(line.get(i + 1), Some(b'.' | b'd' | b'D')) {
        return None;
    }
    // The longest spelling is 5 bytes; the spaces after it are the
    // disguise's too.
    let spaces = line
        .get(i + 5..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&b| b == b' ')
        .count();
    let window = line.get(i..line.len().min(i + 5 + spaces))?;
    let r = refang(window);
    let change = r.changes.first()?;
    (change.span.start == 0 && change.to == ".").then_some(change.span.end)
}

/// A byte of a host name as written in text: ASCII letters and digits,
/// `-`, `_`, and any non-ASCII byte (an internationalized name).
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_') || b >= 0x80
}

/// The start of a name written with a defanged dot at `i`
/// (`evil[.]example`, `evil [.] example`), not before `floor`.
fn defanged_name_start(line: &[u8], floor: usize, i: usize) -> Option<usize> {
    let len = defanged_dot_at(line, i)?;
    let after = *line.get(i + len)?;
    if !(after.is_ascii_alphanumeric() || after >= 0x80) {
        return None;
    }
    let before = line.get(floor..i)?;
    let spaces = before.iter().rev().take_while(|&&b| b == b' ').count();
    let name = before
        .get(..before.len() - spaces)?
        .iter()
        .rev()
        .take_while(|&&b| is_name_byte(b) || b == b'.')
        .count();
    let mut start = i - spaces - name;
    // A name starts with a letter, a digit or a non-ASCII byte.
    while line
        .get(start)
        .is_some_and(|&b| matches!(b, b'-' | b'_' | b'.'))
    {
        start += 1;
    }
    (start < i - spaces).then_some(start)
}

/// The start of `www.` whose dot is at `dot`, when it begins a name.
fn www_start(line: &[u8], floor: usize, dot: usize) -> Option<usize> {
    let start = dot.checked_sub(3).filter(|&s| s >= floor)?;
    let www = line.get(start..dot)?;
    let follows = line
        .get(dot + 1)
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80);
    // GFM's rule: `www.` starts a link after white space or a delimiter,
    // emphasis `_` included (`_www.example.com_`).
    let starts_word = start
        .checked_sub(1)
        .and_then(|p| line.get(p))
        .is_none_or(|&b| b == b'_' || !is_name_byte(b) && b != b'.');
    (www.eq_ignore_ascii_case(b"www") && follows && starts_word).then_some(start)
}

/// Whether a scheme-relative URL (`//evil.example/x`, which a page
/// resolves against its own scheme) starts at `i`: `//` where a word
/// starts (after white space, an opening bracket or quote, a field
/// separator or emphasis), then a dotted host name whose last label is a
/// top-level domain (or an IPv4 address), then its end, a port, `/`, `?`
/// or `#`. So `a//b`, `http:///x`, a `// comment`, `//TODO` and
/// `//console.log(x)` are none.
fn scheme_relative_at(line: &[u8], i: usize) -> bool {
    if line.get(i + 1) != Some(&b'/') {
        return false;
    }
    let starts_word = match i.checked_sub(1).and_then(|p| line.get(p)) {
        None => true,
        Some(&b) => {
            matches!(
                b,
                b' ' | b'\t' | b'(' | b'[' | b'{' | b'<' | b'"' | b'\'' | b'*' | b'_' | b'~'
            ) || FIELD_SEPARATORS.contains(&b)
                // A Unicode space or opening quote of `ends_url`.
                || [(2, 0xC2), (3, 0xE2), (3, 0xE3)].iter().any(|&(n, lead)| {
                    i.checked_sub(n)
                        .is_some_and(|p| line.get(p) == Some(&lead) && ends_url(line, p, lead))
                })
        }
    };
    if !starts_word {
        return false;
    }
    let host_from = i + 2;
    let rest = line.get(host_from..).unwrap_or_default();
    let host_len = rest
        .iter()
        .take_while(|&&b| is_name_byte(b) || b == b'.')
        .count();
    let host = rest.get(..host_len).unwrap_or_default();
    if !reads_as_domain(host) {
        return false;
    }
    let mut after = host_len;
    if rest.get(after) == Some(&b':') {
        let port = rest
            .get(after + 1..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if !(1..=5).contains(&port) {
            return false;
        }
        after += 1 + port;
    }
    match rest.get(after) {
        None => true,
        Some(&b) => {
            matches!(b, b'/' | b'?' | b'#' | b')' | b']' | b'}' | b'_' | b'~')
                || TRAILING.contains(&b)
                || ends_url(rest, after, b)
        }
    }
}

/// Special-use top-level names (RFC 2606, RFC 6761, ICANN's `.internal`)
/// that the Public Suffix List leaves out and reports write.
const SPECIAL_USE: [&[u8]; 7] = [
    b"example",
    b"test",
    b"invalid",
    b"localhost",
    b"local",
    b"onion",
    b"internal",
];

/// Whether `host` (name bytes and dots) is a dotted domain name whose
/// last label is a top-level domain (the Public Suffix List's, a
/// special-use one, an internationalized one), or an IPv4 address.
fn reads_as_domain(host: &[u8]) -> bool {
    let labels: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if labels.len() < 2 || labels.iter().any(|l| l.is_empty()) {
        return false;
    }
    let is_octet = |l: &&[u8]| l.len() <= 3 && l.iter().all(u8::is_ascii_digit);
    if labels.len() == 4 && labels.iter().all(is_octet) {
        return true;
    }
    let Some(last) = labels.last() else {
        return false;
    };
    if last.len() < 2 || !last.iter().all(|&b| b.is_ascii_alphabetic() || b >= 0x80) {
        return last.len() > 4
            && last
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"));
    }
    last.iter().any(|&b| b >= 0x80)
        || SPECIAL_USE.iter().any(|n| n.eq_ignore_ascii_case(last))
        || psl::suffix(&last.to_ascii_lowercase()).is_some_and(|s| s.is_known())
}

/// The start of the tunnel's host when the `:` at `colon` is the port's
/// of a proxy log's `CONNECT host:port` (squid's access log, which writes
/// no scheme for a tunnel): the host name, IPv4 or bracketed IPv6
/// address before it, after `CONNECT `. It is read as
/// [`IMPLIED_SCHEME`]`host:port`, as a name without a scheme is.
fn tunnel_start(line: &[u8], floor: usize, colon: usize) -> Option<usize> {
    let after = line.get(colon + 1..).unwrap_or_default();
    let port = after.iter().take_while(|b| b.is_ascii_digit()).count();
    let port_ends = after
        .get(port)
        .is_none_or(|&b| b.is_ascii_whitespace() || ends_url(after, port, b));
    if !(1..=5).contains(&port) || !port_ends {
        return None;
    }
    let before = line.get(floor..colon)?;
    let host = if before.last() == Some(&b']') {
        let open = before.iter().rev().take(48).position(|&b| b == b'[')?;
        let inside = before.get(before.len() - open..before.len() - 1)?;
        if inside.is_empty()
            || !inside
                .iter()
                .all(|b| b.is_ascii_hexdigit() || b":.".contains(b))
        {
            return None;
        }
        open + 1
    } else {
        before
            .iter()
            .rev()
            .take_while(|&&b| is_name_byte(b) || b == b'.')
            .count()
    };
    let start = colon - host;
    let method = b"CONNECT ";
    let word_starts = start
        .checked_sub(method.len() + 1)
        .and_then(|p| line.get(p))
        .is_none_or(|&b| !is_name_byte(b));
    let ok = host > 0
        && start >= floor + method.len()
        && line.get(start - method.len()..start) == Some(&method[..])
        && word_starts;
    ok.then_some(start)
}

/// Whether the byte `b` at `i` of `text` ends a URL: white space, a
/// control that ends lines, `<`, `>`, `"`, `` ` ``, and the Unicode spaces
/// and quotation marks prose puts around links.
fn ends_url(text: &[u8], i: usize, b: u8) -> bool {
    match b {
        b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | b'<' | b'>' | b'"' | b'`' => true,
        // U+00A0 no-break space, U+00AB «, U+00BB ».
        0xC2 => matches!(text.get(i + 1), Some(0xA0 | 0xAB | 0xBB)),
        0xE2 => matches!(
            (text.get(i + 1), text.get(i + 2)),
            // U+2018, U+2019, U+201C, U+201D quotes; U+2028, U+2029 line
            // and paragraph separators; U+2039, U+203A ‹ ›.
            (
                Some(0x80),
                Some(0x98 | 0x99 | 0x9C | 0x9D | 0xA8 | 0xA9 | 0xB9 | 0xBA)
            )
        ),
        // U+3000 ideographic space, U+300C..U+300F 「」『』.
        0xE3 => matches!(
            (text.get(i + 1), text.get(i + 2)),
            (Some(0x80), Some(0x80 | 0x8C..=0x8F))
        ),
        _ => false,
    }
}

/// The bytes [`extent`] passes over without a second look: all but white
/// space, the delimiters of [`ends_url`], brackets, and the lead bytes of
/// the Unicode spaces and quotes [`ends_url`] knows.
const PASSED: [bool; 256] = passed_bytes();

#[allow(clippy::indexing_slicing)]
const fn passed_bytes() -> [bool; 256] {
    let mut table = [true; 256];
    let looked_at = b" \t\n\r\x0B\x0C<>\"`()[]{}\xC2\xE2\xE3";
    let mut k = 0;
    while k < looked_at.len() {
        table[looked_at[k] as usize] = false;
        k += 1;
    }
    table
}

fn passed(b: u8) -> bool {
    PASSED.get(usize::from(b)).copied().unwrap_or(false)
}

/// Where the URL starting at `start` ends, before any trimming; its
/// authority (or name) begins at `authority`. When it starts right after
/// the field separator `field` (a delimited export's), the next one ends
/// it too.
fn extent(line: &[u8], start: usize, authority: usize, field: Option<u8>) -> usize {
    // Brackets opened and not yet closed: (), [], {}.
    let mut open = [0usize; 3];
    // Whether the URL is still in its authority (or name), where a
    // defanged dot may have spaces around it; looked for up to
    // `name_checked` (after the scheme's `//`).
    let mut in_name = true;
    let mut name_checked = authority + 3;
    let mut i = start;
    loop {
        let rest = line.get(i..).unwrap_or_default().iter();
        i += match field {
            None => rest.take_while(|&&b| passed(b)).count(),
            Some(sep) => rest.take_while(|&&b| passed(b) && b != sep).count(),
        };
        let Some(&b) = line.get(i) else { break };
        if Some(b) == field {
            break;
        }
        if b == b' ' {
            if in_name {
                let seen = line.get(name_checked.min(i)..i).unwrap_or_default();
                in_name = !seen.iter().any(|b| matches!(b, b'/' | b'?' | b'#' | b'\\'));
                name_checked = name_checked.max(i);
            }
            if in_name {
                // `evil [.] example`: the spaces are part of the disguise.
                let spaces = line
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|&&b| b == b' ')
                    .count();
                let name_before = i > start && line.get(i - 1).is_some_and(|&b| is_name_byte(b));
                if let Some(len) = defanged_dot_at(line, i + spaces).filter(|_| name_before) {
                    let next = i + spaces + len;
                    if line
                        .get(next)
                        .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
                    {
                        i = next;
                        continue;
                    }
                }
            }
            break;
        }
        if ends_url(line, i, b) {
            break;
        }
        // After ESC a bracket introduces a terminal control sequence
        // (`ESC [`, `ESC ]`), and brackets nothing.
        let escaped = i > 0 && line.get(i - 1) == Some(&0x1B);
        let kind = match b {
            _ if escaped => None,
            b'(' | b')' => Some(0),
            b'[' | b']' => Some(1),
            b'{' | b'}' => Some(2),
            _ => None,
        };
        if let Some(k) = kind {
            let Some(depth) = open.get_mut(k) else { break };
            if matches!(b, b'(' | b'[' | b'{') {
                *depth += 1;
            } else if *depth == 0 {
                // A bracket closed that was opened before the URL.
                break;
            } else {
                *depth -= 1;
            }
        }
        i += 1;
    }
    i
}

/// Punctuation that ends a sentence or a clause, not a URL, when it is
/// last: ASCII (GFM's autolink list, `*`, `_` and `~` closing markdown
/// emphasis and strike-through, and `;` and `'`), then the full-width and
/// CJK forms (UTF-8).
const TRAILING: &[u8] = b".,:;!?'*_~";
const TRAILING_WIDE: [&[u8]; 6] = [
    "。".as_bytes(),
    "、".as_bytes(),
    "，".as_bytes(),
    "！".as_bytes(),
    "？".as_bytes(),
    "…".as_bytes(),
];

/// `end` with the trailing punctuation of `line[start..end]` dropped, and
/// with GFM's entity rule: a `;` that ends what reads as an HTML entity
/// (`&amp;`) ends the text the link was written in, entity and all.
fn trim_end(line: &[u8], start: usize, mut end: usize) -> usize {
    loop {
        let text = line.get(start..end).unwrap_or_default();
        if text.last() == Some(&b';') {
            let name = text
                .iter()
                .rev()
                .skip(1)
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
            let amp = text.len().checked_sub(name + 2);
            end -= 1;
            if name > 0 && amp.is_some_and(|a| text.get(a) == Some(&b'&')) {
                end -= name + 1;
            }
        } else if text.last().is_some_and(|b| TRAILING.contains(b)) {
            end -= 1;
        } else if let Some(wide) = TRAILING_WIDE.iter().find(|w| text.ends_with(w)) {
            end -= wide.len();
        } else {
            return end;
        }
    }
}

#[cfg(test)]
mod tests;
