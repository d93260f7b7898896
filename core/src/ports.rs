//! The ports: what the service layer needs from the world, as traits an adapter implements.
//!
//! | Port | What it is | Implemented by |
//! |---|---|---|
//! | [`AccountStore`] | accounts, key hashes, usage counters, account terms | `lashon-store` (SQLite), [`MemoryStore`](crate::account::MemoryStore) |
//! | [`NewsRepository`] | the reads of the news endpoints | `lashon-store`, [`MemoryNewsRepository`](crate::news::MemoryNewsRepository) |
//! | [`NewsStore`] / [`NewsWrite`] | news writes in transactions (ingest, clustering, crawl runs, webhook queue) | `lashon-store` |
//! | [`ServiceStore`] | all of the above, plus a health probe: what the HTTP adapter holds | `lashon-store` |
//! | [`Translator`] | the translation model | `lashon-model-client` (OpenAI-compatible), [`Sandbox`](crate::translate::sandbox::Sandbox) |
//!
//! `lashon-store` implements the storage ports over SQLite and over PostgreSQL. An `Arc` of a
//! store is a store too (`shared`), a trait object included.

mod shared;

pub use crate::account::AccountStore;
pub use crate::news::{NewsRepository, NewsStore, NewsWrite};
pub use crate::translate::Translator;

/// Everything a server process keeps in one database: accounts and news.
pub trait ServiceStore: AccountStore + NewsStore + Send + Sync {
    /// True when the database answers a query.
    fn is_healthy(&self) -> bool;
}
