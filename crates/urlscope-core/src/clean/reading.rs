//! How cleaning reads a URL before escaping it, where a browser reads
//! another host in it than its bytes escaped as written give.

use crate::split::Split;

/// How cleaning reads the authority of a URL before escaping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rewrite {
    /// Tabs and newlines removed (a raw one in the authority, which every
    /// parser that accepts it drops: the URL Standard, Python's urllib,
    /// RFC 3986's Appendix C), the rest as written.
    Whitespace,
    /// As a browser reads it: also, in a special URL, every backslash
    /// before the query read as `/`, and (but in `file:`) a run of slashes
    /// and backslashes after the scheme as `//`.
    Browser,
}

/// How cleaning must read `input` so that the cleaned URL leads where the
/// input does ([`Rewrite`]), or `None` when its bytes escaped as written
/// do: [`Rewrite::Browser`] for a backslash before or inside the
/// authority of a special URL that a browser opens (one it refuses has no
/// browser's host to keep, and RFC 3986's reading is the only one);
/// [`Rewrite::Whitespace`] for a tab or newline inside the authority.
pub(super) fn rewrite_of(input: &[u8], parts: &Split) -> Option<Rewrite> {
    // Most URLs have none of these bytes: turned away at memchr's speed.
    let trimmed = parts.trimmed.of(input);
    if memchr::memchr3(b'\\', b'\t', b'\n', trimmed).is_none()
        && memchr::memchr(b'\r', trimmed).is_none()
    {
        return None;
    }
    let whitespace = parts.authority.is_some_and(|a| {
        a.of(input)
            .iter()
            .any(|b| matches!(b, b'\t' | b'\n' | b'\r'))
    });
    let whitespace = whitespace.then_some(Rewrite::Whitespace);
    let Some(scheme) = parts.scheme else {
        return whitespace;
    };
    let special =
        crate::schemes::is_special(&String::from_utf8_lossy(scheme.of(input)).to_ascii_lowercase());
    if !special {
        return whitespace;
    }
    // After the scheme: a run of slashes and backslashes, then the
    // browser's authority, up to a '/', '\\', '?' or '#'.
    let rest = input
        .get(scheme.end + 1..parts.trimmed.end)
        .unwrap_or_default();
    let run = rest
        .iter()
        .take_while(|&&b| matches!(b, b'/' | b'\\' | b'\t' | b'\n' | b'\r'))
        .count();
    let authority_end = rest
        .iter()
        .skip(run)
        .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .map(|i| i + run);
    let ends_with_backslash = authority_end.is_some_and(|i| rest.get(i) == Some(&b'\\'));
    let backslash = rest.get(..run).is_some_and(|r| r.contains(&b'\\')) || ends_with_backslash;
    // A tab or newline where a browser reads the authority but RFC 3986
    // reads a path (`http:////<TAB>..x/`: after a run of slashes).
    let spaced = rest
        .get(..authority_end.unwrap_or(rest.len()))
        .is_some_and(|r| r.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r')));
    if (backslash || spaced && whitespace.is_none()) && opens(trimmed) {
        Some(Rewrite::Browser)
    } else {
        whitespace
    }
}

/// Whether a browser opens `url` at all.
fn opens(url: &[u8]) -> bool {
    url::Url::parse(&String::from_utf8_lossy(url)).is_ok()
}

/// The trimmed `input` read as [`rewrite_of`] says, when it says to.
pub(super) fn as_a_browser_reads(input: &[u8], parts: &Split) -> Option<Vec<u8>> {
    let rewrite = rewrite_of(input, parts)?;
    let text: Vec<u8> = parts
        .trimmed
        .of(input)
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .collect();
    if rewrite == Rewrite::Whitespace {
        return Some(text);
    }
    let scheme = parts.scheme?;
    let name = String::from_utf8_lossy(scheme.of(input)).to_ascii_lowercase();
    let network = crate::schemes::is_special_network(&name);
    let colon = scheme.len();
    let (head, rest) = text.split_at_checked(colon + 1)?;
    let mut out = head.to_vec();
    let run = rest
        .iter()
        .take_while(|&&b| matches!(b, b'/' | b'\\'))
        .count();
    let (slashes, rest) = rest.split_at(run);
    if network && (slashes.contains(&b'\\') || slashes.len() != 2) {
        out.extend_from_slice(b"//");
    } else {
        out.extend(slashes.iter().map(|_| b'/'));
    }
    let query = rest
        .iter()
        .position(|&b| matches!(b, b'?' | b'#'))
        .unwrap_or(rest.len());
    let (before, after) = rest.split_at(query);
    out.extend(before.iter().map(|&b| if b == b'\\' { b'/' } else { b }));
    out.extend_from_slice(after);
    Some(out)
}
