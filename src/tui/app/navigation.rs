//! Selections and scrolling: which component, byte and warning are
//! selected, which rows show, where the focus is.

use super::{App, Pane};
use crate::tui::layout::{self, keep_visible, list_height, DetailFit};
use ratatui::layout::Rect;

impl Pane {
    const ORDER: [Pane; 3] = [Pane::Components, Pane::Bytes, Pane::Warnings];

    pub(super) fn step(self, forward: bool) -> Pane {
        let i = Pane::ORDER.iter().position(|&p| p == self).unwrap_or(0);
        let n = Pane::ORDER.len();
        let next = if forward {
            (i + 1) % n
        } else {
            (i + n - 1) % n
        };
        Pane::ORDER.get(next).copied().unwrap_or(Pane::Components)
    }
}

impl App {
    /// A new terminal size: the selections stay in view.
    pub fn set_size(&mut self, size: Rect) {
        if size != self.size {
            self.size = size;
            self.keep_selections_visible();
        }
    }

    pub(super) fn keep_selections_visible(&mut self) {
        if let Some(areas) = self.areas() {
            self.component_scroll = keep_visible(
                self.component_scroll,
                self.selected,
                list_height(areas.components),
            );
            self.warning_scroll = keep_visible(
                self.warning_scroll,
                self.warning,
                list_height(areas.warnings),
            );
        }
        self.scroll_bytes_to_cursor();
        self.help_scroll = self.help_scroll.min(self.help_max_scroll());
    }

    /// How the detail pane's rows are shared out in the last frame's size.
    pub fn detail_fit(&self) -> Option<DetailFit> {
        self.areas().map(|a| {
            DetailFit::compute(
                a.detail,
                &self.analysis,
                self.selected,
                self.shown_warning(),
                self.zoomed_pane() == Some(Pane::Bytes),
            )
        })
    }

    /// Rows of the byte table the detail pane can show.
    pub fn byte_rows_visible(&self) -> usize {
        self.detail_fit().map_or(8, |f| f.table_rows).max(1)
    }

    /// Whether the detail pane is wide enough to show every view at once.
    pub fn all_views_shown(&self) -> bool {
        self.areas()
            .is_some_and(|a| layout::shows_all_views(a.detail))
    }

    pub(super) fn page_size(&self) -> usize {
        let Some(areas) = self.areas() else {
            return 10;
        };
        match self.focus {
            Pane::Components => list_height(areas.components),
            Pane::Bytes if self.readings.is_some() || self.dialects => list_height(areas.detail),
            Pane::Bytes => self.byte_rows_visible(),
            Pane::Warnings => list_height(areas.warnings),
        }
    }

    /// Lines of the readings or encoders that do not fit, the most the
    /// pane can scroll.
    pub(super) fn detail_max_scroll(&self) -> usize {
        let detail = self.areas().map(|a| a.detail).unwrap_or_default();
        let width = usize::from(detail.width.saturating_sub(2));
        let lines = match &self.readings {
            Some(r) => layout::readings_lines(r.as_ref(), width),
            None => layout::dialect_lines(),
        };
        let height = list_height(detail);
        lines.saturating_sub(height)
    }

    pub(super) fn move_by(&mut self, delta: isize) {
        let step = |value: usize, len: usize| -> usize {
            if len == 0 {
                return 0;
            }
            let v = value as isize + delta;
            v.clamp(0, len as isize - 1) as usize
        };
        match self.focus {
            Pane::Components => {
                let n = self.analysis.components.len();
                self.select_component(step(self.selected, n));
            }
            Pane::Bytes if self.readings.is_some() || self.dialects => {
                let max = self.detail_max_scroll();
                self.detail_scroll = step(self.detail_scroll, max + 1);
            }
            Pane::Bytes => {
                let n = self.selected_len();
                self.byte_cursor = step(self.byte_cursor, n);
                self.scroll_bytes_to_cursor();
            }
            Pane::Warnings => {
                let n = self.analysis.warnings.len();
                self.select_warning(step(self.warning, n));
            }
        }
    }

    pub(super) fn selected_len(&self) -> usize {
        self.analysis
            .components
            .get(self.selected)
            .map_or(0, |c| c.decoded().len())
    }

    /// Select component `i`; the byte table starts at its top.
    pub fn select_component(&mut self, i: usize) {
        if i != self.selected {
            self.byte_cursor = 0;
            self.byte_scroll = 0;
        }
        self.selected = i;
        self.highlight = None;
        let height = self.areas().map_or(10, |a| list_height(a.components));
        self.component_scroll = keep_visible(self.component_scroll, self.selected, height);
    }

    /// Select warning `i`: select its component and highlight its bytes.
    pub fn select_warning(&mut self, i: usize) {
        self.warning = i;
        let height = self.areas().map_or(4, |a| list_height(a.warnings));
        self.warning_scroll = keep_visible(self.warning_scroll, i, height);
        let Some(w) = self.analysis.warnings.get(i) else {
            return;
        };
        let component = w.component;
        if let Some(c) = component {
            self.select_component(c);
        }
        self.highlight = Some(i);
        self.cursor_to_highlight();
    }

    /// Move the byte cursor to the first byte the highlighted warning covers.
    pub(super) fn cursor_to_highlight(&mut self) {
        let Some(first) = self.highlighted_spans().first().copied() else {
            return;
        };
        let rows = self.analysis.byte_rows(self.selected);
        if let Some(row) = rows.iter().find(|r| r.span.overlaps(first)) {
            self.byte_cursor = row.offset;
            self.scroll_bytes_to_cursor();
        }
    }

    pub(super) fn scroll_bytes_to_cursor(&mut self) {
        let height = self.byte_rows_visible();
        self.byte_scroll = keep_visible(self.byte_scroll, self.byte_cursor, height);
    }

    /// Give `pane` the focus. The warning list selects its warning as it
    /// gets the focus, so the bytes shown are the ones that warning is
    /// about (the detail pane shows the warning's full text above them).
    pub(super) fn focus_on(&mut self, pane: Pane) {
        self.focus = pane;
        if pane == Pane::Warnings && !self.analysis.warnings.is_empty() {
            self.select_warning(self.warning.min(self.analysis.warnings.len() - 1));
        }
        self.keep_selections_visible();
    }

    pub(super) fn jump(&mut self) {
        match self.focus {
            Pane::Warnings => {
                self.select_warning(self.warning);
                self.focus = Pane::Bytes;
                self.readings = None;
                self.dialects = false;
                // The table lost the warning's text above it: more rows.
                self.scroll_bytes_to_cursor();
                self.status = "jumped to the warning's bytes (▶ marks the cursor)".to_string();
            }
            Pane::Components => {
                self.focus = Pane::Bytes;
                self.readings = None;
                self.dialects = false;
            }
            Pane::Bytes => {}
        }
    }
}
