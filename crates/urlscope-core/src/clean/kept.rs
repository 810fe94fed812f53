//! What cleaning must keep, as checks: where a URL leads before and after
//! cleaning. The property tests, `tests/clean_browser.rs` and the `clean`
//! fuzz target share them (feature `testing`).

use crate::analysis::{analyze, classify_host, Options};
use crate::percent::decode;
use crate::split::split;

/// `url` with its tabs and newlines removed, as the URL Standard removes
/// them (`htt\nps:w` opens `w`).
fn without_tabs(url: &[u8]) -> Vec<u8> {
    url.iter()
        .copied()
        .filter(|b| !b"\t\n\r".contains(b))
        .collect()
}

/// The host and port a browser opens for `url` read as UTF-8 (a byte
/// that is not becomes U+FFFD, as a browser decodes a page), the host in
/// its canonical form (a non-special URL's opaque host decoded: `%2e` and
/// `%2E` are one host, `%C3%B1` and `xn--ida` too); `None` when it opens
/// none: it refuses the URL, or `url` is a relative reference.
pub fn browser_host(url: &[u8]) -> Option<(Option<String>, Option<u16>)> {
    // The url crate ends a non-special URL's port at a backslash
    // (`foo://h:\\x/` opens `h`), where the URL Standard (and node)
    // refuses it; in the host it refuses it too, and in the userinfo
    // reads the host RFC 3986 reads: that is compared.
    let url = without_tabs(url);
    let url = &url[..];
    let parts = split(url);
    let special = parts.scheme.is_some_and(|s| {
        let s = s.of(url).to_ascii_lowercase();
        [&b"http"[..], b"https", b"ws", b"wss", b"ftp", b"file"].contains(&&s[..])
    });
    if !special && parts.authority.is_some_and(|a| a.of(url).contains(&b'\\')) {
        return None;
    }
    let text = String::from_utf8_lossy(url);
    // The URL as given: not refanged (`m[:]x` is no `m:x` to a browser),
    // no scheme assumed for a bare host.
    let options = Options::default()
        .with_refang(false)
        .with_address_bar(false);
    match analyze(text.as_bytes(), &options).whatwg() {
        Some(Ok(opened)) => {
            let host = opened.host.as_deref().map(|h| {
                classify_host(&String::from_utf8_lossy(&decode(h.as_bytes(), false))).canonical
            });
            // A host read only by replacing bytes that are not UTF-8 has
            // no one reading (`\xDB%a2` is U+FFFD and a stray byte to a
            // browser decoding a page, U+06E2 to RFC 3986): RFC 3986's
            // is compared.
            if std::str::from_utf8(url).is_err()
                && host.as_deref().is_some_and(|h| h.contains('\u{FFFD}'))
            {
                return None;
            }
            Some((host, opened.port))
        }
        _ => None,
    }
}

/// The host RFC 3986 reads in `url` once tabs and newlines are removed,
/// with the userinfo ended at the last '@' (as Python's urllib and
/// browsers end it), in its canonical form.
pub fn rfc3986_host(url: &[u8]) -> Option<String> {
    let url = without_tabs(url);
    let parts = split(&url);
    let authority = parts.authority?.of(&url);
    let host = authority.rsplit(|&b| b == b'@').next().unwrap_or_default();
    let host = match host.iter().position(|&b| b == b']') {
        Some(end) if host.first() == Some(&b'[') => host.get(..=end).unwrap_or_default(),
        _ => host.split(|&b| b == b':').next().unwrap_or_default(),
    };
    Some(classify_host(&String::from_utf8_lossy(&decode(host, false))).canonical)
}

/// The host and port a browser opens for the relative reference `url`
/// on an http(s) page (`https://page.invalid/`), as the analysis reads a
/// reference that leads off its page (`/\evil.com` opens `evil.com`);
/// `None` for a URL with a scheme, or a reference the browser refuses.
pub fn page_host(url: &[u8]) -> Option<(Option<String>, Option<u16>)> {
    // A browser removes tabs and newlines first: `ht\t://x` has a scheme.
    let url = without_tabs(url);
    let url = &url[..];
    if split(url).scheme.is_some() {
        return None;
    }
    let opened = crate::analysis::address_bar::on_a_web_page(&String::from_utf8_lossy(url))?;
    let host = opened.host_str().map(|h| classify_host(h).canonical);
    Some((host, opened.port()))
}

/// Whether `cleaned` leads where `url` does: to the host and port a
/// browser opens for `url` (for a relative reference, on an http(s)
/// page), or, where it opens none (it refuses the URL), to RFC 3986's
/// host (cleaning may make it one a browser opens: `ahttp://<>` to
/// `ahttp://%3C%3E`). The two readings when they differ.
///
/// # Errors
/// The reading before and after, when they differ.
pub fn leads_where(url: &[u8], cleaned: &[u8]) -> Result<(), String> {
    let (before, after) = match (browser_host(url), page_host(url)) {
        (Some(opened), _) => (
            format!("opens {:?}", Some(opened)),
            format!("opens {:?}", browser_host(cleaned)),
        ),
        (None, Some(on_page)) => (
            format!("opens on a page {:?}", Some(on_page)),
            format!("opens on a page {:?}", page_host(cleaned)),
        ),
        (None, None) => (
            format!("RFC 3986 {:?}", rfc3986_host(url)),
            format!("RFC 3986 {:?}", rfc3986_host(cleaned)),
        ),
    };
    if before == after {
        Ok(())
    } else {
        Err(format!("{before} became {after}"))
    }
}

/// Whether cleaning reads `url` as a browser does before escaping it, so
/// that its components may change: a backslash, tab or newline in it, an
/// authority with two '@', other than two slashes after a special scheme,
/// a `file:` URL (a drive letter where RFC 3986 reads a host), or a
/// reference of three slashes or more, read as on a web page (`///[::1]`
/// is written `//[::1]`).
pub fn read_as_a_browser_does(url: &[u8]) -> bool {
    let parts = split(url);
    let ats = parts
        .authority
        .is_some_and(|a| a.of(url).iter().filter(|&&b| b == b'@').count() > 1);
    let scheme = parts.scheme.map(|s| s.of(url).to_ascii_lowercase());
    let special = scheme
        .as_deref()
        .is_some_and(|s| [&b"http"[..], b"https", b"ws", b"wss", b"ftp"].contains(&s));
    let slashes = parts.scheme.is_some_and(|s| {
        url.get(s.end + 1..)
            .is_some_and(|r| r.iter().take_while(|&&b| b == b'/').count() != 2)
    });
    url.iter().any(|b| b"\\\t\n\r".contains(b))
        || ats
        || special && slashes
        || scheme.as_deref() == Some(b"file")
        || parts.scheme.is_none() && parts.trimmed.of(url).starts_with(b"///")
}
