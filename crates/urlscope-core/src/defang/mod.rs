//! Defanged URLs: the form in which URLs travel in tickets and threat
//! reports so that nobody clicks them (`hxxps://evil[.]example/login`),
//! and back.
//!
//! [`defang`] writes a URL so: the scheme's `http`/`ftp` as `hxxp`/`fxp`
//! and every dot of the host as `[.]`. [`refang()`] undoes the common
//! spellings analysts and vendors use (`hxxp`, `hXXps`, `fxp`, `[.]`,
//! `(.)`, `{.}`, `[dot]`, `[:]`, `[://]`, `[at]`, `[@]`, spaces around
//! a bracketed dot, and the `\.` of a defanged URL whose host was written
//! with them), and says what it changed at which bytes, so a report
//! can point into the text the user pasted. A real IP literal host
//! (`[::1]`, `[2001:db8::7]`) is left alone: no spelling it reads can
//! stand in one.
//!
//! `refang(defang(url))` is `url` for every URL that does not itself
//! [read defanged](reads_defanged), and defanging twice changes nothing:
//! text with no scheme that is what defang writes
//! (`evil[.]example/login`) is kept as it is. Where the URL's own text holds what
//! refang would read (a path's `a[.]b`, a query's `(dot)` or `hxxp://`),
//! defang percent-encodes a byte of it (`a%5B.%5Db`) so that refang leaves
//! it alone: refang gives those bytes back encoded, as it does the
//! controls and bytes that are not UTF-8 [`defang_bytes`] encodes.
//!
//! ```
//! use urlscope_core::defang::{defang, refang};
//! assert_eq!(defang("https://evil.example.com/login"), "hxxps://evil[.]example[.]com/login");
//! let r = refang(b"hxxps://evil[.]example(.)com/login");
//! assert_eq!(r.url, b"https://evil.example.com/login");
//! assert_eq!(r.changes.len(), 3);
//! ```
//!
//! The module has three parts: [`refang()`] reads defanged input (the
//! spellings, where each change landed, whether an input reads
//! defanged), the writer ([`defang`], [`defang_text`]) defangs URLs in
//! output, and the names pass ([`defang_names`], [`HostNames`]) finds the
//! host-like names a report writes outside its URLs.

pub(crate) mod names;
mod refang;
mod write;

pub use names::{defang_names, HostNames};
pub use refang::{
    as_meant, looks_defanged, reads_defanged, refang, Defanged, PastedMap, Refang, Refanged,
};
pub use write::{
    as_a_browser_reads, defang, defang_bytes, defang_text, defang_text_with, escaped_text,
    refang_text,
};

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// Whether an escape ends just before `at` in `text`: a percent-escape
/// (`%0A`) or a byte escape as a report prints one (`\x0a`). A scheme
/// glued to one starts a URL (`%0Ahttps://`, a newline in disguise),
/// where one glued to a word does not (`myhttp://`).
fn after_escape(text: &[u8], at: usize) -> bool {
    let hex = |n: usize| {
        at.checked_sub(n)
            .and_then(|i| text.get(i))
            .is_some_and(u8::is_ascii_hexdigit)
    };
    let byte = |n: usize| at.checked_sub(n).and_then(|i| text.get(i)).copied();
    hex(1) && hex(2) && (byte(3) == Some(b'%') || (byte(3) == Some(b'x') && byte(4) == Some(b'\\')))
}

/// How a carried URL's `://` is written: as it is, percent-encoded (Safe
/// Links' `?url=https%3A%2F%2F...`) or encoded twice, the hex in either
/// case; or as Proofpoint's URL Defense v2 writes it (`?u=https-3A__`).
const SEPARATORS: [&[u8]; 4] = [b"://", b"%3A%2F%2F", b"%253A%252F%252F", b"-3A__"];

/// The length of the [`SEPARATORS`] spelling `text` starts with.
fn separator(text: &[u8]) -> Option<usize> {
    SEPARATORS
        .iter()
        .find(|s| starts_with_ignore_case(text, s))
        .map(|s| s.len())
}

/// Where the next [`SEPARATORS`] spelling in `text` from `from` starts,
/// and its length.
fn next_separator(text: &str, from: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let rest = bytes.get(from..)?;
    memchr::memchr3_iter(b':', b'%', b'-', rest).find_map(|at| {
        let at = from + at;
        separator(bytes.get(at..).unwrap_or_default()).map(|len| (at, len))
    })
}

/// Whether `back` is `url` with some of its brackets, spaces or letters
/// percent-encoded: what [`refang()`] gives of [`defang()`]'s text, which
/// writes a URL's own text that refang would read (`a[.]b` as
/// `a%5B.%5Db`) so that it reads as itself. The same URL to RFC 3986 for
/// its letters, and for the brackets and spaces that a URL may not hold
/// raw.
///
/// ```
/// use urlscope_core::defang::{defang, refang, same_but_escaped};
/// let url = "https://example.com/a]b[.]c";
/// let back = refang(defang(url).as_bytes()).url;
/// assert!(same_but_escaped(url.as_bytes(), &back));
/// assert!(!same_but_escaped(b"https://example.com/a.b", b"https://example.com/a.c"));
/// ```
pub fn same_but_escaped(url: &[u8], back: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    while let Some(&b) = url.get(i) {
        let escape = format!("%{b:02X}");
        if back.get(j) == Some(&b) {
            j += 1;
        } else if (b"[](){} ".contains(&b) || b.is_ascii_alphabetic())
            && back.get(j..j + 3) == Some(escape.as_bytes())
        {
            j += 3;
        } else {
            return false;
        }
        i += 1;
    }
    j == back.len()
}
