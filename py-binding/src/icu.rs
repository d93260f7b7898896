//! `icu.parse`, `icu.validate`, `icu.plural_categories`, `icu.hoist` (crate `lashon-icu`).
//!
//! Shapes (no HTTP endpoint exposes these alone; they are the crate's JSON forms):
//! - parse → `{"ast": [...], "printed": str}` (`ast` as in `lashon_icu::json`);
//! - validate → `{"ast", "printed", "warnings": [{"code", "argument", "kind", "category",
//!   "locale", "message"}]}`;
//! - plural_categories → `["one", "two", "other"]`;
//! - hoist → `{"hoisted": str, "segments": [str]}`.
//!
//! A message that does not parse raises `MessageFormatError` (`code`
//! `invalid_message_format`) with `reason` (the parse error kind, e.g. `unclosed_brace`) and
//! `offset` (UTF-16) and `byte`.

use lashon_icu::{
    hoist as hoist_message, parse as parse_message, print, segments, IcuError, Message, ParseError,
    PluralKind, Plurals, Warning, DEFAULT_BRANCH_LIMIT,
};
use lashon_vocab::ServiceError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{json, Value};

use crate::convert::to_py;
use crate::errors::{raise, raise_with};

/// The exception of a parse error, with `reason`, `offset` and `byte`.
fn parse_error(py: Python<'_>, e: ParseError) -> PyErr {
    let extra = PyDict::new(py);
    let filled = extra
        .set_item("reason", e.kind.code())
        .and_then(|()| extra.set_item("offset", e.utf16))
        .and_then(|()| extra.set_item("byte", e.byte));
    let service: ServiceError = e.into();
    match filled {
        Ok(()) => raise_with(&service, Some(extra.into_any())),
        Err(err) => err,
    }
}

fn icu_error(py: Python<'_>, e: IcuError) -> PyErr {
    match e {
        IcuError::Parse(p) => parse_error(py, p),
        other => raise(&other.into()),
    }
}

fn parsed(py: Python<'_>, message: &str) -> PyResult<Message> {
    py.detach(|| parse_message(message))
        .map_err(|e| parse_error(py, e))
}

fn locale(py: Python<'_>, tag: &str) -> PyResult<Plurals> {
    Plurals::new(tag).map_err(|e| icu_error(py, e))
}

fn plural_kind(kind: &str) -> PyResult<PluralKind> {
    match kind {
        "cardinal" => Ok(PluralKind::Cardinal),
        "ordinal" => Ok(PluralKind::Ordinal),
        other => Err(raise(&ServiceError::invalid(format!(
            "kind must be cardinal or ordinal (got {other:?})"
        )))),
    }
}

fn kind_name(kind: PluralKind) -> &'static str {
    match kind {
        PluralKind::Cardinal => "cardinal",
        PluralKind::Ordinal => "ordinal",
    }
}

fn warning_json(w: &Warning) -> Value {
    let (code, argument, kind, category, locale) = match w {
        Warning::UnusedCategory {
            argument,
            kind,
            category,
            locale,
        } => ("unused_category", argument, kind, category, locale),
        Warning::MissingCategory {
            argument,
            kind,
            category,
            locale,
        } => ("missing_category", argument, kind, category, locale),
    };
    json!({
        "code": code,
        "argument": argument,
        "kind": kind_name(*kind),
        "category": category.as_str(),
        "locale": locale,
        "message": w.to_string(),
    })
}

/// Parses an ICU message: `{"ast": [...], "printed": str}`.
#[pyfunction]
fn parse<'py>(py: Python<'py>, message: &str) -> PyResult<Bound<'py, PyAny>> {
    let m = parsed(py, message)?;
    to_py(py, &json!({ "ast": m.to_json(), "printed": print(&m) }))
}

/// Parses and checks a message against `locale`'s CLDR plural categories.
#[pyfunction]
fn validate<'py>(py: Python<'py>, message: &str, locale: &str) -> PyResult<Bound<'py, PyAny>> {
    let plurals = self::locale(py, locale)?;
    let m = parsed(py, message)?;
    let warnings: Vec<Value> = lashon_icu::validate(&m, &plurals)
        .iter()
        .map(warning_json)
        .collect();
    to_py(
        py,
        &json!({ "ast": m.to_json(), "printed": print(&m), "warnings": warnings }),
    )
}

/// The CLDR plural categories `locale` selects, in CLDR order.
#[pyfunction]
#[pyo3(signature = (locale, *, kind="cardinal"))]
fn plural_categories(py: Python<'_>, locale: &str, kind: &str) -> PyResult<Vec<&'static str>> {
    let kind = plural_kind(kind)?;
    let plurals = self::locale(py, locale)?;
    Ok(plurals
        .categories(kind)
        .iter()
        .map(|c| c.as_str())
        .collect())
}

/// Moves plurals and selects to the top so every branch is a whole sentence.
#[pyfunction]
#[pyo3(signature = (message, *, limit=DEFAULT_BRANCH_LIMIT))]
fn hoist<'py>(py: Python<'py>, message: &str, limit: usize) -> PyResult<Bound<'py, PyAny>> {
    let m = parsed(py, message)?;
    let done = py.detach(|| {
        hoist_message(&m, limit).map(|h| {
            let texts: Vec<String> = segments(&h).into_iter().map(|s| s.text).collect();
            (print(&h), texts)
        })
    });
    let (hoisted, texts) = done.map_err(|e| icu_error(py, e))?;
    to_py(py, &json!({ "hoisted": hoisted, "segments": texts }))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(plural_categories, m)?)?;
    m.add_function(wrap_pyfunction!(hoist, m)?)?;
    m.add("DEFAULT_BRANCH_LIMIT", DEFAULT_BRANCH_LIMIT)?;
    Ok(())
}
