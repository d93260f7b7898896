//! Behaviour and profile of every newsroom ([`lashon_news::behaviour`]) over the articles of
//! its window (30 days), read from the store with the stories they are in.

use crate::news::RepoError;
use chrono::{DateTime, Duration, Utc};
use lashon_news::behaviour::{behaviour, profile, ArticleFacts, WINDOW_DAYS};
use lashon_news::topics::TopicLexicon;
use lashon_news::{Lang, Topic};

use crate::news::write::NewsWrite;

/// What the behaviour measures read of an article (owned, the body left behind).
struct Row {
    source: String,
    story_id: i64,
    published_at: DateTime<Utc>,
    headline: String,
    byline: Option<String>,
    category: Option<String>,
    topic: Topic,
    language: Lang,
}

/// Writes every newsroom's behaviour and profile as of `now`.
pub fn update(w: &dyn NewsWrite, now: DateTime<Utc>) -> Result<(), RepoError> {
    let desks = TopicLexicon::builtin();
    let mut rows: Vec<Row> = Vec::new();
    let from = now - Duration::days(i64::from(WINDOW_DAYS));
    w.each_article_between(from, now, &mut |a, story_id| {
        let input = a.input;
        rows.push(Row {
            topic: desks.classify(
                input.category.as_deref(),
                &input.headline,
                input.summary.as_deref().unwrap_or(""),
            ),
            source: input.source,
            story_id,
            published_at: input.published_at,
            headline: input.headline,
            byline: input.byline,
            category: input.category,
            language: a.language,
        });
        Ok(())
    })?;
    let facts: Vec<ArticleFacts<'_>> = rows
        .iter()
        .map(|r| ArticleFacts {
            source: &r.source,
            story_id: r.story_id,
            published_at: r.published_at,
            headline: &r.headline,
            byline: r.byline.as_deref(),
            category: r.category.as_deref(),
            topic: r.topic,
            language: r.language,
        })
        .collect();
    for key in w.newsrooms()?.keys() {
        if let Some(b) = behaviour(key, &facts, now) {
            w.set_behaviour(key, &b)?;
        }
        w.set_profile(key, profile(key, &facts, now))?;
    }
    Ok(())
}
