//! The built-in example URLs, embedded from `assets/examples.txt`.
//!
//! Each line of the asset is `URL<TAB>description`; lines starting with `#`
//! are comments. The first example is the one the inspector opens with.

/// One built-in example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    pub url: &'static str,
    pub description: &'static str,
}

const ASSET: &str = include_str!("../assets/examples.txt");

/// Every built-in example, in order.
pub fn all() -> Vec<Example> {
    ASSET
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (url, description) = l.split_once('\t')?;
            Some(Example { url, description })
        })
        .collect()
}

/// The default example.
pub fn default_example() -> Example {
    all().into_iter().next().unwrap_or(Example {
        url: "https://example.com/",
        description: "example",
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_example_has_a_description() {
        let all = super::all();
        assert!(all.len() >= 5);
        for e in all {
            assert!(!e.url.is_empty() && !e.description.is_empty());
        }
    }
}
