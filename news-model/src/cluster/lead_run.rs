//! An outlet's lead run: while a newsroom's lead stays on one story, the headlines it leads
//! with between two of that story's are the story's angles, however little they share with
//! its words.
//!
//! On the day of the three teens' funeral one outlet led with the funeral at 15:36, then
//! for three hours with what was said at the graves (`השר לפיד: "הורים לא אמורים לצעוד
//! בלוויית ילדיהם"`, `סבו של יפרח: ...`, `רחלי פרנקל: "אלוקים בחר בכם להיות נערי הפוסטר
//! שלו"`), then with the funeral again (`אלפים מלווים את שלושת הנרצחים לקבורה`). No other
//! outlet led with those words, so each stayed a cluster of that outlet alone, and the
//! funeral's words reach none of them. When an outlet's headline joins a story of
//! [`Params::run_size`] articles or more that holds the outlet's own headline of at most
//! [`Params::run_hours`] before, the outlet's headlines between the two come along when
//! every one of them is in a cluster of that outlet alone (no other newsroom told what it
//! led with: it led with nothing else the day's news holds), and each cluster that comes
//! holds a feature that [`Params::run_share`] of the story's articles hold (the funeral,
//! the teens): a lead that moved to another event shares none of its core. One headline of
//! the outlet in a cluster another outlet shares ends the run.
//!
//! A feed that lists every item rather than a lead has an item of another story between
//! most two of one: those are clusters of one outlet too, which is why the story's core is
//! asked of each. On the labelled RSS days the rule changes nothing.

use chrono::{DateTime, Utc};

use super::online::{hours, Clusterer};
#[cfg(doc)]
use super::params::Params;

impl Clusterer<'_> {
    /// The clusters that `source`'s lead run brings to `target`, the story its headline
    /// published `at` is in once placed and merged (see the module documentation), by id.
    pub(super) fn lead_run(&self, target: i64, source: &str, at: DateTime<Utc>) -> Vec<i64> {
        let p = self.params;
        if p.run_hours <= 0.0 || source.is_empty() {
            return Vec::new();
        }
        let Some(t) = self.clusters.get(&target).filter(|t| t.size >= p.run_size) else {
            return Vec::new();
        };
        // The run's start: the outlet's newest earlier headline in the story.
        let Some(start) = t
            .members
            .iter()
            .filter(|m| m.source == source && m.at < at)
            .map(|m| m.at)
            .max()
            .filter(|s| hours(at, *s) <= p.run_hours)
        else {
            return Vec::new();
        };
        let mut between = Vec::new();
        for (id, c) in &self.clusters {
            if *id == target
                || c.outlets
                    .binary_search_by(|o| o.as_str().cmp(source))
                    .is_err()
            {
                continue;
            }
            let inside = |m: &super::open_cluster::Member| start < m.at && m.at < at;
            if !c.members.iter().any(|m| m.source == source && inside(m)) {
                continue;
            }
            if c.outlets.len() > 1 {
                // The outlet led with a story another newsroom tells: the run ended.
                return Vec::new();
            }
            // All of it within the run: its earlier or later headlines led elsewhere.
            if c.members.iter().all(inside) {
                between.push(*id);
            }
        }
        if between.is_empty() {
            return between;
        }
        let bar = (p.run_share * t.size as f32).max(2.0);
        let core = |j: usize| t.held[j] as f32 >= bar;
        between.retain(|id| {
            self.clusters
                .get(id)
                .is_some_and(|c| super::sorted::shared_at(&c.sum, &t.sum).any(|(_, _, j)| core(j)))
        });
        // The same clusters in whatever order the map holds them.
        between.sort_unstable();
        between
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::concepts::Concepts;
    use crate::cluster::params::Params;
    use chrono::{Duration, TimeZone};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap()
    }

    /// A funeral told by three outlets for hours: eight headlines, one cluster.
    const FUNERAL: [&str; 8] = [
        "Thousands at the funeral of the three teens in Modiin",
        "The three teens laid to rest in Modiin",
        "Funeral of the three teens begins in Modiin",
        "Modiin: thousands escort the three teens at their funeral",
        "The three teens' funeral procession reaches Modiin",
        "Tens of thousands at the funeral of the three teens",
        "Funeral in Modiin: the three teens buried side by side",
        "Modiin funeral: the three teens buried together",
    ];
    const OUTLETS: [&str; 3] = ["ynet", "mako", "nrg"];

    /// What one outlet led with between two of its funeral headlines: the eulogies, which
    /// hold the teens and nothing else of the funeral's words, and a lead that moved to
    /// another event.
    const EULOGY: &str = "A mother's eulogy: 'God chose you, my teens, to be his poster boys'";
    const ELSEWHERE: &str = "Wildfire near Haifa: homes evacuated in Tirat Carmel";

    /// The clusterer after the funeral's headlines, then `lead` from nrg at 15:36, then nrg's
    /// funeral headline at `back` hours after it; returns the lead's cluster and the story's.
    fn run(params: Params, lead: &str, back: i64, other_outlet_too: bool) -> (i64, i64) {
        let mut c = Clusterer::new(Concepts::builtin(), params);
        let mut story = None;
        for (i, h) in FUNERAL.iter().enumerate() {
            let at = t0() + Duration::minutes(15 * i as i64);
            let a = c.add_article(i as i64 + 1, at, OUTLETS[i % 3], h, "");
            assert!(story.is_none_or(|s| s == a.cluster), "{h} opened a cluster");
            story = Some(a.cluster);
        }
        let story = story.unwrap();
        let start = t0() + Duration::minutes(15 * 7);
        let a = c.add_article(100, start + Duration::minutes(15), "nrg", lead, "");
        assert_ne!(a.cluster, story, "its words alone do not join the funeral");
        if other_outlet_too {
            // Another outlet leads with the same: the lead was not nrg's alone.
            c.add_article(101, start + Duration::minutes(20), "mako", lead, "");
        }
        let again = "The three teens buried in Modiin, thousands at the funeral";
        let b = c.add_article(
            102,
            start + Duration::minutes(back * 60 / 4),
            "nrg",
            again,
            "",
        );
        assert_eq!(b.cluster, story);
        let lead_now = c
            .clusters
            .iter()
            .find(|(_, cl)| {
                cl.members
                    .iter()
                    .any(|m| m.at == start + Duration::minutes(15))
            })
            .map(|(id, _)| *id)
            .unwrap();
        (lead_now, b.cluster)
    }

    #[test]
    fn an_outlets_lead_between_two_of_its_story_joins_the_story() {
        let (lead, story) = run(Params::default(), EULOGY, 4, false);
        assert_eq!(lead, story);
        // Without the rule it stays alone.
        let off = Params {
            run_hours: 0.0,
            ..Params::default()
        };
        let (lead, story) = run(off, EULOGY, 4, false);
        assert_ne!(lead, story);
    }

    #[test]
    fn a_lead_that_moved_to_another_event_stays_apart() {
        // It holds none of the story's core.
        let (lead, story) = run(Params::default(), ELSEWHERE, 4, false);
        assert_ne!(lead, story);
    }

    #[test]
    fn a_run_is_hours_not_a_day() {
        // Back to the story more than three hours on: what it led with between is not
        // the story's run.
        let (lead, story) = run(Params::default(), EULOGY, 14, false);
        assert_ne!(lead, story);
    }

    #[test]
    fn a_lead_another_outlet_shares_is_its_own_story() {
        let (lead, story) = run(Params::default(), EULOGY, 4, true);
        assert_ne!(lead, story);
    }
}
