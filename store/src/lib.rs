//! Storage for lashon: the ports of `lashon-core` implemented over a database.
//!
//! Two backends, one interface: every storage port of [`lashon_core::ports`] —
//! [`AccountStore`](lashon_core::ports::AccountStore),
//! [`NewsRepository`](lashon_core::ports::NewsRepository),
//! [`NewsStore`](lashon_core::ports::NewsStore) and
//! [`ServiceStore`](lashon_core::ports::ServiceStore) — with the same answers on both, and
//! the service code above the ports does not change with the backend.
//!
//! - [`SqliteStore`] ([`sqlite`]) is the embedded default: one SQLite file in WAL mode holding
//!   accounts, key hashes, usage counters, account terms, the newsroom registry, articles,
//!   stories, threads, states, the change log, people, briefs, crawl runs, the clusterer's
//!   checkpoint, leases and the webhook delivery queue.
//! - [`PostgresStore`] ([`postgres`]) holds the same for several `lashon serve` nodes sharing
//!   one database: counters, rate windows and quotas exact across nodes, webhook deliveries
//!   claimed with `FOR UPDATE SKIP LOCKED`, the crawler under a lease, search over a GIN
//!   index of the same folded forms as SQLite's FTS5 table.
//! - [`migrate`] copies a SQLite deployment into PostgreSQL (`lashon migrate`): resumable
//!   table batches, sequences, the search index, row counts compared.
//!
//! Each backend applies its own versioned migrations when it opens. The suites in `tests/`
//! run on both (PostgreSQL when `LASHON_TEST_POSTGRES` names a server: see
//! [`postgres::testing`]).
//!
//! ```
//! use lashon_core::account::{AccountStore, NewAccount, Plan};
//! use lashon_core::news::ingest::{import_registry, ingest_lines, refresh::refresh};
//! use lashon_core::news::{NewsRepository, NewsStore, StoryQuery};
//! use lashon_store::SqliteStore;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let store = SqliteStore::open(dir.path().join("lashon.db")).unwrap();
//!
//! let account = store.create_account(&NewAccount::new("acme", Plan::Team), 1_700_000_000).unwrap();
//! assert_eq!(store.account_by_name("acme").unwrap(), Some(account));
//!
//! import_registry(&store, r#"
//!     [[newsroom]]
//!     key = "ynet"
//!     name = "Ynet"
//!     language = "he"
//!     side = "centre"
//!     lean = "center"
//!     place = "Rishon LeZion"
//!     feeds = []
//! "#).unwrap();
//! let report = ingest_lines(&store, r#"{"source": "ynet", "url": "https://example.com/a", "headline": "הכנסת אישרה את התקציב", "publishedAt": "2026-03-10T08:00:00Z"}"#, chrono::Duration::zero()).unwrap();
//! assert_eq!(report.new, 1);
//! refresh(&store, &store.people().unwrap(), "2026-03-10T09:00:00Z".parse().unwrap()).unwrap();
//! let stories = store.stories(&StoryQuery { limit: 10, ..Default::default() }).unwrap();
//! assert_eq!(stories.len(), 1);
//! ```

mod cache;
pub mod migrate;
pub mod postgres;
pub mod sqlite;

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;
