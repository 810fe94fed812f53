//! `explain --json`: the analysis as one JSON object.
//!
//! The field names are a contract that other tools and the tests read (see
//! README.md). Output is safe to print on a terminal: besides the C0
//! controls JSON always escapes, DEL, C1 controls, bidi controls and
//! invisible characters are written as `\uXXXX` escapes too.

use serde::Serialize;
use std::io::Write;
use urlscope::analysis::{char_info, Analysis};
use urlscope::percent::SourceKind;
use urlscope::split::Span;
use urlscope::text::{escape_bytes, needs_escape};
use urlscope::utf8::ByteRole;
use urlscope::warnings::Warning;

#[derive(Serialize)]
struct JsonAnalysis<'a> {
    input: String,
    input_valid_utf8: bool,
    components: Vec<JsonComponent>,
    warnings: &'a [Warning],
    clean: &'a str,
    normalized: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<JsonHost<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    whatwg: Option<serde_json::Value>,
}

#[derive(Serialize)]
struct JsonComponent {
    kind: &'static str,
    span: Span,
    raw: String,
    decoded: String,
    decoded_valid_utf8: bool,
    /// Every decoding layer, when there is more than one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    layers: Vec<String>,
    bytes: Vec<JsonByte>,
}

#[derive(Serialize)]
struct JsonByte {
    hex: String,
    bin: String,
    source: String,
    role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seq_len: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    codepoint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonHost<'a> {
    kind: urlscope::split::HostKind,
    decoded: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    unicode: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ascii: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ipv4: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    registrable: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    scripts: Vec<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    confusables: Vec<serde_json::Value>,
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn byte_json(a: &Analysis, row: &urlscope::analysis::ByteRow) -> JsonByte {
    let source = match row.source {
        SourceKind::Plus => "+".to_string(),
        _ => escape_bytes(row.span.of(&a.input)),
    };
    let char_of_unit = row
        .unit
        .and_then(|u| u.value.ok())
        .filter(|_| !matches!(row.role, ByteRole::Invalid(_)));
    let is_first = row.unit.is_some_and(|u| u.start == row.offset);
    JsonByte {
        hex: format!("{:02X}", row.value),
        bin: format!("{:08b}", row.value),
        source,
        role: row.role.name(),
        seq_len: row.role.seq_len(),
        codepoint: char_of_unit.map(|c| char_info(c).codepoint),
        name: char_of_unit.filter(|_| is_first).map(|c| char_info(c).name),
        problem: match row.role {
            ByteRole::Invalid(p) => Some(p.label()),
            _ => None,
        },
    }
}

/// The analysis as a `serde_json::Value` (the `explain --json` object).
pub fn analysis_value(a: &Analysis) -> serde_json::Value {
    let components = a
        .components
        .iter()
        .enumerate()
        .map(|(i, c)| JsonComponent {
            kind: c.kind.name(),
            span: c.span,
            raw: lossy(c.span.of(&a.input)),
            decoded: c.decoded_lossy(),
            decoded_valid_utf8: c.is_valid_utf8(),
            layers: if c.layer_count() > 1 {
                c.layers().map(lossy).collect()
            } else {
                Vec::new()
            },
            bytes: a.byte_rows(i).iter().map(|r| byte_json(a, r)).collect(),
        })
        .collect();
    let whatwg = a.whatwg.as_ref().map(|w| match w {
        Ok(r) => serde_json::json!({
            "href": r.href, "scheme": r.scheme, "username": r.username,
            "password": r.password, "host": r.host, "port": r.port,
            "path": r.path, "query": r.query, "fragment": r.fragment,
        }),
        Err(e) => serde_json::json!({ "failure": e }),
    });
    let doc = JsonAnalysis {
        input: lossy(&a.input),
        input_valid_utf8: std::str::from_utf8(&a.input).is_ok(),
        components,
        warnings: &a.warnings,
        clean: &a.clean,
        normalized: &a.normalized,
        host: a.host.as_ref().map(|h| JsonHost {
            kind: h.kind,
            decoded: &h.decoded,
            unicode: h.unicode.as_deref(),
            ascii: h.ascii.as_deref(),
            ipv4: h.ipv4.map(|ip| ip.to_string()),
            registrable: h.registrable.as_deref(),
            scripts: h.scripts.clone(),
            confusables: h
                .confusables
                .iter()
                .map(|(c, s)| serde_json::json!({ "char": c.to_string(), "codepoint": char_info(*c).codepoint, "looks_like": s }))
                .collect(),
        }),
        whatwg,
    };
    serde_json::to_value(doc).unwrap_or(serde_json::Value::Null)
}

/// Serialize `value` on one line, terminal-safe.
pub fn to_safe_string(value: &impl Serialize) -> String {
    let text = serde_json::to_string(value).unwrap_or_default();
    if !text.chars().any(needs_escape) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if needs_escape(c) {
            // Inside JSON such characters can only be in strings, where a
            // \u escape means the same thing.
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{:04x}", u));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Write the analysis as one line of JSON and a newline.
pub fn write_analysis(out: &mut impl Write, a: &Analysis) -> std::io::Result<()> {
    writeln!(out, "{}", to_safe_string(&analysis_value(a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c1_and_bidi_are_escaped_in_json() {
        let s = to_safe_string(&serde_json::json!({ "x": "a\u{9b}b\u{202e}c\u{7f}\u{1b}" }));
        assert_eq!(s, r#"{"x":"a\u009bb\u202ec\u007f\u001b"}"#);
        let back: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back["x"], "a\u{9b}b\u{202e}c\u{7f}\u{1b}");
    }
}
