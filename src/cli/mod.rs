//! The command-line front end: argument parsing, input, and one module per
//! command. Each command writes to any `impl Write`, so tests can capture
//! the exact text.

mod decode;
mod explain;
pub mod json;
mod scan;
mod style;

use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use style::ColorChoice;

/// Exit status: a usage error or unreadable input.
pub const EXIT_USAGE: u8 = 2;
/// Exit status: the input could not be decoded as asked (`decode`).
pub const EXIT_DECODE: u8 = 1;

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

/// Parse the arguments, run, and map the outcome to an exit status.
pub fn main() -> ExitCode {
    let opt = Opt::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(opt, &mut out).and_then(|()| out.flush().map_err(Failure::from));
    match result {
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

fn run(opt: Opt, out: &mut impl Write) -> Result<(), Failure> {
    let color = opt.color.enabled();
    match opt.command {
        None => {
            let input = match (&opt.input.url, &opt.input.file) {
                (None, None) => urlscope_core::examples::default_example()
                    .url
                    .as_bytes()
                    .to_vec(),
                _ => read_input(&opt.input)?,
            };
            if std::io::IsTerminal::is_terminal(&io::stdout()) {
                // On a terminal, `color` is the flag and NO_COLOR alone.
                crate::tui::run(input, color)
                    .map_err(|e| Failure::usage(format!("terminal error: {e}")))?;
            } else {
                // Not a terminal (a pipe, a file): print the report instead.
                let analysis = urlscope_core::analyze(&input, &urlscope_core::Options::default());
                explain::write_report(out, &analysis, style::Style { color })?;
            }
        }
        Some(Command::Explain(args)) => {
            let input = read_input(&args.input)?;
            let options = urlscope_core::Options::default().with_form(!args.no_form);
            let analysis = urlscope_core::analyze(&input, &options);
            if args.json {
                json::write_analysis(out, &analysis)?;
            } else {
                explain::write_report(out, &analysis, style::Style { color })?;
            }
        }
        Some(Command::Clean(args)) => {
            let input = read_input(&args)?;
            let parts = urlscope_core::split::split(&input);
            writeln!(out, "{}", urlscope_core::clean::clean(&input, &parts))?;
        }
        Some(Command::Normalize(args)) => {
            let input = read_input(&args)?;
            writeln!(out, "{}", urlscope_core::clean::normalize(&input))?;
        }
        Some(Command::Pretty(args)) => {
            let input = read_input(&args)?;
            writeln!(
                out,
                "{}",
                urlscope_core::text::escape_str(&urlscope_core::clean::pretty(&input))
            )?;
        }
        Some(Command::Encode(args)) => {
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
        Some(Command::Decode(args)) => {
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
        Some(Command::Scan(args)) => {
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
        Some(Command::Examples) => {
            for e in urlscope_core::examples::all() {
                writeln!(
                    out,
                    "{}\n  {}",
                    urlscope_core::text::escape_str(e.url),
                    e.description
                )?;
                // The explanation, wrapped at 76 columns.
                let mut line = String::from("   ");
                for word in e.explanation.split_whitespace() {
                    if line.chars().count() + word.chars().count() > 76 {
                        writeln!(out, "{line}")?;
                        line = String::from("   ");
                    }
                    line.push(' ');
                    line.push_str(&urlscope_core::text::escape_str(word));
                }
                writeln!(out, "{line}\n")?;
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
