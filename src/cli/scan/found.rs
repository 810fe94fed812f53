//! What a run of lines holds: the URLs counted and the flagged records,
//! each written as `scan` writes it (text or `--json`) and kept for the
//! HTML report.

use super::{ScanOptions, Summary};
use crate::cli::exit::Failure;
use crate::html::{log_hour, FlaggedLine};
use std::io::Write;
use urlscope_core::find::FoundUrl;
use urlscope_core::text::escape_str;
use urlscope_core::warnings::{Severity, Warning, WarningCode};

/// What a run of lines holds: counts, and the flagged lines in order with
/// their codes.
#[derive(Default)]
pub(super) struct Found {
    pub(super) urls: u64,
    pub(super) unparsed: u64,
    pub(super) unfielded: u64,
    /// Each flagged record's text, its codes, and whether it is a
    /// header's (counted apart from the URLs).
    flagged: Vec<(String, Vec<WarningCode>, bool)>,
    records: Vec<FlaggedLine>,
    /// The lines the fast path refused: analysed once the run's plain
    /// lines are counted.
    pub(super) refused: Vec<Refused>,
}

/// A line the fast path refused: its index in the block, the URL read
/// from it when it is not the whole line, and for an access log's line
/// which of its parts need more.
pub(super) struct Refused {
    pub(super) k: usize,
    pub(super) target: Option<Vec<u8>>,
    /// Whether the URL itself was refused (an access log's may be plain
    /// while its headers are not).
    pub(super) url: bool,
    /// The access log's headers, flagged: each name, value and warnings
    /// at the threshold.
    pub(super) headers: Vec<(&'static str, Vec<u8>, Vec<Warning>)>,
}

impl Refused {
    pub(super) fn url(k: usize, target: Option<Vec<u8>>) -> Refused {
        Refused {
            k,
            target,
            url: true,
            headers: Vec::new(),
        }
    }
}

impl Found {
    /// One URL (or an access log's header) of line `no` of `name`,
    /// triaged: a URL counted, and each kept when flagged (for the HTML
    /// report, with the hour of the timestamp of `access_log`, the line it
    /// came from in an access log); a header is counted only when flagged,
    /// apart from the URLs.
    pub(super) fn add(
        &mut self,
        name: &str,
        no: u64,
        target: Target,
        warnings: Vec<Warning>,
        access_log: Option<&[u8]>,
        opts: &ScanOptions,
    ) {
        self.urls += u64::from(target.header.is_none());
        if warnings.is_empty() {
            return;
        }
        let mut codes: Vec<WarningCode> = Vec::new();
        for w in &warnings {
            if !codes.contains(&w.code) {
                codes.push(w.code);
            }
        }
        let text = format_line(name, no, target, &warnings, opts.json);
        self.flagged.push((text, codes, target.header.is_some()));
        if opts.html.is_some() {
            // Only flagged lines pay for the full analysis, and only for
            // the report: where they lead (a header read as text leads
            // nowhere).
            let a = target
                .header
                .is_none()
                .then(|| urlscope_core::analyze(target.url, &opts.options));
            self.records.push(FlaggedLine {
                file: name.to_string(),
                line: no,
                input: target.shown.to_vec(),
                header: target.header,
                // A carried URL that leaves the site is where the request
                // sends its visitor; else the URL's own site.
                site: a.and_then(|a| {
                    a.destinations
                        .iter()
                        .find(|d| d.leaves_site)
                        .or(a.destinations.first())
                        .and_then(|d| d.site.clone())
                }),
                hour: access_log.and_then(log_hour),
                warnings,
            });
        }
    }

    /// The lines of `self`, then those of `next`.
    pub(super) fn join(mut self, mut next: Found) -> Found {
        self.urls += next.urls;
        self.unparsed += next.unparsed;
        self.unfielded += next.unfielded;
        self.flagged.append(&mut next.flagged);
        self.records.append(&mut next.records);
        self
    }
}

/// What one record of `scan` is about: the request target of a log line,
/// a line of a list, or a URL found in a line of text.
#[derive(Clone, Copy)]
pub(super) struct Target<'a> {
    /// The text the record shows; the warnings' spans point into it.
    pub(super) shown: &'a [u8],
    /// The URL analysed: `shown`, but for a name written without a scheme
    /// in text, which is analysed with the scheme it implies.
    pub(super) url: &'a [u8],
    /// Where it was found, for a URL found in text.
    pub(super) found: Option<FoundUrl>,
    /// The line it was found in (`shown` when it is the whole line).
    pub(super) line: &'a [u8],
    /// The header it is, for an access log's Referer or User-Agent.
    pub(super) header: Option<&'static str>,
}

impl<'a> Target<'a> {
    pub(super) fn whole(input: &'a [u8]) -> Target<'a> {
        Target {
            shown: input,
            url: input,
            found: None,
            line: input,
            header: None,
        }
    }

    /// An access log's header `name` (its value `value`).
    pub(super) fn header(name: &'static str, value: &'a [u8]) -> Target<'a> {
        Target {
            header: Some(name),
            ..Target::whole(value)
        }
    }
}

/// `scan --json`'s record of a URL found in text: where in the line it is.
#[derive(serde::Serialize)]
struct FoundLine<'a> {
    #[serde(flatten)]
    line: urlscope_core::report::ScanLine<'a>,
    /// The URL's bytes in the line.
    at: urlscope_core::Span,
}

fn format_line(name: &str, no: u64, target: Target, warnings: &[Warning], json: bool) -> String {
    if json {
        let mut record = urlscope_core::report::ScanLine::new(name, no, target.url, warnings);
        record.header = target.header;
        let Some(found) = target.found else {
            return urlscope_core::report::to_safe_string(&record);
        };
        // The record shows the URL as written; its spans point into that.
        record.shown_as(target.shown);
        if let Some(imitation) = record.imitates.as_mut() {
            imitation.span = found.as_written(target.line, imitation.span);
        }
        return urlscope_core::report::to_safe_string(&FoundLine {
            line: record,
            at: found.span,
        });
    }
    let input = target.shown;
    let worst = warnings
        .iter()
        .map(|w| w.severity)
        .max()
        .unwrap_or(Severity::Info);
    // Worst first; the analysis's order (by position) within a severity.
    let mut by_severity: Vec<&Warning> = warnings.iter().collect();
    by_severity.sort_by_key(|w| std::cmp::Reverse(w.severity));
    let mut codes: Vec<&str> = Vec::new();
    for w in by_severity {
        if !codes.contains(&w.code.code()) {
            codes.push(w.code.code());
        }
    }
    // A header is written as a request carries it: `User-Agent: value`.
    let header = target.header.map(|h| format!("{h}: ")).unwrap_or_default();
    format!(
        "{}:{no}: {} {}: {header}{}",
        escape_str(name),
        worst.name(),
        codes.join(","),
        urlscope_core::text::escape_bytes(input)
    )
}

/// What `found` found, added to the summary, its flagged records written.
pub(super) fn tally(
    found: Found,
    summary: &mut Summary,
    out: &mut impl Write,
) -> Result<(), Failure> {
    summary.urls += found.urls;
    summary.unparsed += found.unparsed;
    summary.unfielded += found.unfielded;
    summary.records.extend(found.records);
    for (text, codes, header) in found.flagged {
        if header {
            summary.flagged_headers += 1;
        } else {
            summary.flagged += 1;
        }
        for c in codes {
            *summary.codes.entry(c).or_insert(0) += 1;
        }
        writeln!(out, "{text}")?;
    }
    Ok(())
}
