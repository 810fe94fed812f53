//! Nested values: arbitrary bytes wrapped in the carriers the
//! analysis unfolds (a query value raw and percent-encoded, base64,
//! base64url, a JWT claim, hex, a path after `//`), recursively as the
//! input's first byte chooses. Checked: no panic; triage agrees with the
//! analysis; the tree stays within its bounds (depth 8, 64 values a
//! level); every nested value's span, and every lifted warning's span,
//! lies within the outer input; a lifted warning names the path that
//! leads to it; no message or decoded text holds a raw control character
//! a terminal would obey.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlscope_core::analysis::{Nested, MAX_DEPTH, MAX_NESTED};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64 by hand (the fuzz crate keeps its dependencies to the two
/// libraries under test), with or without padding.
fn base64(data: &[u8], alphabet: &[u8; 64], pad: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in data.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(alphabet[(n >> (18 - 6 * i) & 63) as usize]);
        }
        if pad {
            out.extend(std::iter::repeat_n(b'=', 3 - chunk.len()));
        }
    }
    out
}

fn percent(data: &[u8]) -> Vec<u8> {
    data.iter()
        .flat_map(|&b| {
            if b.is_ascii_alphanumeric() {
                vec![b]
            } else {
                format!("%{b:02X}").into_bytes()
            }
        })
        .collect()
}

/// Wrap `inner` in the carrier `how` chooses.
fn wrap(how: u8, inner: &[u8]) -> Vec<u8> {
    let mut out = b"https://victim.example/".to_vec();
    match how % 8 {
        0 => out.extend_from_slice(b"?next="),
        1 => {
            out.extend_from_slice(b"?url=");
            out.extend(percent(inner));
            return out;
        }
        2 => {
            out.extend_from_slice(b"?v=");
            out.extend(base64(inner, B64, true));
            return out;
        }
        3 => {
            out.extend_from_slice(b"?t=");
            out.extend(base64(br#"{"alg":"HS256"}"#, B64URL, false));
            out.push(b'.');
            let mut claim = br#"{"url":""#.to_vec();
            claim.extend(inner.iter().filter(|&&b| b != b'"' && b != b'\\'));
            claim.extend_from_slice(b"\"}");
            out.extend(base64(&claim, B64URL, false));
            out.extend_from_slice(b".c2ln");
            return out;
        }
        4 => {
            out.extend_from_slice(b"?h=");
            out.extend(inner.iter().flat_map(|b| format!("{b:02x}").into_bytes()));
            return out;
        }
        5 => out.extend_from_slice(b"redirect/"),
        6 => out.extend_from_slice(b"#"),
        _ => {
            out.truncate(out.len() - 1);
            out.extend_from_slice(b"//");
        }
    }
    out.extend_from_slice(inner);
    out
}

fn check_tree(nodes: &[Nested], depth: usize, len: usize) {
    assert!(depth <= MAX_DEPTH, "nested deeper than {MAX_DEPTH}");
    assert!(nodes.len() <= MAX_NESTED);
    for n in nodes {
        assert!(n.span.start <= n.span.end && n.span.end <= len, "{:?}", n.span);
        assert!(!n.via.is_empty());
        for w in n.analysis.iter().flat_map(|a| &a.warnings) {
            assert!(!w.message.chars().any(urlscope_core::text::needs_escape));
        }
        check_tree(&n.children, depth + 1, len);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&plan, payload)) = data.split_first() else {
        return;
    };
    // Up to three carriers, innermost first, as the plan byte's bits say.
    let mut input = payload.to_vec();
    for level in 0..=(plan >> 6) {
        input = wrap(plan >> (level * 2) & 7 ^ level, &input);
    }
    let options = urlscope_core::Options::default();
    let a = urlscope_core::analyze(&input, &options);
    check_tree(&a.nested, 1, input.len());
    for w in &a.warnings {
        assert!(w.span.end <= input.len());
        for s in &w.spans {
            assert!(s.start <= s.end && s.end <= input.len());
        }
        assert!(!w.message.chars().any(urlscope_core::text::needs_escape));
        if let Some(via) = &w.via {
            assert!(!via.is_empty());
        }
    }
    for d in &a.destinations {
        assert!(d.span.end <= input.len());
    }
    // Triage's spans point into the input as given (a defanged URL is
    // analysed as its URL).
    let given = a.clone().into_warnings_as_given();
    assert_eq!(urlscope_core::triage::triage(&input, &options), given);
    for min in [
        urlscope_core::warnings::Severity::Low,
        urlscope_core::warnings::Severity::Medium,
    ] {
        let kept: Vec<_> = given.iter().filter(|w| w.severity >= min).cloned().collect();
        assert_eq!(urlscope_core::triage::triage_at(&input, &options, min), kept);
    }
});
