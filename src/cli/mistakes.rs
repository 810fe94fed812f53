//! Useful answers to the mistakes people make first: a misspelt command
//! (which would otherwise be inspected as a relative URL) and a URL the
//! shell split at its spaces.

use super::input::shell_quote;
use std::ffi::OsString;
use urlscope_core::text::escape_str;

/// Whether `word` could be meant as a URL: anything beyond letters, digits,
/// `-` and `_` (a `.`, `/`, `:`, `%`, `?`...) says it is not a command.
fn url_shaped(word: &str) -> bool {
    word.is_empty()
        || !word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Optimal string alignment distance: edits, each inserting, deleting,
/// substituting or swapping two neighbouring letters (`exlpain` is one
/// swap from `explain`).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back (for swaps), the last, this one.
    let mut before: Vec<usize> = Vec::new();
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut row = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let substitute = last[j] + usize::from(ca != cb);
            let mut best = (last[j + 1] + 1).min(row[j] + 1).min(substitute);
            let swapped = i > 0 && j > 0 && a[i - 1] == cb && b[j - 1] == ca;
            if swapped {
                best = best.min(before[j - 1] + 1);
            }
            row[j + 1] = best;
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// The command `word` is probably a misspelling of: within a third of the
/// name's length in edits (at least one), or a prefix of at least three
/// letters of exactly one name.
pub fn closest_command<'a>(word: &str, commands: &[&'a str]) -> Option<&'a str> {
    if url_shaped(word) || commands.contains(&word) {
        return None;
    }
    let lower = word.to_ascii_lowercase();
    let near = commands
        .iter()
        .map(|&c| (distance(&lower, c), c))
        .filter(|&(d, c)| d <= (c.chars().count() / 3).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c);
    near.or_else(|| {
        let mut prefixed = commands
            .iter()
            .filter(|c| lower.len() >= 3 && c.starts_with(lower.as_str()));
        match (prefixed.next(), prefixed.next()) {
            (Some(&c), None) => Some(c),
            _ => None,
        }
    })
}

/// The first argument that is neither an option nor an option's value, up
/// to a `--`: what clap would take as the command or as the URL.
/// `valued` lists the top-level options that take a value.
pub fn first_word(args: &[OsString], valued: &[&str]) -> Option<(usize, String)> {
    let mut i = 1;
    while let Some(arg) = args.get(i) {
        let text = arg.to_string_lossy();
        if text == "--" {
            return None;
        }
        if valued.contains(&text.as_ref()) {
            i += 2;
            continue;
        }
        if text.starts_with('-') && text.len() > 1 {
            i += 1;
            continue;
        }
        return Some((i, text.into_owned()));
    }
    None
}

/// The message for a misspelt command: the command line as meant, and how
/// to inspect the word as a URL after all.
pub fn misspelt_command(args: &[OsString], at: usize, word: &str, meant: &str) -> String {
    let line = args
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, a)| {
            if i == at {
                meant.to_string()
            } else {
                shell_quote(&a.to_string_lossy())
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let word = escape_str(word);
    format!(
        "'{word}' is not a command; did you mean '{meant}'?\n  urlscope {}\n\
         To inspect '{word}' as a URL, put it after '--':\n  urlscope -- {}",
        escape_str(&line),
        escape_str(&shell_quote(&word)),
    )
}

/// Whether `word` is shaped as an option: `--` and a name (`--json`,
/// `--min-severity`), or `-` and one letter (`-j`).
fn option_shaped(word: &str) -> bool {
    match word.strip_prefix("--") {
        Some(name) => {
            name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        }
        None => {
            let mut chars = word.chars();
            chars.next() == Some('-')
                && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.next().is_none()
        }
    }
}

/// The message for an argument where a URL (or text) is expected that is
/// an option urlscope does not take there: a misspelt long option (`--jsn`
/// for `--json`), another command's option (`clean --json`: it would
/// have been cleaned as the URL `--json`, standard input left unread), or,
/// when it stands among several words, any option-shaped word
/// (`explain -j URL`), which a URL the shell split does not start with.
/// A URL rarely starts with `--` and a word, so each is refused, with
/// what was meant and how to inspect the word as a URL after all. `None`
/// when no word of `words` is one, and after `--`, where every word is a
/// URL as asked.
pub fn misspelt_option<'a>(words: impl IntoIterator<Item = &'a OsString>) -> Option<String> {
    let words: Vec<String> = words
        .into_iter()
        .map(|w| w.to_string_lossy().into_owned())
        .collect();
    let several = words.len() > 1;
    // Only a word shaped as an option is weighed (most URLs are not): the
    // options' names are gathered for it alone.
    let shaped: Vec<&String> = words
        .iter()
        .filter(|text| option_shaped(text) && (several || text.starts_with("--")))
        .collect();
    if shaped.is_empty() {
        return None;
    }
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.iter().any(|a| a == "--") {
        return None;
    }
    let command = <super::args::Opt as clap::CommandFactory>::command();
    // The command the words were given to: a subcommand named before them,
    // else the default command (`urlscope URL`).
    let own = args
        .iter()
        .skip(1)
        .find_map(|a| command.find_subcommand(a))
        .unwrap_or(&command);
    let line = if own.get_name() == command.get_name() {
        "urlscope".to_string()
    } else {
        format!("urlscope {}", own.get_name())
    };
    // Every command that takes each long option (the top-level ones, which
    // are global or the default command's, under "urlscope").
    let mut owners: Vec<(String, String)> = Vec::new();
    let mut commands = vec![(&command, "urlscope".to_string())];
    while let Some((c, name)) = commands.pop() {
        owners.extend(
            c.get_arguments()
                .filter_map(|a| a.get_long())
                .map(|long| (long.to_string(), name.clone())),
        );
        commands.extend(
            c.get_subcommands()
                .map(|s| (s, format!("urlscope {}", s.get_name()))),
        );
    }
    let mut names: Vec<&str> = owners.iter().map(|(long, _)| long.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    let what = if matches!(own.get_name(), "encode" | "decode") {
        "text"
    } else {
        "a URL"
    };
    let after_dashes = |text: &str| {
        // Words a shell split from one URL are given back joined; an
        // option-shaped word before a URL of its own (`--jsn https://x/`)
        // is a word of its own.
        let alone = words.first().is_some_and(|w| *w == text)
            && words.iter().skip(1).any(|w| w.contains("://"));
        let inspected = if alone {
            text.to_string()
        } else {
            words.join(" ")
        };
        format!(
            "To inspect '{}' as {what}, put it after '--': {line} -- {}",
            escape_str(text),
            escape_str(&shell_quote(&inspected)),
        )
    };
    shaped.iter().find_map(|text| {
        let word = escape_str(text);
        let long = text.strip_prefix("--").unwrap_or_default();
        let mut takers: Vec<&str> = owners
            .iter()
            .filter(|(name, _)| name == long)
            .map(|(_, owner)| owner.as_str())
            .collect();
        takers.sort_unstable();
        takers.dedup();
        if !takers.is_empty() {
            return Some(format!(
                "'{word}' is not an option of '{line}'; it is one of {}.\n{}",
                takers.join(", "),
                after_dashes(text)
            ));
        }
        if let Some(meant) = closest_command(long, &names) {
            return Some(format!(
                "'{word}' is not an option; did you mean '--{meant}'?\n{}",
                after_dashes(text)
            ));
        }
        several.then(|| {
            format!(
                "'{word}' is not an option of '{line}' (see '{line} --help').\n{}",
                after_dashes(text)
            )
        })
    })
}

/// The message for several arguments where one URL (or text) is expected:
/// most often a URL with spaces that the shell split. `args` is the whole
/// command line, shown again with the words joined and quoted.
pub fn split_argument(
    args: &[OsString],
    what: &str,
    first: &OsString,
    rest: &[OsString],
) -> String {
    let words: Vec<&OsString> = std::iter::once(first).chain(rest).collect();
    let joined = words
        .iter()
        .map(|w| w.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ");
    // The command line with the split words replaced by the joined one,
    // where the first of them stood.
    let mut line = Vec::new();
    let mut next = 0;
    for arg in args.iter().skip(1) {
        if words.get(next).is_some_and(|w| *w == arg) {
            if next == 0 {
                line.push(shell_quote(&joined));
            }
            next += 1;
        } else {
            line.push(shell_quote(&arg.to_string_lossy()));
        }
    }
    let several = if what == "URL" {
        "\nSeveral URLs go on standard input, one per line."
    } else {
        ""
    };
    format!(
        "{} arguments where one {what} is expected. If it is one {what} with spaces \
         (or '&', '?', '*', ';'), quote it:\n  urlscope {}{several}",
        words.len(),
        escape_str(&line.join(" ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMANDS: &[&str] = &["explain", "clean", "normalize", "scan", "man", "examples"];

    #[test]
    fn a_swap_or_a_typo_is_a_misspelling() {
        assert_eq!(closest_command("exlpain", COMMANDS), Some("explain"));
        assert_eq!(closest_command("clena", COMMANDS), Some("clean"));
        assert_eq!(closest_command("Explain", COMMANDS), Some("explain"));
        assert_eq!(closest_command("normalise", COMMANDS), Some("normalize"));
        assert_eq!(closest_command("norm", COMMANDS), Some("normalize"));
        assert_eq!(closest_command("exampel", COMMANDS), Some("examples"));
    }

    #[test]
    fn words_far_from_commands_and_url_shapes_are_urls() {
        assert_eq!(closest_command("index", COMMANDS), None);
        assert_eq!(closest_command("explain.html", COMMANDS), None);
        assert_eq!(closest_command("scan/", COMMANDS), None);
        assert_eq!(closest_command("explain", COMMANDS), None);
        assert_eq!(closest_command("ex", COMMANDS), None);
    }

    #[test]
    fn the_first_word_skips_options_and_their_values() {
        let args: Vec<OsString> = ["urlscope", "--color", "never", "-x", "exlpain", "y"]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(
            first_word(&args, &["--color"]),
            Some((4, "exlpain".to_string()))
        );
        let dashed: Vec<OsString> = ["urlscope", "--", "exlpain"]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(first_word(&dashed, &["--color"]), None);
    }
}
