//! Copying a SQLite deployment into PostgreSQL (`lashon migrate`): every table SQLite holds,
//! in key order, in batches, each batch one PostgreSQL transaction that also records how far
//! the table got (`lashon_migrate_progress`), so a run that stops anywhere continues where it
//! stopped on the next run and never inserts a row twice (`ON CONFLICT DO NOTHING` guards
//! the tables with a key as well). Then the identity sequences are moved past the copied ids,
//! the search index is built from the copied stories as [`PostgresStore`](crate::PostgresStore)
//! builds it, and the rows of every table are counted on both sides.
//!
//! The SQLite file is opened read-only: a running deployment may be copied, each batch being
//! read from one snapshot. Rows added while a run was interrupted are copied when it
//! continues (tables are read in rowid order, so new rows come after the recorded key); rows
//! changed in place in the part already copied (usage counters, story records, a revoked key)
//! are not, so for an exact copy stop the SQLite servers first. Once a migration completed
//! with equal counts, running it again only counts, and says so if the source changed.

use std::path::Path;

use lashon_core::account::StoreError;
use lashon_news::record::StoryRecord;
use lashon_news::search;
use r2d2::ManageConnection;
use rusqlite::types::Value;
use rusqlite::{Connection, OpenFlags};
use tokio_postgres::types::ToSql;

use crate::postgres::connections::{PgConn, PgManager};

/// One table copied: its name (the same on both sides), the SQLite columns it is read in
/// order of ([`ROWID`], or the primary key of a table without rowids), and a PostgreSQL column
/// filled with the SQLite `rowid` (the creation order the PostgreSQL store lists keys and
/// terms by).
struct Table {
    name: &'static str,
    key: &'static [&'static str],
    rowid_as: Option<&'static str>,
}

const fn table(name: &'static str, key: &'static [&'static str]) -> Table {
    Table {
        name,
        key,
        rowid_as: None,
    }
}

/// The key most tables are read in order of: the order rows were added in (for a table with
/// an integer key, the key), so a run after new rows were added finds them past the key it
/// recorded, whatever their primary key.
const ROWID: &[&str] = &["rowid"];

/// Every table copied, parents before the tables that reference them. (`story_sources` has no
/// rowid: its primary key.)
const TABLES: &[Table] = &[
    table("accounts", ROWID),
    Table {
        name: "api_keys",
        key: &["rowid"],
        rowid_as: Some("n"),
    },
    table("usage", ROWID),
    Table {
        name: "account_terms",
        key: &["rowid"],
        rowid_as: Some("n"),
    },
    table("news_meta", ROWID),
    table("newsrooms", ROWID),
    table("feed_state", ROWID),
    table("articles", ROWID),
    table("stories", ROWID),
    table("former_stories", ROWID),
    table("story_sources", &["source", "latest_at", "story_id"]),
    table("threads", ROWID),
    table("former_threads", ROWID),
    table("signals", ROWID),
    table("changes", ROWID),
    table("crawl_runs", ROWID),
    table("behaviour", ROWID),
    table("people", ROWID),
    table("person_aliases", ROWID),
    table("mentions", ROWID),
    table("briefs", ROWID),
    table("news_secrets", ROWID),
    table("news_usage", ROWID),
    table("cluster_checkpoint", ROWID),
    table("story_features", ROWID),
    table("webhook_endpoints", ROWID),
    table("webhook_deliveries", ROWID),
];

/// SQLite tables not copied, and why.
pub const NOT_COPIED: &[(&str, &str)] = &[
    (
        "story_search",
        "SQLite's FTS5 index: PostgreSQL's is built from the copied stories",
    ),
    (
        "cache_generation",
        "counters of each database's own caches, raised by its own triggers",
    ),
    (
        "leases",
        "held by the processes of the SQLite deployment, which do not run on PostgreSQL",
    ),
];

/// Tables whose rows the PostgreSQL migrations put there themselves, and their key: the
/// copied values replace those (the news sequence number).
const SEEDED: &[(&str, &str)] = &[("news_meta", "name")];

/// Identity columns moved past the copied ids.
const IDENTITIES: &[(&str, &str)] = &[
    ("api_keys", "n"),
    ("account_terms", "n"),
    ("articles", "id"),
    ("crawl_runs", "id"),
    ("briefs", "id"),
    ("webhook_deliveries", "id"),
];

/// Most parameters of one PostgreSQL statement is 65,535; rows are inserted in statements of
/// at most this many values.
const VALUES_PER_STATEMENT: usize = 30_000;

const PROGRESS_TABLE: &str = "CREATE TABLE IF NOT EXISTS lashon_migrate_progress (
    table_name TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    last_key TEXT NOT NULL,
    copied BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

/// The advisory lock a migration holds on its target for its whole run (the session's: it
/// goes with the connection, however the process ends).
const MIGRATE_LOCK: i64 = 0x6c61_7368_6f6e_6d67;

/// The progress row that says a migration of its source completed with equal counts.
const COMPLETE: &str = "*complete*";

/// How a migration runs.
#[derive(Debug, Clone)]
pub struct MigrateOptions {
    /// Rows per batch (one PostgreSQL transaction each).
    pub batch_size: usize,
    /// Copy into a database that already holds data not from a migration of this source.
    pub force: bool,
    /// Tests only: stop (as if interrupted) after this many batches were committed.
    pub stop_after_batches: Option<u64>,
}

impl Default for MigrateOptions {
    fn default() -> Self {
        MigrateOptions {
            batch_size: 5_000,
            force: false,
            stop_after_batches: None,
        }
    }
}

/// The rows of one table on each side after a migration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCount {
    pub table: String,
    pub sqlite: i64,
    pub postgres: i64,
}

/// What a migration did.
#[derive(Debug, Clone)]
pub struct MigrateReport {
    /// Rows inserted by this run.
    pub copied: u64,
    /// Whether the run continued an earlier one.
    pub resumed: bool,
    /// Whether an earlier run had completed the migration (this one only counted).
    pub already_complete: bool,
    /// Rows per table on both sides (equal: the migration is complete).
    pub counts: Vec<TableCount>,
}

/// Why a migration did not complete.
#[derive(Debug)]
pub enum MigrateError {
    /// Nothing was done: the source or the target is not what a migration takes.
    Refused(String),
    /// The test hook stopped the run after its batches.
    Stopped { batches: u64 },
    /// The copy ran but some table's rows differ in number.
    Mismatch(Vec<TableCount>),
    /// The migration had completed, and the source's rows differ in number since.
    Changed(Vec<TableCount>),
    /// A database failed.
    Failed(String),
}

impl std::fmt::Display for MigrateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MigrateError::Refused(why) => f.write_str(why),
            MigrateError::Stopped { batches } => write!(
                f,
                "stopped after {batches} batches (as asked); run again to continue"
            ),
            MigrateError::Mismatch(counts) => write!(
                f,
                "the row counts differ: {}; if the SQLite deployment was still writing, stop it and run the migration again",
                differing(counts)
            ),
            MigrateError::Changed(counts) => write!(
                f,
                "the migration of this source had completed, and the source changed since: {}; to copy it again, stop the SQLite servers and migrate into an empty database",
                differing(counts)
            ),
            MigrateError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MigrateError {}

/// The tables whose counts differ, for a message.
fn differing(counts: &[TableCount]) -> String {
    counts
        .iter()
        .filter(|c| c.sqlite != c.postgres)
        .map(|c| {
            format!(
                "{} ({} in SQLite, {} in PostgreSQL)",
                c.table, c.sqlite, c.postgres
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl From<StoreError> for MigrateError {
    fn from(e: StoreError) -> Self {
        MigrateError::Failed(e.to_string())
    }
}

fn pg_err(e: tokio_postgres::Error) -> MigrateError {
    MigrateError::Failed(format!("PostgreSQL: {e}"))
}

fn lite_err(e: rusqlite::Error) -> MigrateError {
    MigrateError::Failed(format!("SQLite: {e}"))
}

/// Copies the SQLite deployment at `sqlite` into the PostgreSQL database at `postgres`
/// (creating its schema first), continuing an earlier run of the same source; `progress` is
/// told each committed batch (table, rows copied of it so far).
pub fn sqlite_to_postgres(
    sqlite: &Path,
    postgres: &str,
    options: &MigrateOptions,
    progress: &mut dyn FnMut(&str, i64),
) -> Result<MigrateReport, MigrateError> {
    let source_name = std::fs::canonicalize(sqlite)
        .unwrap_or_else(|_| sqlite.to_path_buf())
        .display()
        .to_string();
    let lite = open_source(sqlite)?;
    let config: tokio_postgres::Config = postgres
        .parse()
        .map_err(|e| MigrateError::Refused(format!("invalid PostgreSQL URL: {e}")))?;
    let pg = PgManager::new(config)
        .connect()
        .map_err(|e| MigrateError::Failed(e.to_string()))?;
    crate::postgres::migrations::migrate(&pg)?;
    // One migration at a time into a database: two would copy the same batches.
    let alone: bool = pg
        .query_one("SELECT pg_try_advisory_lock($1)", &[&MIGRATE_LOCK])
        .map_err(pg_err)?
        .get(0);
    if !alone {
        return Err(MigrateError::Refused(
            "another lashon migrate is copying into this database; wait for it to end".into(),
        ));
    }
    pg.batch(PROGRESS_TABLE).map_err(pg_err)?;
    let resumed = check_target(&pg, &source_name, options.force)?;
    let complete = pg
        .query_opt(
            "SELECT 1 FROM lashon_migrate_progress WHERE table_name = $1 AND source = $2",
            &[&COMPLETE, &source_name],
        )
        .map_err(pg_err)?
        .is_some();
    if complete {
        // Rows changed in place since are not found by the keys recorded: only counted.
        let counts = count(&lite, &pg)?;
        if counts.iter().any(|c| c.sqlite != c.postgres) {
            return Err(MigrateError::Changed(counts));
        }
        return Ok(MigrateReport {
            copied: 0,
            resumed,
            already_complete: true,
            counts,
        });
    }

    let mut batches = 0u64;
    let mut copied = 0u64;
    for t in TABLES {
        let columns = shared_columns(&lite, &pg, t)?;
        loop {
            if options.stop_after_batches.is_some_and(|n| batches >= n) {
                return Err(MigrateError::Stopped { batches });
            }
            let (rows, total) = copy_batch(&lite, &pg, t, &columns, &source_name, options)?;
            if rows == 0 {
                break;
            }
            batches += 1;
            copied += rows;
            progress(t.name, total);
        }
    }
    reset_identities(&pg)?;
    rebuild_search(&pg, options.batch_size)?;
    let counts = count(&lite, &pg)?;
    if counts.iter().any(|c| c.sqlite != c.postgres) {
        return Err(MigrateError::Mismatch(counts));
    }
    pg.execute(
        "INSERT INTO lashon_migrate_progress (table_name, source, last_key, copied, updated_at)
         VALUES ($1, $2, '[]', 0, extract(epoch FROM now())::bigint)",
        &[&COMPLETE, &source_name],
    )
    .map_err(pg_err)?;
    Ok(MigrateReport {
        copied,
        resumed,
        already_complete: false,
        counts,
    })
}

/// Opens the source read-only, refusing what is not a SQLite database of this lashon.
fn open_source(path: &Path) -> Result<Connection, MigrateError> {
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header))
        .map_err(|e| MigrateError::Refused(format!("cannot read {}: {e}", path.display())))?;
    if &header != b"SQLite format 3\0" {
        return Err(MigrateError::Refused(format!(
            "{} is not a SQLite database",
            path.display()
        )));
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| MigrateError::Refused(format!("cannot open {}: {e}", path.display())))?;
    conn.busy_timeout(std::time::Duration::from_secs(60))
        .map_err(lite_err)?;
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(lite_err)?;
    let current = crate::sqlite::migrations::VERSION;
    if version == 0 {
        return Err(MigrateError::Refused(format!(
            "{} is not a lashon database",
            path.display()
        )));
    }
    if version != current {
        return Err(MigrateError::Refused(format!(
            "{} has schema version {version}, this lashon {current}: {}",
            path.display(),
            if version < current {
                "bring it up to date first by running any lashon command on it (e.g. `lashon keys list --db PATH`)"
            } else {
                "upgrade lashon"
            }
        )));
    }
    Ok(conn)
}

/// Whether the target continues a migration of this source; refuses (unless `force`) a
/// target another source was migrated into, or one holding data without any migration.
fn check_target(pg: &PgConn, source: &str, force: bool) -> Result<bool, MigrateError> {
    let sources: Vec<String> = pg
        .query("SELECT DISTINCT source FROM lashon_migrate_progress", &[])
        .map_err(pg_err)?
        .iter()
        .map(|r| r.get(0))
        .collect();
    if sources.iter().any(|s| s == source) {
        if let Some(other) = sources.iter().find(|s| *s != source) {
            if !force {
                return Err(MigrateError::Refused(format!(
                    "the target also holds a migration of {other}; use --force to copy into it anyway"
                )));
            }
        }
        return Ok(true);
    }
    if let Some(other) = sources.first() {
        if !force {
            return Err(MigrateError::Refused(format!(
                "the target holds a migration of another source ({other}); use --force to copy into it anyway"
            )));
        }
    }
    let mut holding = Vec::new();
    for t in TABLES
        .iter()
        .filter(|t| !SEEDED.iter().any(|(name, _)| *name == t.name))
    {
        let any: bool = pg
            .query_one(&format!("SELECT EXISTS (SELECT 1 FROM {})", t.name), &[])
            .map_err(pg_err)?
            .get(0);
        if any {
            holding.push(t.name);
        }
    }
    if !holding.is_empty() && !force {
        return Err(MigrateError::Refused(format!(
            "the target database already holds data ({}) not copied by a migration of this source; use --force to copy into it anyway",
            holding.join(", ")
        )));
    }
    Ok(false)
}

/// A column copied: its name and its PostgreSQL type.
struct Column {
    sqlite: String,
    postgres: String,
    ty: String,
}

/// The columns of `t` both sides have (SQLite's order), and the rowid column.
fn shared_columns(lite: &Connection, pg: &PgConn, t: &Table) -> Result<Vec<Column>, MigrateError> {
    let pg_columns: Vec<(String, String)> = pg
        .query(
            "SELECT column_name::text, data_type::text FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1",
            &[&t.name],
        )
        .map_err(pg_err)?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let ty_of = |name: &str| {
        pg_columns
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, ty)| ty.clone())
    };
    let mut stmt = lite
        .prepare(&format!("SELECT name FROM pragma_table_info('{}')", t.name))
        .map_err(lite_err)?;
    let names: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .map_err(lite_err)?
        .collect::<Result<_, _>>()
        .map_err(lite_err)?;
    let mut columns = Vec::new();
    for name in names {
        let Some(ty) = ty_of(&name) else {
            return Err(MigrateError::Failed(format!(
                "column {}.{name} of SQLite has no place in PostgreSQL",
                t.name
            )));
        };
        columns.push(Column {
            postgres: name.clone(),
            sqlite: name,
            ty,
        });
    }
    if let Some(target) = t.rowid_as {
        let ty = ty_of(target).unwrap_or_else(|| "bigint".into());
        columns.push(Column {
            sqlite: "rowid".into(),
            postgres: target.into(),
            ty,
        });
    }
    Ok(columns)
}

/// The recorded last key of `t` and its rows copied so far.
fn recorded(pg: &PgConn, t: &Table) -> Result<(Option<Vec<Value>>, i64), MigrateError> {
    let row = pg
        .query_opt(
            "SELECT last_key, copied FROM lashon_migrate_progress WHERE table_name = $1",
            &[&t.name],
        )
        .map_err(pg_err)?;
    let Some(row) = row else {
        return Ok((None, 0));
    };
    let text: String = row.get(0);
    let json: Vec<serde_json::Value> = serde_json::from_str(&text)
        .map_err(|e| MigrateError::Failed(format!("unreadable progress of {}: {e}", t.name)))?;
    let key = json
        .into_iter()
        .map(|v| match v {
            serde_json::Value::Number(n) if n.is_i64() => Value::Integer(n.as_i64().unwrap_or(0)),
            serde_json::Value::Number(n) => Value::Real(n.as_f64().unwrap_or(0.0)),
            serde_json::Value::String(s) => Value::Text(s),
            _ => Value::Null,
        })
        .collect();
    Ok((Some(key), row.get(1)))
}

fn key_json(key: &[Value]) -> String {
    let values: Vec<serde_json::Value> = key
        .iter()
        .map(|v| match v {
            Value::Integer(i) => serde_json::Value::from(*i),
            Value::Real(f) => serde_json::Value::from(*f),
            Value::Text(s) => serde_json::Value::from(s.as_str()),
            _ => serde_json::Value::Null,
        })
        .collect();
    serde_json::Value::from(values).to_string()
}

/// Copies the next batch of `t` in one PostgreSQL transaction: the rows inserted, and the
/// table's rows copied so far.
fn copy_batch(
    lite: &Connection,
    pg: &PgConn,
    t: &Table,
    columns: &[Column],
    source: &str,
    options: &MigrateOptions,
) -> Result<(u64, i64), MigrateError> {
    let (after, so_far) = recorded(pg, t)?;
    let key_list = t.key.join(", ");
    let selected: Vec<String> = columns
        .iter()
        .map(|c| c.sqlite.clone())
        .chain(t.key.iter().map(|k| (*k).to_owned()))
        .collect();
    let placeholders = vec!["?"; t.key.len()].join(", ");
    let sql = format!(
        "SELECT {} FROM {} {} ORDER BY {key_list} LIMIT {}",
        selected.join(", "),
        t.name,
        if after.is_some() {
            format!("WHERE ({key_list}) > ({placeholders})")
        } else {
            String::new()
        },
        options.batch_size.max(1)
    );
    // One statement: one snapshot of the source, whatever it is writing meanwhile.
    let mut stmt = lite.prepare(&sql).map_err(lite_err)?;
    let params: Vec<Value> = after.unwrap_or_default();
    let rows: Vec<Vec<Value>> = stmt
        .query_map(rusqlite::params_from_iter(params.iter()), |r| {
            (0..selected.len()).map(|i| r.get::<_, Value>(i)).collect()
        })
        .map_err(lite_err)?
        .collect::<Result<_, _>>()
        .map_err(lite_err)?;
    let Some(last) = rows.last() else {
        return Ok((0, so_far));
    };
    let last_key = key_json(&last[columns.len()..]);
    let n = rows.len() as i64;

    pg.batch("BEGIN").map_err(pg_err)?;
    let result = (|| {
        insert_rows(pg, t, columns, &rows)?;
        pg.execute(
            "INSERT INTO lashon_migrate_progress (table_name, source, last_key, copied, updated_at)
             VALUES ($1, $2, $3, $4, extract(epoch FROM now())::bigint)
             ON CONFLICT (table_name) DO UPDATE SET last_key = excluded.last_key,
                 copied = lashon_migrate_progress.copied + excluded.copied,
                 source = excluded.source, updated_at = excluded.updated_at",
            &[&t.name, &source, &last_key, &n],
        )
        .map_err(pg_err)?;
        pg.batch("COMMIT").map_err(pg_err)
    })();
    if let Err(e) = result {
        let _ = pg.batch("ROLLBACK");
        return Err(e);
    }
    Ok((rows.len() as u64, so_far + n))
}

/// Inserts `rows` (their first `columns.len()` values) into `t`, in statements of many rows.
fn insert_rows(
    pg: &PgConn,
    t: &Table,
    columns: &[Column],
    rows: &[Vec<Value>],
) -> Result<(), MigrateError> {
    let names: Vec<&str> = columns.iter().map(|c| c.postgres.as_str()).collect();
    let conflict = if let Some((_, key)) = SEEDED.iter().find(|(name, _)| *name == t.name) {
        let set: Vec<String> = names
            .iter()
            .filter(|n| *n != key)
            .map(|n| format!("{n} = excluded.{n}"))
            .collect();
        format!("ON CONFLICT ({key}) DO UPDATE SET {}", set.join(", "))
    } else {
        "ON CONFLICT DO NOTHING".to_owned()
    };
    let per_statement = (VALUES_PER_STATEMENT / columns.len().max(1)).max(1);
    for chunk in rows.chunks(per_statement) {
        let mut values: Vec<Box<dyn ToSql + Sync>> =
            Vec::with_capacity(chunk.len() * columns.len());
        let mut tuples = Vec::with_capacity(chunk.len());
        for row in chunk {
            let mut tuple = Vec::with_capacity(columns.len());
            for (c, v) in columns.iter().zip(row) {
                values.push(convert(t, c, v)?);
                tuple.push(format!("${}", values.len()));
            }
            tuples.push(format!("({})", tuple.join(", ")));
        }
        let sql = format!(
            "INSERT INTO {} ({}) VALUES {} {conflict}",
            t.name,
            names.join(", "),
            tuples.join(", ")
        );
        let params: Vec<&(dyn ToSql + Sync)> = values.iter().map(|b| b.as_ref()).collect();
        pg.execute(&sql, &params).map_err(pg_err)?;
    }
    Ok(())
}

/// A SQLite value as the PostgreSQL column's type.
fn convert(t: &Table, c: &Column, v: &Value) -> Result<Box<dyn ToSql + Sync>, MigrateError> {
    let wrong = || {
        MigrateError::Failed(format!(
            "{}.{}: a {} value does not fit PostgreSQL's {}",
            t.name,
            c.sqlite,
            match v {
                Value::Null => "null",
                Value::Integer(_) => "integer",
                Value::Real(_) => "real",
                Value::Text(_) => "text",
                Value::Blob(_) => "blob",
            },
            c.ty
        ))
    };
    Ok(match (c.ty.as_str(), v) {
        ("bigint", Value::Integer(i)) => Box::new(*i),
        ("bigint", Value::Null) => Box::new(None::<i64>),
        ("integer", Value::Integer(i)) => Box::new(i32::try_from(*i).map_err(|_| wrong())?),
        ("integer", Value::Null) => Box::new(None::<i32>),
        ("boolean", Value::Integer(i)) => Box::new(*i != 0),
        ("boolean", Value::Null) => Box::new(None::<bool>),
        ("double precision", Value::Real(f)) => Box::new(*f),
        ("double precision", Value::Integer(i)) => Box::new(*i as f64),
        ("double precision", Value::Null) => Box::new(None::<f64>),
        ("text", Value::Text(s)) => Box::new(s.clone()),
        ("text", Value::Integer(i)) => Box::new(i.to_string()),
        ("text", Value::Real(f)) => Box::new(f.to_string()),
        ("text", Value::Null) => Box::new(None::<String>),
        ("bytea", Value::Blob(b)) => Box::new(b.clone()),
        ("bytea", Value::Text(s)) => Box::new(s.clone().into_bytes()),
        ("bytea", Value::Null) => Box::new(None::<Vec<u8>>),
        _ => return Err(wrong()),
    })
}

/// Moves every identity sequence past the largest id copied.
fn reset_identities(pg: &PgConn) -> Result<(), MigrateError> {
    for (table, column) in IDENTITIES {
        pg.batch(&format!(
            "SELECT setval(pg_get_serial_sequence('{table}', '{column}'),
                           COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
        ))
        .map_err(pg_err)?;
    }
    Ok(())
}

/// Builds the search index of every story as the PostgreSQL store writes it.
fn rebuild_search(pg: &PgConn, batch: usize) -> Result<(), MigrateError> {
    let mut after = i64::MIN;
    loop {
        let rows = pg
            .query(
                "SELECT id, record FROM stories WHERE id > $1 ORDER BY id LIMIT $2",
                &[&after, &(batch.max(1) as i64)],
            )
            .map_err(pg_err)?;
        let Some(last) = rows.last() else {
            return Ok(());
        };
        after = last.get(0);
        pg.batch("BEGIN").map_err(pg_err)?;
        let result = (|| {
            for row in &rows {
                let id: i64 = row.get(0);
                let text: String = row.get(1);
                let record: StoryRecord = serde_json::from_str(&text).map_err(|e| {
                    MigrateError::Failed(format!("story {id}: unreadable record: {e}"))
                })?;
                let forms = search::index_forms(&record.search_text());
                pg.execute(
                    "INSERT INTO story_search (story_id, forms) VALUES ($1, array_to_tsvector($2::text[]))
                     ON CONFLICT (story_id) DO UPDATE SET forms = excluded.forms",
                    &[&id, &forms],
                )
                .map_err(pg_err)?;
            }
            pg.batch("COMMIT").map_err(pg_err)
        })();
        if let Err(e) = result {
            let _ = pg.batch("ROLLBACK");
            return Err(e);
        }
    }
}

/// Rows of every copied table (and of the search index) on both sides; SQLite's counted in
/// one snapshot.
fn count(lite: &Connection, pg: &PgConn) -> Result<Vec<TableCount>, MigrateError> {
    lite.execute_batch("BEGIN").map_err(lite_err)?;
    let mut counts = Vec::new();
    let names = TABLES
        .iter()
        .map(|t| t.name)
        .chain(std::iter::once("story_search"));
    let result = (|| {
        for name in names {
            let sqlite: i64 = lite
                .query_row(&format!("SELECT COUNT(*) FROM {name}"), [], |r| r.get(0))
                .map_err(lite_err)?;
            let postgres: i64 = pg
                .query_one(&format!("SELECT COUNT(*) FROM {name}"), &[])
                .map_err(pg_err)?
                .get(0);
            counts.push(TableCount {
                table: name.to_owned(),
                sqlite,
                postgres,
            });
        }
        Ok(())
    })();
    let _ = lite.execute_batch("COMMIT");
    result.map(|()| counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table of a SQLite deployment is copied or said not to be.
    #[test]
    fn every_sqlite_table_is_copied_or_named_as_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lashon.db");
        drop(crate::SqliteStore::open(&path).unwrap());
        let conn = open_source(&path).unwrap();
        let mut stmt = conn
            .prepare(
                "SELECT name FROM sqlite_master WHERE type = 'table'
                 AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'story_search_%'",
            )
            .unwrap();
        let tables: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for name in &tables {
            assert!(
                TABLES.iter().any(|t| t.name == name.as_str())
                    || NOT_COPIED.iter().any(|(n, _)| n == name),
                "table {name} is neither copied nor listed as not copied"
            );
        }
        assert!(TABLES.iter().all(|t| tables.iter().any(|n| n == t.name)));
    }

    #[test]
    fn what_is_not_sqlite_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, "hello, this is not a database at all").unwrap();
        assert!(matches!(open_source(&path), Err(MigrateError::Refused(_))));
        assert!(matches!(
            open_source(&dir.path().join("missing.db")),
            Err(MigrateError::Refused(_))
        ));
        assert!(!dir.path().join("missing.db").exists());
    }

    #[test]
    fn keys_survive_the_progress_table() {
        let key = vec![Value::Text("ynet".into()), Value::Integer(17)];
        let text = key_json(&key);
        let json: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        assert_eq!(json.len(), 2);
        assert_eq!(text, r#"["ynet",17]"#);
    }
}
