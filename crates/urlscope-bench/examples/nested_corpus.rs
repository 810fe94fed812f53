//! Print the corpus of URLs that carry URLs (`urlscope_bench::nested_urls`),
//! one a line, for `scan` and for comparing two builds (see BENCHMARKS.md):
//!
//! ```text
//! cargo run --release -p urlscope-bench --example nested_corpus > /tmp/nested.txt
//! ```

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for url in urlscope_bench::nested_urls::corpus() {
        out.write_all(&url)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
