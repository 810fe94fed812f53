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
//! to `good.com` where it opened `evil.com`. So cleaning first writes what
//! a browser reads there (`reading.rs` says when): in a special URL
//! (`http`, `https`, `ws`, `wss`, `ftp`, `file`) a backslash before the
//! query is a `/` and a run of slashes and backslashes after the scheme is
//! `//`; in every URL the userinfo ends at the last `@` and tabs and
//! newlines are removed. `http://evil.com\@good.com/` cleans to
//! `http://evil.com/@good.com/`, `http://@@[::1]` to `http://%40@[::1]`,
//! `http:////[::1]` to `http://[::1]`, which every parser reads as a
//! browser read the input; a reference of three slashes, `///[::1]`,
//! as an http(s) page reads it, `//[::1]`. [`normalize()`] stays RFC 3986's reading.
//!
//! **Normalization** (RFC 3986 §6.2.2 and §6.2.3) goes further while keeping
//! equivalence: lowercase scheme and host, decode escapes of unreserved
//! characters, remove dot segments, drop the scheme's default port and an
//! empty port, and give an empty `http(s)` path its `/`.

#[cfg(feature = "testing")]
pub mod kept;
mod normalize;
mod pretty;
mod reading;

pub use normalize::normalize;
pub(crate) use normalize::normalize_cleaned;
pub use pretty::pretty;

use crate::percent::{escape_at, is_illegal, push_escape};
use crate::split::{outline, HostKind, Span, Split};
use reading::as_cleaning_reads;

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
    match as_cleaning_reads(input, parts) {
        Some(read) => escaped_as_read(input, parts, &read),
        None => escaped(input, parts),
    }
}

/// `read` (what cleaning reads in `input`) escaped, and what changed.
fn escaped_as_read(input: &[u8], parts: &Split, read: &[u8]) -> (String, Vec<Span>) {
    let (out, mut changes) = escaped(read, &outline(read));
    // What reading it so changed: the output from the first byte
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

/// [`clean`] and [`normalize()`] of one URL: the normalized URL is RFC 3986's
/// reading (of the input escaped as written), the cleaned one keeps the
/// browser's destination; both from one escaping when they agree.
pub(crate) fn clean_and_normalize(input: &[u8], parts: &Split) -> ((String, Vec<Span>), String) {
    let escaped_as_written = escaped(input, parts);
    let normalized = normalize_cleaned(&escaped_as_written.0);
    match as_cleaning_reads(input, parts) {
        Some(read) => (escaped_as_read(input, parts, &read), normalized),
        None => (escaped_as_written, normalized),
    }
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
    // A special scheme's host is a domain, which a browser opens in its
    // IDNA ASCII form; another scheme's is opaque, its bytes kept
    // (percent-encoded) and its case too (`sc://fa%C3%9F.ExAmPlE/`).
    let domain = parts.scheme.is_none_or(|s| {
        crate::schemes::is_special(&String::from_utf8_lossy(s.of(input)).to_ascii_lowercase())
    });
    let idna_host = if parts.host_kind == Some(HostKind::RegName) && domain {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::split;

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

    /// A relative reference whose leading run of slashes holds a
    /// backslash leads, on an http(s) page, to the host after it (as the
    /// analysis' "Leads to" reads it): cleaned, it is written `//host`, not
    /// a path on the page's own site; a run of slashes alone, a single
    /// backslash and a run with no host after it are kept as written
    /// (escaped).
    #[test]
    fn a_reference_that_leads_off_the_page_is_written_as_a_browser_reads_it() {
        for (input, cleaned) in [
            (r"/\evil.com", "//evil.com"),
            (r"\\evil.com", "//evil.com"),
            (r"\/evil.com", "//evil.com"),
            (r"/\/evil.com/x?y#z", "//evil.com/x?y#z"),
            (r"/\evil.com\a\b?c\d", "//evil.com/a/b?c%5Cd"),
            (r"/\u@evil.com\@good.com/", "//u@evil.com/@good.com/"),
            ("///evil.com", "///evil.com"),
            (r"\evil.com", "%5Cevil.com"),
            (r"a\b", "a%5Cb"),
            (r"/\", "/%5C"),
        ] {
            assert_eq!(c(input), cleaned, "{input}");
            assert_eq!(c(cleaned), cleaned, "{input} again");
        }
    }

    /// Cleaning keeps the host a browser opens: for each input, node
    /// v20.20.2's `new URL(x).host` of the input and of the cleaned URL
    /// were recorded equal; where it throws (`(refused)`) for the input,
    /// RFC 3986's host is kept.
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
            // The userinfo ends at the last '@', as a browser (and
            // Python's urllib) end it; the split ends it at the first.
            ("http://a@b@good.com/", "http://a%40b@good.com/", "good.com"),
            ("http://@@[::1]", "http://%40@[::1]", "[::1]"),
            ("foo://a@b@c/x@y", "foo://a%40b@c/x@y", "c"),
            // Any run of slashes and backslashes after a special scheme is
            // '//' to a browser, and written so where escaping would lead
            // it elsewhere ('%5B' is no IPv6 bracket); otherwise kept, as
            // `http:evil.com` on an `http:` page is a relative path.
            ("http:////[::1]", "http://[::1]", "[::1]"),
            ("http:[1:0::]", "http://[1:0::]", "[1::]"),
            ("ws:/[::1]/a b", "ws://[::1]/a%20b", "[::1]"),
            ("http:evil.com", "http:evil.com", "evil.com"),
            ("http:///evil.com/a b", "http:///evil.com/a%20b", "evil.com"),
            // A reference of three slashes, read on an http(s) page: kept
            // unless escaping would lead the page elsewhere.
            ("///[::1]", "//[::1]", "[::1]"),
            ("///evil.com/a b", "///evil.com/a%20b", "evil.com"),
            // A backslash in the path is a '/' to a browser; data in a
            // URL of another scheme.
            (r"http://x/a\b", "http://x/a/b", "x"),
            (r"foo://x/a\b", "foo://x/a%5Cb", "x"),
            // A drive letter where RFC 3986 reads a host.
            ("file://C|/x", "file:///C:/x", ""),
            // A drive letter as the first path segment: node reads the host
            // 'a' and the path '/w:/m' in both (the url crate no host in
            // both); escaped as written, '/w%7C/m', the url crate read 'a'.
            ("file://A/w|/m", "file://A/w:/m", "a"),
            ("file://localhost/x", "file://localhost/x", ""),
            // Tabs and newlines are removed wherever they are.
            ("http://x/a\tb c", "http://x/ab%20c", "x"),
            ("ht\ttp://[::1]/", "http://[::1]/", "[::1]"),
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
            // The same, where RFC 3986 reads no host: escaped, it is one a
            // browser opens as `d`, kept as it is (cleaning it again must
            // change nothing).
            (r"http:/a:b\c@d", "http:/a:b%5Cc@d", "(refused)"),
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
        assert_eq!(c("//bücher.de/"), "//xn--bcher-kva.de/");
        // Another scheme's host is opaque: its bytes percent-encoded, its
        // case kept, as the URL Standard (and node) writes it.
        assert_eq!(c("sc://faß.ExAmPlE/x"), "sc://fa%C3%9F.ExAmPlE/x");
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
}
