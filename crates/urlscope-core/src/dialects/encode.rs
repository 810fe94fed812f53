//! The encoders: each dialect's encode set and its rules.

use super::DialectError;
use crate::percent::{
    encode_space_as_plus, escape_at, is_illegal, push_escape, COMPONENT, FORM_URLENCODED, FRAGMENT,
    NOT_UNRESERVED, PATH, QUERY, SPECIAL_QUERY, USERINFO,
};
use percent_encoding::{percent_encode, AsciiSet, CONTROLS, NON_ALPHANUMERIC};

// The encode sets of the dialects that are not the URL Standard's. The
// WHATWG and RFC 3986 sets live in `percent`.

/// ECMAScript `encodeURI`: keeps the reserved `;/?:@&=+$,#` and the marks
/// `-_.!~*'()` (ECMA-262 `uriReserved`, `uriUnescaped` and `#`).
const JS_URI: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b';')
    .remove(b'/')
    .remove(b'?')
    .remove(b':')
    .remove(b'@')
    .remove(b'&')
    .remove(b'=')
    .remove(b'+')
    .remove(b'$')
    .remove(b',')
    .remove(b'#')
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// ECMAScript `escape` (Annex B): keeps `*+-./@_` among the ASCII code units.
const JS_ESCAPE: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'*')
    .remove(b'+')
    .remove(b'-')
    .remove(b'.')
    .remove(b'/')
    .remove(b'@')
    .remove(b'_');

/// Python `quote_plus` (`safe=''`): only the always-safe `_.-~` stay.
const PYTHON_QUOTE_PLUS: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'_')
    .remove(b'.')
    .remove(b'-')
    .remove(b'~');

/// Python `quote` with its default `safe='/'`.
const PYTHON_QUOTE: &AsciiSet = &PYTHON_QUOTE_PLUS.remove(b'/');

/// This tool's cleaning rule: the ASCII bytes [`is_illegal`] names (C0
/// controls, space, DEL and ``"<>\^`{|}``), and `[` `]`, which cleaning a
/// whole URL keeps only around an IP-literal host: the dialect encodes
/// text, never a host. Built from `is_illegal` so the two cannot drift.
const CLEAN: &AsciiSet = &{
    let mut set = AsciiSet::EMPTY.add(b'[').add(b']');
    let mut b = 0;
    while b < 0x80 {
        if is_illegal(b) {
            set = set.add(b);
        }
        b += 1;
    }
    set
};

/// What Firefox's address bar escapes: C0 controls, space and ``"'<>` ``.
const FIREFOX_BAR: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'\'')
    .add(b'<')
    .add(b'>')
    .add(b'`');

/// What Chrome's address bar escapes: C0 controls, space and `"<>`.
const CHROME_BAR: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>');

/// A way to percent-encode text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeDialect {
    /// RFC 3986 strict: everything but `A-Z a-z 0-9 - . _ ~`.
    Component,
    /// Java `URLEncoder` with UTF-8: keeps `A-Z a-z 0-9 . - * _`, space is `+`.
    Form,
    /// ECMAScript `encodeURI`: keeps `;/?:@&=+$,#` and `-_.!~*'()`.
    JsUri,
    /// ECMAScript `encodeURIComponent`: keeps `-_.!~*'()`.
    JsComponent,
    /// ECMAScript `escape`: keeps `*+-./@_`, `%XX` for Latin-1, `%uXXXX` above.
    JsEscape,
    /// Python `urllib.parse.quote` with its default `safe='/'`.
    PythonQuote,
    /// Python `urllib.parse.quote_plus`: `safe=''`, space is `+`.
    PythonQuotePlus,
    /// WHATWG path percent-encode set.
    WhatwgPath,
    /// The WHATWG [query percent-encode set], which the URL Standard's
    /// parser uses for the query of a URL whose scheme is not special
    /// (`foo://x/?it's` keeps its `'`).
    ///
    /// [query percent-encode set]: https://url.spec.whatwg.org/#query-percent-encode-set
    WhatwgQuery,
    /// The WHATWG [special-query percent-encode set]: the query set and
    /// `'`, which the parser uses for the query of a special URL (`http`,
    /// `https`, `ws`, `wss`, `ftp`, `file`): `new
    /// URL("http://x/?x=it's").search` is `?x=it%27s`.
    ///
    /// [special-query percent-encode set]: https://url.spec.whatwg.org/#special-query-percent-encode-set
    WhatwgSpecialQuery,
    /// WHATWG fragment percent-encode set.
    WhatwgFragment,
    /// WHATWG userinfo percent-encode set.
    WhatwgUserinfo,
    /// This tool's cleaning rule: only characters illegal in a URI.
    Clean,
    /// What Firefox's address bar escapes.
    FirefoxBar,
    /// What Chrome's address bar escapes.
    ChromeBar,
}

impl EncodeDialect {
    /// Every encoder, in the order `encode --compare` lists them.
    pub const ALL: &'static [EncodeDialect] = &[
        EncodeDialect::Component,
        EncodeDialect::Form,
        EncodeDialect::JsUri,
        EncodeDialect::JsComponent,
        EncodeDialect::JsEscape,
        EncodeDialect::PythonQuote,
        EncodeDialect::PythonQuotePlus,
        EncodeDialect::WhatwgPath,
        EncodeDialect::WhatwgQuery,
        EncodeDialect::WhatwgSpecialQuery,
        EncodeDialect::WhatwgFragment,
        EncodeDialect::WhatwgUserinfo,
        EncodeDialect::Clean,
        EncodeDialect::FirefoxBar,
        EncodeDialect::ChromeBar,
    ];

    /// The longest [`name`](EncodeDialect::name), in columns (the names
    /// are ASCII): a table of every encoder names them in a column this
    /// wide, so a new dialect's name cannot push its row out of line.
    pub const NAME_WIDTH: usize = {
        let mut widest = 0;
        let mut rest = EncodeDialect::ALL;
        while let [dialect, more @ ..] = rest {
            if dialect.name().len() > widest {
                widest = dialect.name().len();
            }
            rest = more;
        }
        widest
    };

    /// The command-line name: `js-component`, `python-quote`, ...
    pub const fn name(self) -> &'static str {
        match self {
            EncodeDialect::Component => "component",
            EncodeDialect::Form => "form",
            EncodeDialect::JsUri => "js-uri",
            EncodeDialect::JsComponent => "js-component",
            EncodeDialect::JsEscape => "js-escape",
            EncodeDialect::PythonQuote => "python-quote",
            EncodeDialect::PythonQuotePlus => "python-quote-plus",
            EncodeDialect::WhatwgPath => "whatwg-path",
            EncodeDialect::WhatwgQuery => "whatwg-query",
            EncodeDialect::WhatwgSpecialQuery => "whatwg-special-query",
            EncodeDialect::WhatwgFragment => "whatwg-fragment",
            EncodeDialect::WhatwgUserinfo => "whatwg-userinfo",
            EncodeDialect::Clean => "clean",
            EncodeDialect::FirefoxBar => "firefox-bar",
            EncodeDialect::ChromeBar => "chrome-bar",
        }
    }

    /// The encoder of a command-line [`name`](EncodeDialect::name).
    pub fn from_name(name: &str) -> Option<EncodeDialect> {
        EncodeDialect::ALL
            .iter()
            .copied()
            .find(|d| d.name() == name)
    }

    /// The ASCII bytes the dialect escapes (bytes from 0x80 up are always
    /// escaped). Form and `quote_plus` also write a space as `+`, `clean`
    /// keeps valid escapes, and `escape` works on UTF-16 code units: see
    /// [`encode_as`].
    fn set(self) -> &'static AsciiSet {
        match self {
            EncodeDialect::Component => NOT_UNRESERVED,
            EncodeDialect::Form => FORM_URLENCODED,
            EncodeDialect::JsUri => JS_URI,
            // The URL Standard's component set is encodeURIComponent's.
            EncodeDialect::JsComponent => COMPONENT,
            EncodeDialect::JsEscape => JS_ESCAPE,
            EncodeDialect::PythonQuote => PYTHON_QUOTE,
            EncodeDialect::PythonQuotePlus => PYTHON_QUOTE_PLUS,
            EncodeDialect::WhatwgPath => PATH,
            EncodeDialect::WhatwgQuery => QUERY,
            EncodeDialect::WhatwgSpecialQuery => SPECIAL_QUERY,
            EncodeDialect::WhatwgFragment => FRAGMENT,
            EncodeDialect::WhatwgUserinfo => USERINFO,
            EncodeDialect::Clean => CLEAN,
            EncodeDialect::FirefoxBar => FIREFOX_BAR,
            EncodeDialect::ChromeBar => CHROME_BAR,
        }
    }
}

/// Encode `text` the way `dialect` does.
///
/// Text dialects (JavaScript, Python) need valid UTF-8, as their strings
/// are Unicode; the byte dialects encode any bytes.
///
/// # Examples
/// ```
/// use urlscope_core::dialects::{encode_as, EncodeDialect};
/// let text = "a b/c?d#e[f]~!'()*";
/// assert_eq!(encode_as(text.as_bytes(), EncodeDialect::JsUri).unwrap(), "a%20b/c?d#e%5Bf%5D~!'()*");
/// assert_eq!(encode_as(text.as_bytes(), EncodeDialect::JsComponent).unwrap(), "a%20b%2Fc%3Fd%23e%5Bf%5D~!'()*");
/// assert_eq!(encode_as("é€".as_bytes(), EncodeDialect::JsEscape).unwrap(), "%E9%u20AC");
/// assert_eq!(encode_as(b"a b/~", EncodeDialect::PythonQuote).unwrap(), "a%20b/~");
/// assert_eq!(encode_as(b"a b/~", EncodeDialect::PythonQuotePlus).unwrap(), "a+b%2F~");
/// ```
pub fn encode_as(text: &[u8], dialect: EncodeDialect) -> Result<String, DialectError> {
    let needs_text = matches!(
        dialect,
        EncodeDialect::JsUri
            | EncodeDialect::JsComponent
            | EncodeDialect::JsEscape
            | EncodeDialect::PythonQuote
            | EncodeDialect::PythonQuotePlus
    );
    // Text dialects see UTF-16 code units (JavaScript) or code points
    // (Python). A lone surrogate, written in bytes the way WTF-8 writes it
    // (ED A0..BF xx), is a string those languages can hold; each treats it
    // in its own way.
    let units = if needs_text { wtf8_units(text) } else { None };
    if needs_text && units.is_none() {
        return Err(DialectError(format!(
            "{} encodes text, and these bytes are not UTF-8",
            dialect.name()
        )));
    }
    let units = units.unwrap_or_default();
    let lone = char::decode_utf16(units.iter().copied())
        .find_map(|r| r.err().map(|e| e.unpaired_surrogate()));
    match (dialect, lone) {
        (EncodeDialect::JsUri | EncodeDialect::JsComponent, Some(_)) => {
            return Err(DialectError("URIError: URI malformed".to_string()))
        }
        (EncodeDialect::PythonQuote | EncodeDialect::PythonQuotePlus, Some(u)) => {
            return Err(DialectError(format!(
                "UnicodeEncodeError: 'utf-8' codec can't encode character '\\u{u:04x}': surrogates not allowed"
            )))
        }
        _ => {}
    }
    let set = dialect.set();
    Ok(match dialect {
        EncodeDialect::Form | EncodeDialect::PythonQuotePlus => encode_space_as_plus(text, set),
        // `escape` writes a code unit above 0xFF as `%uXXXX`, which no
        // byte encoder does; the others are encoded as bytes, Latin-1
        // ones as `%XX`.
        EncodeDialect::JsEscape => {
            let mut out = String::new();
            for unit in units {
                match u8::try_from(unit) {
                    Ok(b) => out.extend(percent_encode(&[b], set)),
                    Err(_) => out.push_str(&format!("%u{unit:04X}")),
                }
            }
            out
        }
        // Cleaning keeps valid escapes (only their hex is uppercased) and
        // escapes a '%' that starts none; a set cannot tell the two apart,
        // so it covers only the runs between the '%'s.
        EncodeDialect::Clean => {
            let mut out = String::with_capacity(text.len() * 3);
            let mut copied = 0;
            for at in memchr::memchr_iter(b'%', text) {
                if at < copied {
                    continue;
                }
                out.extend(percent_encode(
                    text.get(copied..at).unwrap_or_default(),
                    set,
                ));
                match escape_at(text.get(at..).unwrap_or_default()) {
                    Some(v) => {
                        push_escape(&mut out, v);
                        copied = at + 3;
                    }
                    None => {
                        out.push_str("%25");
                        copied = at + 1;
                    }
                }
            }
            out.extend(percent_encode(text.get(copied..).unwrap_or_default(), set));
            out
        }
        _ => percent_encode(text, set).to_string(),
    })
}

/// One piece of text (a character, a byte that is not UTF-8, or a valid
/// `%XX` escape) and how every encoder writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodedToken {
    /// The piece, shown safely.
    pub text: String,
    /// Its encoding by each of [`EncodeDialect::ALL`], in that order
    /// (`None` where the dialect refuses it: text dialects and bytes that
    /// are not UTF-8).
    pub outputs: Vec<Option<String>>,
    /// Whether the dialects disagree on it.
    pub differs: bool,
}

/// `text` encoded by every dialect, piece by piece, so a view can show
/// where they disagree. Concatenating a dialect's outputs gives exactly
/// [`encode_as`] of the whole text.
///
/// # Examples
/// ```
/// use urlscope_core::dialects::{compare_encoders, encode_as, EncodeDialect};
/// let tokens = compare_encoders(b"a b");
/// assert!(!tokens[0].differs); // every encoder keeps 'a'
/// assert!(tokens[1].differs);  // ' ' is %20, + or bare
/// for (i, d) in EncodeDialect::ALL.iter().enumerate() {
///     let joined: String = tokens.iter().map(|t| t.outputs[i].clone().unwrap()).collect();
///     assert_eq!(joined, encode_as(b"a b", *d).unwrap());
/// }
/// ```
pub fn compare_encoders(text: &[u8]) -> Vec<EncodedToken> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = text.get(i..).unwrap_or_default();
        let len = if escape_at(rest).is_some() {
            3
        } else {
            match rest.utf8_chunks().next() {
                Some(chunk) if !chunk.valid().is_empty() => {
                    chunk.valid().chars().next().map_or(1, char::len_utf8)
                }
                _ => 1,
            }
        };
        let piece = rest.get(..len).unwrap_or_default();
        let outputs: Vec<Option<String>> = EncodeDialect::ALL
            .iter()
            .map(|&d| encode_as(piece, d).ok())
            .collect();
        let differs = outputs.windows(2).any(|w| matches!(w, [a, b] if a != b));
        tokens.push(EncodedToken {
            text: crate::text::escape_bytes(piece),
            outputs,
            differs,
        });
        i += len;
    }
    tokens
}

/// The UTF-16 code units of `bytes` read as WTF-8 (UTF-8 that may also
/// hold lone surrogates as `ED A0..BF 80..BF`), or `None` when they are
/// neither.
fn wtf8_units(bytes: &[u8]) -> Option<Vec<u16>> {
    let mut units = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = bytes.get(i..).unwrap_or_default();
        if let [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, ..] = rest {
            units.push(0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F));
            i += 3;
            continue;
        }
        let chunk = rest.utf8_chunks().next()?;
        let c = chunk.valid().chars().next()?;
        let mut buf = [0u16; 2];
        units.extend_from_slice(c.encode_utf16(&mut buf));
        i += c.len_utf8();
    }
    Some(units)
}
