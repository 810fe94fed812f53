//! HTML handouts: `explain --html` writes one self-contained page (inline
//! CSS, no script, no network, system fonts) that a teacher can project or
//! print.
//!
//! Every fact comes from the core (`Analysis`, `describe`) or from the
//! text report's own writers; this module only lays them out. Every byte
//! from a URL goes through [`text`]: first the core's
//! [`escape_bytes`](urlscope_core::text::escape_bytes), which shows
//! controls, bidi and invisible characters as visible escapes (so nothing
//! can reorder the page), then HTML escaping (so nothing can add markup).

mod bytes;
mod chart;
mod inert;
mod lesson;
mod page;
mod scan_report;

pub use inert::check_inert;
pub use lesson::write_lesson;
pub use scan_report::{and_headers_flagged, log_hour, write_scan_report, FlaggedLine, Totals};

/// Bytes from a URL as HTML text: controls, bidi and invisible characters
/// as visible escapes (`\u{202e}`), then `&`, `<`, `>`, `"` and `'` as
/// character references.
pub fn text(bytes: &[u8]) -> String {
    attr(&urlscope_core::text::escape_bytes(bytes))
}

/// Text we already hold as a string (the core's sentences, which may quote
/// input) made safe for HTML, with the same visible escapes.
pub fn words(s: &str) -> String {
    attr(&urlscope_core::text::escape_str(s))
}

/// HTML-escape `s` for element content and quoted attribute values.
fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_from_input_is_inert() {
        assert_eq!(
            text(b"\"><img src=x onerror=alert(1)>"),
            "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"
        );
        assert_eq!(text(b"<script>"), "&lt;script&gt;");
    }

    #[test]
    fn bidi_controls_become_visible_escapes() {
        assert_eq!(
            text("a\u{202E}b\u{2066}c".as_bytes()),
            "a\\u{202e}b\\u{2066}c"
        );
        assert_eq!(text(b"a\x1b[2Jb\xff"), "a\\x1b[2Jb\\xFF");
    }
}
