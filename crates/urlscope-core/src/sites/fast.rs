//! The fast path's test: whether a host may imitate a famous site at all.
//!
//! It runs on every host `scan` reads, so it makes no copy and no hash
//! lookup for most labels: small tables, indexed by a word's or a label's
//! ends and length, let through every label the exact checks could match
//! and a few percent of the others. Letters are read through `& 31`, which
//! maps a letter's two cases to one slot (digits and hyphens share slots
//! with letters, which only lets more through).

use super::edits::{readings, unglyph, HOMOGLYPHS, UNGLYPHED};
use super::glued::{may_have_glue, MIN_WORD};
use super::{
    brand_index, brand_names, brand_token, index, lowercase, Index, BRAND_TOKENS, MIN_NAME,
};
use crate::services::lures::trigram_bit as trigram;
use crate::warnings::Severity;
use std::sync::OnceLock;

/// The tables, each a length mask (bit `len`) per slot.
struct Filter {
    /// Slot [`pair`] of a word's first and last bytes: the brands' tokens
    /// and the names of the brands' domains.
    words: Vec<u64>,
    /// Bit [`triple`] of a brand's name's first three bytes and the
    /// length of a label one edit from it, and of its last three, for
    /// labels shorter than [`QUAD_FROM`] (a bit set of 8 KB each, which
    /// stays in cache).
    first3: Vec<u64>,
    last3: Vec<u64>,
    /// Bit [`triple`] of a brand's name's first two bytes and last byte,
    /// and of its first byte and last two, with the length of a label one
    /// edit from it: what an edit in the middle of a name of five or six
    /// letters leaves in place (`adboe`, `aodbe`), for labels shorter
    /// than [`TRIPLE_FROM`].
    ends21: Vec<u64>,
    ends12: Vec<u64>,
    /// Bit [`quad`] of a name's first four bytes and a length, and of its
    /// last four, for labels of [`QUAD_FROM`] bytes or more.
    first4: Vec<u64>,
    last4: Vec<u64>,
    /// Bit [`trigram`] of each brand token's first three bytes, and of
    /// its last three: a word that starts with no glue word and ends
    /// with none holds no glued token ([`Filter::may_glue`]).
    token_first3: Vec<u64>,
    token_last3: Vec<u64>,
}

/// Labels this long or longer are tested by their ends' three bytes: one
/// edit (a letter more, fewer, replaced, or two swapped) leaves the first
/// three or the last three bytes of such a label in place. In a shorter
/// one an edit may leave only two bytes at one end and one or two at the
/// other (`adobe` with `ob` swapped: `adboe`).
const TRIPLE_FROM: usize = 7;

/// Labels this long or longer are tested by their ends' four bytes: a
/// name one edit from them has nine letters or more, so that an edit
/// leaves four in place at one end.
const QUAD_FROM: usize = 10;

/// The slot of two bytes.
fn pair(a: u8, b: u8) -> usize {
    usize::from(a & 31) << 5 | usize::from(b & 31)
}

/// The bit of four bytes and a length, hashed to 16 bits.
fn quad(a: u8, b: u8, c: u8, d: u8, len: usize) -> usize {
    let key = u32::from(a & 31) << 21
        | u32::from(b & 31) << 16
        | u32::from(c & 31) << 11
        | u32::from(d & 31) << 6;
    (key | (len as u32 & 63)).wrapping_mul(0x9E37_79B1) as usize >> 16
}

/// The bit of three bytes and a length, hashed to 16 bits.
fn triple(a: u8, b: u8, c: u8, len: usize) -> usize {
    let key = u32::from(a & 31) << 16 | u32::from(b & 31) << 11 | u32::from(c & 31) << 6;
    (key | (len as u32 & 63)).wrapping_mul(0x9E37_79B1) as usize >> 16
}

fn set_bit(bits: &mut [u64], at: usize) {
    if let Some(word) = bits.get_mut(at / 64) {
        *word |= 1 << (at % 64);
    }
}

pub(super) fn has_bit(bits: &[u64], at: usize) -> bool {
    bits.get(at / 64)
        .is_some_and(|word| word >> (at % 64) & 1 == 1)
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
            first3: vec![0; 1 << 10],
            last3: vec![0; 1 << 10],
            ends21: vec![0; 1 << 10],
            ends12: vec![0; 1 << 10],
            first4: vec![0; 1 << 10],
            last4: vec![0; 1 << 10],
            token_first3: vec![0; 1 << 9],
            token_last3: vec![0; 1 << 9],
        };
        for (token, _) in BRAND_TOKENS.iter() {
            let t = token.as_bytes();
            if let ([a, b, c, ..], [.., x, y, z]) = (t, t) {
                set_bit(&mut f.token_first3, trigram(*a, *b, *c));
                set_bit(&mut f.token_last3, trigram(*x, *y, *z));
            }
        }
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
            // Each table holds only the lengths `near_brand` reads it at.
            for len in n.len() - 1..=n.len() + 1 {
                if len >= QUAD_FROM {
                    if let ([a, b, c, d, ..], [.., w, x, y, z]) = (n, n) {
                        set_bit(&mut f.first4, quad(*a, *b, *c, *d, len));
                        set_bit(&mut f.last4, quad(*w, *x, *y, *z, len));
                    }
                    continue;
                }
                set_bit(&mut f.first3, triple(a, b, c, len));
                set_bit(&mut f.last3, triple(x, y, z, len));
                if len < TRIPLE_FROM {
                    set_bit(&mut f.ends21, triple(a, b, z, len));
                    set_bit(&mut f.ends12, triple(a, y, z, len));
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

    /// Whether `word` (letters) may hold a brand's token glued to other
    /// words ([`super::glued::glued_token`]): it starts with a glue word
    /// and ends with one, or with a token's last three letters; or it
    /// starts with a token's first three and ends with a glue word. The
    /// caller has tested the word's length against [`MIN_WORD`].
    fn may_glue(&self, word: &[u8]) -> bool {
        let (&[a, b, c, ..], &[.., x, y, z]) = (word, word) else {
            return false;
        };
        match may_have_glue(word) {
            (false, false) => false,
            (true, true) => true,
            (true, false) => has_bit(&self.token_last3, trigram(x, y, z)),
            (false, true) => has_bit(&self.token_first3, trigram(a, b, c)),
        }
    }

    /// Whether `label` (four bytes or more) may be one edit from a brand's
    /// name.
    fn near_brand(&self, label: &[u8]) -> bool {
        let n = label.len();
        if let (true, &[a, b, c, d, ..], &[.., w, x, y, z]) = (n >= QUAD_FROM, label, label) {
            return has_bit(&self.first4, quad(a, b, c, d, n))
                || has_bit(&self.last4, quad(w, x, y, z, n));
        }
        let (&[a, b, c, ..], &[.., x, y, z]) = (label, label) else {
            return true;
        };
        has_bit(&self.first3, triple(a, b, c, n))
            || has_bit(&self.last3, triple(x, y, z, n))
            || n < TRIPLE_FROM
                && (has_bit(&self.ends21, triple(a, b, z, n))
                    || has_bit(&self.ends12, triple(a, y, z, n)))
    }
}

/// For each byte (in lowercase), what makes it a look-alike [`unglyph`]
/// reads (the first [`UNGLYPHED`] of [`HOMOGLYPHS`]): the letter before
/// it for a pair (`rn`, `vv`, `cl`), 1 for one alone (`1`), 0 when it is
/// none.
// Indexes by a byte in a constant: checked when it is built.
#[allow(clippy::indexing_slicing)]
static GLYPH_AFTER: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < UNGLYPHED {
        match HOMOGLYPHS[i].0.as_bytes() {
            [first, second] => t[*second as usize] = *first,
            [alone] => t[*alone as usize] = 1,
            _ => {}
        }
        i += 1;
    }
    t
};

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
    // the label holds an ASCII look-alike [`unglyph`] reads (several may
    // change both ends of a name, `vvindovvs`, which the tables would miss).
    // A label with any byte but letters (`glued`) has its words judged too.
    let (mut label, mut word, mut glyphs, mut prev, mut glued) = (0, 0, false, b'.', false);
    for (i, &b) in head.iter().enumerate() {
        let lower = b | 32;
        glyphs |= ends_glyph(prev, lower);
        prev = lower;
        if lower.wrapping_sub(b'a') < 26 {
            continue;
        }
        if word < i && is_token(filter, head.get(word..i).unwrap_or_default()) {
            return true;
        }
        word = i + 1;
        if b == b'.' {
            let text = head.get(label..i).unwrap_or_default();
            if label_may_imitate(filter, text, glyphs, min)
                || glued && glued_label_may_imitate(text)
            {
                return true;
            }
            (label, glyphs, glued) = (i + 1, false, false);
        } else {
            // A hyphen, a digit or any other byte that is no letter splits
            // the label into words, as `lookalike_words` reads them
            // (`tabank`.no`).
            glued = true;
        }
    }
    let last = head.get(label..).unwrap_or_default();
    word < head.len() && is_token(filter, head.get(word..).unwrap_or_default())
        || label_may_imitate(filter, last, glyphs, min)
        || glued && glued_label_may_imitate(last)
}

/// Whether a word glued to others in `label` (which holds a hyphen or a
/// digit: `paypa1-login`, `rnicrosoft365`) may be a brand's token
/// misspelt, by the words [`super::brand_word_imitation`] reads
/// ([`super::lookalike_words`]). Only such labels are read word by word
/// (a label of letters alone is judged whole), which keeps the split off
/// the hot path.
fn glued_label_may_imitate(label: &[u8]) -> bool {
    super::lookalike_words(label).any(|(s, e)| {
        label.get(s..e).is_some_and(|word| {
            // A common word is no misspelling (`static`, `finance`).
            let mut buf = [0; 63];
            word_may_imitate(word)
                && !lowercase(word, &mut buf)
                    .and_then(|w| std::str::from_utf8(w).ok())
                    .is_some_and(super::is_common_neighbour)
        })
    })
}

/// Whether the lowercase byte `lower`, after `prev`, ends an ASCII
/// look-alike [`unglyph`] reads: the second letter of a pair (`n` after
/// `r`), or a digit that is a look-alike alone.
#[inline(always)]
fn ends_glyph(prev: u8, lower: u8) -> bool {
    let glyph = GLYPH_AFTER.get(usize::from(lower)).copied().unwrap_or(0);
    glyph == prev || glyph == 1
}

/// Whether a word of a shared host's account may be a brand's domain's
/// name one edit or one look-alike away: [`label_may_imitate`]'s tables
/// and lookups at `medium`, in front of
/// [`super::brand_lookalike_word`]'s search. Allocates nothing.
pub(crate) fn word_may_imitate(word: &[u8]) -> bool {
    let mut prev = b'.';
    let glyphs = word.iter().any(|&b| {
        let lower = b | 32;
        let found = ends_glyph(prev, lower);
        prev = lower;
        found
    });
    label_may_imitate(filter(), word, glyphs, Severity::Medium)
}

/// Whether `word` is a brand's token, or holds one glued to the words a
/// phishing host names its purpose with ([`super::glued::glued_token`]).
/// Most words are shorter than a glued one, which one comparison tells
/// before a call.
#[inline(always)]
fn is_token(filter: &Filter, word: &[u8]) -> bool {
    filter.word(word) && brand_token(word).is_some()
        || word.len() >= MIN_WORD && is_glued(filter, word)
}

/// [`super::glued::glued_token`] behind [`Filter::may_glue`].
#[inline(never)]
fn is_glued(filter: &Filter, word: &[u8]) -> bool {
    filter.may_glue(word) && super::glued::glued_token(word).is_some()
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
    let Some(lower) = lowercase(label, &mut buf) else {
        return true;
    };
    let brands = brand_index();
    brand_name && std::str::from_utf8(lower).is_ok_and(|l| brand_names().contains(l))
        || near_brand && one_edit_from(brands, lower)
        || glyphs && glyphs_of(brands, lower)
        // A top site's look-alike is only shown (low).
        || top_sites && (one_edit_from(index(), lower) || glyphs && glyphs_of(index(), lower))
}

/// The base of [`KeyHashes`]' polynomial hash.
const BASE: u64 = 0x100_0000_01b3;

/// `BASE` to the powers 0 to 63.
// Indexes below 64 in a constant: checked when it is built.
#[allow(clippy::indexing_slicing)]
pub(super) static POWERS: [u64; 64] = {
    let mut p = [1u64; 64];
    let mut i = 1;
    while i < 64 {
        p[i] = p[i - 1].wrapping_mul(BASE);
        i += 1;
    }
    p
};

/// The polynomial hash of `bytes`: `H(a ++ b) = H(a) * BASE^len(b) + H(b)`,
/// so a name's hashes with each letter deleted come from its prefixes'
/// and suffixes' in one pass.
pub(super) fn poly(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0, |h, &b| poly_step(h, b))
}

/// [`poly`] of a text, from that of the text without its last byte `b`.
pub(super) fn poly_step(h: u64, b: u8) -> u64 {
    h.wrapping_mul(BASE).wrapping_add(poly_digit(b))
}

/// What a byte counts for in [`poly`] (never 0, so leading bytes count).
fn poly_digit(b: u8) -> u64 {
    u64::from(b) + 1
}

/// A set of hashes ([`poly`]) in an open-addressed table: whether a key
/// may be in an index costs a multiplication and a probe or two, not a
/// hash map's lookup. A hash found is only a hint, which the index's
/// entries confirm.
#[derive(Default)]
pub(super) struct KeyHashes {
    slots: Vec<u64>,
    shift: u32,
}

impl KeyHashes {
    /// The set of `hashes` ([`poly`] of each key; one given twice is kept
    /// once).
    pub(super) fn of(hashes: impl ExactSizeIterator<Item = u64>) -> KeyHashes {
        let bits = (hashes.len() * 2)
            .max(2)
            .next_power_of_two()
            .trailing_zeros();
        let mut table = KeyHashes {
            slots: vec![0; 1 << bits],
            shift: 64 - bits,
        };
        for h in hashes {
            let h = h | 1;
            let mut at = table.slot(h);
            while let Some(slot) = table.slots.get_mut(at) {
                if *slot == 0 || *slot == h {
                    *slot = h;
                    break;
                }
                at = (at + 1) & (table.slots.len() - 1);
            }
        }
        table
    }

    fn slot(&self, h: u64) -> usize {
        (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    pub(super) fn may_hold(&self, h: u64) -> bool {
        let h = h | 1;
        let mut at = self.slot(h);
        // The table is at most half full: an empty slot comes soon.
        while let Some(&slot) = self.slots.get(at) {
            if slot == h {
                return true;
            }
            if slot == 0 {
                return false;
            }
            at = (at + 1) & (self.slots.len() - 1);
        }
        true
    }
}

/// Whether `label` (lowercase, under 63 bytes) is, or is one edit from, a
/// name of `index`: whether it or it with one letter deleted is a key.
///
/// The hash with letter `i` deleted is `H(label) + (P(i) - P(i + 1)) *
/// BASE^(n - 1 - i)`, `P(i)` the hash of the first `i` letters (what
/// follows letter `i` is the same in both): one pass from the first
/// letter, with no table of the prefixes' hashes to clear.
fn one_edit_from(index: &Index, label: &[u8]) -> bool {
    let n = label.len();
    let whole = poly(label);
    let hashes = &index.hashes;
    if hashes.may_hold(whole) && index.has_hashed_key(label, whole) {
        return true;
    }
    let mut head = 0u64;
    for (i, &b) in label.iter().enumerate() {
        let power = POWERS.get(n - 1 - i).copied().unwrap_or_default();
        let next = poly_step(head, b);
        let hash = deleted_hash(whole, head, next, power);
        if hashes.may_hold(hash) {
            let mut deleted = [0u8; 63];
            let (h, t) = (label.get(..i), label.get(i + 1..));
            let (Some(h), Some(t), Some(d)) = (h, t, deleted.get_mut(..n - 1)) else {
                return true;
            };
            let (dh, dt) = d.split_at_mut(i);
            dh.copy_from_slice(h);
            dt.copy_from_slice(t);
            if index.has_hashed_key(d, hash) {
                return true;
            }
        }
        head = next;
    }
    false
}

/// [`poly`] of a text with one letter deleted, from that of the whole
/// text, of what precedes the letter (`head`) and of that with the letter
/// (`next`), `power` being `BASE` to the number of letters after it.
pub(super) fn deleted_hash(whole: u64, head: u64, next: u64, power: u64) -> u64 {
    whole.wrapping_add(head.wrapping_sub(next).wrapping_mul(power))
}

/// Whether `label` (lowercase), its ASCII look-alikes read as the letters
/// they imitate, may be a name of `index`.
fn glyphs_of(index: &Index, label: &[u8]) -> bool {
    readings(label).any(|reading| {
        let mut buf = [0u8; 63];
        let mut len = 0;
        for (slot, b) in buf.iter_mut().zip(unglyph(label, reading)) {
            *slot = b;
            len += 1;
        }
        let plain = buf.get(..len).unwrap_or_default();
        plain != label && index.has_key(plain)
    })
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
    fn look_alikes_are_found_in_either_case_and_only_there() {
        use Severity::Medium;
        for host in [
            "vvindovvs.example",
            "www.RNicrosoft.example",
            "secure.c1ient.paypa1.example",
            // Glued to other words: by the word, or the letters and digits.
            "paypa1-login.example",
            "secure.rnicrosoft365-verify.example",
            "g00gle-login.example",
        ] {
            assert!(may_imitate(host.as_bytes(), Medium), "{host}");
        }
        // No look-alike, no neighbour, no token: nothing to look up.
        for host in ["www.example.com", "r.n.example", "cdn-static.example.org"] {
            assert!(!may_imitate(host.as_bytes(), Medium), "{host}");
        }
    }

    #[test]
    fn deletions_are_hashed_as_the_keys_are() {
        let label = b"paypxal";
        // Two names kept whole, their deletions no keys.
        let index = Index::of(
            ["paypal", "zzz"]
                .into_iter()
                .map(|name| super::super::Famous {
                    domain: name,
                    name,
                    brand: None,
                    rank: 1,
                    near_words: true,
                })
                .collect(),
        );
        assert!(one_edit_from(&index, label));
        assert!(one_edit_from(&index, b"paypal"));
        assert!(!one_edit_from(&index, b"paxpxal"));
        assert!(index.hashes.may_hold(poly(b"zzz")));
        // Each deletion's hash, from the whole's and its prefixes'.
        for label in [
            &b"paypxal"[..],
            b"a",
            b"microsoftonline-login-page-0123456789-abcdefghijklmnopqrstuv",
        ] {
            let (whole, n) = (poly(label), label.len());
            for i in 0..n {
                let deleted: Vec<u8> = label
                    .iter()
                    .enumerate()
                    .filter_map(|(j, &b)| (j != i).then_some(b))
                    .collect();
                let head = poly(label.get(..i).unwrap_or_default());
                let next = poly(label.get(..=i).unwrap_or_default());
                let power = POWERS.get(n - 1 - i).copied().unwrap_or_default();
                assert_eq!(
                    deleted_hash(whole, head, next, power),
                    poly(&deleted),
                    "{i}"
                );
            }
        }
        assert!(!index.hashes.may_hold(poly(b"zz")));
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
