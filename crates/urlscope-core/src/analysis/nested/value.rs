//! One value of a component's layer, unfolded: a URL, or a payload and
//! the URLs inside it.

use super::payloads::{buried_urls, carries_url_within};
use super::{
    base64_payload, find_url, hex_payload, jwt, lift, obfuscated, payload_layers, payload_urls,
    url_node, url_node_under, Budget, Nested, NestedKind, Place,
};
use crate::analysis::Options;
use crate::warnings::Warning;

/// One value of a component's layer, unfolded: a URL, a JWT, base64 or
/// hex carrying text, with at most `room` values in all (the payload and
/// the URLs in it).
pub(super) fn unfold_value(
    layer: &[u8],
    at: &Place<'_>,
    room: usize,
    options: &Options,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    if let Some(found) = find_url(layer) {
        let text = layer.get(found.from..).unwrap_or_default();
        let mut spelling = found.spelling;
        if at.layer > 0 {
            spelling.push("encoded again, so it appears only after a second decoding");
        }
        let span = at.span(found.from, layer.len());
        let mut node = url_node(text, at.label.to_string(), spelling, options, budget);
        node.component = at.component;
        node.layer = at.layer + 1;
        node.span = span;
        lift(&mut node, lifted, |s| {
            at.span(found.from + s.start, found.from + s.end)
        });
        return Some(node);
    }
    let span = at.span(0, layer.len());
    let layers = payload_layers(budget);
    let (kind, text, jwt) = if let Some(jwt) = jwt(layer) {
        (NestedKind::Jwt, jwt.payload.clone(), Some(jwt))
    } else {
        // Read forwards first; backwards or unescaped only when that
        // carries a URL where reading forwards carries none.
        let forward =
            base64_payload(layer).or_else(|| hex_payload(layer).map(|t| (NestedKind::Hex, t)));
        let carries = |t: &str| carries_url_within(t, layers);
        match forward {
            Some((kind, text)) if carries(&text) => (kind, text, None),
            forward => match obfuscated::decoded(layer).or(forward) {
                Some((kind, text)) => (kind, text, None),
                None => return None,
            },
        }
    };
    let via = format!("{} → {}", at.label, kind.name());
    let mut children = Vec::new();
    let mut inner: Vec<(String, String)> = match &jwt {
        Some(jwt) => jwt
            .linking_claims()
            .map(|(k, v)| {
                (
                    format!("{via} claim \"{}\"", crate::text::quote_str(k)),
                    v.clone(),
                )
            })
            .collect(),
        None => vec![(via.clone(), text.clone())],
    };
    let hidden = match kind {
        NestedKind::Reversed => "written backwards",
        NestedKind::ReversedBase64 => "in base64 written backwards",
        NestedKind::PercentU => "in %u escapes",
        NestedKind::Entities => "in HTML character references",
        _ => "hidden in an encoded payload",
    };
    let mut add = |child: Nested, children: &mut Vec<Nested>| {
        let mut child = child;
        child.component = at.component;
        child.layer = at.layer + 1;
        child.span = span;
        lift(&mut child, lifted, |_| span);
        children.push(child);
    };
    for (child_via, value) in inner.drain(..) {
        let room = room.saturating_sub(1 + children.len());
        let mut urls = payload_urls(value.as_bytes()).take(room).peekable();
        if urls.peek().is_none() {
            // None as it is: the payloads inside it, decoded in turn, each
            // level a layer deeper for the URLs found under it.
            for buried in buried_urls(&value, layers, room) {
                let url = &buried.url;
                let via = format!("{child_via} → {}", buried.steps.join(" → "));
                let mut spelling = buried.spelling;
                spelling.extend([hidden, "under more than one layer of encoding"]);
                if buried
                    .steps
                    .iter()
                    .any(|s| s == NestedKind::Reversed.name())
                {
                    spelling.push("written backwards");
                }
                let deeper = buried.steps.len();
                let child = url_node_under(url, via, spelling, options, budget, deeper);
                add(child, &mut children);
            }
            continue;
        }
        for (_, url, mut spelling) in urls {
            spelling.push(hidden);
            let child = url_node(&url, child_via.clone(), spelling, options, budget);
            add(child, &mut children);
        }
    }
    Some(Nested {
        kind,
        component: at.component,
        layer: at.layer + 1,
        span,
        via,
        text,
        spelling: Vec::new(),
        jwt,
        analysis: None,
        children,
        leads_at: Vec::new(),
        encoded: super::digits::encoded(kind, layer),
    })
}
