//! The 1 MB URLs the inspector benchmark and `examples/analysis_phases.rs`
//! measure, built in one place so both measure the same thing.

/// Escapes, UTF-8, a traversal and a long plain run: every code path, in
/// 145,002 components of five kinds that repeat.
pub fn repetitive() -> Vec<u8> {
    let mut url = b"https://example.com/".to_vec();
    while url.len() < 700_000 {
        url.extend_from_slice(b"caf%C3%A9/%252e%252e%252f/a+b/");
    }
    url.extend_from_slice(b"?q=");
    while url.len() < 1_000_000 {
        url.extend_from_slice(b"x%20y&z=");
    }
    url
}

/// The same pieces, numbered, so no two components are alike and no
/// component's check can be reused.
pub fn distinct() -> Vec<u8> {
    let mut url = b"https://example.com/".to_vec();
    let mut n = 0u64;
    while url.len() < 1_000_000 {
        url.extend_from_slice(format!("caf%C3%A9{n}/%252e{n}/a+b{n}/").as_bytes());
        n += 1;
    }
    url
}
