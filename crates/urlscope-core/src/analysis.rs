//! The analysis every front end renders: [`analyze`] takes the input bytes
//! and returns an [`Analysis`] with the components, their decoded bytes and
//! UTF-8 annotation, the warnings, the WHATWG reading and the corrected URLs.
//!
//! It never fails and never panics; the work is linear in the input (each
//! component is decoded at most [`MAX_LAYERS`](crate::percent::MAX_LAYERS)
//! times).

use crate::clean::{clean_with_changes, default_port, normalize, normalize_cleaned};
use crate::percent::{
    decode_layers_of, escape_at, hex_value, is_illegal, is_unreserved, DecodedByte, SourceKind,
};
use crate::split::{split, ComponentKind, HostKind, Span, Split};
use crate::targets::{HeldPart, TargetScan};
use crate::text::{is_bidi_control, is_invisible};
use crate::utf8::{
    annotate, annotate_window, lax_overlong, ByteRole, Utf8Annotation, Utf8Problem, Utf8Unit,
};
use crate::warnings::{Severity, Warning, WarningCode};
use std::borrow::Cow;
use std::net::Ipv4Addr;
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
}

impl Default for Options {
    fn default() -> Options {
        Options {
            form: true,
            whatwg: true,
            corrected: true,
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
}

/// One component, decoded.
///
/// It shares the input with the other components and keeps its decoded
/// bytes only when decoding changed them, so a component costs a few dozen
/// bytes plus what decoding produced. The UTF-8 annotation is computed when
/// asked for ([`ComponentAnalysis::utf8`]) or for the rows in view
/// ([`Analysis::byte_rows_window`]).
#[derive(Clone, PartialEq, Eq)]
pub struct ComponentAnalysis {
    pub kind: ComponentKind,
    /// Where the raw text is in the input.
    pub span: Span,
    /// Whether `+` was read as a space.
    pub form: bool,
    /// The worst severity among the warnings about this component, listed
    /// or folded.
    pub severity: Option<Severity>,
    /// Whether some of its warnings are folded into a summary warning
    /// instead of listed in [`Analysis::warnings`] (see
    /// [`LISTED_PER_CODE`]); [`Analysis::warnings_of`] gives them all.
    pub folded: bool,
    /// The whole input, shared by every component.
    input: Arc<[u8]>,
    /// The decoding layers, when decoding changed the raw bytes (boxed:
    /// most components have none, and a component stays small).
    layers: Option<Arc<Layers>>,
}

/// The decoding layers of a component whose escapes changed it.
#[derive(Clone, PartialEq, Eq)]
struct Layers {
    /// The first decoded layer.
    first: Box<[u8]>,
    /// The layers after the first, when it is double (or more) encoded.
    deeper: Box<[Box<[u8]>]>,
}

impl std::fmt::Debug for ComponentAnalysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComponentAnalysis")
            .field("kind", &self.kind)
            .field("span", &self.span)
            .field("form", &self.form)
            .field("severity", &self.severity)
            .field("folded", &self.folded)
            .field(
                "layers",
                &self
                    .layers()
                    .map(crate::text::escape_bytes)
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl ComponentAnalysis {
    /// The raw bytes, as they are in the input.
    pub fn raw(&self) -> &[u8] {
        self.span.of(&self.input)
    }

    /// The bytes after one layer of percent-decoding.
    pub fn decoded(&self) -> &[u8] {
        self.layers
            .as_ref()
            .map_or_else(|| self.raw(), |l| &*l.first)
    }

    fn deeper(&self) -> &[Box<[u8]>] {
        self.layers.as_ref().map_or(&[], |l| &*l.deeper)
    }

    /// Every decoding layer's bytes, the first being
    /// [`decoded`](ComponentAnalysis::decoded); more than one when the
    /// component is double (or more) encoded.
    pub fn layers(&self) -> impl Iterator<Item = &[u8]> + Clone {
        std::iter::once(self.decoded()).chain(self.deeper().iter().map(|l| &**l))
    }

    /// How many decoding layers there are (1 unless double encoded).
    pub fn layer_count(&self) -> usize {
        1 + self.deeper().len()
    }

    /// The bytes after every layer of decoding.
    pub fn last_layer(&self) -> &[u8] {
        self.deeper()
            .last()
            .map_or_else(|| self.decoded(), |l| &**l)
    }

    /// The UTF-8 annotation of the decoded bytes (computed on each call).
    pub fn utf8(&self) -> Utf8Annotation {
        annotate(self.decoded())
    }

    /// Whether the decoded bytes are well-formed UTF-8.
    pub fn is_valid_utf8(&self) -> bool {
        std::str::from_utf8(self.decoded()).is_ok()
    }

    /// The decoded text, ill-formed parts replaced by U+FFFD (one per
    /// maximal subpart, as Table 3-6 annotation and the standard library
    /// agree).
    pub fn decoded_lossy(&self) -> String {
        String::from_utf8_lossy(self.decoded()).into_owned()
    }
}

/// One row of a byte table: a decoded byte, where it came from and what it
/// is in UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteRow {
    /// Offset in the decoded bytes.
    pub offset: usize,
    pub value: u8,
    pub source: SourceKind,
    /// The input bytes it came from (`%C3`, or a literal `c`).
    pub span: Span,
    pub role: ByteRole,
    /// The character or ill-formed subpart it belongs to.
    pub unit: Option<Utf8Unit>,
    /// For the first byte of an overlong form: the character a lax decoder
    /// reads from it, and the form's length (`C0 AF` reads as `/`).
    pub lax_overlong: Option<(char, usize)>,
}

impl ByteRow {
    /// The grouping mark of a byte table: `┌` on a lead byte, `│` and `└`
    /// on its continuation bytes, `✗` on an ill-formed byte.
    pub fn group_mark(&self) -> char {
        match self.role {
            ByteRole::Ascii => ' ',
            ByteRole::Lead { .. } => '┌',
            ByteRole::Continuation { len, index } if index + 1 == len => '└',
            ByteRole::Continuation { .. } => '│',
            ByteRole::Invalid(_) => '✗',
        }
    }

    /// What the byte is part of, for the last column of a byte table:
    /// `U+00E9  é  LATIN SMALL LETTER E WITH ACUTE` on the first byte of a
    /// character, `╰ U+00E9` on the others, and for ill-formed bytes the
    /// U+FFFD that replaces them or the character an overlong form hides.
    pub fn describe_char(&self) -> String {
        if let Some((c, len)) = self.lax_overlong {
            return format!(
                "overlong {len}-byte form of U+{:04X} '{}': lax decoders read it",
                u32::from(c),
                crate::text::glyph(c)
            );
        }
        let Some(unit) = self.unit else {
            return String::new();
        };
        match (unit.value, self.role) {
            (Ok(c), ByteRole::Continuation { .. }) => format!("╰ U+{:04X}", u32::from(c)),
            (Ok(c), _) => {
                let info = char_info(c);
                let glyph = if crate::text::needs_escape(c) || c == ' ' {
                    crate::text::glyph(c).to_string()
                } else {
                    c.to_string()
                };
                format!("{}  {}  {}", info.codepoint, glyph, info.name)
            }
            (Err(_), _) if self.offset == unit.start && unit.len == 1 => {
                "U+FFFD (replaces this byte)".to_string()
            }
            (Err(_), _) if self.offset == unit.start => {
                format!("U+FFFD (one for these {} bytes)", unit.len)
            }
            (Err(_), _) => "╰ U+FFFD".to_string(),
        }
    }
}

/// Facts about one character, for byte tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharInfo {
    /// `U+00E9`.
    pub codepoint: String,
    /// The Unicode name (`LATIN SMALL LETTER E WITH ACUTE`), or a label for
    /// characters that have none (`<control>`).
    pub name: String,
    /// Terminal columns it takes (0 for controls and combining marks).
    pub width: usize,
}

/// Describe a character.
///
/// # Examples
/// ```
/// let info = urlscope_core::analysis::char_info('é');
/// assert_eq!(info.codepoint, "U+00E9");
/// assert_eq!(info.name, "LATIN SMALL LETTER E WITH ACUTE");
/// assert_eq!(info.width, 1);
/// ```
pub fn char_info(c: char) -> CharInfo {
    let name = match unicode_names2::name(c) {
        Some(n) => n.to_string(),
        None if c.is_control() => "<control>".to_string(),
        None => "<unnamed>".to_string(),
    };
    CharInfo {
        codepoint: format!("U+{:04X}", u32::from(c)),
        name,
        width: if c.is_control() {
            0
        } else {
            unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
        },
    }
}

/// What the host is, read every way that matters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostReading {
    pub kind: HostKind,
    /// The percent-decoded host (lossy UTF-8).
    pub decoded: String,
    /// The Unicode form of an internationalized host.
    pub unicode: Option<String>,
    /// The IDNA `xn--` form of an internationalized host.
    pub ascii: Option<String>,
    /// The IPv4 address a lax parser (WHATWG, `inet_aton`) reads from a
    /// numeric host such as `0x7f.1`.
    pub ipv4: Option<Ipv4Addr>,
    /// The registrable domain (public suffix plus one label, from the
    /// Public Suffix List): `evil.example` for `paypal.com.evil.example`.
    pub registrable: Option<String>,
    /// The scripts of the host's letters (Common and Inherited left out):
    /// `["Latin", "Cyrillic"]` for a mixed host.
    pub scripts: Vec<&'static str>,
    /// Each confusable character and what it looks like (its Unicode
    /// skeleton, UTS #39): `('а', "a")` for the Cyrillic а.
    pub confusables: Vec<(char, String)>,
    /// The labels UTS #46 rejects (`xn--a`, a label holding U+202E), as
    /// written; `unicode` shows them so.
    pub rejected: Vec<String>,
}

/// The WHATWG URL Standard reading of the input (from the `url` crate).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhatwgReading {
    pub href: String,
    pub scheme: String,
    pub username: String,
    pub password: Option<String>,
    pub host: Option<String>,
    pub port: Option<u16>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Everything known about one input.
///
/// Two analyses are equal when everything they report is, the WHATWG
/// reading included, whether or not it has been parsed yet.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub input: Vec<u8>,
    /// The RFC 3986 outline (scheme, authority, path, query and fragment
    /// spans); its `components` list is left empty, as
    /// [`Analysis::components`] holds them, decoded.
    pub split: Split,
    pub components: Vec<ComponentAnalysis>,
    pub warnings: Vec<Warning>,
    /// The cleaned URL: illegal characters encoded, meaning kept.
    pub clean: String,
    /// The byte ranges of `clean` that differ from the input.
    pub clean_changes: Vec<Span>,
    /// The normalized URL (RFC 3986 §6.2.2).
    pub normalized: String,
    pub host: Option<HostReading>,
    /// The WHATWG reading (see [`Analysis::whatwg`]): parsed during the
    /// analysis when the comparison needs it, else on first request.
    whatwg: OnceLock<Option<Result<WhatwgReading, String>>>,
    pub options: Options,
}

impl PartialEq for Analysis {
    fn eq(&self, other: &Self) -> bool {
        // Named field by field, so that a new field is not forgotten here.
        let Analysis {
            input,
            split,
            components,
            warnings,
            clean,
            clean_changes,
            normalized,
            host,
            whatwg: _,
            options,
        } = self;
        *input == other.input
            && *split == other.split
            && *components == other.components
            && *warnings == other.warnings
            && *clean == other.clean
            && *clean_changes == other.clean_changes
            && *normalized == other.normalized
            && *host == other.host
            && *options == other.options
            && self.whatwg() == other.whatwg()
    }
}

impl Eq for Analysis {}

impl Analysis {
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

    /// The byte table of component `index`: one row per decoded byte.
    pub fn byte_rows(&self, index: usize) -> Vec<ByteRow> {
        self.byte_rows_from(index, 0).collect()
    }

    /// Rows `start..start + len` of the byte table of component `index`,
    /// computed without decoding the rest into memory (views render only
    /// what is visible).
    pub fn byte_rows_window(&self, index: usize, start: usize, len: usize) -> Vec<ByteRow> {
        self.byte_rows_from(index, start).take(len).collect()
    }

    /// The byte table of component `index` from row `start` on, one row at
    /// a time: the rows are annotated a window at a time, so walking a
    /// component of millions of bytes holds a few thousand rows' worth of
    /// state.
    pub fn byte_rows_from(&self, index: usize, start: usize) -> impl Iterator<Item = ByteRow> + '_ {
        const WINDOW: usize = 4096;
        let c = self.components.get(index);
        let (raw, form, mut at) = c.map_or((&[][..], false, 0), |c| {
            (c.span.of(&self.input), c.form, c.span.start)
        });
        let decoded = c.map_or(&[][..], ComponentAnalysis::decoded);
        let mut steps = crate::percent::steps(raw, form).enumerate();
        for (_, step) in steps.by_ref().take(start) {
            at += step.width;
        }
        let mut utf8 = annotate_window(decoded, start, start.saturating_add(WINDOW));
        steps.map(move |(offset, step)| {
            if offset >= utf8.start + utf8.roles.len() {
                utf8 = annotate_window(decoded, offset, offset + WINDOW);
            }
            let span = Span::new(at, at + step.width);
            at += step.width;
            let role = utf8.role(offset).unwrap_or(ByteRole::Ascii);
            ByteRow {
                offset,
                value: step.value,
                source: step.kind,
                span,
                role,
                unit: utf8.unit_of(offset).copied(),
                lax_overlong: match role {
                    ByteRole::Invalid(_) => lax_overlong(decoded.get(offset..).unwrap_or_default()),
                    _ => None,
                },
            }
        })
    }

    /// Where a byte came from, as a byte table shows it: the escape
    /// (`%C3`), `+` for a form-encoded space, or the literal character (a
    /// byte of a literal `é` shows `é`; controls and bytes that are not
    /// UTF-8 show escaped).
    pub fn source_text(&self, row: &ByteRow) -> String {
        match row.source {
            SourceKind::Plus => "+".to_string(),
            SourceKind::Literal if row.value >= 0x80 => {
                // Find the literal character this byte belongs to.
                let at = row.span.start;
                let from = at.saturating_sub(3);
                let window = self
                    .input
                    .get(from..(at + 4).min(self.input.len()))
                    .unwrap_or_default();
                let mut pos = from;
                for chunk in window.utf8_chunks() {
                    for c in chunk.valid().chars() {
                        let len = c.len_utf8();
                        if pos <= at && at < pos + len && pos >= from {
                            return crate::text::escape_str(&c.to_string());
                        }
                        pos += len;
                    }
                    pos += chunk.invalid().len();
                }
                crate::text::escape_bytes(row.span.of(&self.input))
            }
            _ => crate::text::escape_bytes(row.span.of(&self.input)),
        }
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
        Checked::new(&c.input, c.kind, c.span, c.form, 0).replay(
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
    /// component).
    pub fn component_severities(&self) -> Vec<Option<Severity>> {
        self.components.iter().map(|c| c.severity).collect()
    }

    /// The highest severity among the warnings.
    pub fn max_severity(&self) -> Option<Severity> {
        self.warnings.iter().map(|w| w.severity).max()
    }

    /// The component that holds input byte `offset`.
    pub fn component_at(&self, offset: usize) -> Option<usize> {
        self.components.iter().position(|c| c.span.contains(offset))
    }
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
    // The outline only: the components are decoded one by one as the
    // split finds them, never listed twice.
    let parts = crate::split::outline(input);
    // The component checks and the whole-URL readings (WHATWG parse,
    // normalized and cleaned URLs) are independent: on long inputs they
    // run side by side.
    let ((mut components, mut warnings), (whatwg, normalized, (clean, clean_changes))) = join_if(
        input.len() >= PARALLEL_FROM,
        || analyze_components(input, &parts, options, Memo::ENTRIES),
        || {
            // The WHATWG parse is needed now only if the readings may
            // differ (`None`: not parsed); otherwise it waits until
            // something asks for it.
            let whatwg = (options.whatwg && whatwg_may_differ(input, &parts))
                .then(|| whatwg_reading(input, &parts));
            // The comparison with WHATWG needs the normalized URL, which is
            // normalize_cleaned of the cleaned one.
            if !(options.corrected || matches!(whatwg, Some(Some(Ok(_))))) {
                return (whatwg, String::new(), (String::new(), Vec::new()));
            }
            let clean = clean_with_changes(input, &parts);
            let normalized = normalize_cleaned(&clean.0);
            let clean = if options.corrected {
                clean
            } else {
                (String::new(), Vec::new())
            };
            (whatwg, normalized, clean)
        },
    );
    let host = host_reading(input, &parts);
    authority_warnings(input, &parts, &components, host.as_ref(), &mut warnings);
    junk_warnings(input, &parts, &mut warnings);
    if let Some(Some(Ok(reading))) = &whatwg {
        differential_warnings(
            input,
            &parts,
            host.as_ref(),
            reading,
            &normalized,
            &mut warnings,
        );
    } else if let Some(Some(Err(reason))) = &whatwg {
        warnings.push(
            Warning::new(
                WarningCode::ParserDifferential,
                vec![parts.trimmed],
                None,
                format!("A WHATWG (browser) parser rejects this URL ({reason}) while RFC 3986 parsers accept it."),
            )
            .with_severity(Severity::Low),
        );
    }
    sort_warnings(&mut warnings);
    for w in &warnings {
        if let Some(c) = w.component.and_then(|i| components.get_mut(i)) {
            c.severity = c.severity.max(Some(w.severity));
        }
    }
    Analysis {
        input: input.to_vec(),
        split: parts,
        components,
        warnings,
        clean,
        clean_changes,
        normalized,
        host,
        whatwg: whatwg.map_or_else(OnceLock::new, OnceLock::from),
        options: *options,
    }
}

/// Warnings in report order: by first byte, the worst first, then by code
/// (a stable sort, so ties keep the order they were found in).
fn sort_warnings(warnings: &mut [Warning]) {
    warnings.sort_by_key(|w| (w.span.start, std::cmp::Reverse(w.severity), w.code));
}

/// Inputs at least this long are analysed on two threads (see
/// [`analyze`]); shorter ones are not worth the hand-over.
pub const PARALLEL_FROM: usize = 64 * 1024;

/// `(a(), b())`, side by side on the rayon pool when `parallel`.
fn join_if<A: Send, B: Send>(
    parallel: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if parallel {
        rayon::join(a, b)
    } else {
        (a(), b())
    }
}

/// Decode and check every component: the components and their warnings
/// (listed, then one summary per folded code).
fn analyze_components(
    input: &[u8],
    parts: &Split,
    options: &Options,
    memo_entries: usize,
) -> (Vec<ComponentAnalysis>, Vec<Warning>) {
    let shared: Arc<[u8]> = Arc::from(input);
    let mut components = Vec::with_capacity(crate::split::component_bound(input, parts));
    let mut warnings = Vec::new();
    let mut listing = Listing::default();
    let mut memo = Memo::new(&shared, memo_entries);
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
            warnings.push(Warning::new(
                WarningCode::SensitiveFile,
                vec![parts.path],
                Some(last_segment),
                format!("The path asks for {why}, a typical file-inclusion target."),
            ));
        }
    }
    (components, warnings)
}

/// The checks of one component, as found where it first appeared.
/// Decoding and every finding about a component depend on its kind, the
/// form rule and its raw bytes alone, and every span lies inside it, so a
/// component that repeats one seen before (`/../../../`, `%2e%2e/` a
/// thousand times) reuses the check with the spans moved.
#[derive(Clone)]
struct Checked {
    /// Where the component it was made from starts.
    start: usize,
    kind: ComponentKind,
    form: bool,
    layers: Option<Arc<Layers>>,
    findings: Vec<(WarningCode, Finding)>,
    /// `sensitive-file` and base64 payload warnings.
    targets: Vec<Warning>,
    /// A path segment's text as a lax server reads it, lowercased, for the
    /// path-wide target check (which splits it on both separators).
    /// `None` when that is the raw segment itself (the common case, which
    /// costs nothing to keep).
    lax_path: Option<Box<str>>,
}

impl Checked {
    /// Decodes and checks the component at `span`; the details of codes in
    /// `quiet` (a bit per code index) are left unwritten.
    fn new(input: &Arc<[u8]>, kind: ComponentKind, span: Span, form: bool, quiet: u64) -> Checked {
        let (comp, findings) = check_component(input, kind, span, form, quiet);
        let mut targets = Vec::new();
        component_target_warnings(0, &comp, &mut targets);
        let lax_path = if kind == ComponentKind::PathSegment {
            match lowercase(lax_text(comp.last_layer())) {
                // Borrowed from the input itself.
                Cow::Borrowed(_) if comp.layers.is_none() => None,
                text => Some(text.into_owned().into_boxed_str()),
            }
        } else {
            None
        };
        Checked {
            lax_path,
            start: span.start,
            kind,
            form,
            layers: comp.layers,
            findings: findings.by_code,
            targets,
        }
    }

    /// Component `index` at `span`, its findings listed or folded.
    fn replay(
        &self,
        index: usize,
        span: Span,
        input: &Arc<[u8]>,
        listing: &mut Listing,
        out: &mut Vec<Warning>,
    ) -> ComponentAnalysis {
        let moved = |s: Span| {
            Span::new(
                span.start + s.start.saturating_sub(self.start),
                span.start + s.end.saturating_sub(self.start),
            )
        };
        let mut comp = ComponentAnalysis {
            kind: self.kind,
            span,
            form: self.form,
            severity: None,
            folded: false,
            input: Arc::clone(input),
            layers: self.layers.clone(),
        };
        for (code, finding) in &self.findings {
            if listing.is_full(*code) {
                let severity = finding.severity.unwrap_or(code.severity());
                let layer = (finding.layer > 0).then_some(finding.layer);
                listing.fold(
                    *code,
                    &mut comp,
                    finding.spans.iter().copied().map(moved),
                    severity,
                    layer,
                );
            } else {
                let finding = Finding {
                    spans: finding.spans.iter().copied().map(moved).collect(),
                    detail: finding.detail.clone(),
                    ..*finding
                };
                listing.list(
                    finding_warning(index, &comp, *code, finding),
                    &mut comp,
                    out,
                );
            }
        }
        for w in &self.targets {
            if listing.is_full(w.code) {
                listing.fold(
                    w.code,
                    &mut comp,
                    w.spans.iter().copied().map(moved),
                    w.severity,
                    w.layer,
                );
            } else {
                let mut w = w.clone();
                w.component = Some(index);
                w.span = moved(w.span);
                w.spans.iter_mut().for_each(|s| *s = moved(*s));
                listing.list(w, &mut comp, out);
            }
        }
        comp
    }
}

/// The checks of the components seen so far, by kind, form rule and raw
/// bytes. It keeps short components only, and only so many: a long one
/// seldom repeats, and the memo must not grow with the input.
struct Memo<'a> {
    input: &'a Arc<[u8]>,
    /// How many components it may remember.
    entries: usize,
    /// Where each remembered component's check is in `checks`.
    seen: foldhash::HashMap<MemoKey<'a>, usize>,
    checks: Vec<Checked>,
    /// The last component of each kind and where its check is: a run of
    /// one component (`../../../`, `a=b&a=b&`) is found without hashing.
    last: [Option<(MemoKey<'a>, usize)>; 8],
    /// Lookups that found nothing once it was full; past
    /// [`Memo::ENTRIES`] of them with few hits, the components evidently do
    /// not repeat and it stops looking.
    misses: usize,
    hits: usize,
}

/// What a component's check depends on: its kind, the form rule, its bytes.
type MemoKey<'a> = (ComponentKind, bool, &'a [u8]);

impl<'a> Memo<'a> {
    /// At most this many components are remembered (bounding the memo's
    /// memory to a few megabytes)...
    const ENTRIES: usize = 1024;
    /// ...each at most this long.
    const LONGEST: usize = 128;

    fn new(input: &'a Arc<[u8]>, entries: usize) -> Memo<'a> {
        Memo {
            input,
            entries,
            seen: foldhash::HashMap::default(),
            checks: Vec::new(),
            last: [None; 8],
            misses: 0,
            hits: 0,
        }
    }

    /// The checks of the component at `span`: remembered, or made now (the
    /// details of codes in `quiet` left unwritten; a code once quiet stays
    /// so, which is why a remembered detail is never missing when needed).
    fn check(
        &mut self,
        kind: ComponentKind,
        span: Span,
        form: bool,
        quiet: u64,
    ) -> Cow<'_, Checked> {
        let input: &'a Arc<[u8]> = self.input;
        let make = || Checked::new(input, kind, span, form, quiet);
        let given_up = self.misses > Self::ENTRIES && self.hits < self.misses / 8;
        if span.len() > Self::LONGEST || given_up {
            return Cow::Owned(make());
        }
        let key = (kind, form, span.of(input));
        let full = self.checks.len() >= self.entries;
        let last = self.last.get_mut(kind as usize);
        let at = match last.as_deref().copied().flatten() {
            Some((last_key, at)) if last_key == key => at,
            _ => match self.seen.get(&key) {
                Some(&at) => at,
                None if full => {
                    self.misses += 1;
                    return Cow::Owned(make());
                }
                None => {
                    self.checks.push(make());
                    self.seen.insert(key, self.checks.len() - 1);
                    self.checks.len() - 1
                }
            },
        };
        if let Some(last) = last {
            *last = Some((key, at));
        }
        if full {
            self.hits += 1;
        }
        match self.checks.get(at) {
            Some(checked) => Cow::Borrowed(checked),
            None => Cow::Owned(make()),
        }
    }
}

/// The first this many components with a warning of one code get that
/// warning listed one by one; the others are folded into one summary
/// warning per code, so a URL of 100,000 hostile segments gives a readable
/// report and a bounded one. Each component still carries its severity and
/// [`Analysis::warnings_of`] recomputes its own warnings.
pub const LISTED_PER_CODE: usize = 32;

/// Decodes and checks one component: its analysis and its findings, the
/// details of codes in `quiet` (a bit per code index) left unwritten.
fn check_component(
    input: &Arc<[u8]>,
    kind: ComponentKind,
    span: Span,
    form: bool,
    quiet: u64,
) -> (ComponentAnalysis, Findings) {
    let (comp, layers) = decode_component(input, kind, span, form);
    let prov = Provenance {
        start: span.start,
        layers: layers.as_deref(),
    };
    let findings = component_findings(input, &comp, &prov, quiet);
    (comp, findings)
}

/// Decodes one component: its analysis without warnings and, when decoding
/// changes it, every layer's provenance.
fn decode_component(
    input: &Arc<[u8]>,
    kind: ComponentKind,
    span: Span,
    form: bool,
) -> (ComponentAnalysis, Option<Vec<Vec<DecodedByte>>>) {
    let raw = span.of(input);
    let provenance = needs_provenance(raw, form).then(|| decode_layers_of(input, span, form));
    let values = |l: &Vec<DecodedByte>| l.iter().map(|b| b.value).collect::<Box<[u8]>>();
    let layers = provenance.as_ref().and_then(|p| {
        let (first, deeper) = p.split_first()?;
        Some(Arc::new(Layers {
            first: values(first),
            deeper: deeper.iter().map(values).collect(),
        }))
    });
    let comp = ComponentAnalysis {
        kind,
        span,
        form,
        severity: None,
        folded: false,
        input: Arc::clone(input),
        layers,
    };
    (comp, provenance)
}

/// Lists component warnings until a code has [`LISTED_PER_CODE`], then
/// folds the rest of that code.
#[derive(Default)]
struct Listing {
    listed: [usize; WarningCode::ALL.len()],
    /// The codes that are full: a bit per code index.
    full: u64,
    /// What each code's summary warning stands for, by code index.
    folded: [Option<Folded>; WarningCode::ALL.len()],
}

/// What a summary warning stands for.
struct Folded {
    components: usize,
    spans: Vec<Span>,
    severity: Severity,
    layer: Option<usize>,
    kinds: Vec<ComponentKind>,
}

impl Listing {
    fn is_full(&self, code: WarningCode) -> bool {
        self.full & (1 << code.index()) != 0
    }

    /// The codes whose findings are folded: a bit per code index.
    fn full_codes(&self) -> u64 {
        self.full
    }

    fn list(&mut self, w: Warning, comp: &mut ComponentAnalysis, out: &mut Vec<Warning>) {
        if w.component.is_some() && self.is_full(w.code) {
            self.fold(w.code, comp, w.spans, w.severity, w.layer);
            return;
        }
        if let Some(n) = self.listed.get_mut(w.code.index()) {
            *n += 1;
            if *n >= LISTED_PER_CODE {
                self.full |= 1 << w.code.index();
            }
        }
        out.push(w);
    }

    fn fold(
        &mut self,
        code: WarningCode,
        comp: &mut ComponentAnalysis,
        spans: impl IntoIterator<Item = Span>,
        severity: Severity,
        layer: Option<usize>,
    ) {
        comp.folded = true;
        comp.severity = comp.severity.max(Some(severity));
        let Some(f) = self.folded.get_mut(code.index()) else {
            return;
        };
        let f = f.get_or_insert_with(|| Folded {
            components: 0,
            spans: Vec::new(),
            severity,
            layer,
            kinds: Vec::new(),
        });
        f.components += 1;
        let room = MAX_SPANS.saturating_sub(f.spans.len());
        f.spans.extend(spans.into_iter().take(room));
        f.severity = f.severity.max(severity);
        // The earliest layer any of them appears at.
        f.layer = match (f.layer, layer) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if !f.kinds.contains(&comp.kind) {
            f.kinds.push(comp.kind);
        }
    }

    fn summaries(self) -> impl Iterator<Item = Warning> {
        let folded = WarningCode::ALL.iter().zip(self.folded);
        folded.filter_map(|(&code, f)| Some((code, f?))).map(|(code, f)| {
            let kinds: Vec<&str> = f.kinds.iter().map(|k| k.label()).collect();
            let message = format!(
                "The same finding in {} more components (kind: {}), folded into this one warning; each is marked in the component list. {}",
                f.components,
                kinds.join(", "),
                code.summary()
            );
            let mut w = Warning::new(code, f.spans, None, message).with_severity(f.severity);
            w.layer = f.layer;
            w
        })
    }
}

/// Whether decoding can change the component (so provenance is needed).
fn needs_provenance(raw: &[u8], form: bool) -> bool {
    memchr::memchr(b'%', raw).is_some() || (form && memchr::memchr(b'+', raw).is_some())
}

/// Maps a byte of a decoded layer back to the input bytes it came from.
struct Provenance<'a> {
    start: usize,
    /// `None` when decoding changes nothing: byte `i` is input byte
    /// `start + i` in every layer.
    layers: Option<&'a [Vec<DecodedByte>]>,
}

impl Provenance<'_> {
    fn span(&self, layer: usize, i: usize) -> Span {
        match self
            .layers
            .and_then(|l| l.get(layer))
            .and_then(|l| l.get(i))
        {
            Some(b) => b.span,
            None => Span::new(self.start + i, self.start + i + 1),
        }
    }

    fn span_range(&self, layer: usize, from: usize, to: usize) -> Span {
        let first = self.span(layer, from);
        if to > from + 1 {
            first.join(self.span(layer, to - 1))
        } else {
            first
        }
    }

    fn kind(&self, layer: usize, i: usize) -> SourceKind {
        self.layers
            .and_then(|l| l.get(layer))
            .and_then(|l| l.get(i))
            .map_or(SourceKind::Literal, |b| b.kind)
    }
}

/// Collects the occurrences of each warning code for one component.
#[derive(Default)]
struct Findings {
    /// In code order (a component has few, so a sorted list).
    by_code: Vec<(WarningCode, Finding)>,
    /// Codes (a bit per code index) whose details are not written: their
    /// findings are folded, not listed.
    quiet: u64,
}

#[derive(Clone)]
struct Finding {
    spans: Vec<Span>,
    /// The first decoding layer (1-based) at which it appears; 0 = raw.
    layer: usize,
    detail: String,
    severity: Option<Severity>,
}

/// At most this many spans are kept per warning; the message counts all.
const MAX_SPANS: usize = 64;

impl Findings {
    fn add(
        &mut self,
        code: WarningCode,
        span: Span,
        layer: usize,
        detail: impl FnOnce() -> String,
    ) {
        let quiet = self.quiet & (1 << code.index()) != 0;
        let at = match self.position(code) {
            Ok(at) => at,
            Err(at) => {
                let finding = Finding {
                    spans: Vec::new(),
                    layer,
                    detail: if quiet { String::new() } else { detail() },
                    severity: None,
                };
                self.by_code.insert(at, (code, finding));
                at
            }
        };
        let Some((_, f)) = self.by_code.get_mut(at) else {
            return;
        };
        if f.spans.len() < MAX_SPANS && !f.spans.contains(&span) {
            f.spans.push(span);
        }
        f.layer = f.layer.min(layer);
    }

    /// Where `code` is in the list, or where it would go.
    fn position(&self, code: WarningCode) -> Result<usize, usize> {
        self.by_code.binary_search_by_key(&code, |(c, _)| *c)
    }

    fn get_mut(&mut self, code: WarningCode) -> Option<&mut Finding> {
        let at = self.position(code).ok()?;
        self.by_code.get_mut(at).map(|(_, f)| f)
    }

    fn raise(&mut self, code: WarningCode, severity: Severity) {
        if let Some(f) = self.get_mut(code) {
            f.severity = Some(f.severity.map_or(severity, |s| s.max(severity)));
        }
    }
}

fn after_layers(layer: usize) -> String {
    match layer {
        0 | 1 => String::new(),
        n => format!(" after {n} decoding layers"),
    }
}

/// Every finding about one component, by code; the details of codes in
/// `quiet` (a bit per code index) are left unwritten.
fn component_findings(
    input: &[u8],
    comp: &ComponentAnalysis,
    prov: &Provenance<'_>,
    quiet: u64,
) -> Findings {
    let mut f = Findings {
        quiet,
        ..Findings::default()
    };
    let raw = comp.span.of(input);
    raw_checks(raw, comp, &mut f);
    for (li, layer) in comp.layers().enumerate() {
        layer_checks(layer, li, prov, &mut f);
    }
    if comp.layer_count() > 1 {
        double_encoding(input, prov, &mut f);
    }
    if matches!(
        comp.kind,
        ComponentKind::PathSegment | ComponentKind::QueryValue | ComponentKind::QueryKey
    ) {
        traversal_checks(input, comp, prov, &mut f);
    }
    f
}

/// The warning a finding about component `index` gives.
fn finding_warning(
    index: usize,
    comp: &ComponentAnalysis,
    code: WarningCode,
    finding: Finding,
) -> Warning {
    let count = finding.spans.len();
    let mut spans = finding.spans;
    spans.sort();
    let message = format!(
        "{}{} in the {}{}",
        finding.detail,
        if count > 1 {
            format!(" ({count} places)")
        } else {
            String::new()
        },
        comp.kind.label(),
        after_layers(finding.layer)
    );
    let message = complete_sentence(&message, code);
    let mut w = Warning::new(code, spans, Some(index), message);
    w.layer = (finding.layer > 0).then_some(finding.layer);
    if let Some(s) = finding.severity {
        w = w.with_severity(s);
    }
    w
}

/// "detail in the path segment: consequence."
fn complete_sentence(message: &str, code: WarningCode) -> String {
    let consequence = match code {
        WarningCode::DoubleEncoding => {
            "a filter that decodes once and a server that decodes again see different text"
        }
        WarningCode::PathTraversal => {
            "a server that resolves it may serve files outside the intended directory"
        }
        WarningCode::OverlongUtf8 => "filters miss it but lax decoders read the character anyway",
        WarningCode::InvalidUtf8 => "each decoder substitutes or guesses differently",
        WarningCode::MalformedEscape => {
            "decoders disagree: some keep it, some reject the URL, some guess"
        }
        WarningCode::NonstandardEscape => "IIS-style decoders read it though standard ones do not",
        WarningCode::EncodedSlash => {
            "a server that decodes before routing sees an extra path separator"
        }
        WarningCode::NullByte => {
            "C code stops reading there, so the checked name and the opened name differ"
        }
        WarningCode::Crlf => "it can end a header or log line and inject a new one",
        WarningCode::ControlChar => {
            "it can drive a terminal or be dropped by one parser and kept by another"
        }
        WarningCode::Backslash => "WHATWG parsers and Windows servers read it as '/'",
        WarningCode::BidiControl => {
            "the text on screen is reordered and does not show the real URL"
        }
        WarningCode::InvisibleChar => "two different URLs look identical",
        WarningCode::IllegalChar => {
            "it must be percent-encoded before sending, and clients do that differently"
        }
        WarningCode::LowercaseHex => "RFC 3986 asks for uppercase hex; the meaning is the same",
        WarningCode::EncodedUnreserved => {
            "escaping it changes nothing but can slip a word past a filter"
        }
        WarningCode::PlusInPath => {
            "it is a plus here, but form decoders misapplied to paths read a space"
        }
        _ => "",
    };
    if consequence.is_empty() {
        format!("{message}.")
    } else {
        format!("{message}: {consequence}.")
    }
}

fn raw_checks(raw: &[u8], comp: &ComponentAnalysis, f: &mut Findings) {
    let base = comp.span.start;
    let is_path = comp.kind == ComponentKind::PathSegment;
    let is_host = comp.kind == ComponentKind::Host;
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        let at = base + i;
        match b {
            b'%' => {
                let rest = raw.get(i..).unwrap_or_default();
                if let Some(v) = escape_at(rest) {
                    let esc = rest.get(..3).unwrap_or_default();
                    let span = Span::new(at, at + 3);
                    if esc.iter().any(|c| matches!(c, b'a'..=b'f')) {
                        f.add(WarningCode::LowercaseHex, span, 0, || {
                            format!("lowercase hex in '{}'", crate::text::quote(esc))
                        });
                    }
                    if is_unreserved(v) {
                        f.add(WarningCode::EncodedUnreserved, span, 0, || {
                            format!(
                                "'{}' encodes the unreserved '{}'",
                                crate::text::quote(esc),
                                char::from(v)
                            )
                        });
                    }
                    if is_path && (v == b'/' || v == b'\\') {
                        f.add(WarningCode::EncodedSlash, span, 0, || {
                            format!(
                                "'{}' decodes to '{}' inside one segment",
                                crate::text::quote(esc),
                                char::from(v)
                            )
                        });
                    }
                    i += 3;
                    continue;
                }
                if let Some(c) = u_escape(rest) {
                    let span = Span::new(at, at + 6);
                    f.add(WarningCode::NonstandardEscape, span, 0, || {
                        format!(
                            "'{}' is a %u escape that IIS reads as {} '{}'",
                            crate::text::quote(rest.get(..6).unwrap_or_default()),
                            char_info(c).codepoint,
                            crate::text::escape_str(&c.to_string())
                        )
                    });
                    i += 6;
                    continue;
                }
                let len = rest
                    .iter()
                    .skip(1)
                    .take(2)
                    .take_while(|&&c| {
                        c != b'%' && hex_value(c).is_some() || c.is_ascii_alphanumeric()
                    })
                    .count();
                let span = Span::new(at, at + 1 + len);
                f.add(WarningCode::MalformedEscape, span, 0, || {
                    format!(
                        "'{}' is a '%' not followed by two hex digits",
                        crate::text::quote(rest.get(..1 + len).unwrap_or_default())
                    )
                });
            }
            b'\\' => f.add(WarningCode::Backslash, Span::new(at, at + 1), 0, || {
                "a raw backslash".to_string()
            }),
            b'+' if is_path => f.add(WarningCode::PlusInPath, Span::new(at, at + 1), 0, || {
                "a '+'".to_string()
            }),
            b'[' | b']' if !is_host => {
                f.add(WarningCode::IllegalChar, Span::new(at, at + 1), 0, || {
                    format!("'{}' is legal only around an IPv6 host", char::from(b))
                })
            }
            0x80..=0xFF => {
                let len = raw
                    .get(i..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|&&c| c >= 0x80)
                    .count();
                let run = raw.get(i..i + len).unwrap_or_default();
                if !is_host {
                    f.add(WarningCode::IllegalChar, Span::new(at, at + len), 0, || {
                        format!(
                            "raw non-ASCII '{}' must be sent as UTF-8 escapes",
                            crate::text::quote(run)
                        )
                    });
                }
                i += len;
                continue;
            }
            0x00..=0x1F | 0x7F => {}
            _ if is_illegal(b) => f.add(WarningCode::IllegalChar, Span::new(at, at + 1), 0, || {
                format!("a raw '{}'", char::from(b))
            }),
            _ => {}
        }
        i += 1;
    }
}

/// The character a `%uXXXX` escape at the start of `bytes` stands for.
fn u_escape(bytes: &[u8]) -> Option<char> {
    match bytes {
        [b'%', b'u' | b'U', a, b, c, d, ..] => {
            let v = [a, b, c, d]
                .iter()
                .try_fold(0u32, |acc, &&h| Some(acc << 4 | u32::from(hex_value(h)?)))?;
            char::from_u32(v)
        }
        _ => None,
    }
}

fn layer_checks(layer: &[u8], li: usize, prov: &Provenance<'_>, f: &mut Findings) {
    let layer_no = li + 1;
    for (i, &b) in layer.iter().enumerate() {
        if b >= 0x20 && b != 0x7F {
            continue;
        }
        let span = prov.span(li, i);
        let enc = if prov.kind(li, i) == SourceKind::Escape || li > 0 {
            "encoded "
        } else {
            "raw "
        };
        match b {
            0x00 => f.add(WarningCode::NullByte, span, layer_no, || {
                format!("an {enc}NUL byte").replace("an raw", "a raw")
            }),
            b'\r' | b'\n' => f.add(WarningCode::Crlf, span, layer_no, || {
                format!(
                    "{}{}",
                    if enc == "raw " {
                        "a raw "
                    } else {
                        "an encoded "
                    },
                    if b == b'\r' { "CR" } else { "LF" }
                )
            }),
            _ => {
                f.add(WarningCode::ControlChar, span, layer_no, || {
                    format!(
                        "{}control character \\x{b:02x}{}",
                        if enc == "raw " {
                            "a raw "
                        } else {
                            "an encoded "
                        },
                        if b == 0x1B {
                            " (ESC, starts terminal escape sequences)"
                        } else {
                            ""
                        }
                    )
                });
                if b != b'\t' {
                    f.raise(WarningCode::ControlChar, Severity::High);
                }
            }
        }
    }
    if layer.is_ascii() {
        return;
    }
    let mut previous: Option<Utf8Unit> = None;
    for unit in crate::utf8::units_of(layer) {
        let after = previous.replace(unit);
        match unit.value {
            Ok(c) if c.is_ascii() => {}
            Ok(c) => {
                let span = prov.span_range(li, unit.start, unit.start + unit.len);
                let info = || format!("{} {}", char_info(c).codepoint, char_info(c).name);
                if is_bidi_control(c) {
                    f.add(WarningCode::BidiControl, span, layer_no, || {
                        format!("bidi control {}", info())
                    });
                } else if is_invisible(c) {
                    f.add(WarningCode::InvisibleChar, span, layer_no, || {
                        format!("invisible {}", info())
                    });
                } else if c.is_control() {
                    f.add(WarningCode::ControlChar, span, layer_no, || {
                        format!("C1 control {}", info())
                    });
                    f.raise(WarningCode::ControlChar, Severity::High);
                }
            }
            Err(problem) => {
                let bytes = layer.get(unit.range()).unwrap_or_default();
                if let Some((c, len)) = lax_overlong(layer.get(unit.start..).unwrap_or_default()) {
                    let span = prov.span_range(li, unit.start, unit.start + len);
                    let hex: Vec<String> = layer
                        .get(unit.start..unit.start + len)
                        .unwrap_or_default()
                        .iter()
                        .map(|b| format!("{b:02X}"))
                        .collect();
                    f.add(WarningCode::OverlongUtf8, span, layer_no, || {
                        format!(
                            "{} is an overlong form of {} '{}'",
                            hex.join(" "),
                            char_info(c).codepoint,
                            crate::text::escape_str(&c.to_string())
                        )
                    });
                    continue;
                }
                if problem == Utf8Problem::UnexpectedContinuation
                    && after.is_some_and(|u| u.value == Err(Utf8Problem::Overlong))
                {
                    // The tail of an overlong form already reported.
                    continue;
                }
                let span = prov.span_range(li, unit.start, unit.start + unit.len);
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
                f.add(WarningCode::InvalidUtf8, span, layer_no, || {
                    format!("{} is not UTF-8 ({})", hex.join(" "), problem.label())
                });
            }
        }
    }
}

fn double_encoding(input: &[u8], prov: &Provenance<'_>, f: &mut Findings) {
    let Some(layers) = prov.layers else { return };
    let Some(second) = layers.get(1) else { return };
    let depth = layers.len();
    let mut first: Option<Span> = None;
    for b in second.iter().filter(|b| b.kind == SourceKind::Escape) {
        first.get_or_insert(b.span);
        f.add(WarningCode::DoubleEncoding, b.span, 2, String::new);
    }
    let quiet = f.quiet & (1 << WarningCode::DoubleEncoding.index()) != 0;
    if let (Some(span), Some(finding), false) =
        (first, f.get_mut(WarningCode::DoubleEncoding), quiet)
    {
        // Show the first escape through every layer: %252e -> %2e -> .
        let mut steps = vec![format!("'{}'", crate::text::quote(span.of(input)))];
        for layer in layers {
            let bytes: Vec<u8> = layer
                .iter()
                .filter(|b| span.start <= b.span.start && b.span.end <= span.end)
                .map(|b| b.value)
                .collect();
            steps.push(format!("'{}'", crate::text::quote(&bytes)));
        }
        finding.detail = format!("{} layers of escapes: {}", depth, steps.join(" -> "));
    }
    if let Some(finding) = f.get_mut(WarningCode::DoubleEncoding) {
        // The message names the depth itself.
        finding.layer = 0;
    }
}

/// `0x2e`, `0x2f`, `0x5c`: a dot or separator spelled in C hex notation,
/// as traversal fuzzers (dotdotpwn) try against hand-written decoders.
fn hex_notation(bytes: &[u8]) -> Option<char> {
    match bytes {
        [b'0', b'x' | b'X', h, l, ..] => match (hex_value(*h)? << 4) | hex_value(*l)? {
            0x2E => Some('.'),
            0x2F => Some('/'),
            0x5C => Some('\\'),
            _ => None,
        },
        _ => None,
    }
}

/// `2f` or `5c` right after `..`: an escape whose `%` a filter stripped.
fn bare_hex_separator(bytes: &[u8]) -> Option<char> {
    match bytes {
        [b'2', b'f' | b'F', ..] => Some('/'),
        [b'5', b'c' | b'C', ..] => Some('\\'),
        _ => None,
    }
}

/// A character as a lax server reads it, and the decoded bytes it spans.
#[derive(Clone, Copy)]
struct LaxChar {
    c: char,
    from: usize,
    to: usize,
}

/// Read a decoded layer the way the laxest servers do: `%uXXXX` escapes,
/// overlong UTF-8 and look-alike dots and slashes all count.
fn lax_chars(layer: &[u8]) -> impl Iterator<Item = LaxChar> + '_ {
    let mut i = 0;
    // How many of the characters just read are dots (up to 2).
    let mut dots = 0;
    std::iter::from_fn(move || {
        let &b = layer.get(i)?;
        let rest = layer.get(i..).unwrap_or_default();
        let after_dots = dots >= 2;
        let (c, len) = if b < 0x80 {
            if let Some(c) = u_escape(rest) {
                (c, 6)
            } else if let Some(c) = hex_notation(rest) {
                (c, 4)
            } else if let (true, Some(c)) = (after_dots, bare_hex_separator(rest)) {
                (c, 2)
            } else {
                (char::from(b), 1)
            }
        } else if let Some(found) = lax_overlong(rest) {
            found
        } else {
            let len = match b {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => 1,
            };
            match rest.get(..len).and_then(|s| std::str::from_utf8(s).ok()) {
                Some(s) => (s.chars().next().unwrap_or('\u{FFFD}'), len),
                None => ('\u{FFFD}', 1),
            }
        };
        let c = match c {
            '\u{FF0E}' | '\u{2024}' | '\u{FE52}' => '.',
            '\u{FF0F}' | '\u{2215}' | '\u{2044}' => '/',
            '\u{FF3C}' | '\u{2216}' | '\u{FE68}' => '\\',
            c => c,
        };
        dots = if c == '.' { (dots + 1).min(2) } else { 0 };
        let from = i;
        i += len;
        Some(LaxChar { c, from, to: i })
    })
}

fn traversal_checks(
    input: &[u8],
    comp: &ComponentAnalysis,
    prov: &Provenance<'_>,
    f: &mut Findings,
) {
    for (li, layer) in comp.layers().enumerate() {
        // Fast path: nothing that can read as a dot.
        if lax_is_literal(layer) && memchr::memchr(b'.', layer).is_none() {
            continue;
        }
        // One part (between separators) at a time: its name is what comes
        // before ';' (Tomcat and Jetty drop ";params" before resolving).
        let mut name = DotName::default();
        let mut chars = lax_chars(layer);
        loop {
            let next = chars.next();
            let sep = match next {
                Some(c) if c.c != '/' && c.c != '\\' => {
                    name.push(c);
                    continue;
                }
                sep => sep,
            };
            let part = std::mem::take(&mut name);
            if let (Some(first), Some(last), true) = (part.first, part.last, part.all_dots) {
                let through = sep.map_or(last.to, |sep| sep.to);
                let span = prov.span_range(li, first.from, through);
                if part.len >= 3 {
                    f.add(WarningCode::PathTraversal, span, li + 1, || {
                        format!(
                            "'{}' is a run of dots that becomes '..' when a filter strips '../' once or Windows trims trailing dots",
                            crate::text::quote(span.of(input))
                        )
                    });
                    lower_unless_dotdot(f, Severity::Medium);
                } else {
                    let spelled = span.of(input);
                    let literal = spelled.iter().all(|&c| c == b'.' || c == b'/');
                    let what = if part.len == 2 { "'..'" } else { "'.'" };
                    f.add(WarningCode::PathTraversal, span, li + 1, || {
                        if literal {
                            format!("a {what} segment")
                        } else {
                            format!("{what} spelled '{}'", crate::text::quote(spelled))
                        }
                    });
                    if part.len == 1 {
                        // A lone '.' only matters when something hides it.
                        let sev = if literal {
                            Severity::Low
                        } else {
                            Severity::Medium
                        };
                        lower_unless_dotdot(f, sev);
                    } else {
                        f.raise(WarningCode::PathTraversal, Severity::High);
                    }
                }
            }
            if sep.is_none() {
                break;
            }
        }
    }
}

/// The name of one part of a lax path, read character by character: is it
/// all dots, and where does it start and end.
struct DotName {
    first: Option<LaxChar>,
    last: Option<LaxChar>,
    len: usize,
    all_dots: bool,
    /// Past a ';': the rest are parameters, not the name.
    params: bool,
}

impl Default for DotName {
    fn default() -> DotName {
        DotName {
            first: None,
            last: None,
            len: 0,
            all_dots: true,
            params: false,
        }
    }
}

impl DotName {
    fn push(&mut self, c: LaxChar) {
        if self.params || c.c == ';' {
            self.params = true;
            return;
        }
        self.first.get_or_insert(c);
        self.last = Some(c);
        self.len += 1;
        self.all_dots &= c.c == '.';
    }
}

/// The text of a decoded layer as a lax server reads it, borrowed when
/// that is the layer itself.
fn lax_text(layer: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(layer) {
        Ok(text) if lax_is_literal(layer) => Cow::Borrowed(text),
        _ => {
            let mut text = String::with_capacity(layer.len());
            text.extend(lax_chars(layer).map(|c| c.c));
            Cow::Owned(text)
        }
    }
}

/// Whether [`lax_chars`] reads `layer` byte for byte as itself: ASCII with
/// no `%` (no `%u` escape), no `0x` or `0X` and no `..` (no bare `2f`
/// after dots).
fn lax_is_literal(layer: &[u8]) -> bool {
    // Most components are short, where setting up four searches costs more
    // than one pass over the bytes.
    if layer.len() < 64 {
        let mut previous = 0u8;
        for &b in layer {
            let pair = (previous == b'0' && (b | 0x20) == b'x') || (previous == b'.' && b == b'.');
            if !b.is_ascii() || b == b'%' || pair {
                return false;
            }
            previous = b;
        }
        return true;
    }
    layer.is_ascii()
        && memchr::memchr(b'%', layer).is_none()
        && memchr::memmem::find(layer, b"0x").is_none()
        && memchr::memmem::find(layer, b"0X").is_none()
        && memchr::memmem::find(layer, b"..").is_none()
}

/// `text` lowercased, as sensitive targets are matched; borrowed when it
/// has nothing to lowercase.
fn lowercase(text: Cow<'_, str>) -> Cow<'_, str> {
    if text.contains(char::is_uppercase) {
        Cow::Owned(text.to_lowercase())
    } else {
        text
    }
}

/// The path parts of (lowercased) lax text, split on both separators.
fn lax_parts(text: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    text.split(|&b| b == b'/' || b == b'\\')
}

/// `sensitive-file` for a query parameter, and payloads hidden in base64
/// in a parameter or path segment.
fn component_target_warnings(i: usize, c: &ComponentAnalysis, out: &mut Vec<Warning>) {
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

/// Set the traversal severity for a lone dot, unless a `..` raised it.
fn lower_unless_dotdot(f: &mut Findings, severity: Severity) {
    if let Some(finding) = f.get_mut(WarningCode::PathTraversal) {
        if finding.severity != Some(Severity::High) {
            finding.severity = Some(finding.severity.map_or(severity, |s| s.max(severity)));
        }
    }
}

/// Parse a host the way WHATWG and `inet_aton` read IPv4 numbers:
/// 1 to 4 dot-separated parts in decimal, octal (`0` prefix) or hex (`0x`),
/// the last part filling the remaining bytes.
///
/// # Examples
/// ```
/// use urlscope_core::analysis::lax_ipv4;
/// use std::net::Ipv4Addr;
/// assert_eq!(lax_ipv4("2130706433"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(lax_ipv4("0177.0.0.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(lax_ipv4("0x7f.1"), Some(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(lax_ipv4("example.com"), None);
/// ```
pub fn lax_ipv4(host: &str) -> Option<Ipv4Addr> {
    let host = host.strip_suffix('.').unwrap_or(host);
    // Five parts are already too many: a long host is not split whole.
    let parts: Vec<&str> = host.split('.').take(5).collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(4);
    for p in &parts {
        let (digits, radix) = if let Some(h) = p.strip_prefix("0x").or_else(|| p.strip_prefix("0X"))
        {
            (h, 16)
        } else if p.len() > 1 && p.starts_with('0') {
            (&p[1..], 8)
        } else {
            (*p, 10)
        };
        if p.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let value = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, radix).ok()?
        };
        numbers.push(value);
    }
    let (last, init) = numbers.split_last()?;
    if init.iter().any(|&n| n > 255) {
        return None;
    }
    let last_bytes = 4 - init.len() as u32;
    if *last >= 1u64 << (8 * last_bytes) {
        return None;
    }
    let mut value: u64 = 0;
    for (i, &n) in init.iter().enumerate() {
        value |= n << (8 * (3 - i as u32));
    }
    value |= *last;
    u32::try_from(value).ok().map(Ipv4Addr::from)
}

fn host_reading(input: &[u8], parts: &Split) -> Option<HostReading> {
    let span = parts.host?;
    let kind = parts.host_kind?;
    let decoded_bytes = crate::percent::decode(span.of(input), false);
    let decoded = String::from_utf8_lossy(&decoded_bytes).into_owned();
    let mut reading = HostReading {
        kind,
        decoded: decoded.clone(),
        unicode: None,
        ascii: None,
        ipv4: None,
        registrable: None,
        scripts: Vec::new(),
        confusables: Vec::new(),
        rejected: Vec::new(),
    };
    if kind == HostKind::RegName {
        // WHATWG removes tabs and newlines before it reads the host.
        reading.ipv4 = lax_ipv4(&decoded.replace(['\t', '\n', '\r'], ""));
        let has_punycode = decoded
            .split('.')
            .any(|l| l.len() >= 4 && l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")));
        if !decoded.is_ascii() || has_punycode {
            if let Ok(ascii) = idna::domain_to_ascii(&decoded) {
                reading.ascii = Some(ascii);
            }
            let (unicode, rejected) = unicode_form(&decoded);
            reading.unicode = Some(unicode);
            reading.rejected = rejected;
        }
        let dns = reading
            .ascii
            .clone()
            .unwrap_or_else(|| decoded.to_ascii_lowercase());
        reading.registrable = psl::domain_str(dns.trim_end_matches('.')).map(str::to_string);
        if let Some(unicode) = &reading.unicode {
            use unicode_script::{Script, UnicodeScript};
            for c in unicode.chars() {
                let script = c.script();
                if !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
                    && !reading.scripts.contains(&script.full_name())
                {
                    reading.scripts.push(script.full_name());
                }
                // Controls, bidi and invisible characters have warnings of
                // their own (and an empty skeleton).
                if !c.is_ascii() && !crate::text::needs_escape(c) {
                    let skeleton: String = unicode_security::skeleton(&c.to_string()).collect();
                    if skeleton != c.to_string()
                        && !reading.confusables.iter().any(|(k, _)| *k == c)
                    {
                        reading.confusables.push((c, skeleton));
                    }
                }
            }
        }
    }
    Some(reading)
}

/// The host as a reader sees it (`xn--` labels decoded by UTS #46), and
/// the labels UTS #46 rejects. Such a label comes back from `idna` with
/// U+FFFD in it, a mark of the error and not a character of the URL; it is
/// shown as written.
fn unicode_form(decoded: &str) -> (String, Vec<String>) {
    let (unicode, result) = idna::domain_to_unicode(decoded);
    if result.is_ok() || !unicode.contains('\u{FFFD}') {
        return (unicode, Vec::new());
    }
    let written: Vec<&str> = decoded.split('.').collect();
    let read: Vec<&str> = unicode.split('.').collect();
    if written.len() != read.len() {
        // UTS #46 mapped a dot-like character to '.': the labels do not
        // line up, so the whole host is shown as written.
        return (decoded.to_string(), vec![decoded.to_string()]);
    }
    let mut rejected = Vec::new();
    let labels: Vec<&str> = read
        .iter()
        .zip(&written)
        .map(|(&read, &written)| {
            if read.contains('\u{FFFD}') && !written.contains('\u{FFFD}') {
                rejected.push(written.to_string());
                written
            } else {
                read
            }
        })
        .collect();
    (labels.join("."), rejected)
}

fn authority_warnings(
    input: &[u8],
    parts: &Split,
    components: &[ComponentAnalysis],
    host: Option<&HostReading>,
    out: &mut Vec<Warning>,
) {
    let index_of = |kind: ComponentKind| components.iter().position(|c| c.kind == kind);
    if let Some(scheme) = parts.scheme {
        let name = String::from_utf8_lossy(scheme.of(input)).to_ascii_lowercase();
        let severity = match name.as_str() {
            "javascript" | "vbscript" => {
                Some((Severity::High, "runs script in the page that follows it"))
            }
            "data" => Some((
                Severity::High,
                "carries its own content, which a browser may render as a page or run as script",
            )),
            "file" => Some((Severity::Medium, "reads files from the local machine")),
            _ => None,
        };
        if let Some((severity, what)) = severity {
            out.push(
                Warning::new(
                    WarningCode::DangerousScheme,
                    vec![scheme],
                    index_of(ComponentKind::Scheme),
                    format!("The '{name}:' scheme {what}."),
                )
                .with_severity(severity),
            );
        }
    }
    if let Some(userinfo) = parts.userinfo {
        let text = components
            .iter()
            .find(|c| c.kind == ComponentKind::Userinfo)
            .map(ComponentAnalysis::decoded_lossy)
            .unwrap_or_default();
        let user = text.split(':').next().unwrap_or_default();
        let looks_like_host = user.contains('.') && !user.contains(' ');
        let with_at = Span::new(userinfo.start, userinfo.end + 1);
        let (severity, message) = if looks_like_host {
            let host_text = host.map_or(String::new(), |h| h.decoded.clone());
            (
                Severity::High,
                format!(
                    "'{}@' looks like a host name, but the real host is '{}': a reader (or a naive filter) is made to trust the wrong site.",
                    crate::text::quote_str(&text),
                    crate::text::quote_str(&host_text)
                ),
            )
        } else if text.contains(':') {
            (
                Severity::Medium,
                "The URL carries a user name and password, which end up in logs, history and Referer headers.".to_string(),
            )
        } else {
            (
                Severity::Medium,
                format!(
                    "The URL carries the user name '{}' before '@', which a reader may mistake for part of the host.",
                    crate::text::quote_str(&text)
                ),
            )
        };
        out.push(
            Warning::new(
                WarningCode::Userinfo,
                vec![with_at],
                index_of(ComponentKind::Userinfo),
                message,
            )
            .with_severity(severity),
        );
    }
    let host_index = index_of(ComponentKind::Host);
    if let (Some(span), Some(reading)) = (parts.host, host) {
        let raw = span.of(input);
        if let Some(ip) = reading.ipv4 {
            out.push(Warning::new(
                WarningCode::IpObfuscation,
                vec![span],
                host_index,
                format!(
                    "The host '{}' is the IPv4 address {ip} written as a number, which slips past filters that block '{ip}'.",
                    crate::text::quote_str(&reading.decoded)
                ),
            ));
        }
        if reading.kind == HostKind::RegName {
            let bad: Vec<Span> = raw
                .iter()
                .enumerate()
                .filter(|(_, &b)| matches!(b, b'@' | b'[' | b']'))
                .map(|(i, _)| Span::new(span.start + i, span.start + i + 1))
                .collect();
            if !bad.is_empty() {
                out.push(Warning::new(
                    WarningCode::InvalidHost,
                    bad,
                    host_index,
                    "The host holds '@', '[' or ']', so parsers disagree on where the user name ends and the host begins.".to_string(),
                ));
            }
        }
        if reading.kind == HostKind::IpLiteralOther {
            out.push(Warning::new(
                WarningCode::InvalidHost,
                vec![span],
                host_index,
                format!(
                    "'{}' is bracketed like an IPv6 address but is not one, so parsers reject or reinterpret it.",
                    crate::text::quote(raw)
                ),
            ));
        }
        if let Some(unicode) = &reading.unicode {
            idn_warning(span, host_index, reading, unicode, out);
        }
    }
    if let Some(port) = parts.port {
        let text = port.of(input);
        let valid = text.iter().all(u8::is_ascii_digit)
            && (text.is_empty()
                || std::str::from_utf8(text)
                    .ok()
                    .and_then(|t| t.parse::<u32>().ok())
                    .is_some_and(|p| p <= 65535));
        let after_colon = port.start > 0 && input.get(port.start - 1) == Some(&b':');
        if !valid || !after_colon {
            out.push(Warning::new(
                WarningCode::InvalidPort,
                vec![port],
                index_of(ComponentKind::Port),
                format!(
                    "The port '{}' is not a number from 0 to 65535, so parsers reject it or read another port.",
                    crate::text::quote(text)
                ),
            ));
        }
    }
}

fn idn_warning(
    span: Span,
    host_index: Option<usize>,
    reading: &HostReading,
    unicode: &str,
    out: &mut Vec<Warning>,
) {
    let ascii = reading.ascii.as_deref();
    use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};
    let mut reasons = Vec::new();
    for label in unicode.split('.') {
        let rejected = reading.rejected.iter().any(|r| r == label);
        if label.is_ascii() && !rejected {
            continue;
        }
        // UTS #39 calls a label with a character outside its identifier
        // profile unrestricted whatever its scripts: say which character.
        let barred: Vec<String> = label
            .chars()
            .filter(|&c| !c.identifier_allowed())
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        if !barred.is_empty() {
            let shown = barred
                .iter()
                .take(3)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            let more = if barred.len() > 3 { ", ..." } else { "" };
            reasons.push(format!(
                "'{}' holds {shown}{more}, which UTS #39 bars from identifiers",
                crate::text::quote_str(label)
            ));
            continue;
        }
        if rejected {
            reasons.push(format!(
                "'{}' is a label UTS #46 rejects, so browsers refuse it while other clients look it up as written",
                crate::text::quote_str(label)
            ));
            continue;
        }
        let level = label.detect_restriction_level();
        if level > RestrictionLevel::HighlyRestrictive {
            reasons.push(format!("'{}' mixes scripts", crate::text::quote_str(label)));
            continue;
        }
        let skeleton: String = unicode_security::skeleton(label).collect();
        if skeleton.is_ascii() {
            reasons.push(format!(
                "'{}' looks like the ASCII '{}'",
                crate::text::quote_str(label),
                crate::text::quote_str(&skeleton)
            ));
        }
    }
    let forms = format!(
        "'{}' (DNS name '{}')",
        crate::text::quote_str(unicode),
        crate::text::quote_str(ascii.unwrap_or("invalid"))
    );
    let warning = if reasons.is_empty() {
        Warning::new(
            WarningCode::Idn,
            vec![span],
            host_index,
            format!("The host is the internationalized name {forms}."),
        )
    } else {
        Warning::new(
            WarningCode::IdnHomograph,
            vec![span],
            host_index,
            format!(
                "The host {forms} can impersonate another domain: {}.",
                reasons.join("; ")
            ),
        )
    };
    out.push(warning);
}

fn junk_warnings(input: &[u8], parts: &Split, out: &mut Vec<Warning>) {
    let before = Span::new(0, parts.trimmed.start);
    let after = Span::new(parts.trimmed.end, input.len());
    let spans: Vec<Span> = [before, after]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    if spans.is_empty() {
        return;
    }
    let controls: Vec<Span> = spans
        .iter()
        .flat_map(|s| s.range())
        .filter(|&i| {
            input
                .get(i)
                .is_some_and(|&b| b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n'))
        })
        .map(|i| Span::new(i, i + 1))
        .collect();
    if !controls.is_empty() {
        out.push(Warning::new(
            WarningCode::ControlChar,
            controls,
            None,
            "Control characters around the URL are ignored by browsers but reach logs and terminals as they are.".to_string(),
        ));
    }
    out.push(Warning::new(
        WarningCode::SurroundingJunk,
        spans,
        None,
        "Spaces or control characters around the URL were left out of the analysis.".to_string(),
    ));
}

const SPECIAL: &[&str] = &["http", "https", "ws", "wss", "ftp", "file"];

/// Whether a WHATWG parser may read `input`'s scheme, host, port or path
/// differently from RFC 3986, so that the comparison behind
/// `parser-differential` must run. It is `false` only when both are known
/// to agree: nothing around the URL, a special scheme other than `file`
/// followed by exactly `//`, a plain host (letters, digits, hyphens and
/// dots, no `xn--` label, not numeric at the end) with a valid port (the
/// plain origin [`crate::triage`] also starts from), and a rest of
/// printable ASCII without backslashes, with no dot segment and no `%2e`
/// (WHATWG's other spelling of a dot) in the path. A test checks on every corpus that whenever it is `false` the
/// readings indeed agree.
fn whatwg_may_differ(input: &[u8], parts: &Split) -> bool {
    if parts.trimmed != Span::new(0, input.len()) {
        return true;
    }
    let Some(path_start) = crate::triage::plain_origin(input) else {
        return true;
    };
    // Branch-free over blocks, so the scan of a long URL vectorizes.
    let rest = input.get(path_start..).unwrap_or_default();
    let odd = |block: &[u8]| {
        block.iter().fold(false, |odd, &b| {
            odd | (b <= b' ') | (b >= 0x7F) | (b == b'\\')
        })
    };
    if rest.chunks(64).any(odd) {
        return true;
    }
    let path = parts.path.of(input);
    let dot_segment = memchr::memmem::find_iter(path, b"/.").any(|at| {
        let segment = path.get(at + 1..).unwrap_or_default();
        let end = memchr::memchr(b'/', segment).unwrap_or(segment.len());
        matches!(segment.get(..end), Some(b"." | b".."))
    });
    dot_segment
        || memchr::memmem::find(path, b"%2e").is_some()
        || memchr::memmem::find(path, b"%2E").is_some()
}

fn whatwg_reading(input: &[u8], parts: &Split) -> Option<Result<WhatwgReading, String>> {
    parts.scheme?;
    let text = std::str::from_utf8(input).ok()?;
    Some(match url::Url::parse(text) {
        Ok(u) => Ok(WhatwgReading {
            href: u.as_str().to_string(),
            scheme: u.scheme().to_string(),
            username: u.username().to_string(),
            password: u.password().map(str::to_string),
            host: u.host_str().map(str::to_string),
            port: u.port(),
            path: u.path().to_string(),
            query: u.query().map(str::to_string),
            fragment: u.fragment().map(str::to_string),
        }),
        Err(e) => Err(e.to_string()),
    })
}

/// The semantic comparison of the two readings behind
/// `parser-differential` and [`Analysis::readings`].
struct Comparison {
    special: bool,
    scheme: String,
    scheme_differs: bool,
    ours_host: Option<String>,
    theirs_host: Option<String>,
    host_differs: bool,
    ours_port: Option<u16>,
    port_differs: bool,
    ours_path: Vec<u8>,
    theirs_path: Vec<u8>,
    path_differs: bool,
}

fn compare(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    w: &WhatwgReading,
    normalized: &str,
) -> Comparison {
    let scheme = parts
        .scheme
        .map(|s| String::from_utf8_lossy(s.of(input)).to_ascii_lowercase())
        .unwrap_or_default();
    let special = SPECIAL.contains(&scheme.as_str());
    // Our host, put in the form WHATWG serializes it in.
    let ours_host: Option<String> = host.map(|h| match h.kind {
        HostKind::Ipv6 => {
            let inner = h.decoded.trim_start_matches('[').trim_end_matches(']');
            inner
                .parse::<std::net::Ipv6Addr>()
                .map_or_else(|_| h.decoded.clone(), |a| format!("[{a}]"))
        }
        _ if special => match h.ipv4 {
            Some(ip) => ip.to_string(),
            None => {
                idna::domain_to_ascii(&h.decoded).unwrap_or_else(|_| h.decoded.to_ascii_lowercase())
            }
        },
        _ => h.decoded.clone(),
    });
    let theirs_host = w.host.as_deref().map(|h| {
        if special {
            h.to_string()
        } else {
            String::from_utf8_lossy(&crate::percent::decode(h.as_bytes(), false)).into_owned()
        }
    });
    let ours_host = ours_host.filter(|h| !h.is_empty());
    let theirs_host = theirs_host.filter(|h| !h.is_empty());
    let host_differs = ours_host != theirs_host;
    let ours_port = parts.port.and_then(|p| {
        std::str::from_utf8(p.of(input))
            .ok()
            .and_then(|t| t.parse::<u16>().ok())
            .filter(|&n| Some(n) != default_port(&scheme))
    });
    // Paths compared after normalization and decoding on both sides.
    let nparts = split(normalized.as_bytes());
    let root = |p: Vec<u8>| -> Vec<u8> {
        if p.is_empty() && special {
            b"/".to_vec()
        } else {
            p
        }
    };
    let ours_path =
        root(crate::percent::decode(nparts.path.of(normalized.as_bytes()), false).into_owned());
    let theirs_path = root(crate::percent::decode(w.path.as_bytes(), false).into_owned());
    Comparison {
        special,
        scheme_differs: scheme != w.scheme,
        scheme,
        host_differs,
        ours_host,
        theirs_host,
        ours_port,
        port_differs: ours_port != w.port,
        path_differs: ours_path != theirs_path,
        ours_path,
        theirs_path,
    }
}

fn differential_warnings(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    w: &WhatwgReading,
    normalized: &str,
    out: &mut Vec<Warning>,
) {
    let c = compare(input, parts, host, w, normalized);
    let mut fields = Vec::new();
    if c.scheme_differs {
        fields.push(format!(
            "scheme '{}' vs '{}'",
            crate::text::quote_str(&c.scheme),
            crate::text::quote_str(&w.scheme)
        ));
    }
    if c.host_differs {
        fields.push(format!(
            "host '{}' vs '{}'",
            crate::text::quote_str(c.ours_host.as_deref().unwrap_or("(none)")),
            crate::text::quote_str(c.theirs_host.as_deref().unwrap_or("(none)"))
        ));
    }
    if c.port_differs && !c.host_differs {
        fields.push(format!("port {:?} vs {:?}", c.ours_port, w.port));
    }
    if c.path_differs && !c.host_differs {
        fields.push(format!(
            "path '{}' vs '{}'",
            crate::text::quote(&c.ours_path),
            crate::text::quote(&c.theirs_path)
        ));
    }
    if fields.is_empty() {
        return;
    }
    let reasons = differential_reasons(input, parts, host, c.special);
    let severity = if c.host_differs || c.scheme_differs {
        Severity::High
    } else {
        Severity::Medium
    };
    out.push(
        Warning::new(
            WarningCode::ParserDifferential,
            vec![parts.trimmed],
            None,
            format!(
                "RFC 3986 and WHATWG parsers disagree ({}: RFC 3986 first){}, so a filter and a fetcher can act on different URLs.",
                fields.join("; "),
                if reasons.is_empty() {
                    String::new()
                } else {
                    format!(" because {}", reasons.join(", "))
                }
            ),
        )
        .with_severity(severity),
    );
}

/// One field of the two readings side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadingField {
    /// `href`, `scheme`, `username`, `password`, `host`, `port`, `path`,
    /// `query`, `fragment`.
    pub name: &'static str,
    /// The RFC 3986 reading, as written (`None`: the part is absent).
    pub rfc3986: Option<String>,
    /// The WHATWG reading, as the `url` crate serializes it.
    pub whatwg: Option<String>,
    /// Whether the two mean different things (compared after the
    /// normalizations both sides agree on: case, IDNA, default ports, dot
    /// segments, percent-encoding).
    pub differs: bool,
}

/// The RFC 3986 reading next to the WHATWG reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readings {
    pub fields: Vec<ReadingField>,
    /// Why they differ, when they do: backslash as a separator, tab and
    /// newline removal, IPv4 number forms, userinfo at the last `@`, slash
    /// counts, IDNA mapping, host percent-decoding.
    pub reasons: Vec<&'static str>,
    /// Why the WHATWG parser rejects the input, when it does.
    pub whatwg_error: Option<String>,
}

impl Readings {
    /// Whether the readings disagree where `parser-differential` looks:
    /// scheme, host, port or path, or the WHATWG parser rejects the URL
    /// (the analysis gives that warning exactly then).
    pub fn disagree(&self) -> bool {
        self.whatwg_error.is_some()
            || self
                .fields
                .iter()
                .any(|f| matches!(f.name, "scheme" | "host" | "port" | "path") && f.differs)
    }
}

impl Analysis {
    /// The two readings side by side, or `None` for relative references and
    /// input that is not UTF-8 (no WHATWG reading exists for them).
    ///
    /// # Examples
    /// ```
    /// use urlscope_core::analysis::{analyze, Options};
    /// let a = analyze(br"http://evil.com\@good.com/", &Options::default());
    /// let r = a.readings().unwrap();
    /// let host = r.fields.iter().find(|f| f.name == "host").unwrap();
    /// assert_eq!(host.rfc3986.as_deref(), Some("good.com"));
    /// assert_eq!(host.whatwg.as_deref(), Some("evil.com"));
    /// assert!(host.differs);
    /// ```
    pub fn readings(&self) -> Option<Readings> {
        let input = &self.input;
        let parts = &self.split;
        let text = |s: Option<Span>| s.map(|s| crate::text::escape_bytes(s.of(input)));
        let w = match self.whatwg()? {
            Ok(w) => w,
            Err(e) => {
                return Some(Readings {
                    fields: Vec::new(),
                    reasons: differential_reasons(input, parts, self.host.as_ref(), true),
                    whatwg_error: Some(e.clone()),
                })
            }
        };
        let normalized = if self.normalized.is_empty() {
            normalize(input)
        } else {
            self.normalized.clone()
        };
        let c = compare(input, parts, self.host.as_ref(), w, &normalized);
        let userinfo = parts.userinfo.map(|u| u.of(input));
        let (user, pass) = match userinfo {
            Some(u) => match u.iter().position(|&b| b == b':') {
                Some(i) => (
                    Some(u.get(..i).unwrap_or_default()),
                    Some(u.get(i + 1..).unwrap_or_default()),
                ),
                None => (Some(u), None),
            },
            None => (None, None),
        };
        let decoded = |b: &[u8]| crate::percent::decode(b, false).into_owned();
        let user_differs = decoded(user.unwrap_or_default()) != decoded(w.username.as_bytes());
        let pass_differs = decoded(pass.unwrap_or_default())
            != decoded(w.password.as_deref().unwrap_or_default().as_bytes());
        let query_differs = decoded(parts.query.map_or(&[][..], |q| q.of(input)))
            != decoded(w.query.as_deref().unwrap_or_default().as_bytes());
        let fragment_differs = decoded(parts.fragment.map_or(&[][..], |f| f.of(input)))
            != decoded(w.fragment.as_deref().unwrap_or_default().as_bytes());
        let mut fields = vec![
            ReadingField {
                name: "scheme",
                rfc3986: text(parts.scheme),
                whatwg: Some(w.scheme.clone()),
                differs: c.scheme_differs,
            },
            ReadingField {
                name: "username",
                rfc3986: user.map(crate::text::escape_bytes),
                whatwg: Some(w.username.clone()),
                differs: user_differs,
            },
            ReadingField {
                name: "password",
                rfc3986: pass.map(crate::text::escape_bytes),
                whatwg: w.password.clone(),
                differs: pass_differs,
            },
            ReadingField {
                name: "host",
                rfc3986: text(parts.host),
                whatwg: w.host.clone(),
                differs: c.host_differs,
            },
            ReadingField {
                name: "port",
                rfc3986: text(parts.port),
                whatwg: w.port.map(|p| p.to_string()),
                differs: c.port_differs,
            },
            ReadingField {
                name: "path",
                rfc3986: text(Some(parts.path)),
                whatwg: Some(w.path.clone()),
                differs: c.path_differs,
            },
            ReadingField {
                name: "query",
                rfc3986: text(parts.query),
                whatwg: w.query.clone(),
                differs: query_differs,
            },
            ReadingField {
                name: "fragment",
                rfc3986: text(parts.fragment),
                whatwg: w.fragment.clone(),
                differs: fragment_differs,
            },
        ];
        let any = fields.iter().any(|f| f.differs);
        fields.insert(
            0,
            ReadingField {
                name: "href",
                rfc3986: text(Some(parts.trimmed)),
                whatwg: Some(w.href.clone()),
                differs: any,
            },
        );
        let reasons = if any {
            differential_reasons(input, parts, self.host.as_ref(), c.special)
        } else {
            Vec::new()
        };
        Some(Readings {
            fields,
            reasons,
            whatwg_error: None,
        })
    }
}

fn differential_reasons(
    input: &[u8],
    parts: &Split,
    host: Option<&HostReading>,
    special: bool,
) -> Vec<&'static str> {
    let text = parts.trimmed.of(input);
    let mut reasons = Vec::new();
    if special && memchr::memchr(b'\\', text).is_some() {
        reasons.push("WHATWG reads '\\' as '/'");
    }
    if text.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r')) {
        reasons.push("WHATWG removes tabs and newlines");
    }
    if host.is_some_and(|h| h.ipv4.is_some()) {
        reasons.push("WHATWG reads numeric hosts as IPv4 addresses");
    }
    if parts
        .authority
        .is_some_and(|a| a.of(input).iter().filter(|&&b| b == b'@').count() > 1)
    {
        reasons.push("WHATWG ends the userinfo at the last '@'");
    }
    if special {
        let after_scheme = parts.scheme.map_or(0, |s| s.end + 1);
        let slashes = input
            .get(after_scheme..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| b == b'/' || b == b'\\')
            .count();
        if slashes != 2 {
            reasons.push("WHATWG ignores the slash count after a special scheme");
        }
    }
    if host
        .is_some_and(|h| h.unicode.is_some() || h.decoded.bytes().any(|b| b.is_ascii_uppercase()))
    {
        reasons.push("WHATWG maps the host through IDNA");
    }
    if host.is_some_and(|h| {
        h.decoded.as_bytes() != parts.host.map(|s| s.of(input)).unwrap_or_default()
    }) {
        reasons.push("WHATWG percent-decodes the host");
    }
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// URLs made of a few tricky pieces, repeated, so components repeat
    /// and codes fill up and fold.
    fn repetitive_url() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop::sample::select(vec![
            &b"%2e"[..],
            b"%252e",
            b"..",
            b".",
            b"a",
            b"%C3%A9",
            b"%c3",
            b"+",
            b"\\",
            b"etc",
            b"passwd",
            b"%2f",
            b"/",
            b"/",
            b"/",
            b"?",
            b"&",
            b"=",
            b"#",
            b"%00",
            b"x%20y",
            b"Li4vZXRjL3Bhc3N3ZA",
            b"%u002e",
            b"\xe9",
            b";",
            b"0x2e",
        ]);
        (
            prop::sample::select(vec![&b"http://h/"[..], b"/", b"", b"file:///", b"x:"]),
            prop::collection::vec(piece, 0..400),
        )
            .prop_map(|(start, pieces)| {
                [start]
                    .into_iter()
                    .chain(pieces)
                    .flatten()
                    .copied()
                    .collect()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Remembering the checks of repeated components changes nothing:
        /// the same components and warnings as checking each afresh.
        #[test]
        fn remembering_repeated_components_changes_nothing(input in repetitive_url(), form: bool) {
            let parts = crate::split::outline(&input);
            let options = Options::default().with_form(form);
            let remembered = analyze_components(&input, &parts, &options, Memo::ENTRIES);
            let afresh = analyze_components(&input, &parts, &options, 0);
            prop_assert_eq!(remembered, afresh);
        }
    }

    fn codes(input: &[u8]) -> Vec<&'static str> {
        analyze(input, &Options::default())
            .warnings
            .iter()
            .map(|w| w.code.code())
            .collect()
    }

    #[test]
    fn repeated_findings_are_listed_up_to_the_limit_then_folded_into_one() {
        let segments = LISTED_PER_CODE + 10;
        let url = format!("http://h/{}", "%252e%252e/".repeat(segments));
        let a = analyze(url.as_bytes(), &Options::default());
        let listed = |code: WarningCode| {
            a.warnings
                .iter()
                .filter(|w| w.code == code && w.component.is_some())
                .count()
        };
        assert_eq!(listed(WarningCode::DoubleEncoding), LISTED_PER_CODE);
        assert_eq!(listed(WarningCode::PathTraversal), LISTED_PER_CODE);
        let summary = a
            .warnings
            .iter()
            .find(|w| w.code == WarningCode::DoubleEncoding && w.component.is_none())
            .expect("a summary warning");
        assert!(summary
            .message
            .contains("in 10 more components (kind: path segment)"));
        assert_eq!(summary.spans.len(), 20, "two escapes in each");
        assert_eq!(summary.severity, Severity::Medium);
        // Every segment keeps its severity and, on demand, its own warnings,
        // worded exactly as a listed one.
        let segs: Vec<usize> = (0..a.components.len())
            .filter(|&i| {
                a.components.get(i).is_some_and(|c| {
                    c.kind == ComponentKind::PathSegment && !c.span.of(url.as_bytes()).is_empty()
                })
            })
            .collect();
        assert_eq!(segs.len(), segments);
        let (first, last) = (segs[0], segs[segments - 1]);
        assert!(!a.components[first].folded && a.components[last].folded);
        assert_eq!(a.components[last].severity, Some(Severity::High));
        let own = a.warnings_of(last);
        let codes: Vec<_> = own.iter().map(|w| w.code.code()).collect();
        assert_eq!(codes, ["path-traversal", "double-encoding"]);
        let listed_first = a.warnings_of(first);
        assert_eq!(own[1].message, listed_first[1].message);
        assert_eq!(own[1].spans.len(), 2);
        // Views marking warned bytes see the folded ones too.
        let near = a.warnings_near(a.components[last].span);
        assert!(near.iter().any(|w| w.component == Some(last)));
    }

    #[test]
    fn distinct_findings_are_never_folded() {
        let a = analyze(b"http://h/%252e/%00/a%5cb/%C0%AE", &Options::default());
        assert!(a.warnings.iter().all(|w| !w.message.contains("folded")));
        assert!(a.components.iter().all(|c| !c.folded));
    }

    fn warning(input: &[u8], code: &str) -> Option<Warning> {
        analyze(input, &Options::default())
            .warnings
            .into_iter()
            .find(|w| w.code.code() == code)
    }

    #[test]
    fn clean_url_has_no_warnings() {
        assert_eq!(
            codes(b"https://example.com/a/b?x=1&y=2#top"),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn double_encoding_names_the_depth_and_bytes() {
        let input = b"http://x/%252e%252e%252fetc";
        let w = warning(input, "double-encoding").expect("double-encoding");
        assert_eq!(w.spans[0], Span::new(9, 14));
        assert!(w.message.contains("2 layers"), "{}", w.message);
        assert!(
            w.message.contains("'%252e' -> '%2e' -> '.'"),
            "{}",
            w.message
        );
        let t = warning(input, "path-traversal").expect("traversal");
        assert_eq!(t.severity, Severity::High);
        assert_eq!(t.layer, Some(2));
    }

    #[test]
    fn traversal_spellings() {
        for s in [
            &b"/../etc/passwd"[..],
            b"/..%2fetc",
            b"/%2e%2e/etc",
            b"/..%5cetc",
            b"/..\\etc",
            b"/%c0%ae%c0%ae/etc",
            b"/..%c0%afetc",
            b"/%e0%80%ae%e0%80%ae/x",
            b"/%u002e%u002e%u2215etc",
            b"/%ef%bc%8e%ef%bc%8e/etc",
            b"/..;/admin",
            b"/x?file=../../etc/passwd",
            b"/x?file=..%252f..%252fetc",
        ] {
            let w = warning(s, "path-traversal");
            assert!(w.is_some(), "{}", String::from_utf8_lossy(s));
            assert_eq!(
                w.map(|w| w.severity),
                Some(Severity::High),
                "{}",
                String::from_utf8_lossy(s)
            );
        }
        assert!(warning(b"/a/b.c/d..e/", "path-traversal").is_none());
    }

    #[test]
    fn overlong_names_the_code_point() {
        let w = warning(b"/%c0%af", "overlong-utf8").expect("overlong");
        assert!(w.message.contains("U+002F"), "{}", w.message);
        assert_eq!(w.spans[0], Span::new(1, 7));
        assert!(warning(b"/%c0%af", "invalid-utf8").is_none());
    }

    #[test]
    fn invalid_utf8_and_malformed_escape() {
        let w = warning(b"/%C4", "invalid-utf8").expect("invalid");
        assert_eq!(w.span, Span::new(1, 4));
        let w = warning(b"/a%2", "malformed-escape").expect("malformed");
        assert_eq!(w.span, Span::new(2, 4));
        assert!(warning(b"/%G1", "malformed-escape").is_some());
        assert!(warning(b"/%", "malformed-escape").is_some());
    }

    #[test]
    fn control_characters() {
        assert!(codes(b"/a%00.txt").contains(&"null-byte"));
        assert!(codes(b"/a%0d%0aSet-Cookie:x").contains(&"crlf"));
        let w = warning(b"/%1b[2J", "control-char").expect("esc");
        assert_eq!(w.severity, Severity::High);
        assert!(codes("/\u{202E}fdp.exe".as_bytes()).contains(&"bidi-control"));
        assert!(codes(b"/a%E2%80%8Bb").contains(&"invisible-char"));
    }

    #[test]
    fn hosts() {
        for (host, ip) in [
            ("2130706433", "127.0.0.1"),
            ("0177.0.0.1", "127.0.0.1"),
            ("0x7f.1", "127.0.0.1"),
        ] {
            let w = warning(format!("http://{host}/").as_bytes(), "ip-obfuscation").expect(host);
            assert!(w.message.contains(ip), "{}", w.message);
        }
        assert!(warning(b"http://127.0.0.1/", "ip-obfuscation").is_none());
        let w = warning(b"http://trusted.com@evil.com/", "userinfo").expect("userinfo");
        assert_eq!(w.severity, Severity::High);
        let w = warning("http://аррӏе.com/".as_bytes(), "idn-homograph").expect("homograph");
        assert!(w.message.contains("xn--"), "{}", w.message);
        assert!(warning("http://bücher.de/".as_bytes(), "idn-homograph").is_none());
        assert!(warning("http://bücher.de/".as_bytes(), "idn").is_some());
        assert!(codes(b"javascript:alert(1)").contains(&"dangerous-scheme"));
    }

    #[test]
    fn host_facts_registrable_domain_scripts_confusables() {
        let a = analyze(b"https://paypal.com.evil.example/", &Options::default());
        let h = a.host.expect("host");
        assert_eq!(h.registrable.as_deref(), Some("evil.example"));
        let a = analyze("https://pаypal.com/".as_bytes(), &Options::default());
        let h = a.host.expect("host");
        assert_eq!(h.scripts, ["Latin", "Cyrillic"]);
        assert_eq!(h.confusables, [('а', "a".to_string())]);
        assert_eq!(h.ascii.as_deref(), Some("xn--pypal-4ve.com"));
        assert_eq!(h.registrable.as_deref(), Some("xn--pypal-4ve.com"));
        assert!(a
            .warnings
            .iter()
            .any(|w| w.code == WarningCode::IdnHomograph));
    }

    #[test]
    fn parser_differentials() {
        let w = warning(b"http://evil.com\\@good.com/", "parser-differential").expect("diff");
        assert!(w.message.contains("good.com"), "{}", w.message);
        assert!(w.message.contains("evil.com"), "{}", w.message);
        assert!(warning(b"http://ex\tample.com/", "parser-differential").is_some());
        assert!(warning(b"http:///evil.com/", "parser-differential").is_some());
        assert!(warning(b"http://a@b@c/", "parser-differential").is_some());
        assert!(warning(b"http://Example.COM/a/../b/%7e", "parser-differential").is_none());
        assert!(warning("http://bücher.de/ü".as_bytes(), "parser-differential").is_none());
    }

    #[test]
    fn relative_references_are_analysed() {
        let a = analyze(b"/path?q=a+b", &Options::default());
        assert_eq!(a.components.len(), 3);
        assert_eq!(a.components[2].decoded(), b"a b");
        let a = analyze(b"/path?q=a+b", &Options::default().with_form(false));
        assert_eq!(a.components[2].decoded(), b"a+b");
        assert!(codes(b"/a+b").contains(&"plus-in-path"));
    }

    #[test]
    fn byte_rows_window_matches_the_whole_table() {
        let a = analyze(b"/a%C3%A9+b%2541%/x?q=a+%E2%9C%93", &Options::default());
        for i in 0..a.components.len() {
            let all = a.byte_rows(i);
            for start in 0..=all.len() {
                for len in 0..3 {
                    let end = (start + len).min(all.len());
                    assert_eq!(a.byte_rows_window(i, start, len), all[start..end].to_vec());
                }
            }
        }
        let q = a.byte_rows(3);
        assert_eq!(q[1].source, SourceKind::Plus);
    }

    #[test]
    fn byte_rows_carry_provenance() {
        let a = analyze(b"/caf%C3%A9", &Options::default());
        let rows = a.byte_rows(0);
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[3].span, Span::new(4, 7));
        assert_eq!(rows[3].role, ByteRole::Lead { len: 2 });
        assert_eq!(rows[4].role, ByteRole::Continuation { len: 2, index: 1 });
        assert_eq!(rows[4].unit.and_then(|u| u.value.ok()), Some('é'));
    }

    /// `idna` marks a label UTS #46 rejects with U+FFFD; the analysis shows
    /// the label as written and says why it is suspect.
    #[test]
    fn hosts_uts46_rejects_are_shown_as_written() {
        let case = |url: &str| {
            let a = analyze(url.as_bytes(), &Options::default());
            let host = a.host.clone().unwrap_or_else(|| panic!("{url}: no host"));
            let idn = a
                .warnings
                .iter()
                .find(|w| matches!(w.code, WarningCode::Idn | WarningCode::IdnHomograph))
                .map(|w| (w.code, w.message.clone()))
                .unwrap_or_else(|| panic!("{url}: no idn warning"));
            assert!(!idn.1.contains('\u{FFFD}'), "{url}: {}", idn.1);
            (host, idn)
        };
        let (host, (code, message)) = case("http://xn--a.com/");
        assert_eq!(host.unicode.as_deref(), Some("xn--a.com"));
        assert_eq!(host.rejected, ["xn--a"]);
        assert_eq!(code, WarningCode::IdnHomograph);
        assert!(
            message.contains("'xn--a' is a label UTS #46 rejects"),
            "{message}"
        );
        let (host, (_, message)) = case("http://ex\u{202e}ample.com/");
        assert_eq!(host.unicode.as_deref(), Some("ex\u{202e}ample.com"));
        assert!(host.confusables.is_empty(), "{:?}", host.confusables);
        assert!(
            message.contains("holds U+202E, which UTS #39 bars"),
            "{message}"
        );
        let (_, (_, message)) = case("http://exa\u{2603}mple.com/");
        assert!(message.contains("holds U+2603"), "{message}");
        let (host, (_, message)) = case("http://\u{430}pple.com/");
        assert!(host.rejected.is_empty());
        assert!(message.contains("mixes scripts"), "{message}");
        let (host, (code, _)) = case("http://b\u{fc}cher.de/");
        assert!(host.rejected.is_empty());
        assert_eq!(code, WarningCode::Idn);
    }

    #[test]
    fn equal_analyses_whether_or_not_the_whatwg_reading_was_asked_for() {
        let url = b"https://example.com/a?b=c";
        let asked = analyze(url, &Options::default());
        assert!(asked.whatwg().is_some());
        let not_asked = analyze(url, &Options::default());
        assert_eq!(asked, not_asked);
        assert_ne!(
            asked,
            analyze(b"https://example.com/a?b=d", &Options::default())
        );
    }

    #[test]
    fn non_utf8_input_is_shown_not_refused() {
        let a = analyze(b"/caf\xE9", &Options::default());
        assert_eq!(a.components[0].decoded(), b"caf\xE9");
        assert!(codes(b"/caf\xE9").contains(&"invalid-utf8"));
        assert_eq!(a.clean, "/caf%E9");
    }
}
