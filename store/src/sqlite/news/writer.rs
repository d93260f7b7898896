//! The writer of one transaction: every write trait of `lashon_core::news::write` is
//! implemented for [`NewsWriter`], one module per trait.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::sqlite::connections::Cached;
use lashon_core::news::RepoError;
use lashon_news::types::Newsroom;
use rusqlite::Connection;

use super::schema::{parse, sql};

/// Writes inside one transaction (see [`SqliteStore::transaction`](lashon_core::news::NewsStore::transaction)).
pub struct NewsWriter<'c> {
    pub(super) conn: &'c Connection,
    /// The registry as read in this transaction: every story written reads it for its
    /// coverage (parsing it again was a twentieth of a crawl). Dropped by every write to
    /// `newsrooms`.
    rooms: RefCell<Option<Rc<HashMap<String, Newsroom>>>>,
}

impl<'c> NewsWriter<'c> {
    /// A writer over a connection inside a transaction.
    pub(crate) fn new(conn: &'c Connection) -> Self {
        NewsWriter {
            conn,
            rooms: RefCell::new(None),
        }
    }

    /// The registry by key, read once per transaction (see `rooms`).
    pub(super) fn rooms(&self) -> Result<Rc<HashMap<String, Newsroom>>, RepoError> {
        if let Some(rooms) = self.rooms.borrow().as_ref() {
            return Ok(Rc::clone(rooms));
        }
        let rooms = Rc::new(registry(self.conn)?);
        *self.rooms.borrow_mut() = Some(Rc::clone(&rooms));
        Ok(rooms)
    }

    /// Forgets the registry read (a newsroom was written).
    pub(super) fn rooms_changed(&self) {
        *self.rooms.borrow_mut() = None;
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
