//! Path traversal: dot segments (RFC 3986 §5.2.4) as lax servers read
//! them, however they are spelled, in path segments and parameters.

use crate::analysis::component::Provenance;
use crate::analysis::lax::{lax_chars, lax_is_literal, LaxChar};
use crate::analysis::report::Findings;
use crate::analysis::ComponentAnalysis;
use crate::warnings::{Case, WarningCode};

pub(crate) fn traversal_checks(
    input: &[u8],
    comp: &ComponentAnalysis,
    prov: &Provenance<'_>,
    f: &mut Findings,
) {
    for (li, layer) in comp.layers().enumerate() {
        // Fast path: nothing that can read as a dot.
        if lax_is_literal(layer) && memchr::memchr(b'.', layer).is_none() {
            continue;
        }
        // One part (between separators) at a time: its name is what comes
        // before ';' (Tomcat and Jetty drop ";params" before resolving).
        let mut name = DotName::default();
        let mut chars = lax_chars(layer);
        loop {
            let next = chars.next();
            let sep = match next {
                Some(c) if c.c != '/' && c.c != '\\' => {
                    name.push(c);
                    continue;
                }
                sep => sep,
            };
            let part = std::mem::take(&mut name);
            if let (Some(first), Some(last), true) = (part.first, part.last, part.all_dots) {
                let through = sep.map_or(last.to, |sep| sep.to);
                let span = prov.span_range(li, first.from, through);
                if part.len >= 3 {
                    f.add(WarningCode::PathTraversal, span, li + 1, || {
                        format!(
                            "'{}' is a run of dots that becomes '..' when a filter strips '../' once or Windows trims trailing dots",
                            crate::text::quote(span.of(input))
                        )
                    });
                    f.raise_case(Case::DotRun);
                } else {
                    let spelled = span.of(input);
                    let literal = spelled.iter().all(|&c| c == b'.' || c == b'/');
                    let dots = if part.len == 2 { ".." } else { "." };
                    f.add(WarningCode::PathTraversal, span, li + 1, || {
                        if literal {
                            format!("a '{dots}' segment")
                        } else {
                            // The span takes the separator that ends the
                            // part, so the spelling is of both.
                            let sep = sep.map(|sep| sep.c.to_string()).unwrap_or_default();
                            format!("'{dots}{sep}' spelled '{}'", crate::text::quote(spelled))
                        }
                    });
                    if part.len == 1 {
                        // A lone '.' only matters when something hides it.
                        f.raise_case(if literal {
                            Case::LoneDot
                        } else {
                            Case::SpelledDot
                        });
                    } else {
                        f.raise_case(Case::DotDotSegment);
                    }
                }
            }
            if sep.is_none() {
                break;
            }
        }
    }
}

/// The name of one part of a lax path, read character by character: is it
/// all dots, and where does it start and end.
pub(crate) struct DotName {
    pub(crate) first: Option<LaxChar>,
    pub(crate) last: Option<LaxChar>,
    pub(crate) len: usize,
    pub(crate) all_dots: bool,
    /// Past a ';': the rest are parameters, not the name.
    pub(crate) params: bool,
}

impl Default for DotName {
    fn default() -> DotName {
        DotName {
            first: None,
            last: None,
            len: 0,
            all_dots: true,
            params: false,
        }
    }
}

impl DotName {
    pub(crate) fn push(&mut self, c: LaxChar) {
        if self.params || c.c == ';' {
            self.params = true;
            return;
        }
        self.first.get_or_insert(c);
        self.last = Some(c);
        self.len += 1;
        self.all_dots &= c.c == '.';
    }
}
