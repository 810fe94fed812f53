//! What standard error says beside a command's output (`urlscope: ...`):
//! a note on a URL printed, a resolution's other reading. Under
//! `--defang` a note is written defanged, as the output is: it names the
//! same hosts, and a report pasted with its notes must hold no live link.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether notes are written defanged: set once, for the whole run, by
/// [`defang_notes`] when `--defang` is given.
static DEFANG: AtomicBool = AtomicBool::new(false);

/// Write every note from now on defanged.
pub fn defang_notes() {
    DEFANG.store(true, Ordering::Relaxed);
}

/// Say `note` on standard error, defanged under `--defang`. A note that
/// cannot be written is dropped: the output it is about is out already.
pub fn say(note: &str) {
    let note = if DEFANG.load(Ordering::Relaxed) {
        urlscope_core::defang::defang_text(note)
    } else {
        note.to_owned()
    };
    let _ = writeln!(io::stderr(), "urlscope: {note}");
}
