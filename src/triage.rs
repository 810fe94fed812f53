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

/// Whether `b` may appear in a plain URL: ALPHA DIGIT `-._~!$&'()*+,;=:/?#`.
fn plain_byte(b: u8) -> bool {
    matches!(b,
        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9'
        | b'-' | b'.' | b'_' | b'~' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        | b':' | b'/' | b'?' | b'#')
}

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
    analyze(input, &options.with_corrected(false)).warnings
}

/// Whether `input` is plain (see the module docs): certain to have no
/// warning at all.
pub fn is_plain(input: &[u8]) -> bool {
    if input.is_empty() {
        return false;
    }
    // Where the path starts: after a plain authority, or at a single '/'.
    let path_start = if input.first() == Some(&b'/') {
        if input.get(1) == Some(&b'/') {
            return false;
        }
        0
    } else {
        let Some(path_start) = plain_origin(input) else {
            return false;
        };
        path_start
    };
    let rest = input.get(path_start..).unwrap_or_default();
    let end = rest
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(rest.len());
    let (path, query) = (
        rest.get(..end).unwrap_or_default(),
        rest.get(end..).unwrap_or_default(),
    );
    plain_path(path) && plain_query(query)
}

/// Where the path starts when `input` opens with a plain origin: `http`,
/// `https`, `ws`, `wss` or `ftp` (any case) with exactly `//` before a
/// plain authority (see [`plain_authority`]). The analysis uses it too: a
/// WHATWG parser reads such an origin as RFC 3986 does.
#[inline]
pub(crate) fn plain_origin(input: &[u8]) -> Option<usize> {
    // A special scheme is letters only; anything else is not plain.
    let colon = input.iter().position(|&b| !b.is_ascii_alphabetic())?;
    if input.get(colon) != Some(&b':') {
        return None;
    }
    let scheme = input.get(..colon).unwrap_or_default();
    let special = [&b"http"[..], b"https", b"ws", b"wss", b"ftp"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme));
    let rest = input.get(colon + 1..).unwrap_or_default();
    if !special || !rest.starts_with(b"//") || rest.get(2) == Some(&b'/') {
        return None;
    }
    let auth_start = colon + 3;
    let auth = input.get(auth_start..).unwrap_or_default();
    let auth_len = auth
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(auth.len());
    plain_authority(auth.get(..auth_len).unwrap_or_default()).then_some(auth_start + auth_len)
}

/// One pass over `host[:port]`: letters, digits, hyphens and dots in
/// non-empty labels, no `xn--` label, a last label that does not start
/// with a digit (WHATWG would read it as IPv4), a port of at most 65535.
fn plain_authority(auth: &[u8]) -> bool {
    let host_len = auth.iter().position(|&b| b == b':').unwrap_or(auth.len());
    let host = auth.get(..host_len).unwrap_or_default();
    let mut label_start = 0;
    let mut last_label_first = None;
    for (i, &b) in host.iter().enumerate() {
        match b {
            b'.' => {
                if i == label_start && i + 1 != host.len() {
                    return false; // an empty label (a trailing dot is fine)
                }
                label_start = i + 1;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' => {
                if i == label_start {
                    last_label_first = Some(b);
                    if host
                        .get(i..i + 4)
                        .is_some_and(|l| l.eq_ignore_ascii_case(b"xn--"))
                    {
                        return false;
                    }
                }
            }
            _ => return false,
        }
    }
    if last_label_first.is_none_or(|b| b.is_ascii_digit()) {
        return false;
    }
    match auth.get(host_len + 1..) {
        None => true,
        Some(p) => {
            p.len() <= 5 && p.iter().all(u8::is_ascii_digit) && (p.len() < 5 || p <= &b"65535"[..])
        }
    }
}

/// One pass over a path or a parameter: every byte plain (and no `+` in a
/// path), each '/'-separated part checked as it ends (dot segments, Tomcat
/// `;params`, `0x` spellings, base64), then the parts together checked for
/// sensitive files. Returns whether it needs nothing from the full
/// analysis.
fn plain_parts(text: &[u8], is_path: bool) -> bool {
    if text.is_empty() {
        return true;
    }
    let mut parts: [&[u8]; 16] = [&[]; 16];
    let mut n = 0;
    let mut start = 0;
    let mut dots_only = true;
    let mut name_len = 0;
    let mut in_params = false;
    let mut b64 = true;
    let mut previous = 0u8;
    let mut has_slash = false;
    let len = text.len();
    for i in 0..=len {
        let b = text.get(i).copied().unwrap_or(b'/');
        if b == b'/' {
            let part = text.get(start..i).unwrap_or_default();
            // Tomcat and Jetty drop ";params" before resolving, as the
            // analysis does.
            if dots_only && name_len > 0 {
                return false;
            }
            if b64 && part.len() >= 8 && crate::targets::base64_text(part).is_some() {
                return false;
            }
            let Some(slot) = parts.get_mut(n) else {
                return false; // unusually many parts: let the analysis judge
            };
            *slot = part;
            n += 1;
            has_slash |= i < len;
            start = i + 1;
            dots_only = true;
            name_len = 0;
            in_params = false;
            b64 = true;
            previous = 0;
            continue;
        }
        if !plain_byte(b) || (is_path && b == b'+') {
            return false;
        }
        if b == b';' {
            in_params = true;
        }
        if !in_params {
            name_len += 1;
            dots_only &= b == b'.';
        }
        // `0x2e` spellings, and `..` anywhere (a lax reader takes `..2f` as
        // `../`): the full analysis judges those.
        if (previous == b'0' && (b | 0x20) == b'x') || (previous == b'.' && b == b'.') {
            return false;
        }
        b64 &= b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'_' | b'=');
        previous = b;
    }
    // A parameter is also judged as base64 whole (base64 has '/' in it).
    if !is_path && has_slash && crate::targets::base64_text(text).is_some() {
        return false;
    }
    crate::targets::sensitive_target(parts.get(..n).unwrap_or_default()).is_none()
}

fn plain_path(path: &[u8]) -> bool {
    plain_parts(path.strip_prefix(b"/").unwrap_or(path), true)
}

fn plain_query(rest: &[u8]) -> bool {
    // `rest` starts at '?' or '#' (or is empty).
    let end = rest.iter().position(|&b| b == b'#').unwrap_or(rest.len());
    let (query, fragment) = (
        rest.get(..end).unwrap_or_default(),
        rest.get(end..).unwrap_or_default(),
    );
    // The fragment needs only plain bytes: nothing there carries a warning.
    if !fragment.iter().all(|&b| plain_byte(b)) {
        return false;
    }
    let query = query.strip_prefix(b"?").unwrap_or(query);
    for pair in query.split(|&b| b == b'&') {
        let eq = pair.iter().position(|&b| b == b'=').unwrap_or(pair.len());
        let (key, value) = (
            pair.get(..eq).unwrap_or_default(),
            pair.get(eq + 1..).unwrap_or_default(),
        );
        if !plain_parts(key, false) || !plain_parts(value, false) {
            return false;
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
            b"https://www.boost.org/doc/libs/1_37_.2f..2f..2f..20/libs/rx.html",
        ] {
            assert!(!is_plain(u), "{}", String::from_utf8_lossy(u));
        }
    }
}
