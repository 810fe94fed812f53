//! Every command example in README.md and docs/*.md, run as written,
//! against what the document shows. A command is a `$ ` line of a code
//! block that runs `urlscope` (or pipes `printf` into it); its output is
//! the lines up to the next `$ ` line, standard error included, with
//! `(exit N)` for a status other than 0. A line `…` marks a cut: the parts
//! between cuts must appear in the real output, in order. Commands with a
//! comment (`  # then ↓ ↓`: keys typed in the inspector) are left out.
//! A `$ cat FILE` example writes FILE, with the lines shown, for the
//! commands after it (they run in a scratch directory that also holds
//! `tests/`); the timings `scan` measures (`in 0.00 s (8746 URLs/s, 0.9
//! MB/s)`) are compared as a shape, not as figures.
//!
//! `UPDATE_DOCS=1 cargo test --test readme` writes the real output of each
//! example that differs and has no cut into its document (timings as
//! measured); an example with a cut is still reported, to be edited by
//! hand.

use std::process::{Command, Stdio};

struct Example {
    /// The document, relative to the repository.
    doc: String,
    line: usize,
    command: String,
    output: Vec<String>,
    /// A `$ cat FILE` example: the file to write, not a command to run.
    file: Option<String>,
}

fn examples(doc: &str, readme: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_block = !in_block;
            found.extend(current.take());
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            let runs = command.starts_with("urlscope ")
                || (command.starts_with("printf ") && command.contains("| urlscope"));
            let skipped = command.contains("  #");
            let file = command
                .strip_prefix("cat ")
                .filter(|f| !f.contains(' ') && !f.contains('/'));
            if (runs && !skipped) || file.is_some() {
                current = Some(Example {
                    doc: doc.to_string(),
                    line: n + 1,
                    command: command.to_string(),
                    output: Vec::new(),
                    file: file.map(str::to_string),
                });
            }
        } else if let Some(example) = current.as_mut() {
            example.output.push(line.to_string());
        }
    }
    // An unclosed fence turns the rest of the document inside out (and
    // its examples into prose this test would skip).
    assert!(!in_block, "{doc}: a code block is not closed");
    found
}

#[test]
fn every_command_example_in_the_documents_prints_what_it_shows() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut docs = vec!["README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir(format!("{root}/docs"))
        .expect("docs/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    more.sort();
    docs.extend(more);
    let binary = assert_cmd::cargo::cargo_bin("urlscope");
    let dir = binary.parent().expect("target dir");
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples: Vec<Example> = docs
        .iter()
        .flat_map(|doc| {
            let text = std::fs::read_to_string(format!("{root}/{doc}")).expect("document");
            examples(doc, &text)
        })
        .collect();
    assert!(examples.len() >= 25, "{} examples found", examples.len());
    let scratch = std::env::temp_dir().join(format!("urlscope-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    let tests = scratch.join("tests");
    if !tests.exists() {
        std::os::unix::fs::symlink(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"), &tests)
            .expect("link tests/");
    }
    let mut wrong = Vec::new();
    let mut ran = 0;
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut updates: Vec<(String, usize, usize, Vec<String>)> = Vec::new();
    for example in &examples {
        if let Some(file) = &example.file {
            let text = example.output.join("\n") + "\n";
            std::fs::write(scratch.join(file), text).expect("write example file");
            continue;
        }
        ran += 1;
        // `decode` and `encode` write bytes into a pipe and escapes on a
        // terminal: an example of theirs without a pipe shows a terminal,
        // so it runs on one (util-linux `script`).
        let command = format!("{} 2>&1", example.command);
        let terminal = ["urlscope decode", "urlscope encode"]
            .iter()
            .any(|c| example.command.starts_with(c))
            && !example.command.contains('|');
        let mut run = if terminal {
            let mut script = Command::new("script");
            script.args(["-qec", &command, "/dev/null"]);
            script
        } else {
            let mut sh = Command::new("sh");
            sh.args(["-c", &command]);
            sh
        };
        let out = run
            .current_dir(&scratch)
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .expect("sh");
        let mut actual = String::from_utf8_lossy(&out.stdout).replace('\r', "");
        if let Some(code) = out.status.code().filter(|&c| c != 0) {
            actual.push_str(&format!("(exit {code})\n"));
        }
        let actual = without_timings(&actual);
        let mut rest = actual.as_str();
        let shown = without_timings(&(example.output.join("\n") + "\n"));
        let cut = example.output.iter().any(|l| l.trim() == "…");
        let fits = if cut {
            // Each part between cuts appears, in order.
            shown
                .split('\n')
                .collect::<Vec<_>>()
                .split(|l| l.trim() == "…")
                .filter(|part| !part.is_empty())
                .all(|part| {
                    let part = part.join("\n");
                    match rest.find(&part) {
                        Some(at) => {
                            rest = &rest[at + part.len()..];
                            true
                        }
                        None => false,
                    }
                })
        } else {
            actual == shown
        };
        if !fits && update {
            let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
                .replace('\r', "")
                .lines()
                .map(str::to_string)
                .chain(
                    out.status
                        .code()
                        .filter(|&c| c != 0)
                        .map(|c| format!("(exit {c})")),
                )
                .collect();
            let new = if cut {
                with_cuts(&example.output, &lines)
            } else {
                Some(lines)
            };
            if let Some(new) = new {
                updates.push((example.doc.clone(), example.line, example.output.len(), new));
                continue;
            }
        }
        if !fits {
            wrong.push(format!(
                "{}:{}: $ {}\n--- shown\n{shown}--- real\n{actual}",
                example.doc, example.line, example.command
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    // From the last example up, so that each one's line numbers hold.
    updates.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    for (doc, line, shown, real) in updates.iter().rev() {
        let path = format!("{root}/{doc}");
        let text = std::fs::read_to_string(&path).expect("document");
        let mut lines: Vec<&str> = text.lines().collect();
        // The command is at `line` (from 1); its output follows it.
        lines.splice(*line..line + shown, real.iter().map(String::as_str));
        std::fs::write(&path, lines.join("\n") + "\n").expect("write document");
    }
    assert!(ran >= 25, "{ran} examples run");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The real output `real` shown with the cuts of `shown`: each part
/// between cuts is the same number of real lines from where the part's
/// first line is found (after the part before it), so that what changed
/// within a part is written and the cuts stay. `None` when a part's first
/// line is not in the output any more (to be edited by hand).
fn with_cuts(shown: &[String], real: &[String]) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut at = 0;
    for (i, part) in shown.split(|l| l.trim() == "…").enumerate() {
        if i > 0 {
            // The cut line as it was written (its indentation kept).
            let cuts = shown.iter().filter(|l| l.trim() == "…");
            out.push(cuts.clone().nth(i - 1)?.clone());
        }
        let Some(first) = part.first() else {
            continue;
        };
        let found = at + real.get(at..)?.iter().position(|l| l == first)?;
        let lines = real.get(found..found + part.len())?;
        out.extend(lines.iter().cloned());
        at = found + part.len();
    }
    Some(out)
}

/// `scan`'s summary with its measured figures replaced: `in 0.00 s (8746
/// URLs/s, 0.9 MB/s)` becomes `in … s (… URLs/s, … MB/s)`.
fn without_timings(text: &str) -> String {
    text.lines()
        .map(|line| match line.find(" at medium or above in ") {
            Some(at) if line.starts_with("urlscope scan: ") => format!(
                "{} at medium or above in … s (… URLs/s, … MB/s)\n",
                &line[..at]
            ),
            _ => format!("{line}\n"),
        })
        .collect()
}
