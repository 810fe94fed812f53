//! Writing a new value into one component of a URL (RFC 3986 §3): the
//! value's bytes escaped so that it stays one value where it stands. In a
//! path segment `/` and `?` are escaped, in a query key or value `&`, `=`,
//! `#` and `+`, in the userinfo `@`; a space follows the URL's own
//! convention (`%20`, or `+` in a query that writes spaces so).

use super::is_unreserved;
use crate::split::ComponentKind;

/// RFC 3986 `sub-delims`.
fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// Whether `b` may stand literally in a component of `kind` without
/// changing where the component ends or what it means.
fn is_literal_in(kind: ComponentKind, b: u8) -> bool {
    match kind {
        // pchar: `/` would start a new segment, `?` the query.
        ComponentKind::PathSegment => {
            is_unreserved(b) || is_sub_delim(b) || matches!(b, b':' | b'@')
        }
        // Query text, minus what splits pairs (`&`, `=`) and what a form
        // decoder reads as a space (`+`).
        ComponentKind::QueryKey | ComponentKind::QueryValue => {
            is_unreserved(b)
                || matches!(
                    b,
                    b'!' | b'$'
                        | b'\''
                        | b'('
                        | b')'
                        | b'*'
                        | b','
                        | b';'
                        | b':'
                        | b'@'
                        | b'/'
                        | b'?'
                )
        }
        ComponentKind::Fragment => {
            is_unreserved(b) || is_sub_delim(b) || matches!(b, b':' | b'@' | b'/' | b'?')
        }
        // `@` would end the userinfo early.
        ComponentKind::Userinfo => is_unreserved(b) || is_sub_delim(b) || b == b':',
        ComponentKind::Host => {
            is_unreserved(b) || is_sub_delim(b) || matches!(b, b'[' | b']' | b':')
        }
        ComponentKind::Scheme | ComponentKind::Port => crate::schemes::is_scheme_byte(b),
    }
}

/// `value` (decoded bytes) percent-encoded for a component of `kind`;
/// `space_plus` says whether the URL writes a space in its query as `+`.
/// (A non-ASCII host is better written in its IDNA form:
/// [`crate::clean::encode_for`].)
///
/// # Examples
/// ```
/// use urlscope_core::percent::encode_component;
/// use urlscope_core::split::ComponentKind;
/// assert_eq!(encode_component(ComponentKind::QueryValue, b"tom & jerry", false), "tom%20%26%20jerry");
/// assert_eq!(encode_component(ComponentKind::QueryValue, b"a+b c", true), "a%2Bb+c");
/// assert_eq!(encode_component(ComponentKind::PathSegment, b"a/b?c", false), "a%2Fb%3Fc");
/// ```
pub fn encode_component(kind: ComponentKind, value: &[u8], space_plus: bool) -> String {
    let plus = space_plus && kind.is_query();
    let mut out = String::with_capacity(value.len() * 3);
    for &b in value {
        if b == b' ' && plus {
            out.push('+');
        } else if is_literal_in(kind, b) {
            out.push(char::from(b));
        } else {
            super::push_escape(&mut out, b);
        }
    }
    out
}

/// Whether a URL writes a space in its query as `+`: it has a `+` in a
/// query key or value and no `%20` there. `spans` are the URL's
/// components, as kinds and byte ranges of `input`.
pub fn query_uses_plus(
    input: &[u8],
    spans: impl Iterator<Item = (ComponentKind, std::ops::Range<usize>)>,
) -> bool {
    let mut plus = false;
    for (kind, range) in spans {
        if !kind.is_query() {
            continue;
        }
        let raw = input.get(range).unwrap_or_default();
        if raw.windows(3).any(|w| w.eq_ignore_ascii_case(b"%20")) {
            return false;
        }
        plus |= raw.contains(&b'+');
    }
    plus
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::percent::decode;

    #[test]
    fn a_query_value_stays_one_value() {
        let v = encode_component(ComponentKind::QueryValue, b"tom & jerry=1#2", false);
        assert_eq!(v, "tom%20%26%20jerry%3D1%232");
    }

    #[test]
    fn a_path_segment_stays_one_segment() {
        assert_eq!(
            encode_component(ComponentKind::PathSegment, b"../x y", false),
            "..%2Fx%20y"
        );
        assert_eq!(
            encode_component(ComponentKind::PathSegment, b"100%", false),
            "100%25"
        );
    }

    #[test]
    fn controls_and_non_ascii_are_escaped() {
        assert_eq!(
            encode_component(ComponentKind::Fragment, "\u{1b}é".as_bytes(), false),
            "%1B%C3%A9"
        );
        assert_eq!(
            encode_component(ComponentKind::Userinfo, b"a@b:c", false),
            "a%40b:c"
        );
    }

    #[test]
    fn a_plus_convention_is_read_from_the_query() {
        let url = b"http://x/?a=b+c&d=e";
        let spans = [(ComponentKind::QueryValue, 12..15)].into_iter();
        assert!(query_uses_plus(url, spans));
        let url = b"http://x/?a=b+c&d=e%20f";
        let spans = [
            (ComponentKind::QueryValue, 12..15),
            (ComponentKind::QueryValue, 18..23),
        ]
        .into_iter();
        assert!(!query_uses_plus(url, spans));
    }

    proptest::proptest! {
        /// Whatever the value, it decodes back to itself, and the
        /// characters that end or split the component never stand
        /// literally.
        #[test]
        fn an_encoded_value_decodes_to_itself(value in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64), plus: bool) {
            for kind in [ComponentKind::PathSegment, ComponentKind::QueryKey, ComponentKind::QueryValue, ComponentKind::Fragment, ComponentKind::Userinfo] {
                let encoded = encode_component(kind, &value, plus);
                let form = plus && kind.is_query();
                let back = decode(encoded.as_bytes(), form).into_owned();
                proptest::prop_assert_eq!(back, value.clone());
                let ends: &[u8] = match kind {
                    ComponentKind::PathSegment => b"/?#",
                    ComponentKind::QueryKey | ComponentKind::QueryValue => b"&=#+",
                    ComponentKind::Userinfo => b"@/?#",
                    _ => b"#",
                };
                proptest::prop_assert!(!encoded.bytes().any(|b| ends.contains(&b) && !(b == b'+' && form && value.contains(&b' '))));
            }
        }
    }
}
