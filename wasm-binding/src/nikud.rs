//! The Nakdimon vowel-point model in the page (issue 23): `Nikud.fromBytes(bytes)` loads the
//! converted weights from bytes the page supplies (a file the user picks, a `fetch` of the
//! page's own server); the package does not bundle them (20 MB). `add` and `addMany` answer as
//! `POST /v1/nikud` does, computed by the same code as the native library, on the calling
//! thread (wasm has no thread pool here).
//!
//! ```js
//! const bytes = new Uint8Array(await file.arrayBuffer()); // nakdimon.safetensors
//! const nikud = Nikud.fromBytes(bytes);
//! nikud.add("שלום עולם").nikud;            // "שָׁלוֹם עוֹלָם"
//! nikud.addMany(["שלום", "תודה"]);          // [{ text, nikud, verified }, …]
//! nikud.free();                            // the weights' memory goes back to the module
//! ```

use lashon_core::hebrew::api::{self, NikudRequest};
use lashon_core::hebrew::nikud::Nakdimon;
use lashon_vocab::{ErrorCode, ServiceError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsValue;

use crate::{js, respond};

#[wasm_bindgen(typescript_custom_section)]
const NIKUD_TYPES: &str = r#"
/** `Nikud.add` result (`POST /v1/nikud`): `nikud` is the input unchanged when `verified` is false. */
export interface NikudResponse {
  text: string;
  nikud: string;
  /** True when removing the points gives back exactly the input. */
  verified: boolean;
}
"#;

/// The loaded model.
#[wasm_bindgen]
pub struct Nikud {
    model: Nakdimon,
}

/// Loads a model from the bytes of a `.safetensors` file; a file that is not the converted
/// Nakdimon weights is `not_configured` (503), as the service answers without a model.
pub fn load(bytes: &[u8]) -> Result<Nakdimon, ServiceError> {
    Nakdimon::from_safetensors(bytes).map_err(|e| {
        ServiceError::new(
            ErrorCode::NotConfigured,
            format!("cannot load the nikud model: {e}"),
        )
    })
}

/// The `texts` argument of `addMany`: an array of strings.
fn string_list(value: &JsValue) -> Result<Vec<String>, ServiceError> {
    let not_list = || ServiceError::invalid("texts must be an array of strings");
    if !js_sys::Array::is_array(value) {
        return Err(not_list());
    }
    js_sys::Array::from(value)
        .iter()
        .map(|v| v.as_string().ok_or_else(not_list))
        .collect()
}

#[wasm_bindgen]
impl Nikud {
    /// Loads the converted Nakdimon weights (`nakdimon.safetensors`, written by
    /// `scripts/fetch-nikud-model`) from their bytes. Throws `LashonError` `not_configured`
    /// when the bytes are not those weights.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> Result<Nikud, JsValue> {
        load(bytes)
            .map(|model| Nikud { model })
            .map_err(js::to_error)
    }

    /// Vowel points for `text` (1 to 10,000 characters), as `POST /v1/nikud` answers.
    #[wasm_bindgen(unchecked_return_type = "NikudResponse")]
    pub fn add(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsValue, JsValue> {
        respond(
            js::required_string("text", &text)
                .and_then(|text| api::nikud(NikudRequest { text }, Some(&self.model))),
        )
    }

    /// Vowel points for every text of `texts` in one batched pass: item `i` equals
    /// `add(texts[i])`. Every text is checked first; the first invalid one throws, named by
    /// its index (`texts[3] must not be empty`).
    #[wasm_bindgen(js_name = addMany, unchecked_return_type = "NikudResponse[]")]
    pub fn add_many(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] texts: JsValue,
    ) -> Result<JsValue, JsValue> {
        respond(string_list(&texts).and_then(|texts| api::nikud_many(texts, Some(&self.model))))
    }
}
