//! The documents say what the program does: the warning reference is the
//! catalogue's table, and every link between the documents leads to a
//! file that exists (and to a heading it holds).
//!
//! `UPDATE_DOCS=1 cargo test --test docs` rewrites the generated part of
//! docs/warnings.md from the catalogue, and the inspector's screens in
//! docs/inspector.md from the inspector's own drawing.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use urlscope::tui::app::App;
use urlscope_core::warnings::{Case, Severity, WarningCode};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BEGIN: &str = "<!-- generated: warnings (tests/docs.rs) -->";
const END: &str = "<!-- end generated -->";

/// The catalogue as a Markdown table: each code, its severity, the other
/// severities its cases give it, and its summary.
fn warning_table() -> String {
    let mut out = String::from("| code | severity | also | meaning |\n|---|---|---|---|\n");
    for &code in WarningCode::ALL {
        let mut also: Vec<Severity> = Case::ALL
            .iter()
            .filter(|c| c.code() == code && c.severity() != code.severity())
            .map(|c| c.severity())
            .collect();
        also.sort_by_key(|s| std::cmp::Reverse(*s));
        also.dedup();
        let also: Vec<&str> = also.iter().map(|s| s.name()).collect();
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            code.code(),
            code.severity().name(),
            also.join(", "),
            code.summary().replace('|', "\\|")
        ));
    }
    out
}

#[test]
fn the_warning_reference_is_the_catalogue() {
    let path = Path::new(ROOT).join("docs/warnings.md");
    let doc = std::fs::read_to_string(&path).expect("docs/warnings.md");
    let (Some(begin), Some(end)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/warnings.md has no {BEGIN} ... {END} section");
    };
    let generated = format!("{BEGIN}\n{}{END}", warning_table());
    let written = &doc[begin..end + END.len()];
    if written == generated {
        return;
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let updated = format!("{}{generated}{}", &doc[..begin], &doc[end + END.len()..]);
        std::fs::write(&path, updated).expect("write docs/warnings.md");
        return;
    }
    panic!(
        "docs/warnings.md differs from the catalogue (UPDATE_DOCS=1 cargo test --test docs rewrites it); the section should read:\n{generated}"
    );
}

/// Every Markdown document of the project.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut docs = vec![
        root.join("README.md"),
        root.join("BENCHMARKS.md"),
        root.join("crates/urlscope-core/README.md"),
        root.join("tests/data/SOURCES.md"),
    ];
    for dir in ["docs", "crates/urlscope-py"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
            docs.extend(
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "md")),
            );
        }
    }
    docs.retain(|p| p.exists());
    docs.sort();
    docs
}

/// GitHub's anchor for a heading: lowercase, punctuation dropped, spaces
/// as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(doc: &str) -> Vec<String> {
    let mut in_block = false;
    doc.lines()
        .filter(|l| {
            if l.starts_with("```") {
                in_block = !in_block;
            }
            !in_block && l.starts_with('#')
        })
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

/// The relative links of a Markdown text (`[text](target)`), outside code.
fn links(doc: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(close) = after.find(')') else { break };
            let target = &after[..close];
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push(target.to_string());
            }
            rest = &after[close..];
        }
    }
    out
}

#[test]
fn every_link_between_the_documents_leads_somewhere() {
    let mut broken = Vec::new();
    let docs = documents();
    assert!(docs.len() >= 8, "{docs:?}");
    for doc in &docs {
        let text = std::fs::read_to_string(doc).expect("document");
        let dir = doc.parent().expect("a folder");
        for link in links(&text) {
            let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                doc.clone()
            } else {
                dir.join(file)
            };
            if !target.exists() {
                broken.push(format!("{}: {link} (no such file)", doc.display()));
                continue;
            }
            if !fragment.is_empty() && target.extension().is_some_and(|x| x == "md") {
                let held = std::fs::read_to_string(&target).unwrap_or_default();
                if !anchors(&held).iter().any(|a| a == fragment) {
                    broken.push(format!("{}: {link} (no such heading)", doc.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn no_document_speaks_of_work_rounds() {
    let mut found = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).expect("document");
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let issue_number = lower
                .match_indices("issue ")
                .any(|(i, m)| lower[i + m.len()..].starts_with(|c: char| c.is_ascii_digit()));
            if lower.contains("session") || issue_number {
                found.push(format!("{}:{}: {line}", doc.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A screen of the inspector that docs/inspector.md shows: where the
/// document marks it (`<!-- screen: NAME (tests/docs.rs) -->` just above
/// its code block), what it inspects, at what size, after which keys.
struct Screen {
    /// The document that shows it.
    doc: &'static str,
    name: &'static str,
    base: Option<&'static str>,
    url: String,
    width: u16,
    height: u16,
    keys: Vec<KeyEvent>,
    /// Only the top rows, the rest said with a last line `…`.
    top: Option<usize>,
}

fn keys(codes: &[KeyCode]) -> Vec<KeyEvent> {
    codes
        .iter()
        .map(|&c| KeyEvent::new(c, KeyModifiers::NONE))
        .collect()
}

fn typed(text: &str) -> Vec<KeyEvent> {
    keys(&text.chars().map(KeyCode::Char).collect::<Vec<_>>())
}

/// The screens, as the text beside each one says how to reach it.
fn screens() -> Vec<Screen> {
    use KeyCode::{Down, Tab};
    const TOKEN: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsInJlZGlyZWN0IjoiaHR0cDovLzEyNy4wLjAuMTo4MDgwL2FkbWluLy4uLy4uL2V0Yy9wYXNzd2QifQ.c2lnbmF0dXJl";
    let first_example = urlscope::gallery::default_example().url.to_string();
    let mut fixing = keys(&[Down, Down, KeyCode::Char('E')]);
    fixing.push(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    fixing.extend(typed("tom & jerry"));
    vec![
        Screen {
            doc: "README.md",
            name: "tour",
            base: None,
            url: urlscope::gallery::default_example().url.to_string(),
            width: 120,
            height: 40,
            keys: keys(&[Down, Down]),
            top: None,
        },
        Screen {
            doc: "docs/tutorial.md",
            name: "cafe",
            base: None,
            url: "http://example.com/caf%C3%A9".to_string(),
            width: 100,
            height: 30,
            keys: keys(&[Tab, Down, Down, Down]),
            top: Some(22),
        },
        Screen {
            doc: "docs/tutorial.md",
            name: "traversal",
            base: None,
            url: "http://example.com/files/%252e%252e%252f%252e%252e%252fetc/passwd".to_string(),
            width: 100,
            height: 30,
            keys: Vec::new(),
            top: Some(25),
        },
        Screen {
            doc: "docs/inspector.md",
            name: "tour",
            base: None,
            url: first_example,
            width: 120,
            height: 40,
            keys: keys(&[Down, Down]),
            top: None,
        },
        Screen {
            doc: "docs/inspector.md",
            name: "bits",
            base: None,
            url: "http://example.com/%E2%9C%93%ED%A0%80".to_string(),
            width: 80,
            height: 24,
            keys: keys(&[Tab, Down, Down, KeyCode::Char('z')]),
            top: None,
        },
        Screen {
            doc: "docs/inspector.md",
            name: "carried",
            base: None,
            url: "https://victim.example/login?next=https%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data%2F".to_string(),
            width: 80,
            height: 24,
            keys: keys(&[Down]),
            top: None,
        },
        Screen {
            doc: "docs/inspector.md",
            name: "jwt",
            base: None,
            url: format!("https://app.example/cb?token={TOKEN}&u=//evil.example/%2e%2e/x"),
            width: 120,
            height: 40,
            keys: keys(&[Down]),
            top: Some(24),
        },
        Screen {
            doc: "docs/inspector.md",
            name: "base",
            base: Some("http://good.example/a/"),
            url: "\\evil.example/x".to_string(),
            width: 80,
            height: 24,
            keys: Vec::new(),
            top: Some(5),
        },
        Screen {
            doc: "docs/inspector.md",
            name: "fix",
            base: None,
            url: "http://example.com/s?q=old&lang=en".to_string(),
            width: 80,
            height: 24,
            keys: fixing,
            top: Some(4),
        },
    ]
}

/// The rows `screen` shows, drawn by the inspector's own code on a
/// terminal of its size, trailing blanks dropped as a terminal's copy
/// drops them.
fn drawn(screen: &Screen) -> Vec<String> {
    let options = urlscope_core::Options::default();
    let url = screen.url.as_bytes().to_vec();
    let mut app = match screen.base {
        Some(base) => App::with_base(base.as_bytes().to_vec(), url, options, true),
        None => App::new(url, options, true),
    };
    let (w, h) = (screen.width, screen.height);
    app.set_size(Rect::new(0, 0, w, h));
    for &key in &screen.keys {
        app.handle_key(key);
    }
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    terminal
        .draw(|f| urlscope::tui::view::render(&app, f))
        .expect("draw");
    let buffer = terminal.backend().buffer();
    let mut rows: Vec<String> = (0..h)
        .map(|y| {
            let row: String = (0..w).map(|x| buffer[(x, y)].symbol()).collect();
            row.trim_end().to_string()
        })
        .collect();
    if let Some(top) = screen.top {
        rows.truncate(top);
        rows.push("…".to_string());
    }
    rows
}

/// Document `path` (`text`) with each screen it marks drawn anew: the
/// block's opening `$ ...` lines stay, the rows after them are the
/// inspector's.
fn with_screens_drawn(path: &str, text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = text;
    for screen in screens().into_iter().filter(|s| s.doc == path) {
        let marker = format!("<!-- screen: {} (tests/docs.rs) -->\n```\n", screen.name);
        let Some(at) = rest.find(&marker) else {
            return Err(format!("{path} has no {marker:?} (in this order)"));
        };
        let body = at + marker.len();
        let Some(len) = rest[body..].find("```\n") else {
            return Err(format!("the screen {} has no closing ```", screen.name));
        };
        out.push_str(&rest[..body]);
        for line in rest[body..body + len]
            .lines()
            .take_while(|l| l.starts_with("$ "))
        {
            out.push_str(line);
            out.push('\n');
        }
        for row in drawn(&screen) {
            out.push_str(&row);
            out.push('\n');
        }
        rest = &rest[body + len..];
    }
    out.push_str(rest);
    Ok(out)
}

#[test]
fn the_inspector_screens_in_the_documents_are_the_inspectors() {
    let mut wrong = Vec::new();
    for doc in ["README.md", "docs/inspector.md", "docs/tutorial.md"] {
        let path = Path::new(ROOT).join(doc);
        let text = std::fs::read_to_string(&path).expect(doc);
        let drawn = with_screens_drawn(doc, &text).unwrap_or_else(|e| panic!("{e}"));
        if drawn == text {
            continue;
        }
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(&path, drawn).expect(doc);
            continue;
        }
        wrong.extend(
            text.lines()
                .zip(drawn.lines())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .take(6)
                .map(|(n, (a, b))| format!("{doc}:{}:\n  written {a}\n  drawn   {b}", n + 1)),
        );
    }
    assert!(
        wrong.is_empty(),
        "documents show screens the inspector does not draw (UPDATE_DOCS=1 cargo test --test docs redraws them):\n{}",
        wrong.join("\n")
    );
}
