//! Characters that must not be there or mean more than they show: raw
//! characters RFC 3986 §2 does not allow, backslashes, `+` in a path, NUL,
//! CR and LF, control, bidi and invisible characters, and bytes that are
//! not UTF-8 or are overlong forms (Unicode Table 3-6).

use crate::analysis::char_info;
use crate::analysis::component::Provenance;
use crate::analysis::report::Findings;
use crate::percent::is_illegal;
use crate::percent::SourceKind;
use crate::split::{ComponentKind, Span};
use crate::text::{is_bidi_control, is_invisible};
use crate::utf8::lax_overlong;
use crate::warnings::WarningCode;

/// Whether [`raw_byte`] finds nothing in `b` and takes it alone, in any
/// component: an ASCII byte RFC 3986 allows other than `%`, `+`, `[` and
/// `]` (whose findings depend on the component), or a control (which
/// [`layer_checks`] reports).
pub(crate) fn quiet_raw_byte(b: u8) -> bool {
    QUIET_RAW_BYTES
        .get(usize::from(b))
        .copied()
        .unwrap_or(false)
}

const QUIET_RAW_BYTES: [bool; 256] = quiet_raw_bytes();

#[allow(clippy::indexing_slicing)]
const fn quiet_raw_bytes() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = matches!(c, 0x00..=0x1F | 0x7F)
            || (c < 0x80 && !is_illegal(c) && !matches!(c, b'%' | b'+' | b'[' | b']'));
        b += 1;
    }
    table
}

/// The findings of the raw byte (not a `%`) at the start of `rest`, at
/// input offset `at`; how many bytes it takes (a run of non-ASCII bytes
/// is taken whole).
pub(crate) fn raw_byte(rest: &[u8], at: usize, kind: ComponentKind, f: &mut Findings) -> usize {
    let Some(&b) = rest.first() else {
        return 1;
    };
    let is_host = kind == ComponentKind::Host;
    match b {
        b'\\' => f.add(WarningCode::Backslash, Span::new(at, at + 1), 0, || {
            "a raw backslash".to_string()
        }),
        b'+' if kind == ComponentKind::PathSegment => {
            f.add(WarningCode::PlusInPath, Span::new(at, at + 1), 0, || {
                "a '+'".to_string()
            })
        }
        b'[' | b']' if !is_host => {
            f.add(WarningCode::IllegalChar, Span::new(at, at + 1), 0, || {
                format!("'{}' is legal only around an IPv6 host", char::from(b))
            })
        }
        0x80..=0xFF => {
            let len = rest.iter().take_while(|&&c| c >= 0x80).count();
            let run = rest.get(..len).unwrap_or_default();
            if !is_host {
                f.add(WarningCode::IllegalChar, Span::new(at, at + len), 0, || {
                    format!("raw non-ASCII '{}'", crate::text::quote(run))
                });
            }
            return len;
        }
        0x00..=0x1F | 0x7F => {}
        _ if is_illegal(b) => f.add(WarningCode::IllegalChar, Span::new(at, at + 1), 0, || {
            format!("a raw '{}'", char::from(b))
        }),
        _ => {}
    }
    1
}

/// The findings of one decoded layer's bytes: NUL, CR, LF and other
/// controls, then its characters (bidi, invisible, C1) and ill-formed or
/// overlong UTF-8.
pub(crate) fn layer_checks(layer: &[u8], li: usize, prov: &Provenance<'_>, f: &mut Findings) {
    let layer_no = li + 1;
    for (i, &b) in layer.iter().enumerate() {
        if b >= 0x20 && b != 0x7F {
            continue;
        }
        let span = prov.span(li, i);
        let raw = prov.kind(li, i) != SourceKind::Escape && li == 0;
        f.add(control_code(b), span, layer_no, || control_detail(b, raw));
    }
    if layer.is_ascii() {
        return;
    }
    // The end of the bytes a reported overlong form or ill-formed lead
    // covers: the continuation bytes inside are not reported again.
    let mut covered = 0;
    for unit in crate::utf8::units_of(layer) {
        if unit.start < covered {
            continue;
        }
        match unit.value {
            Ok(c) if c.is_ascii() => {}
            Ok(c) => {
                let span = prov.span_range(li, unit.start, unit.start + unit.len);
                let info = || format!("{} {}", char_info(c).codepoint, char_info(c).name);
                if is_bidi_control(c) {
                    f.add(WarningCode::BidiControl, span, layer_no, || {
                        format!("bidi control {}", info())
                    });
                } else if is_invisible(c) {
                    f.add(WarningCode::InvisibleChar, span, layer_no, || {
                        format!("invisible {}", info())
                    });
                } else if c.is_control() {
                    f.add(WarningCode::ControlChar, span, layer_no, || {
                        format!("C1 control {}", info())
                    });
                }
            }
            Err(problem) => {
                let bytes = layer.get(unit.range()).unwrap_or_default();
                if let Some((c, len)) = lax_overlong(layer.get(unit.start..).unwrap_or_default()) {
                    let span = prov.span_range(li, unit.start, unit.start + len);
                    let hex: Vec<String> = layer
                        .get(unit.start..unit.start + len)
                        .unwrap_or_default()
                        .iter()
                        .map(|b| format!("{b:02X}"))
                        .collect();
                    covered = unit.start + len;
                    f.add(WarningCode::OverlongUtf8, span, layer_no, || {
                        format!(
                            "{} is an overlong form of {} '{}'",
                            hex.join(" "),
                            char_info(c).codepoint,
                            crate::text::escape_str(&c.to_string())
                        )
                    });
                    continue;
                }
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
                // A lead byte is ill-formed with the byte after it: both
                // are named and marked (`ED A0 ... would start a
                // surrogate`).
                let next = layer
                    .get(unit.start + unit.len)
                    .filter(|&&b| b & 0xC0 == 0x80 && unit.len == 1)
                    .filter(|_| problem.what_a_lead_starts().is_some());
                let end = unit.start + unit.len + usize::from(next.is_some());
                covered = end;
                let span = prov.span_range(li, unit.start, end);
                f.add(WarningCode::InvalidUtf8, span, layer_no, || {
                    match (problem.what_a_lead_starts(), next) {
                        (Some(what), Some(b)) => format!(
                            "{} {b:02X}, which would start {what}, is not UTF-8",
                            hex.join(" ")
                        ),
                        _ => format!("{} is not UTF-8 ({})", hex.join(" "), problem.label()),
                    }
                });
            }
        }
    }
}

/// The code of control byte `b`: `null-byte`, `crlf` or `control-char`.
pub(crate) fn control_code(b: u8) -> WarningCode {
    match b {
        0x00 => WarningCode::NullByte,
        b'\r' | b'\n' => WarningCode::Crlf,
        _ => WarningCode::ControlChar,
    }
}

/// What control byte `b` is, written `raw` or encoded: `a raw LF`, `an
/// encoded control character \x1b (ESC, starts terminal escape
/// sequences)`.
pub(crate) fn control_detail(b: u8, raw: bool) -> String {
    let (a, how) = if raw { ("a", "raw") } else { ("an", "encoded") };
    match b {
        0x00 => format!("{a} {how} NUL byte"),
        b'\r' => format!("{a} {how} CR"),
        b'\n' => format!("{a} {how} LF"),
        0x1B => {
            format!("{a} {how} control character \\x1b (ESC, starts terminal escape sequences)")
        }
        _ => format!("{a} {how} control character \\x{b:02x}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split::ComponentKind;

    /// A quiet byte is one `raw_byte` finds nothing in, in every kind of
    /// component, and takes alone, whatever follows it.
    #[test]
    fn a_quiet_raw_byte_has_no_finding() {
        let kinds = [
            ComponentKind::Scheme,
            ComponentKind::Userinfo,
            ComponentKind::Host,
            ComponentKind::Port,
            ComponentKind::PathSegment,
            ComponentKind::QueryKey,
            ComponentKind::QueryValue,
            ComponentKind::Fragment,
        ];
        let mut quiet = 0;
        for b in 0..=255u8 {
            if !quiet_raw_byte(b) {
                continue;
            }
            quiet += 1;
            for kind in kinds {
                for next in [b'a', 0x80, b'%'] {
                    let mut f = Findings::default();
                    assert_eq!(
                        raw_byte(&[b, next], 7, kind, &mut f),
                        1,
                        "{b:#04x} {kind:?}"
                    );
                    assert!(f.by_code.is_empty(), "{b:#04x} in {kind:?}");
                }
            }
        }
        // Letters, digits, the legal delimiters and the controls.
        assert_eq!(quiet, 62 + 19 + 33);
    }
}
