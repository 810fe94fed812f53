//! Which host each kind of parser reads in the URL itself: the one a
//! browser opens (the WHATWG URL Standard), and the one RFC 3986 parsers
//! such as Python's `urllib.parse` read when it is another
//! (`http://evil.com\@good.com/`). Each reading is written out as the
//! parser finds the host, so that [`classify_host`] says how it is spelled.

use super::class::{classify_host, site_of, HostClass};
use crate::analysis::whatwg::is_tab_or_newline;
use crate::sites::Imitation;
use crate::split::{Span, Split};
use std::borrow::Cow;

/// A kind of URL parser that reads another host in the URL than the one a
/// browser opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reader {
    /// Parsers that follow RFC 3986 (its Appendix B split): a backslash is
    /// no separator, the authority needs `//`, the host follows an `@`.
    Rfc3986,
}

impl Reader {
    /// Its name in `explain --json`: `rfc3986`.
    pub fn name(self) -> &'static str {
        match self {
            Reader::Rfc3986 => "rfc3986",
        }
    }
}

/// A widely used parser whose reading of a host was checked against its
/// own code, to name as an example of a [`Reader`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Peer {
    /// Python's `urllib.parse.urlsplit(url).hostname`.
    PythonUrllib,
}

impl Peer {
    /// Its name in `explain --json`: `python-urllib`.
    pub fn name(self) -> &'static str {
        match self {
            Peer::PythonUrllib => "python-urllib",
        }
    }
}

/// The host another kind of parser reads in the URL, when it is not the
/// one a browser opens (`http://evil.com\@good.com/`: a browser opens
/// `evil.com`, an RFC 3986 parser reads `good.com`). A filter built on one
/// parser and a fetcher built on the other act on different hosts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct OtherReading {
    /// Who reads it.
    pub reader: Reader,
    /// Known parsers of that kind that read this host here (checked on
    /// this URL, not assumed from the kind).
    pub peers: Vec<Peer>,
    /// The host it reads, classed; `None` when it reads none
    /// (`http:evil.com`).
    pub host: Option<HostClass>,
    /// That host's registrable domain, or its address.
    pub site: Option<String>,
    /// The famous site that host imitates, when it is a look-alike.
    pub imitates: Option<Imitation>,
}

/// A browser's refusal of the URL itself: the URL Standard's parser fails
/// on it (`http://1.2.3.4.5/`, `http://a%40b.com/`), so a browser makes
/// no request at all, while RFC 3986 clients, which accept it, go to the
/// destination's `host`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BrowserRefusal {
    /// Why the URL Standard's parser fails (as the `url` crate says it):
    /// `invalid IPv4 address`, `invalid international domain name`...
    pub reason: String,
    /// Whether the failure is in the host: RFC 3986 clients then connect
    /// to a host a browser never would.
    pub of_host: bool,
    /// Known RFC 3986 parsers checked to read the destination's `host`
    /// here (none when it has none).
    pub peers: Vec<Peer>,
}

/// The refusal of a browser for the URL itself, when it refuses it: the
/// URL has a scheme (a relative reference fails to parse alone, which is
/// no refusal) and the URL Standard's parser fails on it. `rfc3986` is the
/// host RFC 3986 clients read, classed.
pub(super) fn browser_refusal(
    input: &[u8],
    parts: &Split,
    rfc3986: Option<&HostClass>,
    base: Option<&url::Url>,
) -> Option<BrowserRefusal> {
    if base.is_some() || parts.scheme.is_none() {
        return None;
    }
    let text = String::from_utf8_lossy(parts.trimmed.of(input));
    let error = url::Url::parse(&text).err()?;
    let peers = match (rfc3986, python_urllib_host(&text)) {
        (Some(ours), Some(python)) if classify_host(&python).canonical == ours.canonical => {
            vec![Peer::PythonUrllib]
        }
        _ => Vec::new(),
    };
    // In the words of the rule that refuses it (a forbidden code point,
    // which `url` words as an IDNA failure), as every front end shows it.
    let reason = crate::analysis::WhatwgReading::refusal_reason(
        &error.to_string(),
        rfc3986.map(|h| h.canonical.as_str()),
    )
    .into_owned();
    Some(BrowserRefusal {
        reason,
        of_host: refuses_host(error),
        peers,
    })
}

/// Whether the URL Standard's parser failed on the host itself.
pub(crate) fn refuses_host(error: url::ParseError) -> bool {
    use url::ParseError as E;
    matches!(
        error,
        E::IdnaError | E::InvalidIpv4Address | E::InvalidIpv6Address | E::InvalidDomainCharacter
    )
}

/// [`refuses_host`] of a failure as it is worded (`invalid IPv4
/// address`), for the checks that hold only the words.
pub(crate) fn refuses_host_worded(reason: &str) -> bool {
    use url::ParseError as E;
    [
        E::IdnaError,
        E::InvalidIpv4Address,
        E::InvalidIpv6Address,
        E::InvalidDomainCharacter,
    ]
    .iter()
    .any(|e| e.to_string() == reason)
}

/// The host a browser opens for the URL itself, and the host RFC 3986
/// parsers read when it is another. `rfc3986` is the split's host, classed;
/// `base` the WHATWG parse of the trimmed input. A host both read alike
/// however each writes it (`0x7f.1` and `127.0.0.1`, `good。com` and
/// `good.com`, `%65vil.com` and `evil.com`) is one host: [`classify_host`]
/// reads it as WHATWG does. When WHATWG rejects the URL or reads no host,
/// the RFC 3986 host is all there is.
pub(super) fn browser_reading(
    input: &[u8],
    parts: &Split,
    rfc3986: Option<&HostClass>,
    base: Option<&url::Url>,
) -> (Option<HostClass>, Option<OtherReading>) {
    // An empty authority (`file:///etc/passwd`) names no host.
    let rfc3986 = rfc3986.filter(|h| !h.canonical.is_empty());
    let Some(browser) = base
        .and_then(url::Url::host_str)
        .filter(|h| !h.is_empty())
        .map(classify_host)
    else {
        return match (base, rfc3986) {
            (Some(u), Some(theirs)) if opens_no_host(u, theirs) => {
                (None, Some(other_reading(parts, input, theirs)))
            }
            // A browser refuses the URL, and its host holds what no RFC
            // 3986 host does (`@127.2.2.2` after the first '@' of
            // `http://a:80:\@@127.2.2.2/`): Python, which ends the
            // userinfo at the last '@', reads the host a client reaches.
            (None, Some(_)) if !rfc3986_readable(input, parts) => {
                let text = String::from_utf8_lossy(parts.trimmed.of(input));
                let python = python_urllib_host(&text).filter(|h| !h.is_empty());
                (
                    python
                        .map(|h| classify_host(&h))
                        .or_else(|| rfc3986.cloned()),
                    None,
                )
            }
            _ => (rfc3986.cloned(), None),
        };
    };
    let theirs = rfc3986.filter(|h| !h.canonical.is_empty());
    if theirs.is_some_and(|h| h.canonical == browser.canonical) {
        return (rfc3986.cloned(), None);
    }
    let text = String::from_utf8_lossy(parts.trimmed.of(input));
    let browser = browser_host_text(&text, base)
        .map(|h| classify_host(&h))
        .unwrap_or(browser);
    let python = python_urllib_host(&text).map(|h| classify_host(&h));
    // A host no RFC 3986 parser reads (`b@good.com`, split at the first
    // '@' of `http://a@b@good.com/`) gives way to what Python, which
    // follows RFC 3986 but ends the userinfo at the last '@', reads.
    let (host, peers) = if rfc3986_readable(input, parts) {
        let agrees = python.as_ref().map(|p| &p.canonical) == theirs.map(|h| &h.canonical);
        (
            theirs.cloned(),
            if agrees {
                vec![Peer::PythonUrllib]
            } else {
                Vec::new()
            },
        )
    } else {
        match python.filter(|p| p.canonical != browser.canonical) {
            Some(p) => (Some(p), vec![Peer::PythonUrllib]),
            None => return (Some(browser), None),
        }
    };
    let other = OtherReading {
        reader: Reader::Rfc3986,
        peers,
        site: host.as_ref().map(site_of),
        host,
        imitates: None,
    };
    (Some(browser), Some(other))
}

/// Whether a browser, which parsed the URL as `u` and read no host in it,
/// opens no host where RFC 3986 parsers read `theirs`: a `file:` URL
/// whose host a browser reads as `localhost` (the reader's own machine,
/// which the URL Standard writes as no host) where RFC 3986 reads another
/// (`file://localhost\x`: a browser ends the host at the backslash and
/// opens the local file `/x`; node's `new URL()` gives the host `''`,
/// RFC 3986 reads `localhost\x`). `file://localhost/x`, where both read
/// `localhost`, is one place, which RFC 3986's host names.
fn opens_no_host(u: &url::Url, theirs: &HostClass) -> bool {
    u.scheme() == "file"
        && !theirs.canonical.is_empty()
        && !theirs.canonical.eq_ignore_ascii_case("localhost")
}

/// What RFC 3986 parsers read in the URL (`parts` of `input`) where a
/// browser opens no host: `theirs`, the split's host, naming Python's
/// urllib when it was checked to read the same.
pub(crate) fn other_reading(parts: &Split, input: &[u8], theirs: &HostClass) -> OtherReading {
    let text = String::from_utf8_lossy(parts.trimmed.of(input));
    let agrees =
        python_urllib_host(&text).is_some_and(|p| classify_host(&p).canonical == theirs.canonical);
    OtherReading {
        reader: Reader::Rfc3986,
        peers: if agrees {
            vec![Peer::PythonUrllib]
        } else {
            Vec::new()
        },
        site: Some(site_of(theirs)),
        host: Some(theirs.clone()),
        imitates: None,
    }
}

/// Whether the split's host is one an RFC 3986 parser reads: every byte
/// one RFC 3986 allows in a host (no '@' of a second userinfo).
fn rfc3986_readable(input: &[u8], parts: &Split) -> bool {
    parts
        .host
        .is_none_or(|h| h.of(input).iter().all(|&b| in_rfc3986_host(b)))
}

/// Whether RFC 3986 allows byte `b` in a host: a reg-name's unreserved
/// characters, escapes and sub-delimiters, an IP literal's brackets and
/// colons, and (as IRIs, RFC 3987, write them) bytes of non-ASCII
/// characters.
fn in_rfc3986_host(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b >= 0x80 || b"-._~%!$&'()*+,;=:[]".contains(&b)
}

/// The host a browser opens for `text` (parsed as `base`), written so that
/// [`classify_host`] classes it as the browser reads it and says how it
/// is spelled: as written in `text` when that reads as the same host
/// (`0x7f.1\@good.com` opens 127.0.0.1, written as a number form), else
/// as the browser serializes it.
fn browser_host_text(text: &str, base: Option<&url::Url>) -> Option<String> {
    let u = base?;
    let serialized = u.host_str().filter(|h| !h.is_empty())?;
    let canonical = classify_host(serialized).canonical;
    whatwg_written_host(text, crate::schemes::is_special(u.scheme()))
        .filter(|h| classify_host(h).canonical == canonical)
        .or_else(|| Some(serialized.to_string()))
}

/// The host of the URL itself as written, as [`analyze`](crate::analysis::analyze)'s
/// first destination reads it: [`classify_host`] of it is that
/// destination's `host`. It is the RFC 3986 host unless a browser opens
/// another, and then the browser's (see [`OtherReading`]). For callers that
/// want where a URL leads without its whole analysis (a URL whose readings
/// are certain to agree is not parsed again); `parts` is
/// [`outline`](crate::split::outline) of `input`.
///
/// # Examples
/// ```
/// use urlscope_core::analysis::destination_host;
/// use urlscope_core::split::outline;
/// let host = |url: &[u8]| destination_host(url, &outline(url)).map(|h| h.into_owned());
/// assert_eq!(host(b"https://example.com/a").as_deref(), Some(&b"example.com"[..]));
/// assert_eq!(host(br"http://0x7f.1\@good.com/").as_deref(), Some(&b"0x7f.1"[..]));
/// assert_eq!(host(b"http:evil.com").as_deref(), Some(&b"evil.com"[..]));
/// // A browser reads `localhost` in a `file:` URL as no host.
/// assert_eq!(host(br"file://localhost\x").as_deref(), None);
/// ```
pub fn destination_host<'a>(input: &'a [u8], parts: &Split) -> Option<Cow<'a, [u8]>> {
    let rfc3986 = || parts.host.map(|h| Cow::Borrowed(h.of(input)));
    if !crate::analysis::whatwg::whatwg_may_differ(input, parts) {
        return rfc3986();
    }
    let text = String::from_utf8_lossy(parts.trimmed.of(input));
    let base = url::Url::parse(&text).ok();
    let class = parts
        .host
        .map(|s| classify_host(&String::from_utf8_lossy(s.of(input))));
    let (host, _) = browser_reading(input, parts, class.as_ref(), base.as_ref());
    match base {
        _ if host == class => rfc3986(),
        // A browser refuses the URL: the host Python reads (see
        // `browser_reading`).
        None => python_urllib_host(&text).map(|h| Cow::Owned(h.into_bytes())),
        Some(base) => browser_host_text(&text, Some(&base)).map(|h| Cow::Owned(h.into_bytes())),
    }
}

/// The host of `text` as written, where the URL Standard finds it (see
/// [`whatwg_host_span`]).
pub(crate) fn whatwg_written_host(text: &str, special: bool) -> Option<String> {
    let span = whatwg_host_span(text.as_bytes(), special)?;
    let host: Vec<u8> = span
        .of(text.as_bytes())
        .iter()
        .copied()
        .filter(|&b| !is_tab_or_newline(b))
        .collect();
    String::from_utf8(host).ok()
}

/// Where in `url` the URL Standard finds its host: tabs and newlines
/// skipped, leading controls and spaces too, then after its scheme's `:`
/// (special or not as the scheme read without its tabs is), past any run
/// of slashes (and backslashes, in a special URL) or after `//`; in a
/// reference with no scheme (`//evil.example/`, read on a page whose
/// scheme is special or not as `special` says), past its leading two or
/// more slashes. Then up to the first `/`, `?` or `#` (or `\`, in a
/// special URL), after the last `@`, before a port. The span runs over
/// any tab or newline inside the host, as written.
pub(crate) fn whatwg_host_span(url: &[u8], special: bool) -> Option<Span> {
    // The positions of the bytes the parser reads.
    let kept: Vec<usize> = (0..url.len())
        .filter(|&i| !url.get(i).is_some_and(|&b| is_tab_or_newline(b)))
        .collect();
    let byte = |k: usize| kept.get(k).and_then(|&i| url.get(i)).copied();
    let start = (0..kept.len())
        .find(|&k| byte(k).is_some_and(|b| b > b' '))
        .unwrap_or(kept.len());
    // The scheme: a letter, then letters, digits, '+', '-' or '.', to ':'.
    let name_end = (start..kept.len())
        .find(|&k| !byte(k).is_some_and(crate::schemes::is_scheme_byte))
        .unwrap_or(kept.len());
    let has_scheme =
        byte(start).is_some_and(|b| b.is_ascii_alphabetic()) && byte(name_end) == Some(b':');
    let mut k = start;
    let special = if has_scheme {
        let scheme: String = (start..name_end)
            .filter_map(byte)
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect();
        k = name_end + 1;
        crate::schemes::is_special(&scheme)
    } else {
        special
    };
    let slash = |b: Option<u8>| b == Some(b'/') || special && b == Some(b'\\');
    if special && has_scheme {
        while slash(byte(k)) {
            k += 1;
        }
    } else if slash(byte(k)) && slash(byte(k + 1)) {
        k += 2;
        // A reference on a special page reads past every slash.
        while special && slash(byte(k)) {
            k += 1;
        }
    } else {
        return None;
    }
    let ends_authority = |b: u8| matches!(b, b'/' | b'?' | b'#') || special && b == b'\\';
    let end = (k..kept.len())
        .find(|&e| byte(e).is_some_and(ends_authority))
        .unwrap_or(kept.len());
    let start = (k..end)
        .rev()
        .find(|&a| byte(a) == Some(b'@'))
        .map_or(k, |a| a + 1);
    let host_end = if byte(start) == Some(b'[') {
        (start..end)
            .find(|&e| byte(e) == Some(b']'))
            .map_or(end, |e| e + 1)
    } else {
        (start..end).find(|&e| byte(e) == Some(b':')).unwrap_or(end)
    };
    if host_end <= start {
        return None;
    }
    let first = *kept.get(start)?;
    let last = *kept.get(host_end - 1)?;
    Some(Span::new(first, last + 1))
}

/// The host Python's `urllib.parse.urlsplit(text).hostname` reads
/// (CPython 3.11's `urllib/parse.py`): tabs and newlines removed, leading
/// controls and spaces stripped, a scheme of letters, digits, `+`, `-`
/// and `.` before the first `:`, then a network location only after `//`,
/// up to the first `/`, `?` or `#`; the host after its last `@`, without
/// its port, lowercase (an IPv6 address kept in its brackets, as
/// [`classify_host`] reads it). A backslash is an ordinary byte to it.
fn python_urllib_host(text: &str) -> Option<String> {
    let cleaned: String = text
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    let url = cleaned.trim_start_matches(|c: char| c <= ' ');
    let rest = match url.split_once(':') {
        Some((scheme, rest))
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')) =>
        {
            rest
        }
        _ => url,
    };
    let netloc = rest.strip_prefix("//")?;
    let netloc = netloc.split(['/', '?', '#']).next().unwrap_or_default();
    let (_, host) = netloc.rsplit_once('@').unwrap_or(("", netloc));
    let host = match host.split_once('[') {
        Some((_, bracketed)) => {
            let inner = bracketed.split(']').next().unwrap_or_default();
            // Python raises on brackets around what is neither an IPv6
            // address nor an IPvFuture (`_check_bracketed_host`).
            let valid =
                inner.parse::<std::net::Ipv6Addr>().is_ok() || inner.starts_with(['v', 'V']);
            return valid.then(|| format!("[{}]", inner.to_lowercase()));
        }
        None => host.split(':').next().unwrap_or_default(),
    };
    (!host.is_empty()).then(|| host.to_lowercase())
}
