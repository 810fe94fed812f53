//! The checks, one module per family of warnings. Each emits a code, the
//! spans that cause it and the specific detail; the code's severity and
//! general consequence come from the catalogue ([`crate::warnings`]).
//!
//! Per component (on its raw bytes, then on each decoded layer):
//! [`escapes`], [`characters`], [`double_encoding`], [`traversal`],
//! [`sensitive`]. Per URL: [`authority`] (userinfo, host, port, scheme),
//! [`mapped`], [`junk`], [`confusion`] (a host cut short, two URLs in one) and
//! [`readings`] (the RFC 3986 and WHATWG readings compared).

use crate::analysis::component::Provenance;
use crate::analysis::report::Findings;
use crate::analysis::ComponentAnalysis;
use crate::split::ComponentKind;
use crate::warnings::CodeSet;

pub(crate) mod address;
pub(crate) mod authority;
pub(crate) mod brand_folder;
pub(crate) mod brand_path;
pub(crate) mod brand_route;
pub(crate) mod characters;
pub(crate) mod confusion;
pub(crate) mod deceptive;
pub(crate) mod destinations;
pub(crate) mod double_encoding;
pub(crate) mod endpoints;
pub(crate) mod escapes;
pub(crate) mod imitation;
pub(crate) mod junk;
pub(crate) mod kit;
pub(crate) mod lookup;
pub(crate) mod lures;
pub(crate) mod mapped;
pub(crate) mod object_name;
pub(crate) mod planted;
pub(crate) mod planted_folder;
pub(crate) mod query;
pub(crate) mod readings;
pub(crate) mod saved_page;
pub(crate) mod sensitive;
pub(crate) mod shellshock;
pub(crate) mod stored_page;
pub(crate) mod template;
pub(crate) mod traversal;
pub(crate) mod unpacked;
pub(crate) mod unsigned_jwt;

/// Every finding about one component, by code; the details of codes in
/// `quiet` are left unwritten.
pub(crate) fn component_findings(
    input: &[u8],
    comp: &ComponentAnalysis,
    prov: &Provenance<'_>,
    quiet: CodeSet,
) -> Findings {
    let mut f = Findings {
        quiet,
        ..Findings::default()
    };
    let raw = comp.span.of(input);
    raw_checks(raw, comp, &mut f);
    for (li, layer) in comp.layers().enumerate() {
        characters::layer_checks(layer, li, prov, &mut f);
    }
    if comp.layer_count() > 1 {
        double_encoding::double_encoding(input, prov, comp.kind, &mut f);
    }
    if matches!(
        comp.kind,
        ComponentKind::PathSegment | ComponentKind::QueryValue | ComponentKind::QueryKey
    ) {
        traversal::traversal_checks(input, comp, prov, &mut f);
    }
    f
}

/// One pass over the raw bytes: each escape for [`escapes`], every
/// other byte for [`characters`] unless it is
/// [quiet](characters::quiet_raw_byte).
pub(crate) fn raw_checks(raw: &[u8], comp: &ComponentAnalysis, f: &mut Findings) {
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if characters::quiet_raw_byte(b) {
            i += 1;
            continue;
        }
        let at = comp.span.start + i;
        let rest = raw.get(i..).unwrap_or_default();
        i += if b == b'%' {
            escapes::raw_escape(rest, at, comp.kind, f)
        } else {
            characters::raw_byte(rest, at, comp.kind, f)
        };
    }
}

/// What the checks' tests read of an analysis.
/// Where the page-level checks look: the host's component, the first path
/// segment's, the brand name the host shows (from the imitation checks)
/// and where the URL itself leads.
#[derive(Clone, Copy)]
pub(crate) struct Places<'a> {
    pub(crate) host_index: Option<usize>,
    pub(crate) first_segment: Option<(usize, crate::split::Span)>,
    pub(crate) brand_shown: bool,
    pub(crate) own: Option<&'a crate::analysis::Destination>,
}

/// The checks of the URL as a page: what its host, path and query say
/// together (a deceptive host, a brand's page or a sign-in form planted
/// under another site's path, a phishing kit's files, lures on shared
/// hosting), and the injections written anywhere in it (Log4j lookups,
/// unsigned JWTs, Shellshock, template expressions, mapped addresses).
pub(crate) fn page_warnings(
    input: &[u8],
    parts: &crate::split::Split,
    host: Option<&crate::analysis::HostReading>,
    components: &[ComponentAnalysis],
    places: Places<'_>,
    warnings: &mut Vec<crate::warnings::Warning>,
) {
    let at = |offset: usize| crate::analysis::component_index_at(components, offset);
    deceptive::deceptive_warnings(
        input,
        parts,
        host.filter(|_| imitation::host_names_a_site(input, parts)),
        places.host_index,
        places.first_segment,
        places.brand_shown,
        warnings,
    );
    brand_path::brand_path_warnings(input, parts, host, at, warnings);
    planted::planted_login_warnings(input, parts, host, at, warnings);
    planted_folder::planted_folder_warnings(input, parts, host, at, warnings);
    lookup::input_lookup_warnings(input, at, "URL", warnings);
    unsigned_jwt::component_warnings(components, warnings);
    shellshock::query_warnings(input, parts.query, at, warnings);
    template::input_template_warnings(
        input,
        at,
        |offset| {
            at(offset)
                .and_then(|i| components.get(i))
                .map_or("URL", |c| c.kind.label())
        },
        warnings,
    );
    address::address_warnings(input, parts, host, components, warnings);
    kit::kit_warnings(input, parts, host, at, warnings);
    lures::lure_warnings(input, parts, host, places.own, places.host_index, warnings);
}

#[cfg(test)]
pub(crate) mod test_support {
    use crate::analysis::{analyze, Options};
    use crate::warnings::{Severity, WarningCode};

    /// The message of the first warning of `code` for `url`.
    pub(crate) fn message(url: &str, code: WarningCode) -> String {
        let a = analyze(url.as_bytes(), &Options::default());
        let w = a.warnings.iter().find(|w| w.code == code);
        w.unwrap_or_else(|| panic!("{url}: no {}", code.code()))
            .message
            .clone()
    }

    /// The warnings of `code` for `url`: each one's severity and the
    /// bytes of each of its spans.
    pub(crate) fn found(url: &str, code: WarningCode) -> Vec<(Severity, Vec<String>)> {
        let a = analyze(url.as_bytes(), &Options::default());
        a.warnings
            .iter()
            .filter(|w| w.code == code)
            .map(|w| {
                let spans = w
                    .spans
                    .iter()
                    .map(|s| String::from_utf8_lossy(s.of(url.as_bytes())).into_owned())
                    .collect();
                (w.severity, spans)
            })
            .collect()
    }
}
