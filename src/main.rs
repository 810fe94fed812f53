//! `urlscope`: a terminal inspector for URLs. See README.md.
//!
//! The command line says what to do; this chooses between the interactive
//! inspector and a printed command, and maps the outcome to an exit status.

#![forbid(unsafe_code)]

use std::process::ExitCode;
use urlscope::cli::{self, Failure, Request};

fn main() -> ExitCode {
    let outcome = cli::request().and_then(|request| match request {
        Request::Inspect { input, color } => urlscope::tui::run(input, color)
            .map_err(|e| Failure::usage(format!("terminal error: {e}"))),
        Request::Print(printout) => printout.print(),
    });
    cli::exit_code(outcome)
}
