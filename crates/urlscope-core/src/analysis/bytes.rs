//! Byte tables: one row per decoded byte of a component, with the input
//! bytes it came from and its role in UTF-8 (Unicode Tables 3-5 and 3-6:
//! lead, continuation or ill-formed), and the character facts a row shows.

use crate::analysis::ComponentAnalysis;
use crate::percent::SourceKind;
use crate::split::Span;
use crate::utf8::{annotate_window, lax_overlong, ByteRole, Utf8Unit};
use crate::Analysis;
use std::borrow::Cow;

/// One row of a byte table: a decoded byte, where it came from and what it
/// is in UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ByteRow {
    /// Offset in the decoded bytes.
    pub offset: usize,
    /// The decoded byte.
    pub value: u8,
    /// How it was written: literally, as an escape, as a form `+`.
    pub source: SourceKind,
    /// The input bytes it came from (`%C3`, or a literal `c`).
    pub span: Span,
    /// Its role in UTF-8 (Unicode Table 3-6).
    pub role: ByteRole,
    /// The character or ill-formed subpart it belongs to.
    pub unit: Option<Utf8Unit>,
    /// For the first byte of an overlong form: the character a lax decoder
    /// reads from it, and the form's length (`C0 AF` reads as `/`).
    pub lax_overlong: Option<(char, usize)>,
}

impl ByteRow {
    /// The grouping mark of a byte table: `┌` on a lead byte, `│` and `└`
    /// on its continuation bytes, `✗` on an ill-formed byte.
    pub fn group_mark(&self) -> char {
        match self.role {
            ByteRole::Ascii => ' ',
            ByteRole::Lead { .. } => '┌',
            ByteRole::Continuation { len, index } if index + 1 == len => '└',
            ByteRole::Continuation { .. } => '│',
            ByteRole::Invalid(_) => '✗',
        }
    }

    /// What the byte is part of, for the last column of a byte table:
    /// `U+00E9  é  LATIN SMALL LETTER E WITH ACUTE` on the first byte of a
    /// character, `╰ U+00E9` on the others, and for ill-formed bytes the
    /// U+FFFD that replaces them or the character an overlong form hides.
    pub fn describe_char(&self) -> String {
        if let Some((c, len)) = self.lax_overlong {
            return format!(
                "overlong {len}-byte form of U+{:04X} '{}': lax decoders read it",
                u32::from(c),
                crate::text::glyph(c)
            );
        }
        let Some(unit) = self.unit else {
            return String::new();
        };
        match (unit.value, self.role) {
            (Ok(c), ByteRole::Continuation { .. }) => format!("╰ U+{:04X}", u32::from(c)),
            (Ok(c), _) => {
                let info = char_info(c);
                let glyph = crate::text::shown_alone(c);
                format!("{}  {}  {}", info.codepoint, glyph, info.name)
            }
            (Err(_), _) if self.offset == unit.start && unit.len == 1 => {
                "U+FFFD (replaces this byte)".to_string()
            }
            (Err(_), _) if self.offset == unit.start => {
                format!("U+FFFD (one for these {} bytes)", unit.len)
            }
            (Err(_), _) => "╰ U+FFFD".to_string(),
        }
    }
}

/// Facts about one character, for byte tables.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CharInfo {
    /// `U+00E9`.
    pub codepoint: String,
    /// The Unicode name (`LATIN SMALL LETTER E WITH ACUTE`); for a control
    /// character, which has none, its name alias (`ESCAPE`, `NULL`).
    pub name: String,
    /// Terminal columns it takes (0 for controls and combining marks).
    pub width: usize,
}

/// The Unicode name alias of a C0 or C1 control character or DELETE
/// (NameAliases.txt, type `control`; for the four C1 codes that have none,
/// the `figment` alias), since the characters themselves have no name.
fn control_alias(c: char) -> Option<&'static str> {
    const C0: [&str; 32] = [
        "NULL",
        "START OF HEADING",
        "START OF TEXT",
        "END OF TEXT",
        "END OF TRANSMISSION",
        "ENQUIRY",
        "ACKNOWLEDGE",
        "ALERT",
        "BACKSPACE",
        "CHARACTER TABULATION",
        "LINE FEED",
        "LINE TABULATION",
        "FORM FEED",
        "CARRIAGE RETURN",
        "SHIFT OUT",
        "SHIFT IN",
        "DATA LINK ESCAPE",
        "DEVICE CONTROL ONE",
        "DEVICE CONTROL TWO",
        "DEVICE CONTROL THREE",
        "DEVICE CONTROL FOUR",
        "NEGATIVE ACKNOWLEDGE",
        "SYNCHRONOUS IDLE",
        "END OF TRANSMISSION BLOCK",
        "CANCEL",
        "END OF MEDIUM",
        "SUBSTITUTE",
        "ESCAPE",
        "INFORMATION SEPARATOR FOUR",
        "INFORMATION SEPARATOR THREE",
        "INFORMATION SEPARATOR TWO",
        "INFORMATION SEPARATOR ONE",
    ];
    const C1: [&str; 32] = [
        "PADDING CHARACTER",
        "HIGH OCTET PRESET",
        "BREAK PERMITTED HERE",
        "NO BREAK HERE",
        "INDEX",
        "NEXT LINE",
        "START OF SELECTED AREA",
        "END OF SELECTED AREA",
        "CHARACTER TABULATION SET",
        "CHARACTER TABULATION WITH JUSTIFICATION",
        "LINE TABULATION SET",
        "PARTIAL LINE FORWARD",
        "PARTIAL LINE BACKWARD",
        "REVERSE LINE FEED",
        "SINGLE SHIFT TWO",
        "SINGLE SHIFT THREE",
        "DEVICE CONTROL STRING",
        "PRIVATE USE ONE",
        "PRIVATE USE TWO",
        "SET TRANSMIT STATE",
        "CANCEL CHARACTER",
        "MESSAGE WAITING",
        "START OF GUARDED AREA",
        "END OF GUARDED AREA",
        "START OF STRING",
        "SINGLE GRAPHIC CHARACTER INTRODUCER",
        "SINGLE CHARACTER INTRODUCER",
        "CONTROL SEQUENCE INTRODUCER",
        "STRING TERMINATOR",
        "OPERATING SYSTEM COMMAND",
        "PRIVACY MESSAGE",
        "APPLICATION PROGRAM COMMAND",
    ];
    let cp = u32::from(c);
    let index = |base: u32| usize::try_from(cp - base).ok();
    match cp {
        0x00..=0x1F => index(0).and_then(|i| C0.get(i).copied()),
        0x7F => Some("DELETE"),
        0x80..=0x9F => index(0x80).and_then(|i| C1.get(i).copied()),
        _ => None,
    }
}

/// Describe a character.
///
/// # Examples
/// ```
/// let info = urlscope_core::analysis::char_info('é');
/// assert_eq!(info.codepoint, "U+00E9");
/// assert_eq!(info.name, "LATIN SMALL LETTER E WITH ACUTE");
/// assert_eq!(info.width, 1);
/// // Controls have no name; their name aliases stand in.
/// assert_eq!(urlscope_core::analysis::char_info('\u{1b}').name, "ESCAPE");
/// assert_eq!(urlscope_core::analysis::char_info('\u{9b}').name, "CONTROL SEQUENCE INTRODUCER");
/// // Other characters with no name show their code point label.
/// assert_eq!(urlscope_core::analysis::char_info('\u{E000}').name, "<private-use-E000>");
/// assert_eq!(urlscope_core::analysis::char_info('\u{FFFF}').name, "<noncharacter-FFFF>");
/// assert_eq!(urlscope_core::analysis::char_info('\u{378}').name, "<reserved-0378>");
/// ```
pub fn char_info(c: char) -> CharInfo {
    let name = match unicode_names2::name(c) {
        Some(n) => n.to_string(),
        None => match control_alias(c) {
            Some(alias) => alias.to_string(),
            None => code_point_label(c),
        },
    };
    CharInfo {
        codepoint: format!("U+{:04X}", u32::from(c)),
        name,
        width: if c.is_control() {
            0
        } else {
            unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
        },
    }
}

/// The code point label of a character that has no name (the Unicode
/// Standard, §4.8, "Code Point Labels"): `<private-use-E000>`,
/// `<noncharacter-FFFE>`, `<control-0085>`, and `<reserved-0378>` for a
/// code point the Unicode version urlscope knows leaves unassigned.
fn code_point_label(c: char) -> String {
    let kind = if c.is_control() {
        "control"
    } else if crate::text::is_noncharacter(c) {
        "noncharacter"
    } else if crate::text::is_private_use(c) {
        "private-use"
    } else {
        "reserved"
    };
    format!("<{kind}-{:04X}>", u32::from(c))
}

impl Analysis {
    /// The byte table of component `index`: one row per decoded byte.
    pub fn byte_rows(&self, index: usize) -> Vec<ByteRow> {
        self.byte_rows_from(index, 0).collect()
    }
    /// Rows `start..start + len` of the byte table of component `index`,
    /// computed without decoding the rest into memory (views render only
    /// what is visible).
    pub fn byte_rows_window(&self, index: usize, start: usize, len: usize) -> Vec<ByteRow> {
        self.byte_rows_from(index, start).take(len).collect()
    }
    /// The byte table of component `index` from row `start` on, one row at
    /// a time: the rows are annotated a window at a time, so walking a
    /// component of millions of bytes holds a few thousand rows' worth of
    /// state.
    pub fn byte_rows_from(&self, index: usize, start: usize) -> impl Iterator<Item = ByteRow> + '_ {
        let c = self.components.get(index);
        let (span, form) = c.map_or((Span::new(0, 0), false), |c| (c.span, c.form));
        let decoded = c.map_or(&[][..], ComponentAnalysis::decoded);
        self.rows_from(span, form, Cow::Borrowed(decoded), start)
    }
    /// Rows `start..start + len` of the byte table of the input bytes in
    /// `span`, escapes decoded as in a path: for a carried value that
    /// runs across components (a Proofpoint v3 link's target, written over
    /// several path segments and the `/` between them).
    pub fn span_rows_window(&self, span: Span, start: usize, len: usize) -> Vec<ByteRow> {
        self.rows_from(span, false, self.span_decoded(span), start)
            .take(len)
            .collect()
    }
    /// The input bytes in `span` decoded as [`Analysis::span_rows_window`]
    /// shows them, a row each.
    pub fn span_decoded(&self, span: Span) -> Cow<'_, [u8]> {
        crate::percent::decode(span.of(&self.input), false)
    }
    /// The byte table of the input bytes in `span`, whose decoding (with
    /// form rules when `form`) is `decoded`, from row `start` on.
    fn rows_from<'a>(
        &'a self,
        span: Span,
        form: bool,
        decoded: Cow<'a, [u8]>,
        start: usize,
    ) -> impl Iterator<Item = ByteRow> + 'a {
        const WINDOW: usize = 4096;
        let raw = span.of(&self.input);
        let mut at = span.start;
        let mut steps = crate::percent::steps(raw, form).enumerate();
        for (_, step) in steps.by_ref().take(start) {
            at += step.width;
        }
        let mut utf8 = annotate_window(&decoded, start, start.saturating_add(WINDOW));
        steps.map(move |(offset, step)| {
            if offset >= utf8.start + utf8.roles.len() {
                utf8 = annotate_window(&decoded, offset, offset + WINDOW);
            }
            let span = Span::new(at, at + step.width);
            at += step.width;
            let role = utf8.role(offset).unwrap_or(ByteRole::Ascii);
            ByteRow {
                offset,
                value: step.value,
                source: step.kind,
                span,
                role,
                unit: utf8.unit_of(offset).copied(),
                lax_overlong: match role {
                    ByteRole::Invalid(_) => lax_overlong(decoded.get(offset..).unwrap_or_default()),
                    _ => None,
                },
            }
        })
    }
    /// Where a byte came from, as a byte table shows it: the escape
    /// (`%C3`), `+` for a form-encoded space, or the literal character (a
    /// byte of a literal `é` shows `é`; controls and bytes that are not
    /// UTF-8 show escaped).
    pub fn source_text(&self, row: &ByteRow) -> String {
        match row.source {
            SourceKind::Plus => "+".to_string(),
            SourceKind::Literal if row.value >= 0x80 => {
                // Find the literal character this byte belongs to.
                let at = row.span.start;
                let from = at.saturating_sub(3);
                let window = self
                    .input
                    .get(from..(at + 4).min(self.input.len()))
                    .unwrap_or_default();
                let mut pos = from;
                for chunk in window.utf8_chunks() {
                    for c in chunk.valid().chars() {
                        let len = c.len_utf8();
                        if pos <= at && at < pos + len && pos >= from {
                            return crate::text::escape_str(&c.to_string());
                        }
                        pos += len;
                    }
                    pos += chunk.invalid().len();
                }
                crate::text::escape_bytes(row.span.of(&self.input))
            }
            _ => crate::text::escape_bytes(row.span.of(&self.input)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every alias in the table is the one the Unicode data (as shipped in
    /// `unicode_names2`) gives, and every control character has one.
    #[test]
    fn control_aliases_match_the_unicode_data() {
        for cp in (0x00..=0x1F).chain([0x7F]).chain(0x80..=0x9F) {
            let c = char::from_u32(cp).unwrap_or_default();
            let alias = control_alias(c).unwrap_or_default();
            assert_eq!(
                unicode_names2::character(alias),
                Some(c),
                "U+{cp:04X} {alias}"
            );
            assert_eq!(char_info(c).name, alias);
        }
        assert_eq!(char_info('\0').name, "NULL");
        assert_eq!(char_info('\n').name, "LINE FEED");
        assert_eq!(char_info('\u{7f}').name, "DELETE");
    }
}
