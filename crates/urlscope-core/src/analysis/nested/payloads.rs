//! Decoding the encoded payloads a value may be: base64, base64url, hex
//! and JWTs (RFC 4648, RFC 7519), to printable text.

use super::{Jwt, NestedKind};

/// Decode `text` as base64 or base64url (padded or not) when it is one,
/// to printable UTF-8.
pub(crate) fn base64_payload(text: &[u8]) -> Option<(NestedKind, String)> {
    use base64::Engine;
    let body = text
        .strip_suffix(b"==")
        .or_else(|| text.strip_suffix(b"="))
        .unwrap_or(text);
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
