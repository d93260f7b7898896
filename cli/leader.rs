//! Which node of several on one database runs the crawler and the clustering refresh: the
//! one holding the `crawl` lease ([`NewsStore::try_lease`]). Each node keeps trying to take
//! or renew it; the holder renews it three times per lease, so it keeps it while it lives,
//! and when it dies (even by `kill -9`) the lease ends and another node takes it, then
//! crawls at once. A node alone on its database (SQLite) simply always holds it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lashon_core::news::NewsStore;

/// The lease's name.
pub const CRAWL_LEASE: &str = "crawl";

/// Longest a lease runs without renewal: a dead leader is replaced within this (and one
/// renewal period), well within a crawl period of minutes.
const MAX_LEASE: Duration = Duration::from_secs(60);

/// Whether this node leads, kept current by [`keep`].
#[derive(Debug, Clone)]
pub struct Leadership {
    pub node: String,
    leading: Arc<AtomicBool>,
    pub lease: Duration,
}

impl Leadership {
    /// A node named `node` whose crawl period is `period`: the lease lasts the period, at
    /// most a minute.
    pub fn new(node: String, period: Duration) -> Leadership {
        Leadership {
            node,
            leading: Arc::default(),
            lease: period.min(MAX_LEASE).max(Duration::from_secs(1)),
        }
    }

    /// True while this node holds the lease.
    pub fn leading(&self) -> bool {
        self.leading.load(Ordering::SeqCst)
    }
}

/// Takes or renews the lease every third of its length, forever (a task of `serve`).
pub async fn keep<S: NewsStore + Clone + 'static>(store: S, leadership: Leadership) {
    let chrono_lease = chrono::Duration::from_std(leadership.lease).unwrap_or_default();
    // Until when the last successful renewal holds the lease: a renewal that fails (the
    // database briefly out of reach) does not end leadership before that, so a short outage
    // does not make this node stop and then crawl again at once when it renews.
    let mut held_until: Option<std::time::Instant> = None;
    loop {
        let store2 = store.clone();
        let node = leadership.node.clone();
        let asked = std::time::Instant::now();
        let held = tokio::task::spawn_blocking(move || {
            let now = chrono::Utc::now();
            store2.try_lease(CRAWL_LEASE, &node, now + chrono_lease, now)
        })
        .await;
        let held = match held {
            Ok(Ok(true)) => {
                held_until = Some(asked + leadership.lease);
                true
            }
            Ok(Ok(false)) => {
                held_until = None;
                false
            }
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "could not renew the crawl lease");
                held_until.is_some_and(|t| std::time::Instant::now() < t)
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not renew the crawl lease");
                held_until.is_some_and(|t| std::time::Instant::now() < t)
            }
        };
        let was = leadership.leading.swap(held, Ordering::SeqCst);
        if held != was {
            tracing::info!(node = %leadership.node, leading = held, "crawl lease changed hands");
        }
        tokio::time::sleep(leadership.lease / 3).await;
    }
}
