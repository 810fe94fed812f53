//! `urlscope`: a terminal inspector for URLs. See README.md.

#![forbid(unsafe_code)]

mod cli;
mod tui;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
