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
//!
//! A kit's landing page is often its folder's index page, with no sign-in
//! word at all (`/new/OneDrive/index.html`): a brand's token (not a
//! common word: `/office/index.php`) in the folder that holds it, or one
//! folder above, counts too, but for a site's list of the companies it
//! covers or works with (`/companies/google_inc/index.html`).

use super::brand_path::BrandPage;
use crate::services::lures::{
    brand_words, is_index_stem, is_kit_word, is_one_of, page_dot, pieces,
};
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

/// The folders under which a site lists the companies it writes about or
/// works with (`/companies/google_inc/index.html`,
/// `/partners/microsoft/`): a brand's name there is the page's topic, its
/// index page no kit's.
const CATALOGUE_FOLDERS: &[&str] = &[
    "brands",
    "clients",
    "companies",
    "company",
    "customers",
    "integrations",
    "partners",
    "sponsors",
    "tag",
    "tags",
    "topics",
    "vendors",
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
    page_dot(segment).is_some_and(|dot| is_index_stem(segment.get(..dot).unwrap_or_default()))
}

/// Where the folders whose brand an index page at `file` of `path` may
/// show start: the folder that holds it, or the one above
/// (`/OneDrive/<id>/index1.php`); an index page names nothing itself.
/// The fast path reads the same bytes.
pub(crate) fn index_folders(path: &[u8], file: usize) -> usize {
    let mut folders = 0;
    let mut in_folder = false;
    for (i, &b) in path
        .get(..file)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .rev()
    {
        match b {
            b'/' if in_folder => {
                folders += 1;
                if folders == 2 {
                    return i + 1;
                }
                in_folder = false;
            }
            b'/' => {}
            _ => in_folder = true,
        }
    }
    0
}

/// How a kit's route ends, as a span of `input`.
#[derive(Clone, Copy)]
enum Ending {
    /// A kit word ([`is_kit_word`]): the path's last segment
    /// (`/file/login`, `/itunes/SignIn/`), or a query key or value when
    /// the path ends in a folder or an index page (`/a2d85181/?ID=login`).
    SignIn(Span),
    /// An index page (`/OneDrive/index.html`), no sign-in word in the
    /// query.
    Index(Span),
}

impl Ending {
    fn span(self) -> Span {
        match self {
            Ending::SignIn(span) | Ending::Index(span) => span,
        }
    }
}

/// The [`Ending`] of a path and its query, if it is a kit's.
fn ending_at(input: &[u8], parts: &Split) -> Option<Ending> {
    let path = parts.path.of(input);
    let at = |s: usize, len: usize| Span::new(parts.path.start + s, parts.path.start + s + len);
    let segments = segments(path);
    let &(last_at, last) = segments.last()?;
    if is_kit_word(last) {
        return Some(Ending::SignIn(at(last_at, last.len())));
    }
    let index = is_index_page(last);
    if last.contains(&b'.') && !index {
        return None;
    }
    let word = parts.query.and_then(|query| {
        pieces(query.of(input), |b| matches!(b, b'&' | b'='))
            .find(|(_, piece)| is_kit_word(piece))
            .map(|(s, piece)| Span::new(query.start + s, query.start + s + piece.len()))
    });
    match word {
        Some(word) => Some(Ending::SignIn(word)),
        // The page itself, not a folder named like one (`/index.html/`).
        None if index && last_at + last.len() == path.len() => {
            Some(Ending::Index(at(last_at, last.len())))
        }
        None => None,
    }
}

/// A brand's name ([`brand_words`]) in a folder of a path whose route
/// ends in a sign-in or an index page ([`ending_at`]), on a site (`own`, its host's brand
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
    let ending = ending_at(input, parts)?;
    let word = ending.span();
    let segments = segments(path);
    let nearest = match ending {
        Ending::SignIn(_) => 0,
        Ending::Index(page) => index_folders(path, page.start - parts.path.start),
    };
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
        // A common word alone names its brand before a sign-in
        // (`/office/login`), not before an index page (`/office/`).
        let token = crate::sites::brand_token(text).is_some();
        let distinctive = token || alone && matches!(ending, Ending::SignIn(_));
        let container = |folders: &[&str]| {
            k.checked_sub(1)
                .and_then(|p| segments.get(p))
                .is_some_and(|(_, f)| is_one_of(folders, f))
        };
        let quiet = container(FRAMEWORK_FOLDERS)
            || matches!(ending, Ending::Index(_)) && (s < nearest || container(CATALOGUE_FOLDERS));
        (distinctive && !quiet && Some(brand) != own_brand).then_some((span, brand))
    })?;
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    let ends = match ending {
        Ending::SignIn(_) => format!("which ends in the sign-in '{}'", quoted(word)),
        Ending::Index(_) => format!("whose page is the folder's index '{}'", quoted(word)),
    };
    let tail = match ending {
        Ending::SignIn(_) => "a brand's sign-in page on a host it does not own",
        Ending::Index(_) => {
            "the way phishing kits are unpacked, into a folder named for the brand they imitate"
        }
    };
    Some(BrandPage {
        name,
        spans: vec![name, word],
        message: format!(
            "The URL shows '{}' ({brand}'s name) in a folder of the path, {ends}, but the site is '{}': {tail}.",
            quoted(name),
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
    fn a_brand_s_folder_holding_an_index_page() {
        use Severity::Medium;
        for (url, name, page) in [
            (
                "https://x.example/new/OneDrive/index.html",
                "OneDrive",
                "index.html",
            ),
            // An empty segment is no folder between.
            (
                "https://x.example/OneDrive//x//index.html",
                "OneDrive",
                "index.html",
            ),
            (
                "http://x.example/images/contests/4/alibaba/index.php",
                "alibaba",
                "index.php",
            ),
            // One folder between: a kit's visitor or version folder.
            (
                "http://x.example/recal/yahoo/home/index.php",
                "yahoo",
                "index.php",
            ),
            (
                "http://x.example/cs/PayPal/myaccount/index.php?enc=2d68e6",
                "PayPal",
                "index.php",
            ),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![name.to_string(), page.to_string()])],
                "{url}"
            );
        }
        assert_eq!(
            super::super::test_support::message(
                "https://shop.example/OneDrive/index.html",
                WarningCode::BrandInPath
            ),
            "The URL shows 'OneDrive' (Microsoft's name) in a folder of the path, whose page is the folder's index 'index.html', but the site is 'shop.example': the way phishing kits are unpacked, into a folder named for the brand they imitate."
        );
        for url in [
            // Two folders or more between: the brand is the site's topic.
            "https://x.example/amex/technology/nyunderground/index.html",
            // A site's list of the companies it writes about or works with.
            "https://x.example/top/companies/google_inc/index.html",
            "https://x.example/partners/microsoft/index.php",
            // A common word: a firm's office, a farm's apples.
            "https://x.example/office/index.php",
            "https://x.example/important/zoom/eng/index.html",
            // A folder named like a page, a file that is no page.
            "https://x.example/paypal/index.html/",
            "https://x.example/paypal/index.js",
            // The brand's own site; a listed shared host.
            "https://www.paypal.com/paypal/index.html",
            "https://kit.github.io/onedrive/index.html",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
        }
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
