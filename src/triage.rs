//! Triage: the warnings of [`analyze`], fast, for scanning logs.
//!
//! Most URLs in a log are plain: ASCII letters, digits and delimiters, a
//! host name, a path of ordinary segments. Such a URL cannot carry any of
//! the warnings, and proving that takes one pass over its bytes, which is
//! far cheaper than the full analysis (and than a WHATWG parse). [`triage`]
//! takes that fast path when it can prove the URL is plain, and runs the
//! full [`analyze`] otherwise, so its answer is always the same as
//! `analyze(input).warnings` (a test checks that on every corpus).
//!
//! A URL is *plain* when:
//! - every byte is an unreserved or reserved ASCII character other than
//!   `%`, `@`, `[`, `]` (so no escapes, controls, spaces, backslashes,
//!   non-ASCII bytes or userinfo);
//! - it is `http`, `https`, `ws`, `wss` or `ftp` with exactly `//` before a
//!   host of letters, digits, dots and hyphens (no `xn--` label, no label
//!   ending in a number, which WHATWG would read as IPv4) and a numeric
//!   port, or a path starting with a single `/`;
//! - no path segment or parameter part is made of dots, contains `+` in
//!   the path or `0x` anywhere, names a sensitive file, or is base64 for
//!   something that would be flagged.

use crate::analysis::{analyze, Options};
use crate::warnings::Warning;

/// Bytes allowed in a plain URL: ALPHA DIGIT `-._~!$&'()*+,;=:/?#`.
// Evaluated at compile time; `b` is always below 256.
#[allow(clippy::indexing_slicing)]
const fn plain_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b':'
                    | b'/'
                    | b'?'
                    | b'#'
            );
        b += 1;
    }
    t
}

static PLAIN: [bool; 256] = plain_table();

/// The warnings `analyze(input, options)` would give, computed fast when
/// the URL is plain.
///
/// # Examples
/// ```
/// use urlscope::triage::triage;
/// use urlscope::Options;
/// assert!(triage(b"https://example.com/a/b?x=1", &Options::default()).is_empty());
/// assert!(!triage(b"https://example.com/%252e%252e/", &Options::default()).is_empty());
/// ```
pub fn triage(input: &[u8], options: &Options) -> Vec<Warning> {
    if is_plain(input) {
        return Vec::new();
    }
    analyze(input, options).warnings
}

/// Whether `input` is plain (see the module docs): certain to have no
/// warning at all.
pub fn is_plain(input: &[u8]) -> bool {
    if input.is_empty()
        || !input
            .iter()
            .all(|&b| PLAIN.get(usize::from(b)).copied().unwrap_or(false))
    {
        return false;
    }
    // Where the path starts: after a plain authority, or at a single '/'.
    let path_start = if input.first() == Some(&b'/') {
        if input.get(1) == Some(&b'/') {
            return false;
        }
        0
    } else {
        let Some(colon) = memchr::memchr(b':', input) else {
            return false;
        };
        let scheme = input.get(..colon).unwrap_or_default();
        let special = [&b"http"[..], b"https", b"ws", b"wss", b"ftp"]
            .iter()
            .any(|s| s.eq_ignore_ascii_case(scheme));
        let rest = input.get(colon + 1..).unwrap_or_default();
        if !special || !rest.starts_with(b"//") || rest.get(2) == Some(&b'/') {
            return false;
        }
        let auth_start = colon + 3;
        let auth = input.get(auth_start..).unwrap_or_default();
        let auth_len = auth
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#'))
            .unwrap_or(auth.len());
        if !plain_authority(auth.get(..auth_len).unwrap_or_default()) {
            return false;
        }
        auth_start + auth_len
    };
    let rest = input.get(path_start..).unwrap_or_default();
    let (path, query) = {
        let end = rest
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .unwrap_or(rest.len());
        (
            rest.get(..end).unwrap_or_default(),
            rest.get(end..).unwrap_or_default(),
        )
    };
    plain_path(path) && plain_query(query)
}

fn plain_authority(auth: &[u8]) -> bool {
    let (host, port) = match memchr::memchr(b':', auth) {
        Some(i) => (
            auth.get(..i).unwrap_or_default(),
            Some(auth.get(i + 1..).unwrap_or_default()),
        ),
        None => (auth, None),
    };
    if host.is_empty()
        || !host
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        || host.first() == Some(&b'.')
        || host.windows(2).any(|w| w == b"..")
    {
        return false;
    }
    let labels = host.strip_suffix(b".").unwrap_or(host);
    let last = labels.rsplit(|&b| b == b'.').next().unwrap_or_default();
    if last.first().is_none_or(u8::is_ascii_digit) {
        return false;
    }
    if labels
        .split(|&b| b == b'.')
        .any(|l| l.len() >= 4 && l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--")))
    {
        return false;
    }
    match port {
        None => true,
        Some(p) => {
            p.len() <= 5 && p.iter().all(u8::is_ascii_digit) && (p.len() < 5 || p <= &b"65535"[..])
        }
    }
}

/// Whether a part would be read as a dot segment, a hex-notation escape or
/// something only the full analysis can judge (one pass over its bytes).
fn suspicious_part(part: &[u8]) -> bool {
    // Tomcat and Jetty drop ";params" before resolving, as the analysis does.
    let mut dots_only = true;
    let mut in_params = false;
    let mut b64 = true;
    let mut previous = 0u8;
    for &b in part {
        if b == b';' {
            in_params = true;
        }
        if !in_params && b != b'.' {
            dots_only = false;
        }
        if (previous == b'0') && (b | 0x20) == b'x' {
            return true;
        }
        b64 &= b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'_' | b'=');
        previous = b;
    }
    let name_len = part.iter().position(|&b| b == b';').unwrap_or(part.len());
    (dots_only && name_len > 0)
        || (b64 && part.len() >= 8 && crate::targets::base64_text(part).is_some())
}

/// Whether `text` split on '/' names a sensitive file (the comparison
/// ignores ASCII case, so nothing is lowercased or allocated).
fn names_target(text: &[u8]) -> bool {
    let mut parts: [&[u8]; 16] = [&[]; 16];
    let mut n = 0;
    for part in text.split(|&b| b == b'/') {
        let Some(slot) = parts.get_mut(n) else {
            // Unusually many parts: let the full analysis judge.
            return true;
        };
        *slot = part;
        n += 1;
    }
    crate::targets::sensitive_target(parts.get(..n).unwrap_or_default()).is_some()
}

fn plain_path(path: &[u8]) -> bool {
    if memchr::memchr(b'+', path).is_some() {
        return false;
    }
    let body = path.strip_prefix(b"/").unwrap_or(path);
    if body.split(|&b| b == b'/').any(suspicious_part) {
        return false;
    }
    !names_target(body)
}

fn plain_query(rest: &[u8]) -> bool {
    // `rest` starts at '?' or '#' (or is empty).
    // The fragment needs nothing: plain bytes carry no warning there.
    let query = match memchr::memchr(b'#', rest) {
        Some(i) => rest.get(..i).unwrap_or_default(),
        None => rest,
    };
    let query = query.strip_prefix(b"?").unwrap_or(query);
    for pair in query.split(|&b| b == b'&') {
        for side in pair.splitn(2, |&b| b == b'=') {
            if side.is_empty() {
                continue;
            }
            if side.split(|&b| b == b'/').any(suspicious_part) {
                return false;
            }
            if names_target(side) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_urls() {
        for u in [
            &b"https://example.com/"[..],
            b"https://www.example.com:8080/a/b.html?x=1&y=two#frag",
            b"http://example.com",
            b"/index.html?q=search",
        ] {
            assert!(is_plain(u), "{}", String::from_utf8_lossy(u));
        }
    }

    #[test]
    fn not_plain() {
        for u in [
            &b"https://example.com/%41"[..],
            b"https://user@example.com/",
            b"http://2130706433/",
            b"http://1.2.3.4/",
            b"http://xn--bcher-kva.de/",
            b"http:/example.com/",
            b"http:///example.com/",
            b"//example.com/",
            b"javascript:alert(1)",
            b"https://example.com/../x",
            b"https://example.com/a+b",
            b"https://example.com/etc/passwd",
            b"https://example.com/?f=../x",
            b"https://example.com/?f=0x2e0x2e",
            b"https://example.com/?q=Li4vLi4vZXRjL3Bhc3N3ZA==",
            b"https://example.com:99999/",
            b" https://example.com/",
            b"https://example.com/a b",
            b"https://example.com/..;/admin",
            b"https://a..b/",
        ] {
            assert!(!is_plain(u), "{}", String::from_utf8_lossy(u));
        }
    }
}
