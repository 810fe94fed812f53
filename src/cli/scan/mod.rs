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
use crate::html::{and_headers_flagged, write_scan_report, FlaggedLine, Totals};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use urlscope_core::text::escape_str;
use urlscope_core::warnings::{Severity, WarningCode};
use urlscope_core::Options;

mod access;
mod block;
mod email;
mod found;
mod lines;
mod w3c;

use block::{scan_block, scan_message};
use lines::{Block, LineBlocks, MAX_LINE};
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
