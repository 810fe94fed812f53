//! Web archives that show a copy of a page at an address of their own,
//! the page's URL written in the path: the Wayback Machine
//! (`web.archive.org/web/20200101000000/https://example.com/`) and
//! archive.today (`archive.ph/newest/https://example.com/`). Unlike a link
//! wrapper, an archive sends no visitor on: the page is shown from the
//! archive's servers, its links rewritten to the archive's copies, so the
//! URL in its path is where the copy came from, not a redirect target.

/// A web archive that shows its copies of pages at addresses of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Archive {
    /// The Internet Archive's Wayback Machine (`web.archive.org/web/...`).
    WaybackMachine,
    /// archive.today (`archive.ph`, `archive.is`...).
    ArchiveToday,
}

impl Archive {
    /// Its name in `explain --json`: `wayback-machine`, `archive-today`.
    pub fn name(self) -> &'static str {
        match self {
            Archive::WaybackMachine => "wayback-machine",
            Archive::ArchiveToday => "archive-today",
        }
    }

    /// How the URL of the page it shows a copy of is written (the
    /// unfolding's spelling of that URL).
    pub(crate) fn copy_spelling(self) -> &'static str {
        match self {
            Archive::WaybackMachine => {
                "in the path: the page the Wayback Machine shows its copy of, from its own servers"
            }
            Archive::ArchiveToday => {
                "in the path: the page archive.today shows its copy of, from its own servers"
            }
        }
    }

    /// Its name in a sentence: `the Wayback Machine`, `archive.today`.
    pub fn title(self) -> &'static str {
        match self {
            Archive::WaybackMachine => "the Wayback Machine",
            Archive::ArchiveToday => "archive.today",
        }
    }
}

/// The Wayback Machine's hosts.
const WAYBACK: [&str; 2] = ["web.archive.org", "wayback.archive.org"];

/// archive.today's hosts (its mirrors serve the same archive).
const ARCHIVE_TODAY: [&str; 7] = [
    "archive.today",
    "archive.ph",
    "archive.is",
    "archive.li",
    "archive.vn",
    "archive.md",
    "archive.fo",
];

/// The archive whose copy of a page `host` (as written, without regard
/// to case, a trailing dot aside) and `path` (as written, from its first
/// '/') show, and where in the path the archived page's URL starts: on
/// the Wayback Machine after `/web/TIMESTAMP/` (1 to 14 digits, maybe a
/// replay flag, `if_`, `js_`..., or a `*` for the list of captures) or
/// `/web/` before a URL or a host name (the latest capture), on
/// archive.today after `/newest/`, `/oldest/`, `/TIMESTAMP/` or `/`
/// before a URL (the list of captures). The Wayback Machine's `id_` flag
/// replays the page as it was, its links and scripts not rewritten, but
/// from the archive's servers all the same; its `/save/URL` captures the
/// page, then shows the copy.
pub(crate) fn archived_copy(host: &[u8], path: &[u8]) -> Option<(Archive, usize)> {
    let archive = archive_named(host)?;
    let prefix = match archive {
        Archive::WaybackMachine => wayback_prefix(path)?,
        Archive::ArchiveToday => archive_today_prefix(path)?,
    };
    // Something must follow: the archived page's address.
    (path.len() > prefix).then_some((archive, prefix))
}

/// Whether `host` (as written, one trailing dot aside) is a web
/// archive's: the fast path asks it once per host, and [`archived_copy`]
/// of each URL on one.
pub(crate) fn is_archive(host: &[u8]) -> bool {
    archive_named(host).is_some()
}

/// The archive whose host `host` is (as written, without regard to case,
/// one trailing dot aside).
fn archive_named(host: &[u8]) -> Option<Archive> {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let is = |names: &[&str]| {
        names
            .iter()
            .any(|a| host.eq_ignore_ascii_case(a.as_bytes()))
    };
    if is(&WAYBACK) {
        Some(Archive::WaybackMachine)
    } else if is(&ARCHIVE_TODAY) {
        Some(Archive::ArchiveToday)
    } else {
        None
    }
}

/// Whether `text` starts with a web URL's scheme, as an archive's path
/// holds one with no timestamp before it.
fn starts_with_web_url(text: &[u8]) -> bool {
    let scheme = text.get(..5).unwrap_or_default();
    scheme.eq_ignore_ascii_case(b"http:") || scheme.eq_ignore_ascii_case(b"https")
}

/// Whether `text` starts with a host name with a dot in it, up to a '/',
/// a ':', a '?', a '#' or its end (`example.com/`, `example.com:80/`), as
/// the Wayback Machine's path holds a page's address with neither scheme
/// nor timestamp. The name may be written in Unicode or with escapes
/// (`p%61ypal.com`, `pаypal.com`).
fn starts_with_host_name(text: &[u8]) -> bool {
    let name = text
        .iter()
        .position(|&b| matches!(b, b'/' | b':' | b'?' | b'#'))
        .map_or(text, |end| text.get(..end).unwrap_or_default());
    let host_byte = |b: &u8| b.is_ascii_alphanumeric() || *b == b'%' || *b >= 0x80;
    name.contains(&b'.')
        && name.first().is_some_and(host_byte)
        && name
            .iter()
            .all(|b| host_byte(b) || matches!(b, b'-' | b'.' | b'_'))
}

/// The length of `/web/TIMESTAMP[flag]/`, or of `/web/` or `/save/`
/// before a URL or a host name, at the start of `path`.
fn wayback_prefix(path: &[u8]) -> Option<usize> {
    if path
        .strip_prefix(b"/save/")
        .is_some_and(|rest| starts_with_web_url(rest) || starts_with_host_name(rest))
    {
        return Some(6);
    }
    let rest = path.strip_prefix(b"/web/")?;
    if starts_with_web_url(rest) || starts_with_host_name(rest) {
        return Some(5);
    }
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let after = rest.get(digits..)?;
    let flag = match after {
        [b'*', ..] => 1,
        [a, b, b'_', ..] if digits > 0 && a.is_ascii_lowercase() && b.is_ascii_lowercase() => 3,
        _ if (1..=14).contains(&digits) => 0,
        _ => return None,
    };
    (digits <= 14 && after.get(flag) == Some(&b'/')).then_some(5 + digits + flag + 1)
}

/// The length of `/newest/`, `/oldest/` or `/TIMESTAMP/` (digits, dots
/// and hyphens: `2020.01.01-123456`), or of `/` before a URL, at the
/// start of `path`.
fn archive_today_prefix(path: &[u8]) -> Option<usize> {
    let rest = path.strip_prefix(b"/")?;
    if starts_with_web_url(rest) {
        return Some(1);
    }
    let end = rest.iter().position(|&b| b == b'/')?;
    let first = rest.get(..end)?;
    let timestamp = first.first().is_some_and(u8::is_ascii_digit)
        && first
            .iter()
            .all(|&b| b.is_ascii_digit() || b == b'.' || b == b'-');
    (timestamp || first == b"newest" || first == b"oldest").then_some(1 + end + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archived_page_starts_after_the_archives_prefix() {
        let url = b"/web/20200101000000/https://www.paypal.com/signin";
        assert_eq!(
            archived_copy(b"web.archive.org", url),
            Some((Archive::WaybackMachine, 20))
        );
        for (path, at) in [
            (&b"/web/2020/https://x.example/"[..], 10),
            (b"/web/20200101000000if_/http://x.example/", 23),
            (b"/web/https://x.example/", 5),
            (b"/web/*/x.example/*", 7),
            (b"/web/2020*/x.example", 11),
            (b"/web/20200101000000id_/https://x.example/", 23),
            (b"/save/https://x.example/", 6),
            (b"/web/x.example/", 5),
            (b"/web/x.example:80/a", 5),
            (b"/web/x.example?q", 5),
            (b"/save/x.example/", 6),
            (b"/web/x.example#f", 5),
            (b"/web/p%61ypal.com/", 5),
            ("/web/pаypal.com/".as_bytes(), 5),
        ] {
            assert_eq!(
                archived_copy(b"wayback.archive.org", path),
                Some((Archive::WaybackMachine, at)),
                "{}",
                String::from_utf8_lossy(path)
            );
        }
        assert_eq!(
            archived_copy(b"ARCHIVE.ph", b"/newest/https://x.example/"),
            Some((Archive::ArchiveToday, 8))
        );
        assert_eq!(
            archived_copy(b"archive.ph", b"/https://x.example/"),
            Some((Archive::ArchiveToday, 1))
        );
        assert_eq!(
            archived_copy(b"archive.is.", b"/2020.01.01-123456/https://x.example/"),
            Some((Archive::ArchiveToday, 19))
        );
    }

    #[test]
    fn other_paths_and_hosts_are_no_archived_copy() {
        for (host, path) in [
            ("web.archive.org", &b"/web/"[..]),
            ("web.archive.org", b"/web/2020/"),
            ("web.archive.org", b"/save/x"),
            (
                "web.archive.org",
                b"/web/123456789012345/https://x.example/",
            ),
            ("web.archive.org", b"/web/abc/https://x.example/"),
            ("web.archive.org", b"/web/.x/"),
            ("web.archive.org", b"/web/-x.example/"),
            ("archive.org", b"/web/2020/https://x.example/"),
            ("evil.example", b"/web/2020/https://x.example/"),
            // archive.today's `/o/` links lead out to the original page.
            ("archive.ph", b"/o/AbCdE/https://x.example/"),
            ("archive.ph", b"/AbCdE"),
        ] {
            assert_eq!(
                archived_copy(host.as_bytes(), path),
                None,
                "{host}{}",
                String::from_utf8_lossy(path)
            );
        }
    }
}
