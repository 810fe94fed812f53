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

/// Other shapes a hostile 1 MB URL takes, named for the bench rows: one
/// piece repeated in the path, the query or the authority, and numbered
/// query pairs.
pub fn shapes() -> Vec<(&'static str, Vec<u8>)> {
    let repeat = |prefix: &str, piece: &str, suffix: &str| {
        let mut url = prefix.as_bytes().to_vec();
        while url.len() + suffix.len() < 1_000_000 {
            url.extend_from_slice(piece.as_bytes());
        }
        url.extend_from_slice(suffix.as_bytes());
        url
    };
    let mut numbered = b"https://example.com/?".to_vec();
    let mut n = 0u64;
    while numbered.len() < 1_000_000 {
        numbered.extend_from_slice(format!("k{n}=v{n}&").as_bytes());
        n += 1;
    }
    vec![
        ("one plain segment", repeat("https://example.com/", "a", "")),
        (
            "one segment of %C3%A9",
            repeat("https://example.com/", "%C3%A9", ""),
        ),
        (
            "a ../ chain",
            repeat("https://example.com/", "../", "etc/passwd"),
        ),
        (
            "a %2e%2e%2f chain",
            repeat("https://example.com/", "%2e%2e%2f", "etc/passwd"),
        ),
        ("a=b& pairs", repeat("https://example.com/?", "a=b&", "")),
        ("numbered pairs", numbered),
        ("a 1 MB host", repeat("https://", "a.", "com/")),
        ("a 1 MB userinfo", repeat("https://", "u", "@example.com/")),
    ]
}
