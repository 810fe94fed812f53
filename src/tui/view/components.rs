//! The component list, in URL order: kind, raw text, decoded text, and the
//! worst warning's mark; under a component, what it carries as a tree
//! (`▸` closed, `▾` open): carried values, a carried URL's own components,
//! and what those carry in turn. Only the visible rows are built.

use super::parts::{fit, pane_block, preview, title_room};
use crate::tui::app::{App, Pane};
use crate::tui::theme::Theme;
use crate::tui::tree::{self, At, Row, TreeRow};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::Analysis;
use urlscope_core::split::ComponentKind;
use urlscope_core::warnings::Severity;

/// A short label that fits the list.
pub fn short_kind(k: ComponentKind) -> &'static str {
    match k {
        ComponentKind::Scheme => "scheme",
        ComponentKind::Userinfo => "user",
        ComponentKind::Host => "host",
        ComponentKind::Port => "port",
        ComponentKind::PathSegment => "path",
        ComponentKind::QueryKey => "key",
        ComponentKind::QueryValue => "value",
        ComponentKind::Fragment => "frag",
    }
}

/// Columns of indentation at most, however deep the tree goes (the
/// depth stays readable from the `▸ ▾` above).
const MAX_INDENT: usize = 8;

/// What one row shows, before it is laid out.
struct RowText {
    selected: bool,
    severity: Option<Severity>,
    depth: usize,
    /// `▸`, `▾` or a blank.
    fold: &'static str,
    kind: &'static str,
    kind_style: Style,
    text: String,
    dim: bool,
}

/// `raw → decoded` of component `i` of `a`, in `width` columns.
fn component_text(a: &Analysis, i: usize, width: usize) -> String {
    let Some(c) = a.components.get(i) else {
        return String::new();
    };
    let raw = c.span.of(&a.input);
    // Cut as `explain` cuts it: a host name too long for the row keeps
    // both ends, the name it shows first and the domain it is in.
    let cut =
        |bytes: &[u8], width: usize| crate::cli::cells::component_cell(a, c.kind, bytes, width);
    let mut text = cut(raw, width);
    if c.decoded() != raw {
        let room = width.saturating_sub(text.width() + 3);
        if room > 2 {
            // A byte that is not UTF-8 shows as the bytes pane shows it
            // (`\xC0`), not as a U+FFFD that hides which byte it was.
            text = format!("{text} → {}", cut(c.decoded(), room));
        } else if !text.ends_with('…') {
            // No room for the decoded text: its arrow, cut, says there is one.
            text = match width.saturating_sub(text.width()) {
                0 | 1 => fit(&format!("{text} → {}", preview(c.decoded(), width)), width),
                2 => format!("{text}→…"),
                _ => format!("{text} →…"),
            };
        }
    }
    text
}

fn fold_mark(folds: bool, open: bool) -> &'static str {
    match (folds, open) {
        (false, _) => " ",
        (true, false) => "▸",
        (true, true) => "▾",
    }
}

/// The text of a row under a component of the URL.
fn tree_row(app: &App, theme: Theme, r: &TreeRow, selected: bool, width: usize) -> RowText {
    let a = &app.analysis;
    let fold = fold_mark(r.folds, r.open);
    let mut row = RowText {
        selected,
        severity: None,
        depth: r.depth,
        fold,
        kind: "",
        kind_style: Style::new(),
        text: String::new(),
        dim: false,
    };
    let text_w = width.saturating_sub(10 + r.depth.min(MAX_INDENT));
    match &r.row {
        Row::Component { node, index } => {
            if let Some(inner) = tree::analysis_at(a, node) {
                if let Some(c) = inner.components.get(*index) {
                    row.severity = inner.component_severity(*index);
                    row.kind = short_kind(c.kind);
                    row.kind_style = theme.kind(c.kind);
                }
                row.text = component_text(inner, *index, text_w);
            }
        }
        Row::Value { node } => {
            if let Some(n) = tree::node(a, node) {
                row.severity = tree::value_severity(tree::home(a, node), n);
                row.kind = tree::kind_label(n.kind);
                row.kind_style = theme.title(false);
                row.text = preview(n.text.as_bytes(), text_w);
            }
        }
        Row::More { hidden, .. } => {
            row.kind = "…";
            row.text = format!("{hidden} more components (→ lists them)");
            row.dim = true;
        }
    }
    row
}

fn line(app: &App, theme: Theme, row: RowText, width: usize) -> Line<'static> {
    let focused = app.focus == Pane::Components;
    let mark = row.severity.map_or(" ", Theme::severity_symbol);
    let indent = " ".repeat(row.depth.min(MAX_INDENT));
    let text_w = width.saturating_sub(10 + indent.len());
    let mut spans = vec![
        Span::styled(if row.selected { "▶" } else { " " }, theme.title(focused)),
        Span::styled(
            mark,
            row.severity.map_or(Style::new(), |s| theme.severity(s)),
        ),
        Span::raw(format!("{indent}{}", row.fold)),
        Span::styled(format!("{:<6} ", row.kind), row.kind_style),
        Span::styled(
            fit(&row.text, text_w),
            if row.dim { theme.dim() } else { Style::new() },
        ),
    ];
    if row.selected && focused {
        for s in spans.iter_mut().skip(1) {
            s.style = s.style.patch(theme.selected());
        }
    }
    Line::from(spans)
}

pub fn render(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let a = &app.analysis;
    let height = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let n = a.components.len();
    let total = app.component_rows();
    let first = app.component_scroll.min(total);
    let last = (first + height).min(total);
    let mut lines = Vec::with_capacity(height);
    for r in first..last {
        let row = match app.tree.at(n, r) {
            Some(At::Component(i)) => {
                let (folds, open) = app.tree.fold_of(i);
                let c = a.components.get(i);
                RowText {
                    selected: i == app.selected && app.carried.is_none(),
                    severity: a.component_severity(i),
                    depth: 0,
                    fold: fold_mark(folds, open),
                    kind: c.map_or("", |c| short_kind(c.kind)),
                    kind_style: c.map_or(Style::new(), |c| theme.kind(c.kind)),
                    text: component_text(a, i, width.saturating_sub(10)),
                    dim: false,
                }
            }
            Some(At::Under { owner, row }) => {
                let selected = owner == app.selected && app.carried.as_ref() == Some(&row.row);
                tree_row(app, theme, row, selected, width)
            }
            None => break,
        };
        lines.push(line(app, theme, row, width));
    }
    if a.components.is_empty() {
        // `?` alone is no empty input, yet splits into no components.
        let why = if a.input.is_empty() {
            "(no components: empty input)"
        } else {
            "(no components)"
        };
        for row in crate::tui::text::wrap(why, width).into_iter().take(height) {
            lines.push(Line::styled(row, theme.dim()));
        }
    }
    // A list scrolled past its top says how many components are above,
    // in the unit of the count beside it (the rows of what a component
    // carries go with their component).
    let above = match app.tree.at(n, first) {
        Some(At::Component(i)) => i,
        Some(At::Under { owner, .. }) => owner + 1,
        None => n,
    };
    let count = format!("{}/{n}", (app.selected + 1).min(n));
    // A long list in a narrow pane keeps its name and count whole and
    // gives way in how many are above ('Components 403/403 ↑', not
    // 'Components 403/403 ↑…'); its name goes only when that is too wide.
    let room = title_room(width, Some(Pane::Components));
    let tiers = if above > 0 {
        vec![
            format!("Components {count} ↑{above}"),
            format!("Components {count} ↑"),
            format!("{count} ↑{above}"),
        ]
    } else {
        vec![format!("Components {count}"), count]
    };
    let title = tiers
        .iter()
        .find(|t| t.width() <= room)
        .or(tiers.last())
        .cloned()
        .unwrap_or_default();
    let block = pane_block(app, theme, title, Some(Pane::Components), area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
