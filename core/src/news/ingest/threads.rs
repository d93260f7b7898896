//! Threads kept up to date as stories change: the stories written in this run are compared
//! ([`lashon_news::threads::links`]) with the stories of the days around them, read from their
//! stored sketches one day at a time; each link joins the two stories' threads (links are
//! added, never taken back, so a thread id stays once a reader has seen it). A thread's id is
//! its first story's; its record is written again whenever its stories change.

use std::collections::{BTreeMap, BTreeSet};

use crate::news::RepoError;
use chrono::{DateTime, Duration, Utc};
use lashon_news::record::{StoryRecord, ThreadRecord};
use lashon_news::threads::{chains, links_numbered, FeatureIds, NumberedSketch, ThreadParams};

use crate::news::write::NewsWrite;

/// Links the `changed` stories and brings their threads up to date; recounts the `orphaned`
/// threads (they lost a story to a merge).
pub fn update(
    w: &dyn NewsWrite,
    changed: &BTreeSet<i64>,
    orphaned: &BTreeSet<i64>,
) -> Result<(), RepoError> {
    let p = ThreadParams::default();
    // Threads that lost a story to a merge: counted again from their stories first, so the
    // joins below start from true records.
    for t in orphaned {
        recount(w, *t)?;
    }
    // The changed stories by the day they began.
    let mut by_day: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
    for id in changed {
        if let Some(first) = w.story_first_at(*id)? {
            by_day
                .entry(first.timestamp().div_euclid(86_400))
                .or_default()
                .insert(*id);
        }
    }
    let mut found: Vec<(i64, i64)> = Vec::new();
    // The sketches of the days around the current one, read once each as the days advance
    // (a full rebuild walks every day of the store).
    let mut cache: BTreeMap<i64, Vec<NumberedSketch>> = BTreeMap::new();
    // Their features numbered once for every day they are linked on.
    let mut ids = FeatureIds::default();
    for (day, wanted) in &by_day {
        let (low, high) = (day - p.max_gap_days, day + p.max_gap_days);
        cache.retain(|d, _| *d >= low);
        // A rebuild walks every day of the store: the numbering keeps about the features of
        // the days kept, not of every day walked, so each day's linking (which sizes its
        // tables by the numbering) stays in proportion to its fifteen days.
        let held: usize = cache.values().flatten().map(|s| s.features.len()).sum();
        if ids.len() > 4 * held.max(10_000) {
            ids.retain(cache.values_mut().flatten());
        }
        for d in low..=high {
            if let std::collections::btree_map::Entry::Vacant(slot) = cache.entry(d) {
                let from = DateTime::<Utc>::from_timestamp(d * 86_400, 0).unwrap_or_default();
                let to = from + Duration::days(1) - Duration::nanoseconds(1);
                let day_sketches = w
                    .sketches_between(from, to)?
                    .into_iter()
                    .map(|s| {
                        ids.sketch(&lashon_news::threads::StorySketch {
                            id: s.id,
                            first_at: s.first_at,
                            features: s.features,
                        })
                    })
                    .collect();
                slot.insert(day_sketches);
            }
        }
        let pool: Vec<&NumberedSketch> = cache.range(low..=high).flat_map(|(_, v)| v).collect();
        found.extend(links_numbered(&pool, &ids, |id| wanted.contains(&id), &p));
    }
    for group in chains(&found) {
        join(w, &group)?;
    }
    // A changed story's thread has a new newest instalment, at least: each thread (as it is
    // after the joins) joined with its changed stories.
    let mut by_thread: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
    for id in changed {
        if let Some(t) = w.story_thread(*id)? {
            by_thread.entry(t).or_default().insert(*id);
        }
    }
    for members in by_thread.values() {
        join(w, members)?;
    }
    Ok(())
}

/// Joins the linked stories of `group` and the threads they are in into one thread, from the
/// thread records and the group's stories only (a thread's other stories are not read): its
/// first instalment is the earliest, its newest the latest, its nodes the threads' nodes and
/// the group's stories that were in none.
fn join(w: &dyn NewsWrite, group: &BTreeSet<i64>) -> Result<(), RepoError> {
    let mut old: BTreeMap<i64, ThreadRecord> = BTreeMap::new();
    let mut stories: Vec<(StoryRecord, bool)> = Vec::new();
    for id in group {
        let Some((rec, thread)) = w.story_record(*id)? else {
            continue;
        };
        if let Some(t) = thread {
            if let (false, Some(r)) = (old.contains_key(&t), w.thread_record(t)?) {
                old.insert(t, r);
            }
        }
        stories.push((rec, thread.is_none()));
    }
    let first = old
        .values()
        .map(|t| (t.first_at, t.id, t.title.clone()))
        .chain(
            stories
                .iter()
                .map(|(s, _)| (s.published_at, s.id, s.headline.clone())),
        )
        .min_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
    let newest = old
        .values()
        .map(|t| (t.newest_at, t.newest_story_id))
        .chain(stories.iter().map(|(s, _)| (s.latest_at, s.id)))
        .max();
    let nodes: u32 = old.values().map(|t| t.nodes).sum::<u32>()
        + stories.iter().filter(|(_, fresh)| *fresh).count() as u32;
    let (Some((first_at, id, title)), Some((newest_at, newest_story_id))) = (first, newest) else {
        return Ok(());
    };
    if nodes < 2 {
        return Ok(());
    }
    let thread = ThreadRecord {
        id,
        title,
        nodes,
        first_at,
        newest_at,
        newest_story_id,
    };
    let unchanged = old.get(&id) == Some(&thread);
    if unchanged && stories.iter().all(|(_, fresh)| !fresh) {
        return Ok(());
    }
    w.put_thread(&thread)?;
    // A thread that keeps its id keeps its stories' links as they are: their title and days
    // are read with the thread (`StoryRecord::with_thread`).
    for t in old.keys().filter(|t| **t != id) {
        w.delete_thread(*t)?;
        w.relink_thread(*t, &thread)?;
    }
    for (s, fresh) in &stories {
        if *fresh {
            w.set_story_thread(s.id, Some(&thread))?;
        }
    }
    Ok(())
}

/// Writes thread `t` again from its stories (none when fewer than two remain; its id is its
/// first story's, which may be another than `t` when `t` was merged away).
fn recount(w: &dyn NewsWrite, t: i64) -> Result<(), RepoError> {
    let mut stories: Vec<StoryRecord> = Vec::new();
    for id in w.thread_story_ids(t)? {
        if let Some((rec, _)) = w.story_record(id)? {
            stories.push(rec);
        }
    }
    stories.sort_by_key(|s| (s.published_at, s.id));
    w.delete_thread(t)?;
    let (Some(first), Some(newest)) = (
        stories.first(),
        stories.iter().max_by_key(|s| (s.latest_at, s.id)),
    ) else {
        return Ok(());
    };
    if stories.len() < 2 {
        return w.set_story_thread(first.id, None);
    }
    let thread = ThreadRecord {
        id: first.id,
        title: first.headline.clone(),
        nodes: u32::try_from(stories.len()).unwrap_or(u32::MAX),
        first_at: first.published_at,
        newest_at: newest.latest_at,
        newest_story_id: newest.id,
    };
    w.put_thread(&thread)?;
    if t == thread.id {
        return Ok(());
    }
    w.relink_thread(t, &thread)
}
