//! The request rate limit: a fixed one-minute window per account, across all its keys.
//!
//! A fixed window is what the spec's headers describe ("requests left in the current
//! minute"): the count resets at the start of each UTC minute, and `Retry-After` is the number
//! of seconds until then. The clock is an argument; where the windows are counted is a port
//! ([`RateWindows`]).

use std::collections::HashMap;
use std::sync::Mutex;

use super::StoreError;

/// What the limiter decided for one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateDecision {
    /// Allowed; `remaining` requests are left in this minute.
    Allowed { limit: u32, remaining: u32 },
    /// Over the limit; retry after `retry_after` seconds.
    Limited { limit: u32, retry_after: u64 },
}

/// Where the per-minute windows are counted. [`RateLimiter`] counts in the process: exact for
/// one server. Several servers on one database count in it instead (`lashon-store`'s
/// PostgreSQL store), so the limit holds across them.
pub trait RateWindows: Send + Sync {
    /// Counts one request of `bucket` at `now` (Unix seconds) against `limit` per minute.
    fn count(&self, bucket: &str, limit: u32, now: u64) -> Result<RateDecision, StoreError>;
}

impl RateWindows for RateLimiter {
    fn count(&self, bucket: &str, limit: u32, now: u64) -> Result<RateDecision, StoreError> {
        Ok(self.check(bucket, limit, now))
    }
}

impl RateDecision {
    /// The decision for a request at `now` that made its window's count `used` (`None` when
    /// the window was full and nothing was counted).
    pub fn after_count(limit: u32, used: Option<u32>, now: u64) -> RateDecision {
        match used {
            Some(used) if used <= limit => RateDecision::Allowed {
                limit,
                remaining: limit - used,
            },
            _ => RateDecision::Limited {
                limit,
                retry_after: 60 - now % 60,
            },
        }
    }
}

/// The in-process limiter: one fixed window per bucket.
#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (u64, u32)>>,
}

impl RateLimiter {
    /// Counts one request of `account` at `now` (Unix seconds) against `limit` per minute.
    pub fn check(&self, account: &str, limit: u32, now: u64) -> RateDecision {
        let minute = now / 60;
        let retry_after = 60 - now % 60;
        let Ok(mut windows) = self.windows.lock() else {
            // A poisoned lock means a panic elsewhere; fail open rather than lock everyone out.
            return RateDecision::Allowed {
                limit,
                remaining: limit,
            };
        };
        if windows.len() > 100_000 {
            // Old windows are worthless; drop them so the map cannot grow without bound.
            windows.retain(|_, (m, _)| *m == minute);
        }
        let entry = windows.entry(account.to_string()).or_insert((minute, 0));
        if entry.0 != minute {
            *entry = (minute, 0);
        }
        if entry.1 >= limit {
            return RateDecision::Limited { limit, retry_after };
        }
        entry.1 += 1;
        RateDecision::Allowed {
            limit,
            remaining: limit - entry.1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_fills_and_resets() {
        let rl = RateLimiter::default();
        let t = 1_700_000_080; // 40 s into a minute
        for i in 0..3 {
            assert_eq!(
                rl.check("a", 3, t),
                RateDecision::Allowed {
                    limit: 3,
                    remaining: 2 - i
                }
            );
        }
        assert_eq!(
            rl.check("a", 3, t + 5),
            RateDecision::Limited {
                limit: 3,
                retry_after: 15
            }
        );
        // Another account has its own window.
        assert!(matches!(rl.check("b", 3, t), RateDecision::Allowed { .. }));
        // The next minute starts afresh.
        assert_eq!(
            rl.check("a", 3, t + 20),
            RateDecision::Allowed {
                limit: 3,
                remaining: 2
            }
        );
    }
}
