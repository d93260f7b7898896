//! The bundled demo (DESIGN.md, `serve --demo`): the registry of `demo/registry.toml`, the
//! people of `demo/people.json` and the articles of `demo/corpus.jsonl`, written for the
//! project in Hebrew and English. The corpus is dated around [`REFERENCE`]; loading shifts it
//! so that instant is now, then clusters it, so every endpoint answers with fresh content.

use chrono::{DateTime, Duration, Utc};
use lashon_news::record::{CrawlOutcome, CrawlRun, PersonRecord};

use super::refresh::refresh;
use super::{import_registry, ingest_lines};
use crate::store::Store;

const REGISTRY: &str = include_str!("../../demo/registry.toml");
const PEOPLE: &str = include_str!("../../demo/people.json");
const CORPUS: &str = include_str!("../../demo/corpus.jsonl");

/// The instant the corpus is written around.
pub const REFERENCE: &str = "2026-01-01T12:00:00Z";

/// The demo people registry.
pub fn people() -> Result<Vec<PersonRecord>, String> {
    serde_json::from_str(PEOPLE).map_err(|e| format!("demo people: {e}"))
}

/// Loads the demo into `store` as of `now`.
pub fn load_at(store: &Store, now: DateTime<Utc>) -> Result<(), String> {
    let reference: DateTime<Utc> = REFERENCE.parse().map_err(|e| format!("{e}"))?;
    import_registry(store, REGISTRY)?;
    let people = people()?;
    let report = ingest_lines(store, CORPUS, now - reference).map_err(|e| e.to_string())?;
    if let Some((line, why)) = report.skipped.first() {
        return Err(format!("demo corpus line {line}: {why}"));
    }
    store
        .write_news(|w| {
            for p in &people {
                w.put_person(p)?;
            }
            // Activity: one finished crawl a day over the last three days, one running now.
            for key in w.newsrooms()?.keys() {
                for day in 1..=3 {
                    let start = now - Duration::days(day);
                    w.add_crawl_run(
                        key,
                        &CrawlRun {
                            started_at: start,
                            finished_at: Some(start + Duration::minutes(3)),
                            outcome: if day == 2 {
                                CrawlOutcome::Error
                            } else {
                                CrawlOutcome::Ok
                            },
                            discovered: 40,
                            scraped: 38,
                            new_articles: 12,
                            errors: u64::from(day == 2),
                        },
                    )?;
                }
                w.add_crawl_run(
                    key,
                    &CrawlRun {
                        started_at: now - Duration::minutes(1),
                        finished_at: None,
                        outcome: CrawlOutcome::Running,
                        discovered: 5,
                        scraped: 0,
                        new_articles: 0,
                        errors: 0,
                    },
                )?;
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    refresh(store, &people, now).map_err(|e| e.to_string())?;
    Ok(())
}

/// Loads the demo as of now.
pub fn load(store: &Store) -> Result<(), String> {
    load_at(store, Utc::now())
}
