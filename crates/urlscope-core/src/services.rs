//! Public services whose host name says little about the page or where a
//! link goes: shared hosting (web hosting, file storage, forms and
//! documents, tunnels, IPFS gateways), where anyone publishes under the
//! service's domain, and link shorteners, which hide the destination
//! behind a code only the provider can read. Phishing pages live on the
//! first and travel behind the second because both borrow a reputable
//! domain.
//!
//! The Public Suffix List's private section names many hosting domains
//! (`github.io`, `web.app`, `pages.dev`); the tables here add the storage,
//! form, tunnel and gateway hosts it misses (`storage.googleapis.com`,
//! `forms.office.com`, `trycloudflare.com`, `ipfs.io`) and repeat the
//! hosting domains phishing uses most, so that the fast path
//! ([`crate::triage`]) can rule them out without a list lookup: a filter
//! keyed by a host's last two labels turns away nearly every other host.
//!
//! The sign-in words that make a page on such a host (or on a bare
//! address) a likely credential form are here too, in one list.

use crate::names::is_under;

/// What kind of shared service a host belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum HostingKind {
    /// Web hosting and site builders (`github.io`, `netlify.app`).
    Pages,
    /// File and object storage (`storage.googleapis.com`, S3, R2).
    Storage,
    /// Forms and shared documents (`docs.google.com`, `forms.office.com`).
    Forms,
    /// Tunnels to someone's own machine (`ngrok-free.app`).
    Tunnel,
    /// IPFS gateways (`ipfs.io`, `dweb.link`).
    Ipfs,
    /// A domain whose subdomains others hold, by the Public Suffix List's
    /// private section, not listed here under a kind.
    Shared,
}

impl HostingKind {
    /// What the service is, in words: `web hosting`, `file storage`...
    pub fn label(self) -> &'static str {
        match self {
            HostingKind::Pages => "web hosting",
            HostingKind::Storage => "file storage",
            HostingKind::Forms => "forms and documents",
            HostingKind::Tunnel => "a tunnel to someone's own machine",
            HostingKind::Ipfs => "an IPFS gateway",
            HostingKind::Shared => {
                "a domain whose subdomains others hold (Public Suffix List, private section)"
            }
        }
    }
}

/// A host on a shared service: the page's author is not the domain's
/// owner.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SharedHosting {
    /// The service's domain the host is on (`github.io`,
    /// `storage.googleapis.com`).
    pub service: String,
    /// What kind of service it is.
    pub kind: HostingKind,
}

/// A link behind a shortener: its destination is held by the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Shortened {
    /// The shortener (`bit.ly`).
    pub provider: String,
    /// The provider's own preview page for the link, which shows the
    /// destination without following it, where the provider has one.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub preview: Option<String>,
}

/// One shared service: its domain, what it is, and whether the domain
/// itself serves its users' content under paths (`ipfs.io/ipfs/…`,
/// `storage.googleapis.com/bucket/…`) rather than only under subdomains.
struct Service {
    domain: &'static str,
    kind: HostingKind,
    in_path: bool,
}

const fn pages(domain: &'static str) -> Service {
    Service {
        domain,
        kind: HostingKind::Pages,
        in_path: false,
    }
}

const fn kind_of(domain: &'static str, kind: HostingKind, in_path: bool) -> Service {
    Service {
        domain,
        kind,
        in_path,
    }
}

use HostingKind::{Forms, Ipfs, Storage, Tunnel};

/// The shared services, each at the domain its users' content is under.
/// Amazon S3's regional endpoints are matched by rule
/// ([`s3_endpoint`]), not listed.
const SERVICES: &[Service] = &[
    // Web hosting and site builders (most also in the Public Suffix
    // List's private section).
    pages("github.io"),
    pages("gitlab.io"),
    pages("bitbucket.io"),
    pages("pages.dev"),
    pages("workers.dev"),
    pages("web.app"),
    pages("firebaseapp.com"),
    pages("appspot.com"),
    pages("netlify.app"),
    pages("vercel.app"),
    pages("now.sh"),
    pages("herokuapp.com"),
    pages("glitch.me"),
    pages("repl.co"),
    pages("replit.app"),
    pages("replit.dev"),
    pages("000webhostapp.com"),
    pages("weebly.com"),
    pages("weeblysite.com"),
    pages("wixsite.com"),
    pages("blogspot.com"),
    pages("wordpress.com"),
    pages("azurewebsites.net"),
    pages("azurestaticapps.net"),
    pages("web.core.windows.net"),
    pages("cloudfront.net"),
    pages("amplifyapp.com"),
    pages("onrender.com"),
    pages("fly.dev"),
    pages("surge.sh"),
    pages("webflow.io"),
    pages("framer.app"),
    pages("framer.website"),
    pages("notion.site"),
    pages("carrd.co"),
    pages("godaddysites.com"),
    pages("square.site"),
    pages("yolasite.com"),
    pages("jimdosite.com"),
    pages("mystrikingly.com"),
    pages("site123.me"),
    pages("webnode.page"),
    pages("tiiny.site"),
    pages("csb.app"),
    pages("deno.dev"),
    pages("pythonanywhere.com"),
    pages("infinityfreeapp.com"),
    pages("epizy.com"),
    pages("rf.gd"),
    kind_of("sites.google.com", HostingKind::Pages, true),
    // File and object storage.
    kind_of("storage.googleapis.com", Storage, true),
    kind_of("firebasestorage.googleapis.com", Storage, true),
    kind_of("storage.cloud.google.com", Storage, true),
    kind_of("googleusercontent.com", Storage, false),
    kind_of("blob.core.windows.net", Storage, false),
    kind_of("r2.dev", Storage, false),
    kind_of("backblazeb2.com", Storage, false),
    kind_of("digitaloceanspaces.com", Storage, false),
    // Forms and shared documents.
    kind_of("docs.google.com", Forms, true),
    kind_of("forms.gle", Forms, true),
    kind_of("forms.office.com", Forms, true),
    kind_of("forms.microsoft.com", Forms, true),
    kind_of("jotform.com", Forms, false),
    kind_of("typeform.com", Forms, false),
    // Tunnels.
    kind_of("ngrok.io", Tunnel, false),
    kind_of("ngrok.app", Tunnel, false),
    kind_of("ngrok-free.app", Tunnel, false),
    kind_of("ngrok-free.dev", Tunnel, false),
    kind_of("trycloudflare.com", Tunnel, false),
    kind_of("loca.lt", Tunnel, false),
    kind_of("serveo.net", Tunnel, false),
    kind_of("serveousercontent.com", Tunnel, false),
    kind_of("lhr.life", Tunnel, false),
    kind_of("localhost.run", Tunnel, false),
    kind_of("pagekite.me", Tunnel, false),
    kind_of("devtunnels.ms", Tunnel, false),
    kind_of("pinggy.link", Tunnel, false),
    // IPFS gateways.
    kind_of("ipfs.io", Ipfs, true),
    kind_of("dweb.link", Ipfs, false),
    kind_of("cloudflare-ipfs.com", Ipfs, true),
    kind_of("gateway.pinata.cloud", Ipfs, true),
    kind_of("mypinata.cloud", Ipfs, false),
    kind_of("nftstorage.link", Ipfs, false),
    kind_of("w3s.link", Ipfs, false),
    kind_of("4everland.io", Ipfs, false),
    kind_of("infura-ipfs.io", Ipfs, false),
    kind_of("fleek.co", Ipfs, false),
];

/// Link shorteners anyone can use, and how each shows a link's
/// destination without following it, where it does.
const SHORTENERS: &[(&str, Preview)] = &[
    ("bit.ly", Preview::Append("+")),
    ("j.mp", Preview::None),
    ("t.co", Preview::None),
    ("tinyurl.com", Preview::Host("preview.tinyurl.com")),
    ("ow.ly", Preview::None),
    ("is.gd", Preview::Append("-")),
    ("v.gd", Preview::None),
    ("buff.ly", Preview::None),
    ("rebrand.ly", Preview::None),
    ("cutt.ly", Preview::None),
    ("rb.gy", Preview::None),
    ("t.ly", Preview::None),
    ("lnkd.in", Preview::None),
    ("tiny.cc", Preview::None),
    ("goo.gl", Preview::None),
    ("s.id", Preview::None),
    ("shorturl.at", Preview::None),
    ("bl.ink", Preview::None),
    ("tr.im", Preview::None),
    ("x.co", Preview::None),
    ("surl.li", Preview::None),
    ("short.gy", Preview::None),
    ("clck.ru", Preview::None),
    ("u.to", Preview::None),
    ("vk.cc", Preview::None),
    ("qrco.de", Preview::None),
    ("urlz.fr", Preview::None),
    ("tiny.one", Preview::None),
    ("shorte.st", Preview::None),
    ("adf.ly", Preview::None),
];

/// How a shortener shows a link's destination without following it.
#[derive(Clone, Copy)]
enum Preview {
    /// It has no preview page (that this table knows of).
    None,
    /// The link with this appended (`bit.ly/abc+`).
    Append(&'static str),
    /// The link's code under this host (`preview.tinyurl.com/abc`).
    Host(&'static str),
}

/// The shared service a host name (lowercase ASCII, no trailing dot) is
/// on, by the tables here: `None` for the service's own site (a name
/// with no label ahead of the domain, or only `www`, unless the domain
/// serves its users under paths).
pub(crate) fn listed_hosting(name: &str) -> Option<SharedHosting> {
    let listed = SERVICES.iter().find(|s| is_under(name, s.domain));
    let (domain, kind, in_path) = match listed {
        Some(s) => (s.domain, s.kind, s.in_path),
        None => (s3_endpoint(name)?, Storage, true),
    };
    let ahead = name.strip_suffix(domain).unwrap_or_default();
    let ahead = ahead.strip_suffix('.').unwrap_or(ahead);
    if !in_path && (ahead.is_empty() || ahead == "www") {
        return None;
    }
    Some(SharedHosting {
        service: domain.to_string(),
        kind,
    })
}

/// The Amazon S3 endpoint a name is on (`s3.amazonaws.com`,
/// `s3.eu-west-1.amazonaws.com`, `s3-website-us-east-1.amazonaws.com`,
/// `bucket.s3.dualstack.us-east-1.amazonaws.com`): the name from its `s3`
/// label on.
fn s3_endpoint(name: &str) -> Option<&str> {
    let head = name.strip_suffix(".amazonaws.com")?;
    let mut at = 0;
    for label in head.split('.') {
        if label == "s3" || label.starts_with("s3-") {
            return name.get(at..);
        }
        at += label.len() + 1;
    }
    None
}

/// The shared service a host name (lowercase ASCII) is on: by the tables
/// here, else by the Public Suffix List's private section (its public
/// suffix there, with a label of someone's ahead of it).
pub(crate) fn shared_hosting(name: &str) -> Option<SharedHosting> {
    let name = name.trim_end_matches('.');
    if let Some(listed) = listed_hosting(name) {
        return Some(listed);
    }
    let suffix = psl::suffix(name.as_bytes())?;
    if suffix.typ() != Some(psl::Type::Private) {
        return None;
    }
    let service = std::str::from_utf8(suffix.as_bytes()).ok()?;
    let ahead = name.strip_suffix(service)?.strip_suffix('.')?;
    (!ahead.is_empty() && ahead != "www").then(|| SharedHosting {
        service: service.to_string(),
        kind: HostingKind::Shared,
    })
}

/// The shortener a link is behind, when its host (lowercase ASCII) is one
/// (or `www.` one) and its path (as a WHATWG parser serializes it) holds
/// a code; the provider's home page is no link.
pub(crate) fn shortened(host: &str, path: &str) -> Option<Shortened> {
    let host = host.trim_end_matches('.');
    let bare = host.strip_prefix("www.").unwrap_or(host);
    let &(provider, preview) = SHORTENERS.iter().find(|(p, _)| *p == bare)?;
    let code = path.trim_start_matches('/').trim_end_matches('/');
    if code.is_empty() {
        return None;
    }
    let preview = match preview {
        Preview::None => None,
        Preview::Append(mark) => Some(format!("https://{provider}/{code}{mark}")),
        Preview::Host(at) => Some(format!("https://{at}/{code}")),
    };
    Some(Shortened {
        provider: provider.to_string(),
        preview,
    })
}

/// What the fast path learns of a plain host name from its last two
/// labels alone (its trailing dot dropped).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ServiceHint {
    /// Neither a shortener nor on a listed shared service.
    None,
    /// Maybe a shortener.
    Shortener,
    /// Maybe on a listed shared service.
    Hosting,
}

/// Whether the last two labels of a plain host name (any case) may be a
/// shortener's or a listed service's; no false negatives. Filtered by a
/// hash of the labels first: nearly every host is turned away without a
/// comparison.
pub(crate) fn service_hint(last_two: &[u8]) -> ServiceHint {
    if !SERVICE_FILTER.may_hold(last_two) {
        return ServiceHint::None;
    }
    let is = |entry: &str| last_two_of(entry).as_bytes().eq_ignore_ascii_case(last_two);
    if SHORTENERS.iter().any(|(p, _)| is(p)) {
        ServiceHint::Shortener
    } else if SERVICES.iter().any(|s| is(s.domain))
        || last_two.eq_ignore_ascii_case(b"amazonaws.com")
    {
        ServiceHint::Hosting
    } else {
        ServiceHint::None
    }
}

/// The last two labels of a listed name.
fn last_two_of(name: &str) -> &str {
    let mut dots = name.rmatch_indices('.');
    dots.next();
    match dots.next() {
        Some((at, _)) => name.get(at + 1..).unwrap_or(name),
        None => name,
    }
}

/// A set of names, any case, as 2048 bits keyed by an FNV-1a hash of the
/// lowercase bytes: no false negatives.
struct NameHashes([u64; 32]);

impl NameHashes {
    const fn hash(name: &[u8]) -> usize {
        let mut h: u32 = 0x811c_9dc5;
        let mut i = 0;
        while i < name.len() {
            // Indexing within the loop bound: `get` is not const.
            #[allow(clippy::indexing_slicing)]
            let b = name[i].to_ascii_lowercase();
            h = (h ^ b as u32).wrapping_mul(0x0100_0193);
            i += 1;
        }
        (h >> 21) as usize
    }

    /// The filter of the last two labels of every shortener and service
    /// (and `amazonaws.com`, for S3's endpoints).
    #[allow(clippy::indexing_slicing)]
    const fn build() -> NameHashes {
        let mut bits = [0u64; 32];
        let mut i = 0;
        while i < SHORTENERS.len() + SERVICES.len() + 1 {
            let name = if i < SHORTENERS.len() {
                SHORTENERS[i].0.as_bytes()
            } else if i < SHORTENERS.len() + SERVICES.len() {
                SERVICES[i - SHORTENERS.len()].domain.as_bytes()
            } else {
                b"amazonaws.com"
            };
            // The last two labels: from after the second dot from the end.
            let mut start = name.len();
            let mut dots = 0;
            while start > 0 {
                if name[start - 1] == b'.' {
                    dots += 1;
                    if dots == 2 {
                        break;
                    }
                }
                start -= 1;
            }
            let k = NameHashes::hash(name.split_at(start).1);
            bits[k / 64] |= 1 << (k % 64);
            i += 1;
        }
        NameHashes(bits)
    }

    fn may_hold(&self, name: &[u8]) -> bool {
        let k = NameHashes::hash(name);
        self.0.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1)
    }
}

/// [`service_hint`]'s filter.
const SERVICE_FILTER: NameHashes = NameHashes::build();

/// The words of a sign-in, verification or payment page, as whole
/// tokens of a path, query or host (split at every byte but a letter or
/// digit): `login.php`, `/ap/signin`, `verify-account`.
const CREDENTIAL_WORDS: &[&str] = &[
    "login",
    "logon",
    "signin",
    "signon",
    "sso",
    "auth",
    "oauth",
    "oauth2",
    "authenticate",
    "authentication",
    "authorize",
    "verify",
    "verification",
    "validate",
    "validation",
    "account",
    "accounts",
    "password",
    "passwd",
    "credential",
    "credentials",
    "secure",
    "security",
    "update",
    "confirm",
    "unlock",
    "recover",
    "recovery",
    "wallet",
    "billing",
    "banking",
    "webscr",
    "2fa",
    "mfa",
    "otp",
];

/// Words that name a sign-in even glued to others in a token
/// (`microsoftlogin`, `signinpage`), tested when no whole word matched.
const GLUED_WORDS: &[&str] = &["login", "logon", "signin", "password", "webscr"];

/// Word pairs written as two tokens (`sign-in`, `log_in`).
const SPLIT_WORDS: &[(&str, &str)] =
    &[("sign", "in"), ("log", "in"), ("sign", "on"), ("log", "on")];

/// Where `text` holds a sign-in word (see [`CREDENTIAL_WORDS`]): the
/// byte ranges of each, within `text`, the first 8 at most.
pub(crate) fn credential_words(text: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut previous: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < text.len() && found.len() < 8 {
        if !text.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            i += 1;
            continue;
        }
        let start = i;
        while text.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            i += 1;
        }
        let token = text.get(start..i).unwrap_or_default();
        let is = |w: &&str| w.as_bytes().eq_ignore_ascii_case(token);
        let glued = |w: &&str| {
            token.len() > w.len()
                && (token
                    .get(..w.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(w.as_bytes()))
                    || token
                        .get(token.len() - w.len()..)
                        .is_some_and(|t| t.eq_ignore_ascii_case(w.as_bytes())))
        };
        let pair = previous.is_some_and(|(ps, pe)| {
            let first = text.get(ps..pe).unwrap_or_default();
            pe + 1 == start
                && SPLIT_WORDS.iter().any(|(a, b)| {
                    a.as_bytes().eq_ignore_ascii_case(first)
                        && b.as_bytes().eq_ignore_ascii_case(token)
                })
        });
        if pair {
            if let Some((ps, _)) = previous {
                found.push((ps, i));
            }
        } else if CREDENTIAL_WORDS.iter().any(is) || GLUED_WORDS.iter().any(glued) {
            found.push((start, i));
        }
        previous = Some((start, i));
    }
    found
}

/// Whether `text` holds a sign-in word anywhere, cheaply: the fast path's
/// test on the few URLs on a listed shared service.
pub(crate) fn has_credential_word(text: &[u8]) -> bool {
    !credential_words(text).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_services_by_table_and_by_the_public_suffix_list() {
        for (name, service, kind) in [
            ("someone.github.io", "github.io", HostingKind::Pages),
            ("storage.googleapis.com", "storage.googleapis.com", Storage),
            (
                "bucket.storage.googleapis.com",
                "storage.googleapis.com",
                Storage,
            ),
            (
                "acct.blob.core.windows.net",
                "blob.core.windows.net",
                Storage,
            ),
            ("s3.amazonaws.com", "s3.amazonaws.com", Storage),
            (
                "b.s3.eu-west-1.amazonaws.com",
                "s3.eu-west-1.amazonaws.com",
                Storage,
            ),
            (
                "b.s3-website-us-east-1.amazonaws.com",
                "s3-website-us-east-1.amazonaws.com",
                Storage,
            ),
            ("pub-1a2b.r2.dev", "r2.dev", Storage),
            ("docs.google.com", "docs.google.com", Forms),
            ("forms.gle", "forms.gle", Forms),
            ("abc-12-34.ngrok-free.app", "ngrok-free.app", Tunnel),
            ("x-y.trycloudflare.com", "trycloudflare.com", Tunnel),
            ("bafy.ipfs.dweb.link", "dweb.link", Ipfs),
            ("ipfs.io", "ipfs.io", Ipfs),
            (
                "shop.000webhostapp.com",
                "000webhostapp.com",
                HostingKind::Pages,
            ),
            // The Public Suffix List's private section.
            ("someone.dyndns.org", "dyndns.org", HostingKind::Shared),
        ] {
            let found = shared_hosting(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(
                (found.service.as_str(), found.kind),
                (service, kind),
                "{name}"
            );
            let last_two = last_two_of(name);
            if kind != HostingKind::Shared {
                assert_eq!(
                    service_hint(last_two.as_bytes()),
                    ServiceHint::Hosting,
                    "{name}"
                );
                assert_eq!(
                    service_hint(last_two.to_uppercase().as_bytes()),
                    ServiceHint::Hosting,
                    "{name}"
                );
            }
        }
        // The services' own sites, and names that only share a suffix.
        for name in [
            "github.io",
            "www.github.io",
            "www.herokuapp.com",
            "example.com",
            "ec2.amazonaws.com",
            "github.com",
            "mygithub.io",
            "www.google.com",
        ] {
            assert_eq!(shared_hosting(name), None, "{name}");
        }
    }

    #[test]
    fn the_filter_turns_away_other_hosts() {
        for name in [
            "example.com",
            "wikipedia.org",
            "co.uk",
            "amazon.com",
            "bitly.com",
        ] {
            assert_eq!(service_hint(name.as_bytes()), ServiceHint::None, "{name}");
        }
        assert_eq!(service_hint(b"BIT.LY"), ServiceHint::Shortener);
        for (p, _) in SHORTENERS {
            assert_eq!(service_hint(p.as_bytes()), ServiceHint::Shortener, "{p}");
        }
        for s in SERVICES {
            assert_ne!(
                service_hint(last_two_of(s.domain).as_bytes()),
                ServiceHint::None
            );
        }
    }

    #[test]
    fn shorteners_and_their_previews() {
        let s = shortened("bit.ly", "/3abcDEF").unwrap();
        assert_eq!(s.provider, "bit.ly");
        assert_eq!(s.preview.as_deref(), Some("https://bit.ly/3abcDEF+"));
        let s = shortened("tinyurl.com", "/y2abc").unwrap();
        assert_eq!(
            s.preview.as_deref(),
            Some("https://preview.tinyurl.com/y2abc")
        );
        assert_eq!(
            shortened("is.gd", "/ab12").unwrap().preview.as_deref(),
            Some("https://is.gd/ab12-")
        );
        assert_eq!(shortened("www.t.co", "/x").unwrap().preview, None);
        // The provider's home page, and a host that only ends in one.
        assert_eq!(shortened("bit.ly", "/"), None);
        assert_eq!(shortened("habit.ly", "/x"), None);
    }

    #[test]
    fn credential_words_are_whole_tokens() {
        fn at(t: &str) -> Vec<&str> {
            credential_words(t.as_bytes())
                .into_iter()
                .map(|(s, e)| &t[s..e])
                .collect()
        }
        assert_eq!(at("/ap/signin"), ["signin"]);
        assert_eq!(at("/login.php"), ["login"]);
        assert_eq!(
            at("/x/sign-in/verify_account"),
            ["sign-in", "verify", "account"]
        );
        assert_eq!(at("/microsoftlogin.html"), ["microsoftlogin"]);
        assert_eq!(at("/Office365/SignIn.aspx"), ["SignIn"]);
        // Near misses: the words inside others.
        assert!(at("/author/updates/accountability/catalog").is_empty());
        assert!(at("/blog/in/signature").is_empty());
    }
}
