//! The writer of one transaction: every write trait of `lashon_core::news::write` is
//! implemented for [`NewsWriter`], one module per trait.

use std::collections::HashMap;

use crate::sqlite::connections::Cached;
use lashon_core::news::RepoError;
use lashon_news::types::Newsroom;
use rusqlite::Connection;

use super::schema::{parse, sql};

/// Writes inside one transaction (see [`SqliteStore::transaction`](lashon_core::news::NewsStore::transaction)).
pub struct NewsWriter<'c> {
    pub(super) conn: &'c Connection,
}

impl<'c> NewsWriter<'c> {
    /// A writer over a connection inside a transaction.
    pub(crate) fn new(conn: &'c Connection) -> Self {
        NewsWriter { conn }
    }

    /// The transaction's connection, for the other tables' writers (webhooks).
    pub(crate) fn conn(&self) -> &'c Connection {
        self.conn
    }

    pub(super) fn next_seq(&self) -> Result<i64, RepoError> {
        self.conn
            .query_row_cached(
                "UPDATE news_meta SET value = value + 1 WHERE name = 'seq' RETURNING value",
                [],
                |r| r.get(0),
            )
            .map_err(sql)
    }
}

/// The registry by key.
pub(super) fn registry(conn: &Connection) -> Result<HashMap<String, Newsroom>, RepoError> {
    let mut stmt = conn
        .prepare_cached("SELECT record FROM newsrooms")
        .map_err(sql)?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(sql)?;
    let mut out = HashMap::new();
    for row in rows {
        let room: Newsroom = parse(&row.map_err(sql)?)?;
        out.insert(room.key.clone(), room);
    }
    Ok(out)
}
