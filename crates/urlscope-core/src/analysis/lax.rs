//! Lax readings: a decoded layer read the way the laxest servers read it
//! (IIS `%uXXXX` escapes, Java's `%٢e` escapes, C hex `0x2e`, overlong
//! UTF-8, look-alike dots and slashes), for the traversal and
//! sensitive-file checks.

use crate::percent::hex_value;
use crate::utf8::lax_overlong;
use std::borrow::Cow;

/// The character a `%uXXXX` escape at the start of `bytes` stands for.
pub(crate) fn u_escape(bytes: &[u8]) -> Option<char> {
    match bytes {
        [b'%', b'u' | b'U', a, b, c, d, ..] => {
            let v = [a, b, c, d]
                .iter()
                .try_fold(0u32, |acc, &&h| Some(acc << 4 | u32::from(hex_value(h)?)))?;
            char::from_u32(v)
        }
        _ => None,
    }
}

/// `%٢e`: an escape only Java's `URLDecoder` reads, its hex digits being
/// other scripts' decimal digits or fullwidth letters (see
/// [`crate::dialects::java_hex_digit`]); the ASCII byte it stands for, and
/// the length of the escape. An escape of ASCII digits was decoded before
/// this layer, so at least one digit here is not ASCII.
pub(crate) fn java_escape(bytes: &[u8]) -> Option<(char, usize)> {
    let first_char = |bytes: &[u8]| -> Option<(char, usize)> {
        let len = crate::utf8::sequence_len(*bytes.first()?)?;
        let c = std::str::from_utf8(bytes.get(..len)?)
            .ok()?
            .chars()
            .next()?;
        Some((c, len))
    };
    let rest = bytes.strip_prefix(b"%")?;
    let (high, high_len) = first_char(rest)?;
    let (low, low_len) = first_char(rest.get(high_len..)?)?;
    if high.is_ascii() && low.is_ascii() {
        return None;
    }
    let value = crate::dialects::java_hex_digit(high)? << 4 | crate::dialects::java_hex_digit(low)?;
    value
        .is_ascii()
        .then(|| (char::from(value), 1 + high_len + low_len))
}

/// `0x2e`, `0x2f`, `0x5c`: a dot or separator spelled in C hex notation,
/// as traversal fuzzers (dotdotpwn) try against hand-written decoders.
pub(crate) fn hex_notation(bytes: &[u8]) -> Option<char> {
    match bytes {
        [b'0', b'x' | b'X', h, l, ..] => match (hex_value(*h)? << 4) | hex_value(*l)? {
            0x2E => Some('.'),
            0x2F => Some('/'),
            0x5C => Some('\\'),
            _ => None,
        },
        _ => None,
    }
}

/// `2f` or `5c` right after `..`: an escape whose `%` a filter stripped.
pub(crate) fn bare_hex_separator(bytes: &[u8]) -> Option<char> {
    match bytes {
        [b'2', b'f' | b'F', ..] => Some('/'),
        [b'5', b'c' | b'C', ..] => Some('\\'),
        _ => None,
    }
}

/// A character as a lax server reads it, and the decoded bytes it spans.
#[derive(Clone, Copy)]
pub(crate) struct LaxChar {
    pub(crate) c: char,
    pub(crate) from: usize,
    pub(crate) to: usize,
}

/// Read a decoded layer the way the laxest servers do: `%uXXXX` escapes,
/// overlong UTF-8 and look-alike dots and slashes all count.
pub(crate) fn lax_chars(layer: &[u8]) -> impl Iterator<Item = LaxChar> + '_ {
    let mut i = 0;
    // How many of the characters just read are dots (up to 2).
    let mut dots = 0;
    std::iter::from_fn(move || {
        let &b = layer.get(i)?;
        let rest = layer.get(i..).unwrap_or_default();
        let after_dots = dots >= 2;
        let (c, len) = if b < 0x80 {
            if let Some(c) = u_escape(rest) {
                (c, 6)
            } else if let Some(found) = java_escape(rest) {
                found
            } else if let Some(c) = hex_notation(rest) {
                (c, 4)
            } else if let (true, Some(c)) = (after_dots, bare_hex_separator(rest)) {
                (c, 2)
            } else {
                (char::from(b), 1)
            }
        } else if let Some(found) = lax_overlong(rest) {
            found
        } else {
            let len = crate::utf8::sequence_len(b).unwrap_or(1);
            match rest.get(..len).and_then(|s| std::str::from_utf8(s).ok()) {
                Some(s) => (s.chars().next().unwrap_or('\u{FFFD}'), len),
                None => ('\u{FFFD}', 1),
            }
        };
        let c = match c {
            '\u{FF0E}' | '\u{2024}' | '\u{FE52}' => '.',
            '\u{FF0F}' | '\u{2215}' | '\u{2044}' => '/',
            '\u{FF3C}' | '\u{2216}' | '\u{FE68}' => '\\',
            c => c,
        };
        dots = if c == '.' { (dots + 1).min(2) } else { 0 };
        let from = i;
        i += len;
        Some(LaxChar { c, from, to: i })
    })
}

/// The text of a decoded layer as a lax server reads it, borrowed when
/// that is the layer itself.
pub(crate) fn lax_text(layer: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(layer) {
        Ok(text) if lax_is_literal(layer) => Cow::Borrowed(text),
        _ => {
            let mut text = String::with_capacity(layer.len());
            text.extend(lax_chars(layer).map(|c| c.c));
            Cow::Owned(text)
        }
    }
}

/// Whether [`lax_chars`] reads `layer` byte for byte as itself: ASCII with
/// no `%` (no `%u` escape), no `0x` or `0X` and no `..` (no bare `2f`
/// after dots).
pub(crate) fn lax_is_literal(layer: &[u8]) -> bool {
    // Most components are short, where setting up four searches costs more
    // than one pass over the bytes.
    if layer.len() < 64 {
        let mut previous = 0u8;
        for &b in layer {
            let pair = (previous == b'0' && (b | 0x20) == b'x') || (previous == b'.' && b == b'.');
            if !b.is_ascii() || b == b'%' || pair {
                return false;
            }
            previous = b;
        }
        return true;
    }
    layer.is_ascii()
        && memchr::memchr(b'%', layer).is_none()
        && memchr::memmem::find(layer, b"0x").is_none()
        && memchr::memmem::find(layer, b"0X").is_none()
        && memchr::memmem::find(layer, b"..").is_none()
}

/// `text` lowercased, as sensitive targets are matched; borrowed when it
/// has nothing to lowercase.
pub(crate) fn lowercase(text: Cow<'_, str>) -> Cow<'_, str> {
    if text.contains(char::is_uppercase) {
        Cow::Owned(text.to_lowercase())
    } else {
        text
    }
}

/// The path parts of (lowercased) lax text, split on both separators.
pub(crate) fn lax_parts(text: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    text.split(|&b| b == b'/' || b == b'\\')
}
