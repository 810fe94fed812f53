//! The inspector's state and how keys change it. Plain data, no I/O: the
//! run loop performs what an [`Action`] asks for (copying), so tests drive
//! the app with key events and look at the state and the screen.
//!
//! [`App`] is one struct; its methods are grouped by what they do:
//! `navigation` (selections, scrolling, focus), `editor` (editing the URL
//! and fixing one component), `commands` (what a pane key does, quit,
//! copy), `overlays` (help and gallery), `analysing` (a new analysis,
//! in the background for big inputs), `carried` (the tree of what the URL
//! carries, and what the bytes pane shows of it) and `mouse`.

mod analysing;
mod carried;
mod commands;
mod editor;
mod modes;
mod mouse;
mod navigation;
mod overlays;

pub use super::layout::Pane;
pub use carried::Shown;
pub use commands::{Action, DetailView};
pub use editor::{EditTarget, Editor};
pub use modes::{Detail, DetailKind, Gallery, Overlay};

use super::keys::{key_match, Command, Context};
use super::layout::{Areas, MIN_HEIGHT, MIN_WIDTH};
use super::tree::{Row, Tree};
use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::layout::Rect;
use urlscope_core::analysis::{analyze, Analysis, Options};
use urlscope_core::resolve::Resolution;
use urlscope_core::split::{ComponentKind, Span};

/// `--base BASE REF`: the URL inspected is the target RFC 3986 §5.2
/// resolves the reference to, and the screen says so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Based {
    pub base: Vec<u8>,
    pub reference: Vec<u8>,
    pub resolution: Resolution,
}

/// The inspector.
#[derive(Debug)]
pub struct App {
    pub analysis: Analysis,
    /// What the core says when a browser opens another host with the
    /// normalized URL than with the cleaned one (worked out once per
    /// analysis, not per frame: it parses both).
    pub normalized_elsewhere: Option<String>,
    pub options: Options,
    pub focus: Pane,
    /// The pane that had the focus before a view opened in the detail
    /// pane (`L`, `r`, `d`, `C`) took it: closing the view gives it back.
    pub focus_before_view: Option<Pane>,
    /// Selected component (of the URL; a row under it may be selected).
    pub selected: usize,
    /// What the URL carries, as rows under the components.
    pub tree: Tree,
    /// The selected row under component `selected` (a carried value, or a
    /// component of a carried URL); `None`: the component itself.
    pub carried: Option<Row>,
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
    /// What covers the panes: the help, the gallery, or nothing.
    pub overlay: Overlay,
    /// The focused pane has the whole screen.
    pub zoom: bool,
    /// The overlay on top (help, gallery) has the whole screen: its own
    /// flag, so that a zoom asked for in the help does not outlive it and
    /// leave a pane zoomed behind it.
    pub overlay_zoom: bool,
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
    /// What the detail pane shows: the bytes, or a view in their place.
    pub detail: Detail,
    /// The URLs before each applied edit, for `u`.
    pub history: Vec<Vec<u8>>,
    /// An edit was applied and the result not copied since.
    pub unsaved: bool,
    /// `q` was pressed once with an unsaved edit.
    pub quit_armed: bool,
    /// The result leaves through standard output (`--print`), so quitting
    /// after an edit loses nothing.
    pub prints_on_quit: bool,
    /// The base and reference the URL was resolved from (`--base`).
    pub based: Option<Based>,
}

impl App {
    pub fn new(input: Vec<u8>, options: Options, color: bool) -> App {
        App::open(input, options, color, None)
    }

    /// The inspector on the target of `reference` resolved against `base`
    /// (RFC 3986 §5.2); where a WHATWG parser resolves it elsewhere, the
    /// target carries the `parser-differential` warning, as in `explain`.
    /// A reference that cannot be resolved is inspected as it is.
    pub fn with_base(base: Vec<u8>, reference: Vec<u8>, options: Options, color: bool) -> App {
        match urlscope_core::resolve::resolution(&base, &reference) {
            Ok(resolution) => {
                let target = resolution.target.clone();
                let based = Based {
                    base,
                    reference,
                    resolution,
                };
                App::open(target, options, color, Some(based))
            }
            Err(e) => {
                let mut app = App::open(reference, options, color, None);
                app.status = format!("--base: {e}");
                app
            }
        }
    }

    fn open(input: Vec<u8>, options: Options, color: bool, based: Option<Based>) -> App {
        let analysis = analyze(&input, &options);
        let mut app = App {
            normalized_elsewhere: urlscope_core::describe::normalized_elsewhere_brief(&analysis),
            analysis,
            options,
            focus: Pane::Components,
            focus_before_view: None,
            selected: 0,
            tree: Tree::default(),
            carried: None,
            component_scroll: 0,
            byte_cursor: 0,
            byte_scroll: 0,
            warning: 0,
            warning_scroll: 0,
            highlight: None,
            view: DetailView::Hex,
            editor: None,
            overlay: Overlay::None,
            zoom: false,
            overlay_zoom: false,
            status: String::new(),
            running: true,
            interrupted: false,
            color,
            size: Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT),
            background_from: usize::MAX,
            pending: None,
            wanted: Vec::new(),
            pretty: None,
            detail: Detail::Bytes,
            history: Vec::new(),
            unsaved: false,
            quit_armed: false,
            prints_on_quit: false,
            based,
        };
        app.with_resolution_warning();
        app.tree = Tree::build(&app.analysis, Default::default());
        app.wanted = app.analysis.input.clone();
        let first = app.initial_selection();
        app.select_component(first);
        app.warning = app.worst_warning();
        app
    }

    /// The first of the worst warnings: where the warnings pane starts
    /// (the list is in the order of the bytes, so an `info` on the first
    /// byte may come before a `high`).
    fn worst_warning(&self) -> usize {
        self.analysis
            .warnings
            .iter()
            .enumerate()
            .max_by_key(|&(i, w)| (w.severity, std::cmp::Reverse(i)))
            .map_or(0, |(i, _)| i)
    }

    /// The first component with a warning (a carried URL's warning lifted
    /// onto the component that carries it), else the one that holds where
    /// a wrapped link really leads (Safe Links' `url` value), else the
    /// first path segment with bytes, else the host, else the first
    /// component.
    pub(super) fn initial_selection(&self) -> usize {
        let a = &self.analysis;
        let carrying = |w: &urlscope_core::warnings::Warning| {
            w.via.as_ref()?;
            a.components
                .iter()
                .position(|c| c.span.contains(w.span.start))
        };
        let first_warned = a
            .warnings
            .iter()
            .filter_map(|w| w.component.or_else(|| carrying(w)))
            .min();
        first_warned
            .or_else(|| a.unwrapped_destination()?.component)
            .or_else(|| {
                // The first path segment with bytes, else the first one.
                a.components
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.kind == ComponentKind::PathSegment)
                    .min_by_key(|(_, c)| c.span.is_empty())
                    .map(|(i, _)| i)
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

    /// The bytes the URL line reverses: the highlighted warning's, or
    /// those that encode the carried value selected.
    pub fn highlighted_spans(&self) -> &[Span] {
        if let Some(w) = self.highlight.and_then(|i| self.analysis.warnings.get(i)) {
            return &w.spans;
        }
        let top = self
            .carried
            .as_ref()
            .and_then(|r| super::tree::row_node(r).first().copied())
            .and_then(|i| self.analysis.nested.get(i));
        top.map_or(&[], |n| std::slice::from_ref(&n.span))
    }

    /// The pane that has the whole body, when one is zoomed (an overlay on
    /// top takes the zoom instead).
    pub fn zoomed_pane(&self) -> Option<Pane> {
        let overlay = self.overlay.is_open();
        (self.zoom && !overlay).then_some(self.focus)
    }

    /// Where the panes are in the last frame's size.
    pub fn areas(&self) -> Option<Areas> {
        Areas::compute(
            self.size,
            self.analysis.warnings.len(),
            self.zoomed_pane(),
            self.url_extra_rows(),
        )
    }

    /// Lines the URL pane gives the base and reference (`--base`): one,
    /// and one more to say where a WHATWG parser resolves it instead; and
    /// one to the text as pasted, when it was pasted defanged.
    pub fn url_extra_rows(&self) -> u16 {
        self.based
            .as_ref()
            .map_or(0, |b| 1 + u16::from(b.resolution.differs))
            + u16::from(self.analysis.defanged.is_some())
    }

    /// Where the focus is, for the key table and the hint bar.
    pub fn context(&self) -> Context {
        if self.editor.is_some() {
            Context::Editor
        } else if self.overlay.is_help() {
            Context::Help
        } else {
            self.context_under_help()
        }
    }

    /// The context the help describes first: what is under it.
    pub fn context_under_help(&self) -> Context {
        if self.overlay.gallery().is_some() {
            return Context::Gallery;
        }
        match self.focus {
            Pane::Components => Context::Components,
            Pane::Warnings => Context::Warnings,
            Pane::Bytes => match self.detail.kind() {
                Some(DetailKind::Readings) => Context::Readings,
                Some(DetailKind::Encoders) => Context::Dialects,
                Some(DetailKind::Leads) => Context::Leads,
                Some(DetailKind::Corrected) => Context::Corrected,
                None => Context::Bytes,
            },
        }
    }

    /// The warning whose full text the detail pane shows: the selected
    /// one, while the warning list has the focus.
    pub fn shown_warning(&self) -> Option<usize> {
        (self.focus == Pane::Warnings && self.editor.is_none()).then_some(self.warning)
    }

    /// Handle one key press.
    pub fn handle_key(&mut self, key: KeyEvent) -> Action {
        if key.kind != KeyEventKind::Press {
            return Action::None;
        }
        let command = key_match(self.context(), &key);
        match command {
            // In the editor Ctrl-C cancels the edit, as in a shell; quitting
            // would lose what was typed without a word.
            Some(Command::Interrupt) if self.editor.is_some() => {
                self.cancel_edit();
                self.status = "edit cancelled (Ctrl-C again quits)".to_string();
                return Action::None;
            }
            Some(Command::Interrupt) => {
                self.running = false;
                self.interrupted = true;
                return Action::Quit;
            }
            Some(Command::Suspend) => return Action::Suspend,
            _ => {}
        }
        // A terminal too small to draw the panes says only "press q to
        // quit": q quits there (asking first after an edit not copied),
        // past an overlay it no longer shows.
        if self.editor.is_none()
            && self.areas().is_none()
            && key_match(Context::Components, &key) == Some(Command::Quit)
        {
            return self.command(Command::Quit);
        }
        if self.editor.is_some() {
            return self.editor_key(key);
        }
        let Some(command) = command else {
            if let Some(name) = key_name(&key) {
                self.status = format!(
                    "{name} does nothing in {}: ? lists the keys",
                    self.context().name()
                );
            }
            return Action::None;
        };
        if command != Command::Quit {
            self.quit_armed = false;
        }
        if self.overlay.is_help() {
            self.help_key(command);
            self.overlay_zoom &= self.overlay.is_open();
            return Action::None;
        }
        if let Some(Gallery { selected: i, .. }) = self.overlay.gallery() {
            self.gallery_key(command, i);
            self.overlay_zoom &= self.overlay.is_open();
            return Action::None;
        }
        self.status.clear();
        self.command(command)
    }
}

/// How the status line names a key no binding holds (`x`, `Ctrl-X`,
/// `F5`); none for a key pressed alone that does nothing by design (a
/// modifier, a media key).
fn key_name(key: &KeyEvent) -> Option<String> {
    use crossterm::event::{KeyCode, KeyModifiers};
    let base = match key.code {
        // Only printable ASCII is echoed: the status line never writes a
        // character that could steer the terminal or reorder the line.
        KeyCode::Char(c) if c.is_ascii_graphic() => c.to_string(),
        // A character that is not echoed is named whole, modifiers and all.
        KeyCode::Char(_) => return Some("that key".to_string()),
        KeyCode::F(n) => format!("F{n}"),
        KeyCode::Insert => "Insert".to_string(),
        KeyCode::Delete => "Delete".to_string(),
        KeyCode::Backspace => "Backspace".to_string(),
        _ => return None,
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    Some(format!(
        "{}{}{base}",
        if ctrl { "Ctrl-" } else { "" },
        if alt { "Alt-" } else { "" }
    ))
}
