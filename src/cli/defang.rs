//! `urlscope defang` and `refang`: URLs written so that they are no
//! longer links (`hxxps://evil[.]example/`), for a ticket or a report, and
//! back.

use std::io::{self, Write};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
use urlscope_core::defang::{
    defang, defang_bytes, defang_text_with, escaped_text, refang_text, HostNames,
};

/// Each URL defanged, one a line (what a terminal would act on
/// percent-encoded: [`defang_bytes`]).
pub fn write_defanged(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        writeln!(out, "{}", defang_bytes(url))?;
    }
    Ok(())
}

/// Each defanged URL as it was, one a line (what a terminal would act on
/// percent-encoded, as `defang` writes it: [`refang_text`]).
pub fn write_refanged(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        writeln!(out, "{}", refang_text(url))?;
    }
    Ok(())
}

/// Each live URL, one a line, written as [`write_refanged`] writes them
/// ([`escaped_text`]): URLs refanged, then resolved (`refang --base`).
pub fn write_live(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        writeln!(out, "{}", escaped_text(url))?;
    }
    Ok(())
}

/// A writer that writes every URL and every host name of what passes
/// through it defanged (`--defang`), a line at a time: a URL never spans
/// lines. The hosts of the URLs it has written are known from then on, so
/// `evil.example` is written `evil[.]example` on every line after its URL
/// (see [`urlscope_core::defang::defang_names`]). An HTML page's style
/// and script blocks pass as they are: `table.bytes` there is a selector.
///
/// Defanging lengthens a line (`.` becomes `[.]`, `http` `hxxp`), so a
/// report laid out for [`WIDTH`](super::cells::WIDTH) columns would run
/// past them: given the width ([`DefangLines::fitting`]), a line that fit
/// before is fitted again (see [`fitted`]).
pub struct DefangLines<W: Write> {
    inner: W,
    line: Vec<u8>,
    /// The width the text was laid out for, when it was.
    width: Option<usize>,
    /// The last line written, as given and as defanged, when defanging
    /// changed it: a line of carets under it points into it.
    changed: Option<(Vec<char>, Vec<char>)>,
    /// The last piece of a line broken to fit, not yet written: when the
    /// next line goes on with its sentence, the piece starts that line.
    held: Option<Held>,
    names: HostNames,
    /// Inside an HTML `<style>` or `<script>` block.
    in_code: bool,
    /// Each line is one URL ([`DefangLines::urls`]).
    urls: bool,
}

impl<W: Write> DefangLines<W> {
    /// Defang what is written to `inner`.
    pub fn new(inner: W) -> DefangLines<W> {
        DefangLines {
            inner,
            line: Vec::new(),
            width: None,
            changed: None,
            held: None,
            names: HostNames::new(),
            in_code: false,
            urls: false,
        }
    }

    /// Read each line as one URL (`clean`, `normalize`, `pretty`), which
    /// is defanged whole as `urlscope defang` writes it: a URL with no
    /// `://` a browser still opens (`http:evil.example`,
    /// `//evil.example/x`) is no URL to a search through text.
    pub fn urls(mut self) -> DefangLines<W> {
        self.urls = true;
        self
    }

    /// Fit each line that fit `width` columns before it was defanged into
    /// them again: for text laid out for that width (reports), not for
    /// lines that are records (`scan`, `clean`).
    pub fn fitting(mut self, width: usize) -> DefangLines<W> {
        self.width = Some(width);
        self
    }

    fn write_line(&mut self) -> io::Result<()> {
        let raw = String::from_utf8_lossy(&self.line).into_owned();
        // Colour (`--color always`, or a terminal) is laid out, defanged
        // and aligned without: its escapes take no column, and a line of
        // carets in colour is still one to move. They go back in after.
        let (text, colours) = without_colours(&raw);
        let trimmed = text.trim_start();
        if trimmed.starts_with("<style") || trimmed.starts_with("<script") {
            self.in_code = true;
        }
        if self.in_code {
            self.in_code = !(text.contains("</style>") || text.contains("</script>"));
            self.release()?;
            self.inner.write_all(&self.line)?;
            self.line.clear();
            self.changed = None;
            return Ok(());
        }
        let out = match self.changed.take() {
            // Carets under a line that changed point where its text went.
            Some((given, defanged)) if is_carets(&text) => carets_moved(&text, &given, &defanged),
            _ => {
                let defanged = if self.urls {
                    let url = text.trim_end_matches(['\n', '\r']);
                    format!(
                        "{}{}",
                        defang(url),
                        text.get(url.len()..).unwrap_or_default()
                    )
                } else {
                    defang_text_with(&text, &mut self.names)
                };
                match self.width {
                    Some(width) => self.fit(&text, defanged, width)?,
                    None => {
                        if defanged != text {
                            self.changed =
                                Some((text.chars().collect(), defanged.chars().collect()));
                        }
                        defanged
                    }
                }
            }
        };
        let out = if colours.is_empty() {
            out
        } else {
            with_colours(&text, &out, &colours)
        };
        self.inner.write_all(out.as_bytes())?;
        self.line.clear();
        Ok(())
    }

    /// `defanged`, the defanged line `given`, fitted into `width` columns
    /// ([`fitted`]), what is left of the line before it when that was
    /// broken and this line goes on with its sentence put first. The last
    /// piece of a line broken now is held back for the next line.
    fn fit(&mut self, given: &str, defanged: String, width: usize) -> io::Result<String> {
        let defanged = match self.held.take() {
            Some(held) if held.goes_on_with(given, width) => {
                let body = defanged.trim_start_matches(' ');
                format!("{} {body}", held.piece)
            }
            Some(held) => {
                self.inner.write_all(held.piece.as_bytes())?;
                self.inner.write_all(held.ending.as_bytes())?;
                defanged
            }
            None => defanged,
        };
        let body = defanged.trim_end_matches(['\n', '\r']);
        let ending = &defanged[body.len()..];
        let mut lines = fitted(given, body, width);
        let Some(last) = lines.pop() else {
            return Ok(defanged);
        };
        if lines.is_empty() {
            if last != given.trim_end_matches(['\n', '\r']) {
                self.changed = Some((
                    given.chars().collect(),
                    format!("{last}{ending}").chars().collect(),
                ));
            }
            return Ok(format!("{last}{ending}"));
        }
        // Carets point into one line: under a line broken in two they
        // stay as they were.
        let given = given.trim_end_matches(['\n', '\r']);
        self.held = Some(Held {
            piece: last,
            ending: ending.to_string(),
            given_width: given.width(),
            ends_sentence: given.ends_with(['.', ')']),
        });
        Ok(lines.iter().map(|l| format!("{l}\n")).collect())
    }

    /// Writes the piece held back, if any, on a line of its own.
    fn release(&mut self) -> io::Result<()> {
        if let Some(held) = self.held.take() {
            self.inner.write_all(held.piece.as_bytes())?;
            self.inner.write_all(held.ending.as_bytes())?;
        }
        Ok(())
    }
}

/// The last piece of a defanged line broken to fit, and what decides
/// whether the next line goes on with its text.
struct Held {
    /// The piece, indented, without its line ending.
    piece: String,
    ending: String,
    /// The width of the line it came from, as given.
    given_width: usize,
    /// Whether that line ends a sentence or an item (`(public)`): what
    /// follows it starts afresh.
    ends_sentence: bool,
}

impl Held {
    /// Whether the line `given` goes on with the sentence the held piece
    /// is the end of: the report wrapped them (the first word of `given`
    /// did not fit after the line before it), at the piece's indent, and
    /// the line before ends no sentence. An excerpt, carets, a new heading
    /// or a line run on past `width` starts afresh.
    fn goes_on_with(&self, given: &str, width: usize) -> bool {
        let given = given.trim_end_matches(['\n', '\r']);
        let text = given.trim_start_matches(' ');
        let indent = |line: &str| line.len() - line.trim_start_matches(' ').len();
        let first_word = text.split(' ').next().unwrap_or_default();
        !self.ends_sentence
            && !text.is_empty()
            && !is_carets(given)
            && given.width() <= width
            && indent(given) == indent(&self.piece)
            && self.given_width + 1 + first_word.width() > width
    }
}

/// `defanged`, the defanged form of the line `given` (without its line
/// ending), fitted into `width` columns again when `given` fit them and
/// `defanged` does not: the lines it is written as. A line longer than
/// `width` as given (a long URL, which a report runs on whole to be
/// copied) stays as it is. Text cut with `…` is cut further beside each
/// `…`, as the report cuts a long host or reading, never inside a `[.]`
/// or an escape; what still does not fit is broken at a space, its rest
/// on lines indented as the report indents what follows a heading
/// ([`hanging_indent`]). A word longer than a line (a URL) stays whole.
fn fitted(given: &str, defanged: &str, width: usize) -> Vec<String> {
    let given = given.trim_end_matches(['\n', '\r']);
    if defanged.width() <= width || given.width() > width {
        return vec![defanged.to_string()];
    }
    let cut = cut_further(defanged, width);
    if cut.width() <= width {
        return vec![cut];
    }
    broken(&cut, width)
}

/// How the count of a quote cut in the middle ends, before its second
/// `…` (`…(12 more bytes)…`).
const COUNT_END: &str = "bytes)";

/// `line` with characters taken away beside each `…` in it, in turns,
/// until it fits `width` columns or no more can be taken: before a `…`
/// that ends a word (`https://www.exa…`, `sec…-login`), after one that
/// starts a word (`…ml?redirect=`). A word is never taken whole (a space
/// ends what may be taken), and a `[.]`, `hxxp` or escape cut in part
/// is taken whole, so no defanged spelling is left half written.
fn cut_further(line: &str, width: usize) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    let columns = |chars: &[char]| chars.iter().map(|c| c.width().unwrap_or(0)).sum::<usize>();
    let ellipses = |chars: &[char]| -> Vec<usize> {
        chars
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == '…')
            .map(|(i, _)| i)
            .collect()
    };
    let takable = |c: Option<&char>| c.is_some_and(|&c| c != ' ' && c != '…');
    // A quote cut in the middle (`…(12 more bytes)…`) keeps its count
    // whole: its second `…` is taken from after.
    let ends_count = |at: usize| {
        at.checked_sub(COUNT_END.len())
            .and_then(|from| chars.get(from..at))
            .is_some_and(|before| before.iter().copied().eq(COUNT_END.chars()))
    };
    // The side of each `…` taken from: fixed at the start, before it
    // unless it starts a word or ends a count.
    let before: Vec<bool> = ellipses(&chars)
        .iter()
        .map(|&at| at > 0 && takable(chars.get(at - 1)) && !ends_count(at))
        .collect();
    let mut taken = vec![false; before.len()];
    while columns(&chars) > width {
        let mut took = false;
        for (k, &from_before) in before.iter().enumerate() {
            if columns(&chars) <= width {
                break;
            }
            let Some(&at) = ellipses(&chars).get(k) else {
                break;
            };
            let victim = if from_before {
                at.checked_sub(1)
            } else {
                Some(at + 1)
            };
            if let Some(v) = victim.filter(|&v| takable(chars.get(v))) {
                chars.remove(v);
                took = true;
                if let Some(t) = taken.get_mut(k) {
                    *t = true;
                }
            }
        }
        if !took {
            break;
        }
    }
    // What is left of a spelling cut in part goes too.
    for (k, &from_before) in before.iter().enumerate() {
        if !taken.get(k).copied().unwrap_or(false) {
            continue;
        }
        let Some(&at) = ellipses(&chars).get(k) else {
            break;
        };
        if from_before {
            let head: String = chars[..at].iter().collect();
            let keep = head
                .strip_suffix("[.")
                .or_else(|| head.strip_suffix('['))
                .or_else(|| head.strip_suffix('%'))
                .or_else(|| {
                    // The last character may be any: a cut text of CJK
                    // ends in one of three bytes.
                    let last = head.chars().next_back()?;
                    let rest = head.strip_suffix(last)?.strip_suffix('%')?;
                    last.is_ascii_hexdigit().then_some(rest)
                })
                .map(|h| h.chars().count());
            if let Some(keep) = keep {
                chars.drain(keep..at);
            }
        } else {
            let tail: String = chars[at + 1..].iter().collect();
            let drop = if tail.starts_with(".]") {
                2
            } else {
                usize::from(tail.starts_with(']'))
            };
            chars.drain(at + 1..at + 1 + drop);
        }
    }
    chars.into_iter().collect()
}

/// `line` broken at spaces into lines of at most `width` columns where it
/// can be, each line after the first indented by [`hanging_indent`] (or
/// under its cell, in a table: [`cell_start`]). It breaks as the report's
/// own layout does: never right after `→` (an arrow stays with what it
/// leads to), nor inside short parentheses (a count, `(1 high, 1
/// medium)`, stays whole: [`short_parentheses`]), nor in the indent; a
/// word longer than a line goes on a line of its own, whole.
fn broken(line: &str, width: usize) -> Vec<String> {
    let mut indent = hanging_indent(line);
    let mut lines = Vec::new();
    let mut rest = line.to_string();
    loop {
        let Some(at) = break_at(&rest, indent, width) else {
            lines.push(rest);
            return lines;
        };
        if lines.is_empty() {
            indent = cell_start(&rest, at).unwrap_or(indent);
        }
        let (head, tail) = rest.split_at(at);
        let tail = tail.trim_start();
        lines.push(head.trim_end().to_string());
        if tail.is_empty() {
            return lines;
        }
        rest = format!("{:indent$}{tail}", "");
        if rest.width() <= width {
            lines.push(rest);
            return lines;
        }
    }
}

/// Where to break `line` (a byte offset, at a space): the last place
/// [`broken`] may break where what comes before fits `width` columns, else
/// the first (what comes before is one word too long for a line). Two
/// spaces or more part a line's fields (`(public)  off-site: x`): the last
/// such gap that fits is taken first, so a field moves down whole.
fn break_at(line: &str, indent: usize, width: usize) -> Option<usize> {
    let whole = short_parentheses(line);
    let mut column = 0;
    let mut previous = ' ';
    let mut first = None;
    let mut last_fitting = None;
    let mut last_fitting_gap = None;
    for (at, c) in line.char_indices() {
        let inside = whole.iter().any(|&(open, close)| open < at && at < close);
        if c == ' ' && previous != ' ' && previous != '→' && !inside && column > indent {
            first = first.or(Some(at));
            if column <= width {
                last_fitting = Some(at);
                if line[at + 1..].starts_with(' ') {
                    last_fitting_gap = Some(at);
                }
            }
        }
        column += c.width().unwrap_or(0);
        previous = c;
    }
    last_fitting_gap.or(last_fitting).or(first)
}

/// The byte spans of the parentheses in `line` short enough to stay
/// whole (a count, `(1 high, 1 medium)`; `(what one owner controls)`):
/// a longer one is a sentence of its own and breaks as prose does.
fn short_parentheses(line: &str) -> Vec<(usize, usize)> {
    const SHORT: usize = 32;
    let mut spans = Vec::new();
    let mut open = None;
    let mut depth = 0usize;
    for (at, c) in line.char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    open = Some(at);
                }
                depth += 1;
            }
            ')' if depth > 0 => {
                depth -= 1;
                if let (0, Some(from)) = (depth, open) {
                    if line[from..=at].width() <= SHORT {
                        spans.push((from, at));
                    }
                }
            }
            _ => {}
        }
    }
    spans
}

/// The column the cell broken at `at` starts at, when `line` is a table's
/// row (two gaps of two spaces or more before `at`, or more): what is
/// left of the cell goes on under it (`[medium]` under its value), not
/// under the row's first cell.
fn cell_start(line: &str, at: usize) -> Option<usize> {
    let head = line.get(..at)?;
    let leading = head.len() - head.trim_start_matches(' ').len();
    let mut starts = Vec::new();
    let mut column = leading;
    let mut spaces = 0;
    for c in head[leading..].chars() {
        if c == ' ' {
            spaces += 1;
        } else {
            if spaces >= 2 {
                starts.push(column);
            }
            spaces = 0;
        }
        column += c.width().unwrap_or(0);
    }
    if starts.len() >= 2 {
        starts.last().copied()
    } else {
        None
    }
}

/// The column a report continues `line` at when it wraps it: after the
/// heading, when the line starts with one (`Leads to    `, `  HIGH   `:
/// a word or two, then two spaces or more, within the first 32 columns),
/// else at the line's own indent.
fn hanging_indent(line: &str) -> usize {
    let leading = line.len() - line.trim_start_matches(' ').len();
    if leading < 4 {
        let text = &line[leading..];
        if let Some(gap) = text.find("  ") {
            let after = text[gap..].len() - text[gap..].trim_start_matches(' ').len();
            let column = leading + text[..gap].width() + after;
            if column <= 32 && !text[gap..].trim().is_empty() {
                return column;
            }
        }
    }
    leading
}

/// Whether `line` is a line of carets (`     ^^^ ^`) and nothing else.
fn is_carets(line: &str) -> bool {
    let line = line.trim_end_matches(['\n', '\r']);
    line.contains('^') && line.chars().all(|c| c == ' ' || c == '^')
}

/// The caret line `carets`, written under `given`, moved to point at the
/// same characters of `defanged` (each run of carets spans what its
/// characters became, brackets put inside included). The two are aligned
/// character by character (an edit distance's alignment: defanging only
/// puts characters in and replaces a few); lines too long to align keep
/// their carets.
fn carets_moved(carets: &str, given: &[char], defanged: &[char]) -> String {
    let Some(to) = alignment(given, defanged) else {
        return carets.to_string();
    };
    let end = carets.trim_end_matches(['\n', '\r']);
    let marks: Vec<bool> = end.chars().map(|c| c == '^').collect();
    let mut out = vec![' '; defanged.len().max(1)];
    let mut i = 0;
    while i < marks.len() {
        if !marks.get(i).copied().unwrap_or(false) {
            i += 1;
            continue;
        }
        let start = i;
        while marks.get(i).copied().unwrap_or(false) {
            i += 1;
        }
        let (Some(&from), Some(&last)) = (to.get(start), to.get(i - 1)) else {
            continue;
        };
        for c in out.iter_mut().take(last + 1).skip(from) {
            *c = '^';
        }
    }
    let line: String = out.into_iter().collect();
    format!("{}{}", line.trim_end(), &carets[end.len()..])
}

/// `line` without its colour escapes (SGR: `ESC [ digits and ; m`), and
/// each escape with the index of the character it stood before.
fn without_colours(line: &str) -> (String, Vec<(usize, String)>) {
    if !line.contains('\x1b') {
        return (line.to_string(), Vec::new());
    }
    let mut text = String::with_capacity(line.len());
    let mut colours = Vec::new();
    let mut count = 0;
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let escape = rest.strip_prefix("\x1b[").and_then(|after| {
            let body = after.len()
                - after
                    .trim_start_matches(|c: char| c.is_ascii_digit() || c == ';')
                    .len();
            after[body..].starts_with('m').then_some(2 + body + 1)
        });
        if let Some(len) = escape {
            colours.push((count, rest[..len].to_string()));
            rest = &rest[len..];
            continue;
        }
        text.push(c);
        count += 1;
        rest = &rest[c.len_utf8()..];
    }
    (text, colours)
}

/// `out`, what the line `given` was written as, with the colour escapes
/// `given` had put back before the characters theirs became (aligned as
/// carets are; past 512 characters, counted from the nearer end). A
/// colour left open (its reset fell in a piece held for the next line)
/// is closed at the line's end.
fn with_colours(given: &str, out: &str, colours: &[(usize, String)]) -> String {
    let given: Vec<char> = given.chars().collect();
    let written: Vec<char> = out.chars().collect();
    let body = out.trim_end_matches(['\n', '\r']).chars().count();
    let same_start = given
        .iter()
        .zip(&written)
        .take_while(|(a, b)| a == b)
        .count();
    let to = alignment(&given, &written);
    let at = |p: usize| -> usize {
        let mapped = match (&to, given.get(p)) {
            (_, None) => body,
            (Some(to), Some(_)) => to.get(p).copied().unwrap_or(body),
            (None, Some(_)) if p <= same_start => p,
            (None, Some(_)) => written.len().saturating_sub(given.len() - p),
        };
        mapped.min(body)
    };
    let mut placed: Vec<(usize, &str)> =
        colours.iter().map(|(p, e)| (at(*p), e.as_str())).collect();
    placed.sort_by_key(|&(p, _)| p);
    let mut line = String::with_capacity(out.len() + colours.len() * 8);
    let mut next = placed.iter().peekable();
    for (i, c) in written.iter().enumerate() {
        if i == body && placed.last().is_some_and(|&(_, e)| e != "\x1b[0m") {
            for (_, e) in next.by_ref() {
                line.push_str(e);
            }
            line.push_str("\x1b[0m");
        }
        while let Some((_, e)) = next.next_if(|&&(p, _)| p <= i) {
            line.push_str(e);
        }
        line.push(*c);
    }
    for (_, e) in next {
        line.push_str(e);
    }
    if body == written.len() && placed.last().is_some_and(|&(_, e)| e != "\x1b[0m") {
        line.push_str("\x1b[0m");
    }
    line
}

/// For each character of `a`, the index of the character of `b` it stands
/// at in an edit distance's alignment of the two (a character `b` lacks
/// stands where the next one does); `None` past 512 characters.
fn alignment(a: &[char], b: &[char]) -> Option<Vec<usize>> {
    if a.len() > 512 || b.len() > 512 {
        return None;
    }
    let (n, m) = (a.len(), b.len());
    // cost[i][j]: the edits from a[i..] to b[j..].
    let mut cost = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..=n).rev() {
        for j in (0..=m).rev() {
            let value = match (a.get(i), b.get(j)) {
                (None, None) => 0,
                (None, Some(_)) => m - j,
                (Some(_), None) => n - i,
                (Some(x), Some(y)) => {
                    let here = cost[i + 1][j + 1] + usize::from(x != y);
                    here.min(cost[i + 1][j] + 1).min(cost[i][j + 1] + 1)
                }
            };
            cost[i][j] = value;
        }
    }
    let mut to = Vec::with_capacity(n);
    let (mut i, mut j) = (0, 0);
    while i < n {
        let x = a.get(i);
        let y = b.get(j);
        if j < m && cost[i][j] == cost[i + 1][j + 1] + usize::from(x != y) {
            to.push(j);
            i += 1;
            j += 1;
        } else if j < m && cost[i][j] == cost[i][j + 1] + 1 {
            j += 1;
        } else {
            to.push(j.min(m.saturating_sub(1)));
            i += 1;
        }
    }
    Some(to)
}

impl<W: Write> Write for DefangLines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(nl) = memchr::memchr(b'\n', rest) {
            let (line, after) = rest.split_at(nl + 1);
            self.line.extend_from_slice(line);
            self.write_line()?;
            rest = after;
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    /// Writes a line not yet ended too: what is flushed is shown.
    fn flush(&mut self) -> io::Result<()> {
        if !self.line.is_empty() {
            self.write_line()?;
        }
        self.release()?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_under_a_defanged_line_follow_its_text() {
        let mut out = Vec::new();
        {
            let mut lines = DefangLines::new(&mut out);
            lines
                .write_all(b"   https://www.paypal.com.evil.example/x\n               ^^^^^^^^^^\n")
                .unwrap();
            lines.flush().unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        let mut rows = text.lines();
        let url = rows.next().unwrap();
        let carets = rows.next().unwrap();
        assert_eq!(url, "   hxxps://www[.]paypal[.]com[.]evil[.]example/x");
        let at = carets.find('^').unwrap();
        assert_eq!(&url[at..carets.len()], "paypal[.]com", "{url}\n{carets}");
        // Carets under a line defanging left alone stay where they are.
        let mut out = Vec::new();
        DefangLines::new(&mut out)
            .write_all(b"  abc\n   ^\n")
            .unwrap();
        assert_eq!(out, b"  abc\n   ^\n");
    }

    fn printed(write: fn(&mut Vec<u8>, &[Vec<u8>]) -> io::Result<()>, url: &str) -> String {
        let mut out = Vec::new();
        write(&mut out, &[url.as_bytes().to_vec()]).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_url_through_the_writer_is_defanged() {
        let mut out = Vec::new();
        {
            let mut w = DefangLines::new(&mut out);
            write!(w, "URL  https://evil.exa").unwrap();
            writeln!(w, "mple/a.php").unwrap();
            write!(w, "Clean  http://b.example/").unwrap();
            w.flush().unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "URL  hxxps://evil[.]example/a.php\nClean  hxxp://b[.]example/"
        );
    }

    #[test]
    fn defang_then_refang_gives_the_url_back() {
        let url = "https://login.evil.example/path.php?u=a.b";
        let defanged = printed(write_defanged, url);
        assert_eq!(defanged, "hxxps://login[.]evil[.]example/path.php?u=a.b\n");
        assert_eq!(
            printed(write_refanged, defanged.trim_end()),
            format!("{url}\n")
        );
        // A control byte is percent-encoded, as a browser sends it: the
        // byte ESC and the text `\x1b` are written apart, and nothing the
        // terminal acts on is printed.
        let esc = printed(write_defanged, "https://evil.example/\u{1b}[2J\u{202e}");
        assert_eq!(esc, "hxxps://evil[.]example/%1B[2J%E2%80%AE\n");
        let text = printed(write_defanged, "https://evil.example/\\x1b");
        assert_eq!(text, "hxxps://evil[.]example/\\x1b\n");
        assert_eq!(
            printed(write_refanged, esc.trim_end()),
            "https://evil.example/%1B[2J%E2%80%AE\n"
        );
    }

    /// `text` through a writer fitting lines to 80 columns.
    fn fitted_to_80(text: &str) -> String {
        let mut out = Vec::new();
        {
            let mut lines = DefangLines::new(&mut out).fitting(80);
            lines.write_all(text.as_bytes()).unwrap();
            lines.flush().unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_sentence_broken_to_fit_goes_on_in_the_line_after_it() {
        let given = "         'https://evil.example.com/a.b.c.d': a site that redirects to it sends\n         its visitors to 'example.com'.\n";
        assert_eq!(
            fitted_to_80(given),
            "         'hxxps://evil[.]example[.]com/a.b.c.d': a site that redirects to it\n         sends its visitors to 'example[.]com'.\n"
        );
    }

    #[test]
    fn an_item_broken_to_fit_does_not_run_into_the_next() {
        let given = "Leads to    a.very.long.subdomain.chain.for.cutting.evil.example.com (public)\n            via query value 'next': https://paypal.com/\n";
        assert_eq!(
            fitted_to_80(given),
            "Leads to    a[.]very[.]long[.]subdomain[.]chain[.]for[.]cutting[.]evil[.]example[.]com\n            (public)\n            via query value 'next': hxxps://paypal[.]com/\n"
        );
    }

    #[test]
    fn a_table_cell_broken_to_fit_goes_on_under_itself() {
        let given =
            "   8  query value   107-141     https://a.b.c.evil.example.com/x.y  [medium]\n";
        let out = fitted_to_80(given);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let cell = lines[0].find("hxxps").unwrap();
        assert_eq!(lines[1], format!("{:cell$}[medium]", ""), "{out}");
    }

    #[test]
    fn a_line_too_long_as_given_stays_whole() {
        let given = "URL         https://www.paypal.com.secure-login.example.net/login/very/long/path/index.html\n";
        assert_eq!(
            fitted_to_80(given),
            "URL         hxxps://www[.]paypal[.]com[.]secure-login[.]example[.]net/login/very/long/path/index.html\n"
        );
    }

    #[test]
    fn a_cut_is_cut_further_at_a_characters_boundary() {
        let line = format!("  ≈ href      https://ex.com/{}… | x", "ä".repeat(40));
        let cut = cut_further(&line, 60);
        assert!(cut.ends_with("ä… | x"), "{cut}");
    }

    #[test]
    fn a_cut_quotes_count_is_never_cut() {
        let given =
            "         bytes)…date.example.net'. In a page's link the same text is a relative\n";
        let out = fitted_to_80(given);
        assert!(out.contains("bytes)…"), "{out}");
        assert!(out.lines().all(|l| l.width() <= 80), "{out}");
    }

    #[test]
    fn controls_are_percent_encoded() {
        assert_eq!(
            printed(write_defanged, "http://a.b/\u{1b}[2J"),
            "hxxp://a[.]b/%1B[2J\n"
        );
        // At the URL's end a browser trims it, as it trims spaces.
        assert_eq!(
            printed(write_defanged, "http://a.b/\u{1b}"),
            "hxxp://a[.]b/\n"
        );
    }
}
