//! Triage: the warnings of [`analyze`], fast, for scanning logs.
//!
//! Most URLs in a log are plain: ASCII letters, digits and delimiters, a
//! host name, a path of ordinary segments. Such a URL cannot carry any of
//! the warnings, and proving that takes one pass over its bytes, which is
//! far cheaper than the full analysis (and than a WHATWG parse). [`triage`]
//! takes that fast path when it can prove the URL is plain, and runs the
//! full [`analyze`] otherwise, so its answer is always the same as
//! `analyze(input).warnings` (a test checks that on every corpus).
//!
//! The catalogue ([`crate::warnings`]) says, for each code, the signals a
//! URL must hold for it to fire; a URL is plain when it holds none of
//! them. `ruled_out_by` (in this module's source) says where each signal
//! is ruled out. In words, a
//! URL is *plain* when:
//! - every byte is an unreserved or reserved ASCII character other than
//!   `%`, `[`, `]` (so no escapes, controls, spaces, backslashes or
//!   non-ASCII bytes; but see the last point);
//! - it is `http`, `https`, `ws`, `wss` or `ftp` with exactly `//` before a
//!   host of letters, digits, dots, hyphens and underscores (no `xn--`
//!   label, no label ending in a number, which WHATWG would read as IPv4)
//!   and a numeric port (so no userinfo), or a path starting with a
//!   single `/`;
//! - neither the query nor the fragment starts with `.` or `@` (either may
//!   mimic a host);
//! - no path segment or parameter part is made of dots, contains `+` in
//!   the path (unless the threshold of [`triage_at`] is above `info`) or
//!   a `0x2e`, `0x2f` or `0x5c` anywhere, names a sensitive file (looked
//!   for only when a part may matter, by its name), or is
//!   base64 for something that would be flagged;
//! - above `low`, a stray byte (`"`, `` ` ``, `{`, `}`) is plain anywhere
//!   after the scheme, in the host too, and `[` or `]` after the host:
//!   they only ever give `illegal-char` there.

use crate::analysis::{analyze, Options};
use crate::names::Labels;
use crate::plain::{class, plain_origin_host, run_of, BRACKET, PLAIN, RUN, STRAY};
use crate::services::lures::is_kit_word;
use crate::services::ServiceHint;
use crate::warnings::{Severity, Signal, Warning};

mod hosts;

/// Where the fast path rules out each signal of the catalogue before it
/// calls a URL plain. The match is exhaustive: a new signal does not
/// compile until the fast path says how it rules it out.
#[expect(dead_code, reason = "read, never called: the match is the check")]
pub(crate) const fn ruled_out_by(signal: Signal) -> &'static str {
    match signal {
        Signal::Percent
        | Signal::Illegal
        | Signal::Control
        | Signal::NonAscii => "the byte classes of crate::plain, derived from the catalogue",
        Signal::Brackets => {
            "the byte classes of crate::plain (never in a plain host), unless triage_at's threshold is above its worst severity"
        }
        Signal::At => {
            "crate::plain::plain_origin (no '@' in a plain host), is_plain: no query or fragment starting with '@'"
        }
        Signal::Scheme | Signal::Authority => "crate::plain::plain_origin",
        Signal::Stray => {
            "crate::plain::plain_origin_host, plain_parts and the fragment's test: no stray byte, unless triage_at's threshold is above its worst severity"
        }
        Signal::PlusInPath => {
            "plain_parts: no '+' in a path, unless triage_at's threshold is above its worst severity"
        }
        Signal::DotPart => "plain_parts: no part of dots, no '..'",
        Signal::HexSpelling => "plain_parts: no analysis::lax::hex_notation",
        Signal::FileName => "plain_parts: targets::may_matter, then targets::sensitive_target",
        Signal::Base64 => "plain_parts: targets::base64_text on each part and each parameter",
        Signal::Embedded => {
            "is_plain and plain_parts: analysis::nested::carries_url on every path part, query value and the fragment; no path starting '//', no ':/' in a path"
        }
        Signal::HostName => {
            "plain_host_name: names::may_be_internal, then names::shown_site where names::may_show_another_site"
        }
        Signal::DomainInPath => "is_plain: names::domain_in_segment on the first path segment",
        Signal::Shortener => {
            "is_plain: services::service_hint on the host (its last two labels, then its suffixes under a parent), unless triage_at's threshold is above its worst severity"
        }
        Signal::BrandInPath => {
            "plain_parts (each path part and query key with a dot) and the fragment's test: analysis::checks::brand_path::may_name_known_site; plain_parts: analysis::checks::brand_route::path_route_ending on each path part, key_route on each query key with a dot; is_plain: services::sign_in_page, then analysis::checks::brand_path::may_show_brand_page on the path"
        }
        Signal::Imitation => "plain_host_name: sites::may_imitate, then the exact check on the registrable domain",
        Signal::PlantedPage => {
            "is_plain: services::sign_in_page, then analysis::checks::planted::may_be_planted_login on the path; plain_parts: a `wp-content` part, then is_plain: analysis::checks::planted::may_be_planted_folder_login on a path that ends at a folder; plain_parts: analysis::checks::planted_folder::is_core_folder and is_well_known on each path part, then is_plain: foreign_folder on the path"
        }
        Signal::SharedHost => {
            "is_plain: services::service_hint on the host (its last two labels, then its suffixes under a parent), then services::account_has_lure_word on its account's labels and services::has_lure_word on the rest of the URL"
        }
    }
}

/// The warnings `analyze(input, options)` would give, computed fast when
/// the URL is plain.
///
/// # Examples
/// ```
/// use urlscope_core::triage::triage;
/// use urlscope_core::Options;
/// assert!(triage(b"https://example.com/a/b?x=1", &Options::default()).is_empty());
/// assert!(!triage(b"https://example.com/%252e%252e/", &Options::default()).is_empty());
/// ```
pub fn triage(input: &[u8], options: &Options) -> Vec<Warning> {
    triage_at(input, options, Severity::Info)
}

/// The warnings `analyze(input, options)` would give at `min` severity or
/// above (what `scan` shows; their spans point into `input` as given, see
/// [`Analysis::into_warnings_as_given`](crate::analysis::Analysis::into_warnings_as_given)), computed fast when the URL is plain at that
/// threshold: a signal whose codes are all below `min` whatever their
/// case does not make it refused. So far
/// those are a '+' in the path (`plus-in-path`, info; 0.3% of kasztp's
/// URLs), a stray byte (`illegal-char`, low; 0.3%, nearly all
/// `https://"www...`) and a `[` or `]` after the host (`illegal-char`;
/// PHP's `?ids[]=1`), which sent those URLs to the full analysis.
///
/// # Examples
/// ```
/// use urlscope_core::triage::triage_at;
/// use urlscope_core::warnings::Severity;
/// use urlscope_core::Options;
/// let url = b"https://example.com/c++/guide";
/// assert!(triage_at(url, &Options::default(), Severity::Low).is_empty());
/// assert_eq!(triage_at(url, &Options::default(), Severity::Info).len(), 1);
/// ```
pub fn triage_at(input: &[u8], options: &Options, min: Severity) -> Vec<Warning> {
    if is_plain_at(input, min) {
        return Vec::new();
    }
    analyzed_at(input, options, min)
}

/// The warnings of [`triage_at`] for a URL [`is_plain_at`] refused at
/// `min`: the full analysis's. A caller triaging many URLs (`scan`'s
/// blocks) tests them all first and analyses the few refused ones after:
/// the analysis's code and data then no longer evict the fast path's
/// between two plain URLs.
pub fn analyzed_at(input: &[u8], options: &Options, min: Severity) -> Vec<Warning> {
    // A line pasted defanged is analysed as its URL; its spans point into
    // the line as given.
    let mut options = options.with_corrected(false);
    options.low_imitations = min <= Severity::Low;
    let mut warnings = analyze(input, &options).into_warnings_as_given();
    warnings.retain(|w| w.severity >= min);
    warnings
}

/// The worst a '+' in a path can give.
const PLUS_IN_PATH: Severity = Signal::PlusInPath.worst_severity();
/// The worst a stray byte can give.
const STRAY_BYTE: Severity = Signal::Stray.worst_severity();
/// The worst a `[` or `]` after the host can give.
const BRACKETS: Severity = Signal::Brackets.worst_severity();
/// The worst a shortener's host can give.
const SHORTENER: Severity = Signal::Shortener.worst_severity();
/// The worst a shared hosting service's host can give.
const SHARED_HOST: Severity = Signal::SharedHost.worst_severity();

/// Whether `input` is plain (see the module docs): certain to have no
/// warning at all.
pub fn is_plain(input: &[u8]) -> bool {
    is_plain_at(input, Severity::Info)
}

/// Whether `input` is certain to have no warning at `min` or above: plain,
/// but for the signals that cannot reach `min`.
pub fn is_plain_at(input: &[u8], min: Severity) -> bool {
    let plus_in_path = min > PLUS_IN_PATH;
    let stray = min > STRAY_BYTE;
    // The bytes a plain URL may hold at `min`.
    let plain = PLAIN | if stray { STRAY } else { 0 } | if min > BRACKETS { BRACKET } else { 0 };
    // Where the path starts: after a plain origin, or at a single '/'.
    let path_start = match input {
        [] | [b'/', b'/', ..] => return false,
        [b'/', ..] => 0,
        _ => match plain_origin_host(input, stray) {
            Some((host, at)) => {
                match hosts::verdict(&host, min) {
                    HostVerdict::NotPlain => return false,
                    HostVerdict::Plain => {}
                    // A sign-in word or a brand's name in the account's
                    // labels or after the host (the check reads the labels
                    // ahead of the service's domain, the path and the
                    // query; the service's own name, `sites.google.com`,
                    // is no lure).
                    HostVerdict::PlainWithoutLure
                        if crate::services::lures::account_has_lure_word(
                            host.ahead_of_last_two(),
                        ) || crate::services::lures::has_lure_word(
                            input.get(at..).unwrap_or_default(),
                        ) =>
                    {
                        return false
                    }
                    HostVerdict::PlainWithoutLure => {}
                }
                at
            }
            None => return false,
        },
    };
    let rest = input.get(path_start..).unwrap_or_default();
    let path = rest.strip_prefix(b"/").unwrap_or(rest);
    // A path that itself starts with `//` leads elsewhere.
    if path.first() == Some(&b'/') {
        return false;
    }
    let piece = Piece::Path { plus: plus_in_path };
    let Some(Scanned {
        end: at,
        first,
        page,
        core_folder,
        wp_content,
    }) = plain_parts(path, piece, plain)
    else {
        return false;
    };
    // A first segment that reads as a domain name.
    if first.dots >= 2
        && path
            .get(..first.end)
            .and_then(|first| std::str::from_utf8(first).ok())
            .is_some_and(|s| crate::names::domain_in_segment(s).is_some())
    {
        return false;
    }
    // A sign-in page with a brand's name in its path
    // (`/linkedin/SignIn.php`), or among a CMS's files
    // (`/wp-content/x/login.php`).
    let path_only = path.get(..at).unwrap_or_default();
    let sign_in_page =
        page.and_then(|(file, dot)| crate::services::lures::sign_in_page_at(path_only, file, dot));
    if sign_in_page.is_some_and(|page| {
        crate::analysis::checks::brand_path::may_show_brand_page(path_only)
            || crate::analysis::checks::planted::may_be_planted_login(path_only, &page)
    }) {
        return false;
    }
    // A sign-in folder opened as a page in wp-content (`/wp-content/x/login/`).
    if wp_content
        && page.is_none()
        && crate::analysis::checks::planted::may_be_planted_folder_login(path_only)
    {
        return false;
    }
    // A brand's name in a folder of a route that ends in a sign-in
    // (`/onedrive/file/login`) or an index page (`/OneDrive/index.html`);
    // the query's sign-in words are below.
    let brand_folder = || crate::analysis::checks::brand_path::may_show_brand_page(path_only);
    if route_ends_in_kit_word(path_only) && brand_folder() {
        return false;
    }
    // An index page's brand is in the two folders above it.
    let index_page = page.filter(|&(file, dot)| {
        crate::services::lures::is_index_stem(path_only.get(file..dot).unwrap_or_default())
    });
    if let Some((file, _)) = index_page {
        let folders = crate::analysis::checks::brand_folder::index_folders(path_only, file);
        let folders = path_only.get(folders..file).unwrap_or_default();
        if crate::analysis::checks::brand_path::may_show_brand_page(folders) {
            return false;
        }
    }
    // A folder WordPress never ships inside its own (`/wp-includes/js/kit/`).
    if core_folder && crate::analysis::checks::planted_folder::foreign_folder(path_only).is_some() {
        return false;
    }
    let mut rest = path.get(at..).unwrap_or_default();
    // A query or fragment that starts with '.' or '@' may mimic a host.
    if matches!(rest, [b'?' | b'#', b'.' | b'@', ..]) {
        return false;
    }
    // The query, pair by pair, each key and value scanned up to what ends it.
    if rest.first() == Some(&b'?') {
        loop {
            let key = rest.get(1..).unwrap_or_default();
            let Some(Scanned { end, .. }) = plain_parts(key, Piece::Key, plain) else {
                return false;
            };
            if is_kit_word(key.get(..end).unwrap_or_default()) && brand_folder() {
                return false;
            }
            rest = key.get(end..).unwrap_or_default();
            if rest.first() == Some(&b'=') {
                let value = rest.get(1..).unwrap_or_default();
                let Some(Scanned { end, .. }) = plain_parts(value, Piece::Value, plain) else {
                    return false;
                };
                if is_kit_word(value.get(..end).unwrap_or_default()) && brand_folder() {
                    return false;
                }
                if value_carries_url(value.get(..end).unwrap_or_default()) {
                    return false;
                }
                rest = value.get(end..).unwrap_or_default();
            }
            if rest.first() != Some(&b'&') {
                break;
            }
        }
    }
    // The fragment needs only plain bytes and no URL in it.
    let fragment = rest.strip_prefix(b"#").unwrap_or(rest);
    // A fragment after the query may mimic a host too (`?a=b#.evil.example`).
    rest.iter().all(|&b| class(b) & plain != 0)
        && !matches!(fragment.first(), Some(b'.' | b'@'))
        && (fragment.is_empty() || !crate::analysis::carries_url(fragment))
        && (memchr::memchr(b'.', fragment).is_none()
            || !crate::analysis::checks::brand_path::may_name_known_site(fragment))
}

/// What a plain origin's host says of the URL at `min`, the URL aside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum HostVerdict {
    /// It may have a warning at `min` whatever follows.
    NotPlain,
    /// It gives no warning at `min`.
    Plain,
    /// It is on a shared hosting service: plain unless the URL holds a
    /// sign-in word or a brand's name.
    PlainWithoutLure,
}

/// [`HostVerdict`] of a plain origin's host, whose labels its scan found:
/// what [`hosts::verdict`] keeps.
fn host_verdict(host: &Labels<'_>, min: Severity) -> HostVerdict {
    if !plain_host_name(host) {
        return HostVerdict::NotPlain;
    }
    let lure = match service_hint(host) {
        ServiceHint::None => false,
        ServiceHint::Shortener if min > SHORTENER => false,
        ServiceHint::Shortener => return HostVerdict::NotPlain,
        ServiceHint::Hosting => min <= SHARED_HOST,
    };
    // A label near a famous name, or a brand's token: the exact check.
    let name = host.name();
    if crate::sites::may_imitate(name, min) && crate::sites::imitates(name, min <= Severity::Low) {
        return HostVerdict::NotPlain;
    }
    // A wrapper whose destination no byte of the URL betrays.
    if crate::wrappers::hides_destination(name) {
        return HostVerdict::NotPlain;
    }
    if lure {
        HostVerdict::PlainWithoutLure
    } else {
        HostVerdict::Plain
    }
}

/// What the last two labels of a plain host say of it (its one trailing
/// dot dropped): a shortener's, or on a listed shared service, maybe.
#[inline(always)]
fn service_hint(labels: &Labels<'_>) -> ServiceHint {
    match labels.name().strip_suffix(b".") {
        Some(host) => crate::services::service_hint(host),
        None if crate::services::may_be_listed(labels.last_two(), labels.last_three()) => {
            crate::services::listed_hint(labels.name(), labels.last_two())
        }
        None => ServiceHint::None,
    }
}

/// Whether a query value carries a URL as written or as the analysis
/// reads it: by form rules, `+` a space (so `+//evil.example` is
/// `//evil.example` after a blank, which a browser strips). The spaced
/// copy is made on the stack.
fn value_carries_url(value: &[u8]) -> bool {
    if crate::analysis::carries_url(value) {
        return true;
    }
    if memchr::memchr(b'+', value).is_none() {
        return false;
    }
    let spaced = |b: &u8| if *b == b'+' { b' ' } else { *b };
    let mut stack = [0u8; 256];
    match stack.get_mut(..value.len()) {
        Some(buf) => {
            buf.iter_mut().zip(value).for_each(|(o, b)| *o = spaced(b));
            crate::analysis::carries_url(buf)
        }
        None => crate::analysis::carries_url(&value.iter().map(spaced).collect::<Vec<u8>>()),
    }
}

/// Whether the host of a plain origin, whose labels its scan found, is a
/// plain name: none that may lead inside, none that shows another site
/// ahead of its own.
///
/// The labels are borrowed, not copied: a copy of the scan's fields read
/// back whole stalled the load on every URL.
fn plain_host_name(labels: &Labels<'_>) -> bool {
    // A trailing dot ends no label here (rare: the labels are found again).
    match labels.name().strip_suffix(b".") {
        Some(host) => plain_name(&Labels::of(host)),
        None => plain_name(labels),
    }
}

/// [`plain_host_name`] of the name its labels hold (one trailing dot
/// dropped).
#[inline(always)]
fn plain_name(labels: &Labels<'_>) -> bool {
    let host = labels.name();
    if labels.may_be_internal() {
        return false;
    }

    // Most names cannot show another site, whatever the Public Suffix
    // List says of them: those skip the lookup.
    let may_show = if host.ends_with(b".") {
        crate::names::may_show_another_site(host)
    } else {
        labels.may_show_another_site()
    };
    if !may_show {
        return true;
    }
    // The Public Suffix List is read in lowercase; most hosts already are.
    let name = String::from_utf8_lossy(host);
    let name = if name.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(name.to_ascii_lowercase())
    } else {
        name
    };
    let Some(real) = crate::names::registrable_domain(&name) else {
        return true;
    };
    crate::names::shown_site(&name, real).is_none()
}

/// Whether a path (its first '/' aside, up to its query) may end in a
/// kit's sign-in route: its last part is a kit word ([`is_kit_word`]:
/// `/file/login`, `/itunes/SignIn/`), one '/' after it aside. The last
/// byte turns most paths away; a kit word's four lengths are then tried
/// where a '/' (or the path's start) would have to be before it.
fn route_ends_in_kit_word(path: &[u8]) -> bool {
    let path = path.strip_suffix(b"/").unwrap_or(path);
    if !path
        .last()
        .is_some_and(|&b| crate::services::lures::may_end_kit_word(b))
    {
        return false;
    }
    (5..=8).any(|len| {
        let Some(start) = path.len().checked_sub(len) else {
            return false;
        };
        (start == 0 || path.get(start - 1) == Some(&b'/'))
            && is_kit_word(path.get(start..).unwrap_or_default())
    })
}

/// What [`plain_parts`] reads, which decides the bytes that end it and
/// whether `+` is allowed.
#[derive(Clone, Copy, PartialEq)]
enum Piece {
    /// The path (after its first '/'), up to '?' or '#'; `plus` when a
    /// '+' is allowed in it.
    Path { plus: bool },
    /// A query key, up to '=', '&' or '#'.
    Key,
    /// A query value, up to '&' or '#'.
    Value,
}

impl Piece {
    fn ends_at(self, b: u8) -> bool {
        match self {
            Piece::Path { .. } => matches!(b, b'?' | b'#'),
            Piece::Key => matches!(b, b'=' | b'&' | b'#'),
            Piece::Value => matches!(b, b'&' | b'#'),
        }
    }
}

/// One pass over a path or a query key or value, up to what ends it:
/// every byte plain (and no `+` in a path), each '/'-separated part
/// checked as it ends (dot segments, Tomcat `;params`, `0x` spellings,
/// base64), then the parts together checked for sensitive files when one
/// of them may name one. `plain` is the class of the bytes allowed
/// ([`PLAIN`], with [`STRAY`] and [`BRACKET`] above `low`). Where it
/// ended, when it needs nothing from the full analysis.
fn plain_parts(text: &[u8], piece: Piece, plain: u8) -> Option<Scanned> {
    let in_path = matches!(piece, Piece::Path { .. });
    let mut first = FirstPart::default();
    let mut start = 0;
    let mut has_slash = false;
    let mut i = 0;
    // Whether the part so far is all base64, and whether some part may
    // name a sensitive file.
    let mut b64 = true;
    let mut may_matter = false;
    // Whether the part so far holds a ':' (a scheme may start it).
    let mut colon = false;
    // Whether a key or value holds a '+' (a space once decoded).
    let mut plus = false;
    // The dots of the part so far, and where the last is (it may name a
    // site).
    let mut dots = 0;
    let mut last_dot = 0;
    let mut page = None;
    let mut core_folder = false;
    let mut wp_content = false;
    let end = loop {
        // Letters and digits need nothing but a step.
        i += run_of(text.get(i..).unwrap_or_default(), RUN);
        let b = text.get(i).copied();
        let ends = b.is_none_or(|b| piece.ends_at(b));
        if ends || b == Some(b'/') {
            let part = text.get(start..i).unwrap_or_default();
            // Tomcat and Jetty drop ";params" before resolving, as the
            // analysis does.
            if part.first() == Some(&b'.') {
                let name = part.split(|&b| b == b';').next().unwrap_or_default();
                if name.iter().all(|&b| b == b'.') {
                    return None;
                }
                // `.well-known`, whose validation folders hold no folder.
                core_folder = core_folder
                    || in_path && crate::analysis::checks::planted_folder::is_well_known(part);
            }
            if b64
                && part.len() >= 8
                && may_be_base64_text(part)
                && crate::targets::base64_text(part).is_some()
            {
                return None;
            }
            // A path part that may carry a URL (a scheme, a JWT, base64 or
            // hex long enough): the analysis unfolds it.
            if in_path
                && (colon || part.len() >= 12 && (b64 || part.starts_with(b"eyJ")))
                && crate::analysis::carries_url(part)
            {
                return None;
            }
            // A known site's domain in a path part or a query key
            // (brand-in-path): looked up only for a part with a dot.
            if dots > 0
                && piece != Piece::Value
                && (crate::analysis::checks::brand_path::part_may_name_known_site(
                    part,
                    dots,
                    last_dot - start,
                ) || piece == Piece::Key
                    && crate::analysis::checks::brand_route::key_route(part).is_some())
            {
                return None;
            }
            // A brand's own sign-in route ending at this part
            // (`ap/signin`): one test turns most parts away.
            if in_path
                && i > start
                && crate::analysis::checks::brand_route::may_end_route(
                    i - start,
                    text.get(i - 1).copied().unwrap_or_default(),
                )
                && crate::analysis::checks::brand_route::path_route_ending(text, i, i - start)
                    .is_some()
            {
                return None;
            }
            // A ':' was noted as it went by; plain bytes hold no space.
            may_matter = may_matter || crate::targets::may_matter_by_name(part);
            if !has_slash {
                first.end = i;
            }
            // WordPress's folders, behind one test of the part's start.
            if in_path && crate::analysis::checks::planted_folder::may_be_wordpress(part) {
                core_folder =
                    core_folder || crate::analysis::checks::planted_folder::is_core_folder(part);
                wp_content = wp_content || part.eq_ignore_ascii_case(b"wp-content");
            }
            if ends {
                let extension = text.get(last_dot + 1..i).unwrap_or_default();
                if dots > 0
                    && last_dot > start
                    && crate::services::lures::is_page_extension(extension)
                {
                    page = Some((start, last_dot));
                }
                break i;
            }
            i += 1;
            start = i;
            b64 = true;
            colon = false;
            dots = 0;
            has_slash = true;
            continue;
        }
        let b = b.unwrap_or_default();
        if class(b) & plain == 0 || (piece == Piece::Path { plus: false } && b == b'+') {
            return None;
        }
        // `0x2e` spellings (what the lax reading takes for a dot or a
        // separator; `cpp0x`, `MC680x0` are none), and `..` anywhere (a lax
        // reader takes `..2f` as `../`): the full analysis judges those.
        // The byte before is never '0' or '.' at the start of a key or
        // value, nor of a path (it is '/' or the scheme's).
        let previous = i.checked_sub(1).and_then(|p| text.get(p)).copied();
        match b {
            b'.' if previous == Some(b'.') => return None,
            b'x' | b'X'
                if previous == Some(b'0')
                    && crate::analysis::lax::hex_notation(
                        text.get(i - 1..).unwrap_or_default(),
                    )
                    .is_some() =>
            {
                return None
            }
            // A '+' in a key or value is a space to the analysis (form
            // rules), and a name with a space may still name a file.
            b'+' if !in_path => (may_matter, plus) = (true, true),
            b'x' | b'X' | b'+' | b'_' | b'=' => {}
            // `scheme://` in a path: a URL the path carries.
            b':' if in_path && text.get(i + 1) == Some(&b'/') => return None,
            b':' => (b64, may_matter, colon) = (false, true, true),
            b'.' => {
                b64 = false;
                dots += 1;
                last_dot = i;
                first.dots += usize::from(!has_slash);
            }
            // A stray byte or a bracket (allowed only above `low`): the
            // part is then judged whole for sensitive files, the byte being
            // kept.
            _ if class(b) & (STRAY | BRACKET) != 0 => (b64, may_matter) = (false, true),
            _ => b64 = false,
        }
        i += 1;
    };
    let text = text.get(..end).unwrap_or_default();
    // A parameter is also judged as base64 whole (base64 has '/' in it).
    if !in_path && has_slash && crate::targets::base64_text(text).is_some() {
        return None;
    }
    // Rarely needed (3.8% of real URLs), so the parts are split again.
    if may_matter {
        let spaced: Vec<u8>;
        let text = if plus {
            spaced = text
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect();
            &spaced[..]
        } else {
            text
        };
        if crate::targets::sensitive_target(text.split(|&b| b == b'/')).is_some() {
            return None;
        }
    }
    Some(Scanned {
        end,
        first,
        page,
        core_folder,
        wp_content,
    })
}

/// What [`plain_parts`] found.
struct Scanned {
    /// Where it ended.
    end: usize,
    first: FirstPart,
    /// Where its last part starts and where its last dot is, when that
    /// part is a page file (its extension one of
    /// [`crate::services::lures::is_page_extension`]'s).
    page: Option<(usize, usize)>,
    /// Whether a path part is one of the folders WordPress alone fills
    /// ([`crate::analysis::checks::planted_folder::is_core_folder`]).
    core_folder: bool,
    /// Whether a path part is `wp-content`, where a folder named with a
    /// sign-in word is a planted page.
    wp_content: bool,
}

/// The first '/'-separated part of what [`plain_parts`] read: where it
/// ends and how many dots it holds (noted as they went by, for the test
/// of a domain in the first path segment).
#[derive(Default)]
struct FirstPart {
    end: usize,
    dots: usize,
}

/// Whether [`crate::targets::base64_text`] may read `part` as base64 for
/// text: false when its first two groups of digits (it reads eight at
/// least) decode to bytes that cannot start UTF-8 text with no control
/// but tab, line feed and carriage return (it allows tab alone), which
/// turns most words of eight letters or more away without decoding them
/// whole.
fn may_be_base64_text(part: &[u8]) -> bool {
    let body = part
        .strip_suffix(b"==")
        .or_else(|| part.strip_suffix(b"="))
        .unwrap_or(part);
    let Some(digits) = body.get(..8) else {
        return true;
    };
    if digits.iter().any(|&d| crate::plain::base64_digit(d) == 64) {
        return true;
    }
    let mut head = [0u8; 6];
    let len = crate::plain::decode_base64_head(digits, &mut head);
    crate::plain::text_head(head.get(..len).unwrap_or_default(), false).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The base64 gate never turns away a part `base64_text` reads:
        /// parts that are base64 for text of either alphabet, padded or
        /// not, and words.
        #[test]
        fn the_base64_gate_keeps_every_part_base64_text_reads(
            text in "[ -~\t\né/\\.]{0,40}",
            how in 0..4u8,
        ) {
            use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE_NO_PAD};
            use base64::Engine;
            let part = match how {
                0 => STANDARD.encode(&text),
                1 => STANDARD_NO_PAD.encode(&text),
                2 => URL_SAFE_NO_PAD.encode(&text),
                _ => text.clone(),
            };
            if crate::targets::base64_text(part.as_bytes()).is_some() {
                prop_assert!(may_be_base64_text(part.as_bytes()), "{part:?}");
            }
        }
    }

    #[test]
    fn a_plus_in_the_path_is_plain_above_info() {
        // The catalogue's word: plus-in-path is info in every case, and no
        // other code has the signal.
        assert_eq!(PLUS_IN_PATH, Severity::Info);
        // Plain at low; then just outside: what else the part holds is
        // still judged.
        for (u, plain_at_low) in [
            (&b"https://example.com/c++/guide"[..], true),
            (b"https://example.com/a+b/c+d.html?q=x+y", true),
            (b"/search+results", true),
            (b"https://example.com/a+/../etc", false),
            (b"https://example.com/x/Li4vLi4vZXRjL3NoYWRvdz4+", false),
            (b"https://example.com/etc/passwd+", false),
            (b"https://example.com/a+b:/evil.example", false),
            (b"https://example.com/0x2e+/", false),
        ] {
            let url = String::from_utf8_lossy(u);
            assert!(!is_plain(u), "{url}");
            assert_eq!(is_plain_at(u, Severity::Low), plain_at_low, "{url}");
        }
    }

    /// `plain` URLs hold a signal that only ever gives `low` warnings:
    /// plain at `medium`, where the analysis agrees (its warnings are all
    /// `low` or below, and there are some), but not at `low`. The
    /// `refused` ones hold the same signal and something the analysis
    /// must judge with it kept.
    fn plain_only_above_low(plain: &[&[u8]], refused: &[&[u8]]) {
        let medium = Severity::Medium;
        for &u in plain {
            let url = String::from_utf8_lossy(u);
            assert!(!is_plain_at(u, Severity::Low), "{url}");
            assert!(is_plain_at(u, medium), "{url}");
            let a = crate::analyze(u, &crate::Options::default());
            assert!(a.warnings.iter().all(|w| w.severity < medium), "{url}");
            assert!(!a.warnings.is_empty(), "{url}");
        }
        for &u in refused {
            assert!(!is_plain_at(u, medium), "{}", String::from_utf8_lossy(u));
        }
    }

    #[test]
    fn stray_bytes_are_plain_above_low() {
        // The catalogue's word: only illegal-char (low) has the signal.
        assert_eq!(STRAY_BYTE, Severity::Low);
        plain_only_above_low(
            &[
                b"https://\"www.example.com/company/history/0",
                b"https://{example.com}/a",
                b"https://www.example.com/a`b/c\"?q={x}&y=\"z\"#{frag}",
                b"https://www.example.com/?iid={headline=press}",
                b"https://db.internal\"/",
                b"https://\"localhost/",
                b"/a\"b",
            ],
            // An internal or deceptive name, a carried URL, a sensitive
            // file, a last label WHATWG reads as a number.
            &[
                b"https://\"db.internal/",
                b"https://\"www.paypal.com.evil.example/",
                b"https://example.com/?next=\"//evil.example\"",
                b"https://example.com/?next=\"http://evil.example/\"",
                b"https://example.com/\"etc/passwd",
                b"https://example.com/?f=/etc/passwd\"",
                b"https://example.com/x#\"//evil.example",
                b"https://\"1.2.3.4/",
                b"https://example.com/\"../x",
                b"https:\"//example.com/",
                b"\"https://example.com/",
            ],
        );
    }

    #[test]
    fn brackets_after_the_host_are_plain_above_low() {
        // The catalogue's word: only illegal-char (low) has the signal.
        assert_eq!(BRACKETS, Severity::Low);
        plain_only_above_low(
            &[
                b"https://drn.digitalriver.com/product.php[id]45854[SiteID]mace",
                b"https://example.com/?ids[]=1&ids[]=2&filter[name]=x#[top]",
                b"https://www.kean.edu/~bregal/docs/ENDE292[1].review.pdf",
                b"/a[1]/b",
            ],
            // Brackets in the host; a sensitive file, a carried URL, a dot
            // segment beside them.
            &[
                b"https://[::1]/",
                b"https://a[b].example/",
                b"https://example.com]/",
                b"https://example.com/[x]/etc/passwd",
                b"https://example.com/?f=[x]/etc/passwd",
                b"https://example.com/?next=//evil.example/[x]",
                b"https://example.com/x#//evil.example[1]",
                b"https://example.com/[x]/../y",
            ],
        );
    }

    #[test]
    fn plain_urls() {
        for u in [
            &b"https://example.com/"[..],
            b"https://www.example.com:8080/a/b.html?x=1&y=two#frag",
            b"http://example.com",
            b"/index.html?q=search",
            b"HTTPS://EXAMPLE.COM./a?b=c&d&=e#f?g#h",
            b"https://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s",
            b"https://example.com/blog/2024/windows-tips.html?next=/a/b",
            // At the gates: labels ahead that show no other site (the
            // second passes the host gate, and the Public Suffix List
            // clears it), a word that is base64 for no path, a colon past
            // the 32 bytes a scheme may take.
            b"https://a.net.example/",
            b"https://www.com-x.example.com/",
            b"https://example.com/documentation/Q29udGVudC1UeXBl",
            b"https://example.com/?a=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x",
            // '_' in a name, as DNS and browsers take it.
            b"https://my_host.example.com/",
            b"https://_dmarc.example.com/",
            // A '0x' that spells no dot or separator.
            b"https://www.artima.com/cppsource/cpp0x.html",
            b"https://example.com/MC680x0/200x/0xff?v=0x41",
            // An '@' after the host that opens neither the query nor the
            // fragment: every parser keeps it as data.
            b"https://medium.com/@user/post",
            b"https://www.flickr.com/groups/63933506@N00/",
            b"https://example.com/?mail=a@b.example&to=@x#c@d",
            b"/@types/node",
        ] {
            assert!(is_plain(u), "{}", String::from_utf8_lossy(u));
            let a = crate::analyze(u, &crate::Options::default());
            assert!(a.warnings.is_empty(), "{}", String::from_utf8_lossy(u));
        }
    }

    #[test]
    fn not_plain() {
        for u in [
            &b"https://example.com/%41"[..],
            b"https://user@example.com/",
            b"https://example.com:80@evil.example/",
            b"https://example.com/?@evil.example",
            b"https://example.com/#@evil.example",
            b"https://example.com/?a=b#@evil.example",
            b"http://2130706433/",
            b"http://1.2.3.4/",
            b"http://xn--bcher-kva.de/",
            b"http:/example.com/",
            b"http:///example.com/",
            b"//example.com/",
            b"javascript:alert(1)",
            b"https://example.com/../x",
            b"https://example.com/a+b",
            b"https://example.com/etc/passwd",
            b"https://example.com/?f=../x",
            b"https://example.com/?f=0x2e0x2e",
            b"https://example.com/a0X5C/b",
            b"https://example.com/0x2Fetc",
            b"https://example.com/?v=+///evil.example",
            b"https://example.com/?a=b#.evil.example",
            b"https://example.com/?v='//evil.example",
            b"http://127.0.0.1;.evil.example/",
            b"0://evil.com:80;http://google.com/",
            b"https://example.com/?q=Li4vLi4vZXRjL3Bhc3N3ZA==",
            b"https://example.com:99999/",
            b" https://example.com/",
            b"https://example.com/a b",
            b"https://example.com/..;/admin",
            b"https://a..b/",
            b"https://www.boost.org/doc/libs/1_37_.2f..2f..2f..20/libs/rx.html",
            b"https://example.com/?f=c:/windows/win.ini",
            b"https://example.com/?f=C:x",
            b"https://example.com/a/PASSWD",
            b"https://example.com/static/.env",
            b"https://example.com/x/httpd.CONF",
            b"https://example.com/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/etc/passwd",
            b"https://example.com/?a=b&Etc=x&c=/Etc/Shadow",
            b"https://example.com:65536/",
            b"https://example.com:8o/",
            b"https://.example.com/",
            b"https://example.1/",
            b"https://example.com/blog/2024/windows-tips.html?next=http://a.b/c",
            b"https://example.com/?u=aHR0cHM6Ly9ldmlsLmV4YW1wbGUv",
            b"https://example.com/go/https://evil.example/",
            b"https://example.com//evil.example/",
            b"https://example.com/x#//evil.example",
            b"https://example.com/x#.evil.example",
            b"http://localhost/",
            b"http://jenkins/",
            b"https://osetr../x",
            b"http://db.internal:8080/",
            b"http://127.0.0.1.nip.io/",
            b"http://my_db.internal/",
            b"https://apple.com_support.example/",
            b"https://paypal.com.account-check.example/",
            b"https://example.com/www.paypal.com/signin",
            // A brand's own sign-in route, in the path or a query key.
            b"https://example.com/ap/signin",
            b"https://example.com/x/CGI-BIN/webscr?cmd=_login-run",
            b"/v3/signin/identifier",
            b"https://example.com/a?b=c&locale.x=en_US",
            // A sign-in folder opened as a page in wp-content.
            b"https://example.com/wp-content/x/signin/",
            b"https://example.com/blog/WP-CONTENT/uploads/Login",
            // A folder inside a certificate authority's validation folder.
            b"https://example.com/.well-known/acme-challenge/yh/mail.html",
            b"https://example.com/x/.well-known/pki-validation/kit/",
            b"https://example.com/?next=+//evil.example/",
            b"https://example.com/?next=+http://evil.example/",
            // Just inside the gates: a bait label, a suffix glued to the
            // real name, a site behind five labels; base64 for a path; a
            // scheme whose ':' is the 32nd byte.
            b"https://http.example.com/",
            b"https://apple.com-support.example/",
            b"https://a.bank.co.uk.evil.example/",
            b"https://example.com/x/Li4vLi4vZXRjL3Bhc3N3ZA==",
            b"https://example.com/?a=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa://x",
        ] {
            assert!(!is_plain(u), "{}", String::from_utf8_lossy(u));
        }
    }
}
