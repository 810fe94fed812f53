//! Where `triage`'s time goes on kasztp.txt, in wall time: the fast-path
//! test on every URL, and the full analysis of the URLs it refuses, beside
//! `url::Url::parse` in the same run, and `triage_at` medium, what `scan`
//! runs by default, whole and in two phases as `scan`'s blocks run it
//! (every line's fast path, then the analysis of the lines it refused).
//! Criterion gives the whole; this splits it (see BENCHMARKS.md):
//!
//! ```text
//! cargo run --release -p urlscope-bench --example triage_phases
//! ```
//!
//! The measures take turns, one pass each per round for 40 rounds, and
//! each keeps its best pass: a burst of load from elsewhere on a shared
//! machine then slows a round of every measure, not all the passes of one.

use std::hint::black_box;
use std::time::Instant;

/// One pass of a measure: how many results it counted (kept from the
/// optimizer).
type Pass<'a> = Box<dyn FnMut() -> usize + 'a>;

/// The best of 40 timed passes of each measure, in milliseconds, the
/// measures taking turns.
fn best_of_rounds(passes: &mut [Pass<'_>]) -> Vec<f64> {
    let mut best = vec![f64::MAX; passes.len()];
    for _ in 0..40 {
        for (pass, best) in passes.iter_mut().zip(&mut best) {
            let start = Instant::now();
            black_box(pass());
            *best = best.min(start.elapsed().as_secs_f64() * 1e3);
        }
    }
    best
}

fn main() {
    let urls = urlscope_bench::lines("corpus/kasztp.txt");
    let strs: Vec<&str> = urls
        .iter()
        .filter_map(|u| std::str::from_utf8(u).ok())
        .collect();
    let options = urlscope_core::Options::default();
    let slow_options = options.with_corrected(false);
    let medium = urlscope_core::warnings::Severity::Medium;
    let refused: Vec<&Vec<u8>> = urls
        .iter()
        .filter(|u| !urlscope_core::triage::is_plain(u))
        .collect();
    let refused_at_medium: Vec<&Vec<u8>> = urls
        .iter()
        .filter(|u| !urlscope_core::triage::is_plain_at(u, medium))
        .collect();
    let analyze_all = |urls: &[&Vec<u8>]| -> usize {
        urls.iter()
            .map(|u| {
                urlscope_core::analyze(black_box(u), &slow_options)
                    .warnings
                    .len()
            })
            .sum()
    };
    let measures: Vec<(&str, Pass<'_>)> = vec![
        (
            "url::Url::parse",
            Box::new(|| {
                strs.iter()
                    .filter(|s| url::Url::parse(black_box(s)).is_ok())
                    .count()
            }),
        ),
        (
            "triage",
            Box::new(|| {
                urls.iter()
                    .map(|u| urlscope_core::triage::triage(black_box(u), &options).len())
                    .sum()
            }),
        ),
        (
            "  is_plain on every URL",
            Box::new(|| {
                urls.iter()
                    .filter(|u| urlscope_core::triage::is_plain(black_box(u)))
                    .count()
            }),
        ),
        (
            "  analyze of the refused",
            Box::new(|| analyze_all(&refused)),
        ),
        (
            "triage_at medium (scan)",
            Box::new(|| {
                urls.iter()
                    .map(|u| urlscope_core::triage::triage_at(black_box(u), &options, medium).len())
                    .sum()
            }),
        ),
        (
            "  in two phases (scan's)",
            Box::new(|| {
                let refused: Vec<&Vec<u8>> = urls
                    .iter()
                    .filter(|u| !urlscope_core::triage::is_plain_at(black_box(u), medium))
                    .collect();
                refused
                    .iter()
                    .map(|u| urlscope_core::triage::analyzed_at(u, &options, medium).len())
                    .sum()
            }),
        ),
        (
            "  is_plain_at medium",
            Box::new(|| {
                urls.iter()
                    .filter(|u| urlscope_core::triage::is_plain_at(black_box(u), medium))
                    .count()
            }),
        ),
        (
            "  analyze of those refused",
            Box::new(|| analyze_all(&refused_at_medium)),
        ),
    ];
    let (names, mut passes): (Vec<&str>, Vec<Pass<'_>>) = measures.into_iter().unzip();
    let best = best_of_rounds(&mut passes);
    println!(
        "{} URLs, {} refused by the fast path ({} at medium)",
        urls.len(),
        refused.len(),
        refused_at_medium.len()
    );
    let url = best.first().copied().unwrap_or(f64::NAN);
    for (what, ms) in names.iter().zip(&best) {
        println!("{what:26} {ms:7.3} ms  {:.2}x url", ms / url);
    }
}
