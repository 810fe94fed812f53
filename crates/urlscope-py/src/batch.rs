//! The triage of an Arrow array of URLs, one row per URL: what data
//! engines (Spark's `mapInArrow`, Polars' `map_batches`, DuckDB's Arrow
//! functions) hand a Python function.
//!
//! The array crosses the Arrow C data interface both ways, so no URL
//! becomes a Python object. The rows are triaged outside the GIL, in
//! parallel (rayon's pool, `RAYON_NUM_THREADS` threads) once a batch has
//! more than a few hundred rows. A null row gives a null row.
//!
//! Each row is a struct of [`FIELDS`]:
//! - `flagged`, `severity`, `codes`: what `urlscope scan` reports for the
//!   URL (it is flagged when it has a warning at the threshold or above;
//!   the worst severity of those; their codes, each once, in the order
//!   of `scan --json`'s warnings), from
//!   [`triage_at`](urlscope_core::triage::triage_at) as `scan` calls it;
//! - `host`, `reach`: where the URL itself leads, as the full analysis
//!   reports it first among its destinations (`destinations[0].host`'s
//!   `canonical` and `reach` in `explain --json`). The analysis computes
//!   that as [`classify_host`](urlscope_core::analysis::classify_host)
//!   of [`destination_host`](urlscope_core::analysis::destination_host)
//!   (the split's host, or the one a browser opens when that differs;
//!   for a URL a browser refuses, the split's: the host RFC 3986 clients
//!   connect to), so
//!   this does the same for every row, plain or not, without the full
//!   analysis that the triage spares plain URLs
//!   (a host seen lately on the thread is not judged again: see
//!   [`crate::hosts`]);
//! - `imitates`: the famous domain the host is a look-alike of
//!   ([`urlscope_core::sites::imitation_of_host`] of `host`), or, for a
//!   wrapped or redirecting link flagged `lookalike-domain` whose own host
//!   imitates nothing, the one `scan --json` names
//!   ([`urlscope_core::report::ScanLine`]'s `imitates`);
//! - `cleaned`: the cleaned URL (`urlscope clean`).

use crate::hosts::HostFacts;
use arrow_array::builder::{BooleanBuilder, ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{make_array, Array, ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_data::ArrayData;
use arrow_pyarrow::PyArrowType;
use arrow_schema::{DataType, Field, Fields};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::Arc;
use urlscope_core::split::Split;
use urlscope_core::triage::{analyzed_at, is_plain_at};
use urlscope_core::{Options, Severity};

/// The fields of each row, in order.
pub const FIELDS: [&str; 7] = [
    "flagged", "severity", "codes", "host", "reach", "imitates", "cleaned",
];

/// Rows per rayon task: below this a batch is triaged on one thread (a
/// plain URL takes well under a microsecond).
const MIN_ROWS_PER_TASK: usize = 256;

/// Rows triaged before their results are appended to the columns.
const ROWS_PER_CHUNK: usize = 1 << 14;

/// Which of [`FIELDS`] to compute, in [`FIELDS`]'s order.
#[derive(Debug, Clone, Copy)]
struct Wanted([bool; FIELDS.len()]);

impl Wanted {
    /// The fields named, or all of them.
    fn of(names: Option<Vec<String>>) -> PyResult<Wanted> {
        let Some(names) = names else {
            return Ok(Wanted([true; FIELDS.len()]));
        };
        let mut wanted = [false; FIELDS.len()];
        for name in &names {
            let at = FIELDS.iter().position(|f| f == name).ok_or_else(|| {
                crate::UrlscopeError::new_err(format!(
                    "unknown field {name:?}: expected some of {}",
                    FIELDS.join(", ")
                ))
            })?;
            if let Some(w) = wanted.get_mut(at) {
                *w = true;
            }
        }
        if names.is_empty() {
            return Err(crate::UrlscopeError::new_err(format!(
                "no field asked for: name some of {}",
                FIELDS.join(", ")
            )));
        }
        Ok(Wanted(wanted))
    }

    fn has(self, field: &str) -> bool {
        FIELDS
            .iter()
            .zip(self.0)
            .any(|(name, wanted)| wanted && *name == field)
    }

    /// Whether the triage is needed (`flagged`, `severity`, `codes`).
    fn triage(self) -> bool {
        self.has("flagged") || self.has("severity") || self.has("codes")
    }

    /// Whether the host is needed (`host`, `reach`, `imitates`).
    fn host(self) -> bool {
        self.has("host") || self.has("reach") || self.has("imitates")
    }

    /// What the fields asked for need of each row.
    fn needs(self) -> Needs {
        Needs {
            triage: self.triage(),
            host: self.host(),
            imitates: self.has("imitates"),
            cleaned: self.has("cleaned"),
        }
    }
}

/// What each row needs computed, decided once per array (the fields are
/// looked up by name once, not on every row).
#[derive(Debug, Clone, Copy)]
struct Needs {
    triage: bool,
    host: bool,
    imitates: bool,
    cleaned: bool,
}

/// What one URL gives (what was asked for).
struct Row {
    severity: Option<Severity>,
    codes: Vec<&'static str>,
    /// Its host, with what it imitates when asked (shared with the
    /// thread's cache and the other rows of the same host).
    host: Option<Arc<HostFacts>>,
    /// What a wrapped or redirecting link flagged `lookalike-domain`
    /// imitates when its own host imitates nothing: the domain `scan
    /// --json` names (the first destination that imitates one).
    carried_imitation: Option<String>,
    cleaned: String,
}

/// What one URL gives, `plain` when the fast path found it warning-free
/// at `min` ([`is_plain_at`], tested for every row of a chunk first).
fn triage_row(input: &[u8], plain: bool, options: &Options, min: Severity, needs: Needs) -> Row {
    let warnings = if needs.triage && !plain {
        analyzed_at(input, options, min)
    } else {
        Vec::new()
    };
    let mut codes: Vec<&'static str> = Vec::new();
    for w in &warnings {
        if !codes.contains(&w.code.code()) {
            codes.push(w.code.code());
        }
    }
    // The host and the cleaned URL need the spans only, not the list of
    // components (`clean` reads no more, as the core's callers show); of
    // a URL written defanged, those of the URL it stands for, as the
    // triage reads it.
    let meant = (needs.cleaned || needs.host).then(|| urlscope_core::defang::as_meant(input));
    let url = meant.as_deref().unwrap_or(input);
    let parts = meant.is_some().then(|| urlscope_core::split::outline(url));
    let host = parts
        .as_ref()
        .filter(|_| needs.host)
        .and_then(|p| {
            urlscope_core::analysis::destination_host(url, p)
                .map(|h| h.into_owned())
                .or_else(|| pasted_host(input, &urlscope_core::split::outline(input), options))
        })
        .map(|h| crate::hosts::facts(&h, needs.imitates));
    let own_imitation = host.as_ref().is_some_and(|h| h.imitates.is_some());
    let carried_imitation =
        (needs.imitates && !own_imitation && warnings.iter().any(|w| w.code.names_an_imitation()))
            .then(|| urlscope_core::report::ScanLine::new("", 0, input, &warnings).imitates)
            .flatten()
            .map(|i| i.domain);
    Row {
        severity: warnings.iter().map(|w| w.severity).max(),
        codes,
        host,
        carried_imitation,
        cleaned: match (&parts, needs.cleaned) {
            (Some(parts), true) => urlscope_core::clean::clean(url, parts),
            _ => String::new(),
        },
    }
}

/// The host the analysis reads in text with no scheme of its own, where
/// [`destination_host`] (which reads a URL) finds none: a host an address
/// bar reads (`paypa1.com/login`, `localhost:3000/x`, `paypa1[.]com/x`:
/// `assumed-scheme`), or one a browser reads against an http(s) page
/// (`/\evil.com`). The full analysis reads it (`scan` gives such text
/// the full analysis too); text that cannot be read so (a path, `/a/b`, a
/// URL with a scheme) is not analysed here.
///
/// [`destination_host`]: urlscope_core::analysis::destination_host
fn pasted_host(input: &[u8], parts: &Split, options: &Options) -> Option<Vec<u8>> {
    let text = parts.trimmed.of(input);
    // A scheme is none when a port follows it (`localhost:3000`).
    let scheme = parts
        .scheme
        .is_some_and(|s| !input.get(s.end + 1).is_some_and(|b| b.is_ascii_digit()));
    let path = text.first() == Some(&b'/') && !matches!(text.get(1), Some(b'/' | b'\\'));
    if parts.authority.is_some() || scheme || path || text.is_empty() {
        return None;
    }
    let a = urlscope_core::analyze(input, options);
    let host = a.destinations.first()?.host.as_ref()?;
    Some(host.canonical.clone().into_bytes())
}

/// The rows of a string or binary array, each as bytes (`None` for a
/// null).
fn rows(array: &dyn Array) -> PyResult<Vec<Option<&[u8]>>> {
    Ok(match array.data_type() {
        DataType::Utf8 => array
            .as_string::<i32>()
            .iter()
            .map(|s| s.map(str::as_bytes))
            .collect(),
        DataType::LargeUtf8 => array
            .as_string::<i64>()
            .iter()
            .map(|s| s.map(str::as_bytes))
            .collect(),
        DataType::Utf8View => array
            .as_string_view()
            .iter()
            .map(|s| s.map(str::as_bytes))
            .collect(),
        DataType::Binary => array.as_binary::<i32>().iter().collect(),
        DataType::LargeBinary => array.as_binary::<i64>().iter().collect(),
        DataType::BinaryView => array.as_binary_view().iter().collect(),
        other => {
            return Err(PyTypeError::new_err(format!(
                "expected an array of string, large_string, string_view, binary, large_binary or binary_view, not {other}"
            )))
        }
    })
}

/// The Arrow type of each field.
fn field(name: &'static str) -> Field {
    let kind = match name {
        "flagged" => DataType::Boolean,
        "codes" => DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
        _ => DataType::Utf8,
    };
    Field::new(name, kind, true)
}

/// The columns being built, one builder per field; only the fields
/// wanted are filled.
struct Columns {
    wanted: Wanted,
    flagged: BooleanBuilder,
    severity: StringBuilder,
    codes: ListBuilder<StringBuilder>,
    host: StringBuilder,
    reach: StringBuilder,
    imitates: StringBuilder,
    cleaned: StringBuilder,
}

impl Columns {
    fn new(rows: usize, wanted: Wanted) -> Columns {
        Columns {
            wanted,
            flagged: BooleanBuilder::with_capacity(rows),
            severity: StringBuilder::new(),
            codes: ListBuilder::new(StringBuilder::new()),
            host: StringBuilder::new(),
            reach: StringBuilder::new(),
            imitates: StringBuilder::new(),
            cleaned: StringBuilder::new(),
        }
    }

    /// Add a row (a null one for `None`).
    fn push(&mut self, result: Option<&Row>) {
        let [flagged, severity, codes, host, reach, imitates, cleaned] = self.wanted.0;
        if flagged {
            self.flagged
                .append_option(result.map(|row| row.severity.is_some()));
        }
        if severity {
            self.severity
                .append_option(result.and_then(|row| row.severity.map(Severity::name)));
        }
        if codes {
            for code in result.iter().flat_map(|row| &row.codes) {
                self.codes.values().append_value(code);
            }
            self.codes.append(result.is_some());
        }
        let facts = result.and_then(|row| row.host.as_deref());
        if host {
            self.host.append_option(facts.map(|f| f.canonical.as_str()));
        }
        if reach {
            self.reach.append_option(facts.map(|f| f.reach));
        }
        if imitates {
            let carried = result.and_then(|row| row.carried_imitation.as_deref());
            self.imitates
                .append_option(facts.and_then(|f| f.imitates.as_deref()).or(carried));
        }
        if cleaned {
            self.cleaned
                .append_option(result.map(|row| row.cleaned.as_str()));
        }
    }

    /// The struct array of the rows pushed, `nulls` marking the null ones.
    fn finish(mut self, nulls: Option<NullBuffer>) -> PyResult<StructArray> {
        let all: [ArrayRef; FIELDS.len()] = [
            Arc::new(self.flagged.finish()),
            Arc::new(self.severity.finish()),
            Arc::new(self.codes.finish()),
            Arc::new(self.host.finish()),
            Arc::new(self.reach.finish()),
            Arc::new(self.imitates.finish()),
            Arc::new(self.cleaned.finish()),
        ];
        let (fields, columns): (Vec<Field>, Vec<ArrayRef>) = FIELDS
            .iter()
            .zip(all)
            .zip(self.wanted.0)
            .filter(|(_, wanted)| *wanted)
            .map(|((name, column), _)| (field(name), column))
            .unzip();
        StructArray::try_new(Fields::from(fields), columns, nulls)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// The triage of every URL of `array` (a pyarrow array of strings or
/// binaries) at `min_severity` or above: a struct array of [`FIELDS`] (or
/// of those named in `fields`, which computes only what they need), one
/// row per URL, null where the URL is null.
#[pyfunction]
#[pyo3(signature = (array, min_severity = "medium", *, form = true, fields = None))]
pub fn triage_array(
    py: Python<'_>,
    array: PyArrowType<ArrayData>,
    min_severity: &str,
    form: bool,
    fields: Option<Vec<String>>,
) -> PyResult<PyArrowType<ArrayData>> {
    let wanted = Wanted::of(fields)?;
    let needs = wanted.needs();
    let min = crate::severity(min_severity)?;
    let options = crate::options(form);
    let array = make_array(array.0);
    let out = py.detach(|| -> PyResult<StructArray> {
        let inputs = rows(array.as_ref())?;
        let mut columns = Columns::new(inputs.len(), wanted);
        // A chunk at a time: the rows in flight stay few (memory), while
        // each chunk still keeps every core busy.
        for chunk in inputs.chunks(ROWS_PER_CHUNK) {
            // The fast path on every row first, then the rest of each row:
            // the analysis of the few refused ones then does not evict the
            // fast path from the cache between two plain rows (as `scan`).
            let plain: Vec<bool> = chunk
                .par_iter()
                .with_min_len(MIN_ROWS_PER_TASK)
                .map(|input| needs.triage && input.is_some_and(|bytes| is_plain_at(bytes, min)))
                .collect();
            let results: Vec<Option<Row>> = chunk
                .par_iter()
                .zip(&plain)
                .with_min_len(MIN_ROWS_PER_TASK)
                .map(|(input, &plain)| {
                    input.map(|bytes| triage_row(bytes, plain, &options, min, needs))
                })
                .collect();
            for result in &results {
                columns.push(result.as_ref());
            }
        }
        let nulls = NullBuffer::from(inputs.iter().map(Option::is_some).collect::<Vec<bool>>());
        columns.finish((nulls.null_count() > 0).then_some(nulls))
    })?;
    Ok(PyArrowType(out.into_data()))
}
