//! What the bytes pane says of a carried value before its bytes: how it
//! is reached, its text (a JWT's header, payload and claims), where a
//! carried URL leads and how it is spelled, and the warnings about it.
//! Pure text, counted by the layout and styled by the view, so the two
//! agree on how many lines it takes.

use crate::tui::text::{wrap, wrap_url};
use crate::tui::theme::Theme;
use unicode_width::UnicodeWidthStr;
use urlscope_core::analysis::{Analysis, Nested, NestedKind};
use urlscope_core::describe;
use urlscope_core::text::escape_str;
use urlscope_core::warnings::{Severity, Warning};

/// Columns of a fact's label (`leads to `).
pub const LABEL_W: usize = 9;

/// Bytes of a carried text shown at most (the rest is in `explain`).
pub const TEXT_LIMIT: usize = 4096;
/// Warnings of a carried URL listed at most.
const WARNINGS_LISTED: usize = 16;

/// One line of facts: a label (empty on a continuation line), the text,
/// and the severity that colours it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    pub label: &'static str,
    pub text: String,
    pub severity: Option<Severity>,
}

/// `s` made safe to show, cut to [`TEXT_LIMIT`] bytes on a character
/// boundary.
pub fn safe_text(s: &str) -> String {
    if s.len() <= TEXT_LIMIT {
        return escape_str(s);
    }
    let mut end = TEXT_LIMIT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", escape_str(s.get(..end).unwrap_or_default()))
}

/// The facts about value `n`, found in `home`, as lines of `width`
/// columns: each cut at the width with `…`, or wrapped whole when
/// `whole` (the pane is zoomed). What matters most comes first (its text,
/// where it leads, its warnings), so a short pane keeps that.
pub fn facts(home: &Analysis, n: &Nested, width: usize, whole: bool) -> Vec<Fact> {
    let room = width.saturating_sub(LABEL_W).max(8);
    let mut out = Vec::new();
    let mut add = |label: &'static str, text: String, severity: Option<Severity>, url: bool| {
        let lines = if !whole {
            vec![crate::tui::text::fit(&text, room)]
        } else if url {
            wrap_url(&text, room)
        } else {
            wrap(&text, room)
        };
        for (i, line) in lines.into_iter().enumerate() {
            out.push(Fact {
                label: if i == 0 { label } else { "" },
                text: line,
                severity,
            });
        }
    };
    match (&n.jwt, n.kind) {
        (Some(jwt), _) => {
            add("header", safe_text(&jwt.header), None, true);
            add("payload", safe_text(&jwt.payload), None, true);
            for (k, v) in jwt.claims.iter().take(WARNINGS_LISTED) {
                add(
                    "claim",
                    format!("{} = {}", safe_text(k), safe_text(v)),
                    None,
                    true,
                );
            }
        }
        (None, NestedKind::Url) => add("url", safe_text(&n.text), None, true),
        (None, _) => add("decoded", safe_text(&n.text), None, true),
    }
    if let Some(d) = home.destination_of(n) {
        let mut text = describe::place(d);
        if let Some(reach) = describe::reach(d) {
            text.push_str(&format!(" · {reach}"));
        }
        let severity = d
            .host
            .as_ref()
            .filter(|h| h.reach.is_internal())
            .map(|_| Severity::High);
        add("leads to", text, severity, false);
    }
    // The warnings it was given as a carried value, then its own, the
    // worst first; its own `internal-destination` would say again what
    // the one it was given says.
    let given: Vec<&Warning> = home.warnings_given(n).collect();
    let own = |w: &&Warning| !given.iter().any(|g| g.code == w.code);
    let inner: &[Warning] = n.analysis.as_ref().map_or(&[], |a| &a.warnings);
    let total = given.len() + inner.iter().filter(own).count();
    let mut listed: Vec<&Warning> = given.clone();
    for severity in [
        Severity::High,
        Severity::Medium,
        Severity::Low,
        Severity::Info,
    ] {
        let room = WARNINGS_LISTED.saturating_sub(listed.len());
        listed.extend(
            inner
                .iter()
                .filter(own)
                .filter(|w| w.severity == severity)
                .take(room),
        );
    }
    for w in listed.into_iter().take(WARNINGS_LISTED) {
        add(
            "warning",
            format!(
                "{} {}: {}",
                Theme::severity_symbol(w.severity),
                w.code.code(),
                escape_str(&w.message)
            ),
            Some(w.severity),
            false,
        );
    }
    if total > WARNINGS_LISTED {
        add(
            "",
            format!(
                "and {} more (explain lists them all)",
                total - WARNINGS_LISTED
            ),
            None,
            false,
        );
    }
    if let Some(spelling) = describe::spelling(&n.spelling) {
        add("written", spelling, None, false);
    }
    add("via", escape_str(&n.via), None, false);
    let values = crate::tui::tree::values_of(n).len();
    if let Some(carries) = describe::carries(n, values) {
        if n.analysis.is_none() && n.kind == NestedKind::Url {
            add("", carries, None, false);
        } else {
            // Where the values are: the rows under it in the list.
            let what = if n.kind == NestedKind::Url {
                "components and what they carry (the rows under it)"
            } else {
                "(the rows under it)"
            };
            add("carries", format!("{carries} {what}"), None, false);
        }
    }
    // Every line fits: a cut line is marked, never left ragged.
    debug_assert!(out.iter().all(|f| f.text.width() <= room));
    out
}
