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
        b"https://paypa1.com/signin\nhttps://www.paypal.com.evil.example/login\n",
    );
    let (stdout, rows) = json_scan(&f);
    assert_eq!(rows.len(), 2, "{stdout}");
    let i = &rows[0]["imitates"];
    assert_eq!(i["domain"], "paypal.com");
    assert_eq!(i["brand"], "PayPal");
    assert_eq!(i["family"], "homoglyph");
    assert_eq!(i["span"], serde_json::json!([13, 14]));
    // A brand's name in the host imitates no domain by an edit.
    assert!(rows[1].get("imitates").is_none(), "{}", rows[1]);
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
        .write_all(b"https://example.com/ok\nhttp://a/%2e%2e/etc/passwd\n")
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
        "-:2: high path-traversal,sensitive-file: http://a/%2e%2e/etc/passwd\n"
    );
}
