//! The property every page must keep, for tests and the fuzz target: the
//! only markup is ours. Every `<` opens or closes one of the elements the
//! writers emit, every link points inside the page, and no bidi control
//! is left raw to reorder the text.

/// The elements the HTML writers emit.
const OUR_ELEMENTS: &[&str] = &[
    "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "nav",
    "ol", "ul", "li", "a", "code", "section", "p", "span", "b", "i", "strong", "br", "table",
    "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd", "pre", "details", "summary", "svg", "g",
    "rect", "text", "line", "title",
];

/// Where `html` breaks the property, if it does.
pub fn check_inert(html: &str) -> Result<(), String> {
    for (at, _) in html.match_indices('<') {
        let rest = html.get(at + 1..).unwrap_or_default();
        let name_from = rest.strip_prefix('/').unwrap_or(rest);
        let end = name_from.find([' ', '>']).unwrap_or(name_from.len());
        let name = name_from.get(..end).unwrap_or_default();
        if !OUR_ELEMENTS.contains(&name) {
            let context: String = rest.chars().take(40).collect();
            return Err(format!(
                "a '<' at byte {at} opens no element of ours: <{context}"
            ));
        }
    }
    for (at, _) in html.match_indices("href=\"") {
        let target = html.get(at + 6..).unwrap_or_default();
        if !target.starts_with("#url-") {
            let context: String = target.chars().take(40).collect();
            return Err(format!("a link at byte {at} leaves the page: {context}"));
        }
    }
    if let Some(c) = html
        .chars()
        .find(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
    {
        return Err(format!("a raw bidi control U+{:04X}", u32::from(c)));
    }
    Ok(())
}
