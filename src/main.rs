//! `urlscope`: a terminal inspector for URLs. See README.md.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    urlscope::cli::main()
}
