//! The edits that make a famous name into a look-alike: the families of
//! dnstwist, the ASCII homoglyphs, and the Unicode skeleton.

use super::{brand_index, index, is_known, Famous, Imitation, MIN_NAME};
use crate::split::Span;

/// ASCII look-alikes a reader takes for the letters they imitate, the
/// longer first: (written, for). The first [`UNGLYPHED`] are what
/// [`unglyph`] reads, each wherever it stands (`g00gle`, `rnicrosoft`);
/// the others (`l` for `i` and `i` for `l`, which read both ways) are one
/// edit each, which the edit search finds and names.
pub(super) const HOMOGLYPHS: [(&str, &str); 9] = [
    ("rn", "m"),
    ("vv", "w"),
    ("cl", "d"),
    ("1", "l"),
    ("0", "o"),
    ("5", "s"),
    ("3", "e"),
    ("l", "i"),
    ("i", "l"),
];

/// How many of [`HOMOGLYPHS`], from the first, [`unglyph`] reads.
pub(super) const UNGLYPHED: usize = 7;

/// Each character of an IDN label that UTS #39 reads as another, named:
/// `'а' (U+0430 CYRILLIC SMALL LETTER A) for 'a'` (two look the same on
/// screen, so the code point and name tell them apart).
fn skeleton_edit(label: &str) -> String {
    let mut edits: Vec<String> = Vec::new();
    for c in label.chars() {
        let read: String = unicode_security::skeleton(&c.to_string()).collect();
        if !c.is_ascii() && read != c.to_string() {
            let info = crate::analysis::char_info(c);
            let edit = format!(
                "'{}' ({} {}) for '{}'",
                crate::text::escape_str(&c.to_string()),
                info.codepoint,
                info.name,
                crate::text::escape_str(&read)
            );
            if !edits.contains(&edit) {
                edits.push(edit);
            }
        }
    }
    edits.join(", ")
}

/// `name` with each of its letters deleted in turn: the deletion index's
/// keys.
pub(super) fn deletions(name: &str) -> impl Iterator<Item = String> + '_ {
    (0..name.len()).map(move |i| {
        let mut deleted = String::with_capacity(name.len());
        deleted.push_str(name.get(..i).unwrap_or_default());
        deleted.push_str(name.get(i + 1..).unwrap_or_default());
        deleted
    })
}

/// What a '1' is read as: the 'l' of [`HOMOGLYPHS`], or an 'i'
/// (`m1cros0ft`), which a reader takes it for as readily.
const ONE_AS: [u8; 2] = [b'l', b'i'];

/// Up to how many '1's of a name are each read both ways
/// (`1inked1n`: 'l', then 'i'), every mix tried; a name with more is read
/// with all its '1's one way, then all the other.
const MIXED_ONES: u32 = 3;

/// How [`unglyph`] reads a name's look-alikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reading {
    /// Bit `k` reads the `k`-th '1' as an 'i' rather than an 'l' (the
    /// 32nd and after as the last bit says).
    ones: u32,
    /// Whether the look-alikes of two letters (`rn`, `vv`, `cl`) are read
    /// too: a name may hold them as themselves (`k1arna` is `klarna`,
    /// whose `rn` is no `m`).
    pairs: bool,
}

/// The readings of `name`'s look-alikes that [`unglyph`] takes: its
/// '1's all as 'l' first, then one reading for a name without a '1',
/// every mix for up to [`MIXED_ONES`], else all 'i'; each with its pairs
/// of letters read, then, for a name that holds both a pair and a single
/// look-alike, each again with its pairs kept.
pub(super) fn readings(name: &[u8]) -> impl Iterator<Item = Reading> + '_ {
    let ones = name.iter().filter(|&&b| b == b'1').count() as u32;
    let (mixed, uniform) = match ones {
        0 => (1, None),
        n if n <= MIXED_ONES => (1 << n, None),
        _ => (1, Some(u32::MAX)),
    };
    let masks = move || (0..mixed).chain(uniform);
    let with_pairs = masks().map(|ones| Reading { ones, pairs: true });
    // Read only once those have failed: most names hold no pair.
    let glyphs = || {
        HOMOGLYPHS
            .iter()
            .take(UNGLYPHED)
            .map(|(written, _)| written.as_bytes())
    };
    let without = std::iter::once(())
        .filter(move |()| {
            let pair = glyphs().any(|g| g.len() == 2 && name.windows(2).any(|w| w == g));
            pair && glyphs().any(|g| matches!(g, [b] if name.contains(b)))
        })
        .flat_map(move |()| masks().map(|ones| Reading { ones, pairs: false }));
    with_pairs.chain(without)
}

/// `name` with every ASCII look-alike read as the letter it imitates, as
/// `reading` says ([`readings`]).
pub(super) fn unglyphed(name: &str, reading: Reading) -> String {
    let bytes: Vec<u8> = unglyph(name.as_bytes(), reading).collect();
    // Only ASCII is replaced, by ASCII: the text stays UTF-8.
    String::from_utf8(bytes).unwrap_or_default()
}

/// The bytes of [`unglyphed`].
pub(super) fn unglyph(name: &[u8], reading: Reading) -> impl Iterator<Item = u8> + '_ {
    let mut rest = name;
    let mut k = 0u32;
    std::iter::from_fn(move || {
        let (&b, after) = rest.split_first()?;
        if b == b'1' {
            rest = after;
            let as_i = reading.ones >> k.min(31) & 1;
            k += 1;
            return ONE_AS.get(as_i as usize).copied();
        }
        for (written, meant) in HOMOGLYPHS.iter().take(UNGLYPHED) {
            if written.len() == 2 && !reading.pairs {
                continue;
            }
            if let Some(after) = rest.strip_prefix(written.as_bytes()) {
                rest = after;
                return meant.bytes().next();
            }
        }
        rest = after;
        Some(b)
    })
}

/// A one-letter edit's words as the host writes the letter, when it is a
/// capital (`paypaI.com`: a capital i, an 'l' in most fonts, where the
/// address bar shows 'i'): `'l' written as 'I' (a capital i)`. `written`
/// is the edited byte as the input has it.
pub(crate) fn as_written(edit: &str, written: &[u8]) -> Option<String> {
    let &[w] = written else { return None };
    if !w.is_ascii_uppercase() {
        return None;
    }
    let lower = char::from(w.to_ascii_lowercase());
    let was = edit.strip_suffix(&format!(" written as '{lower}'"))?;
    Some(format!(
        "{was} written as '{}' (a capital {lower})",
        char::from(w)
    ))
}

/// The look-alikes that make `plain` into `name`, which differ between
/// bytes `s` and `e`: each letter's where the look-alikes are one letter
/// each (`'i' written as '1' and 'o' written as '0'`, each pair once), else
/// the bytes between (one look-alike of several letters, `rn` for `m`,
/// shifts the rest: `'m' written as 'rn'`).
fn glyph_edit(name: &str, plain: &str, s: usize, e: usize) -> String {
    if name.len() == plain.len() {
        let mut pairs: Vec<(char, char)> = Vec::new();
        for (w, m) in name.bytes().zip(plain.bytes()).filter(|(w, m)| w != m) {
            if !pairs.contains(&(char::from(m), char::from(w))) {
                pairs.push((char::from(m), char::from(w)));
            }
        }
        let mut edits: Vec<String> = pairs
            .iter()
            .map(|(m, w)| format!("'{m}' written as '{w}'"))
            .collect();
        let last = edits.pop().unwrap_or_default();
        return match edits.is_empty() {
            true => last,
            false => format!("{} and {last}", edits.join(", ")),
        };
    }
    let written = name.get(s..e).unwrap_or_default();
    let meant = plain
        .get(s..(s + e - s).min(plain.len()))
        .unwrap_or_default();
    // The table's letter for a look-alike of several letters.
    let meant = HOMOGLYPHS
        .iter()
        .find(|(w, m)| *w == written && w.len() != m.len())
        .map_or(meant, |(_, m)| m);
    format!("'{meant}' written as '{written}'")
}

/// How many bytes `a` and `b` share at their start, and at their end.
fn common_ends(a: &[u8], b: &[u8]) -> (usize, usize) {
    let head = a.iter().zip(b).take_while(|(p, q)| p == q).count();
    let tail = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(p, q)| p == q)
        .count();
    (head, tail)
}

/// The one edit that makes `famous` into `name`, if there is one: its
/// family, its words, and the edited byte range of `name`.
pub(crate) fn one_edit(name: &str, famous: &str) -> Option<(&'static str, String, (usize, usize))> {
    let (n, f) = (name.as_bytes(), famous.as_bytes());
    let (common, tail) = common_ends(n, f);
    let ch = |b: Option<&u8>| b.map(|&b| char::from(b)).unwrap_or('?');
    match n.len() as isize - f.len() as isize {
        // A letter more.
        1 if common + tail >= f.len() => {
            let i = common.min(n.len() - 1);
            let extra = ch(n.get(i));
            // A number after a name (`force9`, `apple2`) names a version
            // or a series far more often than it disguises.
            if i + 1 == n.len() && extra.is_ascii_digit() {
                return None;
            }
            let family = if extra == '-' {
                "hyphenation"
            } else if i > 0 && n.get(i - 1) == n.get(i) || n.get(i + 1) == n.get(i) {
                "repetition"
            } else if i + 1 == n.len() && extra == 's' {
                "plural"
            } else {
                "insertion"
            };
            Some((family, format!("an extra '{extra}'"), (i, i + 1)))
        }
        // A letter fewer.
        -1 if common + tail >= n.len() => {
            let i = common.min(f.len() - 1);
            let missing = ch(f.get(i));
            let at = (i.saturating_sub(1), (i + 1).min(n.len()));
            Some(("omission", format!("'{missing}' left out"), at))
        }
        0 if common + tail + 1 == n.len() => {
            let i = common;
            let (was, is) = (ch(f.get(i)), ch(n.get(i)));
            let vowel = |c: char| "aeiou".contains(c);
            let family = if HOMOGLYPHS
                .iter()
                .any(|(w, m)| w.len() == 1 && w.starts_with(is) && m.starts_with(was))
            {
                "homoglyph"
            } else if vowel(was) && vowel(is) {
                "vowel-swap"
            } else if (was as u32 ^ is as u32).count_ones() == 1 {
                "bitsquatting"
            } else {
                "replacement"
            };
            Some((family, format!("'{was}' written as '{is}'"), (i, i + 1)))
        }
        0 if common + tail + 2 == n.len()
            && n.get(common) == f.get(common + 1)
            && n.get(common + 1) == f.get(common) =>
        {
            let i = common;
            let was = format!("{}{}", ch(f.get(i)), ch(f.get(i + 1)));
            let is = format!("{}{}", ch(n.get(i)), ch(n.get(i + 1)));
            Some((
                "transposition",
                format!("'{was}' written as '{is}'"),
                (i, i + 2),
            ))
        }
        _ => None,
    }
}

/// The famous domain `registrable` imitates, if it is one edit or one
/// look-alike away from one (see the module docs). `at` is where
/// `registrable` starts in the input: the span points there. `unicode` is
/// the registrable domain in Unicode when it is an IDN.
pub(crate) fn imitation(
    registrable: &str,
    unicode: Option<&str>,
    at: usize,
    top_sites: bool,
) -> Option<Imitation> {
    // Only a domain one could register imitates: letters, digits,
    // hyphens and dots. A known site, a name under a brand's own
    // top-level domain, or a web archive's mirror (`archive.li`, one
    // letter from `archives.gov`), imitates none.
    if is_known(registrable)
        || super::under_brand_tld(registrable)
        || crate::wrappers::is_archive(registrable.as_bytes())
        || !registrable
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return None;
    }
    let suffix = crate::names::public_suffix(registrable)?;
    let end = registrable.len().checked_sub(suffix.len() + 1)?;
    let name = registrable.get(..end)?;
    // Only a name one could register imitates: letters, digits, hyphens.
    if name.len() + 1 < MIN_NAME || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return None;
    }
    // The top sites' look-alikes are only ever low: when nothing below
    // medium is wanted, the brands' small index is enough.
    let index = if top_sites { index() } else { brand_index() };
    let best = |found: &mut Vec<(&Famous, &'static str, String, (usize, usize))>| {
        // A brand's domain before a top site's, then one under the same
        // suffix, then the better ranked.
        found.sort_by_key(|(f, ..)| {
            let same_suffix = f.domain.get(f.name.len() + 1..) == Some(suffix);
            (f.brand.is_none(), !same_suffix, f.rank, f.domain)
        });
        found.first().map(|(f, family, edit, (s, e))| Imitation {
            domain: f.domain.to_string(),
            brand: f.brand,
            family,
            edit: edit.clone(),
            span: Span::new(at + s, at + e),
        })
    };
    // An IDN whose skeleton (UTS #39) is a famous name.
    if let Some(unicode) = unicode.filter(|u| *u != registrable) {
        let uname = unicode.split('.').next().unwrap_or_default();
        let skeleton: String = unicode_security::skeleton(uname).collect();
        let mut found: Vec<_> = index
            .near(skeleton.as_bytes())
            .filter_map(|i| index.famous.get(i as usize))
            .filter(|f| f.name == skeleton)
            .map(|f| (f, "homoglyph", skeleton_edit(uname), (0, name.len())))
            .collect();
        return best(&mut found);
    }
    // A common word is no misspelling (`looking.com`, `finance.com`), but
    // may still be a brand's name under another suffix.
    let word = super::is_common_neighbour(name);
    // ASCII look-alikes of several letters (`rn` for `m`), each '1' read
    // as an 'l' or an 'i' (`m1cros0ft`, `1inked1n`).
    let mut found = Vec::new();
    for reading in readings(name.as_bytes()) {
        if word {
            break;
        }
        let plain = unglyphed(name, reading);
        if plain == name {
            continue;
        }
        for i in index.near(plain.as_bytes()) {
            if let Some(f) = index.famous.get(i as usize).filter(|f| f.name == plain) {
                let (s, e) = first_difference(name, &plain);
                found.push((f, "homoglyph", glyph_edit(name, &plain, s, e), (s, e)));
            }
        }
        if !found.is_empty() {
            return best(&mut found);
        }
    }
    // The same name under another suffix: only a brand's.
    for i in index.near(name.as_bytes()) {
        if let Some(f) = index.famous.get(i as usize) {
            if f.name == name && f.brand.is_some() && !f.near_words {
                let theirs = f.domain.get(f.name.len() + 1..).unwrap_or_default();
                let edit = format!("'.{theirs}' written as '.{suffix}'");
                found.push((f, "tld-swap", edit, (end + 1, registrable.len())));
            }
        }
    }
    if !found.is_empty() || word {
        return best(&mut found);
    }
    // One edit: the name, or the name with a letter deleted, is a famous
    // name or a famous name with a letter deleted. The index's keys are
    // DNS labels, so a longer name is no key once a letter is deleted (and
    // its deletions, as long as it each, would cost its length squared).
    if name.len() > crate::plain::MAX_LABEL + 1 {
        return best(&mut found);
    }
    let mut candidates: Vec<u32> = Vec::new();
    let mut look = |key: &str| {
        candidates.extend(index.near(key.as_bytes()));
    };
    look(name);
    for deleted in deletions(name) {
        look(&deleted);
    }
    candidates.sort_unstable();
    candidates.dedup();
    for i in candidates {
        let Some(f) = index.famous.get(i as usize) else {
            continue;
        };
        if f.name == name || f.near_words {
            continue;
        }
        if let Some((family, edit, span)) = one_edit(name, f.name) {
            found.push((f, family, edit, span));
        }
    }
    best(&mut found)
}

/// The brand a word imitates (`coinbse`: coinbase.com, 'a' left out),
/// read as the name of a domain: [`imitation`] of `{word}.com` against
/// the brands' index, its span within the word. The same name under
/// another suffix is no edit of a word, and a word that is a known site's
/// name imitates nothing.
pub(crate) fn word_imitation(word: &str) -> Option<Imitation> {
    let found = imitation(&format!("{word}.com"), None, 0, false)?;
    (found.family != "tld-swap" && found.span.end <= word.len()).then_some(found)
}

/// The first byte range where `a` and `b` differ, in `a`: from the first
/// differing byte to the last, counted from the end.
fn first_difference(a: &str, b: &str) -> (usize, usize) {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let (s, t) = common_ends(x, y);
    (
        s.min(x.len()),
        x.len().saturating_sub(t).max(s + 1).min(x.len()),
    )
}
