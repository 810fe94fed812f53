//! `explain --html` in a real browser: headless Chromium renders the lesson
//! at a laptop's size and to PDF (then `pdftoppm`), and the test checks the
//! renderings are not blank, that every component and warning is in the
//! DOM the browser built, and that nothing is wider than the window.
//!
//! Skipped, with a message, when `chromium` or `pdftoppm` is not installed
//! (Debian: `apt-get install chromium poppler-utils`; CI installs both).
//! `UPDATE_SCREENSHOTS=1` copies the renderings to `docs/screenshots/`,
//! where the README shows them.

use std::path::{Path, PathBuf};
use std::process::Command;
use urlscope_core::Options;

const URLS: &[&[u8]] = &[
    b"https://ex.example/caf%C3%A9/%F0%9F%98%80?next=%252e%252e%252fetc%252fpasswd",
    b"http://user@192.168.0.1:8080/%E9t%E9?q=<script>",
];

/// Whether `program` can be started (`pdftoppm -v` exits 99, so only
/// the start is checked).
fn installed(program: &str) -> bool {
    Command::new(program).arg("-v").output().is_ok()
}

fn chromium(dir: &Path, args: &[&str], page: &Path) -> std::process::Output {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The share of pixels that differ from the top-left one (the background).
/// Whether `page` is no wider than a laptop's window (1366x768): a
/// test-only copy of it (without the policy that forbids scripts, which
/// the page keeps) writes the comparison into its own DOM.
fn fits(dir: &Path, page: &str, name: &str) -> bool {
    let probe = page
        .replace(
            "<meta http-equiv=\"Content-Security-Policy\"",
            "<meta name=\"was-csp\"",
        )
        .replace(
            "</body>",
            "<script>document.body.setAttribute('data-fits', \
             String(document.documentElement.scrollWidth <= window.innerWidth))</script></body>",
        );
    let probe_file = dir.join(format!("probe-{name}.html"));
    std::fs::write(&probe_file, probe).unwrap();
    let dom = String::from_utf8(
        chromium(dir, &["--dump-dom", "--window-size=1366,768"], &probe_file).stdout,
    )
    .unwrap();
    dom.contains("data-fits=\"true\"")
}

fn ink(png_file: &Path) -> f64 {
    let decoder = png::Decoder::new(std::fs::File::open(png_file).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples() * (info.bit_depth as usize).div_ceil(8);
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(step).collect();
    let background = pixels[0];
    pixels.iter().filter(|p| **p != background).count() as f64 / pixels.len() as f64
}

#[test]
fn the_lesson_renders_in_chromium() {
    if !installed("chromium") || !installed("pdftoppm") {
        eprintln!("skipped: chromium or pdftoppm is not installed (apt-get install chromium poppler-utils)");
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let analyses: Vec<_> = URLS
        .iter()
        .map(|u| urlscope_core::analyze(u, &Options::default()))
        .collect();
    let mut page = Vec::new();
    urlscope::html::write_lesson(&mut page, &analyses).unwrap();
    let page = String::from_utf8(page).unwrap();
    let lesson = dir.join("lesson.html");
    std::fs::write(&lesson, &page).unwrap();

    // Laptop screenshot: not blank.
    let shot = dir.join("laptop.png");
    chromium(
        &dir,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1366,768",
        ],
        &lesson,
    );
    let laptop_ink = ink(&shot);
    assert!(
        laptop_ink > 0.01,
        "the laptop screenshot is blank ({laptop_ink})"
    );

    // Print: the PDF's second page (the first URL, after the contents)
    // as PNG, not blank.
    let pdf = dir.join("lesson.pdf");
    chromium(
        &dir,
        &[
            &format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer",
        ],
        &lesson,
    );
    let prefix = dir.join("print");
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "2", "-l", "2", "-singlefile"])
        .arg(&pdf)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success());
    let print = dir.join("print.png");
    let print_ink = ink(&print);
    assert!(print_ink > 0.01, "the printed page is blank ({print_ink})");

    // The DOM the browser built holds every component and warning.
    let dom = String::from_utf8(chromium(&dir, &["--dump-dom"], &lesson).stdout).unwrap();
    for a in &analyses {
        for c in &a.components {
            let raw = a.input.get(c.span.start..c.span.end).unwrap();
            let shown = urlscope::html::text(raw);
            assert!(
                dom.contains(&shown),
                "component {shown} missing from the DOM"
            );
        }
        for w in &a.warnings {
            assert!(
                dom.contains(&format!("<code>{}</code>", w.code.code())),
                "{}",
                w.code.code()
            );
        }
    }
    assert!(
        !dom.contains("<script"),
        "markup from the input reached the DOM"
    );

    // Nothing wider than a laptop's window.
    assert!(
        fits(&dir, &page, "lesson"),
        "the lesson is wider than the window"
    );

    // The scan report: charts drawn, every code of the flagged lines in the
    // DOM, not blank.
    let log = dir.join("access.log");
    std::fs::write(
        &log,
        "10.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET /x/..%2f..%2fetc/passwd HTTP/1.1\" 404 1\n\
         10.0.0.1 - - [10/Oct/2000:14:05:00 -0700] \"GET /r?next=http://paypal.com.evil.example/ HTTP/1.1\" 302 1\n\
         10.0.0.2 - - [10/Oct/2000:14:15:00 -0700] \"GET /f?u=http://169.254.169.254/latest/meta-data/ HTTP/1.1\" 200 1\n\
         10.0.0.2 - - [10/Oct/2000:15:15:00 -0700] \"GET /a/%252e%252e/%252e%252e/etc/shadow HTTP/1.1\" 404 1\n",
    )
    .unwrap();
    let report = dir.join("scan.html");
    let status = Command::new(env!("CARGO_BIN_EXE_urlscope"))
        .args(["scan", "--min-severity", "low", "--html"])
        .arg(&report)
        .arg(&log)
        .output()
        .unwrap();
    assert_eq!(status.status.code(), Some(1));
    let scan_shot = dir.join("scan.png");
    chromium(
        &dir,
        &[
            &format!("--screenshot={}", scan_shot.display()),
            "--window-size=1366,768",
        ],
        &report,
    );
    let scan_ink = ink(&scan_shot);
    assert!(
        scan_ink > 0.01,
        "the scan report's screenshot is blank ({scan_ink})"
    );
    let dom = String::from_utf8(chromium(&dir, &["--dump-dom"], &report).stdout).unwrap();
    for code in ["path-traversal", "open-redirect", "internal-destination"] {
        assert!(
            dom.contains(&format!("<code>{code}</code>")),
            "{code} missing from the scan report"
        );
    }
    assert!(
        dom.matches("<svg class=\"chart\"").count() >= 3,
        "charts missing"
    );
    let report_page = std::fs::read_to_string(&report).unwrap();
    assert!(
        fits(&dir, &report_page, "scan"),
        "the scan report is wider than the window"
    );

    if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
        std::fs::create_dir_all(&docs).unwrap();
        std::fs::copy(&shot, docs.join("explain-html-laptop.png")).unwrap();
        std::fs::copy(&print, docs.join("explain-html-print.png")).unwrap();
        std::fs::copy(&scan_shot, docs.join("scan-html-laptop.png")).unwrap();
    }
}
