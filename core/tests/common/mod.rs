//! Helpers shared by the integration tests: where the shared data and the nikud model are, and
//! the Nakdimon paper's metrics.
#![allow(dead_code)]

pub mod metrics;

use std::path::PathBuf;

/// `$LASHON_SHARED_DATA`, default `../shared/data` beside the workspace. Panics with a clear
/// message when the folder is absent: the tests that call this need it.
pub fn shared_data(sub: &str) -> PathBuf {
    let root = std::env::var_os("LASHON_SHARED_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data"))
        });
    let path = root.join(sub);
    assert!(
        path.exists(),
        "shared test data not found at {} (set LASHON_SHARED_DATA to the shared/data folder)",
        path.display()
    );
    path
}

/// The Nakdimon model from `$LASHON_NIKUD_MODEL`, or `None` (the test prints that it was
/// skipped) when the variable is unset. With `LASHON_REQUIRE_NIKUD_MODEL=1` a missing model
/// fails the test instead.
pub fn nikud_model(test: &str) -> Option<lashon_core::hebrew::nikud::Nakdimon> {
    let required = std::env::var("LASHON_REQUIRE_NIKUD_MODEL").is_ok_and(|v| v == "1");
    match std::env::var_os("LASHON_NIKUD_MODEL") {
        Some(path) => match lashon_core::hebrew::nikud::Nakdimon::from_path(&path) {
            Ok(m) => Some(m),
            Err(e) => panic!(
                "{test}: LASHON_NIKUD_MODEL={}: {e}",
                PathBuf::from(path).display()
            ),
        },
        None if required => panic!(
            "{test}: LASHON_REQUIRE_NIKUD_MODEL=1 but LASHON_NIKUD_MODEL is not set; \
             run `export LASHON_NIKUD_MODEL=\"$(scripts/fetch-nikud-model)\"`"
        ),
        None => {
            eprintln!(
                "{test}: SKIPPED (no nikud model; run `export LASHON_NIKUD_MODEL=\"$(scripts/fetch-nikud-model)\"`)"
            );
            None
        }
    }
}

/// Every `tests/new/expected/<genre>/<n>.txt` of the Nakdimon test set, sorted by path (the
/// order of `scripts/nikud_reference.py`), with its `<genre>/<n>.txt` name.
pub fn gold_files() -> Vec<(String, PathBuf)> {
    let root = shared_data("nakdimon-diacritization-tests/tests/new/expected");
    let mut out = Vec::new();
    for genre in std::fs::read_dir(&root).expect("read expected/") {
        let genre = genre.expect("dir entry").path();
        if !genre.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&genre).expect("read genre") {
            let file = file.expect("dir entry").path();
            if file.extension().is_some_and(|e| e == "txt") {
                let name = format!(
                    "{}/{}",
                    genre.file_name().unwrap().to_string_lossy(),
                    file.file_name().unwrap().to_string_lossy()
                );
                out.push((name, file));
            }
        }
    }
    // Python sorts paths component-wise; for these names (genre/<n>.txt) that is string order.
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
