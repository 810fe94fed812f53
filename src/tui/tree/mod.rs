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

use std::collections::HashSet;
use urlscope_core::analysis::{Analysis, Nested, NestedKind};
use urlscope_core::warnings::Severity;

/// A carried value, by the indices that reach it: the first into the
/// URL's `nested`, each next one into the values of the node before (a
/// carried URL's own `nested`, or a payload's `children`).
pub type NodePath = Vec<usize>;

/// Component rows listed at most under one carried URL; a last row says
/// how many more there are (the bytes pane and `z` show every byte).
pub const MAX_COMPONENT_ROWS: usize = 256;

/// A row under a component of the URL.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Row {
    /// Component `index` of the carried URL at `node`.
    Component { node: NodePath, index: usize },
    /// The carried value at `node`.
    Value { node: NodePath },
    /// The components of the carried URL at `node` past the first
    /// [`MAX_COMPONENT_ROWS`], not listed.
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
fn carried_by(a: &Analysis, index: usize) -> impl Iterator<Item = (usize, &Nested)> {
    a.nested
        .iter()
        .enumerate()
        .filter(move |(_, n)| n.component == index)
}

/// The tree's shape: which nodes the user opened or closed, and the rows
/// under each open component of the URL.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    /// Rows (and the URL's components, as `Component` rows with an empty
    /// node) whose open state is the opposite of their default.
    toggled: HashSet<Row>,
    /// The URL's components that carry values, in order.
    pub carriers: Vec<usize>,
    /// The rows under each open carrier, in order of the carrier.
    pub groups: Vec<(usize, Vec<TreeRow>)>,
}

/// What the list shows at a row index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At<'t> {
    /// Component `i` of the URL.
    Component(usize),
    /// A row under component `owner` of the URL.
    Under { owner: usize, row: &'t TreeRow },
}

impl Tree {
    /// The tree of `a`, with the user's choices kept.
    pub fn build(a: &Analysis, toggled: HashSet<Row>) -> Tree {
        let mut carriers: Vec<usize> = a.nested.iter().map(|n| n.component).collect();
        carriers.sort_unstable();
        carriers.dedup();
        let mut tree = Tree {
            toggled,
            carriers,
            groups: Vec::new(),
        };
        for &c in &tree.carriers {
            let key = Row::Component {
                node: Vec::new(),
                index: c,
            };
            if tree.is_open(&key, component_default(a, c)) {
                let mut rows = Vec::new();
                tree.values_rows(a, &[], c, 1, &mut rows);
                tree.groups.push((c, rows));
            }
        }
        tree
    }

    /// The tree as it was for a new analysis of the same input; a new
    /// input starts again from the defaults.
    pub fn rebuild(&self, a: &Analysis, same_input: bool) -> Tree {
        let toggled = if same_input {
            self.toggled.clone()
        } else {
            HashSet::new()
        };
        Tree::build(a, toggled)
    }

    fn is_open(&self, row: &Row, default: bool) -> bool {
        default != self.toggled.contains(row)
    }

    /// Open or close `row`; the caller builds the tree again.
    pub fn toggle(&mut self, row: Row) {
        if !self.toggled.remove(&row) {
            self.toggled.insert(row);
        }
    }

    /// The user's choices, to build the tree again with.
    pub fn toggled(&self) -> HashSet<Row> {
        self.toggled.clone()
    }

    /// The rows for what component `index` of `a` carries (`a` is the
    /// analysis at `path`).
    fn values_rows(
        &self,
        a: &Analysis,
        path: &[usize],
        index: usize,
        depth: usize,
        rows: &mut Vec<TreeRow>,
    ) {
        for (i, n) in carried_by(a, index) {
            let mut node = path.to_vec();
            node.push(i);
            self.value_rows(a, node, n, depth, rows);
        }
    }

    /// The row of value `n` at `node` (found in `home`), and what is
    /// under it when open.
    fn value_rows(
        &self,
        home: &Analysis,
        node: NodePath,
        n: &Nested,
        depth: usize,
        rows: &mut Vec<TreeRow>,
    ) {
        let folds = match &n.analysis {
            Some(inner) => !inner.components.is_empty(),
            None => !n.children.is_empty(),
        };
        let row = Row::Value { node: node.clone() };
        let default = value_severity(home, n) >= Some(Severity::Medium);
        let open = folds && self.is_open(&row, default);
        rows.push(TreeRow {
            row,
            depth,
            folds,
            open,
        });
        if !open {
            return;
        }
        if let Some(inner) = &n.analysis {
            for (index, _) in inner.components.iter().enumerate().take(MAX_COMPONENT_ROWS) {
                let row = Row::Component {
                    node: node.clone(),
                    index,
                };
                let folds = carried_by(inner, index).next().is_some();
                let open = folds && self.is_open(&row, component_default(inner, index));
                rows.push(TreeRow {
                    row,
                    depth: depth + 1,
                    folds,
                    open,
                });
                if open {
                    self.values_rows(inner, &node, index, depth + 2, rows);
                }
            }
            let hidden = inner.components.len().saturating_sub(MAX_COMPONENT_ROWS);
            if hidden > 0 {
                rows.push(TreeRow {
                    row: Row::More {
                        node: node.clone(),
                        hidden,
                    },
                    depth: depth + 1,
                    folds: false,
                    open: false,
                });
            }
        } else {
            for (i, child) in n.children.iter().enumerate() {
                let mut path = node.clone();
                path.push(i);
                self.value_rows(home, path, child, depth + 1, rows);
            }
        }
    }

    /// Rows in all: the URL's components and the rows under the open ones.
    pub fn len(&self, components: usize) -> usize {
        components + self.groups.iter().map(|(_, r)| r.len()).sum::<usize>()
    }

    /// The row index of component `owner` of the URL (`under` `None`) or
    /// of row `under` below it.
    pub fn index_of(&self, owner: usize, under: Option<&Row>) -> usize {
        let mut index = owner;
        for (c, rows) in &self.groups {
            if *c < owner {
                index += rows.len();
            } else if *c == owner {
                if let Some(pos) = under.and_then(|u| rows.iter().position(|r| r.row == *u)) {
                    return index + 1 + pos;
                }
            }
        }
        index
    }

    /// What row `index` shows (`None` past the end).
    pub fn at(&self, components: usize, index: usize) -> Option<At<'_>> {
        let mut before = 0;
        for (c, rows) in &self.groups {
            let own = c + before;
            if index <= own {
                break;
            }
            if let Some(row) = rows.get(index - own - 1) {
                return Some(At::Under { owner: *c, row });
            }
            before += rows.len();
        }
        let i = index - before;
        (i < components).then_some(At::Component(i))
    }

    /// The rows under component `owner` of the URL, when it is open.
    pub fn rows_under(&self, owner: usize) -> &[TreeRow] {
        self.groups
            .iter()
            .find(|(c, _)| *c == owner)
            .map_or(&[], |(_, r)| r.as_slice())
    }

    /// Whether component `i` of the URL carries values, and whether they
    /// show.
    pub fn fold_of(&self, i: usize) -> (bool, bool) {
        let folds = self.carriers.binary_search(&i).is_ok();
        (folds, folds && self.groups.iter().any(|(c, _)| *c == i))
    }
}

/// Whether component `index` of `a` opens by default: a value it carries
/// has a medium-or-worse warning.
fn component_default(a: &Analysis, index: usize) -> bool {
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
    match k {
        NestedKind::Url => "url",
        NestedKind::Base64 => "base64",
        NestedKind::Base64Url => "b64url",
        NestedKind::Hex => "hex",
        NestedKind::Jwt => "jwt",
    }
}

/// The node a row belongs to (a value's own, a component's carried URL).
pub fn row_node(row: &Row) -> &[usize] {
    match row {
        Row::Component { node, .. } | Row::Value { node } | Row::More { node, .. } => node,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse(url: &str) -> Analysis {
        urlscope_core::analyze(url.as_bytes(), &urlscope_core::Options::default())
    }

    #[test]
    fn a_carried_url_with_a_danger_opens_by_default() {
        let a = analyse(
            "https://victim.example/login?next=https%3A%2F%2F169.254.169.254%2Flatest%2F&x=1",
        );
        let tree = Tree::build(&a, HashSet::new());
        assert_eq!(tree.carriers, vec![4]);
        let rows = tree.rows_under(4);
        assert_eq!(
            rows.first().map(|r| &r.row),
            Some(&Row::Value { node: vec![0] })
        );
        assert!(rows.iter().any(|r| r.row
            == Row::Component {
                node: vec![0],
                index: 1
            }));
        // The list: 7 components and the rows under the value.
        assert_eq!(tree.len(a.components.len()), 7 + rows.len());
        assert_eq!(tree.at(7, 4), Some(At::Component(4)));
        assert_eq!(
            tree.at(7, 5)
                .map(|r| matches!(r, At::Under { owner: 4, .. })),
            Some(true)
        );
        assert_eq!(tree.at(7, 5 + rows.len()), Some(At::Component(5)));
        assert_eq!(tree.index_of(5, None), 5 + rows.len());
        assert_eq!(tree.index_of(4, Some(&Row::Value { node: vec![0] })), 5);
        assert_eq!(tree.at(7, 7 + rows.len()), None);
        // Closed, it is one row again.
        let mut toggled = tree.toggled();
        toggled.insert(Row::Component {
            node: Vec::new(),
            index: 4,
        });
        let closed = Tree::build(&a, toggled);
        assert_eq!(closed.len(7), 7);
        assert_eq!(closed.fold_of(4), (true, false));
    }

    #[test]
    fn a_harmless_carried_url_stays_folded() {
        let a = analyse("https://example.com/?next=%2Faccount&u=https%3A%2F%2Fexample.com%2Fa");
        let tree = Tree::build(&a, HashSet::new());
        assert!(tree.groups.is_empty(), "{tree:?}");
        assert_eq!(tree.fold_of(6), (true, false));
    }

    #[test]
    fn nodes_and_their_home_analyses() {
        let a = analyse("https://x.example/?u=https%3A%2F%2Fy.example%2F%3Fv%3Dhttps%253A%252F%252F127.0.0.1%252F");
        let outer = node(&a, &[0]).expect("the carried URL");
        assert_eq!(outer.kind, NestedKind::Url);
        let inner = node(&a, &[0, 0]).expect("the URL it carries");
        assert!(inner.text.contains("127.0.0.1"), "{inner:?}");
        assert!(std::ptr::eq(home(&a, &[0]), &a));
        let expected = outer.analysis.as_deref().expect("analysed");
        assert!(std::ptr::eq(home(&a, &[0, 0]), expected));
        assert!(value_severity(&a, outer) >= Some(Severity::Medium));
    }
}
