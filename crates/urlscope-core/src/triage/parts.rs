//! The fast path's one pass over a path, a query key or a query value:
//! every byte plain, each part checked as it ends ([`plain_parts`]), and
//! the test for a kit's sign-in route at the path's end.

use crate::plain::{class, run_of, BRACKET, RUN, STRAY};
use crate::services::lures::is_kit_word;

/// Whether a path (its first '/' aside, up to its query) may end in a
/// kit's sign-in route: its last part is a kit word ([`is_kit_word`]:
/// `/file/login`, `/itunes/SignIn/`), one '/' after it aside. The last
/// byte turns most paths away; a kit word's four lengths are then tried
/// where a '/' (or the path's start) would have to be before it.
pub(super) fn route_ends_in_kit_word(path: &[u8]) -> bool {
    let path = path.strip_suffix(b"/").unwrap_or(path);
    if !path
        .last()
        .is_some_and(|&b| crate::services::lures::may_end_kit_word(b))
    {
        return false;
    }
    (5..=8).any(|len| {
        let Some(start) = path.len().checked_sub(len) else {
            return false;
        };
        (start == 0 || path.get(start - 1) == Some(&b'/'))
            && is_kit_word(path.get(start..).unwrap_or_default())
    })
}

/// What [`plain_parts`] reads, which decides the bytes that end it and
/// whether `+` is allowed.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Piece {
    /// The path (after its first '/'), up to '?' or '#'; `plus` when a
    /// '+' is allowed in it.
    Path { plus: bool },
    /// A query key, up to '=', '&' or '#'.
    Key,
    /// A query value, up to '&' or '#'.
    Value,
}

impl Piece {
    fn ends_at(self, b: u8) -> bool {
        match self {
            Piece::Path { .. } => matches!(b, b'?' | b'#'),
            Piece::Key => matches!(b, b'=' | b'&' | b'#'),
            Piece::Value => matches!(b, b'&' | b'#'),
        }
    }
}

/// One pass over a path or a query key or value, up to what ends it:
/// every byte plain (and no `+` in a path), each '/'-separated part
/// checked as it ends (dot segments, Tomcat `;params`, `0x` spellings,
/// base64), then the parts together checked for sensitive files when one
/// of them may name one. `plain` is the class of the bytes allowed
/// ([`PLAIN`](crate::plain::PLAIN), with [`STRAY`] and [`BRACKET`] above `low`). Where it
/// ended, when it needs nothing from the full analysis.
pub(super) fn plain_parts(text: &[u8], piece: Piece, plain: u8) -> Option<Scanned> {
    let in_path = matches!(piece, Piece::Path { .. });
    let mut first = FirstPart::default();
    let mut start = 0;
    let mut has_slash = false;
    let mut i = 0;
    // Whether the part so far is all base64, and whether some part may
    // name a sensitive file.
    let mut b64 = true;
    let mut may_matter = false;
    // Whether the part so far holds a ':' (a scheme may start it).
    let mut colon = false;
    // Whether a key or value holds a '+' (a space once decoded).
    let mut plus = false;
    // The dots of the part so far, and where the last is (it may name a
    // site).
    let mut dots = 0;
    let mut last_dot = 0;
    let mut page = None;
    let mut core_folder = false;
    let mut wp_content = false;
    // The path's part before this one, when it was not empty: a brand's
    // folder inside one of the same name (`/wetransfer/wetransfer`).
    let (mut previous_start, mut previous_len) = (0, 0);
    let end = loop {
        // Letters and digits need nothing but a step.
        i += run_of(text.get(i..).unwrap_or_default(), RUN);
        let b = text.get(i).copied();
        let ends = b.is_none_or(|b| piece.ends_at(b));
        if ends || b == Some(b'/') {
            let part = text.get(start..i).unwrap_or_default();
            // Tomcat and Jetty drop ";params" before resolving, as the
            // analysis does.
            if part.first() == Some(&b'.') {
                let name = part.split(|&b| b == b';').next().unwrap_or_default();
                if name.iter().all(|&b| b == b'.') {
                    return None;
                }
                // `.well-known`, whose validation folders hold no folder.
                core_folder = core_folder
                    || in_path && crate::analysis::checks::planted_folder::is_well_known(part);
            }
            if b64
                && part.len() >= 8
                && may_be_base64_text(part)
                && crate::targets::base64_text(part).is_some()
            {
                return None;
            }
            // A path part that may carry a URL (a scheme, a JWT, base64 or
            // hex long enough): the analysis unfolds it.
            if in_path
                && (colon || part.len() >= 12 && (b64 || part.starts_with(b"eyJ")))
                && crate::analysis::carries_url(part)
            {
                return None;
            }
            // A JWT no signature vouches for (`alg: none`), which the
            // analysis reads as the part's or the value's whole.
            if piece != Piece::Key
                && part.starts_with(b"eyJ")
                && crate::analysis::checks::unsigned_jwt::unsigned(part).is_some()
            {
                return None;
            }
            // A known site's domain in a path part or a query key
            // (brand-in-path): looked up only for a part with a dot.
            if dots > 0
                && piece != Piece::Value
                && (crate::analysis::checks::brand_path::part_may_name_known_site(
                    part,
                    dots,
                    last_dot - start,
                ) || piece == Piece::Key
                    && crate::analysis::checks::brand_route::key_route(part).is_some())
            {
                return None;
            }
            // A brand's own sign-in route ending at this part
            // (`ap/signin`): one test turns most parts away.
            if in_path
                && i > start
                && crate::analysis::checks::brand_route::may_end_route(
                    i - start,
                    text.get(i - 1).copied().unwrap_or_default(),
                )
                && crate::analysis::checks::brand_route::path_route_ending(text, i, i - start)
                    .is_some()
            {
                return None;
            }
            // A phishing kit's first folder (`customer_center`) or a
            // visitor's folder (an MD5): the analysis looks for the rest
            // of its route.
            if in_path
                && (crate::analysis::checks::kit::is_kit_folder(part)
                    || crate::analysis::checks::kit::is_visitor_folder(part))
            {
                return None;
            }
            // A brand's folder inside one of the same name: one length
            // test turns almost every part away.
            if part.len() == previous_len
                && previous_len > 0
                && in_path
                && dots == 0
                && text
                    .get(previous_start..previous_start + previous_len)
                    .is_some_and(|p| p.eq_ignore_ascii_case(part))
                && crate::analysis::checks::unpacked::may_hold_unpacked(part)
            {
                return None;
            }
            (previous_start, previous_len) = (start, part.len());
            // A ':' was noted as it went by; plain bytes hold no space.
            may_matter = may_matter || crate::targets::may_matter_by_name(part);
            if !has_slash {
                first.end = i;
            }
            // WordPress's folders, behind one test of the part's start.
            if in_path && crate::analysis::checks::planted_folder::may_be_wordpress(part) {
                core_folder =
                    core_folder || crate::analysis::checks::planted_folder::is_core_folder(part);
                wp_content = wp_content || part.eq_ignore_ascii_case(b"wp-content");
            }
            if ends {
                let extension = text.get(last_dot + 1..i).unwrap_or_default();
                if dots > 0
                    && last_dot > start
                    && crate::services::lures::is_page_extension(extension)
                {
                    page = Some((start, last_dot));
                }
                break i;
            }
            i += 1;
            start = i;
            b64 = true;
            colon = false;
            dots = 0;
            has_slash = true;
            continue;
        }
        let b = b.unwrap_or_default();
        if class(b) & plain == 0 || (piece == Piece::Path { plus: false } && b == b'+') {
            return None;
        }
        // `0x2e` spellings (what the lax reading takes for a dot or a
        // separator; `cpp0x`, `MC680x0` are none), and `..` anywhere (a lax
        // reader takes `..2f` as `../`): the full analysis judges those.
        // The byte before is never '0' or '.' at the start of a key or
        // value, nor of a path (it is '/' or the scheme's).
        let previous = i.checked_sub(1).and_then(|p| text.get(p)).copied();
        match b {
            b'.' if previous == Some(b'.') => return None,
            b'x' | b'X'
                if previous == Some(b'0')
                    && crate::analysis::lax::hex_notation(
                        text.get(i - 1..).unwrap_or_default(),
                    )
                    .is_some() =>
            {
                return None
            }
            // A '+' in a key or value is a space to the analysis (form
            // rules), and a name with a space may still name a file.
            b'+' if !in_path => (may_matter, plus) = (true, true),
            // FreeMarker's `[=...]` interpolation: the analysis reads it.
            b'=' if previous == Some(b'[') => return None,
            b'x' | b'X' | b'+' | b'_' | b'=' => {}
            // `scheme://` in a path: a URL the path carries.
            b':' if in_path && text.get(i + 1) == Some(&b'/') => return None,
            b':' => (b64, may_matter, colon) = (false, true, true),
            b'.' => {
                b64 = false;
                dots += 1;
                last_dot = i;
                first.dots += usize::from(!has_slash);
            }
            // A lookup (`${jndi:...}`) or a template expression (`{{7*7}}`,
            // `[[...]]`, `@(...)`): the analysis reads it.
            b'{' | b'[' | b'(' | b'$'
                if previous.is_some_and(|p| crate::analysis::checks::template::opens(&[p, b])) =>
            {
                return None
            }
            // A Smarty tag that runs PHP (`{system('id')}`, `{php}`), which
            // no two bytes open: the analysis reads it.
            b'{' if crate::analysis::checks::template::may_start_tag(
                text.get(i..).unwrap_or_default(),
            ) =>
            {
                return None
            }
            // A Velocity reference (`$e.getClass()...`), which no delimiter
            // opens: the analysis reads it.
            b'$' if crate::analysis::checks::template::may_start_reference(
                text.get(i..).unwrap_or_default(),
            ) =>
            {
                return None
            }
            // A stray byte or a bracket (allowed only above `low`): the
            // part is then judged whole for sensitive files, the byte being
            // kept.
            _ if class(b) & (STRAY | BRACKET) != 0 => (b64, may_matter) = (false, true),
            _ => b64 = false,
        }
        i += 1;
    };
    let text = text.get(..end).unwrap_or_default();
    // A parameter is also judged as base64 whole (base64 has '/' in it).
    if !in_path && has_slash && crate::targets::base64_text(text).is_some() {
        return None;
    }
    // Rarely needed (3.8% of real URLs), so the parts are split again.
    if may_matter {
        let spaced: Vec<u8>;
        let text = if plus {
            spaced = text
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect();
            &spaced[..]
        } else {
            text
        };
        if crate::targets::sensitive_target(text.split(|&b| b == b'/')).is_some() {
            return None;
        }
    }
    Some(Scanned {
        end,
        first,
        page,
        core_folder,
        wp_content,
    })
}

/// What [`plain_parts`] found.
pub(super) struct Scanned {
    /// Where it ended.
    pub(super) end: usize,
    pub(super) first: FirstPart,
    /// Where its last part starts and where its last dot is, when that
    /// part is a page file (its extension one of
    /// [`crate::services::lures::is_page_extension`]'s).
    pub(super) page: Option<(usize, usize)>,
    /// Whether a path part is one of the folders WordPress alone fills
    /// ([`crate::analysis::checks::planted_folder::is_core_folder`]).
    pub(super) core_folder: bool,
    /// Whether a path part is `wp-content`, where a folder named with a
    /// sign-in word is a planted page.
    pub(super) wp_content: bool,
}

/// The first '/'-separated part of what [`plain_parts`] read: where it
/// ends and how many dots it holds (noted as they went by, for the test
/// of a domain in the first path segment).
#[derive(Default)]
pub(super) struct FirstPart {
    pub(super) end: usize,
    pub(super) dots: usize,
}

/// Whether [`crate::targets::base64_text`] may read `part` as base64 for
/// text: false when its first two groups of digits (it reads eight at
/// least) decode to bytes that cannot start UTF-8 text with no control
/// but tab, line feed and carriage return (it allows tab alone), which
/// turns most words of eight letters or more away without decoding them
/// whole.
fn may_be_base64_text(part: &[u8]) -> bool {
    let body = crate::plain::without_base64_padding(part);
    let Some(digits) = body.get(..8) else {
        return true;
    };
    if digits.iter().any(|&d| crate::plain::base64_digit(d) == 64) {
        return true;
    }
    let mut head = [0u8; 6];
    let len = crate::plain::decode_base64_head(digits, &mut head);
    crate::plain::text_head(head.get(..len).unwrap_or_default(), false).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The base64 gate never turns away a part `base64_text` reads:
        /// parts that are base64 for text of either alphabet, padded or
        /// not, and words.
        #[test]
        fn the_base64_gate_keeps_every_part_base64_text_reads(
            text in "[ -~\t\né/\\.]{0,40}",
            how in 0..4u8,
        ) {
            use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE_NO_PAD};
            use base64::Engine;
            let part = match how {
                0 => STANDARD.encode(&text),
                1 => STANDARD_NO_PAD.encode(&text),
                2 => URL_SAFE_NO_PAD.encode(&text),
                _ => text.clone(),
            };
            if crate::targets::base64_text(part.as_bytes()).is_some() {
                prop_assert!(may_be_base64_text(part.as_bytes()), "{part:?}");
            }
        }
    }
}
