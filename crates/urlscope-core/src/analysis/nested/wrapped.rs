//! The destination a link protection's wrapper carries, as a nested
//! value.

use super::{lift, url_node, written_span, Budget, Nested};
use crate::analysis::component::ComponentAnalysis;
use crate::analysis::Options;
use crate::split::{Span, Split};
use crate::warnings::Warning;

/// The destination a link protection's wrapper carries (Safe Links,
/// Proofpoint URL Defense...), as [`crate::wrappers::unwrap`] decodes it.
/// Where the unfolding found it as written (Safe Links' `url=`), that is
/// the node; where the wrapper encodes it its own way (Proofpoint's
/// `-3A` escapes), it is analysed here as any carried URL, its warnings
/// lifted onto the bytes that carry it.
pub(super) struct Wrapped<'w> {
    target: &'w str,
    /// The target as a WHATWG parser reads it, to know it however the
    /// unfolding spelled it.
    parsed: Option<url::Url>,
    /// The outer bytes that carry it.
    pub(super) span: Span,
    via: String,
    /// [`crate::wrappers::Wrapper::encodes_its_own`].
    pub(super) own_encoding: bool,
    /// The bytes of the trimmed input that write each byte of the target
    /// ([`crate::wrappers::Unwrapped`]'s `written`), from `offset`.
    written: &'w [Span],
    offset: usize,
}

impl<'w> Wrapped<'w> {
    pub(super) fn of(w: &'w crate::wrappers::Unwrapped, parts: &Split) -> Option<Wrapped<'w>> {
        let crate::wrappers::Carried::Url(target) = &w.carried else {
            return None;
        };
        let start = parts.trimmed.start;
        Some(Wrapped {
            target,
            parsed: url::Url::parse(target).ok(),
            span: w
                .at
                .map_or(parts.trimmed, |(s, e)| Span::new(start + s, start + e)),
            via: format!("link {} wraps", w.wrapper.vendor()),
            own_encoding: w.wrapper.encodes_its_own(),
            written: &w.written,
            offset: start,
        })
    }

    /// The outer bytes that write the bytes `s` of the target: those its
    /// decoder read them from, else all the bytes that carry it.
    fn outer(&self, s: Span) -> Span {
        written_span(self.written, s, |&w| w).map_or(self.span, |w| {
            Span::new(self.offset + w.start, self.offset + w.end)
        })
    }

    /// Whether a carried URL's text is this destination.
    pub(super) fn is(&self, text: &str) -> bool {
        text == self.target
            || self
                .parsed
                .as_ref()
                .is_some_and(|p| url::Url::parse(text).is_ok_and(|u| u == *p))
    }

    /// The destination as a carried URL, analysed, in the component that
    /// holds its first byte; its warnings point at the bytes that write
    /// theirs, as the wrapper's decoder read them (Proofpoint v2's `-2F`
    /// for a '/', v3's `*` for the character it stands for).
    pub(super) fn node(
        self,
        components: &[ComponentAnalysis],
        options: &Options,
        budget: &mut Budget,
        lifted: &mut Vec<Warning>,
    ) -> Nested {
        let span = self.span;
        let mut node = url_node(
            self.target.as_bytes(),
            self.via.clone(),
            Vec::new(),
            options,
            budget,
        );
        node.component = components
            .iter()
            .position(|c| c.span.contains(span.start))
            .unwrap_or(0);
        node.layer = 1;
        node.span = span;
        lift(&mut node, lifted, |s| self.outer(s));
        node
    }
}
