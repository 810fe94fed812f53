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
//!   hex>&session=<64 hex>`);
//! - the copy of itself a kit makes for each visitor, in a folder named by
//!   the MD5 of a random number (`$dir = md5(rand())`, then the kit's
//!   files copied there and the visitor sent in), so that a reported link
//!   takes down no other: 32 lowercase hex digits for a folder that runs
//!   a script of its own (`/<md5>/Up-dating.php`) or ends the path under
//!   a brand's name (`/bankofamerica/<md5>`).
//!
//! Each is read only as the kit writes it whole (the folder pair, the
//! word, the step with its hex token, the hex folder with its page or its
//! brand), never a single word a site may use (`/customer_center/` alone
//! is a shop's help desk, `/activate/<md5>` an account's confirmation,
//! `/static/<md5>/index.html` a package's page).

use crate::analysis::HostReading;
use crate::services::lures::is_one_of;
use crate::split::{Span, Split};
use crate::text::quote_str;
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

/// The hex digits of an MD5, the name of a visitor's folder.
const VISITOR_FOLDER: usize = 32;

/// Whether a path part may be a visitor's folder: an MD5 as PHP's `md5()`
/// writes it, 32 lowercase hex digits (a Lotus Domino document's
/// 32-digit id is upper case). For the fast path: its length turns
/// nearly every part away.
#[inline(always)]
pub(crate) fn is_visitor_folder(part: &[u8]) -> bool {
    part.len() == VISITOR_FOLDER
        && part
            .iter()
            .all(|&b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

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
        .or_else(|| parts.query.and_then(|q| login_submit(input, q)))
        .or_else(|| visitor_folder(input, parts.path));
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

/// The extensions of a page a server runs (a kit is PHP): a static page
/// in a folder named by hex digits is a site's content as often (a
/// package, a report, a "view in browser" copy), and is left alone.
const SCRIPT_PAGES: &[&str] = &["php", "php5", "phtml", "asp", "aspx", "jsp", "cgi"];

/// Folders under which an application routes a hex secret or id after a
/// provider's name (`/auth/google/<hex>`, `/webhooks/telegram/<hex>`,
/// `/tracking/dhl/<hex>`): a brand's name there is no kit's.
const ROUTE_FOLDERS: &[&str] = &[
    "api",
    "auth",
    "oauth",
    "oauth2",
    "callback",
    "callbacks",
    "hooks",
    "webhook",
    "webhooks",
    "track",
    "tracking",
    "integrations",
    "connect",
];

/// A visitor's folder in the path at `path` of `input`: an
/// [`is_visitor_folder`] part whose own page is a script a server runs
/// (`/<md5>/Up-dating.php`), or which ends the path right under a folder
/// named by a brand's token (`/bankofamerica/<md5>/`), outside an
/// application's routes ([`ROUTE_FOLDERS`]). Empty and `.` segments,
/// which servers collapse, are passed over, and a trailing '/' ends the
/// path as well.
fn visitor_folder(input: &[u8], path: Span) -> Option<Found> {
    let text = path.of(input);
    let text = text.strip_suffix(b"/").unwrap_or(text);
    let end = path.start + text.len();
    // The segments that name something, with their spans: the last two
    // are read, and whether a route folder comes before them.
    let mut at = path.start;
    let segments = text.split(|&b| b == b'/').filter_map(|segment| {
        let span = Span::new(at, at + segment.len());
        at += segment.len() + 1;
        (!segment.is_empty() && segment != b".").then_some((span, segment))
    });
    let mut routed = false;
    let mut last: [Option<(Span, &[u8])>; 2] = [None, None];
    for segment in segments {
        if let Some((_, name)) = last[0] {
            routed = routed || is_one_of(ROUTE_FOLDERS, name);
        }
        last = [last[1], Some(segment)];
    }
    let [Some((before_span, before)), Some((last_span, last))] = last else {
        return None;
    };
    if last_span.end != end {
        return None;
    }
    let script = crate::services::lures::page_dot(last)
        .is_some_and(|dot| is_one_of(SCRIPT_PAGES, last.get(dot + 1..).unwrap_or_default()));
    let (hex, spans, what) = if script && is_visitor_folder(before) {
        (
            before,
            vec![before_span, last_span],
            format!(
                "the script {} runs from inside it",
                quote_str(&String::from_utf8_lossy(last))
            ),
        )
    } else if is_visitor_folder(last) && !routed && names_brand(before) {
        (
            last,
            vec![before_span, last_span],
            format!(
                "ends the path under {}, a brand's name",
                quote_str(&String::from_utf8_lossy(before))
            ),
        )
    } else {
        return None;
    };
    let message = format!(
        "The folder {} is named by 32 hex digits, an MD5, and {what}: a phishing kit copies itself into such a folder for each visitor (the MD5 of a random number), so that a reported link takes down no other copy.",
        quote_str(&String::from_utf8_lossy(hex)),
    );
    Some((spans, message))
}

/// Whether a path segment is a brand's token (`bankofamerica`, `hotMAIL`,
/// `docusign17`, `DHL`), digits after it aside (a kit's version); not a
/// common word that names a brand (`office`, `meta`), which an
/// application's routes use.
fn names_brand(segment: &[u8]) -> bool {
    let letters = segment.len()
        - segment
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
    crate::sites::brand_token(segment.get(..letters).unwrap_or_default()).is_some()
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
    for pair in super::query::pairs(input, query) {
        let (span, key, value) = (pair.pair, pair.key.of(input), pair.value.of(input));
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
    fn a_visitors_folder_with_its_page_or_its_brand_is_found() {
        let md5 = "5079fa4ab6f74504abbb31ff6ead00e0";
        for (url, marked) in [
            (
                format!("https://x.example/.config/authflow/{md5}/Up-dating.php"),
                [md5, "Up-dating.php"],
            ),
            (
                format!("http://x.example/mod/OneDrive/{md5}/index1.php?x=1"),
                [md5, "index1.php"],
            ),
            (
                format!("http://x.example/-/bankofamerica/{md5}"),
                ["bankofamerica", md5],
            ),
            (
                format!("http://x.example/a/hotMAIL/{md5}/"),
                ["hotMAIL", md5],
            ),
            (
                format!("http://x.example/CA002/DHL33/{md5}"),
                ["DHL33", md5],
            ),
            // Empty and '.' segments, which servers collapse.
            (
                format!("http://x.example/bankofamerica//{md5}"),
                ["bankofamerica", md5],
            ),
            (
                format!("http://x.example/bankofamerica/./{md5}/"),
                ["bankofamerica", md5],
            ),
        ] {
            assert_eq!(
                found(&url),
                Some((
                    Severity::Medium,
                    marked.iter().map(|m| m.to_string()).collect()
                )),
                "{url}"
            );
        }
    }

    #[test]
    fn a_hex_folder_alone_is_no_visitors_folder() {
        let md5 = "5079fa4ab6f74504abbb31ff6ead00e0";
        for url in [
            // An account's confirmation, a file's hash, an asset's.
            format!("https://app.example/activate/{md5}"),
            format!("https://app.example/activate/{md5}/"),
            format!("https://files.example/d/{md5}/report.pdf"),
            format!("https://cdn.example/static/{md5}/app.js"),
            // A static page in a hex folder: a package, a report, a copy
            // to view in a browser, a file locker's page.
            format!("https://cdn.example/static/{md5}/index.html"),
            format!("https://lms.example/scorm/{md5}/index_lms.html"),
            format!("https://files.example/file/{md5}/x.part1.rar.html"),
            // A route after the folder, a script further down.
            format!("https://d6.example/user/reset/1/1700000000/{md5}/login"),
            format!("https://app.example/reset/{md5}/password"),
            format!("https://x.example/{md5}/docs/x.php"),
            // A provider's name in an application's routes, a common word.
            format!("https://hooks.example/webhooks/telegram/{md5}"),
            format!("https://app.example/auth/google/{md5}"),
            format!("https://shop.example/tracking/dhl/{md5}"),
            format!("https://api.example/v1/meta/{md5}"),
            format!("https://x.example/office/{md5}"),
            // Lotus Domino's document ids (upper case), a SHA-1, short hex.
            "https://x.example/aw.nsf/techmain/DB62BA9E3F8F806B8825671B0067F7B0/a.php".into(),
            format!("https://x.example/{md5}0000000a/index.php"),
            "https://x.example/5079fa4ab6f74504/index.php".into(),
            // The script beside the folder, not inside it; a brand further off.
            format!("https://x.example/{md5}.php"),
            format!("https://x.example/paypal/docs/{md5}"),
            format!("https://x.example/paypal/{md5}/docs"),
            // A known site.
            format!("https://www.dropbox.com/s/{md5}/index.php"),
        ] {
            assert_eq!(found(&url), None, "{url}");
        }
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
