//! The fast path's test: whether a host may imitate a famous site at all.
//!
//! It runs on every host `scan` reads, so it makes no copy and no hash
//! lookup for most labels: three small tables, indexed by a label's ends
//! and length, let through every label the exact checks could match and
//! a few percent of the others. Letters are read through `& 31`, which
//! maps a letter's two cases to one slot (digits and hyphens share slots
//! with letters, which only lets more through).

use super::edits::unglyphed;
use super::{brand_index, brand_names, brand_token, index, Index, BRAND_TOKENS, MIN_NAME};
use crate::warnings::Severity;
use std::sync::OnceLock;

/// The tables, each a length mask (bit `len`) per slot.
struct Filter {
    /// Slot [`pair`] of a word's first and last bytes: the brands' tokens
    /// and the names of the brands' domains.
    words: Vec<u64>,
    /// Slot [`pair`] of a name's first two bytes, and of its last two:
    /// the lengths of labels one edit from a brand's name, for labels of
    /// four to six bytes.
    first: Vec<u64>,
    last: Vec<u64>,
    /// Slot [`triple`] of a name's first three bytes, and of its last
    /// three: the same, for labels of seven bytes or more.
    first3: Vec<u64>,
    last3: Vec<u64>,
}

/// Labels this long or longer are tested by their ends' three bytes: one
/// edit (a letter more, fewer, replaced, or two swapped) leaves the first
/// three or the last three bytes of such a label in place.
const TRIPLE_FROM: usize = 7;

/// The slot of two bytes.
fn pair(a: u8, b: u8) -> usize {
    usize::from(a & 31) << 5 | usize::from(b & 31)
}

/// The slot of three bytes.
fn triple(a: u8, b: u8, c: u8) -> usize {
    usize::from(a & 31) << 10 | usize::from(b & 31) << 5 | usize::from(c & 31)
}

fn set(table: &mut [u64], at: usize, len: usize) {
    if let Some(bits) = table.get_mut(at) {
        if len < 64 {
            *bits |= 1 << len;
        }
    }
}

fn has(table: &[u64], at: usize, len: usize) -> bool {
    len < 64 && table.get(at).is_some_and(|bits| bits & (1 << len) != 0)
}

fn filter() -> &'static Filter {
    static FILTER: OnceLock<Filter> = OnceLock::new();
    FILTER.get_or_init(|| {
        let mut f = Filter {
            words: vec![0; 1 << 10],
            first: vec![0; 1 << 10],
            last: vec![0; 1 << 10],
            first3: vec![0; 1 << 15],
            last3: vec![0; 1 << 15],
        };
        let words = BRAND_TOKENS.iter().map(|(t, _)| *t);
        for word in words.chain(brand_names().iter().copied()) {
            let w = word.as_bytes();
            if let (Some(&a), Some(&z)) = (w.first(), w.last()) {
                set(&mut f.words, pair(a, z), w.len());
            }
        }
        for famous in &brand_index().famous {
            let n = famous.name.as_bytes();
            let [a, b, c, ..] = *n else { continue };
            let [.., x, y, z] = *n else { continue };
            for len in n.len() - 1..=n.len() + 1 {
                if len < TRIPLE_FROM {
                    set(&mut f.first, pair(a, b), len);
                    set(&mut f.last, pair(y, z), len);
                } else {
                    set(&mut f.first3, triple(a, b, c), len);
                    set(&mut f.last3, triple(x, y, z), len);
                }
            }
        }
        f
    })
}

impl Filter {
    /// Whether `word` may be a brand's token or a brand's domain's name.
    fn word(&self, word: &[u8]) -> bool {
        match (word.first(), word.last()) {
            (Some(&a), Some(&z)) => has(&self.words, pair(a, z), word.len()),
            _ => false,
        }
    }

    /// Whether `label` (four bytes or more) may be one edit from a brand's
    /// name.
    fn near_brand(&self, label: &[u8]) -> bool {
        let n = label.len();
        if n >= TRIPLE_FROM {
            let (&[a, b, c, ..], &[.., x, y, z]) = (label, label) else {
                return true;
            };
            has(&self.first3, triple(a, b, c), n) || has(&self.last3, triple(x, y, z), n)
        } else {
            let (&[a, b, ..], &[.., y, z]) = (label, label) else {
                return true;
            };
            has(&self.first, pair(a, b), n) || has(&self.last, pair(y, z), n)
        }
    }
}

/// Whether a host name may imitate a famous site so that a warning at
/// `min` or above follows. `false` only when no label of it (the last one
/// aside) holds a brand's token or is a brand's domain's name, and none is
/// one edit or one look-alike from a brand's name; a top site's look-alike
/// (only ever `low`) counts at `low` or below. Allocates nothing.
pub(crate) fn may_imitate(host: &[u8], min: Severity) -> bool {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let Some(last) = memchr::memrchr(b'.', host) else {
        return false;
    };
    let head = host.get(..last).unwrap_or_default();
    let filter = filter();
    // One pass: each word (letters between anything else, as
    // brand_in_host reads them) and each label, as they end, with whether
    // the label holds an ASCII look-alike [`unglyphed`] reads (several may
    // change both ends of a name, `0utl00k`, which the tables would miss).
    let (mut label, mut word, mut glyphs, mut prev) = (0, 0, false, 0);
    for (i, &b) in head.iter().enumerate() {
        let lower = b | 32;
        if lower.wrapping_sub(b'a') < 26 {
            glyphs |= matches!((prev, lower), (b'r', b'n') | (b'v', b'v') | (b'c', b'l'));
            prev = lower;
            continue;
        }
        prev = lower;
        glyphs |= matches!(b, b'1' | b'0' | b'5');
        if word < i && is_token(filter, head.get(word..i).unwrap_or_default()) {
            return true;
        }
        word = i + 1;
        if b == b'.' {
            let text = head.get(label..i).unwrap_or_default();
            if label_may_imitate(filter, text, glyphs, min) {
                return true;
            }
            (label, glyphs) = (i + 1, false);
        }
    }
    word < head.len() && is_token(filter, head.get(word..).unwrap_or_default())
        || label_may_imitate(filter, head.get(label..).unwrap_or_default(), glyphs, min)
}

/// Whether `word` is a brand's token.
fn is_token(filter: &Filter, word: &[u8]) -> bool {
    filter.word(word) && brand_token(word).is_some()
}

/// Whether `word` may be a brand's token or a brand's domain's name, in
/// either case: [`brand_token`]'s first test.
pub(super) fn may_be_word(word: &[u8]) -> bool {
    filter().word(word)
}

/// Whether `label` is a brand's domain's name, or one edit or one
/// look-alike from one (or from a top site's, at `low`); `glyphs`, whether
/// it holds a look-alike. The tables first, inlined; the lookups apart.
#[inline(always)]
fn label_may_imitate(filter: &Filter, label: &[u8], glyphs: bool, min: Severity) -> bool {
    let long = label.len() + 1 >= MIN_NAME;
    let near_brand = long && filter.near_brand(label);
    let glyphs = long && glyphs;
    let brand_name = filter.word(label);
    let top_sites = long && min <= Severity::Low;
    (near_brand || glyphs || brand_name || top_sites)
        && label_lookups(label, near_brand, glyphs, brand_name, top_sites)
}

/// The lookups [`label_may_imitate`]'s tables call for.
#[cold]
#[inline(never)]
fn label_lookups(
    label: &[u8],
    near_brand: bool,
    glyphs: bool,
    brand_name: bool,
    top_sites: bool,
) -> bool {
    let mut buf = [0u8; 63];
    let Some(lower) = buf.get_mut(..label.len()) else {
        return true;
    };
    lower.copy_from_slice(label);
    lower.make_ascii_lowercase();
    let lower = &*lower;
    let brands = brand_index();
    brand_name && std::str::from_utf8(lower).is_ok_and(|l| brand_names().contains(l))
        || near_brand && one_edit_from(brands, lower)
        || glyphs && glyphs_of(brands, lower)
        // A top site's look-alike is only shown (low).
        || top_sites && (one_edit_from(index(), lower) || glyphs && glyphs_of(index(), lower))
}

/// Whether `label` (lowercase) is, or is one edit from, a name of `index`.
fn one_edit_from(index: &Index, label: &[u8]) -> bool {
    let known = |key: &[u8]| index.near.contains_key(key);
    if known(label) {
        return true;
    }
    let mut deleted = [0u8; 62];
    for i in 0..label.len() {
        let (head, tail) = (
            label.get(..i).unwrap_or_default(),
            label.get(i + 1..).unwrap_or_default(),
        );
        let Some(d) = deleted.get_mut(..head.len() + tail.len()) else {
            return true;
        };
        let (h, t) = d.split_at_mut(head.len());
        h.copy_from_slice(head);
        t.copy_from_slice(tail);
        if known(d) {
            return true;
        }
    }
    false
}

/// Whether `label` (lowercase), its ASCII look-alikes read as the letters
/// they imitate, may be a name of `index`.
fn glyphs_of(index: &Index, label: &[u8]) -> bool {
    let text = std::str::from_utf8(label).unwrap_or_default();
    let plain = unglyphed(text);
    plain != text && index.near.contains_key(plain.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one-edit variant of every brand's name, in either case,
    /// passes the tables: the proof of [`TRIPLE_FROM`], checked.
    #[test]
    fn every_one_edit_neighbour_of_a_brand_name_passes() {
        let f = filter();
        let mut tried = 0;
        for famous in &brand_index().famous {
            let n = famous.name.as_bytes();
            let mut variants: Vec<Vec<u8>> = vec![n.to_vec(), n.to_ascii_uppercase()];
            for i in 0..=n.len() {
                for c in [b'x', b'-', b'9'] {
                    let mut v = n.to_vec();
                    v.insert(i, c);
                    variants.push(v);
                }
                if i < n.len() {
                    let mut v = n.to_vec();
                    v.remove(i);
                    variants.push(v);
                    let mut v = n.to_vec();
                    v[i] = b'q';
                    variants.push(v);
                }
                if i + 1 < n.len() {
                    let mut v = n.to_vec();
                    v.swap(i, i + 1);
                    variants.push(v);
                }
            }
            for v in variants.iter().filter(|v| v.len() + 1 >= MIN_NAME) {
                tried += 1;
                assert!(f.near_brand(v), "{}", String::from_utf8_lossy(v));
            }
        }
        assert!(tried > 1000, "{tried}");
    }

    #[test]
    fn the_words_table_has_every_token_and_name() {
        let f = filter();
        for (t, _) in BRAND_TOKENS.iter() {
            assert!(
                f.word(t.as_bytes()) && f.word(t.to_ascii_uppercase().as_bytes()),
                "{t}"
            );
        }
        for n in brand_names() {
            assert!(f.word(n.as_bytes()), "{n}");
        }
    }
}
