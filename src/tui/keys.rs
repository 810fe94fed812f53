//! The key table: every binding in one place, as data. The help overlay and
//! the hint bar are generated from it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key asks for, outside the URL editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Quit,
    NextPane,
    PrevPane,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Jump,
    Edit,
    SwitchView,
    CopyClean,
    CopyNormalized,
    CopyDecoded,
    TogglePretty,
    ToggleReadings,
    ToggleDialects,
    Gallery,
    Help,
}

/// One binding: the keys, the command, and the words in the help.
pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    pub label: &'static str,
    pub command: Command,
    pub help: &'static str,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// Every binding, in the order the help lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[
            (KeyCode::Char('q'), NONE),
            (KeyCode::Esc, NONE),
            (KeyCode::Char('c'), CTRL),
        ],
        label: "q Esc",
        command: Command::Quit,
        help: "quit",
    },
    Binding {
        keys: &[(KeyCode::Tab, NONE)],
        label: "Tab",
        command: Command::NextPane,
        help: "next pane",
    },
    Binding {
        keys: &[(KeyCode::BackTab, SHIFT), (KeyCode::BackTab, NONE)],
        label: "S-Tab",
        command: Command::PrevPane,
        help: "previous pane",
    },
    Binding {
        keys: &[(KeyCode::Up, NONE), (KeyCode::Char('k'), NONE)],
        label: "↑ k",
        command: Command::Up,
        help: "move up",
    },
    Binding {
        keys: &[(KeyCode::Down, NONE), (KeyCode::Char('j'), NONE)],
        label: "↓ j",
        command: Command::Down,
        help: "move down",
    },
    Binding {
        keys: &[(KeyCode::PageUp, NONE)],
        label: "PgUp",
        command: Command::PageUp,
        help: "page up",
    },
    Binding {
        keys: &[(KeyCode::PageDown, NONE)],
        label: "PgDn",
        command: Command::PageDown,
        help: "page down",
    },
    Binding {
        keys: &[(KeyCode::Home, NONE)],
        label: "Home",
        command: Command::Top,
        help: "first item",
    },
    Binding {
        keys: &[
            (KeyCode::End, NONE),
            (KeyCode::Char('G'), SHIFT),
            (KeyCode::Char('G'), NONE),
        ],
        label: "End G",
        command: Command::Bottom,
        help: "last item",
    },
    Binding {
        keys: &[(KeyCode::Enter, NONE)],
        label: "Enter",
        command: Command::Jump,
        help: "on a warning: jump to its bytes",
    },
    Binding {
        keys: &[(KeyCode::Char('e'), NONE)],
        label: "e",
        command: Command::Edit,
        help: "edit the URL (Enter applies, Esc cancels)",
    },
    Binding {
        keys: &[(KeyCode::Char('v'), NONE)],
        label: "v",
        command: Command::SwitchView,
        help: "switch the byte view (hex, binary, raw, decoded)",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), NONE)],
        label: "c",
        command: Command::CopyClean,
        help: "copy the cleaned URL",
    },
    Binding {
        keys: &[(KeyCode::Char('n'), NONE)],
        label: "n",
        command: Command::CopyNormalized,
        help: "copy the normalized URL",
    },
    Binding {
        keys: &[(KeyCode::Char('y'), NONE)],
        label: "y",
        command: Command::CopyDecoded,
        help: "copy the selected component, decoded",
    },
    Binding {
        keys: &[(KeyCode::Char('d'), NONE)],
        label: "d",
        command: Command::ToggleDialects,
        help: "every encoder on the selected component, differences marked",
    },
    Binding {
        keys: &[(KeyCode::Char('g'), NONE)],
        label: "g",
        command: Command::Gallery,
        help: "the gallery of examples, each explained (Enter opens one)",
    },
    Binding {
        keys: &[(KeyCode::Char('r'), NONE)],
        label: "r",
        command: Command::ToggleReadings,
        help: "show the RFC 3986 and WHATWG readings side by side",
    },
    Binding {
        keys: &[(KeyCode::Char('p'), NONE)],
        label: "p",
        command: Command::TogglePretty,
        help: "show the URL as an address bar does (pretty), or as written",
    },
    Binding {
        keys: &[
            (KeyCode::Char('?'), NONE),
            (KeyCode::Char('?'), SHIFT),
            (KeyCode::F(1), NONE),
        ],
        label: "? F1",
        command: Command::Help,
        help: "this help",
    },
];

/// The editor's keys, for the help overlay (the editor handles them itself).
pub const EDITOR_HELP: &[(&str, &str)] = &[
    ("← → Home End", "move the cursor"),
    ("Backspace Del", "delete"),
    ("Ctrl-U", "clear the line"),
    ("paste", "insert (bracketed paste)"),
    ("Enter", "apply the edit"),
    ("Esc", "cancel the edit"),
];

/// The short hints shown in the bottom bar.
pub const HINTS: &[(&str, &str)] = &[
    ("q", "quit"),
    ("Tab", "pane"),
    ("↑↓", "move"),
    ("Enter", "jump"),
    ("e", "edit"),
    ("v", "view"),
    ("c", "copy clean"),
    ("n", "copy normal"),
    ("y", "copy decoded"),
    ("p", "pretty"),
    ("r", "readings"),
    ("d", "dialects"),
    ("g", "gallery"),
    ("?", "help"),
];

/// The command bound to `key`, if any.
pub fn key_match(key: &KeyEvent) -> Option<Command> {
    // Shift is implied by some characters; compare without it for chars.
    let mods = match key.code {
        KeyCode::Char(_) => key.modifiers - KeyModifiers::SHIFT,
        _ => key.modifiers,
    };
    BINDINGS
        .iter()
        .find(|b| {
            b.keys.iter().any(|&(code, m)| {
                let m = match code {
                    KeyCode::Char(_) => m - KeyModifiers::SHIFT,
                    _ => m,
                };
                code == key.code && m == mods
            })
        })
        .map(|b| b.command)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, m: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, m)
    }

    #[test]
    fn every_documented_key_is_bound() {
        assert_eq!(
            key_match(&key(KeyCode::Char('q'), NONE)),
            Some(Command::Quit)
        );
        assert_eq!(key_match(&key(KeyCode::Esc, NONE)), Some(Command::Quit));
        assert_eq!(key_match(&key(KeyCode::Tab, NONE)), Some(Command::NextPane));
        assert_eq!(
            key_match(&key(KeyCode::BackTab, SHIFT)),
            Some(Command::PrevPane)
        );
        assert_eq!(
            key_match(&key(KeyCode::Char('j'), NONE)),
            Some(Command::Down)
        );
        assert_eq!(
            key_match(&key(KeyCode::Char('?'), SHIFT)),
            Some(Command::Help)
        );
        assert_eq!(
            key_match(&key(KeyCode::Char('c'), CTRL)),
            Some(Command::Quit)
        );
        assert_eq!(
            key_match(&key(KeyCode::Char('c'), NONE)),
            Some(Command::CopyClean)
        );
        assert_eq!(key_match(&key(KeyCode::Char('x'), NONE)), None);
    }

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen = std::collections::HashSet::new();
        for b in BINDINGS {
            for k in b.keys {
                assert!(seen.insert(*k), "{k:?} bound twice");
            }
        }
    }
}
