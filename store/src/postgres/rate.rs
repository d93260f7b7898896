//! The per-minute rate windows in the database ([`RateWindows`]), so the limit holds across
//! every node: one atomic statement counts a request or finds the window full.
//!
//! Each node keeps, per bucket, the minute in which it found the window full: until that
//! minute ends it refuses the bucket's requests without asking the database. That read can
//! only refuse what the database would refuse too (a full window stays full until the minute
//! ends), so it never admits more than the limit.

use std::collections::HashMap;

use lashon_core::account::{RateDecision, RateWindows, StoreError};
use parking_lot::Mutex;

use super::connections::backend;
use super::PostgresStore;

/// The rate windows: the minute and the count of each bucket (an account's language or news
/// requests).
pub const MIGRATION: &str = "
CREATE TABLE rate_windows (
    bucket TEXT PRIMARY KEY,
    minute BIGINT NOT NULL,
    used BIGINT NOT NULL
);
";

/// Buckets whose full minute is remembered at most (a flood of accounts must not grow it).
const FULL_ENTRIES: usize = 100_000;

/// The minute each bucket was last found full in.
#[derive(Debug, Default)]
pub struct FullWindows(Mutex<HashMap<String, u64>>);

impl FullWindows {
    fn is_full(&self, bucket: &str, minute: u64) -> bool {
        self.0.lock().get(bucket) == Some(&minute)
    }

    fn set_full(&self, bucket: &str, minute: u64) {
        let mut full = self.0.lock();
        if full.len() >= FULL_ENTRIES {
            full.retain(|_, m| *m == minute);
        }
        full.insert(bucket.to_owned(), minute);
    }
}

impl RateWindows for PostgresStore {
    fn count(&self, bucket: &str, limit: u32, now: u64) -> Result<RateDecision, StoreError> {
        let minute = now / 60;
        if self.full_windows.is_full(bucket, minute) {
            return Ok(RateDecision::after_count(limit, None, now));
        }
        let minute_sql = i64::try_from(minute).unwrap_or(i64::MAX);
        // A new minute starts the count at one; the same minute adds one only below the
        // limit (a node whose clock is behind counts in the newer minute rather than reset
        // it). The row lock makes concurrent requests (on any node) take turns.
        let used: Option<i64> = self
            .conn()?
            .query_opt(
                "INSERT INTO rate_windows (bucket, minute, used) VALUES ($1, $2, 1)
                 ON CONFLICT (bucket) DO UPDATE SET
                   used = CASE WHEN excluded.minute > rate_windows.minute
                               THEN 1 ELSE rate_windows.used + 1 END,
                   minute = GREATEST(rate_windows.minute, excluded.minute)
                 WHERE excluded.minute > rate_windows.minute OR rate_windows.used < $3
                 RETURNING used",
                &[&bucket, &minute_sql, &i64::from(limit)],
            )
            .map_err(backend)?
            .map(|row| row.get(0));
        let used = used.and_then(|n| u32::try_from(n).ok());
        if used.is_none() {
            self.full_windows.set_full(bucket, minute);
        }
        Ok(RateDecision::after_count(limit, used, now))
    }
}
