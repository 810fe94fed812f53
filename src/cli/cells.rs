//! The cells of `explain`'s report: input text escaped and cut to a
//! width, so a hostile or huge component keeps the report readable.

use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::ComponentAnalysis;
use urlscope_core::text::escape_bytes;

/// Characters of raw or decoded text shown in a cell.
const CELL_CHARS: usize = 40;

/// The width `explain` lays its report out for: an 80-column terminal,
/// a projector, a printed handout.
pub const WIDTH: usize = 80;

/// `bytes` escaped, cut to [`CELL_CHARS`] characters with `…`.
pub fn cell(bytes: &[u8]) -> String {
    cell_within(bytes, CELL_CHARS)
}

/// `bytes` escaped, cut to `chars` characters (at least one) with `…`.
pub fn cell_within(bytes: &[u8], chars: usize) -> String {
    let chars = chars.max(1);
    // No more than can show: a character is at most four bytes.
    let shown = bytes.get(..chars * 4).unwrap_or(bytes);
    let text = escape_bytes(shown);
    if shown.len() < bytes.len() || text.chars().count() > chars {
        let cut: String = text.chars().take(chars - 1).collect();
        format!("{cut}…")
    } else {
        text
    }
}

/// A component's raw text, and what it decodes to when that differs.
pub fn raw_and_decoded(input: &[u8], c: &ComponentAnalysis) -> String {
    match raw_and_decoded_cells(input, c) {
        (raw, Some(decoded)) => format!("{raw} → {decoded}"),
        (raw, None) => raw,
    }
}

/// The cells of [`raw_and_decoded`]: the raw text, and the decoded text
/// when it differs.
pub fn raw_and_decoded_cells(input: &[u8], c: &ComponentAnalysis) -> (String, Option<String>) {
    let raw = c.span.of(input);
    let decoded = (c.decoded() != raw).then(|| cell(c.decoded_lossy().as_bytes()));
    (cell(raw), decoded)
}

/// Each decoding of a component that is decoded more than once:
/// `'%252e' → '%2e' → '.'`.
pub fn layer_steps(input: &[u8], c: &ComponentAnalysis) -> Option<String> {
    (c.layer_count() > 1).then(|| {
        let mut steps = vec![format!("'{}'", cell(c.span.of(input)))];
        steps.extend(c.layers().map(|l| format!("'{}'", cell(l))));
        steps.join(" → ")
    })
}

/// The whole input, escaped, shortened in the middle past 400 characters.
pub fn cell_long(input: &[u8]) -> String {
    let text = escape_bytes(input);
    let n = text.chars().count();
    if n > 400 {
        let head: String = text.chars().take(300).collect();
        let tail: String = text.chars().skip(n - 80).collect();
        format!("{head} … ({} bytes) … {tail}", input.len())
    } else {
        text
    }
}

/// `text` laid out within [`WIDTH`] columns, its first line starting
/// after `lead` columns already written and the others indented by
/// `indent` spaces. Lines break only at spaces: a URL or another word
/// longer than a line stays whole (to be copied), on a line of its own.
pub fn wrapped(text: &str, lead: usize, indent: usize) -> String {
    let first = " ".repeat(lead);
    let rest = " ".repeat(indent);
    let options = textwrap::Options::new(WIDTH)
        .initial_indent(&first)
        .subsequent_indent(&rest)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
    let lines = textwrap::wrap(text, options);
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            out.push_str(line.get(lead..).unwrap_or_default());
        } else {
            out.push('\n');
            out.push_str(line);
        }
    }
    out
}

/// A list (`a, b (c, d), e`) laid out as [`wrapped`] lays out text, but
/// breaking only after the commas between its items, never inside one;
/// as [`wrapped`] when an item is longer than a line.
pub fn wrapped_list(text: &str, lead: usize, indent: usize) -> String {
    // Spaces inside an item become no-break spaces for the layout.
    let mut depth = 0usize;
    let mut after_comma = false;
    let held: String = text
        .chars()
        .map(|c| {
            let out = match c {
                ' ' if depth == 0 && after_comma => ' ',
                ' ' => NO_BREAK,
                c => c,
            };
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            after_comma = c == ',';
            out
        })
        .collect();
    let longest = held.split(' ').map(|item| item.width()).max().unwrap_or(0);
    if indent.max(lead) + longest > WIDTH {
        return wrapped(text, lead, indent);
    }
    // A no-break space already in the text is escaped before it gets here.
    wrapped(&held, lead, indent).replace(NO_BREAK, " ")
}

/// What [`wrapped_list`] holds an item's spaces as.
const NO_BREAK: char = '\u{a0}';

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_wraps_within_the_width_and_keeps_urls_whole() {
        let text = "The query value 'next' leads off-site to 'http://127.0.0.1/': a site that redirects to it sends its visitors to '127.0.0.1'.";
        let out = wrapped(text, 9, 9);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 1, "{out}");
        assert!(lines.first().is_some_and(|l| l.len() + 9 <= WIDTH), "{out}");
        assert!(
            lines
                .iter()
                .skip(1)
                .all(|l| l.starts_with("         ") && l.len() <= WIDTH),
            "{out}"
        );
        assert_eq!(
            out.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
        // A word longer than a line is never cut.
        let url = format!("https://example.com/{}", "a".repeat(100));
        let out = wrapped(&format!("see {url} now"), 12, 12);
        assert!(out.lines().any(|l| l.trim() == url), "{out}");
        // Short text is left as it is.
        assert_eq!(
            wrapped("loopback  → 127.0.0.1", 12, 14),
            "loopback  → 127.0.0.1"
        );
    }

    #[test]
    fn a_list_breaks_between_its_items() {
        let text = "absolute URL, 40 bytes, 4 components, 6 warnings (2 high, 2 low, 2 info)";
        assert_eq!(
            wrapped_list(text, 12, 12),
            "absolute URL, 40 bytes, 4 components,\n            6 warnings (2 high, 2 low, 2 info)"
        );
        assert_eq!(wrapped_list("a b, c", 12, 12), "a b, c");
        // An item longer than a line: broken as prose.
        let long = format!("a, {}", "b ".repeat(40));
        assert_eq!(wrapped_list(&long, 12, 12), wrapped(&long, 12, 12));
    }

    #[test]
    fn a_cell_within_a_width_ends_with_an_ellipsis() {
        assert_eq!(cell_within(b"abcdef", 4), "abc…");
        assert_eq!(cell_within(b"abcd", 4), "abcd");
    }
}
