//! The month's usage per account, kept in memory for the `X-Usage-Chars-*` headers.
//!
//! Free requests (analysis, wrap, detect, terms...) must still report the account's usage;
//! reading it from the database on every request would put a query on the hot path. The cache
//! is updated by every charge this process makes and re-read from the store when an entry is
//! older than a second, so several servers sharing one database disagree for at most that long.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use lashon_core::account::{AccountId, AccountStore, Usage};

const FRESH_FOR: Duration = Duration::from_secs(1);

#[derive(Debug, Default)]
pub struct UsageCache {
    entries: Mutex<HashMap<(AccountId, String), (Usage, Instant)>>,
}

impl UsageCache {
    /// The usage of `account` in `month`, from memory when fresh, else from `store`.
    pub fn get(&self, store: &dyn AccountStore, account: &AccountId, month: &str) -> Option<Usage> {
        let key = (account.clone(), month.to_string());
        if let Ok(entries) = self.entries.lock() {
            if let Some((usage, at)) = entries.get(&key) {
                if at.elapsed() < FRESH_FOR {
                    return Some(*usage);
                }
            }
        }
        let usage = store.usage(account, month).ok()?;
        self.put(account, month, usage);
        Some(usage)
    }

    /// Records the usage a charge returned. Concurrent charges report their usage in any
    /// order, so a fresh entry keeps the larger count (a refund lowers it again at the next
    /// read from the store, within a second).
    pub fn put(&self, account: &AccountId, month: &str, usage: Usage) {
        if let Ok(mut entries) = self.entries.lock() {
            if entries.len() > 100_000 {
                // Entries of past months and idle accounts: start over rather than grow.
                entries.clear();
            }
            let key = (account.clone(), month.to_string());
            let usage = match entries.get(&key) {
                Some((held, at)) if at.elapsed() < FRESH_FOR => Usage {
                    live_chars: held.live_chars.max(usage.live_chars),
                    sandbox_chars: held.sandbox_chars.max(usage.sandbox_chars),
                    requests: held.requests.max(usage.requests),
                },
                _ => usage,
            };
            entries.insert(key, (usage, Instant::now()));
        }
    }
}
