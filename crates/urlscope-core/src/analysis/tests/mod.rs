use crate::analysis::{analyze, Options};
use crate::split::Span;
use crate::warnings::{Warning, WarningCode};

mod checks;
mod components;
mod destinations;
mod folding;
mod hosts;
mod lifting;
mod memo;
mod says_the_same;
mod wrappers;

fn codes(input: &[u8]) -> Vec<&'static str> {
    analyze(input, &Options::default())
        .warnings
        .iter()
        .map(|w| w.code.code())
        .collect()
}

fn warning(input: &[u8], code: &str) -> Option<Warning> {
    analyze(input, &Options::default())
        .warnings
        .into_iter()
        .find(|w| w.code.code() == code)
}

/// One warning as the folding tests compare it: the bytes it marks, its
/// spans, its component, and whether it is lifted from a carried value.
#[derive(Debug, PartialEq)]
struct Marks<'u> {
    bytes: Vec<&'u [u8]>,
    spans: Vec<Span>,
    component: Option<usize>,
    lifted: bool,
}

impl<'u> Marks<'u> {
    /// The URL's own warning about `component`.
    fn own(bytes: &[&'u [u8]], spans: &[(usize, usize)], component: usize) -> Marks<'u> {
        Marks {
            bytes: bytes.to_vec(),
            spans: spans.iter().map(|&(s, e)| Span::new(s, e)).collect(),
            component: Some(component),
            lifted: false,
        }
    }

    /// A warning lifted from a carried value (no component of its own).
    fn lifted(bytes: &[&'u [u8]], spans: &[(usize, usize)]) -> Marks<'u> {
        Marks {
            component: None,
            lifted: true,
            ..Marks::own(bytes, spans, 0)
        }
    }
}

/// The warnings of `code` in the analysis of `url`, in report order.
fn marks_of(url: &[u8], code: WarningCode) -> Vec<Marks<'_>> {
    analyze(url, &Options::default())
        .warnings
        .into_iter()
        .filter(|w| w.code == code)
        .map(|w| Marks {
            bytes: w.spans.iter().map(|s| s.of(url)).collect(),
            spans: w.spans,
            component: w.component,
            lifted: w.via.is_some(),
        })
        .collect()
}
