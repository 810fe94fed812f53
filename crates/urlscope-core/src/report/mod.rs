//! The report: an [`Analysis`] as one JSON object, the contract that
//! `urlscope explain --json` prints and every other front end (the Python
//! package, a script reading the CLI's output) returns.
//!
//! Field names and order are part of the contract (see the command
//! reference). Every field is a typed struct, so the order is the
//! declaration order whatever features `serde_json` is built with.
//!
//! The byte tables are serialised a row at a time as the serializer takes
//! them: a 10 MB component is never held as rows.
//!
//! [`write_safe`] writes compact JSON that is also safe to print on a
//! terminal: besides the C0 controls JSON always escapes, DEL, C1
//! controls, bidi controls and invisible characters are written as
//! `\uXXXX` escapes, which mean the same thing to a JSON reader.
//!
//! ```
//! use urlscope_core::analysis::{analyze, Options};
//! let a = analyze(b"http://example.com/caf%C3%A9", &Options::default());
//! let json = urlscope_core::report::to_safe_string(&urlscope_core::report::Report::of(&a));
//! assert!(json.starts_with(r#"{"input":"http://example.com/caf%C3%A9","input_valid_utf8":true,"#));
//! ```

use crate::analysis::{char_info, Analysis, Readings};
use crate::describe::Agreement;
use crate::resolve::Resolution;
use crate::split::{HostKind, Span};
use crate::warnings::Warning;
use serde::Serialize;

mod components;
mod destinations;
mod safe;
mod scan_line;
#[cfg(test)]
mod tests;

use components::Components;
use destinations::{DestinationReport, NestedReport};
pub use safe::{to_safe_string, write_safe};
pub use scan_line::ScanLine;

/// The `explain --json` object of one analysis.
#[derive(Serialize)]
pub struct Report<'a> {
    /// The input as text: each ill-formed UTF-8 sequence is U+FFFD.
    input: String,
    input_valid_utf8: bool,
    /// When the input is not UTF-8: its exact bytes in hex, which the
    /// spans index (`input` then cannot be indexed by them).
    #[serde(skip_serializing_if = "Option::is_none")]
    input_hex: Option<String>,
    /// How the input reads as a whole: the text report's Reading line.
    reading: ReadingReport,
    /// When the input was pasted defanged: the text as pasted and each
    /// spelling undone, its span in the pasted text.
    #[serde(skip_serializing_if = "Option::is_none")]
    defanged: Option<DefangedReport>,
    /// When the input has no scheme but starts with a host name: the
    /// scheme it is read with, as a browser's address bar reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    assumed: Option<AssumedReport<'a>>,
    components: Components<'a>,
    warnings: &'a [Warning],
    clean: &'a str,
    normalized: &'a str,
    /// When a browser opens another host with the normalized URL than
    /// with the clean one: the text report's note on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    normalized_elsewhere: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<HostReport<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    whatwg: Option<WhatwgReport<'a>>,
    /// The RFC 3986 reading beside the WHATWG one, field by field, and
    /// why they differ: the text report's Readings section.
    #[serde(skip_serializing_if = "Option::is_none")]
    readings: Option<ReadingsReport>,
    /// Every place the URL leads to: itself first, then what it carries.
    destinations: Vec<DestinationReport<'a>>,
    /// What it carries, each with its own analysis.
    nested: Vec<NestedReport<'a>>,
    /// With a base: the base, the reference, and the target (the URL
    /// analysed) by RFC 3986 and by WHATWG.
    #[serde(skip_serializing_if = "Option::is_none")]
    resolution: Option<ResolutionReport<'a>>,
}

#[derive(Serialize)]
struct ReadingReport {
    /// `absolute-url`, `network-path-reference`, `relative-reference` or
    /// `assumed-scheme`.
    form: &'static str,
    /// The words the text report uses.
    text: &'static str,
}

#[derive(Serialize)]
struct DefangedReport {
    pasted: String,
    /// When the pasted text is not UTF-8: its exact bytes in hex, which
    /// the changes' spans index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pasted_hex: Option<String>,
    changes: Vec<RefangReport>,
}

#[derive(Serialize)]
struct AssumedReport<'a> {
    scheme: &'static str,
    url: &'a str,
    span: Span,
    because: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    suffix: Option<&'a str>,
}

#[derive(Serialize)]
struct RefangReport {
    span: Span,
    was: String,
    to: &'static str,
}

impl<'a> Report<'a> {
    /// The report of `a`.
    pub fn of(a: &'a Analysis) -> Report<'a> {
        let input_hex = hex_unless_utf8(&a.input);
        Report {
            input: lossy(&a.input),
            input_valid_utf8: input_hex.is_none(),
            input_hex,
            reading: {
                let form = crate::describe::Form::of(a);
                ReadingReport {
                    form: form.name(),
                    text: form.words(),
                }
            },
            defanged: a.defanged.as_ref().map(|d| DefangedReport {
                pasted: lossy(&d.pasted),
                pasted_hex: hex_unless_utf8(&d.pasted),
                changes: d
                    .changes
                    .iter()
                    .map(|c| RefangReport {
                        span: c.span,
                        was: lossy(c.span.of(&d.pasted)),
                        to: c.to,
                    })
                    .collect(),
            }),
            assumed: a.assumed.as_ref().map(|s| AssumedReport {
                scheme: s.scheme,
                url: &s.url,
                span: s.span,
                because: s.because.name(),
                suffix: s.suffix.as_deref(),
            }),
            components: Components(a),
            warnings: &a.warnings,
            clean: &a.clean,
            normalized: &a.normalized,
            normalized_elsewhere: crate::describe::normalized_elsewhere(a),
            host: a.host.as_ref().map(|h| HostReport {
                kind: h.kind,
                decoded: &h.decoded,
                unicode: h.unicode.as_deref(),
                ascii: h.ascii.as_deref(),
                ipv4: h.ipv4.map(|ip| ip.to_string()),
                registrable: h.registrable.as_deref(),
                internal_suffix: h.internal_suffix,
                scripts: &h.scripts,
                confusables: h
                    .confusables
                    .iter()
                    .map(|(c, s)| Confusable {
                        char: c.to_string(),
                        codepoint: char_info(*c).codepoint,
                        looks_like: s,
                    })
                    .collect(),
                rejected: &h.rejected,
                hosting: h.hosting.as_ref(),
            }),
            whatwg: a.whatwg().map(|w| match w {
                Ok(r) => WhatwgReport::Reading {
                    href: &r.href,
                    scheme: &r.scheme,
                    username: &r.username,
                    // The URL Standard's password is a string, empty
                    // when there is none, as its username is.
                    password: r.password.as_deref().unwrap_or_default(),
                    host: r.host.as_deref(),
                    port: r.port,
                    path: &r.path,
                    query: r.query.as_deref(),
                    fragment: r.fragment.as_deref(),
                },
                Err(e) => WhatwgReport::Failure { failure: e },
            }),
            readings: a.readings().map(ReadingsReport::of),
            destinations: a.destinations.iter().map(DestinationReport::of).collect(),
            nested: a.nested.iter().map(NestedReport::of).collect(),
            resolution: None,
        }
    }

    /// The report of a target `a` that was resolved from `reference`
    /// against `base` as `r` says.
    pub fn resolved(
        a: &'a Analysis,
        base: &[u8],
        reference: &[u8],
        r: &'a Resolution,
    ) -> Report<'a> {
        Report {
            resolution: Some(ResolutionReport {
                base: lossy(base),
                reference: lossy(reference),
                target: lossy(&r.target),
                whatwg: match &r.whatwg {
                    Ok(target) => WhatwgTarget::Target { target },
                    Err(failure) => WhatwgTarget::Failure { failure },
                },
                differs: r.differs,
                reason: r.reason,
            }),
            ..Report::of(a)
        }
    }
}

#[derive(Serialize)]
struct HostReport<'a> {
    kind: HostKind,
    decoded: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    unicode: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ascii: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ipv4: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    registrable: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    internal_suffix: Option<&'static str>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    scripts: &'a [&'static str],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    confusables: Vec<Confusable<'a>>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    rejected: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    hosting: Option<&'a crate::analysis::SharedHosting>,
}

#[derive(Serialize)]
struct Confusable<'a> {
    char: String,
    codepoint: String,
    looks_like: &'a str,
}

#[derive(Serialize)]
#[serde(untagged)]
enum WhatwgReport<'a> {
    Reading {
        href: &'a str,
        scheme: &'a str,
        username: &'a str,
        password: &'a str,
        host: Option<&'a str>,
        port: Option<u16>,
        path: &'a str,
        query: Option<&'a str>,
        fragment: Option<&'a str>,
    },
    Failure {
        failure: &'a str,
    },
}

#[derive(Serialize)]
struct ReadingsReport {
    fields: Vec<ReadingFieldReport>,
    /// Why they differ (empty when they agree).
    reasons: Vec<&'static str>,
}

#[derive(Serialize)]
struct ReadingFieldReport {
    /// `href`, `scheme`, `username`, `password`, `host`, `port`, `path`,
    /// `query`, `fragment`.
    name: &'static str,
    /// `null`: the reader reads no such part.
    rfc3986: Option<String>,
    whatwg: Option<String>,
    /// `same-text`, `same-meaning` (written differently) or `different`.
    agreement: &'static str,
}

impl ReadingsReport {
    fn of(r: Readings) -> ReadingsReport {
        ReadingsReport {
            reasons: r.reasons,
            fields: r
                .fields
                .into_iter()
                .map(|f| ReadingFieldReport {
                    name: f.name,
                    agreement: Agreement::of(&f).name(),
                    rfc3986: f.rfc3986,
                    whatwg: f.whatwg,
                })
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct ResolutionReport<'a> {
    base: String,
    reference: String,
    target: String,
    whatwg: WhatwgTarget<'a>,
    differs: bool,
    reason: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum WhatwgTarget<'a> {
    Target { target: &'a str },
    Failure { failure: &'a str },
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `bytes` in hex, two uppercase digits a byte, when they are not UTF-8:
/// their lossy text then loses bytes, and its UTF-8 no longer lines up
/// with byte offsets (U+FFFD takes three bytes where it replaces one).
fn hex_unless_utf8(bytes: &[u8]) -> Option<String> {
    use std::fmt::Write as _;
    std::str::from_utf8(bytes).err().map(|_| {
        bytes
            .iter()
            .fold(String::with_capacity(2 * bytes.len()), |mut hex, b| {
                let _ = write!(hex, "{b:02X}");
                hex
            })
    })
}
