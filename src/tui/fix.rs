//! Fixing one component: its new decoded text encoded for its place in the
//! URL (RFC 3986 §3), so that what the user typed stays one value. In a
//! path segment `/` and `?` are escaped, in a query key or value `&`, `=`,
//! `#` and `+`; a space follows the URL's own convention (`%20` or `+`);
//! a non-ASCII host becomes its IDNA (UTS #46) form.

use urlscope_core::split::ComponentKind;

/// RFC 3986 `unreserved`.
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 `sub-delims`.
fn sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// Whether `b` may stand literally in a component of `kind` without
/// changing where the component ends or what it means.
fn literal_in(kind: ComponentKind, b: u8) -> bool {
    match kind {
        // pchar: `/` would start a new segment, `?` the query.
        ComponentKind::PathSegment => unreserved(b) || sub_delim(b) || matches!(b, b':' | b'@'),
        // Query text, minus what splits pairs (`&`, `=`) and what a form
        // decoder reads as a space (`+`).
        ComponentKind::QueryKey | ComponentKind::QueryValue => {
            unreserved(b)
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
            unreserved(b) || sub_delim(b) || matches!(b, b':' | b'@' | b'/' | b'?')
        }
        // `@` would end the userinfo early.
        ComponentKind::Userinfo => unreserved(b) || sub_delim(b) || b == b':',
        ComponentKind::Host => unreserved(b) || sub_delim(b) || matches!(b, b'[' | b']' | b':'),
        ComponentKind::Scheme | ComponentKind::Port => {
            b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
        }
    }
}

/// Whether the component kind can be fixed with `E` (the scheme and port
/// are edited with the whole URL).
pub fn can_fix(kind: ComponentKind) -> bool {
    !matches!(kind, ComponentKind::Scheme | ComponentKind::Port)
}

/// `text` (decoded bytes) written for a component of `kind`; `space_plus`
/// says whether the URL writes a space in its query as `+`.
///
/// ```
/// use urlscope::tui::fix::encode_for;
/// use urlscope_core::split::ComponentKind;
/// assert_eq!(encode_for(ComponentKind::QueryValue, b"tom & jerry", false), "tom%20%26%20jerry");
/// assert_eq!(encode_for(ComponentKind::QueryValue, b"a+b c", true), "a%2Bb+c");
/// assert_eq!(encode_for(ComponentKind::PathSegment, b"a/b?c", false), "a%2Fb%3Fc");
/// assert_eq!(encode_for(ComponentKind::Host, "bücher.de".as_bytes(), false), "xn--bcher-kva.de");
/// ```
pub fn encode_for(kind: ComponentKind, text: &[u8], space_plus: bool) -> String {
    if kind == ComponentKind::Host {
        if let Some(ascii) = urlscope_core::clean::idna_ascii_host(text) {
            return ascii;
        }
    }
    let plus = space_plus && kind.is_query();
    let mut out = String::with_capacity(text.len() * 3);
    for &b in text {
        if b == b' ' && plus {
            out.push('+');
        } else if literal_in(kind, b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether the URL writes a space in its query as `+`: it has a `+` in a
/// query key or value and no `%20` there.
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

    #[test]
    fn a_query_value_stays_one_value() {
        let v = encode_for(ComponentKind::QueryValue, b"tom & jerry=1#2", false);
        assert_eq!(v, "tom%20%26%20jerry%3D1%232");
    }

    #[test]
    fn a_path_segment_stays_one_segment() {
        assert_eq!(
            encode_for(ComponentKind::PathSegment, b"../x y", false),
            "..%2Fx%20y"
        );
        assert_eq!(
            encode_for(ComponentKind::PathSegment, b"100%", false),
            "100%25"
        );
    }

    #[test]
    fn controls_and_non_ascii_are_escaped() {
        assert_eq!(
            encode_for(ComponentKind::Fragment, "\u{1b}é".as_bytes(), false),
            "%1B%C3%A9"
        );
        assert_eq!(
            encode_for(ComponentKind::Userinfo, b"a@b:c", false),
            "a%40b:c"
        );
    }
}
