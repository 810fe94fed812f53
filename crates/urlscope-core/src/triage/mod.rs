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
//! - neither the query nor the fragment starts with `.` (it may mimic a
//!   host) or holds an `@` (it may mimic one too, or hand the page an
//!   e-mail address), nor holds a key or value that may be base64 for an
//!   address;
//! - no path segment or parameter part is made of dots, contains `+` in
//!   the path (unless the threshold of [`triage_at`] is above `info`) or
//!   a `0x2e`, `0x2f` or `0x5c` anywhere, names a sensitive file (looked
//!   for only when a part may matter, by its name), or is
//!   base64 for something that would be flagged;
//! - above `low`, a stray byte (`"`, `` ` ``, `{`, `}`) is plain anywhere
//!   after the scheme, in the host too, and `[` or `]` after the host:
//!   they only ever give `illegal-char` there; but `${` (a Log4j lookup,
//!   `jndi-lookup`) and a template expression's opener (`{{`, `[[`...,
//!   `template-injection`) are never plain.

use crate::analysis::{analyze, Options};
use crate::plain::{class, plain_origin_host, BRACKET, PLAIN, STRAY};
use crate::services::lures::is_kit_word;
use crate::warnings::{Severity, Signal, Warning};
use hosts::HostVerdict;
use parts::{plain_parts, route_ends_in_kit_word, Piece, Scanned};

mod hosts;
mod parts;

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
            "crate::plain::plain_origin (no '@' in a plain host), is_plain: no '@' in the query or the fragment"
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
            "is_plain and plain_parts: analysis::nested::carries_url on every path part, query value, the query's first key and the fragment, and analysis::checks::unsigned_jwt::unsigned on each path part, query value and fragment that starts 'eyJ', and carries_url and unsigned_jwt::unsigned on each value of a fragment written as a query (split::fragment_params) (a userinfo is never plain); no path starting '//', no ':/' in a path; on a web archive's host (hosts::HostVerdict::Archive), no address of its copy of a page (wrappers::archived_copy), whose URL may be written without its scheme"
        }
        Signal::HostName => {
            "plain_host_name: names::may_be_internal, then names::shown_site where names::may_show_another_site"
        }
        Signal::DomainInPath => "is_plain: names::domain_in_segment on the first path segment",
        Signal::Shortener => {
            "is_plain: services::service_hint on the host (its last two labels, then its suffixes under a parent), unless triage_at's threshold is above its worst severity"
        }
        Signal::BrandInPath => {
            "plain_parts (each path part and query key with a dot) and the fragment's test: analysis::checks::brand_path::may_name_known_site; plain_parts: analysis::checks::brand_route::path_route_ending on each path part, key_route on each query key with a dot; is_plain: services::sign_in_page, then analysis::checks::brand_path::may_show_brand_page_file on the path; plain_parts: analysis::checks::unpacked::may_hold_unpacked on each path part the same as the part before it"
        }
        Signal::Imitation => "plain_host_name: sites::may_imitate, then the exact check on the registrable domain",
        Signal::PlantedPage => {
            "is_plain: services::sign_in_page, then analysis::checks::planted::may_be_planted_login on the path; plain_parts: a `wp-content` part, then is_plain: analysis::checks::planted::may_be_planted_folder_login on a path that ends at a folder; plain_parts: analysis::checks::planted_folder::is_core_folder and is_well_known on each path part, then is_plain: foreign_folder on the path"
        }
        Signal::Lookup => {
            "plain_parts and the fragment's test: no '${', '{{', '#{', '*{', '{$', '[[', '@(', '<#', '[#' or '#s' (analysis::checks::template::opens), where '{' and '[' are plain at all (above low), and no '$' before a letter (template::may_start_reference, a Velocity reference); plain_parts: no '{' that opens a Smarty tag running PHP (template::may_start_tag; the analysis reads none in the fragment); a plain host holds none"
        }
        Signal::Address => {
            "is_plain: no '@' in the query or the fragment; analysis::checks::address::may_be_base64_address on each query key and value, the fragment and each value of a fragment written as a query"
        }
        Signal::KitRoute => {
            "plain_parts: analysis::checks::kit::is_kit_folder and is_visitor_folder on each path part; is_plain: no analysis::checks::kit::find_inbox_light in the query or the fragment, analysis::checks::kit::is_kit_step on each query pair"
        }
        Signal::SharedHost => {
            "is_plain: services::service_hint on the host (its last two labels, then its suffixes under a parent), then services::account_has_lure_word and analysis::checks::stored_page::gateway_cid on its account's labels and services::has_lure_word and analysis::checks::stored_page::may_open_page on the rest of the URL"
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
                    // A sign-in word or a brand's name after the host (the
                    // account's labels were judged with the host), or a web
                    // page on file storage or IPFS.
                    HostVerdict::PlainWithoutLure { stores_files } => {
                        let rest = input.get(at..).unwrap_or_default();
                        if crate::services::lures::has_lure_word(rest)
                            || stores_files
                                && crate::analysis::checks::stored_page::may_open_page(rest)
                        {
                            return false;
                        }
                    }
                    // The address of an archive's copy of a page.
                    HostVerdict::Archive => {
                        let path = input.get(at..).unwrap_or_default();
                        if crate::wrappers::archived_copy(host.name(), path).is_some() {
                            return false;
                        }
                    }
                }
                // Google's AMP viewer carries its destination as its path.
                if crate::wrappers::amp_path(host.name(), input.get(at..).unwrap_or_default())
                    .is_some()
                {
                    return false;
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
        crate::analysis::checks::brand_path::may_show_brand_page_file(path_only)
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
    // A query or fragment that starts with '.' may mimic a host; one that
    // holds an '@' may mimic one too or hand the page an e-mail address
    // (prefilled-address).
    // A query or fragment that starts with '.' may mimic a host; one that
    // holds an '@' may mimic one too or hand the page an e-mail address
    // (prefilled-address). A webmail phishing kit's word (phishing-kit)
    // may be there too.
    if !rest.is_empty()
        && (matches!(rest, [b'?' | b'#', b'.', ..])
            || memchr::memchr(b'@', rest).is_some()
            || crate::analysis::checks::kit::find_inbox_light(rest).is_some())
    {
        return false;
    }
    let base64_address = crate::analysis::checks::address::may_be_base64_address;
    // The query, pair by pair, each key and value scanned up to what ends it.
    if rest.first() == Some(&b'?') {
        let mut first_key = true;
        loop {
            let key = rest.get(1..).unwrap_or_default();
            let Some(Scanned { end, .. }) = plain_parts(key, Piece::Key, plain) else {
                return false;
            };
            // A query that is a URL whole (`?https://evil.example/`), which
            // the analysis unfolds as the query.
            if std::mem::take(&mut first_key)
                && crate::analysis::carries_url(key.get(..end).unwrap_or_default())
            {
                return false;
            }
            if is_kit_word(key.get(..end).unwrap_or_default()) && brand_folder()
                || base64_address(key.get(..end).unwrap_or_default())
            {
                return false;
            }
            let key_text = key.get(..end).unwrap_or_default();
            rest = key.get(end..).unwrap_or_default();
            if rest.first() == Some(&b'=') {
                let value = rest.get(1..).unwrap_or_default();
                let Some(Scanned { end, .. }) = plain_parts(value, Piece::Value, plain) else {
                    return false;
                };
                if is_kit_word(value.get(..end).unwrap_or_default()) && brand_folder() {
                    return false;
                }
                if value_carries_url(value.get(..end).unwrap_or_default())
                    || base64_address(value.get(..end).unwrap_or_default())
                    || crate::analysis::checks::kit::is_kit_step(
                        key_text,
                        value.get(..end).unwrap_or_default(),
                    )
                {
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
        // A lookup (`${jndi:...}`) or a template expression (`{{7*7}}`;
        // plain_parts turns them away before).
        && !fragment
            .windows(2)
            .any(crate::analysis::checks::template::opens)
        && !memchr::memchr_iter(b'$', fragment).any(|at| {
            crate::analysis::checks::template::may_start_reference(
                fragment.get(at..).unwrap_or_default(),
            )
        })
        && fragment.first() != Some(&b'.')
        && (fragment.is_empty() || !crate::analysis::carries_url(fragment))
        && !base64_address(fragment)
        // A hash route's or an implicit flow's parameters (`#/login?next=...`,
        // `#id_token=eyJ...&state=...`), each value read apart by the
        // analysis.
        && (fragment.is_empty()
            || memchr::memchr(b'=', fragment).is_none()
            || plain_fragment_params(fragment))
        && (!fragment.starts_with(b"eyJ")
            || crate::analysis::checks::unsigned_jwt::unsigned(fragment).is_none())
        && (memchr::memchr(b'.', fragment).is_none()
            || !crate::analysis::checks::brand_path::may_name_known_site(fragment))
}

/// Whether no value of the fragment written as a query
/// ([`crate::split::fragment_params`]) carries a URL or is an unsigned
/// JWT ([`crate::analysis::checks::unsigned_jwt::unsigned`]).
fn plain_fragment_params(fragment: &[u8]) -> bool {
    let whole = crate::split::Span::new(0, fragment.len());
    crate::split::fragment_params(fragment, whole)
        .into_iter()
        .all(|(_, value)| {
            let value = value.of(fragment);
            let unsigned = || crate::analysis::checks::unsigned_jwt::unsigned(value).is_some();
            !(crate::analysis::carries_url(value)
                || value.starts_with(b"eyJ") && unsigned()
                || crate::analysis::checks::address::may_be_base64_address(value))
        })
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

#[cfg(test)]
mod tests {
    use super::*;

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
            // An '@' in the path: every parser keeps it as data (one in
            // the query or the fragment may be an e-mail address handed
            // to the page, which the analysis reads).
            b"https://medium.com/@user/post",
            b"https://www.flickr.com/groups/63933506@N00/",
            b"/@types/node",
        ] {
            assert!(is_plain(u), "{}", String::from_utf8_lossy(u));
            let a = crate::analyze(u, &crate::Options::default());
            assert!(a.warnings.is_empty(), "{}", String::from_utf8_lossy(u));
        }
    }

    /// A web page on someone's web hosting is what such hosting serves:
    /// plain at medium, where the same page in a storage bucket or behind
    /// an IPFS address is refused (`shared-hosting`, medium).
    #[test]
    fn a_page_is_plain_on_web_hosting_not_on_file_storage() {
        let options = crate::Options::default();
        for u in [
            &b"https://scmga.tripod.com/index.html"[..],
            b"https://someone.github.io/docs/guide.htm",
        ] {
            assert!(
                is_plain_at(u, Severity::Medium),
                "{}",
                String::from_utf8_lossy(u)
            );
            assert!(analyzed_at(u, &options, Severity::Medium).is_empty());
        }
        for u in [
            &b"https://storage.googleapis.com/bucket/index.html"[..],
            b"https://ipfs.io/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG",
        ] {
            assert!(
                !is_plain_at(u, Severity::Medium),
                "{}",
                String::from_utf8_lossy(u)
            );
            assert!(!analyzed_at(u, &options, Severity::Medium).is_empty());
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
            // Octal labels some resolvers read: 0.0.0.0 and 127.0.0.1.
            b"http://0.o0/",
            b"http://o177.0.0.Q1/",
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
            b"https://https.example.com/",
            b"https://http.paypal.example.com/",
            b"https://apple.com-support.example/",
            b"https://a.bank.co.uk.evil.example/",
            b"https://example.com/x/Li4vLi4vZXRjL3Bhc3N3ZA==",
            b"https://example.com/?a=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa://x",
        ] {
            assert!(!is_plain(u), "{}", String::from_utf8_lossy(u));
        }
    }

    /// An unsigned JWT as a path segment, a query value or the fragment
    /// is refused at `medium`, where the analysis gives `unsigned-jwt`; a
    /// signed one is plain, and so is the unsigned one as a query key,
    /// which the analysis does not unfold.
    #[test]
    fn an_unsigned_jwt_is_refused_where_the_analysis_reads_it() {
        let none = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.";
        let signed = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl";
        let medium = Severity::Medium;
        for (url, plain) in [
            (format!("https://example.com/a/{none}"), false),
            (format!("https://example.com/a?t={none}&b=c"), false),
            (format!("https://example.com/a#{none}"), false),
            (format!("https://example.com/a?{none}=x"), true),
            (
                format!("https://example.com/a/{signed}?t={signed}#{signed}"),
                true,
            ),
        ] {
            assert_eq!(is_plain_at(url.as_bytes(), medium), plain, "{url}");
            let codes = analyzed_at(url.as_bytes(), &Options::default(), medium);
            assert_eq!(codes.is_empty(), plain, "{url}");
        }
    }
}
