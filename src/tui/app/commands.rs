//! What a key does in a pane: quit, go back, move, zoom, copy, toggle a
//! view. The run loop performs what an [`Action`] asks for.

use super::{App, DetailKind, EditTarget, Editor, Gallery, Overlay, Pane};
use crate::tui::keys::Command;

/// Which view of the selected component the detail pane shows when it is
/// too narrow for all of them at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DetailView {
    Hex,
    Binary,
    Raw,
    Decoded,
}

impl DetailView {
    fn next(self) -> DetailView {
        match self {
            DetailView::Hex => DetailView::Binary,
            DetailView::Binary => DetailView::Raw,
            DetailView::Raw => DetailView::Decoded,
            DetailView::Decoded => DetailView::Hex,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            DetailView::Hex => "hex",
            DetailView::Binary => "binary",
            DetailView::Raw => "raw",
            DetailView::Decoded => "decoded",
        }
    }
}

/// What the run loop must do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    None,
    Quit,
    /// Ctrl-Z: hand the terminal back to the shell until `fg`.
    Suspend,
    /// Put this text on the clipboard; `what` names it in the status
    /// line, after `caution` when the copy leads elsewhere than the URL
    /// (the core's words: "normalized leads to good.com; a browser opens
    /// evil.com").
    Copy {
        what: &'static str,
        text: String,
        caution: Option<String>,
    },
    /// Write this HTML handout to a new file named after `host`.
    Handout {
        host: String,
        html: Vec<u8>,
    },
}

impl App {
    /// The host a handout is named after: the one the report says the URL
    /// leads to (the core's first destination, the host a browser opens),
    /// not the host an RFC 3986 parser reads (`http://evil.com\@good.com/`
    /// leads to evil.com).
    pub fn handout_host(&self) -> String {
        self.analysis
            .destinations
            .first()
            .and_then(|d| d.host.as_ref())
            .map_or_else(|| "url".to_string(), |h| h.canonical.clone())
    }

    pub(super) fn command(&mut self, command: Command) -> Action {
        let page = self.page_size();
        // While a changed URL is analysed (a big one, on the worker),
        // what is on screen is the last URL's: a copy or a component's
        // fix would take it, not the URL as changed.
        let reads_analysis = matches!(
            command,
            Command::CopyClean
                | Command::CopyNormalized
                | Command::CopyDefanged
                | Command::CopyDecoded
                | Command::EditComponent
                | Command::WriteHandout
        );
        if reads_analysis && self.is_stale() {
            self.status =
                "still analysing the changed URL: press it again once it is shown".to_string();
            return Action::None;
        }
        match command {
            Command::Quit => {
                if self.unsaved && !self.quit_armed && !self.prints_on_quit {
                    self.quit_armed = true;
                    self.status = "the edited URL has not been copied: c copies it, q again quits"
                        .to_string();
                    return Action::None;
                }
                self.running = false;
                return Action::Quit;
            }
            // Handled before any pane sees the key.
            Command::Interrupt | Command::Suspend => {}
            Command::Back => self.back(),
            Command::NextPane => self.focus_on(self.focus.step(true)),
            Command::PrevPane => self.focus_on(self.focus.step(false)),
            Command::Up => self.move_by(-1),
            Command::Down => self.move_by(1),
            Command::PageUp => self.move_by(-(page as isize)),
            Command::PageDown => self.move_by(page as isize),
            Command::Top => self.move_by(isize::MIN / 2),
            Command::Bottom => self.move_by(isize::MAX / 2),
            Command::Jump => self.jump(),
            Command::Open => {}
            Command::Zoom => {
                // While zoomed, the status line says so (view::hints).
                self.zoom = !self.zoom;
                self.keep_selections_visible();
            }
            Command::Edit => {
                // The URL as last changed, analysed or not yet.
                let buffer = self.wanted.clone();
                self.editor = Some(Editor {
                    cursor: buffer.len(),
                    original: buffer.clone(),
                    buffer,
                    target: EditTarget::Url,
                    given: self.as_given(),
                    place: self.place(),
                });
                self.status = "editing the URL".to_string();
            }
            Command::EditComponent => self.edit_component(),
            Command::Undo => match self.history.pop() {
                Some(previous) => {
                    self.reanalyze(previous);
                    self.unsaved = !self.history.is_empty();
                    self.status = match self.history.len() {
                        0 => "undone: the URL as it was given".to_string(),
                        n => format!("undone ({n} more to undo)"),
                    };
                }
                None => self.status = "nothing to undo".to_string(),
            },
            Command::SwitchView => {
                if self.all_views_shown() {
                    self.status = "all views are shown at this width".to_string();
                } else {
                    self.view = self.view.next();
                    self.status = format!("view: {}", self.view.label());
                }
            }
            // A URL pasted defanged copies live: the status says so (`D`
            // copies it defanged).
            Command::CopyClean => {
                self.unsaved = false;
                return Action::Copy {
                    what: match self.analysis.defanged {
                        Some(_) => "the live cleaned URL",
                        None => "the cleaned URL",
                    },
                    text: self.analysis.clean.clone(),
                    caution: None,
                };
            }
            Command::CopyNormalized => {
                self.unsaved = false;
                return Action::Copy {
                    what: match self.analysis.defanged {
                        Some(_) => "the live normal URL",
                        None => "the normalized URL",
                    },
                    text: self.analysis.normalized.clone(),
                    caution: self.normalized_elsewhere.clone(),
                };
            }
            Command::CopyDefanged => {
                // On a carried URL, that URL: the destination behind a
                // wrapper is what goes into a ticket.
                let shown = self.shown();
                let carried = match shown.value {
                    Some(n) => n.analysis.as_deref(),
                    None if shown.nested => Some(shown.analysis),
                    None => None,
                };
                if let Some(inner) = carried {
                    // A carried URL's analysis makes no clean copy.
                    let clean = urlscope_core::clean::clean(&inner.input, &inner.split);
                    return Action::Copy {
                        what: "the defanged inner URL",
                        text: urlscope_core::defang::defang(&clean),
                        caution: None,
                    };
                }
                self.unsaved = false;
                return Action::Copy {
                    what: "the defanged URL",
                    text: urlscope_core::defang::defang(&self.analysis.clean),
                    caution: None,
                };
            }
            Command::WriteHandout => {
                let mut html = Vec::new();
                if let Err(e) =
                    crate::html::write_lesson(&mut html, std::slice::from_ref(&self.analysis))
                {
                    self.status = format!("handout: {e}");
                    return Action::None;
                }
                return Action::Handout {
                    host: self.handout_host(),
                    html,
                };
            }
            Command::CopyDecoded => {
                let shown = self.shown();
                // Control characters stay escaped: pasting raw ESC bytes
                // into a terminal is what this tool protects against. So do
                // bytes that are not UTF-8, as the pane shows them (`\xE9`,
                // where a U+FFFD would lose the byte). The status says so,
                // since the text `\x1b` copies the same.
                let copy = |decoded: &[u8], what: &'static str, escaped_what: &'static str| {
                    let text = urlscope_core::text::escape_bytes(decoded);
                    Action::Copy {
                        what: if text.as_bytes() == decoded {
                            what
                        } else {
                            // Controls, or bytes that are not UTF-8,
                            // escaped as the pane shows them.
                            escaped_what
                        },
                        text,
                        caution: None,
                    }
                };
                if let Some(n) = shown.value {
                    return copy(n.text.as_bytes(), "the value decoded", "the value, escaped");
                }
                let Some(c) = shown.analysis.components.get(shown.component) else {
                    self.status = "no component to copy".to_string();
                    return Action::None;
                };
                return copy(
                    c.decoded(),
                    "the component decoded",
                    "the component, escaped",
                );
            }
            Command::TogglePretty => {
                self.pretty = match self.pretty {
                    Some(_) => None,
                    None => Some(urlscope_core::clean::pretty(&self.analysis.input)),
                };
                self.status = if self.pretty.is_some() {
                    "URL line: as an address bar shows it (p: as written)".to_string()
                } else {
                    "URL line: as written".to_string()
                };
            }
            Command::ToggleReadings => self.toggle_detail(DetailKind::Readings),
            Command::ToggleDialects => self.toggle_detail(DetailKind::Encoders),
            Command::ToggleLeads => self.toggle_detail(DetailKind::Leads),
            Command::ToggleCorrected => self.toggle_detail(DetailKind::Corrected),
            Command::Expand => self.expand_row(),
            Command::Collapse => self.collapse_row(),
            Command::ToggleRow => self.toggle_row(),
            Command::Gallery => self.overlay = Overlay::Gallery(Gallery::default()),
            Command::Help => self.overlay = self.overlay.help(),
        }
        Action::None
    }

    /// Esc: the innermost thing open closes; at the top it says how to quit.
    pub(super) fn back(&mut self) {
        if self.zoom {
            self.zoom = false;
            self.keep_selections_visible();
        } else if self.detail_view_open() {
            self.close_view();
        } else if self.highlight.is_some() && self.focus != Pane::Warnings {
            self.highlight = None;
        } else {
            self.status = "nothing to close: q quits".to_string();
        }
    }
}
