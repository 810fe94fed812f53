//! How long `analyze` takes on the inspector benchmark's 1 MB URL, on a
//! 1 MB URL of all-different components and on the other hostile shapes
//! of `big_urls::shapes`, with its parts timed alone
//! (medians of 15 runs). For comparing builds side by side: copy this file
//! into a worktree of the other build and run both alternately.
//!
//! ```text
//! cargo run --release -p urlscope-bench --example analysis_phases
//! ```

use std::hint::black_box;
use std::time::Instant;
use urlscope_core::analysis::{analyze, Options};

use urlscope_bench::big_urls;

/// The median time of `f` over 15 runs, in milliseconds.
fn median_ms(f: impl Fn()) -> f64 {
    let mut times: Vec<f64> = (0..15)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn main() {
    let url = big_urls::repetitive();
    let distinct = big_urls::distinct();
    let all = Options::default();
    let warnings_only = Options::default().with_corrected(false);
    println!(
        "analyze, repetitive URL          {:6.1} ms",
        median_ms(|| drop(black_box(analyze(&url, &all))))
    );
    println!(
        "analyze, distinct components     {:6.1} ms",
        median_ms(|| drop(black_box(analyze(&distinct, &all))))
    );
    println!(
        "analyze, repetitive, no corrected {:5.1} ms",
        median_ms(|| drop(black_box(analyze(&url, &warnings_only))))
    );
    let parts = urlscope_core::split::outline(&url);
    println!(
        "clean alone                      {:6.1} ms",
        median_ms(|| drop(black_box(urlscope_core::clean::clean_with_changes(
            &url, &parts
        ))))
    );
    let text = String::from_utf8_lossy(&url);
    println!(
        "url::Url::parse alone            {:6.1} ms",
        median_ms(|| drop(black_box(url::Url::parse(&text))))
    );
    for (name, shape) in big_urls::shapes() {
        println!(
            "analyze, {name:24} {:6.1} ms",
            median_ms(|| drop(black_box(analyze(&shape, &all))))
        );
    }
}
