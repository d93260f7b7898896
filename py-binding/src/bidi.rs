//! `analyze`, `wrap`, `detect`: the `/v1/analyze`, `/v1/wrap`, `/v1/detect` operations, and
//! `analyze_many`, `wrap_many`, `detect_many` for lists of texts.
//!
//! Requests are the service layer's request types, so validation (limits, enum values) and
//! messages are the API's. The work runs with the GIL released, once per call (a `_many` call
//! releases it once for the whole list), and the results are the Python classes of
//! `results.rs`, built in Rust.

use std::collections::BTreeMap;

use lashon_bidi::Format;
use lashon_core::direction::{self, AnalyzeRequest, AnalyzeResponse, WrapRequest};
use lashon_vocab::{BaseDir, ServiceError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::raise;
use crate::results::{Analysis, Detection, Wrapped};

/// `base`: `auto`, `ltr` or `rtl`; anything else is the API's `invalid_request`.
fn parse_base(base: &str) -> Result<BaseDir, ServiceError> {
    base.parse()
        .map_err(|e| ServiceError::invalid(format!("{e}")))
}

/// `format`: `html`, `isolate` or `marks`.
fn parse_format(format: &str) -> Result<Format, ServiceError> {
    format
        .parse()
        .map_err(|e| ServiceError::invalid(format!("{e}")))
}

fn analyze_one(
    text: Option<String>,
    fields: Option<BTreeMap<String, String>>,
    base: BaseDir,
) -> Result<AnalyzeResponse, ServiceError> {
    direction::analyze(AnalyzeRequest { text, fields, base })
}

#[pyfunction]
#[pyo3(signature = (text=None, *, fields=None, base="auto"))]
fn analyze(
    py: Python<'_>,
    text: Option<String>,
    fields: Option<BTreeMap<String, String>>,
    base: &str,
) -> PyResult<Analysis> {
    let base = parse_base(base).map_err(|e| raise(&e))?;
    let response = py
        .detach(move || analyze_one(text, fields, base))
        .map_err(|e| raise(&e))?;
    Analysis::new(py, response)
}

#[pyfunction]
#[pyo3(signature = (texts, *, base="auto"))]
fn analyze_many<'py>(
    py: Python<'py>,
    texts: Vec<String>,
    base: &str,
) -> PyResult<Bound<'py, PyList>> {
    let base = parse_base(base).map_err(|e| raise(&e))?;
    let responses = py
        .detach(move || {
            texts
                .into_iter()
                .map(|text| analyze_one(Some(text), None, base))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| raise(&e))?;
    let list = PyList::empty(py);
    for response in responses {
        list.append(Analysis::new(py, response)?)?;
    }
    Ok(list)
}

#[pyfunction]
#[pyo3(signature = (text, *, format="html", base="auto"))]
fn wrap(py: Python<'_>, text: String, format: &str, base: &str) -> PyResult<Wrapped> {
    let req = WrapRequest {
        text,
        format: parse_format(format).map_err(|e| raise(&e))?,
        base: parse_base(base).map_err(|e| raise(&e))?,
    };
    let wrapped = py
        .detach(move || direction::wrap(req))
        .map_err(|e| raise(&e))?;
    Ok(Wrapped(wrapped))
}

#[pyfunction]
#[pyo3(signature = (texts, *, format="html", base="auto"))]
fn wrap_many<'py>(
    py: Python<'py>,
    texts: Vec<String>,
    format: &str,
    base: &str,
) -> PyResult<Bound<'py, PyList>> {
    let format = parse_format(format).map_err(|e| raise(&e))?;
    let base = parse_base(base).map_err(|e| raise(&e))?;
    let results = py
        .detach(move || {
            texts
                .into_iter()
                .map(|text| direction::wrap(WrapRequest { text, format, base }).map(Wrapped))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| raise(&e))?;
    PyList::new(py, results)
}

#[pyfunction]
fn detect(py: Python<'_>, text: String) -> PyResult<Detection> {
    py.detach(move || Detection::detect(text))
        .map_err(|e| raise(&e))
}

#[pyfunction]
fn detect_many(py: Python<'_>, texts: Vec<String>) -> PyResult<Bound<'_, PyList>> {
    let results = py
        .detach(move || {
            texts
                .into_iter()
                .map(Detection::detect)
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| raise(&e))?;
    PyList::new(py, results)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_many, m)?)?;
    m.add_function(wrap_pyfunction!(wrap, m)?)?;
    m.add_function(wrap_pyfunction!(wrap_many, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(detect_many, m)?)?;
    Ok(())
}
