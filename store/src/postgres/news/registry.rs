//! The newsroom registry, feeds and their validators, crawl runs, behaviour and profiles.

use chrono::{DateTime, Utc};
use lashon_core::news::write::*;
use lashon_core::news::RepoError;
use lashon_news::record::{CrawlOutcome, CrawlRun};
use lashon_news::types::{Behaviour, Newsroom};

use super::schema::{at, json, parse};
use super::writer::{registry, PgWriter};
use crate::postgres::connections::sql;

impl RegistryWrites for PgWriter<'_> {
    /// Adds or replaces a newsroom of the registry.
    fn put_newsroom(&self, room: &Newsroom, feeds: &[String]) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "INSERT INTO newsrooms (key, record, feeds) VALUES ($1, $2, $3)
                 ON CONFLICT (key) DO UPDATE SET record = excluded.record, feeds = excluded.feeds",
                &[&room.key, &json(room)?, &json(&feeds)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Sets the computed profile of a newsroom (kept apart from its registry fields).
    fn set_profile(&self, key: &str, profile: Option<serde_json::Value>) -> Result<(), RepoError> {
        let c = self.conn()?;
        let rooms = registry(c)?;
        let Some(mut room) = rooms.get(key).cloned() else {
            return Ok(());
        };
        room.profile = profile;
        c.execute(
            "UPDATE newsrooms SET record = $1 WHERE key = $2",
            &[&json(&room)?, &key],
        )
        .map_err(sql)?;
        Ok(())
    }

    /// The registry.
    fn newsrooms(&self) -> Result<std::collections::HashMap<String, Newsroom>, RepoError> {
        registry(self.conn()?)
    }

    /// The feeds of every newsroom, by newsroom key.
    fn feeds(&self) -> Result<Vec<(String, Vec<String>)>, RepoError> {
        let rows = self
            .conn()?
            .query("SELECT key, feeds FROM newsrooms ORDER BY key", &[])
            .map_err(sql)?;
        let mut out = Vec::new();
        for r in rows {
            let feeds: String = r.get(1);
            out.push((r.get(0), parse(&feeds)?));
        }
        Ok(out)
    }

    /// The conditional-GET validators of a feed: (ETag, Last-Modified).
    fn feed_validators(&self, url: &str) -> Result<(Option<String>, Option<String>), RepoError> {
        Ok(self
            .conn()?
            .query_opt(
                "SELECT etag, last_modified FROM feed_state WHERE url = $1",
                &[&url],
            )
            .map_err(sql)?
            .map(|r| (r.get(0), r.get(1)))
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
        self.conn()?
            .execute(
                "INSERT INTO feed_state (url, etag, last_modified, checked_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (url) DO UPDATE SET etag = excluded.etag,
                   last_modified = excluded.last_modified, checked_at = excluded.checked_at",
                &[&url, &etag, &last_modified, &at(checked_at)],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Records a crawl run; returns its id.
    fn add_crawl_run(&self, key: &str, run: &CrawlRun) -> Result<i64, RepoError> {
        Ok(self
            .conn()?
            .query_one(
                "INSERT INTO crawl_runs (source, started_at, record) VALUES ($1, $2, $3) RETURNING id",
                &[&key, &at(run.started_at), &json(run)?],
            )
            .map_err(sql)?
            .get(0))
    }

    /// Marks the runs of `key` still `running` as `aborted` at `now` (their process ended before
    /// they finished); returns how many.
    fn abort_running_runs(&self, key: &str, now: DateTime<Utc>) -> Result<usize, RepoError> {
        let rows = self
            .conn()?
            .query(
                "SELECT id, record FROM crawl_runs WHERE source = $1 ORDER BY id DESC LIMIT 50",
                &[&key],
            )
            .map_err(sql)?;
        let mut n = 0;
        for r in rows {
            let record: String = r.get(1);
            let mut run: CrawlRun = parse(&record)?;
            if run.outcome == CrawlOutcome::Running {
                run.outcome = CrawlOutcome::Aborted;
                run.finished_at = Some(now);
                self.update_crawl_run(r.get(0), &run)?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// Rewrites a crawl run (a running one finishing).
    fn update_crawl_run(&self, id: i64, run: &CrawlRun) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "UPDATE crawl_runs SET record = $1 WHERE id = $2",
                &[&json(run)?, &id],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Sets computed behaviour.
    fn set_behaviour(&self, key: &str, b: &Behaviour) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "INSERT INTO behaviour (source, record) VALUES ($1, $2)
                 ON CONFLICT (source) DO UPDATE SET record = excluded.record",
                &[&key, &json(b)?],
            )
            .map_err(sql)?;
        Ok(())
    }
}
