//! `urlscope defang` and `refang`: URLs written so that they are no
//! longer links (`hxxps://evil[.]example/`), for a ticket or a report, and
//! back.

use std::io::{self, Write};
use urlscope_core::defang::{defang, defang_text, refang};
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

/// A writer that writes every URL of what passes through it defanged
/// (`--defang`), a line at a time: a URL never spans lines.
pub struct DefangLines<W: Write> {
    inner: W,
    line: Vec<u8>,
}

impl<W: Write> DefangLines<W> {
    /// Defang what is written to `inner`.
    pub fn new(inner: W) -> DefangLines<W> {
        DefangLines {
            inner,
            line: Vec::new(),
        }
    }

    fn write_line(&mut self) -> io::Result<()> {
        let text = String::from_utf8_lossy(&self.line);
        self.inner.write_all(defang_text(&text).as_bytes())?;
        self.line.clear();
        Ok(())
    }
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
