//! What urlscope's benchmarks and profiling examples share: the corpus
//! they read, the 1 MB URLs and the URLs carrying URLs they build.

pub mod big_urls;
pub mod nested_urls;

use std::path::PathBuf;

/// The path of `path` under the repository's vendored `tests/data`.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(path)
}

/// The non-empty lines of `path` under `tests/data`, as bytes: a
/// byte-order mark and CR line ends dropped.
pub fn lines(path: &str) -> Vec<Vec<u8>> {
    let file = data(path);
    let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
        .filter(|l| !l.is_empty())
        .collect()
}
