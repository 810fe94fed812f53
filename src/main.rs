//! `urlscope`: a terminal inspector for URLs. See README.md.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
