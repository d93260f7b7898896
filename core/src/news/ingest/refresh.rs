//! Stories from stored articles, kept up to date incrementally. One refresh, in one
//! transaction (nothing is half-written when it fails):
//!
//! 1. [`assign`]: the pending articles (new ones, and ones changed since)
//!    go through the online clusterer restored from its checkpoint; late merges move a
//!    story's articles into the survivor; the checkpoint is saved.
//! 2. [`stories`]: each story with a new or changed article is written
//!    again (lead, headlines, summaries, desk, people, coverage) with its feature sums.
//! 3. [`threads`]: those stories are linked to the stories of the days
//!    around them.
//! 4. [`states`]: states, signals, change log, webhook events and the brief
//!    for every story that can still change.
//! 5. [`newsroom_stats`]: behaviour and profile over 30 days.
//!
//! The work of a refresh follows what changed and the active window, not the size of the
//! store; a backfill older than the window, a store without a checkpoint, or [`rebuild`]
//! clusters everything again from the start, one article at a time.

use std::collections::BTreeSet;

use crate::news::RepoError;
use chrono::{DateTime, Utc};
use lashon_news::cluster::word_facts::WordMemo;
use lashon_news::cluster::Params;
use lashon_news::people::PeopleMatcher;
use lashon_news::record::PersonRecord;

use super::{assign, newsroom_stats, states, stories, threads};
use crate::news::write::{write_news, NewsStore};

/// What a refresh did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RefreshReport {
    /// Everything was clustered again.
    pub full: bool,
    /// Articles clustered (new) or read again (changed).
    pub articles: usize,
    /// Stories written.
    pub stories: usize,
    /// Stories whose state and signals were computed.
    pub states: usize,
}

/// Brings stories, threads, states, signals, mentions, the brief and newsroom behaviour up
/// to date with the articles stored since the last refresh, as of `now`.
pub fn refresh<S: NewsStore + ?Sized>(
    store: &S,
    people: &[PersonRecord],
    now: DateTime<Utc>,
) -> Result<RefreshReport, RepoError> {
    run(store, people, now, false)
}

/// [`refresh`] after clustering every stored article again from the start (ids stay those
/// of each story's first article).
pub fn rebuild<S: NewsStore + ?Sized>(
    store: &S,
    people: &[PersonRecord],
    now: DateTime<Utc>,
) -> Result<RefreshReport, RepoError> {
    run(store, people, now, true)
}

fn run<S: NewsStore + ?Sized>(
    store: &S,
    people: &[PersonRecord],
    now: DateTime<Utc>,
    full: bool,
) -> Result<RefreshReport, RepoError> {
    let matcher = PeopleMatcher::new(people);
    write_news(store, |w| {
        let assigned = assign::assign(w, Params::default(), &matcher, full, now)?;
        let mut written = BTreeSet::new();
        let mut words = WordMemo::new();
        for id in &assigned.touched {
            let sketches = &assigned.sketches;
            if stories::write(w, *id, people, &matcher, sketches, &mut words)?.is_some() {
                written.insert(*id);
            }
        }
        threads::update(w, &written, &assigned.orphaned_threads)?;
        // A story not yet resolved can change state with time or with its thread; a resolved
        // one only with a new article (it is then among the written).
        let mut live: BTreeSet<i64> = w.live_story_ids()?.into_iter().collect();
        live.extend(written.iter().copied());
        let computed = states::update(w, &live, now)?;
        newsroom_stats::update(w, now)?;
        Ok(RefreshReport {
            full: assigned.full,
            articles: assigned.articles,
            stories: written.len(),
            states: computed,
        })
    })
}
