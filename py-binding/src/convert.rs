//! JSON values → Python values: results leave as dicts/lists in the HTTP JSON shape.
//!
//! Results repeat a few short strings many times (every run has the keys `text`, `dir`,
//! `script`, ... and values such as `ltr`, `Hebr`, `he`); one conversion creates each of
//! them once and shares it (a new Python string also has to be hashed as a dict key).

use lashon_vocab::ServiceError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde_json::Value;

use crate::errors::raise;

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

/// Strings up to this many bytes are shared within one conversion.
const SHARED_MAX_LEN: usize = 12;
/// At most this many distinct shared strings (keys and enum-like values are few).
const SHARED_MAX: usize = 48;

struct Converter<'py> {
    py: Python<'py>,
    shared: Vec<(String, Bound<'py, PyString>)>,
}

impl<'py> Converter<'py> {
    fn string(&mut self, s: &str) -> Bound<'py, PyString> {
        if s.len() > SHARED_MAX_LEN {
            return PyString::new(self.py, s);
        }
        if let Some((_, found)) = self.shared.iter().find(|(k, _)| k == s) {
            return found.clone();
        }
        let made = PyString::new(self.py, s);
        if self.shared.len() < SHARED_MAX {
            self.shared.push((s.to_owned(), made.clone()));
        }
        made
    }

    fn value(&mut self, value: &Value) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match value {
            Value::Null => py.None().into_bound(py),
            Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    i.into_pyobject(py)?.into_any()
                } else if let Some(u) = n.as_u64() {
                    u.into_pyobject(py)?.into_any()
                } else {
                    n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
                }
            }
            Value::String(s) => self.string(s).into_any(),
            Value::Array(items) => {
                let list = PyList::empty(py);
                for item in items {
                    list.append(self.value(item)?)?;
                }
                list.into_any()
            }
            Value::Object(map) => {
                let dict = PyDict::new(py);
                for (k, v) in map {
                    let key = self.string(k);
                    dict.set_item(key, self.value(v)?)?;
                }
                dict.into_any()
            }
        })
    }
}

/// The Python value of a JSON value (`null` → `None`, objects → `dict`, arrays → `list`).
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Converter {
        py,
        shared: Vec::new(),
    }
    .value(value)
}
