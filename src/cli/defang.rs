//! `urlscope defang` and `refang`: URLs written so that they are no
//! longer links (`hxxps://evil[.]example/`), for a ticket or a report, and
//! back.

use std::io::{self, Write};
use urlscope_core::defang::{defang, refang};
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

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(write: fn(&mut Vec<u8>, &[Vec<u8>]) -> io::Result<()>, url: &str) -> String {
        let mut out = Vec::new();
        write(&mut out, &[url.as_bytes().to_vec()]).unwrap();
        String::from_utf8(out).unwrap()
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
