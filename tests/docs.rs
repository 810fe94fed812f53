//! The documents say what the program does: the warning reference is the
//! catalogue's table, and every link between the documents leads to a
//! file that exists (and to a heading it holds).
//!
//! `UPDATE_DOCS=1 cargo test --test docs` rewrites the generated part of
//! docs/warnings.md from the catalogue.

use std::path::{Path, PathBuf};
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
