//! Schema migrations, applied in order at open; `lashon_schema.version` records how many
//! ran. All of them run in one transaction under an advisory lock: two nodes starting
//! together apply them once, the second waiting for the first and finding nothing to do.

use lashon_core::account::StoreError;

use super::connections::{backend, PgConn};

/// Each entry moves the schema one version forward (its parts run in order). Never edit a
/// shipped entry: add one.
const MIGRATIONS: &[&[&str]] = &[
    // 1: everything SQLite's migrations 1–7 hold, and the rate windows.
    &[
        super::accounts::MIGRATION,
        super::news::schema::MIGRATION,
        super::webhooks::MIGRATION,
        super::leases::MIGRATION,
        super::rate::MIGRATION,
    ],
    // 2: each article's desk and behaviour marks, computed when it is stored (SQLite's 8).
    &[super::news::articles::MIGRATION],
    // 3: the ids of stories merged away or dissolved, which still answer (SQLite's 9).
    &[super::news::clustering::FORMER_STORIES],
    // 4: the former stories the change log names from before 3, and the ids of threads that
    // are gone (SQLite's 10).
    &[super::news::clustering::FORMER_THREADS],
];

/// The advisory lock key of migrations (any constant; `lashon` in ASCII).
const MIGRATION_LOCK: i64 = 0x6c61_7368_6f6e;

pub(crate) fn migrate(conn: &PgConn) -> Result<(), StoreError> {
    conn.batch("BEGIN").map_err(backend)?;
    match migrate_in_transaction(conn) {
        Ok(()) => conn.batch("COMMIT").map_err(backend),
        Err(e) => {
            if conn.batch("ROLLBACK").is_err() {
                conn.mark_broken();
            }
            Err(e)
        }
    }
}

fn migrate_in_transaction(conn: &PgConn) -> Result<(), StoreError> {
    conn.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(backend)?;
    conn.batch(
        "CREATE TABLE IF NOT EXISTS lashon_schema (
             id INTEGER PRIMARY KEY CHECK (id = 1),
             version BIGINT NOT NULL
         );
         INSERT INTO lashon_schema (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;",
    )
    .map_err(backend)?;
    let version: i64 = conn
        .query_one("SELECT version FROM lashon_schema WHERE id = 1", &[])
        .map_err(backend)?
        .get(0);
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::Backend(format!(
            "the database has schema version {version}, newer than this lashon ({known}); upgrade lashon"
        )));
    }
    for (i, parts) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
        for part in *parts {
            conn.batch(part).map_err(backend)?;
        }
        conn.execute(
            "UPDATE lashon_schema SET version = $1 WHERE id = 1",
            &[&((i + 1) as i64)],
        )
        .map_err(backend)?;
    }
    Ok(())
}
