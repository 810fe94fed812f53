//! clean and normalize: idempotent; the cleaned URL leads to the host the
//! input does, and splits into the same components with the same decoded
//! values (a non-ASCII host becomes its IDNA form; a backslash, tab or
//! newline a browser reads otherwise is written as the browser reads it).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::clean::{clean, normalize};
use urlscope_core::percent::decode;
use urlscope_core::split::{split, ComponentKind};

fuzz_target!(|data: &[u8]| {
    let parts = split(data);
    let once = clean(data, &parts);
    let reparts = split(once.as_bytes());
    assert_eq!(clean(once.as_bytes(), &reparts), once);
    let host = |url: &[u8]| {
        urlscope_core::analysis::destination_host(url, &urlscope_core::split::outline(url))
            .map(|h| urlscope_core::analysis::classify_host(&String::from_utf8_lossy(&h)).canonical)
    };
    // As tests/properties.rs checks it: a URL a browser refuses keeps its
    // RFC 3986 host; not checked, a refused URL or relative reference
    // with a tab or newline in it, and an authority with two '@' (a
    // known defect: cleaning escapes by the first '@', a browser reads
    // the last).
    let spaced = data.iter().any(|b| b"\t\n\r".contains(b));
    let refused = urlscope_core::analyze(data, &urlscope_core::Options::default())
        .destinations
        .first()
        .is_some_and(|d| d.browser_refuses.is_some());
    let ats = parts
        .authority
        .map_or(0, |a| a.of(data).iter().filter(|&&b| b == b'@').count());
    // Nor a file: URL, whose host a browser reads as none for `localhost`,
    // nor bytes that are not UTF-8 (the hosts compared are read lossily).
    let file = parts
        .scheme
        .is_some_and(|s| s.of(data).eq_ignore_ascii_case(b"file"));
    let slashes = parts.scheme.is_some_and(|s| {
        data.get(s.end + 1..)
            .is_some_and(|r| r.iter().take_while(|&&b| b == b'/').count() != 2 && !r.is_empty())
    });
    let unchecked = spaced && (refused || parts.scheme.is_none())
        || slashes
        || ats > 1
        || file
        || std::str::from_utf8(data).is_err();
    if refused && !unchecked {
        let rfc3986 = |url: &[u8], parts: &urlscope_core::split::Split| {
            parts.host.map(|h| {
                urlscope_core::analysis::classify_host(&String::from_utf8_lossy(&decode(
                    h.of(url),
                    false,
                )))
                .canonical
            })
        };
        assert_eq!(rfc3986(data, &parts), rfc3986(once.as_bytes(), &reparts));
    } else if !unchecked {
        assert_eq!(host(data), host(once.as_bytes()));
    }
    let third_slash = parts.scheme.is_some_and(|s| {
        data.get(s.end + 1..)
            .is_some_and(|r| r.iter().take_while(|&&b| b == b'/').count() != 2 && !r.is_empty())
    });
    if data.iter().any(|b| b"\\\t\n\r".contains(b)) || third_slash {
        let norm = normalize(data);
        assert_eq!(normalize(norm.as_bytes()), norm);
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
    let norm = normalize(data);
    assert_eq!(normalize(norm.as_bytes()), norm);
});
