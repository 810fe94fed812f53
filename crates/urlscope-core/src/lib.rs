//! # urlscope: every component, every byte, every danger of a URL
//!
//! A URL is text with structure. RFC 3986 splits it into a scheme, an
//! authority (userinfo, host, port), a path of segments, a query and a
//! fragment; each component may hold *percent-escapes* (`%C3%A9`) that stand
//! for bytes, and those bytes are usually UTF-8. Almost every URL bug and
//! most URL attacks live in the gaps between those layers: a `%2e%2e%2f`
//! that one program sees as text and another as `../`, an overlong UTF-8
//! `/` that a filter misses and a decoder reads, a backslash that a browser
//! treats as a separator and a server does not.
//!
//! This crate is the analysis core of the `urlscope` tool. It takes the raw
//! bytes of a URL (which need not be UTF-8, or even a URL) and computes,
//! without ever failing:
//!
//! - [`split`]: the RFC 3986 structure, every component with its byte span;
//! - [`percent`]: each component decoded layer by layer, every decoded byte
//!   knowing the input bytes it came from;
//! - [`utf8`]: every decoded byte annotated per Unicode Table 3-6;
//! - [`warnings`]: the catalogue, the one table of every warning code (its
//!   severity, summary, consequence, severity cases and the signals the
//!   fast path looks for);
//! - [`analysis`]: the checks, one module per family, each finding at the
//!   exact bytes that cause it;
//! - [`clean`]: the corrected (cleaned) and normalized URL;
//! - [`dialects`]: how other decoders and encoders (Java, PHP, browsers'
//!   address bars...) read and write the same text;
//! - [`triage`]: the same warnings, fast, for scanning logs, with
//!   the one-pass test for plain input (`plain.rs`) beneath it.
//!
//! [`analyze`] does all of it and returns the one [`Analysis`] that every
//! front end (text, JSON, terminal UI, Python) renders. [`describe`] puts
//! its facts into the words every front end shows; [`report`] is its JSON
//! object (what `urlscope explain --json` prints). [`text`] makes hostile
//! bytes safe to print; [`resolve`] resolves a reference against a base
//! (RFC 3986 §5.2) and compares with WHATWG; [`defang`] writes and reads
//! URLs in the defanged form of threat reports; [`find`] finds the URLs in
//! a line of text (an e-mail, a ticket, a proxy log).
//!
//! The types every front end handles are at the root: [`Analysis`] and its
//! [`ComponentAnalysis`], [`Warning`] with its [`WarningCode`], [`Severity`]
//! and [`Case`], the [`Destination`]s and what they [`Reach`], the
//! [`Nested`] values a URL carries, and the [`Span`]s that point into the
//! input. The modules hold the functions, each under the layer it belongs
//! to.
//!
//! The modules form layers, each using only those below it: `split`,
//! `utf8`, `schemes`, `text` at the bottom; then `percent`, `targets`,
//! `warnings`, `plain`, `clean`, `dialects`, `defang`, `find`; then `analysis`;
//! then `triage`, `describe` and `report` (`schemes`, `targets`, `names`
//! and `plain` are the crate's own).
//!
//! ```
//! use urlscope_core::{analyze, Options};
//! let a = analyze(b"http://example.com/caf%C3%A9", &Options::default());
//! assert_eq!(a.components.last().map(|c| c.decoded_lossy()), Some("café".to_string()));
//! ```

#![forbid(unsafe_code)]
#![warn(unreachable_pub)]
#![deny(missing_docs)]
#![doc = ""]
#![doc = "## The crate's README"]
#![doc = ""]
#![doc = include_str!("../README.md")]
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

pub mod analysis;
pub mod clean;
pub mod defang;
pub mod describe;
pub mod dialects;
pub mod find;
pub mod headers;
mod names;
pub mod percent;
mod plain;
#[cfg(feature = "serde")]
pub mod report;
pub mod resolve;
mod schemes;
mod services;
pub mod sites;
pub mod split;
mod targets;
pub mod text;
pub mod triage;
pub mod utf8;
pub mod warnings;
pub mod wrappers;

pub use analysis::{
    analyze, Analysis, ComponentAnalysis, Destination, HostClass, HostReading, Jwt, Nested,
    NestedKind, Options, Reach,
};
pub use split::{ComponentKind, Span};
pub use warnings::{Case, Severity, Warning, WarningCode};
