//! Percent-encoding: decoding with provenance, layer by layer, and encoders.
//!
//! Percent-encoding (RFC 3986 §2.1) writes a byte as `%` and two hex
//! digits: `%2F` is the byte `2F`, `/`. A component is encoded by turning
//! it into bytes (UTF-8 for text) and escaping every byte that is not
//! allowed bare; a decoder reverses that, one escape at a time. In
//! `application/x-www-form-urlencoded` data (query strings) a `+` also
//! stands for a space; in a path it is just a `+`.
//!
//! Decoding never fails: a `%` that is not followed by two hex digits
//! (`%2`, `%G1`, a trailing `%`) passes through as itself, and the
//! analysis flags it. Every decoded byte remembers which bytes of the input
//! it came from, so a warning about a decoded byte can point at the escape
//! that produced it, through any number of layers: `%252e` is `%2e` after
//! one layer and `.` after two, and the `.` still points at all five bytes.

mod component;

pub use component::{encode_component, query_uses_plus};

use crate::split::Span;
use percent_encoding::{percent_encode, percent_encode_byte, AsciiSet, CONTROLS, NON_ALPHANUMERIC};
use std::borrow::Cow;

/// Where a decoded byte came from in the layer before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum SourceKind {
    /// A byte copied as it was.
    Literal,
    /// A `%XX` escape.
    Escape,
    /// A `+` read as a space (form rules).
    Plus,
    /// A `%` that starts no valid escape, passed through.
    MalformedPercent,
}

/// One byte of a decoding layer and the input bytes it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct DecodedByte {
    /// The byte.
    pub value: u8,
    /// How the layer before wrote it.
    pub kind: SourceKind,
    /// The bytes of the original input this byte stands for (through every
    /// layer before it).
    pub span: Span,
}

/// How many bytes the byte at `i` of `text` spans as a separator between
/// words: 3 for a percent escape (`%2F`, whose hex digits are no letters
/// of the word after it), else 1.
pub(crate) fn separator_len(text: &[u8], i: usize) -> usize {
    let escape = text.get(i) == Some(&b'%')
        && text.get(i + 1).copied().and_then(hex_value).is_some()
        && text.get(i + 2).copied().and_then(hex_value).is_some();
    if escape {
        3
    } else {
        1
    }
}

/// The value of an ASCII hex digit.
pub fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte a valid escape at the start of `bytes` stands for.
pub(crate) fn escape_at(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', h, l, ..] => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// The first layer of a component: its raw bytes, each standing for itself.
pub fn raw_layer(input: &[u8], span: Span) -> Vec<DecodedByte> {
    span.of(input)
        .iter()
        .enumerate()
        .map(|(i, &value)| DecodedByte {
            value,
            kind: SourceKind::Literal,
            span: Span::new(span.start + i, span.start + i + 1),
        })
        .collect()
}

/// Decode one layer of percent-encoding, keeping provenance.
///
/// `plus_is_space` applies form rules (`+` is a space).
pub(crate) fn decode_layer(prev: &[DecodedByte], plus_is_space: bool) -> Vec<DecodedByte> {
    let mut out = Vec::with_capacity(prev.len());
    let mut i = 0;
    while let Some(b) = prev.get(i) {
        let escape = match (prev.get(i + 1), prev.get(i + 2)) {
            (Some(h), Some(l)) if b.value == b'%' => hex_value(h.value)
                .zip(hex_value(l.value))
                .map(|(h2, l2)| (h2 << 4 | l2, l.span)),
            _ => None,
        };
        if let Some((value, last_span)) = escape {
            out.push(DecodedByte {
                value,
                kind: SourceKind::Escape,
                span: b.span.join(last_span),
            });
            i += 3;
            continue;
        }
        let (value, kind) = match b.value {
            b'%' => (b'%', SourceKind::MalformedPercent),
            b'+' if plus_is_space => (b' ', SourceKind::Plus),
            v => (v, SourceKind::Literal),
        };
        out.push(DecodedByte {
            value,
            kind,
            span: b.span,
        });
        i += 1;
    }
    out
}

/// The byte values of a layer.
pub fn values(layer: &[DecodedByte]) -> Vec<u8> {
    layer.iter().map(|b| b.value).collect()
}

/// Whether `bytes` hold a percent escape (`%` and two hex digits).
pub(crate) fn has_escape(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'%', bytes).any(|at| {
        bytes
            .get(at + 1..at + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
    })
}

/// The most layers [`decode_layers`] peels.
pub const MAX_LAYERS: usize = 8;

/// Decode layer after layer until no valid escape is left, at most
/// [`MAX_LAYERS`] times. The first entry is the first decoded layer; form
/// rules apply to it only (a second `+` pass would be a different bug).
///
/// # Examples
/// ```
/// use urlscope_core::percent::{decode_layers, raw_layer, values};
/// use urlscope_core::split::Span;
/// let input = b"%252e%252e%252f";
/// let layers = decode_layers(&raw_layer(input, Span::new(0, 15)), false);
/// assert_eq!(values(&layers[0]), b"%2e%2e%2f");
/// assert_eq!(values(&layers[1]), b"../");
/// assert_eq!(layers.len(), 2);
/// ```
pub fn decode_layers(raw: &[DecodedByte], plus_is_space: bool) -> Vec<Vec<DecodedByte>> {
    peel(decode_layer(raw, plus_is_space))
}

/// [`decode_layers`] of the bytes `span` of `input`, without building the
/// raw layer first (the first layer is decoded straight from the input).
pub(crate) fn decode_layers_of(
    input: &[u8],
    span: Span,
    plus_is_space: bool,
) -> Vec<Vec<DecodedByte>> {
    let mut at = span.start;
    // Sized once: a decoded layer is never longer than its raw bytes.
    let mut first = Vec::with_capacity(span.len());
    first.extend(steps(span.of(input), plus_is_space).map(|step| {
        let b = DecodedByte {
            value: step.value,
            kind: step.kind,
            span: Span::new(at, at + step.width),
        };
        at += step.width;
        b
    }));
    peel(first)
}

/// Decode further layers after `first` while valid escapes remain.
fn peel(first: Vec<DecodedByte>) -> Vec<Vec<DecodedByte>> {
    let mut layers: Vec<Vec<DecodedByte>> = vec![first];
    while layers.len() < MAX_LAYERS {
        let Some(last) = layers.last() else { break };
        if !last.windows(3).any(|w| {
            matches!(w, [p, h, l] if p.value == b'%' && hex_value(h.value).is_some() && hex_value(l.value).is_some())
        }) {
            break;
        }
        let next = decode_layer(last, false);
        layers.push(next);
    }
    layers
}

/// One step of decoding a layer from raw bytes: the byte it yields, where
/// it came from, and how many raw bytes it consumed (3 for an escape).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    pub value: u8,
    pub kind: SourceKind,
    pub width: usize,
}

/// The steps of decoding `bytes` one layer, in order: the one place that
/// says what an escape, a malformed `%` and a form `+` decode to.
pub(crate) fn steps(bytes: &[u8], plus_is_space: bool) -> impl Iterator<Item = Step> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let rest = bytes.get(i..).unwrap_or_default();
        let &b = rest.first()?;
        let step = match escape_at(rest) {
            Some(value) => Step {
                value,
                kind: SourceKind::Escape,
                width: 3,
            },
            None => match b {
                b'%' => Step {
                    value: b,
                    kind: SourceKind::MalformedPercent,
                    width: 1,
                },
                b'+' if plus_is_space => Step {
                    value: b' ',
                    kind: SourceKind::Plus,
                    width: 1,
                },
                _ => Step {
                    value: b,
                    kind: SourceKind::Literal,
                    width: 1,
                },
            },
        };
        i += step.width;
        Some(step)
    })
}

/// Decode one layer without provenance; borrows when there is nothing to do.
///
/// # Examples
/// ```
/// use urlscope_core::percent::decode;
/// assert_eq!(&*decode(b"a+b%20c", false), b"a+b c"); // in a path
/// assert_eq!(&*decode(b"a+b%20c", true), b"a b c");  // in a query
/// assert_eq!(&*decode(b"100%", false), b"100%");     // malformed: kept
/// ```
pub fn decode(bytes: &[u8], plus_is_space: bool) -> Cow<'_, [u8]> {
    let needs = memchr::memchr(b'%', bytes).is_some()
        || (plus_is_space && memchr::memchr(b'+', bytes).is_some());
    if !needs {
        return Cow::Borrowed(bytes);
    }
    Cow::Owned(steps(bytes, plus_is_space).map(|s| s.value).collect())
}

/// A strict decoding error: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The decoded bytes are not UTF-8.
    InvalidUtf8 {
        /// Where the ill-formed sequence starts in the decoded bytes.
        offset: usize,
        /// The ill-formed sequence, with the byte that ends it when that
        /// byte shows why (a lead byte and the byte that is not its
        /// continuation).
        bytes: Vec<u8>,
        /// Why, in the words of Unicode Table 3-6.
        reason: String,
    },
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::InvalidUtf8 {
                offset,
                bytes,
                reason,
            } => {
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
                write!(
                    f,
                    "invalid UTF-8 at decoded byte {offset} ({}): {reason}",
                    hex.join(" ")
                )
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// The offset of the first malformed escape in `bytes`, if any.
pub fn first_malformed_escape(bytes: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'%', bytes)
        .find(|&i| escape_at(bytes.get(i..).unwrap_or_default()).is_none())
}

/// Explain why the first ill-formed unit of `bytes` is ill-formed, in the
/// words of Table 3-6 that every front end gives for ill-formed bytes
/// (see [`crate::utf8::explain_ill_formed_at`]): `C4 starts a 2-byte
/// sequence, but 72 after C4 is not a continuation byte (10xxxxxx)`.
pub fn explain_utf8_error(bytes: &[u8]) -> Option<DecodeError> {
    use crate::utf8::{annotate, Utf8Problem};
    let a = annotate(bytes);
    let unit = a.units.iter().find(|u| u.value.is_err())?;
    let problem = unit.value.err()?;
    let seq = bytes.get(unit.range()).unwrap_or_default().to_vec();
    let lead = seq.first().copied().unwrap_or(0);
    let next = bytes.get(unit.start + unit.len).copied();
    // Worded where every front end words an ill-formed sequence.
    let reason = crate::utf8::explain_ill_formed(bytes.get(unit.start..).unwrap_or_default())?;
    let bytes_shown = match (problem, next) {
        (
            Utf8Problem::Truncated
            | Utf8Problem::Overlong
            | Utf8Problem::Surrogate
            | Utf8Problem::AboveMax,
            Some(n),
        ) if !matches!(lead, 0xC0 | 0xC1) => {
            let mut s = seq;
            s.push(n);
            s
        }
        _ => seq,
    };
    Some(DecodeError::InvalidUtf8 {
        offset: unit.start,
        bytes: bytes_shown,
        reason,
    })
}

/// Whether `b` is an RFC 3986 unreserved character: `A-Z a-z 0-9 - . _ ~`.
pub(crate) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Whether `b` must be percent-encoded before a URI is sent (RFC 3986
/// leaves it out of every production): space, ``"<>\^`{|}``, C0 controls,
/// DEL and every non-ASCII byte. `[` and `]` are legal only in an IP
/// literal host, which callers handle.
pub const fn is_illegal(b: u8) -> bool {
    matches!(b, 0x00..=0x20 | b'"' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|' | b'}' | 0x7F..=0xFF)
}

/// Append `%XX` (uppercase) for `b`.
pub(crate) fn push_escape(out: &mut String, b: u8) {
    out.push_str(percent_encode_byte(b));
}

/// `bytes` as text, each byte of an ill-formed UTF-8 sequence written as
/// its `%XX` escape: the URL a parser of text reads keeps those bytes (as
/// the clean URL does), where U+FFFD would put `%EF%BF%BD` in their place.
pub(crate) fn escape_ill_formed(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for &b in chunk.invalid() {
            push_escape(&mut out, b);
        }
    }
    Cow::Owned(out)
}

/// `url` as text to print where a URL is expected: each character that
/// [`needs_escape`](crate::text::needs_escape) (controls, bidi and
/// invisible characters) and each byte that is not UTF-8 written as its
/// `%XX` escapes, which mean the same to every parser, where a `\x1b` would
/// read as a backslash and three characters.
///
/// # Examples
/// ```
/// use urlscope_core::percent::escape_unprintable;
/// assert_eq!(escape_unprintable(b"http://a/x\x1by"), "http://a/x%1By");
/// assert_eq!(escape_unprintable("a\u{202E}b".as_bytes()), "a%E2%80%AEb");
/// assert_eq!(escape_unprintable(b"caf\xE9/\\x1b"), "caf%E9/\\x1b");
/// ```
pub fn escape_unprintable(url: &[u8]) -> Cow<'_, str> {
    let text = escape_ill_formed(url);
    if !text.chars().any(crate::text::needs_escape) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if crate::text::needs_escape(c) {
            for &b in c.encode_utf8(&mut [0; 4]).as_bytes() {
                push_escape(&mut out, b);
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The [C0 control percent-encode set]: the C0 controls and DEL. Every set
/// below builds on it; bytes from 0x80 up are encoded whatever the set.
///
/// The sets follow the URL Standard's [percent-encoded bytes] section, each
/// built from the one before it as the standard defines it.
///
/// [C0 control percent-encode set]: https://url.spec.whatwg.org/#c0-control-percent-encode-set
/// [percent-encoded bytes]: https://url.spec.whatwg.org/#percent-encoded-bytes
pub(crate) const C0_CONTROL: &AsciiSet = CONTROLS;

/// The [fragment percent-encode set]: [`C0_CONTROL`] and space `"` `<` `>` `` ` ``.
///
/// [fragment percent-encode set]: https://url.spec.whatwg.org/#fragment-percent-encode-set
pub(crate) const FRAGMENT: &AsciiSet =
    &C0_CONTROL.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');

/// The [query percent-encode set]: [`C0_CONTROL`] and space `"` `#` `<` `>`.
///
/// [query percent-encode set]: https://url.spec.whatwg.org/#query-percent-encode-set
pub(crate) const QUERY: &AsciiSet = &C0_CONTROL.add(b' ').add(b'"').add(b'#').add(b'<').add(b'>');

/// The [special-query percent-encode set]: [`QUERY`] and `'`, for the
/// query of a special URL (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
///
/// [special-query percent-encode set]: https://url.spec.whatwg.org/#special-query-percent-encode-set
pub(crate) const SPECIAL_QUERY: &AsciiSet = &QUERY.add(b'\'');

/// The [path percent-encode set]: [`QUERY`] and `?` `^` `` ` `` `{` `}`
/// (`^` since the URL Standard's 2025 change, whatwg/url#846).
///
/// [path percent-encode set]: https://url.spec.whatwg.org/#path-percent-encode-set
pub(crate) const PATH: &AsciiSet = &QUERY.add(b'?').add(b'^').add(b'`').add(b'{').add(b'}');

/// The [userinfo percent-encode set]: [`PATH`] and `/` `:` `;` `=` `@`
/// `[` `\` `]` `|` (`^` comes from [`PATH`] now; the standard listed it
/// here, as the range `[` to `^`, before it joined the path set).
///
/// [userinfo percent-encode set]: https://url.spec.whatwg.org/#userinfo-percent-encode-set
pub(crate) const USERINFO: &AsciiSet = &PATH
    .add(b'/')
    .add(b':')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'|');

/// The [component percent-encode set]: [`USERINFO`] and `$` `%` `&` `+`
/// `,`. It leaves bare exactly what ECMAScript's `encodeURIComponent` does:
/// letters, digits and `` -_.!~*'() ``.
///
/// [component percent-encode set]: https://url.spec.whatwg.org/#component-percent-encode-set
pub(crate) const COMPONENT: &AsciiSet = &USERINFO.add(b'$').add(b'%').add(b'&').add(b'+').add(b',');

/// The [application/x-www-form-urlencoded percent-encode set]:
/// [`COMPONENT`] and `!` `'` `(` `)` `~`. It leaves bare letters, digits
/// and `*-._`, as Java's `URLEncoder` does; form encoding also writes a
/// space as `+` (see [`EncodeSet::Form`]).
///
/// [application/x-www-form-urlencoded percent-encode set]: https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
pub(crate) const FORM_URLENCODED: &AsciiSet =
    &COMPONENT.add(b'!').add(b'\'').add(b'(').add(b')').add(b'~');

/// Everything but RFC 3986's unreserved characters (§2.3: letters, digits
/// and `-._~`): what one component needs encoded to hold any data.
pub(crate) const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// How to encode a component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum EncodeSet {
    /// RFC 3986 strict: everything but `A-Z a-z 0-9 - . _ ~` (the
    /// unreserved characters, §2.3).
    #[default]
    Component,
    /// application/x-www-form-urlencoded as Java's `URLEncoder` with UTF-8
    /// and the URL Standard's form serializer: keeps `A-Z a-z 0-9 . - * _`
    /// (the [application/x-www-form-urlencoded percent-encode set]), space
    /// becomes `+`.
    ///
    /// [application/x-www-form-urlencoded percent-encode set]: https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
    Form,
}

/// Percent-encode `bytes` (UTF-8 for text) for one component.
///
/// # Examples
/// ```
/// use urlscope_core::percent::{encode, EncodeSet};
/// assert_eq!(encode("The string ü@foo-bar".as_bytes(), EncodeSet::Form),
///            "The+string+%C3%BC%40foo-bar");
/// assert_eq!(encode(b"a b/c~", EncodeSet::Component), "a%20b%2Fc~");
/// ```
pub fn encode(bytes: &[u8], set: EncodeSet) -> String {
    match set {
        EncodeSet::Component => percent_encode(bytes, NOT_UNRESERVED).to_string(),
        EncodeSet::Form => encode_space_as_plus(bytes, FORM_URLENCODED),
    }
}

/// `bytes` percent-encoded with `set`, except that a space is written `+`
/// (form encoding, Python's `quote_plus`).
///
/// An [`AsciiSet`] can only say whether a byte is escaped, not that it
/// becomes another character, so this encodes the runs between spaces and
/// joins them with `+`.
pub(crate) fn encode_space_as_plus(bytes: &[u8], set: &'static AsciiSet) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for (i, run) in bytes.split(|&b| b == b' ').enumerate() {
        if i > 0 {
            out.push('+');
        }
        out.extend(percent_encode(run, set));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_layer_examples() {
        let input = b"caf%C3%A9";
        let layer = decode_layer(&raw_layer(input, Span::new(0, 9)), false);
        assert_eq!(values(&layer), "café".as_bytes());
        assert_eq!(layer[3].span, Span::new(3, 6)); // C3 came from "%C3"
    }

    #[test]
    fn decode_layers_of_examples() {
        let layers = decode_layers_of(b"/a%252e", Span::new(1, 7), false);
        assert_eq!(values(&layers[0]), b"a%2e");
        assert_eq!(values(&layers[1]), b"a.");
        assert_eq!(layers[1][1].span, Span::new(2, 7)); // '.' came from "%252e"
    }

    #[test]
    fn steps_examples() {
        let s: Vec<_> = steps(b"a%41+", true)
            .map(|s| (s.value, s.kind, s.width))
            .collect();
        assert_eq!(
            s,
            [
                (b'a', SourceKind::Literal, 1),
                (b'A', SourceKind::Escape, 3),
                (b' ', SourceKind::Plus, 1)
            ]
        );
    }

    fn layer_of(s: &[u8], plus: bool) -> Vec<DecodedByte> {
        decode_layer(&raw_layer(s, Span::new(0, s.len())), plus)
    }

    #[test]
    fn worked_example_space_ampersand_check_mark() {
        assert_eq!(&*decode(b"%20%26%20%E2%9C%93", false), " & ✓".as_bytes());
    }

    #[test]
    fn plus_is_a_space_only_under_form_rules() {
        assert_eq!(values(&layer_of(b"a+b%20c", false)), b"a+b c");
        assert_eq!(values(&layer_of(b"a+b%20c", true)), b"a b c");
        assert_eq!(layer_of(b"a+b", true)[1].kind, SourceKind::Plus);
    }

    #[test]
    fn malformed_escapes_pass_through() {
        for s in [&b"%2"[..], b"%G1", b"%", b"%%41"] {
            let l = layer_of(s, false);
            assert_eq!(l[0].kind, SourceKind::MalformedPercent, "{s:?}");
        }
        assert_eq!(values(&layer_of(b"%%41", false)), b"%A");
        assert_eq!(first_malformed_escape(b"ok%2"), Some(2));
    }

    #[test]
    fn provenance_composes_through_layers() {
        let raw = raw_layer(b"x%252e", Span::new(0, 6));
        let layers = decode_layers(&raw, false);
        assert_eq!(layers.len(), 2);
        let dot = layers[1][1];
        assert_eq!(dot.value, b'.');
        assert_eq!(dot.span, Span::new(1, 6));
    }

    #[test]
    fn layers_stop_at_eight() {
        let mut s = String::from("%41");
        for _ in 0..20 {
            s = s.replace('%', "%25");
        }
        let raw = raw_layer(s.as_bytes(), Span::new(0, s.len()));
        assert_eq!(decode_layers(&raw, false).len(), MAX_LAYERS);
    }

    #[test]
    fn java_urlencoder_example() {
        assert_eq!(
            encode("The string ü@foo-bar".as_bytes(), EncodeSet::Form),
            "The+string+%C3%BC%40foo-bar"
        );
    }

    /// Whether `set` leaves the ASCII byte `b` bare.
    fn keeps(set: &'static AsciiSet, b: u8) -> bool {
        percent_encode(&[b], set).to_string().len() == 1
    }

    #[test]
    fn not_unreserved_escapes_all_but_is_unreserved() {
        for b in 0..=0x7F {
            assert_eq!(keeps(NOT_UNRESERVED, b), is_unreserved(b), "{b:02X}");
        }
    }

    #[test]
    fn whatwg_sets_leave_bare_what_the_url_standard_lists() {
        let bare = |set| -> String {
            (0x20..0x7F)
                .filter(|&b| keeps(set, b))
                .map(char::from)
                .filter(|c| !c.is_ascii_alphanumeric())
                .collect()
        };
        assert_eq!(bare(FRAGMENT), "!#$%&'()*+,-./:;=?@[\\]^_{|}~");
        assert_eq!(bare(QUERY), "!$%&'()*+,-./:;=?@[\\]^_`{|}~");
        assert_eq!(bare(SPECIAL_QUERY), "!$%&()*+,-./:;=?@[\\]^_`{|}~");
        assert_eq!(bare(PATH), "!$%&'()*+,-./:;=@[\\]_|~");
        assert_eq!(bare(USERINFO), "!$%&'()*+,-._~");
        assert_eq!(bare(COMPONENT), "!'()*-._~");
        assert_eq!(bare(FORM_URLENCODED), "*-._");
        assert!(!(0..0x20).chain([0x7F]).any(|b| keeps(C0_CONTROL, b)));
    }

    /// Whether `set` encodes byte `b`, read from what `percent_encode` writes.
    fn encodes(set: &'static AsciiSet, b: u8) -> bool {
        percent_encode(&[b], set).to_string() == format!("%{b:02X}")
    }

    /// Each WHATWG set over all 256 bytes against the URL Standard's text,
    /// transcribed here set by set as the standard words it (each "the X
    /// set and ..."), independently of the `AsciiSet` chain above.
    #[test]
    fn whatwg_sets_byte_by_byte_as_the_url_standard_defines_them() {
        let c0 = |b: u8| b <= 0x1F || b > 0x7E;
        let fragment = |b: u8| c0(b) || b" \"<>`".contains(&b);
        let query = |b: u8| c0(b) || b" \"#<>".contains(&b);
        let special_query = |b: u8| query(b) || b == b'\'';
        let path = |b: u8| query(b) || b"?^`{}".contains(&b);
        let userinfo = |b: u8| path(b) || b"/:;=@[\\]|".contains(&b);
        let component = |b: u8| userinfo(b) || b"$%&+,".contains(&b);
        let form = |b: u8| component(b) || b"!'()~".contains(&b);
        type Standard<'a> = &'a dyn Fn(u8) -> bool;
        let sets: [(&str, &'static AsciiSet, Standard); 8] = [
            ("C0 control", C0_CONTROL, &c0),
            ("fragment", FRAGMENT, &fragment),
            ("query", QUERY, &query),
            ("special-query", SPECIAL_QUERY, &special_query),
            ("path", PATH, &path),
            ("userinfo", USERINFO, &userinfo),
            ("component", COMPONENT, &component),
            ("application/x-www-form-urlencoded", FORM_URLENCODED, &form),
        ];
        for (name, set, standard) in sets {
            for b in 0..=255u8 {
                assert_eq!(encodes(set, b), standard(b), "{name} set, byte {b:02X}");
            }
        }
    }

    #[test]
    fn every_escape_is_uppercase_hex() {
        let mut out = String::new();
        push_escape(&mut out, 0xAB);
        push_escape(&mut out, 0x0F);
        assert_eq!(out, "%AB%0F");
    }

    #[test]
    fn strict_utf8_error_names_the_bytes() {
        let e = explain_utf8_error(&[0xC4, b'r']).map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("invalid UTF-8 at decoded byte 0 (C4 72): C4 starts a 2-byte sequence, but 72 after C4 is not a continuation byte (10xxxxxx)")
        );
    }
}
