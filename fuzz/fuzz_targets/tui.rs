//! The inspector's App fed random keys, pastes, clicks and sizes, rendered
//! into a TestBackend: no panic, no raw control character in any cell.
#![no_main]

use urlscope::tui;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use libfuzzer_sys::fuzz_target;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;

const KEYS: &[KeyCode] = &[
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Enter,
    KeyCode::Esc,
    KeyCode::Backspace,
    KeyCode::Delete,
    KeyCode::F(1),
];

fuzz_target!(|data: &[u8]| {
    let Some((&split, rest)) = data.split_first() else {
        return;
    };
    let cut = usize::from(split).min(rest.len());
    let (url, script) = rest.split_at(cut);
    let mut app = tui::app::App::new(url.to_vec(), urlscope_core::Options::default(), split & 1 == 0);
    let (mut w, mut h) = (120u16, 40u16);
    app.size = Rect::new(0, 0, w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    for pair in script.chunks(2) {
        let (op, arg) = (pair[0], pair.get(1).copied().unwrap_or(0));
        match op % 8 {
            0 | 1 | 2 => {
                let code = KEYS[usize::from(arg) % KEYS.len()];
                app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
            }
            3 | 4 => {
                let c = char::from(arg);
                app.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
            }
            5 => app.handle_paste(&String::from_utf8_lossy(&[arg, arg ^ 0x80, 0x1b])),
            6 => app.handle_mouse(MouseEvent {
                kind: if arg & 1 == 0 {
                    MouseEventKind::Down(MouseButton::Left)
                } else {
                    MouseEventKind::ScrollDown
                },
                column: u16::from(arg) % w,
                row: u16::from(arg) % h,
                modifiers: KeyModifiers::NONE,
            }),
            _ => {
                w = 60 + u16::from(arg % 100);
                h = 15 + u16::from(arg % 40);
                app.size = Rect::new(0, 0, w, h);
                terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            }
        }
        terminal.draw(|f| tui::view::render(&app, f)).unwrap();
        for cell in terminal.backend().buffer().content() {
            assert!(
                !cell.symbol().chars().any(urlscope_core::text::needs_escape),
                "{:?}",
                cell.symbol()
            );
        }
        if !app.running {
            return;
        }
    }
});
