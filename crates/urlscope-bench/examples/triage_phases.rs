//! Where `triage`'s time goes on kasztp.txt, in wall time: the fast-path
//! test on every URL, and the full analysis of the URLs it refuses, beside
//! `url::Url::parse` in the same run (best of 40 passes each), and
//! `triage_at` medium, what `scan` runs by default. Criterion
//! gives the whole; this splits it (see BENCHMARKS.md):
//!
//! ```text
//! cargo run --release -p urlscope-bench --example triage_phases
//! ```

use std::hint::black_box;
use std::time::Instant;

/// The best of 40 timed passes, in milliseconds.
fn best(mut pass: impl FnMut() -> usize) -> f64 {
    (0..40)
        .map(|_| {
            let start = Instant::now();
            black_box(pass());
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let urls = urlscope_bench::lines("corpus/kasztp.txt");
    let strs: Vec<&str> = urls
        .iter()
        .filter_map(|u| std::str::from_utf8(u).ok())
        .collect();
    let options = urlscope_core::Options::default();
    let refused: Vec<&Vec<u8>> = urls
        .iter()
        .filter(|u| !urlscope_core::triage::is_plain(u))
        .collect();
    let url = best(|| {
        strs.iter()
            .filter(|s| url::Url::parse(black_box(s)).is_ok())
            .count()
    });
    let triage = best(|| {
        urls.iter()
            .map(|u| urlscope_core::triage::triage(black_box(u), &options).len())
            .sum()
    });
    let medium = urlscope_core::warnings::Severity::Medium;
    let at_medium = best(|| {
        urls.iter()
            .map(|u| urlscope_core::triage::triage_at(black_box(u), &options, medium).len())
            .sum()
    });
    let refused_at_medium: Vec<&Vec<u8>> = urls
        .iter()
        .filter(|u| !urlscope_core::triage::is_plain_at(u, medium))
        .collect();
    let plain_at_medium = best(|| {
        urls.iter()
            .filter(|u| urlscope_core::triage::is_plain_at(black_box(u), medium))
            .count()
    });
    let plain = best(|| {
        urls.iter()
            .filter(|u| urlscope_core::triage::is_plain(black_box(u)))
            .count()
    });
    let slow_options = options.with_corrected(false);
    let slow = best(|| {
        refused
            .iter()
            .map(|u| {
                urlscope_core::analyze(black_box(u), &slow_options)
                    .warnings
                    .len()
            })
            .sum()
    });
    let slow_at_medium = best(|| {
        refused_at_medium
            .iter()
            .map(|u| {
                urlscope_core::analyze(black_box(u), &slow_options)
                    .warnings
                    .len()
            })
            .sum()
    });
    println!(
        "{} URLs, {} refused by the fast path ({refused_at_medium} at medium)",
        urls.len(),
        refused.len(),
        refused_at_medium = refused_at_medium.len()
    );
    for (what, ms) in [
        ("url::Url::parse", url),
        ("triage", triage),
        ("  is_plain on every URL", plain),
        ("  analyze of the refused", slow),
        ("triage_at medium (scan)", at_medium),
        ("  is_plain_at medium", plain_at_medium),
        ("  analyze of those refused", slow_at_medium),
    ] {
        println!("{what:26} {ms:7.3} ms  {:.2}x url", ms / url);
    }
}
