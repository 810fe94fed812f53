//! The URLs of a corpus that `triage` sends to the full analysis and
//! that come back with no warning: what the fast path's gates cost
//! without finding anything (see BENCHMARKS.md, "Per-URL cost").
//!
//! ```text
//! cargo run --release -p urlscope-bench --example slow_path [corpus/kasztp.txt [medium]]
//! ```

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "corpus/kasztp.txt".to_string());
    let urls = urlscope_bench::lines(&path);
    // The threshold, as `scan --min-severity` takes it (info by default).
    let min = std::env::args()
        .nth(2)
        .map_or(urlscope_core::Severity::Info, |name| {
            urlscope_core::Severity::from_name(&name)
                .unwrap_or_else(|| panic!("not a severity: {name}"))
        });
    let options = urlscope_core::Options::default();
    let mut slow = 0;
    let mut clean = Vec::new();
    for url in &urls {
        if urlscope_core::triage::is_plain_at(url, min) {
            continue;
        }
        slow += 1;
        if urlscope_core::triage::triage_at(url, &options, min).is_empty() {
            clean.push(String::from_utf8_lossy(url).into_owned());
        }
    }
    for url in &clean {
        println!("{url}");
    }
    eprintln!(
        "{} URLs, {slow} to the full analysis, {} of those with no warning",
        urls.len(),
        clean.len()
    );
}
