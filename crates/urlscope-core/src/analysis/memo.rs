//! The checks of one component, made once and replayed: a component that
//! repeats one seen before (`/../../../`, `a=b&a=b&`) reuses its check with
//! the spans moved, so a URL of a million repeated segments costs what its
//! distinct ones do.

use crate::analysis::checks::component_findings;
use crate::analysis::component::{decode_component, Layers, Provenance};
use crate::analysis::folding::Listing;
use crate::analysis::lax::{lax_text, lowercase};
use crate::analysis::report::{finding_warning, Finding, Findings};
use crate::analysis::ComponentAnalysis;
use crate::split::{ComponentKind, Span};
use crate::warnings::{CodeSet, Warning, WarningCode};
use std::borrow::Cow;
use std::sync::Arc;

/// The checks of one component, as found where it first appeared.
/// Decoding and every finding about a component depend on its kind, the
/// form rule and its raw bytes alone, and every span lies inside it, so a
/// component that repeats one seen before (`/../../../`, `%2e%2e/` a
/// thousand times) reuses the check with the spans moved.
#[derive(Clone)]
pub(crate) struct Checked {
    /// Where the component it was made from starts.
    pub(crate) start: usize,
    pub(crate) kind: ComponentKind,
    pub(crate) form: bool,
    pub(crate) layers: Option<Arc<Layers>>,
    pub(crate) findings: Vec<(WarningCode, Finding)>,
    /// `sensitive-file` and base64 payload warnings.
    pub(crate) targets: Vec<Warning>,
    /// A path segment's text as a lax server reads it, lowercased, for the
    /// path-wide target check (which splits it on both separators).
    /// `None` when that is the raw segment itself (the common case, which
    /// costs nothing to keep).
    pub(crate) lax_path: Option<Box<str>>,
}

impl Checked {
    /// Decodes and checks the component at `span`; the details of codes in
    /// `quiet` are left unwritten.
    pub(crate) fn new(
        input: &Arc<[u8]>,
        kind: ComponentKind,
        span: Span,
        form: bool,
        quiet: CodeSet,
    ) -> Checked {
        let (comp, findings) = check_component(input, kind, span, form, quiet);
        let mut targets = Vec::new();
        super::checks::sensitive::component_target_warnings(0, &comp, &mut targets);
        super::checks::lookup::lookup_warnings(0, &comp, &mut targets);
        super::checks::template::template_warnings(0, &comp, &mut targets);
        let lax_path = if kind == ComponentKind::PathSegment {
            match lowercase(lax_text(comp.last_layer())) {
                // Borrowed from the input itself.
                Cow::Borrowed(_) if comp.layers.is_none() => None,
                text => Some(text.into_owned().into_boxed_str()),
            }
        } else {
            None
        };
        Checked {
            lax_path,
            start: span.start,
            kind,
            form,
            layers: comp.layers,
            findings: findings.by_code,
            targets,
        }
    }

    /// Component `index` at `span`, its findings listed or folded.
    pub(crate) fn replay(
        &self,
        index: usize,
        span: Span,
        input: &Arc<[u8]>,
        listing: &mut Listing,
        out: &mut Vec<Warning>,
    ) -> ComponentAnalysis {
        let moved = |s: Span| {
            Span::new(
                span.start + s.start.saturating_sub(self.start),
                span.start + s.end.saturating_sub(self.start),
            )
        };
        let mut comp = ComponentAnalysis {
            kind: self.kind,
            span,
            form: self.form,
            severity: None,
            folded: false,
            input: Arc::clone(input),
            layers: self.layers.clone(),
        };
        for (code, finding) in &self.findings {
            if listing.is_full(*code) {
                let severity = finding.severity.unwrap_or(code.severity());
                let layer = (finding.layer > 0).then_some(finding.layer);
                listing.fold(
                    *code,
                    &mut comp,
                    finding.spans.iter().copied().map(moved),
                    severity,
                    layer,
                );
            } else {
                let finding = Finding {
                    spans: finding.spans.iter().copied().map(moved).collect(),
                    detail: finding.detail.clone(),
                    ..*finding
                };
                listing.list(
                    finding_warning(index, &comp, *code, finding),
                    &mut comp,
                    out,
                );
            }
        }
        for w in &self.targets {
            if listing.is_full(w.code) {
                listing.fold(
                    w.code,
                    &mut comp,
                    w.spans.iter().copied().map(moved),
                    w.severity,
                    w.layer,
                );
            } else {
                let mut w = w.clone();
                w.component = Some(index);
                w.span = moved(w.span);
                w.spans.iter_mut().for_each(|s| *s = moved(*s));
                listing.list(w, &mut comp, out);
            }
        }
        comp
    }
}

/// The checks of the components seen so far, by kind, form rule and raw
/// bytes. It keeps short components only, and only so many: a long one
/// seldom repeats, and the memo must not grow with the input.
pub(crate) struct Memo<'a> {
    pub(crate) input: &'a Arc<[u8]>,
    /// How many components it may remember.
    pub(crate) entries: usize,
    /// Where each remembered component's check is in `checks`.
    pub(crate) seen: foldhash::HashMap<MemoKey<'a>, usize>,
    pub(crate) checks: Vec<Checked>,
    /// The last component of each kind and where its check is: a run of
    /// one component (`../../../`, `a=b&a=b&`) is found without hashing.
    pub(crate) last: [Option<(MemoKey<'a>, usize)>; 8],
    /// Lookups that found nothing once it was full; past
    /// [`Memo::ENTRIES`] of them with few hits, the components evidently do
    /// not repeat and it stops looking.
    pub(crate) misses: usize,
    pub(crate) hits: usize,
}

/// What a component's check depends on: its kind, the form rule, its bytes.
pub(crate) type MemoKey<'a> = (ComponentKind, bool, &'a [u8]);

impl<'a> Memo<'a> {
    /// At most this many components are remembered (bounding the memo's
    /// memory to a few megabytes)...
    pub(crate) const ENTRIES: usize = 1024;
    /// ...each at most this long.
    pub(crate) const LONGEST: usize = 128;

    /// A memo of at most `entries` checks, with room made at once for
    /// `expected` of them (a bound on the components to come), so that
    /// a short URL's few components cost one allocation each for the map
    /// and the list, not one per doubling.
    pub(crate) fn new(input: &'a Arc<[u8]>, entries: usize, expected: usize) -> Memo<'a> {
        let room = entries.min(expected);
        Memo {
            input,
            entries,
            seen: foldhash::HashMap::with_capacity_and_hasher(room, Default::default()),
            checks: Vec::with_capacity(room),
            last: [None; 8],
            misses: 0,
            hits: 0,
        }
    }

    /// The checks of the component at `span`: remembered, or made now (the
    /// details of codes in `quiet` left unwritten; a code once quiet stays
    /// so, which is why a remembered detail is never missing when needed).
    pub(crate) fn check(
        &mut self,
        kind: ComponentKind,
        span: Span,
        form: bool,
        quiet: CodeSet,
    ) -> Cow<'_, Checked> {
        let input: &'a Arc<[u8]> = self.input;
        let make = || Checked::new(input, kind, span, form, quiet);
        let given_up = self.misses > Self::ENTRIES && self.hits < self.misses / 8;
        if span.len() > Self::LONGEST || given_up {
            return Cow::Owned(make());
        }
        let key = (kind, form, span.of(input));
        let full = self.checks.len() >= self.entries;
        let last = self.last.get_mut(kind as usize);
        let at = match last.as_deref().copied().flatten() {
            Some((last_key, at)) if last_key == key => at,
            _ => match self.seen.get(&key) {
                Some(&at) => at,
                None if full => {
                    self.misses += 1;
                    return Cow::Owned(make());
                }
                None => {
                    self.checks.push(make());
                    self.seen.insert(key, self.checks.len() - 1);
                    self.checks.len() - 1
                }
            },
        };
        if let Some(last) = last {
            *last = Some((key, at));
        }
        if full {
            self.hits += 1;
        }
        match self.checks.get(at) {
            Some(checked) => Cow::Borrowed(checked),
            None => Cow::Owned(make()),
        }
    }
}

/// Decodes and checks one component: its analysis and its findings, the
/// details of codes in `quiet` left unwritten.
pub(crate) fn check_component(
    input: &Arc<[u8]>,
    kind: ComponentKind,
    span: Span,
    form: bool,
    quiet: CodeSet,
) -> (ComponentAnalysis, Findings) {
    let (comp, layers) = decode_component(input, kind, span, form);
    let prov = Provenance {
        start: span.start,
        layers: layers.as_deref(),
    };
    let findings = component_findings(input, &comp, &prov, quiet);
    (comp, findings)
}
