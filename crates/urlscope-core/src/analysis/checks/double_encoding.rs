//! Double encoding: a decoded layer that still holds escapes (`%252e`),
//! shown through every layer.

use crate::analysis::component::Provenance;
use crate::analysis::report::Findings;
use crate::percent::SourceKind;
use crate::split::Span;
use crate::warnings::WarningCode;

pub(crate) fn double_encoding(input: &[u8], prov: &Provenance<'_>, f: &mut Findings) {
    let Some(layers) = prov.layers else { return };
    let Some(second) = layers.get(1) else { return };
    let depth = layers.len();
    let mut first: Option<Span> = None;
    for b in second.iter().filter(|b| b.kind == SourceKind::Escape) {
        first.get_or_insert(b.span);
        f.add(WarningCode::DoubleEncoding, b.span, 2, String::new);
    }
    let quiet = f.quiet.contains(WarningCode::DoubleEncoding);
    if let (Some(span), Some(finding), false) =
        (first, f.get_mut(WarningCode::DoubleEncoding), quiet)
    {
        // Show the first escape through every layer: %252e -> %2e -> .
        let mut steps = vec![format!("'{}'", crate::text::quote(span.of(input)))];
        for layer in layers {
            let bytes: Vec<u8> = layer
                .iter()
                .filter(|b| span.start <= b.span.start && b.span.end <= span.end)
                .map(|b| b.value)
                .collect();
            steps.push(format!("'{}'", crate::text::quote(&bytes)));
        }
        finding.detail = format!("{} layers of escapes: {}", depth, steps.join(" → "));
    }
    if let Some(finding) = f.get_mut(WarningCode::DoubleEncoding) {
        // The message names the depth itself.
        finding.layer = 0;
    }
}
