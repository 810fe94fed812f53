//! The key table: every binding in one place, as data. The hint bar, the
//! help overlay and the README's key table are all generated from it, so
//! they cannot disagree about a key's name or what it does.
//!
//! A binding holds in some [`Context`]s (the pane or overlay that has the
//! focus); the same key may mean different things in contexts that never
//! meet (`q` quits from a pane but closes the help).

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
    CopyDecoded,
    TogglePretty,
    ToggleReadings,
    ToggleDialects,
    /// `L`: every place the URL leads to.
    ToggleLeads,
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
            Context::Gallery => "the gallery",
            Context::Help => "this help",
            Context::Editor => "the editor",
        }
    }
}

use Context::*;

/// The panes of the main screen.
const PANES: &[Context] = &[Components, Bytes, Warnings, Readings, Dialects, Leads];
/// The panes and the overlays (every context but the editor).
const ALL: &[Context] = &[
    Components, Bytes, Warnings, Readings, Dialects, Leads, Gallery, Help,
];
/// Everywhere, the editor too.
const ANYWHERE: &[Context] = &[
    Components, Bytes, Warnings, Readings, Dialects, Leads, Gallery, Help, Editor,
];
const LISTS: &[Context] = &[Components, Bytes, Warnings, Readings, Dialects, Leads, Help];

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

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// Every binding, in the order the help lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[(KeyCode::Char('q'), NONE)],
        label: "q",
        contexts: PANES,
        command: Command::Quit,
        hint: "quit",
        rank: 3,
        help: "quit (after an edit not yet copied, a second q quits)",
    },
    Binding {
        keys: &[(KeyCode::Esc, NONE)],
        label: "Esc",
        contexts: PANES,
        command: Command::Back,
        hint: "",
        rank: 9,
        help: "go back: leave zoom, close the readings, encoders or destinations; never quits",
    },
    Binding {
        keys: &[
            (KeyCode::Esc, NONE),
            (KeyCode::Char('q'), NONE),
            (KeyCode::Char('?'), NONE),
            (KeyCode::F(1), NONE),
        ],
        label: "Esc q ?",
        contexts: &[Help],
        command: Command::Back,
        hint: "close",
        rank: 0,
        help: "close this help",
    },
    Binding {
        keys: &[
            (KeyCode::Esc, NONE),
            (KeyCode::Char('q'), NONE),
            (KeyCode::Char('g'), NONE),
        ],
        label: "Esc q g",
        contexts: &[Gallery],
        command: Command::Back,
        hint: "close",
        rank: 0,
        help: "close the gallery",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL)],
        label: "Ctrl-C",
        contexts: ANYWHERE,
        command: Command::Interrupt,
        hint: "",
        rank: 9,
        help: "quit at once (with --print: print nothing, exit 130)",
    },
    Binding {
        keys: &[(KeyCode::Char('z'), CTRL)],
        label: "Ctrl-Z",
        contexts: ANYWHERE,
        command: Command::Suspend,
        hint: "",
        rank: 9,
        help: "suspend to the shell; fg comes back",
    },
    Binding {
        keys: &[(KeyCode::Tab, NONE)],
        label: "Tab",
        contexts: PANES,
        command: Command::NextPane,
        hint: "pane",
        rank: 1,
        help: "next pane (components, bytes, warnings)",
    },
    Binding {
        keys: &[(KeyCode::BackTab, SHIFT), (KeyCode::BackTab, NONE)],
        label: "S-Tab",
        contexts: PANES,
        command: Command::PrevPane,
        hint: "",
        rank: 9,
        help: "previous pane",
    },
    Binding {
        keys: &[(KeyCode::Up, NONE), (KeyCode::Char('k'), NONE)],
        label: "↑ k",
        contexts: ALL,
        command: Command::Up,
        hint: "",
        rank: 9,
        help: "move up (in the readings, encoders, destinations and help: scroll)",
    },
    Binding {
        keys: &[(KeyCode::Down, NONE), (KeyCode::Char('j'), NONE)],
        label: "↓ j",
        contexts: ALL,
        command: Command::Down,
        hint: "move",
        rank: 2,
        help: "move down (in the readings, encoders, destinations and help: scroll)",
    },
    Binding {
        keys: &[(KeyCode::PageUp, NONE)],
        label: "PgUp",
        contexts: ALL,
        command: Command::PageUp,
        hint: "",
        rank: 9,
        help: "a page up (in the gallery: its text)",
    },
    Binding {
        keys: &[(KeyCode::PageDown, NONE)],
        label: "PgDn",
        contexts: ALL,
        command: Command::PageDown,
        hint: "",
        rank: 9,
        help: "a page down (in the gallery: its text)",
    },
    Binding {
        keys: &[(KeyCode::Home, NONE)],
        label: "Home",
        contexts: LISTS,
        command: Command::Top,
        hint: "",
        rank: 9,
        help: "to the top",
    },
    Binding {
        keys: &[
            (KeyCode::End, NONE),
            (KeyCode::Char('G'), SHIFT),
            (KeyCode::Char('G'), NONE),
        ],
        label: "End G",
        contexts: LISTS,
        command: Command::Bottom,
        hint: "",
        rank: 9,
        help: "to the bottom",
    },
    Binding {
        keys: &[(KeyCode::Enter, NONE)],
        label: "Enter",
        contexts: &[Components, Warnings],
        command: Command::Jump,
        hint: "bytes",
        rank: 1,
        help: "to the bytes of the component or of the warning",
    },
    Binding {
        keys: &[(KeyCode::Right, NONE), (KeyCode::Char('l'), NONE)],
        label: "→ l",
        contexts: &[Components],
        command: Command::Expand,
        hint: "open",
        rank: 3,
        help: "open the row: what the component or carried value carries shows under it (on an open row: to the first row under it)",
    },
    Binding {
        keys: &[(KeyCode::Left, NONE), (KeyCode::Char('h'), NONE)],
        label: "← h",
        contexts: &[Components],
        command: Command::Collapse,
        hint: "",
        rank: 9,
        help: "close the row (on a closed row: to the row it is under)",
    },
    Binding {
        keys: &[(KeyCode::Char(' '), NONE)],
        label: "Space",
        contexts: &[Components],
        command: Command::ToggleRow,
        hint: "",
        rank: 9,
        help: "open or close the row",
    },
    Binding {
        keys: &[(KeyCode::Enter, NONE)],
        label: "Enter",
        contexts: &[Gallery],
        command: Command::Open,
        hint: "open",
        rank: 1,
        help: "inspect the example",
    },
    Binding {
        keys: &[(KeyCode::Char('z'), NONE)],
        label: "z",
        contexts: ALL,
        command: Command::Zoom,
        hint: "zoom",
        rank: 2,
        help: "zoom: the focused pane takes the screen; z or Esc gives it back",
    },
    Binding {
        keys: &[(KeyCode::Char('E'), SHIFT), (KeyCode::Char('E'), NONE)],
        label: "E",
        contexts: PANES,
        command: Command::EditComponent,
        hint: "fix",
        rank: 2,
        help: "fix the selected component: edit its decoded text; Enter encodes it for its place",
    },
    Binding {
        keys: &[(KeyCode::Char('e'), NONE)],
        label: "e",
        contexts: PANES,
        command: Command::Edit,
        hint: "edit URL",
        rank: 4,
        help: "edit the whole URL as written (Enter applies, Esc cancels)",
    },
    Binding {
        keys: &[(KeyCode::Char('u'), NONE)],
        label: "u",
        contexts: PANES,
        command: Command::Undo,
        hint: "undo",
        rank: 5,
        help: "undo the last edit",
    },
    Binding {
        keys: &[(KeyCode::Char('v'), NONE)],
        label: "v",
        contexts: &[Components, Bytes],
        command: Command::SwitchView,
        hint: "view",
        rank: 3,
        help: "switch the byte view (hex, binary, raw, decoded) when they are not all shown",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), NONE)],
        label: "c",
        contexts: PANES,
        command: Command::CopyClean,
        hint: "copy",
        rank: 3,
        help: "copy the cleaned URL",
    },
    Binding {
        keys: &[(KeyCode::Char('n'), NONE)],
        label: "n",
        contexts: PANES,
        command: Command::CopyNormalized,
        hint: "copy normal",
        rank: 7,
        help: "copy the normalized URL",
    },
    Binding {
        keys: &[(KeyCode::Char('y'), NONE)],
        label: "y",
        contexts: &[Components, Bytes, Warnings, Dialects],
        command: Command::CopyDecoded,
        hint: "copy decoded",
        rank: 6,
        help: "copy the selected component or carried value, decoded (controls stay escaped)",
    },
    Binding {
        keys: &[(KeyCode::Char('r'), NONE)],
        label: "r",
        contexts: PANES,
        command: Command::ToggleReadings,
        hint: "readings",
        rank: 5,
        help: "the RFC 3986 and WHATWG readings side by side (r again: the bytes)",
    },
    Binding {
        keys: &[(KeyCode::Char('d'), NONE)],
        label: "d",
        contexts: PANES,
        command: Command::ToggleDialects,
        hint: "encoders",
        rank: 5,
        help: "every encoder on the selected component, differences marked (d again: the bytes)",
    },
    Binding {
        keys: &[(KeyCode::Char('L'), SHIFT), (KeyCode::Char('L'), NONE)],
        label: "L",
        contexts: PANES,
        command: Command::ToggleLeads,
        hint: "leads to",
        rank: 4,
        help: "where the URL leads: its host, and every URL it carries, the worst first (L again: the bytes)",
    },
    Binding {
        keys: &[(KeyCode::Char('p'), NONE)],
        label: "p",
        contexts: PANES,
        command: Command::TogglePretty,
        hint: "pretty",
        rank: 8,
        help: "show the URL as an address bar does (pretty), or as written",
    },
    Binding {
        keys: &[(KeyCode::Char('g'), NONE)],
        label: "g",
        contexts: PANES,
        command: Command::Gallery,
        hint: "gallery",
        rank: 6,
        help: "the gallery of examples, each explained (Enter opens one)",
    },
    Binding {
        keys: &[(KeyCode::Char('?'), NONE), (KeyCode::F(1), NONE)],
        label: "? F1",
        contexts: &[Components, Bytes, Warnings, Readings, Dialects, Leads, Gallery],
        command: Command::Help,
        hint: "help",
        rank: 0,
        help: "this help (the focused pane's keys first)",
    },
];

/// The editor's own keys (it handles them itself; Ctrl-C and Ctrl-Z hold
/// there too).
pub const EDITOR_KEYS: &[(&str, &str, &str)] = &[
    ("Enter", "apply", "apply the edit"),
    ("Esc", "cancel", "cancel the edit"),
    ("← → Home End", "move", "move the cursor"),
    ("Backspace Del", "", "delete"),
    ("Ctrl-U", "clear", "clear the line"),
    ("paste", "", "insert (bracketed paste)"),
];

/// The marks the screen uses, for the help's legend.
pub const MARKS: &[(&str, &str)] = &[
    ("▲ ● ○ ·", "a warning: high, medium, low, info"),
    (
        "▸ ▾",
        "a row that carries more (a URL, base64, hex, a JWT): closed, open",
    ),
    ("underlined", "bytes behind a warning"),
    ("reversed", "bytes of the selected warning"),
    ("▶", "the selected row (and the focused pane's title)"),
    ("┌ │ └", "the bytes of one UTF-8 character"),
    ("✗", "a byte that is not UTF-8"),
    ("110|00011", "marker bits | payload bits"),
    (
        "\\x1b \\u{202e}",
        "controls and invisible characters, never sent raw",
    ),
    ("…", "text cut for width (z shows more)"),
];

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
            .filter(|b| b.contexts.contains(&context) && !b.hint.is_empty())
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
        (Command::Down, Help | Readings | Dialects | Leads) => "scroll",
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

/// One line of the help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpLine {
    Heading(String),
    Key(&'static str, String),
    Blank,
}

/// The help for `context`: its keys first, then every other key, the
/// editor's keys, the mouse, and the marks' legend.
pub fn help_lines(context: Context) -> Vec<HelpLine> {
    let mut lines = vec![HelpLine::Heading(format!("Keys in {}", context.name()))];
    let here = |b: &&Binding| b.contexts.contains(&context);
    // What only this context has first, then what it shares.
    let mut mine: Vec<&Binding> = BINDINGS.iter().filter(here).collect();
    mine.sort_by_key(|b| b.contexts.len() > 2);
    lines.extend(
        mine.iter()
            .map(|b| HelpLine::Key(b.label, b.help.to_string())),
    );
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading("Everywhere else".to_string()));
    let mut seen: Vec<&str> = BINDINGS
        .iter()
        .filter(here)
        .map(|b| b.help)
        .collect::<Vec<_>>();
    for b in BINDINGS.iter().filter(|b| !b.contexts.contains(&context)) {
        if !seen.contains(&b.help) {
            seen.push(b.help);
            lines.push(HelpLine::Key(b.label, b.help.to_string()));
        }
    }
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading(
        "Editing (e: the URL, E: one component)".to_string(),
    ));
    lines.extend(
        EDITOR_KEYS
            .iter()
            .map(|(k, _, what)| HelpLine::Key(k, what.to_string())),
    );
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading("Mouse".to_string()));
    lines.push(HelpLine::Key(
        "click",
        "selects a component or warning; the wheel scrolls".to_string(),
    ));
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading("Marks".to_string()));
    lines.extend(
        MARKS
            .iter()
            .map(|(m, what)| HelpLine::Key(m, what.to_string())),
    );
    lines
}

/// The key table as the README shows it (a Markdown table), so a test can
/// check that the README says what the program does.
pub fn markdown_table() -> String {
    let mut out = String::from("| key | where | action |\n|---|---|---|\n");
    let code = |label: &str| {
        label
            .split(' ')
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for b in BINDINGS {
        let wheres = if b.contexts == ANYWHERE {
            "anywhere".to_string()
        } else if b.contexts == ALL {
            "panes, gallery, help".to_string()
        } else if b.contexts == PANES {
            "panes".to_string()
        } else if b.contexts == LISTS {
            "panes, help".to_string()
        } else {
            b.contexts
                .iter()
                .map(|c| short_name(*c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!("| {} | {wheres} | {} |\n", code(b.label), b.help));
    }
    for (k, _, what) in EDITOR_KEYS {
        out.push_str(&format!("| {} | editor | {what} |\n", code(k)));
    }
    out
}

fn short_name(c: Context) -> &'static str {
    match c {
        Components => "components",
        Bytes => "bytes",
        Warnings => "warnings",
        Readings => "readings",
        Dialects => "encoders",
        Leads => "leads to",
        Gallery => "gallery",
        Help => "help",
        Editor => "editor",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, m: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, m)
    }

    #[test]
    fn every_documented_key_is_bound() {
        let m = |ctx, code, mods| key_match(ctx, &key(code, mods));
        assert_eq!(m(Components, KeyCode::Char('q'), NONE), Some(Command::Quit));
        assert_eq!(m(Components, KeyCode::Esc, NONE), Some(Command::Back));
        assert_eq!(m(Help, KeyCode::Char('q'), NONE), Some(Command::Back));
        assert_eq!(m(Help, KeyCode::Char('?'), SHIFT), Some(Command::Back));
        assert_eq!(m(Bytes, KeyCode::Tab, NONE), Some(Command::NextPane));
        assert_eq!(m(Bytes, KeyCode::BackTab, SHIFT), Some(Command::PrevPane));
        assert_eq!(m(Warnings, KeyCode::Char('j'), NONE), Some(Command::Down));
        assert_eq!(m(Warnings, KeyCode::Char('?'), SHIFT), Some(Command::Help));
        assert_eq!(
            m(Editor, KeyCode::Char('c'), CTRL),
            Some(Command::Interrupt)
        );
        assert_eq!(m(Help, KeyCode::Char('z'), CTRL), Some(Command::Suspend));
        assert_eq!(m(Bytes, KeyCode::Char('c'), NONE), Some(Command::CopyClean));
        assert_eq!(
            m(Bytes, KeyCode::Char('E'), SHIFT),
            Some(Command::EditComponent)
        );
        assert_eq!(m(Gallery, KeyCode::Enter, NONE), Some(Command::Open));
        assert_eq!(m(Editor, KeyCode::Char('q'), NONE), None);
        assert_eq!(m(Bytes, KeyCode::Char('x'), NONE), None);
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for ctx in ANYWHERE {
            let mut seen = std::collections::HashSet::new();
            for b in BINDINGS.iter().filter(|b| b.contexts.contains(ctx)) {
                for k in b.keys {
                    assert!(seen.insert(*k), "{k:?} bound twice in {ctx:?}");
                }
            }
        }
    }

    #[test]
    fn the_hint_bar_ends_with_help_and_drops_the_least_important_first() {
        for ctx in [Components, Bytes, Warnings, Readings, Dialects, Leads] {
            for width in [20, 40, 60, 80, 120, 200] {
                let h = hints(ctx, width);
                assert_eq!(h.last().map(|h| h.0), Some("?"), "{ctx:?} at {width}");
            }
            let narrow = hints(ctx, 40);
            let wide = hints(ctx, 200);
            assert!(narrow.len() < wide.len());
            assert!(narrow.iter().all(|h| wide.contains(h)));
        }
        assert!(hints(Help, 10).iter().any(|h| h.1 == "close"));
        assert!(hints(Gallery, 10).iter().any(|h| h.1 == "close"));
    }

    #[test]
    fn the_readme_key_table_is_the_key_table() {
        let readme = include_str!("../../README.md");
        let table = markdown_table();
        assert!(
            readme.contains(&table),
            "README.md's key table differs from keys.rs; it should read:\n{table}"
        );
    }
}
