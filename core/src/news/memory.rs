//! An in-memory [`NewsRepository`] for tests and the scripted corpus. It keeps records as a
//! store would and answers every query by filtering and sorting, so its results define what
//! the SQLite store must return.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use chrono::{DateTime, Utc};
use lashon_news::cursor::{ChangeKey, MemberKey, ThreadKey};
use lashon_news::export::ExportRecord;
use lashon_news::record::{
    BriefRecord, ChangeRecord, Coverage, CrawlRun, MemberRecord, PersonRecord, SignalRecord,
    StoryRecord, ThreadRecord,
};
use lashon_news::search;
use lashon_news::types::{Behaviour, Newsroom};
use lashon_news::{Localized, StoryState, Topic};

use super::repository::{ExportQuery, NewsRepository, RepoError, SignalQuery, StoryQuery};

/// A new cluster before its coverage is computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewStory {
    /// Cluster id.
    pub id: i64,
    /// Canonical URL.
    pub url: String,
    /// Lead headline.
    pub headline: Localized,
    /// Summary.
    pub summary: Localized,
    /// Desk.
    pub topic: Topic,
    /// State.
    pub state: Option<StoryState>,
    /// Label of the state.
    pub verdict: Option<String>,
    /// Thread id, if the story is an instalment.
    pub thread_id: Option<i64>,
    /// Framing note.
    pub framing_note: Localized,
    /// Entities.
    pub entities: Vec<String>,
    /// Last change of the lead body.
    pub updated_at: Option<DateTime<Utc>>,
}

#[derive(Default)]
struct State {
    newsrooms: BTreeMap<String, Newsroom>,
    stories: BTreeMap<i64, StoryRecord>,
    /// Stories merged into others: each one's survivor at the time.
    former: BTreeMap<i64, i64>,
    /// Threads removed ([`MemoryNewsRepository::remove_thread`]), each with the thread it went
    /// on as, if any.
    former_threads: BTreeMap<i64, Option<i64>>,
    story_index: HashMap<i64, Vec<String>>,
    members: Vec<(i64, MemberRecord)>,
    threads: BTreeMap<i64, ThreadRecord>,
    signals: BTreeMap<i64, SignalRecord>,
    changes: Vec<ChangeRecord>,
    crawl_runs: HashMap<String, Vec<CrawlRun>>,
    behaviour: HashMap<String, Behaviour>,
    people: BTreeMap<i64, PersonRecord>,
    mentions: Vec<(i64, DateTime<Utc>)>,
    brief: Option<BriefRecord>,
    seq: i64,
}

/// The in-memory store. Writers take `&self`, so a test can insert between pages of a walk.
#[derive(Default)]
pub struct MemoryNewsRepository {
    state: RwLock<State>,
}

impl MemoryNewsRepository {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn read(&self) -> RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, State> {
        self.state.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds or replaces a newsroom.
    pub fn add_newsroom(&self, room: Newsroom) {
        self.write().newsrooms.insert(room.key.clone(), room);
    }

    /// Adds or replaces a thread.
    pub fn add_thread(&self, thread: ThreadRecord) {
        self.write().threads.insert(thread.id, thread);
    }

    /// Removes a thread, as a recount or a merge of threads does; its id is kept as a former
    /// thread ([`NewsRepository::former_thread`]) that went on as thread `next`, or ended.
    /// Its stories keep their links until [`MemoryNewsRepository::set_story_thread`] moves
    /// them.
    pub fn remove_thread(&self, id: i64, next: Option<i64>) {
        let mut st = self.write();
        if st.threads.remove(&id).is_some() {
            st.former_threads.insert(id, next);
        }
    }

    /// Links story `story_id` to thread `thread_id` (a stored thread), or to none.
    pub fn set_story_thread(&self, story_id: i64, thread_id: Option<i64>) -> Result<(), RepoError> {
        let mut st = self.write();
        let st = &mut *st;
        let link = match thread_id {
            Some(t) => {
                let t = st.threads.get(&t).ok_or_else(|| {
                    RepoError::Internal(format!("linking story {story_id}: no thread {t}"))
                })?;
                Some(t.link())
            }
            None => None,
        };
        let story = st.stories.get_mut(&story_id).ok_or_else(|| {
            RepoError::Internal(format!("linking story {story_id}: no such story"))
        })?;
        story.thread = link;
        Ok(())
    }

    /// Adds a cluster with its articles, computing coverage, `publishedAt` (the earliest
    /// article) and `latestAt` (the newest). A story without articles is refused.
    pub fn add_story(&self, story: NewStory, members: Vec<MemberRecord>) -> Result<(), RepoError> {
        let (Some(first), Some(last)) = (
            members.iter().map(|m| m.published_at).min(),
            members.iter().map(|m| m.published_at).max(),
        ) else {
            return Err(RepoError::Internal(format!(
                "story {} has no articles",
                story.id
            )));
        };
        let mut st = self.write();
        let coverage = Coverage::compute(&members, |k| st.newsrooms.get(k));
        let thread = story
            .thread_id
            .and_then(|id| st.threads.get(&id))
            .map(ThreadRecord::link);
        let record = StoryRecord {
            id: story.id,
            url: story.url,
            headline: story.headline,
            summary: story.summary,
            topic: story.topic,
            published_at: first,
            latest_at: last,
            updated_at: story.updated_at,
            coverage,
            state: story.state,
            verdict: story.verdict,
            thread,
            framing_note: story.framing_note,
            entities: story.entities,
        };
        st.story_index
            .insert(record.id, search::index_forms(&record.search_text()));
        st.members.retain(|(_, m)| m.story_id != record.id);
        for m in members {
            st.seq += 1;
            let seq = st.seq;
            st.members.push((seq, m));
        }
        st.stories.insert(record.id, record);
        Ok(())
    }

    /// Merges story `from` into story `into`, as late clustering merges do: `from`'s articles
    /// move to `into`, whose coverage and times are computed again, and `from` is gone (its id
    /// now leads to `into` through [`NewsRepository::successor`]). Threads are left as they
    /// are: the SQL stores recount a merged story's thread, which this store does not model.
    pub fn merge_story(&self, from: i64, into: i64) -> Result<(), RepoError> {
        let mut st = self.write();
        let st = &mut *st;
        if !st.stories.contains_key(&into) || st.stories.remove(&from).is_none() {
            return Err(RepoError::Internal(format!(
                "merging story {from} into {into}: both must exist"
            )));
        }
        st.story_index.remove(&from);
        st.signals.remove(&from);
        for (_, m) in st.members.iter_mut().filter(|(_, m)| m.story_id == from) {
            m.story_id = into;
        }
        st.former.insert(from, into);
        let members: Vec<MemberRecord> = st
            .members
            .iter()
            .filter(|(_, m)| m.story_id == into)
            .map(|(_, m)| m.clone())
            .collect();
        let coverage = Coverage::compute(&members, |k| st.newsrooms.get(k));
        if let Some(s) = st.stories.get_mut(&into) {
            s.coverage = coverage;
            if let Some(first) = members.iter().map(|m| m.published_at).min() {
                s.published_at = first;
            }
            if let Some(last) = members.iter().map(|m| m.published_at).max() {
                s.latest_at = last;
            }
        }
        Ok(())
    }

    /// Sets the current signal row of a story.
    pub fn set_signal(&self, signal: SignalRecord) {
        self.write().signals.insert(signal.story_id, signal);
    }

    /// Appends a change; its `seq` is assigned here.
    pub fn add_change(&self, mut change: ChangeRecord) {
        let mut st = self.write();
        st.seq += 1;
        change.seq = st.seq;
        st.changes.push(change);
    }

    /// Records a crawl run.
    pub fn add_crawl_run(&self, key: &str, run: CrawlRun) {
        self.write()
            .crawl_runs
            .entry(key.to_owned())
            .or_default()
            .push(run);
    }

    /// Sets computed behaviour.
    pub fn set_behaviour(&self, key: &str, behaviour: Behaviour) {
        self.write().behaviour.insert(key.to_owned(), behaviour);
    }

    /// Adds a person.
    pub fn add_person(&self, person: PersonRecord) {
        self.write().people.insert(person.id, person);
    }

    /// Records one mention of a person.
    pub fn add_mention(&self, person_id: i64, at: DateTime<Utc>) {
        self.write().mentions.push((person_id, at));
    }

    /// Sets the brief.
    pub fn set_brief(&self, brief: BriefRecord) {
        self.write().brief = Some(brief);
    }
}

fn story_matches(st: &State, s: &StoryRecord, q: &StoryQuery) -> bool {
    // Common table: OR within a repeatable parameter, AND across parameters.
    q.state.is_none_or(|want| s.state == Some(want))
        && (q.topics.is_empty() || q.topics.iter().any(|t| t == s.topic.as_str()))
        && (q.sources.is_empty() || q.sources.iter().any(|k| s.coverage.sources.contains(k)))
        && q.since.is_none_or(|t| s.latest_at >= t)
        && q.text.as_deref().is_none_or(|text| {
            st.story_index
                .get(&s.id)
                .is_some_and(|forms| search::matches(text, forms))
        })
        && q.after
            .is_none_or(|k| (s.latest_at, s.id) < (k.latest_at, k.id))
}

impl NewsRepository for MemoryNewsRepository {
    fn newsrooms(&self) -> Result<Vec<Newsroom>, RepoError> {
        Ok(self.read().newsrooms.values().cloned().collect())
    }

    fn newsroom(&self, key: &str) -> Result<Option<Newsroom>, RepoError> {
        Ok(self.read().newsrooms.get(key).cloned())
    }

    fn stories(&self, q: &StoryQuery) -> Result<Vec<StoryRecord>, RepoError> {
        let st = self.read();
        let mut v: Vec<&StoryRecord> = st
            .stories
            .values()
            .filter(|s| story_matches(&st, s, q))
            .collect();
        v.sort_by_key(|s| Reverse((s.latest_at, s.id)));
        Ok(v.into_iter().take(q.limit).cloned().collect())
    }

    fn story(&self, id: i64) -> Result<Option<StoryRecord>, RepoError> {
        Ok(self.read().stories.get(&id).cloned())
    }

    fn successor(&self, id: i64) -> Result<Option<i64>, RepoError> {
        // The survivor of each merge in turn, up to the first that is a story now (the SQL
        // stores find the story the merged story's first article is in now; here stories
        // need not take their first article's id, so the merges are followed). A story that
        // is stored is no former story, and a way that leads to none leads nowhere.
        let st = self.read();
        if st.stories.contains_key(&id) {
            return Ok(None);
        }
        let mut next = st.former.get(&id).copied();
        for _ in 0..st.former.len() {
            match next {
                Some(n) if st.stories.contains_key(&n) => return Ok(Some(n)),
                Some(n) => next = st.former.get(&n).copied(),
                None => break,
            }
        }
        Ok(None)
    }

    fn former_thread(&self, id: i64) -> Result<Option<Option<i64>>, RepoError> {
        Ok(self.read().former_threads.get(&id).copied())
    }

    fn members(
        &self,
        story_id: i64,
        after: Option<MemberKey>,
        limit: Option<usize>,
    ) -> Result<Vec<MemberRecord>, RepoError> {
        let st = self.read();
        let mut v: Vec<&MemberRecord> = st
            .members
            .iter()
            .map(|(_, m)| m)
            .filter(|m| m.story_id == story_id)
            .filter(|m| {
                after
                    .is_none_or(|k| (m.published_at, m.article_id) > (k.published_at, k.article_id))
            })
            .collect();
        v.sort_by_key(|m| (m.published_at, m.article_id));
        Ok(v.into_iter()
            .take(limit.unwrap_or(usize::MAX))
            .cloned()
            .collect())
    }

    fn threads(
        &self,
        min_nodes: u32,
        after: Option<ThreadKey>,
        limit: usize,
    ) -> Result<Vec<ThreadRecord>, RepoError> {
        let st = self.read();
        let mut v: Vec<&ThreadRecord> = st
            .threads
            .values()
            .filter(|t| t.nodes >= min_nodes)
            .filter(|t| after.is_none_or(|k| (t.newest_at, t.id) < (k.newest_at, k.id)))
            .collect();
        v.sort_by_key(|t| Reverse((t.newest_at, t.id)));
        Ok(v.into_iter().take(limit).cloned().collect())
    }

    fn thread(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError> {
        Ok(self.read().threads.get(&id).cloned())
    }

    fn thread_arc(&self, id: i64, limit: usize) -> Result<Vec<StoryRecord>, RepoError> {
        let st = self.read();
        let mut v: Vec<&StoryRecord> = st
            .stories
            .values()
            .filter(|s| s.thread.as_ref().is_some_and(|t| t.id == id))
            .collect();
        v.sort_by_key(|s| Reverse((s.latest_at, s.id)));
        Ok(v.into_iter().take(limit).cloned().collect())
    }

    fn signals(&self, q: &SignalQuery) -> Result<Vec<(SignalRecord, StoryRecord)>, RepoError> {
        let st = self.read();
        let mut v: Vec<(f64, &SignalRecord, &StoryRecord)> = st
            .signals
            .values()
            .filter(|s| s.computed_at >= q.current_since)
            .filter(|s| q.states.is_empty() || q.states.contains(&s.state))
            .filter_map(|s| {
                st.stories
                    .get(&s.story_id)
                    .map(|story| (q.order.score(s), s, story))
            })
            .filter(|(_, _, story)| {
                q.missing_side
                    .is_none_or(|side| story.coverage.sides.get(side) == 0)
            })
            .filter(|(score, s, _)| {
                q.after.is_none_or(|k| {
                    score
                        .total_cmp(&k.score())
                        .then(s.story_id.cmp(&k.story_id))
                        .is_lt()
                })
            })
            .collect();
        v.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.story_id.cmp(&a.1.story_id)));
        Ok(v.into_iter()
            .take(q.limit)
            .map(|(_, s, story)| (s.clone(), story.clone()))
            .collect())
    }

    fn changes(
        &self,
        since: DateTime<Utc>,
        after: Option<ChangeKey>,
        limit: usize,
    ) -> Result<Vec<ChangeRecord>, RepoError> {
        let st = self.read();
        let mut v: Vec<&ChangeRecord> = st
            .changes
            .iter()
            .filter(|c| c.changed_at >= since)
            .filter(|c| after.is_none_or(|k| (c.changed_at, c.seq) > (k.changed_at, k.seq)))
            .collect();
        v.sort_by_key(|c| (c.changed_at, c.seq));
        Ok(v.into_iter().take(limit).cloned().collect())
    }

    fn crawl_runs(&self, key: &str, since: DateTime<Utc>) -> Result<Vec<CrawlRun>, RepoError> {
        Ok(self
            .read()
            .crawl_runs
            .get(key)
            .map(|runs| {
                runs.iter()
                    .filter(|r| r.started_at >= since)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default())
    }

    fn behaviour(&self, key: &str) -> Result<Option<Behaviour>, RepoError> {
        Ok(self.read().behaviour.get(key).cloned())
    }

    fn topic_volumes(&self, since: DateTime<Utc>) -> Result<Vec<(Topic, u64)>, RepoError> {
        let st = self.read();
        let mut counts: BTreeMap<Topic, u64> = BTreeMap::new();
        for (_, m) in st.members.iter().filter(|(_, m)| m.published_at >= since) {
            if let Some(story) = st.stories.get(&m.story_id) {
                *counts.entry(story.topic).or_default() += 1;
            }
        }
        Ok(counts.into_iter().collect())
    }

    fn people_mentioned(
        &self,
        since: DateTime<Utc>,
    ) -> Result<Vec<(PersonRecord, u32)>, RepoError> {
        let st = self.read();
        let mut v: Vec<(PersonRecord, u32)> = st
            .people
            .values()
            .map(|p| (p.clone(), mention_count(&st, p.id, since)))
            .filter(|(_, n)| *n > 0)
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.id.cmp(&b.0.id)));
        Ok(v)
    }

    fn person(
        &self,
        id: i64,
        since: DateTime<Utc>,
    ) -> Result<Option<(PersonRecord, u32)>, RepoError> {
        let st = self.read();
        Ok(st
            .people
            .get(&id)
            .map(|p| (p.clone(), mention_count(&st, id, since))))
    }

    fn brief(&self) -> Result<Option<BriefRecord>, RepoError> {
        Ok(self.read().brief.clone())
    }

    fn export_cutoff(&self) -> Result<i64, RepoError> {
        Ok(self.read().seq)
    }

    fn export(&self, q: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError> {
        let st = self.read();
        let mut v: Vec<ExportRecord> = st
            .members
            .iter()
            .filter(|(seq, m)| {
                let day = m.published_at.date_naive();
                *seq <= q.cutoff
                    && day >= q.from
                    && day <= q.to
                    && q.lang.is_none_or(|l| m.language == l)
                    && q.after.is_none_or(|a| (m.story_id, m.article_id) > a)
            })
            .filter_map(|(_, m)| {
                let story = st.stories.get(&m.story_id)?;
                let room = st.newsrooms.get(&m.source)?;
                Some(ExportRecord {
                    article_id: m.article_id,
                    story_id: m.story_id,
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
                    topic: story.topic,
                    story_state: story.state,
                })
            })
            .collect();
        v.sort_by_key(|r| (r.story_id, r.article_id));
        v.truncate(q.limit);
        Ok(v)
    }
}

fn mention_count(st: &State, id: i64, since: DateTime<Utc>) -> u32 {
    let n = st
        .mentions
        .iter()
        .filter(|(p, at)| *p == id && *at >= since)
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}
