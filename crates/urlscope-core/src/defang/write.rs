//! Writing URLs defanged: [`defang`] for one URL, [`defang_text`] for
//! every URL of a text (a report, a list), each carried URL included.

use super::names::{defang_names, HostNames};
use super::refang::{bracketed_separator, reads_defanged, refang};
use super::{after_escape, next_separator};

/// `url` written defanged: `http`, `https`, `ftp` and `ftps` as `hxxp`,
/// `hxxps`, `fxp`, `fxps`, and every dot of the host as `[.]`, so that it
/// can be pasted into a ticket without becoming a link; so is each URL it
/// carries written out (`?u=https://evil.example/`, Proofpoint's
/// `__https://evil.example/__`). Text that is not an absolute URL with a
/// host has only its dots bracketed up to the first `/`, `?` or `#`. A URL
/// already written defanged is written from the URL it stands for, so
/// defanging twice changes nothing. What the URL's own text holds that
/// refang would read (`/a[.]b`, `?q=(dot)`) has a byte percent-encoded
/// (`/a%5B.%5Db`), so that refang gives the URL back (see the module
/// docs). What a browser drops before it reads a URL is dropped first
/// ([`as_a_browser_reads`]: a tab or newline anywhere, a control or
/// space at its ends), so the defanged URL stands for the URL a browser
/// opens.
///
/// ```
/// use urlscope_core::defang::{defang, refang};
/// let defanged = defang("https://example.com/a]b[.]c");
/// assert_eq!(defanged, "hxxps://example[.]com/a]b%5B.%5Dc");
/// assert_eq!(refang(defanged.as_bytes()).url, b"https://example.com/a]b%5B.%5Dc");
/// assert_eq!(defang(" https://evil.exa\tmple/lo\ngin "), "hxxps://evil[.]example/login");
/// ```
pub fn defang(url: &str) -> String {
    let read = as_a_browser_reads(url.as_bytes());
    match std::str::from_utf8(&read) {
        Ok(read) if read.len() != url.len() => defang_read(read),
        _ => defang_read(url),
    }
}

/// `url` as the URL Standard's parser reads it before anything else
/// (its basic URL parser, first steps): each ASCII tab and newline
/// removed wherever it stands (`evil.exa<TAB>mple` opens `evil.example`),
/// and the C0 controls and spaces at either end trimmed.
///
/// ```
/// use urlscope_core::defang::as_a_browser_reads;
/// assert_eq!(&*as_a_browser_reads(b"\x00 https://a.exa\tmp\rle/\n "), b"https://a.example/");
/// assert_eq!(&*as_a_browser_reads(b"https://a.example/x%09y"), b"https://a.example/x%09y");
/// ```
pub fn as_a_browser_reads(url: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let edge = |b: &u8| *b <= b' ';
    let start = url.iter().position(|b| !edge(b)).unwrap_or(url.len());
    let end = url.iter().rposition(|b| !edge(b)).map_or(start, |e| e + 1);
    let url = url.get(start..end).unwrap_or_default();
    if memchr::memchr3(b'\t', b'\n', b'\r', url).is_none() {
        return std::borrow::Cow::Borrowed(url);
    }
    std::borrow::Cow::Owned(
        url.iter()
            .copied()
            .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
            .collect(),
    )
}

/// [`defang`] of a URL a browser reads as it is written.
fn defang_read(url: &str) -> String {
    // Text with no scheme that is what defang writes for the text its
    // spellings stand for is defanged already (`evil[.]example/login`,
    // which has no scheme for `reads_defanged` to see). A URL with a
    // scheme that does not read defanged is the URL meant, and refang
    // gives it back.
    if !reads_defanged(url.as_bytes()) && crate::split::outline(url.as_bytes()).scheme.is_none() {
        let refanged = refang(url.as_bytes());
        if !refanged.changes.is_empty() {
            if let Ok(fanged) = String::from_utf8(refanged.url) {
                if defang_once(&fanged) == url {
                    return url.to_owned();
                }
            }
        }
    }
    defang_once(url)
}

/// [`defang`] of text that is not what defang writes.
fn defang_once(url: &str) -> String {
    let mut names = HostNames::default();
    names.learn_hosts_in(url);
    escaped_dots_bracketed(defang_names(&defang_schemes(&defang_url(url)), &names))
}

/// `text` with each dot after a backslash bracketed (`\[.]`): refang reads
/// `\.` as a dot escaped by whoever defanged a URL
/// (`hxxps://evil\.example/`), so a URL's own `\.` is written so that
/// refanging gives it back.
fn escaped_dots_bracketed(text: String) -> String {
    if memchr::memmem::find(text.as_bytes(), b"\\.").is_none() {
        return text;
    }
    text.replace("\\.", "\\[.]")
}

/// The URL of `bytes` written defanged, as [`defang`] writes it, with
/// what a ticket or a terminal would act on or hide percent-encoded, as a
/// browser sends it: a byte that is not UTF-8 (`%E9`), and each byte of
/// a control, bidi, invisible or look-alike space character
/// ([`needs_escape`](crate::text::needs_escape): ESC as `%1B`, U+202E as
/// `%E2%80%AE`). The text `\x1b` and the byte ESC are then written
/// apart; refang gives back the URL as a browser sends it, those bytes
/// still percent-encoded.
///
/// # Examples
/// ```
/// use urlscope_core::defang::defang_bytes;
/// assert_eq!(defang_bytes(b"https://evil.example/\x1b[2J"), "hxxps://evil[.]example/%1B[2J");
/// assert_eq!(defang_bytes(b"https://evil.example/\\x1b"), "hxxps://evil[.]example/\\x1b");
/// assert_eq!(defang_bytes(b"http://caf\xE9.example/"), "hxxp://caf%E9[.]example/");
/// ```
pub fn defang_bytes(bytes: &[u8]) -> String {
    defang_read(&escaped_text(&as_a_browser_reads(bytes)))
}

/// The URL a defanged `bytes` stands for ([`refang`]), written as
/// [`defang_bytes`] writes its bytes: what a terminal would act on or
/// hide, and bytes that are not UTF-8, percent-encoded (`%1B`, `%FF`).
///
/// # Examples
/// ```
/// use urlscope_core::defang::refang_text;
/// assert_eq!(refang_text(b"hxxps://evil[.]example/\xFF\x1b"), "https://evil.example/%FF%1B");
/// ```
pub fn refang_text(bytes: &[u8]) -> String {
    escaped_text(&refang(bytes).url)
}

/// `bytes` as text, each byte that is not UTF-8 and each byte of a
/// character [`needs_escape`](crate::text::needs_escape) percent-encoded:
/// how [`defang_bytes`] and [`refang_text`] write a URL's bytes, and how a
/// URL refanged, then resolved, is written.
///
/// # Examples
/// ```
/// use urlscope_core::defang::escaped_text;
/// assert_eq!(escaped_text(b"https://evil.example/\x1b\xFF"), "https://evil.example/%1B%FF");
/// ```
pub fn escaped_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    let escape = |b: u8, text: &mut String| {
        use std::fmt::Write;
        let _ = write!(text, "%{b:02X}");
    };
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if crate::text::needs_escape(c) {
                let mut buf = [0u8; 4];
                for &b in c.encode_utf8(&mut buf).as_bytes() {
                    escape(b, &mut text);
                }
            } else {
                text.push(c);
            }
        }
        for &b in chunk.invalid() {
            escape(b, &mut text);
        }
    }
    text
}

/// `text` with every `http://`, `https://`, `ftp://` and `ftps://` left
/// in it written `hxxp://`... : one inside what [`defang_url`] took for
/// an authority (`?a=http://.&b=c@d&e=http://.`), or after a dot
/// (`%2f..https://`). A scheme glued to a word is a word's end
/// (`myhttp://`), unless the word is an escape (`%0Ahttps://`).
fn defang_schemes(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for sep in memchr::memmem::find_iter(bytes, b"://") {
        let Some(start) = ["https", "http", "ftps", "ftp"].iter().find_map(|name| {
            let start = sep.checked_sub(name.len())?;
            let word = bytes.get(start..sep)?;
            let glued = start
                .checked_sub(1)
                .and_then(|p| bytes.get(p))
                .is_some_and(u8::is_ascii_alphanumeric);
            (word.eq_ignore_ascii_case(name.as_bytes()) && (!glued || after_escape(bytes, start)))
                .then_some(start)
        }) else {
            continue;
        };
        if start < done {
            continue;
        }
        out.push_str(text.get(done..start).unwrap_or_default());
        out.push_str(&defanged_name(text.get(start..sep).unwrap_or_default()));
        done = sep;
    }
    out.push_str(text.get(done..).unwrap_or_default());
    out
}

/// [`defang`]'s scheme, host and carried URLs, without the names pass.
fn defang_url(url: &str) -> String {
    if reads_defanged(url.as_bytes()) {
        if let Ok(fanged) = String::from_utf8(refang(url.as_bytes()).url) {
            return defang_fanged(&fanged);
        }
    }
    defang_fanged(url)
}

/// [`defang`] of a URL not written defanged.
fn defang_fanged(url: &str) -> String {
    let (scheme, separator, rest) = match url.split_once("://") {
        Some((s, r)) if !s.is_empty() && s.bytes().all(crate::schemes::is_scheme_byte) => {
            (Some(s), "://", r)
        }
        // `https:evil.example`, `http:\\evil.example`: a browser reads
        // a host after a special scheme's ':' whatever slashes and
        // backslashes follow, and so does refang after `hxxps:`.
        _ => match url.split_once(':') {
            Some((s, r)) if is_defangable(s) => {
                let slashes = r.len() - r.trim_start_matches(['/', '\\']).len();
                let (separator, rest) =
                    url.get(s.len()..).unwrap_or_default().split_at(1 + slashes);
                (Some(s), separator, rest)
            }
            // `//evil.example/x`, `\\evil.example`: a reference that a
            // page resolves to the host after its slashes.
            _ => {
                let slashes = url.len() - url.trim_start_matches(['/', '\\']).len();
                let (separator, rest) = url.split_at(if slashes >= 2 { slashes } else { 0 });
                (None, separator, rest)
            }
        },
    };
    let rest = quieted(rest);
    let mut out = String::with_capacity(url.len() + 16);
    if let Some(s) = scheme {
        out.push_str(&defanged_name(s));
    }
    out.push_str(separator);
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    // The host is after the last `@` of the authority; a dot in the
    // userinfo is no link.
    let host_from = authority.rfind('@').map_or(0, |at| at + 1);
    let (userinfo, host) = authority.split_at(host_from);
    out.push_str(userinfo);
    out.push_str(&defanged_host(host));
    defang_carried(tail, &mut out);
    spaces_kept(out)
}

/// `text` (what follows a URL's scheme) with what [`refang`] would read
/// in it as a defanged spelling written so that it reads as itself, and
/// refang gives the URL back: a path's own `a[.]b` must not come back
/// `a.b`. Each bracket of a bracketed spelling is percent-encoded
/// (`a%5B.%5Db`, `%28dot%29`, `%5B:%5D//`), as is the last letter of a
/// defanged scheme before a separator (`?u=hxxp://` as `hxx%70://`: an
/// unreserved letter and its escape are the same URL to RFC 3986). An
/// IP-literal host (`[::1]`) holds no spelling and is kept as it is.
fn quieted(text: &str) -> std::borrow::Cow<'_, str> {
    let escaped = read_as_defanged(text.as_bytes());
    if escaped.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 2 * escaped.len());
    let mut done = 0;
    for at in escaped {
        // Every byte escaped is ASCII: a character of its own.
        if let (Some(kept), Some(&b)) = (text.get(done..at), text.as_bytes().get(at)) {
            out.push_str(kept);
            crate::percent::push_escape(&mut out, b);
            done = at + 1;
        }
    }
    out.push_str(text.get(done..).unwrap_or_default());
    std::borrow::Cow::Owned(out)
}

/// Where [`quieted`] escapes a byte of `bytes`, in order: the brackets of
/// each spelling [`refang`] reads in them, and the last letter of each
/// defanged scheme it reads, unless its separator is bracketed
/// (`hxxp[:]//`), whose escaped brackets leave no scheme to read in the
/// middle of the text; at its start, a bare ':' still ends one.
fn read_as_defanged(bytes: &[u8]) -> Vec<usize> {
    let mut escaped: Vec<usize> = Vec::new();
    for change in refang(bytes).changes {
        let spelled = change.span.of(bytes);
        let brackets = spelled
            .iter()
            .enumerate()
            .filter(|(_, b)| b"[](){}".contains(b))
            .map(|(i, _)| change.span.start + i);
        let before = escaped.len();
        escaped.extend(brackets);
        // No bracket: a defanged scheme (`hxxp`), which stands for letters.
        let scheme = change.to.bytes().all(|b| b.is_ascii_alphabetic());
        let after = bytes.get(change.span.end..).unwrap_or_default();
        let at_start = bytes
            .get(..change.span.start)
            .is_some_and(|head| head.iter().all(u8::is_ascii_whitespace));
        if escaped.len() == before && scheme && (at_start || !bracketed_separator(after)) {
            escaped.extend(change.span.end.checked_sub(1));
        }
    }
    escaped
}

/// `url` as [`defang_fanged`] wrote it, each space beside a dot it
/// bracketed percent-encoded: refang takes spaces beside a bracketed dot
/// for part of its disguise (`evil [.] example`), and a host, or a
/// carried one, may end at a dot before a space (`?u=http://a. b`). A
/// browser sends a URL's spaces encoded anyway.
fn spaces_kept(url: String) -> String {
    if !url.contains(" [.]") && !url.contains("[.] ") {
        return url;
    }
    url.replace(" [.]", "%20[.]").replace("[.] ", "[.]%20")
}

/// `host` with every dot a browser reads as a label separator bracketed:
/// its full stops as `[.]`, and the ideographic, full-width and half-width
/// ones UTS #46 maps to it as written (`evil[。]example`), which refang
/// gives back as they were. (`%2E`, which the URL Standard also decodes
/// in a host, makes no link as it is, and is kept.)
fn defanged_host(host: &str) -> String {
    let mut out = String::with_capacity(host.len() + 8);
    for c in host.chars() {
        if matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
            out.push('[');
            out.push(c);
            out.push(']');
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether [`defang`] writes the scheme `s` otherwise.
fn is_defangable(s: &str) -> bool {
    ["http", "https", "ftp", "ftps"]
        .iter()
        .any(|d| d.eq_ignore_ascii_case(s))
}

/// Where a scheme [`defang`] writes otherwise starts when it ends at `end`
/// of `text` glued to an escape (`%2ehttps`, `\x0ahttps`).
fn escaped_scheme_start(text: &[u8], end: usize) -> Option<usize> {
    ["https", "http", "ftps", "ftp"].iter().find_map(|name| {
        let start = end.checked_sub(name.len())?;
        let word = text.get(start..end)?;
        (word.eq_ignore_ascii_case(name.as_bytes()) && after_escape(text, start)).then_some(start)
    })
}

/// How [`defang`] writes the scheme `s`: each `t` of `http`, `https`,
/// `ftp` and `ftps` as `x`, in its case (`HTTP` as `HXXP`, `Http` as
/// `Hxxp`), so that [`refang`] gives the case back.
fn defanged_name(s: &str) -> std::borrow::Cow<'_, str> {
    if !is_defangable(s) {
        return std::borrow::Cow::Borrowed(s);
    }
    s.chars()
        .map(|c| match c {
            't' => 'x',
            'T' => 'X',
            _ => c,
        })
        .collect()
}

/// `tail` (what follows a URL's host) onto `out`, each URL written out in
/// it (`scheme://host`, its `://` percent-encoded or not) defanged: its
/// scheme, and the dots of its host (the letters, digits, hyphens and
/// dots after the `://`).
fn defang_carried(tail: &str, out: &mut String) {
    let mut done = 0;
    while let Some((sep, sep_len)) = next_separator(tail, done) {
        let head = tail.get(done..sep).unwrap_or_default();
        let name = head
            .bytes()
            .rev()
            .take_while(u8::is_ascii_alphabetic)
            .count();
        let host_from = sep + sep_len;
        let host_len = tail
            .get(host_from..)
            .unwrap_or_default()
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
            .count();
        let mut name = name;
        if !is_defangable(head.get(head.len() - name..).unwrap_or_default()) {
            if let Some(start) = escaped_scheme_start(tail.as_bytes(), sep).filter(|&s| s >= done) {
                name = sep - start;
            }
        }
        out.push_str(head.get(..head.len() - name).unwrap_or_default());
        out.push_str(&defanged_name(
            head.get(head.len() - name..).unwrap_or_default(),
        ));
        out.push_str(tail.get(sep..host_from).unwrap_or_default());
        let host = tail
            .get(host_from..host_from + host_len)
            .unwrap_or_default();
        out.push_str(&host.replace('.', "[.]"));
        done = host_from + host_len;
    }
    out.push_str(tail.get(done..).unwrap_or_default());
}

/// `text` (a report, a list) with every URL in it (a scheme, `://`, up to
/// the next space) written defanged as [`defang`] writes one; the rest is
/// kept as it is. One pass.
pub fn defang_text(text: &str) -> String {
    defang_text_with(text, &mut HostNames::default())
}

/// [`defang_text`] that first learns the hosts of the URLs in `text` into
/// `names` and then writes every name `names` knows defanged: a writer
/// that defangs a report line by line keeps `names` from line to line, so
/// a host its URL line showed (`evil.example`, which no auto-linker would
/// take for a domain) is written the same way on every later line
/// (`Leads to    evil[.]example (public)`).
pub fn defang_text_with(text: &str, names: &mut HostNames) -> String {
    names.learn_hosts_in(text);
    escaped_dots_bracketed(defang_names(&defang_schemes(&defang_urls(text)), names))
}

/// The URLs of `text` (a scheme, `://`, up to the next space) defanged,
/// the rest as it is.
fn defang_urls(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut done = 0;
    let mut from = 0;
    while let Some(found) = text.get(from..).and_then(|t| t.find("://")) {
        let sep = from + found;
        let head = text.get(done..sep).unwrap_or_default();
        // The scheme: the run of scheme characters before `://`, from a
        // letter.
        let run = head
            .bytes()
            .rev()
            .take_while(|&b| crate::schemes::is_scheme_byte(b))
            .count();
        let mut start = sep - run;
        while start < sep
            && !text
                .as_bytes()
                .get(start)
                .is_some_and(u8::is_ascii_alphabetic)
        {
            start += 1;
        }
        let end = text
            .get(sep..)
            .and_then(|t| t.find(char::is_whitespace))
            .map_or(text.len(), |e| sep + e);
        let end = sentence_end(text, sep + 3, end);
        if start == sep {
            from = sep + 3;
            continue;
        }
        if !is_defangable(text.get(start..sep).unwrap_or_default()) {
            if let Some(scheme) = escaped_scheme_start(text.as_bytes(), sep) {
                start = scheme;
            }
        }
        out.push_str(text.get(done..start).unwrap_or_default());
        out.push_str(&defang_url(text.get(start..end).unwrap_or_default()));
        done = end;
        from = end;
    }
    out.push_str(text.get(done..).unwrap_or_default());
    out
}

/// Where a URL of `text` that runs to `end` (the next space) ends, less
/// the punctuation of the sentence it ends: a full stop, comma, colon,
/// semicolon, `!` or `?` before the space is the sentence's (`as
/// 'http://evil.example'. In a page's link`), as the names pass reads it
/// too, and defanging leaves it as it is. What comes before `from` (the
/// scheme and `://`) is the URL's whatever it is.
fn sentence_end(text: &str, from: usize, end: usize) -> usize {
    let url = text.get(from..end).unwrap_or_default();
    from + url.trim_end_matches(['.', ',', ':', ';', '!', '?']).len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defang::same_but_escaped;

    #[test]
    fn every_url_of_a_text_is_defanged() {
        assert_eq!(
            defang_text("URL  https://evil.example/a.php?x=1\nLeads to  http://b.example, ftp://c.example/"),
            "URL  hxxps://evil[.]example/a.php?x=1\nLeads to  hxxp://b[.]example, fxp://c[.]example/"
        );
        assert_eq!(
            defang_text("no link here: a.b, ://x"),
            "no link here: a.b, ://x"
        );
        assert_eq!(defang_text("9http://x.y"), "9hxxp://x[.]y");
        for text in ["", "é://é", "a://", "  https://x.y  \t"] {
            let _ = defang_text(text);
        }
    }

    #[test]
    fn the_sentence_a_url_ends_keeps_its_punctuation() {
        assert_eq!(
            defang_text("read as 'http://www.paypal.com.evil.example'. In a page's link"),
            "read as 'hxxp://www[.]paypal[.]com[.]evil[.]example'. In a page's link"
        );
        assert_eq!(
            defang_text("as 'http://www.paypal.com.secu…'. In a page"),
            "as 'hxxp://www[.]paypal[.]com[.]secu…'. In a page"
        );
        assert_eq!(
            defang_text("it opens http://evil.example, then http://b.example."),
            "it opens hxxp://evil[.]example, then hxxp://b[.]example."
        );
        // A dot inside the host, or in the path, is the URL's.
        assert_eq!(
            defang_text("see http://a.b.example/x.y."),
            "see hxxp://a[.]b[.]example/x.y."
        );
    }

    #[test]
    fn defang_writes_the_common_form() {
        assert_eq!(
            defang("https://user.name@evil.example.com:8443/a.b?c.d#e.f"),
            "hxxps://user[.]name@evil[.]example[.]com:8443/a.b?c.d#e.f"
        );
        // A domain in the userinfo, the path or the query is one too.
        assert_eq!(
            defang("http://paypal.com@evil.example/www.paypal.com/login.php?next=evil.example"),
            "hxxp://paypal[.]com@evil[.]example/www[.]paypal[.]com/login.php?next=evil[.]example"
        );
        assert_eq!(defang("ftp://a.b/"), "fxp://a[.]b/");
        // The scheme's case is kept, so that refang gives it back.
        for (url, defanged) in [
            ("HTTPS://EVIL.EXAMPLE/", "HXXPS://EVIL[.]EXAMPLE/"),
            ("Http://a.b/?u=FTP://c.d", "Hxxp://a[.]b/?u=FXP://c[.]d"),
        ] {
            assert_eq!(defang(url), defanged);
            assert_eq!(refang(defanged.as_bytes()).url, url.as_bytes());
        }
        assert_eq!(refang(b"hXXps://a[.]b").url, b"https://a.b");
        assert_eq!(defang("mailto:x@y.z"), "mailto:x@y[.]z");
        // A special scheme without `//`, which a browser reads as one.
        for (url, defanged) in [
            ("https:paypa1.com/x", "hxxps:paypa1[.]com/x"),
            ("HTTP:/evil.example", "HXXP:/evil[.]example"),
            (
                "https:\\\\evil.example\\x.y",
                "hxxps:\\\\evil[.]example\\x.y",
            ),
        ] {
            assert_eq!(defang(url), defanged);
            assert_eq!(defang(defanged), defanged);
            assert_eq!(refang(defanged.as_bytes()).url, url.as_bytes());
        }
        assert_eq!(defang("evil.example/login"), "evil[.]example/login");
        // A scheme-relative reference leads to the host after its slashes.
        for (url, defanged) in [
            ("//evil.example/x.y", "//evil[.]example/x.y"),
            ("\\\\evil.example", "\\\\evil[.]example"),
        ] {
            assert_eq!(defang(url), defanged);
            assert_eq!(refang(defanged.as_bytes()).url, url.as_bytes());
        }
        assert_eq!(defang("/a/b.c"), "/a/b.c");
        // Every dot a browser reads in the host, bracketed as written, and
        // given back so.
        for (url, defanged) in [
            (
                "https://evil\u{3002}example/",
                "hxxps://evil[\u{3002}]example/",
            ),
            (
                "http://a\u{FF0E}b\u{FF61}c/",
                "hxxp://a[\u{FF0E}]b[\u{FF61}]c/",
            ),
        ] {
            assert_eq!(defang(url), defanged);
            assert_eq!(refang(defanged.as_bytes()).url, url.as_bytes());
        }
    }

    #[test]
    fn carried_urls_are_defanged_and_defanging_twice_changes_nothing() {
        for (url, defanged) in [
            (
                "https://urldefense.com/v3/__https://evil.example/a__;!!x$",
                "hxxps://urldefense[.]com/v3/__hxxps://evil[.]example/a__;!!x$",
            ),
            (
                "https://www.google.com/url?q=http://evil.example&sa=D",
                "hxxps://www[.]google[.]com/url?q=hxxp://evil[.]example&sa=D",
            ),
            // Percent-encoded (Safe Links), and encoded twice.
            (
                "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com.secure-login.example%2Fsignin&data=04",
                "hxxps://nam02[.]safelinks[.]protection[.]outlook[.]com/?url=hxxps%3A%2F%2Fpaypal[.]com[.]secure-login[.]example%2Fsignin&data=04",
            ),
            (
                "https://r.example/?u=https%253a%252f%252fevil.example%252fx",
                "hxxps://r[.]example/?u=hxxps%253a%252f%252fevil[.]example%252fx",
            ),
        ] {
            assert_eq!(defang(url), defanged);
            assert_eq!(defang(defanged), defanged);
            assert_eq!(refang(defanged.as_bytes()).url, url.as_bytes());
        }
        // Inside a word, or without a whole `://` or its encoding, it is
        // text.
        let text = "https://x.example/?a=myhxxp://b&c=hxxp:d&e=hxxp%3A%2Fd";
        assert_eq!(refang(text.as_bytes()).url, text.as_bytes());
    }

    #[test]
    fn a_scheme_after_an_escape_or_a_dot_is_defanged() {
        for (text, defanged) in [
            ("a%0Ahttps://b.example", "a%0Ahxxps://b[.]example"),
            ("a\\x0ahttps://b.example", "a\\x0ahxxps://b[.]example"),
            ("%2f..https://b.example", "%2f..hxxps://b[.]example"),
        ] {
            assert_eq!(defang_text(text), defanged, "{text}");
        }
        let url = "https://a.example/?x=http://.&y=z@a.b&w=http://.";
        assert_eq!(
            defang(url),
            "hxxps://a[.]example/?x=hxxp://[.]&y=z@a.b&w=hxxp://[.]"
        );
        // In a text, a dot before a space or the end is the sentence's:
        // the last one is left as it is.
        assert_eq!(
            defang_text(url),
            "hxxps://a[.]example/?x=hxxp://[.]&y=z@a.b&w=hxxp://."
        );
        // A scheme glued to a word is the word's.
        assert_eq!(defang_text("myhttp://b"), "myhttp://b");
        let url = "https://evil.example/%0Ahttps://paypal.com/";
        assert_eq!(refang(defang(url).as_bytes()).url, url.as_bytes());
    }

    #[test]
    fn a_urls_own_escaped_dot_survives_defang_and_refang() {
        for url in [
            "https://evil.com\\.good.com/",
            "https://a.b/x\\.y?q=\\.",
            "http://a.b/\\.\\.\\",
            // A space beside the dot stays.
            "https://a.b/?q=a\\. b",
        ] {
            let defanged = defang(url);
            assert!(!defanged.contains("\\."), "{defanged}");
            assert_eq!(
                String::from_utf8_lossy(&refang(defanged.as_bytes()).url),
                url
            );
        }
        // Read as a pattern's escaped dots only where the text is defanged,
        // by its scheme or before the host's backslash.
        let live = b"https://evil.com\\.good.com/";
        assert!(refang(live).changes.is_empty());
        let live = b"https://a[.]b@evil.com\\.paypal.com/";
        assert!(refang(live).url.windows(2).any(|w| w == b"\\."));
        let live = b"https://evil.example\\.paypal[.]com/";
        assert_eq!(
            String::from_utf8_lossy(&refang(live).url),
            "https://evil.example\\.paypal.com/"
        );
        let text = "https://a.b/\\. https://c.d/";
        assert_eq!(
            String::from_utf8_lossy(&refang(defang_text(text).as_bytes()).url),
            text
        );
    }

    /// Every spelling refang reads, bracketed or a scheme's before each
    /// separator it reads, written as it is and upper case.
    fn spellings() -> Vec<String> {
        let mut all = Vec::new();
        for (spelled, _) in super::super::refang::BRACKETED {
            all.push(String::from_utf8_lossy(spelled).into_owned());
        }
        for (scheme, _) in super::super::refang::SCHEMES {
            let scheme = String::from_utf8_lossy(scheme);
            for separator in super::super::SEPARATORS {
                all.push(format!("{scheme}{}", String::from_utf8_lossy(separator)));
            }
            for (bracketed, to) in super::super::refang::BRACKETED {
                if to.starts_with(':') {
                    all.push(format!("{scheme}{}", String::from_utf8_lossy(bracketed)));
                }
                if to.starts_with('/') {
                    all.push(format!("{scheme}:{}", String::from_utf8_lossy(bracketed)));
                }
            }
        }
        let upper: Vec<String> = all.iter().map(|s| s.to_uppercase()).collect();
        all.extend(upper);
        all
    }

    #[test]
    fn what_refang_would_read_in_a_url_is_escaped() {
        for (url, defanged) in [
            (
                "https://example.com/a]b[.]c",
                "hxxps://example[.]com/a]b%5B.%5Dc",
            ),
            (
                "https://a.example/x (dot) y?q=[AT]#{.}",
                "hxxps://a[.]example/x %28dot%29 y?q=%5BAT%5D#%7B.%7D",
            ),
            (
                "https://a.example/?u=hxxp://b.example/",
                "hxxps://a[.]example/?u=hxx%70://b[.]example/",
            ),
            // Escaping a bracketed separator leaves no scheme to read.
            (
                "https://r.example/?u=hxxps[://]a[.]b",
                "hxxps://r[.]example/?u=hxxps%5B://%5Da%5B.%5Db",
            ),
            ("https://u[:]p@a.example/", "hxxps://u%5B:%5Dp@a[.]example/"),
            ("http://[::1]/[.]", "hxxp://[::1]/%5B.%5D"),
        ] {
            assert_eq!(defang(url), defanged, "{url}");
            assert!(same_but_escaped(
                url.as_bytes(),
                &refang(defanged.as_bytes()).url
            ));
        }
    }

    #[test]
    fn a_urls_own_text_that_refang_would_read_survives_defang_and_refang() {
        for s in spellings() {
            // In the path, with spaces beside it, in the query, beside a
            // carried URL, in the fragment, after an IP-literal host.
            let in_url = [
                format!("https://a.example/x{s}y"),
                format!("https://a.example/x {s} y.z"),
                format!("https://a.example/?q={s}&r=w.{s}.v"),
                format!("https://a.example/?u=https://b.example/{s}"),
                format!("https://a.example/#{s}"),
                format!("http://[::1]/{s}"),
                format!("ws://localhost/{s}"),
            ];
            for url in in_url {
                assert!(!reads_defanged(url.as_bytes()), "{url}");
                let defanged = defang(&url);
                let back = refang(defanged.as_bytes()).url;
                assert!(
                    same_but_escaped(url.as_bytes(), &back),
                    "{url}\n{defanged}\n{}",
                    String::from_utf8_lossy(&back)
                );
                assert_eq!(defang(&defanged), defanged, "{url}");
            }
            // In the userinfo, a bracketed dot or `@` is a defanged URL's:
            // defang writes the URL it stands for.
            let url = format!("https://u{s}v:p@a.example/");
            let back = refang(defang(&url).as_bytes()).url;
            let meant = refang(url.as_bytes()).url;
            if reads_defanged(url.as_bytes()) {
                assert!(same_but_escaped(&meant, &back), "{url}");
            } else {
                assert!(same_but_escaped(url.as_bytes(), &back), "{url}");
            }
        }
    }

    #[test]
    fn a_space_beside_a_dot_defang_brackets_is_kept() {
        for (url, defanged) in [
            ("http://a .b/", "hxxp://a%20[.]b/"),
            (
                "https://x.example/?u=http://a. b",
                "hxxps://x[.]example/?u=hxxp://a[.]%20b",
            ),
        ] {
            assert_eq!(defang(url), defanged);
            assert!(same_but_escaped(
                url.as_bytes(),
                &refang(defanged.as_bytes()).url
            ));
        }
    }

    proptest::proptest! {
        /// Refanging a defanged URL gives the URL back.
        #[test]
        fn refang_undoes_defang(
            scheme in "(http|https|ftp|ws)",
            separator in "(://|:|:/|:\\\\)",
            host in "[a-z0-9-]{1,8}(\\.[a-z0-9-]{1,8}){0,3}",
            path in "(/[a-zA-Z0-9._~%-]{0,8}){0,3}",
        ) {
            // Without `//` only a special scheme's host is one.
            let separator = if scheme == "ws" { "://" } else { separator.as_str() };
            let url = format!("{scheme}{separator}{host}{path}");
            let back = refang(defang(&url).as_bytes());
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), url.clone());
            // With the URL carried in a parameter too, as it is and
            // percent-encoded.
            let carrier = format!("https://redirect.example/?to={url}&a.b");
            let back = refang(defang(&carrier).as_bytes());
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), carrier);
            let encoded = format!(
                "https://redirect.example/?to={}&a.b",
                url.replace(':', "%3A").replace('/', "%2F")
            );
            let defanged = defang(&encoded);
            let live = format!("%2F%2F{host}");
            proptest::prop_assert!(!host.contains('.') || !defanged.contains(&live), "{}", defanged);
            let back = refang(defanged.as_bytes());
            proptest::prop_assert_eq!(String::from_utf8_lossy(&back.url), encoded);
        }
    }
}
