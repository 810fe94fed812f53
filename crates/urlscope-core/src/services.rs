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
//! a likely imitation, are here too, each in one list.

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

use crate::sites::BRAND_WORDS;
use HostingKind::{Forms, Ipfs, Pages, Storage, Tunnel};

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
    b"co.nf" => Entry::Service(Pages, false),
    b"htmlpasta.com" => Entry::Service(Pages, false),
    b"mybigcommerce.com" => Entry::Service(Pages, false),
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

/// The shared service a host name (lowercase ASCII, no trailing dot) is
/// on, by the tables here: `None` for the service's own site (a name
/// with no label ahead of the domain, or only `www`, unless the domain
/// serves its users under paths).
pub(crate) fn listed_hosting(name: &str) -> Option<SharedHosting> {
    let (domain, kind, in_path) = match listed_service(name) {
        Some(found) => found,
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
    TWO_LABELS.may_hold(last_two) || last_three.is_some_and(|l| THREE_LABELS.may_hold(l))
}

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

/// The filter of the sign-in words.
static CREDENTIAL_FILTER: NameFilter = words_filter(&[CREDENTIAL_WORDS]);
/// The filter of the brands' names.
static BRAND_FILTER: NameFilter = words_filter(&[BRAND_WORDS]);

/// The filter of the listed names of two labels.
static TWO_LABELS: NameFilter = NameFilter::build(2);
/// The filter of the last three labels of the longer listed names.
static THREE_LABELS: NameFilter = NameFilter::build(3);

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

/// Whether `token` starts or ends with one of [`GLUED_WORDS`] and is
/// longer: its first and last bytes turn most tokens away before a
/// comparison.
fn glued(token: &[u8]) -> bool {
    let (Some(first), Some(last)) = (token.first(), token.last()) else {
        return false;
    };
    let may_start = matches!(first | 32, b'l' | b's' | b'p' | b'w');
    let may_end = matches!(last | 32, b'n' | b'd' | b'r');
    (may_start || may_end)
        && GLUED_WORDS.iter().any(|w| {
            let w = w.as_bytes();
            token.len() > w.len()
                && (may_start
                    && token
                        .get(..w.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(w))
                    || may_end
                        && token
                            .get(token.len() - w.len()..)
                            .is_some_and(|t| t.eq_ignore_ascii_case(w)))
        })
}

/// Word pairs written as two tokens (`sign-in`, `log_in`).
const SPLIT_WORDS: &[(&str, &str)] =
    &[("sign", "in"), ("log", "in"), ("sign", "on"), ("log", "on")];

/// Where `text` holds a sign-in word (see [`CREDENTIAL_WORDS`]): the
/// byte ranges of each, within `text`, the first 8 at most.
pub(crate) fn credential_words(text: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    sign_in_words(text, |at| {
        found.push(at);
        found.len() < 8
    });
    found
}

/// [`credential_words`] of `text` but the words of `except` (any case):
/// what a rule that knows honest pages using some of them counts.
pub(crate) fn credential_words_except(text: &[u8], except: &[&str]) -> Vec<(usize, usize)> {
    let mut found = credential_words(text);
    found.retain(|&(s, e)| {
        let word = text.get(s..e).unwrap_or_default();
        !except
            .iter()
            .any(|x| x.as_bytes().eq_ignore_ascii_case(word))
    });
    found
}

/// Whether `text` holds a sign-in word ([`credential_words`]), found
/// without collecting them.
pub(crate) fn has_credential_word(text: &[u8]) -> bool {
    if !may_hold_credential_word(text) {
        return false;
    }
    let mut any = false;
    sign_in_words(text, |_| {
        any = true;
        false
    });
    any
}

/// Three letters in a row each sign-in word holds ([`CREDENTIAL_WORDS`],
/// [`GLUED_WORDS`], the first word of [`SPLIT_WORDS`]' pairs), each
/// chosen rare in the names of ordinary pages (a test holds every word to
/// one): 2% of kasztp's page files pass.
const SIGN_IN_TRIGRAMS: [&[u8; 3]; 29] = [
    b"2fa", b"bil", b"bsc", b"cco", b"cov", b"ecu", b"gni", b"gno", b"ida", b"ify", b"irm", b"let",
    b"log", b"mfa", b"nki", b"oau", b"ogi", b"ogo", b"otp", b"rif", b"riz", b"sig", b"sso", b"ssw",
    b"swd", b"tia", b"unl", b"upd", b"uth",
];

/// The bit of three bytes, either case (digits and other bytes share bits
/// with letters, which only lets more through).
const fn trigram_bit(a: u8, b: u8, c: u8) -> usize {
    ((a & 31) as usize) << 10 | ((b & 31) as usize) << 5 | (c & 31) as usize
}

/// [`SIGN_IN_TRIGRAMS`] as a set of 32,768 bits.
#[allow(clippy::indexing_slicing)]
const SIGN_IN_TRIGRAM_BITS: [u64; 512] = {
    let mut bits = [0u64; 512];
    let mut i = 0;
    while i < SIGN_IN_TRIGRAMS.len() {
        let [a, b, c] = *SIGN_IN_TRIGRAMS[i];
        let k = trigram_bit(a, b, c);
        bits[k / 64] |= 1 << (k % 64);
        i += 1;
    }
    bits
};

/// Whether `text` may hold a sign-in word: it holds one of
/// [`SIGN_IN_TRIGRAMS`]. One load a byte and no branch, for the fast
/// path's look at the names of page files (most hold none).
fn may_hold_credential_word(text: &[u8]) -> bool {
    let (mut a, mut b) = (0u8, 0u8);
    let mut seen = 0;
    for &c in text {
        let k = trigram_bit(a, b, c);
        seen |= SIGN_IN_TRIGRAM_BITS.get(k / 64).copied().unwrap_or(0) >> (k % 64);
        (a, b) = (b, c);
    }
    // Bit 0 of each shifted word is its trigram's; the first two bytes
    // made trigrams with the zeros before them, which only lets more
    // through (and no listed trigram starts so: a test holds this).
    seen & 1 != 0
}

/// The sign-in words of `text` in order, each given to `each` (which says
/// whether to go on): one pass, most tokens turned away by a filter.
#[inline]
fn sign_in_words(text: &[u8], mut each: impl FnMut((usize, usize)) -> bool) {
    let mut previous: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < text.len() {
        if !text.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            i += crate::percent::separator_len(text, i);
            continue;
        }
        let start = i;
        i += text
            .get(i..)
            .unwrap_or_default()
            .iter()
            .position(|b| !b.is_ascii_alphanumeric())
            .unwrap_or(text.len() - i);
        let token = text.get(start..i).unwrap_or_default();
        let is = |w: &&str| w.as_bytes().eq_ignore_ascii_case(token);
        // A pair's second word is two letters long.
        let pair = token.len() == 2
            && previous.is_some_and(|(ps, pe)| {
                let first = text.get(ps..pe).unwrap_or_default();
                pe + 1 == start
                    && SPLIT_WORDS.iter().any(|(a, b)| {
                        a.as_bytes().eq_ignore_ascii_case(first)
                            && b.as_bytes().eq_ignore_ascii_case(token)
                    })
            });
        let found = if pair {
            previous.map(|(ps, _)| (ps, i))
        } else if CREDENTIAL_FILTER.may_hold(token) && CREDENTIAL_WORDS.iter().any(is)
            || token.len() > 5 && glued(token)
        {
            Some((start, i))
        } else {
            None
        };
        if found.is_some_and(|at| !each(at)) {
            return;
        }
        previous = Some((start, i));
    }
}

/// Where `text` holds a brand's name ([`BRAND_WORDS`], from the brand
/// table: its one-word tokens and common words) standing
/// alone or beside one other word in its piece (a path segment, a file
/// name, a host label, a query key or value: `office365.html`,
/// `sign-chase`, `paypal-help`), as byte ranges within it, the first 8 at
/// most. In longer prose (a blog post's `using-gmail-with-mutt`) a brand
/// is a topic, not a disguise.
pub(crate) fn brand_words(text: &[u8]) -> Vec<(usize, usize)> {
    let ends_piece = |b: u8| matches!(b, b'/' | b'?' | b'&' | b'=' | b'#' | b'.');
    let mut found = Vec::new();
    for (start, piece) in pieces(text, ends_piece) {
        let mut tokens = 0;
        let mut brand = None;
        let mut i = 0;
        while i < piece.len() {
            if !piece.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += crate::percent::separator_len(piece, i);
                continue;
            }
            let from = i;
            while piece.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += 1;
            }
            tokens += 1;
            let token = piece.get(from..i).unwrap_or_default();
            if brand.is_none()
                && BRAND_FILTER.may_hold(token)
                && BRAND_WORDS
                    .iter()
                    .any(|w| w.as_bytes().eq_ignore_ascii_case(token))
            {
                brand = Some((start + from, start + i));
            }
        }
        if let Some(at) = brand.filter(|_| tokens <= 2) {
            found.push(at);
            if found.len() == 8 {
                break;
            }
        }
    }
    found
}

/// The extensions of a page a server builds or serves as a document.
const PAGE_EXTENSIONS: [&str; 10] = [
    "php", "php5", "htm", "html", "shtml", "xhtml", "asp", "aspx", "jsp", "cgi",
];

/// An extension of three to five bytes, in lowercase, packed in a number.
// Indexing within the loop bounds: `get` is not const.
#[allow(clippy::indexing_slicing)]
const fn page_key(extension: &[u8]) -> u64 {
    let mut key = 0u64;
    let mut i = 0;
    while i < extension.len() {
        key = key << 8 | extension[i].to_ascii_lowercase() as u64;
        i += 1;
    }
    key
}

/// [`PAGE_EXTENSIONS`], packed: one comparison each.
#[allow(clippy::indexing_slicing)]
const PAGE_KEYS: [u64; 10] = {
    let mut keys = [0u64; 10];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = page_key(PAGE_EXTENSIONS[i].as_bytes());
        i += 1;
    }
    keys
};

/// Where the dot before the extension of a page file is in `name`, a
/// path's last segment, when it names a page a server builds or serves as
/// a document (`SignIn.php`, `login.htm`, `verify.aspx`): what a phishing
/// kit's sign-in page is, and a web application's route (the
/// `/auth/google/callback` of a social sign-in) is not.
fn page_dot(name: &[u8]) -> Option<usize> {
    // An extension is at most five bytes: a look at the last six.
    let tail = name.len().saturating_sub(6);
    let dot = tail + name.get(tail..)?.iter().rposition(|&b| b == b'.')?;
    (dot > 0 && is_page_extension(name.get(dot + 1..)?)).then_some(dot)
}

/// Whether `extension` (what follows a file name's last dot) is a page's
/// ([`PAGE_EXTENSIONS`], any case).
#[inline]
pub(crate) fn is_page_extension(extension: &[u8]) -> bool {
    (3..=5).contains(&extension.len()) && PAGE_KEYS.contains(&page_key(extension))
}

/// A sign-in page at the end of a path (its first '/' aside, up to its
/// query): a page file ([`page_dot`]) whose name has a sign-in word
/// (`/linkedin/SignIn.php`), or an index page (`index`, `default`, `home`)
/// whose folder's name has one (`/verify/index.php`). Where that folder
/// starts (the bytes from there are the words' text) and where the page
/// file starts.
pub(crate) struct SignInPage {
    pub(crate) folder: usize,
    pub(crate) file: usize,
}

/// The [`SignInPage`] `path` ends in, if any.
pub(crate) fn sign_in_page(path: &[u8]) -> Option<SignInPage> {
    let file = path.iter().rposition(|&b| b == b'/').map_or(0, |s| s + 1);
    let dot = page_dot(path.get(file..)?)?;
    sign_in_page_at(path, file, file + dot)
}

/// [`sign_in_page`] of a path whose last segment, a page file, starts at
/// `file` and has its extension's dot at `dot` (the fast path saw both go
/// by). Most page files' names are words of no sign-in, read once; an
/// index page's folder is read too.
#[inline]
pub(crate) fn sign_in_page_at(path: &[u8], file: usize, dot: usize) -> Option<SignInPage> {
    // The extension is no sign-in word.
    let stem = path.get(file..dot)?;
    if has_credential_word(stem) {
        return Some(SignInPage { folder: file, file });
    }
    let index = (4..=7).contains(&stem.len())
        && INDEX_PAGES
            .iter()
            .any(|p| p.as_bytes().eq_ignore_ascii_case(stem));
    if !index {
        return None;
    }
    let folder = file
        .checked_sub(1)
        .and_then(|s| path.get(..s)?.iter().rposition(|&b| b == b'/'))
        .map_or(0, |s| s + 1);
    has_credential_word(path.get(folder..file)?).then_some(SignInPage { folder, file })
}

/// The names of a folder's index page, which say nothing of what it is.
const INDEX_PAGES: &[&str] = &["index", "default", "home", "main"];

/// The pieces of `text` between the bytes `ends` accepts, each with where
/// it starts.
fn pieces(text: &[u8], ends: impl Fn(u8) -> bool) -> impl Iterator<Item = (usize, &[u8])> {
    let mut start = 0;
    text.split(move |&b| ends(b)).map(move |piece| {
        let at = start;
        start += piece.len() + 1;
        (at, piece)
    })
}

/// The sign-in words and brands' names of `text`, in order: what makes a
/// page on shared hosting a likely imitation.
pub(crate) fn lure_words(text: &[u8]) -> Vec<(usize, usize)> {
    let mut found = credential_words(text);
    found.extend(brand_words(text));
    found.sort_unstable();
    found
}

/// Whether `text` holds a sign-in word or a brand's name anywhere: the
/// fast path's test on the few URLs on a listed shared service.
pub(crate) fn has_lure_word(text: &[u8]) -> bool {
    !credential_words(text).is_empty() || !brand_words(text).is_empty()
}

/// [`lure_words`] of the account's labels of a shared host (the name
/// ahead of the service's domain), where a brand's token (`amazon`,
/// `coinbase`, `paypal`: the distinctive ones, not the common words) also
/// counts as a whole word between anything but letters however many
/// words stand beside it, as `brand-in-host` reads the labels ahead of a
/// registrable domain: a deploy named `amazon-clone-peach-eta` on
/// `vercel.app`, or a site `2018microsoft0utlook` on a site builder,
/// shows its brand as plainly as `amazon-clone` does. A path's long slug
/// (`/using-gmail-with-mutt`) still names a topic, not a disguise.
pub(crate) fn account_lure_words(labels: &[u8]) -> Vec<(usize, usize)> {
    let mut found = lure_words(labels);
    for token in brand_tokens(labels) {
        if !found.contains(&token) {
            found.push(token);
        }
    }
    found.sort_unstable();
    found.truncate(8);
    found
}

/// Whether the account's labels of a shared host hold a lure
/// ([`account_lure_words`]): the fast path's test.
pub(crate) fn account_has_lure_word(labels: &[u8]) -> bool {
    has_lure_word(labels) || brand_tokens(labels).next().is_some()
}

/// The byte ranges of [`crate::sites::brand_tokens`] in `text`.
fn brand_tokens(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    crate::sites::brand_tokens(text).map(|(_, at)| at)
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

    #[test]
    fn every_word_is_found_through_its_filter() {
        for w in CREDENTIAL_WORDS {
            assert_eq!(credential_words(w.as_bytes()).len(), 1, "{w}");
            assert_eq!(
                credential_words(w.to_uppercase().as_bytes()).len(),
                1,
                "{w}"
            );
        }
        for w in BRAND_WORDS {
            assert_eq!(brand_words(w.as_bytes()).len(), 1, "{w}");
            assert_eq!(brand_words(w.to_uppercase().as_bytes()).len(), 1, "{w}");
        }
    }

    #[test]
    fn brands_alone_or_beside_one_word() {
        fn at(t: &str) -> Vec<&str> {
            brand_words(t.as_bytes())
                .into_iter()
                .map(|(s, e)| &t[s..e])
                .collect()
        }
        assert_eq!(at("/bucket/office365.html"), ["office365"]);
        assert_eq!(at("/x/sign-chase/secure/"), ["chase"]);
        assert_eq!(at("paypal-help."), ["paypal"]);
        // Prose, and a brand inside a longer word.
        assert!(at("/2010/11/05/mutt-multiple-gmail-imap-setup/").is_empty());
        assert!(at("/introducing-google-project-real-life.html").is_empty());
        assert!(at("/googleblog/appleseed/").is_empty());
    }

    #[test]
    fn glued_words_are_found_past_their_ends() {
        // Every glued word, at either end of a longer token, in any case.
        for w in GLUED_WORDS {
            for token in [
                format!("{w}x"),
                format!("x{w}"),
                format!("X{}", w.to_uppercase()),
            ] {
                assert!(glued(token.as_bytes()), "{token}");
            }
            assert!(!glued(w.as_bytes()), "{w}");
        }
        assert!(!glued(b"associations"));
    }

    #[test]
    fn every_sign_in_word_holds_a_sign_in_trigram() {
        // No listed trigram starts with a slot the loop's zeros fill.
        assert!(SIGN_IN_TRIGRAMS
            .iter()
            .all(|t| t[0] & 31 != 0 && t[1] & 31 != 0));
        let words = CREDENTIAL_WORDS
            .iter()
            .chain(GLUED_WORDS)
            .chain(SPLIT_WORDS.iter().map(|(a, _)| a));
        for w in words {
            for word in [w.to_string(), w.to_uppercase()] {
                assert!(may_hold_credential_word(word.as_bytes()), "{word}");
            }
        }
        for name in [
            "index",
            "default",
            "home",
            "article-12",
            "contact_us",
            "news2019",
        ] {
            assert!(!may_hold_credential_word(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn page_files_by_their_extension() {
        for name in [
            "SignIn.php",
            "login.HTM",
            "a.html",
            "x.aspx",
            "run.cgi",
            "i.php5",
        ] {
            assert!(page_dot(name.as_bytes()).is_some(), "{name}");
        }
        for name in [".php", "php", "login", "a.js", "a.phpx", "a.h", "style.css"] {
            assert!(page_dot(name.as_bytes()).is_none(), "{name}");
        }
        // A sign-in word in the page's name or its folder's.
        assert!(sign_in_page(b"/a/login.php").is_some());
        assert!(sign_in_page(b"/verify/index.php").is_some());
        assert!(sign_in_page(b"login.php").is_some());
        assert!(sign_in_page(b"/login/a/index.php").is_none());
        assert!(sign_in_page(b"/a/login.js").is_none());
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
        // An escape's hex digits are no letters of the word after it.
        assert_eq!(at("/paypal%2Flogin.php"), ["login"]);
        assert_eq!(at("/x%20signin%2fverify"), ["signin", "verify"]);
        assert_eq!(
            brand_words(b"/x%2Fpaypal")
                .into_iter()
                .map(|(s, e)| &"/x%2Fpaypal"[s..e])
                .collect::<Vec<_>>(),
            ["paypal"]
        );
    }
}
