//! What a URL's own analysis takes from what it carries: the findings of
//! a link protection's destination, analysed and lifted onto the bytes
//! that write it ([`lift_wrapped`]); a lifted finding said once where the
//! URL's own checks say it already ([`says_the_same`]); and what a known
//! wrapper writes itself, which is no finding
//! ([`the_wrappers_own_writing`]).

use super::{analyze_in, nested, sort_warnings, Analysis, Destination, Options};
use crate::split::{Span, Split};
use crate::warnings::{Severity, Warning, WarningCode};

/// A link protection's destination that the unfolding could not read
/// (Proofpoint's encodings are its own) is analysed here, and its findings
/// lifted onto the bytes that write them, as the wrapper's decoder read
/// them (see [`crate::wrappers::Unwrapped`]). Every analysis does so, a
/// carried URL's too, so a wrapper inside a wrapper (Safe Links around
/// Proofpoint) reaches the last destination; the budget bounds the depth
/// and the bytes as for the unfolding.
pub(super) fn lift_wrapped(a: &mut Analysis, options: &Options, budget: &mut nested::Budget) {
    let Some(at) = a
        .destinations
        .iter()
        .position(|d| d.through.is_some() && d.component.is_none() && !d.via.is_empty())
    else {
        return;
    };
    let Some(d) = a.destinations.get(at) else {
        return;
    };
    // The destination as the wrapper's decoder wrote it (the destination's
    // target is that text as a browser resolves it, `..` and all gone),
    // and the bytes that write each of its bytes; for the domain a wrapper
    // that keeps the destination names (Mimecast), the place it names,
    // all on the bytes of the name.
    let wrapper = a.destinations.first().and_then(|own| own.wrapper.as_ref());
    let (text, written) = match wrapper.map(|w| (&w.carried, &w.written)) {
        Some((crate::wrappers::Carried::Url(text), written)) => (text.clone(), written.clone()),
        _ => (d.target.clone(), Vec::new()),
    };
    // Decoding may expand a little (Proofpoint's runs); never much.
    if text.len() > a.input.len().saturating_mul(2)
        || budget.depth >= nested::MAX_DEPTH
        || budget.bytes < text.len()
    {
        return;
    }
    budget.bytes -= text.len();
    let mut inner_budget = nested::Budget {
        depth: budget.depth + 1,
        bytes: budget.bytes,
    };
    let mut options = options.with_corrected(false);
    options.low_imitations = true;
    let inner = analyze_in(text.as_bytes(), &options, &mut inner_budget);
    budget.bytes = inner_budget.bytes;
    let (span, via) = (d.span, d.via.clone());
    let from = a.split.trimmed.start;
    let outer = |s: Span| {
        nested::written_span(&written, s, |&w| w)
            .map_or(span, |w| Span::new(from + w.start, from + w.end))
    };
    // What its host imitates, on the bytes that write it.
    let imitates = inner
        .destinations
        .first()
        .and_then(|own| own.imitates.clone())
        .map(|i| crate::sites::Imitation {
            span: outer(i.span),
            ..i
        });
    if let Some(d) = a.destinations.get_mut(at) {
        d.imitates = imitates;
    }
    let mut lifted = Vec::new();
    nested::lift_warnings(&inner, &via, nested::MAX_NESTED, &mut lifted, outer);
    // Said once, as for the URLs the unfolding reached: the bytes that
    // carry the destination are often a whole query value, which the
    // URL's own checks may mark whole (`sensitive-file` on a Safe Links
    // `url=` naming `/etc/passwd`).
    lifted.retain(|l| !says_the_same(&a.warnings, l));
    if !lifted.is_empty() {
        a.warnings.extend(lifted);
        sort_warnings(&mut a.warnings);
    }
}

/// Whether `lifted`, a warning of a carried value lifted onto the bytes
/// that carry it, says what the URL's own warnings `own` already say: the
/// same rule at the same severity, and every byte it marks marked by the
/// own warnings of that rule and severity, by one of them or by several
/// together; or, for a low or info note on how an escape is spelled,
/// every byte marked by the own `double-encoding` (below).
///
/// Their words differ at most in the component they name and in how
/// closely they mark it. `?next=\\evil.com` has 'a raw backslash in the
/// query value' of its own and, from the URL it carries (whose path
/// segment is `\\evil.com`), 'a raw backslash in the path segment', the
/// same two bytes read the same way. In
/// `https://a.example/go/https://evil.example/a/%2e%2e/%2e%2e/etc/passwd`
/// the carried URL's two `..` are one warning marking both escapes, which
/// the URL's own checks mark as one warning each, and its path, which
/// names `etc/passwd`, lies inside the URL's own path, which names the
/// same file. Escaped carriers read the same: in
/// `?next=https%3A%2F%2Fevil.example%2F..%2Fetc%2Fpasswd` the carried
/// `..` (two bytes) lies inside the own `..%2F`. A carried value that is
/// the URL itself as a browser reads it (`https:\\evil.com/`) finds what
/// the URL's own checks found, in the same words.
///
/// The URL's own warning is the one kept, even where the lifted one marks
/// fewer bytes (in the first example, the carried path, bytes 42-69,
/// inside the whole path, 17-69): it holds of the URL as given, whether or
/// not anyone follows what it carries; it names its component, so the
/// component list and the inspector mark that component and
/// [`Analysis::warnings_of`] finds it; and it says how the bytes are
/// written ('..' spelled '%2e%2e'), which the carried URL, read after a
/// decoding, no longer sees. The lifted span is narrower only because the
/// carried path is part of the outer one; both name the same file. The
/// carried value's own report ([`Analysis::nested`]) keeps its warning.
///
/// A carried URL's note on how one of its escapes is spelled,
/// `encoded-unreserved` (low) or `lowercase-hex` (info), is said already
/// where the URL's own `double-encoding` marks all its bytes. The carried
/// URL's escape is then, in the URL as given, an escape inside an escape:
/// in `https://a.example/go/https://b.example/%252e%252e/etc/passwd` the
/// carried URL reads `%2e` where the URL writes `%252e`. The URL's own
/// checks judge an escape's spelling only as it is written, never on a
/// layer a decoding reveals (its own `%252e` gets no
/// `encoded-unreserved`): that is `double-encoding`'s to say, and it
/// does, at a higher severity, on each such escape, showing the inner one
/// as the carried URL writes it and what it stands for ('%252e' → '%2e'
/// → '.'). The carried URL, read after that decoding, would otherwise be
/// the one reading to note those bytes' inner spelling. Findings about
/// what an escape does rather than how it is written (`encoded-slash`: a
/// segment split; `malformed-escape`, `nonstandard-escape`: decoders
/// disagree) are kept, and so is a note on bytes no own `double-encoding`
/// marks (Proofpoint v2's `-252e`, which the URL's own reading sees as no
/// escape at all).
///
/// Any other lifted warning that marks a byte the own warnings of its
/// rule and severity do not, or says a rule or severity they do not, says
/// something more, and is kept whole. A mark of no bytes (a finding about
/// an empty component, at its place) is said already only by an own mark
/// at the same place.
pub(super) fn says_the_same(own: &[Warning], lifted: &Warning) -> bool {
    if lifted.spans.is_empty() {
        return false;
    }
    let spells_an_escape = matches!(
        lifted.code,
        WarningCode::EncodedUnreserved | WarningCode::LowercaseHex
    ) && lifted.severity <= Severity::Low;
    let says = |w: &Warning| {
        (w.code == lifted.code && w.severity == lifted.severity)
            || (spells_an_escape && w.code == WarningCode::DoubleEncoding)
    };
    let mut marked: Vec<Span> = own
        .iter()
        .filter(|w| says(w))
        .flat_map(|w| w.spans.iter().copied())
        .collect();
    if marked.is_empty() {
        return false;
    }
    marked.sort_unstable();
    lifted.spans.iter().all(|&s| {
        if s.is_empty() {
            return marked.contains(&s);
        }
        // Walk the own marks in order from the span's first byte: it is
        // covered when they reach its end with no gap.
        let mut covered = s.start;
        for m in marked.iter().filter(|m| !m.is_empty()) {
            if m.start > covered {
                break;
            }
            covered = covered.max(m.end);
            if covered >= s.end {
                return true;
            }
        }
        false
    })
}

/// What a known wrapper writes itself is no finding:
/// - the escaped slashes of a URL it carries in a path segment (Amazon
///   SES, Cisco Secure Email): it reads them back as its destination,
///   which is analysed as a destination, and no server splits that segment
///   at them, so they are no `encoded-slash`;
/// - the `%0A` that ends each base64 value of Proofpoint v1's own
///   parameters (`k`, `r`, `m`), its encoder's newline: no `crlf`.
pub(super) fn the_wrappers_own_writing(
    parts: &Split,
    own: Option<&Destination>,
    warnings: &mut Vec<Warning>,
) {
    let Some(w) = own.and_then(|d| d.wrapper.as_ref()) else {
        return;
    };
    let (crate::wrappers::Carried::Url(_), Some((start, end))) = (&w.carried, w.at) else {
        return;
    };
    let carrier = Span::new(parts.trimmed.start + start, parts.trimmed.start + end);
    let carried = |w: &Warning| carrier.contains(w.span.start) && w.span.end <= carrier.end;
    let proofpoint_v1 = w.wrapper == crate::wrappers::Wrapper::ProofpointV1;
    warnings.retain(|w| match w.code {
        WarningCode::EncodedSlash => !carried(w),
        WarningCode::Crlf => !proofpoint_v1 || carried(w),
        _ => true,
    });
}
