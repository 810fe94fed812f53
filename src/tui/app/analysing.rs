//! A new analysis: at once for small inputs, on the run loop's worker
//! thread for big ones (the screen shows the old one, marked stale, until
//! the new one lands), and the selections kept valid after it.

use super::App;
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
        if analysis.input == self.wanted {
            self.analysis = analysis;
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
        self.analysis = analyze(&input, &self.options);
        self.after_new_analysis();
    }

    pub(super) fn after_new_analysis(&mut self) {
        if self.readings.is_some() {
            self.readings = Some(self.analysis.readings());
        }
        if self.pretty.is_some() {
            self.pretty = Some(urlscope_core::clean::pretty(&self.analysis.input));
        }
        let n = self.analysis.components.len();
        if self.selected >= n {
            self.selected = n.saturating_sub(1);
        }
        self.byte_cursor = self.byte_cursor.min(self.selected_len().saturating_sub(1));
        self.warning = self
            .warning
            .min(self.analysis.warnings.len().saturating_sub(1));
        self.highlight = None;
        self.select_component(self.selected);
        self.scroll_bytes_to_cursor();
    }
}
