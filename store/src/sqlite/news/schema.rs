//! The news schema (migration 2) and the conversions between SQL values and model values.
//!
//! Records are kept as JSON next to the columns the queries filter and order on; every list
//! has an index whose order is the list's keyset order, so a page is one index range scan.

use chrono::{DateTime, Utc};
use lashon_core::news::RepoError;

/// Migration 2: the news store.
pub const MIGRATION: &str = "
CREATE TABLE news_meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO news_meta (name, value) VALUES ('seq', 0);
CREATE TABLE newsrooms (
    key TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    feeds TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE articles (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    seq INTEGER NOT NULL,
    source TEXT NOT NULL,
    language TEXT NOT NULL,
    published_at INTEGER NOT NULL,
    story_id INTEGER,
    record TEXT NOT NULL,
    input TEXT
);
CREATE INDEX articles_story ON articles(story_id, published_at, id);
CREATE INDEX articles_export ON articles(story_id, id, published_at, seq, language);
CREATE INDEX articles_published ON articles(published_at);
CREATE TABLE stories (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    state TEXT,
    latest_at INTEGER NOT NULL,
    thread_id INTEGER,
    missing TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX stories_latest ON stories(latest_at, id);
CREATE INDEX stories_topic ON stories(topic, latest_at, id);
CREATE INDEX stories_state ON stories(state, latest_at, id);
CREATE INDEX stories_thread ON stories(thread_id, latest_at, id);
CREATE TABLE story_sources (
    source TEXT NOT NULL,
    latest_at INTEGER NOT NULL,
    story_id INTEGER NOT NULL,
    PRIMARY KEY (source, latest_at, story_id)
) WITHOUT ROWID;
CREATE INDEX story_sources_story ON story_sources(story_id);
CREATE VIRTUAL TABLE story_search USING fts5(forms, tokenize = 'unicode61 remove_diacritics 0');
CREATE TABLE threads (
    id INTEGER PRIMARY KEY,
    nodes INTEGER NOT NULL,
    newest_at INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX threads_newest ON threads(newest_at, id);
CREATE TABLE signals (
    story_id INTEGER PRIMARY KEY,
    state TEXT NOT NULL,
    computed_at INTEGER NOT NULL,
    acceleration REAL NOT NULL,
    velocity REAL NOT NULL,
    heat REAL NOT NULL,
    importance REAL NOT NULL,
    significance REAL NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX signals_acceleration ON signals(acceleration, story_id);
CREATE INDEX signals_velocity ON signals(velocity, story_id);
CREATE INDEX signals_heat ON signals(heat, story_id);
CREATE INDEX signals_importance ON signals(importance, story_id);
CREATE INDEX signals_significance ON signals(significance, story_id);
CREATE TABLE changes (
    seq INTEGER PRIMARY KEY,
    story_id INTEGER NOT NULL,
    state TEXT NOT NULL,
    changed_at INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX changes_at ON changes(changed_at, seq);
CREATE INDEX changes_story ON changes(story_id, seq);
CREATE TABLE crawl_runs (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX crawl_runs_source ON crawl_runs(source, started_at);
CREATE TABLE behaviour (source TEXT PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE people (id INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE person_aliases (
    person_id INTEGER NOT NULL REFERENCES people(id),
    alias TEXT NOT NULL,
    display TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (person_id, alias)
);
CREATE TABLE mentions (person_id INTEGER NOT NULL, at INTEGER NOT NULL);
CREATE INDEX mentions_at ON mentions(at, person_id);
CREATE INDEX mentions_person ON mentions(person_id, at);
CREATE TABLE briefs (id INTEGER PRIMARY KEY, generated_at INTEGER NOT NULL, record TEXT NOT NULL);
CREATE TABLE news_secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE news_usage (
    account_id TEXT NOT NULL,
    month TEXT NOT NULL,
    requests INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, month)
);
";

/// An instant as stored: nanoseconds since the epoch, so keyset comparisons in SQL agree with
/// comparisons of the model's `DateTime`.
pub fn at(t: DateTime<Utc>) -> i64 {
    t.timestamp_nanos_opt().unwrap_or(if t.timestamp() < 0 {
        i64::MIN
    } else {
        i64::MAX
    })
}

pub fn internal(e: impl std::fmt::Display) -> RepoError {
    RepoError::Internal(e.to_string())
}

/// SQLite errors: a busy or locked database is retryable (503), anything else is 500.
pub fn sql(e: rusqlite::Error) -> RepoError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            RepoError::Unavailable(e.to_string())
        }
        _ => RepoError::Internal(e.to_string()),
    }
}

pub fn json<T: serde::Serialize>(v: &T) -> Result<String, RepoError> {
    serde_json::to_string(v).map_err(internal)
}

pub fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, RepoError> {
    serde_json::from_str(s).map_err(internal)
}

/// The FTS5 query for search text (rule 9): every query token must match one of its forms.
/// Forms are letters and digits only, so quoting them is enough.
pub fn match_expression(text: &str) -> Option<String> {
    let tokens = lashon_news::search::tokens(text);
    if tokens.is_empty() {
        return None;
    }
    let groups: Vec<String> = tokens
        .iter()
        .map(|t| {
            let forms: Vec<String> = lashon_news::search::forms(t)
                .iter()
                .map(|f| format!("\"{f}\""))
                .collect();
            format!("({})", forms.join(" OR "))
        })
        .collect();
    Some(groups.join(" AND "))
}
