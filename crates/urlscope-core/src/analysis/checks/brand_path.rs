//! `brand-in-path`: a known site's domain written in the path, a query
//! key or the fragment of a site that is not that site's
//! (`https://evil.example/login.microsoftonline.com/login.php`,
//! `https://compromised.example/www.dropbox.com/1223/`), the way a
//! phishing kit dressed on someone else's host shows the brand it
//! imitates. A query value is left out: search and share links carry
//! domains there all day, and a URL carried there is `open-redirect`'s.
//!
//! A brand's name written in the path of a sign-in page on such a site
//! (`https://compromised.example/wp-content/linkedin/SignIn.php`) is the
//! same disguise in a kit's folder names; only a page file counts (a
//! framework's route, `/auth/google/callback`, is a social sign-in), or a
//! route that ends in a sign-in after the brand's folder
//! (`/onedrive/file/login`, [`super::brand_folder`]).
//!
//! One rule per idea: a first path segment that reads as a domain name
//! but is no known site's stays `deceptive-host`'s (the `DomainInPath`
//! case); a known site's domain is only this rule's. A brand's name on a
//! shared hosting service is `shared-hosting`'s, and one the host already
//! shows or imitates is the host's rules'.

use super::brand_folder::brand_folder;
use super::brand_route;
use super::saved_page::saved_page;
use super::unpacked::unpacked;
use crate::analysis::HostReading;
use crate::names::{written_domains, WrittenDomain};
use crate::services::lures::{
    brand_words, credential_words, credential_words_except, sign_in_page,
};
use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Case, Severity, Warning, WarningCode};

/// A known site a written domain belongs to.
pub(crate) struct KnownSite {
    /// Its registrable domain.
    pub(crate) domain: String,
    /// The brand that owns it, when it is in the brand table.
    pub(crate) brand: Option<&'static str>,
}

/// The known site a written domain name (lowercase) belongs to.
pub(crate) fn known_site(name: &str) -> Option<KnownSite> {
    let domain = crate::names::registrable_domain(name)?;
    let brand = crate::sites::brand_of(domain)?;
    Some(KnownSite {
        domain: domain.to_string(),
        brand: Some(brand),
    })
}

/// The known site a written domain (lowercase) belongs to, and the length
/// of the name that names it: the whole name, or the name cut at a hyphen
/// in its last label, a domain glued to the words after it
/// (`www.bancointer.com.br-cadastro`) as a host's labels are read
/// (`paypal.com-secure`).
fn site_written(name: &str) -> Option<(KnownSite, usize)> {
    match known_site(name) {
        Some(site) => Some((site, name.len())),
        None => {
            let cut = cut_at_hyphen(name)?;
            Some((known_site(cut)?, cut.len()))
        }
    }
}

/// A written domain whose last label holds a hyphen, cut there
/// (`www.bancointer.com.br-cadastro` to `www.bancointer.com.br`): none
/// when the label has no hyphen or nothing ahead of it.
fn cut_at_hyphen(name: &str) -> Option<&str> {
    let dot = name.rfind('.')?;
    let hyphen = name.get(dot + 1..)?.find('-')?;
    (hyphen > 0).then(|| name.get(..dot + 1 + hyphen)).flatten()
}

/// Whether a piece of path, a query key or a fragment may name a known
/// site, for the fast path: true whenever [`brand_path_warnings`] could
/// find one there. A brand's domain has a brand's name for a label
/// (`paypal` of `paypal.com`): most pieces have none (`index.html`), and
/// are turned away by a table or two per label, without reading their
/// names whole.
pub(crate) fn may_name_known_site(text: &[u8]) -> bool {
    let mut start = 0;
    for (i, &b) in text.iter().enumerate() {
        if in_label(b) {
            continue;
        }
        if brand_name_in(text.get(start..i).unwrap_or_default()) {
            return names_known_site(text);
        }
        start = i + 1;
    }
    brand_name_in(text.get(start..).unwrap_or_default()) && names_known_site(text)
}

/// [`may_name_known_site`] of a part whose dots the fast path counted as
/// it went by (`dots`, the last at `last_dot`). With one dot (most parts
/// with any: `index.html`), a domain written there has for its name the
/// letters, digits and hyphens just before that dot: one label to test.
pub(crate) fn part_may_name_known_site(part: &[u8], dots: usize, last_dot: usize) -> bool {
    if dots != 1 {
        return may_name_known_site(part);
    }
    let ahead = part.get(..last_dot).unwrap_or_default();
    let run = ahead.iter().rev().take_while(|&&b| in_label(b)).count();
    brand_name_in(ahead.get(ahead.len() - run..).unwrap_or_default()) && names_known_site(part)
}

/// Whether a path (its first '/' aside, up to its query) whose route ends
/// in a sign-in ([`crate::services::lures::is_kit_word`]) or an index page
/// may show a brand's name in a folder, for the fast path: true whenever
/// [`super::brand_folder::brand_folder`] could find one (a piece of it is
/// a brand's name).
pub(crate) fn may_show_brand_page(path: &[u8]) -> bool {
    !brand_words(path).is_empty()
}

/// Whether a path (its first '/' aside, up to its query) that ends in a
/// [`sign_in_page`] may show a brand's name, for the fast path: true
/// whenever [`brand_page`] could find one (a piece of it is a brand's
/// name, or a brand's token is glued inside a folder's word,
/// [`token_in_folders`]).
pub(crate) fn may_show_brand_page_file(path: &[u8]) -> bool {
    may_show_brand_page(path) || token_in_folders(path, b"").is_some()
}

/// A brand's token glued inside a longer word of a segment of `folders`
/// of one word or two (`/dropboxfiles/`, `/ZOHODROP/dropboxsharepoint/`;
/// a longer slug, `/fix-microsoftteams-login-error/`, names a topic, as
/// [`brand_words`] reads it), as [`crate::sites::tokens_inside`] reads a
/// shared host's account: its brand and its byte range within `folders`;
/// none of the brands of the owner of the site `own`.
fn token_in_folders(folders: &[u8], own: &[u8]) -> Option<(&'static str, (usize, usize))> {
    let mut start = 0;
    for segment in folders.split(|&b| b == b'/') {
        let words = segment
            .split(|b| !b.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .count();
        let found = (words <= 2)
            .then(|| crate::sites::tokens_inside(segment, own).next())
            .flatten();
        if let Some((brand, (s, e))) = found {
            return Some((brand, (start + s, start + e)));
        }
        start += segment.len() + 1;
    }
    None
}

/// Whether a byte may be inside a written domain's label: a letter, a
/// digit or a hyphen.
fn in_label(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// Whether a domain written in `text` is a known site's (the exact test
/// the fast path's label tests stand in front of).
fn names_known_site(text: &[u8]) -> bool {
    written_domains(text).any(|d| site_written(&d.name).is_some())
}

/// Whether a run of letters, digits and hyphens is a brand's domain's
/// name, the hyphens around it dropped (as [`written_domains`] drops them).
fn brand_name_in(run: &[u8]) -> bool {
    if !matches!((run.first(), run.last()), (Some(b'-'), _) | (_, Some(b'-'))) {
        return crate::sites::is_brand_name(run);
    }
    let start = run.iter().position(|&b| b != b'-').unwrap_or(run.len());
    let end = run
        .iter()
        .rposition(|&b| b != b'-')
        .map_or(start, |e| e + 1);
    crate::sites::is_brand_name(run.get(start..end).unwrap_or_default())
}

/// The bytes of each query key ([`super::query::pairs`]).
fn query_keys<'a>(input: &'a [u8], parts: &Split) -> impl Iterator<Item = Span> + 'a {
    parts
        .query
        .into_iter()
        .flat_map(move |q| super::query::pairs(input, q).map(|p| p.key))
}

/// Whether a known site and the URL's own (its registrable domain `own`,
/// its host's brand `own_brand`, [`crate::sites::brand_of_host`]) are one
/// owner's: the same domain, or one brand's.
fn same_owner(a: &KnownSite, own: &str, own_brand: Option<&str>) -> bool {
    a.domain == own || a.brand.is_some() && own_brand == a.brand
}

/// `brand-in-path` for the path, the query keys and the fragment.
pub(crate) fn brand_path_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    component_at: impl Fn(usize) -> Option<usize>,
    out: &mut Vec<Warning>,
) {
    let Some(own) = host.and_then(|h| h.registrable.as_deref().or(Some(h.decoded.as_str()))) else {
        return;
    };
    // An archive's copy of a page: the names in its address are the
    // archived page's, which its own analysis (a carried URL) reads.
    if host.is_some_and(|h| {
        crate::wrappers::archived_copy(h.decoded.as_bytes(), parts.path.of(input)).is_some()
    }) {
        return;
    }
    let own_brand = host.and_then(|h| crate::sites::brand_of_host(&h.decoded));
    // Where names may be shown: the path, each query key, the fragment.
    let mut places: Vec<Span> = vec![parts.path];
    places.extend(query_keys(input, parts));
    places.extend(parts.fragment);
    let mut shown: Option<(WrittenDomain, KnownSite, Span)> = None;
    for place in places {
        let found = written_domains(place.of(input))
            .filter(|d| !d.carried)
            .find_map(|mut d| {
                let (site, len) = site_written(&d.name)?;
                d.end = d.start + len;
                d.name.truncate(len);
                let span = Span::new(place.start + d.start, place.start + d.end);
                let tenant = place == parts.path && is_b2c_tenant(input, span);
                (!same_owner(&site, own, own_brand) && !tenant).then_some((d, site, span))
            });
        if found.is_some() {
            shown = found;
            break;
        }
    }
    // A sign-in word after the host: in the path, the query or the
    // fragment (the name itself included: `login.microsoftonline.com`).
    let after = Span::new(parts.path.start, parts.trimmed.end.max(parts.path.start));
    // On an index of code modules, a path names a module by its
    // repository's host and name (`/github.com/o/auth-library`): its words
    // are the repository's, no page's.
    let module_index = host.is_some_and(|h| {
        let name = h.decoded.strip_prefix("www.").unwrap_or(&h.decoded);
        crate::services::lures::is_one_of(MODULE_INDEXES, name.as_bytes())
    });
    let words: Vec<Span> = credential_words(after.of(input))
        .into_iter()
        .filter(|_| !module_index)
        .map(|(s, e)| Span::new(after.start + s, after.start + e))
        .collect();
    let Some((written, site, span)) = shown else {
        // A brand's name in a kit's sign-in page or folder counts where no
        // other rule reads it: not on a listed shared hosting service
        // (`shared-hosting` reads brands' names there), nor where the host
        // shows or imitates a brand itself.
        let found = match brand_route(input, parts, own, own_brand, out) {
            Some(route) => Some((Case::BrandRoute, route)),
            None if host.is_some_and(HostReading::on_listed_service)
                || host_shows_brand(out)
                || host.is_some_and(|h| is_institution_help(h, parts.path.of(input))) =>
            {
                None
            }
            None => brand_page(input, parts, own, own_brand)
                .map(|page| (Case::BrandPage, page))
                .or_else(|| {
                    brand_folder(input, parts, own, own_brand).map(|page| (Case::BrandFolder, page))
                })
                .or_else(|| {
                    saved_page(input, parts, own, own_brand)
                        .map(|page| (Case::BrandSavedPage, page))
                })
                .or_else(|| {
                    unpacked(input, parts, own, own_brand).map(|page| (Case::BrandUnpacked, page))
                }),
        };
        if let Some((case, page)) = found {
            out.push(Warning::for_case(
                case,
                page.spans,
                component_at(page.name.start),
                page.message,
            ));
        }
        return;
    };
    let whose = site.brand.map_or_else(
        || format!("'{}'", quote_str(&site.domain)),
        |b| format!("{b}'s"),
    );
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    let mirrored = || mirrored_page(input, parts, span).filter(|_| !crate::sites::is_known(own));
    let first_word = words.first().copied();
    let (case, tail, more) = match (first_word, words.is_empty().then(mirrored).flatten()) {
        (Some(word), _) => (
            Case::BrandLogin,
            format!(
                ", and '{}' asks for a sign-in: a brand's sign-in page on a host it does not own",
                quoted(word)
            ),
            words,
        ),
        (None, Some(page)) => (
            Case::BrandMirror,
            format!(
                ", and '{}' is a page in a folder named for it: a brand's site copied into the folders of a host it does not own, as phishing kits are",
                quoted(page)
            ),
            vec![page],
        ),
        (None, None) => (
            Case::BrandMention,
            ": mirrors and hosting pages do this too, and so does a page that imitates it"
                .to_string(),
            words,
        ),
    };
    let mut spans = vec![span];
    spans.extend(more);
    out.push(Warning::for_case(
        case,
        spans,
        component_at(span.start),
        format!(
            "The URL shows '{}' ({whose}) after the host, but the site is '{}'{tail}.",
            quote_str(&written.name),
            quote_str(own),
        ),
    ));
}

/// The sites that index code modules under their import paths, which
/// start with the host of the module's repository
/// (`pkg.go.dev/github.com/AzureAD/microsoft-authentication-library-for-go`).
const MODULE_INDEXES: &[&str] = &[
    "pkg.go.dev",
    "godocs.io",
    "goreportcard.com",
    "sourcegraph.com",
    "deps.dev",
];

/// The first labels an institution names its IT or help site with
/// (`it.emory.edu`, `uit.stanford.edu`, `itconnect.uw.edu`).
const HELP_LABELS: &[&str] = &[
    "it",
    "its",
    "uit",
    "oit",
    "ist",
    "itconnect",
    "ithelp",
    "itservices",
    "help",
    "helpdesk",
    "servicedesk",
    "support",
    "kb",
    "tech",
    "technology",
    "computing",
    "ict",
];

/// The folders an institution's pages about the services it runs sit
/// under (`/services/google-workspace/`, `/computing/.../microsoft-365/`,
/// `/tech/`).
const HELP_FOLDERS: &[&str] = &[
    "service",
    "services",
    "software",
    "technology",
    "tech",
    "computing",
    "collaboration",
    "email",
    "help",
    "support",
    "kb",
    "faq",
    "guides",
    "howto",
    "how-to",
    "tutorials",
    "it",
    "its",
    "it-services",
    "information-services",
    "information-technology",
];

/// Whether the host is an educational institution's site about the
/// services it runs: its registrable domain under a suffix only such
/// institutions register in (`edu`, `ac.uk`, `edu.au`), and its first
/// label an IT or help site's ([`HELP_LABELS`]: `uit.stanford.edu`) or a
/// folder of `path` one of the services' ([`HELP_FOLDERS`]:
/// `/service/office365/login`). A university's page on signing in to
/// Microsoft 365 names the brand and the sign-in as a kit does; no one
/// else registers there.
fn is_institution_help(host: &HostReading, path: &[u8]) -> bool {
    let Some(registrable) = host.registrable.as_deref() else {
        return false;
    };
    let suffix = crate::names::public_suffix(registrable).unwrap_or_default();
    let educational = suffix == "edu" || suffix.starts_with("edu.") || suffix.starts_with("ac.");
    if !educational {
        return false;
    }
    let name = host.decoded.strip_prefix("www.").unwrap_or(&host.decoded);
    let first = name.split('.').next().unwrap_or_default();
    crate::services::lures::is_one_of(HELP_LABELS, first.as_bytes())
        || path
            .split(|&b| b == b'/')
            .any(|folder| crate::services::lures::is_one_of(HELP_FOLDERS, folder))
}

/// The routes of Azure AD B2C's sign-in service after a tenant's name
/// (lowercase): OAuth 2.0 and OpenID Connect (`oauth2/v2.0/authorize`,
/// `v2.0/.well-known/openid-configuration`), a user flow's name
/// (`B2C_1_signin`, `B2C_1A_` custom policies), SAML.
const B2C_ROUTES: &[&[u8]] = &[
    b"oauth2/",
    b"v2.0/",
    b"b2c_1",
    b"discovery/",
    b".well-known/",
    b"samlp/",
];

/// Whether the domain written at `span` of the path is an Azure AD B2C
/// tenant's name (`contoso.onmicrosoft.com`) as a whole segment followed
/// by one of B2C's routes ([`B2C_ROUTES`]): the address a B2C tenant's
/// custom domain (`login.contoso.com`) serves its sign-in under, by
/// Microsoft's design. The tenant is its owner's, not Microsoft's page.
fn is_b2c_tenant(input: &[u8], span: Span) -> bool {
    let name = span.of(input);
    let tenant = name.len() > ".onmicrosoft.com".len()
        && name
            .get(name.len() - ".onmicrosoft.com".len()..)
            .is_some_and(|s| s.eq_ignore_ascii_case(b".onmicrosoft.com"));
    let whole = span.start > 0 && input.get(span.start - 1) == Some(&b'/');
    let route = input
        .get(span.end..)
        .and_then(|rest| rest.strip_prefix(b"/"))
        .is_some_and(|rest| {
            B2C_ROUTES.iter().any(|r| {
                rest.get(..r.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(r))
            })
        });
    tenant && whole && route
}

/// The page file a path ends in (`index.html`), when the domain written
/// at `span` is a whole folder of the path ahead of it
/// (`/mp/outlook.com/index.html`): a brand's site copied, folders and
/// all, into another site's. A folder alone (`/www.dropbox.com/1223/`) or
/// the path's last segment (`/h2oeco/www.facebook.com`) is what mirrors,
/// link pages and site checkers show too.
fn mirrored_page(input: &[u8], parts: &Split, span: Span) -> Option<Span> {
    let path = parts.path;
    let folder = span.start > path.start
        && span.end < path.end
        && input.get(span.start - 1) == Some(&b'/')
        && input.get(span.end) == Some(&b'/');
    if !folder {
        return None;
    }
    let (file, _) = crate::services::lures::page_file(path.of(input))?;
    let file = path.start + file;
    (file > span.end).then(|| Span::new(file, path.end))
}

/// Whether the host already shows or imitates a brand (`brand-in-host`,
/// `lookalike-domain`, in `found`) at `medium` or above: a host only
/// shown as near a top site (`nytimez.com`, `low`) reads no brand, and
/// the top sites' look-alikes are searched only below `medium` (as
/// `scan` triages), so they must not decide a `medium` warning.
fn host_shows_brand(found: &[Warning]) -> bool {
    found.iter().any(|w| {
        matches!(
            w.code,
            WarningCode::BrandInHost | WarningCode::LookalikeDomain
        ) && w.severity >= Severity::Medium
    })
}

/// A brand's own sign-in route ([`brand_route::ROUTES`]: path segments
/// or a query key only its pages use) on a site (`own`) the brand does
/// not own, unless the host already shows or imitates a brand: the
/// first, in the path then the query keys.
fn brand_route(
    input: &[u8],
    parts: &Split,
    own: &str,
    own_brand: Option<&str>,
    found: &[Warning],
) -> Option<BrandPage> {
    if host_shows_brand(found) {
        return None;
    }
    // Every route written, in the path then the query keys.
    let mut written: Vec<(&brand_route::Route, Span)> = Vec::new();
    let path = parts.path.of(input);
    let mut start = 0;
    for (i, &b) in path.iter().chain(std::iter::once(&b'/')).enumerate() {
        if b != b'/' {
            continue;
        }
        if let Some(route) = brand_route::path_route_ending(path, i, i - start) {
            let end = parts.path.start + i;
            written.push((route, Span::new(end - route.text.len(), end)));
        }
        start = i + 1;
    }
    for key in query_keys(input, parts) {
        if let Some(route) = brand_route::key_route(key.of(input)) {
            written.push((route, key));
        }
    }
    let (first, name) = *written.first()?;
    let site = known_site(first.domain)?;
    let brand = site.brand?;
    if same_owner(&site, own, own_brand) {
        return None;
    }
    // The first brand's routes, each on its bytes.
    let spans: Vec<Span> = written
        .iter()
        .filter(|(r, _)| r.domain == first.domain)
        .map(|&(_, span)| span)
        .collect();
    let what = match first.place {
        brand_route::Place::Path => format!("the path of {brand}'s own sign-in page"),
        brand_route::Place::Key => format!("a query key of {brand}'s own pages"),
    };
    Some(BrandPage {
        name,
        spans,
        message: format!(
            "The URL writes '{}', {what}, but the site is '{}': a copy of {brand}'s sign-in page on a host it does not own.",
            quote_str(&String::from_utf8_lossy(name.of(input))),
            quote_str(own),
        ),
    })
}

/// Sign-in words that a merchant's pages for a brand's payments use too
/// (PayPal's return and notification pages: `confirm.php`,
/// `validation.php`, `verify.php`), and a wallet's or an update's page.
const SHOP_WORDS: &[&str] = &[
    "confirm",
    "validate",
    "validation",
    "verify",
    "verification",
    "update",
    "wallet",
    "billing",
    "banking",
];

/// A brand's name in the path of a sign-in page: its span, the spans
/// behind the warning and its message.
pub(super) struct BrandPage {
    pub(super) name: Span,
    pub(super) spans: Vec<Span>,
    pub(super) message: String,
}

/// A brand's name ([`brand_words`]: a piece of one word or two; or a
/// brand's token glued inside a folder's word, [`token_in_folders`]) in a
/// path that ends in a [`sign_in_page`], on a site (`own`, its host's brand
/// `own_brand`) the brand does not own. The caller asks only where no
/// other rule reads the brand already ([`host_shows_brand`]).
fn brand_page(
    input: &[u8],
    parts: &Split,
    own: &str,
    own_brand: Option<&str>,
) -> Option<BrandPage> {
    let path = parts.path.of(input);
    let page = sign_in_page(path)?;
    let at = |s: usize, e: usize| Span::new(parts.path.start + s, parts.path.start + e);
    // A brand's token, or one of its common words alone in its piece
    // (`/AOL/aol/login.php`; not `/back-office/login.php`).
    let alone = |s: usize, e: usize| {
        let ends = |b: Option<&u8>| b.is_none_or(|&b| matches!(b, b'/' | b'.'));
        ends(s.checked_sub(1).and_then(|p| path.get(p))) && ends(path.get(e))
    };
    let written = brand_words(path).into_iter().find_map(|(s, e)| {
        let word = path.get(s..e)?;
        let brand = crate::sites::brand_of_word(word)?;
        let distinctive = crate::sites::brand_token(word).is_some() || alone(s, e);
        (distinctive && Some(brand) != own_brand).then(|| (at(s, e), brand))
    });
    // Or a brand's token glued inside a folder's word (`/dropboxfiles/`).
    let glued = || {
        let folders = path.get(..page.file).unwrap_or_default();
        let (brand, (s, e)) = token_in_folders(folders, own.as_bytes())?;
        (Some(brand) != own_brand).then(|| (at(s, e), brand))
    };
    let (name, brand) = written.or_else(glued)?;
    // The sign-in words of the page's name and its folder's; a shop's
    // words are no sign-in (a merchant's `/modules/paypal/validation.php`,
    // `/ipn/paypal/verify.php`, `/apple-wallet.html`).
    let named = path.get(page.folder..).unwrap_or_default();
    let words: Vec<Span> = credential_words_except(named, SHOP_WORDS)
        .into_iter()
        .map(|(s, e)| at(page.folder + s, page.folder + e))
        .filter(|w| !w.overlaps(name))
        .collect();
    let first_word = *words.first()?;
    let quoted = |span: Span| quote_str(&String::from_utf8_lossy(span.of(input)));
    let file = path.get(page.file..).unwrap_or_default();
    let mut spans = vec![name];
    spans.extend(words);
    Some(BrandPage {
        name,
        spans,
        message: format!(
            "The URL shows '{}' ({brand}'s name) in the path of the page '{}', but the site is '{}', and '{}' asks for a sign-in: a brand's sign-in page on a host it does not own.",
            quoted(name),
            quote_str(&String::from_utf8_lossy(file)),
            quote_str(own),
            quoted(first_word),
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::{Severity, WarningCode};

    /// The `brand-in-path` warnings of `url`: severity and the bytes of
    /// each span.
    fn found(url: &str) -> Vec<(Severity, Vec<String>)> {
        super::super::test_support::found(url, WarningCode::BrandInPath)
    }

    fn codes(url: &str) -> Vec<&'static str> {
        let a = analyze(url.as_bytes(), &Options::default());
        a.warnings.iter().map(|w| w.code.code()).collect()
    }

    #[test]
    fn a_brand_login_path_on_another_site() {
        use Severity::{Low, Medium};
        assert_eq!(
            found("https://evil.example/login.microsoftonline.com/login.php"),
            [(
                Medium,
                vec![
                    "login.microsoftonline.com".into(),
                    "login".into(),
                    "login".into()
                ]
            )]
        );
        assert_eq!(
            found("https://compromised.example/www.dropbox.com/1223/"),
            [(Low, vec!["www.dropbox.com".into()])]
        );
        assert_eq!(
            found("https://x.example/wp-content/cgi.ebay.de/signin.html"),
            [(Medium, vec!["cgi.ebay.de".into(), "signin".into()])]
        );
        assert_eq!(
            found("https://x.example/kit/paypal.com.php?verify=1"),
            [(Medium, vec!["paypal.com".into(), "verify".into()])]
        );
        assert_eq!(found("https://x.example/a#www.paypal.com")[0].0, Low);
        assert_eq!(found("https://x.example/a?www.paypal.com&x=1")[0].0, Low);
    }

    /// A brand's token glued to other words in a folder of a sign-in
    /// page's route; not on the brand's own site, not inside an ordinary
    /// word, not without a sign-in page. The fast path refuses each URL
    /// that gets the warning.
    #[test]
    fn a_brand_token_glued_inside_a_folder_of_a_sign_in_page() {
        use Severity::Medium;
        for (url, brand) in [
            ("http://x.example/a/dropboxfiles/login.php", "dropbox"),
            (
                "http://x.example/fund/ZOHODROP/dropboxsharepoint/securedfile/login.php.html",
                "sharepoint",
            ),
            ("http://x.example/netflixaccount/signin.html", "netflix"),
        ] {
            let found = found(url);
            assert_eq!(found.first().map(|f| f.0), Some(Medium), "{url}");
            assert_eq!(found[0].1.first().map(String::as_str), Some(brand), "{url}");
            let min = Severity::Medium;
            assert!(!crate::triage::is_plain_at(url.as_bytes(), min), "{url}");
        }
        for url in [
            "https://www.dropbox.com/dropboxfiles/login.php",
            "http://x.example/revolution/login.php",
            "http://x.example/dropboxfiles/readme.html",
            "https://blog.example/fix-microsoftteams-login-error/index.html",
        ] {
            assert_eq!(found(url), [], "{url}");
        }
    }

    #[test]
    fn a_brand_s_site_copied_into_another_site_s_folder() {
        use Severity::{Low, Medium};
        for (url, domain, page) in [
            (
                "https://x.example/mp/11/outlook.com/index.html",
                "outlook.com",
                "index.html",
            ),
            (
                "http://x.example/header/www.dhl.com/my.dhl-com/index.php?email=a",
                "www.dhl.com",
                "index.php",
            ),
            (
                "https://x.example/img/paypal.com/75b559b48876bd33/personal.php",
                "paypal.com",
                "personal.php",
            ),
        ] {
            assert_eq!(
                found(url),
                [(Medium, vec![domain.into(), page.into()])],
                "{url}"
            );
        }
        assert_eq!(
            super::super::test_support::message(
                "https://x.example/mp/outlook.com/index.html",
                WarningCode::BrandInPath
            ),
            "The URL shows 'outlook.com' (Microsoft's) after the host, but the site is 'x.example', and 'index.html' is a page in a folder named for it: a brand's site copied into the folders of a host it does not own, as phishing kits are."
        );
        // Near misses, only shown: a folder alone, the last segment, a
        // file that is no page, and a domain glued to other text in its
        // segment.
        for url in [
            "https://x.example/www.dropbox.com/1223/",
            "https://x.example/app/facebook.com/?lang=en",
            "https://x.example/sites/www.paypal.com",
            "https://x.example/www.paypal.com/logo.png",
        ] {
            assert_eq!(found(url)[0].0, Low, "{url}");
        }
    }

    #[test]
    fn quiet_where_the_name_is_the_site_s_own_or_carried() {
        for url in [
            // The brand's own site, and one of its other domains.
            "https://www.dropbox.com/s/x/file.pdf",
            "https://www.paypal.com/www.paypal.com/signin",
            "https://login.live.com/login.microsoftonline.com/",
            // A URL the path carries (open-redirect's), an e-mail address.
            "https://x.example/r/https://login.microsoftonline.com/login",
            "https://x.example/contact/help@paypal.com/",
            // A query value: search and share links carry names there.
            "https://x.example/share?u=www.paypal.com/signin",
            // No known site: a hosting page, files.
            "https://sites.google.com/a/example.com/",
            "https://x.example/index.html/jquery.min.js/login.php",
            // An archive's copy of a page: its address is the archived
            // page's, which its own analysis reads.
            "https://web.archive.org/web/2015/www.paypal.com/us/home.html",
            "https://web.archive.org/web/2020/www.paypal.com.secure-login.example.net/login",
        ] {
            assert!(found(url).is_empty(), "{url}");
        }
    }

    #[test]
    fn a_brand_s_own_route_on_another_site() {
        use Severity::Medium;
        // Every key of the brand's on its bytes.
        assert_eq!(
            found(
                "https://kit.example/customer_center/myaccount/signin/?country.x=US&locale.x=en_US"
            ),
            [(Medium, vec!["country.x".into(), "locale.x".into()])]
        );
        // Whole segments, in any case, anywhere in the path.
        assert_eq!(
            found("http://kit.example/x/AP/SignIn/?x=1"),
            [(Medium, vec!["AP/SignIn".into()])]
        );
        assert_eq!(
            found("http://kit.example/signOnV2Screen.go/1"),
            [(Medium, vec!["signOnV2Screen.go".into()])]
        );
        assert_eq!(
            super::super::test_support::message("http://203.0.113.7/ap/signin", WarningCode::BrandInPath),
            "The URL writes 'ap/signin', the path of Amazon's own sign-in page, but the site is '203.0.113.7': a copy of Amazon's sign-in page on a host it does not own."
        );
        for quiet in [
            // The brand's own sites, any of them.
            "https://www.paypal.com/signin?country.x=US&locale.x=en_US",
            "https://www.amazon.co.jp/ap/signin?openid.return_to=x",
            "https://www.amazon.com.be/ap/signin?openid.return_to=x",
            "https://accounts.google.com/v3/signin/identifier?continue=x",
            "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
            "https://secure.bankofamerica.com/login/sign-in/signOnV2Screen.go",
            // Not whole segments; an image button's keys; a value.
            "https://x.example/map/signin",
            "https://x.example/ap/signin2",
            "https://x.example/cgi-bin/webscr2",
            "https://x.example/?submit.x=1&submit.y=2",
            "https://x.example/?next=country.x",
        ] {
            assert!(found(quiet).is_empty(), "{quiet}");
        }
        // A host that shows the brand already says it.
        assert!(found("https://paypal.com.evil.example/?country.x=US").is_empty());
    }

    #[test]
    fn a_brand_s_name_on_another_site_s_sign_in_page() {
        use Severity::Medium;
        assert_eq!(
            found("http://kaosit.example/log/linkedin/Linkedin/SignIn.php"),
            [(Medium, vec!["linkedin".into(), "SignIn".into()])]
        );
        // A common word alone in its piece names its brand.
        assert_eq!(
            found("http://x.example/ok/AOL/aol/login.php?id=1"),
            [(Medium, vec!["AOL".into(), "login".into()])]
        );
        // A common word names its brand in a short piece; an index page's
        // folder names the page.
        assert_eq!(
            found("https://x.example/office/signin/index.php"),
            [(Medium, vec!["office".into(), "signin".into()])]
        );
        // A sign-in word in the query, or in the folder of a page with a
        // name of its own, is not the page's.
        assert!(found("https://x.example/ssv/office/index.php?verify=1").is_empty());
        assert!(found("https://x.example/office/login/about.php").is_empty());
        // A host only shown as near a top site (a low look-alike of
        // nytimes.com) does not read another brand's name in its path.
        assert_eq!(
            found("https://nytimez.com/paypal/login.php"),
            [(Medium, vec!["paypal".into(), "login".into()])]
        );
        assert_eq!(
            super::super::test_support::message("http://x.example/AppleID/signin.php", WarningCode::BrandInPath),
            "The URL shows 'AppleID' (Apple's name) in the path of the page 'signin.php', but the site is 'x.example', and 'signin' asks for a sign-in: a brand's sign-in page on a host it does not own."
        );
    }

    #[test]
    fn quiet_where_a_brand_s_name_is_no_kit_s_page() {
        for url in [
            // A merchant's payment pages, a wallet's page, a product's
            // update.
            "https://shop.example/modules/paypal/validation.php",
            "https://shop.example/checkout/paypal/confirm.php",
            "https://shop.example/ipn/paypal/verify.php",
            "https://bank.example/digital-banking/apple-wallet.html",
            "https://news.example/tech/zoom-update.html",
            // A common word beside another word: a back office.
            "https://x.example/back-office/login.php",
            "https://x.example/my_office/login.php",
            // Frameworks' social sign-in routes: no page file.
            "https://x.example/accounts/google/login/",
            "https://x.example/auth/facebook/callback",
            "https://x.example/signin-google",
            "https://x.example/login/linkedin",
            // No sign-in word (brand_folder reads an index page's
            // folder); the brand's name in a long slug (a topic).
            "https://x.example/paypal/about.php",
            "https://x.example/blog/how-to-set-up-paypal-login-for-shops.html",
            // The brand's own site, and another of its domains.
            "https://www.linkedin.com/linkedin/SignIn.php",
            "https://login.live.com/office/login.aspx",
            // A listed shared host: shared-hosting's.
            "https://kit.github.io/linkedin/SignIn.php",
            // A host that already shows the brand: brand-in-host's.
            "https://paypal-secure.example/paypal/login.php",
            // The name in the host part of the URL only.
            "https://linkedin.example/login.php",
        ] {
            assert!(found(url).is_empty(), "{url}: {:?}", found(url));
        }
        // The page file is what the path ends in.
        assert!(found("https://x.example/linkedin/login.php/").is_empty());
    }

    #[test]
    fn the_fast_path_test_finds_what_the_check_finds() {
        use super::may_name_known_site as may;
        for part in [
            "index.html",
            "logo.PNG",
            "v1.2",
            "jquery.min.js",
            "main.php",
            "a.b",
        ] {
            assert!(!may(part.as_bytes()), "{part}");
        }
        for part in [
            "paypal.com",
            "x_paypal.com",
            "paypal.com-",
            "PayPal.com.php",
            "a.html_www.dropbox.com",
            "login.microsoftonline.com.html",
        ] {
            assert!(may(part.as_bytes()), "{part}");
        }
    }

    #[test]
    fn one_rule_per_idea_with_deceptive_host() {
        // A known site's domain first in the path: brand-in-path alone.
        let c = codes("https://compromised.example/www.dropbox.com/1223/");
        assert!(
            c.contains(&"brand-in-path") && !c.contains(&"deceptive-host"),
            "{c:?}"
        );
        // Another domain name first in the path: deceptive-host alone.
        let c = codes("https://compromised.example/www.example.com/1223/");
        assert!(
            !c.contains(&"brand-in-path") && c.contains(&"deceptive-host"),
            "{c:?}"
        );
    }
}
