//! Link-protection wrappers as their vendors and public decoders publish
//! them (`tests/data/wrapped/`): each unwraps to the URL its source
//! decodes, and the analysis leads to that URL's host through the wrapper.

use urlscope_core::analysis::{analyze, Options};
use urlscope_core::wrappers::{unwrap, Carried};

const PUBLISHED: &str = include_str!("data/wrapped/published.tsv");

/// The rows: wrapper, wrapped URL, carried URL, source.
fn rows() -> Vec<[&'static str; 4]> {
    PUBLISHED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            [f[0], f[1], f[2], f[3]]
        })
        .collect()
}

/// The host of a plain absolute URL (the published targets are).
fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', ':', '?', '#']).next().unwrap_or_default()
}

#[test]
fn every_published_wrapper_unwraps_to_what_its_source_decodes() {
    let rows = rows();
    assert!(rows.len() >= 7, "{}", rows.len());
    for [wrapper, wrapped, carried, _] in rows {
        let u = unwrap(wrapped).unwrap_or_else(|| panic!("{wrapped} is not unwrapped"));
        let Carried::Url(first) = &u.carried else {
            panic!("{wrapped}: opaque");
        };
        // A wrapper around a wrapper unwraps one layer at a time.
        let inner = if wrapper.contains('+') {
            match unwrap(first).map(|u| u.carried) {
                Some(Carried::Url(inner)) => inner,
                other => panic!("{wrapped}: the inner layer is {other:?}"),
            }
        } else {
            first.clone()
        };
        assert_eq!(inner, carried, "{wrapped}");
    }
}

#[test]
fn every_published_wrapper_leads_to_its_host_through_the_wrapper() {
    for [_, wrapped, carried, _] in rows() {
        let a = analyze(wrapped.as_bytes(), &Options::default());
        let last = a.destinations.last().expect("a destination");
        let host = last.host.as_ref().map_or("", |h| h.canonical.as_str());
        assert_eq!(host, host_of(carried), "{wrapped}");
        assert!(last.through.is_some(), "{wrapped}: {last:?}");
        // A known wrapper's own parameter is no open redirect.
        assert!(
            !a.warnings.iter().any(|w| w.code.code() == "open-redirect"),
            "{wrapped}: {:?}",
            a.warnings
        );
    }
}

/// What the last destination imitates is said on it, whatever wraps it,
/// and pointed at in the pasted URL: on the bytes that write it, however
/// the wrapper writes the rest.
#[test]
fn the_last_destination_says_what_it_imitates() {
    for (wrapped, at) in [
        (
            "https://www.google.com/url?q=https://paypa1.com/signin",
            "1",
        ),
        (
            "https://urldefense.com/v3/__https://paypa1.com/signin__;!!A!b$",
            "1",
        ),
        (
            "https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2F&data=1",
            "1",
        ),
        // Proofpoint v2's own escapes, and its '_' for '/'.
        (
            "https://urldefense.proofpoint.com/v2/url?u=https-3A__paypa1.com_signin&d=x",
            "1",
        ),
        // Bing's base64: no byte of it writes a character alone.
        (
            "https://www.bing.com/ck/a?!&&p=abc&u=a1aHR0cHM6Ly9wYXlwYTEuY29tL3NpZ25pbg&ntb=1",
            "a1aHR0cHM6Ly9wYXlwYTEuY29tL3NpZ25pbg",
        ),
        // Mimecast holds the destination but names its domain.
        (
            "https://protect-eu.mimecast.com/s/AbCdEf?domain=paypa1.com",
            "paypa1.com",
        ),
    ] {
        let a = analyze(wrapped.as_bytes(), &Options::default());
        let last = a.destinations.last().expect("a destination");
        let i = last
            .imitates
            .as_ref()
            .unwrap_or_else(|| panic!("{wrapped}: {last:?}"));
        assert_eq!(i.domain, "paypal.com", "{wrapped}");
        assert_eq!(&wrapped[i.span.start..i.span.end], at, "{wrapped}");
    }
}

/// What a wrapped destination carries is reported as for any carried URL,
/// whatever the wrapper's encoding: the same warnings as the destination
/// pasted alone, lifted through the wrapper onto the bytes that carry it,
/// and the hosts it reaches in turn.
#[test]
fn a_wrapped_destination_is_analysed_as_any_carried_url() {
    let inner = "https://evil.example/a?next=http%3A%2F%2F127.0.0.1%2F";
    for (wrapped, carrier) in [
        // Proofpoint v2's own escapes.
        (
            "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_a-3Fnext-3Dhttp-253A-252F-252F127.0.0.1-252F&d=DwMFaQ&c=x&r=y&m=z&s=w&e=",
            "https-3A__evil.example_a-3Fnext-3Dhttp-253A-252F-252F127.0.0.1-252F",
        ),
        // Proofpoint v3, its characters substituted (`**A` for `//`).
        (
            "https://urldefense.com/v3/__https://evil.example/a?next=http:**A127.0.0.1*__;Ly8v!!ABC!xyz$",
            "https://evil.example/a?next=http:**A127.0.0.1*",
        ),
        // Safe Links, percent-encoded (found by the unfolding as written).
        (
            "https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Fa%3Fnext%3Dhttp%253A%252F%252F127.0.0.1%252F&data=1",
            "https%3A%2F%2Fevil.example%2Fa%3Fnext%3Dhttp%253A%252F%252F127.0.0.1%252F",
        ),
    ] {
        let a = analyze(wrapped.as_bytes(), &Options::default());
        let alone = analyze(inner.as_bytes(), &Options::default());
        let start = wrapped.find(carrier).expect("the carrier");
        let lifted: Vec<_> = a.warnings.iter().filter(|w| w.via.is_some()).collect();
        for w in &alone.warnings {
            assert!(
                lifted.iter().any(|l| l.code == w.code && l.severity == w.severity),
                "{wrapped}: {w:?} not lifted from {lifted:?}"
            );
        }
        for w in lifted {
            assert!(
                w.span.start >= start && w.span.end <= start + carrier.len(),
                "{wrapped}: {w:?}"
            );
        }
        let reached: Vec<&str> = a
            .destinations
            .iter()
            .filter_map(|d| d.host.as_ref().map(|h| h.canonical.as_str()))
            .collect();
        assert!(reached.contains(&"127.0.0.1"), "{wrapped}: {reached:?}");
    }
}

/// Proofpoint v3's trailer (`__;` and its substitutions, `!!` and its
/// token) is the wrapper's, never part of a URL the unfolding finds.
#[test]
fn proofpoint_v3_s_trailer_is_in_no_carried_url() {
    let wrapped =
        "https://urldefense.com/v3/__https://evil.example/a?next=https://paypa1.com/__;!!ABC!xyz$";
    let a = analyze(wrapped.as_bytes(), &Options::default());
    // The first is the wrapped link itself.
    for d in a.destinations.iter().skip(1) {
        assert!(!d.target.contains("__;"), "{d:?}");
    }
    let lookalikes = a
        .warnings
        .iter()
        .filter(|w| w.code.code() == "lookalike-domain")
        .count();
    assert_eq!(lookalikes, 1, "{:?}", a.warnings);
    assert!(a.warnings.iter().any(|w| w.code.code() == "open-redirect"));
}
