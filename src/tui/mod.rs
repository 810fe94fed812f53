//! The interactive inspector: a ratatui front end over the analysis.
//!
//! `init -> run -> restore`, with a panic hook that restores the terminal
//! first and then prints the URL being edited, so nothing typed is lost.
//! The loop is the minimal one: draw, wait for an event, let the app
//! handle it, perform what it asks (copying), repeat.

pub mod app;
pub mod keys;
pub mod layout;
pub mod theme;
pub mod view;

use app::{Action, App};
use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    Event,
};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::io::{self, Write};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// The URL as last seen, for the panic hook.
type Recovery = Arc<Mutex<Vec<u8>>>;

fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

fn install_panic_hook(recovery: Recovery) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        if let Ok(url) = recovery.lock() {
            let _ = writeln!(
                io::stderr(),
                "urlscope: crashed; the URL you were inspecting was:\n{}",
                urlscope_core::text::escape_bytes(&url)
            );
        }
        previous(info);
    }));
}

/// Copy `text`: an OSC 52 sequence to the terminal (works over SSH and in
/// tmux) and the system clipboard where a display server is reachable.
/// Returns the status line.
fn copy(
    out: &mut impl Write,
    clipboard: &mut Option<arboard::Clipboard>,
    what: &str,
    text: &str,
) -> String {
    let osc = execute!(
        out,
        crossterm::clipboard::CopyToClipboard::to_clipboard_from(text.as_bytes())
    );
    let osc = match osc {
        Ok(()) => "OSC 52 sent".to_string(),
        Err(e) => format!("OSC 52 failed ({e})"),
    };
    if clipboard.is_none() {
        *clipboard = arboard::Clipboard::new().ok();
    }
    let system = match clipboard.as_mut().map(|c| c.set_text(text.to_string())) {
        Some(Ok(())) => "system clipboard set".to_string(),
        Some(Err(e)) => format!("system clipboard: {e}"),
        None => "no system clipboard (no display server)".to_string(),
    };
    format!("copied {what} ({} bytes): {osc}; {system}", text.len())
}

/// In debug builds only, `URLSCOPE_TEST_PANIC_KEY=<char>` makes that key
/// panic, so the end-to-end tests can check that a crash restores the
/// terminal and prints the URL being edited. Release builds ignore it.
fn crash_for_tests(key: &crossterm::event::KeyEvent) {
    if cfg!(debug_assertions) {
        if let (Ok(trigger), crossterm::event::KeyCode::Char(c)) =
            (std::env::var("URLSCOPE_TEST_PANIC_KEY"), key.code)
        {
            if trigger.starts_with(c) {
                panic!("test panic requested with URLSCOPE_TEST_PANIC_KEY");
            }
        }
    }
}

/// Run the inspector on `input` until the user quits.
pub fn run(input: Vec<u8>, color: bool) -> io::Result<()> {
    let recovery: Recovery = Arc::new(Mutex::new(input.clone()));
    install_panic_hook(recovery.clone());
    enable_raw_mode()?;
    let mut stdout = io::stdout();
    if let Err(e) = execute!(
        stdout,
        EnterAlternateScreen,
        EnableBracketedPaste,
        EnableMouseCapture
    ) {
        restore_terminal();
        return Err(e);
    }
    let result = event_loop(input, color, &recovery);
    restore_terminal();
    result
}

/// Inputs at least this big are re-analysed off the UI thread while editing.
const BACKGROUND_FROM: usize = 64 * 1024;

/// A worker that analyses the latest input it is sent, skipping stale ones.
fn spawn_analyser(
    options: urlscope_core::Options,
) -> (
    mpsc::Sender<Vec<u8>>,
    mpsc::Receiver<urlscope_core::Analysis>,
) {
    let (request_tx, request_rx) = mpsc::channel::<Vec<u8>>();
    let (result_tx, result_rx) = mpsc::channel();
    std::thread::spawn(move || {
        while let Ok(mut input) = request_rx.recv() {
            while let Ok(newer) = request_rx.try_recv() {
                input = newer;
            }
            if result_tx
                .send(urlscope_core::analyze(&input, &options))
                .is_err()
            {
                break;
            }
        }
    });
    (request_tx, result_rx)
}

fn event_loop(input: Vec<u8>, color: bool, recovery: &Recovery) -> io::Result<()> {
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let options = urlscope_core::Options::default();
    let mut app = App::new(input, options, color);
    app.background_from = BACKGROUND_FROM;
    let (requests, results) = spawn_analyser(options);
    let mut clipboard: Option<arboard::Clipboard> = None;
    while app.running {
        for analysis in results.try_iter() {
            app.apply_analysis(analysis);
        }
        let size = terminal.size()?;
        app.size = Rect::new(0, 0, size.width, size.height);
        terminal.draw(|frame| view::render(&app, frame))?;
        if let Some(input) = app.pending.take() {
            let _ = requests.send(input);
        }
        // While an analysis runs, wake up to show it when it lands.
        if app.is_stale() && !event::poll(Duration::from_millis(25))? {
            continue;
        }
        let action = match event::read()? {
            Event::Key(key) => {
                crash_for_tests(&key);
                app.handle_key(key)
            }
            Event::Paste(text) => {
                app.handle_paste(&text);
                Action::None
            }
            Event::Mouse(m) => {
                app.handle_mouse(m);
                Action::None
            }
            _ => Action::None,
        };
        if let Ok(mut r) = recovery.lock() {
            if r.as_slice() != app.input() {
                *r = app.input().to_vec();
            }
        }
        if let Action::Copy { what, text } = action {
            app.status = copy(terminal.backend_mut(), &mut clipboard, what, &text);
        }
    }
    Ok(())
}
