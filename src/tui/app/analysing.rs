//! A new analysis: at once for small inputs, on the run loop's worker
//! thread for big ones (the screen shows the old one, marked stale, until
//! the new one lands), and the selections kept valid after it.

use super::{App, Detail, Pane};
use crate::tui::tree::Tree;
use urlscope_core::analysis::{analyze, Analysis};

impl App {
    /// Whether the analysis on screen is of another input than the one
    /// wanted (a background analysis is running).
    pub fn is_stale(&self) -> bool {
        self.wanted != self.analysis.input
    }

    /// Take a finished background analysis, unless a newer input is
    /// already wanted.
    pub fn apply_analysis(&mut self, analysis: Analysis) {
        // A URL pasted defanged is analysed as the URL it stands for.
        let of_wanted = analysis.input == self.wanted
            || analysis
                .defanged
                .as_ref()
                .is_some_and(|d| d.pasted == self.wanted);
        if of_wanted {
            self.wanted.clone_from(&analysis.input);
            self.adopt(analysis);
            if self.status.starts_with("analysing") {
                self.status.clear();
            }
            self.after_new_analysis();
        }
    }

    pub(super) fn reanalyze(&mut self, input: Vec<u8>) {
        self.wanted.clone_from(&input);
        if input.len() >= self.background_from {
            // Big input: keep the UI responsive, show the old analysis
            // marked stale until the new one arrives.
            self.status = format!("analysing {} bytes…", input.len());
            self.pending = Some(input);
            return;
        }
        self.adopt(analyze(&input, &self.options));
        // What is wanted is what was analysed: the URL a defanged text
        // stands for.
        self.wanted.clone_from(&self.analysis.input);
        self.after_new_analysis();
    }

    /// The input as given for the analysis on screen, to go back to
    /// (`u`): a URL pasted defanged as pasted, so that its warning and
    /// its defanged copy come back with it.
    pub(super) fn as_given(&self) -> Vec<u8> {
        match &self.analysis.defanged {
            Some(d) if !self.is_stale() => d.pasted.clone(),
            _ => self.wanted.clone(),
        }
    }

    /// Show `analysis`: the tree of what it carries starts from its
    /// defaults, and a target of `--base` keeps its resolution's warning.
    fn adopt(&mut self, analysis: Analysis) {
        self.normalized_elsewhere = urlscope_core::describe::normalized_elsewhere_brief(&analysis);
        self.analysis = analysis;
        self.with_resolution_warning();
        self.tree = Tree::build(&self.analysis, Default::default());
    }

    /// The `parser-differential` warning of a `--base` target that a
    /// WHATWG parser resolves elsewhere, in its place among the warnings
    /// (which are in input order), while the target is what is analysed.
    pub(super) fn with_resolution_warning(&mut self) {
        let Some(b) = &self.based else { return };
        if self.analysis.input != b.resolution.target {
            return;
        }
        if let Some(w) = b.resolution.differential_warning(&b.reference) {
            let at = self.analysis.warnings.partition_point(|x| {
                (x.span.start, std::cmp::Reverse(x.severity))
                    <= (w.span.start, std::cmp::Reverse(w.severity))
            });
            self.analysis.warnings.insert(at, w);
        }
    }

    /// Another URL altogether (an example from the gallery): the
    /// selections, scrolls and focus are those it opens with, not the
    /// last URL's, so the warning shown and the component selected agree.
    pub(super) fn start_afresh(&mut self) {
        self.focus = Pane::Components;
        self.detail = Detail::Bytes;
        self.component_scroll = 0;
        self.warning_scroll = 0;
        self.warning = self.worst_warning();
        let first = self.initial_selection();
        self.select_component(first);
        self.keep_selections_visible();
    }

    pub(super) fn after_new_analysis(&mut self) {
        if let Detail::Readings { readings, .. } = &mut self.detail {
            *readings = self.analysis.readings();
        }
        if self.pretty.is_some() {
            self.pretty = Some(urlscope_core::clean::pretty(&self.analysis.input));
        }
        let n = self.analysis.components.len();
        if self.selected >= n {
            self.selected = n.saturating_sub(1);
        }
        self.keep_carried_valid();
        self.byte_cursor = self.byte_cursor.min(self.selected_len().saturating_sub(1));
        self.warning = self
            .warning
            .min(self.analysis.warnings.len().saturating_sub(1));
        self.highlight = None;
        let carried = self.carried.take();
        self.select_component(self.selected);
        if let Some(row) = carried {
            self.carried = Some(row);
            self.keep_component_row_visible();
        }
        // The warning list's text above the bytes is the selected
        // warning's: its component is the one shown.
        if self.focus == Pane::Warnings && !self.analysis.warnings.is_empty() {
            self.select_warning(self.warning);
        }
        self.keep_selections_visible();
    }
}
