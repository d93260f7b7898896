//! Late merges: two open clusters that turn out to tell one story become one. A merge is
//! decided on the whole of each cluster, never on one article that touches both, so merges
//! do not chain through a bridging headline. Two measures, either enough:
//!
//! - the centroids agree: the cosine of the two sums reaches [`Params::merge_threshold`];
//! - the cores agree: each cluster's core is the features most of its members hold (more
//!   than [`Params::core_share`] of them), weighed by their mean weight times the share of
//!   members holding them, squared; the cosine of the two cores reaches
//!   [`Params::core_threshold`]. A sum is pulled towards what one outlet repeats in every
//!   edit of its headline (`"קיבלנו את החיים במתנה"` five times) and towards the words of
//!   single headlines; a core keeps what the cluster's articles have in common (the place,
//!   the person, the event), so two clusters of one event agree on it even when their sums
//!   do not. A singleton's core is all of it. Cores that share nothing but a person do not
//!   merge, however alike: by the labelling rules a leader's words at two events are two
//!   stories, and on an election day the winner's night speech took the cluster of his
//!   morning vote through his name (the tuning windows P 0.943 → 0.951 at the same recall,
//!   the four windows in one stream P 0.955 → 0.960, with a week of context 0.912 → 0.920 at
//!   recall 0.733 → 0.729; every other labelled set unchanged; written after reading the
//!   tuning windows' errors).
//!
//! Candidates are the open clusters holding one of the target's `MERGE_FEATURES` (12)
//! heaviest features, whose span with the target stays within [`Params::max_span_hours`].

use chrono::{DateTime, Utc};

use super::another;
use super::features::Kind;
use super::online::{hours, Clusterer};
use super::open_cluster::Cluster;
use super::params::Params;
use super::places;
use super::stages::conflict;
use super::stream_idf::Scales;

/// How many of a cluster's heaviest features find the clusters it may merge with.
const MERGE_FEATURES: usize = 12;

/// A cluster's core: `(feature, weight with the stream's scale)`, by feature.
type Core = Vec<(u32, f64)>;

/// The entries of `c`'s core, in feature order: the features more than `core_share` of its
/// members hold, weighed by their mean weight times that share squared, with the stream's
/// scale.
fn core_entries<'a, 's, 'l>(
    core_share: f32,
    c: &'a Cluster,
    scales: &'a mut Scales<'s, 'l>,
) -> impl Iterator<Item = (u32, f64)> + use<'a, 's, 'l> {
    let size = f64::from(c.size.max(1));
    let share = f64::from(core_share);
    c.sum.iter().zip(&c.held).filter_map(move |((f, w), n)| {
        let held = f64::from(*n) / size;
        (held > share).then(|| {
            let mean = f64::from(*w) / size;
            (*f, mean * held * held * scales.of(*f))
        })
    })
}

impl Clusterer<'_> {
    /// The core of `c` (see the module documentation), in feature order.
    fn core(&self, c: &Cluster) -> Core {
        let mut scales = self.scales();
        core_entries(self.params.core_share, c, &mut scales).collect()
    }

    /// The cosine of core `a` (its norm `a_norm`) with the core of `c`: what
    /// `cosine(a, &self.core(c))` gives, to the digit (the same terms summed in the same
    /// order), without building `c`'s core. Merges ask it of every candidate cluster.
    fn core_cosine(&self, a: &Core, a_norm: f64, c: &Cluster) -> f64 {
        let mut scales = self.scales();
        // From -0.0, as `Iterator::sum` of floats starts: the same bits when nothing is shared.
        let (mut dot, mut norm2, mut i) = (-0.0f64, -0.0f64, 0);
        for (f, x) in core_entries(self.params.core_share, c, &mut scales) {
            norm2 += x * x;
            while i < a.len() && a[i].0 < f {
                i += 1;
            }
            if i < a.len() && a[i].0 == f {
                dot += a[i].1 * x;
                i += 1;
            }
        }
        let n = a_norm * norm2.sqrt();
        if n == 0.0 {
            0.0
        } else {
            dot / n
        }
    }

    /// Whether core `a` and the core of `c` share a feature other than a person's.
    fn cores_share_beyond_people(&self, a: &Core, c: &Cluster) -> bool {
        let mut scales = self.scales();
        let shared = core_entries(self.params.core_share, c, &mut scales).any(|(f, _)| {
            self.kinds.get(f as usize) != Some(&Kind::Person)
                && a.binary_search_by_key(&f, |x| x.0).is_ok()
        });
        shared
    }

    /// The open clusters that hold one of the [`MERGE_FEATURES`] heaviest features of
    /// `target`'s centroid, by id.
    pub(super) fn merge_candidates(&self, target: i64) -> Vec<i64> {
        let Some(t) = self.clusters.get(&target) else {
            return Vec::new();
        };
        let mut heavy: Vec<(u32, f32)> = t.sum.clone();
        // The heaviest, as a set: what follows collects their clusters in a set.
        if heavy.len() > MERGE_FEATURES {
            heavy.select_nth_unstable_by(MERGE_FEATURES - 1, |a, b| {
                b.1.total_cmp(&a.1).then(a.0.cmp(&b.0))
            });
        }
        let mut out = self.clusters_holding(heavy.iter().take(MERGE_FEATURES).map(|(f, _)| f));
        out.retain(|c| *c != target);
        out
    }

    /// Whether clusters `a` and `b` tell two events: an incident and another event in places
    /// apart ([`super::places`]), or another incident and one that began before it
    /// ([`super::another`]). The incident concepts are looked up only for places apart, which
    /// few pairs name.
    pub(super) fn two_events(&self, a: &Cluster, b: &Cluster) -> bool {
        let p = self.params;
        (p.places && places::conflict(self.places, &a.places, a.size, &b.places, b.size) && {
            let incident = self.incident_ids();
            self.is_incident(a, &incident) || self.is_incident(b, &incident)
        }) || (p.another_incidents
            && another::conflict(a.first_at, a.another_at, b.first_at, b.another_at))
    }

    /// Merges into `target` the clusters of `others` whose centroid or core agrees with its
    /// own (and that fit in its span), and the clusters of `lone` (articles that rejoin it);
    /// the survivor is the cluster that began first (its id is the story's). None that tells
    /// another event than the survivor, as it grows, is merged ([`Clusterer::two_events`]),
    /// but for those of `exempt` (an incident's aftermath, the day's weather: rules of their
    /// own decide those, wherever a funeral is held). Returns the survivor and the clusters
    /// merged into it.
    pub(super) fn merge_agreeing(
        &mut self,
        target: i64,
        others: &[i64],
        lone: &[i64],
        exempt: &[i64],
    ) -> (i64, Vec<i64>) {
        let p: Params = self.params;
        let Some(t) = self
            .clusters
            .get(&target)
            .filter(|_| !others.is_empty() || !lone.is_empty())
        else {
            return (target, Vec::new());
        };
        let t_norm = self.cluster_norm(target, t);
        let t_core = if p.core_threshold <= 1.0 {
            self.core(t)
        } else {
            Vec::new()
        };
        let t_core_norm = super::sorted::norm(&t_core);
        // Stories of two stages of a scheduled event stay apart ([`super::stages`]).
        let agreeing: Vec<i64> = others
            .iter()
            .copied()
            .filter(|o| {
                self.clusters.get(o).is_some_and(|c| {
                    !conflict(t.stages, c.stages) && !self.two_events(t, c) && {
                        let span = hours(c.last_at.max(t.last_at), c.first_at.min(t.first_at));
                        // Two single articles: their cores are their centroids.
                        let cores = !t_core.is_empty() && (t.size > 1 || c.size > 1);
                        span <= p.max_span_hours
                            && (self.centroid_cosine(t, t_norm, *o, c)
                                >= f64::from(p.merge_threshold)
                                || (cores
                                    && self.core_cosine(&t_core, t_core_norm, c)
                                        >= f64::from(p.core_threshold)
                                    && self.cores_share_beyond_people(&t_core, c)))
                    }
                })
            })
            .chain(lone.iter().copied().filter(|o| {
                !self.stage_conflict(*o, t.stages)
                    && (exempt.contains(o)
                        || self.clusters.get(o).is_some_and(|c| !self.two_events(t, c)))
            }))
            .collect();
        if agreeing.is_empty() {
            return (target, Vec::new());
        }
        let mut all: Vec<i64> = std::iter::once(target).chain(agreeing).collect();
        all.sort_by_key(|id| {
            self.clusters
                .get(id)
                .map(|c| (c.first_at, *id))
                .unwrap_or((DateTime::<Utc>::MAX_UTC, *id))
        });
        let survivor = all[0];
        let mut merged = Vec::new();
        for id in all.iter().skip(1) {
            let Some(c) = self.clusters.get(id).cloned() else {
                continue;
            };
            // Each was asked against the target; asked again against the survivor as it
            // grows, two clusters that tell two events do not meet through a third.
            if !exempt.contains(id)
                && self
                    .clusters
                    .get(&survivor)
                    .is_some_and(|s| self.two_events(s, &c))
            {
                continue;
            }
            self.close(*id);
            self.norms.get_mut().squared.remove(&survivor);
            if let Some(s) = self.clusters.get_mut(&survivor) {
                s.add_held(c.sum.iter().zip(&c.held).map(|((f, w), n)| (*f, *w, *n)));
                s.size += c.size;
                s.first_at = s.first_at.min(c.first_at);
                s.last_at = s.last_at.max(c.last_at);
                s.members.extend(c.members);
                s.words = super::outlets::add_counts(&s.words, &c.words);
                s.stages |= c.stages;
                places::add_counts(&mut s.places, &c.places);
                s.another_at = match (s.another_at, c.another_at) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                for o in &c.outlets {
                    super::outlets::add_outlet(&mut s.outlets, o);
                }
            }
            for (f, _) in &c.sum {
                self.index.entry(*f).or_default().insert(survivor);
            }
            merged.push(*id);
        }
        (survivor, merged)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::Concepts;
    use chrono::{Duration, TimeZone};

    #[test]
    fn core_cosines_are_those_of_the_cores_built() {
        let fixture = crate::cluster::fixture_articles();
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let mut pairs = 0;
        for (i, a) in fixture.iter().enumerate() {
            c.evict(a.published_at);
            c.add_article(i as i64, a.published_at, &a.source, &a.headline, "");
            if i % 50 != 49 {
                continue;
            }
            for t in c.clusters.values() {
                let core = c.core(t);
                let norm = crate::cluster::sorted::norm(&core);
                for o in c.clusters.values() {
                    let built = crate::cluster::sorted::cosine(&core, &c.core(o));
                    assert_eq!(c.core_cosine(&core, norm, o).to_bits(), built.to_bits());
                    pairs += 1;
                }
            }
        }
        assert!(pairs > 10_000, "{pairs} pairs");
    }

    /// Two clusters of one person's words, hours apart: by the labelling rules a leader's
    /// words at two events are two stories, and cores that agree on the person alone do not
    /// merge at any bar (the election day's morning vote and the night's victory speech);
    /// cores that share the person and the event do.
    #[test]
    fn cores_that_share_only_a_person_do_not_merge() {
        let t = Utc.with_ymd_and_hms(2026, 3, 17, 8, 0, 0).unwrap();
        // A bar any two clusters of one person pass.
        let params = Params {
            core_threshold: 0.1,
            ..Params::default()
        };
        let mut c = Clusterer::new(Concepts::builtin(), params);
        let mut vote = Vec::new();
        for (i, h) in [
            "נתניהו בקלפי בירושלים",
            "נתניהו הצביע בקלפי הבוקר",
            "נתניהו בקלפי קורא לתומכיו לצאת להצביע",
        ]
        .iter()
        .enumerate()
        {
            let n = i64::try_from(i).unwrap();
            vote.push(c.add(1 + n, t + Duration::minutes(15 * n), h, "").cluster);
        }
        assert!(vote.iter().all(|id| *id == vote[0]), "{vote:?}");
        let vote = vote[0];
        let late = t + Duration::hours(16);
        let speech = c.add(10, late, "נתניהו חוגג ניצחון גדול", "").cluster;
        assert_ne!(
            speech, vote,
            "the speech merged with the vote through the person"
        );
        let core = c.core(&c.clusters[&speech]);
        let norm = crate::cluster::sorted::norm(&core);
        let agree = c.core_cosine(&core, norm, &c.clusters[&vote]);
        assert!(agree >= 0.1, "the cores agree through the person: {agree}");
        assert!(!c.cores_share_beyond_people(&core, &c.clusters[&vote]));
        assert_eq!(
            c.merge_agreeing(speech, &[vote], &[], &[]),
            (speech, Vec::new())
        );
        // The person and the ballot: a late headline of the vote is the vote's.
        let ballot = c.add(11, late, "נתניהו בקלפי הבוקר", "");
        assert_eq!(ballot.cluster, vote, "{ballot:?}");
    }

    #[test]
    fn a_core_keeps_what_most_articles_hold() {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap();
        let a = c.add(1, t, "Floods in Mitzpe Ramon close Route 40", "");
        let b = c.add(
            2,
            t + Duration::minutes(20),
            "Route 40 closed by floods near Mitzpe Ramon, hikers rescued",
            "",
        );
        assert_eq!(a.cluster, b.cluster);
        let cluster = &c.clusters[&a.cluster];
        let core = c.core(cluster);
        // Held by both articles: in the core; `hikers`, `rescued` only by one: not.
        assert!(!core.is_empty() && core.len() < cluster.sum.len());
        assert!(core.iter().all(|(f, _)| {
            let i = cluster.sum.iter().position(|(g, _)| g == f).unwrap();
            cluster.held[i] == 2
        }));
        assert!((crate::cluster::sorted::cosine(&core, &core) - 1.0).abs() < 1e-9);
        // Asked without building the other core: the same digits.
        let norm = crate::cluster::sorted::norm(&core);
        assert_eq!(
            c.core_cosine(&core, norm, cluster),
            crate::cluster::sorted::cosine(&core, &core)
        );
        assert_eq!(
            crate::cluster::sorted::cosine(&core, &Vec::<(u32, f64)>::new()),
            0.0
        );
    }
}
