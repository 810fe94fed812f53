//! Where a URL leads: the host a fetcher connects to, however it is
//! spelled, and what kind of place that is.
//!
//! [`class`] says what kind of place a host is (loopback, private, cloud
//! metadata, public...) however it is written; [`readings`] which host a
//! browser and an RFC 3986 parser each read in the URL itself; this module
//! gathers the URL's destinations: itself, then every URL it carries,
//! resolved as a browser resolves it.

mod class;
mod readings;

pub use class::{classify_host, HostClass, Reach};
pub(crate) use class::{site_of, zoned_ipv6};
pub(crate) use readings::other_reading;
pub(crate) use readings::refuses_host_worded;
pub use readings::{destination_host, BrowserRefusal, OtherReading, Peer, Reader};
pub(crate) use readings::{whatwg_host_span, whatwg_written_host};

use crate::analysis::nested::{data, Nested, NestedKind, SCRIPT_SCHEMES};
use crate::services::{shortened, Shortened};
use crate::sites::Imitation;
use crate::split::{Span, Split};
use readings::{browser_reading, browser_refusal};

/// A place the URL leads to: the URL itself, or one it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Destination {
    /// How it is reached from the URL: empty for the URL itself, else the
    /// chain (`query value 'next' → base64`).
    pub via: String,
    /// The URL as a browser resolves it (against the URL it is in). Bytes
    /// that are not UTF-8 are read as their `%XX` escapes, as the clean
    /// URL writes them: a browser reads text, and U+FFFD in their place
    /// would name another resource (`%EF%BF%BD`).
    pub target: String,
    /// Its scheme, lowercase.
    pub scheme: String,
    /// The host a browser connects to, classed: the WHATWG URL Standard's
    /// reading, or, when WHATWG rejects the URL, the RFC 3986 one (a lax
    /// client's).
    pub host: Option<HostClass>,
    /// The registrable domain (Public Suffix List), or the address.
    pub site: Option<String>,
    /// For a carried URL: it lands on another site than the URL it is in
    /// (one brand's own domains, `microsoftonline.com` and `office.com`,
    /// are one site).
    pub leaves_site: bool,
    /// It runs script when followed (`javascript:`, `vbscript:`, a
    /// `data:` URL whose media type a browser renders as a page: HTML,
    /// SVG, XML).
    pub runs_script: bool,
    /// A link of the page a `data:` URL holds (its body): that page sends
    /// what is typed into it, or its visitors, there; no site redirects.
    pub in_data_body: bool,
    /// Named by a Log4j lookup (`${jndi:ldap://x/a}`), or carried by such
    /// a name: where a vulnerable server that logs the URL connects, not
    /// where a redirect sends a visitor.
    pub in_lookup: bool,
    /// How it is written to slip past a check (empty when plainly).
    pub spelling: Vec<&'static str>,
    /// The outer bytes that lead there.
    pub span: Span,
    /// The outer component it is in, for a carried URL.
    pub component: Option<usize>,
    /// The shortener it is behind, when its host is one: where it really
    /// leads cannot be read offline.
    pub shortened: Option<Shortened>,
    /// The famous site its host imitates, when it is a look-alike
    /// (`paypa1.com` of `paypal.com`); set for the URL itself.
    pub imitates: Option<crate::sites::Imitation>,
    /// The link protection the URL itself is written in (Safe Links,
    /// Proofpoint...), when it is: set for the URL itself.
    pub wrapper: Option<crate::wrappers::Unwrapped>,
    /// The link protection this destination is reached through: the
    /// wrapper's own parameter, which is no open redirect.
    pub through: Option<&'static str>,
    /// Every link protection this destination is reached through, the
    /// outermost first (Safe Links around Google's redirector: both),
    /// when it is reached through one; its last is [`Destination::through`].
    pub through_chain: Vec<&'static str>,
    /// The web archive whose copy of a page the URL shows, for a carried
    /// URL written in that copy's address (the page's own URL, or one in
    /// its query): the archive shows the copy from its own servers, so no
    /// visitor goes there and it is no open redirect.
    pub archived_by: Option<crate::wrappers::Archive>,
    /// The host RFC 3986 parsers read instead, when it is another than
    /// `host` (set for the URL itself).
    pub other_reading: Option<OtherReading>,
    /// A browser refuses the URL itself, and why: it makes no request,
    /// and `host` is then the host RFC 3986 clients read (set for the URL
    /// itself).
    pub browser_refuses: Option<BrowserRefusal>,
}

/// A carried URL's text with its bytes that are not UTF-8 as escapes (as
/// the URL's own target has them), from its analysis, which holds the
/// bytes; `text` itself has U+FFFD for them.
fn exact_text(n: &Nested) -> std::borrow::Cow<'_, str> {
    match n.analysis.as_deref() {
        // Only when the analysis is of these very bytes.
        Some(a)
            if n.text.contains(char::REPLACEMENT_CHARACTER)
                && String::from_utf8_lossy(&a.input) == n.text =>
        {
            std::borrow::Cow::Owned(crate::percent::escape_ill_formed(&a.input).into_owned())
        }
        _ => std::borrow::Cow::Borrowed(&n.text),
    }
}

/// Whether a URL of `scheme`, `url`, runs script when followed:
/// `javascript:` and `vbscript:` always, `data:` when its media type is a
/// page a browser renders with script ([`data::renders_script`]).
fn runs_script(scheme: &str, url: &[u8]) -> bool {
    match scheme {
        "data" => data::runs_script(url),
        scheme => SCRIPT_SCHEMES.contains(&scheme),
    }
}

/// `text` resolved against `base` as a browser resolves a redirect
/// target, look-alike slashes read as slashes; any run of separators
/// before a host reads as `//` (the URL Standard's "special authority
/// ignore slashes" state, which the `url` crate does not follow for three
/// or more).
fn resolve(base: &url::Url, text: &str) -> Option<url::Url> {
    let text = crate::analysis::nested::lax_slashes(text);
    base.join(&text).ok().or_else(|| {
        let trimmed = text.trim_start_matches(|c: char| c <= ' ');
        let rest = trimmed.trim_start_matches(['/', '\\']);
        (rest.len() + 2 <= trimmed.len()).then(|| base.join(&format!("//{rest}")).ok())?
    })
}

/// The host a lax client reads in a special URL with no slashes
/// (`http:evil.example/x`, `http:user@host`).
fn lax_host(text: &str, scheme: &str) -> Option<String> {
    if !crate::schemes::is_special_network(scheme) {
        return None;
    }
    let (_, rest) = text.split_once(':')?;
    let rest = rest.trim_start_matches(['/', '\\']);
    let authority = rest.split(['/', '\\', '?', '#']).next()?;
    let host = authority.rsplit('@').next()?;
    Some(host.split(':').next()?.to_string())
}

/// Whether a carried URL's site `to` is another than `site`, the site of
/// the URL it is in: a different registrable domain or address, unless
/// one owner has both (a brand's sign-in page sends its visitors on to
/// its own other domains, and to its sister brands', all day: Facebook's
/// to Instagram's).
fn leaves(to: Option<&str>, site: Option<&str>) -> bool {
    match (to, site) {
        (Some(to), Some(site)) if to != site => {
            crate::sites::owner_of(to).is_none_or(|b| crate::sites::owner_of_site(site) != Some(b))
        }
        (Some(_), None) => true,
        _ => false,
    }
}

/// The shortener a URL (as a browser parses it) is behind, if any.
fn shortened_link(u: &url::Url) -> Option<Shortened> {
    shortened(u.host_str()?, u.path())
}

/// Every place the URL leads to: itself first, then what it carries, in
/// order, each carried URL resolved against the URL it is in. `base` is
/// the WHATWG parse of the trimmed input, each byte that is not UTF-8
/// read as its escape, when it parses; `component_at` the component that
/// holds an input byte.
pub(crate) fn destinations(
    input: &[u8],
    parts: &Split,
    host: Option<&HostClass>,
    nested: &[Nested],
    base: Option<&url::Url>,
    wrapper: Option<crate::wrappers::Unwrapped>,
    component_at: &dyn Fn(usize) -> Option<usize>,
) -> Vec<Destination> {
    // A scheme only a browser reads (`java\tscript:`: the URL Standard
    // strips tabs and newlines) is the scheme a browser follows.
    let scheme = parts
        .scheme
        .map(|s| String::from_utf8_lossy(s.of(input)).to_ascii_lowercase())
        .or_else(|| base.map(|u| u.scheme().to_string()))
        .unwrap_or_default();
    // A URL WHATWG rejects (`http://x:80;y/`) still has a scheme that
    // scheme-relative targets inherit (needed only when it carries one).
    let placeholder = (base.is_none() && !nested.is_empty())
        .then(|| {
            url::Url::parse(&format!("{scheme}://base.invalid/"))
                .ok()
                .filter(|_| !scheme.is_empty())
                .or_else(|| url::Url::parse("https://base.invalid/").ok())
        })
        .flatten();
    let (own_host, other_reading) = browser_reading(input, parts, host, base);
    // An application's link (`market://details`) names a screen of the
    // application after its `//`, no host on a network.
    let own_host = own_host.filter(|_| !crate::schemes::is_app_scheme(&scheme));
    let browser_refuses = browser_refusal(input, parts, own_host.as_ref(), base);
    let site = own_host.as_ref().map(site_of);
    let mut out = vec![Destination {
        via: String::new(),
        target: base.map_or_else(
            || crate::percent::escape_ill_formed(parts.trimmed.of(input)).into_owned(),
            |u| u.as_str().to_string(),
        ),
        runs_script: runs_script(&scheme, parts.trimmed.of(input)),
        in_data_body: false,
        in_lookup: false,
        scheme,
        host: own_host,
        site: site.clone(),
        leaves_site: false,
        spelling: Vec::new(),
        // When the readings differ, the bytes that lead there are the
        // whole authority (a browser's host may be RFC 3986's userinfo).
        span: match (&other_reading, parts.host) {
            (None, Some(h)) => h,
            _ => parts.authority.unwrap_or(parts.trimmed),
        },
        component: None,
        shortened: base.and_then(shortened_link),
        imitates: None,
        wrapper: None,
        through: None,
        through_chain: Vec::new(),
        archived_by: None,
        other_reading,
        browser_refuses,
    }];
    // A web archive's copy of a page: where, in the input, the archived
    // page's URL starts.
    let archive = out.first().and_then(|own| {
        let host = own.host.as_ref()?;
        crate::wrappers::archived_copy(host.canonical.as_bytes(), parts.path.of(input))
            .map(|(archive, at)| (archive, parts.path.start + at))
    });
    let base = base.or(placeholder.as_ref());
    let add = |n: &Nested, in_data_body: bool, out: &mut Vec<Destination>| {
        let text = exact_text(n);
        let resolved = base.and_then(|b| resolve(b, &text));
        let (target, scheme, host) = match &resolved {
            Some(u) => (
                u.as_str().to_string(),
                u.scheme().to_string(),
                u.host_str().map(classify_host),
            ),
            // WHATWG rejects it (`http://472.314.470.462`), but lax
            // clients follow it to the host RFC 3986 reads.
            None => {
                let a = n.analysis.as_deref();
                let scheme = a
                    .and_then(|a| a.split.scheme.map(|s| s.of(&a.input).to_ascii_lowercase()))
                    .map(|s| String::from_utf8_lossy(&s).into_owned())
                    .unwrap_or_default();
                let host = a
                    .and_then(|a| a.host.as_ref())
                    .map(|h| h.decoded.clone())
                    .or_else(|| lax_host(&n.text, &scheme))
                    .filter(|h| !h.is_empty())
                    .map(|h| classify_host(&h));
                (text.into_owned(), scheme, host)
            }
        };
        let host = host.filter(|_| !crate::schemes::is_app_scheme(&scheme));
        // The URL itself read again: in `https:\\evil.com/x` RFC 3986
        // reads no authority but the path `\\evil.com/x`, whose first
        // segment the unfolding finds as a carried reference, which a
        // browser resolves to `https://evil.com/`: the host the URL's own
        // destination leads to, where a browser reads the URL's own
        // authority. One place, listed once: the URL's own destination
        // already says which host each reader reads.
        let rereads_own_authority = parts.scheme.is_some()
            && parts.authority.is_none()
            && n.span.start == parts.path.start
            && n.text.starts_with(['/', '\\'])
            && out
                .first()
                .is_some_and(|own| named(&own.host) == named(&host));
        // The input itself read again: `java\tscript:alert(1)` is a
        // path to RFC 3986, whose one segment the unfolding finds as the
        // URL a browser reads, where the URL's own destination leads.
        let rereads_itself = parts.scheme.is_none()
            && n.span == parts.trimmed
            && out.first().is_some_and(|own| own.target == target);
        if rereads_own_authority || rereads_itself {
            if let Some(a) = &n.analysis {
                carried_in_turn(a, n, component_at, out);
            }
            return;
        }
        let to = host.as_ref().map(site_of);
        let leaves_site = leaves(to.as_deref(), site.as_deref());
        out.push(Destination {
            via: n.via.clone(),
            runs_script: runs_script(&scheme, target.as_bytes()),
            target,
            in_data_body,
            in_lookup: crate::analysis::nested::lookup::in_lookup(n),
            scheme,
            host,
            site: to,
            leaves_site,
            spelling: n.spelling.clone(),
            span: n.span,
            component: Some(n.component),
            shortened: resolved.as_ref().and_then(shortened_link),
            imitates: n
                .analysis
                .as_ref()
                .and_then(|a| a.destinations.first())
                .and_then(|d| d.imitates.as_ref())
                .map(|i| carried_imitation(i, n)),
            wrapper: None,
            through: None,
            through_chain: Vec::new(),
            archived_by: None,
            other_reading: None,
            browser_refuses: None,
        });
        if let Some(a) = &n.analysis {
            carried_in_turn(a, n, component_at, out);
        }
    };
    for n in nested {
        match n.kind {
            NestedKind::Url => add(n, false, &mut out),
            kind => n
                .children
                .iter()
                .for_each(|c| add(c, kind == NestedKind::DataBody, &mut out)),
        }
    }
    // What the archived page's address holds, its query included, is
    // the archive's to show: no visitor leaves it.
    if let Some((by, at)) = archive {
        for d in out.iter_mut().skip(1).filter(|d| d.span.start >= at) {
            d.archived_by = Some(by);
            d.leaves_site = false;
        }
    }
    if let Some(w) = wrapper {
        unwrapped(w, parts, &mut out);
    }
    chain_wrappers(&mut out);
    out
}

/// Each destination's [`Destination::through_chain`], for one reached
/// through a link protection: the link protections of the carried
/// destinations it is carried under (written within their bytes, and their
/// `via` a start of its own followed by ` → `: a sibling value of the
/// same name is neither), outermost first, then its own.
fn chain_wrappers(out: &mut [Destination]) {
    let chains: Vec<Vec<&'static str>> = out
        .iter()
        .map(|d| {
            let Some(own) = d.through else {
                return Vec::new();
            };
            let mut outer: Vec<(usize, &'static str)> = out
                .iter()
                .filter(|o| {
                    !o.via.is_empty()
                        && o.span.start <= d.span.start
                        && d.span.end <= o.span.end
                        && d.via
                            .strip_prefix(o.via.as_str())
                            .is_some_and(|rest| rest.starts_with(" → "))
                })
                .filter_map(|o| o.through.map(|t| (o.via.len(), t)))
                .collect();
            outer.sort_by_key(|&(len, _)| len);
            let mut chain: Vec<&'static str> = outer.into_iter().map(|(_, t)| t).collect();
            chain.push(own);
            chain
        })
        .collect();
    for (d, chain) in out.iter_mut().zip(chains) {
        d.through_chain = chain;
    }
}

/// `host` when it names one (a `file:` URL's empty host names none).
fn named(host: &Option<HostClass>) -> Option<&str> {
    host.as_ref()
        .map(|h| h.canonical.as_str())
        .filter(|h| !h.is_empty())
}

/// What the carried URL `n` (analysed as `a`) carries in turn, reached
/// through it, added to `out`: each on the outer bytes that write it
/// (`Nested::leads_at`), in the component that holds them
/// (`component_at`), so that `?next=https://b.example/?u=https://evil.example/`
/// leads to evil.example from the bytes of `https://evil.example/`, not
/// from all of `next`'s value, which leads to b.example.
fn carried_in_turn(
    a: &crate::analysis::Analysis,
    n: &Nested,
    component_at: &dyn Fn(usize) -> Option<usize>,
    out: &mut Vec<Destination>,
) {
    for (i, d) in a.destinations.iter().enumerate().skip(1) {
        let mut d = d.clone();
        d.in_lookup |= crate::analysis::nested::lookup::in_lookup(n);
        let at = n.leads_at.get(i);
        d.via = format!("{} → {}", n.via, d.via);
        d.span = at.map_or(n.span, |at| at.span);
        d.component = component_at(d.span.start).or(Some(n.component));
        d.imitates = d.imitates.map(|i| Imitation {
            span: at.and_then(|at| at.imitation).unwrap_or(n.span),
            ..i
        });
        out.push(d);
    }
}

/// What a carried URL's host imitates, its span moved onto the outer
/// bytes that write it (as its lifted warnings are), or onto all the
/// bytes that carry the URL when they are not known.
fn carried_imitation(i: &Imitation, n: &Nested) -> Imitation {
    let span = n
        .leads_at
        .first()
        .and_then(|at| at.imitation)
        .unwrap_or(n.span);
    Imitation { span, ..i.clone() }
}

/// When the URL is a link protection's wrapper `w` (Safe Links,
/// Proofpoint URL Defense...): the wrapper on the URL's own destination,
/// and the destination it carries marked as reached through it (added
/// when the unfolding did not reach it: past its depth or its count).
fn unwrapped(w: crate::wrappers::Unwrapped, parts: &Split, out: &mut Vec<Destination>) {
    let vendor = w.wrapper.vendor();
    if let crate::wrappers::Carried::Url(target) = &w.carried {
        if let Ok(u) = url::Url::parse(target) {
            let site = out.first().and_then(|d| d.site.clone());
            match out.iter_mut().skip(1).find(|d| d.target == u.as_str()) {
                Some(d) => d.through = Some(vendor),
                None => {
                    let host = u.host_str().map(classify_host);
                    let to = host.as_ref().map(site_of);
                    out.push(Destination {
                        via: format!("link {vendor} wraps"),
                        target: u.as_str().to_string(),
                        runs_script: runs_script(u.scheme(), u.as_str().as_bytes()),
                        in_data_body: false,
                        in_lookup: false,
                        scheme: u.scheme().to_string(),
                        leaves_site: leaves(to.as_deref(), site.as_deref()),
                        host,
                        site: to,
                        spelling: Vec::new(),
                        // The bytes that carry it, in the input.
                        span: w.at.map_or(parts.query.unwrap_or(parts.path), |(s, e)| {
                            Span::new(parts.trimmed.start + s, parts.trimmed.start + e)
                        }),
                        component: None,
                        shortened: shortened_link(&u),
                        imitates: None,
                        wrapper: None,
                        through: Some(vendor),
                        through_chain: Vec::new(),
                        archived_by: None,
                        other_reading: None,
                        browser_refuses: None,
                    });
                }
            }
        }
    }
    // A wrapper that keeps the destination but names its domain: that
    // domain is where the link leads, as far as the link says.
    if let (crate::wrappers::Carried::Opaque, Some((domain, (s, e)))) = (&w.carried, &w.domain) {
        let host = classify_host(domain);
        let to = site_of(&host);
        let site = out.first().and_then(|d| d.site.clone());
        out.push(Destination {
            via: format!("the domain {vendor} names"),
            target: format!("https://{domain}/"),
            runs_script: false,
            in_data_body: false,
            in_lookup: false,
            scheme: "https".to_string(),
            leaves_site: leaves(Some(&to), site.as_deref()),
            host: Some(host),
            site: Some(to),
            spelling: Vec::new(),
            span: Span::new(parts.trimmed.start + s, parts.trimmed.start + e),
            component: None,
            shortened: None,
            imitates: None,
            wrapper: None,
            through: Some(vendor),
            through_chain: Vec::new(),
            archived_by: None,
            other_reading: None,
            browser_refuses: None,
        });
    }
    if let Some(own) = out.first_mut() {
        own.wrapper = Some(w);
    }
}
