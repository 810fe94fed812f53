//! `brand-in-path`'s case [`Case::BrandFolder`](crate::warnings::Case): a
//! brand's name in a folder of a path that ends in a sign-in route rather
//! than a page file (`/onedrive/file/login`, `/itunes/signin`,
//! `/apple/a2d85181a058779/?ID=login`), on a site the brand does not own.
//! Phishing kits unpacked into a folder of someone else's site name the
//! brand and the sign-in so.
//!
//! A framework's social sign-in route names a provider under a folder of
//! its own (`/accounts/google/login/`, `/auth/facebook/login`,
//! `/broker/google/login`) and stays quiet; so does a page with a name of
//! its own (`/office/login/about.php`), and a route whose sign-in comes
//! before the brand (`/login/linkedin`).

use super::brand_path::BrandPage;
use crate::services::lures::{brand_words, is_index_stem, is_kit_word, pieces};
use crate::split::{Span, Split};
use crate::text::quote_str;

/// The folders under which frameworks route a sign-in provider
/// (`/accounts/google/login/`, `/auth/github`): a brand's name right
/// after one is a provider's, not a kit's.
const FRAMEWORK_FOLDERS: &[&str] = &[
    "account",
    "accounts",
    "api",
    "auth",
    "broker",
    "connect",
    "external",
    "federated",
    "identity",
    "login",
    "oauth",
    "oauth2",
    "omniauth",
    "openid",
    "provider",
    "providers",
    "signin",
    "social",
    "sso",
    "user",
    "users",
];

/// The non-empty '/'-separated segments of `path`, each with where it
/// starts.
fn segments(path: &[u8]) -> Vec<(usize, &[u8])> {
    pieces(path, |b| b == b'/')
        .filter(|(_, s)| !s.is_empty())
        .collect()
}

/// Whether a segment is a folder's index page (`index.php`), which names
/// nothing of its own.
fn is_index_page(segment: &[u8]) -> bool {
    let stem = segment.split(|&b| b == b'.').next().unwrap_or_default();
    segment.contains(&b'.') && is_index_stem(stem)
}

/// The kit word ([`is_kit_word`]) a route ends in, as a span of `input`:
/// the path's last segment (`/file/login`, `/itunes/SignIn/`), or a query
/// key or value when the path ends in a folder or an index page
/// (`/a2d85181/?ID=login`).
fn kit_word_at(input: &[u8], parts: &Split) -> Option<Span> {
    let path = parts.path.of(input);
    let at = |s: usize, len: usize| Span::new(parts.path.start + s, parts.path.start + s + len);
    let segments = segments(path);
    let &(last_at, last) = segments.last()?;
    if is_kit_word(last) {
        return Some(at(last_at, last.len()));
    }
    if last.contains(&b'.') && !is_index_page(last) {
        return None;
    }
    let query = parts.query?;
    pieces(query.of(input), |b| matches!(b, b'&' | b'='))
        .find(|(_, piece)| is_kit_word(piece))
        .map(|(s, piece)| Span::new(query.start + s, query.start + s + piece.len()))
}

/// A brand's name ([`brand_words`]) in a folder of a path whose route
/// ends in a sign-in ([`kit_word_at`]), on a site (`own`, its host's brand
/// `own_brand`) the brand does not own. The caller asks only where no
/// other rule reads the brand already.
pub(super) fn brand_folder(
    input: &[u8],
    parts: &Split,
    own: &str,
    own_brand: Option<&str>,
) -> Option<BrandPage> {
    let path = parts.path.of(input);
    // A URL the path carries is judged in turn, on its own host
    // (`/r/https://login.microsoftonline.com/login`).
    if memchr::memmem::find(path, b"://").is_some() {
        return None;
    }
    let word = kit_word_at(input, parts)?;
    let segments = segments(path);
    let (name, brand) = brand_words(path).into_iter().find_map(|(s, e)| {
        let span = Span::new(parts.path.start + s, parts.path.start + e);
        if span.end > word.start {
            return None;
        }
        let text = path.get(s..e)?;
        let brand = crate::sites::brand_of_word(text)?;
        // Its segment, and the one before it: a framework's folder?
        let k = segments.iter().rposition(|&(at, _)| at <= s)?;
        let (seg_at, segment) = *segments.get(k)?;
        let alone = s == seg_at && (e == seg_at + segment.len() || path.get(e) == Some(&b'.'));
        let distinctive = crate::sites::brand_token(text).is_some() || alone;
        let framework = k
            .checked_sub(1)
            .and_then(|p| segments.get(p))
            .is_some_and(|(_, f)| {
                FRAMEWORK_FOLDERS
                    .iter()
                    .any(|w| w.as_bytes().eq_ignore_ascii_case(f))
            });
        (distinctive && !framework && Some(brand) != own_brand).then_some((span, brand))
    })?;
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    Some(BrandPage {
        name,
        spans: vec![name, word],
        message: format!(
            "The URL shows '{}' ({brand}'s name) in a folder of the path, which ends in the sign-in '{}', but the site is '{}': a brand's sign-in page on a host it does not own.",
            quoted(name),
            quoted(word),
            quote_str(own),
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::warnings::{Severity, WarningCode};

    /// The `brand-in-path` warnings of `url`: severity and the bytes of
    /// each span.
    fn found(url: &str) -> Vec<(Severity, Vec<String>)> {
        super::super::test_support::found(url, WarningCode::BrandInPath)
    }

    #[test]
    fn a_brand_s_folder_on_a_route_that_ends_in_a_sign_in() {
        use Severity::Medium;
        for (url, name, word) in [
            (
                "http://shop.example/onedrive/file/login",
                "onedrive",
                "login",
            ),
            (
                "http://x.example/layouts/itunes/SignIn/",
                "itunes",
                "SignIn",
            ),
            (
                "https://x.example/~u/account-postfinance/login/",
                "postfinance",
                "login",
            ),
            // A folder or an index page, and the sign-in in the query.
            (
                "http://x.example/apple/a2d85181a058779/?ID=login",
                "apple",
                "login",
            ),
            (
                "http://x.example/wp/linkedin/d41d8cd9/?login=a%40b.example",
                "linkedin",
                "login",
            ),
            (
                "http://x.example/Paypal/index.php?cmd=sign-in",
                "Paypal",
                "sign-in",
            ),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![name.to_string(), word.to_string()])],
                "{url}"
            );
        }
        assert_eq!(
            super::super::test_support::message(
                "http://shop.example/onedrive/file/login",
                WarningCode::BrandInPath
            ),
            "The URL shows 'onedrive' (Microsoft's name) in a folder of the path, which ends in the sign-in 'login', but the site is 'shop.example': a brand's sign-in page on a host it does not own."
        );
    }

    #[test]
    fn quiet_for_frameworks_pages_and_owners() {
        for url in [
            // Frameworks' social sign-in routes: the provider under a
            // folder of the framework's.
            "https://x.example/accounts/google/login/",
            "https://x.example/auth/facebook/login",
            "https://x.example/realms/r/broker/google/login",
            "https://x.example/users/auth/github/signin",
            "https://x.example/api/linkedin/login?next=/",
            // A URL the path carries: its own host is judged.
            "https://x.example/r/https://login.microsoftonline.com/login",
            // The sign-in before the brand's name.
            "https://x.example/login/linkedin",
            "https://x.example/signin/google/callback",
            // A page with a name of its own; a sign-in word in a page's
            // name (brand_page's) or in the middle of the route.
            "https://x.example/office/login/about.php",
            "https://x.example/paypal/login/settings",
            "https://x.example/paypal/login/5f7ec918fac00aa",
            "https://x.example/paypal/about.php?login=1",
            // A shop's word, not a sign-in; a long slug is a topic.
            "https://shop.example/modules/paypal/verify",
            "https://x.example/how-to-use-paypal-safely/login",
            // A common word beside another word.
            "https://x.example/back-office/login",
            // The brand's own sites; a listed shared host.
            "https://www.paypal.com/paypal/login",
            "https://login.live.com/onedrive/login",
            "https://kit.github.io/onedrive/file/login",
            // No brand at all.
            "https://x.example/members/login",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
        }
    }
}
