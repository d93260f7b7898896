//! The writer of one transaction: every write trait of `lashon_core::news::write` is
//! implemented for [`NewsWriter`], one module per trait.

use std::cell::{Cell, RefCell};
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
    /// The last number of the sequence this transaction took, and whether it is not yet
    /// stored ([`NewsWriter::next_seq`]).
    seq: Cell<Option<(i64, bool)>>,
}

impl<'c> NewsWriter<'c> {
    /// A writer over a connection inside a transaction.
    pub(crate) fn new(conn: &'c Connection) -> Self {
        NewsWriter {
            conn,
            rooms: RefCell::new(None),
            seq: Cell::new(None),
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

    /// The next number of the sequence that orders articles and changes. The first call of
    /// a transaction takes it from the database; later ones count on here (the transaction
    /// holds SQLite's write lock, so nobody else takes one meanwhile) and
    /// [`NewsWriter::finish`] stores the count: one statement per article was a twentieth
    /// of a crawl.
    pub(super) fn next_seq(&self) -> Result<i64, RepoError> {
        let (next, unstored) = match self.seq.get() {
            None => {
                let next = self
                    .conn
                    .query_row_cached(
                        "UPDATE news_meta SET value = value + 1 WHERE name = 'seq' RETURNING value",
                        [],
                        |r| r.get(0),
                    )
                    .map_err(sql)?;
                (next, false)
            }
            Some((last, _)) => (last + 1, true),
        };
        self.seq.set(Some((next, unstored)));
        Ok(next)
    }

    /// Stores what the transaction counted of the sequence; called before it commits.
    pub(crate) fn finish(&self) -> Result<(), RepoError> {
        if let Some((last, true)) = self.seq.get() {
            self.conn
                .execute_cached("UPDATE news_meta SET value = ?1 WHERE name = 'seq'", [last])
                .map_err(sql)?;
            self.seq.set(Some((last, false)));
        }
        Ok(())
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
