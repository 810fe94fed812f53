//! The rows the tree shows: built from the analysis and the user's
//! choices, and found by index without listing the URL's own components.

use super::{
    carried_by, component_default, value_severity, NodePath, Row, TreeRow, MAX_COMPONENT_ROWS,
};
use std::collections::{HashMap, HashSet};
use urlscope_core::analysis::{Analysis, Nested};
use urlscope_core::warnings::Severity;

/// What the user chose: the rows opened or closed against their default
/// (the URL's own components as `Component` rows with an empty node), and
/// how many components of each carried URL are listed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices {
    pub toggled: HashSet<Row>,
    pub listed: HashMap<NodePath, usize>,
}

impl Choices {
    /// Open `row` if it is closed, close it if it is open.
    pub fn toggle(&mut self, row: Row) {
        if !self.toggled.remove(&row) {
            self.toggled.insert(row);
        }
    }

    /// List [`MAX_COMPONENT_ROWS`] more components of the carried URL at
    /// `node`.
    pub fn list_more(&mut self, node: &[usize]) {
        let n = self
            .listed
            .entry(node.to_vec())
            .or_insert(MAX_COMPONENT_ROWS);
        *n = n.saturating_add(MAX_COMPONENT_ROWS);
    }

    fn listed(&self, node: &[usize]) -> usize {
        self.listed.get(node).copied().unwrap_or(MAX_COMPONENT_ROWS)
    }
}

/// The tree's shape: the user's choices, and the rows under each open
/// component of the URL.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tree {
    choices: Choices,
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
    pub fn build(a: &Analysis, choices: Choices) -> Tree {
        let mut carriers: Vec<usize> = a.nested.iter().map(|n| n.component).collect();
        carriers.sort_unstable();
        carriers.dedup();
        let mut tree = Tree {
            choices,
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

    fn is_open(&self, row: &Row, default: bool) -> bool {
        default != self.choices.toggled.contains(row)
    }

    /// The user's choices, to build the tree again with.
    pub fn choices(&self) -> Choices {
        self.choices.clone()
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
            let listed = self.choices.listed(&node);
            for (index, _) in inner.components.iter().enumerate().take(listed) {
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
            let hidden = inner.components.len().saturating_sub(listed);
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
