//! Writers of the news store: the registry, articles (idempotent on canonical URL), clusters
//! with their members, threads, state rows, the change log, crawl runs, people, briefs; and the
//! export read, which joins articles, stories and the registry.

use chrono::{DateTime, Duration, Utc};
use lashon_core::news::{ExportQuery, NewStory, RepoError};
use lashon_news::export::ExportRecord;
use lashon_news::record::{
    BriefRecord, ChangeRecord, Coverage, CrawlRun, MemberRecord, PersonRecord, SignalRecord,
    StoryRecord, ThreadLink, ThreadRecord,
};
use lashon_news::types::{Behaviour, Newsroom};
use lashon_news::{search, Lang, StoryState, Topic};
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::schema::{at, json, parse, sql};
use crate::store::Store;

/// An article as ingested (DESIGN.md, `lashon ingest FILE.jsonl`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ArticleInput {
    pub source: String,
    pub url: String,
    pub headline: String,
    pub published_at: DateTime<Utc>,
    #[serde(default)]
    pub language: Option<Lang>,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub body: Option<String>,
    #[serde(default)]
    pub byline: Option<String>,
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
}

/// A stored article with what clustering needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IngestedArticle {
    pub id: i64,
    pub input: ArticleInput,
    pub language: Lang,
}

/// Writes inside one transaction (see [`Store::write_news`]).
pub struct NewsWriter<'c> {
    conn: &'c Connection,
}

impl<'c> NewsWriter<'c> {
    /// The transaction's connection, for the other tables' writers (webhooks).
    pub(crate) fn conn(&self) -> &'c Connection {
        self.conn
    }
}

impl Store {
    /// Runs `f` with a writer inside one transaction; nothing is kept when it fails.
    pub fn write_news<T>(
        &self,
        f: impl FnOnce(&NewsWriter<'_>) -> Result<T, RepoError>,
    ) -> Result<T, RepoError> {
        let mut conn = self.news_conn()?;
        let tx = conn.transaction().map_err(sql)?;
        let out = f(&NewsWriter { conn: &tx })?;
        tx.commit().map_err(sql)?;
        Ok(out)
    }
}

fn registry(conn: &Connection) -> Result<std::collections::HashMap<String, Newsroom>, RepoError> {
    let mut stmt = conn
        .prepare_cached("SELECT record FROM newsrooms")
        .map_err(sql)?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(sql)?;
    let mut out = std::collections::HashMap::new();
    for row in rows {
        let room: Newsroom = parse(&row.map_err(sql)?)?;
        out.insert(room.key.clone(), room);
    }
    Ok(out)
}

impl NewsWriter<'_> {
    fn next_seq(&self) -> Result<i64, RepoError> {
        self.conn
            .query_row(
                "UPDATE news_meta SET value = value + 1 WHERE name = 'seq' RETURNING value",
                [],
                |r| r.get(0),
            )
            .map_err(sql)
    }

    /// Adds or replaces a newsroom of the registry.
    pub fn put_newsroom(&self, room: &Newsroom, feeds: &[String]) -> Result<(), RepoError> {
        self.conn
            .execute(
                "INSERT INTO newsrooms (key, record, feeds) VALUES (?1, ?2, ?3)
                 ON CONFLICT(key) DO UPDATE SET record = ?2, feeds = ?3",
                params![room.key, json(room)?, json(&feeds)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Sets the computed profile of a newsroom (kept apart from its registry fields).
    pub fn set_profile(
        &self,
        key: &str,
        profile: Option<serde_json::Value>,
    ) -> Result<(), RepoError> {
        let rooms = registry(self.conn)?;
        let Some(mut room) = rooms.get(key).cloned() else {
            return Ok(());
        };
        room.profile = profile;
        self.conn
            .execute(
                "UPDATE newsrooms SET record = ? WHERE key = ?",
                params![json(&room)?, key],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// The registry.
    pub fn newsrooms(&self) -> Result<std::collections::HashMap<String, Newsroom>, RepoError> {
        registry(self.conn)
    }

    /// Stores an article, or updates the one with the same URL (never a duplicate). Returns
    /// its id and whether it was new.
    pub fn ingest(&self, a: &ArticleInput, language: Lang) -> Result<(i64, bool), RepoError> {
        let existing: Option<(i64, Option<String>)> = self
            .conn
            .query_row(
                "SELECT id, input FROM articles WHERE url = ?",
                [&a.url],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(sql)?;
        let input = json(a)?;
        let member = |id: i64, story_id: i64| MemberRecord {
            article_id: id,
            story_id,
            source: a.source.clone(),
            headline: match language {
                Lang::En => lashon_news::Localized::en(&a.headline),
                Lang::He => lashon_news::Localized::he(&a.headline),
            },
            original: a.headline.clone(),
            published_at: a.published_at,
            url: a.url.clone(),
            language,
            story_type: story_type(a),
            framing: None,
            updated_at: a.updated_at,
        };
        match existing {
            // Unchanged: nothing to write, nothing to cluster again.
            Some((id, Some(old))) if old == input => Ok((id, false)),
            Some((id, _)) => {
                // Pending: its story is written again at the next clustering (the article
                // keeps its story; a changed headline does not move it).
                self.conn
                    .execute(
                        "UPDATE articles SET source = ?2, language = ?3, published_at = ?4,
                         record = ?5, input = ?6, pending = 1 WHERE id = ?1",
                        params![
                            id,
                            a.source,
                            language.as_str(),
                            at(a.published_at),
                            json(&member(id, 0))?,
                            input
                        ],
                    )
                    .map_err(sql)?;
                Ok((id, false))
            }
            None => {
                let seq = self.next_seq()?;
                self.conn
                    .execute(
                        "INSERT INTO articles (url, seq, source, language, published_at, record, input)
                         VALUES (?1, ?2, ?3, ?4, ?5, '{}', ?6)",
                        params![
                            a.url,
                            seq,
                            a.source,
                            language.as_str(),
                            at(a.published_at),
                            input
                        ],
                    )
                    .map_err(sql)?;
                let id = self.conn.last_insert_rowid();
                self.conn
                    .execute(
                        "UPDATE articles SET record = ?2 WHERE id = ?1",
                        params![id, json(&member(id, 0))?],
                    )
                    .map_err(sql)?;
                Ok((id, true))
            }
        }
    }

    /// The current state of a story, if it has a state row.
    pub fn current_state(&self, story_id: i64) -> Result<Option<StoryState>, RepoError> {
        let s: Option<String> = self
            .conn
            .query_row(
                "SELECT state FROM changes WHERE story_id = ? ORDER BY seq DESC LIMIT 1",
                [story_id],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        Ok(s.and_then(|s| StoryState::parse(&s)))
    }

    /// Adds or replaces a thread.
    pub fn put_thread(&self, t: &ThreadRecord) -> Result<(), RepoError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO threads (id, nodes, newest_at, record) VALUES (?, ?, ?, ?)",
                params![t.id, t.nodes, at(t.newest_at), json(t)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Adds or replaces a cluster with its articles, computing coverage, `publishedAt` (the
    /// earliest article) and `latestAt` (the newest), as the in-memory store does.
    pub fn put_story(&self, story: &NewStory, members: &[MemberRecord]) -> Result<(), RepoError> {
        let (Some(first), Some(last)) = (
            members.iter().map(|m| m.published_at).min(),
            members.iter().map(|m| m.published_at).max(),
        ) else {
            return Err(RepoError::Internal(format!(
                "story {} has no articles",
                story.id
            )));
        };
        let rooms = registry(self.conn)?;
        let coverage = Coverage::compute(members, |k| rooms.get(k));
        let thread = match story.thread_id {
            Some(id) => self
                .conn
                .query_row("SELECT record FROM threads WHERE id = ?", [id], |r| {
                    r.get::<_, String>(0)
                })
                .optional()
                .map_err(sql)?
                .map(|s| parse::<ThreadRecord>(&s))
                .transpose()?
                .map(|t| ThreadLink {
                    id: t.id,
                    title: t.title.clone(),
                    days: t.days(),
                }),
            None => None,
        };
        let record = StoryRecord {
            id: story.id,
            url: story.url.clone(),
            headline: story.headline.clone(),
            summary: story.summary.clone(),
            topic: story.topic,
            published_at: first,
            latest_at: last,
            updated_at: story.updated_at,
            coverage,
            state: story.state,
            verdict: story.verdict.clone(),
            thread,
            framing_note: story.framing_note.clone(),
            entities: story.entities.clone(),
        };
        let missing: String = record
            .coverage
            .missing_sides()
            .iter()
            .map(|s| format!(",{},", s.as_str()))
            .collect();
        let c = self.conn;
        c.execute(
            "INSERT OR REPLACE INTO stories (id, topic, state, latest_at, thread_id, missing, record)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
            params![
                record.id,
                record.topic.as_str(),
                record.state.map(StoryState::as_str),
                at(last),
                story.thread_id,
                missing,
                json(&record)?
            ],
        )
        .map_err(sql)?;
        c.execute("DELETE FROM story_sources WHERE story_id = ?", [record.id])
            .map_err(sql)?;
        for k in &record.coverage.sources {
            c.execute(
                "INSERT OR IGNORE INTO story_sources (source, latest_at, story_id) VALUES (?, ?, ?)",
                params![k, at(last), record.id],
            )
            .map_err(sql)?;
        }
        // Rule 9: headline (both languages), summary and entities, folded by lashon-news.
        let mut text = String::new();
        for t in [
            &record.headline.en,
            &record.headline.he,
            &record.summary.en,
            &record.summary.he,
        ]
        .into_iter()
        .flatten()
        {
            text.push_str(t);
            text.push(' ');
        }
        text.push_str(&record.entities.join(" "));
        c.execute("DELETE FROM story_search WHERE rowid = ?", [record.id])
            .map_err(sql)?;
        c.execute(
            "INSERT INTO story_search (rowid, forms) VALUES (?, ?)",
            params![record.id, search::index_forms(&text).join(" ")],
        )
        .map_err(sql)?;
        let ids: Vec<i64> = members.iter().map(|m| m.article_id).collect();
        c.execute(
            &format!(
                "UPDATE articles SET story_id = NULL WHERE story_id = ? AND id NOT IN ({})",
                ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            ),
            [record.id],
        )
        .map_err(sql)?;
        for m in members {
            let mut m = m.clone();
            m.story_id = record.id;
            let updated = c
                .execute(
                    "UPDATE articles SET story_id = ?2, source = ?3, language = ?4, published_at = ?5,
                     record = ?6 WHERE id = ?1",
                    params![m.article_id, m.story_id, m.source, m.language.as_str(), at(m.published_at), json(&m)?],
                )
                .map_err(sql)?;
            if updated == 0 {
                let seq = self.next_seq()?;
                c.execute(
                    "INSERT INTO articles (id, url, seq, source, language, published_at, story_id, record, pending)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)",
                    params![m.article_id, m.url, seq, m.source, m.language.as_str(), at(m.published_at), m.story_id, json(&m)?],
                )
                .map_err(sql)?;
            }
        }
        Ok(())
    }

    /// Sets the current signal row of a story.
    pub fn set_signal(&self, s: &SignalRecord) -> Result<(), RepoError> {
        let g = &s.signals;
        self.conn
            .execute(
                "INSERT OR REPLACE INTO signals (story_id, state, computed_at, acceleration, velocity,
                 heat, importance, significance, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                params![
                    s.story_id,
                    s.state.as_str(),
                    at(s.computed_at),
                    g.acceleration,
                    g.velocity,
                    g.heat,
                    g.importance,
                    g.significance,
                    json(s)?
                ],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Appends a change; its `seq` is assigned here.
    pub fn add_change(&self, change: &ChangeRecord) -> Result<(), RepoError> {
        let mut change = change.clone();
        change.seq = self.next_seq()?;
        self.conn
            .execute(
                "INSERT INTO changes (seq, story_id, state, changed_at, record) VALUES (?, ?, ?, ?, ?)",
                params![change.seq, change.story_id, change.state.as_str(), at(change.changed_at), json(&change)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Records a crawl run; returns its id.
    pub fn add_crawl_run(&self, key: &str, run: &CrawlRun) -> Result<i64, RepoError> {
        self.conn
            .execute(
                "INSERT INTO crawl_runs (source, started_at, record) VALUES (?, ?, ?)",
                params![key, at(run.started_at), json(run)?],
            )
            .map_err(sql)?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Marks the runs of `key` still `running` as `aborted` at `now` (their process ended before
    /// they finished); returns how many.
    pub fn abort_running_runs(&self, key: &str, now: DateTime<Utc>) -> Result<usize, RepoError> {
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
    pub fn update_crawl_run(&self, id: i64, run: &CrawlRun) -> Result<(), RepoError> {
        self.conn
            .execute(
                "UPDATE crawl_runs SET record = ? WHERE id = ?",
                params![json(run)?, id],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// The feeds of every newsroom, by newsroom key.
    pub fn feeds(&self) -> Result<Vec<(String, Vec<String>)>, RepoError> {
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
    pub fn feed_validators(
        &self,
        url: &str,
    ) -> Result<(Option<String>, Option<String>), RepoError> {
        Ok(self
            .conn
            .query_row(
                "SELECT etag, last_modified FROM feed_state WHERE url = ?",
                [url],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(sql)?
            .unwrap_or((None, None)))
    }

    /// Stores the validators a feed answered with.
    pub fn set_feed_validators(
        &self,
        url: &str,
        etag: Option<&str>,
        last_modified: Option<&str>,
        checked_at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        self.conn
            .execute(
                "INSERT INTO feed_state (url, etag, last_modified, checked_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(url) DO UPDATE SET etag = ?2, last_modified = ?3, checked_at = ?4",
                params![url, etag, last_modified, at(checked_at)],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// The stored input of the article at `url`, if any.
    pub fn article_input(&self, url: &str) -> Result<Option<ArticleInput>, RepoError> {
        let input: Option<Option<String>> = self
            .conn
            .query_row("SELECT input FROM articles WHERE url = ?", [url], |r| {
                r.get(0)
            })
            .optional()
            .map_err(sql)?;
        match input.flatten() {
            Some(text) => Ok(Some(parse(&text)?)),
            None => Ok(None),
        }
    }

    /// Sets computed behaviour.
    pub fn set_behaviour(&self, key: &str, b: &Behaviour) -> Result<(), RepoError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO behaviour (source, record) VALUES (?, ?)",
                params![key, json(b)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Adds or replaces a person with their aliases.
    pub fn put_person(&self, p: &PersonRecord) -> Result<(), RepoError> {
        let c = self.conn;
        c.execute(
            "INSERT OR REPLACE INTO people (id, record) VALUES (?, ?)",
            params![p.id, json(p)?],
        )
        .map_err(sql)?;
        c.execute("DELETE FROM person_aliases WHERE person_id = ?", [p.id])
            .map_err(sql)?;
        for a in &p.aliases {
            c.execute(
                "INSERT OR REPLACE INTO person_aliases (person_id, alias, display, status) VALUES (?, ?, ?, ?)",
                params![p.id, a.alias, a.display, a.status],
            )
            .map_err(sql)?;
        }
        Ok(())
    }

    /// Adds a person unless one with the same id is stored (an edited record stays).
    /// Returns whether it was added.
    pub fn add_person_if_absent(&self, p: &PersonRecord) -> Result<bool, RepoError> {
        let present: Option<i64> = self
            .conn
            .query_row("SELECT id FROM people WHERE id = ?", [p.id], |r| r.get(0))
            .optional()
            .map_err(sql)?;
        if present.is_some() {
            return Ok(false);
        }
        self.put_person(p)?;
        Ok(true)
    }

    /// Records one mention of a person.
    pub fn add_mention(&self, person_id: i64, when: DateTime<Utc>) -> Result<(), RepoError> {
        self.conn
            .execute(
                "INSERT INTO mentions (person_id, at) VALUES (?, ?)",
                params![person_id, at(when)],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Removes every mention (before counting them again).
    pub fn clear_mentions(&self) -> Result<(), RepoError> {
        self.conn.execute("DELETE FROM mentions", []).map_err(sql)?;
        Ok(())
    }

    /// Stores a brief; the newest is served.
    pub fn add_brief(&self, b: &BriefRecord) -> Result<(), RepoError> {
        self.conn
            .execute(
                "INSERT INTO briefs (generated_at, record) VALUES (?, ?)",
                params![at(b.generated_at), json(b)?],
            )
            .map_err(sql)?;
        Ok(())
    }
}

/// Kind of article: an opinion category reads as opinion, else news.
fn story_type(a: &ArticleInput) -> String {
    match a.category.as_deref() {
        Some("opinion") => "opinion".into(),
        Some("press-release") => "press_release".into(),
        _ => "news".into(),
    }
}

/// Export rows (rule 11): story then article ascending, publication day in `[from, to]` (UTC),
/// inserted at or before the cutoff, in the stored language only.
pub(super) fn export(store: &Store, q: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
    let start = at(q.from.and_time(chrono::NaiveTime::MIN).and_utc());
    let end = at((q.to + Duration::days(1))
        .and_time(chrono::NaiveTime::MIN)
        .and_utc());
    let (after_story, after_article) = q.after.unwrap_or((i64::MIN, i64::MIN));
    let lang = q.lang.map(Lang::as_str);
    let conn = store.news_conn()?;
    // Side and lean come from the registry (read once), as in story detail.
    let rooms = registry(&conn)?;
    let mut stmt = conn
        .prepare_cached(
            // The export index is the page order: a page is one range scan, never a sort of
            // the whole date range.
            "SELECT a.record, a.story_id, a.source, s.topic, s.state
             FROM articles a INDEXED BY articles_export JOIN stories s ON s.id = a.story_id
             WHERE (a.story_id, a.id) > (?1, ?2) AND a.seq <= ?3 AND a.published_at >= ?4
               AND a.published_at < ?5 AND (?6 IS NULL OR a.language = ?6)
             ORDER BY a.story_id, a.id LIMIT ?7",
        )
        .map_err(sql)?;
    let limit = i64::try_from(q.limit).unwrap_or(i64::MAX);
    let rows = stmt
        .query_map(
            params![
                after_story,
                after_article,
                q.cutoff,
                start,
                end,
                lang,
                limit
            ],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Option<String>>(4)?,
                ))
            },
        )
        .map_err(sql)?;
    let mut out = Vec::new();
    for row in rows {
        let (m, story_id, source, topic, state) = row.map_err(sql)?;
        let Some(room) = rooms.get(&source) else {
            continue;
        };
        let m: MemberRecord = parse(&m)?;
        out.push(ExportRecord {
            article_id: m.article_id,
            story_id,
            source: m.source.clone(),
            side: room.side,
            lean: room.lean,
            language: m.language,
            // Rule 11: the record as stored in its language, no fallback.
            headline: m
                .headline
                .exact(m.language)
                .map(str::to_owned)
                .unwrap_or_else(|| m.original.clone()),
            url: m.url.clone(),
            published_at: m.published_at,
            updated_at: m.updated_at,
            topic: Topic::parse(&topic).unwrap_or(Topic::General),
            story_state: state.as_deref().and_then(StoryState::parse),
        });
    }
    Ok(out)
}
