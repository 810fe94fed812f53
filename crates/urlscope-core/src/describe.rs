//! Facts in plain words: the one place where what the analysis found
//! becomes text a person reads.
//!
//! Every front end (`explain`, `scan`, the inspector, the Python package)
//! lays these phrases out and styles them, and never phrases a fact of
//! its own, so a host's IDNA form or the place a URL leads to reads the
//! same wherever it is shown. Everything taken from the input is escaped
//! here ([`crate::text`]), so a phrase is safe to print on a terminal.
//!
//! ```
//! use urlscope_core::analysis::{analyze, Options};
//! use urlscope_core::describe;
//! let a = analyze(b"http://0x7f.1/admin", &Options::default());
//! let own = &a.destinations[0];
//! assert_eq!(
//!     describe::place(own),
//!     "127.0.0.1 (loopback, the number form 0x7f.1)"
//! );
//! ```

use crate::analysis::{
    char_info, Analysis, Destination, HostClass, HostReading, Nested, NestedKind, Peer, Reader,
    ReadingField,
};
use crate::text::{escape_str, quote_str};
use crate::warnings::{Severity, Warning};

/// Where a destination's host is and what kind of place it is:
/// `169.254.169.254 (cloud metadata endpoint, the number form 0xa9fea9fe)`, or why
/// there is none; for a link behind a shortener, that it is one
/// ([`shortened`]). When parsers read different hosts in the URL, the
/// host a browser opens comes first, said to be so, and then the host the
/// others read ([`other_reading`]).
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe;
/// let a = analyze(br"http://evil.com\@good.com/", &Options::default());
/// assert_eq!(
///     describe::place(&a.destinations[0]),
///     "evil.com (public; what a browser opens), but RFC 3986 parsers such as \
///      Python's urllib.parse read good.com (public)"
/// );
/// ```
pub fn place(d: &Destination) -> String {
    match &d.host {
        // `javascript://good.com/%0aalert(1)` names a host it never opens.
        _ if d.runs_script => format!("a '{}:' URL (runs script)", escape_str(&d.scheme)),
        _ if d.browser_refuses.is_some() => refused(d),
        Some(h) => {
            let mut s = host_place(h);
            if d.other_reading.is_some() {
                s.insert_str(s.len() - 1, "; what a browser opens");
            }
            if let Some(against) = against_page(d) {
                s.push_str(&format!(", {against}"));
            }
            if let Some(short) = shortened(d) {
                s.push_str(&format!(", {short}"));
            }
            if let Some(i) = &d.imitates {
                s.push_str(&format!(", {}", imitation(i)));
            }
            if let Some(w) = wrapped(d) {
                s.push_str(&format!(", {w}"));
            }
            if let Some(other) = other_reading(d) {
                s.push_str(&format!(", but {other}"));
            }
            s
        }
        None => hostless(d),
    }
}

/// How the input's own host depends on the page it is read against,
/// when it has no scheme of its own: a network-path reference
/// (`//evil.com/x`) takes the page's scheme; a run of slashes and
/// backslashes (`/\evil.com`, `///evil.com`) leads to a host only once a
/// browser reads it against an http(s) page.
fn against_page(d: &Destination) -> Option<String> {
    if !d.scheme.is_empty() || !d.via.is_empty() {
        return None;
    }
    let mut how = Vec::new();
    if d.spelling
        .contains(&crate::analysis::address_bar::BACKSLASH_FOR_SLASH)
    {
        how.push("browsers read '\\' as '/'");
    }
    if d.spelling
        .contains(&crate::analysis::address_bar::MORE_THAN_TWO_SLASHES)
    {
        how.push("browsers read a run of slashes as '//'");
    }
    Some(if how.is_empty() {
        "with the scheme of the page it is read against".to_string()
    } else {
        format!("once read against an http(s) page: {}", how.join(", "))
    })
}

/// Where a URL with no host leads, by its scheme: nowhere of its own (a
/// relative reference), the reader's own disk, a mail address, or no
/// network place at all.
fn hostless(d: &Destination) -> String {
    match d.scheme.as_str() {
        "" => "no host (a relative reference: read against the page it is on)".to_string(),
        "file" => "no host (a 'file:' URL: a file on the reader's own machine)".to_string(),
        "mailto" => {
            let to = d.target.get("mailto:".len()..).unwrap_or_default();
            let to = to.split(['?', '#']).next().unwrap_or_default();
            if to.is_empty() {
                "no host (a 'mailto:' URL: an e-mail)".to_string()
            } else {
                format!(
                    "no host (a 'mailto:' URL: an e-mail to '{}')",
                    quote_str(to)
                )
            }
        }
        scheme if crate::schemes::is_app_scheme(scheme) => format!(
            "no host (a '{}:' link, which opens an application on the reader's device)",
            escape_str(scheme)
        ),
        scheme => format!(
            "no host (a '{}:' URL, which names no place on the network)",
            escape_str(scheme)
        ),
    }
}

/// A host and what kind of place it is: `127.0.0.1 (loopback, the number
/// form 0x7f.1)`.
fn host_place(h: &HostClass) -> String {
    let mut s = format!("{} ({}", escape_str(&h.canonical), h.reach.label());
    if let Some(how) = &h.spelled {
        s.push_str(&format!(", {}", escape_str(how)));
    }
    s.push(')');
    s
}

/// Where a URL a browser refuses leads: nowhere from a browser, and to
/// the host RFC 3986 clients read, when they read one: `no request from a
/// browser (it rejects the host: invalid IPv4 address), but RFC 3986
/// parsers such as Python's urllib.parse read 1.2.3.4.5 (public)`.
fn refused(d: &Destination) -> String {
    let Some(refusal) = &d.browser_refuses else {
        return String::new();
    };
    let what = if refusal.of_host { "host" } else { "URL" };
    let mut s = format!(
        "no request from a browser (it rejects the {what}: {})",
        escape_str(&refusal.reason)
    );
    if let Some(h) = &d.host {
        s.push_str(&format!(
            ", but RFC 3986 parsers{} read {}",
            such_as(&refusal.peers),
            host_place(h)
        ));
        if let Some(i) = &d.imitates {
            s.push_str(&format!(", {}", imitation(i)));
        }
    }
    s
}

/// ` such as Python's urllib.parse`, naming the known parsers checked to read a
/// host (nothing when none was).
fn such_as(peers: &[Peer]) -> String {
    let peers: Vec<&str> = peers
        .iter()
        .map(|p| match p {
            Peer::PythonUrllib => "Python's urllib.parse",
        })
        .collect();
    if peers.is_empty() {
        String::new()
    } else {
        format!(" such as {}", peers.join(" and "))
    }
}

/// The host other parsers read in the URL, when it is not the one a
/// browser opens, naming a known parser of that kind when it was checked
/// to read it: `RFC 3986 parsers such as Python's urllib.parse read
/// good.com (public)`, `RFC 3986 parsers read no host`.
pub fn other_reading(d: &Destination) -> Option<String> {
    let other = d.other_reading.as_ref()?;
    let reader = match other.reader {
        Reader::Rfc3986 => "RFC 3986 parsers",
    };
    let such_as = such_as(&other.peers);
    let mut s = match &other.host {
        Some(h) => format!("{reader}{such_as} read {}", host_place(h)),
        // `https:\\evil.com/`, `http:evil.com`: no '//' (a backslash is
        // none to them), so what follows the scheme is a path.
        None => format!(
            "{reader}{such_as} read no host (to them, what follows '{}:' is a path)",
            escape_str(&d.scheme)
        ),
    };
    if let Some(i) = &other.imitates {
        s.push_str(&format!(", {}", imitation(i)));
    }
    Some(s)
}

/// What a host imitates: `imitates paypal.com (PayPal): 'l' written as
/// '1'`.
pub fn imitation(i: &crate::sites::Imitation) -> String {
    let brand = i.brand.map_or_else(String::new, |b| format!(" ({b})"));
    format!(
        "imitates {}{brand}: {}",
        escape_str(&i.domain),
        escape_str(&i.edit)
    )
}

/// That the URL is wrapped by a link protection, or that a destination is
/// reached through one or a chain of them: `a link wrapped by Microsoft
/// Safe Links`, `through Microsoft Safe Links`, `through Microsoft Safe
/// Links, then Google's redirector`, or, for a wrapper that keeps the
/// destination, `a link wrapped by Mimecast (the destination is held by
/// Mimecast and cannot be read offline)`.
pub fn wrapped(d: &Destination) -> Option<String> {
    if let Some(vendor) = d.through {
        return Some(match d.through_chain.as_slice() {
            [_, _, ..] => format!("through {}", d.through_chain.join(", then ")),
            _ => format!("through {vendor}"),
        });
    }
    let w = d.wrapper.as_ref()?;
    let vendor = w.wrapper.vendor();
    Some(match w.carried {
        crate::wrappers::Carried::Opaque if w.domain.is_some() => format!(
            "a link wrapped by {vendor} (the destination is held by {vendor}; the link names only its domain)"
        ),
        crate::wrappers::Carried::Opaque => format!(
            "a link wrapped by {vendor} (the destination is held by {vendor} and cannot be read offline)"
        ),
        crate::wrappers::Carried::Url(ref t) if url::Url::parse(t).is_err() => format!(
            "a link wrapped by {vendor} (what it carries, '{}', is no URL: the link is damaged or was not written by {vendor})",
            escape_str(t)
        ),
        _ => format!("a link wrapped by {vendor}"),
    })
}

/// That a destination is a link behind a shortener, and where the
/// provider shows what it leads to: `a link shortened by bit.ly (its
/// destination cannot be read offline; preview: https://bit.ly/3abc+)`.
pub fn shortened(d: &Destination) -> Option<String> {
    let short = d.shortened.as_ref()?;
    let preview = short
        .preview
        .as_ref()
        .map_or_else(String::new, |p| format!("; preview: {}", escape_str(p)));
    Some(format!(
        "a link shortened by {} (its destination cannot be read offline{preview})",
        escape_str(&short.provider)
    ))
}

/// [`place`] for a line with no room for [`reach`] (the line under the
/// URL in the inspector): a web archive's copy says so first, `the
/// Wayback Machine's copy of evil.example (public)`, since no visitor is
/// sent to the place.
pub fn short_place(d: &Destination) -> String {
    match d.archived_by {
        Some(archive) => format!("{}'s copy of {}", archive.title(), place(d)),
        None => place(d),
    }
}

/// What following a destination does beyond reaching its host: it runs
/// script, or it leaves the site it was found on; or that it is a web
/// archive's copy, which no visitor follows.
pub fn reach(d: &Destination) -> Option<String> {
    if let Some(archive) = d.archived_by {
        Some(format!(
            "archived: shown from {}'s copy; the link does not open this site",
            archive.title()
        ))
    } else if d.runs_script {
        Some("runs script".to_string())
    } else if d.leaves_site {
        Some(format!(
            "off-site: {}",
            escape_str(d.site.as_deref().unwrap_or("another site"))
        ))
    } else {
        None
    }
}

/// A carried destination on one line: its target, the place it reaches
/// and what following it does.
pub fn destination(d: &Destination) -> String {
    let (target, outcome) = destination_parts(d);
    match outcome {
        Some(outcome) => format!("{target}  {outcome}"),
        None => target,
    }
}

/// [`destination`] in its two parts, for a layout that puts them on lines
/// of their own: the target, and the place it reaches and what following
/// it does (`→ evil.example (public)  off-site: evil.example`), when
/// either is known.
pub fn destination_parts(d: &Destination) -> (String, Option<String>) {
    let mut outcome = Vec::new();
    if d.host.is_some() && !d.runs_script {
        outcome.push(format!("→ {}", place(d)));
    }
    outcome.extend(reach(d));
    let outcome = (!outcome.is_empty()).then(|| outcome.join("  "));
    (escape_str(&d.target), outcome)
}

/// How a value was written, when it took more than plain text to read:
/// `percent-encoded twice; backslashes for slashes`.
pub fn spelling(spelling: &[&str]) -> Option<String> {
    (!spelling.is_empty()).then(|| spelling.join("; "))
}

/// How the input reads as a whole (RFC 3986 §4.1-4.2, and the address
/// bar's reading of a host with no scheme).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A scheme and what follows it.
    Absolute,
    /// `//host/...`: no scheme.
    NetworkPath,
    /// No scheme or host: a path, a query or a fragment.
    Relative,
    /// No scheme, but a host name first: read as `http://` is put before
    /// it.
    AssumedScheme,
}

impl Form {
    /// The form of the input of `a`.
    pub fn of(a: &Analysis) -> Form {
        match (a.split.is_absolute(), a.split.authority.is_some()) {
            _ if a.assumed.is_some() => Form::AssumedScheme,
            (true, _) => Form::Absolute,
            (false, true) => Form::NetworkPath,
            (false, false) => Form::Relative,
        }
    }

    /// Its name in `explain --json`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Absolute => "absolute-url",
            Form::NetworkPath => "network-path-reference",
            Form::Relative => "relative-reference",
            Form::AssumedScheme => "assumed-scheme",
        }
    }

    /// Its words in the reports.
    pub fn words(self) -> &'static str {
        match self {
            Form::AssumedScheme => {
                "a host with no scheme, read as http:// (as an address bar reads it)"
            }
            Form::Absolute => "absolute URL",
            Form::NetworkPath => "network-path reference (no scheme)",
            Form::Relative => "relative reference (no scheme or host)",
        }
    }
}

/// How the input reads as a whole, in words.
pub fn reading(a: &Analysis) -> &'static str {
    Form::of(a).words()
}

/// The warnings counted by severity, the worst first: `1 high, 2 low`.
pub fn severity_counts(warnings: &[Warning]) -> String {
    Severity::ALL
        .iter()
        .rev()
        .filter_map(|&s| {
            let n = warnings.iter().filter(|w| w.severity == s).count();
            (n > 0).then(|| format!("{n} {}", s.name()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bytes of the input a span covers, in the half-open form every
/// front end shows: `bytes 9-14` (bytes 9 to 13); an empty span, which the
/// same form would show as one byte (`bytes 35-35`), is `no bytes, at 35`.
///
/// ```
/// use urlscope_core::describe;
/// use urlscope_core::split::Span;
/// assert_eq!(describe::byte_span(Span::new(9, 14)), "bytes 9-14");
/// assert_eq!(describe::byte_span(Span::new(35, 35)), "no bytes, at 35");
/// ```
pub fn byte_span(span: crate::split::Span) -> String {
    if span.is_empty() {
        format!("no bytes, at {}", span.start)
    } else {
        format!("bytes {}-{}", span.start, span.end)
    }
}

/// The most spans [`byte_spans`] lists; the rest are counted.
const LISTED_SPANS: usize = 4;

/// The bytes of the input several spans cover, in order, spans that touch
/// or overlap read as one, each in the form of [`byte_span`]: `bytes
/// 19-32 and 33-65`, `bytes 1-2, 5-6 and 9-10`; past four (`LISTED_SPANS`) the
/// rest are counted (`and 3 more`). No spans read as `no bytes`.
///
/// ```
/// use urlscope_core::describe::byte_spans;
/// use urlscope_core::split::Span;
/// assert_eq!(byte_spans(&[Span::new(9, 14)]), "bytes 9-14");
/// assert_eq!(byte_spans(&[Span::new(33, 65), Span::new(19, 32)]), "bytes 19-32 and 33-65");
/// assert_eq!(byte_spans(&[Span::new(36, 41), Span::new(41, 46)]), "bytes 36-46");
/// let six: Vec<Span> = (0..6).map(|i| Span::new(i * 4, i * 4 + 2)).collect();
/// assert_eq!(byte_spans(&six), "bytes 0-2, 4-6, 8-10, 12-14 and 2 more");
/// ```
pub fn byte_spans(spans: &[crate::split::Span]) -> String {
    let mut sorted = spans.to_vec();
    sorted.sort_by_key(|s| (s.start, s.end));
    let mut merged: Vec<crate::split::Span> = Vec::with_capacity(sorted.len());
    for s in sorted {
        match merged.last_mut() {
            Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
            _ => merged.push(s),
        }
    }
    match merged.as_slice() {
        [] => "no bytes".to_string(),
        [one] => byte_span(*one),
        _ => {
            let listed: Vec<String> = merged
                .iter()
                .take(LISTED_SPANS)
                .map(|s| {
                    if s.is_empty() {
                        format!("at {}", s.start)
                    } else {
                        format!("{}-{}", s.start, s.end)
                    }
                })
                .collect();
            let rest = merged.len().saturating_sub(LISTED_SPANS);
            match rest {
                0 => format!("bytes {}", and_list(&listed)),
                _ => format!("bytes {} and {rest} more", listed.join(", ")),
            }
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, head)) if !head.is_empty() => format!("{} and {last}", head.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Where a warning is: `bytes 9-14, path [2]` (its spans, and the
/// components they are in, [`Analysis::warning_components`], numbered as
/// the component list numbers them: `bytes 8-44 and 45-52, host [1] and
/// path segment [2]`). A
/// warning lifted from a carried value names the component holding the
/// bytes that encode it, and the way in: `bytes 29-173, query value [3],
/// via query value 'token' → jwt claim "redirect" → path segment`.
pub fn warning_place(a: &Analysis, w: &Warning) -> String {
    let mut s = if w.spans.len() > 1 {
        byte_spans(&w.spans)
    } else {
        byte_span(w.span)
    };
    let via = w.via.as_ref().filter(|_| w.component.is_none());
    let named: Vec<String> = a
        .warning_components(w)
        .into_iter()
        .filter_map(|i| {
            a.components
                .get(i)
                .map(|c| format!("{} [{i}]", c.kind.label()))
        })
        .collect();
    if !named.is_empty() {
        s.push_str(", ");
        s.push_str(&and_list(&named));
    }
    if let Some(via) = via {
        s.push_str(&format!(", via {}", crate::text::escape_str(via)));
    }
    s
}

/// Which group of a host's facts a [`HostFact`] belongs to; a front end
/// may lay each group on a line of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HostFactGroup {
    /// What kind of host it is and how it is written: its Unicode and
    /// IDNA forms, the labels UTS #46 rejects, an IPv4 reading.
    Forms,
    /// The registrable domain: what one owner controls.
    Registrable,
    /// The scripts its letters come from and the characters that look
    /// like others.
    Scripts,
}

/// One fact about a host, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HostFact {
    /// Which group of facts it belongs to.
    pub group: HostFactGroup,
    /// The fact in words.
    pub text: String,
    /// Worth a look: more than one script, or a look-alike character.
    pub notable: bool,
}

/// Every fact known about a host, in a fixed order (its forms, its
/// registrable domain, its scripts and look-alikes).
pub fn host_facts(h: &HostReading) -> Vec<HostFact> {
    let fact = |group, text: String, notable| HostFact {
        group,
        text,
        notable,
    };
    // What kind of host it is; the host itself is shown wherever its
    // facts are.
    let mut out = vec![fact(
        HostFactGroup::Forms,
        h.kind.label().to_string(),
        false,
    )];
    // The Unicode form, when it is not what the host already reads as.
    if let Some(u) = h.unicode.as_ref().filter(|u| **u != h.decoded) {
        out.push(fact(
            HostFactGroup::Forms,
            format!("Unicode '{}'", escape_str(u)),
            false,
        ));
    }
    if let Some(x) = &h.ascii {
        out.push(fact(
            HostFactGroup::Forms,
            format!("IDNA '{}'", escape_str(x)),
            false,
        ));
    }
    for label in &h.rejected {
        out.push(fact(
            HostFactGroup::Forms,
            format!("UTS #46 rejects '{}'", quote_str(label)),
            false,
        ));
    }
    if let Some(ip) = h.ipv4 {
        out.push(fact(
            HostFactGroup::Forms,
            format!("read as IPv4 {ip}"),
            false,
        ));
    }
    if let Some(d) = &h.registrable {
        // On shared hosting the domain's owner is not the pages' author:
        // the next fact says so, and this one does not contradict it.
        let owner = if h.hosting.is_some() {
            ""
        } else {
            " (what one owner controls)"
        };
        out.push(fact(
            HostFactGroup::Registrable,
            format!("registrable domain '{}'{owner}", escape_str(d)),
            false,
        ));
    }
    if let Some(s) = &h.hosting {
        out.push(fact(
            HostFactGroup::Registrable,
            format!(
                "shared hosting on '{}' ({}): its pages are written by whoever holds the account, not by the owner of '{}'",
                escape_str(&s.service),
                s.kind.label(),
                escape_str(&s.service)
            ),
            true,
        ));
    }
    let mixed = h.scripts.len() > 1 || !h.confusables.is_empty();
    if !h.scripts.is_empty() {
        out.push(fact(
            HostFactGroup::Scripts,
            format!("scripts {}", h.scripts.join(" + ")),
            mixed,
        ));
    }
    for (c, skeleton) in &h.confusables {
        out.push(fact(
            HostFactGroup::Scripts,
            format!(
                "'{}' {} looks like '{}'",
                escape_str(&c.to_string()),
                char_info(*c).codepoint,
                escape_str(skeleton)
            ),
            true,
        ));
    }
    out
}

/// What a carried value is and where it was found:
/// `[url] query value 'next', layer 1, bytes 23-60`.
pub fn carried(n: &Nested) -> String {
    format!(
        "[{}] {}, layer {}, {}",
        n.kind.name(),
        escape_str(&n.via),
        n.layer,
        byte_span(n.span)
    )
}

/// What a carried value holds in turn, when it holds anything: the count
/// of the values under it, or why a URL was not analysed again.
pub fn carries(n: &Nested, values: usize) -> Option<String> {
    if n.analysis.is_none() && n.kind == NestedKind::Url {
        Some("not analysed again: the bytes allowed for carried values are spent".to_string())
    } else if values > 0 {
        Some(format!(
            "{values} value{}",
            if values == 1 { "" } else { "s" }
        ))
    } else {
        None
    }
}

/// Why `a` has no readings to set side by side ([`Analysis::readings`] is
/// `None`): the input is not UTF-8 (a browser reads text), or it is a
/// relative reference (a browser reads one only against a page's URL).
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe;
/// let a = analyze(b"https://example.com/\xFF", &Options::default());
/// assert!(a.readings().is_none());
/// assert_eq!(
///     describe::no_readings(&a),
///     "No WHATWG reading: the input is not UTF-8, and a browser reads text, \
///      not bytes."
/// );
/// ```
pub fn no_readings(a: &Analysis) -> &'static str {
    if std::str::from_utf8(&a.input).is_err() {
        "No WHATWG reading: the input is not UTF-8, and a browser reads text, not bytes."
    } else if a.split.scheme.is_none() {
        "No WHATWG reading: a browser reads a relative reference only against a page's URL."
    } else {
        "No WHATWG reading."
    }
}

/// What to say beside the normalized URL when it leads to another host
/// than the one a browser opens with the URL
/// ([`Analysis::normalized_opens_elsewhere`]): copying it would hand on a
/// URL that goes elsewhere.
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe;
/// let a = analyze(b"http://evil.com\\@good.com/", &Options::default());
/// assert_eq!(
///     describe::normalized_elsewhere(&a).as_deref(),
///     Some("the normalized URL leads to good.com, where a browser opens evil.com: \
///           it keeps RFC 3986's reading; the clean URL keeps the browser's")
/// );
/// assert_eq!(
///     describe::normalized_elsewhere_brief(&a).as_deref(),
///     Some("normalized leads to good.com; a browser opens evil.com")
/// );
/// ```
pub fn normalized_elsewhere(a: &Analysis) -> Option<String> {
    let (normalized, clean) = elsewhere_hosts(a)?;
    Some(format!(
        "the normalized URL leads to {normalized}, where a browser opens {clean}: \
         it keeps RFC 3986's reading; the clean URL keeps the browser's"
    ))
}

/// [`normalized_elsewhere`] in a few words, for a title.
pub fn normalized_elsewhere_brief(a: &Analysis) -> Option<String> {
    let other = a.normalized_opens_elsewhere()?;
    let clean = opening_name(other.clean);
    Some(match other.normalized {
        crate::analysis::Opening::ThePage => {
            format!("normalized stays on the page; a browser opens {clean}")
        }
        normalized => format!(
            "normalized leads to {}; a browser opens {clean}",
            opening_name(normalized)
        ),
    })
}

/// The hosts of [`Analysis::normalized_opens_elsewhere`], named: the
/// normalized URL's, then the one a browser opens.
fn elsewhere_hosts(a: &Analysis) -> Option<(String, String)> {
    let other = a.normalized_opens_elsewhere()?;
    Some((opening_name(other.normalized), opening_name(other.clean)))
}

/// Where a browser goes, in words.
fn opening_name(o: crate::analysis::Opening) -> String {
    match o {
        crate::analysis::Opening::Host(h) => h,
        crate::analysis::Opening::NoHost => "no host".to_string(),
        crate::analysis::Opening::ThePage => "the page's own site".to_string(),
        crate::analysis::Opening::Refused => "nothing (a browser refuses it)".to_string(),
    }
}

/// How the RFC 3986 and WHATWG readings of one field compare, as the
/// readings are marked wherever they are shown side by side.
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe::Agreement;
/// let a = analyze(b"HTTP://ex%41mple.com:80/", &Options::default());
/// let r = a.readings().unwrap();
/// let of = |name: &str| Agreement::of(r.fields.iter().find(|f| f.name == name).unwrap());
/// assert_eq!(of("path"), Agreement::SameText);
/// assert_eq!(of("host"), Agreement::SameMeaning); // ex%41mple.com, example.com
/// assert_eq!(Agreement::SameMeaning.mark(), "≈");
/// let a = analyze(br"http://evil.com\@good.com/", &Options::default());
/// let r = a.readings().unwrap();
/// let host = r.fields.iter().find(|f| f.name == "host").unwrap();
/// assert_eq!(Agreement::of(host), Agreement::Differs);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Both write the field alike.
    SameText,
    /// Written differently, meaning the same once the normalizations both
    /// sides agree on are applied: case, IDNA, default ports, dot segments,
    /// percent-encoding.
    SameMeaning,
    /// The two readings mean different things.
    Differs,
}

impl Agreement {
    /// Every agreement, in the order a legend lists them.
    pub const ALL: [Agreement; 3] = [
        Agreement::SameText,
        Agreement::SameMeaning,
        Agreement::Differs,
    ];

    /// How `field`'s two readings compare.
    pub fn of(field: &ReadingField) -> Agreement {
        if field.differs {
            Agreement::Differs
        } else if field.rfc3986 == field.whatwg {
            Agreement::SameText
        } else {
            Agreement::SameMeaning
        }
    }

    /// The mark beside the field: `=`, `≈` or `≠`.
    pub fn mark(self) -> &'static str {
        match self {
            Agreement::SameText => "=",
            Agreement::SameMeaning => "≈",
            Agreement::Differs => "≠",
        }
    }

    /// The mark and what it says, as a legend lists it:
    /// `≈ same meaning, written differently`.
    pub fn legend(self) -> String {
        format!("{} {}", self.mark(), self.meaning())
    }

    /// Its name in `explain --json`: `same-text`, `same-meaning`,
    /// `different`.
    pub fn name(self) -> &'static str {
        match self {
            Agreement::SameText => "same-text",
            Agreement::SameMeaning => "same-meaning",
            Agreement::Differs => "different",
        }
    }

    /// What the mark says, for a legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Agreement::SameText => "same text",
            Agreement::SameMeaning => "same meaning, written differently",
            Agreement::Differs => "different meaning",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, Options};

    fn of(url: &str) -> Analysis {
        analyze(url.as_bytes(), &Options::default())
    }

    #[test]
    fn a_place_names_its_host_reach_and_spelling() {
        let a = of("http://example.com/?next=http%3A%2F%2F169.254.169.254%2F");
        assert_eq!(place(&a.destinations[0]), "example.com (public)");
        let carried = &a.destinations[1];
        assert_eq!(place(carried), "169.254.169.254 (cloud metadata endpoint)");
        assert_eq!(
            destination(carried),
            "http://169.254.169.254/  → 169.254.169.254 (cloud metadata endpoint)  off-site: 169.254.169.254"
        );
    }

    #[test]
    fn a_script_url_has_no_host_but_runs_script() {
        let a = of("javascript:alert(1)");
        assert_eq!(
            place(&a.destinations[0]),
            "a 'javascript:' URL (runs script)"
        );
        assert_eq!(reach(&a.destinations[0]).as_deref(), Some("runs script"));
        let a = of("javascript://good.com/%0aalert(1)");
        assert_eq!(
            place(&a.destinations[0]),
            "a 'javascript:' URL (runs script)"
        );
    }

    /// A URL with no host says what it is by its scheme; an empty host
    /// (`file:///`) is none.
    #[test]
    fn a_url_with_no_host_says_what_it_is() {
        for (url, said) in [
            (
                "/relative/path",
                "no host (a relative reference: read against the page it is on)",
            ),
            (
                "file:///etc/passwd",
                "no host (a 'file:' URL: a file on the reader's own machine)",
            ),
            (
                "mailto:ceo@paypa1.com?subject=Invoice",
                "no host (a 'mailto:' URL: an e-mail to 'ceo@paypa1.com')",
            ),
            (
                "tel:+15551234",
                "no host (a 'tel:' URL, which names no place on the network)",
            ),
        ] {
            assert_eq!(place(&of(url).destinations[0]), said, "{url}");
        }
    }

    #[test]
    fn host_facts_name_every_form() {
        let a = of("http://ex\u{430}mple.com/");
        let facts = host_facts(a.host.as_ref().unwrap());
        let texts: Vec<&str> = facts.iter().map(|f| f.text.as_str()).collect();
        assert!(texts.contains(&"IDNA 'xn--exmple-4nf.com'"), "{texts:?}");
        assert!(
            texts.iter().any(|t| t.contains("U+0430 looks like 'a'")),
            "{texts:?}"
        );
        assert!(facts.iter().any(|f| f.group == HostFactGroup::Registrable));
        assert!(facts
            .iter()
            .filter(|f| f.group == HostFactGroup::Scripts)
            .all(|f| f.notable));
    }

    #[test]
    fn a_shortened_link_leads_to_its_provider_and_its_preview() {
        let a = of("https://bit.ly/3abcDEF");
        assert_eq!(
            place(&a.destinations[0]),
            "bit.ly (public), a link shortened by bit.ly (its destination cannot be read offline; preview: https://bit.ly/3abcDEF+)"
        );
        let a = of("https://t.co/xyz");
        assert_eq!(
            shortened(&a.destinations[0]).as_deref(),
            Some("a link shortened by t.co (its destination cannot be read offline)")
        );
        assert_eq!(
            shortened(&of("https://example.com/x").destinations[0]),
            None
        );
    }

    #[test]
    fn a_wrapper_says_what_it_holds_names_or_fails_to_carry() {
        let wrapped = |url: &str| wrapped(&of(url).destinations[0]).unwrap_or_default();
        assert_eq!(
            wrapped("https://protect-eu.mimecast.com/s/AbCd"),
            "a link wrapped by Mimecast URL Protect (the destination is held by Mimecast URL Protect and cannot be read offline)"
        );
        assert!(
            wrapped("https://protect-eu.mimecast.com/s/AbCd?domain=example.com")
                .ends_with("the link names only its domain)")
        );
        assert!(
            wrapped("https://urldefense.proofpoint.com/v2/url?u=https-3A__a-b.example_x&d=x")
                .contains("is no URL: the link is damaged")
        );
        assert_eq!(
            wrapped("https://www.google.com/url?q=https://example.com/"),
            "a link wrapped by Google's redirector"
        );
    }

    #[test]
    fn a_host_on_shared_hosting_says_whose_pages_they_are() {
        let a = of("https://someone.github.io/");
        let facts = host_facts(a.host.as_ref().unwrap());
        let fact = facts
            .iter()
            .find(|f| f.text.starts_with("shared hosting"))
            .unwrap();
        assert_eq!(
            fact.text,
            "shared hosting on 'github.io' (web hosting): its pages are written by whoever holds the account, not by the owner of 'github.io'"
        );
        assert!(fact.notable);
        let a = of("https://github.com/");
        let facts = host_facts(a.host.as_ref().unwrap());
        assert!(!facts.iter().any(|f| f.text.starts_with("shared hosting")));
    }

    #[test]
    fn counts_and_places_of_warnings() {
        let a = of("http://x/%252e%252e/");
        assert!(!a.warnings.is_empty());
        let w = &a.warnings[0];
        assert!(warning_place(&a, w).starts_with(&format!("bytes {}-", w.span.start)));
        assert!(severity_counts(&a.warnings).contains(w.severity.name()));
        assert_eq!(severity_counts(&[]), "");
        // A warning lifted from a carried URL (its userinfo, which the
        // query value's own checks cannot see): the component that carries
        // it, and the way in.
        let a = of("https://app.example/cb?u=//user@evil.example/");
        let lifted = a
            .warnings
            .iter()
            .find(|w| w.via.is_some() && w.component.is_none())
            .expect("a lifted warning");
        let place = warning_place(&a, lifted);
        assert!(
            place.contains(", query value [4], via query value 'u'"),
            "{place}"
        );
    }
}
