//! The stream's say in a feature's weight: its inverse document frequency in the stream so
//! far ([`Params::stream_idf`](super::Params::stream_idf)), and the norms of open clusters
//! with that scale, kept with each cluster and updated as document frequencies move rather
//! than summed again over the whole centroid for every article.
//!
//! The stream's article count in the IDF is taken to three significant figures
//! ([`scale_docs`]), so one article moves only its own features' weights; a norm is a sum of
//! fixed-point terms (`NormCache`), the same whatever the order of its updates, so a
//! restored clusterer computes the same digits as one that never stopped.

use foldhash::HashMap;

use super::online::Clusterer;
use super::open_cluster::Cluster;

/// The squared norms of open clusters with the stream's scale, in fixed point
/// ([`NORM_ONE`] is 1.0), kept until the cluster changes or [`scale_docs`] moves; a
/// feature's document frequency moving updates the norms of the clusters that hold it.
///
/// Fixed point because a norm updated term by term must be the one a restored clusterer
/// sums afresh: integer sums do not depend on their order, float sums do.
#[derive(Debug, Clone, Default)]
pub(crate) struct NormCache {
    pub(super) squared: HashMap<i64, i128>,
}

/// 1.0 in [`NormCache`]'s fixed point: a term's rounding is 2^-25, below the weights' f32
/// digits (a norm squared is rarely below 1).
pub(super) const NORM_ONE: f64 = (1u64 << 24) as f64;

/// The stream's article count as the stream IDF reads it: to three significant figures
/// (exact below 1,000). A cluster's norm then changes only when a feature it holds is seen
/// again, not with every article; the IDF moves by at most ln 1.01 between two steps.
pub fn scale_docs(docs: u64) -> u64 {
    let mut step = 1;
    while docs / step >= 1000 {
        step *= 10;
    }
    docs / step * step
}

impl Clusterer<'_> {
    /// Counts an article with features `v` (by id) in the stream's document frequencies,
    /// updating the cached norms of the clusters that hold its features.
    pub(super) fn count_article(&mut self, v: &[(u32, f32)]) {
        let before = scale_docs(self.docs);
        self.docs += 1;
        let moved = scale_docs(self.docs) != before;
        if moved {
            self.scale_by_df.get_mut().clear();
            self.norms.get_mut().squared.clear();
        }
        let keep = self.params.stream_idf != 0.0 && !self.norms.get_mut().squared.is_empty();
        let mut cache = std::mem::take(self.scale_by_df.get_mut());
        let mut norms = std::mem::take(self.norms.get_mut());
        for (f, _) in v {
            let Some(d) = self.df.get_mut(*f as usize) else {
                continue;
            };
            let old = *d;
            *d += 1;
            let Some(holders) = self.index.get(f).filter(|_| keep) else {
                continue;
            };
            let (was, now) = (
                self.scale_of_df(&mut cache, old),
                self.scale_of_df(&mut cache, old + 1),
            );
            for id in holders {
                let (Some(n2), Some(c)) = (norms.squared.get_mut(id), self.clusters.get(id)) else {
                    continue;
                };
                if let Ok(i) = c.sum.binary_search_by_key(f, |(g, _)| *g) {
                    let x = f64::from(c.sum[i].1);
                    *n2 += norm_term(x * now) - norm_term(x * was);
                }
            }
        }
        *self.scale_by_df.get_mut() = cache;
        *self.norms.get_mut() = norms;
    }

    /// Updates the cached norm of cluster `id` for the article `v` joining it: only the
    /// terms of `v`'s features change (`x + w` as [`Cluster::add_held`] sums them).
    pub(super) fn grow_norm(&mut self, id: i64, v: &[(u32, f32)]) {
        let mut norms = std::mem::take(self.norms.get_mut());
        if let (Some(n2), Some(c)) = (norms.squared.get_mut(&id), self.clusters.get(&id)) {
            let cache = self.scale_by_df.get_mut();
            let mut cache = std::mem::take(cache);
            for (f, w) in v {
                let scale = self.scale_in(&mut cache, *f);
                let grown = match c.sum.binary_search_by_key(f, |(g, _)| *g) {
                    Ok(i) => {
                        let x = c.sum[i].1;
                        *n2 -= norm_term(f64::from(x) * scale);
                        x + *w
                    }
                    Err(_) => *w,
                };
                *n2 += norm_term(f64::from(grown) * scale);
            }
            *self.scale_by_df.get_mut() = cache;
        }
        *self.norms.get_mut() = norms;
    }

    /// The stream's say in features' weights: a feature's inverse document frequency in the
    /// stream so far, to the power [`Params::stream_idf`](super::Params::stream_idf) (1
    /// when that is 0). The cache by document frequency is borrowed once for a walk over
    /// many features (walks over centroids borrowed it for every shared feature); dropped
    /// before anything else asks.
    pub(super) fn scales(&self) -> Scales<'_, '_> {
        Scales {
            clusterer: self,
            cache: (self.params.stream_idf != 0.0).then(|| self.scale_by_df.borrow_mut()),
        }
    }

    /// [`Clusterer::scales`] with the cache by document frequency borrowed once by the caller:
    /// a cluster's norm asks it for every feature of the cluster.
    pub(super) fn scale_in(&self, cache: &mut Vec<f64>, f: u32) -> f64 {
        let df = self.df.get(f as usize).copied().unwrap_or(0);
        self.scale_of_df(cache, df)
    }

    /// The scale ([`Clusterer::scales`]) of a feature seen in `df` articles of the stream.
    pub(super) fn scale_of_df(&self, cache: &mut Vec<f64>, df: u32) -> f64 {
        let beta = self.params.stream_idf;
        let df = df as usize;
        if let Some(x) = cache.get(df).filter(|x| !x.is_nan()) {
            return *x;
        }
        let n = scale_docs(self.docs) as f64;
        let idf = (1.0 + (n + 1.0) / (df as f64 + 1.0)).ln();
        let x = if beta == 1.0 {
            idf
        } else {
            idf.powf(f64::from(beta))
        };
        if cache.len() <= df {
            cache.resize(df + 1, f64::NAN);
        }
        cache[df] = x;
        x
    }

    /// The norm of a weighted vector with the stream's scale.
    pub(super) fn scaled_norm<'a>(&self, v: impl Iterator<Item = (&'a u32, &'a f32)>) -> f64 {
        if self.params.stream_idf == 0.0 {
            return v.map(|(_, w)| f64::from(*w).powi(2)).sum::<f64>().sqrt();
        }
        let mut cache = self.scale_by_df.borrow_mut();
        v.map(|(f, w)| (f64::from(*w) * self.scale_in(&mut cache, *f)).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    pub(super) fn cluster_norm(&self, id: i64, c: &Cluster) -> f64 {
        if self.params.stream_idf == 0.0 {
            return c.norm2.sqrt();
        }
        if let Some(n2) = self.norms.borrow().squared.get(&id) {
            return (*n2 as f64 / NORM_ONE).sqrt();
        }
        let n2: i128 = {
            let mut cache = self.scale_by_df.borrow_mut();
            c.sum
                .iter()
                .map(|(f, w)| norm_term(f64::from(*w) * self.scale_in(&mut cache, *f)))
                .sum()
        };
        self.norms.borrow_mut().squared.insert(id, n2);
        (n2 as f64 / NORM_ONE).sqrt()
    }
}

/// The scales of many features, the cache borrowed once ([`Clusterer::scales`]).
pub(super) struct Scales<'c, 'l> {
    clusterer: &'c Clusterer<'l>,
    /// `None` when the stream has no say ([`Params::stream_idf`](super::Params::stream_idf) 0).
    cache: Option<std::cell::RefMut<'c, Vec<f64>>>,
}

impl Scales<'_, '_> {
    pub(super) fn of(&mut self, f: u32) -> f64 {
        match &mut self.cache {
            Some(cache) => self.clusterer.scale_in(cache, f),
            None => 1.0,
        }
    }
}

/// A weight with the stream's scale, squared, in [`NormCache`]'s fixed point, rounded half
/// up (a square is never negative). Cast through i64, which is one instruction where i128
/// is a library call: a term reaches its limit (saturating, not wrapping) only for a
/// feature weighing 700,000, and the sums are i128.
pub(super) fn norm_term(scaled: f64) -> i128 {
    i128::from((scaled * scaled * NORM_ONE + 0.5) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::{Concepts, Params};
    use chrono::Duration;

    #[test]
    fn kept_norms_are_the_norms_summed_afresh() {
        let fixture = crate::cluster::fixture_articles();
        let mut c = Clusterer::new(Concepts::builtin(), Params::default());
        // Past 1,000 articles the scale's article count moves in steps, and norms are kept
        // across articles: joins, merges and other articles' features update them.
        let mut kept = 0;
        for (i, a) in fixture.iter().cycle().take(2_400).enumerate() {
            let at = a.published_at + Duration::days(5 * (i / fixture.len()) as i64);
            c.evict(at);
            c.add_article(i as i64, at, &a.source, &a.headline, "");
            let cached: Vec<(i64, i128)> = c
                .norms
                .borrow()
                .squared
                .iter()
                .map(|(id, n)| (*id, *n))
                .collect();
            for (id, n2) in cached {
                let cluster = c
                    .clusters
                    .get(&id)
                    .expect("a kept norm is an open cluster's");
                let mut cache = Vec::new();
                let fresh: i128 = cluster
                    .sum
                    .iter()
                    .map(|(f, w)| norm_term(f64::from(*w) * c.scale_in(&mut cache, *f)))
                    .sum();
                assert_eq!(n2, fresh, "cluster {id} after article {i}");
                kept += 1;
            }
        }
        assert!(kept > 10_000, "{kept} norms checked");
        assert_eq!(scale_docs(999), 999);
        assert_eq!(scale_docs(12_345), 12_300);
        assert_eq!(scale_docs(100_999), 100_000);
    }
}
