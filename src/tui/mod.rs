//! The interactive inspector: a ratatui front end over the analysis.
//!
//! `init -> run -> restore`, with a panic hook that restores the terminal
//! first and then prints the URL being edited, so nothing typed is lost.
//! The loop is the minimal one: draw, wait for an event, let the app
//! handle it, perform what it asks (copying), repeat.

pub mod app;
pub mod carried;
pub mod detail_lines;
pub mod fix;
pub mod keys;
pub mod layout;
pub mod leads;
pub mod text;
pub mod theme;
pub mod tree;
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
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// The URL as last seen, for the panic hook.
type Recovery = Arc<Mutex<Vec<u8>>>;

/// Where the inspector draws: standard output, or the terminal itself
/// (`--print`, when standard output is the pipe that receives the result).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Screen {
    Stdout,
    Tty,
}

impl Screen {
    fn writer(self) -> io::Result<Box<dyn Write + Send>> {
        Ok(match self {
            Screen::Stdout => Box::new(io::stdout()),
            Screen::Tty => Box::new(std::fs::OpenOptions::new().write(true).open("/dev/tty")?),
        })
    }
}

fn restore_terminal(screen: Screen) {
    let _ = disable_raw_mode();
    if let Ok(mut out) = screen.writer() {
        let _ = execute!(
            out,
            DisableMouseCapture,
            DisableBracketedPaste,
            LeaveAlternateScreen,
            crossterm::cursor::Show
        );
    }
}

fn enter_terminal(screen: Screen) -> io::Result<()> {
    enable_raw_mode()?;
    let mut out = screen.writer()?;
    if let Err(e) = execute!(
        out,
        EnterAlternateScreen,
        EnableBracketedPaste,
        EnableMouseCapture
    ) {
        restore_terminal(screen);
        return Err(e);
    }
    Ok(())
}

fn install_panic_hook(recovery: Recovery, screen: Screen) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal(screen);
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

/// Ctrl-Z: give the terminal back, stop until `fg` (SIGCONT), take it
/// again. The caller redraws everything.
fn suspend(screen: Screen) -> io::Result<()> {
    restore_terminal(screen);
    signal_hook::low_level::raise(signal_hook::consts::SIGTSTP)?;
    enter_terminal(screen)
}

/// Copy `text`: an OSC 52 sequence to the terminal (works over SSH), the
/// tmux buffer when running inside tmux (whose default `set-clipboard
/// external` drops an application's OSC 52), and the system clipboard
/// where a display server is reachable. Returns the status line.
pub(crate) fn copy(
    out: &mut impl Write,
    clipboard: &mut Option<arboard::Clipboard>,
    what: &str,
    text: &str,
) -> String {
    let osc = execute!(
        out,
        crossterm::clipboard::CopyToClipboard::to_clipboard_from(text.as_bytes())
    );
    let tmux = std::env::var_os("TMUX").map(|_| tmux_load_buffer(text));
    if clipboard.is_none() {
        *clipboard = arboard::Clipboard::new().ok();
    }
    let system = clipboard.as_mut().map(|c| c.set_text(text.to_string()));
    copy_status(
        what,
        text.len(),
        Copied {
            osc: osc.map_err(|e| e.to_string()),
            tmux,
            system: system.map(|r| r.map_err(|e| e.to_string())),
        },
    )
}

/// `tmux load-buffer -w -`: `text` into tmux's paste buffer, on standard
/// input (never on the command line), and from there to the outer
/// terminal's clipboard (`-w`, tmux 3.2 and later; without it on older
/// ones).
fn tmux_load_buffer(text: &str) -> Result<(), String> {
    let load = |args: &[&str]| -> Result<(), String> {
        let mut child = std::process::Command::new("tmux")
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        if let Some(mut input) = child.stdin.take() {
            input
                .write_all(text.as_bytes())
                .map_err(|e| e.to_string())?;
        }
        let status = child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("tmux load-buffer: {status}"))
        }
    };
    load(&["load-buffer", "-w", "-"]).or_else(|_| load(&["load-buffer", "-"]))
}

/// Where a copy went: the terminal by OSC 52, the tmux buffer (inside
/// tmux only), the system clipboard (where one was reachable).
pub(crate) struct Copied {
    pub(crate) osc: Result<(), String>,
    pub(crate) tmux: Option<Result<(), String>>,
    pub(crate) system: Option<Result<(), String>>,
}

/// The status line after a copy: what was copied, how many bytes, and
/// where they went (the terminal by OSC 52; the system clipboard, if
/// any). Said whole beside `? help` on an 80-column bar (70 columns) for
/// any copy of up to 9999 bytes; only an error's own words, which come
/// last, may be cut: a `what` of 24 columns or fewer (the component was
/// said to be copied 'decoded, its controls escaped', cut as '…: tmux
/// bu…'; that controls stay escaped is the `y` key's rule, and its help
/// says so in full).
pub(crate) fn copy_status(what: &str, bytes: usize, copied: Copied) -> String {
    let Copied { osc, tmux, system } = copied;
    // Inside tmux its buffer is where a paste comes from: said first, the
    // OSC 52 sequence (which tmux passes on or drops) left unsaid.
    if let Some(Ok(())) = tmux {
        let to = match system {
            Some(Ok(())) => "tmux and system clipboard".to_string(),
            None => "tmux buffer".to_string(),
            Some(Err(e)) => format!("tmux buffer, not system clipboard: {e}"),
        };
        return format!("copied {what}, {}: {to}", text::bytes_count(bytes));
    }
    // Nothing confirms that the terminal took the OSC 52 sequence: where
    // nothing else took the copy, that is said, never 'copied'.
    let sent = |rest: &str| {
        format!(
            "sent {what}, {}: OSC 52 only (unconfirmed){rest}",
            text::bytes_count(bytes)
        )
    };
    let to = match (osc, system) {
        (Ok(()), Some(Ok(()))) => "OSC 52 and system clipboard".to_string(),
        (Ok(()), None) => return sent(""),
        (Ok(()), Some(Err(e))) => return sent(&format!(", not system clipboard: {e}")),
        (Err(e), Some(Ok(()))) => format!("system clipboard, not OSC 52: {e}"),
        (Err(e), None) => {
            return format!("could not copy {what}: no system clipboard, OSC 52: {e}")
        }
        (Err(e), Some(Err(s))) => {
            return format!("could not copy {what}: OSC 52: {e}; system clipboard: {s}")
        }
    };
    format!("copied {what}, {}: {to}", text::bytes_count(bytes))
}

/// `URLSCOPE_TEST_PANIC_KEY=<char>` makes that key panic, so the
/// end-to-end tests can check, in the build they test (debug or
/// release), that a crash restores the terminal and prints the URL being
/// edited. Only a variable of that name, set on purpose, does it.
fn crash_for_tests(key: &crossterm::event::KeyEvent) {
    if let (Ok(trigger), crossterm::event::KeyCode::Char(c)) =
        (std::env::var("URLSCOPE_TEST_PANIC_KEY"), key.code)
    {
        if trigger.starts_with(c) {
            panic!("test panic requested with URLSCOPE_TEST_PANIC_KEY");
        }
    }
}

/// How an inspector session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// `q`: the cleaned URL as it then stood (after any edits).
    Quit { clean: String },
    /// Ctrl-C.
    Interrupted,
}

/// Run the inspector on `input` until the user quits (`q`) or interrupts
/// it (Ctrl-C); with a `base`, `input` is a reference and the inspector
/// shows where it resolves; `note`, when given, is what its status line
/// says first.
pub fn run(
    input: Vec<u8>,
    color: bool,
    base: Option<Vec<u8>>,
    note: Option<String>,
) -> io::Result<Outcome> {
    session(input, color, base, note, Screen::Stdout)
}

/// Run the inspector on the terminal (`/dev/tty`) whatever standard output
/// is, for `fixed=$(urlscope --print URL)`: the caller prints the outcome.
/// Without a terminal this is an error.
pub fn run_on_tty(
    input: Vec<u8>,
    color: bool,
    base: Option<Vec<u8>>,
    note: Option<String>,
) -> io::Result<Outcome> {
    session(input, color, base, note, Screen::Tty)
}

/// The inspector on `screen`; `note`, when given, is the status line's
/// first words.
fn session(
    input: Vec<u8>,
    color: bool,
    base: Option<Vec<u8>>,
    note: Option<String>,
    screen: Screen,
) -> io::Result<Outcome> {
    let options = urlscope_core::Options::default();
    let mut app = match base {
        Some(base) => App::with_base(base, input, options, color),
        None => App::new(input, options, color),
    };
    if let Some(note) = note {
        app.status = note;
    }
    let recovery: Recovery = Arc::new(Mutex::new(app.analysis.input.clone()));
    // Fails before the terminal is touched when there is none.
    let out = screen.writer()?;
    install_panic_hook(recovery.clone(), screen);
    enter_terminal(screen)?;
    let result = event_loop(app, &recovery, out, screen);
    restore_terminal(screen);
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

fn event_loop(
    mut app: App,
    recovery: &Recovery,
    out: Box<dyn Write + Send>,
    screen: Screen,
) -> io::Result<Outcome> {
    let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
    let options = app.options;
    app.background_from = BACKGROUND_FROM;
    app.prints_on_quit = screen == Screen::Tty;
    let (requests, results) = spawn_analyser(options);
    let mut clipboard: Option<arboard::Clipboard> = None;
    while app.running {
        for analysis in results.try_iter() {
            app.apply_analysis(analysis);
        }
        let size = terminal.size()?;
        app.set_size(Rect::new(0, 0, size.width, size.height));
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
            let now = app.url_now();
            if *r != *now {
                *r = now.into_owned();
            }
        }
        match action {
            Action::Copy {
                what,
                text,
                caution,
            } => {
                let status = copy(terminal.backend_mut(), &mut clipboard, what, &text);
                // The caution first: on a narrow bar the copy's own words
                // are the ones cut.
                app.status = match caution {
                    Some(caution) => format!("{caution}: {status}"),
                    None => status,
                };
            }
            Action::Handout { host, html } => {
                app.status = write_handout(Path::new("."), &host, &html);
            }
            Action::Suspend => {
                suspend(screen)?;
                terminal.clear()?;
                app.status = "back from the shell".to_string();
            }
            Action::None | Action::Quit => {}
        }
    }
    Ok(if app.interrupted {
        Outcome::Interrupted
    } else {
        // A background analysis may not have landed yet.
        let clean = if app.is_stale() {
            urlscope_core::analyze(&app.wanted, &options).clean
        } else {
            app.analysis.clean.clone()
        };
        Outcome::Quit { clean }
    })
}

/// Write a handout to `urlscope-<host>-<n>.html` in `dir`, with the first
/// `n` whose file does not exist yet (never overwriting one); the status
/// line's words.
pub fn write_handout(dir: &Path, host: &str, html: &[u8]) -> String {
    // Only letters, digits, '.' and '-' of the host reach the file name.
    let host: String = host
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
        .take(64)
        .collect();
    let host = host.trim_matches('.');
    let host = if host.is_empty() { "url" } else { host };
    for n in 1..10_000 {
        let path = dir.join(format!("urlscope-{host}-{n}.html"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                return match file.write_all(html) {
                    Ok(()) => format!("handout written to {}", path.display()),
                    Err(e) => format!("handout: cannot write {}: {e}", path.display()),
                };
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return format!("handout: cannot create {}: {e}", path.display()),
        }
    }
    "handout: too many handouts here already".to_string()
}
