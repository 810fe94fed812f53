//! URLs that carry URLs: the corpus that measures the slow path of
//! `triage` (see BENCHMARKS.md), built deterministically from the vendored
//! corpora so the benchmark needs no file of its own.
//!
//! Each outer URL is a real one from `corpus/kasztp.txt`; what it carries
//! is another real URL of that corpus or a payload of
//! `suspicious/dev.tsv` (open redirects, SSRF targets, deceptive hosts),
//! written the ways the nested analysis unfolds: as it is, percent-encoded
//! once or twice, base64, base64url, hex, a JWT claim, a path segment, the
//! fragment, a URL carried by a URL carried by the outer one, and
//! scheme-relative (`//host/path`). The dev.tsv URLs themselves close the
//! list.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use urlscope_core::percent::{encode, EncodeSet};

/// How many outer URLs of each way of carrying; the corpus holds eleven
/// ways, so 11 times this plus the dev.tsv rows.
pub const PER_WAY: usize = 400;

/// The ways a URL is carried, in corpus order.
pub const WAYS: [&str; 11] = [
    "query value",
    "percent-encoded",
    "percent-encoded twice",
    "base64",
    "base64url",
    "hex",
    "JWT claim",
    "path segment",
    "fragment",
    "carried twice",
    "scheme-relative",
];

/// The corpus: [`PER_WAY`] outer URLs for each of [`WAYS`], then every
/// URL of dev.tsv as written there.
pub fn corpus() -> Vec<Vec<u8>> {
    let kasztp = crate::lines("corpus/kasztp.txt");
    let dev = dev_urls();
    let payloads = dev_payloads(&dev);
    let mut out = Vec::with_capacity(WAYS.len() * PER_WAY + dev.len());
    // Outer URLs spread over the corpus; the carried URL another one far
    // from it, or a payload.
    let step = kasztp.len() / (WAYS.len() * PER_WAY);
    let mut n = 0;
    for way in 0..WAYS.len() {
        for i in 0..PER_WAY {
            let outer = &kasztp[n * step];
            let inner: &[u8] = if i % 3 == 2 && !payloads.is_empty() {
                &payloads[(n * 7) % payloads.len()]
            } else {
                &kasztp[(n * step + kasztp.len() / 2) % kasztp.len()]
            };
            out.push(carry(outer, inner, way, &kasztp[(n * 13) % kasztp.len()]));
            n += 1;
        }
    }
    out.extend(dev);
    out
}

/// `outer` carrying `inner` the `way`-th way of [`WAYS`] (`middle` is the
/// URL in between when it is carried twice).
fn carry(outer: &[u8], inner: &[u8], way: usize, middle: &[u8]) -> Vec<u8> {
    let mut url = outer.to_vec();
    // Drop the fragment: what is added goes before it.
    if let Some(hash) = url.iter().position(|&b| b == b'#') {
        url.truncate(hash);
    }
    let sep = if url.contains(&b'?') { b'&' } else { b'?' };
    let param = |url: &mut Vec<u8>, key: &str, value: &[u8]| {
        url.push(sep);
        url.extend_from_slice(key.as_bytes());
        url.push(b'=');
        url.extend_from_slice(value);
    };
    let component = |b: &[u8]| encode(b, EncodeSet::Component).into_bytes();
    match way {
        0 => param(&mut url, "next", inner),
        1 => param(&mut url, "url", &component(inner)),
        2 => param(&mut url, "u", &component(&component(inner))),
        3 => param(&mut url, "data", STANDARD.encode(inner).as_bytes()),
        4 => param(&mut url, "r", URL_SAFE_NO_PAD.encode(inner).as_bytes()),
        5 => {
            let hex: String = inner.iter().map(|b| format!("{b:02x}")).collect();
            param(&mut url, "h", hex.as_bytes())
        }
        6 => {
            let claims = serde_json::json!({
                "sub": "1234567890",
                "redirect_uri": String::from_utf8_lossy(inner),
                "iat": 1516239022,
            });
            let token = format!(
                "{}.{}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
                URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#),
                URL_SAFE_NO_PAD.encode(claims.to_string())
            );
            param(&mut url, "token", token.as_bytes())
        }
        7 => {
            // `/redirect/https://...` after the outer origin and path.
            let query = url.iter().position(|&b| b == b'?').unwrap_or(url.len());
            url.truncate(query);
            if !url.ends_with(b"/") {
                url.push(b'/');
            }
            url.extend_from_slice(b"redirect/");
            url.extend_from_slice(inner);
        }
        8 => {
            url.push(b'#');
            url.extend_from_slice(inner);
        }
        9 => {
            let mut middle = middle.to_vec();
            if let Some(hash) = middle.iter().position(|&b| b == b'#') {
                middle.truncate(hash);
            }
            let sep = if middle.contains(&b'?') { b'&' } else { b'?' };
            middle.push(sep);
            middle.extend_from_slice(b"continue=");
            middle.extend_from_slice(&component(inner));
            param(&mut url, "return", &component(&middle))
        }
        _ => {
            // `//host/path`, which a same-site check that looks for a
            // scheme misses.
            let relative = inner
                .windows(3)
                .position(|w| w == b"://")
                .map_or(inner, |at| &inner[at + 1..]);
            param(&mut url, "redirect_uri", relative)
        }
    }
    url
}

/// The URLs of dev.tsv (its second column).
fn dev_urls() -> Vec<Vec<u8>> {
    crate::lines("suspicious/dev.tsv")
        .into_iter()
        .skip(1)
        .filter_map(|row| row.split(|&b| b == b'\t').nth(1).map(<[u8]>::to_vec))
        .collect()
}

/// What dev.tsv's carrier URLs carry (the value after `?next=`, `?url=`
/// and the like), and its other URLs whole.
fn dev_payloads(dev: &[Vec<u8>]) -> Vec<Vec<u8>> {
    dev.iter()
        .map(|url| {
            let value = url.iter().position(|&b| b == b'?').and_then(|q| {
                url.iter()
                    .skip(q)
                    .position(|&b| b == b'=')
                    .map(|e| q + e + 1)
            });
            value.map_or_else(|| url.clone(), |at| url[at..].to_vec())
        })
        .collect()
}
