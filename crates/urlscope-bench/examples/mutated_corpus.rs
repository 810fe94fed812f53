//! kasztp.txt with every URL given one piece near the fast path's gates
//! (see BENCHMARKS.md): a host that may be deceptive or internal,
//! upper case or a trailing dot; a carried `+//`, base64, hex, JWT or
//! scheme value in the query, the fragment or the path. Deterministic (a
//! fixed xorshift sequence); for comparing two builds with
//! `scan --json --min-severity info`:
//!
//! ```text
//! cargo run --release -p urlscope-bench --example mutated_corpus > /tmp/mutated.txt
//! ```

use std::io::Write;

const HOSTS: &[&str] = &[
    "paypal.com.evil.example",
    "apple.com-support.example",
    "https.paypal.evil.example",
    "http.example.com",
    "a.b.bank.co.uk.evil.example",
    "www.com-x.example",
    "a.net.example",
    "WWW.EXAMPLE.COM.",
    "x.y.z.w.v.example",
    "localhost",
    "db.internal",
    "printer.local",
    "127.0.0.1.nip.io",
    "lacolhost.com",
    "LOCALTEST.ME",
    "a.b..",
    "com.example.org",
    "io-x.io.example",
    "x.IO-y.example",
    "biz.biz.biz",
    "Http.Https.example",
    "a.gov.uk.example",
    "metadata",
    "metadata.google.internal",
    "x.localdomain",
    "a.home.arpa",
    "x.1u.ms",
    "s3.amazonaws.com.x.example",
];

const VALUES: &[&str] = &[
    "+//evil.example/",
    "+http://evil.example/",
    "//evil.example",
    "'//evil.example",
    "http:evil.example",
    "aHR0cHM6Ly9ldmlsLmV4YW1wbGUv",
    "Ly9ldmlsLmV4YW1wbGU",
    "IGphdmFzY3JpcHQ6YWxlcnQoMSk",
    "68747470733a2f2f6576696c2e6578616d706c65",
    "eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJodHRwOi8vMTY5LjI1NC4xNjkuMjU0LyJ9.c2ln",
    "documentation",
    "abcdefghijklmnop",
    "Q29udGVudC1UeXBl",
    "javascript:alert(1)",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x",
    "ldap://x/",
    "x:y",
    "12:30",
    "d41d8cd98f00b204e9800998ecf8427e",
    "",
    "..",
    "a+b+c",
    "<>//evil.example",
    "`//x.y",
    "+",
    "++//x.y",
    "AAAAAAAAAAAA",
    "ZZZZZZZZZZZZZZZZ",
    "dGVzdC90ZXN0",
    "Li4vLi4vZXRjL3Bhc3N3ZA==",
];

fn main() -> std::io::Result<()> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for url in urlscope_bench::lines("corpus/kasztp.txt") {
        let Some(colon) = url.windows(3).position(|w| w == b"://") else {
            continue;
        };
        let (scheme, rest) = url.split_at(colon + 3);
        let host_end = rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#' | b':'))
            .unwrap_or(rest.len());
        let (host, tail) = rest.split_at(host_end);
        let value = VALUES[next(VALUES.len())].as_bytes();
        let other = HOSTS[next(HOSTS.len())].as_bytes();
        let before_fragment = url.split(|&b| b == b'#').next().unwrap_or_default();
        let line: Vec<u8> = match next(8) {
            0 => [scheme, other, tail].concat(),
            1 => {
                let sep: &[u8] = if url.contains(&b'?') { b"&" } else { b"?" };
                [&url[..], sep, b"next=", value].concat()
            }
            2 => [before_fragment, b"#", value].concat(),
            3 => [scheme, host, b"/", value, tail].concat(),
            4 => {
                let segment: Vec<u8> = value.iter().copied().filter(|&b| b != b'/').collect();
                [scheme, host, b"/", &segment, b"/x"].concat()
            }
            5 => [scheme, other, b"/", value].concat(),
            6 => [scheme, &host.to_ascii_uppercase(), tail].concat(),
            _ => [scheme, host, b".", tail].concat(),
        };
        out.write_all(&line)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
