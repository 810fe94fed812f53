//! Helpers shared by the integration tests.

use assert_cmd::Command;

/// The binary as a user runs it, `NO_COLOR` unset so each test says the
/// colour it wants.
#[allow(dead_code, reason = "not every test crate runs the binary")]
pub fn urlscope() -> Command {
    let mut cmd = Command::cargo_bin("urlscope").expect("binary");
    cmd.env_remove("NO_COLOR");
    cmd
}

/// The standard output of a run that must succeed.
#[allow(dead_code, reason = "not every test crate runs the binary")]
pub fn stdout_of(args: &[&str]) -> String {
    let out = urlscope().args(args).output().expect("run");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The "Carried values" section of `explain --color never url`, without
/// its heading.
#[allow(dead_code, reason = "not every test crate reads carried values")]
pub fn carried_values(url: &str) -> String {
    let out = stdout_of(&["explain", "--color", "never", url]);
    out.split("Carried values\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a carried values section")
        .to_string()
}

/// Assert that `text` (a command's output) carries no control sequence
/// from the input: the only escapes are our own SGR colours, and no other
/// control, bidi or invisible character appears. `what` names the run.
#[allow(
    dead_code,
    reason = "not every test crate checks for control sequences"
)]
pub fn assert_terminal_safe(what: &str, text: &str) {
    let mut rest = text;
    while let Some(i) = rest.find('\u{1b}') {
        let seq = &rest[i + 1..];
        let end = seq.find('m').unwrap_or(0);
        assert!(
            seq.starts_with('[')
                && end > 0
                && seq[1..end].chars().all(|c| c.is_ascii_digit() || c == ';'),
            "{what}: {seq:?}"
        );
        rest = &seq[end..];
    }
    for c in text.chars() {
        assert!(
            c == '\n' || c == '\u{1b}' || !urlscope_core::text::needs_escape(c),
            "{what}: {c:?} in output"
        );
    }
}
