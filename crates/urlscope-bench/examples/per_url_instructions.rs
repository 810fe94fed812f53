//! One function on every URL of kasztp.txt (or, with a second argument
//! `nested`, of the corpus of URLs that carry URLs; with `big`, on the
//! inspector benchmark's 1 MB URL), three times over, for counting
//! instructions with callgrind (see BENCHMARKS.md, "Per-URL cost"):
//!
//! ```text
//! cargo build --profile profiling -p urlscope-bench --example per_url_instructions
//! valgrind --tool=callgrind target/profiling/examples/per_url_instructions url
//! valgrind --tool=callgrind target/profiling/examples/per_url_instructions triage nested
//! valgrind --tool=callgrind target/profiling/examples/per_url_instructions analyze big
//! ```
//!
//! `url` parses with `url::Url::parse`, `triage` the warnings of every
//! severity, `medium` what `scan` runs by default (`triage_at` medium),
//! `plain` only its fast-path test (`plain-medium` at `scan`'s
//! threshold), `refused` `triage_at` medium on the URLs that test refuses
//! (the others cost only the test), `analyze` the full report, `none` the
//! loop alone (subtract it). A third argument sets how many passes (3
//! by default), for a sampling profiler (`perf record -e cpu-clock`).
//! The `profiling` profile is the release profile with debug info, so the
//! profiler can name functions and lines.

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let corpus = std::env::args().nth(2).unwrap_or_default();
    let data: Vec<Vec<u8>> = if corpus == "nested" {
        urlscope_bench::nested_urls::corpus()
    } else if corpus == "big" {
        vec![urlscope_bench::big_urls::repetitive()]
    } else {
        let path = urlscope_bench::data("corpus/kasztp.txt");
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        data.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    };
    let urls: Vec<&[u8]> = data.iter().map(Vec::as_slice).collect();
    let options = urlscope_core::Options::default();
    // A third argument repeats the passes, for a sampling profiler.
    let passes = std::env::args()
        .nth(3)
        .and_then(|p| p.parse().ok())
        .unwrap_or(3);
    let mut n = 0;
    for _ in 0..passes {
        for url in &urls {
            n += match mode.as_str() {
                "url" => std::str::from_utf8(url)
                    .ok()
                    .and_then(|t| url::Url::parse(t).ok())
                    .is_some() as usize,
                "plain" => urlscope_core::triage::is_plain(url) as usize,
                "plain-medium" => urlscope_core::triage::is_plain_at(
                    url,
                    urlscope_core::warnings::Severity::Medium,
                ) as usize,
                "triage" => urlscope_core::triage::triage(url, &options).len(),
                "medium" => urlscope_core::triage::triage_at(
                    url,
                    &options,
                    urlscope_core::warnings::Severity::Medium,
                )
                .len(),
                "analyze" => urlscope_core::analyze(url, &options).warnings.len(),
                "refused"
                    if urlscope_core::triage::is_plain_at(
                        url,
                        urlscope_core::warnings::Severity::Medium,
                    ) =>
                {
                    0
                }
                "refused" => urlscope_core::triage::triage_at(
                    url,
                    &options,
                    urlscope_core::warnings::Severity::Medium,
                )
                .len(),
                _ => url.len(),
            };
        }
    }
    println!("{} URLs, {n}", urls.len());
}
