//! Story states (spec, "States and transitions": the states are the spec's, the rules ours).
//!
//! A state is computed from the facts of a story at a moment ([`StoryFacts`]): when its first
//! and newest articles appeared, how many newsrooms and which press sides ran it, and whether
//! it is a later instalment of a running thread. The first rule that holds wins:
//!
//! | state | rule (defaults of [`StateRules`]) |
//! |---|---|
//! | `resolved` | no new article for 48 hours |
//! | `breaking` | first article less than 2 hours ago, and 2 newsrooms or more |
//! | `consensus` | 5 press sides or more ran it (of nine) |
//! | `blindspot` | 3 newsrooms or more, and exactly one of the two political camps (left, right) ran it |
//! | `undercovered` | one newsroom only |
//! | `thread_update` | a later instalment of a thread, with an article in the last 12 hours |
//! | `developing` | an article in the last 12 hours |
//! | `quiet` | otherwise |
//!
//! Transitions follow from the order: a story is `breaking` while fresh and picked up, then
//! settles into `consensus`, `blindspot`, `undercovered`, `thread_update` or `developing`
//! according to who covered it, goes `quiet` after 12 hours without news and `resolved`
//! after 48. A new article can bring a story back from `quiet` (or `resolved`) to the state its
//! coverage earns. Every change of state is written to the change log with the time it was
//! computed ([`transition`]).

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, Utc};

use crate::reference::{Side, StoryState};
use crate::types::Gap;

/// What the rules read of a story.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoryFacts {
    pub first_at: DateTime<Utc>,
    pub last_at: DateTime<Utc>,
    /// Distinct newsrooms.
    pub outlets: usize,
    /// Press sides with an article.
    pub sides: BTreeSet<Side>,
    /// A thread instalment after the first.
    pub later_instalment: bool,
}

/// The thresholds of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateRules {
    pub resolved_after: Duration,
    pub breaking_within: Duration,
    pub breaking_outlets: usize,
    pub consensus_sides: usize,
    pub blindspot_outlets: usize,
    pub active_within: Duration,
}

impl Default for StateRules {
    fn default() -> StateRules {
        StateRules {
            resolved_after: Duration::hours(48),
            breaking_within: Duration::hours(2),
            breaking_outlets: 2,
            consensus_sides: 5,
            blindspot_outlets: 3,
            active_within: Duration::hours(12),
        }
    }
}

/// The state of a story at `now`.
pub fn state_at(f: &StoryFacts, now: DateTime<Utc>, r: &StateRules) -> StoryState {
    let left = f.sides.contains(&Side::Left);
    let right = f.sides.contains(&Side::Right);
    if now - f.last_at > r.resolved_after {
        StoryState::Resolved
    } else if now - f.first_at < r.breaking_within && f.outlets >= r.breaking_outlets {
        StoryState::Breaking
    } else if f.sides.len() >= r.consensus_sides {
        StoryState::Consensus
    } else if f.outlets >= r.blindspot_outlets && left != right {
        StoryState::Blindspot
    } else if f.outlets == 1 {
        StoryState::Undercovered
    } else if now - f.last_at < r.active_within {
        if f.later_instalment {
            StoryState::ThreadUpdate
        } else {
            StoryState::Developing
        }
    } else {
        StoryState::Quiet
    }
}

/// The editorial label of a state, in English (`verdict` and `label`).
pub fn label(state: StoryState, f: &StoryFacts) -> Option<String> {
    Some(match state {
        StoryState::Breaking => format!("breaking: {} newsrooms in the first hours", f.outlets),
        StoryState::Consensus => format!("covered across {} press sides", f.sides.len()),
        StoryState::Blindspot => {
            let ran = if f.sides.contains(&Side::Left) {
                "left"
            } else {
                "right"
            };
            let missed = if ran == "left" { "right" } else { "left" };
            format!("only the {ran} ran it; the {missed} did not")
        }
        StoryState::Undercovered => "one newsroom only".to_string(),
        StoryState::ThreadUpdate => "a new chapter of a running story".to_string(),
        StoryState::Developing | StoryState::Quiet | StoryState::Resolved => return None,
    })
}

/// The sides that ran nothing, each with its label (blindspot `gaps`).
pub fn gaps(f: &StoryFacts) -> Vec<Gap> {
    Side::ALL
        .iter()
        .filter(|s| !f.sides.contains(s))
        .map(|s| Gap {
            side: *s,
            label: format!("no {s} newsroom ran this story"),
        })
        .collect()
}

/// A change of state to write to the change log: `Some(new)` when `new` differs from the last
/// state written (`None` for a story never written).
pub fn transition(last: Option<StoryState>, new: StoryState) -> Option<StoryState> {
    (last != Some(new)).then_some(new)
}
