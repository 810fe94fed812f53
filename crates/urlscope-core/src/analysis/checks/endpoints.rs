//! The endpoints of the large sites and of the sign-in protocols that
//! treat a URL in one of their query values apart from a redirect's
//! target: a sign-in's return address the application registered
//! (OAuth's `redirect_uri`, WS-Federation's `wreply`), and the page a
//! share button shares, a search looks for or a checker checks
//! (`twitter.com/intent/tweet?url=`), and the document a viewer shows
//! (`view.officeapps.live.com/op/view.aspx?src=`). `open-redirect` reads
//! them ([`super::destinations`]).

use crate::analysis::destination::Destination;
use crate::split::{Span, Split};

/// The query keys whose URL the URL's own endpoint treats apart from a
/// redirect's target.
#[derive(Clone, Copy, Default)]
pub(crate) struct EndpointKeys {
    /// A sign-in protocol's registered return address
    /// ([`sign_in_return_keys`]).
    pub(crate) returns: &'static [&'static str],
    /// The page a share button shares or a search looks for
    /// ([`shared_keys`]): named, no visitor sent there.
    pub(crate) shared: &'static [&'static str],
    /// The document or page a viewer, translator or image search fetches
    /// and shows under its own domain ([`viewed_keys`]).
    pub(crate) viewed: &'static [&'static str],
    /// The URL is an application's link, whose path the application is
    /// handed ([`crate::analysis::nested::handed_to_application`]): a URL
    /// at its start is what the application opens.
    pub(crate) application: bool,
}

impl EndpointKeys {
    /// The keys of the URL whose split is `parts` and whose own
    /// destination is `own`: its query's sign-in returns, its host's and
    /// path's shared page, whether an application is handed its path.
    pub(crate) fn of(input: &[u8], parts: &Split, own: Option<&Destination>) -> EndpointKeys {
        EndpointKeys {
            returns: parts.query.map_or(&[][..], |q| {
                let host = own.and_then(|own| own.host.as_ref());
                match host.map(|h| h.canonical.as_str()) {
                    Some(TELEGRAM_LOGIN) if has_key(input, q, b"bot_id") => TELEGRAM_RETURNS,
                    Some(h) if is_firebase_auth(h, parts.path.of(input)) => FIREBASE_RETURNS,
                    _ => sign_in_return_keys(input, q),
                }
            }),
            shared: own
                .and_then(|own| own.host.as_ref())
                .map_or(&[][..], |h| shared_keys(&h.canonical, parts.path.of(input))),
            viewed: own
                .and_then(|own| own.host.as_ref())
                .map_or(&[][..], |h| viewed_keys(&h.canonical, parts.path.of(input))),
            application: crate::analysis::nested::handed_to_application(input, parts),
        }
    }
}

/// Share buttons, searches and page checkers of the large sites: (host,
/// path, the key whose URL they share, look for or check). A visitor is
/// shown a dialog to post the page, results or a report, never sent to
/// it.
const SHARE_ENDPOINTS: &[(&str, &str, &[&str])] = &[
    ("twitter.com", "/intent/tweet", &["url"]),
    ("twitter.com", "/share", &["url"]),
    ("x.com", "/intent/tweet", &["url"]),
    ("x.com", "/intent/post", &["url"]),
    ("x.com", "/share", &["url"]),
    ("www.facebook.com", "/sharer/sharer.php", &["u"]),
    ("www.facebook.com", "/sharer.php", &["u"]),
    ("www.facebook.com", "/dialog/share", &["href"]),
    ("www.facebook.com", "/plugins/share_button.php", &["href"]),
    ("www.facebook.com", "/plugins/like.php", &["href"]),
    ("www.linkedin.com", "/sharing/share-offsite/", &["url"]),
    ("www.linkedin.com", "/sharing/share-offsite", &["url"]),
    ("www.linkedin.com", "/shareArticle", &["url"]),
    ("www.reddit.com", "/submit", &["url"]),
    ("pinterest.com", "/pin/create/button/", &["url", "media"]),
    (
        "www.pinterest.com",
        "/pin/create/button/",
        &["url", "media"],
    ),
    ("t.me", "/share/url", &["url"]),
    ("telegram.me", "/share/url", &["url"]),
    ("www.tumblr.com", "/share/link", &["url"]),
    ("www.tumblr.com", "/widgets/share/tool", &["canonicalUrl"]),
    ("getpocket.com", "/save", &["url"]),
    ("www.google.com", "/search", &["q"]),
    // Checkers that fetch a page to report on it.
    ("search.google.com", "/test/rich-results", &["url"]),
    ("pagespeed.web.dev", "/analysis", &["url"]),
    ("developers.facebook.com", "/tools/debug/", &["q"]),
    ("www.bing.com", "/search", &["q"]),
    ("duckduckgo.com", "/", &["q"]),
];

/// The [`SHARE_ENDPOINTS`] keys of the URL whose own host is `host`
/// (lowercase) and path `path`: none, or the one key.
fn shared_keys(host: &str, path: &[u8]) -> &'static [&'static str] {
    // Facebook's plugins and dialogs are served under a version of its
    // API too (`/v2.12/plugins/like.php`).
    let path = match (host, api_version_len(path)) {
        ("www.facebook.com", Some(len)) => path.get(len..).unwrap_or_default(),
        _ => path,
    };
    SHARE_ENDPOINTS
        .iter()
        .find(|(h, p, _)| *h == host && p.as_bytes() == path)
        .map_or(&[], |(_, _, keys)| keys)
}

/// The length of a leading API version segment (`/v2.12`, `/v19.0`) of
/// `path`, when it has one.
fn api_version_len(path: &[u8]) -> Option<usize> {
    let rest = path.strip_prefix(b"/v")?;
    let len = rest
        .iter()
        .take_while(|b| b.is_ascii_digit() || **b == b'.')
        .count();
    (len > 0 && rest.get(len) == Some(&b'/')).then_some(len + 2)
}

/// Viewers of the large sites that fetch a document, page or image named
/// in a query value and show it under their own domain: (host, path, the
/// key). The visitor stays on the viewer, which shows another site's
/// content: no redirect, but what the page says is that site's.
const VIEWER_ENDPOINTS: &[(&str, &str, &str)] = &[
    ("view.officeapps.live.com", "/op/view.aspx", "src"),
    ("view.officeapps.live.com", "/op/embed.aspx", "src"),
    ("docs.google.com", "/viewer", "url"),
    ("docs.google.com", "/gview", "url"),
    ("drive.google.com", "/viewerng/viewer", "url"),
    ("translate.google.com", "/translate", "u"),
    ("lens.google.com", "/uploadbyurl", "url"),
    // Facebook's image proxy, on a host per region
    // (`external.xx.fbcdn.net`, `external.fsin1-1.fna.fbcdn.net`).
    ("external.*.fbcdn.net", "/safe_image.php", "url"),
    // The image proxies of Slack's link previews and DuckDuckGo's image
    // results, and the open image cache and resizer wsrv.nl (formerly
    // images.weserv.nl).
    ("slack-imgs.com", "/", "url"),
    ("external-content.duckduckgo.com", "/iu/", "u"),
    ("proxy.duckduckgo.com", "/iu/", "u"),
    ("wsrv.nl", "/", "url"),
    ("images.weserv.nl", "/", "url"),
];

/// The [`VIEWER_ENDPOINTS`] key of the URL whose own host is `host`
/// (lowercase) and path `path`: none, or the one key. A `*` in a table's
/// host stands for one or more labels.
fn viewed_keys(host: &str, path: &[u8]) -> &'static [&'static str] {
    let host_is = |pattern: &str| match pattern.split_once('*') {
        Some((head, tail)) => {
            host.len() > head.len() + tail.len() && host.starts_with(head) && host.ends_with(tail)
        }
        None => pattern == host,
    };
    VIEWER_ENDPOINTS
        .iter()
        .find(|(h, p, _)| host_is(h) && p.as_bytes() == path)
        .map_or(&[], |(_, _, key)| std::slice::from_ref(key))
}

/// Telegram's login widget's host.
const TELEGRAM_LOGIN: &str = "oauth.telegram.org";
/// The query keys of a request to Telegram's login widget that names its
/// bot (`bot_id`): the site the widget answers (`origin`, which Telegram
/// holds to the domain the bot's owner set) and the page it returns to.
const TELEGRAM_RETURNS: &[&str] = &["origin", "return_to"];

/// The query keys of Firebase Authentication's own pages on a Firebase
/// Hosting site (`/__/auth/handler`, `/__/auth/action`) whose URL is a
/// page of the app: Firebase returns the visitor there only when its
/// domain is among the project's authorised domains.
const FIREBASE_RETURNS: &[&str] = &["redirectUrl", "continueUrl"];

/// Whether `host` (canonical) and `path` are Firebase Authentication's
/// pages on a Firebase Hosting site ([`FIREBASE_RETURNS`]): its sign-in
/// pages among the paths the service keeps for its own
/// ([`crate::services::is_reserved_path`]).
fn is_firebase_auth(host: &str, path: &[u8]) -> bool {
    path.starts_with(b"/__/auth/")
        && crate::services::shared_hosting(host)
            .is_some_and(|s| crate::services::is_reserved_path(&s.service, path))
}

/// The (key, value) pairs of the query at `query` in `input`
/// ([`super::query::pairs`]), as bytes.
fn query_pairs(input: &[u8], query: Span) -> impl Iterator<Item = (&[u8], &[u8])> {
    super::query::pairs(input, query).map(|p| (p.key.of(input), p.value.of(input)))
}

/// Whether the query at `query` in `input` holds the key `key` (any case).
fn has_key(input: &[u8], query: Span, key: &[u8]) -> bool {
    query_pairs(input, query).any(|(k, _)| k.eq_ignore_ascii_case(key))
}

/// The query keys of an OAuth 2.0 or OpenID Connect request (one that
/// names its app: `client_id`, RFC 6749 sections 4.1.1 and 4.2.1,
/// Facebook's `app_id` and `api_key`, TikTok's `client_key`) whose URL is
/// a return address the app registered, or the page it was asked from:
/// Facebook's `cancel_url` (the registered address, with the error a
/// visitor who declines gets) and `fallback_redirect_uri` (its JavaScript
/// SDK's dialog's, on the app's domain), and Google Identity Services'
/// `origin` (the page a sign-in popup answers, one of the app's
/// registered origins). Auth0's own sign-in page names its app `client`
/// beside the protocol it answers (`protocol=oauth2`).
const OAUTH_RETURNS: &[&str] = &[
    "redirect_uri",
    "post_logout_redirect_uri",
    "cancel_url",
    "origin",
    "fallback_redirect_uri",
];
/// The query keys that name the app of an OAuth 2.0 or OpenID Connect
/// request ([`OAUTH_RETURNS`]).
const OAUTH_APPS: &[&str] = &["client_id", "app_id", "api_key", "client_key"];
/// The same of a WS-Federation sign-in (`wa=wsignin1.0`), whose reply
/// address the relying party registered.
const WSFED_RETURNS: &[&str] = &["wreply"];
/// The same of a SAML 2.0 request (`SAMLRequest`, HTTP-Redirect binding):
/// the identity provider hands `RelayState` back to the service provider
/// that sent it, which alone decides where it leads.
const SAML_RETURNS: &[&str] = &["RelayState"];
/// The same of an OpenID 2.0 request (`openid.mode=checkid_setup`), whose
/// return address the relying party names beside its realm.
const OPENID2_RETURNS: &[&str] = &["openid.return_to"];
/// The same of a request to a SAML identity provider discovery service
/// (which names the service provider asking: `entityID`), which returns
/// the visitor only to an address the service provider's metadata lists
/// (the Identity Provider Discovery Service Protocol, section 2.4.1).
const DISCOVERY_RETURNS: &[&str] = &["return"];

/// The keys of the query at `query` in `input` whose URL is a sign-in
/// protocol's return address,
/// which the sign-in service sends visitors to only when the application
/// registered it: [`OAUTH_RETURNS`], [`WSFED_RETURNS`], [`SAML_RETURNS`],
/// [`OPENID2_RETURNS`], [`DISCOVERY_RETURNS`], or none.
fn sign_in_return_keys(input: &[u8], query: Span) -> &'static [&'static str] {
    let mut pairs = query_pairs(input, query);
    let oauth = |k: &[u8]| {
        OAUTH_APPS
            .iter()
            .any(|a| k.eq_ignore_ascii_case(a.as_bytes()))
    };
    let wsfed = |k: &[u8], v: &[u8]| {
        k.eq_ignore_ascii_case(b"wa")
            && v.get(..7)
                .is_some_and(|v| v.eq_ignore_ascii_case(b"wsignin"))
    };
    let saml = |k: &[u8]| k.eq_ignore_ascii_case(b"SAMLRequest");
    let openid2 =
        |k: &[u8], v: &[u8]| k.eq_ignore_ascii_case(b"openid.mode") && v.starts_with(b"checkid_");
    let discovery = |k: &[u8]| k.eq_ignore_ascii_case(b"entityID");
    // Auth0's sign-in page: `client` with `protocol`, in either order.
    let auth0 = |k: &[u8], v: &[u8]| {
        k.eq_ignore_ascii_case(b"protocol")
            && (v.eq_ignore_ascii_case(b"oauth2") || v.eq_ignore_ascii_case(b"samlp"))
            && has_key(input, query, b"client")
    };
    match pairs.find(|&(k, v)| {
        oauth(k) || wsfed(k, v) || saml(k) || openid2(k, v) || discovery(k) || auth0(k, v)
    }) {
        Some((k, v)) if oauth(k) || auth0(k, v) => OAUTH_RETURNS,
        Some((k, _)) if saml(k) => SAML_RETURNS,
        Some((k, v)) if openid2(k, v) => OPENID2_RETURNS,
        Some((k, _)) if discovery(k) => DISCOVERY_RETURNS,
        Some(_) => WSFED_RETURNS,
        None => &[],
    }
}

/// Whether `via` is the whole value of one of `keys` in the query.
pub(super) fn via_key_of(via: &str, keys: &[&str]) -> bool {
    crate::analysis::nested::parameter_key(via).is_some_and(|(kind, key)| {
        kind == crate::split::ComponentKind::QueryValue
            && keys.iter().any(|k| k.eq_ignore_ascii_case(key))
    })
}
