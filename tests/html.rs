//! `explain --html`: the page's content, and that no byte from a hostile
//! URL becomes markup or reorders the page.

use std::path::{Path, PathBuf};
use urlscope::html::{check_inert, write_lesson};
use urlscope_core::Options;

fn lesson(urls: &[&[u8]]) -> String {
    let analyses: Vec<_> = urls
        .iter()
        .map(|u| urlscope_core::analyze(u, &Options::default()))
        .collect();
    let mut out = Vec::new();
    write_lesson(&mut out, &analyses).unwrap();
    String::from_utf8(out).unwrap()
}

/// Hand-written payloads aimed at an HTML page.
const PAYLOADS: &[&str] = &[
    "https://x.example/<script>alert(1)</script>",
    "https://x.example/?q=\"><img src=x onerror=alert(1)>",
    "javascript:alert(document.cookie)//<svg/onload=alert(1)>",
    "https://x.example/'onmouseover='alert(1)",
    "https://x.example/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "https://x.example/\u{202E}gpj.exe\u{2066}a\u{2069}",
    "https://x.example/</style><script>x</script>",
    "https://x.example/<!--<title>-->",
    "https://x.example/a\x1b[2Jb\r\n<b>",
];

#[test]
fn hostile_payloads_stay_text() {
    for p in PAYLOADS {
        let page = lesson(&[p.as_bytes()]);
        check_inert(&page).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        assert!(!page.contains("<script"), "{p:?}");
        assert!(!page.contains("<img"), "{p:?}");
    }
}

#[test]
fn bidi_controls_show_as_escapes() {
    let page = lesson(&["https://x.example/\u{202E}gpj.exe".as_bytes()]);
    assert!(page.contains("\\u{202e}gpj.exe"));
    assert!(!page.contains('\u{202E}'));
}

#[test]
fn hostile_corpora_stay_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(dir.join("traversal"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.push(dir.join("suspicious/dev.tsv"));
    let mut checked = 0;
    for file in files {
        let bytes = std::fs::read(&file).unwrap();
        // Every line goes through the writer; the largest list is sampled so
        // the test stays quick in a debug build.
        let step = if bytes.len() > 200_000 { 5 } else { 1 };
        for line in bytes.split(|&b| b == b'\n').step_by(step) {
            let url = match line.split(|&b| b == b'\t').nth(1) {
                Some(url) if file.extension().is_some_and(|e| e == "tsv") => url,
                _ => line,
            };
            let page = lesson(&[url]);
            check_inert(&page).unwrap_or_else(|e| panic!("{}: {:?}: {e}", file.display(), url));
            checked += 1;
        }
    }
    assert!(checked > 5000, "{checked}");
}

#[test]
fn the_page_teaches_the_bytes() {
    let page = lesson(&[b"https://ex.example/caf%C3%A9/%F0%9F%98%80?q=a%2541"]);
    // The code-point assembly of U+1F600, marker bits apart from payload bits.
    assert!(page.contains(
        "<code><span class=\"bits\"><b>11110</b><i>000</i></span> <span class=\"bits\"><b>10</b><i>011111</i></span> \
         <span class=\"bits\"><b>10</b><i>011000</i></span> <span class=\"bits\"><b>10</b><i>000000</i></span></code> → \
         <span class=\"bits\"><i>00001 1111 011000 000000</i></span> → <strong>U+1F600</strong>"
    ), "{page}");
    assert!(page.contains("GRINNING FACE"));
    assert!(page.contains("<code>double-encoding</code>"));
    for kind in ["k-scheme", "k-host", "k-path-segment", "k-query-value"] {
        assert!(page.contains(kind), "{kind}");
    }
    assert!(page.contains("<dt>Normalized</dt>"));
    assert!(page.contains("prefers-color-scheme: dark"));
    assert!(page.contains("@media print"));
    check_inert(&page).unwrap();
}

#[test]
fn several_urls_make_one_lesson_with_contents() {
    let page = lesson(&[b"https://a.example/", b"https://b.example/%E9"]);
    assert!(page.contains("<nav><h2>Contents</h2>"));
    assert!(page.contains("<a href=\"#url-2\">"));
    assert!(page.contains("id=\"url-2\""));
    assert_eq!(page.matches("<!DOCTYPE html>").count(), 1);
    check_inert(&page).unwrap();
}

/// `scan --html` over the hostile corpora and an access log of the
/// payloads: a report with charts, and no input byte as markup.
#[test]
fn scan_report_of_hostile_lines_stays_text() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scan-html");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("access.log");
    let mut lines = String::new();
    for (i, p) in PAYLOADS.iter().enumerate() {
        let target = p.replace(['"', ' ', '\r', '\n'], "");
        lines.push_str(&format!(
            "10.0.0.1 - - [10/Oct/2000:1{}:55:36 -0700] \"GET /r?next={target} HTTP/1.1\" 200 1 \"-\" \"ua\"\n",
            i % 3
        ));
    }
    std::fs::write(&log, lines).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/traversal");
    for (input, hours) in [(log.clone(), true), (data.join("JHADDIX_LFI.txt"), false)] {
        let report = dir.join("report.html");
        let _ = std::fs::remove_file(&report);
        assert_cmd::Command::cargo_bin("urlscope")
            .unwrap()
            .args(["scan", "--min-severity", "low", "--html"])
            .arg(&report)
            .arg(&input)
            .assert()
            .code(1);
        let page = std::fs::read_to_string(&report).unwrap();
        check_inert(&page).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        assert!(page.contains("<h2>Warnings per code</h2>"));
        assert!(page.contains("<svg class=\"chart\""));
        assert!(page.contains("<details><summary><code>"));
        assert_eq!(page.contains("<h2>Flagged requests per hour</h2>"), hours);
    }
}

/// The inspector's `H`: the handout goes to a new file, never over one,
/// named from the host's safe characters only.
#[test]
fn inspector_handouts_never_overwrite() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("handouts");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let first = urlscope::tui::write_handout(&dir, "ex.example", b"one");
    let second = urlscope::tui::write_handout(&dir, "ex.example", b"two");
    assert!(first.ends_with("urlscope-ex.example-1.html"), "{first}");
    assert!(second.ends_with("urlscope-ex.example-2.html"), "{second}");
    assert_eq!(
        std::fs::read(dir.join("urlscope-ex.example-1.html")).unwrap(),
        b"one"
    );
    let hostile = urlscope::tui::write_handout(&dir, "../../etc/<x>\u{202E}", b"three");
    assert!(hostile.ends_with("urlscope-etcx-1.html"), "{hostile}");
    assert!(dir.join("urlscope-etcx-1.html").exists());
}
