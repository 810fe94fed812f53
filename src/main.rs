//! `urlscope`: a terminal inspector for URLs. See README.md.
//!
//! The command line says what to do; this chooses between the interactive
//! inspector and a printed command, and maps the outcome to an exit status.

#![forbid(unsafe_code)]

use std::process::ExitCode;
use urlscope::cli::{self, Failure, Request};

fn main() -> ExitCode {
    let outcome = cli::request().and_then(|request| match request {
        Request::Inspect {
            input,
            color,
            base,
            note,
        } => match urlscope::tui::run(input, color, base, note) {
            Ok(urlscope::tui::Outcome::Quit { .. }) => Ok(()),
            Ok(urlscope::tui::Outcome::Interrupted) => Err(interrupted()),
            Err(e) => Err(Failure::usage(format!("terminal error: {e}"))),
        },
        Request::InspectAndPrint {
            input,
            color,
            base,
            defang,
        } => inspect_and_print(input, color, base, defang),
        Request::Print(printout) => printout.print(),
    });
    cli::exit_code(outcome)
}

/// `--print`: the cleaned URL (defanged with `defang`) on standard output
/// after q; Ctrl-C prints nothing and ends with 130, as a shell does.
fn inspect_and_print(
    input: Vec<u8>,
    color: bool,
    base: Option<Vec<u8>>,
    defang: bool,
) -> Result<(), Failure> {
    use std::io::Write;
    match urlscope::tui::run_on_tty(input, color, base, None) {
        Ok(urlscope::tui::Outcome::Quit { clean }) => {
            let clean = if defang {
                urlscope_core::defang::defang(&clean)
            } else {
                clean
            };
            writeln!(std::io::stdout(), "{clean}").map_err(Failure::from)
        }
        Ok(urlscope::tui::Outcome::Interrupted) => Err(interrupted()),
        Err(e) => Err(Failure::usage(format!(
            "--print needs a terminal (/dev/tty): {e}"
        ))),
    }
}

/// Ctrl-C in the inspector: nothing printed, status 130, as a shell
/// reports an interrupted command.
fn interrupted() -> Failure {
    Failure {
        message: String::new(),
        status: urlscope::cli::EXIT_INTERRUPTED,
    }
}
