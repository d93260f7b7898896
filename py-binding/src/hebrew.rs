//! `strip_nikud`, `transliterate` and `Nikud(model_path)`: the `/v1/strip-nikud`,
//! `/v1/transliterate` and `/v1/nikud` operations.

use std::sync::Arc;

use lashon_core::hebrew::api::{self, NikudRequest, StripRequest, TransliterateRequest};
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_vocab::{ErrorCode, ServiceError};
use pyo3::prelude::*;
use serde_json::json;

use crate::convert::{detached, json_of};
use crate::errors::{invalid, raise};

#[pyfunction]
fn strip_nikud(py: Python<'_>, text: String) -> PyResult<Bound<'_, PyAny>> {
    let req = StripRequest { text };
    detached(py, move || json_of(&api::strip(req)?))
}

fn translit_request(text: String, direction: &str) -> PyResult<TransliterateRequest> {
    serde_json::from_value(json!({ "text": text, "direction": direction })).map_err(invalid)
}

#[pyfunction]
#[pyo3(signature = (text, *, direction="he-to-latin"))]
fn transliterate<'py>(
    py: Python<'py>,
    text: String,
    direction: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let req = translit_request(text, direction)?;
    detached(py, move || json_of(&api::transliterate(req, None)?))
}

/// The Nakdimon vowel-point model, loaded once from a `.safetensors` file.
#[pyclass(module = "lashon._native", frozen)]
struct Nikud {
    model: Arc<Nakdimon>,
    path: String,
}

#[pymethods]
impl Nikud {
    #[new]
    fn new(py: Python<'_>, model_path: std::path::PathBuf) -> PyResult<Self> {
        let path = model_path.display().to_string();
        let loaded = py.detach(|| Nakdimon::from_path(&model_path));
        match loaded {
            Ok(model) => Ok(Nikud {
                model: Arc::new(model),
                path,
            }),
            Err(e) => Err(raise(&ServiceError::new(
                ErrorCode::NotConfigured,
                format!("cannot load the nikud model {path:?}: {e}"),
            ))),
        }
    }

    /// Vowel points for `text`: `{text, nikud, verified}` as `/v1/nikud` answers.
    fn add<'py>(&self, py: Python<'py>, text: String) -> PyResult<Bound<'py, PyAny>> {
        let model = Arc::clone(&self.model);
        let req = NikudRequest { text };
        detached(py, move || json_of(&api::nikud(req, Some(&model))?))
    }

    /// Transliteration with this model vocalizing unpointed Hebrew first.
    #[pyo3(signature = (text, *, direction="he-to-latin"))]
    fn transliterate<'py>(
        &self,
        py: Python<'py>,
        text: String,
        direction: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let req = translit_request(text, direction)?;
        let model = Arc::clone(&self.model);
        detached(py, move || json_of(&api::transliterate(req, Some(&model))?))
    }

    #[getter]
    fn model_path(&self) -> &str {
        &self.path
    }

    /// Vowel points for every text of `texts` in one batched pass, the GIL released once for
    /// all of them: a list of `{text, nikud, verified}`, item `i` equal to `add(texts[i])`.
    /// `threads`: the threads the call may use (default one per core).
    #[pyo3(signature = (texts, *, threads=None))]
    fn add_many<'py>(
        &self,
        py: Python<'py>,
        texts: Vec<String>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let model = Arc::clone(&self.model);
        detached(py, move || {
            crate::threads::run_on(threads, || json_of(&api::nikud_many(texts, Some(&model))?))
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(strip_nikud, m)?)?;
    m.add_function(wrap_pyfunction!(transliterate, m)?)?;
    m.add_class::<Nikud>()?;
    Ok(())
}
