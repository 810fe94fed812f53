//! Where URLs and text come from: an argument, a file, or standard input
//! (one URL per line).
//!
//! Standard input is read when it was asked for (`-`), or when no URL was
//! given and standard input is a pipe, a file or a socket (as ripgrep
//! decides): a terminal is never waited on, and `/dev/null` (a character
//! device, what cron and CI hand a program) counts as nothing given.

use super::exit::Failure;
use std::ffi::OsStr;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

/// Whether standard input carries data to read when no URL was given.
pub fn stdin_has_data() -> bool {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::FileTypeExt;
        let Ok(fd) = stdin.as_fd().try_clone_to_owned() else {
            return false;
        };
        match std::fs::File::from(fd).metadata() {
            Ok(m) => {
                let t = m.file_type();
                t.is_file() || t.is_fifo() || t.is_socket()
            }
            Err(_) => false,
        }
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Bytes of an argument, exactly as given (not necessarily UTF-8).
pub fn os_bytes(s: &OsStr) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        s.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        s.to_string_lossy().into_owned().into_bytes()
    }
}

/// `bytes` without one final line ending (`\n` or `\r\n`).
pub fn drop_newline(mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    bytes
}

/// The whole of standard input, a byte-order mark at its start and one
/// final line ending dropped.
pub fn read_stdin() -> Result<Vec<u8>, Failure> {
    let mut buf = Vec::new();
    io::stdin()
        .read_to_end(&mut buf)
        .map_err(|e| Failure::usage(format!("cannot read standard input: {e}")))?;
    Ok(drop_newline(drop_bom(buf)))
}

/// A file's raw bytes, a byte-order mark at its start and one final line
/// ending dropped.
pub fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path)
        .map(|bytes| drop_newline(drop_bom(bytes)))
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))
}

/// `bytes` without the UTF-8 byte-order mark an editor (Notepad) writes at
/// a file's start: it marks the file's encoding, not the URL's first
/// character (read with it, `https://...` became a relative reference).
/// `scan` drops it from a file's first line the same way. One elsewhere
/// is the text's and is analysed.
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// [`without_bom`] of an owned buffer.
fn drop_bom(mut bytes: Vec<u8>) -> Vec<u8> {
    let mark = bytes.len() - without_bom(&bytes).len();
    bytes.drain(..mark);
    bytes
}

/// The URLs of a text, one per line: `\n` or `\r\n` ends a line, and blank
/// lines (nothing but spaces and tabs) are skipped.
pub fn lines(text: &[u8]) -> Vec<Vec<u8>> {
    text.split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .filter(|line| !line.iter().all(|b| matches!(b, b' ' | b'\t')))
        .map(<[u8]>::to_vec)
        .collect()
}

/// The URLs on standard input, one per line; at least one, or a usage error.
pub fn stdin_urls() -> Result<Vec<Vec<u8>>, Failure> {
    let urls = lines(&read_stdin()?);
    if urls.is_empty() {
        return Err(Failure::usage(
            "no URL given: standard input had no line with a URL",
        ));
    }
    Ok(urls)
}

/// `text` as one shell word, quoted only when it must be, so a hint can
/// be pasted back (`'http://x/a b'`). The result is for a terminal:
/// callers escape control characters.
pub fn shell_quote(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:@%+=,".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_url_per_line_blank_lines_skipped() {
        assert_eq!(
            lines(b"http://a/\r\n\n  \nhttp://b/\n"),
            vec![b"http://a/".to_vec(), b"http://b/".to_vec()]
        );
        assert_eq!(lines(b""), Vec::<Vec<u8>>::new());
        assert_eq!(lines(b"x"), vec![b"x".to_vec()]);
    }

    #[test]
    fn quotes_only_what_the_shell_would_split_or_expand() {
        assert_eq!(shell_quote("http://x.com/a"), "http://x.com/a");
        assert_eq!(shell_quote("http://x/a b?c&d"), "'http://x/a b?c&d'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
