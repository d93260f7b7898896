//! The exports as JavaScript sees them, run by `wasm-bindgen-test-runner` in Node.js (and in
//! headless Chromium with `WASM_BINDGEN_USE_BROWSER=1`): the HTTP shapes (plain objects, or
//! `Wrapped`/`Detection` whose getters and `toJSON()` give them), errors thrown as
//! `LashonError` with `type`, `code` and `status`.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("property")
}

fn get_str(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().expect("string property")
}

fn error_code(err: JsValue) -> (String, String, String, f64) {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "thrown value is an Error"
    );
    (
        get_str(&err, "name"),
        get_str(&err, "type"),
        get_str(&err, "code"),
        get(&err, "status").as_f64().expect("status"),
    )
}

#[wasm_bindgen_test]
fn wrap_reads_as_the_http_shape() {
    let w: JsValue = lashon_wasm::wrap(
        "מבצע: $5.99 בלבד!".into(),
        "isolate".into(),
        JsValue::UNDEFINED,
    )
    .expect("wrap");
    let json = js_sys::JSON::stringify(&w).expect("stringify");
    let plain = js_sys::JSON::parse(&String::from(json)).expect("parse");
    let keys: Vec<String> = Object::keys(plain.unchecked_ref::<Object>())
        .iter()
        .map(|k| k.as_string().expect("key"))
        .collect();
    assert_eq!(keys, ["dir", "format", "output", "runs"]);
    assert_eq!(
        get_str(&plain, "output"),
        "מבצע: \u{2066}$5.99\u{2069} בלבד!"
    );
    assert_eq!(get_str(&w, "output"), "מבצע: \u{2066}$5.99\u{2069} בלבד!");
    assert_eq!(get_str(&w, "format"), "isolate");
    assert_eq!(get_str(&w, "dir"), "rtl");
    let runs: Array = get(&w, "runs").dyn_into().expect("runs array");
    assert_eq!(runs.length(), 3);
    let price = runs.get(1);
    assert_eq!(get_str(&price, "text"), "$5.99");
    assert_eq!(get(&price, "start").as_f64(), Some(6.0));
    assert_eq!(get(&price, "end").as_f64(), Some(11.0));
    let starts: js_sys::Uint32Array = get(&w, "runStarts").dyn_into().expect("typed array");
    assert_eq!(starts.to_vec(), [0, 6, 11]);
    let dirs: js_sys::Uint8Array = get(&w, "runDirs").dyn_into().expect("typed array");
    assert_eq!(dirs.to_vec(), [1, 0, 1]);
}

#[wasm_bindgen_test]
fn wrap_defaults_to_html() {
    let w: JsValue =
        lashon_wasm::wrap("Google הודיעה".into(), JsValue::UNDEFINED, "rtl".into()).expect("wrap");
    assert_eq!(
        get_str(&w, "output"),
        r#"<span dir="rtl"><span dir="ltr">Google</span> הודיעה</span>"#
    );
}

#[wasm_bindgen_test]
fn analyze_text_and_fields() {
    let a = lashon_wasm::analyze("התור ב-Google Meet".into(), JsValue::NULL).expect("analyze");
    let analysis = get(&a, "analysis");
    assert_eq!(get_str(&analysis, "dir"), "rtl");
    assert_eq!(get(&analysis, "mixed").as_bool(), Some(true));
    assert!(get(&a, "fields").is_undefined());

    let fields = Object::new();
    Reflect::set(&fields, &"title".into(), &"שלום".into()).expect("set");
    let a = lashon_wasm::analyze(fields.into(), JsValue::UNDEFINED).expect("analyze fields");
    let title = get(&get(&a, "fields"), "title");
    assert_eq!(get_str(&title, "lang"), "he");
}

#[wasm_bindgen_test]
fn detect_strip_transliterate() {
    let d: JsValue = lashon_wasm::detect("שילמתי דרך PayPal אתמול".into()).expect("detect");
    assert_eq!(get_str(&d, "lang"), "he");
    let segments: Array = get(&d, "segments").dyn_into().expect("segments");
    assert_eq!(segments.length(), 3);
    assert_eq!(get_str(&segments.get(1), "text"), "PayPal ");

    let s = lashon_wasm::strip_nikud("שָׁלוֹם".into()).expect("strip");
    assert_eq!(get_str(&s, "stripped"), "שלום");

    let t = lashon_wasm::transliterate("Google".into(), "latin-to-he".into()).expect("translit");
    assert_eq!(get_str(&t, "transliteration"), "גוגל");
    assert_eq!(get_str(&t, "direction"), "latin-to-he");
}

#[wasm_bindgen_test]
fn errors_are_typed() {
    let err = lashon_wasm::wrap("".into(), JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap_err();
    assert_eq!(
        error_code(err),
        (
            "LashonError".into(),
            "invalid_request".into(),
            "invalid_request".into(),
            400.0
        )
    );
    let err = lashon_wasm::wrap("a".into(), "pdf".into(), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(error_code(err).2, "invalid_request");
    let err = lashon_wasm::detect(JsValue::from_f64(3.0)).unwrap_err();
    assert_eq!(error_code(err).2, "invalid_request");
    let too_long = "א".repeat(5_001);
    let err = lashon_wasm::transliterate(too_long.as_str().into(), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(error_code(err).3, 400.0);
}
