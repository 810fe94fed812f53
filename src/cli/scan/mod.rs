//! `urlscope scan`: triage URL lists, access logs and the URLs in text.
//!
//! Files are streamed in blocks of whole lines (see [`lines`]): one thread
//! reads the next block while every core (rayon) triages this one, and the
//! flagged lines are written in input order as each block ends (from a
//! pipe, a block is what the pipe had, so `tail -f log | urlscope scan`
//! shows each finding as it comes). Lines are bytes: invalid UTF-8,
//! CRLF, a byte-order mark, blank and over-long lines never stop a scan.
//! Gzip files are read transparently.

use super::exit::{Failure, EXIT_FOUND, EXIT_USAGE};
use crate::html::{and_headers_flagged, log_hour, write_scan_report, FlaggedLine, Totals};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use urlscope_core::find::FoundUrl;
use urlscope_core::text::escape_str;
use urlscope_core::triage::{analyzed_at, is_plain_at, triage_at};
use urlscope_core::warnings::{Severity, Warning, WarningCode};
use urlscope_core::Options;

mod access;
mod email;
mod lines;
mod w3c;

use access::{looks_like_access_log, Request};
use lines::{Block, Line, LineBlocks, MAX_LINE};
use w3c::Fields;

/// Bytes read per parallel batch (whole lines; about 22,000 of kasztp's
/// URLs). Larger blocks cost more system time (a 4 MiB buffer is written
/// cold) and gained nothing.
const BLOCK: usize = 1 << 20;

/// How to read lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Decide per file from its first lines.
    Auto,
    /// One URL per line.
    Lines,
    /// Common/Combined Log Format (nginx, Apache): the request target of
    /// the quoted request line, and the Combined format's Referer and
    /// User-Agent read as text.
    AccessLog,
    /// W3C extended log (IIS): the request target of the fields its
    /// `#Fields:` directive names (cs-uri-stem and cs-uri-query, or
    /// cs-uri).
    W3c,
    /// Any text (a ticket, a proxy log, a threat report): every URL found
    /// in each line, defanged ones and `www.` names included.
    Text,
    /// An e-mail message (`.eml`): the URLs of its text and HTML parts,
    /// decoded (quoted-printable, base64), attached messages' too, each
    /// once.
    Email,
}

/// How a file's lines are being read: the format, and for a W3C extended
/// log the fields its last `#Fields:` directive named.
#[derive(Debug, Clone)]
struct Reading {
    format: Format,
    fields: Option<Fields>,
    /// Whether the format was decided from the file's first lines (not
    /// asked for): a list read so may still hold a line of prose.
    chosen: bool,
}

#[derive(Debug, Clone)]
pub struct ScanOptions {
    pub json: bool,
    pub min_severity: Severity,
    pub format: Format,
    pub options: Options,
    /// Where to write the HTML report; the flagged lines are kept for it
    /// only when there is one.
    pub html: Option<std::path::PathBuf>,
}

/// What a scan found, for the summary and the exit status.
#[derive(Debug, Default)]
pub struct Summary {
    pub lines: u64,
    pub urls: u64,
    pub flagged: u64,
    pub bytes: u64,
    pub unparsed: u64,
    /// An access log's Referer and User-Agent headers flagged.
    pub flagged_headers: u64,
    /// W3C log lines read before any `#Fields:` directive naming the URL.
    pub unfielded: u64,
    pub truncated: u64,
    pub errors: u64,
    pub codes: BTreeMap<WarningCode, u64>,
    /// The flagged lines, for the HTML report (empty without one).
    pub records: Vec<FlaggedLine>,
}

impl Summary {
    /// The flagged records written: URLs and an access log's headers.
    fn records_flagged(&self) -> u64 {
        self.flagged + self.flagged_headers
    }
}

/// What a run of lines holds: counts, and the flagged lines in order with
/// their codes.
#[derive(Default)]
struct Found {
    urls: u64,
    unparsed: u64,
    unfielded: u64,
    /// Each flagged record's text, its codes, and whether it is a
    /// header's (counted apart from the URLs).
    flagged: Vec<(String, Vec<WarningCode>, bool)>,
    records: Vec<FlaggedLine>,
    /// The lines the fast path refused: analysed once the run's plain
    /// lines are counted.
    refused: Vec<Refused>,
}

/// A line the fast path refused: its index in the block, the URL read
/// from it when it is not the whole line, and for an access log's line
/// which of its parts need more.
struct Refused {
    k: usize,
    target: Option<Vec<u8>>,
    /// Whether the URL itself was refused (an access log's may be plain
    /// while its headers are not).
    url: bool,
    /// The access log's headers, flagged: each name, value and warnings
    /// at the threshold.
    headers: Vec<(&'static str, Vec<u8>, Vec<Warning>)>,
}

impl Refused {
    fn url(k: usize, target: Option<Vec<u8>>) -> Refused {
        Refused {
            k,
            target,
            url: true,
            headers: Vec::new(),
        }
    }
}

/// The header names `scan` writes before a header's record.
const REFERER: &str = "Referer";
const USER_AGENT: &str = "User-Agent";

impl Found {
    /// One URL (or an access log's header) of line `no` of `name`,
    /// triaged: a URL counted, and each kept when flagged (for the HTML
    /// report, with the hour of the timestamp of `access_log`, the line it
    /// came from in an access log); a header is counted only when flagged,
    /// apart from the URLs.
    fn add(
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
    fn join(mut self, mut next: Found) -> Found {
        self.urls += next.urls;
        self.unparsed += next.unparsed;
        self.unfielded += next.unfielded;
        self.flagged.append(&mut next.flagged);
        self.records.append(&mut next.records);
        self
    }
}

/// Whether the first lines of a file are text rather than one URL each:
/// most of them hold white space between words (a URL list's lines
/// seldom do; an e-mail's, a ticket's and a proxy log's always do).
fn looks_like_text(sample: &[Vec<u8>]) -> bool {
    let worded = sample
        .iter()
        .filter(|l| {
            let l = l.trim_ascii();
            l.iter().any(|b| b.is_ascii_whitespace())
        })
        .count();
    worded * 2 > sample.len()
}

/// What one record of `scan` is about: the request target of a log line,
/// a line of a list, or a URL found in a line of text.
#[derive(Clone, Copy)]
struct Target<'a> {
    /// The text the record shows; the warnings' spans point into it.
    shown: &'a [u8],
    /// The URL analysed: `shown`, but for a name written without a scheme
    /// in text, which is analysed with the scheme it implies.
    url: &'a [u8],
    /// Where it was found, for a URL found in text.
    found: Option<FoundUrl>,
    /// The line it was found in (`shown` when it is the whole line).
    line: &'a [u8],
    /// The header it is, for an access log's Referer or User-Agent.
    header: Option<&'static str>,
}

impl<'a> Target<'a> {
    fn whole(input: &'a [u8]) -> Target<'a> {
        Target {
            shown: input,
            url: input,
            found: None,
            line: input,
            header: None,
        }
    }

    /// An access log's header `name` (its value `value`).
    fn header(name: &'static str, value: &'a [u8]) -> Target<'a> {
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

/// Open a file (or standard input for `-`), decompressing gzip.
fn open(name: &str) -> io::Result<(Box<dyn Read + Send>, Option<u64>)> {
    let (raw, size): (Box<dyn Read + Send>, Option<u64>) = if name == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let file = std::fs::File::open(name)?;
        // A regular file's size (a named pipe's says nothing).
        let size = file
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        (Box::new(file), size)
    };
    let mut reader = BufReader::with_capacity(1 << 16, raw);
    let gzip = reader.fill_buf()?.starts_with(&[0x1F, 0x8B]);
    if gzip || Path::new(name).extension().is_some_and(|e| e == "gz") {
        let decoder = flate2::bufread::MultiGzDecoder::new(reader);
        return Ok((Box::new(BufReader::with_capacity(1 << 16, decoder)), size));
    }
    Ok((Box::new(reader), size))
}

fn progress_bar(total: Option<u64>) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    match total {
        Some(t) => ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::hidden()).with_style(
            ProgressStyle::with_template("{spinner} {bytes}/{total_bytes} {wide_bar} {eta} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
    }
}

/// Scan one input; results go to `out`, counts to `summary`.
fn scan_one(
    name: &str,
    opts: &ScanOptions,
    out: &mut impl Write,
    summary: &mut Summary,
    started: Instant,
) -> Result<(), Failure> {
    let (reader, size) = match open(name) {
        Ok(r) => r,
        Err(e) => {
            read_error(summary, &format!("cannot read {}: {e}", escape_str(name)));
            return Ok(());
        }
    };
    let bar = progress_bar(size);
    let mut shown = false;
    let mut reading = Reading {
        format: opts.format,
        fields: None,
        chosen: opts.format == Format::Auto,
    };
    // The number of the line before the block.
    let mut line_no = 0u64;
    // An e-mail message, read whole before its parts are decoded.
    let mut message: Option<Vec<u8>> = None;
    let bytes_before = summary.bytes;
    // One thread reads the next block while the pool triages this one. It
    // is not joined: when output fails, the scan ends without waiting for
    // input that may never come (`tail -f log | urlscope scan | head`).
    let (full, filled) = mpsc::sync_channel::<io::Result<Block>>(1);
    let (spent, recycled) = mpsc::channel::<Block>();
    std::thread::spawn(move || {
        // A regular file never makes a read wait for a writer, so its
        // blocks are read whole.
        let mut blocks = LineBlocks::new(reader, BLOCK).whole_reads(size.is_some());
        loop {
            let block = recycled.try_recv().unwrap_or_default();
            let next = blocks.next_block(block).transpose();
            let end = !matches!(next, Some(Ok(_)));
            if next.is_some_and(|b| full.send(b).is_err()) || end {
                break;
            }
        }
    });
    for block in filled {
        let block = match block {
            Ok(block) => block,
            Err(e) => {
                let at = format!("after line {line_no}: {e}");
                read_error(summary, &format!("error reading {} {at}", escape_str(name)));
                break;
            }
        };
        let flagged = summary.records_flagged();
        reading = scan_block(&block, line_no, reading, name, opts, out, summary)?;
        if reading.format == Format::Email {
            let whole = message.get_or_insert_default();
            for l in &block.lines {
                whole.extend_from_slice(block.bytes.get(l.start..l.end).unwrap_or_default());
                whole.push(b'\n');
            }
            summary.lines += block.lines.len() as u64;
            if whole.len() > email::MAX_MESSAGE {
                let limit = email::MAX_MESSAGE >> 20;
                let reason = format!("is longer than {limit} MiB for an e-mail message (--format text reads it as text)");
                read_error(summary, &format!("{} {reason}", escape_str(name)));
                message = None;
                break;
            }
        }
        // A block is all a pipe had: what it found is shown now.
        if summary.records_flagged() > flagged {
            out.flush()?;
        }
        line_no += block.lines.len() as u64;
        summary.bytes = bytes_before + block.read;
        if !shown && started.elapsed() > Duration::from_millis(500) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            shown = true;
        }
        bar.set_position(block.read);
        // The reader may have ended already.
        let _ = spent.send(block);
    }
    bar.finish_and_clear();
    if let Some(raw) = message {
        scan_message(name, &raw, opts, out, summary)?;
    }
    Ok(())
}

/// Triage the URLs of the e-mail message `raw` (see [`email`]).
fn scan_message(
    name: &str,
    raw: &[u8],
    opts: &ScanOptions,
    out: &mut impl Write,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let Some(urls) = email::message_urls(raw) else {
        read_error(
            summary,
            &format!(
                "{} is no e-mail message (--format text reads it as text)",
                escape_str(name)
            ),
        );
        return Ok(());
    };
    let mut found = Found::default();
    for u in urls {
        let warnings = triage_at(&u.url, &opts.options, opts.min_severity);
        found.add(name, u.line, Target::whole(&u.url), warnings, None, opts);
    }
    tally(found, summary, out)
}

/// Triage the lines of one block, which follows line `line_no`, in
/// parallel, and write the flagged ones in order; how the next block is
/// read (the format decided on the first lines when it was `Auto`, and a
/// W3C log's fields).
fn scan_block(
    block: &Block,
    line_no: u64,
    mut reading: Reading,
    name: &str,
    opts: &ScanOptions,
    out: &mut impl Write,
    summary: &mut Summary,
) -> Result<Reading, Failure> {
    let first_block = line_no == 0;
    let text = |k: usize, l: &Line| {
        let line = block.bytes.get(l.start..l.end).unwrap_or_default();
        let line = if first_block && k == 0 {
            super::input::without_bom(line)
        } else {
            line
        };
        line.strip_suffix(b"\r").unwrap_or(line)
    };
    if reading.format == Format::Auto {
        let sample: Vec<Vec<u8>> = block
            .lines
            .iter()
            .enumerate()
            .map(|(k, l)| text(k, l))
            .filter(|line| !is_blank(line))
            .take(20)
            .map(<[u8]>::to_vec)
            .collect();
        if !sample.is_empty() {
            reading.format = if email::looks_like_email(&sample) {
                Format::Email
            } else if w3c::looks_like_w3c(&sample) {
                Format::W3c
            } else if looks_like_access_log(&sample) {
                Format::AccessLog
            } else if looks_like_text(&sample) {
                Format::Text
            } else {
                Format::Lines
            };
        }
    }
    // An e-mail message is read whole, then its parts (scan_message).
    if reading.format == Format::Email {
        return Ok(reading);
    }
    // A W3C log's `#Fields:` directives, read in order before the lines
    // are triaged in parallel: each line reads the fields of the last
    // directive before it.
    let mut directives: Vec<(usize, Fields)> = Vec::new();
    if reading.format == Format::W3c {
        for (k, l) in block.lines.iter().enumerate() {
            if let Some(fields) = Fields::of_directive(text(k, l)) {
                directives.push((k, fields));
            }
        }
    }
    let fields_of = |k: usize| {
        let before = directives.partition_point(|(at, _)| *at < k);
        match before.checked_sub(1).and_then(|d| directives.get(d)) {
            Some((_, fields)) => Some(fields),
            None => reading.fields.as_ref(),
        }
    };
    // Each thread counts its lines and keeps only the flagged ones; the
    // halves join in order, so the output keeps the input's order.
    let found = block
        .lines
        .par_iter()
        .enumerate()
        .with_min_len(64)
        .fold(Found::default, |mut found, (k, l)| {
            let line = text(k, l);
            if is_blank(line) {
                return found;
            }
            let no = line_no + k as u64 + 1;
            let target = match reading.format {
                Format::Text => {
                    scan_text_line(name, no, line, opts, &mut found);
                    return found;
                }
                Format::W3c if w3c::is_directive(line) => return found,
                Format::W3c => match fields_of(k).filter(|f| f.names_the_url()) {
                    None => {
                        found.unfielded += 1;
                        return found;
                    }
                    Some(f) => match f.target(line) {
                        Some(target) => Some(target),
                        None => {
                            found.unparsed += 1;
                            return found;
                        }
                    },
                },
                Format::AccessLog => match access::request(line) {
                    Some(request) => {
                        access_line(k, request, opts, &mut found);
                        return found;
                    }
                    None => {
                        found.unparsed += 1;
                        return found;
                    }
                },
                Format::Lines | Format::Auto | Format::Email => None,
            };
            let input = target.as_deref().unwrap_or(line);
            if is_plain_at(input, opts.min_severity) {
                found.urls += 1;
            } else {
                found.refused.push(Refused::url(k, target));
            }
            found
        })
        // The few refused lines of a run are analysed after its plain
        // ones, in order: the analysis then does not evict the fast path
        // from the cache between two plain lines. Only they are output, so
        // the order holds.
        .map(|mut found| {
            for refused in std::mem::take(&mut found.refused) {
                let k = refused.k;
                let Some(l) = block.lines.get(k) else {
                    continue;
                };
                let line = text(k, l);
                let input = refused.target.as_deref().unwrap_or(line);
                let access_log = (reading.format == Format::AccessLog).then_some(line);
                let no = line_no + k as u64 + 1;
                if refused.url {
                    let warnings = analyzed_at(input, &opts.options, opts.min_severity);
                    found.add(name, no, Target::whole(input), warnings, access_log, opts);
                }
                for (header, value, warnings) in refused.headers {
                    let target = Target::header(header, &value);
                    found.add(name, no, target, warnings, access_log, opts);
                }
                // A note among the URLs of a list (`see hxxps://evil[.]com
                // today`; never plain, for its spaces): the URLs found in
                // it too, beside the line read whole.
                if reading.chosen && reading.format == Format::Lines && is_prose(line) {
                    scan_text_line(name, no, line, opts, &mut found);
                }
            }
            found
        })
        .reduce(Found::default, Found::join);
    if let Some((_, fields)) = directives.pop() {
        reading.fields = Some(fields);
    }
    summary.lines += block.lines.len() as u64;
    summary.truncated += block.lines.iter().filter(|l| l.cut).count() as u64;
    tally(found, summary, out)?;
    Ok(reading)
}

/// What `found` found, added to the summary, its flagged records written.
fn tally(found: Found, summary: &mut Summary, out: &mut impl Write) -> Result<(), Failure> {
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

/// Triage an access log's line `k`: its request target, and in the
/// combined format its Referer and User-Agent, read as text a server
/// logs, renders or hands to a CGI program
/// ([`urlscope_core::headers::text_header_warnings`]: what the header
/// holds attacks the server, not a visitor). What the fast path cannot
/// settle waits in `found.refused`, so the records keep the lines' order.
fn access_line(k: usize, request: Request, opts: &ScanOptions, found: &mut Found) {
    let min = opts.min_severity;
    // A line with no request line (a scanner's `"-"`) has only headers.
    let url = match &request.target {
        Some(target) => !is_plain_at(target, min),
        None => {
            found.unparsed += 1;
            false
        }
    };
    let mut headers = Vec::new();
    for (header, value) in [(REFERER, request.referer), (USER_AGENT, request.agent)] {
        let Some(value) = value else { continue };
        let mut warnings = urlscope_core::headers::text_header_warnings(header, &value);
        warnings.retain(|w| w.severity >= min);
        if !warnings.is_empty() {
            headers.push((header, value.into_owned(), warnings));
        }
    }
    // A refused URL is counted when its record is added.
    found.urls += u64::from(!url && request.target.is_some());
    if url || !headers.is_empty() {
        found.refused.push(Refused {
            k,
            target: request.target.map(Cow::into_owned),
            url,
            headers,
        });
    }
}

/// Triage every URL found in a line of text.
fn scan_text_line(name: &str, no: u64, line: &[u8], opts: &ScanOptions, found: &mut Found) {
    for url in urlscope_core::find::urls(line) {
        let analysed = url.url(line);
        let mut warnings = triage_at(&analysed, &opts.options, opts.min_severity);
        url.warnings_as_written(line, &mut warnings);
        let target = Target {
            shown: line.get(url.span.range()).unwrap_or_default(),
            url: &analysed,
            found: Some(url),
            line,
            header: None,
        };
        found.add(name, no, target, warnings, None, opts);
    }
}

/// A file that cannot be read: said on standard error, counted for the
/// exit status; the other files are still scanned.
fn read_error(summary: &mut Summary, message: &str) {
    summary.errors += 1;
    eprintln!("urlscope: {message}");
}

/// The failure of a report that cannot be written to `path`.
fn cannot_write_report(path: &std::path::Path, e: &io::Error) -> Failure {
    Failure::usage(format!(
        "scan: cannot write {}: {e}",
        escape_str(&path.display().to_string())
    ))
}

/// `n` and the noun that counts it: `1 line`, `2 lines`.
fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether a line of a list is prose holding a URL: words before the
/// first URL found in it, a space between.
fn is_prose(line: &[u8]) -> bool {
    let Some(first) = urlscope_core::find::urls(line).next() else {
        return false;
    };
    let before = line.get(..first.span.start).unwrap_or_default();
    before.last().is_some_and(u8::is_ascii_whitespace)
        && before.iter().any(|b| !b.is_ascii_whitespace())
}

/// Whether a line holds no URL: empty or only white space.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| b.is_ascii_whitespace())
}

/// Scan `files` (standard input when empty); returns the exit status.
pub fn run(out: &mut impl Write, files: &[String], opts: &ScanOptions) -> Result<u8, Failure> {
    let started = Instant::now();
    let mut summary = Summary::default();
    let stdin = ["-".to_string()];
    let names: &[String] = if files.is_empty() { &stdin } else { files };
    // Only flagged lines are written: when the reader goes away (`| head`)
    // one was being written, so the status is found's, not success's.
    let flagged_unread = |f: Failure| match f.status {
        0 => Failure {
            message: String::new(),
            status: EXIT_FOUND,
        },
        _ => f,
    };
    if let Some(path) = &opts.html {
        // A report that cannot be written is said before the scan, not
        // after a week of logs was read for it. The file is opened, not
        // emptied: an earlier report stays until this one replaces it.
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| cannot_write_report(path, &e))?;
    }
    for name in names {
        scan_one(name, opts, out, &mut summary, started).map_err(flagged_unread)?;
    }
    out.flush().map_err(|e| flagged_unread(e.into()))?;
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let mut err = io::stderr().lock();
    // An access log's flagged headers, counted apart from its URLs.
    let headers = and_headers_flagged(summary.flagged_headers);
    let pct = if summary.urls > 0 {
        100.0 * summary.flagged as f64 / summary.urls as f64
    } else {
        0.0
    };
    let _ = writeln!(
        err,
        "urlscope scan: {}, {} analysed, {} flagged ({pct:.2}%){headers} at {} or above in {secs:.2} s ({:.0} URLs/s, {:.1} MB/s)",
        plural(summary.lines, "line", "lines"),
        plural(summary.urls, "URL", "URLs"),
        summary.flagged,
        opts.min_severity.name(),
        summary.urls as f64 / secs,
        summary.bytes as f64 / secs / 1e6
    );
    if summary.unparsed > 0 {
        let _ = writeln!(
            err,
            "  {} had no request line",
            plural(summary.unparsed, "access-log line", "access-log lines")
        );
    }
    if summary.unfielded > 0 {
        let _ = writeln!(
            err,
            "  {} came before any #Fields: directive naming cs-uri-stem or cs-uri, so {} not read (--format w3c reads IIS's W3C extended logs)",
            plural(summary.unfielded, "line", "lines"),
            if summary.unfielded == 1 { "it was" } else { "they were" }
        );
    }
    if summary.truncated > 0 {
        let _ = writeln!(
            err,
            "  {} longer than {MAX_LINE} bytes {} cut",
            plural(summary.truncated, "line", "lines"),
            if summary.truncated == 1 {
                "was"
            } else {
                "were"
            }
        );
    }
    let mut counts: Vec<(&WarningCode, &u64)> = summary.codes.iter().collect();
    counts.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (code, n) in counts {
        let _ = writeln!(err, "  {:<20} {n}", code.code());
    }
    if let Some(path) = &opts.html {
        let totals = Totals {
            lines: summary.lines,
            urls: summary.urls,
            flagged: summary.flagged,
            unparsed: summary.unparsed,
            flagged_headers: summary.flagged_headers,
            min_severity: Some(opts.min_severity),
        };
        let mut page = Vec::new();
        write_scan_report(&mut page, totals, &summary.records)?;
        std::fs::write(path, page).map_err(|e| cannot_write_report(path, &e))?;
        let _ = writeln!(
            err,
            "  report written to {}",
            escape_str(&path.display().to_string())
        );
    }
    Ok(if summary.errors > 0 {
        EXIT_USAGE
    } else if summary.records_flagged() > 0 {
        EXIT_FOUND
    } else {
        0
    })
}
