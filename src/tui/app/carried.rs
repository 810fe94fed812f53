//! The rows of what the URL carries: selecting them, opening and closing
//! them, and what the bytes pane shows for the row selected (a component
//! of the URL or of a carried URL, or a carried value over the bytes of
//! the component it was found in).

use super::App;
use crate::tui::tree::{self, At, Row, Tree};
use std::borrow::Cow;
use urlscope_core::analysis::{Analysis, Nested};
use urlscope_core::split::Span;

/// The status when a key would open what a row carries and it carries
/// nothing.
const NOTHING_CARRIED: &str = "nothing is carried here";

/// What the bytes pane shows.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    /// The analysis the component is of: the URL's, or a carried URL's.
    pub analysis: &'a Analysis,
    /// The component whose bytes are shown.
    pub component: usize,
    /// The carried value selected: its facts come first, and its bytes
    /// (its span over `component`) are reversed.
    pub value: Option<&'a Nested>,
    /// It is not the URL's own component.
    pub nested: bool,
}

impl<'a> Shown<'a> {
    /// The carried value selected when it is a payload written in digits
    /// (base64, hex, a JWT's payload): the byte table is of its decoded
    /// bytes, each with the digits that write it.
    pub fn digit_table(&self) -> Option<&'a Nested> {
        self.value.filter(|n| n.digit_rows_len().is_some())
    }

    /// The carried value selected when it runs past its component (a
    /// Proofpoint v3 link's target, written over several path segments
    /// and the `/` between them): the byte table is of its own bytes.
    pub fn span_table(&self) -> Option<&'a Nested> {
        let component = self.analysis.components.get(self.component)?;
        self.value
            .filter(|n| self.digit_table().is_none() && n.span.end > component.span.end)
    }

    /// The bytes the byte table shows: the payload's for a digit table,
    /// the value's span decoded for a value across components, else the
    /// component's decoded bytes.
    pub fn table_bytes(&self) -> Cow<'a, [u8]> {
        if let Some(n) = self.digit_table() {
            return Cow::Borrowed(n.text.as_bytes());
        }
        if let Some(n) = self.span_table() {
            return self.analysis.span_decoded(n.span);
        }
        Cow::Borrowed(
            self.analysis
                .components
                .get(self.component)
                .map_or(&[][..], |c| c.decoded()),
        )
    }
}

impl App {
    /// What the bytes pane shows for the row selected.
    pub fn shown(&self) -> Shown<'_> {
        let a = &self.analysis;
        let own = Shown {
            analysis: a,
            component: self.selected,
            value: None,
            nested: false,
        };
        match &self.carried {
            None => own,
            Some(Row::Component { node, index }) => match tree::analysis_at(a, node) {
                Some(inner) => Shown {
                    analysis: inner,
                    component: *index,
                    value: None,
                    nested: true,
                },
                None => own,
            },
            Some(Row::Value { node } | Row::More { node, .. }) => match tree::node(a, node) {
                Some(n) => Shown {
                    analysis: tree::home(a, node),
                    component: n.component,
                    value: Some(n),
                    nested: true,
                },
                None => own,
            },
        }
    }

    /// The bytes the byte table reverses: the highlighted warning's for
    /// the URL's own component, the value's own for a carried value.
    pub fn shown_highlight(&self) -> &[Span] {
        let shown = self.shown();
        match shown.value {
            Some(n) => std::slice::from_ref(&n.span),
            None if shown.nested => &[],
            None => self.highlighted_spans(),
        }
    }

    /// How the row selected is reached from the URL: `query value 'next'
    /// → url` (empty for the URL's own components).
    pub fn carried_chain(&self) -> String {
        let Some(row) = &self.carried else {
            return String::new();
        };
        tree::chain(&self.analysis, tree::row_node(row))
    }

    /// The index of the row selected in the list.
    pub fn component_row(&self) -> usize {
        self.tree.index_of(self.selected, self.carried.as_ref())
    }

    /// Rows in the list.
    pub fn component_rows(&self) -> usize {
        self.tree.len(self.analysis.components.len())
    }

    /// Select row `index` of the list.
    pub fn select_row(&mut self, index: usize) {
        let n = self.analysis.components.len();
        match self.tree.at(n, index) {
            Some(At::Component(i)) => self.select_component(i),
            Some(At::Under { owner, row }) => {
                let row = row.row.clone();
                self.select_carried(owner, row);
            }
            None => {}
        }
    }

    /// Select `row` under component `owner` of the URL: a value starts
    /// with the cursor on its first byte.
    pub fn select_carried(&mut self, owner: usize, row: Row) {
        if owner != self.selected || self.carried.as_ref() != Some(&row) {
            self.byte_cursor = 0;
            self.byte_scroll = 0;
        }
        self.selected = owner;
        self.carried = Some(row);
        self.highlight = None;
        self.keep_component_row_visible();
        self.cursor_to_highlight();
    }

    /// Whether the row selected has rows under it, and whether they show.
    fn fold_state(&self) -> (bool, bool) {
        match &self.carried {
            None => self.tree.fold_of(self.selected),
            Some(row) => self
                .tree
                .rows_under(self.selected)
                .iter()
                .find(|r| r.row == *row)
                .map_or((false, false), |r| (r.folds, r.open)),
        }
    }

    /// The row selected as the tree knows it.
    fn selected_tree_row(&self) -> Row {
        self.carried.clone().unwrap_or(Row::Component {
            node: Vec::new(),
            index: self.selected,
        })
    }

    /// Open or close the row selected, if it has rows under it.
    pub(super) fn toggle_row(&mut self) {
        let (folds, _) = self.fold_state();
        if !folds {
            self.status = NOTHING_CARRIED.to_string();
            return;
        }
        let mut choices = self.tree.choices();
        choices.toggle(self.selected_tree_row());
        self.tree = Tree::build(&self.analysis, choices);
        self.keep_component_row_visible();
    }

    /// `→`: open the row; on an open row, go to the first row under it;
    /// on the row of components not listed, list more.
    pub(super) fn expand_row(&mut self) {
        if let Some(Row::More { node, .. }) = &self.carried {
            // The first newly listed component takes the row's place.
            let at = self.component_row();
            let mut choices = self.tree.choices();
            choices.list_more(node);
            self.tree = Tree::build(&self.analysis, choices);
            self.carried = None;
            self.select_row(at);
            return;
        }
        match self.fold_state() {
            (true, false) => self.toggle_row(),
            (true, true) => self.select_row(self.component_row() + 1),
            (false, _) => self.status = NOTHING_CARRIED.to_string(),
        }
    }

    /// `←`: close the row; on a closed one, go to the row it is under.
    pub(super) fn collapse_row(&mut self) {
        if self.fold_state() == (true, true) {
            self.toggle_row();
            return;
        }
        let Some(row) = &self.carried else {
            let (folds, _) = self.fold_state();
            self.status = if folds {
                "nothing open here: → opens what the row carries".to_string()
            } else {
                NOTHING_CARRIED.to_string()
            };
            return;
        };
        let rows = self.tree.rows_under(self.selected);
        let Some(at) = rows.iter().position(|r| r.row == *row) else {
            return;
        };
        let depth = rows.get(at).map_or(0, |r| r.depth);
        let parent = rows
            .iter()
            .take(at)
            .rposition(|r| r.depth < depth)
            .and_then(|i| rows.get(i))
            .map(|r| r.row.clone());
        match parent {
            Some(p) => self.select_carried(self.selected, p),
            None => self.select_component(self.selected),
        }
    }

    /// After a new analysis or a new tree: a row that is gone is left for
    /// its component.
    pub(super) fn keep_carried_valid(&mut self) {
        let gone = self.carried.as_ref().is_some_and(|row| {
            !self
                .tree
                .rows_under(self.selected)
                .iter()
                .any(|r| r.row == *row)
        });
        if gone {
            self.carried = None;
        }
    }
}
