//! `analyze`, `wrap`, `detect`: the `/v1/analyze`, `/v1/wrap`, `/v1/detect` operations.
//!
//! Requests are built as the HTTP body would be and deserialized into the service layer's
//! request types, so validation (limits, enum values) and messages are the API's.

use std::collections::BTreeMap;

use lashon_core::direction::{self, AnalyzeRequest, DetectRequest, WrapRequest};
use lashon_vocab::ServiceError;
use pyo3::prelude::*;
use serde_json::{json, Value};

use crate::convert::to_py;
use crate::errors::{invalid, raise};

/// Runs `work` without the GIL and converts its JSON result to Python.
pub fn detached<'py>(
    py: Python<'py>,
    work: impl FnOnce() -> Result<Value, ServiceError> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let value = py.detach(work).map_err(|e| raise(&e))?;
    to_py(py, &value)
}

/// The JSON of a serializable result.
pub fn json_of<T: serde::Serialize>(value: &T) -> Result<Value, ServiceError> {
    serde_json::to_value(value).map_err(|e| ServiceError::internal(e.to_string()))
}

#[pyfunction]
#[pyo3(signature = (text=None, *, fields=None, base="auto"))]
fn analyze<'py>(
    py: Python<'py>,
    text: Option<String>,
    fields: Option<BTreeMap<String, String>>,
    base: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let mut body = json!({ "base": base });
    if let Some(text) = text {
        body["text"] = Value::String(text);
    }
    if let Some(fields) = fields {
        body["fields"] = json!(fields);
    }
    let req: AnalyzeRequest = serde_json::from_value(body).map_err(invalid)?;
    detached(py, move || json_of(&direction::analyze(req)?))
}

#[pyfunction]
#[pyo3(signature = (text, *, format="html", base="auto"))]
fn wrap<'py>(
    py: Python<'py>,
    text: String,
    format: &str,
    base: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let req: WrapRequest =
        serde_json::from_value(json!({ "text": text, "format": format, "base": base }))
            .map_err(invalid)?;
    detached(py, move || json_of(&direction::wrap(req)?))
}

#[pyfunction]
fn detect(py: Python<'_>, text: String) -> PyResult<Bound<'_, PyAny>> {
    let req = DetectRequest { text };
    detached(py, move || json_of(&direction::detect(&req)?))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(wrap, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    Ok(())
}
