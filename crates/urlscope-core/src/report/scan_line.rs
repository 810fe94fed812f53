//! One flagged line of `scan --json`.

use super::{hex_unless_utf8, lossy};
use crate::warnings::Warning;
use serde::Serialize;

/// What `scan --json` writes for one flagged line: where it is, the
/// input, and the warnings the triage gave it.
#[derive(Serialize)]
#[non_exhaustive]
pub struct ScanLine<'a> {
    /// The file's name as given (`-` for standard input).
    pub file: &'a str,
    /// The line number, from 1.
    pub line: u64,
    /// The line's URL, invalid UTF-8 replaced (see [`ScanLine::shown_as`]).
    pub input: String,
    /// When the URL is not UTF-8: its exact bytes in hex, which the spans
    /// index, as `explain --json` gives them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The warnings the triage gave the line.
    pub warnings: &'a [Warning],
    /// The famous site the URL's host imitates, as `explain --json` gives
    /// it on the URL's destination (or, for a wrapped or redirecting link,
    /// on the first destination it leads to that imitates one), when
    /// `lookalike-domain` is among the warnings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imitates: Option<crate::sites::Imitation>,
    /// The request header the input is, for an access log's `Referer` or
    /// `User-Agent` (the input is then that header's value); absent for
    /// the request's URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header: Option<&'static str>,
}

impl<'a> ScanLine<'a> {
    /// The record of `input`, line `line` of `file`. A line with
    /// `lookalike-domain` or `brand-in-host` (a few in a log) is analysed
    /// in full for what it imitates.
    pub fn new(file: &'a str, line: u64, input: &[u8], warnings: &'a [Warning]) -> ScanLine<'a> {
        let lookalike = warnings.iter().any(|w| w.code.names_an_imitation());
        let imitates = lookalike
            .then(|| {
                let a = crate::analysis::analyze(input, &crate::analysis::Options::default());
                let mut i = a.destinations.iter().find_map(|d| d.imitates.clone())?;
                // The warnings' spans point into the line as written, a
                // defanged one's too: so does this one.
                if let Some(d) = &a.defanged {
                    i.span = d.to_pasted(i.span);
                }
                Some(i)
            })
            .flatten();
        ScanLine {
            file,
            line,
            input: lossy(input),
            input_hex: hex_unless_utf8(input),
            warnings,
            imitates,
            header: None,
        }
    }

    /// Show `written` as the input: the URL as the line writes it, which
    /// the spans then point into.
    pub fn shown_as(&mut self, written: &[u8]) {
        self.input = lossy(written);
        self.input_hex = hex_unless_utf8(written);
    }
}
