//! Behaviour and profile of every newsroom ([`lashon_news::behaviour`]) over the articles of
//! its window (30 days), read from the store with the stories they are in: the columns and
//! the desk and marks stored with each article, never its text, and every newsroom measured
//! in one pass ([`measure_all`]). A refresh reads the whole window, so its cost follows the
//! press's daily volume, not the crawl's.

use crate::news::RepoError;
use chrono::{DateTime, Duration, Utc};
use lashon_news::behaviour::{measure_all, ArticleFacts, WINDOW_DAYS};

use crate::news::write::{NewsWrite, StoredArticleFacts};

/// Writes every newsroom's behaviour and profile as of `now`.
pub fn update(w: &dyn NewsWrite, now: DateTime<Utc>) -> Result<(), RepoError> {
    let mut rows: Vec<StoredArticleFacts> = Vec::new();
    let from = now - Duration::days(i64::from(WINDOW_DAYS));
    w.each_article_facts_between(from, now, &mut |a| {
        rows.push(a);
        Ok(())
    })?;
    let facts: Vec<ArticleFacts<'_>> = rows
        .iter()
        .map(|r| ArticleFacts {
            source: &r.source,
            story_id: r.story_id,
            published_at: r.published_at,
            topic: r.topic,
            language: r.language,
            marks: r.marks,
        })
        .collect();
    let mut measured = measure_all(&facts, now);
    for key in w.newsrooms()?.keys() {
        // A newsroom silent for the window keeps its last behaviour; its profile is cleared.
        match measured.remove(key.as_str()) {
            Some(m) => {
                w.set_behaviour(key, &m.behaviour)?;
                w.set_profile(key, Some(m.profile))?;
            }
            None => w.set_profile(key, None)?,
        }
    }
    Ok(())
}
