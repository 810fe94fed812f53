//! The colour theme of the text reports, in one place.
//!
//! Colour is decoration only: every warning is also marked in plain text
//! (its severity word and carets under its bytes), so `--color never` and
//! `NO_COLOR` lose nothing.

use std::io::IsTerminal;
use urlscope_core::split::ComponentKind;
use urlscope_core::warnings::Severity;

/// `--color auto|always|never`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output: `always`, or `auto` on a terminal
    /// without `NO_COLOR` set (https://no-color.org).
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

/// Wraps text in SGR sequences when colour is on.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(self, sgr: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{sgr}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn severity(self, s: Severity, text: &str) -> String {
        let sgr = match s {
            Severity::High => "1;31",
            Severity::Medium => "33",
            Severity::Low => "36",
            Severity::Info => "2",
        };
        self.paint(sgr, text)
    }

    pub fn kind(self, k: ComponentKind, text: &str) -> String {
        let sgr = match k {
            ComponentKind::Scheme => "35",
            ComponentKind::Userinfo => "31",
            ComponentKind::Host => "32",
            ComponentKind::Port => "36",
            ComponentKind::PathSegment => "34",
            ComponentKind::QueryKey => "33",
            ComponentKind::QueryValue => "93",
            ComponentKind::Fragment => "95",
        };
        self.paint(sgr, text)
    }

    pub fn heading(self, text: &str) -> String {
        self.paint("1", text)
    }

    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    pub fn invalid(self, text: &str) -> String {
        self.paint("1;7;31", text)
    }
}
