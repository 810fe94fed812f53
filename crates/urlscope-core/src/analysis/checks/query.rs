//! The query's pairs as the page-level checks read them: split at each
//! '&', a pair's key up to its first '=' and its value after it (a pair
//! with no '=' is all key). Positions are in the input, so a finding can
//! point at the bytes.

use crate::split::Span;

/// One `key=value` pair of a query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pair {
    /// The whole pair.
    pub(crate) pair: Span,
    pub(crate) key: Span,
    /// Empty, at the pair's end, when the pair has no '='.
    pub(crate) value: Span,
}

/// The pairs of the query at `query` in `input`, in order.
pub(crate) fn pairs(input: &[u8], query: Span) -> impl Iterator<Item = Pair> + '_ {
    let mut at = query.start;
    query.of(input).split(|&b| b == b'&').map(move |bytes| {
        let pair = Span::new(at, at + bytes.len());
        at = pair.end + 1;
        let key_len = memchr::memchr(b'=', bytes).unwrap_or(bytes.len());
        let key = Span::new(pair.start, pair.start + key_len);
        let value = Span::new((key.end + 1).min(pair.end), pair.end);
        Pair { pair, key, value }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pair_its_key_and_value_point_into_the_input() {
        let input = b"https://x.example/?a=1&bare&=v&k=x=y&";
        let query = Span::new(19, input.len());
        let read: Vec<(&[u8], &[u8], &[u8])> = pairs(input, query)
            .map(|p| (p.pair.of(input), p.key.of(input), p.value.of(input)))
            .collect();
        assert_eq!(
            read,
            [
                (&b"a=1"[..], &b"a"[..], &b"1"[..]),
                (b"bare", b"bare", b""),
                (b"=v", b"", b"v"),
                (b"k=x=y", b"k", b"x=y"),
                (b"", b"", b""),
            ]
        );
    }
}
