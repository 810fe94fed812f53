//! clean and normalize: idempotent; the cleaned URL leads a browser to the
//! host the input does (where it opens none, to RFC 3986's), and splits
//! into the same components with the same decoded values (a non-ASCII
//! host becomes its IDNA form; a URL cleaning reads as a browser does is
//! written as the browser reads it).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::analysis::{analyze, classify_host, Options};
use urlscope_core::clean::{clean, normalize};
use urlscope_core::percent::decode;
use urlscope_core::split::{split, ComponentKind};

// As tests/clean_hosts/mod.rs reads them (this crate cannot share it).

/// The host and port a browser opens for `url` read as UTF-8 (a byte
/// that is not becomes U+FFFD, as a browser decodes a page), the host in
/// its canonical form (a non-special URL's opaque host decoded: `%2e` and
/// `%2E` are one host, `%C3%B1` and `xn--ida` too); `None` when it opens
/// none: it refuses the URL, or `url` is a relative reference.
fn browser_host(url: &[u8]) -> Option<(Option<String>, Option<u16>)> {
    // The url crate ends a non-special URL's port at a backslash
    // (`foo://h:\\x/` opens `h`), where the URL Standard (and node)
    // refuses it; in the host it refuses it too, and in the userinfo
    // reads the host RFC 3986 reads: that is compared.
    // Tabs and newlines removed first, as the URL Standard does
    // (`htt\nps:w` opens `w`).
    let url: Vec<u8> = url
        .iter()
        .copied()
        .filter(|b| !b"\t\n\r".contains(b))
        .collect();
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
fn rfc3986_host(url: &[u8]) -> Option<String> {
    let url: Vec<u8> = url
        .iter()
        .copied()
        .filter(|b| !b"\t\n\r".contains(b))
        .collect();
    let parts = split(&url);
    let authority = parts.authority?.of(&url);
    let host = authority.rsplit(|&b| b == b'@').next().unwrap_or_default();
    let host = match host.iter().position(|&b| b == b']') {
        Some(end) if host.first() == Some(&b'[') => &host[..=end],
        _ => host.split(|&b| b == b':').next().unwrap_or_default(),
    };
    Some(classify_host(&String::from_utf8_lossy(&decode(host, false))).canonical)
}

/// Whether cleaning reads `url` as a browser does before escaping it: a
/// backslash, tab or newline in it, an authority with two '@', other than
/// two slashes after a special scheme, or a `file:` URL.
fn read_as_a_browser_does(url: &[u8]) -> bool {
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
}

fuzz_target!(|data: &[u8]| {
    let parts = split(data);
    let once = clean(data, &parts);
    let reparts = split(once.as_bytes());
    assert_eq!(clean(once.as_bytes(), &reparts), once);
    // The host a browser opens is kept; where it opens none (it refuses
    // the URL, or it is a relative reference), RFC 3986's.
    match browser_host(data) {
        Some(opened) => assert_eq!(Some(opened), browser_host(once.as_bytes()), "{once}"),
        None => assert_eq!(rfc3986_host(data), rfc3986_host(once.as_bytes()), "{once}"),
    }
    let norm = normalize(data);
    assert_eq!(normalize(norm.as_bytes()), norm);
    if read_as_a_browser_does(data) {
        return;
    }
    let kinds: Vec<_> = parts.components.iter().map(|c| c.kind).collect();
    let rekinds: Vec<_> = reparts.components.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, rekinds);
    for (b, a) in parts.components.iter().zip(&reparts.components) {
        if b.kind == ComponentKind::Host && !b.span.of(data).is_ascii() {
            continue;
        }
        let form = b.kind.is_query();
        assert_eq!(
            decode(b.span.of(data), form),
            decode(a.span.of(once.as_bytes()), form)
        );
    }
});
