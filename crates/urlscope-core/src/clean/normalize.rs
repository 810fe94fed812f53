//! Normalization: RFC 3986 §6.2.2 syntax-based and §6.2.3 scheme-based.

use super::{escaped, is_upper_hex, push_ascii};
use crate::percent::{escape_at, is_unreserved, push_escape};
use crate::split::outline;

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

/// RFC 3986 §5.2.4 `remove_dot_segments`, keeping an empty segment that
/// follows the dot segments a rootless path starts with.
///
/// Step A of §5.2.4 takes `./` (or `../`) off the start of the input and
/// leaves what follows, so `.//evil.com` (the segments `.`, empty,
/// `evil.com`) became `/evil.com`, one segment: a path browsers read
/// otherwise (`file:.//evil.com` is `file:////evil.com` to them, a
/// network share's host on Windows; `file:/evil.com` is
/// `file:///evil.com`). Taking the `.` off the list of segments instead
/// leaves an empty segment first, which written after a scheme alone
/// (`file://evil.com`) is an authority. The empty segment is kept, as the
/// URL Standard keeps it (its path is a list of segments): the result
/// starts `//` (`//evil.com`), and [`normalize`] writes `/.` before a
/// path that starts so with no authority, as the URL Standard serializes
/// one (`file:/.//evil.com`, the same URL to a browser).
pub(crate) fn remove_dot_segments(path: &str) -> String {
    // A dot segment starts the path or follows a '/'.
    if !path.starts_with('.') && memchr::memmem::find(path.as_bytes(), b"/.").is_none() {
        return path.to_string();
    }
    let mut input = path;
    let mut output: Vec<&str> = Vec::new();
    // Each pushed piece is "/seg" or, first, "seg" (an empty first
    // segment is the piece ""); popping removes one.
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            input = rest;
            if output.is_empty() && input.starts_with('/') {
                output.push("");
            }
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
    match output.as_slice() {
        // An empty first segment before others: written as a path of
        // segments is, with its leading '/'.
        ["", _, ..] => format!("/{}", output.concat()),
        _ => output.concat(),
    }
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

/// [`normalize`](super::normalize()) of a URL that [`clean`](super::clean()) already gave.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_dot_segments_examples() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/../../etc/passwd"), "/etc/passwd");
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

    /// Normalization never makes an authority of a path, nor drops the
    /// empty segment after the dot segments a rootless path starts with:
    /// each URL is written as the URL Standard serializes it (node's
    /// `new URL(u).href`: `file:////evil.com`, `http://.//evil.com` for
    /// the first four, the same URL as the input), RFC 3986 §6.2.2 in all
    /// else.
    #[test]
    fn a_path_that_starts_with_an_empty_segment_stays_a_path() {
        for (url, normalized) in [
            ("file:.//evil.com", "file:/.//evil.com"),
            ("http:.//evil.com", "http:/.//evil.com"),
            ("x:/.//evil.com", "x:/.//evil.com"),
            ("file:/.//evil.com", "file:/.//evil.com"),
            ("x:.//evil.com", "x:/.//evil.com"),
            ("x:..//evil.com", "x:/.//evil.com"),
            ("x:././/evil.com", "x:/.//evil.com"),
            ("x:%2E//evil.com", "x:/.//evil.com"),
            ("x:.//a/../evil.com", "x:/.//evil.com"),
            ("x:.//", "x:/.//"),
            // No empty segment left first: as RFC 3986 writes it.
            ("x:./evil.com", "x:evil.com"),
            ("x:.//..", "x:/"),
            ("x:a/../b", "x:/b"),
        ] {
            assert_eq!(normalize(url.as_bytes()), normalized, "{url}");
            assert!(outline(normalized.as_bytes()).authority.is_none(), "{url}");
            assert_eq!(normalize(normalized.as_bytes()), normalized, "{url}");
        }
        assert_eq!(remove_dot_segments(".//evil.com"), "//evil.com");
    }
}
