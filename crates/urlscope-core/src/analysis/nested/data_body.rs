//! The body of a `data:` URL as a nested value, with the URLs it
//! carries analysed in turn.

use super::{
    data, lift, payload_urls, url_node, Budget, Nested, NestedKind, Unfolding, MAX_NESTED,
};
use crate::warnings::Warning;

/// The body of a `data:` URL whose body is text, decoded as far as the
/// budget allows, with each URL it carries analysed in turn: their
/// warnings point at the bytes that encode them (exactly in a
/// percent-encoded body, the whole body in base64).
pub(super) fn data_node(
    at: &Unfolding<'_>,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    let (input, components) = (at.input, at.components);
    let body = data::read(input, at.parts, budget.bytes)?;
    let via = format!("data: URL body ({})", body.media_type);
    let component_at = |at: usize| {
        components
            .iter()
            .rposition(|c| c.span.start <= at)
            .unwrap_or(0)
    };
    let text = body.text.as_bytes();
    let mut children = Vec::new();
    // A link in a page is written as a page writes links, to slip past
    // nothing: only a spelling of its own is said.
    // A namespace name (`xmlns="http://www.w3.org/2000/svg"`) or a DTD's
    // system identifier is written as a URL but names, and leads nowhere.
    let links = payload_urls(text).filter(|(at, ..)| !data::names_no_place(text, at.start));
    for (found, url, spelling) in links.take(MAX_NESTED - 1) {
        let span = body.span_of(input, found.start, found.end);
        let mut child = url_node(&url, via.clone(), spelling, at.options, budget);
        child.component = component_at(span.start);
        child.layer = 1;
        child.span = span;
        let len = found.end - found.start;
        lift(&mut child, lifted, |s| {
            body.span_of(
                input,
                found.start + s.start.min(len),
                found.start + s.end.min(len),
            )
        });
        children.push(child);
    }
    Some(Nested {
        kind: NestedKind::DataBody,
        component: component_at(body.span.start),
        layer: 1,
        span: body.span,
        via,
        text: body.text,
        spelling: Vec::new(),
        jwt: None,
        analysis: None,
        children,
        leads_at: Vec::new(),
        encoded: None,
    })
}
