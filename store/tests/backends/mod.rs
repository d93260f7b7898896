//! The backends every store suite runs on: a SQLite file, and a fresh PostgreSQL database
//! when `LASHON_TEST_POSTGRES` names a server (skipped, saying so, when it does not; a
//! failure when `LASHON_REQUIRE_POSTGRES=1`, as `scripts/test` sets).

#![allow(dead_code)]

use std::path::PathBuf;

use lashon_core::ports::ServiceStore;
use lashon_store::postgres::testing::{text_rows, TestDatabase};
use lashon_store::{PostgresStore, SqliteStore};

/// One database of a test, with its store and a way to read its tables directly.
pub struct Db {
    pub store: Box<dyn ServiceStore>,
    raw: Raw,
}

enum Raw {
    Sqlite(PathBuf, tempfile::TempDir),
    Postgres(TestDatabase),
}

impl Db {
    pub fn is_postgres(&self) -> bool {
        matches!(self.raw, Raw::Postgres(_))
    }

    /// A second store on the same database: another process, or another node.
    pub fn another_node(&self) -> Box<dyn ServiceStore> {
        match &self.raw {
            Raw::Sqlite(path, _) => Box::new(SqliteStore::open(path).unwrap()),
            Raw::Postgres(db) => Box::new(PostgresStore::open(&db.url).unwrap()),
        }
    }

    /// The URL of the PostgreSQL database, if this is one.
    pub fn postgres_url(&self) -> Option<&str> {
        match &self.raw {
            Raw::Postgres(db) => Some(&db.url),
            Raw::Sqlite(..) => None,
        }
    }

    /// Every row of `sql` (no parameters), each value as text.
    pub fn rows(&self, sql: &str) -> Vec<Vec<Option<String>>> {
        match &self.raw {
            Raw::Postgres(db) => text_rows(&db.url, sql).unwrap(),
            Raw::Sqlite(path, _) => {
                let conn = rusqlite::Connection::open(path).unwrap();
                let mut stmt = conn.prepare(sql).unwrap();
                let n = stmt.column_count();
                let rows = stmt
                    .query_map([], |r| {
                        (0..n)
                            .map(|i| {
                                Ok(match r.get_ref(i)? {
                                    rusqlite::types::ValueRef::Null => None,
                                    rusqlite::types::ValueRef::Integer(v) => Some(v.to_string()),
                                    rusqlite::types::ValueRef::Real(v) => Some(v.to_string()),
                                    rusqlite::types::ValueRef::Text(t) => {
                                        Some(String::from_utf8_lossy(t).into_owned())
                                    }
                                    rusqlite::types::ValueRef::Blob(b) => Some(hex::encode(b)),
                                })
                            })
                            .collect::<rusqlite::Result<Vec<_>>>()
                    })
                    .unwrap();
                rows.collect::<rusqlite::Result<Vec<_>>>().unwrap()
            }
        }
    }

    /// Marks the database as a former lashon left it: schema version `sqlite` on SQLite,
    /// `postgres` on PostgreSQL (the two count their migrations apart). The next store opened
    /// on it ([`Db::another_node`]) runs the migrations after that version.
    pub fn set_schema_version(&self, sqlite: i64, postgres: i64) {
        if self.is_postgres() {
            self.rows(&format!(
                "UPDATE lashon_schema SET version = {postgres} WHERE id = 1"
            ));
        } else {
            self.rows(&format!("PRAGMA user_version = {sqlite}"));
        }
    }

    /// The integer `sql` selects.
    pub fn count(&self, sql: &str) -> i64 {
        self.rows(sql)[0][0]
            .as_deref()
            .unwrap_or("0")
            .parse()
            .unwrap()
    }

    /// The text `sql` selects.
    pub fn text(&self, sql: &str) -> String {
        self.rows(sql)[0][0].clone().unwrap_or_default()
    }
}

/// A backend: opens as many fresh databases as a test wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// A new, empty database of this backend (`None` when PostgreSQL is not configured).
    pub fn open(self) -> Option<Db> {
        match self {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("lashon.db");
                let store = SqliteStore::open(&path).unwrap();
                Some(Db {
                    store: Box::new(store),
                    raw: Raw::Sqlite(path, dir),
                })
            }
            Backend::Postgres => {
                let db = TestDatabase::from_env()?;
                let store = PostgresStore::open(&db.url).unwrap();
                Some(Db {
                    store: Box::new(store),
                    raw: Raw::Postgres(db),
                })
            }
        }
    }
}

/// Runs `test` once per backend (PostgreSQL only when configured).
pub fn each(test: impl Fn(Backend)) {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        if backend == Backend::Postgres && !postgres_configured() {
            let _ = TestDatabase::from_env(); // prints the skip, or fails when required
            continue;
        }
        eprintln!("on {backend:?}");
        test(backend);
    }
}

fn postgres_configured() -> bool {
    std::env::var(lashon_store::postgres::testing::SERVER_VAR).is_ok_and(|v| !v.trim().is_empty())
}
