//! `--defang` keeps a report within the 80 columns it was laid out for.
//! Defanging lengthens text (`.` becomes `[.]`): a line of `explain` that
//! fit must still fit once defanged. The only lines past 80 columns are
//! those the plain report runs on too (a long URL after its heading, whole
//! to be copied) and a word too long for any line (a long host, whole).

mod common;

use common::stdout_of;
use unicode_width::UnicodeWidthStr;

const WIDTH: usize = 80;

/// Long URLs of the kinds a report cuts, wraps and runs on.
const LONG: &[&str] = &[
    "https://www.paypal.com.secure-login.example.net/login/very/long/path/index.html?redirect=https://evil.example.com/a.b.c.d&x=y.z.w",
    "http://a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.example.com/",
    "http://abcdefgh.abcdefgh.abcdefgh.abcdefgh.abcdefgh.abcdefgh.abcdefgh.abcdefgh.example.com/x",
    "https://login.microsoftonline.com.account-verify.evil.co.uk/oauth2/v2.0/authorize?client_id=1&redirect_uri=https://a.b.c.evil.example.com/x.y",
    "https://urldefense.com/v3/__https://www.paypal.com.secure-login.example.net/login__;!!ABC!xyz$",
    "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fpaypal.com.secure-login.example%2Fsignin&data=04",
    "http://evil.example.com\\@www.good.example.co.uk/some/long/path/to/a/page.html?next=http://169.254.169.254/latest/",
    "https://a.very.long.subdomain.chain.for.cutting.evil.example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/%252e%252e%252fetc/passwd?next=//paypal.com",
    "www.paypa1.com.account.security.check.example.co.uk/signin?continue=https://www.paypal.com.evil.example/",
];

/// `line` with the report's defanged spellings undone.
fn undone(line: &str) -> String {
    line.replace("[.]", ".").replace("hxxp", "http")
}

/// Each line of `defanged` (the report of `url` with `--defang`) wider
/// than [`WIDTH`] columns: none but a line `plain` (the report without)
/// runs on too, and a line of one word too long for any line.
fn assert_fits(url: &str, plain: &str, defanged: &str) {
    let runs_on: Vec<&str> = plain.lines().filter(|l| l.width() > WIDTH).collect();
    for line in defanged.lines().filter(|l| l.width() > WIDTH) {
        // What comes before the last word is a heading (or the indent):
        // the word alone is too long for a line.
        let (head, word) = line.rsplit_once(' ').unwrap_or(("", line));
        let one_long_word = head.trim_end().width() <= 32 && !word.contains('…');
        assert!(
            one_long_word || runs_on.contains(&undone(line).as_str()),
            "{url}: {} columns\n{line}",
            line.width()
        );
    }
}

#[test]
fn every_line_of_a_defanged_report_fits_its_width() {
    for url in LONG {
        let plain = stdout_of(&["explain", "--color", "never", url]);
        let defanged = stdout_of(&["explain", "--defang", "--color", "never", url]);
        assert_fits(url, &plain, &defanged);
    }
}

/// The bare report (`urlscope URL` into a pipe) is the same report.
#[test]
fn the_bare_report_fits_too() {
    for url in LONG {
        let plain = stdout_of(&["--color", "never", url]);
        let defanged = stdout_of(&["--defang", "--color", "never", url]);
        assert_fits(url, &plain, &defanged);
    }
}

/// Records of one line each (`clean`, `scan`) are never broken: a URL
/// stays on its line, however long.
#[test]
fn one_line_records_stay_one_line() {
    for url in LONG {
        let out = stdout_of(&["clean", "--defang", url]);
        assert_eq!(out.lines().count(), 1, "{out}");
    }
}

/// A cut reading of non-ASCII text, lengthened by defanging, is cut
/// further at a character's boundary: `--defang` panicked on
/// `https://ex.com/ä…` (its href reading, 79 columns, is cut beside its
/// `…`, where the last character before it is two bytes).
#[test]
fn a_cut_reading_of_non_ascii_text_is_cut_further_whole() {
    for url in [
        "https://ex.com/ääääääääääääääääääääääääääääääääääää",
        "https://ex.com/日本語日本語日本語日本語日本語日本語日本語",
    ] {
        let plain = stdout_of(&["explain", "--color", "never", url]);
        let defanged = stdout_of(&["explain", "--defang", "--color", "never", url]);
        assert_fits(url, &plain, &defanged);
    }
}
