//! Opening the database named by `--db` / `LASHON_DB`: a SQLite file (a plain path or
//! `sqlite:PATH`) or a PostgreSQL database (`postgres://user@host:port/db`). Every command
//! gets the store as an `Arc<dyn ServiceStore>`, whichever the backend.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use lashon_core::account::{RateLimiter, RateWindows};
use lashon_core::ports::ServiceStore;
use lashon_store::postgres::PgOptions;
use lashon_store::sqlite::StoreOptions;
use lashon_store::{PostgresStore, SqliteStore};

/// How long a command's write waits for the database: a command run next to a serving node
/// (an ingest, a key revocation) waits for the server's writes, however long its refresh.
const COMMAND_BUSY_TIMEOUT: Duration = Duration::from_secs(600);

/// The database `--db` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://` or `postgresql://`).
    Postgres(String),
}

impl fmt::Display for Database {
    /// The database for logs: a PostgreSQL URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => {
                let Some((scheme, rest)) = url.split_once("://") else {
                    return f.write_str("postgres://…");
                };
                // The query may carry `password=` (and `user=`): none of it is shown.
                let (rest, query) = match rest.split_once(['?', '#']) {
                    Some((rest, _)) => (rest, " (options not shown)"),
                    None => (rest, ""),
                };
                let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
                match authority.rsplit_once('@') {
                    Some((user, host)) => {
                        let user = user.split(':').next().unwrap_or("");
                        write!(f, "{scheme}://{user}@{host}{path}{query}")
                    }
                    None => write!(f, "{scheme}://{authority}{path}{query}"),
                }
            }
        }
    }
}

/// Parses `--db`: `sqlite:PATH`, a plain path, or a `postgres://` URL. Another scheme is
/// refused with a message that says what is accepted: taken as a path, `mysql://host/db`
/// would quietly create a SQLite file under a directory named `mysql:`.
pub fn parse_database(value: &str) -> Result<Database, String> {
    const ACCEPTED: &str =
        "use a SQLite file (a plain path or sqlite:PATH) or postgres://user@host:port/db";
    if let Some(path) = value
        .strip_prefix("sqlite://")
        .or_else(|| value.strip_prefix("sqlite:"))
    {
        if path.is_empty() {
            return Err(format!("no file named; {ACCEPTED}"));
        }
        return Ok(Database::Sqlite(PathBuf::from(path)));
    }
    match value.split_once("://") {
        Some(("postgres" | "postgresql", rest)) if !rest.is_empty() => {
            Ok(Database::Postgres(value.to_owned()))
        }
        Some((scheme, _)) => Err(format!("unknown database scheme `{scheme}`; {ACCEPTED}")),
        None if value.is_empty() => Err(format!("no database named; {ACCEPTED}")),
        None => Ok(Database::Sqlite(PathBuf::from(value))),
    }
}

/// An open store and where its rate windows are counted.
pub struct Opened {
    pub store: Arc<dyn ServiceStore>,
    /// In the process for SQLite (one server on one machine); in the database for
    /// PostgreSQL, so the limit holds across every node.
    pub windows: Arc<dyn RateWindows>,
}

/// Opens (creating if missing) the store for a command and brings its schema up to date.
pub fn open(db: &Database) -> Result<Arc<dyn ServiceStore>, Box<dyn std::error::Error>> {
    Ok(match db {
        Database::Sqlite(path) => Arc::new(SqliteStore::open_with(
            path,
            StoreOptions {
                busy_timeout: COMMAND_BUSY_TIMEOUT,
            },
        )?),
        Database::Postgres(url) => Arc::new(PostgresStore::open_with(
            url,
            PgOptions {
                wait: COMMAND_BUSY_TIMEOUT,
            },
        )?),
    })
}

/// Opens the store for `serve`: a write waits briefly, then the client gets 503 and
/// `Retry-After`.
pub fn open_for_serving(db: &Database) -> Result<Opened, Box<dyn std::error::Error>> {
    Ok(match db {
        Database::Sqlite(path) => Opened {
            store: Arc::new(SqliteStore::open(path)?),
            windows: Arc::new(RateLimiter::default()),
        },
        Database::Postgres(url) => {
            let store = Arc::new(PostgresStore::open(url)?);
            Opened {
                store: store.clone(),
                windows: store,
            }
        }
    })
}

/// Unix seconds now.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// `N` random bytes from the OS generator.
pub fn random<const N: usize>() -> Result<[u8; N], String> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers from the OS: {e}"))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn db_argument_names_a_sqlite_file_or_a_postgres_database() {
        let sqlite = |p: &str| Ok(Database::Sqlite(PathBuf::from(p)));
        assert_eq!(parse_database("lashon.db"), sqlite("lashon.db"));
        assert_eq!(parse_database("sqlite:/var/x.db"), sqlite("/var/x.db"));
        assert_eq!(parse_database("sqlite:///var/x.db"), sqlite("/var/x.db"));
        assert_eq!(parse_database("sqlite:rel.db"), sqlite("rel.db"));
        for url in ["postgres://u@h:5432/db", "postgresql://h/db"] {
            assert_eq!(parse_database(url), Ok(Database::Postgres(url.into())));
        }
        for bad in ["mysql://h/db", "", "sqlite:", "postgres://"] {
            assert!(parse_database(bad).is_err(), "{bad}");
        }
        assert!(parse_database("mysql://h/db")
            .unwrap_err()
            .contains("postgres://"));
        assert_eq!(
            Database::Postgres("postgres://u:secret@h:5432/db".into()).to_string(),
            "postgres://u@h:5432/db"
        );
        assert_eq!(
            Database::Postgres("postgres://u:p@ss@h/db?password=x&user=v".into()).to_string(),
            "postgres://u@h/db (options not shown)"
        );
        assert_eq!(
            Database::Postgres("postgresql://h/db?user=u&password=secret".into()).to_string(),
            "postgresql://h/db (options not shown)"
        );
    }
}
