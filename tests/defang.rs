//! `--defang` against an auto-linker: for hostile URLs of each kind, no
//! line of `explain --defang` holds a name or an address that a ticket
//! system's auto-linker (Jira, ServiceNow, Slack, Outlook) would make a
//! link of, and the report is the plain report with defanging undone
//! (and its lines fitted back into the width: `tests/defang_width.rs`).
//!
//! The auto-linker's rule is written here on its own ([`live_names`]),
//! not borrowed from urlscope: a scheme link, a name starting `www.`, an
//! IPv4 address, or a dotted name whose last label is a top-level domain
//! (a two-letter country code or a common generic one), or that holds one
//! before a page's extension or where a report cut it. A name right after
//! a `/` whose last label is also a file's extension (`/docs/readme.md`,
//! `/x.zip`) is a path's file name: no link starts after a `/`
//! (linkify-it's rule), so it is linked only as part of a URL.

mod common;

use common::{stdout_of, urlscope};

/// The country codes (ISO 3166, as linkify-it lists them).
const COUNTRY_CODES: &str = "ac ad ae af ag ai al am an ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw";

/// Generic top-level domains common in links.
const GENERIC: &str = "zip mov com net org info biz edu gov mil int app dev xyz top online site shop club live tech store cloud link click page name pro mobi asia tel travel jobs museum aero coop cat icu buzz work fun space website host press life world today email support services solutions digital network security bank finance money group company agency systems help zone one vip win bid loan men date review trade science party racing download stream fit rest bar best cam";

const PAGES: [&str; 8] = ["html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi"];

/// Top-level domains that are also files' extensions.
const FILE_DOMAINS: [&str; 11] = [
    "zip", "mov", "md", "py", "sh", "rs", "pl", "pm", "ps", "so", "mk",
];

fn is_tld(label: &str) -> bool {
    let label = label.to_ascii_lowercase();
    COUNTRY_CODES.split(' ').any(|c| c == label) || GENERIC.split(' ').any(|g| g == label)
}

/// What an auto-linker makes a link of in `line`.
fn live_names(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let lower = line.to_ascii_lowercase();
    for scheme in ["http://", "https://", "ftp://", "ftps://"] {
        for (at, _) in lower.match_indices(scheme) {
            let glued = lower[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphabetic());
            if !glued {
                found.push(line[at..].chars().take(30).collect());
            }
        }
    }
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '.' | '-');
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        if !is_word(chars[i].1) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_word(chars[i].1) {
            i += 1;
        }
        let from = chars[start].0;
        let to = chars.get(i).map_or(line.len(), |c| c.0);
        let cut =
            (start > 0 && chars[start - 1].1 == '…') || chars.get(i).is_some_and(|c| c.1 == '…');
        let token = line[from..to].trim_matches(|c| matches!(c, '.' | '-' | '_'));
        let labels: Vec<&str> = token.split('.').filter(|l| !l.is_empty()).collect();
        if labels.len() < 2 {
            continue;
        }
        let octets = labels.len() == 4
            && labels
                .iter()
                .all(|l| l.len() <= 3 && l.bytes().all(|b| b.is_ascii_digit()));
        let last = labels[labels.len() - 1].to_ascii_lowercase();
        let in_path = start > 0 && matches!(chars[start - 1].1, '/' | '\\');
        if in_path
            && FILE_DOMAINS.contains(&last.as_str())
            && !labels[0].eq_ignore_ascii_case("www")
        {
            continue;
        }
        let live = octets
            || labels[0].eq_ignore_ascii_case("www")
            || is_tld(&last)
            || ((PAGES.contains(&last.as_str()) || cut) && labels[1..].iter().any(|l| is_tld(l)));
        if live {
            found.push(token.to_string());
        }
    }
    found
}

#[test]
fn the_auto_linker_rule_links_what_it_should() {
    for line in [
        "Leads to    evil.example.com (public)",
        "→ 127.0.0.1",
        "site 'paypa1.co'",
        "…ecure-login.example.net/login",
        "www.paypal.com.secure-lo…",
        "see https://x",
        "bob@mail.paypal.com",
        "?f=evil.zip",
        "bob@evil.mov",
        "path segment  readme.md",
    ] {
        assert!(!live_names(line).is_empty(), "{line}");
    }
    for line in [
        "hxxps://evil[.]example[.]com/login.php",
        "U+002E  .  FULL STOP",
        "version 1.2.3, index.html, jquery.min.js",
        "10[.]0[.]0[.]1 and [::1]",
        "myhttp://x",
        "hxxps://x[.]example/docs/readme.md/x.zip",
    ] {
        assert!(
            live_names(line).is_empty(),
            "{line}: {:?}",
            live_names(line)
        );
    }
}

/// Hostile URLs of each kind a report names hosts for.
const HOSTILE: &[(&str, &str)] = &[
    ("brand in host", "https://www.paypal.com.secure-login.example.net/login"),
    ("brand in host, long", "https://login.microsoftonline.com.account-verify.evil.co.uk/oauth2/v2.0/authorize?client_id=1"),
    ("look-alike", "https://paypa1.com/signin"),
    ("userinfo", "http://paypal.com@evil.example/"),
    ("userinfo with password", "http://user:pass@evil.example.com/"),
    ("e-mail in the query", "https://unichipwholesale.com/wms/update/?client_id=zhuang.wu@huawei.com"),
    ("loopback", "http://127.0.0.1/%2e%2e/etc/passwd"),
    ("number form", "http://0x7f.1/admin"),
    ("decimal address", "http://2130706433/"),
    ("IPv6", "http://[::1]/admin"),
    ("IPv6 carrying IPv4", "http://[::ffff:127.0.0.1]/"),
    ("metadata", "http://169.254.169.254/latest/meta-data/"),
    ("internal name", "http://metadata.google.internal/computeMetadata/v1/"),
    ("IDN", "https://exämple.com/café"),
    ("percent-encoded host", "https://evil%2Eexample.com/"),
    ("upper case", "https://EVIL.Example.COM/"),
    ("Proofpoint", "https://urldefense.com/v3/__https://www.paypal.com.secure-login.example.net/login__;!!ABC!xyz$"),
    ("Proofpoint v2", "https://urldefense.proofpoint.com/v2/url?u=https-3A__rnicrosoft.com_login&d=DwMFaQ&c=x"),
    ("Safe Links", "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com.secure-login.example%2Fsignin&data=04"),
    ("Google redirect", "https://www.google.com/url?q=http://evil.example&sa=D"),
    ("open redirect", "https://victim.example/login?next=//google.com/%2f.."),
    ("open redirect, null byte", "https://victim.example/login?next=//google%00.com"),
    ("open redirect, encoded scheme", "http://evil.example/?redirect=%68%74%74%70%73%3a%2f%2fpaypal.com"),
    ("two URLs", "https://evil.example/%0Ahttps://paypal.com/"),
    ("base64", "https://r.example/?u=aHR0cHM6Ly9ldmlsLmV4YW1wbGUuY29tL2xvZ2lu"),
    ("JWT", "https://r.example/?t=eyJhbGciOiJub25lIn0.eyJ1cmwiOiJodHRwczovL2V2aWwuZXhhbXBsZS5jb20vbG9naW4iLCJpc3MiOiJsb2dpbi5ldmlsLmNvbSJ9."),
    ("domain in the path", "https://evil.example/www.paypal.com/login.php"),
    ("domain in a value", "https://evil.example/?next=paypal.com&x=login.php"),
    ("page extension", "http://evil.example/paypal.com.php"),
    ("mailto", "mailto:victim@paypal.com?subject=hi"),
    ("javascript", "javascript:fetch('//evil.example.com/x')"),
    ("scheme-relative", "//evil.example.com/path"),
    ("no scheme", "evil.example.com/login"),
    ("defanged input", "hxxps://paypa1[.]com/signin"),
    ("ftp", "ftp://files.evil.example.com/x.zip"),
    ("file-like domain in the query", "https://x.example/?f=evil.zip&g=movie.mov"),
    ("file-like domain after @", "https://user@evil.zip/?to=bob@evil.mov"),
    ("file names in the path", "https://x.example/docs/readme.md/setup.zip"),
    ("excerpt cut mid-URL", "https://a.very.long.subdomain.chain.for.cutting.evil.example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/%252e%252e%252fetc/passwd?next=//paypal.com"),
    ("no scheme, a host alone", "www.paypal.com.secure-login.example.net"),
    ("no scheme, a host alone, quoted cut", "www.paypal.com.secure-login.account-verify.update.example.net"),
];

/// A quote cut in the middle keeps its count (`…(12 more bytes)…`)
/// whole when its line is fitted again: `bytes)…date.example.net'` was
/// cut further into `byt…date[.]example[.]net'`.
#[test]
fn a_cut_quotes_count_stays_whole() {
    for (kind, url) in HOSTILE {
        let plain = stdout_of(&["explain", "--color", "never", url]);
        let defanged = stdout_of(&["explain", "--defang", "--color", "never", url]);
        let counts = |report: &str| report.matches("bytes)…").count();
        assert_eq!(
            counts(&defanged),
            counts(&plain),
            "{kind}: {url}\n{defanged}"
        );
    }
}

/// Defanging changes names, never the punctuation of the sentence a URL
/// ends: `as 'http://www.paypal.com.secure-login.example.net'. In a
/// page's link` was written `…example[.]net'[.] In a page's link`.
#[test]
fn a_full_stop_after_a_url_stays_a_full_stop() {
    for (kind, url) in HOSTILE {
        let report = stdout_of(&["explain", "--defang", "--color", "never", url]);
        for line in report.lines() {
            let bracketed_stop = line.match_indices("[.]").any(|(at, m)| {
                line[at + m.len()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
            });
            assert!(!bracketed_stop, "{kind}: {url}\n{line}");
        }
    }
}

/// Proofpoint's URL Defense v2 writes its destination with `-3A__` for
/// `://` and `_` for `/`: its host is defanged there too, in the URL and
/// in the report's every line, and re-fanging gives the URL back.
#[test]
fn a_proofpoint_v2_destination_is_defanged() {
    let url =
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__rnicrosoft.com_login&d=DwMFaQ&c=x";
    let defanged = stdout_of(&["defang", url]);
    assert_eq!(
        defanged.trim_end(),
        "hxxps://urldefense[.]proofpoint[.]com/v2/url?u=hxxps-3A__rnicrosoft[.]com_login&d=DwMFaQ&c=x"
    );
    assert_eq!(stdout_of(&["clean", defanged.trim_end()]).trim_end(), url);
    let report = stdout_of(&["explain", "--defang", "--color", "never", url]);
    assert!(!report.contains("rnicrosoft.com"), "{report}");
}

#[test]
fn no_line_of_a_defanged_report_holds_a_live_name() {
    for (kind, url) in HOSTILE {
        let report = stdout_of(&["explain", "--defang", "--color", "never", url]);
        for line in report.lines() {
            let live = live_names(line);
            assert!(live.is_empty(), "{kind}: {url}\n{line}\nlive: {live:?}");
        }
    }
}

#[test]
fn a_defanged_report_is_the_report_with_its_names_defanged() {
    for (kind, url) in HOSTILE {
        let plain = stdout_of(&["explain", "--color", "never", url]);
        let defanged = stdout_of(&["explain", "--defang", "--color", "never", url]);
        let mut lines: Vec<String> = defanged.lines().map(str::to_string).collect();
        // A line the plain report holds too (a defanged input, pasted)
        // is no line defanging changed.
        let marked: Vec<usize> = (0..lines.len())
            .filter(|&i| ["[.]", "hxxp", "fxp"].iter().any(|m| lines[i].contains(m)))
            .filter(|&i| !plain.lines().any(|p| p == lines[i]))
            .collect();
        assert!(!marked.is_empty(), "{kind}: nothing defanged");
        // One `refang` for all the defanged lines: the report is the plain
        // one, once undone, but for how its lines are fitted.
        let joined: Vec<&str> = marked.iter().map(|&i| lines[i].as_str()).collect();
        let out = urlscope()
            .arg("refang")
            .write_stdin(joined.join("\n"))
            .output()
            .expect("run");
        let back = String::from_utf8(out.stdout).expect("utf-8");
        assert_eq!(back.lines().count(), marked.len(), "{kind}: {url}\n{back}");
        for (&i, b) in marked.iter().zip(back.lines()) {
            lines[i] = b.to_string();
        }
        // refang reads a line as one URL: text it leaves differs only
        // where the report itself holds a bracketed spelling.
        if let Some(difference) = unfitted_difference(&plain, &lines.join("\n")) {
            panic!("{kind}: {url}\n{difference}\n{defanged}");
        }
    }
}

/// A report's sections (parted by blank lines), each as its words and
/// its number of caret lines: what is left of it when the way its lines
/// are broken and its columns padded is set aside. Carets are checked by
/// [`carets_under_a_defanged_excerpt_mark_the_same_text`].
fn sections(report: &str) -> Vec<(Vec<&str>, usize)> {
    report
        .split("\n\n")
        .map(|section| {
            let (carets, text): (Vec<&str>, Vec<&str>) = section
                .lines()
                .partition(|l| l.contains('^') && l.chars().all(|c| c == ' ' || c == '^'));
            let words = text.iter().flat_map(|l| l.split_whitespace()).collect();
            (words, carets.len())
        })
        .collect()
}

/// Whether `fitted` is the word `word`, or `word` cut further beside
/// each of its `…`: what stands before the first `…` is a start of what
/// stood there, what stands after the last an end of it, what stands
/// between two a part of it.
fn cut_from(fitted: &str, word: &str) -> bool {
    let pieces: Vec<&str> = fitted.split('…').collect();
    let whole: Vec<&str> = word.split('…').collect();
    let last = pieces.len() - 1;
    pieces.len() == whole.len()
        && pieces
            .iter()
            .zip(&whole)
            .enumerate()
            .all(|(i, (p, w))| match (i == 0, i == last) {
                (true, true) => p == w,
                (true, false) => w.starts_with(p),
                (false, true) => w.ends_with(p),
                (false, false) => w.contains(p),
            })
}

/// Where `undone` (a defanged report with its defanging undone) differs
/// from `plain` by more than fitting its lines to the width: a line
/// broken at a space, its rest on the next line or put before the line
/// after it, spaces padded differently, a text cut further beside its
/// `…`. `None` when it differs by no more.
fn unfitted_difference(plain: &str, undone: &str) -> Option<String> {
    let (plain, undone) = (sections(plain), sections(undone));
    if plain.len() != undone.len() {
        return Some(format!(
            "{} sections, the plain report {}",
            undone.len(),
            plain.len()
        ));
    }
    for (n, ((p, p_carets), (u, u_carets))) in plain.iter().zip(&undone).enumerate() {
        if p_carets != u_carets {
            return Some(format!(
                "section {n}: {u_carets} caret lines, the plain report {p_carets}"
            ));
        }
        if p.len() != u.len() {
            return Some(format!(
                "section {n}: {} words, the plain report {}\n{}\n{}",
                u.len(),
                p.len(),
                u.join(" "),
                p.join(" ")
            ));
        }
        if let Some((w, f)) = p.iter().zip(u).find(|(w, f)| !cut_from(f, w)) {
            return Some(format!(
                "section {n}: '{f}' where the plain report has '{w}'"
            ));
        }
    }
    None
}

#[test]
fn a_report_that_differs_by_more_than_its_fitting_is_told_apart() {
    let plain = "\
Leads to    www.paypal.com.sec…-login.example.net (public)
            via query value 'next': https://evil.example/

Warnings
  HIGH   open-redirect
         The query value 'next' leads off-site to 'https://evil.example/': a
         site that redirects to it sends its visitors to 'evil.example'.
         …ml?next=https://evil.example/
                  ^^^^^^^^^^^^^^^^^^^^^
";
    let fitted = "\
Leads to    www.paypal.c…-login.example.net
            (public)
            via query value 'next': https://evil.example/

Warnings
  HIGH   open-redirect
         The query value 'next' leads off-site to
         'https://evil.example/': a site that redirects to it sends its
         visitors to   'evil.example'.
         …ml?next=https://evil.example/
                  ^^^^^^^^^^^^^^^^^^^^^
";
    assert_eq!(unfitted_difference(plain, fitted), None);
    assert_eq!(unfitted_difference(plain, plain), None);
    for mutated in [
        fitted.replace("(public)", "(private)"),
        fitted.replace("paypal.c…", "paypa1.c…"),
        fitted.replace("www.paypal.c…", "paypal.c…"),
        fitted.replace("…-login", "-login"),
        fitted.replace("sends its", "sends it"),
        fitted.replace("'evil.example'", "'evil.example.'"),
        fitted.replace("'next' leads", "'next'  leads  on"),
        fitted.replace("\n\nWarnings", "\nWarnings"),
        fitted.replace("                  ^^^^^^^^^^^^^^^^^^^^^\n", ""),
    ] {
        assert!(
            unfitted_difference(plain, &mutated).is_some(),
            "taken for the plain report:\n{mutated}"
        );
    }
}

#[test]
fn carets_under_a_defanged_excerpt_mark_the_same_text() {
    for (kind, url) in HOSTILE {
        let plain = stdout_of(&["explain", "--color", "never", url]);
        let defanged = stdout_of(&["explain", "--defang", "--color", "never", url]);
        let pairs = |text: &str| -> Vec<(String, String)> {
            let lines: Vec<&str> = text.lines().collect();
            lines
                .windows(2)
                .filter(|w| w[1].contains('^') && w[1].chars().all(|c| c == ' ' || c == '^'))
                .map(|w| {
                    let marked: String = w[0]
                        .chars()
                        .zip(w[1].chars().chain(std::iter::repeat(' ')))
                        .map(|(c, m)| if m == '^' { c } else { ' ' })
                        .collect();
                    (
                        w[0].to_string(),
                        marked.split_whitespace().collect::<Vec<_>>().join(" "),
                    )
                })
                .collect()
        };
        for ((_, p), (line, d)) in pairs(&plain).iter().zip(pairs(&defanged)) {
            let d = d.replace("[.]", ".").replace("hxxp", "http");
            assert_eq!(&d, p, "{kind}: {url}\n{line}");
        }
    }
}

#[test]
fn a_name_is_defanged_the_same_way_on_every_line() {
    // `evil.example` ends in no suffix an auto-linker knows; its URL line
    // writes it defanged, and so does every other line.
    let report = stdout_of(&["explain", "--defang", "http://user@login.evil.example/x"]);
    assert!(!report.contains("evil.example"), "{report}");
    assert!(
        report.contains("Leads to    login[.]evil[.]example"),
        "{report}"
    );
    assert!(
        report.contains("registrable domain 'evil[.]example'"),
        "{report}"
    );
}

#[test]
fn a_paths_file_name_stays_readable_where_a_name_like_it_is_defanged() {
    let url = "https://x.example/docs/readme.md?f=evil.zip";
    let report = stdout_of(&["explain", "--defang", "--color", "never", url]);
    let first = report.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        "URL         hxxps://x[.]example/docs/readme.md?f=evil[.]zip"
    );
    // Alone in a cell, `readme.md` is a name an auto-linker links.
    assert!(report.contains("readme[.]md"), "{report}");
}

#[test]
fn names_that_are_no_hosts_are_left_alone() {
    let url = "https://evil.example/v1.2.3/jquery.min.js/index.html?f=login.php";
    let report = stdout_of(&["explain", "--defang", "--color", "never", url]);
    for kept in [
        "v1.2.3",
        "jquery.min.js",
        "index.html",
        "login.php",
        "U+002E  .  FULL STOP",
    ] {
        assert!(report.contains(kept), "{kept}\n{report}");
    }
    assert!(!report.contains("U+002E  [.]"), "{report}");
}

#[test]
fn the_html_lesson_is_defanged_but_its_style_is_not() {
    let page = stdout_of(&[
        "explain",
        "--html",
        "--defang",
        "https://www.paypal.com.evil.example/x",
    ]);
    assert!(
        page.contains("table.bytes"),
        "the style sheet's selectors are kept"
    );
    for line in page
        .lines()
        .filter(|l| !l.contains('{') && !l.contains('}'))
    {
        assert!(live_names(line).is_empty(), "{line}");
    }
}

#[test]
fn scan_refuses_to_write_a_live_page_under_defang() {
    let dir = std::env::temp_dir().join(format!("urlscope-defang-scan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("log.txt");
    std::fs::write(&log, "https://evil.example/\n").expect("log");
    let page = dir.join("page.html");
    let out = urlscope()
        .args(["scan", "--defang", "--html"])
        .arg(&page)
        .arg(&log)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--defang"));
    assert!(!page.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// In colour (`--color always`, or any terminal) a defanged report is the
/// same report as without, coloured: the escapes take no column, so a
/// URL line is not broken for them, and carets in colour still move to
/// the defanged text (they stayed where the plain text had been). Every
/// colour opened on a line is closed on it.
#[test]
fn a_defanged_report_in_colour_is_laid_out_as_without() {
    let url = "https://login.paypa1.com/signin?next=https://evil.example/x";
    let plain = stdout_of(&["explain", "--color", "never", "--defang", url]);
    let coloured = stdout_of(&["explain", "--color", "always", "--defang", url]);
    assert!(coloured.contains('\x1b'));
    let mut stripped = String::new();
    let mut rest = coloured.as_str();
    while let Some(at) = rest.find("\x1b[") {
        stripped.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find('m').expect("an SGR escape ends with m");
        rest = &after[end + 1..];
    }
    stripped.push_str(rest);
    assert_eq!(stripped, plain);
    for line in coloured.lines().filter(|l| l.contains('\x1b')) {
        let last = line.rfind("\x1b[").expect("an escape");
        assert!(line[last..].starts_with("\x1b[0m"), "{line:?}");
    }
}

/// A host pasted defanged with no scheme is the host it stands for to
/// every command: `clean` gives it back fanged, as `explain` reads it,
/// and `defang` keeps it as it is. A spelling only in the query is the
/// text's own, and is kept.
#[test]
fn a_defanged_host_with_no_scheme_is_read_by_every_command() {
    let clean = |url: &str| stdout_of(&["clean", url]).trim_end().to_owned();
    let defang = |url: &str| stdout_of(&["defang", url]).trim_end().to_owned();
    assert_eq!(clean("paypa1[.]com/signin"), "paypa1.com/signin");
    assert_eq!(defang("paypa1[.]com/signin"), "paypa1[.]com/signin");
    assert_eq!(defang("evil[.]example/login"), "evil[.]example/login");
    assert_eq!(defang("evil.example/login"), "evil[.]example/login");
    assert_eq!(clean("a.txt?q=x[.]y"), "a.txt?q=x%5B.%5Dy");
    assert_eq!(defang("a.txt?q=x[.]y"), "a[.]txt?q=x%5B.%5Dy");
}
