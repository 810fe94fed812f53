//! The scheme and the authority (RFC 3986 §3.1, §3.2): dangerous schemes,
//! userinfo, numeric IPv4 hosts, invalid hosts and ports, internationalized
//! and look-alike hosts (UTS #39, UTS #46).

use crate::analysis::destination::whatwg_written_host;
use crate::analysis::{ComponentAnalysis, HostReading};
use crate::plain::{MAX_LABEL, MAX_NAME};
use crate::split::{ComponentKind, HostKind, Span, Split};
use crate::warnings::{Case, Warning, WarningCode};

/// The host a browser opens when RFC 3986's userinfo holds a raw `\` in a
/// special URL (`http://evil.com\@good.com/`): the WHATWG URL Standard
/// reads `\` as `/`, so the authority ends there, and its host is the one
/// [`whatwg_written_host`] finds. A network-path reference
/// (`//evil.com\@good.com/`) is read so on an http(s) page, as its
/// destination is. `None` when there is no such backslash or that host
/// would be empty.
fn browser_host_in_userinfo(input: &[u8], parts: &Split) -> Option<String> {
    if !parts.userinfo?.of(input).contains(&b'\\') {
        return None;
    }
    let text = String::from_utf8_lossy(parts.trimmed.of(input));
    let host = match parts.scheme {
        Some(scheme) => {
            let scheme = String::from_utf8_lossy(scheme.of(input)).to_ascii_lowercase();
            if !crate::schemes::is_special(&scheme) {
                return None;
            }
            whatwg_written_host(&text, true)
        }
        None => whatwg_written_host(&format!("http:{text}"), true),
    };
    host.filter(|h| !h.is_empty())
}

pub(crate) fn authority_warnings(
    input: &[u8],
    parts: &Split,
    components: &[ComponentAnalysis],
    host: Option<&HostReading>,
    out: &mut Vec<Warning>,
) {
    let index_of = |kind: ComponentKind| components.iter().position(|c| c.kind == kind);
    if let Some(scheme) = parts.scheme {
        let name = String::from_utf8_lossy(scheme.of(input)).to_ascii_lowercase();
        let case = match name.as_str() {
            "javascript" | "vbscript" => Some((
                Case::ScriptScheme,
                "runs script in the page that follows it",
            )),
            "data" => Some((
                Case::DataScheme,
                "carries its own content, which a browser may render as a page or run as script",
            )),
            "file" => Some((Case::FileScheme, "reads files from the local machine")),
            scheme => crate::schemes::system_tool(scheme).map(|tool| {
                let case = if tool.runs_code {
                    Case::SystemToolScheme
                } else {
                    Case::RemoteFilesScheme
                };
                (case, tool.does)
            }),
        };
        if let Some((case, what)) = case {
            out.push(Warning::for_case(
                case,
                vec![scheme],
                index_of(ComponentKind::Scheme),
                format!("The '{name}:' scheme {what}."),
            ));
        }
    }
    if let Some(userinfo) = parts.userinfo {
        let text = components
            .iter()
            .find(|c| c.kind == ComponentKind::Userinfo)
            .map(ComponentAnalysis::decoded_lossy)
            .unwrap_or_default();
        let user = text.split(':').next().unwrap_or_default();
        let looks_like_host = user.contains('.') && !user.contains(' ');
        let with_at = Span::new(userinfo.start, userinfo.end + 1);
        let host_text = || host.map_or(String::new(), |h| h.decoded.clone());
        let (case, message) = if let Some(opened) = browser_host_in_userinfo(input, parts) {
            (
                Case::UserinfoLikeHost,
                format!(
                    "'{}@' is a user name to RFC 3986 parsers, which read the host '{checked}', but a browser reads '\\' as '/' and opens '{opened}': a filter or server that checks '{checked}' sends its visitors to '{opened}'.",
                    crate::text::quote_str(&text),
                    // A second '@' ends the user name for them too
                    // (`a\@@127.2.2.2`: Python reads 127.2.2.2).
                    checked = crate::text::quote_str(host_text().rsplit('@').next().unwrap_or_default()),
                    opened = crate::text::escape_str(&opened)
                ),
            )
        } else if looks_like_host {
            let host_text = host_text();
            (
                Case::UserinfoLikeHost,
                format!(
                    "'{}@' looks like a host name, but the real host is '{}': a reader (or a naive filter) is made to trust the wrong site.",
                    crate::text::quote_str(&text),
                    crate::text::quote_str(&host_text)
                ),
            )
        } else if text.contains(':') {
            (
                Case::Credentials,
                "The URL carries a user name and password in clear text, kept wherever the URL is: browser and shell history, the logs of the tools it passes through, the message it came in.".to_string(),
            )
        } else {
            (
                Case::UserName,
                format!(
                    "The URL carries the user name '{}' before '@', which a reader may mistake for part of the host.",
                    crate::text::quote_str(&text)
                ),
            )
        };
        out.push(Warning::for_case(
            case,
            vec![with_at],
            index_of(ComponentKind::Userinfo),
            message,
        ));
    }
    let host_index = index_of(ComponentKind::Host);
    if let (Some(span), Some(reading)) = (parts.host, host) {
        let raw = span.of(input);
        if let Some(ip) = reading.ipv4 {
            out.push(Warning::new(
                WarningCode::IpObfuscation,
                vec![span],
                host_index,
                if reading.decoded.is_ascii() {
                    format!(
                        "The host '{}' is the IPv4 address {ip} written as a number, which slips past filters that block '{ip}'.",
                        crate::text::quote_str(&reading.decoded)
                    )
                } else {
                    format!(
                        "The host '{}' is the IPv4 address {ip} written with characters IDNA maps to digits and dots, which slips past filters that block '{ip}'.",
                        crate::text::quote_str(&reading.decoded)
                    )
                },
            ));
        }
        if reading.kind == HostKind::RegName {
            let bad: Vec<Span> = raw
                .iter()
                .enumerate()
                .filter(|(_, &b)| matches!(b, b'@' | b'[' | b']'))
                .map(|(i, _)| Span::new(span.start + i, span.start + i + 1))
                .collect();
            if !bad.is_empty() {
                out.push(Warning::new(
                    WarningCode::InvalidHost,
                    bad,
                    host_index,
                    "The host holds '@', '[' or ']', so parsers disagree on where the user name ends and the host begins.".to_string(),
                ));
            }
        }
        if reading.kind == HostKind::RegName {
            out.extend(dns_length_warning(raw, span, host_index, reading));
        }
        if reading.kind == HostKind::IpLiteralOther {
            out.push(Warning::new(
                WarningCode::InvalidHost,
                vec![span],
                host_index,
                bracketed_message(raw),
            ));
        }
        let mapped = super::mapped::mapped_warning(raw, span, host_index, reading, out);
        // A host whose Unicode form is plain ASCII is no internationalized
        // name: mapped-host or ip-obfuscation (`127。0。0。1`) says what it
        // is. A label UTS #46 rejects is still said.
        if let Some(unicode) = reading
            .unicode
            .as_ref()
            .filter(|u| !u.is_ascii() || (!mapped && !reading.rejected.is_empty()))
        {
            idn_warning(span, host_index, reading, unicode, out);
        }
    }
    if let Some(port) = parts.port {
        let text = port.of(input);
        let valid = text.iter().all(u8::is_ascii_digit)
            && (text.is_empty()
                || std::str::from_utf8(text)
                    .ok()
                    .and_then(|t| t.parse::<u32>().ok())
                    .is_some_and(|p| p <= 65535));
        let after_colon = port.start > 0 && input.get(port.start - 1) == Some(&b':');
        if !valid || !after_colon {
            out.push(Warning::new(
                WarningCode::InvalidPort,
                vec![port],
                index_of(ComponentKind::Port),
                format!(
                    "The port '{}' is not a number from 0 to 65535, so parsers reject it or read another port.",
                    crate::text::quote(text)
                ),
            ));
        }
    }
}

pub(crate) fn idn_warning(
    span: Span,
    host_index: Option<usize>,
    reading: &HostReading,
    unicode: &str,
    out: &mut Vec<Warning>,
) {
    let ascii = reading.ascii.as_deref();
    use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};
    let mut reasons = Vec::new();
    // Characters UTS #39 bars from identifiers, noted but not a homograph
    // by themselves: a one-script name (the Yiddish `בײַשפּיל`, ICANN's
    // test domain) may need them.
    let mut notes = Vec::new();
    for label in unicode.split('.') {
        let rejected = reading.rejected.iter().any(|r| r == label);
        if label.is_ascii() && !rejected {
            continue;
        }
        let barred: Vec<String> = label
            .chars()
            .filter(|&c| !c.identifier_allowed())
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        if !barred.is_empty() {
            let shown = barred
                .iter()
                .take(3)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            let more = if barred.len() > 3 { ", ..." } else { "" };
            notes.push(format!(
                "'{}' holds {shown}{more}, which UTS #39 restricts in identifiers",
                crate::text::quote_str(label)
            ));
        }
        if rejected {
            reasons.push(format!(
                "'{}' is a label UTS #46 rejects, so browsers refuse it while other clients look it up as written",
                crate::text::quote_str(label)
            ));
            continue;
        }
        // Mixed scripts: UTS #39's restriction levels, on the label's
        // identifier-allowed characters (a barred one makes any label
        // "unrestricted", whatever its scripts).
        let allowed: String = label.chars().filter(|c| c.identifier_allowed()).collect();
        if allowed.detect_restriction_level() > RestrictionLevel::HighlyRestrictive {
            reasons.push(format!("'{}' mixes scripts", crate::text::quote_str(label)));
            continue;
        }
        // A whole-script look-alike: its UTS #39 skeleton is a name a
        // host could have (letters, digits, hyphens). Shown character by
        // character, as a reader sees it (the skeleton itself turns `m`
        // into `rn`).
        let skeleton: String = unicode_security::skeleton(label).collect();
        let name_like = |t: &str| t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !skeleton.is_empty() && name_like(&skeleton) {
            let seen: String = label
                .chars()
                .map(|c| {
                    let mut s = String::new();
                    unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).for_each(|k| s.push(k));
                    if c.is_ascii() || s.chars().count() != 1 || !name_like(&s) {
                        c.to_string()
                    } else {
                        s
                    }
                })
                .collect();
            reasons.push(format!(
                "'{}' looks like the ASCII '{}'",
                crate::text::quote_str(label),
                crate::text::quote_str(&seen)
            ));
        }
    }
    let forms = format!(
        "'{}' (DNS name '{}')",
        crate::text::quote_str(unicode),
        crate::text::quote_str(ascii.unwrap_or("invalid"))
    );
    let warning = if reasons.is_empty() {
        Warning::new(
            WarningCode::Idn,
            vec![span],
            host_index,
            if notes.is_empty() {
                format!("The host is the internationalized name {forms}.")
            } else {
                format!(
                    "The host is the internationalized name {forms}; {}.",
                    notes.join("; ")
                )
            },
        )
    } else {
        Warning::new(
            WarningCode::IdnHomograph,
            vec![span],
            host_index,
            format!(
                "The host {forms} can impersonate another domain: {}.",
                reasons
                    .iter()
                    .chain(&notes)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        )
    };
    out.push(warning);
}

/// `invalid-host` (low) for a registered name DNS cannot carry, in its
/// ASCII form (the `xn--` form of an internationalized name): its first
/// label over [`MAX_LABEL`] bytes, marked where the name is written in
/// ASCII (the host whole otherwise), or the name over [`MAX_NAME`].
fn dns_length_warning(
    raw: &[u8],
    span: Span,
    host_index: Option<usize>,
    reading: &HostReading,
) -> Option<Warning> {
    let ascii = reading.ascii.as_deref().unwrap_or(&reading.decoded);
    let name = ascii.strip_suffix('.').unwrap_or(ascii);
    let consequence = "no name server answers for it (RFC 1035 §2.3.4): a browser's lookup fails, and IDNA-strict libraries (Python's idna codec, so requests; Java's IDN.toASCII) refuse the URL";
    if let Some(label) = name.split('.').find(|l| l.len() > MAX_LABEL) {
        let at = (reading.ascii.is_none() && raw == reading.decoded.as_bytes())
            .then(|| memchr::memmem::find(raw, label.as_bytes()))
            .flatten();
        let marked = at.map_or(span, |at| {
            Span::new(span.start + at, span.start + at + label.len())
        });
        return Some(Warning::for_case(
            Case::DnsLength,
            vec![marked],
            host_index,
            format!(
                "The host's label '{}' is {} bytes long, and DNS allows {MAX_LABEL}: {consequence}.",
                crate::text::quote_str(label),
                label.len(),
            ),
        ));
    }
    (name.len() > MAX_NAME).then(|| {
        Warning::for_case(
            Case::DnsLength,
            vec![span],
            host_index,
            format!(
                "The host is {} bytes long, and DNS allows {MAX_NAME}: {consequence}.",
                name.len()
            ),
        )
    })
}

/// What an `invalid-host` says of a bracketed host that is not an IPv6
/// literal: an address with a zone ID (RFC 6874) is named as one.
fn bracketed_message(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let inner = text.trim_start_matches('[').trim_end_matches(']');
    match crate::analysis::destination::zoned_ipv6(inner) {
        Some((address, _, _)) => format!(
            "'{}' is the IPv6 address {address} with a zone ID after it (RFC 6874): WHATWG parsers reject it and RFC 3986's grammar has no place for it, while clients that follow RFC 6874 reach the address through the interface it names.",
            crate::text::quote(raw)
        ),
        None => format!(
            "'{}' is bracketed like an IPv6 address but is not one, so parsers reject or reinterpret it.",
            crate::text::quote(raw)
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::{Case, WarningCode};

    /// A raw backslash in a special URL's userinfo ends a browser's host
    /// there: the warning names the host each reader opens, the browser's
    /// as node's `new URL()` reads it.
    #[test]
    fn a_backslash_in_the_userinfo_names_the_host_a_browser_opens() {
        for (url, browser, rfc3986) in [
            ("http://evil.com\\@good.com/", "evil.com", "good.com"),
            ("http://good.com\\@evil.com/", "good.com", "evil.com"),
            (
                "http://127.1.1.1:80\\@127.2.2.2:80/",
                "127.1.1.1",
                "127.2.2.2",
            ),
            ("https://evil\\@good.com/", "evil", "good.com"),
        ] {
            let a = analyze(url.as_bytes(), &Options::default());
            let w = a
                .warnings
                .iter()
                .find(|w| w.code == WarningCode::Userinfo)
                .unwrap_or_else(|| panic!("{url}: no userinfo warning"));
            assert_eq!(w.severity, Case::UserinfoLikeHost.severity(), "{url}");
            assert!(
                w.message.contains(&format!("opens '{browser}'"))
                    && w.message.contains(&format!("the host '{rfc3986}'")),
                "{url}: {}",
                w.message
            );
        }
        // Not special: `\` is data there, as RFC 3986 reads it.
        let a = analyze(b"foo://evil.com\\@good.com/", &Options::default());
        assert!(a
            .warnings
            .iter()
            .any(|w| w.message.contains("the real host is 'good.com'")));
    }

    #[test]
    fn a_zone_id_is_named_as_one() {
        let m = super::bracketed_message(b"[fe80::1%25eth0]");
        assert!(m.contains("IPv6 address fe80::1 with a zone ID"), "{m}");
        let m = super::bracketed_message(b"[v1.x]");
        assert!(m.contains("bracketed like an IPv6 address"), "{m}");
    }
}
