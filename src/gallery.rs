//! The built-in example URLs, embedded from `assets/examples.txt`: a
//! gallery where each URL teaches one thing.
//!
//! The asset is made of blocks separated by blank lines: the URL, a
//! one-line title, then a paragraph of explanation. Lines starting with
//! `#` are comments. The first example is the one the inspector opens with.

/// One built-in example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    pub url: &'static str,
    /// One line: what the example shows.
    pub description: &'static str,
    /// A paragraph: what it teaches, and why it matters.
    pub explanation: String,
}

const ASSET: &str = include_str!("../assets/examples.txt");

/// Every built-in example, in order.
pub fn all() -> Vec<Example> {
    let mut out = Vec::new();
    let mut block: Vec<&'static str> = Vec::new();
    let lines = ASSET.lines().filter(|l| !l.starts_with('#'));
    for line in lines.chain(std::iter::once("")) {
        if line.trim().is_empty() {
            if let [url, description, rest @ ..] = block.as_slice() {
                out.push(Example {
                    url,
                    description,
                    explanation: rest.join(" "),
                });
            }
            block.clear();
        } else {
            block.push(line);
        }
    }
    out
}

/// The default example.
pub fn default_example() -> Example {
    all().into_iter().next().unwrap_or(Example {
        url: "https://example.com/",
        description: "example",
        explanation: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use urlscope_core::analysis::{analyze, Options};

    #[test]
    fn the_gallery_has_at_least_twelve_explained_examples() {
        let all = super::all();
        assert!(all.len() >= 12, "{}", all.len());
        for e in &all {
            assert!(!e.url.is_empty() && !e.description.is_empty());
            assert!(
                e.explanation.len() > 120,
                "{}: explain it in a paragraph",
                e.url
            );
        }
    }

    /// Each example shows what it claims to.
    #[test]
    fn every_example_carries_the_warning_it_teaches() {
        let expect = [
            ("caf%C3%A9/%252e", "double-encoding"),
            ("%252e%252e%252f%252e", "path-traversal"),
            ("%c0%ae", "overlong-utf8"),
            ("a+b%20c?q", "plus-in-path"),
            ("аррӏе", "idn-homograph"),
            ("evil.com\\@good", "parser-differential"),
            ("2130706433", "ip-obfuscation"),
            ("accounts.example.com@", "userinfo"),
            ("%0d%0a", "crlf"),
            ("%u002e", "nonstandard-escape"),
            ("caf%C4r", "invalid-utf8"),
            ("%E2%80%AE", "bidi-control"),
            ("%1b]0", "control-char"),
        ];
        let all = super::all();
        for (needle, code) in expect {
            let e = all
                .iter()
                .find(|e| e.url.contains(needle))
                .unwrap_or_else(|| panic!("{needle}"));
            let a = analyze(e.url.as_bytes(), &Options::default());
            assert!(
                a.warnings.iter().any(|w| w.code.code() == code),
                "{}: no {code}",
                e.url
            );
        }
    }
}
