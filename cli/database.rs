//! Opening the database named by `--db` / `LASHON_DB`.

use std::path::Path;

use lashon_store::SqliteStore;

/// Opens (creating if missing) the store at `path` and brings its schema up to date.
pub fn open(path: &Path) -> Result<SqliteStore, Box<dyn std::error::Error>> {
    Ok(SqliteStore::open(path)?)
}

/// Unix seconds now.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// `N` random bytes from the OS generator.
pub fn random<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers from the OS: {e}"))?;
    Ok(bytes)
}
