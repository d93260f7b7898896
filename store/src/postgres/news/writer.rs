//! The writer of one transaction: every write trait of `lashon_core::news::write` is
//! implemented for [`PgWriter`], one module per trait.
//!
//! SQLite has one writer at a time, and the ingest and refresh rules above the port were
//! written for that (a refresh reads the pending articles, then writes their stories). Here
//! the news writes of every node take one transaction-scoped advisory lock before their
//! first statement ([`PgWriter::conn`]), so they are serialized the same way. Webhook
//! deliveries do not need it (their claims use row locks, [`super::super::webhooks`]), so a
//! long refresh on one node does not hold up deliveries on the others.

use std::cell::Cell;
use std::collections::HashMap;

use lashon_core::news::RepoError;
use lashon_news::types::Newsroom;

use super::schema::parse;
use crate::postgres::connections::{owned, sql, PgConn};

/// The advisory lock key of news writes (any constant; `news` in ASCII).
const NEWS_WRITES: i64 = 0x6e65_7773;

/// Writes inside one transaction (see [`NewsStore::transaction`](lashon_core::news::NewsStore::transaction)).
pub struct PgWriter<'c> {
    conn: &'c PgConn,
    serialized: Cell<bool>,
    /// The last sequence number this transaction took ([`PgWriter::next_seq`]).
    seq: Cell<Option<i64>>,
}

impl<'c> PgWriter<'c> {
    /// A writer over a connection inside a transaction.
    pub(crate) fn new(conn: &'c PgConn) -> Self {
        PgWriter {
            conn,
            serialized: Cell::new(false),
            seq: Cell::new(None),
        }
    }

    /// The transaction's connection, once it holds the news write lock (taken at the first
    /// call, held until the transaction ends).
    pub(crate) fn conn(&self) -> Result<&'c PgConn, RepoError> {
        if !self.serialized.get() {
            self.conn
                .execute("SELECT pg_advisory_xact_lock($1)", &[&NEWS_WRITES])
                .map_err(sql)?;
            self.serialized.set(true);
        }
        Ok(self.conn)
    }

    /// The transaction's connection without the news write lock: for the webhook queue,
    /// whose statements lock only their rows.
    pub(crate) fn queue_conn(&self) -> &'c PgConn {
        self.conn
    }

    /// The next number of the sequence that orders articles and changes. The first call of
    /// a transaction reads it from the database; later ones count on here (news writes are
    /// serialized by the lock [`PgWriter::conn`] takes, so nobody else takes one meanwhile)
    /// and store the count with a deferred write.
    pub(super) fn next_seq(&self) -> Result<i64, RepoError> {
        let c = self.conn()?;
        let next = match self.seq.get() {
            None => c
                .query_one(
                    "UPDATE news_meta SET value = value + 1 WHERE name = 'seq' RETURNING value",
                    &[],
                )
                .map_err(sql)?
                .get(0),
            Some(last) => {
                let next = last + 1;
                c.defer(
                    "UPDATE news_meta SET value = $1 WHERE name = 'seq'",
                    owned![next],
                )
                .map_err(sql)?;
                next
            }
        };
        self.seq.set(Some(next));
        Ok(next)
    }
}

/// The registry by key.
pub(crate) fn registry(conn: &PgConn) -> Result<HashMap<String, Newsroom>, RepoError> {
    let mut out = HashMap::new();
    for row in conn
        .query("SELECT record FROM newsrooms", &[])
        .map_err(sql)?
    {
        let room: Newsroom = parse(row.get(0))?;
        out.insert(room.key.clone(), room);
    }
    Ok(out)
}
