//! `lashon migrate --from sqlite:PATH --to postgres://…` (`LASHON_TEST_POSTGRES`; skipped,
//! saying so, without it): a SQLite deployment built through the command line and `serve
//! --demo` (accounts, keys, usage, terms, newsrooms, articles, stories, a webhook with queued
//! deliveries) is copied, interrupted after a few batches and continued, nothing twice; a
//! server on the PostgreSQL copy accepts the same key and answers the same usage, terms,
//! stories and search; what is not a migration is refused with exit code 2.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{lashon, Server};
use lashon_store::postgres::testing::{text_rows, TestDatabase};
use serde_json::{json, Value};

fn migrate(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lashon"))
        .arg("migrate")
        .args(args)
        .env_remove("LASHON_DB")
        .output()
        .expect("run lashon migrate")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The rows of `table` in the SQLite file.
fn sqlite_count(db: &Path, table: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))
        .unwrap()
}

fn pg_count(url: &str, table: &str) -> i64 {
    text_rows(url, &format!("SELECT COUNT(*) FROM {table}")).unwrap()[0][0]
        .as_deref()
        .unwrap()
        .parse()
        .unwrap()
}

/// The ids and headlines of a list of stories.
fn stories(body: &Value) -> Vec<(Value, Value)> {
    body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("no data: {body}"))
        .iter()
        .map(|s| (s["id"].clone(), s["headline"].clone()))
        .collect()
}

/// What a client sees of a deployment: usage, terms, the stories and a search.
async fn seen(s: &Server, query: &str) -> (Value, Value, Vec<(Value, Value)>, Vec<(Value, Value)>) {
    let terms = s.get("/v1/terms").await;
    assert_eq!(terms.status, 200, "{}", terms.body);
    let list = s.get("/api/v1/stories?limit=50").await;
    assert_eq!(list.status, 200, "{}", list.body);
    let found = s.get(&format!("/api/v1/search?q={query}")).await;
    assert_eq!(found.status, 200, "{}", found.body);
    let usage = s.get("/v1/usage").await;
    assert_eq!(usage.status, 200, "{}", usage.body);
    (
        usage.body,
        terms.body,
        stories(&list.body),
        stories(&found.body),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sqlite_deployment_moves_to_postgres_interrupted_and_continued() {
    let Some(pg) = TestDatabase::from_env() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lashon.db");

    // The SQLite deployment: the demo (account, keys, newsrooms, articles, stories), usage,
    // terms, a second account with a key, a webhook and deliveries queued for it.
    let s = Server::start(&db);
    let res = s
        .post(
            "/v1/terms",
            &json!({"terms": [
                {"term": "Aspirin", "translations": {"he": "אספירין"}, "note": "drug"},
                {"term": "Lashon"}
            ]}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    for _ in 0..3 {
        let res = s
            .post(
                "/v1/translate",
                &json!({"text": "Hello world", "target_lang": "he"}),
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.body);
    }
    let first = stories(&s.get("/api/v1/stories?limit=1").await.body);
    let headline = match &first[0].1 {
        Value::Object(localized) => localized.values().next().unwrap().clone(),
        other => other.clone(),
    };
    let word = headline
        .as_str()
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let query: String = form_urlencoded::byte_serialize(word.as_bytes()).collect();
    let before = seen(&s, &query).await;
    assert!(!before.3.is_empty(), "the search finds the story");
    let key = s.sandbox_key.clone();
    // Copied while the server runs, interrupted after 4 batches of 7 rows.
    let from = format!("sqlite:{}", db.display());
    let out = migrate(&[
        "--from",
        &from,
        "--to",
        &pg.url,
        "--batch-size",
        "7",
        "--stop-after-batches",
        "4",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("stopped after 4 batches"),
        "{}",
        text(&out)
    );
    let partial: i64 = pg_count(&pg.url, "accounts")
        + pg_count(&pg.url, "api_keys")
        + pg_count(&pg.url, "news_meta")
        + pg_count(&pg.url, "newsrooms");
    assert!(partial > 0 && partial <= 4 * 7, "{partial}");
    assert_eq!(pg_count(&pg.url, "articles"), 0);
    s.stop();
    // Rows added while the migration is interrupted (an account whose random id may sort
    // before the one copied, a key, a webhook, queued deliveries).
    assert!(lashon(&db, &["accounts", "create", "acme"])
        .status
        .success());
    assert!(lashon(&db, &["keys", "create", "--account", "acme"])
        .status
        .success());
    let out = lashon(
        &db,
        &[
            "webhooks",
            "add",
            "https://hooks.example.com/a",
            "--account",
            "demo",
        ],
    );
    assert!(out.status.success(), "{}", text(&out));
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let endpoint: String = conn
            .query_row("SELECT id FROM webhook_endpoints", [], |r| r.get(0))
            .unwrap();
        for i in 0..3 {
            conn.execute(
                "INSERT INTO webhook_deliveries (event_id, endpoint_id, body, attempts, next_at, state, created_at)
                 VALUES (?, ?, '{}', 0, 4000000000, 'pending', 1700000000)",
                rusqlite::params![format!("evt_{i}"), endpoint],
            )
            .unwrap();
        }
    }

    // Continued: every table equal, nothing twice.
    let out = migrate(&["--from", &from, "--to", &pg.url, "--batch-size", "7"]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(stdout.starts_with("table"), "{stdout}");
    assert!(
        text(&out).contains("continued an earlier run"),
        "{}",
        text(&out)
    );
    for line in stdout.lines().skip(1) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells.len(), 3, "{line}");
        assert_eq!(cells[1], cells[2], "{line}");
    }
    for table in [
        "accounts",
        "api_keys",
        "usage",
        "account_terms",
        "newsrooms",
        "articles",
        "stories",
        "story_sources",
        "mentions",
        "people",
        "person_aliases",
        "webhook_endpoints",
        "webhook_deliveries",
    ] {
        assert_eq!(
            sqlite_count(&db, table),
            pg_count(&pg.url, table),
            "{table}"
        );
        assert!(stdout.contains(table), "{table} is not in {stdout}");
    }
    assert_eq!(pg_count(&pg.url, "webhook_deliveries"), 3);
    assert_eq!(pg_count(&pg.url, "accounts"), 2);
    assert_eq!(
        pg_count(&pg.url, "story_search"),
        pg_count(&pg.url, "stories")
    );
    // Again: nothing left to copy, nothing copied twice.
    let out = migrate(&["--from", &from, "--to", &pg.url]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("migrated already"), "{}", text(&out));

    // A server on the copy: the same key, usage, terms, stories and search.
    let url = PathBuf::from(&pg.url);
    let s = Server::start_plain(&url, &key);
    let after = seen(&s, &query).await;
    assert_eq!(after.1, before.1, "terms");
    assert_eq!(after.2, before.2, "stories");
    assert_eq!(after.3, before.3, "search");
    assert_eq!(after.0, before.0, "usage");
    assert!(before.0["requests"].as_u64().unwrap() > 0, "{}", before.0);
    s.stop();
    // The sequences were moved past the copied ids: new keys and articles go in.
    let out = lashon(&url, &["keys", "create", "--account", "acme"]);
    assert!(out.status.success(), "{}", text(&out));
    let file = dir.path().join("one.jsonl");
    std::fs::write(
        &file,
        json!({"source": "ynet", "url": "https://example.com/after-migration", "headline": "הכנסת אישרה את התקציב", "publishedAt": chrono::Utc::now().to_rfc3339()}).to_string(),
    )
    .unwrap();
    let out = lashon(&url, &["ingest", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        pg_count(&pg.url, "articles"),
        sqlite_count(&db, "articles") + 1
    );
    // A completed migration is only counted again, and says the source changed.
    let out = migrate(&["--from", &from, "--to", &pg.url]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("changed since"), "{}", text(&out));
    assert!(text(&out).contains("DIFFERS"), "{}", text(&out));
}

#[test]
fn what_is_not_a_migration_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lashon.db");
    assert!(lashon(&db, &["accounts", "create", "acme"])
        .status
        .success());
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "not a database, only some words in a file").unwrap();
    let pg_url = "postgres://nobody@127.0.0.1:1/none";
    let from = db.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--from", from, "--to", "other.db"],
            "--to must name a PostgreSQL",
        ),
        (
            vec!["--from", pg_url, "--to", pg_url],
            "--from must name a SQLite",
        ),
        (
            vec!["--from", "mysql://h/db", "--to", pg_url],
            "unknown database scheme",
        ),
        (
            vec!["--from", notes.to_str().unwrap(), "--to", pg_url],
            "is not a SQLite database",
        ),
        (vec!["--from", "missing.db", "--to", pg_url], "cannot read"),
    ] {
        let out = migrate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
        assert!(text(&out).contains(says), "{args:?}: {}", text(&out));
    }
    assert!(!Path::new("missing.db").exists());

    // A target holding data of its own.
    let Some(pg) = TestDatabase::from_env() else {
        return;
    };
    let url = PathBuf::from(&pg.url);
    assert!(lashon(&url, &["accounts", "create", "other"])
        .status
        .success());
    let out = migrate(&["--from", from, "--to", &pg.url]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(
        text(&out).contains("already holds data (accounts"),
        "{}",
        text(&out)
    );
    assert_eq!(pg_count(&pg.url, "accounts"), 1);
    // Forced, the copy runs, and the counts say the target held more.
    let out = migrate(&["--from", from, "--to", &pg.url, "--force"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("accounts (1 in SQLite, 2 in PostgreSQL)"),
        "{}",
        text(&out)
    );
}

/// A migration killed with SIGKILL in the middle of the articles: what it committed is whole
/// (the articles copied are exactly those its progress row counts), and running it again
/// completes with every table equal.
#[test]
fn a_migration_killed_mid_table_continues() {
    let Some(pg) = TestDatabase::from_env() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lashon.db");
    let registry = dir.path().join("registry.toml");
    std::fs::write(
        &registry,
        "[[newsroom]]\nkey = \"herald\"\nname = \"The Herald\"\nlanguage = \"en\"\nside = \"centre\"\nlean = \"center\"\nplace = \"Haifa\"\n",
    )
    .unwrap();
    assert!(
        lashon(&db, &["sources", "import", registry.to_str().unwrap()])
            .status
            .success()
    );
    let now = chrono::Utc::now();
    let words = [
        "harbour", "strike", "budget", "drought", "railway", "bridge", "tunnel",
    ];
    let lines: Vec<String> = (0..3_000)
        .map(|i: usize| {
            json!({
                "source": "herald",
                "url": format!("https://herald.invalid/{i}"),
                "headline": format!("{} {} report {}", words[i % 7], words[(i / 7) % 7], i / 3),
                "publishedAt": (now - chrono::Duration::minutes((i % 1_000) as i64)).to_rfc3339(),
            })
            .to_string()
        })
        .collect();
    let file = dir.path().join("articles.jsonl");
    std::fs::write(&file, lines.join("\n")).unwrap();
    let out = lashon(&db, &["ingest", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));

    let from = db.to_str().unwrap().to_owned();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_lashon"))
        .args([
            "migrate",
            "--from",
            &from,
            "--to",
            &pg.url,
            "--batch-size",
            "5",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let progress = |table: &str| -> i64 {
        text_rows(
            &pg.url,
            &format!("SELECT copied FROM lashon_migrate_progress WHERE table_name = '{table}'"),
        )
        .unwrap_or_default()
        .first()
        .and_then(|r| r[0].as_deref().map(|v| v.parse().unwrap()))
        .unwrap_or(0)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while progress("articles") < 100 {
        assert!(child.try_wait().unwrap().is_none(), "migrate ended first");
        assert!(std::time::Instant::now() < deadline, "no articles copied");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(child.try_wait().unwrap().is_none(), "migrate ended first");
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let copied = pg_count(&pg.url, "articles");
    assert!(copied < 3_000, "{copied}");
    assert_eq!(
        copied,
        progress("articles"),
        "the progress row and the rows agree"
    );

    let out = migrate(&["--from", &from, "--to", &pg.url, "--batch-size", "500"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("continued an earlier run"),
        "{}",
        text(&out)
    );
    for table in [
        "articles",
        "stories",
        "story_sources",
        "mentions",
        "changes",
    ] {
        assert_eq!(
            sqlite_count(&db, table),
            pg_count(&pg.url, table),
            "{table}"
        );
    }
    assert_eq!(pg_count(&pg.url, "articles"), 3_000);
    let distinct = text_rows(&pg.url, "SELECT COUNT(DISTINCT url) FROM articles").unwrap();
    assert_eq!(distinct[0][0].as_deref(), Some("3000"));
}
