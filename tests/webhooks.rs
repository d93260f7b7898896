//! Webhooks end to end: endpoints managed by `lashon webhooks`, events raised by state changes,
//! deliveries to a receiver on 127.0.0.1 (the `--allow-loopback` test flag) that answers
//! scripted statuses, the spec's schedule followed on an injected clock, signatures checked by
//! the receiver, a resolver that answers a private address (no connection made), and a server
//! killed mid-delivery that delivers again after a restart.

mod common;

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::post;
use axum::Router;
use chrono::{DateTime, Utc};
use common::{breaking_articles, lashon, temp_db, Server};
use lashon_core::news::write::Endpoint;
use lashon_core::news::NewsStore;
use lashon_core::ports::ServiceStore;
use lashon_core::translate::BoxFuture;
use lashon_news::webhook::{verify, EventType};

/// The store the suite's database is on (SQLite, or PostgreSQL when the suites run there).
type Store = std::sync::Arc<dyn ServiceStore>;

fn open_store(db: &std::path::Path) -> Store {
    if common::on_postgres() {
        let url = db.to_str().expect("a PostgreSQL URL");
        std::sync::Arc::new(lashon_store::PostgresStore::open(url).unwrap())
    } else {
        std::sync::Arc::new(lashon_store::SqliteStore::open(db).unwrap())
    }
}
use lashon_webhook_delivery::{deliver_due, DeliveryOptions, Resolver, SystemResolver};

/// What the receiver answers, in order (then 200), and what it got.
#[derive(Default)]
struct Receiver {
    script: Mutex<VecDeque<Answer>>,
    got: Mutex<Vec<(HeaderMap, Bytes)>>,
}

#[derive(Clone, Copy)]
enum Answer {
    Status(u16),
    Hang(u64),
}

async fn hook(
    State(r): State<Arc<Receiver>>,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    r.got.lock().unwrap().push((headers, body));
    let answer = r
        .script
        .lock()
        .unwrap()
        .pop_front()
        .unwrap_or(Answer::Status(200));
    match answer {
        Answer::Status(s) => StatusCode::from_u16(s).unwrap(),
        Answer::Hang(ms) => {
            tokio::time::sleep(Duration::from_millis(ms)).await;
            StatusCode::OK
        }
    }
}

async fn receiver(script: &[Answer]) -> (Arc<Receiver>, String) {
    let r = Arc::new(Receiver::default());
    r.script.lock().unwrap().extend(script.iter().copied());
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

const SECRET: &str = "whsec_test_secret";

fn store_with_endpoint(db: &std::path::Path, url: &str, host: &str) -> Store {
    let store = open_store(db);
    store
        .write_news(|w| {
            w.add_endpoint(
                &Endpoint {
                    id: "whk_test".into(),
                    account_id: "acct_test".into(),
                    url: url.into(),
                    host: host.into(),
                    topics: vec![],
                    events: vec![EventType::Breaking, EventType::Blindspot],
                    enabled: true,
                    created_at: 0,
                },
                SECRET,
            )
            .map_err(|e| lashon_core::news::RepoError::Internal(e.to_string()))
        })
        .unwrap();
    store
}

fn enqueue(store: &Store, id: &str, now: DateTime<Utc>) {
    let body = format!(r#"{{"id":"{id}","type":"story.breaking","storyId":"7"}}"#);
    let n = store
        .write_news(|w| w.enqueue_event(id, EventType::Breaking, "politics", &body, now))
        .unwrap();
    assert_eq!(n, 1);
}

fn opts() -> DeliveryOptions {
    DeliveryOptions {
        timeout: Duration::from_millis(300),
        allow_loopback: true,
    }
}

fn state_of(store: &Store, id: &str) -> (String, u32, Option<String>) {
    store.write_news(|w| w.deliveries_of(id)).unwrap().remove(0)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_schedule_is_followed_on_an_injected_clock() {
    let (r, url) = receiver(&[
        Answer::Status(503),
        Answer::Hang(1_000),
        Answer::Status(429),
        Answer::Status(408),
        Answer::Status(500),
        Answer::Status(200),
    ])
    .await;
    let (_dir, db) = temp_db();
    let store = store_with_endpoint(&db, &url, "127.0.0.1");
    let t0: DateTime<Utc> = "2026-03-01T12:00:00Z".parse().unwrap();
    enqueue(&store, "evt-1", t0);
    let m = chrono::Duration::minutes;
    // Attempt 1 at once; then 1, 5, 15, 60 and 240 minutes after each.
    let mut now = t0;
    for (wait, after) in [
        (m(0), 1),
        (m(1), 2),
        (m(5), 3),
        (m(15), 4),
        (m(60), 5),
        (m(240), 6),
    ] {
        now += wait;
        // Not a second early.
        if wait > m(0) {
            let early = deliver_due(
                &store,
                &SystemResolver,
                &opts(),
                now - chrono::Duration::seconds(1),
            )
            .await
            .unwrap();
            assert_eq!(early, 0, "attempt {after} came early");
        }
        assert_eq!(
            deliver_due(&store, &SystemResolver, &opts(), now)
                .await
                .unwrap(),
            1
        );
        assert_eq!(state_of(&store, "evt-1").1, after);
    }
    let (state, attempts, last) = state_of(&store, "evt-1");
    assert_eq!((state.as_str(), attempts), ("delivered", 6), "{last:?}");
    let got = r.got.lock().unwrap();
    assert_eq!(got.len(), 6);
    // Every attempt carries the same event id and a valid signature over the raw body.
    for (headers, body) in got.iter() {
        assert_eq!(headers["x-service-event-id"], "evt-1");
        assert_eq!(headers["content-type"], "application/json");
        assert!(headers["user-agent"]
            .to_str()
            .unwrap()
            .starts_with("lashon-webhooks/"));
        let sig = headers["x-service-signature"].to_str().unwrap();
        let t: i64 = sig[2..sig.find(',').unwrap()].parse().unwrap();
        verify(SECRET.as_bytes(), sig, body, t, 300).unwrap();
        assert!(verify(b"wrong", sig, body, t, 300).is_err());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_4xx_ends_retries_and_six_failures_fail() {
    let (_r, url) = receiver(&[Answer::Status(404)]).await;
    let (_dir, db) = temp_db();
    let store = store_with_endpoint(&db, &url, "127.0.0.1");
    let t0 = Utc::now();
    enqueue(&store, "evt-404", t0);
    deliver_due(&store, &SystemResolver, &opts(), t0)
        .await
        .unwrap();
    assert_eq!(
        state_of(&store, "evt-404"),
        ("failed".into(), 1, Some("HTTP 404".into()))
    );

    let (_r, url) = receiver(&[Answer::Status(500); 6]).await;
    let (_dir2, db2) = temp_db();
    let store = store_with_endpoint(&db2, &url, "127.0.0.1");
    enqueue(&store, "evt-500", t0);
    let mut now = t0;
    for _ in 0..6 {
        deliver_due(&store, &SystemResolver, &opts(), now)
            .await
            .unwrap();
        now += chrono::Duration::hours(5);
    }
    assert_eq!(state_of(&store, "evt-500").0, "failed");
    assert_eq!(state_of(&store, "evt-500").1, 6);
    // Nothing more is attempted.
    assert_eq!(
        deliver_due(&store, &SystemResolver, &opts(), now)
            .await
            .unwrap(),
        0
    );
}

/// Answers a private address for every name.
struct PrivateResolver;

impl Resolver for PrivateResolver {
    fn resolve<'a>(
        &'a self,
        _host: &'a str,
        _port: u16,
    ) -> BoxFuture<'a, Result<Vec<IpAddr>, String>> {
        Box::pin(async { Ok(vec!["10.0.0.7".parse().unwrap()]) })
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_name_that_resolves_privately_is_never_connected_to() {
    let (r, url) = receiver(&[]).await;
    // The receiver's port, under a public-looking name the stub resolves to 10.0.0.7.
    let port = url
        .rsplit(':')
        .next()
        .unwrap()
        .trim_end_matches("/hook")
        .to_string();
    let named = format!("https://hooks.example.com:{port}/hook");
    let (_dir, db) = temp_db();
    let store = store_with_endpoint(&db, &named, "hooks.example.com");
    let t0 = Utc::now();
    enqueue(&store, "evt-private", t0);
    let strict = DeliveryOptions {
        allow_loopback: false,
        ..opts()
    };
    deliver_due(&store, &PrivateResolver, &strict, t0)
        .await
        .unwrap();
    let (state, attempts, last) = state_of(&store, "evt-private");
    assert_eq!((state.as_str(), attempts), ("pending", 1));
    assert!(last.unwrap().contains("public addresses"));
    assert!(
        r.got.lock().unwrap().is_empty(),
        "no connection may be made"
    );
}

#[test]
fn the_cli_manages_endpoints_and_refuses_private_destinations() {
    let (_dir, db) = temp_db();
    let ok = |args: &[&str]| lashon(&db, args).status.success();
    assert!(ok(&["accounts", "create", "small", "--plan", "team"]));
    let out = lashon(&db, &["webhooks", "add", "https://hooks.example.com/a"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("enterprise plan"));
    assert!(ok(&["accounts", "create", "acme", "--plan", "enterprise"]));
    // Two accounts: say whose.
    assert!(!ok(&["webhooks", "add", "https://hooks.example.com/a"]));
    let add = |url: &str| lashon(&db, &["webhooks", "add", url, "--account", "acme"]);
    let out = lashon(
        &db,
        &[
            "webhooks",
            "add",
            "https://hooks.example.com/a",
            "--account",
            "acme",
            "--events",
            "breaking",
            "--topics",
            "politics,security",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let secret = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(secret.starts_with("whsec_") && secret.len() > 40);
    let list = String::from_utf8(lashon(&db, &["webhooks", "list"]).stdout).unwrap();
    assert!(list.contains("https://hooks.example.com/a") && list.contains("politics,security"));
    assert!(!list.contains(&secret), "secrets are shown once");
    for bad in [
        "https://127.0.0.1/x",
        "https://0x7f.1/x",
        "https://[::ffff:10.0.0.1]/x",
        "http://hooks.example.com/x",
        "https://hooks.example.com:8443/x",
        "https://user:pw@hooks.example.com/x",
        "https://hooks.example.com/x#frag",
        "https://printer.local/x",
    ] {
        let out = add(bad);
        assert!(!out.status.success(), "{bad} was accepted");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("refused destination"),
            "{bad}"
        );
    }
    // Five enabled at most.
    for i in 0..4 {
        assert!(add(&format!("https://h{i}.example.com/")).status.success());
    }
    let sixth = add("https://h9.example.com/");
    assert!(!sixth.status.success());
    assert!(String::from_utf8_lossy(&sixth.stderr).contains("disable one first"));
    let id = list
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    assert!(lashon(&db, &["webhooks", "disable", &id]).status.success());
    assert!(add("https://h9.example.com/").status.success());
    assert!(
        !lashon(&db, &["webhooks", "enable", &id]).status.success(),
        "a sixth may not be enabled"
    );
    let rotated = lashon(&db, &["webhooks", "rotate-secret", &id]);
    let new = String::from_utf8(rotated.stdout)
        .unwrap()
        .trim()
        .to_string();
    assert!(new.starts_with("whsec_") && new != secret);
    assert!(!lashon(&db, &["webhooks", "disable", "whk_nope"])
        .status
        .success());
}

const REGISTRY: &str = r#"
[[newsroom]]
key = "ynet"
name = "Ynet"
language = "he"
side = "centre"
lean = "center"
place = "Rishon LeZion"

[[newsroom]]
key = "timesofisrael"
name = "The Times of Israel"
language = "en"
side = "centre"
lean = "center"
place = "Jerusalem"
"#;

#[tokio::test(flavor = "multi_thread")]
async fn a_breaking_story_is_delivered_and_a_killed_server_delivers_again() {
    // The receiver holds the first delivery long enough for the server to be killed.
    let (r, url) = receiver(&[Answer::Hang(5_000), Answer::Status(200)]).await;
    let (dir, db) = temp_db();
    let reg = dir.path().join("registry.toml");
    std::fs::write(&reg, REGISTRY).unwrap();
    assert!(lashon(&db, &["sources", "import", reg.to_str().unwrap()])
        .status
        .success());
    assert!(
        lashon(&db, &["accounts", "create", "acme", "--plan", "enterprise"])
            .status
            .success()
    );
    let key =
        String::from_utf8(lashon(&db, &["keys", "create", "--account", "acme"]).stdout).unwrap();
    let out = lashon(
        &db,
        &[
            "webhooks",
            "add",
            &url,
            "--allow-loopback",
            "--topics",
            "politics",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let secret = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let file = breaking_articles(dir.path());
    let out = lashon(&db, &["ingest", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_lashon"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--crawl-every",
            "0",
            "--allow-loopback",
            "--db",
        ])
        .arg(&db)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the first delivery to arrive, then kill -9 while the receiver holds it.
    for _ in 0..100 {
        if !r.got.lock().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(r.got.lock().unwrap().len(), 1, "the first delivery arrived");
    server.kill().unwrap();
    server.wait().unwrap();

    // A restart finds the delivery still claimed by the killed process; when the claim's
    // lease ends (the attempt's ten seconds and a margin) it sends it again, same event id.
    let s = Server::start_plain_with(&db, key.trim(), &["--allow-loopback"]);
    for _ in 0..400 {
        if r.got.lock().unwrap().len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let got = r.got.lock().unwrap().clone();
    assert_eq!(got.len(), 2, "delivered again after the restart");
    let id = |h: &HeaderMap| h["x-service-event-id"].to_str().unwrap().to_string();
    assert_eq!(id(&got[0].0), id(&got[1].0));
    let (headers, body) = &got[1];
    let sig = headers["x-service-signature"].to_str().unwrap();
    verify(secret.as_bytes(), sig, body, Utc::now().timestamp(), 300).unwrap();
    let event: serde_json::Value = serde_json::from_slice(body).unwrap();
    assert_eq!(event["type"], "story.breaking");
    assert_eq!(event["state"], "breaking");
    assert_eq!(event["topic"], "politics");
    assert_eq!(event["id"], id(headers));
    assert!(event["storyId"].is_string() && event["observedAt"].is_string());
    drop(s);
}
