//! `urlscope decode`: percent-decode text, strictly by default.

use super::exit::{Failure, EXIT_DECODE};
use std::io::Write;
use urlscope_core::percent::{
    decode_layers, explain_utf8_error, first_malformed_escape, hex_value, raw_layer, values,
    MAX_LAYERS,
};
use urlscope_core::split::Span;
use urlscope_core::text::escape_bytes;

/// `decode --as NAME`: `text` decoded as another program decodes it;
/// `raw`, the decoded text's bytes with no newline, else a safe line.
pub fn run_as(out: &mut impl Write, text: &[u8], name: &str, raw: bool) -> Result<(), Failure> {
    use urlscope_core::dialects::{decode_as, DecodeDialect};
    let dialect = DecodeDialect::from_name(name)
        .ok_or_else(|| Failure::usage(format!("unknown dialect {name}")))?;
    match decode_as(text, dialect) {
        Ok(decoded) if raw => Ok(out.write_all(decoded.as_bytes())?),
        Ok(decoded) => {
            writeln!(out, "{}", urlscope_core::text::escape_str(&decoded))?;
            Ok(())
        }
        Err(e) => Err(Failure {
            message: format!("{}: {e}", dialect.name()),
            status: EXIT_DECODE,
        }),
    }
}

#[derive(Debug, Clone, Copy)]
pub struct DecodeOptions {
    pub form: bool,
    pub all: bool,
    pub lossy: bool,
    pub lenient: bool,
    /// Write the last layer's bytes as they are (invalid UTF-8 included,
    /// no newline) instead of each layer as a safe line.
    pub raw: bool,
}

/// Decode `text` one layer (or every layer with `all`) and print each
/// layer as safe text on its own line, or, `raw`, the last layer's bytes.
pub fn run(out: &mut impl Write, text: &[u8], opts: DecodeOptions) -> Result<(), Failure> {
    let raw = raw_layer(text, Span::new(0, text.len()));
    let wanted = if opts.all { usize::MAX } else { 1 };
    let layers: Vec<Vec<u8>> = decode_layers(&raw, opts.form)
        .iter()
        .take(wanted)
        .map(|l| values(l))
        .collect();
    let mut previous: &[u8] = text;
    let mut lines = Vec::new();
    for (i, bytes) in layers.iter().enumerate() {
        if !opts.lenient {
            if let Some(at) = first_malformed_escape(previous) {
                let found = previous
                    .get(at..(at + 3).min(previous.len()))
                    .unwrap_or_default();
                let layer_note = if i > 0 {
                    format!(" (in decoding layer {i})")
                } else {
                    String::new()
                };
                return Err(Failure {
                    message: format!(
                        "malformed escape at byte {at}{layer_note}: '{}' is not '%' followed by two hex digits (use --lenient to pass it through)",
                        escape_bytes(found)
                    ),
                    status: EXIT_DECODE,
                });
            }
        }
        if !opts.lossy && !opts.raw {
            if let Some(e) = explain_utf8_error(bytes) {
                let layer_note = if opts.all {
                    format!(" in decoding layer {}", i + 1)
                } else {
                    String::new()
                };
                return Err(Failure {
                    message: format!("{e}{layer_note} (use --lossy to substitute U+FFFD)"),
                    status: EXIT_DECODE,
                });
            }
        }
        lines.push(escape_bytes(String::from_utf8_lossy(bytes).as_bytes()));
        previous = bytes;
    }
    if opts.raw {
        if let Some(last) = layers.last() {
            out.write_all(last)?;
        }
    } else {
        for line in lines {
            writeln!(out, "{line}")?;
        }
    }
    if let Some(note) = opts.all.then(|| unpeeled(&layers)).flatten() {
        super::notes::say(&note);
    }
    Ok(())
}

/// What `--all` left undecoded: the layers stop at [`MAX_LAYERS`] (the
/// analysis's bound, which keeps the work linear), and the last one may
/// still hold escapes. Said rather than passed off as the decoded text.
fn unpeeled(layers: &[Vec<u8>]) -> Option<String> {
    let last = layers.last().filter(|_| layers.len() >= MAX_LAYERS)?;
    let escaped =
        |w: &[u8]| matches!(w, [b'%', h, l] if hex_value(*h).is_some() && hex_value(*l).is_some());
    last.windows(3).any(escaped).then(|| {
        format!(
            "decode: stopped after {MAX_LAYERS} layers; the last still holds escapes \
             (decode it again to go on)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(text: &str, opts: DecodeOptions) -> Result<String, String> {
        let mut out = Vec::new();
        run(&mut out, text.as_bytes(), opts)
            .map(|()| String::from_utf8_lossy(&out).into_owned())
            .map_err(|f| f.message)
    }

    const STRICT: DecodeOptions = DecodeOptions {
        form: false,
        all: false,
        lossy: false,
        lenient: false,
        raw: false,
    };

    fn raw(text: &str, opts: DecodeOptions) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        run(
            &mut out,
            text.as_bytes(),
            DecodeOptions { raw: true, ..opts },
        )
        .map(|()| out)
        .map_err(|f| f.message)
    }

    #[test]
    fn raw_writes_the_decoded_bytes_invalid_utf8_and_controls_included() {
        assert_eq!(raw("%E9t%E9", STRICT), Ok(vec![0xE9, b't', 0xE9]));
        assert_eq!(raw("a%0Ab", STRICT), Ok(b"a\nb".to_vec()));
        assert_eq!(raw("%1b[2J", STRICT), Ok(b"\x1b[2J".to_vec()));
        // Every layer: the last one's bytes.
        let all = DecodeOptions {
            all: true,
            ..STRICT
        };
        assert_eq!(raw("%252e%252e%252f", all), Ok(b"../".to_vec()));
        // A malformed escape is still an error, unless lenient.
        assert!(raw("100%", STRICT).unwrap_err().contains("byte 3"));
        let lenient = DecodeOptions {
            lenient: true,
            ..STRICT
        };
        assert_eq!(raw("100%", lenient), Ok(b"100%".to_vec()));
    }

    #[test]
    fn raw_as_a_dialect_writes_its_text_without_a_newline() {
        let mut out = Vec::new();
        run_as(&mut out, b"a%0Ab%u20AC", "js-unescape", true).unwrap();
        assert_eq!(out, "a\nb\u{20AC}".as_bytes());
        let mut out = Vec::new();
        run_as(&mut out, b"a%0Ab", "js-unescape", false).unwrap();
        assert_eq!(out, b"a\\x0ab\n");
    }

    #[test]
    fn decodes_one_layer() {
        assert_eq!(dec("%20%26%20%E2%9C%93", STRICT).as_deref(), Ok(" & ✓\n"));
        assert_eq!(dec("%252e%252e%252f", STRICT).as_deref(), Ok("%2e%2e%2f\n"));
    }

    #[test]
    fn all_layers() {
        let all = DecodeOptions {
            all: true,
            ..STRICT
        };
        assert_eq!(
            dec("%252e%252e%252f", all).as_deref(),
            Ok("%2e%2e%2f\n../\n")
        );
    }

    #[test]
    fn invalid_utf8_is_an_error_naming_the_bytes() {
        let e = dec("%C4r", STRICT).unwrap_err();
        assert!(
            e.contains("C4 starts a 2-byte sequence, but 72 after C4 is not a continuation byte"),
            "{e}"
        );
        let lossy = DecodeOptions {
            lossy: true,
            ..STRICT
        };
        assert_eq!(dec("%C4r", lossy).as_deref(), Ok("\u{FFFD}r\n"));
    }

    #[test]
    fn malformed_escape_is_an_error_unless_lenient() {
        assert!(dec("100%", STRICT).unwrap_err().contains("byte 3"));
        let lenient = DecodeOptions {
            lenient: true,
            ..STRICT
        };
        assert_eq!(dec("100%", lenient).as_deref(), Ok("100%\n"));
    }

    #[test]
    fn controls_are_escaped() {
        assert_eq!(dec("%1b[2J", STRICT).as_deref(), Ok("\\x1b[2J\n"));
    }
}
