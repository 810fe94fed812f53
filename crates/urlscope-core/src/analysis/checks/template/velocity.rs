//! Velocity's references that reach the runtime, which no delimiter
//! opens (`$e.getClass().forName("java.lang.Runtime")`).

use super::Expression;

/// The longest Velocity reference read ([`velocity_references`]): a
/// payload's chain of calls is a few hundred bytes; reading no further
/// keeps a text of `$a.b(` linear.
const LONGEST_REFERENCE: usize = 1024;

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
pub(super) fn velocity_references(
    text: &[u8],
    may_start: impl Fn(usize) -> bool,
) -> Vec<Expression> {
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
