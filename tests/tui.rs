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
        // A frame may be read while the terminal is still taking it in:
        // the text counts once it passes and two reads agree.
        let start = Instant::now();
        let mut last: Option<String> = None;
        loop {
            let text = get(self);
            let passes = check(&text);
            if passes && last.as_deref() == Some(text.as_str()) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}; last:\n{text}"
            );
            last = passes.then_some(text);
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
    // Waited for whole: under load tmux can capture a frame half drawn.
    let screen = tmux.wait_screen("the inspector", |s| {
        s.contains("Components")
            && s.contains("path-traversal")
            && s.contains("http://example.com/a%20b/%252e%252e%252fetc")
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
    // Inside tmux the copy goes to its paste buffer too, which is what the
    // status line names.
    tmux.wait_screen("the status line", |s| {
        s.contains("copied the cleaned URL, 43 bytes: tmux buffer")
    });
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
        s.contains("Help · 1-") && s.contains("Keys in the components pane")
    });
    // It scrolls to the legend of the marks, and Esc closes it.
    tmux.cmd(&["send-keys", "-t", "t", "End"]);
    tmux.wait_screen("the end of the help", |s| {
        s.contains("marker bits | payload bits") && s.contains("Esc closes")
    });
    tmux.cmd(&["send-keys", "-t", "t", "Escape"]);
    tmux.wait_screen("the help closed", |s| {
        !s.contains("Esc closes") && s.contains("Components")
    });
    // Esc at the top quits nothing; z zooms and Esc gives the screen back.
    tmux.cmd(&["send-keys", "-t", "t", "Escape"]);
    tmux.wait_screen("Esc says how to quit", |s| {
        s.contains("nothing to close: q quits")
    });
    tmux.cmd(&["send-keys", "-t", "t", "Tab", "z"]);
    tmux.wait_screen("the bytes zoomed", |s| {
        s.contains("zoomed") && !s.contains("Components") && s.contains("bits")
    });
    tmux.cmd(&["send-keys", "-t", "t", "Escape", "BTab"]);
    tmux.wait_screen("zoom left", |s| {
        s.contains("Components") && s.contains("Warnings")
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

/// A list piped in opens its first URL and says so: the others were
/// passed over in silence.
#[test]
fn a_list_from_stdin_says_which_url_is_shown() {
    let Some(tmux) = Tmux::start("list") else {
        return;
    };
    let command = format!(
        "printf 'https://a.example/x\\nhttps://b.example/y\\nhttps://c.example/z\\n' | {}; sleep 30",
        bin()
    );
    tmux.session(80, 24, &command, &[]);
    tmux.wait_screen("the note", |s| {
        s.contains("a.example")
            && s.contains("URL 1 of 3 from standard input; scan - reads them all")
    });
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

/// `E` on a query value, then `c`: the value stays one value, in tmux's
/// paste buffer (OSC 52).
#[test]
fn fixing_a_query_value_then_copying_it() {
    let Some(tmux) = Tmux::start("fix") else {
        return;
    };
    let command = format!(
        "{} 'http://example.com/s?q=old&lang=en'; echo URLSCOPE-EXITED $?; sleep 30",
        bin()
    );
    tmux.session(80, 24, &command, &["NO_COLOR="]);
    tmux.cmd(&["set-option", "-g", "set-clipboard", "on"]);
    tmux.wait_screen("the inspector", |s| s.contains("Components"));
    // The value `old` is the fifth component: scheme, host, s, q, old.
    tmux.cmd(&[
        "send-keys",
        "-t",
        "t",
        "Home",
        "Down",
        "Down",
        "Down",
        "Down",
        "E",
        "C-u",
    ]);
    tmux.wait_screen("the component editor", |s| {
        s.contains("Fixing [4] query value")
    });
    tmux.cmd(&["send-keys", "-t", "t", "-l", "tom & jerry"]);
    tmux.wait_screen("the encoded value", |s| {
        s.contains("written  tom%20%26%20jerry")
    });
    tmux.cmd(&["send-keys", "-t", "t", "Enter"]);
    tmux.wait_screen("the fix applied", |s| s.contains("[4] fixed"));
    // q warns once about the edit that was not copied.
    tmux.cmd(&["send-keys", "-t", "t", "q"]);
    tmux.wait_screen("the warning", |s| s.contains("has not been copied"));
    tmux.cmd(&["send-keys", "-t", "t", "c"]);
    let want = "http://example.com/s?q=tom%20%26%20jerry&lang=en";
    tmux.wait_for("the clipboard", |b| b == want, |t| t.cmd(&["show-buffer"]));
    tmux.cmd(&["send-keys", "-t", "t", "q"]);
    tmux.wait_screen("a clean exit", |s| s.contains("URLSCOPE-EXITED 0"));
}

/// A long URL whose first warned component is its 200th pair starts with
/// that component selected and in view.
#[test]
fn the_first_warned_component_is_in_view_at_start() {
    let Some(tmux) = Tmux::start("long") else {
        return;
    };
    let mut url = String::from("http://example.com/?");
    for i in 0..199 {
        url.push_str(&format!("k{i}=v{i}&"));
    }
    url.push_str("bad=%252e%252e%252f");
    let command = format!("{} {}; sleep 30", bin(), sh_quote(&url));
    tmux.session(80, 24, &command, &["NO_COLOR="]);
    tmux.wait_screen("the 200th pair selected", |s| {
        s.contains("Components 403/403") && s.contains("▶▲ value  %252e%252e%252f")
    });
}

/// Ctrl-Z hands the terminal back to the shell; `fg` brings the inspector
/// back, redrawn.
#[test]
fn ctrl_z_suspends_and_fg_resumes() {
    let Some(tmux) = Tmux::start("suspend") else {
        return;
    };
    tmux.session(80, 24, "sh", &[]);
    tmux.cmd(&[
        "send-keys",
        "-t",
        "t",
        &format!("{} 'http://example.com/a'", bin()),
        "Enter",
    ]);
    tmux.wait_screen("the inspector", |s| s.contains("Components"));
    tmux.cmd(&["send-keys", "-t", "t", "C-z"]);
    tmux.wait_screen("the shell", |s| {
        !s.contains("Components") && s.contains("Stopped")
    });
    tmux.cmd(&["send-keys", "-t", "t", "fg", "Enter"]);
    tmux.wait_screen("the inspector again", |s| {
        s.contains("Components") && s.contains("back from the shell")
    });
    tmux.cmd(&["send-keys", "-t", "t", "q"]);
    // Keys typed before the inspector has exited would go to it.
    tmux.wait_screen("the shell", |s| !s.contains("Components"));
    tmux.cmd(&["send-keys", "-t", "t", "echo DONE-$?", "Enter"]);
    tmux.wait_screen("a clean exit", |s| s.contains("DONE-0"));
}

/// `fixed=$(urlscope --print URL)`: the inspector runs on the terminal, and
/// on q the cleaned URL is the only line on standard output; Ctrl-C
/// prints nothing and exits 130.
#[test]
fn print_inside_command_substitution() {
    let Some(tmux) = Tmux::start("print") else {
        return;
    };
    let command = format!(
        "fixed=$({} --print 'http://example.com/a b'); echo \"RC=$? FIXED=[$fixed]\"; \
         none=$({} --print 'http://x/'); echo \"RC=$? NONE=[$none]\"; sleep 30",
        bin(),
        bin()
    );
    tmux.session(80, 24, &command, &["NO_COLOR="]);
    tmux.wait_screen("the inspector", |s| s.contains("Components"));
    tmux.cmd(&["send-keys", "-t", "t", "q"]);
    tmux.wait_screen("the inspector, second time", |s| {
        s.contains("Components") && s.contains("http://x/")
    });
    tmux.cmd(&["send-keys", "-t", "t", "C-c"]);
    let s = tmux.wait_screen("both results", |s| s.contains("NONE="));
    assert!(s.contains("RC=0 FIXED=[http://example.com/a%20b]"), "{s}");
    assert!(s.contains("RC=130 NONE=[]"), "{s}");
    // Without a terminal it is a clear error with status 2.
    let out = Command::new(bin())
        .args(["--print", "http://x/"])
        .stdin(std::process::Stdio::null())
        .env("TERM", "dumb")
        .output()
        .expect("run");
    if std::fs::File::open("/dev/tty").is_err() {
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("--print needs a terminal"));
    }
}

/// `urlscope --base BASE REF` shows the base, the reference and the
/// target it inspects, and where a WHATWG parser resolves it instead.
#[test]
fn base_and_reference_are_shown_above_the_target() {
    let Some(tmux) = Tmux::start("base") else {
        return;
    };
    let command = format!(
        "{} --base 'http://good.example/a/' '\\evil.example/x'; sleep 30",
        bin()
    );
    tmux.session(80, 24, &command, &["NO_COLOR="]);
    let s = tmux.wait_screen("the resolution", |s| {
        s.contains("Target URL") && s.contains("parser-differential")
    });
    assert!(
        s.contains("base http://good.example/a/ + ref \\evil.example/x = target (RFC 3986 §5.2)"),
        "{s}"
    );
    assert!(
        s.contains("≠ WHATWG http://good.example/evil.example/x"),
        "{s}"
    );
    assert!(s.contains("http://good.example/a/\\evil.example/x"), "{s}");
    assert!(s.contains("parser-differential"), "{s}");
}

/// A carried URL, closed by default (it stays on the site): `→`
/// opens its value, selects it, opens it again, and `↓ ↓` reach its host.
#[test]
fn a_carried_url_opens_and_its_host_is_selected() {
    let Some(tmux) = Tmux::start("carried") else {
        return;
    };
    let command = format!(
        "{} 'https://shop.example/?return=https%3A%2F%2Fshop.example%2Fcart'; sleep 30",
        bin()
    );
    tmux.session(80, 24, &command, &["NO_COLOR="]);
    tmux.wait_screen("the inspector", |s| {
        s.contains("Components") && s.contains("▸value")
    });
    // The value is the last component; → opens it, → again selects the
    // carried URL.
    tmux.cmd(&["send-keys", "-t", "t", "End", "Right"]);
    tmux.wait_screen("the value open", |s| {
        s.contains("▾value") && s.contains("▸url")
    });
    tmux.cmd(&["send-keys", "-t", "t", "Right"]);
    let s = tmux.wait_screen("the carried URL selected", |s| {
        s.contains("url      https://shop.example/cart")
    });
    assert!(s.contains("leads to shop.example (documentation)"), "{s}");
    tmux.cmd(&["send-keys", "-t", "t", "Right", "Down", "Down"]);
    let s = tmux.wait_screen("its host", |s| s.contains("[1] host of the carried URL"));
    assert!(s.contains("▶    host   shop.example"), "{s}");
    assert!(s.contains("LATIN SMALL LETTER S"), "{s}");
}
