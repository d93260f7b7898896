//! The generation counters of the caches ([`crate::cache`]) in SQLite (migration 6): a table,
//! and triggers that raise a counter on every change of the rows it covers.

use lashon_core::account::StoreError;
use rusqlite::Connection;

use super::connections::backend;

/// Migration 6.
pub const MIGRATION: &str = "
CREATE TABLE cache_generation (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO cache_generation (name, value) VALUES ('auth', 0), ('terms', 0);
CREATE TRIGGER accounts_auth_insert AFTER INSERT ON accounts
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'auth'; END;
CREATE TRIGGER accounts_auth_update AFTER UPDATE ON accounts
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'auth'; END;
CREATE TRIGGER accounts_auth_delete AFTER DELETE ON accounts
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'auth'; END;
CREATE TRIGGER keys_auth_insert AFTER INSERT ON api_keys
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'auth'; END;
CREATE TRIGGER keys_auth_update AFTER UPDATE ON api_keys
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'auth'; END;
CREATE TRIGGER keys_auth_delete AFTER DELETE ON api_keys
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'auth'; END;
CREATE TRIGGER terms_insert AFTER INSERT ON account_terms
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'terms'; END;
CREATE TRIGGER terms_update AFTER UPDATE ON account_terms
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'terms'; END;
CREATE TRIGGER terms_delete AFTER DELETE ON account_terms
  BEGIN UPDATE cache_generation SET value = value + 1 WHERE name = 'terms'; END;
";

/// The current value of a generation counter ([`crate::cache`]).
pub fn generation(conn: &Connection, name: &str) -> Result<i64, StoreError> {
    conn.prepare_cached("SELECT value FROM cache_generation WHERE name = ?1")
        .map_err(backend)?
        .query_row([name], |r| r.get(0))
        .map_err(backend)
}
