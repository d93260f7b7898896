//! lashon in the browser and in Node.js: direction analysis, render-ready wrapping and
//! language detection of mixed Hebrew/English text, and the Hebrew text tools, as a
//! WebAssembly package built with wasm-bindgen.
//!
//! Use it where a round trip to the HTTP service is too slow or not possible: previewing
//! strings as they are typed, wrapping UI text before it is rendered, offline pages. The
//! functions return the same shapes as the HTTP responses (`POST /v1/analyze`, `/v1/wrap`,
//! `/v1/detect`, `/v1/strip-nikud`, `/v1/transliterate`): `analyze`, `stripNikud` and
//! `transliterate` as plain objects, `wrap` and `detect` as objects whose runs and segments
//! are read on demand (`Wrapped`, `Detection`; `toJSON()` gives the plain response). They
//! enforce the same limits, and throw the same errors as `Error` objects (name `LashonError`)
//! with `type`, `code` and `status`.
//!
//! | JS | HTTP | Rust |
//! |---|---|---|
//! | `analyze(textOrFields, base?)` | `POST /v1/analyze` | [`lashon_bidi::analyze`] |
//! | `wrap(text, format?, base?)` | `POST /v1/wrap` | [`lashon_bidi::wrap`] |
//! | `detect(text)` | `POST /v1/detect` | [`lashon_bidi::detect`] |
//! | `stripNikud(text)` | `POST /v1/strip-nikud` | [`lashon_core::hebrew::api::strip`] |
//! | `transliterate(text, direction?)` | `POST /v1/transliterate` | [`lashon_core::hebrew::api::transliterate`] |
//!
//! Build the npm package with `scripts/build-wasm` (it writes `wasm-binding/pkg/`), then:
//!
//! ```js
//! import init, { wrap, detect } from "./pkg/web/lashon_wasm.js";
//! await init();
//! const w = wrap("המחיר הוא ₪1,200.50 ב-Google Pay", "html");
//! element.innerHTML = w.output; // <span dir="rtl">המחיר הוא <span dir="ltr">₪1,200.50</span> …
//! w.runs[1].text; // "₪1,200.50" (runs are made when read; runStarts/runEnds as typed arrays)
//! detect("שילמתי דרך PayPal").lang; // "he"
//! try { wrap(""); } catch (e) { e.code; /* "invalid_request" */ }
//! ```
//!
//! The same operations in Rust, as the exports run them ([`ops`]):
//!
//! ```
//! use lashon_wasm::ops;
//!
//! let w = ops::wrap("מבצע: $5.99 בלבד!".to_string(), Some("isolate"), None).unwrap();
//! assert_eq!(w.output, "מבצע: \u{2066}$5.99\u{2069} בלבד!");
//! let err = ops::wrap(String::new(), None, None).unwrap_err();
//! assert_eq!(err.code.as_str(), "invalid_request");
//! ```

mod js;
#[cfg(feature = "nikud")]
pub mod nikud;
pub mod ops;
mod results;
mod typescript;

use lashon_core::direction::DetectRequest;
use lashon_vocab::ServiceError;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsValue;

/// Runs an operation and turns its result into a plain object, or its error into a thrown
/// `LashonError`.
fn respond<T: serde::Serialize>(result: Result<T, ServiceError>) -> Result<JsValue, JsValue> {
    result.and_then(|v| js::to_object(&v)).map_err(js::to_error)
}

/// Direction analysis (`POST /v1/analyze`): pass a string for `{ analysis }`, or an object
/// of named strings for `{ fields }` (at most 100 fields, 20,000 characters in all).
#[wasm_bindgen(unchecked_return_type = "AnalyzeResponse")]
pub fn analyze(
    #[wasm_bindgen(js_name = textOrFields, unchecked_param_type = "string | Record<string, string>")]
    text_or_fields: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "BaseDir")] base: JsValue,
) -> Result<JsValue, JsValue> {
    respond((|| {
        let input = js::analyze_input(&text_or_fields)?;
        let base = js::optional_string("base", &base)?;
        ops::analyze(input, base.as_deref())
    })())
}

/// Render-ready text (`POST /v1/wrap`): every unit of the other direction fenced with HTML
/// spans (default), Unicode isolates or LRM/RLM marks. 1 to 20,000 characters. The result's
/// `output` is the string; its runs are read on demand (`runs`, or `runStarts`, `runEnds`,
/// `runDirs` as typed arrays); `toJSON()` is the HTTP response.
#[wasm_bindgen(unchecked_return_type = "Wrapped")]
pub fn wrap(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Format")] format: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "BaseDir")] base: JsValue,
) -> Result<JsValue, JsValue> {
    (|| {
        let input = js::required_string("text", &text)?;
        let format = js::optional_string("format", &format)?;
        let base = js::optional_string("base", &base)?;
        let wrapped = ops::wrap(input, format.as_deref(), base.as_deref())?;
        Ok(results::wrapped(&text, &wrapped))
    })()
    .map_err(js::to_error)
}

/// Language detection (`POST /v1/detect`): the dominant language, same-script segments and
/// the share of each language. 1 to 20,000 characters. Segments are read on demand;
/// `toJSON()` is the HTTP response.
#[wasm_bindgen(unchecked_return_type = "Detection")]
pub fn detect(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let req = match js::required_string("text", &text) {
        Ok(text) => DetectRequest { text },
        Err(e) => return Err(js::to_error(e)),
    };
    match ops::detect(&req) {
        Ok(d) => Ok(results::detection(&text, &d)),
        Err(e) => Err(js::to_error(e)),
    }
}

/// Hebrew without vowel points, dagesh or cantillation (`POST /v1/strip-nikud`). 1 to
/// 20,000 characters.
#[wasm_bindgen(js_name = stripNikud, unchecked_return_type = "StripResponse")]
pub fn strip_nikud(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    respond(js::required_string("text", &text).and_then(ops::strip_nikud))
}

/// Transliteration (`POST /v1/transliterate`), `he-to-latin` (default) or `latin-to-he`.
/// 1 to 5,000 characters. There is no nikud model in the browser: unvocalized Hebrew is read
/// by the heuristic scheme.
#[wasm_bindgen(unchecked_return_type = "TransliterateResponse")]
pub fn transliterate(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "TranslitDirection")] direction: JsValue,
) -> Result<JsValue, JsValue> {
    respond((|| {
        let text = js::required_string("text", &text)?;
        let direction = js::optional_string("direction", &direction)?;
        ops::transliterate(text, direction.as_deref())
    })())
}
