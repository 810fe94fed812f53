//! Characters with no name of their own are shown so a reader can tell
//! them apart: a private-use character or a noncharacter (which a font
//! draws as anything, or as nothing) is escaped and named by its code
//! point label (`<private-use-E000>`, the Unicode Standard's §4.8), and a
//! combining mark shown alone sits on U+25CC DOTTED CIRCLE rather than on
//! whatever the line held before it.

mod common;
use common::stdout_of;

const URL: &str = "https://example.com/a%EE%80%80b%EF%BF%BF%CC%81";

#[test]
fn the_byte_table_names_each_character_by_its_label() {
    let out = stdout_of(&["explain", "--color", "never", URL]);
    for row in [
        "U+E000  ⬚  <private-use-E000>",
        "U+FFFF  ⬚  <noncharacter-FFFF>",
        "U+0301  \u{25CC}\u{301}  COMBINING ACUTE ACCENT",
    ] {
        assert!(out.contains(row), "{row:?} missing:\n{out}");
    }
    // The UTF-8 section shows each character alone the same way.
    assert!(
        out.contains("  U+0301 \u{25CC}\u{301}  pattern 110yyyyy"),
        "{out}"
    );
    assert!(out.contains("  U+E000 ⬚  pattern 1110zzzz"), "{out}");
    // Nothing shows the characters themselves.
    assert!(
        !out.contains('\u{E000}') && !out.contains('\u{FFFF}'),
        "{out}"
    );
}

#[test]
fn a_mark_after_an_escape_is_escaped_too() {
    let out = stdout_of(&["explain", "--color", "never", URL]);
    // The decoded segment: the mark would otherwise join the '}' of the
    // escape before it.
    assert!(
        out.contains("→ a\\u{e000}b\\u{ffff}\\u{0301}"),
        "decoded text:\n{out}"
    );
    // After a letter it is the letter's accent, as written.
    let accent = stdout_of(&[
        "explain",
        "--color",
        "never",
        "https://example.com/cafe%CC%81",
    ]);
    assert!(accent.contains("→ cafe\u{301}"), "{accent}");
}
