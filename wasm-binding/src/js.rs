//! The JavaScript side of the binding: reading arguments, writing results as plain objects,
//! and throwing errors as `Error` objects that carry the API's `type` and `code`.

use std::collections::BTreeMap;

use lashon_vocab::ServiceError;
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::ops::AnalyzeInput;

/// A required string argument (`text`): anything else is an `invalid_request`, as a JSON
/// body with a non-string `text` is for the service.
pub fn required_string(name: &str, value: &JsValue) -> Result<String, ServiceError> {
    value
        .as_string()
        .ok_or_else(|| ServiceError::invalid(format!("{name} must be a string")))
}

/// An optional string argument (`base`, `format`, `direction`): `undefined` and `null` mean
/// the default.
pub fn optional_string(name: &str, value: &JsValue) -> Result<Option<String>, ServiceError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value
        .as_string()
        .map(Some)
        .ok_or_else(|| ServiceError::invalid(format!("{name} must be a string")))
}

/// The first argument of `analyze`: a string, or an object of string fields.
pub fn analyze_input(value: &JsValue) -> Result<AnalyzeInput, ServiceError> {
    if let Some(text) = value.as_string() {
        return Ok(AnalyzeInput::Text(text));
    }
    if value.is_object() && !js_sys::Array::is_array(value) {
        let fields: BTreeMap<String, String> = serde_wasm_bindgen::from_value(value.clone())
            .map_err(|_| ServiceError::invalid("fields must map names to strings"))?;
        return Ok(AnalyzeInput::Fields(fields));
    }
    Err(ServiceError::invalid(
        "send text (a string) or fields (an object of strings)",
    ))
}

/// A result as a plain JS object: maps become objects (not `Map`), `None` fields are left out.
pub fn to_object<T: Serialize>(value: &T) -> Result<JsValue, ServiceError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value
        .serialize(&serializer)
        .map_err(|e| ServiceError::internal(format!("could not build the result: {e}")))
}

/// An `Error` named `LashonError` with `type` (the stable class), `code` (the finer reason)
/// and `status` (the HTTP status the service would answer with).
pub fn to_error(err: ServiceError) -> JsValue {
    let error = js_sys::Error::new(&err.message);
    error.set_name("LashonError");
    let fields: [(&str, JsValue); 3] = [
        ("type", err.error_type().as_str().into()),
        ("code", err.code.as_str().into()),
        ("status", err.http_status().into()),
    ];
    for (key, value) in fields {
        // Setting a property on a fresh, unfrozen Error cannot fail; if it somehow did, the
        // error still carries its message.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str(key), &value);
    }
    error.into()
}
