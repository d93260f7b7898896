//! The connections of one [`PostgresStore`](super::PostgresStore): a pool, and the runtime
//! that drives them.
//!
//! The ports are synchronous traits, called from inside the server's tokio runtime (the HTTP
//! handlers) as well as from plain threads (the command line, clustering on a blocking
//! thread). The blocking `postgres` crate runs each call on a runtime of its own with
//! `block_on`, which panics inside another tokio runtime; so the store uses `tokio-postgres`
//! directly: every connection's I/O task runs on one small runtime owned by the process
//! (`runtime`), and a call waits for its answer on the caller's thread with a plain
//! executor, which needs no runtime of its own. A call blocks its thread exactly as a SQLite
//! call does.
//!
//! The pool is `r2d2`'s (as for SQLite's readers) over a manager here. Statements are
//! prepared once per connection and kept ([`PgConn::statement`]).
//!
//! A write whose answer nobody reads (an `UPDATE` or `INSERT` whose row count is not used)
//! can be deferred ([`PgConn::defer`]): it is sent with the other deferred ones, pipelined
//! in one exchange, before the connection's next call of any kind, so every later statement
//! sees it and the statements run on the server in the order of the calls (preparing a
//! statement, which runs nothing, may go ahead of them). A refresh
//! writes a dozen rows per article; one round trip each made PostgreSQL ingest five times
//! slower than SQLite's. An error of a deferred write is the error of the call that sends
//! it; inside a transaction, as every deferred write is, the transaction then fails as it
//! would have at the write.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::sync::OnceLock;
use std::time::Duration;

use lashon_core::account::StoreError;
use lashon_core::news::RepoError;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Config, NoTls, Row, Statement};

/// How long a request waits for a connection of the pool before it gets 503.
pub const SERVER_WAIT: Duration = Duration::from_secs(5);

/// Most connections one store (one node) opens. Several nodes share the server's
/// `max_connections` (100 by default): ten nodes fit.
const POOL_SIZE: u32 = 8;

/// Most statements kept prepared per connection; past it they are dropped and prepared again.
const STATEMENTS: usize = 256;

/// Most deferred writes held before they are sent (memory stays bounded whatever the
/// transaction's size).
const DEFERRED: usize = 512;

/// One statement parameter.
pub type Param<'a> = &'a (dyn ToSql + Sync);

/// A parameter of a deferred write: owned, since it is sent after the call returns.
pub type Owned = Box<dyn ToSql + Sync + Send>;

/// The parameters of a deferred write, each moved into an [`Owned`] box.
macro_rules! owned {
    ($($p:expr),* $(,)?) => {
        vec![$(Box::new($p) as $crate::postgres::connections::Owned),*]
    };
}
pub(crate) use owned;

/// A write waiting to be sent ([`PgConn::defer`]).
struct Deferred {
    statement: Statement,
    params: Vec<Owned>,
}

/// The runtime that drives every connection's I/O (two threads: the calls themselves run on
/// their callers' threads).
fn runtime() -> Result<&'static tokio::runtime::Runtime, String> {
    static RUNTIME: OnceLock<Result<tokio::runtime::Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("lashon-postgres")
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the PostgreSQL runtime: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Waits for `f` on this thread. The future only exchanges messages with the connection's
/// task on [`runtime`], so no runtime is needed here, and none is disturbed if this thread
/// belongs to one.
fn wait<F: Future>(f: F) -> F::Output {
    futures_executor::block_on(f)
}

/// A PostgreSQL error that is worth trying again: the connection was lost or refused for a
/// while, the server is shutting down or full, or the transaction lost a serialization race
/// or a deadlock.
pub fn is_transient(e: &tokio_postgres::Error) -> bool {
    if e.is_closed() {
        return true;
    }
    match e.code() {
        Some(code) => {
            let class = &code.code()[..2];
            matches!(class, "08" | "53" | "57")
                || [
                    SqlState::T_R_SERIALIZATION_FAILURE,
                    SqlState::T_R_DEADLOCK_DETECTED,
                    SqlState::LOCK_NOT_AVAILABLE,
                ]
                .contains(code)
        }
        // No SQL state: an I/O error on the socket is; a value that could not be converted
        // is not.
        None => std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>()),
    }
}

/// A PostgreSQL error as an account store error: transient → unavailable (503).
pub fn backend(e: tokio_postgres::Error) -> StoreError {
    if is_transient(&e) {
        StoreError::Unavailable(e.to_string())
    } else {
        StoreError::Backend(e.to_string())
    }
}

/// A PostgreSQL error as a news store error: transient → unavailable (503).
pub fn sql(e: tokio_postgres::Error) -> RepoError {
    if is_transient(&e) {
        RepoError::Unavailable(e.to_string())
    } else {
        RepoError::Internal(e.to_string())
    }
}

/// A connection that could not be opened.
#[derive(Debug)]
pub struct ConnectError(String);

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConnectError {}

/// One connection, with its prepared statements.
pub struct PgConn {
    client: Client,
    statements: RefCell<HashMap<String, Statement>>,
    /// Writes not sent yet ([`PgConn::defer`]), in call order.
    deferred: RefCell<Vec<Deferred>>,
    /// Set when a transaction could not be ended: the pool drops the connection.
    broken: Cell<bool>,
}

impl PgConn {
    /// `query` prepared on this connection (once: later calls reuse it).
    pub fn statement(&self, query: &str) -> Result<Statement, tokio_postgres::Error> {
        if let Some(s) = self.statements.borrow().get(query) {
            return Ok(s.clone());
        }
        let s = wait(self.client.prepare(query))?;
        let mut cache = self.statements.borrow_mut();
        if cache.len() >= STATEMENTS {
            cache.clear();
        }
        cache.insert(query.to_owned(), s.clone());
        Ok(s)
    }

    /// Runs a statement; the number of rows it changed.
    pub fn execute(&self, query: &str, params: &[Param<'_>]) -> Result<u64, tokio_postgres::Error> {
        self.flush()?;
        let s = self.statement(query)?;
        wait(self.client.execute(&s, params))
    }

    /// Runs a write later, with the other deferred writes, before this connection's next
    /// call (see the module documentation): for writes whose row count nobody reads. Only
    /// inside a transaction ([`PgConn::begin`]), which sends them at its end or drops them.
    pub fn defer(&self, query: &str, params: Vec<Owned>) -> Result<(), tokio_postgres::Error> {
        // Outside a transaction a deferred write could wait in a pooled connection until the
        // next `begin` dropped it; `broken` is set exactly while a transaction is open.
        debug_assert!(self.broken.get(), "PgConn::defer outside a transaction");
        let statement = self.statement(query)?;
        let full = {
            let mut deferred = self.deferred.borrow_mut();
            deferred.push(Deferred { statement, params });
            deferred.len() >= DEFERRED
        };
        if full {
            self.flush()?;
        }
        Ok(())
    }

    /// Sends the deferred writes, pipelined, and waits for all of them; the first error.
    pub fn flush(&self) -> Result<(), tokio_postgres::Error> {
        let deferred = std::mem::take(&mut *self.deferred.borrow_mut());
        if deferred.is_empty() {
            return Ok(());
        }
        let params: Vec<Vec<Param<'_>>> = deferred
            .iter()
            .map(|d| d.params.iter().map(|p| p.as_ref() as Param<'_>).collect())
            .collect();
        // Polled together, tokio-postgres sends them one after another without waiting for
        // each answer (they are sent in this order on the first poll).
        let sent = deferred
            .iter()
            .zip(&params)
            .map(|(d, p)| self.client.execute(&d.statement, p));
        wait(futures_util::future::try_join_all(sent))?;
        Ok(())
    }

    /// Drops the deferred writes unsent (a transaction rolled back).
    fn discard(&self) {
        self.deferred.borrow_mut().clear();
    }

    /// Every row of a query.
    pub fn query(
        &self,
        query: &str,
        params: &[Param<'_>],
    ) -> Result<Vec<Row>, tokio_postgres::Error> {
        self.flush()?;
        let s = self.statement(query)?;
        wait(self.client.query(&s, params))
    }

    /// The row of a query that returns at most one.
    pub fn query_opt(
        &self,
        query: &str,
        params: &[Param<'_>],
    ) -> Result<Option<Row>, tokio_postgres::Error> {
        self.flush()?;
        let s = self.statement(query)?;
        wait(self.client.query_opt(&s, params))
    }

    /// The row of a query that returns exactly one.
    pub fn query_one(
        &self,
        query: &str,
        params: &[Param<'_>],
    ) -> Result<Row, tokio_postgres::Error> {
        self.flush()?;
        let s = self.statement(query)?;
        wait(self.client.query_one(&s, params))
    }

    /// Statements without parameters, separated by semicolons (migrations, BEGIN, COMMIT).
    pub fn batch(&self, statements: &str) -> Result<(), tokio_postgres::Error> {
        self.flush()?;
        wait(self.client.batch_execute(statements))
    }

    /// The rows of a query without parameters, every value as text (`NULL` as `None`): for
    /// tests and checks that read tables whatever their types.
    pub fn text_rows(
        &self,
        query: &str,
    ) -> Result<Vec<Vec<Option<String>>>, tokio_postgres::Error> {
        self.flush()?;
        let messages = wait(self.client.simple_query(query))?;
        Ok(messages
            .iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(row) => Some(
                    (0..row.len())
                        .map(|i| row.get(i).map(str::to_owned))
                        .collect(),
                ),
                _ => None,
            })
            .collect())
    }

    /// Marks the connection unusable (the pool closes it instead of handing it out again).
    pub fn mark_broken(&self) {
        self.broken.set(true);
    }

    /// `BEGIN`. Until the transaction ends by [`Transaction::end`], the connection counts as
    /// broken: a panic inside it (which skips both `COMMIT` and `ROLLBACK`) then closes the
    /// connection instead of handing the next caller one still inside a transaction.
    pub fn begin(&self) -> Result<Transaction<'_>, tokio_postgres::Error> {
        // Nothing of an earlier transaction goes into this one.
        self.discard();
        self.batch("BEGIN")?;
        self.broken.set(true);
        Ok(Transaction { conn: self })
    }
}

/// An open transaction on a [`PgConn`] (see [`PgConn::begin`]).
pub struct Transaction<'c> {
    conn: &'c PgConn,
}

impl Transaction<'_> {
    /// `COMMIT` (or `ROLLBACK` when `commit` is false). The connection serves again only when
    /// that succeeded; after an error it stays marked broken.
    pub fn end(self, commit: bool) -> Result<(), tokio_postgres::Error> {
        if !commit {
            self.conn.discard();
        }
        // Committing sends the deferred writes first (`batch` flushes).
        self.conn
            .batch(if commit { "COMMIT" } else { "ROLLBACK" })?;
        self.conn.broken.set(false);
        Ok(())
    }
}

/// Opens connections for the pool.
pub struct PgManager {
    config: Config,
}

impl PgManager {
    /// Over a parsed `postgres://` URL.
    pub fn new(config: Config) -> PgManager {
        PgManager { config }
    }
}

impl r2d2::ManageConnection for PgManager {
    type Connection = PgConn;
    type Error = ConnectError;

    fn connect(&self) -> Result<PgConn, ConnectError> {
        let config = self.config.clone();
        let rt = runtime().map_err(ConnectError)?;
        // Connecting needs the runtime's reactor: it runs there, and the connection's task
        // stays there for the connection's life.
        let connected = rt.spawn(async move {
            let (client, connection) = config.connect(NoTls).await?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    tracing::debug!(error = %e, "PostgreSQL connection ended");
                }
            });
            Ok::<_, tokio_postgres::Error>(client)
        });
        let client = wait(connected)
            .map_err(|e| ConnectError(format!("cannot connect to PostgreSQL: {e}")))?
            .map_err(|e| ConnectError(format!("cannot connect to PostgreSQL: {e}")))?;
        Ok(PgConn {
            client,
            statements: RefCell::new(HashMap::new()),
            deferred: RefCell::new(Vec::new()),
            broken: Cell::new(false),
        })
    }

    fn is_valid(&self, conn: &mut PgConn) -> Result<(), ConnectError> {
        conn.batch("")
            .map_err(|e| ConnectError(format!("PostgreSQL connection lost: {e}")))
    }

    fn has_broken(&self, conn: &mut PgConn) -> bool {
        conn.broken.get() || conn.client.is_closed()
    }
}

/// A pooled connection.
pub type Pooled = r2d2::PooledConnection<PgManager>;

/// The pool of one store.
pub fn pool(config: Config, wait: Duration) -> r2d2::Pool<PgManager> {
    r2d2::Pool::builder()
        .max_size(POOL_SIZE)
        .min_idle(Some(0))
        // No check on every checkout (a round trip per request): a connection whose socket
        // closed is dropped when it comes back (`has_broken`), and a call that finds the
        // server gone is a 503 the client retries.
        .test_on_check_out(false)
        .connection_timeout(wait.max(Duration::from_millis(100)))
        .build_unchecked(PgManager::new(config))
}

#[cfg(test)]
mod tests {
    use r2d2::ManageConnection;

    use super::*;
    use crate::postgres::testing::TestDatabase;

    /// A connection to a fresh database with a table `t (id INT PRIMARY KEY, v TEXT)`, or
    /// `None` when no test server is configured.
    fn table() -> Option<(TestDatabase, PgConn)> {
        let db = TestDatabase::from_env()?;
        let conn = PgManager::new(db.url.parse().unwrap()).connect().unwrap();
        conn.batch("CREATE TABLE t (id INT PRIMARY KEY, v TEXT NOT NULL)")
            .unwrap();
        Some((db, conn))
    }

    /// Defers `INSERT INTO t VALUES (id, v)`.
    fn insert(conn: &PgConn, id: i32, v: &str) {
        conn.defer("INSERT INTO t VALUES ($1, $2)", owned![id, v.to_string()])
            .unwrap();
    }

    fn rows(conn: &PgConn) -> Vec<(i32, String)> {
        conn.query("SELECT id, v FROM t ORDER BY id", &[])
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect()
    }

    #[test]
    fn deferred_writes_run_in_call_order_before_the_next_call() {
        let Some((_db, conn)) = table() else { return };
        let tx = conn.begin().unwrap();
        insert(&conn, 1, "a");
        conn.defer(
            "UPDATE t SET v = $2 WHERE id = $1",
            owned![1i32, "b".to_string()],
        )
        .unwrap();
        // A plain execute sees them, and its own answer is exact.
        let changed = conn
            .execute("UPDATE t SET v = v || '!' WHERE id = $1", &[&1i32])
            .unwrap();
        assert_eq!(changed, 1);
        insert(&conn, 2, "c");
        tx.end(true).unwrap();
        assert_eq!(rows(&conn), [(1, "b!".to_string()), (2, "c".to_string())]);
    }

    #[test]
    fn a_failing_deferred_write_fails_the_flush_and_a_rollback_keeps_nothing() {
        let Some((_db, conn)) = table() else { return };
        let tx = conn.begin().unwrap();
        insert(&conn, 1, "a");
        // The same key again: the error comes with the flush.
        insert(&conn, 1, "b");
        insert(&conn, 2, "c");
        let e = conn.flush().unwrap_err();
        assert_eq!(e.code(), Some(&SqlState::UNIQUE_VIOLATION));
        tx.end(false).unwrap();
        assert!(rows(&conn).is_empty());
    }

    #[test]
    fn a_rollback_drops_the_writes_not_sent() {
        let Some((_db, conn)) = table() else { return };
        let tx = conn.begin().unwrap();
        insert(&conn, 1, "a");
        tx.end(false).unwrap();
        // Nothing of the rolled-back transaction is sent with the next one.
        let tx = conn.begin().unwrap();
        insert(&conn, 2, "b");
        tx.end(true).unwrap();
        assert_eq!(rows(&conn), [(2, "b".to_string())]);
    }

    #[test]
    fn many_deferred_writes_are_sent_in_bounded_batches() {
        let Some((_db, conn)) = table() else { return };
        let n = DEFERRED as i32 * 3 + 7;
        let tx = conn.begin().unwrap();
        for i in 0..n {
            insert(&conn, i, &i.to_string());
            assert!(conn.deferred.borrow().len() < DEFERRED);
        }
        tx.end(true).unwrap();
        let got = rows(&conn);
        assert_eq!(got.len(), n as usize);
        assert!(got.iter().all(|(i, v)| *v == i.to_string()));
    }
}
