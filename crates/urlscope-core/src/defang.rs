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
/// can be pasted into a ticket without becoming a link. Text that is not
/// an absolute URL with a host has only its dots bracketed up to the
/// first `/`, `?` or `#`.
pub fn defang(url: &str) -> String {
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
        let lower = s.to_ascii_lowercase();
        let written = match lower.as_str() {
            "http" => "hxxp",
            "https" => "hxxps",
            "ftp" => "fxp",
            "ftps" => "fxps",
            _ => s,
        };
        out.push_str(written);
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
    out.push_str(tail);
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
        ] {
            let r = refang(defanged.as_bytes());
            assert_eq!(String::from_utf8_lossy(&r.url), url, "{defanged}");
            assert!(!r.changes.is_empty());
            assert!(looks_defanged(defanged.as_bytes()), "{defanged}");
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
            "hxxps://user.name@evil[.]example[.]com:8443/a.b?c.d#e.f"
        );
        assert_eq!(defang("ftp://a.b/"), "fxp://a[.]b/");
        assert_eq!(defang("mailto:x@y.z"), "mailto:x@y[.]z");
        assert_eq!(defang("evil.example/login"), "evil[.]example/login");
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
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), url);
        }
    }
}
