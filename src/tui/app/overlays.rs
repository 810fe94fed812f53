//! The overlays' keys: the help scrolls and closes, the gallery chooses,
//! scrolls and opens an example.

use super::{App, Gallery, Overlay};
use crate::tui::keys::Command;
use crate::tui::layout;

impl App {
    /// The last useful first line of the help.
    pub fn help_max_scroll(&self) -> usize {
        let (r, lines) = layout::help_area(self.size, self.context_under_help(), self.overlay_zoom);
        lines
            .len()
            .saturating_sub(usize::from(r.height.saturating_sub(2)))
    }

    pub(super) fn help_key(&mut self, command: Command) {
        let max = self.help_max_scroll();
        let page = usize::from(self.size.height.saturating_sub(4)).max(1);
        let scroll = |by: isize, at: usize| (at as isize + by).clamp(0, max as isize) as usize;
        let Overlay::Help { scroll: at, over } = self.overlay else {
            return;
        };
        let at = match command {
            Command::Back | Command::Help => {
                self.overlay = self.overlay.without_help();
                return;
            }
            Command::Zoom => {
                self.overlay_zoom = !self.overlay_zoom;
                at.min(self.help_max_scroll())
            }
            Command::Up => scroll(-1, at),
            Command::Down => scroll(1, at),
            Command::PageUp => scroll(-(page as isize), at),
            Command::PageDown => scroll(page as isize, at),
            Command::Top => 0,
            Command::Bottom => max,
            _ => at,
        };
        self.overlay = Overlay::Help { scroll: at, over };
    }

    /// Keys while the gallery is open: choose, scroll the text, open,
    /// close.
    pub(super) fn gallery_key(&mut self, command: Command, i: usize) {
        let scroll = self.overlay.gallery().map_or(0, |g| g.scroll);
        let show = |selected: usize, scroll: usize| Overlay::Gallery(Gallery { selected, scroll });
        let examples = crate::gallery::all();
        let n = examples.len();
        let (_, _, text) = layout::gallery_areas(self.size, self.overlay_zoom);
        let page = usize::from(text.height.saturating_sub(2)).max(1);
        let max = examples.get(i).map_or(0, |e| {
            layout::gallery_text(e, usize::from(text.width.saturating_sub(2)))
                .len()
                .saturating_sub(page)
        });
        match command {
            Command::Up => self.overlay = show(i.saturating_sub(1), 0),
            Command::Down => self.overlay = show((i + 1).min(n.saturating_sub(1)), 0),
            Command::PageUp => self.overlay = show(i, scroll.saturating_sub(page)),
            Command::PageDown => self.overlay = show(i, (scroll + page).min(max)),
            Command::Zoom => self.overlay_zoom = !self.overlay_zoom,
            Command::Help => self.overlay = self.overlay.help(),
            Command::Open => {
                self.overlay = Overlay::None;
                if let Some(e) = examples.get(i) {
                    self.editor = None;
                    self.status = format!("example: {}", e.description);
                    if self.analysis.input != e.url.as_bytes() {
                        self.history.push(self.as_given());
                    }
                    self.reanalyze(e.url.as_bytes().to_vec());
                    self.start_afresh();
                }
            }
            Command::Back => self.overlay = Overlay::None,
            _ => {}
        }
    }
}
