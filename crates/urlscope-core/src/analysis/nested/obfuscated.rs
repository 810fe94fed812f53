//! Carriers written to hide what they carry, which a page's script or a
//! lax server undoes before it follows them: a URL written backwards
//! (`moc.elpmaxe.live//:sptth`, undone by `split('').reverse().join('')`),
//! base64 written backwards, `%uXXXX` escapes (IIS and JavaScript's
//! `unescape`), and HTML character references (`&#104;&#116;...`,
//! `&colon;`). Each route reads a value only when what it decodes carries
//! a URL, so a word that happens to read as something backwards is left
//! alone.

use super::{base64_payload, find_url, text_carries_url, NestedKind, SCRIPT_SCHEMES};

/// The fewest bytes a value any route reads a URL from has: `a//:sw` read
/// backwards is `ws://a`; an escape or a reference takes six or more, and
/// base64 twelve. Shorter values are turned away before any gate.
pub(super) const SHORTEST: usize = 6;

/// What one of the routes decoded: the kind and the text.
pub(super) fn decoded(layer: &[u8]) -> Option<(NestedKind, String)> {
    if let Some(text) = reversed_url(layer) {
        return Some((NestedKind::Reversed, text));
    }
    if let Some(text) = reversed_base64(layer) {
        return Some((NestedKind::ReversedBase64, text));
    }
    if let Some(text) = percent_u(layer) {
        return Some((NestedKind::PercentU, text));
    }
    entities(layer).map(|text| (NestedKind::Entities, text))
}

/// Whether `layer` read backwards starts with a scheme and its `:` (what
/// [`find_url`] needs of an absolute URL): from its end, a letter, then
/// up to 31 scheme bytes, then `:`. No allocation.
pub(super) fn may_be_reversed_url(layer: &[u8]) -> bool {
    if !layer.last().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let tail = layer
        .get(layer.len().saturating_sub(33)..)
        .unwrap_or_default();
    memchr::memrchr(b':', tail).is_some_and(|colon| {
        tail.get(colon + 1..)
            .unwrap_or_default()
            .iter()
            .all(|&b| crate::schemes::is_scheme_byte(b))
    })
}

/// Whether `layer` holds a `%` or a `&`, which the `%u` and the
/// character reference routes need.
#[inline]
pub(super) fn may_be_escaped(layer: &[u8]) -> bool {
    memchr::memchr2(b'%', b'&', layer).is_some()
}

/// `layer` read backwards, when it is ASCII and so reads as a URL.
pub(super) fn reversed_url(layer: &[u8]) -> Option<String> {
    if !may_be_reversed_url(layer) || !layer.is_ascii() {
        return None;
    }
    let text: String = layer.iter().rev().map(|&b| char::from(b)).collect();
    let found = find_url(text.as_bytes())?;
    // An absolute URL, not a scheme-relative one: `//` at a value's end
    // is too common to read backwards. Its scheme is followed by `//`
    // unless it runs script: text that ends `:SSW` (a wind's direction)
    // reads backwards as `WSS:...`, no URL anyone wrote.
    let (scheme, rest) = text.split_once(':')?;
    let script = SCRIPT_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str());
    (found.from == 0 && (rest.starts_with("//") || script)).then_some(text)
}

/// The digits of `layer` read backwards as base64, the padding at its
/// start dropped, when there are at least 12 and all are of the alphabet:
/// the cheap test before [`reversed_base64`].
pub(super) fn reversed_base64_body(layer: &[u8]) -> Option<&[u8]> {
    let body = layer
        .strip_prefix(b"==")
        .or_else(|| layer.strip_prefix(b"="))
        .unwrap_or(layer);
    super::gates::base64_digits(body)
}

/// The text of `layer` read backwards as base64, when it carries a URL.
pub(super) fn reversed_base64(layer: &[u8]) -> Option<String> {
    reversed_base64_body(layer)?;
    let reversed: Vec<u8> = layer.iter().rev().copied().collect();
    let (_, text) = base64_payload(&reversed)?;
    find_url(text.as_bytes()).is_some().then_some(text)
}

/// Whether `layer` holds a `%uXXXX` escape.
pub(super) fn has_percent_u(layer: &[u8]) -> bool {
    memchr::memchr_iter(b'%', layer).any(|at| {
        layer.get(at + 1).is_some_and(|&u| u | 32 == b'u')
            && layer
                .get(at + 2..at + 6)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
    })
}

/// `layer` with its `%uXXXX` escapes (UTF-16 code units, surrogate pairs
/// joined) and `%XX` escapes decoded, when it holds a `%u` and the text
/// carries a URL (at its start or among other text).
pub(super) fn percent_u(layer: &[u8]) -> Option<String> {
    if !has_percent_u(layer) {
        return None;
    }
    let mut units: Vec<u16> = Vec::with_capacity(layer.len());
    let mut bytes: Vec<u8> = Vec::new();
    let flush = |bytes: &mut Vec<u8>, units: &mut Vec<u16>| {
        units.extend(String::from_utf8_lossy(bytes).encode_utf16());
        bytes.clear();
    };
    let hex = |h: &[u8]| {
        h.iter().try_fold(0u16, |n, &d| {
            crate::percent::hex_value(d).map(|v| n << 4 | u16::from(v))
        })
    };
    let mut i = 0;
    while let Some(&b) = layer.get(i) {
        let unit = (b == b'%')
            .then(|| layer.get(i + 1..i + 6))
            .flatten()
            .filter(|e| e.first().is_some_and(|&u| u | 32 == b'u'))
            .and_then(|e| hex(e.get(1..).unwrap_or_default()));
        if let Some(unit) = unit {
            flush(&mut bytes, &mut units);
            units.push(unit);
            i += 6;
            continue;
        }
        let byte = (b == b'%')
            .then(|| layer.get(i + 1..i + 3))
            .flatten()
            .and_then(hex);
        match byte {
            Some(v) => {
                bytes.push(v as u8);
                i += 3;
            }
            None => {
                bytes.push(b);
                i += 1;
            }
        }
    }
    flush(&mut bytes, &mut units);
    let text = String::from_utf16_lossy(&units);
    text_carries_url(text.as_bytes()).then_some(text)
}

/// The named character references a URL is spelled with, and what they
/// stand for (HTML's named references, the ones for URL punctuation).
const NAMED: &[(&str, char)] = &[
    ("colon", ':'),
    ("sol", '/'),
    ("bsol", '\\'),
    ("period", '.'),
    ("quest", '?'),
    ("equals", '='),
    ("amp", '&'),
    ("num", '#'),
    ("commat", '@'),
    ("percnt", '%'),
    ("lpar", '('),
    ("rpar", ')'),
    ("quot", '"'),
    ("apos", '\''),
    ("lt", '<'),
    ("gt", '>'),
    ("Tab", '\t'),
    ("NewLine", '\n'),
];

/// The character reference at the start of `text` (after its `&`): the
/// character and the bytes it takes, `;` included when written.
fn reference(text: &[u8]) -> Option<(char, usize)> {
    if let Some(rest) = text.strip_prefix(b"#") {
        let (digits, radix, skip) = match rest.first() {
            Some(b'x' | b'X') => (rest.get(1..).unwrap_or_default(), 16, 2),
            _ => (rest, 10, 1),
        };
        let len = digits
            .iter()
            .take(8)
            .take_while(|b| char::from(**b).is_digit(radix))
            .count();
        let number = std::str::from_utf8(digits.get(..len)?).ok()?;
        let c = char::from_u32(u32::from_str_radix(number, radix).ok()?)?;
        let semi = usize::from(digits.get(len) == Some(&b';'));
        return (len > 0).then_some((c, skip + len + semi));
    }
    NAMED.iter().find_map(|(name, c)| {
        let after = text.strip_prefix(name.as_bytes())?;
        after
            .first()
            .is_some_and(|&b| b == b';')
            .then_some((*c, name.len() + 1))
    })
}

/// Whether `layer` may hold a character reference: a `&` followed by `#`
/// or a letter.
pub(super) fn may_hold_reference(layer: &[u8]) -> bool {
    memchr::memchr_iter(b'&', layer).any(|at| {
        layer
            .get(at + 1)
            .is_some_and(|&b| b == b'#' || b.is_ascii_alphabetic())
    })
}

/// `layer` with its character references decoded, when it holds one and
/// the text carries a URL (at its start or among other text).
pub(super) fn entities(layer: &[u8]) -> Option<String> {
    if !may_hold_reference(layer) {
        return None;
    }
    let text = String::from_utf8_lossy(layer);
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_ref();
    let mut any = false;
    while let Some(at) = rest.find('&') {
        out.push_str(rest.get(..at).unwrap_or_default());
        let after = rest.get(at + 1..).unwrap_or_default();
        match reference(after.as_bytes()) {
            Some((c, len)) => {
                out.push(c);
                any = true;
                rest = after.get(len..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    (any && text_carries_url(out.as_bytes())).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_route_reads_its_spelling() {
        assert_eq!(
            reversed_url(b"nigol/moc.elpmaxe.live//:sptth").as_deref(),
            Some("https://evil.example.com/login")
        );
        // base64 of "https://evil.example/", written backwards.
        use base64::Engine;
        let forward = base64::engine::general_purpose::STANDARD.encode("https://evil.example/");
        let backward: String = forward.chars().rev().collect();
        assert_eq!(
            reversed_base64(backward.as_bytes()).as_deref(),
            Some("https://evil.example/")
        );
        assert_eq!(
            percent_u(b"%u0068%u0074%u0074%u0070%u003a//evil.example/").as_deref(),
            Some("http://evil.example/")
        );
        assert_eq!(
            entities(b"&#104;&#x74;&#116;p&colon;&sol;&sol;evil.example/").as_deref(),
            Some("http://evil.example/")
        );
    }

    #[test]
    fn nothing_shorter_than_the_shortest_carries_a_url() {
        assert!(reversed_url(b"a//:sw").is_some());
        for len in 0..SHORTEST {
            for value in [&b"a//:sw"[..], b"&#47;/a", b"%u002f/a"] {
                let short = value.get(value.len() - len..).unwrap_or_default();
                assert_eq!(decoded(short), None, "{len}");
            }
        }
    }

    #[test]
    fn words_and_plain_values_are_left_alone() {
        for value in [
            &b"olleh"[..],
            b"a//:b",
            b"moc.elpmaxe//",
            // A scheme with no `//` read backwards: a wind's direction.
            b"winddir:SSW",
            b"locale:sw",
            b"ZGxyb3cgb2xsZWg",
            b"100%u",
            b"%u00zz",
            b"fish&chips",
            b"&amp;",
            b"a&#98;c",
        ] {
            assert_eq!(decoded(value), None, "{}", String::from_utf8_lossy(value));
        }
    }
}
