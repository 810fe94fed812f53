//! End to end: the real binary in a real terminal (tmux), driven by keys,
//! read back from the screen and from the raw output stream.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    /// A private tmux server, or `None` (with a note) where tmux is missing
    /// outside CI. In CI a missing tmux is a failure: `.ci/run` installs it.
    fn start(name: &str) -> Option<Tmux> {
        let ok = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            assert!(
                std::env::var_os("CI").is_none(),
                "tmux is required in CI (.ci/run installs it)"
            );
            eprintln!("skipping: tmux is not installed");
            return None;
        }
        Some(Tmux {
            socket: format!("urlscope-test-{}-{name}", std::process::id()),
        })
    }

    fn cmd(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Open the session `t`, `w` by `h`, running `command` through the shell.
    fn session(&self, w: u16, h: u16, command: &str, env: &[&str]) {
        let (w, h) = (w.to_string(), h.to_string());
        let mut args = vec!["new-session", "-d", "-s", "t", "-x", &w, "-y", &h];
        for e in env {
            args.extend(["-e", e]);
        }
        args.push(command);
        self.cmd(&args);
    }

    /// Wait until the screen satisfies `check`; the screen then.
    fn wait_screen(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        self.wait_for(what, check, Tmux::screen)
    }

    fn screen(&self) -> String {
        self.cmd(&["capture-pane", "-p", "-t", "t"])
    }

    fn wait_for(
        &self,
        what: &str,
        check: impl Fn(&str) -> bool,
        get: impl Fn(&Tmux) -> String,
    ) -> String {
        let start = Instant::now();
        loop {
            let text = get(self);
            if check(&text) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}; last:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

fn bin() -> String {
    env!("CARGO_BIN_EXE_urlscope").to_string()
}

fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn inspector_starts_copies_over_osc52_and_quits_cleanly() {
    let Some(tmux) = Tmux::start("copy") else {
        return;
    };
    let raw_log: PathBuf =
        std::env::temp_dir().join(format!("urlscope-tui-{}.raw", std::process::id()));
    let _ = std::fs::remove_file(&raw_log);
    let url = "http://example.com/a b/%252e%252e%252fetc";
    let command = format!(
        "{} {}; echo URLSCOPE-EXITED $?; sleep 30",
        bin(),
        sh_quote(url)
    );
    tmux.session(120, 40, &command, &["NO_COLOR="]);
    tmux.cmd(&["set-option", "-g", "set-clipboard", "on"]);
    tmux.cmd(&[
        "pipe-pane",
        "-o",
        "-t",
        "t",
        &format!("cat >> {}", raw_log.display()),
    ]);
    let screen = tmux.wait_screen("the inspector", |s| {
        s.contains("Components") && s.contains("path-traversal")
    });
    // The selection starts on the first warned component ("a b"); the next
    // one shows its decoding layers.
    tmux.cmd(&["send-keys", "-t", "t", "Down"]);
    tmux.wait_screen("the layers", |s| {
        s.contains("2: ../etc") && s.contains("◀ path-traversal")
    });
    assert!(
        screen.contains("http://example.com/a%20b/%252e%252e%252fetc"),
        "cleaned URL shown:\n{screen}"
    );

    tmux.cmd(&["send-keys", "-t", "t", "c"]);
    let clean = "http://example.com/a%20b/%252e%252e%252fetc";
    tmux.wait_for("the clipboard", |b| b == clean, |t| t.cmd(&["show-buffer"]));
    let screen = tmux.wait_screen("the status line", |s| s.contains("copied cleaned URL"));
    assert!(screen.contains("OSC 52 sent"), "{screen}");
    // The raw output stream carries the OSC 52 sequence with the URL in base64.
    use base64::Engine;
    let b64 = base64::engine::general_purpose::STANDARD.encode(clean);
    // pipe-pane's `cat` writes the log a moment after the screen shows the
    // status line, so wait for it.
    let needle = format!("\u{1b}]52;c;{b64}");
    tmux.wait_for(
        "OSC 52 in the output stream",
        |raw| raw.contains(&needle),
        |_| String::from_utf8_lossy(&std::fs::read(&raw_log).unwrap_or_default()).into_owned(),
    );

    tmux.cmd(&["send-keys", "-t", "t", "q"]);
    let screen = tmux.wait_screen("a clean exit", |s| s.contains("URLSCOPE-EXITED"));
    assert!(screen.contains("URLSCOPE-EXITED 0"), "{screen}");
    assert!(
        !screen.contains("Components"),
        "the alternate screen is gone:\n{screen}"
    );
    let _ = std::fs::remove_file(&raw_log);
}

#[test]
fn url_from_stdin_keys_from_the_terminal_and_editing() {
    let Some(tmux) = Tmux::start("stdin") else {
        return;
    };
    let command = format!(
        "printf '%s' 'http://example.com/ok' | {} -; echo URLSCOPE-EXITED $?; sleep 30",
        bin()
    );
    tmux.session(80, 24, &command, &[]);
    tmux.wait_screen("the inspector", |s| {
        s.contains("Components") && s.contains("no warnings")
    });
    // Edit in place: the analysis follows the typing.
    tmux.cmd(&["send-keys", "-t", "t", "e", "End", "/%2e%2e/x"]);
    tmux.wait_screen("a live re-analysis", |s| s.contains("path-traversal"));
    tmux.cmd(&["send-keys", "-t", "t", "Escape"]);
    tmux.wait_screen("the edit cancelled", |s| {
        s.contains("edit cancelled") && s.contains("no warnings")
    });
    tmux.cmd(&["send-keys", "-t", "t", "?"]);
    tmux.wait_screen("the help", |s| {
        s.contains("Help") && s.contains("copy the cleaned URL")
    });
    tmux.cmd(&["send-keys", "-t", "t", "Escape"]);
    tmux.wait_screen("the help closed", |s| {
        !s.contains("any key closes this help")
    });
    // Too small, then big enough again.
    tmux.cmd(&["resize-window", "-t", "t", "-x", "60", "-y", "20"]);
    tmux.wait_screen("the size message", |s| {
        s.contains("80x24; this one is 60x20")
    });
    tmux.cmd(&["resize-window", "-t", "t", "-x", "100", "-y", "30"]);
    tmux.wait_screen("the layout again", |s| s.contains("Components"));
    tmux.cmd(&["send-keys", "-t", "t", "q"]);
    tmux.wait_screen("a clean exit", |s| s.contains("URLSCOPE-EXITED 0"));
}

#[test]
fn a_crash_restores_the_terminal_and_keeps_the_edit() {
    let Some(tmux) = Tmux::start("panic") else {
        return;
    };
    let command = format!(
        "URLSCOPE_TEST_PANIC_KEY=§ RUST_BACKTRACE=0 {} 'http://example.com/start'; echo URLSCOPE-EXITED $?; sleep 30",
        bin()
    );
    tmux.session(100, 30, &command, &[]);
    tmux.wait_screen("the inspector", |s| s.contains("Components"));
    tmux.cmd(&["send-keys", "-t", "t", "e", "End", "/typed-by-hand"]);
    tmux.wait_screen("the edit", |s| s.contains("typed-by-hand"));
    tmux.cmd(&["send-keys", "-t", "t", "§"]);
    let screen = tmux.wait_screen("the crash report", |s| s.contains("URLSCOPE-EXITED"));
    assert!(
        screen.contains("urlscope: crashed; the URL you were inspecting was:"),
        "{screen}"
    );
    assert!(
        screen.contains("http://example.com/start/typed-by-hand"),
        "the edit survives:\n{screen}"
    );
    assert!(
        !screen.contains("Components"),
        "the alternate screen is gone:\n{screen}"
    );
}
