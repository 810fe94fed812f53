//! Shellshock (CVE-2014-6271, `shellshock`): a bash without the fixes of
//! September 2014 reads an environment variable whose value starts `() {`
//! as a function definition, and runs the commands written after its body
//! as it starts.
//! A CGI server hands a request to the programs it runs through
//! environment variables: its headers (`HTTP_USER_AGENT`,
//! `HTTP_REFERER`) and its query as written (`QUERY_STRING`, never
//! decoded), so `() { :; }; /bin/cat /etc/passwd` in either runs where a
//! CGI script in bash, or one that starts bash, answers.
//!
//! Bash compares the value's first four bytes, space included, so only a
//! value starting exactly `() {` is one; a URL's query holds the space
//! as written only where the client sent it raw (what a log keeps).

use crate::split::Span;
use crate::text::quote;
use crate::warnings::{Warning, WarningCode};

/// Whether `value` starts with what bash reads as a function definition.
pub(crate) fn defines_function(value: &[u8]) -> bool {
    value.starts_with(b"() {")
}

/// The `shellshock` warning of `value`, at `span` of `component`, a
/// `what` (the query, a header) that a CGI server passes in its
/// environment variable `variable`.
pub(crate) fn warning(
    value: &[u8],
    span: Span,
    component: Option<usize>,
    what: &str,
    variable: &str,
) -> Warning {
    Warning::new(
        WarningCode::Shellshock,
        vec![span],
        component,
        format!(
            "'{}' starts with a bash function definition, '() {{': a CGI server passes this {what} to the programs it runs as {variable}, and a bash without the Shellshock fixes of September 2014 runs the commands written after the definition as it starts (CVE-2014-6271, Shellshock).",
            quote(value)
        ),
    )
}

/// `shellshock` for a URL's query as written (`QUERY_STRING`).
pub(crate) fn query_warnings(
    input: &[u8],
    query: Option<Span>,
    component_at: impl Fn(usize) -> Option<usize>,
    out: &mut Vec<Warning>,
) {
    let Some(query) = query else { return };
    let text = query.of(input);
    if defines_function(text) {
        out.push(warning(
            text,
            query,
            component_at(query.start),
            "query",
            "QUERY_STRING",
        ));
    }
}
