//! Where the URL leads: internal destinations (SSRF targets: loopback,
//! private, link-local, metadata endpoints, however spelled) and open
//! redirects (a carried URL that lands on another site, resolved as a
//! browser resolves a redirect target, <https://url.spec.whatwg.org/#concept-basic-url-parser>
//! with the URL as base).

use crate::analysis::destination::{Destination, Reach};
use crate::analysis::report::MAX_SPANS;
use crate::analysis::LISTED_PER_CODE;
use crate::split::Span;
use crate::text::quote_str;
use crate::warnings::{Case, Warning, WarningCode};

/// `internal-destination` and `open-redirect` for every destination; past
/// [`LISTED_PER_CODE`] of a code on components (a chain of URLs each
/// carrying the rest), the others are one summary warning.
pub(crate) fn destination_warnings(
    destinations: &[Destination],
    host_index: Option<usize>,
    out: &mut Vec<Warning>,
) {
    let mut found = Vec::new();
    each_destination_warning(destinations, host_index, &mut found);
    // Per code (internal-destination, open-redirect): how many are
    // listed on components, and the summary of the rest with its count.
    let mut listed = [0usize; 2];
    let mut folded: [Option<(Warning, usize)>; 2] = [None, None];
    for w in found {
        let slot = usize::from(w.code == WarningCode::OpenRedirect);
        let (Some(n), Some(summary)) = (listed.get_mut(slot), folded.get_mut(slot)) else {
            continue;
        };
        if w.component.is_none() || *n < LISTED_PER_CODE {
            *n += usize::from(w.component.is_some());
            out.push(w);
            continue;
        }
        let (s, more) = summary.get_or_insert_with(|| {
            (
                Warning::new(w.code, Vec::new(), None, String::new()).with_severity(w.severity),
                0,
            )
        });
        *more += 1;
        s.severity = s.severity.max(w.severity);
        if s.spans.len() < MAX_SPANS {
            s.spans.extend(w.spans.iter().copied());
        }
        s.span = s.spans.iter().copied().fold(w.span, Span::join);
    }
    for (mut s, more) in folded.into_iter().flatten() {
        let what = if s.code == WarningCode::OpenRedirect {
            "lead off-site"
        } else {
            "lead inside a private network"
        };
        s.message = format!(
            "{more} more carried values {what}, past the {LISTED_PER_CODE} listed one by one (each carried URL carries the next)."
        );
        out.push(s);
    }
}

/// [`destination_warnings`], each one.
fn each_destination_warning(
    destinations: &[Destination],
    host_index: Option<usize>,
    out: &mut Vec<Warning>,
) {
    for d in destinations {
        let carried = !d.via.is_empty();
        let component = if carried { d.component } else { host_index };
        if let Some(host) = d.host.as_ref().filter(|h| h.reach.is_internal()) {
            let case = if host.reach == Reach::Metadata {
                Case::MetadataEndpoint
            } else if carried || host.spelled.is_some() {
                Case::HiddenInternal
            } else {
                Case::PlainInternal
            };
            let spelled = host
                .spelled
                .as_ref()
                .map_or_else(String::new, |s| format!(", spelled as {s}"));
            let message = if carried {
                format!(
                    "The {} leads to '{}' ({}{spelled}): a server that fetches the URLs it is given (SSRF) reaches inside its own network.",
                    quote_str(&d.via),
                    quote_str(&host.canonical),
                    host.reach.label()
                )
            } else {
                format!(
                    "The URL leads to '{}' ({}{spelled}): fetched by a server, it reaches inside that server's own network.",
                    quote_str(&host.canonical),
                    host.reach.label()
                )
            };
            let mut w = Warning::for_case(case, vec![d.span], component, message);
            w.via = carried.then(|| d.via.clone());
            out.push(w);
        }
        // A link protection's own parameter is where it is meant to lead;
        // what the destination itself holds is judged on its own.
        if !carried || d.through.is_some() && !d.runs_script {
            continue;
        }
        let redirect = if d.runs_script {
            Some((
                Case::ScriptRedirect,
                format!(
                    "The {} is a '{}:' URL, which runs script in the site's page if the site redirects to it.",
                    quote_str(&d.via),
                    d.scheme
                ),
            ))
        } else if d.leaves_site {
            let tricky: Vec<&str> = d
                .spelling
                .iter()
                .copied()
                .chain(d.host.as_ref().and_then(|h| h.spelled.as_deref()))
                .collect();
            let site = d.site.as_deref().unwrap_or("another site");
            Some(if tricky.is_empty() {
                (
                    Case::OffSite,
                    format!(
                        "The {} leads off-site to '{}': a site that redirects to it sends its visitors to '{}'.",
                        quote_str(&d.via),
                        quote_str(&d.target),
                        quote_str(site)
                    ),
                )
            } else {
                (
                    Case::HiddenOffSite,
                    format!(
                        "The {} leads off-site to '{}' ({}), which a same-site check misreads.",
                        quote_str(&d.via),
                        quote_str(&d.target),
                        tricky.join("; ")
                    ),
                )
            })
        } else {
            None
        };
        if let Some((case, message)) = redirect {
            let mut w = Warning::for_case(case, vec![d.span], d.component, message);
            w.via = Some(d.via.clone());
            out.push(w);
        }
    }
}
