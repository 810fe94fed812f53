//! `urlscope`: a terminal inspector for URLs. See README.md.

mod cli;
mod tui;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
