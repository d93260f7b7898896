//! The newsroom registry, feeds and their validators, crawl runs, behaviour and profiles.

use crate::sqlite::connections::Cached;
use chrono::{DateTime, Utc};
use lashon_core::news::write::*;
use lashon_core::news::RepoError;
use lashon_news::record::CrawlRun;
use lashon_news::types::{Behaviour, Newsroom};
use rusqlite::{params, OptionalExtension};

use super::schema::{at, json, parse, sql};
use super::writer::NewsWriter;

impl RegistryWrites for NewsWriter<'_> {
    /// Adds or replaces a newsroom of the registry.
    fn put_newsroom(&self, room: &Newsroom, feeds: &[String]) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "INSERT INTO newsrooms (key, record, feeds) VALUES (?1, ?2, ?3)
                 ON CONFLICT(key) DO UPDATE SET record = ?2, feeds = ?3",
                params![room.key, json(room)?, json(&feeds)?],
            )
            .map_err(sql)?;
        self.rooms_changed();
        Ok(())
    }

    /// Sets the computed profile of a newsroom (kept apart from its registry fields).
    fn set_profile(&self, key: &str, profile: Option<serde_json::Value>) -> Result<(), RepoError> {
        let rooms = self.rooms()?;
        let Some(mut room) = rooms.get(key).cloned() else {
            return Ok(());
        };
        room.profile = profile;
        self.conn
            .execute_cached(
                "UPDATE newsrooms SET record = ? WHERE key = ?",
                params![json(&room)?, key],
            )
            .map_err(sql)?;
        self.rooms_changed();
        Ok(())
    }

    /// The registry.
    fn newsrooms(&self) -> Result<std::collections::HashMap<String, Newsroom>, RepoError> {
        Ok(self.rooms()?.as_ref().clone())
    }

    /// The feeds of every newsroom, by newsroom key.
    fn feeds(&self) -> Result<Vec<(String, Vec<String>)>, RepoError> {
        let mut stmt = self
            .conn
            .prepare("SELECT key, feeds FROM newsrooms ORDER BY key")
            .map_err(sql)?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(sql)?;
        let mut out = Vec::new();
        for row in rows {
            let (key, feeds) = row.map_err(sql)?;
            out.push((key, parse(&feeds)?));
        }
        Ok(out)
    }

    /// The conditional-GET validators of a feed: (ETag, Last-Modified).
    fn feed_validators(&self, url: &str) -> Result<(Option<String>, Option<String>), RepoError> {
        Ok(self
            .conn
            .query_row_cached(
                "SELECT etag, last_modified FROM feed_state WHERE url = ?",
                [url],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(sql)?
            .unwrap_or((None, None)))
    }

    /// Stores the validators a feed answered with.
    fn set_feed_validators(
        &self,
        url: &str,
        etag: Option<&str>,
        last_modified: Option<&str>,
        checked_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "INSERT INTO feed_state (url, etag, last_modified, checked_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(url) DO UPDATE SET etag = ?2, last_modified = ?3, checked_at = ?4",
                params![url, etag, last_modified, at(checked_at)],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Records a crawl run; returns its id.
    fn add_crawl_run(&self, key: &str, run: &CrawlRun) -> Result<i64, RepoError> {
        self.conn
            .execute_cached(
                "INSERT INTO crawl_runs (source, started_at, record) VALUES (?, ?, ?)",
                params![key, at(run.started_at), json(run)?],
            )
            .map_err(sql)?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Marks the runs of `key` still `running` as `aborted` at `now` (their process ended before
    /// they finished); returns how many.
    fn abort_running_runs(&self, key: &str, now: DateTime<Utc>) -> Result<usize, RepoError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, record FROM crawl_runs WHERE source = ? ORDER BY id DESC LIMIT 50")
            .map_err(sql)?;
        let rows = stmt
            .query_map([key], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .map_err(sql)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(sql)?;
        let mut n = 0;
        for (id, record) in rows {
            let mut run: CrawlRun = parse(&record)?;
            if run.outcome == lashon_news::record::CrawlOutcome::Running {
                run.outcome = lashon_news::record::CrawlOutcome::Aborted;
                run.finished_at = Some(now);
                self.update_crawl_run(id, &run)?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// Rewrites a crawl run (a running one finishing).
    fn update_crawl_run(&self, id: i64, run: &CrawlRun) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "UPDATE crawl_runs SET record = ? WHERE id = ?",
                params![json(run)?, id],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Sets computed behaviour.
    fn set_behaviour(&self, key: &str, b: &Behaviour) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "INSERT OR REPLACE INTO behaviour (source, record) VALUES (?, ?)",
                params![key, json(b)?],
            )
            .map_err(sql)?;
        Ok(())
    }
}
