//! The end-to-end peer of `urlscope scan` (see BENCHMARKS.md): read a file and
//! parse every line with `ada-url` (the C++ WHATWG parser), nothing more.
//! It prints `urls=N valid=M`. See BENCHMARKS.md for the side-by-side run:
//!
//! ```text
//! cargo build --release -p urlscope-bench --example ada_parse_only
//! target/release/examples/ada_parse_only /tmp/kasztp-x10.txt
//! ```

use std::io::Read;

fn main() -> std::io::Result<()> {
    let mut urls = 0usize;
    let mut valid = 0usize;
    for path in std::env::args().skip(1) {
        let mut data = Vec::new();
        std::fs::File::open(&path)?.read_to_end(&mut data)?;
        for line in data.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.is_empty() {
                continue;
            }
            urls += 1;
            // ada reads text: a line that is not UTF-8 is read lossily, as
            // a browser would show it.
            let text = String::from_utf8_lossy(line);
            valid += usize::from(ada_url::Url::parse(&*text, None).is_ok());
        }
    }
    println!("urls={urls} valid={valid}");
    Ok(())
}
