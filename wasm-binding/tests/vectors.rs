//! The shared display vectors (`bidi/tests/vectors/display.json`) through the binding's
//! operations on the host: the same calls the JS exports make, so the node test
//! (`js/vectors.test.mjs`) and this one check the wasm build and the native crate against
//! one file. Host only: wasm32-unknown-unknown has no file system (the wasm build is checked
//! against the same file by the node test).
#![cfg(not(target_arch = "wasm32"))]

use lashon_wasm::ops::{self, AnalyzeInput};
use serde_json::Value;

fn cases() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bidi/tests/vectors/display.json"
    );
    let data = std::fs::read_to_string(path).expect("vector file");
    serde_json::from_str(&data).expect("vector JSON")
}

#[test]
fn display_vectors_through_the_binding() {
    let cases = cases();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        let text = case["text"].as_str().expect("text").to_string();
        let base = case.get("base").and_then(Value::as_str);
        let a = ops::analyze(AnalyzeInput::Text(text.clone()), base).expect("analyze");
        let a = serde_json::to_value(&a).expect("json");
        let display: Vec<Value> = a["analysis"]["display_runs"]
            .as_array()
            .expect("display_runs")
            .iter()
            .map(|r| serde_json::json!([r["text"], r["dir"]]))
            .collect();
        if Value::Array(display) != case["display"] {
            failures.push(format!("{name}: display runs differ"));
        }
        if a["analysis"]["dir"] != case["dir"] {
            failures.push(format!("{name}: dir differs"));
        }
        for format in ["html", "isolate", "marks"] {
            let Some(want) = case.get(format) else {
                continue;
            };
            let w = ops::wrap(text.clone(), Some(format), base).expect("wrap");
            if w.output != want.as_str().expect("output") {
                failures.push(format!("{name}: {format} output {:?}", w.output));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
