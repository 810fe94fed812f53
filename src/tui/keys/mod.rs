//! The key table: every binding in one place, as data. The hint bar, the
//! help overlay and the README's key table are all generated from it, so
//! they cannot disagree about a key's name or what it does.
//!
//! A binding holds in some [`Context`]s (the pane or overlay that has the
//! focus); the same key may mean different things in contexts that never
//! meet (`q` quits from a pane but closes the help).

mod help;
mod table;

pub use help::{help_lines, markdown_table, HelpLine};
pub use table::{BINDINGS, EDITOR_KEYS, MARKS};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Quit,
    /// Ctrl-C: quit now, whatever is unsaved.
    Interrupt,
    /// Ctrl-Z: hand the terminal back to the shell until `fg`.
    Suspend,
    /// Esc: close an overlay, leave zoom; never quits.
    Back,
    NextPane,
    PrevPane,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Jump,
    /// Enter in the gallery: load the example.
    Open,
    Edit,
    EditComponent,
    Undo,
    Zoom,
    SwitchView,
    CopyClean,
    CopyNormalized,
    /// `D`: the cleaned URL defanged, for a ticket.
    CopyDefanged,
    CopyDecoded,
    /// `H`: write the URL's HTML handout to a file.
    WriteHandout,
    TogglePretty,
    ToggleReadings,
    ToggleDialects,
    /// `L`: every place the URL leads to.
    ToggleLeads,
    /// `C`: the corrected URLs whole.
    ToggleCorrected,
    /// `→`: open a row of the component list (what it carries shows).
    Expand,
    /// `←`: close it, or go to the row it is under.
    Collapse,
    /// Space: open or close it.
    ToggleRow,
    Gallery,
    Help,
}

/// Where the focus is: which keys apply and which the hint bar shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    Components,
    Bytes,
    Warnings,
    /// The detail pane showing the RFC 3986 and WHATWG readings (`r`).
    Readings,
    /// The detail pane showing every encoder (`d`).
    Dialects,
    /// The detail pane showing every place the URL leads to (`L`).
    Leads,
    /// The detail pane showing the corrected URLs whole (`C`).
    Corrected,
    Gallery,
    Help,
    /// Editing the URL or one component: the editor takes the keys.
    Editor,
}

impl Context {
    /// How the help names the context in its first section.
    pub fn name(self) -> &'static str {
        match self {
            Context::Components => "the components pane",
            Context::Bytes => "the bytes pane",
            Context::Warnings => "the warnings pane",
            Context::Readings => "the readings (r)",
            Context::Dialects => "the encoders (d)",
            Context::Leads => "where it leads (L)",
            Context::Corrected => "the corrected URLs (C)",
            Context::Gallery => "the gallery",
            Context::Help => "this help",
            Context::Editor => "the editor",
        }
    }
}

pub(super) use Context::*;

/// The panes of the main screen.
pub(super) const PANES: &[Context] = &[
    Components, Bytes, Warnings, Readings, Dialects, Leads, Corrected,
];
/// The panes and the overlays (every context but the editor).
pub(super) const ALL: &[Context] = &[
    Components, Bytes, Warnings, Readings, Dialects, Leads, Corrected, Gallery, Help,
];
/// Everywhere, the editor too.
pub(super) const ANYWHERE: &[Context] = &[
    Components, Bytes, Warnings, Readings, Dialects, Leads, Corrected, Gallery, Help, Editor,
];
pub(super) const LISTS: &[Context] = &[
    Components, Bytes, Warnings, Readings, Dialects, Leads, Corrected, Help,
];

/// One binding: the keys, where they hold, the command, and its words.
pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    /// The key as every list names it (`↑ k`, `Ctrl-Z`).
    pub label: &'static str,
    pub contexts: &'static [Context],
    pub command: Command,
    /// A word or two for the hint bar; empty: never in the hint bar.
    pub hint: &'static str,
    /// Which hints stay when the bar is narrow: lower stays longer.
    pub rank: u8,
    /// A sentence for the help and the README.
    pub help: &'static str,
}

/// The command bound to `key` in `context`, if any.
pub fn key_match(context: Context, key: &KeyEvent) -> Option<Command> {
    // Shift is implied by some characters; compare without it for chars.
    let strip = |code: KeyCode, m: KeyModifiers| match code {
        KeyCode::Char(_) => m - KeyModifiers::SHIFT,
        _ => m,
    };
    let mods = strip(key.code, key.modifiers);
    BINDINGS
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .find(|b| {
            b.keys
                .iter()
                .any(|&(code, m)| code == key.code && strip(code, m) == mods)
        })
        .map(|b| b.command)
}

/// The hints of `context` that fit in `width` columns, in table order,
/// the least important dropped first; `? help` (or the way out of an
/// overlay) always among them, last.
pub fn hints(context: Context, width: usize) -> Vec<(&'static str, &'static str)> {
    hints_offered(context, width, |_| true)
}

/// [`hints`] of the commands that would do something now (`offered`):
/// a key that would only answer that it has nothing to do (`v` where
/// every byte view is shown) is not offered.
pub fn hints_offered(
    context: Context,
    width: usize,
    offered: impl Fn(Command) -> bool,
) -> Vec<(&'static str, &'static str)> {
    let all: Vec<(&'static str, &'static str, u8)> = if context == Editor {
        EDITOR_KEYS
            .iter()
            .enumerate()
            .filter(|(_, (_, hint, _))| !hint.is_empty())
            .map(|(i, (label, hint, _))| (*label, *hint, i as u8))
            .collect()
    } else {
        BINDINGS
            .iter()
            .filter(|b| b.contexts.contains(&context) && !b.hint.is_empty() && offered(b.command))
            .map(|b| (hint_label(b), hint_word(b, context), hint_rank(b, context)))
            .collect()
    };
    let cost = |(label, hint, _): &(&str, &str, u8)| {
        unicode_width::UnicodeWidthStr::width(*label) + hint.chars().count() + 3
    };
    // The last resort ("? help", "Esc close") is kept whatever the width.
    let mut ranks: Vec<u8> = all.iter().map(|h| h.2).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let mut keep = 0;
    for &r in &ranks {
        let used: usize = all.iter().filter(|h| h.2 <= r).map(cost).sum();
        if used <= width || r == 0 {
            keep = r;
        } else {
            break;
        }
    }
    let mut shown: Vec<_> = all.iter().filter(|h| h.2 <= keep).collect();
    // The help key ends the bar, as in lazygit and helix.
    shown.sort_by_key(|h| h.1 == "help");
    shown.iter().map(|h| (h.0, h.1)).collect()
}

/// The hint's word: where ↑↓ scroll text rather than move a selection,
/// the bar says so.
fn hint_word(b: &Binding, context: Context) -> &'static str {
    match (b.command, context) {
        (Command::Down, Help | Readings | Dialects | Leads | Corrected) => "scroll",
        (Command::Down, Gallery) => "choose",
        _ => b.hint,
    }
}

/// The hint's rank in `context`: in the component list, opening a row
/// matters more than switching the byte view, which the bytes pane's own
/// bar offers.
fn hint_rank(b: &Binding, context: Context) -> u8 {
    match (b.command, context) {
        (Command::SwitchView, Components) => 4,
        _ => b.rank,
    }
}

/// The label the hint bar uses: the first key of the binding's label.
fn hint_label(b: &Binding) -> &'static str {
    match b.command {
        Command::Down => "↑↓",
        Command::Expand => "←→",
        _ => b.label.split(' ').next().unwrap_or(b.label),
    }
}

#[cfg(test)]
mod tests;
