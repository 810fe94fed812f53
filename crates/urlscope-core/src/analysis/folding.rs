//! Folding: the first [`LISTED_PER_CODE`] components with a finding of one
//! code are listed one by one, the rest of that code become one summary
//! warning, so the report on 100,000 hostile segments stays readable and
//! bounded.

use crate::analysis::report::MAX_SPANS;
use crate::analysis::ComponentAnalysis;
use crate::split::{ComponentKind, Span};
use crate::warnings::{CodeSet, Severity, Warning, WarningCode};

/// The first this many components with a warning of one code get that
/// warning listed one by one; the others are folded into one summary
/// warning per code, so a URL of 100,000 hostile segments gives a readable
/// report and a bounded one. Each component still carries its severity and
/// [`Analysis::warnings_of`](crate::analysis::Analysis::warnings_of) recomputes its own warnings.
pub const LISTED_PER_CODE: usize = 32;

/// Lists component warnings until a code has [`LISTED_PER_CODE`], then
/// folds the rest of that code.
pub(crate) struct Listing {
    pub(crate) listed: [usize; WarningCode::ALL.len()],
    /// The codes that are full.
    pub(crate) full: CodeSet,
    /// What each code's summary warning stands for, by code index.
    pub(crate) folded: [Option<Folded>; WarningCode::ALL.len()],
}

// By hand: `Default` is derived for arrays of at most 32 elements, and
// there are more codes than that.
impl Default for Listing {
    fn default() -> Listing {
        Listing {
            listed: [0; WarningCode::ALL.len()],
            full: CodeSet::EMPTY,
            folded: std::array::from_fn(|_| None),
        }
    }
}

/// What a summary warning stands for.
pub(crate) struct Folded {
    pub(crate) components: usize,
    pub(crate) spans: Vec<Span>,
    pub(crate) severity: Severity,
    pub(crate) layer: Option<usize>,
    pub(crate) kinds: Vec<ComponentKind>,
}

impl Listing {
    pub(crate) fn is_full(&self, code: WarningCode) -> bool {
        self.full.contains(code)
    }

    /// The codes whose findings are folded.
    pub(crate) fn full_codes(&self) -> CodeSet {
        self.full
    }

    pub(crate) fn list(
        &mut self,
        w: Warning,
        comp: &mut ComponentAnalysis,
        out: &mut Vec<Warning>,
    ) {
        if w.component.is_some() && self.is_full(w.code) {
            self.fold(w.code, comp, w.spans, w.severity, w.layer);
            return;
        }
        if let Some(n) = self.listed.get_mut(w.code.index()) {
            *n += 1;
            if *n >= LISTED_PER_CODE {
                self.full.insert(w.code);
            }
        }
        out.push(w);
    }

    pub(crate) fn fold(
        &mut self,
        code: WarningCode,
        comp: &mut ComponentAnalysis,
        spans: impl IntoIterator<Item = Span>,
        severity: Severity,
        layer: Option<usize>,
    ) {
        comp.folded = true;
        comp.severity = comp.severity.max(Some(severity));
        let Some(f) = self.folded.get_mut(code.index()) else {
            return;
        };
        let f = f.get_or_insert_with(|| Folded {
            components: 0,
            spans: Vec::new(),
            severity,
            layer,
            kinds: Vec::new(),
        });
        f.components += 1;
        let room = MAX_SPANS.saturating_sub(f.spans.len());
        f.spans.extend(spans.into_iter().take(room));
        f.severity = f.severity.max(severity);
        // The earliest layer any of them appears at.
        f.layer = match (f.layer, layer) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if !f.kinds.contains(&comp.kind) {
            f.kinds.push(comp.kind);
        }
    }

    pub(crate) fn summaries(self) -> impl Iterator<Item = Warning> {
        let folded = WarningCode::ALL.iter().zip(self.folded);
        folded.filter_map(|(&code, f)| Some((code, f?))).map(|(code, f)| {
            let kinds: Vec<&str> = f.kinds.iter().map(|k| k.label()).collect();
            let message = format!(
                "The same finding in {} more components (kind: {}), folded into this one warning; each is marked in the component list. {}",
                f.components,
                kinds.join(", "),
                code.summary()
            );
            let mut w = Warning::new(code, f.spans, None, message).with_severity(f.severity);
            w.layer = f.layer;
            w
        })
    }
}
