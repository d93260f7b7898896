//! Runs the parser vectors in `tests/vectors/parse.json` and the hoisting vectors in
//! `tests/vectors/hoist.json`.
//!
//! Each vector has `name` and `input`, and either `ast` (the JSON form of the message, see
//! `lashon_icu::json`) with an optional `printed` (the printer's normal form; the printed text
//! must parse back to the same tree), or `error` with `code`, `offset` (UTF-16) and optionally
//! `byte`, or `valid: true` (parses and round-trips; for trees too deep to write as JSON). The same file is meant to be run by the Python and wasm bindings.

use lashon_icu::{parse, print};
use serde_json::Value;

const VECTORS: &str = include_str!("vectors/parse.json");

fn run(vector: &Value) -> Result<(), String> {
    let name = vector["name"].as_str().unwrap_or("?");
    let input = vector["input"]
        .as_str()
        .ok_or_else(|| format!("{name}: no input"))?;
    let parsed = parse(input);
    if vector.get("ast").is_some() || vector.get("valid").is_some() {
        let message = parsed.map_err(|e| format!("{name}: expected an AST, got error {e:?}"))?;
        let ast = vector.get("ast").unwrap_or(&Value::Null);
        if !ast.is_null() && &message.to_json() != ast {
            return Err(format!(
                "{name}: AST\n  got      {}\n  expected {ast}",
                message.to_json()
            ));
        }
        let printed = print(&message);
        if let Some(expected) = vector.get("printed").and_then(Value::as_str) {
            if printed != expected {
                return Err(format!(
                    "{name}: printed {printed:?}, expected {expected:?}"
                ));
            }
        }
        let again =
            parse(&printed).map_err(|e| format!("{name}: printed {printed:?} fails: {e}"))?;
        if again != message {
            return Err(format!(
                "{name}: printed {printed:?} parses to a different AST"
            ));
        }
        return Ok(());
    }
    let expected = &vector["error"];
    let err = match parsed {
        Ok(m) => return Err(format!("{name}: expected an error, got {}", m.to_json())),
        Err(e) => e,
    };
    let code = expected["code"].as_str().unwrap_or("");
    let offset = expected["offset"].as_u64().map(|o| o as usize);
    if err.kind.code() != code || Some(err.utf16) != offset {
        return Err(format!(
            "{name}: error {} at {} (byte {}), expected {code} at {offset:?}",
            err.kind.code(),
            err.utf16,
            err.byte
        ));
    }
    if let Some(byte) = expected["byte"].as_u64() {
        if err.byte as u64 != byte {
            return Err(format!("{name}: byte offset {}, expected {byte}", err.byte));
        }
    }
    // Every message names its kind and offset in words.
    let text = err.to_string();
    if !text.contains(&format!("offset {}", err.utf16)) {
        return Err(format!("{name}: message {text:?} lacks the offset"));
    }
    Ok(())
}

#[test]
fn parser_vectors() {
    let vectors: Vec<Value> = serde_json::from_str(VECTORS).expect("vectors file is valid JSON");
    assert!(vectors.len() >= 150, "only {} vectors", vectors.len());
    let failures: Vec<String> = vectors.iter().filter_map(|v| run(v).err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed:\n{}",
        failures.len(),
        vectors.len(),
        failures.join("\n")
    );
}

#[test]
fn vector_names_are_unique() {
    let vectors: Vec<Value> = serde_json::from_str(VECTORS).expect("vectors file is valid JSON");
    let mut names: Vec<&str> = vectors.iter().filter_map(|v| v["name"].as_str()).collect();
    let total = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), total);
}

/// Hoisting vectors (`tests/vectors/hoist.json`): `input` hoists (default limit) to `hoisted`,
/// whose segments are `segments`; rebuilding from those segments gives `hoisted` back.
#[test]
fn hoist_vectors() {
    use lashon_icu::{hoist, rebuild, segments, Plurals, DEFAULT_BRANCH_LIMIT};
    let en = Plurals::new("en").expect("en");
    let vectors: Vec<Value> =
        serde_json::from_str(include_str!("vectors/hoist.json")).expect("valid JSON");
    for v in &vectors {
        let name = v["name"].as_str().unwrap_or("?");
        let input = parse(v["input"].as_str().unwrap_or("")).expect(name);
        let hoisted = hoist(&input, DEFAULT_BRANCH_LIMIT).expect(name);
        assert_eq!(
            print(&hoisted),
            v["hoisted"].as_str().unwrap_or(""),
            "{name}"
        );
        let texts: Vec<String> = segments(&hoisted).into_iter().map(|s| s.text).collect();
        let expected: Vec<&str> = v["segments"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        assert_eq!(texts, expected, "{name}");
        let rebuilt = rebuild(&hoisted, &texts, &en).expect(name);
        assert_eq!(rebuilt.message, hoisted, "{name}");
    }
}
