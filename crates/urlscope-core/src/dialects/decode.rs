//! The decoders: each dialect's reading of escapes, its errors in its
//! own words.

use super::DialectError;
use crate::percent::{escape_at, hex_value};

/// A way to percent-decode text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeDialect {
    /// ECMAScript `decodeURI`: keeps escapes of `;/?:@&=+$,#`; throws on a
    /// malformed escape or invalid UTF-8.
    JsUri,
    /// ECMAScript `decodeURIComponent`: throws on a malformed escape or
    /// invalid UTF-8.
    JsComponent,
    /// ECMAScript `unescape`: `%XX` is the Latin-1 character, `%uXXXX` a
    /// UTF-16 code unit; anything else stays.
    JsUnescape,
    /// Python `urllib.parse.unquote`: invalid UTF-8 becomes U+FFFD.
    PythonUnquote,
    /// Python `urllib.parse.unquote_plus`: `+` is a space first.
    PythonUnquotePlus,
    /// Java 17 `URLDecoder.decode(s, UTF_8)`: `+` is a space; an escape's
    /// two characters go through `Integer.parseInt(s, 16)`, so a sign
    /// (`%+1`) and Unicode digits (`%٢e`) are read; each run of escapes is
    /// decoded by Java's UTF-8 decoder, with its own U+FFFD substitution;
    /// anything else throws.
    Java,
    /// WHATWG percent-decode then UTF-8 decode: never fails, lossy.
    Whatwg,
}

impl DecodeDialect {
    /// Every decoder.
    pub const ALL: &'static [DecodeDialect] = &[
        DecodeDialect::JsUri,
        DecodeDialect::JsComponent,
        DecodeDialect::JsUnescape,
        DecodeDialect::PythonUnquote,
        DecodeDialect::PythonUnquotePlus,
        DecodeDialect::Java,
        DecodeDialect::Whatwg,
    ];

    /// The command-line name: `js-uri`, `python-unquote`, `java`, ...
    pub fn name(self) -> &'static str {
        match self {
            DecodeDialect::JsUri => "js-uri",
            DecodeDialect::JsComponent => "js-component",
            DecodeDialect::JsUnescape => "js-unescape",
            DecodeDialect::PythonUnquote => "python-unquote",
            DecodeDialect::PythonUnquotePlus => "python-unquote-plus",
            DecodeDialect::Java => "java",
            DecodeDialect::Whatwg => "whatwg",
        }
    }

    /// The decoder of a command-line [`name`](DecodeDialect::name).
    pub fn from_name(name: &str) -> Option<DecodeDialect> {
        DecodeDialect::ALL
            .iter()
            .copied()
            .find(|d| d.name() == name)
    }
}

/// Decode `text` the way `dialect` does. The result is the decoded text
/// (characters a string in that language cannot hold, such as a lone
/// surrogate from `unescape`, are written `\u{d800}`), or the error the
/// dialect raises.
///
/// # Examples
/// ```
/// use urlscope_core::dialects::{decode_as, DecodeDialect};
/// assert_eq!(decode_as(b"a%2Fb%20c", DecodeDialect::JsUri).unwrap(), "a%2Fb c");
/// assert_eq!(decode_as(b"a%2Fb%20c", DecodeDialect::JsComponent).unwrap(), "a/b c");
/// assert!(decode_as(b"%E9", DecodeDialect::JsComponent).is_err());
/// assert_eq!(decode_as(b"%E9%u20AC", DecodeDialect::JsUnescape).unwrap(), "é€");
/// assert_eq!(decode_as(b"%E9", DecodeDialect::PythonUnquote).unwrap(), "\u{FFFD}");
/// assert_eq!(decode_as(b"a+b", DecodeDialect::Java).unwrap(), "a b");
/// ```
pub fn decode_as(text: &[u8], dialect: DecodeDialect) -> Result<String, DialectError> {
    match dialect {
        DecodeDialect::JsUri | DecodeDialect::JsComponent => {
            js_decode(text, dialect == DecodeDialect::JsUri)
        }
        DecodeDialect::JsUnescape => Ok(js_unescape(text)),
        DecodeDialect::PythonUnquote => {
            Ok(String::from_utf8_lossy(&crate::percent::decode(text, false)).into_owned())
        }
        DecodeDialect::PythonUnquotePlus => {
            Ok(String::from_utf8_lossy(&crate::percent::decode(text, true)).into_owned())
        }
        DecodeDialect::Java => java_url_decode(text).map_err(|message| {
            DialectError(format!("java.lang.IllegalArgumentException: {message}"))
        }),
        DecodeDialect::Whatwg => {
            Ok(String::from_utf8_lossy(&crate::percent::decode(text, false)).into_owned())
        }
    }
}

/// The value of `c` as a hexadecimal digit to Java's `Character.digit(c,
/// 16)`: ASCII digits and letters, every other Unicode decimal digit
/// (general category Nd, in the Basic Multilingual Plane, since Java reads
/// one UTF-16 unit at a time) and the fullwidth letters `Ａ-Ｆ` `ａ-ｆ`.
pub(crate) fn java_hex_digit(c: char) -> Option<u8> {
    /// The zero of every run of ten Nd digits beyond ASCII, as Java 17
    /// (Unicode 13) has them: recorded from `Character.digit` over every
    /// UTF-16 unit (`java Record digits`, `scripts/java17/Record.java`).
    const NON_ASCII_ZEROS: [u32; 36] = [
        0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6,
        0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0,
        0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0,
        0xAA50, 0xABF0, 0xFF10,
    ];
    if let Some(d) = c.to_digit(16) {
        return u8::try_from(d).ok();
    }
    let cp = u32::from(c);
    let in_run = |start: u32, len: u32| cp.checked_sub(start).filter(|&d| d < len);
    let value = NON_ASCII_ZEROS
        .iter()
        .find_map(|&zero| in_run(zero, 10))
        .or_else(|| in_run(0xFF21, 6).map(|d| d + 10))
        .or_else(|| in_run(0xFF41, 6).map(|d| d + 10))?;
    u8::try_from(value).ok()
}

/// Java 17's `URLDecoder.decode(s, StandardCharsets.UTF_8)`, on the
/// UTF-16 units of the text as Java holds it; the error is the exception's
/// message.
fn java_url_decode(text: &[u8]) -> Result<String, String> {
    let source: Vec<u16> = String::from_utf8_lossy(text).encode_utf16().collect();
    let unit = |i: usize| source.get(i).copied().unwrap_or(0);
    let mut out: Vec<u16> = Vec::with_capacity(source.len());
    let mut i = 0;
    while i < source.len() {
        match unit(i) {
            0x2B => {
                out.push(0x20);
                i += 1;
            }
            0x25 => {
                // Every consecutive %xy is a byte; the run is decoded as one.
                let mut bytes = Vec::new();
                while i + 2 < source.len() && unit(i) == 0x25 {
                    let v = java_parse_hex(source.get(i + 1..i + 3).unwrap_or_default()).map_err(
                        |e| {
                            format!(
                                "URLDecoder: Illegal hex characters in escape (%) pattern - {e}"
                            )
                        },
                    )?;
                    let byte = u8::try_from(v).map_err(|_| {
                        "URLDecoder: Illegal hex characters in escape (%) pattern - negative value"
                            .to_string()
                    })?;
                    bytes.push(byte);
                    i += 3;
                }
                if i < source.len() && unit(i) == 0x25 {
                    return Err("URLDecoder: Incomplete trailing escape (%) pattern".to_string());
                }
                out.extend(java_utf8_to_utf16(&bytes));
            }
            u => {
                out.push(u);
                i += 1;
            }
        }
    }
    Ok(String::from_utf16_lossy(&out))
}

/// `Integer.parseInt(s, i, i + 2, 16)` on two UTF-16 units: an optional
/// sign, then digits as [`java_hex_digit`] reads them. The error is the
/// `NumberFormatException` message.
fn java_parse_hex(units: &[u16]) -> Result<i32, String> {
    let shown = String::from_utf16_lossy(units);
    let error = |at: usize| format!("Error at index {at} in: \"{shown}\"");
    let digit = |u: u16| {
        char::from_u32(u32::from(u))
            .and_then(java_hex_digit)
            .map(i32::from)
    };
    let mut negative = false;
    let mut at = 0;
    match units.first() {
        None => return Err("For input string: \"\" under radix 16".to_string()),
        Some(&u) if u < u16::from(b'0') => {
            match u {
                0x2D => negative = true,
                0x2B => {}
                _ => return Err(error(0)),
            }
            at = 1;
            if units.len() == 1 {
                return Err(error(1));
            }
        }
        Some(_) => {}
    }
    let mut value = 0i32;
    while let Some(&u) = units.get(at) {
        value = value * 16 + digit(u).ok_or_else(|| error(at))?;
        at += 1;
    }
    Ok(if negative { -value } else { value })
}

/// `new String(bytes, UTF_8)` in Java 17: well-formed sequences become
/// their characters; each ill-formed part becomes one U+FFFD, measured as
/// Java's decoder measures it (which, unlike the maximal subparts of
/// Unicode's recommended practice, takes an encoded surrogate such as
/// `ED A0 80` as one part).
fn java_utf8_to_utf16(bytes: &[u8]) -> Vec<u16> {
    const REPLACEMENT: u16 = 0xFFFD;
    let cont = |b: Option<&u8>| b.is_some_and(|&b| b & 0xC0 == 0x80);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b1) = bytes.get(i) {
        let b2 = bytes.get(i + 1);
        let b3 = bytes.get(i + 2);
        let b4 = bytes.get(i + 3);
        let len = match b1 {
            0x00..=0x7F => {
                out.push(u16::from(b1));
                i += 1;
                continue;
            }
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => {
                out.push(REPLACEMENT);
                i += 1;
                continue;
            }
        };
        // Whether the second byte may follow this lead (Unicode Table 3-6,
        // as Java checks it; surrogates are caught after decoding).
        let second_ok = |b: u8| match b1 {
            0xE0 => (0xA0..=0xBF).contains(&b),
            0xF0 => (0x90..=0xBF).contains(&b),
            0xF4 => (0x80..=0x8F).contains(&b),
            _ => b & 0xC0 == 0x80,
        };
        let whole = bytes.get(i..i + len);
        let well_formed = whole.is_some_and(|seq| {
            seq.get(1).is_some_and(|&b| second_ok(b))
                && seq.iter().skip(2).all(|&b| b & 0xC0 == 0x80)
        });
        if well_formed {
            let seq = whole.unwrap_or_default();
            match std::str::from_utf8(seq) {
                Ok(s) => out.extend(s.encode_utf16()),
                // ED A0..BF: an encoded surrogate, one U+FFFD for all three.
                Err(_) => out.push(REPLACEMENT),
            }
            i += len;
            continue;
        }
        // Ill-formed: one U+FFFD for the lead and the continuation bytes
        // that may follow it.
        out.push(REPLACEMENT);
        let mut used = 1;
        if b2.is_some_and(|&b| second_ok(b)) {
            used = 2;
            if len == 4 && cont(b3) && b4.is_none_or(|&b| b & 0xC0 != 0x80) {
                used = 3;
            }
        }
        i += used;
    }
    out
}

/// `decodeURI` / `decodeURIComponent` (ECMA-262 `Decode`): escapes of the
/// reserved set stay as written when `keep_reserved`.
fn js_decode(text: &[u8], keep_reserved: bool) -> Result<String, DialectError> {
    let malformed = || DialectError("URIError: URI malformed".to_string());
    let source = std::str::from_utf8(text).map_err(|_| malformed())?;
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b != b'%' {
            let c = source
                .get(i..)
                .and_then(|s| s.chars().next())
                .ok_or_else(malformed)?;
            out.push(c);
            i += c.len_utf8();
            continue;
        }
        let first = escape_at(bytes.get(i..).unwrap_or_default()).ok_or_else(malformed)?;
        if first < 0x80 {
            let c = char::from(first);
            if keep_reserved && ";/?:@&=+$,#".contains(c) {
                out.push_str(source.get(i..i + 3).unwrap_or_default());
            } else {
                out.push(c);
            }
            i += 3;
            continue;
        }
        // A multi-byte sequence: all of it must be escapes and well formed.
        let len = crate::utf8::sequence_len(first).ok_or_else(malformed)?;
        let mut seq = vec![first];
        for k in 1..len {
            let v = escape_at(bytes.get(i + 3 * k..).unwrap_or_default()).ok_or_else(malformed)?;
            seq.push(v);
        }
        let c = std::str::from_utf8(&seq).map_err(|_| malformed())?;
        out.push_str(c);
        i += 3 * len;
    }
    Ok(out)
}

/// `unescape` (ECMA-262 Annex B).
fn js_unescape(text: &[u8]) -> String {
    let source = String::from_utf8_lossy(text);
    let bytes = source.as_bytes();
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            if let [b'u', a, b2, c, d, ..] = bytes.get(i + 1..).unwrap_or_default() {
                let v = [a, b2, c, d]
                    .iter()
                    .try_fold(0u16, |acc, &&h| Some(acc << 4 | u16::from(hex_value(h)?)));
                if let Some(v) = v {
                    units.push(v);
                    i += 6;
                    continue;
                }
            }
            if let Some(v) = escape_at(bytes.get(i..).unwrap_or_default()) {
                units.push(u16::from(v));
                i += 3;
                continue;
            }
        }
        let c = source
            .get(i..)
            .and_then(|s| s.chars().next())
            .unwrap_or('\u{FFFD}');
        let mut buf = [0u16; 2];
        units.extend_from_slice(c.encode_utf16(&mut buf));
        i += c.len_utf8();
    }
    char::decode_utf16(units)
        .map(|r| match r {
            Ok(c) => c.to_string(),
            Err(e) => format!("\\u{{{:04x}}}", e.unpaired_surrogate()),
        })
        .collect()
}
