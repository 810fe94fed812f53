//! Encoder and decoder dialects: how other software percent-encodes and
//! decodes, exactly, so their disagreements can be shown side by side.
//!
//! Most URL bugs come from two programs disagreeing: `encodeURI` where
//! `encodeURIComponent` was needed, a Java backend that reads `+` as a
//! space, a filter that decodes once and a server that decodes twice. Each
//! dialect here follows its specification or documented behaviour:
//!
//! - ECMAScript `encodeURI`, `encodeURIComponent`, `escape`, `decodeURI`,
//!   `decodeURIComponent`, `unescape` (ECMA-262, and Annex B for the last);
//! - Python's `urllib.parse.quote` (default `safe='/'`; `~` is safe since
//!   3.7), `quote_plus`, `unquote` (invalid UTF-8 becomes U+FFFD),
//!   `unquote_plus`;
//! - Java's `URLEncoder` and `URLDecoder` with UTF-8;
//! - the WHATWG URL Standard's percent-encode sets (path, query,
//!   special-query, fragment, userinfo) and its percent-decoding (never
//!   fails);
//! - this tool's cleaning rule, and what the Firefox and Chrome address bars
//!   escape when a person types a URL (from "How do you escape a complete
//!   URI?").

mod decode;
mod encode;

pub(crate) use decode::java_hex_digit;
pub use decode::{decode_as, DecodeDialect};
pub use encode::{compare_encoders, encode_as, EncodeDialect, EncodedToken};

/// Why a dialect refuses its input, in its own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectError(pub String);

impl std::fmt::Display for DialectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DialectError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::percent::is_illegal;

    #[test]
    fn java_hex_digit_examples() {
        assert_eq!(java_hex_digit('e'), Some(14));
        assert_eq!(java_hex_digit('\u{0662}'), Some(2)); // ARABIC-INDIC DIGIT TWO
        assert_eq!(java_hex_digit('\u{FF25}'), Some(14)); // FULLWIDTH LATIN CAPITAL LETTER E
        assert_eq!(java_hex_digit('g'), None);
    }

    fn enc(text: &str, d: EncodeDialect) -> String {
        encode_as(text.as_bytes(), d).unwrap_or_else(|e| e.0)
    }

    #[test]
    fn clean_dialect_escapes_what_is_illegal_and_brackets() {
        for b in (0..0x80u8).filter(|&b| b != b'%') {
            let bare =
                encode_as(&[b], EncodeDialect::Clean).ok() == Some(char::from(b).to_string());
            let illegal = is_illegal(b) || b == b'[' || b == b']';
            assert_eq!(bare, !illegal, "{b:02X}");
        }
    }

    fn dec(text: &str, d: DecodeDialect) -> String {
        decode_as(text.as_bytes(), d).unwrap_or_else(|e| e.0)
    }

    /// The characters where implementations are known to differ.
    const PROBE: &str = "!'()*~[] +%é";

    #[test]
    fn encoders_on_the_differing_characters() {
        use EncodeDialect::*;
        let expected = [
            (Component, "%21%27%28%29%2A~%5B%5D%20%2B%25%C3%A9"),
            (Form, "%21%27%28%29*%7E%5B%5D+%2B%25%C3%A9"),
            (JsUri, "!'()*~%5B%5D%20+%25%C3%A9"),
            (JsComponent, "!'()*~%5B%5D%20%2B%25%C3%A9"),
            (JsEscape, "%21%27%28%29*%7E%5B%5D%20+%25%E9"),
            (PythonQuote, "%21%27%28%29%2A~%5B%5D%20%2B%25%C3%A9"),
            (PythonQuotePlus, "%21%27%28%29%2A~%5B%5D+%2B%25%C3%A9"),
            (WhatwgPath, "!'()*~[]%20+%%C3%A9"),
            (WhatwgQuery, "!'()*~[]%20+%%C3%A9"),
            (WhatwgSpecialQuery, "!%27()*~[]%20+%%C3%A9"),
            (WhatwgFragment, "!'()*~[]%20+%%C3%A9"),
            (WhatwgUserinfo, "!'()*~%5B%5D%20+%%C3%A9"),
            (Clean, "!'()*~%5B%5D%20+%25%C3%A9"),
            (FirefoxBar, "!%27()*~[]%20+%%C3%A9"),
            (ChromeBar, "!'()*~[]%20+%%C3%A9"),
        ];
        for (d, want) in expected {
            assert_eq!(enc(PROBE, d), want, "{}", d.name());
        }
    }

    #[test]
    fn js_uri_keeps_reserved_and_escapes_brackets() {
        assert_eq!(enc(";/?:@&=+$,#", EncodeDialect::JsUri), ";/?:@&=+$,#");
        assert_eq!(enc("[::1]", EncodeDialect::JsUri), "%5B::1%5D");
    }

    #[test]
    fn js_escape_uses_percent_u_above_latin_1() {
        assert_eq!(
            enc("\u{20AC}\u{1F600}", EncodeDialect::JsEscape),
            "%u20AC%uD83D%uDE00"
        );
        assert_eq!(enc("*+-./@_", EncodeDialect::JsEscape), "*+-./@_");
    }

    #[test]
    fn whatwg_sets_differ_where_the_standard_says() {
        assert_eq!(enc("?`{}", EncodeDialect::WhatwgPath), "%3F%60%7B%7D");
        // whatwg/url#846 (2025): `^` joined the path set.
        assert_eq!(enc("^", EncodeDialect::WhatwgPath), "%5E");
        assert_eq!(enc("^", EncodeDialect::WhatwgQuery), "^");
        assert_eq!(enc("^", EncodeDialect::WhatwgFragment), "^");
        assert_eq!(enc("?`{}", EncodeDialect::WhatwgQuery), "?`{}");
        assert_eq!(enc("?`{}", EncodeDialect::WhatwgFragment), "?%60{}");
        assert_eq!(
            enc("/:;=@[\\]^|", EncodeDialect::WhatwgUserinfo),
            "%2F%3A%3B%3D%40%5B%5C%5D%5E%7C"
        );
        assert_eq!(enc("\u{7f}", EncodeDialect::WhatwgQuery), "%7F");
    }

    /// Every printable ASCII character, controls, non-ASCII and a lone
    /// `%`, as node 20 writes them into a query: `u = new URL(base);
    /// u.search = TEXT; u.search`, with `http://x/` (special: the same for
    /// `https`, `ws`, `wss`, `ftp` and `file`) and `foo://x/` (not). Only
    /// `'` sets the two apart.
    #[test]
    fn whatwg_query_sets_as_node_writes_a_query() {
        let ascii: String = (0x20..0x7F_u8).map(char::from).collect();
        let text = format!("\x01{ascii}\x1f\x7f\u{e9}\u{20AC}\u{1F600}%zz");
        let special = "%01%20!%22%23$%&%27()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~%1F%7F%C3%A9%E2%82%AC%F0%9F%98%80%zz";
        let not_special = "%01%20!%22%23$%&'()*+,-./0123456789:;%3C=%3E?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~%1F%7F%C3%A9%E2%82%AC%F0%9F%98%80%zz";
        assert_eq!(enc(&text, EncodeDialect::WhatwgSpecialQuery), special);
        assert_eq!(enc(&text, EncodeDialect::WhatwgQuery), not_special);
        // `new URL("http://x/?x=it's").search` and the `foo:` one.
        assert_eq!(enc("x=it's", EncodeDialect::WhatwgSpecialQuery), "x=it%27s");
        assert_eq!(enc("x=it's", EncodeDialect::WhatwgQuery), "x=it's");
    }

    #[test]
    fn a_table_of_every_encoder_fits_the_longest_name() {
        let widest = EncodeDialect::ALL.iter().map(|d| d.name().len()).max();
        assert_eq!(Some(EncodeDialect::NAME_WIDTH), widest);
    }

    #[test]
    fn address_bars_let_illegal_characters_through() {
        // Firefox leaves \^{|} bare; Chrome also the backtick.
        assert_eq!(enc("\\^`{|}", EncodeDialect::FirefoxBar), "\\^%60{|}");
        assert_eq!(enc("\\^`{|}", EncodeDialect::ChromeBar), "\\^`{|}");
        assert_eq!(enc("\\^`{|}", EncodeDialect::Clean), "%5C%5E%60%7B%7C%7D");
    }

    #[test]
    fn clean_dialect_never_double_escapes() {
        assert_eq!(enc("100% a%2fb", EncodeDialect::Clean), "100%25%20a%2Fb");
    }

    #[test]
    fn a_lone_surrogate_in_each_text_dialect() {
        // U+D800 written as WTF-8: ED A0 80.
        let lone = b"a\xED\xA0\x80";
        assert_eq!(
            encode_as(lone, EncodeDialect::JsComponent),
            Err(DialectError("URIError: URI malformed".into()))
        );
        assert_eq!(
            encode_as(lone, EncodeDialect::JsUri),
            Err(DialectError("URIError: URI malformed".into()))
        );
        assert_eq!(
            encode_as(lone, EncodeDialect::JsEscape).ok().as_deref(),
            Some("a%uD800")
        );
        assert!(encode_as(lone, EncodeDialect::PythonQuote)
            .is_err_and(|e| e.0.contains("surrogates not allowed")));
        // Byte dialects encode the bytes as they are.
        assert_eq!(
            encode_as(lone, EncodeDialect::Component).ok().as_deref(),
            Some("a%ED%A0%80")
        );
    }

    #[test]
    fn text_dialects_refuse_bytes_that_are_not_utf8() {
        assert!(encode_as(b"\xFF", EncodeDialect::JsComponent).is_err());
        assert_eq!(
            encode_as(b"\xFF", EncodeDialect::Component).ok().as_deref(),
            Some("%FF")
        );
    }

    #[test]
    fn decoders_on_the_differing_inputs() {
        use DecodeDialect::*;
        let input = "a+b%20c%2B%2F%3F%E2%9C%93";
        let expected = [
            (JsUri, "a+b c%2B%2F%3F✓"),
            (JsComponent, "a+b c+/?✓"),
            (JsUnescape, "a+b c+/?\u{e2}\u{9c}\u{93}"),
            (PythonUnquote, "a+b c+/?✓"),
            (PythonUnquotePlus, "a b c+/?✓"),
            (Java, "a b c+/?✓"),
            (Whatwg, "a+b c+/?✓"),
        ];
        for (d, want) in expected {
            assert_eq!(dec(input, d), want, "{}", d.name());
        }
    }

    #[test]
    fn decoders_on_malformed_and_invalid_input() {
        use DecodeDialect::*;
        assert_eq!(dec("100%", JsComponent), "URIError: URI malformed");
        assert_eq!(dec("%C3", JsUri), "URIError: URI malformed");
        assert_eq!(
            dec("%ED%A0%80", JsComponent),
            "URIError: URI malformed",
            "a surrogate"
        );
        assert_eq!(dec("100%", PythonUnquote), "100%");
        assert_eq!(dec("%C3x", PythonUnquote), "\u{FFFD}x");
        assert_eq!(dec("100%", Java), "java.lang.IllegalArgumentException: URLDecoder: Incomplete trailing escape (%) pattern");
        assert!(dec("%G1x", Java).contains("Illegal hex characters"));
        assert_eq!(dec("100%", Whatwg), "100%");
        assert_eq!(dec("%uD800", JsUnescape), "\\u{d800}", "a lone surrogate");
        assert_eq!(dec("%u00e9%", JsUnescape), "é%");
    }

    /// The recorded cases, as a JDK 17 gives them (the full recording
    /// is `tests/data/java17/urldecoder.jsonl`).
    #[test]
    fn java_reads_signs_and_unicode_digits_and_replaces_as_java_does() {
        use DecodeDialect::Java;
        assert_eq!(decode_as(b"%+1", Java).ok().as_deref(), Some("\u{1}"));
        assert_eq!(decode_as(b"%-0", Java).ok().as_deref(), Some("\u{0}"));
        assert_eq!(
            decode_as("%٢e%٢e%٢f".as_bytes(), Java).ok().as_deref(),
            Some("../")
        );
        assert_eq!(
            decode_as(b"%ED%A0%80", Java).ok().as_deref(),
            Some("\u{FFFD}")
        );
        assert_eq!(
            dec("%G1", Java),
            "java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters in escape (%) pattern - Error at index 0 in: \"G1\""
        );
        assert_eq!(
            dec("%-1", Java),
            "java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters in escape (%) pattern - negative value"
        );
    }

    #[test]
    fn every_encoder_round_trips_through_its_decoder() {
        let text = "Hé llo/?#[]~!*'()+&=%€😀";
        let pairs = [
            (EncodeDialect::JsComponent, DecodeDialect::JsComponent),
            (EncodeDialect::JsUri, DecodeDialect::JsUri),
            (EncodeDialect::JsEscape, DecodeDialect::JsUnescape),
            (EncodeDialect::PythonQuote, DecodeDialect::PythonUnquote),
            (
                EncodeDialect::PythonQuotePlus,
                DecodeDialect::PythonUnquotePlus,
            ),
            (EncodeDialect::Form, DecodeDialect::Java),
            (EncodeDialect::Component, DecodeDialect::Whatwg),
        ];
        for (e, d) in pairs {
            let encoded = enc(text, e);
            assert_eq!(dec(&encoded, d), text, "{} -> {}", e.name(), d.name());
        }
    }
}
