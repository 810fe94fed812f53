//! Deceptive hosts: a host that shows a reader another site's name ahead
//! of the real one (`paypal.com.account-check.example`,
//! `apple.com-support.example`, a bait `https` label), a fragment or query
//! that mimics a userinfo-and-host (`evil.example#@good.example`), and a
//! first path segment that reads as a domain name but no known site's (a
//! known site's is `brand-in-path`'s). The real site is the registrable
//! domain of the Public Suffix List.

use crate::analysis::checks::brand_path::known_site;
use crate::analysis::checks::imitation::site_opened;
use crate::analysis::HostReading;
use crate::names::{domain_in_segment, shown_site};
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Case, Warning};

/// `deceptive-host` for the host (unless `brand_shown`: `brand-in-host`
/// said it), a mimicking fragment or query, and a domain in the first path
/// segment.
pub(crate) fn deceptive_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    host_index: Option<usize>,
    first_segment: Option<(usize, Span)>,
    brand_shown: bool,
    out: &mut Vec<Warning>,
) {
    let real = host.and_then(|h| h.registrable.clone());
    let name = host.map(|h| {
        h.ascii
            .clone()
            .unwrap_or_else(|| h.decoded.to_ascii_lowercase())
    });
    // `brand-in-host` already said that the host shows a brand's site.
    if let (Some(name), Some(real), Some(span), false) = (&name, &real, parts.host, brand_shown) {
        if let Some(shown) = shown_site(name, real) {
            out.push(Warning::for_case(
                Case::HostBehindHost,
                vec![span],
                host_index,
                format!(
                    "The host '{}' shows '{}' first, but {}.",
                    quote_str(name),
                    quote_str(&shown),
                    site_opened(input, parts, real, false)
                ),
            ));
        }
    }
    // The brand whose own site the host is: a name of the same brand after
    // it (Azure's portal writes `#@tenant.onmicrosoft.com/resource`) shows
    // no other site.
    let own_brand = name.as_deref().and_then(crate::sites::brand_of_host);
    for span in [parts.fragment, parts.query].into_iter().flatten() {
        let text = span.of(input);
        let mimic = text.strip_prefix(b"@").filter(|rest| {
            rest.iter()
                .take_while(|&&b| b != b'/')
                .filter(|&&b| b == b'.')
                .count()
                >= 1
                && rest.first().is_some_and(u8::is_ascii_alphanumeric)
        });
        // A '.' right after the host (`good.example?.evil.example`) goes on
        // with the host's name, when what follows reads as one: letters,
        // digits and hyphens in labels, at least two (not a key,
        // `login.yahoo.com/?.src=ym`).
        let right_after_host = parts.path.is_empty();
        let dotted = text.strip_prefix(b".").filter(|rest| {
            let name_len = rest
                .iter()
                .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
                .count();
            let name = rest.get(..name_len).unwrap_or_default();
            right_after_host
                && rest.first().is_some_and(u8::is_ascii_alphabetic)
                && name.contains(&b'.')
                && !name.ends_with(b".")
        });
        if let Some(rest) = mimic.or(dotted) {
            let seen = String::from_utf8_lossy(rest);
            let seen = seen.split(['/', ':']).next().unwrap_or_default();
            if own_brand.is_some() && crate::sites::brand_of_host(seen) == own_brand {
                continue;
            }
            // A reference with no host of its own stays on the site it is
            // resolved against.
            let (after, opens) = match name.as_deref() {
                Some(name) => (
                    "after the host",
                    format!("a browser opens '{}'", quote_str(name)),
                ),
                None => (
                    "in a reference with no host",
                    "a browser stays on the site the reference is resolved against".to_string(),
                ),
            };
            out.push(Warning::for_case(
                Case::MimicHost,
                vec![Span::new(span.start.saturating_sub(1), span.end)],
                None,
                format!(
                    "'{}' {after} makes a reader (or a naive allow-list) see '{}', but {opens}.",
                    quote_str(&String::from_utf8_lossy(span.of(input))),
                    quote_str(seen),
                ),
            ));
        }
    }
    if let (Some((index, span)), true) = (first_segment, parts.host.is_some()) {
        let segment = String::from_utf8_lossy(span.of(input));
        // A known site's domain is brand-in-path's.
        let known = |d: &str| known_site(&d.to_ascii_lowercase()).is_some();
        if let Some(domain) = domain_in_segment(&segment).filter(|d| !known(d)) {
            out.push(Warning::for_case(
                Case::DomainInPath,
                vec![span],
                Some(index),
                format!(
                    "The path starts with '{}', which reads as a domain, but the site is '{}'.",
                    quote_str(domain),
                    quote_str(name.as_deref().unwrap_or_default())
                ),
            ));
        }
    }
}
