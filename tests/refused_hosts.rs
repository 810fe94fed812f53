//! A host a browser refuses is said one way across the report: `Leads to`,
//! the warnings, the readings and the host's facts agree that no browser
//! opens it, and name the rule it breaks. The URL Standard's host parser
//! percent-decodes a domain and refuses it when it then holds a forbidden
//! domain code point (<https://url.spec.whatwg.org/#forbidden-domain-code-point>),
//! as node's `new URL('http://google.com%40evil.example/')` does; the
//! `url` crate reports that as an IDNA failure, which it is not.

use urlscope_core::analysis::{Analysis, Options};
use urlscope_core::describe;
use urlscope_core::text::quote_str;
use urlscope_core::triage::triage;

fn analyze(url: &str) -> Analysis {
    urlscope_core::analyze(url.as_bytes(), &Options::default())
}

fn message<'a>(a: &'a Analysis, code: &str) -> &'a str {
    a.warnings
        .iter()
        .find(|w| w.code.code() == code)
        .map(|w| w.message.as_str())
        .unwrap_or_else(|| panic!("no {code}: {:#?}", a.warnings))
}

/// `http://google.com%40evil.example/`: no line says a browser opens a
/// site, none names a registrable domain holding '@', and the refusal
/// names the '@'.
#[test]
fn a_host_with_an_escaped_at_sign_is_refused_for_it_everywhere() {
    let url = "http://google.com%40evil.example/";
    let a = analyze(url);
    let place = describe::place(&a.destinations[0]);
    assert_eq!(
        place,
        "no request from a browser (it rejects the host: '@' in the host, a code point no domain \
         may hold, even percent-encoded), but RFC 3986 parsers such as Python's urllib.parse \
         read google.com@evil.example (documentation), imitates google.com (Google): its name \
         'google.com' in the host of 'evil.example'"
    );
    assert_eq!(
        message(&a, "brand-in-host"),
        "The host shows 'google.com', Google's name, but a browser opens no site (it rejects \
         the host), and RFC 3986 parsers read the host 'google.com@evil.example', which is \
         not Google's."
    );
    let differential = message(&a, "parser-differential");
    assert!(
        differential.starts_with(
            "A WHATWG (browser) parser rejects the host of this URL ('@' in the host, a code point no domain may hold, even percent-encoded"
        ),
        "{differential}"
    );
    let host = a.host.as_ref().expect("a host");
    assert_eq!(host.registrable, None);
    let readings = a.readings().expect("readings");
    assert_eq!(
        readings.whatwg_error.as_deref(),
        Some("'@' in the host, a code point no domain may hold, even percent-encoded")
    );
    for w in &a.warnings {
        assert!(!w.message.contains("a browser opens is"), "{}", w.message);
        assert!(!w.message.contains("international"), "{}", w.message);
    }
    assert_eq!(
        triage(url.as_bytes(), &Options::default()),
        a.into_warnings_as_given()
    );
}

/// Each forbidden domain code point, escaped in a host, is the reason the
/// host is refused; an escaped code point a domain may hold is not.
#[test]
fn every_forbidden_domain_code_point_is_named() {
    let forbidden = (0u8..=0x1F).chain(*b" #/:<>?@[\\]^|%").chain([0x7F]);
    for b in forbidden {
        let url = format!("http://good.com%{b:02X}.evil.example/");
        let a = analyze(&url);
        let refusal = a.destinations[0].browser_refuses.as_ref();
        assert!(refusal.is_some_and(|r| r.of_host), "{url}");
        let named = format!(
            "(it rejects the host: '{}' in the host, a code point no domain may hold, even percent-encoded)",
            quote_str(&char::from(b).to_string())
        );
        let place = describe::place(&a.destinations[0]);
        assert!(place.contains(&named), "{url}: {place}");
        assert_eq!(a.host.as_ref().and_then(|h| h.registrable.clone()), None);
    }
    // '-' escaped is a hyphen: the host is a domain a browser opens.
    let a = analyze("http://good%2Dname.example/");
    assert!(a.destinations[0].browser_refuses.is_none());
    assert_eq!(
        a.host.as_ref().and_then(|h| h.registrable.as_deref()),
        Some("good-name.example")
    );
}

/// A brand shown ahead of another site in a URL a browser refuses for
/// another reason (its port) is set against the site RFC 3986 parsers
/// read; in a URL a browser opens, against the site it opens.
#[test]
fn a_brand_in_the_host_is_set_against_the_site_that_is_read() {
    let refused = analyze("http://www.paypal.com.evil.example:99999/login");
    assert!(
        message(&refused, "brand-in-host").ends_with(
            "but a browser opens no site (it rejects the URL), and the site RFC 3986 parsers \
             read is 'evil.example', which is not PayPal's."
        ),
        "{}",
        message(&refused, "brand-in-host")
    );
    let opened = analyze("https://www.paypal.com.secure-login.example.net/login");
    assert!(message(&opened, "brand-in-host")
        .ends_with("but the site a browser opens is 'example.net', which is not PayPal's."));
    let behind = analyze("http://apple.com.account-check.example:99999/");
    for w in &behind.warnings {
        assert!(
            !w.message.contains("the site a browser opens"),
            "{}",
            w.message
        );
    }
}
