//! `urlscope resolve BASE REF` and the resolution `explain --base` shows
//! above its report (RFC 3986 section 5.2, and the WHATWG reading where it
//! differs).

use super::exit::Failure;
use super::input;
use super::mistakes;
use super::style::Style;
use std::ffi::OsString;
use std::io::{self, Write};
use urlscope_core::percent::escape_unprintable;
use urlscope_core::resolve::{resolution, Resolution};
use urlscope_core::text::{escape_bytes, escape_str};

/// Print the target of each reference (the argument, or standard input's
/// lines); a WHATWG resolution that differs, or that fails, is a note on
/// standard error.
pub fn run(
    out: &mut impl Write,
    base: &OsString,
    reference: Option<&OsString>,
    more: &[OsString],
) -> Result<(), Failure> {
    let references = match reference {
        Some(r) if !more.is_empty() => {
            return Err(Failure::usage(mistakes::split_argument(
                &std::env::args_os().collect::<Vec<_>>(),
                "REF",
                r,
                more,
            )))
        }
        Some(r) if r != "-" => vec![input::os_bytes(r)],
        Some(_) => input::stdin_urls()?,
        None if input::stdin_has_data() => input::stdin_urls()?,
        None => {
            return Err(Failure::usage(
                "no REF given: pass one after BASE, or '-' for standard input (one per line)",
            ))
        }
    };
    let base = input::os_bytes(base);
    for reference in references {
        let r = resolution(&base, &reference).map_err(|e| Failure::usage(e.to_string()))?;
        // Percent-encoded, not `\x1b`-escaped: the line is a URL to use.
        writeln!(out, "{}", escape_unprintable(&r.target))?;
        // Said after the target is out, so the two stay in order on a
        // terminal.
        if let Some(note) = note(&reference, &r) {
            out.flush()?;
            super::notes::say(&note);
        }
    }
    Ok(())
}

/// What standard error says of a resolution beside its RFC 3986 target:
/// the WHATWG target where it differs, or that a browser rejects both.
pub fn note(reference: &[u8], r: &Resolution) -> Option<String> {
    match (r.differs, &r.whatwg) {
        (true, Ok(theirs)) => Some(format!(
            "parser-differential: a WHATWG parser resolves '{}' to {}{}",
            escape_bytes(reference),
            escape_str(theirs),
            r.reason.map(|why| format!(" ({why})")).unwrap_or_default(),
        )),
        // Both readings fail: no browser opens the target either.
        (false, Err(e)) => Some(format!(
            "a WHATWG parser (a browser) rejects '{}' against this base, and the target too ({})",
            escape_bytes(reference),
            escape_str(e),
        )),
        _ => None,
    }
}

/// The RFC 3986 targets of resolutions, each note ([`note`]) said on
/// standard error first: what `clean`, `defang`, `refang` ... `--base`
/// work on.
pub fn targets_noted(resolved: Vec<(Vec<u8>, Resolution)>) -> Vec<Vec<u8>> {
    resolved
        .into_iter()
        .map(|(reference, r)| {
            if let Some(note) = note(&reference, &r) {
                super::notes::say(&note);
            }
            r.target
        })
        .collect()
}

/// The lines `explain --base` prints before the target's report.
pub fn write_resolution(
    out: &mut impl Write,
    base: &[u8],
    reference: &[u8],
    r: &Resolution,
    style: Style,
) -> io::Result<()> {
    writeln!(
        out,
        "{}        {}",
        style.heading("Base"),
        escape_bytes(base)
    )?;
    writeln!(
        out,
        "{}   {}",
        style.heading("Reference"),
        escape_bytes(reference)
    )?;
    writeln!(
        out,
        "{}      {}  (RFC 3986 section 5.2; analysed below)",
        style.heading("Target"),
        escape_bytes(&r.target)
    )?;
    match (&r.whatwg, r.differs) {
        (Ok(theirs), true) => {
            let line = format!(
                "{}  ≠ parser-differential{}",
                escape_str(theirs),
                r.reason.map(|why| format!(": {why}")).unwrap_or_default(),
            );
            writeln!(
                out,
                "{}      {}",
                style.heading("WHATWG"),
                super::cells::wrapped(&line, super::cells::HEAD, super::cells::HEAD)
            )?
        }
        (Err(e), true) => writeln!(
            out,
            "{}      rejected ({})  ≠ parser-differential",
            style.heading("WHATWG"),
            escape_str(e)
        )?,
        (Err(e), false) => writeln!(
            out,
            "{}      rejected ({}), as it rejects the target",
            style.heading("WHATWG"),
            escape_str(e)
        )?,
        _ => writeln!(out, "{}      the same URL", style.heading("WHATWG"))?,
    }
    writeln!(out)
}
