//! Sensitive files: a path or a parameter that names a system, credential
//! or log file (the lists are in [`crate::targets`]), and traversals or
//! such names hidden in base64.

use crate::analysis::lax::{lax_parts, lax_text, lowercase};
use crate::analysis::ComponentAnalysis;
use crate::split::{ComponentKind, Split};
use crate::warnings::{Warning, WarningCode};
use std::borrow::Cow;

/// `sensitive-file` for a query parameter, and payloads hidden in base64
/// in a parameter or path segment.
pub(crate) fn component_target_warnings(i: usize, c: &ComponentAnalysis, out: &mut Vec<Warning>) {
    let is_param = c.kind.is_query();
    if !(is_param || c.kind == ComponentKind::PathSegment) {
        return;
    }
    let layer = c.last_layer();
    if is_param {
        let lax = lowercase(lax_text(layer));
        let parts = lax_parts(lax.as_bytes());
        // Most parameters have no part that could name a file: skip the scan.
        let why = match parts.clone().any(crate::targets::may_matter) {
            true => crate::targets::sensitive_target(parts),
            false => None,
        };
        if let Some(why) = why {
            out.push(Warning::new(
                WarningCode::SensitiveFile,
                vec![c.span],
                Some(i),
                format!(
                    "The {} asks for {why}, a typical file-inclusion target.",
                    c.kind.label()
                ),
            ));
        }
    }
    if let Some(text) = crate::targets::base64_text(layer) {
        let shown = crate::text::quote_str(&text);
        let lower = lowercase(Cow::Borrowed(&text));
        let lax = lax_parts(lower.as_bytes());
        if lax.clone().any(|p| p == b"..") {
            out.push(Warning::new(
                WarningCode::PathTraversal,
                vec![c.span],
                Some(i),
                format!("The {} is base64 for '{shown}', a traversal that a server decoding it would follow.", c.kind.label()),
            ));
        } else if let Some(why) = crate::targets::sensitive_target(lax) {
            out.push(Warning::new(
                WarningCode::SensitiveFile,
                vec![c.span],
                Some(i),
                format!(
                    "The {} is base64 for '{shown}', which names {why}.",
                    c.kind.label()
                ),
            ));
        }
    }
}

/// `sensitive-file` for the path as a whole (`/etc/passwd`), given to its
/// last segment, `why` naming the file.
pub(crate) fn path_warning(parts: &Split, last_segment: usize, why: &str) -> Warning {
    Warning::new(
        WarningCode::SensitiveFile,
        vec![parts.path],
        Some(last_segment),
        format!("The path asks for {why}, a typical file-inclusion target."),
    )
}
