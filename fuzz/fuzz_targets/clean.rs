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
    assert_eq!(host(data), host(once.as_bytes()));
    if data.iter().any(|b| b"\\\t\n\r".contains(b)) {
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
