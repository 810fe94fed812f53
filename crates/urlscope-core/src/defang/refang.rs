//! Reading defanged input: the spellings [`refang`] undoes, whether an
//! input [reads defanged](reads_defanged), and where each change landed
//! in the refanged URL ([`Defanged`], [`PastedMap`]), so that a report
//! points into the text the user pasted.

use super::{after_escape, separator, starts_with_ignore_case};
use crate::split::Span;

/// One spelling [`refang`] undid: the bytes it covered in its input and
/// what they stand for.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Refang {
    /// The defanged bytes, in the input.
    pub span: Span,
    /// What they were read as (`.`, `http`, `://`...).
    pub to: &'static str,
}

/// A URL with its defanged spellings undone.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Refanged {
    /// The URL as it was before it was defanged.
    pub url: Vec<u8>,
    /// Each spelling undone, in input order.
    pub changes: Vec<Refang>,
}

/// Spellings of a scheme, matched without regard to case at the start of
/// the input (after any leading spaces), each with what it stands for.
pub(super) const SCHEMES: [(&[u8], &str); 5] = [
    (b"hxxps", "https"),
    (b"hxxp", "http"),
    (b"hxxxps", "https"),
    (b"fxps", "ftps"),
    (b"fxp", "ftp"),
];

/// Bracketed spellings, matched without regard to case anywhere, each with
/// what it stands for. The longest first where one begins another.
pub(super) const BRACKETED: [(&[u8], &str); 18] = [
    (b"[://]", "://"),
    (b"[:]//", "://"),
    (b"[:]", ":"),
    (b"[.]", "."),
    (b"(.)", "."),
    (b"{.}", "."),
    (b"[dot]", "."),
    (b"(dot)", "."),
    (b"{dot}", "."),
    (b"[at]", "@"),
    (b"(at)", "@"),
    (b"{at}", "@"),
    (b"[@]", "@"),
    (b"[/]", "/"),
    (b"[//]", "//"),
    // The full stops a browser reads as dots in a host, bracketed by
    // `defang` as they are written.
    ("[\u{3002}]".as_bytes(), "\u{3002}"),
    ("[\u{FF0E}]".as_bytes(), "\u{FF0E}"),
    ("[\u{FF61}]".as_bytes(), "\u{FF61}"),
];

/// A URL that was pasted defanged and analysed as the URL it stands for
/// ([`crate::analysis::Analysis::defanged`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Defanged {
    /// The text as pasted: the spans of [`Defanged::changes`] point into it.
    pub pasted: Vec<u8>,
    /// Each spelling undone, in order.
    pub changes: Vec<Refang>,
}

impl Defanged {
    /// The text `pasted` and the spellings [`refang`] undid in it.
    pub fn new(pasted: Vec<u8>, changes: Vec<Refang>) -> Defanged {
        Defanged { pasted, changes }
    }

    /// Where each change landed in the refanged URL (the analysed input):
    /// the span of what it was read as.
    pub fn refanged_spans(&self) -> Vec<Span> {
        let mut shift: isize = 0;
        self.changes
            .iter()
            .map(|c| {
                let start = c.span.start.saturating_add_signed(shift);
                shift += c.to.len() as isize - c.span.len() as isize;
                Span::new(start, start + c.to.len())
            })
            .collect()
    }
}

impl Defanged {
    /// `span`, a span of the refanged URL, as a span of the pasted text:
    /// an end inside what a spelling became covers the whole spelling.
    ///
    /// This builds the table of [`Defanged::pasted_map`] for one span, in
    /// time linear in the changes; to map many spans, build the table
    /// once.
    pub fn to_pasted(&self, span: Span) -> Span {
        self.pasted_map().to_pasted(span)
    }

    /// The changes as a table that maps spans of the refanged URL back to
    /// the pasted text ([`PastedMap::to_pasted`]), each span in time
    /// logarithmic in the changes: mapping every span of a warning that
    /// has one per change is then linear overall, where a walk over the
    /// changes per span was quadratic (a line of 200,000 `[.]` took
    /// minutes).
    pub fn pasted_map(&self) -> PastedMap {
        let mut rows = Vec::with_capacity(self.changes.len());
        // How far the pasted text runs ahead of the refanged URL so far.
        let mut ahead: usize = 0;
        let mut sorted = true;
        for c in &self.changes {
            let at = c.span.start - ahead.min(c.span.start);
            let became = Span::new(at, at + c.to.len());
            if rows.last().is_some_and(|r: &Row| r.became.end > became.end) {
                sorted = false;
            }
            rows.push(Row {
                became,
                pasted: c.span,
                ahead,
            });
            ahead = (ahead + c.span.len()).saturating_sub(c.to.len());
        }
        PastedMap {
            rows,
            ahead,
            sorted,
        }
    }
}

/// One change of a [`PastedMap`]: what it became in the refanged URL,
/// the bytes it covered as pasted, and how far the pasted text ran ahead
/// of the refanged URL before it.
#[derive(Debug, Clone, Copy)]
struct Row {
    became: Span,
    pasted: Span,
    ahead: usize,
}

/// The changes of a [`Defanged`] as a table sorted by where each landed
/// in the refanged URL ([`Defanged::pasted_map`]).
#[derive(Debug, Clone)]
pub struct PastedMap {
    rows: Vec<Row>,
    /// How far the pasted text runs ahead of the refanged URL after the
    /// last change.
    ahead: usize,
    /// Whether the rows are in order of where they landed, as [`refang`]'s
    /// changes always are; a hand-made list out of order is walked.
    sorted: bool,
}

impl PastedMap {
    /// The first row whose landing ends after `at` (`strict`) or at or
    /// after it: the row a start (end) at `at` falls before or inside.
    fn first(&self, at: usize, strict: bool) -> Option<&Row> {
        let past = |r: &Row| {
            if strict {
                at < r.became.end
            } else {
                at <= r.became.end
            }
        };
        if self.sorted {
            self.rows.get(self.rows.partition_point(|r| !past(r)))
        } else {
            self.rows.iter().find(|r| past(r))
        }
    }

    /// `span`, a span of the refanged URL, as a span of the pasted text:
    /// an end inside what a spelling became covers the whole spelling.
    pub fn to_pasted(&self, span: Span) -> Span {
        let start = match self.first(span.start, true) {
            Some(r) if span.start <= r.became.start => span.start + r.ahead,
            Some(r) => r.pasted.start,
            None => span.start + self.ahead,
        };
        let end = match self.first(span.end, false) {
            Some(r) if span.end <= r.became.start => span.end + r.ahead,
            Some(r) => r.pasted.end,
            None => span.end + self.ahead,
        };
        Span::new(start, end.max(start))
    }
}

/// `input` without a pair of [`DELIMITERS`](crate::split::DELIMITERS)
/// around it (spaces and controls outside them trimmed, as the split
/// trims them), whatever they enclose: the analysis reads inside them
/// only before a real scheme, but a defanged one (`<hxxps[:]//...>`) is
/// no scheme until it is refanged.
fn unquoted(input: &[u8]) -> &[u8] {
    let text = crate::split::trimmed(input);
    match crate::split::delimited(text) {
        Some((inside, _)) => inside.of(text),
        None => input,
    }
}

/// Whether `input` is a URL written defanged, to be read as the URL it
/// stands for before it is analysed: a defanged scheme (`hxxps:`), or a
/// bracketed spelling in the scheme's separator or the authority
/// (`http[:]//`, `https:[//]`, `https://evil[.]example/`). A bracketed dot further on
/// (`?q=a[.]b`) is data, and a real IP literal (`http://[::1]/`) is no
/// defanged spelling. A URL between `<...>`, `"..."`, `(...)`, single
/// quotes or backticks, as mail, tickets and prose quote one, is read
/// inside them.
pub fn reads_defanged(input: &[u8]) -> bool {
    let input = unquoted(input);
    let start = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let rest = input.get(start..).unwrap_or_default();
    if defanged_scheme(rest).is_some() {
        return true;
    }
    // The scheme's name, then its separator, real or bracketed.
    let name = rest
        .iter()
        .take_while(|&&b| crate::schemes::is_scheme_byte(b))
        .count();
    if name == 0 || !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let after = rest.get(name..).unwrap_or_default();
    if bracketed_separator(after) {
        return true;
    }
    let Some(authority) = after.strip_prefix(b"://") else {
        return false;
    };
    let end = authority
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(authority.len());
    let authority = authority.get(..end).unwrap_or_default();
    // A dot or an `@` in disguise; a bracketed colon there is more likely
    // an IP literal gone wrong (`http://[:]`) than a defanged port.
    holds_bracketed(authority, |to| matches!(to, "." | "@"))
}

/// The URL `input` stands for, as the analysis reads it: refanged when
/// it [reads defanged](reads_defanged) or is a host pasted defanged with
/// no scheme (`paypa1[.]com/x`), else as it is. What `clean`,
/// `normalize` and `pretty` correct.
///
/// ```
/// use urlscope_core::defang::as_meant;
/// assert_eq!(&*as_meant(b"hxxps://paypa1[.]com/sign in"), b"https://paypa1.com/sign in");
/// assert_eq!(&*as_meant(b"https://example.com/?q=a[.]b"), b"https://example.com/?q=a[.]b");
/// assert_eq!(&*as_meant(b"paypa1[.]com/x"), b"paypa1.com/x");
/// assert_eq!(&*as_meant(b"a.txt?q=x[.]y"), b"a.txt?q=x[.]y");
/// ```
pub fn as_meant(input: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if reads_defanged(input) {
        std::borrow::Cow::Owned(refang(input).url)
    } else if let Some((refanged, ..)) = crate::analysis::defanged_host(input) {
        std::borrow::Cow::Owned(refanged.url)
    } else {
        std::borrow::Cow::Borrowed(input)
    }
}

/// Whether `input` holds any defanged spelling [`refang`] reads: a cheap
/// test to run before it.
pub fn looks_defanged(input: &[u8]) -> bool {
    let start = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let rest = input.get(start..).unwrap_or_default();
    defanged_scheme(rest).is_some() || holds_bracketed(input, |_| true)
}

/// The defanged scheme `rest` starts with, followed by what ends a
/// scheme (`:`, or a bracket that stands for it).
fn defanged_scheme(rest: &[u8]) -> Option<(&'static [u8], &'static str)> {
    SCHEMES
        .iter()
        .find(|(s, _)| {
            starts_with_ignore_case(rest, s)
                && matches!(rest.get(s.len()), Some(b':' | b'[' | b'('))
        })
        .copied()
}

/// Whether `after`, what follows a defanged scheme's name in the middle
/// of the text, is a scheme's separator: `://` or its percent-encoding,
/// a bracketed one (`[:]//`, `[://]`), or a colon before bracketed
/// slashes (`:[//]`, `:[/][/]`).
fn ends_a_scheme(after: &[u8]) -> bool {
    separator(after).is_some() || bracketed_separator(after)
}

/// Whether `after`, what follows a scheme's name, is its separator
/// written bracketed: `[:]//`, `[://]`, `[:]`, or a colon before bracketed
/// slashes (`:[//]`, `:[/][/]`).
pub(super) fn bracketed_separator(after: &[u8]) -> bool {
    bracketed_at(after, 0).is_some_and(|(_, to)| to.starts_with(':'))
        || after.first() == Some(&b':')
            && bracketed_at(after, 1).is_some_and(|(_, to)| to.starts_with('/'))
}

/// Whether `text` holds a bracketed spelling of what `stands_for`
/// accepts (`.`, `@`...); text with no opening bracket costs one memchr.
fn holds_bracketed(text: &[u8], stands_for: impl Fn(&str) -> bool) -> bool {
    memchr::memchr3(b'[', b'(', b'{', text).is_some()
        && (0..text.len()).any(|i| bracketed_at(text, i).is_some_and(|(_, to)| stands_for(to)))
}

/// The bracketed spelling that starts at `i`, with its length.
fn bracketed_at(input: &[u8], i: usize) -> Option<(usize, &'static str)> {
    let rest = input.get(i..)?;
    BRACKETED
        .iter()
        .find(|(s, _)| starts_with_ignore_case(rest, s))
        .map(|(s, to)| (s.len(), *to))
}

/// The scheme `to` that the defanged spelling `spelled` stands for onto
/// `url`, in the spelling's case, as [`crate::defang::defang`] keeps it:
/// `HXXPS` is `HTTPS`, `Hxxp` is `Http`. Analysts write the x's of a
/// lowercase scheme upper case (`hXXps`): when only they are, the `t`s are
/// lowercase too (so a scheme written `hTTp` comes back `http`). A
/// spelling of another length (`hxxxps`) is read as `to`.
fn push_scheme(url: &mut Vec<u8>, spelled: &[u8], to: &str) {
    if spelled.len() != to.len() {
        url.extend_from_slice(to.as_bytes());
        return;
    }
    let is_x = |b: &u8| b.eq_ignore_ascii_case(&b'x');
    let others_lower = spelled
        .iter()
        .filter(|b| !is_x(b))
        .all(u8::is_ascii_lowercase);
    let xs_upper = spelled
        .iter()
        .filter(|b| is_x(b))
        .all(u8::is_ascii_uppercase);
    let emphasis = others_lower && xs_upper;
    for (&b, &t) in spelled.iter().zip(to.as_bytes()) {
        let upper = b.is_ascii_uppercase() && !(emphasis && is_x(&b));
        url.push(if upper { t.to_ascii_uppercase() } else { t });
    }
}

/// Whether `input` is a URL written defanged with its host's dots
/// escaped as a pattern escapes them (`hxxps://evil\.example\.net/`,
/// `https://evil[.]example\.net/`): its authority (after the scheme and
/// what separates it, up to the first `/`, `?`, `#` or space) holds a
/// `\.`, and its scheme or separator is defanged or a defanged dot or `@`
/// comes before the authority's first backslash. A live URL's `\.` is
/// left alone: a browser ends a special URL's host at the backslash
/// (`https://evil.com\.good.com/` opens `evil.com`, and so does
/// `https://evil.com\.paypal[.]com/`, whose bracket is past the host), and
/// [`crate::defang::defang`] writes such a dot bracketed (`\[.]`), so
/// refang gives it back.
fn escapes_dots(input: &[u8]) -> bool {
    let rest = unquoted(input).trim_ascii_start();
    let name = rest
        .iter()
        .take_while(|&&b| crate::schemes::is_scheme_byte(b))
        .count();
    let after = rest.get(name..).unwrap_or_default();
    let separator = after
        .iter()
        .take_while(|b| matches!(b, b':' | b'/' | b'[' | b']'))
        .count();
    if name == 0 || separator == 0 {
        return false;
    }
    let authority = after.get(separator..).unwrap_or_default();
    let end = authority
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#') || b.is_ascii_whitespace())
        .unwrap_or(authority.len());
    let authority = authority.get(..end).unwrap_or_default();
    if memchr::memmem::find(authority, b"\\.").is_none() {
        return false;
    }
    // Before the first backslash: a defanged `@` with no real one, or a
    // defanged dot in the host (after any real `@`; one in the userinfo,
    // `https://a[.]b@evil.com\.x/`, is no host's).
    let ahead = authority
        .get(..memchr::memchr(b'\\', authority).unwrap_or(authority.len()))
        .unwrap_or_default();
    let at = memchr::memrchr(b'@', ahead);
    let host = ahead.get(at.map_or(0, |a| a + 1)..).unwrap_or_default();
    defanged_scheme(rest).is_some()
        || bracketed_separator(after)
        || holds_bracketed(host, |to| to == ".")
        || (at.is_none() && holds_bracketed(ahead, |to| to == "@"))
}

/// `input` with its defanged spellings undone (see the module docs). One
/// pass; spaces around a bracketed dot (`evil [.] example`) go with it,
/// and so does each `\.` of a defanged URL whose host was written with
/// them (`hxxps://evil\.example\.net/`).
pub fn refang(input: &[u8]) -> Refanged {
    let mut out = Refanged {
        url: Vec::with_capacity(input.len()),
        changes: Vec::new(),
    };
    let escaped_dots = escapes_dots(input);
    let lead = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let mut i = lead;
    out.url
        .extend_from_slice(input.get(..lead).unwrap_or_default());
    let rest = input.get(lead..).unwrap_or_default();
    if let Some((s, to)) = defanged_scheme(rest) {
        push_scheme(&mut out.url, rest.get(..s.len()).unwrap_or_default(), to);
        out.changes.push(Refang {
            span: Span::new(i, i + s.len()),
            to,
        });
        i += s.len();
    }
    while let Some(&b) = input.get(i) {
        // A carried URL's scheme, as defang writes it (`?u=hxxps://...`,
        // `?url=hxxps%3A%2F%2F...`): only before a whole `://` (or its
        // percent-encoding), and not inside a word.
        if matches!(b | 32, b'h' | b'f')
            && (!i
                .checked_sub(1)
                .and_then(|p| input.get(p))
                .is_some_and(u8::is_ascii_alphanumeric)
                || after_escape(input, i))
        {
            let rest = input.get(i..).unwrap_or_default();
            if let Some(&(s, to)) = SCHEMES.iter().find(|(s, _)| {
                let after = rest.get(s.len()..).unwrap_or_default();
                starts_with_ignore_case(rest, s) && ends_a_scheme(after)
            }) {
                push_scheme(&mut out.url, rest.get(..s.len()).unwrap_or_default(), to);
                out.changes.push(Refang {
                    span: Span::new(i, i + s.len()),
                    to,
                });
                i += s.len();
                continue;
            }
        }
        if b == b'\\' && escaped_dots && input.get(i + 1) == Some(&b'.') {
            out.url.push(b'.');
            out.changes.push(Refang {
                span: Span::new(i, i + 2),
                to: ".",
            });
            i += 2;
            continue;
        }
        if matches!(b, b'[' | b'(' | b'{') {
            if let Some((len, to)) = bracketed_at(input, i) {
                let mut start = i;
                let mut end = i + len;
                // `evil [.] example`: the spaces were part of the disguise;
                // not beside `\[.]`, how defang writes a URL's own `\.`.
                if to == "." && start.checked_sub(1).and_then(|p| input.get(p)) != Some(&b'\\') {
                    while out.url.last() == Some(&b' ') {
                        out.url.pop();
                        start -= 1;
                    }
                    while input.get(end) == Some(&b' ') {
                        end += 1;
                    }
                }
                out.url.extend_from_slice(to.as_bytes());
                out.changes.push(Refang {
                    span: Span::new(start, end),
                    to,
                });
                i = end;
                continue;
            }
        }
        out.url.push(b);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_spelling_is_refanged() {
        for (defanged, url) in [
            ("hxxp://evil[.]example/x", "http://evil.example/x"),
            ("hXXps://evil[.]example", "https://evil.example"),
            ("fxp://files(.)example", "ftp://files.example"),
            ("https[:]//evil{.}example", "https://evil.example"),
            ("hxxps[://]evil[dot]example", "https://evil.example"),
            ("http://user[at]evil[.]example", "http://user@evil.example"),
            ("http://user[@]evil(dot)example", "http://user@evil.example"),
            ("evil [.] example [.] com/login", "evil.example.com/login"),
            ("  hxxp://a[.]b", "  http://a.b"),
            ("<hxxps[:]//a[.]b/>", "<https://a.b/>"),
            ("<hxxps:[//]a[.]b/>", "<https://a.b/>"),
            ("\"hxxp:[/][/]a[.]b\"", "\"http://a.b\""),
            (
                "https://r.example/?u=hxxps[://]a[.]b",
                "https://r.example/?u=https://a.b",
            ),
            // Dots escaped as a pattern escapes them, throughout the URL.
            (
                "hxxps://evil\\.example\\.net/login\\.php",
                "https://evil.example.net/login.php",
            ),
            ("https://evil[.]example\\.net/", "https://evil.example.net/"),
        ] {
            let r = refang(defanged.as_bytes());
            assert_eq!(String::from_utf8_lossy(&r.url), url, "{defanged}");
            assert!(!r.changes.is_empty());
            assert!(looks_defanged(defanged.as_bytes()), "{defanged}");
        }
    }

    #[test]
    fn what_is_read_as_defanged_before_analysis() {
        for defanged in [
            "hxxps://evil.example/",
            "https[:]//evil.example/",
            "hxxps[://]evil[.]example",
            "http://evil[.]example/login",
            "http://user[at]evil.example/",
            "  http://evil(.)example",
            // Quoted as mail and tickets quote a URL.
            "<hxxps://paypa1[.]com/signin>",
            "\"https://evil[.]example/login\"",
            "<hxxps[:]//paypa1[.]com/signin>",
            " \"hxxps[://]evil[.]example\" ",
            "https:[//]evil.example/",
            "<http:[/][/]evil.example/>",
        ] {
            assert!(reads_defanged(defanged.as_bytes()), "{defanged}");
        }
        for plain in [
            "http://[::1]/",
            "http://[:]",
            "http://[2001:db8::7]/c=GB?objectClass?one",
            "https://example.com/?q=a[.]b&ids[]=1",
            "https://example.com/a(.)b",
            "evil[.]example/login",
            "[.]",
            "",
        ] {
            assert!(!reads_defanged(plain.as_bytes()), "{plain}");
        }
    }

    #[test]
    fn where_the_changes_land_in_the_refanged_url() {
        let input = b"hxxps://evil [.] example[.]com/";
        let r = refang(input);
        let d = Defanged {
            pasted: input.to_vec(),
            changes: r.changes,
        };
        let spans = d.refanged_spans();
        let texts: Vec<&[u8]> = spans.iter().map(|s| s.of(&r.url)).collect();
        assert_eq!(texts, [&b"https"[..], b".", b"."]);
    }

    #[test]
    fn a_span_of_the_url_maps_back_to_the_pasted_text() {
        let input = b"hxxps://evil [.] example[.]com/login";
        let r = refang(input);
        assert_eq!(r.url, b"https://evil.example.com/login");
        let d = Defanged {
            pasted: input.to_vec(),
            changes: r.changes,
        };
        let of = |s: Span| String::from_utf8_lossy(d.to_pasted(s).of(input)).into_owned();
        // The host, the path, the scheme, a dot alone.
        assert_eq!(of(Span::new(8, 24)), "evil [.] example[.]com");
        assert_eq!(of(Span::new(25, 30)), "login");
        assert_eq!(of(Span::new(0, 5)), "hxxps");
        assert_eq!(of(Span::new(12, 13)), " [.] ");
        assert_eq!(of(Span::new(30, 30)), "");
    }

    /// The walk `to_pasted` made per span before the table: the reference
    /// the table must agree with.
    fn walked(d: &Defanged, span: Span) -> Span {
        let (mut start, mut end) = (span.start, span.end);
        let mut ahead: usize = 0;
        let (mut start_done, mut end_done) = (false, false);
        for c in &d.changes {
            let at = c.span.start - ahead.min(c.span.start);
            let became = Span::new(at, at + c.to.len());
            if !start_done && span.start < became.end {
                start = if span.start <= became.start {
                    span.start + ahead
                } else {
                    c.span.start
                };
                start_done = true;
            }
            if !end_done && span.end <= became.end {
                end = if span.end <= became.start {
                    span.end + ahead
                } else {
                    c.span.end
                };
                end_done = true;
            }
            ahead = (ahead + c.span.len()).saturating_sub(c.to.len());
        }
        if !start_done {
            start = span.start + ahead;
        }
        if !end_done {
            end = span.end + ahead;
        }
        Span::new(start, end.max(start))
    }

    #[test]
    fn the_table_maps_every_span_as_the_walk_did() {
        let inputs: [&[u8]; 7] = [
            b"hxxps://evil [.] example[.]com/login",
            b"hxxp://a[.]b(.)c{.}d[dot]e(dot)f{dot}g/x",
            b"http[://]user[at]evil[.]example[:]8080[/]p",
            b"hxxxps[:]//a [.] b [.] c",
            b"fxp://[.][.][.]",
            b"https://example.com/",
            b"  hXXps://x[@]y[.]z  ",
        ];
        for input in inputs {
            let r = refang(input);
            let d = Defanged::new(input.to_vec(), r.changes);
            let map = d.pasted_map();
            for start in 0..=r.url.len() + 2 {
                for end in start..=r.url.len() + 2 {
                    let span = Span::new(start, end);
                    assert_eq!(
                        map.to_pasted(span),
                        walked(&d, span),
                        "{} {start}..{end}",
                        String::from_utf8_lossy(input)
                    );
                }
            }
        }
        // A hand-made list out of order is walked, as before.
        let d = Defanged::new(
            b"a[.]b[.]c".to_vec(),
            vec![
                Refang {
                    span: Span::new(5, 8),
                    to: ".",
                },
                Refang {
                    span: Span::new(1, 4),
                    to: ".",
                },
            ],
        );
        let map = d.pasted_map();
        for start in 0..8 {
            for end in start..8 {
                let span = Span::new(start, end);
                assert_eq!(map.to_pasted(span), walked(&d, span));
            }
        }
    }

    /// Mapping every span of a line of 200,000 `[.]` is linear: the
    /// table's lookups are binary searches, so each takes at most
    /// log2(rows) + 1 probes (counted here), where the walk took one step
    /// per change per span.
    #[test]
    fn mapping_every_change_back_is_linear() {
        let mut input = b"hxxp://".to_vec();
        for _ in 0..200_000 {
            input.extend_from_slice(b"a[.]");
        }
        input.extend_from_slice(b"com");
        let r = refang(&input);
        assert_eq!(r.changes.len(), 200_001);
        let d = Defanged::new(input.clone(), r.changes);
        let map = d.pasted_map();
        assert!(map.sorted);
        let probes = std::cell::Cell::new(0usize);
        let spans = d.refanged_spans();
        for &s in &spans {
            let i = map.rows.partition_point(|row| {
                probes.set(probes.get() + 1);
                row.became.end <= s.start
            });
            assert!(i < map.rows.len());
        }
        let bound = spans.len() * (usize::BITS - spans.len().leading_zeros() + 1) as usize;
        assert!(probes.get() <= bound, "{} probes", probes.get());
        // And the mapping itself lands every change on its spelling.
        for (s, c) in spans.iter().zip(&d.changes) {
            assert_eq!(map.to_pasted(*s), c.span);
        }
    }

    #[test]
    fn a_change_points_into_the_input() {
        let input = b"hxxps://evil [.] example/";
        let r = refang(input);
        assert_eq!(r.changes[0].span, Span::new(0, 5));
        assert_eq!(r.changes[0].to, "https");
        assert_eq!(r.changes[1].span.of(input), b" [.] ");
        assert_eq!(r.url, b"https://evil.example/");
    }

    #[test]
    fn ip_literals_and_plain_urls_are_left_alone() {
        for url in [
            "http://[::1]/",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "http://example.com/a[b]?ids[]=1",
            "hxxpd://x/",
        ] {
            let r = refang(url.as_bytes());
            assert_eq!(r.url, url.as_bytes(), "{url}");
            assert!(r.changes.is_empty(), "{url}");
            assert!(!looks_defanged(url.as_bytes()), "{url}");
        }
    }
}
