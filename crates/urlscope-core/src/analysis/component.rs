//! One component, decoded: its layers of percent-decoding and, for the
//! checks, where each decoded byte came from in the input (provenance,
//! RFC 3986 §2.1 and §2.4: a byte is decoded from an escape or taken
//! literally).

use crate::percent::{decode_layers_of, DecodedByte, SourceKind};
use crate::split::{ComponentKind, Span};
use crate::utf8::{annotate, Utf8Annotation};
use crate::warnings::Severity;
use std::sync::Arc;

/// One component, decoded.
///
/// It shares the input with the other components and keeps its decoded
/// bytes only when decoding changed them, so a component costs a few dozen
/// bytes plus what decoding produced. The UTF-8 annotation is computed when
/// asked for ([`ComponentAnalysis::utf8`]) or for the rows in view
/// ([`Analysis::byte_rows_window`](crate::analysis::Analysis::byte_rows_window)).
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ComponentAnalysis {
    /// What the component is.
    pub kind: ComponentKind,
    /// Where the raw text is in the input.
    pub span: Span,
    /// Whether `+` was read as a space.
    pub form: bool,
    /// The worst severity among the warnings about this component, listed
    /// or folded.
    pub severity: Option<Severity>,
    /// Whether some of its warnings are folded into a summary warning
    /// instead of listed in [`Analysis::warnings`](crate::analysis::Analysis::warnings) (see
    /// [`LISTED_PER_CODE`](crate::analysis::LISTED_PER_CODE)); [`Analysis::warnings_of`](crate::analysis::Analysis::warnings_of) gives them all.
    pub folded: bool,
    /// The whole input, shared by every component.
    pub(crate) input: Arc<[u8]>,
    /// The decoding layers, when decoding changed the raw bytes (boxed:
    /// most components have none, and a component stays small).
    pub(crate) layers: Option<Arc<Layers>>,
}

/// The decoding layers of a component whose escapes changed it.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Layers {
    /// The first decoded layer.
    pub(crate) first: Box<[u8]>,
    /// The layers after the first, when it is double (or more) encoded.
    pub(crate) deeper: Box<[Box<[u8]>]>,
}

impl std::fmt::Debug for ComponentAnalysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComponentAnalysis")
            .field("kind", &self.kind)
            .field("span", &self.span)
            .field("form", &self.form)
            .field("severity", &self.severity)
            .field("folded", &self.folded)
            .field(
                "layers",
                &self
                    .layers()
                    .map(crate::text::escape_bytes)
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl ComponentAnalysis {
    /// The raw bytes, as they are in the input.
    pub fn raw(&self) -> &[u8] {
        self.span.of(&self.input)
    }

    /// The bytes after one layer of percent-decoding.
    pub fn decoded(&self) -> &[u8] {
        self.layers
            .as_ref()
            .map_or_else(|| self.raw(), |l| &*l.first)
    }

    pub(crate) fn deeper(&self) -> &[Box<[u8]>] {
        self.layers.as_ref().map_or(&[], |l| &*l.deeper)
    }

    /// Every decoding layer's bytes, the first being
    /// [`decoded`](ComponentAnalysis::decoded); more than one when the
    /// component is double (or more) encoded.
    pub fn layers(&self) -> impl Iterator<Item = &[u8]> + Clone {
        std::iter::once(self.decoded()).chain(self.deeper().iter().map(|l| &**l))
    }

    /// How many decoding layers there are (1 unless double encoded).
    pub fn layer_count(&self) -> usize {
        1 + self.deeper().len()
    }

    /// The bytes after every layer of decoding.
    pub fn last_layer(&self) -> &[u8] {
        self.deeper()
            .last()
            .map_or_else(|| self.decoded(), |l| &**l)
    }

    /// The UTF-8 annotation of the decoded bytes (computed on each call).
    pub fn utf8(&self) -> Utf8Annotation {
        annotate(self.decoded())
    }

    /// Whether the decoded bytes are well-formed UTF-8.
    pub fn is_valid_utf8(&self) -> bool {
        std::str::from_utf8(self.decoded()).is_ok()
    }

    /// The decoded text, ill-formed parts replaced by U+FFFD (one per
    /// maximal subpart, as Table 3-6 annotation and the standard library
    /// agree).
    pub fn decoded_lossy(&self) -> String {
        String::from_utf8_lossy(self.decoded()).into_owned()
    }
}

/// Decodes one component: its analysis without warnings and, when decoding
/// changes it, every layer's provenance.
pub(crate) fn decode_component(
    input: &Arc<[u8]>,
    kind: ComponentKind,
    span: Span,
    form: bool,
) -> (ComponentAnalysis, Option<Vec<Vec<DecodedByte>>>) {
    let raw = span.of(input);
    let provenance = needs_provenance(raw, form).then(|| decode_layers_of(input, span, form));
    let values = |l: &Vec<DecodedByte>| l.iter().map(|b| b.value).collect::<Box<[u8]>>();
    let layers = provenance.as_ref().and_then(|p| {
        let (first, deeper) = p.split_first()?;
        Some(Arc::new(Layers {
            first: values(first),
            deeper: deeper.iter().map(values).collect(),
        }))
    });
    let comp = ComponentAnalysis {
        kind,
        span,
        form,
        severity: None,
        folded: false,
        input: Arc::clone(input),
        layers,
    };
    (comp, provenance)
}

/// Whether decoding can change the component (so provenance is needed).
pub(crate) fn needs_provenance(raw: &[u8], form: bool) -> bool {
    memchr::memchr(b'%', raw).is_some() || (form && memchr::memchr(b'+', raw).is_some())
}

/// Maps a byte of a decoded layer back to the input bytes it came from.
pub(crate) struct Provenance<'a> {
    pub(crate) start: usize,
    /// `None` when decoding changes nothing: byte `i` is input byte
    /// `start + i` in every layer.
    pub(crate) layers: Option<&'a [Vec<DecodedByte>]>,
}

impl Provenance<'_> {
    pub(crate) fn span(&self, layer: usize, i: usize) -> Span {
        match self
            .layers
            .and_then(|l| l.get(layer))
            .and_then(|l| l.get(i))
        {
            Some(b) => b.span,
            None => Span::new(self.start + i, self.start + i + 1),
        }
    }

    pub(crate) fn span_range(&self, layer: usize, from: usize, to: usize) -> Span {
        let first = self.span(layer, from);
        if to > from + 1 {
            first.join(self.span(layer, to - 1))
        } else {
            first
        }
    }

    pub(crate) fn kind(&self, layer: usize, i: usize) -> SourceKind {
        self.layers
            .and_then(|l| l.get(layer))
            .and_then(|l| l.get(i))
            .map_or(SourceKind::Literal, |b| b.kind)
    }
}
