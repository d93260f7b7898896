//! Caches of what nearly every request reads, shared by both backends: the key and account
//! that authentication looks up, and an account's terms (which protected translation matches
//! on every call; an enterprise account can hold tens of thousands).
//!
//! Each cache is valid for one *generation*: a counter in the database (`cache_generation`)
//! that triggers raise on every insert, update or delete of keys and accounts (`auth`) or
//! account terms (`terms`), whichever connection, process or node made it — the `lashon keys
//! revoke` command, another server on the same database. A request reads the counter (one row
//! by primary key) and finds the cache still good, or drops it; a revocation takes effect on
//! the next request, on every node.

use std::collections::HashMap;
use std::sync::Arc;

use lashon_core::account::{Account, KeyRecord, StoreError};
use lashon_core::terms::AccountTerm;
use parking_lot::Mutex;

/// Entries kept at most: unknown key ids are cached too, so a flood of made-up keys must not
/// grow the map without bound.
const AUTH_ENTRIES: usize = 100_000;

/// Accounts whose terms are kept at most.
const TERM_ACCOUNTS: usize = 256;

/// The counter of the key and account caches.
pub const AUTH: &str = "auth";
/// The counter of the terms cache.
pub const TERMS: &str = "terms";

/// A cache of one generation.
#[derive(Debug)]
struct Generation<T> {
    generation: Option<i64>,
    entries: HashMap<String, T>,
}

impl<T> Default for Generation<T> {
    fn default() -> Self {
        Generation {
            generation: None,
            entries: HashMap::new(),
        }
    }
}

impl<T: Clone> Generation<T> {
    /// Empties the cache unless it was filled at `current`, or when it is full.
    fn renew(&mut self, current: i64, max: usize) {
        if self.generation != Some(current) || self.entries.len() >= max {
            self.entries.clear();
            self.generation = Some(current);
        }
    }
}

/// The caches of one store handle (shared by its clones).
#[derive(Debug, Default)]
pub struct Caches {
    keys: Mutex<Generation<Option<KeyRecord>>>,
    accounts: Mutex<Generation<Option<Account>>>,
    terms: Mutex<Generation<Arc<Vec<AccountTerm>>>>,
    /// News requests counted while the database was busy, by (account, month), not yet
    /// written (SQLite's `count_news_request`).
    pending: Mutex<HashMap<(String, String), u64>>,
}

/// Reads through a cache: the entry of `id` if it is of generation `current` (read from the
/// database just before), else `load`'s answer, kept.
fn through<T: Clone>(
    cache: &Mutex<Generation<T>>,
    current: i64,
    max: usize,
    id: &str,
    load: impl FnOnce() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    {
        let mut c = cache.lock();
        c.renew(current, max);
        if let Some(hit) = c.entries.get(id) {
            return Ok(hit.clone());
        }
    }
    // Loaded outside the lock: other requests keep reading the cache meanwhile.
    let value = load()?;
    let mut c = cache.lock();
    // Kept only if nothing changed while it loaded (the generation read before the load is
    // the one the value belongs to, at worst older: then it is dropped at the next read).
    if c.generation == Some(current) {
        c.entries.insert(id.to_string(), value.clone());
    }
    Ok(value)
}

impl Caches {
    /// News requests of `key` counted in memory and not yet stored.
    pub fn pending_requests(&self, key: &(String, String)) -> u64 {
        self.pending.lock().get(key).copied().unwrap_or(0)
    }

    /// `n` pending requests of `key` were stored.
    pub fn take_pending(&self, key: &(String, String), n: u64) {
        if n == 0 {
            return;
        }
        let mut pending = self.pending.lock();
        if let Some(left) = pending.get_mut(key) {
            *left = left.saturating_sub(n);
            if *left == 0 {
                pending.remove(key);
            }
        }
    }

    /// Counts one request of `key` in memory; returns how many are pending.
    pub fn add_pending(&self, key: (String, String)) -> u64 {
        let mut pending = self.pending.lock();
        let n = pending.entry(key).or_insert(0);
        *n += 1;
        *n
    }

    /// A key record by id, through the `auth` cache at generation `current`.
    pub fn key(
        &self,
        current: i64,
        id: &str,
        load: impl FnOnce() -> Result<Option<KeyRecord>, StoreError>,
    ) -> Result<Option<KeyRecord>, StoreError> {
        through(&self.keys, current, AUTH_ENTRIES, id, load)
    }

    /// An account by id, through the `auth` cache at generation `current`.
    pub fn account(
        &self,
        current: i64,
        id: &str,
        load: impl FnOnce() -> Result<Option<Account>, StoreError>,
    ) -> Result<Option<Account>, StoreError> {
        through(&self.accounts, current, AUTH_ENTRIES, id, load)
    }

    /// An account's terms, through the `terms` cache at generation `current`.
    pub fn terms(
        &self,
        current: i64,
        account: &str,
        load: impl FnOnce() -> Result<Arc<Vec<AccountTerm>>, StoreError>,
    ) -> Result<Arc<Vec<AccountTerm>>, StoreError> {
        through(&self.terms, current, TERM_ACCOUNTS, account, load)
    }
}
