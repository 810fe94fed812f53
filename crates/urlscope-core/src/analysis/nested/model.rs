//! The unfolding's tree: the values a URL carries ([`Nested`]), what
//! kind each is, and a JWT's readable parts.

use crate::split::Span;

/// What a nested value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NestedKind {
    /// A URL, absolute or protocol-relative.
    Url,
    /// Text in standard base64.
    Base64,
    /// Text in URL-safe base64 (`-` and `_`).
    Base64Url,
    /// Text in hexadecimal.
    Hex,
    /// A JSON Web Token (three base64url parts, the first two JSON).
    Jwt,
    /// A URL written backwards.
    Reversed,
    /// Base64 written backwards.
    ReversedBase64,
    /// Text in `%uXXXX` escapes (IIS, JavaScript's `unescape`).
    PercentU,
    /// Text in HTML character references (`&#104;`, `&colon;`).
    Entities,
    /// The body of a `data:` URL (RFC 2397), decoded: the page or file a
    /// browser renders from it. Its `via` names the media type.
    DataBody,
}

impl NestedKind {
    /// The JSON name: `url`, `base64`, `base64url`, `hex`, `jwt`,
    /// `reversed`, `reversed-base64`, `percent-u`, `html-entities`,
    /// `data`.
    pub fn name(self) -> &'static str {
        match self {
            NestedKind::Url => "url",
            NestedKind::Base64 => "base64",
            NestedKind::Base64Url => "base64url",
            NestedKind::Hex => "hex",
            NestedKind::Jwt => "jwt",
            NestedKind::Reversed => "reversed",
            NestedKind::ReversedBase64 => "reversed-base64",
            NestedKind::PercentU => "percent-u",
            NestedKind::Entities => "html-entities",
            NestedKind::DataBody => "data",
        }
    }

    /// The name in at most six columns, for a list: `url`, `base64`,
    /// `b64url`, `hex`, `jwt`, `rev`, `rb64`, `%u`, `html`, `data`.
    pub fn short_name(self) -> &'static str {
        match self {
            NestedKind::Base64Url => "b64url",
            NestedKind::Reversed => "rev",
            NestedKind::ReversedBase64 => "rb64",
            NestedKind::PercentU => "%u",
            NestedKind::Entities => "html",
            other => other.name(),
        }
    }
}

/// A value found inside the URL.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Nested {
    /// What was found.
    pub kind: NestedKind,
    /// The outer component it was found in.
    pub component: usize,
    /// The decoding layer it appears at (1 = decoded once).
    pub layer: usize,
    /// The outer input bytes that encode it.
    pub span: Span,
    /// How it is reached from the outer URL: `query value 'next' → base64`.
    pub via: String,
    /// Its text: the URL as found, or the decoded payload.
    pub text: String,
    /// For a URL: how it is written to slip past a same-site check
    /// (`a backslash for a slash`, `after an extra decoding layer`...).
    pub spelling: Vec<&'static str>,
    /// For a JWT: its header and payload JSON, and the claims that are
    /// strings.
    pub jwt: Option<Jwt>,
    /// For a URL: its own analysis, with what it carries in turn.
    pub analysis: Option<Box<crate::analysis::Analysis>>,
    /// For a payload: the URLs inside it.
    pub children: Vec<Nested>,
    /// For a URL: the outer bytes that write each place its analysis
    /// leads to (its destinations, its own first), and those of what each
    /// one's host imitates, marked as its lifted warnings are (by
    /// `lift`).
    pub(crate) leads_at: Vec<LeadsAt>,
    /// For a payload written in base64, base64url or hex, or a JWT's
    /// payload: the digits its bytes are decoded from
    /// ([`Nested::digit_rows_window`]).
    pub(crate) encoded: Option<String>,
}

/// The outer bytes that write one destination of a carried URL, and those
/// that write what its host imitates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeadsAt {
    pub(crate) span: Span,
    pub(crate) imitation: Option<Span>,
}

/// A JWT's readable parts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Jwt {
    /// The header JSON, as decoded.
    pub header: String,
    /// The payload JSON, as decoded.
    pub payload: String,
    /// Each claim of the payload whose value is a string, in order.
    pub claims: Vec<(String, String)>,
}
