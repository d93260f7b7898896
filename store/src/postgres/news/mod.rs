//! The news store over PostgreSQL: the reads of every `/api/v1` endpoint (`read`), and the
//! writes of ingest, clustering, the crawler and the demo in transactions ([`NewsStore`] for
//! [`PostgresStore`]), one module per write trait of `lashon_core::news::write`, as for
//! SQLite.

pub(crate) mod articles;
pub(crate) mod clustering;
mod export;
mod people;
mod read;
mod registry;
pub(crate) mod schema;
mod stories;
mod writer;

pub use writer::PgWriter;

use std::time::Duration;

use chrono::{DateTime, Utc};
use lashon_core::news::write::NewsWrite;
use lashon_core::news::{NewsStore, RepoError};
use lashon_news::record::PersonRecord;

use super::connections::{sql, PgConn};
use super::PostgresStore;
use tokio_postgres::error::SqlState;

/// Times a write transaction is tried again after a passing failure (a serialization race,
/// a deadlock, a connection lost): a refresh or an ingest should not be lost to it.
const RETRIES: u32 = 3;

/// How a write transaction failed.
enum Failed {
    /// Before `COMMIT` was sent, or at `COMMIT` with an error that says nothing was kept (a
    /// serialization race or a deadlock): trying again applies `f` once.
    NothingKept(RepoError),
    /// At `COMMIT`, not knowing whether the server kept it (the connection was lost): trying
    /// again could apply append-only writes (changes, crawl runs, mentions) twice.
    Unknown(RepoError),
}

/// Runs `f` inside `BEGIN … COMMIT` on `conn`; rolls back when it fails.
fn in_transaction(
    conn: &PgConn,
    f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
) -> Result<(), Failed> {
    let tx = conn.begin().map_err(|e| Failed::NothingKept(sql(e)))?;
    // The deferred writes are sent before COMMIT, so that one of them failing is a failed
    // transaction (nothing kept), not a failed commit.
    if let Err(e) = f(&PgWriter::new(conn)).and_then(|()| conn.flush().map_err(sql)) {
        // A failed ROLLBACK leaves the connection marked broken: it serves no other call.
        let _ = tx.end(false);
        return Err(Failed::NothingKept(e));
    }
    tx.end(true).map_err(|e| {
        let nothing_kept = e.code().is_some_and(|c| {
            *c == SqlState::T_R_SERIALIZATION_FAILURE || *c == SqlState::T_R_DEADLOCK_DETECTED
        });
        if nothing_kept {
            Failed::NothingKept(sql(e))
        } else {
            Failed::Unknown(sql(e))
        }
    })
}

impl NewsStore for PostgresStore {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let mut attempt = 0;
        loop {
            let conn = self.conn()?;
            match in_transaction(&conn, f) {
                Ok(()) => return Ok(()),
                Err(Failed::NothingKept(RepoError::Unavailable(why))) if attempt < RETRIES => {
                    attempt += 1;
                    tracing::warn!(attempt, reason = %why, "write transaction tried again");
                    drop(conn);
                    std::thread::sleep(Duration::from_millis(200 * u64::from(attempt)));
                }
                Err(Failed::NothingKept(e) | Failed::Unknown(e)) => return Err(e),
            }
        }
    }

    fn people(&self) -> Result<Vec<PersonRecord>, RepoError> {
        let conn = self.conn()?;
        read::records(&conn, "SELECT record FROM people ORDER BY id", &[])
    }

    /// One atomic statement on every node: the count returned is exact across nodes.
    fn count_news_request(&self, account: &str, month: &str) -> Result<u64, RepoError> {
        let n: i64 = self
            .conn()?
            .query_one(
                "INSERT INTO news_usage (account_id, month, requests) VALUES ($1, $2, 1)
                 ON CONFLICT (account_id, month) DO UPDATE SET requests = news_usage.requests + 1
                 RETURNING requests",
                &[&account, &month],
            )
            .map_err(sql)?
            .get(0);
        Ok(u64::try_from(n).unwrap_or(0))
    }

    fn try_lease(
        &self,
        name: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        self.lease(name, holder, until, now)
    }

    fn release_lease(&self, name: &str, holder: &str) -> Result<(), RepoError> {
        self.unlease(name, holder)
    }

    fn cursor_key(&self) -> Result<Vec<u8>, RepoError> {
        let conn = self.conn()?;
        let select = "SELECT value FROM news_secrets WHERE name = 'cursor'";
        if let Some(row) = conn.query_opt(select, &[]).map_err(sql)? {
            return Ok(row.get(0));
        }
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh).map_err(schema::internal)?;
        // Two nodes making the key at once: one insert wins, both read the winner's.
        conn.execute(
            "INSERT INTO news_secrets (name, value) VALUES ('cursor', $1) ON CONFLICT (name) DO NOTHING",
            &[&&fresh[..]],
        )
        .map_err(sql)?;
        Ok(conn.query_one(select, &[]).map_err(sql)?.get(0))
    }
}
