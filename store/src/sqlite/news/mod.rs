//! The news store over SQLite: the reads of every `/api/v1` endpoint (`read`), and the writes
//! of ingest, clustering, the crawler and the demo in transactions ([`NewsStore`] for
//! [`SqliteStore`]), one module per write trait of `lashon_core::news::write`.

pub(crate) mod articles;
pub mod clustering;
mod export;
mod people;
mod read;
mod registry;
pub(crate) mod schema;
mod stories;
mod writer;

pub use writer::NewsWriter;

use std::time::Duration;

use crate::sqlite::connections::Cached;
use lashon_core::account::StoreError;
use lashon_core::news::write::NewsWrite;
use lashon_core::news::{NewsStore, RepoError};
use lashon_news::record::PersonRecord;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use self::schema::sql;
use super::connections::Reader;
use super::SqliteStore;

/// Times a write transaction is tried again after the database stayed busy past the busy
/// timeout (another process's long transaction): a refresh or an ingest should not be lost to
/// a passing lock.
const BUSY_RETRIES: u32 = 3;

/// A store error as a news store error.
fn repo(e: StoreError) -> RepoError {
    match e {
        StoreError::Unavailable(m) => RepoError::Unavailable(m),
        other => RepoError::Internal(other.to_string()),
    }
}

impl SqliteStore {
    /// A reader connection for the news reads.
    pub(crate) fn news_reader(&self) -> Result<Reader, RepoError> {
        self.reader().map_err(repo)
    }

    /// One write transaction: the writer, `BEGIN IMMEDIATE` (the write lock taken at the
    /// start, so the transaction never fails later upgrading a read lock), `f`, commit.
    fn transaction_once(
        &self,
        f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let mut conn = self.writer().map_err(repo)?;
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sql)?;
        let writer = NewsWriter::new(&tx);
        f(&writer)?;
        writer.finish()?;
        tx.commit().map_err(sql)
    }

    /// Folds the news requests counted in memory while the database was busy into `conn`'s
    /// counter, then counts this one.
    fn count_request_in(
        &self,
        conn: &Connection,
        account: &str,
        month: &str,
        pending: u64,
    ) -> Result<u64, RepoError> {
        let n: i64 = conn
            .prepare_cached(
                "INSERT INTO news_usage (account_id, month, requests) VALUES (?1, ?2, ?3)
                 ON CONFLICT(account_id, month) DO UPDATE SET requests = requests + excluded.requests
                 RETURNING requests",
            )
            .map_err(sql)?
            .query_row(params![account, month, pending as i64 + 1], |r| r.get(0))
            .map_err(sql)?;
        Ok(u64::try_from(n).unwrap_or(0))
    }
}

impl NewsStore for SqliteStore {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let mut attempt = 0;
        loop {
            match self.transaction_once(f) {
                Err(RepoError::Unavailable(why)) if attempt < BUSY_RETRIES => {
                    attempt += 1;
                    tracing::warn!(attempt, reason = %why, "database busy; write transaction tried again");
                    std::thread::sleep(Duration::from_millis(200 * u64::from(attempt)));
                }
                other => return other,
            }
        }
    }

    fn people(&self) -> Result<Vec<PersonRecord>, RepoError> {
        let conn = self.news_reader()?;
        read::records(&conn, "SELECT record FROM people ORDER BY id", vec![])
    }

    /// Counted in the database when the writer is free at once; a news read must not wait
    /// behind a write (this process's refresh, another process's ingest), so otherwise it is
    /// counted in memory and folded in with the next count that reaches the database. The
    /// count returned is then the stored one plus what is pending.
    fn count_news_request(&self, account: &str, month: &str) -> Result<u64, RepoError> {
        let key = (account.to_string(), month.to_string());
        let pending = self.caches.pending_requests(&key);
        if let Some(conn) = self.connections.try_writer() {
            let saved = conn.busy_timeout(Duration::ZERO);
            let counted = saved
                .map_err(sql)
                .and_then(|()| self.count_request_in(&conn, account, month, pending));
            let _ = conn.busy_timeout(self.connections.busy_timeout());
            match counted {
                Ok(n) => {
                    self.caches.take_pending(&key, pending);
                    return Ok(n);
                }
                Err(RepoError::Unavailable(_)) => {}
                Err(e) => return Err(e),
            }
        }
        let stored: i64 = self
            .news_reader()?
            .prepare_cached("SELECT requests FROM news_usage WHERE account_id = ?1 AND month = ?2")
            .map_err(sql)?
            .query_row(params![account, month], |r| r.get(0))
            .optional()
            .map_err(sql)?
            .unwrap_or(0);
        let pending = self.caches.add_pending(key);
        Ok(u64::try_from(stored).unwrap_or(0) + pending)
    }

    fn try_lease(
        &self,
        name: &str,
        holder: &str,
        until: chrono::DateTime<chrono::Utc>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, RepoError> {
        self.lease(name, holder, until, now)
    }

    fn release_lease(&self, name: &str, holder: &str) -> Result<(), RepoError> {
        self.unlease(name, holder)
    }

    fn cursor_key(&self) -> Result<Vec<u8>, RepoError> {
        let existing: Option<Vec<u8>> = self
            .news_reader()?
            .query_row_cached(
                "SELECT value FROM news_secrets WHERE name = 'cursor'",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        if let Some(key) = existing {
            return Ok(key);
        }
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh).map_err(schema::internal)?;
        let conn = self.writer().map_err(repo)?;
        conn.execute_cached(
            "INSERT OR IGNORE INTO news_secrets (name, value) VALUES ('cursor', ?)",
            [&fresh[..]],
        )
        .map_err(sql)?;
        conn.query_row_cached(
            "SELECT value FROM news_secrets WHERE name = 'cursor'",
            [],
            |r| r.get(0),
        )
        .map_err(sql)
    }
}
