//! How alike an article and an open cluster are: the score an article gets against each
//! candidate cluster (cosine with the centroid, with the stream's scale, discounted by time
//! and by the cluster's span, but for a story still running under its name), the evidence
//! it must share, and the centroids' cosine that late merges ask for. [`super::online`]
//! decides with these where an article goes.

use chrono::{DateTime, Utc};

use super::features::Kind;
use super::online::{hours, Clusterer};
use super::open_cluster::Cluster;
use super::succession::Sequences;

/// A candidate cluster for an article.
pub(super) struct Scored {
    pub(super) id: i64,
    pub(super) score: f32,
    /// Cosine with the outlet's own article in the cluster, when there is one.
    pub(super) edit: f32,
    /// The cluster holds the outlet's previous headline, and the article follows it
    /// ([`super::succession`]).
    pub(super) follows: bool,
    /// The article names what most of the cluster's articles name
    /// ([`Params::anchor_threshold`](super::Params::anchor_threshold)).
    pub(super) anchored: bool,
    /// Articles in the cluster.
    pub(super) size: u32,
}

/// The dot product of the shared features, with the largest term's excess over all the
/// others discounted by `robust` (0: none, 1: all): one feature, however rare, does not make
/// two texts alike on its own.
fn robust_dot(terms: impl Iterator<Item = f64>, robust: f32) -> f64 {
    let (sum, top) = terms.fold((0.0f64, 0.0f64), |(s, t), x| (s + x, t.max(x)));
    let excess = (top - (sum - top)).max(0.0);
    sum - f64::from(robust) * excess
}

impl Clusterer<'_> {
    /// The clusters of one article among `others` whose article, scored as if it arrived
    /// now, would join `target`
    /// ([`Params::rejoin_threshold`](super::Params::rejoin_threshold)): `target` is its
    /// best candidate, at that score or more.
    pub(super) fn rejoining(&self, target: i64, others: &[i64]) -> Vec<i64> {
        let p = self.params;
        if p.rejoin_threshold > 1.0 {
            return Vec::new();
        }
        let Some(t) = self.clusters.get(&target) else {
            return Vec::new();
        };
        let bar = p.bar_to_join(p.rejoin_threshold, t.size);
        let mut terms = Vec::new();
        others
            .iter()
            .copied()
            .filter(|o| {
                let Some(m) = self
                    .clusters
                    .get(o)
                    .filter(|c| c.size == 1)
                    .and_then(|c| c.members.first())
                else {
                    return false;
                };
                // The target alone first: most lone articles fall short of it, and only
                // those that reach it are scored against every cluster.
                let m_norm = self.scaled_norm(m.features.iter().map(|(f, w)| (f, w)));
                if !self
                    .score(&m.features, m_norm, m.at, target, t, &mut terms)
                    .is_some_and(|(s, _)| s >= bar)
                {
                    return false;
                }
                // Without its newsroom: only the scores count here, and the edit rule's
                // cosines with every candidate's members would be work thrown away.
                self.candidates(&m.features, m.at, "")
                    .iter()
                    .filter(|s| s.id != *o)
                    .max_by(|a, b| a.score.total_cmp(&b.score).then(b.id.cmp(&a.id)))
                    .is_some_and(|b| b.id == target && b.score >= bar)
            })
            .collect()
    }

    /// Cosine of two centroids (iterating the smaller, in feature order), the norm of `a`
    /// given.
    pub(super) fn centroid_cosine(&self, a: &Cluster, a_norm: f64, b_id: i64, b: &Cluster) -> f64 {
        let (small, large) = if a.sum.len() <= b.sum.len() {
            (a, b)
        } else {
            (b, a)
        };
        let d = {
            let mut scales = self.scales();
            robust_dot(
                super::sorted::shared(&small.sum, &large.sum)
                    .map(|(f, w, x)| f64::from(*w) * f64::from(*x) * scales.of(f).powi(2)),
                self.params.robust,
            )
        };
        let n = a_norm * self.cluster_norm(b_id, b);
        if n == 0.0 {
            0.0
        } else {
            d / n
        }
    }

    /// The open clusters holding one of `features` (through the inverted index), by id.
    pub(super) fn clusters_holding<'f>(&self, features: impl Iterator<Item = &'f u32>) -> Vec<i64> {
        let mut ids: Vec<i64> = features
            .filter_map(|f| self.index.get(f))
            .flatten()
            .copied()
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// The open clusters `v` (published `at` by `source`) may join, with their scores.
    pub(super) fn candidates(
        &self,
        v: &[(u32, f32)],
        at: DateTime<Utc>,
        source: &str,
    ) -> Vec<Scored> {
        let p = &self.params;
        let v_norm = self.scaled_norm(v.iter().map(|(f, w)| (f, w)));
        let ids = self.clusters_holding(v.iter().map(|(f, _)| f));
        // The outlet's previous headline, when this one follows it (once, not per cluster).
        let previous = self.sequences.follows(v, at, source, p);
        let mut out = Vec::with_capacity(ids.len());
        // The plain norm the edit rule's cosines ask for, once.
        let v_plain = super::sorted::norm(v);
        // The dot product's terms of one cluster at a time, in one buffer.
        let mut terms: Vec<f64> = Vec::new();
        for cid in ids {
            let Some(c) = self.clusters.get(&cid) else {
                continue;
            };
            let Some((score, anchored)) = self.score(v, v_norm, at, cid, c, &mut terms) else {
                continue;
            };
            let edit = if source.is_empty() {
                0.0
            } else {
                c.members
                    .iter()
                    .filter(|m| m.source == source && hours(at, m.at).abs() <= p.edit_hours)
                    .map(|m| super::sorted::cosine_with_norm(v, v_plain, &m.features) as f32)
                    .fold(0.0, f32::max)
            };
            let follows = previous.is_some_and(|t| Sequences::holds_last(c, source, t));
            out.push(Scored {
                id: cid,
                score,
                edit,
                follows,
                anchored,
                size: c.size,
            });
        }
        out
    }

    /// The score of `v` (published `at`, norm with the stream's scale `v_norm`) against
    /// cluster `cid`, and whether it names the cluster's core name or person; `None` when
    /// the cluster is out of reach (window, span) or they share too little. `terms` is a
    /// buffer for the dot product's terms.
    fn score(
        &self,
        v: &[(u32, f32)],
        v_norm: f64,
        at: DateTime<Utc>,
        cid: i64,
        c: &Cluster,
        terms: &mut Vec<f64>,
    ) -> Option<(f32, bool)> {
        let p = &self.params;
        let (age, span) = (c.distance(at), c.span_with(at));
        if age > p.window_hours || span > p.max_span_hours {
            return None;
        }
        // Evidence (shared features by kind) and the dot product's terms, in one pass.
        let mut shared = 0.0f32;
        let mut anchored = false;
        // It names a name most of the cluster's articles hold (not a person).
        let mut named = false;
        terms.clear();
        let core = (p.core_share * c.size as f32).ceil().max(2.0) as u32;
        let mut scales = self.scales();
        for (f, w, j) in super::sorted::shared_at(v, &c.sum) {
            let x = c.sum[j].1;
            let kind = self.kinds[f as usize];
            if matches!(kind, Kind::Name | Kind::Person) && c.held[j] >= core {
                anchored = true;
                named |= kind == Kind::Name;
            }
            shared += match kind {
                Kind::Name => p.name_evidence,
                Kind::Person | Kind::Number => p.anchor_evidence,
                Kind::Gram => 0.25,
                Kind::Concept | Kind::Word | Kind::Phrase => 1.0,
            };
            terms.push(f64::from(*w) * f64::from(x) * scales.of(f).powi(2));
        }
        drop(scales);
        if shared < p.min_shared as f32 {
            return None;
        }
        let n = v_norm * self.cluster_norm(cid, c);
        let d = robust_dot(terms.iter().copied(), p.robust);
        let cos = if n == 0.0 { 0.0 } else { d / n };
        // A cluster growing past some hours needs more likeness to grow further, but for
        // an article of a story still running under its name.
        let running = named && p.running_name_hours > 0.0 && age <= p.running_name_hours;
        let long = if running {
            0.0
        } else {
            (span - p.long_after_hours).max(0.0)
        };
        let score = cos as f32 * (-age / p.decay_hours).exp() * (-long / p.long_decay_hours).exp();
        Some((score, anchored))
    }
}

#[cfg(test)]
mod tests {
    use crate::cluster::{Clusterer, Concepts, Params};
    use chrono::{DateTime, Duration, TimeZone, Utc};

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 8, 0, 0).unwrap()
    }

    /// A siege told every two hours from 08:00 to 20:00 under the town's name (one story),
    /// then `late` at `hours` after 08:00, placed with the rule or without it; returns
    /// whether it joined the siege's story.
    fn joins(rule: bool, late: &str, hours: i64) -> bool {
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        let told = [
            "קרבות עזים במוסול: הצבא העיראקי נכנס לעיר",
            "הצבא העיראקי מתקדם במוסול, אלפים נמלטים",
            "מוסול: הצבא העיראקי השתלט על שכונות במזרח העיר",
            "אלפי פליטים נמלטים ממוסול, הצבא העיראקי מתקדם",
            "הצבא העיראקי: נשתלט על מוסול בתוך ימים",
            "מוסול: הקרבות נמשכים, הצבא העיראקי הגיע לגשרים",
            "הצבא העיראקי בלב מוסול: הקרבות נמשכים",
        ];
        let outlets = ["ynet", "mako", "walla", "maariv", "haaretz", "nrg", "kan"];
        let mut story = None;
        for (i, (headline, outlet)) in told.iter().zip(outlets).enumerate() {
            let at = t0() + Duration::hours(2 * i as i64);
            c.evict(at);
            story = Some(c.add_article(i as i64, at, outlet, headline, "").cluster);
        }
        // The seven are one story (the second joined by a late merge), running for twelve
        // hours under the town's name.
        assert_eq!(c.open_clusters(), 1);
        if !rule {
            c.params.running_name_hours = 0.0;
        }
        let at = t0() + Duration::hours(hours);
        c.evict(at);
        let got = c.add_article(100, at, "israelhayom", late, "");
        Some(got.cluster) == story
    }

    #[test]
    fn a_story_running_under_its_name_goes_on_past_half_a_day() {
        let late = "ארה\"ב תקפה במוסול, הקרבות נמשכים";
        // An hour after its last report, thirteen hours after its first.
        assert!(joins(true, late, 13));
        // Not without the rule: the half-day rule asks more of a story running that long.
        assert!(!joins(false, late, 13));
        // Nor three hours after its last report: the story is no longer running.
        assert!(!joins(true, late, 15));
    }
}
