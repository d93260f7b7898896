//! Service errors → Python exceptions of the `LashonError` hierarchy (`lashon/errors.py`).
//!
//! The classes are defined in Python (so they carry docstrings and typed attributes); this
//! module looks the class up by the error's `type`/`code` through
//! `lashon.errors._from_native` and raises an instance with `code` and `message`.

use lashon_vocab::ServiceError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The Python exception for a service error: `lashon.errors._from_native(type, code, message)`.
pub fn raise(err: &ServiceError) -> PyErr {
    raise_with(err, None)
}

/// Like [`raise`], with extra attributes (`reason`, `offset` of an ICU parse error).
pub fn raise_with(err: &ServiceError, extra: Option<Bound<'_, PyAny>>) -> PyErr {
    Python::attach(|py| {
        let made = py.import("lashon.errors").and_then(|m| {
            m.getattr("_from_native")?.call1((
                err.error_type().as_str(),
                err.code.as_str(),
                err.message.as_ref(),
                extra,
            ))
        });
        match made {
            Ok(exc) => PyErr::from_value(exc),
            // The package is broken (errors.py missing): still an exception, never a panic.
            Err(e) => {
                PyRuntimeError::new_err(format!("{}: {} ({e})", err.code.as_str(), err.message))
            }
        }
    })
}

/// A request that does not deserialize (bad enum value, wrong type): `invalid_request`, as
/// the HTTP adapter answers it.
pub fn invalid(e: serde_json::Error) -> PyErr {
    raise(&ServiceError::invalid(e.to_string()))
}
