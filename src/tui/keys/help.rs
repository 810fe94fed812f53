//! The help and the README's key table, generated from the bindings.

use super::Context::{self, *};
use super::{Binding, ALL, ANYWHERE, BINDINGS, EDITOR_KEYS, LISTS, MARKS, PANES};
use urlscope_core::describe::Agreement;

/// One line of the help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpLine {
    Heading(String),
    Key(&'static str, String),
    Blank,
}

/// The help for `context`: its keys first, then every other key, the
/// editor's keys, the mouse, and the marks' legend.
pub fn help_lines(context: Context) -> Vec<HelpLine> {
    let mut lines = vec![HelpLine::Heading(format!("Keys in {}", context.name()))];
    let here = |b: &&Binding| b.contexts.contains(&context);
    // What only this context has first, then what it shares.
    let mut mine: Vec<&Binding> = BINDINGS.iter().filter(here).collect();
    mine.sort_by_key(|b| b.contexts.len() > 2);
    lines.extend(
        mine.iter()
            .map(|b| HelpLine::Key(b.label, b.help.to_string())),
    );
    // The other keys under the first other place each works in (`Keys in
    // the gallery`), so a key is never said to work where it does not.
    let mut seen: Vec<&str> = BINDINGS
        .iter()
        .filter(here)
        .map(|b| b.help)
        .collect::<Vec<_>>();
    for &other in ALL.iter().filter(|&&c| c != context) {
        let mut heading = Some(HelpLine::Heading(format!("Keys in {}", other.name())));
        for b in BINDINGS.iter().filter(|b| b.contexts.contains(&other)) {
            if !seen.contains(&b.help) {
                seen.push(b.help);
                if let Some(h) = heading.take() {
                    lines.push(HelpLine::Blank);
                    lines.push(h);
                }
                lines.push(HelpLine::Key(b.label, b.help.to_string()));
            }
        }
    }
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading(
        "Editing (e: the URL, E: one component)".to_string(),
    ));
    lines.extend(
        EDITOR_KEYS
            .iter()
            .map(|(k, _, what)| HelpLine::Key(k, what.to_string())),
    );
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading("Mouse".to_string()));
    lines.push(HelpLine::Key(
        "click",
        "selects a component or warning; the wheel scrolls".to_string(),
    ));
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading("Marks".to_string()));
    lines.extend(
        MARKS
            .iter()
            .map(|(m, what)| HelpLine::Key(m, what.to_string())),
    );
    lines.extend(
        Agreement::ALL
            .iter()
            .map(|a| HelpLine::Key(a.mark(), format!("in the readings (r): {}", a.meaning()))),
    );
    lines.push(HelpLine::Blank);
    lines.push(HelpLine::Heading("Unicode tables cited".to_string()));
    lines.extend(
        urlscope_core::utf8::TABLES.iter().map(|(n, title, now)| {
            HelpLine::Key(n, format!("{title} ({now} in Unicode 6.0-15.0)"))
        }),
    );
    lines
}

/// The key table as the README shows it (a Markdown table), so a test can
/// check that the README says what the program does.
pub fn markdown_table() -> String {
    let mut out = String::from("| key | where | action |\n|---|---|---|\n");
    let code = |label: &str| {
        label
            .split(' ')
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for b in BINDINGS {
        let wheres = if b.contexts == ANYWHERE {
            "anywhere".to_string()
        } else if b.contexts == ALL {
            "panes, gallery, help".to_string()
        } else if b.contexts == PANES {
            "panes".to_string()
        } else if b.contexts == LISTS {
            "panes, help".to_string()
        } else {
            b.contexts
                .iter()
                .map(|c| short_name(*c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!("| {} | {wheres} | {} |\n", code(b.label), b.help));
    }
    for (k, _, what) in EDITOR_KEYS {
        out.push_str(&format!("| {} | editor | {what} |\n", code(k)));
    }
    out
}

fn short_name(c: Context) -> &'static str {
    match c {
        Components => "components",
        Bytes => "bytes",
        Warnings => "warnings",
        Readings => "readings",
        Dialects => "encoders",
        Leads => "leads to",
        Corrected => "corrected",
        Gallery => "gallery",
        Help => "help",
        Editor => "editor",
    }
}
