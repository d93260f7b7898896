//! Leases: which node runs the crawler and the clustering refresh (see
//! [`NewsStore::try_lease`](lashon_core::news::NewsStore::try_lease)). A lease row with an
//! end time rather than a session advisory lock: it needs no connection held for the
//! leader's life, and a node that stops answering loses it when it ends, even if its
//! connection lingers.

use chrono::{DateTime, Utc};
use lashon_core::news::RepoError;

use super::connections::sql;
use super::news::schema::at;
use super::PostgresStore;

/// The leases.
pub const MIGRATION: &str = "
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until BIGINT NOT NULL
);
";

impl PostgresStore {
    /// One statement takes a free or ended lease, or renews the holder's.
    pub(crate) fn lease(
        &self,
        name: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let held = self
            .conn()?
            .query_opt(
                "INSERT INTO leases (name, holder, until) VALUES ($1, $2, $3)
                 ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
                 WHERE leases.holder = excluded.holder OR leases.until < $4
                 RETURNING holder",
                &[&name, &holder, &at(until), &at(now)],
            )
            .map_err(sql)?;
        Ok(held.is_some())
    }

    /// Deletes the lease if `holder` holds it.
    pub(crate) fn unlease(&self, name: &str, holder: &str) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "DELETE FROM leases WHERE name = $1 AND holder = $2",
                &[&name, &holder],
            )
            .map_err(sql)?;
        Ok(())
    }
}
