//! Two `lashon serve` nodes on one PostgreSQL database (`LASHON_TEST_POSTGRES`; skipped,
//! saying so, without it): the per-minute limit and a monthly quota hold exactly across both,
//! each webhook event reaches each endpoint once with both nodes delivering (and once more,
//! same event id, after the node delivering it is killed with `kill -9`), and only the node
//! holding the crawl lease crawls, another taking over when it is killed.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use chrono::{Timelike, Utc};
use common::{breaking_articles, lashon, Server};
use lashon_store::postgres::testing::TestDatabase;
use serde_json::json;

/// A fresh database with an account on `plan` and a sandbox key of it.
fn database(plan: &str, quota: Option<&str>) -> Option<(TestDatabase, std::path::PathBuf, String)> {
    let pg = TestDatabase::from_env()?;
    let db = std::path::PathBuf::from(&pg.url);
    let mut create = vec!["accounts", "create", "acme", "--plan", plan];
    if let Some(q) = quota {
        create.extend(["--char-quota", q]);
    }
    let out = lashon(&db, &create);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = lashon(&db, &["keys", "create", "--account", "acme", "--sandbox"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    Some((pg, db, key))
}

/// Waits until at least 2 s and at most 30 s into a UTC minute, so a burst of requests stays
/// inside one rate window.
async fn start_of_a_minute() {
    loop {
        let s = Utc::now().second();
        if (2..30).contains(&s) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_rate_limit_admits_exactly_600_of_2000_requests_over_two_nodes() {
    let Some((_pg, db, key)) = database("team", None) else {
        return;
    };
    let _ = rlimit::increase_nofile_limit(8192);
    let nodes = [
        Server::start_plain(&db, &key),
        Server::start_plain(&db, &key),
    ];
    start_of_a_minute().await;
    let limit = Arc::new(tokio::sync::Semaphore::new(256));
    let mut tasks = Vec::new();
    for i in 0..2_000 {
        let node = &nodes[i % 2];
        let (client, url, key, limit) = (
            node.client.clone(),
            node.url("/v1/wrap"),
            key.clone(),
            limit.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire().await.unwrap();
            client
                .post(url)
                .bearer_auth(key)
                .json(&json!({"text": "שלום world"}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut ok = 0;
    let mut limited = 0;
    for t in tasks {
        match t.await.unwrap() {
            200 => ok += 1,
            429 => limited += 1,
            other => panic!("status {other}"),
        }
    }
    assert_eq!((ok, limited), (600, 1_400));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_quota_admits_exactly_its_characters_over_two_nodes() {
    // 27 characters protected weigh 54: a quota of 5,400 holds exactly 100 such requests.
    let Some((_pg, db, key)) = database("enterprise", Some("5400")) else {
        return;
    };
    let nodes = [
        Server::start_plain(&db, &key),
        Server::start_plain(&db, &key),
    ];
    let mut tasks = Vec::new();
    for i in 0..300 {
        let node = &nodes[i % 2];
        let (client, url, key) = (node.client.clone(), node.url("/v1/translate"), key.clone());
        tasks.push(tokio::spawn(async move {
            let res = client
                .post(url)
                .bearer_auth(key)
                .json(&json!({"text": "Do not share your password.", "target_lang": "he", "protect": true}))
                .send()
                .await
                .unwrap();
            res.status().as_u16()
        }));
    }
    let mut statuses = std::collections::BTreeMap::new();
    for t in tasks {
        *statuses.entry(t.await.unwrap()).or_insert(0) += 1;
    }
    assert_eq!(statuses.get(&200), Some(&100), "{statuses:?}");
    assert_eq!(statuses.values().sum::<i32>(), 300);
    let usage = nodes[1].get("/v1/usage").await;
    assert_eq!(usage.status, 200, "{}", usage.body);
    assert!(usage.body.to_string().contains("5400"), "{}", usage.body);
}

/// A webhook receiver: every delivery's event id, the first one held `hold` long.
#[derive(Default)]
struct Receiver {
    got: Mutex<Vec<String>>,
    hold_first: Mutex<Option<Duration>>,
}

async fn hook(State(r): State<Arc<Receiver>>, headers: HeaderMap, _body: Bytes) -> StatusCode {
    let id = headers["x-service-event-id"].to_str().unwrap().to_string();
    r.got.lock().unwrap().push(id);
    let hold = r.hold_first.lock().unwrap().take();
    if let Some(d) = hold {
        tokio::time::sleep(d).await;
    }
    StatusCode::OK
}

async fn receiver(hold_first: Option<Duration>) -> (Arc<Receiver>, String) {
    let r = Arc::new(Receiver::default());
    *r.hold_first.lock().unwrap() = hold_first;
    let app = Router::new()
        .route("/hook", post(hook))
        .with_state(r.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (r, format!("http://{addr}/hook"))
}

const REGISTRY: &str = r#"
[[newsroom]]
key = "ynet"
name = "Ynet"
language = "he"
side = "centre"
lean = "center"
place = "Rishon LeZion"
feeds = [FEED]

[[newsroom]]
key = "timesofisrael"
name = "The Times of Israel"
language = "en"
side = "centre"
lean = "center"
place = "Jerusalem"
"#;

/// The registry (with `feed` as Ynet's feed, if any), endpoints at `urls`, and a breaking
/// story ingested: its events queued for every endpoint.
fn news_with_hooks(db: &std::path::Path, dir: &std::path::Path, urls: &[&str], feed: Option<&str>) {
    let reg = dir.join("registry.toml");
    let feeds = feed.map(|f| format!("\"{f}\"")).unwrap_or_default();
    std::fs::write(&reg, REGISTRY.replace("FEED", &feeds)).unwrap();
    assert!(lashon(db, &["sources", "import", reg.to_str().unwrap()])
        .status
        .success());
    for url in urls {
        let out = lashon(
            db,
            &[
                "webhooks",
                "add",
                url,
                "--allow-loopback",
                "--account",
                "acme",
            ],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let file = breaking_articles(dir);
    let out = lashon(db, &["ingest", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

async fn wait_for(what: &str, secs: u64, mut done: impl FnMut() -> bool) {
    for _ in 0..secs * 10 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out waiting for {what}");
}

#[tokio::test(flavor = "multi_thread")]
async fn each_webhook_event_reaches_each_endpoint_once_with_two_nodes_delivering() {
    let Some((_pg, db, key)) = database("enterprise", None) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (a, url_a) = receiver(None).await;
    let (b, url_b) = receiver(None).await;
    news_with_hooks(&db, dir.path(), &[&url_a, &url_b], None);
    let _nodes = [
        Server::start_plain_with(&db, &key, &["--allow-loopback"]),
        Server::start_plain_with(&db, &key, &["--allow-loopback"]),
    ];
    wait_for("both endpoints", 30, || {
        !a.got.lock().unwrap().is_empty() && !b.got.lock().unwrap().is_empty()
    })
    .await;
    // Several delivery passes of both nodes later, still once each.
    tokio::time::sleep(Duration::from_secs(6)).await;
    for r in [&a, &b] {
        let got = r.got.lock().unwrap().clone();
        let mut ids = got.clone();
        ids.dedup();
        assert_eq!(got.len(), ids.len(), "an event delivered twice: {got:?}");
    }
    assert_eq!(*a.got.lock().unwrap(), *b.got.lock().unwrap());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_killed_mid_delivery_leaves_the_event_to_another_once() {
    let Some((_pg, db, key)) = database("enterprise", None) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (r, url) = receiver(Some(Duration::from_secs(8))).await;
    news_with_hooks(&db, dir.path(), &[&url], None);
    let mut first = Server::start_plain_with(&db, &key, &["--allow-loopback"]);
    wait_for("the first attempt", 30, || {
        !r.got.lock().unwrap().is_empty()
    })
    .await;
    first.kill9();
    // Two nodes now: the claim of the dead one ends, and one of them delivers, once.
    let _nodes = [
        Server::start_plain_with(&db, &key, &["--allow-loopback"]),
        Server::start_plain_with(&db, &key, &["--allow-loopback"]),
    ];
    wait_for("the delivery again", 40, || {
        r.got.lock().unwrap().len() >= 2
    })
    .await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let got = r.got.lock().unwrap().clone();
    let events: std::collections::BTreeSet<_> = got.iter().collect();
    // Every event once after the kill, the held one twice (same id), nothing more.
    assert_eq!(got.len(), events.len() + 1, "{got:?}");
    assert_eq!(got.iter().filter(|id| **id == got[0]).count(), 2, "{got:?}");
}

const FEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Ynet</title><link>https://feeds.test/</link>
<item><title>שריפה גדולה בכרמל</title><link>https://www.ynet.test/news/fire</link>
<pubDate>Tue, 10 Mar 2026 08:00:00 GMT</pubDate></item>
</channel></rss>"#;

#[tokio::test(flavor = "multi_thread")]
async fn one_node_crawls_and_another_takes_over_when_it_is_killed() {
    let Some((_pg, db, key)) = database("enterprise", None) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let app = Router::new().route("/feed.xml", get(|| async { FEED }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let feed = format!("http://{}/feed.xml", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    news_with_hooks(&db, dir.path(), &[], Some(&feed));
    let crawl = ["--crawl-every-secs", "2"];
    let mut nodes = vec![
        Server::start_plain_with(&db, &key, &crawl),
        Server::start_plain_with(&db, &key, &crawl),
    ];
    let crawls = |s: &Server| s.log().matches("crawl finished").count();
    wait_for("three crawls", 40, || {
        nodes.iter().map(crawls).sum::<usize>() >= 3
    })
    .await;
    let crawling: Vec<usize> = (0..2).filter(|&i| crawls(&nodes[i]) > 0).collect();
    assert_eq!(crawling.len(), 1, "both nodes crawled");
    let leader = crawling[0];
    let other = 1 - leader;
    nodes[leader].kill9();
    wait_for("the other node's crawl", 20, || crawls(&nodes[other]) > 0).await;
    let _ = nodes.remove(leader);
}
