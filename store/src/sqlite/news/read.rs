//! The reads of the news endpoints: [`NewsRepository`] for [`SqliteStore`].
//!
//! Each list method is one keyset range scan: `WHERE (sortKey, id) < (?, ?) ORDER BY
//! sortKey DESC, id DESC LIMIT ?` over an index in that order (see [`super::schema::MIGRATION`]).
//! The answers are the same as [`lashon_core::news::MemoryNewsRepository`]'s; the tests in
//! `tests/news_store.rs` hold the two side by side.

use crate::sqlite::connections::Cached;
use chrono::{DateTime, Utc};
use lashon_core::news::{
    ExportQuery, NewsRepository, RepoError, SignalOrder, SignalQuery, StoryQuery,
};
use lashon_news::cursor::{ChangeKey, MemberKey, ThreadKey};
use lashon_news::export::ExportRecord;
use lashon_news::record::{
    BriefRecord, ChangeRecord, CrawlRun, MemberRecord, PersonRecord, SignalRecord, StoryRecord,
    ThreadRecord,
};
use lashon_news::types::{Behaviour, Newsroom};
use lashon_news::{Metric, Topic};
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use super::super::SqliteStore;
use super::schema::{at, match_expression, parse, sql};

/// Runs `sql` with `args` and parses the JSON of the first column of each row.
pub(super) fn records<T: serde::de::DeserializeOwned>(
    conn: &Connection,
    query: &str,
    args: Vec<Value>,
) -> Result<Vec<T>, RepoError> {
    let mut stmt = conn.prepare_cached(query).map_err(sql)?;
    let rows = stmt
        .query_map(params_from_iter(args), |r| r.get::<_, String>(0))
        .map_err(sql)?;
    let mut out = Vec::new();
    for row in rows {
        out.push(parse(&row.map_err(sql)?)?);
    }
    Ok(out)
}

/// Runs `query`, whose rows are a story's record and its thread's (`NULL` when none; see
/// [`StoryRecord::with_thread`]), and gives the stories with their threads as they are now.
fn story_records(
    conn: &Connection,
    query: &str,
    args: Vec<Value>,
) -> Result<Vec<StoryRecord>, RepoError> {
    let mut stmt = conn.prepare_cached(query).map_err(sql)?;
    let rows = stmt
        .query_map(params_from_iter(args), |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
        })
        .map_err(sql)?;
    let mut out = Vec::new();
    for row in rows {
        let (story, thread) = row.map_err(sql)?;
        out.push(story_with_thread(&story, thread.as_deref())?);
    }
    Ok(out)
}

fn story_with_thread(story: &str, thread: Option<&str>) -> Result<StoryRecord, RepoError> {
    let thread: Option<ThreadRecord> = thread.map(parse).transpose()?;
    Ok(parse::<StoryRecord>(story)?.with_thread(thread))
}

/// Above this many matching stories, search walks the `latestAt` index (see `stories`).
const DENSE_MATCHES: i64 = 2_000;

fn limit(n: usize) -> Value {
    Value::Integer(i64::try_from(n).unwrap_or(i64::MAX))
}

fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

/// `?, ?, ?` for `n` values.
fn marks(n: usize) -> String {
    vec!["?"; n].join(", ")
}

fn member_record(record: &str, story_id: i64) -> Result<MemberRecord, RepoError> {
    let mut m: MemberRecord = parse(record)?;
    m.story_id = story_id;
    Ok(m)
}

fn metric_column(order: SignalOrder) -> &'static str {
    match order {
        SignalOrder::Metric(Metric::Acceleration) => "acceleration",
        SignalOrder::Metric(Metric::Velocity) => "velocity",
        SignalOrder::Metric(Metric::Heat) => "heat",
        SignalOrder::Metric(Metric::Importance) => "importance",
        SignalOrder::Significance => "significance",
    }
}

impl NewsRepository for SqliteStore {
    fn newsrooms(&self) -> Result<Vec<Newsroom>, RepoError> {
        let conn = self.news_reader()?;
        records(&conn, "SELECT record FROM newsrooms ORDER BY key", vec![])
    }

    fn newsroom(&self, key: &str) -> Result<Option<Newsroom>, RepoError> {
        let conn = self.news_reader()?;
        Ok(records(
            &conn,
            "SELECT record FROM newsrooms WHERE key = ?",
            vec![text(key)],
        )?
        .pop())
    }

    fn stories(&self, q: &StoryQuery) -> Result<Vec<StoryRecord>, RepoError> {
        // Common table: OR within a repeatable parameter, AND across parameters.
        let mut clauses = Vec::new();
        let mut args = Vec::new();
        if let Some(state) = q.state {
            clauses.push("s.state = ?".to_owned());
            args.push(text(state.as_str()));
        }
        if !q.topics.is_empty() {
            clauses.push(format!("s.topic IN ({})", marks(q.topics.len())));
            args.extend(q.topics.iter().map(|t| text(t)));
        }
        if !q.sources.is_empty() {
            clauses.push(format!(
                "EXISTS (SELECT 1 FROM story_sources ss WHERE ss.story_id = s.id AND ss.source IN ({}))",
                marks(q.sources.len())
            ));
            args.extend(q.sources.iter().map(|k| text(k)));
        }
        if let Some(since) = q.since {
            clauses.push("s.latest_at >= ?".to_owned());
            args.push(Value::Integer(at(since)));
        }
        let conn = self.news_reader()?;
        if let Some(t) = q.text.as_deref() {
            // Rule 9: a text with no token matches nothing.
            let Some(expr) = match_expression(t) else {
                return Ok(Vec::new());
            };
            // A frequent term is found fastest by walking the `latestAt` index and testing
            // membership (`+s.id` keeps the planner off the primary key); a rare one by
            // looking its few stories up and sorting them.
            let matches: i64 = conn
                .query_row_cached(
                    "SELECT count(*) FROM story_search WHERE story_search MATCH ?",
                    [&expr],
                    |r| r.get(0),
                )
                .map_err(sql)?;
            let id = if matches > DENSE_MATCHES {
                "+s.id"
            } else {
                "s.id"
            };
            clauses.push(format!(
                "{id} IN (SELECT rowid FROM story_search WHERE story_search MATCH ?)"
            ));
            args.push(Value::Text(expr));
        }
        if let Some(k) = q.after {
            clauses.push("(s.latest_at, s.id) < (?, ?)".to_owned());
            args.push(Value::Integer(at(k.latest_at)));
            args.push(Value::Integer(k.id));
        }
        let filter = if clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", clauses.join(" AND "))
        };
        args.push(limit(q.limit));
        // Keys first, records after: the sort (if any) carries two integers, not records.
        story_records(
            &conn,
            &format!(
                "SELECT s.record, t.record FROM stories s LEFT JOIN threads t ON t.id = s.thread_id
                 WHERE s.id IN (SELECT s.id FROM stories s {filter}
                 ORDER BY s.latest_at DESC, s.id DESC LIMIT ?) ORDER BY s.latest_at DESC, s.id DESC"
            ),
            args,
        )
    }

    fn story(&self, id: i64) -> Result<Option<StoryRecord>, RepoError> {
        let conn = self.news_reader()?;
        Ok(story_records(
            &conn,
            "SELECT s.record, t.record FROM stories s LEFT JOIN threads t ON t.id = s.thread_id
             WHERE s.id = ?",
            vec![Value::Integer(id)],
        )?
        .pop())
    }

    fn successor(&self, id: i64) -> Result<Option<i64>, RepoError> {
        let conn = self.news_reader()?;
        let next: Option<Option<i64>> = conn
            .query_row_cached(
                "SELECT a.story_id FROM former_stories f JOIN articles a ON a.id = f.id
                 WHERE f.id = ? AND a.story_id <> f.id",
                [id],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        Ok(next.flatten())
    }

    fn former_thread(&self, id: i64) -> Result<Option<Option<i64>>, RepoError> {
        let conn = self.news_reader()?;
        conn.query_row_cached("SELECT next FROM former_threads WHERE id = ?", [id], |r| {
            r.get(0)
        })
        .optional()
        .map_err(sql)
    }

    fn members(
        &self,
        story_id: i64,
        after: Option<MemberKey>,
        limit: Option<usize>,
    ) -> Result<Vec<MemberRecord>, RepoError> {
        let conn = self.news_reader()?;
        let (from, id) = after.map_or((i64::MIN, i64::MIN), |k| (at(k.published_at), k.article_id));
        let n = limit.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
        let mut stmt = conn
            .prepare_cached(
                "SELECT record FROM articles WHERE story_id = ?1 AND (published_at, id) > (?2, ?3)
                 ORDER BY published_at, id LIMIT ?4",
            )
            .map_err(sql)?;
        let rows = stmt
            .query_map(params![story_id, from, id, n], |r| r.get::<_, String>(0))
            .map_err(sql)?;
        let mut out = Vec::new();
        for row in rows {
            out.push(member_record(&row.map_err(sql)?, story_id)?);
        }
        Ok(out)
    }

    fn threads(
        &self,
        min_nodes: u32,
        after: Option<ThreadKey>,
        n: usize,
    ) -> Result<Vec<ThreadRecord>, RepoError> {
        let conn = self.news_reader()?;
        let (newest, id) = after.map_or((i64::MAX, i64::MAX), |k| (at(k.newest_at), k.id));
        records(
            &conn,
            "SELECT record FROM threads WHERE nodes >= ? AND (newest_at, id) < (?, ?)
             ORDER BY newest_at DESC, id DESC LIMIT ?",
            vec![
                Value::Integer(i64::from(min_nodes)),
                Value::Integer(newest),
                Value::Integer(id),
                limit(n),
            ],
        )
    }

    fn thread(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError> {
        let conn = self.news_reader()?;
        Ok(records(
            &conn,
            "SELECT record FROM threads WHERE id = ?",
            vec![Value::Integer(id)],
        )?
        .pop())
    }

    fn thread_arc(&self, id: i64, n: usize) -> Result<Vec<StoryRecord>, RepoError> {
        let conn = self.news_reader()?;
        story_records(
            &conn,
            "SELECT s.record, t.record FROM stories s LEFT JOIN threads t ON t.id = s.thread_id
             WHERE s.thread_id = ? ORDER BY s.latest_at DESC, s.id DESC LIMIT ?",
            vec![Value::Integer(id), limit(n)],
        )
    }

    fn signals(&self, q: &SignalQuery) -> Result<Vec<(SignalRecord, StoryRecord)>, RepoError> {
        let col = metric_column(q.order);
        let mut clauses = vec!["g.computed_at >= ?".to_owned()];
        let mut args = vec![Value::Integer(at(q.current_since))];
        if !q.states.is_empty() {
            clauses.push(format!("g.state IN ({})", marks(q.states.len())));
            args.extend(q.states.iter().map(|s| text(s.as_str())));
        }
        if let Some(side) = q.missing_side {
            // Rule 5: only stories this camp did not run.
            clauses.push("instr(s.missing, ?) > 0".to_owned());
            args.push(Value::Text(format!(",{},", side.as_str())));
        }
        if let Some(k) = &q.after {
            clauses.push(format!("(g.{col}, g.story_id) < (?, ?)"));
            args.push(Value::Real(k.score()));
            args.push(Value::Integer(k.story_id));
        }
        args.push(limit(q.limit));
        let query = format!(
            "SELECT g.record, s.record, t.record FROM signals g JOIN stories s ON s.id = g.story_id
             LEFT JOIN threads t ON t.id = s.thread_id WHERE {} ORDER BY g.{col} DESC, g.story_id DESC LIMIT ?",
            clauses.join(" AND ")
        );
        let conn = self.news_reader()?;
        let mut stmt = conn.prepare_cached(&query).map_err(sql)?;
        let rows = stmt
            .query_map(params_from_iter(args), |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })
            .map_err(sql)?;
        let mut out = Vec::new();
        for row in rows {
            let (g, s, t) = row.map_err(sql)?;
            out.push((parse(&g)?, story_with_thread(&s, t.as_deref())?));
        }
        Ok(out)
    }

    fn changes(
        &self,
        since: DateTime<Utc>,
        after: Option<ChangeKey>,
        n: usize,
    ) -> Result<Vec<ChangeRecord>, RepoError> {
        let conn = self.news_reader()?;
        let (from, seq) = after.map_or((i64::MIN, i64::MIN), |k| (at(k.changed_at), k.seq));
        records(
            &conn,
            "SELECT record FROM changes WHERE changed_at >= ? AND (changed_at, seq) > (?, ?)
             ORDER BY changed_at, seq LIMIT ?",
            vec![
                Value::Integer(at(since)),
                Value::Integer(from),
                Value::Integer(seq),
                limit(n),
            ],
        )
    }

    fn crawl_runs(&self, key: &str, since: DateTime<Utc>) -> Result<Vec<CrawlRun>, RepoError> {
        let conn = self.news_reader()?;
        records(
            &conn,
            "SELECT record FROM crawl_runs WHERE source = ? AND started_at >= ? ORDER BY id",
            vec![text(key), Value::Integer(at(since))],
        )
    }

    fn behaviour(&self, key: &str) -> Result<Option<Behaviour>, RepoError> {
        let conn = self.news_reader()?;
        Ok(records(
            &conn,
            "SELECT record FROM behaviour WHERE source = ?",
            vec![text(key)],
        )?
        .pop())
    }

    fn topic_volumes(&self, since: DateTime<Utc>) -> Result<Vec<(Topic, u64)>, RepoError> {
        let conn = self.news_reader()?;
        let mut stmt = conn
            .prepare_cached(
                "SELECT s.topic, COUNT(*) FROM articles a JOIN stories s ON s.id = a.story_id
                 WHERE a.published_at >= ? GROUP BY s.topic",
            )
            .map_err(sql)?;
        let rows = stmt
            .query_map([at(since)], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })
            .map_err(sql)?;
        let mut out = Vec::new();
        for row in rows {
            let (topic, n) = row.map_err(sql)?;
            if let Some(t) = Topic::parse(&topic) {
                out.push((t, u64::try_from(n).unwrap_or(0)));
            }
        }
        out.sort_by_key(|(t, _)| *t);
        Ok(out)
    }

    fn people_mentioned(
        &self,
        since: DateTime<Utc>,
    ) -> Result<Vec<(PersonRecord, u32)>, RepoError> {
        let conn = self.news_reader()?;
        let mut stmt = conn
            .prepare_cached(
                "SELECT p.record, COUNT(*) AS n FROM mentions m JOIN people p ON p.id = m.person_id
                 WHERE m.at >= ? GROUP BY m.person_id ORDER BY n DESC, m.person_id",
            )
            .map_err(sql)?;
        let rows = stmt
            .query_map([at(since)], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })
            .map_err(sql)?;
        let mut out = Vec::new();
        for row in rows {
            let (p, n) = row.map_err(sql)?;
            out.push((parse(&p)?, u32::try_from(n).unwrap_or(u32::MAX)));
        }
        Ok(out)
    }

    fn person(
        &self,
        id: i64,
        since: DateTime<Utc>,
    ) -> Result<Option<(PersonRecord, u32)>, RepoError> {
        let conn = self.news_reader()?;
        let row = conn
            .query_row_cached(
                "SELECT record, (SELECT COUNT(*) FROM mentions WHERE person_id = ?1 AND at >= ?2)
                 FROM people WHERE id = ?1",
                params![id, at(since)],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)),
            )
            .optional()
            .map_err(sql)?;
        row.map(|(p, n)| Ok((parse(&p)?, u32::try_from(n).unwrap_or(u32::MAX))))
            .transpose()
    }

    fn brief(&self) -> Result<Option<BriefRecord>, RepoError> {
        let conn = self.news_reader()?;
        Ok(records(
            &conn,
            "SELECT record FROM briefs ORDER BY generated_at DESC, id DESC LIMIT 1",
            vec![],
        )?
        .pop())
    }

    fn export_cutoff(&self) -> Result<i64, RepoError> {
        let conn = self.news_reader()?;
        conn.query_row_cached("SELECT value FROM news_meta WHERE name = 'seq'", [], |r| {
            r.get(0)
        })
        .map_err(sql)
    }

    fn export(&self, q: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
        super::export::export(self, q)
    }
}
