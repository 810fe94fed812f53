//! The HTML lesson on arbitrary bytes: no panic, and no byte of the input
//! becomes markup (every `<` opens one of the writer's own elements), a
//! link out of the page, or a raw bidi control.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = urlscope_core::Options::default();
    let a = urlscope_core::analyze(data, &options);
    let mut out = Vec::new();
    urlscope::html::write_lesson(&mut out, std::slice::from_ref(&a)).unwrap();
    let page = String::from_utf8(out).unwrap();
    if let Err(e) = urlscope::html::check_inert(&page) {
        panic!("{e}");
    }
});
