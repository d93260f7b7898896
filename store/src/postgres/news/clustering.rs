//! What incremental clustering keeps between runs: the clusterer's checkpoint, which articles
//! are pending, each story's feature sums for thread linking, and mentions by article (see
//! `crate::sqlite::news::clustering`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use lashon_core::news::write::{ClusteringWrites, IngestedArticle, PendingArticle, StoredSketch};
use lashon_core::news::RepoError;
use lashon_news::cluster::features::Feature;
use lashon_news::record::MemberRecord;
use lashon_news::Lang;

use super::articles::article_pages;
use super::schema::{at, json, parse};
use super::writer::PgWriter;
use crate::postgres::connections::{owned, sql};

/// Migration 3: the ids of stories merged away or dissolved, which still answer (SQLite's 9,
/// `crate::sqlite::news::clustering::FORMER_STORIES`).
pub const FORMER_STORIES: &str = "CREATE TABLE former_stories (id BIGINT PRIMARY KEY);";

/// Migration 4: the former stories the change log names from before migration 3, and the ids
/// of threads that are gone (SQLite's 10, `crate::sqlite::news::clustering::FORMER_THREADS`).
pub const FORMER_THREADS: &str = "INSERT INTO former_stories (id)
 SELECT DISTINCT c.story_id FROM changes c
 WHERE NOT EXISTS (SELECT 1 FROM stories s WHERE s.id = c.story_id)
 ON CONFLICT DO NOTHING;
CREATE TABLE former_threads (id BIGINT PRIMARY KEY, next BIGINT);
INSERT INTO former_threads (id)
 SELECT DISTINCT t.id FROM (SELECT (record::jsonb->>'thread_id')::bigint AS id FROM changes) t
 WHERE t.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM threads h WHERE h.id = t.id)
 ON CONFLICT DO NOTHING;";

fn from_nanos(n: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_nanos(n)
}

type FeatureList = Vec<(Feature, f32)>;

impl ClusteringWrites for PgWriter<'_> {
    /// The clusterer's checkpoint, when one was saved by this `version`.
    fn checkpoint(&self, version: &str) -> Result<Option<String>, RepoError> {
        Ok(self
            .conn()?
            .query_opt(
                "SELECT snapshot FROM cluster_checkpoint WHERE id = 1 AND version = $1",
                &[&version],
            )
            .map_err(sql)?
            .map(|r| r.get(0)))
    }

    /// Saves the clusterer's checkpoint.
    fn set_checkpoint(
        &self,
        version: &str,
        snapshot: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "INSERT INTO cluster_checkpoint (id, version, saved_at, snapshot) VALUES (1, $1, $2, $3)
                 ON CONFLICT (id) DO UPDATE SET version = excluded.version,
                   saved_at = excluded.saved_at, snapshot = excluded.snapshot",
                &[&version, &at(now), &snapshot],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// The earliest publication time of a pending article never clustered.
    fn earliest_unclustered(&self) -> Result<Option<DateTime<Utc>>, RepoError> {
        let n: Option<i64> = self
            .conn()?
            .query_one(
                "SELECT MIN(published_at) FROM articles
                 WHERE pending AND story_id IS NULL AND input IS NOT NULL",
                &[],
            )
            .map_err(sql)?
            .get(0);
        Ok(n.map(from_nanos))
    }

    /// Calls `each` with the articles to cluster in publication order: all of them
    /// (`all`) or the pending ones only, a page at a time.
    fn each_article_to_cluster(
        &self,
        all: bool,
        each: &mut dyn FnMut(PendingArticle) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let filter = if all {
            "input IS NOT NULL"
        } else {
            "pending AND input IS NOT NULL"
        };
        article_pages(self.conn()?, filter, &[], &mut |r| {
            let input: String = r.get(1);
            let lang: String = r.get(2);
            each(PendingArticle {
                article: IngestedArticle {
                    id: r.get(0),
                    input: parse(&input)?,
                    language: Lang::parse_strict(&lang).unwrap_or_default(),
                },
                story_id: if all { None } else { r.get(3) },
            })
        })
    }

    /// Marks every article clustered.
    fn clear_pending(&self) -> Result<(), RepoError> {
        self.conn()?
            .execute("UPDATE articles SET pending = FALSE WHERE pending", &[])
            .map_err(sql)?;
        Ok(())
    }

    /// Removes every story, thread, state row and story sketch, and every article's story
    /// (before clustering everything again); articles, the change log and the registry stay,
    /// and the stories' ids are kept as former stories.
    fn clear_stories(&self) -> Result<(), RepoError> {
        self.conn()?
            .batch(
                "INSERT INTO former_stories (id) SELECT id FROM stories ON CONFLICT DO NOTHING;
                 INSERT INTO former_threads (id, next) SELECT id, NULL FROM threads
                   ON CONFLICT (id) DO UPDATE SET next = NULL;
                 UPDATE articles SET story_id = NULL WHERE story_id IS NOT NULL;
                 DELETE FROM stories; DELETE FROM story_sources; DELETE FROM story_search;
                 DELETE FROM threads; DELETE FROM signals; DELETE FROM story_features;",
            )
            .map_err(sql)
    }

    /// Puts article `article_id` in story `story_id`.
    fn assign(&self, article_id: i64, story_id: i64) -> Result<(), RepoError> {
        self.conn()?
            .defer(
                "UPDATE articles SET story_id = $2 WHERE id = $1",
                owned![article_id, story_id],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Story `from` merged into `into`: its articles move, its rows go, and its id, when it
    /// was stored, is kept as a former story. Returns the thread it was in, whose record must
    /// be recounted.
    fn merge_story(&self, from: i64, into: i64) -> Result<Option<i64>, RepoError> {
        let c = self.conn()?;
        // `None`: no such stored story (one opened and merged within this refresh).
        let stored = c
            .query_opt("SELECT thread_id FROM stories WHERE id = $1", &[&from])
            .map_err(sql)?;
        if stored.is_some() {
            c.execute(
                "INSERT INTO former_stories (id) VALUES ($1) ON CONFLICT DO NOTHING",
                &[&from],
            )
            .map_err(sql)?;
        }
        let thread: Option<i64> = stored.and_then(|r| r.get(0));
        c.execute(
            "UPDATE articles SET story_id = $2 WHERE story_id = $1",
            &[&from, &into],
        )
        .map_err(sql)?;
        for table in [
            "DELETE FROM stories WHERE id = $1",
            "DELETE FROM story_sources WHERE story_id = $1",
            "DELETE FROM story_search WHERE story_id = $1",
            "DELETE FROM signals WHERE story_id = $1",
            "DELETE FROM story_features WHERE story_id = $1",
        ] {
            c.execute(table, &[&from]).map_err(sql)?;
        }
        Ok(thread)
    }

    /// A story's articles, oldest first, as ingested and as stored members.
    fn story_articles(
        &self,
        story_id: i64,
    ) -> Result<Vec<(IngestedArticle, MemberRecord)>, RepoError> {
        let rows = self
            .conn()?
            .query(
                "SELECT id, input, language, record FROM articles
                 WHERE story_id = $1 AND input IS NOT NULL ORDER BY published_at, id",
                &[&story_id],
            )
            .map_err(sql)?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let input: String = r.get(1);
            let lang: String = r.get(2);
            let record: String = r.get(3);
            out.push((
                IngestedArticle {
                    id: r.get(0),
                    input: parse(&input)?,
                    language: Lang::parse_strict(&lang).unwrap_or_default(),
                },
                parse(&record)?,
            ));
        }
        Ok(out)
    }

    /// Stores a story's feature sums (thread linking).
    fn put_story_features(
        &self,
        story_id: i64,
        first_at: DateTime<Utc>,
        features: &HashMap<Feature, f32>,
    ) -> Result<(), RepoError> {
        let mut list: FeatureList = features.iter().map(|(f, w)| (f.clone(), *w)).collect();
        list.sort_by(|a, b| a.0.cmp(&b.0));
        self.conn()?
            .defer(
                "INSERT INTO story_features (story_id, first_at, features) VALUES ($1, $2, $3)
                 ON CONFLICT (story_id) DO UPDATE SET first_at = excluded.first_at,
                   features = excluded.features",
                owned![story_id, at(first_at), json(&list)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// The sketches of the stories that began in `[from, to]`.
    fn sketches_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<StoredSketch>, RepoError> {
        let rows = self
            .conn()?
            .query(
                "SELECT story_id, first_at, features FROM story_features
                 WHERE first_at BETWEEN $1 AND $2 ORDER BY first_at, story_id",
                &[&at(from), &at(to)],
            )
            .map_err(sql)?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let list: FeatureList = parse(r.get(2))?;
            out.push(StoredSketch {
                id: r.get(0),
                first_at: from_nanos(r.get(1)),
                features: list.into_iter().collect(),
            });
        }
        Ok(out)
    }

    /// When a story began, from its sketch.
    fn story_first_at(&self, story_id: i64) -> Result<Option<DateTime<Utc>>, RepoError> {
        Ok(self
            .conn()?
            .query_opt(
                "SELECT first_at FROM story_features WHERE story_id = $1",
                &[&story_id],
            )
            .map_err(sql)?
            .map(|r| from_nanos(r.get(0))))
    }
}
