//! The host read every way that matters: percent-decoded, as IPv4 the
//! way WHATWG's IPv4 parser and `inet_aton` read numbers
//! (<https://url.spec.whatwg.org/#concept-ipv4-parser>), its IDNA forms
//! (UTS #46), its registrable domain (Public Suffix List), its scripts
//! and confusable characters (UTS #39).

use crate::services::SharedHosting;
use crate::split::{HostKind, Split};
use std::borrow::Cow;
use std::net::Ipv4Addr;

/// What the host is, read every way that matters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HostReading {
    /// What sort of host RFC 3986 reads (§3.2.2).
    pub kind: HostKind,
    /// The percent-decoded host (lossy UTF-8).
    pub decoded: String,
    /// The Unicode form of an internationalized host.
    pub unicode: Option<String>,
    /// The IDNA `xn--` form of an internationalized host.
    pub ascii: Option<String>,
    /// The IPv4 address a lax parser (WHATWG, `inet_aton`) reads from a
    /// numeric host such as `0x7f.1`.
    pub ipv4: Option<Ipv4Addr>,
    /// The registrable domain (public suffix plus one label, from the
    /// Public Suffix List): `evil.example` for `paypal.com.evil.example`;
    /// none for a name that holds a code point no domain may hold (the
    /// URL Standard's forbidden domain code points: `google.com%40evil.example`).
    pub registrable: Option<String>,
    /// The suffix that names hosts inside a private network by convention
    /// (`svc` of `kubernetes.default.svc`, `local`, `home.arpa`), when the
    /// name ends in one: its `registrable` domain, read by the Public
    /// Suffix List's rules, is then no one's.
    pub internal_suffix: Option<&'static str>,
    /// The scripts of the host's letters (Common and Inherited left out):
    /// `["Latin", "Cyrillic"]` for a mixed host.
    pub scripts: Vec<&'static str>,
    /// Each confusable character and what it looks like (its Unicode
    /// skeleton, UTS #39): `('а', "a")` for the Cyrillic а.
    pub confusables: Vec<(char, String)>,
    /// The labels UTS #46 rejects (`xn--a`, a label holding U+202E), as
    /// written; `unicode` shows them so.
    pub rejected: Vec<String>,
    /// The shared service (web hosting, storage, forms, a tunnel, an IPFS
    /// gateway) the host is on, when it is on one: the page's author is
    /// not the domain's owner.
    pub hosting: Option<SharedHosting>,
}

impl HostReading {
    /// Whether the host is on a service listed under a kind (web hosting,
    /// storage, forms, a tunnel, an IPFS gateway): whoever holds the
    /// account writes its pages, and `shared-hosting` reads the lures
    /// there.
    pub(crate) fn on_listed_service(&self) -> bool {
        self.hosting
            .as_ref()
            .is_some_and(|s| s.kind != crate::services::HostingKind::Shared)
    }
}

/// Parse a host the way WHATWG and `inet_aton` read IPv4 numbers:
/// 1 to 4 dot-separated parts in decimal, octal (`0` prefix) or hex (`0x`),
/// the last part filling the remaining bytes.
pub(crate) fn lax_ipv4(host: &str) -> Option<Ipv4Addr> {
    let host = host.strip_suffix('.').unwrap_or(host);
    // Every number form starts with a digit (`0x` too): a name is turned
    // away at its first byte.
    if !host.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    // At most four parts, read as they are split: a fifth is already too
    // many, so a long host is not split whole.
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for p in host.split('.') {
        let slot = numbers.get_mut(count)?;
        count += 1;
        let (digits, radix) = if let Some(h) = p.strip_prefix("0x").or_else(|| p.strip_prefix("0X"))
        {
            (h, 16)
        } else if p.len() > 1 && p.starts_with('0') {
            (&p[1..], 8)
        } else {
            (p, 10)
        };
        if p.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        *slot = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, radix).ok()?
        };
    }
    let (last, init) = numbers.get(..count)?.split_last()?;
    if init.iter().any(|&n| n > 255) {
        return None;
    }
    let last_bytes = 4 - init.len() as u32;
    if *last >= 1u64 << (8 * last_bytes) {
        return None;
    }
    let mut value: u64 = 0;
    for (i, &n) in init.iter().enumerate() {
        value |= n << (8 * (3 - i as u32));
    }
    value |= *last;
    u32::try_from(value).ok().map(Ipv4Addr::from)
}

/// Whether a label of `host` starts `xn--` (any case): Punycode, which
/// UTS #46 decodes and checks.
fn has_punycode_label(host: &str) -> bool {
    // An `xn--` label needs a "--"; most names have none.
    memchr::memmem::find(host.as_bytes(), b"--").is_some()
        && host.split('.').any(|label| {
            label
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
        })
}

/// UTS #46 ToASCII as WHATWG's host parser runs it
/// (`idna::domain_to_ascii`: no hyphen, STD3 or DNS length checks), `None`
/// where it fails. An ASCII name with no `xn--` label is its own ASCII form
/// lowercased (UTS #46 without the STD3 rules maps `A`-`Z` to `a`-`z` and
/// keeps every other ASCII character; a property test holds the two
/// together), so it is given back without the call.
pub(crate) fn domain_to_ascii(host: &str) -> Option<Cow<'_, str>> {
    let bytes = host.as_bytes();
    if !bytes.is_ascii() || has_punycode_label(host) {
        return idna::domain_to_ascii(host).ok().map(Cow::Owned);
    }
    Some(if bytes.iter().any(u8::is_ascii_uppercase) {
        Cow::Owned(host.to_ascii_lowercase())
    } else {
        Cow::Borrowed(host)
    })
}

/// The [`HostReading`] of the host of the URL `parts` split from `input`.
pub(crate) fn host_reading(input: &[u8], parts: &Split) -> Option<HostReading> {
    Some(reading_of(parts.host?.of(input), parts.host_kind?))
}

/// The [`HostReading`] of a host written `written`, of the kind `kind`.
pub(crate) fn reading_of(written: &[u8], kind: HostKind) -> HostReading {
    let decoded_bytes = crate::percent::decode(written, false);
    let mut reading = HostReading {
        kind,
        decoded: String::from_utf8_lossy(&decoded_bytes).into_owned(),
        unicode: None,
        ascii: None,
        ipv4: None,
        registrable: None,
        internal_suffix: None,
        scripts: Vec::new(),
        confusables: Vec::new(),
        rejected: Vec::new(),
        hosting: None,
    };
    let decoded = &reading.decoded;
    if kind == HostKind::RegName {
        // WHATWG removes tabs and newlines before it reads the host.
        reading.ipv4 = if decoded.contains(['\t', '\n', '\r']) {
            lax_ipv4(&decoded.replace(['\t', '\n', '\r'], ""))
        } else {
            lax_ipv4(decoded)
        };
        if !decoded.is_ascii() || has_punycode_label(decoded) {
            if let Ok(ascii) = idna::domain_to_ascii(decoded) {
                // UTS #46 maps look-alike digits and dots ('①', '。'), and
                // WHATWG then reads the result as IPv4.
                reading.ipv4 = reading.ipv4.or_else(|| lax_ipv4(&ascii));
                reading.ascii = Some(ascii);
            }
            let (unicode, rejected) = unicode_form(decoded);
            reading.unicode = Some(unicode);
            reading.rejected = rejected;
        }
        let dns = match &reading.ascii {
            Some(ascii) => Cow::Borrowed(ascii.as_str()),
            None if decoded.bytes().any(|b| b.is_ascii_uppercase()) => {
                Cow::Owned(decoded.to_ascii_lowercase())
            }
            None => Cow::Borrowed(decoded.as_str()),
        };
        // A name holding a code point no domain may hold ('@' decoded
        // from `%40`) is no domain: a browser refuses it, DNS has no such
        // name, and labels cut around the '@' name no one's site.
        reading.registrable = crate::analysis::whatwg::forbidden_in_domain(&dns)
            .is_none()
            .then(|| crate::names::registrable_domain(dns.trim_end_matches('.')))
            .flatten()
            .map(str::to_string);
        if reading.registrable.is_some() {
            reading.internal_suffix = crate::names::internal_suffix(&dns);
        }
        reading.hosting = crate::services::shared_hosting(&dns);
        if let Some(unicode) = &reading.unicode {
            use unicode_normalization::UnicodeNormalization;
            use unicode_script::{Script, UnicodeScript};
            for c in unicode.chars() {
                let script = c.script();
                if !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
                    && !reading.scripts.contains(&script.full_name())
                {
                    reading.scripts.push(script.full_name());
                }
                // Controls, bidi and invisible characters have warnings of
                // their own (and an empty skeleton).
                if !c.is_ascii() && !crate::text::needs_escape(c) {
                    let skeleton: String = unicode_security::skeleton(&c.to_string()).collect();
                    // A skeleton is decomposed (NFD): 'ä' has the skeleton
                    // "a" + U+0308, which is only 'ä' itself taken apart,
                    // not a look-alike. Only a skeleton that differs from
                    // the character's own decomposition names one.
                    let decomposed: String = std::iter::once(c).nfd().collect();
                    if skeleton != decomposed && !reading.confusables.iter().any(|(k, _)| *k == c) {
                        reading.confusables.push((c, skeleton));
                    }
                }
            }
        }
    }
    reading
}

/// The host as a reader sees it (`xn--` labels decoded by UTS #46), and
/// the labels UTS #46 rejects. Such a label comes back from `idna` with
/// U+FFFD in it, a mark of the error and not a character of the URL; it is
/// shown as written.
pub(crate) fn unicode_form(decoded: &str) -> (String, Vec<String>) {
    let (unicode, result) = idna::domain_to_unicode(decoded);
    if result.is_ok() || !unicode.contains('\u{FFFD}') {
        return (unicode, Vec::new());
    }
    let written: Vec<&str> = decoded.split('.').collect();
    let read: Vec<&str> = unicode.split('.').collect();
    if written.len() != read.len() {
        // UTS #46 mapped a dot-like character to '.': the labels do not
        // line up, so the whole host is shown as written.
        return (decoded.to_string(), vec![decoded.to_string()]);
    }
    let mut rejected = Vec::new();
    let labels: Vec<&str> = read
        .iter()
        .zip(&written)
        .map(|(&read, &written)| {
            if read.contains('\u{FFFD}') && !written.contains('\u{FFFD}') {
                rejected.push(written.to_string());
                written
            } else {
                read
            }
        })
        .collect();
    (labels.join("."), rejected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lax_ipv4_examples() {
        assert_eq!(lax_ipv4("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(lax_ipv4("0177.0.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(lax_ipv4("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
        assert_eq!(lax_ipv4("example.com"), None);
    }

    /// `lax_ipv4` as it was first written (the parts collected, then
    /// read), to hold the one that reads them as they are split to it.
    fn lax_ipv4_collected(host: &str) -> Option<Ipv4Addr> {
        let host = host.strip_suffix('.').unwrap_or(host);
        let parts: Vec<&str> = host.split('.').take(5).collect();
        if parts.is_empty() || parts.len() > 4 {
            return None;
        }
        let mut numbers = Vec::new();
        for p in parts {
            let (digits, radix) = match p.strip_prefix("0x").or_else(|| p.strip_prefix("0X")) {
                Some(h) => (h, 16),
                None if p.len() > 1 && p.starts_with('0') => (p.get(1..)?, 8),
                None => (p, 10),
            };
            if p.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            numbers.push(if digits.is_empty() {
                0
            } else {
                u64::from_str_radix(digits, radix).ok()?
            });
        }
        let (last, init) = numbers.split_last()?;
        if init.iter().any(|&n| n > 255) || *last >= 1u64 << (8 * (4 - init.len() as u32)) {
            return None;
        }
        let value = init
            .iter()
            .enumerate()
            .fold(*last, |v, (i, &n)| v | n << (8 * (3 - i as u32)));
        u32::try_from(value).ok().map(Ipv4Addr::from)
    }

    #[test]
    fn number_forms_at_the_edges() {
        for host in [
            "",
            ".",
            "0",
            "0.",
            "0..",
            "1.2.3.4",
            "1.2.3.4.",
            "1.2.3.4.5",
            "1.2.3.4..",
            "255.255.255.255",
            "256.0.0.1",
            "1.16777215",
            "1.16777216",
            "0x",
            "0x.0x",
            "0xffffffff",
            "0x100000000",
            "08",
            "07",
            "0X7f.1",
            "4294967295",
            "4294967296",
            "1.2.3.x",
            "x.1.2.3",
            "a1",
            "1a",
            "99999999999999999999999",
            "1.2.3.-4",
        ] {
            assert_eq!(lax_ipv4(host), lax_ipv4_collected(host), "{host:?}");
        }
    }

    #[test]
    fn a_name_that_is_its_own_ascii_form() {
        for host in [
            "",
            ".",
            "a",
            "example.com",
            "example.com.",
            "a..b",
            "-a-.b-",
            "0.1",
            "a--b.c",
            "ab--c",
            "xn--",
            "xn--a",
            "xn--mnchen-3ya.de",
            "a.xn--p1ai",
            "Example.COM",
            "münchen.de",
            "a_b.c",
            "a b",
            "①.com",
            "xn--ls8h",
            "xn-a.com",
        ] {
            assert_eq!(
                domain_to_ascii(host).map(Cow::into_owned),
                idna::domain_to_ascii(host).ok(),
                "{host:?}"
            );
        }
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn the_own_form_shortcut_changes_no_answer(
            host in "((xn--|XN--|--|[a-z0-9._-]{1,6}|[A-Z_]|[\\x00-\\x7f]|[üſK①。])){0,8}"
        ) {
            prop_assert_eq!(
                domain_to_ascii(&host).map(Cow::into_owned),
                idna::domain_to_ascii(&host).ok(),
                "{:?}",
                host
            );
        }

        #[test]
        fn reading_the_parts_as_split_changes_no_answer(host in "[0-9a-fxX.]{0,24}") {
            prop_assert_eq!(lax_ipv4(&host), lax_ipv4_collected(&host), "{:?}", host);
        }
    }
}
