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

/// Suffixes that resolve only inside a private network.
pub(crate) const INTERNAL_SUFFIXES: &[&str] = &[
    "internal",
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

/// Whether `name` is `suffix` or ends with `.suffix`.
pub(crate) fn is_under(name: &str, suffix: &str) -> bool {
    name == suffix
        || name
            .strip_suffix(suffix)
            .is_some_and(|rest| rest.ends_with('.'))
}

/// The last labels of every name in [`LOOPBACK_NAMES`], [`METADATA_NAMES`]
/// and [`INTERNAL_SUFFIXES`] (a test checks it), for the fast path.
const INTERNAL_LAST_LABELS: &[&str] = &[
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
];

/// Whether a plain host name (letters, digits, hyphens and dots) may be
/// internal, for the fast path: true for every name the analysis does not
/// call public, by its last label or its last two.
pub fn may_be_internal(name: &[u8]) -> bool {
    let name = name.strip_suffix(b".").unwrap_or(name);
    let mut labels = name.rsplit(|&b| b == b'.');
    let last = labels.next().unwrap_or_default();
    let last_two_len = labels.next().map_or(0, |l| l.len() + 1 + last.len());
    let last_two = name
        .get(name.len().saturating_sub(last_two_len)..)
        .unwrap_or_default();
    let is = |entry: &&str, label: &[u8]| entry.as_bytes().eq_ignore_ascii_case(label);
    INTERNAL_LAST_LABELS.iter().any(|e| is(e, last))
        || LOOPBACK_DOMAINS
            .iter()
            .chain(WILDCARD_DNS)
            .any(|e| is(e, last_two))
}

/// The site a host name (lowercase ASCII) shows a reader ahead of its real
/// registrable domain `real`, if it shows one.
pub fn shown_site(name: &str, real: &str) -> Option<String> {
    let name = name.trim_end_matches('.');
    let prefix = name.strip_suffix(real)?.strip_suffix('.')?;
    if prefix.is_empty() {
        return None;
    }
    // The labels ahead hold a registrable domain of their own, under a
    // suffix readers take for a site's (a department `www.ag` or
    // `cs.web` under a country or new generic suffix does not count).
    if let (Some(suffix), Some(d)) = (psl::suffix_str(prefix), psl::domain_str(prefix)) {
        let sld = d.split('.').next().unwrap_or_default();
        if reads_as_site_suffix(suffix) && sld != "www" {
            return Some(d.to_string());
        }
    }
    // `apple.com-support.example`: a suffix glued to the real name by '-'.
    let first = real.split('.').next().unwrap_or_default();
    if let Some((tld, _)) = first.split_once('-') {
        let last = prefix.rsplit('.').next().unwrap_or_default();
        if last == "www" {
            return None;
        }
        let glued = format!("{last}.{tld}");
        if reads_as_site_suffix(tld) && psl::domain_str(&glued) == Some(glued.as_str()) {
            return Some(glued);
        }
    }
    // Scheme names as bait labels (`https.paypal.evil.example`).
    let bait = prefix.split('.').any(|l| matches!(l, "http" | "https"));
    bait.then(|| prefix.to_string())
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
pub fn domain_in_segment(segment: &str) -> Option<&str> {
    let labels = segment.split('.').count();
    let plain = segment
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if labels < 3 || !plain || segment.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let lower = segment.to_ascii_lowercase();
    let site = psl::suffix_str(&lower).is_some_and(reads_as_site_suffix);
    (site && psl::domain_str(&lower).is_some()).then_some(segment)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(may_be_internal(format!("x.{name}").as_bytes()), "{name}");
        }
    }
}
