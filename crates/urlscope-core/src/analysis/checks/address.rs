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
use crate::services::HostingKind;
use crate::split::{ComponentKind, Span, Split};
use crate::text::quote_str;
use crate::warnings::{Warning, WarningCode};

/// Words in a path or a query key that name the honest pages an address
/// is sent to: managing a subscription, accepting an invitation, signing
/// up. Matched anywhere, in any case (`unsubscribe`, `email-preferences`,
/// `accept_invitation`).
const HONEST_WORDS: &[&str] = &[
    "subscri",
    "unsub",
    "optout",
    "opt-out",
    "opt_out",
    "newsletter",
    "preferenc",
    "invit",
    "signup",
    "sign-up",
    "sign_up",
    "register",
    "registration",
];

/// The longest address read (RFC 5321's path limit).
const MAX_ADDRESS: usize = 254;

/// Whether `text` is an e-mail address whole: a local part of letters,
/// digits and `._%+-` (what addresses are written with; RFC 5322 allows
/// more, which no kit's victim list holds), `@`, and a domain of two
/// labels or more whose last holds a letter.
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
    labels >= 2 && last.len() >= 2 && last.iter().any(u8::is_ascii_alphabetic)
}

/// The bytes an address's local part is written with here.
fn is_local_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'%' | b'+' | b'-')
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
    let body = text
        .strip_suffix(b"==")
        .or_else(|| text.strip_suffix(b"="))
        .unwrap_or(text);
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
/// base64 or decode to a byte no address starts with. A prefix of the
/// decoding, so it never turns away what [`base64_address`] reads (a
/// test holds it to that).
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

/// The address a component's text is, as written or base64 for one, and
/// whether it was base64.
fn address_of(text: &[u8]) -> Option<(String, bool)> {
    if is_address(text) {
        return Some((String::from_utf8_lossy(text).into_owned(), false));
    }
    base64_address(text).map(|a| (a, true))
}

/// One address found: where it is written, the component, what holds
/// it (`'email'`, `the fragment`), the address and whether it was base64.
struct Found {
    span: Span,
    component: usize,
    holder: String,
    address: String,
    base64: bool,
}

/// `prefilled-address` for the URL itself: the first address in a query
/// key, a query value, the fragment or a value of the fragment written as
/// a query, each as written or decoded; one warning, marking every
/// address found.
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
    // A known site pre-fills its own users' addresses, but anyone's page
    // on a shared service is not the service's.
    let anyones_page = host
        .hosting
        .as_ref()
        .is_some_and(|s| !matches!(s.kind, HostingKind::Shared | HostingKind::Forms));
    let name = host.ascii.as_deref().unwrap_or(&host.decoded);
    let known = host
        .registrable
        .as_deref()
        .is_some_and(crate::sites::is_known)
        || crate::sites::brand_of_host(name).is_some();
    if known && !anyones_page {
        return;
    }
    let honest = |text: &[u8]| {
        HONEST_WORDS
            .iter()
            .any(|w| memchr::memmem::find(&text.to_ascii_lowercase(), w.as_bytes()).is_some())
    };
    if honest(parts.path.of(input)) {
        return;
    }
    let mut found = Vec::new();
    for (i, c) in components.iter().enumerate() {
        match c.kind {
            ComponentKind::QueryKey if honest(c.raw()) => return,
            ComponentKind::QueryKey | ComponentKind::QueryValue | ComponentKind::Fragment => {}
            _ => continue,
        }
        let hit = std::iter::once(c.raw())
            .chain(c.layers())
            .find_map(address_of);
        if let Some((address, base64)) = hit {
            found.push(Found {
                span: c.span,
                component: i,
                holder: holder_of(input, components, i),
                address,
                base64,
            });
        } else if c.kind == ComponentKind::Fragment {
            for (key, value) in crate::split::fragment_params(input, c.span) {
                if let Some((address, base64)) = address_of(value.of(input)) {
                    found.push(Found {
                        span: value,
                        component: i,
                        holder: format!(
                            "the fragment's '{}'",
                            quote_str(&String::from_utf8_lossy(key.of(input)))
                        ),
                        address,
                        base64,
                    });
                }
            }
        }
    }
    // The site's own domain's addresses: an organisation's own mail.
    let own = host.registrable.as_deref().unwrap_or(name);
    found.retain(|f| {
        let domain = f.address.rsplit('@').next().unwrap_or_default();
        !(domain.eq_ignore_ascii_case(own)
            || domain
                .to_ascii_lowercase()
                .ends_with(&format!(".{}", own.to_ascii_lowercase())))
    });
    let Some(first) = found.first() else {
        return;
    };
    let written = if first.base64 {
        format!(
            "'{}', base64 for the e-mail address '{}'",
            quote_str(&String::from_utf8_lossy(first.span.of(input))),
            quote_str(&first.address)
        )
    } else {
        format!("the e-mail address '{}'", quote_str(&first.address))
    };
    let site = quote_str(name);
    let more = match found.len() {
        1 => String::new(),
        n => format!(" ({} addresses in all)", n),
    };
    let place = if known {
        format!("'{site}', a page on a shared service anyone publishes on")
    } else {
        format!("'{site}', which is not a site urlscope knows")
    };
    let reads = if first.holder.starts_with("the fragment") {
        " (no server is sent a fragment; the page's script reads it)"
    } else {
        ""
    };
    out.push(Warning::new(
        WarningCode::PrefilledAddress,
        std::iter::once(host_span)
            .chain(found.iter().map(|f| f.span))
            .collect(),
        Some(first.component),
        format!(
            "{} hands {written}{more} to {place}{reads}: a phishing page is sent its victim's address so that its sign-in form already holds it, as the real one would. An unsubscribe link or an invitation from a site you know may carry your address too.",
            first.holder
        ),
    ));
}

/// What holds the component at `i`, in words: `the query's 'email'` for
/// a value, `the query key` for a key, `the fragment`.
fn holder_of(input: &[u8], components: &[ComponentAnalysis], i: usize) -> String {
    let Some(c) = components.get(i) else {
        return String::from("the URL");
    };
    match c.kind {
        ComponentKind::QueryValue => {
            let key = i
                .checked_sub(1)
                .and_then(|k| components.get(k))
                .filter(|k| k.kind == ComponentKind::QueryKey)
                .map(|k| String::from_utf8_lossy(k.span.of(input)).into_owned())
                .unwrap_or_default();
            format!("The query's '{}'", quote_str(&key))
        }
        ComponentKind::QueryKey => String::from("The query"),
        _ => String::from("The fragment"),
    }
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
            "x_y-z@a-b.c0m",
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
            "bob@corp.example/x",
            "a@b@c.example",
            "user:pass@host.example",
        ] {
            assert!(!is_address(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn base64_for_an_address_is_read_in_either_alphabet() {
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
        // base64url of "b~b@x.example"'s cousin with a '-' digit.
        assert_eq!(base64_address(b"Ym9i").as_deref(), None);
        assert_eq!(base64_address(b"aGVsbG8gd29ybGQ=").as_deref(), None);
    }

    #[test]
    fn a_kit_page_sent_its_victims_address_is_flagged() {
        let (severity, bytes) =
            found("http://bremtec.com.au/ddd/view/index.php?email=nobody@mycraftmail.com").unwrap();
        assert_eq!(severity, Severity::Medium);
        assert_eq!(bytes, ["bremtec.com.au", "nobody@mycraftmail.com"]);
        assert!(found("https://www.hotscents.ro/l?i=a2V2aW4uYmF0dEBjYXNwaW8uY29t").is_some());
        assert!(found("http://x.example/index.html?bob@corp.example").is_some());
        assert!(found("https://x.example/#bob@corp.example").is_some());
        assert!(found("https://x.example/#Ym9iQGNvcnAuZXhhbXBsZQ==").is_some());
        assert!(found("https://x.example/app#/login?user=bob@corp.example").is_some());
        assert!(found("http://203.0.113.7/ow/?username=bob%40corp.example").is_some());
        // Anyone's page on a shared service.
        assert!(found(
            "https://pdf-safe-download.azurewebsites.net/MS0FFICE?e=ben@utah.example.edu"
        )
        .is_some());
    }

    #[test]
    fn honest_pages_that_carry_an_address_stay_quiet() {
        for url in [
            // The brands' own sign-in hints.
            "https://login.microsoftonline.com/common/oauth2/authorize?login_hint=bob@corp.example",
            "https://accounts.google.com/ServiceLogin?Email=bob@gmail.com",
            // Subscriptions and invitations.
            "https://news.shop.example/unsubscribe?email=bob@corp.example",
            "https://shop.example/email-preferences?e=bob@corp.example",
            "https://app.saas.example/accept_invitation?email=bob@corp.example&token=abc",
            "https://app.saas.example/signup?email=bob@corp.example",
            // An organisation's own mail.
            "https://mail.corp.example/owa/?user=bob@corp.example",
            // Not an address.
            "https://x.example/?q=@handle",
            "https://x.example/?ref=git@host:repo",
            "https://x.example/#section@2",
            // In the path, where no form reads it.
            "https://x.example/u/bob@corp.example/",
        ] {
            assert_eq!(found(url), None, "{url}");
        }
    }

    #[test]
    fn the_message_names_the_address_and_its_holder() {
        let message = super::super::test_support::message(
            "https://www.hotscents.ro/l?i=a2V2aW4uYmF0dEBjYXNwaW8uY29t",
            WarningCode::PrefilledAddress,
        );
        assert!(message.starts_with("The query's 'i' hands 'a2V2aW4uYmF0dEBjYXNwaW8uY29t', base64 for the e-mail address 'kevin.batt@caspio.com' to 'www.hotscents.ro', which is not a site urlscope knows"), "{message}");
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
