//! The command line's grammar: every command, option and argument, as
//! clap reads them (and as `--help`, the completions and the manual page
//! show them).

use super::exit::{EXIT_FOUND, EXIT_INTERRUPTED, EXIT_USAGE};
use super::scan;
use super::style::ColorChoice;
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;
use urlscope_core::warnings::Severity;

/// The exit statuses, as `--help` and the man page state them.
pub const EXIT_STATUS_HELP: &str = "Exit status:\n  \
    0  success, whatever the warnings (scan: nothing flagged)\n  \
    1  scan flagged a line; decode met input it cannot decode, or an encoder refused it\n  \
    2  a usage error, or input that cannot be read\n  \
  130  the inspector was ended with Ctrl-C";

/// The same, for the man page's EXIT STATUS section.
pub const EXIT_STATUSES: [(u8, &str); 4] = [
    (
        0,
        "Success, whatever the warnings; scan flagged nothing; standard output was closed early (but for scan, whose output is its flagged lines: then 1).",
    ),
    (
        EXIT_FOUND,
        "scan flagged a line; decode met input it cannot decode, or an encoder refused it.",
    ),
    (EXIT_USAGE, "A usage error, or input that cannot be read."),
    (
        EXIT_INTERRUPTED,
        "The inspector was ended with Ctrl-C (q ends it with 0), as a shell reports an interrupted command.",
    ),
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
pub struct Opt {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub input: InputArgs,
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Run the inspector on the terminal and, on q, print the cleaned URL
    /// as it then stands: `fixed=$(urlscope --print URL)`.
    #[arg(long)]
    pub print: bool,
    /// Write every URL in the output defanged (hxxps://evil[.]example/),
    /// so that it can be pasted into a ticket without becoming a link
    /// (explain, clean, normalize, pretty, resolve, scan, --print; not
    /// with --json, nor with scan --html, whose page goes to a file).
    #[arg(long, global = true)]
    pub defang: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the whole analysis: components, decoded bytes, warnings, the cleaned URL.
    Explain(ExplainArgs),
    /// Print the cleaned URL: illegal characters percent-encoded, meaning kept.
    Clean(InputArgs),
    /// Print the normalized URL (RFC 3986 section 6.2.2).
    #[command(
        after_help = "Where the normalized URL leads elsewhere than a browser goes \
        (http://evil.com\\@good.com/: RFC 3986 reads the '\\' as data, a browser as '/'), \
        standard error says so after it."
    )]
    Normalize(InputArgs),
    /// Print the URL as an address bar shows it: harmless escapes decoded.
    Pretty(InputArgs),
    /// Print the URL defanged for a report: hxxps://evil[.]example/.
    #[command(after_help = "Example:\n  \
        $ urlscope defang https://login.evil.example/signin\n  \
        hxxps://login[.]evil[.]example/signin\n\n\
        `urlscope refang` gives the URL back.")]
    Defang(InputArgs),
    /// Print a defanged URL as it was (hxxp, [.], (.), [dot], [at], [:] ...).
    #[command(after_help = "Example:\n  \
        $ urlscope refang 'hxxps://evil[.]example(.)com/login'\n  \
        https://evil.example.com/login")]
    Refang(InputArgs),
    /// Percent-encode TEXT for use as one URL component.
    Encode(EncodeArgs),
    /// Percent-decode TEXT and print it.
    Decode(DecodeArgs),
    /// Triage URL lists, access logs and the URLs in any text: print the
    /// URLs with warnings.
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

/// `--min-severity`: the core's [`Severity`], named as the core names it
/// (`high`, `medium`, `low`, `info`), the worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinSeverity(pub Severity);

impl MinSeverity {
    /// Every severity, the worst first, as `--help` lists them.
    const ALL: [MinSeverity; Severity::ALL.len()] = {
        let n = Severity::ALL.len();
        let mut out = [MinSeverity(Severity::Info); Severity::ALL.len()];
        let mut i = 0;
        while i < n {
            out[i] = MinSeverity(Severity::ALL[n - 1 - i]);
            i += 1;
        }
        out
    };
}

impl clap::ValueEnum for MinSeverity {
    fn value_variants<'a>() -> &'a [Self] {
        &Self::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()))
    }
}

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    urlscope scan urls.txt access.log.gz      # the format is chosen per file\n  \
    urlscope scan reported.eml                # an e-mail: the URLs of its decoded parts\n  \
    urlscope scan --format text ticket.txt    # every URL in the text, defanged ones too\n  \
    urlscope scan --json u_ex241010.log       # IIS (W3C extended) logs\n\n\
    Exit status: 0 when nothing was flagged, 1 when something was, \
    2 on a usage error or a file that could not be read (the others are still scanned).")]
pub struct ScanArgs {
    /// One JSON object per flagged line (per flagged URL of a text, per
    /// flagged header of an access log's line, with "header")
    /// instead of text.
    #[arg(long)]
    pub json: bool,
    /// Report lines with a warning at or above this severity.
    #[arg(long, value_enum, default_value_t = MinSeverity(Severity::Medium))]
    pub min_severity: MinSeverity,
    /// How to read lines. auto: per file, from its first 20 lines (an
    /// e-mail's header, a W3C `#Fields:` directive, access-log lines, else
    /// text when most lines hold spaces between words, else lines).
    #[arg(long, value_enum, default_value_t = scan::Format::Auto)]
    pub format: scan::Format,
    /// Also write a self-contained HTML report (totals, charts, the flagged
    /// lines grouped by code) to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Do not read '+' as a space in query keys and values.
    #[arg(long)]
    pub no_form: bool,
    /// Files to scan (`.gz` read transparently); `-` or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

/// Where the URL comes from.
#[derive(Args, Debug, Clone, Default)]
pub struct InputArgs {
    /// The URL (it may start with '-'); `-`, or none with a pipe or file on
    /// standard input, reads standard input, one URL per line.
    #[arg(
        value_name = "URL",
        conflicts_with = "file",
        allow_hyphen_values = true
    )]
    pub url: Option<OsString>,
    /// Words after the URL: a URL the shell split at its spaces, refused
    /// with a hint to quote it.
    #[arg(hide = true, value_name = "MORE")]
    pub more: Vec<OsString>,
    /// Read one URL's raw bytes from a file (a byte-order mark at its start and a trailing newline are dropped).
    #[arg(long, value_name = "PATH")]
    pub file: Option<PathBuf>,
    /// Take the URL as a reference and resolve it against BASE first
    /// (RFC 3986 section 5.2); a WHATWG resolution that differs is shown.
    #[arg(long, value_name = "BASE")]
    pub base: Option<OsString>,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Print JSON instead of a report: one object a line, a line for
    /// each URL (JSON Lines).
    #[arg(long, conflicts_with = "html")]
    pub json: bool,
    /// Print one self-contained HTML page to project or print (several URLs
    /// from standard input make one lesson with a table of contents).
    #[arg(long)]
    pub html: bool,
    /// Do not read '+' as a space in query keys and values.
    #[arg(long)]
    pub no_form: bool,
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Where a WHATWG parser (a browser) resolves the reference to another URL, \
    a note on standard error names it (parser-differential); standard output keeps the \
    RFC 3986 target."
)]
pub struct ResolveArgs {
    /// The base URL; it needs a scheme.
    #[arg(value_name = "BASE")]
    pub base: OsString,
    /// The reference (it may start with '-'); none, or `-`, reads them from
    /// standard input, one per line.
    #[arg(value_name = "REF", allow_hyphen_values = true)]
    pub reference: Option<OsString>,
    #[arg(hide = true, value_name = "MORE")]
    pub more: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct EncodeArgs {
    /// The encoding: component (RFC 3986 strict, the default), form (Java
    /// URLEncoder), js-uri, js-component, js-escape, python-quote,
    /// python-quote-plus, whatwg-path, whatwg-query (a query of a URL whose
    /// scheme is not special), whatwg-special-query (of an http, https, ws,
    /// wss, ftp or file URL: also escapes '), whatwg-fragment,
    /// whatwg-userinfo, clean, firefox-bar, chrome-bar.
    #[arg(long = "as", value_name = "DIALECT", default_value = "component",
          value_parser = clap::builder::PossibleValuesParser::new(
              urlscope_core::dialects::EncodeDialect::ALL.iter().map(|d| d.name())))]
    pub dialect: String,
    /// Encode with every dialect, one line each (a table for reading:
    /// always escaped).
    #[arg(long, conflicts_with = "dialect")]
    pub all: bool,
    #[command(flatten)]
    pub output: BytesOut,
    /// The text to encode (its UTF-8 bytes; it may start with '-'); `-`
    /// reads standard input.
    #[arg(value_name = "TEXT", allow_hyphen_values = true)]
    pub text: OsString,
    #[arg(hide = true, value_name = "MORE")]
    pub more: Vec<OsString>,
}

#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// Read '+' as a space (application/x-www-form-urlencoded).
    #[arg(long)]
    pub form: bool,
    /// Decode layer after layer until nothing changes (at most 8), printing
    /// each (raw: the last).
    #[arg(long)]
    pub all: bool,
    /// Replace invalid UTF-8 with U+FFFD instead of failing.
    #[arg(long)]
    pub lossy: bool,
    /// Pass a malformed escape through instead of failing.
    #[arg(long)]
    pub lenient: bool,
    /// Decode as another program does: js-uri (decodeURI), js-component
    /// (decodeURIComponent), js-unescape, python-unquote,
    /// python-unquote-plus, java (URLDecoder), whatwg.
    #[arg(long = "as", value_name = "DIALECT", conflicts_with_all = ["form", "all", "lossy", "lenient"],
          value_parser = clap::builder::PossibleValuesParser::new(
              urlscope_core::dialects::DecodeDialect::ALL.iter().map(|d| d.name())))]
    pub dialect: Option<String>,
    #[command(flatten)]
    pub output: BytesOut,
    /// The text to decode (it may start with '-'); `-` reads standard input.
    #[arg(value_name = "TEXT", allow_hyphen_values = true)]
    pub text: OsString,
    #[arg(hide = true, value_name = "MORE")]
    pub more: Vec<OsString>,
}

/// How `decode` and `encode` write their bytes: raw into a pipe or a file,
/// escaped on a terminal, unless told.
#[derive(Args, Debug, Clone, Copy)]
pub struct BytesOut {
    /// Write the bytes as they are, control and invalid UTF-8 bytes
    /// included, with no newline after decoded bytes (the default when
    /// standard output is not a terminal).
    #[arg(long, conflicts_with = "escape")]
    pub raw: bool,
    /// Show control and invalid bytes as escapes (\x1b), a line each (the
    /// default on a terminal).
    #[arg(long)]
    pub escape: bool,
}

impl BytesOut {
    /// Whether to write raw bytes: as asked, else when standard output is
    /// not a terminal.
    pub fn raw(self) -> bool {
        use std::io::IsTerminal;
        self.raw || (!self.escape && !std::io::stdout().is_terminal())
    }
}
