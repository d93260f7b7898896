//! Shared data location for tests: `$LASHON_SHARED_DATA`, default `../../shared/data`.
#![allow(dead_code)]

use std::path::PathBuf;

pub fn shared(rel: &str) -> PathBuf {
    let base = std::env::var("LASHON_SHARED_DATA")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data").to_string());
    let path = PathBuf::from(base).join(rel);
    assert!(
        path.exists(),
        "shared test data missing: {} (set LASHON_SHARED_DATA to the shared/data folder)",
        path.display()
    );
    path
}

pub fn read(rel: &str) -> String {
    let path = shared(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}
