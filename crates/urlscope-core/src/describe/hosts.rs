//! Every fact known about a host, in words, grouped so that a front end
//! may lay each group on a line of its own.

use crate::analysis::{char_info, Analysis, HostReading};
use crate::text::{escape_str, quote_str};

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

/// What the encoders' view (every dialect's percent-encoding of a
/// component's text) must add for a host written other than in ASCII: a
/// host name is written by IDNA (UTS #46), which none of them is, so the
/// clean URL and a browser write it so; `None` for an ASCII host, which
/// every dialect leaves as it is.
pub fn host_not_encoded(h: &HostReading) -> Option<String> {
    let ascii = h.ascii.as_deref()?;
    Some(format!(
        "a host is not percent-encoded: IDNA (UTS #46) writes this one '{}', as browsers and the clean URL do",
        escape_str(ascii)
    ))
}

/// Every fact known about the host of `a` (its RFC 3986 host component),
/// in a fixed order: its forms, its registrable domain, its scripts and
/// look-alikes; nothing when the URL has no host. When a browser opens
/// another host, the facts say so first: this one is RFC 3986's.
///
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// use urlscope_core::describe::host_facts;
/// let a = analyze(br"http://evil.com\@good.com/", &Options::default());
/// assert_eq!(
///     host_facts(&a)[0].text,
///     "a browser opens 'evil.com' instead"
/// );
/// ```
pub fn host_facts(a: &Analysis) -> Vec<HostFact> {
    let Some(h) = &a.host else {
        return Vec::new();
    };
    let fact = |group, text: String, notable| HostFact {
        group,
        text,
        notable,
    };
    // The facts are of the split's host; a browser may open another,
    // which comes first, so that a narrow line keeps it.
    let browser = a
        .destinations
        .first()
        .filter(|d| d.via.is_empty() && d.other_reading.is_some())
        .and_then(|d| d.host.as_ref());
    let mut out = Vec::new();
    if let Some(browser) = browser {
        out.push(fact(
            HostFactGroup::Forms,
            format!(
                "a browser opens '{}' instead",
                escape_str(&browser.canonical)
            ),
            true,
        ));
    }
    // What kind of host it is; the host itself is shown wherever its
    // facts are.
    out.push(fact(
        HostFactGroup::Forms,
        h.kind.label().to_string(),
        false,
    ));
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
        // A suffix of names inside a private network (`.svc`, `.local`)
        // makes the list's domain no one's.
        let text = match h.internal_suffix {
            Some(suffix) => format!(
                "no registrable domain: '.{suffix}' names hosts inside a private network (the list's rules would read '{}')",
                escape_str(d)
            ),
            None => format!("registrable domain '{}'{owner}", escape_str(d)),
        };
        out.push(fact(HostFactGroup::Registrable, text, false));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::describe::of;

    #[test]
    fn host_facts_name_every_form() {
        let a = of("http://ex\u{430}mple.com/");
        let facts = host_facts(&a);
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

    /// The encoders' view hears how a non-ASCII host is really written;
    /// an ASCII host needs no word.
    #[test]
    fn a_host_is_written_by_idna_not_by_the_encoders() {
        let a = of("https://ex\u{e4}mple.com/");
        let note = host_not_encoded(a.host.as_ref().unwrap()).unwrap();
        assert!(note.contains("'xn--exmple-cua.com'"), "{note}");
        let a = of("https://\u{24d6}\u{24de}\u{24de}\u{24d6}\u{24db}\u{24d4}.com/");
        let note = host_not_encoded(a.host.as_ref().unwrap()).unwrap();
        assert!(note.contains("'google.com'"), "{note}");
        let a = of("https://example.com/");
        assert_eq!(host_not_encoded(a.host.as_ref().unwrap()), None);
    }

    /// A name inside a private network by convention has no owner a
    /// registry knows: its fact says so rather than name a domain.
    #[test]
    fn an_internal_name_has_no_registrable_domain() {
        for (url, suffix) in [
            ("http://kubernetes.default.svc/api", "'.svc'"),
            ("http://printer.local/", "'.local'"),
            ("http://db.corp.internal/", "'.internal'"),
            ("https://kubernetes.default/api", "'.kubernetes.default'"),
            ("http://PRINTER.LOCAL./", "'.local'"),
            ("http://printer.local../", "'.local'"),
            (
                "http://printer.\u{ff4c}\u{ff4f}\u{ff43}\u{ff41}\u{ff4c}/",
                "'.local'",
            ),
        ] {
            let a = of(url);
            let facts = host_facts(&a);
            let fact = facts
                .iter()
                .find(|f| f.group == HostFactGroup::Registrable)
                .unwrap();
            assert!(
                fact.text.starts_with("no registrable domain"),
                "{url}: {}",
                fact.text
            );
            assert!(fact.text.contains(suffix), "{url}: {}", fact.text);
        }
        // A name under a suffix that merely shares the word is a domain.
        let a = of("http://local.example.com/");
        let facts = host_facts(&a);
        assert!(facts
            .iter()
            .any(|f| f.text == "registrable domain 'example.com' (what one owner controls)"));
    }

    #[test]
    fn a_host_on_shared_hosting_says_whose_pages_they_are() {
        let a = of("https://someone.github.io/");
        let facts = host_facts(&a);
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
        let facts = host_facts(&a);
        assert!(!facts.iter().any(|f| f.text.starts_with("shared hosting")));
    }
}
