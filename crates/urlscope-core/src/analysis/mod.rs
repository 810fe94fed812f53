//! The analysis every front end renders: [`analyze`] takes the input bytes
//! and returns an [`Analysis`] with the components, their decoded bytes and
//! UTF-8 annotation, the warnings, the WHATWG reading and the corrected URLs.
//!
//! It never fails and never panics; the work is linear in the input (each
//! component is decoded at most [`MAX_LAYERS`](crate::percent::MAX_LAYERS)
//! times).

pub(crate) mod address_bar;
mod bytes;
pub(crate) mod checks;
mod component;
mod destination;
mod folding;
mod host;
pub(crate) mod lax;
mod leads;
mod lifting;
mod memo;
mod nested;
mod pasted;
pub(crate) mod report;
#[cfg(test)]
mod tests;
mod whatwg;

pub use crate::services::{HostingKind, SharedHosting, Shortened};
pub use address_bar::{Assumed, HostLike, FILE_LIKE_SUFFIXES};
pub use bytes::{char_info, ByteRow, CharInfo};
pub use component::ComponentAnalysis;
pub use destination::{
    classify_host, destination_host, BrowserRefusal, Destination, HostClass, OtherReading, Peer,
    Reach, Reader,
};
pub use folding::LISTED_PER_CODE;
pub(crate) use host::lax_ipv4;
pub use host::HostReading;
pub use leads::{Opening, OtherOpening};
pub(crate) use nested::carries_url;
pub use nested::{DigitRow, Jwt, Nested, NestedKind, MAX_DEPTH, MAX_NESTED};
pub(crate) use pasted::defanged_host;
pub use whatwg::{ReadingField, Readings, WhatwgReading};

use crate::analysis::folding::Listing;
use crate::analysis::host::host_reading;
use crate::analysis::lax::lax_parts;
use crate::analysis::memo::{Checked, Memo};
use crate::analysis::whatwg::{reading_from_base, whatwg_may_differ, whatwg_reading};
use crate::clean::clean_and_normalize;
use crate::split::{ComponentKind, Span, Split};
use crate::targets::{HeldPart, TargetScan};
use crate::warnings::{CodeSet, Severity, Warning};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

/// What the analysis does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Read `+` as a space in query keys and values (form rules).
    pub form: bool,
    /// Compare with a WHATWG URL Standard parse (`parser-differential`).
    pub whatwg: bool,
    /// Compute the cleaned and normalized URLs (`Analysis::clean`,
    /// `Analysis::normalized`); off, they are left empty (triage needs
    /// only the warnings).
    pub corrected: bool,
    /// Read a URL pasted defanged (`hxxps://evil[.]example/`) as the URL
    /// it stands for ([`crate::defang::reads_defanged`]).
    pub refang: bool,
    /// Read input with no scheme that starts with a host name
    /// (`www.paypa1.com/x`, `paypa1.com`, `10.0.0.1:8080/`) as a browser's
    /// address bar reads it, `http://` in front ([`Analysis::assumed`]);
    /// off, it is the relative reference RFC 3986 reads.
    pub address_bar: bool,
    /// Search the top sites' look-alikes, which are only ever `low`:
    /// off when only warnings at medium or above are wanted (triage at
    /// `scan`'s threshold), which spares building their index.
    pub(crate) low_imitations: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            form: true,
            whatwg: true,
            corrected: true,
            refang: true,
            address_bar: true,
            low_imitations: true,
        }
    }
}

impl Options {
    /// Options with the corrected URLs computed or not.
    pub fn with_corrected(mut self, corrected: bool) -> Options {
        self.corrected = corrected;
        self
    }

    /// Options with form rules on or off.
    pub fn with_form(mut self, form: bool) -> Options {
        self.form = form;
        self
    }

    /// Options with defanged input read as its URL, or as it is.
    pub fn with_refang(mut self, refang: bool) -> Options {
        self.refang = refang;
        self
    }

    /// Options with a scheme-less host read as an address bar reads it,
    /// or as the relative reference it is to RFC 3986.
    pub fn with_address_bar(mut self, address_bar: bool) -> Options {
        self.address_bar = address_bar;
        self
    }
}

/// Everything known about one input.
///
/// Two analyses are equal when everything they report is, the WHATWG
/// reading included, whether or not it has been parsed yet.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Analysis {
    /// The input, as given (or, when it was pasted defanged, the URL it
    /// stands for: see [`Analysis::defanged`]): every [`Span`] of the
    /// analysis points into it.
    pub input: Vec<u8>,
    /// When the input was pasted defanged: the text as pasted and each
    /// spelling undone, with spans into the pasted text.
    pub defanged: Option<crate::defang::Defanged>,
    /// When the input has no scheme but starts with a host name
    /// (`www.paypa1.com/x`): the scheme it is read with, as a browser's
    /// address bar reads it. The split then reads the host where it is
    /// (as if `//` stood before it), so spans still point into the input.
    pub assumed: Option<Assumed>,
    /// The RFC 3986 outline (scheme, authority, path, query and fragment
    /// spans); its `components` list is left empty, as
    /// [`Analysis::components`] holds them, decoded.
    pub split: Split,
    /// Every component in URL order, decoded.
    pub components: Vec<ComponentAnalysis>,
    /// The warnings in report order: by first byte, the worst first. A
    /// code with many findings in one component is folded into a summary
    /// (see [`Analysis::warnings_of`]).
    pub warnings: Vec<Warning>,
    /// The cleaned URL: illegal characters encoded, meaning kept.
    pub clean: String,
    /// The byte ranges of `clean` that differ from the input.
    pub clean_changes: Vec<Span>,
    /// The normalized URL (RFC 3986 §6.2.2).
    pub normalized: String,
    /// The host read every way that matters, when there is one.
    pub host: Option<HostReading>,
    /// What the URL carries (URLs, base64, hex, JWTs), each analysed in
    /// turn.
    pub nested: Vec<Nested>,
    /// Every place the URL leads to: itself first, then what it carries.
    pub destinations: Vec<Destination>,
    /// The WHATWG reading (see [`Analysis::whatwg`]): parsed during the
    /// analysis when the comparison needs it, else on first request.
    pub(crate) whatwg: OnceLock<Option<Result<WhatwgReading, String>>>,
    /// The options it was made with.
    pub options: Options,
}

impl PartialEq for Analysis {
    fn eq(&self, other: &Self) -> bool {
        // Named field by field, so that a new field is not forgotten here.
        let Analysis {
            input,
            defanged,
            assumed,
            split,
            components,
            warnings,
            clean,
            clean_changes,
            normalized,
            host,
            nested,
            destinations,
            whatwg: _,
            options,
        } = self;
        *input == other.input
            && *defanged == other.defanged
            && *assumed == other.assumed
            && *split == other.split
            && *components == other.components
            && *warnings == other.warnings
            && *clean == other.clean
            && *clean_changes == other.clean_changes
            && *normalized == other.normalized
            && *host == other.host
            && *nested == other.nested
            && *destinations == other.destinations
            && *options == other.options
            && self.whatwg() == other.whatwg()
    }
}

impl Eq for Analysis {}

impl Analysis {
    /// The warnings, their spans pointing into the input as it was given:
    /// for a URL pasted defanged, into the pasted text (an end inside what
    /// a spelling became covers the whole spelling); otherwise they are
    /// [`Analysis::warnings`] as they are.
    ///
    /// A warning carries at most `MAX_SPANS` (64) spans here, as folded
    /// warnings do: `defanged-input` has one per spelling undone, and a
    /// line of 200,000 `[.]` would carry them all. The spans are mapped
    /// through one table built per URL, so this is linear in the input.
    pub fn into_warnings_as_given(self) -> Vec<Warning> {
        let mut warnings = self.warnings;
        if let Some(d) = &self.defanged {
            let map = d.pasted_map();
            for w in &mut warnings {
                w.span = map.to_pasted(w.span);
                w.spans.truncate(report::MAX_SPANS);
                for s in &mut w.spans {
                    *s = map.to_pasted(*s);
                }
            }
        }
        warnings
    }

    /// The WHATWG reading, or why the WHATWG parser rejects the input;
    /// `None` for relative references, input that is not UTF-8, and when
    /// [`Options::whatwg`] is off.
    ///
    /// The analysis parses with WHATWG rules only when the input holds
    /// something a WHATWG parser reads differently from RFC 3986 (see
    /// `whatwg_may_differ`); for other URLs the parse runs here, the first
    /// time it is asked for.
    pub fn whatwg(&self) -> Option<&Result<WhatwgReading, String>> {
        self.whatwg
            .get_or_init(|| {
                if self.options.whatwg {
                    whatwg_reading(&self.input, &self.split)
                } else {
                    None
                }
            })
            .as_ref()
    }
    /// Every warning about component `index`, including those folded into
    /// a summary warning (recomputed for that one component), in input
    /// order.
    pub fn warnings_of(&self, index: usize) -> Vec<Warning> {
        let listed = self
            .warnings
            .iter()
            .filter(|w| w.component == Some(index))
            .cloned();
        let Some(c) = self.components.get(index).filter(|c| c.folded) else {
            return listed.collect();
        };
        // One component alone never fills a code, so every finding is listed.
        let mut all = Vec::new();
        Checked::new(&c.input, c.kind, c.span, c.form, CodeSet::EMPTY).replay(
            index,
            c.span,
            &c.input,
            &mut Listing::default(),
            &mut all,
        );
        for w in listed {
            if !all.contains(&w) {
                all.push(w);
            }
        }
        sort_warnings(&mut all);
        all
    }
    /// The warnings whose bytes may lie in `window` of the input: the
    /// listed ones and those of folded components there (for views that
    /// mark warned bytes).
    pub fn warnings_near(&self, window: Span) -> Vec<Cow<'_, Warning>> {
        let mut out: Vec<Cow<'_, Warning>> = self
            .warnings
            .iter()
            .filter(|w| w.span.overlaps(window))
            .map(Cow::Borrowed)
            .collect();
        let first = self
            .components
            .partition_point(|c| c.span.end < window.start);
        for (i, c) in self.components.iter().enumerate().skip(first) {
            if c.span.start > window.end {
                break;
            }
            if c.folded && c.span.overlaps(window) {
                out.extend(self.warnings_of(i).into_iter().map(Cow::Owned));
            }
        }
        out
    }
    /// The worst severity of each component's warnings (index by
    /// component): [`Analysis::component_severity`] of each.
    pub fn component_severities(&self) -> Vec<Option<Severity>> {
        (0..self.components.len())
            .map(|i| self.component_severity(i))
            .collect()
    }
    /// The worst warning on component `index`: its own (listed or
    /// folded), and those the warning list shows on it, a warning lifted
    /// from a value it carries (about no component, its bytes in this one)
    /// included, so the mark beside a component and the warnings listed on
    /// it never disagree. A component's warning marked on several places
    /// marks each component they start in too (a brand's sign-in route:
    /// `country.x` and `locale.x`).
    pub fn component_severity(&self, index: usize) -> Option<Severity> {
        let c = self.components.get(index)?;
        let listed = self
            .warnings
            .iter()
            .filter(|w| self.places_of(w).any(|i| i == index))
            .map(|w| w.severity)
            .max();
        c.severity.max(listed)
    }
    /// The components warning `w` is placed in, in URL order: its own
    /// (for a warning lifted from a carried value, the one holding the
    /// value's first byte) and each one another of its places starts in,
    /// the components whose marks [`Analysis::component_severity`] raises
    /// for it (`shared-hosting` on a host and the path segment that shows
    /// a sign-in word). Empty for a warning about the whole URL.
    pub fn warning_components(&self, w: &Warning) -> Vec<usize> {
        let mut found: Vec<usize> = self.places_of(w).collect();
        found.sort_unstable();
        found.dedup();
        found
    }
    /// [`Analysis::warning_components`] as found, unsorted and maybe
    /// repeated: the one rule for the marks and the warnings' places.
    fn places_of<'a>(&'a self, w: &'a Warning) -> impl Iterator<Item = usize> + 'a {
        let (own, places) = match (w.component, &w.via) {
            (Some(c), _) => (Some(c), &w.spans[..]),
            (None, Some(_)) => (self.component_at(w.span.start), &[][..]),
            (None, None) => (None, &[][..]),
        };
        own.into_iter()
            .chain(places.iter().filter_map(|s| self.component_at(s.start)))
    }
    /// The highest severity among the warnings.
    pub fn max_severity(&self) -> Option<Severity> {
        self.warnings.iter().map(|w| w.severity).max()
    }
    /// The component that holds input byte `offset`.
    pub fn component_at(&self, offset: usize) -> Option<usize> {
        component_index_at(&self.components, offset)
    }
}

/// The index of the component of `components` (in URL order, as
/// [`crate::split::split`] gives them) that holds byte `offset`: a binary search, for
/// checks that ask once per finding (a URL may hold many thousands).
pub(crate) fn component_index_at(components: &[ComponentAnalysis], offset: usize) -> Option<usize> {
    let i = components.partition_point(|c| c.span.end <= offset);
    components
        .get(i)
        .filter(|c| c.span.contains(offset))
        .map(|_| i)
}

/// Analyse `input`.
///
/// # Examples
/// ```
/// use urlscope_core::analysis::{analyze, Options};
/// let a = analyze(b"http://example.com/%252e%252e%252fetc", &Options::default());
/// let codes: Vec<_> = a.warnings.iter().map(|w| w.code.code()).collect();
/// assert!(codes.contains(&"double-encoding"));
/// assert!(codes.contains(&"path-traversal"));
/// ```
pub fn analyze(input: &[u8], options: &Options) -> Analysis {
    pasted::analyze_pasted(input, options)
}

/// [`analyze`] within a budget for unfolding what the input carries.
pub(crate) fn analyze_in(input: &[u8], options: &Options, budget: &mut nested::Budget) -> Analysis {
    // The outline only: the components are decoded one by one as the
    // split finds them, never listed twice.
    analyze_read(input, crate::split::outline(input), None, options, budget)
}

/// [`analyze_in`] of `input` as `parts` outline it, with the scheme
/// `assumed` when it is read as an address bar reads it.
pub(crate) fn analyze_read(
    input: &[u8],
    parts: Split,
    assumed: Option<Assumed>,
    options: &Options,
    budget: &mut nested::Budget,
) -> Analysis {
    let parts = match &assumed {
        Some(a) => crate::split::with_leading_authority(parts, input, a.span.len()),
        None => parts,
    };
    // The link protection the URL is written in, read once: what it
    // carries is unfolded, and where it leads is a destination.
    let wrapper = std::str::from_utf8(parts.trimmed.of(input))
        .ok()
        .and_then(crate::wrappers::unwrap);
    // The component checks (then what the components carry) and the
    // whole-URL readings (WHATWG parse, normalized and cleaned URLs) are
    // independent: on long inputs they run side by side.
    let (
        (mut components, mut warnings, mut nested, mut lifted),
        (base, whatwg, normalized, (clean, clean_changes)),
    ) = join_if(
        input.len() >= PARALLEL_FROM,
        || {
            let (components, warnings) = analyze_components(input, &parts, options, Memo::ENTRIES);
            // Where it leads: what it carries, unfolded, with the
            // carried URLs' own warnings lifted.
            let mut lifted = Vec::new();
            let nested = nested::unfold(
                input,
                &parts,
                &components,
                wrapper.as_ref(),
                options,
                budget,
                &mut lifted,
            );
            (components, warnings, nested, lifted)
        },
        || {
            // The URL as a browser parses it, for the destinations (and
            // the comparison, when it reads the same text).
            let trimmed = parts.trimmed.of(input);
            // Bytes that are not UTF-8 are read as their escapes, so the
            // destination keeps them.
            let text = crate::percent::escape_ill_formed(trimmed);
            // Read with the scheme assumed, a browser opens its URL.
            let base = match &assumed {
                Some(a) => url::Url::parse(&a.url),
                None => url::Url::parse(&text),
            };
            let whole_utf8 =
                matches!(text, Cow::Borrowed(_)) && parts.trimmed == Span::new(0, input.len());
            // The WHATWG reading is needed now only if the readings may
            // differ (`None`: not parsed); otherwise it waits until
            // something asks for it.
            let whatwg = (options.whatwg && whatwg_may_differ(input, &parts))
                .then(|| reading_from_base(input, &parts, whole_utf8, &base));
            let base = base.ok();
            // The comparison with WHATWG needs the normalized URL, which is
            // normalize_cleaned of the cleaned one.
            if !(options.corrected || matches!(whatwg, Some(Some(Ok(_))))) {
                return (base, whatwg, String::new(), (String::new(), Vec::new()));
            }
            let (clean, normalized) = clean_and_normalize(input, &parts);
            let clean = if options.corrected {
                clean
            } else {
                (String::new(), Vec::new())
            };
            (base, whatwg, normalized, clean)
        },
    );
    let host = host_reading(input, &parts);
    checks::authority::authority_warnings(input, &parts, &components, host.as_ref(), &mut warnings);
    checks::junk::junk_warnings(input, &parts, &mut warnings);
    if let Some(Some(Ok(reading))) = &whatwg {
        checks::readings::differential_warnings(
            input,
            &parts,
            host.as_ref(),
            reading,
            &normalized,
            &mut warnings,
        );
    } else if let Some(Some(Err(reason))) = &whatwg {
        warnings.push(checks::readings::rejected_warning(&parts, reason));
    }
    // Every place it leads to.
    let host_class = parts
        .host
        .map(|s| classify_host(&String::from_utf8_lossy(s.of(input))));
    // component_index_at's binary search needs them in URL order.
    debug_assert!(components
        .windows(2)
        .all(|w| w.first().map(|c| c.span.end) <= w.get(1).map(|c| c.span.start)));
    let mut destinations = destination::destinations(
        input,
        &parts,
        host_class.as_ref(),
        &nested,
        base.as_ref(),
        wrapper,
        &|at| component_index_at(&components, at),
    );
    nested::without_own_authority(&mut nested, &destinations);
    let host_index = components
        .iter()
        .position(|c| c.kind == ComponentKind::Host);
    if let (Some(a), Some(own)) = (&assumed, destinations.first_mut()) {
        own.scheme = a.scheme.to_string();
    }
    let endpoint = checks::endpoints::EndpointKeys::of(input, &parts, destinations.first());
    checks::destinations::destination_warnings(&destinations, host_index, endpoint, &mut warnings);
    if let Some(a) = &assumed {
        warnings.push(address_bar::assumed_warning(input, a, host_index));
    }
    lifting::the_wrappers_own_writing(&parts, destinations.first(), &mut warnings);
    checks::object_name::api_object_names(
        input,
        &parts,
        host.as_ref()
            .map(|h| h.ascii.as_deref().unwrap_or(&h.decoded)),
        &mut warnings,
    );
    let first_segment = components
        .iter()
        .enumerate()
        .find(|(_, c)| c.kind == ComponentKind::PathSegment && !c.span.is_empty())
        .map(|(i, c)| (i, c.span));
    checks::confusion::host_cut_warning(input, &parts, host_index, &mut warnings);
    checks::confusion::two_urls_warning(input, &parts, &mut warnings);
    let (imitated, brand_shown) = checks::imitation::imitation_warnings(
        input,
        &parts,
        host.as_ref(),
        host_index,
        options.low_imitations,
        &mut warnings,
    );
    // A browser reads another host than the checks judged (RFC 3986's):
    // another reading, or a tab or newline inside the host, which a
    // browser drops (`pay\tpa1.com`).
    let browser_reads_otherwise = |own: &Destination| {
        own.other_reading.is_some()
            || parts
                .host
                .is_some_and(|h| h.of(input).iter().any(|&b| whatwg::is_tab_or_newline(b)))
    };
    if let Some(own) = destinations.first_mut().filter(|d| d.component.is_none()) {
        if browser_reads_otherwise(own) {
            if let Some(other) = own.other_reading.as_mut() {
                other.imitates = imitated.filter(|_| other.host == host_class);
            }
            // The host a browser opens is judged here.
            own.imitates = own.host.as_ref().and_then(|h| {
                let i = crate::sites::imitation_of_host(&h.canonical)?;
                // On the bytes that write the host a browser reads
                // (`https:/paypa1.com/`), as its warning is.
                Some(match checks::imitation::browser_host_span(input, &parts) {
                    Some(span) => checks::imitation::on_written_host(
                        input,
                        span,
                        h.canonical.trim_end_matches('.'),
                        i,
                    ),
                    None => crate::sites::Imitation {
                        span: own.span,
                        ..i
                    },
                })
            });
        } else {
            own.imitates = imitated;
        }
    }
    if let Some(own) = destinations
        .first()
        .filter(|d| d.component.is_none() && browser_reads_otherwise(d))
    {
        checks::imitation::browser_host_imitation_warnings(
            input,
            &parts,
            &components,
            own,
            options.low_imitations,
            &mut warnings,
        );
    }
    checks::page_warnings(
        input,
        &parts,
        host.as_ref(),
        &components,
        checks::Places {
            host_index,
            first_segment,
            brand_shown,
            own: destinations.first(),
        },
        &mut warnings,
    );
    // What a carried value's own checks find on bytes the URL's own
    // checks flagged already is said once, by the URL's own warning (which
    // names its component).
    lifted.retain(|l| !lifting::says_the_same(&warnings, l));
    warnings.extend(lifted);
    sort_warnings(&mut warnings);
    for w in &warnings {
        if let Some(c) = w.component.and_then(|i| components.get_mut(i)) {
            c.severity = c.severity.max(Some(w.severity));
        }
    }
    let mut a = Analysis {
        input: input.to_vec(),
        defanged: None,
        assumed,
        split: parts,
        components,
        warnings,
        clean,
        clean_changes,
        normalized,
        host,
        nested,
        destinations,
        whatwg: whatwg.map_or_else(OnceLock::new, OnceLock::from),
        options: *options,
    };
    lifting::lift_wrapped(&mut a, options, budget);
    a
}

/// Warnings in report order: by first byte, the worst first, then by code
/// (a stable sort, so ties keep the order they were found in).
pub(crate) fn sort_warnings(warnings: &mut [Warning]) {
    warnings.sort_by_key(|w| (w.span.start, std::cmp::Reverse(w.severity), w.code));
}

/// Inputs at least this long are analysed on two threads (see
/// [`analyze`]); shorter ones are not worth the hand-over.
pub(crate) const PARALLEL_FROM: usize = 64 * 1024;

/// `(a(), b())`, side by side on the rayon pool when `parallel`.
pub(crate) fn join_if<A: Send, B: Send>(
    parallel: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    if parallel {
        return rayon::join(a, b);
    }
    #[cfg(not(feature = "parallel"))]
    let _ = parallel;
    (a(), b())
}

/// Decode and check every component: the components and their warnings
/// (listed, then one summary per folded code).
pub(crate) fn analyze_components(
    input: &[u8],
    parts: &Split,
    options: &Options,
    memo_entries: usize,
) -> (Vec<ComponentAnalysis>, Vec<Warning>) {
    let shared: Arc<[u8]> = Arc::from(input);
    let bound = crate::split::component_bound(input, parts);
    let mut components = Vec::with_capacity(bound);
    let mut warnings = Vec::new();
    let mut listing = Listing::default();
    let mut memo = Memo::new(&shared, memo_entries, bound);
    // The path as a whole may name a sensitive file (`/etc/passwd`): its
    // parts are read as the segments go by.
    let mut path_scan = TargetScan::<HeldPart>::default();
    let mut path_target = None;
    let mut last_segment = None;
    crate::split::each_component(input, parts, |c| {
        let index = components.len();
        let form = options.form && c.kind.is_query();
        let checked = memo.check(c.kind, c.span, form, listing.full_codes());
        if c.kind == ComponentKind::PathSegment {
            last_segment = Some(index);
            if path_target.is_none() {
                let lax = checked
                    .lax_path
                    .as_deref()
                    .map_or_else(|| c.span.of(input), str::as_bytes);
                path_target = lax_parts(lax).find_map(|p| path_scan.push(HeldPart::from(p)));
            }
        }
        let comp = checked.replay(index, c.span, &shared, &mut listing, &mut warnings);
        components.push(comp);
    });
    warnings.extend(listing.summaries());
    if let Some(last_segment) = last_segment {
        if let Some(why) = path_target.or_else(|| path_scan.finish()) {
            warnings.push(checks::sensitive::path_warning(parts, last_segment, &why));
        }
    }
    (components, warnings)
}
