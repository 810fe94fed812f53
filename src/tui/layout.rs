//! The inspector's geometry: where each pane sits on the screen and how
//! many rows of a list or of the byte table show.
//!
//! The app asks it to scroll, page and hit-test clicks; the views ask it
//! to draw. It is handed the facts it needs (an [`Analysis`], a selection)
//! and uses neither the app nor a view, so the two cannot disagree about a
//! pane's size and neither has to call back into the other.

use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use urlscope_core::analysis::{Analysis, ComponentAnalysis, HostReading};
use urlscope_core::split::ComponentKind;
use urlscope_core::warnings::Warning;

/// The smallest terminal the layout is designed for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Inner width of the detail pane from which hex and binary columns, raw
/// and decoded text are all shown together.
const ALL_VIEWS_WIDTH: u16 = 76;
/// Decoding layers listed at most above the byte table.
pub const MAX_LAYER_LINES: usize = 4;

/// Where each pane is on screen, shared by rendering and mouse handling.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Areas {
    pub url: Rect,
    pub components: Rect,
    pub detail: Rect,
    pub warnings: Rect,
    pub corrected: Rect,
    pub hints: Rect,
}

impl Areas {
    /// Split the screen for an analysis with `warnings` warnings (the
    /// warning list grows with them); `None` when the screen is smaller
    /// than 80x24.
    pub fn compute(area: Rect, warnings: usize) -> Option<Areas> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let h = area.height;
        let hints = 1;
        let url = if h >= 36 { 6 } else { 4 };
        let corrected = 4;
        let warnings_wanted =
            (warnings as u16).clamp(1, if h >= 36 { 10 } else { (h / 5).max(4) }) + 2;
        let warnings = warnings_wanted.min(h.saturating_sub(hints + url + corrected + 10));
        let middle = h - hints - url - corrected - warnings;
        let comp_w = (area.width * 27 / 100).clamp(28, 56);
        let mut y = area.y;
        let mut take = |rows: u16| {
            let r = Rect::new(area.x, y, area.width, rows);
            y += rows;
            r
        };
        let url_r = take(url);
        let mid = take(middle);
        let warnings_r = take(warnings);
        let corrected_r = take(corrected);
        let hints_r = take(hints);
        Some(Areas {
            url: url_r,
            components: Rect::new(mid.x, mid.y, comp_w, mid.height),
            detail: Rect::new(mid.x + comp_w, mid.y, mid.width - comp_w, mid.height),
            warnings: warnings_r,
            corrected: corrected_r,
            hints: hints_r,
        })
    }
}

/// Rows of a bordered list pane (at least one).
pub fn list_height(rect: Rect) -> usize {
    usize::from(rect.height.saturating_sub(2)).max(1)
}

/// The first visible row that keeps `cursor` on a screen of `height` rows.
pub fn keep_visible(scroll: usize, cursor: usize, height: usize) -> usize {
    if cursor < scroll {
        cursor
    } else if cursor >= scroll + height {
        cursor + 1 - height
    } else {
        scroll
    }
}

/// Whether the detail pane `area` is wide enough to show every view of the
/// selected component at once.
pub fn shows_all_views(area: Rect) -> bool {
    area.width.saturating_sub(2) >= ALL_VIEWS_WIDTH
}

/// The component's own lines above the byte table: raw and decoded (only
/// when all views are shown), its decoding layers, the table's header.
fn component_lines(c: Option<&ComponentAnalysis>, all: bool) -> usize {
    let layers = c.map_or(0, |c| {
        if c.layer_count() > 1 {
            c.layer_count().min(MAX_LAYER_LINES) + 1
        } else {
            0
        }
    });
    if all {
        2 + layers + 1
    } else {
        layers + 1
    }
}

/// The warning whose text the detail pane shows, in full, while the
/// warning list has the focus: the list cuts each message at its width, and
/// the message is what explains the finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarningText {
    /// The severity mark, name and code that open the first line.
    pub head: String,
    /// The head and message, word-wrapped.
    pub lines: Vec<String>,
}

impl WarningText {
    pub fn new(w: &Warning, width: usize) -> WarningText {
        let head = format!(
            "{} {} {}:",
            Theme::severity_symbol(w.severity),
            w.severity.name(),
            w.code.code()
        );
        // The message is already escaped: nothing in it reaches the
        // terminal as a control.
        let text = format!("{head} {}", w.message);
        let lines = textwrap::wrap(&text, width.max(1))
            .into_iter()
            .map(|line| line.into_owned())
            .collect();
        WarningText { head, lines }
    }

    /// Rows taken: the lines and a rule under them.
    pub fn rows(&self) -> usize {
        self.lines.len() + 1
    }
}

/// A line of facts about the host, shown above the host's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostRow {
    /// Its kind, Unicode and DNS forms, rejected labels, IPv4 reading.
    Forms,
    /// The registrable domain.
    Domain,
    /// Its scripts and look-alike characters.
    Scripts,
}

/// The host's facts, when the selected component is the host.
pub fn selected_host(a: &Analysis, selected: usize) -> Option<&HostReading> {
    let is_host = a
        .components
        .get(selected)
        .is_some_and(|c| c.kind == ComponentKind::Host);
    a.host.as_ref().filter(|_| is_host)
}

/// The lines of facts known about `h`.
pub fn host_rows(h: &HostReading) -> Vec<HostRow> {
    let mut rows = vec![HostRow::Forms];
    if h.registrable.is_some() {
        rows.push(HostRow::Domain);
    }
    if !h.scripts.is_empty() || !h.confusables.is_empty() {
        rows.push(HostRow::Scripts);
    }
    rows
}

/// How many byte-table rows fit in the detail pane `area` when component
/// `selected` is shown, with the text of warning `shown_warning` above it.
/// Above the table: that warning, the host's facts, the component's own
/// lines; under it, two lines explain the cursor's character bit by bit.
pub fn byte_table_rows(
    area: Rect,
    a: &Analysis,
    selected: usize,
    shown_warning: Option<usize>,
) -> usize {
    let all = shows_all_views(area);
    let inner = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let warning = shown_warning
        .and_then(|i| a.warnings.get(i))
        .map_or(0, |w| WarningText::new(w, width).rows());
    let host = selected_host(a, selected).map_or(0, |h| host_rows(h).len());
    inner.saturating_sub(component_lines(a.components.get(selected), all) + warning + host + 2)
}
