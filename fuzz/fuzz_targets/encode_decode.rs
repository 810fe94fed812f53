//! encode then decode returns the input exactly, for every encoding.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::percent::{decode, encode, EncodeSet};

fuzz_target!(|data: &[u8]| {
    assert_eq!(
        &*decode(encode(data, EncodeSet::Component).as_bytes(), false),
        data
    );
    assert_eq!(
        &*decode(encode(data, EncodeSet::Form).as_bytes(), true),
        data
    );
});
