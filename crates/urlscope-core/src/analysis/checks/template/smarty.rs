//! Smarty's tags that run PHP, which no two-byte opener starts: `{php}`
//! (Smarty 2 and SmartyBC), a call to one of PHP's command, code or file
//! functions (`{system('id')}`, `{if system('id')}{/if}`), and the static
//! calls of Smarty's own classes that public payloads use to read or write
//! files (`{self::getStreamVariable("file:///etc/passwd")}`,
//! `{Smarty_Internal_Write_File::writeFile(...)}`).
//!
//! A single `{` is everywhere in URLs (JSON, `{id}` placeholders), so only
//! these names after it count. Each tag is read once, at most
//! [`LONGEST_TAG`] bytes to its `}`, and the search goes on after it.

use super::Expression;

/// The longest tag read: a payload's is a few hundred bytes.
const LONGEST_TAG: usize = 1024;

/// PHP's functions that run a command or code, or read or write a file,
/// in lowercase: a Smarty tag that calls one runs it.
const PHP_FUNCTIONS: [&str; 16] = [
    "system",
    "exec",
    "passthru",
    "shell_exec",
    "popen",
    "proc_open",
    "pcntl_exec",
    "eval",
    "assert",
    "phpinfo",
    "readfile",
    "file_get_contents",
    "file_put_contents",
    "fopen",
    "include",
    "require",
];

/// The static calls public Smarty payloads make, in lowercase: on the
/// template's own class (`self::`) and on Smarty's internals
/// (`Smarty_Internal_Write_File::`).
const SMARTY_CLASSES: [&str; 2] = ["self::", "smarty_internal_"];

/// The name a tag that starts at `rest` (its `{`) calls or opens, and
/// where that name ends: after `{`, an `if` or `elseif` and spaces, then
/// letters, digits, `_` and `::`; a `+` is a space when `plus_is_space`.
/// What the fast path turns away when the
/// name may be one ([`may_start_tag`]).
fn name_of(rest: &[u8], plus_is_space: bool) -> Option<(&[u8], usize)> {
    let after = rest.strip_prefix(b"{")?;
    let mut at = 1;
    let mut body = after;
    let space = |b: &u8| b.is_ascii_whitespace() || plus_is_space && *b == b'+';
    for word in [&b"if"[..], b"elseif"] {
        if let Some(tail) = strip_prefix_ignore_case(body, word) {
            if tail.first().is_some_and(space) {
                let spaces = tail.iter().take_while(|b| space(b)).count();
                at += word.len() + spaces;
                body = tail.get(spaces..).unwrap_or_default();
                break;
            }
        }
    }
    let len = body
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
        .count();
    (len > 0).then(|| (body.get(..len).unwrap_or_default(), at + len))
}

fn strip_prefix_ignore_case<'a>(text: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text.get(prefix.len()..).unwrap_or_default())
}

/// Whether `name` (as [`name_of`] reads it) is `php`, one of
/// [`PHP_FUNCTIONS`], or a static call on one of [`SMARTY_CLASSES`]; and
/// whether it must be called (all but `php`).
fn runs_php(name: &[u8]) -> Option<bool> {
    let lower = name.to_ascii_lowercase();
    if lower == b"php" {
        return Some(false);
    }
    let call = PHP_FUNCTIONS.iter().any(|f| lower == f.as_bytes())
        || SMARTY_CLASSES
            .iter()
            .any(|c| lower.starts_with(c.as_bytes()));
    call.then_some(true)
}

/// Whether `rest`, from a `{` on, may start a Smarty tag that runs PHP:
/// what the fast path turns away, ahead of [`smarty_tags`]. A `+` counts
/// as a space (`{if+system(1)}`): the analysis reads a query's form
/// encoding, where it is one.
pub(crate) fn may_start_tag(rest: &[u8]) -> bool {
    name_of(rest, true).is_some_and(|(name, _)| runs_php(name).is_some())
}

/// The Smarty tags of `text` that run PHP (see the module's
/// documentation), left to right, each from its `{` to its `}`, where
/// `may_start` allows one.
pub(crate) fn smarty_tags(text: &[u8], may_start: impl Fn(usize) -> bool) -> Vec<Expression> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) =
        memchr::memchr(b'{', text.get(from..).unwrap_or_default()).map(|p| from + p)
    {
        from = at + 1;
        let rest = text.get(at..).unwrap_or_default();
        let Some((name, name_end)) = name_of(rest, false) else {
            continue;
        };
        let Some(called) = runs_php(name) else {
            continue;
        };
        let window = rest.get(..LONGEST_TAG).unwrap_or(rest);
        let Some(close) = memchr::memchr(b'}', window) else {
            continue;
        };
        let after_name = window.get(name_end..close).unwrap_or_default();
        // A brace inside is no Smarty tag's: a GraphQL query's selection
        // (`{system(id:1){name}}`) closes at its inner '}'.
        let is_tag = if memchr::memchr(b'{', after_name).is_some() {
            false
        } else if called {
            after_name.trim_ascii_start().starts_with(b"(")
        } else {
            after_name.trim_ascii().is_empty()
        };
        if is_tag && may_start(at) {
            found.push(Expression {
                start: at,
                end: at + close + 1,
                engines: "Smarty",
                runtime: true,
                server_only: true,
            });
            from = at + close + 1;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        smarty_tags(text.as_bytes(), |_| true)
            .iter()
            .map(|e| text.get(e.start..e.end).unwrap_or_default())
            .collect()
    }

    #[test]
    fn tags_that_run_php_are_found() {
        assert_eq!(found("a{php}echo `id`;{/php}"), ["{php}"]);
        assert_eq!(found("{system('id')}"), ["{system('id')}"]);
        assert_eq!(found("{if system('id')}{/if}"), ["{if system('id')}"]);
        assert_eq!(found("{ELSEIF  Exec ('id')}"), ["{ELSEIF  Exec ('id')}"]);
        assert_eq!(found("{if system(1)}"), ["{if system(1)}"]);
        // As written, a '+' is no space: a query's value is read decoded
        // too, where it is one; the fast path turns it away either way.
        assert!(found("{if+system(1)}").is_empty());
        assert!(may_start_tag(b"{if+system(1)}"));
        assert_eq!(
            found("{self::getStreamVariable(\"file:///etc/passwd\")}"),
            ["{self::getStreamVariable(\"file:///etc/passwd\")}"]
        );
        assert_eq!(
            found(
                "{Smarty_Internal_Write_File::writeFile($SCRIPT_NAME,\"x\",self::clearConfig())}"
            ),
            ["{Smarty_Internal_Write_File::writeFile($SCRIPT_NAME,\"x\",self::clearConfig())}"]
        );
    }

    #[test]
    fn placeholders_and_json_are_not_tags() {
        for text in [
            "{id}",
            "{system}",
            "{\"system\":1}",
            "{php_version}",
            "{php x}",
            "{systems('id')}",
            "{if x}{/if}",
            "{self.id}",
            "{exec('id')",
            "{other::call()}",
            "{selfish::x()}",
            "{system(id:1){name}}",
        ] {
            assert!(found(text).is_empty(), "{text}");
        }
        assert!(!may_start_tag(b"{id}"));
        assert!(may_start_tag(b"{php}"));
        assert!(may_start_tag(b"{if system(1)}"));
    }

    /// A text of unclosed tags is read in one pass: each `{` looks at most
    /// [`LONGEST_TAG`] bytes ahead.
    #[test]
    fn unclosed_tags_stay_linear() {
        let text = "{system(".repeat(100_000);
        assert!(found(&text).is_empty());
    }
}
