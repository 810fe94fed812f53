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

use crate::analysis::{char_info, Analysis, ByteRow, Destination, Nested, Readings};
use crate::describe::Agreement;
use crate::percent::SourceKind;
use crate::resolve::Resolution;
use crate::split::{HostKind, Span};
use crate::text::{escape_bytes, needs_escape};
use crate::utf8::ByteRole;
use crate::warnings::Warning;
use serde::Serialize;
use std::io::Write;

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

/// The components, serialised one at a time as the writer takes them.
struct Components<'a>(&'a Analysis);

impl Serialize for Components<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        s.collect_seq(
            a.components
                .iter()
                .enumerate()
                .map(|(i, c)| ComponentReport {
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
                }),
        )
    }
}

#[derive(Serialize)]
struct ComponentReport<'a> {
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

/// The byte table of one component, serialised a row at a time.
struct Bytes<'a>(&'a Analysis, usize);

impl Serialize for Bytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Bytes(a, i) = *self;
        s.collect_seq(a.byte_rows_from(i, 0).map(|r| ByteReport::of(a, &r)))
    }
}

#[derive(Serialize)]
struct ByteReport {
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
    /// On an ill-formed byte: how many bytes its maximal subpart has, the
    /// bytes one U+FFFD replaces (`E2 82` is one, `E2 E2` two).
    #[serde(skip_serializing_if = "Option::is_none")]
    subpart_len: Option<usize>,
}

impl ByteReport {
    fn of(a: &Analysis, row: &ByteRow) -> ByteReport {
        let source = match row.source {
            SourceKind::Plus => "+".to_string(),
            _ => escape_bytes(row.span.of(&a.input)),
        };
        ByteReport::written_as(row, source)
    }

    /// The row of byte `row`, written in the input as `source`.
    fn written_as(row: &ByteRow, source: String) -> ByteReport {
        let char_of_unit = row
            .unit
            .and_then(|u| u.value.ok())
            .filter(|_| !matches!(row.role, ByteRole::Invalid(_)));
        let is_first = row.unit.is_some_and(|u| u.start == row.offset);
        ByteReport {
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
            subpart_len: row.unit.filter(|u| u.value.is_err()).map(|u| u.len),
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
struct DestinationReport<'a> {
    via: &'a str,
    target: &'a str,
    scheme: &'a str,
    host: Option<DestinationHost<'a>>,
    site: Option<&'a str>,
    leaves_site: bool,
    runs_script: bool,
    spelling: &'a [&'static str],
    span: Span,
    #[serde(skip_serializing_if = "Option::is_none")]
    shortened: Option<&'a crate::analysis::Shortened>,
    /// The famous site the host imitates.
    #[serde(skip_serializing_if = "Option::is_none")]
    imitates: Option<&'a crate::sites::Imitation>,
    /// The link protection the URL is written in.
    #[serde(skip_serializing_if = "Option::is_none")]
    wrapper: Option<WrapperReport<'a>>,
    /// The link protection this destination is reached through.
    #[serde(skip_serializing_if = "Option::is_none")]
    through: Option<&'static str>,
    /// Every link protection it is reached through, the outermost first.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    through_chain: &'a [&'static str],
    /// The web archive whose copy of a page the URL shows, for a URL in
    /// that copy's address (`wayback-machine`, `archive-today`): no visitor
    /// goes there.
    #[serde(skip_serializing_if = "Option::is_none")]
    archived_by: Option<&'static str>,
    /// The host RFC 3986 parsers read instead of `host` (a browser's).
    #[serde(skip_serializing_if = "Option::is_none")]
    other_reading: Option<OtherReadingReport<'a>>,
    /// A browser refuses the URL (no request); `host` is then RFC 3986's.
    #[serde(skip_serializing_if = "Option::is_none")]
    browser_refuses: Option<BrowserRefusalReport<'a>>,
}

#[derive(Serialize)]
struct BrowserRefusalReport<'a> {
    /// The URL Standard parser's failure: `invalid IPv4 address`.
    reason: &'a str,
    /// Whether it fails on the host.
    of_host: bool,
    /// Known RFC 3986 parsers checked to read `host`: `python-urllib`.
    peers: Vec<&'static str>,
}

#[derive(Serialize)]
struct OtherReadingReport<'a> {
    /// `rfc3986`.
    reader: &'static str,
    /// Known parsers of that kind checked to read it: `python-urllib`.
    peers: Vec<&'static str>,
    /// `null` when it reads no host.
    host: Option<DestinationHost<'a>>,
    site: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    imitates: Option<&'a crate::sites::Imitation>,
}

#[derive(Serialize)]
struct WrapperReport<'a> {
    /// `safelinks`, `proofpoint-v3`...
    name: &'static str,
    vendor: &'static str,
    /// Whether the destination is held by the vendor, not in the URL.
    opaque: bool,
    /// The destination's domain, when a wrapper that holds the destination
    /// names it (Mimecast's `domain=`).
    #[serde(skip_serializing_if = "Option::is_none")]
    domain: Option<&'a str>,
}

#[derive(Serialize)]
struct DestinationHost<'a> {
    canonical: &'a str,
    address: Option<String>,
    reach: &'static str,
    spelled: Option<&'a str>,
}

impl<'a> DestinationHost<'a> {
    fn of(h: &'a crate::analysis::HostClass) -> DestinationHost<'a> {
        DestinationHost {
            canonical: &h.canonical,
            address: h.address.map(|ip| ip.to_string()),
            reach: h.reach.label(),
            spelled: h.spelled.as_deref(),
        }
    }
}

impl<'a> DestinationReport<'a> {
    fn of(d: &'a Destination) -> DestinationReport<'a> {
        DestinationReport {
            via: &d.via,
            target: &d.target,
            scheme: &d.scheme,
            host: d.host.as_ref().map(DestinationHost::of),
            site: d.site.as_deref(),
            leaves_site: d.leaves_site,
            runs_script: d.runs_script,
            spelling: &d.spelling,
            span: d.span,
            shortened: d.shortened.as_ref(),
            imitates: d.imitates.as_ref(),
            wrapper: d.wrapper.as_ref().map(|w| WrapperReport {
                name: w.wrapper.name(),
                vendor: w.wrapper.vendor(),
                opaque: matches!(w.carried, crate::wrappers::Carried::Opaque),
                domain: w.domain.as_ref().map(|(d, _)| d.as_str()),
            }),
            through: d.through,
            through_chain: &d.through_chain,
            archived_by: d.archived_by.map(crate::wrappers::Archive::name),
            other_reading: d.other_reading.as_ref().map(|o| OtherReadingReport {
                reader: o.reader.name(),
                peers: o.peers.iter().map(|p| p.name()).collect(),
                host: o.host.as_ref().map(DestinationHost::of),
                site: o.site.as_deref(),
                imitates: o.imitates.as_ref(),
            }),
            browser_refuses: d.browser_refuses.as_ref().map(|r| BrowserRefusalReport {
                reason: &r.reason,
                of_host: r.of_host,
                peers: r.peers.iter().map(|p| p.name()).collect(),
            }),
        }
    }
}

#[derive(Serialize)]
struct NestedReport<'a> {
    kind: &'static str,
    component: usize,
    layer: usize,
    span: Span,
    via: &'a str,
    text: &'a str,
    spelling: &'a [&'static str],
    jwt: Option<JwtReport<'a>>,
    analysis: Option<Report<'a>>,
    /// A value written in base64, base64url or hex (a JWT's payload too):
    /// each decoded byte with the two digits that write it.
    #[serde(skip_serializing_if = "Option::is_none")]
    digits: Option<Digits<'a>>,
    children: Vec<NestedReport<'a>>,
}

/// The digit table of a carried value, serialised a row at a time.
struct Digits<'a>(&'a Nested);

impl Serialize for Digits<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Digits(n) = *self;
        let len = n.digit_rows_len().unwrap_or(0);
        // A window at a time: a long payload is never held whole twice.
        const WINDOW: usize = 4096;
        let rows = (0..len)
            .step_by(WINDOW)
            .flat_map(|start| n.digit_rows_window(start, WINDOW))
            .map(|row| DigitReport {
                encoded_at: row.at,
                first_bits: row.first_bits,
                byte: ByteReport::written_as(&row.byte, row.digit_text()),
            });
        s.collect_seq(rows)
    }
}

/// A decoded byte of a carried value: its two digits (`source`, `aH`),
/// where the first is in the value as encoded (`encoded_at`), and how
/// many of the byte's bits, from its first, the first digit writes.
#[derive(Serialize)]
struct DigitReport {
    encoded_at: usize,
    first_bits: u8,
    #[serde(flatten)]
    byte: ByteReport,
}

#[derive(Serialize)]
struct JwtReport<'a> {
    header: &'a str,
    payload: &'a str,
    claims: Vec<Claim<'a>>,
}

#[derive(Serialize)]
struct Claim<'a> {
    name: &'a str,
    value: &'a str,
}

impl<'a> NestedReport<'a> {
    fn of(n: &'a Nested) -> NestedReport<'a> {
        NestedReport {
            kind: n.kind.name(),
            component: n.component,
            layer: n.layer,
            span: n.span,
            via: &n.via,
            text: &n.text,
            spelling: &n.spelling,
            jwt: n.jwt.as_ref().map(|j| JwtReport {
                header: &j.header,
                payload: &j.payload,
                claims: j
                    .claims
                    .iter()
                    .map(|(name, value)| Claim { name, value })
                    .collect(),
            }),
            analysis: n.analysis.as_deref().map(Report::of),
            digits: n.digit_rows_len().map(|_| Digits(n)),
            children: n.children.iter().map(NestedReport::of).collect(),
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

/// What `scan --json` writes for one flagged line: where it is, the
/// input, and the warnings the triage gave it.
#[derive(Serialize)]
#[non_exhaustive]
pub struct ScanLine<'a> {
    /// The file's name as given (`-` for standard input).
    pub file: &'a str,
    /// The line number, from 1.
    pub line: u64,
    /// The line's URL, invalid UTF-8 replaced (see [`ScanLine::shown_as`]).
    pub input: String,
    /// When the URL is not UTF-8: its exact bytes in hex, which the spans
    /// index, as `explain --json` gives them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The warnings the triage gave the line.
    pub warnings: &'a [Warning],
    /// The famous site the URL's host imitates, as `explain --json` gives
    /// it on the URL's destination (or, for a wrapped or redirecting link,
    /// on the first destination it leads to that imitates one), when
    /// `lookalike-domain` is among the warnings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imitates: Option<crate::sites::Imitation>,
    /// The request header the input is, for an access log's `Referer` or
    /// `User-Agent` (the input is then that header's value); absent for
    /// the request's URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header: Option<&'static str>,
}

impl<'a> ScanLine<'a> {
    /// The record of `input`, line `line` of `file`. A line with
    /// `lookalike-domain` or `brand-in-host` (a few in a log) is analysed
    /// in full for what it imitates.
    pub fn new(file: &'a str, line: u64, input: &[u8], warnings: &'a [Warning]) -> ScanLine<'a> {
        let lookalike = warnings.iter().any(|w| w.code.names_an_imitation());
        let imitates = lookalike
            .then(|| {
                let a = crate::analysis::analyze(input, &crate::analysis::Options::default());
                let mut i = a.destinations.iter().find_map(|d| d.imitates.clone())?;
                // The warnings' spans point into the line as written, a
                // defanged one's too: so does this one.
                if let Some(d) = &a.defanged {
                    i.span = d.to_pasted(i.span);
                }
                Some(i)
            })
            .flatten();
        ScanLine {
            file,
            line,
            input: lossy(input),
            input_hex: hex_unless_utf8(input),
            warnings,
            imitates,
            header: None,
        }
    }

    /// Show `written` as the input: the URL as the line writes it, which
    /// the spans then point into.
    pub fn shown_as(&mut self, written: &[u8]) {
        self.input = lossy(written);
        self.input_hex = hex_unless_utf8(written);
    }
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

/// Compact JSON that is safe to print on a terminal: inside strings, the
/// characters [`needs_escape`] flags (DEL, C1 and bidi controls, invisible
/// characters) are written as `\u` escapes too. (JSON itself escapes the
/// C0 controls.)
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

/// Serialise `value` to `out` on one line, terminal-safe.
pub fn write_safe(out: &mut impl Write, value: &impl Serialize) -> std::io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, SafeFormatter);
    value.serialize(&mut ser).map_err(std::io::Error::other)
}

/// Serialise `value` on one line, terminal-safe.
pub fn to_safe_string(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail, and the JSON is UTF-8.
    let _ = write_safe(&mut out, value);
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, Options};

    #[test]
    fn c1_and_bidi_are_escaped_in_json() {
        let s = to_safe_string(&serde_json::json!({ "x": "a\u{9b}b\u{202e}c\u{7f}\u{1b}" }));
        assert_eq!(s, r#"{"x":"a\u009bb\u202ec\u007f\u001b"}"#);
        let back: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back["x"], "a\u{9b}b\u{202e}c\u{7f}\u{1b}");
    }

    /// A base64 payload's bytes, each with the two digits that write it,
    /// as the inspector and `explain` show them; a hex one's too, and a
    /// carried URL has none.
    #[test]
    fn a_payload_written_in_digits_has_its_digit_rows() {
        let a = analyze(
            b"https://x.example/?d=aGVsbG8gd29ybMOp&h=68747470733a2f2f6576696c2e6578616d706c65&u=https://y.example/",
            &Options::default(),
        );
        let r: serde_json::Value = serde_json::from_str(&to_safe_string(&Report::of(&a))).unwrap();
        let nested = r["nested"].as_array().unwrap();
        let of = |kind: &str| nested.iter().find(|n| n["kind"] == kind).unwrap();
        let base64 = &of("base64")["digits"];
        // "hello worl" and the two bytes of U+00E9.
        assert_eq!(base64.as_array().unwrap().len(), 12);
        assert_eq!(
            base64[0],
            serde_json::json!({"encoded_at": 0, "first_bits": 6, "hex": "68", "bin": "01101000",
                "source": "aG", "role": "ascii", "codepoint": "U+0068", "name": "LATIN SMALL LETTER H"})
        );
        assert_eq!(
            base64[11],
            serde_json::json!({"encoded_at": 14, "first_bits": 2, "hex": "A9", "bin": "10101001",
                "source": "Op", "role": "continuation", "seq_len": 2, "codepoint": "U+00E9"})
        );
        let hex = &of("hex")["digits"];
        assert_eq!(hex[1]["source"], "74");
        assert_eq!(hex[1]["first_bits"], 4);
        assert_eq!(hex[1]["encoded_at"], 2);
        assert!(of("url").get("digits").is_none());
    }

    /// The text report's Readings section, field by field, and why.
    #[test]
    fn the_report_has_the_readings_side_by_side() {
        let a = analyze(br"http://evil.com\@good.com/", &Options::default());
        let r: serde_json::Value = serde_json::from_str(&to_safe_string(&Report::of(&a))).unwrap();
        let readings = &r["readings"];
        assert_eq!(
            readings["fields"][4],
            serde_json::json!({
                "name": "host",
                "rfc3986": "good.com",
                "whatwg": "evil.com",
                "agreement": "different"
            })
        );
        assert_eq!(readings["fields"][1]["agreement"], "same-text");
        assert_eq!(
            readings["reasons"],
            serde_json::json!(["WHATWG reads '\\' as '/'"])
        );
        // None without a WHATWG reading, as the text report has none.
        let a = analyze(b"http://example.com/\xFF", &Options::default());
        assert!(!to_safe_string(&Report::of(&a)).contains("\"readings\""));
    }

    #[test]
    fn the_report_keeps_its_field_order() {
        let a = analyze(
            b"http://user@ex\xC3\xA4mple.com/?next=http%3A%2F%2F127.0.0.1%2F#f",
            &Options::default(),
        );
        let s = to_safe_string(&Report::of(&a));
        let keys: Vec<String> = match serde_json::from_str::<serde_json::Value>(&s).unwrap() {
            serde_json::Value::Object(m) => m.keys().cloned().collect(),
            other => panic!("{other}"),
        };
        let mut expected = vec![
            "input",
            "input_valid_utf8",
            "reading",
            "components",
            "warnings",
            "clean",
            "normalized",
            "host",
            "whatwg",
            "readings",
            "destinations",
            "nested",
        ];
        expected.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, expected);
        // The order as written, not as a map sorts it.
        let at = |k: &str| s.find(&format!("\"{k}\":")).unwrap();
        assert!(at("input") < at("components"));
        assert!(at("components") < at("warnings"));
        assert!(at("host") < at("whatwg"));
        assert!(at("destinations") < at("nested"));
        assert!(
            s.contains(r#""reach":"loopback"#) || s.contains("loopback"),
            "{s}"
        );
    }
}
