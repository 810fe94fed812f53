//! Parser confusions: inputs on which parsers disagree about where the
//! host ends or which URL the text is, so that a filter that checks one
//! reading lets a fetcher act on another (Orange Tsai, "A New Era of SSRF",
//! Black Hat USA 2017).
//!
//! - A host cut short: a blank, a control byte, `;` or `,` in the
//!   authority (raw or escaped). C code stops at NUL, line-based and
//!   whitespace-splitting code at a blank, some URL libraries end a host
//!   at `;` or `,`; DNS and browsers read on (or refuse). What the cutting
//!   parser reads is a different host: `http://127.0.0.1;.evil.example/`.
//! - Two URLs in one: a scheme no standard parser accepts (`0://`) or any
//!   scheme whose authority runs into a second `scheme://`
//!   (`0://evil.com:80;http://google.com:80/`): a lax parser reads the
//!   first host, a parser that looks for a URL reads the second.

use crate::split::{Span, Split};
use crate::text::quote_str;
use crate::warnings::{Case, Warning, WarningCode};

/// A byte at which some parser ends a host: a control, a blank, `;`, `,`.
fn cuts_host(b: u8) -> bool {
    b < 0x20 || b == 0x7F || b == b' ' || b == b';' || b == b','
}

/// The first byte in `text` at which a host may be cut, read through one
/// layer of percent-encoding: its span (relative to `text`) and the byte.
fn first_cut(text: &[u8]) -> Option<(usize, usize, u8)> {
    let mut i = 0;
    while let Some(&b) = text.get(i) {
        if b == b'%' {
            if let Some(d) = crate::percent::escape_at(text.get(i..).unwrap_or_default()) {
                if cuts_host(d) {
                    return Some((i, i + 3, d));
                }
                i += 3;
                continue;
            }
        }
        if cuts_host(b) {
            return Some((i, i + 1, b));
        }
        i += 1;
    }
    None
}

/// Whether `host` is something a parser would connect to: an IPv4
/// address or a name of letters, digits, hyphens and dots with a dot or
/// ending in `localhost`, or an IPv6 literal in brackets.
fn host_like(host: &[u8]) -> bool {
    if let Some(inside) = host.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")) {
        return std::str::from_utf8(inside).is_ok_and(|a| a.parse::<std::net::Ipv6Addr>().is_ok());
    }
    !host.is_empty()
        && host
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && (host.contains(&b'.') || host.eq_ignore_ascii_case(b"localhost"))
        && host.first().is_some_and(u8::is_ascii_alphanumeric)
}

/// The host in an authority as a lax parser reads it: after the userinfo
/// (up to the last '@'), before a port or a cut (`:`, `;`, `,`).
fn host_of(authority: &[u8]) -> &[u8] {
    let host = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(authority, |at| authority.get(at + 1..).unwrap_or_default());
    host.iter()
        .position(|&b| matches!(b, b':' | b';' | b','))
        .map_or(host, |c| host.get(..c).unwrap_or_default())
}

/// An IPv6 literal that a cut byte follows (after its port, if any), and
/// more after the cut: `[::1];.evil.example`. RFC 3986 ends the host at
/// the `]` and reads the rest as a broken port; a parser that cuts there
/// connects to the literal, while a suffix check on the authority's text
/// reads the name after the cut. The literal, and the text from it to the
/// end of the authority.
fn ipv6_cut(authority: &[u8], cut: usize) -> Option<(&[u8], &[u8])> {
    let from = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(0, |at| at + 1);
    let host = authority.get(from..)?;
    let close = memchr::memchr(b']', host)?;
    let literal = host.get(..=close)?;
    let inside = std::str::from_utf8(literal.get(1..close)?).ok()?;
    inside.parse::<std::net::Ipv6Addr>().ok()?;
    let port = host.get(close + 1..cut.checked_sub(from)?)?;
    let port_ok = port.is_empty()
        || port
            .strip_prefix(b":")
            .is_some_and(|p| p.iter().all(u8::is_ascii_digit));
    let after = authority.get(cut + 1..)?;
    (port_ok && !after.is_empty()).then_some((literal, host))
}

/// How a cut byte is named in a message.
fn cut_name(b: u8) -> String {
    match b {
        b' ' => "a blank".to_string(),
        0 => "NUL".to_string(),
        b';' | b',' => format!("'{}'", b as char),
        _ => format!("the control byte 0x{b:02X}"),
    }
}

/// `invalid-host` (high) when a parser that ends the authority at a cut
/// byte reads another host than the one the URL names.
pub(crate) fn host_cut_warning(
    input: &[u8],
    parts: &Split,
    host_index: Option<usize>,
    out: &mut Vec<Warning>,
) {
    let Some(authority) = parts.authority else {
        return;
    };
    let text = authority.of(input);
    let Some((from, to, byte)) = first_cut(text) else {
        return;
    };
    // What the cutting parser sees as the host, and what the URL names.
    let (seen, real) = match ipv6_cut(text, from) {
        Some(read) => read,
        None => (
            host_of(text.get(..from).unwrap_or_default()),
            parts.host.map(|h| h.of(input)).unwrap_or_default(),
        ),
    };
    if !host_like(seen) || seen.eq_ignore_ascii_case(real) {
        return;
    }
    let real = String::from_utf8_lossy(real);
    let whole = if real.is_empty() {
        "no host at all".to_string()
    } else {
        format!("'{}'", quote_str(&real))
    };
    out.push(Warning::for_case(
        Case::HostCut,
        vec![Span::new(authority.start + from, authority.start + to)],
        host_index,
        format!(
            "A parser that ends the host at {} reads '{}', while the URL names {whole}: an allow-list and a fetcher can act on different hosts.",
            cut_name(byte),
            quote_str(&String::from_utf8_lossy(seen)),
        ),
    ));
}

/// Where the scheme-shaped word that ends `text` starts, if it is a valid
/// scheme (a letter, then letters, digits, `+`, `-`, `.`).
fn trailing_scheme(text: &[u8]) -> Option<usize> {
    let start = text
        .iter()
        .rposition(|&b| !crate::schemes::is_scheme_byte(b))
        .map_or(0, |p| p + 1);
    text.get(start)
        .filter(|b| b.is_ascii_alphabetic())
        .map(|_| start)
}

/// `two-urls` when a second `scheme://` starts inside
/// the first authority, or the input starts with a scheme-shaped word no
/// standard parser accepts as a scheme (`0://`) and carries another URL.
pub(crate) fn two_urls_warning(input: &[u8], parts: &Split, out: &mut Vec<Warning>) {
    let text = parts.trimmed.of(input);
    let Some(sep) = memchr::memmem::find(text, b"://") else {
        return;
    };
    let word = text.get(..sep).unwrap_or_default();
    let scheme_shaped = !word.is_empty() && word.iter().all(|&b| crate::schemes::is_scheme_byte(b));
    if !scheme_shaped {
        return;
    }
    let invalid_scheme = !word.first().is_some_and(u8::is_ascii_alphabetic);
    let rest_from = sep + 3;
    let rest = text.get(rest_from..).unwrap_or_default();
    let end = rest
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#' | b'\\'))
        .unwrap_or(rest.len());
    let region = rest.get(..end).unwrap_or_default();
    // A second URL glued into the authority (the region ends in a scheme
    // and '//' follows), or after an invalid scheme, anywhere.
    let glued = rest.get(end..).is_some_and(|r| r.starts_with(b"//")) && region.ends_with(b":");
    let second = if glued {
        trailing_scheme(region.get(..region.len() - 1).unwrap_or_default())
            .filter(|&s| s > 0)
            .map(|s| rest_from + s)
    } else {
        None
    }
    .or_else(|| {
        let p = memchr::memmem::find(rest, b"://").filter(|_| invalid_scheme)?;
        trailing_scheme(rest.get(..p).unwrap_or_default()).map(|s| rest_from + s)
    });
    let Some(second) = second else {
        return;
    };
    let first_host = host_of(region);
    let start = parts.trimmed.start;
    let second_text = String::from_utf8_lossy(text.get(second..).unwrap_or_default());
    let how = if invalid_scheme {
        format!(
            "'{}' is no scheme to RFC 3986 or WHATWG (a scheme starts with a letter), but lax parsers accept it",
            quote_str(&String::from_utf8_lossy(word))
        )
    } else {
        "a second URL starts inside the first one's authority".to_string()
    };
    out.push(Warning::new(
        WarningCode::TwoUrls,
        vec![
            Span::new(start, start + sep + 3),
            Span::new(start + second, parts.trimmed.end),
        ],
        None,
        format!(
            "The input holds two URLs: {how}; one parser reads the host '{}', another finds '{}'.",
            quote_str(&String::from_utf8_lossy(first_host)),
            quote_str(&second_text)
        ),
    ));
}
