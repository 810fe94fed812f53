//! Reading `tests/data` (the vendored public conformance data and corpora;
//! see `tests/data/SOURCES.md`).

use std::path::PathBuf;

/// The path of `path` under `tests/data`.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// The bytes of `path` under `tests/data`.
pub fn read(path: &str) -> Vec<u8> {
    std::fs::read(data(path)).unwrap_or_else(|e| panic!("tests/data/{path}: {e}"))
}

/// The non-empty lines of `path`, as bytes: a byte-order mark and CR
/// line ends dropped.
pub fn lines(path: &str) -> Vec<Vec<u8>> {
    let bytes = read(path);
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
        .filter(|l| !l.is_empty())
        .collect()
}
