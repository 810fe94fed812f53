//! The words that make a page a likely credential form or a likely
//! imitation: sign-in words (`login.php`, `/ap/signin`), brands' names
//! standing alone in their piece (`/paypal/`, `office365.html`), and the
//! sign-in page a path ends in (a page file, not a route).

use super::{words_filter, NameFilter};
use crate::sites::BRAND_WORDS;

/// The filter of the sign-in words.
static CREDENTIAL_FILTER: NameFilter = words_filter(&[CREDENTIAL_WORDS]);
/// The filter of the brands' names.
static BRAND_FILTER: NameFilter = words_filter(&[BRAND_WORDS]);

/// The words of a sign-in, verification or payment page, as whole
/// tokens of a path, query or host (split at every byte but a letter or
/// digit): `login.php`, `/ap/signin`, `verify-account`.
const CREDENTIAL_WORDS: &[&str] = &[
    "login",
    "logon",
    "signin",
    "signon",
    "sso",
    "auth",
    "oauth",
    "oauth2",
    "authenticate",
    "authentication",
    "authorize",
    "verify",
    "verification",
    "validate",
    "validation",
    "account",
    "accounts",
    "password",
    "passwd",
    "credential",
    "credentials",
    "secure",
    "security",
    "update",
    "confirm",
    "unlock",
    "recover",
    "recovery",
    "wallet",
    "billing",
    "banking",
    "webscr",
    // A mail service's sign-in page (Outlook Web App's `/owa/`): the
    // credentials most phishing asks for.
    "webmail",
    "owa",
    "2fa",
    "mfa",
    "otp",
];

/// Words that name a sign-in even glued to others in a token
/// (`microsoftlogin`, `signinpage`), tested when no whole word matched.
const GLUED_WORDS: &[&str] = &["login", "logon", "signin", "password", "webscr"];

/// Where in `token` one of [`GLUED_WORDS`] starts or ends it, when it is
/// longer (`onedrivelogon`, `loginverify`): the word's byte range. Its
/// first and last bytes turn most tokens away before a comparison.
fn glued_word(token: &[u8]) -> Option<(usize, usize)> {
    let (first, last) = (token.first()?, token.last()?);
    let may_start = matches!(first | 32, b'l' | b's' | b'p' | b'w');
    let may_end = matches!(last | 32, b'n' | b'd' | b'r');
    if !(may_start || may_end) {
        return None;
    }
    GLUED_WORDS.iter().find_map(|w| {
        let w = w.as_bytes();
        if token.len() <= w.len() {
            return None;
        }
        if may_start
            && token
                .get(..w.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(w))
        {
            return Some((0, w.len()));
        }
        let tail = token.len() - w.len();
        (may_end && token.get(tail..).is_some_and(|t| t.eq_ignore_ascii_case(w)))
            .then_some((tail, token.len()))
    })
}

/// The byte range of `token` within the digits written around it
/// (`paypallogin` of `2018paypallogin2019`); empty when it is all digits.
fn within_digits(token: &[u8]) -> (usize, usize) {
    let from = token.iter().take_while(|b| b.is_ascii_digit()).count();
    let digits_after = token
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    (from, (token.len() - digits_after).max(from))
}

/// Word pairs written as two tokens (`sign-in`, `log_in`).
const SPLIT_WORDS: &[(&str, &str)] =
    &[("sign", "in"), ("log", "in"), ("sign", "on"), ("log", "on")];

/// Where `text` holds a sign-in word (see [`CREDENTIAL_WORDS`]): the
/// byte ranges of each, within `text`, the first 8 at most.
pub(crate) fn credential_words(text: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    sign_in_words(text, |at| {
        found.push(at);
        found.len() < 8
    });
    found
}

/// [`credential_words`] of `text` but the words of `except` (any case):
/// what a rule that knows honest pages using some of them counts.
pub(crate) fn credential_words_except(text: &[u8], except: &[&str]) -> Vec<(usize, usize)> {
    let mut found = credential_words(text);
    found.retain(|&(s, e)| {
        let word = text.get(s..e).unwrap_or_default();
        !is_one_of(except, word)
    });
    found
}

/// Whether `text` holds a sign-in word ([`credential_words`]), found
/// without collecting them.
pub(crate) fn has_credential_word(text: &[u8]) -> bool {
    if !may_hold_credential_word(text) {
        return false;
    }
    let mut any = false;
    sign_in_words(text, |_| {
        any = true;
        false
    });
    any
}

/// Three letters in a row each sign-in word holds ([`CREDENTIAL_WORDS`],
/// [`GLUED_WORDS`], the first word of [`SPLIT_WORDS`]' pairs), each
/// chosen rare in the names of ordinary pages (a test holds every word to
/// one): 2% of kasztp's page files pass.
const SIGN_IN_TRIGRAMS: [&[u8; 3]; 31] = [
    b"2fa", b"bil", b"bsc", b"cco", b"cov", b"ebm", b"ecu", b"gni", b"gno", b"ida", b"ify", b"irm",
    b"let", b"log", b"mfa", b"nki", b"oau", b"ogi", b"ogo", b"otp", b"owa", b"rif", b"riz", b"sig",
    b"sso", b"ssw", b"swd", b"tia", b"unl", b"upd", b"uth",
];

/// The bit of three bytes, either case (digits and other bytes share bits
/// with letters, which only lets more through).
pub(crate) const fn trigram_bit(a: u8, b: u8, c: u8) -> usize {
    ((a & 31) as usize) << 10 | ((b & 31) as usize) << 5 | (c & 31) as usize
}

/// [`SIGN_IN_TRIGRAMS`] as a set of 32,768 bits.
#[allow(clippy::indexing_slicing)]
const SIGN_IN_TRIGRAM_BITS: [u64; 512] = {
    let mut bits = [0u64; 512];
    let mut i = 0;
    while i < SIGN_IN_TRIGRAMS.len() {
        let [a, b, c] = *SIGN_IN_TRIGRAMS[i];
        let k = trigram_bit(a, b, c);
        bits[k / 64] |= 1 << (k % 64);
        i += 1;
    }
    bits
};

/// Whether `text` may hold a sign-in word: it holds one of
/// [`SIGN_IN_TRIGRAMS`]. One load a byte and no branch, for the fast
/// path's look at the names of page files (most hold none).
fn may_hold_credential_word(text: &[u8]) -> bool {
    // The last three bytes' bit, rolled on: the same as `trigram_bit` of
    // them (the zeros before the text included), in fewer steps a byte.
    let mut k = 0usize;
    let mut seen = 0u64;
    for &c in text {
        k = (k << 5 | usize::from(c & 31)) & 0x7FFF;
        let word = SIGN_IN_TRIGRAM_BITS.get(k >> 6).copied().unwrap_or(0);
        seen |= word >> (k % 64);
    }
    // Bit 0 of each shifted word is its trigram's; the first two bytes
    // made trigrams with the zeros before them, which only lets more
    // through (and no listed trigram starts so: a test holds this).
    seen & 1 != 0
}

/// The sign-in words of `text` in order, each given to `each` (which says
/// whether to go on): one pass, most tokens turned away by a filter.
#[inline]
fn sign_in_words(text: &[u8], mut each: impl FnMut((usize, usize)) -> bool) {
    let mut previous: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < text.len() {
        if !text.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            i += crate::percent::separator_len(text, i);
            continue;
        }
        let start = i;
        i += text
            .get(i..)
            .unwrap_or_default()
            .iter()
            .position(|b| !b.is_ascii_alphanumeric())
            .unwrap_or(text.len() - i);
        let token = text.get(start..i).unwrap_or_default();
        let is = |w: &&str| w.as_bytes().eq_ignore_ascii_case(token);
        // A pair's second word is two letters long.
        let pair = token.len() == 2
            && previous.is_some_and(|(ps, pe)| {
                let first = text.get(ps..pe).unwrap_or_default();
                pe + 1 == start
                    && SPLIT_WORDS.iter().any(|(a, b)| {
                        a.as_bytes().eq_ignore_ascii_case(first)
                            && b.as_bytes().eq_ignore_ascii_case(token)
                    })
            });
        let found = if pair {
            previous.map(|(ps, _)| (ps, i))
        } else if CREDENTIAL_FILTER.may_hold(token) && CREDENTIAL_WORDS.iter().any(is) {
            Some((start, i))
        } else if token.len() > 5 {
            // A glued word on its own bytes (`logon` of `onedrivelogon`),
            // a number written around the letters aside
            // (`paypallogin2019`).
            let (from, to) = within_digits(token);
            token
                .get(from..to)
                .and_then(glued_word)
                .map(|(s, e)| (start + from + s, start + from + e))
        } else {
            None
        };
        if found.is_some_and(|at| !each(at)) {
            return;
        }
        previous = Some((start, i));
    }
}

/// Where `text` holds a brand's name ([`BRAND_WORDS`], from the brand
/// table: its one-word tokens and common words) standing
/// alone or beside one other word in its piece (a path segment, a file
/// name, a host label, a query key or value: `office365.html`,
/// `sign-chase`, `paypal-help`), as byte ranges within it, the first 8 at
/// most. In longer prose (a blog post's `using-gmail-with-mutt`) a brand
/// is a topic, not a disguise.
pub(crate) fn brand_words(text: &[u8]) -> Vec<(usize, usize)> {
    let ends_piece = |b: u8| matches!(b, b'/' | b'?' | b'&' | b'=' | b'#' | b'.');
    let mut found = Vec::new();
    for (start, piece) in pieces(text, ends_piece) {
        let mut tokens = 0;
        let mut brand = None;
        let mut i = 0;
        while i < piece.len() {
            if !piece.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += crate::percent::separator_len(piece, i);
                continue;
            }
            let from = i;
            while piece.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += 1;
            }
            tokens += 1;
            let token = piece.get(from..i).unwrap_or_default();
            let is_brand = |word: &[u8]| {
                BRAND_FILTER.may_hold(word) && crate::sites::brand_of_word(word).is_some()
            };
            if brand.is_none() && is_brand(token) {
                brand = Some((start + from, start + i));
            } else if brand.is_none() && token.len() > 5 {
                // A brand's token glued to a sign-in word
                // (`onedrivelogon`, `loginpaypal`): the brand's bytes.
                if let Some((s, e)) = glued_word(token) {
                    let (b, e2) = if s == 0 { (e, token.len()) } else { (0, s) };
                    let rest = token.get(b..e2).unwrap_or_default();
                    if crate::sites::brand_token(rest).is_some() {
                        brand = Some((start + from + b, start + from + e2));
                    }
                }
            }
        }
        if let Some(at) = brand.filter(|_| tokens <= 2) {
            found.push(at);
            if found.len() == 8 {
                break;
            }
        }
    }
    found
}

/// The words a phishing kit names its sign-in with as a whole folder or
/// route (`/onedrive/file/login`) or a whole query key or value
/// (`?ID=login`): a sign-in alone, none of a shop's words (a merchant's
/// `/paypal/verify`) nor a framework's (`/auth/google`, `/sso`).
const KIT_WORDS: &[&str] = &[
    "login", "logon", "signin", "signon", "sign-in", "sign_in", "log-in", "log_in", "password",
    "passwd", "webscr", "unlock", "recover", "recovery",
];

/// Whether `part`, whole, is one of [`KIT_WORDS`] (any case). Its length
/// and its first and last letters turn most parts away before a
/// comparison, for the fast path's look at every part (a test holds every
/// word to them).
#[inline]
pub(crate) fn is_kit_word(part: &[u8]) -> bool {
    let (Some(first), Some(last)) = (part.first(), part.last()) else {
        return false;
    };
    (5..=8).contains(&part.len())
        && may_end_kit_word(*last)
        && matches!(first | 32, b'l' | b's' | b'p' | b'w' | b'u' | b'r')
        && is_one_of(KIT_WORDS, part)
}

/// Whether a byte may end one of [`KIT_WORDS`] (any case).
#[inline]
pub(crate) fn may_end_kit_word(b: u8) -> bool {
    matches!(b | 32, b'n' | b'd' | b'r' | b'k' | b'y')
}

/// The extensions of a page a server builds or serves as a document.
const PAGE_EXTENSIONS: [&str; 10] = [
    "php", "php5", "htm", "html", "shtml", "xhtml", "asp", "aspx", "jsp", "cgi",
];

/// An extension of three to five bytes, in lowercase, packed in a number.
// Indexing within the loop bounds: `get` is not const.
#[allow(clippy::indexing_slicing)]
const fn page_key(extension: &[u8]) -> u64 {
    let mut key = 0u64;
    let mut i = 0;
    while i < extension.len() {
        key = key << 8 | extension[i].to_ascii_lowercase() as u64;
        i += 1;
    }
    key
}

/// [`PAGE_EXTENSIONS`], packed: one comparison each.
#[allow(clippy::indexing_slicing)]
const PAGE_KEYS: [u64; 10] = {
    let mut keys = [0u64; 10];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = page_key(PAGE_EXTENSIONS[i].as_bytes());
        i += 1;
    }
    keys
};

/// Where the dot before the extension of a page file is in `name`, a
/// path's last segment, when it names a page a server builds or serves as
/// a document (`SignIn.php`, `login.htm`, `verify.aspx`): what a phishing
/// kit's sign-in page is, and a web application's route (the
/// `/auth/google/callback` of a social sign-in) is not.
pub(crate) fn page_dot(name: &[u8]) -> Option<usize> {
    // An extension is at most five bytes: a look at the last six.
    let tail = name.len().saturating_sub(6);
    let dot = tail + name.get(tail..)?.iter().rposition(|&b| b == b'.')?;
    (dot > 0 && is_page_extension(name.get(dot + 1..)?)).then_some(dot)
}

/// Whether `extension` (what follows a file name's last dot) is a page's
/// ([`PAGE_EXTENSIONS`], any case).
#[inline]
pub(crate) fn is_page_extension(extension: &[u8]) -> bool {
    (3..=5).contains(&extension.len()) && PAGE_KEYS.contains(&page_key(extension))
}

/// A sign-in page at the end of a path (its first '/' aside, up to its
/// query): a page file ([`page_dot`]) whose name has a sign-in word
/// (`/linkedin/SignIn.php`), or an index page (`index`, `default`, `home`)
/// whose folder's name has one (`/verify/index.php`). Where that folder
/// starts (the bytes from there are the words' text) and where the page
/// file starts.
pub(crate) struct SignInPage {
    pub(crate) folder: usize,
    pub(crate) file: usize,
}

/// Where the page file a path ends in starts (`index.html` of
/// `/a/index.html`) and where the dot before its extension is: a last
/// segment with a page's extension ([`page_dot`]).
pub(crate) fn page_file(path: &[u8]) -> Option<(usize, usize)> {
    let file = path.iter().rposition(|&b| b == b'/').map_or(0, |s| s + 1);
    page_dot(path.get(file..)?).map(|dot| (file, file + dot))
}

/// The [`SignInPage`] `path` ends in, if any.
pub(crate) fn sign_in_page(path: &[u8]) -> Option<SignInPage> {
    let (file, dot) = page_file(path)?;
    sign_in_page_at(path, file, dot)
}

/// [`sign_in_page`] of a path whose last segment, a page file, starts at
/// `file` and has its extension's dot at `dot` (the fast path saw both go
/// by). Most page files' names are words of no sign-in, read once; an
/// index page's folder is read too.
#[inline]
pub(crate) fn sign_in_page_at(path: &[u8], file: usize, dot: usize) -> Option<SignInPage> {
    // The extension is no sign-in word.
    let stem = path.get(file..dot)?;
    if has_credential_word(stem) {
        return Some(SignInPage { folder: file, file });
    }
    if !is_index_stem(stem) {
        return None;
    }
    let folder = file
        .checked_sub(1)
        .and_then(|s| path.get(..s)?.iter().rposition(|&b| b == b'/'))
        .map_or(0, |s| s + 1);
    has_credential_word(path.get(folder..file)?).then_some(SignInPage { folder, file })
}

/// The names of a folder's index page, which say nothing of what it is.
const INDEX_PAGES: &[&str] = &["index", "default", "home", "main"];

/// Whether a page file's name, its extension aside, is an index page's
/// ([`INDEX_PAGES`], any case).
pub(crate) fn is_index_stem(stem: &[u8]) -> bool {
    (4..=7).contains(&stem.len()) && is_one_of(INDEX_PAGES, stem)
}

/// Whether `text` is one of `words`, in any case: a folder, a page's name
/// or a word read against one of the rules' lists.
pub(crate) fn is_one_of(words: &[&str], text: &[u8]) -> bool {
    words
        .iter()
        .any(|w| w.as_bytes().eq_ignore_ascii_case(text))
}

/// The pieces of `text` between the bytes `ends` accepts, each with where
/// it starts.
pub(crate) fn pieces(
    text: &[u8],
    ends: impl Fn(u8) -> bool,
) -> impl Iterator<Item = (usize, &[u8])> {
    let mut start = 0;
    text.split(move |&b| ends(b)).map(move |piece| {
        let at = start;
        start += piece.len() + 1;
        (at, piece)
    })
}

/// The sign-in words and brands' names of `text`, in order: what makes a
/// page on shared hosting a likely imitation.
pub(crate) fn lure_words(text: &[u8]) -> Vec<(usize, usize)> {
    let mut found = credential_words(text);
    found.extend(brand_words(text));
    found.sort_unstable();
    found
}

/// Whether `text` holds a sign-in word or a brand's name anywhere: the
/// fast path's test on the few URLs on a listed shared service.
pub(crate) fn has_lure_word(text: &[u8]) -> bool {
    // The sign-in words behind their trigram gate, collected into nothing.
    has_credential_word(text) || !brand_words(text).is_empty()
}

/// [`lure_words`] of the account's labels of a shared host (the name
/// ahead of the service's domain), where a brand's token (`amazon`,
/// `coinbase`, `paypal`: the distinctive ones, not the common words) also
/// counts as a whole word between anything but letters however many
/// words stand beside it, as `brand-in-host` reads the labels ahead of a
/// registrable domain: a deploy named `amazon-clone-peach-eta` on
/// `vercel.app`, or a site `2018microsoft0utlook` on a site builder,
/// shows its brand as plainly as `amazon-clone` does. A path's long slug
/// (`/using-gmail-with-mutt`) still names a topic, not a disguise. A
/// token misspelt by one edit or written with look-alike letters counts
/// too (`cdn-coinbse-com`, [`crate::sites::brand_lookalike_word`]), and
/// so does a token of six letters or more glued to any other letters
/// (`openseafreenft`, [`crate::sites::tokens_inside`]), unless an
/// ordinary word holds it there (`revolution`) or the brand runs the
/// service (`googleblog` on Google's `blogspot.com`). `service` is the
/// service's domain, after the labels.
pub(crate) fn account_lure_words(labels: &[u8], service: &[u8]) -> Vec<(usize, usize)> {
    let mut found = lure_words(labels);
    let lookalike = crate::sites::brand_lookalike_word(labels).map(|(at, _)| at);
    let inside = crate::sites::tokens_inside(labels, service).map(|(_, at)| at);
    let misspelt = misspelt_credential_word(labels).map(|m| m.at);
    for token in brand_tokens(labels)
        .chain(lookalike)
        .chain(inside)
        .chain(misspelt)
    {
        if !found.contains(&token) {
            found.push(token);
        }
    }
    found.sort_unstable();
    found.truncate(8);
    found
}

/// Whether the account's labels of a shared host hold a lure
/// ([`account_lure_words`]): the fast path's test.
pub(crate) fn account_has_lure_word(labels: &[u8], service: &[u8]) -> bool {
    has_lure_word(labels)
        || brand_tokens(labels).next().is_some()
        || misspelt_credential_word(labels).is_some()
        || crate::sites::brand_lookalike_word(labels).is_some()
        || crate::sites::tokens_inside(labels, service)
            .next()
            .is_some()
}

/// The sign-in words a shared host's account may misspell and still be
/// read as (`verfy-acct`, `blockchain-logiin`, `verificati0n`): those of
/// [`CREDENTIAL_WORDS`] long enough that one slip leaves them
/// recognisable (five letters or more), but for the one a slip away from
/// an ordinary word of the kind (`banking`, one letter from `baking`).
fn misspelt_words() -> impl Iterator<Item = &'static str> {
    CREDENTIAL_WORDS
        .iter()
        .copied()
        .filter(|w| w.len() >= 5 && w.bytes().all(|b| b.is_ascii_lowercase()) && *w != "banking")
}

/// A sign-in word misspelt in a shared host's account.
pub(crate) struct Misspelt {
    /// The misspelt word's byte range.
    pub(crate) at: (usize, usize),
    /// The word it stands for.
    pub(crate) word: &'static str,
    /// How it is misspelt (`'i' left out`).
    pub(crate) edit: String,
}

/// A sign-in word of [`misspelt_words`] misspelt as a whole word of
/// `text` (a run of letters and digits, the digits around it aside) by
/// the slips phishing names make so that a filter of the words passes
/// them, each leaving the word plain to a reader: a digit for the letter
/// it looks like (`verificati0n`), a letter doubled (`logiin`), one
/// left out inside a word of six letters or more (`verfy`), or two side
/// by side swapped (`singin`). Other letters replaced make other words
/// (`logic`, `filling`), and are not read.
pub(crate) fn misspelt_credential_word(text: &[u8]) -> Option<Misspelt> {
    pieces(text, |b| !b.is_ascii_alphanumeric()).find_map(|(start, piece)| {
        let (from, to) = within_digits(piece);
        let word = piece.get(from..to)?;
        if !(5..=16).contains(&word.len()) {
            return None;
        }
        let lower = String::from_utf8_lossy(word).to_ascii_lowercase();
        misspelt_words().find_map(|meant| {
            let (family, edit, (s, _)) = crate::sites::one_edit(&lower, meant)?;
            let slip = match family {
                "homoglyph" => word.get(s).is_some_and(u8::is_ascii_digit),
                "repetition" | "transposition" => true,
                // Inside the word: its first and last letters kept.
                "omission" => {
                    meant.len() >= 6
                        && lower.bytes().next() == meant.bytes().next()
                        && lower.bytes().last() == meant.bytes().last()
                }
                _ => false,
            };
            slip.then(|| Misspelt {
                at: (start + from, start + to),
                word: meant,
                edit,
            })
        })
    })
}

/// The byte ranges of [`crate::sites::brand_tokens`] in `text`.
fn brand_tokens(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    crate::sites::brand_tokens(text).map(|(_, at)| at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kit_word_passes_its_filter() {
        for w in KIT_WORDS {
            assert!(is_kit_word(w.as_bytes()), "{w}");
            assert!(is_kit_word(w.to_uppercase().as_bytes()), "{w}");
        }
        for part in ["logins", "login.php", "blog", "search", "static", ""] {
            assert!(!is_kit_word(part.as_bytes()), "{part}");
        }
    }

    #[test]
    fn every_word_is_found_through_its_filter() {
        for w in CREDENTIAL_WORDS {
            assert_eq!(credential_words(w.as_bytes()).len(), 1, "{w}");
            assert_eq!(
                credential_words(w.to_uppercase().as_bytes()).len(),
                1,
                "{w}"
            );
        }
        for w in BRAND_WORDS {
            assert_eq!(brand_words(w.as_bytes()).len(), 1, "{w}");
            assert_eq!(brand_words(w.to_uppercase().as_bytes()).len(), 1, "{w}");
        }
    }

    #[test]
    fn brands_alone_or_beside_one_word() {
        fn at(t: &str) -> Vec<&str> {
            brand_words(t.as_bytes())
                .into_iter()
                .map(|(s, e)| &t[s..e])
                .collect()
        }
        assert_eq!(at("/bucket/office365.html"), ["office365"]);
        assert_eq!(at("/x/sign-chase/secure/"), ["chase"]);
        assert_eq!(at("paypal-help."), ["paypal"]);
        // Prose, and a brand inside a longer word.
        assert!(at("/2010/11/05/mutt-multiple-gmail-imap-setup/").is_empty());
        assert!(at("/introducing-google-project-real-life.html").is_empty());
        assert!(at("/googleblog/appleseed/").is_empty());
        // A brand's token glued to a sign-in word: the brand's bytes.
        assert_eq!(at("/pdf/onedrivelogon.php"), ["onedrive"]);
        assert_eq!(at("/LoginPayPal.html"), ["PayPal"]);
        // Not a token, or glued to no sign-in word.
        assert!(at("/applelogin.php").is_empty());
        assert!(at("/paypalhelp.php").is_empty());
    }

    #[test]
    fn glued_words_are_found_past_their_ends() {
        // Every glued word, at either end of a longer token, in any case.
        for w in GLUED_WORDS {
            for token in [
                format!("{w}x"),
                format!("x{w}"),
                format!("X{}", w.to_uppercase()),
            ] {
                assert!(glued_word(token.as_bytes()).is_some(), "{token}");
            }
            assert!(glued_word(w.as_bytes()).is_none(), "{w}");
        }
        assert!(glued_word(b"associations").is_none());
        // Each on its own bytes.
        assert_eq!(credential_words(b"/onedrivelogon.php"), [(9, 14)]);
        assert_eq!(credential_words(b"LoginVerify"), [(0, 5)]);
        // A number around the letters does not hide it.
        assert_eq!(credential_words(b"paypallogin2019.com"), [(6, 11)]);
        assert_eq!(credential_words(b"/2fa7signin"), [(5, 11)]);
        assert!(credential_words(b"/2019/12345678/").is_empty());
    }

    #[test]
    fn every_sign_in_word_holds_a_sign_in_trigram() {
        // No listed trigram starts with a slot the loop's zeros fill.
        assert!(SIGN_IN_TRIGRAMS
            .iter()
            .all(|t| t[0] & 31 != 0 && t[1] & 31 != 0));
        let words = CREDENTIAL_WORDS
            .iter()
            .chain(GLUED_WORDS)
            .chain(SPLIT_WORDS.iter().map(|(a, _)| a));
        for w in words {
            for word in [w.to_string(), w.to_uppercase()] {
                assert!(may_hold_credential_word(word.as_bytes()), "{word}");
            }
        }
        for name in [
            "index",
            "default",
            "home",
            "article-12",
            "contact_us",
            "news2019",
        ] {
            assert!(!may_hold_credential_word(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn page_files_by_their_extension() {
        for name in [
            "SignIn.php",
            "login.HTM",
            "a.html",
            "x.aspx",
            "run.cgi",
            "i.php5",
        ] {
            assert!(page_dot(name.as_bytes()).is_some(), "{name}");
        }
        for name in [".php", "php", "login", "a.js", "a.phpx", "a.h", "style.css"] {
            assert!(page_dot(name.as_bytes()).is_none(), "{name}");
        }
        // A sign-in word in the page's name or its folder's.
        assert!(sign_in_page(b"/a/login.php").is_some());
        assert!(sign_in_page(b"/verify/index.php").is_some());
        assert!(sign_in_page(b"login.php").is_some());
        assert!(sign_in_page(b"/login/a/index.php").is_none());
        assert!(sign_in_page(b"/a/login.js").is_none());
    }

    #[test]
    fn sign_in_words_misspelt_by_one_slip() {
        fn at(t: &str) -> Option<(&str, &'static str, String)> {
            misspelt_credential_word(t.as_bytes())
                .map(|m| (t.get(m.at.0..m.at.1).unwrap_or_default(), m.word, m.edit))
        }
        assert_eq!(
            at("pp-nxtonline-verfy-acct"),
            Some(("verfy", "verify", "'i' left out".to_string()))
        );
        assert_eq!(
            at("blockchain-logiin"),
            Some(("logiin", "login", "an extra 'i'".to_string()))
        );
        assert_eq!(
            at("verificati0n"),
            Some((
                "verificati0n",
                "verification",
                "'o' written as '0'".to_string()
            ))
        );
        assert_eq!(at("accountss01").map(|m| m.0), Some("accountss"));
        assert_eq!(at("secrue-portal").map(|m| m.1), Some("secure"));
        // The word itself, its plural, another word one letter away, a
        // letter left out at either end, and words of their own.
        for plain in [
            "login", "updates", "logic", "secur", "pdate", "baking", "filling", "logan", "secured",
            "acct",
        ] {
            assert_eq!(at(plain), None, "{plain}");
        }
    }

    #[test]
    fn credential_words_are_whole_tokens() {
        fn at(t: &str) -> Vec<&str> {
            credential_words(t.as_bytes())
                .into_iter()
                .map(|(s, e)| &t[s..e])
                .collect()
        }
        assert_eq!(at("/ap/signin"), ["signin"]);
        assert_eq!(at("/login.php"), ["login"]);
        assert_eq!(
            at("/x/sign-in/verify_account"),
            ["sign-in", "verify", "account"]
        );
        // A glued word on its own bytes.
        assert_eq!(at("/microsoftlogin.html"), ["login"]);
        assert_eq!(at("/Office365/SignIn.aspx"), ["SignIn"]);
        // Near misses: the words inside others.
        assert!(at("/author/updates/accountability/catalog").is_empty());
        assert!(at("/blog/in/signature").is_empty());
        // An escape's hex digits are no letters of the word after it.
        assert_eq!(at("/paypal%2Flogin.php"), ["login"]);
        assert_eq!(at("/x%20signin%2fverify"), ["signin", "verify"]);
        assert_eq!(
            brand_words(b"/x%2Fpaypal")
                .into_iter()
                .map(|(s, e)| &"/x%2Fpaypal"[s..e])
                .collect::<Vec<_>>(),
            ["paypal"]
        );
    }
}
