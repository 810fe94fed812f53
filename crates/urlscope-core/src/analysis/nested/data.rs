//! The body of a `data:` URL: the page or file the URL is, whose links
//! are where it leads.
//!
//! A `data:` URL (RFC 2397) holds its content itself: a media type, then
//! after a `,` the body, percent-encoded or in base64 (`;base64`). A
//! browser renders `data:text/html,...` as a page, so a phishing page
//! written into one sends its visitor wherever its `<meta
//! http-equiv="refresh">`, its `location=`, its `<form action>` or its
//! `<iframe src>` says. The URL is read as the Fetch Standard's data: URL
//! processor reads it (<https://fetch.spec.whatwg.org/#data-url-processor>:
//! tabs and newlines dropped, the body percent-decoded, then
//! forgiving-base64-decoded), by the `data-url` crate; this module bounds
//! the decoding and says which bytes of the URL each decoded byte comes
//! from.

use crate::split::{Span, Split};

/// The decoded body of a `data:` URL that is text.
#[derive(Debug)]
pub(super) struct Body {
    /// The media type's essence, `type/subtype` (`text/html`), as the
    /// processor reads the header (`text/plain` when it names none).
    pub(super) media_type: String,
    /// The body decoded, at most the limit it was read with.
    pub(super) text: String,
    /// The bytes of the body in the input: from after the `,` to the
    /// fragment or the end.
    pub(super) span: Span,
    /// For a percent-encoded body, where each byte of `text` starts in the
    /// input; `None` for base64, whose decoded bytes each come from parts
    /// of two digits.
    origins: Option<Vec<usize>>,
}

/// Why the decoding stopped before the end of the body.
struct Full;

/// The body of `input` when it is a `data:` URL the processor accepts
/// whose body is text, decoded up to `limit` bytes: what the decoding
/// reads of a longer body stops there, so a huge body costs no more than
/// the bytes it may show.
pub(super) fn read(input: &[u8], parts: &Split, limit: usize) -> Option<Body> {
    let scheme = parts.scheme?;
    if !scheme.of(input).eq_ignore_ascii_case(b"data") {
        return None;
    }
    // The body starts after the first ',' before any '#' (the processor's
    // own rule, on the same bytes).
    let after_colon = scheme.end + 1;
    let rest = input.get(after_colon..parts.trimmed.end)?;
    let comma = memchr::memchr2(b',', b'#', rest).filter(|&i| rest.get(i) == Some(&b','))?;
    let start = after_colon + comma + 1;
    let end = input
        .get(start..parts.trimmed.end)
        .and_then(|body| memchr::memchr(b'#', body))
        .map_or(parts.trimmed.end, |i| start + i);
    let url = parts.trimmed.of(input);
    let text = String::from_utf8_lossy(url);
    let data = data_url::DataUrl::process(&text).ok()?;
    let mut decoded = Vec::new();
    let ended = data.decode(|bytes: &[u8]| {
        let room = limit.saturating_sub(decoded.len());
        decoded.extend_from_slice(bytes.get(..room.min(bytes.len())).unwrap_or_default());
        if bytes.len() > room {
            Err(Full)
        } else {
            Ok(())
        }
    });
    let cut = match ended {
        Ok(_) => false,
        Err(data_url::forgiving_base64::DecodeError::WriteError(Full)) => true,
        // Not base64 after all: a browser shows an error, not the page.
        Err(data_url::forgiving_base64::DecodeError::InvalidBase64(_)) => return None,
    };
    let text = body_text(decoded, cut)?;
    let span = Span::new(start, end.max(start));
    let origins = percent_origins(input, span, text.as_bytes());
    let mime = data.mime_type();
    Some(Body {
        media_type: format!("{}/{}", mime.type_, mime.subtype),
        text,
        span,
        origins,
    })
}

/// The media type's essence of the `data:` URL `url` (`text/html`), as
/// the Fetch Standard's processor reads its header: `text/plain` when it
/// names none or one that does not parse; `None` when `url` is no `data:`
/// URL the processor accepts (no `,`). Only the header is read.
pub(crate) fn media_type(url: &[u8]) -> Option<String> {
    let comma = memchr::memchr2(b',', b'#', url).filter(|&i| url.get(i) == Some(&b','))?;
    let header = String::from_utf8_lossy(url.get(..=comma)?);
    let data = data_url::DataUrl::process(&header).ok()?;
    let mime = data.mime_type();
    Some(format!("{}/{}", mime.type_, mime.subtype))
}

/// Whether a browser renders a body of media type `essence` as a document
/// that runs script: HTML, and XML of any kind (XHTML, SVG, `text/xml`,
/// `application/xml`, any `+xml`), whose `<script>` elements in the XHTML
/// or SVG namespace run. Plain text (what a missing or unparseable type
/// reads as), images, audio, JSON and the rest are shown as they are.
pub(crate) fn renders_script(essence: &str) -> bool {
    matches!(
        essence,
        "text/html" | "application/xhtml+xml" | "image/svg+xml" | "text/xml" | "application/xml"
    ) || essence.ends_with("+xml")
}

/// Whether the `data:` URL `url` runs script when a browser renders it
/// (in a frame, a new window or an older browser: top-level navigation
/// to `data:` is blocked by current ones).
pub(crate) fn runs_script(url: &[u8]) -> bool {
    media_type(url).is_some_and(|m| renders_script(&m))
}

/// Attributes and declarations whose value is a URL that names something
/// rather than a place a page goes: XML namespace names (`xmlns`,
/// `xmlns:x`), schema locations, RDF and microdata identifiers.
const NAMING_ATTRIBUTES: &[&str] = &[
    "xmlns",
    "xsi:schemalocation",
    "xsi:nonamespaceschemalocation",
    "itemtype",
    "itemid",
    "itemprop",
    "vocab",
    "typeof",
    "profile",
];

/// Declarations whose URLs are identifiers (a DTD's system identifier,
/// an entity that names a namespace), not links.
const NAMING_DECLARATIONS: &[&[u8]] = &[
    b"!doctype",
    b"!entity",
    b"!element",
    b"!attlist",
    b"!notation",
];

/// How far back from a URL the look for what names it goes.
const LOOK_BEHIND: usize = 4096;

/// Whether the URL at `at` in a body's `text` is a name rather than a
/// link, by a look behind it: the value of an attribute of
/// [`NAMING_ATTRIBUTES`] (or `xmlns:*`, `rdf:*`), or inside a DOCTYPE or
/// other markup declaration. Markup is not parsed: the attribute is the
/// name before the `=` ahead of the value's opening quote.
pub(super) fn names_no_place(text: &[u8], at: usize) -> bool {
    let window = text
        .get(at.saturating_sub(LOOK_BEHIND)..at)
        .unwrap_or_default();
    // Inside `<!DOCTYPE ...` or `<!ENTITY ...`, not yet closed.
    if let Some(open) = memchr::memrchr(b'<', window) {
        let decl = window.get(open + 1..).unwrap_or_default();
        if !decl.contains(&b'>')
            && NAMING_DECLARATIONS.iter().any(|d| {
                decl.get(..d.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(d))
            })
        {
            return true;
        }
    }
    // The attribute value it is in: back to its opening quote (a list of
    // URLs, `xsi:schemaLocation="ns url"`, has blanks) or to the `=` of
    // an unquoted value; a tag's edge first means it is in no attribute.
    let Some(open) = window
        .iter()
        .rposition(|&b| matches!(b, b'"' | b'\'' | b'=' | b'<' | b'>'))
    else {
        return false;
    };
    let before = match window.get(open) {
        Some(b'"' | b'\'') => window.get(..open).unwrap_or_default().trim_ascii_end(),
        Some(b'=') => window.get(..=open).unwrap_or_default(),
        _ => return false,
    };
    let Some(before) = before.strip_suffix(b"=") else {
        return false;
    };
    let before = before.trim_ascii_end();
    let name_len = before
        .iter()
        .rev()
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'_' | b'-' | b'.'))
        .count();
    let name = String::from_utf8_lossy(before.get(before.len() - name_len..).unwrap_or_default())
        .to_ascii_lowercase();
    name.starts_with("xmlns:")
        || name.starts_with("rdf:")
        || NAMING_ATTRIBUTES.contains(&name.as_str())
}

impl Body {
    /// The input bytes that encode `text[from..to]`: exactly those of a
    /// percent-encoded body, all the body's for a base64 one.
    pub(super) fn span_of(&self, input: &[u8], from: usize, to: usize) -> Span {
        let Some(origins) = &self.origins else {
            return self.span;
        };
        let (Some(&first), Some(&last)) = (origins.get(from), origins.get(to.max(from + 1) - 1))
        else {
            return self.span;
        };
        Span::new(first, last + written_len(input, last))
    }
}

/// `bytes` as text when they are UTF-8 (a character cut where a `cut`
/// decoding stopped dropped) with no control but tab, line feed, form
/// feed and carriage return: a page or a script, not an image.
fn body_text(mut bytes: Vec<u8>, cut: bool) -> Option<String> {
    if let Err(e) = std::str::from_utf8(&bytes) {
        if !cut || e.error_len().is_some() {
            return None;
        }
        bytes.truncate(e.valid_up_to());
    }
    let text = String::from_utf8(bytes).ok()?;
    let binary = text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\x0c' | '\r'));
    (!binary).then_some(text)
}

/// How many input bytes the body byte written at `at` takes: three for
/// an escape, one otherwise.
fn written_len(input: &[u8], at: usize) -> usize {
    if escape_at(input, at).is_some() {
        3
    } else {
        1
    }
}

/// The byte a `%XX` escape at `at` stands for.
fn escape_at(input: &[u8], at: usize) -> Option<u8> {
    if input.get(at) != Some(&b'%') {
        return None;
    }
    let hi = crate::percent::hex_value(*input.get(at + 1)?)?;
    let lo = crate::percent::hex_value(*input.get(at + 2)?)?;
    Some(hi << 4 | lo)
}

/// Where each byte of `decoded` starts in the body at `span`, when the
/// body is percent-encoded: read as the processor reads it (tabs and
/// newlines dropped, each `%XX` one byte), and `None` unless that reading
/// gives `decoded` (a base64 body, or input that is not UTF-8, which the
/// processor saw with replacement characters).
fn percent_origins(input: &[u8], span: Span, decoded: &[u8]) -> Option<Vec<usize>> {
    let mut origins = Vec::with_capacity(decoded.len());
    let mut at = span.start;
    while origins.len() < decoded.len() && at < span.end {
        let b = *input.get(at)?;
        if matches!(b, b'\t' | b'\n' | b'\r') {
            at += 1;
            continue;
        }
        let (byte, len) = escape_at(input, at).map_or((b, 1), |e| (e, 3));
        if decoded.get(origins.len()) != Some(&byte) {
            return None;
        }
        origins.push(at);
        at += len;
    }
    (origins.len() == decoded.len()).then_some(origins)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(url: &str, limit: usize) -> Option<Body> {
        let parts = crate::split::outline(url.as_bytes());
        read(url.as_bytes(), &parts, limit)
    }

    #[test]
    fn a_base64_body_is_decoded_and_spans_the_whole_body() {
        let url = "data:text/html;base64,PHNjcmlwdD5sb2NhdGlvbj0iaHR0cHM6Ly9ldmlsLmV4YW1wbGUvIjwvc2NyaXB0Pg==";
        let b = body(url, 4096).expect("a data: URL");
        assert_eq!(b.media_type, "text/html");
        assert_eq!(
            b.text,
            r#"<script>location="https://evil.example/"</script>"#
        );
        assert_eq!(b.span, Span::new(22, url.len()));
        assert_eq!(b.span_of(url.as_bytes(), 18, 39), b.span);
    }

    #[test]
    fn a_percent_encoded_body_points_at_its_own_bytes() {
        let url = "data:text/html,%3Ca%20href=%22https://evil.example/%22%3E#top";
        let b = body(url, 4096).expect("a data: URL");
        assert_eq!(b.text, r#"<a href="https://evil.example/">"#);
        let from = b.text.find("https").expect("the link");
        let to = from + "https://evil.example/".len();
        let span = b.span_of(url.as_bytes(), from, to);
        assert_eq!(&url[span.range()], "https://evil.example/");
        // An escape is all its three bytes.
        let quote = b.span_of(url.as_bytes(), 8, 9);
        assert_eq!(&url[quote.range()], "%22");
        // The fragment is no part of the body.
        assert_eq!(
            &url[b.span.range()],
            "%3Ca%20href=%22https://evil.example/%22%3E"
        );
    }

    #[test]
    fn the_decoding_stops_at_the_limit() {
        let url = format!("data:,{}", "a".repeat(100_000));
        let b = body(&url, 10).expect("a data: URL");
        assert_eq!(b.text, "a".repeat(10));
        assert_eq!(b.media_type, "text/plain");
        // A character cut at the limit is dropped, not read as binary.
        let b = body("data:,aaaa%C3%A9", 5).expect("a data: URL");
        assert_eq!(b.text, "aaaa");
    }

    #[test]
    fn what_is_not_a_text_body_is_left_alone() {
        for url in [
            "https://example.com/,x",
            "data:text/html",
            "data:text/html#,x",
            "data:text/html;base64,!!!!",
            "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==",
        ] {
            assert!(body(url, 4096).is_none(), "{url}");
        }
        // Not UTF-8: the body is read, with no byte-exact spans.
        let url = b"data:,\xff https://evil.example/";
        let parts = crate::split::outline(url);
        let b = read(url, &parts, 4096).expect("a data: URL");
        assert!(b.origins.is_none());
    }
}
