//! `urlscope encode`: text percent-encoded for one component, as RFC 3986
//! or another program's encoder does it.

use super::exit::{Failure, EXIT_DECODE};
use std::io::Write;
use urlscope_core::dialects::{encode_as, EncodeDialect};
use urlscope_core::text::escape_str;

/// `text` encoded by `dialect`, or by every dialect (a line each, named)
/// when `dialect` is `None`. One dialect refusing the text fails the
/// command; with every dialect, the refusal is that dialect's line. With
/// `raw`, one dialect's text is written as it is (the address-bar dialects
/// leave controls bare); the table of every dialect is always escaped.
pub fn run(
    out: &mut impl Write,
    text: &[u8],
    dialect: Option<EncodeDialect>,
    raw: bool,
) -> Result<(), Failure> {
    let all = dialect.is_none();
    let dialects: Vec<EncodeDialect> = match dialect {
        Some(d) => vec![d],
        None => EncodeDialect::ALL.to_vec(),
    };
    for d in dialects {
        let line = match encode_as(text, d) {
            Ok(encoded) => encoded,
            Err(e) if all => format!("({e})"),
            Err(e) => {
                return Err(Failure {
                    message: e.to_string(),
                    status: EXIT_DECODE,
                })
            }
        };
        if raw && !all {
            out.write_all(line.as_bytes())?;
            writeln!(out)?;
            continue;
        }
        // Encoded text is ASCII, but the address-bar dialects leave some
        // characters bare: print it safely all the same.
        let line = escape_str(&line);
        if all {
            let width = EncodeDialect::NAME_WIDTH;
            writeln!(out, "{:<width$} {line}", d.name())?;
        } else {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(text: &str, dialect: Option<&str>) -> String {
        let mut out = Vec::new();
        let d = dialect.map(|n| EncodeDialect::from_name(n).unwrap());
        run(&mut out, text.as_bytes(), d, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_dialect_prints_the_encoded_text() {
        assert_eq!(
            encoded("tom & jerry/é", None).lines().count(),
            EncodeDialect::ALL.len()
        );
        assert_eq!(
            encoded("tom & jerry/é", Some("component")),
            "tom%20%26%20jerry%2F%C3%A9\n"
        );
        assert_eq!(encoded("a b", Some("form")), "a+b\n");
    }

    #[test]
    fn raw_writes_the_encoded_text_and_a_newline() {
        let d = EncodeDialect::from_name("component");
        let mut out = Vec::new();
        run(&mut out, "a b\x1bé".as_bytes(), d, true).unwrap();
        assert_eq!(out, b"a%20b%1B%C3%A9\n");
    }

    #[test]
    fn every_dialect_is_named_on_its_line() {
        let text = encoded("a b", None);
        assert!(text.starts_with("component            a%20b\n"), "{text}");
    }
}
