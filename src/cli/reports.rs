//! `urlscope explain`, and the default command off a terminal: the report
//! (or the JSON object) of each URL, each a reference resolved against
//! `--base` first when there is one.

use super::exit::Failure;
use super::{explain, input, json, resolve, style};
use std::ffi::OsString;
use std::io::Write;
use urlscope_core::resolve::Resolution;
use urlscope_core::Options;

/// The line between two reports, so each URL's report stands apart (a
/// report has blank lines of its own).
const REPORT_SEPARATOR: &str =
    "────────────────────────────────────────────────────────────────────────────────";

/// The explain report of each URL, separated by a rule. With a base, each
/// URL is a reference: the report is the target's, after the resolution.
pub fn write_reports(
    out: &mut impl Write,
    urls: &[Vec<u8>],
    base: Option<&OsString>,
    options: &Options,
    style: style::Style,
) -> Result<(), Failure> {
    let resolved = with_resolutions(urls, base)?;
    for (i, (url, resolution)) in resolved.iter().enumerate() {
        if i > 0 {
            writeln!(out, "\n{}\n", style.dim(REPORT_SEPARATOR))?;
        }
        let mut analysis = urlscope_core::analyze(url, options);
        if let (Some(base), Some((reference, r))) = (base, resolution) {
            resolve::write_resolution(out, &input::os_bytes(base), reference, r, style)?;
            analysis.warnings.extend(r.differential_warning(reference));
        }
        explain::write_report(out, &analysis, style)?;
    }
    Ok(())
}

/// One JSON object per line, one line per URL (the target's analysis,
/// with its `resolution`, when there is a base).
pub fn write_json(
    out: &mut impl Write,
    urls: &[Vec<u8>],
    base: Option<&OsString>,
    options: &Options,
) -> Result<(), Failure> {
    for (url, resolution) in with_resolutions(urls, base)? {
        let mut analysis = urlscope_core::analyze(&url, options);
        match (&resolution, base) {
            (Some((reference, r)), Some(base)) => {
                analysis.warnings.extend(r.differential_warning(reference));
                let from = json::resolution_json(&input::os_bytes(base), reference, r);
                json::write_resolved(out, &analysis, from)?;
            }
            _ => json::write_analysis(out, &analysis)?,
        }
    }
    Ok(())
}

/// One HTML lesson of every URL (each the target's analysis when there is
/// a base).
pub fn write_html(
    out: &mut impl Write,
    urls: &[Vec<u8>],
    base: Option<&OsString>,
    options: &Options,
) -> Result<(), Failure> {
    let analyses: Vec<_> = with_resolutions(urls, base)?
        .into_iter()
        .map(|(url, resolution)| {
            let mut analysis = urlscope_core::analyze(&url, options);
            if let Some((reference, r)) = &resolution {
                analysis.warnings.extend(r.differential_warning(reference));
            }
            analysis
        })
        .collect();
    crate::html::write_lesson(out, &analyses)?;
    Ok(())
}

/// A resolved input: the URL to analyse, and the reference and resolution
/// it came from when there is a base.
type Resolved = (Vec<u8>, Option<(Vec<u8>, Resolution)>);

/// Each URL as given, or with a base, each reference's target beside the
/// reference and its resolution.
fn with_resolutions(urls: &[Vec<u8>], base: Option<&OsString>) -> Result<Vec<Resolved>, Failure> {
    match base {
        Some(base) => Ok(resolve_all(base, urls)?
            .into_iter()
            .map(|(reference, r)| (r.target.clone(), Some((reference, r))))
            .collect()),
        None => Ok(urls.iter().map(|u| (u.clone(), None)).collect()),
    }
}

/// Each reference resolved against `base`, kept beside its resolution.
pub fn resolve_all(
    base: &OsString,
    references: &[Vec<u8>],
) -> Result<Vec<(Vec<u8>, Resolution)>, Failure> {
    resolve_all_bytes(&input::os_bytes(base), references)
}

/// [`resolve_all`] for a base given as bytes (`refang --base`, whose
/// base is refanged first).
pub fn resolve_all_bytes(
    base: &[u8],
    references: &[Vec<u8>],
) -> Result<Vec<(Vec<u8>, Resolution)>, Failure> {
    references
        .iter()
        .map(|reference| {
            urlscope_core::resolve::resolution(base, reference)
                .map(|r| (reference.clone(), r))
                .map_err(|e| Failure::usage(format!("--base: {e}")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_are_set_apart_and_json_is_a_line_each() {
        let urls = vec![b"http://a.example/".to_vec(), b"http://b.example/".to_vec()];
        let mut out = Vec::new();
        write_reports(
            &mut out,
            &urls,
            None,
            &Options::default(),
            style::Style { color: false },
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches(REPORT_SEPARATOR).count(), 1);
        assert!(
            text.starts_with("URL         http://a.example/\n"),
            "{text}"
        );
        let mut out = Vec::new();
        write_json(&mut out, &urls, None, &Options::default()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(
            text.starts_with(r#"{"input":"http://a.example/","#),
            "{text}"
        );
    }
}
