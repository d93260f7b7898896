//! Opening the database named by `--db` / `LASHON_DB`.

use std::path::Path;
use std::time::Duration;

use lashon_store::sqlite::StoreOptions;
use lashon_store::SqliteStore;

/// How long a command's write waits for the database: a command run next to a serving node
/// (an ingest, a key revocation) waits for the server's writes, however long its refresh.
const COMMAND_BUSY_TIMEOUT: Duration = Duration::from_secs(600);

/// Opens (creating if missing) the store at `path` for a command and brings its schema up to
/// date.
pub fn open(path: &Path) -> Result<SqliteStore, Box<dyn std::error::Error>> {
    Ok(SqliteStore::open_with(
        path,
        StoreOptions {
            busy_timeout: COMMAND_BUSY_TIMEOUT,
        },
    )?)
}

/// Opens the store for `serve`: a write waits briefly, then the client gets 503 and
/// `Retry-After`.
pub fn open_for_serving(path: &Path) -> Result<SqliteStore, Box<dyn std::error::Error>> {
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
