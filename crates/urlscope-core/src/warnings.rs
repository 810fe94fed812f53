//! The warning catalogue: every code, its severity and what it means.
//!
//! This is the one place where a warning's code, default severity and
//! explanation live. The analysis decides *where* a warning applies and
//! fills in the specifics (the depth of a double encoding, the code point
//! an overlong form hides); the front ends only render.

use crate::split::Span;
use serde::Serialize;

/// How bad a finding is, from the point of view of a server that receives
/// the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; not a problem by itself.
    Info,
    /// Untidy or non-conforming; can break naive software.
    Low,
    /// Can make two programs read the URL differently.
    Medium,
    /// A known attack technique.
    High,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }

    /// Parse `high`, `medium`, `low` or `info`.
    pub fn from_name(name: &str) -> Option<Severity> {
        match name {
            "info" => Some(Severity::Info),
            "low" => Some(Severity::Low),
            "medium" => Some(Severity::Medium),
            "high" => Some(Severity::High),
            _ => None,
        }
    }
}

macro_rules! catalogue {
    ($( $variant:ident => ($code:literal, $severity:ident, $summary:literal), )*) => {
        /// A warning's stable code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum WarningCode { $( $variant, )* }

        impl WarningCode {
            /// Every code, in catalogue order.
            pub const ALL: &'static [WarningCode] = &[ $( WarningCode::$variant, )* ];

            /// The code's position in [`WarningCode::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }

            /// The stable kebab-case code (`double-encoding`).
            pub fn code(self) -> &'static str {
                match self { $( WarningCode::$variant => $code, )* }
            }

            /// The default severity.
            pub fn severity(self) -> Severity {
                match self { $( WarningCode::$variant => Severity::$severity, )* }
            }

            /// What the code means in general, for help screens and docs.
            pub fn summary(self) -> &'static str {
                match self { $( WarningCode::$variant => $summary, )* }
            }
        }
    };
}

catalogue! {
    DoubleEncoding => ("double-encoding", Medium,
        "A decoded layer still holds percent-escapes, so a filter that decodes once and a server that decodes again see different text."),
    PathTraversal => ("path-traversal", High,
        "A dot segment reaches the path or a parameter after decoding, so a lax server could be walked out of its document root."),
    SensitiveFile => ("sensitive-file", Medium,
        "The path or a parameter names a system, credential or log file that file-inclusion probes go after."),
    OverlongUtf8 => ("overlong-utf8", High,
        "An overlong UTF-8 form hides a character from filters that a lax decoder still reads."),
    InvalidUtf8 => ("invalid-utf8", Medium,
        "The decoded bytes are not UTF-8, so each decoder substitutes or guesses differently."),
    MalformedEscape => ("malformed-escape", Medium,
        "A '%' that starts no valid escape is read literally by some decoders and rejected or guessed at by others."),
    NonstandardEscape => ("nonstandard-escape", Medium,
        "A '%uXXXX' escape is not standard, but IIS-style decoders still read it, past filters that do not."),
    EncodedSlash => ("encoded-slash", Medium,
        "An encoded '/' or '\\' inside a path segment becomes a separator on servers that decode before routing."),
    NullByte => ("null-byte", High,
        "A NUL byte truncates the string in C code, so the file opened differs from the one that was checked."),
    Crlf => ("crlf", High,
        "A CR or LF can end a header line and inject new headers or log lines (response splitting, log forging)."),
    ControlChar => ("control-char", High,
        "A control character can drive a terminal or log viewer (escape sequences) or be stripped by one parser and kept by another."),
    Backslash => ("backslash", Medium,
        "A backslash is a path separator to WHATWG parsers and Windows servers, and data to RFC 3986 parsers."),
    BidiControl => ("bidi-control", High,
        "A bidirectional control reorders the characters on screen, so the URL a reader sees is not the one it is."),
    InvisibleChar => ("invisible-char", Medium,
        "A character that draws nothing makes two different URLs look identical."),
    IllegalChar => ("illegal-char", Low,
        "A character that must be percent-encoded before the URL is sent; clients encode it differently."),
    LowercaseHex => ("lowercase-hex", Info,
        "Escapes should use uppercase hex digits (RFC 3986 §2.1); the meaning is the same."),
    EncodedUnreserved => ("encoded-unreserved", Low,
        "An unreserved character is escaped for no reason, a common way to slip a word past a filter."),
    PlusInPath => ("plus-in-path", Info,
        "A '+' in a path is a plus, but form decoders applied to paths turn it into a space."),
    Userinfo => ("userinfo", Medium,
        "The URL carries credentials, or text before an '@' that makes a reader believe in another host."),
    IpObfuscation => ("ip-obfuscation", High,
        "The host is an IPv4 address in decimal, octal, hex or short form, which slips past hostname filters."),
    IdnHomograph => ("idn-homograph", High,
        "The host mixes scripts, uses look-alike characters or characters barred from identifiers, or has a label UTS #46 rejects, so it can impersonate another domain."),
    Idn => ("idn", Info,
        "The host is an internationalized domain name; its ASCII form is what DNS sees."),
    DangerousScheme => ("dangerous-scheme", High,
        "The scheme runs code or reads local data when the URL is followed."),
    ParserDifferential => ("parser-differential", High,
        "An RFC 3986 parser and a WHATWG (browser) parser read this URL differently, which is how SSRF filters get bypassed."),
    InvalidPort => ("invalid-port", Medium,
        "The port is not a number from 0 to 65535, so parsers reject or reinterpret it."),
    InvalidHost => ("invalid-host", Medium,
        "The host holds characters no host may hold, so parsers disagree on where it ends."),
    SurroundingJunk => ("surrounding-junk", Info,
        "Spaces or control characters around the URL were ignored."),
}

impl Serialize for WarningCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// One finding: what, how bad, and exactly which input bytes cause it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    pub code: WarningCode,
    pub severity: Severity,
    /// The smallest span covering every byte behind the warning.
    pub span: Span,
    /// The exact bytes behind the warning (one span per occurrence).
    pub spans: Vec<Span>,
    /// Index into `Analysis::components`, when the warning is about one.
    pub component: Option<usize>,
    /// One sentence: what a server could be tricked into, with the
    /// specifics of this URL.
    pub message: String,
    /// The decoding layer (1 = one decode) at which the danger appears,
    /// when it comes from decoded bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layer: Option<usize>,
}

impl Warning {
    /// A warning with the code's default severity.
    pub fn new(
        code: WarningCode,
        spans: Vec<Span>,
        component: Option<usize>,
        message: String,
    ) -> Warning {
        let span = spans.iter().copied().reduce(Span::join).unwrap_or_default();
        Warning {
            code,
            severity: code.severity(),
            span,
            spans,
            component,
            message,
            layer: None,
        }
    }

    /// The same warning with another severity.
    pub fn with_severity(mut self, severity: Severity) -> Warning {
        self.severity = severity;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for code in WarningCode::ALL {
            assert!(seen.insert(code.code()), "{}", code.code());
            assert!(code
                .code()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()));
            assert!(code.summary().ends_with('.'));
        }
    }

    #[test]
    fn severities_order_from_info_to_high() {
        assert!(Severity::High > Severity::Medium);
        assert!(Severity::Low > Severity::Info);
        assert_eq!(Severity::from_name("medium"), Some(Severity::Medium));
    }
}
