//! `phishing-kit`: the fixed routes of phishing kits sold and shared for
//! years, the same on every site they are dropped on, which the reports
//! of phishing queues name by them:
//!
//! - the PayPal kit whose pages sit under `customer_center/<victim's
//!   folder>/myaccount/` (`/customer_center/customer-IDPP00C725/myaccount/signin`);
//! - the webmail and Office 365 kit that writes `13InboxLight` into its
//!   page's query (`?rand=13InboxLightaspxn.1774256418&fid.4.1252899642`);
//! - the banking and webmail kit whose sign-in step posts
//!   `cmd=login_submit` with a long hex `id` (`?cmd=login_submit&id=<64
//!   hex>&session=<64 hex>`).
//!
//! Each is read only as the kit writes it whole (the folder pair, the
//! word, the step with its hex token), never a single word a site may use
//! (`/customer_center/` alone is a shop's help desk).

use crate::analysis::HostReading;
use crate::split::{Span, Split};
use crate::warnings::{Warning, WarningCode};

/// The folder the PayPal kit unpacks into, and the one its pages are
/// under, later in the path.
const PAYPAL_KIT_FOLDERS: (&[u8], &[u8]) = (b"customer_center", b"myaccount");

/// The word the webmail kit writes into its query, exact case.
const INBOX_LIGHT: &[u8] = b"13InboxLight";

/// A searcher for [`INBOX_LIGHT`], built once (building one per search
/// cost the fast path more than the search).
static INBOX_LIGHT_FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(INBOX_LIGHT));

/// Where the webmail kit's word is in `text`, for the check and the fast
/// path.
pub(crate) fn find_inbox_light(text: &[u8]) -> Option<usize> {
    if text.len() < INBOX_LIGHT.len() {
        return None;
    }
    INBOX_LIGHT_FINDER.find(text)
}

/// The banking kit's step: its key, its value.
const LOGIN_SUBMIT: (&[u8], &[u8]) = (b"cmd", b"login_submit");

/// The fewest hex digits of the banking kit's `id` (an MD5 or SHA-256).
const KIT_TOKEN: usize = 32;

/// Whether a path part is the PayPal kit's first folder, for the fast
/// path (its length turns nearly every part away, inline).
#[inline(always)]
pub(crate) fn is_kit_folder(part: &[u8]) -> bool {
    part.len() == PAYPAL_KIT_FOLDERS.0.len() && part.eq_ignore_ascii_case(PAYPAL_KIT_FOLDERS.0)
}

/// Whether a query pair is the banking kit's step, its key read past an
/// `amp;` (a log or a page may write '&' as '&amp;'); for the fast path
/// too, which leaves its hex token to the check.
#[inline]
pub(crate) fn is_kit_step(key: &[u8], value: &[u8]) -> bool {
    let key = key.strip_prefix(b"amp;").unwrap_or(key);
    key.eq_ignore_ascii_case(LOGIN_SUBMIT.0) && value.eq_ignore_ascii_case(LOGIN_SUBMIT.1)
}

/// `phishing-kit` for the URL itself: the first kit route found, on a
/// site that is not a known one or a brand's.
pub(crate) fn kit_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    component_at: impl Fn(usize) -> Option<usize>,
    out: &mut Vec<Warning>,
) {
    let Some(host) = host else {
        return;
    };
    let name = host.ascii.as_deref().unwrap_or(&host.decoded);
    if host
        .registrable
        .as_deref()
        .is_some_and(|r| crate::sites::is_brand_or_known_site(name, r))
    {
        return;
    }
    let found = paypal_kit(input, parts.path)
        .or_else(|| parts.query.and_then(|q| inbox_light(input, q)))
        .or_else(|| parts.query.and_then(|q| login_submit(input, q)));
    if let Some((spans, message)) = found {
        let component = spans.first().and_then(|s| component_at(s.start));
        out.push(Warning::new(
            WarningCode::PhishingKit,
            spans,
            component,
            message,
        ));
    }
}

/// The kit's spans and message.
type Found = (Vec<Span>, String);

/// The PayPal kit's folders in the path at `path` of `input`.
fn paypal_kit(input: &[u8], path: Span) -> Option<Found> {
    let mut at = path.start;
    let mut first = None;
    for segment in path.of(input).split(|&b| b == b'/') {
        let span = Span::new(at, at + segment.len());
        at += segment.len() + 1;
        match first {
            None if is_kit_folder(segment) => first = Some(span),
            Some(folder) if segment.eq_ignore_ascii_case(PAYPAL_KIT_FOLDERS.1) => {
                return Some((
                    vec![folder, span],
                    String::from("The path's folders 'customer_center/.../myaccount' are a PayPal phishing kit's: it unpacks into customer_center, makes a folder for each victim (customer-IDPP00C...) and serves its sign-in and card pages from myaccount, the same on every site it is dropped on."),
                ));
            }
            _ => {}
        }
    }
    None
}

/// The webmail kit's word in the query at `query` of `input`.
fn inbox_light(input: &[u8], query: Span) -> Option<Found> {
    let at = find_inbox_light(query.of(input))?;
    let span = Span::new(query.start + at, query.start + at + INBOX_LIGHT.len());
    Some((
        vec![span],
        String::from("The query holds '13InboxLight', which a webmail and Office 365 phishing kit writes into its pages' addresses (?rand=13InboxLightaspxn.1774256418&fid.4.1252899642...) to look like a mail server's, the same on every site it is dropped on."),
    ))
}

/// The banking kit's step in the query at `query` of `input`: the pair
/// `cmd=login_submit` beside a value of at least [`KIT_TOKEN`] hex digits.
fn login_submit(input: &[u8], query: Span) -> Option<Found> {
    let mut step = None;
    let mut token = false;
    let mut at = query.start;
    for pair in query.of(input).split(|&b| b == b'&') {
        let span = Span::new(at, at + pair.len());
        at += pair.len() + 1;
        let (key, value) = match memchr::memchr(b'=', pair) {
            Some(eq) => (
                pair.get(..eq).unwrap_or_default(),
                pair.get(eq + 1..).unwrap_or_default(),
            ),
            None => (pair, &b""[..]),
        };
        if is_kit_step(key, value) {
            step = step.or(Some(span));
        }
        token = token || value.len() >= KIT_TOKEN && value.iter().all(u8::is_ascii_hexdigit);
    }
    let step = step.filter(|_| token)?;
    Some((
        vec![step],
        String::from("The query's 'cmd=login_submit', with a long hex 'id' beside it, is the sign-in step of a banking and webmail phishing kit (?cmd=login_submit&id=...&session=...), the same on every site it is dropped on."),
    ))
}

#[cfg(test)]
mod tests {
    use crate::warnings::{Severity, WarningCode};

    /// The severity and bytes of `url`'s `phishing-kit` warning.
    fn found(url: &str) -> Option<(Severity, Vec<String>)> {
        let mut all = super::super::test_support::found(url, WarningCode::PhishingKit);
        assert!(all.len() <= 1, "{url}: {all:?}");
        all.pop()
    }

    #[test]
    fn the_kits_routes_are_found() {
        assert_eq!(
            found("http://x.example/pp/customer_center/customer-IDPP00C461/myaccount/signin/index.php"),
            Some((Severity::Medium, vec!["customer_center".into(), "myaccount".into()]))
        );
        assert_eq!(
            found("http://x.example/fd/customer_center/xBanana-114/myaccount/signin"),
            Some((
                Severity::Medium,
                vec!["customer_center".into(), "myaccount".into()]
            ))
        );
        assert_eq!(
            found("http://x.example/js/new.php?rand=13InboxLightaspxn.1774256418&fid.4.1252899642&fid=1"),
            Some((Severity::Medium, vec!["13InboxLight".into()]))
        );
        assert_eq!(
            found("https://x.example/view/login.php?l=_JeHFUq_VJOXK0QWHtoGYDw1774256418&amp;fid.13InboxLight.aspxn.1774256418"),
            Some((Severity::Medium, vec!["13InboxLight".into()]))
        );
        let hex = "83d433f0878508fdb4b886b32d07397283d433f0878508fdb4b886b32d073972";
        assert_eq!(
            found(&format!(
                "http://x.example/boa/action.php?cmd=login_submit&id={hex}"
            )),
            Some((Severity::Medium, vec!["cmd=login_submit".into()]))
        );
        assert_eq!(
            found(&format!(
                "http://x.example/Center/login.php?cmd=login_submit&amp;id={hex}&amp;session={hex}"
            )),
            Some((Severity::Medium, vec!["cmd=login_submit".into()]))
        );
    }

    #[test]
    fn a_single_word_of_a_kit_is_no_kit() {
        for url in [
            // A shop's help desk, an account page.
            "https://shop.example/customer_center/notice.php",
            "https://shop.example/myaccount/customer_center/",
            "https://shop.example/myaccount/signin",
            // The word in the path, or in another case.
            "https://x.example/13InboxLight/",
            "https://x.example/?rand=13inboxlight",
            // The step with no kit's token beside it.
            "https://app.example/index.php?cmd=login_submit",
            "https://app.example/index.php?cmd=login_submit&id=42",
        ] {
            assert_eq!(found(url), None, "{url}");
        }
    }
}
