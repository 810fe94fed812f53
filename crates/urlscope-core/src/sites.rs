//! The famous sites, and the names that imitate them.
//!
//! Two tables, compiled in by `build.rs` from `data/` (see its README): the
//! **known sites** (the first 10,000 registrable domains of the Majestic
//! Million) and the **brands** most often impersonated, each with every
//! registrable domain it owns and the tokens that name it. A domain in
//! either table is its owner's own and never imitates anything.
//!
//! [`imitation_of_host`] says which famous domain a host's registrable domain is one
//! edit away from, by the families of dnstwist (omission, insertion,
//! repetition, replacement, transposition, hyphenation, vowel swap,
//! bitsquatting, plural, another suffix) and the ASCII homoglyphs readers
//! miss (`rn` for `m`, `1` for `l`, `0` for `o`...), or whose Unicode
//! skeleton (UTS #39) it is. The search goes through a deletion index (the
//! SymSpell idea: two names one edit apart share a name with one letter
//! deleted), built once, never through the table.

use crate::split::Span;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/sites.rs"));

/// The shortest famous name (the label before the suffix) a look-alike is
/// searched for: shorter names have too many innocent neighbours.
const MIN_NAME: usize = 5;

/// The tables as hash maps, for the lookups the fast path makes on every
/// host: a domain to its rank and brand, a token to its brand, and which
/// (first letter, length) pairs tokens have.
struct Lookup {
    domains: foldhash::HashMap<&'static str, (Option<u16>, Option<u8>)>,
    tokens: foldhash::HashMap<&'static str, u8>,
    /// Bit `len` of entry `first - b'a'`: a token starts so and is so long.
    token_shapes: [u32; 26],
}

fn lookup() -> &'static Lookup {
    static LOOKUP: OnceLock<Lookup> = OnceLock::new();
    LOOKUP.get_or_init(|| {
        let mut domains = foldhash::HashMap::default();
        for (d, r) in KNOWN_SITES.iter() {
            domains.insert(*d, (Some(*r), None));
        }
        for (d, b) in BRAND_DOMAINS.iter() {
            domains.entry(*d).or_insert((None, None)).1 = Some(*b);
        }
        let mut tokens = foldhash::HashMap::default();
        let mut token_shapes = [0u32; 26];
        for (t, b) in BRAND_TOKENS.iter() {
            tokens.insert(*t, *b);
            if let (Some(first), true) = (t.bytes().next(), t.len() < 32) {
                if let Some(shape) = token_shapes.get_mut(usize::from(first.wrapping_sub(b'a'))) {
                    *shape |= 1 << t.len();
                }
            }
        }
        Lookup {
            domains,
            tokens,
            token_shapes,
        }
    })
}

/// The rank of `domain` (a registrable domain, lowercase) in the known
/// sites, from 1.
pub(crate) fn known_rank(domain: &str) -> Option<u16> {
    lookup().domains.get(domain).and_then(|(r, _)| *r)
}

/// The brand that owns `domain` (a registrable domain, lowercase).
pub(crate) fn brand_of(domain: &str) -> Option<&'static str> {
    let (_, b) = lookup().domains.get(domain)?;
    b.and_then(|b| BRAND_NAMES.get(usize::from(b)).copied())
}

/// Whether `domain` is a known site or a brand's own.
pub(crate) fn is_known(domain: &str) -> bool {
    lookup().domains.contains_key(domain)
}

/// The brand a token names (`paypal`, `appleid`, `office365`), matched
/// without regard to case.
pub(crate) fn brand_token(token: &[u8]) -> Option<&'static str> {
    let first = token.first()?.to_ascii_lowercase();
    let shape = lookup()
        .token_shapes
        .get(usize::from(first.wrapping_sub(b'a')))?;
    if token.len() >= 32 || shape & (1 << token.len()) == 0 {
        return None;
    }
    let mut buf = [0u8; 32];
    let lower = buf.get_mut(..token.len())?;
    lower.copy_from_slice(token);
    lower.make_ascii_lowercase();
    let lower = std::str::from_utf8(lower).ok()?;
    let b = lookup().tokens.get(lower)?;
    BRAND_NAMES.get(usize::from(*b)).copied()
}

/// A famous site a name imitates, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Imitation {
    /// The famous registrable domain imitated (`paypal.com`).
    pub domain: String,
    /// Its brand, when the brand table has it (`PayPal`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub brand: Option<&'static str>,
    /// The family of the edit, dnstwist's name for it (`homoglyph`,
    /// `omission`, `insertion`, `repetition`, `replacement`,
    /// `transposition`, `hyphenation`, `vowel-swap`, `bitsquatting`,
    /// `plural`, `tld-swap`).
    pub family: &'static str,
    /// The edit in words: `'l' written as '1'`.
    pub edit: String,
    /// The edited bytes, in the input.
    pub span: Span,
}

/// A famous domain, as the index holds it.
struct Famous {
    domain: &'static str,
    /// Its name: the label before the public suffix.
    name: &'static str,
    brand: Option<&'static str>,
    rank: u16,
}

/// The famous names and their one-letter deletions.
struct Index {
    famous: Vec<Famous>,
    /// A name, or a name with one letter deleted, to the famous domains
    /// it comes from.
    near: foldhash::HashMap<Box<[u8]>, Vec<u32>>,
}

/// The index of every famous domain: the brands' and the top sites'.
fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| build_index(true))
}

/// The index of the brands' domains alone: what the fast path searches on
/// every host, small enough to stay in cache.
fn brand_index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| build_index(false))
}

fn build_index(top_sites: bool) -> Index {
    let mut famous = Vec::new();
    for (domain, b) in BRAND_DOMAINS.iter() {
        let rank = known_rank(domain).unwrap_or(u16::MAX);
        famous.push((*domain, BRAND_NAMES.get(usize::from(*b)).copied(), rank));
    }
    if top_sites {
        for (domain, rank) in KNOWN_SITES.iter() {
            if brand_of(domain).is_none() {
                famous.push((*domain, None, *rank));
            }
        }
    }
    let mut index = Index {
        famous: Vec::new(),
        near: foldhash::HashMap::default(),
    };
    for (domain, brand, rank) in famous {
        let Some(name) = name_of(domain) else {
            continue;
        };
        if name.len() < MIN_NAME {
            continue;
        }
        let at = index.famous.len() as u32;
        index.famous.push(Famous {
            domain,
            name,
            brand,
            rank,
        });
        index
            .near
            .entry(name.as_bytes().into())
            .or_default()
            .push(at);
        for deleted in deletions(name) {
            let list = index.near.entry(deleted.into_bytes().into()).or_default();
            if list.last() != Some(&at) {
                list.push(at);
            }
        }
    }
    index
}

/// A registrable domain's name: the label before its public suffix.
fn name_of(domain: &str) -> Option<&str> {
    let suffix = crate::names::public_suffix(domain)?;
    let name = domain.get(..domain.len().checked_sub(suffix.len() + 1)?)?;
    (!name.contains('.')).then_some(name)
}

/// Which (first two bytes, length) and (last two bytes, length) pairs a
/// label one edit from a brand's name can have: a name of five letters or
/// more keeps its first two or its last two letters through one edit. The
/// fast path's first, cheapest test (a few percent of labels pass it).
/// Also which (first byte, length) pairs the brands' domain names have.
struct Shapes {
    first: Vec<u64>,
    last: Vec<u64>,
    exact: [u64; 128],
}

/// The slot of two bytes in [`Shapes`]' tables (letters and digits apart;
/// anything else may share a slot, which only lets more through).
fn pair(a: u8, b: u8) -> usize {
    usize::from(a & 31) << 5 | usize::from(b & 31)
}

fn shapes() -> &'static Shapes {
    static SHAPES: OnceLock<Shapes> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let mut s = Shapes {
            first: vec![0; 1024],
            last: vec![0; 1024],
            exact: [0; 128],
        };
        let set = |table: &mut [u64], at: usize, len: usize| {
            if let Some(bits) = table.get_mut(at) {
                if len < 64 {
                    *bits |= 1 << len;
                }
            }
        };
        for f in &brand_index().famous {
            let n = f.name.as_bytes();
            let (Some(&a), Some(&b), Some(&y), Some(&z)) = (
                n.first(),
                n.get(1),
                n.len().checked_sub(2).and_then(|i| n.get(i)),
                n.last(),
            ) else {
                continue;
            };
            for len in n.len() - 1..=n.len() + 1 {
                set(&mut s.first, pair(a, b), len);
                set(&mut s.last, pair(y, z), len);
            }
        }
        for name in brand_names() {
            if let Some(&a) = name.as_bytes().first() {
                set(&mut s.exact, usize::from(a), name.len());
            }
        }
        s
    })
}

impl Shapes {
    fn has(table: &[u64], at: usize, len: usize) -> bool {
        len < 64 && table.get(at).is_some_and(|bits| bits & (1 << len) != 0)
    }

    /// Whether `label` (lowercase, five bytes or more) may be one edit from
    /// a brand's name.
    fn near_brand(&self, label: &[u8]) -> bool {
        let n = label.len();
        let (Some(&a), Some(&b), Some(&y), Some(&z)) = (
            label.first(),
            label.get(1),
            n.checked_sub(2).and_then(|i| label.get(i)),
            label.last(),
        ) else {
            return true;
        };
        Shapes::has(&self.first, pair(a, b), n) || Shapes::has(&self.last, pair(y, z), n)
    }

    /// Whether `label` (lowercase) may be a brand's domain name.
    fn brand_name(&self, label: &[u8]) -> bool {
        label
            .first()
            .is_some_and(|&a| Shapes::has(&self.exact, usize::from(a), label.len()))
    }
}

/// The names of the brands' domains, whatever their length (`x`, `ebay`,
/// `paypal`): a label equal to one may start a brand's domain written in
/// a host (`ebay.com.evil.example`).
fn brand_names() -> &'static foldhash::HashSet<&'static str> {
    static NAMES: OnceLock<foldhash::HashSet<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        BRAND_DOMAINS
            .iter()
            .filter_map(|(d, _)| name_of(d))
            .collect()
    })
}

/// ASCII look-alikes a reader takes for the letters they imitate, the
/// longer first: (written, for).
const HOMOGLYPHS: [(&str, &str); 9] = [
    ("rn", "m"),
    ("vv", "w"),
    ("cl", "d"),
    ("1", "l"),
    ("l", "i"),
    ("i", "l"),
    ("0", "o"),
    ("5", "s"),
    ("3", "e"),
];

/// `name` with each of its letters deleted in turn: the deletion index's
/// keys.
fn deletions(name: &str) -> impl Iterator<Item = String> + '_ {
    (0..name.len()).map(move |i| {
        let mut deleted = String::with_capacity(name.len());
        deleted.push_str(name.get(..i).unwrap_or_default());
        deleted.push_str(name.get(i + 1..).unwrap_or_default());
        deleted
    })
}

/// Whether `label` holds an ASCII look-alike [`unglyphed`] reads (and a
/// few more): several may change both ends of a name (`0utl00k`), which
/// the letter filter would miss.
fn has_glyphs(label: &[u8]) -> bool {
    label.iter().any(|b| matches!(b, b'1' | b'0' | b'5'))
        || label.windows(2).any(|w| matches!(w, b"rn" | b"vv" | b"cl"))
}

/// `name` with every ASCII look-alike read as the letter it imitates.
fn unglyphed(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    'next: while let Some(c) = rest.chars().next() {
        for (written, meant) in HOMOGLYPHS.iter().take(5) {
            if let Some(after) = rest.strip_prefix(written) {
                // `l` for `i` and `i` for `l` are left to the edit search.
                if *written != "l" {
                    out.push_str(meant);
                    rest = after;
                    continue 'next;
                }
            }
        }
        out.push(c);
        rest = rest.get(c.len_utf8()..).unwrap_or_default();
    }
    out
}

/// The one edit that makes `famous` into `name`, if there is one: its
/// family, its words, and the edited byte range of `name`.
fn one_edit(name: &str, famous: &str) -> Option<(&'static str, String, (usize, usize))> {
    let (n, f) = (name.as_bytes(), famous.as_bytes());
    let common = n.iter().zip(f).take_while(|(a, b)| a == b).count();
    let tail = n
        .iter()
        .rev()
        .zip(f.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
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
    // hyphens and dots.
    if is_known(registrable)
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
            .near
            .get(skeleton.as_bytes())
            .into_iter()
            .flatten()
            .filter_map(|&i| index.famous.get(i as usize))
            .filter(|f| f.name == skeleton)
            .map(|f| {
                (
                    f,
                    "homoglyph",
                    format!("'{uname}' for '{skeleton}'"),
                    (0, name.len()),
                )
            })
            .collect();
        return best(&mut found);
    }
    // ASCII look-alikes of several letters (`rn` for `m`).
    let plain = unglyphed(name);
    let mut found = Vec::new();
    if plain != name {
        for &i in index.near.get(plain.as_bytes()).into_iter().flatten() {
            if let Some(f) = index.famous.get(i as usize).filter(|f| f.name == plain) {
                let (s, e) = first_difference(name, &plain);
                let written = name.get(s..e).unwrap_or_default();
                let meant = plain
                    .get(s..(s + e - s).min(plain.len()))
                    .unwrap_or_default();
                let meant = HOMOGLYPHS
                    .iter()
                    .find(|(w, _)| *w == written)
                    .map_or(meant, |(_, m)| m);
                found.push((
                    f,
                    "homoglyph",
                    format!("'{meant}' written as '{written}'"),
                    (s, e),
                ));
            }
        }
        if !found.is_empty() {
            return best(&mut found);
        }
    }
    // The same name under another suffix: only a brand's.
    for &i in index.near.get(name.as_bytes()).into_iter().flatten() {
        if let Some(f) = index.famous.get(i as usize) {
            if f.name == name && f.brand.is_some() {
                let theirs = f.domain.get(f.name.len() + 1..).unwrap_or_default();
                let edit = format!("'.{theirs}' written as '.{suffix}'");
                found.push((f, "tld-swap", edit, (end + 1, registrable.len())));
            }
        }
    }
    if !found.is_empty() {
        return best(&mut found);
    }
    // One edit: the name, or the name with a letter deleted, is a famous
    // name or a famous name with a letter deleted.
    let mut candidates: Vec<u32> = Vec::new();
    let mut look = |key: &str| {
        if let Some(list) = index.near.get(key.as_bytes()) {
            candidates.extend(list);
        }
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
        if f.name == name {
            continue;
        }
        if let Some((family, edit, span)) = one_edit(name, f.name) {
            found.push((f, family, edit, span));
        }
    }
    best(&mut found)
}

/// The first byte range where `a` and `b` differ, in `a`: from the first
/// differing byte to the last, counted from the end.
fn first_difference(a: &str, b: &str) -> (usize, usize) {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let s = x.iter().zip(y).take_while(|(p, q)| p == q).count();
    let t = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take_while(|(p, q)| p == q)
        .count();
    (
        s.min(x.len()),
        x.len().saturating_sub(t).max(s + 1).min(x.len()),
    )
}

/// A brand shown in a host that is not the brand's: the brand, and the
/// byte range of `host` that shows it.
pub(crate) fn brand_in_host(
    host: &str,
    registrable: &str,
) -> Option<(&'static str, (usize, usize))> {
    if is_known(registrable) {
        return None;
    }
    let ahead_len = host.len().checked_sub(registrable.len())?;
    let ahead = host.get(..ahead_len.saturating_sub(1)).unwrap_or_default();
    // A brand's domain written in the labels ahead (`paypal.com.`,
    // `login.microsoftonline.com-secure.`): two or three labels at a time,
    // the last one cut at a hyphen.
    let labels: Vec<(usize, &str)> = label_starts(ahead).collect();
    for (i, &(start, _)) in labels.iter().enumerate() {
        for take in [3, 2] {
            let Some(&(last_start, last)) = labels.get(i + take - 1) else {
                continue;
            };
            let last = last.split('-').next().unwrap_or(last);
            let end = last_start + last.len();
            let written = ahead
                .get(start..end)
                .unwrap_or_default()
                .to_ascii_lowercase();
            if let Some(brand) = brand_of(&written) {
                return Some((brand, (start, end)));
            }
        }
    }
    // A brand's token: a whole word of a label ahead, or a word of the
    // registrable domain's name glued to others (`paypal-login-secure`).
    let name_end = registrable.find('.').unwrap_or(registrable.len());
    let name = registrable.get(..name_end).unwrap_or_default();
    let words = |text: &str, offset: usize| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        for word in text.split(|c: char| !c.is_ascii_alphabetic()) {
            out.push((offset + i, offset + i + word.len()));
            i += word.len() + 1;
        }
        out
    };
    let name_words = words(name, ahead_len);
    let glued = name_words.iter().filter(|(s, e)| e > s).count() > 1;
    let mut candidates = words(ahead, 0);
    if glued {
        candidates.extend(name_words);
    }
    candidates.into_iter().find_map(|(s, e)| {
        let word = host.get(s..e)?;
        brand_token(word.as_bytes()).map(|b| (b, (s, e)))
    })
}

/// The labels of `text` with where each starts.
fn label_starts(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    text.split('.').map(move |label| {
        let start = at;
        at += label.len() + 1;
        (start, label)
    })
}

/// The famous site a host name imitates, when its registrable domain is a
/// look-alike of one (see [`Imitation`]; the span is within `host`).
///
/// ```
/// let i = urlscope_core::sites::imitation_of_host("www.paypa1.com").unwrap();
/// assert_eq!((i.domain.as_str(), i.family), ("paypal.com", "homoglyph"));
/// assert!(urlscope_core::sites::imitation_of_host("www.paypal.com").is_none());
/// ```
pub fn imitation_of_host(host: &str) -> Option<Imitation> {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    // On shared hosting, `shared-hosting` says it, as in the analysis.
    if crate::services::shared_hosting(&host).is_some() {
        return None;
    }
    let registrable = crate::names::registrable_domain(&host)?;
    let at = host.len() - registrable.len();
    let unicode = registrable
        .contains("xn--")
        .then(|| idna::domain_to_unicode(registrable).0);
    imitation(registrable, unicode.as_deref(), at, true)
}

/// Whether the host name `host` (ASCII) imitates a famous site, by
/// [`imitation`] (of a brand's domain only, unless `top_sites`) or
/// [`brand_in_host`] on its registrable domain: the fast path's exact
/// test, after [`may_imitate`].
pub(crate) fn imitates(host: &[u8], top_sites: bool) -> bool {
    let Ok(host) = std::str::from_utf8(host) else {
        return true;
    };
    let host = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
    let Some(registrable) = crate::names::registrable_domain(&host) else {
        return false;
    };
    imitation(registrable, None, 0, top_sites).is_some()
        || brand_in_host(&host, registrable).is_some()
}

/// Whether a host name may imitate a famous site so that a warning at
/// `min` or above follows: the fast path's test. `false` only when no
/// label of it (the last one aside) holds a brand's token or is a brand's
/// domain's name, and none is one edit or one look-alike from a brand's
/// name; a top site's look-alike (only ever `low`) counts at `low` or
/// below. Allocates nothing for labels up to 63 bytes.
pub(crate) fn may_imitate(host: &[u8], min: crate::warnings::Severity) -> bool {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let mut labels = host.rsplit(|&b| b == b'.');
    labels.next();
    labels.any(|label| {
        if label.len() > 63 {
            return true;
        }
        let mut buf = [0u8; 63];
        let Some(lower) = buf.get_mut(..label.len()) else {
            return true;
        };
        lower.copy_from_slice(label);
        lower.make_ascii_lowercase();
        let lower = &*lower;
        // Words as brand_in_host reads them: letters between anything else.
        let shapes = shapes();
        if lower
            .split(|b| !b.is_ascii_alphabetic())
            .any(|t| brand_token(t).is_some())
            || shapes.brand_name(lower)
                && std::str::from_utf8(lower).is_ok_and(|l| brand_names().contains(l))
        {
            return true;
        }
        if lower.len() + 1 < MIN_NAME {
            return false;
        }
        if (has_glyphs(lower) || shapes.near_brand(lower)) && near(brand_index(), lower) {
            return true;
        }
        // A top site's look-alike is only shown (low).
        min <= crate::warnings::Severity::Low && near(index(), lower)
    })
}

/// Whether `label` (lowercase) is, or is one edit or one look-alike from,
/// a name of `index`.
fn near(index: &Index, label: &[u8]) -> bool {
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
    if !has_glyphs(label) {
        return false;
    }
    let text = std::str::from_utf8(label).unwrap_or_default();
    let plain = unglyphed(text);
    plain != text && index.near.contains_key(plain.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imitates(domain: &str) -> Option<(String, &'static str, String, String)> {
        imitation(domain, None, 0, true).map(|i| {
            let at = domain
                .get(i.span.start..i.span.end)
                .unwrap_or_default()
                .to_string();
            (i.domain, i.family, i.edit, at)
        })
    }

    #[test]
    fn the_tables_are_loaded() {
        assert_eq!(known_rank("google.com"), Some(1));
        assert!(KNOWN_SITES.len() >= 9_000, "{}", KNOWN_SITES.len());
        assert_eq!(brand_of("microsoftonline.com"), Some("Microsoft"));
        assert_eq!(brand_of("amazon.co.jp"), Some("Amazon"));
        assert_eq!(brand_of("paypal-community.com"), Some("PayPal"));
        assert_eq!(brand_token(b"PayPal"), Some("PayPal"));
        assert_eq!(brand_token(b"apple"), None);
    }

    #[test]
    fn each_family_is_named_with_its_edit_and_bytes() {
        for (domain, famous, family, edit, at) in [
            (
                "paypa1.com",
                "paypal.com",
                "homoglyph",
                "'l' written as '1'",
                "1",
            ),
            (
                "rnicrosoft.com",
                "microsoft.com",
                "homoglyph",
                "'m' written as 'rn'",
                "rn",
            ),
            ("paypl.com", "paypal.com", "omission", "'a' left out", "pl"),
            (
                "paypall.com",
                "paypal.com",
                "repetition",
                "an extra 'l'",
                "l",
            ),
            (
                "pay-pal.com",
                "paypal.com",
                "hyphenation",
                "an extra '-'",
                "-",
            ),
            (
                "paypxal.com",
                "paypal.com",
                "insertion",
                "an extra 'x'",
                "x",
            ),
            (
                "pyapal.com",
                "paypal.com",
                "transposition",
                "'ay' written as 'ya'",
                "ya",
            ),
            (
                "netflox.com",
                "netflix.com",
                "vowel-swap",
                "'i' written as 'o'",
                "o",
            ),
            (
                "paypal.net",
                "paypal.com",
                "tld-swap",
                "'.com' written as '.net'",
                "net",
            ),
        ] {
            let got = imitates(domain);
            assert_eq!(
                got,
                Some((famous.to_string(), family, edit.to_string(), at.to_string())),
                "{domain}"
            );
        }
    }

    #[test]
    fn a_famous_domain_and_short_names_imitate_nothing() {
        for domain in [
            "paypal.com",
            "microsoftonline.com",
            "paypal-community.com",
            "amazon.co.jp",
            "ebay.de",
            "google.com",
            "exarnple-shop.example",
            "pineapple.example",
            "ebey.com",
            "office365.us\0\0",
            "paypal.c\u{1b}m",
        ] {
            assert_eq!(imitates(domain), None, "{domain}");
        }
    }

    #[test]
    fn a_brand_in_the_host_of_another_site() {
        let shown = |host: &str| {
            let registrable = crate::names::registrable_domain(host).unwrap_or(host);
            brand_in_host(host, registrable)
                .map(|(b, (s, e))| (b, host.get(s..e).unwrap_or_default().to_string()))
        };
        for (host, brand, at) in [
            (
                "www.paypal.com.secure-login.example.net",
                "PayPal",
                "paypal.com",
            ),
            (
                "login.microsoftonline.com-secure.example.net",
                "Microsoft",
                "microsoftonline.com",
            ),
            (
                "appleid.apple.com.verify-account.example.co.uk",
                "Apple",
                "apple.com",
            ),
            ("https.www.paypal.com.x.example.ru", "PayPal", "paypal.com"),
            ("amazon.co.jp.access.x.example.jp", "Amazon", "amazon.co.jp"),
            ("paypal-login-secure.example", "PayPal", "paypal"),
            ("support-appleid.example", "Apple", "appleid"),
            ("microsoft365-verify.example", "Microsoft", "microsoft"),
            ("appleid.apple.com-app.example", "Apple", "appleid"),
        ] {
            assert_eq!(shown(host), Some((brand, at.to_string())), "{host}");
        }
        for host in [
            "login.microsoftonline.com",
            "signin.ebay.de",
            "www.amazon.co.jp",
            "paypal-community.com",
            "www.paypal.com",
            "pineapple-shop.example",
            "paypal.example",
            "news.example.com",
        ] {
            assert_eq!(shown(host), None, "{host}");
        }
    }

    #[test]
    fn the_fast_test_lets_through_what_may_imitate() {
        use crate::warnings::Severity::{Low, Medium};
        for host in [
            "paypa1.com",
            "www.rnicrosoft.com",
            "login-paypal.example",
            "secure.paypal.com.evil.example",
            "ebay.com.evil.example",
        ] {
            assert!(may_imitate(host.as_bytes(), Medium), "{host}");
        }
        for host in ["a.b.c", "cdn.kasztp.example", "qqzzxv.net"] {
            assert!(!may_imitate(host.as_bytes(), Low), "{host}");
        }
        // A top site's look-alike is only ever low.
        assert!(!may_imitate(b"latech.edu", Medium));
        assert!(may_imitate(b"latech.edu", Low));
    }
}
