//! How cleaning reads a URL before escaping it, where a browser (the URL
//! Standard) reads another host in it than its bytes escaped as written.
//!
//! Escaping is RFC 3986's: it keeps `[` `]` only around an RFC 3986 host,
//! a `\` becomes `%5C`, and the split ends the userinfo at the first `@`.
//! A browser reads a special URL (`http`, `https`, `ws`, `wss`, `ftp`,
//! `file`) otherwise: a run of slashes and backslashes after the scheme as
//! `//` (`http:////[::1]`, `http:[::1]` and `http:\\x` open a host), and a
//! backslash before the query as `/` (`http://evil.com\@good.com/` opens
//! `evil.com`); in every URL it ends the userinfo at the last `@`
//! (`http://@@[::1]` opens `[::1]`) and removes tabs and newlines. A
//! `file:` URL's first path segment may be a Windows drive letter, whose
//! `|` a browser reads as `:` (`file:///C|/x` is `file:///C:/x`; escaped,
//! `%7C`, it is no drive letter).
//!
//! Every reader removes tabs and newlines (the URL Standard, Python's
//! urllib, RFC 3986's Appendix C), and ends the userinfo at the last `@`
//! (RFC 3986 allows none in it): cleaning always does both. For the rest,
//! a URL a browser opens is written as the browser reads it when it has a
//! backslash before its query (written as the `/` the browser requests)
//! or a drive letter written with `|`, or when its bytes escaped would
//! lead a browser to another host or port (`http:////%5B::1%5D` is
//! refused: `%5B` is no IPv6 bracket). Otherwise
//! the bytes are kept: `http:evil.com` opens `evil.com`, and on an
//! `http:` page it is a relative path, both of which its cleaned form keeps.
//!
//! A URL a browser refuses has no browser's host to keep: it is escaped
//! as RFC 3986 reads it. Cleaning is idempotent because the decision is
//! made on the escaped bytes: what cleaning writes either leads a browser
//! to the host it opened for the input (written as it reads it, with no
//! backslash left) or is the input escaped as written, which cleaning
//! keeps again (a browser opens it where it does, or refuses it).

use std::borrow::Cow;

use crate::split::{outline, Split};

/// What cleaning escapes in place of the trimmed `input`, when it is not
/// the bytes as written: see the module docs.
pub(super) fn as_cleaning_reads(input: &[u8], parts: &Split) -> Option<Vec<u8>> {
    if !may_read_otherwise(input, parts) {
        return None;
    }
    let trimmed = parts.trimmed.of(input);
    let text = without_whitespace(trimmed);
    let text_parts = outline(&text);
    if let Some(read) = as_read_on_a_web_page(&text, &text_parts) {
        return Some(read);
    }
    let written = userinfo_to_last_at(&text, text_parts.authority.map(|a| a.range()));
    if let Some(read) = as_a_browser_reads(&text, &text_parts) {
        if let Some(opened) = browser_host(&text) {
            // A backslash is written as the '/' a browser requests, a
            // drive letter's bar as the ':' it reads (`%7C` is none); the
            // rest only where the bytes escaped would lead a browser to
            // another host or port: `http:evil.com` opens `evil.com`, and
            // on an `http:` page it is a relative path, which as written
            // it stays.
            let escaped = super::escaped(&written, &outline(&written)).0;
            if backslash_before_query(&text, &text_parts)
                || bars(&read) < bars(&text)
                || browser_host(escaped.as_bytes()).as_ref() != Some(&opened)
            {
                return Some(read);
            }
        }
    }
    (*written != *trimmed).then(|| written.into_owned())
}

/// Whether [`as_cleaning_reads`] may read `input` otherwise than as
/// written: most URLs are turned away here, at memchr's speed.
fn may_read_otherwise(input: &[u8], parts: &Split) -> bool {
    let trimmed = parts.trimmed.of(input);
    if memchr::memchr3(b'\\', b'\t', b'\n', trimmed).is_some()
        || memchr::memchr(b'\r', trimmed).is_some()
    {
        return true;
    }
    let ats = |a: crate::split::Span| memchr::memchr_iter(b'@', a.of(input)).nth(1).is_some();
    if parts.authority.is_some_and(ats) {
        return true;
    }
    let Some(scheme) = parts.scheme else {
        // A reference of three slashes or more (`///[::1]`), whose host a
        // page opens where RFC 3986 reads none.
        return trimmed.starts_with(b"///");
    };
    let rest = input
        .get(scheme.end + 1..parts.trimmed.end)
        .unwrap_or_default();
    let slashes = rest.iter().take_while(|&&b| b == b'/').count();
    match Special::of(scheme.of(input)) {
        Some(Special::Network) => slashes != 2,
        // A drive letter written with a bar (`file:///C|/x`), which a
        // browser reads with a colon.
        Some(Special::File) if memchr::memchr(b'|', rest).is_some() => true,
        Some(Special::File) if slashes >= 2 => {
            // A drive letter where RFC 3986 reads a host (`file://C|/`),
            // or as the first path segment (`file://A/w|/m`), which the
            // URL Standard reads as the start of a local path: then the
            // host it reads is not always the one RFC 3986 reads.
            let after = rest.get(2..).unwrap_or_default();
            let authority = authority_of(after);
            let path = after.get(authority.len()..).unwrap_or_default();
            let first = path.get(1..).map(authority_of).unwrap_or_default();
            drive_letter(authority).is_some() || drive_letter(first).is_some()
        }
        Some(Special::File) => false,
        None => false,
    }
}

/// The schemes the URL Standard reads specially.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Special {
    /// `http`, `https`, `ws`, `wss`, `ftp`: a host is required.
    Network,
    /// `file`: a host is optional, and `localhost` is none.
    File,
}

impl Special {
    fn of(scheme: &[u8]) -> Option<Special> {
        if crate::schemes::is_special_network_bytes(scheme) {
            Some(Special::Network)
        } else if scheme.eq_ignore_ascii_case(b"file") {
            Some(Special::File)
        } else {
            None
        }
    }
}

/// `text` without tabs and newlines, which the URL Standard, Python's
/// urllib and RFC 3986 (Appendix C) all remove.
fn without_whitespace(text: &[u8]) -> Cow<'_, [u8]> {
    if text.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        Cow::Owned(
            text.iter()
                .copied()
                .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

/// The authority at the start of `rest` as a special URL reads it: up to
/// the first `/`, `\`, `?` or `#`.
fn authority_of(rest: &[u8]) -> &[u8] {
    let end = rest
        .iter()
        .position(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
        .unwrap_or(rest.len());
    rest.get(..end).unwrap_or(rest)
}

/// The letter of a Windows drive letter (`C:` or `C|`), which a `file:`
/// URL reads as the start of its path, not as a host.
fn drive_letter(text: &[u8]) -> Option<u8> {
    match text {
        [letter, b':' | b'|'] if letter.is_ascii_alphabetic() => Some(*letter),
        _ => None,
    }
}

/// A relative reference that starts with a run of two slashes or
/// backslashes or more and has a backslash before its query
/// (`/\evil.com`, `\\evil.com`, `//evil.com\@good.com/`), as a browser
/// reads it on an http(s) page, where the analysis reads it ("Leads to
/// ... once read against an http(s) page"): the run is `//`, the host
/// after it is opened, and a backslash is a `/`. Written so
/// (`//evil.com`, `//evil.com/@good.com/`), it leads every reader there;
/// escaped as written (`/%5Cevil.com`, `//evil.com%5C@good.com/`), it
/// would lead to the page's own site or to `good.com`. With no backslash
/// (`///evil.com`) it is kept as written, as an absolute URL is, unless
/// its bytes escaped would lead the page to another host (`///[::1]`
/// opens `[::1]`, `///%5B::1%5D` nothing: it is written `//[::1]`).
fn as_read_on_a_web_page(text: &[u8], parts: &Split) -> Option<Vec<u8>> {
    if parts.scheme.is_some() {
        return None;
    }
    let run = text
        .iter()
        .take_while(|&&b| matches!(b, b'/' | b'\\'))
        .count();
    let before_query = text
        .iter()
        .position(|&b| matches!(b, b'?' | b'#'))
        .unwrap_or(text.len());
    if run < 2 {
        return None;
    }
    let on_a_page = |text: &[u8]| {
        let mut absolute = b"http:".to_vec();
        absolute.extend_from_slice(text);
        absolute
    };
    let absolute = on_a_page(text);
    let opened = browser_host(&absolute)?;
    if !text.get(..before_query)?.contains(&b'\\') {
        let escaped = super::escaped(text, parts).0;
        if browser_host(&on_a_page(escaped.as_bytes())).as_ref() == Some(&opened) {
            return None;
        }
    }
    let read = as_a_browser_reads(&absolute, &outline(&absolute))?;
    read.strip_prefix(b"http:").map(<[u8]>::to_vec)
}

/// `text` (without tabs and newlines; split as `parts`) as a browser reads
/// it, when that differs: see the module docs. `None` for a relative
/// reference, whose reading depends on its base (but see
/// [`as_read_on_a_web_page`]).
fn as_a_browser_reads(text: &[u8], parts: &Split) -> Option<Vec<u8>> {
    let scheme = parts.scheme?;
    let (head, rest) = text.split_at_checked(scheme.end + 1)?;
    let mut out = Vec::with_capacity(text.len() + 8);
    out.extend_from_slice(head);
    let special = Special::of(scheme.of(text));
    let rest = match special {
        Some(special) => {
            let run = rest
                .iter()
                .take_while(|&&b| matches!(b, b'/' | b'\\'))
                .count();
            let (slashes, rest) = rest.split_at(run);
            let authority = authority_of(rest);
            match special {
                Special::Network => {
                    out.extend_from_slice(b"//");
                    push_userinfo_to_last_at(&mut out, authority);
                }
                Special::File if run == 2 && drive_letter(authority).is_some() => {
                    // `file://C|/` opens no host, the path `/C:/`.
                    out.extend_from_slice(b"///");
                    out.extend(drive_letter(authority));
                    out.push(b':');
                }
                // A file URL's host has no userinfo: an '@' makes it one
                // a browser refuses.
                Special::File => {
                    out.extend(slashes.iter().map(|_| b'/'));
                    out.extend_from_slice(authority);
                }
            }
            let rest = rest.get(authority.len()..).unwrap_or_default();
            let query = rest
                .iter()
                .position(|&b| matches!(b, b'?' | b'#'))
                .unwrap_or(rest.len());
            let (path, after) = rest.split_at(query);
            out.extend(path.iter().map(|&b| if b == b'\\' { b'/' } else { b }));
            if special == Special::File {
                let path_start = match run {
                    // `file:C|/x`, `file:/C|/x`: the path follows.
                    0 | 1 => Some(head.len() + run),
                    // The drive letter was the host, written above.
                    2 if drive_letter(authority).is_some() => None,
                    // After the host, one slash starts the path.
                    2 => Some(head.len() + 2 + authority.len() + 1),
                    // `file:///`: an empty host; the third slash starts
                    // the path, any more are empty segments.
                    _ => Some(head.len() + 3),
                };
                if let Some(bar) = path_start.and_then(|start| drive_letter_bar(&out, start)) {
                    if let Some(bar) = out.get_mut(bar) {
                        *bar = b':';
                    }
                }
            }
            after
        }
        None => {
            // Without an authority, nothing that a browser reads otherwise.
            let rest = rest.strip_prefix(b"//")?;
            out.extend_from_slice(b"//");
            let end = rest
                .iter()
                .position(|b| matches!(b, b'/' | b'?' | b'#'))
                .unwrap_or(rest.len());
            let (authority, after) = rest.split_at(end);
            push_userinfo_to_last_at(&mut out, authority);
            after
        }
    };
    out.extend_from_slice(rest);
    (out != text).then_some(out)
}

/// Where the URL Standard's path state reads a Windows drive letter as
/// the first segment of a `file:` URL's path (`out`, written with `/` for
/// every `\\`, from `start` to the query), whose second character it
/// writes `:`: the index of that character, when written `|`. Dot
/// segments before it leave the path empty (`file:///a/../C|/x` is
/// `/C:/x`); once a segment is in it, later ones are no drive letters
/// (`file:////C|/x` keeps its bar).
fn drive_letter_bar(out: &[u8], start: usize) -> Option<usize> {
    let path = out.get(start..)?;
    let path = path
        .get(
            ..path
                .iter()
                .position(|&b| matches!(b, b'?' | b'#'))
                .unwrap_or(path.len()),
        )
        .unwrap_or(path);
    // How many segments the path holds so far; a drive letter ends the
    // search, so none of them is one ('..' would not remove it).
    let mut segments = 0usize;
    let mut at = 0;
    for segment in path.split(|&b| b == b'/') {
        let ends_path = at + segment.len() == path.len();
        let dots = dot_segment(segment);
        if dots == Some(2) {
            segments = segments.saturating_sub(1);
        }
        if segments == 0 && dots.is_none() && drive_letter(segment).is_some() {
            return (segment.get(1) == Some(&b'|')).then_some(start + at + 1);
        }
        // A dot segment adds an empty one only where it ends the path.
        if dots.is_none() || ends_path {
            segments += 1;
        }
        at += segment.len() + 1;
    }
    None
}

/// Whether `segment` is one the URL Standard reads as `.` (1) or `..`
/// (2), its dots written or escaped (`%2e`).
fn dot_segment(segment: &[u8]) -> Option<u8> {
    let mut rest = segment;
    let mut dots = 0u8;
    while !rest.is_empty() {
        rest = if let Some(r) = rest.strip_prefix(b".") {
            r
        } else if rest.len() >= 3 && rest.get(..3)?.eq_ignore_ascii_case(b"%2e") {
            rest.get(3..)?
        } else {
            return None;
        };
        dots += 1;
        if dots > 2 {
            return None;
        }
    }
    (dots > 0).then_some(dots)
}

/// `text` with the userinfo of its `authority` (a range of it) ended at the
/// last `@`: every earlier `@` written `%40`, as a browser does.
fn userinfo_to_last_at(text: &[u8], authority: Option<std::ops::Range<usize>>) -> Cow<'_, [u8]> {
    let pieces = authority.and_then(|r| {
        Some((
            text.get(..r.start)?,
            text.get(r.clone())?,
            text.get(r.end..)?,
        ))
    });
    let Some((before, authority, after)) =
        pieces.filter(|(_, a, _)| memchr::memchr_iter(b'@', a).nth(1).is_some())
    else {
        return Cow::Borrowed(text);
    };
    let mut out = Vec::with_capacity(text.len() + 4);
    out.extend_from_slice(before);
    push_userinfo_to_last_at(&mut out, authority);
    out.extend_from_slice(after);
    Cow::Owned(out)
}

/// Append `authority` with every `@` but the last written `%40`.
fn push_userinfo_to_last_at(out: &mut Vec<u8>, authority: &[u8]) {
    let last = memchr::memrchr(b'@', authority);
    for (i, &b) in authority.iter().enumerate() {
        if b == b'@' && Some(i) != last {
            out.extend_from_slice(b"%40");
        } else {
            out.push(b);
        }
    }
}

/// The host and port a browser opens for `url`, or `None` when it refuses
/// it.
fn browser_host(url: &[u8]) -> Option<(String, Option<u16>)> {
    let url = url::Url::parse(&String::from_utf8_lossy(url)).ok()?;
    Some((url.host_str().unwrap_or_default().to_string(), url.port()))
}

/// How many `|` `text` holds: reading it as a browser does writes one as
/// `:` only in a drive letter.
fn bars(text: &[u8]) -> usize {
    memchr::memchr_iter(b'|', text).count()
}

/// Whether `text` (split as `parts`) is a special URL with a backslash
/// before its query, which a browser reads as '/'.
fn backslash_before_query(text: &[u8], parts: &Split) -> bool {
    let Some(scheme) = parts.scheme.filter(|s| Special::of(s.of(text)).is_some()) else {
        return false;
    };
    let rest = text.get(scheme.end + 1..).unwrap_or_default();
    rest.iter()
        .take_while(|&&b| !matches!(b, b'?' | b'#'))
        .any(|&b| b == b'\\')
}
