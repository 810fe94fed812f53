//! `mapped-host`: a host written in characters UTS #46 maps to others
//! (`ⓖⓞⓞⓖⓛⓔ.com`, full-width `ｐａｙｐａｌ.com`, the ideographic full stop
//! `。`), or holding a deviation character (`ß`, `ς`, ZWJ, ZWNJ) that
//! IDNA2003 and transitional processing map away and IDNA2008 keeps. In
//! both, the text a reader or a filter compares is not the host a browser
//! opens. An address spelled so is `ip-obfuscation`'s; case alone (`Ü`
//! for `ü`) is no mapping worth a word.

use crate::analysis::HostReading;
use crate::split::Span;
use crate::text::quote_str;
use crate::warnings::{Case, Warning};

/// The deviation characters of UTS #46 (§4.2.3 of IDNA2008's mapping
/// document), with what transitional processing writes for them. `ẞ` maps
/// to `ß` first.
const DEVIATIONS: [(char, &str); 5] = [
    ('ß', "ss"),
    ('ẞ', "ss"),
    ('ς', "σ"),
    ('\u{200C}', ""),
    ('\u{200D}', ""),
];

/// The characters of `written` UTS #46 maps to something other than
/// their lowercase, each once, with what it maps them to.
fn mapped_characters(written: &str) -> Vec<(char, String)> {
    let mut found: Vec<(char, String)> = Vec::new();
    for c in written.chars().filter(|c| !c.is_ascii()) {
        if found.iter().any(|(f, _)| *f == c) || DEVIATIONS.iter().any(|(d, _)| *d == c) {
            continue;
        }
        let (to, result) = idna::domain_to_unicode(c.encode_utf8(&mut [0; 4]));
        // A character UTS #46 refuses is idn-homograph's.
        if result.is_err() {
            continue;
        }
        if to != c.to_lowercase().to_string() {
            found.push((c, to));
        }
    }
    found
}

/// The spans of the characters of `written` that `pick` picks, when the
/// host was written as is (`raw`, at `span`); the whole host when it was
/// percent-encoded.
fn spans_of(raw: &[u8], span: Span, written: &str, pick: impl Fn(char) -> bool) -> Vec<Span> {
    if raw != written.as_bytes() {
        return vec![span];
    }
    written
        .char_indices()
        .filter(|(_, c)| pick(*c))
        .map(|(i, c)| Span::new(span.start + i, span.start + i + c.len_utf8()))
        .collect()
}

/// `mapped-host` for the host `reading`, written `raw` at `span` of the
/// input; whether it found mapped characters.
pub(crate) fn mapped_warning(
    raw: &[u8],
    span: Span,
    host_index: Option<usize>,
    reading: &HostReading,
    out: &mut Vec<Warning>,
) -> bool {
    let written = reading.decoded.as_str();
    if written.is_ascii() || reading.ipv4.is_some() {
        return false;
    }
    let opened = reading
        .ascii
        .as_deref()
        .or(reading.unicode.as_deref())
        .unwrap_or(written);
    let mapped = mapped_characters(written);
    if !mapped.is_empty() {
        let shown: Vec<String> = mapped
            .iter()
            .take(4)
            .map(|(c, to)| format!("'{}' as '{}'", quote_str(&c.to_string()), quote_str(to)))
            .collect();
        let more = if mapped.len() > 4 { ", ..." } else { "" };
        let famous = reading
            .registrable
            .as_deref()
            .filter(|d| crate::sites::is_known(d));
        let (case, why) = match famous {
            Some(domain) => (
                Case::MappedKnownSite,
                format!(
                    ", {} spelled so that a filter or allow-list looking for its name does not see it",
                    if domain == opened {
                        "a famous site's name".to_string()
                    } else {
                        format!("on the famous site '{}',", quote_str(domain))
                    }
                ),
            ),
            None => (
                Case::MappedName,
                ", which the text shown does not spell: a filter or allow-list comparing the text misses it".to_string(),
            ),
        };
        let spans = spans_of(raw, span, written, |c| mapped.iter().any(|(m, _)| *m == c));
        out.push(Warning::for_case(
            case,
            spans,
            host_index,
            format!(
                "The host '{}' is written with characters UTS #46 maps to others ({}{more}): a browser opens '{}'{why}.",
                quote_str(written),
                shown.join(", "),
                quote_str(opened),
            ),
        ));
        return true;
    }
    let deviations: Vec<(char, &str)> = DEVIATIONS
        .iter()
        .copied()
        .filter(|(d, _)| written.contains(*d))
        .collect();
    if let Some(&(first, _)) = deviations.first() {
        let transitional: String = written
            .chars()
            .map(|c| {
                DEVIATIONS
                    .iter()
                    .find(|(d, _)| *d == c)
                    .map_or_else(|| c.to_string(), |(_, to)| (*to).to_string())
            })
            .collect();
        let other = idna::domain_to_ascii(&transitional).unwrap_or(transitional);
        let spans = spans_of(raw, span, written, |c| {
            deviations.iter().any(|(d, _)| *d == c)
        });
        let name = unicode_names2::name(first).map_or_else(String::new, |n| n.to_string());
        out.push(Warning::for_case(
            Case::Deviation,
            spans,
            host_index,
            format!(
                "The host '{}' holds '{}' (U+{:04X} {name}), which IDNA2008 (browsers, the URL Standard) keeps, opening '{}', and IDNA2003 and UTS #46 transitional processing (older libraries and clients) map away, opening '{}': one link, two hosts.",
                quote_str(written),
                quote_str(&first.to_string()),
                u32::from(first),
                quote_str(opened),
                quote_str(&other),
            ),
        ));
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::{Severity, WarningCode};

    fn mapped(url: &str) -> Option<(Severity, String)> {
        let a = analyze(url.as_bytes(), &Options::default());
        a.warnings
            .iter()
            .find(|w| w.code == WarningCode::MappedHost)
            .map(|w| (w.severity, w.message.clone()))
    }

    #[test]
    fn mapped_letters_name_the_host_a_browser_opens() {
        let (severity, message) = mapped("https://ⓖⓞⓞⓖⓛⓔ.com/").expect("fires");
        assert_eq!(severity, Severity::High);
        assert!(message.contains("'ⓖ' as 'g'"), "{message}");
        assert!(message.contains("opens 'google.com'"), "{message}");
        let (severity, message) = mapped("https://ｅｖｉｌ-ｓｈｏｐ.example/").expect("fires");
        assert_eq!(severity, Severity::Medium);
        assert!(message.contains("opens 'evil-shop.example'"), "{message}");
        // The ideographic full stop is a dot to UTS #46.
        let (_, message) = mapped("https://evil。example/").expect("fires");
        assert!(message.contains("'。' as '.'"), "{message}");
    }

    #[test]
    fn a_deviation_character_names_both_hosts() {
        let (severity, message) = mapped("https://faß.de/").expect("fires");
        assert_eq!(severity, Severity::Medium);
        assert!(message.contains("'xn--fa-hia.de'"), "{message}");
        assert!(message.contains("'fass.de'"), "{message}");
    }

    #[test]
    fn plain_and_case_only_hosts_are_quiet() {
        for url in [
            "https://example.com/",
            "https://bücher.de/",
            "https://BÜCHER.de/",
            "https://例え.テスト/",
            "https://xn--bcher-kva.de/",
        ] {
            assert_eq!(mapped(url), None, "{url}");
        }
    }
}
