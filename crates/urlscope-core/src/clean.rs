//! Cleaning (copy-out of a corrected URL) and normalization.
//!
//! **Cleaning** turns what a person pasted into a URI that can be sent,
//! without changing what it means. Following "How do you escape a complete
//! URI?" (URI cleaning), it percent-encodes exactly the characters that are
//! illegal anywhere in a URI (space, ``"<>\^`{|}``, C0 controls, DEL and
//! every non-ASCII character, as its UTF-8 bytes), and never touches the
//! reserved characters `!#$&'()*+,/:;=?@[]` or an existing escape, so it
//! never double-escapes. It also fixes what can only be a mistake: the hex
//! of escapes is uppercased, a `%` that starts no valid escape becomes
//! `%25`, square brackets outside an IP-literal host are encoded, and a
//! non-ASCII host is written in its IDNA `xn--` form. Cleaning a clean URL
//! returns it unchanged.
//!
//! Where a browser reads another host than RFC 3986 does, cleaning keeps
//! the browser's: escaping is RFC 3986's, and `http://evil.com\@good.com/`
//! escaped as written (`http://evil.com%5C@good.com/`) would send a browser
//! to `good.com` where it opened `evil.com`. So when a backslash stands
//! before or inside the authority of a special URL (`http`, `https`,
//! `ws`, `wss`, `ftp`, `file`), or a tab or newline inside the authority,
//! cleaning first reads them as a browser does (a backslash before the
//! query is a `/`, a run of slashes and backslashes after the scheme is
//! `//`, tabs and newlines are removed) and cleans that:
//! `http://evil.com/@good.com/`, which every parser reads as a browser
//! read the input. [`normalize`] stays RFC 3986's reading.
//!
//! **Normalization** (RFC 3986 §6.2.2 and §6.2.3) goes further while keeping
//! equivalence: lowercase scheme and host, decode escapes of unreserved
//! characters, remove dot segments, drop the scheme's default port and an
//! empty port, and give an empty `http(s)` path its `/`.

use crate::percent::{escape_at, is_illegal, is_unreserved, push_escape};
use crate::split::{outline, HostKind, Span, Split};

/// Clean `input` (already split as `parts`).
///
/// # Examples
/// ```
/// use urlscope_core::clean::clean;
/// use urlscope_core::split::split;
/// let url = "http://example.com/admin/login?name=Helen Ødegård&gender=f";
/// assert_eq!(clean(url.as_bytes(), &split(url.as_bytes())),
///            "http://example.com/admin/login?name=Helen%20%C3%98deg%C3%A5rd&gender=f");
/// // Existing escapes are kept (only their hex uppercased): no %2523.
/// let url = b"http://x/a%23b%2f?q=100%";
/// assert_eq!(clean(url, &split(url)), "http://x/a%23b%2F?q=100%25");
/// ```
pub fn clean(input: &[u8], parts: &Split) -> String {
    clean_with_changes(input, parts).0
}

/// [`clean`], and the byte ranges of the output that differ from the input
/// (for views that highlight what cleaning changed).
pub fn clean_with_changes(input: &[u8], parts: &Split) -> (String, Vec<Span>) {
    let Some(read) = as_a_browser_reads(input, parts) else {
        return escaped(input, parts);
    };
    let (out, mut changes) = escaped(&read, &outline(&read));
    // What the browser's reading changed: the output from the first byte
    // that differs from the input to the last.
    let trimmed = parts.trimmed.of(input);
    let same_start = trimmed
        .iter()
        .zip(out.as_bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let same_end = trimmed
        .iter()
        .rev()
        .zip(out.as_bytes().iter().rev())
        .take_while(|(a, b)| a == b)
        .count()
        .min(out.len() - same_start);
    changes.push(Span::new(same_start, out.len() - same_end));
    changes.sort_by_key(|c| c.start);
    let mut merged: Vec<Span> = Vec::with_capacity(changes.len());
    for c in changes {
        match merged.last_mut() {
            Some(last) if c.start <= last.end => last.end = last.end.max(c.end),
            _ => merged.push(c),
        }
    }
    (out, merged)
}

/// [`clean`] and [`normalize`] of one URL: the normalized URL is RFC 3986's
/// reading (of the input escaped as written), the cleaned one keeps the
/// browser's destination; both from one escaping when they agree.
pub(crate) fn clean_and_normalize(input: &[u8], parts: &Split) -> ((String, Vec<Span>), String) {
    let escaped_as_written = escaped(input, parts);
    let normalized = normalize_cleaned(&escaped_as_written.0);
    if rewrite_of(input, parts).is_some() {
        (clean_with_changes(input, parts), normalized)
    } else {
        (escaped_as_written, normalized)
    }
}

/// How cleaning reads the authority of a URL before escaping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rewrite {
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
fn rewrite_of(input: &[u8], parts: &Split) -> Option<Rewrite> {
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
fn as_a_browser_reads(input: &[u8], parts: &Split) -> Option<Vec<u8>> {
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

/// The input escaped as written: what RFC 3986 reads in it.
fn escaped(input: &[u8], parts: &Split) -> (String, Vec<Span>) {
    let mut changes: Vec<Span> = Vec::new();
    let mark = |changes: &mut Vec<Span>, from: usize, to: usize| match changes.last_mut() {
        Some(last) if last.end == from => last.end = to,
        _ => changes.push(Span::new(from, to)),
    };
    let mut out = String::with_capacity(parts.trimmed.len() + 16);
    let host = parts.host.unwrap_or(Span::new(usize::MAX, usize::MAX));
    let literal_host = matches!(
        parts.host_kind,
        Some(HostKind::Ipv6 | HostKind::IpLiteralOther)
    );
    let idna_host = if parts.host_kind == Some(HostKind::RegName) {
        idna_ascii_host(host.of(input))
    } else {
        None
    };
    let mut i = parts.trimmed.start;
    while i < parts.trimmed.end {
        let before = out.len();
        if i == host.start {
            if let Some(ascii) = &idna_host {
                out.push_str(ascii);
                mark(&mut changes, before, out.len());
                i = host.end;
                continue;
            }
        }
        // Most of a URL is kept as it is: copy that in one go (up to the
        // host, when it is rewritten whole).
        let until = if idna_host.is_some() && i < host.start {
            host.start
        } else {
            parts.trimmed.end
        };
        let kept = kept_prefix(input.get(i..until).unwrap_or_default());
        if kept > 0 {
            push_ascii(&mut out, input.get(i..i + kept).unwrap_or_default());
            i += kept;
            continue;
        }
        let Some(&b) = input.get(i) else { break };
        let keep_bracket =
            literal_host && ((i == host.start && b == b'[') || (i + 1 == host.end && b == b']'));
        let consumed = match b {
            b'%' => match escape_at(input.get(i..parts.trimmed.end).unwrap_or_default()) {
                Some(v) => {
                    push_escape(&mut out, v);
                    3
                }
                None => {
                    out.push_str("%25");
                    1
                }
            },
            b'[' | b']' if !keep_bracket => {
                push_escape(&mut out, b);
                1
            }
            _ if is_illegal(b) => {
                push_escape(&mut out, b);
                1
            }
            _ => {
                out.push(char::from(b));
                1
            }
        };
        if out.as_bytes().get(before..) != input.get(i..i + consumed) {
            mark(&mut changes, before, out.len());
        }
        i += consumed;
    }
    (out, changes)
}

/// How many bytes at the start of `bytes` cleaning keeps as they are:
/// legal characters other than `[` and `]`, and escapes already in
/// uppercase hex.
fn kept_prefix(bytes: &[u8]) -> usize {
    let mut n = 0;
    while let Some(&b) = bytes.get(n) {
        match b {
            b'%' => match bytes.get(n + 1..n + 3) {
                Some([h, l]) if is_upper_hex(*h) && is_upper_hex(*l) => n += 3,
                _ => break,
            },
            b'[' | b']' => break,
            _ if is_illegal(b) => break,
            _ => n += 1,
        }
    }
    n
}

fn is_upper_hex(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'A'..=b'F')
}

/// Append ASCII `bytes` (anything else becomes U+FFFD, which callers never
/// pass).
fn push_ascii(out: &mut String, bytes: &[u8]) {
    // The validation alone is cheaper than the lossy reading's.
    match std::str::from_utf8(bytes) {
        Ok(text) => out.push_str(text),
        Err(_) => out.push_str(&String::from_utf8_lossy(bytes)),
    }
}

/// `value` (decoded bytes) written for a component of `kind`, so that it
/// stays one value there ([`crate::percent::encode_component`]); a
/// non-ASCII host becomes its IDNA (UTS #46) form. `space_plus` says
/// whether the URL writes a space in its query as `+`.
///
/// ```
/// use urlscope_core::clean::encode_for;
/// use urlscope_core::split::ComponentKind;
/// assert_eq!(encode_for(ComponentKind::Host, "bücher.de".as_bytes(), false), "xn--bcher-kva.de");
/// assert_eq!(encode_for(ComponentKind::QueryValue, b"tom & jerry", false), "tom%20%26%20jerry");
/// ```
pub fn encode_for(kind: crate::split::ComponentKind, value: &[u8], space_plus: bool) -> String {
    if kind == crate::split::ComponentKind::Host {
        if let Some(ascii) = idna_ascii_host(value) {
            return ascii;
        }
    }
    crate::percent::encode_component(kind, value, space_plus)
}

/// The IDNA (UTS #46) ASCII form of a non-ASCII host, when it has one that
/// is a plain host name (no delimiters sneaked in by mapping).
pub(crate) fn idna_ascii_host(host: &[u8]) -> Option<String> {
    if host.is_ascii() || memchr::memchr(b'%', host).is_some() {
        return None;
    }
    let text = std::str::from_utf8(host).ok()?;
    let ascii = idna::domain_to_ascii(text).ok()?;
    let plain = !ascii.is_empty()
        && ascii
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'));
    plain.then_some(ascii)
}

/// Copy `bytes` (clean ASCII) decoding escapes of unreserved characters and
/// uppercasing the rest; `lower` also lowercases (for hosts).
fn decode_unreserved(out: &mut String, bytes: &[u8], lower: bool) {
    if !lower {
        // Only escapes change: jump from '%' to '%'.
        let mut copied = 0;
        for at in memchr::memchr_iter(b'%', bytes) {
            let Some(v) = escape_at(bytes.get(at..).unwrap_or_default()) else {
                continue;
            };
            let escape = bytes.get(at..at + 3).unwrap_or_default();
            if is_unreserved(v) || !escape.iter().skip(1).all(|&h| is_upper_hex(h)) {
                push_ascii(out, bytes.get(copied..at).unwrap_or_default());
                if is_unreserved(v) {
                    out.push(char::from(v));
                } else {
                    push_escape(out, v);
                }
                copied = at + 3;
            }
        }
        push_ascii(out, bytes.get(copied..).unwrap_or_default());
        return;
    }
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if let Some(v) = escape_at(bytes.get(i..).unwrap_or_default()) {
            if is_unreserved(v) {
                out.push(char::from(if lower { v.to_ascii_lowercase() } else { v }));
            } else {
                push_escape(out, v);
            }
            i += 3;
            continue;
        }
        out.push(char::from(if lower { b.to_ascii_lowercase() } else { b }));
        i += 1;
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments`.
pub(crate) fn remove_dot_segments(path: &str) -> String {
    // A dot segment starts the path or follows a '/'.
    if !path.starts_with('.') && memchr::memmem::find(path.as_bytes(), b"/.").is_none() {
        return path.to_string();
    }
    let mut input = path;
    let mut output: Vec<&str> = Vec::new();
    // Each pushed piece is "/seg" or, first, "seg"; popping removes one.
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            input = &input[3..];
            output.pop();
        } else if input == "/.." {
            input = "/";
            output.pop();
        } else if input == "." || input == ".." {
            input = "";
        } else {
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
            output.push(&input[..end]);
            input = &input[end..];
        }
    }
    output.concat()
}

/// Normalize `input` (RFC 3986 §6.2.2 syntax-based and §6.2.3 scheme-based
/// normalization): clean, then lowercase scheme and host, decode escapes of
/// unreserved characters, remove dot segments, drop the default port.
///
/// # Examples
/// ```
/// use urlscope_core::clean::normalize;
/// assert_eq!(normalize(b"HTTP://Example.COM:80/a/./b/../%7Euser/%41?%3d#x"),
///            "http://example.com/a/~user/A?%3D#x");
/// ```
pub fn normalize(input: &[u8]) -> String {
    normalize_cleaned(&escaped(input, &outline(input)).0)
}

/// [`normalize`] of a URL that [`clean`] already gave.
pub(crate) fn normalize_cleaned(cleaned: &str) -> String {
    let bytes = cleaned.as_bytes();
    let parts = outline(bytes);
    let mut out = String::with_capacity(cleaned.len());
    let scheme = parts
        .scheme
        .map(|s| String::from_utf8_lossy(s.of(bytes)).to_ascii_lowercase());
    if let Some(scheme) = &scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if parts.authority.is_some() {
        out.push_str("//");
        if let Some(userinfo) = parts.userinfo {
            decode_unreserved(&mut out, userinfo.of(bytes), false);
            out.push('@');
        }
        if let Some(host) = parts.host {
            decode_unreserved(&mut out, host.of(bytes), true);
        }
        if let Some(port) = parts.port {
            let text = port.of(bytes);
            let value = std::str::from_utf8(text)
                .ok()
                .and_then(|t| t.parse::<u16>().ok());
            let is_default = value.is_some()
                && value == scheme.as_deref().and_then(crate::schemes::default_port);
            if !text.is_empty() && !is_default {
                // A port follows ':'; junk after an IP literal is kept as it was.
                if port.start > 0 && bytes.get(port.start - 1) == Some(&b':') {
                    out.push(':');
                }
                out.push_str(&String::from_utf8_lossy(text));
            }
        }
    }
    let mut path = String::new();
    decode_unreserved(&mut path, parts.path.of(bytes), false);
    let hierarchical = scheme.is_some() || parts.authority.is_some() || path.starts_with('/');
    if hierarchical {
        path = remove_dot_segments(&path);
    }
    if path.is_empty()
        && parts.authority.is_some()
        && scheme
            .as_deref()
            .is_some_and(crate::schemes::is_special_network)
    {
        path.push('/');
    }
    if parts.authority.is_none() && path.starts_with("//") {
        // Keep "//" from being read as an authority (as WHATWG does).
        out.push_str("/.");
    }
    let first_segment = path.split('/').next().unwrap_or_default();
    if scheme.is_none() && parts.authority.is_none() && first_segment.contains(':') {
        // Decoding made the first segment look like a scheme
        // ("a%2Eb:" -> "a.b:"); RFC 3986 §4.2 says to write "./" before it.
        out.push_str("./");
    }
    out.push_str(&path);
    if let Some(query) = parts.query {
        out.push('?');
        decode_unreserved(&mut out, query.of(bytes), false);
    }
    if let Some(fragment) = parts.fragment {
        out.push('#');
        decode_unreserved(&mut out, fragment.of(bytes), false);
    }
    out
}

/// Pretty-print `input` as an address bar shows it to a person: the
/// cleaned URL with the escapes decoded that cleaning would re-encode
/// anyway, and nothing whose meaning or appearance could change.
///
/// Following "How do you escape a complete URI?" (pretty printing): decode
/// escapes of unreserved characters, of the space, the backtick and
/// `"<>\^{|}`, and of well-formed UTF-8 sequences for characters from
/// U+0080 up; never decode escapes of reserved characters, of `%`, of
/// controls, or of bidi controls and invisible characters (they stay
/// escaped, so the pretty form cannot lie about the URL). A punycode host
/// is shown in Unicode unless it could impersonate another domain.
/// `clean(pretty(url))` is equivalent to `url`.
///
/// # Examples
/// ```
/// use urlscope_core::clean::pretty;
/// assert_eq!(pretty(b"http://example.com/caf%C3%A9/a%20b%2Fc%7E?q=%E2%80%AE"),
///            "http://example.com/café/a b%2Fc~?q=%E2%80%AE");
/// assert_eq!(pretty(b"http://xn--bcher-kva.de/%1B"), "http://bücher.de/%1B");
/// ```
pub fn pretty(input: &[u8]) -> String {
    let cleaned = clean(input, &outline(input));
    let bytes = cleaned.as_bytes();
    let parts = outline(bytes);
    let host = parts
        .host
        .filter(|_| parts.host_kind == Some(HostKind::RegName));
    let mut out = String::with_capacity(cleaned.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if let Some(h) = host.filter(|h| h.start == i) {
            out.push_str(&pretty_host(h.of(bytes)));
            i = h.end;
            continue;
        }
        let Some(v) = escape_at(bytes.get(i..).unwrap_or_default()) else {
            out.push(char::from(b));
            i += 1;
            continue;
        };
        if v < 0x80 {
            if is_unreserved(v) || b" `\"<>\\^{|}".contains(&v) {
                out.push(char::from(v));
            } else {
                push_escape(&mut out, v);
            }
            i += 3;
            continue;
        }
        // A UTF-8 sequence written as escapes: decode it if well formed and
        // harmless to show.
        let len = crate::utf8::sequence_len(v).unwrap_or(1);
        let seq: Option<Vec<u8>> = (0..len)
            .map(|k| escape_at(bytes.get(i + 3 * k..).unwrap_or_default()))
            .collect();
        let shown = seq
            .as_deref()
            .and_then(|s| std::str::from_utf8(s).ok())
            .and_then(|s| s.chars().next())
            .filter(|&c| !crate::text::needs_escape(c));
        match shown {
            Some(c) => {
                out.push(c);
                i += 3 * len;
            }
            None => {
                push_escape(&mut out, v);
                i += 3;
            }
        }
    }
    out
}

/// A host as an address bar shows it: Unicode for a punycode name that
/// cannot impersonate another (single script, no ASCII look-alike).
fn pretty_host(host: &[u8]) -> String {
    let text = String::from_utf8_lossy(host).into_owned();
    if !text
        .split('.')
        .any(|l| l.len() >= 4 && l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
    {
        return text;
    }
    let (unicode, result) = idna::domain_to_unicode(&text);
    if result.is_err() || unicode.chars().any(crate::text::needs_escape) {
        return text;
    }
    use unicode_security::{RestrictionLevel, RestrictionLevelDetection};
    let deceptive = unicode.split('.').filter(|l| !l.is_ascii()).any(|label| {
        label.detect_restriction_level() > RestrictionLevel::HighlyRestrictive
            || unicode_security::skeleton(label).all(|c| c.is_ascii())
    });
    if deceptive {
        text
    } else {
        unicode
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::split;

    #[test]
    fn remove_dot_segments_examples() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/../../etc/passwd"), "/etc/passwd");
    }

    fn c(s: &str) -> String {
        clean(s.as_bytes(), &split(s.as_bytes()))
    }

    #[test]
    fn clean_reports_what_it_changed() {
        let input = b"http://x/a b%e9?q=%";
        let (out, changes) = clean_with_changes(input, &split(input));
        assert_eq!(out, "http://x/a%20b%E9?q=%25");
        let changed: Vec<&str> = changes.iter().map(|s| &out[s.range()]).collect();
        assert_eq!(changed, ["%20", "%E9", "%25"]);
    }

    /// Cleaning keeps the host a browser opens: for each input, node
    /// v20.20.2's `new URL(x).host` of the input and of the cleaned URL
    /// were recorded equal (`(refused)` both when it throws).
    #[test]
    fn cleaning_keeps_the_host_a_browser_opens() {
        for (input, cleaned, browser) in [
            (
                r"http://evil.com\@good.com/",
                "http://evil.com/@good.com/",
                "evil.com",
            ),
            (r"https:\\evil.com/", "https://evil.com/", "evil.com"),
            (r"http:/\evil.com/", "http://evil.com/", "evil.com"),
            (r"http:\evil.com", "http://evil.com", "evil.com"),
            (
                r"http://evil.com\\@good.com",
                "http://evil.com//@good.com",
                "evil.com",
            ),
            (
                r"https://good.com\.evil.com",
                "https://good.com/.evil.com",
                "good.com",
            ),
            (
                r"http://good.com:80\@evil.com/",
                "http://good.com:80/@evil.com/",
                "good.com",
            ),
            (
                r"http://0x7f.1\@good.com/",
                "http://0x7f.1/@good.com/",
                "127.0.0.1",
            ),
            (
                r"http://[::1]\@good.com/",
                "http://[::1]/@good.com/",
                "[::1]",
            ),
            (
                r"HTTP://evil.com\@good.com/x\y?q=a\b#f\g",
                "HTTP://evil.com/@good.com/x/y?q=a%5Cb#f%5Cg",
                "evil.com",
            ),
            (
                r"ws://evil.com\@good.com/",
                "ws://evil.com/@good.com/",
                "evil.com",
            ),
            (
                r"file://evil.com\@good.com/",
                "file://evil.com/@good.com/",
                "evil.com",
            ),
            (r"http:evil.com\x", "http://evil.com/x", "evil.com"),
            (
                "http://ex\u{e4}mple.com\\@good.com/",
                "http://xn--exmple-cua.com/@good.com/",
                "xn--exmple-cua.com",
            ),
            (
                r"https://:@google.com\@www.whitelisteddomain.tld",
                "https://:@google.com/@www.whitelisteddomain.tld",
                "google.com",
            ),
            (
                "http://good.com\t.evil.com/",
                "http://good.com.evil.com/",
                "good.com.evil.com",
            ),
            ("http://ev\nil.com/", "http://evil.com/", "evil.com"),
            (
                "http://evil.com\r\n@good.com/",
                "http://evil.com@good.com/",
                "good.com",
            ),
            ("foo://ev\til.com/x", "foo://evil.com/x", "evil.com"),
            // Read alike by every parser: escaped as written.
            (
                r"foo://evil.com\@good.com/",
                "foo://evil.com%5C@good.com/",
                "good.com",
            ),
            (
                "http://evil.com%2f@good.com/",
                "http://evil.com%2F@good.com/",
                "good.com",
            ),
            (
                "http://evil.com;@good.com/",
                "http://evil.com;@good.com/",
                "good.com",
            ),
            ("http://a@b@good.com/", "http://a@b@good.com/", "good.com"),
            (
                "http://evil.com%5C@good.com/",
                "http://evil.com%5C@good.com/",
                "good.com",
            ),
            (
                "http://ex ample.com/",
                "http://ex%20ample.com/",
                "(refused)",
            ),
            (
                "http://good.com%09.evil.com/",
                "http://good.com%09.evil.com/",
                "(refused)",
            ),
            ("http://1.2.3.4.5/", "http://1.2.3.4.5/", "(refused)"),
            // A browser refuses it (its '\\' ends the authority at the port
            // 'pa'): RFC 3986's reading, good.com, is the only one, and it
            // is kept, which a browser then opens too.
            (
                r"http://user:pa\ss@good.com/",
                "http://user:pa%5Css@good.com/",
                "(refused)",
            ),
        ] {
            let (out, changes) = clean_with_changes(input.as_bytes(), &split(input.as_bytes()));
            assert_eq!(out, cleaned, "{input:?} (node opens {browser})");
            // Where it differs from the input, it is marked.
            if out.as_bytes() != input.as_bytes() {
                assert!(!changes.is_empty(), "{input:?}");
            }
            assert!(changes.iter().all(|c| c.end <= out.len()), "{input:?}");
            assert_eq!(c(&out), out, "cleaning is idempotent: {input:?}");
        }
        // Normalization stays RFC 3986's reading, where the host is good.com.
        assert_eq!(
            normalize(br"http://evil.com\@good.com/"),
            "http://evil.com%5C@good.com/"
        );
    }

    #[test]
    fn cleaning_the_helen_example() {
        assert_eq!(
            c("http://example.com/admin/login?name=Helen Ødegård&gender=f"),
            "http://example.com/admin/login?name=Helen%20%C3%98deg%C3%A5rd&gender=f"
        );
    }

    #[test]
    fn cleaning_keeps_ipv6_brackets() {
        assert_eq!(
            c("http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]/admin/login?name=Helen Ødegård&gender=f"),
            "http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]/admin/login?name=Helen%20%C3%98deg%C3%A5rd&gender=f"
        );
        assert_eq!(c("http://x/[a]"), "http://x/%5Ba%5D");
    }

    #[test]
    fn cleaning_never_double_escapes() {
        assert_eq!(c("http://x/a%23b?c=%2523"), "http://x/a%23b?c=%2523");
        assert_eq!(c("http://x/%e2%9c%93"), "http://x/%E2%9C%93");
    }

    #[test]
    fn cleaning_fixes_stray_percent() {
        assert_eq!(c("/100%?a=%G1&b=%"), "/100%25?a=%25G1&b=%25");
    }

    #[test]
    fn cleaning_writes_idna_hosts() {
        assert_eq!(c("http://bücher.de/ü"), "http://xn--bcher-kva.de/%C3%BC");
    }

    #[test]
    fn cleaning_is_idempotent_on_examples() {
        for s in [
            "http://a b/c d?e f#g h",
            "//[::1/x",
            "http://x:y:z@[v1.x]z/%%/",
            "\x00\x1b[2J http://x/\x1b",
        ] {
            let once = c(s);
            assert_eq!(c(&once), once, "{s:?}");
        }
    }

    #[test]
    fn pretty_never_decodes_what_could_lie() {
        assert_eq!(
            pretty(b"http://x/%2F%3F%23%25%26"),
            "http://x/%2F%3F%23%25%26"
        );
        assert_eq!(pretty(b"http://x/%0A%1B%7F"), "http://x/%0A%1B%7F");
        assert_eq!(
            pretty(b"http://x/%E2%80%AEgpj%E2%80%8B"),
            "http://x/%E2%80%AEgpj%E2%80%8B"
        );
        assert_eq!(pretty(b"http://x/%C3"), "http://x/%C3");
        assert_eq!(pretty(b"http://x/%C2%9B"), "http://x/%C2%9B", "C1 control");
        assert_eq!(
            pretty(b"http://x/%20%22%3C%3E%5C%5E%60%7B%7C%7D"),
            "http://x/ \"<>\\^`{|}"
        );
        // A homograph host stays in punycode.
        assert_eq!(
            pretty("http://аррӏе.com/".as_bytes()),
            "http://xn--80ak6aa92e.com/"
        );
    }

    #[test]
    fn clean_of_pretty_is_equivalent() {
        for u in [
            "http://example.com/caf%C3%A9/a%20b?q=%E2%9C%93#%7E",
            "http://xn--bcher-kva.de/%c3%bc",
            "/a%2Fb%25c%5Cd",
        ] {
            let p = pretty(u.as_bytes());
            let back = clean(p.as_bytes(), &split(p.as_bytes()));
            assert_eq!(
                normalize(back.as_bytes()),
                normalize(u.as_bytes()),
                "{u} -> {p}"
            );
        }
    }

    #[test]
    fn remove_dot_segments_rfc_examples() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("/a/b/.."), "/a/");
        assert_eq!(remove_dot_segments("/."), "/");
        assert_eq!(remove_dot_segments(".."), "");
    }

    #[test]
    fn normalize_drops_default_port_and_lowercases() {
        assert_eq!(
            normalize(b"HTTPS://WWW.Example.com:443"),
            "https://www.example.com/"
        );
        assert_eq!(normalize(b"http://x:8080/%61%2f"), "http://x:8080/a%2F");
        assert_eq!(normalize(b"http://x:/"), "http://x/");
        assert_eq!(normalize(b"/..//x"), "/.//x");
        assert_eq!(normalize(b"/.//x"), "/.//x");
        assert_eq!(normalize(b"a%2ehttp://x"), "./a.http://x");
        assert_eq!(normalize(b"./a.http://x"), "./a.http://x");
    }
}
