//! The Table 3-6 annotation against std::str::from_utf8 and
//! String::from_utf8_lossy.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::utf8::annotate;

fuzz_target!(|data: &[u8]| {
    let a = annotate(data);
    assert_eq!(a.roles.len(), data.len());
    assert_eq!(a.lossy(), String::from_utf8_lossy(data));
    assert_eq!(a.is_valid(), std::str::from_utf8(data).is_ok());
    for u in &a.units {
        let bytes = &data[u.range()];
        match u.value {
            Ok(c) => assert_eq!(
                std::str::from_utf8(bytes)
                    .ok()
                    .and_then(|s| s.chars().next()),
                Some(c)
            ),
            Err(_) => assert!(std::str::from_utf8(bytes).is_err()),
        }
    }
});
