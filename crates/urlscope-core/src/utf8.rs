//! UTF-8 annotation of a byte stream, exactly per Unicode Table 3-6.
//!
//! UTF-8 writes a code point in one to four bytes (Unicode Table 3-5):
//!
//! | scalar value                 | 1st byte   | 2nd byte   | 3rd byte   | 4th byte   |
//! |------------------------------|------------|------------|------------|------------|
//! | `00000000 0xxxxxxx`          | `0xxxxxxx` |            |            |            |
//! | `00000yyy yyxxxxxx`          | `110yyyyy` | `10xxxxxx` |            |            |
//! | `zzzzyyyy yyxxxxxx`          | `1110zzzz` | `10yyyyyy` | `10xxxxxx` |            |
//! | `000uuuuu zzzzyyyy yyxxxxxx` | `11110uuu` | `10uuzzzz` | `10yyyyyy` | `10xxxxxx` |
//!
//! Not every byte sequence of that shape is well formed. Table 3-6 lists the
//! only well-formed ones; it rules out *overlong* forms (a code point written
//! in more bytes than it needs, such as `C0 AF` for `/`), the surrogates
//! `U+D800..U+DFFF` (`ED A0..BF ..`), and everything above `U+10FFFF`
//! (`F4 90..`, `F5..FF`):
//!
//! | code points          | 1st byte | 2nd byte   | 3rd byte | 4th byte |
//! |----------------------|----------|------------|----------|----------|
//! | U+0000..U+007F       | 00..7F   |            |          |          |
//! | U+0080..U+07FF       | C2..DF   | 80..BF     |          |          |
//! | U+0800..U+0FFF       | E0       | **A0**..BF | 80..BF   |          |
//! | U+1000..U+CFFF       | E1..EC   | 80..BF     | 80..BF   |          |
//! | U+D000..U+D7FF       | ED       | 80..**9F** | 80..BF   |          |
//! | U+E000..U+FFFF       | EE..EF   | 80..BF     | 80..BF   |          |
//! | U+10000..U+3FFFF     | F0       | **90**..BF | 80..BF   | 80..BF   |
//! | U+40000..U+FFFFF     | F1..F3   | 80..BF     | 80..BF   | 80..BF   |
//! | U+100000..U+10FFFF   | F4       | 80..**8F** | 80..BF   | 80..BF   |
//!
//! [`annotate`] walks a byte stream and says, for every byte, which role it
//! plays. An ill-formed stretch is cut into *maximal subparts* (Unicode
//! §3.9, "U+FFFD substitution of maximal subparts"): the longest prefix of a
//! well-formed sequence, or a single byte when no sequence starts there. Each
//! maximal subpart becomes one U+FFFD in the lossy text, which is exactly
//! what [`String::from_utf8_lossy`] and Python's `bytes.decode('utf-8',
//! 'replace')` produce.

/// The two tables of the Unicode Standard's chapter 3 that every front
/// end cites: each with the number the project's reference gives it (and
/// its messages use), its title, and its number in later editions
/// (Unicode 6.0 to 15.0 number them 3-6 and 3-7), so a reader finds it in
/// whichever edition is at hand.
pub const TABLES: [(&str, &str, &str); 2] = [
    (BIT_DISTRIBUTION, "UTF-8 bit distribution", "3-6"),
    (WELL_FORMED, "well-formed UTF-8 byte sequences", "3-7"),
];

/// The number [`TABLES`] gives the table of how a code point's bits fill
/// its bytes, as the messages cite it.
pub const BIT_DISTRIBUTION: &str = "3-5";

/// The number [`TABLES`] gives the table of well-formed byte sequences,
/// as the messages cite it.
pub const WELL_FORMED: &str = "3-6";

/// [`TABLES`] in a sentence: `Table 3-5: UTF-8 bit distribution; ...`.
pub fn tables_note() -> String {
    let named: Vec<String> = TABLES
        .iter()
        .map(|(n, title, _)| format!("Table {n}: {title}"))
        .collect();
    let now: Vec<&str> = TABLES.iter().map(|(_, _, now)| *now).collect();
    format!(
        "{} (Tables {} in chapter 3 of Unicode 6.0 to 15.0)",
        named.join("; "),
        now.join(" and ")
    )
}

/// Why a byte is not part of a well-formed UTF-8 sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Utf8Problem {
    /// An overlong form: `C0`/`C1` leads, or `E0 80..9F`, `F0 80..8F`.
    Overlong,
    /// `ED A0..BF`: a UTF-16 surrogate code point, U+D800..U+DFFF.
    Surrogate,
    /// `F4 90..BF`: a code point above U+10FFFF.
    AboveMax,
    /// A continuation byte (`80..BF`) with no lead byte before it.
    UnexpectedContinuation,
    /// A lead byte whose sequence ends before all its continuation bytes.
    Truncated,
    /// `F5..FF`: bytes that never appear in UTF-8.
    NeverValid,
}

impl Utf8Problem {
    /// What a lead byte with this problem would start, for a problem that
    /// a lead byte has only with the byte after it (or, `C0` and `C1`,
    /// with any byte after it): `a surrogate`, `an overlong form`, `a code
    /// point above U+10FFFF`. `None` for the problems of a byte alone.
    pub fn what_a_lead_starts(self) -> Option<&'static str> {
        match self {
            Utf8Problem::Overlong => Some("an overlong form"),
            Utf8Problem::Surrogate => Some("a surrogate"),
            Utf8Problem::AboveMax => Some("a code point above U+10FFFF"),
            _ => None,
        }
    }

    /// A short label for byte tables: `overlong`, `surrogate`, ...
    pub fn label(self) -> &'static str {
        match self {
            Utf8Problem::Overlong => "overlong",
            Utf8Problem::Surrogate => "surrogate",
            Utf8Problem::AboveMax => "above U+10FFFF",
            Utf8Problem::UnexpectedContinuation => "unexpected continuation",
            Utf8Problem::Truncated => "truncated sequence",
            Utf8Problem::NeverValid => "never valid in UTF-8",
        }
    }
}

/// The role one byte plays in UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteRole {
    /// `00..7F`: a whole character by itself.
    Ascii,
    /// The first byte of a well-formed sequence of `len` bytes (2, 3 or 4).
    Lead {
        /// The sequence's length.
        len: u8,
    },
    /// Byte `index` (1-based among the continuation bytes, so 1..len-1) of a
    /// well-formed sequence of `len` bytes.
    Continuation {
        /// The sequence's length.
        len: u8,
        /// Which continuation byte it is, from 1.
        index: u8,
    },
    /// Not part of any well-formed sequence.
    Invalid(Utf8Problem),
}

impl ByteRole {
    /// The JSON name of the role: `ascii`, `lead`, `continuation`, `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            ByteRole::Ascii => "ascii",
            ByteRole::Lead { .. } => "lead",
            ByteRole::Continuation { .. } => "continuation",
            ByteRole::Invalid(_) => "invalid",
        }
    }

    /// The length of the sequence this byte belongs to, for lead and
    /// continuation bytes.
    pub fn seq_len(self) -> Option<u8> {
        match self {
            ByteRole::Lead { len } | ByteRole::Continuation { len, .. } => Some(len),
            _ => None,
        }
    }

    /// How many high bits of `value` (a byte in this role) are UTF-8 marker
    /// bits (`110` of a 2-byte lead, `10` of a continuation); the rest are
    /// payload bits. An ill-formed byte still has a shape (`C0` looks like
    /// a 2-byte lead), so its marker is the shape it claims; `F8..FF`, which
    /// claim nothing, have none.
    pub fn marker_bits(self, value: u8) -> u8 {
        match self {
            ByteRole::Ascii => 1,
            ByteRole::Lead { len } => len + 1,
            ByteRole::Continuation { .. } => 2,
            ByteRole::Invalid(_) => match value.leading_ones() {
                0 => 1,
                n @ 1..=4 => n as u8 + 1,
                _ => 0,
            },
        }
    }

    /// The role as a byte table shows it: `ascii`, `lead 1/2`, `cont 2/2`,
    /// `invalid: unexpected continuation`, `invalid: starts an overlong
    /// form` (the reason [`ByteRole::describe_marked`] gives, after the
    /// word that a table with no `✗` needs).
    pub fn describe(self) -> String {
        match self {
            ByteRole::Ascii => "ascii".to_string(),
            ByteRole::Lead { len } => format!("lead 1/{len}"),
            ByteRole::Continuation { len, index } => format!("cont {}/{len}", index + 1),
            ByteRole::Invalid(_) => format!("invalid: {}", self.describe_marked()),
        }
    }

    /// The role as a table that marks each ill-formed byte apart (the
    /// inspector's `✗`) shows it: an ill-formed byte's reason alone
    /// (`overlong`, `unexpected continuation`), which leaves its
    /// character's column the room the word `invalid` took; the others as
    /// [`ByteRole::describe`].
    ///
    /// A lead byte is ill-formed only with the byte after it (`ED A0` would
    /// encode a surrogate; `ED 9F` is well-formed), and `C0`, `C1` can start
    /// nothing else: those say what they start (`starts a surrogate`), so
    /// the table does not read as if the byte were never UTF-8.
    pub fn describe_marked(self) -> String {
        match self {
            ByteRole::Invalid(p) => match p.what_a_lead_starts() {
                Some(what) => format!("starts {what}"),
                None => p.label().to_string(),
            },
            ByteRole::Ascii | ByteRole::Lead { .. } | ByteRole::Continuation { .. } => {
                self.describe()
            }
        }
    }
}

/// `value` in binary with the marker bits set apart from the payload bits:
/// `("110", "00011")` for the lead byte `C3`.
///
/// # Examples
/// ```
/// use urlscope_core::utf8::{binary_parts, ByteRole};
/// assert_eq!(binary_parts(0xC3, ByteRole::Lead { len: 2 }), ("110".to_string(), "00011".to_string()));
/// assert_eq!(binary_parts(0xA9, ByteRole::Continuation { len: 2, index: 1 }), ("10".to_string(), "101001".to_string()));
/// ```
pub fn binary_parts(value: u8, role: ByteRole) -> (String, String) {
    let bits = format!("{value:08b}");
    let marker = usize::from(role.marker_bits(value)).min(8);
    let (m, p) = bits.split_at(marker);
    (m.to_string(), p.to_string())
}

/// One decoded unit of a byte stream: a character or one maximal subpart of
/// an ill-formed sequence (which becomes one U+FFFD).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Utf8Unit {
    /// Offset of the first byte in the annotated stream.
    pub start: usize,
    /// Number of bytes (1..=4).
    pub len: usize,
    /// The character, or why these bytes are ill-formed.
    pub value: Result<char, Utf8Problem>,
}

impl Utf8Unit {
    /// The character as shown in lossy text: the decoded character, or U+FFFD.
    pub fn lossy_char(&self) -> char {
        self.value.unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    /// The byte range this unit covers.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start..self.start + self.len
    }
}

/// The annotation of a whole byte stream.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Utf8Annotation {
    /// One entry per byte of the input.
    pub roles: Vec<ByteRole>,
    /// Characters and maximal subparts, in order, covering every byte.
    pub units: Vec<Utf8Unit>,
}

impl Utf8Annotation {
    /// Whether the whole stream is well-formed UTF-8.
    pub fn is_valid(&self) -> bool {
        self.units.iter().all(|u| u.value.is_ok())
    }

    /// The lossy text: each maximal subpart replaced by U+FFFD.
    pub fn lossy(&self) -> String {
        self.units.iter().map(Utf8Unit::lossy_char).collect()
    }

    /// The unit a byte belongs to (binary search over `units`).
    pub fn unit_of(&self, byte: usize) -> Option<&Utf8Unit> {
        unit_at(&self.units, byte)
    }
}

/// The range allowed for the second byte after `lead`, per Table 3-6, and
/// the problem when the second byte falls outside it though it is a
/// continuation byte.
fn second_byte_rule(lead: u8) -> (u8, u8, Utf8Problem) {
    match lead {
        0xE0 => (0xA0, 0xBF, Utf8Problem::Overlong),
        0xED => (0x80, 0x9F, Utf8Problem::Surrogate),
        0xF0 => (0x90, 0xBF, Utf8Problem::Overlong),
        0xF4 => (0x80, 0x8F, Utf8Problem::AboveMax),
        _ => (0x80, 0xBF, Utf8Problem::Truncated),
    }
}

/// The length of the well-formed UTF-8 sequence that `lead` starts, or
/// `None` when no well-formed sequence starts with it.
///
/// This is the first-byte column of Unicode Table 3-6, "Well-Formed UTF-8
/// Byte Sequences" (the table this module's docs call Table 3-6):
///
/// | `lead`   | returns   |
/// |----------|-----------|
/// | `00..7F` | `Some(1)` |
/// | `C2..DF` | `Some(2)` |
/// | `E0..EF` | `Some(3)` |
/// | `F0..F4` | `Some(4)` |
/// | `80..BF` (continuation bytes), `C0`, `C1` (only overlong forms), `F5..FF` (above U+10FFFF) | `None` |
///
/// It looks at the lead byte only: whether the bytes after it fit the
/// sequence (`E0` needs `A0..BF` next, `ED` needs `80..9F`, ...) is for
/// the caller, or for [`annotate`], to check. Old decoders that accept
/// overlong forms read more bytes as leads; [`lax_overlong`] follows them.
pub(crate) fn sequence_len(lead: u8) -> Option<usize> {
    match lead {
        0x00..=0x7F => Some(1),
        0xC2..=0xDF => Some(2),
        0xE0..=0xEF => Some(3),
        0xF0..=0xF4 => Some(4),
        0x80..=0xC1 | 0xF5..=0xFF => None,
    }
}

/// The sequence length a lead byte announces, or the problem with the byte.
fn classify_lead(b: u8) -> Result<usize, Utf8Problem> {
    sequence_len(b).ok_or(match b {
        0x80..=0xBF => Utf8Problem::UnexpectedContinuation,
        0xC0 | 0xC1 => Utf8Problem::Overlong,
        _ => Utf8Problem::NeverValid,
    })
}

fn is_continuation(b: u8) -> bool {
    (0x80..=0xBF).contains(&b)
}

/// Decode the code point of a sequence already checked against Table 3-6.
fn decode_well_formed(seq: &[u8]) -> Option<char> {
    let (&lead, rest) = seq.split_first()?;
    let lead_bits = match seq.len() {
        1 => u32::from(lead),
        2 => u32::from(lead & 0x1F),
        3 => u32::from(lead & 0x0F),
        _ => u32::from(lead & 0x07),
    };
    let cp = rest
        .iter()
        .fold(lead_bits, |acc, &b| (acc << 6) | u32::from(b & 0x3F));
    char::from_u32(cp)
}

/// Annotate `bytes` per Table 3-6.
///
/// # Examples
/// ```
/// use urlscope_core::utf8::{annotate, ByteRole, Utf8Problem};
/// // "é" is C3 A9: a 2-byte lead and its continuation.
/// let a = annotate(&[0xC3, 0xA9]);
/// assert_eq!(a.roles, [ByteRole::Lead { len: 2 }, ByteRole::Continuation { len: 2, index: 1 }]);
/// assert_eq!(a.lossy(), "é");
/// // C0 AF is the overlong "/": two maximal subparts, two U+FFFD.
/// let a = annotate(&[0xC0, 0xAF]);
/// assert_eq!(a.roles[0], ByteRole::Invalid(Utf8Problem::Overlong));
/// assert_eq!(a.lossy(), "\u{FFFD}\u{FFFD}");
/// ```
pub fn annotate(bytes: &[u8]) -> Utf8Annotation {
    let mut roles = Vec::with_capacity(bytes.len());
    let mut units = Vec::with_capacity(bytes.len());
    for unit in units_of(bytes) {
        match unit.value {
            Ok(c) if unit.len > 1 => {
                // `len` is 2..=4, so these casts cannot truncate.
                let len = c.len_utf8() as u8;
                roles.push(ByteRole::Lead { len });
                roles.extend((1..len).map(|index| ByteRole::Continuation { len, index }));
            }
            Ok(_) => roles.push(ByteRole::Ascii),
            Err(problem) => roles.extend((0..unit.len).map(|_| ByteRole::Invalid(problem))),
        }
        units.push(unit);
    }
    Utf8Annotation { roles, units }
}

/// The units of `bytes` per Table 3-6, one at a time: what [`annotate`]
/// lists, without holding the list (the checks walk long components this
/// way).
pub(crate) fn units_of(bytes: &[u8]) -> impl Iterator<Item = Utf8Unit> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let &lead = bytes.get(i)?;
        let start = i;
        let len = match classify_lead(lead) {
            Ok(1) => {
                i += 1;
                return Some(Utf8Unit {
                    start,
                    len: 1,
                    value: Ok(char::from(lead)),
                });
            }
            Ok(len) => len,
            Err(problem) => {
                i += 1;
                return Some(Utf8Unit {
                    start,
                    len: 1,
                    value: Err(problem),
                });
            }
        };
        // Count how many bytes after the lead continue the sequence.
        let (lo, hi, second_problem) = second_byte_rule(lead);
        let mut good = 1;
        let mut problem = Utf8Problem::Truncated;
        while good < len {
            let Some(&b) = bytes.get(i + good) else {
                break;
            };
            let ok = if good == 1 {
                (lo..=hi).contains(&b)
            } else {
                is_continuation(b)
            };
            if !ok {
                if good == 1 && is_continuation(b) {
                    // A continuation byte, but outside the narrowed range:
                    // the sequence is overlong, a surrogate or too large.
                    problem = second_problem;
                }
                break;
            }
            good += 1;
        }
        i += good;
        if good == len {
            let seq = bytes.get(start..start + good).unwrap_or_default();
            Some(Utf8Unit {
                start,
                len,
                value: decode_well_formed(seq).ok_or(Utf8Problem::NeverValid),
            })
        } else {
            // A maximal subpart: the lead and the continuation bytes that
            // were still allowed. One U+FFFD for all of them.
            Some(Utf8Unit {
                start,
                len: good,
                value: Err(problem),
            })
        }
    })
}

/// The annotation of the bytes `start..end` of a stream, as [`annotate`]
/// of the whole stream gives it there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Utf8Window {
    /// Offset of the first annotated byte.
    pub start: usize,
    /// One entry per byte of the window.
    pub roles: Vec<ByteRole>,
    /// The units that hold a byte of the window, with offsets into the
    /// whole stream.
    pub units: Vec<Utf8Unit>,
}

impl Utf8Window {
    /// The role of byte `byte` of the stream, if it is in the window.
    pub fn role(&self, byte: usize) -> Option<ByteRole> {
        self.roles.get(byte.checked_sub(self.start)?).copied()
    }

    /// The unit byte `byte` of the stream belongs to, if it is in the
    /// window.
    pub fn unit_of(&self, byte: usize) -> Option<&Utf8Unit> {
        unit_at(&self.units, byte)
    }
}

/// The unit of `units` (in order, not overlapping) that holds byte `byte`.
fn unit_at(units: &[Utf8Unit], byte: usize) -> Option<&Utf8Unit> {
    let i = units.partition_point(|u| u.start + u.len <= byte);
    units.get(i).filter(|u| u.start <= byte)
}

/// Annotate only the bytes `start..end` of `bytes`, reading at most three
/// bytes on either side: every byte after the first of a unit is a
/// continuation byte (`80..BF`) and a unit is at most four bytes long, so
/// the unit holding byte `start` begins at the nearest byte at most three
/// back that is not a continuation byte, or at `start` itself. Views that
/// show a window of a long component use this instead of annotating it
/// all.
///
/// # Examples
/// ```
/// use urlscope_core::utf8::{annotate_window, ByteRole};
/// let bytes = "aé€".as_bytes(); // 61 C3 A9 E2 82 AC
/// let w = annotate_window(bytes, 2, 5);
/// assert_eq!(w.role(2), Some(ByteRole::Continuation { len: 2, index: 1 }));
/// assert_eq!(w.role(3), Some(ByteRole::Lead { len: 3 }));
/// assert_eq!(w.unit_of(4).map(|u| u.value), Some(Ok('€')));
/// ```
pub fn annotate_window(bytes: &[u8], start: usize, end: usize) -> Utf8Window {
    let end = end.min(bytes.len());
    let start = start.min(end);
    let from = (1..=3)
        .take_while(|&back| back <= start)
        .map(|back| start - back)
        .find(|&i| bytes.get(i).is_some_and(|&b| !is_continuation(b)))
        .unwrap_or(start);
    let to = (end + 3).min(bytes.len());
    let a = annotate(bytes.get(from..to).unwrap_or_default());
    let roles = a
        .roles
        .get(start - from..end - from)
        .unwrap_or_default()
        .to_vec();
    let units = a
        .units
        .into_iter()
        .map(|u| Utf8Unit {
            start: u.start + from,
            ..u
        })
        .filter(|u| u.start < end && u.start + u.len > start)
        .collect();
    Utf8Window {
        start,
        roles,
        units,
    }
}

/// The code point a lax decoder would read from an overlong sequence at the
/// start of `bytes`, with the sequence length: `C0 AF` reads as `/`,
/// `E0 80 AE` as `.`. Returns `None` unless the bytes are an overlong form.
///
/// Old decoders (IIS before 2001, some Java and PHP code) computed the code
/// point from the bit pattern without checking the shortest form, so an
/// overlong `/` slipped past a filter that looked for `/` and was then read
/// as `/` by the file system.
pub(crate) fn lax_overlong(bytes: &[u8]) -> Option<(char, usize)> {
    let (&lead, rest) = bytes.split_first()?;
    let (len, lead_bits, min) = match lead {
        0xC0..=0xDF => (2, u32::from(lead & 0x1F), 0x80),
        0xE0..=0xEF => (3, u32::from(lead & 0x0F), 0x800),
        0xF0..=0xF7 => (4, u32::from(lead & 0x07), 0x10000),
        _ => return None,
    };
    let conts = rest.get(..len - 1)?;
    if !conts.iter().all(|&b| is_continuation(b)) {
        return None;
    }
    let cp = conts
        .iter()
        .fold(lead_bits, |acc, &b| (acc << 6) | u32::from(b & 0x3F));
    if cp >= min {
        return None;
    }
    char::from_u32(cp).map(|c| (c, len))
}

/// A character's UTF-8 form bit by bit, per Table 3-5.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BitLayout {
    /// The Table 3-5 pattern for the sequence length:
    /// `1110zzzz 10yyyyyy 10xxxxxx`.
    pub pattern: &'static str,
    /// Each byte with its marker bits set apart: `1110|0010 10|011100 10|010011`.
    pub bytes: String,
    /// The code point's bits as the pattern groups them: `0010 011100 010011`.
    pub scalar_bits: String,
    /// How many bytes the character takes (1..=4).
    pub len: u8,
    /// The code points written in `len` bytes: `U+0800..U+FFFF`.
    pub range: &'static str,
}

impl BitLayout {
    /// Table 3-5's row for this length in words: which code points take
    /// this many bytes, how the marker bits say so, and that the payload
    /// bits are the code point.
    ///
    /// # Examples
    /// ```
    /// use urlscope_core::utf8::bit_layout;
    /// assert_eq!(
    ///     bit_layout('é').describe(),
    ///     "Table 3-5: U+0080..U+07FF takes 2 bytes; the lead byte's 2 ones and a 0 \
    ///      say: 2 bytes; each continuation byte starts 10. The payload bits, in \
    ///      order, are the code point."
    /// );
    /// ```
    pub fn describe(&self) -> String {
        let (n, range) = (self.len, self.range);
        let markers = match n {
            1 => "a leading 0 says: one byte, ASCII".to_string(),
            _ => format!(
                "the lead byte's {n} ones and a 0 say: {n} bytes; each continuation byte starts 10"
            ),
        };
        let plural = if n == 1 { "" } else { "s" };
        format!(
            "Table {BIT_DISTRIBUTION}: {range} takes {n} byte{plural}; {markers}. The payload bits, in order, \
             are the code point."
        )
    }
}

/// The letters of a Table 3-5 `pattern`'s payload bits, in order
/// (`11110uuu 10uuzzzz ...` gives `uuuuuzzzz...`): each names the group of
/// the code point's bits it carries.
///
/// ```
/// use urlscope_core::utf8::payload_letters;
/// assert_eq!(payload_letters("110yyyyy 10xxxxxx"), "yyyyyxxxxxx");
/// ```
pub fn payload_letters(pattern: &str) -> String {
    pattern.chars().filter(char::is_ascii_lowercase).collect()
}

/// `bits` cut into runs by `letters` ([`payload_letters`], one per bit):
/// each run with the letter of its group.
///
/// ```
/// use urlscope_core::utf8::letter_runs;
/// assert_eq!(letter_runs("011111", "uuzzzz"), [('u', "01"), ('z', "1111")]);
/// ```
pub fn letter_runs<'a>(bits: &'a str, letters: &str) -> Vec<(char, &'a str)> {
    let mut runs: Vec<(char, &'a str)> = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (i, letter) in letters.chars().take(bits.len()).enumerate() {
        if let Some(run) = current.filter(|&c| c != letter) {
            runs.push((run, bits.get(start..i).unwrap_or_default()));
            start = i;
        }
        current = Some(letter);
    }
    if let Some(run) = current {
        runs.push((run, bits.get(start..).unwrap_or_default()));
    }
    runs
}

/// How `c` is written in UTF-8, bit by bit.
///
/// # Examples
/// ```
/// use urlscope_core::utf8::bit_layout;
/// let l = bit_layout('✓'); // U+2713
/// assert_eq!(l.pattern, "1110zzzz 10yyyyyy 10xxxxxx");
/// assert_eq!(l.bytes, "1110|0010 10|011100 10|010011");
/// assert_eq!(l.scalar_bits, "0010 011100 010011");
/// assert_eq!((l.len, l.range), (3, "U+0800..U+FFFF"));
/// ```
pub fn bit_layout(c: char) -> BitLayout {
    let mut buf = [0u8; 4];
    let bytes = c.encode_utf8(&mut buf).as_bytes();
    let (pattern, lead_payload, range) = match bytes.len() {
        1 => ("0xxxxxxx", 7, "U+0000..U+007F"),
        2 => ("110yyyyy 10xxxxxx", 5, "U+0080..U+07FF"),
        3 => ("1110zzzz 10yyyyyy 10xxxxxx", 4, "U+0800..U+FFFF"),
        _ => (
            "11110uuu 10uuzzzz 10yyyyyy 10xxxxxx",
            3,
            "U+10000..U+10FFFF",
        ),
    };
    let mut shown = Vec::new();
    let mut payload_bits = String::new();
    for (i, &b) in bytes.iter().enumerate() {
        let payload = if i == 0 { lead_payload } else { 6 };
        let bits = format!("{b:08b}");
        let (marker, rest) = bits.split_at(8 - payload);
        shown.push(format!("{marker}|{rest}"));
        payload_bits.push_str(rest);
    }
    // The code point's bits in the pattern's groups, one per letter
    // (`uuuuu zzzz yyyyyy xxxxxx`: a 4-byte form's `u` bits straddle its
    // first two bytes).
    let scalar: Vec<&str> = letter_runs(&payload_bits, &payload_letters(pattern))
        .into_iter()
        .map(|(_, run)| run)
        .collect();
    BitLayout {
        pattern,
        bytes: shown.join(" "),
        scalar_bits: scalar.join(" "),
        // `encode_utf8` writes 1..=4 bytes, so this cannot truncate.
        len: bytes.len() as u8,
        range,
    }
}

/// Why the ill-formed sequence at the start of `bytes` is rejected, in the
/// words of Table 3-6: `E0 needs a second byte in A0..BF; 9F is not, so
/// E0 9F 80 would be an overlong form of U+07C0`.
pub(crate) fn explain_ill_formed(bytes: &[u8]) -> Option<String> {
    let a = annotate(bytes);
    let unit = a.units.first()?;
    let problem = unit.value.err()?;
    let lead = *bytes.first()?;
    let next = bytes.get(1).copied();
    let hex = |s: &[u8]| {
        s.iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let overlong = lax_overlong(bytes).map(|(c, len)| (u32::from(c), len));
    Some(match (problem, lead) {
        (Utf8Problem::Overlong, 0xC0 | 0xC1) => match overlong {
            Some((cp, len)) => format!(
                "{lead:02X} is in no row of Table {WELL_FORMED}: it can only start an overlong 2-byte form; {} would be U+{cp:04X}",
                hex(bytes.get(..len).unwrap_or_default())
            ),
            None => format!("{lead:02X} is in no row of Table {WELL_FORMED}: it can only start an overlong 2-byte form"),
        },
        (Utf8Problem::Overlong, _) => {
            let range = if lead == 0xE0 { "A0..BF" } else { "90..BF" };
            let tail = match overlong {
                Some((cp, len)) => format!(", so {} would be an overlong form of U+{cp:04X}", hex(bytes.get(..len).unwrap_or_default())),
                None => String::new(),
            };
            format!("{lead:02X} needs a second byte in {range}; {:02X} is not{tail}", next.unwrap_or(0))
        }
        (Utf8Problem::Surrogate, _) => format!(
            "ED needs a second byte in 80..9F; {:02X} is not, so {} would encode the surrogate {}, a UTF-16 code unit that is never a character",
            next.unwrap_or(0),
            hex(bytes.get(..3).unwrap_or(bytes)),
            would_be(bytes, 3).map_or("U+D800..U+DFFF".to_string(), |cp| format!("U+{cp:04X}"))
        ),
        (Utf8Problem::AboveMax, _) => format!(
            "F4 needs a second byte in 80..8F; {:02X} is not, so {} would encode {}, above U+10FFFF, the last code point",
            next.unwrap_or(0),
            hex(bytes.get(..4).unwrap_or(bytes)),
            would_be(bytes, 4).map_or("a code point".to_string(), |cp| format!("U+{cp:04X}"))
        ),
        (Utf8Problem::UnexpectedContinuation, _) => {
            format!("{lead:02X} is a continuation byte (10xxxxxx) with no lead byte before it")
        }
        (Utf8Problem::Truncated, _) => {
            // A truncated sequence starts with a lead byte, so this is Some.
            let want = sequence_len(lead).unwrap_or(4);
            match bytes.get(unit.len) {
                Some(n) => format!(
                    "{lead:02X} starts a {want}-byte sequence, but {n:02X} after {} is not a continuation byte (10xxxxxx)",
                    hex(bytes.get(..unit.len).unwrap_or_default())
                ),
                None => format!("{lead:02X} starts a {want}-byte sequence, but the bytes end after {}", hex(bytes.get(..unit.len).unwrap_or_default())),
            }
        }
        (Utf8Problem::NeverValid, _) => format!("{lead:02X} is in no row of Table {WELL_FORMED}: F5..FF never appear in UTF-8"),
    })
}

/// The code point a lax decoder would read from the `len`-byte sequence
/// at the start of `bytes`, when all of its continuation bytes are there.
fn would_be(bytes: &[u8], len: usize) -> Option<u32> {
    let seq = bytes.get(..len)?;
    let (&lead, rest) = seq.split_first()?;
    if !rest.iter().all(|b| (0x80..0xC0).contains(b)) {
        return None;
    }
    let lead_bits = u32::from(lead) & (0x7F >> len);
    Some(
        rest.iter()
            .fold(lead_bits, |cp, &b| (cp << 6) | u32::from(b & 0x3F)),
    )
}

/// Why the byte at `at` of `bytes` is not UTF-8, worded for that byte: a
/// continuation byte that a broken sequence left behind is explained by the
/// lead byte it was meant to follow (in `ED A0 80`, `A0` is rejected because
/// ED accepts only 80..9F next, not because it has no lead byte). `None`
/// when the byte belongs to a well-formed character.
///
/// # Examples
/// ```
/// use urlscope_core::utf8::explain_ill_formed_at;
/// let why = explain_ill_formed_at(&[0xED, 0xA0, 0x80], 1).unwrap();
/// assert!(why.starts_with("A0 cannot follow ED, because ED needs a second byte in 80..9F"), "{why}");
/// assert!(why.contains("ED A0 80 would encode the surrogate U+D800"), "{why}");
/// let why = explain_ill_formed_at(b"a\xA9", 1).unwrap();
/// assert!(why.contains("no lead byte before it"), "{why}");
/// assert_eq!(explain_ill_formed_at("é".as_bytes(), 1), None);
/// ```
pub fn explain_ill_formed_at(bytes: &[u8], at: usize) -> Option<String> {
    let window = annotate_window(bytes, at, at + 1);
    let unit = window.unit_of(at)?;
    let problem = unit.value.err()?;
    let start = unit.start;
    let own = || explain_ill_formed(bytes.get(start..).unwrap_or_default());
    if problem != Utf8Problem::UnexpectedContinuation {
        return own();
    }
    // Look back over continuation bytes for the lead byte whose sequence
    // would have taken this one.
    let byte = *bytes.get(at)?;
    for back in 1..=3usize {
        let Some(p) = at.checked_sub(back) else {
            break;
        };
        let lead = *bytes.get(p)?;
        if (0x80..0xC0).contains(&lead) {
            continue;
        }
        let len = match lead {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => return own(),
        };
        if back >= len {
            return own();
        }
        let why = explain_ill_formed(bytes.get(p..).unwrap_or_default())?;
        return Some(if back == 1 {
            format!("{byte:02X} cannot follow {lead:02X}, because {why}")
        } else {
            format!("{byte:02X} is left over from the sequence {lead:02X} starts, because {why}")
        });
    }
    own()
}

#[cfg(test)]
mod tests;
