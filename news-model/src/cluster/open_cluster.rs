//! An open cluster: the sum of its articles' features (its centroid), how many of them hold
//! each feature, its time span, and its members as the rules that compare articles one by
//! one need them (an outlet's own headlines, a stage, the weather).

use chrono::{DateTime, Utc};

use super::another::AnotherAt;
use super::online::hours;
use super::outlets::WordCounts;
use super::places::{PlaceCounts, PlaceId};
use super::stages::Stages;

/// An article of an open cluster, as the edited-headline rule compares it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Member {
    pub(super) source: String,
    pub(super) at: DateTime<Utc>,
    /// `(feature id, weight)`, by feature id.
    pub(super) features: Vec<(u32, f32)>,
    /// The headline's plain words ([`super::outlets::headline_words`]), sorted.
    pub(super) words: Vec<u64>,
    /// The stage of a scheduled event the headline names ([`super::stages`]; 0: none).
    pub(super) stage: Stages,
    /// The headline names the weather ([`super::weather`]).
    pub(super) weather: bool,
    /// The places the headline names ([`super::places`]), sorted.
    pub(super) places: Vec<PlaceId>,
    /// The headline tells its incident as another one ([`super::another`]).
    pub(super) another: bool,
}

#[derive(Debug, Clone)]
pub(super) struct Cluster {
    /// The sum of the members' features, `(feature id, weight)` by feature id: a sorted list
    /// rather than an ordered map, as it is walked far more often than it grows (every
    /// article is compared with every candidate's sum, side by side).
    pub(super) sum: Vec<(u32, f32)>,
    /// How many members hold the feature of `sum[i]` (the cluster's core: [`super::merge`]).
    pub(super) held: Vec<u32>,
    /// Squared norm of `sum`, computed in feature order.
    pub(super) norm2: f64,
    pub(super) first_at: DateTime<Utc>,
    pub(super) last_at: DateTime<Utc>,
    pub(super) size: u32,
    pub(super) members: Vec<Member>,
    /// The members' plain headline words ([`super::outlets`]): `(word hash, members)`, by hash.
    pub(super) words: WordCounts,
    /// The members' outlets, sorted, each once (an unknown outlet as the empty key).
    pub(super) outlets: Vec<String>,
    /// The stages its members name ([`super::stages`]).
    pub(super) stages: Stages,
    /// The places its members name, with how many name each ([`super::places`]).
    pub(super) places: PlaceCounts,
    /// When its first member telling its incident as another one was published
    /// ([`super::another`]).
    pub(super) another_at: AnotherAt,
}

impl Cluster {
    pub(super) fn new(at: DateTime<Utc>) -> Cluster {
        Cluster {
            sum: Vec::new(),
            held: Vec::new(),
            norm2: 0.0,
            first_at: at,
            last_at: at,
            size: 0,
            members: Vec::new(),
            words: Vec::new(),
            outlets: Vec::new(),
            stages: 0,
            places: Vec::new(),
            another_at: None,
        }
    }

    /// Hours from the cluster's time span to `at` (zero inside it).
    pub(super) fn distance(&self, at: DateTime<Utc>) -> f32 {
        if at < self.first_at {
            hours(self.first_at, at)
        } else {
            hours(at, self.last_at).max(0.0)
        }
    }

    /// Hours the cluster would span with an article at `at`.
    pub(super) fn span_with(&self, at: DateTime<Utc>) -> f32 {
        hours(self.last_at.max(at), self.first_at.min(at))
    }

    pub(super) fn renorm(&mut self) {
        self.norm2 = self.sum.iter().map(|(_, w)| f64::from(*w).powi(2)).sum();
    }

    pub(super) fn add(&mut self, v: &[(u32, f32)]) {
        self.add_held(v.iter().map(|(f, w)| (*f, *w, 1)));
    }

    /// Adds `(feature, weight, members holding it)` entries sorted by feature (an article, or
    /// a cluster merged into this one), walking both lists once; an entry new to the cluster
    /// starts from its own weight, as `0.0 + w` would.
    pub(super) fn add_held(&mut self, v: impl Iterator<Item = (u32, f32, u32)>) {
        let (old_sum, old_held) = (
            std::mem::take(&mut self.sum),
            std::mem::take(&mut self.held),
        );
        let (lower, _) = v.size_hint();
        self.sum.reserve(old_sum.len() + lower);
        self.held.reserve(old_sum.len() + lower);
        let mut old = old_sum.into_iter().zip(old_held).peekable();
        for (f, w, n) in v {
            while let Some(((g, x), m)) = old.next_if(|((g, _), _)| *g < f) {
                self.sum.push((g, x));
                self.held.push(m);
            }
            match old.next_if(|((g, _), _)| *g == f) {
                Some(((_, x), m)) => {
                    self.sum.push((f, x + w));
                    self.held.push(m + n);
                }
                None => {
                    self.sum.push((f, w));
                    self.held.push(n);
                }
            }
        }
        for ((g, x), m) in old {
            self.sum.push((g, x));
            self.held.push(m);
        }
        self.renorm();
    }

    /// The counts of `held` from the members (after a restore); a member's feature the sum
    /// does not have is not counted.
    pub(super) fn recount(&mut self) {
        self.held = vec![0; self.sum.len()];
        for m in &self.members {
            for (f, _) in &m.features {
                if let Ok(i) = self.sum.binary_search_by_key(f, |(g, _)| *g) {
                    self.held[i] += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
    }

    #[test]
    fn a_clusters_sum_and_counts_stay_sorted_as_articles_and_clusters_are_added() {
        let mut c = Cluster::new(t0());
        c.add(&[(3, 1.0), (7, 2.0)]);
        c.add(&[(1, 0.5), (7, 1.0), (9, 4.0)]);
        assert_eq!(c.sum, vec![(1, 0.5), (3, 1.0), (7, 3.0), (9, 4.0)]);
        assert_eq!(c.held, vec![1, 1, 2, 1]);
        // A cluster merged in brings its own counts.
        c.add_held([(0, 1.0, 2), (7, 0.5, 3), (12, 1.0, 1)].into_iter());
        assert_eq!(
            c.sum,
            vec![(0, 1.0), (1, 0.5), (3, 1.0), (7, 3.5), (9, 4.0), (12, 1.0)]
        );
        assert_eq!(c.held, vec![2, 1, 1, 5, 1, 1]);
        assert!((c.norm2 - (1.0 + 0.25 + 1.0 + 12.25 + 16.0 + 1.0)).abs() < 1e-9);
        // Counted again from members (after a restore): a member's feature the sum lacks
        // is not counted.
        c.members = vec![Member {
            source: String::new(),
            at: t0(),
            features: vec![(3, 1.0), (5, 1.0), (7, 1.0)],
            words: Vec::new(),
            stage: 0,
            weather: false,
            places: Vec::new(),
            another: false,
        }];
        c.recount();
        assert_eq!(c.held, vec![0, 0, 1, 1, 0, 0]);
    }
}
