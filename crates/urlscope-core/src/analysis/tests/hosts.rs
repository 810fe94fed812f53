use super::{codes, warning};
use crate::analysis::{analyze, Options};
use crate::warnings::{Severity, WarningCode};

#[test]
fn hosts() {
    for (host, ip) in [
        ("2130706433", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
    ] {
        let w = warning(format!("http://{host}/").as_bytes(), "ip-obfuscation").expect(host);
        assert!(w.message.contains(ip), "{}", w.message);
    }
    assert!(warning(b"http://127.0.0.1/", "ip-obfuscation").is_none());
    let w = warning(b"http://trusted.com@evil.com/", "userinfo").expect("userinfo");
    assert_eq!(w.severity, Severity::High);
    let w = warning("http://аррӏе.com/".as_bytes(), "idn-homograph").expect("homograph");
    assert!(w.message.contains("xn--"), "{}", w.message);
    assert!(warning("http://bücher.de/".as_bytes(), "idn-homograph").is_none());
    assert!(warning("http://bücher.de/".as_bytes(), "idn").is_some());
    assert!(codes(b"javascript:alert(1)").contains(&"dangerous-scheme"));
}

#[test]
fn host_facts_registrable_domain_scripts_confusables() {
    let a = analyze(b"https://paypal.com.evil.example/", &Options::default());
    let h = a.host.expect("host");
    assert_eq!(h.registrable.as_deref(), Some("evil.example"));
    let a = analyze("https://pаypal.com/".as_bytes(), &Options::default());
    let h = a.host.expect("host");
    assert_eq!(h.scripts, ["Latin", "Cyrillic"]);
    assert_eq!(h.confusables, [('а', "a".to_string())]);
    assert_eq!(h.ascii.as_deref(), Some("xn--pypal-4ve.com"));
    assert_eq!(h.registrable.as_deref(), Some("xn--pypal-4ve.com"));
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::IdnHomograph));
}

/// `idna` marks a label UTS #46 rejects with U+FFFD; the analysis shows
/// the label as written and says why it is suspect.
#[test]
fn hosts_uts46_rejects_are_shown_as_written() {
    let case = |url: &str| {
        let a = analyze(url.as_bytes(), &Options::default());
        let host = a.host.clone().unwrap_or_else(|| panic!("{url}: no host"));
        let idn = a
            .warnings
            .iter()
            .find(|w| matches!(w.code, WarningCode::Idn | WarningCode::IdnHomograph))
            .map(|w| (w.code, w.message.clone()))
            .unwrap_or_else(|| panic!("{url}: no idn warning"));
        assert!(!idn.1.contains('\u{FFFD}'), "{url}: {}", idn.1);
        (host, idn)
    };
    let (host, (code, message)) = case("http://xn--a.com/");
    assert_eq!(host.unicode.as_deref(), Some("xn--a.com"));
    assert_eq!(host.rejected, ["xn--a"]);
    assert_eq!(code, WarningCode::IdnHomograph);
    assert!(
        message.contains("'xn--a' is a label UTS #46 rejects"),
        "{message}"
    );
    let (host, (_, message)) = case("http://ex\u{202e}ample.com/");
    assert_eq!(host.unicode.as_deref(), Some("ex\u{202e}ample.com"));
    assert!(host.confusables.is_empty(), "{:?}", host.confusables);
    assert!(
        message.contains("holds U+202E, which UTS #39 restricts"),
        "{message}"
    );
    let (_, (_, message)) = case("http://exa\u{2603}mple.com/");
    assert!(message.contains("holds U+2603"), "{message}");
    let (host, (_, message)) = case("http://\u{430}pple.com/");
    assert!(host.rejected.is_empty());
    assert!(message.contains("mixes scripts"), "{message}");
    let (host, (code, _)) = case("http://b\u{fc}cher.de/");
    assert!(host.rejected.is_empty());
    assert_eq!(code, WarningCode::Idn);
}

/// A brand's look-alike is high under the brand's own suffix; an edit of
/// its name under another suffix (two steps, where honest names such as
/// `qmail.org` fall) is only shown, or medium beside a
/// sign-in word; an IDN written to look like the name is high whatever
/// its suffix.
#[test]
fn a_brand_look_alike_under_another_suffix_is_two_steps() {
    let severity = |url: &str| {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::LookalikeDomain)
            .map(|w| w.severity)
    };
    assert_eq!(severity("https://paypa1.com/"), Some(Severity::High));
    assert_eq!(severity("https://amaz0n.co.jp/"), Some(Severity::High));
    assert_eq!(severity("https://qmail.org/"), Some(Severity::Low));
    assert_eq!(severity("https://chace.org/~unios/"), Some(Severity::Low));
    // A common word imitates nothing, under any suffix.
    assert_eq!(severity("https://tunes.org/~unios/"), None);
    assert_eq!(severity("https://paypa1.net/"), Some(Severity::Low));
    assert_eq!(
        severity("https://paypa1.net/signin"),
        Some(Severity::Medium)
    );
    assert_eq!(severity("https://paypal.net/"), Some(Severity::Medium));
    assert_eq!(severity("https://chase.org/"), Some(Severity::Medium));
    // A brand's domain's name that is no token of it is a word others
    // name their sites with: only shown, unless a sign-in is asked for.
    assert_eq!(severity("https://office.org/"), Some(Severity::Low));
    assert_eq!(severity("https://www.force.org/"), Some(Severity::Low));
    assert_eq!(
        severity("https://office.org/login.php"),
        Some(Severity::Medium)
    );
    assert_eq!(severity("https://xn--pypal-4ve.net/"), Some(Severity::High));
    // A brand's name under a country's suffix is most often its own
    // registration there, its sign-in pages too: only shown; not under a
    // country code sold to anyone as a generic name.
    assert_eq!(severity("https://www.paypal.cn/"), Some(Severity::Low));
    assert_eq!(severity("https://www.netflix.co.uk/"), Some(Severity::Low));
    assert_eq!(severity("https://www.airbnb.es/login"), Some(Severity::Low));
    assert_eq!(severity("https://paypal.tk/"), Some(Severity::Medium));
    assert_eq!(severity("https://paypal.co/"), Some(Severity::Medium));
    let message = analyze(b"https://www.paypal.cn/", &Options::default())
        .warnings
        .into_iter()
        .find(|w| w.code == WarningCode::LookalikeDomain)
        .map(|w| w.message);
    assert_eq!(
        message.as_deref(),
        Some("'paypal.cn' is 'paypal.com' with '.com' written as '.cn' (tld-swap), a country's suffix, under which brands often hold their own names: a reader takes it for PayPal's site.")
    );
}

/// A domain named as a brand's member institutions' are
/// (`sparkasse-koelnbonn.de` of `sparkasse-*.de`) only shows the brand's
/// name; the same name under another suffix, or one whose place is a
/// sign-in word, or no label at all, is an imitation as before.
#[test]
fn a_brand_family_members_name_is_only_shown() {
    let worst = |url: &str| {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .filter(|w| {
                matches!(
                    w.code,
                    WarningCode::BrandInHost | WarningCode::LookalikeDomain
                )
            })
            .map(|w| (w.code, w.severity))
            .max_by_key(|&(_, s)| s)
    };
    let (code, severity) = worst("https://www.sparkasse-koelnbonn.de/de/home.html").unwrap();
    assert_eq!((code, severity), (WarningCode::BrandInHost, Severity::Low));
    let message = analyze(b"https://sparkasse-koelnbonn.de/", &Options::default())
        .warnings
        .into_iter()
        .find(|w| w.code == WarningCode::BrandInHost)
        .unwrap()
        .message;
    assert!(message.contains("('sparkasse-*.de')"), "{message}");
    for url in [
        "https://sparkasse-koelnbonn.com/login",
        "https://sparkasse-login.de/",
        "https://sparkasse-sicherheit.com/login",
    ] {
        let (_, severity) = worst(url).unwrap();
        assert!(severity >= Severity::Medium, "{url}: {severity:?}");
    }
    assert_eq!(
        worst("https://sparkasse-.de/").map(|(c, _)| c),
        Some(WarningCode::LookalikeDomain)
    );
}
