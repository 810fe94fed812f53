//! Double encoding: a decoded layer that still holds escapes (`%252e`),
//! shown through every layer.

use crate::analysis::component::Provenance;
use crate::analysis::report::Findings;
use crate::percent::{DecodedByte, SourceKind};
use crate::split::Span;
use crate::warnings::WarningCode;

/// Whether a decoded layer is an absolute URL of a special scheme
/// (`https://...`) from its first byte.
fn is_a_url(layer: &[DecodedByte]) -> bool {
    let head: Vec<u8> = layer.iter().take(8).map(|b| b.value).collect();
    crate::schemes::special_network_authority(&head).is_some()
}

/// Whether a decoded layer (of a query value) is a path on the same
/// site, carried whole as a return address (GitHub's `return_to=%2Flogin%2Foauth%2Fauthorize%3F...`,
/// whose own query is encoded once more), or such a path encoded once
/// more as a whole (PayPal's `redirectUri=%252Fsignin%252F...`): a '/'
/// and a letter, a digit, '_' or '~' (SharePoint's
/// `ReturnUrl=%2f_layouts%2f15%2f...%3fSource%3d%252F`), in either. Not
/// `//`, another site's reference, nor a dot segment or an escape after
/// the '/', which filters are bypassed with (`%252F%252Fevil.example`,
/// `%252F..%252F`).
fn is_a_same_site_path(layer: &[DecodedByte]) -> bool {
    let head: Vec<u8> = layer.iter().take(4).map(|b| b.value).collect();
    let starts_name = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'~';
    match head.as_slice() {
        [b'/', c, ..] => starts_name(*c),
        [b'%', b'2', f, c] => (*f == b'F' || *f == b'f') && starts_name(*c),
        _ => false,
    }
}

pub(crate) fn double_encoding(
    input: &[u8],
    prov: &Provenance<'_>,
    kind: crate::split::ComponentKind,
    f: &mut Findings,
) {
    let Some(layers) = prov.layers else { return };
    let Some(second) = layers.get(1) else { return };
    // A URL carried whole in the value (`?url=https%3A%2F%2Fb.example%2Fa%2520b`,
    // every Safe Links or redirect parameter) writes its own escapes
    // encoded once more, as it must to fit in the value: they are the
    // carried URL's to judge, and its analysis's findings on them are
    // lifted onto these bytes.
    if layers.first().is_some_and(|first| {
        is_a_url(first)
            || kind == crate::split::ComponentKind::QueryValue && is_a_same_site_path(first)
    }) {
        return;
    }
    let depth = layers.len();
    let mut first: Option<Span> = None;
    for b in second.iter().filter(|b| b.kind == SourceKind::Escape) {
        first.get_or_insert(b.span);
        f.add(WarningCode::DoubleEncoding, b.span, 2, String::new);
    }
    let quiet = f.quiet.contains(WarningCode::DoubleEncoding);
    if let (Some(span), Some(finding), false) =
        (first, f.get_mut(WarningCode::DoubleEncoding), quiet)
    {
        // Show the first escape through every layer: %252e -> %2e -> .
        // (until its bytes join the next escape's and no byte of the
        // layer is its own).
        let mut steps = vec![format!("'{}'", crate::text::quote(span.of(input)))];
        for layer in layers {
            let bytes: Vec<u8> = layer
                .iter()
                .filter(|b| span.start <= b.span.start && b.span.end <= span.end)
                .map(|b| b.value)
                .collect();
            if bytes.is_empty() {
                break;
            }
            steps.push(format!("'{}'", crate::text::quote(&bytes)));
        }
        // Decoding stops at MAX_LAYERS: escapes left in the last layer
        // are more layers than it read, said as such.
        let more = layers
            .last()
            .is_some_and(|last| crate::percent::has_escape(&crate::percent::values(last)));
        let depth = match more {
            true => format!(
                "more than {depth} layers of escapes (urlscope decodes {})",
                crate::percent::MAX_LAYERS
            ),
            false => format!("{depth} layers of escapes"),
        };
        finding.detail = format!("{depth}: {}", steps.join(" → "));
        // The detail is the first escape's: the others are alike when
        // they are written the same (`%252e` at each place).
        let written = span.of(input);
        finding.alike = finding.spans.iter().all(|s| s.of(input) == written);
    }
    if let Some(finding) = f.get_mut(WarningCode::DoubleEncoding) {
        // The message names the depth itself.
        finding.layer = 0;
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Options};
    use crate::warnings::WarningCode;

    fn message(url: &str) -> String {
        let a = analyze(url.as_bytes(), &Options::default());
        let w = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::DoubleEncoding);
        w.map(|w| w.message.clone()).unwrap_or_default()
    }

    /// The layers read are counted, and escapes left past the last one
    /// are said: twenty layers are not "8".
    #[test]
    fn the_message_counts_the_layers_and_says_when_more_are_left() {
        let m = message("http://a.example/x/%252e");
        assert!(
            m.starts_with("2 layers of escapes: '%252e' → '%2e' → '.'"),
            "{m}"
        );
        let deep = format!("http://a.example/x/%{}2e", "25".repeat(20));
        let m = message(&deep);
        assert!(
            m.starts_with("More than 8 layers of escapes (urlscope decodes 8)"),
            "{m}"
        );
        assert!(!m.contains("''"), "{m}");
    }
}
