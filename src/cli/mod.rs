//! The command-line front end: argument parsing, input, and one module per
//! command. Each command writes to any `impl Write`, so tests can capture
//! the exact text.
//!
//! [`request`] says what the command line asks for; opening the inspector
//! is the binary's choice, so this module knows nothing of it.

mod cells;
mod decode;
mod exit;
mod explain;
mod follow;
mod input;
pub mod json;
mod manual;
mod mistakes;
mod resolve;
mod scan;
mod style;

use clap::{Args, CommandFactory, Parser, Subcommand};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use style::ColorChoice;

pub use exit::{exit_code, Failure, EXIT_DECODE, EXIT_FOUND, EXIT_USAGE};

/// The exit statuses, as `--help` and the man page state them.
const EXIT_STATUS_HELP: &str = "Exit status:\n  \
    0  success, whatever the warnings (scan: nothing flagged)\n  \
    1  scan flagged a line; decode met input it cannot decode, or an encoder refused it\n  \
    2  a usage error, or input that cannot be read";

/// The same, for the man page's EXIT STATUS section.
const EXIT_STATUSES: [(u8, &str); 3] = [
    (
        0,
        "Success, whatever the warnings; scan flagged nothing; standard output was closed early.",
    ),
    (
        EXIT_FOUND,
        "scan flagged a line; decode met input it cannot decode, or an encoder refused it.",
    ),
    (EXIT_USAGE, "A usage error, or input that cannot be read."),
];

#[derive(Parser, Debug)]
#[command(
    name = "urlscope",
    version,
    about = "Take a URL apart: every component, every byte, every danger.",
    long_about = "Take a URL apart: every component, every byte, every danger.\n\n\
        With no command, opens the interactive inspector on URL (or on the first line of \
        standard input when it is a pipe or a file, else the first built-in example); when \
        standard output is not a terminal it prints the explain report of each URL instead.\n\n\
        Text arguments may start with '-' (`urlscope encode -._~`); `--` ends the options.",
    after_help = EXIT_STATUS_HELP,
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
    /// Run the inspector on the terminal and, on q, print the cleaned URL
    /// as it then stands: `fixed=$(urlscope --print URL)`.
    #[arg(long)]
    print: bool,
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
    /// Resolve the reference REF against BASE (RFC 3986 section 5.2) and print the target.
    Resolve(ResolveArgs),
    /// List the built-in example URLs.
    Examples,
    /// Print a completion script for SHELL (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Install, for example:\n  \
        urlscope completions bash > ~/.local/share/bash-completion/completions/urlscope\n  \
        urlscope completions zsh > ~/.zfunc/_urlscope   # with fpath+=~/.zfunc before compinit\n  \
        urlscope completions fish > ~/.config/fish/completions/urlscope.fish")]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `urlscope man | man -l -`.
    #[command(after_help = "Install, for example:\n  \
        mkdir -p ~/.local/share/man/man1 && urlscope man > ~/.local/share/man/man1/urlscope.1")]
    Man,
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
    /// The URL (it may start with '-'); `-`, or none with a pipe or file on
    /// standard input, reads standard input, one URL per line.
    #[arg(
        value_name = "URL",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    url: Option<OsString>,
    /// Words after the URL: a URL the shell split at its spaces, refused
    /// with a hint to quote it.
    #[arg(hide = true, value_name = "MORE")]
    more: Vec<OsString>,
    /// Read one URL's raw bytes from a file (a trailing newline is dropped).
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
    /// Take the URL as a reference and resolve it against BASE first
    /// (RFC 3986 section 5.2); a WHATWG resolution that differs is shown.
    #[arg(long, value_name = "BASE")]
    base: Option<OsString>,
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
#[command(
    after_help = "Where a WHATWG parser (a browser) resolves the reference to another URL, \
    a note on standard error names it (parser-differential); standard output keeps the \
    RFC 3986 target."
)]
struct ResolveArgs {
    /// The base URL; it needs a scheme.
    #[arg(value_name = "BASE")]
    base: OsString,
    /// The reference (it may start with '-'); none, or `-`, reads them from
    /// standard input, one per line.
    #[arg(value_name = "REF", allow_hyphen_values = true)]
    reference: Option<OsString>,
    #[arg(hide = true, value_name = "MORE")]
    more: Vec<OsString>,
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
    /// The text to encode (its UTF-8 bytes; it may start with '-'); `-`
    /// reads standard input.
    #[arg(value_name = "TEXT", allow_hyphen_values = true)]
    text: OsString,
    #[arg(hide = true, value_name = "MORE")]
    more: Vec<OsString>,
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
    /// The text to decode (it may start with '-'); `-` reads standard input.
    #[arg(value_name = "TEXT", allow_hyphen_values = true)]
    text: OsString,
    #[arg(hide = true, value_name = "MORE")]
    more: Vec<OsString>,
}

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
    },
    /// `--print`: the inspector on the terminal (`/dev/tty`) whatever
    /// standard output is; the cleaned URL printed on quit.
    InspectAndPrint {
        input: Vec<u8>,
        color: bool,
        base: Option<Vec<u8>>,
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
                return Ok(Request::InspectAndPrint { input, color, base });
            }
            if io::stdout().is_terminal() {
                // The inspector shows one URL: the first (its keys come
                // from the terminal, not from standard input).
                urls.truncate(1);
                let input = urls.pop().unwrap_or_default();
                return Ok(Request::Inspect { input, color, base });
            }
            // Not a terminal (a pipe, a file): print the reports instead.
            Task::Report {
                urls,
                base: opt.input.base,
            }
        }
    };
    Ok(Request::Print(Printout { task, color }))
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
        self.write(&mut out)?;
        out.flush().map_err(Failure::from)
    }

    /// Write the output to `out`.
    pub fn write(self, out: &mut impl Write) -> Result<(), Failure> {
        match self.task {
            Task::Report { urls, base } => {
                let options = urlscope_core::Options::default();
                let style = style::Style { color: self.color };
                write_reports(out, &urls, base.as_ref(), &options, style)
            }
            Task::Command(command) => run(command, self.color, out),
        }
    }
}

/// The line between two reports of `explain`, so each URL's report stands
/// apart (a report has blank lines of its own).
const REPORT_SEPARATOR: &str =
    "────────────────────────────────────────────────────────────────────────────────";

/// The explain report of each URL, separated by a rule. With a base, each
/// URL is a reference: the report is the target's, after the resolution.
fn write_reports(
    out: &mut impl Write,
    urls: &[Vec<u8>],
    base: Option<&OsString>,
    options: &urlscope_core::Options,
    style: style::Style,
) -> Result<(), Failure> {
    let resolved = with_resolutions(urls, base)?;
    for (i, (url, resolution)) in resolved.iter().enumerate() {
        if i > 0 {
            writeln!(out, "\n{}\n", style.dim(REPORT_SEPARATOR))?;
        }
        let mut analysis = urlscope_core::analyze(url, options);
        if let (Some(base), Some((reference, r))) = (base, resolution) {
            resolve::write_resolution(out, &input::os_bytes(base), reference, r, style)?;
            analysis.warnings.extend(r.differential_warning(reference));
        }
        explain::write_report(out, &analysis, style)?;
    }
    Ok(())
}

/// A resolved input: the URL to analyse, and the reference and resolution
/// it came from when there is a base.
type Resolved = (
    Vec<u8>,
    Option<(Vec<u8>, urlscope_core::resolve::Resolution)>,
);

/// Each URL as given, or with a base, each reference's target beside the
/// reference and its resolution.
fn with_resolutions(urls: &[Vec<u8>], base: Option<&OsString>) -> Result<Vec<Resolved>, Failure> {
    match base {
        Some(base) => Ok(resolve_all(base, urls)?
            .into_iter()
            .map(|(reference, r)| (r.target.clone(), Some((reference, r))))
            .collect()),
        None => Ok(urls.iter().map(|u| (u.clone(), None)).collect()),
    }
}

/// Each reference resolved against `base`, kept beside its resolution.
fn resolve_all(
    base: &OsString,
    references: &[Vec<u8>],
) -> Result<Vec<(Vec<u8>, urlscope_core::resolve::Resolution)>, Failure> {
    let base = input::os_bytes(base);
    references
        .iter()
        .map(|reference| {
            urlscope_core::resolve::resolution(&base, reference)
                .map(|r| (reference.clone(), r))
                .map_err(|e| Failure::usage(format!("--base: {e}")))
        })
        .collect()
}

fn run(command: Command, color: bool, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Explain(args) => {
            let urls = read_urls(&args.input)?;
            let options = urlscope_core::Options::default().with_form(!args.no_form);
            let base = args.input.base.as_ref();
            if args.json {
                // One JSON object per line, one line per URL (the target's
                // analysis, when there is a base).
                for (url, resolution) in with_resolutions(&urls, base)? {
                    let mut analysis = urlscope_core::analyze(&url, &options);
                    match (&resolution, base) {
                        (Some((reference, r)), Some(base)) => {
                            analysis.warnings.extend(r.differential_warning(reference));
                            let object =
                                json::resolution_json(&input::os_bytes(base), reference, r);
                            json::write_resolved(out, &analysis, object)?;
                        }
                        _ => json::write_analysis(out, &analysis)?,
                    }
                }
            } else {
                write_reports(out, &urls, base, &options, style::Style { color })?;
            }
        }
        Command::Clean(args) => {
            for input in targets(&args)? {
                let parts = urlscope_core::split::split(&input);
                writeln!(out, "{}", urlscope_core::clean::clean(&input, &parts))?;
            }
        }
        Command::Normalize(args) => {
            for input in targets(&args)? {
                writeln!(out, "{}", urlscope_core::clean::normalize(&input))?;
            }
        }
        Command::Pretty(args) => {
            for input in targets(&args)? {
                let pretty = urlscope_core::clean::pretty(&input);
                writeln!(out, "{}", urlscope_core::text::escape_str(&pretty))?;
            }
        }
        Command::Encode(args) => {
            use urlscope_core::dialects::{encode_as, EncodeDialect};
            let text = read_text(&args.text, &args.more)?;
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
            let text = read_text(&args.text, &args.more)?;
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
            if args.files.is_empty() && io::stdin().is_terminal() {
                // Typing a log by hand is never what was meant.
                return Err(Failure::usage(
                    "scan: no FILE given and standard input is a terminal: \
                     name a file, or pipe one in (`-` reads standard input anyway)",
                ));
            }
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
        Command::Resolve(args) => {
            resolve::run(out, &args.base, args.reference.as_ref(), &args.more)?
        }
        Command::Completions { shell } => {
            manual::write_completions(out, shell, Opt::command())?;
        }
        Command::Man => manual::write_man_page(out, Opt::command())?,
        Command::Examples => {
            // The explanation, indented four columns, in lines of at most
            // 77 (the indent included); a long word or URL is never broken.
            let wrap = textwrap::Options::new(77)
                .initial_indent("    ")
                .subsequent_indent("    ")
                .break_words(false)
                .word_splitter(textwrap::WordSplitter::NoHyphenation)
                .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
            for e in crate::gallery::all() {
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

/// The URLs to handle: the argument, a file's raw bytes (one URL, newlines
/// and all), or standard input's lines (`-`, or no URL with a pipe or a
/// file on standard input).
fn read_urls(args: &InputArgs) -> Result<Vec<Vec<u8>>, Failure> {
    if let Some(url) = &args.url {
        if !args.more.is_empty() {
            return Err(Failure::usage(mistakes::split_argument(
                &std::env::args_os().collect::<Vec<_>>(),
                "URL",
                url,
                &args.more,
            )));
        }
    }
    match (&args.url, &args.file) {
        (_, Some(path)) => Ok(vec![input::read_file(path)?]),
        (Some(url), None) if url == "-" => input::stdin_urls(),
        (Some(url), None) => Ok(vec![input::os_bytes(url)]),
        (None, None) if input::stdin_has_data() => input::stdin_urls(),
        (None, None) => Err(Failure::usage(
            "no URL given: pass one as an argument, '-' for standard input \
             (one URL per line), or --file PATH",
        )),
    }
}

/// The URLs to handle, each resolved against `--base` when there is one.
fn targets(args: &InputArgs) -> Result<Vec<Vec<u8>>, Failure> {
    let urls = read_urls(args)?;
    match &args.base {
        Some(base) => Ok(resolve_all(base, &urls)?
            .into_iter()
            .map(|(_, r)| r.target)
            .collect()),
        None => Ok(urls),
    }
}

/// The text of `encode` or `decode`: the argument, or with `-` the whole of
/// standard input (one final newline dropped).
fn read_text(text: &OsString, more: &[OsString]) -> Result<Vec<u8>, Failure> {
    if !more.is_empty() {
        return Err(Failure::usage(mistakes::split_argument(
            &std::env::args_os().collect::<Vec<_>>(),
            "TEXT",
            text,
            more,
        )));
    }
    if text == "-" {
        input::read_stdin()
    } else {
        Ok(input::os_bytes(text))
    }
}
