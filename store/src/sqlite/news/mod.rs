//! The news store over SQLite: the reads of every `/api/v1` endpoint ([`read`]), and the writes
//! of ingest, clustering, the crawler and the demo in transactions ([`NewsStore`] for
//! [`SqliteStore`]), one module per write trait of `lashon_core::news::write`.

mod articles;
pub mod clustering;
mod export;
mod people;
mod read;
mod registry;
pub(crate) mod schema;
mod stories;
mod writer;

pub use writer::NewsWriter;

use lashon_core::news::write::NewsWrite;
use lashon_core::news::{NewsStore, RepoError};
use lashon_news::record::PersonRecord;
use rusqlite::{params, Connection};

use self::schema::sql;
use super::SqliteStore;

impl SqliteStore {
    pub(crate) fn news_conn(&self) -> Result<std::sync::MutexGuard<'_, Connection>, RepoError> {
        self.conn
            .lock()
            .map_err(|_| RepoError::Internal("database lock poisoned".into()))
    }
}

impl NewsStore for SqliteStore {
    fn transaction(
        &self,
        f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let mut conn = self.news_conn()?;
        let tx = conn.transaction().map_err(sql)?;
        f(&NewsWriter::new(&tx))?;
        tx.commit().map_err(sql)
    }

    fn people(&self) -> Result<Vec<PersonRecord>, RepoError> {
        let conn = self.news_conn()?;
        read::records(&conn, "SELECT record FROM people ORDER BY id", vec![])
    }

    fn count_news_request(&self, account: &str, month: &str) -> Result<u64, RepoError> {
        let conn = self.news_conn()?;
        let n: i64 = conn
            .query_row(
                "INSERT INTO news_usage (account_id, month, requests) VALUES (?1, ?2, 1)
                 ON CONFLICT(account_id, month) DO UPDATE SET requests = requests + 1
                 RETURNING requests",
                params![account, month],
                |r| r.get(0),
            )
            .map_err(sql)?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    fn cursor_key(&self) -> Result<Vec<u8>, RepoError> {
        let conn = self.news_conn()?;
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh).map_err(schema::internal)?;
        conn.execute(
            "INSERT OR IGNORE INTO news_secrets (name, value) VALUES ('cursor', ?)",
            [&fresh[..]],
        )
        .map_err(sql)?;
        conn.query_row(
            "SELECT value FROM news_secrets WHERE name = 'cursor'",
            [],
            |r| r.get(0),
        )
        .map_err(sql)
    }
}
