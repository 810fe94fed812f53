//! How the program ends: the exit statuses and the error that carries one
//! with its message.
//!
//! | status | meaning |
//! |---|---|
//! | 0 | success, whatever the warnings; `scan` flagged nothing; a closed standard output |
//! | 1 | `scan` flagged a line; `decode` met input it cannot decode; an encoder refused the text |
//! | 2 | a usage error (clap's, a misspelt command, a URL split by the shell) or unreadable input |
//! | 130 | the inspector was ended with Ctrl-C |

use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status: a usage error or unreadable input.
pub const EXIT_USAGE: u8 = 2;
/// Exit status: the input could not be decoded as asked (`decode`).
pub const EXIT_DECODE: u8 = 1;
/// Exit status: `scan` flagged at least one line (as `grep` finding one).
pub const EXIT_FOUND: u8 = 1;
/// Exit status: the inspector was ended with Ctrl-C (128 + SIGINT, as a
/// shell reports an interrupted command).
pub const EXIT_INTERRUPTED: u8 = 130;

/// An error that ends the program with a message and a status.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub status: u8,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            status: EXIT_USAGE,
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            // The reader went away (`| head`): stop quietly, successfully.
            return Failure {
                message: String::new(),
                status: 0,
            };
        }
        Failure::usage(format!("cannot write output: {e}"))
    }
}

/// The exit status of an outcome, its message (if any) on standard error.
pub fn exit_code(outcome: Result<(), Failure>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if f.status == 0 => ExitCode::SUCCESS,
        // A status without a message (scan found something): already said.
        Err(f) if f.message.is_empty() => ExitCode::from(f.status),
        Err(f) => {
            let _ = writeln!(io::stderr(), "urlscope: {}", f.message);
            ExitCode::from(f.status)
        }
    }
}
