//! Resolving a relative reference against a base URI (RFC 3986 section 5),
//! and where a WHATWG parser (every browser) resolves it differently.
//!
//! A request target in a log (`/a/../b?q`), a link in a page (`../img/x`)
//! or a redirect's `Location` is a *reference*: it means a URL only
//! against a base. RFC 3986 §5.2 says how: split both (Appendix B), take
//! each component from the reference or the base (§5.2.2), merge the paths
//! (§5.2.3), remove the dot segments (§5.2.4) and put the target together
//! again (§5.3). Nothing is decoded or normalized on the way.
//!
//! The URL Standard resolves the same pair differently where its parser
//! reads differently: `\` is `/` in a special URL, and `http:g` against an
//! `http:` base is relative (§5.4.2 calls that reading "for backward
//! compatibility" and the strict one the rule). [`Resolution`] holds both.
//!
//! ```
//! use urlscope_core::resolve::resolve;
//! assert_eq!(resolve(b"http://a/b/c/d;p?q", b"../g").unwrap(), b"http://a/b/g");
//! assert_eq!(resolve(b"http://a/b/c/d;p?q", b"?y").unwrap(), b"http://a/b/c/d;p?y");
//! ```

use crate::split::Span;
use crate::warnings::{Case, Warning};

/// Why a base cannot be resolved against.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// RFC 3986 §5.1: the base must be an absolute URI, with a scheme.
    BaseNotAbsolute,
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::BaseNotAbsolute => f.write_str(
                "the base is not an absolute URI: it needs a scheme (RFC 3986 section 5.1)",
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

/// The five components of RFC 3986 Appendix B, each `None` when absent
/// (an empty query `?` is present and empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Parts<'a> {
    scheme: Option<&'a [u8]>,
    authority: Option<&'a [u8]>,
    path: &'a [u8],
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` (Appendix B).
fn parts(r: &[u8]) -> Parts<'_> {
    let (rest, fragment) = match r.iter().position(|&b| b == b'#') {
        Some(i) => (r.get(..i).unwrap_or_default(), r.get(i + 1..)),
        None => (r, None),
    };
    let (rest, query) = match rest.iter().position(|&b| b == b'?') {
        Some(i) => (rest.get(..i).unwrap_or_default(), rest.get(i + 1..)),
        None => (rest, None),
    };
    // What stands before the ':' is a scheme only when it is one
    // (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, section 3.1):
    // `10.0.0.7:8080/x` and `1a:b` are no URIs, and are resolved as the
    // relative paths every parser reads them as (the URL Standard's, and
    // Python's `urljoin`).
    let scheme_end = rest
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'))
        .filter(|&i| rest.get(i) == Some(&b':'))
        .filter(|&i| crate::split::is_scheme(rest.get(..i).unwrap_or_default()));
    let (scheme, rest) = match scheme_end {
        Some(i) => (rest.get(..i), rest.get(i + 1..).unwrap_or_default()),
        None => (None, rest),
    };
    let (authority, path) = match rest.strip_prefix(b"//") {
        Some(after) => {
            let end = after.iter().position(|&b| b == b'/').unwrap_or(after.len());
            (after.get(..end), after.get(end..).unwrap_or_default())
        }
        None => (None, rest),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// RFC 3986 §5.2.4: remove `.` and `..` segments from a path.
pub(crate) fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut input = path;
    let mut output: Vec<u8> = Vec::with_capacity(path.len());
    // The steps of §5.2.4, in its order, until the input buffer is empty.
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix(b"../")
            .or_else(|| input.strip_prefix(b"./"))
        {
            // A.
            input = rest;
        } else if input.starts_with(b"/./") {
            // B: "/./" becomes "/".
            input = input.get(2..).unwrap_or_default();
        } else if input == b"/." {
            input = b"/";
        } else if input.starts_with(b"/../") || input == b"/.." {
            // C: "/../" or "/.." becomes "/", and the last output segment goes.
            input = if input == b"/.." {
                b"/"
            } else {
                input.get(3..).unwrap_or_default()
            };
            let cut = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
            output.truncate(cut);
        } else if input == b"." || input == b".." {
            // D.
            input = b"";
        } else {
            // E: the first segment, with its leading "/", moves to the output.
            let from = usize::from(input.first() == Some(&b'/'));
            let end = input
                .iter()
                .skip(from)
                .position(|&b| b == b'/')
                .map_or(input.len(), |i| i + from);
            output.extend_from_slice(input.get(..end).unwrap_or_default());
            input = input.get(end..).unwrap_or_default();
        }
    }
    output
}

/// RFC 3986 §5.2.3: the reference's path after the base's last `/`.
fn merge(base: &Parts<'_>, reference_path: &[u8]) -> Vec<u8> {
    let mut merged = Vec::with_capacity(base.path.len() + reference_path.len() + 1);
    if base.authority.is_some() && base.path.is_empty() {
        merged.push(b'/');
    } else if let Some(last) = base.path.iter().rposition(|&b| b == b'/') {
        merged.extend_from_slice(base.path.get(..=last).unwrap_or_default());
    }
    merged.extend_from_slice(reference_path);
    merged
}

/// Resolve `reference` against `base` as RFC 3986 §5.2.2 says (the strict
/// parser: a reference with a scheme is never relative), and recompose the
/// target (§5.3). The base's fragment is ignored.
///
/// ```
/// use urlscope_core::resolve::resolve;
/// let base = b"http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, b"g;x?y#s").unwrap(), b"http://a/b/c/g;x?y#s");
/// assert_eq!(resolve(base, b"../../../g").unwrap(), b"http://a/g");
/// assert_eq!(resolve(base, b"http:g").unwrap(), b"http:g");
/// assert!(resolve(b"/no/scheme", b"g").is_err());
/// ```
pub fn resolve(base: &[u8], reference: &[u8]) -> Result<Vec<u8>, ResolveError> {
    let b = parts(base);
    let scheme = b.scheme.ok_or(ResolveError::BaseNotAbsolute)?;
    let r = parts(reference);
    let (scheme, authority, path, query) = if let Some(scheme) = r.scheme {
        (scheme, r.authority, remove_dot_segments(r.path), r.query)
    } else if r.authority.is_some() {
        (scheme, r.authority, remove_dot_segments(r.path), r.query)
    } else if r.path.is_empty() {
        (scheme, b.authority, b.path.to_vec(), r.query.or(b.query))
    } else if r.path.first() == Some(&b'/') {
        (scheme, b.authority, remove_dot_segments(r.path), r.query)
    } else {
        let merged = merge(&b, r.path);
        (scheme, b.authority, remove_dot_segments(&merged), r.query)
    };
    // §5.3: recomposition.
    let mut target = Vec::with_capacity(base.len() + reference.len());
    target.extend_from_slice(scheme);
    target.push(b':');
    if let Some(authority) = authority {
        target.extend_from_slice(b"//");
        target.extend_from_slice(authority);
    }
    target.extend_from_slice(&path);
    if let Some(query) = query {
        target.push(b'?');
        target.extend_from_slice(query);
    }
    if let Some(fragment) = r.fragment {
        target.push(b'#');
        target.extend_from_slice(fragment);
    }
    Ok(target)
}

/// A reference resolved both ways: by RFC 3986 and by a WHATWG parser.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Resolution {
    /// The target by RFC 3986 §5.2: what urlscope analyses.
    pub target: Vec<u8>,
    /// The target by the URL Standard (the `url` crate's `join`), or why
    /// it fails.
    pub whatwg: Result<String, String>,
    /// Whether the two name different URLs: the WHATWG target is not what
    /// a WHATWG parser makes of the RFC 3986 target (so a mere difference
    /// of serialization, `http://g` against `http://g/`, is not one).
    pub differs: bool,
    /// Why they differ, when a known rule says.
    pub reason: Option<&'static str>,
}

/// Resolve `reference` against `base` both ways (see [`resolve`]).
///
/// ```
/// use urlscope_core::resolve::resolution;
/// let r = resolution(b"http://a/b/c/d;p?q", b"http:g").unwrap();
/// assert_eq!(r.target, b"http:g");
/// assert_eq!(r.whatwg.as_deref(), Ok("http://a/b/c/g"));
/// assert!(r.differs);
/// ```
pub fn resolution(base: &[u8], reference: &[u8]) -> Result<Resolution, ResolveError> {
    let target = resolve(base, reference)?;
    // Bytes that are not UTF-8 are read as their escapes, as a browser
    // sends them (not as U+FFFD, whose escapes would stand in their place).
    let text = crate::percent::escape_ill_formed;
    let whatwg = url::Url::parse(&text(base))
        .and_then(|b| b.join(&text(reference)))
        .map(String::from)
        .map_err(|e| e.to_string());
    let rfc_read_by_whatwg = url::Url::parse(&text(&target)).map(String::from);
    let differs = match (&whatwg, &rfc_read_by_whatwg) {
        // The target may itself be read two ways (`//evil.com\@good.com/`
        // is `good.com` to RFC 3986 and `evil.com` to a browser, however
        // it was resolved): the host RFC 3986 reads in it counts too.
        (Ok(theirs), Ok(ours)) => theirs != ours || !same_host(&target, theirs),
        (Err(_), Err(_)) => false,
        _ => true,
    };
    let reason = differs.then(|| why(base, reference)).flatten();
    Ok(Resolution {
        target,
        whatwg,
        differs,
        reason,
    })
}

/// Whether the host RFC 3986 reads in `target` is the host of the WHATWG
/// URL `theirs`, in a special scheme (the host read by WHATWG's host
/// rules, its IDNA and address forms, as a browser reads it written
/// there; other schemes' hosts are opaque and compared as the URLs are).
fn same_host(target: &[u8], theirs: &str) -> bool {
    let Ok(theirs) = url::Url::parse(theirs) else {
        return false;
    };
    if !crate::schemes::is_special(theirs.scheme()) {
        return true;
    }
    let Some(host) = crate::split::split(target).host else {
        return theirs.host_str().is_none_or(str::is_empty);
    };
    let ours = crate::percent::escape_ill_formed(host.of(target));
    // A host WHATWG cannot read is not the one it opened.
    url::Host::parse(&ours)
        .is_ok_and(|ours| Some(ours.to_string()) == theirs.host().map(|h| h.to_string()))
}

/// The rule behind a differing resolution, where one of the known ones.
fn why(base: &[u8], reference: &[u8]) -> Option<&'static str> {
    let special = |p: &Parts<'_>| {
        p.scheme.is_some_and(|s| {
            crate::schemes::is_special(&String::from_utf8_lossy(s).to_ascii_lowercase())
        })
    };
    let (b, r) = (parts(base), parts(reference));
    if special(&b) && reference.contains(&b'\\') {
        return Some("WHATWG reads '\\' as '/' in a special URL");
    }
    let same_scheme = r
        .scheme
        .zip(b.scheme)
        .is_some_and(|(r, b)| r.eq_ignore_ascii_case(b));
    if special(&r) && same_scheme && r.authority.is_none() {
        return Some(
            "WHATWG reads a reference with the base's special scheme and no '//' as relative",
        );
    }
    None
}

impl Resolution {
    /// The `parser-differential` warning of a target the two standards
    /// resolve differently, over the whole target's bytes.
    pub fn differential_warning(&self, reference: &[u8]) -> Option<Warning> {
        let theirs = self.whatwg.as_ref().ok()?;
        if !self.differs {
            return None;
        }
        let origin = |u: &str| url::Url::parse(u).ok().map(|u| u.origin());
        let ours = String::from_utf8_lossy(&self.target);
        let case = if origin(&ours) == origin(theirs) && same_host(&self.target, theirs) {
            Case::PathDiffers
        } else {
            Case::OriginDiffers
        };
        Some(Warning::for_case(
            case,
            vec![Span::new(0, self.target.len())],
            None,
            format!(
                "RFC 3986 resolves '{}' to '{}' but a WHATWG parser to '{}'{}, so a filter and a fetcher can act on different URLs.",
                crate::text::quote(reference),
                crate::text::quote(&self.target),
                crate::text::quote_str(theirs),
                self.reason.map(|r| format!(" ({r})")).unwrap_or_default(),
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A byte that is not UTF-8 stays that byte in the WHATWG target, as
    /// its escape.
    #[test]
    fn ill_formed_bytes_resolve_as_their_escapes() {
        let r = resolution(b"http://b.example/\xfe/", b"x/\xff").unwrap();
        assert_eq!(r.target, b"http://b.example/\xfe/x/\xff");
        assert_eq!(r.whatwg.as_deref(), Ok("http://b.example/%FE/x/%FF"));
        assert!(!r.differs);
    }

    /// Text before a ':' that is no scheme (section 3.1) starts a
    /// relative path, as the URL Standard and `urljoin` read it.
    #[test]
    fn no_scheme_before_a_colon_is_a_relative_path() {
        let base = b"https://a.example/dir/page";
        for (reference, target) in [
            (
                &b"10.0.0.7:8080/foo.html"[..],
                &b"https://a.example/dir/10.0.0.7:8080/foo.html"[..],
            ),
            (b"1a:b", b"https://a.example/dir/1a:b"),
            (b"-x:y", b"https://a.example/dir/-x:y"),
            (b"a1+.-:b", b"a1+.-:b"),
        ] {
            assert_eq!(resolve(base, reference).unwrap(), target);
        }
        assert!(resolve(b"1a:/b", b"c").is_err());
    }

    #[test]
    fn remove_dot_segments_examples() {
        assert_eq!(remove_dot_segments(b"/a/b/c/./../../g"), b"/a/g");
        assert_eq!(remove_dot_segments(b"mid/content=5/../6"), b"mid/6");
    }

    const BASE: &[u8] = b"http://a/b/c/d;p?q";

    fn check(cases: &[(&str, &str)]) {
        for (reference, target) in cases {
            let got = resolve(BASE, reference.as_bytes())
                .map(|t| String::from_utf8_lossy(&t).into_owned());
            assert_eq!(got.as_deref(), Ok(*target), "{reference}");
        }
    }

    /// RFC 3986 §5.4.1, every example.
    #[test]
    fn normal_examples() {
        check(&[
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
        ]);
    }

    /// RFC 3986 §5.4.2, every example (the strict parser for `http:g`).
    #[test]
    fn abnormal_examples() {
        check(&[
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ]);
    }

    #[test]
    fn the_rfc_examples_of_section_5_2_4() {
        assert_eq!(remove_dot_segments(b"/a/b/c/./../../g"), b"/a/g");
        assert_eq!(remove_dot_segments(b"mid/content=5/../6"), b"mid/6");
    }

    #[test]
    fn whatwg_differs_on_backslashes_and_same_scheme_references() {
        let r = resolution(BASE, b"http:g").expect("resolves");
        assert!(r.differs);
        assert_eq!(r.whatwg.as_deref(), Ok("http://a/b/c/g"));
        let r = resolution(b"http://good.example/a/", b"\\\\evil.example/x").expect("resolves");
        assert_eq!(r.target, b"http://good.example/a/\\\\evil.example/x");
        assert_eq!(r.whatwg.as_deref(), Ok("http://evil.example/x"));
        assert_eq!(r.reason, Some("WHATWG reads '\\' as '/' in a special URL"));
        let w = r
            .differential_warning(b"\\\\evil.example/x")
            .expect("warning");
        assert_eq!(w.severity, crate::warnings::Severity::High);
        // A mere difference of serialization is not a differential.
        assert!(!resolution(BASE, b"//g").expect("resolves").differs);
    }

    /// A target that is itself read two ways: RFC 3986 reads `good.com`
    /// behind the userinfo `evil.com\`, a browser `evil.com`, although
    /// a browser also reads the RFC 3986 target as `evil.com`.
    #[test]
    fn a_target_whose_host_the_standards_read_apart_differs() {
        let r = resolution(b"http://good.com/x", b"//evil.com\\@good.com/").expect("resolves");
        assert_eq!(r.target, b"http://evil.com\\@good.com/");
        assert_eq!(r.whatwg.as_deref(), Ok("http://evil.com/@good.com/"));
        assert!(r.differs);
        assert_eq!(r.reason, Some("WHATWG reads '\\' as '/' in a special URL"));
        let w = r
            .differential_warning(b"//evil.com\\@good.com/")
            .expect("warning");
        assert_eq!(w.severity, crate::warnings::Severity::High);
        // The same host in another spelling is the same host.
        for same in [
            &b"//EXAMPLE.com/"[..],
            b"//0x7f.1/",
            b"//b\xc3\xbccher.example/",
        ] {
            assert!(
                !resolution(b"http://a/", same).expect("resolves").differs,
                "{same:?}"
            );
        }
        // An opaque host of another scheme is compared as written.
        assert!(
            !resolution(b"foo://a/", b"//Ex%41mple/")
                .expect("resolves")
                .differs
        );
    }
}
