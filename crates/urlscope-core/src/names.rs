//! Host names that matter for where a URL leads, and the tests on them
//! that both the analysis and the fast path ([`crate::triage`]) use: names
//! that lead inside (`localhost` and its kin, metadata services,
//! internal-only suffixes, wildcard DNS such as `127.0.0.1.nip.io`), and
//! names that show a reader another site ahead of the real one
//! (registrable domains from the Public Suffix List).

/// Names that lead to the machine itself.
pub(crate) const LOOPBACK_NAMES: &[&str] = &[
    "localhost",
    "localhost.localdomain",
    "ip6-localhost",
    "ip6-loopback",
];

/// Names of cloud metadata services.
pub(crate) const METADATA_NAMES: &[&str] = &[
    "metadata.google.internal",
    "metadata.goog",
    "metadata",
    "instance-data",
    "instance-data.ec2.internal",
];

/// Suffixes that resolve only inside a private network, by standard
/// (`home.arpa`, RFC 8375; `internal`, ICANN's private-use TLD) or by
/// convention (mDNS's `local`, Kubernetes' `svc` and `cluster.local`,
/// Docker's `host.docker.internal`, the `corp`/`lan` of company networks).
pub(crate) const INTERNAL_SUFFIXES: &[&str] = &[
    "internal",
    "svc",
    "kubernetes.default",
    "local",
    "localdomain",
    "intranet",
    "corp",
    "lan",
    "home.arpa",
];

/// Wildcard DNS services that answer with the address spelled in the name
/// (`10.0.0.1.nip.io`, `10-0-0-1.sslip.io`).
pub(crate) const WILDCARD_DNS: &[&str] = &[
    "nip.io",
    "sslip.io",
    "xip.io",
    "traefik.me",
    "local.gd",
    // DNS rebinding services: they answer one address, then another.
    "1u.ms",
    "rbndr.us",
];

/// Names that always resolve to 127.0.0.1.
pub(crate) const LOOPBACK_DOMAINS: &[&str] = &[
    "localtest.me",
    "lvh.me",
    "vcap.me",
    "lacolhost.com",
    "localh.st",
];

/// Whether `name` (its trailing dots dropped, as the analysis drops
/// them: `jenkins..` is `jenkins`) is one host-name label with a letter
/// in it (letters, digits, '-' and '_', no dot): a name no public DNS
/// holds (ICANN allows no dotless names), which resolvers complete with
/// the local network's search domains (`jenkins`, `wiki`).
pub(crate) fn is_single_label(name: &[u8]) -> bool {
    let dots = name.iter().rev().take_while(|&&b| b == b'.').count();
    let name = name.get(..name.len() - dots).unwrap_or_default();
    name.iter()
        .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && name.iter().any(u8::is_ascii_alphabetic)
}

/// Whether `name` is `suffix` or ends with `.suffix`.
pub(crate) fn is_under(name: &str, suffix: &str) -> bool {
    name == suffix
        || name
            .strip_suffix(suffix)
            .is_some_and(|rest| rest.ends_with('.'))
}

/// The last labels of every name in [`LOOPBACK_NAMES`], [`METADATA_NAMES`]
/// and [`INTERNAL_SUFFIXES`] (a test checks it), for the fast path.
pub(crate) const INTERNAL_LAST_LABELS: &[&str] = &[
    "localhost",
    "localdomain",
    "ip6-localhost",
    "ip6-loopback",
    "internal",
    "goog",
    "metadata",
    "instance-data",
    "local",
    "intranet",
    "corp",
    "lan",
    "arpa",
    "svc",
    "default",
];

/// Whether a plain host name (letters, digits, '-', '_' and dots) may be
/// internal, for the fast path: true for every name the analysis does not
/// call public, by its last label or its last two.
pub(crate) fn may_be_internal(name: &[u8]) -> bool {
    Labels::of(name.strip_suffix(b".").unwrap_or(name)).may_be_internal()
}

/// Where the labels of a host name are, found in one pass over it (host
/// names are short: a plain loop beats memchr's set-up), for the fast
/// path's two tests on a host.
#[derive(Clone, Copy)]
pub(crate) struct Labels<'a> {
    name: &'a [u8],
    count: usize,
    /// The starts of labels 1 to 4 (label 0 starts at 0).
    starts: [usize; 4],
    /// The start of the last label, and of the one before it.
    last: usize,
    before_last: usize,
    /// The start of the label before that.
    third_last: usize,
}

impl<'a> Labels<'a> {
    pub(crate) fn of(name: &'a [u8]) -> Labels<'a> {
        let mut labels = Labels::new();
        for (at, &b) in name.iter().enumerate() {
            if b == b'.' {
                labels.dot(at);
            }
        }
        labels.named(name)
    }

    /// Before the name is read: one label, no dot.
    pub(crate) fn new() -> Labels<'a> {
        Labels {
            name: &[],
            count: 1,
            starts: [0; 4],
            last: 0,
            before_last: 0,
            third_last: 0,
        }
    }

    /// A dot at `at` in the name (dots come in order).
    #[inline]
    pub(crate) fn dot(&mut self, at: usize) {
        self.third_last = self.before_last;
        self.before_last = self.last;
        self.last = at + 1;
        if let Some(start) = self.starts.get_mut(self.count - 1) {
            *start = at + 1;
        }
        self.count += 1;
    }

    /// The name whose dots were given.
    pub(crate) fn named(self, name: &'a [u8]) -> Labels<'a> {
        Labels { name, ..self }
    }

    /// The name.
    pub(crate) fn name(&self) -> &'a [u8] {
        self.name
    }

    /// The last two labels (the whole name when it has fewer).
    #[inline(always)]
    pub(crate) fn last_two(&self) -> &'a [u8] {
        let start = if self.count < 2 { 0 } else { self.before_last };
        self.name.get(start..).unwrap_or_default()
    }

    /// The name ahead of its last two labels, with the dot after it
    /// (empty when the name has two labels or fewer).
    #[inline(always)]
    pub(crate) fn ahead_of_last_two(&self) -> &'a [u8] {
        let end = if self.count < 2 { 0 } else { self.before_last };
        self.name.get(..end).unwrap_or_default()
    }

    /// The last three labels, when the name has three or more.
    #[inline(always)]
    pub(crate) fn last_three(&self) -> Option<&'a [u8]> {
        if self.count < 3 {
            return None;
        }
        self.name.get(self.third_last..)
    }

    /// Label `i`, one of the first five.
    fn label(&self, i: usize) -> &'a [u8] {
        let start = i
            .checked_sub(1)
            .and_then(|j| self.starts.get(j))
            .map_or(0, |&s| s);
        let end = match self.starts.get(i) {
            Some(&next) if i + 1 < self.count => next - 1,
            _ => self.name.len(),
        };
        self.name.get(start..end).unwrap_or_default()
    }

    /// [`may_be_internal`] (the name's one trailing dot dropped).
    pub(crate) fn may_be_internal(&self) -> bool {
        let is = |entry: &&str, label: &[u8]| entry.as_bytes().eq_ignore_ascii_case(label);
        let last = self.name.get(self.last..).unwrap_or_default();
        // Most hosts end in no listed name: hashed filters answer that
        // without a comparison.
        if INTERNAL_LAST.may_hold(last) && INTERNAL_LAST_LABELS.iter().any(|e| is(e, last)) {
            return true;
        }
        // A name of one label is answered by the local network's resolver
        // only (the analysis calls it private). A dot before its end
        // already says it has two (the scan counted them): most names skip
        // the walk over their bytes.
        let dotted = self.count > 1 && self.name.last() != Some(&b'.');
        if !dotted && is_single_label(self.name) {
            return true;
        }
        if !DOMAINS_LAST.may_hold(last) {
            return false;
        }
        let last_two = self.name.get(self.before_last..).unwrap_or_default();
        DOMAINS.may_hold(last_two)
            && LOOPBACK_DOMAINS
                .iter()
                .chain(WILDCARD_DNS)
                .any(|e| is(e, last_two))
    }

    /// [`may_show_another_site`] (the name's trailing dots dropped): its
    /// three findings, with three and four labels spelled out.
    pub(crate) fn may_show_another_site(&self) -> bool {
        // A bait label before the last two.
        let bait = |l: &[u8]| {
            matches!(l.len(), 4 | 5)
                && (l.eq_ignore_ascii_case(b"http") || l.eq_ignore_ascii_case(b"https"))
        };
        let site_suffix = |s: &[u8]| {
            matches!(s.len(), 2 | 3)
                && SITE_SUFFIXES
                    .iter()
                    .any(|suffix| suffix.as_bytes().eq_ignore_ascii_case(s))
        };
        // A site suffix before the first '-' or '_' (a suffix holds
        // none), in a label after the first and before the last.
        let glued = |l: &[u8]| {
            [2, 3].into_iter().any(|dash| {
                matches!(l.get(dash), Some(b'-' | b'_'))
                    && site_suffix(l.get(..dash).unwrap_or_default())
            })
        };
        // A site suffix ending the labels ahead, with one more ahead of it:
        // after the first label and before the last two.
        let ahead = site_suffix;
        let label = |i| self.label(i);
        match self.count {
            0..=2 => false,
            3 => bait(label(0)) || glued(label(1)),
            4 => {
                bait(label(0))
                    || bait(label(1))
                    || glued(label(1))
                    || glued(label(2))
                    || ahead(label(1))
            }
            _ => true,
        }
    }
}

/// A set of names, any case, as 256 bits keyed by a name's length and its
/// first and last bytes: no false negatives, few false positives.
struct NameFilter([u64; 4]);

impl NameFilter {
    const fn key(name: &[u8]) -> usize {
        let (Some(&first), Some(&last)) = (name.first(), name.last()) else {
            return 0;
        };
        let first = first.to_ascii_lowercase() as usize;
        let last = last.to_ascii_lowercase() as usize;
        (name.len() * 97 + first * 31 + last) & 255
    }

    /// The filter of every name of `lists`, or of their last labels.
    #[allow(clippy::indexing_slicing)]
    const fn of(lists: &[&[&str]], last_labels: bool) -> NameFilter {
        let mut bits = [0u64; 4];
        let mut l = 0;
        while l < lists.len() {
            let mut e = 0;
            while e < lists[l].len() {
                let name = lists[l][e].as_bytes();
                let mut start = 0;
                if last_labels {
                    start = name.len();
                    while start > 0 && name[start - 1] != b'.' {
                        start -= 1;
                    }
                }
                let k = NameFilter::key(name.split_at(start).1);
                bits[k / 64] |= 1 << (k % 64);
                e += 1;
            }
            l += 1;
        }
        NameFilter(bits)
    }

    fn may_hold(&self, name: &[u8]) -> bool {
        let k = NameFilter::key(name);
        self.0.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1)
    }
}

/// [`INTERNAL_LAST_LABELS`], filtered.
const INTERNAL_LAST: NameFilter = NameFilter::of(&[INTERNAL_LAST_LABELS], false);
/// The names of [`LOOPBACK_DOMAINS`] and [`WILDCARD_DNS`], filtered.
const DOMAINS: NameFilter = NameFilter::of(&[LOOPBACK_DOMAINS, WILDCARD_DNS], false);
/// Their last labels, filtered.
const DOMAINS_LAST: NameFilter = NameFilter::of(&[LOOPBACK_DOMAINS, WILDCARD_DNS], true);

/// Whether a host name (letters, digits, '-', '_' and dots) may show a
/// reader another site ahead of its own, for the fast path: false only
/// when [`shown_site`] is `None` for it whatever its registrable domain.
///
/// That domain is a public suffix and one label more, so it holds the
/// last two labels at least, and what [`shown_site`] reads ahead of it
/// lies in the labels before those. Of its three findings:
/// - a registrable domain ahead, under a suffix that reads as a site's:
///   the labels ahead end in a site suffix (`SITE_SUFFIXES`) and hold one
///   more label, or hold at least three (a suffix of two labels and one
///   more), which makes five labels in all;
/// - a site suffix glued by `-` to the real domain's first label: a label
///   after the first and before the last that starts `com-`, `net-`...;
/// - a bait label `http` or `https` before the last two.
///
/// `name` is read as [`shown_site`] reads it, trailing dots dropped.
pub(crate) fn may_show_another_site(name: &[u8]) -> bool {
    let mut name = name;
    while let Some(rest) = name.strip_suffix(b".") {
        name = rest;
    }
    Labels::of(name).may_show_another_site()
}

/// The site a host name (lowercase ASCII) shows a reader ahead of its real
/// registrable domain `real`, if it shows one.
pub(crate) fn shown_site(name: &str, real: &str) -> Option<String> {
    let name = name.trim_end_matches('.');
    let prefix = name.strip_suffix(real)?.strip_suffix('.')?;
    if prefix.is_empty() {
        return None;
    }
    // The labels ahead hold a registrable domain of their own, under a
    // suffix readers take for a site's (a department `www.ag` or
    // `cs.web` under a country or new generic suffix does not count).
    if let (Some(suffix), Some(d)) = (public_suffix(prefix), registrable_domain(prefix)) {
        let sld = d.split('.').next().unwrap_or_default();
        if reads_as_site_suffix(suffix) && sld != "www" {
            return Some(d.to_string());
        }
    }
    // `apple.com-support.example`: a suffix glued to the real name by '-'
    // (or '_', which DNS and browsers take in a name as well).
    let first = real.split('.').next().unwrap_or_default();
    if let Some((tld, _)) = first.split_once(['-', '_']) {
        let last = prefix.rsplit('.').next().unwrap_or_default();
        if last == "www" {
            return None;
        }
        let glued = format!("{last}.{tld}");
        if reads_as_site_suffix(tld) && registrable_domain(&glued) == Some(glued.as_str()) {
            return Some(glued);
        }
    }
    // Scheme names as bait labels: `https` anywhere ahead
    // (`https.protected-forms.example`, a secure look), `http` ahead of a
    // brand's name (`http.paypal.evil.example`); a server named for its
    // protocol (`http.us.debian.org`, `http.cs.berkeley.edu`) shows no
    // other site.
    let labels = || prefix.split('.');
    if labels().any(|l| l == "https")
        || labels().any(|l| l == "http")
            && crate::sites::brand_tokens(prefix.as_bytes())
                .next()
                .is_some()
    {
        return Some(prefix.to_string());
    }
    // A known site's domain among three labels ahead or more, with more
    // after it (`www.secure.indeed.com.account-login.evil.example`,
    // `www.marktplaats.nl.account.evil.example`): any suffix, since the
    // site is known (five labels or more in all, which
    // [`may_show_another_site`] always lets through).
    if prefix.split('.').nth(2).is_some() {
        return crate::sites::known_site_ahead(prefix).map(str::to_string);
    }
    None
}

/// The generic suffixes readers know a site by.
const SITE_SUFFIXES: &[&str] = &["com", "net", "org", "edu", "gov", "mil", "biz", "io"];

/// Whether a public suffix reads as a site's to a reader: one of the
/// classic generic ones, or a second-level one (`co.uk`, `com.au`).
fn reads_as_site_suffix(suffix: &str) -> bool {
    SITE_SUFFIXES.contains(&suffix) || suffix.contains('.')
}

/// A domain name a path segment reads as (`www.paypal.com`), with a known
/// suffix and at least three labels.
pub(crate) fn domain_in_segment(segment: &str) -> Option<&str> {
    let labels = segment.split('.').count();
    let plain = segment
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if labels < 3 || !plain || segment.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let lower = segment.to_ascii_lowercase();
    let site = public_suffix(&lower).is_some_and(reads_as_site_suffix);
    (site && registrable_domain(&lower).is_some()).then_some(segment)
}

/// A domain name written in a path, query or fragment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WrittenDomain {
    /// Where its bytes are in the text it was found in.
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// The name, lowercase, a web page's extension dropped
    /// (`paypal.com.php` is `paypal.com`).
    pub(crate) name: String,
    /// Whether a URL carries it (`//` before it) or an e-mail address
    /// holds it (`@` before it): not a name shown for itself.
    pub(crate) carried: bool,
}

/// A label of at most five bytes, lowercase, in a buffer of five (the
/// rest zero): extensions are compared so without a copy call.
fn short_lowercase(label: &[u8]) -> Option<[u8; 5]> {
    if label.len() > 5 {
        return None;
    }
    let mut out = [0u8; 5];
    for (o, b) in out.iter_mut().zip(label) {
        *o = b.to_ascii_lowercase();
    }
    Some(out)
}

/// Whether a label is a web page's extension, which a phishing kit
/// glues to a domain name (`paypal.com.php`,
/// `login.microsoftonline.com.html`).
fn is_page_extension(label: &[u8]) -> bool {
    short_lowercase(label).is_some_and(|l| is_page_extension_lower(&l))
}

fn is_page_extension_lower(l: &[u8; 5]) -> bool {
    matches!(
        l,
        b"html\0"
            | b"htm\0\0"
            | b"shtml"
            | b"php\0\0"
            | b"asp\0\0"
            | b"aspx\0"
            | b"jsp\0\0"
            | b"cgi\0\0"
    )
}

/// The extensions of files that no domain ends in: pages, scripts,
/// images, styles, documents and archives (not those that are also a
/// country's suffix, such as Poland's `.pl`).
const FILE_EXTENSIONS: &[&[u8]] = &[
    b"js", b"mjs", b"css", b"json", b"xml", b"txt", b"pdf", b"jpg", b"jpeg", b"png", b"gif",
    b"svg", b"webp", b"ico", b"bmp", b"mp3", b"mp4", b"webm", b"avi", b"mov", b"zip", b"gz",
    b"tgz", b"rar", b"7z", b"tar", b"doc", b"docx", b"xls", b"xlsx", b"ppt", b"pptx", b"csv",
    b"rss", b"woff", b"woff2", b"ttf", b"eot", b"map", b"exe", b"dmg", b"apk", b"swf", b"flv",
    b"wav", b"ogg", b"rb", b"c", b"h", b"cpp", b"java", b"ts", b"tsx", b"jsx", b"vue", b"yml",
    b"yaml", b"ini", b"log", b"bak", b"sql", b"tif", b"tiff", b"avif", b"m3u8", b"epub", b"html",
    b"htm", b"shtml", b"php", b"asp", b"aspx", b"jsp", b"cgi",
];

/// [`FILE_EXTENSIONS`] as numbers (a label's five bytes at most, read as
/// one little-endian word) in a table of 256 slots, each at its hash or
/// the next free slot after it: a lookup reads a slot or two.
static FILE_EXTENSION_SLOTS: [u64; 256] = {
    let mut slots = [0u64; 256];
    let mut i = 0;
    while i < FILE_EXTENSIONS.len() {
        // Indexing within the bounds: `get` is not const.
        #[allow(clippy::indexing_slicing)]
        let (key, _) = label_key(FILE_EXTENSIONS[i]);
        let mut slot = extension_slot(key);
        #[allow(clippy::indexing_slicing)]
        while slots[slot] != 0 {
            slot = (slot + 1) % 256;
        }
        #[allow(clippy::indexing_slicing)]
        {
            slots[slot] = key;
        }
        i += 1;
    }
    slots
};

/// Where a label's number goes in [`FILE_EXTENSION_SLOTS`].
const fn extension_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize
}

/// A label of at most five bytes as one number, lowercase, and whether it
/// is that short.
const fn label_key(label: &[u8]) -> (u64, bool) {
    if label.len() > 5 {
        return (0, false);
    }
    let mut key = 0u64;
    let mut i = 0;
    while i < label.len() {
        // Indexing within the loop bound: `get` is not const.
        #[allow(clippy::indexing_slicing)]
        let b = label[i].to_ascii_lowercase();
        key |= (b as u64) << (8 * i);
        i += 1;
    }
    (key, true)
}

/// Whether a label is a file's extension that no domain ends in (see
/// [`FILE_EXTENSIONS`]; a number is none either).
pub(crate) fn is_file_extension(label: &[u8]) -> bool {
    let (key, short) = label_key(label);
    if label.is_empty() {
        return false;
    }
    if short {
        let mut slot = extension_slot(key);
        while let Some(&k) = FILE_EXTENSION_SLOTS.get(slot).filter(|&&k| k != 0) {
            if k == key {
                return true;
            }
            slot = (slot + 1) % 256;
        }
    }
    label.iter().all(u8::is_ascii_digit)
}

/// Letters, digits, '-' and '.': the bytes of a written domain name.
// Indexing within the loop bound: `get_mut` is not const.
#[allow(clippy::indexing_slicing)]
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'-' || c == b'.';
        b += 1;
    }
    table
};

/// The domain names written in `text` (a path, a query key, a fragment):
/// runs of letters, digits, '-' and '.' that hold a dot between two
/// labels and, once a web page's extension is dropped, end in a label
/// that is not a file's extension (`index.html`, `jquery.min.js` and
/// `v1.2.3` are no names). Cheap to turn away: a run with no dot, or one
/// that ends in an extension, costs no copy.
pub(crate) fn written_domains(text: &[u8]) -> impl Iterator<Item = WrittenDomain> + '_ {
    let is_name_byte = |b: &u8| NAME_BYTES.get(usize::from(*b)) == Some(&true);
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < text.len() {
            while text.get(i).is_some_and(|b| !is_name_byte(b)) {
                i += crate::percent::separator_len(text, i);
            }
            let start = i;
            while text.get(i).is_some_and(is_name_byte) {
                i += 1;
            }
            let run = text.get(start..i).unwrap_or_default();
            // The dots and hyphens around it are not the name's.
            let lead = run
                .iter()
                .take_while(|&&b| matches!(b, b'.' | b'-'))
                .count();
            let trail = run
                .iter()
                .rev()
                .take_while(|&&b| matches!(b, b'.' | b'-'))
                .count();
            let Some(mut name) = run.get(lead..run.len().saturating_sub(trail)) else {
                continue;
            };
            let Some(dot) = name.iter().rposition(|&b| b == b'.') else {
                continue;
            };
            let last = name.get(dot + 1..).unwrap_or_default();
            if is_page_extension(last) {
                name = name.get(..dot).unwrap_or_default();
            }
            let Some(dot) = name.iter().rposition(|&b| b == b'.') else {
                continue;
            };
            if is_file_extension(name.get(dot + 1..).unwrap_or_default()) {
                continue;
            }
            let at = start + lead;
            let before = |n: usize| at.checked_sub(n).and_then(|p| text.get(p)).copied();
            let ahead = text.get(..at).unwrap_or_default();
            let escaped = |e: &[u8]| {
                ahead.len() >= e.len()
                    && ahead
                        .get(ahead.len() - e.len()..)
                        .is_some_and(|t| t.eq_ignore_ascii_case(e))
            };
            let carried = before(1) == Some(b'@')
                || (before(1), before(2)) == (Some(b'/'), Some(b'/'))
                || escaped(b"%40")
                || escaped(b"%2f%2f");
            return Some(WrittenDomain {
                start: at,
                end: at + name.len(),
                name: String::from_utf8_lossy(name).to_ascii_lowercase(),
                carried,
            });
        }
        None
    })
}

/// The registrable domain of `name` by the Public Suffix List: every
/// lookup goes through here, so the list's large lookup code is built into
/// the binary once, not at each call. A name that ends in a number has
/// none (see [`ends_in_a_number`]).
#[inline(never)]
pub(crate) fn registrable_domain(name: &str) -> Option<&str> {
    if ends_in_a_number(name) {
        return None;
    }
    psl::domain_str(name)
}

/// The suffix of [`INTERNAL_SUFFIXES`] that `name` is or ends in (`svc`
/// of `kubernetes.default.svc`, `kubernetes.default` itself,
/// `cluster.local`'s `local`, `home.arpa`), read as the registrable
/// domain is: lowercase, trailing dots aside. A name no registry hands
/// out, whatever registrable domain the Public Suffix List's rules make of
/// its last labels.
pub(crate) fn internal_suffix(name: &str) -> Option<&'static str> {
    let name = name.trim_end_matches('.');
    // A canonical name (the destination's class) is lowercase already.
    let name: std::borrow::Cow<'_, str> = if name.bytes().any(|b| b.is_ascii_uppercase()) {
        name.to_ascii_lowercase().into()
    } else {
        name.into()
    };
    INTERNAL_SUFFIXES
        .iter()
        .copied()
        .find(|suffix| is_under(&name, suffix))
}

/// The public suffix of `name` by the Public Suffix List (see
/// [`registrable_domain`]).
#[inline(never)]
pub(crate) fn public_suffix(name: &str) -> Option<&str> {
    if ends_in_a_number(name) {
        return None;
    }
    psl::suffix_str(name)
}

/// Whether `name`'s last label (one trailing dot aside) is a number,
/// decimal or `0x` hex: the URL Standard's "ends in a number", which sends
/// the host to the IPv4 parser (`0xd8.072.54990`) or rejects it
/// (`q177.0.0.1`). No public suffix is a number, so the list's default
/// rule (`*`) would make `0.1` a registrable domain.
pub(crate) fn ends_in_a_number(name: &str) -> bool {
    let name = name.strip_suffix('.').unwrap_or(name);
    let last = name.rsplit('.').next().unwrap_or(name);
    let hex = last
        .get(..2)
        .filter(|p| p.eq_ignore_ascii_case("0x"))
        .map(|_| &last[2..]);
    match hex {
        Some(digits) => digits.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// The public suffix of `name` and whether it is in the list's private
/// section (see [`registrable_domain`]).
#[inline(never)]
pub(crate) fn public_suffix_kind(name: &str) -> Option<(&str, bool)> {
    if ends_in_a_number(name) {
        return None;
    }
    let suffix = psl::suffix(name.as_bytes())?;
    let private = suffix.typ() == Some(psl::Type::Private);
    let text = std::str::from_utf8(suffix.as_bytes()).ok()?;
    Some((name.get(name.len().checked_sub(text.len())?..)?, private))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name that ends in a number is an address (or no host) to a
    /// WHATWG parser: it has no registrable domain.
    #[test]
    fn a_name_that_ends_in_a_number_has_no_registrable_domain() {
        for name in [
            "q177.0.0.1",
            "0xd8.072.54990",
            "1.2.3.4",
            "a.0x1F",
            "example.0x",
            "10.",
        ] {
            assert_eq!(registrable_domain(name), None, "{name}");
            assert_eq!(public_suffix(name), None, "{name}");
        }
        for (name, domain) in [
            ("example.com", "example.com"),
            ("a.b2.com", "b2.com"),
            ("x.0xg", "x.0xg"),
        ] {
            assert_eq!(registrable_domain(name), Some(domain), "{name}");
        }
    }

    #[test]
    fn every_internal_name_has_its_last_label_listed() {
        for name in LOOPBACK_NAMES
            .iter()
            .chain(METADATA_NAMES)
            .chain(INTERNAL_SUFFIXES)
        {
            let last = name.rsplit('.').next().unwrap_or(name);
            assert!(INTERNAL_LAST_LABELS.contains(&last), "{name}");
            assert!(may_be_internal(name.as_bytes()), "{name}");
        }
        for name in LOOPBACK_DOMAINS.iter().chain(WILDCARD_DNS) {
            // Two labels each, so the last two of a name under one are it.
            assert_eq!(name.split('.').count(), 2, "{name}");
            assert!(may_be_internal(name.as_bytes()), "{name}");
            assert!(may_be_internal(format!("x.{name}").as_bytes()), "{name}");
            assert!(
                may_be_internal(format!("X.{}.", name.to_uppercase()).as_bytes()),
                "{name}"
            );
        }
        // Just outside: a public name that shares a last label.
        assert!(!may_be_internal(b"example.com"));
        assert!(!may_be_internal(b"local.example"));
        assert!(!may_be_internal(b"nip.io.example"));
    }

    /// The gate of [`may_show_another_site`] against the computation it
    /// spares the fast path: the Public Suffix List lookup and
    /// [`shown_site`], on every name of up to five labels from a pool
    /// that holds each finding's trigger.
    #[test]
    fn a_host_the_gate_passes_shows_no_other_site() {
        let pool = [
            "www",
            "a",
            "paypal",
            "com",
            "co",
            "uk",
            "org",
            "io",
            "http",
            "https",
            "com-x",
            "com_x",
            "co_x",
            "_com",
            "my_host",
            "net-login",
            "blogspot",
            "github",
            "de",
            "example",
            "x-com",
        ];
        let mut names: Vec<String> = pool.iter().map(|s| s.to_string()).collect();
        let mut all = names.clone();
        for _ in 1..5 {
            names = names
                .iter()
                .flat_map(|n| pool.iter().map(move |l| format!("{l}.{n}")))
                .filter(|n| n.split('.').count() < 4 || n.len() % 7 == 0)
                .collect();
            all.extend(names.iter().cloned());
        }
        let mut passed = 0;
        for name in &all {
            let shown = registrable_domain(name).and_then(|real| shown_site(name, real));
            if !may_show_another_site(name.as_bytes()) {
                passed += 1;
                assert_eq!(shown, None, "{name}");
                assert!(
                    !may_show_another_site(format!("{}.", name.to_uppercase()).as_bytes()),
                    "{name}"
                );
            }
        }
        // The pool is rich in triggers: a fifth of its names pass.
        assert!(passed > all.len() / 10, "{passed} of {}", all.len());
    }

    #[test]
    fn file_extensions_are_found_in_their_table() {
        for e in FILE_EXTENSIONS {
            assert!(is_file_extension(e), "{}", String::from_utf8_lossy(e));
            assert!(is_file_extension(&e.to_ascii_uppercase()));
        }
        for label in [
            &b"com"[..],
            b"de",
            b"uk",
            b"io",
            b"net",
            b"",
            b"htmlx",
            b"example",
        ] {
            assert!(
                !is_file_extension(label),
                "{}",
                String::from_utf8_lossy(label)
            );
        }
        assert!(is_file_extension(b"2024"));
        assert!(is_file_extension(b"20240101"));
    }

    #[test]
    fn domains_written_in_a_path() {
        let names =
            |t: &str| -> Vec<String> { written_domains(t.as_bytes()).map(|d| d.name).collect() };
        let carried = |t: &str| written_domains(t.as_bytes()).all(|d| d.carried);
        assert_eq!(
            names("/login.microsoftonline.com/login.php"),
            ["login.microsoftonline.com"]
        );
        assert_eq!(names("/www.dropbox.com/1223/"), ["www.dropbox.com"]);
        assert_eq!(names("/x/PayPal.com.php"), ["paypal.com"]);
        assert_eq!(names("/.cgi.ebay.de./"), ["cgi.ebay.de"]);
        // Files and versions are no names.
        assert!(names("/index.html/jquery.min.js/v1.2.3/report.pdf/main.php").is_empty());
        // Carried by a URL or an e-mail address.
        assert!(carried("/r/https://www.paypal.com/"));
        assert!(carried("/u/help@paypal.com/"));
        assert!(!carried("/r/www.paypal.com/"));
        let d = written_domains(b"/a/www.dropbox.com/").next().unwrap();
        assert_eq!((d.start, d.end), (3, 18));
        // An escape separates, as the byte it decodes to does: its hex
        // digits are no letters of the name after it.
        assert_eq!(names("/r%2Fwww.dropbox.com%2Fx"), ["www.dropbox.com"]);
        assert!(carried("/r/https%3A%2F%2Fwww.paypal.com%2F"));
        assert!(carried("/u/help%40paypal.com/"));
        assert!(!carried("/r/%2Fwww.paypal.com/"));
    }

    /// One case per way in: each is just inside the gate, and the labels
    /// that put it there are what `shown_site` reads.
    #[test]
    fn the_hosts_that_may_show_another_site() {
        for (name, shows) in [
            ("paypal.com.evil.example", Some("paypal.com")),
            ("apple.com-support.example", Some("apple.com")),
            ("apple.com_support.example", Some("apple.com")),
            ("https.paypal.evil.example", Some("https.paypal")),
            ("a.b.bank.co.uk.evil.example", Some("bank.co.uk")),
            ("http.paypal.example.com", Some("http.paypal")),
            ("https.protected-forms.example", Some("https")),
            // A known site among the labels ahead, more labels after it.
            (
                "www.secure.indeed.com.account-login.evil.example",
                Some("indeed.com"),
            ),
            ("a.indeed.com-secure.b.evil.example", Some("indeed.com")),
            (
                "www.marktplaats.nl.account.evil.example",
                Some("marktplaats.nl"),
            ),
            // Three labels ahead, no known site among them.
            ("www.shop.nl.account.evil.example", None),
            // A server named for its protocol, no brand after it.
            ("http.us.debian.org", None),
            ("http.cs.berkeley.edu", None),
        ] {
            assert!(may_show_another_site(name.as_bytes()), "{name}");
            let real = registrable_domain(name).expect("a domain");
            assert_eq!(shown_site(name, real).as_deref(), shows, "{name}");
        }
        for name in [
            "en.wikipedia.org",
            "www.example.com",
            "a.b.example.com",
            "com.example.org",
            "a.net.example",
            "www.comx.example",
        ] {
            assert!(!may_show_another_site(name.as_bytes()), "{name}");
        }
    }
}
