//! What a fragment written as a query carries: a page's hash route
//! (`#/login?next=...`) or an implicit flow's tokens
//! (`#id_token=...&state=...`), each value read apart.

use super::gates::{may_hold_value, worth_a_look};
use super::{unfold_first_layer, values, Budget, Nested, Place, Unfolding, MAX_NESTED};
use crate::analysis::component::Provenance;
use crate::percent::decode_layers_of;
use crate::split::{ComponentKind, Span};
use crate::warnings::Warning;

/// The label of a fragment's parameter (`#/login?next=...`,
/// `#id_token=...`) for a `via` path and a warning: `fragment parameter
/// 'next'`, its key percent-decoded as a query key's is (`id%5Ftoken` is
/// `'id_token'`).
pub(crate) fn fragment_param_label(key: &[u8]) -> String {
    format!(
        "{} parameter '{}'",
        ComponentKind::Fragment.label(),
        crate::text::quote(&crate::percent::decode(key, false))
    )
}

/// What the parameters of the fragment, component `i` at `span`, carry
/// ([`fragment_params`](crate::split::fragment_params): a page's hash
/// route `#/login?next=...`, an implicit flow's `#id_token=...`): each
/// value unfolded as a query value is, named by its key.
pub(super) fn unfold_fragment_params(
    at: &Unfolding<'_>,
    i: usize,
    span: Span,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
    out: &mut Vec<Nested>,
) {
    let input = at.input;
    for (key, value) in crate::split::fragment_params(input, span) {
        if values(out) >= MAX_NESTED || budget.bytes == 0 {
            break;
        }
        if !worth_a_look(value.of(input)) {
            continue;
        }
        let layers = decode_layers_of(input, value, false);
        let texts: Vec<Vec<u8>> = layers.iter().map(|l| crate::percent::values(l)).collect();
        if !texts.iter().any(|t| may_hold_value(t)) {
            continue;
        }
        let label = fragment_param_label(key.of(input));
        let prov = Provenance {
            start: value.start,
            layers: Some(&layers),
        };
        let place = Place {
            component: i,
            layer: 0,
            label: &label,
            prov: &prov,
        };
        let layers = texts.iter().map(Vec::as_slice);
        unfold_first_layer(at, layers, &place, budget, lifted, out);
    }
}
