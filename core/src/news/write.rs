//! The write side of the news store: the port that ingest, clustering, the crawler and webhook
//! delivery write through ([`NewsStore`]), and the operations one transaction offers
//! ([`NewsWrite`]).
//!
//! The operations are grouped by what they touch, one trait each, so a backend can implement
//! them in modules of the same names: [`RegistryWrites`] (newsrooms, feeds, crawl runs,
//! behaviour), [`ArticleWrites`], [`PeopleWrites`] (people and mentions), [`StoryWrites`]
//! (stories, threads, states, signals, the change log, briefs), [`ClusteringWrites`] (the
//! clusterer's checkpoint, pending articles, merges, story sketches) and [`WebhookWrites`]
//! (endpoints and the delivery queue). [`NewsWrite`] is all of them.
//!
//! `lashon-store` implements these over SQLite. The rules (what is written when) are the
//! service's: [`super::ingest`] and the adapters that call it.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use lashon_news::behaviour::Marks;
use lashon_news::cluster::features::Feature;
use lashon_news::record::{
    BriefRecord, ChangeRecord, CrawlRun, MemberRecord, PersonRecord, SignalRecord, StoryRecord,
    ThreadRecord,
};
use lashon_news::topics::TopicLexicon;
use lashon_news::types::{Behaviour, Newsroom};
use lashon_news::webhook::EventType;
use lashon_news::{Lang, StoryState, Topic};
use serde::{Deserialize, Serialize};

use super::memory::NewStory;
use super::repository::{NewsRepository, RepoError};

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

/// Longest fields of an article, in characters: a feed or a file is outside input, and every
/// string is bounded before it is stored or clustered.
pub mod article_limits {
    pub const URL: usize = 2_048;
    pub const HEADLINE: usize = 1_000;
    pub const SUMMARY: usize = 10_000;
    pub const BODY: usize = 200_000;
    pub const BYLINE: usize = 300;
    pub const CATEGORY: usize = 300;
}

impl ArticleInput {
    /// Checks the article can be stored: a URL and a headline, every field within
    /// [`article_limits`]. The reason when not.
    pub fn check(&self) -> Result<(), String> {
        use article_limits as max;
        if self.url.trim().is_empty() || self.headline.trim().is_empty() {
            return Err("url and headline must not be empty".into());
        }
        let fields: [(&str, Option<&str>, usize); 6] = [
            ("url", Some(&self.url), max::URL),
            ("headline", Some(&self.headline), max::HEADLINE),
            ("summary", self.summary.as_deref(), max::SUMMARY),
            ("body", self.body.as_deref(), max::BODY),
            ("byline", self.byline.as_deref(), max::BYLINE),
            ("category", self.category.as_deref(), max::CATEGORY),
        ];
        for (name, value, limit) in fields {
            // Counting stops past the limit: the check is bounded by it, not by the field.
            if value.is_some_and(|v| v.chars().nth(limit).is_some()) {
                return Err(format!("{name} is longer than {limit} characters"));
            }
        }
        Ok(())
    }
}

/// A stored article with what clustering needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IngestedArticle {
    pub id: i64,
    pub input: ArticleInput,
    pub language: Lang,
}

/// What newsroom behaviour reads of a stored article: the columns, and its desk and marks
/// computed from its text when it was stored ([`article_marks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredArticleFacts {
    pub source: String,
    /// 0 when the article is in no story yet.
    pub story_id: i64,
    pub published_at: DateTime<Utc>,
    pub language: Lang,
    pub topic: Topic,
    pub marks: Marks,
}

/// The version of [`article_marks`]: raise it whenever the desk table
/// ([`TopicLexicon::builtin`]) or the marker lists ([`Marks::of`]) change. A store whose
/// articles were classified by another version classifies the current window's again.
pub const ARTICLE_MARKS_VERSION: i64 = 1;

/// An article's desk and behaviour marks, computed once when it is stored: every refresh
/// measures each newsroom over a month of articles, and classifying them all again each
/// time grew with the press's daily volume.
pub fn article_marks(a: &ArticleInput) -> (Topic, Marks) {
    let topic = TopicLexicon::builtin().classify(
        a.category.as_deref(),
        &a.headline,
        a.summary.as_deref().unwrap_or(""),
    );
    let marks = Marks::of(&a.headline, a.byline.as_deref(), a.category.as_deref());
    (topic, marks)
}

/// An article to cluster: the story it is in (none when never clustered) and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingArticle {
    pub article: IngestedArticle,
    pub story_id: Option<i64>,
}

/// A story as thread linking reads it from the store.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredSketch {
    pub id: i64,
    pub first_at: DateTime<Utc>,
    pub features: HashMap<Feature, f32>,
}

/// Most webhook endpoints enabled at once per account (news spec, "Setup" rule 5).
pub const MAX_ENABLED_ENDPOINTS: usize = 5;

/// A stored webhook endpoint (its secret apart).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Endpoint {
    pub id: String,
    pub account_id: String,
    pub url: String,
    pub host: String,
    /// Desks of interest; empty means every desk.
    pub topics: Vec<String>,
    pub events: Vec<EventType>,
    pub enabled: bool,
    pub created_at: i64,
}

/// A webhook delivery due or done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub id: i64,
    pub event_id: String,
    pub endpoint: Endpoint,
    pub secret: String,
    pub body: String,
    pub attempts: u32,
    pub next_at: DateTime<Utc>,
    pub state: String,
    pub last_result: Option<String>,
}

/// Why an endpoint change was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndpointError {
    /// The account has [`MAX_ENABLED_ENDPOINTS`] enabled already.
    TooManyEnabled,
    NotFound(String),
    Store(String),
}

impl std::fmt::Display for EndpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndpointError::TooManyEnabled => write!(
                f,
                "the account already has {MAX_ENABLED_ENDPOINTS} enabled endpoints: disable one first"
            ),
            EndpointError::NotFound(id) => write!(f, "no webhook endpoint {id:?}"),
            EndpointError::Store(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for EndpointError {}

impl From<RepoError> for EndpointError {
    fn from(e: RepoError) -> Self {
        EndpointError::Store(e.to_string())
    }
}

/// The newsroom registry, its feeds, crawl runs and computed behaviour.
pub trait RegistryWrites {
    /// Adds or replaces a newsroom of the registry.
    fn put_newsroom(&self, room: &Newsroom, feeds: &[String]) -> Result<(), RepoError>;
    /// Sets the computed profile of a newsroom (kept apart from its registry fields).
    fn set_profile(&self, key: &str, profile: Option<serde_json::Value>) -> Result<(), RepoError>;
    /// The registry by key.
    fn newsrooms(&self) -> Result<HashMap<String, Newsroom>, RepoError>;
    /// The feeds of every newsroom, by newsroom key.
    fn feeds(&self) -> Result<Vec<(String, Vec<String>)>, RepoError>;
    /// The conditional-GET validators of a feed: (ETag, Last-Modified).
    fn feed_validators(&self, url: &str) -> Result<(Option<String>, Option<String>), RepoError>;
    /// Stores the validators a feed answered with.
    fn set_feed_validators(
        &self,
        url: &str,
        etag: Option<&str>,
        last_modified: Option<&str>,
        checked_at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Records a crawl run; returns its id.
    fn add_crawl_run(&self, key: &str, run: &CrawlRun) -> Result<i64, RepoError>;
    /// Marks the runs of `key` still `running` as `aborted` at `now` (their process ended
    /// before they finished); returns how many.
    fn abort_running_runs(&self, key: &str, now: DateTime<Utc>) -> Result<usize, RepoError>;
    /// Rewrites a crawl run (a running one finishing).
    fn update_crawl_run(&self, id: i64, run: &CrawlRun) -> Result<(), RepoError>;
    /// Sets a newsroom's computed behaviour.
    fn set_behaviour(&self, key: &str, b: &Behaviour) -> Result<(), RepoError>;
}

/// Articles.
pub trait ArticleWrites {
    /// Stores an article, or updates the one with the same URL (never a duplicate). Returns
    /// its id and whether it was new. A changed article becomes pending again.
    fn ingest(&self, a: &ArticleInput, language: Lang) -> Result<(i64, bool), RepoError>;
    /// The stored input of the article at `url`, if any.
    fn article_input(&self, url: &str) -> Result<Option<ArticleInput>, RepoError>;
    /// Calls `each` with what newsroom behaviour reads of every article published in
    /// `[from, to]`, without reading its text: desk and marks were stored with it (an
    /// article stored by a lashon before they were is classified here, once, and keeps them).
    fn each_article_facts_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        each: &mut dyn FnMut(StoredArticleFacts) -> Result<(), RepoError>,
    ) -> Result<(), RepoError>;
}

/// People and their mentions.
pub trait PeopleWrites {
    /// Adds or replaces a person with their aliases.
    fn put_person(&self, p: &PersonRecord) -> Result<(), RepoError>;
    /// Adds a person unless one with the same id is stored (an edited record stays).
    /// Returns whether it was added.
    fn add_person_if_absent(&self, p: &PersonRecord) -> Result<bool, RepoError>;
    /// Records one mention of a person.
    fn add_mention(&self, person_id: i64, when: DateTime<Utc>) -> Result<(), RepoError>;
    /// Removes every mention (before counting them again).
    fn clear_mentions(&self) -> Result<(), RepoError>;
    /// Replaces the mentions found in one article.
    fn set_article_mentions(
        &self,
        article_id: i64,
        when: DateTime<Utc>,
        people: &[i64],
    ) -> Result<(), RepoError>;
}

/// Stories, threads, states, signals, the change log and briefs.
pub trait StoryWrites {
    /// Adds or replaces a story with its articles, computing coverage, `publishedAt` (the
    /// earliest article) and `latestAt` (the newest), as the in-memory store does.
    fn put_story(&self, story: &NewStory, members: &[MemberRecord]) -> Result<(), RepoError>;
    /// The stored story and its thread id, if any (its thread link as written when it joined
    /// its thread; readers take title and days from the thread, `StoryRecord::with_thread`).
    fn story_record(&self, id: i64) -> Result<Option<(StoryRecord, Option<i64>)>, RepoError>;
    /// The thread id of stored story `id` (`None` when it is in no thread or not stored):
    /// [`StoryWrites::story_record`]'s second half, read from its column without parsing the
    /// record, for the steps that need only that.
    fn story_thread(&self, id: i64) -> Result<Option<i64>, RepoError>;
    /// The current state of a story, if it has a state row.
    fn current_state(&self, story_id: i64) -> Result<Option<StoryState>, RepoError>;
    /// Ids of the stories whose state is not `resolved` (or not yet computed), oldest first.
    fn live_story_ids(&self) -> Result<Vec<i64>, RepoError>;
    /// Sets a story's state and label in its row and record.
    fn set_story_state(
        &self,
        id: i64,
        state: StoryState,
        verdict: Option<String>,
    ) -> Result<(), RepoError>;
    /// Points a story to its thread (or none) in its row and record.
    fn set_story_thread(&self, id: i64, thread: Option<&ThreadRecord>) -> Result<(), RepoError>;
    /// Adds or replaces a thread.
    fn put_thread(&self, t: &ThreadRecord) -> Result<(), RepoError>;
    /// A stored thread.
    fn thread_record(&self, id: i64) -> Result<Option<ThreadRecord>, RepoError>;
    /// Points every story of thread `from` to `thread`, another thread (`from` was merged
    /// into it, or recounted under its id), in one statement: a running thread can hold
    /// hundreds of stories. `from`'s id is kept as a former thread that went on as `thread`.
    /// A thread whose title or days change keeps its stories as they are; readers take those
    /// from the thread ([`lashon_news::record::StoryRecord::with_thread`]).
    fn relink_thread(&self, from: i64, thread: &ThreadRecord) -> Result<(), RepoError>;
    /// Ids of the stories in a thread.
    fn thread_story_ids(&self, thread_id: i64) -> Result<Vec<i64>, RepoError>;
    /// Removes a thread record; its id, when it was stored, is kept as a former thread that
    /// ended ([`crate::news::NewsRepository::former_thread`]) unless [`Self::relink_thread`]
    /// says where it went on.
    fn delete_thread(&self, id: i64) -> Result<(), RepoError>;
    /// Sets the current signal row of a story.
    fn set_signal(&self, s: &SignalRecord) -> Result<(), RepoError>;
    /// Appends a change; its `seq` is assigned by the store.
    fn add_change(&self, change: &ChangeRecord) -> Result<(), RepoError>;
    /// Stores a brief; the newest is served.
    fn add_brief(&self, b: &BriefRecord) -> Result<(), RepoError>;
}

/// What incremental clustering keeps between runs: the clusterer's checkpoint, which articles
/// are pending, merges, and each story's feature sums for thread linking.
pub trait ClusteringWrites {
    /// The clusterer's checkpoint, when one was saved by this `version`.
    fn checkpoint(&self, version: &str) -> Result<Option<String>, RepoError>;
    /// Saves the clusterer's checkpoint.
    fn set_checkpoint(
        &self,
        version: &str,
        snapshot: &str,
        now: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// The earliest publication time of a pending article never clustered.
    fn earliest_unclustered(&self) -> Result<Option<DateTime<Utc>>, RepoError>;
    /// Calls `each` with the articles to cluster in publication order: all of them (`all`)
    /// or the pending ones only. Rows are read one at a time.
    fn each_article_to_cluster(
        &self,
        all: bool,
        each: &mut dyn FnMut(PendingArticle) -> Result<(), RepoError>,
    ) -> Result<(), RepoError>;
    /// Marks every article clustered.
    fn clear_pending(&self) -> Result<(), RepoError>;
    /// Removes every story, thread, state row and story sketch, and every article's story
    /// (before clustering everything again); articles, the change log and the registry stay,
    /// and the stories' and threads' ids are kept as former ones
    /// ([`crate::news::NewsRepository::successor`],
    /// [`crate::news::NewsRepository::former_thread`]).
    fn clear_stories(&self) -> Result<(), RepoError>;
    /// Puts article `article_id` in story `story_id`.
    fn assign(&self, article_id: i64, story_id: i64) -> Result<(), RepoError>;
    /// Story `from` merged into `into`: its articles move, its rows go, and its id, when it
    /// was stored, is kept as a former story ([`crate::news::NewsRepository::successor`]).
    /// Returns the thread it was in, whose record must be recounted.
    fn merge_story(&self, from: i64, into: i64) -> Result<Option<i64>, RepoError>;
    /// A story's articles, oldest first, as ingested and as stored members.
    fn story_articles(
        &self,
        story_id: i64,
    ) -> Result<Vec<(IngestedArticle, MemberRecord)>, RepoError>;
    /// Stores a story's feature sums (thread linking).
    fn put_story_features(
        &self,
        story_id: i64,
        first_at: DateTime<Utc>,
        features: &HashMap<Feature, f32>,
    ) -> Result<(), RepoError>;
    /// The sketches of the stories that began in `[from, to]`.
    fn sketches_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<StoredSketch>, RepoError>;
    /// When a story began, from its sketch.
    fn story_first_at(&self, story_id: i64) -> Result<Option<DateTime<Utc>>, RepoError>;
}

/// Webhook endpoints and their persisted delivery queue.
pub trait WebhookWrites {
    /// The endpoint `id` with its secret.
    fn endpoint(&self, id: &str) -> Result<Option<(Endpoint, String)>, RepoError>;
    /// Adds an enabled endpoint; refused when its account has [`MAX_ENABLED_ENDPOINTS`]
    /// enabled already.
    fn add_endpoint(&self, e: &Endpoint, secret: &str) -> Result<(), EndpointError>;
    /// Enables or disables an endpoint; enabling one past the limit is refused.
    fn set_enabled(&self, id: &str, enabled: bool) -> Result<(), EndpointError>;
    /// Replaces an endpoint's signing secret.
    fn set_secret(&self, id: &str, secret: &str) -> Result<(), EndpointError>;
    /// Every endpoint (secrets left out), oldest first.
    fn endpoints(&self) -> Result<Vec<Endpoint>, RepoError>;
    /// Queues an event for every enabled endpoint that wants its kind and desk. The event id
    /// is the caller's; one row per endpoint. Returns how many were queued.
    fn enqueue_event(
        &self,
        event_id: &str,
        kind: EventType,
        topic: &str,
        body: &str,
        now: DateTime<Utc>,
    ) -> Result<usize, RepoError>;
    /// Claims up to `limit` deliveries due at `now` (pending, next attempt reached), oldest
    /// first, by moving their next attempt to `lease_until`: no other claimant (another node
    /// on the same database) takes them meanwhile. The claimant records its attempt with
    /// [`WebhookWrites::record_attempt`]; one that died leaves them to be claimed again when
    /// the lease ends (at-least-once, same event id).
    fn claim_due(
        &self,
        now: DateTime<Utc>,
        limit: usize,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<Delivery>, RepoError>;
    /// Records an attempt: its result, the attempts so far, and what comes next.
    fn record_attempt(
        &self,
        delivery: i64,
        attempts: u32,
        result: &str,
        state: &str,
        next_at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Every delivery of an event id: `(state, attempts, last result)`.
    fn deliveries_of(
        &self,
        event_id: &str,
    ) -> Result<Vec<(String, u32, Option<String>)>, RepoError>;
}

/// Every write of the news store, inside one transaction.
pub trait NewsWrite:
    RegistryWrites + ArticleWrites + PeopleWrites + StoryWrites + ClusteringWrites + WebhookWrites
{
}

impl<T> NewsWrite for T where
    T: RegistryWrites
        + ArticleWrites
        + PeopleWrites
        + StoryWrites
        + ClusteringWrites
        + WebhookWrites
{
}

/// A news store: the reads of the endpoints ([`NewsRepository`]) and writes in transactions.
pub trait NewsStore: NewsRepository {
    /// Runs `f` with a writer inside one transaction; nothing is kept when it fails. A
    /// backend may run `f` again when the transaction could not start or commit for a
    /// passing reason (another writer held the database), so `f` must not keep effects of an
    /// earlier run outside the store.
    fn transaction(
        &self,
        f: &mut dyn FnMut(&dyn NewsWrite) -> Result<(), RepoError>,
    ) -> Result<(), RepoError>;

    /// The people registry as stored.
    fn people(&self) -> Result<Vec<PersonRecord>, RepoError>;

    /// Counts one news request of `account` in `month` (`YYYY-MM`) and returns the month's
    /// count so far (the quota is per account across its keys).
    fn count_news_request(&self, account: &str, month: &str) -> Result<u64, RepoError>;

    /// The key that signs cursors: made once per database, so cursors survive restarts and
    /// every node on the same database accepts them.
    fn cursor_key(&self) -> Result<Vec<u8>, RepoError>;

    /// Takes or renews the lease `name` for `holder` until `until`, when the lease is free,
    /// ended before `now`, or held by `holder` already; true when `holder` holds it after the
    /// call. Several nodes on one database run the crawler and the clustering refresh under
    /// such a lease, so one of them does at a time and another takes over when it dies.
    fn try_lease(
        &self,
        name: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, RepoError>;

    /// Gives the lease `name` up if `holder` holds it (a node stopping cleanly), so another
    /// node need not wait for it to end.
    fn release_lease(&self, name: &str, holder: &str) -> Result<(), RepoError>;

    /// [`NewsStore::transaction`] returning what `f` returns.
    fn write_news<T>(
        &self,
        f: impl FnMut(&dyn NewsWrite) -> Result<T, RepoError>,
    ) -> Result<T, RepoError>
    where
        Self: Sized,
    {
        write_news(self, f)
    }
}

/// [`NewsStore::transaction`] returning what `f` returns, for any store (trait objects too).
pub fn write_news<S: NewsStore + ?Sized, T>(
    store: &S,
    mut f: impl FnMut(&dyn NewsWrite) -> Result<T, RepoError>,
) -> Result<T, RepoError> {
    let mut out = None;
    store.transaction(&mut |w| {
        out = Some(f(w)?);
        Ok(())
    })?;
    out.ok_or_else(|| RepoError::Internal("the transaction ended without a result".into()))
}
