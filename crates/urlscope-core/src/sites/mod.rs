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

mod edits;
mod fast;
mod glued;
mod inside;
mod near;
#[cfg(test)]
mod tests;

pub(crate) use edits::{as_written, imitation, one_edit};
pub(crate) use fast::may_imitate;
pub(crate) use inside::tokens_inside;

include!(concat!(env!("OUT_DIR"), "/sites.rs"));

/// The shortest famous name (the label before the suffix) a look-alike is
/// searched for: shorter names have too many innocent neighbours.
const MIN_NAME: usize = 5;

/// The tables as hash maps, for the lookups the fast path makes on every
/// host: a domain to its rank and brand, a token to its brand.
struct Lookup {
    domains: foldhash::HashMap<&'static str, (Option<u16>, Option<u8>)>,
    tokens: foldhash::HashMap<&'static str, u8>,
}

fn lookup() -> &'static Lookup {
    static LOOKUP: OnceLock<Lookup> = OnceLock::new();
    LOOKUP.get_or_init(|| {
        let mut domains = foldhash::HashMap::with_capacity_and_hasher(
            KNOWN_SITES.len() + BRAND_DOMAINS.len(),
            Default::default(),
        );
        for (d, r) in KNOWN_SITES.iter() {
            domains.insert(*d, (Some(*r), None));
        }
        for (d, b) in BRAND_DOMAINS.iter() {
            domains.entry(*d).or_insert((None, None)).1 = Some(*b);
        }
        let tokens = BRAND_TOKENS.iter().map(|(t, b)| (*t, *b)).collect();
        Lookup { domains, tokens }
    })
}

/// The rank of `domain` (a registrable domain, lowercase) in the known
/// sites, from 1.
pub(crate) fn known_rank(domain: &str) -> Option<u16> {
    lookup().domains.get(domain).and_then(|(r, _)| *r)
}

/// The brand whose own top-level domain (`.google`, `.dhl`: a closed
/// registry, in which only the brand registers names) the host or
/// registrable domain `name` (lowercase) is under. Only a URL's own host
/// is read so: a domain written in a host's labels or a path
/// (`appleid.apple.com.example`) is the brand's by the table alone.
fn brand_tld(name: &str) -> Option<u8> {
    let (_, tld) = name.strip_suffix('.').unwrap_or(name).rsplit_once('.')?;
    let at = BRAND_TLDS.binary_search_by(|(t, _)| (*t).cmp(tld)).ok()?;
    BRAND_TLDS.get(at).map(|(_, b)| *b)
}

/// Whether the host or registrable domain `name` (lowercase) is under a
/// brand's own top-level domain ([`brand_tld`]).
pub(crate) fn under_brand_tld(name: &str) -> bool {
    brand_tld(name).is_some()
}

/// The brand that owns `domain` (a registrable domain, lowercase).
pub(crate) fn brand_of(domain: &str) -> Option<&'static str> {
    let (_, b) = lookup().domains.get(domain)?;
    b.and_then(|b| BRAND_NAMES.get(usize::from(b)).copied())
}

/// The brand that owns `domain` (a registrable domain, lowercase), and
/// the brands it owns: `instagram.com` is Meta's, as `facebook.com` is.
pub(crate) fn owner_of(domain: &str) -> Option<&'static str> {
    let (_, b) = lookup().domains.get(domain)?;
    owner_name((*b)?)
}

/// The name of the brand that owns brand number `b`.
fn owner_name(b: u8) -> Option<&'static str> {
    let owner = BRAND_OWNERS.get(usize::from(b))?;
    BRAND_NAMES.get(usize::from(*owner)).copied()
}

/// [`owner_of`] a site that links on: its registrable domain's, or that
/// of the name a label shorter, where the brand lists a public suffix
/// among its own (`notifications.googleapis.com`, under Google's
/// `googleapis.com`): a page there is the brand's or its customers', and
/// a link from it to the brand's own domains stays with the brand.
pub(crate) fn owner_of_site(domain: &str) -> Option<&'static str> {
    owner_of(domain)
        .or_else(|| owner_of(domain.split_once('.')?.1))
        .or_else(|| owner_name(brand_tld(domain)?))
}

/// The brand whose family of member institutions' domains
/// (`sparkasse-*.de`, see `data/README.md`) `registrable` (lowercase)
/// is named like, with the family's pattern: what stands for `*` is one
/// label's letters, digits and inner hyphens.
pub(crate) fn family_of(registrable: &str) -> Option<(&'static str, String)> {
    BRAND_FAMILIES.iter().find_map(|&(pattern, b)| {
        let brand = BRAND_NAMES.get(usize::from(b)).copied()?;
        family_matches(pattern, registrable).then(|| (brand, pattern.to_string()))
    })
}

/// Whether `name` is written as `pattern` (`sparkasse-*.de`,
/// `*-sparkasse-*.de`), each `*` standing for one label's letters, digits
/// and inner hyphens; the pieces between are matched from the left.
fn family_matches(pattern: &str, name: &str) -> bool {
    let one_label = |part: &str| {
        !part.is_empty()
            && !part.starts_with('-')
            && !part.ends_with('-')
            && part
                .bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
    };
    let mut pieces = pattern.split('*');
    let Some(rest) = pieces.next().and_then(|first| name.strip_prefix(first)) else {
        return false;
    };
    let mut rest = rest;
    for piece in pieces {
        // The last piece ends the name; the others follow the first
        // stretch of one label's letters.
        let gap = if piece.contains('.') {
            match rest.strip_suffix(piece) {
                Some(gap) => gap,
                None => return false,
            }
        } else {
            match rest.find(piece) {
                Some(at) => {
                    let gap = rest.get(..at).unwrap_or_default();
                    rest = rest.get(at + piece.len()..).unwrap_or_default();
                    if !one_label(gap) {
                        return false;
                    }
                    continue;
                }
                None => return false,
            }
        };
        return one_label(gap);
    }
    false
}

/// The home of the brand named `brand` (the first domain the brand table
/// lists for it: `paypal.com`).
pub(crate) fn home_of(brand: &str) -> Option<&'static str> {
    let at = BRAND_NAMES.iter().position(|b| *b == brand)?;
    BRAND_HOMES.get(at).copied()
}

/// The brand whose own site the host name `host` is: the brand of its
/// registrable domain, or of a longer name the brand table lists whole,
/// a brand's site under a second-level name the Public Suffix List does
/// not list (`www.amazon.com.be`, whose registrable domain is `com.be`).
///
/// Only the last [`BRAND_LABELS`] labels are looked up, so a host of any
/// number of labels costs one pass.
pub(crate) fn brand_of_host(host: &str) -> Option<&'static str> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let tail_start = host
        .rmatch_indices('.')
        .nth(BRAND_LABELS - 1)
        .map_or(0, |(dot, _)| dot + 1);
    let tail = host.get(tail_start..)?.to_ascii_lowercase();
    // Bound before it is returned: the iterator borrows `tail`.
    let brand = label_starts(&tail)
        .find_map(|(start, _)| tail.get(start..).and_then(brand_of))
        .or_else(|| BRAND_NAMES.get(usize::from(brand_tld(&tail)?)).copied());
    brand
}

/// The most labels a name in the brand table may have (today's have at
/// most three: `aws.amazon.com`, `amazon.com.be`); a test holds the table
/// to it.
const BRAND_LABELS: usize = 4;

/// Whether `domain` is a known site or a brand's own.
pub(crate) fn is_known(domain: &str) -> bool {
    lookup().domains.contains_key(domain)
}

/// Whether the host `host`, of registrable domain `registrable`, is a
/// known site's or a brand's own ([`is_known`], [`brand_of_host`]): no
/// site it shows is another's.
///
/// The documentation domains (RFC 2606) are no one's site, though the
/// top sites list `example.com`: a page there is an example, and the
/// hosts written under them (`evil.example.com`) are judged as any other.
pub(crate) fn is_brand_or_known_site(host: &str, registrable: &str) -> bool {
    let documentation = ["example.com", "example.net", "example.org"]
        .iter()
        .any(|d| registrable.eq_ignore_ascii_case(d));
    !documentation && is_known(registrable) || brand_of_host(host).is_some()
}

/// The brand a token names (`paypal`, `appleid`, `office365`), matched
/// without regard to case.
pub(crate) fn brand_token(token: &[u8]) -> Option<&'static str> {
    if !fast::may_be_word(token) {
        return None;
    }
    let mut buf = [0u8; 63];
    let lower = std::str::from_utf8(lowercase(token, &mut buf)?).ok()?;
    let b = lookup().tokens.get(lower)?;
    BRAND_NAMES.get(usize::from(*b)).copied()
}

/// The brand a word of [`BRAND_WORDS`] names (its one-word tokens and
/// its common words: `paypal`, `linkedin`, `office`), matched without
/// regard to case.
pub(crate) fn brand_of_word(word: &[u8]) -> Option<&'static str> {
    let mut buf = [0u8; 63];
    let lower = std::str::from_utf8(lowercase(word, &mut buf)?).ok()?;
    let at = BRAND_WORDS.binary_search(&lower).ok()?;
    let brand = BRAND_WORD_BRANDS.get(at)?;
    BRAND_NAMES.get(usize::from(*brand)).copied()
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
    /// `plural`, `tld-swap`), or `brand-in-host` for a brand's name
    /// written in another's host (`paypal.com.secure-login.example.net`).
    pub family: &'static str,
    /// The edit in words: `'l' written as '1'`, `its name 'paypal.com' in
    /// the host of 'example.net'`.
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
    /// Its brand's names have ordinary names one edit away (`klarna`:
    /// `klara`; `skrill`: `skill`; `correos` is a word, `correos.cl`
    /// another country's post): only look-alike letters imitate it
    /// (`k1arna`), not an edit or another suffix, and its deletions are
    /// no keys of the index.
    near_words: bool,
}

/// The famous names and their one-letter deletions (see [`near`]).
struct Index {
    famous: Vec<Famous>,
    /// Each name whole and, but for the brands whose names have ordinary
    /// neighbours, with each letter deleted (a run of one letter once),
    /// in `buckets`.
    entries: Vec<near::Entry>,
    buckets: near::Buckets,
    /// The hashes of the keys: every lookup's first test of a key.
    hashes: fast::KeyHashes,
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
        let b = usize::from(*b);
        let near_words = BRAND_NEAR_WORDS.get(b).copied().unwrap_or(false);
        famous.push((*domain, BRAND_NAMES.get(b).copied(), rank, near_words));
    }
    if top_sites {
        for (domain, rank) in KNOWN_SITES.iter() {
            if brand_of(domain).is_none() {
                famous.push((*domain, None, *rank, false));
            }
        }
    }
    let famous = famous
        .into_iter()
        .filter_map(|(domain, brand, rank, near_words)| {
            let name = name_of(domain).filter(|name| name.len() >= MIN_NAME)?;
            Some(Famous {
                domain,
                name,
                brand,
                rank,
                near_words,
            })
        })
        .collect();
    Index::of(famous)
}

/// A registrable domain's name: the label before its public suffix.
fn name_of(domain: &str) -> Option<&str> {
    let suffix = crate::names::public_suffix(domain)?;
    let name = domain.get(..domain.len().checked_sub(suffix.len() + 1)?)?;
    (!name.contains('.')).then_some(name)
}

/// The names of the brands' domains, whatever their length (`x`, `ebay`,
/// `paypal`): a label equal to one may start a brand's domain written in
/// a host (`ebay.com.evil.example`).
fn brand_names() -> &'static foldhash::HashSet<&'static str> {
    static NAMES: OnceLock<foldhash::HashSet<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names =
            foldhash::HashSet::with_capacity_and_hasher(BRAND_DOMAINS.len(), Default::default());
        names.extend(BRAND_DOMAINS.iter().filter_map(|(d, _)| name_of(d)));
        names
    })
}

/// Whether `label` (in any case) is the name of a brand's domain
/// (`paypal` of `paypal.com`): a written name is a brand's domain only
/// when the label ahead of its public suffix is one, which a test holds
/// for every registrable domain of the table.
pub(crate) fn is_brand_name(label: &[u8]) -> bool {
    if !fast::may_be_word(label) {
        return false;
    }
    let mut buf = [0u8; 63];
    lowercase(label, &mut buf)
        .and_then(|l| std::str::from_utf8(l).ok())
        .is_some_and(|l| brand_names().contains(l))
}

/// `bytes` in ASCII lowercase, copied into `buf` (on the caller's stack);
/// `None` when they do not fit (no label, token or name does).
fn lowercase<'b>(bytes: &[u8], buf: &'b mut [u8; 63]) -> Option<&'b [u8]> {
    let lower = buf.get_mut(..bytes.len())?;
    lower.copy_from_slice(bytes);
    lower.make_ascii_lowercase();
    Some(lower)
}

/// A brand shown in a host that is not the brand's: the brand, and the
/// byte range of `host` that shows it.
pub(crate) fn brand_in_host(
    host: &str,
    registrable: &str,
) -> Option<(&'static str, (usize, usize))> {
    if is_brand_or_known_site(host, registrable) {
        return None;
    }
    let ahead_len = host.len().checked_sub(registrable.len())?;
    let ahead = host.get(..ahead_len.saturating_sub(1)).unwrap_or_default();
    let name_end = registrable.find('.').unwrap_or(registrable.len());
    // A brand's domain written in the labels ahead (`paypal.com.`,
    // `login.microsoftonline.com-secure.`), or ending in the registrable
    // domain's own name, glued to it by a hyphen
    // (`secure.runescape.com-rgb.top`, whose registrable domain is
    // `com-rgb.top`).
    let through_name = if registrable.get(..name_end).is_some_and(|n| n.contains('-')) {
        host.get(..ahead_len + name_end).unwrap_or(ahead)
    } else {
        ahead
    };
    for (start, end) in domains_ahead(through_name) {
        let written = through_name
            .get(start..end)
            .unwrap_or_default()
            .to_ascii_lowercase();
        if let Some(brand) = brand_of(&written) {
            return Some((brand, (start, end)));
        }
    }
    // A brand's token: a whole word of a label ahead, or a word of the
    // registrable domain's name glued to others or to a number
    // (`paypal-login-secure`, `paypal-2019`,
    // `steamcommunitycomprofiles76561198881581632`).
    let name = registrable.get(..name_end).unwrap_or_default();
    let glued = !name.bytes().all(|b| b.is_ascii_alphabetic());
    // A name of one word may be a token glued to others (`paypallogin`).
    let whole = (!glued)
        .then(|| glued::glued_token(name.as_bytes()))
        .flatten();
    let in_name = glued
        .then(|| brand_tokens(name.as_bytes()))
        .into_iter()
        .flatten()
        .chain(whole)
        .map(|(b, (s, e))| (b, (ahead_len + s, ahead_len + e)));
    brand_tokens(ahead.as_bytes()).chain(in_name).next()
}

/// Where a domain may be written in `ahead`, the labels ahead of a
/// host's own registrable domain: two or three labels at a time, from the
/// first, the last one cut at a hyphen (`paypal.com-secure`), as byte
/// ranges of `ahead`, the longer first at each label.
fn domains_ahead(ahead: &str) -> Vec<(usize, usize)> {
    let labels: Vec<(usize, &str)> = label_starts(ahead).collect();
    let mut found = Vec::new();
    for (i, &(start, _)) in labels.iter().enumerate() {
        for take in [3, 2] {
            let Some(&(last_start, last)) = labels.get(i + take - 1) else {
                continue;
            };
            let last = last.split('-').next().unwrap_or(last);
            found.push((start, last_start + last.len()));
        }
    }
    found
}

/// A known site's registrable domain ([`is_known`]) written in `ahead`
/// (lowercase), where [`domains_ahead`] reads a brand's. Only a domain
/// whose last label reads as a top-level domain (two or three letters:
/// `com`, `nl`, `uk` of `co.uk`) is looked up, which spares the table
/// most labels (`www`, `secure`, `account-login`).
pub(crate) fn known_site_ahead(ahead: &str) -> Option<&str> {
    domains_ahead(ahead).into_iter().find_map(|(start, end)| {
        let written = ahead.get(start..end)?;
        let tld = written.rsplit('.').next().unwrap_or_default();
        let reads_as_tld =
            (2..=3).contains(&tld.len()) && tld.bytes().all(|b| b.is_ascii_lowercase());
        (reads_as_tld && is_known(written)).then_some(written)
    })
}

/// The words of `text`: its runs of ASCII letters between anything else
/// (an empty one where two other bytes meet), as byte ranges within it.
fn letter_words(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut start = 0;
    text.split(|b| !b.is_ascii_alphabetic()).map(move |word| {
        let at = start;
        start += word.len() + 1;
        (at, at + word.len())
    })
}

/// The brands' tokens written as whole words of `text` ([`letter_words`])
/// or glued to words a phishing host names its purpose with
/// ([`glued::glued_token`]: `paypallogin`), each with its brand and its
/// byte range within `text`: how the labels ahead of a registrable
/// domain, or a shared host's account, name a brand (`paypal-login`,
/// `2018paypal0x`).
pub(crate) fn brand_tokens(
    text: &[u8],
) -> impl Iterator<Item = (&'static str, (usize, usize))> + '_ {
    letter_words(text).filter_map(move |(s, e)| {
        let word = text.get(s..e)?;
        brand_token(word)
            .map(|b| (b, (s, e)))
            .or_else(|| glued::glued_token(word).map(|(b, (gs, ge))| (b, (s + gs, s + ge))))
    })
}

/// The shortest brand's token a word of a shared host's account is
/// compared with by [`brand_lookalike_word`]: shorter tokens have too many
/// innocent neighbours among the words people name their pages with.
const MIN_ACCOUNT_TOKEN: usize = 6;

/// Common English words one edit from a brand's name, which name pages
/// and sites for what they say (`trust-fund`, `cloud-tools`,
/// `looking.com`, `finance.com`), not for a brand: a domain whose name is
/// one ([`edits::imitation`]) or a shared host's account word
/// ([`brand_lookalike_word`]) imitates nothing.
/// `scripts/common_neighbours.py` lists those the two would read among
/// the 100,000 most frequent English words (wordfreq: a domain's name of
/// Zipf frequency 3 or more, an account's word of 2 or more), but for a
/// brand's own name inflected (`amazons`, `googled`) or under another
/// suffix. Sorted, for [`is_common_neighbour`].
const COMMON_NEIGHBOURS: &[&str] = &[
    "adore", "ample", "applied", "apply", "banksia", "barclay", "bluefin", "booing", "booming",
    "case", "cease", "chas", "chose", "cloud", "cooking", "discard", "email", "factbook", "farce",
    "finance", "fore", "forge", "forte", "gail", "goggle", "googly", "goole", "grail", "grange",
    "hooking", "imports", "impost", "interact", "inuit", "laporte", "ledge", "looking", "mono",
    "nave", "never", "norden", "papal", "payal", "payday", "phase", "phoneme", "postal", "range",
    "revolt", "saver", "shoppe", "skye", "static", "telecom", "telkom", "tessa", "tremor",
    "trevor", "trist", "truest", "truism", "trust", "tunes", "twig", "twister", "venom", "widows",
    "window", "witter",
];

/// Whether `word` (lowercase) is one of [`COMMON_NEIGHBOURS`].
pub(crate) fn is_common_neighbour(word: &str) -> bool {
    COMMON_NEIGHBOURS.binary_search(&word).is_ok()
}

/// The first word of `text` (a shared host's account: `cdn-coinbse-com`,
/// `steymcommunity-id-234324`, `paypa1-help`) that is a brand's token
/// written with one edit or look-alike letters, its byte range within
/// `text` and what it imitates (its span, the edited bytes, within `text`
/// too). Words are runs of letters, or of letters
/// and digits (for digits written as letters); a brand's token of
/// [`MIN_ACCOUNT_TOKEN`] letters or more counts, and a first letter
/// replaced by another that does not look like it does not (`finance`,
/// `email` are words, not `binance` or `gmail` misspelt), nor a common
/// word ([`COMMON_NEIGHBOURS`]).
pub(crate) fn brand_lookalike_word(text: &[u8]) -> Option<((usize, usize), Imitation)> {
    lookalike_words(text).find_map(|(s, e)| {
        if !fast::word_may_imitate(text.get(s..e)?) {
            return None;
        }
        let word = std::str::from_utf8(text.get(s..e)?)
            .ok()?
            .to_ascii_lowercase();
        let found = edits::word_imitation(&word)?;
        let token = found.domain.split('.').next()?;
        let first_letter = found.span.start == 0
            && matches!(found.family, "replacement" | "vowel-swap" | "bitsquatting");
        let token_counts =
            token.len() >= MIN_ACCOUNT_TOKEN && brand_token(token.as_bytes()).is_some();
        let span = Span::new(s + found.span.start, s + found.span.end);
        (token_counts && !first_letter).then_some(((s, e), Imitation { span, ..found }))
    })
}

/// The words of `text` [`brand_lookalike_word`] compares with the brands'
/// tokens, as byte ranges within it: runs of letters and digits that
/// hold both (digits written as letters: `paypa1`), then runs of letters,
/// each long enough to be a token of [`MIN_ACCOUNT_TOKEN`] letters with
/// one left out.
pub(super) fn lookalike_words(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mixed = crate::services::lures::pieces(text, |b| !b.is_ascii_alphanumeric())
        .filter(|(_, w)| w.iter().any(u8::is_ascii_digit) && w.iter().any(u8::is_ascii_alphabetic))
        .map(|(s, w)| (s, s + w.len()));
    mixed
        .chain(letter_words(text))
        .filter(|&(s, e)| e - s + 1 >= MIN_ACCOUNT_TOKEN)
}

/// A brand's token misspelt as a word of `host` (lowercase ASCII), a
/// name its registrable domain `registrable` is not the brand's: glued to
/// other words in the registrable domain's name (`paypa1-login.com`,
/// `rnicrosoft365-verify.com`) or in a label ahead of it
/// (`secure.paypa1-help.example.net`). The word's byte range within
/// `host`, and what it imitates ([`brand_lookalike_word`]). A
/// registrable domain's name that is one word is [`imitation`]'s to
/// judge, whole.
pub(crate) fn brand_word_imitation(
    host: &str,
    registrable: &str,
) -> Option<((usize, usize), Imitation)> {
    if is_brand_or_known_site(host, registrable) {
        return None;
    }
    let suffix = crate::names::public_suffix(registrable)?;
    let head = host.get(..host.len().checked_sub(suffix.len() + 1)?)?;
    // An IDN's label is its Punycode here (`xn--pypal-4ve`), whose letters
    // are no words: its skeleton is judged instead.
    if head.split('.').any(|label| label.starts_with("xn--")) {
        return None;
    }
    let name_start = host.len().checked_sub(registrable.len())?;
    let (range, found) = brand_lookalike_word(head.as_bytes())?;
    (range != (name_start, head.len())).then_some((range, found))
}

/// What a host on the shared service `service` imitates (lowercase
/// ASCII): a brand's token misspelt in the account's labels ahead of the
/// service's domain ([`brand_lookalike_word`]: `cdn-coinbse-com` of
/// `cdn-coinbse-com.pages.dev`), the span within `host`. The service's
/// own name imitates nothing, and the domain it gives an account is no
/// registered look-alike.
pub(crate) fn account_imitation(host: &str, service: &str) -> Option<Imitation> {
    let account = host.get(..host.len().checked_sub(service.len())?)?;
    brand_lookalike_word(account.as_bytes()).map(|(_, i)| i)
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
    // On shared hosting, the account's labels only, as in the analysis.
    if let Some(hosting) = crate::services::shared_hosting(&host) {
        return account_imitation(&host, &hosting.service);
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
        || brand_word_imitation(&host, registrable).is_some()
}
