//! `Nikud` as JavaScript sees it (cargo feature `nikud`), run by `wasm-bindgen-test-runner` in
//! Node.js and in headless Chromium: loading from bytes, `add` and `addMany` with the HTTP
//! shape, and errors. The real weights (20 MB) are not available to these runners, so the model
//! here has Nakdimon's tensor names and shapes and deterministic made-up values: its marks mean
//! nothing, but every path runs (`js/nikud.test.mjs` checks the real model's output in Node).
#![cfg(all(target_arch = "wasm32", feature = "nikud"))]

use js_sys::{Array, Object, Reflect, Uint8Array};
use lashon_wasm::nikud::Nikud;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// A safetensors file with every tensor `Nakdimon::from_safetensors` reads.
fn synthetic_model() -> Vec<u8> {
    let lstm = |layer: &str, dir: &str| {
        [
            (format!("lstm{layer}.{dir}.kernel"), vec![400, 1600]),
            (format!("lstm{layer}.{dir}.recurrent"), vec![400, 1600]),
            (format!("lstm{layer}.{dir}.bias"), vec![1600]),
        ]
    };
    let mut specs: Vec<(String, Vec<usize>)> = vec![("embedding".into(), vec![43, 400])];
    for (layer, dir) in [("1", "fw"), ("1", "bw"), ("2", "fw"), ("2", "bw")] {
        specs.extend(lstm(layer, dir));
    }
    for (name, shape) in [
        ("dense.kernel", vec![400, 400]),
        ("dense.bias", vec![400]),
        ("n.kernel", vec![400, 16]),
        ("n.bias", vec![16]),
        ("d.kernel", vec![400, 3]),
        ("d.bias", vec![3]),
        ("s.kernel", vec![400, 4]),
        ("s.bias", vec![4]),
    ] {
        specs.push((name.into(), shape));
    }
    let mut header = Vec::new();
    let mut data: Vec<u8> = Vec::new();
    let mut seed = 12_345u32;
    for (name, shape) in &specs {
        let start = data.len();
        for _ in 0..shape.iter().product::<usize>() {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let v = ((seed >> 8) as f32 / (1u32 << 24) as f32 - 0.5) * 0.3;
            data.extend_from_slice(&v.to_le_bytes());
        }
        header.push(format!(
            r#""{name}":{{"dtype":"F32","shape":{shape:?},"data_offsets":[{start},{}]}}"#,
            data.len()
        ));
    }
    let header = format!("{{{}}}", header.join(","));
    let mut file = (header.len() as u64).to_le_bytes().to_vec();
    file.extend_from_slice(header.as_bytes());
    file.extend_from_slice(&data);
    file
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).expect("property")
}

fn code(err: &JsValue) -> (String, f64) {
    (
        get(err, "code").as_string().expect("code"),
        get(err, "status").as_f64().expect("status"),
    )
}

#[wasm_bindgen_test]
fn loads_from_bytes_and_answers_like_the_service() {
    let model = Nikud::from_bytes(&synthetic_model()).expect("load");
    let text = "שלום עולם, זה iPhone 15 ב-2024.";
    let r = model.add(text.into()).expect("add");
    let keys: Vec<String> = Object::keys(r.unchecked_ref::<Object>())
        .iter()
        .filter_map(|k| k.as_string())
        .collect();
    assert_eq!(keys, ["text", "nikud", "verified"]);
    assert_eq!(get(&r, "text").as_string().as_deref(), Some(text));
    // Whatever marks a model writes, removing them gives the input back.
    assert_eq!(get(&r, "verified").as_bool(), Some(true));
    let nikud = get(&r, "nikud").as_string().expect("nikud");
    let stripped = lashon_wasm::strip_nikud(nikud.as_str().into()).expect("strip");
    assert_eq!(
        get(&stripped, "stripped").as_string().as_deref(),
        Some(text)
    );

    // addMany: one batched pass, each item equal to add.
    let texts = ["שלום", "מה שלומך היום?", "a", "תודה רבה"];
    let list = Array::new();
    for t in texts {
        list.push(&t.into());
    }
    let many: Array = model
        .add_many(list.into())
        .expect("addMany")
        .dyn_into()
        .expect("array");
    assert_eq!(many.length(), 4);
    for (i, t) in texts.iter().enumerate() {
        let one = model.add((*t).into()).expect("add");
        let item = many.get(i as u32);
        for key in ["text", "nikud", "verified"] {
            assert_eq!(get(&item, key), get(&one, key), "{t}: {key}");
        }
    }
}

#[wasm_bindgen_test]
fn bad_weights_and_bad_input_are_typed_errors() {
    let err = Nikud::from_bytes(b"not a model").err().expect("refused");
    assert_eq!(code(&err), ("not_configured".into(), 503.0));
    // A Uint8Array the page built, empty.
    let empty = Uint8Array::new_with_length(0).to_vec();
    assert!(Nikud::from_bytes(&empty).is_err());

    let model = Nikud::from_bytes(&synthetic_model()).expect("load");
    let err = model.add("".into()).expect_err("empty");
    assert_eq!(code(&err), ("invalid_request".into(), 400.0));
    let err = model.add(JsValue::from_f64(1.0)).expect_err("not a string");
    assert_eq!(code(&err).0, "invalid_request");
    let err = model
        .add("א".repeat(10_001).as_str().into())
        .expect_err("too long");
    assert_eq!(code(&err).1, 400.0);
    let err = model.add_many("שלום".into()).expect_err("not a list");
    assert_eq!(code(&err).0, "invalid_request");
    let list = Array::of2(&"שלום".into(), &"".into());
    let err = model.add_many(list.into()).expect_err("empty item");
    let message = get(&err, "message").as_string().expect("message");
    assert!(message.contains("texts[1]"), "{message}");
}
