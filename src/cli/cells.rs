//! The cells of `explain`'s report: input text escaped and cut to a
//! width, so a hostile or huge component keeps the report readable.

use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::ComponentAnalysis;
use urlscope_core::split::ComponentKind;
use urlscope_core::text::escape_bytes;

/// Characters of raw or decoded text shown in a cell.
pub const CELL_CHARS: usize = 40;

/// The width `explain` lays its report out for: an 80-column terminal,
/// a projector, a printed handout.
pub const WIDTH: usize = 80;

/// Columns of a report's headings ("Reading   ", "WHATWG    " and the two
/// spaces after them): the lines after a wrapped heading's first are
/// indented by as many.
pub const HEAD: usize = 12;

/// `bytes` escaped, cut to [`CELL_CHARS`] characters with `…`.
pub fn cell(bytes: &[u8]) -> String {
    cell_within(bytes, CELL_CHARS)
}

/// `bytes` escaped, cut to `chars` characters (at least one) with `…`.
pub fn cell_within(bytes: &[u8], chars: usize) -> String {
    // No more than can show: a character is at most four bytes.
    let shown = bytes.get(..chars.max(1) * 4).unwrap_or(bytes);
    cut_to(escape_bytes(shown), chars, shown.len() < bytes.len())
}

/// Text already escaped, cut to `chars` characters (at least one) with
/// `…` when it is longer or when `more` follows it.
fn cut_to(text: String, chars: usize, more: bool) -> String {
    let chars = chars.max(1);
    if more || text.chars().count() > chars {
        let cut: String = text.chars().take(chars - 1).collect();
        format!("{cut}…")
    } else {
        text
    }
}

/// A component's raw text, and what it decodes to when that differs.
pub fn raw_and_decoded(input: &[u8], c: &ComponentAnalysis) -> String {
    match raw_and_decoded_cells(input, c, CELL_CHARS) {
        (raw, Some(decoded)) => format!("{raw} → {decoded}"),
        (raw, None) => raw,
    }
}

/// The cells of [`raw_and_decoded`], each cut to `chars` characters: the
/// raw text, and the decoded text when it differs. A host too long for
/// its cell keeps both ends: the name it shows first and the domain it
/// belongs to, at its end.
pub fn raw_and_decoded_cells(
    input: &[u8],
    c: &ComponentAnalysis,
    chars: usize,
) -> (String, Option<String>) {
    let cut = |bytes: &[u8]| {
        if c.kind == ComponentKind::Host {
            cell_both_ends(bytes, chars)
        } else {
            cell_within(bytes, chars)
        }
    };
    let raw = c.span.of(input);
    let decoded = (c.decoded() != raw).then(|| cut(c.decoded_lossy().as_bytes()));
    (cut(raw), decoded)
}

/// `bytes` escaped, cut in the middle to `chars` characters with `…`
/// when longer: the start and the end both show.
pub fn cell_both_ends(bytes: &[u8], chars: usize) -> String {
    let text = escape_bytes(bytes);
    let n = text.chars().count();
    if n <= chars || chars < 3 {
        return cell_within(bytes, chars);
    }
    let tail = (chars - 1) / 2;
    let head = chars - 1 - tail;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(n - tail).collect();
    format!("{start}…{end}")
}

/// Two texts, each cut to `chars` characters so that where they first
/// differ shows in both: from the start when it lies within the cut,
/// else from a few characters before it, after a `…`.
pub fn cells_where_they_differ(a: &str, b: &str, chars: usize) -> (String, String) {
    let (ea, eb) = (escape_bytes(a.as_bytes()), escape_bytes(b.as_bytes()));
    let first = ea
        .chars()
        .zip(eb.chars())
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| ea.chars().count().min(eb.chars().count()));
    let fits = |t: &str| t.chars().count() <= chars;
    if ea == eb || first + 4 < chars || (fits(&ea) && fits(&eb)) {
        return (cut_to(ea, chars, false), cut_to(eb, chars, false));
    }
    let from = first.saturating_sub(8);
    let window = |t: &str| {
        format!(
            "…{}",
            cut_to(t.chars().skip(from).collect(), chars - 1, false)
        )
    };
    (window(&ea), window(&eb))
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
    // An arrow stays with what it leads to, and a text shortened in the
    // middle (`…(9 more bytes)…`) stays one word.
    let held = text
        .replace("→ ", &format!("→{GLUE}"))
        .replace(" more bytes)…", &format!("{GLUE}more{GLUE}bytes)…"));
    let lines = textwrap::wrap(&held, options);
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in lines.iter().enumerate() {
        if i == 0 {
            out.push_str(line.get(lead..).unwrap_or_default());
        } else {
            out.push('\n');
            out.push_str(line);
        }
    }
    out.replace(GLUE, " ")
}

/// What [`wrapped`] and [`wrapped_list`] hold a space that must not break
/// as: a private-use character, which no text they lay out holds (the
/// line breaks only at ASCII spaces).
const GLUE: char = '\u{e000}';

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
                ' ' => GLUE,
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
    wrapped(&held, lead, indent)
}

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
    fn a_long_host_keeps_both_ends_and_a_difference_shows() {
        let host = b"login.microsoftonline.com.account-verify-update.example.evil.co.uk";
        let cut = cell_both_ends(host, 37);
        assert_eq!(cut.chars().count(), 37);
        assert!(
            cut.starts_with("login.micro") && cut.ends_with(".evil.co.uk"),
            "{cut}"
        );
        assert_eq!(cell_both_ends(b"example.com", 37), "example.com");
        let a = format!("/{}/b\\c", "a".repeat(40));
        let b = format!("/{}/b/c", "a".repeat(40));
        let (x, y) = cells_where_they_differ(&a, &b, 31);
        assert!(x.ends_with("/b\\c") && y.ends_with("/b/c"), "{x} | {y}");
        assert!(x.starts_with('…') && x.chars().count() <= 31, "{x}");
        // The same text, or a difference within the cut: both cut from
        // the start.
        let same = format!("http://example.com/{}", "a".repeat(40));
        let (x, y) = cells_where_they_differ(&same, &same, 31);
        assert!(x.starts_with("http://") && x == y, "{x}");
        assert_eq!(
            cells_where_they_differ("HTTP", "http", 31),
            ("HTTP".into(), "http".into())
        );
    }

    #[test]
    fn a_cell_within_a_width_ends_with_an_ellipsis() {
        assert_eq!(cell_within(b"abcdef", 4), "abc…");
        assert_eq!(cell_within(b"abcd", 4), "abcd");
    }
}
