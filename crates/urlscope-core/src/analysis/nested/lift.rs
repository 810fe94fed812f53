//! Lifting: a carried URL's warnings, and the places it leads, raised
//! to the URL that carries it, on the outer bytes that encode them.

use super::model::{LeadsAt, Nested, NestedKind};
use crate::split::Span;
use crate::warnings::{Warning, WarningCode};

/// How many of a carried URL's warnings are lifted to the URL that
/// carries it (its sub-report has them all).
pub(crate) const LIFTED_PER_VALUE: usize = 32;

/// Whether a nested analysis's warning is lifted as it is: not the
/// destination family, judged again from the outer URL (which knows the
/// chain), nor junk around a nested value, which means nothing, nor what
/// the whole carried URL's readings say.
pub(crate) fn lifted(w: &Warning) -> bool {
    let code = w.code;
    // A script scheme only a browser reads, said of the whole URL
    // (`java\tscript:`): the outer `open-redirect` says the carried URL
    // runs script.
    let browser_scheme = code == WarningCode::DangerousScheme && w.component.is_none();
    !browser_scheme
        && !matches!(
            code,
            WarningCode::InternalDestination
                | WarningCode::OpenRedirect
                | WarningCode::SurroundingJunk
                // The outer readings are compared by the outer analysis; the
                // nested URL's own disagreement shows in its sub-report.
                | WarningCode::ParserDifferential
        )
}

/// Lift a URL node's own warnings to the outer analysis: `map` takes a
/// span of the nested text to the outer bytes that encode it. Warnings of
/// one code, severity and layer about the same kind of component (each
/// `..` of a carried path, say) are lifted as one, with every span. The
/// places the node's analysis leads to are marked by the same `map`
/// (`Nested::leads_at`), so that a destination it carries in turn is
/// marked on its own bytes.
pub(super) fn lift(node: &mut Nested, out: &mut Vec<Warning>, map: impl Fn(Span) -> Span) {
    let Some(a) = &node.analysis else {
        // A carried URL the unfolding's byte budget left unread (links
        // nested ever longer: ten Safe Links around a look-alike) is said,
        // never passed over in silence.
        // Its span is the outer bytes that encode it (every caller sets
        // it first): its text is the lossy UTF-8 reading of those bytes,
        // longer than they are where they are not UTF-8, and no span of
        // the text's length maps inside the input.
        if node.kind == NestedKind::Url {
            let span = node.span;
            let mut w = Warning::new(
                WarningCode::NestingLimit,
                vec![span],
                None,
                format!(
                    "The {} carries a URL past what urlscope unfolds (the URLs carried inside this one add up to more bytes than it reads for one input): where it leads is not analysed.",
                    node.via
                ),
            );
            w.via = Some(node.via.clone());
            out.push(w);
        }
        return;
    };
    node.leads_at = a
        .destinations
        .iter()
        .map(|d| LeadsAt {
            span: map(d.span),
            imitation: d.imitates.as_ref().map(|i| map(i.span)),
        })
        .collect();
    lift_warnings(a, &node.via, LIFTED_PER_VALUE, out, map);
}

/// The warnings of `a`, a carried URL's analysis reached by `via`, lifted
/// to `out` (at most `limit` of them) as [`lift`] lifts them.
///
/// Spans that `map` takes onto the same outer bytes are one mark: a
/// decoding that cannot say which of its bytes wrote which (base64, the
/// whole of a payload) gives every finding the span of all of them, and
/// two '..' of the carried URL are then not two places on those bytes.
pub(crate) fn lift_warnings(
    a: &crate::analysis::Analysis,
    via: &str,
    limit: usize,
    out: &mut Vec<Warning>,
    map: impl Fn(Span) -> Span,
) {
    let first = out.len();
    let mut merged = 0;
    for w in a.warnings.iter().filter(|w| lifted(w)).take(limit) {
        let inner = w.via.clone().unwrap_or_else(|| {
            w.component
                .and_then(|i| a.components.get(i))
                .map_or_else(|| "URL".to_string(), |c| c.kind.label().to_string())
        });
        let via = format!("{via} → {inner}");
        let mut spans: Vec<Span> = Vec::with_capacity(w.spans.len());
        for s in w.spans.iter().map(|&s| map(s)) {
            if !spans.contains(&s) {
                spans.push(s);
            }
        }
        let same = |l: &&mut Warning| {
            l.code == w.code
                && l.severity == w.severity
                && l.layer == w.layer
                && l.via.as_deref() == Some(via.as_str())
        };
        if let Some(earlier) = out.get_mut(first..).and_then(|o| o.iter_mut().find(same)) {
            for s in spans {
                if !earlier.spans.contains(&s) {
                    earlier.spans.push(s);
                }
            }
            earlier.span = earlier.spans.iter().copied().fold(earlier.span, Span::join);
            merged += 1;
            continue;
        }
        // Not the outer component's own finding (it is the carried
        // value's): no component, so folding and the component's own
        // warnings are as without it; `via` says where it is.
        let mut lifted =
            Warning::new(w.code, spans, None, w.message.clone()).with_severity(w.severity);
        lifted.layer = w.layer;
        lifted.via = Some(via);
        out.push(lifted);
    }
    if merged > 0 {
        for w in out.get_mut(first..).unwrap_or_default() {
            if w.spans.len() > 1 {
                // A finding already on several places of one component
                // says how many in its detail; counted again there.
                let places = w.spans.len().to_string();
                let scope = "in the carried URL";
                w.message = crate::analysis::report::recount_places(&w.message, &places, scope)
                    .unwrap_or_else(|| {
                        let message = w.message.trim_end_matches('.');
                        format!("{message} ({places} places {scope}).")
                    });
            }
        }
    }
}

/// The outer bytes that write the bytes `s` of a carried text, where
/// `written` holds, byte by byte, what the outer bytes that write each
/// one are (`span_of` reads them): those of its first to its last byte,
/// joined; for no bytes, the place where the byte at `s.start` is written
/// (or where the last one ends). `None` past the text.
pub(crate) fn written_span<T>(
    written: &[T],
    s: Span,
    span_of: impl Fn(&T) -> Span,
) -> Option<Span> {
    if s.is_empty() {
        let at = written
            .get(s.start)
            .map(|b| span_of(b).start)
            .or_else(|| written.last().map(|b| span_of(b).end))?;
        return Some(Span::new(at, at));
    }
    written
        .get(s.start..s.end)
        .and_then(|bytes| bytes.iter().map(span_of).reduce(Span::join))
}
