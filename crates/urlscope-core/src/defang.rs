//! Defanged URLs: the form in which URLs travel in tickets and threat
//! reports so that nobody clicks them (`hxxps://evil[.]example/login`),
//! and back.
//!
//! [`defang`] writes a URL so: the scheme's `http`/`ftp` as `hxxp`/`fxp`
//! and every dot of the host as `[.]`. [`refang`] undoes the common
//! spellings analysts and vendors use (`hxxp`, `hXXps`, `fxp`, `[.]`,
//! `(.)`, `{.}`, `[dot]`, `[:]`, `[://]`, `[at]`, `[@]`, and spaces around
//! a bracketed dot), and says what it changed at which bytes, so a report
//! can point into the text the user pasted. A real IP literal host
//! (`[::1]`, `[2001:db8::7]`) is left alone: no spelling it reads can
//! stand in one.
//!
//! `refang(defang(url))` is `url` for every URL that is not itself written
//! defanged.
//!
//! ```
//! use urlscope_core::defang::{defang, refang};
//! assert_eq!(defang("https://evil.example.com/login"), "hxxps://evil[.]example[.]com/login");
//! let r = refang(b"hxxps://evil[.]example(.)com/login");
//! assert_eq!(r.url, b"https://evil.example.com/login");
//! assert_eq!(r.changes.len(), 3);
//! ```

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
const SCHEMES: [(&[u8], &str); 5] = [
    (b"hxxps", "https"),
    (b"hxxp", "http"),
    (b"hxxxps", "https"),
    (b"fxps", "ftps"),
    (b"fxp", "ftp"),
];

/// Bracketed spellings, matched without regard to case anywhere, each with
/// what it stands for. The longest first where one begins another.
const BRACKETED: [(&[u8], &str); 15] = [
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
    pub fn to_pasted(&self, span: Span) -> Span {
        let mut start = span.start;
        let mut end = span.end;
        // How far the pasted text runs ahead of the refanged URL so far.
        let mut ahead: usize = 0;
        let mut start_done = false;
        let mut end_done = false;
        for c in &self.changes {
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
}

/// Whether `input` is a URL written defanged, to be read as the URL it
/// stands for before it is analysed: a defanged scheme (`hxxps:`), or a
/// bracketed spelling in the scheme's separator or the authority
/// (`http[:]//`, `https://evil[.]example/`). A bracketed dot further on
/// (`?q=a[.]b`) is data, and a real IP literal (`http://[::1]/`) is no
/// defanged spelling.
pub fn reads_defanged(input: &[u8]) -> bool {
    let start = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let rest = input.get(start..).unwrap_or_default();
    if defanged_scheme(rest).is_some() {
        return true;
    }
    // The scheme's name, then its separator, real or bracketed.
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    if name == 0 || !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let after = rest.get(name..).unwrap_or_default();
    if bracketed_at(after, 0).is_some_and(|(_, to)| to == "://" || to == ":") {
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
    memchr::memchr3(b'[', b'(', b'{', authority).is_some()
        && (0..authority.len())
            .any(|i| bracketed_at(authority, i).is_some_and(|(_, to)| matches!(to, "." | "@")))
}

/// The URL `input` stands for, as the analysis reads it: refanged when
/// it [reads defanged](reads_defanged), else as it is. What `clean`,
/// `normalize` and `pretty` correct.
///
/// ```
/// use urlscope_core::defang::as_meant;
/// assert_eq!(&*as_meant(b"hxxps://paypa1[.]com/sign in"), b"https://paypa1.com/sign in");
/// assert_eq!(&*as_meant(b"https://example.com/?q=a[.]b"), b"https://example.com/?q=a[.]b");
/// ```
pub fn as_meant(input: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if reads_defanged(input) {
        std::borrow::Cow::Owned(refang(input).url)
    } else {
        std::borrow::Cow::Borrowed(input)
    }
}

/// Whether `input` holds any defanged spelling [`refang`] reads: a cheap
/// test to run before it.
pub fn looks_defanged(input: &[u8]) -> bool {
    let start = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let rest = input.get(start..).unwrap_or_default();
    defanged_scheme(rest).is_some()
        || memchr::memchr3(b'[', b'(', b'{', input)
            .is_some_and(|_| (0..input.len()).any(|i| bracketed_at(input, i).is_some()))
}

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
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

/// The bracketed spelling that starts at `i`, with its length.
fn bracketed_at(input: &[u8], i: usize) -> Option<(usize, &'static str)> {
    let rest = input.get(i..)?;
    BRACKETED
        .iter()
        .find(|(s, _)| starts_with_ignore_case(rest, s))
        .map(|(s, to)| (s.len(), *to))
}

/// `input` with its defanged spellings undone (see the module docs). One
/// pass; spaces around a bracketed dot (`evil [.] example`) go with it.
pub fn refang(input: &[u8]) -> Refanged {
    let mut out = Refanged {
        url: Vec::with_capacity(input.len()),
        changes: Vec::new(),
    };
    let lead = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let mut i = lead;
    out.url
        .extend_from_slice(input.get(..lead).unwrap_or_default());
    let rest = input.get(lead..).unwrap_or_default();
    if let Some((s, to)) = defanged_scheme(rest) {
        out.url.extend_from_slice(to.as_bytes());
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
            && !i
                .checked_sub(1)
                .and_then(|p| input.get(p))
                .is_some_and(u8::is_ascii_alphanumeric)
        {
            let rest = input.get(i..).unwrap_or_default();
            if let Some(&(s, to)) = SCHEMES.iter().find(|(s, _)| {
                starts_with_ignore_case(rest, s)
                    && separator(rest.get(s.len()..).unwrap_or_default()).is_some()
            }) {
                out.url.extend_from_slice(to.as_bytes());
                out.changes.push(Refang {
                    span: Span::new(i, i + s.len()),
                    to,
                });
                i += s.len();
                continue;
            }
        }
        if matches!(b, b'[' | b'(' | b'{') {
            if let Some((len, to)) = bracketed_at(input, i) {
                let mut start = i;
                let mut end = i + len;
                if to == "." {
                    // `evil [.] example`: the spaces were part of the disguise.
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

/// `url` written defanged: `http`, `https`, `ftp` and `ftps` as `hxxp`,
/// `hxxps`, `fxp`, `fxps`, and every dot of the host as `[.]`, so that it
/// can be pasted into a ticket without becoming a link; so is each URL it
/// carries written out (`?u=https://evil.example/`, Proofpoint's
/// `__https://evil.example/__`). Text that is not an absolute URL with a
/// host has only its dots bracketed up to the first `/`, `?` or `#`. A URL
/// already written defanged is written from the URL it stands for, so
/// defanging twice changes nothing.
pub fn defang(url: &str) -> String {
    if reads_defanged(url.as_bytes()) {
        if let Ok(fanged) = String::from_utf8(refang(url.as_bytes()).url) {
            return defang_fanged(&fanged);
        }
    }
    defang_fanged(url)
}

/// [`defang`] of a URL not written defanged.
fn defang_fanged(url: &str) -> String {
    let (scheme, rest) = match url.split_once("://") {
        Some((s, r))
            if !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) =>
        {
            (Some(s), r)
        }
        _ => (None, url),
    };
    let mut out = String::with_capacity(url.len() + 16);
    if let Some(s) = scheme {
        out.push_str(defanged_name(s));
        out.push_str("://");
    }
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    // The host is after the last `@` of the authority; a dot in the
    // userinfo is no link.
    let host_from = authority.rfind('@').map_or(0, |at| at + 1);
    let (userinfo, host) = authority.split_at(host_from);
    out.push_str(userinfo);
    out.push_str(&host.replace('.', "[.]"));
    defang_carried(tail, &mut out);
    out
}

/// How [`defang`] writes the scheme `s`.
fn defanged_name(s: &str) -> &str {
    match s.to_ascii_lowercase().as_str() {
        "http" => "hxxp",
        "https" => "hxxps",
        "ftp" => "fxp",
        "ftps" => "fxps",
        _ => s,
    }
}

/// How a carried URL's `://` is written: as it is, percent-encoded (Safe
/// Links' `?url=https%3A%2F%2F...`) or encoded twice; the hex in either
/// case.
const SEPARATORS: [&[u8]; 3] = [b"://", b"%3A%2F%2F", b"%253A%252F%252F"];

/// The length of the [`SEPARATORS`] spelling `text` starts with.
fn separator(text: &[u8]) -> Option<usize> {
    SEPARATORS
        .iter()
        .find(|s| starts_with_ignore_case(text, s))
        .map(|s| s.len())
}

/// Where the next [`SEPARATORS`] spelling in `text` from `from` starts,
/// and its length.
fn next_separator(text: &str, from: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let rest = bytes.get(from..)?;
    memchr::memchr2_iter(b':', b'%', rest).find_map(|at| {
        let at = from + at;
        separator(bytes.get(at..).unwrap_or_default()).map(|len| (at, len))
    })
}

/// `tail` (what follows a URL's host) onto `out`, each URL written out in
/// it (`scheme://host`, its `://` percent-encoded or not) defanged: its
/// scheme, and the dots of its host (the letters, digits, hyphens and
/// dots after the `://`).
fn defang_carried(tail: &str, out: &mut String) {
    let mut done = 0;
    while let Some((sep, sep_len)) = next_separator(tail, done) {
        let head = tail.get(done..sep).unwrap_or_default();
        let name = head
            .bytes()
            .rev()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        let host_from = sep + sep_len;
        let host_len = tail
            .get(host_from..)
            .unwrap_or_default()
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
            .count();
        out.push_str(head.get(..head.len() - name).unwrap_or_default());
        out.push_str(defanged_name(
            head.get(head.len() - name..).unwrap_or_default(),
        ));
        out.push_str(tail.get(sep..host_from).unwrap_or_default());
        let host = tail
            .get(host_from..host_from + host_len)
            .unwrap_or_default();
        out.push_str(&host.replace('.', "[.]"));
        done = host_from + host_len;
    }
    out.push_str(tail.get(done..).unwrap_or_default());
}

/// `text` (a report, a list) with every URL in it (a scheme, `://`, up to
/// the next space) written defanged as [`defang`] writes one; the rest is
/// kept as it is. One pass.
pub fn defang_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut done = 0;
    let mut from = 0;
    while let Some(found) = text.get(from..).and_then(|t| t.find("://")) {
        let sep = from + found;
        let head = text.get(done..sep).unwrap_or_default();
        // The scheme: the run of scheme characters before `://`, from a
        // letter.
        let run = head
            .bytes()
            .rev()
            .take_while(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
            .count();
        let mut start = sep - run;
        while start < sep
            && !text
                .as_bytes()
                .get(start)
                .is_some_and(u8::is_ascii_alphabetic)
        {
            start += 1;
        }
        let end = text
            .get(sep..)
            .and_then(|t| t.find(char::is_whitespace))
            .map_or(text.len(), |e| sep + e);
        if start == sep {
            from = sep + 3;
            continue;
        }
        out.push_str(text.get(done..start).unwrap_or_default());
        out.push_str(&defang(text.get(start..end).unwrap_or_default()));
        done = end;
        from = end;
    }
    out.push_str(text.get(done..).unwrap_or_default());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_url_of_a_text_is_defanged() {
        assert_eq!(
            defang_text("URL  https://evil.example/a.php?x=1\nLeads to  http://b.example, ftp://c.example/"),
            "URL  hxxps://evil[.]example/a.php?x=1\nLeads to  hxxp://b[.]example, fxp://c[.]example/"
        );
        assert_eq!(
            defang_text("no link here: a.b, ://x"),
            "no link here: a.b, ://x"
        );
        assert_eq!(defang_text("9http://x.y"), "9hxxp://x[.]y");
        for text in ["", "é://é", "a://", "  https://x.y  \t"] {
            let _ = defang_text(text);
        }
    }

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

    #[test]
    fn defang_writes_the_common_form() {
        assert_eq!(
            defang("https://user.name@evil.example.com:8443/a.b?c.d#e.f"),
            "hxxps://user.name@evil[.]example[.]com:8443/a.b?c.d#e.f"
        );
        assert_eq!(defang("ftp://a.b/"), "fxp://a[.]b/");
        assert_eq!(defang("mailto:x@y.z"), "mailto:x@y[.]z");
        assert_eq!(defang("evil.example/login"), "evil[.]example/login");
    }

    #[test]
    fn carried_urls_are_defanged_and_defanging_twice_changes_nothing() {
        for (url, defanged) in [
            (
                "https://urldefense.com/v3/__https://evil.example/a__;!!x$",
                "hxxps://urldefense[.]com/v3/__hxxps://evil[.]example/a__;!!x$",
            ),
            (
                "https://www.google.com/url?q=http://evil.example&sa=D",
                "hxxps://www[.]google[.]com/url?q=hxxp://evil[.]example&sa=D",
            ),
            // Percent-encoded (Safe Links), and encoded twice.
            (
                "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com.secure-login.example%2Fsignin&data=04",
                "hxxps://nam02[.]safelinks[.]protection[.]outlook[.]com/?url=hxxps%3A%2F%2Fpaypal[.]com[.]secure-login[.]example%2Fsignin&data=04",
            ),
            (
                "https://r.example/?u=https%253a%252f%252fevil.example%252fx",
                "hxxps://r[.]example/?u=hxxps%253a%252f%252fevil[.]example%252fx",
            ),
        ] {
            assert_eq!(defang(url), defanged);
            assert_eq!(defang(defanged), defanged);
            assert_eq!(refang(defanged.as_bytes()).url, url.as_bytes());
        }
        // Inside a word, or without a whole `://` or its encoding, it is
        // text.
        let text = "https://x.example/?a=myhxxp://b&c=hxxp:d&e=hxxp%3A%2Fd";
        assert_eq!(refang(text.as_bytes()).url, text.as_bytes());
    }

    proptest::proptest! {
        /// Refanging a defanged URL gives the URL back.
        #[test]
        fn refang_undoes_defang(
            scheme in "(http|https|ftp|ws)",
            host in "[a-z0-9-]{1,8}(\\.[a-z0-9-]{1,8}){0,3}",
            path in "(/[a-zA-Z0-9._~%-]{0,8}){0,3}",
        ) {
            let url = format!("{scheme}://{host}{path}");
            let back = refang(defang(&url).as_bytes());
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), url.clone());
            // With the URL carried in a parameter too, as it is and
            // percent-encoded.
            let carrier = format!("https://redirect.example/?to={url}&a.b");
            let back = refang(defang(&carrier).as_bytes());
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), carrier);
            let encoded = format!(
                "https://redirect.example/?to={}&a.b",
                url.replace(':', "%3A").replace('/', "%2F")
            );
            let defanged = defang(&encoded);
            let live = format!("%2F%2F{host}");
            proptest::prop_assert!(!host.contains('.') || !defanged.contains(&live), "{}", defanged);
            let back = refang(defanged.as_bytes());
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), encoded);
        }
    }
}
