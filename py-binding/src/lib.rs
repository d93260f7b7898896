//! `lashon-py`: the Python binding of lashon, the module `import lashon`.
//!
//! This crate is the native half (`lashon._native`) of a maturin package whose Python half
//! (`python/lashon/`) holds the typed wrappers, the `LashonError` exception hierarchy, the
//! `.pyi` stubs and `py.typed`. Every result comes from the same service-layer code as the
//! HTTP adapter (`lashon_core::direction`, `lashon_core::hebrew::api`), so the binding cannot
//! drift from the API: `analyze`, `wrap` and `detect` (and their `_many` forms) return
//! classes built here (`results`) whose `to_dict()` is the HTTP JSON; the other functions
//! return plain Python values in that JSON shape, which the package wraps in dataclasses.
//!
//! - Errors never cross the boundary as panics: every failure is a
//!   [`ServiceError`](lashon_vocab::ServiceError) raised as `lashon.errors.LashonError` (or a
//!   subclass) with `code` and `message`.
//! - Work on text is done with the GIL released (`Python::detach`), so threads calling the
//!   binding run in parallel.
//!
//! Build and test with `scripts/test-python`; by hand:
//!
//! ```text
//! cd py-binding && maturin build --release && pip install ../target/wheels/lashon-*.whl
//! python -c 'import lashon; print(lashon.wrap("מחיר: $5", format="isolate").output)'
//! ```

mod bidi;
mod convert;
mod errors;
mod hebrew;
mod icu;
mod protect;
mod results;
mod threads;
mod webhook;

use pyo3::prelude::*;

/// The native module `lashon._native`; `lashon/__init__.py` re-exports it with types.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    bidi::register(m)?;
    results::register(m)?;
    hebrew::register(m)?;
    icu::register(m)?;
    protect::register(m)?;
    webhook::register(m)?;
    Ok(())
}
