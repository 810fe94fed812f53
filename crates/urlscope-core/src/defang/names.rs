//! The names pass: the host-like names a report writes outside its URLs
//! (`Leads to evil.example`, `'paypa1.com'`, `127.0.0.1`), which an
//! auto-linker would make links of, written defanged.

use super::next_separator;

/// Host names a text is known to hold: the hosts of the URLs written in
/// it, as written, percent-decoded and in their IDNA ASCII form, each
/// lowercase. A name [`defang_names`] is told of is defanged wherever it
/// stands, whatever its suffix: `evil.example` or `intranet.corp` ends in
/// no suffix an auto-linker knows, but once the URL line wrote it
/// `evil[.]example`, every line writes it so.
#[derive(Debug, Clone, Default)]
pub struct HostNames {
    names: std::collections::BTreeSet<String>,
    /// Each name written backwards, to find the names a text cut at its
    /// start (`…vil.example`) ends.
    reversed: std::collections::BTreeSet<String>,
}

/// At most this many names are kept: a writer that defangs a long scan
/// starts afresh past it (each scan line holds its own URL).
const MAX_NAMES: usize = 4096;

/// The longest host name DNS allows: a longer text is no known name.
const MAX_NAME: usize = 253;

impl HostNames {
    /// No names known.
    pub fn new() -> HostNames {
        HostNames::default()
    }

    /// Know `name` (a host): lowercase, one trailing dot dropped. A name
    /// without a dot is left out (no auto-linker takes `localhost` for a
    /// link), as is one longer than DNS allows.
    pub fn learn(&mut self, name: &str) {
        let name = name.strip_suffix('.').unwrap_or(name);
        if !name.contains('.') || name.len() > MAX_NAME {
            return;
        }
        if self.names.len() >= MAX_NAMES {
            self.names.clear();
            self.reversed.clear();
        }
        let name = name.to_lowercase();
        // The names it is under too (`evil.example` of
        // `login.evil.example`), for a text cut inside them.
        let mut under = name.as_str();
        while under.contains('.') {
            self.reversed.insert(under.chars().rev().collect());
            self.names.insert(under.to_string());
            under = under.split_once('.').map_or("", |(_, rest)| rest);
        }
    }

    /// Whether a known name starts with `cut` (lowercase; a text cut at
    /// its end, `secure.evil.exam…`) or ends with it (cut at its start).
    fn knows_part(&self, cut: &str, at_end: bool) -> bool {
        if at_end {
            let next = self
                .names
                .range::<str, _>((std::ops::Bound::Included(cut), std::ops::Bound::Unbounded))
                .next();
            next.is_some_and(|n| n.starts_with(cut))
        } else {
            let cut: String = cut.chars().rev().collect();
            let next = self
                .reversed
                .range::<str, _>((
                    std::ops::Bound::Included(cut.as_str()),
                    std::ops::Bound::Unbounded,
                ))
                .next();
            next.is_some_and(|n| n.starts_with(&cut))
        }
    }

    /// Know the host after each `://` of `text` (or its percent-encoded
    /// spelling, as a carried URL writes it), in every form a report
    /// writes it.
    pub fn learn_hosts_in(&mut self, text: &str) {
        let mut from = 0;
        while let Some((sep, len)) = next_separator(text, from) {
            let authority = text.get(sep + len..).unwrap_or_default();
            let end = authority
                .find(|c: char| {
                    c.is_whitespace()
                        || matches!(c, '/' | '?' | '#' | '\\' | '"' | '\'' | '<' | '>')
                })
                .unwrap_or(authority.len());
            let authority = authority.get(..end).unwrap_or_default();
            let host = authority.rsplit('@').next().unwrap_or(authority);
            // A port, after a name or an IPv4 address (`[::1]:80` keeps
            // its brackets: an IPv6 address is no name).
            let host = match host.rsplit_once(':') {
                Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
                _ => host,
            };
            self.learn_host(host);
            from = sep + len + end;
        }
    }

    /// Know `host` as written, percent-decoded and in its IDNA ASCII
    /// form.
    fn learn_host(&mut self, host: &str) {
        if host.is_empty() || host.starts_with('[') {
            return;
        }
        self.learn(host);
        let decoded = crate::percent::decode(host.as_bytes(), false);
        let decoded = String::from_utf8_lossy(&decoded);
        self.learn(&decoded);
        if !decoded.is_ascii() {
            if let Ok(ascii) = idna::domain_to_ascii(&decoded) {
                self.learn(&ascii);
            }
        } else if decoded.contains("xn--") {
            self.learn(&idna::domain_to_unicode(&decoded).0);
        }
    }

    /// Whether `name` (lowercase) is a known name or under one
    /// (`login.evil.example` under `evil.example`). Only the last
    /// [`MAX_NAME`] bytes are tried, so the cost does not grow with a
    /// long run of labels.
    fn knows(&self, name: &str) -> bool {
        if self.names.is_empty() {
            return false;
        }
        let from = name.len().saturating_sub(MAX_NAME);
        let tail = (from..name.len())
            .find(|&i| name.is_char_boundary(i))
            .and_then(|i| name.get(i..))
            .unwrap_or(name);
        if tail.len() == name.len() && self.names.contains(name) {
            return true;
        }
        tail.match_indices('.')
            .any(|(dot, _)| tail.get(dot + 1..).is_some_and(|s| self.names.contains(s)))
    }
}

/// Whether `c` can be part of a written host name: a letter or a digit of
/// any script, `-`, `_`, or a dot.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '.')
}

/// `text` with the dots of every host-like name in it written `[.]`: a
/// name `names` knows (or one under it), an IPv4 address
/// (`127.0.0.1`), a name starting `www.`, or a dotted name with a label
/// after its first that is a top-level domain (`paypal.com`,
/// `paypal.com.secure-lo…`, `paypal.com.php`), which an auto-linker in a
/// ticket system makes a link of even without a scheme. A file name
/// (`login.php`, `jquery.min.js`), a version (`1.2.3`), a lone dot and a
/// name already defanged (`evil[.]example`) are left as they are; so is
/// an IPv6 address, which no auto-linker links without a scheme. A name
/// cut by `…` (a report's cut cell or excerpt) is defanged when it holds
/// a dot: what was cut away cannot be told. One pass over `text`.
///
/// ```
/// use urlscope_core::defang::{defang_names, HostNames};
/// let mut names = HostNames::new();
/// names.learn("evil.example");
/// assert_eq!(
///     defang_names("Leads to evil.example, 'paypa1.com' at 10.0.0.1 (login.php)", &names),
///     "Leads to evil[.]example, 'paypa1[.]com' at 10[.]0[.]0[.]1 (login.php)"
/// );
/// ```
pub fn defang_names(text: &str, names: &HostNames) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    let mut before: Option<char> = None;
    while !rest.is_empty() {
        let run = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        if run == 0 {
            let mut chars = rest.chars();
            if let Some(c) = chars.next() {
                out.push(c);
                before = Some(c);
            }
            rest = chars.as_str();
            continue;
        }
        let (name, after) = rest.split_at(run);
        let cut = match (before == Some('…'), after.starts_with('…')) {
            (_, true) => Some(Cut::End),
            (true, false) => Some(Cut::Start),
            (false, false) => None,
        };
        let at = Place {
            cut,
            after_percent: before == Some('%'),
            in_path: matches!(before, Some('/' | '\\')),
        };
        push_name(&mut out, name, at, names);
        before = name.chars().last();
        rest = after;
    }
    out
}

/// `run` (a run of name characters) onto `out`, its dots written `[.]`
/// when it is host-like (see [`defang_names`]). After a `%` the run starts
/// with an escape's hex digits (`%2Fevil.example`): the name may start
/// after them, or with them (`%00paypal.com` shows `00paypal.com`, a
/// name to an auto-linker).
fn push_name(out: &mut String, run: &str, at: Place, names: &HostNames) {
    let Place {
        cut, after_percent, ..
    } = at;
    let edge = |c: char| matches!(c, '.' | '-' | '_');
    // A cut name's last dot is the name's (`evil.…`).
    let core = if cut == Some(Cut::End) && run.ends_with('.') {
        run.trim_start_matches(edge)
    } else {
        run.trim_matches(edge)
    };
    let lead = run.len() - run.trim_start_matches(edge).len();
    let unescaped = core
        .get(2..)
        .filter(|_| after_percent && core.bytes().take(2).all(|b| b.is_ascii_hexdigit()));
    let host_like = |name: &str| name.contains('.') && is_host_like(name, at, names);
    if host_like(core) || unescaped.is_some_and(host_like) {
        out.push_str(run.get(..lead).unwrap_or_default());
        out.push_str(&core.replace('.', "[.]"));
        out.push_str(run.get(lead + core.len()..).unwrap_or_default());
    } else if run.contains('_') {
        // No host name holds a '_' (DNS's `_dmarc` records are no links):
        // the names may be between them, as Proofpoint's URL Defense v2
        // writes a URL (`https-3A__evil.example_login`).
        let place = Place { cut: None, ..at };
        for (i, piece) in run.split('_').enumerate() {
            if i > 0 {
                out.push('_');
            }
            if !piece.is_empty() {
                push_name(out, piece, place, names);
            }
        }
    } else {
        out.push_str(run);
    }
}

/// The extensions of web pages a phishing kit glues to a domain name
/// (`paypal.com.php`): the name before them is still a domain.
const PAGE_EXTENSIONS: [&str; 8] = ["html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi"];

/// Where a run of name characters stands in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Place {
    /// Where a report cut it, if it did.
    cut: Option<Cut>,
    /// Right after a `%`: it may start with an escape's hex digits.
    after_percent: bool,
    /// Right after a `/` (or `\`): a path's segment, which no auto-linker
    /// links on its own (linkify-it starts no link after `/`).
    in_path: bool,
}

/// Where a run of name characters was cut by a report (`…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// `…vil.example`
    Start,
    /// `secure.evil.exam…`
    End,
}

/// Whether the dotted name `name` reads as a host (see [`defang_names`]).
/// A cut one does when it does whole, when a known name holds it where it
/// was cut, or when its labels left whole do (`…ecure-login.example.net`,
/// `www.paypal.com.sec…`).
fn is_host_like(name: &str, at: Place, names: &HostNames) -> bool {
    let lower = name.to_lowercase();
    let in_path = at.in_path;
    if names.knows(&lower) || reads_as_host(&lower, in_path, names) {
        return true;
    }
    match at.cut {
        None => false,
        Some(cut) => {
            let whole = match cut {
                Cut::Start => lower.split_once('.').map(|(_, rest)| rest),
                Cut::End => lower.rsplit_once('.').map(|(rest, _)| rest),
            };
            names.knows_part(lower.trim_end_matches('.'), cut == Cut::End)
                || whole.is_some_and(|w| w.contains('.') && reads_as_host(w, in_path, names))
        }
    }
}

/// Whether the whole dotted name `lower` (lowercase) reads as a host:
/// known, an IPv4 address, `www.`, or a top-level domain after its first
/// label. A last label that is a file's extension makes it a file name
/// (`login.php`), unless it is a page's glued to a domain
/// (`paypal.com.php`), or it is a top-level domain too (`evil.zip`,
/// `readme.md`) and the name is not a path's segment (`in_path`): in a
/// query or after `@` an auto-linker links `evil.zip`; after a `/` it
/// links no name on its own, so `/docs/readme.md` is a file.
fn reads_as_host(lower: &str, in_path: bool, names: &HostNames) -> bool {
    if names.knows(lower) {
        return true;
    }
    let labels: Vec<&str> = lower.split('.').filter(|l| !l.is_empty()).collect();
    let is_octet = |l: &&str| l.len() <= 3 && l.bytes().all(|b| b.is_ascii_digit());
    if labels.len() == 4 && labels.iter().all(is_octet) {
        return true;
    }
    if labels.len() >= 2 && labels.first() == Some(&"www") {
        return true;
    }
    let mut labels = labels.as_slice();
    if let Some((last, before)) = labels.split_last() {
        let file = crate::names::is_file_extension(last.as_bytes());
        if PAGE_EXTENSIONS.contains(last) {
            labels = before;
        // A file's extension that is also a top-level domain (`x.zip`), or
        // one of the suffixes the address-bar reading takes for a file
        // (`readme.md`, `setup.py`): a file in a path, a name elsewhere.
        } else if (file || crate::analysis::FILE_LIKE_SUFFIXES.contains(last))
            && (in_path || !is_top_level_domain(last))
        {
            return false;
        }
    }
    labels.iter().skip(1).any(|l| is_top_level_domain(l))
}

/// Whether `label` (lowercase) is a top-level domain of the Public Suffix
/// List.
#[inline(never)]
pub(crate) fn is_top_level_domain(label: &str) -> bool {
    !label.bytes().all(|b| b.is_ascii_digit())
        && psl::suffix(label.as_bytes()).is_some_and(|s| s.is_known())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defang::refang;

    #[test]
    fn every_host_like_name_of_a_text_is_defanged() {
        let names = HostNames::new();
        for (text, defanged) in [
            ("→ 127.0.0.1", "→ 127[.]0[.]0[.]1"),
            (
                "'paypa1.com' is 'paypal.com'",
                "'paypa1[.]com' is 'paypal[.]com'",
            ),
            ("www.evil.example", "www[.]evil[.]example"),
            ("bob@mail.paypal.com", "bob@mail[.]paypal[.]com"),
            ("paypal.com.secure-login", "paypal[.]com[.]secure-login"),
            ("/paypal.com.php", "/paypal[.]com[.]php"),
            // Cut by a report: what is left whole decides.
            (
                "…ecure-login.example.net/x",
                "…ecure-login[.]example[.]net/x",
            ),
            ("www.paypal.com.sec…", "www[.]paypal[.]com[.]sec…"),
            ("paypal.com.…", "paypal[.]com[.]…"),
            ("index.h…", "index.h…"),
            // After a percent-escape, with its hex digits or without.
            ("google%00.com", "google%00[.]com"),
            ("%2Fevil.com%2F", "%2Fevil[.]com%2F"),
            ("[::ffff:10.0.0.1]", "[::ffff:10[.]0[.]0[.]1]"),
            // A top-level domain that is also a file's extension: a name
            // outside a path, a file name in one.
            ("?f=evil.zip&g=a.mov", "?f=evil[.]zip&g=a[.]mov"),
            ("bob@evil.zip", "bob@evil[.]zip"),
            ("see readme.md", "see readme[.]md"),
            (
                "/docs/readme.md /x.zip \\setup.py",
                "/docs/readme.md /x.zip \\setup.py",
            ),
        ] {
            assert_eq!(defang_names(text, &names), defanged, "{text}");
        }
        for text in [
            "login.php index.html jquery.min.js v1.2.3 1.2",
            "U+002E  .  FULL STOP",
            "evil[.]example",
            "a.b, e.g. i.e.",
            "[::1]",
            "…",
            ".",
            "..",
            "a..",
        ] {
            assert_eq!(defang_names(text, &names), text, "{text}");
        }
    }

    #[test]
    fn a_known_name_is_defanged_wherever_it_stands() {
        let mut names = HostNames::new();
        names.learn_hosts_in("URL  https://user@Login.Evil.Example:8080/x and http://[::1]/");
        for (text, defanged) in [
            (
                "Leads to  login.evil.example (public)",
                "Leads to  login[.]evil[.]example (public)",
            ),
            ("site 'evil.example'", "site 'evil[.]example'"),
            ("x.login.evil.example", "x[.]login[.]evil[.]example"),
            // Cut at its end or at its start.
            ("login.evil.exam…", "login[.]evil[.]exam…"),
            ("…vil.example/", "…vil[.]example/"),
            ("evil.examples", "evil.examples"),
        ] {
            assert_eq!(defang_names(text, &names), defanged, "{text}");
        }
        // Percent-encoded and internationalized hosts, in their other forms.
        let mut names = HostNames::new();
        names.learn_hosts_in("http://evil%2Eexample/ https://exämple.test/");
        assert_eq!(defang_names("evil.example", &names), "evil[.]example");
        assert_eq!(
            defang_names("xn--exmple-cua.test exämple.test", &names),
            "xn--exmple-cua[.]test exämple[.]test"
        );
    }

    proptest::proptest! {
        /// Any text goes through the names pass without a panic, and
        /// refanging what it wrote gives the text back when the text
        /// held no bracketed spelling.
        #[test]
        fn the_names_pass_is_undone_by_refang(text in "[a-z0-9.%/@:…é -]{0,40}") {
            let mut names = HostNames::new();
            names.learn_hosts_in(&text);
            let out = defang_names(&text, &names);
            if !text.contains(" .") && !text.contains(". ") {
                let back = refang(out.as_bytes());
                proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), text.clone());
            }
        }
    }
}
