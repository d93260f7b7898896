//! `find_spans` and `verify_translation` (crate `lashon-protect`).
//!
//! - find_spans → `{"spans": [{"type", "value"?, "render"?, "ambiguous_date"?, "start",
//!   "end"}]}`: the spec's Span objects (a redacted type has no `value`) plus the span's
//!   UTF-16 offsets in the input (`start`/`end`, not part of the HTTP Span object).
//! - verify_translation → `{"pass": bool, "issues": [{"code", "severity", "detail"}]}`: the
//!   standard checks of `/v1/clinical/verify`.
//!
//! Languages are he, en or ru (`unsupported_language` otherwise); enum arguments take the
//! spec's JSON values (`domain` general|clinical|finance|legal, `date_order` MDY|DMY,
//! `date_style` hebrew|iso|keep, genders male|female).

use std::collections::BTreeMap;

use lashon_protect::spans::{ProtectOptions, SpanFinder};
use lashon_protect::verify::{verify, VerifyOptions};
use lashon_protect::{passes, Lang};
use lashon_vocab::{ErrorCode, LangTag, ServiceError};
use pyo3::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use crate::convert::detached;
use crate::errors::{invalid, raise};

fn lang(field: &str, tag: &str) -> PyResult<Lang> {
    let parsed =
        LangTag::parse(tag).map_err(|e| raise(&ServiceError::invalid(format!("{field}: {e}"))))?;
    Lang::from_tag(&parsed).map_err(|e| {
        raise(&ServiceError::new(
            ErrorCode::UnsupportedLanguage,
            e.to_string(),
        ))
    })
}

/// An enum argument read as its JSON value (`"clinical"` → `Domain::Clinical`).
fn value<T: DeserializeOwned>(field: &str, raw: Option<&str>) -> PyResult<Option<T>> {
    raw.map(|s| {
        serde_json::from_value(Value::String(s.to_owned()))
            .map_err(|e| invalid(serde::de::Error::custom(format!("{field}: {e}"))))
    })
    .transpose()
}

#[pyfunction]
#[pyo3(signature = (
    text, lang, *, target_lang=None, domain="general", protected_terms=None, redact_terms=None,
    glossary=None, date_order=None, date_style="hebrew"
))]
#[allow(clippy::too_many_arguments)] // the spec's keyword arguments
fn find_spans<'py>(
    py: Python<'py>,
    text: String,
    lang: &str,
    target_lang: Option<&str>,
    domain: &str,
    protected_terms: Option<Vec<String>>,
    redact_terms: Option<Vec<String>>,
    glossary: Option<BTreeMap<String, String>>,
    date_order: Option<&str>,
    date_style: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let source = self::lang("lang", lang)?;
    let target = match target_lang {
        Some(t) => self::lang("target_lang", t)?,
        None => source,
    };
    let mut options = ProtectOptions::new(source, target);
    options.domain = value("domain", Some(domain))?.unwrap_or_default();
    options.protected_terms = protected_terms.unwrap_or_default();
    options.redact_terms = redact_terms.unwrap_or_default();
    options.glossary = glossary.unwrap_or_default();
    options.date_order = value("date_order", date_order)?;
    options.date_style = value("date_style", Some(date_style))?.unwrap_or_default();
    detached(py, move || {
        let found = SpanFinder::new(options).find(&text);
        let mut spans = Vec::with_capacity(found.len());
        for f in &found {
            let mut span = serde_json::to_value(f.to_span(&text))
                .map_err(|e| ServiceError::internal(e.to_string()))?;
            span["start"] = json!(utf16_len(&text[..f.start.min(text.len())]));
            span["end"] = json!(utf16_len(&text[..f.end.min(text.len())]));
            spans.push(span);
        }
        Ok(json!({ "spans": spans }))
    })
}

fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

#[pyfunction]
#[pyo3(signature = (
    source, translation, source_lang, target_lang, *, domain="general", protected_terms=None,
    glossary=None, date_order=None, listener_gender=None, speaker_gender=None,
    patient_gender=None
))]
#[allow(clippy::too_many_arguments)] // the spec's keyword arguments
fn verify_translation<'py>(
    py: Python<'py>,
    source: String,
    translation: String,
    source_lang: &str,
    target_lang: &str,
    domain: &str,
    protected_terms: Option<Vec<String>>,
    glossary: Option<BTreeMap<String, String>>,
    date_order: Option<&str>,
    listener_gender: Option<&str>,
    speaker_gender: Option<&str>,
    patient_gender: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut options = VerifyOptions::new(
        lang("source_lang", source_lang)?,
        lang("target_lang", target_lang)?,
    );
    options.domain = value("domain", Some(domain))?.unwrap_or_default();
    options.protected_terms = protected_terms.unwrap_or_default();
    options.glossary = glossary.unwrap_or_default();
    options.date_order = value("date_order", date_order)?;
    options.listener_gender = value("listener_gender", listener_gender)?;
    options.speaker_gender = value("speaker_gender", speaker_gender)?;
    options.patient_gender = value("patient_gender", patient_gender)?;
    detached(py, move || {
        let issues = verify(&source, &translation, &options);
        Ok(json!({ "pass": passes(&issues), "issues": issues }))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(find_spans, m)?)?;
    m.add_function(wrap_pyfunction!(verify_translation, m)?)?;
    Ok(())
}
