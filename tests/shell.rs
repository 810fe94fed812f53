//! `urlscope completions SHELL` and `urlscope man`: the
//! scripts load in their shells and name every command; the manual page is
//! a reviewed snapshot (`tests/snapshots/`), so a change to any option or
//! help text shows up as a diff.

use assert_cmd::Command;
use std::process::Command as StdCommand;

const COMMANDS: &[&str] = &[
    "explain",
    "clean",
    "normalize",
    "pretty",
    "encode",
    "decode",
    "scan",
    "resolve",
    "examples",
    "completions",
    "man",
];

fn urlscope_stdout(args: &[&str]) -> String {
    let out = Command::cargo_bin("urlscope")
        .expect("binary")
        .args(args)
        .output()
        .expect("run");
    assert!(out.status.success(), "{args:?}");
    assert!(out.stderr.is_empty(), "{args:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn every_shell_gets_a_script_naming_every_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = urlscope_stdout(&["completions", shell]);
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: {command}");
        }
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error_listing_the_shells() {
    Command::cargo_bin("urlscope")
        .expect("binary")
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "[possible values: bash, elvish, fish, powershell, zsh]",
        ));
}

#[test]
fn the_bash_script_loads_and_completes_commands_and_options() {
    let script = urlscope_stdout(&["completions", "bash"]);
    // Source the script, then ask its function what it would offer, as
    // bash does on Tab.
    let probe = format!(
        "{script}\n\
         complete -p urlscope >/dev/null && echo registered\n\
         COMP_WORDS=(urlscope ex); COMP_CWORD=1; _urlscope urlscope ex urlscope\n\
         echo \"${{COMPREPLY[@]}}\"\n\
         COMP_WORDS=(urlscope encode --a); COMP_CWORD=2; _urlscope urlscope --a encode\n\
         echo \"${{COMPREPLY[@]}}\"\n"
    );
    let out = StdCommand::new("bash")
        .args(["--norc", "-c", &probe])
        .output()
        .expect("bash");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "registered\n\
         explain examples\n\
         --as --all\n"
    );
}

#[test]
fn man_page() {
    let page = urlscope_stdout(&["man"]);
    assert!(page.starts_with(".ie \\n(.g .ds Aq \\(aq\n"));
    assert!(page.contains("\n.TH urlscope 1  \"urlscope 0.1.0\" \n"));
    for command in COMMANDS {
        assert!(
            page.contains(&format!("\n.SS \"urlscope {command}\"\n")),
            "{command}"
        );
    }
    assert!(page.contains(
        "\n.SH \"EXIT STATUS\"\n.TP\n\\fB0\\fR\n\
         Success, whatever the warnings; scan flagged nothing; standard output was closed early (but for scan, whose output is its flagged lines: then 1).\n\
         .TP\n\\fB1\\fR\n\
         scan flagged a line; decode met input it cannot decode, or an encoder refused it.\n\
         .TP\n\\fB2\\fR\n\
         A usage error, or input that cannot be read.\n"
    ));
    insta::assert_snapshot!(page);
}

#[test]
fn the_man_page_renders_without_warnings_where_man_is_installed() {
    let Ok(probe) = StdCommand::new("man").arg("--version").output() else {
        eprintln!("man is not installed: the page is checked by its snapshot alone");
        return;
    };
    if !probe.status.success() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("urlscope-man-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("urlscope.1");
    std::fs::write(&file, urlscope_stdout(&["man"])).expect("write");
    let out = StdCommand::new("man")
        .args(["--warnings", "-l"])
        .arg(&file)
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .output()
        .expect("man");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("EXIT STATUS"), "{text}");
    assert!(text.contains("   urlscope explain"), "{text}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
