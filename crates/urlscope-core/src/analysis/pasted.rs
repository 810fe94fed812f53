//! [`analyze`](super::analyze) of the input as pasted: a defanged URL as
//! the URL it stands for, a host with no scheme as an address bar reads
//! it.

use super::{address_bar, analyze_read, checks, nested, sort_warnings, Analysis, Assumed, Options};
use crate::split::Split;

/// [`analyze`](super::analyze) of the input as pasted: a defanged URL as the URL it
/// stands for, a host with no scheme as an address bar reads it.
pub(super) fn analyze_pasted(input: &[u8], options: &Options) -> Analysis {
    if options.refang && crate::defang::reads_defanged(input) {
        let refanged = crate::defang::refang(input);
        if !refanged.changes.is_empty() {
            let url = refanged.url;
            let parts = crate::split::outline(&url);
            return as_refanged(input, &url, parts, None, refanged.changes, options);
        }
    }
    let parts = crate::split::outline(input);
    if options.address_bar {
        if let Some(assumed) = address_bar::reading(input, &parts) {
            let budget = &mut nested::Budget::top(input.len());
            return analyze_read(input, parts, Some(assumed), options, budget);
        }
        // A host pasted defanged with no scheme (`paypa1[.]com/x`).
        if options.refang {
            if let Some((refanged, parts, assumed)) = defanged_host(input) {
                return as_refanged(
                    input,
                    &refanged.url,
                    parts,
                    Some(assumed),
                    refanged.changes,
                    options,
                );
            }
        }
    }
    let mut a = analyze_read(
        input,
        parts,
        None,
        options,
        &mut nested::Budget::top(input.len()),
    );
    address_bar::page_relative_host(&mut a);
    a
}

/// A host pasted defanged with no scheme (`paypa1[.]com/x`), which
/// [`reads_defanged`](crate::defang::reads_defanged) leaves alone (it
/// looks for a scheme or `://`): the URL it stands for, its outline and
/// the host an address bar reads in it, when a spelling undone is in that
/// host, so `a.txt?q=x[.]y` stays as it is. `None` also when the input
/// as it is reads as a host with no scheme.
pub(crate) fn defanged_host(input: &[u8]) -> Option<(crate::defang::Refanged, Split, Assumed)> {
    if !crate::defang::looks_defanged(input) {
        return None;
    }
    let parts = crate::split::outline(input);
    if parts.scheme.is_some()
        || parts.authority.is_some()
        || address_bar::reading(input, &parts).is_some()
    {
        return None;
    }
    let refanged = crate::defang::refang(input);
    let refanged_parts = crate::split::outline(&refanged.url);
    let assumed = address_bar::reading(&refanged.url, &refanged_parts)?;
    let landed =
        crate::defang::Defanged::new(Vec::new(), refanged.changes.clone()).refanged_spans();
    landed
        .iter()
        .any(|s| s.overlaps(assumed.span))
        .then_some((refanged, refanged_parts, assumed))
}

/// The analysis of `url`, which `input` was pasted defanged as: the
/// spellings undone are listed (`defanged-input`) and kept.
fn as_refanged(
    input: &[u8],
    url: &[u8],
    parts: Split,
    assumed: Option<Assumed>,
    changes: Vec<crate::defang::Refang>,
    options: &Options,
) -> Analysis {
    let mut a = analyze_read(
        url,
        parts,
        assumed,
        options,
        &mut nested::Budget::top(url.len()),
    );
    let defanged = crate::defang::Defanged::new(input.to_vec(), changes);
    a.warnings.push(checks::junk::defanged_warning(&defanged));
    sort_warnings(&mut a.warnings);
    a.defanged = Some(defanged);
    a
}
