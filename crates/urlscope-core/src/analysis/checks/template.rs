//! Template expressions (`template-injection`): `{{7*7}}`,
//! `${T(java.lang.Runtime).getRuntime().exec('id')}`, `<%= 7*7 %>` in a
//! component. An application that renders a request's value as a
//! template (server-side template injection; AngularJS and other page
//! frameworks in the browser) evaluates the expression: probes compute
//! (`7*7` shows as 49), payloads reach the runtime and run commands.
//!
//! A placeholder left unrendered (`{{contact.email}}`, `${name}`,
//! `<%= user_id %>`, `{{name|default('there')}}` through a filter that
//! only formats it) is no expression: only a body that computes is one
//! ([`computes`]): a call, arithmetic on literals, a Python dunder, an
//! engine's own object named alone (`self`, `config`, `request`...), a
//! statement that acts (`{% import ... %}`; one that tests, loops or
//! assigns only when what it reads computes). A `${...}` whose body
//! starts `word:` is a Log4j lookup (`jndi-lookup`'s), not a template, but for Apache Commons
//! Text's `script:`, `dns:`, `url:` and `file:` (Text4Shell).
//!
//! One pass: each delimiter's closer and opener are searched forward
//! only, and the innermost of nested openers is the expression, so each
//! body is read once and a text of openers stays linear.

use crate::analysis::report::list_then_fold;
use crate::analysis::ComponentAnalysis;
use crate::split::Span;
use crate::text::quote;
use crate::warnings::{Case, Warning, WarningCode};

/// A template syntax: its opener, its closer, and the engines that read
/// it.
struct Syntax {
    open: &'static [u8],
    close: &'static [u8],
    engines: &'static str,
    /// Whether only a server's engine reads it (never a page's script).
    server_only: bool,
}

/// The syntaxes of the template engines that template-injection probes
/// and payloads target (PortSwigger's research, tplmap, PayloadsAllTheThings).
const SYNTAXES: [Syntax; 14] = [
    Syntax {
        open: b"{{",
        close: b"}}",
        engines: "Jinja2, Twig, Nunjucks, AngularJS",
        server_only: false,
    },
    Syntax {
        open: b"${",
        close: b"}",
        engines: "FreeMarker, Spring EL, Thymeleaf, Velocity, Mako, Apache Commons Text",
        server_only: false,
    },
    Syntax {
        open: b"#{",
        close: b"}",
        engines: "Spring EL, Thymeleaf, Ruby, Pug",
        server_only: false,
    },
    Syntax {
        open: b"*{",
        close: b"}",
        engines: "Thymeleaf",
        server_only: false,
    },
    Syntax {
        open: b"{%",
        close: b"%}",
        engines: "Jinja2, Twig, Django, Liquid",
        server_only: false,
    },
    Syntax {
        open: b"<%",
        close: b"%>",
        engines: "ERB, JSP, EJS",
        server_only: false,
    },
    Syntax {
        open: b"[[",
        close: b"]]",
        engines: "Thymeleaf",
        server_only: false,
    },
    Syntax {
        open: b"{$",
        close: b"}",
        engines: "Smarty",
        server_only: false,
    },
    Syntax {
        open: b"%{",
        close: b"}",
        engines: "OGNL, Apache Struts",
        server_only: false,
    },
    Syntax {
        open: b"@(",
        close: b")",
        engines: "Razor",
        server_only: false,
    },
    // FreeMarker's directives (`<#assign ex="...Execute"?new()>`).
    Syntax {
        open: b"<#",
        close: b">",
        engines: "FreeMarker",
        server_only: true,
    },
    // The same in FreeMarker's square-bracket syntax
    // (`[#assign ex="...Execute"?new()]`).
    Syntax {
        open: b"[#",
        close: b"]",
        engines: "FreeMarker",
        server_only: true,
    },
    // FreeMarker's interpolation in its square-bracket syntax (`[=7*7]`).
    Syntax {
        open: b"[=",
        close: b"]",
        engines: "FreeMarker",
        server_only: true,
    },
    // Velocity's `#set` directive (`#set($x=7*7)`); its references,
    // `$x.getClass()`, have no delimiters ([`velocity_references`]).
    Syntax {
        open: b"#set(",
        close: b")",
        engines: "Velocity",
        server_only: true,
    },
];

/// The longest Velocity reference read ([`velocity_references`]): a
/// payload's chain of calls is a few hundred bytes; reading no further
/// keeps a text of `$a.b(` linear.
const LONGEST_REFERENCE: usize = 1024;

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
const RUNTIME_WORDS: [&str; 23] = [
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

/// The fragment's label: no server reads it, so a syntax only a server's
/// engine reads means nothing there.
const FRAGMENT: &str = crate::split::ComponentKind::Fragment.label();

/// What [`list_then_fold`] calls them.
const EXPRESSIONS: &str = "template expressions";

/// A template expression found in a text.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Expression {
    /// Its opener to its closer.
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// The engines whose syntax it is written in.
    pub(crate) engines: &'static str,
    /// Whether it reaches the runtime ([`RUNTIME_WORDS`]).
    pub(crate) runtime: bool,
    /// Whether only a server's engine reads it (Velocity, FreeMarker):
    /// nothing in a page evaluates it, so it means nothing in a fragment.
    pub(crate) server_only: bool,
}

/// The template expressions of `text` that compute, left to right, none
/// inside another.
pub(crate) fn template_expressions(text: &[u8]) -> Vec<Expression> {
    expressions_starting(text, |_| true)
}

/// [`template_expressions`], with an opener only where `may_start` says
/// one may start: in a URL, not at a delimiter (the `#` that opens the
/// fragment is no `#{`).
fn expressions_starting(text: &[u8], may_start: impl Fn(usize) -> bool) -> Vec<Expression> {
    let delimited = delimited_expressions(text, &may_start);
    let mut references = velocity_references(text, &may_start);
    let tags = smarty::smarty_tags(text, &may_start);
    if !tags.is_empty() {
        references.extend(tags);
        references.sort_by_key(|e| e.start);
    }
    if references.is_empty() {
        return delimited;
    }
    // Both in order: merged in one pass, a reference inside a delimited
    // expression being part of it.
    let mut found = Vec::with_capacity(delimited.len() + references.len());
    let mut delimited = delimited.into_iter().peekable();
    for r in references {
        while let Some(e) = delimited.next_if(|e| e.start <= r.start) {
            found.push(e);
        }
        if found.last().is_none_or(|e: &Expression| r.start >= e.end) {
            found.push(r);
        }
    }
    found.extend(delimited);
    found
}

/// Whether `rest`, from a `$` on, may start a Velocity reference: `$` (or
/// `$!`, or the quiet formal `$!{`) and a letter. What the fast path turns
/// away, ahead of [`velocity_references`].
pub(crate) fn may_start_reference(rest: &[u8]) -> bool {
    match rest {
        [b'$', b'!', b'{', c, ..] | [b'$', b'!', c, ..] | [b'$', c, ..] => c.is_ascii_alphabetic(),
        _ => false,
    }
}

/// Velocity's references that reach the runtime, which no delimiter
/// opens: `$e.getClass().forName("java.lang.Runtime")`, a name and a chain
/// of `.name` and `.name(...)` after it, with a call in it. Only a chain
/// whose own names (not its arguments) reach Java's runtime
/// ([`REFLECTION`]) is one: `$scope.open()`, `$http.get('/api/require')`,
/// `$Department` are page script and text. Each reference is read once,
/// at most [`LONGEST_REFERENCE`] bytes, and the search goes on after it.
fn velocity_references(text: &[u8], may_start: impl Fn(usize) -> bool) -> Vec<Expression> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) =
        memchr::memchr(b'$', text.get(from..).unwrap_or_default()).map(|p| from + p)
    {
        let rest = text.get(at..).unwrap_or_default();
        if !may_start_reference(rest) {
            from = at + 1;
            continue;
        }
        let (end, reflects) = reference(rest);
        let end = at + end;
        if reflects && may_start(at) {
            found.push(Expression {
                start: at,
                end,
                engines: "Velocity",
                runtime: true,
                server_only: true,
            });
        }
        from = end.max(at + 1);
    }
    found
}

/// The names of Java's reflection and runtime that a Velocity payload
/// calls to run a command (`$x.getClass().forName("java.lang.Runtime")
/// .getMethod("getRuntime")...exec(...)`, `$class.inspect(...)` of the
/// tools), in lowercase.
const REFLECTION: [&str; 10] = [
    "getclass",
    "forname",
    "getruntime",
    "getmethod",
    "getdeclaredmethod",
    "invoke",
    "newinstance",
    "getclassloader",
    "processbuilder",
    "inspect",
];

/// Where the Velocity reference at the start of `text` (`$` or `$!`, then
/// a letter) ends, and whether it reaches the runtime: its name, then each
/// `.name` and `.name(...)` (parentheses counted; an unclosed one ends the
/// reference before it), at most [`LONGEST_REFERENCE`] bytes; it reaches
/// the runtime when it calls one of [`REFLECTION`]. A quiet formal
/// reference (`$!{x.getClass()...}`; `${...}` is a delimited syntax's)
/// is one only with its `}`.
fn reference(text: &[u8]) -> (usize, bool) {
    if text.starts_with(b"$!{") {
        let (end, reflects) = chain(text, 3);
        return match text.get(end) {
            Some(b'}') => (end + 1, reflects),
            _ => (end, false),
        };
    }
    chain(text, if text.get(1) == Some(&b'!') { 2 } else { 1 })
}

/// [`reference()`]'s name and chain of calls, from `start` on.
fn chain(text: &[u8], start: usize) -> (usize, bool) {
    let text = text.get(..LONGEST_REFERENCE).unwrap_or(text);
    let name_end = |from: usize| {
        from + text
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
            .count()
    };
    let mut end = name_end(start);
    let mut reflects = false;
    while text.get(end) == Some(&b'.') && text.get(end + 1).is_some_and(u8::is_ascii_alphabetic) {
        let name = text.get(end + 1..name_end(end + 1)).unwrap_or_default();
        let after_name = end + 1 + name.len();
        end = after_name;
        if text.get(after_name) != Some(&b'(') {
            continue;
        }
        // To the matching ')'; an unclosed call is no call.
        let mut depth = 0usize;
        let close = text
            .get(after_name..)
            .unwrap_or_default()
            .iter()
            .position(|&b| {
                match b {
                    b'(' => depth += 1,
                    b')' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                depth == 0
            });
        let Some(close) = close else {
            return (after_name, reflects);
        };
        let called = |w: &str| name.eq_ignore_ascii_case(w.as_bytes());
        reflects = reflects || REFLECTION.iter().any(|w| called(w));
        end = after_name + close + 1;
    }
    (end, reflects)
}

/// The expressions of the delimited syntaxes ([`SYNTAXES`]).
fn delimited_expressions(text: &[u8], may_start: impl Fn(usize) -> bool) -> Vec<Expression> {
    /// Where `needle` is next at or after `from`, through `cache` (the
    /// last answer, `None` once there is none): searched forward only, as
    /// `from` only grows.
    fn next(text: &[u8], needle: &[u8], from: usize, cache: &mut Option<usize>) -> Option<usize> {
        match *cache {
            Some(c) if c >= from => Some(c),
            Some(_) => {
                *cache = memchr::memmem::find(text.get(from..).unwrap_or_default(), needle)
                    .map(|c| from + c);
                *cache
            }
            None => None,
        }
    }
    let mut found = Vec::new();
    // Per syntax, its next closer and its next opener.
    let mut closers: [Option<usize>; SYNTAXES.len()] = [Some(0); SYNTAXES.len()];
    let mut openers: [Option<usize>; SYNTAXES.len()] = [Some(0); SYNTAXES.len()];
    let mut i = 0;
    while let Some(at) = next_opener(text, i) {
        i = at + 1;
        // `${{7*7}}`, `#{{7*7}}`: the `{{` is the expression.
        if text.get(at) != Some(&b'{') && text.get(at + 1..at + 3) == Some(b"{{") {
            continue;
        }
        let Some((k, syntax)) = SYNTAXES
            .iter()
            .enumerate()
            .find(|(_, s)| text.get(at..at + s.open.len()) == Some(s.open))
        else {
            continue;
        };
        let (Some(close_at), Some(open_at)) = (closers.get_mut(k), openers.get_mut(k)) else {
            continue;
        };
        let body_start = at + syntax.open.len();
        let Some(close) = next(text, syntax.close, body_start, close_at) else {
            continue;
        };
        // Another opener of the syntax before the closer: the innermost
        // is the expression (`{{{7*7}}}`), so each body is read once.
        if next(text, syntax.open, at + 1, open_at).is_some_and(|o| o < close) {
            continue;
        }
        let body = text.get(body_start..close).unwrap_or_default();
        if computes(syntax, body) && may_start(at) {
            found.push(Expression {
                start: at,
                end: close + syntax.close.len(),
                engines: syntax.engines,
                server_only: syntax.server_only,
                runtime: reaches_runtime(body)
                    || syntax.open == b"${" && is_commons_text_lookup(body.trim_ascii())
                    || matches!(syntax.open, b"<%" | b"#{") && ruby_shell(body),
            });
            i = close + syntax.close.len();
        }
    }
    found
}

/// Whether the two bytes `pair` open a template expression (or a Log4j
/// lookup, `${`), or start the opener of one (`#s` of `#set(`): what the
/// fast path turns away. A match on the bytes, for the fast path's loops;
/// a test holds it to [`SYNTAXES`]. Velocity's references, which no
/// delimiter opens, are [`may_start_reference`]'s.
pub(crate) fn opens(pair: &[u8]) -> bool {
    matches!(
        pair,
        [b'{', b'{' | b'%' | b'$']
            | [b'$' | b'#' | b'*' | b'%', b'{']
            | [b'<', b'%' | b'#']
            | [b'[', b'[' | b'#' | b'=']
            | [b'@', b'(']
            | [b'#', b's']
    )
}

/// Where the next opener starts at or after `from`: one step a byte.
fn next_opener(text: &[u8], from: usize) -> Option<usize> {
    let rest = text.get(from..)?;
    rest.windows(2).position(opens).map(|p| from + p)
}

/// Whether `body` (between `syntax`'s delimiters) computes: see the
/// module's documentation.
fn computes(syntax: &Syntax, body: &[u8]) -> bool {
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
fn ruby_shell(body: &[u8]) -> bool {
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
fn is_commons_text_lookup(body: &[u8]) -> bool {
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
fn reaches_runtime(body: &[u8]) -> bool {
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

/// `template-injection` for a text that is no URL (a request header's
/// value), whole: every opener may start an expression; `what` names the
/// text (`User-Agent header`).
pub(crate) fn text_template_warnings(text: &[u8], what: &str, out: &mut Vec<Warning>) {
    let found = template_expressions(text).into_iter().map(|e| {
        let span = Span::new(e.start, e.end);
        warning(&e, span.of(text), span, None, what)
    });
    list_then_fold(found, EXPRESSIONS, out);
}

/// `template-injection` for the input as written, whole: an expression
/// may span components (`/{{''.__class__.__mro__[2]}}` holds no '/', but
/// `('/etc/passwd')` does). `component_at` gives the component a byte is
/// in, and `label_at` its kind's label.
pub(crate) fn input_template_warnings(
    input: &[u8],
    component_at: impl Fn(usize) -> Option<usize>,
    label_at: impl Fn(usize) -> &'static str,
    out: &mut Vec<Warning>,
) {
    let found = expressions_starting(input, |at| component_at(at).is_some())
        .into_iter()
        // What only a server reads, in the fragment or reaching into it
        // (`?q=<#assign ...>`: the server is sent `q=<`), is read by none.
        .filter(|e| {
            !(e.server_only && (label_at(e.start) == FRAGMENT || label_at(e.end - 1) == FRAGMENT))
        })
        .map(|e| {
            let span = Span::new(e.start, e.end);
            warning(
                &e,
                span.of(input),
                span,
                component_at(e.start),
                label_at(e.start),
            )
        });
    list_then_fold(found, EXPRESSIONS, out);
}

/// The expressions of a component's `decoded` text that its text as
/// written (`raw`) does not already hold: those only decoding writes
/// (`%7B%7B7*7%7D%7D`).
pub(crate) fn decoded_only_expressions(raw: &[u8], decoded: &[u8]) -> Vec<Expression> {
    if decoded == raw {
        return Vec::new();
    }
    let written: Vec<Vec<u8>> = template_expressions(raw)
        .iter()
        .map(|e| super::lookup::fully_decoded(raw.get(e.start..e.end).unwrap_or_default()))
        .collect();
    let mut found = template_expressions(decoded);
    found.retain(|e| {
        let text = decoded.get(e.start..e.end).unwrap_or_default();
        !written.iter().any(|w| w == text)
    });
    found
}

/// `template-injection` for component `i` once decoded, where decoding
/// wrote an expression (`%7B%7B7*7%7D%7D`; the input as written is read
/// whole by [`input_template_warnings`]): the component is marked whole.
pub(crate) fn template_warnings(i: usize, c: &ComponentAnalysis, out: &mut Vec<Warning>) {
    let text = c.last_layer();
    let found = decoded_only_expressions(c.span.of(&c.input), text)
        .into_iter()
        .filter(|e| !(e.server_only && c.kind.label() == FRAGMENT))
        .map(|e| {
            let written = text.get(e.start..e.end).unwrap_or_default();
            warning(&e, written, c.span, Some(i), c.kind.label())
        });
    list_then_fold(found, EXPRESSIONS, out);
}

/// The warning of expression `e`, written `written`, at `span` of
/// component `component`, a `what` (its kind's label).
fn warning(
    e: &Expression,
    written: &[u8],
    span: Span,
    component: Option<usize>,
    what: &str,
) -> Warning {
    let reach = if e.runtime {
        " It reaches into the runtime (a class, a module, a process, an evaluator): a payload that runs code where it is rendered, not a probe."
    } else {
        ""
    };
    // The fragment never reaches a server: only a page's script reads it.
    let renders = if what == FRAGMENT {
        "a page script that renders the fragment as a template (a client-side framework such as AngularJS) evaluates it in the browser; the fragment never reaches a server".to_string()
    } else {
        format!("an application that renders this {what} as a template evaluates it")
    };
    let message = format!(
        "'{}' is a template expression ({}): {renders} (template injection).{reach}",
        quote(written),
        e.engines,
    );
    if e.runtime {
        Warning::for_case(Case::TemplateRuntime, vec![span], component, message)
    } else {
        Warning::new(
            WarningCode::TemplateInjection,
            vec![span],
            component,
            message,
        )
    }
}

mod smarty;
pub(crate) use smarty::may_start_tag;

#[cfg(test)]
mod tests;
