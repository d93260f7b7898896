//! The PostgreSQL store: the same ports as [`SqliteStore`](crate::SqliteStore), with the same
//! answers, for several `lashon serve` nodes sharing one database. Accounts, key hashes, usage
//! counters, account terms and the per-minute rate windows (`accounts`); the news store
//! ([`news`]); webhook endpoints and their delivery queue (`webhooks`); leases (`leases`).
//! The schema is versioned and brought up to date at open under an advisory lock
//! (`migrations`), so nodes starting together do not race.
//!
//! What makes several nodes exact: every counter (usage, quotas, rate windows, news requests)
//! is one atomic `INSERT … ON CONFLICT DO UPDATE … WHERE` in the database; webhook deliveries
//! are claimed with `FOR UPDATE SKIP LOCKED` and a lease; the crawler and the refresh run
//! under a lease row; news writes take one transaction-scoped advisory lock, so they are
//! serialized as SQLite's single writer serializes them; and the key and account caches are
//! checked against a generation counter on every request, so a revocation is seen by every
//! node at its next request.
//!
//! Request and response text of the language service is never written here.

mod accounts;
pub mod connections;
mod leases;
pub(crate) mod migrations;
pub mod news;
mod rate;
pub mod testing;
mod webhooks;

use std::sync::Arc;
use std::time::Duration;

use lashon_core::account::StoreError;
use lashon_core::ports::ServiceStore;

use self::connections::{pool, PgManager, Pooled};
pub use crate::sqlite::random_id;

/// Settings of a PostgreSQL store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgOptions {
    /// How long a call waits for a free connection of the pool before it fails as
    /// unavailable (503 for a server; a command can wait longer).
    pub wait: Duration,
}

impl Default for PgOptions {
    fn default() -> Self {
        PgOptions {
            wait: connections::SERVER_WAIT,
        }
    }
}

/// A handle to a PostgreSQL database, cheap to clone: a pool of connections and the caches
/// authentication and account terms read through.
#[derive(Clone)]
pub struct PostgresStore {
    pool: r2d2::Pool<PgManager>,
    caches: Arc<crate::cache::Caches>,
    full_windows: Arc<rate::FullWindows>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore").finish_non_exhaustive()
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`) and brings its
    /// schema up to date, with the server's settings.
    pub fn open(url: &str) -> Result<PostgresStore, StoreError> {
        PostgresStore::open_with(url, PgOptions::default())
    }

    /// [`PostgresStore::open`] with other settings.
    pub fn open_with(url: &str, options: PgOptions) -> Result<PostgresStore, StoreError> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Backend(format!("invalid PostgreSQL URL: {e}")))?;
        // Connections are made without TLS (no TLS library is linked): a URL that demands it
        // is refused here, saying so, rather than by a bare "TLS handshake" error later.
        if config.get_ssl_mode() == tokio_postgres::config::SslMode::Require {
            return Err(StoreError::Backend(
                "the PostgreSQL URL asks for TLS (sslmode=require), which lashon does not \
                 support yet: connect over a private network, loopback or a Unix socket \
                 (sslmode=disable or prefer)"
                    .into(),
            ));
        }
        // The first connection is made once, not through the pool (which keeps trying for
        // its whole wait): a wrong URL or a server down fails at once, saying why.
        let first = r2d2::ManageConnection::connect(&PgManager::new(config.clone()))
            .map_err(|e| StoreError::Backend(e.to_string()))?;
        migrations::migrate(&first)?;
        Ok(PostgresStore {
            pool: pool(config, options.wait),
            caches: Arc::new(crate::cache::Caches::default()),
            full_windows: Arc::default(),
        })
    }

    /// A connection of the pool.
    pub(crate) fn conn(&self) -> Result<Pooled, StoreError> {
        self.pool
            .get()
            .map_err(|e| StoreError::Unavailable(format!("no PostgreSQL connection: {e}")))
    }
}

impl ServiceStore for PostgresStore {
    fn is_healthy(&self) -> bool {
        let Ok(conn) = self.conn() else {
            return false;
        };
        conn.query_one("SELECT 1::bigint", &[])
            .map(|row| row.get::<_, i64>(0) == 1)
            .unwrap_or(false)
    }
}
