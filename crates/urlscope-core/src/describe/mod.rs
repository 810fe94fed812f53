//! Facts in plain words: the one place where what the analysis found
//! becomes text a person reads.
//!
//! Every front end (`explain`, `scan`, the inspector, the Python package)
//! lays these phrases out and styles them, and never phrases a fact of
//! its own, so a host's IDNA form or the place a URL leads to reads the
//! same wherever it is shown. Everything taken from the input is escaped
//! here ([`crate::text`]), so a phrase is safe to print on a terminal.
//!
//! ```
//! use urlscope_core::analysis::{analyze, Options};
//! use urlscope_core::describe;
//! let a = analyze(b"http://0x7f.1/admin", &Options::default());
//! let own = &a.destinations[0];
//! assert_eq!(
//!     describe::place(own),
//!     "127.0.0.1 (loopback, the number form 0x7f.1)"
//! );
//! ```

use crate::analysis::{Nested, NestedKind};
use crate::text::escape_str;
use crate::warnings::{Severity, Warning};

mod destinations;
mod hosts;
mod readings;
mod spans;

pub use destinations::{
    destination, destination_parts, imitation, other_reading, place, reach, short_place, shortened,
    wrapped,
};
pub use hosts::{host_facts, host_not_encoded, HostFact, HostFactGroup};
pub use readings::{
    no_readings, normalized_elsewhere, normalized_elsewhere_brief, printed_read_apart, reading,
    Agreement, Form,
};
pub use spans::{byte_span, byte_spans, warning_place};

/// How a value was written, when it took more than plain text to read:
/// `percent-encoded twice; backslashes for slashes`.
pub fn spelling(spelling: &[&str]) -> Option<String> {
    (!spelling.is_empty()).then(|| spelling.join("; "))
}

/// The warnings counted by severity, the worst first: `1 high, 2 low`.
pub fn severity_counts(warnings: &[Warning]) -> String {
    Severity::ALL
        .iter()
        .rev()
        .filter_map(|&s| {
            let n = warnings.iter().filter(|w| w.severity == s).count();
            (n > 0).then(|| format!("{n} {}", s.name()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a carried value is and where it was found:
/// `[url] query value 'next', layer 1, bytes 23-60`.
pub fn carried(n: &Nested) -> String {
    format!(
        "[{}] {}, layer {}, {}",
        n.kind.name(),
        escape_str(&n.via),
        n.layer,
        byte_span(n.span)
    )
}

/// What a carried value holds in turn, when it holds anything: the count
/// of the values under it, or why a URL was not analysed again.
pub fn carries(n: &Nested, values: usize) -> Option<String> {
    if n.analysis.is_none() && n.kind == NestedKind::Url {
        Some("not analysed again: the bytes allowed for carried values are spent".to_string())
    } else if values > 0 {
        Some(format!(
            "{values} value{}",
            if values == 1 { "" } else { "s" }
        ))
    } else {
        None
    }
}

/// The analysis of `url` with the default options, for the tests of
/// this module's files.
#[cfg(test)]
fn of(url: &str) -> crate::analysis::Analysis {
    crate::analysis::analyze(url.as_bytes(), &crate::analysis::Options::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_places_of_warnings() {
        let a = of("http://x/%252e%252e/");
        assert!(!a.warnings.is_empty());
        let w = &a.warnings[0];
        assert!(warning_place(&a, w).starts_with(&format!("bytes {}-", w.span.start)));
        assert!(severity_counts(&a.warnings).contains(w.severity.name()));
        assert_eq!(severity_counts(&[]), "");
        // A warning lifted from a carried URL (its userinfo, which the
        // query value's own checks cannot see): the component that carries
        // it, and the way in.
        let a = of("https://app.example/cb?u=//user@evil.example/");
        let lifted = a
            .warnings
            .iter()
            .find(|w| w.via.is_some() && w.component.is_none())
            .expect("a lifted warning");
        let place = warning_place(&a, lifted);
        assert!(
            place.contains(", query value [4], via query value 'u'"),
            "{place}"
        );
    }
}
