//! `brand-in-path`'s case [`Case::BrandUnpacked`](crate::warnings::Case):
//! a folder named for a brand right inside a folder of the same name
//! (`/ca/wetransfer/wetransfer`, `/LinkedIn/LinkedIn/Linkedin`,
//! `/bofa/bofa/bofa/index2.php`), on a site the brand does not own and
//! that is no known site. An archive unpacked where it was uploaded makes
//! that shape, and phishing kits are archives named for the brand they
//! imitate.
//!
//! A page file of the brand's name in its folder (`/modules/paypal/paypal.php`,
//! a shop's payment module) is not this shape: only folders count. A
//! known site's paths (`/google/google` of a code host's organisation and
//! repository) stay quiet.

use super::brand_path::BrandPage;
use crate::split::{Span, Split};
use crate::text::quote_str;

/// A brand's folder inside one of the same name, as byte ranges within
/// the path.
pub(crate) struct Repeated {
    /// The outer folder's bytes.
    pub(crate) outer: (usize, usize),
    /// The inner folder's bytes.
    pub(crate) inner: (usize, usize),
    /// The brand they name.
    pub(crate) brand: &'static str,
}

/// The first folder of `path` (its segments split at '/') that holds a
/// folder of the same name, any case, both a brand's name. A folder has
/// no '.' in its name; the inner one may end the path.
pub(crate) fn repeated_brand_folder(path: &[u8]) -> Option<Repeated> {
    let mut previous: Option<(usize, &[u8])> = None;
    let mut start = 0;
    for segment in path.split(|&b| b == b'/') {
        let at = start;
        start += segment.len() + 1;
        if let Some((outer_at, outer)) = previous {
            if outer.len() == segment.len()
                && outer.eq_ignore_ascii_case(segment)
                && !outer.contains(&b'.')
            {
                if let Some(brand) = folder_brand(outer) {
                    return Some(Repeated {
                        outer: (outer_at, outer_at + outer.len()),
                        inner: (at, at + segment.len()),
                        brand,
                    });
                }
            }
        }
        previous = (!segment.is_empty()).then_some((at, segment));
    }
    None
}

/// The brand a folder's name is, as [`repeated_brand_folder`] reads it.
fn folder_brand(folder: &[u8]) -> Option<&'static str> {
    crate::sites::brand_of_word(folder).or_else(|| crate::sites::brand_token(folder))
}

/// Whether a path part with no '.' that is the same, any case, as the
/// part before it is a brand's name, for the fast path: true whenever
/// [`repeated_brand_folder`] finds that pair.
pub(crate) fn may_hold_unpacked(part: &[u8]) -> bool {
    folder_brand(part).is_some()
}

/// A brand's folder inside one of the same name ([`repeated_brand_folder`])
/// on a site (`own`, its host's brand `own_brand`) the brand does not own
/// and that is no known site.
pub(super) fn unpacked(
    input: &[u8],
    parts: &Split,
    own: &str,
    own_brand: Option<&str>,
) -> Option<BrandPage> {
    if crate::sites::is_known(own) {
        return None;
    }
    let Repeated {
        outer: (os, oe),
        inner: (is, ie),
        brand,
    } = repeated_brand_folder(parts.path.of(input))?;
    if Some(brand) == own_brand {
        return None;
    }
    let at = |s: usize, e: usize| Span::new(parts.path.start + s, parts.path.start + e);
    let (outer, inner) = (at(os, oe), at(is, ie));
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    Some(BrandPage {
        name: outer,
        spans: vec![outer, inner],
        message: format!(
            "The path holds a folder '{}' ({brand}'s name) inside a folder '{}', but the site is '{}': an archive unpacked where it was uploaded makes that shape, as a phishing kit named for the brand it imitates does.",
            quoted(inner),
            quoted(outer),
            quote_str(own),
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::warnings::{Severity, WarningCode};

    fn found(url: &str) -> Vec<(Severity, Vec<String>)> {
        super::super::test_support::found(url, WarningCode::BrandInPath)
    }

    #[test]
    fn a_brands_folder_unpacked_into_its_own_name() {
        use Severity::Medium;
        assert_eq!(
            found("http://logarliquids.example/ca/wetransfer/wetransfer"),
            [(Medium, vec!["wetransfer".into(), "wetransfer".into()])]
        );
        assert_eq!(
            found("http://x.example/LinkedIn/LinkedIn/Linkedin"),
            [(Medium, vec!["LinkedIn".into(), "LinkedIn".into()])]
        );
        assert_eq!(
            found("http://x.example/wp-content/icons/bofa/bofa/bofa/bofa/index2.php")[0].0,
            Medium
        );
    }

    #[test]
    fn near_misses_of_an_unpacked_folder() {
        // A shop's payment module: the page file has the brand's name.
        assert!(found("http://shop.example/modules/paypal/paypal.php").is_empty());
        // Two different folders, or a brand once.
        assert!(found("http://x.example/paypal/checkout/").is_empty());
        assert!(found("http://x.example/wetransfer/").is_empty());
        // A word that is no brand's.
        assert!(found("http://x.example/docs/docs/").is_empty());
        // A known site's organisation and repository.
        assert!(found("https://gitlab.com/paypal/paypal").is_empty());
        // The brand's own site.
        assert!(found("https://wetransfer.com/wetransfer/wetransfer").is_empty());
    }
}
