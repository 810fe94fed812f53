//! The command-line front end: argument parsing, input, and one module per
//! command. Each command writes to any `impl Write`, so tests can capture
//! the exact text.
//!
//! [`request`] says what the command line asks for; opening the inspector
//! is the binary's choice, so this module knows nothing of it.

mod decode;
mod exit;
mod explain;
pub mod json;
mod scan;
mod style;

use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use style::ColorChoice;

pub use exit::{exit_code, Failure, EXIT_DECODE, EXIT_USAGE};

#[derive(Parser, Debug)]
#[command(
    name = "urlscope",
    version,
    about = "Take a URL apart: every component, every byte, every danger.",
    long_about = "Take a URL apart: every component, every byte, every danger.\n\n\
        With no command, opens the interactive inspector on URL (or the first built-in \
        example); when standard output is not a terminal it prints the explain report.\n\
        Exit status: 0 on success, 1 when `decode` meets input it cannot decode, \
        2 on a usage error or unreadable input.",
    args_conflicts_with_subcommands = true
)]
struct Opt {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    input: InputArgs,
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the whole analysis: components, decoded bytes, warnings, the cleaned URL.
    Explain(ExplainArgs),
    /// Print the cleaned URL: illegal characters percent-encoded, meaning kept.
    Clean(InputArgs),
    /// Print the normalized URL (RFC 3986 section 6.2.2).
    Normalize(InputArgs),
    /// Print the URL as an address bar shows it: harmless escapes decoded.
    Pretty(InputArgs),
    /// Percent-encode TEXT for use as one URL component.
    Encode(EncodeArgs),
    /// Percent-decode TEXT and print it.
    Decode(DecodeArgs),
    /// Triage URL lists and access logs: print the lines with warnings.
    Scan(ScanArgs),
    /// List the built-in example URLs.
    Examples,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SeverityArg {
    High,
    Medium,
    Low,
    Info,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Exit status: 0 when nothing was flagged, 1 when something was, \
    2 on a usage error or a file that could not be read (the others are still scanned)."
)]
struct ScanArgs {
    /// One JSON object per flagged line instead of text.
    #[arg(long)]
    json: bool,
    /// Report lines with a warning at or above this severity.
    #[arg(long, value_enum, default_value_t = SeverityArg::Medium)]
    min_severity: SeverityArg,
    /// How to read lines: one URL per line, or access-log lines.
    #[arg(long, value_enum, default_value_t = scan::Format::Auto)]
    format: scan::Format,
    /// Do not read '+' as a space in query keys and values.
    #[arg(long)]
    no_form: bool,
    /// Files to scan (`.gz` read transparently); `-` or none for standard input.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
}

/// Where the URL comes from.
#[derive(Args, Debug, Clone, Default)]
struct InputArgs {
    /// The URL; `-` reads it from standard input.
    #[arg(value_name = "URL", conflicts_with = "file")]
    url: Option<OsString>,
    /// Read the URL's raw bytes from a file (a trailing newline is dropped).
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ExplainArgs {
    /// Print JSON instead of a report.
    #[arg(long)]
    json: bool,
    /// Do not read '+' as a space in query keys and values.
    #[arg(long)]
    no_form: bool,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Args, Debug)]
struct EncodeArgs {
    /// The encoding: component (RFC 3986 strict, the default), form (Java
    /// URLEncoder), js-uri, js-component, js-escape, python-quote,
    /// python-quote-plus, whatwg-path, whatwg-query, whatwg-fragment,
    /// whatwg-userinfo, clean, firefox-bar, chrome-bar.
    #[arg(long = "as", value_name = "DIALECT", default_value = "component",
          value_parser = clap::builder::PossibleValuesParser::new(
              urlscope_core::dialects::EncodeDialect::ALL.iter().map(|d| d.name())))]
    dialect: String,
    /// Encode with every dialect, one line each.
    #[arg(long, conflicts_with = "dialect")]
    all: bool,
    /// The text to encode (its UTF-8 bytes); `-` reads standard input.
    #[arg(value_name = "TEXT")]
    text: OsString,
}

#[derive(Args, Debug)]
struct DecodeArgs {
    /// Read '+' as a space (application/x-www-form-urlencoded).
    #[arg(long)]
    form: bool,
    /// Decode layer after layer until nothing changes (at most 8), printing each.
    #[arg(long)]
    all: bool,
    /// Replace invalid UTF-8 with U+FFFD instead of failing.
    #[arg(long)]
    lossy: bool,
    /// Pass a malformed escape through instead of failing.
    #[arg(long)]
    lenient: bool,
    /// Decode as another program does: js-uri (decodeURI), js-component
    /// (decodeURIComponent), js-unescape, python-unquote,
    /// python-unquote-plus, java (URLDecoder), whatwg.
    #[arg(long = "as", value_name = "DIALECT", conflicts_with_all = ["form", "all", "lossy", "lenient"],
          value_parser = clap::builder::PossibleValuesParser::new(
              urlscope_core::dialects::DecodeDialect::ALL.iter().map(|d| d.name())))]
    dialect: Option<String>,
    /// The text to decode; `-` reads standard input.
    #[arg(value_name = "TEXT")]
    text: OsString,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Request {
    /// Open the interactive inspector on `input`: no command was given and
    /// standard output is a terminal. `color` is the `--color` flag and
    /// `NO_COLOR` alone.
    Inspect { input: Vec<u8>, color: bool },
    /// Print a command's output, or the explain report of the input when
    /// no command was given and standard output is not a terminal.
    Print(Printout),
}

/// Something to print on standard output.
#[derive(Debug)]
pub struct Printout {
    task: Task,
    color: bool,
}

#[derive(Debug)]
enum Task {
    /// The explain report of the bytes given without a command.
    Report(Vec<u8>),
    Command(Command),
}

/// Parse the arguments (clap exits on a usage error) and read the input
/// the inspector would open.
pub fn request() -> Result<Request, Failure> {
    let opt = Opt::parse();
    let color = opt.color.enabled();
    let task = match opt.command {
        Some(command) => Task::Command(command),
        None => {
            let input = match (&opt.input.url, &opt.input.file) {
                (None, None) => urlscope_core::examples::default_example()
                    .url
                    .as_bytes()
                    .to_vec(),
                _ => read_input(&opt.input)?,
            };
            if io::stdout().is_terminal() {
                return Ok(Request::Inspect { input, color });
            }
            // Not a terminal (a pipe, a file): print the report instead.
            Task::Report(input)
        }
    };
    Ok(Request::Print(Printout { task, color }))
}

impl Printout {
    /// Print to standard output, buffered.
    pub fn print(self) -> Result<(), Failure> {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        self.write(&mut out)?;
        out.flush().map_err(Failure::from)
    }

    /// Write the output to `out`.
    pub fn write(self, out: &mut impl Write) -> Result<(), Failure> {
        match self.task {
            Task::Report(input) => {
                let analysis = urlscope_core::analyze(&input, &urlscope_core::Options::default());
                explain::write_report(out, &analysis, style::Style { color: self.color })?;
                Ok(())
            }
            Task::Command(command) => run(command, self.color, out),
        }
    }
}

fn run(command: Command, color: bool, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Explain(args) => {
            let input = read_input(&args.input)?;
            let options = urlscope_core::Options::default().with_form(!args.no_form);
            let analysis = urlscope_core::analyze(&input, &options);
            if args.json {
                json::write_analysis(out, &analysis)?;
            } else {
                explain::write_report(out, &analysis, style::Style { color })?;
            }
        }
        Command::Clean(args) => {
            let input = read_input(&args)?;
            let parts = urlscope_core::split::split(&input);
            writeln!(out, "{}", urlscope_core::clean::clean(&input, &parts))?;
        }
        Command::Normalize(args) => {
            let input = read_input(&args)?;
            writeln!(out, "{}", urlscope_core::clean::normalize(&input))?;
        }
        Command::Pretty(args) => {
            let input = read_input(&args)?;
            writeln!(
                out,
                "{}",
                urlscope_core::text::escape_str(&urlscope_core::clean::pretty(&input))
            )?;
        }
        Command::Encode(args) => {
            use urlscope_core::dialects::{encode_as, EncodeDialect};
            let text = read_text(&args.text)?;
            let dialects: Vec<EncodeDialect> = if args.all {
                EncodeDialect::ALL.to_vec()
            } else {
                EncodeDialect::from_name(&args.dialect)
                    .into_iter()
                    .collect()
            };
            for d in dialects {
                let line = match encode_as(&text, d) {
                    Ok(encoded) => encoded,
                    Err(e) if args.all => format!("({e})"),
                    Err(e) => {
                        return Err(Failure {
                            message: e.to_string(),
                            status: EXIT_DECODE,
                        })
                    }
                };
                // Encoded text is ASCII, but the address-bar dialects leave
                // some characters bare: print it safely all the same.
                let line = urlscope_core::text::escape_str(&line);
                if args.all {
                    writeln!(out, "{:<18} {line}", d.name())?;
                } else {
                    writeln!(out, "{line}")?;
                }
            }
        }
        Command::Decode(args) => {
            let text = read_text(&args.text)?;
            if let Some(name) = &args.dialect {
                let dialect = urlscope_core::dialects::DecodeDialect::from_name(name)
                    .ok_or_else(|| Failure::usage(format!("unknown dialect {name}")))?;
                match urlscope_core::dialects::decode_as(&text, dialect) {
                    Ok(decoded) => writeln!(out, "{}", urlscope_core::text::escape_str(&decoded))?,
                    Err(e) => {
                        return Err(Failure {
                            message: format!("{}: {e}", dialect.name()),
                            status: EXIT_DECODE,
                        })
                    }
                }
                return Ok(());
            }
            decode::run(
                out,
                &text,
                decode::DecodeOptions {
                    form: args.form,
                    all: args.all,
                    lossy: args.lossy,
                    lenient: args.lenient,
                },
            )?;
        }
        Command::Scan(args) => {
            let min_severity = match args.min_severity {
                SeverityArg::High => urlscope_core::warnings::Severity::High,
                SeverityArg::Medium => urlscope_core::warnings::Severity::Medium,
                SeverityArg::Low => urlscope_core::warnings::Severity::Low,
                SeverityArg::Info => urlscope_core::warnings::Severity::Info,
            };
            let opts = scan::ScanOptions {
                json: args.json,
                min_severity,
                format: args.format,
                options: urlscope_core::Options::default().with_form(!args.no_form),
            };
            let status = scan::run(out, &args.files, &opts)?;
            if status != 0 {
                return Err(Failure {
                    message: String::new(),
                    status,
                });
            }
        }
        Command::Examples => {
            // The explanation, indented four columns, in lines of at most
            // 77 (the indent included); a long word or URL is never broken.
            let wrap = textwrap::Options::new(77)
                .initial_indent("    ")
                .subsequent_indent("    ")
                .break_words(false)
                .word_splitter(textwrap::WordSplitter::NoHyphenation)
                .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
            for e in urlscope_core::examples::all() {
                writeln!(
                    out,
                    "{}\n  {}",
                    urlscope_core::text::escape_str(e.url),
                    e.description
                )?;
                // One space between words, no line break of the source.
                let words = e.explanation.split_whitespace().collect::<Vec<_>>();
                for line in textwrap::wrap(&words.join(" "), &wrap) {
                    writeln!(out, "{}", urlscope_core::text::escape_str(&line))?;
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

/// Bytes of an argument, exactly as given (not necessarily UTF-8).
fn os_bytes(s: &OsString) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        s.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        s.to_string_lossy().into_owned().into_bytes()
    }
}

fn drop_newline(mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    bytes
}

fn read_stdin() -> Result<Vec<u8>, Failure> {
    let mut buf = Vec::new();
    io::stdin()
        .read_to_end(&mut buf)
        .map_err(|e| Failure::usage(format!("cannot read standard input: {e}")))?;
    Ok(drop_newline(buf))
}

fn read_input(args: &InputArgs) -> Result<Vec<u8>, Failure> {
    match (&args.url, &args.file) {
        (_, Some(path)) => std::fs::read(path)
            .map(drop_newline)
            .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display()))),
        (Some(url), None) if url == "-" => read_stdin(),
        (Some(url), None) => Ok(os_bytes(url)),
        (None, None) => Err(Failure::usage(
            "no URL given: pass one as an argument, '-' for standard input, or --file PATH",
        )),
    }
}

fn read_text(text: &OsString) -> Result<Vec<u8>, Failure> {
    if text == "-" {
        read_stdin()
    } else {
        Ok(os_bytes(text))
    }
}
