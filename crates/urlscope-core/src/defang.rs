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
            && (!i
                .checked_sub(1)
                .and_then(|p| input.get(p))
                .is_some_and(u8::is_ascii_alphanumeric)
                || after_escape(input, i))
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
    let mut names = HostNames::default();
    names.learn_hosts_in(url);
    defang_names(&defang_schemes(&defang_url(url)), &names)
}

/// `text` with every `http://`, `https://`, `ftp://` and `ftps://` left
/// in it written `hxxp://`... : one inside what [`defang_url`] took for
/// an authority (`?a=http://.&b=c@d&e=http://.`), or after a dot
/// (`%2f..https://`). A scheme glued to a word is a word's end
/// (`myhttp://`), unless the word is an escape (`%0Ahttps://`).
fn defang_schemes(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for sep in memchr::memmem::find_iter(bytes, b"://") {
        let Some(start) = ["https", "http", "ftps", "ftp"].iter().find_map(|name| {
            let start = sep.checked_sub(name.len())?;
            let word = bytes.get(start..sep)?;
            let glued = start
                .checked_sub(1)
                .and_then(|p| bytes.get(p))
                .is_some_and(u8::is_ascii_alphanumeric);
            (word.eq_ignore_ascii_case(name.as_bytes()) && (!glued || after_escape(bytes, start)))
                .then_some(start)
        }) else {
            continue;
        };
        if start < done {
            continue;
        }
        out.push_str(text.get(done..start).unwrap_or_default());
        out.push_str(defanged_name(text.get(start..sep).unwrap_or_default()));
        done = sep;
    }
    out.push_str(text.get(done..).unwrap_or_default());
    out
}

/// [`defang`]'s scheme, host and carried URLs, without the names pass.
fn defang_url(url: &str) -> String {
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

/// Whether [`defang`] writes the scheme `s` otherwise.
fn is_defangable(s: &str) -> bool {
    ["http", "https", "ftp", "ftps"]
        .iter()
        .any(|d| d.eq_ignore_ascii_case(s))
}

/// Whether an escape ends just before `at` in `text`: a percent-escape
/// (`%0A`) or a byte escape as a report prints one (`\x0a`). A scheme
/// glued to one starts a URL (`%0Ahttps://`, a newline in disguise),
/// where one glued to a word does not (`myhttp://`).
fn after_escape(text: &[u8], at: usize) -> bool {
    let hex = |n: usize| {
        at.checked_sub(n)
            .and_then(|i| text.get(i))
            .is_some_and(u8::is_ascii_hexdigit)
    };
    let byte = |n: usize| at.checked_sub(n).and_then(|i| text.get(i)).copied();
    hex(1) && hex(2) && (byte(3) == Some(b'%') || (byte(3) == Some(b'x') && byte(4) == Some(b'\\')))
}

/// Where a scheme [`defang`] writes otherwise starts when it ends at `end`
/// of `text` glued to an escape (`%2ehttps`, `\x0ahttps`).
fn escaped_scheme_start(text: &[u8], end: usize) -> Option<usize> {
    ["https", "http", "ftps", "ftp"].iter().find_map(|name| {
        let start = end.checked_sub(name.len())?;
        let word = text.get(start..end)?;
        (word.eq_ignore_ascii_case(name.as_bytes()) && after_escape(text, start)).then_some(start)
    })
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
        let mut name = name;
        if defanged_name(head.get(head.len() - name..).unwrap_or_default()).len() == name
            && !is_defangable(head.get(head.len() - name..).unwrap_or_default())
        {
            if let Some(start) = escaped_scheme_start(tail.as_bytes(), sep).filter(|&s| s >= done) {
                name = sep - start;
            }
        }
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
    defang_text_with(text, &mut HostNames::default())
}

/// [`defang_text`] that first learns the hosts of the URLs in `text` into
/// `names` and then writes every name `names` knows defanged: a writer
/// that defangs a report line by line keeps `names` from line to line, so
/// a host its URL line showed (`evil.example`, which no auto-linker would
/// take for a domain) is written the same way on every later line
/// (`Leads to    evil[.]example (public)`).
pub fn defang_text_with(text: &str, names: &mut HostNames) -> String {
    names.learn_hosts_in(text);
    defang_names(&defang_schemes(&defang_urls(text)), names)
}

/// The URLs of `text` (a scheme, `://`, up to the next space) defanged,
/// the rest as it is.
fn defang_urls(text: &str) -> String {
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
        if !is_defangable(text.get(start..sep).unwrap_or_default()) {
            if let Some(scheme) = escaped_scheme_start(text.as_bytes(), sep) {
                start = scheme;
            }
        }
        out.push_str(text.get(done..start).unwrap_or_default());
        out.push_str(&defang_url(text.get(start..end).unwrap_or_default()));
        done = end;
        from = end;
    }
    out.push_str(text.get(done..).unwrap_or_default());
    out
}

/// Host names a text is known to hold: the hosts of the URLs written in
/// it, as written, percent-decoded and in their IDNA ASCII form, each
/// lowercase. A name [`defang_names`] is told of is defanged wherever it
/// stands, whatever its suffix: `evil.example` or `intranet.corp` ends in
/// no suffix an auto-linker knows, but once the URL line wrote it
/// `evil[.]example`, every line writes it so.
#[derive(Debug, Clone, Default)]
pub struct HostNames {
    names: std::collections::BTreeSet<String>,
    /// Each name written backwards, to find the names a text cut at its
    /// start (`…vil.example`) ends.
    reversed: std::collections::BTreeSet<String>,
}

/// At most this many names are kept: a writer that defangs a long scan
/// starts afresh past it (each scan line holds its own URL).
const MAX_NAMES: usize = 4096;

/// The longest host name DNS allows: a longer text is no known name.
const MAX_NAME: usize = 253;

impl HostNames {
    /// No names known.
    pub fn new() -> HostNames {
        HostNames::default()
    }

    /// Know `name` (a host): lowercase, one trailing dot dropped. A name
    /// without a dot is left out (no auto-linker takes `localhost` for a
    /// link), as is one longer than DNS allows.
    pub fn learn(&mut self, name: &str) {
        let name = name.strip_suffix('.').unwrap_or(name);
        if !name.contains('.') || name.len() > MAX_NAME {
            return;
        }
        if self.names.len() >= MAX_NAMES {
            self.names.clear();
            self.reversed.clear();
        }
        let name = name.to_lowercase();
        // The names it is under too (`evil.example` of
        // `login.evil.example`), for a text cut inside them.
        let mut under = name.as_str();
        while under.contains('.') {
            self.reversed.insert(under.chars().rev().collect());
            self.names.insert(under.to_string());
            under = under.split_once('.').map_or("", |(_, rest)| rest);
        }
    }

    /// Whether a known name starts with `cut` (lowercase; a text cut at
    /// its end, `secure.evil.exam…`) or ends with it (cut at its start).
    fn knows_part(&self, cut: &str, at_end: bool) -> bool {
        if at_end {
            let next = self
                .names
                .range::<str, _>((std::ops::Bound::Included(cut), std::ops::Bound::Unbounded))
                .next();
            next.is_some_and(|n| n.starts_with(cut))
        } else {
            let cut: String = cut.chars().rev().collect();
            let next = self
                .reversed
                .range::<str, _>((
                    std::ops::Bound::Included(cut.as_str()),
                    std::ops::Bound::Unbounded,
                ))
                .next();
            next.is_some_and(|n| n.starts_with(&cut))
        }
    }

    /// Know the host after each `://` of `text` (or its percent-encoded
    /// spelling, as a carried URL writes it), in every form a report
    /// writes it.
    pub fn learn_hosts_in(&mut self, text: &str) {
        let mut from = 0;
        while let Some((sep, len)) = next_separator(text, from) {
            let authority = text.get(sep + len..).unwrap_or_default();
            let end = authority
                .find(|c: char| {
                    c.is_whitespace()
                        || matches!(c, '/' | '?' | '#' | '\\' | '"' | '\'' | '<' | '>')
                })
                .unwrap_or(authority.len());
            let authority = authority.get(..end).unwrap_or_default();
            let host = authority.rsplit('@').next().unwrap_or(authority);
            // A port, after a name or an IPv4 address (`[::1]:80` keeps
            // its brackets: an IPv6 address is no name).
            let host = match host.rsplit_once(':') {
                Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
                _ => host,
            };
            self.learn_host(host);
            from = sep + len + end;
        }
    }

    /// Know `host` as written, percent-decoded and in its IDNA ASCII
    /// form.
    fn learn_host(&mut self, host: &str) {
        if host.is_empty() || host.starts_with('[') {
            return;
        }
        self.learn(host);
        let decoded = crate::percent::decode(host.as_bytes(), false);
        let decoded = String::from_utf8_lossy(&decoded);
        self.learn(&decoded);
        if !decoded.is_ascii() {
            if let Ok(ascii) = idna::domain_to_ascii(&decoded) {
                self.learn(&ascii);
            }
        } else if decoded.contains("xn--") {
            self.learn(&idna::domain_to_unicode(&decoded).0);
        }
    }

    /// Whether `name` (lowercase) is a known name or under one
    /// (`login.evil.example` under `evil.example`). Only the last
    /// [`MAX_NAME`] bytes are tried, so the cost does not grow with a
    /// long run of labels.
    fn knows(&self, name: &str) -> bool {
        if self.names.is_empty() {
            return false;
        }
        let from = name.len().saturating_sub(MAX_NAME);
        let tail = (from..name.len())
            .find(|&i| name.is_char_boundary(i))
            .and_then(|i| name.get(i..))
            .unwrap_or(name);
        if tail.len() == name.len() && self.names.contains(name) {
            return true;
        }
        tail.match_indices('.')
            .any(|(dot, _)| tail.get(dot + 1..).is_some_and(|s| self.names.contains(s)))
    }
}

/// Whether `c` can be part of a written host name: a letter or a digit of
/// any script, `-`, `_`, or a dot.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '.')
}

/// `text` with the dots of every host-like name in it written `[.]`: a
/// name `names` knows (or one under it), an IPv4 address
/// (`127.0.0.1`), a name starting `www.`, or a dotted name with a label
/// after its first that is a top-level domain (`paypal.com`,
/// `paypal.com.secure-lo…`, `paypal.com.php`), which an auto-linker in a
/// ticket system makes a link of even without a scheme. A file name
/// (`login.php`, `jquery.min.js`), a version (`1.2.3`), a lone dot and a
/// name already defanged (`evil[.]example`) are left as they are; so is
/// an IPv6 address, which no auto-linker links without a scheme. A name
/// cut by `…` (a report's cut cell or excerpt) is defanged when it holds
/// a dot: what was cut away cannot be told. One pass over `text`.
///
/// ```
/// use urlscope_core::defang::{defang_names, HostNames};
/// let mut names = HostNames::new();
/// names.learn("evil.example");
/// assert_eq!(
///     defang_names("Leads to evil.example, 'paypa1.com' at 10.0.0.1 (login.php)", &names),
///     "Leads to evil[.]example, 'paypa1[.]com' at 10[.]0[.]0[.]1 (login.php)"
/// );
/// ```
pub fn defang_names(text: &str, names: &HostNames) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    let mut before: Option<char> = None;
    while !rest.is_empty() {
        let run = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        if run == 0 {
            let mut chars = rest.chars();
            if let Some(c) = chars.next() {
                out.push(c);
                before = Some(c);
            }
            rest = chars.as_str();
            continue;
        }
        let (name, after) = rest.split_at(run);
        let cut = match (before == Some('…'), after.starts_with('…')) {
            (_, true) => Some(Cut::End),
            (true, false) => Some(Cut::Start),
            (false, false) => None,
        };
        push_name(&mut out, name, cut, before == Some('%'), names);
        before = name.chars().last();
        rest = after;
    }
    out
}

/// `run` (a run of name characters) onto `out`, its dots written `[.]`
/// when it is host-like (see [`defang_names`]). After a `%` the run starts
/// with an escape's hex digits (`%2Fevil.example`): the name may start
/// after them, or with them (`%00paypal.com` shows `00paypal.com`, a
/// name to an auto-linker).
fn push_name(
    out: &mut String,
    run: &str,
    cut: Option<Cut>,
    after_percent: bool,
    names: &HostNames,
) {
    let edge = |c: char| matches!(c, '.' | '-' | '_');
    // A cut name's last dot is the name's (`evil.…`).
    let core = if cut == Some(Cut::End) && run.ends_with('.') {
        run.trim_start_matches(edge)
    } else {
        run.trim_matches(edge)
    };
    let lead = run.len() - run.trim_start_matches(edge).len();
    let unescaped = core
        .get(2..)
        .filter(|_| after_percent && core.bytes().take(2).all(|b| b.is_ascii_hexdigit()));
    let host_like = |name: &str| name.contains('.') && is_host_like(name, cut, names);
    if host_like(core) || unescaped.is_some_and(host_like) {
        out.push_str(run.get(..lead).unwrap_or_default());
        out.push_str(&core.replace('.', "[.]"));
        out.push_str(run.get(lead + core.len()..).unwrap_or_default());
    } else {
        out.push_str(run);
    }
}

/// The extensions of web pages a phishing kit glues to a domain name
/// (`paypal.com.php`): the name before them is still a domain.
const PAGE_EXTENSIONS: [&str; 8] = ["html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi"];

/// Where a run of name characters was cut by a report (`…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// `…vil.example`
    Start,
    /// `secure.evil.exam…`
    End,
}

/// Whether the dotted name `name` reads as a host (see [`defang_names`]).
/// A cut one does when it does whole, when a known name holds it where it
/// was cut, or when its labels left whole do (`…ecure-login.example.net`,
/// `www.paypal.com.sec…`).
fn is_host_like(name: &str, cut: Option<Cut>, names: &HostNames) -> bool {
    let lower = name.to_lowercase();
    if names.knows(&lower) || reads_as_host(&lower, names) {
        return true;
    }
    match cut {
        None => false,
        Some(cut) => {
            let whole = match cut {
                Cut::Start => lower.split_once('.').map(|(_, rest)| rest),
                Cut::End => lower.rsplit_once('.').map(|(rest, _)| rest),
            };
            names.knows_part(lower.trim_end_matches('.'), cut == Cut::End)
                || whole.is_some_and(|w| w.contains('.') && reads_as_host(w, names))
        }
    }
}

/// Whether the whole dotted name `lower` (lowercase) reads as a host:
/// known, an IPv4 address, `www.`, or a top-level domain after its first
/// label.
fn reads_as_host(lower: &str, names: &HostNames) -> bool {
    if names.knows(lower) {
        return true;
    }
    let labels: Vec<&str> = lower.split('.').filter(|l| !l.is_empty()).collect();
    let is_octet = |l: &&str| l.len() <= 3 && l.bytes().all(|b| b.is_ascii_digit());
    if labels.len() == 4 && labels.iter().all(is_octet) {
        return true;
    }
    if labels.len() >= 2 && labels.first() == Some(&"www") {
        return true;
    }
    let mut labels = labels.as_slice();
    if let Some((last, before)) = labels.split_last() {
        if crate::names::is_file_extension(last.as_bytes()) {
            if !PAGE_EXTENSIONS.contains(last) {
                return false;
            }
            labels = before;
        }
    }
    labels.iter().skip(1).any(|l| is_top_level_domain(l))
}

/// Whether `label` (lowercase) is a top-level domain of the Public Suffix
/// List.
#[inline(never)]
fn is_top_level_domain(label: &str) -> bool {
    !label.bytes().all(|b| b.is_ascii_digit())
        && psl::suffix(label.as_bytes()).is_some_and(|s| s.is_known())
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

    #[test]
    fn defang_writes_the_common_form() {
        assert_eq!(
            defang("https://user.name@evil.example.com:8443/a.b?c.d#e.f"),
            "hxxps://user[.]name@evil[.]example[.]com:8443/a.b?c.d#e.f"
        );
        // A domain in the userinfo, the path or the query is one too.
        assert_eq!(
            defang("http://paypal.com@evil.example/www.paypal.com/login.php?next=evil.example"),
            "hxxp://paypal[.]com@evil[.]example/www[.]paypal[.]com/login.php?next=evil[.]example"
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

    #[test]
    fn every_host_like_name_of_a_text_is_defanged() {
        let names = HostNames::new();
        for (text, defanged) in [
            ("→ 127.0.0.1", "→ 127[.]0[.]0[.]1"),
            (
                "'paypa1.com' is 'paypal.com'",
                "'paypa1[.]com' is 'paypal[.]com'",
            ),
            ("www.evil.example", "www[.]evil[.]example"),
            ("bob@mail.paypal.com", "bob@mail[.]paypal[.]com"),
            ("paypal.com.secure-login", "paypal[.]com[.]secure-login"),
            ("/paypal.com.php", "/paypal[.]com[.]php"),
            // Cut by a report: what is left whole decides.
            (
                "…ecure-login.example.net/x",
                "…ecure-login[.]example[.]net/x",
            ),
            ("www.paypal.com.sec…", "www[.]paypal[.]com[.]sec…"),
            ("paypal.com.…", "paypal[.]com[.]…"),
            ("index.h…", "index.h…"),
            // After a percent-escape, with its hex digits or without.
            ("google%00.com", "google%00[.]com"),
            ("%2Fevil.com%2F", "%2Fevil[.]com%2F"),
            ("[::ffff:10.0.0.1]", "[::ffff:10[.]0[.]0[.]1]"),
        ] {
            assert_eq!(defang_names(text, &names), defanged, "{text}");
        }
        for text in [
            "login.php index.html jquery.min.js v1.2.3 1.2",
            "U+002E  .  FULL STOP",
            "evil[.]example",
            "a.b, e.g. i.e.",
            "[::1]",
            "…",
            ".",
            "..",
            "a..",
        ] {
            assert_eq!(defang_names(text, &names), text, "{text}");
        }
    }

    #[test]
    fn a_known_name_is_defanged_wherever_it_stands() {
        let mut names = HostNames::new();
        names.learn_hosts_in("URL  https://user@Login.Evil.Example:8080/x and http://[::1]/");
        for (text, defanged) in [
            (
                "Leads to  login.evil.example (public)",
                "Leads to  login[.]evil[.]example (public)",
            ),
            ("site 'evil.example'", "site 'evil[.]example'"),
            ("x.login.evil.example", "x[.]login[.]evil[.]example"),
            // Cut at its end or at its start.
            ("login.evil.exam…", "login[.]evil[.]exam…"),
            ("…vil.example/", "…vil[.]example/"),
            ("evil.examples", "evil.examples"),
        ] {
            assert_eq!(defang_names(text, &names), defanged, "{text}");
        }
        // Percent-encoded and internationalized hosts, in their other forms.
        let mut names = HostNames::new();
        names.learn_hosts_in("http://evil%2Eexample/ https://exämple.test/");
        assert_eq!(defang_names("evil.example", &names), "evil[.]example");
        assert_eq!(
            defang_names("xn--exmple-cua.test exämple.test", &names),
            "xn--exmple-cua[.]test exämple[.]test"
        );
    }

    #[test]
    fn a_scheme_after_an_escape_or_a_dot_is_defanged() {
        for (text, defanged) in [
            ("a%0Ahttps://b.example", "a%0Ahxxps://b[.]example"),
            ("a\\x0ahttps://b.example", "a\\x0ahxxps://b[.]example"),
            ("%2f..https://b.example", "%2f..hxxps://b[.]example"),
            (
                "https://a.example/?x=http://.&y=z@a.b&w=http://.",
                "hxxps://a[.]example/?x=hxxp://[.]&y=z@a.b&w=hxxp://[.]",
            ),
        ] {
            assert_eq!(defang_text(text), defanged, "{text}");
        }
        // A scheme glued to a word is the word's.
        assert_eq!(defang_text("myhttp://b"), "myhttp://b");
        let url = "https://evil.example/%0Ahttps://paypal.com/";
        assert_eq!(refang(defang(url).as_bytes()).url, url.as_bytes());
    }

    proptest::proptest! {
        /// Any text goes through the names pass without a panic, and
        /// refanging what it wrote gives the text back when the text
        /// held no bracketed spelling.
        #[test]
        fn the_names_pass_is_undone_by_refang(text in "[a-z0-9.%/@:…é -]{0,40}") {
            let mut names = HostNames::new();
            names.learn_hosts_in(&text);
            let out = defang_names(&text, &names);
            if !text.contains(" .") && !text.contains(". ") {
                let back = refang(out.as_bytes());
                proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), text.clone());
            }
        }
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
