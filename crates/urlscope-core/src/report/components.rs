//! The components and their byte tables, serialised as the writer takes
//! them: a 10 MB component is never held as rows.

use super::lossy;
use crate::analysis::{char_info, Analysis, ByteRow};
use crate::percent::SourceKind;
use crate::split::Span;
use crate::text::escape_bytes;
use crate::utf8::ByteRole;
use serde::Serialize;

/// The components, serialised one at a time as the writer takes them.
pub(super) struct Components<'a>(pub(super) &'a Analysis);

impl Serialize for Components<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        s.collect_seq(
            a.components
                .iter()
                .enumerate()
                .map(|(i, c)| ComponentReport {
                    kind: c.kind.name(),
                    span: c.span,
                    raw: lossy(c.span.of(&a.input)),
                    decoded: c.decoded_lossy(),
                    decoded_valid_utf8: c.is_valid_utf8(),
                    layers: if c.layer_count() > 1 {
                        c.layers().map(lossy).collect()
                    } else {
                        Vec::new()
                    },
                    bytes: Bytes(a, i),
                }),
        )
    }
}

#[derive(Serialize)]
struct ComponentReport<'a> {
    kind: &'static str,
    span: Span,
    raw: String,
    decoded: String,
    decoded_valid_utf8: bool,
    /// Every decoding layer, when there is more than one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    layers: Vec<String>,
    bytes: Bytes<'a>,
}

/// The byte table of one component, serialised a row at a time.
struct Bytes<'a>(&'a Analysis, usize);

impl Serialize for Bytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Bytes(a, i) = *self;
        s.collect_seq(a.byte_rows_from(i, 0).map(|r| ByteReport::of(a, &r)))
    }
}

#[derive(Serialize)]
pub(super) struct ByteReport {
    hex: String,
    bin: String,
    source: String,
    role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    seq_len: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    codepoint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<&'static str>,
    /// On an ill-formed byte: how many bytes its maximal subpart has, the
    /// bytes one U+FFFD replaces (`E2 82` is one, `E2 E2` two).
    #[serde(skip_serializing_if = "Option::is_none")]
    subpart_len: Option<usize>,
}

impl ByteReport {
    fn of(a: &Analysis, row: &ByteRow) -> ByteReport {
        let source = match row.source {
            SourceKind::Plus => "+".to_string(),
            _ => escape_bytes(row.span.of(&a.input)),
        };
        ByteReport::written_as(row, source)
    }

    /// The row of byte `row`, written in the input as `source`.
    pub(super) fn written_as(row: &ByteRow, source: String) -> ByteReport {
        let char_of_unit = row
            .unit
            .and_then(|u| u.value.ok())
            .filter(|_| !matches!(row.role, ByteRole::Invalid(_)));
        let is_first = row.unit.is_some_and(|u| u.start == row.offset);
        ByteReport {
            hex: format!("{:02X}", row.value),
            bin: format!("{:08b}", row.value),
            source,
            role: row.role.name(),
            seq_len: row.role.seq_len(),
            codepoint: char_of_unit.map(|c| char_info(c).codepoint),
            name: char_of_unit.filter(|_| is_first).map(|c| char_info(c).name),
            problem: match row.role {
                ByteRole::Invalid(p) => Some(p.label()),
                _ => None,
            },
            subpart_len: row.unit.filter(|u| u.value.is_err()).map(|u| u.len),
        }
    }
}
