//! `urlscope examples`: the gallery of built-in URLs, each with what it
//! teaches.

use std::io::{self, Write};
use urlscope_core::text::escape_str;

/// Every example: its URL, its one-line description, and its explanation
/// indented four columns in lines of at most 77 (the indent included); a
/// long word or URL is never broken.
pub fn write_examples(out: &mut impl Write) -> io::Result<()> {
    let wrap = textwrap::Options::new(77)
        .initial_indent("    ")
        .subsequent_indent("    ")
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
    for e in crate::gallery::all() {
        writeln!(out, "{}\n  {}", escape_str(e.url), e.description)?;
        // One space between words, no line break of the source.
        let words = e.explanation.split_whitespace().collect::<Vec<_>>();
        for line in textwrap::wrap(&words.join(" "), &wrap) {
            writeln!(out, "{}", escape_str(&line))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_example_is_listed_with_its_explanation_wrapped() {
        let mut out = Vec::new();
        super::write_examples(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let first = crate::gallery::default_example();
        assert!(text.starts_with(&format!("{}\n  {}\n    ", first.url, first.description)));
        assert_eq!(text.matches("\n\n").count(), crate::gallery::all().len());
        // The explanations (indented four columns) wrap at 77 columns
        // unless a single word is longer.
        assert!(text
            .lines()
            .filter(|l| l.starts_with("    "))
            .all(|l| l.chars().count() <= 77 || !l.trim().contains(' ')));
    }
}
