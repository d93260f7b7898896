//! The connections of one [`SqliteStore`](super::SqliteStore): one writer and a pool of readers.
//!
//! SQLite admits one writer at a time (across every process on the file) but, in WAL mode,
//! any number of readers that never wait for it. So reads (authentication, usage, every news
//! endpoint, the health check) take a pooled read-only connection and never queue behind a
//! write in flight — this process's or another's (`lashon ingest` next to a serving node).
//! Writes share one connection: in-process writers queue on its lock for at most the busy
//! timeout, then SQLite's own busy handler waits as long for another process's lock. A write
//! that still cannot start is [`StoreError::Unavailable`] (503 with `Retry-After`), never a
//! 500.
//!
//! The pool is `r2d2`'s with a small manager here: `r2d2_sqlite` pins an older rusqlite, and
//! two bundled SQLite libraries cannot link into one binary.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lashon_core::account::StoreError;
use parking_lot::{Mutex, MutexGuard};
use rusqlite::{Connection, ErrorCode, OpenFlags};

/// How long a write waits for the database before giving up (503).
pub const SERVER_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Most reader connections open at once.
const READERS: u32 = 8;

/// Settings of a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreOptions {
    /// How long a write waits for the lock (this process's writers, then other processes')
    /// before it fails as unavailable. A server answers clients, so it waits briefly; a
    /// command-line ingest next to a serving node can wait for minutes.
    pub busy_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            busy_timeout: SERVER_BUSY_TIMEOUT,
        }
    }
}

/// True when SQLite failed because another connection held the database.
pub fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// A SQLite error as a store error: busy → unavailable, the rest → backend.
pub fn backend(e: rusqlite::Error) -> StoreError {
    if is_busy(&e) {
        StoreError::Unavailable(e.to_string())
    } else {
        StoreError::Backend(e.to_string())
    }
}

/// Statements kept prepared per connection: a refresh of the news runs a few dozen
/// statements thousands of times (rusqlite keeps 16 by default).
pub const STATEMENT_CACHE: usize = 64;

/// Statements run through the connection's cache of prepared statements: preparing each
/// anew (parsing the SQL, planning it) was a tenth of a crawl's ingest.
pub trait Cached {
    /// [`Connection::execute`] with a cached statement.
    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;

    /// [`Connection::query_row`] with a cached statement.
    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>;
}

impl Cached for Connection {
    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }
}

/// Turns on SQLite's query planner stability guarantee. Without it the planner looks at the
/// values bound to `col = ?` terms, which marks the statement to be compiled again whenever
/// its bindings change, and rusqlite clears a cached statement's bindings each time it goes
/// back to the cache: `story_articles` and `current_state` were compiled anew on every call
/// (811 times in a crawl of 1,000 articles, found with a breakpoint on `sqlite3Reprepare`).
/// The store keeps no `ANALYZE` statistics, so a plan never gained from the bound values.
fn stable_plans(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
        true,
    )?;
    Ok(())
}

/// Opens a connection with the settings every connection of the store has.
pub fn open(path: &Path, busy: Duration) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open(path)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    stable_plans(&conn)?;
    conn.busy_timeout(busy)?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

/// Opens reader connections for the pool.
pub struct ReaderManager {
    path: PathBuf,
    busy: Duration,
}

impl r2d2::ManageConnection for ReaderManager {
    type Connection = Connection;
    type Error = rusqlite::Error;

    fn connect(&self) -> Result<Connection, rusqlite::Error> {
        let conn = Connection::open_with_flags(
            &self.path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        stable_plans(&conn)?;
        conn.busy_timeout(self.busy)?;
        // A reader never writes, whatever a bug asks of it.
        conn.pragma_update(None, "query_only", true)?;
        Ok(conn)
    }

    fn is_valid(&self, conn: &mut Connection) -> Result<(), rusqlite::Error> {
        conn.execute_batch("")
    }

    fn has_broken(&self, _: &mut Connection) -> bool {
        false
    }
}

/// A pooled reader connection.
pub type Reader = r2d2::PooledConnection<ReaderManager>;

/// The writer and the readers.
pub struct Connections {
    writer: Mutex<Connection>,
    readers: r2d2::Pool<ReaderManager>,
    busy: Duration,
}

impl Connections {
    /// Over an open, migrated writer connection of the database at `path`.
    pub fn new(path: &Path, writer: Connection, options: StoreOptions) -> Result<Self, StoreError> {
        let readers = r2d2::Pool::builder()
            .max_size(READERS)
            .min_idle(Some(0))
            .connection_timeout(options.busy_timeout.max(Duration::from_millis(100)))
            .build_unchecked(ReaderManager {
                path: path.to_path_buf(),
                busy: options.busy_timeout,
            });
        Ok(Connections {
            writer: Mutex::new(writer),
            readers,
            busy: options.busy_timeout,
        })
    }

    /// The writer, once this process's other writes are done (at most the busy timeout).
    pub fn writer(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.writer.try_lock_for(self.busy).ok_or_else(|| {
            StoreError::Unavailable("another write of this process held the database".into())
        })
    }

    /// How long a write waits for the database.
    pub fn busy_timeout(&self) -> Duration {
        self.busy
    }

    /// The writer if no other write of this process holds it now.
    pub fn try_writer(&self) -> Option<MutexGuard<'_, Connection>> {
        self.writer.try_lock()
    }

    /// A reader.
    pub fn reader(&self) -> Result<Reader, StoreError> {
        self.readers.get().map_err(|e| {
            StoreError::Unavailable(format!("no database connection to read with: {e}"))
        })
    }
}
