//! RFC 3986 generic syntax, split leniently into components with byte spans.
//!
//! RFC 3986 §3 gives every URI the same five parts:
//!
//! ```text
//!   foo://user@example.com:8042/over/there?name=ferret#nose
//!   \_/   \_______________________/\_________/ \_________/ \__/
//!    |               |                 |            |        |
//! scheme         authority            path        query   fragment
//! ```
//!
//! and Appendix B splits them with one regular expression that never fails:
//! `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`. [`split`]
//! follows that regular expression (checking that a scheme is a real
//! `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), then splits the authority
//! into userinfo, host and port (§3.2), the path into segments (§3.3) and
//! the query into `key=value` pairs (application/x-www-form-urlencoded).
//!
//! It is lenient the way an address bar is: spaces, non-ASCII bytes and
//! other illegal characters are kept inside whichever component they fall
//! in (the warnings flag them); nothing here fails. Relative references and
//! request targets (`/path?q`, `//host/path`, `?q`, `*`) split the same way,
//! with the parts they lack left out.
//!
//! The structure is split *before* anything is decoded, so an escaped
//! delimiter (`%26` in a query value, `%2F` in a segment) stays data.

use memchr::{memchr, memchr2};

/// A half-open byte range `[start, end)` in the analysed input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// The first byte's offset.
    pub start: usize,
    /// The offset just past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `[start, end)`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// How many bytes it covers.
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether it covers no byte.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The span as a range, for slicing.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Whether it covers byte `offset`.
    pub fn contains(self, offset: usize) -> bool {
        self.start <= offset && offset < self.end
    }

    /// Whether the two spans share at least one byte (or are the same empty
    /// position).
    pub fn overlaps(self, other: Span) -> bool {
        (self.start < other.end && other.start < self.end) || self == other
    }

    /// The bytes of `input` this span covers (empty if out of bounds).
    pub fn of(self, input: &[u8]) -> &[u8] {
        input.get(self.range()).unwrap_or_default()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Span {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.start, self.end].serialize(s)
    }
}

/// What a component is, in URL order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ComponentKind {
    /// The scheme, before the first `:` (§3.1).
    Scheme,
    /// The userinfo, before the `@` of the authority (§3.2.1).
    Userinfo,
    /// The host (§3.2.2).
    Host,
    /// The port, after the host's `:` (§3.2.3).
    Port,
    /// One segment of the path, between `/`s (§3.3).
    PathSegment,
    /// A key of the query, before its `=` (`application/x-www-form-urlencoded`).
    QueryKey,
    /// A value of the query, after its key's `=`.
    QueryValue,
    /// The fragment, after the `#` (§3.5).
    Fragment,
}

impl ComponentKind {
    /// The JSON name: `scheme`, `path_segment`, ...
    pub fn name(self) -> &'static str {
        match self {
            ComponentKind::Scheme => "scheme",
            ComponentKind::Userinfo => "userinfo",
            ComponentKind::Host => "host",
            ComponentKind::Port => "port",
            ComponentKind::PathSegment => "path_segment",
            ComponentKind::QueryKey => "query_key",
            ComponentKind::QueryValue => "query_value",
            ComponentKind::Fragment => "fragment",
        }
    }

    /// A human label: `path segment`, `query value`, ...
    pub const fn label(self) -> &'static str {
        match self {
            ComponentKind::Scheme => "scheme",
            ComponentKind::Userinfo => "userinfo",
            ComponentKind::Host => "host",
            ComponentKind::Port => "port",
            ComponentKind::PathSegment => "path segment",
            ComponentKind::QueryKey => "query key",
            ComponentKind::QueryValue => "query value",
            ComponentKind::Fragment => "fragment",
        }
    }

    /// Whether form rules (`+` is a space) apply when decoding.
    pub fn is_query(self) -> bool {
        matches!(self, ComponentKind::QueryKey | ComponentKind::QueryValue)
    }
}

/// One component: its kind and where it is in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Component {
    /// What it is.
    pub kind: ComponentKind,
    /// Where it is in the input.
    pub span: Span,
}

/// What sort of host the authority names (RFC 3986 §3.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum HostKind {
    /// `[...]` with an IPv6 address inside.
    Ipv6,
    /// `[v1.xxx]` or any other bracketed text that is not IPv6.
    IpLiteralOther,
    /// Four dotted decimal octets, each 0..=255 without leading zeros.
    Ipv4,
    /// A registered name (a DNS name, or anything else).
    RegName,
    /// An authority with nothing in the host (`file:///etc`).
    Empty,
}

impl HostKind {
    /// A human label: `IPv6`, `IPv4`, `reg-name`, ...
    pub const fn label(self) -> &'static str {
        match self {
            HostKind::Ipv6 => "IPv6 literal",
            HostKind::IpLiteralOther => "bracketed literal (not IPv6)",
            HostKind::Ipv4 => "IPv4",
            HostKind::RegName => "registered name",
            HostKind::Empty => "empty",
        }
    }
}

/// The RFC 3986 reading of an input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Split {
    /// The part of the input that was read: leading and trailing spaces and
    /// C0 controls (junk around a pasted URL) are left out.
    pub trimmed: Span,
    /// The scheme, without its `:`.
    pub scheme: Option<Span>,
    /// `//` plus the authority, without the slashes.
    pub authority: Option<Span>,
    /// The userinfo, without its `@`.
    pub userinfo: Option<Span>,
    /// The host, brackets included for an IP literal.
    pub host: Option<Span>,
    /// What sort of host it is.
    pub host_kind: Option<HostKind>,
    /// The port, without its `:`.
    pub port: Option<Span>,
    /// The path, possibly empty.
    pub path: Span,
    /// The query, without its `?`.
    pub query: Option<Span>,
    /// The fragment, without its `#`.
    pub fragment: Option<Span>,
    /// Every component in URL order.
    pub components: Vec<Component>,
}

impl Split {
    /// Whether this is an absolute URI (it has a scheme).
    pub fn is_absolute(&self) -> bool {
        self.scheme.is_some()
    }
}

/// Bytes trimmed from both ends of a pasted URL: C0 controls and space, as
/// the WHATWG URL parser trims them.
pub(crate) fn is_trimmed_byte(b: u8) -> bool {
    b <= b' '
}

/// Where `input` starts and ends without the [`is_trimmed_byte`]s around
/// it.
fn trimmed_range(input: &[u8]) -> (usize, usize) {
    let start = input
        .iter()
        .position(|&b| !is_trimmed_byte(b))
        .unwrap_or(input.len());
    let end = input
        .iter()
        .rposition(|&b| !is_trimmed_byte(b))
        .map_or(start, |i| i + 1);
    (start, end)
}

/// `input` without the [`is_trimmed_byte`]s around it.
pub(crate) fn trimmed(input: &[u8]) -> &[u8] {
    let (start, end) = trimmed_range(input);
    input.get(start..end).unwrap_or_default()
}

/// The pairs of delimiters around a URL in text, which are not part of
/// it: `<` and `>` or double quotes, which RFC 3986 (Appendix C) suggests
/// (as mail clients write a link in plain text: `<https://example.com/>`),
/// then the parentheses, single quotes and backticks of prose, chat and
/// Markdown (`(https://example.com/)`). A URL never starts with one of
/// their openers followed by a scheme: RFC 3986 forbids a ':' in the first
/// segment of a relative path.
pub(crate) const DELIMITERS: [(u8, u8); 5] = [
    (b'<', b'>'),
    (b'"', b'"'),
    (b'(', b')'),
    (b'\'', b'\''),
    (b'`', b'`'),
];

/// Whether RFC 3986 (Appendix C) suggests the pair of [`DELIMITERS`]
/// that `open` opens.
pub(crate) fn rfc_3986_delimiter(open: u8) -> bool {
    matches!(open, b'<' | b'"')
}

/// The punctuation a sentence may put right after a quoted URL
/// (`"https://example.com/",`), left out with the delimiters.
const AFTER_CLOSE: &[u8] = b",.;:!?";

/// Where the inside of a pair of [`DELIMITERS`] around `text` is, one
/// sentence's punctuation after the closing one allowed ([`AFTER_CLOSE`]),
/// with the pair; whatever they enclose.
pub(crate) fn delimited(text: &[u8]) -> Option<(Span, (u8, u8))> {
    let (&first, rest) = text.split_first()?;
    let rest = match rest.split_last() {
        Some((&p, before))
            if AFTER_CLOSE.contains(&p)
                && before
                    .last()
                    .is_some_and(|&c| DELIMITERS.contains(&(first, c))) =>
        {
            before
        }
        _ => rest,
    };
    let (&last, inside) = rest.split_last()?;
    DELIMITERS
        .contains(&(first, last))
        .then(|| (Span::new(1, 1 + inside.len()), (first, last)))
}

/// What a pair of [`DELIMITERS`] around `start..end` (the pasted URL,
/// spaces trimmed) encloses ([`delimited`]), when it starts with a scheme
/// and its `:`: the whole inside, then the URL there with its spaces
/// trimmed, both as ranges of `input`.
fn enclosed(input: &[u8], start: usize, end: usize) -> Option<((usize, usize), (usize, usize))> {
    let (inside, _) = delimited(input.get(start..end)?)?;
    let (inside_start, inside_end) = (start + inside.start, start + inside.end);
    let inner = input.get(inside_start..inside_end)?;
    let (lead, trail) = trimmed_range(inner);
    let url = inner.get(lead..trail)?;
    let colon = memchr(b':', url)?;
    is_scheme(url.get(..colon)?).then_some((
        (inside_start, inside_end),
        (inside_start + lead, inside_start + trail),
    ))
}

/// `start..end` (the pasted URL, spaces trimmed) without a pair of
/// [`DELIMITERS`] around it ([`enclosed`]); the spaces inside them are
/// trimmed too.
fn inside_delimiters(input: &[u8], start: usize, end: usize) -> (usize, usize) {
    enclosed(input, start, end).map_or((start, end), |(_, url)| url)
}

/// `input` without the [`DELIMITERS`] around it that [`outline`] leaves
/// out (the spaces inside them kept, for a parser that trims them
/// itself), else `input`.
pub(crate) fn without_delimiters(input: &[u8]) -> &[u8] {
    let (start, end) = trimmed_range(input);
    enclosed(input, start, end)
        .and_then(|((inside_start, inside_end), _)| input.get(inside_start..inside_end))
        .unwrap_or(input)
}

/// Whether `bytes` is a scheme by RFC 3986's grammar: a letter, then
/// letters, digits, `+`, `-` and `.`.
pub(crate) fn is_scheme(bytes: &[u8]) -> bool {
    match bytes.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic() && rest.iter().all(|&b| crate::schemes::is_scheme_byte(b))
        }
        None => false,
    }
}

/// Split `input` by RFC 3986 generic syntax. Never fails.
///
/// # Examples
/// ```
/// use urlscope_core::split::{split, ComponentKind};
/// let input = b"https://user@example.com:8080/a/b?x=1&y#top";
/// let s = split(input);
/// let kinds: Vec<_> = s.components.iter().map(|c| c.kind).collect();
/// use ComponentKind::*;
/// assert_eq!(kinds, [Scheme, Userinfo, Host, Port, PathSegment, PathSegment,
///                    QueryKey, QueryValue, QueryKey, Fragment]);
/// assert_eq!(s.host.map(|h| h.of(input)), Some(&b"example.com"[..]));
/// ```
pub fn split(input: &[u8]) -> Split {
    let mut out = outline(input);
    let mut components = Vec::new();
    each_component(input, &out, |c| components.push(c));
    out.components = components;
    out
}

/// [`split`] without the list of components: the spans of scheme,
/// authority, path, query and fragment only (for passes that rewrite whole
/// parts and need no per-segment list).
pub fn outline(input: &[u8]) -> Split {
    let (start, end) = trimmed_range(input);
    let (start, end) = inside_delimiters(input, start, end);
    let mut out = Split {
        trimmed: Span::new(start, end),
        ..Split::default()
    };
    let text = input.get(start..end).unwrap_or_default();
    let at = |i: usize| start + i;

    // Fragment: everything after the first '#'.
    let before_fragment = match memchr(b'#', text) {
        Some(h) => {
            out.fragment = Some(Span::new(at(h + 1), end));
            h
        }
        None => text.len(),
    };
    // Query: after the first '?' before the fragment.
    let head = text.get(..before_fragment).unwrap_or_default();
    let before_query = match memchr(b'?', head) {
        Some(q) => {
            out.query = Some(Span::new(at(q + 1), at(before_fragment)));
            q
        }
        None => before_fragment,
    };
    let head = text.get(..before_query).unwrap_or_default();

    // Scheme: up to the first ':' if it comes before any '/', and is a
    // well-formed scheme name.
    let mut rest_start = 0;
    if let Some(colon) = memchr2(b':', b'/', head).filter(|&i| head.get(i) == Some(&b':')) {
        if is_scheme(head.get(..colon).unwrap_or_default()) {
            out.scheme = Some(Span::new(at(0), at(colon)));
            rest_start = colon + 1;
        }
    }
    let rest = head.get(rest_start..).unwrap_or_default();

    // Authority: after "//", up to the next '/'.
    let mut path_start = rest_start;
    if rest.starts_with(b"//") {
        let auth_start = rest_start + 2;
        let auth_text = head.get(auth_start..).unwrap_or_default();
        let auth_len = memchr(b'/', auth_text).unwrap_or(auth_text.len());
        split_authority(&mut out, input, at(auth_start), at(auth_start + auth_len));
        path_start = auth_start + auth_len;
    }
    out.path = Span::new(at(path_start), at(before_query));
    out
}

/// `outline`, the [`outline`] of `input`, read instead as an address bar
/// reads text typed without a scheme: its first `authority_len` bytes
/// (after the trimmed junk) are the authority, as if `//` stood before
/// them (`www.example.com:8080/a` is host, port and path), and no scheme
/// is read (`example.com:8080` is no scheme `example.com`). The analysis
/// decides when to read an input so (`analysis::address_bar`); the caller
/// makes sure the authority ends before any `?` or `#`.
pub(crate) fn with_leading_authority(
    mut outline: Split,
    input: &[u8],
    authority_len: usize,
) -> Split {
    let start = outline.trimmed.start;
    let end = (start + authority_len).min(outline.path.end);
    outline.scheme = None;
    split_authority(&mut outline, input, start, end);
    outline.path = Span::new(end, outline.path.end);
    outline
}

/// At least as many components as [`each_component`] gives for `outline`
/// (for sizing a list of them).
pub(crate) fn component_bound(input: &[u8], outline: &Split) -> usize {
    let count = |span: Option<Span>, b: u8| {
        span.map_or(0, |s| memchr::memchr_iter(b, s.of(input)).count() + 1)
    };
    5 + count(Some(outline.path), b'/') + 2 * count(outline.query, b'&')
}

/// Calls `f` with each component of an outline, in URL order: what
/// [`split`] lists, without holding the list.
pub(crate) fn each_component(input: &[u8], out: &Split, mut f: impl FnMut(Component)) {
    let components = &mut f;
    if let Some(span) = out.scheme {
        components(Component {
            kind: ComponentKind::Scheme,
            span,
        });
    }
    for (kind, span) in [
        (ComponentKind::Userinfo, out.userinfo),
        (ComponentKind::Host, out.host),
        (ComponentKind::Port, out.port),
    ] {
        if let Some(span) = span {
            components(Component { kind, span });
        }
    }
    push_segments(components, input, out.path);
    if let Some(query) = out.query {
        push_query_pairs(components, input, query);
    }
    if let Some(span) = out.fragment {
        components(Component {
            kind: ComponentKind::Fragment,
            span,
        });
    }
}

/// Split `authority` (absolute offsets into `input`) into userinfo, host
/// and port.
fn split_authority(out: &mut Split, input: &[u8], start: usize, end: usize) {
    out.authority = Some(Span::new(start, end));
    let auth = input.get(start..end).unwrap_or_default();
    // RFC 3986 allows no '@' in userinfo or host, so the first '@' ends the
    // userinfo. (WHATWG parsers take the last one; `parser-differential`
    // reports when that matters.)
    let host_start = match memchr(b'@', auth) {
        Some(i) => {
            out.userinfo = Some(Span::new(start, start + i));
            i + 1
        }
        None => 0,
    };
    let host_text = auth.get(host_start..).unwrap_or_default();
    let (host_len, kind) = if host_text.first() == Some(&b'[') {
        match memchr(b']', host_text) {
            Some(close) => {
                let inner = host_text.get(1..close).unwrap_or_default();
                let kind = if std::str::from_utf8(inner)
                    .is_ok_and(|s| s.parse::<std::net::Ipv6Addr>().is_ok())
                {
                    HostKind::Ipv6
                } else {
                    HostKind::IpLiteralOther
                };
                (close + 1, kind)
            }
            // An unterminated literal runs to the end of the authority.
            None => (host_text.len(), HostKind::IpLiteralOther),
        }
    } else {
        let len = memchr(b':', host_text).unwrap_or(host_text.len());
        let name = host_text.get(..len).unwrap_or_default();
        let kind = if name.is_empty() {
            HostKind::Empty
        } else if is_dotted_decimal(name) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        };
        (len, kind)
    };
    let host_end = start + host_start + host_len;
    out.host = Some(Span::new(start + host_start, host_end));
    out.host_kind = Some(kind);
    if input.get(host_end) == Some(&b':') && host_end < end {
        out.port = Some(Span::new(host_end + 1, end));
    } else if host_end < end {
        // Junk after an IP literal (`[::1]x`): keep it visible as a port.
        out.port = Some(Span::new(host_end, end));
    }
}

/// `dec-octet "." dec-octet "." dec-octet "." dec-octet` (RFC 3986 §3.2.2).
pub(crate) fn is_dotted_decimal(name: &[u8]) -> bool {
    let mut count = 0;
    for octet in name.split(|&b| b == b'.') {
        count += 1;
        let ok = !octet.is_empty()
            && octet.len() <= 3
            && octet.iter().all(u8::is_ascii_digit)
            && (octet.len() == 1 || octet.first() != Some(&b'0'))
            && std::str::from_utf8(octet)
                .ok()
                .and_then(|s| s.parse::<u16>().ok())
                .is_some_and(|v| v <= 255);
        if !ok {
            return false;
        }
    }
    count == 4
}

/// Path segments: after each '/', or from the start for a rootless path.
fn push_segments(components: &mut impl FnMut(Component), input: &[u8], path: Span) {
    if path.is_empty() {
        return;
    }
    let text = path.of(input);
    let mut seg_start = if text.first() == Some(&b'/') { 1 } else { 0 };
    loop {
        let rest = text.get(seg_start..).unwrap_or_default();
        let len = memchr(b'/', rest).unwrap_or(rest.len());
        components(Component {
            kind: ComponentKind::PathSegment,
            span: Span::new(path.start + seg_start, path.start + seg_start + len),
        });
        if seg_start + len >= text.len() {
            break;
        }
        seg_start += len + 1;
    }
}

/// Query pairs: split on '&', then on the first '='. Empty pairs (`a&&b`)
/// are skipped; empty keys and values are kept.
fn push_query_pairs(components: &mut impl FnMut(Component), input: &[u8], query: Span) {
    let text = query.of(input);
    let mut pair_start = 0;
    while pair_start <= text.len() {
        let rest = text.get(pair_start..).unwrap_or_default();
        let len = memchr(b'&', rest).unwrap_or(rest.len());
        let pair = rest.get(..len).unwrap_or_default();
        let abs = query.start + pair_start;
        if !pair.is_empty() {
            match memchr(b'=', pair) {
                Some(eq) => {
                    components(Component {
                        kind: ComponentKind::QueryKey,
                        span: Span::new(abs, abs + eq),
                    });
                    components(Component {
                        kind: ComponentKind::QueryValue,
                        span: Span::new(abs + eq + 1, abs + len),
                    });
                }
                None => components(Component {
                    kind: ComponentKind::QueryKey,
                    span: Span::new(abs, abs + len),
                }),
            }
        }
        pair_start += len + 1;
    }
}

/// The parameters of a fragment written as a query, which no server is
/// sent but a page's script reads: OAuth's and OpenID Connect's implicit
/// flows (`#access_token=...&state=...`) and a page's hash route
/// (`#/login?next=...`, its pairs after its first '?'). Each pair with a
/// '=': its key's and its value's spans in `input`.
pub(crate) fn fragment_params(input: &[u8], fragment: Span) -> Vec<(Span, Span)> {
    let text = fragment.of(input);
    // A text fragment's directive (`#:~:text=...`) is taken out of the
    // fragment by the browser: no script reads it.
    if text.starts_with(b":~:") {
        return Vec::new();
    }
    let Some(eq) = memchr(b'=', text) else {
        return Vec::new();
    };
    // A route's parameters follow its first '?', whatever '=' its path
    // holds (Angular's `#/heroes;id=15?next=...`).
    let route = text.starts_with(b"/") || text.starts_with(b"!/");
    let before = if route {
        text
    } else {
        text.get(..eq).unwrap_or_default()
    };
    let start = memchr(b'?', before).map_or(0, |q| q + 1);
    let mut pairs = Vec::new();
    let mut key = None;
    push_query_pairs(
        &mut |c: Component| match c.kind {
            ComponentKind::QueryKey => key = Some(c.span),
            _ => pairs.extend(key.take().map(|k| (k, c.span))),
        },
        input,
        Span::new(fragment.start + start, fragment.end),
    );
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fragment_written_as_a_query_has_parameters() {
        let params = |url: &str| {
            let parts = split(url.as_bytes());
            let fragment = parts.fragment.unwrap();
            fragment_params(url.as_bytes(), fragment)
                .into_iter()
                .map(|(k, v)| {
                    let text = |s: Span| String::from_utf8_lossy(s.of(url.as_bytes())).into_owned();
                    (text(k), text(v))
                })
                .collect::<Vec<_>>()
        };
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        assert_eq!(
            params("https://a.example/cb#access_token=t&state=s&x"),
            [pair("access_token", "t"), pair("state", "s")]
        );
        assert_eq!(
            params("https://a.example/#/login?next=https://e.example/?a=b&c"),
            [pair("next", "https://e.example/?a=b")]
        );
        assert!(params("https://a.example/#section-2").is_empty());
        assert_eq!(
            params("https://a.example/#/heroes;id=15?next=x"),
            [pair("next", "x")]
        );
        assert!(params("https://a.example/#:~:text=https://e.example").is_empty());
    }

    fn parts(input: &str) -> Vec<(ComponentKind, String)> {
        let s = split(input.as_bytes());
        s.components
            .iter()
            .map(|c| {
                (
                    c.kind,
                    String::from_utf8_lossy(c.span.of(input.as_bytes())).into_owned(),
                )
            })
            .collect()
    }

    use ComponentKind::*;

    fn p(kind: ComponentKind, s: &str) -> (ComponentKind, String) {
        (kind, s.to_string())
    }

    #[test]
    fn full_url_splits_into_every_component() {
        assert_eq!(
            parts("foo://user:pw@example.com:8042/over/there?name=ferret&x#nose"),
            [
                p(Scheme, "foo"),
                p(Userinfo, "user:pw"),
                p(Host, "example.com"),
                p(Port, "8042"),
                p(PathSegment, "over"),
                p(PathSegment, "there"),
                p(QueryKey, "name"),
                p(QueryValue, "ferret"),
                p(QueryKey, "x"),
                p(Fragment, "nose"),
            ]
        );
    }

    #[test]
    fn request_targets_and_relative_references() {
        assert_eq!(parts("/path?q"), [p(PathSegment, "path"), p(QueryKey, "q")]);
        assert_eq!(parts("//host/p"), [p(Host, "host"), p(PathSegment, "p")]);
        assert_eq!(parts("?q=1"), [p(QueryKey, "q"), p(QueryValue, "1")]);
        assert_eq!(parts("*"), [p(PathSegment, "*")]);
        assert_eq!(parts(""), []);
    }

    #[test]
    fn encoded_delimiters_stay_data() {
        assert_eq!(
            parts("?a=b%26c=d&e="),
            [
                p(QueryKey, "a"),
                p(QueryValue, "b%26c=d"),
                p(QueryKey, "e"),
                p(QueryValue, "")
            ]
        );
        assert_eq!(
            parts("/a%2Fb/c"),
            [p(PathSegment, "a%2Fb"), p(PathSegment, "c")]
        );
    }

    #[test]
    fn repeated_keys_kept_and_empty_pairs_skipped() {
        assert_eq!(
            parts("?a=1&&a=2"),
            [
                p(QueryKey, "a"),
                p(QueryValue, "1"),
                p(QueryKey, "a"),
                p(QueryValue, "2")
            ]
        );
    }

    #[test]
    fn userinfo_ends_at_the_first_at_sign() {
        assert_eq!(
            parts("http://a@b@c/"),
            [
                p(Scheme, "http"),
                p(Userinfo, "a"),
                p(Host, "b@c"),
                p(PathSegment, "")
            ]
        );
    }

    #[test]
    fn backslash_is_not_a_delimiter_in_rfc_3986() {
        let s = split(b"http://evil.com\\@good.com/");
        assert_eq!(s.userinfo.map(|u| u.len()), Some(9));
        assert_eq!(
            s.host.map(|h| h.of(b"http://evil.com\\@good.com/")),
            Some(&b"good.com"[..])
        );
    }

    #[test]
    fn ipv6_host_keeps_brackets_and_port() {
        let input = b"http://[::1]:8080/";
        let s = split(input);
        assert_eq!(s.host_kind, Some(HostKind::Ipv6));
        assert_eq!(s.host.map(|h| h.of(input)), Some(&b"[::1]"[..]));
        assert_eq!(s.port.map(|h| h.of(input)), Some(&b"8080"[..]));
    }

    #[test]
    fn surrounding_junk_is_trimmed() {
        let input = b"  http://x/ \r\n";
        let s = split(input);
        assert_eq!(s.trimmed, Span::new(2, 11));
        assert_eq!(s.scheme.map(|h| h.of(input)), Some(&b"http"[..]));
    }

    #[test]
    fn delimiters_around_a_url_are_left_out() {
        for (input, url) in [
            ("<http://x/a>", "http://x/a"),
            ("\"http://x/a\",", "http://x/a"),
            ("( http://x/a_(b) ).", "http://x/a_(b)"),
            ("'http://x/a'", "http://x/a"),
            ("`http://x/a`;", "http://x/a"),
            // No scheme inside, an unpaired opener, or two punctuation marks.
            ("(x/a)", "(x/a)"),
            ("(http://x/a", "(http://x/a"),
            ("\"http://x/a\",.", "\"http://x/a\",."),
            ("\"http://x/a)", "\"http://x/a)"),
        ] {
            let s = split(input.as_bytes());
            assert_eq!(s.trimmed.of(input.as_bytes()), url.as_bytes(), "{input}");
            // The spaces inside the delimiters are kept for a parser.
            assert_eq!(
                without_delimiters(input.as_bytes()).trim_ascii(),
                url.as_bytes(),
                "{input}"
            );
        }
    }

    #[test]
    fn not_a_scheme_when_slash_comes_first_or_name_is_bad() {
        assert_eq!(parts("a/b:c"), [p(PathSegment, "a"), p(PathSegment, "b:c")]);
        assert_eq!(parts("1a:b"), [p(PathSegment, "1a:b")]);
        assert_eq!(
            parts("mailto:x@y"),
            [p(Scheme, "mailto"), p(PathSegment, "x@y")]
        );
    }

    #[test]
    fn dotted_decimal_is_strict() {
        assert!(is_dotted_decimal(b"127.0.0.1"));
        assert!(!is_dotted_decimal(b"0177.0.0.1"));
        assert!(!is_dotted_decimal(b"256.0.0.1"));
        assert!(!is_dotted_decimal(b"1.2.3"));
    }
}
