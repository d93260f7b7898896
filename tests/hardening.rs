//! The server probed as a hostile or merely busy client would (issue 19), against the real
//! binary over loopback: an oversize glossary key, concurrent requests racing for one quota,
//! connections that never finish their request head, another process holding the database's
//! write lock, two ingests next to a serving node, export limited to enterprise, CSV cells a
//! spreadsheet would run, keep-alive after 401 and 429, 414/431 with the envelope, a future
//! change-feed `since`, a request deadline that cancels a hanging model call and refunds, and
//! a `--db` URL of another database refused before anything is created.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

use common::fake_model::{Behaviour, FakeModel};
use common::{lashon, on_postgres, temp_db, Server};
use serde_json::{json, Value};

/// Runs a CLI command that must succeed; its standard output.
fn cli(db: &Path, args: &[&str]) -> String {
    let out = lashon(db, args);
    assert!(
        out.status.success(),
        "lashon {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// An account on `plan` with a sandbox key holding `scopes`.
fn account(db: &Path, name: &str, plan: &str, extra: &[&str], scopes: &str) -> String {
    let mut args = vec!["accounts", "create", name, "--plan", plan];
    args.extend_from_slice(extra);
    cli(db, &args);
    cli(
        db,
        &[
            "keys",
            "create",
            "--account",
            name,
            "--scopes",
            scopes,
            "--sandbox",
        ],
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn an_oversize_glossary_key_is_refused_on_every_translation_path() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let key = "k".repeat(1_000_000);
    let glossary = json!({ key.clone(): "ערך" });
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    for (path, body) in [
        (
            "/v1/translate",
            json!({"text": "Hello there.", "target_lang": "he", "glossary": glossary}),
        ),
        (
            "/v1/translate/batch",
            json!({"items": ["Hello there."], "target_lang": "he", "glossary": glossary}),
        ),
        (
            "/v1/clinical/translate",
            json!({"text": "Take 5 mg daily.", "glossary": glossary}),
        ),
    ] {
        let res = s
            .send(
                client
                    .post(s.url(path))
                    .bearer_auth(&s.sandbox_key)
                    .json(&body),
            )
            .await;
        assert_eq!(res.status, 400, "{path}: {}", res.body);
        res.error("invalid_request");
        let message = res.body["error"]["message"].as_str().unwrap();
        assert!(message.contains("200 characters"), "{message}");
        // The message does not echo the megabyte back.
        assert!(message.len() < 300, "{} bytes", message.len());
    }
    // A term of 200 characters is fine.
    let ok =
        json!({"text": "Hello there.", "target_lang": "he", "glossary": {"k".repeat(200): "ערך"}});
    assert_eq!(s.post("/v1/translate", &ok).await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_requests_admit_exactly_what_the_quota_holds() {
    let (_dir, db) = temp_db();
    // 1,000 characters protected at balanced quality weigh 2,000; 9,000 hold four of them.
    let key = account(&db, "tight", "team", &["--char-quota", "9000"], "stories");
    let s = Server::start_plain(&db, &key);
    let text = format!("{}.", "a".repeat(999));
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let (client, url, key, text) = (
            s.client.clone(),
            s.url("/v1/translate"),
            key.clone(),
            text.clone(),
        );
        tasks.push(tokio::spawn(async move {
            client
                .post(url)
                .bearer_auth(key)
                .json(&json!({"text": text, "target_lang": "he", "protect": true}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    let admitted = statuses.iter().filter(|s| **s == 200).count();
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert_eq!((admitted, refused), (4, 16), "{statuses:?}");
    let usage = s.get("/v1/usage").await;
    assert_eq!(usage.status, 200);
    assert_eq!(
        usage.header("x-usage-chars-used"),
        Some("8000"),
        "{}",
        usage.body
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_request_past_its_deadline_is_answered_and_refunded() {
    let fake = FakeModel::start().await;
    fake.script(&[Behaviour::Hang(Duration::from_secs(30))]);
    let (_dir, db) = temp_db();
    let s = Server::start_with(
        &db,
        &[
            "--model-url",
            &fake.url,
            "--model-timeout-ms",
            "60000",
            "--request-timeout",
            "1",
        ],
    );
    let res = s
        .send(
            s.client
                .post(s.url("/v1/translate"))
                .bearer_auth(&s.live_key)
                .json(&json!({"text": "Hello there.", "target_lang": "he"})),
        )
        .await;
    assert_eq!(res.status, 503, "{}", res.body);
    res.error("service_unavailable");
    assert!(res.header("retry-after").is_some());
    // Nothing stays charged: the reservation was given back.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let usage = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&s.live_key))
        .await;
    assert_eq!(
        usage.header("x-usage-chars-used"),
        Some("0"),
        "{}",
        usage.body
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn slow_header_connections_are_closed_while_health_answers() {
    let (_dir, db) = temp_db();
    let s = Server::start_with(&db, &["--header-timeout", "2"]);
    let _ = rlimit::increase_nofile_limit(8_192);
    let mut slow = Vec::new();
    for _ in 0..1_000 {
        let mut c = TcpStream::connect(&s.addr).unwrap();
        c.write_all(b"GET /v1/hea").unwrap();
        slow.push(c);
    }
    // Everyone else is served meanwhile.
    for _ in 0..5 {
        let res = s.send(s.client.get(s.url("/v1/health"))).await;
        assert_eq!(res.status, 200);
    }
    // Every half-sent request is closed by the server (a read ends), none left open.
    let closed = tokio::task::spawn_blocking(move || {
        slow.iter_mut()
            .map(|c| {
                c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
                let mut rest = Vec::new();
                // Read to the end: EOF (after hyper's 408, if any) or a reset is the server
                // closing; only our own read timeout means it stayed open.
                match c.read_to_end(&mut rest) {
                    Ok(_) => true,
                    Err(e) => !matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ),
                }
            })
            .filter(|closed| *closed)
            .count()
    })
    .await
    .unwrap();
    assert_eq!(closed, 1_000);
    // An idle keep-alive connection after a full request is closed too.
    let mut idle = TcpStream::connect(&s.addr).unwrap();
    idle.write_all(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match idle.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
            Err(e) => panic!("the idle connection was not closed: {e}"),
        }
    }
    assert!(String::from_utf8_lossy(&seen).starts_with("HTTP/1.1 200"));
}

#[tokio::test(flavor = "multi_thread")]
async fn over_the_connection_cap_the_refusal_carries_the_envelope() {
    let (_dir, db) = temp_db();
    let s = Server::start_with(&db, &["--max-connections", "8", "--header-timeout", "30"]);
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut c = TcpStream::connect(&s.addr).unwrap();
        c.write_all(b"GET /v1/hea").unwrap();
        held.push(c);
    }
    std::thread::sleep(Duration::from_millis(300));
    let mut extra = TcpStream::connect(&s.addr).unwrap();
    extra
        .write_all(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    extra
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut answer = String::new();
    extra.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(body["error"]["type"], "service_unavailable");
    assert_eq!(body["error"]["code"], "service_unavailable");
    // A slot freed is a slot served.
    drop(held.pop());
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(s.send(s.client.get(s.url("/v1/health"))).await.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn another_process_holding_the_write_lock_gives_503_not_500_and_reads_go_on() {
    if on_postgres() {
        // SQLite's file-wide write lock has no PostgreSQL counterpart (writers wait on row
        // locks and the news advisory lock; tests/multi_node.rs runs writers side by side).
        eprintln!("another_process_holding_the_write_lock: a SQLite case, not run on PostgreSQL");
        return;
    }
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    // Another process's writer: a transaction holding SQLite's write lock.
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let key = s.sandbox_key.clone();
    // Reads answer while the lock is held (it is released only after they did).
    let health = s.send(client.get(s.url("/v1/health"))).await;
    assert_eq!(
        (health.status, health.body["db"].clone()),
        (200, json!("ok"))
    );
    let detect = s
        .send(
            client
                .post(s.url("/v1/detect"))
                .bearer_auth(&key)
                .json(&json!({"text": "שלום world"})),
        )
        .await;
    assert_eq!(detect.status, 200);
    let stories = s
        .send(
            client
                .get(s.url("/api/v1/stories?limit=5"))
                .bearer_auth(&key),
        )
        .await;
    assert_eq!(stories.status, 200, "{}", stories.body);
    // Writes wait a moment, then say so with 503 and Retry-After.
    for (path, body) in [
        (
            "/v1/translate",
            json!({"text": "Hello there.", "target_lang": "he"}),
        ),
        ("/v1/terms", json!({"terms": [{"term": "Acme"}]})),
    ] {
        let res = s
            .send(client.post(s.url(path)).bearer_auth(&key).json(&body))
            .await;
        assert_eq!(res.status, 503, "{path}: {}", res.body);
        res.error("service_unavailable");
        assert_eq!(res.header("retry-after"), Some("1"));
    }
    holder.execute_batch("ROLLBACK").unwrap();
    // And when the lock is gone, they go through.
    let res = s
        .post("/v1/terms", &json!({"terms": [{"term": "Acme"}]}))
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    let log = s.stop();
    assert!(log.contains("store busy"), "503s are logged: {log}");
    assert!(!log.contains("Hello there"), "no request text in the log");
}

/// JSON lines of `n` articles of newsroom `source` under `prefix`.
fn articles(source: &str, prefix: &str, n: usize) -> String {
    let now = chrono::Utc::now();
    (0..n)
        .map(|i| {
            json!({
                "source": source,
                "url": format!("https://example.com/{prefix}/{i}"),
                "headline": format!("{prefix} report number {i} on the Knesset budget vote"),
                "publishedAt": (now - chrono::Duration::minutes(i as i64)).to_rfc3339(),
            })
            .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread")]
async fn ingests_next_to_a_serving_node_and_to_each_other_all_succeed() {
    let (dir, db) = temp_db();
    let s = Server::start(&db);
    let files: Vec<_> = ["first", "second"]
        .iter()
        .map(|p| {
            let path = dir.path().join(format!("{p}.jsonl"));
            std::fs::write(&path, articles("ynet", p, 1_500)).unwrap();
            path
        })
        .collect();
    // Two ingests at once, while the server serves (and writes its own charges).
    let children: Vec<_> = files
        .iter()
        .map(|f| {
            std::process::Command::new(env!("CARGO_BIN_EXE_lashon"))
                .args(["ingest", f.to_str().unwrap(), "--db"])
                .arg(&db)
                .env_remove("LASHON_DB")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for _ in 0..20 {
        let res = s
            .post(
                "/v1/translate",
                &json!({"text": "Hello there.", "target_lang": "he"}),
            )
            .await;
        assert!(res.status == 200 || res.status == 503, "{}", res.body);
    }
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Every article is stored and clustered: none is left pending.
    let (stored, pending, unclustered): (i64, i64, i64) = if on_postgres() {
        let url = db.to_str().expect("a PostgreSQL URL");
        let rows = lashon_store::postgres::testing::text_rows(
            url,
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE pending), COUNT(*) FILTER (WHERE story_id IS NULL)
             FROM articles WHERE url LIKE 'https://example.com/%'",
        )
        .expect("count articles");
        let n = |i: usize| -> i64 { rows[0][i].as_deref().unwrap_or("0").parse().unwrap() };
        (n(0), n(1), n(2))
    } else {
        rusqlite::Connection::open(&db)
            .unwrap()
            .query_row(
                "SELECT COUNT(*), SUM(pending), SUM(story_id IS NULL) FROM articles
                 WHERE url LIKE 'https://example.com/%'",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap()
    };
    assert_eq!((stored, pending, unclustered), (3_000, 0, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn export_is_for_enterprise_and_csv_cells_cannot_run() {
    let (dir, db) = temp_db();
    let s = Server::start(&db);
    let starter = account(&db, "small", "starter", &[], "stories,export");
    let big = account(&db, "big", "enterprise", &[], "stories,export");
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let path = format!("/api/v1/export?from={today}&to={today}&format=csv");
    let refused = s
        .send(s.client.get(s.url(&path)).bearer_auth(&starter))
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(refused.body["error"]["code"], "forbidden");
    // A headline written as a formula.
    let file = dir.path().join("formula.jsonl");
    std::fs::write(
        &file,
        json!({
            "source": "ynet",
            "url": "https://example.com/formula",
            "headline": "=HYPERLINK(\"http://evil.example\",\"Knesset\")",
            "publishedAt": chrono::Utc::now().to_rfc3339(),
        })
        .to_string(),
    )
    .unwrap();
    cli(&db, &["ingest", file.to_str().unwrap()]);
    let res = s
        .client
        .get(s.url(&path))
        .bearer_auth(&big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let csv = res.text().await.unwrap();
    assert!(
        csv.contains("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Knesset\"\")\""),
        "{csv}"
    );
    assert!(!csv.contains(",=HYPERLINK"));
}

/// Sends raw requests on one connection and returns the status line of each answer.
fn statuses_on_one_connection(addr: &str, requests: &[String]) -> Vec<String> {
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut out = Vec::new();
    for r in requests {
        c.write_all(r.as_bytes()).unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            assert_eq!(
                c.read(&mut byte).unwrap(),
                1,
                "connection closed after {out:?}"
            );
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head).to_string();
        let length: usize = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length: ")
                    .map(|v| v.trim().parse().unwrap())
            })
            .unwrap_or(0);
        let mut body = vec![0u8; length];
        c.read_exact(&mut body).unwrap();
        out.push(head.lines().next().unwrap_or("").to_string());
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn keep_alive_survives_401_and_429_on_posts() {
    let (_dir, db) = temp_db();
    let s = Server::start_with(&db, &["--rate-limit", "2"]);
    let key = s.sandbox_key.clone();
    let addr = s.addr.clone();
    let body = json!({"text": "שלום world ".repeat(500)}).to_string();
    let post = |auth: &str| {
        format!(
            "POST /v1/detect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{auth}Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
    };
    let requests = vec![
        post("Authorization: Bearer lsk_live_nope\r\n"),
        post(""),
        post(&format!("Authorization: Bearer {key}\r\n")),
        post(&format!("Authorization: Bearer {key}\r\n")),
        post(&format!("Authorization: Bearer {key}\r\n")),
        "GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n".to_string(),
        format!(
            "POST /v1/nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
        "GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n".to_string(),
    ];
    let statuses =
        tokio::task::spawn_blocking(move || statuses_on_one_connection(&addr, &requests))
            .await
            .unwrap();
    let codes: Vec<&str> = statuses
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        codes,
        ["401", "401", "200", "200", "429", "200", "404", "200"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn oversize_targets_and_headers_and_future_checkpoints() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let long = s.url(&format!("/v1/health?{}", "a".repeat(9_000)));
    let res = s.send(s.client.get(long)).await;
    assert_eq!(res.status, 414);
    res.error("invalid_request");
    let mut req = s
        .client
        .get(s.url("/api/v1/stories"))
        .bearer_auth(&s.sandbox_key);
    for i in 0..120 {
        req = req.header(format!("x-extra-{i}"), "1");
    }
    let res = s.send(req).await;
    assert_eq!(res.status, 431);
    assert_eq!(res.body["error"]["code"], "bad_request");
    assert!(res.body["error"]["message"].as_str().is_some());
    // A `since` in the future reads as now: the checkpoint is never ahead of the clock.
    let future = (chrono::Utc::now() + chrono::Duration::days(3)).to_rfc3339();
    let res = s
        .get(&format!(
            "/api/v1/changes?since={}",
            future.replace('+', "%2B")
        ))
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    let checkpoint: chrono::DateTime<chrono::Utc> =
        res.body["checkpoint"].as_str().unwrap().parse().unwrap();
    assert!(checkpoint <= chrono::Utc::now(), "{checkpoint}");
}

/// `--db` (and `LASHON_DB`) names a SQLite file, plain or as `sqlite:PATH`. A PostgreSQL or
/// other URL is refused before anything is opened, with a message that says what is accepted,
/// and creates nothing: taken as a path it would have made a directory named `postgres:`.
#[test]
fn database_urls_of_unknown_schemes_are_refused_and_create_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |db: &str, env: bool| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_lashon"));
        cmd.current_dir(dir.path()).args(["keys", "list"]);
        if env {
            cmd.env("LASHON_DB", db);
        } else {
            cmd.env_remove("LASHON_DB").args(["--db", db]);
        }
        cmd.output().expect("run lashon")
    };
    for (db, env) in [
        ("mysql://localhost/lashon", false),
        ("redis://localhost", true),
        ("postgres://", false),
        ("sqlite:", false),
    ] {
        let out = run(db, env);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{db}: {stderr}");
        assert!(stderr.contains("sqlite:PATH"), "{db}: {stderr}");
        assert!(stderr.contains("postgres://"), "{db}: {stderr}");
    }
    // A PostgreSQL URL selects PostgreSQL: a server that is not there fails at once, saying
    // so, and no SQLite file appears in its place.
    for (db, env) in [
        ("postgres://lashon@127.0.0.1:1/lashon", false),
        ("postgresql://lashon@127.0.0.1:1/lashon", true),
    ] {
        let out = run(db, env);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{db}: {stderr}");
        assert!(stderr.contains("PostgreSQL"), "{db}: {stderr}");
    }
    // A URL demanding TLS is refused before any connection, saying TLS is not supported.
    let out = run(
        "postgres://lashon@127.0.0.1:1/lashon?sslmode=require",
        false,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("sslmode=require"), "{stderr}");
    assert!(stderr.contains("does not support"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).expect("read dir").collect();
    assert!(left.is_empty(), "files created: {left:?}");

    // `sqlite:PATH` opens that file.
    let out = run("sqlite:named.db", false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("named.db").is_file());
}
