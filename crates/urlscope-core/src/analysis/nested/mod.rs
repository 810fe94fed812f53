//! Unfolding: the URLs and encoded payloads a URL carries, each found at
//! the component and decoding layer where it appears and analysed in turn.
//!
//! A value is a URL when a browser or an HTTP client would follow it as
//! one: an absolute URL (`https://x`, a special scheme with no slashes as
//! in `http:x`, `javascript:`, `data:`, `vbscript:`, `file:/`, any scheme
//! followed by `//` or by a second URL), or a scheme-relative reference
//! however a lax redirect check misses it (`//x`, `\\x`, `/\x`, `///x`,
//! after blanks or controls, with look-alike slashes). WHATWG's basic URL
//! parser (<https://url.spec.whatwg.org/#concept-basic-url-parser>)
//! strips the leading blanks and reads `\` as `/` in special URLs. Encoded
//! payloads are base64 and base64url (RFC 4648), hex, and JWTs (RFC 7519:
//! three base64url parts whose header is a JSON object naming its `alg`),
//! and the obfuscated spellings of [`obfuscated`]: a URL or base64 written
//! backwards, `%uXXXX` escapes, HTML character references. A payload's
//! text carries a URL when it is one, or when it holds one among other
//! text (`{"redirect":"https://x"}`, `Continue at https://x`), found as
//! [`crate::find`] finds URLs in prose; a text that carries none is
//! decoded again ([`payloads::buried_urls`]: base64 of base64, of JSON
//! holding base64, of a percent-encoded URL, a JWT claim holding base64),
//! each decoding a level of the depth. A `data:` URL carries its body
//! ([`data`]): the page a browser renders from it, whose links are where
//! it leads.
//!
//! Bounds: nesting is at most [`MAX_DEPTH`] deep, a URL carries at most
//! [`MAX_NESTED`] values, and the bytes analysed again in all nested
//! analyses together are at most the input's length (or 4 KiB), so the
//! work stays linear in the input whatever it holds.

use crate::analysis::component::{needs_provenance, ComponentAnalysis, Provenance};
use crate::analysis::{analyze_in, Options};
use crate::percent::decode_layers_of;
use crate::split::{ComponentKind, Span, Split};
use crate::warnings::{Warning, WarningCode};

pub(crate) mod data;
mod found;
mod gates;
mod obfuscated;
mod payloads;

use found::separator;
pub(crate) use found::{find_url, lax_slashes, payload_urls, text_carries_url, SCRIPT_SCHEMES};
pub(crate) use gates::carries_url;
use gates::{may_carry, may_hold_value, worth_a_look};
pub(crate) use payloads::{base64_payload, hex_payload, jwt};
use payloads::{buried_urls, carries_url_within};

/// How deep URLs are unfolded inside URLs.
pub const MAX_DEPTH: usize = 8;
/// How many values one URL's unfolding shows at most.
pub const MAX_NESTED: usize = 64;
/// How many of a carried URL's warnings are lifted to the URL that
/// carries it (its sub-report has them all).
pub(crate) const LIFTED_PER_VALUE: usize = 32;

/// What a nested value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NestedKind {
    /// A URL, absolute or protocol-relative.
    Url,
    /// Text in standard base64.
    Base64,
    /// Text in URL-safe base64 (`-` and `_`).
    Base64Url,
    /// Text in hexadecimal.
    Hex,
    /// A JSON Web Token (three base64url parts, the first two JSON).
    Jwt,
    /// A URL written backwards.
    Reversed,
    /// Base64 written backwards.
    ReversedBase64,
    /// Text in `%uXXXX` escapes (IIS, JavaScript's `unescape`).
    PercentU,
    /// Text in HTML character references (`&#104;`, `&colon;`).
    Entities,
    /// The body of a `data:` URL (RFC 2397), decoded: the page or file a
    /// browser renders from it. Its `via` names the media type.
    DataBody,
}

impl NestedKind {
    /// The JSON name: `url`, `base64`, `base64url`, `hex`, `jwt`,
    /// `reversed`, `reversed-base64`, `percent-u`, `html-entities`,
    /// `data`.
    pub fn name(self) -> &'static str {
        match self {
            NestedKind::Url => "url",
            NestedKind::Base64 => "base64",
            NestedKind::Base64Url => "base64url",
            NestedKind::Hex => "hex",
            NestedKind::Jwt => "jwt",
            NestedKind::Reversed => "reversed",
            NestedKind::ReversedBase64 => "reversed-base64",
            NestedKind::PercentU => "percent-u",
            NestedKind::Entities => "html-entities",
            NestedKind::DataBody => "data",
        }
    }

    /// The name in at most six columns, for a list: `url`, `base64`,
    /// `b64url`, `hex`, `jwt`, `rev`, `rb64`, `%u`, `html`, `data`.
    pub fn short_name(self) -> &'static str {
        match self {
            NestedKind::Base64Url => "b64url",
            NestedKind::Reversed => "rev",
            NestedKind::ReversedBase64 => "rb64",
            NestedKind::PercentU => "%u",
            NestedKind::Entities => "html",
            other => other.name(),
        }
    }
}

/// A value found inside the URL.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Nested {
    /// What was found.
    pub kind: NestedKind,
    /// The outer component it was found in.
    pub component: usize,
    /// The decoding layer it appears at (1 = decoded once).
    pub layer: usize,
    /// The outer input bytes that encode it.
    pub span: Span,
    /// How it is reached from the outer URL: `query value 'next' → base64`.
    pub via: String,
    /// Its text: the URL as found, or the decoded payload.
    pub text: String,
    /// For a URL: how it is written to slip past a same-site check
    /// (`a backslash for a slash`, `after an extra decoding layer`...).
    pub spelling: Vec<&'static str>,
    /// For a JWT: its header and payload JSON, and the claims that are
    /// strings.
    pub jwt: Option<Jwt>,
    /// For a URL: its own analysis, with what it carries in turn.
    pub analysis: Option<Box<crate::analysis::Analysis>>,
    /// For a payload: the URLs inside it.
    pub children: Vec<Nested>,
    /// For a URL: the outer bytes that write each place its analysis
    /// leads to (its destinations, its own first), and those of what each
    /// one's host imitates, marked as its lifted warnings are (by
    /// `lift`).
    pub(crate) leads_at: Vec<LeadsAt>,
}

/// The outer bytes that write one destination of a carried URL, and those
/// that write what its host imitates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeadsAt {
    pub(crate) span: Span,
    pub(crate) imitation: Option<Span>,
}

/// A JWT's readable parts.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Jwt {
    /// The header JSON, as decoded.
    pub header: String,
    /// The payload JSON, as decoded.
    pub payload: String,
    /// Each claim of the payload whose value is a string, in order.
    pub claims: Vec<(String, String)>,
}

/// How much unfolding is left: the depth reached and the bytes that may
/// still be analysed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    pub(crate) depth: usize,
    pub(crate) bytes: usize,
}

impl Budget {
    pub(crate) fn top(input_len: usize) -> Budget {
        Budget {
            depth: 0,
            bytes: input_len.max(4096),
        }
    }
}

/// The label of component `c` for a `via` path: `query value 'next'`.
pub(crate) fn component_label(c: &ComponentAnalysis, key: Option<&str>) -> String {
    match key {
        Some(key) => format!("{} '{}'", c.kind.label(), crate::text::quote_str(key)),
        None => c.kind.label().to_string(),
    }
}

/// The codes a nested analysis gives that are not lifted as they are: the
/// destination family is judged again from the outer URL (which knows the
/// chain), and junk around a nested value means nothing.
pub(crate) fn lifted_code(code: WarningCode) -> bool {
    !matches!(
        code,
        WarningCode::InternalDestination
            | WarningCode::OpenRedirect
            | WarningCode::SurroundingJunk
            // The outer readings are compared by the outer analysis; the
            // nested URL's own disagreement shows in its sub-report.
            | WarningCode::ParserDifferential
    )
}

/// Unfold what the components carry: the nested values, each analysed in
/// turn, and their warnings lifted to `lifted` with spans over the outer
/// bytes that encode them.
pub(crate) fn unfold(
    input: &[u8],
    parts: &Split,
    components: &[ComponentAnalysis],
    wrapper: Option<&crate::wrappers::Unwrapped>,
    options: &Options,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Vec<Nested> {
    let mut out = Vec::new();
    if budget.depth >= MAX_DEPTH {
        return out;
    }
    // A data: URL's path and query are its body, read whole as the page
    // it is: their pieces are no values of their own.
    let data = data_node(input, parts, components, options, budget, lifted);
    let is_data = data.is_some();
    out.extend(data);
    let wrapped = wrapper.and_then(|w| Wrapped::of(w, parts));
    // A carried URL is analysed as its own text: where that text is read
    // as a URL again from its first byte (`\\evil.example`, a relative
    // reference whose one path segment is that URL), it is the URL itself,
    // already a value of the URL that carries it, not one it carries.
    let itself = (budget.depth > 0)
        .then(|| find_url(input).map(|f| f.from))
        .flatten();
    let mut key = None;
    for (i, c) in components.iter().enumerate() {
        if values(&out) >= MAX_NESTED || budget.bytes == 0 {
            break;
        }
        if is_data && c.kind != ComponentKind::Fragment {
            continue;
        }
        if c.kind == ComponentKind::QueryKey {
            key = Some(c);
            continue;
        }
        // The bytes of a wrapper's own encoding are read by its unwrapping
        // alone (a component that starts in them may run on into the
        // wrapper's own trailer, Proofpoint v3's `__;!!...`).
        if wrapped
            .as_ref()
            .is_some_and(|w| w.own_encoding && w.span.contains(c.span.start))
        {
            continue;
        }
        // A layer turned away by the gate gives nothing, so a component
        // none of whose layers passes costs no label and no provenance.
        if !may_carry(c.kind) || !worth_a_look(c.raw()) || !c.layers().any(may_hold_value) {
            continue;
        }
        let key = match key {
            Some(key) if c.kind == ComponentKind::QueryValue => Some(key.decoded_lossy()),
            _ => None,
        };
        let label = component_label(c, key.as_deref());
        let raw = c.raw();
        let layers = needs_provenance(raw, c.form).then(|| decode_layers_of(input, c.span, c.form));
        let prov = Provenance {
            start: c.span.start,
            layers: layers.as_deref(),
        };
        for (li, layer) in c.layers().enumerate() {
            let at = Place {
                component: i,
                layer: li,
                label: &label,
                prov: &prov,
            };
            if find_url(layer)
                .is_some_and(|f| is_itself(input, itself, at.span(f.from, layer.len())))
            {
                break;
            }
            let room = MAX_NESTED - values(&out);
            if let Some(n) = unfold_value(layer, &at, room, options, budget, lifted) {
                out.push(n);
                break;
            }
        }
    }
    if values(&out) < MAX_NESTED && !is_data {
        out.extend(unfold_path(
            input, parts, components, options, budget, lifted, itself,
        ));
    }
    if let Some(w) = wrapped {
        if values(&out) < MAX_NESTED && !out.iter().any(|n| w.is(&n.text)) {
            out.push(w.node(components, options, budget, lifted));
        }
    }
    out
}

/// Whether a URL found at `found` in a nested analysis's input is that
/// input again: it starts where the input's own URL starts (`itself`, at
/// depth 1 and below), or past nothing but its leading slashes (`/ー` of
/// `/ーevil.example` reads as `///`, and its one path segment is
/// `ーevil.example`).
fn is_itself(input: &[u8], itself: Option<usize>, found: Span) -> bool {
    let Some(from) = itself else { return false };
    let Some(mut between) = input.get(from..found.start) else {
        return false;
    };
    while let Some((len, _, _)) = separator(between) {
        between = between.get(len..).unwrap_or_default();
    }
    between.iter().all(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
}

/// How many values `nodes` show: each node and each URL under it.
fn values(nodes: &[Nested]) -> usize {
    nodes.iter().map(|n| 1 + n.children.len()).sum()
}

/// The body of a `data:` URL whose body is text, decoded as far as the
/// budget allows, with each URL it carries analysed in turn: their
/// warnings point at the bytes that encode them (exactly in a
/// percent-encoded body, the whole body in base64).
fn data_node(
    input: &[u8],
    parts: &Split,
    components: &[ComponentAnalysis],
    options: &Options,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    let body = data::read(input, parts, budget.bytes)?;
    let via = format!("data: URL body ({})", body.media_type);
    let component_at = |at: usize| {
        components
            .iter()
            .rposition(|c| c.span.start <= at)
            .unwrap_or(0)
    };
    let text = body.text.as_bytes();
    let mut children = Vec::new();
    // A link in a page is written as a page writes links, to slip past
    // nothing: only a spelling of its own is said.
    // A namespace name (`xmlns="http://www.w3.org/2000/svg"`) or a DTD's
    // system identifier is written as a URL but names, and leads nowhere.
    let links = payload_urls(text).filter(|(at, _)| !data::names_no_place(text, at.start));
    for (at, spelling) in links.take(MAX_NESTED - 1) {
        let span = body.span_of(input, at.start, at.end);
        let mut child = url_node(at.of(text), via.clone(), spelling, options, budget);
        child.component = component_at(span.start);
        child.layer = 1;
        child.span = span;
        let len = at.end - at.start;
        lift(&mut child, lifted, |s| {
            body.span_of(
                input,
                at.start + s.start.min(len),
                at.start + s.end.min(len),
            )
        });
        children.push(child);
    }
    Some(Nested {
        kind: NestedKind::DataBody,
        component: component_at(body.span.start),
        layer: 1,
        span: body.span,
        via,
        text: body.text,
        spelling: Vec::new(),
        jwt: None,
        analysis: None,
        children,
        leads_at: Vec::new(),
    })
}

/// The destination a link protection's wrapper carries (Safe Links,
/// Proofpoint URL Defense...), as [`crate::wrappers::unwrap`] decodes it.
/// Where the unfolding found it as written (Safe Links' `url=`), that is
/// the node; where the wrapper encodes it its own way (Proofpoint's
/// `-3A` escapes), it is analysed here as any carried URL, its warnings
/// lifted onto the bytes that carry it.
struct Wrapped<'w> {
    target: &'w str,
    /// The target as a WHATWG parser reads it, to know it however the
    /// unfolding spelled it.
    parsed: Option<url::Url>,
    /// The outer bytes that carry it.
    span: Span,
    via: String,
    /// [`crate::wrappers::Wrapper::encodes_its_own`].
    own_encoding: bool,
    /// The bytes of the trimmed input that write each byte of the target
    /// ([`crate::wrappers::Unwrapped`]'s `written`), from `offset`.
    written: &'w [Span],
    offset: usize,
}

impl<'w> Wrapped<'w> {
    fn of(w: &'w crate::wrappers::Unwrapped, parts: &Split) -> Option<Wrapped<'w>> {
        let crate::wrappers::Carried::Url(target) = &w.carried else {
            return None;
        };
        let start = parts.trimmed.start;
        Some(Wrapped {
            target,
            parsed: url::Url::parse(target).ok(),
            span: w
                .at
                .map_or(parts.trimmed, |(s, e)| Span::new(start + s, start + e)),
            via: format!("link {} wraps", w.wrapper.vendor()),
            own_encoding: w.wrapper.encodes_its_own(),
            written: &w.written,
            offset: start,
        })
    }

    /// The outer bytes that write the bytes `s` of the target: those its
    /// decoder read them from, else all the bytes that carry it.
    fn outer(&self, s: Span) -> Span {
        written_span(self.written, s, |&w| w).map_or(self.span, |w| {
            Span::new(self.offset + w.start, self.offset + w.end)
        })
    }

    /// Whether a carried URL's text is this destination.
    fn is(&self, text: &str) -> bool {
        text == self.target
            || self
                .parsed
                .as_ref()
                .is_some_and(|p| url::Url::parse(text).is_ok_and(|u| u == *p))
    }

    /// The destination as a carried URL, analysed, in the component that
    /// holds its first byte; its warnings point at the bytes that write
    /// theirs, as the wrapper's decoder read them (Proofpoint v2's `-2F`
    /// for a '/', v3's `*` for the character it stands for).
    fn node(
        self,
        components: &[ComponentAnalysis],
        options: &Options,
        budget: &mut Budget,
        lifted: &mut Vec<Warning>,
    ) -> Nested {
        let span = self.span;
        let mut node = url_node(
            self.target.as_bytes(),
            self.via.clone(),
            Vec::new(),
            options,
            budget,
        );
        node.component = components
            .iter()
            .position(|c| c.span.contains(span.start))
            .unwrap_or(0);
        node.layer = 1;
        node.span = span;
        lift(&mut node, lifted, |s| self.outer(s));
        node
    }
}

/// Where in the outer URL a value is being read.
struct Place<'a> {
    component: usize,
    /// 0-based layer index.
    layer: usize,
    label: &'a str,
    prov: &'a Provenance<'a>,
}

impl Place<'_> {
    fn span(&self, from: usize, to: usize) -> Span {
        self.prov.span_range(self.layer, from, to.max(from + 1))
    }
}

/// One value of a component's layer, unfolded: a URL, a JWT, base64 or
/// hex carrying text, with at most `room` values in all (the payload and
/// the URLs in it).
fn unfold_value(
    layer: &[u8],
    at: &Place<'_>,
    room: usize,
    options: &Options,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
) -> Option<Nested> {
    if let Some(found) = find_url(layer) {
        let text = layer.get(found.from..).unwrap_or_default();
        let mut spelling = found.spelling;
        if at.layer > 0 {
            spelling.push("encoded again, so it appears only after a second decoding");
        }
        let span = at.span(found.from, layer.len());
        let mut node = url_node(text, at.label.to_string(), spelling, options, budget);
        node.component = at.component;
        node.layer = at.layer + 1;
        node.span = span;
        lift(&mut node, lifted, |s| {
            at.span(found.from + s.start, found.from + s.end)
        });
        return Some(node);
    }
    let span = at.span(0, layer.len());
    let layers = payload_layers(budget);
    let (kind, text, jwt) = if let Some(jwt) = jwt(layer) {
        (NestedKind::Jwt, jwt.payload.clone(), Some(jwt))
    } else {
        // Read forwards first; backwards or unescaped only when that
        // carries a URL where reading forwards carries none.
        let forward =
            base64_payload(layer).or_else(|| hex_payload(layer).map(|t| (NestedKind::Hex, t)));
        let carries = |t: &str| carries_url_within(t, layers);
        match forward {
            Some((kind, text)) if carries(&text) => (kind, text, None),
            forward => match obfuscated::decoded(layer).or(forward) {
                Some((kind, text)) => (kind, text, None),
                None => return None,
            },
        }
    };
    let via = format!("{} → {}", at.label, kind.name());
    let mut children = Vec::new();
    let mut inner: Vec<(String, String)> = match &jwt {
        Some(jwt) => jwt
            .claims
            .iter()
            .map(|(k, v)| {
                (
                    format!("{via} claim \"{}\"", crate::text::quote_str(k)),
                    v.clone(),
                )
            })
            .collect(),
        None => vec![(via.clone(), text.clone())],
    };
    let hidden = match kind {
        NestedKind::Reversed => "written backwards",
        NestedKind::ReversedBase64 => "in base64 written backwards",
        NestedKind::PercentU => "in %u escapes",
        NestedKind::Entities => "in HTML character references",
        _ => "hidden in an encoded payload",
    };
    let mut add = |child: Nested, children: &mut Vec<Nested>| {
        let mut child = child;
        child.component = at.component;
        child.layer = at.layer + 1;
        child.span = span;
        lift(&mut child, lifted, |_| span);
        children.push(child);
    };
    for (child_via, value) in inner.drain(..) {
        let room = room.saturating_sub(1 + children.len());
        let mut urls = payload_urls(value.as_bytes()).take(room).peekable();
        if urls.peek().is_none() {
            // None as it is: the payloads inside it, decoded in turn, each
            // level a layer deeper for the URLs found under it.
            for buried in buried_urls(&value, layers, room) {
                let url = buried.at.of(buried.text.as_bytes());
                let via = format!("{child_via} → {}", buried.steps.join(" → "));
                let mut spelling = buried.spelling;
                spelling.extend([hidden, "under more than one layer of encoding"]);
                let deeper = buried.steps.len();
                let child = url_node_under(url, via, spelling, options, budget, deeper);
                add(child, &mut children);
            }
            continue;
        }
        for (found, mut spelling) in urls {
            let url = found.of(value.as_bytes());
            spelling.push(hidden);
            let child = url_node(url, child_via.clone(), spelling, options, budget);
            add(child, &mut children);
        }
    }
    Some(Nested {
        kind,
        component: at.component,
        layer: at.layer + 1,
        span,
        via,
        text,
        spelling: Vec::new(),
        jwt,
        analysis: None,
        children,
        leads_at: Vec::new(),
    })
}

/// How many decodings under a payload the unfolding reads for URLs
/// ([`buried_urls`]) at `budget`'s depth: a URL under them is analysed
/// one level deeper for each, at most [`MAX_DEPTH`] deep.
pub(super) fn payload_layers(budget: &Budget) -> usize {
    MAX_DEPTH.saturating_sub(budget.depth + 1)
}

/// `nested` with each carried URL that `destinations` gives no place of
/// its own replaced by the values it carries in turn, reached through it
/// (their via, bytes and component those of the bytes that carry it).
/// That URL is the URL's own authority read again: in `https:\\evil.com/`
/// RFC 3986 reads the path `\\evil.com/`, whose first segment the
/// unfolding finds, and a browser reads it as the URL's own host; it is
/// listed as what it is, the URL's destination, not as a value carried.
pub(crate) fn without_own_authority(
    nested: &mut Vec<Nested>,
    destinations: &[crate::analysis::Destination],
) {
    let placed = |n: &Nested| {
        n.kind != NestedKind::Url
            || destinations
                .iter()
                .skip(1)
                .any(|d| d.span == n.span && d.via == n.via)
    };
    if nested.iter().all(placed) {
        return;
    }
    let mut out = Vec::with_capacity(nested.len());
    for n in nested.drain(..) {
        if placed(&n) {
            out.push(n);
            continue;
        }
        let Some(a) = n.analysis else { continue };
        out.extend(a.nested.into_iter().map(|mut v| {
            v.via = format!("{} → {}", n.via, v.via);
            v.span = n.span;
            v.component = n.component;
            v.layer = n.layer;
            // Its marks were on the bytes of `n`'s text; on these bytes
            // only the whole is known.
            v.leads_at.clear();
            v
        }));
    }
    *nested = out;
}

/// A URL node, analysed when the budget allows.
fn url_node(
    text: &[u8],
    via: String,
    spelling: Vec<&'static str>,
    options: &Options,
    budget: &mut Budget,
) -> Nested {
    url_node_under(text, via, spelling, options, budget, 0)
}

/// A URL node found under `deeper` decodings more than one the unfolding
/// reads at its depth, analysed as many levels deeper.
fn url_node_under(
    text: &[u8],
    via: String,
    spelling: Vec<&'static str>,
    options: &Options,
    budget: &mut Budget,
    deeper: usize,
) -> Nested {
    let analysis = (budget.bytes >= text.len()).then(|| {
        budget.bytes -= text.len();
        let mut inner = Budget {
            depth: (budget.depth + 1 + deeper).min(MAX_DEPTH),
            bytes: budget.bytes,
        };
        // A carried URL's warnings are lifted a fixed number at a time,
        // whatever their severity: its analysis is the same whatever the
        // threshold, low look-alikes included.
        let mut options = options.with_corrected(false);
        options.low_imitations = true;
        let a = analyze_in(text, &options, &mut inner);
        budget.bytes = inner.bytes;
        Box::new(a)
    });
    Nested {
        kind: NestedKind::Url,
        component: 0,
        layer: 0,
        span: Span::default(),
        via,
        text: String::from_utf8_lossy(text).into_owned(),
        spelling,
        jwt: None,
        analysis,
        children: Vec::new(),
        leads_at: Vec::new(),
    }
}

/// Lift a URL node's own warnings to the outer analysis: `map` takes a
/// span of the nested text to the outer bytes that encode it. Warnings of
/// one code, severity and layer about the same kind of component (each
/// `..` of a carried path, say) are lifted as one, with every span. The
/// places the node's analysis leads to are marked by the same `map`
/// (`Nested::leads_at`), so that a destination it carries in turn is
/// marked on its own bytes.
fn lift(node: &mut Nested, out: &mut Vec<Warning>, map: impl Fn(Span) -> Span) {
    let Some(a) = &node.analysis else { return };
    node.leads_at = a
        .destinations
        .iter()
        .map(|d| LeadsAt {
            span: map(d.span),
            imitation: d.imitates.as_ref().map(|i| map(i.span)),
        })
        .collect();
    lift_warnings(a, &node.via, LIFTED_PER_VALUE, out, map);
}

/// The warnings of `a`, a carried URL's analysis reached by `via`, lifted
/// to `out` (at most `limit` of them) as [`lift`] lifts them.
///
/// Spans that `map` takes onto the same outer bytes are one mark: a
/// decoding that cannot say which of its bytes wrote which (base64, the
/// whole of a payload) gives every finding the span of all of them, and
/// two '..' of the carried URL are then not two places on those bytes.
pub(crate) fn lift_warnings(
    a: &crate::analysis::Analysis,
    via: &str,
    limit: usize,
    out: &mut Vec<Warning>,
    map: impl Fn(Span) -> Span,
) {
    let first = out.len();
    let mut merged = 0;
    for w in a
        .warnings
        .iter()
        .filter(|w| lifted_code(w.code))
        .take(limit)
    {
        let inner = w.via.clone().unwrap_or_else(|| {
            w.component
                .and_then(|i| a.components.get(i))
                .map_or_else(|| "URL".to_string(), |c| c.kind.label().to_string())
        });
        let via = format!("{via} → {inner}");
        let mut spans: Vec<Span> = Vec::with_capacity(w.spans.len());
        for s in w.spans.iter().map(|&s| map(s)) {
            if !spans.contains(&s) {
                spans.push(s);
            }
        }
        let same = |l: &&mut Warning| {
            l.code == w.code
                && l.severity == w.severity
                && l.layer == w.layer
                && l.via.as_deref() == Some(via.as_str())
        };
        if let Some(earlier) = out.get_mut(first..).and_then(|o| o.iter_mut().find(same)) {
            for s in spans {
                if !earlier.spans.contains(&s) {
                    earlier.spans.push(s);
                }
            }
            earlier.span = earlier.spans.iter().copied().fold(earlier.span, Span::join);
            merged += 1;
            continue;
        }
        // Not the outer component's own finding (it is the carried
        // value's): no component, so folding and the component's own
        // warnings are as without it; `via` says where it is.
        let mut lifted =
            Warning::new(w.code, spans, None, w.message.clone()).with_severity(w.severity);
        lifted.layer = w.layer;
        lifted.via = Some(via);
        out.push(lifted);
    }
    if merged > 0 {
        for w in out.get_mut(first..).unwrap_or_default() {
            if w.spans.len() > 1 {
                let places = w.spans.len();
                let message = w.message.trim_end_matches('.');
                w.message = format!("{message} ({places} places in the carried URL).");
            }
        }
    }
}

/// The outer bytes that write the bytes `s` of a carried text, where
/// `written` holds, byte by byte, what the outer bytes that write each
/// one are (`span_of` reads them): those of its first to its last byte,
/// joined; for no bytes, the place where the byte at `s.start` is written
/// (or where the last one ends). `None` past the text.
pub(crate) fn written_span<T>(
    written: &[T],
    s: Span,
    span_of: impl Fn(&T) -> Span,
) -> Option<Span> {
    if s.is_empty() {
        let at = written
            .get(s.start)
            .map(|b| span_of(b).start)
            .or_else(|| written.last().map(|b| span_of(b).end))?;
        return Some(Span::new(at, at));
    }
    written
        .get(s.start..s.end)
        .and_then(|bytes| bytes.iter().map(span_of).reduce(Span::join))
}

/// URLs the path carries: a segment that is a scheme followed by `//`
/// (`/redirect/https://evil.example/`), or a path that itself starts with
/// `//` after an authority (`https://site//evil.example/`).
fn unfold_path(
    input: &[u8],
    parts: &Split,
    components: &[ComponentAnalysis],
    options: &Options,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
    itself: Option<usize>,
) -> Option<Nested> {
    let path = parts.path;
    let raw = path.of(input);
    let start = if parts.authority.is_some() && raw.starts_with(b"//") {
        Some(path.start)
    } else {
        components.iter().find_map(|c| {
            let seg = c.raw();
            let is_scheme_seg = c.kind == ComponentKind::PathSegment
                && seg.len() > 1
                && seg.ends_with(b":")
                && input.get(c.span.end..c.span.end + 2) == Some(b"//");
            is_scheme_seg.then_some(c.span.start)
        })
    }?;
    let span = Span::new(start, path.end);
    // Each decoded byte knows the bytes that wrote it, so the carried
    // URL's findings mark their own bytes (and the outer URL's same
    // finding on them is said once).
    let decoded = crate::percent::decode_layer(&crate::percent::raw_layer(input, span), false);
    let text = crate::percent::values(&decoded);
    let found = find_url(&text)?;
    if is_itself(input, itself, span) {
        return None;
    }
    // The first path segment at or after the start (a leading '/' is in
    // none).
    let component = components
        .iter()
        .position(|c| c.kind == ComponentKind::PathSegment && c.span.end >= start)
        .unwrap_or(0);
    let mut url = text.get(found.from..).unwrap_or_default();
    let mut spelling = found.spelling;
    // `jar:URL!/entry`: a Java client fetches the archive at URL, up to the
    // first `!/` (JarURLConnection), and reads the entry from it.
    let jar = parts
        .scheme
        .is_some_and(|s| s.of(input).eq_ignore_ascii_case(b"jar"));
    match memchr::memmem::find(url, b"!/").filter(|_| jar) {
        Some(bang) => {
            url = url.get(..bang).unwrap_or_default();
            spelling.push("the archive a Java client fetches for a jar: URL, up to its '!/'");
        }
        None => spelling.push("in the path, which servers that echo it as a redirect follow"),
    }
    let label = components
        .get(component)
        .map_or("path", |c| c.kind.label())
        .to_string();
    let mut node = url_node(url, label, spelling, options, budget);
    node.component = component;
    node.layer = 1;
    node.span = span;
    lift(&mut node, lifted, |s| {
        let s = Span::new(found.from + s.start, found.from + s.end);
        written_span(&decoded, s, |b| b.span).unwrap_or(span)
    });
    Some(node)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_a_redirect_would_follow() {
        for (text, from, tricky) in [
            ("https://evil.example/", 0, false),
            ("//evil.example", 0, false),
            ("\\\\evil.example", 0, true),
            ("/\\evil.example", 0, true),
            ("///evil.example", 0, true),
            ("  //evil.example", 2, true),
            ("<>//evil.example", 2, true),
            ("<>javascript:alert(1)", 2, true),
            ("\"https://evil.example\"", 1, true),
            ("\t//evil.example", 1, true),
            ("http:evil.example", 0, true),
            ("javascript:alert(1)", 0, false),
            ("JaVa\tScRiPt:alert(1)", 0, true),
            ("data:text/html,x", 0, false),
            ("/https://evil.example", 1, true),
            ("／／evil.example", 0, true),
            ("jar:http://127.0.0.1!/", 0, true),
            ("ldap://10.0.0.1/", 0, false),
            ("file:///etc/passwd", 0, false),
        ] {
            let found = find_url(text.as_bytes());
            assert_eq!(
                found.as_ref().map(|f| f.from),
                Some(from),
                "{text:?}: {found:?}"
            );
            assert_eq!(
                found.is_some_and(|f| !f.spelling.is_empty()),
                tricky,
                "{text:?}"
            );
        }
    }

    #[test]
    fn not_urls() {
        for text in [
            "/account",
            "account/settings",
            "user@example.com",
            "File:Example.jpg",
            "12:30",
            "mailto:someone@example.com",
            "a:b",
            "//",
            "urn:isbn:0451450523",
        ] {
            assert_eq!(find_url(text.as_bytes()), None, "{text:?}");
        }
    }

    #[test]
    fn a_payload_carries_the_urls_in_its_text() {
        let urls = |text: &str| -> Vec<String> {
            payload_urls(text.as_bytes())
                .map(|(at, _)| text[at.range()].to_string())
                .collect()
        };
        // A text that is a URL is read whole, as a redirect reads it.
        assert_eq!(urls("https://a.example/ b"), ["https://a.example/ b"]);
        assert_eq!(
            urls(r#"{"redirect":"https://evil.example/x"}"#),
            ["https://evil.example/x"]
        );
        assert_eq!(
            urls("Continue at https://evil.example, or javascript:alert(1)."),
            ["https://evil.example", "javascript:alert(1)"]
        );
        assert_eq!(
            urls(r#"<meta http-equiv="refresh" content="0;url=http://127.0.0.1/">"#),
            ["http://127.0.0.1/"]
        );
        // A name without a scheme, or defanged, is no link a page follows.
        assert!(urls("see www.evil.example or evil[.]example").is_empty());
        assert!(urls("hxxp[:]//evil.example").is_empty());
        assert!(!text_carries_url(b"Note: nothing here"));
    }

    #[test]
    fn a_data_url_unfolds_into_its_body() {
        let url = "data:text/html,%3Ciframe%20src=%22http://169.254.169.254/%22%3E#x";
        let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
        let [body] = a.nested.as_slice() else {
            panic!("{:?}", a.nested)
        };
        assert_eq!(body.kind, NestedKind::DataBody);
        assert_eq!(body.via, "data: URL body (text/html)");
        assert_eq!(body.text, r#"<iframe src="http://169.254.169.254/">"#);
        let [link] = body.children.as_slice() else {
            panic!("{:?}", body.children)
        };
        assert_eq!(&url[link.span.range()], "http://169.254.169.254/");
        assert!(link.analysis.is_some());
        // Not a text body, or not a data: URL: nothing of the kind.
        for url in [
            "data:image/png;base64,iVBORw0KGgo=",
            "https://example.com/data:,x",
        ] {
            let a = crate::analysis::analyze(url.as_bytes(), &Options::default());
            assert!(
                a.nested.iter().all(|n| n.kind != NestedKind::DataBody),
                "{url}"
            );
        }
    }

    #[test]
    fn payloads() {
        assert_eq!(
            base64_payload(b"aHR0cHM6Ly9ldmlsLmV4YW1wbGUv"),
            Some((NestedKind::Base64, "https://evil.example/".to_string()))
        );
        assert_eq!(base64_payload(b"0123456789abcdef"), None);
        assert_eq!(
            hex_payload(b"68747470733a2f2f6576696c2e6578616d706c65"),
            Some("https://evil.example".to_string())
        );
        assert_eq!(hex_payload(b"d41d8cd98f00b204e9800998ecf8427e"), None);
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJodHRwOi8vMTY5LjI1NC4xNjkuMjU0LyJ9.c2ln";
        let jwt = jwt(token.as_bytes()).expect("a JWT");
        assert_eq!(
            jwt.claims,
            vec![("url".to_string(), "http://169.254.169.254/".to_string())]
        );
    }
}
