//! Triage of a block of lines, in parallel, by the format they are read
//! in (a list, an access log, a W3C log, text), and of an e-mail
//! message's URLs.

use super::access::{self, looks_like_access_log, Request};
use super::email;
use super::found::{tally, Found, Refused, Target};
use super::lines::{Block, Line};
use super::w3c::{self, Fields};
use super::{read_error, Format, Reading, ScanOptions, Summary};
use crate::cli::exit::Failure;
use rayon::prelude::*;
use std::borrow::Cow;
use std::io::Write;
use urlscope_core::text::escape_str;
use urlscope_core::triage::{analyzed_at, is_plain_at, triage_at};

/// Triage the URLs of the e-mail message `raw` (see [`email`]).
pub(super) fn scan_message(
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
pub(super) fn scan_block(
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
            crate::cli::input::without_bom(line)
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
                // A line of a list whose format `scan` chose that holds
                // more than one URL (`see hxxps://evil[.]com today`, a CSV
                // row `1,"https://paypa1.com/",phish`; never plain, for
                // its spaces, quotes or commas) is read as text: the URLs
                // found in it, not the line read whole as one.
                let as_text = reading.chosen
                    && reading.format == Format::Lines
                    && holds_urls_among_text(line);
                if refused.url && !as_text {
                    let warnings = analyzed_at(input, &opts.options, opts.min_severity);
                    found.add(name, no, Target::whole(input), warnings, access_log, opts);
                }
                for (header, value, warnings) in refused.headers {
                    let target = Target::header(header, &value);
                    found.add(name, no, target, warnings, access_log, opts);
                }
                if as_text {
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

/// The header names `scan` writes before a header's record.
const REFERER: &str = "Referer";
const USER_AGENT: &str = "User-Agent";

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

/// Whether the first lines of a file are text rather than one URL each:
/// most of them hold white space between words (a URL list's lines
/// seldom do; an e-mail's, a ticket's and a proxy log's always do), or a
/// URL among other text (a CSV export's `1,"https://x.example/",phish`).
fn looks_like_text(sample: &[Vec<u8>]) -> bool {
    let worded = sample
        .iter()
        .filter(|l| {
            let l = l.trim_ascii();
            l.iter().any(|b| b.is_ascii_whitespace()) || holds_urls_among_text(l)
        })
        .count();
    worded * 2 > sample.len()
}

/// Whether a line is not one URL but holds URLs among other text: words
/// or fields before the first URL found in it (`see https://...`,
/// `1,"https://...`), or after it, before the next (`"https://a.example/",
/// 'https://b.example/'`). Only white space or a comma or a bar between
/// them counts: a URL whose own bytes hold another (`jar:http://...`,
/// `0://evil.example:80;http://...`, `?next=<>javascript:...`) is one
/// URL, read whole.
fn holds_urls_among_text(line: &[u8]) -> bool {
    let separates = |b: &u8| b.is_ascii_whitespace() || matches!(b, b',' | b'|');
    let mut urls = urlscope_core::find::urls(line);
    let Some(first) = urls.next() else {
        return false;
    };
    let before = line.get(..first.span.start).unwrap_or_default();
    if before.trim_ascii_start().iter().any(separates) {
        return true;
    }
    urls.next().is_some_and(|next| {
        line.get(first.span.end..next.span.start)
            .is_some_and(|gap| gap.iter().any(separates))
    })
}

/// Whether a line holds no URL: empty or only white space.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| b.is_ascii_whitespace())
}
