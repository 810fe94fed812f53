//! # urlscope from Python
//!
//! The extension module `urlscope._urlscope`, which the `urlscope` Python
//! package (python/urlscope/) wraps. It calls the same functions of
//! [`urlscope_core`] that each command of the `urlscope` tool calls, so a
//! Python caller gets what the command line prints:
//!
//! - `analyze`: the object `urlscope explain --json` prints, as a dict;
//! - `triage`: the warnings `urlscope scan --json` reports for a URL;
//! - `clean`, `normalize`, `pretty`, `encode`, `decode`,
//!   `resolve`: the commands of the same names;
//! - `batch::triage_array`: the triage of a whole Arrow array of URLs,
//!   read through the Arrow C data interface, outside the GIL and on
//!   every core (see `batch`).
//!
//! Input the commands refuse raises a subclass of `ValueError` with the
//! command's message. A URL may be `str` or `bytes`: bytes that are not
//! UTF-8 are analysed as bytes, as the command line does.

#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod batch;
mod hosts;

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use urlscope_core::defang::as_meant;
use urlscope_core::dialects::{decode_as, encode_as, DecodeDialect, EncodeDialect};
use urlscope_core::percent::{explain_utf8_error, first_malformed_escape};
use urlscope_core::report::Report;
use urlscope_core::text::escape_bytes;
use urlscope_core::triage::triage_at;
use urlscope_core::{Options, Severity};

create_exception!(
    urlscope,
    UrlscopeError,
    PyValueError,
    "Input urlscope refuses, with the message the command line gives."
);
create_exception!(
    urlscope,
    DecodeError,
    UrlscopeError,
    "Text that cannot be decoded as asked (`urlscope decode`)."
);
create_exception!(
    urlscope,
    EncodeError,
    UrlscopeError,
    "Text a dialect's encoder refuses (`urlscope encode`)."
);
create_exception!(
    urlscope,
    ResolveError,
    UrlscopeError,
    "A base a reference cannot be resolved against (`urlscope resolve`)."
);

/// The bytes of a URL or text given as `str` (its UTF-8) or `bytes`, the
/// argument `argument` of the function (named when it is neither).
///
/// A `str` holding lone surrogates U+DC80 to U+DCFF is how Python reads
/// bytes that are not UTF-8 with `errors="surrogateescape"` (a log read
/// with `open(path, errors="surrogateescape")`, `os.fsdecode`): those
/// give back the bytes they stand for, as `os.fsencode` does, so such a
/// line is analysed as the bytes the file holds, as the command reads it.
fn input_bytes(value: &Bound<'_, PyAny>, argument: &str) -> PyResult<Vec<u8>> {
    if let Ok(bytes) = value.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    if let Ok(text) = value.cast::<PyString>() {
        if let Ok(utf8) = text.to_cow() {
            return Ok(utf8.as_bytes().to_vec());
        }
        // Any other surrogate still raises `UnicodeEncodeError`.
        let escaped = text.call_method1("encode", ("utf-8", "surrogateescape"))?;
        return Ok(escaped.cast::<PyBytes>()?.as_bytes().to_vec());
    }
    Err(PyTypeError::new_err(format!(
        "argument '{argument}': expected str or bytes, not {}",
        value.get_type().name()?
    )))
}

/// The Python value of a JSON text: what `json.loads` makes of what the
/// command prints (lists for arrays, as the spans are), so a dict equals
/// the parsed output of `explain --json` or `scan --json`.
fn from_json(py: Python<'_>, json: serde_json::Result<String>) -> PyResult<Bound<'_, PyAny>> {
    let json = json.map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (json,))
}

/// The severity named `name` (`high`, `medium`, `low`, `info`).
pub(crate) fn severity(name: &str) -> PyResult<Severity> {
    Severity::from_name(name).ok_or_else(|| {
        UrlscopeError::new_err(format!(
            "unknown severity {name:?}: expected 'high', 'medium', 'low' or 'info'"
        ))
    })
}

/// The options of `explain` and `scan`: `form` is the opposite of their
/// `--no-form`.
pub(crate) fn options(form: bool) -> Options {
    Options::default().with_form(form)
}

/// The whole analysis of `url`: exactly the object `urlscope explain
/// --json URL` prints (with `form=False`, `--no-form`), as a dict.
#[pyfunction]
#[pyo3(signature = (url, *, form = true))]
fn analyze<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    form: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let input = input_bytes(url, "url")?;
    let json = py.detach(|| {
        let analysis = urlscope_core::analyze(&input, &options(form));
        serde_json::to_string(&Report::of(&analysis))
    });
    from_json(py, json)
}

/// The warnings at `min_severity` or above that `urlscope scan --json`
/// reports for `url` (its `warnings`), as a list of dicts; empty when the
/// URL would not be flagged.
#[pyfunction]
#[pyo3(signature = (url, min_severity = "medium", *, form = true))]
fn triage<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    min_severity: &str,
    form: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let input = input_bytes(url, "url")?;
    let min = severity(min_severity)?;
    let json = py.detach(|| serde_json::to_string(&triage_at(&input, &options(form), min)));
    from_json(py, json)
}

/// The cleaned URL (`urlscope clean`): illegal characters
/// percent-encoded, meaning kept; a URL written defanged is cleaned as the
/// URL it stands for.
#[pyfunction]
fn clean(url: &Bound<'_, PyAny>) -> PyResult<String> {
    let input = input_bytes(url, "url")?;
    let input = as_meant(&input);
    let parts = urlscope_core::split::split(&input);
    Ok(urlscope_core::clean::clean(&input, &parts))
}

/// The normalized URL (`urlscope normalize`, RFC 3986 section 6.2.2); a
/// URL written defanged is normalized as the URL it stands for.
#[pyfunction]
fn normalize(url: &Bound<'_, PyAny>) -> PyResult<String> {
    let input = input_bytes(url, "url")?;
    Ok(urlscope_core::clean::normalize(&as_meant(&input)))
}

/// The URL as an address bar shows it (`urlscope pretty`): harmless
/// escapes decoded; a URL written defanged as the URL it stands for.
#[pyfunction]
fn pretty(url: &Bound<'_, PyAny>) -> PyResult<String> {
    let input = input_bytes(url, "url")?;
    Ok(urlscope_core::clean::pretty(&as_meant(&input)))
}

/// The URL written so that it is no longer a link (`urlscope defang`):
/// `hxxps://evil[.]example/`. Bytes of `url` that are not UTF-8, and
/// controls, bidi and invisible characters, come back percent-encoded
/// (`%FF`, `%1B`), as the command writes them.
#[pyfunction]
fn defang(url: &Bound<'_, PyAny>) -> PyResult<String> {
    let input = input_bytes(url, "url")?;
    Ok(urlscope_core::defang::defang_bytes(&input))
}

/// A defanged URL as it was (`urlscope refang`): `hxxp`, `[.]`, `(.)`,
/// `[dot]`, `[at]`, `[:]` and the like undone. Bytes that are not UTF-8,
/// and controls, come back percent-encoded (`%FF`), as the command writes
/// them.
#[pyfunction]
fn refang(url: &Bound<'_, PyAny>) -> PyResult<String> {
    let input = input_bytes(url, "url")?;
    Ok(urlscope_core::defang::refang_text(&input))
}

/// `text` percent-encoded as `dialect` encodes it (`urlscope encode --as
/// DIALECT`); raises `EncodeError` where the dialect refuses the text.
#[pyfunction]
#[pyo3(signature = (text, dialect = "component"))]
fn encode(text: &Bound<'_, PyAny>, dialect: &str) -> PyResult<String> {
    let text = input_bytes(text, "text")?;
    let dialect = EncodeDialect::from_name(dialect).ok_or_else(|| {
        UrlscopeError::new_err(format!(
            "unknown dialect {dialect:?}: expected one of {}",
            EncodeDialect::ALL
                .iter()
                .map(|d| d.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    encode_as(&text, dialect).map_err(|e| EncodeError::new_err(e.to_string()))
}

/// `text` percent-decoded one layer (`urlscope decode`), strictly: a
/// malformed escape raises `DecodeError` unless `lenient`, bytes that
/// are not UTF-8 raise it unless `lossy` (then they become U+FFFD);
/// `form` reads '+' as a space. With `dialect`, decoded as that program
/// decodes (`urlscope decode --as DIALECT`), which has rules of its own.
#[pyfunction]
#[pyo3(signature = (text, dialect = None, *, form = false, lossy = false, lenient = false))]
fn decode(
    text: &Bound<'_, PyAny>,
    dialect: Option<&str>,
    form: bool,
    lossy: bool,
    lenient: bool,
) -> PyResult<String> {
    let text = input_bytes(text, "text")?;
    if let Some(name) = dialect {
        if form || lossy || lenient {
            return Err(UrlscopeError::new_err(
                "a dialect decodes by its own rules: form, lossy and lenient do not apply",
            ));
        }
        let dialect = DecodeDialect::from_name(name).ok_or_else(|| {
            UrlscopeError::new_err(format!(
                "unknown dialect {name:?}: expected one of {}",
                DecodeDialect::ALL
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        return decode_as(&text, dialect)
            .map_err(|e| DecodeError::new_err(format!("{}: {e}", dialect.name())));
    }
    // The command's checks, in its order and words, for one layer; the
    // hint names the keyword argument where the command names its flag
    // (`--lenient`, `--lossy` mean nothing to a Python caller).
    if !lenient {
        if let Some(at) = first_malformed_escape(&text) {
            let found = text.get(at..(at + 3).min(text.len())).unwrap_or_default();
            return Err(DecodeError::new_err(format!(
                "malformed escape at byte {at}: '{}' is not '%' followed by two hex digits (pass lenient=True to pass it through)",
                escape_bytes(found)
            )));
        }
    }
    let decoded = urlscope_core::percent::decode(&text, form);
    if !lossy {
        if let Some(e) = explain_utf8_error(&decoded) {
            return Err(DecodeError::new_err(format!(
                "{e} (pass lossy=True to substitute U+FFFD)"
            )));
        }
    }
    Ok(String::from_utf8_lossy(&decoded).into_owned())
}

/// The target of the reference `reference` resolved against `base`
/// (`urlscope resolve BASE REF`, RFC 3986 section 5.2); raises
/// `ResolveError` when the base has no scheme. Bytes of the target that
/// are not UTF-8 come back as U+FFFD (the command writes `\xFF`).
#[pyfunction]
fn resolve(base: &Bound<'_, PyAny>, reference: &Bound<'_, PyAny>) -> PyResult<String> {
    let base = input_bytes(base, "base")?;
    let reference = input_bytes(reference, "reference")?;
    let r = urlscope_core::resolve::resolution(&base, &reference)
        .map_err(|e| ResolveError::new_err(e.to_string()))?;
    Ok(String::from_utf8_lossy(&r.target).into_owned())
}

#[pymodule]
fn _urlscope(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("UrlscopeError", py.get_type::<UrlscopeError>())?;
    m.add("DecodeError", py.get_type::<DecodeError>())?;
    m.add("EncodeError", py.get_type::<EncodeError>())?;
    m.add("ResolveError", py.get_type::<ResolveError>())?;
    m.add(
        "ENCODE_DIALECTS",
        EncodeDialect::ALL
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>(),
    )?;
    m.add(
        "DECODE_DIALECTS",
        DecodeDialect::ALL
            .iter()
            .map(|d| d.name())
            .collect::<Vec<_>>(),
    )?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(triage, m)?)?;
    m.add_function(wrap_pyfunction!(clean, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(pretty, m)?)?;
    m.add_function(wrap_pyfunction!(defang, m)?)?;
    m.add_function(wrap_pyfunction!(refang, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(batch::triage_array, m)?)?;
    m.add("ARROW_FIELDS", batch::FIELDS.to_vec())?;
    Ok(())
}
