//! Showing hostile bytes safely.
//!
//! Every front end prints text that an attacker wrote. A raw ESC byte can
//! clear the screen, retitle the window, write the clipboard (OSC 52) or
//! forge a hyperlink (OSC 8); a bidi override (U+202E) reorders what the
//! reader sees; a zero-width space hides a difference. The functions here
//! turn any bytes into text that is safe to print: printable characters as
//! they are, everything else as a visible escape.

/// Whether `c` must never reach a terminal as itself: C0 and C1 controls
/// and DEL.
pub(crate) fn is_control(c: char) -> bool {
    c.is_control()
}

/// Bidirectional formatting characters: they reorder the text around them
/// (U+202A..U+202E embeddings and overrides, U+2066..U+2069 isolates,
/// U+200E/U+200F/U+061C marks).
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that draw nothing, so two different URLs can look the same:
/// zero-width spaces and joiners, word joiners, the BOM, soft hyphen,
/// invisible operators, Hangul fillers, variation selectors and tags.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}'
        | '\u{206A}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}'
        | '\u{E0100}'..='\u{E01EF}')
}

/// Spaces that are not U+0020 (Unicode's space separators: no-break,
/// en, em, thin, ideographic, ...): printed as themselves they read as an
/// ordinary space, and `a b` would hide which of them the URL holds.
pub(crate) fn is_space_lookalike(c: char) -> bool {
    matches!(
        c,
        '\u{00A0}' | '\u{1680}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// Noncharacters (Unicode §23.7): U+FDD0..U+FDEF and the last two code
/// points of every plane. They are never meant to be shown.
pub(crate) fn is_noncharacter(c: char) -> bool {
    u32::from(c) & 0xFFFE == 0xFFFE || ('\u{FDD0}'..='\u{FDEF}').contains(&c)
}

/// Private-use characters (General_Category=Co): what they look like is
/// whatever a font puts there (U+F8FF is Apple's logo on a Mac).
pub(crate) fn is_private_use(c: char) -> bool {
    ('\u{E000}'..='\u{F8FF}').contains(&c)
        || ('\u{F0000}'..='\u{FFFFD}').contains(&c)
        || ('\u{100000}'..='\u{10FFFD}').contains(&c)
}

/// Whether `c` is shown as an escape rather than itself: controls, bidi
/// and invisible characters, line and paragraph separators, the spaces
/// that pass for U+0020, and noncharacters and private-use characters,
/// which show nothing a reader can name.
pub fn needs_escape(c: char) -> bool {
    is_control(c)
        || is_bidi_control(c)
        || is_invisible(c)
        || is_space_lookalike(c)
        || c == '\u{2028}'
        || c == '\u{2029}'
        || (!c.is_ascii() && (is_noncharacter(c) || is_private_use(c)))
}

/// Whether `c` is shown escaped where it stands: it [`needs_escape`], or
/// it is a combining mark with no character of its own before it (at the
/// start of the text, or after an escape), which printed would sit on the
/// quote, arrow or escape before it (`\u{ffff}` followed by U+0301 would
/// show `\u{ffff}́`).
fn escaped_after(c: char, after_escape: bool) -> bool {
    needs_escape(c)
        || (after_escape && !c.is_ascii() && unicode_normalization::char::is_combining_mark(c))
}

/// The visible form of one character that [`needs_escape`]: `\x1b` for
/// an ASCII control, `\u{009b}` for a C1 control, `\u{202e}` above.
pub(crate) fn escape_char(c: char) -> String {
    let v = u32::from(c);
    // `\xNN` is one byte: an ASCII control's. A character past ASCII
    // (a C1 control, U+009B, is two bytes in UTF-8) is `\u{..}`, never
    // to be read as the byte `\x9B` that is not UTF-8.
    if v < 0x80 {
        format!("\\x{v:02x}")
    } else {
        format!("\\u{{{v:04x}}}")
    }
}

/// Bytes as safe text: valid UTF-8 printable characters as they are,
/// controls, bidi and invisible characters as `\x..`/`\u{..}`, bytes that
/// are not UTF-8 as `\xNN`. A backslash stays a backslash.
///
/// # Examples
/// ```
/// use urlscope_core::text::escape_bytes;
/// assert_eq!(escape_bytes(b"a\x1b[2Jb"), "a\\x1b[2Jb");
/// assert_eq!(escape_bytes("x\u{202E}y".as_bytes()), "x\\u{202e}y");
/// assert_eq!(escape_bytes(b"caf\xE9"), "caf\\xE9");
/// ```
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        escape_str_into(&mut out, chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// One visible piece of some bytes: a character, or the escape that
/// stands in for an unprintable character or a byte that is not UTF-8.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Piece {
    /// The bytes it stands for (offsets plus the caller's `base`).
    pub span: crate::split::Span,
    /// What to print: the character itself, or `\x1b`, `\u{202e}`, `\xFF`.
    pub text: String,
    /// Whether `text` stands in for something unprintable.
    pub escaped: bool,
}

/// The pieces of `bytes` in order, each with the bytes it stands for, for
/// views that place text by byte offset (pointers, highlights, cursors).
/// Joining their texts gives [`escape_bytes`].
///
/// # Examples
/// ```
/// use urlscope_core::text::pieces;
/// let p = pieces(b"a\x1b\xFF", 10);
/// let texts: Vec<_> = p.iter().map(|p| p.text.as_str()).collect();
/// assert_eq!(texts, ["a", "\\x1b", "\\xFF"]);
/// assert_eq!((p[1].span.start, p[1].escaped), (11, true));
/// ```
pub fn pieces(bytes: &[u8], base: usize) -> Vec<Piece> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = base;
    let mut after_escape = true;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            let len = c.len_utf8();
            let escaped = escaped_after(c, after_escape);
            after_escape = escaped;
            let text = if escaped {
                escape_char(c)
            } else {
                c.to_string()
            };
            out.push(Piece {
                span: crate::split::Span::new(at, at + len),
                text,
                escaped,
            });
            at += len;
        }
        for b in chunk.invalid() {
            out.push(Piece {
                span: crate::split::Span::new(at, at + 1),
                text: format!("\\x{b:02X}"),
                escaped: true,
            });
            at += 1;
            after_escape = true;
        }
    }
    out
}

/// [`escape_bytes`] for text that is already a `str`.
pub fn escape_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_str_into(&mut out, s);
    out
}

/// Escapes `s` into `out`, as at the start of a text or after an escape
/// (what every caller writes it after).
fn escape_str_into(out: &mut String, s: &str) {
    let mut rest = s;
    let mut after_escape = true;
    loop {
        // Printable ASCII is shown as itself: copied a run at a time.
        let run = rest
            .bytes()
            .position(|b| !(b' '..=b'~').contains(&b))
            .unwrap_or(rest.len());
        let Some((plain, tail)) = rest.split_at_checked(run) else {
            return;
        };
        out.push_str(plain);
        let mut chars = tail.chars();
        let Some(c) = chars.next() else {
            return;
        };
        after_escape = escaped_after(c, after_escape && plain.is_empty());
        if after_escape {
            out.push_str(&escape_char(c));
        } else {
            out.push(c);
        }
        rest = chars.as_str();
    }
}

/// The longest quote, in columns ([`columns`]), that [`quote`] gives
/// whole.
pub(crate) const QUOTE_LIMIT: usize = 64;
/// How many columns of a cut quote are kept from its start.
const QUOTE_HEAD: usize = 40;
/// How many columns of a cut quote are kept from its end.
const QUOTE_TAIL: usize = 16;

/// The columns of text as [`quote`] measures it: what a terminal gives
/// each character, two for CJK and emoji, and at least one (a combining
/// mark counts as one). Counted in characters, a quote of 64 CJK
/// characters took 128 columns, past any line a report lays out.
fn columns(shown: &str) -> usize {
    shown.chars().map(columns_of).sum()
}

fn columns_of(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c)
        .unwrap_or(0)
        .max(1)
}

/// Bytes as [`escape_bytes`] shows them, for quoting inside a message.
///
/// Text of at most `QUOTE_LIMIT` (64) columns is given whole (a character
/// of CJK or an emoji takes two). Longer text keeps its first 40 and its
/// last 16 columns around `…(N more bytes)…`. A 1 MB user name stays a
/// one-line message; the warning's span still points at every byte. An escape is never cut in
/// half, and the time taken does not depend on the length.
///
/// # Examples
/// ```
/// use urlscope_core::text::quote;
/// assert_eq!(quote(b"caf\xC3\xA9\x1b"), "caf\u{e9}\\x1b");
/// let long = [b"paypal.com.".as_slice(), &[b'x'; 1000], b".evil"].concat();
/// assert_eq!(
///     quote(&long),
///     "paypal.com.xxxxxxxxxxxxxxxxxxxxxxxxxxxxx…(960 more bytes)…xxxxxxxxxxx.evil"
/// );
/// ```
pub fn quote(bytes: &[u8]) -> String {
    quote_printable(bytes).unwrap_or_else(|| quote_any(bytes))
}

/// [`quote`] when the text's two ends are printable ASCII (the usual
/// case: warnings quote URLs and their parts), each byte its own visible
/// character: read off the ends, with no escaping and no measuring.
fn quote_printable(bytes: &[u8]) -> Option<String> {
    let printable = |s: &[u8]| s.iter().all(|b| (b' '..=b'~').contains(b));
    if bytes.len() <= QUOTE_LIMIT {
        return printable(bytes).then(|| String::from_utf8_lossy(bytes).into_owned());
    }
    // Past QUOTE_LIMIT printable bytes the text is cut, after QUOTE_HEAD
    // of them, before its last QUOTE_TAIL.
    let start = bytes.get(..=QUOTE_LIMIT)?;
    let tail = bytes.get(bytes.len() - QUOTE_TAIL..)?;
    if !(printable(start) && printable(tail)) {
        return None;
    }
    let head = std::str::from_utf8(start.get(..QUOTE_HEAD)?).ok()?;
    let tail = std::str::from_utf8(tail).ok()?;
    let left_out = bytes.len() - QUOTE_HEAD - QUOTE_TAIL;
    Some(format!("{head}…({left_out} more bytes)…{tail}"))
}

/// [`quote`] of any bytes.
fn quote_any(bytes: &[u8]) -> String {
    // Every unit is at most 4 bytes and at least one column, so
    // anything longer than this is cut; anything shorter is cheap to escape
    // whole and measure.
    if bytes.len() <= QUOTE_LIMIT * 4 {
        let whole = escape_bytes(bytes);
        if fits(&whole) {
            return whole;
        }
    }
    quote_cut(bytes)
}

/// [`quote`] for text that is already a `str`.
pub fn quote_str(s: &str) -> String {
    if let Some(quoted) = quote_printable(s.as_bytes()) {
        return quoted;
    }
    if s.len() <= QUOTE_LIMIT * 4 {
        let whole = escape_str(s);
        if fits(&whole) {
            return whole;
        }
    }
    quote_cut(s.as_bytes())
}

fn fits(shown: &str) -> bool {
    shown.len() <= QUOTE_LIMIT || columns(shown) <= QUOTE_LIMIT
}

/// [`quote`] of text that may be too long to give whole.
fn quote_cut(bytes: &[u8]) -> String {
    // The byte where the visible text first exceeds each bound, if it does.
    let mut head_end = None;
    let mut visible = 0;
    let mut at = 0;
    for (len, width) in units(bytes) {
        if visible + width > QUOTE_HEAD && head_end.is_none() {
            head_end = Some(at);
        }
        visible += width;
        at += len;
        if visible > QUOTE_LIMIT {
            break;
        }
    }
    let Some(head_end) = head_end.filter(|_| visible > QUOTE_LIMIT) else {
        return escape_bytes(bytes);
    };
    // The tail: read the last 4 * QUOTE_TAIL + 4 bytes. A window that
    // starts inside a character reads at most its first 3 bytes as strays;
    // the 4 * QUOTE_TAIL bytes after them are read as in the whole text and
    // hold at least QUOTE_TAIL visible characters, so the tail kept is.
    let from = bytes.len().saturating_sub(QUOTE_TAIL * 4 + 4).max(head_end);
    let window: Vec<(usize, usize)> = units(bytes.get(from..).unwrap_or_default()).collect();
    let mut width = 0;
    let mut tail_start = bytes.len();
    for &(len, w) in window.iter().rev() {
        if width + w > QUOTE_TAIL {
            break;
        }
        width += w;
        tail_start -= len;
    }
    let head = bytes.get(..head_end).unwrap_or_default();
    let mut tail = bytes.get(tail_start..).unwrap_or_default();
    let mut shown_tail = escape_bytes(tail);
    // A combining mark that starts the tail is escaped there (it follows
    // the '…'), which makes it wider than the window counted it.
    while columns(&shown_tail) > QUOTE_TAIL {
        let Some((len, _)) = units(tail).next() else {
            break;
        };
        tail_start += len;
        tail = bytes.get(tail_start..).unwrap_or_default();
        shown_tail = escape_bytes(tail);
    }
    format!(
        "{}…({} more bytes)…{}",
        escape_bytes(head),
        tail_start - head_end,
        shown_tail
    )
}

/// The units [`escape_bytes`] shows one at a time (a character, or a byte
/// that is not UTF-8), each as (its length in bytes, its [`columns`]).
fn units(bytes: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    bytes.utf8_chunks().flat_map(|chunk| {
        // Each chunk starts the text or follows an escaped byte.
        let mut after_escape = true;
        let chars = chunk.valid().chars().map(move |c| {
            after_escape = escaped_after(c, after_escape);
            let width = if after_escape {
                escape_char(c).len()
            } else {
                columns_of(c)
            };
            (c.len_utf8(), width)
        });
        chars.chain(chunk.invalid().iter().map(|_| (1, 4)))
    })
}

/// A character as a table or an explanation shows it standing alone, out
/// of its text: [`glyph`]'s picture for what cannot be shown as itself
/// and for the space (which would show nothing), and a combining mark on
/// U+25CC DOTTED CIRCLE, as Unicode's code charts show one: printed bare
/// it would sit on whatever the line holds before it.
///
/// # Examples
/// ```
/// use urlscope_core::text::shown_alone;
/// assert_eq!(shown_alone('é'), "é");
/// assert_eq!(shown_alone('\u{301}'), "\u{25CC}\u{301}");
/// assert_eq!(shown_alone(' '), "␠");
/// assert_eq!(shown_alone('\u{1b}'), "␛");
/// assert_eq!(shown_alone('\u{E000}'), "\u{2B1A}");
/// ```
pub fn shown_alone(c: char) -> String {
    if needs_escape(c) || c == ' ' {
        glyph(c).to_string()
    } else if unicode_normalization::char::is_combining_mark(c) {
        format!("\u{25CC}{c}")
    } else {
        c.to_string()
    }
}

/// A one-cell picture for a character a byte table cannot show as itself:
/// the Control Pictures block for C0 controls (`␀`, `␛`), `␡` for DEL, `⍽`
/// for the no-break space, and `⬚` (U+2B1A DOTTED SQUARE, as Unicode's
/// charts box a character with no picture of its own) for anything else
/// unprintable: a format character such as U+202E, a private-use one.
pub fn glyph(c: char) -> char {
    match u32::from(c) {
        v @ 0x00..=0x1F => char::from_u32(0x2400 + v).unwrap_or('·'),
        0x20 => '␠',
        0x7F => '␡',
        // The sign for a no-break space (ISO 9995-7).
        0xA0 => '⍽',
        _ if needs_escape(c) => '\u{2B1A}',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;

    /// A combining mark shows as itself after the character it marks, and
    /// escaped where it has none: at the start, after an escape or after
    /// a byte that is not UTF-8, where it would join the escape.
    #[test]
    fn a_mark_with_nothing_to_sit_on_is_escaped() {
        assert_eq!(escape_str("e\u{301}x"), "e\u{301}x");
        assert_eq!(escape_str("\u{301}x"), "\\u{0301}x");
        assert_eq!(escape_str("a\u{ffff}\u{301}"), "a\\u{ffff}\\u{0301}");
        assert_eq!(escape_bytes(b"\xff\xcc\x81"), "\\xFF\\u{0301}");
        assert_eq!(escape_str("\u{E000}"), "\\u{e000}");
        for bytes in [
            &b"\xcc\x81a"[..],
            b"a\xef\xbf\xbf\xcc\x81",
            b"\xff\xcc\x81e\xcc\x81",
        ] {
            let joined: String = pieces(bytes, 0).into_iter().map(|p| p.text).collect();
            assert_eq!(joined, escape_bytes(bytes));
        }
    }

    /// A space that is not U+0020 is shown escaped, so `a b` cannot hide
    /// which space the URL holds; U+0020 itself is printed as it is.
    #[test]
    fn spaces_that_pass_for_a_space_are_escaped() {
        assert_eq!(
            escape_bytes("a\u{a0}b c\u{3000}d".as_bytes()),
            "a\\u{00a0}b c\\u{3000}d"
        );
        assert_eq!(glyph('\u{a0}'), '⍽');
        assert_eq!(glyph('\u{2009}'), '\u{2B1A}');
    }

    #[test]
    fn escape_sequences_are_defused() {
        let s = escape_bytes(b"\x1b]0;pwned\x07\x9b");
        assert!(!s.chars().any(|c| c.is_control()), "{s}");
        assert_eq!(s, "\\x1b]0;pwned\\x07\\x9B");
        let s = escape_bytes("\u{9b}2J".as_bytes());
        assert_eq!(s, "\\u{009b}2J");
    }

    proptest::proptest! {
        /// Copying printable ASCII a run at a time changes nothing: the
        /// text is escaped character by character.
        #[test]
        fn escaping_is_per_character(s in "(\\PC|\\p{Cc}|[\u{202e}\u{200b}\u{2028}\u{301}])*") {
            // A combining mark is escaped after an escape or at the start.
            let mut after_escape = true;
            let expected: String = s
                .chars()
                .map(|c| {
                    after_escape = needs_escape(c)
                        || after_escape && unicode_normalization::char::is_combining_mark(c);
                    if after_escape { escape_char(c) } else { c.to_string() }
                })
                .collect();
            proptest::prop_assert_eq!(escape_str(&s), expected);
        }
    }

    proptest::proptest! {
        /// A quote is the escaped text whole, or its start and end around
        /// the count of the bytes left out, each cut on a unit boundary and
        /// escaped as in the whole text (the end as a text of its own: a
        /// combining mark that starts it, after the '…', is escaped).
        #[test]
        fn quotes_are_the_text_or_its_two_ends(
            bytes in proptest::prop_oneof![
                proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
                "(\\PC|\\p{Cc}|[\u{202e}\u{e0041}\u{1f600}])*".prop_map(String::into_bytes),
                "[a\u{e9}\u{20ac}\u{1f600}\u{e0041}\u{1b}\u{9b}]{0,120}".prop_map(String::into_bytes),
            ]
        ) {
            let whole = escape_bytes(&bytes);
            let quoted = quote(&bytes);
            if let Ok(s) = std::str::from_utf8(&bytes) {
                proptest::prop_assert_eq!(quote_str(s), quoted.clone());
            }
            proptest::prop_assert!(!quoted.chars().any(needs_escape));
            if columns(&whole) <= QUOTE_LIMIT {
                proptest::prop_assert_eq!(quoted, whole);
            } else {
                let (head, rest) = quoted.split_once("…(").unwrap_or_default();
                let (count, tail) = rest.split_once(" more bytes)…").unwrap_or_default();
                let left_out: usize = count.parse().unwrap_or(usize::MAX);
                proptest::prop_assert!(columns(head) <= QUOTE_HEAD);
                proptest::prop_assert!(columns(tail) <= QUOTE_TAIL);
                proptest::prop_assert!(left_out > 0 && left_out < bytes.len());
                let cut = (0..=bytes.len() - left_out).find(|&h| {
                    escape_bytes(&bytes[..h]) == head
                        && escape_bytes(&bytes[h + left_out..]) == tail
                        && whole.starts_with(head)
                        && (whole.ends_with(tail) || tail.starts_with("\\u{"))
                });
                proptest::prop_assert!(cut.is_some(), "{quoted}");
            }
        }
    }

    #[test]
    fn a_quote_is_measured_in_columns() {
        // 40 characters of CJK take 80 columns: cut, to 40 and 16.
        let cjk = "日本語".repeat(14);
        let quoted = quote(cjk.as_bytes());
        let (head, rest) = quoted.split_once("…(").unwrap_or_default();
        let (_, tail) = rest.split_once(" more bytes)…").unwrap_or_default();
        assert_eq!((columns(head), columns(tail)), (40, 16), "{quoted}");
        // 32 of them, 64 columns, are given whole.
        let whole = "日本".repeat(16);
        assert_eq!(quote(whole.as_bytes()), whole);
    }

    proptest::proptest! {
        /// Text whose ends are printable ASCII is quoted by reading its
        /// ends, as the general quote would quote it.
        #[test]
        fn printable_ends_are_quoted_as_any_text(
            bytes in "([ -~]{0,70}|[ -~]{60,70}(\\PC|\\p{Cc}|\u{e9}|\u{1b}){0,40}[ -~]{0,20})"
                .prop_map(String::into_bytes)
        ) {
            if let Some(quoted) = quote_printable(&bytes) {
                proptest::prop_assert_eq!(quoted, quote_any(&bytes));
            }
        }
    }

    #[test]
    fn printable_text_takes_the_short_way() {
        for len in [0, 1, 64, 65, 66, 81, 200] {
            let text: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            assert_eq!(quote_printable(&text), Some(quote_any(&text)), "{len}");
        }
        // Just outside: a control, DEL, a byte above ASCII, at either end
        // of a long text; the general quote then takes it.
        let long = |end: &[u8]| [&[b'a'; 70][..], end].concat();
        for text in [
            &b"a\x1b"[..],
            b"a\x7f",
            "café".as_bytes(),
            &long(b"\x1b"),
            &[b"\x9b", &long(b"")[..]].concat(),
        ] {
            assert_eq!(quote_printable(text), None, "{text:?}");
        }
        // A text that is not printable only in its middle is still cut
        // as the general quote cuts it.
        let middle = [&[b'a'; 70][..], b"\x1b\xff", &[b'b'; 20]].concat();
        assert_eq!(quote_printable(&middle), Some(quote_any(&middle)));
    }

    #[test]
    fn glyphs_for_controls() {
        assert_eq!(glyph('\0'), '␀');
        assert_eq!(glyph('\x1b'), '␛');
        assert_eq!(glyph('\u{202E}'), '\u{2B1A}');
        assert_eq!(glyph('é'), 'é');
    }
}
