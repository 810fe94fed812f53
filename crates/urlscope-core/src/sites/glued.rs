//! A brand's token glued, with no hyphen between, to the words a phishing
//! host names its purpose with: `paypallogin`, `appleidverify`,
//! `secure.bankofamericasecuredalerts.com`, `chaseonline-verification`,
//! `steamcommunitycomprofiles7656...`. Written with hyphens
//! (`paypal-login`), the token is a word of its own and
//! [`super::brand_tokens`] reads it; glued, the word is read as a token
//! framed by one or more of [`GLUE`], with nothing else left over, so a
//! brand's name inside an ordinary word stays unread (`purchase` holds
//! `chase`, `outlookindia` holds `outlook`, `amazonas` holds `amazon`).

use super::brand_token;
use super::fast::has_bit;
use crate::services::lures::trigram_bit as trigram;

/// The words glued to a brand's token in a phishing host's word: what the
/// page asks for (a sign-in, a check), what it claims to be (a service,
/// a support desk, a document) and the suffixes written into the name
/// (`com`, `net`). Sorted; lowercase.
const GLUE: &[&str] = &[
    "access",
    "account",
    "accounts",
    "activate",
    "activation",
    "alert",
    "alerts",
    "app",
    "apps",
    "auth",
    "billing",
    "center",
    "centre",
    "check",
    "client",
    "com",
    "confirm",
    "customer",
    "customers",
    "desk",
    "doc",
    "docs",
    "document",
    "documents",
    "file",
    "files",
    "help",
    "helpdesk",
    "id",
    "info",
    "log",
    "login",
    "logon",
    "mail",
    "member",
    "members",
    "my",
    "net",
    "notice",
    "office",
    "online",
    "password",
    "portal",
    "profile",
    "profiles",
    "recover",
    "recovery",
    "restore",
    "secure",
    "secured",
    "security",
    "service",
    "services",
    "signin",
    "signon",
    "support",
    "team",
    "unlock",
    "update",
    "updates",
    "user",
    "validate",
    "validation",
    "verification",
    "verified",
    "verify",
    "wallet",
    "web",
    "webscr",
];

/// Bit `i` of slot `letter - b'a'`: whether [`GLUE`]'s word `i` starts
/// (`FIRST`) or ends (`LAST`) with that letter.
// Indexes by a glue word's letters, in a constant: checked when it is
// built.
#[allow(clippy::indexing_slicing)]
const fn by_letter(last: bool) -> [u128; 26] {
    let mut slots = [0u128; 26];
    let mut i = 0;
    while i < GLUE.len() {
        let g = GLUE[i].as_bytes();
        let letter = if last { g[g.len() - 1] } else { g[0] };
        slots[(letter - b'a') as usize] |= 1 << i;
        i += 1;
    }
    slots
}

const FIRST: [u128; 26] = by_letter(false);
const LAST: [u128; 26] = by_letter(true);

/// The glue words of a slot of [`FIRST`] or [`LAST`] for the letter `b`
/// (any case; none for another byte).
fn glue_of(slots: &[u128; 26], b: u8) -> impl Iterator<Item = &'static [u8]> {
    let mut bits = slots
        .get(usize::from((b | 32).wrapping_sub(b'a')))
        .copied()
        .unwrap_or(0);
    std::iter::from_fn(move || {
        let i = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        GLUE.get(i).map(|g| g.as_bytes())
    })
}

/// Where the glue words that start at `i` of `word` end: bit `j` for
/// each.
fn glue_after(word: &[u8], i: usize) -> u64 {
    let rest = word.get(i..).unwrap_or_default();
    let first = rest.first().copied().unwrap_or(0);
    glue_of(&FIRST, first)
        .filter(|g| {
            rest.get(..g.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(g))
        })
        .fold(0, |bits, g| bits | 1 << (i + g.len()))
}

/// Where the glue words that end at `e` of `word` start: bit `s` for
/// each.
fn glue_before(word: &[u8], e: usize) -> u64 {
    let head = word.get(..e).unwrap_or_default();
    let last = head.last().copied().unwrap_or(0);
    glue_of(&LAST, last)
        .filter(|g| {
            head.len() >= g.len()
                && head
                    .get(head.len() - g.len()..)
                    .is_some_and(|t| t.eq_ignore_ascii_case(g))
        })
        .fold(0, |bits, g| bits | 1 << (e - g.len()))
}

/// Every position a run of glue words reaches from the positions of
/// `todo` by `step` ([`glue_after`] or [`glue_before`]), with them.
fn reach(word: &[u8], mut todo: u64, step: fn(&[u8], usize) -> u64) -> u64 {
    let mut reached = todo;
    while todo != 0 {
        let at = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let next = step(word, at) & !reached;
        reached |= next;
        todo |= next;
    }
    reached
}

/// Bit [`trigram`] of each glue word's first three letters (`ends`
/// false) or last three (`ends` true); a word of two letters sets its
/// two with every letter after them, or before.
// Indexes by a glue word's letters, in a constant: checked when it is
// built.
#[allow(clippy::indexing_slicing)]
const fn glue_trigrams(ends: bool) -> [u64; 512] {
    let mut bits = [0u64; 512];
    let mut i = 0;
    while i < GLUE.len() {
        let g = GLUE[i].as_bytes();
        let n = g.len();
        let mut other = 0;
        while other < 32 {
            let at = match (n, ends) {
                (2, false) => trigram(g[0], g[1], other as u8),
                (2, true) => trigram(other as u8, g[0], g[1]),
                (_, false) => trigram(g[0], g[1], g[2]),
                (_, true) => trigram(g[n - 3], g[n - 2], g[n - 1]),
            };
            bits[at / 64] |= 1 << (at % 64);
            other += 1;
        }
        i += 1;
    }
    bits
}

const GLUE_STARTS: [u64; 512] = glue_trigrams(false);
const GLUE_ENDS: [u64; 512] = glue_trigrams(true);

/// Whether `word` (three letters or more) may start with a glue word, and
/// whether it may end with one: [`glued_token`]'s first test, by the
/// word's first three letters and its last three.
pub(super) fn may_have_glue(word: &[u8]) -> (bool, bool) {
    match (word, word) {
        (&[a, b, c, ..], &[.., x, y, z]) => (
            has_bit(&GLUE_STARTS, trigram(a, b, c)),
            has_bit(&GLUE_ENDS, trigram(x, y, z)),
        ),
        _ => (false, false),
    }
}

/// The shortest word read for a glued token: shorter ones (`dhlmy`,
/// `upsid`) are few, and reading them would cost every host's short
/// words the test.
pub(super) const MIN_WORD: usize = 7;

/// The longest word a host holds (a label's 63 bytes).
const MAX_WORD: usize = 63;

/// Where a brand's token sits in `word` (a run of ASCII letters, any
/// case) with [`GLUE`] words and nothing else around it, at least one
/// glued: the token's brand and its byte range within `word`. Most words
/// neither start nor end with a glue word, which two short lists of
/// words, chosen by the word's first and last letters, tell.
pub(crate) fn glued_token(word: &[u8]) -> Option<(&'static str, (usize, usize))> {
    let n = word.len();
    if !(MIN_WORD..=MAX_WORD).contains(&n) {
        return None;
    }
    let (start, end) = (glue_after(word, 0), glue_before(word, n));
    if start == 0 && end == 0 {
        return None;
    }
    // Where a run of glue words from the start may end, and where one to
    // the end may start.
    let from_start = reach(word, 1 | start, glue_after);
    let to_end = reach(word, 1 << n | end, glue_before);
    let bits = |mut b: u64| {
        std::iter::from_fn(move || {
            let at = b.trailing_zeros() as usize;
            b &= b.wrapping_sub(1);
            (at < 64).then_some(at)
        })
    };
    for s in bits(from_start) {
        for e in bits(to_end).filter(|&e| e >= s + 3 && (s, e) != (0, n)) {
            if let Some(brand) = word.get(s..e).and_then(brand_token) {
                return Some((brand, (s, e)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_glue_is_sorted_and_lowercase() {
        assert!(GLUE.windows(2).all(|w| w[0] < w[1]));
        assert!(GLUE
            .iter()
            .all(|g| g.len() >= 2 && g.bytes().all(|b| b.is_ascii_lowercase())));
        // A bit of a u128 per word.
        assert!(GLUE.len() <= 128);
    }

    #[test]
    fn the_fast_path_lets_every_glued_token_through() {
        use crate::warnings::Severity::Medium;
        // Every token with every glue word ahead of it and after it, and
        // framed by two, as a registrable domain's name.
        // A token of letters: the words read are runs of letters.
        let tokens = super::super::BRAND_TOKENS
            .iter()
            .filter(|(t, _)| t.bytes().all(|b| b.is_ascii_alphabetic()));
        for (token, _) in tokens {
            for g in GLUE {
                for word in [
                    format!("{g}{token}"),
                    format!("{token}{g}"),
                    format!("my{token}{g}"),
                ] {
                    let Some((_, (s, e))) = glued_token(word.as_bytes()) else {
                        assert!(word.len() < MIN_WORD, "{word}");
                        continue;
                    };
                    assert!(e - s >= 3, "{word}");
                    let host = format!("{word}.example");
                    assert!(crate::sites::may_imitate(host.as_bytes(), Medium), "{host}");
                }
            }
        }
    }

    #[test]
    fn a_token_glued_to_glue_words() {
        let at = |word: &str| {
            glued_token(word.as_bytes())
                .map(|(brand, (s, e))| (brand, word.get(s..e).unwrap_or_default().to_string()))
        };
        for (word, brand, token) in [
            ("paypallogin", "PayPal", "paypal"),
            ("LoginPayPal", "PayPal", "PayPal"),
            ("paypalsecure", "PayPal", "paypal"),
            ("appleidverify", "Apple", "appleid"),
            (
                "bankofamericasecuredalerts",
                "Bank of America",
                "bankofamerica",
            ),
            ("chaseonline", "Chase", "chase"),
            ("steamcommunitycomprofiles", "Steam", "steamcommunity"),
            ("mypaypalaccount", "PayPal", "paypal"),
            (
                "microsoftofficeonlineservicesmailcenter",
                "Microsoft",
                "microsoft",
            ),
        ] {
            assert_eq!(at(word), Some((brand, token.to_string())), "{word}");
            // The fast path's tables let it through.
            let host = format!("{word}.example");
            assert!(
                crate::sites::may_imitate(host.as_bytes(), crate::warnings::Severity::Medium),
                "{host}"
            );
        }
        // A brand's name inside an ordinary word, a token alone, or glued
        // to a word that is no glue.
        for word in [
            "purchase",
            "outlookindia",
            "amazonas",
            "paypal",
            "paypalhere",
            "googleplex",
            "chasers",
            "login",
            "secureaccount",
        ] {
            assert_eq!(at(word), None, "{word}");
        }
    }
}
