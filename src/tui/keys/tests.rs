//! The key table holds together: every key bound, none twice, the hint
//! bar and the README generated from it.

use super::*;
use crossterm::event::KeyModifiers;

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

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
fn the_documented_key_table_is_the_key_table() {
    let readme = include_str!("../../../docs/inspector.md");
    let table = markdown_table();
    assert!(
        readme.contains(&table),
        "docs/inspector.md's key table differs from keys.rs; it should read:\n{table}"
    );
}

/// Every key's name in the help leaves a space before its sentence, in
/// every context: a name as wide as the column would run into it.
#[test]
fn every_help_key_leaves_a_space_before_its_sentence() {
    for &context in ALL {
        for line in help_lines(context) {
            if let HelpLine::Key(k, _) = line {
                let w = unicode_width::UnicodeWidthStr::width(k);
                assert!(
                    w < crate::tui::layout::HELP_KEY_W,
                    "{k:?} is {w} columns wide"
                );
            }
        }
    }
}
