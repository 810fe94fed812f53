//! `scan --format text` finds the URLs linkifiers and analysts see in
//! prose, markdown, CSV exports and proxy logs, and reports each as it is
//! written in the line, its spans pointing into that text.

mod common;

use common::urlscope;

/// The records `scan --json ARGS` writes for `text`.
fn scan_json(args: &[&str], text: &str) -> Vec<serde_json::Value> {
    let out = urlscope()
        .args(["scan", "--json"])
        .args(args)
        .write_stdin(text)
        .output()
        .expect("run");
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("json"))
        .collect()
}

/// The records `scan --format text --json` writes for `text`: each URL as
/// written, and the bytes of the warnings' first span in it.
fn records(text: &str) -> Vec<(String, String)> {
    scan_json(&["--format", "text", "--min-severity", "info"], text)
        .into_iter()
        .map(|record| {
            let input = record["input"].as_str().expect("input").to_string();
            let span = &record["warnings"][0]["span"];
            let (start, end) = (span[0].as_u64().unwrap(), span[1].as_u64().unwrap());
            let marked = input[start as usize..end as usize].to_string();
            (input, marked)
        })
        .collect()
}

#[test]
fn a_scheme_relative_url_in_prose_is_found() {
    assert_eq!(
        records("please redirect to //paypa1.com/x, not a//paypa1.com\n"),
        [("//paypa1.com/x".to_string(), "1".to_string())]
    );
}

#[test]
fn markdown_emphasis_is_not_the_urls() {
    let found: Vec<String> =
        records("_https://paypa1.com/x_ ~~https://paypa1.com~~ **https://paypa1.com**\n")
            .into_iter()
            .map(|(input, _)| input)
            .collect();
    assert_eq!(
        found,
        [
            "https://paypa1.com/x",
            "https://paypa1.com",
            "https://paypa1.com"
        ]
    );
}

#[test]
fn a_csv_field_ends_the_url() {
    assert_eq!(
        records("2026-01-01,https://paypa1.com/a,b,200\n"),
        [("https://paypa1.com/a".to_string(), "1".to_string())]
    );
}

#[test]
fn a_squid_tunnel_is_its_host_and_port() {
    let line = "1767225600.123 42 10.0.0.7 TCP_TUNNEL/200 5120 CONNECT paypa1.com:443 - HIER_DIRECT/203.0.113.9 -\n";
    assert_eq!(
        records(line),
        [("paypa1.com:443".to_string(), "1".to_string())]
    );
}

/// A list whose format `scan` chose (one URL a line) may hold a note in
/// prose: the URLs found in it are triaged, not the line read whole; a
/// URL line with a space in it is still one URL, and a list asked for
/// with `--format lines` is read only line by line.
#[test]
fn a_note_among_a_list_of_urls_has_its_urls_found() {
    let list =
        "https://example.com/a\nhttps://example.com/b c\nsee hxxps://paypa1[.]com/login today\n";
    let scan = |format: &[&str]| -> Vec<String> {
        scan_json(format, list)
            .iter()
            .map(|record| record["input"].as_str().expect("input").to_string())
            .collect()
    };
    assert_eq!(scan(&[]), ["hxxps://paypa1[.]com/login"]);
    assert!(scan(&["--format", "lines"]).is_empty());
}

/// A JSON log's URLs are its strings' text: escaped slashes are the
/// encoder's (no backslash warning on every URL of the log), `\"` ends a
/// URL, and what the URL itself holds is still found, marked on the
/// bytes as written.
#[test]
fn a_json_logs_escapes_are_the_encoders() {
    let log = concat!(
        r#"{"ts":1,"referer":"https:\/\/www.example.com\/a\/b?x=1\u0026y=2","ua":"x"}"#,
        "\n",
        r#"{"msg":"see \"https://www.example.com/a\" now"}"#,
        "\n",
        r#"{"ts":2,"url":"https:\/\/paypa1.com\/signin"}"#,
        "\n",
        r#"{"ts":3,"url":"http:\/\/evil.example\\@good.example\/"}"#,
        "\n",
    );
    let found = scan_json(&["--format", "text"], log);
    let inputs: Vec<&str> = found.iter().map(|r| r["input"].as_str().unwrap()).collect();
    assert_eq!(
        inputs,
        [
            r"https:\/\/paypa1.com\/signin",
            r"http:\/\/evil.example\\@good.example\/"
        ]
    );
    let codes = |r: &serde_json::Value| -> Vec<String> {
        let warnings = r["warnings"].as_array().unwrap();
        warnings
            .iter()
            .map(|w| w["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(codes(&found[0]), ["lookalike-domain"]);
    let span = &found[0]["warnings"][0]["span"];
    let (start, end) = (
        span[0].as_u64().unwrap() as usize,
        span[1].as_u64().unwrap() as usize,
    );
    assert_eq!(&inputs[0][start..end], "1");
    // The backslash the client sent, escaped by the log, is still seen.
    assert!(
        codes(&found[1]).contains(&"userinfo".to_string()),
        "{:?}",
        codes(&found[1])
    );
}

/// A reported e-mail, as the mail client saved it: its links are read
/// from the decoded parts (quoted-printable's soft line breaks and `=3D`,
/// base64, an attached message), not from the encoded text, each once.
#[test]
fn an_email_messages_links_are_read_from_its_decoded_parts() {
    let message = concat!(
        "From: \"PayPal\" <service@paypa1-support.example>\r\n",
        "To: someone@example.com\r\n",
        "Subject: Your account\r\n",
        "MIME-Version: 1.0\r\n",
        "Content-Type: multipart/mixed; boundary=\"b1\"\r\n",
        "\r\n",
        "--b1\r\n",
        "Content-Type: text/html; charset=utf-8\r\n",
        "Content-Transfer-Encoding: quoted-printable\r\n",
        "\r\n",
        "<a href=3D\"https://nam02.safelinks.protection.outlook.com/?url=3Dh=\r\n",
        "ttps%3A%2F%2Fpaypa1.com%2Fsignin&amp;data=3D05\">verify</a> https://www.e=\r\n",
        "xample.com/ https://www.example.com/\r\n",
        "--b1\r\n",
        "Content-Type: message/rfc822\r\n",
        "\r\n",
        "From: x@rnicrosoft.example\r\n",
        "Subject: expiry\r\n",
        "Content-Type: text/plain\r\n",
        "Content-Transfer-Encoding: base64\r\n",
        "\r\n",
        // "Sign in at https://login.microsoftonline.com-secure.example.net/ now"
        "U2lnbiBpbiBhdCBodHRwczovL2xvZ2luLm1pY3Jvc29mdG9ubGluZS5jb20tc2VjdXJlLmV4YW1wbGUubmV0LyBub3c=\r\n",
        "--b1--\r\n",
    );
    let out = urlscope()
        .arg("scan")
        .write_stdin(message)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        stdout,
        concat!(
            "-:11: high lookalike-domain: https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypa1.com%2Fsignin&data=05\n",
            "-:17: high brand-in-host: https://login.microsoftonline.com-secure.example.net/\n",
        )
    );
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(stderr.contains("3 URLs analysed, 2 flagged"), "{stderr}");
}

/// A CSV export of reported URLs is text to `auto` (a URL among fields on
/// most lines): each URL is found and triaged, not each row read as one
/// relative reference; a list line holding two quoted URLs is two URLs.
#[test]
fn a_csv_export_is_read_as_its_urls() {
    let csv = "id,url,verdict\n1,\"https://paypa1.com/signin\",phish\n2,https://example.com/ok,benign\n3,\"http://0x7f.1/\",ssrf\n";
    let inputs = |args: &[&str], text: &str| -> Vec<String> {
        scan_json(args, text)
            .iter()
            .map(|record| record["input"].as_str().expect("input").to_string())
            .collect()
    };
    assert_eq!(
        inputs(&[], csv),
        ["https://paypa1.com/signin", "http://0x7f.1/"]
    );
    let list = "https://example.com/a\n\"https://example.com/a,b\", 'https://example.com/q?x=1'\nhttps://example.com/b\n";
    assert!(inputs(&["--min-severity", "info"], list).is_empty());
}

/// A URL that holds another in its own bytes is one URL in a list, read
/// whole: its findings are the whole URL's.
#[test]
fn a_url_holding_another_stays_one_url() {
    let list = "https://example.com/a\njar:http://127.0.0.1!/\n0://evil.com:80;http://google.com:80/\nhttps://victim.example/login?next=<>javascript:alert(1);\n";
    let found = scan_json(&[], list);
    let inputs: Vec<&str> = found.iter().map(|r| r["input"].as_str().unwrap()).collect();
    assert_eq!(
        inputs,
        [
            "jar:http://127.0.0.1!/",
            "0://evil.com:80;http://google.com:80/",
            "https://victim.example/login?next=<>javascript:alert(1);"
        ]
    );
}
