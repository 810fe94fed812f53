//! `explain --json`: the core's report ([`urlscope_core::report`]), one
//! object per line, terminal-safe.

use std::io::Write;
use urlscope_core::report::{write_safe, Report};
use urlscope_core::resolve::Resolution;
use urlscope_core::Analysis;

/// A target's resolution, held until its analysis is written.
pub struct ResolvedFrom<'a> {
    base: Vec<u8>,
    reference: &'a [u8],
    resolution: &'a Resolution,
}

/// The `resolution` of `explain --json --base`: `reference` resolved
/// against `base` as `r` says.
pub fn resolution_json<'a>(
    base: &[u8],
    reference: &'a [u8],
    r: &'a Resolution,
) -> ResolvedFrom<'a> {
    ResolvedFrom {
        base: base.to_vec(),
        reference,
        resolution: r,
    }
}

/// Write the analysis as one line of JSON and a newline, streaming: the
/// byte tables go to `out` as they are computed.
pub fn write_analysis(out: &mut impl Write, a: &Analysis) -> std::io::Result<()> {
    write_safe(out, &Report::of(a))?;
    writeln!(out)
}

/// [`write_analysis`] of a target, with the `resolution` it came from.
pub fn write_resolved(
    out: &mut impl Write,
    a: &Analysis,
    from: ResolvedFrom<'_>,
) -> std::io::Result<()> {
    write_safe(
        out,
        &Report::resolved(a, &from.base, from.reference, from.resolution),
    )?;
    writeln!(out)
}
