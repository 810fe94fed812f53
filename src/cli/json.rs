//! `explain --json`: the analysis as one JSON object.
//!
//! The field names are a contract that other tools and the tests read (see
//! README.md). Output is safe to print on a terminal: besides the C0
//! controls JSON always escapes, DEL, C1 controls, bidi controls and
//! invisible characters are written as `\uXXXX` escapes too.

use serde::Serialize;
use std::io::Write;
use urlscope_core::analysis::{char_info, Analysis};
use urlscope_core::percent::SourceKind;
use urlscope_core::split::Span;
use urlscope_core::text::{escape_bytes, needs_escape};
use urlscope_core::utf8::ByteRole;
use urlscope_core::warnings::Warning;

#[derive(Serialize)]
struct JsonAnalysis<'a> {
    input: String,
    input_valid_utf8: bool,
    components: Components<'a>,
    warnings: &'a [Warning],
    clean: &'a str,
    normalized: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<JsonHost<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    whatwg: Option<serde_json::Value>,
    /// Every place the URL leads to: itself first, then what it carries.
    destinations: Vec<serde_json::Value>,
    /// What it carries, each with its own analysis.
    nested: Vec<serde_json::Value>,
    /// With `--base`: the base, the reference, and the target (the URL
    /// analysed) by RFC 3986 and by WHATWG.
    #[serde(skip_serializing_if = "Option::is_none")]
    resolution: Option<serde_json::Value>,
}

fn destination_json(d: &urlscope_core::analysis::Destination) -> serde_json::Value {
    serde_json::json!({
        "via": d.via,
        "target": d.target,
        "scheme": d.scheme,
        "host": d.host.as_ref().map(|h| serde_json::json!({
            "canonical": h.canonical,
            "address": h.address.map(|ip| ip.to_string()),
            "reach": h.reach.label(),
            "spelled": h.spelled,
        })),
        "site": d.site,
        "leaves_site": d.leaves_site,
        "runs_script": d.runs_script,
        "spelling": d.spelling,
        "span": d.span,
    })
}

fn nested_json(n: &urlscope_core::analysis::Nested) -> serde_json::Value {
    serde_json::json!({
        "kind": n.kind.name(),
        "component": n.component,
        "layer": n.layer,
        "span": n.span,
        "via": n.via,
        "text": n.text,
        "spelling": n.spelling,
        "jwt": n.jwt.as_ref().map(|j| serde_json::json!({
            "header": j.header,
            "payload": j.payload,
            "claims": j.claims.iter().map(|(k, v)| serde_json::json!({ "name": k, "value": v })).collect::<Vec<_>>(),
        })),
        "analysis": n.analysis.as_deref().map(|a| serde_json::to_value(document(a)).unwrap_or_default()),
        "children": n.children.iter().map(nested_json).collect::<Vec<_>>(),
    })
}

/// The components, serialized one at a time as the writer takes them.
struct Components<'a>(&'a Analysis);

impl Serialize for Components<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        s.collect_seq(a.components.iter().enumerate().map(|(i, c)| JsonComponent {
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
            bytes: Bytes(a, i),
        }))
    }
}

/// The byte table of one component, serialized a row at a time (a 10 MB
/// component is never held as rows).
struct Bytes<'a>(&'a Analysis, usize);

impl Serialize for Bytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Bytes(a, i) = *self;
        s.collect_seq(a.byte_rows_from(i, 0).map(|r| byte_json(a, &r)))
    }
}

#[derive(Serialize)]
struct JsonComponent<'a> {
    kind: &'static str,
    span: Span,
    raw: String,
    decoded: String,
    decoded_valid_utf8: bool,
    /// Every decoding layer, when there is more than one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    layers: Vec<String>,
    bytes: Bytes<'a>,
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
    kind: urlscope_core::split::HostKind,
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
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    rejected: &'a [String],
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn byte_json(a: &Analysis, row: &urlscope_core::analysis::ByteRow) -> JsonByte {
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

/// The `explain --json` object, ready to serialize.
fn document(a: &Analysis) -> JsonAnalysis<'_> {
    JsonAnalysis::of(a, None)
}

/// The `resolution` object of `explain --json --base`.
pub fn resolution_json(
    base: &[u8],
    reference: &[u8],
    r: &urlscope_core::resolve::Resolution,
) -> serde_json::Value {
    serde_json::json!({
        "base": lossy(base),
        "reference": lossy(reference),
        "target": lossy(&r.target),
        "whatwg": match &r.whatwg {
            Ok(t) => serde_json::json!({ "target": t }),
            Err(e) => serde_json::json!({ "failure": e }),
        },
        "differs": r.differs,
        "reason": r.reason,
    })
}

impl<'a> JsonAnalysis<'a> {
    fn of(a: &'a Analysis, resolution: Option<serde_json::Value>) -> JsonAnalysis<'a> {
        let whatwg = a.whatwg().map(|w| match w {
            Ok(r) => serde_json::json!({
                "href": r.href, "scheme": r.scheme, "username": r.username,
                "password": r.password, "host": r.host, "port": r.port,
                "path": r.path, "query": r.query, "fragment": r.fragment,
            }),
            Err(e) => serde_json::json!({ "failure": e }),
        });
        JsonAnalysis {
        input: lossy(&a.input),
        input_valid_utf8: std::str::from_utf8(&a.input).is_ok(),
        components: Components(a),
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
            rejected: &h.rejected,
        }),
        whatwg,
        destinations: a.destinations.iter().map(destination_json).collect(),
        nested: a.nested.iter().map(nested_json).collect(),
        resolution,
    }
    }
}

/// Compact JSON that is safe to print on a terminal: inside strings, the
/// characters [`needs_escape`] flags (DEL, C1 and bidi controls, invisible
/// characters) are written as `\u` escapes too, which mean the same thing
/// to a JSON reader. (JSON itself escapes the C0 controls.)
struct SafeFormatter;

impl serde_json::ser::Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut rest = fragment;
        while let Some((i, c)) = rest.char_indices().find(|&(_, c)| needs_escape(c)) {
            let (before, after) = rest.split_at(i);
            writer.write_all(before.as_bytes())?;
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                write!(writer, "\\u{u:04x}")?;
            }
            rest = after.get(c.len_utf8()..).unwrap_or_default();
        }
        writer.write_all(rest.as_bytes())
    }
}

/// Serialize `value` to `out` on one line, terminal-safe.
pub fn write_safe(out: &mut impl Write, value: &impl Serialize) -> std::io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, SafeFormatter);
    value.serialize(&mut ser).map_err(std::io::Error::other)
}

/// Serialize `value` on one line, terminal-safe.
pub fn to_safe_string(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail, and the JSON is UTF-8.
    let _ = write_safe(&mut out, value);
    String::from_utf8(out).unwrap_or_default()
}

/// Write the analysis as one line of JSON and a newline, streaming: the
/// byte tables go to `out` as they are computed.
pub fn write_analysis(out: &mut impl Write, a: &Analysis) -> std::io::Result<()> {
    write_safe(out, &document(a))?;
    writeln!(out)
}

/// [`write_analysis`] of a target, with the `resolution` it came from.
pub fn write_resolved(
    out: &mut impl Write,
    a: &Analysis,
    resolution: serde_json::Value,
) -> std::io::Result<()> {
    write_safe(out, &JsonAnalysis::of(a, Some(resolution)))?;
    writeln!(out)
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
