//! The reads of the news endpoints: [`NewsRepository`] for [`PostgresStore`], the same
//! keyset range scans as SQLite's (`crate::sqlite::news::read`) over the same indexes, and
//! search over the GIN index of folded forms.

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
use tokio_postgres::types::ToSql;

use super::super::PostgresStore;
use super::schema::{at, parse, tsquery};
use crate::postgres::connections::{sql, Param, PgConn};

/// Runs `query` and parses the JSON of the first column of each row.
pub(super) fn records<T: serde::de::DeserializeOwned>(
    conn: &PgConn,
    query: &str,
    args: &[Param<'_>],
) -> Result<Vec<T>, RepoError> {
    conn.query(query, args)
        .map_err(sql)?
        .iter()
        .map(|r| parse(r.get(0)))
        .collect()
}

/// Runs `query`, whose rows are a story's record and its thread's (`NULL` when none; see
/// [`StoryRecord::with_thread`]), and gives the stories with their threads as they are now.
fn story_records(
    conn: &PgConn,
    query: &str,
    args: &[Param<'_>],
) -> Result<Vec<StoryRecord>, RepoError> {
    conn.query(query, args)
        .map_err(sql)?
        .iter()
        .map(|r| story_with_thread(r.get(0), r.get(1)))
        .collect()
}

fn story_with_thread(story: &str, thread: Option<&str>) -> Result<StoryRecord, RepoError> {
    let thread: Option<ThreadRecord> = thread.map(parse).transpose()?;
    Ok(parse::<StoryRecord>(story)?.with_thread(thread))
}

/// The parameters of a query built clause by clause: each `push` returns its placeholder.
#[derive(Default)]
struct Args(Vec<Box<dyn ToSql + Sync + Send>>);

impl Args {
    fn push(&mut self, v: impl ToSql + Sync + Send + 'static) -> String {
        self.0.push(Box::new(v));
        format!("${}", self.0.len())
    }

    fn refs(&self) -> Vec<Param<'_>> {
        self.0.iter().map(|b| &**b as Param<'_>).collect()
    }
}

fn limit(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
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

impl NewsRepository for PostgresStore {
    fn newsrooms(&self) -> Result<Vec<Newsroom>, RepoError> {
        records(
            &*self.conn()?,
            "SELECT record FROM newsrooms ORDER BY key",
            &[],
        )
    }

    fn newsroom(&self, key: &str) -> Result<Option<Newsroom>, RepoError> {
        Ok(records(
            &*self.conn()?,
            "SELECT record FROM newsrooms WHERE key = $1",
            &[&key],
        )?
        .pop())
    }

    fn stories(&self, q: &StoryQuery) -> Result<Vec<StoryRecord>, RepoError> {
        // OR within a repeatable parameter, AND across parameters.
        let mut clauses = Vec::new();
        let mut args = Args::default();
        if let Some(state) = q.state {
            clauses.push(format!(
                "s.state = {}",
                args.push(state.as_str().to_owned())
            ));
        }
        if !q.topics.is_empty() {
            clauses.push(format!("s.topic = ANY({})", args.push(q.topics.clone())));
        }
        if !q.sources.is_empty() {
            clauses.push(format!(
                "EXISTS (SELECT 1 FROM story_sources ss WHERE ss.story_id = s.id AND ss.source = ANY({}))",
                args.push(q.sources.clone())
            ));
        }
        if let Some(since) = q.since {
            clauses.push(format!("s.latest_at >= {}", args.push(at(since))));
        }
        if let Some(t) = q.text.as_deref() {
            // Rule 9: a text with no token matches nothing.
            let Some(expr) = tsquery(t) else {
                return Ok(Vec::new());
            };
            clauses.push(format!(
                "s.id IN (SELECT story_id FROM story_search WHERE forms @@ {}::text::tsquery)",
                args.push(expr)
            ));
        }
        if let Some(k) = q.after {
            let latest = args.push(at(k.latest_at));
            let id = args.push(k.id);
            clauses.push(format!("(s.latest_at, s.id) < ({latest}, {id})"));
        }
        let filter = if clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", clauses.join(" AND "))
        };
        let n = args.push(limit(q.limit));
        story_records(
            &*self.conn()?,
            &format!(
                "SELECT s.record, t.record FROM stories s LEFT JOIN threads t ON t.id = s.thread_id
                 {filter} ORDER BY s.latest_at DESC, s.id DESC LIMIT {n}"
            ),
            &args.refs(),
        )
    }

    fn story(&self, id: i64) -> Result<Option<StoryRecord>, RepoError> {
        Ok(story_records(
            &*self.conn()?,
            "SELECT s.record, t.record FROM stories s LEFT JOIN threads t ON t.id = s.thread_id
             WHERE s.id = $1",
            &[&id],
        )?
        .pop())
    }

    fn successor(&self, id: i64) -> Result<Option<i64>, RepoError> {
        let row = self
            .conn()?
            .query_opt(
                "SELECT a.story_id FROM former_stories f JOIN articles a ON a.id = f.id
                 WHERE f.id = $1 AND a.story_id <> f.id",
                &[&id],
            )
            .map_err(sql)?;
        Ok(row.and_then(|r| r.get(0)))
    }

    fn former_thread(&self, id: i64) -> Result<Option<Option<i64>>, RepoError> {
        Ok(self
            .conn()?
            .query_opt("SELECT next FROM former_threads WHERE id = $1", &[&id])
            .map_err(sql)?
            .map(|r| r.get(0)))
    }

    fn members(
        &self,
        story_id: i64,
        after: Option<MemberKey>,
        limit: Option<usize>,
    ) -> Result<Vec<MemberRecord>, RepoError> {
        let (from, id) = after.map_or((i64::MIN, i64::MIN), |k| (at(k.published_at), k.article_id));
        // NULL is no limit.
        let n: Option<i64> = limit.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
        let rows = self
            .conn()?
            .query(
                "SELECT record FROM articles WHERE story_id = $1 AND (published_at, id) > ($2, $3)
                 ORDER BY published_at, id LIMIT $4",
                &[&story_id, &from, &id, &n],
            )
            .map_err(sql)?;
        rows.iter()
            .map(|r| {
                let mut m: MemberRecord = parse(r.get(0))?;
                m.story_id = story_id;
                Ok(m)
            })
            .collect()
    }

    fn threads(
        &self,
        min_nodes: u32,
        after: Option<ThreadKey>,
        n: usize,
    ) -> Result<Vec<ThreadRecord>, RepoError> {
        let (newest, id) = after.map_or((i64::MAX, i64::MAX), |k| (at(k.newest_at), k.id));
        records(
            &*self.conn()?,
            "SELECT record FROM threads WHERE nodes >= $1 AND (newest_at, id) < ($2, $3)
             ORDER BY newest_at DESC, id DESC LIMIT $4",
            &[&i64::from(min_nodes), &newest, &id, &limit(n)],
        )
    }

    fn thread(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError> {
        Ok(records(
            &*self.conn()?,
            "SELECT record FROM threads WHERE id = $1",
            &[&id],
        )?
        .pop())
    }

    fn thread_arc(&self, id: i64, n: usize) -> Result<Vec<StoryRecord>, RepoError> {
        story_records(
            &*self.conn()?,
            "SELECT s.record, t.record FROM stories s LEFT JOIN threads t ON t.id = s.thread_id
             WHERE s.thread_id = $1 ORDER BY s.latest_at DESC, s.id DESC LIMIT $2",
            &[&id, &limit(n)],
        )
    }

    fn signals(&self, q: &SignalQuery) -> Result<Vec<(SignalRecord, StoryRecord)>, RepoError> {
        let col = metric_column(q.order);
        let mut args = Args::default();
        let mut clauses = vec![format!(
            "g.computed_at >= {}",
            args.push(at(q.current_since))
        )];
        if !q.states.is_empty() {
            let states: Vec<String> = q.states.iter().map(|s| s.as_str().to_owned()).collect();
            clauses.push(format!("g.state = ANY({})", args.push(states)));
        }
        if let Some(side) = q.missing_side {
            // Rule 5: only stories this camp did not run.
            clauses.push(format!(
                "strpos(s.missing, {}) > 0",
                args.push(format!(",{},", side.as_str()))
            ));
        }
        if let Some(k) = &q.after {
            let score = args.push(k.score());
            let id = args.push(k.story_id);
            clauses.push(format!("(g.{col}, g.story_id) < ({score}, {id})"));
        }
        let n = args.push(limit(q.limit));
        let query = format!(
            "SELECT g.record, s.record, t.record FROM signals g JOIN stories s ON s.id = g.story_id
             LEFT JOIN threads t ON t.id = s.thread_id WHERE {} ORDER BY g.{col} DESC, g.story_id DESC LIMIT {n}",
            clauses.join(" AND ")
        );
        let rows = self.conn()?.query(&query, &args.refs()).map_err(sql)?;
        rows.iter()
            .map(|r| Ok((parse(r.get(0))?, story_with_thread(r.get(1), r.get(2))?)))
            .collect()
    }

    fn changes(
        &self,
        since: DateTime<Utc>,
        after: Option<ChangeKey>,
        n: usize,
    ) -> Result<Vec<ChangeRecord>, RepoError> {
        let (from, seq) = after.map_or((i64::MIN, i64::MIN), |k| (at(k.changed_at), k.seq));
        records(
            &*self.conn()?,
            "SELECT record FROM changes WHERE changed_at >= $1 AND (changed_at, seq) > ($2, $3)
             ORDER BY changed_at, seq LIMIT $4",
            &[&at(since), &from, &seq, &limit(n)],
        )
    }

    fn crawl_runs(&self, key: &str, since: DateTime<Utc>) -> Result<Vec<CrawlRun>, RepoError> {
        records(
            &*self.conn()?,
            "SELECT record FROM crawl_runs WHERE source = $1 AND started_at >= $2 ORDER BY id",
            &[&key, &at(since)],
        )
    }

    fn behaviour(&self, key: &str) -> Result<Option<Behaviour>, RepoError> {
        Ok(records(
            &*self.conn()?,
            "SELECT record FROM behaviour WHERE source = $1",
            &[&key],
        )?
        .pop())
    }

    fn topic_volumes(&self, since: DateTime<Utc>) -> Result<Vec<(Topic, u64)>, RepoError> {
        let rows = self
            .conn()?
            .query(
                "SELECT s.topic, COUNT(*) FROM articles a JOIN stories s ON s.id = a.story_id
                 WHERE a.published_at >= $1 GROUP BY s.topic",
                &[&at(since)],
            )
            .map_err(sql)?;
        let mut out = Vec::new();
        for r in rows {
            let topic: String = r.get(0);
            let n: i64 = r.get(1);
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
        let rows = self
            .conn()?
            .query(
                "SELECT p.record, COUNT(*) AS n FROM mentions m JOIN people p ON p.id = m.person_id
                 WHERE m.at >= $1 GROUP BY m.person_id, p.record ORDER BY n DESC, m.person_id",
                &[&at(since)],
            )
            .map_err(sql)?;
        rows.iter()
            .map(|r| {
                let n: i64 = r.get(1);
                Ok((parse(r.get(0))?, u32::try_from(n).unwrap_or(u32::MAX)))
            })
            .collect()
    }

    fn person(
        &self,
        id: i64,
        since: DateTime<Utc>,
    ) -> Result<Option<(PersonRecord, u32)>, RepoError> {
        let row = self
            .conn()?
            .query_opt(
                "SELECT record, (SELECT COUNT(*) FROM mentions WHERE person_id = $1 AND at >= $2)
                 FROM people WHERE id = $1",
                &[&id, &at(since)],
            )
            .map_err(sql)?;
        row.map(|r| {
            let n: i64 = r.get(1);
            Ok((parse(r.get(0))?, u32::try_from(n).unwrap_or(u32::MAX)))
        })
        .transpose()
    }

    fn brief(&self) -> Result<Option<BriefRecord>, RepoError> {
        Ok(records(
            &*self.conn()?,
            "SELECT record FROM briefs ORDER BY generated_at DESC, id DESC LIMIT 1",
            &[],
        )?
        .pop())
    }

    fn export_cutoff(&self) -> Result<i64, RepoError> {
        Ok(self
            .conn()?
            .query_one("SELECT value FROM news_meta WHERE name = 'seq'", &[])
            .map_err(sql)?
            .get(0))
    }

    fn export(&self, q: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
        super::export::export(&*self.conn()?, q)
    }
}
