//! Byte tables: one row per decoded byte of a component, with the input
//! bytes it came from and its role in UTF-8 (Unicode Table 3-6 and 3-7:
//! lead, continuation or ill-formed), and the character facts a row shows.

use crate::analysis::ComponentAnalysis;
use crate::percent::SourceKind;
use crate::split::Span;
use crate::utf8::{annotate_window, lax_overlong, ByteRole, Utf8Unit};
use crate::Analysis;

/// One row of a byte table: a decoded byte, where it came from and what it
/// is in UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteRow {
    /// Offset in the decoded bytes.
    pub offset: usize,
    pub value: u8,
    pub source: SourceKind,
    /// The input bytes it came from (`%C3`, or a literal `c`).
    pub span: Span,
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
                let glyph = if crate::text::needs_escape(c) || c == ' ' {
                    crate::text::glyph(c).to_string()
                } else {
                    c.to_string()
                };
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
pub struct CharInfo {
    /// `U+00E9`.
    pub codepoint: String,
    /// The Unicode name (`LATIN SMALL LETTER E WITH ACUTE`), or a label for
    /// characters that have none (`<control>`).
    pub name: String,
    /// Terminal columns it takes (0 for controls and combining marks).
    pub width: usize,
}

/// Describe a character.
///
/// # Examples
/// ```
/// let info = urlscope_core::analysis::char_info('é');
/// assert_eq!(info.codepoint, "U+00E9");
/// assert_eq!(info.name, "LATIN SMALL LETTER E WITH ACUTE");
/// assert_eq!(info.width, 1);
/// ```
pub fn char_info(c: char) -> CharInfo {
    let name = match unicode_names2::name(c) {
        Some(n) => n.to_string(),
        None if c.is_control() => "<control>".to_string(),
        None => "<unnamed>".to_string(),
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
        const WINDOW: usize = 4096;
        let c = self.components.get(index);
        let (raw, form, mut at) = c.map_or((&[][..], false, 0), |c| {
            (c.span.of(&self.input), c.form, c.span.start)
        });
        let decoded = c.map_or(&[][..], ComponentAnalysis::decoded);
        let mut steps = crate::percent::steps(raw, form).enumerate();
        for (_, step) in steps.by_ref().take(start) {
            at += step.width;
        }
        let mut utf8 = annotate_window(decoded, start, start.saturating_add(WINDOW));
        steps.map(move |(offset, step)| {
            if offset >= utf8.start + utf8.roles.len() {
                utf8 = annotate_window(decoded, offset, offset + WINDOW);
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
