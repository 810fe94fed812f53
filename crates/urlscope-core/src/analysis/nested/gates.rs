//! The gates of the unfolding: cheap tests, made without allocating, that
//! a value or a layer may hold what a route of the unfolding finds (a URL,
//! a JWT, a base64 or hex payload). Each is exact: every value a route
//! finds something in passes it (the property tests below compare them
//! with the routes ungated).

use super::obfuscated;
use super::payloads::carries_url_within;
use super::{base64_payload, find_url, hex_payload, jwt, MAX_DEPTH};
use crate::split::ComponentKind;

/// Where to look for nested values in a component, and what to call it.
pub(crate) fn may_carry(kind: ComponentKind) -> bool {
    matches!(
        kind,
        ComponentKind::QueryValue
            | ComponentKind::Fragment
            | ComponentKind::PathSegment
            | ComponentKind::Userinfo
    )
}

/// Whether one layer of a component carries a URL by any route
/// [`unfold`](super::unfold) follows: at its start, in a JWT's claims, in base64 or hex
/// (at the start of the text or among other text, as
/// [`text_carries_url`](super::found::text_carries_url) reads it). The fast path ([`crate::triage`]) asks
/// exactly this of every value.
///
/// Each route is tried only past a gate that every value it finds a URL
/// in passes, checked without allocating: most values are words and
/// numbers, which none of them passes.
pub(crate) fn carries_url(value: &[u8]) -> bool {
    let carries = |text: &str| carries_url_within(text, PAYLOAD_LAYERS);
    (may_start_url(value) && find_url(value).is_some())
        || (value.starts_with(b"eyJ")
            && jwt(value).is_some_and(|j| j.linking_claims().any(|(_, v)| carries(v))))
        || (base64_may_carry_url(value) && base64_payload(value).is_some_and(|(_, t)| carries(&t)))
        || (hex_may_carry_url(value) && hex_payload(value).is_some_and(|t| carries(&t)))
        || (value.len() >= obfuscated::SHORTEST && obfuscated_carries_url(value))
}

/// How many decodings under a top-level value's payload the unfolding
/// reads (see [`super::payload_layers`]): a URL under them is analysed at
/// most [`MAX_DEPTH`] deep.
const PAYLOAD_LAYERS: usize = MAX_DEPTH - 1;

/// The obfuscated routes of [`carries_url`], each past its gate.
fn obfuscated_carries_url(value: &[u8]) -> bool {
    (obfuscated::may_be_reversed_url(value) && obfuscated::reversed_url(value).is_some())
        || (obfuscated::may_be_escaped(value)
            && (obfuscated::percent_u(value).is_some() || obfuscated::entities(value).is_some()))
        || (reversed_base64_may_carry_url(value) && obfuscated::reversed_base64(value).is_some())
}

/// Whether [`find_url`] skips `b` ahead of a URL: a blank or control a
/// browser strips, or what an HTML filter strips (a unit test holds the
/// two to the same bytes).
fn skipped_ahead(b: u8) -> bool {
    b <= b' ' || matches!(b, b'<' | b'>' | b'"' | b'\'' | b'`')
}

/// Whether [`find_url`] may find a URL in `text`: after the bytes it
/// skips, a separator (`/`, `\`, or a look-alike, each of which starts
/// with a non-ASCII byte) or a letter that starts a scheme that
/// `scheme_at` (in `found.rs`) reads to its `:`.
fn may_start_url(text: &[u8]) -> bool {
    let blanks = text.iter().take_while(|&&b| skipped_ahead(b)).count();
    let rest = text.get(blanks..).unwrap_or_default();
    match rest.first() {
        Some(b'/' | b'\\' | 0x80..) => true,
        Some(b) if b.is_ascii_alphabetic() => scheme_end(rest) == Some(b':'),
        _ => false,
    }
}

/// The first byte of the 32 `scheme_at` (in `found.rs`) reads that cannot be inside a
/// scheme (letters, digits, `+-.`, and the tabs and newlines it drops):
/// a scheme that starts with a letter is read when this is its `:`.
fn scheme_end(text: &[u8]) -> Option<u8> {
    text.iter().take(32).copied().find(|&b| {
        !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.' | b'\t' | b'\n' | b'\r'))
    })
}

/// Whether the payload whose first bytes are `head` (all of it when
/// `whole`) may be printable text that [`find_url`] finds a
/// URL in: [`crate::plain::text_head`] says it may be text, and it starts as
/// [`may_start_url`] accepts (undecided while only skipped bytes, or a
/// scheme whose `:` may lie past the head).
fn head_may_carry_url(head: &[u8], whole: bool) -> bool {
    let Some(bytes) = crate::plain::text_head(head, whole) else {
        return false;
    };
    let blanks = bytes.iter().take_while(|&&b| skipped_ahead(b)).count();
    let rest = bytes.get(blanks..).unwrap_or_default();
    let undecided = !whole && rest.len() < 32;
    match rest.first() {
        None => !whole,
        Some(b'/' | b'\\' | 0x80..) => true,
        Some(b) if b.is_ascii_alphabetic() => match scheme_end(rest) {
            Some(end) => end == b':',
            None => undecided,
        },
        _ => false,
    }
}

/// Whether [`base64_payload`] may decode `value` to text holding a URL:
/// its body (padding dropped) is at least 12 digits of one alphabet, and
/// its first bytes, decoded on the stack, pass [`head_may_carry_url`], or
/// its bytes, decoded one group at a time, pass [`text_may_carry_url`].
fn base64_may_carry_url(value: &[u8]) -> bool {
    base64_body(value).is_some_and(|body| {
        base64_digits_may_carry_url(body.get(..64).unwrap_or(body), body.len())
            || text_may_carry_url(base64_bytes(body))
    })
}

/// The bytes of base64 `digits` (of one alphabet, as checked before), a
/// group of four at a time, a last group of two or three giving one or
/// two.
fn base64_bytes(digits: &[u8]) -> impl Iterator<Item = u8> + '_ {
    digits.chunks(4).flat_map(|group| {
        let n = group.iter().fold(0u32, |n, &d| {
            n << 6 | u32::from(crate::plain::base64_digit(d) & 63)
        });
        let n = n << (6 * (4 - group.len()));
        let [_, a, b, c] = n.to_be_bytes();
        [a, b, c].into_iter().take(group.len().saturating_sub(1))
    })
}

/// Whether decoded payload bytes may be text (see [`printable`]) in which
/// [`carries_url_within`] finds a URL after other text or under more
/// decodings: a URL in prose has a scheme, so a `:` after a byte a scheme
/// ends with (or a tab or newline [`scheme_at`] drops), or before one (a
/// URL written backwards); a payload inside
/// the text is a percent escape's `%` or a run of at least 12 base64
/// digits (hex digits and a JWT's header are such runs). Read until one
/// of those, or until a byte no such text holds: a control but tab and
/// newlines, or a byte that breaks UTF-8 (a continuation byte where none
/// is due, a lead byte where one is, bytes UTF-8 never uses), which ends
/// most binary payloads within a few bytes.
///
/// [`printable`]: super::payloads
/// [`scheme_at`]: super::found
fn text_may_carry_url(bytes: impl Iterator<Item = u8>) -> bool {
    let mut previous = 0u8;
    // Continuation bytes still due for the character being read.
    let mut due = 0u8;
    // The base64 digits in a row up to this byte.
    let mut digits = 0usize;
    // The scheme bytes in a row after the last `:`, if only they followed it.
    let mut backwards: Option<usize> = None;
    for b in bytes {
        match b {
            0x80..=0xBF if due > 0 => due -= 1,
            0xC2..=0xDF if due == 0 => due = 1,
            0xE0..=0xEF if due == 0 => due = 2,
            0xF0..=0xF4 if due == 0 => due = 3,
            0x80.. => return false,
            _ if due > 0 => return false,
            b':' if previous.is_ascii_alphanumeric()
                || matches!(previous, b'+' | b'-' | b'.' | b'\t' | b'\n' | b'\r') =>
            {
                return true
            }
            b'%' => return true,
            b'\t' | b'\n' | b'\r' => {}
            0..=0x1F | 0x7F => return false,
            _ => {}
        }
        digits = if crate::plain::base64_digit(b) == 64 {
            0
        } else {
            digits + 1
        };
        if digits >= 12 {
            return true;
        }
        backwards = match b {
            b':' => Some(0),
            b if crate::schemes::is_scheme_byte(b) => backwards.map(|n| n + 1),
            _ => None,
        };
        previous = b;
    }
    // A URL written backwards ends with its scheme backwards, after a `:`.
    backwards.is_some_and(|n| (1..=32).contains(&n)) && previous.is_ascii_alphabetic()
}

/// [`base64_may_carry_url`] of a body of `len` digits whose first (up to
/// 64) are `digits`: the first two groups of four (which turn most words
/// away), then all of them (48 bytes).
fn base64_digits_may_carry_url(digits: &[u8], len: usize) -> bool {
    // The first two groups straight-line, on no buffer to clear: they
    // turn most words away (then they are decoded again below, rarely).
    if let (Some(&[d0, d1, d2, d3, d4, d5, d6, d7]), true) = (digits.get(..8), len >= 8) {
        let group = |a: u8, b: u8, c: u8, d: u8| {
            [a, b, c, d].iter().fold(0u32, |n, &d| {
                n << 6 | u32::from(crate::plain::base64_digit(d) & 63)
            })
        };
        let [_, a, b, c] = group(d0, d1, d2, d3).to_be_bytes();
        let [_, d, e, f] = group(d4, d5, d6, d7).to_be_bytes();
        if !head_may_carry_url(&[a, b, c, d, e, f], len == 8) {
            return false;
        }
    }
    let mut head = [0u8; 48];
    [8, 64].into_iter().all(|most| {
        let take = digits.get(..len.min(most) / 4 * 4).unwrap_or_default();
        let n = crate::plain::decode_base64_head(take, &mut head);
        head_may_carry_url(head.get(..n).unwrap_or_default(), take.len() == len)
    })
}

/// Whether [`obfuscated::reversed_base64`] may decode `value` to text
/// holding a URL: [`base64_may_carry_url`] of its last digits, read
/// backwards on the stack.
fn reversed_base64_may_carry_url(value: &[u8]) -> bool {
    // The last eight digits first (which turn most values away), then
    // the shape, then up to 64.
    let Some(tail) = value.len().checked_sub(8).and_then(|at| value.get(at..)) else {
        return false;
    };
    if value.len() < 12 || !tail.iter().all(|&b| crate::plain::base64_digit(b) != 64) {
        return false;
    }
    let mut last = [0u8; 8];
    for (out, &b) in last.iter_mut().zip(tail.iter().rev()) {
        *out = b;
    }
    if !base64_digits_may_carry_url(&last, usize::MAX) {
        return false;
    }
    let Some(body) = obfuscated::reversed_base64_body(value) else {
        return false;
    };
    let mut digits = [0u8; 64];
    let n = body.len().min(64);
    for (out, &b) in digits.iter_mut().zip(body.iter().rev()) {
        *out = b;
    }
    base64_digits_may_carry_url(digits.get(..n).unwrap_or_default(), body.len())
}

/// Whether [`hex_payload`] may decode `value` to text holding a URL: an
/// even run of at least 16 hex digits whose first bytes, decoded on the
/// stack, pass [`head_may_carry_url`], or whose bytes, decoded one pair at
/// a time, pass [`text_may_carry_url`].
fn hex_may_carry_url(value: &[u8]) -> bool {
    let mut head = [0u8; 48];
    let Some(len) = hex_head(value, &mut head) else {
        return false;
    };
    head_may_carry_url(head.get(..len).unwrap_or_default(), 2 * len == value.len())
        || text_may_carry_url(value.chunks_exact(2).map(|pair| {
            let digit = |i: usize| {
                pair.get(i)
                    .and_then(|&d| crate::percent::hex_value(d))
                    .unwrap_or_default()
            };
            digit(0) << 4 | digit(1)
        }))
}

/// The body of a base64 or base64url payload the unfolding may decode:
/// the padding dropped, at least 12 digits, each of one alphabet or the
/// other.
fn base64_body(value: &[u8]) -> Option<&[u8]> {
    let body = crate::plain::without_base64_padding(value);
    base64_digits(body)
}

/// `body` when it is at least 12 digits, each of one base64 alphabet or
/// the other: what a payload needs once its padding is dropped (at its
/// end, or at its start when it is written backwards).
pub(super) fn base64_digits(body: &[u8]) -> Option<&[u8]> {
    let digits = body.iter().all(|&b| crate::plain::base64_digit(b) != 64);
    (body.len() >= 12 && digits).then_some(body)
}

/// The first bytes of a hex payload the unfolding may decode (an even
/// run of at least 16 hex digits), decoded into `head` as far as it
/// holds; how many.
fn hex_head(value: &[u8], head: &mut [u8]) -> Option<usize> {
    if value.len() < 16
        || !value.len().is_multiple_of(2)
        || !value.iter().all(u8::is_ascii_hexdigit)
    {
        return None;
    }
    let mut len = 0;
    for (pair, out) in value.chunks_exact(2).zip(head.iter_mut()) {
        let hi = pair.first().and_then(|&d| crate::percent::hex_value(d));
        let lo = pair.get(1).and_then(|&d| crate::percent::hex_value(d));
        *out = hi.unwrap_or_default() << 4 | lo.unwrap_or_default();
        len += 1;
    }
    Some(len)
}

/// Whether [`unfold_value`](super::value::unfold_value) may find a value in `layer`: each of its
/// routes is tried only past a gate that every layer it finds something
/// in passes, checked without allocating. A URL needs what
/// [`may_start_url`] asks; a JWT's header starts `eyJ`; a base64 or hex
/// payload needs its shape and printable first bytes, decoded
/// on the stack; an obfuscated one ([`obfuscated`]) a scheme at its end,
/// base64 that read backwards may carry a URL, a `%u` escape or a `&`
/// reference.
pub(super) fn may_hold_value(layer: &[u8]) -> bool {
    may_start_url(layer)
        || layer.starts_with(b"eyJ")
        || base64_may_be_text(layer)
        || hex_may_be_text(layer)
        || obfuscated::may_be_reversed_url(layer)
        || reversed_base64_may_carry_url(layer)
        || obfuscated::has_percent_u(layer)
        || obfuscated::may_hold_reference(layer)
}

/// Whether [`base64_payload`] may decode `value` to text: its body
/// (padding dropped) is at least 12 digits, and its first two groups,
/// decoded on the stack, pass [`crate::plain::text_head`].
fn base64_may_be_text(value: &[u8]) -> bool {
    let Some(body) = base64_body(value) else {
        return false;
    };
    let mut head = [0u8; 6];
    let len = crate::plain::decode_base64_head(body.get(..8).unwrap_or_default(), &mut head);
    crate::plain::text_head(head.get(..len).unwrap_or_default(), false).is_some()
}

/// Whether [`hex_payload`] may decode `value` to text: an even run of at
/// least 16 hex digits whose first eight bytes, decoded on the stack,
/// pass [`crate::plain::text_head`].
fn hex_may_be_text(value: &[u8]) -> bool {
    let mut head = [0u8; 8];
    hex_head(value, &mut head)
        .is_some_and(|_| crate::plain::text_head(&head, value.len() == 16).is_some())
}

/// A cheap test that a component's raw bytes may carry a nested value: a
/// `:`, a separator, an escape, or a run long enough for a payload.
pub(crate) fn worth_a_look(raw: &[u8]) -> bool {
    raw.len() >= 12
        || raw
            .iter()
            .any(|&b| matches!(b, b':' | b'/' | b'\\' | b'%') || b <= b' ' || b >= 0x80)
}

#[cfg(test)]
mod tests {
    use super::super::found::{LOOKALIKE_DOUBLE_SLASHES, LOOKALIKE_SLASHES};
    use super::*;

    /// `carries_url` without its gates: each route tried as it is.
    fn carries_url_ungated(value: &[u8]) -> bool {
        let carries = |text: &str| carries_url_within(text, PAYLOAD_LAYERS);
        find_url(value).is_some()
            || jwt(value).is_some_and(|j| j.linking_claims().any(|(_, v)| carries(v)))
            || base64_payload(value).is_some_and(|(_, t)| carries(&t))
            || hex_payload(value).is_some_and(|t| carries(&t))
            || obfuscated::decoded(value).is_some()
    }

    #[test]
    fn the_skipped_bytes_are_find_urls() {
        for b in 0..=255u8 {
            let text = [b, b'/', b'/', b'a'];
            let skipped = find_url(&text).is_some_and(|f| f.from == 1);
            assert_eq!(skipped_ahead(b), skipped, "{b:#04x}");
        }
        for s in LOOKALIKE_SLASHES.iter().chain(LOOKALIKE_DOUBLE_SLASHES) {
            assert!(s.as_bytes().first().is_some_and(|&b| b >= 0x80), "{s}");
        }
    }

    /// Each gate, with a value just inside it that carries a URL, and one
    /// just outside.
    #[test]
    fn a_value_just_inside_each_gate_is_read() {
        let colon_at_31 = format!("{}:", "a".repeat(31));
        let colon_at_32 = format!("{}:", "a".repeat(32));
        let inside: [&[u8]; 9] = [
            b"//evil.example",
            b"<'\\\\evil.example",
            "／／evil.example".as_bytes(),
            b" javascript:alert(1)",
            b"Ly9ldmlsLmV4YW1wbGU",
            b"aHR0cHM6Ly9ldmlsLmV4YW1wbGUv",
            b"2f2f6576696c2e6578616d706c65",
            b"eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJodHRwOi8vMTY5LjI1NC4xNjkuMjU0LyJ9.c2ln",
            b"IGphdmFzY3JpcHQ6YWxlcnQoMSk",
        ];
        for value in inside {
            assert!(carries_url(value), "{}", String::from_utf8_lossy(value));
        }
        assert!(may_start_url(colon_at_31.as_bytes()));
        assert!(!may_start_url(colon_at_32.as_bytes()));
        // Base64 for ' ' then 31 letters and ':' (the colon in the 33rd
        // decoded byte) is inside; one letter more is out.
        use base64::Engine;
        let engine = &base64::engine::general_purpose::STANDARD_NO_PAD;
        for (letters, carries) in [(31, true), (32, false)] {
            let text = format!(" {}://evil.example", "a".repeat(letters));
            let encoded = engine.encode(&text);
            let digits = encoded.as_bytes();
            let head =
                base64_digits_may_carry_url(digits.get(..64).unwrap_or(digits), digits.len());
            assert_eq!(head, carries, "{text}");
            // The colon still lets it past the gate for URLs among text,
            // and no route reads a 32-letter scheme.
            assert!(base64_may_carry_url(digits), "{text}");
            assert_eq!(carries_url(digits), carries, "{text}");
        }
        for value in [
            &b"documentation"[..],
            b"12:30",
            b"0123456789abcdef",
            b"d41d8cd98f00b204e9800998ecf8427e",
            b"eyJub3QiOiJhIHRva2VuIn0",
        ] {
            assert!(!carries_url(value), "{}", String::from_utf8_lossy(value));
            assert!(!may_start_url(value), "{}", String::from_utf8_lossy(value));
            assert!(!base64_may_carry_url(value) && !hex_may_carry_url(value));
        }
    }

    /// The gate for URLs among a payload's text reads to a scheme's `:`,
    /// and stops at the first byte no text holds.
    #[test]
    fn text_may_carry_url_reads_to_a_colon_or_a_byte_no_text_holds() {
        let gate = |b: &[u8]| text_may_carry_url(b.iter().copied());
        assert!(gate(b"Continue at https://evil.example"));
        assert!(gate("caf\u{e9} javascript:x".as_bytes()));
        assert!(gate(b"http\t:x"));
        assert!(!gate(br#"{"a":1}"#));
        assert!(!gate(b"no colon here"));
        // A control, a stray continuation byte, a lead byte cut short.
        assert!(!gate(b"a\x01 https://evil.example"));
        assert!(!gate(b"a\x80 https://evil.example"));
        assert!(!gate(b"\xc3a https://evil.example"));
        // Base64 of text with a URL mid-text passes, whatever its head.
        use base64::Engine;
        let encoded = base64::engine::general_purpose::STANDARD_NO_PAD
            .encode("Continue at https://evil.example now");
        assert!(base64_may_carry_url(encoded.as_bytes()));
        assert!(carries_url(encoded.as_bytes()));
        let hex: String = "see http://x.example"
            .bytes()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert!(hex_may_carry_url(hex.as_bytes()) && carries_url(hex.as_bytes()));
    }

    /// `unfold_value`'s routes, each tried as it is.
    fn holds_value_ungated(layer: &[u8]) -> bool {
        find_url(layer).is_some()
            || jwt(layer).is_some()
            || base64_payload(layer).is_some()
            || hex_payload(layer).is_some()
    }

    /// A layer just inside each of `may_hold_value`'s gates is unfolded,
    /// and one just outside is not.
    #[test]
    fn a_layer_just_inside_the_unfolding_gate_is_read() {
        let inside: [&[u8]; 6] = [
            b"//evil.example",
            b"eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJodHRwOi8vMTY5LjI1NC4xNjkuMjU0LyJ9.c2ln",
            // Base64 of "abcdefghi": twelve digits, the fewest read.
            b"YWJjZGVmZ2hp",
            b"YWJjZGVmZ2hp==",
            // Hex of "abcdefgh": sixteen digits, the fewest read.
            b"6162636465666768",
            b"616263646566676869",
        ];
        for layer in inside {
            let text = String::from_utf8_lossy(layer);
            assert!(may_hold_value(layer), "{text}");
            assert!(holds_value_ungated(layer), "{text}");
        }
        // Base64 of text with a character cut where the decoded head ends.
        let inside_base64 = {
            use base64::Engine;
            base64::engine::general_purpose::STANDARD_NO_PAD.encode("aaaaaé bcdefgh")
        };
        assert!(may_hold_value(inside_base64.as_bytes()));
        assert!(holds_value_ungated(inside_base64.as_bytes()));
        for layer in [
            // Eleven base64 digits, fourteen hex digits.
            &b"YWJjZGVmZ2h"[..],
            b"61626364656667",
            // A control in the first decoded bytes (base64 of "\x01abcdefgh").
            b"AWFiY2RlZmdo",
            // Hex of "\x01abcdefg".
            b"0161626364656667",
            b"caf\xc3\xa9",
            b"../",
            b"a b",
        ] {
            let text = String::from_utf8_lossy(layer);
            assert!(!may_hold_value(layer), "{text}");
            assert!(!holds_value_ungated(layer), "{text}");
        }
    }

    use proptest::prelude::*;

    /// Text a payload may hold: URL pieces, words, what `find_url` skips.
    fn payload_text() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"http".to_vec()),
            Just(b"javascript".to_vec()),
            Just(b"://".to_vec()),
            Just(b":".to_vec()),
            Just(b"//".to_vec()),
            Just(b"\\".to_vec()),
            Just("／".as_bytes().to_vec()),
            Just("é".as_bytes().to_vec()),
            Just(b"evil.example".to_vec()),
            prop::sample::select(b" \t\n<>\"'`\x00\x7f.-+_=".to_vec()).prop_map(|b| vec![b]),
            "[a-z0-9]{1,12}".prop_map(String::into_bytes),
            any::<u8>().prop_map(|b| vec![b]),
        ];
        prop::collection::vec(piece, 0..12).prop_map(|v| v.concat())
    }

    /// A value: such text as it is, or in base64 of either alphabet
    /// (padded or not), hex, or a JWT claim, or under two such layers.
    fn carried_value() -> impl Strategy<Value = Vec<u8>> {
        use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE_NO_PAD};
        use base64::Engine;
        (payload_text(), 0..10u8).prop_map(|(text, how)| match how {
            0 => text,
            // Payloads inside payloads: base64 of base64, of JSON holding
            // base64, of the text percent-encoded, hex of base64.
            6 => STANDARD.encode(STANDARD.encode(&text)).into_bytes(),
            7 => {
                let json = serde_json::json!({ "u": STANDARD.encode(&text) });
                STANDARD.encode(json.to_string()).into_bytes()
            }
            8 => {
                let escaped: String = text.iter().map(|b| format!("%{b:02X}")).collect();
                STANDARD.encode(escaped).into_bytes()
            }
            9 => STANDARD
                .encode(&text)
                .bytes()
                .flat_map(|b| format!("{b:02x}").into_bytes())
                .collect(),
            1 => STANDARD.encode(&text).into_bytes(),
            2 => STANDARD_NO_PAD.encode(&text).into_bytes(),
            3 => URL_SAFE_NO_PAD.encode(&text).into_bytes(),
            4 => text
                .iter()
                .flat_map(|b| format!("{b:02x}").into_bytes())
                .collect(),
            _ => {
                let claim = serde_json::json!({ "u": String::from_utf8_lossy(&text) });
                format!(
                    "eyJhbGciOiJub25lIn0.{}.c2ln",
                    URL_SAFE_NO_PAD.encode(claim.to_string())
                )
                .into_bytes()
            }
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6000))]

        /// The unfolding gate never turns a layer away that a route reads.
        #[test]
        fn the_unfolding_gate_turns_no_value_away(value in carried_value()) {
            prop_assert!(
                may_hold_value(&value) || !holds_value_ungated(&value),
                "{:?}",
                String::from_utf8_lossy(&value)
            );
        }

        /// The same on any bytes.
        #[test]
        fn the_unfolding_gate_turns_no_bytes_away(value in prop::collection::vec(any::<u8>(), 0..40)) {
            prop_assert!(
                may_hold_value(&value) || !holds_value_ungated(&value),
                "{:?}",
                String::from_utf8_lossy(&value)
            );
        }

        /// The gates never turn a value away that a route finds a URL in.
        #[test]
        fn the_gates_change_no_answer(value in carried_value()) {
            prop_assert_eq!(
                carries_url(&value),
                carries_url_ungated(&value),
                "{:?}",
                String::from_utf8_lossy(&value)
            );
        }
    }
}
