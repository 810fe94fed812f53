//! URLs the path carries, or the query whole.

use super::{find_url, is_itself, lift, url_node, written_span, Budget, Nested, Unfolding};
use crate::names;
use crate::split::{ComponentKind, Span, Split};
use crate::warnings::Warning;

/// URLs the path carries: a segment that is a scheme followed by `//`
/// (`/redirect/https://evil.example/`), or a path that itself starts with
/// `//` after an authority and a host's name (`https://site//evil.example/`,
/// not `https://site//themes/`: [`may_name_path_host`]).
pub(super) fn unfold_path(
    at: &Unfolding<'_>,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    let (input, parts) = (at.input, at.parts);
    let path = parts.path;
    let raw = path.of(input);
    let doubled = || {
        raw.strip_prefix(b"//").is_some_and(|rest| {
            let end = rest
                .iter()
                .position(|b| matches!(b, b'/' | b'?' | b'#' | b'\\'))
                .unwrap_or(rest.len());
            may_name_path_host(rest.get(..end).unwrap_or_default())
        })
    };
    let office = office_document(raw);
    let start = if parts.authority.is_some() && doubled() {
        Some(path.start)
    } else if let Some((from, _)) = office.filter(|_| handed_to_application(input, parts)) {
        Some(path.start + from)
    } else {
        at.components.iter().find_map(|c| {
            let seg = c.raw();
            let is_scheme_seg = c.kind == ComponentKind::PathSegment
                && seg.len() > 1
                && seg.ends_with(b":")
                && input.get(c.span.end..c.span.end + 2) == Some(b"//");
            is_scheme_seg.then_some(c.span.start)
        })
    };
    let Some(start) = start else {
        return archived_name(at, budget, lifted);
    };
    let end = match office {
        Some((from, to)) if path.start + from == start => path.start + to,
        _ => path.end,
    };
    let span = Span::new(start, end);
    // Each decoded byte knows the bytes that wrote it, so the carried
    // URL's findings mark their own bytes (and the outer URL's same
    // finding on them is said once).
    let decoded = crate::percent::decode_layer(&crate::percent::raw_layer(input, span), false);
    let text = crate::percent::values(&decoded);
    let found = find_url(&text)?;
    if is_itself(input, at.itself, span) {
        return None;
    }
    let mut url = text.get(found.from..).unwrap_or_default();
    let mut spelling = found.spelling;
    // `jar:URL!/entry`: a Java client fetches the archive at URL, up to the
    // first `!/` (JarURLConnection), and reads the entry from it.
    let jar = parts
        .scheme
        .is_some_and(|s| s.of(input).eq_ignore_ascii_case(b"jar"));
    match memchr::memmem::find(url, b"!/").filter(|_| jar) {
        Some(bang) => {
            url = url.get(..bang).unwrap_or_default();
            spelling.push("the archive a Java client fetches for a jar: URL, up to its '!/'");
        }
        None => match archive_of(input, parts).filter(|&(_, at)| at <= start) {
            Some((archive, _)) => spelling.push(archive.copy_spelling()),
            // An application's link (`microsoft-edge:https://...`) has no
            // server to echo its path: the application opens the URL
            // (`dangerous-scheme` says so).
            None if handed_to_application(input, parts) => {}
            None => spelling.push("in the path, which servers that echo it as a redirect follow"),
        },
    }
    Some(path_node(at, span, url, spelling, budget, lifted, |s| {
        let s = Span::new(found.from + s.start, found.from + s.end);
        written_span(&decoded, s, |b| b.span).unwrap_or(span)
    }))
}

/// Whether the URL is an application's link, whose path a program of the
/// visitor's system is handed: a scheme the URL Standard does not make
/// special, and no authority (`microsoft-edge:https://...`).
pub(crate) fn handed_to_application(input: &[u8], parts: &Split) -> bool {
    parts.authority.is_none()
        && parts.scheme.is_some_and(|s| {
            let scheme = String::from_utf8_lossy(s.of(input)).to_ascii_lowercase();
            !crate::schemes::is_special(&scheme) && scheme != "jar"
        })
}

/// Where the document's address is in the path of an Office URI
/// (`ms-word:ofe|u|https://host/doc.docx`: a command of letters, then
/// `|u|`, the address, and maybe another argument such as `|s|` and the
/// place to save to; Microsoft's "Office URI Schemes"), when it is one.
fn office_document(path: &[u8]) -> Option<(usize, usize)> {
    let command = path.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    if command == 0 || path.get(command..command + 3) != Some(b"|u|") {
        return None;
    }
    let from = command + 3;
    let rest = path.get(from..).unwrap_or_default();
    let end = memchr::memchr_iter(b'|', rest)
        .find(|&i| {
            rest.get(i + 1).is_some_and(u8::is_ascii_alphabetic) && rest.get(i + 2) == Some(&b'|')
        })
        .unwrap_or(rest.len());
    Some((from, from + end))
}

/// Whether the text after a path's leading `//` (`https://site//NAME/`, up
/// to the next `/`, `?`, `#` or `\\`) may name the host of a URL that a
/// server echoing the path as a redirect sends its visitor to, rather than
/// a folder or a file written after a doubled slash, as sites' templates
/// write them (`//themes/mini/`, `//rm.php`, `//2013/05/`, `//v2.0/`):
///
/// - an IPv4 address as a browser reads one: four parts
///   (`169.254.169.254`), a part spelled in hex or octal (`0x7f.1`,
///   `00`), one that leads inside (`127.1`, `10.1`, `0`), or one number
///   of more than 24 bits (`2130706433`); not a year, a short id or a
///   version number (`2013`, `1.2`);
/// - a name whose last label is a top-level domain (`evil.zip`), a
///   special-use one (`evil.example`) or an internal one (`x.svc`), but
///   not a name of two labels whose last is far more often a script's
///   extension in a path ([`SCRIPT_TLDS`]: `login.do`, `x.pl`;
///   `evil.com.pl` is a host);
/// - a name that always leads inside (`localhost`, `metadata`);
/// - anything but a plain name (an `@`, a `:`, an escape, a bracket: read
///   as a URL).
fn may_name_path_host(name: &[u8]) -> bool {
    if name.is_empty()
        || !name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    {
        return true;
    }
    let Ok(text) = std::str::from_utf8(name) else {
        return true;
    };
    let text = text.trim_end_matches('.').to_ascii_lowercase();
    if let Some(address) = crate::analysis::lax_ipv4(&text) {
        let parts = text.split('.').count();
        let spelled = text.split('.').any(|p| p.len() > 1 && p.starts_with('0'));
        let inside = address.is_loopback()
            || address.is_private()
            || address.is_link_local()
            || address.is_unspecified();
        return parts == 4 || spelled || inside || (parts == 1 && u32::from(address) > 0xFF_FFFF);
    }
    match text.rsplit_once('.') {
        Some((first, last)) => {
            let file_like = !first.contains('.') && SCRIPT_TLDS.contains(&last);
            !names::ends_in_a_number(&text)
                && !file_like
                && (psl::suffix(last.as_bytes()).is_some_and(|s| s.is_known())
                    || SPECIAL_USE_TLDS.contains(&last)
                    || names::INTERNAL_LAST_LABELS.contains(&last))
        }
        None => {
            names::LOOPBACK_NAMES.contains(&text.as_str())
                || names::METADATA_NAMES.contains(&text.as_str())
        }
    }
}

/// The names RFC 2606 and RFC 6761 reserve as top-level domains, which
/// the Public Suffix List does not hold: hosts in examples and tests.
const SPECIAL_USE_TLDS: &[&str] = &["example", "test", "invalid", "localhost", "onion"];

/// Top-level domains that, after a path's doubled slash, far more often
/// end a script's file name than a host's: Java's Struts actions (`.do`),
/// Perl, Python, shell, Markdown and C++ files.
const SCRIPT_TLDS: &[&str] = &["do", "pl", "py", "sh", "md", "cc"];

/// The node of the URL `url` that the path writes over `span`, found in
/// the path segment it starts in (a leading '/' is in none), analysed,
/// its findings lifted onto the bytes `outer` maps them to.
fn path_node(
    at: &Unfolding<'_>,
    span: Span,
    url: &[u8],
    spelling: Vec<&'static str>,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
    outer: impl Fn(Span) -> Span,
) -> Nested {
    let component = at
        .components
        .iter()
        .position(|c| c.kind == ComponentKind::PathSegment && c.span.end >= span.start)
        .unwrap_or(0);
    let label = at
        .components
        .get(component)
        .map_or("path", |c| c.kind.label())
        .to_string();
    let mut node = url_node(url, label, spelling, at.options, budget);
    node.component = component;
    node.layer = 1;
    node.span = span;
    lift(&mut node, lifted, outer);
    node
}

/// What the Wayback Machine prefixes to an archived page's address
/// written without its scheme.
const ARCHIVED_SCHEME: &[u8] = b"http://";

/// The page an archive shows its copy of, where the path's segments do
/// not write it as a URL: its scheme percent-encoded
/// (`web.archive.org/web/2020/https%3A//paypa1.com/`), or left out
/// (`web.archive.org/web/2020/paypa1.com:80/signin`, which the Wayback
/// Machine reads as `http://paypa1.com:80/signin`): a host name with a
/// dot first, maybe a port. Analysed as that URL, its findings on the
/// bytes that write them.
fn archived_name(
    at: &Unfolding<'_>,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    let (input, parts) = (at.input, at.parts);
    let (archive, from) = archive_of(input, parts)?;
    let span = Span::new(from, parts.path.end);
    let decoded = crate::percent::decode_layer(&crate::percent::raw_layer(input, span), false);
    let text = crate::percent::values(&decoded);
    // A URL one segment writes whole, its slashes escaped
    // (`https%3A%2F%2Fpaypa1.com`), is that segment's own value, unfolded
    // with it.
    let first = span
        .of(input)
        .split(|&b| b == b'/')
        .next()
        .unwrap_or_default();
    if find_url(&crate::percent::decode(first, false)).is_some() {
        return None;
    }
    let (url, prefix, spelling) = match find_url(&text).filter(|f| f.from == 0) {
        Some(mut found) => {
            found.spelling.push(archive.copy_spelling());
            (text.clone(), 0, found.spelling)
        }
        None if is_host_and_port(&text) => (
            [ARCHIVED_SCHEME, &text].concat(),
            ARCHIVED_SCHEME.len(),
            vec![
                archive.copy_spelling(),
                "without its scheme ('http://' read)",
            ],
        ),
        None => return None,
    };
    Some(path_node(at, span, &url, spelling, budget, lifted, |s| {
        if s.start < prefix {
            return span;
        }
        let s = Span::new(s.start - prefix, s.end - prefix);
        written_span(&decoded, s, |b| b.span).unwrap_or(span)
    }))
}

/// Whether `text` starts with a host name with a dot in it, maybe a port
/// after it (none, or a number up to 65535, up to the next '/'), then a
/// '/' or its end.
fn is_host_and_port(text: &[u8]) -> bool {
    let address = text.split(|&b| b == b'/').next().unwrap_or_default();
    let (name, port) = match memchr::memchr(b':', address) {
        Some(colon) => (
            address.get(..colon).unwrap_or_default(),
            address.get(colon + 1..).unwrap_or_default(),
        ),
        None => (address, &b""[..]),
    };
    name.contains(&b'.')
        && name
            .first()
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b >= 0x80)
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_') || b >= 0x80)
        && port.iter().all(u8::is_ascii_digit)
        && (port.is_empty() || std::str::from_utf8(port).is_ok_and(|p| p.parse::<u16>().is_ok()))
}

/// The web archive whose copy of a page the URL `parts` split from
/// `input` shows, and where in `input` the archived page's URL starts.
fn archive_of(input: &[u8], parts: &Split) -> Option<(crate::wrappers::Archive, usize)> {
    crate::wrappers::archived_copy(parts.host?.of(input), parts.path.of(input))
        .map(|(archive, at)| (archive, parts.path.start + at))
}

/// A URL written as the whole query (`https://href.li/?https://evil.example/a?b=1`,
/// the form of the anonymizing redirectors: they send their visitors to
/// the text after `?`, whose `?`, `&` and `=` are the carried URL's own,
/// so its pairs read as pairs cut it short).
pub(super) fn unfold_query(
    at: &Unfolding<'_>,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    let input = at.input;
    let query = at.parts.query?;
    let decoded = crate::percent::decode_layer(&crate::percent::raw_layer(input, query), false);
    let text = crate::percent::values(&decoded);
    let found = find_url(&text).filter(|f| f.from == 0)?;
    if is_itself(input, at.itself, query) {
        return None;
    }
    let component = at
        .components
        .iter()
        .position(|c| c.kind == ComponentKind::QueryKey && c.span.start >= query.start)
        .unwrap_or(0);
    let mut spelling = found.spelling;
    spelling.push("as the whole query, which anonymizing redirectors follow");
    let mut node = url_node(&text, "query".to_string(), spelling, at.options, budget);
    node.component = component;
    node.layer = 1;
    node.span = query;
    lift(&mut node, lifted, |s| {
        written_span(&decoded, s, |b| b.span).unwrap_or(query)
    });
    Some(node)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After a path's doubled slash, a host is told from a folder or a
    /// file.
    #[test]
    fn a_host_after_a_paths_doubled_slash_is_told_from_a_folder() {
        for host in [
            "evil.example",
            "www.google.com",
            "127.0.0.1",
            "0x7f000001",
            "2130706433",
            "localhost",
            "LOCALHOST",
            "metadata",
            "a@b",
            "evil.example:80",
            "%65vil.example",
            "",
        ] {
            assert!(may_name_path_host(host.as_bytes()), "{host}");
        }
        for host in [
            "0",
            "00",
            "127.1",
            "10.1",
            "0x7f.1",
            "evil.zip",
            "login-microsoft.mov",
            "evil.com.pl",
            "login.microsoft.com.evil.cc",
        ] {
            assert!(may_name_path_host(host.as_bytes()), "{host}");
        }
        for folder in [
            "themes",
            "rm.php",
            "index.html",
            "2013",
            "123456",
            "wp-content",
            "v2.0",
            "jquery-1.11.1",
            "1.2",
            "login.do",
            "WebResource.axd",
            "index.cfm",
            "README.md",
        ] {
            assert!(!may_name_path_host(folder.as_bytes()), "{folder}");
        }
    }
}
