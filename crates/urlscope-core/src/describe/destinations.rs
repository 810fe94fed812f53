//! Where a URL leads, in words: the place a destination's host is, how a
//! browser and other parsers read it, and what following it does.

use crate::analysis::{Destination, HostClass, Peer, Reader};
use crate::text::{escape_str, quote_str};

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
/// parsers such as Python's urllib.parse read 1.2.3.4.5 (no such host)`.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::describe::of;

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
}
