//! The WHATWG URL Standard's reading of the input (through the `url`
//! crate, <https://url.spec.whatwg.org/#concept-basic-url-parser>), when it
//! must be parsed, and its comparison with the RFC 3986 reading, field by
//! field, with the reasons they differ.

use crate::analysis::HostReading;
use crate::clean::normalize;
use crate::schemes::default_port;
use crate::split::{outline, HostKind, Span, Split};
use crate::Analysis;

/// The WHATWG URL Standard reading of the input (from the `url` crate).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WhatwgReading {
    /// The serialized URL (`href`).
    pub href: String,
    /// The scheme, lowercase, without the `:`.
    pub scheme: String,
    /// The user name, percent-encoded; empty when there is none.
    pub username: String,
    /// The password, percent-encoded, when there is one.
    pub password: Option<String>,
    /// The host as serialized: ASCII (IDNA) for a domain, dotted decimal
    /// for IPv4, `[...]` for IPv6.
    pub host: Option<String>,
    /// The port, when one is written and is not the scheme's default.
    pub port: Option<u16>,
    /// The path as the parser serializes it (dot segments resolved,
    /// percent-encoded).
    pub path: String,
    /// The query, without the `?`.
    pub query: Option<String>,
    /// The fragment, without the `#`.
    pub fragment: Option<String>,
}

/// Whether a WHATWG parser may read `input`'s scheme, host, port or path
/// differently from RFC 3986, so that the comparison behind
/// `parser-differential` must run. It is `false` only when both are known
/// to agree: nothing around the URL, a special scheme other than `file`
/// followed by exactly `//`, a plain host (letters, digits, hyphens,
/// underscores and dots, no `xn--` label, not numeric at the end) with a
/// valid port (the plain origin of [`crate::plain::plain_origin`], where
/// triage starts too), and a rest of printable ASCII without backslashes,
/// with no dot segment and no `%2e` (WHATWG's other spelling of a dot) in
/// the path. A test checks on every corpus that whenever it is `false`
/// the readings indeed agree.
pub(crate) fn whatwg_may_differ(input: &[u8], parts: &Split) -> bool {
    if parts.trimmed != Span::new(0, input.len()) {
        return true;
    }
    let Some(path_start) = crate::plain::plain_origin(input) else {
        return true;
    };
    // Branch-free over blocks, so the scan of a long URL vectorizes.
    let rest = input.get(path_start..).unwrap_or_default();
    let odd = |block: &[u8]| {
        block.iter().fold(false, |odd, &b| {
            odd | (b <= b' ') | (b >= 0x7F) | (b == b'\\')
        })
    };
    if rest.chunks(64).any(odd) {
        return true;
    }
    let path = parts.path.of(input);
    let dot_segment = memchr::memmem::find_iter(path, b"/.").any(|at| {
        let segment = path.get(at + 1..).unwrap_or_default();
        let end = memchr::memchr(b'/', segment).unwrap_or(segment.len());
        matches!(segment.get(..end), Some(b"." | b".."))
    });
    dot_segment
        || memchr::memmem::find(path, b"%2e").is_some()
        || memchr::memmem::find(path, b"%2E").is_some()
}

/// The WHATWG reading of an input with a scheme, or of one whose scheme
/// only the URL Standard reads: it strips tabs and newlines anywhere, so
/// `java\tscript:alert(1)`, a relative reference to RFC 3986, is a
/// `javascript:` URL to a browser.
pub(crate) fn whatwg_reading(input: &[u8], parts: &Split) -> Option<Result<WhatwgReading, String>> {
    let text = std::str::from_utf8(crate::split::without_delimiters(input)).ok()?;
    if parts.scheme.is_none() {
        if !text.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
            return None;
        }
        let parsed = url::Url::parse(text).ok()?;
        return Some(reading_of(&Ok(parsed), input, parts));
    }
    Some(reading_of(&url::Url::parse(text), input, parts))
}

/// [`whatwg_reading`], from `base` (the WHATWG parse of the trimmed
/// input) when that parsed the same text: `whole_utf8` says the trimmed
/// input is the whole input and valid UTF-8, and [`whatwg_reading`]
/// parses the input when it has a scheme. Then one parse serves both.
pub(crate) fn reading_from_base(
    input: &[u8],
    parts: &Split,
    whole_utf8: bool,
    base: &Result<url::Url, url::ParseError>,
) -> Option<Result<WhatwgReading, String>> {
    if whole_utf8 && parts.scheme.is_some() {
        Some(reading_of(base, input, parts))
    } else {
        whatwg_reading(input, parts)
    }
}

/// The reading from a WHATWG parse, or why it failed
/// ([`WhatwgReading::refusal_reason`]
/// of the RFC 3986 host, which the parser read alike up to its failure).
fn reading_of(
    parsed: &Result<url::Url, url::ParseError>,
    input: &[u8],
    parts: &Split,
) -> Result<WhatwgReading, String> {
    match parsed {
        Ok(u) => Ok(WhatwgReading {
            href: u.as_str().to_string(),
            scheme: u.scheme().to_string(),
            username: u.username().to_string(),
            password: u.password().map(str::to_string),
            host: u.host_str().map(str::to_string),
            port: u.port(),
            path: u.path().to_string(),
            query: u.query().map(str::to_string),
            fragment: u.fragment().map(str::to_string),
        }),
        Err(e) => {
            let host = parts.host.map(|h| {
                String::from_utf8_lossy(&crate::percent::decode(h.of(input), false)).into_owned()
            });
            Err(WhatwgReading::refusal_reason(&e.to_string(), host.as_deref()).into_owned())
        }
    }
}

/// Whether `b` is an ASCII tab or newline, which the URL Standard
/// removes from a URL before it parses it
/// (<https://url.spec.whatwg.org/#concept-basic-url-parser>, step 3).
pub(crate) fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\r' | b'\n')
}

/// The URL Standard's forbidden domain code points
/// (<https://url.spec.whatwg.org/#forbidden-domain-code-point>): the
/// forbidden host code points (NUL, tab, newlines, space, `#/:<>?@[\]^|`),
/// the C0 controls, `%` and DEL. The host parser percent-decodes a
/// domain, maps it through UTS #46, and fails when the result holds one
/// (<https://url.spec.whatwg.org/#concept-host-parser>, step 7).
pub(crate) fn is_forbidden_domain_code_point(c: char) -> bool {
    c <= '\u{1F}'
        || matches!(
            c,
            ' ' | '#'
                | '/'
                | ':'
                | '<'
                | '>'
                | '?'
                | '@'
                | '['
                | '\\'
                | ']'
                | '^'
                | '|'
                | '%'
                | '\u{7F}'
        )
}

/// The first forbidden domain code point of a host, percent-decoded.
pub(crate) fn forbidden_in_domain(decoded: &str) -> Option<char> {
    decoded.chars().find(|&c| is_forbidden_domain_code_point(c))
}

impl WhatwgReading {
    /// The `url` crate's words for a refusal (`reason`, its
    /// [`url::ParseError`]'s), made right where they name the wrong rule:
    /// `url` reports a forbidden domain code point as an IDNA failure (its
    /// UTS #46 call denies them), so a host whose percent-decoded form
    /// (`decoded_host`) holds one (`google.com%40evil.example`) is refused for
    /// that code point, not as an international domain name.
    pub(crate) fn refusal_reason<'r>(
        reason: &'r str,
        decoded_host: Option<&str>,
    ) -> std::borrow::Cow<'r, str> {
        let forbidden = decoded_host
            .filter(|_| reason == url::ParseError::IdnaError.to_string())
            .and_then(forbidden_in_domain);
        match forbidden {
            Some(c) => std::borrow::Cow::Owned(format!(
                "'{}' {FORBIDDEN_REASON}",
                crate::text::quote_str(&c.to_string())
            )),
            None => std::borrow::Cow::Borrowed(reason),
        }
    }
}

/// How [`WhatwgReading::refusal_reason`] ends for a forbidden domain code point.
const FORBIDDEN_REASON: &str = "in the host, a code point no domain may hold, even percent-encoded";

/// Whether `reason` is a refusal of the host
/// ([`WhatwgReading::refusal_reason`]'s words
/// for a forbidden code point, or one of the `url` crate's host errors).
pub(crate) fn refuses_host_worded(reason: &str) -> bool {
    reason.ends_with(FORBIDDEN_REASON) || crate::analysis::destination::refuses_host_worded(reason)
}

/// The semantic comparison of the two readings behind
/// `parser-differential` and [`Analysis::readings`].
pub(crate) struct Comparison {
    pub(crate) special: bool,
    pub(crate) scheme: String,
    pub(crate) scheme_differs: bool,
    pub(crate) ours_host: Option<String>,
    pub(crate) theirs_host: Option<String>,
    pub(crate) host_differs: bool,
    pub(crate) ours_port: Option<u16>,
    pub(crate) port_differs: bool,
    pub(crate) ours_path: Vec<u8>,
    pub(crate) theirs_path: Vec<u8>,
    pub(crate) path_differs: bool,
}

pub(crate) fn compare(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    w: &WhatwgReading,
    normalized: &str,
) -> Comparison {
    let scheme = parts
        .scheme
        .map(|s| String::from_utf8_lossy(s.of(input)).to_ascii_lowercase())
        .unwrap_or_default();
    let special = crate::schemes::is_special(&scheme);
    // Our host, put in the form WHATWG serializes it in.
    let ours_host: Option<String> = host.map(|h| match h.kind {
        HostKind::Ipv6 => {
            let inner = h.decoded.trim_start_matches('[').trim_end_matches(']');
            inner
                .parse::<std::net::Ipv6Addr>()
                .map_or_else(|_| h.decoded.clone(), |a| format!("[{a}]"))
        }
        _ if special => match h.ipv4 {
            Some(ip) => ip.to_string(),
            None => crate::analysis::host::domain_to_ascii(&h.decoded).map_or_else(
                || h.decoded.to_ascii_lowercase(),
                std::borrow::Cow::into_owned,
            ),
        },
        _ => h.decoded.clone(),
    });
    let theirs_host = w.host.as_deref().map(|h| {
        if special {
            h.to_string()
        } else {
            String::from_utf8_lossy(&crate::percent::decode(h.as_bytes(), false)).into_owned()
        }
    });
    let ours_host = ours_host.filter(|h| !h.is_empty());
    let theirs_host = theirs_host.filter(|h| !h.is_empty());
    // Two IPv6 literals are the same host when they are the same address:
    // WHATWG writes an embedded IPv4 address in hex (`::ffff:8190:3426`),
    // Rust in dotted form (`::ffff:129.144.52.38`).
    let same_address = match (&ours_host, &theirs_host) {
        (Some(a), Some(b)) => ipv6_literal(a).is_some() && ipv6_literal(a) == ipv6_literal(b),
        _ => false,
    };
    let host_differs = !same_address && ours_host != theirs_host;
    let ours_port = parts.port.and_then(|p| {
        std::str::from_utf8(p.of(input))
            .ok()
            .and_then(|t| t.parse::<u16>().ok())
            .filter(|&n| Some(n) != default_port(&scheme))
    });
    // Paths compared after normalization and decoding on both sides (the
    // outline of the normalized URL holds its path).
    let nparts = outline(normalized.as_bytes());
    let root = |p: Vec<u8>| -> Vec<u8> {
        if p.is_empty() && special {
            b"/".to_vec()
        } else {
            p
        }
    };
    let ours_path =
        root(crate::percent::decode(nparts.path.of(normalized.as_bytes()), false).into_owned());
    let theirs_path = root(crate::percent::decode(w.path.as_bytes(), false).into_owned());
    Comparison {
        special,
        scheme_differs: scheme != w.scheme,
        scheme,
        host_differs,
        ours_host,
        theirs_host,
        ours_port,
        port_differs: ours_port != w.port,
        path_differs: ours_path != theirs_path,
        ours_path,
        theirs_path,
    }
}

/// One field of the two readings side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadingField {
    /// `href`, `scheme`, `username`, `password`, `host`, `port`, `path`,
    /// `query`, `fragment`.
    pub name: &'static str,
    /// The RFC 3986 reading, as written (`None`: the part is absent).
    pub rfc3986: Option<String>,
    /// The WHATWG reading, as the `url` crate serializes it.
    pub whatwg: Option<String>,
    /// Whether the two mean different things (compared after the
    /// normalizations both sides agree on: case, IDNA, default ports, dot
    /// segments, percent-encoding).
    pub differs: bool,
}

/// The RFC 3986 reading next to the WHATWG reading.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Readings {
    /// The fields side by side: scheme, username, password, host, port,
    /// path, query, fragment and the whole `href`.
    pub fields: Vec<ReadingField>,
    /// Why they differ, when they do: backslash as a separator, tab and
    /// newline removal, IPv4 number forms, userinfo at the last `@`, slash
    /// counts, IDNA mapping, host percent-decoding.
    pub reasons: Vec<&'static str>,
    /// Why the WHATWG parser rejects the input, when it does.
    pub whatwg_error: Option<String>,
}

impl Readings {
    /// Whether the readings disagree where `parser-differential` looks:
    /// scheme, host, port or path, or the WHATWG parser rejects the URL
    /// (the analysis gives that warning exactly then).
    pub fn disagree(&self) -> bool {
        self.whatwg_error.is_some()
            || self
                .fields
                .iter()
                .any(|f| matches!(f.name, "scheme" | "host" | "port" | "path") && f.differs)
    }
}

impl Analysis {
    /// The two readings side by side, or `None` for relative references and
    /// input that is not UTF-8 (no WHATWG reading exists for them).
    ///
    /// # Examples
    /// ```
    /// use urlscope_core::analysis::{analyze, Options};
    /// let a = analyze(br"http://evil.com\@good.com/", &Options::default());
    /// let r = a.readings().unwrap();
    /// let host = r.fields.iter().find(|f| f.name == "host").unwrap();
    /// assert_eq!(host.rfc3986.as_deref(), Some("good.com"));
    /// assert_eq!(host.whatwg.as_deref(), Some("evil.com"));
    /// assert!(host.differs);
    /// ```
    pub fn readings(&self) -> Option<Readings> {
        let input = &self.input;
        let parts = &self.split;
        let text = |s: Option<Span>| s.map(|s| crate::text::escape_bytes(s.of(input)));
        let w = match self.whatwg()? {
            Ok(w) => w,
            Err(e) => {
                return Some(Readings {
                    fields: Vec::new(),
                    reasons: differential_reasons(input, parts, self.host.as_ref(), true),
                    whatwg_error: Some(e.clone()),
                })
            }
        };
        let normalized = if self.normalized.is_empty() {
            normalize(input)
        } else {
            self.normalized.clone()
        };
        let c = compare(input, parts, self.host.as_ref(), w, &normalized);
        let userinfo = parts.userinfo.map(|u| u.of(input));
        let (user, pass) = match userinfo {
            Some(u) => match u.iter().position(|&b| b == b':') {
                Some(i) => (
                    Some(u.get(..i).unwrap_or_default()),
                    Some(u.get(i + 1..).unwrap_or_default()),
                ),
                None => (Some(u), None),
            },
            None => (None, None),
        };
        let decoded = |b: &[u8]| crate::percent::decode(b, false).into_owned();
        let user_differs = decoded(user.unwrap_or_default()) != decoded(w.username.as_bytes());
        let pass_differs = decoded(pass.unwrap_or_default())
            != decoded(w.password.as_deref().unwrap_or_default().as_bytes());
        let query_differs = decoded(parts.query.map_or(&[][..], |q| q.of(input)))
            != decoded(w.query.as_deref().unwrap_or_default().as_bytes());
        let fragment_differs = decoded(parts.fragment.map_or(&[][..], |f| f.of(input)))
            != decoded(w.fragment.as_deref().unwrap_or_default().as_bytes());
        let mut fields = vec![
            ReadingField {
                name: "scheme",
                rfc3986: text(parts.scheme),
                whatwg: Some(w.scheme.clone()),
                differs: c.scheme_differs,
            },
            ReadingField {
                name: "username",
                rfc3986: user.map(crate::text::escape_bytes),
                // The URL Standard's username is never null: empty is none.
                whatwg: (!w.username.is_empty()).then(|| w.username.clone()),
                differs: user_differs,
            },
            ReadingField {
                name: "password",
                rfc3986: pass.map(crate::text::escape_bytes),
                whatwg: w.password.clone(),
                differs: pass_differs,
            },
            ReadingField {
                name: "host",
                rfc3986: text(parts.host),
                whatwg: w.host.clone(),
                differs: c.host_differs,
            },
            ReadingField {
                name: "port",
                rfc3986: text(parts.port),
                whatwg: w.port.map(|p| p.to_string()),
                differs: c.port_differs,
            },
            ReadingField {
                name: "path",
                rfc3986: text(Some(parts.path)),
                whatwg: Some(w.path.clone()),
                differs: c.path_differs,
            },
            ReadingField {
                name: "query",
                rfc3986: text(parts.query),
                whatwg: w.query.clone(),
                differs: query_differs,
            },
            ReadingField {
                name: "fragment",
                rfc3986: text(parts.fragment),
                whatwg: w.fragment.clone(),
                differs: fragment_differs,
            },
        ];
        let any = fields.iter().any(|f| f.differs);
        fields.insert(
            0,
            ReadingField {
                name: "href",
                rfc3986: text(Some(parts.trimmed)),
                whatwg: Some(w.href.clone()),
                differs: any,
            },
        );
        let reasons = if any {
            differential_reasons(input, parts, self.host.as_ref(), c.special)
        } else {
            Vec::new()
        };
        Some(Readings {
            fields,
            reasons,
            whatwg_error: None,
        })
    }
}

/// The address of a bracketed IPv6 literal.
fn ipv6_literal(host: &str) -> Option<std::net::Ipv6Addr> {
    host.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

pub(crate) fn differential_reasons(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    special: bool,
) -> Vec<&'static str> {
    let text = parts.trimmed.of(input);
    let mut reasons = Vec::new();
    if special && memchr::memchr(b'\\', text).is_some() {
        reasons.push("WHATWG reads '\\' as '/'");
    }
    if text.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r')) {
        reasons.push("WHATWG removes tabs and newlines");
    }
    if host.is_some_and(|h| h.ipv4.is_some()) {
        reasons.push("WHATWG reads numeric hosts as IPv4 addresses");
    }
    if parts
        .authority
        .is_some_and(|a| a.of(input).iter().filter(|&&b| b == b'@').count() > 1)
    {
        reasons.push("WHATWG ends the userinfo at the last '@'");
    }
    if special {
        let after_scheme = parts.scheme.map_or(0, |s| s.end + 1);
        let slashes = input
            .get(after_scheme..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| b == b'/' || b == b'\\')
            .count();
        if slashes != 2 {
            reasons.push("WHATWG ignores the slash count after a special scheme");
        }
    }
    if host.is_some_and(|h| {
        h.kind != HostKind::Ipv6
            && (h.unicode.is_some() || h.decoded.bytes().any(|b| b.is_ascii_uppercase()))
    }) {
        reasons.push("WHATWG maps the host through IDNA");
    }
    if host.is_some_and(|h| {
        h.decoded.as_bytes() != parts.host.map(|s| s.of(input)).unwrap_or_default()
    }) {
        reasons.push("WHATWG percent-decodes the host");
    }
    reasons
}
