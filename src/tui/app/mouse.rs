//! The mouse: a click selects a component or warning, the wheel scrolls.

use super::{App, Pane};
use crate::tui::keys::Command;
use crate::tui::layout::list_height;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;

impl App {
    /// Handle a mouse event: a click selects, the wheel scrolls. Overlays
    /// and the editor take no clicks; the wheel scrolls the help.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if self.editor.is_some() || self.overlay.gallery().is_some() {
            return;
        }
        if self.overlay.is_help() {
            match ev.kind {
                MouseEventKind::ScrollDown => self.help_key(Command::Down),
                MouseEventKind::ScrollUp => self.help_key(Command::Up),
                _ => {}
            }
            return;
        }
        let Some(areas) = self.areas() else {
            return;
        };
        let at = Position::new(ev.column, ev.row);
        let pane = if areas.components.contains(at) {
            Some(Pane::Components)
        } else if areas.detail.contains(at) {
            Some(Pane::Bytes)
        } else if areas.warnings.contains(at) {
            Some(Pane::Warnings)
        } else {
            None
        };
        let Some(pane) = pane else { return };
        match ev.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                // As the focus keys give it: the warning list shows its
                // warning's bytes even where the click is on no row (a
                // border).
                self.focus_on(pane);
                match pane {
                    Pane::Components => {
                        let row = usize::from(ev.row.saturating_sub(areas.components.y + 1));
                        let i = self.component_scroll + row;
                        if row < list_height(areas.components) && i < self.component_rows() {
                            self.select_row(i);
                        }
                    }
                    Pane::Warnings => {
                        let row = usize::from(ev.row.saturating_sub(areas.warnings.y + 1));
                        let i = self.warning_scroll + row;
                        if row < list_height(areas.warnings) && i < self.analysis.warnings.len() {
                            self.select_warning(i);
                        }
                    }
                    Pane::Bytes => {}
                }
            }
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp => {
                self.focus = pane;
                let delta = if ev.kind == MouseEventKind::ScrollDown {
                    3
                } else {
                    -3
                };
                self.move_by(delta);
            }
            _ => {}
        }
    }
}
