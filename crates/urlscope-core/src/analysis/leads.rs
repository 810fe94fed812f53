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

    /// Where a URL written in a link protection (Safe Links, Proofpoint,
    /// Google's redirector...) really leads: the last destination reached
    /// through the chain of wrappers, whose place names the wrapper
    /// (`evil.example.com, through Microsoft Safe Links`). `None` for a
    /// URL that is no wrapper's, or whose wrapper holds its target
    /// (Mimecast): the URL itself is then where it leads.
    pub fn unwrapped_destination(&self) -> Option<&Destination> {
        self.destinations.first()?.wrapper.as_ref()?;
        self.destinations.iter().rev().find(|d| d.through.is_some())
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

/// Where a browser goes with the cleaned URL and with the normalized one,
/// when they differ (see [`Analysis::normalized_opens_elsewhere`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct OtherOpening {
    /// Where a browser goes with the cleaned URL, as with the input.
    pub clean: Opening,
    /// Where a browser goes with the normalized URL.
    pub normalized: Opening,
}

/// Where a browser goes with a URL, as far as the host and port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// This host (and port, when one is written that is not the
    /// scheme's default).
    Host(String),
    /// A URL with no host (`file:///x`, `mailto:`).
    NoHost,
    /// The site of the page a relative reference is read on (`/x`): no
    /// host of its own.
    ThePage,
    /// Nowhere: the URL Standard's parser rejects the URL.
    Refused,
}

impl Analysis {
    /// Whether a browser opens another host or port with the normalized
    /// URL than with the cleaned one. Cleaning keeps the host a browser
    /// opens; normalizing (RFC 3986 §6.2.2) keeps RFC 3986's reading, and
    /// where the two read the URL differently (`http://evil.com\@good.com/`:
    /// a browser ends the host at the backslash, RFC 3986 at the '@') the
    /// normalized URL leads a browser elsewhere.
    ///
    /// # Examples
    /// ```
    /// let a = urlscope_core::analyze(b"http://evil.com\\@good.com/", &Default::default());
    /// let other = a.normalized_opens_elsewhere().expect("differs");
    /// use urlscope_core::analysis::Opening;
    /// assert_eq!(other.clean, Opening::Host("evil.com".into()));
    /// assert_eq!(other.normalized, Opening::Host("good.com".into()));
    /// let plain = urlscope_core::analyze(b"HTTP://Example.COM:80/a/../b", &Default::default());
    /// assert_eq!(plain.normalized_opens_elsewhere(), None);
    /// ```
    pub fn normalized_opens_elsewhere(&self) -> Option<OtherOpening> {
        if self.normalized.is_empty() || self.normalized == self.clean {
            return None;
        }
        // A relative reference is read on the http(s) page it is read
        // against, as its destination is (`//evil.com\@good.com/`).
        let relative = self.split.scheme.is_none() && self.assumed.is_none();
        let parse = |text: &str| {
            if relative {
                super::address_bar::on_a_web_page(text).ok_or(())
            } else {
                url::Url::parse(text).map_err(|_| ())
            }
        };
        let opens = |text: &str| match parse(text) {
            Err(()) => Opening::Refused,
            Ok(url) if relative && url.host_str() == Some(super::address_bar::PAGE_HOST) => {
                Opening::ThePage
            }
            Ok(url) => match (url.host_str(), url.port()) {
                (None, _) => Opening::NoHost,
                (Some(host), Some(port)) => Opening::Host(format!("{host}:{port}")),
                (Some(host), None) => Opening::Host(host.to_string()),
            },
        };
        let clean = opens(&self.clean);
        let normalized = opens(&self.normalized);
        (clean != normalized).then_some(OtherOpening { clean, normalized })
    }
}
