//! clean and normalize: idempotent; the cleaned URL leads a browser to the
//! host the input does (where it opens none, to RFC 3986's), and splits
//! into the same components with the same decoded values (a non-ASCII
//! host becomes its IDNA form; a URL cleaning reads as a browser does is
//! written as the browser reads it).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::clean::kept::{leads_where, read_as_a_browser_does};
use urlscope_core::clean::{clean, normalize};
use urlscope_core::percent::decode;
use urlscope_core::split::{split, ComponentKind};

fuzz_target!(|data: &[u8]| {
    let parts = split(data);
    let once = clean(data, &parts);
    let reparts = split(once.as_bytes());
    assert_eq!(clean(once.as_bytes(), &reparts), once);
    // The host a browser opens is kept; where it opens none (it refuses
    // the URL, or it is a relative reference), RFC 3986's.
    if let Err(e) = leads_where(data, once.as_bytes()) {
        panic!("{e}: {once}");
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
