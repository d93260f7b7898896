//! Hand-checked display runs and wrap outputs for mixed Hebrew/English/Russian/Arabic text,
//! kept as data in `tests/vectors/display.json` so the Python and wasm bindings run the same
//! cases. Each case gives the input, the base (default `auto`), the paragraph direction, the
//! display runs as `[text, dir]`, and the exact `html` output (and `isolate`/`marks` outputs
//! where the case is about them).

use lashon_bidi::{analyze, wrap, Format};
use lashon_vocab::BaseDir;
use serde_json::Value;

fn cases() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/display.json");
    let data = std::fs::read_to_string(path).expect("vector file");
    serde_json::from_str(&data).expect("vector JSON")
}

#[test]
fn display_runs_and_wrap_outputs() {
    let cases = cases();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        let base: BaseDir = case
            .get("base")
            .map(|b| b.as_str().unwrap().parse().unwrap())
            .unwrap_or_default();
        let a = analyze(text, base);
        let got: Vec<Value> = a
            .display_runs
            .iter()
            .map(|r| serde_json::json!([r.text, r.dir]))
            .collect();
        if Value::Array(got.clone()) != case["display"] {
            failures.push(format!(
                "{name}: display runs {got:?}, want {}",
                case["display"]
            ));
        }
        if a.dir.as_str() != case["dir"] {
            failures.push(format!("{name}: dir {}, want {}", a.dir, case["dir"]));
        }
        for (format, key) in [
            (Format::Html, "html"),
            (Format::Isolate, "isolate"),
            (Format::Marks, "marks"),
        ] {
            let Some(want) = case.get(key) else { continue };
            let w = wrap(text, format, base);
            if w.output != want.as_str().unwrap() {
                failures.push(format!("{name}: {key} output {:?}, want {want}", w.output));
            }
            if w.runs != a.display_runs {
                failures.push(format!(
                    "{name}: wrap runs differ from analyze display runs"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
