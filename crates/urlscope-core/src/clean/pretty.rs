//! Pretty printing: a URL as an address bar shows it to a person.

use super::clean;
use crate::percent::{escape_at, is_unreserved, push_escape};
use crate::split::{outline, HostKind};

/// Pretty-print `input` as an address bar shows it to a person: the
/// cleaned URL with the escapes decoded that cleaning would re-encode
/// anyway, and nothing whose meaning or appearance could change.
///
/// Following "How do you escape a complete URI?" (pretty printing): decode
/// escapes of unreserved characters, of the space, the backtick and
/// `"<>\^{|}`, and of well-formed UTF-8 sequences for characters from
/// U+0080 up; never decode escapes of reserved characters, of `%`, of
/// controls, of bidi controls and invisible characters, of characters
/// that would make two URLs look the same (a look-alike
/// of a delimiter, a combining mark, a noncharacter or a private-use
/// character), or of a character a browser reads otherwise than its
/// escape (`\` before the query of an `http:`, `file:`... URL, which it
/// reads as `/`, and `|` there in a `file:` URL, a drive letter's `:`). They stay escaped, so the pretty form cannot lie about the
/// URL. The scheme, and a special URL's host, are shown in lowercase,
/// as a browser opens them, and a special URL's default port is left
/// out (`https://e.com:443/` is `https://e.com/`), as is an empty one;
/// its path's `.` and `..` segments, escaped or not, are resolved, as a
/// browser requests it (`http://e.com/a/%2e%2E/b` is `http://e.com/b`);
/// a punycode host
/// is shown in Unicode unless it could impersonate another domain.
/// `clean(pretty(url))` is equivalent to `url`.
///
/// # Examples
/// ```
/// use urlscope_core::clean::pretty;
/// assert_eq!(pretty(b"http://example.com/caf%C3%A9/a%20b%2Fc%7E?q=%E2%80%AE"),
///            "http://example.com/café/a b%2Fc~?q=%E2%80%AE");
/// assert_eq!(pretty(b"http://xn--bcher-kva.de/%1B"), "http://bücher.de/%1B");
/// assert_eq!(pretty(b"http://x/%5Cevil.com?q=%5C"), "http://x/%5Cevil.com?q=\\");
/// assert_eq!(pretty(b"HTTP://Example.COM/a%20b"), "http://example.com/a b");
/// assert_eq!(pretty(b"https://e.com:443/x"), "https://e.com/x");
/// assert_eq!(pretty(b"http://[2001:DB8::1]:0080/"), "http://[2001:db8::1]/");
/// assert_eq!(pretty(b"https://e.com/a/./b/../c/.."), "https://e.com/a/");
/// // A browser would drop a space shown at the end.
/// assert_eq!(pretty(b"https://e.com/a%20b%20"), "https://e.com/a b%20");
/// // Its host is the path's first segment to a browser.
/// assert_eq!(pretty(b"https:///e.com/a/%2e%2e"), "https:///e.com/a/..");
/// ```
pub fn pretty(input: &[u8]) -> String {
    let cleaned = clean(input, &outline(input));
    let cleaned = dot_segments_resolved(cleaned);
    let bytes = cleaned.as_bytes();
    let parts = outline(bytes);
    let host = parts
        .host
        .filter(|_| parts.host_kind == Some(HostKind::RegName));
    let ipv6 = parts
        .host
        .filter(|_| parts.host_kind == Some(HostKind::Ipv6));
    let kept = kept_escaped(bytes, &parts);
    let (lead_end, trail_start) = spaces_at_the_ends(bytes);
    // A browser shows a special URL's host in lowercase, as it opens it.
    let special = parts
        .scheme
        .is_some_and(|s| crate::schemes::is_special_network_bytes(s.of(bytes)));
    let default_port = parts.port.filter(|p| {
        let scheme = parts.scheme.map(|s| s.of(bytes)).unwrap_or_default();
        let scheme = String::from_utf8_lossy(scheme).to_ascii_lowercase();
        let port = std::str::from_utf8(p.of(bytes)).ok();
        let port = port.and_then(|p| p.parse::<u16>().ok());
        // An empty port (`http://e.com:/`) is none.
        special
            && (p.is_empty() || (port.is_some() && port == crate::schemes::default_port(&scheme)))
    });
    let mut out = String::with_capacity(cleaned.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        // Schemes are read in any case and shown in lowercase.
        if let Some(scheme) = parts.scheme.filter(|s| s.start == i) {
            out.push_str(&String::from_utf8_lossy(scheme.of(bytes)).to_ascii_lowercase());
            i = scheme.end;
            continue;
        }
        if let Some(h) = host.filter(|h| h.start == i) {
            out.push_str(&pretty_host(h.of(bytes), special));
            i = h.end;
            continue;
        }
        // An IPv6 address is read in any case: shown in lowercase.
        if let Some(h) = ipv6.filter(|h| h.start == i) {
            out.push_str(&String::from_utf8_lossy(h.of(bytes)).to_ascii_lowercase());
            i = h.end;
            continue;
        }
        // A browser drops a special scheme's default port (`:443` on
        // https, `:0080` on http), however written.
        if let Some(port) = default_port.filter(|p| p.start == i + 1) {
            i = port.end;
            continue;
        }
        let Some(v) = escape_at(bytes.get(i..).unwrap_or_default()) else {
            out.push(char::from(b));
            i += 1;
            continue;
        };
        if v < 0x80 {
            // A browser drops the spaces at a URL's ends, and a reader
            // sees none there: they stay escaped.
            let read_otherwise = i < kept.before && kept.bytes.contains(&v)
                || v == b' ' && (i < lead_end || i >= trail_start);
            if is_unreserved(v) || (b" `\"<>\\^{|}".contains(&v) && !read_otherwise) {
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
            .filter(|&c| !crate::text::needs_escape(c) && !could_mislead(c));
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

/// `cleaned`, a special URL with a host (not `file:`, whose drive letter
/// a `..` does not remove), with its path's dot segments resolved as the
/// URL Standard's path parser resolves them: a segment `.` or `%2e` is
/// dropped, `..`, `.%2e`, `%2e.` or `%2e%2e` (in any case) drops the
/// segment before it too, and one of them last leaves the path ending in
/// `/` (`/a/..` is `/`).
fn dot_segments_resolved(cleaned: String) -> String {
    let bytes = cleaned.as_bytes();
    let parts = outline(bytes);
    let special = parts
        .scheme
        .is_some_and(|s| crate::schemes::is_special_network_bytes(s.of(bytes)));
    // An empty host (`https:///www.google.com/..`) is one a browser
    // reads from the path's first segment: its dot segments are not the
    // path's.
    if !special || parts.host.is_none_or(|h| h.is_empty()) {
        return cleaned;
    }
    let Some(segments) = parts.path.of(bytes).strip_prefix(b"/") else {
        return cleaned;
    };
    let dots = |segment: &[u8]| {
        let lower = segment.to_ascii_lowercase();
        match &lower[..] {
            b"." | b"%2e" => 1,
            b".." | b".%2e" | b"%2e." | b"%2e%2e" => 2,
            _ => 0,
        }
    };
    let count = segments.split(|&b| b == b'/').count();
    if !segments.split(|&b| b == b'/').any(|s| dots(s) > 0) {
        return cleaned;
    }
    let mut kept: Vec<&[u8]> = Vec::with_capacity(count);
    for (i, segment) in segments.split(|&b| b == b'/').enumerate() {
        let dots = dots(segment);
        if dots == 2 {
            kept.pop();
        }
        if dots == 0 {
            kept.push(segment);
        } else if i + 1 == count {
            kept.push(b"");
        }
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(bytes.get(..parts.path.start).unwrap_or_default());
    for segment in kept {
        out.push(b'/');
        out.extend_from_slice(segment);
    }
    out.extend_from_slice(bytes.get(parts.path.end..).unwrap_or_default());
    // Only whole segments of ASCII text were dropped.
    String::from_utf8(out).unwrap_or(cleaned)
}

/// Where the `%20` escapes at the start of `url` end and those at its end
/// start.
fn spaces_at_the_ends(url: &[u8]) -> (usize, usize) {
    let mut lead_end = 0;
    while url.get(lead_end..lead_end + 3) == Some(b"%20") {
        lead_end += 3;
    }
    let mut trail_start = url.len();
    while trail_start >= lead_end + 3 && url.get(trail_start - 3..trail_start) == Some(b"%20") {
        trail_start -= 3;
    }
    (lead_end, trail_start)
}

/// The escapes pretty printing keeps before byte `before` of a cleaned
/// URL, where a browser reads the character shown otherwise than its
/// escape: in a special URL's path a `\` is a `/` (`http://x/%5Cevil.com`
/// shown as `http://x/\evil.com` would lead to the path `//evil.com`),
/// and in a `file:` URL a `|` may make a drive letter (`file:///C%7C/`
/// is the directory `C%7C`, `file:///C|/` the drive `C:`).
struct KeptEscapes {
    before: usize,
    bytes: &'static [u8],
}

fn kept_escaped(url: &[u8], parts: &crate::split::Split) -> KeptEscapes {
    let scheme = parts.scheme.map(|s| s.of(url)).unwrap_or_default();
    let bytes: &'static [u8] = if scheme.eq_ignore_ascii_case(b"file") {
        b"\\|"
    } else if crate::schemes::is_special_network_bytes(scheme) {
        b"\\"
    } else {
        b""
    };
    let before = memchr::memchr2(b'?', b'#', url).unwrap_or(url.len());
    KeptEscapes { before, bytes }
}

/// Whether showing `c` itself could make the URL read as another, or
/// two URLs look the same:
/// - a look-alike of a URL delimiter (UTS #39's skeleton holds one):
///   `∕` (U+2215) or `／` (U+FF0F) shown in `a%E2%88%95b` would read as
///   a second path segment;
/// - a combining mark: `e%CC%81` would show as `é`, which is `%C3%A9`;
/// - a noncharacter or a private-use character, which shows nothing a
///   reader can tell apart.
fn could_mislead(c: char) -> bool {
    let mut buf = [0u8; 4];
    let delimiter = !c.is_ascii()
        && unicode_security::skeleton(c.encode_utf8(&mut buf)).any(|s| {
            matches!(
                s,
                '/' | '\\' | '?' | '#' | '@' | ':' | '.' | '%' | '&' | '=' | ';' | ','
            )
        });
    crate::text::is_noncharacter(c)
        || crate::text::is_private_use(c)
        || delimiter
        || unicode_normalization::char::is_combining_mark(c)
}

/// A host as an address bar shows it: Unicode for a punycode name that
/// cannot impersonate another (single script, no ASCII look-alike).
///
/// A special URL's host is shown as a browser opens it: in lowercase, with
/// the escapes of unreserved characters decoded (RFC 3986 6.2.2.2; a
/// WHATWG parser decodes every escape of a special host, so
/// `http://%65%76IL.com/` opens `evil.com`); other escapes stay, with
/// their hex in uppercase.
fn pretty_host(host: &[u8], special: bool) -> String {
    let text = if special {
        special_host(host)
    } else {
        String::from_utf8_lossy(host).into_owned()
    };
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

/// A special URL's host in lowercase, its unreserved escapes decoded and
/// the others kept in uppercase.
fn special_host(host: &[u8]) -> String {
    let mut out = String::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        match escape_at(host.get(i..).unwrap_or_default()) {
            Some(v) if is_unreserved(v) => {
                out.push(char::from(v.to_ascii_lowercase()));
                i += 3;
            }
            Some(v) => {
                push_escape(&mut out, v);
                i += 3;
            }
            // The text up to the next '%' (or past this one, which starts
            // no escape).
            None => {
                let rest = host.get(i + 1..).unwrap_or_default();
                let end = i + 1 + memchr::memchr(b'%', rest).unwrap_or(rest.len());
                let run = host.get(i..end).unwrap_or_default();
                out.push_str(&String::from_utf8_lossy(run).to_ascii_lowercase());
                i = end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clean::normalize;
    use crate::split::split;

    #[test]
    fn a_special_host_is_shown_as_a_browser_opens_it() {
        assert_eq!(pretty(b"http://%65%76IL.com/%7Ea"), "http://evil.com/~a");
        assert_eq!(pretty(b"http://a%2a.com/"), "http://a%2A.com/");
        assert_eq!(pretty(b"http://evil%2Ecom/"), "http://evil.com/");
        // A host that is not special keeps its escapes and its case.
        assert_eq!(pretty(b"foo://%65X/"), "foo://%65X/");
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
            pretty(b"foo://x/%20%22%3C%3E%5C%5E%60%7B%7C%7D"),
            "foo://x/ \"<>\\^`{|}"
        );
        // A homograph host stays in punycode.
        assert_eq!(
            pretty("http://аррӏе.com/".as_bytes()),
            "http://xn--80ak6aa92e.com/"
        );
    }

    /// A character a browser reads otherwise than its escape stays
    /// escaped where it does (node v20.20.2: `http://x/\\evil.com` has the
    /// path `//evil.com`, `file:///C|/` is the drive `C:`, where the
    /// escapes are the path `/%5Cevil.com` and the directory `C%7C`).
    #[test]
    fn pretty_keeps_escaped_what_a_browser_reads_otherwise() {
        for (url, shown) in [
            ("http://x/%5Cevil.com", "http://x/%5Cevil.com"),
            ("http://x/a%7Cb?q=%5C%7C#%5C", "http://x/a|b?q=\\|#\\"),
            ("file:///C%7C/%5C", "file:///C%7C/%5C"),
            ("file:///x?q=%7C", "file:///x?q=|"),
            ("foo://x/%5C%7C", "foo://x/\\|"),
        ] {
            assert_eq!(pretty(url.as_bytes()), shown, "{url}");
            assert_eq!(
                normalize(clean(shown.as_bytes(), &split(shown.as_bytes())).as_bytes()),
                normalize(url.as_bytes()),
                "{url}"
            );
        }
    }

    /// Two URLs never look the same once pretty: what would make them
    /// stays escaped, and the characters beside it are still shown.
    #[test]
    fn pretty_keeps_look_alikes_marks_and_noncharacters_escaped() {
        for (url, shown) in [
            // Look-alikes of '/', '?', '.', '@' in a path segment.
            (
                "http://x/login.microsoftonline.com%E2%88%95common",
                "http://x/login.microsoftonline.com%E2%88%95common",
            ),
            ("http://x/a%EF%BC%8Fb", "http://x/a%EF%BC%8Fb"),
            ("http://x/a%E2%81%84b", "http://x/a%E2%81%84b"),
            ("http://x/a%EF%BC%9Fb", "http://x/a%EF%BC%9Fb"),
            ("http://x/a%E2%80%A4b", "http://x/a%E2%80%A4b"),
            ("http://x/a%EF%BC%A0b", "http://x/a%EF%BC%A0b"),
            // A combining mark: cafe + U+0301 is not caf%C3%A9.
            ("http://x/cafe%CC%81", "http://x/cafe%CC%81"),
            ("http://x/caf%C3%A9", "http://x/café"),
            // Noncharacters and private use.
            ("http://x/%EF%BF%BF%EE%80%80", "http://x/%EF%BF%BF%EE%80%80"),
            ("http://x/%EF%B7%90", "http://x/%EF%B7%90"),
            ("http://x/%F4%8F%BF%BE", "http://x/%F4%8F%BF%BE"),
            // Letters of other scripts are still shown.
            ("http://x/%E6%97%A5%E6%9C%AC", "http://x/日本"),
            ("http://x/%D0%BF%D1%80%D0%B8", "http://x/при"),
        ] {
            assert_eq!(pretty(url.as_bytes()), shown, "{url}");
        }
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
}
