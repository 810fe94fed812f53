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
//! ([`crate::triage`]) can rule them out with one lookup of a host's last
//! two labels (a `match` the compiler builds), not a list search.
//!
//! The sign-in words that make a page on such a host (or on a bare
//! address) a likely credential form, and the brands' names that make it
//! a likely imitation, are in [`lures`], each in one list.

pub(crate) mod lures;

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
    /// Dynamic DNS names, which anyone points at a machine of their own
    /// (`duckdns.org`, No-IP's `ddns.net`).
    DynamicDns,
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
            HostingKind::DynamicDns => "dynamic DNS, which anyone points at a machine of their own",
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

/// What a listed name is.
#[derive(Clone, Copy)]
enum Entry {
    /// A shared service of that kind; `true` when the domain itself serves
    /// its users' content under paths (`ipfs.io/ipfs/…`,
    /// `storage.googleapis.com/bucket/…`), not only under subdomains.
    Service(HostingKind, bool),
    /// A link shortener, and how it shows a link's destination.
    Shortener(Preview),
}

/// The table: every listed name as a byte string (lowercase), with what
/// it is. It is written out as [`ENTRIES`] and as a `match` ([`entry`]),
/// which the compiler turns into a search by length and bytes: one
/// lookup costs the fast path a few nanoseconds.
macro_rules! entries {
    ($( $(#[$doc:meta])* $name:literal => $entry:expr, )*) => {
        /// Every listed name, with what it is.
        const ENTRIES: &[(&[u8], Entry)] = &[ $( ($name, $entry), )* ];

        /// What a listed name (lowercase) is.
        fn entry(name: &[u8]) -> Option<Entry> {
            match name {
                $( $name => Some($entry), )*
                _ => None,
            }
        }
    };
}

use HostingKind::{DynamicDns, Forms, Ipfs, Pages, Storage, Tunnel};

// The shared services, each at the domain its users' content is under,
// then the shorteners. Amazon S3's regional endpoints are matched by rule
// ([`s3_endpoint`]), not listed.

entries! {
    // Web hosting and site builders (most also in the Public Suffix
    // List's private section).
    b"github.io" => Entry::Service(Pages, false),
    b"gitlab.io" => Entry::Service(Pages, false),
    b"bitbucket.io" => Entry::Service(Pages, false),
    b"pages.dev" => Entry::Service(Pages, false),
    b"workers.dev" => Entry::Service(Pages, false),
    b"web.app" => Entry::Service(Pages, false),
    b"firebaseapp.com" => Entry::Service(Pages, false),
    b"appspot.com" => Entry::Service(Pages, false),
    b"netlify.app" => Entry::Service(Pages, false),
    b"vercel.app" => Entry::Service(Pages, false),
    b"now.sh" => Entry::Service(Pages, false),
    b"herokuapp.com" => Entry::Service(Pages, false),
    b"glitch.me" => Entry::Service(Pages, false),
    b"repl.co" => Entry::Service(Pages, false),
    b"replit.app" => Entry::Service(Pages, false),
    b"replit.dev" => Entry::Service(Pages, false),
    b"000webhostapp.com" => Entry::Service(Pages, false),
    b"weebly.com" => Entry::Service(Pages, false),
    b"weeblysite.com" => Entry::Service(Pages, false),
    b"wixsite.com" => Entry::Service(Pages, false),
    b"blogspot.com" => Entry::Service(Pages, false),
    b"wordpress.com" => Entry::Service(Pages, false),
    b"azurewebsites.net" => Entry::Service(Pages, false),
    b"azurestaticapps.net" => Entry::Service(Pages, false),
    b"web.core.windows.net" => Entry::Service(Pages, false),
    b"cloudfront.net" => Entry::Service(Pages, false),
    b"amplifyapp.com" => Entry::Service(Pages, false),
    b"onrender.com" => Entry::Service(Pages, false),
    b"fly.dev" => Entry::Service(Pages, false),
    b"surge.sh" => Entry::Service(Pages, false),
    b"webflow.io" => Entry::Service(Pages, false),
    b"framer.app" => Entry::Service(Pages, false),
    b"framer.website" => Entry::Service(Pages, false),
    b"notion.site" => Entry::Service(Pages, false),
    b"carrd.co" => Entry::Service(Pages, false),
    b"godaddysites.com" => Entry::Service(Pages, false),
    b"square.site" => Entry::Service(Pages, false),
    b"yolasite.com" => Entry::Service(Pages, false),
    b"jimdosite.com" => Entry::Service(Pages, false),
    b"mystrikingly.com" => Entry::Service(Pages, false),
    b"site123.me" => Entry::Service(Pages, false),
    b"webnode.page" => Entry::Service(Pages, false),
    b"tiiny.site" => Entry::Service(Pages, false),
    b"csb.app" => Entry::Service(Pages, false),
    b"deno.dev" => Entry::Service(Pages, false),
    b"pythonanywhere.com" => Entry::Service(Pages, false),
    b"infinityfreeapp.com" => Entry::Service(Pages, false),
    b"epizy.com" => Entry::Service(Pages, false),
    b"rf.gd" => Entry::Service(Pages, false),
    b"typedream.app" => Entry::Service(Pages, false),
    b"webcindario.com" => Entry::Service(Pages, false),
    b"at.ua" => Entry::Service(Pages, false),
    b"ucoz.ru" => Entry::Service(Pages, false),
    b"ucoz.net" => Entry::Service(Pages, false),
    b"my1.ru" => Entry::Service(Pages, false),
    b"mixh.jp" => Entry::Service(Pages, false),
    b"xsph.ru" => Entry::Service(Pages, false),
    b"regruhosting.ru" => Entry::Service(Pages, false),
    b"creatorlink.net" => Entry::Service(Pages, false),
    b"moonfruit.com" => Entry::Service(Pages, false),
    b"tripod.com" => Entry::Service(Pages, false),
    b"webs.com" => Entry::Service(Pages, false),
    b"co.nf" => Entry::Service(Pages, false),
    b"htmlpasta.com" => Entry::Service(Pages, false),
    b"mybigcommerce.com" => Entry::Service(Pages, false),
    b"multiscreensite.com" => Entry::Service(Pages, false),
    b"somee.com" => Entry::Service(Pages, false),
    b"sites.google.com" => Entry::Service(Pages, true),
    // File and object storage.
    b"storage.googleapis.com" => Entry::Service(Storage, true),
    b"firebasestorage.googleapis.com" => Entry::Service(Storage, true),
    b"storage.cloud.google.com" => Entry::Service(Storage, true),
    b"googleusercontent.com" => Entry::Service(Storage, false),
    b"blob.core.windows.net" => Entry::Service(Storage, false),
    b"r2.dev" => Entry::Service(Storage, false),
    b"backblazeb2.com" => Entry::Service(Storage, false),
    b"digitaloceanspaces.com" => Entry::Service(Storage, false),
    // Microsoft's, but each tenant's files are the tenant's.
    b"sharepoint.com" => Entry::Service(Storage, false),
    // Forms and shared documents.
    b"docs.google.com" => Entry::Service(Forms, true),
    b"forms.gle" => Entry::Service(Forms, true),
    b"forms.office.com" => Entry::Service(Forms, true),
    b"forms.microsoft.com" => Entry::Service(Forms, true),
    b"jotform.com" => Entry::Service(Forms, false),
    b"typeform.com" => Entry::Service(Forms, false),
    // Tunnels.
    b"ngrok.io" => Entry::Service(Tunnel, false),
    b"ngrok.app" => Entry::Service(Tunnel, false),
    b"ngrok-free.app" => Entry::Service(Tunnel, false),
    b"ngrok-free.dev" => Entry::Service(Tunnel, false),
    b"trycloudflare.com" => Entry::Service(Tunnel, false),
    b"loca.lt" => Entry::Service(Tunnel, false),
    b"serveo.net" => Entry::Service(Tunnel, false),
    b"serveousercontent.com" => Entry::Service(Tunnel, false),
    b"lhr.life" => Entry::Service(Tunnel, false),
    b"localhost.run" => Entry::Service(Tunnel, false),
    b"pagekite.me" => Entry::Service(Tunnel, false),
    b"devtunnels.ms" => Entry::Service(Tunnel, false),
    b"pinggy.link" => Entry::Service(Tunnel, false),
    // IPFS gateways.
    b"ipfs.io" => Entry::Service(Ipfs, true),
    b"dweb.link" => Entry::Service(Ipfs, false),
    b"cloudflare-ipfs.com" => Entry::Service(Ipfs, true),
    b"gateway.pinata.cloud" => Entry::Service(Ipfs, true),
    b"mypinata.cloud" => Entry::Service(Ipfs, false),
    b"nftstorage.link" => Entry::Service(Ipfs, false),
    b"w3s.link" => Entry::Service(Ipfs, false),
    b"4everland.io" => Entry::Service(Ipfs, false),
    b"infura-ipfs.io" => Entry::Service(Ipfs, false),
    b"fleek.co" => Entry::Service(Ipfs, false),
    // Dynamic DNS: a free name under the provider's domain for anyone's
    // machine. DuckDNS; No-IP's free domains (noip.com's sign-up list);
    // Dynu's; and FreeDNS's (freedns.afraid.org) most shared domain.
    b"duckdns.org" => Entry::Service(DynamicDns, false),
    b"ddns.net" => Entry::Service(DynamicDns, false),
    b"hopto.org" => Entry::Service(DynamicDns, false),
    b"zapto.org" => Entry::Service(DynamicDns, false),
    b"sytes.net" => Entry::Service(DynamicDns, false),
    b"servehttp.com" => Entry::Service(DynamicDns, false),
    b"serveftp.com" => Entry::Service(DynamicDns, false),
    b"myftp.org" => Entry::Service(DynamicDns, false),
    b"myftp.biz" => Entry::Service(DynamicDns, false),
    b"redirectme.net" => Entry::Service(DynamicDns, false),
    b"bounceme.net" => Entry::Service(DynamicDns, false),
    b"webhop.me" => Entry::Service(DynamicDns, false),
    b"no-ip.org" => Entry::Service(DynamicDns, false),
    b"no-ip.biz" => Entry::Service(DynamicDns, false),
    b"no-ip.info" => Entry::Service(DynamicDns, false),
    b"ddnsking.com" => Entry::Service(DynamicDns, false),
    b"dynu.net" => Entry::Service(DynamicDns, false),
    b"freeddns.org" => Entry::Service(DynamicDns, false),
    b"mooo.com" => Entry::Service(DynamicDns, false),
    // Link shorteners anyone can use.
    b"bit.ly" => Entry::Shortener(Preview::Append("+")),
    b"j.mp" => Entry::Shortener(Preview::None),
    b"t.co" => Entry::Shortener(Preview::None),
    b"tinyurl.com" => Entry::Shortener(Preview::Host("preview.tinyurl.com")),
    b"ow.ly" => Entry::Shortener(Preview::None),
    b"is.gd" => Entry::Shortener(Preview::Append("-")),
    b"v.gd" => Entry::Shortener(Preview::None),
    b"buff.ly" => Entry::Shortener(Preview::None),
    b"rebrand.ly" => Entry::Shortener(Preview::None),
    b"cutt.ly" => Entry::Shortener(Preview::None),
    b"rb.gy" => Entry::Shortener(Preview::None),
    b"t.ly" => Entry::Shortener(Preview::None),
    b"lnkd.in" => Entry::Shortener(Preview::None),
    b"tiny.cc" => Entry::Shortener(Preview::None),
    b"goo.gl" => Entry::Shortener(Preview::None),
    b"s.id" => Entry::Shortener(Preview::None),
    b"shorturl.at" => Entry::Shortener(Preview::None),
    b"bl.ink" => Entry::Shortener(Preview::None),
    b"tr.im" => Entry::Shortener(Preview::None),
    b"x.co" => Entry::Shortener(Preview::None),
    b"surl.li" => Entry::Shortener(Preview::None),
    b"short.gy" => Entry::Shortener(Preview::None),
    b"clck.ru" => Entry::Shortener(Preview::None),
    b"u.to" => Entry::Shortener(Preview::None),
    b"vk.cc" => Entry::Shortener(Preview::None),
    b"qrco.de" => Entry::Shortener(Preview::None),
    b"urlz.fr" => Entry::Shortener(Preview::None),
    b"tiny.one" => Entry::Shortener(Preview::None),
    b"shorte.st" => Entry::Shortener(Preview::None),
    b"adf.ly" => Entry::Shortener(Preview::None),
    b"bit.do" => Entry::Shortener(Preview::None),
    b"ht.ly" => Entry::Shortener(Preview::None),
    b"gg.gg" => Entry::Shortener(Preview::None),
    b"cutt.us" => Entry::Shortener(Preview::None),
    b"shrtco.de" => Entry::Shortener(Preview::None),
    b"kutt.it" => Entry::Shortener(Preview::None),
    b"dlvr.it" => Entry::Shortener(Preview::None),
    b"ift.tt" => Entry::Shortener(Preview::None),
}

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

/// The last two labels of the names listed under others' (their last
/// two labels not listed themselves): a host that ends in one is looked
/// up whole. A test checks the list against the table.
const PARENTS: &[&[u8]] = &[
    b"google.com",
    b"googleapis.com",
    b"windows.net",
    b"office.com",
    b"microsoft.com",
    b"pinata.cloud",
    b"amazonaws.com",
];

/// The listed service a host name (lowercase ASCII, no trailing dot) is
/// on, the domain it is under, and whether it serves under paths.
fn listed_service(name: &str) -> Option<(&str, HostingKind, bool)> {
    // The name, then each of its suffixes after a dot.
    let mut at = 0;
    loop {
        let suffix = name.get(at..)?;
        if let Some(Entry::Service(kind, in_path)) = entry(suffix.as_bytes()) {
            return Some((suffix, kind, in_path));
        }
        at += suffix.find('.')? + 1;
    }
}

/// Whether a host name (lowercase ASCII, no trailing dot) is a listed
/// service's own site: its domain, or `www.` it (`www.weebly.com`), where
/// [`listed_hosting`] finds no account.
pub(crate) fn is_service_site(name: &str) -> bool {
    let own = name.strip_prefix("www.").unwrap_or(name);
    listed_service(own).is_some_and(|(domain, _, _)| domain == own)
}

/// The folders of a service's own pages, the same on every account and
/// written by the service, not by whoever holds the account: SharePoint's
/// application pages (`/_layouts/15/onedrive.aspx`, under any site:
/// `/personal/user_contoso_com/_layouts/...`). A brand's name or a
/// sign-in word from there on is the service's own.
/// WordPress.com serves its sign-in and dashboard on every site
/// (`/wp-login.php`, `/wp-admin/`), which no site's owner can upload.
const OWN_FOLDERS: &[(&str, &[u8])] = &[
    ("sharepoint.com", b"/_layouts/"),
    ("wordpress.com", b"/wp-login.php"),
    ("wordpress.com", b"/wp-admin/"),
];

/// Whether `ahead`, the labels of a host ahead of a service's domain, is a
/// name the service never gives its users, so that the host is the
/// service's own: WordPress.com's site names are four lowercase letters
/// or digits or more, with no hyphen, so `en.wordpress.com` and
/// `public-api.wordpress.com` are WordPress's.
fn is_own_name(service: &str, ahead: &str) -> bool {
    match service {
        "wordpress.com" => {
            ahead.len() < 4
                || !ahead
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        }
        _ => false,
    }
}

/// Services that keep the paths under a prefix for pages of their own,
/// on every account, whatever the account deploys: Firebase Hosting's
/// `/__/` (its sign-in handler `/__/auth/handler`, its e-mail actions
/// `/__/auth/action`, its SDK's configuration); SharePoint's sign-in
/// pages (`/_forms/default.aspx?ReturnUrl=...`, `/_login/`, `/_trust/`),
/// at the root of every tenant's name.
const RESERVED_PATHS: &[(&str, &[u8])] = &[
    ("firebaseapp.com", b"/__/"),
    ("web.app", b"/__/"),
    ("sharepoint.com", b"/_forms/"),
    ("sharepoint.com", b"/_login/"),
    ("sharepoint.com", b"/_trust/"),
];

/// Whether `path` is under one of the prefixes `service` keeps for its
/// own pages ([`RESERVED_PATHS`]): the page, its query included, is the
/// service's, not the account's.
pub(crate) fn is_reserved_path(service: &str, path: &[u8]) -> bool {
    RESERVED_PATHS
        .iter()
        .any(|(s, prefix)| service.eq_ignore_ascii_case(s) && path.starts_with(prefix))
}

/// Where in `path` one of `service`'s own folders ([`OWN_FOLDERS`])
/// starts: the path from there on is the service's.
pub(crate) fn own_folder_at(service: &str, path: &[u8]) -> Option<usize> {
    OWN_FOLDERS.iter().find_map(|(s, folder)| {
        if !service.eq_ignore_ascii_case(s) {
            return None;
        }
        path.windows(folder.len())
            .position(|w| w.eq_ignore_ascii_case(folder))
    })
}

/// The shared service a host name (lowercase ASCII, no trailing dot) is
/// on, by the tables here: `None` for the service's own site (a name
/// with no label ahead of the domain, or only `www`, unless the domain
/// serves its users under paths).
pub(crate) fn listed_hosting(name: &str) -> Option<SharedHosting> {
    let (domain, kind, in_path) = match listed_service(name) {
        Some(found) => found,
        None => match blogger_domain(name) {
            Some(domain) => (domain, Pages, false),
            None => (s3_endpoint(name)?, Storage, true),
        },
    };
    let ahead = name.strip_suffix(domain).unwrap_or_default();
    let ahead = ahead.strip_suffix('.').unwrap_or(ahead);
    if !in_path && (ahead.is_empty() || ahead == "www" || is_own_name(domain, ahead)) {
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
    let (service, private) = crate::names::public_suffix_kind(name)?;
    if !private {
        return None;
    }
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
    let provider = host.strip_prefix("www.").unwrap_or(host);
    let Some(Entry::Shortener(preview)) = entry(provider.as_bytes()) else {
        return None;
    };
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

/// What the fast path learns of a plain host name from the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ServiceHint {
    /// Neither a shortener nor on a listed shared service.
    None,
    /// Maybe a shortener (`www.` one, or with no code in the path).
    Shortener,
    /// Maybe on a listed shared service.
    Hosting,
}

/// What a plain host name (letters, digits, '-', '_', dots; any case; no
/// trailing dot) whose last two labels are `last_two` may be, with no
/// false negatives: one lookup of the last two labels, and for the few
/// under a [parent](PARENTS), the name's suffixes.
pub(crate) fn service_hint(name: &[u8]) -> ServiceHint {
    let labels = crate::names::Labels::of(name);
    if !may_be_listed(labels.last_two(), labels.last_three()) {
        return ServiceHint::None;
    }
    listed_hint(name, labels.last_two())
}

/// Whether a host whose last two labels are `last_two` (and last three
/// `last_three`, when it has three) may be listed: false for nearly every
/// host, by five bytes of each. Inlined into the fast path's loop, which
/// calls [`listed_hint`] only when it is true.
#[inline(always)]
pub(crate) fn may_be_listed(last_two: &[u8], last_three: Option<&[u8]>) -> bool {
    TWO_LABELS.may_hold(last_two)
        || last_three.is_some_and(|l| THREE_LABELS.may_hold(l))
        || starts_blogger(last_two)
        || last_three.is_some_and(starts_blogger)
}

/// Whether `labels` start with Blogger's `blogspot.`, in any case: the
/// fast path's test for [`blogger_domain`].
#[inline(always)]
fn starts_blogger(labels: &[u8]) -> bool {
    // Most labels are turned away by their first byte.
    labels.first().is_some_and(|&b| b | 0x20 == b'b')
        && labels
            .get(..BLOGGER.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(BLOGGER.as_bytes()))
}

/// The label Blogger's blogs are under, before a country's suffix.
const BLOGGER: &str = "blogspot.";

/// Whether the label before `last_two` in `name` is `blogspot`
/// (`x.blogspot.co.uk`), in any case.
fn is_blogger_country(name: &[u8], last_two: &[u8]) -> bool {
    name.len()
        .checked_sub(last_two.len() + BLOGGER.len())
        .is_some_and(|at| {
            (at == 0 || name.get(at - 1) == Some(&b'.'))
                && name.get(at..).is_some_and(starts_blogger)
        })
}

/// The Blogger domain a host name (lowercase ASCII, no trailing dot) is
/// under when it is one of Blogger's country domains (`blogspot.co.uk`,
/// `blogspot.com.eg`, `blogspot.de`: [`BLOGGER_COUNTRIES`]), which Blogger
/// served each country's readers from; the table lists `blogspot.com`.
/// Another `blogspot.` domain (`blogspot.xyz`) is whoever registered it.
fn blogger_domain(name: &str) -> Option<&str> {
    let mut from = 0;
    loop {
        let at = from + memchr::memmem::find(name.get(from..)?.as_bytes(), BLOGGER.as_bytes())?;
        let label_start = at == 0 || name.as_bytes().get(at - 1) == Some(&b'.');
        let domain = name.get(at..)?;
        let suffix = domain.get(BLOGGER.len()..)?;
        if label_start && BLOGGER_COUNTRIES.contains(&suffix) {
            return Some(domain);
        }
        from = at + BLOGGER.len();
    }
}

/// The suffixes of Blogger's country domains (`blogspot.` then one of
/// these), as the Public Suffix List listed them for Google until 2023.
const BLOGGER_COUNTRIES: &[&str] = &[
    "ae", "al", "am", "ba", "be", "bg", "bj", "ca", "cf", "ch", "cl", "co.at", "co.id", "co.il",
    "co.ke", "co.nz", "co.uk", "co.za", "com.ar", "com.au", "com.br", "com.by", "com.co", "com.cy",
    "com.ee", "com.eg", "com.es", "com.mt", "com.ng", "com.tr", "com.uy", "cv", "cz", "de", "dk",
    "fi", "fr", "gr", "hk", "hr", "hu", "ie", "in", "is", "it", "jp", "kr", "li", "lt", "lu", "md",
    "mk", "mr", "mx", "my", "nl", "no", "pe", "pt", "qa", "re", "ro", "rs", "ru", "se", "sg", "si",
    "sk", "sn", "td", "tw", "ug", "vn",
];

/// [`service_hint`] past its filter.
#[inline(never)]
pub(crate) fn listed_hint(name: &[u8], last_two: &[u8]) -> ServiceHint {
    let mut buf = [0u8; 32];
    let Some(lower) = buf.get_mut(..last_two.len()) else {
        // Longer than any listed name's last two labels.
        return ServiceHint::None;
    };
    lower.copy_from_slice(last_two);
    lower.make_ascii_lowercase();
    match entry(lower) {
        Some(Entry::Shortener(_)) => return ServiceHint::Shortener,
        Some(Entry::Service(..)) => return ServiceHint::Hosting,
        // Maybe one of Blogger's country domains: the analysis reads the
        // suffix.
        None if starts_blogger(lower) || is_blogger_country(name, last_two) => {
            return ServiceHint::Hosting
        }
        None if !PARENTS.contains(&&*lower) => return ServiceHint::None,
        None => {}
    }
    // Under a parent (`www.google.com`, `s3.amazonaws.com`): the name's
    // suffixes short enough to be listed, lowercase on the stack.
    let mut buf = [0u8; 40];
    let tail = name
        .get(name.len().saturating_sub(buf.len())..)
        .unwrap_or_default();
    let Some(lower) = buf.get_mut(..tail.len()) else {
        return ServiceHint::None;
    };
    lower.copy_from_slice(tail);
    lower.make_ascii_lowercase();
    let whole = tail.len() == name.len();
    let starts = lower
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'.')
        .map(|(at, _)| at + 1)
        .chain(whole.then_some(0));
    let listed = starts
        .filter_map(|at| lower.get(at..))
        .any(|suffix| matches!(entry(suffix), Some(Entry::Service(..))));
    // Amazon S3: an `s3` or `s3-…` label anywhere under amazonaws.com.
    let s3 = lower.ends_with(b".amazonaws.com")
        && name.split(|&b| b == b'.').any(|l| {
            l.eq_ignore_ascii_case(b"s3")
                || l.get(..3).is_some_and(|p| p.eq_ignore_ascii_case(b"s3-"))
        });
    if listed || s3 {
        ServiceHint::Hosting
    } else {
        ServiceHint::None
    }
}

/// A set of names, any case, as 16,384 bits keyed by a name's length and
/// its first two and last two bytes: no false negatives, and few false
/// positives (under 1% of hosts) for a handful of loads and a
/// multiplication.
struct NameFilter([u64; 256]);

impl NameFilter {
    // Indexing within the bounds checked: `get` is not const.
    #[allow(clippy::indexing_slicing)]
    #[inline(always)]
    const fn key(name: &[u8]) -> usize {
        let n = name.len();
        if n < 2 {
            return n;
        }
        let (a, b) = (name[0].to_ascii_lowercase(), name[1].to_ascii_lowercase());
        let (y, z) = (
            name[n - 2].to_ascii_lowercase(),
            name[n - 1].to_ascii_lowercase(),
        );
        let word = (n as u64 & 0xFF)
            | (a as u64) << 8
            | (b as u64) << 16
            | (y as u64) << 24
            | (z as u64) << 32;
        (word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 50) as usize
    }

    /// The filter of the listed names of two labels (`labels` 2; with
    /// `amazonaws.com`, under which S3's endpoints are found by rule), or
    /// of the last three labels of the longer ones (`labels` 3).
    #[allow(clippy::indexing_slicing)]
    const fn build(labels: usize) -> NameFilter {
        let mut bits = [0u64; 256];
        let mut i = 0;
        while i <= ENTRIES.len() {
            let name: &[u8] = if i < ENTRIES.len() {
                ENTRIES[i].0
            } else if labels == 2 {
                b"amazonaws.com"
            } else {
                b""
            };
            // Where its last `labels` labels start, and how many it has.
            let mut start = name.len();
            let mut dots = 0;
            while start > 0 {
                if name[start - 1] == b'.' {
                    dots += 1;
                    if dots == labels {
                        break;
                    }
                }
                start -= 1;
            }
            let count = if start > 0 { labels + 1 } else { dots + 1 };
            let keep = if labels == 2 { count == 2 } else { count >= 3 };
            if keep && !name.is_empty() {
                let k = NameFilter::key(name.split_at(start).1);
                bits[k / 64] |= 1 << (k % 64);
            }
            i += 1;
        }
        NameFilter(bits)
    }

    #[inline(always)]
    fn may_hold(&self, name: &[u8]) -> bool {
        let k = NameFilter::key(name);
        self.0.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1)
    }
}

/// The filter of a list of words (any case).
const fn words_filter(lists: &[&[&str]]) -> NameFilter {
    let mut bits = [0u64; 256];
    let mut l = 0;
    while l < lists.len() {
        let mut i = 0;
        // Indexing within the loop bounds: `get` is not const.
        #[allow(clippy::indexing_slicing)]
        while i < lists[l].len() {
            let k = NameFilter::key(lists[l][i].as_bytes());
            bits[k / 64] |= 1 << (k % 64);
            i += 1;
        }
        l += 1;
    }
    NameFilter(bits)
}

/// The filter of the listed names of two labels.
static TWO_LABELS: NameFilter = NameFilter::build(2);
/// The filter of the last three labels of the longer listed names.
static THREE_LABELS: NameFilter = NameFilter::build(3);

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
            ("my-box.duckdns.org", "duckdns.org", DynamicDns),
            (
                "someone.blogspot.co.uk",
                "blogspot.co.uk",
                HostingKind::Pages,
            ),
            (
                "someone.blogspot.com.eg",
                "blogspot.com.eg",
                HostingKind::Pages,
            ),
            ("someone.blogspot.de", "blogspot.de", HostingKind::Pages),
            ("x.blogspot.blogspot.de", "blogspot.de", HostingKind::Pages),
            ("acc-verify.servehttp.com", "servehttp.com", DynamicDns),
            ("bafy.ipfs.dweb.link", "dweb.link", Ipfs),
            ("ipfs.io", "ipfs.io", Ipfs),
            (
                "shop.000webhostapp.com",
                "000webhostapp.com",
                HostingKind::Pages,
            ),
            (
                "myblog2020.wordpress.com",
                "wordpress.com",
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
            if kind != HostingKind::Shared {
                assert_eq!(hint(name), ServiceHint::Hosting, "{name}");
                assert_eq!(hint(&name.to_uppercase()), ServiceHint::Hosting, "{name}");
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
            // Not Blogger's: whoever registered blogspot.xyz.
            "paypal.blogspot.xyz",
            "x.myblogspot.de",
            // Names WordPress.com gives no site: a hyphen, under four
            // letters, a label under another.
            "public-api.wordpress.com",
            "en.wordpress.com",
            "en.support.wordpress.com",
        ] {
            assert_eq!(shared_hosting(name), None, "{name}");
        }
    }

    /// The fast path's lookup, as it is given a host name.
    fn hint(name: &str) -> ServiceHint {
        service_hint(name.as_bytes())
    }

    #[test]
    fn the_fast_path_lookup_misses_no_listed_name() {
        for name in [
            "example.com",
            "wikipedia.org",
            "co.uk",
            "amazon.com",
            "bitly.com",
            "www.google.com",
            "ec2.amazonaws.com",
        ] {
            assert_eq!(hint(name), ServiceHint::None, "{name}");
        }
        assert_eq!(hint("BIT.LY"), ServiceHint::Shortener);
        assert_eq!(hint("www.bit.ly"), ServiceHint::Shortener);
        for (name, what) in ENTRIES {
            let name = std::str::from_utf8(name).unwrap();
            let expected = match what {
                Entry::Shortener(_) => ServiceHint::Shortener,
                Entry::Service(..) => ServiceHint::Hosting,
            };
            for host in [
                name.to_string(),
                format!("x.{name}"),
                format!("A.{}", name.to_uppercase()),
            ] {
                assert_eq!(hint(&host), expected, "{host}");
            }
            // A name under another's is reached through its parent.
            let labels = crate::names::Labels::of(name.as_bytes());
            let last_two = labels.last_two();
            assert!(
                last_two == name.as_bytes() || PARENTS.contains(&last_two),
                "{name}: add its last two labels to PARENTS"
            );
            assert_eq!(name, name.to_ascii_lowercase());
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
}
