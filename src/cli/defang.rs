//! `urlscope defang` and `refang`: URLs written so that they are no
//! longer links (`hxxps://evil[.]example/`), for a ticket or a report, and
//! back.

use std::io::{self, Write};
use urlscope_core::defang::{defang, defang_text_with, refang, HostNames};
use urlscope_core::text::escape_bytes;

/// Each URL defanged, one a line.
pub fn write_defanged(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        let text = escape_bytes(url);
        writeln!(out, "{}", defang(&text))?;
    }
    Ok(())
}

/// Each defanged URL as it was, one a line.
pub fn write_refanged(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        writeln!(out, "{}", escape_bytes(&refang(url).url))?;
    }
    Ok(())
}

/// A writer that writes every URL and every host name of what passes
/// through it defanged (`--defang`), a line at a time: a URL never spans
/// lines. The hosts of the URLs it has written are known from then on, so
/// `evil.example` is written `evil[.]example` on every line after its URL
/// (see [`urlscope_core::defang::defang_names`]). An HTML page's style
/// and script blocks pass as they are: `table.bytes` there is a selector.
pub struct DefangLines<W: Write> {
    inner: W,
    line: Vec<u8>,
    /// The last line written, as given and as defanged, when defanging
    /// changed it: a line of carets under it points into it.
    changed: Option<(Vec<char>, Vec<char>)>,
    names: HostNames,
    /// Inside an HTML `<style>` or `<script>` block.
    in_code: bool,
}

impl<W: Write> DefangLines<W> {
    /// Defang what is written to `inner`.
    pub fn new(inner: W) -> DefangLines<W> {
        DefangLines {
            inner,
            line: Vec::new(),
            changed: None,
            names: HostNames::new(),
            in_code: false,
        }
    }

    fn write_line(&mut self) -> io::Result<()> {
        let text = String::from_utf8_lossy(&self.line).into_owned();
        let trimmed = text.trim_start();
        if trimmed.starts_with("<style") || trimmed.starts_with("<script") {
            self.in_code = true;
        }
        if self.in_code {
            self.in_code = !(text.contains("</style>") || text.contains("</script>"));
            self.inner.write_all(&self.line)?;
            self.line.clear();
            self.changed = None;
            return Ok(());
        }
        let out = match self.changed.take() {
            // Carets under a line that changed point where its text went.
            Some((given, defanged)) if is_carets(&text) => carets_moved(&text, &given, &defanged),
            _ => {
                let out = defang_text_with(&text, &mut self.names);
                if out != text {
                    self.changed = Some((text.chars().collect(), out.chars().collect()));
                }
                out
            }
        };
        self.inner.write_all(out.as_bytes())?;
        self.line.clear();
        Ok(())
    }
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
    }

    #[test]
    fn controls_stay_escaped() {
        assert_eq!(
            printed(write_defanged, "http://a.b/\u{1b}"),
            "hxxp://a[.]b/\\x1b\n"
        );
    }
}
