use super::edits::imitation;
use super::fast::may_imitate;
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
        // A '1' read as an 'i' among other look-alikes, and alone.
        (
            "m1cros0ft.com",
            "microsoft.com",
            "homoglyph",
            "'i' written as '1' and 'o' written as '0'",
            "1cros0",
        ),
        (
            "m1crosoft.com",
            "microsoft.com",
            "homoglyph",
            "'i' written as '1'",
            "1",
        ),
        // Each '1' read its own way: an 'l' then an 'i', an 'i' then an 'l'.
        (
            "1inked1n.com",
            "linkedin.com",
            "homoglyph",
            "'l' written as '1' and 'i' written as '1'",
            "1inked1",
        ),
        (
            "1c1oud.com",
            "icloud.com",
            "homoglyph",
            "'i' written as '1' and 'l' written as '1'",
            "1c1",
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
        // archive.today's mirrors, one letter from archives.gov.
        "archive.li",
        "archive.md",
    ] {
        assert_eq!(imitates(domain), None, "{domain}");
    }
}

/// A common word one edit from a brand's name names a site for what it
/// says; the rarer neighbours phishers register still imitate, and so
/// does a brand's name under another suffix.
#[test]
fn a_common_word_is_no_misspelling() {
    assert!(COMMON_NEIGHBOURS.windows(2).all(|w| w[0] < w[1]));
    for domain in [
        "looking.com",
        "finance.com",
        "email.com",
        "trust.org",
        "case.net",
    ] {
        assert_eq!(imitates(domain), None, "{domain}");
    }
    for (domain, famous) in [
        ("chace.com", "chase.com"),
        ("appl.com", "apple.com"),
        ("paypal.org", "paypal.com"),
        ("chasse.com", "chase.com"),
    ] {
        let found = imitates(domain).map(|(d, ..)| d);
        assert_eq!(found.as_deref(), Some(famous), "{domain}");
    }
}

/// A brand whose names have ordinary neighbours (`Klarna ~` in the
/// table) is imitated only in look-alike letters, those of two letters
/// read or kept (`k1arna`: klarna's own `rn` is no `m`); an edited letter
/// or another suffix is someone else's name.
#[test]
fn a_brand_with_ordinary_neighbours_is_imitated_only_in_look_alikes() {
    for domain in [
        "klara.com",
        "skill.com",
        "minted.com",
        "cash.com",
        "bank.pl",
        "cosco.com",
        "picgames.com",
        "desjardins.org",
        "correos.cl",
        "klarnas.com",
    ] {
        let brand = imitation(domain, None, 0, false).and_then(|i| i.brand);
        assert_eq!(brand, None, "{domain}");
    }
    for (domain, famous, edit, at) in [
        ("k1arna.com", "klarna.com", "'l' written as '1'", "1"),
        ("c0stco.com", "costco.com", "'o' written as '0'", "0"),
        ("skri11.com", "skrill.com", "'l' written as '1'", "11"),
        ("paytrn.com", "paytm.com", "'m' written as 'rn'", "rn"),
    ] {
        let found = imitates(domain);
        assert_eq!(
            found,
            Some((
                famous.to_string(),
                "homoglyph",
                edit.to_string(),
                at.to_string()
            )),
            "{domain}"
        );
        assert!(
            may_imitate(domain.as_bytes(), crate::warnings::Severity::Medium),
            "{domain}"
        );
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
        ("appleid.apple.com-app.example", "Apple", "apple.com"),
        // A token glued to the words a phishing host is named with.
        ("paypallogin.com", "PayPal", "paypal"),
        (
            "secure.bankofamericasecuredalerts.com",
            "Bank of America",
            "bankofamerica",
        ),
        (
            "www.secure05b-chaseonline-verification.translogbooster.com",
            "Chase",
            "chase",
        ),
        // A token alone or glued, beside a number in the domain's name.
        ("paypal-2019.com", "PayPal", "paypal"),
        ("paypal123.com", "PayPal", "paypal"),
        (
            "steamcommunitycomprofiles76561198881581632.ml",
            "Steam",
            "steamcommunity",
        ),
    ] {
        assert_eq!(shown(host), Some((brand, at.to_string())), "{host}");
    }
    for host in [
        "login.microsoftonline.com",
        "signin.ebay.de",
        "www.amazon.co.jp",
        // A brand's own site under a second-level name the Public Suffix
        // List does not list (its registrable domain is `com.be`).
        "www.amazon.com.be",
        "paypal-community.com",
        "www.paypal.com",
        "pineapple-shop.example",
        "paypal.example",
        "news.example.com",
        // A token inside an ordinary word.
        "outlookindia.com",
        "purchase.example",
        "www.amazonas.example",
        "amazonas2019.example",
        "pineapple-2019.example",
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
        // A '1' for an 'i' among other look-alikes, whole and glued.
        "m1cros0ft.com",
        "m1cros0ft-servercenter.example",
        // Each '1' read its own way.
        "1inked1n.com",
        "11nked1n.com",
        "secure-1inked1n.example",
        // A word misspelt beside a byte that is no letter, hyphen or digit.
        "tabank`.no",
        "rnicrosoft_help.example",
        // A token glued to other words.
        "paypallogin.com",
        "www.mypaypalaccount.example",
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

/// `is_brand_name`, the fast path's test for a brand's domain written in a
/// path, is exact: every brand domain that a name can have for its
/// registrable domain has a name that passes it, in either case.
#[test]
fn every_brand_domain_has_a_brand_name() {
    let mut tried = 0;
    for (d, _) in BRAND_DOMAINS.iter() {
        if crate::names::registrable_domain(d) != Some(*d) {
            continue;
        }
        let name = name_of(d).unwrap_or_else(|| panic!("{d} has no name"));
        assert!(is_brand_name(name.as_bytes()), "{d}");
        assert!(is_brand_name(name.to_ascii_uppercase().as_bytes()), "{d}");
        tried += 1;
    }
    assert!(tried > 100, "{tried}");
    assert!(!is_brand_name(b"index"));
    assert!(!is_brand_name(b""));
}

#[test]
fn brand_of_host_reads_the_last_labels_only() {
    assert_eq!(brand_of_host("www.amazon.com.be"), Some("Amazon"));
    assert_eq!(brand_of_host("A.B.WWW.PayPal.com."), Some("PayPal"));
    assert_eq!(brand_of_host("paypal.com.evil.example"), None);
    // A long host is read in one pass, whatever its labels.
    let long = "a.".repeat(200_000) + "paypal.com";
    assert_eq!(brand_of_host(&long), Some("PayPal"));
    // A brand's own top-level domain: every name under it is the brand's,
    // the top-level name alone no one's.
    assert_eq!(brand_of_host("www.mydhl.express.dhl"), Some("DHL"));
    assert_eq!(brand_of_host("blog.google."), Some("Google"));
    assert_eq!(brand_of_host("google"), None);
    assert_eq!(brand_of_host("dhl.example"), None);
    assert!(super::imitation_of_host("domains.google").is_none());
    // Every name the table lists fits the labels looked up.
    for line in include_str!("../../data/brands.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let domains = line.split('|').nth(1).unwrap_or_default();
        for d in domains.split_whitespace().filter(|d| !d.starts_with('.')) {
            assert!(d.split('.').count() <= BRAND_LABELS, "{d}");
        }
    }
}

/// A letter written as a capital is named as written: a capital i is the
/// 'l' a reader sees in `paypaI.com`; a lowercase letter, a digit, a
/// longer edit or a host written all in capitals keep their words.
#[test]
fn a_capital_is_named_as_written() {
    use super::as_written;
    assert_eq!(
        as_written("'l' written as 'i'", b"I").as_deref(),
        Some("'l' written as 'I' (a capital i)")
    );
    assert_eq!(as_written("'l' written as 'i'", b"i"), None);
    assert_eq!(as_written("'l' written as '1'", b"1"), None);
    assert_eq!(as_written("'m' written as 'rn'", b"RN"), None);
    assert_eq!(as_written("an extra 'l'", b"L"), None);
    let a = crate::analyze(b"https://paypaI.com/signin", &crate::Options::default());
    let i = a.destinations[0].imitates.as_ref().expect("imitates");
    assert_eq!(i.edit, "'l' written as 'I' (a capital i)");
    assert_eq!(i.span, crate::split::Span::new(13, 14));
    // In a label all in capitals the capital is no disguise.
    for url in [
        &b"https://PAYPAI.COM/signin"[..],
        b"https://www.PAYPAI.COM/",
    ] {
        let a = crate::analyze(url, &crate::Options::default());
        let i = a.destinations[0].imitates.as_ref().expect("imitates");
        assert_eq!(i.edit, "'l' written as 'i'");
    }
    // A host only a browser reads is worded as its warning is, and so is
    // one written with its trailing dot.
    for url in [&b"https:/paypaI.com/"[..], b"https://paypaI.com./"] {
        let a = crate::analyze(url, &crate::Options::default());
        let i = a.destinations[0].imitates.as_ref().expect("imitates");
        assert_eq!(i.edit, "'l' written as 'I' (a capital i)");
    }
}

#[test]
fn a_family_s_star_is_one_label_s_letters() {
    for (name, pattern) in [
        ("sparkasse-koelnbonn.de", Some("sparkasse-*.de")),
        ("berliner-sparkasse.de", Some("*-sparkasse.de")),
        (
            "ostsaechsische-sparkasse-dresden.de",
            Some("*-sparkasse-*.de"),
        ),
        ("sparkasse-.de", None),
        ("-sparkasse.de", None),
        ("x.sparkasse-y.de", None),
        ("berliner-sparkasse.com", None),
        ("sparkasse.de", None),
    ] {
        assert_eq!(
            super::family_of(name).map(|(_, p)| p),
            pattern.map(str::to_string),
            "{name}"
        );
    }
}
