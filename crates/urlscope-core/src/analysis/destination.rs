//! Where a URL leads: the host a fetcher connects to, however it is
//! spelled, and what kind of place that is.
//!
//! A host is read as a WHATWG parser reads it (percent-decoded, mapped by
//! UTS #46, then parsed as an IPv4 number when it ends in one,
//! <https://url.spec.whatwg.org/#host-parsing>), so `①②⑦.⓪.⓪.①`,
//! `127。0。0。1`, `0x7f.1` and `2130706433` all lead to 127.0.0.1. The
//! address is then placed in the special-purpose registries (RFC 6890 and
//! its IPv6 counterpart): loopback, private, link-local, unspecified,
//! shared and reserved space, and the cloud metadata endpoints SSRF goes
//! after. Names that lead inside are known too: `localhost` and its
//! kin, the metadata names, internal-only suffixes, and wildcard DNS
//! services (`127.0.0.1.nip.io`) that answer with the address they spell.

use crate::analysis::host::{domain_to_ascii, lax_ipv4};
use crate::analysis::nested::{data, Nested, NestedKind, SCRIPT_SCHEMES};
use crate::names::{
    is_under, INTERNAL_SUFFIXES, LOOPBACK_DOMAINS, LOOPBACK_NAMES, METADATA_NAMES, WILDCARD_DNS,
};
use crate::services::{shortened, Shortened};
use crate::sites::Imitation;
use crate::split::{Span, Split};
use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// What kind of place a host is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reach {
    /// The machine itself (127.0.0.0/8, `::1`, `localhost`).
    Loopback,
    /// A private network (10/8, 172.16/12, 192.168/16, `fc00::/7`, an
    /// internal-only name).
    Private,
    /// Link-local (169.254/16, `fe80::/10`).
    LinkLocal,
    /// The unspecified address (0.0.0.0/8, `::`), which reaches the
    /// machine itself on most systems.
    Unspecified,
    /// Shared address space (100.64/10, carrier-grade NAT).
    Shared,
    /// Other special-purpose space: reserved, benchmarking, broadcast,
    /// multicast.
    Reserved,
    /// Set aside for examples in documentation (192.0.2.0/24,
    /// 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32, the `example`,
    /// `test` and `invalid` names of RFC 2606 and 6761): it reaches no
    /// real host, inside or out.
    Documentation,
    /// A cloud metadata endpoint (169.254.169.254 and its kin), which hands
    /// out credentials to whoever asks from inside.
    Metadata,
    /// Anywhere else: the public internet.
    Public,
}

impl Reach {
    /// A short label: `loopback`, `cloud metadata endpoint`...
    pub fn label(self) -> &'static str {
        match self {
            Reach::Loopback => "loopback",
            Reach::Private => "private network",
            Reach::LinkLocal => "link-local",
            Reach::Unspecified => "unspecified address",
            Reach::Shared => "shared address space",
            Reach::Reserved => "reserved address space",
            Reach::Documentation => "documentation",
            Reach::Metadata => "cloud metadata endpoint",
            Reach::Public => "public",
        }
    }

    /// Whether it is inside: anything but the public internet and the
    /// documentation ranges.
    pub fn is_internal(self) -> bool {
        !matches!(self, Reach::Public | Reach::Documentation)
    }
}

/// A host as a fetcher reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HostClass {
    /// The host as the fetcher uses it: `127.0.0.1` for `0x7f.1`, the
    /// ASCII (IDNA) form of a name, `[::1]` for an IPv6 address.
    pub canonical: String,
    /// The IP address the host is, when it is one (however spelled).
    pub address: Option<IpAddr>,
    /// Where it leads: the public internet or somewhere inside.
    pub reach: Reach,
    /// How the spelling hides where it leads, when it does: `a number
    /// form of 127.0.0.1`, `IDNA-mapped characters`, `IPv6 carrying an
    /// IPv4 address`, `wildcard DNS`.
    pub spelled: Option<String>,
}

/// Classify a host as written in a URL (percent-escapes allowed).
///
/// # Examples
/// ```
/// use urlscope_core::analysis::{classify_host, Reach};
/// assert_eq!(classify_host("127。0。0。1").reach, Reach::Loopback);
/// assert_eq!(classify_host("0xa9fea9fe").reach, Reach::Metadata);
/// assert_eq!(classify_host("[::ffff:10.0.0.1]").reach, Reach::Private);
/// assert_eq!(classify_host("example.com").reach, Reach::Public);
/// ```
pub fn classify_host(written: &str) -> HostClass {
    let decoded = crate::percent::decode(written.as_bytes(), false);
    let decoded = String::from_utf8_lossy(&decoded);
    let decoded = decoded.trim_end_matches('.');
    if let Some(inner) = decoded.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        return match inner.parse::<Ipv6Addr>() {
            Ok(v6) => classify_v6(v6),
            Err(_) => named(inner.to_ascii_lowercase(), None),
        };
    }
    // WHATWG removes tabs and newlines, then maps the name by UTS #46.
    let cleaned: String = decoded
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let lower = cleaned.to_lowercase();
    let ascii = domain_to_ascii(&cleaned).map_or_else(|| lower.clone(), Cow::into_owned);
    let ascii = ascii.trim_end_matches('.').to_string();
    let (ascii, alternate, v4) = match lax_ipv4(&ascii) {
        Some(v4) => (ascii, false, Some(v4)),
        None => match alternate_octal(&ascii) {
            Some(octal) => {
                let v4 = lax_ipv4(&octal);
                (octal, true, v4)
            }
            None => (ascii, false, None),
        },
    };
    if let Some(v4) = v4 {
        let canonical = v4.to_string();
        let spelled = if alternate {
            Some(format!(
                "an octal spelling some resolvers read as {canonical}"
            ))
        } else if ascii != lower {
            Some(format!("IDNA-mapped characters that read as {canonical}"))
        } else if ascii != canonical {
            Some(format!("a number form of {canonical}"))
        } else {
            None
        };
        return HostClass {
            canonical,
            address: Some(IpAddr::V4(v4)),
            reach: reach_v4(v4),
            spelled,
        };
    }
    let mapped = ascii != lower && !lower.is_ascii();
    let mut class = named(ascii, None);
    if mapped && class.reach.is_internal() && class.spelled.is_none() {
        class.spelled = Some("IDNA-mapped characters".to_string());
    }
    class
}

fn classify_v6(v6: Ipv6Addr) -> HostClass {
    let canonical = format!("[{v6}]");
    let segments = v6.segments();
    // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and the
    // NAT64 prefix 64:ff9b::/96 carry an IPv4 address.
    let carried = match segments {
        [0, 0, 0, 0, 0, 0xffff, ..] => v6.to_ipv4_mapped(),
        [0, 0, 0, 0, 0, 0, hi, _] if hi != 0 => v6.to_ipv4(),
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => {
            let [a, b] = hi.to_be_bytes();
            let [c, d] = lo.to_be_bytes();
            Some(Ipv4Addr::new(a, b, c, d))
        }
        _ => None,
    };
    if let Some(v4) = carried {
        return HostClass {
            canonical,
            address: Some(IpAddr::V6(v6)),
            reach: reach_v4(v4),
            spelled: Some(format!("IPv6 carrying the IPv4 address {v4}")),
        };
    }
    let [first, second, ..] = segments;
    let reach = if v6.is_loopback() {
        Reach::Loopback
    } else if v6.is_unspecified() {
        Reach::Unspecified
    } else if v6 == Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254) {
        // The AWS instance metadata service over IPv6.
        Reach::Metadata
    } else if first & 0xfe00 == 0xfc00 {
        Reach::Private
    } else if first & 0xffc0 == 0xfe80 {
        Reach::LinkLocal
    } else if first == 0x2001 && second == 0xdb8 {
        Reach::Documentation
    } else if first & 0xff00 == 0xff00 {
        Reach::Reserved
    } else {
        Reach::Public
    };
    HostClass {
        canonical,
        address: Some(IpAddr::V6(v6)),
        reach,
        spelled: None,
    }
}

/// The reach of an IPv4 address.
pub(crate) fn reach_v4(v4: Ipv4Addr) -> Reach {
    let [a, b, c, d] = v4.octets();
    match (a, b, c, d) {
        (169, 254, 169, 254) | (169, 254, 170, 2) | (100, 100, 100, 200) => Reach::Metadata,
        _ if v4.is_loopback() => Reach::Loopback,
        (0, ..) => Reach::Unspecified,
        _ if v4.is_private() => Reach::Private,
        _ if v4.is_link_local() => Reach::LinkLocal,
        (100, 64..=127, ..) => Reach::Shared,
        (192, 0, 0, _) | (198, 18..=19, ..) | (240..=255, ..) | (224..=239, ..) => Reach::Reserved,
        _ if v4.is_documentation() => Reach::Documentation,
        _ => Reach::Public,
    }
}

/// Names reserved for documentation and tests (RFC 2606, RFC 6761).
const DOCUMENTATION_NAMES: &[&str] = &["example", "test", "invalid"];

/// A host name (lowercase ASCII) classed by the lists of [`crate::names`].
fn named(name: String, address: Option<IpAddr>) -> HostClass {
    let mut class = HostClass {
        canonical: name,
        address,
        reach: Reach::Public,
        spelled: None,
    };
    let name = class.canonical.as_str();
    if DOCUMENTATION_NAMES.iter().any(|s| is_under(name, s)) {
        class.reach = Reach::Documentation;
        return class;
    }
    // No list holds a name whose last labels none of them ends with (a
    // test in `names` checks the lists against the gate).
    if !crate::names::may_be_internal(name.as_bytes()) {
        return class;
    }
    if LOOPBACK_NAMES.contains(&name) || is_under(name, "localhost") {
        class.reach = Reach::Loopback;
    } else if METADATA_NAMES.contains(&name) {
        class.reach = Reach::Metadata;
    } else if INTERNAL_SUFFIXES.iter().any(|s| is_under(name, s)) {
        class.reach = Reach::Private;
    } else if LOOPBACK_DOMAINS.iter().any(|s| is_under(name, s)) {
        class.reach = Reach::Loopback;
        class.spelled = Some("wildcard DNS that answers 127.0.0.1".to_string());
    } else if let Some(service) = WILDCARD_DNS.iter().find(|s| is_under(name, s)) {
        if let Some(v4) = wildcard_address(name, service) {
            class.reach = reach_v4(v4);
            class.address = Some(IpAddr::V4(v4));
            class.spelled = Some(format!("wildcard DNS that answers {v4}"));
        }
    }
    class
}

/// The IPv4 address a wildcard DNS name spells before the service: any
/// four numbers in a row, separated by dots or hyphens; the most internal
/// one when it spells several (a rebinding name spells two).
fn wildcard_address(name: &str, service: &str) -> Option<Ipv4Addr> {
    let head = name.strip_suffix(service)?.strip_suffix('.')?;
    let tokens: Vec<Option<u8>> = head
        .split(['.', '-'])
        .map(|p| p.parse::<u8>().ok())
        .collect();
    let found = tokens.windows(4).filter_map(|w| match w {
        [Some(a), Some(b), Some(c), Some(d)] => Some(Ipv4Addr::new(*a, *b, *c, *d)),
        _ => None,
    });
    found.max_by_key(|&ip| match reach_v4(ip) {
        Reach::Metadata => 3,
        Reach::Public => 0,
        _ => 1,
    })
}

/// A host whose labels use the octal prefixes some resolvers accept
/// (`0o177`, `o177`, `q177`) rewritten with C's `0` prefix, when it has
/// such a label and ends in a number.
fn alternate_octal(host: &str) -> Option<String> {
    // Most hosts have no such label, and are turned away without a copy.
    if !host.split('.').any(|l| octal_digits(l).is_some()) {
        return None;
    }
    let labels: Vec<String> = host
        .split('.')
        .map(|l| octal_digits(l).map_or_else(|| l.to_string(), |d| format!("0{d}")))
        .collect();
    let ends_in_number = labels.len() >= 2
        && labels
            .last()
            .is_some_and(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
    ends_in_number.then(|| labels.join("."))
}

/// The octal digits of a label written with a prefix some resolvers
/// read as octal (`0o177`, `o177`, `q177`).
fn octal_digits(label: &str) -> Option<&str> {
    label
        .strip_prefix("0o")
        .or_else(|| label.strip_prefix('o'))
        .or_else(|| label.strip_prefix('q'))
        .filter(|d| !d.is_empty() && d.bytes().all(|b| (b'0'..=b'7').contains(&b)))
}

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

/// A place the URL leads to: the URL itself, or one it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Destination {
    /// How it is reached from the URL: empty for the URL itself, else the
    /// chain (`query value 'next' → base64`).
    pub via: String,
    /// The URL as a browser resolves it (against the URL it is in).
    pub target: String,
    /// Its scheme, lowercase.
    pub scheme: String,
    /// The host a browser connects to, classed: the WHATWG URL Standard's
    /// reading, or, when WHATWG rejects the URL, the RFC 3986 one (a lax
    /// client's).
    pub host: Option<HostClass>,
    /// The registrable domain (Public Suffix List), or the address.
    pub site: Option<String>,
    /// For a carried URL: it lands on another site than the URL it is in
    /// (one brand's own domains, `microsoftonline.com` and `office.com`,
    /// are one site).
    pub leaves_site: bool,
    /// It runs script when followed (`javascript:`, `vbscript:`, a
    /// `data:` URL whose media type a browser renders as a page: HTML,
    /// SVG, XML).
    pub runs_script: bool,
    /// A link of the page a `data:` URL holds (its body): that page sends
    /// what is typed into it, or its visitors, there; no site redirects.
    pub in_data_body: bool,
    /// How it is written to slip past a check (empty when plainly).
    pub spelling: Vec<&'static str>,
    /// The outer bytes that lead there.
    pub span: Span,
    /// The outer component it is in, for a carried URL.
    pub component: Option<usize>,
    /// The shortener it is behind, when its host is one: where it really
    /// leads cannot be read offline.
    pub shortened: Option<Shortened>,
    /// The famous site its host imitates, when it is a look-alike
    /// (`paypa1.com` of `paypal.com`); set for the URL itself.
    pub imitates: Option<crate::sites::Imitation>,
    /// The link protection the URL itself is written in (Safe Links,
    /// Proofpoint...), when it is: set for the URL itself.
    pub wrapper: Option<crate::wrappers::Unwrapped>,
    /// The link protection this destination is reached through: the
    /// wrapper's own parameter, which is no open redirect.
    pub through: Option<&'static str>,
    /// The host RFC 3986 parsers read instead, when it is another than
    /// `host` (set for the URL itself).
    pub other_reading: Option<OtherReading>,
}

/// Whether a URL of `scheme`, `url`, runs script when followed:
/// `javascript:` and `vbscript:` always, `data:` when its media type is a
/// page a browser renders with script ([`data::renders_script`]).
fn runs_script(scheme: &str, url: &[u8]) -> bool {
    match scheme {
        "data" => data::runs_script(url),
        scheme => SCRIPT_SCHEMES.contains(&scheme),
    }
}

/// `text` resolved against `base` as a browser resolves a redirect
/// target, look-alike slashes read as slashes; any run of separators
/// before a host reads as `//` (the URL Standard's "special authority
/// ignore slashes" state, which the `url` crate does not follow for three
/// or more).
fn resolve(base: &url::Url, text: &str) -> Option<url::Url> {
    let text = crate::analysis::nested::lax_slashes(text);
    base.join(&text).ok().or_else(|| {
        let trimmed = text.trim_start_matches(|c: char| c <= ' ');
        let rest = trimmed.trim_start_matches(['/', '\\']);
        (rest.len() + 2 <= trimmed.len()).then(|| base.join(&format!("//{rest}")).ok())?
    })
}

/// The host a lax client reads in a special URL with no slashes
/// (`http:evil.example/x`, `http:user@host`).
fn lax_host(text: &str, scheme: &str) -> Option<String> {
    if !crate::schemes::is_special_network(scheme) {
        return None;
    }
    let (_, rest) = text.split_once(':')?;
    let rest = rest.trim_start_matches(['/', '\\']);
    let authority = rest.split(['/', '\\', '?', '#']).next()?;
    let host = authority.rsplit('@').next()?;
    Some(host.split(':').next()?.to_string())
}

/// The site of a host: its registrable domain, or the host itself (an
/// address, a single-label name).
pub(crate) fn site_of(class: &HostClass) -> String {
    if class.address.is_some() {
        return class.canonical.clone();
    }
    crate::names::registrable_domain(&class.canonical)
        .map_or_else(|| class.canonical.clone(), str::to_string)
}

/// Whether a carried URL's site `to` is another than `site`, the site of
/// the URL it is in: a different registrable domain or address, unless
/// one brand owns both (a brand's sign-in page sends its visitors on to
/// its own other domains all day).
fn leaves(to: Option<&str>, site: Option<&str>) -> bool {
    match (to, site) {
        (Some(to), Some(site)) if to != site => {
            crate::sites::brand_of(to).is_none_or(|b| crate::sites::brand_of(site) != Some(b))
        }
        (Some(_), None) => true,
        _ => false,
    }
}

/// The shortener a URL (as a browser parses it) is behind, if any.
fn shortened_link(u: &url::Url) -> Option<Shortened> {
    shortened(u.host_str()?, u.path())
}

/// Every place the URL leads to: itself first, then what it carries, in
/// order, each carried URL resolved against the URL it is in. `base` is
/// the WHATWG parse of the trimmed input read as UTF-8 (lossily), when
/// it parses.
pub(crate) fn destinations(
    input: &[u8],
    parts: &Split,
    host: Option<&HostClass>,
    nested: &[Nested],
    base: Option<&url::Url>,
    wrapper: Option<crate::wrappers::Unwrapped>,
) -> Vec<Destination> {
    let scheme = parts
        .scheme
        .map(|s| String::from_utf8_lossy(s.of(input)).to_ascii_lowercase())
        .unwrap_or_default();
    // A URL WHATWG rejects (`http://x:80;y/`) still has a scheme that
    // scheme-relative targets inherit (needed only when it carries one).
    let placeholder = (base.is_none() && !nested.is_empty())
        .then(|| {
            url::Url::parse(&format!("{scheme}://base.invalid/"))
                .ok()
                .filter(|_| !scheme.is_empty())
                .or_else(|| url::Url::parse("https://base.invalid/").ok())
        })
        .flatten();
    let (own_host, other_reading) = browser_reading(input, parts, host, base);
    let site = own_host.as_ref().map(site_of);
    let mut out = vec![Destination {
        via: String::new(),
        target: base.map_or_else(
            || String::from_utf8_lossy(parts.trimmed.of(input)).into_owned(),
            |u| u.as_str().to_string(),
        ),
        runs_script: runs_script(&scheme, parts.trimmed.of(input)),
        in_data_body: false,
        scheme,
        host: own_host,
        site: site.clone(),
        leaves_site: false,
        spelling: Vec::new(),
        // When the readings differ, the bytes that lead there are the
        // whole authority (a browser's host may be RFC 3986's userinfo).
        span: match (&other_reading, parts.host) {
            (None, Some(h)) => h,
            _ => parts.authority.unwrap_or(parts.trimmed),
        },
        component: None,
        shortened: base.and_then(shortened_link),
        imitates: None,
        wrapper: None,
        through: None,
        other_reading,
    }];
    let base = base.or(placeholder.as_ref());
    let add = |n: &Nested, in_data_body: bool, out: &mut Vec<Destination>| {
        let resolved = base.and_then(|b| resolve(b, &n.text));
        let (target, scheme, host) = match &resolved {
            Some(u) => (
                u.as_str().to_string(),
                u.scheme().to_string(),
                u.host_str().map(classify_host),
            ),
            // WHATWG rejects it (`http://472.314.470.462`), but lax
            // clients follow it to the host RFC 3986 reads.
            None => {
                let a = n.analysis.as_deref();
                let scheme = a
                    .and_then(|a| a.split.scheme.map(|s| s.of(&a.input).to_ascii_lowercase()))
                    .map(|s| String::from_utf8_lossy(&s).into_owned())
                    .unwrap_or_default();
                let host = a
                    .and_then(|a| a.host.as_ref())
                    .map(|h| h.decoded.clone())
                    .or_else(|| lax_host(&n.text, &scheme))
                    .filter(|h| !h.is_empty())
                    .map(|h| classify_host(&h));
                (n.text.clone(), scheme, host)
            }
        };
        let to = host.as_ref().map(site_of);
        let leaves_site = leaves(to.as_deref(), site.as_deref());
        out.push(Destination {
            via: n.via.clone(),
            runs_script: runs_script(&scheme, target.as_bytes()),
            target,
            in_data_body,
            scheme,
            host,
            site: to,
            leaves_site,
            spelling: n.spelling.clone(),
            span: n.span,
            component: Some(n.component),
            shortened: resolved.as_ref().and_then(shortened_link),
            imitates: n
                .analysis
                .as_ref()
                .and_then(|a| a.destinations.first())
                .and_then(|d| d.imitates.as_ref())
                .map(|i| carried_imitation(i, n, input)),
            wrapper: None,
            through: None,
            other_reading: None,
        });
        // What it carries in turn, reached through it.
        if let Some(a) = &n.analysis {
            for d in a.destinations.iter().skip(1) {
                let mut d = d.clone();
                d.via = format!("{} → {}", n.via, d.via);
                d.span = n.span;
                d.component = Some(n.component);
                d.imitates = d.imitates.map(|i| Imitation { span: n.span, ..i });
                out.push(d);
            }
        }
    };
    for n in nested {
        match n.kind {
            NestedKind::Url => add(n, false, &mut out),
            kind => n
                .children
                .iter()
                .for_each(|c| add(c, kind == NestedKind::DataBody, &mut out)),
        }
    }
    if let Some(w) = wrapper {
        unwrapped(w, parts, &mut out);
    }
    out
}

/// The host a browser opens for the URL itself, and the host RFC 3986
/// parsers read when it is another. `rfc3986` is the split's host, classed;
/// `base` the WHATWG parse of the trimmed input. A host both read alike
/// however each writes it (`0x7f.1` and `127.0.0.1`, `good。com` and
/// `good.com`, `%65vil.com` and `evil.com`) is one host: [`classify_host`]
/// reads it as WHATWG does. When WHATWG rejects the URL or reads no host,
/// the RFC 3986 host is all there is.
fn browser_reading(
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
        return (rfc3986.cloned(), None);
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
    let readable = parts
        .host
        .is_none_or(|h| h.of(input).iter().all(|&b| in_rfc3986_host(b)));
    let (host, peers) = if readable {
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
    if host == class {
        rfc3986()
    } else {
        browser_host_text(&text, base.as_ref()).map(|h| Cow::Owned(h.into_bytes()))
    }
}

/// The host of `text` as written, where the URL Standard finds it: tabs
/// and newlines removed, then after the scheme, past any run of slashes
/// (and backslashes, in a special URL) or after `//`, up to the first `/`,
/// `?` or `#` (or `\\`, in a special URL), after the last `@`, before a
/// port.
pub(crate) fn whatwg_written_host(text: &str, special: bool) -> Option<String> {
    let cleaned: String = text
        .chars()
        .filter(|c| !matches!(c, '\t' | '\r' | '\n'))
        .collect();
    let (_, rest) = cleaned
        .trim_start_matches(|c: char| c <= ' ')
        .split_once(':')?;
    let rest = if special {
        rest.trim_start_matches(['/', '\\'])
    } else {
        rest.strip_prefix("//")?
    };
    let authority = rest
        .split(|c: char| matches!(c, '/' | '?' | '#') || special && c == '\\')
        .next()
        .unwrap_or_default();
    let (_, host) = authority.rsplit_once('@').unwrap_or(("", authority));
    let host = match host.split_once(']') {
        Some((v6, _)) if host.starts_with('[') => format!("{v6}]"),
        _ => host.split(':').next().unwrap_or_default().to_string(),
    };
    (!host.is_empty()).then_some(host)
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
            return (!inner.is_empty()).then(|| format!("[{}]", inner.to_lowercase()));
        }
        None => host.split(':').next().unwrap_or_default(),
    };
    (!host.is_empty()).then(|| host.to_lowercase())
}

/// What a carried URL's host imitates, its span moved onto the outer
/// input: onto the same bytes when the URL is carried as it is written,
/// else onto the bytes that carry it.
fn carried_imitation(i: &Imitation, n: &Nested, input: &[u8]) -> Imitation {
    let verbatim = n.span.of(input) == n.text.as_bytes();
    let span = if verbatim {
        Span::new(n.span.start + i.span.start, n.span.start + i.span.end)
    } else {
        n.span
    };
    Imitation { span, ..i.clone() }
}

/// When the URL is a link protection's wrapper `w` (Safe Links,
/// Proofpoint URL Defense...): the wrapper on the URL's own destination,
/// and the destination it carries marked as reached through it (added
/// when the unfolding did not reach it: past its depth or its count).
fn unwrapped(w: crate::wrappers::Unwrapped, parts: &Split, out: &mut Vec<Destination>) {
    let vendor = w.wrapper.vendor();
    if let crate::wrappers::Carried::Url(target) = &w.carried {
        if let Ok(u) = url::Url::parse(target) {
            let site = out.first().and_then(|d| d.site.clone());
            match out.iter_mut().skip(1).find(|d| d.target == u.as_str()) {
                Some(d) => d.through = Some(vendor),
                None => {
                    let host = u.host_str().map(classify_host);
                    let to = host.as_ref().map(site_of);
                    out.push(Destination {
                        via: format!("link {vendor} wraps"),
                        target: u.as_str().to_string(),
                        runs_script: runs_script(u.scheme(), u.as_str().as_bytes()),
                        in_data_body: false,
                        scheme: u.scheme().to_string(),
                        leaves_site: leaves(to.as_deref(), site.as_deref()),
                        host,
                        site: to,
                        spelling: Vec::new(),
                        // The bytes that carry it, in the input.
                        span: w.at.map_or(parts.query.unwrap_or(parts.path), |(s, e)| {
                            Span::new(parts.trimmed.start + s, parts.trimmed.start + e)
                        }),
                        component: None,
                        shortened: shortened_link(&u),
                        imitates: None,
                        wrapper: None,
                        through: Some(vendor),
                        other_reading: None,
                    });
                }
            }
        }
    }
    // A wrapper that keeps the destination but names its domain: that
    // domain is where the link leads, as far as the link says.
    if let (crate::wrappers::Carried::Opaque, Some((domain, (s, e)))) = (&w.carried, &w.domain) {
        let host = classify_host(domain);
        let to = site_of(&host);
        let site = out.first().and_then(|d| d.site.clone());
        out.push(Destination {
            via: format!("the domain {vendor} names"),
            target: format!("https://{domain}/"),
            runs_script: false,
            in_data_body: false,
            scheme: "https".to_string(),
            leaves_site: leaves(Some(&to), site.as_deref()),
            host: Some(host),
            site: Some(to),
            spelling: Vec::new(),
            span: Span::new(parts.trimmed.start + s, parts.trimmed.start + e),
            component: None,
            shortened: None,
            imitates: None,
            wrapper: None,
            through: Some(vendor),
            other_reading: None,
        });
    }
    if let Some(own) = out.first_mut() {
        own.wrapper = Some(w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_internal_hosts() {
        for (host, reach, spelled) in [
            ("127.0.0.1", Reach::Loopback, false),
            ("localhost", Reach::Loopback, false),
            ("LOCALHOST.", Reach::Loopback, false),
            ("a.localhost", Reach::Loopback, false),
            ("ip6-localhost", Reach::Loopback, false),
            ("2130706433", Reach::Loopback, true),
            ("0x7f.1", Reach::Loopback, true),
            ("0177.0.0.1", Reach::Loopback, true),
            ("①②⑦.⓪.⓪.①", Reach::Loopback, true),
            ("127。0。0。1", Reach::Loopback, true),
            ("127.0.0.1.nip.io", Reach::Loopback, true),
            ("10-0-0-1.sslip.io", Reach::Private, true),
            ("localtest.me", Reach::Loopback, true),
            ("[::1]", Reach::Loopback, false),
            ("[::]", Reach::Unspecified, false),
            ("[0:0:0:0:0:ffff:127.0.0.1]", Reach::Loopback, true),
            ("[::ffff:a9fe:a9fe]", Reach::Metadata, true),
            ("[fd00:ec2::254]", Reach::Metadata, false),
            ("[fe80::1]", Reach::LinkLocal, false),
            ("[fc00::1]", Reach::Private, false),
            ("0.0.0.0", Reach::Unspecified, false),
            ("0", Reach::Unspecified, true),
            ("169.254.169.254", Reach::Metadata, false),
            ("metadata.google.internal", Reach::Metadata, false),
            ("100.100.100.200", Reach::Metadata, false),
            ("192.168.0.1", Reach::Private, false),
            ("172.16.0.1", Reach::Private, false),
            ("100.64.0.1", Reach::Shared, false),
            ("db.internal", Reach::Private, false),
            ("printer.local", Reach::Private, false),
            ("%31%32%37.0.0.1", Reach::Loopback, false),
            ("o177.0.0.1", Reach::Loopback, true),
            ("0o177.1", Reach::Loopback, true),
            ("q12.0.0.1", Reach::Private, true),
        ] {
            let class = classify_host(host);
            assert_eq!(class.reach, reach, "{host}: {class:?}");
            assert_eq!(class.spelled.is_some(), spelled, "{host}: {class:?}");
            assert!(
                crate::names::may_be_internal(class.canonical.as_bytes())
                    || class.address.is_some()
                    || !host.is_ascii()
                    || host.contains('%'),
                "{host}: the fast path must not call it public"
            );
        }
    }

    #[test]
    fn documentation_hosts_reach_no_real_host() {
        for host in [
            "192.0.2.16",
            "198.51.100.7",
            "203.0.113.255",
            "[2001:db8::7]",
            "evil.example",
            "internal.example",
            "example",
            "shop.test",
            "nowhere.invalid",
        ] {
            let class = classify_host(host);
            assert_eq!(class.reach, Reach::Documentation, "{host}");
            assert!(!class.reach.is_internal(), "{host}");
        }
        // Not the real domains RFC 2606 also reserves: they resolve.
        assert_eq!(classify_host("example.com").reach, Reach::Public);
        assert_eq!(classify_host("example.testing.com").reach, Reach::Public);
    }

    #[test]
    fn internal_names_by_convention() {
        for host in [
            "kubernetes.default",
            "kubernetes.default.svc",
            "api.prod.svc",
            "web.ns.svc.cluster.local",
            "host.docker.internal",
            "printer.home.arpa",
        ] {
            assert_eq!(classify_host(host).reach, Reach::Private, "{host}");
            assert!(crate::names::may_be_internal(host.as_bytes()), "{host}");
        }
    }

    #[test]
    fn public_hosts() {
        for host in [
            "example.com",
            "8.8.8.8",
            "[2606:4700::1111]",
            "münchen.de",
            "localhost.example.com",
            "nip.io",
            "internal.com",
            "o177.com",
            "q12.0.0.a1",
        ] {
            assert_eq!(classify_host(host).reach, Reach::Public, "{host}");
            assert!(
                !crate::names::may_be_internal(host.as_bytes()) || host == "nip.io",
                "{host}"
            );
        }
    }
}
