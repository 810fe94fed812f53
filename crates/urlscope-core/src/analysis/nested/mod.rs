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
//! it leads. The directory a Log4j lookup names (`${jndi:ldap://x/a}`,
//! [`lookup`]) is where a vulnerable server that logs the URL connects.
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
mod data_body;
mod digits;
mod found;
pub(crate) mod fragment;
mod gates;
mod lift;
pub(crate) mod lookup;
mod model;
mod obfuscated;
mod path;
mod payloads;
#[cfg(test)]
mod tests;
mod value;
mod wrapped;

use data_body::data_node;
pub use digits::DigitRow;
use found::separator;
pub(crate) use found::{find_url, lax_slashes, payload_urls, text_carries_url, SCRIPT_SCHEMES};
pub(crate) use fragment::fragment_param_label;
use fragment::unfold_fragment_params;
pub(crate) use gates::carries_url;
pub(crate) use gates::may_carry;
use gates::{may_hold_value, worth_a_look};
use lift::lift;
pub(crate) use lift::{lift_warnings, written_span};
pub use model::{Jwt, Nested, NestedKind};
pub(crate) use path::handed_to_application;
use path::{unfold_path, unfold_query};
pub(crate) use payloads::{base64_payload, hex_payload, jwt};
use value::unfold_value;
use wrapped::Wrapped;

/// How deep URLs are unfolded inside URLs.
pub const MAX_DEPTH: usize = 8;
/// How many values one URL's unfolding shows at most.
pub const MAX_NESTED: usize = 64;

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

/// The keys and claims whose value names a party or a resource rather
/// than a page anyone is sent to (RFC 7519's `iss`, `sub`, `aud`, `jti`;
/// OpenID Connect's `azp`, `sid`, `nonce` and the user's `picture`,
/// `profile` and `website`; OAuth's client, scopes, resource indicator
/// and error page; the authentication context classes and methods a
/// request asks for, `acr_values`; OpenID 2.0's identifiers and realm;
/// WS-Federation's realm, `wtrealm`; a SAML request's signature algorithm,
/// `SigAlg`, and a service provider's `entityID`, which a discovery
/// service is asked for): an identity provider writes its own URL as
/// `iss` and the API's as `aud` in every token it signs, Google's scopes
/// and XML Signature's algorithms are URLs, and no one is sent there.
pub(crate) const NAMING_KEYS: [&str; 29] = [
    "iss",
    "sub",
    "aud",
    "jti",
    "azp",
    "sid",
    "nonce",
    "idp",
    "client_id",
    "scope",
    "scp",
    "picture",
    "profile",
    "website",
    "issuer",
    "audience",
    "resource",
    "error_uri",
    "xmlns",
    "openid.ns",
    "openid.identity",
    "openid.claimed_id",
    "openid.realm",
    "wtrealm",
    "acr_values",
    "acr",
    "amr",
    "SigAlg",
    "entityID",
];

/// Whether `via` is the whole value of a query or fragment parameter
/// whose key is one of the [`NAMING_KEYS`] (`query value 'scope'`,
/// `fragment parameter 'iss'`): a URL there identifies, and is no
/// redirect's target.
pub(crate) fn names_rather_than_links(via: &str) -> bool {
    parameter_key(via).is_some_and(|(_, key)| {
        NAMING_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key)) || is_openid2_naming(key)
    })
}

/// Whether `key` is an OpenID 2.0 request's key other than its return
/// address (`openid.return_to`): its extensions' namespaces
/// (`openid.ns.pape`), attribute types (`openid.ax.type.email`) and
/// policies name specifications, and no one is sent there.
fn is_openid2_naming(key: &str) -> bool {
    key.get(..7)
        .is_some_and(|p| p.eq_ignore_ascii_case("openid."))
        && !key.eq_ignore_ascii_case("openid.return_to")
}

/// The key of a `via` that is the whole value of a query parameter
/// (`query value 'next'`: [`ComponentKind::QueryValue`]) or of a fragment
/// parameter (`fragment parameter 'iss'`: [`ComponentKind::Fragment`]),
/// with which of the two.
pub(crate) fn parameter_key(via: &str) -> Option<(ComponentKind, &str)> {
    let query = ComponentKind::QueryValue.label();
    let fragment = ComponentKind::Fragment.label();
    let (kind, rest) = match via.strip_prefix(query) {
        Some(rest) => (ComponentKind::QueryValue, rest),
        None => (
            ComponentKind::Fragment,
            via.strip_prefix(fragment)?.strip_prefix(" parameter")?,
        ),
    };
    Some((kind, rest.strip_prefix(" '")?.strip_suffix('\'')?))
}

/// The label of component `c` for a `via` path: `query value 'next'`.
pub(crate) fn component_label(c: &ComponentAnalysis, key: Option<&str>) -> String {
    match key {
        Some(key) => format!("{} '{}'", c.kind.label(), crate::text::quote_str(key)),
        None => c.kind.label().to_string(),
    }
}

/// The label of component `i` for a `via` path, with its key when it is a
/// query value (the component before it: the split gives a value right
/// after its key).
pub(crate) fn label_of(components: &[ComponentAnalysis], i: usize) -> String {
    let Some(c) = components.get(i) else {
        return "URL".to_string();
    };
    let key = i
        .checked_sub(1)
        .and_then(|k| components.get(k))
        .filter(|k| c.kind == ComponentKind::QueryValue && k.kind == ComponentKind::QueryKey)
        .map(|k| k.decoded_lossy());
    component_label(c, key.as_deref())
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
        // What it still carries, in a component's value or across the
        // path's parts (`/https://evil.example/`), is not unfolded: said,
        // so that a link nested past the limit (nine Safe Links around a
        // look-alike) does not pass unseen.
        let carrying = components
            .iter()
            .enumerate()
            .find(|(_, c)| carries_url(c.decoded()))
            .map(|(i, c)| (c.span, Some(i), c.kind.label()))
            .or_else(|| {
                let path = parts.path;
                (!path.is_empty() && text_carries_url(path.of(input)))
                    .then_some((path, None, "path"))
            });
        if let Some((span, index, place)) = carrying {
            lifted.push(Warning::new(
                WarningCode::NestingLimit,
                vec![span],
                index,
                format!(
                    "The {place} still carries a URL {MAX_DEPTH} levels down, where urlscope unfolds no deeper: where it leads is not analysed."
                ),
            ));
        }
        return out;
    }
    // A carried URL is analysed as its own text: where that text is read
    // as a URL again from its first byte (`\\evil.example`, a relative
    // reference whose one path segment is that URL), it is the URL itself,
    // already a value of the URL that carries it, not one it carries.
    let itself = (budget.depth > 0)
        .then(|| find_url(input).map(|f| f.from))
        .flatten();
    let at = Unfolding {
        input,
        parts,
        components,
        itself,
        options,
    };
    // A data: URL's path and query are its body, read whole as the page
    // it is: their pieces are no values of their own.
    let data = data_node(&at, budget, lifted);
    let is_data = data.is_some();
    out.extend(data);
    let wrapped = wrapper.and_then(|w| Wrapped::of(w, parts));
    for (i, c) in components.iter().enumerate() {
        if values(&out) >= MAX_NESTED || budget.bytes == 0 {
            break;
        }
        if is_data && c.kind != ComponentKind::Fragment {
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
        let whole = unfold_component(&at, i, budget, lifted, &mut out);
        // A fragment written as a query that carries nothing whole: its
        // parameters' values, each apart. (Read after, so that a parameter
        // added to a fragment that is a URL cannot hide that URL.)
        if !whole && c.kind == ComponentKind::Fragment {
            unfold_fragment_params(&at, i, c.span, budget, lifted, &mut out);
        }
    }
    if values(&out) < MAX_NESTED && !is_data {
        out.extend(unfold_path(&at, budget, lifted));
    }
    if values(&out) < MAX_NESTED && !is_data {
        out.extend(unfold_query(&at, budget, lifted));
    }
    if values(&out) < MAX_NESTED {
        let room = MAX_NESTED - values(&out);
        let found = lookup::unfold_lookups(&at, &out, room, budget, lifted);
        out.extend(found);
    }
    if let Some(w) = wrapped {
        if values(&out) < MAX_NESTED && !out.iter().any(|n| w.is(&n.text)) {
            out.push(w.node(components, options, budget, lifted));
        }
    }
    out
}

/// What component `i` carries, read whole at each of its layers, into
/// `out`: whether it carried anything.
fn unfold_component(
    at: &Unfolding<'_>,
    i: usize,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
    out: &mut Vec<Nested>,
) -> bool {
    let components = at.components;
    let Some(c) = components.get(i) else {
        return false;
    };
    // A layer turned away by the gate gives nothing, so a component none
    // of whose layers passes costs no label and no provenance.
    if !may_carry(c.kind) || !worth_a_look(c.raw()) || !c.layers().any(may_hold_value) {
        return false;
    }
    let label = label_of(components, i);
    let raw = c.raw();
    let layers = needs_provenance(raw, c.form).then(|| decode_layers_of(at.input, c.span, c.form));
    let prov = Provenance {
        start: c.span.start,
        layers: layers.as_deref(),
    };
    let place = Place {
        component: i,
        layer: 0,
        label: &label,
        prov: &prov,
    };
    unfold_first_layer(at, c.layers(), &place, budget, lifted, out)
}

/// What every unfolder reads: the input, its parts and components, where
/// its own URL starts ([`is_itself`]), the options.
struct Unfolding<'a> {
    input: &'a [u8],
    parts: &'a Split,
    components: &'a [ComponentAnalysis],
    itself: Option<usize>,
    options: &'a Options,
}

/// The first of a value's `layers` (its decodings) that carries anything,
/// unfolded into `out` at `place` (its layer counted from the first):
/// whether one did. A layer that is the URL itself ends the search.
fn unfold_first_layer<'l>(
    at: &Unfolding<'_>,
    layers: impl Iterator<Item = &'l [u8]>,
    place: &Place<'_>,
    budget: &mut Budget,
    lifted: &mut Vec<Warning>,
    out: &mut Vec<Nested>,
) -> bool {
    for (li, layer) in layers.enumerate() {
        let place = Place {
            layer: li,
            ..*place
        };
        if find_url(layer)
            .is_some_and(|f| is_itself(at.input, at.itself, place.span(f.from, layer.len())))
        {
            return false;
        }
        let room = MAX_NESTED - values(out);
        if let Some(n) = unfold_value(layer, &place, room, at.options, budget, lifted) {
            out.push(n);
            return true;
        }
    }
    false
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

/// Where in the outer URL a value is being read.
#[derive(Clone, Copy)]
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

/// How many decodings under a payload the unfolding reads for URLs
/// ([`buried_urls`](payloads::buried_urls)) at `budget`'s depth: a URL
/// under them is analysed one level deeper for each, at most
/// [`MAX_DEPTH`] deep.
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
        encoded: None,
    }
}
