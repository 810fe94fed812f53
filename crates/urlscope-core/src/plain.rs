//! Plain input: what a URL holds when no warning can fire there, tested
//! in one pass with no allocation. Two readers share it: the fast path of
//! [`crate::triage`], and the analysis' gate on the WHATWG parse (a
//! WHATWG parser reads a plain origin as RFC 3986 does,
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>).
//!
//! The byte classes are derived from the warning catalogue's signals
//! ([`crate::warnings::Signal`]): a byte is plain when it is no code's
//! signal.

use crate::names::Labels;

// Byte classes, in a table so that each byte costs one load.

/// Bytes a plain URL may hold: those that are no warning code's signal
/// ([`crate::warnings::is_signal_byte`]), which comes to ALPHA DIGIT
/// `-._~!$&'()*+,;=:/?#@`.
pub(crate) const PLAIN: u8 = 1;
/// Letters, digits and '-', but 'x' and 'X' (a `0x` spelling): the bytes
/// a path part's checks need nothing from.
pub(crate) const RUN: u8 = 2;
/// Letters, digits, '-' and '_': the bytes of a plain host label (DNS
/// and browsers take '_' in a name; the deceptive-host gate reads it as
/// glue, as '-').
pub(crate) const LABEL: u8 = 4;
/// The [stray](crate::warnings::Signal::Stray) bytes `"`, `` ` ``, `{`
/// and `}`: plain, in a host too, when the threshold is above `low`.
pub(crate) const STRAY: u8 = 8;
/// `[` and `]`: plain after the authority (never in a host) when the
/// threshold is above `low`.
pub(crate) const BRACKET: u8 = 16;

/// A stray byte a plain host may hold above `low` in its label loop: all
/// but `{`, which [`plain_authority`] judges with the byte after it (`{{`
/// opens a template expression).
const HOST_STRAY: u8 = 32;

const CLASSES: [u8; 256] = classes();

#[allow(clippy::indexing_slicing)]
const fn classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if !crate::warnings::is_signal_byte(c) {
            table[b] = PLAIN;
        }
        if c.is_ascii_alphanumeric() || c == b'-' {
            table[b] |= LABEL | if c == b'x' || c == b'X' { 0 } else { RUN };
        }
        if c == b'_' {
            table[b] |= LABEL;
        }
        if crate::warnings::Signal::Stray.matches_byte(c) {
            table[b] |= STRAY;
            if c != b'{' {
                table[b] |= HOST_STRAY;
            }
        }
        if crate::warnings::Signal::Brackets.matches_byte(c) {
            table[b] |= BRACKET;
        }
        b += 1;
    }
    table
}

#[inline(always)]
pub(crate) fn class(b: u8) -> u8 {
    CLASSES.get(usize::from(b)).copied().unwrap_or(0)
}

/// How many bytes `text` starts with that are all in the class `bits`.
#[inline(always)]
pub(crate) fn run_of(text: &[u8], bits: u8) -> usize {
    text.iter()
        .position(|&b| class(b) & bits == 0)
        .unwrap_or(text.len())
}

/// Where the path starts when `input` opens with a plain origin: `http`,
/// `https`, `ws`, `wss` or `ftp` (any case) with exactly `//` before a
/// plain authority (see [`plain_authority`]). Both the fast path
/// ([`crate::triage`]) and the analysis' WHATWG gate start from it: a
/// WHATWG parser reads such an origin as RFC 3986 does.
#[inline]
pub(crate) fn plain_origin(input: &[u8]) -> Option<usize> {
    plain_origin_host(input, false).map(|(_, path_start)| path_start)
}

/// [`plain_origin`], with its host's labels; `stray` lets the host hold
/// [`STRAY`] bytes (for the fast path above `low`).
#[inline]
pub(crate) fn plain_origin_host(input: &[u8], stray: bool) -> Option<(Labels<'_>, usize)> {
    // `https://` and `http://`, nearly every URL of a log, in one
    // comparison of their first eight bytes each (any case: the mask
    // lowers the scheme's letters, and a byte only matches a letter with
    // 0x20 set when it is that letter in either case).
    let head = |n: usize| {
        input
            .get(..8)
            .and_then(|h| <[u8; 8]>::try_from(h).ok())
            .map(|h| u64::from_le_bytes(h) & (u64::MAX >> (8 * (8 - n))))
    };
    let lowered = |word: u64, letters: u32| word | (0x2020_2020_2020 >> (8 * (6 - letters)));
    if head(8).is_some_and(|h| lowered(h, 5) == u64::from_le_bytes(*b"https://")) {
        return plain_authority(input, 8, stray);
    }
    if head(7).is_some_and(|h| lowered(h, 4) == u64::from_le_bytes(*b"http://\0")) {
        return plain_authority(input, 7, stray);
    }
    plain_authority(
        input,
        crate::schemes::special_network_authority(input)?,
        stray,
    )
}

/// The longest label DNS carries (RFC 1035 §2.3.4).
pub(crate) const MAX_LABEL: usize = 63;

/// The longest name DNS carries, in its usual dotted form without the
/// root's dot (255 bytes on the wire).
pub(crate) const MAX_NAME: usize = 253;

/// One pass over the `host[:port]` starting at `start`; the host's
/// labels and where the authority ends (at '/', '?', '#' or the end) when
/// it is plain: letters, digits, '-', '_' and dots in non-empty labels of
/// at most [`MAX_LABEL`] bytes, [`MAX_NAME`] in all, no `xn--` label, a
/// last label that does not start with a digit (WHATWG
/// would read it as IPv4) nor with `o` or `q` and a digit (an octal
/// prefix some resolvers read), a port of at most 65535. With `stray`, labels
/// may hold [`STRAY`] bytes too.
#[inline(always)]
fn plain_authority(input: &[u8], start: usize, stray: bool) -> Option<(Labels<'_>, usize)> {
    let label_bits = if stray { LABEL | HOST_STRAY } else { LABEL };
    let mut labels = Labels::new();
    let mut label_start = start;
    let mut last_label_first = None;
    let ends_host = |b: Option<&u8>| matches!(b, None | Some(b':' | b'/' | b'?' | b'#'));
    // One loop over the bytes; a label is judged at the dot or end after it.
    let mut i = start;
    loop {
        let b = input.get(i).copied();
        if b.is_some_and(|b| class(b) & label_bits != 0) {
            i += 1;
            continue;
        }
        // The label's first byte, read alone: the label itself is only
        // needed for an `x`.
        let first = input.get(label_start).filter(|_| label_start < i).copied();
        if let Some(first) = first {
            if matches!(first, b'x' | b'X')
                && input
                    .get(label_start..i)
                    .and_then(|label| label.get(..4))
                    .is_some_and(|l| l.eq_ignore_ascii_case(b"xn--"))
            {
                return None;
            }
            last_label_first = Some((first, input.get(label_start + 1).copied()));
        }
        match b {
            // An empty label, but a trailing dot, is not plain.
            Some(b'.') if first.is_none() && !ends_host(input.get(i + 1)) => return None,
            // A stray '{' (above `low`), but `{{`, a template expression's
            // opener (`template-injection`).
            Some(b'{') if stray => {
                if input.get(i + 1) == Some(&b'{') {
                    return None;
                }
                i += 1;
            }
            Some(b'.') => {
                labels.dot(i - start);
                i += 1;
                label_start = i;
            }
            _ if ends_host(b.as_ref()) => break,
            _ => return None,
        }
    }
    // A name DNS cannot carry (`invalid-host`): over 253 bytes, a
    // trailing dot aside, or with a label over 63 (which only a name over
    // 63 bytes can hold: one test for nearly every host).
    let name = input.get(start..i).unwrap_or_default();
    if name.len() > MAX_LABEL {
        let name = name.strip_suffix(b".").unwrap_or(name);
        if name.len() > MAX_NAME || name.split(|&b| b == b'.').any(|l| l.len() > MAX_LABEL) {
            return None;
        }
    }
    // A last label that may be a number: a digit first, or the octal
    // prefix `o` or `q` some resolvers read (`0.o0` is 0.0.0.0 to them);
    // the analysis decides.
    let may_be_number = |(first, second): (u8, Option<u8>)| {
        first.is_ascii_digit()
            || (matches!(first, b'o' | b'O' | b'q' | b'Q')
                && second.is_some_and(|b| b.is_ascii_digit()))
    };
    if last_label_first.is_none_or(may_be_number) {
        return None;
    }
    let labels = labels.named(input.get(start..i).unwrap_or_default());
    if input.get(i) != Some(&b':') {
        return Some((labels, i));
    }
    let port_start = i + 1;
    let port_len = input
        .get(port_start..)
        .unwrap_or_default()
        .iter()
        .position(|&b| !b.is_ascii_digit())
        .unwrap_or(input.len() - port_start);
    let port = input.get(port_start..port_start + port_len)?;
    let end = port_start + port_len;
    let fits = port.len() < 5 || (port.len() == 5 && port <= &b"65535"[..]);
    let ends = matches!(input.get(end), None | Some(b'/' | b'?' | b'#'));
    (fits && ends).then_some((labels, end))
}

// Payload heads: the first bytes of a base64 payload decoded on the
// stack, and whether they may start text, for the gates that turn a
// payload away without decoding it whole (`analysis::nested::carries_url`,
// the fast path's base64 test).

/// The value of a base64 or base64url digit (RFC 4648 §4 and §5, both
/// alphabets at once: a payload that decodes uses only one), or 64 for a
/// byte that is neither.
#[inline]
pub(crate) fn base64_digit(b: u8) -> u8 {
    BASE64_DIGITS.get(usize::from(b)).copied().unwrap_or(64)
}

/// `text` without the base64 padding at its end (`=` or `==`; padding
/// stands only there), the digits every decoder here reads.
#[inline]
pub(crate) fn without_base64_padding(text: &[u8]) -> &[u8] {
    text.strip_suffix(b"==")
        .or_else(|| text.strip_suffix(b"="))
        .unwrap_or(text)
}

const BASE64_DIGITS: [u8; 256] = base64_digits();

#[allow(clippy::indexing_slicing)]
const fn base64_digits() -> [u8; 256] {
    let mut table = [64u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => 64,
        };
        b += 1;
    }
    table
}

/// Decode the whole groups of four base64 or base64url digits at the
/// start of `digits` (of one alphabet; a byte of neither reads as 0, so
/// callers check them first) into `out`, as far as it holds; how many
/// bytes it wrote.
#[inline]
pub(crate) fn decode_base64_head(digits: &[u8], out: &mut [u8]) -> usize {
    let mut len = 0;
    for group in digits.chunks_exact(4) {
        let Some(bytes) = out.get_mut(len..len + 3) else {
            break;
        };
        let n = group
            .iter()
            .fold(0u32, |n, &d| n << 6 | u32::from(base64_digit(d) & 63));
        let [_, a, b, c] = n.to_be_bytes();
        bytes.copy_from_slice(&[a, b, c]);
        len += 3;
    }
    len
}

/// The text the payload whose first bytes are `head` (all of it when
/// `whole`) starts with, when the payload may be text with no control
/// but tab, line feed and carriage return: UTF-8 so far (a character cut
/// at the end of the head may be whole in the payload) and no other
/// control. Its bytes, not a `str`: every caller reads bytes.
///
/// One pass, byte by byte, that stops at the first byte that is no
/// text's: the heads the gates decode are mostly words read as base64,
/// bytes that break UTF-8 or name a control within two or three, and
/// `str::from_utf8` (a call, then a second one for a cut character) cost
/// more than the whole pass. A test holds it to `from_utf8`'s reading.
pub(crate) fn text_head(head: &[u8], whole: bool) -> Option<&[u8]> {
    let mut i = 0;
    while let Some(&b) = head.get(i) {
        // The character's length and the range its second byte must be
        // in (UTF-8's table: no overlong form, no surrogate, nothing past
        // U+10FFFF; `C2 80..9F` are the C1 controls).
        let (len, low, high) = match b {
            b'\t' | b'\n' | b'\r' => (1, 0, 0),
            0..=0x1F | 0x7F => return None,
            0..=0x7F => (1, 0, 0),
            0xC2 => (2, 0xA0, 0xBF),
            0xC3..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xED => (3, 0x80, 0x9F),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 => (4, 0x90, 0xBF),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            _ => return None,
        };
        if len > 1 {
            for k in 1..len {
                let Some(&c) = head.get(i + k) else {
                    // Cut at the end of the head: whole in the payload,
                    // maybe.
                    return (!whole).then(|| head.get(..i)).flatten();
                };
                let (lo, hi) = if k == 1 { (low, high) } else { (0x80, 0xBF) };
                if !(lo..=hi).contains(&c) {
                    return None;
                }
            }
        }
        i += len;
    }
    Some(head)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain bytes the catalogue's signals leave: a change to a
    /// code's signals that changes them shows here.
    #[test]
    fn plain_bytes_are_what_no_signal_names() {
        let plain: Vec<u8> = (0..=255u8).filter(|&b| class(b) & PLAIN != 0).collect();
        let mut expected: Vec<u8> = (b'0'..=b'9')
            .chain(b'A'..=b'Z')
            .chain(b'a'..=b'z')
            .chain(b"-._~!$&'()*+,;=:/?#@".iter().copied())
            .collect();
        expected.sort_unstable();
        assert_eq!(plain, expected);
    }

    #[test]
    fn a_plain_origin_finds_the_labels_of_its_host() {
        for (url, host) in [
            ("https://www.example.com/x", "www.example.com"),
            ("http://a.b.c.d.e.f.example:8080?q", "a.b.c.d.e.f.example"),
            ("HTTP://Example.COM.#f", "Example.COM."),
            ("ws://a.b..", "a.b.."),
            ("ftp://localhost", "localhost"),
        ] {
            let (labels, _) = plain_origin_host(url.as_bytes(), false).expect("plain");
            let again = Labels::of(host.as_bytes());
            assert_eq!(labels.name(), host.as_bytes(), "{url}");
            assert_eq!(labels.may_be_internal(), again.may_be_internal(), "{url}");
            assert_eq!(
                labels.may_show_another_site(),
                again.may_show_another_site(),
                "{url}"
            );
        }
    }

    /// `text_head` as `str::from_utf8` reads it: the valid prefix of a
    /// head cut inside a character, then no control among its characters.
    fn text_head_by_from_utf8(head: &[u8], whole: bool) -> Option<&[u8]> {
        let valid = match std::str::from_utf8(head) {
            Ok(text) => text,
            Err(e) if !whole && e.error_len().is_none() => head
                .get(..e.valid_up_to())
                .and_then(|h| std::str::from_utf8(h).ok())
                .unwrap_or_default(),
            Err(_) => return None,
        };
        let controls = valid
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
        (!controls).then_some(valid.as_bytes())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20000))]

        /// The byte pass reads every head as `from_utf8` does: random
        /// bytes, and text with characters of every length cut anywhere.
        #[test]
        fn text_head_reads_as_from_utf8(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..12),
            text in "[\\x00-\\x7f\\u{80}-\\u{9f}\\u{a0}-\\u{7ff}\\u{800}-\\u{ffff}\\u{10000}-\\u{10ffff}]{0,6}",
            cut in 0usize..24,
            whole in proptest::prelude::any::<bool>(),
        ) {
            proptest::prop_assert_eq!(text_head(&bytes, whole), text_head_by_from_utf8(&bytes, whole));
            let text = text.as_bytes();
            let text = text.get(..cut.min(text.len())).unwrap_or_default();
            proptest::prop_assert_eq!(text_head(text, whole), text_head_by_from_utf8(text, whole));
        }
    }

    /// Every head of one or two bytes, and the heads of three and four
    /// whose bytes after the first are at the edges of UTF-8's ranges.
    #[test]
    fn text_head_reads_every_short_head_as_from_utf8() {
        let edges = [
            0x00, 0x09, 0x1F, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0,
            0xF4, 0xFF,
        ];
        let mut heads: Vec<Vec<u8>> = (0..=255u8).map(|a| vec![a]).collect();
        for a in 0..=255u8 {
            heads.extend((0..=255u8).map(|b| vec![a, b]));
            for b in edges {
                heads.extend(edges.iter().map(|&c| vec![a, b, c]));
                for c in edges {
                    heads.extend(edges.iter().map(|&d| vec![a, b, c, d]));
                }
            }
        }
        for head in &heads {
            for whole in [false, true] {
                assert_eq!(
                    text_head(head, whole),
                    text_head_by_from_utf8(head, whole),
                    "{head:x?} {whole}"
                );
            }
        }
    }

    #[test]
    fn a_head_is_text_until_a_byte_says_otherwise() {
        // Just inside: a character cut at the end of a head, when more
        // follows; tab, line feed and carriage return.
        assert_eq!(
            text_head("//é".as_bytes().get(..3).unwrap_or_default(), false),
            Some(&b"//"[..])
        );
        assert_eq!(text_head(b"\t\r\n//x", true), Some(&b"\t\r\n//x"[..]));
        assert_eq!(text_head("é".as_bytes(), true), Some("é".as_bytes()));
        // Just outside: the same cut character when the head is all there
        // is, a lone continuation byte, a control, a bad byte inside.
        assert_eq!(
            text_head("//é".as_bytes().get(..3).unwrap_or_default(), true),
            None
        );
        assert_eq!(text_head(b"\x80abc", false), None);
        assert_eq!(text_head(b"ab\x00", false), None);
        assert_eq!(text_head(b"ab\x7f", false), None);
        assert_eq!(text_head(b"a\xC3(", false), None);
        assert_eq!(text_head("a\u{85}".as_bytes(), false), None);
    }

    #[test]
    fn base64_heads_decode_as_the_base64_crate_does() {
        use base64::Engine;
        let text = b"https://evil.example/?a=b&c=\xff\xfe";
        for engine in [
            &base64::engine::general_purpose::STANDARD_NO_PAD,
            &base64::engine::general_purpose::URL_SAFE_NO_PAD,
        ] {
            let digits = engine.encode(text);
            let mut head = [0u8; 48];
            let len = decode_base64_head(digits.as_bytes(), &mut head);
            assert_eq!(len, text.len() / 3 * 3);
            assert_eq!(head.get(..len), text.get(..len));
        }
    }

    #[test]
    fn plain_origins() {
        assert_eq!(plain_origin(b"HTTPS://example.com/x"), Some(19));
        assert_eq!(plain_origin(b"wss://a.b:443"), Some(13));
        assert_eq!(plain_origin(b"file://host/x"), None);
        assert_eq!(plain_origin(b"gopher://host/x"), None);
        assert_eq!(plain_origin(b"http:/host/x"), None);
        assert_eq!(plain_origin(b"http://1.2.3.4/"), None);
    }
}
