//! The byte table of a payload written in digits: each byte a base64,
//! base64url or hex payload (or a JWT's payload part) decodes to, with the
//! two digits whose bits make it (RFC 4648: a base64 digit writes six
//! bits, so three bytes take four digits; a hex digit writes four), and
//! its role in UTF-8 as in a component's table.

use super::{Nested, NestedKind};
use crate::analysis::ByteRow;
use crate::percent::SourceKind;
use crate::utf8::annotate_window;

/// One decoded byte of a payload written in digits, and the two digits
/// that write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct DigitRow {
    /// The byte, its role in UTF-8 and the character it belongs to; its
    /// span is the whole value's.
    pub byte: ByteRow,
    /// The two digits, each as written and the number it stands for.
    pub digits: [(u8, u8); 2],
    /// Where the first digit is in the encoded text.
    pub at: usize,
    /// How many bits each digit writes: 6 in base64, 4 in hex.
    pub digit_bits: u8,
    /// How many of the byte's eight bits come from the first digit (its
    /// last ones): 6, 4 or 2 in base64, 4 in hex; the rest are the second
    /// digit's first bits.
    pub first_bits: u8,
}

impl DigitRow {
    /// The two digits as written: `aH`.
    pub fn digit_text(&self) -> String {
        self.digits.iter().map(|&(c, _)| char::from(c)).collect()
    }

    /// The byte's eight bits, the first digit's and the second's apart:
    /// `("011010", "00")`.
    pub fn bits(&self) -> (String, String) {
        let all = format!("{:08b}", self.byte.value);
        let (first, second) = all.split_at(usize::from(self.first_bits));
        (first.to_string(), second.to_string())
    }

    /// How the two digits make the byte, in words: `'a' is 26 (011010)
    /// and 'H' is 7 (000111): the byte is 011010 (all of 'a') then 00
    /// (the first 2 bits of 'H') = 0x68`.
    pub fn explain(&self) -> String {
        let width = usize::from(self.digit_bits);
        let digit = |(c, v): (u8, u8)| format!("'{}' is {v} ({v:0width$b})", char::from(c));
        let [one, two] = self.digits;
        let (first, second) = self.bits();
        let (f, s) = (first.len(), second.len());
        let whose = |c: u8, n: usize, end: &str| {
            if n == width {
                format!("all of '{}'", char::from(c))
            } else {
                format!("the {end} {n} bits of '{}'", char::from(c))
            }
        };
        format!(
            "{} and {}: the byte is {first} ({}) then {second} ({}) = 0x{:02X}",
            digit(one),
            digit(two),
            whose(one.0, f, "last"),
            whose(two.0, s, "first"),
            self.byte.value
        )
    }
}

/// The number a base64 or base64url digit stands for (RFC 4648, Tables 1
/// and 2), or a hex digit's.
fn digit_value(c: u8, hex: bool) -> u8 {
    if hex {
        return match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => 0,
        };
    }
    match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' | b'-' => 62,
        _ => 63,
    }
}

impl Nested {
    /// How many rows the value's digit table has: one per decoded byte of
    /// a payload written in base64, base64url or hex, or of a JWT's
    /// payload; `None` for any other value (a URL, a reversed or escaped
    /// text), whose bytes are those of the component it is found in.
    pub fn digit_rows_len(&self) -> Option<usize> {
        self.encoded.as_ref().map(|_| self.text.len())
    }

    /// Rows `start..start + len` of the value's digit table (see
    /// [`Nested::digit_rows_len`]); empty for a value that has none.
    ///
    /// # Examples
    /// ```
    /// use urlscope_core::{analyze, Options};
    /// let url = b"https://example.com/r?next=aHR0cHM6Ly9ldmlsLmV4YW1wbGUubmV0L2xvZ2lu";
    /// let a = analyze(url, &Options::default());
    /// let payload = &a.nested[0];
    /// let rows = payload.digit_rows_window(0, 3);
    /// // "aHR0" is the three bytes "htt".
    /// assert_eq!(rows[0].digit_text(), "aH");
    /// assert_eq!(rows[0].bits(), ("011010".to_string(), "00".to_string()));
    /// assert_eq!(rows[1].digit_text(), "HR");
    /// assert_eq!(rows[2].bits(), ("01".to_string(), "110100".to_string()));
    /// assert_eq!(rows[2].byte.value, b't');
    /// ```
    pub fn digit_rows_window(&self, start: usize, len: usize) -> Vec<DigitRow> {
        let Some(encoded) = self.encoded.as_deref() else {
            return Vec::new();
        };
        let (encoded, decoded) = (encoded.as_bytes(), self.text.as_bytes());
        let hex = self.kind == NestedKind::Hex;
        let end = start.saturating_add(len).min(decoded.len());
        let utf8 = annotate_window(decoded, start, end);
        (start..end)
            .filter_map(|offset| {
                let value = *decoded.get(offset)?;
                // Three bytes to four base64 digits; a byte to two hex ones.
                let (at, first_bits) = if hex {
                    (offset * 2, 4)
                } else {
                    let i = offset % 3;
                    (offset / 3 * 4 + i, 6 - 2 * i as u8)
                };
                let digit = |i: usize| encoded.get(i).map(|&c| (c, digit_value(c, hex)));
                Some(DigitRow {
                    byte: ByteRow {
                        offset,
                        value,
                        source: SourceKind::Literal,
                        span: self.span,
                        role: utf8.role(offset)?,
                        unit: utf8.unit_of(offset).copied(),
                        lax_overlong: None,
                    },
                    digits: [digit(at)?, digit(at + 1)?],
                    at,
                    digit_bits: if hex { 4 } else { 6 },
                    first_bits,
                })
            })
            .collect()
    }
}

/// The digits a payload of `kind` decoded from `layer` is written in,
/// when it has a digit table: the layer itself for base64 and hex, a JWT's
/// second part.
pub(super) fn encoded(kind: NestedKind, layer: &[u8]) -> Option<String> {
    let digits = match kind {
        NestedKind::Base64 | NestedKind::Base64Url | NestedKind::Hex => layer,
        NestedKind::Jwt => layer.split(|&b| b == b'.').nth(1)?,
        _ => return None,
    };
    let digits = crate::plain::without_base64_padding(digits);
    std::str::from_utf8(digits).ok().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use crate::{analyze, Options};

    /// Each byte of a payload is the bits of its two digits, for every
    /// byte of a group of three and in hex, and a multi-byte character's
    /// bytes keep their UTF-8 roles.
    #[test]
    fn each_byte_is_made_of_its_digits() {
        let a = analyze(
            b"https://example.com/r?next=aHR0cHM6Ly9ldmlsLmV4YW1wbGUubmV0L2xvZ2lu",
            &Options::default(),
        );
        let n = &a.nested[0];
        assert_eq!(
            n.digit_rows_len(),
            Some("https://evil.example.net/login".len())
        );
        let rows = n.digit_rows_window(0, usize::MAX);
        assert_eq!(rows.len(), 30);
        for row in &rows {
            let (first, second) = row.bits();
            let [(_, one), (_, two)] = row.digits;
            let one = format!("{one:06b}");
            let two = format!("{two:06b}");
            // The first digit's last bits, then the second's first ones.
            assert!(one.ends_with(&first), "{row:?}");
            assert!(two.starts_with(&second), "{row:?}");
        }
        assert_eq!(
            rows[0].explain(),
            "'a' is 26 (011010) and 'H' is 7 (000111): the byte is 011010 (all of 'a') \
             then 00 (the first 2 bits of 'H') = 0x68"
        );
        assert_eq!(rows[29].byte.value, b'n');
        // A window starts where it is asked to.
        let window = n.digit_rows_window(28, 10);
        assert_eq!(window.len(), 2);
        assert_eq!(window[0], rows[28]);

        // Hex: two digits a byte; 'é' is a lead and a continuation byte.
        let a = analyze(
            b"https://example.com/r?d=68747470733a2f2f6576696c2e6578616d706c652f63c3a9",
            &Options::default(),
        );
        let n = a.nested.iter().find(|n| n.kind == super::NestedKind::Hex);
        let n = n.expect("a hex payload");
        let rows = n.digit_rows_window(0, usize::MAX);
        assert_eq!(rows[0].digit_text(), "68");
        assert_eq!(rows[0].bits(), ("0110".to_string(), "1000".to_string()));
        let last = &rows[rows.len() - 1];
        assert_eq!(last.digit_text(), "a9");
        assert!(matches!(
            last.byte.role,
            crate::utf8::ByteRole::Continuation { .. }
        ));
        assert!(rows[0]
            .explain()
            .starts_with("'6' is 6 (0110) and '8' is 8 (1000)"));

        // A URL has no digit table.
        let a = analyze(
            b"https://example.com/r?next=https://evil.example/",
            &Options::default(),
        );
        assert_eq!(a.nested[0].digit_rows_len(), None);
        assert!(a.nested[0].digit_rows_window(0, 5).is_empty());
    }
}
