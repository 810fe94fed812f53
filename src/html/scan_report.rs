//! The HTML report of a scan: totals, charts of the warnings per code and
//! per severity, the top destination sites, the hosts that show another
//! site (`lookalike-domain`, `brand-in-host`, `deceptive-host`), the flagged requests per hour when the log
//! lines carry timestamps, and the flagged lines grouped by code in
//! `<details>` (searchable with the browser's find; no script).

use super::{chart, page, text, words};
use std::collections::BTreeMap;
use std::io::{self, Write};
use urlscope_core::warnings::{Severity, Warning, WarningCode};

/// Lines listed per code; the counts cover them all.
const MAX_LINES_PER_CODE: usize = 500;
/// Bars in the sites chart.
const TOP_SITES: usize = 20;

/// One flagged line as the report keeps it.
#[derive(Debug, Clone)]
pub struct FlaggedLine {
    pub file: String,
    pub line: u64,
    pub input: Vec<u8>,
    /// The request header the input is (an access log's `Referer` or
    /// `User-Agent`), when it is not the request's URL.
    pub header: Option<&'static str>,
    pub warnings: Vec<Warning>,
    /// The registrable domain (or host) it leads to, when it has one.
    pub site: Option<String>,
    /// The hour of its log timestamp, `2000-10-10 13:00`.
    pub hour: Option<String>,
}

/// The scan's totals.
#[derive(Debug, Clone, Copy, Default)]
pub struct Totals {
    pub lines: u64,
    pub urls: u64,
    pub flagged: u64,
    pub unparsed: u64,
    /// An access log's Referer and User-Agent headers flagged, counted
    /// apart from the URLs.
    pub flagged_headers: u64,
    pub min_severity: Option<Severity>,
}

/// What follows the count of flagged URLs when an access log's headers
/// were flagged too (` and 1 Referer or User-Agent header flagged`), or
/// nothing: the words of the scan's headline and of this report.
pub fn and_headers_flagged(n: u64) -> String {
    match n {
        0 => String::new(),
        1 => " and 1 Referer or User-Agent header flagged".to_string(),
        n => format!(" and {n} Referer and User-Agent headers flagged"),
    }
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// The hour of a Common or Combined Log Format line's timestamp
/// (`[10/Oct/2000:13:55:36 -0700]` gives `2000-10-10 13:00`, local time as
/// logged).
pub fn log_hour(line: &[u8]) -> Option<String> {
    let open = line.iter().position(|&b| b == b'[')?;
    let stamp = line.get(open + 1..open + 15)?;
    let stamp = std::str::from_utf8(stamp).ok()?;
    let (day, rest) = stamp.split_once('/')?;
    let (month, rest) = rest.split_once('/')?;
    let (year, hour) = rest.split_once(':')?;
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let ok = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (ok(day, 2) && ok(year, 4) && ok(hour, 2)).then(|| format!("{year}-{month:02}-{day} {hour}:00"))
}

fn counted<K: Ord>(items: impl Iterator<Item = K>) -> BTreeMap<K, u64> {
    let mut map = BTreeMap::new();
    for k in items {
        *map.entry(k).or_insert(0) += 1;
    }
    map
}

fn by_count(map: BTreeMap<String, u64>, keep: usize) -> Vec<(String, u64)> {
    let mut rows: Vec<_> = map.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    rows.truncate(keep);
    rows
}

/// Write the report of a scan.
pub fn write_scan_report(
    out: &mut impl Write,
    totals: Totals,
    flagged: &[FlaggedLine],
) -> io::Result<()> {
    page::open(out, "urlscope scan report")?;
    writeln!(out, "<h1>urlscope scan report</h1>")?;
    writeln!(
        out,
        "<p>{} lines, {} URLs analysed, <strong>{} flagged</strong>{} at {} or above; {} access-log lines without a request line.</p>",
        totals.lines,
        totals.urls,
        totals.flagged,
        and_headers_flagged(totals.flagged_headers),
        totals.min_severity.map_or("any", Severity::name),
        totals.unparsed
    )?;
    let warnings = || flagged.iter().flat_map(|f| f.warnings.iter());
    writeln!(out, "<h2>Warnings per code</h2>")?;
    let per_code = counted(warnings().map(|w| w.code.code().to_string()));
    chart::bars(out, "warnings per code", &by_count(per_code, usize::MAX))?;
    writeln!(out, "<h2>Warnings per severity</h2>")?;
    let per_severity: Vec<(String, u64)> = counted(warnings().map(|w| w.severity))
        .into_iter()
        .rev()
        .map(|(s, n)| (s.name().to_string(), n))
        .collect();
    chart::bars(out, "warnings per severity", &per_severity)?;
    let sites = counted(flagged.iter().filter_map(|f| f.site.clone()));
    if !sites.is_empty() {
        writeln!(out, "<h2>Top destination sites of the flagged lines</h2>")?;
        chart::bars(out, "top destination sites", &by_count(sites, TOP_SITES))?;
    }
    // Hosts that imitate a famous site: a look-alike, a brand in the
    // host, or another site's name shown first.
    let mimics = counted(
        flagged
            .iter()
            .filter(|f| {
                f.warnings.iter().any(|w| {
                    matches!(
                        w.code,
                        WarningCode::LookalikeDomain
                            | WarningCode::BrandInHost
                            | WarningCode::DeceptiveHost
                    )
                })
            })
            .filter_map(|f| f.site.clone()),
    );
    if !mimics.is_empty() {
        writeln!(
            out,
            "<h2>Hosts that imitate known sites (lookalike-domain, brand-in-host, deceptive-host)</h2>"
        )?;
        chart::bars(
            out,
            "hosts that imitate known sites",
            &by_count(mimics, TOP_SITES),
        )?;
    }
    // A request is counted once, however many of its parts (its URL,
    // its headers) are flagged: the records of a line come together.
    let hours = counted(
        flagged
            .iter()
            .enumerate()
            .filter(|&(i, f)| {
                i == 0
                    || flagged
                        .get(i - 1)
                        .is_none_or(|p| (&p.file, p.line) != (&f.file, f.line))
            })
            .filter_map(|(_, f)| f.hour.clone()),
    );
    if !hours.is_empty() {
        writeln!(out, "<h2>Flagged requests per hour</h2>")?;
        let rows: Vec<(String, u64)> = hours.into_iter().collect();
        chart::bars(out, "flagged requests per hour", &rows)?;
    }
    write_groups(out, flagged)?;
    page::close(out)
}

/// The flagged lines under each code, in `<details>` groups.
fn write_groups(out: &mut impl Write, flagged: &[FlaggedLine]) -> io::Result<()> {
    let mut groups: BTreeMap<&'static str, Vec<&FlaggedLine>> = BTreeMap::new();
    for f in flagged {
        let mut codes: Vec<&'static str> = f.warnings.iter().map(|w| w.code.code()).collect();
        codes.dedup();
        for c in codes {
            groups.entry(c).or_default().push(f);
        }
    }
    writeln!(out, "<h2>Flagged lines by code</h2>")?;
    for (code, lines) in groups {
        writeln!(
            out,
            "<details><summary><code>{code}</code> ({} lines)</summary><table><tbody>",
            lines.len()
        )?;
        for f in lines.iter().take(MAX_LINES_PER_CODE) {
            let notes: Vec<String> = f
                .warnings
                .iter()
                .map(|w| {
                    format!(
                        "<span class=\"sev sev-{0}\">{0}</span> {1}",
                        w.severity.name(),
                        words(&w.message)
                    )
                })
                .collect();
            writeln!(
                out,
                "<tr><td>{}:{}</td><td>{}<code>{}</code><br>{}</td></tr>",
                words(&f.file),
                f.line,
                f.header.map(|h| format!("{h}: ")).unwrap_or_default(),
                text(&f.input),
                notes.join("<br>")
            )?;
        }
        writeln!(out, "</tbody></table>")?;
        if lines.len() > MAX_LINES_PER_CODE {
            writeln!(
                out,
                "<p class=\"dim\">… {} more lines</p>",
                lines.len() - MAX_LINES_PER_CODE
            )?;
        }
        writeln!(out, "</details>")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_hours_from_common_log_format() {
        let line = b"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /a HTTP/1.0\" 200 2326";
        assert_eq!(log_hour(line).as_deref(), Some("2000-10-10 13:00"));
        assert_eq!(log_hour(b"https://x.example/[a]"), None);
        assert_eq!(log_hour(b"[10/Foo/2000:13:55:36]"), None);
    }
}
