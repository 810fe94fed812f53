use super::*;

#[test]
fn urls_a_redirect_would_follow() {
    for (text, from, tricky) in [
        ("https://evil.example/", 0, false),
        ("//evil.example", 0, false),
        ("\\\\evil.example", 0, true),
        ("/\\evil.example", 0, true),
        ("///evil.example", 0, true),
        ("  //evil.example", 2, true),
        ("<>//evil.example", 2, true),
        ("<>javascript:alert(1)", 2, true),
        ("\"https://evil.example\"", 1, true),
        ("\t//evil.example", 1, true),
        ("http:evil.example", 0, true),
        ("javascript:alert(1)", 0, false),
        ("JaVa\tScRiPt:alert(1)", 0, true),
        ("data:text/html,x", 0, false),
        ("/https://evil.example", 1, true),
        ("／／evil.example", 0, true),
        ("jar:http://127.0.0.1!/", 0, true),
        ("ldap://10.0.0.1/", 0, false),
        ("file:///etc/passwd", 0, false),
    ] {
        let found = find_url(text.as_bytes());
        assert_eq!(
            found.as_ref().map(|f| f.from),
            Some(from),
            "{text:?}: {found:?}"
        );
        assert_eq!(
            found.is_some_and(|f| !f.spelling.is_empty()),
            tricky,
            "{text:?}"
        );
    }
}

#[test]
fn not_urls() {
    for text in [
        "/account",
        "account/settings",
        "user@example.com",
        "File:Example.jpg",
        "12:30",
        "mailto:someone@example.com",
        "a:b",
        "//",
        "urn:isbn:0451450523",
    ] {
        assert_eq!(find_url(text.as_bytes()), None, "{text:?}");
    }
}

#[test]
fn a_payload_carries_the_urls_in_its_text() {
    let urls = |text: &str| -> Vec<String> {
        payload_urls(text.as_bytes())
            .map(|(_, url, _)| String::from_utf8_lossy(&url).into_owned())
            .collect()
    };
    // A text that is a URL is read whole, as a redirect reads it.
    assert_eq!(urls("https://a.example/ b"), ["https://a.example/ b"]);
    assert_eq!(
        urls(r#"{"redirect":"https://evil.example/x"}"#),
        ["https://evil.example/x"]
    );
    assert_eq!(
        urls("Continue at https://evil.example, or javascript:alert(1)."),
        ["https://evil.example", "javascript:alert(1)"]
    );
    assert_eq!(
        urls(r#"<meta http-equiv="refresh" content="0;url=http://127.0.0.1/">"#),
        ["http://127.0.0.1/"]
    );
    // A name without a scheme, or defanged, is no link a page follows.
    assert!(urls("see www.evil.example or evil[.]example").is_empty());
    assert!(urls("hxxp[:]//evil.example").is_empty());
    assert!(!text_carries_url(b"Note: nothing here"));
    // JSON's escapes are the encoder's, not the URL's: `\/` is a slash,
    // and `\"` ends the string (a click tracker's payload).
    assert_eq!(
        urls(r#"{"url":"https:\/\/evil.example\/a?b=1\u0026c=2"}"#),
        ["https://evil.example/a?b=1&c=2"]
    );
    assert_eq!(
        urls(r#"{"p": "{\"url\": \"https://shop.example/sale?a=1\", \"id\": 5}"}"#),
        ["https://shop.example/sale?a=1"]
    );
}

/// A click tracker's payload, base64 of JSON whose string holds JSON:
/// the carried URL ends where the inner string does, and no backslash of
/// the escapes is read as the URL's.
#[test]
fn a_url_in_escaped_json_is_read_as_its_text() {
    use base64::Engine;
    let json =
        r#"{"p": "{\"url\": \"https://shop.example.com/sale?a=1&b=2\", \"id\": 5}", "slash": "x"}"#;
    let p = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
    let url = format!("https://click.example.net/track?p={p}");
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    let codes: Vec<&str> = a.warnings.iter().map(|w| w.code.code()).collect();
    assert!(!codes.contains(&"backslash"), "{codes:?}");
    let leads: Vec<&str> = a.destinations.iter().map(|d| d.target.as_str()).collect();
    assert!(
        leads.contains(&"https://shop.example.com/sale?a=1&b=2"),
        "{leads:?}"
    );
    let json = r#"{"u":"https:\/\/paypa1.com\/signin"}"#;
    let p = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
    let url = format!("https://click.example.net/track?p={p}");
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    let codes: Vec<&str> = a.warnings.iter().map(|w| w.code.code()).collect();
    assert!(codes.contains(&"lookalike-domain"), "{codes:?}");
    assert!(!codes.contains(&"backslash"), "{codes:?}");
}

#[test]
fn a_data_url_unfolds_into_its_body() {
    let url = "data:text/html,%3Ciframe%20src=%22http://169.254.169.254/%22%3E#x";
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    let [body] = a.nested.as_slice() else {
        panic!("{:?}", a.nested)
    };
    assert_eq!(body.kind, NestedKind::DataBody);
    assert_eq!(body.via, "data: URL body (text/html)");
    assert_eq!(body.text, r#"<iframe src="http://169.254.169.254/">"#);
    let [link] = body.children.as_slice() else {
        panic!("{:?}", body.children)
    };
    assert_eq!(&url[link.span.range()], "http://169.254.169.254/");
    assert!(link.analysis.is_some());
    // Not a text body, or not a data: URL: nothing of the kind.
    for url in [
        "data:image/png;base64,iVBORw0KGgo=",
        "https://example.com/data:,x",
    ] {
        let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
        assert!(
            a.nested.iter().all(|n| n.kind != NestedKind::DataBody),
            "{url}"
        );
    }
}

#[test]
fn payloads() {
    assert_eq!(
        base64_payload(b"aHR0cHM6Ly9ldmlsLmV4YW1wbGUv"),
        Some((NestedKind::Base64, "https://evil.example/".to_string()))
    );
    assert_eq!(base64_payload(b"0123456789abcdef"), None);
    assert_eq!(
        hex_payload(b"68747470733a2f2f6576696c2e6578616d706c65"),
        Some("https://evil.example".to_string())
    );
    assert_eq!(hex_payload(b"d41d8cd98f00b204e9800998ecf8427e"), None);
    let token = "eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJodHRwOi8vMTY5LjI1NC4xNjkuMjU0LyJ9.c2ln";
    let jwt = jwt(token.as_bytes()).expect("a JWT");
    assert_eq!(
        jwt.claims,
        vec![("url".to_string(), "http://169.254.169.254/".to_string())]
    );
}

/// Links nested past what the unfolding reads, by depth (nine Safe Links)
/// or by the bytes their copies add up to (ten and more, each layer
/// escaping the last again), still say so: an attacker cannot hide a
/// look-alike by wrapping it once more.
#[test]
fn a_link_nested_past_the_unfoldings_reach_is_said() {
    let mut url = "https://paypa1.com/signin".to_string();
    for wraps in 1..=14 {
        let escaped: String = url
            .bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                    char::from(b).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect();
        url = format!("https://nam02.safelinks.protection.outlook.com/?url={escaped}&data=x");
        let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
        let codes: Vec<&str> = a.warnings.iter().map(|w| w.code.code()).collect();
        let said = codes.contains(&"lookalike-domain") || codes.contains(&"nesting-limit");
        assert!(said, "{wraps} wraps: {codes:?}");
    }
}

/// A JWT's claims that identify (its issuer, its audience) are no links:
/// a signed ID token whose issuer is another site carries nothing, while
/// a claim that links (`redirect`) is unfolded.
#[test]
fn a_tokens_issuer_and_audience_are_no_destinations() {
    use base64::Engine;
    let e = |json: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
    let header = e(r#"{"alg":"RS256","kid":"k"}"#);
    let identity =
        e(r#"{"iss":"https://accounts.google.com","aud":"http://10.0.0.5:8080/api","sub":"1"}"#);
    let url = format!("https://app.example/cb?id_token={header}.{identity}.c2lnbmF0dXJl");
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    assert_eq!(a.destinations.len(), 1, "{:?}", a.destinations);
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    assert!(!carries_url(format!("{header}.{identity}.c2ln").as_bytes()));
    let linking = e(r#"{"iss":"https://accounts.google.com","redirect":"https://evil.example/"}"#);
    let url = format!("https://app.example/cb?t={header}.{linking}.c2lnbmF0dXJl");
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    let vias: Vec<&str> = a.destinations.iter().map(|d| d.via.as_str()).collect();
    assert_eq!(vias, ["", "query value 't' → jwt claim \"redirect\""]);
}

/// A fragment written as a query (a page's hash route, an implicit
/// flow's tokens) has its values unfolded apart, each named by its key,
/// and the fast path refuses what they carry.
#[test]
fn a_fragments_parameters_are_unfolded() {
    let url = "https://app.example/#/login?redirect=https://evil.example/";
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    let vias: Vec<&str> = a.destinations.iter().map(|d| d.via.as_str()).collect();
    assert_eq!(vias, ["", "fragment parameter 'redirect'"]);
    assert_eq!(
        a.destinations[1].span.of(url.as_bytes()),
        b"https://evil.example/"
    );
    assert!(!crate::triage::is_plain_at(
        url.as_bytes(),
        crate::warnings::Severity::Medium
    ));
    let token = "eyJhbGciOiJub25lIn0.eyJyZWRpcmVjdCI6Imh0dHBzOi8vZXZpbC5leGFtcGxlLyJ9.";
    let url = format!("https://app.example/cb#state=s&id_token={token}");
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    assert_eq!(a.nested.len(), 1);
    assert_eq!(a.nested[0].kind, NestedKind::Jwt);
    assert_eq!(a.nested[0].via, "fragment parameter 'id_token' → jwt");
    // A fragment that is one URL, its own '?' and '=' aside, is read whole:
    // a parameter added to it hides nothing.
    let url = "https://app.example/#https://evil.example/?a=b";
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    assert_eq!(a.destinations[1].via, "fragment");
    let url =
        "https://app.example/#javascript:alert(1)//?t=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln";
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    let codes: Vec<&str> = a.warnings.iter().map(|w| w.code.code()).collect();
    assert!(codes.contains(&"dangerous-scheme"), "{codes:?}");
    // A browser's text directive is no parameter a script reads.
    let url = "https://en.wikipedia.org/wiki/URL#:~:text=https://example.org";
    let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
    assert_eq!(a.destinations.len(), 1, "{:?}", a.destinations);
}

/// A parameter whose key names a party or a resource is read as such in
/// a query and in a fragment, in either case; a chain through it, or a
/// key that merely contains one, is not.
#[test]
fn naming_keys_are_read_from_their_labels() {
    use super::names_rather_than_links as names;
    assert!(names("query value 'scope'"));
    assert!(names("query value 'ISS'"));
    assert!(names("fragment parameter 'error_uri'"));
    assert!(names("query value 'openid.realm'"));
    assert!(!names("query value 'next'"));
    assert!(!names("query value 'scope_next'"));
    assert!(!names("query value 'next' → query value 'scope'"));
    assert!(!names("fragment 'scope'"));
    assert!(!names("path segment"));
}
