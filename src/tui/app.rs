//! The inspector's state and how keys change it. Plain data, no I/O: the
//! run loop performs what an [`Action`] asks for (copying), so tests drive
//! the app with key events and look at the state and the screen.

use super::fix;
use super::keys::{key_match, Command, Context};
use super::layout::{self, keep_visible, list_height, Areas, DetailFit, MIN_HEIGHT, MIN_WIDTH};
use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};
use urlscope_core::analysis::{analyze, Analysis, Options};
use urlscope_core::split::{ComponentKind, Span};

pub use super::layout::Pane;

impl Pane {
    const ORDER: [Pane; 3] = [Pane::Components, Pane::Bytes, Pane::Warnings];

    fn step(self, forward: bool) -> Pane {
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
    /// Put this text on the clipboard; `what` names it in the status line.
    Copy {
        what: &'static str,
        text: String,
    },
}

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

/// The inspector.
#[derive(Debug)]
pub struct App {
    pub analysis: Analysis,
    pub options: Options,
    pub focus: Pane,
    /// Selected component.
    pub selected: usize,
    /// First component row shown.
    pub component_scroll: usize,
    /// Cursor and first row of the byte table.
    pub byte_cursor: usize,
    pub byte_scroll: usize,
    /// Selected warning and the first warning row shown.
    pub warning: usize,
    pub warning_scroll: usize,
    /// The warning whose bytes are highlighted everywhere.
    pub highlight: Option<usize>,
    pub view: DetailView,
    pub editor: Option<Editor>,
    /// The help overlay is open.
    pub help: bool,
    /// First line of the help shown.
    pub help_scroll: usize,
    /// The focused pane (or the overlay on top) has the whole screen.
    pub zoom: bool,
    pub status: String,
    pub running: bool,
    /// The user quit with Ctrl-C.
    pub interrupted: bool,
    /// Colours on (off for `NO_COLOR` and `--color never`).
    pub color: bool,
    /// The terminal size the last frame was laid out for.
    pub size: Rect,
    /// Analyse inputs of at least this many bytes off the UI thread (the
    /// run loop sets it; tests leave it at `usize::MAX`, synchronous).
    pub background_from: usize,
    /// An input waiting for the background analysis; the run loop takes it.
    pub pending: Option<Vec<u8>>,
    /// The input the app wants analysed (the edit buffer, or what Enter or
    /// Esc left); differs from `analysis.input` while an analysis runs.
    pub wanted: Vec<u8>,
    /// The URL line shows the pretty form (what an address bar shows).
    pub pretty: Option<String>,
    /// The detail pane shows the two parsers' readings (computed once per
    /// analysis): `Some(None)` when there is no WHATWG reading.
    pub readings: Option<Option<urlscope_core::analysis::Readings>>,
    /// The gallery overlay is open on this example.
    pub gallery: Option<usize>,
    /// First line of the gallery's explanation shown.
    pub gallery_scroll: usize,
    /// The detail pane shows the selected component encoded by every
    /// dialect.
    pub dialects: bool,
    /// First line of the readings or encoders shown.
    pub detail_scroll: usize,
    /// The URLs before each applied edit, for `u`.
    pub history: Vec<Vec<u8>>,
    /// An edit was applied and the result not copied since.
    pub unsaved: bool,
    /// `q` was pressed once with an unsaved edit.
    pub quit_armed: bool,
    /// The result leaves through standard output (`--print`), so quitting
    /// after an edit loses nothing.
    pub prints_on_quit: bool,
}

impl App {
    pub fn new(input: Vec<u8>, options: Options, color: bool) -> App {
        let analysis = analyze(&input, &options);
        let mut app = App {
            analysis,
            options,
            focus: Pane::Components,
            selected: 0,
            component_scroll: 0,
            byte_cursor: 0,
            byte_scroll: 0,
            warning: 0,
            warning_scroll: 0,
            highlight: None,
            view: DetailView::Hex,
            editor: None,
            help: false,
            help_scroll: 0,
            zoom: false,
            status: String::new(),
            running: true,
            interrupted: false,
            color,
            size: Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT),
            background_from: usize::MAX,
            pending: None,
            wanted: Vec::new(),
            pretty: None,
            readings: None,
            gallery: None,
            gallery_scroll: 0,
            dialects: false,
            detail_scroll: 0,
            history: Vec::new(),
            unsaved: false,
            quit_armed: false,
            prints_on_quit: false,
        };
        app.wanted = app.analysis.input.clone();
        let first = app.initial_selection();
        app.select_component(first);
        app
    }

    /// The first component with a warning, else the first path segment,
    /// else the host, else the first component.
    fn initial_selection(&self) -> usize {
        let a = &self.analysis;
        let first_warned = a.warnings.iter().filter_map(|w| w.component).min();
        first_warned
            .or_else(|| {
                a.components
                    .iter()
                    .position(|c| c.kind == ComponentKind::PathSegment)
            })
            .or_else(|| {
                a.components
                    .iter()
                    .position(|c| c.kind == ComponentKind::Host)
            })
            .unwrap_or(0)
    }

    /// The text the URL line shows: the edit buffer while editing, else
    /// the input.
    pub fn input(&self) -> &[u8] {
        match &self.editor {
            Some(e) => &e.buffer,
            None => &self.wanted,
        }
    }

    /// The URL as it stands (with an edit in progress applied), for the
    /// crash report.
    pub fn url_now(&self) -> std::borrow::Cow<'_, [u8]> {
        match &self.editor {
            Some(e) if e.target != EditTarget::Url => std::borrow::Cow::Owned(e.url()),
            _ => std::borrow::Cow::Borrowed(self.input()),
        }
    }

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

    /// The spans of the highlighted warning.
    pub fn highlighted_spans(&self) -> &[Span] {
        self.highlight
            .and_then(|i| self.analysis.warnings.get(i))
            .map_or(&[], |w| w.spans.as_slice())
    }

    /// The pane that has the whole body, when one is zoomed (an overlay on
    /// top takes the zoom instead).
    pub fn zoomed_pane(&self) -> Option<Pane> {
        let overlay = self.help || self.gallery.is_some();
        (self.zoom && !overlay).then_some(self.focus)
    }

    /// Where the panes are in the last frame's size.
    pub fn areas(&self) -> Option<Areas> {
        Areas::compute(self.size, self.analysis.warnings.len(), self.zoomed_pane())
    }

    /// A new terminal size: the selections stay in view.
    pub fn set_size(&mut self, size: Rect) {
        if size != self.size {
            self.size = size;
            self.keep_selections_visible();
        }
    }

    fn keep_selections_visible(&mut self) {
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

    /// Where the focus is, for the key table and the hint bar.
    pub fn context(&self) -> Context {
        if self.editor.is_some() {
            Context::Editor
        } else if self.help {
            Context::Help
        } else {
            self.context_under_help()
        }
    }

    /// The context the help describes first: what is under it.
    pub fn context_under_help(&self) -> Context {
        if self.gallery.is_some() {
            return Context::Gallery;
        }
        match self.focus {
            Pane::Components => Context::Components,
            Pane::Warnings => Context::Warnings,
            Pane::Bytes if self.readings.is_some() => Context::Readings,
            Pane::Bytes if self.dialects => Context::Dialects,
            Pane::Bytes => Context::Bytes,
        }
    }

    /// The warning whose full text the detail pane shows: the selected
    /// one, while the warning list has the focus.
    pub fn shown_warning(&self) -> Option<usize> {
        (self.focus == Pane::Warnings && self.editor.is_none()).then_some(self.warning)
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

    /// Handle one key press.
    pub fn handle_key(&mut self, key: KeyEvent) -> Action {
        if key.kind != KeyEventKind::Press {
            return Action::None;
        }
        let command = key_match(self.context(), &key);
        match command {
            Some(Command::Interrupt) => {
                self.running = false;
                self.interrupted = true;
                return Action::Quit;
            }
            Some(Command::Suspend) => return Action::Suspend,
            _ => {}
        }
        if self.editor.is_some() {
            return self.editor_key(key);
        }
        let Some(command) = command else {
            return Action::None;
        };
        if command != Command::Quit {
            self.quit_armed = false;
        }
        if self.help {
            self.help_key(command);
            return Action::None;
        }
        if let Some(i) = self.gallery {
            self.gallery_key(command, i);
            return Action::None;
        }
        self.status.clear();
        self.command(command)
    }

    /// The last useful first line of the help.
    pub fn help_max_scroll(&self) -> usize {
        let (r, lines) = layout::help_area(self.size, self.context_under_help(), self.zoom);
        lines
            .len()
            .saturating_sub(usize::from(r.height.saturating_sub(2)))
    }

    fn help_key(&mut self, command: Command) {
        let max = self.help_max_scroll();
        let page = usize::from(self.size.height.saturating_sub(4)).max(1);
        let scroll = |by: isize, at: usize| (at as isize + by).clamp(0, max as isize) as usize;
        self.help_scroll = match command {
            Command::Back | Command::Help => {
                self.help = false;
                0
            }
            Command::Zoom => {
                self.zoom = !self.zoom;
                self.help_scroll.min(self.help_max_scroll())
            }
            Command::Up => scroll(-1, self.help_scroll),
            Command::Down => scroll(1, self.help_scroll),
            Command::PageUp => scroll(-(page as isize), self.help_scroll),
            Command::PageDown => scroll(page as isize, self.help_scroll),
            Command::Top => 0,
            Command::Bottom => max,
            _ => self.help_scroll,
        };
    }

    fn command(&mut self, command: Command) -> Action {
        let page = self.page_size();
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
                self.zoom = !self.zoom;
                self.status = if self.zoom {
                    "zoomed (z or Esc: back)".to_string()
                } else {
                    String::new()
                };
                self.keep_selections_visible();
            }
            Command::Edit => {
                let buffer = self.analysis.input.clone();
                self.editor = Some(Editor {
                    cursor: buffer.len(),
                    original: buffer.clone(),
                    buffer,
                    target: EditTarget::Url,
                });
                self.status = "editing the URL: Enter applies, Esc cancels".to_string();
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
            Command::CopyClean => {
                self.unsaved = false;
                return Action::Copy {
                    what: "cleaned URL",
                    text: self.analysis.clean.clone(),
                };
            }
            Command::CopyNormalized => {
                self.unsaved = false;
                return Action::Copy {
                    what: "normalized URL",
                    text: self.analysis.normalized.clone(),
                };
            }
            Command::CopyDecoded => {
                let Some(c) = self.analysis.components.get(self.selected) else {
                    self.status = "no component to copy".to_string();
                    return Action::None;
                };
                // Control characters stay escaped: pasting raw ESC bytes
                // into a terminal is what this tool protects against.
                return Action::Copy {
                    what: "decoded component (controls escaped)",
                    text: urlscope_core::text::escape_str(&c.decoded_lossy()),
                };
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
            Command::ToggleReadings => {
                self.dialects = false;
                self.detail_scroll = 0;
                self.readings = match self.readings {
                    Some(_) => None,
                    None => {
                        // What was opened gets the focus, so ↑↓ scroll it.
                        self.focus = Pane::Bytes;
                        Some(self.analysis.readings())
                    }
                };
            }
            Command::ToggleDialects => {
                self.dialects = !self.dialects;
                self.detail_scroll = 0;
                if self.dialects {
                    self.readings = None;
                    self.focus = Pane::Bytes;
                }
            }
            Command::Gallery => {
                self.gallery = Some(0);
                self.gallery_scroll = 0;
            }
            Command::Help => {
                self.help = true;
                self.help_scroll = 0;
            }
        }
        Action::None
    }

    /// Esc: the innermost thing open closes; at the top it says how to quit.
    fn back(&mut self) {
        if self.zoom {
            self.zoom = false;
            self.keep_selections_visible();
        } else if self.readings.is_some() || self.dialects {
            self.readings = None;
            self.dialects = false;
        } else if self.highlight.is_some() && self.focus != Pane::Warnings {
            self.highlight = None;
        } else {
            self.status = "nothing to close: q quits".to_string();
        }
    }

    /// `E`: edit the selected component's decoded text.
    fn edit_component(&mut self) {
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
        self.status = format!(
            "fixing [{}] {}: Enter encodes it for its place, Esc cancels",
            self.selected,
            c.kind.label()
        );
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
        });
    }

    /// Whether the detail pane is wide enough to show every view at once.
    pub fn all_views_shown(&self) -> bool {
        self.areas()
            .is_some_and(|a| layout::shows_all_views(a.detail))
    }

    fn page_size(&self) -> usize {
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
    fn detail_max_scroll(&self) -> usize {
        let detail = self.areas().map(|a| a.detail).unwrap_or_default();
        let width = usize::from(detail.width.saturating_sub(2));
        let lines = match &self.readings {
            Some(r) => layout::readings_lines(r.as_ref(), width),
            None => layout::dialect_lines(),
        };
        let height = list_height(detail);
        lines.saturating_sub(height)
    }

    fn move_by(&mut self, delta: isize) {
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

    fn selected_len(&self) -> usize {
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
    fn cursor_to_highlight(&mut self) {
        let Some(first) = self.highlighted_spans().first().copied() else {
            return;
        };
        let rows = self.analysis.byte_rows(self.selected);
        if let Some(row) = rows.iter().find(|r| r.span.overlaps(first)) {
            self.byte_cursor = row.offset;
            self.scroll_bytes_to_cursor();
        }
    }

    fn scroll_bytes_to_cursor(&mut self) {
        let height = self.byte_rows_visible();
        self.byte_scroll = keep_visible(self.byte_scroll, self.byte_cursor, height);
    }

    /// Give `pane` the focus. The warning list selects its warning as it
    /// gets the focus, so the bytes shown are the ones that warning is
    /// about (the detail pane shows the warning's full text above them).
    fn focus_on(&mut self, pane: Pane) {
        self.focus = pane;
        if pane == Pane::Warnings && !self.analysis.warnings.is_empty() {
            self.select_warning(self.warning.min(self.analysis.warnings.len() - 1));
        }
        self.keep_selections_visible();
    }

    fn jump(&mut self) {
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

    /// Keys while the gallery is open: choose, scroll the text, open,
    /// close.
    fn gallery_key(&mut self, command: Command, i: usize) {
        let examples = urlscope_core::examples::all();
        let n = examples.len();
        let (_, _, text) = layout::gallery_areas(self.size, self.zoom);
        let page = usize::from(text.height.saturating_sub(2)).max(1);
        let max = examples.get(i).map_or(0, |e| {
            layout::gallery_text(e, usize::from(text.width.saturating_sub(2)))
                .len()
                .saturating_sub(page)
        });
        match command {
            Command::Up => {
                self.gallery = Some(i.saturating_sub(1));
                self.gallery_scroll = 0;
            }
            Command::Down => {
                self.gallery = Some((i + 1).min(n.saturating_sub(1)));
                self.gallery_scroll = 0;
            }
            Command::PageUp => self.gallery_scroll = self.gallery_scroll.saturating_sub(page),
            Command::PageDown => self.gallery_scroll = (self.gallery_scroll + page).min(max),
            Command::Zoom => self.zoom = !self.zoom,
            Command::Help => {
                self.help = true;
                self.help_scroll = 0;
            }
            Command::Open => {
                self.gallery = None;
                if let Some(e) = examples.get(i) {
                    self.editor = None;
                    self.status = format!("example: {}", e.description);
                    let before = self.analysis.input.clone();
                    if before != e.url.as_bytes() {
                        self.history.push(before);
                    }
                    self.reanalyze(e.url.as_bytes().to_vec());
                    let first = self.initial_selection();
                    self.select_component(first);
                }
            }
            Command::Back => self.gallery = None,
            _ => {}
        }
    }

    fn editor_key(&mut self, key: KeyEvent) -> Action {
        let Some(editor) = self.editor.as_mut() else {
            return Action::None;
        };
        match key.code {
            KeyCode::Enter => {
                let url = editor.url();
                let before = editor.url_before().to_vec();
                let fixed = match editor.target {
                    EditTarget::Component { index, .. } => Some(index),
                    EditTarget::Url => None,
                };
                self.editor = None;
                if url != before {
                    self.history.push(before);
                    self.unsaved = true;
                    self.status = match fixed {
                        Some(i) => format!("[{i}] fixed; c copies the URL, u undoes"),
                        None => "edit applied; c copies the URL, u undoes".to_string(),
                    };
                } else {
                    self.status = "nothing changed".to_string();
                }
                // Typing analysed the URL already.
                self.wanted = url;
                self.after_new_analysis();
                if let Some(i) = fixed {
                    self.select_component(i.min(self.analysis.components.len().saturating_sub(1)));
                }
            }
            KeyCode::Esc => {
                let original = editor.url_before().to_vec();
                self.editor = None;
                if original == self.analysis.input {
                    // The analysis on screen is already the original's.
                    self.wanted = original;
                    self.pending = None;
                    self.after_new_analysis();
                } else {
                    self.reanalyze(original);
                }
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

    fn reanalyze(&mut self, input: Vec<u8>) {
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

    fn after_new_analysis(&mut self) {
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

    /// Handle a mouse event: a click selects, the wheel scrolls. Overlays
    /// and the editor take no clicks; the wheel scrolls the help.
    pub fn handle_mouse(&mut self, ev: MouseEvent) {
        if self.editor.is_some() || self.gallery.is_some() {
            return;
        }
        if self.help {
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
                self.focus = pane;
                match pane {
                    Pane::Components => {
                        let row = usize::from(ev.row.saturating_sub(areas.components.y + 1));
                        let i = self.component_scroll + row;
                        if row < list_height(areas.components) && i < self.analysis.components.len()
                        {
                            self.select_component(i);
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
