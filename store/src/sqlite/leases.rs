//! Leases (migration 7): which process runs the crawler and the clustering refresh when
//! several share the database (see [`NewsStore::try_lease`](lashon_core::news::NewsStore::try_lease)).

use chrono::{DateTime, Utc};
use lashon_core::news::RepoError;
use rusqlite::{params, OptionalExtension};

use super::news::schema::{at, sql};
use super::SqliteStore;

/// Migration 7.
pub const MIGRATION: &str = "
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until INTEGER NOT NULL
);
";

impl SqliteStore {
    /// One statement takes a free or ended lease, or renews the holder's: the row's write
    /// lock makes it one step for every process.
    pub(crate) fn lease(
        &self,
        name: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let conn = self.writer()?;
        let held: Option<String> = conn
            .prepare_cached(
                "INSERT INTO leases (name, holder, until) VALUES (?1, ?2, ?3)
                 ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
                 WHERE leases.holder = excluded.holder OR leases.until < ?4
                 RETURNING holder",
            )
            .map_err(sql)?
            .query_row(params![name, holder, at(until), at(now)], |r| r.get(0))
            .optional()
            .map_err(sql)?;
        Ok(held.is_some())
    }

    /// Deletes the lease if `holder` holds it.
    pub(crate) fn unlease(&self, name: &str, holder: &str) -> Result<(), RepoError> {
        self.writer()?
            .execute(
                "DELETE FROM leases WHERE name = ?1 AND holder = ?2",
                params![name, holder],
            )
            .map_err(sql)?;
        Ok(())
    }
}
