//! Editing: the whole URL as written (`e`), or one component's decoded
//! text, encoded for its place as it is typed (`E`, see [`fix`]).

use super::{Action, App, Pane};
use crate::tui::fix;
use crate::tui::keys::Command;
use crate::tui::tree::Row;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use urlscope_core::split::{ComponentKind, Span};

/// The URL being edited in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    pub buffer: Vec<u8>,
    /// Byte offset of the cursor, always on a character boundary.
    pub cursor: usize,
    /// The text before editing (the URL, or the component's decoded
    /// text).
    pub original: Vec<u8>,
    /// What is edited.
    pub target: EditTarget,
    /// The input the edit began from, as given (`App::as_given`: a URL
    /// pasted defanged as pasted), which undo and Esc go back to.
    pub given: Vec<u8>,
    /// Where the panes stood when the edit began, given back by Esc: the
    /// analyses of what was typed may have moved them (an empty buffer
    /// has no components).
    pub place: Place,
}

/// The selections, cursors and scrolls of the panes, and which has the
/// focus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    focus: Pane,
    selected: usize,
    carried: Option<Row>,
    component_scroll: usize,
    byte_cursor: usize,
    byte_scroll: usize,
    warning: usize,
    warning_scroll: usize,
}

impl App {
    /// Where the panes stand now.
    pub(super) fn place(&self) -> Place {
        Place {
            focus: self.focus,
            selected: self.selected,
            carried: self.carried.clone(),
            component_scroll: self.component_scroll,
            byte_cursor: self.byte_cursor,
            byte_scroll: self.byte_scroll,
            warning: self.warning,
            warning_scroll: self.warning_scroll,
        }
    }

    /// Put the panes back where they stood, as far as the analysis on
    /// screen still has what was selected.
    fn restore_place(&mut self, place: Place) {
        let Place {
            focus,
            selected,
            carried,
            component_scroll,
            byte_cursor,
            byte_scroll,
            warning,
            warning_scroll,
        } = place;
        self.focus = focus;
        self.selected = selected;
        self.carried = carried;
        self.component_scroll = component_scroll;
        self.byte_cursor = byte_cursor;
        self.byte_scroll = byte_scroll;
        self.warning = warning;
        self.warning_scroll = warning_scroll;
        self.after_new_analysis();
        // Selecting a carried row put the byte cursor at its start.
        if self.byte_cursor != byte_cursor && byte_cursor < self.selected_len() {
            (self.byte_cursor, self.byte_scroll) = (byte_cursor, byte_scroll);
            self.keep_selections_visible();
        }
    }
}

/// What the editor edits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditTarget {
    /// The whole URL, as written.
    Url,
    /// One component's decoded text, encoded for its place on every key.
    Component {
        index: usize,
        kind: ComponentKind,
        span: Span,
        /// The URL the component is in, restored by Esc.
        url: Vec<u8>,
        /// The URL writes a space in its query as `+`.
        space_plus: bool,
    },
}

impl Editor {
    /// The URL the edit stands for: the buffer, or the URL with the
    /// component's new text encoded in place.
    pub fn url(&self) -> Vec<u8> {
        match &self.target {
            EditTarget::Url => self.buffer.clone(),
            EditTarget::Component {
                kind,
                span,
                url,
                space_plus,
                ..
            } => {
                let encoded = fix::encode_for(*kind, &self.buffer, *space_plus);
                let mut out = Vec::with_capacity(url.len() + encoded.len());
                out.extend_from_slice(url.get(..span.start).unwrap_or_default());
                out.extend_from_slice(encoded.as_bytes());
                out.extend_from_slice(url.get(span.end..).unwrap_or_default());
                out
            }
        }
    }

    /// The URL before the edit.
    pub fn url_before(&self) -> &[u8] {
        match &self.target {
            EditTarget::Url => &self.original,
            EditTarget::Component { url, .. } => url,
        }
    }
}

impl Editor {
    /// The start of the character before `at` (invalid bytes count as one).
    fn prev_boundary(&self, at: usize) -> usize {
        let mut i = at.saturating_sub(1);
        // Step back over continuation bytes of a valid character.
        let mut back = 0;
        while i > 0 && back < 3 && self.buffer.get(i).is_some_and(|b| (0x80..0xC0).contains(b)) {
            i -= 1;
            back += 1;
        }
        if self.char_len(i) == at - i {
            i
        } else {
            at.saturating_sub(1)
        }
    }

    /// The length of the character starting at `at` (1 for invalid bytes).
    fn char_len(&self, at: usize) -> usize {
        let rest = self.buffer.get(at..).unwrap_or_default();
        let take = rest.len().min(4);
        match rest.get(..take).map(|r| r.utf8_chunks().next()) {
            Some(Some(chunk)) => chunk.valid().chars().next().map_or(1, char::len_utf8),
            _ => 1,
        }
    }

    fn insert(&mut self, bytes: &[u8]) {
        let at = self.cursor.min(self.buffer.len());
        self.buffer.splice(at..at, bytes.iter().copied());
        self.cursor = at + bytes.len();
    }

    /// Apply an editing key; returns whether the buffer changed.
    fn key(&mut self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Left => self.cursor = self.prev_boundary(self.cursor),
            KeyCode::Right if self.cursor < self.buffer.len() => {
                self.cursor += self.char_len(self.cursor)
            }
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.buffer.len(),
            KeyCode::Char('a') if ctrl => self.cursor = 0,
            KeyCode::Char('e') if ctrl => self.cursor = self.buffer.len(),
            KeyCode::Char('u') if ctrl => {
                self.buffer.clear();
                self.cursor = 0;
                return true;
            }
            KeyCode::Backspace if self.cursor > 0 => {
                let from = self.prev_boundary(self.cursor);
                self.buffer.drain(from..self.cursor);
                self.cursor = from;
                return true;
            }
            KeyCode::Delete if self.cursor < self.buffer.len() => {
                let len = self.char_len(self.cursor);
                self.buffer.drain(self.cursor..self.cursor + len);
                return true;
            }
            KeyCode::Char(c) if !ctrl => {
                let mut buf = [0u8; 4];
                self.insert(c.encode_utf8(&mut buf).as_bytes());
                return true;
            }
            KeyCode::Tab => {
                self.insert(b"\t");
                return true;
            }
            _ => {}
        }
        false
    }
}

impl App {
    /// `E`: edit the selected component's decoded text.
    pub(super) fn edit_component(&mut self) {
        if self.carried.is_some() {
            self.status = format!(
                "E fixes the URL's own component [{}] (← goes back to it)",
                self.selected
            );
            return;
        }
        let a = &self.analysis;
        let Some(c) = a.components.get(self.selected) else {
            self.status = "no component to fix: e edits the URL".to_string();
            return;
        };
        if !fix::can_fix(c.kind) {
            self.status = format!("the {} is edited with the URL: e", c.kind.label());
            return;
        }
        let space_plus = fix::query_uses_plus(
            &a.input,
            a.components
                .iter()
                .map(|c| (c.kind, c.span.start..c.span.end)),
        );
        let text = c.decoded().to_vec();
        // The pane's title says Enter and Esc; the bar keeps room for
        // their keys.
        self.status = format!("fixing [{}] {}", self.selected, c.kind.label());
        let place = self.place();
        self.editor = Some(Editor {
            cursor: text.len(),
            original: text.clone(),
            buffer: text,
            target: EditTarget::Component {
                index: self.selected,
                kind: c.kind,
                span: c.span,
                url: a.input.clone(),
                space_plus,
            },
            given: self.as_given(),
            place,
        });
    }

    /// Leave the editor, the URL as it was before the edit.
    pub(super) fn cancel_edit(&mut self) {
        let Some(editor) = self.editor.take() else {
            return;
        };
        let original = editor.url_before().to_vec();
        if original == self.analysis.input {
            // The analysis on screen is already the original's.
            self.wanted = original;
            self.pending = None;
        } else {
            self.reanalyze(editor.given);
        }
        self.restore_place(editor.place);
    }

    pub(super) fn editor_key(&mut self, key: KeyEvent) -> Action {
        let Some(editor) = self.editor.as_mut() else {
            return Action::None;
        };
        match key.code {
            KeyCode::Enter => {
                let url = editor.url();
                let before = editor.url_before().to_vec();
                let given = std::mem::take(&mut editor.given);
                let fixed = match editor.target {
                    EditTarget::Component { index, .. } => Some(index),
                    EditTarget::Url => None,
                };
                self.editor = None;
                if url != before {
                    self.history.push(given);
                    self.unsaved = true;
                    self.status = match fixed {
                        Some(i) => format!("[{i}] fixed; c copies the URL, u undoes"),
                        None => "edit applied; c copies the URL, u undoes".to_string(),
                    };
                } else {
                    self.status = "nothing changed".to_string();
                }
                // Typing analysed the URL already, unless nothing was
                // typed and the component is only written again, its
                // bytes escaped (`a b` as `a%20b`).
                if url == self.analysis.input {
                    self.wanted = url;
                    self.after_new_analysis();
                } else if url != self.wanted {
                    self.reanalyze(url);
                }
                if let Some(i) = fixed {
                    self.select_component(i.min(self.analysis.components.len().saturating_sub(1)));
                }
            }
            KeyCode::Esc => {
                self.cancel_edit();
                self.status = "edit cancelled".to_string();
            }
            _ => {
                if editor.key(&key) {
                    let url = editor.url();
                    self.reanalyze(url);
                }
            }
        }
        Action::None
    }

    /// Insert pasted text (bracketed paste) into the editor, or start
    /// editing the URL with it.
    pub fn handle_paste(&mut self, text: &str) {
        if self.editor.is_none() {
            self.command(Command::Edit);
            if let Some(e) = self.editor.as_mut() {
                e.buffer.clear();
                e.cursor = 0;
            }
        }
        if let Some(editor) = self.editor.as_mut() {
            editor.insert(text.as_bytes());
            let url = editor.url();
            self.reanalyze(url);
        }
    }
}
