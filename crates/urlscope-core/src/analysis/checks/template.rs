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

mod body;
mod velocity;

use body::{computes, is_commons_text_lookup, reaches_runtime, ruby_shell};
pub(crate) use velocity::may_start_reference;
use velocity::velocity_references;

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
    /// Whether it reaches the runtime ([`RUNTIME_WORDS`](body::RUNTIME_WORDS)).
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
