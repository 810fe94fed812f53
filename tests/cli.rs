//! The binary, run as a user runs it, with exact outputs.

mod common;

use common::{carried_values, stdout_of, urlscope};
use predicates::prelude::*;

#[test]
fn clean_helen_example() {
    urlscope()
        .args([
            "clean",
            "http://example.com/admin/login?name=Helen Ødegård&gender=f",
        ])
        .assert()
        .success()
        .stdout("http://example.com/admin/login?name=Helen%20%C3%98deg%C3%A5rd&gender=f\n");
}

#[test]
fn clean_helen_example_with_ipv6_host() {
    urlscope()
        .args([
            "clean",
            "http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]/admin/login?name=Helen Ødegård&gender=f",
        ])
        .assert()
        .success()
        .stdout("http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]/admin/login?name=Helen%20%C3%98deg%C3%A5rd&gender=f\n");
}

#[test]
fn clean_never_double_escapes() {
    urlscope()
        .args(["clean", "http://example.com/redirect?url=a%23b c%2"])
        .assert()
        .stdout("http://example.com/redirect?url=a%23b%20c%252\n");
}

#[test]
fn normalize_example() {
    urlscope()
        .args([
            "normalize",
            "HTTP://Example.COM:80/a/./b/../%7Euser/%41?%3d#x",
        ])
        .assert()
        .stdout("http://example.com/a/~user/A?%3D#x\n");
}

#[test]
fn encode_form_is_java_urlencoder() {
    urlscope()
        .args(["encode", "--as", "form", "The string ü@foo-bar"])
        .assert()
        .stdout("The+string+%C3%BC%40foo-bar\n");
    urlscope()
        .args(["encode", "The string ü@foo-bar"])
        .assert()
        .stdout("The%20string%20%C3%BC%40foo-bar\n");
}

#[test]
fn decode_worked_examples() {
    urlscope()
        .args(["decode", "--escape", "%20%26%20%E2%9C%93"])
        .assert()
        .stdout(" & ✓\n");
    urlscope()
        .args(["decode", "--escape", "caf%C3%A9"])
        .assert()
        .stdout("café\n");
    urlscope()
        .args(["decode", "--escape", "--all", "%252e%252e%252f"])
        .assert()
        .stdout("%2e%2e%2f\n../\n");
    urlscope()
        .args(["decode", "--escape", "a+b%20c"])
        .assert()
        .stdout("a+b c\n");
    urlscope()
        .args(["decode", "--escape", "--form", "a+b%20c"])
        .assert()
        .stdout("a b c\n");
}

#[test]
fn decode_invalid_utf8_is_exit_1_with_the_reason() {
    urlscope()
        .args(["decode", "--escape", "%C4"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("urlscope: invalid UTF-8 at decoded byte 0 (C4): C4 starts a 2-byte sequence, but the bytes end after C4 (use --lossy to substitute U+FFFD)\n");
    urlscope()
        .args(["decode", "--escape", "%C4r"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "C4 starts a 2-byte sequence, but 72 after C4 is not a continuation byte (10xxxxxx)",
        ));
    urlscope()
        .args(["decode", "--escape", "--lossy", "%C4r"])
        .assert()
        .success()
        .stdout("\u{FFFD}r\n");
    urlscope()
        .args(["decode", "--escape", "%C0%AF"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "C0 is in no row of Table 3-6: it can only start an overlong 2-byte form",
        ));
}

#[test]
fn decode_malformed_escape_is_exit_1_unless_lenient() {
    urlscope()
        .args(["decode", "--escape", "100%"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("malformed escape at byte 3"));
    urlscope()
        .args(["decode", "--escape", "--lenient", "100%"])
        .assert()
        .success()
        .stdout("100%\n");
}

/// `decode --all` peels at most 8 layers: when the last still holds
/// escapes it says so, rather than pass the rest off as decoded text.
#[test]
fn decode_all_says_where_it_stopped() {
    let nine = format!("%{}2e", "25".repeat(8));
    urlscope()
        .args(["decode", "--all", "--escape", &nine])
        .assert()
        .success()
        .stdout(predicates::str::ends_with("\n%2e\n"))
        .stderr("urlscope: decode: stopped after 8 layers; the last still holds escapes (decode it again to go on)\n");
    let eight = format!("%{}2e", "25".repeat(7));
    urlscope()
        .args(["decode", "--all", "--escape", &eight])
        .assert()
        .success()
        .stdout(predicates::str::ends_with("\n.\n"))
        .stderr("");
}

#[test]
fn decode_never_prints_control_characters() {
    urlscope()
        .args(["decode", "--escape", "%1B]0;pwned%07%1B[2J"])
        .assert()
        .success()
        .stdout("\\x1b]0;pwned\\x07\\x1b[2J\n");
}

#[test]
fn decode_into_a_pipe_writes_the_bytes() {
    // Standard output here is a pipe: the decoded bytes, exactly.
    urlscope()
        .args(["decode", "a%0Ab"])
        .assert()
        .success()
        .stdout("a\nb");
    // Invalid UTF-8 is data, not an error, when the bytes are wanted.
    let out = urlscope()
        .args(["decode", "%E9t%E9"])
        .output()
        .expect("run");
    assert_eq!(out.stdout, [0xE9, b't', 0xE9]);
    assert_eq!(out.status.code(), Some(0));
    urlscope()
        .args(["decode", "--all", "%252e%252e%252f"])
        .assert()
        .success()
        .stdout("../");
    urlscope()
        .args(["decode", "--as", "js-unescape", "%E9%u20AC%07"])
        .assert()
        .success()
        .stdout("é€\u{7}");
    // A malformed escape is still refused, and --raw and --escape exclude
    // each other.
    urlscope().args(["decode", "100%"]).assert().code(1);
    urlscope()
        .args(["decode", "--raw", "--escape", "a"])
        .assert()
        .code(2);
}

#[test]
fn encode_into_a_pipe_writes_the_text_and_a_newline() {
    urlscope()
        .args(["encode", "tom & jerry/é"])
        .assert()
        .success()
        .stdout("tom%20%26%20jerry%2F%C3%A9\n");
}

/// `urlscope ARGS` run on a pseudo-terminal (util-linux `script`), its
/// output with the terminal's carriage returns taken out; `None` where
/// `script` is missing.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let bin = assert_cmd::cargo::cargo_bin("urlscope");
    let quoted: Vec<String> = std::iter::once(bin.display().to_string())
        .chain(args.iter().map(|a| a.to_string()))
        .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
        .collect();
    let out = std::process::Command::new("script")
        .args(["-qec", &quoted.join(" "), "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stdout).replace('\r', ""))
}

#[test]
fn decode_on_a_terminal_shows_escapes() {
    let Some(shown) = on_a_terminal(&["decode", "%1B]0;pwned%07%0A"]) else {
        eprintln!("skipped: no `script` to make a terminal");
        return;
    };
    assert_eq!(shown, "\\x1b]0;pwned\\x07\\x0a\n");
    let refused = on_a_terminal(&["decode", "%E9t%E9"]).expect("script");
    assert!(refused.contains("invalid UTF-8"), "{refused}");
}

#[test]
fn a_url_pasted_defanged_is_analysed_as_its_url() {
    let out = stdout_of(&["explain", "hxxps://evil[.]example/login"]);
    assert!(
        out.starts_with(
            "Pasted      hxxps://evil[.]example/login\nURL         https://evil.example/login\n"
        ),
        "{out}"
    );
    assert!(out.contains("defanged-input"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "explain",
        "--json",
        "hxxps://evil[.]example/login",
    ]))
    .expect("json");
    assert_eq!(json["input"], "https://evil.example/login");
    assert_eq!(json["defanged"]["pasted"], "hxxps://evil[.]example/login");
    assert_eq!(
        json["defanged"]["changes"][1]["span"],
        serde_json::json!([12, 15])
    );
    assert_eq!(json["defanged"]["changes"][1]["was"], "[.]");
    // scan's spans point into the line as read.
    let dir = std::env::temp_dir().join(format!("urlscope-defanged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let list = dir.join("report.txt");
    std::fs::write(&list, "hxxp://evil[.]example/%2e%2e/%2e%2e/etc/passwd\n").expect("write");
    let out = urlscope()
        .args(["scan", "--json", list.to_str().expect("path")])
        .output()
        .expect("run");
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let input = line["input"].as_str().expect("input");
    for w in line["warnings"].as_array().expect("warnings") {
        if w["code"] == "path-traversal" {
            let (a, b) = (
                w["span"][0].as_u64().unwrap() as usize,
                w["span"][1].as_u64().unwrap() as usize,
            );
            assert_eq!(&input[a..b], "%2e%2e");
        }
    }
}

#[test]
fn defang_writes_every_url_of_the_output_defanged() {
    urlscope()
        .args(["clean", "--defang", "http://evil.example/a b"])
        .assert()
        .success()
        .stdout("hxxp://evil[.]example/a%20b\n");
    let out = stdout_of(&["explain", "--defang", "https://login.evil.example/x"]);
    assert!(
        out.contains("URL         hxxps://login[.]evil[.]example/x"),
        "{out}"
    );
    assert!(!out.contains("https://"), "{out}");
    urlscope()
        .args(["explain", "--json", "--defang", "https://x.example/"])
        .assert()
        .code(2);
    // Each line of clean, normalize and pretty is one URL, defanged whole:
    // a browser opens `http:evil.example` and `//evil.example/x` too.
    for command in ["clean", "normalize", "pretty"] {
        urlscope()
            .args([command, "--defang"])
            .write_stdin("http:evil.example\n//evil.example/x\n")
            .assert()
            .success()
            .stdout("hxxp:evil[.]example\n//evil[.]example/x\n");
    }
}

#[test]
fn explain_json_byte_table_for_cafe() {
    let out = stdout_of(&["explain", "--json", "http://example.com/caf%C3%A9"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let seg = v["components"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["kind"] == "path_segment"))
        .expect("segment");
    assert_eq!(seg["raw"], "caf%C3%A9");
    assert_eq!(seg["decoded"], "café");
    assert_eq!(seg["decoded_valid_utf8"], true);
    assert_eq!(seg["span"], serde_json::json!([19, 28]));
    let c3 = &seg["bytes"][3];
    assert_eq!(c3["hex"], "C3");
    assert_eq!(c3["bin"], "11000011");
    assert_eq!(c3["source"], "%C3");
    assert_eq!(c3["role"], "lead");
    assert_eq!(c3["seq_len"], 2);
    assert_eq!(c3["codepoint"], "U+00E9");
    let a9 = &seg["bytes"][4];
    assert_eq!(a9["bin"], "10101001");
    assert_eq!(a9["role"], "continuation");
    assert_eq!(a9["codepoint"], "U+00E9");
    assert_eq!(v["clean"], "http://example.com/caf%C3%A9");
    assert_eq!(v["normalized"], "http://example.com/caf%C3%A9");
    assert_eq!(v["warnings"], serde_json::json!([]));
}

#[test]
fn explain_json_warnings_contract() {
    let out = stdout_of(&["explain", "--json", "/a/%252e%252e%252fetc?x=%C4"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let warnings = v["warnings"].as_array().expect("warnings");
    let de = warnings
        .iter()
        .find(|w| w["code"] == "double-encoding")
        .expect("double-encoding");
    assert_eq!(de["severity"], "medium");
    assert_eq!(de["span"], serde_json::json!([3, 18]));
    assert_eq!(de["component"], 1);
    assert!(de["message"]
        .as_str()
        .is_some_and(|m| m.contains("2 layers")));
    let t = warnings
        .iter()
        .find(|w| w["code"] == "path-traversal")
        .expect("traversal");
    assert_eq!(t["severity"], "high");
    let bad = warnings
        .iter()
        .find(|w| w["code"] == "invalid-utf8")
        .expect("invalid");
    assert_eq!(bad["span"], serde_json::json!([24, 27]));
    let value = &v["components"][3];
    assert_eq!(value["kind"], "query_value");
    assert_eq!(value["decoded_valid_utf8"], false);
    assert_eq!(value["bytes"][0]["role"], "invalid");
    assert_eq!(value["bytes"][0]["problem"], "truncated sequence");
    assert_eq!(
        v["components"][1]["layers"],
        serde_json::json!(["%2e%2e%2fetc", "../etc"])
    );
}

#[test]
fn explain_form_rules_and_no_form() {
    let v: serde_json::Value =
        serde_json::from_str(&stdout_of(&["explain", "--json", "/a+b?q=a+b"])).expect("json");
    assert_eq!(v["components"][0]["decoded"], "a+b");
    assert_eq!(v["components"][2]["decoded"], "a b");
    let v: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "explain",
        "--json",
        "--no-form",
        "/a+b?q=a+b",
    ]))
    .expect("json");
    assert_eq!(v["components"][2]["decoded"], "a+b");
}

#[test]
fn explain_report_exact() {
    let out = stdout_of(&["explain", "--color", "never", "/caf%C3%A9?q=a+b"]);
    let expected = "\
URL         /caf%C3%A9?q=a+b
Reading     relative reference (no scheme or host), 16 bytes, 3 components,
            0 warnings
Leads to    no host (a relative reference: read against the page it is on)

Components
    #  kind          bytes       raw → decoded
    0  path segment  1-10        caf%C3%A9 → café
    1  query key     11-12       q
    2  query value   13-16       a+b → a b

Bytes
  [0] path segment  caf%C3%A9 → café
      from   hex binary     role      character
      c      63  0|1100011  ascii     U+0063  c  LATIN SMALL LETTER C
      a      61  0|1100001  ascii     U+0061  a  LATIN SMALL LETTER A
      f      66  0|1100110  ascii     U+0066  f  LATIN SMALL LETTER F
      %C3    C3  110|00011  lead 1/2  U+00E9  é  LATIN SMALL LETTER E WITH ACUTE
      %A9    A9  10|101001  cont 2/2  ╰ U+00E9
  [1] query key  q
      from   hex binary     role   character
      q      71  0|1110001  ascii  U+0071  q  LATIN SMALL LETTER Q
  [2] query value  a+b → a b
      from   hex binary     role   character
      a      61  0|1100001  ascii  U+0061  a  LATIN SMALL LETTER A
      + (sp) 20  0|0100000  ascii  U+0020  ␠  SPACE
      b      62  0|1100010  ascii  U+0062  b  LATIN SMALL LETTER B

Warnings
  none

UTF-8, bit by bit (Unicode Tables 3-5 and 3-6)
  Table 3-5: UTF-8 bit distribution; Table 3-6: well-formed UTF-8 byte sequences
  (Tables 3-6 and 3-7 in chapter 3 of Unicode 6.0 to 15.0)
  U+00E9 é  pattern 110yyyyy 10xxxxxx
      bytes   110|00011 10|101001
      payload 00011 101001 = U+00E9

Clean       /caf%C3%A9?q=a+b
Normalized  /caf%C3%A9?q=a+b
";
    assert_eq!(out, expected);
}

#[test]
fn explain_reads_stdin_and_files_as_bytes() {
    urlscope()
        .args(["explain", "--json", "-"])
        .write_stdin(b"/caf\xE9\n".to_vec())
        .assert()
        .success()
        .stdout(predicate::str::contains("\"decoded_valid_utf8\":false"));
    let dir = std::env::temp_dir().join(format!("urlscope-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("url.txt");
    std::fs::write(&file, b"http://x/\xFF\r\n").expect("write");
    let out = stdout_of(&["explain", "--json", "--file", file.to_str().expect("path")]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["components"][2]["bytes"][0]["hex"], "FF");
    assert_eq!(
        v["components"][2]["bytes"][0]["problem"],
        "never valid in UTF-8"
    );
    urlscope()
        .args(["clean", "--file", file.to_str().expect("path")])
        .assert()
        .stdout("http://x/%FF\n");
}

#[test]
fn missing_file_is_exit_2_with_one_line() {
    urlscope()
        .args(["explain", "--file", "/nonexistent/urlscope"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::starts_with("urlscope: cannot read /nonexistent/urlscope:")
                .and(predicate::str::ends_with("\n")),
        );
}

#[test]
fn usage_errors_exit_2() {
    urlscope()
        .args(["encode", "--as", "klingon", "x"])
        .assert()
        .code(2);
    urlscope()
        .args(["explain"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no URL given"));
    urlscope().args(["frobnicate", "x", "y"]).assert().code(2);
}

#[test]
fn hostile_bytes_never_reach_the_terminal() {
    let hostile = "http://ex\u{1b}]0;owned\u{7}ample.com/\u{1b}[2J\u{9b}31m/%1B]52;c;SGVsbG8=%07/\u{202E}gpj.exe?a=%E2%80%AE";
    for color in ["never", "always"] {
        for args in [
            vec!["explain", "--color", color, hostile],
            vec!["explain", "--json", hostile],
            vec!["--color", color, hostile],
        ] {
            let out = urlscope().args(&args).output().expect("run");
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).expect("utf-8");
            common::assert_terminal_safe(&format!("{args:?}"), &text);
            if color == "never" {
                assert!(!text.contains('\u{1b}'));
            }
        }
    }
}

/// `urlscope ARGS`, its standard output closed once one byte was read
/// (`| head -c1`): what it left on exit.
fn closed_after_one_byte<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Output {
    use std::io::Read;
    use std::process::{Command as StdCommand, Stdio};
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("urlscope"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut one = [0u8; 1];
    stdout.read_exact(&mut one).expect("first byte");
    drop(stdout);
    child.wait_with_output().expect("wait")
}

#[test]
fn closed_stdout_exits_quietly() {
    let long = format!("http://x/{}", "a%C3%A9".repeat(10_000));
    // The JSON report's writer goes through serde's, which must keep the
    // broken pipe a broken pipe.
    for format in ["--color=never", "--json"] {
        let out = closed_after_one_byte(&["explain", format, &long]);
        assert!(out.status.success(), "{format}: {:?}", out.status);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{format}");
    }
}

/// A misspelt option where the URL goes is refused with the option meant
/// (it was analysed as a relative URL, or called a split URL); after `--`
/// it is a URL as asked.
#[test]
fn a_misspelt_option_is_named_not_inspected() {
    urlscope()
        .args(["explain", "--jsn", "http://x.com/"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "'--jsn' is not an option; did you mean '--json'?",
        ))
        // The URL after it is its own word, not part of the URL '--jsn'.
        .stderr(predicates::str::contains(
            "put it after '--': urlscope explain -- --jsn\n",
        ));
    urlscope()
        .args(["clean", "--defnag"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("did you mean '--defang'?"))
        .stderr(predicates::str::contains("urlscope clean -- --defnag"));
    urlscope()
        .args(["explain", "--", "--jsn"])
        .assert()
        .success()
        .stdout(predicates::str::contains("URL         --jsn"));
}

/// Another command's option where the URL goes is refused, not cleaned as
/// the URL `--json` with standard input left unread (status 0); an option
/// among several words is named, not called a URL the shell split.
#[test]
fn another_commands_option_is_named_not_inspected() {
    urlscope()
        .args(["clean", "--json"])
        .write_stdin("http://x.com/a b\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains(
            "'--json' is not an option of 'urlscope clean'; it is one of urlscope explain, urlscope scan.",
        ))
        .stderr(predicates::str::contains("urlscope clean -- --json"));
    urlscope()
        .args(["explain", "--min-severity", "high", "http://x.com/"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "'--min-severity' is not an option of 'urlscope explain'; it is one of urlscope scan.",
        ))
        .stderr(predicates::str::contains("quote it").not());
    urlscope()
        .args(["explain", "-j", "http://x.com/"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "'-j' is not an option of 'urlscope explain' (see 'urlscope explain --help').",
        ));
    urlscope()
        .args(["decode", "--al", "%2541"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("did you mean '--all'?"));
    // A URL the shell split is still one, and a word starting with '-'
    // alone is still a URL or a text.
    urlscope()
        .args(["clean", "http://x.com/a", "b"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("quote it"));
    urlscope()
        .args(["encode", "-._~"])
        .assert()
        .success()
        .stdout("-._~\n");
    urlscope()
        .args(["clean", "--", "--json"])
        .assert()
        .success()
        .stdout("--json\n");
}

/// A byte-order mark at the start of a file or of standard input is the
/// file's: the URL after it is read as the URL it is.
#[test]
fn a_byte_order_mark_ahead_of_the_url_is_the_files() {
    urlscope()
        .args(["explain", "--color", "never"])
        .write_stdin("\u{feff}https://rnicrosoft.com/\n")
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "URL         https://rnicrosoft.com/",
        ))
        .stdout(predicates::str::contains("lookalike-domain"));
}

/// `scan | head -n1`: the reader left while a flagged line was being
/// written, so the status says something was flagged (1), never 0.
#[test]
fn scan_with_its_reader_gone_still_says_it_flagged() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("urlscope-head-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("many.txt");
    let lines = "http://x/%252e%252e/etc/passwd\n".repeat(20_000);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(lines.as_bytes()))
        .expect("write");
    let out = closed_after_one_byte(&[std::ffi::OsStr::new("scan"), path.as_os_str()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{:?}", out.status);
}

#[test]
fn default_command_shows_the_builtin_example() {
    let out = stdout_of(&["--color", "never"]);
    assert!(out.starts_with("URL         https://exämple.com"), "{out}");
    assert!(out.contains("double-encoding"));
}

#[test]
fn encode_every_dialect_on_the_characters_where_they_differ() {
    urlscope()
        .args(["encode", "--all", "!'()*~[] +%é"])
        .assert()
        .success()
        .stdout(
            "component            %21%27%28%29%2A~%5B%5D%20%2B%25%C3%A9\n\
         form                 %21%27%28%29*%7E%5B%5D+%2B%25%C3%A9\n\
         js-uri               !'()*~%5B%5D%20+%25%C3%A9\n\
         js-component         !'()*~%5B%5D%20%2B%25%C3%A9\n\
         js-escape            %21%27%28%29*%7E%5B%5D%20+%25%E9\n\
         python-quote         %21%27%28%29%2A~%5B%5D%20%2B%25%C3%A9\n\
         python-quote-plus    %21%27%28%29%2A~%5B%5D+%2B%25%C3%A9\n\
         whatwg-path          !'()*~[]%20+%%C3%A9\n\
         whatwg-query         !'()*~[]%20+%%C3%A9\n\
         whatwg-special-query !%27()*~[]%20+%%C3%A9\n\
         whatwg-fragment      !'()*~[]%20+%%C3%A9\n\
         whatwg-userinfo      !'()*~%5B%5D%20+%%C3%A9\n\
         clean                !'()*~%5B%5D%20+%25%C3%A9\n\
         firefox-bar          !%27()*~[]%20+%%C3%A9\n\
         chrome-bar           !'()*~[]%20+%%C3%A9\n",
        );
    urlscope()
        .args(["encode", "--as", "js-escape", "é€😀"])
        .assert()
        .stdout("%E9%u20AC%uD83D%uDE00\n");
}

#[test]
fn decode_dialects_and_the_errors_they_raise() {
    let cases: &[(&str, &str, Result<&str, &str>)] = &[
        ("js-uri", "a%2Fb%20c%3F", Ok("a%2Fb c%3F\n")),
        ("js-component", "a%2Fb%20c%3F", Ok("a/b c?\n")),
        (
            "js-component",
            "%E9",
            Err("js-component: URIError: URI malformed"),
        ),
        ("js-unescape", "%E9%u20AC", Ok("é€\n")),
        ("python-unquote", "a+b%E9", Ok("a+b\u{FFFD}\n")),
        ("python-unquote-plus", "a+b%20c", Ok("a b c\n")),
        ("java", "a+b%20c", Ok("a b c\n")),
        (
            "java",
            "a%G1",
            Err("java: java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters"),
        ),
        ("whatwg", "100%%C3%A9", Ok("100%é\n")),
    ];
    for (dialect, input, want) in cases {
        let out = urlscope()
            .args(["decode", "--escape", "--as", dialect, input])
            .output()
            .expect("run");
        match want {
            Ok(text) => {
                assert!(out.status.success(), "{dialect} {input}");
                assert_eq!(
                    String::from_utf8_lossy(&out.stdout),
                    *text,
                    "{dialect} {input}"
                );
            }
            Err(message) => {
                assert_eq!(out.status.code(), Some(1), "{dialect} {input}");
                assert!(
                    String::from_utf8_lossy(&out.stderr).contains(message),
                    "{dialect} {input}"
                );
            }
        }
    }
}

// Issue 16, item 1: text that starts with '-' is text; real options still work.

#[test]
fn text_arguments_may_start_with_a_hyphen() {
    urlscope()
        .args(["encode", "-._~"])
        .assert()
        .success()
        .stdout("-._~\n");
    urlscope()
        .args(["encode", "-a b", "--as", "form"])
        .assert()
        .success()
        .stdout("-a+b\n");
    urlscope()
        .args(["decode", "--escape", "-%41"])
        .assert()
        .success()
        .stdout("-A\n");
    urlscope()
        .args(["encode", "--", "--all"])
        .assert()
        .success()
        .stdout("--all\n");
    urlscope()
        .args(["clean", "-x y"])
        .assert()
        .success()
        .stdout("-x%20y\n");
    urlscope()
        .args(["normalize", "-/a/%7e"])
        .assert()
        .success()
        .stdout("-/a/~\n");
    urlscope()
        .args(["pretty", "-%C3%A9"])
        .assert()
        .success()
        .stdout("-é\n");
    let v: serde_json::Value =
        serde_json::from_str(&stdout_of(&["explain", "-x", "--json"])).expect("json");
    assert_eq!(v["input"], "-x");
    urlscope()
        .args(["--color", "never", "-._~"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("URL         -._~\n"));
}

// Item 2: standard input, one URL per line.

#[test]
fn piped_urls_are_handled_one_per_line() {
    let input = "HTTP://A.example/./x\n\n  \nhttp://b.example/%7e\r\n";
    urlscope()
        .arg("normalize")
        .write_stdin(input)
        .assert()
        .success()
        .stdout("http://a.example/x\nhttp://b.example/~\n");
    urlscope()
        .arg("clean")
        .write_stdin("http://a/b c\nhttp://a/é\n")
        .assert()
        .success()
        .stdout("http://a/b%20c\nhttp://a/%C3%A9\n");
    urlscope()
        .arg("pretty")
        .write_stdin("http://a/%C3%A9\n")
        .assert()
        .success()
        .stdout("http://a/é\n");
    urlscope()
        .args(["clean", "-"])
        .write_stdin("a b\nc d")
        .assert()
        .success()
        .stdout("a%20b\nc%20d\n");
}

#[test]
fn piped_explain_json_is_one_object_per_line() {
    let out = urlscope()
        .args(["explain", "--json"])
        .write_stdin("http://a/\n\nhttp://b/%2e%2e/\n")
        .output()
        .expect("run");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let inputs: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON object per line");
            v["input"].as_str().expect("input").to_string()
        })
        .collect();
    assert_eq!(inputs, ["http://a/", "http://b/%2e%2e/"]);
}

#[test]
fn piped_explain_reports_are_separated_by_a_rule() {
    let rule = "─".repeat(80);
    for args in [&["explain", "--color", "never"][..], &["--color", "never"]] {
        let out = urlscope()
            .args(args)
            .write_stdin("/a\n/b\n")
            .output()
            .expect("run");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let one = stdout_of(&["explain", "--color", "never", "/a"]);
        let two = stdout_of(&["explain", "--color", "never", "/b"]);
        assert_eq!(text, format!("{one}\n{rule}\n\n{two}"), "{args:?}");
    }
}

#[test]
fn empty_or_absent_standard_input() {
    // The default command falls back to the built-in example, as with no
    // standard input at all.
    urlscope()
        .args(["--color", "never"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "URL         https://exämple.com",
        ));
    // Nothing but blank lines is no URL.
    urlscope()
        .arg("explain")
        .write_stdin("\n \n")
        .assert()
        .code(2)
        .stderr("urlscope: no URL given: standard input had no line with a URL\n");
    // /dev/null (what cron and CI give) is not a pipe: nothing given.
    let null = std::process::Command::new(assert_cmd::cargo::cargo_bin("urlscope"))
        .arg("clean")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run");
    assert_eq!(null.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&null.stderr),
        "urlscope: no URL given: pass one as an argument, '-' for standard input (one URL per line), or --file PATH\n"
    );
}

// Item 3: mistakes get a useful answer.

#[test]
fn a_misspelt_command_is_refused_with_the_command_meant() {
    urlscope()
        .args(["exlpain", "http://x.com/"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "urlscope: 'exlpain' is not a command; did you mean 'explain'?\n  \
             urlscope explain http://x.com/\n\
             To inspect 'exlpain' as a URL, put it after '--':\n  \
             urlscope -- exlpain\n",
        );
    urlscope()
        .args(["--color", "never", "clena"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "urlscope: 'clena' is not a command; did you mean 'clean'?\n  urlscope --color never clean\n",
        ));
    // After '--' it is a URL, as the hint says.
    urlscope()
        .args(["--color", "never", "--", "exlpain"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("URL         exlpain\n"));
    // A word far from every command, or anything URL-shaped, is a URL.
    urlscope()
        .args(["--color", "never", "index"])
        .assert()
        .success();
    urlscope()
        .args(["--color", "never", "explain.html"])
        .assert()
        .success();
}

#[test]
fn a_url_split_by_the_shell_is_refused_with_a_hint_to_quote_it() {
    urlscope()
        .args(["http://example.com/a", "b", "c"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "urlscope: 3 arguments where one URL is expected. If it is one URL with spaces \
             (or '&', '?', '*', ';'), quote it:\n  \
             urlscope 'http://example.com/a b c'\n\
             Several URLs go on standard input, one per line.\n",
        );
    urlscope()
        .args(["explain", "--json", "http://x/a", "--no-form", "b"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "\n  urlscope explain --json 'http://x/a b' --no-form\n",
        ));
    urlscope()
        .args(["encode", "a", "b"])
        .assert()
        .code(2)
        .stderr(
            "urlscope: 2 arguments where one TEXT is expected. If it is one TEXT with spaces \
             (or '&', '?', '*', ';'), quote it:\n  urlscope encode 'a b'\n",
        );
}

#[test]
fn help_states_the_exit_statuses() {
    urlscope()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "Exit status:\n  \
             0  success, whatever the warnings (scan: nothing flagged)\n  \
             1  scan flagged a line; decode met input it cannot decode, or an encoder refused it\n  \
             2  a usage error, or input that cannot be read\n  \
             130  the inspector was ended with Ctrl-C\n",
        ));
}

/// Each carried value's sub-report shows its components as the outer
/// report does: raw text, what it decodes to, and every decoding layer.
#[test]
fn explain_carried_values_show_raw_decoded_and_layers() {
    let carried =
        carried_values("https://a.example/?u=aHR0cHM6Ly9ldmlsLmV4YW1wbGUvJTI1MmUlMjUyZS8=");
    assert!(
        carried.contains(
            "      path segment  %252e%252e → %2e%2e\n                    layers: '%252e%252e' → '%2e%2e' → '..'\n"
        ),
        "{carried}"
    );
    assert!(carried.contains("HIGH path-traversal"), "{carried}");
}

#[test]
fn defang_writes_urls_that_are_no_longer_links() {
    assert_eq!(
        stdout_of(&["defang", "https://login.evil.example/signin?next=a.b"]),
        "hxxps://login[.]evil[.]example/signin?next=a.b\n"
    );
    urlscope()
        .arg("defang")
        .write_stdin("http://a.example/\nftp://files.example.org/x\n")
        .assert()
        .success()
        .stdout("hxxp://a[.]example/\nfxp://files[.]example[.]org/x\n");
    // What a browser drops is dropped, so the URL refanged is the one it
    // opens: a tab inside, spaces at the ends.
    assert_eq!(
        stdout_of(&["defang", " https://evil.exa\tmple/login "]),
        "hxxps://evil[.]example/login\n"
    );
}

#[test]
fn refang_gives_the_defanged_url_back() {
    assert_eq!(
        stdout_of(&["refang", "hxxps://evil[.]example(.)com/log[dot]in"]),
        "https://evil.example.com/log.in\n"
    );
    let url = "https://user@sub.evil.example:8443/a.php?x=1#f";
    let defanged = stdout_of(&["defang", url]);
    assert_eq!(
        stdout_of(&["refang", defanged.trim_end()]),
        format!("{url}\n")
    );
    // The URL's own `[.]` is escaped, not read as a dot: it comes back
    // the same path, with its brackets escaped. `clean --defang` likewise.
    let url = "https://example.com/a]b[.]c";
    let defanged = stdout_of(&["defang", url]);
    assert_eq!(defanged, "hxxps://example[.]com/a]b%5B.%5Dc\n");
    assert_eq!(
        stdout_of(&["refang", defanged.trim_end()]),
        "https://example.com/a]b%5B.%5Dc\n"
    );
    let cleaned = stdout_of(&["clean", "--defang", url]);
    assert_eq!(cleaned, "hxxps://example[.]com/a%5Db%5B.%5Dc\n");
    assert_eq!(
        stdout_of(&["refang", cleaned.trim_end()]),
        stdout_of(&["clean", url])
    );
}

/// `refang --base` resolves as `defang --base` does: the reference and the
/// base refanged first, the target written as `refang` writes a URL.
#[test]
fn refang_with_a_base_resolves() {
    assert_eq!(
        stdout_of(&[
            "refang",
            "--base",
            "hxxps://evil[.]example/a/b",
            "../c[.]php"
        ]),
        "https://evil.example/c.php\n"
    );
    assert_eq!(
        stdout_of(&[
            "refang",
            "--base",
            "https://x.example/",
            "hxxp://evil[.]example/a\x1b"
        ]),
        "http://evil.example/a%1B\n"
    );
    assert_eq!(
        stdout_of(&["defang", "--base", "https://evil.example/a/b", "../c.php"]),
        "hxxps://evil[.]example/c.php\n"
    );
    // Where a browser resolves elsewhere, standard error says so, as
    // `resolve` does.
    urlscope()
        .args([
            "refang",
            "--base",
            "hxxps://evil[.]example/a/b",
            "/\\evil2[.]example/x",
        ])
        .assert()
        .success()
        .stdout("https://evil.example/\\evil2.example/x\n")
        .stderr(predicate::str::contains(
            "a WHATWG parser resolves '/\\evil2.example/x' to https://evil2.example/x",
        ));
}

/// A payload written in digits is taken apart byte by byte, each byte with
/// the two digits whose bits make it: a teacher's base64 and hex.
#[test]
fn explain_shows_each_payload_byte_with_its_digits() {
    let out = carried_values("https://example.com/r?next=aHR0cHM6Ly9ldmlsLmV4YW1wbGUubmV0L2xvZ2lu");
    let expected = "\
    each byte is made of two digits' bits, as the first: 'a' is 26 (011010) and
      'H' is 7 (000111): the byte is 011010 (all of 'a') then 00 (the first 2
      bits of 'H') = 0x68
    from   hex binary     role   character
    aH     68  011010|00  ascii  U+0068  h  LATIN SMALL LETTER H
    HR     74  0111|0100  ascii  U+0074  t  LATIN SMALL LETTER T
    R0     74  01|110100  ascii  U+0074  t  LATIN SMALL LETTER T
";
    assert!(out.contains(expected), "{out}");
    // Hex: a byte is two digits; 'é' keeps its UTF-8 lead and continuation.
    let out = carried_values(
        "https://example.com/r?d=68747470733a2f2f6576696c2e6578616d706c652f636166c3a9",
    );
    assert!(out.contains("    c3     C3  1100|0011  lead 1/2"), "{out}");
    assert!(out.contains("    a9     A9  1010|1001  cont 2/2"), "{out}");
}

/// A corrected URL kept as written because its meaning depends on the
/// page (`http:e.com/x`, a relative path on an `http:` page) is still
/// read apart by a browser and RFC 3986 parsers: standard error says so
/// after it, for `clean`, `normalize` and `pretty` alike, and a URL read
/// alike gets no note.
#[test]
fn a_corrected_url_read_apart_is_noted_on_standard_error() {
    let note = "urlscope: the URL printed leads to e.com (public; what a browser opens), but RFC 3986 parsers such as Python's urllib.parse read no host";
    for command in ["clean", "normalize", "pretty"] {
        urlscope()
            .args([command, "http:e.com/x"])
            .assert()
            .success()
            .stdout("http:e.com/x\n")
            .stderr(predicate::str::starts_with(note));
        urlscope()
            .args([command, "http://e.com/x"])
            .assert()
            .success()
            .stderr("");
    }
}

/// Under `--defang` the notes on standard error name their hosts
/// defanged, as the output does: a report pasted with them holds no live
/// link.
#[test]
fn notes_are_defanged_under_defang() {
    for (args, host) in [
        (&["clean", "--defang", "http:e.com/x"][..], "e[.]com"),
        (
            &["normalize", "--defang", r"http://evil.com\@good.com/"][..],
            "good[.]com",
        ),
        (
            &["resolve", "--defang", "http://a.example/", r"/\evil.com/x"][..],
            "hxxp://evil[.]com/x",
        ),
    ] {
        let out = urlscope().args(args).output().expect("run");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(host), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("e.com") && !stderr.contains("http://"),
            "{args:?}: {stderr}"
        );
    }
}
