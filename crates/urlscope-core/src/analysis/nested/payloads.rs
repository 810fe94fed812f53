//! Decoding the encoded payloads a value may be: base64, base64url, hex
//! and JWTs (RFC 4648, RFC 7519), to printable text; and the payloads
//! inside a payload's text (base64 of base64, of JSON holding base64, of
//! a percent-encoded URL), decoded in turn as deep as the unfolding may
//! still go.

use super::found::{payload_urls, text_carries_url};
use super::{Jwt, NestedKind, NAMING_KEYS};

/// Decode `text` as base64 or base64url (padded or not) when it is one,
/// to printable UTF-8.
pub(crate) fn base64_payload(text: &[u8]) -> Option<(NestedKind, String)> {
    use base64::Engine;
    let body = crate::plain::without_base64_padding(text);
    if body.len() < 12 {
        return None;
    }
    let url_safe = body.iter().any(|&b| b == b'-' || b == b'_');
    let standard = body.iter().any(|&b| b == b'+' || b == b'/');
    if url_safe && standard
        || !body
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_'))
    {
        return None;
    }
    let (kind, engine) = if url_safe {
        (
            NestedKind::Base64Url,
            &base64::engine::general_purpose::URL_SAFE_NO_PAD,
        )
    } else {
        (
            NestedKind::Base64,
            &base64::engine::general_purpose::STANDARD_NO_PAD,
        )
    };
    let decoded = engine.decode(body).ok()?;
    printable(decoded).map(|t| (kind, t))
}

/// Decode `text` as hex when it is an even run of at least 16 hex digits,
/// to printable UTF-8.
pub(crate) fn hex_payload(text: &[u8]) -> Option<String> {
    if text.len() < 16 || !text.len().is_multiple_of(2) || !text.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let decoded: Vec<u8> = text
        .chunks(2)
        .filter_map(|p| {
            let hi = crate::percent::hex_value(*p.first()?)?;
            let lo = crate::percent::hex_value(*p.get(1)?)?;
            Some(hi << 4 | lo)
        })
        .collect();
    printable(decoded)
}

/// `bytes` as text when it is UTF-8 with no control character but tab
/// and newline, and holds a letter.
fn printable(bytes: Vec<u8>) -> Option<String> {
    let text = String::from_utf8(bytes).ok()?;
    let ok = text
        .chars()
        .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r'))
        && text.chars().any(char::is_alphabetic);
    ok.then_some(text)
}

impl Jwt {
    /// The claims that may hold a link the token carries to a page
    /// (`redirect`, `url`): all but the [`NAMING_KEYS`], in order.
    pub(crate) fn linking_claims(&self) -> impl Iterator<Item = &(String, String)> {
        self.claims
            .iter()
            .filter(|(name, _)| !NAMING_KEYS.contains(&name.as_str()))
    }
}

/// Read `text` as a JWT: its header and payload, when the header is a JSON
/// object with `alg`.
pub(crate) fn jwt(text: &[u8]) -> Option<Jwt> {
    use base64::Engine;
    let engine = &base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut parts = text.split(|&b| b == b'.');
    let (header, payload) = (parts.next()?, parts.next()?);
    let _signature = parts.next()?;
    if parts.next().is_some() || !header.starts_with(b"eyJ") {
        return None;
    }
    let header = String::from_utf8(engine.decode(header).ok()?).ok()?;
    let payload = String::from_utf8(engine.decode(payload).ok()?).ok()?;
    let head: serde_json::Value = serde_json::from_str(&header).ok()?;
    head.get("alg")?;
    let claims = match serde_json::from_str::<serde_json::Value>(&payload) {
        Ok(serde_json::Value::Object(map)) => map
            .into_iter()
            .filter_map(|(k, v)| match v {
                serde_json::Value::String(s) => Some((k, s)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some(Jwt {
        header,
        payload,
        claims,
    })
}

/// A URL found in a payload's text only under more decodings: base64 of
/// base64, base64 of JSON holding base64, base64 of a percent-encoded URL,
/// a JWT whose claim holds base64.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Buried {
    /// The decodings that reach the text holding it, outermost first
    /// (`base64`, `percent-decoded`, `jwt claim "u"`).
    pub(crate) steps: Vec<String>,
    /// The URL, as the decoded text holding it reads.
    pub(crate) url: Vec<u8>,
    /// How it is spelled, as [`payload_urls`] finds it.
    pub(crate) spelling: Vec<&'static str>,
}

/// Whether a payload's decoded `text` carries a URL, as [`payload_urls`]
/// finds one, as it is or under at most `layers` more decodings
/// ([`decodings`]). The routes of [`buried_urls`], each level's text no
/// longer than the one above it.
pub(crate) fn carries_url_within(text: &str, layers: usize) -> bool {
    text_carries_url(text.as_bytes())
        || (layers > 0
            && decodings(text)
                .iter()
                .any(|(_, inner)| carries_url_within(inner, layers - 1)))
}

/// The URLs under at most `layers` more decodings of a payload's `text`
/// that carries none as it is, at most `room`: at each level, a text that
/// carries a URL gives its URLs; one that carries none is decoded again.
pub(crate) fn buried_urls(text: &str, layers: usize, room: usize) -> Vec<Buried> {
    let mut out = Vec::new();
    let mut steps = Vec::new();
    bury(text, layers, room, &mut steps, &mut out);
    out
}

fn bury(text: &str, layers: usize, room: usize, steps: &mut Vec<String>, out: &mut Vec<Buried>) {
    if layers == 0 {
        return;
    }
    for (step, inner) in decodings(text) {
        if out.len() >= room {
            return;
        }
        steps.push(step);
        let mut found = payload_urls(inner.as_bytes()).peekable();
        if found.peek().is_some() {
            let found: Vec<_> = found.take(room - out.len()).collect();
            for (_, url, spelling) in found {
                out.push(Buried {
                    steps: steps.clone(),
                    url: url.into_owned(),
                    spelling,
                });
            }
        } else {
            bury(&inner, layers - 1, room, steps, out);
        }
        steps.pop();
    }
}

/// The texts one decoding under a payload's `text`, each with the step
/// that reads it: the text percent-decoded when it holds an escape (the
/// payloads in it are read at the next level); the text read backwards
/// when it is a URL written backwards; else each run of base64
/// digits in it (the text whole, a JSON string, a `key=value`'s value)
/// that is a JWT (each of its string claims), base64 or hex of text, as
/// [`jwt`], [`base64_payload`] and [`hex_payload`] read a value. Each
/// text is no longer than the one it is decoded from, and the runs do not
/// overlap, so a level holds no more bytes than the one above it.
pub(crate) fn decodings(text: &str) -> Vec<(String, String)> {
    let bytes = text.as_bytes();
    if crate::percent::has_escape(bytes) {
        let decoded = crate::percent::decode(bytes, false);
        return vec![(
            "percent-decoded".to_string(),
            String::from_utf8_lossy(&decoded).into_owned(),
        )];
    }
    let mut out = Vec::new();
    // A URL written backwards, as the text whole (base64 of
    // `/moc.elpmaxe//:sptth`), beside the payloads in it.
    if let Some(forward) = super::obfuscated::reversed_url(bytes) {
        out.push((NestedKind::Reversed.name().to_string(), forward));
    }
    for token in digit_runs(bytes) {
        if let Some(jwt) = jwt(token) {
            out.extend(jwt.linking_claims().map(|(name, value)| {
                let name = crate::text::quote_str(name);
                (format!("jwt claim \"{name}\""), value.clone())
            }));
        } else if let Some((kind, inner)) = base64_payload(token) {
            out.push((kind.name().to_string(), inner));
        } else if let Some(inner) = hex_payload(token) {
            out.push((NestedKind::Hex.name().to_string(), inner));
        }
    }
    out
}

/// The runs of at least 12 base64 or base64url digits in `bytes`, each
/// with up to two `=` of padding after it; a run that starts `eyJ` (a
/// JWT's header) runs on over the `.` between a JWT's parts.
fn digit_runs(bytes: &[u8]) -> impl Iterator<Item = &[u8]> + '_ {
    let digit = |b: u8| crate::plain::base64_digit(b) != 64;
    let mut at = 0;
    std::iter::from_fn(move || loop {
        let start = at + bytes.get(at..)?.iter().position(|&b| digit(b))?;
        let rest = bytes.get(start..).unwrap_or_default();
        let jwt = rest.starts_with(b"eyJ");
        let mut end = start
            + rest
                .iter()
                .position(|&b| !(digit(b) || (jwt && b == b'.')))
                .unwrap_or(rest.len());
        end += bytes
            .get(end..)
            .unwrap_or_default()
            .iter()
            .take(2)
            .take_while(|&&b| b == b'=')
            .count();
        at = end;
        if end - start >= 12 {
            return bytes.get(start..end);
        }
    })
}
