//! What an expression's body does: whether it computes (a call,
//! arithmetic on literals, an engine's object, a statement that acts)
//! or is a placeholder left unrendered, and whether it reaches the
//! runtime.

use super::Syntax;

/// The objects template engines give every template, which probes name
/// alone to learn the engine (SecLists' `template-engines-special-vars.txt`):
/// `{{self}}`, `{{ request }}`. A path from one (`{{ request.path }}`)
/// is a platform's placeholder unless it computes.
const ENGINE_OBJECTS: [&str; 11] = [
    "self",
    "_self",
    "_context",
    "config",
    "request",
    "settings",
    "locals",
    "globals",
    "global",
    "execinfo",
    "#execinfo",
];

/// Python's special attributes that lead from any object to its class,
/// its module's globals and the builtins (Jinja2 and Mako payloads).
/// Macros written between double underscores (`{{__CAMPAIGN_ID__}}`) are
/// none of them.
const DUNDERS: [&str; 12] = [
    "__class__",
    "__mro__",
    "__base__",
    "__bases__",
    "__subclasses__",
    "__globals__",
    "__builtins__",
    "__import__",
    "__init__",
    "__dict__",
    "__getattribute__",
    "__getitem__",
];

/// Words that reach the runtime from an expression: a class, a module, a
/// process, an evaluator, the environment, and Jinja2's `attr` filter,
/// which fetches an attribute by a name built from strings
/// (`|attr(["__","class","__"]|join)`, past filters that look for
/// `__class__`); matched as whole words (`important` holds no `import`),
/// in any case.
pub(super) const RUNTIME_WORDS: [&str; 23] = [
    "attr",
    "objectconstructor",
    "getclass",
    "forname",
    "getruntime",
    "processbuilder",
    "classloader",
    "protectiondomain",
    "popen",
    "system",
    "exec",
    "eval",
    "execute",
    "subprocess",
    "import",
    "require",
    "child_process",
    "constructor",
    "getenv",
    "open",
    "passthru",
    "shell_exec",
    "/etc/passwd",
];

/// The filters of Jinja2, Twig and Nunjucks that only format a value
/// (`{{ contact.first_name|default('there') }}`, `{{ date|date('Y-m-d') }}`):
/// a placeholder piped through them, with literal arguments, is still a
/// mailer's placeholder left unrendered. The filters that take a
/// function's name or fetch an attribute (`filter`, `map`, `sort`,
/// `reduce`, `attr`: `{{['id']|filter('system')}}`) are none of them.
const FORMAT_FILTERS: [&str; 32] = [
    "default",
    "d",
    "date",
    "upper",
    "lower",
    "title",
    "capitalize",
    "trim",
    "striptags",
    "escape",
    "e",
    "safe",
    "raw",
    "round",
    "truncate",
    "wordwrap",
    "length",
    "count",
    "first",
    "last",
    "abs",
    "int",
    "float",
    "string",
    "urlencode",
    "url_encode",
    "nl2br",
    "number_format",
    "json_encode",
    "tojson",
    "center",
    "format_date",
];

/// The statements `{% ... %}` opens in Jinja2, Django, Twig and Liquid
/// that probes and payloads use, which act whatever follows them (load a
/// template or a module, print, run); another word (`{% unsubscribe_link
/// %}`, a mailer's tag) is none.
const STATEMENTS: [&str; 12] = [
    "import", "include", "extends", "from", "macro", "call", "with", "block", "debug", "load",
    "print", "do",
];

/// The statements that test, loop or assign (`{% if contact.first_name
/// %}`, `{% assign name = first_name | default: "there" %}`, a mailer's
/// template left unrendered): one computes only when what it tests or
/// assigns does (`{% set x = 7*7 %}`, `{% for c in ''.__class__... %}`).
const CONTROL: [&str; 7] = ["if", "elif", "unless", "for", "set", "assign", "capture"];

/// FreeMarker's directives that read a file (`<#include "/etc/passwd">`).
const FREEMARKER_FILES: [&str; 2] = ["include", "import"];

/// Whether `body` (between `syntax`'s delimiters) computes: see the
/// module's documentation.
pub(super) fn computes(syntax: &Syntax, body: &[u8]) -> bool {
    let body = body.trim_ascii();
    if body.is_empty() {
        return false;
    }
    // ERB's and JSP's output and comment marks (`<%= 7*7 %>`), Jinja's
    // whitespace control (`{%- for ... -%}`): the expression is what
    // follows them.
    let body = match syntax.open {
        b"<%" => body
            .strip_prefix(b"=")
            .or_else(|| body.strip_prefix(b"-"))
            .unwrap_or(body)
            .trim_ascii(),
        b"{%" | b"{{" => {
            let body = body
                .strip_prefix(b"-")
                .or_else(|| body.strip_prefix(b"+"))
                .unwrap_or(body);
            body.strip_suffix(b"-")
                .or_else(|| body.strip_suffix(b"+"))
                .unwrap_or(body)
                .trim_ascii()
        }
        _ => body,
    };
    match syntax.open {
        b"{%" if first_word_is(body, &STATEMENTS) => return true,
        // A test, loop or assignment over an engine's own object
        // (`{% for k in config %}`, `{% set x = self._TemplateReference__context %}`).
        b"{%" if first_word_is(body, &CONTROL) && names_engine_object(body) => return true,
        b"{%" if !first_word_is(body, &CONTROL) && !has_dunder(body) && !reaches_runtime(body) => {
            return false
        }
        b"<#" | b"[#" if first_word_is(body, &FREEMARKER_FILES) || reaches_runtime(body) => {
            return true
        }
        // ERB's and Ruby's interpolation's backticks and `%x(...)` run a
        // shell command (`<%= `id` %>`, `#{`id`}`).
        b"<%" | b"#{" if ruby_shell(body) => return true,
        // Apache Commons Text's lookups that run a script, resolve a name,
        // fetch a URL or read a file (Text4Shell, CVE-2022-42889).
        b"${" if is_commons_text_lookup(body) => return true,
        // A Log4j lookup (`${env:HOME}`, `${jndi:...}`), unless it reaches
        // the runtime (`${script:javascript:...}`: Apache Commons Text's
        // lookups, CVE-2022-42889).
        b"${" if is_lookup(body) && !reaches_runtime(body) => return false,
        // Smarty's own variable (`{$smarty.version}`).
        b"{$" if first_word_is(body, &["smarty"]) => return true,
        // Smarty's variables start with a name: `{$(` is jQuery's
        // (`$(function(){$('#menu').show()})`).
        b"{$"
            if !body
                .first()
                .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_') =>
        {
            return false
        }
        b"{{" if is_filtered_placeholder(body) => return false,
        _ => {}
    }
    // A call: a name, or a call's or an index's end, then '('.
    let call = body.windows(2).any(|w| {
        matches!(w, [a, b'('] if a.is_ascii_alphanumeric() || matches!(a, b')' | b']' | b'\'' | b'"'))
    });
    call || has_dunder(body) || arithmetic(body) || is_engine_object(body)
}

/// Whether `body` is a placeholder piped through [`FORMAT_FILTERS`]: a
/// name and its `.name`s (no dunder, no engine object), then one filter or
/// more, each maybe with literal arguments (quoted strings without their
/// quote inside, numbers): `contact.first_name|default('there')`. Anything
/// else in it (a call on the name, a filter's argument that is a name) is
/// read as any body.
fn is_filtered_placeholder(body: &[u8]) -> bool {
    let mut pieces = body.split(|&b| b == b'|');
    let head = pieces.next().unwrap_or_default().trim_ascii();
    let is_name = |n: &[u8]| {
        n.first()
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
            && n.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
    };
    let first = head.split(|&b| b == b'.').next().unwrap_or_default();
    let name_head =
        head.split(|&b| b == b'.').all(is_name) && !has_dunder(head) && !is_engine_object(first);
    // A placeholder's path, or a string filtered into a date (`'now'|date('Y')`).
    if !name_head && !is_string_literal(head) {
        return false;
    }
    let literal = |a: &[u8]| {
        let a = a.trim_ascii();
        is_string_literal(a)
            || !a.is_empty() && a.iter().all(|b| b.is_ascii_digit() || *b == b'.')
            || ["true", "false", "none", "null"]
                .iter()
                .any(|w| a.eq_ignore_ascii_case(w.as_bytes()))
    };
    let mut filters = 0;
    for filter in pieces {
        let filter = filter.trim_ascii();
        let len = filter
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        let (name, rest) = filter.split_at(len);
        if !FORMAT_FILTERS
            .iter()
            .any(|f| name.eq_ignore_ascii_case(f.as_bytes()))
        {
            return false;
        }
        let rest = rest.trim_ascii();
        let args_literal = rest.is_empty()
            || rest
                .strip_prefix(b"(")
                .and_then(|r| r.strip_suffix(b")"))
                .is_some_and(|args| arguments(args).all(literal));
        if !args_literal {
            return false;
        }
        filters += 1;
    }
    filters > 0
}

/// Whether `text` is one quoted string (`'Hi, there'`, `"Y-m-d"`), its
/// quote not inside it.
fn is_string_literal(text: &[u8]) -> bool {
    match text {
        [q @ (b'\'' | b'"'), inner @ .., last] if last == q => !inner.contains(q),
        _ => false,
    }
}

/// A call's arguments, split at the commas outside quotes
/// (`30, 'a, b'` is `30` and `'a, b'`).
fn arguments(args: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut quote = None;
    args.split(move |&b| {
        match (quote, b) {
            (None, b'\'' | b'"') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            _ => {}
        }
        quote.is_none() && b == b','
    })
}

/// Whether an ERB body or a Ruby interpolation runs a shell command: a
/// command between backticks (`` <%= `id` %> ``, `` #{`id`} ``) or in
/// `%x(...)`.
pub(super) fn ruby_shell(body: &[u8]) -> bool {
    memchr::memchr_iter(b'`', body).nth(1).is_some() || memchr::memmem::find(body, b"%x(").is_some()
}

/// Whether `body`'s first word (letters, `_`, `#`) is one of `words`, in
/// any case.
fn first_word_is(body: &[u8], words: &[&str]) -> bool {
    let len = body
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'#'))
        .count();
    let word = body.get(..len).unwrap_or_default();
    words
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
}

/// Whether `body` names one of [`DUNDERS`].
fn has_dunder(body: &[u8]) -> bool {
    memchr::memmem::find(body, b"__").is_some()
        && DUNDERS
            .iter()
            .any(|d| memchr::memmem::find(body, d.as_bytes()).is_some())
}

/// Whether `body` is a lookup of Apache Commons Text's that versions
/// 1.5 to 1.9 resolve in any interpolated text: `script:`, `dns:`, `url:`,
/// `file:`.
pub(super) fn is_commons_text_lookup(body: &[u8]) -> bool {
    is_lookup(body) && first_word_is(body, &["script", "dns", "url", "file"])
}

/// Whether `body` starts `word:` (letters, then a colon): a Log4j lookup.
fn is_lookup(body: &[u8]) -> bool {
    let word = body.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    word > 0 && body.get(word) == Some(&b':')
}

/// Whether `body` holds arithmetic on literals: a digit, an operator, a
/// digit or a quote (`7*7`, `7*'7'`, `1+2`, `7 - 7`). `*` and `+` may
/// touch their operands; `-`, `/` and `%` must have a space beside them
/// (`2024-01-01` is a date, `1/2` a fraction, `1%2C2` an escape).
fn arithmetic(body: &[u8]) -> bool {
    let spaces = |mut j: usize| {
        while body.get(j) == Some(&b' ') {
            j += 1;
        }
        j
    };
    body.iter().enumerate().any(|(i, &b)| {
        if !b.is_ascii_digit() {
            return false;
        }
        let op = spaces(i + 1);
        let operand = spaces(op + 1);
        let spaced = op > i + 1 || operand > op + 1;
        let operator = match body.get(op) {
            Some(b'*' | b'+') => true,
            Some(b'-' | b'/' | b'%') => spaced,
            _ => false,
        };
        operator
            && body
                .get(operand)
                .is_some_and(|&c| c.is_ascii_digit() || c == b'\'' || c == b'"')
    })
}

/// Whether a word of `body` (letters, digits, `_`, `#`) is one of
/// [`ENGINE_OBJECTS`].
fn names_engine_object(body: &[u8]) -> bool {
    body.split(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'#')))
        .any(is_engine_object)
}

/// Whether `body` is one of [`ENGINE_OBJECTS`] alone (`{{self}}`,
/// `{{ request }}`).
fn is_engine_object(body: &[u8]) -> bool {
    ENGINE_OBJECTS
        .iter()
        .any(|o| body.eq_ignore_ascii_case(o.as_bytes()))
}

/// Whether `body` names a way into the runtime: one of [`DUNDERS`], or
/// one of [`RUNTIME_WORDS`] as a whole word.
pub(super) fn reaches_runtime(body: &[u8]) -> bool {
    let lower = body.to_ascii_lowercase();
    let word_byte = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric());
    has_dunder(&lower)
        || RUNTIME_WORDS.iter().any(|w| {
            memchr::memmem::find_iter(&lower, w.as_bytes()).any(|at| {
                let before = at.checked_sub(1).and_then(|p| lower.get(p));
                !word_byte(before) && !word_byte(lower.get(at + w.len()))
            })
        })
}
