//! The cells of `explain`'s report: input text escaped and cut to a
//! width, so a hostile or huge component keeps the report readable.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
use urlscope_core::analysis::{Analysis, ComponentAnalysis};
use urlscope_core::split::ComponentKind;
use urlscope_core::text::escape_bytes;

/// Columns of raw or decoded text shown in a cell: 40 characters of
/// ASCII, 20 of CJK or emoji, which take two columns each.
pub const CELL_COLUMNS: usize = 40;

/// The width `explain` lays its report out for: an 80-column terminal,
/// a projector, a printed handout.
pub const WIDTH: usize = 80;

/// Columns of a report's headings ("Reading   ", "WHATWG    " and the two
/// spaces after them): the lines after a wrapped heading's first are
/// indented by as many.
pub const HEAD: usize = 12;

/// `bytes` escaped, cut to [`CELL_COLUMNS`] columns with `…`.
pub fn cell(bytes: &[u8]) -> String {
    cell_within(bytes, CELL_COLUMNS)
}

/// `bytes` escaped, cut to `columns` terminal columns (at least one) with
/// `…`. Cells are measured in columns, not characters: a character of CJK
/// or an emoji takes two, and a cell of them counted in characters ran
/// past the report's width.
pub fn cell_within(bytes: &[u8], columns: usize) -> String {
    // No more than can show: a character is at most four bytes and takes
    // at least a column, but for the zero-width ones (combining marks),
    // which a cut of this many bytes still bounds.
    let shown = bytes.get(..columns.max(1) * 4).unwrap_or(bytes);
    cut_to(escape_bytes(shown), columns, shown.len() < bytes.len())
}

/// Text already escaped, cut to `columns` columns (at least one) with `…`
/// when it is wider or when `more` follows it.
fn cut_to(text: String, columns: usize, more: bool) -> String {
    let columns = columns.max(1);
    if more || text.width() > columns {
        format!("{}…", head_within(&text, columns - 1))
    } else {
        text
    }
}

/// The longest start of `text` that fits `columns` columns.
fn head_within(text: &str, columns: usize) -> &str {
    // Summed a character at a time, then checked as a whole, since a
    // sequence (an emoji and its variation selector) can be wider than
    // its characters.
    let mut used = 0;
    let mut end = 0;
    for (at, c) in text.char_indices() {
        used += c.width().unwrap_or(0);
        if used > columns {
            break;
        }
        end = at + c.len_utf8();
    }
    let mut head = text.get(..end).unwrap_or_default();
    while head.width() > columns {
        let mut chars = head.chars();
        chars.next_back();
        head = chars.as_str();
    }
    head
}

/// The longest end of `text` that fits `columns` columns.
fn tail_within(text: &str, columns: usize) -> &str {
    let mut used = 0;
    let mut start = text.len();
    for (at, c) in text.char_indices().rev() {
        used += c.width().unwrap_or(0);
        if used > columns {
            break;
        }
        start = at;
    }
    let mut tail = text.get(start..).unwrap_or_default();
    while tail.width() > columns {
        let mut chars = tail.chars();
        chars.next();
        tail = chars.as_str();
    }
    tail
}

/// Component `c` of `a`: its raw text, and what it decodes to when that
/// differs, each cut to `columns` columns. A host too wide for its cell
/// keeps both ends: the name it shows first and the domain it belongs
/// to, at its end.
pub fn raw_and_decoded_cells(
    a: &Analysis,
    c: &ComponentAnalysis,
    columns: usize,
) -> (String, Option<String>) {
    let cut = |bytes: &[u8]| component_cell(a, c.kind, bytes, columns);
    let raw = c.span.of(&a.input);
    // Bytes that are not UTF-8 show as their escapes (`\xC0`), as in the
    // byte table and the inspector, never as U+FFFD hiding which they are.
    let decoded = (c.decoded() != raw).then(|| cut(c.decoded()));
    (cut(raw), decoded)
}

/// The text `bytes` of a component of `kind` of `a`, escaped and cut to
/// `columns` columns: a host name too wide keeps both ends (the name it
/// shows first and the domain it belongs to, whole where it can, at its
/// end); anything else, an address too, its start.
pub fn component_cell(a: &Analysis, kind: ComponentKind, bytes: &[u8], columns: usize) -> String {
    let address = bytes.first() == Some(&b'[')
        || bytes
            .iter()
            .all(|b| b.is_ascii_hexdigit() || matches!(b, b'.' | b'x' | b'X'));
    if kind == ComponentKind::Host && !address {
        let domain = a.host.as_ref().and_then(|h| h.registrable.as_deref());
        cell_both_ends(bytes, columns, domain)
    } else {
        cell_within(bytes, columns)
    }
}

/// `bytes` escaped, cut in the middle to `columns` columns with `…` when
/// wider: the start and the end both show, the end `domain` whole where
/// it can (see [`head_and_tail`]).
pub fn cell_both_ends(bytes: &[u8], columns: usize, domain: Option<&str>) -> String {
    if columns < 3 {
        return cell_within(bytes, columns);
    }
    // No more than can show of each end (see `cell_within`).
    let room = columns * 4;
    if bytes.len() <= room * 2 {
        return both_ends(escape_bytes(bytes), columns, domain);
    }
    // The ends alone, each cut at a character's start: a continuation
    // byte cut from its lead would show as an escape of its own.
    let mut to = room;
    while bytes.get(to).is_some_and(|b| b & 0xC0 == 0x80) && to > room - 3 {
        to -= 1;
    }
    let head = escape_bytes(bytes.get(..to).unwrap_or_default());
    let mut from = bytes.len() - room;
    while bytes.get(from).is_some_and(|b| b & 0xC0 == 0x80) && from < bytes.len() - room + 3 {
        from += 1;
    }
    let tail = escape_bytes(bytes.get(from..).unwrap_or_default());
    head_and_tail(&head, &tail, columns, domain)
}

/// The start of `head` and the end of `tail` (the same text, or its two
/// ends), `…` between them, in `columns` columns, half each. When the
/// text ends in `domain` (a host's registrable domain) and half is too
/// little for it, the end grows to show it whole while six columns of
/// the start still show, enough for the name a reader sees first
/// (`zimbra…000webhostapp.com`, not `zimbraupgrade…stapp.com`).
fn head_and_tail(head: &str, tail: &str, columns: usize, domain: Option<&str>) -> String {
    const START: usize = 6;
    let mut end = tail_within(tail, (columns - 1) / 2);
    if let Some(domain) = domain.filter(|d| d.width() + 1 + START <= columns && d.len() > end.len())
    {
        let at = tail.len().saturating_sub(domain.len());
        if tail
            .get(at..)
            .is_some_and(|t| t.eq_ignore_ascii_case(domain))
        {
            end = tail.get(at..).unwrap_or_default();
        }
    }
    let head_columns = columns - 1 - end.width();
    format!("{}…{end}", head_within(head, head_columns))
}

/// Text already escaped, cut in the middle to `columns` columns with `…`
/// when wider.
fn both_ends(text: String, columns: usize, domain: Option<&str>) -> String {
    if text.width() <= columns || columns < 3 {
        return cut_to(text, columns, false);
    }
    head_and_tail(&text, &text, columns, domain)
}

/// Two texts, each cut to `columns` columns so that where they first
/// differ shows in both: from the start when it lies within the cut,
/// else from a few characters before it, after a `…`. The same text is
/// cut in the middle, so that its end (a host's domain) shows too.
pub fn cells_where_they_differ(a: &str, b: &str, columns: usize) -> (String, String) {
    if a == b {
        let cell = cell_both_ends(a.as_bytes(), columns, None);
        return (cell.clone(), cell);
    }
    let (ea, eb) = (escape_bytes(a.as_bytes()), escape_bytes(b.as_bytes()));
    let first = ea
        .char_indices()
        .zip(eb.chars())
        .find(|((_, x), y)| x != y)
        .map_or_else(|| ea.len().min(eb.len()), |((at, _), _)| at);
    // The columns before the difference, as `ea` shows them (and `eb`:
    // the two are the same up to it).
    let before = ea.get(..first).unwrap_or_default().width();
    let fits = |t: &str| t.width() <= columns;
    if ea == eb || before + 4 < columns || (fits(&ea) && fits(&eb)) {
        return (cut_to(ea, columns, false), cut_to(eb, columns, false));
    }
    let from = ea
        .get(..first)
        .unwrap_or_default()
        .char_indices()
        .rev()
        .nth(7)
        .map_or(0, |(at, _)| at);
    let window = |t: &str| {
        format!(
            "…{}",
            cut_to(
                t.get(from..).unwrap_or_default().to_string(),
                columns - 1,
                false
            )
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
    // middle (`…(9 more bytes)…`) stays one word where a line holds it: a
    // quote cut so (75 columns) breaks inside its count at an indent of
    // more than 5.
    let shortened = format!("{GLUE}more{GLUE}bytes)…");
    let held = text
        .replace("→ ", &format!("→{GLUE}"))
        .replace(" more bytes)…", &shortened);
    let room = WIDTH.saturating_sub(indent);
    let held = held
        .split(' ')
        .map(|word| {
            if word.width() > room {
                word.replace(&shortened, " more bytes)…")
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
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

/// Compact text with no spaces to break at (a JWT's JSON:
/// `{"iss":"...","sub":"1"}`) laid out within [`WIDTH`] columns, its
/// first line starting after `lead` columns already written and the
/// others indented as far: lines break after a comma where they can, and
/// a piece longer than a line is cut at the width. Nothing is added to
/// the text but the line breaks and their indent.
pub fn wrapped_compact(text: &str, lead: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let room = WIDTH.saturating_sub(lead).max(20);
    let indent = " ".repeat(lead);
    let mut out = String::with_capacity(text.len() + text.len() / room * (lead + 1));
    let mut line = 0;
    for piece in text.split_inclusive(',') {
        if line > 0 && line + piece.width() > room {
            out.push('\n');
            out.push_str(&indent);
            line = 0;
        }
        for c in piece.chars() {
            let w = c.width().unwrap_or(0);
            if line > 0 && line + w > room {
                out.push('\n');
                out.push_str(&indent);
                line = 0;
            }
            out.push(c);
            line += w;
        }
    }
    out
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

    /// Compact JSON breaks after its commas, a piece longer than a line is
    /// cut at the width, and the text is what it was but for the breaks.
    #[test]
    fn compact_text_breaks_after_commas_and_keeps_every_byte() {
        let json = format!(
            r#"{{"iss":"https://accounts.google.com","aud":"https://api.example/","sub":"1","long":"{}","e":"é"}}"#,
            "x".repeat(150)
        );
        let lead = 12;
        let out = wrapped_compact(&json, lead);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 2, "{out}");
        assert!(lines[0].ends_with(','), "{out}");
        for (i, line) in lines.iter().enumerate() {
            let width = line.width() + if i == 0 { lead } else { 0 };
            assert!(width <= WIDTH, "{line}");
        }
        let joined: String = lines
            .iter()
            .enumerate()
            .map(|(i, l)| if i == 0 { *l } else { &l[lead..] })
            .collect();
        assert_eq!(joined, json);
    }

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
        let cut = cell_both_ends(host, 37, None);
        assert_eq!(cut.chars().count(), 37);
        assert!(
            cut.starts_with("login.micro") && cut.ends_with(".evil.co.uk"),
            "{cut}"
        );
        assert_eq!(cell_both_ends(b"example.com", 37, None), "example.com");
        // The end shows the domain whole where it can.
        let shared = b"zimbraupgradeusser.000webhostapp.com";
        let domain = Some("000webhostapp.com");
        assert_eq!(
            cell_both_ends(shared, 24, domain),
            "zimbra…000webhostapp.com"
        );
        let lure = b"www.paypal.com.secure-login.example.net";
        assert_eq!(
            cell_both_ends(lure, 20, Some("example.net")),
            "www.payp…example.net"
        );
        // A domain too long to show whole with six columns of the start
        // is cut as the rest.
        assert_eq!(cell_both_ends(shared, 20, domain), "zimbraupgr…stapp.com");
        assert_eq!(
            cell_both_ends(lure, 16, Some("example.net")),
            "www.payp…ple.net"
        );
        let a = format!("/{}/b\\c", "a".repeat(40));
        let b = format!("/{}/b/c", "a".repeat(40));
        let (x, y) = cells_where_they_differ(&a, &b, 31);
        assert!(x.ends_with("/b\\c") && y.ends_with("/b/c"), "{x} | {y}");
        assert!(x.starts_with('…') && x.chars().count() <= 31, "{x}");
        // The same text keeps both ends (the domain of a long host); a
        // difference within the cut is cut from the start.
        let same = "www.paypal.com.secure-login.account-update.example.net";
        let (x, y) = cells_where_they_differ(same, same, 31);
        assert!(
            x.starts_with("www.paypal") && x.ends_with(".example.net") && x == y,
            "{x}"
        );
        assert_eq!(x.chars().count(), 31);
        // Of a megabyte, only the ends are read; a character at the cut
        // is never split.
        let huge = format!("a{}.example.com", "é".repeat(500_000));
        let cut = cell_both_ends(huge.as_bytes(), 31, None);
        assert!(
            cut.ends_with(".example.com") && !cut.contains("\\x"),
            "{cut}"
        );
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

    #[test]
    fn cells_are_measured_in_columns() {
        // A character of CJK takes two columns: 40 of them, 80.
        let cjk = "日本語".repeat(14);
        let cut = cell_within(cjk.as_bytes(), 40);
        assert!(cut.width() <= 40 && cut.ends_with('…'), "{cut}");
        assert_eq!(cell_within("日本".as_bytes(), 4), "日本");
        assert_eq!(cell_within("日本語".as_bytes(), 4), "日…");
        let host = format!("{cjk}.example.com");
        let cut = cell_both_ends(host.as_bytes(), 37, None);
        assert!(cut.width() <= 37 && cut.ends_with(".example.com"), "{cut}");
        let (x, y) = cells_where_they_differ(&format!("/{cjk}"), "/%E6%97%A5", 31);
        assert!(x.width() <= 31 && y.width() <= 31, "{x} | {y}");
    }

    #[test]
    fn a_cut_quote_too_wide_for_a_line_breaks_inside_its_count() {
        let quote = format!("'{}…(58 more bytes)…{}'", "a".repeat(40), "b".repeat(16));
        let out = wrapped(&format!("{quote} looks like a host"), 9, 9);
        assert!(out.lines().all(|l| l.width() + 9 <= WIDTH), "{out}");
        // Where a line holds it, it stays whole.
        let out = wrapped(&format!("see {quote}"), 4, 4);
        assert!(out.lines().any(|l| l.trim() == quote), "{out}");
    }
}
