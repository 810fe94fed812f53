//! What a browser makes of a string pasted without a scheme.
//!
//! Indicators travel without their scheme: IOC lists give `paypa1.com`,
//! tickets `www.paypa1.com/signin`, firewall logs `203.0.113.7:8080/x`.
//! RFC 3986 and the WHATWG URL Standard read all of these as relative
//! references (a path, or for `example.com:8080` a scheme `example.com`),
//! which lead nowhere of their own; a browser's address bar, given the
//! same text, puts `http://` in front of it and opens the host
//! (Chrome's and Firefox's fix-up of typed input). [`reading`] says when
//! an input is read that way, and why its start is a host:
//!
//! - an IPv4 address in dotted decimal, or `localhost`;
//! - a name that starts with `www.`;
//! - a domain name under a listed public suffix (the Public Suffix List
//!   the rest of the analysis uses), whose last label is not a file's
//!   extension: `index.php`, `foo.txt` and `a.b` are file names and stay
//!   relative. A few suffixes name files far more often in pasted text
//!   than sites ([`FILE_LIKE_SUFFIXES`]: `setup.py`, `readme.md`,
//!   `install.sh`, `invoice.zip`): a name ending in one is a host only when
//!   a port or a path follows it (`evil.zip/x`) or `www.` starts it.
//!
//! What follows may be a `:port`, then a path, query and fragment. The
//! input's bytes are not changed: the split reads the host where it is
//! (so every span points into what was pasted), the scheme is an
//! assumption the analysis records ([`Assumed`]) and says so
//! (`assumed-scheme`, info).

use crate::names::is_file_extension;
use crate::split::{is_dotted_decimal, Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// Suffixes of the Public Suffix List that are also extensions of files
/// people write out by name (scripts, sources, documents), beside the
/// file extensions the core already reads as no domain's ending (`.zip`,
/// `.mov`, `.java`, `.map`): a name ending in one alone is a file.
/// Suffixes that name many sites (Poland's `.pl`, `.cc`, `.ai`, `.in`,
/// `.app`, `.dev`) are not here: `script.pl` is read as a host.
pub const FILE_LIKE_SUFFIXES: &[&str] = &["sh", "py", "md", "rs", "pm", "ps", "so", "mk"];

/// Why the start of an input reads as a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HostLike {
    /// A domain name under a listed public suffix (`paypa1.com`).
    PublicSuffix,
    /// A name that starts with `www.`.
    Www,
    /// An IPv4 address in dotted decimal.
    Ipv4,
    /// `localhost`.
    Localhost,
}

impl HostLike {
    /// Its name in `explain --json`: `public-suffix`, `www`, `ipv4`,
    /// `localhost`.
    pub fn name(self) -> &'static str {
        match self {
            HostLike::PublicSuffix => "public-suffix",
            HostLike::Www => "www",
            HostLike::Ipv4 => "ipv4",
            HostLike::Localhost => "localhost",
        }
    }
}

/// An input with no scheme read as a browser's address bar reads it:
/// with a scheme put in front ([`crate::analysis::Analysis::assumed`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Assumed {
    /// The scheme put in front: `http`, as address bars do.
    pub scheme: &'static str,
    /// The URL read: the scheme, `://` and the input (junk around it left
    /// out).
    pub url: String,
    /// The bytes read as the host and port, in the input.
    pub span: Span,
    /// Why they read as a host.
    pub because: HostLike,
    /// The public suffix the name is under, for [`HostLike::PublicSuffix`].
    pub suffix: Option<String>,
}

/// The address bar's reading of `input` (its RFC 3986 outline `parts`),
/// when it has no scheme and starts with a host (see the module docs);
/// `None` leaves it a relative reference. The outline read so is
/// [`crate::split::with_leading_authority`] with the length of
/// [`Assumed::span`].
pub(crate) fn reading(input: &[u8], parts: &Split) -> Option<Assumed> {
    if parts.authority.is_some() {
        return None;
    }
    let text = parts.trimmed.of(input);
    // The authority ends where every reader ends it. A backslash ends it
    // for a browser but not for RFC 3986 (`evil.com\@good.com`: a browser
    // opens evil.com, Python's urllib good.com), so a first segment that
    // holds one is no host name and the text is not read so.
    let end = text
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(text.len());
    let authority = text.get(..end)?;
    let (name, port) = match memchr::memchr(b':', authority) {
        Some(colon) => (authority.get(..colon)?, Some(authority.get(colon + 1..)?)),
        None => (authority, None),
    };
    if let Some(port) = port {
        let digits = (1..=5).contains(&port.len()) && port.iter().all(u8::is_ascii_digit);
        if !digits || std::str::from_utf8(port).ok()?.parse::<u16>().is_err() {
            return None;
        }
    }
    let name = std::str::from_utf8(name).ok()?;
    let followed = port.is_some() || text.get(end) == Some(&b'/');
    let (because, suffix) = host_like(name, followed)?;
    let start = parts.trimmed.start;
    Some(Assumed {
        scheme: "http",
        url: format!("http://{}", String::from_utf8_lossy(text)),
        span: Span::new(start, start + end),
        because,
        suffix,
    })
}

/// Why `name` reads as a host, and its public suffix; `followed` says a
/// port or a path follows it.
fn host_like(name: &str, followed: bool) -> Option<(HostLike, Option<String>)> {
    if name.eq_ignore_ascii_case("localhost") {
        return Some((HostLike::Localhost, None));
    }
    if is_dotted_decimal(name.as_bytes()) {
        return Some((HostLike::Ipv4, None));
    }
    let labels: Vec<&str> = name.split('.').collect();
    // Chromium's address bar takes '_' in a label as it takes '-'
    // (`IsCanonicalizedHostCompliant`), and so does DNS in practice
    // (`my_site.example.com`).
    let name_chars = |l: &&str| {
        !l.is_empty()
            && l.chars().all(|c| {
                c.is_ascii_alphanumeric()
                    || c == '-'
                    || c == '_'
                    || (!c.is_ascii() && !c.is_whitespace() && !c.is_control())
            })
    };
    if labels.len() < 2 || name.len() > 253 || !labels.iter().all(name_chars) {
        return None;
    }
    let last = labels.last().copied().unwrap_or_default();
    // `v1.2.3`, `1.2.3.4.5`: numbers, not names (a URL parser would try
    // them as an address and fail).
    if last.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let www = labels
        .first()
        .is_some_and(|l| l.eq_ignore_ascii_case("www"));
    if www {
        return Some((HostLike::Www, None));
    }
    let ascii = idna::domain_to_ascii(name).ok()?.to_ascii_lowercase();
    let suffix = psl::suffix(ascii.as_bytes()).filter(psl::Suffix::is_known)?;
    let suffix = std::str::from_utf8(suffix.as_bytes()).ok()?.to_string();
    // A name under the suffix, not the suffix alone (`co.uk`).
    if ascii.len() <= suffix.len() + 1 {
        return None;
    }
    let last = last.to_ascii_lowercase();
    let file_like =
        is_file_extension(last.as_bytes()) || FILE_LIKE_SUFFIXES.contains(&last.as_str());
    (!file_like || followed).then_some((HostLike::PublicSuffix, Some(suffix)))
}

/// `assumed-scheme`: the input is read with a scheme it does not have,
/// on the bytes read as its host (component `host`).
pub(crate) fn assumed_warning(input: &[u8], a: &Assumed, host: Option<usize>) -> Warning {
    let written = String::from_utf8_lossy(a.span.of(input));
    let why = match a.because {
        HostLike::PublicSuffix => format!(
            "a domain name under the public suffix '{}'",
            quote_str(a.suffix.as_deref().unwrap_or_default())
        ),
        HostLike::Www => "a name that starts with 'www.'".to_string(),
        HostLike::Ipv4 => "an IPv4 address".to_string(),
        HostLike::Localhost => "the machine's own name".to_string(),
    };
    // `localhost:8080`, `example.com:8080`: the name before the port is a
    // scheme to every parser of links.
    let elsewhere = match written.split_once(':') {
        Some((scheme, _)) if crate::split::is_scheme(scheme.as_bytes()) => format!(
            "In a page's link, and to URL libraries (node's URL, Python's urlsplit), the same text is a URL of the scheme '{}', which opens no site",
            quote_str(scheme)
        ),
        _ => "In a page's link the same text is a relative path, read against that page".to_string(),
    };
    Warning::new(
        WarningCode::AssumedScheme,
        vec![a.span],
        host,
        format!(
            "No scheme, and '{}' reads as a host ({why}): the input is read as a browser's address bar reads it, as '{}'. {elsewhere}.",
            quote_str(&written),
            quote_str(&a.url)
        ),
    )
}

/// How a browser reads a run of separators that starts a relative
/// reference: a backslash as a slash (`/\evil.com`, `\\evil.com`), and
/// any run of them as the `//` before a host (`///evil.com`), against a
/// page of a special scheme (http, https). Destination spellings, as a
/// carried URL's are written.
pub(crate) const BACKSLASH_FOR_SLASH: &str = "a backslash for a slash";
/// See [`BACKSLASH_FOR_SLASH`].
pub(crate) const MORE_THAN_TWO_SLASHES: &str = "more than two slashes";

/// The host of the page [`on_a_web_page`] reads a reference on: a name
/// no URL can reach (RFC 2606's `.invalid`), so that one that stays on
/// the page is told apart.
pub(crate) const PAGE_HOST: &str = "page.invalid";

/// The relative reference `text` resolved on an http(s) page
/// (`https://page.invalid/`), as a browser resolves it: a leading run of
/// two or more slashes and backslashes is `//`, the host after it opened
/// (the url crate reads a longer run otherwise than the URL Standard, so
/// the run is written `//` first).
pub(crate) fn on_a_web_page(text: &str) -> Option<url::Url> {
    // As the URL Standard reads it: tabs and newlines removed, leading
    // and trailing controls and spaces trimmed, before the run is counted.
    let text: String = text
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let text = text.trim_matches(|c: char| c <= ' ');
    let run = text
        .bytes()
        .take_while(|b| matches!(b, b'/' | b'\\'))
        .count();
    let page = url::Url::parse(&format!("https://{PAGE_HOST}/")).ok()?;
    match text.get(run..) {
        Some(rest) if run >= 2 => page.join(&format!("//{rest}")).ok(),
        _ => page.join(text).ok(),
    }
}

/// The host a browser opens for the relative reference `text` on an
/// http(s) page ([`on_a_web_page`]), classed; `None` when it opens none.
fn page_host_class(text: &str) -> Option<super::HostClass> {
    let page = on_a_web_page(text)?;
    let host = page.host_str().filter(|h| !h.is_empty())?;
    Some(super::classify_host(host))
}

/// The host a relative reference that starts with a run of slashes and
/// backslashes other than a plain `//` leads to once a browser reads it
/// against an http(s) page (`/\evil.com`, `\\evil.com`, `/\/evil.com`,
/// `///evil.com`: the open-redirect payloads), set on the input's own
/// destination with how it is written ([`BACKSLASH_FOR_SLASH`],
/// [`MORE_THAN_TWO_SLASHES`]). RFC 3986 reads a path there, or an empty
/// host, so its split and checks are left as they are.
pub(crate) fn page_relative_host(a: &mut super::Analysis) {
    if a.split.scheme.is_some() {
        return;
    }
    if a.split.host.is_some_and(|h| !h.is_empty()) {
        network_path_host(a);
        return;
    }
    let Ok(text) = std::str::from_utf8(a.split.trimmed.of(&a.input)) else {
        return;
    };
    // The run as a browser reads it, tabs and newlines in it removed.
    let run = text
        .bytes()
        .take_while(|b| matches!(b, b'/' | b'\\' | b'\t' | b'\n' | b'\r'))
        .count();
    let (Some(written), Some(rest)) = (text.get(..run), text.get(run..)) else {
        return;
    };
    let separators: String = written
        .chars()
        .filter(|c| matches!(c, '/' | '\\'))
        .collect();
    if separators.len() < 2 || written == "//" {
        return;
    }
    let Some(class) = page_host_class(text) else {
        return;
    };
    let mut spelling = Vec::new();
    if separators.contains('\\') {
        spelling.push(BACKSLASH_FOR_SLASH);
    }
    if separators.len() > 2 {
        spelling.push(MORE_THAN_TWO_SLASHES);
    }
    let start = a.split.trimmed.start + run;
    let written = rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len());
    let span = Span::new(start, start + written);
    let Some(own) = a.destinations.first_mut() else {
        return;
    };
    own.site = Some(super::destination::site_of(&class));
    own.imitates = crate::sites::imitation_of_host(&class.canonical)
        .map(|i| crate::sites::Imitation { span, ..i });
    own.host = Some(class);
    own.spelling = spelling;
    own.span = span;
}

/// The host a network-path reference with a backslash before its query
/// (`//evil.com\@good.com/`, an open-redirect payload) leads to once a
/// browser reads it against an http(s) page, where that is another host
/// than RFC 3986's: a browser reads the backslash as '/' and ends the host
/// there. Set on the input's own destination, with RFC 3986's host (and
/// Python's urllib, when it reads the same) as the other reading, as for
/// an absolute URL a browser reads so.
fn network_path_host(a: &mut super::Analysis) {
    let (split, input) = (&a.split, &a.input);
    let Ok(text) = std::str::from_utf8(split.trimmed.of(input)) else {
        return;
    };
    let before_query = text.find(['?', '#']).unwrap_or(text.len());
    if !text.get(..before_query).unwrap_or_default().contains('\\') {
        return;
    }
    let Some(class) = page_host_class(text) else {
        return;
    };
    let Some(own) = a.destinations.first_mut() else {
        return;
    };
    let Some(theirs) = own.host.clone() else {
        return;
    };
    if theirs.canonical == class.canonical {
        return;
    }
    own.other_reading = Some(super::destination::other_reading(split, input, &theirs));
    own.site = Some(super::destination::site_of(&class));
    let span = split.authority.unwrap_or(split.trimmed);
    own.imitates = crate::sites::imitation_of_host(&class.canonical)
        .map(|i| crate::sites::Imitation { span, ..i });
    own.host = Some(class);
    own.spelling = vec![BACKSLASH_FOR_SLASH];
    own.span = span;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::outline;

    fn read(s: &str) -> Option<Assumed> {
        reading(s.as_bytes(), &outline(s.as_bytes()))
    }

    fn because(s: &str) -> Option<HostLike> {
        read(s).map(|a| a.because)
    }

    #[test]
    fn a_domain_under_a_public_suffix_is_a_host() {
        for s in [
            "paypa1.com",
            "www.paypa1.com/x",
            "paypa1.com/signin",
            "login.example.co.uk/a?b=c#d",
            "example.com:8080",
            "example.com:8080/admin",
            "pаypal.com/login",
            "script.pl",
            "evil.cc/x",
            "BIT.LY/3abc",
            "www.https-www_metamask-us.godaddysites.com/",
            "my_site.example.com/login",
            "exa_mple.com",
        ] {
            assert!(read(s).is_some(), "{s}");
        }
        assert_eq!(because("paypa1.com"), Some(HostLike::PublicSuffix));
        assert_eq!(read("paypa1.com").unwrap().suffix.as_deref(), Some("com"));
        assert_eq!(because("www.intranet/x"), Some(HostLike::Www));
        assert_eq!(because("192.168.0.1:8080/x"), Some(HostLike::Ipv4));
        assert_eq!(because("localhost:3000/admin"), Some(HostLike::Localhost));
    }

    #[test]
    fn a_file_name_or_a_path_stays_relative() {
        for s in [
            "index.php",
            "index.php?x=1",
            "foo.txt",
            "readme.md",
            "readme.md#install",
            "setup.py",
            "install.sh",
            "invoice.zip",
            "clip.mov",
            "Main.java",
            "a.b",
            "a/b.html",
            "../a/b",
            "./paypa1.com",
            "/paypa1.com",
            "v1.2.3",
            "1.2.3",
            "com",
            "co.uk",
            "example.com:",
            "example.com:99999",
            "example.com:80a",
            "user@example.com",
            "mailto:a@example.com",
            "com.example.app:/callback",
            "exa mple.com",
            "example..com",
            "",
        ] {
            assert!(read(s).is_none(), "{s}");
        }
    }

    #[test]
    fn a_file_like_suffix_is_a_host_with_a_path_a_port_or_www() {
        assert!(read("evil.zip/x").is_some());
        assert!(read("evil.zip:8080").is_some());
        assert!(read("www.evil.zip").is_some());
        assert!(read("docs.rs/serde").is_some());
        // Where readers disagree on the host, nothing is assumed.
        assert!(read(r"docs.rs\serde").is_none());
        assert!(read(r"evil.com\@good.com").is_none());
        assert!(read("evil.zip?x=1").is_none());
    }

    /// A name and a port read as a scheme in a link (node's `new URL`
    /// and Python's `urlsplit` give the scheme `localhost`); an address
    /// and a port, or a name alone, as a relative path.
    #[test]
    fn the_warning_says_how_a_link_reads_the_same_text() {
        let message = |s: &str| assumed_warning(s.as_bytes(), &read(s).unwrap(), None).message;
        for s in ["localhost:8080/admin", "example.com:8080/x"] {
            let m = message(s);
            assert!(m.contains("URL libraries"), "{s}: {m}");
            let scheme = s.split(':').next().unwrap();
            assert!(m.contains(&format!("the scheme '{scheme}'")), "{s}: {m}");
        }
        for s in ["203.0.113.7:8080/x", "paypa1.com/x", "localhost/x"] {
            let m = message(s);
            assert!(
                m.ends_with("is a relative path, read against that page."),
                "{s}: {m}"
            );
        }
    }

    #[test]
    fn the_span_is_the_host_and_port_as_pasted() {
        let s = "  example.com:8080/x?y#z";
        let a = read(s).unwrap();
        assert_eq!(a.span.of(s.as_bytes()), b"example.com:8080");
        assert_eq!(a.url, "http://example.com:8080/x?y#z");
    }
}
