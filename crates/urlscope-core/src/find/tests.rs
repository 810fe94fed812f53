//! The finder's cases: prose, delimiters, defanged spellings, JSON strings.

use super::*;

fn found(line: &str) -> Vec<&str> {
    urls(line.as_bytes())
        .map(|u| &line[u.span.range()])
        .collect()
}

#[test]
fn urls_in_prose() {
    assert_eq!(
        found("Click here: https://paypa1.com/signin to verify"),
        ["https://paypa1.com/signin"]
    );
    assert_eq!(
        found("Verify at https://paypa1.com/signin."),
        ["https://paypa1.com/signin"]
    );
    assert_eq!(found("no link here, nor here: 12:30."), Vec::<&str>::new());
    assert_eq!(
        found("file.txt and readme.md, C:\\Users\\x"),
        Vec::<&str>::new()
    );
}

#[test]
fn delimiters_around_a_url_are_not_its_own() {
    assert_eq!(
        found("see <https://evil.example/x>"),
        ["https://evil.example/x"]
    );
    assert_eq!(found("(http://a.example/b)."), ["http://a.example/b"]);
    assert_eq!(
        found("\"https://a.example/q?x=1\",'http://b.example/'"),
        ["https://a.example/q?x=1", "http://b.example/"]
    );
    assert_eq!(found("“https://a.example/”"), ["https://a.example/"]);
    assert_eq!(found("«https://a.example/»"), ["https://a.example/"]);
    assert_eq!(found("**https://a.example/**"), ["https://a.example/"]);
    assert_eq!(found("見て https://a.example/。"), ["https://a.example/"]);
    assert_eq!(
        found("x\u{a0}https://a.example/\u{a0}y"),
        ["https://a.example/"]
    );
}

#[test]
fn brackets_inside_a_url_are_kept_when_balanced() {
    assert_eq!(
        found("[md](https://c.example/d_(e)) https://en.wikipedia.org/wiki/Link_(Zelda)"),
        [
            "https://c.example/d_(e)",
            "https://en.wikipedia.org/wiki/Link_(Zelda)"
        ]
    );
    assert_eq!(
        found("[https://a.example/](https://b.example/)"),
        ["https://a.example/", "https://b.example/"]
    );
    assert_eq!(found("http://[::1]:8080/x]"), ["http://[::1]:8080/x"]);
    assert_eq!(
        found("?q[]=1 http://a.example/?q[]=1"),
        ["http://a.example/?q[]=1"]
    );
}

#[test]
fn hostile_urls_are_found_whole() {
    for url in [
        "http://evil.example\\@good.example/",
        "http://127.1/",
        "http://%65vil.example/",
        "https://a_b.example/",
        "https:\\\\evil.example/",
        "http:/evil.example/",
        "javascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD4=",
        "https://example.com/a\u{1b}]0;x\u{7}",
    ] {
        assert_eq!(found(&format!("x {url} y")), [url], "{url}");
    }
    assert_eq!(found("see http: the protocol"), Vec::<&str>::new());
    assert_eq!(found("e.g.https://a.example/"), ["https://a.example/"]);
}

#[test]
fn defanged_urls() {
    assert_eq!(
        found("hxxps://evil[.]example[.]com/login and evil[.]com."),
        ["hxxps://evil[.]example[.]com/login", "evil[.]com"]
    );
    assert_eq!(
        found("http[:]//evil.com/x hxxp[://]a.b/c"),
        ["http[:]//evil.com/x", "hxxp[://]a.b/c"]
    );
    assert_eq!(
        found("at evil [.] example (dot) com/a b"),
        ["evil [.] example (dot) com/a"]
    );
    assert_eq!(found("https://a.example/x [.] y"), ["https://a.example/x"]);
    assert_eq!(found("user[at]sub.evil{.}com"), ["sub.evil{.}com"]);
    assert_eq!(found("[.] alone, a[.] b"), Vec::<&str>::new());
}

#[test]
fn names_without_a_scheme() {
    assert_eq!(
        found("visit www.example.com/path, or WWW.EXAMPLE.ORG."),
        ["www.example.com/path", "WWW.EXAMPLE.ORG"]
    );
    assert_eq!(found("awww.example.com www. x"), Vec::<&str>::new());
    let line = b"go to www.paypa1.com/x";
    let u = urls(line).next().unwrap();
    assert!(u.implied_scheme);
    assert_eq!(&*u.url(line), b"http://www.paypa1.com/x");
    assert_eq!(u.as_written(line, Span::new(11, 18)), Span::new(4, 11));
    assert_eq!(u.as_written(line, Span::new(0, 4)), Span::new(0, 0));
}

#[test]
fn any_bytes() {
    let line = b"\xFF\xFEhttps://example.com/caf\xE9 \xC3(\xE9";
    let found: Vec<_> = urls(line).map(|u| u.span).collect();
    assert_eq!(found, [Span::new(2, 26)]);
    for line in [
        &b"http:"[..],
        b"[",
        b"[.",
        b"www.",
        b"a[.]",
        b":\xFF//",
        b"\xE2\x80",
        b"ab://",
    ] {
        assert_eq!(urls(line).count(), 0, "{line:?}");
    }
}

#[test]
fn scheme_relative_urls_where_a_word_starts() {
    assert_eq!(
        found("redirect to //evil.example/x, then (//10.0.0.1:8080/a)"),
        ["//evil.example/x", "//10.0.0.1:8080/a"]
    );
    assert_eq!(found("//cdn.example.com"), ["//cdn.example.com"]);
    assert_eq!(found("«//evil.example»"), ["//evil.example"]);
    assert_eq!(found("href='//evil.example'"), ["//evil.example"]);
    for line in [
        "a//b.example",
        "not a//b.example",
        "// see the docs at foo.example",
        "//TODO: fix",
        "x = 1; //console.log(x)",
        "path //a.b/x",
        "C:///evil.example",
        "//evil.example:123456/x",
        "//evil..example/",
    ] {
        assert_eq!(found(line), Vec::<&str>::new(), "{line}");
    }
    let line = b"see //evil.example/x";
    let u = urls(line).next().unwrap();
    assert!(u.implied_scheme);
    assert_eq!(&*u.url(line), b"http://evil.example/x");
    assert_eq!(u.as_written(line, Span::new(7, 19)), Span::new(2, 14));
}

#[test]
fn markdown_emphasis_around_a_url_is_not_its_own() {
    assert_eq!(
        found("_https://evil.example/x_ ~~https://evil.example~~ **https://x.example**"),
        [
            "https://evil.example/x",
            "https://evil.example",
            "https://x.example"
        ]
    );
    assert_eq!(found("_www.evil.example_"), ["www.evil.example"]);
    assert_eq!(found("*_evil[.]example_*"), ["evil[.]example"]);
    // Inside, they are the URL's.
    assert_eq!(
        found("https://x.example/~user/a_b~c"),
        ["https://x.example/~user/a_b~c"]
    );
    // GFM's entity rule.
    assert_eq!(
        found("https://x.example/?a=1&amp; https://y.example/a;"),
        ["https://x.example/?a=1", "https://y.example/a"]
    );
}

#[test]
fn a_url_that_starts_a_field_ends_with_it() {
    assert_eq!(
        found("2026-01-01,https://evil.example/a,b,200"),
        ["https://evil.example/a"]
    );
    assert_eq!(
        found("a;www.evil.example/x;1|https://b.example/y|2"),
        ["www.evil.example/x", "https://b.example/y"]
    );
    assert_eq!(
        found("1,\"https://x.example/a,b\",2,//c.example/d,e"),
        ["https://x.example/a,b", "//c.example/d"]
    );
    // Elsewhere a comma is a path's.
    assert_eq!(
        found("see https://x.example/a,b and https://x.example/c;d"),
        ["https://x.example/a,b", "https://x.example/c;d"]
    );
}

/// A JSON log's URLs are its strings' text: `\/` a slash, `\"` the
/// string's end; the spans of their warnings cover the escapes as
/// written.
#[test]
fn a_url_in_a_json_string_is_read_with_its_escapes_undone() {
    let line = br#"{"t":1,"referer":"https:\/\/paypa1.com\/a?x=1\u0026y=2","msg":"see \"https://b.example/c\" now"}"#;
    let found: Vec<FoundUrl> = urls(line).collect();
    let [first, second] = found.as_slice() else {
        panic!("{found:?}")
    };
    assert_eq!(
        &line[first.span.range()],
        br"https:\/\/paypa1.com\/a?x=1\u0026y=2"
    );
    assert_eq!(&*first.url(line), b"https://paypa1.com/a?x=1&y=2");
    assert_eq!(&*second.url(line), b"https://b.example/c");
    // `paypa1.com` in the URL read is at 8..18; as written, 10..20.
    assert_eq!(first.as_written(line, Span::new(8, 18)), Span::new(10, 20));
    // `&` stands for the six bytes of `\u0026`.
    let amp = b"https://paypa1.com/a?x=1".len();
    let written = first.as_written(line, Span::new(amp, amp + 1));
    assert_eq!(&line[first.span.range()][written.range()], br"\u0026");
    // After a prefix of its own, a member's value is JSON too; a
    // backslash elsewhere is the URL's.
    let line = br#"Nov 29 app: "url": "http:\/\/a.example\/""#;
    assert_eq!(&*urls(line).next().unwrap().url(line), b"http://a.example/");
    // A container's log wraps the app's JSON line in a string: its
    // URL is escaped twice over.
    let line = br#"{"log":"{\"url\":\"https:\\/\\/paypa1.com\\/a\"}\n","stream":"stdout"}"#;
    let url = urls(line).next().unwrap();
    assert_eq!(&*url.url(line), b"https://paypa1.com/a");
    let written = url.as_written(line, Span::new(8, 18));
    assert_eq!(&line[url.span.range()][written.range()], b"paypa1.com");
    let written = url.as_written(line, Span::new(18, 19));
    assert_eq!(&line[url.span.range()][written.range()], br"\\/");
    let line = br"see http://evil.example\/@good.example/ now";
    let url = urls(line).next().unwrap();
    assert_eq!(&*url.url(line), br"http://evil.example\/@good.example/");
}

#[test]
fn a_tunnel_of_a_proxy_log_is_its_host_and_port() {
    let line = "1767225600.123 42 10.0.0.7 TCP_TUNNEL/200 5120 CONNECT evil.example:443 - HIER_DIRECT/203.0.113.9 -";
    assert_eq!(found(line), ["evil.example:443"]);
    let u = urls(line.as_bytes()).next().unwrap();
    assert!(u.implied_scheme);
    assert_eq!(&*u.url(line.as_bytes()), b"http://evil.example:443");
    assert_eq!(
        found("CONNECT 203.0.113.9:8443 CONNECT [2001:db8::1]:443 CONNECT www.a.example:443"),
        ["203.0.113.9:8443", "[2001:db8::1]:443", "www.a.example:443"]
    );
    for line in [
        "GET evil.example:443",
        "XCONNECT evil.example:443",
        "CONNECT evil.example:443x",
        "CONNECT evil.example:",
        "CONNECT [zz]:443",
        "at 12:30",
    ] {
        assert_eq!(found(line), Vec::<&str>::new(), "{line}");
    }
}

#[test]
fn a_long_line_takes_one_pass() {
    let mut line = Vec::new();
    for _ in 0..20_000 {
        line.extend_from_slice(b"(((([[[.:a[.]b ");
    }
    line.extend_from_slice(b"https://example.com/");
    let found: Vec<_> = urls(&line).collect();
    assert_eq!(found.len(), 20_001);
}
