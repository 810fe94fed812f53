//! Where a value's text holds a URL a browser or client would follow:
//! at its start (after blanks, behind slashes however they are spelled)
//! or among other text, and how it is spelled.

use crate::split::Span;
use std::borrow::Cow;

/// Where a URL starts in `text`, and how it is spelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FoundUrl {
    pub(crate) from: usize,
    pub(crate) spelling: Vec<&'static str>,
}

/// Look-alike slashes that UTS #46 or lax servers read as `/` or `\`.
pub(crate) const LOOKALIKE_SLASHES: &[&str] =
    &["\u{FF0F}", "\u{2215}", "\u{2044}", "\u{FF3C}", "\u{29F5}"];

/// Characters some browsers have read as `//` in a redirect target (the
/// kana repeat marks and prolonged sound marks of the open-redirect
/// payload lists).
pub(crate) const LOOKALIKE_DOUBLE_SLASHES: &[&str] =
    &["\u{3031}", "\u{3035}", "\u{309D}", "\u{30FC}", "\u{FF70}"];

/// The separator at the start of `text` (a slash, a backslash or a
/// look-alike), its length, and how many slashes it reads as.
pub(super) fn separator(text: &[u8]) -> Option<(usize, &'static str, usize)> {
    match text.first()? {
        b'/' => Some((1, "", 1)),
        b'\\' => Some((1, "a backslash for a slash", 1)),
        _ => LOOKALIKE_SLASHES
            .iter()
            .find(|s| text.starts_with(s.as_bytes()))
            .map(|s| (s.len(), "a look-alike slash", 1))
            .or_else(|| {
                LOOKALIKE_DOUBLE_SLASHES
                    .iter()
                    .find(|s| text.starts_with(s.as_bytes()))
                    .map(|s| (s.len(), "a character some browsers read as '//'", 2))
            }),
    }
}

/// `text` as a lax reader sees it: look-alike slashes read as slashes.
pub(crate) fn lax_slashes(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    for s in LOOKALIKE_SLASHES {
        out = out.replace(s, "/");
    }
    for s in LOOKALIKE_DOUBLE_SLASHES {
        out = out.replace(s, "//");
    }
    std::borrow::Cow::Owned(out)
}

/// The scheme at the start of `text` (RFC 3986 §3.1), lowercased, with
/// tabs and newlines inside it removed as WHATWG removes them, and where
/// the text after its `:` starts.
fn scheme_at(text: &[u8]) -> Option<(String, usize, bool)> {
    let mut name = String::new();
    let mut removed = false;
    for (i, &b) in text.iter().enumerate().take(32) {
        match b {
            b'\t' | b'\n' | b'\r' if !name.is_empty() => removed = true,
            b':' if !name.is_empty() => return Some((name, i + 1, removed)),
            b if b.is_ascii_alphabetic() => name.push(char::from(b.to_ascii_lowercase())),
            b if !name.is_empty() && (b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')) => {
                name.push(char::from(b))
            }
            _ => return None,
        }
    }
    None
}

/// Schemes whose URLs run script in the page that follows them.
pub(crate) const SCRIPT_SCHEMES: &[&str] = &["javascript", "vbscript", "data"];

/// Where a URL a browser or client would follow starts in `text`, if it
/// holds one (at its start, after blanks, or behind one leading slash).
pub(crate) fn find_url(text: &[u8]) -> Option<FoundUrl> {
    let mut spelling = Vec::new();
    // What a browser strips (blanks, controls), and what an HTML filter
    // strips (`<>javascript:`, `"//evil.example`), ahead of the URL.
    let blanks = text
        .iter()
        .take_while(|&&b| b <= b' ' || matches!(b, b'<' | b'>' | b'"' | b'\'' | b'`'))
        .count();
    let prefix = text.get(..blanks).unwrap_or_default();
    if prefix.iter().any(|&b| b <= b' ') {
        spelling.push("after blanks or controls that a browser strips");
    }
    if prefix.iter().any(|&b| b > b' ') {
        spelling.push("after '<', '>' or quotes that an HTML filter strips");
    }
    let rest = text.get(blanks..)?;
    // Separators: `//`, `\\`, `/\`, `///`...
    let mut at = 0;
    let mut count = 0;
    while let Some((len, how, reads_as)) = rest.get(at..).and_then(separator) {
        if !how.is_empty() && !spelling.contains(&how) {
            spelling.push(how);
        }
        at += len;
        count += reads_as;
        // Tabs and newlines between the slashes are removed.
        at += rest
            .get(at..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| matches!(b, b'\t' | b'\n' | b'\r'))
            .count();
    }
    let after = rest.get(at..).unwrap_or_default();
    if count >= 2 {
        if count > 2 {
            spelling.push("more than two slashes");
        }
        // A host must follow (`//` alone, or `///` before a path, is a
        // path on most servers but a host for browsers: keep it if a name
        // follows).
        let host_like = after
            .first()
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80 || b == b'[' || b == b'%');
        return host_like.then_some(FoundUrl {
            from: blanks,
            spelling,
        });
    }
    if count == 1 {
        // `/https://x`: a URL behind one slash, which a check for a leading
        // '/' passes and a server that drops it follows.
        let inner = find_absolute(after)?;
        let mut spelling = spelling;
        spelling.push("behind a leading slash");
        spelling.extend(inner.1);
        return Some(FoundUrl {
            from: blanks + at,
            spelling,
        });
    }
    let (_, more) = find_absolute(rest)?;
    spelling.extend(more);
    Some(FoundUrl {
        from: blanks,
        spelling,
    })
}

/// An absolute URL at the start of `text`: the scheme and how it is
/// spelled.
fn find_absolute(text: &[u8]) -> Option<(String, Vec<&'static str>)> {
    let (scheme, after, removed) = scheme_at(text)?;
    let mut spelling = Vec::new();
    if removed {
        spelling.push("tabs or newlines inside the scheme");
    }
    let rest = text.get(after..).unwrap_or_default();
    let slashes = rest
        .iter()
        .take_while(|&&b| b == b'/' || b == b'\\')
        .count();
    let special = crate::schemes::is_special_network(&scheme);
    let follows_url = scheme_at(rest).is_some_and(|(s, at, _)| {
        crate::schemes::is_special(&s) && rest.get(at..).is_some_and(|r| r.starts_with(b"/"))
    });
    let is_url = if special {
        if slashes != 2 {
            spelling.push(if slashes == 0 {
                "no slashes after the scheme"
            } else {
                "a slash count other than two after the scheme"
            });
        }
        // `http:` followed by something that can be a host.
        rest.iter()
            .find(|&&b| b != b'/' && b != b'\\')
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80 || b == b'[' || b == b'%')
    } else if SCRIPT_SCHEMES.contains(&scheme.as_str()) {
        !rest.is_empty()
    } else if scheme == "file" {
        slashes >= 1
    } else if follows_url {
        spelling.push("a second URL behind another scheme");
        true
    } else {
        slashes >= 2 && scheme.len() > 1
    };
    is_url.then_some((scheme, spelling))
}

/// Whether a payload's text carries a URL, as [`payload_urls`] finds one.
pub(crate) fn text_carries_url(text: &[u8]) -> bool {
    find_url(text).is_some() || urls_in_prose(text).next().is_some()
}

/// A URL a payload's text carries: where it is written in the text, the
/// URL it reads as (a JSON string's escapes undone: `https:\/\/a.example`
/// in JSON is `https://a.example`), and how it is spelled.
pub(crate) type PayloadUrl<'a> = (Span, Cow<'a, [u8]>, Vec<&'static str>);

/// The URLs a payload's text carries, each with its place in the text and
/// how it is spelled: the whole text when it is a URL ([`find_url`] at
/// its start, as a redirect reads the value), else each URL in it as
/// [`crate::find`] finds URLs in prose (a JSON value, an HTML attribute,
/// `Continue at https://...`).
pub(crate) fn payload_urls(text: &[u8]) -> impl Iterator<Item = PayloadUrl<'_>> + '_ {
    let whole = find_url(text).map(|f| {
        let url = Cow::Borrowed(text.get(f.from..).unwrap_or_default());
        (Span::new(f.from, text.len()), url, f.spelling)
    });
    let inner = whole
        .is_none()
        .then(|| urls_in_prose(text))
        .into_iter()
        .flatten();
    whole.into_iter().chain(inner)
}

/// The URLs [`crate::find::urls`] finds in `text` that a browser follows
/// as written: with their scheme (a bare `www.` name or a defanged one is
/// no link a page follows), read by [`find_url`] from their first byte.
fn urls_in_prose(text: &[u8]) -> impl Iterator<Item = PayloadUrl<'_>> + '_ {
    crate::find::urls(text)
        .filter(|u| !u.implied_scheme)
        .filter_map(move |u| {
            let url = u.url(text);
            let found = find_url(&url).filter(|f| f.from == 0)?;
            Some((u.span, url, found.spelling))
        })
}
