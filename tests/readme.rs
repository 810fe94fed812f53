//! Every command example in README.md, run as written, against what the
//! README shows (issue 16, item 8). A command is a `$ ` line of a code
//! block that runs `urlscope` (or pipes `printf` into it); its output is
//! the lines up to the next `$ ` line, standard error included, with
//! `(exit N)` for a status other than 0. A line `…` marks a cut: the parts
//! between cuts must appear in the real output, in order. Commands with a
//! comment (`  # then ↓ ↓`: keys typed in the inspector) and those that
//! need files or time (`scan`) are left out.

use std::process::{Command, Stdio};

struct Example {
    line: usize,
    command: String,
    output: Vec<String>,
}

fn examples(readme: &str) -> Vec<Example> {
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
            let skipped = command.contains("  #") || command.contains(" scan ");
            if runs && !skipped {
                current = Some(Example {
                    line: n + 1,
                    command: command.to_string(),
                    output: Vec::new(),
                });
            }
        } else if let Some(example) = current.as_mut() {
            example.output.push(line.to_string());
        }
    }
    found
}

#[test]
fn every_command_example_in_the_readme_prints_what_it_shows() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let binary = assert_cmd::cargo::cargo_bin("urlscope");
    let dir = binary.parent().expect("target dir");
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let examples = examples(&readme);
    assert!(examples.len() >= 25, "{} examples found", examples.len());
    let mut wrong = Vec::new();
    for example in &examples {
        let out = Command::new("sh")
            .args(["-c", &format!("{} 2>&1", example.command)])
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .expect("sh");
        let mut actual = String::from_utf8_lossy(&out.stdout).into_owned();
        if let Some(code) = out.status.code().filter(|&c| c != 0) {
            actual.push_str(&format!("(exit {code})\n"));
        }
        let mut rest = actual.as_str();
        let shown = example.output.join("\n") + "\n";
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
        if !fits {
            wrong.push(format!(
                "README.md:{}: $ {}\n--- shown\n{shown}--- real\n{actual}",
                example.line, example.command
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
