//! Helpers shared by the integration tests.

/// Assert that `text` (a command's output) carries no control sequence
/// from the input: the only escapes are our own SGR colours, and no other
/// control, bidi or invisible character appears. `what` names the run.
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
