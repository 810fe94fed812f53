//! Parser readings: where an RFC 3986 parser and a WHATWG parser read
//! the URL differently, or the WHATWG parser rejects it.

use crate::analysis::whatwg::{compare, differential_reasons, refuses_host_worded};
use crate::analysis::{HostReading, WhatwgReading};
use crate::split::Split;
use crate::warnings::{Case, Warning};

pub(crate) fn differential_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    w: &WhatwgReading,
    normalized: &str,
    out: &mut Vec<Warning>,
) {
    let c = compare(input, parts, host, w, normalized);
    let mut fields = Vec::new();
    if c.scheme_differs {
        fields.push(format!(
            "scheme '{}' vs '{}'",
            crate::text::quote_str(&c.scheme),
            crate::text::quote_str(&w.scheme)
        ));
    }
    if c.host_differs {
        fields.push(format!(
            "host '{}' vs '{}'",
            crate::text::quote_str(c.ours_host.as_deref().unwrap_or("(none)")),
            crate::text::quote_str(c.theirs_host.as_deref().unwrap_or("(none)"))
        ));
    }
    if c.port_differs && !c.host_differs {
        fields.push(format!("port {:?} vs {:?}", c.ours_port, w.port));
    }
    if c.path_differs && !c.host_differs {
        fields.push(format!(
            "path '{}' vs '{}'",
            crate::text::quote(&c.ours_path),
            crate::text::quote(&c.theirs_path)
        ));
    }
    if fields.is_empty() {
        return;
    }
    let reasons = differential_reasons(input, parts, host, c.special);
    let case = if c.host_differs || c.scheme_differs {
        Case::OriginDiffers
    } else {
        Case::PathDiffers
    };
    out.push(
        Warning::for_case(
            case,
            vec![parts.trimmed],
            None,
            format!(
                "RFC 3986 and WHATWG parsers disagree ({}: RFC 3986 first){}, so a filter and a fetcher can act on different URLs.",
                fields.join("; "),
                if reasons.is_empty() {
                    String::new()
                } else {
                    format!(" because {}", reasons.join(", "))
                }
            ),
        ),
    );
}

/// `parser-differential` when the WHATWG parser rejects what RFC 3986
/// parsers accept (`reason` is its error): medium when it rejects the host
/// RFC 3986 clients connect to, which no browser would reach.
pub(crate) fn rejected_warning(parts: &Split, reason: &str) -> Warning {
    let has_host = parts.host.is_some_and(|h| !h.is_empty());
    if has_host && refuses_host_worded(reason) {
        return Warning::for_case(
            Case::WhatwgRejectsHost,
            vec![parts.trimmed],
            None,
            format!("A WHATWG (browser) parser rejects the host of this URL ({reason}), so a browser makes no request, while RFC 3986 clients accept it and {}: a filter built on a browser's parser cannot vet it, and a fetcher built on RFC 3986 goes there.",
                // A name ending in a number that is no address: RFC 3986
                // reads a name, which no public domain is, but a hosts
                // file or an internal resolver can answer.
                if reason == url::ParseError::InvalidIpv4Address.to_string() {
                    "look it up as a name (no public domain ends in a number, but a hosts file or an internal resolver can answer it)"
                } else {
                    "connect to that host"
                }),
        );
    }
    Warning::for_case(
        Case::WhatwgRejects,
        vec![parts.trimmed],
        None,
        format!("A WHATWG (browser) parser rejects this URL ({reason}) while RFC 3986 parsers accept it."),
    )
}
