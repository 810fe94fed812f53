use super::*;

fn target(url: &str) -> (Wrapper, String) {
    let u = unwrap(url).unwrap();
    match u.carried {
        Carried::Url(s) => (u.wrapper, s),
        Carried::Opaque => panic!("opaque"),
    }
}

#[test]
fn proofpoint_v3_published_example() {
    // The example in Proofpoint's own decoder documentation.
    let (w, t) = target(
        "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JvQ3kNJkRi5Jg!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$",
    );
    assert_eq!(w, Wrapper::ProofpointV3);
    assert_eq!(t, "https://google.com:443/search?q=a+test&gs=ps");
}

#[test]
fn proofpoint_v3_runs_and_plain() {
    let (_, t) = target("https://urldefense.com/v3/__https://evil.example.com/login__;!!ABC!xyz$");
    assert_eq!(t, "https://evil.example.com/login");
    // "**A" takes a run of two characters; "abc" is YWJj.
    let (_, t) = target("https://urldefense.com/v3/__https://x.example/**Ac__;YWJj!!x$");
    assert_eq!(t, "https://x.example/abc");
    // More stars than replacement characters: not decoded.
    assert_eq!(
        unwrap("https://urldefense.com/v3/__https://x.example/**__;YQ!!x$"),
        None
    );
}

#[test]
fn proofpoint_v2_and_v1() {
    let (w, t) = target(
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_login-3Fa-3D1&d=DwMFaQ&c=x&r=y&m=z&s=w&e=",
    );
    assert_eq!(w, Wrapper::ProofpointV2);
    assert_eq!(t, "https://evil.example.com/login?a=1");
    let (w, t) =
        target("https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/&k=abc%0A&r=def");
    assert_eq!(w, Wrapper::ProofpointV1);
    assert_eq!(t, "http://www.example.com/");
}

#[test]
fn proofpoint_v1_published_example() {
    // Swimlane's Proofpoint connector documentation
    // (swimlane/techpubs-knowledgecenter, decode_urls.md), written as
    // it arrives from HTML mail, with '&amp;'.
    let (w, t) = target(
        "https://urldefense.proofpoint.com/v1/url?u=http://www.bouncycastle.org/&amp;k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&amp;r=IKM5u8%2B%2F%2Fi8EBhWOS%2BqGbTqCC%2BrMqWI%2FVfEAEsQO%2F0Y%3D%0A&amp;m=Ww6iaHO73mDQpPQwOwfLfN8WMapqHyvtu8jM8SjqmVQ%3D%0A&amp;s=d3583cfa53dade97025bc6274c6c8951dc29fe0f38830cf8e5a447723b9f1c9a",
    );
    assert_eq!(
        (w, t.as_str()),
        (Wrapper::ProofpointV1, "http://www.bouncycastle.org/")
    );
}

#[test]
fn safelinks_and_others() {
    let (w, t) = target(
        "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example.com%2Flogin&data=05%7C01&sdata=x&reserved=0",
    );
    assert_eq!(
        (w, t.as_str()),
        (Wrapper::SafeLinks, "https://evil.example.com/login")
    );
    let cases = [
        ("https://www.google.com/url?q=https://evil.example/&sa=D", Wrapper::Google),
        ("https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F&h=AT0", Wrapper::Facebook),
        ("https://l.instagram.com/?u=https%3A%2F%2Fevil.example%2F&e=AT0", Wrapper::Instagram),
        ("https://steamcommunity.com/linkfilter/?url=https://evil.example/", Wrapper::Steam),
        ("https://steamcommunity.com/linkfilter/?u=https%3A%2F%2Fevil.example%2F", Wrapper::Steam),
        // A search result's link: `q` empty, the destination in `url`.
        ("https://www.google.com/url?sa=t&rct=j&q=&esrc=s&url=https%3A%2F%2Fevil.example%2F&usg=AOv", Wrapper::Google),
        ("https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fevil.example%2F&urlhash=x", Wrapper::LinkedIn),
        ("https://slack-redir.net/link?url=https%3A%2F%2Fevil.example%2F", Wrapper::Slack),
        ("https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fevil.example%2f&c=E,1,x&typo=1", Wrapper::Barracuda),
        ("https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fevil.example%2F", Wrapper::Cisco),
        ("https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fevil.example%2f&umid=x", Wrapper::TrendMicro),
        ("https://clicktime.symantec.com/3abc?u=https%3A%2F%2Fevil.example%2F", Wrapper::Symantec),
    ];
    for (url, wrapper) in cases {
        assert_eq!(
            target(url),
            (wrapper, "https://evil.example/".to_owned()),
            "{url}"
        );
    }
}

#[test]
fn click_trackers() {
    for (url, wrapper, destination) in [
        // Bing: `a1`, then base64url of the target.
        (
            "https://www.bing.com/ck/a?!&&p=0123abcd&ptn=3&ver=2&hsh=3&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4&ntb=1",
            Wrapper::Bing,
            "https://evil.example/login",
        ),
        // Mandrill: base64url of JSON whose `p` is JSON holding `url`, its
        // slashes escaped twice over (the shape of its real links).
        (
            "https://mandrillapp.com/track/click/30000001/paypa1.com?p=eyJzIjoiQWJDZEVmR2hJaktsTW5PcFFyU3RVdld4WXowIiwidiI6MSwicCI6IntcInVcIjozMDAwMDAwMSxcInZcIjoxLFwidXJsXCI6XCJodHRwczpcXFwvXFxcL3BheXBhMS5jb21cXFwvc2lnbmluXCIsXCJpZFwiOlwiMDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWZcIn0ifQ",
            Wrapper::Mandrill,
            "https://paypa1.com/signin",
        ),
        (
            "https://www.youtube.com/redirect?event=video_description&redir_token=x&q=https%3A%2F%2Fevil.example%2F&v=abc",
            Wrapper::YouTube,
            "https://evil.example/",
        ),
        // A search ad's link, and a Yahoo search result's.
        (
            "https://www.googleadservices.com/pagead/aclk?sa=L&ai=DChcSEwi&ohost=www.google.com&cid=CAESVuD&sig=AOD64_3&q&adurl=https%3A%2F%2Fevil.example%2Flogin&ved=2ahUKEwi",
            Wrapper::GoogleAds,
            "https://evil.example/login",
        ),
        (
            "https://r.search.yahoo.com/_ylt=AwrFQ;_ylu=Y29sbwNiZjEE/RV=2/RE=1700000000/RO=10/RU=https%3a%2f%2fevil.example%2flogin/RK=2/RS=abc.def-",
            Wrapper::Yahoo,
            "https://evil.example/login",
        ),
        // Amazon SES and Postmark, as their links are published.
        (
            "https://4bqs42xm.r.us-west-2.awstrack.me/L0/https:%2F%2Fevil.example%2Flogin%3Fa=1/1/0100018e-000000/abc=151",
            Wrapper::AmazonSes,
            "https://evil.example/login?a=1",
        ),
        (
            "https://click.pstmrk.it/3ts/evil.example%2Flogin%3Ft%3D1/5VpE/dOizAQ/AQ/01cb/1/58BL",
            Wrapper::Postmark,
            "https://evil.example/login?t=1",
        ),
        (
            "https://click.pstmrk.it/2s/www.lipsum.com%2Ffeed%2Fhtml/wmxJTyAN/Gc9Q/H5vxf8qJfE",
            Wrapper::Postmark,
            "https://www.lipsum.com/feed/html",
        ),
    ] {
        let (w, t) = target(url);
        assert_eq!((w, t.as_str()), (wrapper, destination), "{url}");
    }
    for (url, wrapper) in [
        (
            "https://example.us1.list-manage.com/track/click?u=abc&id=def&e=0123",
            Wrapper::Mailchimp,
        ),
        (
            "https://u123456.ct.sendgrid.net/ls/click?upn=xyz",
            Wrapper::SendGrid,
        ),
    ] {
        let u = unwrap(url).unwrap();
        assert_eq!((u.wrapper, u.carried), (wrapper, Carried::Opaque), "{url}");
    }
    // Their other addresses carry nothing.
    for url in [
        "https://x.r.us-east-1.awstrack.me/I0/0100018e/abc",
        "https://click.pstmrk.it/about/x",
        "https://awstrack.me.evil.example/L0/https:%2F%2Fa.example/1/x",
    ] {
        assert!(
            unwrap(url).is_none_or(|u| u.carried == Carried::Opaque),
            "{url}"
        );
        assert!(
            !matches!(unwrap(url), Some(u) if matches!(u.wrapper, Wrapper::AmazonSes | Wrapper::Postmark)),
            "{url}"
        );
    }
    // A Bing search, and a `u` that is no target.
    assert_eq!(
        unwrap("https://www.bing.com/search?q=https://evil.example/"),
        None
    );
    assert_eq!(unwrap("https://www.bing.com/ck/a?u=a1bm90IGEgdXJs"), None);
    // Mandrill's `p` that is no JSON, or JSON with no `url`.
    assert_eq!(
        unwrap("https://mandrillapp.com/track/click/1/example.com?p=bm90IGpzb24"),
        None
    );
    assert_eq!(
        unwrap("https://mandrillapp.com/track/click/1/example.com?p=eyJwIjoie30ifQ"),
        None
    );
}

#[test]
fn the_carrying_bytes_are_the_parameters_value() {
    // Proofpoint v3's are its URL's, up to its substitutions' `__;`.
    for (url, carrying) in [
        (
            "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.example%2F&data=05",
            "https%3A%2F%2Fx.example%2F",
        ),
        (
            "https://urldefense.com/v3/__https://x.example/__;!!x$",
            "https://x.example/",
        ),
        (
            "https://secure-web.cisco.com/1abc/https%3A%2F%2Fx.example%2F",
            "https%3A%2F%2Fx.example%2F",
        ),
    ] {
        let (s, e) = unwrap(url).and_then(|u| u.at).expect("read");
        assert_eq!(&url[s..e], carrying, "{url}");
    }
}

/// The bytes of `url` that write each piece of the destination (the
/// first place its text holds it), as `written` says.
fn writing(url: &str, pieces: &[&str]) -> Vec<String> {
    let u = unwrap(url).expect("a wrapper");
    let Carried::Url(text) = &u.carried else {
        panic!("opaque")
    };
    assert_eq!(u.written.len(), text.len(), "{url}");
    pieces
        .iter()
        .map(|piece| {
            let from = text.find(piece).expect(piece);
            let spans = &u.written[from..from + piece.len()];
            let all = spans.iter().copied().reduce(Span::join).expect(piece);
            url[all.start..all.end].to_string()
        })
        .collect()
}

#[test]
fn each_byte_of_the_destination_is_written_by_its_own_bytes() {
    // Proofpoint v2: '-XX' escapes, '_' for '/', the rest as it is.
    let url = "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example.com_a_..-2F..-2Fetc-2Fpasswd&d=x";
    assert_eq!(
        writing(url, &["https:", "//", "evil", "/a/", "../../", "passwd"]),
        ["https-3A", "__", "evil", "_a_", "..-2F..-2F", "passwd"]
    );
    // An escape inside v2's escape: '-252e' writes '%2e'.
    let url = "https://urldefense.proofpoint.com/v2/url?u=https-3A__x.example_-252e&d=x";
    assert_eq!(writing(url, &["%2e", "%", "2e"]), ["-252e", "-25", "2e"]);
    // Proofpoint v3: each '*' writes the character it stands for, a
    // '**X' its whole run; the rest is written as it is.
    let url = "https://urldefense.com/v3/__https://evil.example/a?next=http:**A127.0.0.1*__;Ly8v!!ABC!xyz$";
    assert_eq!(
        writing(url, &["next=", "http://", "127.0.0.1", "1/"]),
        ["next=", "http:**A", "127.0.0.1", "1*"]
    );
    let url =
        "https://urldefense.com/v3/__https://evil.example.com/a/*2e*2e/etc/passwd__;JSUl!!ABC!xyz$";
    assert_eq!(writing(url, &["%2e%2e", "%"]), ["*2e*2e", "*"]);
    // Safe Links' escapes; Postmark's scheme, which no byte writes.
    let url = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example.com%2Flogin&data=05";
    assert_eq!(
        writing(url, &["://", "evil", "/login"]),
        ["%3A%2F%2F", "evil", "%2Flogin"]
    );
    let url = "https://click.pstmrk.it/3ts/evil.example%2Flogin%3Ft%3D1/5VpE/dOizAQ";
    let u = unwrap(url).expect("Postmark");
    let start = url.find("evil").expect("the host");
    assert_eq!(u.written.first(), Some(&Span::new(start, start)));
    assert_eq!(
        writing(url, &["evil.example/login?"]),
        ["evil.example%2Flogin%3F"]
    );
    // Bytes that are not UTF-8: the replacement character is written
    // by all of them.
    let url = "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.example%2F%C3%28&data=05";
    assert_eq!(writing(url, &["\u{FFFD}("]), ["%C3%28"]);
    // Bing's base64: no character writes one byte alone.
    let u =
        unwrap("https://www.bing.com/ck/a?!&&p=0&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4&ntb=1")
            .expect("Bing");
    assert!(u.written.is_empty(), "{u:?}");
}

#[test]
fn mimecast_is_opaque() {
    let u = unwrap("https://protect-eu.mimecast.com/s/AbCdEfGhIjKl?domain=evil.example").unwrap();
    assert_eq!((u.wrapper, u.carried), (Wrapper::Mimecast, Carried::Opaque));
    // The domain it names, and where.
    let url = "https://protect-us.mimecast.com/s/Dq2tCqx82YfM?domain=Docs.Example.com";
    let (domain, (s, e)) = unwrap(url).and_then(|u| u.domain).expect("a domain");
    assert_eq!(
        (domain.as_str(), &url[s..e]),
        ("docs.example.com", "Docs.Example.com")
    );
    // Nothing that is not a host name.
    let url = "https://protect-us.mimecast.com/s/Dq2tCqx82YfM?domain=a%2Fb";
    assert_eq!(unwrap(url).and_then(|u| u.domain), None);
    // Every host Mimecast has rewritten links to, and near misses.
    for host in [
        "protect-eu.mimecast.com",
        "us-protect.mimecast.com",
        "url.us.m.mimecastprotect.com",
        "URL.UK.A.MIMECASTPROTECT.COM",
    ] {
        let url = format!("https://{host}/s/AbCd?domain=evil.example");
        let u = unwrap(&url).unwrap_or_else(|| panic!("{url}"));
        assert_eq!(u.wrapper, Wrapper::Mimecast, "{url}");
        assert!(hides_destination(host.as_bytes()), "{host}");
    }
    for host in [
        "protect.mimecast.com",
        "www.mimecast.com",
        "login.mimecast.com",
        "mimecastprotect.com",
        "www.mimecastprotect.com",
        "url.us.m.mimecastprotect.com.evil.example",
    ] {
        let url = format!("https://{host}/s/AbCd?domain=evil.example");
        assert_eq!(unwrap(&url), None, "{url}");
        assert!(!hides_destination(host.as_bytes()), "{host}");
    }
}

#[test]
fn near_misses() {
    for url in [
        "https://victim.example/?url=https://evil.example/",
        "https://www.google.com/search?q=https://evil.example/",
        "https://safelinks.protection.outlook.com.evil.example/?url=https://x.example/",
        "https://urldefense.com/v4/__https://x.example/__;!!x$",
        "https://nam02.safelinks.protection.outlook.com/?data=x",
        "https://urldefense.com/v3/__https://x.example/__;!!#$",
    ] {
        // The last has no replacement bytes and no stars: decodes plainly.
        if url.contains("v3") {
            assert_eq!(target(url).1, "https://x.example/");
            continue;
        }
        assert_eq!(unwrap(url), None, "{url}");
    }
}

#[test]
fn v3_linear_in_size() {
    // A v3 URL of n stars and n replacement characters ("Kysr" is
    // "+++"); the decoded URL has every star replaced, and 1 MB takes
    // no more than a generous multiple of twice the time of 0.5 MB.
    let make = |n: usize| {
        let mut s = "https://urldefense.com/v3/__https://x.example/".to_owned();
        s.push_str(&"a*".repeat(n));
        s.push_str("__;");
        s.push_str(&"Kysr".repeat(n / 3));
        s.push_str("!!x$");
        s
    };
    let time = |n: usize| {
        let u = make(n);
        let start = std::time::Instant::now();
        let t = target(&u).1;
        let took = start.elapsed();
        assert_eq!(t.matches('+').count(), n / 3 * 3);
        took
    };
    let (half, full) = (time(174_762), time(349_524));
    assert!(make(349_524).len() > 1_000_000);
    assert!(
        full < half * 8 + std::time::Duration::from_millis(50),
        "{half:?} {full:?}"
    );
}
