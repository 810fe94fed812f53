//! `refang(defang(url))` is `url` as a browser reads it (a tab or newline
//! dropped, controls and spaces at its ends trimmed): defanging loses
//! nothing a browser reads, for every URL
//! of the vendored corpora (the kasztp crawl, the reported phishing URLs
//! and the brands' sign-in pages, the suspicious set), each also carried
//! in another URL's query, and for random URLs built from the pieces
//! defanging looks at, each spelling refang reads among them. A URL that
//! [reads defanged](urlscope_core::defang::reads_defanged)
//! (`hxxps://x[.]example/`) is written defanged already, and is left out;
//! one that holds a spelling only in its path, query or fragment
//! (`https://x.example/a[.]b`) is not. Where its own text would read
//! defanged, defang percent-encodes a bracket, a space or a letter of it
//! (`a%5B.%5Db`): refang gives the URL back with those bytes escaped.

use urlscope_core::defang::{as_a_browser_reads, defang, reads_defanged, refang, same_but_escaped};

/// The URLs of the vendored corpora, as text.
fn corpus_urls() -> Vec<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut urls = Vec::new();
    for file in [
        "corpus/kasztp.txt",
        "phishing/dev.txt",
        "phishing/signin.txt",
    ] {
        let bytes = std::fs::read(format!("{root}/{file}")).expect("corpus");
        urls.extend(
            String::from_utf8_lossy(&bytes)
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string),
        );
    }
    let bytes = std::fs::read(format!("{root}/suspicious/dev.tsv")).expect("corpus");
    urls.extend(
        String::from_utf8_lossy(&bytes)
            .lines()
            .skip(1)
            .filter_map(|l| l.split('\t').nth(1))
            .map(str::to_string),
    );
    urls
}

/// The URLs `refang(defang(url))` does not give back, with what it gave.
/// A URL that reads defanged is written defanged already, and is read
/// so: it is left out.
fn losses(urls: impl Iterator<Item = String>) -> Vec<(String, String, String)> {
    urls.filter(|url| !reads_defanged(url.as_bytes()))
        .filter_map(|url| {
            let defanged = defang(&url);
            let back = refang(defanged.as_bytes()).url;
            // What a browser drops (a tab, controls at the ends) defang
            // drops too: the URL given back is the one a browser reads.
            let read = as_a_browser_reads(url.as_bytes());
            (!same_but_escaped(&read, &back)).then(|| {
                let back = String::from_utf8_lossy(&back).into_owned();
                (url, defanged, back)
            })
        })
        .collect()
}

fn report(losses: &[(String, String, String)]) -> String {
    losses
        .iter()
        .take(20)
        .map(|(url, defanged, back)| format!("\n  {url}\n  → {defanged}\n  → {back}"))
        .collect()
}

#[test]
fn refang_undoes_defang_on_every_corpus_url() {
    let urls = corpus_urls();
    assert!(urls.len() > 49_000, "{}", urls.len());
    let lost = losses(urls.into_iter());
    assert!(lost.is_empty(), "{} lost:{}", lost.len(), report(&lost));
}

#[test]
fn refang_undoes_defang_on_every_corpus_url_carried_in_a_query() {
    let lost = losses(
        corpus_urls()
            .into_iter()
            .map(|u| format!("https://redirect.example/?to={u}")),
    );
    assert!(lost.is_empty(), "{} lost:{}", lost.len(), report(&lost));
}

/// The spellings refang reads (`refang.rs`), as regex alternatives: the
/// bracketed ones, and defanged schemes before each separator it reads.
/// Each is drawn in any case.
const SPELLINGS: &str = "\\[\\.\\]|\\(\\.\\)|\\{\\.\\}|\\[dot\\]|\\(dot\\)|\\{dot\\}\
    |\\[at\\]|\\(at\\)|\\{at\\}|\\[@\\]|\\[:\\]|\\[:\\]//|\\[://\\]|\\[/\\]|\\[//\\]\
    |\\[\u{3002}\\]|\\[\u{FF0E}\\]|\\[\u{FF61}\\]\
    |(hxxps?|hxxxps|fxps?)(://|%3[aA]%2[fF]%2[fF]|%253[aA]%252[fF]%252[fF]|-3A__|\\[:\\]//|\\[://\\]|\\[:\\]|:\\[/\\]\\[/\\]|:\\[//\\])";

/// `s` with each ASCII letter's case chosen by `cases`, a bit each.
fn recased(s: &str, cases: u64) -> String {
    s.chars()
        .enumerate()
        .map(|(i, c)| {
            if cases >> (i % 64) & 1 == 1 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect()
}

proptest::proptest! {
    /// Random URLs holding the spellings refang reads, literally, in the
    /// user information, the path, the query and the fragment, with
    /// spaces beside them or not, and the text around them: each comes
    /// back (a URL whose user information reads defanged is left out).
    #[test]
    fn refang_undoes_defang_on_urls_holding_what_refang_reads(
        scheme in "(http|https|ftp|ws|foo)",
        user in proptest::string::string_regex(&format!("(([a-z]|{SPELLINGS}){{0,3}}@)?")).expect("regex"),
        host in "([a-z0-9-]{1,6}(\\.[a-z0-9-]{1,6}){0,2}|\\[::1\\])",
        path in proptest::string::string_regex(&format!("(/([a-z.]| |{SPELLINGS}){{0,4}}){{0,3}}")).expect("regex"),
        query in proptest::string::string_regex(&format!("(\\?([a-z.=&]| |{SPELLINGS}){{0,5}})?")).expect("regex"),
        fragment in proptest::string::string_regex(&format!("(#([a-z.]| |{SPELLINGS}){{0,3}})?")).expect("regex"),
        cases in proptest::prelude::any::<u64>(),
    ) {
        let rest = recased(&format!("{user}{host}{path}{query}{fragment}"), cases);
        let url = format!("{scheme}://{rest}");
        let lost = losses(std::iter::once(url));
        proptest::prop_assert!(lost.is_empty(), "{}", report(&lost));
    }

    /// Random URLs of the pieces defanging reads: schemes it rewrites and
    /// ones it keeps, user information, hosts, ports, paths with names and
    /// brackets, queries carrying URLs (written out or percent-encoded),
    /// fragments.
    #[test]
    fn refang_undoes_defang_on_random_urls(
        scheme in "(http|https|ftp|ftps|ws|mailto|HTTP|HTTPS|Http|Ftp|hTTpS)",
        user in "([a-zA-Z.:%]{1,6}@)?",
        host in "([a-zA-Z0-9%-]{1,6}(\\.[a-zA-Z0-9%-]{1,6}){0,3}|\\[::1\\]|\\[::ffff:1\\.2\\.3\\.4\\])",
        port in "(:[0-9]{1,5})?",
        path in "([/\\\\][a-zA-Z0-9._~%()\\[\\]{}@:-]{0,8}){0,3}",
        query in "(\\?[a-z]=((https?|HTTPS?|Https)(://|%3A%2F%2F))?[a-z0-9.\\[\\]()]{0,8})?",
        fragment in "(#[a-z.]{0,6})?",
    ) {
        let url = format!("{scheme}://{user}{host}{port}{path}{query}{fragment}");
        let lost = losses(std::iter::once(url));
        proptest::prop_assert!(lost.is_empty(), "{}", report(&lost));
    }

    /// Defanging what defang wrote changes nothing, for random URLs and
    /// text with no scheme, dots defanged in the host or not and each
    /// spelling refang reads in the path and the query:
    /// `evil[.]example/login` stays as it is, not
    /// `evil%5B[.]%5Dexample/login`.
    #[test]
    fn defanging_twice_changes_nothing(
        scheme in "(https://|http:|hxxps://|//|)",
        host in "([a-z0-9-]|\\.|\\[\\.\\]|\\(\\.\\)|\\[dot\\]){1,8}|\\[::1\\]",
        path in proptest::string::string_regex(&format!("(/([a-z.]|{SPELLINGS}){{0,4}}){{0,2}}")).expect("regex"),
        query in proptest::string::string_regex(&format!("(\\?([a-z.=&]|{SPELLINGS}){{0,4}})?")).expect("regex"),
    ) {
        let url = format!("{scheme}{host}{path}{query}");
        let once = defang(&url);
        proptest::prop_assert_eq!(defang(&once), once, "{}", url);
    }
}
