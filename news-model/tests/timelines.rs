//! Scripted timelines: a story's articles arrive at set times and its state and metrics are
//! read at set moments; every state of the spec is reached, in the transitions the rules
//! promise (`lashon_news::state`, `lashon_news::metrics`).

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, TimeZone, Utc};
use lashon_news::metrics::signals;
use lashon_news::state::{gaps, label, state_at, transition, StateRules, StoryFacts};
use lashon_news::{Side, StoryState};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
}

/// A story built up by articles (minutes after t0, newsroom, side).
struct Timeline {
    articles: Vec<(i64, &'static str, Side)>,
    later_instalment: bool,
}

impl Timeline {
    fn facts_at(&self, minute: i64) -> Option<StoryFacts> {
        let seen: Vec<&(i64, &str, Side)> =
            self.articles.iter().filter(|a| a.0 <= minute).collect();
        let first = seen.iter().map(|a| a.0).min()?;
        let last = seen.iter().map(|a| a.0).max()?;
        Some(StoryFacts {
            first_at: t0() + Duration::minutes(first),
            last_at: t0() + Duration::minutes(last),
            outlets: seen.iter().map(|a| a.1).collect::<BTreeSet<_>>().len(),
            sides: seen.iter().map(|a| a.2).collect(),
            later_instalment: self.later_instalment,
        })
    }

    /// States read at each minute, and the change log they write.
    fn run(&self, minutes: &[i64]) -> (Vec<StoryState>, Vec<(i64, StoryState)>) {
        let rules = StateRules::default();
        let mut states = Vec::new();
        let mut log = Vec::new();
        let mut last = None;
        for &m in minutes {
            let Some(f) = self.facts_at(m) else { continue };
            let s = state_at(&f, t0() + Duration::minutes(m), &rules);
            if let Some(changed) = transition(last, s) {
                log.push((m, changed));
                last = Some(changed);
            }
            states.push(s);
        }
        (states, log)
    }
}

const H: i64 = 60;

#[test]
fn breaking_then_consensus_quiet_and_resolved() {
    let t = Timeline {
        articles: vec![
            (0, "ynet", Side::Centre),
            (10, "haaretz", Side::Left),
            (20, "israelhayom", Side::Right),
            (40, "kan", Side::Official),
            (90, "globes", Side::Business),
        ],
        later_instalment: false,
    };
    let (states, log) = t.run(&[5, 30, 100, 3 * H, 14 * H, 50 * H]);
    use StoryState::*;
    // One newsroom at first: undercovered until a second picks it up.
    assert_eq!(
        states,
        [
            Undercovered,
            Breaking,
            Breaking,
            Consensus,
            Consensus,
            Resolved
        ]
    );
    assert_eq!(
        log,
        [
            (5, Undercovered),
            (30, Breaking),
            (3 * H, Consensus),
            (50 * H, Resolved)
        ]
    );
}

#[test]
fn one_outlet_is_undercovered_and_a_second_makes_it_developing_then_quiet() {
    let t = Timeline {
        articles: vec![(0, "panet", Side::Arab), (5 * H, "kan", Side::Official)],
        later_instalment: false,
    };
    let (states, log) = t.run(&[10, 3 * H, 5 * H, 6 * H, 18 * H]);
    use StoryState::*;
    // The second newsroom five hours in: past the breaking window, so `developing`.
    assert_eq!(
        states,
        [Undercovered, Undercovered, Developing, Developing, Quiet]
    );
    assert_eq!(log.len(), 3);
}

#[test]
fn one_camp_only_is_a_blindspot_with_gaps() {
    let t = Timeline {
        articles: vec![
            (0, "israelhayom", Side::Right),
            (3 * H, "jpost", Side::Right),
            (3 * H + 5, "inn", Side::Religious),
        ],
        later_instalment: false,
    };
    let f = t.facts_at(4 * H).unwrap();
    let s = state_at(&f, t0() + Duration::hours(4), &StateRules::default());
    assert_eq!(s, StoryState::Blindspot);
    assert_eq!(
        label(s, &f).unwrap(),
        "only the right ran it; the left did not"
    );
    let g = gaps(&f);
    assert_eq!(g.len(), 7);
    assert!(g.iter().any(|g| g.side == Side::Left));
    assert!(!g.iter().any(|g| g.side == Side::Right));
    // The left picks it up: no longer a blindspot.
    let mut both = t.articles.clone();
    both.push((4 * H, "haaretz", Side::Left));
    let t = Timeline {
        articles: both,
        later_instalment: false,
    };
    let f = t.facts_at(5 * H).unwrap();
    assert_eq!(
        state_at(&f, t0() + Duration::hours(5), &StateRules::default()),
        StoryState::Developing
    );
}

#[test]
fn a_later_instalment_is_a_thread_update() {
    let t = Timeline {
        articles: vec![(0, "ynet", Side::Centre), (3 * H, "maariv", Side::Centre)],
        later_instalment: true,
    };
    let (states, _) = t.run(&[3 * H + 10, 20 * H]);
    assert_eq!(states, [StoryState::ThreadUpdate, StoryState::Quiet]);
    // While fresh and picked up it is breaking first.
    let (states, _) = t.run(&[10]);
    assert_eq!(states, [StoryState::Undercovered]);
}

#[test]
fn a_quiet_story_comes_back_with_news() {
    let t = Timeline {
        articles: vec![
            (0, "ynet", Side::Centre),
            (30, "kan", Side::Official),
            (30 * H, "globes", Side::Business),
        ],
        later_instalment: false,
    };
    let (states, log) = t.run(&[3 * H, 20 * H, 30 * H + 5]);
    use StoryState::*;
    assert_eq!(states, [Developing, Quiet, Developing]);
    assert_eq!(
        log,
        [
            (3 * H, Developing),
            (20 * H, Quiet),
            (30 * H + 5, Developing)
        ]
    );
}

#[test]
fn metrics_follow_their_formulas() {
    let now = t0() + Duration::hours(3);
    let at = |m: i64| t0() + Duration::minutes(m);
    // Three articles in the last hour, one in the hour before, one older.
    let published = [at(10), at(100), at(130), at(150), at(170)];
    let s = signals(&published, 4, 3, now);
    assert_eq!(s.velocity, 3.0);
    assert_eq!(s.acceleration, 2.0);
    assert_eq!(s.importance, 7.0);
    assert_eq!(s.significance, 7.0 * 6.0);
    // Heat: an article of this instant counts 1, one six hours old counts 0.5.
    let s = signals(&[now, now - Duration::hours(6)], 1, 1, now);
    assert_eq!(s.heat, 1.5);
    // Slowing down: acceleration below zero.
    let s = signals(&[at(70), at(80), at(90)], 1, 1, now);
    assert_eq!((s.velocity, s.acceleration), (0.0, -3.0));
}
