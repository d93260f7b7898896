//! Stories with their members and coverage, threads, state rows, signals, the change log and
//! briefs.

use lashon_core::news::write::*;
use lashon_core::news::{NewStory, RepoError};
use lashon_news::record::{
    BriefRecord, ChangeRecord, Coverage, MemberRecord, SignalRecord, StoryRecord, ThreadRecord,
};
use lashon_news::{search, StoryState};

use super::schema::{at, json, parse};
use super::writer::{registry, PgWriter};
use crate::postgres::connections::{owned, sql};

impl StoryWrites for PgWriter<'_> {
    /// Adds or replaces a cluster with its articles, computing coverage, `publishedAt` (the
    /// earliest article) and `latestAt` (the newest), as the in-memory store does.
    fn put_story(&self, story: &NewStory, members: &[MemberRecord]) -> Result<(), RepoError> {
        let (Some(first), Some(last)) = (
            members.iter().map(|m| m.published_at).min(),
            members.iter().map(|m| m.published_at).max(),
        ) else {
            return Err(RepoError::Internal(format!(
                "story {} has no articles",
                story.id
            )));
        };
        let c = self.conn()?;
        let rooms = registry(c)?;
        let coverage = Coverage::compute(members, |k| rooms.get(k));
        let thread = match story.thread_id {
            Some(id) => self.thread_record(id)?.map(|t| t.link()),
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
        // Deferred: sent together with the members' update below (one round trip).
        c.defer(
            "INSERT INTO stories (id, topic, state, latest_at, thread_id, missing, record)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (id) DO UPDATE SET topic = excluded.topic, state = excluded.state,
               latest_at = excluded.latest_at, thread_id = excluded.thread_id,
               missing = excluded.missing, record = excluded.record",
            owned![
                record.id,
                record.topic.as_str(),
                record.state.map(StoryState::as_str),
                at(last),
                story.thread_id,
                missing,
                json(&record)?,
            ],
        )
        .map_err(sql)?;
        c.defer(
            "DELETE FROM story_sources WHERE story_id = $1",
            owned![record.id],
        )
        .map_err(sql)?;
        c.defer(
            "INSERT INTO story_sources (source, latest_at, story_id)
             SELECT source, $2, $3 FROM UNNEST($1::text[]) AS s(source)
             ON CONFLICT DO NOTHING",
            owned![record.coverage.sources.to_vec(), at(last), record.id],
        )
        .map_err(sql)?;
        // The forms lashon-news folds, as they are: SQLite's FTS5 table holds the same.
        let forms = search::index_forms(&record.search_text());
        c.defer(
            "INSERT INTO story_search (story_id, forms) VALUES ($1, array_to_tsvector($2::text[]))
             ON CONFLICT (story_id) DO UPDATE SET forms = excluded.forms",
            owned![record.id, forms],
        )
        .map_err(sql)?;
        let ids: Vec<i64> = members.iter().map(|m| m.article_id).collect();
        c.defer(
            "UPDATE articles SET story_id = NULL WHERE story_id = $1 AND NOT (id = ANY($2))",
            owned![record.id, ids.clone()],
        )
        .map_err(sql)?;
        // Every member in one statement; the ones not stored yet are inserted after. An
        // article listed twice is written as its last listing, as one write per listing did.
        let mut last: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
        for (i, m) in members.iter().enumerate() {
            last.insert(m.article_id, i);
        }
        let members: Vec<MemberRecord> = members
            .iter()
            .enumerate()
            .filter(|(i, m)| last.get(&m.article_id) == Some(i))
            .map(|(_, m)| MemberRecord {
                story_id: record.id,
                ..m.clone()
            })
            .collect();
        let ids: Vec<i64> = members.iter().map(|m| m.article_id).collect();
        let mut sources = Vec::with_capacity(members.len());
        let mut languages = Vec::with_capacity(members.len());
        let mut published = Vec::with_capacity(members.len());
        let mut records = Vec::with_capacity(members.len());
        for m in &members {
            sources.push(m.source.clone());
            languages.push(m.language.as_str());
            published.push(at(m.published_at));
            records.push(json(m)?);
        }
        let updated: std::collections::HashSet<i64> = c
            .query(
                "UPDATE articles AS a SET story_id = $2, source = u.source, language = u.language,
                   published_at = u.published_at, record = u.record
                 FROM UNNEST($1::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[])
                   AS u(id, source, language, published_at, record)
                 WHERE a.id = u.id
                 RETURNING a.id",
                &[&ids, &record.id, &sources, &languages, &published, &records],
            )
            .map_err(sql)?
            .iter()
            .map(|r| r.get(0))
            .collect();
        for m in members {
            if !updated.contains(&m.article_id) {
                let seq = self.next_seq()?;
                c.execute(
                    "INSERT INTO articles (id, url, seq, source, language, published_at, story_id,
                     record, pending) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, FALSE)",
                    &[
                        &m.article_id,
                        &m.url,
                        &seq,
                        &m.source,
                        &m.language.as_str(),
                        &at(m.published_at),
                        &m.story_id,
                        &json(&m)?,
                    ],
                )
                .map_err(sql)?;
            }
        }
        Ok(())
    }

    /// The stored story, if any.
    fn story_record(&self, id: i64) -> Result<Option<(StoryRecord, Option<i64>)>, RepoError> {
        let row = self
            .conn()?
            .query_opt(
                "SELECT record, thread_id FROM stories WHERE id = $1",
                &[&id],
            )
            .map_err(sql)?;
        row.map(|r| Ok((parse(r.get(0))?, r.get(1)))).transpose()
    }

    /// The thread id of a stored story, from its column.
    fn story_thread(&self, id: i64) -> Result<Option<i64>, RepoError> {
        let row = self
            .conn()?
            .query_opt("SELECT thread_id FROM stories WHERE id = $1", &[&id])
            .map_err(sql)?;
        Ok(row.and_then(|r| r.get(0)))
    }

    /// The current state of a story, if it has a state row.
    fn current_state(&self, story_id: i64) -> Result<Option<StoryState>, RepoError> {
        let s: Option<String> = self
            .conn()?
            .query_opt(
                "SELECT state FROM changes WHERE story_id = $1 ORDER BY seq DESC LIMIT 1",
                &[&story_id],
            )
            .map_err(sql)?
            .map(|r| r.get(0));
        Ok(s.and_then(|s| StoryState::parse(&s)))
    }

    /// Ids of the stories whose state is not `resolved` (or not yet computed), oldest first.
    fn live_story_ids(&self) -> Result<Vec<i64>, RepoError> {
        Ok(self
            .conn()?
            .query(
                // Index searches of `stories_state` on each side of `resolved` (an
                // inequality is no index search): the live stories are few, all stories
                // many.
                "SELECT id FROM stories
                 WHERE state IS NULL OR state < 'resolved' OR state > 'resolved'
                 ORDER BY latest_at, id",
                &[],
            )
            .map_err(sql)?
            .iter()
            .map(|r| r.get(0))
            .collect())
    }

    /// Sets a story's state and label in its row and record.
    fn set_story_state(
        &self,
        id: i64,
        state: StoryState,
        verdict: Option<String>,
    ) -> Result<(), RepoError> {
        let Some((mut rec, _)) = self.story_record(id)? else {
            return Ok(());
        };
        if rec.state == Some(state) && rec.verdict == verdict {
            return Ok(());
        }
        rec.state = Some(state);
        rec.verdict = verdict;
        self.conn()?
            .defer(
                "UPDATE stories SET state = $2, record = $3 WHERE id = $1",
                owned![id, state.as_str(), json(&rec)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Points a story to its thread (or none) in its row and record.
    fn set_story_thread(&self, id: i64, thread: Option<&ThreadRecord>) -> Result<(), RepoError> {
        let Some((mut rec, _)) = self.story_record(id)? else {
            return Ok(());
        };
        rec.thread = thread.map(ThreadRecord::link);
        self.conn()?
            .defer(
                "UPDATE stories SET thread_id = $2, record = $3 WHERE id = $1",
                owned![id, thread.map(|t| t.id), json(&rec)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Adds or replaces a thread.
    fn put_thread(&self, t: &ThreadRecord) -> Result<(), RepoError> {
        self.conn()?
            .defer(
                "INSERT INTO threads (id, nodes, newest_at, record) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (id) DO UPDATE SET nodes = excluded.nodes,
                   newest_at = excluded.newest_at, record = excluded.record",
                owned![t.id, i64::from(t.nodes), at(t.newest_at), json(t)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// A stored thread.
    fn thread_record(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError> {
        let rec: Option<String> = self
            .conn()?
            .query_opt("SELECT record FROM threads WHERE id = $1", &[&id])
            .map_err(sql)?
            .map(|r| r.get(0));
        rec.map(|r| parse(&r)).transpose()
    }

    /// Points every story of thread `from` to `thread` (in one statement: a running story's
    /// thread can hold hundreds of stories, and only its link in each record changes).
    fn relink_thread(&self, from: i64, thread: &ThreadRecord) -> Result<(), RepoError> {
        let link = thread.link();
        let c = self.conn()?;
        c.execute(
            "UPDATE stories SET thread_id = $2,
               record = jsonb_set(record::jsonb, '{thread}', $3::text::jsonb)::text
             WHERE thread_id = $1",
            &[&from, &thread.id, &json(&link)?],
        )
        .map_err(sql)?;
        // Thread `from` went on as this one: its id answers as it.
        c.execute(
            "INSERT INTO former_threads (id, next) VALUES ($1, $2)
             ON CONFLICT (id) DO UPDATE SET next = EXCLUDED.next",
            &[&from, &thread.id],
        )
        .map_err(sql)?;
        Ok(())
    }

    /// Ids of the stories in thread `thread_id`.
    fn thread_story_ids(&self, thread_id: i64) -> Result<Vec<i64>, RepoError> {
        Ok(self
            .conn()?
            .query("SELECT id FROM stories WHERE thread_id = $1", &[&thread_id])
            .map_err(sql)?
            .iter()
            .map(|r| r.get(0))
            .collect())
    }

    /// Removes a thread record, keeping its id as a former thread that ended.
    fn delete_thread(&self, id: i64) -> Result<(), RepoError> {
        let c = self.conn()?;
        if c.execute("DELETE FROM threads WHERE id = $1", &[&id])
            .map_err(sql)?
            > 0
        {
            c.execute(
                "INSERT INTO former_threads (id, next) VALUES ($1, NULL)
                 ON CONFLICT (id) DO UPDATE SET next = NULL",
                &[&id],
            )
            .map_err(sql)?;
        }
        Ok(())
    }

    /// Sets the current signal row of a story.
    fn set_signal(&self, s: &SignalRecord) -> Result<(), RepoError> {
        let g = &s.signals;
        self.conn()?
            .defer(
                "INSERT INTO signals (story_id, state, computed_at, acceleration, velocity,
                 heat, importance, significance, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                 ON CONFLICT (story_id) DO UPDATE SET state = excluded.state,
                   computed_at = excluded.computed_at, acceleration = excluded.acceleration,
                   velocity = excluded.velocity, heat = excluded.heat,
                   importance = excluded.importance, significance = excluded.significance,
                   record = excluded.record",
                owned![
                    s.story_id,
                    s.state.as_str(),
                    at(s.computed_at),
                    g.acceleration,
                    g.velocity,
                    g.heat,
                    g.importance,
                    g.significance,
                    json(s)?,
                ],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Appends a change; its `seq` is assigned here.
    fn add_change(&self, change: &ChangeRecord) -> Result<(), RepoError> {
        let mut change = change.clone();
        change.seq = self.next_seq()?;
        self.conn()?
            .defer(
                "INSERT INTO changes (seq, story_id, state, changed_at, record)
                 VALUES ($1, $2, $3, $4, $5)",
                owned![
                    change.seq,
                    change.story_id,
                    change.state.as_str(),
                    at(change.changed_at),
                    json(&change)?,
                ],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Stores a brief; the newest is served.
    fn add_brief(&self, b: &BriefRecord) -> Result<(), RepoError> {
        self.conn()?
            .execute(
                "INSERT INTO briefs (generated_at, record) VALUES ($1, $2)",
                &[&at(b.generated_at), &json(b)?],
            )
            .map_err(sql)?;
        Ok(())
    }
}
