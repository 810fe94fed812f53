//! Findings: what the checks of one component collect (each code's spans,
//! layer, detail and severity) and how a finding becomes a [`Warning`]
//! whose message ends with the catalogue's consequence.

use crate::analysis::ComponentAnalysis;
use crate::split::Span;
use crate::warnings::{Case, CodeSet, Severity, Warning, WarningCode};

/// Collects the occurrences of each warning code for one component.
#[derive(Default)]
pub(crate) struct Findings {
    /// In code order (a component has few, so a sorted list).
    pub(crate) by_code: Vec<(WarningCode, Finding)>,
    /// Codes whose details are not written: their findings are folded,
    /// not listed.
    pub(crate) quiet: CodeSet,
}

#[derive(Clone)]
pub(crate) struct Finding {
    pub(crate) spans: Vec<Span>,
    /// The first decoding layer (1-based) at which it appears; 0 = raw.
    pub(crate) layer: usize,
    pub(crate) detail: String,
    pub(crate) severity: Option<Severity>,
    /// Whether it was found at more places than the [`MAX_SPANS`] kept.
    pub(crate) more: bool,
    /// Whether every kept place has the first place's detail (`' '` at
    /// each), so that the message's "the first of N places" does not
    /// pass the others for copies of it.
    pub(crate) alike: bool,
}

/// At most this many spans are kept per warning; the message says when
/// there were more.
pub(crate) const MAX_SPANS: usize = 64;

impl Findings {
    pub(crate) fn add(
        &mut self,
        code: WarningCode,
        span: Span,
        layer: usize,
        detail: impl FnOnce() -> String,
    ) {
        let quiet = self.quiet.contains(code);
        let mut detail = Some(detail);
        let at = match self.position(code) {
            Ok(at) => at,
            Err(at) => {
                let finding = Finding {
                    spans: Vec::new(),
                    layer,
                    detail: match detail.take() {
                        Some(detail) if !quiet => detail(),
                        _ => String::new(),
                    },
                    severity: None,
                    more: false,
                    alike: true,
                };
                self.by_code.insert(at, (code, finding));
                at
            }
        };
        let Some((_, f)) = self.by_code.get_mut(at) else {
            return;
        };
        if !f.spans.contains(&span) {
            if f.spans.len() < MAX_SPANS {
                // Worded only for the kept places, until one differs.
                if let Some(detail) = detail.filter(|_| !quiet && f.alike) {
                    f.alike = detail() == f.detail;
                }
                f.spans.push(span);
            } else {
                f.more = true;
            }
        }
        f.layer = f.layer.min(layer);
    }

    /// Where `code` is in the list, or where it would go.
    pub(crate) fn position(&self, code: WarningCode) -> Result<usize, usize> {
        self.by_code.binary_search_by_key(&code, |(c, _)| *c)
    }

    pub(crate) fn get_mut(&mut self, code: WarningCode) -> Option<&mut Finding> {
        let at = self.position(code).ok()?;
        self.by_code.get_mut(at).map(|(_, f)| f)
    }

    /// Raise the severity of `case`'s code to the case's, unless a worse
    /// case of it was already found.
    pub(crate) fn raise_case(&mut self, case: Case) {
        let severity = case.severity();
        if let Some(f) = self.get_mut(case.code()) {
            f.severity = Some(f.severity.map_or(severity, |s| s.max(severity)));
        }
    }
}

/// How a finding on several places says so after its detail: "(the
/// first of N places)".
const FIRST_OF: &str = " (the first of ";

/// What the count of places adds when they do not all have the first's
/// detail.
const NOT_ALIKE: &str = ", not all alike";

/// `message`, a finding's on several places ([`finding_warning`]'s "(the
/// first of N places)"), with its count of places set to `places`,
/// counted `scope` ("in the carried URL"); `None` when it names no count.
/// A count of "more than N" stays: the places past the kept ones are
/// more than any count of the kept.
pub(crate) fn recount_places(message: &str, places: &str, scope: &str) -> Option<String> {
    let at = message.find(FIRST_OF)?;
    let count_at = at + FIRST_OF.len();
    let rest = message.get(count_at..)?;
    let digits = rest.find(" places")?;
    let count = rest.get(..digits)?;
    let count = count.strip_prefix("more than ").unwrap_or(count);
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let places = if rest.starts_with("more than ") {
        rest.get(..digits)?
    } else {
        places
    };
    // `)`, or what the count adds before it.
    let after = rest.get(digits + " places".len()..)?;
    if !(after.starts_with(')') || after.starts_with(NOT_ALIKE)) {
        return None;
    }
    Some(format!(
        "{}{FIRST_OF}{places} places {scope}{after}",
        message.get(..at)?
    ))
}

/// The warning a finding about component `index` gives.
pub(crate) fn finding_warning(
    index: usize,
    comp: &ComponentAnalysis,
    code: WarningCode,
    finding: Finding,
) -> Warning {
    let count = finding.spans.len();
    let mut spans = finding.spans;
    spans.sort();
    let message = finding_message(
        code,
        &finding.detail,
        count,
        finding.more,
        finding.alike,
        comp.kind.label(),
        finding.layer,
    );
    let mut w = Warning::new(code, spans, Some(index), message);
    w.layer = (finding.layer > 0).then_some(finding.layer);
    if let Some(s) = finding.severity {
        w = w.with_severity(s);
    }
    w
}

/// The message of a finding of `code` at `count` places (more than that
/// when `more`) in a `label` (`path segment`, `User-Agent header`), after
/// `layer` decoding layers: "Detail (the first of N places) in the path
/// segment after N decoding layers: consequence.", its first letter a
/// capital, written once into a
/// string of the right size. The detail is the first place's: when the
/// others differ (not `alike`: '%2e' first, then '%41'), the count says
/// so ("the first of N places, not all alike"), and the spans show each.
pub(crate) fn finding_message(
    code: WarningCode,
    detail: &str,
    count: usize,
    more: bool,
    alike: bool,
    label: &str,
    layer: usize,
) -> String {
    use std::fmt::Write;
    let consequence = code.consequence();
    let mut message =
        String::with_capacity(detail.len() + label.len() + consequence.map_or(0, str::len) + 48);
    // A sentence starts with a capital: "A raw backslash", "Lowercase hex".
    let mut chars = detail.chars();
    if let Some(first) = chars.next() {
        message.push(first.to_ascii_uppercase());
        message.push_str(chars.as_str());
    }
    if more || count > 1 {
        let more = if more { "more than " } else { "" };
        let unlike = if alike { "" } else { NOT_ALIKE };
        let _ = write!(message, "{FIRST_OF}{more}{count} places{unlike})");
    }
    message.push_str(" in the ");
    message.push_str(label);
    if layer > 1 {
        let _ = write!(message, " after {layer} decoding layers");
    }
    if let Some(consequence) = consequence {
        message.push_str(": ");
        message.push_str(consequence);
    }
    message.push('.');
    message
}

/// The warnings of one code past those listed one by one, as one
/// warning: their count, the worst severity among them, the first
/// [`MAX_SPANS`] of their places (a place several share is one), and
/// their component when they all have the same. What a hostile text of
/// 100,000 expressions, or a chain of a hundred URLs each carrying the
/// next, is reported as after the first [`LISTED_PER_CODE`].
///
/// [`LISTED_PER_CODE`]: crate::analysis::LISTED_PER_CODE
pub(crate) struct Fold {
    summary: Warning,
    more: usize,
}

impl Fold {
    /// An empty fold for warnings like `w`, whose summary starts with
    /// `component` (`None` keeps it none).
    pub(crate) fn new(w: &Warning, component: Option<usize>) -> Fold {
        Fold {
            summary: Warning::new(w.code, Vec::new(), component, String::new())
                .with_severity(w.severity),
            more: 0,
        }
    }

    /// Fold `w` in.
    pub(crate) fn add(&mut self, w: &Warning) {
        let s = &mut self.summary;
        self.more += 1;
        s.severity = s.severity.max(w.severity);
        if s.component != w.component {
            s.component = None;
        }
        for &span in &w.spans {
            if s.spans.len() < MAX_SPANS && !s.spans.contains(&span) {
                s.spans.push(span);
            }
        }
    }

    /// The summary warning, worded by `message` from the count.
    pub(crate) fn finish(self, message: impl FnOnce(usize) -> String) -> Warning {
        let mut s = self.summary;
        if let Some(span) = s.spans.iter().copied().reduce(Span::join) {
            s.span = span;
        }
        s.message = message(self.more);
        s
    }
}

/// Warnings of one code found one by one in a text (Log4j lookups,
/// template expressions): the first [`LISTED_PER_CODE`] go to `out` as
/// they are, the rest as one [`Fold`]. `things` names them in the plural
/// (`template expressions`).
///
/// [`LISTED_PER_CODE`]: crate::analysis::LISTED_PER_CODE
pub(crate) fn list_then_fold(
    found: impl IntoIterator<Item = Warning>,
    things: &str,
    out: &mut Vec<Warning>,
) {
    let listed = crate::analysis::LISTED_PER_CODE;
    let mut rest = None;
    for (n, w) in found.into_iter().enumerate() {
        if n < listed {
            out.push(w);
        } else {
            rest.get_or_insert_with(|| Fold::new(&w, w.component))
                .add(&w);
        }
    }
    if let Some(rest) = rest {
        out.push(rest.finish(|more| {
            format!("{more} more {things} like those above, past the {listed} listed one by one.")
        }));
    }
}
