//! What a host imitates: a famous site's look-alike (`lookalike-domain`:
//! `paypa1.com`, `rnicrosoft.com`) and a brand shown in the host of a site
//! that is not the brand's (`brand-in-host`: `www.paypal.com.secure.example.net`,
//! `paypal-login-secure.example`). The famous sites and the edits are
//! [`crate::sites`]'; this writes the warnings.

use crate::analysis::whatwg::is_tab_or_newline;
use crate::analysis::{Destination, HostReading, Reach};
use crate::services::lures::credential_words;
use crate::services::shared_hosting;
use crate::sites::{brand_in_host, imitation, Imitation};
use crate::split::{Span, Split};
use crate::text::{quote, quote_str};
use crate::warnings::{Case, Warning};

/// The warnings of what the host imitates, and the imitation itself (for
/// the destination); the top sites' look-alikes (only ever low) only with
/// `top_sites`. `brand_shown` is set when `brand-in-host` fires, so
/// that `deceptive-host` does not say it again.
pub(crate) fn imitation_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    host_index: Option<usize>,
    top_sites: bool,
    out: &mut Vec<Warning>,
) -> (Option<Imitation>, bool) {
    let (Some(h), Some(span)) = (host, parts.host) else {
        return (None, false);
    };
    if !host_names_a_site(input, parts) {
        return (None, false);
    }
    // A name inside a private network (`metadata.google.internal`,
    // `intranet.corp`) is registered by no one outside it: it imitates no
    // public site, whatever its labels (its reach is said elsewhere).
    let reach = crate::analysis::classify_host(&h.decoded).reach;
    if !matches!(reach, Reach::Public | Reach::Documentation) {
        return (None, false);
    }
    let name = h
        .ascii
        .clone()
        .unwrap_or_else(|| h.decoded.to_ascii_lowercase());
    let name = name.trim_end_matches('.');
    // A name holding a code point no domain may hold has no registrable
    // domain ('google.com%40evil.example'); the brand it shows is judged
    // against the site of the labels after that code point, and the host
    // is named whole.
    let forbidden_at = name.rfind(crate::analysis::whatwg::is_forbidden_domain_code_point);
    let (registrable, site) = match (h.registrable.as_deref(), forbidden_at) {
        (Some(registrable), _) => (registrable, registrable),
        (None, Some(at)) => {
            let after = name.get(at + 1..).unwrap_or_default();
            match crate::names::registrable_domain(after) {
                Some(registrable) => (registrable, name),
                None => return (None, false),
            }
        }
        (None, None) => return (None, false),
    };
    // Byte offsets into the host map onto the input when the host is
    // written as read (plain ASCII); otherwise the whole host is marked.
    let written = span.of(input);
    let plain = written.eq_ignore_ascii_case(name.as_bytes());
    let at = |s: usize, e: usize| {
        if plain {
            Span::new(span.start + s, span.start + e)
        } else {
            span
        }
    };
    let hosting = shared_hosting(name);
    let on_hosting = hosting.is_some();
    let mut found = None;
    let reg_at = name.len().saturating_sub(registrable.len());
    // The registrable domain in Unicode, for an IDN's skeleton.
    let unicode = h.unicode.as_deref().map(|u| {
        let labels = registrable.split('.').count();
        let all: Vec<&str> = u.trim_end_matches('.').split('.').collect();
        all.get(all.len().saturating_sub(labels)..)
            .map(|l| l.join("."))
            .unwrap_or_default()
    });
    if !on_hosting && forbidden_at.is_none() {
        if let Some(i) = imitation(registrable, unicode.as_deref(), reg_at, top_sites) {
            let i = on_written_host(input, span, name, i);
            // A brand's look-alike is high. A top site's is only shown:
            // one letter from one of 10,000 names is also where many honest
            // names are (latech.edu, panix.com, state.nj.us), and at medium
            // it flagged 2% of a benign crawl.
            // An edit of a brand's name under another suffix than the
            // brand's domain with that name is two steps from the brand
            // (`qmail.org`, `tunes.org`), where honest names fall: only
            // shown, unless the URL asks for a sign-in (`paypa1.net/signin`).
            // An IDN written to look like the name is no accident,
            // whatever its suffix.
            let suffix = crate::names::public_suffix;
            let same_suffix = registrable.contains("xn--")
                || suffix(registrable).is_some_and(|s| suffix(&i.domain) == Some(s));
            let elsewhere = i.brand.is_some() && !same_suffix && i.family != "tld-swap";
            // A brand's name that is no token of it is a word others use
            // too (`office.org`, `force.org`): under another suffix, only
            // shown, unless the URL asks for a sign-in.
            let common_name = i.family == "tld-swap"
                && crate::sites::brand_token(
                    registrable.split('.').next().unwrap_or_default().as_bytes(),
                )
                .is_none();
            // A brand's name under a country's suffix is most often the
            // brand's own registration there, its sign-in pages too
            // (`airbnb.es/login`, `passport.yandex.by/auth`).
            let national = i.family == "tld-swap" && is_national_suffix(registrable);
            let word = (elsewhere || common_name)
                .then(|| first_sign_in_word(input))
                .flatten();
            let case = match (i.brand, i.family) {
                (Some(_), "tld-swap") if common_name && word.is_some() => {
                    Case::LookalikeSiteWordLogin
                }
                (Some(_), "tld-swap") if common_name => Case::LookalikeSiteWord,
                (Some(_), "tld-swap") if national => Case::LookalikeSiteNational,
                (Some(_), "tld-swap") => Case::LookalikeSite,
                (Some(_), _) if same_suffix => Case::LookalikeBrand,
                (Some(_), _) if word.is_some() => Case::LookalikeBrandElsewhereLogin,
                (Some(_), _) => Case::LookalikeBrandElsewhere,
                (None, _) => Case::LookalikeShown,
            };
            let whose = i.brand.map_or_else(
                || format!("the site '{}'", quote_str(&i.domain)),
                |b| format!("{b}'s site"),
            );
            let also = match (elsewhere, national) {
                (true, _) => " and another suffix",
                (false, true) => {
                    ", a country's suffix, under which brands often hold their own names"
                }
                (false, false) => "",
            };
            let with = after_comma_beside(input, word);
            out.push(Warning::for_case(
                case,
                std::iter::once(i.span).chain(word).collect(),
                host_index,
                format!(
                    "'{}' is '{}' with {} ({}){also}{with}: a reader takes it for {whose}.",
                    quote_str(unicode.as_deref().unwrap_or(registrable)),
                    quote_str(&i.domain),
                    i.edit,
                    i.family
                ),
            ));
            found = Some(i);
        }
    }
    // On shared hosting `shared-hosting` speaks, but a brand's token
    // misspelt in the account's labels (`cdn-coinbse-com.pages.dev`) is
    // still what the host imitates.
    if let Some(service) = hosting.filter(|_| forbidden_at.is_none()) {
        if let Some(mut i) = crate::sites::account_imitation(name, &service.service) {
            i.span = at(i.span.start, i.span.end);
            found = Some(i);
        }
    }
    let mut shown = false;
    if !on_hosting {
        let found_in_host = brand_in_host(name, registrable);
        // A member institution is named for its place, never for a
        // sign-in word (`sparkasse-login.de` is no member's).
        let family = found_in_host
            .and_then(|(brand, _)| crate::sites::family_of(registrable).filter(|f| f.0 == brand))
            .filter(|_| credential_words(registrable.as_bytes()).is_empty());
        if let (Some((brand, (s, e))), Some((_, pattern))) = (found_in_host, &family) {
            out.push(Warning::for_case(
                Case::BrandFamilyHost,
                vec![at(s, e)],
                host_index,
                format!(
                    "The host shows '{}', {brand}'s name, in '{}': {brand}'s member institutions are named so ('{pattern}'), each its own owner, but anyone may register such a name, and urlscope does not list them.",
                    quote_str(name.get(s..e).unwrap_or_default()),
                    quote_str(registrable),
                ),
            ));
            shown = true;
        } else if let Some((brand, (s, e))) = found_in_host {
            let opens = site_opened(input, parts, site, forbidden_at.is_some());
            // The first sign-in word, named and marked with the brand.
            let word = first_sign_in_word(input);
            let case = if word.is_some() {
                Case::BrandHostLogin
            } else {
                Case::BrandHost
            };
            let text = name.get(s..e).unwrap_or_default();
            let with = word.map_or_else(String::new, |w| beside(input, w));
            // What the host imitates, for the destination, unless a
            // brand's look-alike of the registrable domain said it already.
            if !found_brand(&found) {
                found = crate::sites::home_of(brand).map(|home| Imitation {
                    domain: home.to_string(),
                    brand: Some(brand),
                    family: "brand-in-host",
                    edit: format!(
                        "its name '{}' in the host of '{}'",
                        quote_str(text),
                        quote_str(registrable)
                    ),
                    span: at(s, e),
                });
            }
            out.push(Warning::for_case(
                case,
                std::iter::once(at(s, e)).chain(word).collect(),
                host_index,
                format!(
                    "The host shows '{}', {brand}'s name{with}, but {opens}, which is not {brand}'s.",
                    quote_str(text),
                ),
            ));
            shown = true;
        }
    }
    // A brand's name misspelt as a word glued to others in the host. A
    // top site's look-alike (low, found only when low ones are asked for)
    // does not stand in its way: what is found at medium must not depend
    // on whether low findings are looked for.
    if !on_hosting && !shown && !found_brand(&found) && forbidden_at.is_none() {
        if let Some(((s, e), mut i)) = crate::sites::brand_word_imitation(name, registrable) {
            i.span = at(i.span.start, i.span.end);
            let opens = site_opened(input, parts, site, false);
            let word = first_sign_in_word(input);
            let case = if word.is_some() {
                Case::LookalikeBrandWordLogin
            } else {
                Case::LookalikeBrandWord
            };
            let brand = i.brand.unwrap_or(i.domain.as_str()).to_string();
            let token = i.domain.split('.').next().unwrap_or_default();
            let with = after_comma_beside(input, word);
            out.push(Warning::for_case(
                case,
                std::iter::once(i.span).chain(word).collect(),
                host_index,
                format!(
                    "The host's word '{}' is {brand}'s name '{token}' with {} ({}){with}, but {opens}, which is not {brand}'s.",
                    quote_str(name.get(s..e).unwrap_or_default()),
                    i.edit,
                    i.family,
                ),
            ));
            found = Some(i);
        }
    }
    (found, shown)
}

/// Whether the host is a site's name at all: an application's own
/// address (`ms-appx-web://microsoft.aad.brokerplugin/`,
/// `com.example.app://callback`) names no site a browser opens; its "host"
/// is the application's own word, and imitates no one.
pub(crate) fn host_names_a_site(input: &[u8], parts: &Split) -> bool {
    let scheme = parts.scheme.map(|s| String::from_utf8_lossy(s.of(input)));
    !scheme.is_some_and(|s| crate::schemes::is_app_scheme(&s))
}

/// Whether `found` imitates a brand (a top site's look-alike names none).
fn found_brand(found: &Option<Imitation>) -> bool {
    found.as_ref().is_some_and(|i| i.brand.is_some())
}

/// The warnings of what the host a browser opens imitates, when RFC 3986
/// parsers read another (`http://paypa1.com\@good.com/`: the checks
/// above judged `good.com`, which the filter sees; the browser opens
/// `paypa1.com`), or reads it without the tabs and newlines written in it
/// (`https://pay\tpa1.com/`); the caller asks only then. `own` is the
/// URL's own destination; the browser's host is marked where it is
/// written (whole when tabs split it), or the authority when it cannot be
/// found, and the warning is on the component it is written in.
pub(crate) fn browser_host_imitation_warnings(
    input: &[u8],
    parts: &Split,
    components: &[crate::analysis::ComponentAnalysis],
    own: &Destination,
    top_sites: bool,
    out: &mut Vec<Warning>,
) {
    let (Some(browser), None) = (&own.host, &own.browser_refuses) else {
        return;
    };
    let Some(span) = browser_host_span(input, parts).or(parts.authority) else {
        return;
    };
    let mut seen = parts.clone();
    seen.host = Some(span);
    seen.host_kind = Some(crate::split::HostKind::RegName);
    // A tab or newline inside the host (`pay\tpa1.com`), which a browser
    // drops: the host is read without them, its edited bytes marked where
    // they are written ([`on_written_host`]).
    let read: Vec<u8> = span
        .of(input)
        .iter()
        .copied()
        .filter(|&b| !is_tab_or_newline(b))
        .collect();
    let reading = crate::analysis::host::reading_of(&read, crate::split::HostKind::RegName);
    // The browser's host as the destination classed it: only a name whose
    // reading agrees is judged (an address imitates no site).
    if browser.canonical.trim_end_matches('.')
        != reading
            .ascii
            .as_deref()
            .unwrap_or(&reading.decoded.to_ascii_lowercase())
            .trim_end_matches('.')
    {
        return;
    }
    let index = components
        .iter()
        .position(|c| c.span.start <= span.start && span.end <= c.span.end && !c.span.is_empty());
    imitation_warnings(input, &seen, Some(&reading), index, top_sites, out);
}

/// Where in `input` the host a browser reads in the URL `parts` is
/// written ([`whatwg_host_span`](crate::analysis::destination::whatwg_host_span));
/// a reference is read as on an http(s) page.
pub(crate) fn browser_host_span(input: &[u8], parts: &Split) -> Option<Span> {
    let at = parts.trimmed.start;
    crate::analysis::destination::whatwg_host_span(parts.trimmed.of(input), true)
        .map(|s| Span::new(at + s.start, at + s.end))
}

/// What `i`, found in the host name `name` (ASCII, lowercase, no
/// trailing dot; its span within it), marks of the host written at `span`
/// of `input`: its edited bytes when the host is written as read (plain
/// ASCII, with any tab or newline a browser drops skipped), a capital
/// among lowercase letters named as written (`paypaI.com`; in a label all
/// in capitals, `PAYPAI.COM`, it is just the letter); else the whole host.
pub(crate) fn on_written_host(input: &[u8], span: Span, name: &str, mut i: Imitation) -> Imitation {
    let host = span.of(input);
    // Where each byte of the host as a browser reads it is written.
    let at: Vec<usize> = (0..host.len())
        .filter(|&k| host.get(k).is_some_and(|&b| !is_tab_or_newline(b)))
        .collect();
    let read: Vec<u8> = at.iter().filter_map(|&k| host.get(k).copied()).collect();
    let written = read.strip_suffix(b".").unwrap_or(&read);
    let (Some(&first), Some(&last)) = (
        at.get(i.span.start),
        i.span.end.checked_sub(1).and_then(|e| at.get(e)),
    ) else {
        i.span = span;
        return i;
    };
    if !written.eq_ignore_ascii_case(name.as_bytes()) {
        i.span = span;
        return i;
    }
    let label_start = written
        .get(..i.span.start)
        .and_then(|w| memchr::memrchr(b'.', w))
        .map_or(0, |d| d + 1);
    let label_end = written
        .get(i.span.end..)
        .and_then(|w| memchr::memchr(b'.', w))
        .map_or(written.len(), |d| i.span.end + d);
    let label = written.get(label_start..label_end).unwrap_or_default();
    i.span = Span::new(span.start + first, span.start + last + 1);
    if label.iter().any(u8::is_ascii_lowercase) {
        if let Some(edit) = crate::sites::as_written(&i.edit, i.span.of(input)) {
            i.edit = edit;
        }
    }
    i
}

/// The site the URL opens, for a warning that sets it against what the
/// host shows: the one a browser opens, or, when a browser refuses the
/// URL (as [`Destination::browser_refuses`] says), the one RFC 3986
/// parsers read. `site` is the registrable domain, or the whole host when
/// it is no domain (`whole`).
pub(crate) fn site_opened(input: &[u8], parts: &Split, site: &str, whole: bool) -> String {
    let site = quote_str(site);
    let refused = parts.scheme.is_some()
        && url::Url::parse(&String::from_utf8_lossy(parts.trimmed.of(input))).is_err();
    match (refused, whole) {
        (false, _) => format!("the site a browser opens is '{site}'"),
        (true, false) => format!(
            "a browser opens no site (it rejects the URL), and the site RFC 3986 parsers read is '{site}'"
        ),
        (true, true) => format!(
            "a browser opens no site (it rejects the host), and RFC 3986 parsers read the host '{site}'"
        ),
    }
}

/// The first sign-in word of the URL, which makes an imitation worse and
/// is marked beside it.
fn first_sign_in_word(input: &[u8]) -> Option<Span> {
    credential_words(input)
        .first()
        .map(|&(s, e)| Span::new(s, e))
}

/// [`beside`] after a comma, when there is a word: the clause a
/// look-alike's message ends with.
fn after_comma_beside(input: &[u8], word: Option<Span>) -> String {
    word.map_or_else(String::new, |w| format!(",{}", beside(input, w)))
}

/// How a message names that word: ` beside the sign-in word 'signin'`.
fn beside(input: &[u8], word: Span) -> String {
    format!(" beside the sign-in word '{}'", quote(word.of(input)))
}

/// The country codes sold to anyone as generic names (`.co`, `.io`,
/// `.me`) or given away (`.tk`, `.ml`): a brand's name there is no sign
/// of the brand's own registration.
const GENERIC_COUNTRY_CODES: &[&str] = &[
    "ai", "cc", "cf", "co", "ga", "gq", "io", "la", "ly", "me", "ml", "nu", "pw", "sh", "tk", "to",
    "tv", "ws",
];

/// Whether `registrable`'s public suffix ends in a country code
/// (`cn`, `co.uk`, `com.au`) other than [`GENERIC_COUNTRY_CODES`].
fn is_national_suffix(registrable: &str) -> bool {
    let tld = registrable.rsplit('.').next().unwrap_or_default();
    tld.len() == 2
        && tld.bytes().all(|b| b.is_ascii_alphabetic())
        && !GENERIC_COUNTRY_CODES
            .iter()
            .any(|c| c.eq_ignore_ascii_case(tld))
}

#[cfg(test)]
mod tests {
    use crate::warnings::WarningCode;
    use crate::{analyze, Options};

    /// The codes, and the bytes of each of `code`, that `url` gets.
    fn marked(url: &str, code: WarningCode) -> Vec<String> {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .filter(|w| w.code == code)
            .map(|w| {
                let first = w.spans.first().copied().unwrap_or_default();
                String::from_utf8_lossy(first.of(url.as_bytes())).into_owned()
            })
            .collect()
    }

    /// A brand's name misspelt as a word glued to others in the host:
    /// medium, high with a sign-in word (in the host too), the edited
    /// bytes marked; near misses: the name as written, a common word, a
    /// whole name (the look-alike of the domain itself), the brand's own.
    #[test]
    fn a_brands_name_misspelt_among_the_hosts_words() {
        let warning = |url: &str| {
            analyze(url.as_bytes(), &Options::default())
                .warnings
                .into_iter()
                .find(|w| w.code == WarningCode::LookalikeDomain)
        };
        let w = warning("https://paypa1-login.com/").expect("fires");
        assert_eq!(w.severity, crate::warnings::Severity::High);
        assert_eq!(
            w.message,
            "The host's word 'paypa1' is PayPal's name 'paypal' with 'l' written as '1' (homoglyph), beside the sign-in word 'login', but the site a browser opens is 'paypa1-login.com', which is not PayPal's."
        );
        assert_eq!(
            marked("https://paypa1-login.com/", WarningCode::LookalikeDomain),
            ["1"]
        );
        let w = warning("https://www.paypa1-help.com/").expect("fires");
        assert_eq!(w.severity, crate::warnings::Severity::Medium);
        let w = warning("https://files.rnicrosoft365.example-host.net/").expect("fires");
        assert_eq!(w.severity, crate::warnings::Severity::Medium);
        for url in [
            "https://paypal-login.com/",
            "https://finance-news.com/",
            "https://goggle-shop.com/",
            "https://paypa1.com/",
            "https://www.paypal-community.com/",
            "https://p\u{430}ypal.com.evil.example/login",
        ] {
            let message = warning(url).map(|w| w.message);
            assert!(
                message
                    .as_ref()
                    .is_none_or(|m| !m.starts_with("The host's word")),
                "{url}: {message:?}"
            );
        }
        // The fast path sends it to the analysis.
        assert!(!crate::triage::is_plain(b"https://paypa1-help.com/"));
        // A top site's look-alike of the registrable domain (`comers.org`,
        // low, looked for only below medium) does not hide it: triage at
        // medium, which leaves low findings out, agrees with the analysis.
        for url in [
            "https://www.googl.comers.org/",
            "http:\\\\www.googl.comers.org/~quinet/m\\foo",
        ] {
            let all = warning(url).expect("fires");
            assert_eq!(all.severity, crate::warnings::Severity::Medium, "{url}");
            let medium = crate::triage::triage_at(
                url.as_bytes(),
                &Options::default(),
                crate::warnings::Severity::Medium,
            );
            assert!(medium.contains(&all), "{url}: {medium:?}");
        }
    }

    /// A brand's name in the host is high beside a sign-in word, also
    /// where a number is glued to the words (`paypallogin2019`); medium
    /// with none.
    #[test]
    fn a_sign_in_word_beside_a_number_raises_a_brand_in_the_host() {
        let severity = |url: &str| {
            analyze(url.as_bytes(), &Options::default())
                .warnings
                .into_iter()
                .find(|w| w.code == WarningCode::BrandInHost)
                .map(|w| w.severity)
        };
        use crate::warnings::Severity::{High, Medium};
        for (url, expected) in [
            ("https://paypallogin.com/", High),
            ("https://paypallogin2019.com/", High),
            ("https://paypal-login-2019.com/", High),
            ("https://paypal-2019.com/", Medium),
            ("https://paypal2019.com/", Medium),
        ] {
            assert_eq!(severity(url), Some(expected), "{url}");
        }
        assert_eq!(
            marked("https://paypallogin2019.com/", WarningCode::BrandInHost),
            ["paypal"]
        );
    }

    /// The host a browser opens is judged too when RFC 3986 parsers read
    /// another: the filter's host is the one after '@', the visitor's
    /// the one before '\'.
    #[test]
    fn a_brand_in_the_host_is_what_the_destination_imitates() {
        for (url, domain, shown) in [
            (
                "https://www.paypal.com.secure-login.example.net/login",
                "paypal.com",
                "paypal.com",
            ),
            (
                "https://microsoft365-verify.example/",
                "microsoft.com",
                "microsoft",
            ),
        ] {
            let a = crate::analyze(url.as_bytes(), &crate::Options::default());
            let i = a.destinations[0].imitates.as_ref().expect(url);
            assert_eq!(
                (i.domain.as_str(), i.family, &url[i.span.start..i.span.end]),
                (domain, "brand-in-host", shown),
                "{url}"
            );
        }
        // A look-alike of the registrable domain names what it imitates
        // first; a brand's own host imitates nothing.
        let a = crate::analyze(
            b"https://paypal.com.paypa1.com/",
            &crate::Options::default(),
        );
        let i = a.destinations[0].imitates.as_ref().expect("imitates");
        assert_eq!(i.family, "homoglyph");
        let a = crate::analyze(
            b"https://login.microsoftonline.com/",
            &crate::Options::default(),
        );
        assert!(a.destinations[0].imitates.is_none());
    }

    #[test]
    fn the_host_a_browser_opens_is_judged_where_it_is_written() {
        assert_eq!(
            marked(
                r"http://paypa1.com\@good.com/",
                WarningCode::LookalikeDomain
            ),
            ["1"]
        );
        assert_eq!(
            marked(
                r"http://www.paypal.com.evil.example\@good.com/signin",
                WarningCode::BrandInHost
            ),
            ["paypal.com"]
        );
        // The RFC 3986 host is still judged, once.
        assert_eq!(
            marked(
                r"http://evil.com\@paypa1.com/",
                WarningCode::LookalikeDomain
            ),
            ["1"]
        );
        // Near misses: both hosts honest; the readings agree.
        for url in [
            r"http://good.com\@good.org/",
            r"http://www.paypal.com\@example.com/",
            "https://www.paypal.com/signin",
        ] {
            assert!(
                marked(url, WarningCode::LookalikeDomain).is_empty(),
                "{url}"
            );
            assert!(marked(url, WarningCode::BrandInHost).is_empty(), "{url}");
        }
    }

    /// A sign-in that returns to an application on the device (RFC 8252,
    /// section 7.1) names the application, not a site: its address
    /// imitates no one and leads nowhere on the network; an address a
    /// browser opens is still judged.
    #[test]
    fn an_applications_own_address_imitates_no_site() {
        let flagged = |url: &str| {
            let a = analyze(url.as_bytes(), &crate::Options::default());
            a.warnings
                .iter()
                .filter(|w| w.severity >= crate::Severity::Medium)
                .map(|w| w.code)
                .collect::<Vec<_>>()
        };
        for url in [
            "https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=1&redirect_uri=ms-appx-web%3a%2f%2fmicrosoft.aad.brokerplugin%2fS-1-15-2&response_type=code",
            "https://login.microsoftonline.com/common/oauth2/authorize?client_id=1&redirect_uri=msauth.com.microsoft.teams%3A%2F%2Fauth",
            "https://login.microsoftonline.com/common/oauth2/authorize?client_id=1&redirect_uri=msal4b0db8c2-9f26-4417-8bde-3f0e3656f8e0%3A%2F%2Fauth",
            "com.evil.app://paypal.com.evil.ru/",
            "https://notifications.googleapis.com/email/redirect?t=1&r=https://myaccount.google.com/",
        ] {
            assert!(flagged(url).is_empty(), "{url}: {:?}", flagged(url));
        }
        // Near misses: a web address with the same host still imitates;
        // a scheme that only looks like a reversed domain is not known.
        assert_eq!(
            marked("https://paypal.com.evil.ru/", WarningCode::BrandInHost),
            ["paypal.com"]
        );
        assert!(!crate::schemes::is_app_scheme("https"));
        assert!(!crate::schemes::is_app_scheme("msal"));
        assert!(!crate::schemes::is_app_scheme("msalx"));
        assert!(crate::schemes::is_app_scheme("MSAL0a-1"));
    }
}
