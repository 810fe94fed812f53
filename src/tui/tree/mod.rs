//! The component list as a tree of what the URL carries.
//!
//! The core unfolds every value a component carries (a URL, base64, hex,
//! a JWT: `Analysis::nested`), analyses each carried URL in turn, and
//! nests again what that URL carries, at most `MAX_DEPTH` deep. Here that
//! tree becomes rows of the component list: under a component, the values
//! it carries; under a carried URL, its own components (and under them
//! what they carry); under a payload, the URLs inside it. Nothing is
//! derived again: every row is a node or a component the core computed.
//!
//! A node is open by default when a medium-or-worse warning lies beneath
//! it, so the path to a danger shows at once and the rest stays folded.
//! The rows under each open component of the URL are kept in groups;
//! the URL's own components are not listed (a 1 MB URL has hundreds of
//! thousands), so a row's index is found by adding up the groups before.

use urlscope_core::analysis::{Analysis, Nested, NestedKind};
use urlscope_core::warnings::Severity;

mod rows;

pub use rows::{At, Choices, Tree};

/// A carried value, by the indices that reach it: the first into the
/// URL's `nested`, each next one into the values of the node before (a
/// carried URL's own `nested`, or a payload's `children`).
pub type NodePath = Vec<usize>;

/// Component rows listed under a carried URL at first; a last row says
/// how many more there are, and `→` on it lists as many more.
pub const MAX_COMPONENT_ROWS: usize = 256;

/// A row under a component of the URL.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Row {
    /// Component `index` of the carried URL at `node`.
    Component { node: NodePath, index: usize },
    /// The carried value at `node`.
    Value { node: NodePath },
    /// The components of the carried URL at `node` not listed yet.
    More { node: NodePath, hidden: usize },
}

/// A row as the list shows it: where it is, how deep, and whether it has
/// rows under it and they show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeRow {
    pub row: Row,
    /// 1 for a value a component of the URL carries, one more per level.
    pub depth: usize,
    /// It has rows under it (`▸` or `▾`).
    pub folds: bool,
    /// They show (`▾`).
    pub open: bool,
}

/// The values a node carries: a carried URL's own, a payload's URLs.
pub fn values_of(n: &Nested) -> &[Nested] {
    match &n.analysis {
        Some(a) => &a.nested,
        None => &n.children,
    }
}

/// The node at `path`.
pub fn node<'a>(a: &'a Analysis, path: &[usize]) -> Option<&'a Nested> {
    let (first, rest) = path.split_first()?;
    let mut n = a.nested.get(*first)?;
    for &i in rest {
        n = values_of(n).get(i)?;
    }
    Some(n)
}

/// The analysis whose input the node at `path` was found in (its span and
/// component are over that input): the URL's, or the nearest carried
/// URL's above it.
pub fn home<'a>(a: &'a Analysis, path: &[usize]) -> &'a Analysis {
    let mut home = a;
    let Some((first, rest)) = path.split_first() else {
        return a;
    };
    let Some(mut n) = a.nested.get(*first) else {
        return a;
    };
    for &i in rest {
        if let Some(inner) = &n.analysis {
            home = inner;
        }
        match values_of(n).get(i) {
            Some(next) => n = next,
            None => break,
        }
    }
    home
}

/// The analysis of the carried URL at `path` (the URL's for an empty
/// path).
pub fn analysis_at<'a>(a: &'a Analysis, path: &[usize]) -> Option<&'a Analysis> {
    if path.is_empty() {
        return Some(a);
    }
    node(a, path).and_then(|n| n.analysis.as_deref())
}

/// The worst warning a value carries: its own analysis's, those the
/// analysis it was found in gave it as a destination (`open-redirect`,
/// `internal-destination`), and its payload's URLs'.
pub fn value_severity(home: &Analysis, n: &Nested) -> Option<Severity> {
    let own = n.analysis.as_ref().and_then(|a| a.max_severity());
    // The destination warnings are over the value's span; the warnings
    // are sorted by where they start.
    let first = home
        .warnings
        .partition_point(|w| w.span.start < n.span.start);
    let given = home
        .warnings
        .get(first..)
        .unwrap_or_default()
        .iter()
        .take_while(|w| w.span.start == n.span.start)
        .filter(|w| w.span == n.span && w.via.as_deref() == Some(n.via.as_str()))
        .map(|w| w.severity)
        .max();
    let inside = n
        .children
        .iter()
        .filter_map(|c| value_severity(home, c))
        .max();
    own.max(given).max(inside)
}

/// The values component `index` of `a` carries, with their indices.
pub(crate) fn carried_by(a: &Analysis, index: usize) -> impl Iterator<Item = (usize, &Nested)> {
    a.nested
        .iter()
        .enumerate()
        .filter(move |(_, n)| n.component == index)
}

/// Whether component `index` of `a` opens by default: a value it carries
/// has a medium-or-worse warning.
pub(crate) fn component_default(a: &Analysis, index: usize) -> bool {
    carried_by(a, index).any(|(_, n)| value_severity(a, n) >= Some(Severity::Medium))
}

/// How the node at `path` is reached from the URL: each carried URL on
/// the way as `… → url` (`query value 'u' → url → query value 'v' →
/// url`), a payload by its own path (`query value 't' → jwt`).
pub fn chain(a: &Analysis, path: &[usize]) -> String {
    let mut parts = Vec::new();
    for k in 1..=path.len() {
        let Some(n) = path.get(..k).and_then(|p| node(a, p)) else {
            break;
        };
        if n.kind == NestedKind::Url {
            parts.push(format!("{} → url", n.via));
        } else if k == path.len() {
            parts.push(n.via.clone());
        }
    }
    urlscope_core::text::escape_str(&parts.join(" → "))
}

/// The short name of a value's kind in the list.
pub fn kind_label(k: NestedKind) -> &'static str {
    k.short_name()
}

/// The node a row belongs to (a value's own, a component's carried URL).
pub fn row_node(row: &Row) -> &[usize] {
    match row {
        Row::Component { node, .. } | Row::Value { node } | Row::More { node, .. } => node,
    }
}

#[cfg(test)]
mod tests;
