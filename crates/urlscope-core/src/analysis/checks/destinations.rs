//! Where the URL leads: internal destinations (SSRF targets: loopback,
//! private, link-local, metadata endpoints, however spelled) and open
//! redirects (a carried URL that lands on another site, resolved as a
//! browser resolves a redirect target, <https://url.spec.whatwg.org/#concept-basic-url-parser>
//! with the URL as base).

use super::endpoints::{via_key_of, EndpointKeys};
use crate::analysis::destination::{Destination, Reach};
use crate::analysis::nested::names_rather_than_links;
use crate::analysis::report::Fold;
use crate::analysis::LISTED_PER_CODE;
use crate::text::quote_str;
use crate::warnings::{Case, Warning, WarningCode};

/// What a value carried in the fragment is reached through first.
const FRAGMENT: &str = crate::split::ComponentKind::Fragment.label();

/// What a URL carried in the path is reached through.
const PATH_SEGMENT: &str = crate::split::ComponentKind::PathSegment.label();

/// The codes whose warnings on components are folded past
/// [`LISTED_PER_CODE`], with where their carried values lead.
const FOLDED: [(WarningCode, &str); 2] = [
    (WarningCode::InternalDestination, "inside a private network"),
    (WarningCode::OpenRedirect, "off-site"),
];

/// `internal-destination` and `open-redirect` for every destination; past
/// [`LISTED_PER_CODE`] of a code on components (a chain of URLs each
/// carrying the rest), the others are one summary warning.
pub(crate) fn destination_warnings(
    destinations: &[Destination],
    host_index: Option<usize>,
    keys: EndpointKeys,
    out: &mut Vec<Warning>,
) {
    if let Some(own) = destinations.first() {
        data_content(own, out);
        script_only_a_browser_reads(own, out);
    }
    let mut found = Vec::new();
    each_destination_warning(destinations, host_index, keys, &mut found);
    // Per code (internal-destination, open-redirect): how many are
    // listed on components, and the summary of the rest with its count.
    let mut folds = FOLDED.map(|(code, what)| (code, what, 0usize, None::<Fold>));
    for w in found {
        let Some((_, _, listed, fold)) = folds.iter_mut().find(|(code, ..)| *code == w.code) else {
            out.push(w);
            continue;
        };
        if w.component.is_none() || *listed < LISTED_PER_CODE {
            *listed += usize::from(w.component.is_some());
            out.push(w);
        } else {
            // The summary names no component.
            fold.get_or_insert_with(|| Fold::new(&w, None)).add(&w);
        }
    }
    for (_, what, _, fold) in folds {
        let Some(fold) = fold else { continue };
        out.push(fold.finish(|more| {
            let values = if more == 1 {
                "carried value leads"
            } else {
                "carried values lead"
            };
            format!(
                "{more} more {values} {what}, past the {LISTED_PER_CODE} listed one by one (each carried URL carries the next)."
            )
        }));
    }
}

/// A `data:` URL whose media type a browser shows as it is (plain text,
/// an image): the scheme's `dangerous-scheme`, given as for any `data:`
/// URL by the scheme check, is [`Case::DataContent`]'s, since no script
/// runs in it; judged here, where the URL's own destination knows its
/// media type.
fn data_content(own: &Destination, out: &mut [Warning]) {
    if !own.via.is_empty() || own.scheme != "data" || own.runs_script {
        return;
    }
    let Some(w) = out
        .iter_mut()
        .find(|w| w.code == WarningCode::DangerousScheme && w.via.is_none())
    else {
        return;
    };
    let message = match crate::analysis::nested::data::media_type(own.target.as_bytes()) {
        Some(media) => format!(
            "The 'data:' scheme carries its own content ({}), which a browser shows as it is: no script runs in it.",
            quote_str(&media)
        ),
        None => "The 'data:' scheme carries its own content, but with no ',' before a body a browser refuses it.".to_string(),
    };
    let mut lower = Warning::for_case(Case::DataContent, w.spans.clone(), w.component, message);
    lower.layer = w.layer;
    *w = lower;
}

/// `dangerous-scheme` for a script scheme only a browser reads: in
/// `java\tscript:alert(1)` RFC 3986 reads no scheme (so the scheme's own
/// check says nothing), but the URL Standard strips the tab and a browser
/// runs the script.
fn script_only_a_browser_reads(own: &Destination, out: &mut Vec<Warning>) {
    let said = out
        .iter()
        .any(|w| w.code == WarningCode::DangerousScheme && w.via.is_none());
    if !own.via.is_empty() || !own.runs_script || said {
        return;
    }
    out.push(Warning::for_case(
        Case::ScriptScheme,
        vec![own.span],
        None,
        format!(
            "A browser reads the scheme '{}:' here, once it strips the tabs and newlines inside it as the URL Standard says, and that scheme runs script in the page that follows it.",
            quote_str(&own.scheme)
        ),
    ));
}

/// Whether the carried destination `d` is a sign-in request's return
/// address: the value of a return key of the URL's own request (`keys`),
/// or, at the end of a chain, of the request that carries it, itself
/// carried (`?continue=<accounts.example/authorize?client_id=...&redirect_uri=...>`,
/// a sign-in page's next step).
fn is_sign_in_return(d: &Destination, destinations: &[Destination], keys: EndpointKeys) -> bool {
    let Some((carrier_via, last)) = d.via.rsplit_once(" → ") else {
        return via_key_of(&d.via, keys.returns);
    };
    destinations
        .iter()
        .find(|c| c.via == carrier_via)
        .is_some_and(|carrier| {
            let url = carrier.target.as_bytes();
            let parts = crate::split::split(url);
            via_key_of(last, EndpointKeys::of(url, &parts, Some(carrier)).returns)
        })
}

/// [`destination_warnings`], each one.
fn each_destination_warning(
    destinations: &[Destination],
    host_index: Option<usize>,
    keys: EndpointKeys,
    out: &mut Vec<Warning>,
) {
    // The host of the URL itself, which a viewer's page is shown under.
    let own_host = destinations
        .first()
        .and_then(|d| d.host.as_ref())
        .map(|h| h.canonical.as_str());
    // Its scheme, which an application's link names (`microsoft-edge:`).
    let own_scheme = destinations.first().map_or("", |own| own.scheme.as_str());
    for d in destinations {
        // A web archive's copy of a page is shown from the archive: no
        // request and no visitor goes where the page came from.
        if d.archived_by.is_some() {
            continue;
        }
        let carried = !d.via.is_empty();
        // When parsers read different hosts, the bytes that lead there
        // are more than the host component.
        let component = match (carried, &d.other_reading) {
            (true, _) => d.component,
            (false, None) => host_index,
            (false, Some(_)) => None,
        };
        if let Some(w) = other_reading_internal(d) {
            out.push(w);
        }
        // A sign-in's return address the application registered: on
        // the visitor's own machine, it is how a command-line or desktop
        // application receives its sign-in (RFC 8252, section 7.3).
        let sign_in_return = carried && is_sign_in_return(d, destinations, keys);
        let viewed = carried && via_key_of(&d.via, keys.viewed);
        let app_on_this_machine = sign_in_return
            && d.host
                .as_ref()
                .is_some_and(|h| h.reach == Reach::Loopback && h.spelled.is_none());
        if let Some(host) = d
            .host
            .as_ref()
            .filter(|h| h.reach.is_internal() && !app_on_this_machine)
        {
            let case = if host.reach == Reach::Metadata {
                Case::MetadataEndpoint
            } else if carried || host.spelled.is_some() || d.other_reading.is_some() {
                Case::HiddenInternal
            } else {
                Case::PlainInternal
            };
            let spelled = host
                .spelled
                .as_ref()
                .map_or_else(String::new, |s| format!(", spelled as {s}"));
            let message = if d.in_lookup {
                format!(
                    "The {} names '{}' ({}{spelled}): a server running Log4j 2 before 2.15 that logs the URL connects there, inside its own network.",
                    quote_str(&d.via),
                    quote_str(&host.canonical),
                    host.reach.label()
                )
            } else if carried && d.via.starts_with(FRAGMENT) {
                format!(
                    "The {} leads to '{}' ({}{spelled}): the fragment never reaches a server, but a page script that fetches or opens it reaches inside the visitor's own network.",
                    quote_str(&d.via),
                    quote_str(&host.canonical),
                    host.reach.label()
                )
            } else if carried && keys.application && d.via == PATH_SEGMENT {
                // An application link's address is opened on the reader's
                // own device, not fetched by a server.
                format!(
                    "The {} hands '{}' ({}{spelled}) to the application that opens '{}:' links: it opens there, on the reader's own device, and reaches the reader's own machine or network.",
                    quote_str(&d.via),
                    quote_str(&host.canonical),
                    host.reach.label(),
                    quote_str(own_scheme),
                )
            } else if carried {
                format!(
                    "The {} leads to '{}' ({}{spelled}): a server that fetches the URLs it is given (SSRF) reaches inside its own network.",
                    quote_str(&d.via),
                    quote_str(&host.canonical),
                    host.reach.label()
                )
            } else if let Some(other) = &d.other_reading {
                format!(
                    "A browser opens '{}' ({}{spelled}), where RFC 3986 parsers read {}: a filter that reads the URL as RFC 3986 does lets it through, and a server that fetches it as the URL Standard says reaches inside its own network.",
                    quote_str(&host.canonical),
                    host.reach.label(),
                    other
                        .host
                        .as_ref()
                        .map_or_else(|| "no host".to_string(), |h| format!("'{}'", quote_str(&h.canonical)))
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
        // A Log4j lookup's directory is where a server connects, not where
        // a redirect sends a visitor (`jndi-lookup` names it).
        if d.in_lookup {
            continue;
        }
        let redirect = if d.runs_script && d.in_data_body {
            Some((
                Case::ScriptRedirect,
                format!(
                    "The page this data: URL holds links to a '{}:' URL, which runs script when followed.",
                    d.scheme
                ),
            ))
        } else if d.runs_script {
            Some((
                Case::ScriptRedirect,
                format!(
                    "The {} is a '{}:' URL, which runs script in the site's page if the site redirects to it.",
                    quote_str(&d.via),
                    d.scheme
                ),
            ))
        } else if d.leaves_site && d.in_data_body {
            let site = d.site.as_deref().unwrap_or("another site");
            Some((
                Case::DataPageLink,
                format!(
                    "The page this data: URL holds links to '{}': it sends what is typed into it, or its visitors, to '{}'.",
                    quote_str(&d.target),
                    quote_str(site)
                ),
            ))
        } else if keys.application && d.via == PATH_SEGMENT {
            Some((
                Case::HandedToApplication,
                format!(
                    "The {} is the address this '{}:' link hands to the application that opens such links: following the link opens '{}' there, outside the program it is clicked in, whose link checks (a mail client's link protection, a browser's warnings) may never see it.",
                    quote_str(&d.via),
                    quote_str(own_scheme),
                    quote_str(&d.target),
                ),
            ))
        } else if d.leaves_site
            && !names_rather_than_links(&d.via)
            && !via_key_of(&d.via, keys.shared)
        {
            let tricky: Vec<&str> = d
                .spelling
                .iter()
                .copied()
                .chain(d.host.as_ref().and_then(|h| h.spelled.as_deref()))
                .collect();
            let site = d.site.as_deref().unwrap_or("another site");
            Some(if tricky.is_empty() && sign_in_return {
                let message = if app_on_this_machine {
                    format!(
                        "The {} is where this sign-in request returns its visitor, '{}', an application on the visitor's own machine: command-line and desktop applications receive their sign-in so (RFC 8252, section 7.3).",
                        quote_str(&d.via),
                        quote_str(&d.target),
                    )
                } else {
                    format!(
                        "The {} is where this sign-in request returns its visitor, '{}': the sign-in service sends visitors only to an address the application registered, but an application anyone registers can name any site, '{}' here.",
                        quote_str(&d.via),
                        quote_str(&d.target),
                        quote_str(site)
                    )
                };
                (Case::SignInReturn, message)
            } else if tricky.is_empty() && viewed {
                let viewer = own_host.unwrap_or("the viewer");
                (
                    Case::ShownByViewer,
                    format!(
                        "The {} names what '{}' fetches and shows under its own name, '{}': the visitor is not sent there, but what the page shows is written by '{}', not by the viewer's owner.",
                        quote_str(&d.via),
                        quote_str(viewer),
                        quote_str(&d.target),
                        quote_str(site)
                    ),
                )
            } else if tricky.is_empty() {
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

/// `internal-destination` for the host RFC 3986 parsers read in the URL
/// itself, when it is inside and the host a browser opens is not: a
/// server that checks the URL as a browser reads it and fetches it with
/// an RFC 3986 client reaches inside.
fn other_reading_internal(d: &Destination) -> Option<Warning> {
    let other = d.other_reading.as_ref()?;
    let host = other.host.as_ref().filter(|h| h.reach.is_internal())?;
    if d.host.as_ref().is_some_and(|h| h.reach.is_internal()) {
        return None;
    }
    let case = if host.reach == Reach::Metadata {
        Case::MetadataEndpoint
    } else {
        Case::HiddenInternal
    };
    let spelled = host
        .spelled
        .as_ref()
        .map_or_else(String::new, |s| format!(", spelled as {s}"));
    let browser = d.host.as_ref().map_or_else(
        || "no host".to_string(),
        |h| format!("'{}'", quote_str(&h.canonical)),
    );
    let message = format!(
        "RFC 3986 parsers read the host as '{}' ({}{spelled}), where a browser opens {browser}: a filter that reads the URL as a browser does lets it through, and a server that fetches it with an RFC 3986 client reaches inside its own network.",
        quote_str(&host.canonical),
        host.reach.label()
    );
    Some(Warning::for_case(case, vec![d.span], None, message))
}
