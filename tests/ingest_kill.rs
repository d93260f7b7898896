//! Nothing accepted is lost: `lashon ingest` of a large JSON-lines file is killed with SIGKILL
//! after some articles were committed, and what the database holds is whole (every article
//! complete, every story's coverage counting exactly its members, no story without members,
//! no membership pointing nowhere); ingesting the file again completes with the counts of a
//! clean single run. Killed while storing articles (chunks of 500, one transaction each) and
//! while clustering them; on SQLite, and on PostgreSQL when `LASHON_TEST_POSTGRES` names a
//! server (skipped, saying so, without it).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::lashon;
use lashon_store::postgres::testing::{text_rows, TestDatabase};
use serde_json::{json, Value};

const REGISTRY: &str = r#"
[[newsroom]]
key = "herald"
name = "The Herald"
language = "en"
side = "centre"
lean = "center"
place = "Haifa"

[[newsroom]]
key = "courier"
name = "The Courier"
language = "en"
side = "left"
lean = "left"
place = "Tel Aviv"

[[newsroom]]
key = "gazette"
name = "The Gazette"
language = "en"
side = "right"
lean = "right"
place = "Jerusalem"
"#;

const ARTICLES: usize = 4_000;

const WORDS: &[&str] = &[
    "harbour",
    "strike",
    "budget",
    "election",
    "drought",
    "railway",
    "hospital",
    "teachers",
    "bridge",
    "airport",
    "tunnel",
    "vaccine",
    "festival",
    "museum",
    "reservoir",
    "satellite",
    "pipeline",
    "orchard",
    "stadium",
    "library",
    "factory",
    "border",
    "vineyard",
    "glacier",
    "lighthouse",
    "monastery",
    "observatory",
    "quarry",
    "refinery",
    "shipyard",
];

/// `ARTICLES` lines: events of three rare words each, told by the three newsrooms.
fn articles() -> String {
    let now = chrono::Utc::now();
    let sources = ["herald", "courier", "gazette"];
    (0..ARTICLES)
        .map(|i| {
            let event = i / 3;
            let n = WORDS.len();
            let (a, b, c) = (
                WORDS[event % n],
                WORDS[(event / n) % n],
                WORDS[(event / (n * n) + event) % n],
            );
            let at = now - chrono::Duration::minutes((i % 2_000) as i64);
            json!({
                "source": sources[i % 3],
                "url": format!("https://{}.invalid/{i}", sources[i % 3]),
                "headline": format!("{a} {b} {c} news report number {event}"),
                "publishedAt": at.to_rfc3339(),
            })
            .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The database a run uses.
enum Db {
    Sqlite(PathBuf),
    Postgres(TestDatabase),
}

impl Db {
    fn arg(&self) -> PathBuf {
        match self {
            Db::Sqlite(path) => path.clone(),
            Db::Postgres(pg) => PathBuf::from(&pg.url),
        }
    }

    /// The rows of `sql`, every value as text.
    fn rows(&self, sql: &str) -> Vec<Vec<Option<String>>> {
        match self {
            Db::Sqlite(path) => {
                if !path.exists() {
                    return Vec::new();
                }
                let conn = rusqlite::Connection::open_with_flags(
                    path,
                    rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
                )
                .unwrap();
                conn.busy_timeout(Duration::from_secs(30)).unwrap();
                let mut stmt = match conn.prepare(sql) {
                    Ok(s) => s,
                    // Before the schema exists.
                    Err(_) => return Vec::new(),
                };
                let n = stmt.column_count();
                stmt.query_map([], |r| {
                    (0..n)
                        .map(|i| {
                            Ok(match r.get_ref(i)? {
                                rusqlite::types::ValueRef::Null => None,
                                rusqlite::types::ValueRef::Integer(v) => Some(v.to_string()),
                                rusqlite::types::ValueRef::Real(v) => Some(v.to_string()),
                                rusqlite::types::ValueRef::Text(t)
                                | rusqlite::types::ValueRef::Blob(t) => {
                                    Some(String::from_utf8_lossy(t).into_owned())
                                }
                            })
                        })
                        .collect()
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
            }
            Db::Postgres(pg) => text_rows(&pg.url, sql).unwrap_or_default(),
        }
    }

    fn count(&self, sql: &str) -> i64 {
        self.rows(sql)
            .first()
            .and_then(|r| r[0].as_deref().map(|v| v.parse().unwrap()))
            .unwrap_or(0)
    }
}

fn setup(db: &Db, dir: &Path) -> PathBuf {
    let reg = dir.join("registry.toml");
    std::fs::write(&reg, REGISTRY).unwrap();
    let out = lashon(&db.arg(), &["sources", "import", reg.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = dir.join("articles.jsonl");
    if !file.exists() {
        std::fs::write(&file, articles()).unwrap();
    }
    file
}

fn ingest(db: &Db, file: &Path) {
    let out = lashon(&db.arg(), &["ingest", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Articles and stories held.
fn counts(db: &Db) -> (i64, i64) {
    (
        db.count("SELECT COUNT(*) FROM articles"),
        db.count("SELECT COUNT(*) FROM stories"),
    )
}

/// Everything the database holds is whole.
fn assert_whole(db: &Db) {
    // Every article complete.
    for row in db.rows("SELECT id, url, source, language, published_at, record FROM articles") {
        let id = row[0].clone().unwrap();
        for (i, cell) in row.iter().enumerate() {
            assert!(
                cell.as_deref().is_some_and(|v| !v.is_empty()),
                "article {id}: column {i} is empty: {row:?}"
            );
        }
        let record: Value = serde_json::from_str(row[5].as_deref().unwrap()).unwrap();
        assert_eq!(record["url"].as_str(), row[1].as_deref(), "article {id}");
        assert_eq!(record["source"].as_str(), row[2].as_deref(), "article {id}");
        assert!(
            record["headline"]
                .as_object()
                .is_some_and(|h| !h.is_empty()),
            "article {id}: {record}"
        );
    }
    // No membership pointing nowhere, no story without members.
    for (what, sql) in [
        (
            "articles in a missing story",
            "SELECT COUNT(*) FROM articles a WHERE a.story_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM stories s WHERE s.id = a.story_id)",
        ),
        (
            "stories without members",
            "SELECT COUNT(*) FROM stories s WHERE NOT EXISTS
             (SELECT 1 FROM articles a WHERE a.story_id = s.id)",
        ),
        (
            "coverage rows of a missing story",
            "SELECT COUNT(*) FROM story_sources x WHERE NOT EXISTS
             (SELECT 1 FROM stories s WHERE s.id = x.story_id)",
        ),
        (
            "mentions of a missing article",
            "SELECT COUNT(*) FROM mentions m WHERE m.article_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = m.article_id)",
        ),
    ] {
        assert_eq!(db.count(sql), 0, "{what}");
    }
    // Every story's coverage counts exactly its members.
    let mut members: BTreeMap<String, (i64, BTreeSet<String>)> = BTreeMap::new();
    for row in db.rows("SELECT story_id, source FROM articles WHERE story_id IS NOT NULL") {
        let entry = members.entry(row[0].clone().unwrap()).or_default();
        entry.0 += 1;
        entry.1.insert(row[1].clone().unwrap());
    }
    for row in db.rows("SELECT id, record FROM stories") {
        let id = row[0].clone().unwrap();
        let record: Value = serde_json::from_str(row[1].as_deref().unwrap()).unwrap();
        let coverage = &record["coverage"];
        let counted: i64 = coverage["sides"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_i64().unwrap())
            .sum();
        let (n, sources) = members.get(&id).cloned().unwrap_or_default();
        assert_eq!(
            counted, n,
            "story {id}: coverage {coverage} for {n} members"
        );
        let listed: BTreeSet<String> = coverage["sources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(listed, sources, "story {id}");
    }
}

/// When the ingest is killed.
#[derive(Debug, Clone, Copy)]
enum Kill {
    /// Once 1,000 articles are committed: while it stores articles (or, on a slow machine,
    /// already clustering them).
    Storing,
    /// A tenth of a second after every article is committed: while it clusters them (the
    /// refresh writes its stories in one transaction at its end, so none are held yet).
    Clustering,
}

/// A clean run on `clean`, then a run on `db` killed with SIGKILL at `kill`, the checks, and
/// the run again.
fn killed_and_run_again(clean: Db, db: Db, kill: Kill) {
    let dir = tempfile::tempdir().unwrap();
    let file = setup(&clean, dir.path());
    ingest(&clean, &file);
    let expected = counts(&clean);
    assert_eq!(expected.0, ARTICLES as i64);
    assert!(expected.1 > 0);
    assert_whole(&clean);

    setup(&db, dir.path());
    let mut child = Command::new(env!("CARGO_BIN_EXE_lashon"))
        .args(["ingest", file.to_str().unwrap(), "--db"])
        .arg(db.arg())
        .env_remove("LASHON_DB")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let threshold = match kill {
        Kill::Storing => 1_000,
        Kill::Clustering => ARTICLES as i64,
    };
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let held = db.count("SELECT COUNT(*) FROM articles");
        if held >= threshold {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "ingest ended before it could be killed ({held} articles)"
        );
        assert!(Instant::now() < deadline, "{held} articles after 300 s");
        std::thread::sleep(Duration::from_millis(10));
    }
    if let Kill::Clustering = kill {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "ingest ended before the kill"
    );
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let held = counts(&db);
    eprintln!("killed {kill:?}: {held:?} held of {expected:?}");
    assert!(held.0 >= threshold && held.0 <= ARTICLES as i64, "{held:?}");
    assert_whole(&db);

    ingest(&db, &file);
    assert_eq!(counts(&db), expected, "after the second run");
    assert_whole(&db);
}

fn on_sqlite(kill: Kill) {
    let dir = tempfile::tempdir().unwrap();
    killed_and_run_again(
        Db::Sqlite(dir.path().join("clean.db")),
        Db::Sqlite(dir.path().join("killed.db")),
        kill,
    );
}

fn on_postgres(kill: Kill) {
    let (Some(clean), Some(db)) = (TestDatabase::from_env(), TestDatabase::from_env()) else {
        return;
    };
    killed_and_run_again(Db::Postgres(clean), Db::Postgres(db), kill);
}

#[test]
fn an_ingest_killed_storing_loses_nothing_on_sqlite() {
    on_sqlite(Kill::Storing);
}

#[test]
fn an_ingest_killed_clustering_loses_nothing_on_sqlite() {
    on_sqlite(Kill::Clustering);
}

#[test]
fn an_ingest_killed_storing_loses_nothing_on_postgres() {
    on_postgres(Kill::Storing);
}

#[test]
fn an_ingest_killed_clustering_loses_nothing_on_postgres() {
    on_postgres(Kill::Clustering);
}
