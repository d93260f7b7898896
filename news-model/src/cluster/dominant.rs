//! The day's one story: on a day one event fills (an attack and its hours of coverage, a
//! siege), a lone headline that holds the event's core words joins it, however little else
//! it shares. Only where the event is alone: no other cluster of the same hours has grown
//! large. On a day of two incidents (a manhunt and a hostage siege) or of a scheduled
//! event's sub-events (an election day's turnout, exit polls and speeches), the day's words
//! are shared by its several stories, and the rule does not apply.

use chrono::{DateTime, Utc};

use super::features::Kind;
use super::online::{hours, Clusterer};
use super::params::Params;

impl Clusterer<'_> {
    /// The day's one story that an article `v` (published `at`, just added to `target`)
    /// belongs to: the one open cluster of at least [`Params::dominant_size`] articles from
    /// three outlets or more, begun at most [`Params::aftermath_hours`] before it, when no
    /// other cluster begun in those hours has [`Params::dominant_rival`] articles, and the
    /// article holds [`Params::dominant_features`] features each held by
    /// [`Params::dominant_share`] of its articles. `None` when `target` has more than
    /// [`Params::dominant_small`] articles.
    pub(super) fn dominant_story(
        &self,
        target: i64,
        v: &[(u32, f32)],
        at: DateTime<Utc>,
    ) -> Option<i64> {
        let p: Params = self.params;
        if p.dominant_size == 0 {
            return None;
        }
        if self.clusters.get(&target)?.size > p.dominant_small {
            return None;
        }
        let mut dominant: Option<i64> = None;
        for (id, c) in &self.clusters {
            if *id == target {
                continue;
            }
            let since = hours(at, c.first_at);
            if !(0.0..=p.aftermath_hours).contains(&since) || c.size < p.dominant_rival {
                continue;
            }
            if dominant.is_some() || c.size < p.dominant_size || c.outlets.len() < 3 {
                // A rival: the day has more than one large story.
                return None;
            }
            dominant = Some(*id);
        }
        let id = dominant?;
        let c = self.clusters.get(&id)?;
        // The story's core: features held by that share of its articles (`j` indexes `sum`).
        let is_core = |j: usize| c.held[j] as f32 >= p.dominant_share * c.size as f32;
        // A person the story does not hold: a leader's reaction, a story of its own.
        let foreign = v.iter().any(|(f, _)| {
            self.kinds[*f as usize] == Kind::Person
                && !c.sum.binary_search_by_key(f, |x| x.0).is_ok_and(is_core)
        });
        if foreign {
            return None;
        }
        let core = super::sorted::shared_at(v, &c.sum)
            .filter(|(_, _, j)| is_core(*j))
            .count();
        (core >= p.dominant_features as usize).then_some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::concepts::Concepts;
    use chrono::{Duration, TimeZone};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 15, 9, 0, 0).unwrap()
    }

    /// A siege told by three outlets all day: sixteen headlines, one cluster.
    const SIEGE: [&str; 16] = [
        "Gunman holds hostages in a Sydney cafe",
        "Sydney cafe siege: gunman holds hostages",
        "Hostages held by a gunman in a Sydney cafe",
        "Sydney siege: hostages seen at the cafe window",
        "Sydney cafe siege: police surround the gunman",
        "Gunman in Sydney cafe: hostages pressed to the window",
        "Sydney cafe siege enters its fifth hour, hostages held",
        "Five hostages flee the Sydney cafe siege",
        "Sydney siege: five hostages escape the cafe",
        "Hostages escape from the Sydney cafe, gunman still inside",
        "Sydney cafe siege: gunman demands a flag, hostages held",
        "Sydney siege gunman named, hostages still in the cafe",
        "Sydney cafe siege: hostages held for ten hours",
        "Sydney cafe siege: police talk to the gunman",
        "Night falls on the Sydney cafe siege, hostages inside",
        "Sydney siege: the gunman and the hostages in the cafe",
    ];
    const OUTLETS: [&str; 3] = ["ynet", "mako", "haaretz"];

    fn with_siege(params: Params) -> (Clusterer<'static>, i64) {
        let mut c = Clusterer::new(Concepts::builtin(), params);
        let mut siege = None;
        for (i, h) in SIEGE.iter().enumerate() {
            let at = t0() + Duration::minutes(30 * i as i64);
            let a = c.add_article(i as i64 + 1, at, OUTLETS[i % 3], h, "");
            assert!(
                siege.is_none_or(|s| s == a.cluster),
                "{h} opened its own cluster"
            );
            siege = Some(a.cluster);
        }
        (c, siege.unwrap())
    }

    /// Told in words of its own, it holds only the siege's core: the hostages, the cafe.
    const CALLS: &str = "From inside the cafe, hostages phone relatives: 'I love you'";

    #[test]
    fn a_lone_headline_holding_the_days_one_story_joins_it() {
        let at = t0() + Duration::hours(9);
        let (mut c, siege) = with_siege(Params::default());
        assert_eq!(c.add_article(100, at, "ynet", CALLS, "").cluster, siege);
        // Without the rule, its words alone are too few for the siege's cluster.
        let off = Params {
            dominant_size: 0,
            ..Params::default()
        };
        let (mut c, siege) = with_siege(off);
        assert_ne!(c.add_article(100, at, "ynet", CALLS, "").cluster, siege);
    }

    #[test]
    fn a_day_of_two_large_stories_has_no_one_story() {
        let (mut c, siege) = with_siege(Params::default());
        // Eight headlines of another event the same day: the day's words are no longer one
        // story's.
        for i in 0..8 {
            let at = t0() + Duration::minutes(20 + 30 * i);
            c.add_article(
                200 + i,
                at,
                OUTLETS[i as usize % 3],
                &format!(
                    "Wildfire near Haifa: {} homes evacuated as the blaze spreads",
                    10 + i
                ),
                "",
            );
        }
        let at = t0() + Duration::hours(9);
        assert_ne!(c.add_article(100, at, "ynet", CALLS, "").cluster, siege);
    }

    #[test]
    fn a_leaders_reaction_is_a_story_of_its_own() {
        let (mut c, siege) = with_siege(Params::default());
        let at = t0() + Duration::hours(9);
        let reaction = "Netanyahu on the cafe siege: the hostages are in our prayers";
        assert_ne!(c.add_article(100, at, "ynet", reaction, "").cluster, siege);
    }
}
