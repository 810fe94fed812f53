//! `prefilled-address`: an e-mail address handed to the page in its
//! query or fragment (`/index.php?email=bob@corp.example`,
//! `?cliente=Ym9iQGNvcnAuZXhhbXBsZQ==`, `#bob@corp.example`). A phishing
//! kit is sent its victim's address so that the sign-in form it shows
//! already holds it, the way the real one would; the reported links of a
//! phishing queue carry it more than any other mark of a kit, on sites
//! that show nothing else.
//!
//! Honest sites pre-fill an address too: their own sign-in hints
//! (`login.microsoftonline.com/?login_hint=...`, a known site), a
//! newsletter's unsubscribe link, an invitation to sign up. Those stay
//! quiet: the check reads only sites no list knows (or anyone's pages on
//! a shared service), and stands down where the path or a key names a
//! subscription or an invitation, or the address is at the site's own
//! domain (an organisation's own webmail).

use crate::analysis::{ComponentAnalysis, HostReading};
use crate::services::lures::is_one_of;
use crate::services::HostingKind;
use crate::split::{ComponentKind, Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// Words that name the honest pages an address is sent to, managing a
/// subscription, accepting an invitation, signing up, when the page's
/// name holds one as a word (`/unsubscribe`, `/email-preferences`,
/// `/accept_invitation`, `/users/sign_up`, `/signup.php`), or a route
/// value names one (`?route=account/unsubscribe`, `?action=optout`). A
/// folder of a page file does not count (`/docusign/invite/index.php` is
/// a kit's lure), nor a key (anyone can add `&unsubscribe=1`).
const HONEST_WORDS: &[&str] = &[
    "unsubscribe",
    "unsub",
    "subscribe",
    "optout",
    "newsletter",
    "newsletters",
    "preferences",
    "preference",
    "invite",
    "invitation",
    "invitations",
    "signup",
    "register",
    "registration",
];

/// Two words of one honest name written apart (`opt-out`, `sign_up`).
const HONEST_PAIRS: &[(&str, &str)] = &[("opt", "out"), ("sign", "up")];

/// The keys whose value names the page a script shows (`?route=...`,
/// `?action=...`), read for [`HONEST_WORDS`].
const ROUTE_KEYS: &[&str] = &[
    "route", "action", "_action", "task", "do", "op", "page", "view",
];

/// The keys whose address is someone else's than the visitor's: a
/// message's sender or recipients (`?_to=` of a webmail's compose link),
/// or a search for it (`?q=`).
const OTHERS_KEYS: &[&str] = &[
    "to", "_to", "cc", "bcc", "from", "_from", "sender", "reply_to", "replyto", "author", "q",
    "query", "search", "s",
];

/// Local parts no person reads mail at: a sender's, never a victim's.
const NO_REPLY: &[&str] = &[
    "noreply",
    "no-reply",
    "no_reply",
    "donotreply",
    "do-not-reply",
    "mailer-daemon",
    "postmaster",
];

/// The longest address read (RFC 5321's path limit).
const MAX_ADDRESS: usize = 254;

/// Whether `text` is an e-mail address whole: a local part of letters,
/// digits and `._+-` (what addresses are written with; RFC 5322 allows
/// more, which no kit's victim list holds), `@`, and a domain of two
/// labels or more under a top-level domain (so `banner@2x.png`,
/// `typescript@5.0.0` and `root@localhost.localdomain` are none).
pub(crate) fn is_address(text: &[u8]) -> bool {
    if text.len() > MAX_ADDRESS {
        return false;
    }
    let Some(at) = memchr::memchr(b'@', text) else {
        return false;
    };
    let (local, domain) = (
        text.get(..at).unwrap_or_default(),
        text.get(at + 1..).unwrap_or_default(),
    );
    let local_ok = (1..=64).contains(&local.len())
        && local.iter().all(|&b| is_local_byte(b))
        && !local.starts_with(b".")
        && !local.ends_with(b".");
    if !local_ok {
        return false;
    }
    let mut labels = 0;
    let mut last: &[u8] = &[];
    for label in domain.split(|&b| b == b'.') {
        let ok = !label.is_empty()
            && label.len() <= 63
            && label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with(b"-")
            && !label.ends_with(b"-");
        if !ok {
            return false;
        }
        labels += 1;
        last = label;
    }
    let last = last.to_ascii_lowercase();
    labels >= 2
        && (DOCUMENTATION_TLDS.contains(&&last[..])
            || std::str::from_utf8(&last).is_ok_and(crate::defang::names::is_top_level_domain))
}

/// The top-level domains RFC 2606 keeps for examples and tests, which
/// the Public Suffix List does not list: an address written to show the
/// rule (`bob@corp.example`) is read as one.
const DOCUMENTATION_TLDS: &[&[u8]] = &[b"example", b"test"];

/// The bytes an address's local part is written with here.
fn is_local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'+' | b'-')
}

/// The shortest base64 that [`is_address`] may read: `a@b.cd` is six
/// bytes, eight digits.
const MIN_BASE64: usize = 8;
/// The longest: [`MAX_ADDRESS`] bytes in base64, padded.
const MAX_BASE64: usize = MAX_ADDRESS.div_ceil(3) * 4;

/// The address `text` is base64 for (either alphabet, padded or not),
/// when it is one whole ([`is_address`]).
pub(crate) fn base64_address(text: &[u8]) -> Option<String> {
    use base64::Engine;
    if !(MIN_BASE64..=MAX_BASE64).contains(&text.len()) {
        return None;
    }
    let body = crate::plain::without_base64_padding(text);
    let engines = [
        &base64::engine::general_purpose::STANDARD_NO_PAD,
        &base64::engine::general_purpose::URL_SAFE_NO_PAD,
    ];
    let mut buf = [0u8; MAX_ADDRESS + 3];
    let n = engines
        .iter()
        .find_map(|e| e.decode_slice(body, &mut buf).ok())?;
    let decoded = buf.get(..n)?;
    is_address(decoded).then(|| String::from_utf8_lossy(decoded).into_owned())
}

/// Whether [`base64_address`] may read `text`, for the fast path: false
/// when its length is out of range, or its first eight digits are not
/// base64 or decode to a byte no address holds there. A prefix of the
/// decoding, so it never turns away what [`base64_address`] reads (a
/// test holds it to that).
#[inline]
pub(crate) fn may_be_base64_address(text: &[u8]) -> bool {
    if !(MIN_BASE64..=MAX_BASE64).contains(&text.len()) {
        return false;
    }
    let Some(digits) = text.get(..MIN_BASE64) else {
        return false;
    };
    if digits.iter().any(|&d| crate::plain::base64_digit(d) == 64) {
        return false;
    }
    let mut head = [0u8; 6];
    let len = crate::plain::decode_base64_head(digits, &mut head);
    head.get(..len)
        .unwrap_or_default()
        .iter()
        .all(|&b| is_local_byte(b) || b == b'@')
}

/// The address `text` is, as written or base64 for one, and whether it
/// was base64; not a sender's that no one reads ([`NO_REPLY`]).
fn address_of(text: &[u8]) -> Option<(String, bool)> {
    let (address, base64) = if is_address(text) {
        (String::from_utf8_lossy(text).into_owned(), false)
    } else {
        (base64_address(text)?, true)
    };
    let local = address.split('@').next().unwrap_or_default();
    (!NO_REPLY.iter().any(|n| n.eq_ignore_ascii_case(local))).then_some((address, base64))
}

/// Whether a page's name or a route holds one of [`HONEST_WORDS`] (or
/// [`HONEST_PAIRS`]) as a word.
fn names_honest_page(text: &[u8]) -> bool {
    let words: Vec<&[u8]> = text
        .split(|b| !b.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let is = |w: &[u8], list: &str| list.as_bytes().eq_ignore_ascii_case(w);
    words.iter().any(|w| is_one_of(HONEST_WORDS, w))
        || words.windows(2).any(|pair| {
            HONEST_PAIRS.iter().any(|(a, b)| {
                pair.first().is_some_and(|w| is(w, a)) && pair.get(1).is_some_and(|w| is(w, b))
            })
        })
}

/// Whether the page a path (or a hash route) names is an honest one an
/// address is sent to: its last segment's name (a file's stem), or, for a
/// route with no file (`/invitations/accept`), the folder above it too.
fn honest_path(path: &[u8]) -> bool {
    let mut segments = path.split(|&b| b == b'/').filter(|s| !s.is_empty()).rev();
    let Some(page) = segments.next() else {
        return false;
    };
    match page.iter().rposition(|&b| b == b'.') {
        Some(dot) => names_honest_page(page.get(..dot).unwrap_or_default()),
        None => names_honest_page(page) || segments.next().is_some_and(names_honest_page),
    }
}

/// Whether anyone's page may be on the host's service: an account's on
/// web hosting, a tunnel, IPFS or dynamic DNS, or a page file on storage
/// (whose bucket may be in the path); not a shared document or form (a
/// SharePoint link sent to one person names them). A service's own site
/// has no [`HostReading::hosting`].
fn anyones_page(host: &HostReading, path: &[u8]) -> bool {
    let Some(service) = &host.hosting else {
        return false;
    };
    match service.kind {
        HostingKind::Pages | HostingKind::Tunnel | HostingKind::Ipfs | HostingKind::DynamicDns => {
            true
        }
        HostingKind::Storage => {
            let lower = path.to_ascii_lowercase();
            [&b".html"[..], b".htm", b".shtml", b".xhtml", b".svg"]
                .iter()
                .any(|e| lower.ends_with(e))
        }
        HostingKind::Forms | HostingKind::Shared => false,
    }
}

/// One address found: where it is written, the component, what holds
/// it, the address and whether it was base64.
struct Found {
    span: Span,
    component: usize,
    holder: Holder,
    address: String,
    base64: bool,
}

/// What holds an address.
enum Holder {
    /// A query value, by its key.
    Value(String),
    /// A query key (a key alone: `?bob@corp.example`).
    Key,
    /// The fragment whole.
    Fragment,
    /// A value of the fragment written as a query, by its key's label.
    FragmentValue(String),
}

impl Holder {
    /// The holder, to start a sentence.
    fn words(&self) -> String {
        match self {
            Holder::Value(key) => format!("The query's '{}'", quote_str(key)),
            Holder::Key => String::from("The query"),
            Holder::Fragment => String::from("The fragment"),
            Holder::FragmentValue(label) => {
                let mut label = label.clone();
                if let Some(first) = label.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                label
            }
        }
    }

    /// Whether a page's script reads it, no server being sent it.
    fn in_fragment(&self) -> bool {
        matches!(self, Holder::Fragment | Holder::FragmentValue(_))
    }
}

/// `prefilled-address` for the URL itself: the addresses in the query's
/// keys and values, the fragment and the values of a fragment written as
/// a query, each as written or decoded; one warning naming the first and
/// marking the first [`MAX_SPANS`](crate::analysis::report::MAX_SPANS).
pub(crate) fn address_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    components: &[ComponentAnalysis],
    out: &mut Vec<Warning>,
) {
    let (Some(host_span), Some(host)) = (parts.host, host) else {
        return;
    };
    if parts.query.is_none() && parts.fragment.is_none() {
        return;
    }
    let path = parts.path.of(input);
    let name = host.ascii.as_deref().unwrap_or(&host.decoded);
    // A known site pre-fills its own users' addresses, but anyone's page
    // on a hosting service is not the service's.
    let on_service = anyones_page(host, path);
    let known = host
        .registrable
        .as_deref()
        .is_some_and(|r| crate::sites::is_brand_or_known_site(name, r))
        || crate::services::is_service_site(&name.trim_end_matches('.').to_ascii_lowercase());
    if known && !on_service || honest_path(path) {
        return;
    }
    let mut found = Vec::new();
    let mut key = None;
    for (i, c) in components.iter().enumerate() {
        let holder = match c.kind {
            ComponentKind::QueryKey => {
                key = Some(String::from_utf8_lossy(c.decoded()).into_owned());
                // A key with a value is read with the value.
                if components
                    .get(i + 1)
                    .is_some_and(|v| v.kind == ComponentKind::QueryValue)
                {
                    continue;
                }
                Holder::Key
            }
            ComponentKind::QueryValue => {
                let key = key.take().unwrap_or_default();
                if is_one_of(ROUTE_KEYS, key.as_bytes()) && honest_path(c.last_layer()) {
                    return;
                }
                if is_one_of(OTHERS_KEYS, key.as_bytes()) {
                    continue;
                }
                Holder::Value(key)
            }
            // A hash route's honest page (`#/signup?email=...`).
            ComponentKind::Fragment if honest_route(c.raw()) => return,
            ComponentKind::Fragment => Holder::Fragment,
            _ => continue,
        };
        let hit = std::iter::once(c.raw())
            .chain(c.layers())
            .find_map(address_of);
        if let Some((address, base64)) = hit {
            found.push(Found {
                span: c.span,
                component: i,
                holder,
                address,
                base64,
            });
        } else if c.kind == ComponentKind::Fragment {
            fragment_addresses(input, c.span, i, &mut found);
        }
    }
    // The site's own domain's addresses: an organisation's own mail.
    let own = host
        .registrable
        .as_deref()
        .unwrap_or(name)
        .to_ascii_lowercase();
    found.retain(|f| {
        let domain = f
            .address
            .rsplit('@')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        !(domain == own || domain.ends_with(&format!(".{own}")))
    });
    let Some(first) = found.first() else {
        return;
    };
    let written = if first.base64 {
        format!(
            "the e-mail address '{}' (in base64, '{}')",
            quote_str(&first.address),
            quote_str(&String::from_utf8_lossy(first.span.of(input))),
        )
    } else {
        format!("the e-mail address '{}'", quote_str(&first.address))
    };
    let mut addresses: Vec<String> = found
        .iter()
        .map(|f| f.address.to_ascii_lowercase())
        .collect();
    addresses.sort_unstable();
    addresses.dedup();
    let more = match addresses.len() {
        1 => String::new(),
        n => format!(" ({n} addresses in all)"),
    };
    let site = quote_str(name);
    let place = if known {
        format!("'{site}', a shared service anyone publishes on")
    } else {
        format!("'{site}', which is not a site urlscope knows")
    };
    let reads = if first.holder.in_fragment() {
        " (a fragment never leaves the browser; the page's script reads it)"
    } else {
        ""
    };
    out.push(Warning::new(
        WarningCode::PrefilledAddress,
        // The addresses first, where a front end jumps to; the host they
        // are handed to last.
        found
            .iter()
            .map(|f| f.span)
            .take(crate::analysis::report::MAX_SPANS - 1)
            .chain(std::iter::once(host_span))
            .collect(),
        Some(first.component),
        format!(
            "{} hands {written}{more} to {place}{reads}: a phishing page is handed its victim's address so that its sign-in form already holds it, as the real one would. A site's own mail may pre-fill its user's address too (a sign-in hint, a password reset): check that the site is the sender's.",
            first.holder.words()
        ),
    ));
}

/// The addresses in the values of the fragment at `span` (component
/// `i`) written as a query (`#/login?user=...`, `#e=...`), each as
/// written or percent-decoded.
fn fragment_addresses(input: &[u8], span: Span, i: usize, found: &mut Vec<Found>) {
    for (key, value) in crate::split::fragment_params(input, span) {
        let written = value.of(input);
        let once = crate::percent::decode(written, true);
        let twice = crate::percent::decode(&once, true).into_owned();
        let layers = [written, &once[..], &twice[..]];
        let hit = layers.into_iter().find_map(address_of);
        if let Some((address, base64)) = hit {
            found.push(Found {
                span: value,
                component: i,
                holder: Holder::FragmentValue(
                    crate::analysis::nested::fragment::fragment_param_label(key.of(input)),
                ),
                address,
                base64,
            });
        }
    }
}

/// Whether a fragment's hash route (`#/signup?...`, `#!/unsubscribe`)
/// names an honest page ([`honest_path`]).
fn honest_route(fragment: &[u8]) -> bool {
    let route = fragment.strip_prefix(b"!").unwrap_or(fragment);
    if !route.starts_with(b"/") {
        return false;
    }
    let path = route.split(|&b| b == b'?').next().unwrap_or_default();
    honest_path(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::warnings::Severity;
    use proptest::prelude::*;

    /// The severity and bytes of `url`'s `prefilled-address` warning.
    fn found(url: &str) -> Option<(Severity, Vec<String>)> {
        let mut all = super::super::test_support::found(url, WarningCode::PrefilledAddress);
        assert!(all.len() <= 1, "{url}: {all:?}");
        all.pop()
    }

    #[test]
    fn an_address_is_read_whole() {
        for yes in [
            "bob@corp.example",
            "a@b.cd",
            "first.last+tag@mail.corp.co.uk",
            "x_y-z@a-b.COM",
        ] {
            assert!(is_address(yes.as_bytes()), "{yes}");
        }
        for no in [
            "bob@corp",
            "@corp.example",
            "bob@",
            "bob@corp.c",
            "bob@corp.12",
            ".bob@corp.example",
            "bob.@corp.example",
            "bob@-corp.example",
            "bob@corp..example",
            "bob smith@corp.example",
            "%20bob@corp.example",
            "bob@corp.example/x",
            "a@b@c.example",
            "user:pass@host.example",
            // No top-level domain: a file, a version, a machine's name.
            "banner@2x.png",
            "typescript@5.0.0-beta",
            "app@1.2.3.min.js",
            "root@localhost.localdomain",
        ] {
            assert!(!is_address(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn base64_for_an_address_is_read_padded_or_not() {
        assert_eq!(
            base64_address(b"Ym9iQGNvcnAuZXhhbXBsZQ==").as_deref(),
            Some("bob@corp.example")
        );
        assert_eq!(
            base64_address(b"Ym9iQGNvcnAuZXhhbXBsZQ").as_deref(),
            Some("bob@corp.example")
        );
        assert_eq!(
            base64_address(b"a2V2aW4uYmF0dEBjYXNwaW8uY29t").as_deref(),
            Some("kevin.batt@caspio.com")
        );
        // Too short to be one; base64 for words.
        assert_eq!(base64_address(b"Ym9i").as_deref(), None);
        assert_eq!(base64_address(b"aGVsbG8gd29ybGQ=").as_deref(), None);
    }

    #[test]
    fn a_kit_page_sent_its_victims_address_is_flagged() {
        let (severity, bytes) =
            found("http://bremtec.com.au/ddd/view/index.php?email=nobody@mycraftmail.com").unwrap();
        assert_eq!(severity, Severity::Medium);
        assert_eq!(bytes, ["nobody@mycraftmail.com", "bremtec.com.au"]);
        for url in [
            "https://www.hotscents.ro/l?i=a2V2aW4uYmF0dEBjYXNwaW8uY29t",
            "http://x.example/index.html?bob@corp.example",
            "https://x.example/#bob@corp.example",
            "https://x.example/#Ym9iQGNvcnAuZXhhbXBsZQ==",
            "https://x.example/app#/login?user=bob@corp.example",
            "https://x.example/#/login?user=bob%40corp.example",
            "https://x.example/#e=bob%40corp.example",
            "https://x.example/#/login?e=Ym9iQGNvcnAuZXhhbXBsZQ%3D%3D",
            "http://203.0.113.7/ow/?username=bob%40corp.example",
            // Anyone's page on a hosting service.
            "https://pdf-safe-download.azurewebsites.net/MS0FFICE?e=ben@utah.example.edu",
            "https://storage.googleapis.com/bucket/office365.html?email=bob@corp.example",
            // Lures that name a subscription or an invitation in a folder,
            // and keys anyone can add.
            "https://evil.example/docusign/invite/index.php?email=bob@corp.example",
            "https://evil.example/netflix-subscription/update.php?email=bob@corp.example",
            "https://evil.example/register/office/index.html#bob@corp.example",
            "https://evil.example/o365/index.php?email=bob@corp.example&newsletter=1",
            "https://evil.example/o365/index.php?email=bob@corp.example&unsub",
        ] {
            assert!(
                found(url).is_some_and(|(s, _)| s == Severity::Medium),
                "{url}"
            );
        }
    }

    #[test]
    fn honest_pages_that_carry_an_address_stay_quiet() {
        for url in [
            // The brands' own sign-in hints, a shared document sent to one
            // person, a service's own site.
            "https://login.microsoftonline.com/common/oauth2/authorize?login_hint=bob@corp.example",
            "https://accounts.google.com/ServiceLogin?Email=bob@gmail.com",
            "https://contoso.sharepoint.com/:w:/s/Site/EabcXYZ?email=john.doe%40fabrikam.example&e=Nx2Y0k",
            "https://www.weebly.com/login?email=bob@corp.example",
            // Subscriptions, invitations, sign-ups: by page, route or hash
            // route.
            "https://news.shop.example/unsubscribe?email=bob@corp.example",
            "https://shop.example/email-preferences?e=bob@corp.example",
            "https://app.saas.example/accept_invitation?email=bob@corp.example&token=abc",
            "https://app.saas.example/invitations/accept?email=bob@corp.example",
            "https://app.saas.example/users/sign_up?email=bob@corp.example",
            "https://app.saas.example/signup?email=bob@corp.example",
            "https://app.saas.example/opt-out.php?email=bob@corp.example",
            "https://shop.example/index.php?route=account/unsubscribe&email=bob@corp.example",
            "https://shop.example/?action=unsubscribe&email=bob@corp.example",
            "https://app.saas.example/#/signup?email=bob@corp.example",
            "https://app.saas.example/#/accept-invitation?email=bob@corp.example&token=abc",
            "https://app.saas.example/#/unsubscribe?email=bob@corp.example",
            // An organisation's own mail; a sender's or a recipient's
            // address; a search for one.
            "https://mail.corp.example/owa/?user=bob@corp.example",
            "https://mail.example-host.net/?_task=mail&_action=compose&_to=alice@partner.example",
            "https://x.example/view?from=noreply@github.com",
            "https://x.example/?id=no-reply@bank.example",
            "https://x.example/search?q=bob@corp.example",
            // Not an address.
            "https://x.example/?q=@handle",
            "https://x.example/?ref=git@host:repo",
            "https://x.example/#section@2",
            "https://shop.smallbrand.example/download.php?file=banner@2x.png",
            "https://x.example/#logo@2x.svg",
            "https://packagephobia.example/result?p=typescript@5.0.0-beta",
            // In the path, where no form reads it.
            "https://x.example/u/bob@corp.example/",
        ] {
            assert_eq!(found(url), None, "{url}");
        }
    }

    #[test]
    fn the_message_names_the_address_and_its_holder() {
        let message =
            |url: &str| super::super::test_support::message(url, WarningCode::PrefilledAddress);
        let m = message("https://www.hotscents.ro/l?i=a2V2aW4uYmF0dEBjYXNwaW8uY29t");
        assert!(m.starts_with("The query's 'i' hands the e-mail address 'kevin.batt@caspio.com' (in base64, 'a2V2aW4uYmF0dEBjYXNwaW8uY29t') to 'www.hotscents.ro', which is not a site urlscope knows: "), "{m}");
        let m = message("https://x.example/#bob@corp.example");
        assert!(m.starts_with("The fragment hands the e-mail address 'bob@corp.example' to 'x.example', which is not a site urlscope knows (a fragment never leaves the browser; the page's script reads it): "), "{m}");
        let m = message("https://x.example/#/login?user=bob@corp.example");
        assert!(m.starts_with("Fragment parameter 'user' hands"), "{m}");
        assert!(m.contains("(a fragment never leaves the browser"), "{m}");
    }

    /// Many addresses: one warning, its spans bounded, the addresses
    /// counted once each.
    #[test]
    fn many_addresses_make_one_bounded_warning() {
        let mut url = String::from("https://x.example/index.php?");
        for i in 0..500 {
            url.push_str(&format!("e{i}=a@b.cd&f{i}=user{}@corp.example&", i % 3));
        }
        let a = crate::analyze(url.as_bytes(), &crate::Options::default());
        let w: Vec<_> = a
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::PrefilledAddress)
            .collect();
        assert_eq!(w.len(), 1);
        let w = w.first().unwrap();
        assert!(w.spans.len() <= crate::analysis::report::MAX_SPANS);
        assert!(w.message.contains("(4 addresses in all)"), "{}", w.message);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The fast path's gate never turns away base64 the check reads.
        #[test]
        fn the_gate_keeps_every_base64_address(
            local in "[a-zA-Z0-9._%+-]{1,20}",
            domain in "[a-z0-9]{1,10}\\.[a-z]{2,6}",
            how in 0..3u8,
        ) {
            use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE_NO_PAD};
            use base64::Engine;
            let address = format!("{local}@{domain}");
            let text = match how {
                0 => STANDARD.encode(&address),
                1 => STANDARD_NO_PAD.encode(&address),
                _ => URL_SAFE_NO_PAD.encode(&address),
            };
            if base64_address(text.as_bytes()).is_some() {
                prop_assert!(may_be_base64_address(text.as_bytes()), "{text}");
            }
        }
    }
}
