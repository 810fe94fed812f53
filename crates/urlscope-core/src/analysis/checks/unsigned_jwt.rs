//! A JWT that no signature vouches for (`unsigned-jwt`): its header names
//! the algorithm `none` (an Unsecured JWT, RFC 7519 §6), in any case
//! (`None`, `NONE`: the spellings that slipped past libraries' blocklists),
//! or it names a real algorithm but its signature is cut off. Either is a
//! token anyone can write; a server that accepts one (CVE-2015-9235 and its
//! kin; RFC 8725 §2.1, §3.1) takes its claims as given, so in a URL it is
//! a forged token being tried, or an application that hands out tokens no
//! one can trust.

use crate::split::Span;
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// How a JWT is left unsigned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unsigned {
    /// The header's `alg` is `none`, in some case (as written).
    AlgNone(String),
    /// The header's `alg` names an algorithm, and the signature is empty.
    Stripped(String),
}

/// Whether `token`, a JWT's compact form (`header.payload.signature`), is
/// unsigned: its header (base64url of a JSON object) has an `alg` that is
/// `none` in any case, or its signature is empty. Reads the header alone,
/// so a caller's gate can ask it of any part that starts `eyJ`.
pub(crate) fn unsigned(token: &[u8]) -> Option<Unsigned> {
    use base64::Engine;
    let mut parts = token.split(|&b| b == b'.');
    let (header, _payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !header.starts_with(b"eyJ") {
        return None;
    }
    let header = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(header)
        .ok()?;
    let head: serde_json::Value = serde_json::from_slice(&header).ok()?;
    let alg = head.get("alg")?.as_str()?;
    if alg.eq_ignore_ascii_case("none") {
        Some(Unsigned::AlgNone(alg.to_string()))
    } else if signature.is_empty() {
        Some(Unsigned::Stripped(alg.to_string()))
    } else {
        None
    }
}

/// The `unsigned-jwt` warning of the JWT `what` is (`query value 't'`),
/// at `span` of `component`.
pub(crate) fn warning(how: &Unsigned, what: &str, span: Span, component: usize) -> Warning {
    let header = match how {
        Unsigned::AlgNone(alg) => format!(
            "whose header names no signature algorithm (\"alg\": \"{}\")",
            quote_str(alg)
        ),
        Unsigned::Stripped(alg) => format!(
            "whose header names {} but whose signature is cut off",
            quote_str(alg)
        ),
    };
    Warning::new(
        WarningCode::UnsignedJwt,
        vec![span],
        Some(component),
        format!(
            "The {what} is a JWT {header}: nothing vouches for its claims, anyone can write such a token, and a server that accepts it takes the claims as given (RFC 8725; CVE-2015-9235)."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(header: &str, payload: &str, signature: &str) -> Vec<u8> {
        use base64::Engine;
        let e = &base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!("{}.{}.{signature}", e.encode(header), e.encode(payload)).into_bytes()
    }

    #[test]
    fn alg_none_in_any_case_and_a_cut_signature_are_unsigned() {
        let claims = r#"{"sub":"admin"}"#;
        for alg in ["none", "None", "NONE", "nOnE"] {
            let header = format!(r#"{{"alg":"{alg}","typ":"JWT"}}"#);
            for signature in ["", "c2ln"] {
                let t = token(&header, claims, signature);
                assert_eq!(unsigned(&t), Some(Unsigned::AlgNone(alg.into())), "{alg}");
            }
        }
        let t = token(r#"{"alg":"HS256"}"#, claims, "");
        assert_eq!(unsigned(&t), Some(Unsigned::Stripped("HS256".into())));
    }

    #[test]
    fn a_signed_token_and_near_misses_are_not() {
        let claims = r#"{"sub":"admin"}"#;
        for t in [
            token(r#"{"alg":"HS256"}"#, claims, "c2ln"),
            // `alg` not a string, absent, or "none" elsewhere.
            token(r#"{"alg":0}"#, claims, ""),
            token(r#"{"typ":"none"}"#, claims, ""),
            token(r#"{"alg":"nonesuch"}"#, claims, "c2ln"),
        ] {
            assert_eq!(unsigned(&t), None, "{}", String::from_utf8_lossy(&t));
        }
        // Two parts, four parts, a header that is no JSON.
        assert_eq!(unsigned(b"eyJhbGciOiJub25lIn0.e30"), None);
        assert_eq!(unsigned(b"eyJhbGciOiJub25lIn0.e30..x"), None);
        assert_eq!(unsigned(b"eyJub3QganNvbg.e30."), None);
    }
}
