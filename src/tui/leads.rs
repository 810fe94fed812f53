//! Where the URL leads, as the core found it (`Analysis::destinations`):
//! the line under the URL (its own host and what kind of place it is,
//! then the worst of the URLs it carries and how many more), and every
//! destination for `L`. A destination is as bad as the warnings the core
//! gave it (`internal-destination`, `open-redirect`); nothing is judged
//! here.

use crate::tui::text::{fit, fit_end, wrap, wrap_url};
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::{Analysis, Destination};
use urlscope_core::describe::{self, place};
use urlscope_core::text::escape_str;
use urlscope_core::warnings::Severity;

/// How bad destination `d` is: the worst of the warnings on it, those
/// the core gave it as a destination (`Analysis::destination_severity`:
/// `internal-destination`, `open-redirect`) and those lifted from the URL
/// it is, over its bytes (`via query value 'next' → host`, a look-alike
/// of its host), as the warning list shows them.
pub fn destination_mark(a: &Analysis, d: &Destination) -> Option<Severity> {
    let given = a.destination_severity(d);
    if d.via.is_empty() {
        return given;
    }
    let lifted = a
        .warnings
        .iter()
        .filter(|w| {
            w.component.is_none()
                && d.span.contains(w.span.start)
                && w.via.as_deref().is_some_and(|via| {
                    via.strip_prefix(d.via.as_str())
                        .is_some_and(|rest| rest.starts_with(" → "))
                })
        })
        .map(|w| w.severity)
        .max();
    given.max(lifted)
}

/// The URLs `a` carries with their marks, the worst first (in URL order
/// among equals).
pub fn ranked(a: &Analysis) -> Vec<(&Destination, Option<Severity>)> {
    let mut out: Vec<_> = a
        .carried_destinations()
        .into_iter()
        .map(|(d, _)| (d, destination_mark(a, d)))
        .collect();
    out.sort_by_key(|(d, s)| (std::cmp::Reverse(*s), d.span.start));
    out
}

/// A piece of the line under the URL and the severity that colours it.
pub type Piece = (String, Option<Severity>);

/// The line under the URL, whole: where it leads (the end of a chain of
/// wrappers first), the worst of the URLs it carries, and the count of
/// the others with the key that lists them.
fn whole(a: &Analysis) -> (Vec<Piece>, String) {
    let (pieces, tail, _) = whole_with_lead(a);
    (pieces, tail)
}

/// [`whole`], and the destination its second piece (after `leads to `)
/// is the place of.
fn whole_with_lead(a: &Analysis) -> (Vec<Piece>, String, Option<&Destination>) {
    let Some(own) = a.destinations.first() else {
        return (Vec::new(), String::new(), None);
    };
    let ranked = ranked(a);
    let tail = match ranked.len() {
        0 => String::new(),
        1 => " (L)".to_string(),
        n => format!(" · +{} more (L)", n - 1),
    };
    // A link protection's own host is not where the link leads: the last
    // destination of the chain of wrappers comes first, its place naming
    // the wrapper it is reached through (`through Google's redirector`).
    let through = a.unwrapped_destination();
    let mut pieces = vec![("leads to ".to_string(), None)];
    let lead = through.unwrap_or(own);
    match through {
        Some(last) => pieces.push((place(last), destination_mark(a, last))),
        _ => {
            pieces.push((place(own), destination_mark(a, own)));
            if let Some((worst, s)) = ranked.first() {
                pieces.push((" · ".to_string(), None));
                pieces.push((describe::short_place(worst), *s));
                pieces.push((format!(" via {}", escape_str(&worst.via)), None));
            }
        }
    }
    (pieces, tail, Some(lead))
}

/// `place`, the place of `d` as [`place`] writes it, with the host name
/// it starts with cut from the left by `over` columns, as far as its
/// registrable domain (`…-portal.example-phish.net (public), imitates
/// ...`): the domain that owns the host is what a reader needs, the labels
/// ahead of it are what a lure stuffs. `None` when the place does not
/// start with the host name and its domain, or has nothing to cut.
fn host_cut_from_left(place: &str, d: &Destination, over: usize) -> Option<String> {
    let host = escape_str(&d.host.as_ref()?.canonical);
    let rest = place.strip_prefix(host.as_str())?;
    let site = escape_str(d.site.as_deref()?);
    if !host.ends_with(site.as_str()) || host.len() == site.len() {
        return None;
    }
    // The domain whole, after the `…` and the dot before it.
    let keep = host.width().saturating_sub(over).max(site.width() + 2);
    (keep < host.width()).then(|| format!("{}{rest}", fit_end(&host, keep)))
}

/// Columns the line under the URL takes whole.
pub fn summary_width(a: &Analysis) -> usize {
    let (pieces, tail) = whole(a);
    pieces.iter().map(|(t, _)| t.width()).sum::<usize>() + tail.width()
}

/// The line under the URL, cut to `width` columns: pieces of text, each
/// with the severity that colours it. The count of the others and the
/// key that lists them stay when the rest is cut; a line cut with no
/// other URL ends `… (L)`, the key of the view that shows it whole.
pub fn summary(a: &Analysis, width: usize) -> Vec<Piece> {
    let (mut pieces, mut tail, lead) = whole_with_lead(a);
    let text_width = pieces.iter().map(|(t, _)| t.width()).sum::<usize>();
    let fits = text_width + tail.width() <= width;
    if !fits && tail.is_empty() {
        tail = " (L)".to_string();
    }
    // Where the URL leads, too long for the line by itself, loses its
    // host's first labels before the rest of it is cut: its registrable
    // domain stays.
    let lead_width: usize = pieces.iter().take(2).map(|(t, _)| t.width()).sum();
    let over = (lead_width + tail.width()).saturating_sub(width);
    if let (true, Some(d), Some((place, _))) = (over > 0, lead, pieces.get_mut(1)) {
        if let Some(cut) = host_cut_from_left(place, d, over) {
            *place = cut;
        }
    }
    cut(pieces, tail, width)
}

/// `pieces` cut to `width` columns less `tail`'s, ending `…` where cut,
/// then `tail`.
fn cut(pieces: Vec<Piece>, tail: String, width: usize) -> Vec<Piece> {
    let room = width.saturating_sub(tail.width());
    let mut used = 0;
    let mut out: Vec<Piece> = Vec::new();
    for (text, s) in pieces {
        let left = room.saturating_sub(used);
        if left == 0 {
            // Cut between two pieces: the last one kept ends `…`, in the
            // place of its last character (or of the spaces it ends in).
            if let Some((last, _)) = out.last_mut() {
                let mut kept = last.trim_end().to_string();
                if kept.width() == last.width() {
                    kept.pop();
                }
                *last = format!("{kept}…");
            }
            break;
        }
        let cut = fit(&text, left);
        used += cut.width();
        let was_cut = cut != text;
        out.push((cut, s));
        if was_cut {
            break;
        }
    }
    if !tail.is_empty() && width >= tail.width() {
        out.push((tail, None));
    }
    out
}

/// What is left of the line under the URL, `lines` wrapped by
/// [`summary_lines`], on one line of `width` columns (the pane's border,
/// under the rows that took the lines before them): whole when it fits,
/// else cut and ending `… (L)`.
pub fn rest_of_summary(lines: Vec<Vec<Piece>>, width: usize) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (i, line) in lines.into_iter().enumerate() {
        if i > 0 {
            pieces.push((" ".to_string(), None));
        }
        pieces.extend(line);
    }
    if pieces.iter().map(|(t, _)| t.width()).sum::<usize>() <= width {
        return pieces;
    }
    cut(pieces, " (L)".to_string(), width)
}

/// The line under the URL whole, wrapped between words into lines of at
/// most `width` columns, each piece keeping its severity.
pub fn summary_lines(a: &Analysis, width: usize) -> Vec<Vec<Piece>> {
    let (mut pieces, tail) = whole(a);
    if !tail.is_empty() {
        pieces.push((tail, None));
    }
    // Where each piece starts in the text, to colour the wrapped lines.
    let mut text = String::new();
    let mut starts = Vec::with_capacity(pieces.len());
    for (t, _) in &pieces {
        starts.push(text.len());
        text.push_str(t);
    }
    let mut out = Vec::new();
    let mut at = 0;
    for line in wrap(&text, width) {
        // The wrapped lines are the text's own, in order, less the spaces
        // between them.
        let Some(start) = text
            .get(at..)
            .and_then(|rest| rest.find(&line))
            .map(|i| at + i)
        else {
            out.push(vec![(line, None)]);
            continue;
        };
        let end = start + line.len();
        at = end;
        let mut spans = Vec::new();
        for ((t, s), &from) in pieces.iter().zip(&starts) {
            let to = from + t.len();
            let (a, b) = (from.max(start), to.min(end));
            if let Some(part) = (a < b).then(|| text.get(a..b)).flatten() {
                spans.push((part.to_string(), *s));
            }
        }
        out.push(spans);
    }
    out
}

/// A line of the `L` view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lead {
    pub text: String,
    /// Colours the line (a destination's warning).
    pub severity: Option<Severity>,
    /// A heading line.
    pub heading: bool,
}

/// Every destination, wrapped to `width`: the URL's own, then what it
/// carries, the worst first, each with how it is reached and its target.
pub fn lines(a: &Analysis, width: usize) -> Vec<Lead> {
    let width = width.max(12);
    let mut out = Vec::new();
    let heading = |text: String| Lead {
        text,
        severity: None,
        heading: true,
    };
    let plain = |text: String| Lead {
        text,
        severity: None,
        heading: false,
    };
    let Some(own) = a.destinations.first() else {
        out.push(plain("nowhere: the input is empty".to_string()));
        return out;
    };
    out.push(heading("The URL itself".to_string()));
    let s = destination_mark(a, own);
    for line in wrap(&place(own), width - 2) {
        out.push(Lead {
            text: format!("  {line}"),
            severity: s,
            heading: false,
        });
    }
    let ranked = ranked(a);
    if ranked.is_empty() {
        out.push(plain(String::new()));
        out.push(plain("It carries no URL.".to_string()));
        return out;
    }
    out.push(plain(String::new()));
    out.push(heading(format!(
        "The URLs it carries ({}), the worst first",
        ranked.len()
    )));
    for (d, s) in ranked {
        let mark = s.map_or(" ", crate::tui::theme::Theme::severity_symbol);
        for (i, line) in wrap(&place(d), width - 2).into_iter().enumerate() {
            out.push(Lead {
                text: format!("{} {line}", if i == 0 { mark } else { " " }),
                severity: s,
                heading: false,
            });
        }
        let indent = |lines: Vec<String>, out: &mut Vec<Lead>| {
            out.extend(lines.into_iter().map(|l| plain(format!("    {l}"))));
        };
        indent(
            wrap(&format!("via {}", escape_str(&d.via)), width - 4),
            &mut out,
        );
        indent(wrap_url(&escape_str(&d.target), width - 4), &mut out);
        let mut how: Vec<String> = describe::reach(d).into_iter().collect();
        if let Some(spelling) = describe::spelling(&d.spelling) {
            how.push(format!("written: {spelling}"));
        }
        if !how.is_empty() {
            indent(wrap(&how.join(" · "), width - 4), &mut out);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlscope_core::analysis::{analyze, Options};

    fn line(url: &str, width: usize) -> String {
        let a = analyze(url.as_bytes(), &Options::default());
        summary(&a, width).into_iter().map(|(t, _)| t).collect()
    }

    /// A wrapped link leads where its chain of wrappers ends, and says so
    /// first; its wrapper's own host is not where it leads.
    #[test]
    fn a_wrapped_link_leads_to_the_end_of_its_chain() {
        let google = line("https://www.google.com/url?q=https://paypa1.com/signin", 78);
        assert!(
            google.starts_with("leads to paypa1.com (public), imitates paypal.com"),
            "{google}"
        );
        let chain = line(
            "https://x.safelinks.protection.outlook.com/?url=https%3A%2F%2Furldefense.com%2Fv3%2F__https%3A%2F%2Fpaypa1.com%2Fsignin__%3B%21%21A%21b%24&data=1",
            200,
        );
        assert!(chain.starts_with("leads to paypa1.com (public)"), "{chain}");
        assert!(
            chain.contains("through Microsoft Safe Links, then Proofpoint URL Defense"),
            "{chain}"
        );
        // A wrapper that keeps its destination is where the link leads.
        let mimecast = line("https://protect-eu.mimecast.com/s/AbCd", 200);
        assert!(
            mimecast.starts_with("leads to protect-eu.mimecast.com"),
            "{mimecast}"
        );
        // A plain link: its own host, then the worst URL it carries.
        let plain = line("https://shop.example/?next=https://evil.example/", 200);
        assert!(
            plain.starts_with("leads to shop.example (documentation) · evil.example"),
            "{plain}"
        );
        // A web archive's copy sends no one to the page: the line says
        // whose copy it is.
        let archived = line(
            "https://web.archive.org/web/2020/https://evil.example/",
            200,
        );
        assert!(
            archived.starts_with(
                "leads to web.archive.org (public) · the Wayback Machine's copy of evil.example"
            ),
            "{archived}"
        );
    }

    /// Where parsers read different hosts, the line under the URL and the
    /// `L` view name the host a browser opens first, and the `L` view
    /// says whole which host RFC 3986 parsers read, in the core's words.
    #[test]
    fn a_parser_differential_leads_where_a_browser_goes() {
        let url = r"http://evil.com\@good.com/";
        let at80 = line(url, 78);
        assert!(
            at80.starts_with("leads to evil.com (public; what a browser opens)"),
            "{at80}"
        );
        let a = analyze(url.as_bytes(), &Options::default());
        let text: Vec<String> = lines(&a, 60).into_iter().map(|l| l.text).collect();
        let said = text
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let place = describe::place(&a.destinations[0]);
        assert!(said.contains(&place), "{said}");
        assert!(place.ends_with("read good.com (public)"), "{place}");
    }
}
