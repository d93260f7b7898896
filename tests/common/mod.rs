//! A harness that runs the real `lashon` binary: `serve --demo` on an ephemeral loopback port
//! with a temporary SQLite file, its keys read from the tour it prints, its log kept.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

pub mod fake_model;

pub struct Server {
    pub addr: String,
    pub live_key: String,
    pub sandbox_key: String,
    pub client: reqwest::Client,
    child: Child,
    log: std::sync::Arc<std::sync::Mutex<String>>,
}

pub struct Response {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts the body is the spec's error envelope of `ty` and returns its code.
    pub fn error(&self, ty: &str) -> String {
        let err = &self.body["error"];
        assert_eq!(err["type"], ty, "status {} body {}", self.status, self.body);
        assert!(
            !err["message"].as_str().unwrap_or("").is_empty(),
            "{}",
            self.body
        );
        err["code"].as_str().expect("code").to_string()
    }
}

pub fn lashon(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lashon"))
        .args(args)
        .arg("--db")
        .arg(db)
        .env_remove("LASHON_DB")
        .output()
        .expect("run lashon")
}

impl Server {
    /// Starts `lashon serve --demo` on `db`.
    pub fn start(db: &Path) -> Server {
        Server::start_with(db, &[])
    }

    /// Starts `lashon serve --demo` on `db` with more arguments.
    pub fn start_with(db: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lashon"))
            .args(["serve", "--demo", "--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(args)
            .env_remove("LASHON_NIKUD_MODEL")
            .env_remove("LASHON_MODEL_URL")
            .env_remove("LASHON_MODEL_KEY")
            .env("LASHON_LOG", "debug")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start lashon");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut stderr = child.stderr.take().expect("stderr");
        let sink = log.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
        let mut addr = None;
        let mut live = None;
        let mut sandbox = None;
        while live.is_none() || sandbox.is_none() || addr.is_none() {
            let line = rx
                .recv_timeout(Duration::from_secs(60))
                .expect("the demo tour");
            if let Some(rest) = line.split("http://").nth(1) {
                addr.get_or_insert_with(|| rest.split(". ").next().unwrap_or(rest).to_string());
            }
            if let Some(k) = line.trim().strip_prefix("live key:") {
                live = Some(k.trim().to_string());
            }
            if let Some(k) = line.trim().strip_prefix("sandbox key:") {
                sandbox = Some(k.trim().to_string());
            }
        }
        Server {
            addr: addr.unwrap(),
            live_key: live.unwrap(),
            sandbox_key: sandbox.unwrap(),
            client: client(),
            child,
            log,
        }
    }

    /// Starts `lashon serve` without the demo on `db` (which must hold its accounts already),
    /// with `key` as the key of [`Server::get`] and [`Server::post`]; crawling is off.
    pub fn start_plain(db: &Path, key: &str) -> Server {
        Server::start_plain_with(db, key, &[])
    }

    /// [`Server::start_plain`] with more arguments.
    pub fn start_plain_with(db: &Path, key: &str, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lashon"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--crawl-every",
                "0",
                "--db",
            ])
            .arg(db)
            .args(args)
            .env_remove("LASHON_NIKUD_MODEL")
            .env_remove("LASHON_MODEL_URL")
            .env("LASHON_LOG", "info")
            .env("NO_COLOR", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start lashon");
        let mut stderr = child.stderr.take().expect("stderr");
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let sink = log.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        let addr = loop {
            let text = log.lock().map(|s| s.clone()).unwrap_or_default();
            let found = text
                .lines()
                .find(|l| l.contains("lashon serving"))
                .and_then(|l| l.split("addr=").nth(1))
                .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string());
            if let Some(addr) = found {
                break addr;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "lashon did not start: {text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        Server {
            addr,
            live_key: key.to_string(),
            sandbox_key: key.to_string(),
            client: client(),
            child,
            log,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub async fn send(&self, req: reqwest::RequestBuilder) -> Response {
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let text = res.text().await.expect("body");
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Response {
            status,
            headers,
            body,
        }
    }

    /// POST JSON with the sandbox key.
    pub async fn post(&self, path: &str, body: &Value) -> Response {
        self.send(
            self.client
                .post(self.url(path))
                .bearer_auth(&self.sandbox_key)
                .json(body),
        )
        .await
    }

    /// GET with the sandbox key.
    pub async fn get(&self, path: &str) -> Response {
        self.send(
            self.client
                .get(self.url(path))
                .bearer_auth(&self.sandbox_key),
        )
        .await
    }

    /// What the server logged so far.
    pub fn log(&self) -> String {
        self.log.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Kills the server with SIGKILL (`kill -9`): no shutdown, nothing flushed.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Stops the server with SIGTERM and waits; panics unless it exits cleanly.
    pub fn stop(mut self) -> String {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill");
        assert!(ok.success());
        let status = self.child.wait().expect("wait");
        assert!(status.success(), "lashon exited with {status:?}");
        std::thread::sleep(Duration::from_millis(50));
        let log = self.log.lock().map(|s| s.clone()).unwrap_or_default();
        log
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The converted Nakdimon weights from `LASHON_NIKUD_MODEL`. `None` (and a note on stderr)
/// when unset, unless `LASHON_REQUIRE_NIKUD_MODEL=1`, which makes a missing model a failure.
pub fn nikud_model() -> Option<PathBuf> {
    match std::env::var_os("LASHON_NIKUD_MODEL") {
        Some(path) => Some(PathBuf::from(path)),
        None if std::env::var("LASHON_REQUIRE_NIKUD_MODEL").as_deref() == Ok("1") => {
            panic!("LASHON_NIKUD_MODEL is not set; run scripts/fetch-nikud-model")
        }
        None => {
            eprintln!("skipped: the nikud model is not configured (set LASHON_NIKUD_MODEL)");
            None
        }
    }
}

/// An HTTP client for tests (reqwest is built with rustls and no default crypto provider).
pub fn client() -> reqwest::Client {
    lashon_model_client::install_crypto_provider();
    reqwest::Client::new()
}

/// A temporary folder for a test's files, and the PostgreSQL database the test runs on when
/// the suites run on PostgreSQL (see [`temp_db`]); both go when it drops.
pub struct Scratch {
    dir: tempfile::TempDir,
    db: PathBuf,
    postgres: Option<lashon_store::postgres::testing::TestDatabase>,
}

impl Scratch {
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The database, as handed to `--db`.
    pub fn db(&self) -> PathBuf {
        self.db.clone()
    }

    /// Everything the test left stored: the bytes of every file in the folder (the SQLite
    /// database, its WAL and anything else), and on PostgreSQL every row of every table as
    /// text.
    pub fn stored_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(self.path()).expect("read the folder") {
            out.extend(std::fs::read(entry.expect("entry").path()).unwrap_or_default());
        }
        if let Some(pg) = &self.postgres {
            use lashon_store::postgres::testing::text_rows;
            let tables = text_rows(
                &pg.url,
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
            )
            .expect("list tables");
            for table in tables.into_iter().filter_map(|r| r[0].clone()) {
                for row in text_rows(&pg.url, &format!("SELECT t::text FROM \"{table}\" t"))
                    .expect("read a table")
                {
                    out.extend(row[0].clone().unwrap_or_default().into_bytes());
                    out.push(b'\n');
                }
            }
        }
        out
    }
}

/// Set to `1` to run the black-box suites on PostgreSQL (`scripts/test` does, once, beside
/// the SQLite run): [`temp_db`] then names a fresh database on the `LASHON_TEST_POSTGRES`
/// server instead of a SQLite file.
pub const ON_POSTGRES_VAR: &str = "LASHON_BLACKBOX_POSTGRES";

/// True when this run of the suites is on PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var(ON_POSTGRES_VAR).as_deref() == Ok("1")
}

/// A temporary folder and the database a test runs on: a SQLite file in the folder, or, when
/// the suites run on PostgreSQL, the URL of a fresh database (as a path: it is only ever
/// handed to `--db`).
pub fn temp_db() -> (Scratch, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    if on_postgres() {
        let pg = lashon_store::postgres::testing::TestDatabase::from_env()
            .expect("LASHON_TEST_POSTGRES names the server the suites run on");
        let url = PathBuf::from(&pg.url);
        return (
            Scratch {
                dir,
                db: url.clone(),
                postgres: Some(pg),
            },
            url,
        );
    }
    let db = dir.path().join("lashon.db");
    (
        Scratch {
            dir,
            db: db.clone(),
            postgres: None,
        },
        db,
    )
}

/// Articles from two newsrooms (`ynet`, `timesofisrael`) minutes apart, in politics: a
/// breaking story once ingested. Written to `breaking.jsonl` in `dir`.
pub fn breaking_articles(dir: &std::path::Path) -> std::path::PathBuf {
    let now = chrono::Utc::now();
    let line = |source: &str, minutes: i64, headline: &str| {
        serde_json::json!({
            "source": source, "url": format!("https://news.test/{source}/{minutes}"),
            "headline": headline, "publishedAt": (now - chrono::Duration::minutes(minutes)).to_rfc3339(),
            "category": "politics",
        })
        .to_string()
    };
    let text = [
        line("ynet", 20, "הכנסת אישרה את התקציב בקריאה ראשונה ברוב של 61"),
        line(
            "timesofisrael",
            10,
            "Knesset passes budget in first reading, 61 votes in favour",
        ),
    ]
    .join("\n");
    let file = dir.join("breaking.jsonl");
    std::fs::write(&file, text).unwrap();
    file
}
