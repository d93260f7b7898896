//! Schema migrations, applied in order; `PRAGMA user_version` records how many ran.

use lashon_core::account::StoreError;
use rusqlite::Connection;

/// Each entry moves the schema one version forward. Never edit a shipped entry: add one.
const MIGRATIONS: &[&str] = &[
    // 1: accounts, keys, usage, account terms.
    "CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL,
        clinical INTEGER NOT NULL,
        char_quota INTEGER,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL,
        scopes TEXT NOT NULL,
        hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
    );
    CREATE INDEX api_keys_account ON api_keys(account_id);
    CREATE TABLE usage (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        month TEXT NOT NULL,
        live_chars INTEGER NOT NULL DEFAULT 0,
        sandbox_chars INTEGER NOT NULL DEFAULT 0,
        requests INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, month)
    );
    CREATE TABLE account_terms (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        term TEXT NOT NULL,
        he TEXT,
        en TEXT,
        ru TEXT,
        note TEXT,
        created_at INTEGER NOT NULL,
        UNIQUE (account_id, term)
    );",
    // 2: the news store (src/store/news/schema.rs).
    super::news::schema::MIGRATION,
    // 3: the crawler's conditional-GET validators per feed URL.
    "CREATE TABLE feed_state (
        url TEXT PRIMARY KEY,
        etag TEXT,
        last_modified TEXT,
        checked_at INTEGER NOT NULL
    );",
    // 4: webhook endpoints and their delivery queue (src/store/webhooks.rs).
    super::webhooks::MIGRATION,
    // 5: what incremental clustering keeps between runs (src/store/news/clustering.rs).
    super::news::clustering::MIGRATION,
    // 6: generation counters of the authentication and account-term caches (caches.rs).
    super::caches::MIGRATION,
    // 7: leases of the work one process does at a time (leases.rs).
    super::leases::MIGRATION,
    // 8: each article's desk and behaviour marks, computed when it is stored (news/articles.rs).
    super::news::articles::MIGRATION,
    // 9: the ids of stories merged away or dissolved, which still answer (news/clustering.rs).
    super::news::clustering::FORMER_STORIES,
    // 10: the former stories the change log names from before 9, and the ids of threads that
    // are gone (news/clustering.rs).
    super::news::clustering::FORMER_THREADS,
];

/// The schema version of a database every migration ran on.
pub(crate) const VERSION: i64 = MIGRATIONS.len() as i64;

pub(crate) fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let backend = |e: rusqlite::Error| StoreError::Backend(e.to_string());
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(backend)?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::Backend(format!(
            "the database has schema version {version}, newer than this lashon ({known}); upgrade lashon"
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = conn.transaction().map_err(backend)?;
        tx.execute_batch(sql).map_err(backend)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)
            .map_err(backend)?;
        tx.commit().map_err(backend)?;
    }
    Ok(())
}
