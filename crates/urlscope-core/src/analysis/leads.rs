//! Where a URL leads, as the questions a front end asks of an analysis:
//! how bad a destination is, which carried URL is worst, which warnings
//! a carried value was given. A destination is as bad as the warnings the
//! checks gave it (`internal-destination`, `open-redirect`); nothing is
//! judged here.

use super::{Analysis, Destination, Nested};
use crate::split::Span;
use crate::warnings::{Severity, Warning, WarningCode};

impl Analysis {
    /// The warnings that start where `span` starts (they are sorted by
    /// their start), found by a binary search.
    fn warnings_starting_at(&self, span: Span) -> &[Warning] {
        let first = self.warnings.partition_point(|w| w.span.start < span.start);
        let rest = self.warnings.get(first..).unwrap_or_default();
        let n = rest.partition_point(|w| w.span.start == span.start);
        rest.get(..n).unwrap_or_default()
    }

    /// The worst warning the checks gave destination `d` as a place to
    /// go (`internal-destination`, `open-redirect`).
    pub fn destination_severity(&self, d: &Destination) -> Option<Severity> {
        let via = (!d.via.is_empty()).then_some(d.via.as_str());
        self.warnings_starting_at(d.span)
            .iter()
            .filter(|w| {
                w.span == d.span
                    && w.via.as_deref() == via
                    && matches!(
                        w.code,
                        WarningCode::InternalDestination | WarningCode::OpenRedirect
                    )
            })
            .map(|w| w.severity)
            .max()
    }

    /// The URLs the URL carries with how bad each is, the worst first (in
    /// URL order among equals).
    pub fn carried_destinations(&self) -> Vec<(&Destination, Option<Severity>)> {
        let mut out: Vec<_> = self
            .destinations
            .iter()
            .skip(1)
            .map(|d| (d, self.destination_severity(d)))
            .collect();
        out.sort_by_key(|(_, s)| std::cmp::Reverse(*s));
        out
    }

    /// The destination this analysis gives carried value `n`.
    pub fn destination_of(&self, n: &Nested) -> Option<&Destination> {
        self.destinations
            .iter()
            .skip(1)
            .find(|d| d.span == n.span && d.via == n.via)
    }

    /// The warnings this analysis gave carried value `n` as a whole (as
    /// a destination), not those of its own analysis.
    pub fn warnings_given<'a>(&'a self, n: &'a Nested) -> impl Iterator<Item = &'a Warning> {
        self.warnings_starting_at(n.span)
            .iter()
            .filter(move |w| w.span == n.span && w.via.as_deref() == Some(n.via.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::Severity;

    #[test]
    fn the_worst_carried_destination_comes_first() {
        let a = analyze(
            b"http://example.com/?a=http%3A%2F%2Fother.example%2F&b=http%3A%2F%2F127.0.0.1%2F",
            &Options::default(),
        );
        let ranked = a.carried_destinations();
        assert_eq!(ranked.len(), 2);
        assert_eq!(ranked[0].0.host.as_ref().unwrap().canonical, "127.0.0.1");
        assert_eq!(ranked[0].1, Some(Severity::High));
        let n = a.nested.iter().find(|n| n.via.contains("'b'")).unwrap();
        assert_eq!(a.destination_of(n).map(|d| d.span), Some(n.span));
        assert!(a.warnings_given(n).any(|w| w.severity == Severity::High));
    }
}
