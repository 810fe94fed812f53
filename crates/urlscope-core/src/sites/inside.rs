//! A brand's token written inside a longer word of a shared host's
//! account, glued to words that are no sign-in words (`openseafreenft`
//! on `vercel.app`, `mondogroupealibabal` on `yolasite.com`,
//! `smtptelstrawebmail...` on `framer.website`). Anyone's page on a
//! hosting service is named by whoever opened the account, so a brand's
//! name anywhere in it is a claim to be the brand; on a registrable
//! domain the same reading would call `revolution.com` Revolut's.
//!
//! Ordinary words hold some tokens (`revolution` holds `revolut`,
//! `mittelstrasse` holds `telstra`, `intuition` holds `intuit`): a token
//! is not read where the letters around it spell one of
//! [`INSIDE_WORDS`]. Nor is a token of the brand that runs the service
//! (Google's blogs on Google's `blogspot.com`: `googleblog`), whose
//! accounts a brand names after itself as a matter of course.

use super::{lookup, BRAND_NAMES, BRAND_OWNERS, BRAND_TOKENS, MIN_ACCOUNT_TOKEN};
use aho_corasick::{AhoCorasick, MatchKind};
use memchr::memmem;
use std::sync::OnceLock;

/// The longest name a host's labels may have (RFC 1035): a longer text
/// is no host name, and is not searched.
const MAX_NAME: usize = 253;

/// The longest word searched: a DNS label's limit.
const MAX_WORD: usize = 63;

/// The words of the 100,000 most frequent of English, Spanish,
/// Portuguese, German, French, Italian and Dutch (wordfreq) that hold a
/// brand's token of [`MIN_ACCOUNT_TOKEN`] letters or more, but for those
/// that hold a shorter one of these (`revolutionary`: `revolution`) and
/// the brand's own name inflected (`outlooks`, `googled`: still the brand).
/// `scripts/inside_words.py` remakes the list. Sorted; lowercase.
const INSIDE_WORDS: &[&str] = &[
    "altruista",
    "altruiste",
    "altruisti",
    "amazona",
    "amazone",
    "amazonia",
    "amazonica",
    "amazonie",
    "amazonino",
    "amstelstraat",
    "bausparkasse",
    "discorda",
    "discorde",
    "discordi",
    "discordo",
    "facebookgroep",
    "facebookgruppe",
    "facebookpagina",
    "facebookseite",
    "fanpost",
    "gegoogled",
    "getwitter",
    "googlear",
    "googlemaps",
    "googlet",
    "hausbank",
    "hinterachse",
    "interaccionar",
    "interacciones",
    "interact",
    "intuitie",
    "intuitif",
    "intuition",
    "intuitiv",
    "intuito",
    "klarnamen",
    "kreissparkasse",
    "mittelstrasse",
    "moralapostel",
    "piccolissimo",
    "revolutie",
    "revolution",
    "skrillex",
    "stadtsparkasse",
    "telegrama",
    "telegramm",
    "telekommunikation",
    "twittera",
    "twitterbericht",
    "twitterde",
    "twittern",
    "twittero",
    "twittert",
    "twitterverse",
    "vodafoneziggo",
];

/// The brands' tokens written inside longer words of `labels` (a shared
/// host's account: the labels ahead of the service's domain), each with
/// its brand and its byte range within `labels`; in each word of letters
/// the longest token there (`microsoftonline` rather than `microsoft`),
/// not where an ordinary word holds it ([`INSIDE_WORDS`]), nor the
/// tokens of the brand (or its owner) that owns `service`, the service's
/// domain. A token that is a word whole is [`super::brand_tokens`]'s.
pub(crate) fn tokens_inside<'a>(
    labels: &'a [u8],
    service: &'a [u8],
) -> impl Iterator<Item = (&'static str, (usize, usize))> + 'a {
    let words = if labels.len() <= MAX_NAME {
        labels
    } else {
        &[][..]
    };
    // The service's owner is looked up once, and only for a word that
    // holds a token: most accounts hold none.
    let mut runner: Option<Option<u8>> = None;
    super::letter_words(words).filter_map(move |(s, e)| {
        let word = words.get(s..e)?;
        let (brand, (ts, te)) = token_inside(word, || {
            *runner.get_or_insert_with(|| owner_of_service(service))
        })?;
        Some((brand, (s + ts, s + te)))
    })
}

/// The owner (by index) of the brand whose domain `service` is, or ends
/// in (`blogspot.com`, `s3.amazonaws.com`).
fn owner_of_service(service: &[u8]) -> Option<u8> {
    let service = std::str::from_utf8(service).ok()?.trim_matches('.');
    let service = service.to_ascii_lowercase();
    let brand = super::label_starts(&service).find_map(|(start, _)| {
        let (_, brand) = lookup().domains.get(service.get(start..)?)?;
        *brand
    })?;
    BRAND_OWNERS.get(usize::from(brand)).copied()
}

/// The brands' tokens of [`MIN_ACCOUNT_TOKEN`] letters or more, found in
/// one pass over a word, whatever its case; each pattern's index is its
/// index in [`BRAND_TOKENS`].
fn long_tokens() -> &'static (Option<AhoCorasick>, Vec<usize>) {
    static TOKENS: OnceLock<(Option<AhoCorasick>, Vec<usize>)> = OnceLock::new();
    TOKENS.get_or_init(|| {
        let kept: Vec<usize> = (0..BRAND_TOKENS.len())
            .filter(|&i| {
                BRAND_TOKENS
                    .get(i)
                    .is_some_and(|(t, _)| t.len() >= MIN_ACCOUNT_TOKEN)
            })
            .collect();
        let patterns = kept
            .iter()
            .filter_map(|&i| BRAND_TOKENS.get(i).map(|(t, _)| *t));
        let automaton = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(patterns)
            .ok();
        (automaton, kept)
    })
}

/// The longest brand's token inside `word` (a run of letters), with its
/// brand and its range within the word (of equal ones the first); none
/// of the brands owned by `runner()`, the service's owner.
fn token_inside(
    word: &[u8],
    mut runner: impl FnMut() -> Option<u8>,
) -> Option<(&'static str, (usize, usize))> {
    if !(MIN_ACCOUNT_TOKEN + 1..=MAX_WORD).contains(&word.len()) {
        return None;
    }
    let (Some(automaton), kept) = long_tokens() else {
        return None;
    };
    let mut best: Option<(usize, std::cmp::Reverse<usize>, usize)> = None;
    for found in automaton.find_overlapping_iter(word) {
        let (at, len) = (found.start(), found.len());
        let Some(&index) = kept.get(found.pattern().as_usize()) else {
            continue;
        };
        let Some(&(token, brand)) = BRAND_TOKENS.get(index) else {
            continue;
        };
        let key = (len, std::cmp::Reverse(at), index);
        if len >= word.len() || best.is_some_and(|best| best >= key) {
            continue;
        }
        let runs = |runner: Option<u8>| {
            runner.is_some() && BRAND_OWNERS.get(usize::from(brand)).copied() == runner
        };
        if in_ordinary_word(word, at, token) || runs(runner()) {
            continue;
        }
        best = Some(key);
    }
    let (len, std::cmp::Reverse(at), index) = best?;
    let &(_, brand) = BRAND_TOKENS.get(index)?;
    let name = BRAND_NAMES.get(usize::from(brand)).copied()?;
    Some((name, (at, at + len)))
}

/// Whether the token `token` at `at` in `word` (any case) is part of one
/// of [`INSIDE_WORDS`] written around it.
fn in_ordinary_word(word: &[u8], at: usize, token: &str) -> bool {
    INSIDE_WORDS.iter().any(|ordinary| {
        memmem::find_iter(ordinary.as_bytes(), token.as_bytes()).any(|k| {
            at.checked_sub(k)
                .and_then(|start| word.get(start..start + ordinary.len()))
                .is_some_and(|around| around.eq_ignore_ascii_case(ordinary.as_bytes()))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(labels: &str) -> Vec<&str> {
        tokens_inside(labels.as_bytes(), b"vercel.app")
            .map(|(_, (s, e))| &labels[s..e])
            .collect()
    }

    #[test]
    fn a_token_glued_to_any_words_is_read() {
        assert_eq!(inside("www.live-openseafreenft779"), ["opensea"]);
        assert_eq!(inside("mondogroupealibabal"), ["alibaba"]);
        assert_eq!(inside("outlookseinformation"), ["outlook"]);
        assert_eq!(inside("content--ledgerlives--en-us-2740c2"), ["ledgerlive"]);
        assert_eq!(inside("MyPayPalHelpDesk"), ["PayPal"]);
        // The longest token there.
        assert_eq!(inside("xmicrosoftonlinex"), ["microsoftonline"]);
    }

    #[test]
    fn ordinary_words_holding_a_token_are_not() {
        for labels in [
            "revolutionary-art",
            "mittelstrasse-hotel",
            "counterintuitive",
            "altruistic",
            "amazonia-travel",
            "interactive-maps",
            // A token whole is brand_tokens' to read, short ones are not read.
            "paypal",
            "purchase-orders",
            "myyahoomail",
        ] {
            assert_eq!(inside(labels), Vec::<&str>::new(), "{labels}");
        }
    }

    #[test]
    fn the_brand_that_runs_the_service_names_its_accounts() {
        let on = |labels: &str, service: &str| {
            tokens_inside(labels.as_bytes(), service.as_bytes()).count()
        };
        assert_eq!(on("googleblog.", "blogspot.com"), 0);
        assert_eq!(on("googleblog.", "vercel.app"), 1);
        assert_eq!(on("paypalhelp.", "blogspot.com"), 1);
    }

    #[test]
    fn a_name_longer_than_a_host_is_not_searched() {
        let long = format!("{}paypalx", "a.".repeat(200));
        assert!(inside(&long).is_empty());
        assert_eq!(inside(&format!("{}paypalx", "a.".repeat(100))), ["paypal"]);
    }

    #[test]
    fn the_list_is_sorted_lowercase_and_each_word_holds_a_token() {
        assert!(INSIDE_WORDS.windows(2).all(|w| w[0] < w[1]));
        for w in INSIDE_WORDS {
            assert_eq!(*w, w.to_ascii_lowercase());
            assert!(
                BRAND_TOKENS
                    .iter()
                    .any(|(t, _)| t.len() >= MIN_ACCOUNT_TOKEN
                        && t.len() < w.len()
                        && w.contains(t)),
                "{w}"
            );
        }
    }
}
