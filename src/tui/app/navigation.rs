//! Selections and scrolling: which component, byte and warning are
//! selected, which rows show, where the focus is.

use super::{App, Detail, DetailKind, DetailView, Overlay, Pane};
use crate::tui::detail_lines;
use crate::tui::keys::Command;
use crate::tui::layout::{self, clamp_scroll, keep_visible, list_height, DetailFit};
use crate::tui::theme::Theme;
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
            // Help read to its end stays at its end, however the new width
            // wraps it.
            let help_at_end = matches!(self.overlay,
                Overlay::Help { scroll, .. } if scroll > 0 && scroll >= self.help_max_scroll());
            self.size = size;
            self.keep_selections_visible();
            if let (true, Overlay::Help { over, .. }) = (help_at_end, self.overlay) {
                self.overlay = Overlay::Help {
                    scroll: self.help_max_scroll(),
                    over,
                };
            }
        }
    }

    pub(super) fn keep_selections_visible(&mut self) {
        if let Some(areas) = self.areas() {
            self.component_scroll = self.component_scroll_in(list_height(areas.components));
            self.warning_scroll = clamp_scroll(
                self.warning_scroll,
                self.warning,
                list_height(areas.warnings),
                self.analysis.warnings.len(),
            );
        }
        self.scroll_bytes_to_cursor();
        if let Overlay::Help { scroll, over } = self.overlay {
            let scroll = scroll.min(self.help_max_scroll());
            self.overlay = Overlay::Help { scroll, over };
        }
    }

    /// How the detail pane's rows are shared out in the last frame's size.
    pub fn detail_fit(&self) -> Option<DetailFit> {
        let shown = self.shown();
        let warning = self
            .shown_warning()
            .and_then(|i| self.analysis.warnings.get(i));
        self.areas().map(|a| {
            DetailFit::compute(
                a.detail,
                shown.analysis,
                shown.component,
                warning,
                self.zoomed_pane() == Some(Pane::Bytes),
                shown.value,
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

    /// Whether `command` would do something now, so the hint bar offers
    /// it: a key that would only answer that it has nothing to do (`u`
    /// before any edit, `→` where nothing is carried, `E` or Enter with no
    /// component, `E` on the scheme, the port or a carried row) is not
    /// offered.
    pub fn offers(&self, command: Command) -> bool {
        let a = &self.analysis;
        match command {
            Command::SwitchView => !self.all_views_shown(),
            Command::Undo => !self.history.is_empty(),
            Command::Expand => !a.nested.is_empty(),
            // `E` fixes the URL's own component, of a kind that has a
            // value to fix (the scheme and the port are edited with the URL).
            Command::EditComponent => {
                self.carried.is_none()
                    && a.components
                        .get(self.selected)
                        .is_some_and(|c| crate::tui::fix::can_fix(c.kind))
            }
            Command::CopyDecoded => !a.components.is_empty(),
            Command::Jump if self.focus == Pane::Warnings => !a.warnings.is_empty(),
            Command::Jump => !a.components.is_empty(),
            _ => true,
        }
    }

    pub(super) fn page_size(&self) -> usize {
        let Some(areas) = self.areas() else {
            return 10;
        };
        match self.focus {
            Pane::Components => list_height(areas.components),
            Pane::Bytes if self.detail_view_open() => list_height(areas.detail),
            Pane::Bytes => self.byte_rows_visible(),
            Pane::Warnings => list_height(areas.warnings),
        }
    }

    /// The detail pane shows the readings, the encoders or the
    /// destinations instead of the bytes.
    pub fn detail_view_open(&self) -> bool {
        self.detail.kind().is_some()
    }

    /// Back to the bytes from the readings, encoders or destinations.
    pub(super) fn close_detail_views(&mut self) {
        self.detail = Detail::Bytes;
        self.focus_before_view = None;
    }

    /// Close the view open in the detail pane, the focus back on the pane
    /// it was taken from (when it is still on the detail pane).
    pub(super) fn close_view(&mut self) {
        let before = self.focus_before_view.take();
        self.close_detail_views();
        if let (Some(pane), Pane::Bytes) = (before, self.focus) {
            self.focus_on(pane);
        }
    }

    /// Open the view `kind` in the detail pane, with the focus (so ↑↓
    /// scroll it), or back to the bytes when it is open already.
    pub(super) fn toggle_detail(&mut self, kind: DetailKind) {
        if self.detail.kind() == Some(kind) {
            self.close_view();
            return;
        }
        if kind == DetailKind::Encoders && self.shown().analysis.components.is_empty() {
            self.status = "no component to encode: e edits the URL".to_string();
            return;
        }
        if self.detail.kind().is_none() {
            self.focus_before_view = Some(self.focus);
        }
        self.detail = match kind {
            DetailKind::Readings => Detail::Readings {
                readings: self.analysis.readings(),
                scroll: 0,
            },
            DetailKind::Encoders => Detail::Encoders { scroll: 0 },
            DetailKind::Leads => Detail::Leads { scroll: 0 },
            DetailKind::Corrected => Detail::Corrected { scroll: 0 },
        };
        self.focus = Pane::Bytes;
    }

    /// The lines of the corrected URLs' view (`C`), `width` columns wide.
    pub fn corrected_lines(&self, theme: Theme, width: usize) -> Vec<ratatui::text::Line<'static>> {
        detail_lines::corrected(
            &self.analysis,
            self.normalized_elsewhere.as_deref(),
            theme,
            width,
        )
    }

    /// Lines of the readings, encoders or destinations that do not fit,
    /// the most the pane can scroll.
    pub(super) fn detail_max_scroll(&self) -> usize {
        let detail = self.areas().map(|a| a.detail).unwrap_or_default();
        let width = usize::from(detail.width.saturating_sub(2));
        // The very lines the view draws (their style does not count).
        let theme = Theme { color: false };
        let lines = match &self.detail {
            Detail::Readings { readings, .. } => {
                detail_lines::readings(&self.analysis, readings.as_ref(), theme, width).len()
            }
            Detail::Leads { .. } => detail_lines::leads(&self.analysis, theme, width).len(),
            Detail::Corrected { .. } => self.corrected_lines(theme, width).len(),
            Detail::Encoders { .. } => {
                let shown = self.shown();
                let decoded = shown
                    .analysis
                    .components
                    .get(shown.component)
                    .map_or(&[][..], |c| c.decoded());
                detail_lines::encoders(decoded, theme, width).len()
            }
            Detail::Bytes => 0,
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
                let n = self.component_rows();
                self.select_row(step(self.component_row(), n));
            }
            Pane::Bytes if self.detail_view_open() => {
                let max = self.detail_max_scroll();
                if let Some(scroll) = self.detail.scroll_mut() {
                    *scroll = step(*scroll, max + 1);
                }
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
        self.shown().table_bytes().len()
    }

    /// Select component `i` of the URL; the byte table starts at its top.
    pub fn select_component(&mut self, i: usize) {
        if i != self.selected || self.carried.is_some() {
            self.byte_cursor = 0;
            self.byte_scroll = 0;
        }
        self.selected = i;
        self.carried = None;
        self.highlight = None;
        self.keep_component_row_visible();
    }

    /// Scroll the component list so the row selected shows.
    pub(super) fn keep_component_row_visible(&mut self) {
        let height = self.areas().map_or(10, |a| list_height(a.components));
        self.component_scroll = self.component_scroll_in(height);
    }

    /// Where the component list, `height` rows high, scrolls to show the
    /// row selected and the first rows open under it (a carried URL's
    /// own row, scheme and host), as far as the list holds them: the
    /// carried URL the inspector opens under a value stays in view with
    /// it (at 80x24 a last value's tree was scrolled off), and the rows
    /// above it stay where they were when those already show.
    fn component_scroll_in(&self, height: usize) -> usize {
        const FIRST_ROWS_UNDER: usize = 3;
        let (row, total) = (self.component_row(), self.component_rows());
        let under = match self.carried {
            None => self.tree.rows_under(self.selected).len(),
            Some(_) => 0,
        };
        let last = row + under.min(FIRST_ROWS_UNDER).min(height.saturating_sub(1));
        let scroll = clamp_scroll(self.component_scroll, last, height, total);
        clamp_scroll(scroll, row, height, total)
    }

    /// Select warning `i`: select its component and highlight its bytes.
    pub fn select_warning(&mut self, i: usize) {
        self.warning = i;
        let height = self.areas().map_or(4, |a| list_height(a.warnings));
        self.warning_scroll =
            clamp_scroll(self.warning_scroll, i, height, self.analysis.warnings.len());
        let Some(w) = self.analysis.warnings.get(i) else {
            return;
        };
        // A warning lifted from a carried value is about no component of
        // the URL: the one holding the bytes that encode it is selected.
        let component = w
            .component
            .or_else(|| self.analysis.component_at(w.span.start));
        if let Some(c) = component {
            self.select_component(c);
        }
        self.highlight = Some(i);
        self.cursor_to_highlight();
    }

    /// Move the byte cursor to the first byte the highlighted warning (or
    /// the carried value selected) covers.
    pub(super) fn cursor_to_highlight(&mut self) {
        let Some(first) = self.shown_highlight().first().copied() else {
            return;
        };
        let shown = self.shown();
        // A payload's own table, and a value's across components, start
        // at its first byte.
        if shown.digit_table().is_some() || shown.span_table().is_some() {
            return;
        }
        let row = shown
            .analysis
            .byte_rows_from(shown.component, 0)
            .find(|r| r.span.overlaps(first));
        if let Some(row) = row {
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
            Pane::Warnings if self.analysis.warnings.is_empty() => {
                self.status = "no warning to jump to".to_string();
            }
            Pane::Warnings => {
                self.select_warning(self.warning);
                self.focus = Pane::Bytes;
                self.close_detail_views();
                // The table lost the warning's text above it: more rows.
                self.scroll_bytes_to_cursor();
                // The raw and decoded views show the text around the
                // bytes, with no table to mark the cursor in.
                let text_only = !self.all_views_shown()
                    && matches!(self.view, DetailView::Raw | DetailView::Decoded);
                self.status = if text_only {
                    "jumped to the warning's bytes (the hex or binary view, v, marks them)"
                        .to_string()
                } else {
                    "jumped to the warning's bytes (▶ marks the cursor)".to_string()
                };
            }
            Pane::Components => {
                self.focus = Pane::Bytes;
                self.close_detail_views();
            }
            Pane::Bytes => {}
        }
    }
}
