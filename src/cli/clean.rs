//! `urlscope clean`, `normalize` and `pretty`: a corrected form of each
//! URL, one a line. A URL pasted defanged is corrected as the URL it
//! stands for, as `explain` reads it (`--defang` writes the result
//! defanged again).

use std::io::{self, Write};
use urlscope_core::clean;
use urlscope_core::defang::as_meant;
use urlscope_core::text::escape_str;

/// `clean`: illegal characters percent-encoded, the meaning kept. Where
/// the URL printed is still read apart by a browser and RFC 3986
/// (`http:evil.com`), standard error says so after it.
pub fn write_clean(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        let url = as_meant(url);
        let parts = urlscope_core::split::split(&url);
        let cleaned = clean::clean(&url, &parts);
        writeln!(out, "{cleaned}")?;
        note_read_apart(out, cleaned.as_bytes())?;
    }
    Ok(())
}

/// After a corrected URL printed, the note on standard error that a
/// browser and RFC 3986 parsers read it apart
/// ([`printed_read_apart`](urlscope_core::describe::printed_read_apart)).
/// The analysis runs only on a URL the fast path does not prove free of
/// warnings at medium: readers that disagree on the host always raise
/// one.
fn note_read_apart(out: &mut impl Write, printed: &[u8]) -> io::Result<()> {
    use urlscope_core::warnings::Severity;
    if urlscope_core::triage::is_plain_at(printed, Severity::Medium) {
        return Ok(());
    }
    let analysis = urlscope_core::analyze(printed, &urlscope_core::Options::default());
    if let Some(note) = urlscope_core::describe::printed_read_apart(&analysis) {
        out.flush()?;
        super::notes::say(&note);
    }
    Ok(())
}

/// `normalize`: RFC 3986 §6.2.2 and §6.2.3. Where the normalized URL
/// leads elsewhere than a browser goes (`http://evil.com\@good.com/`),
/// standard error says so after the URL, as `explain` does.
pub fn write_normalized(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        let url = as_meant(url);
        let normalized = clean::normalize(&url);
        writeln!(out, "{normalized}")?;
        // The analysis is needed only where normalizing changed more than
        // cleaning does.
        if normalized == clean::clean(&url, &urlscope_core::split::split(&url)) {
            note_read_apart(out, normalized.as_bytes())?;
            continue;
        }
        let analysis = urlscope_core::analyze(&url, &urlscope_core::Options::default());
        if let Some(note) = urlscope_core::describe::normalized_elsewhere(&analysis) {
            out.flush()?;
            super::notes::say(&note);
        }
    }
    Ok(())
}

/// `pretty`: as an address bar shows it, escaped for the terminal.
pub fn write_pretty(out: &mut impl Write, urls: &[Vec<u8>]) -> io::Result<()> {
    for url in urls {
        let url = as_meant(url);
        writeln!(out, "{}", escape_str(&clean::pretty(&url)))?;
        // The pretty form decodes what the clean form escapes; both are
        // read alike.
        note_read_apart(
            out,
            clean::clean(&url, &urlscope_core::split::split(&url)).as_bytes(),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(write: fn(&mut Vec<u8>, &[Vec<u8>]) -> io::Result<()>, urls: &[&str]) -> String {
        let urls: Vec<Vec<u8>> = urls.iter().map(|u| u.as_bytes().to_vec()).collect();
        let mut out = Vec::new();
        write(&mut out, &urls).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_form_prints_a_line_per_url() {
        assert_eq!(
            printed(write_clean, &["http://EXAMPLE.com/a b/%7euser", "/x y"]),
            "http://EXAMPLE.com/a%20b/%7Euser\n/x%20y\n"
        );
        assert_eq!(
            printed(
                write_normalized,
                &["HTTP://Example.COM:80/a/./b/../c/%7Euser"]
            ),
            "http://example.com/a/c/~user\n"
        );
        assert_eq!(
            printed(
                write_pretty,
                &["https://example.com/search?q=url+parsing&lang=en"]
            ),
            "https://example.com/search?q=url+parsing&lang=en\n"
        );
    }

    /// A defanged URL is corrected as the URL it stands for, as
    /// `explain` reads it; a bracketed dot that is data stays.
    #[test]
    fn a_defanged_url_is_corrected_as_its_url() {
        let pasted = [
            "hxxps://paypa1[.]com/sign in",
            "https://example.com/?q=a[.]b",
        ];
        assert_eq!(
            printed(write_clean, &pasted),
            "https://paypa1.com/sign%20in\nhttps://example.com/?q=a%5B.%5Db\n"
        );
        assert_eq!(
            printed(write_normalized, &pasted[..1]),
            "https://paypa1.com/sign%20in\n"
        );
        assert_eq!(
            printed(write_pretty, &pasted[..1]),
            "https://paypa1.com/sign in\n"
        );
    }

    #[test]
    fn pretty_never_prints_a_control_character() {
        let text = printed(write_pretty, &["http://x/%1B%5B31m"]);
        assert!(!text.contains('\u{1b}'), "{text}");
    }
}
