//! Plain input: what a URL holds when no warning can fire there, tested
//! in one pass with no allocation. Two readers share it: the fast path of
//! [`crate::triage`], and the analysis' gate on the WHATWG parse (a
//! WHATWG parser reads a plain origin as RFC 3986 does,
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>).
//!
//! The byte classes are derived from the warning catalogue's signals
//! ([`crate::warnings::Signal`]): a byte is plain when it is no code's
//! signal.

// Byte classes, in a table so that each byte costs one load.

/// Bytes a plain URL may hold: those that are no warning code's signal
/// ([`crate::warnings::is_signal_byte`]), which comes to ALPHA DIGIT
/// `-._~!$&'()*+,;=:/?#`.
pub(crate) const PLAIN: u8 = 1;
/// Letters, digits and '-', but 'x' and 'X' (a `0x` spelling): the bytes
/// a path part's checks need nothing from.
pub(crate) const RUN: u8 = 2;
/// Letters, digits and '-': the bytes of a plain host label.
pub(crate) const LABEL: u8 = 4;

const CLASSES: [u8; 256] = classes();

#[allow(clippy::indexing_slicing)]
const fn classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if !crate::warnings::is_signal_byte(c) {
            table[b] = PLAIN;
        }
        if c.is_ascii_alphanumeric() || c == b'-' {
            table[b] |= LABEL | if c == b'x' || c == b'X' { 0 } else { RUN };
        }
        b += 1;
    }
    table
}

#[inline(always)]
pub(crate) fn class(b: u8) -> u8 {
    CLASSES.get(usize::from(b)).copied().unwrap_or(0)
}

/// How many bytes `text` starts with that are all in the class `bits`.
#[inline(always)]
pub(crate) fn run_of(text: &[u8], bits: u8) -> usize {
    text.iter()
        .position(|&b| class(b) & bits == 0)
        .unwrap_or(text.len())
}

/// Whether `b` may appear in a plain URL.
pub(crate) fn plain_byte(b: u8) -> bool {
    class(b) & PLAIN != 0
}

/// Where the path starts when `input` opens with a plain origin: `http`,
/// `https`, `ws`, `wss` or `ftp` (any case) with exactly `//` before a
/// plain authority (see [`plain_authority`]). Both the fast path
/// ([`crate::triage`]) and the analysis' WHATWG gate start from it: a
/// WHATWG parser reads such an origin as RFC 3986 does.
#[inline]
pub(crate) fn plain_origin(input: &[u8]) -> Option<usize> {
    // A special scheme is at most five letters.
    let colon = input.iter().take(6).position(|&b| b == b':')?;
    let scheme = input.get(..colon).unwrap_or_default();
    if !crate::schemes::is_special_network_bytes(scheme)
        || input.get(colon + 1..colon + 3) != Some(b"//")
    {
        return None;
    }
    plain_authority(input, colon + 3)
}

/// One pass over the `host[:port]` starting at `start`; where it ends
/// (at '/', '?', '#' or the end) when it is plain: letters, digits,
/// hyphens and dots in non-empty labels, no `xn--` label, a last label
/// that does not start with a digit (WHATWG would read it as IPv4), a
/// port of at most 65535.
fn plain_authority(input: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    let mut last_label_first = None;
    loop {
        let label_start = i;
        i += run_of(input.get(i..).unwrap_or_default(), LABEL);
        let label = input.get(label_start..i).unwrap_or_default();
        if let Some(&first) = label.first() {
            if label
                .get(..4)
                .is_some_and(|l| l.eq_ignore_ascii_case(b"xn--"))
            {
                return None;
            }
            last_label_first = Some(first);
        }
        let ends_host = |b: Option<&u8>| matches!(b, None | Some(b':' | b'/' | b'?' | b'#'));
        match input.get(i) {
            // An empty label, but a trailing dot, is not plain.
            Some(b'.') if label.is_empty() && !ends_host(input.get(i + 1)) => return None,
            Some(b'.') => i += 1,
            b if ends_host(b) => break,
            _ => return None,
        }
    }
    if last_label_first.is_none_or(|b| b.is_ascii_digit()) {
        return None;
    }
    if input.get(i) != Some(&b':') {
        return Some(i);
    }
    let port_start = i + 1;
    let port_len = input
        .get(port_start..)
        .unwrap_or_default()
        .iter()
        .position(|&b| !b.is_ascii_digit())
        .unwrap_or(input.len() - port_start);
    let port = input.get(port_start..port_start + port_len)?;
    let end = port_start + port_len;
    let fits = port.len() < 5 || (port.len() == 5 && port <= &b"65535"[..]);
    let ends = matches!(input.get(end), None | Some(b'/' | b'?' | b'#'));
    (fits && ends).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain bytes the catalogue's signals leave: a change to a
    /// code's signals that changes them shows here.
    #[test]
    fn plain_bytes_are_what_no_signal_names() {
        let plain: Vec<u8> = (0..=255u8).filter(|&b| plain_byte(b)).collect();
        let mut expected: Vec<u8> = (b'0'..=b'9')
            .chain(b'A'..=b'Z')
            .chain(b'a'..=b'z')
            .chain(b"-._~!$&'()*+,;=:/?#".iter().copied())
            .collect();
        expected.sort_unstable();
        assert_eq!(plain, expected);
    }

    #[test]
    fn plain_origins() {
        assert_eq!(plain_origin(b"HTTPS://example.com/x"), Some(19));
        assert_eq!(plain_origin(b"wss://a.b:443"), Some(13));
        assert_eq!(plain_origin(b"file://host/x"), None);
        assert_eq!(plain_origin(b"gopher://host/x"), None);
        assert_eq!(plain_origin(b"http:/host/x"), None);
        assert_eq!(plain_origin(b"http://1.2.3.4/"), None);
    }
}
