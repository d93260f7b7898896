//! What several processes or nodes on one database rely on, on each backend (see
//! `backends`): a revocation made by another handle is seen at the next read; a quota
//! reserved from many threads and two handles admits exactly its characters; webhook claims
//! hand each due delivery to one claimant until its lease ends; a lease has one holder at a
//! time and passes on when it ends.

mod backends;

use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Duration, Utc};
use lashon_core::account::{AccountId, ApiKey, KeyKind, NewAccount, Plan, ScopeSet, StoreError};
use lashon_core::news::write::Endpoint;
use lashon_core::news::{write_news, RepoError};
use lashon_news::webhook::EventType;

use backends::Backend;

fn t(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

#[test]
fn accounts_keys_and_revocation_across_handles() {
    backends::each(|backend| {
        let db = backend.open().unwrap();
        let (a, b) = (&*db.store, db.another_node());
        let account = a
            .create_account(&NewAccount::new("acme", Plan::Team), 1)
            .unwrap();
        assert_eq!(
            b.create_account(&NewAccount::new("acme", Plan::Starter), 2),
            Err(StoreError::AccountExists("acme".into()))
        );
        assert_eq!(b.account_by_name("acme").unwrap(), Some(account.clone()));
        assert_eq!(a.account_names().unwrap(), vec!["acme".to_string()]);
        let key = ApiKey::generate(KeyKind::Live, &[9u8; 64]);
        let nobody = AccountId("acct_nobody".into());
        assert!(matches!(
            a.add_key(&nobody, &key, ScopeSet::EMPTY, 1),
            Err(StoreError::NoSuchAccount(_))
        ));
        a.add_key(&account.id, &key, ScopeSet::EMPTY, 1).unwrap();
        let second = ApiKey::generate(KeyKind::Sandbox, &[8u8; 64]);
        a.add_key(&account.id, &second, ScopeSet::EMPTY, 1).unwrap();
        // Newest first; same second: the later insertion first.
        let ids: Vec<_> = b
            .keys(Some(&account.id))
            .unwrap()
            .into_iter()
            .map(|k| k.id)
            .collect();
        assert_eq!(ids, vec![second.id(), key.id()]);
        // Read twice on `a` (the second from its cache), revoked on `b`: `a` sees it next.
        assert!(a.key(&key.id()).unwrap().unwrap().revoked_at.is_none());
        assert!(a.key(&key.id()).unwrap().unwrap().revoked_at.is_none());
        let (seen, owner) = a.key_and_account(&key.id()).unwrap().unwrap();
        assert!(seen.revoked_at.is_none());
        assert_eq!(owner, Some(account.clone()));
        assert!(b.revoke_key(&key.id(), 5).unwrap());
        assert!(!b.revoke_key(&key.id(), 6).unwrap());
        assert_eq!(a.key(&key.id()).unwrap().unwrap().revoked_at, Some(5));
        // Authentication's read (one freshness check for both) sees it too.
        let (seen, owner) = a.key_and_account(&key.id()).unwrap().unwrap();
        assert_eq!(seen.revoked_at, Some(5));
        assert_eq!(owner, Some(account.clone()));
        let unknown = ApiKey::generate(KeyKind::Live, &[7u8; 64]);
        assert_eq!(a.key_and_account(&unknown.id()).unwrap(), None);
        assert!(a.account(&account.id).unwrap().is_some());
    });
}

#[test]
fn a_quota_reserved_from_two_handles_admits_exactly_its_characters() {
    backends::each(|backend| {
        let db = backend.open().unwrap();
        let account = db
            .store
            .create_account(&NewAccount::new("q", Plan::Starter), 1)
            .unwrap();
        let other = db.another_node();
        let admitted = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for i in 0..8 {
                let store = if i % 2 == 0 { &*db.store } else { &*other };
                let (admitted, id) = (&admitted, &account.id);
                scope.spawn(move || {
                    for _ in 0..25 {
                        if let Some(u) = store
                            .reserve(id, "2026-03", KeyKind::Live, 7, 1_000)
                            .unwrap()
                        {
                            assert!(u.live_chars <= 1_000);
                            admitted.fetch_add(7, Ordering::SeqCst);
                        }
                    }
                });
            }
        });
        // 200 reservations of 7 against 1,000: exactly 142 fit.
        assert_eq!(admitted.load(Ordering::SeqCst), 994);
        let usage = db.store.usage(&account.id, "2026-03").unwrap();
        assert_eq!((usage.live_chars, usage.requests), (994, 142));
        let after = other
            .refund(&account.id, "2026-03", KeyKind::Live, 7)
            .unwrap();
        assert_eq!((after.live_chars, after.requests), (987, 141));
        assert_eq!(
            db.store
                .charge(&account.id, "2026-03", KeyKind::Sandbox, 3)
                .unwrap()
                .sandbox_chars,
            3
        );
    });
}

fn endpoint(id: &str) -> Endpoint {
    Endpoint {
        id: id.into(),
        account_id: "acct_1".into(),
        url: "https://hooks.example.com/x".into(),
        host: "hooks.example.com".into(),
        topics: vec![],
        events: vec![EventType::Breaking],
        enabled: true,
        created_at: 0,
    }
}

/// A write that panics inside its transaction leaves no connection inside that transaction:
/// afterwards every charge made through the store is seen at once by another node.
#[test]
fn a_panic_inside_a_transaction_leaves_no_open_transaction_behind() {
    backends::each(|backend| {
        let db = backend.open().unwrap();
        let account = db
            .store
            .create_account(&NewAccount::new("p", Plan::Starter), 1)
            .unwrap();
        // More panics than the pool has connections.
        for i in 0..12 {
            let store = &*db.store;
            let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                write_news::<_, ()>(store, |w| {
                    w.add_endpoint(&endpoint(&format!("whk_p{i}")), "s")
                        .map_err(|e| RepoError::Internal(e.to_string()))?;
                    panic!("a bug inside a write");
                })
            }));
            assert!(panicked.is_err());
        }
        let other = db.another_node();
        for n in 1..=12u64 {
            db.store
                .charge(&account.id, "2026-03", KeyKind::Live, 1)
                .unwrap();
            assert_eq!(other.usage(&account.id, "2026-03").unwrap().live_chars, n);
        }
        assert_eq!(db.count("SELECT COUNT(*) FROM webhook_endpoints"), 0);
    });
}

/// Twelve endpoints added at once for one account from two handles (two nodes): exactly the
/// limit of five is kept, whichever transactions win.
#[test]
fn concurrent_endpoint_adds_keep_the_account_limit() {
    backends::each(|backend| {
        let db = backend.open().unwrap();
        let other = db.another_node();
        let added = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for i in 0..12 {
                let store = if i % 2 == 0 { &*db.store } else { &*other };
                let added = &added;
                scope.spawn(move || {
                    let mut refused = false;
                    write_news(store, |w| {
                        refused = w.add_endpoint(&endpoint(&format!("whk_{i}")), "s").is_err();
                        Ok(())
                    })
                    .unwrap();
                    if !refused {
                        added.fetch_add(1, Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(added.load(Ordering::SeqCst), 5);
        assert_eq!(
            db.count("SELECT COUNT(*) FROM webhook_endpoints WHERE enabled"),
            5
        );
    });
}

#[test]
fn each_due_delivery_is_claimed_once_until_its_lease_ends() {
    backends::each(|backend| {
        let db = backend.open().unwrap();
        let (a, b) = (&*db.store, db.another_node());
        let now = t("2026-03-10T09:00:00Z");
        write_news(a, |w| {
            w.add_endpoint(&endpoint("whk_1"), "s1")
                .map_err(|e| RepoError::Internal(e.to_string()))?;
            w.add_endpoint(&endpoint("whk_2"), "s2")
                .map_err(|e| RepoError::Internal(e.to_string()))?;
            for i in 0..5 {
                let n = w.enqueue_event(
                    &format!("evt_{i}"),
                    EventType::Breaking,
                    "politics",
                    "{}",
                    now,
                )?;
                assert_eq!(n, 2);
            }
            // The same event again queues nothing.
            assert_eq!(
                w.enqueue_event("evt_0", EventType::Breaking, "politics", "{}", now)?,
                0
            );
            Ok(())
        })
        .unwrap();
        let lease = now + Duration::seconds(15);
        let mut claimed = Vec::new();
        loop {
            let x = write_news(a, |w| w.claim_due(now, 3, lease)).unwrap();
            let y = write_news(&*b, |w| w.claim_due(now, 3, lease)).unwrap();
            if x.is_empty() && y.is_empty() {
                break;
            }
            claimed.extend(x.into_iter().chain(y).map(|d| (d.event_id, d.endpoint.id)));
        }
        claimed.sort();
        let before = claimed.len();
        claimed.dedup();
        assert_eq!(
            (before, claimed.len()),
            (10, 10),
            "each delivery claimed once"
        );
        // Delivered ones stay done; the others are due again when the lease ends.
        let all = write_news(a, |w| {
            w.claim_due(
                lease + Duration::seconds(1),
                100,
                lease + Duration::seconds(20),
            )
        })
        .unwrap();
        assert_eq!(all.len(), 10);
        for d in &all[..4] {
            write_news(&*b, |w| {
                w.record_attempt(d.id, 1, "HTTP 200", "delivered", now)
            })
            .unwrap();
        }
        let later = lease + Duration::seconds(30);
        let again = write_news(&*b, |w| w.claim_due(later, 100, later)).unwrap();
        assert_eq!(again.len(), 6);
        assert!(again
            .iter()
            .all(|d| d.attempts == 0 && d.secret.starts_with('s')));
        let states = write_news(a, |w| w.deliveries_of(&all[0].event_id)).unwrap();
        assert!(states.iter().any(|(s, n, _)| s == "delivered" && *n == 1));
    });
}

#[test]
fn a_lease_has_one_holder_and_passes_on_when_it_ends() {
    backends::each(|backend| {
        let db = backend.open().unwrap();
        let (a, b) = (&*db.store, db.another_node());
        let now = t("2026-03-10T09:00:00Z");
        let until = now + Duration::seconds(60);
        assert!(a.try_lease("crawl", "node-a", until, now).unwrap());
        assert!(!b.try_lease("crawl", "node-b", until, now).unwrap());
        // The holder renews; the other still waits.
        assert!(a
            .try_lease(
                "crawl",
                "node-a",
                until + Duration::seconds(60),
                now + Duration::seconds(30)
            )
            .unwrap());
        assert!(!b
            .try_lease("crawl", "node-b", until, now + Duration::seconds(90))
            .unwrap());
        // Another lease is apart.
        assert!(b.try_lease("other", "node-b", until, now).unwrap());
        // node-a stops renewing: when its lease ends, node-b takes it.
        let later = now + Duration::seconds(121);
        assert!(b
            .try_lease("crawl", "node-b", later + Duration::seconds(60), later)
            .unwrap());
        assert!(!a
            .try_lease("crawl", "node-a", later + Duration::seconds(60), later)
            .unwrap());
        // Released, it is free at once.
        b.release_lease("crawl", "node-b").unwrap();
        assert!(a
            .try_lease("crawl", "node-a", later + Duration::seconds(60), later)
            .unwrap());
    });
}

#[test]
fn rate_windows_in_postgres_admit_exactly_the_limit_across_handles() {
    use lashon_core::account::{RateDecision, RateWindows};
    let Some(db) = Backend::Postgres.open() else {
        return;
    };
    let dburl = db.postgres_url().unwrap();
    let nodes = [
        lashon_store::PostgresStore::open(dburl).unwrap(),
        lashon_store::PostgresStore::open(dburl).unwrap(),
    ];
    let minute = 1_700_000_040u64; // 0 s into a minute
    let allowed = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for i in 0..8 {
            let node = &nodes[i % 2];
            let allowed = &allowed;
            scope.spawn(move || {
                for _ in 0..50 {
                    match node.count("acct_x", 60, minute + 10).unwrap() {
                        RateDecision::Allowed { .. } => {
                            allowed.fetch_add(1, Ordering::SeqCst);
                        }
                        RateDecision::Limited { retry_after, .. } => assert_eq!(retry_after, 50),
                    }
                }
            });
        }
    });
    assert_eq!(allowed.load(Ordering::SeqCst), 60);
    // The next minute starts afresh, on either node.
    assert_eq!(
        nodes[1].count("acct_x", 60, minute + 61).unwrap(),
        RateDecision::Allowed {
            limit: 60,
            remaining: 59
        }
    );
}
