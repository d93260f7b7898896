//! The bundled demo (DESIGN.md, `serve --demo`): the registry of `demo/registry.toml`, the
//! people of `demo/people.json` and the articles of `demo/corpus.jsonl`, written for the
//! project in Hebrew and English. The corpus is dated around [`REFERENCE`]; loading shifts it
//! so that instant is now, then clusters it, so every endpoint answers with fresh content.
//! The bundled registry of real people ([`super::people`]) is added beside the demo's own.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use lashon_news::record::{CrawlOutcome, CrawlRun, PersonRecord};

use super::refresh::refresh;
use super::{import_registry, ingest_lines};
use crate::news::write::{write_news, NewsStore};

const REGISTRY: &str = include_str!("demo/registry.toml");
const PEOPLE: &str = include_str!("demo/people.json");
const CORPUS: &str = include_str!("demo/corpus.jsonl");

/// The instant the corpus is written around.
pub const REFERENCE: &str = "2026-01-01T12:00:00Z";

/// The demo people registry.
pub fn people() -> Result<Vec<PersonRecord>, String> {
    serde_json::from_str(PEOPLE).map_err(|e| format!("demo people: {e}"))
}

/// Loads the demo into `store` as of `now`. The corpus stands in for a crawl of the demo
/// newsrooms (they have no feeds): its import is recorded as one finished run per newsroom,
/// with the items read and the articles that were new, so `activity` reports what happened.
pub fn load_at<S: NewsStore + ?Sized>(store: &S, now: DateTime<Utc>) -> Result<(), String> {
    let reference: DateTime<Utc> = REFERENCE.parse().map_err(|e| format!("{e}"))?;
    import_registry(store, REGISTRY)?;
    let people = people()?;
    write_news(store, |w| {
        for p in &people {
            w.put_person(p)?;
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    // The corpus newsroom by newsroom, each import a run.
    let mut by_room: BTreeMap<String, String> = BTreeMap::new();
    for line in CORPUS.lines().filter(|l| !l.trim().is_empty()) {
        let source = serde_json::from_str::<serde_json::Value>(line)
            .ok()
            .and_then(|v| v["source"].as_str().map(str::to_owned))
            .ok_or_else(|| format!("demo corpus line without a source: {line}"))?;
        let text = by_room.entry(source).or_default();
        text.push_str(line);
        text.push('\n');
    }
    for (key, text) in by_room {
        let started_at = now;
        let report = ingest_lines(store, &text, now - reference).map_err(|e| e.to_string())?;
        if let Some((line, why)) = report.skipped.first() {
            return Err(format!("demo corpus ({key}) line {line}: {why}"));
        }
        let items = (report.new + report.updated) as u64;
        let run = CrawlRun {
            started_at,
            finished_at: Some(now),
            outcome: CrawlOutcome::Ok,
            discovered: items,
            scraped: items,
            new_articles: report.new as u64,
            errors: 0,
        };
        write_news(store, |w| w.add_crawl_run(&key, &run).map(|_| ()))
            .map_err(|e| e.to_string())?;
    }
    let people = super::people::registry(store).map_err(|e| e.to_string())?;
    refresh(store, &people, now).map_err(|e| e.to_string())?;
    Ok(())
}
