//! What kind of place a host is, however it is spelled.
//!
//! A host is read as a WHATWG parser reads it (percent-decoded, mapped by
//! UTS #46, then parsed as an IPv4 number when it ends in one,
//! <https://url.spec.whatwg.org/#host-parsing>), so `①②⑦.⓪.⓪.①`,
//! `127。0。0。1`, `0x7f.1` and `2130706433` all lead to 127.0.0.1. The
//! address is then placed in the special-purpose registries (RFC 6890 and
//! its IPv6 counterpart): loopback, private, link-local, unspecified,
//! shared and reserved space, and the cloud metadata endpoints SSRF goes
//! after. Names that lead inside are known too: `localhost` and its
//! kin, the metadata names, internal-only suffixes, and wildcard DNS
//! services (`127.0.0.1.nip.io`) that answer with the address they spell.

use crate::analysis::host::{domain_to_ascii, lax_ipv4};
use crate::names::{is_under, LOOPBACK_DOMAINS, LOOPBACK_NAMES, METADATA_NAMES, WILDCARD_DNS};
use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// What kind of place a host is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reach {
    /// The machine itself (127.0.0.0/8, `::1`, `localhost`).
    Loopback,
    /// A private network (10/8, 172.16/12, 192.168/16, `fc00::/7`, an
    /// internal-only name).
    Private,
    /// Link-local (169.254/16, `fe80::/10`).
    LinkLocal,
    /// The unspecified address (0.0.0.0/8, `::`), which reaches the
    /// machine itself on most systems.
    Unspecified,
    /// Shared address space (100.64/10, carrier-grade NAT).
    Shared,
    /// Other special-purpose space: reserved, benchmarking, broadcast,
    /// multicast.
    Reserved,
    /// Set aside for examples in documentation (192.0.2.0/24,
    /// 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32, the `example`,
    /// `test` and `invalid` names of RFC 2606 and 6761): it reaches no
    /// real host, inside or out.
    Documentation,
    /// A cloud metadata endpoint (169.254.169.254 and its kin), which hands
    /// out credentials to whoever asks from inside.
    Metadata,
    /// Anywhere else: the public internet.
    Public,
    /// No host at all: a name whose last label is a number, which no
    /// top-level domain is (RFC 3696, section 2), and which is no IPv4
    /// address either (`1.1.1.256`, `10.0.0.0x1g`'s kin). A browser
    /// rejects it; a resolver answers that no such name exists.
    Unresolvable,
}

impl Reach {
    /// A short label: `loopback`, `cloud metadata endpoint`...
    pub fn label(self) -> &'static str {
        match self {
            Reach::Loopback => "loopback",
            Reach::Private => "private network",
            Reach::LinkLocal => "link-local",
            Reach::Unspecified => "unspecified address",
            Reach::Shared => "shared address space",
            Reach::Reserved => "reserved address space",
            Reach::Documentation => "documentation",
            Reach::Metadata => "cloud metadata endpoint",
            Reach::Public => "public",
            Reach::Unresolvable => "no such host",
        }
    }

    /// Whether it is inside: anything but the public internet, the
    /// documentation ranges and names that reach no host.
    pub fn is_internal(self) -> bool {
        !matches!(
            self,
            Reach::Public | Reach::Documentation | Reach::Unresolvable
        )
    }
}

/// A host as a fetcher reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HostClass {
    /// The host as the fetcher uses it: `127.0.0.1` for `0x7f.1`, the
    /// ASCII (IDNA) form of a name, `[::1]` for an IPv6 address.
    pub canonical: String,
    /// The IP address the host is, when it is one (however spelled).
    pub address: Option<IpAddr>,
    /// Where it leads: the public internet or somewhere inside.
    pub reach: Reach,
    /// How the spelling hides where it leads, when it does: `a number
    /// form of 127.0.0.1`, `IDNA-mapped characters`, `IPv6 carrying an
    /// IPv4 address`, `wildcard DNS`.
    pub spelled: Option<String>,
}

/// Classify a host as written in a URL (percent-escapes allowed).
///
/// # Examples
/// ```
/// use urlscope_core::analysis::{classify_host, Reach};
/// assert_eq!(classify_host("127。0。0。1").reach, Reach::Loopback);
/// assert_eq!(classify_host("0xa9fea9fe").reach, Reach::Metadata);
/// assert_eq!(classify_host("[::ffff:10.0.0.1]").reach, Reach::Private);
/// assert_eq!(classify_host("example.com").reach, Reach::Public);
/// ```
pub fn classify_host(written: &str) -> HostClass {
    // WHATWG removes the tabs and newlines written in the URL before it
    // decodes anything: an escaped one (`good.com%09.evil.com`) is part of
    // the name, which no resolver takes.
    let written: Cow<'_, str> = if written.contains(['\t', '\n', '\r']) {
        Cow::Owned(written.replace(['\t', '\n', '\r'], ""))
    } else {
        Cow::Borrowed(written)
    };
    let decoded = crate::percent::decode(written.as_bytes(), false);
    let decoded = String::from_utf8_lossy(&decoded);
    let decoded = decoded.trim_end_matches('.');
    if let Some(inner) = decoded.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        if let Ok(v6) = inner.parse::<Ipv6Addr>() {
            return classify_v6(v6);
        }
        return match zoned_ipv6(inner) {
            Some((_, v6, zone)) => {
                let mut class = classify_v6(v6);
                class.spelled.get_or_insert_with(|| {
                    format!("an IPv6 address with the zone ID {zone:?} after it")
                });
                class
            }
            None => named(inner.to_ascii_lowercase(), None),
        };
    }
    // Then it maps the name by UTS #46.
    let lower = decoded.to_lowercase();
    let ascii = domain_to_ascii(decoded).map_or_else(|| lower.clone(), Cow::into_owned);
    let ascii = ascii.trim_end_matches('.').to_string();
    let (ascii, alternate, v4) = match lax_ipv4(&ascii) {
        Some(v4) => (ascii, false, Some(v4)),
        None => match alternate_octal(&ascii) {
            Some(octal) => {
                let v4 = lax_ipv4(&octal);
                (octal, true, v4)
            }
            None => (ascii, false, None),
        },
    };
    if let Some(v4) = v4 {
        let canonical = v4.to_string();
        let spelled = if alternate {
            Some(format!(
                "an octal spelling some resolvers read as {canonical}"
            ))
        } else if ascii != lower {
            Some(format!("IDNA-mapped characters that read as {canonical}"))
        } else if ascii != canonical {
            // What a lax IPv4 reading accepts holds only digits, dots,
            // `x` and hex letters: nothing to escape.
            Some(format!("the number form {ascii}"))
        } else {
            None
        };
        return HostClass {
            canonical,
            address: Some(IpAddr::V4(v4)),
            reach: reach_v4(v4),
            spelled,
        };
    }
    let mapped = ascii != lower && !lower.is_ascii();
    let mut class = named(ascii, None);
    if mapped && class.reach.is_internal() && class.spelled.is_none() {
        class.spelled = Some("IDNA-mapped characters".to_string());
    }
    class
}

fn classify_v6(v6: Ipv6Addr) -> HostClass {
    let canonical = format!("[{v6}]");
    let segments = v6.segments();
    // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and the
    // NAT64 prefix 64:ff9b::/96 carry an IPv4 address.
    let carried = match segments {
        [0, 0, 0, 0, 0, 0xffff, ..] => v6.to_ipv4_mapped(),
        [0, 0, 0, 0, 0, 0, hi, _] if hi != 0 => v6.to_ipv4(),
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => {
            let [a, b] = hi.to_be_bytes();
            let [c, d] = lo.to_be_bytes();
            Some(Ipv4Addr::new(a, b, c, d))
        }
        _ => None,
    };
    if let Some(v4) = carried {
        return HostClass {
            canonical,
            address: Some(IpAddr::V6(v6)),
            reach: reach_v4(v4),
            spelled: Some(format!("IPv6 carrying the IPv4 address {v4}")),
        };
    }
    let [first, second, ..] = segments;
    let reach = if v6.is_loopback() {
        Reach::Loopback
    } else if v6.is_unspecified() {
        Reach::Unspecified
    } else if v6 == Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254) {
        // The AWS instance metadata service over IPv6.
        Reach::Metadata
    } else if first & 0xfe00 == 0xfc00 {
        Reach::Private
    } else if first & 0xffc0 == 0xfe80 {
        Reach::LinkLocal
    } else if first == 0x2001 && second == 0xdb8 {
        Reach::Documentation
    } else if first & 0xff00 == 0xff00 {
        Reach::Reserved
    } else {
        Reach::Public
    };
    HostClass {
        canonical,
        address: Some(IpAddr::V6(v6)),
        reach,
        spelled: None,
    }
}

/// The reach of an IPv4 address.
pub(crate) fn reach_v4(v4: Ipv4Addr) -> Reach {
    let [a, b, c, d] = v4.octets();
    match (a, b, c, d) {
        (169, 254, 169, 254) | (169, 254, 170, 2) | (100, 100, 100, 200) => Reach::Metadata,
        _ if v4.is_loopback() => Reach::Loopback,
        (0, ..) => Reach::Unspecified,
        _ if v4.is_private() => Reach::Private,
        _ if v4.is_link_local() => Reach::LinkLocal,
        (100, 64..=127, ..) => Reach::Shared,
        (192, 0, 0, _) | (198, 18..=19, ..) | (240..=255, ..) | (224..=239, ..) => Reach::Reserved,
        _ if v4.is_documentation() => Reach::Documentation,
        _ => Reach::Public,
    }
}

/// Names reserved for documentation and tests (RFC 2606, RFC 6761).
const DOCUMENTATION_NAMES: &[&str] = &["example", "test", "invalid"];

/// A host name (lowercase ASCII) classed by the lists of [`crate::names`].
fn named(name: String, address: Option<IpAddr>) -> HostClass {
    let mut class = HostClass {
        canonical: name,
        address,
        reach: Reach::Public,
        spelled: None,
    };
    let name = class.canonical.as_str();
    if DOCUMENTATION_NAMES.iter().any(|s| is_under(name, s)) {
        class.reach = Reach::Documentation;
        return class;
    }
    // A name the URL Standard would read as an IPv4 address, and which is
    // none.
    if crate::names::ends_in_a_number(name) {
        class.reach = Reach::Unresolvable;
        return class;
    }
    // No list holds a name whose last labels none of them ends with (a
    // test in `names` checks the lists against the gate).
    if !crate::names::may_be_internal(name.as_bytes()) {
        return class;
    }
    if LOOPBACK_NAMES.contains(&name) || is_under(name, "localhost") {
        class.reach = Reach::Loopback;
    } else if METADATA_NAMES.contains(&name) {
        class.reach = Reach::Metadata;
    } else if crate::names::internal_suffix(name).is_some() {
        class.reach = Reach::Private;
    } else if LOOPBACK_DOMAINS.iter().any(|s| is_under(name, s)) {
        class.reach = Reach::Loopback;
        class.spelled = Some("wildcard DNS that answers 127.0.0.1".to_string());
    } else if let Some(service) = WILDCARD_DNS.iter().find(|s| is_under(name, s)) {
        if let Some(ip) = wildcard_address(name, service) {
            class.reach = reach_of(ip);
            class.address = Some(ip);
            class.spelled = Some(format!("wildcard DNS that answers {ip}"));
        }
    } else if crate::names::is_single_label(name.as_bytes()) {
        // What SSRF tries: `jenkins`, `wiki`, `db`.
        class.reach = Reach::Private;
    }
    class
}

/// The IPv6 address of a bracketed host's inside written with a zone ID
/// (RFC 6874: `fe80::1%25eth0`, or decoded, `fe80::1%eth0`), as written
/// and parsed, and the zone: it names the interface a link-local address
/// is reached through, and the address is before it.
pub(crate) fn zoned_ipv6(inner: &str) -> Option<(&str, Ipv6Addr, &str)> {
    let (address, zone) = inner.split_once('%')?;
    Some((address, address.parse().ok()?, zone))
}

/// The reach of an address.
fn reach_of(ip: IpAddr) -> Reach {
    match ip {
        IpAddr::V4(v4) => reach_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6).reach,
    }
}

/// The address a wildcard DNS name spells before the service, as the
/// service reads it; the most internal one when it spells several (a
/// rebinding name spells two):
/// - any four numbers in a row, separated by dots or hyphens
///   (`10.0.0.1.nip.io`, `app-10-0-0-1.sslip.io`);
/// - for nip.io, eight hex digits ending the name before it, after a dot,
///   a hyphen or nothing (`7f000001.nip.io`, `app-c0a80101.nip.io`: its
///   pattern `(?:^|.*[.-])([0-9A-Fa-f]{8})$`);
/// - for sslip.io, an IPv6 address written with hyphens for colons in a
///   label (`--1.sslip.io` is `::1`).
fn wildcard_address(name: &str, service: &str) -> Option<IpAddr> {
    let head = name.strip_suffix(service)?.strip_suffix('.')?;
    let tokens: Vec<Option<u8>> = head
        .split(['.', '-'])
        .map(|p| p.parse::<u8>().ok())
        .collect();
    let dotted = tokens.windows(4).filter_map(|w| match w {
        [Some(a), Some(b), Some(c), Some(d)] => Some(IpAddr::V4(Ipv4Addr::new(*a, *b, *c, *d))),
        _ => None,
    });
    let hex = head
        .rsplit(['.', '-'])
        .next()
        .filter(|h| service == "nip.io" && h.len() == 8)
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .map(|n| IpAddr::V4(Ipv4Addr::from(n)));
    let v6 = head
        .split('.')
        .filter(|_| service == "sslip.io")
        .filter(|l| l.contains('-'))
        .filter_map(|l| l.replace('-', ":").parse::<Ipv6Addr>().ok())
        .map(IpAddr::V6);
    dotted
        .chain(hex)
        .chain(v6)
        .max_by_key(|&ip| match reach_of(ip) {
            Reach::Metadata => 3,
            Reach::Public => 0,
            _ => 1,
        })
}

/// A host whose labels use the octal prefixes some resolvers accept
/// (`0o177`, `o177`, `q177`) rewritten with C's `0` prefix, when it has
/// such a label and ends in a number.
fn alternate_octal(host: &str) -> Option<String> {
    // Most hosts have no such label, and are turned away without a copy.
    if !host.split('.').any(|l| octal_digits(l).is_some()) {
        return None;
    }
    let labels: Vec<String> = host
        .split('.')
        .map(|l| octal_digits(l).map_or_else(|| l.to_string(), |d| format!("0{d}")))
        .collect();
    let ends_in_number = labels.len() >= 2
        && labels
            .last()
            .is_some_and(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
    ends_in_number.then(|| labels.join("."))
}

/// The octal digits of a label written with a prefix some resolvers
/// read as octal (`0o177`, `o177`, `q177`).
fn octal_digits(label: &str) -> Option<&str> {
    label
        .strip_prefix("0o")
        .or_else(|| label.strip_prefix('o'))
        .or_else(|| label.strip_prefix('q'))
        .filter(|d| !d.is_empty() && d.bytes().all(|b| (b'0'..=b'7').contains(&b)))
}

/// The site of a host: its registrable domain, or the host itself (an
/// address, a single-label name).
pub(crate) fn site_of(class: &HostClass) -> String {
    if class.address.is_some() {
        return class.canonical.clone();
    }
    crate::names::registrable_domain(&class.canonical)
        .map_or_else(|| class.canonical.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_internal_hosts() {
        for (host, reach, spelled) in [
            ("127.0.0.1", Reach::Loopback, false),
            ("localhost", Reach::Loopback, false),
            ("LOCALHOST.", Reach::Loopback, false),
            ("a.localhost", Reach::Loopback, false),
            ("ip6-localhost", Reach::Loopback, false),
            ("2130706433", Reach::Loopback, true),
            ("0x7f.1", Reach::Loopback, true),
            ("0177.0.0.1", Reach::Loopback, true),
            ("①②⑦.⓪.⓪.①", Reach::Loopback, true),
            ("127。0。0。1", Reach::Loopback, true),
            ("127.0.0.1.nip.io", Reach::Loopback, true),
            ("10-0-0-1.sslip.io", Reach::Private, true),
            ("a9fea9fe.nip.io", Reach::Metadata, true),
            ("7F000001.nip.io", Reach::Loopback, true),
            ("internal-c0a80101.nip.io", Reach::Private, true),
            ("app.0a000001.nip.io", Reach::Private, true),
            ("--1.sslip.io", Reach::Loopback, true),
            ("www.fd00-ec2--254.sslip.io", Reach::Metadata, true),
            ("jenkins", Reach::Private, false),
            ("WIKI.", Reach::Private, false),
            ("osetr..", Reach::Private, false),
            ("localtest.me", Reach::Loopback, true),
            ("[::1]", Reach::Loopback, false),
            ("[::]", Reach::Unspecified, false),
            ("[0:0:0:0:0:ffff:127.0.0.1]", Reach::Loopback, true),
            ("[::ffff:a9fe:a9fe]", Reach::Metadata, true),
            ("[fd00:ec2::254]", Reach::Metadata, false),
            ("[fe80::1]", Reach::LinkLocal, false),
            ("[fc00::1]", Reach::Private, false),
            ("0.0.0.0", Reach::Unspecified, false),
            ("0", Reach::Unspecified, true),
            ("169.254.169.254", Reach::Metadata, false),
            ("metadata.google.internal", Reach::Metadata, false),
            ("100.100.100.200", Reach::Metadata, false),
            ("192.168.0.1", Reach::Private, false),
            ("172.16.0.1", Reach::Private, false),
            ("100.64.0.1", Reach::Shared, false),
            ("db.internal", Reach::Private, false),
            ("printer.local", Reach::Private, false),
            ("%31%32%37.0.0.1", Reach::Loopback, false),
            ("o177.0.0.1", Reach::Loopback, true),
            ("0o177.1", Reach::Loopback, true),
            ("q12.0.0.1", Reach::Private, true),
        ] {
            let class = classify_host(host);
            assert_eq!(class.reach, reach, "{host}: {class:?}");
            assert_eq!(class.spelled.is_some(), spelled, "{host}: {class:?}");
            assert!(
                crate::names::may_be_internal(class.canonical.as_bytes())
                    || class.address.is_some()
                    || !host.is_ascii()
                    || host.contains('%'),
                "{host}: the fast path must not call it public"
            );
        }
    }

    #[test]
    fn a_zone_id_does_not_hide_the_address_before_it() {
        for (host, reach) in [
            ("[fe80::1%25eth0]", Reach::LinkLocal),
            ("[fe80::1%eth0]", Reach::LinkLocal),
            ("[::1%251]", Reach::Loopback),
            ("[fd00:ec2::254%25en0]", Reach::Metadata),
        ] {
            let class = classify_host(host);
            assert_eq!(class.reach, reach, "{host}: {class:?}");
            assert!(class.address.is_some(), "{host}: {class:?}");
            assert!(
                class.spelled.is_some_and(|s| s.contains("zone ID")),
                "{host}"
            );
        }
        assert_eq!(classify_host("[fe80::1%25eth0]").canonical, "[fe80::1]");
        // Not an address, zone or none: a name.
        assert_eq!(classify_host("[evil.com%25x]").address, None);
    }

    #[test]
    fn a_name_ending_in_a_number_that_is_no_address_reaches_no_host() {
        for host in ["1.1.1.256", "999.1.1.1", "a.b.123", "1.2.3.4.5", "x.0x1f"] {
            let class = classify_host(host);
            assert_eq!(class.reach, Reach::Unresolvable, "{host}: {class:?}");
            assert_eq!(class.address, None, "{host}");
            assert!(!class.reach.is_internal());
        }
        for host in ["1.1.1.255", "x.0x1g", "123.example.com", "1.2.3.4.nip.io"] {
            assert_ne!(classify_host(host).reach, Reach::Unresolvable, "{host}");
        }
    }

    #[test]
    fn documentation_hosts_reach_no_real_host() {
        for host in [
            "192.0.2.16",
            "198.51.100.7",
            "203.0.113.255",
            "[2001:db8::7]",
            "evil.example",
            "internal.example",
            "example",
            "shop.test",
            "nowhere.invalid",
        ] {
            let class = classify_host(host);
            assert_eq!(class.reach, Reach::Documentation, "{host}");
            assert!(!class.reach.is_internal(), "{host}");
        }
        // Not the real domains RFC 2606 also reserves: they resolve.
        assert_eq!(classify_host("example.com").reach, Reach::Public);
        assert_eq!(classify_host("example.testing.com").reach, Reach::Public);
    }

    #[test]
    fn internal_names_by_convention() {
        for host in [
            "kubernetes.default",
            "kubernetes.default.svc",
            "api.prod.svc",
            "web.ns.svc.cluster.local",
            "host.docker.internal",
            "printer.home.arpa",
        ] {
            assert_eq!(classify_host(host).reach, Reach::Private, "{host}");
            assert!(crate::names::may_be_internal(host.as_bytes()), "{host}");
        }
    }

    #[test]
    fn public_hosts() {
        for host in [
            "example.com",
            "8.8.8.8",
            "[2606:4700::1111]",
            "münchen.de",
            "localhost.example.com",
            "nip.io",
            "internal.com",
            "o177.com",
            "q12.0.0.a1",
            // Not the service's spelling: nine hex digits, a 0x prefix,
            // a decimal number, hex at sslip.io, hex not at the end.
            "a9fea9fe0.nip.io",
            "0xa9fea9fe.nip.io",
            "2852039166.nip.io",
            "a9fea9fe.sslip.io",
            "a9fea9fe-x.nip.io",
            "8-8-8-8.sslip.io",
        ] {
            assert_eq!(classify_host(host).reach, Reach::Public, "{host}");
            assert!(
                !crate::names::may_be_internal(host.as_bytes())
                    || host == "nip.io"
                    || host.ends_with(".nip.io")
                    || host.ends_with(".sslip.io"),
                "{host}"
            );
        }
    }
}
