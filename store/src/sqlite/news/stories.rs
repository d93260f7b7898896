//! Stories with their members and coverage, threads, state rows, signals, the change log and
//! briefs.

use crate::sqlite::connections::Cached;
use lashon_core::news::write::*;
use lashon_core::news::{NewStory, RepoError};
use lashon_news::record::{
    BriefRecord, ChangeRecord, Coverage, MemberRecord, SignalRecord, StoryRecord, ThreadRecord,
};
use lashon_news::{search, StoryState};
use rusqlite::{params, OptionalExtension};

use super::schema::{at, json, parse, sql};
use super::writer::NewsWriter;

impl StoryWrites for NewsWriter<'_> {
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
        let rooms = self.rooms()?;
        let coverage = Coverage::compute(members, |k| rooms.get(k));
        let thread = match story.thread_id {
            Some(id) => self
                .conn
                .query_row_cached("SELECT record FROM threads WHERE id = ?", [id], |r| {
                    r.get::<_, String>(0)
                })
                .optional()
                .map_err(sql)?
                .map(|s| parse::<ThreadRecord>(&s))
                .transpose()?
                .map(|t| t.link()),
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
        c.execute_cached(
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
        c.execute_cached("DELETE FROM story_sources WHERE story_id = ?", [record.id])
            .map_err(sql)?;
        for k in &record.coverage.sources {
            c.execute_cached(
                "INSERT OR IGNORE INTO story_sources (source, latest_at, story_id) VALUES (?, ?, ?)",
                params![k, at(last), record.id],
            )
            .map_err(sql)?;
        }
        // Rule 9: headline (both languages), summary and entities, folded by lashon-news.
        let text = record.search_text();
        c.execute_cached("DELETE FROM story_search WHERE rowid = ?", [record.id])
            .map_err(sql)?;
        c.execute_cached(
            "INSERT INTO story_search (rowid, forms) VALUES (?, ?)",
            params![record.id, search::index_forms(&text).join(" ")],
        )
        .map_err(sql)?;
        // The members as one JSON array bound to one cached statement (an `IN (…)` list
        // written into the SQL made a statement to compile for every story).
        let ids: Vec<i64> = members.iter().map(|m| m.article_id).collect();
        c.execute_cached(
            "UPDATE articles SET story_id = NULL
             WHERE story_id = ?1 AND id NOT IN (SELECT value FROM json_each(?2))",
            params![record.id, json(&ids)?],
        )
        .map_err(sql)?;
        for m in members {
            let mut m = m.clone();
            m.story_id = record.id;
            let updated = c
                .execute_cached(
                    "UPDATE articles SET story_id = ?2, source = ?3, language = ?4, published_at = ?5,
                     record = ?6 WHERE id = ?1",
                    params![m.article_id, m.story_id, m.source, m.language.as_str(), at(m.published_at), json(&m)?],
                )
                .map_err(sql)?;
            if updated == 0 {
                let seq = self.next_seq()?;
                c.execute_cached(
                    "INSERT INTO articles (id, url, seq, source, language, published_at, story_id, record, pending)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)",
                    params![m.article_id, m.url, seq, m.source, m.language.as_str(), at(m.published_at), m.story_id, json(&m)?],
                )
                .map_err(sql)?;
            }
        }
        Ok(())
    }

    /// The stored story, if any.
    fn story_record(&self, id: i64) -> Result<Option<(StoryRecord, Option<i64>)>, RepoError> {
        let row: Option<(String, Option<i64>)> = self
            .conn()
            .query_row_cached(
                "SELECT record, thread_id FROM stories WHERE id = ?",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(sql)?;
        row.map(|(rec, t)| Ok((parse(&rec)?, t))).transpose()
    }

    /// The thread id of a stored story, from its column.
    fn story_thread(&self, id: i64) -> Result<Option<i64>, RepoError> {
        let t: Option<Option<i64>> = self
            .conn()
            .query_row_cached("SELECT thread_id FROM stories WHERE id = ?", [id], |r| {
                r.get(0)
            })
            .optional()
            .map_err(sql)?;
        Ok(t.flatten())
    }

    /// The current state of a story, if it has a state row.
    fn current_state(&self, story_id: i64) -> Result<Option<StoryState>, RepoError> {
        let s: Option<String> = self
            .conn
            .query_row_cached(
                "SELECT state FROM changes WHERE story_id = ? ORDER BY seq DESC LIMIT 1",
                [story_id],
                |r| r.get(0),
            )
            .optional()
            .map_err(sql)?;
        Ok(s.and_then(|s| StoryState::parse(&s)))
    }

    /// Ids of the stories whose state is not `resolved` (or not yet computed), oldest first.
    fn live_story_ids(&self) -> Result<Vec<i64>, RepoError> {
        // Three searches of `stories_state`, one per side of `resolved`: the stories that
        // are not resolved are few and recent, and `state != 'resolved'` (no index can
        // search an inequality) made the planner walk every story ever stored in
        // `latest_at` order, a scan that grew with the store on every refresh.
        let mut stmt = self
            .conn()
            .prepare_cached(
                "SELECT id FROM (
                     SELECT id, latest_at FROM stories WHERE state IS NULL
                     UNION ALL SELECT id, latest_at FROM stories WHERE state < 'resolved'
                     UNION ALL SELECT id, latest_at FROM stories WHERE state > 'resolved'
                 ) ORDER BY latest_at, id",
            )
            .map_err(sql)?;
        let rows = stmt.query_map([], |r| r.get(0)).map_err(sql)?;
        rows.collect::<Result<_, _>>().map_err(sql)
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
        self.conn()
            .execute_cached(
                "UPDATE stories SET state = ?2, record = ?3 WHERE id = ?1",
                params![id, state.as_str(), json(&rec)?],
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
        self.conn()
            .execute_cached(
                "UPDATE stories SET thread_id = ?2, record = ?3 WHERE id = ?1",
                params![id, thread.map(|t| t.id), json(&rec)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Adds or replaces a thread.
    fn put_thread(&self, t: &ThreadRecord) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "INSERT OR REPLACE INTO threads (id, nodes, newest_at, record) VALUES (?, ?, ?, ?)",
                params![t.id, t.nodes, at(t.newest_at), json(t)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// A stored thread.
    fn thread_record(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError> {
        let rec: Option<String> = self
            .conn()
            .query_row_cached("SELECT record FROM threads WHERE id = ?", [id], |r| {
                r.get(0)
            })
            .optional()
            .map_err(sql)?;
        rec.map(|r| parse(&r)).transpose()
    }

    /// Points every story of thread `from` to `thread` (in one statement: a running story's
    /// thread can hold hundreds of stories, and only its link in each record changes).
    fn relink_thread(&self, from: i64, thread: &ThreadRecord) -> Result<(), RepoError> {
        let link = thread.link();
        let c = self.conn();
        c.execute_cached(
            "UPDATE stories SET thread_id = ?2, record = json_set(record, '$.thread', json(?3))
             WHERE thread_id = ?1",
            params![from, thread.id, json(&link)?],
        )
        .map_err(sql)?;
        // Thread `from` went on as this one: its id answers as it.
        c.execute_cached(
            "INSERT OR REPLACE INTO former_threads (id, next) VALUES (?1, ?2)",
            params![from, thread.id],
        )
        .map_err(sql)?;
        Ok(())
    }

    /// Ids of the stories in thread `thread_id`.
    fn thread_story_ids(&self, thread_id: i64) -> Result<Vec<i64>, RepoError> {
        let mut stmt = self
            .conn()
            .prepare_cached("SELECT id FROM stories WHERE thread_id = ?")
            .map_err(sql)?;
        let rows = stmt.query_map([thread_id], |r| r.get(0)).map_err(sql)?;
        rows.collect::<Result<_, _>>().map_err(sql)
    }

    /// Removes a thread record, keeping its id as a former thread that ended.
    fn delete_thread(&self, id: i64) -> Result<(), RepoError> {
        let c = self.conn();
        if c.execute_cached("DELETE FROM threads WHERE id = ?", [id])
            .map_err(sql)?
            > 0
        {
            c.execute_cached(
                "INSERT OR REPLACE INTO former_threads (id, next) VALUES (?, NULL)",
                [id],
            )
            .map_err(sql)?;
        }
        Ok(())
    }

    /// Sets the current signal row of a story.
    fn set_signal(&self, s: &SignalRecord) -> Result<(), RepoError> {
        let g = &s.signals;
        self.conn
            .execute_cached(
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
    fn add_change(&self, change: &ChangeRecord) -> Result<(), RepoError> {
        let mut change = change.clone();
        change.seq = self.next_seq()?;
        self.conn
            .execute_cached(
                "INSERT INTO changes (seq, story_id, state, changed_at, record) VALUES (?, ?, ?, ?, ?)",
                params![change.seq, change.story_id, change.state.as_str(), at(change.changed_at), json(&change)?],
            )
            .map_err(sql)?;
        Ok(())
    }

    /// Stores a brief; the newest is served.
    fn add_brief(&self, b: &BriefRecord) -> Result<(), RepoError> {
        self.conn
            .execute_cached(
                "INSERT INTO briefs (generated_at, record) VALUES (?, ?)",
                params![at(b.generated_at), json(b)?],
            )
            .map_err(sql)?;
        Ok(())
    }
}
