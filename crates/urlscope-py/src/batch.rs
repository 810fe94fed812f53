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
//!   of `scan --json`'s warnings), from [`triage_at`] as `scan` calls it;
//! - `host`, `reach`: where the URL itself leads, as the full analysis
//!   reports it first among its destinations (`destinations[0].host`'s
//!   `canonical` and `reach` in `explain --json`). The analysis computes
//!   that as [`classify_host`] of the split's host, so this does the same
//!   for every row, plain or not, without the full analysis that the
//!   triage spares plain URLs;
//! - `cleaned`: the cleaned URL (`urlscope clean`).

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
use urlscope_core::analysis::classify_host;
use urlscope_core::triage::triage_at;
use urlscope_core::{Options, Severity};

/// The fields of each row, in order.
pub const FIELDS: [&str; 6] = ["flagged", "severity", "codes", "host", "reach", "cleaned"];

/// Rows per rayon task: below this a batch is triaged on one thread (a
/// plain URL takes well under a microsecond).
const MIN_ROWS_PER_TASK: usize = 256;

/// What one URL gives.
struct Row {
    severity: Option<Severity>,
    codes: Vec<&'static str>,
    host: Option<(String, &'static str)>,
    cleaned: String,
}

fn triage_row(input: &[u8], options: &Options, min: Severity) -> Row {
    let warnings = triage_at(input, options, min);
    let mut codes: Vec<&'static str> = Vec::new();
    for w in &warnings {
        if !codes.contains(&w.code.code()) {
            codes.push(w.code.code());
        }
    }
    let parts = urlscope_core::split::split(input);
    let host = parts.host.map(|span| {
        let class = classify_host(&String::from_utf8_lossy(span.of(input)));
        (class.canonical, class.reach.label())
    });
    Row {
        severity: warnings.iter().map(|w| w.severity).max(),
        codes,
        host,
        cleaned: urlscope_core::clean::clean(input, &parts),
    }
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

/// The Arrow type of each row.
fn row_fields() -> Fields {
    let [flagged, severity, codes, host, reach, cleaned] = FIELDS;
    Fields::from(vec![
        Field::new(flagged, DataType::Boolean, true),
        Field::new(severity, DataType::Utf8, true),
        Field::new(
            codes,
            DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            true,
        ),
        Field::new(host, DataType::Utf8, true),
        Field::new(reach, DataType::Utf8, true),
        Field::new(cleaned, DataType::Utf8, true),
    ])
}

/// The struct array of `results`, a null row for each `None`.
fn to_struct(results: &[Option<Row>]) -> PyResult<StructArray> {
    let n = results.len();
    let mut flagged = BooleanBuilder::with_capacity(n);
    let mut severity = StringBuilder::new();
    let mut codes = ListBuilder::new(StringBuilder::new());
    let mut host = StringBuilder::new();
    let mut reach = StringBuilder::new();
    let mut cleaned = StringBuilder::new();
    for result in results {
        match result {
            Some(row) => {
                flagged.append_value(row.severity.is_some());
                severity.append_option(row.severity.map(Severity::name));
                for code in &row.codes {
                    codes.values().append_value(code);
                }
                codes.append(true);
                host.append_option(row.host.as_ref().map(|(h, _)| h.as_str()));
                reach.append_option(row.host.as_ref().map(|(_, r)| *r));
                cleaned.append_value(&row.cleaned);
            }
            None => {
                flagged.append_null();
                severity.append_null();
                codes.append(false);
                host.append_null();
                reach.append_null();
                cleaned.append_null();
            }
        }
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(flagged.finish()),
        Arc::new(severity.finish()),
        Arc::new(codes.finish()),
        Arc::new(host.finish()),
        Arc::new(reach.finish()),
        Arc::new(cleaned.finish()),
    ];
    let nulls = NullBuffer::from(results.iter().map(Option::is_some).collect::<Vec<bool>>());
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    StructArray::try_new(row_fields(), columns, nulls)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The triage of every URL of `array` (a pyarrow array of strings or
/// binaries) at `min_severity` or above: a struct array of [`FIELDS`], one
/// row per URL, null where the URL is null.
#[pyfunction]
#[pyo3(signature = (array, min_severity = "medium", *, form = true))]
pub fn triage_array(
    py: Python<'_>,
    array: PyArrowType<ArrayData>,
    min_severity: &str,
    form: bool,
) -> PyResult<PyArrowType<ArrayData>> {
    let min = crate::severity(min_severity)?;
    let options = crate::options(form);
    let array = make_array(array.0);
    let out = py.detach(|| -> PyResult<StructArray> {
        let inputs = rows(array.as_ref())?;
        let results: Vec<Option<Row>> = inputs
            .par_iter()
            .with_min_len(MIN_ROWS_PER_TASK)
            .map(|input| input.map(|bytes| triage_row(bytes, &options, min)))
            .collect();
        to_struct(&results)
    })?;
    Ok(PyArrowType(out.into_data()))
}
