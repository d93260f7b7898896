//! Where an article goes: the join decision over its scored candidates
//! ([`Clusterer::candidates`]). The best cluster that passes the bar for its size and
//! evidence wins, a stage's report preferring its stage's cluster; an outlet's edited or
//! following headline goes to its own earlier article's cluster, unless another cluster
//! matches it better (then the outlet's two headlines share its section tag, not the event).
//!
//! An outlet's first telling of an event may name nothing of it (`הבית נחרב: "קיבלנו את
//! החיים במתנה"`) and stay alone; its edit a quarter of an hour later names the event
//! (`פגיעה ישירה בבית באשקלון: "קיבלנו את החיים במתנה"`) and matches the event's cluster,
//! but follows its own earlier headline first. When the earlier headline is alone in its
//! cluster and another cluster takes the edit at the bar of a story of two
//! ([`Params::pair_threshold`]), the edit joins that cluster and its earlier telling comes
//! along ([`Params::earlier_tellings`]): the two are one article's versions.

use chrono::{DateTime, Utc};

use super::another::{self, AnotherAt};
use super::online::Clusterer;
#[cfg(doc)]
use super::params::Params;
use super::places::{PlaceCounts, PlaceId};
use super::scoring::Scored;
use super::stages::Stages;

/// What an article's headline tells beyond its features, as the join decision reads it
/// ([`super::reading::Marks`] with its speaker as a feature id).
#[derive(Debug, Clone, Copy)]
pub(super) struct Told<'a> {
    /// The stage of a scheduled event it names ([`super::stages`]).
    pub(super) stage: Stages,
    /// The places it names ([`super::places`]), sorted.
    pub(super) places: &'a [PlaceId],
    /// When it was published, if it tells its incident as another one ([`super::another`]).
    pub(super) another: AnotherAt,
    /// The feature id of the person whose statement it is ([`super::speakers`]).
    pub(super) speaker: Option<u32>,
}

/// Where an article goes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Choice {
    /// The open cluster it joins; `None`: it opens one.
    pub(super) cluster: Option<i64>,
    /// Its outlet's earlier headline, alone in this cluster, that comes along into
    /// `cluster` (the article's earlier telling).
    pub(super) along: Option<i64>,
    /// The article's score with `cluster` (0 when it opens one).
    pub(super) score: f32,
}

impl Clusterer<'_> {
    /// Where article `v` (published `at` by `source`, telling `told`) goes.
    pub(super) fn choose(
        &self,
        v: &[(u32, f32)],
        at: DateTime<Utc>,
        source: &str,
        told: Told<'_>,
    ) -> Choice {
        let Told {
            stage,
            places,
            another,
            speaker,
        } = told;
        let mut scored = self.candidates(v, at, source);
        // A speaker's statement joins only where the speaker is news ([`super::speakers`]).
        if let Some(speaker) = speaker {
            scored.retain(|s| {
                self.clusters
                    .get(&s.id)
                    .is_none_or(|c| self.speaker_fits(c, speaker))
            });
        }
        scored.retain(|s| !self.stage_conflict(s.id, stage));
        // Another incident is not the news of one that began before it ([`super::another`]).
        if self.params.another_incidents && another.is_some() {
            scored.retain(|s| {
                self.clusters
                    .get(&s.id)
                    .is_some_and(|c| !another::conflict(c.first_at, c.another_at, at, another))
            });
        }
        // An event elsewhere is not an incident's news ([`super::places`]).
        if self.params.places && !places.is_empty() {
            let own: PlaceCounts = places.iter().map(|p| (*p, 1)).collect();
            // Looked up once, and only when a cluster names places apart.
            let incident = std::cell::OnceCell::new();
            scored.retain(|s| {
                self.clusters.get(&s.id).is_none_or(|c| {
                    !(super::places::conflict(self.places, &own, 1, &c.places, c.size)
                        && self.is_incident(c, incident.get_or_init(|| self.incident_ids())))
                })
            });
        }
        let p = self.params;
        // A stage's report follows its outlet's earlier headline only into that stage: where
        // a cluster of its stage is open, an outlet's lead moving to the stage is a new story.
        let stage_open = scored.iter().any(|s| self.holds_stage(s.id, stage));
        let edited = scored
            .iter()
            .filter(|s| s.edit >= p.edit_threshold || s.follows)
            .filter(|s| !stage_open || self.holds_stage(s.id, stage))
            .max_by(|a, b| a.edit.total_cmp(&b.edit).then(b.id.cmp(&a.id)));
        let passing = scored.iter().filter(|s| {
            let bar = if s.anchored {
                p.anchor_threshold.min(p.threshold)
            } else {
                p.threshold
            };
            s.score >= p.bar_to_join(bar, s.size)
        });
        let of_stage = |s: &&Scored| self.holds_stage(s.id, stage);
        let by_score = |a: &&Scored, b: &&Scored| a.score.total_cmp(&b.score).then(b.id.cmp(&a.id));
        // A stage's report goes to the cluster of its stage when one matches at all.
        let best = passing
            .clone()
            .filter(of_stage)
            .max_by(by_score)
            .or_else(|| passing.clone().max_by(by_score));
        // An outlet's own earlier article wins over the centroids, unless another cluster
        // matches better: then what the two articles of the outlet share is its recurring
        // section tag (`ישראל בוחרת | משדר מיוחד`), not the event.
        let pick = match (edited, best) {
            (Some(e), Some(b)) if b.id != e.id && b.score > e.score => Some(b),
            (e, b) => e.or(b),
        };
        // The outlet's earlier telling, alone, comes along where the edit matches an event.
        let lone_edit = edited
            .filter(|e| p.earlier_tellings && e.size == 1 && pick.is_some_and(|k| k.id == e.id));
        if let Some(e) = lone_edit {
            let event = passing
                .clone()
                .filter(|s| s.id != e.id && s.score >= p.pair_threshold)
                .max_by(by_score);
            if let Some(event) = event {
                return Choice {
                    cluster: Some(event.id),
                    along: Some(e.id),
                    score: event.score,
                };
            }
        }
        Choice {
            cluster: pick.map(|s| s.id),
            along: None,
            score: pick.map_or(0.0, |s| s.score),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cluster::eval::cluster_written;
    use crate::cluster::{Clusterer, Concepts, Params};
    use chrono::{DateTime, Duration, TimeZone, Utc};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
    }

    /// A morning written for this test: three outlets report a rocket's direct hit; hours
    /// later a fourth leads with a quote from the house, then edits its headline to name
    /// the hit. Returns the clusters of the five headlines.
    fn direct_hit(earlier_tellings: bool) -> Vec<i64> {
        let reports = [
            (
                0,
                "a",
                "מטח רקטות: פגיעה ישירה בבית באשקלון, יירוט מעל גוש דן",
            ),
            (10, "b", "פגיעה ישירה בבית באשקלון, יירוט מעל גוש דן"),
            (20, "c", "מטח לאשקלון: פגיעה ישירה בבית, יירוט בגוש דן"),
            (180, "d", "הבית נחרב: \"קיבלנו את החיים במתנה\""),
            (
                195,
                "d",
                "פגיעה ישירה בבית באשקלון: \"קיבלנו את החיים במתנה\"",
            ),
        ];
        let p = Params {
            earlier_tellings,
            ..Params::default()
        };
        cluster_written(p, t0(), &reports)
    }

    #[test]
    fn an_articles_first_telling_comes_along_when_its_edit_names_the_event() {
        let got = direct_hit(true);
        assert!(got.iter().all(|c| *c == got[0]), "{got:?}");
        // Without the rule the edit stays with the outlet's first telling.
        let got = direct_hit(false);
        assert_eq!(got[3], got[4], "{got:?}");
        assert_ne!(got[0], got[3], "{got:?}");
    }

    #[test]
    fn an_outlets_edited_headline_joins_its_own_article() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let first = c.add_article(
            1,
            t0(),
            "mako",
            "הגזרה הצפונית מתחממת: קרב על מעבר קוניטרה",
            "",
        );
        // Another outlet, another event with one word in common.
        let other = c.add_article(
            2,
            t0() + Duration::minutes(20),
            "ynet",
            "קרב על הכותרות במליאה",
            "",
        );
        let edited = c.add_article(
            3,
            t0() + Duration::minutes(40),
            "mako",
            "הגזרה הצפונית מתחממת: פגזים בגולן, אזרחים מפונים",
            "",
        );
        assert_ne!(other.cluster, first.cluster);
        assert_eq!(edited.cluster, first.cluster);
    }

    #[test]
    fn an_outlets_headline_goes_where_it_matches_best_even_when_it_looks_like_its_own_edit() {
        // Turnout reports; one outlet's headline under its election-day tag joins them on
        // the turnout figure.
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let at = |m: i64| t0() + Duration::minutes(m);
        let turnout = c.add_article(
            1,
            at(0),
            "ynet",
            "שיעור ההצבעה בבחירות: 45.2% עד השעה שש",
            "",
        );
        c.add_article(
            2,
            at(10),
            "walla",
            "45.2% הצביעו עד השעה שש, שיעור ההצבעה גבוה",
            "",
        );
        let tagged = c.add_article(
            3,
            at(20),
            "mako",
            "ישראל בוחרת: שיעור ההצבעה 45.2% עד השעה שש, נתניהו והרצוג בקרב צמוד",
            "",
        );
        // The exit polls, hours later.
        let polls = c.add_article(
            4,
            at(240),
            "haaretz",
            "המדגמים: קרב צמוד בין נתניהו להרצוג",
            "",
        );
        c.add_article(
            5,
            at(245),
            "israelhayom",
            "מדגמי הטלוויזיה: קרב צמוד בין נתניהו להרצוג",
            "",
        );
        // The outlet's next headline under the same tag is about the polls, and so like its
        // own earlier one (cosine 0.85) but more like the polls' cluster.
        let next = c.add_article(
            6,
            at(250),
            "mako",
            "ישראל בוחרת: נתניהו והרצוג בקרב צמוד במדגמים, שיעור ההצבעה 45.2%",
            "",
        );
        assert_eq!(tagged.cluster, turnout.cluster);
        assert_ne!(polls.cluster, turnout.cluster);
        assert_eq!(next.cluster, polls.cluster);
    }
}
