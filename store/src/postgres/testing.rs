//! Fresh PostgreSQL databases for test suites (this crate's, the black-box suites of the
//! `lashon` binary): each test creates its own database on the server
//! `LASHON_TEST_POSTGRES` names (a URL such as `postgres://postgres@127.0.0.1:5433/postgres`,
//! what `scripts/postgres start` prints), so tests run in parallel, and drops it at the end.

use r2d2::ManageConnection;

use super::connections::{PgConn, PgManager};

/// The environment variable naming the test server.
pub const SERVER_VAR: &str = "LASHON_TEST_POSTGRES";

/// Set to `1` (as `scripts/test` does) to make a missing server a failure, not a skip.
pub const REQUIRE_VAR: &str = "LASHON_REQUIRE_POSTGRES";

/// A database that exists for one test.
#[derive(Debug)]
pub struct TestDatabase {
    admin: String,
    name: String,
    /// The database's URL, for `PostgresStore::open` or `lashon --db`.
    pub url: String,
}

/// `url` with its database name replaced by `name`.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let root = match base[authority_start..].find('/') {
        Some(slash) => &base[..authority_start + slash],
        None => base,
    };
    format!("{root}/{name}{query}")
}

fn connect(url: &str) -> Result<PgConn, String> {
    let config: tokio_postgres::Config = url
        .parse()
        .map_err(|e| format!("not a PostgreSQL URL: {e}"))?;
    PgManager::new(config).connect().map_err(|e| e.to_string())
}

fn run(url: &str, statement: &str) -> Result<(), String> {
    connect(url)?.batch(statement).map_err(|e| e.to_string())
}

/// The rows of `query` on the database at `url`, every value as text: what a test reads to
/// check tables directly.
pub fn text_rows(url: &str, query: &str) -> Result<Vec<Vec<Option<String>>>, String> {
    connect(url)?.text_rows(query).map_err(|e| e.to_string())
}

impl TestDatabase {
    /// A fresh database on the test server, or `None` (with a note on stderr that the
    /// PostgreSQL part of the test was skipped) when `LASHON_TEST_POSTGRES` is unset.
    ///
    /// # Panics
    /// When the server cannot be reached, or when it is unset and `LASHON_REQUIRE_POSTGRES`
    /// is `1`: a test suite wants the failure, not a quiet skip.
    pub fn from_env() -> Option<TestDatabase> {
        match std::env::var(SERVER_VAR) {
            Ok(admin) if !admin.trim().is_empty() => match TestDatabase::create(&admin) {
                Ok(db) => Some(db),
                Err(e) => panic!("cannot create a test database on {admin}: {e}"),
            },
            _ if std::env::var(REQUIRE_VAR).as_deref() == Ok("1") => {
                panic!("{SERVER_VAR} is not set; start a server with scripts/postgres start")
            }
            _ => {
                eprintln!(
                    "skipped on PostgreSQL: {SERVER_VAR} is not set (scripts/postgres start)"
                );
                None
            }
        }
    }

    /// Creates a database with a random name on the server at `admin`.
    pub fn create(admin: &str) -> Result<TestDatabase, String> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
        let name = format!("lashon_test_{}", hex::encode(bytes));
        run(admin, &format!("CREATE DATABASE {name}"))?;
        Ok(TestDatabase {
            admin: admin.to_owned(),
            url: with_database(admin, &name),
            name,
        })
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        // FORCE ends the connections the test's store still holds.
        if let Err(e) = run(
            &self.admin,
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        ) {
            eprintln!("could not drop test database {}: {e}", self.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_database_name_is_replaced() {
        assert_eq!(
            with_database("postgres://u@h:5433/postgres", "t1"),
            "postgres://u@h:5433/t1"
        );
        assert_eq!(
            with_database("postgres://u@h:5433", "t1"),
            "postgres://u@h:5433/t1"
        );
        assert_eq!(
            with_database("postgresql://u@h/db?host=/tmp/x", "t1"),
            "postgresql://u@h/t1?host=/tmp/x"
        );
    }
}
