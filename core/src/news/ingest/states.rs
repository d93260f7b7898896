//! States, signals and the brief as of now, for every story that can still change: the ones
//! written in this run and every story not yet `resolved` (a story's state moves with time
//! even without news). Each change of state is appended to the change log and, for
//! `breaking` and `blindspot`, queued as a webhook event.

use std::collections::{BTreeSet, HashMap};

use crate::news::RepoError;
use chrono::{DateTime, Duration, Utc};
use lashon_news::brief::{compose, BriefCandidate};
use lashon_news::metrics::signals;
use lashon_news::record::{ChangeRecord, SignalRecord};
use lashon_news::state::{gaps, label, state_at, transition, StateRules, StoryFacts};
use lashon_news::types::Newsroom;
use lashon_news::webhook::{uuid_v4, EventType, WebhookEvent};
use lashon_news::Lang;

use super::stories::{self, Draft};
use crate::news::write::NewsWrite;

/// A random event id (UUID v4).
fn event_id() -> Result<String, RepoError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| RepoError::Internal(format!("random: {e}")))?;
    Ok(uuid_v4(bytes))
}

/// The facts the state rules read.
fn facts_of(d: &Draft, rooms: &HashMap<String, Newsroom>) -> StoryFacts {
    let outlets: BTreeSet<&str> = d.members.iter().map(|m| m.source.as_str()).collect();
    StoryFacts {
        first_at: d.first_at,
        last_at: d.last_at,
        sides: outlets
            .iter()
            .filter_map(|k| rooms.get(*k))
            .map(|r| r.side)
            .collect(),
        outlets: outlets.len(),
        later_instalment: d.story.thread_id.is_some_and(|t| t != d.story.id),
    }
}

/// Recomputes the state and signals of `ids` at `now`, logs the changes, and writes the
/// brief from those of the last 24 hours. Returns how many stories were computed.
pub fn update(
    w: &dyn NewsWrite,
    ids: &BTreeSet<i64>,
    now: DateTime<Utc>,
) -> Result<usize, RepoError> {
    let rooms = w.newsrooms()?;
    let rules = StateRules::default();
    let mut candidates: Vec<BriefCandidate> = Vec::new();
    let mut computed = 0;
    for id in ids {
        let Some((d, _)) = stories::load(w, *id)? else {
            continue;
        };
        computed += 1;
        let facts = facts_of(&d, &rooms);
        let state = state_at(&facts, now, &rules);
        let verdict = label(state, &facts);
        w.set_story_state(d.story.id, state, verdict.clone())?;
        let gaps = gaps(&facts);
        let published: Vec<DateTime<Utc>> = d.members.iter().map(|m| m.published_at).collect();
        let sig = signals(&published, facts.outlets, facts.sides.len(), now);
        if d.last_at >= now - Duration::hours(24) {
            candidates.push(BriefCandidate {
                url: d.story.url.clone(),
                headline: d.story.headline.clone(),
                summaries: d.summaries.clone(),
                importance: sig.importance,
                heat: sig.heat,
                latest_at: d.last_at,
            });
        }
        w.set_signal(&SignalRecord {
            story_id: d.story.id,
            state,
            label: verdict.clone(),
            signals: sig,
            computed_at: now,
            gaps: gaps.clone(),
        })?;
        if let Some(changed) = transition(w.current_state(d.story.id)?, state) {
            if let Some(kind) = EventType::of(changed) {
                let event = WebhookEvent {
                    id: event_id()?,
                    kind,
                    story_id: d.story.id.to_string(),
                    state: changed,
                    topic: d.story.topic,
                    headline: d.story.headline.render(Lang::En).unwrap_or_default(),
                    url: d.story.url.clone(),
                    observed_at: now,
                };
                let body = serde_json::to_string(&event)
                    .map_err(|e| RepoError::Internal(e.to_string()))?;
                w.enqueue_event(&event.id, kind, d.story.topic.as_str(), &body, now)?;
            }
            w.add_change(&ChangeRecord {
                seq: 0,
                story_id: d.story.id,
                state: changed,
                label: verdict,
                missing_sides: gaps.iter().map(|g| g.side).collect(),
                thread_id: d.story.thread_id,
                changed_at: now,
            })?;
        }
    }
    if let Some(b) = compose(&candidates, now) {
        w.add_brief(&b)?;
    }
    Ok(computed)
}
