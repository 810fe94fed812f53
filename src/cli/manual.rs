//! `urlscope completions SHELL` and `urlscope man`: shell completion
//! scripts (`clap_complete`) and a roff manual page (`clap_mangen`), both
//! from the same definitions as `--help`, so they never drift from it.

use clap_mangen::Man;
use std::io::{self, Write};

/// The completion script for `shell`.
pub fn write_completions(
    out: &mut impl Write,
    shell: clap_complete::Shell,
    mut cli: clap::Command,
) -> io::Result<()> {
    clap_complete::generate(shell, &mut cli, "urlscope", out);
    Ok(())
}

/// One manual page, urlscope(1): the top-level synopsis, description and
/// options, then a subsection per command (its synopsis, what it does, its
/// options), the exit statuses and the version. One page rather than one
/// per command, so `urlscope man > urlscope.1` is the whole install.
pub fn write_man_page(out: &mut impl Write, mut cli: clap::Command) -> io::Result<()> {
    // Building gives every command its full name ("urlscope explain").
    cli.build();
    let page = Man::new(cli.clone());
    page.render_title(out)?;
    page.render_name_section(out)?;
    page.render_synopsis_section(out)?;
    page.render_description_section(out)?;
    page.render_options_section(out)?;
    writeln!(out, ".SH COMMANDS")?;
    let commands = cli
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help");
    for command in commands {
        let name = command
            .get_bin_name()
            .unwrap_or_else(|| command.get_name())
            .to_string();
        writeln!(out, ".SS \"{}\"", name.replace('"', ""))?;
        let sub = Man::new(command.clone());
        let mut text = Vec::new();
        sub.render_synopsis_section(&mut text)?;
        sub.render_description_section(&mut text)?;
        if command.get_arguments().any(|a| !a.is_hide_set()) {
            sub.render_options_section(&mut text)?;
        }
        // The command's sections become paragraphs of its subsection.
        for line in String::from_utf8_lossy(&text).lines() {
            match line.strip_prefix(".SH ") {
                Some("SYNOPSIS") | Some("NAME") => {}
                Some("DESCRIPTION") => writeln!(out, ".PP")?,
                Some(heading) => writeln!(out, ".PP\n\\fB{}\\fR", heading_case(heading))?,
                None => writeln!(out, "{line}")?,
            }
        }
    }
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    for (status, meaning) in super::args::EXIT_STATUSES {
        writeln!(out, ".TP\n\\fB{status}\\fR\n{meaning}")?;
    }
    page.render_version_section(out)?;
    Ok(())
}

/// `OPTIONS` as `Options`.
fn heading_case(heading: &str) -> String {
    let mut chars = heading.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_string() + &chars.as_str().to_lowercase()
    })
}
