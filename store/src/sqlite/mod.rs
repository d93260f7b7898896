//! The embedded SQLite store: one file in WAL mode, schema versioned by `PRAGMA user_version`
//! ([`migrations`]). Accounts, key hashes, usage counters and account terms ([`accounts`]);
//! newsrooms, articles, stories, threads, states, the change log, people, briefs and the
//! clusterer's checkpoint ([`news`]); webhook endpoints and their delivery queue
//! ([`webhooks`]).
//!
//! Request and response text of the language service is never written here.

mod accounts;
mod migrations;
pub mod news;
mod webhooks;

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use lashon_core::account::StoreError;
use lashon_core::ports::ServiceStore;
use rusqlite::Connection;

/// A handle to the SQLite database, cheap to clone.
#[derive(Clone)]
pub struct SqliteStore {
    conn: Arc<Mutex<Connection>>,
    /// Keys and accounts read by authentication, valid while no other connection has written
    /// (see [`accounts`]'s `AuthCache`).
    auth_cache: Arc<Mutex<accounts::AuthCache>>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

/// A random identifier such as `acct_3f9c…` (80 bits from the OS generator).
pub fn random_id(prefix: &str) -> Result<String, StoreError> {
    let mut bytes = [0u8; 10];
    getrandom::fill(&mut bytes).map_err(backend)?;
    Ok(format!("{prefix}_{}", hex::encode(bytes)))
}

impl SqliteStore {
    /// Opens or creates the SQLite database at `path` in WAL mode and brings its schema up to
    /// date.
    pub fn open(path: impl AsRef<Path>) -> Result<SqliteStore, StoreError> {
        let path = path.as_ref();
        let conn = Connection::open(path).map_err(|e| {
            StoreError::Backend(format!("cannot open database {}: {e}", path.display()))
        })?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(backend)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(backend)?;
        conn.pragma_update(None, "busy_timeout", 5000)
            .map_err(backend)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(backend)?;
        let mut conn = conn;
        migrations::migrate(&mut conn)?;
        Ok(SqliteStore {
            conn: Arc::new(Mutex::new(conn)),
            auth_cache: Arc::new(Mutex::new(accounts::AuthCache::default())),
        })
    }

    fn conn(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.conn
            .lock()
            .map_err(|_| StoreError::Backend("database lock poisoned".into()))
    }
}

impl ServiceStore for SqliteStore {
    fn is_healthy(&self) -> bool {
        let Ok(conn) = self.conn() else {
            return false;
        };
        conn.query_row("SELECT 1", [], |row| row.get::<_, i64>(0))
            .map(|one| one == 1)
            .unwrap_or(false)
    }
}
