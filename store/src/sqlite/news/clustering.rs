//! What incremental clustering keeps between runs (migration 5): the clusterer's checkpoint,
//! which articles are pending (new, or changed since they were clustered), each story's
//! feature sums for thread linking, and mentions by article. The writers and reads here are
//! the ones `news_ingest::refresh` needs; they work story by story and article by article so
//! that a refresh holds the changed stories in memory, not the store.

use std::collections::HashMap;

use crate::sqlite::connections::Cached;
use chrono::{DateTime, Utc};
use lashon_core::news::RepoError;
use lashon_news::cluster::features::Feature;
use lashon_news::record::MemberRecord;
use lashon_news::Lang;
use rusqlite::{params, OptionalExtension};

use super::schema::{at, json, parse, sql};
use lashon_core::news::write::{ClusteringWrites, IngestedArticle, PendingArticle, StoredSketch};

use super::writer::NewsWriter;

/// Migration 5.
pub const MIGRATION: &str = "
ALTER TABLE articles ADD COLUMN pending INTEGER NOT NULL DEFAULT 1;
CREATE INDEX articles_pending ON articles(published_at, id) WHERE pending = 1;
CREATE TABLE cluster_checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT NOT NULL,
    saved_at INTEGER NOT NULL,
    snapshot TEXT NOT NULL
);
CREATE TABLE story_features (
    story_id INTEGER PRIMARY KEY,
    first_at INTEGER NOT NULL,
    features TEXT NOT NULL
);
CREATE INDEX story_features_first ON story_features(first_at);
ALTER TABLE mentions ADD COLUMN article_id INTEGER;
CREATE INDEX mentions_article ON mentions(article_id);
";

/// Migration 9: the ids of stories that are gone, merged into another or dissolved when every
/// article was clustered again. A story's id is its first article's, so such an id still
/// leads to the story that article is in now (`NewsRepository::successor`): ids handed out
/// by lists, webhooks and the change feed keep answering.
pub const FORMER_STORIES: &str = "CREATE TABLE former_stories (id INTEGER PRIMARY KEY);";

/// Migration 10: the stories merged away or dissolved before migration 9 kept their ids (the
/// change log names every story a reader was given, and its rows outlive the story, so each
/// id it names that no stored story has any more is a former story); and the ids of threads
/// that are gone, each with the thread it went on as (`next`: recounted under another id when
/// its first story was merged away, or merged into another thread), or none (it ended, or
/// everything was clustered again; the change log's thread ids no thread has any more are
/// such). `NewsRepository::former_thread` reads them.
pub const FORMER_THREADS: &str = "INSERT OR IGNORE INTO former_stories (id)
 SELECT DISTINCT story_id FROM changes WHERE story_id NOT IN (SELECT id FROM stories);
CREATE TABLE former_threads (id INTEGER PRIMARY KEY, next INTEGER);
INSERT OR IGNORE INTO former_threads (id)
 SELECT DISTINCT json_extract(record, '$.thread_id') FROM changes
 WHERE json_extract(record, '$.thread_id') IS NOT NULL
   AND json_extract(record, '$.thread_id') NOT IN (SELECT id FROM threads);";

fn from_nanos(n: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_nanos(n)
}

type FeatureList = Vec<(Feature, f32)>;

impl ClusteringWrites for NewsWriter<'_> {
    /// The clusterer's checkpoint, when one was saved by this `version`.
    fn checkpoint(&self, version: &str) -> Result<Option<String>, RepoError> {
        self.conn()
            .query_row_cached(
                "SELECT snapshot FROM cluster_checkpoint WHERE id = 1 AND version = ?",
                [version],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)
    }

    /// Saves the clusterer's checkpoint.
    fn set_checkpoint(
        &self,
        version: &str,
        snapshot: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.conn()
            .execute_cached(
                "INSERT OR REPLACE INTO cluster_checkpoint (id, version, saved_at, snapshot)
                 VALUES (1, ?, ?, ?)",
                params![version, at(now), snapshot],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// The earliest publication time of a pending article never clustered.
    fn earliest_unclustered(&self) -> Result<Option<DateTime<Utc>>, RepoError> {
        let n: Option<i64> = self
            .conn()
            .query_row_cached(
                "SELECT MIN(published_at) FROM articles
                 WHERE pending = 1 AND story_id IS NULL AND input IS NOT NULL",
                [],
                |r| r.get(0),
            )
            .map_err(sql)?;
        Ok(n.map(from_nanos))
    }

    /// Calls `each` with the articles to cluster in publication order: all of them
    /// (`all`) or the pending ones only. Rows are read one at a time.
    fn each_article_to_cluster(
        &self,
        all: bool,
        each: &mut dyn FnMut(PendingArticle) -> Result<(), RepoError>,
    ) -> Result<(), RepoError> {
        let query = if all {
            "SELECT id, input, language, story_id FROM articles WHERE input IS NOT NULL
             ORDER BY published_at, id"
        } else {
            "SELECT id, input, language, story_id FROM articles
             WHERE pending = 1 AND input IS NOT NULL ORDER BY published_at, id"
        };
        let mut stmt = self.conn().prepare(query).map_err(sql)?;
        let mut rows = stmt.query([]).map_err(sql)?;
        while let Some(r) = rows.next().map_err(sql)? {
            let input: String = r.get(1).map_err(sql)?;
            let lang: String = r.get(2).map_err(sql)?;
            each(PendingArticle {
                article: IngestedArticle {
                    id: r.get(0).map_err(sql)?,
                    input: parse(&input)?,
                    language: Lang::parse_strict(&lang).unwrap_or_default(),
                },
                story_id: if all { None } else { r.get(3).map_err(sql)? },
            })?;
        }
        Ok(())
    }

    /// Marks every article clustered.
    fn clear_pending(&self) -> Result<(), RepoError> {
        self.conn()
            .execute_cached("UPDATE articles SET pending = 0 WHERE pending = 1", [])
            .map_err(sql)?;
        Ok(())
    }

    /// Removes every story, thread, state row and story sketch, and every article's story
    /// (before clustering everything again); articles, the change log and the registry stay,
    /// and the stories' ids are kept as former stories.
    fn clear_stories(&self) -> Result<(), RepoError> {
        self.conn()
            .execute_batch(
                "INSERT OR IGNORE INTO former_stories (id) SELECT id FROM stories;
                 INSERT OR REPLACE INTO former_threads (id, next) SELECT id, NULL FROM threads;
                 UPDATE articles SET story_id = NULL; DELETE FROM stories; DELETE FROM story_sources;
                 DELETE FROM story_search; DELETE FROM threads; DELETE FROM signals;
                 DELETE FROM story_features;",
            )
            .map_err(sql)
    }

    /// Puts article `article_id` in story `story_id`.
    fn assign(&self, article_id: i64, story_id: i64) -> Result<(), RepoError> {
        self.conn()
            .prepare_cached("UPDATE articles SET story_id = ?2 WHERE id = ?1")
            .map_err(sql)?
            .execute(params![article_id, story_id])
            .map_err(sql)?;
        Ok(())
    }

    /// Story `from` merged into `into`: its articles move, its rows go, and its id, when it
    /// was stored, is kept as a former story. Returns the thread it was in, whose record must
    /// be recounted.
    fn merge_story(&self, from: i64, into: i64) -> Result<Option<i64>, RepoError> {
        let c = self.conn();
        // `None`: no such stored story (one opened and merged within this refresh).
        let stored: Option<Option<i64>> = c
            .query_row_cached("SELECT thread_id FROM stories WHERE id = ?", [from], |r| {
                r.get(0)
            })
            .optional()
            .map_err(sql)?;
        if stored.is_some() {
            c.execute_cached(
                "INSERT OR IGNORE INTO former_stories (id) VALUES (?)",
                [from],
            )
            .map_err(sql)?;
        }
        let thread = stored.flatten();
        c.execute_cached(
            "UPDATE articles SET story_id = ?2 WHERE story_id = ?1",
            params![from, into],
        )
        .map_err(sql)?;
        for table in [
            "DELETE FROM stories WHERE id = ?",
            "DELETE FROM story_sources WHERE story_id = ?",
            "DELETE FROM story_search WHERE rowid = ?",
            "DELETE FROM signals WHERE story_id = ?",
            "DELETE FROM story_features WHERE story_id = ?",
        ] {
            c.execute_cached(table, [from]).map_err(sql)?;
        }
        Ok(thread)
    }

    /// A story's articles, oldest first, as ingested and as stored members.
    fn story_articles(
        &self,
        story_id: i64,
    ) -> Result<Vec<(IngestedArticle, MemberRecord)>, RepoError> {
        let mut stmt = self
            .conn()
            .prepare_cached(
                "SELECT id, input, language, record FROM articles
                 WHERE story_id = ? AND input IS NOT NULL ORDER BY published_at, id",
            )
            .map_err(sql)?;
        let mut rows = stmt.query([story_id]).map_err(sql)?;
        let mut out = Vec::new();
        while let Some(r) = rows.next().map_err(sql)? {
            let input: String = r.get(1).map_err(sql)?;
            let lang: String = r.get(2).map_err(sql)?;
            let record: String = r.get(3).map_err(sql)?;
            out.push((
                IngestedArticle {
                    id: r.get(0).map_err(sql)?,
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
        self.conn()
            .prepare_cached(
                "INSERT OR REPLACE INTO story_features (story_id, first_at, features) VALUES (?, ?, ?)",
            )
            .map_err(sql)?
            .execute(params![story_id, at(first_at), json(&list)?])
            .map_err(sql)?;
        Ok(())
    }

    /// The sketches of the stories that began in `[from, to]`.
    fn sketches_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<StoredSketch>, RepoError> {
        let mut stmt = self
            .conn()
            .prepare_cached(
                "SELECT story_id, first_at, features FROM story_features
                 WHERE first_at BETWEEN ? AND ? ORDER BY first_at, story_id",
            )
            .map_err(sql)?;
        let mut rows = stmt.query(params![at(from), at(to)]).map_err(sql)?;
        let mut out = Vec::new();
        while let Some(r) = rows.next().map_err(sql)? {
            let list: FeatureList = parse(&r.get::<_, String>(2).map_err(sql)?)?;
            out.push(StoredSketch {
                id: r.get(0).map_err(sql)?,
                first_at: from_nanos(r.get(1).map_err(sql)?),
                features: list.into_iter().collect(),
            });
        }
        Ok(out)
    }

    /// When a story began, from its sketch.
    fn story_first_at(&self, story_id: i64) -> Result<Option<DateTime<Utc>>, RepoError> {
        let n: Option<i64> = self
            .conn()
            .query_row_cached(
                "SELECT first_at FROM story_features WHERE story_id = ?",
                [story_id],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        Ok(n.map(from_nanos))
    }
}
