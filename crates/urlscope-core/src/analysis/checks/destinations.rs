//! Where the URL leads: internal destinations (SSRF targets: loopback,
//! private, link-local, metadata endpoints, however spelled) and open
//! redirects (a carried URL that lands on another site, resolved as a
//! browser resolves a redirect target, <https://url.spec.whatwg.org/#concept-basic-url-parser>
//! with the URL as base).

use crate::analysis::destination::{Destination, Reach};
use crate::text::quote_str;
use crate::warnings::{Case, Warning};

/// `internal-destination` and `open-redirect` for every destination.
pub(crate) fn destination_warnings(
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
