//! The embedded SQLite store: one file in WAL mode, schema versioned by `PRAGMA user_version`
//! (`migrations`). Accounts, key hashes, usage counters and account terms (`accounts`);
//! newsrooms, articles, stories, threads, states, the change log, people, briefs and the
//! clusterer's checkpoint ([`news`]); webhook endpoints and their delivery queue
//! (`webhooks`).
//!
//! Request and response text of the language service is never written here.

mod accounts;
mod caches;
pub mod connections;
mod leases;
pub(crate) mod migrations;
pub mod news;
mod webhooks;

use std::path::Path;
use std::sync::Arc;

use lashon_core::account::StoreError;
use lashon_core::ports::ServiceStore;

pub use self::connections::StoreOptions;
use self::connections::{backend, Connections, Reader};

/// A handle to the SQLite database, cheap to clone: one writer connection and a pool of
/// readers ([`connections`]), and the caches authentication and account terms read through.
#[derive(Clone)]
pub struct SqliteStore {
    connections: Arc<Connections>,
    caches: Arc<crate::cache::Caches>,
}

/// A random identifier such as `acct_3f9c…` (80 bits from the OS generator).
pub fn random_id(prefix: &str) -> Result<String, StoreError> {
    let mut bytes = [0u8; 10];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::Backend(e.to_string()))?;
    Ok(format!("{prefix}_{}", hex::encode(bytes)))
}

impl SqliteStore {
    /// Opens or creates the SQLite database at `path` in WAL mode and brings its schema up to
    /// date, with the server's settings (writes wait 5 s for the database).
    pub fn open(path: impl AsRef<Path>) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, StoreOptions::default())
    }

    /// [`SqliteStore::open`] with other settings.
    pub fn open_with(
        path: impl AsRef<Path>,
        options: StoreOptions,
    ) -> Result<SqliteStore, StoreError> {
        let path = path.as_ref();
        let cannot = |e: rusqlite::Error| {
            StoreError::Backend(format!("cannot open database {}: {e}", path.display()))
        };
        let mut conn = connections::open(path, options.busy_timeout).map_err(cannot)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(backend)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(backend)?;
        migrations::migrate(&mut conn)?;
        Ok(SqliteStore {
            connections: Arc::new(Connections::new(path, conn, options)?),
            caches: Arc::new(crate::cache::Caches::default()),
        })
    }

    fn writer(&self) -> Result<parking_lot::MutexGuard<'_, rusqlite::Connection>, StoreError> {
        self.connections.writer()
    }

    fn reader(&self) -> Result<Reader, StoreError> {
        self.connections.reader()
    }
}

impl ServiceStore for SqliteStore {
    fn is_healthy(&self) -> bool {
        let Ok(conn) = self.reader() else {
            return false;
        };
        conn.query_row("SELECT 1", [], |row| row.get::<_, i64>(0))
            .map(|one| one == 1)
            .unwrap_or(false)
    }
}
