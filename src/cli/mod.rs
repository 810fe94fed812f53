//! The command-line front end: argument parsing, input, and one module per
//! command. Each command writes to any `impl Write`, so tests can capture
//! the exact text.
//!
//! [`request`] says what the command line asks for; opening the inspector
//! is the binary's choice, so this module knows nothing of it.

mod args;
pub(crate) mod cells;
mod clean;
mod decode;
mod defang;
mod encode;
mod examples;
mod exit;
mod explain;
pub(crate) mod follow;
mod input;
pub mod json;
mod manual;
mod mistakes;
mod notes;
mod reports;
mod resolve;
mod scan;
mod sources;
pub(crate) mod style;

use args::{Command, Opt};
use clap::{CommandFactory, Parser};
use reports::resolve_all;
use sources::{read_text, read_urls, targets};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};

pub use exit::{exit_code, Failure, EXIT_DECODE, EXIT_FOUND, EXIT_INTERRUPTED, EXIT_USAGE};

/// What the command line asks for.
#[derive(Debug)]
pub enum Request {
    /// Open the interactive inspector on `input`: no command was given and
    /// standard output is a terminal. `color` is the `--color` flag and
    /// `NO_COLOR` alone. With `base` (`--base`), `input` is a reference:
    /// the inspector shows the base, the reference and the target.
    Inspect {
        input: Vec<u8>,
        color: bool,
        base: Option<Vec<u8>>,
        /// What the status line says first: that standard input held more
        /// URLs than the one shown.
        note: Option<String>,
    },
    /// `--print`: the inspector on the terminal (`/dev/tty`) whatever
    /// standard output is; the cleaned URL printed on quit.
    InspectAndPrint {
        input: Vec<u8>,
        color: bool,
        base: Option<Vec<u8>>,
        /// `--defang`: the URL printed defanged.
        defang: bool,
    },
    /// Print a command's output, or the explain report of the input when
    /// no command was given and standard output is not a terminal.
    Print(Printout),
}

/// Something to print on standard output.
#[derive(Debug)]
pub struct Printout {
    task: Task,
    color: bool,
    /// `--defang`: every URL of the output written defanged.
    defang: bool,
}

#[derive(Debug)]
enum Task {
    /// The explain report of each URL given without a command (each a
    /// reference resolved against `base` first, when there is one).
    Report {
        urls: Vec<Vec<u8>>,
        base: Option<OsString>,
    },
    Command(Command),
}

/// Top-level options that take a value (the word after them is not a URL).
const VALUED_OPTIONS: &[&str] = &["--color", "--file", "--base"];

/// Parse the arguments (clap exits on a usage error) and read the input
/// the inspector would open.
pub fn request() -> Result<Request, Failure> {
    let args: Vec<OsString> = std::env::args_os().collect();
    refuse_misspelt_command(&args)?;
    let opt = Opt::parse_from(args);
    let color = opt.color.enabled();
    let defang = opt.defang;
    let json = match &opt.command {
        Some(Command::Explain(a)) => a.json,
        Some(Command::Scan(a)) => a.json,
        _ => false,
    };
    if defang && json {
        return Err(Failure::usage(
            "--defang writes text for a ticket; --json keeps every URL as it is (spans point into it)"
                .to_string(),
        ));
    }
    if defang && matches!(&opt.command, Some(Command::Scan(a)) if a.html.is_some()) {
        // The page goes to a file, not through the writer that defangs
        // what is printed: refused rather than written live.
        return Err(Failure::usage(
            "--defang defangs what is printed; scan --html writes its page to a file with every URL \
             as it is (open the page, do not paste it): drop one of them"
                .to_string(),
        ));
    }
    let task = match opt.command {
        Some(command) => Task::Command(command),
        None => {
            let given = opt.input.url.is_some() || opt.input.file.is_some();
            let mut urls = if given {
                read_urls(&opt.input)?
            } else if input::stdin_has_data() {
                input::lines(&input::read_stdin()?)
            } else {
                Vec::new()
            };
            let inspecting = io::stdout().is_terminal() || opt.print;
            let base = match &opt.input.base {
                Some(base) if inspecting => {
                    // A reference that cannot be resolved is refused here,
                    // before the terminal is touched; the inspector
                    // resolves it again and shows base, reference and
                    // target.
                    resolve_all(base, &urls)?;
                    Some(input::os_bytes(base))
                }
                _ => None,
            };
            if urls.is_empty() {
                // Nothing given, or nothing on standard input: the first
                // example of the gallery.
                let example = crate::gallery::default_example().url;
                urls.push(example.as_bytes().to_vec());
            }
            if opt.print {
                urls.truncate(1);
                let input = urls.pop().unwrap_or_default();
                return Ok(Request::InspectAndPrint {
                    input,
                    color,
                    base,
                    defang,
                });
            }
            if io::stdout().is_terminal() {
                // The inspector shows one URL: the first (its keys come
                // from the terminal, not from standard input); the others
                // are not passed over in silence.
                let note = (urls.len() > 1).then(|| {
                    format!(
                        "URL 1 of {} from standard input; scan - reads them all",
                        urls.len()
                    )
                });
                urls.truncate(1);
                let input = urls.pop().unwrap_or_default();
                return Ok(Request::Inspect {
                    input,
                    color,
                    base,
                    note,
                });
            }
            // Not a terminal (a pipe, a file): print the reports instead.
            Task::Report {
                urls,
                base: opt.input.base,
            }
        }
    };
    Ok(Request::Print(Printout {
        task,
        color,
        defang,
    }))
}

/// A first word that is not URL-shaped and is close to a command name is a
/// misspelt command, not a relative reference: refuse it with the command
/// line as meant, rather than analyse `exlpain` as a path.
fn refuse_misspelt_command(args: &[OsString]) -> Result<(), Failure> {
    let Some((at, word)) = mistakes::first_word(args, VALUED_OPTIONS) else {
        return Ok(());
    };
    let cli = Opt::command();
    let mut names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
    names.push("help");
    match mistakes::closest_command(&word, &names) {
        Some(meant) => Err(Failure::usage(mistakes::misspelt_command(
            args, at, &word, meant,
        ))),
        None => Ok(()),
    }
}

impl Printout {
    /// Print to standard output, buffered.
    pub fn print(self) -> Result<(), Failure> {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        if self.defang {
            notes::defang_notes();
            let mut out = defang::DefangLines::new(&mut out);
            if self.is_laid_out() {
                out = out.fitting(cells::WIDTH);
            }
            if matches!(
                &self.task,
                Task::Command(Command::Clean(_) | Command::Normalize(_) | Command::Pretty(_))
            ) {
                out = out.urls();
            }
            self.write(&mut out)?;
            out.flush()?;
        } else {
            self.write(&mut out)?;
        }
        out.flush().map_err(Failure::from)
    }

    /// Whether the output is text laid out for [`cells::WIDTH`] columns
    /// (a report: `explain`, `resolve`, `examples`), which `--defang` must
    /// keep within them, rather than records of one line each (`scan`,
    /// `clean`) or a page (`explain --html`).
    fn is_laid_out(&self) -> bool {
        match &self.task {
            Task::Report { .. } => true,
            Task::Command(Command::Explain(args)) => !args.html && !args.json,
            Task::Command(Command::Resolve(_) | Command::Examples) => true,
            Task::Command(_) => false,
        }
    }

    /// Write the output to `out`.
    pub fn write(self, out: &mut impl Write) -> Result<(), Failure> {
        match self.task {
            Task::Report { urls, base } => {
                let options = urlscope_core::Options::default();
                let style = style::Style { color: self.color };
                reports::write_reports(out, &urls, base.as_ref(), &options, style)
            }
            Task::Command(command) => run(command, self.color, out),
        }
    }
}

/// Run `command`, writing what it prints to `out`.
fn run(command: Command, color: bool, out: &mut impl Write) -> Result<(), Failure> {
    let style = style::Style { color };
    match command {
        Command::Explain(args) => {
            let urls = read_urls(&args.input)?;
            let options = urlscope_core::Options::default().with_form(!args.no_form);
            let base = args.input.base.as_ref();
            if args.html {
                reports::write_html(out, &urls, base, &options)?;
            } else if args.json {
                reports::write_json(out, &urls, base, &options)?;
            } else {
                reports::write_reports(out, &urls, base, &options, style)?;
            }
        }
        Command::Clean(args) => clean::write_clean(out, &targets(&args)?)?,
        Command::Normalize(args) => clean::write_normalized(out, &targets(&args)?)?,
        Command::Pretty(args) => clean::write_pretty(out, &targets(&args)?)?,
        Command::Defang(args) => defang::write_defanged(out, &targets(&args)?)?,
        Command::Refang(args) => match &args.base {
            // The reference and the base refanged, then resolved.
            Some(base) => {
                let live = |url: &[u8]| urlscope_core::defang::refang(url).url;
                let references: Vec<Vec<u8>> = read_urls(&args)?.iter().map(|u| live(u)).collect();
                let base = live(&input::os_bytes(base));
                let targets =
                    resolve::targets_noted(reports::resolve_all_bytes(&base, &references)?);
                defang::write_live(out, &targets)?
            }
            None => defang::write_refanged(out, &read_urls(&args)?)?,
        },
        Command::Encode(args) => {
            let text = read_text(&args.text, &args.more)?;
            let dialect = if args.all {
                None
            } else {
                // clap accepts only the dialects' names.
                urlscope_core::dialects::EncodeDialect::from_name(&args.dialect)
            };
            encode::run(out, &text, dialect, args.output.raw())?;
        }
        Command::Decode(args) => {
            let text = read_text(&args.text, &args.more)?;
            match &args.dialect {
                Some(name) => decode::run_as(out, &text, name, args.output.raw())?,
                None => decode::run(
                    out,
                    &text,
                    decode::DecodeOptions {
                        form: args.form,
                        all: args.all,
                        lossy: args.lossy,
                        lenient: args.lenient,
                        raw: args.output.raw(),
                    },
                )?,
            }
        }
        Command::Scan(args) => {
            if args.files.is_empty() && io::stdin().is_terminal() {
                // Typing a log by hand is never what was meant.
                return Err(Failure::usage(
                    "scan: no FILE given and standard input is a terminal: \
                     name a file, or pipe one in (`-` reads standard input anyway)",
                ));
            }
            let opts = scan::ScanOptions {
                json: args.json,
                min_severity: args.min_severity.0,
                format: args.format,
                options: urlscope_core::Options::default().with_form(!args.no_form),
                html: args.html.clone(),
            };
            let status = scan::run(out, &args.files, &opts)?;
            if status != 0 {
                return Err(Failure {
                    message: String::new(),
                    status,
                });
            }
        }
        Command::Resolve(args) => {
            resolve::run(out, &args.base, args.reference.as_ref(), &args.more)?
        }
        Command::Completions { shell } => {
            manual::write_completions(out, shell, Opt::command())?;
        }
        Command::Man => manual::write_man_page(out, Opt::command())?,
        Command::Examples => examples::write_examples(out)?,
    }
    Ok(())
}
