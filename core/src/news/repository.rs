//! The store behind the news endpoints: one trait, [`NewsRepository`], whose methods are the
//! keyset queries the endpoints need. `lashon-store` implements it over SQLite; the in-memory
//! [`super::MemoryNewsRepository`] serves tests and the scripted corpus.
//!
//! Every list method returns rows strictly after the given key in the documented order and
//! at most `limit` of them; the service asks for one more than a page to know whether another
//! page exists.

use chrono::{DateTime, NaiveDate, Utc};
use lashon_news::cursor::{ChangeKey, ExportKey, MemberKey, ScoreKey, StoryKey, ThreadKey};
use lashon_news::record::{
    BriefRecord, ChangeRecord, CrawlRun, MemberRecord, PersonRecord, SignalRecord, StoryRecord,
    ThreadRecord,
};
use lashon_news::types::{Behaviour, Newsroom};
use lashon_news::{export::ExportRecord, Lang, Metric, NewsError, Side, StoryState, Topic};

/// A store failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RepoError {
    /// Temporarily unavailable (busy, locked, connection lost): 503, retry with backoff.
    Unavailable(String),
    /// Anything else: 500.
    Internal(String),
}

impl std::fmt::Display for RepoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RepoError::Unavailable(m) => write!(f, "store unavailable: {m}"),
            RepoError::Internal(m) => write!(f, "store error: {m}"),
        }
    }
}

impl std::error::Error for RepoError {}

impl From<crate::account::StoreError> for RepoError {
    fn from(e: crate::account::StoreError) -> Self {
        match e {
            crate::account::StoreError::Unavailable(m) => RepoError::Unavailable(m),
            other => RepoError::Internal(other.to_string()),
        }
    }
}

impl From<RepoError> for NewsError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::Unavailable(m) => {
                NewsError::unavailable(format!("the news store is unavailable: {m}"))
            }
            RepoError::Internal(m) => NewsError::internal(format!("the news store failed: {m}")),
        }
    }
}

/// Stories and search: order `latestAt` descending, then id descending.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoryQuery {
    /// Only this state.
    pub state: Option<StoryState>,
    /// Desk ids, OR-ed; empty means any.
    pub topics: Vec<String>,
    /// Newsroom keys, OR-ed (a story matches when any of its sources is listed); empty means
    /// any.
    pub sources: Vec<String>,
    /// Only stories whose `latestAt` is at or after this instant.
    pub since: Option<DateTime<Utc>>,
    /// Search text (rule 9): every token must match the headline (either language), summary
    /// or entities after [`lashon_news::search`] folding.
    pub text: Option<String>,
    /// Rows strictly after this key.
    pub after: Option<StoryKey>,
    /// Most rows.
    pub limit: usize,
}

/// Signal rows for trending and blindspots.
#[derive(Debug, Clone, PartialEq)]
pub struct SignalQuery {
    /// What orders the rows, descending, then story id descending.
    pub order: SignalOrder,
    /// Only rows computed at or after this instant (the window, rule 4).
    pub current_since: DateTime<Utc>,
    /// Only these states; empty means any.
    pub states: Vec<StoryState>,
    /// Only stories this side did not run (rule 5).
    pub missing_side: Option<Side>,
    /// Rows strictly after this key.
    pub after: Option<ScoreKey>,
    /// Most rows.
    pub limit: usize,
}

/// The score a signal list is ordered by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalOrder {
    /// A trending metric.
    Metric(Metric),
    /// Significance (blindspots).
    Significance,
}

impl SignalOrder {
    /// The score of a row under this order.
    pub fn score(self, s: &SignalRecord) -> f64 {
        match self {
            SignalOrder::Metric(Metric::Acceleration) => s.signals.acceleration,
            SignalOrder::Metric(Metric::Velocity) => s.signals.velocity,
            SignalOrder::Metric(Metric::Heat) => s.signals.heat,
            SignalOrder::Metric(Metric::Importance) => s.signals.importance,
            SignalOrder::Significance => s.signals.significance,
        }
    }
}

/// Export rows: story id then article id ascending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportQuery {
    /// First UTC day of publication, included.
    pub from: NaiveDate,
    /// Last UTC day of publication, included.
    pub to: NaiveDate,
    /// Only articles stored in this language.
    pub lang: Option<Lang>,
    /// Only articles inserted at or before this sequence number (the snapshot).
    pub cutoff: i64,
    /// Rows strictly after this `(storyId, articleId)`.
    pub after: Option<(i64, i64)>,
    /// Most rows.
    pub limit: usize,
}

/// The queries of the news endpoints.
pub trait NewsRepository: Send + Sync {
    /// The newsroom registry, ordered by key.
    fn newsrooms(&self) -> Result<Vec<Newsroom>, RepoError>;
    /// One newsroom.
    fn newsroom(&self, key: &str) -> Result<Option<Newsroom>, RepoError>;
    /// Stories matching the query, `latestAt` descending then id descending.
    fn stories(&self, query: &StoryQuery) -> Result<Vec<StoryRecord>, RepoError>;
    /// One story.
    fn story(&self, id: i64) -> Result<Option<StoryRecord>, RepoError>;
    /// Where a former story's articles are now: when `id` named a story that is gone (merged
    /// into another, or dissolved when every article was clustered again), the story that
    /// its first article is in now (a story takes the id of the article that opened it).
    /// `None` when `id` never named a stored story, or that article waits to be clustered.
    fn successor(&self, id: i64) -> Result<Option<i64>, RepoError>;
    /// What became of thread `id`, read when no thread has that id now: `None` when no thread
    /// with it went (it never named one); `Some(Some(next))` when it went on as thread `next`
    /// (recounted under another id when its first story was merged away, or merged into
    /// another thread; `next` may have gone on since); `Some(None)` when it ended (fewer
    /// than two instalments left, or every article was clustered again).
    fn former_thread(&self, id: i64) -> Result<Option<Option<i64>>, RepoError>;
    /// Members of a story, `publishedAt` ascending then article id ascending, strictly after
    /// `after`; every member when `limit` is `None`.
    fn members(
        &self,
        story_id: i64,
        after: Option<MemberKey>,
        limit: Option<usize>,
    ) -> Result<Vec<MemberRecord>, RepoError>;
    /// Threads with at least `min_nodes` instalments, `newestAt` descending then id
    /// descending.
    fn threads(
        &self,
        min_nodes: u32,
        after: Option<ThreadKey>,
        limit: usize,
    ) -> Result<Vec<ThreadRecord>, RepoError>;
    /// One thread.
    fn thread(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError>;
    /// Instalments of a thread still held, newest first, at most `limit`.
    fn thread_arc(&self, id: i64, limit: usize) -> Result<Vec<StoryRecord>, RepoError>;
    /// Current signal rows with their stories, ordered per the query.
    fn signals(&self, query: &SignalQuery) -> Result<Vec<(SignalRecord, StoryRecord)>, RepoError>;
    /// Change log rows with `changedAt >= since`, `(changedAt, seq)` ascending, strictly after
    /// `after`.
    fn changes(
        &self,
        since: DateTime<Utc>,
        after: Option<ChangeKey>,
        limit: usize,
    ) -> Result<Vec<ChangeRecord>, RepoError>;
    /// Crawl runs of a newsroom started at or after `since`.
    fn crawl_runs(&self, key: &str, since: DateTime<Utc>) -> Result<Vec<CrawlRun>, RepoError>;
    /// The newsroom's computed behaviour, if any.
    fn behaviour(&self, key: &str) -> Result<Option<Behaviour>, RepoError>;
    /// Articles published at or after `since`, per desk (desks with none may be absent).
    fn topic_volumes(&self, since: DateTime<Utc>) -> Result<Vec<(Topic, u64)>, RepoError>;
    /// People mentioned at or after `since` with their mention counts, most mentioned first.
    fn people_mentioned(&self, since: DateTime<Utc>)
        -> Result<Vec<(PersonRecord, u32)>, RepoError>;
    /// One person with mentions at or after `since`.
    fn person(
        &self,
        id: i64,
        since: DateTime<Utc>,
    ) -> Result<Option<(PersonRecord, u32)>, RepoError>;
    /// The newest brief.
    fn brief(&self) -> Result<Option<BriefRecord>, RepoError>;
    /// The current insertion sequence number: the snapshot of a new export walk.
    fn export_cutoff(&self) -> Result<i64, RepoError>;
    /// Export rows.
    fn export(&self, query: &ExportQuery) -> Result<Vec<ExportRecord>, RepoError>;
}

/// Keys of export rows, for the cursor.
pub(crate) fn export_key(r: &ExportRecord, cutoff: i64) -> ExportKey {
    ExportKey {
        story_id: r.story_id,
        article_id: r.article_id,
        cutoff,
    }
}
