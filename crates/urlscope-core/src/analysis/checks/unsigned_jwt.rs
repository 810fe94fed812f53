//! A JWT that no signature vouches for (`unsigned-jwt`): its header names
//! the algorithm `none` (an Unsecured JWT, RFC 7519 §6), in any case
//! (`None`, `NONE`: the spellings that slipped past libraries' blocklists),
//! or it names a real algorithm but its signature is cut off. Either is a
//! token anyone can write; a server that accepts one (libraries have:
//! RFC 8725 §2.1) takes its claims as given, so in a URL it is a forged
//! token being tried, or an application that hands out tokens no one can
//! trust.

use crate::analysis::nested::fragment_param_label;
use crate::analysis::nested::{jwt, label_of, may_carry};
use crate::analysis::report::list_then_fold;
use crate::analysis::ComponentAnalysis;
use crate::split::{fragment_params, ComponentKind, Span};
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

/// `unsigned-jwt` for each component that is an unsigned JWT whole, in
/// one of its layers (as written, or decoded): a path segment, a query
/// value, the fragment, the userinfo (the components the unfolding reads
/// values in), the component marked whole; and for each parameter of a
/// fragment written as a query (`#id_token=...&state=...`, where OpenID
/// Connect's implicit flow hands a page its tokens), the value marked;
/// past the first 32, one warning for the rest ([`list_then_fold`]). Read
/// here, apart from the unfolding, whose budget of values a URL can spend
/// ahead of the token.
pub(crate) fn component_warnings(components: &[ComponentAnalysis], out: &mut Vec<Warning>) {
    let mut found = Vec::new();
    for (i, c) in components.iter().enumerate() {
        if !may_carry(c.kind) {
            continue;
        }
        let how = c.layers().find_map(unsigned_token);
        if let Some(how) = how {
            found.push(warning(&how, &label_of(components, i), c.span, i));
        } else if c.kind == ComponentKind::Fragment {
            for (key, value, how) in fragment_tokens(&c.input, c.span) {
                let what = fragment_param_label(key.of(&c.input));
                found.push(warning(&how, &what, value, i));
            }
        }
    }
    list_then_fold(found, "unsigned JWTs", out);
}

/// The parameters of the fragment at `fragment` of `input` written as a
/// query ([`fragment_params`]: `#id_token=...&state=...`) whose value, as
/// written or decoded (`...%2E` for the dot before a stripped signature),
/// is an unsigned JWT: each key's and value's span, and how the token is
/// unsigned.
fn fragment_tokens(
    input: &[u8],
    fragment: Span,
) -> impl Iterator<Item = (Span, Span, Unsigned)> + '_ {
    fragment_params(input, fragment)
        .into_iter()
        .filter_map(|(key, value)| {
            let written = value.of(input);
            let how = unsigned_token(written).or_else(|| {
                if !written.starts_with(b"eyJ") || !crate::percent::has_escape(written) {
                    return None;
                }
                crate::percent::decode_layers_of(input, value, false)
                    .iter()
                    .find_map(|layer| unsigned_token(&crate::percent::values(layer)))
            })?;
            Some((key, value, how))
        })
}

/// How `text` is an unsigned JWT, when it is a JWT whole ([`jwt`] reads
/// it) and [`unsigned`].
fn unsigned_token(text: &[u8]) -> Option<Unsigned> {
    if !text.starts_with(b"eyJ") || jwt(text).is_none() {
        return None;
    }
    unsigned(text)
}

/// The `unsigned-jwt` warning of the JWT `what` is (`query value 't'`),
/// at `span` of `component`.
fn warning(how: &Unsigned, what: &str, span: Span, component: usize) -> Warning {
    let header = match how {
        Unsigned::AlgNone(alg) => format!(
            "whose header names no signature algorithm (\"alg\": \"{}\")",
            quote_str(alg)
        ),
        Unsigned::Stripped(alg) => format!(
            "whose header names the algorithm '{}' but whose signature is cut off",
            quote_str(alg)
        ),
    };
    Warning::new(
        WarningCode::UnsignedJwt,
        vec![span],
        Some(component),
        format!(
            "The {what} is a JWT {header}: nothing vouches for its claims, anyone can write such a token, and a server that accepts it takes the claims as given (RFC 8725, section 2.1)."
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

    /// The `unsigned-jwt` warnings of `url`'s analysis.
    fn unsigned_jwt_warnings(url: &str) -> Vec<Warning> {
        let a = crate::analyze(url.as_bytes(), &crate::Options::default());
        a.warnings
            .into_iter()
            .filter(|w| w.code == WarningCode::UnsignedJwt)
            .collect()
    }

    /// OpenID Connect's implicit flow hands a page its tokens in the
    /// fragment: an unsigned `id_token` there is marked at its value and
    /// named by its key; a signed one, a key alone, are nothing.
    #[test]
    fn an_unsigned_token_among_the_fragment_parameters_is_found() {
        let unsigned = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.";
        let signed = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl";
        let url =
            format!("https://app.example/cb#state=s&id_token={unsigned}&access_token={signed}&eyJ");
        let found = unsigned_jwt_warnings(&url);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].message.starts_with(
            "The fragment parameter 'id_token' is a JWT whose header names no signature algorithm"
        ));
        let span = found[0].spans[0];
        assert_eq!(span.of(url.as_bytes()), unsigned.as_bytes());
        let quiet = format!("https://app.example/cb#id_token={signed}&state=s");
        assert!(unsigned_jwt_warnings(&quiet).is_empty());
        let fast = crate::triage::is_plain_at(url.as_bytes(), crate::warnings::Severity::Medium);
        assert!(!fast);
        assert!(crate::triage::is_plain_at(
            quiet.as_bytes(),
            crate::warnings::Severity::Medium
        ));
    }

    /// A token whose dots are percent-escaped is read decoded, and marked
    /// as written; the fast path refuses it. Its key is named decoded.
    #[test]
    fn an_escaped_token_among_the_fragment_parameters_is_found() {
        let escaped = "eyJhbGciOiJub25lIn0%2EeyJzdWIiOiJhZG1pbiJ9%2E";
        let url = format!("https://app.example/cb#state=s&id%5Ftoken={escaped}");
        let found = unsigned_jwt_warnings(&url);
        assert_eq!(found.len(), 1, "{found:?}");
        // The key is named decoded, as a query key is.
        assert!(found[0]
            .message
            .starts_with("The fragment parameter 'id_token' is a JWT"));
        assert_eq!(found[0].spans[0].of(url.as_bytes()), escaped.as_bytes());
        let fast = crate::triage::is_plain_at(url.as_bytes(), crate::warnings::Severity::Medium);
        assert!(!fast);
    }

    /// Read apart from the unfolding: 70 signed tokens ahead of it spend
    /// the unfolding's budget of values, not this check.
    #[test]
    fn an_unsigned_token_after_many_values_is_found() {
        let signed = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl";
        let mut url = "https://v.example/?".to_string();
        for i in 0..70 {
            url.push_str(&format!("s{i}={signed}&"));
        }
        url.push_str("t=eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.");
        let found = unsigned_jwt_warnings(&url);
        assert_eq!(found.len(), 1);
        assert!(found[0].message.starts_with("The query value 't' is a JWT"));
    }

    /// A URL of 20,000 unsigned tokens gives a bounded report: the first
    /// 32 listed, the rest one warning.
    #[test]
    fn many_unsigned_tokens_are_folded() {
        let values: Vec<String> = (0..20_000)
            .map(|i| format!("t{i}=eyJhbGciOiJub25lIn0.e30."))
            .collect();
        let url = format!("https://v.example/?{}", values.join("&"));
        let found = unsigned_jwt_warnings(&url);
        assert_eq!(found.len(), 33);
        let last = found.last().expect("the fold");
        assert!(
            last.message
                .starts_with("19968 more unsigned JWTs like those above"),
            "{}",
            last.message
        );
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
