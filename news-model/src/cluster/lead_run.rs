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
//! the outlet in a cluster another outlet shares, or in a story of its own that it also led
//! with before or after the run, ends the run: its lead left the story.
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
            // Clusters that hold nothing of the run's hours are passed over before their
            // outlets and members are read.
            if *id == target
                || c.last_at <= start
                || c.first_at >= at
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
            // The outlet led with a story another newsroom tells, or with a story of its own
            // that it led with before or after the run too: either way its lead left the
            // story, and the run ended.
            if c.outlets.len() > 1 || !c.members.iter().all(inside) {
                return Vec::new();
            }
            between.push(*id);
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

    /// A funeral told by three outlets for hours: eight headlines, one cluster, nrg's last
    /// of them at 75 minutes.
    const FUNERAL: [&str; 8] = [
        "Police close roads for the funeral of the three teens in Modiin",
        "The three teens laid to rest in Modiin",
        "Funeral of the three teens begins in Modiin",
        "Modiin: police escort the three teens at their funeral",
        "The three teens' funeral procession reaches Modiin",
        "Police at the funeral of the three teens",
        "Funeral in Modiin: the three teens buried side by side",
        "Modiin funeral: the three teens buried together",
    ];
    const OUTLETS: [&str; 3] = ["ynet", "mako", "nrg"];

    /// What nrg led with between two of its funeral headlines: a eulogy, which holds the
    /// teens and nothing else of the funeral's words.
    const EULOGY: &str = "A mother's eulogy: 'God chose you, my teens, to be his poster boys'";

    /// The funeral's headlines, then `leads` (outlet, headline, minutes after t0), then nrg's
    /// funeral headline `back` minutes after t0; whether the first lead ends in the story.
    fn joins(params: Params, leads: &[(&str, &str, i64)], back: i64) -> bool {
        joins_saved(params, leads, back, false)
    }

    /// [`joins`], the clusterer saved and restored before the closing headline when
    /// `restored`: a service clusters each crawl where the last one left off.
    fn joins_saved(params: Params, leads: &[(&str, &str, i64)], back: i64, restored: bool) -> bool {
        let mut c = Clusterer::new(Concepts::builtin(), params);
        let mut story = None;
        for (i, h) in FUNERAL.iter().enumerate() {
            let at = t0() + Duration::minutes(15 * i as i64);
            let a = c.add_article(i as i64 + 1, at, OUTLETS[i % 3], h, "");
            assert!(story.is_none_or(|s| s == a.cluster), "{h} opened a cluster");
            story = Some(a.cluster);
        }
        let mut first = None;
        for (k, (outlet, h, minutes)) in leads.iter().enumerate() {
            let at = t0() + Duration::minutes(*minutes);
            let a = c.add_article(100 + k as i64, at, outlet, h, "");
            if k == 0 {
                assert_ne!(
                    Some(a.cluster),
                    story,
                    "its words alone do not join the funeral"
                );
                first = Some(at);
            }
        }
        if restored {
            let json = serde_json::to_string(&c.snapshot()).unwrap();
            let snapshot = serde_json::from_str(&json).unwrap();
            c = Clusterer::restore(Concepts::builtin(), params, snapshot).unwrap();
        }
        let again = "The three teens buried in Modiin, thousands at the funeral";
        let b = c.add_article(200, t0() + Duration::minutes(back), "nrg", again, "");
        assert_eq!(Some(b.cluster), story);
        let first = first.unwrap();
        c.clusters[&b.cluster]
            .members
            .iter()
            .any(|m| m.source == leads[0].0 && m.at == first)
    }

    #[test]
    fn an_outlets_lead_between_two_of_its_story_joins_the_story() {
        let leads = [("nrg", EULOGY, 120)];
        assert!(joins(Params::default(), &leads, 165));
        // Without the rule it stays alone.
        let off = Params {
            run_hours: 0.0,
            ..Params::default()
        };
        assert!(!joins(off, &leads, 165));
    }

    #[test]
    fn a_run_is_read_from_a_restored_clusterer_alike() {
        let leads = [("nrg", EULOGY, 120)];
        assert!(joins_saved(Params::default(), &leads, 165, true));
    }

    #[test]
    fn a_lead_that_moved_to_another_event_stays_apart() {
        // It holds none of the story's core.
        let elsewhere = "Wildfire near Haifa: homes evacuated in Tirat Carmel";
        assert!(!joins(Params::default(), &[("nrg", elsewhere, 120)], 165));
    }

    #[test]
    fn a_lead_sharing_less_than_the_storys_core_stays_apart() {
        // The police are in three of the story's ten headlines: less than half.
        let protest = "Police arrest two suspects in a Haifa burglary";
        let leads = [("nrg", protest, 120)];
        assert!(!joins(Params::default(), &leads, 165));
        // Asking two articles only, it would come.
        let two = Params {
            run_share: 0.2,
            ..Params::default()
        };
        assert!(joins(two, &leads, 165));
    }

    #[test]
    fn a_run_is_three_hours() {
        let leads = [("nrg", EULOGY, 120)];
        // nrg's earlier funeral headline is at 75 minutes: back at exactly three hours after
        // it, the eulogy comes; a quarter of an hour later, it is not the story's run.
        assert!(joins(Params::default(), &leads, 255));
        assert!(!joins(Params::default(), &leads, 270));
    }

    #[test]
    fn a_small_story_has_no_run() {
        let leads = [("nrg", EULOGY, 120)];
        let large = Params {
            run_size: 10,
            ..Params::default()
        };
        assert!(!joins(large, &leads, 165));
    }

    #[test]
    fn a_lead_another_outlet_shares_ends_the_run() {
        // After the eulogy nrg led with an event mako reports too: its lead left the story.
        let quake = "Earthquake felt in Haifa and the Galilee, no damage reported";
        let leads = [
            ("nrg", EULOGY, 120),
            ("nrg", quake, 135),
            ("mako", quake, 140),
        ];
        assert!(!joins(Params::default(), &leads, 165));
        // Told by nrg alone, the quake is a lead of its own that holds nothing of the story
        // and stays apart, and the eulogy still comes.
        assert!(joins(Params::default(), &leads[..2], 165));
    }

    #[test]
    fn a_story_of_the_outlets_own_before_and_within_ends_the_run() {
        // nrg led with a quake of its own before the run (at 30 minutes) and again within
        // it: its lead was not on the funeral all along.
        let quake = "Earthquake felt in Haifa and the Galilee, no damage reported";
        let leads = [
            ("nrg", EULOGY, 120),
            ("nrg", quake, 30),
            ("nrg", quake, 135),
        ];
        assert!(!joins(Params::default(), &leads, 165));
    }

    #[test]
    fn a_lead_shared_with_the_eulogy_is_no_run_either() {
        // Another outlet leads with the eulogy's words too: not nrg's lead alone.
        let leads = [("nrg", EULOGY, 120), ("mako", EULOGY, 125)];
        assert!(!joins(Params::default(), &leads, 165));
    }
}
