//! The embedded SQLite store: one file in WAL mode.
//!
//! This version keeps no tables of its own yet; it opens (or creates) the database so the
//! health check reports the real state of the file every endpoint will use.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::Connection;

/// A handle to the SQLite database, cheap to clone.
#[derive(Clone)]
pub struct Store {
    conn: Arc<Mutex<Connection>>,
}

/// An error opening or using the store.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl Store {
    /// Opens or creates the SQLite database at `path`, in WAL mode.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref();
        let conn = Connection::open(path)
            .map_err(|e| StoreError(format!("cannot open database {}: {e}", path.display())))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "busy_timeout", 5000)?;
        Ok(Store {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// True when the database answers a query.
    pub fn is_healthy(&self) -> bool {
        let Ok(conn) = self.conn.lock() else {
            return false;
        };
        conn.query_row("SELECT 1", [], |row| row.get::<_, i64>(0))
            .map(|one| one == 1)
            .unwrap_or(false)
    }
}
