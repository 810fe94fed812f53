//! How long `analyze` takes on the inspector benchmark's 1 MB URL and on a
//! 1 MB URL of all-different components, with its parts timed alone
//! (medians of 15 runs). For comparing builds side by side: copy this file
//! into a worktree of the other build and run both alternately.
//!
//! ```text
//! cargo run --release --example analysis_phases
//! ```

use std::hint::black_box;
use std::time::Instant;
use urlscope::analysis::{analyze, Options};

/// The URL of `benches/inspector.rs`.
fn repetitive() -> Vec<u8> {
    let mut url = b"https://example.com/".to_vec();
    while url.len() < 700_000 {
        url.extend_from_slice(b"caf%C3%A9/%252e%252e%252f/a+b/");
    }
    url.extend_from_slice(b"?q=");
    while url.len() < 1_000_000 {
        url.extend_from_slice(b"x%20y&z=");
    }
    url
}

/// The same pieces, numbered: no two components alike.
fn distinct() -> Vec<u8> {
    let mut url = b"https://example.com/".to_vec();
    let mut n = 0u64;
    while url.len() < 1_000_000 {
        url.extend_from_slice(format!("caf%C3%A9{n}/%252e{n}/a+b{n}/").as_bytes());
        n += 1;
    }
    url
}

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
    let url = repetitive();
    let distinct = distinct();
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
    let parts = urlscope::split::outline(&url);
    println!(
        "clean alone                      {:6.1} ms",
        median_ms(|| drop(black_box(urlscope::clean::clean_with_changes(&url, &parts))))
    );
    let text = String::from_utf8_lossy(&url);
    println!(
        "url::Url::parse alone            {:6.1} ms",
        median_ms(|| drop(black_box(url::Url::parse(&text))))
    );
}
