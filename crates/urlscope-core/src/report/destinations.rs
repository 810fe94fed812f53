//! Where the URL leads and what it carries: each destination, each
//! carried value with its own analysis.

use super::components::ByteReport;
use super::Report;
use crate::analysis::{Destination, Nested};
use crate::split::Span;
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct DestinationReport<'a> {
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
    pub(super) fn of(d: &'a Destination) -> DestinationReport<'a> {
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
pub(super) struct NestedReport<'a> {
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
    pub(super) fn of(n: &'a Nested) -> NestedReport<'a> {
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
