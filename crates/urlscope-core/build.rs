//! Compiles the famous-sites tables (`data/known-sites.txt`,
//! `data/brands.txt`) and WordPress's folders
//! (`data/wordpress-folders.txt`) into sorted static arrays: see
//! `data/README.md`, `src/sites/mod.rs` and
//! `src/analysis/checks/planted.rs`.

use std::fmt::Write as _;
use std::path::Path;

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn main() {
    println!("cargo::rerun-if-changed=data/known-sites.txt");
    println!("cargo::rerun-if-changed=data/brands.txt");
    let sites = std::fs::read_to_string("data/known-sites.txt").expect("data/known-sites.txt");
    let brands = std::fs::read_to_string("data/brands.txt").expect("data/brands.txt");
    let mut out = String::new();

    // Known sites: (domain, rank from 1), sorted by domain.
    let mut known: Vec<(String, usize)> = lines(&sites)
        .enumerate()
        .map(|(i, d)| (d.to_ascii_lowercase(), i + 1))
        .collect();
    known.sort();
    known.dedup_by(|a, b| a.0 == b.0);
    writeln!(
        out,
        "/// The known sites: (registrable domain, rank), sorted by domain."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static KNOWN_SITES: [(&str, u16); {}] = [",
        known.len()
    )
    .unwrap();
    for (d, r) in &known {
        writeln!(out, "    ({d:?}, {r}),").unwrap();
    }
    writeln!(out, "];").unwrap();

    // Brands: names, then (domain, brand) and (token, brand) sorted.
    let mut names = Vec::new();
    // The brand that owns each brand, when another does.
    let mut owners: Vec<Option<String>> = Vec::new();
    // Whether each brand's names have ordinary names one edit away
    // (`Klarna ~`): only look-alike letters imitate them.
    let mut ordinary: Vec<bool> = Vec::new();
    // Each brand's first domain, its home (`microsoft.com`).
    let mut homes = Vec::new();
    let mut domains: Vec<(String, usize)> = Vec::new();
    let mut tokens: Vec<(String, usize)> = Vec::new();
    // A brand's family of member institutions' domains, `sparkasse-*.de`:
    // (what comes before `*`, what after, brand).
    let mut families: Vec<(String, usize)> = Vec::new();
    // A brand's own top-level domains, `.google`: (the label, brand).
    let mut tlds: Vec<(String, usize)> = Vec::new();
    // The words that name a brand in a short piece of a path or a shared
    // host: its one-word tokens and its common words.
    let mut words: Vec<(String, usize)> = Vec::new();
    for (i, line) in lines(&brands).enumerate() {
        let mut fields = line.split('|').map(str::trim);
        let (Some(name), Some(ds), Some(ts)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("data/brands.txt: '{line}' is not 'name | domains | tokens [| words]'");
        };
        // `Klarna ~`: a brand whose names have ordinary neighbours.
        let (name, near_words) = match name.strip_suffix('~') {
            Some(name) => (name.trim(), true),
            None => (name, false),
        };
        ordinary.push(near_words);
        // `Instagram < Meta`: a brand another brand owns.
        let (name, owner) = match name.split_once('<') {
            Some((name, owner)) => (name.trim(), Some(owner.trim().to_string())),
            None => (name, None),
        };
        names.push(name.to_string());
        owners.push(owner);
        homes.push(
            ds.split_whitespace()
                .next()
                .unwrap_or_else(|| panic!("data/brands.txt: '{line}' lists no domain"))
                .to_ascii_lowercase(),
        );
        for d in ds.split_whitespace().map(str::to_ascii_lowercase) {
            if let Some(tld) = d.strip_prefix('.') {
                // `.google`: a top-level domain only the brand registers in.
                assert!(
                    !tld.is_empty() && tld.bytes().all(|b| b.is_ascii_lowercase()),
                    "data/brands.txt: the top-level domain '{d}' is not like '.google'"
                );
                tlds.push((tld.to_string(), i));
            } else if d.contains('*') {
                // `*` stands for one label's letters: the pattern's last
                // piece holds the suffix, and two `*` never meet.
                let last = d.rsplit('*').next().unwrap_or_default();
                assert!(
                    last.contains('.') && !d.contains("**") && d.matches('*').count() <= 2,
                    "data/brands.txt: the family '{d}' is not like 'name-*.suffix' or '*-name-*.suffix'"
                );
                families.push((d, i));
            } else {
                domains.push((d, i));
            }
        }
        tokens.extend(ts.split_whitespace().map(|t| (t.to_ascii_lowercase(), i)));
        let common = fields.next().unwrap_or_default().split_whitespace();
        words.extend(
            ts.split_whitespace()
                .filter(|t| t.bytes().all(|b| b.is_ascii_alphanumeric()))
                .chain(common)
                .map(|w| (w.to_ascii_lowercase(), i)),
        );
        assert!(
            fields.next().is_none(),
            "data/brands.txt: '{line}' has a fifth field"
        );
    }
    words.sort();
    for w in words.windows(2) {
        assert!(
            w[0].0 != w[1].0 || w[0].1 == w[1].1,
            "data/brands.txt: the word {} names two brands",
            w[0].0
        );
    }
    words.dedup();
    let (words, word_brands): (Vec<String>, Vec<usize>) = words.into_iter().unzip();
    domains.sort();
    tokens.sort();
    tlds.sort();
    for w in tlds.windows(2) {
        assert!(
            w[0].0 != w[1].0,
            "data/brands.txt: .{} listed twice",
            w[0].0
        );
    }
    for w in domains.windows(2) {
        assert!(w[0].0 != w[1].0, "data/brands.txt: {} listed twice", w[0].0);
    }
    writeln!(out, "/// The brands' names.").unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_NAMES: [&str; {}] = {names:?};",
        names.len()
    )
    .unwrap();
    let owner_index: Vec<usize> = owners
        .iter()
        .enumerate()
        .map(|(i, owner)| match owner {
            None => i,
            Some(o) => names
                .iter()
                .position(|n| n == o)
                .unwrap_or_else(|| panic!("data/brands.txt: no brand {o} owns {}", names[i])),
        })
        .collect();
    writeln!(
        out,
        "/// The brand that owns each brand (itself when none other does)."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_OWNERS: [u8; {}] = {owner_index:?};",
        owner_index.len()
    )
    .unwrap();
    writeln!(
        out,
        "/// Whether each brand's names have ordinary names one edit away."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_NEAR_WORDS: [bool; {}] = {ordinary:?};",
        ordinary.len()
    )
    .unwrap();
    writeln!(out, "/// Each brand's home: the first domain it lists.").unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_HOMES: [&str; {}] = {homes:?};",
        homes.len()
    )
    .unwrap();
    writeln!(out, "/// (registrable domain, brand), sorted by domain.").unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_DOMAINS: [(&str, u8); {}] = [",
        domains.len()
    )
    .unwrap();
    for (d, b) in &domains {
        writeln!(out, "    ({d:?}, {b}),").unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(
        out,
        "/// A brand's families of member institutions' domains: (pattern, brand); `*` stands for one label's letters."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_FAMILIES: [(&str, u8); {}] = {families:?};",
        families.len()
    )
    .unwrap();
    writeln!(
        out,
        "/// A brand's own top-level domains (a closed registry's): (label, brand), sorted."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_TLDS: [(&str, u8); {}] = {tlds:?};",
        tlds.len()
    )
    .unwrap();
    writeln!(out, "/// (token, brand), sorted by token.").unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_TOKENS: [(&str, u8); {}] = [",
        tokens.len()
    )
    .unwrap();
    for (t, b) in &tokens {
        writeln!(out, "    ({t:?}, {b}),").unwrap();
    }
    writeln!(out, "];").unwrap();

    writeln!(
        out,
        "/// The words that name a brand in a short piece of a path or a shared host, sorted."
    )
    .unwrap();
    writeln!(out, "pub(crate) const BRAND_WORDS: &[&str] = &{words:?};").unwrap();
    writeln!(out, "/// The brand each of `BRAND_WORDS` names.").unwrap();
    writeln!(
        out,
        "pub(crate) static BRAND_WORD_BRANDS: [u8; {}] = {word_brands:?};",
        word_brands.len()
    )
    .unwrap();

    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("sites.rs");
    std::fs::write(dest, out).expect("write sites.rs");
    wordpress_folders();
}

/// The folders WordPress ships under `wp-includes` and `wp-admin`
/// (`data/wordpress-folders.txt`), lowercase and sorted, for
/// `planted-folder`.
fn wordpress_folders() {
    println!("cargo::rerun-if-changed=data/wordpress-folders.txt");
    let text =
        std::fs::read_to_string("data/wordpress-folders.txt").expect("data/wordpress-folders.txt");
    let mut folders = Vec::new();
    let mut open = Vec::new();
    for line in lines(&text) {
        let line = line.to_ascii_lowercase();
        match line.strip_suffix("/*") {
            Some(folder) => open.push(folder.to_string()),
            None => folders.push(line.trim_end_matches('/').to_string()),
        }
    }
    folders.extend(open.iter().cloned());
    for list in [&mut folders, &mut open] {
        list.sort();
        list.dedup();
    }
    let out = format!(
        "/// The folders WordPress ships under `wp-includes` and `wp-admin`, lowercase, sorted.\n\
         pub(crate) static WORDPRESS_FOLDERS: [&str; {}] = {folders:?};\n\
         /// Those of them whose sub-folders are not judged, sorted.\n\
         pub(crate) static WORDPRESS_OPEN: [&str; {}] = {open:?};\n",
        folders.len(),
        open.len()
    );
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("wordpress.rs");
    std::fs::write(dest, out).expect("write wordpress.rs");
}
