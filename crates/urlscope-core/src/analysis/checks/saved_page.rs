//! `brand-in-path`'s case [`Case::BrandSavedPage`](crate::warnings::Case):
//! a page named as a browser saves a brand's page, after its title
//! (`/smop/Absa%20Online%20-%20PROFILE.htm`, `/AT&T%20-%20Login.htm`), on
//! a site the brand does not own. Phishing kits are made by saving the
//! brand's own page ("Save page as" names the file after the page's
//! title, spaces and all), and many keep that name.
//!
//! The title must start with a brand's name (its name as the brand table
//! writes it, a token or one of its words: `Absa`, `AT&T`, `Yahoo!`) and
//! read as a title: more than one word, and a title's separator standing
//! alone (`Absa Online - PROFILE`, `PayPal | Log in`) or a sign-in word
//! (`Chase Online Login`). A file named with one word, or words joined by
//! `_` or `-` (`paypal-button.html`), is no saved title: other checks read
//! those.
//!
//! Spaces in a URL are written `%20` (or stand raw in a log line): the
//! fast path refuses every such path, so this check needs no gate there.

use super::brand_path::BrandPage;
use crate::services::lures::{has_credential_word, page_file};
use crate::split::{Span, Split};
use crate::text::quote_str;

/// The extensions a browser gives a saved page.
const SAVED_EXTENSIONS: &[&str] = &["htm", "html"];

/// Words that stand alone between a page title's parts.
const TITLE_SEPARATORS: &[&[u8]] = &[b"-", b"|", b":", b"\xE2\x80\x93", b"\xE2\x80\x94"];

/// The words of a file name's stem split at spaces (`%20` or raw), each
/// with where it starts in `stem`.
fn title_words(stem: &[u8]) -> Vec<(usize, &[u8])> {
    let mut words = Vec::new();
    let (mut i, mut start) = (0, 0);
    while i < stem.len() {
        let space = if stem.get(i) == Some(&b' ') {
            1
        } else if stem
            .get(i..i + 3)
            .is_some_and(|s| s.eq_ignore_ascii_case(b"%20"))
        {
            3
        } else {
            0
        };
        if space == 0 {
            i += 1;
            continue;
        }
        if i > start {
            words.push((start, stem.get(start..i).unwrap_or_default()));
        }
        i += space;
        start = i;
    }
    if start < stem.len() {
        words.push((start, stem.get(start..).unwrap_or_default()));
    }
    words
}

/// The brand whose name a title starts with, and how many of the title's
/// bytes (from `stem`'s start) name it: the brand's name as the table
/// writes it, spaces as in the title (`Bank%20of%20America`), or a
/// token or word of the brand as the first word, trailing punctuation
/// aside (`Yahoo!`).
fn brand_at_start(stem: &[u8], words: &[(usize, &[u8])]) -> Option<(&'static str, usize)> {
    let &(_, first) = words.first()?;
    let letters = first
        .iter()
        .rposition(u8::is_ascii_alphanumeric)
        .map_or(first, |end| first.get(..=end).unwrap_or_default());
    if let Some(brand) =
        crate::sites::brand_of_word(letters).or_else(|| crate::sites::brand_token(letters))
    {
        return Some((brand, letters.len()));
    }
    // A brand's name of several words, written with the title's spaces.
    // A name of one plain word (`Orange`, `Visa`) is too common here.
    crate::sites::BRAND_NAMES.iter().find_map(|&name| {
        if name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        let mut at = 0;
        for (k, word) in name.split(' ').enumerate() {
            let &(start, written) = words.get(k)?;
            if !written.eq_ignore_ascii_case(word.as_bytes()) {
                return None;
            }
            at = start + written.len();
        }
        (stem.len() > at).then_some((name, at))
    })
}

/// A page named after a brand's page title ([`title_words`],
/// [`brand_at_start`]) at the path's end, on a site (`own`, its host's
/// brand `own_brand`) the brand does not own.
pub(super) fn saved_page(
    input: &[u8],
    parts: &Split,
    own: &str,
    own_brand: Option<&str>,
) -> Option<BrandPage> {
    let path = parts.path.of(input);
    let (file_at, dot) = page_file(path)?;
    let extension = path.get(dot + 1..)?;
    if !SAVED_EXTENSIONS
        .iter()
        .any(|e| extension.eq_ignore_ascii_case(e.as_bytes()))
    {
        return None;
    }
    let file = path.get(file_at..)?;
    let stem = path.get(file_at..dot)?;
    let words = title_words(stem);
    if words.len() < 2 {
        return None;
    }
    let (brand, name_len) = brand_at_start(stem, &words)?;
    if Some(brand) == own_brand {
        return None;
    }
    let titled = words
        .iter()
        .skip(1)
        .any(|(_, w)| TITLE_SEPARATORS.contains(w))
        || has_credential_word(stem);
    if !titled {
        return None;
    }
    let first = words.first().map_or(0, |&(s, _)| s);
    let start = parts.path.start + file_at;
    let name = Span::new(start + first, start + first + name_len);
    let title: Vec<String> = words
        .iter()
        .map(|(_, w)| String::from_utf8_lossy(w).into_owned())
        .collect();
    Some(BrandPage {
        name,
        spans: vec![Span::new(start, parts.path.end)],
        message: format!(
            "The page '{}' is named as a browser saves a page titled '{}', {brand}'s name first, but the site is '{}': phishing kits are made by saving the brand's own page, and keep its title as the file's name.",
            quote_str(&String::from_utf8_lossy(file)),
            quote_str(&title.join(" ")),
            quote_str(own),
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::warnings::{Severity, WarningCode};

    fn found(url: &str) -> Vec<(Severity, Vec<String>)> {
        super::super::test_support::found(url, WarningCode::BrandInPath)
    }

    #[test]
    fn a_page_saved_under_a_brands_title() {
        use Severity::Medium;
        assert_eq!(
            found("http://boba-sdh.example/smop/Absa%20Online%20-%20PROFILE.htm"),
            [(Medium, vec!["Absa%20Online%20-%20PROFILE.htm".into()])]
        );
        assert_eq!(
            found("http://x.example/at/ATT/AT&T%20-%20Login.htm"),
            [(Medium, vec!["AT&T%20-%20Login.htm".into()])]
        );
        assert_eq!(
            found("http://x.example/b/Bank%20of%20America%20|%20Online%20Banking.html"),
            [(
                Medium,
                vec!["Bank%20of%20America%20|%20Online%20Banking.html".into()]
            )]
        );
        assert_eq!(
            found("http://x.example/Chase%20Online%20Login.html")[0].0,
            Medium
        );
    }

    #[test]
    fn near_misses_of_a_saved_title() {
        // One word, or words joined otherwise than by spaces.
        assert!(found("http://x.example/pages/paypal-button.html").is_empty());
        assert!(found("http://x.example/Absa.htm").is_empty());
        // No title's separator and no sign-in word: a topic.
        assert!(found("http://x.example/blog/PayPal%20fees%20explained.html").is_empty());
        // The brand is not first.
        assert!(found("http://x.example/How%20to%20use%20PayPal%20-%20Guide.html").is_empty());
        // Not a saved page's extension.
        assert!(found("http://x.example/Absa%20Online%20-%20PROFILE.pdf").is_empty());
        // The brand's own site.
        assert!(found("https://www.absa.co.za/Absa%20Online%20-%20Help.html").is_empty());
        // "Bank of" is no brand's whole name.
        assert!(found("http://x.example/Bank%20of%20Nowhere%20-%20Login.html").is_empty());
    }
}
