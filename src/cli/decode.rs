//! `urlscope decode`: percent-decode text, strictly by default.

use super::exit::{Failure, EXIT_DECODE};
use std::io::Write;
use urlscope_core::percent::{
    decode_layers, explain_utf8_error, first_malformed_escape, raw_layer, values,
};
use urlscope_core::split::Span;
use urlscope_core::text::escape_bytes;

/// `decode --as NAME`: `text` decoded as another program decodes it.
pub fn run_as(out: &mut impl Write, text: &[u8], name: &str) -> Result<(), Failure> {
    use urlscope_core::dialects::{decode_as, DecodeDialect};
    let dialect = DecodeDialect::from_name(name)
        .ok_or_else(|| Failure::usage(format!("unknown dialect {name}")))?;
    match decode_as(text, dialect) {
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
}

/// Decode `text` one layer (or every layer with `all`) and print each
/// layer as safe text on its own line.
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
        if !opts.lossy {
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
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
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
    };

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
            e.contains("C4 starts a 2-byte sequence but 72 is not a continuation byte"),
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
