//! `refang(defang(url))` is `url`: defanging loses nothing, for every URL
//! of the vendored corpora (the kasztp crawl, the reported phishing URLs
//! and the brands' sign-in pages, the suspicious set), each also carried
//! in another URL's query, and for random URLs built from the pieces
//! defanging looks at. A URL that is itself written defanged, even in
//! part (`https://x.example/a[.]b`), is read as defanged and left out.

use urlscope_core::defang::{defang, refang};

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
/// A URL that itself holds a spelling `refang` reads (`hxxp://`, a
/// path's `a[.]b`) is written defanged already, and is read so: it is
/// left out.
fn losses(urls: impl Iterator<Item = String>) -> Vec<(String, String, String)> {
    urls.filter(|url| refang(url.as_bytes()).changes.is_empty())
        .filter_map(|url| {
            let defanged = defang(&url);
            let back = String::from_utf8_lossy(&refang(defanged.as_bytes()).url).into_owned();
            (back != url).then_some((url, defanged, back))
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

proptest::proptest! {
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
}
