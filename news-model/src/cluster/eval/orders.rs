//! Simultaneous articles in other orders. Homepage snapshots give every outlet's headline of
//! a quarter hour the same instant, and an online clusterer takes such ties in the order it
//! is given them (a file's, or the store's insertion order): the same articles in another
//! order can make other stories where a cluster grows past a bar one article sooner. A figure
//! measured in one order is one draw; [`tie_order_spread`] scores the given order and `n`
//! others in which only simultaneous articles change places, and reports the mean and the
//! range.
//!
//! ```
//! use lashon_news::cluster::eval::{cluster_stream, read_gold, tie_order_spread};
//! use lashon_news::cluster::{Clusterer, Concepts, Params};
//!
//! let gold = read_gold(concat!(
//!     r#"{"id": "1", "source": "kan", "publishedAt": "2026-03-01T08:00:00Z", "headline": "Knesset passes 2026 budget in first reading", "story": "budget"}"#, "\n",
//!     r#"{"id": "2", "source": "ynet", "publishedAt": "2026-03-01T08:00:00Z", "headline": "התקציב לשנת 2026 אושר בקריאה ראשונה", "story": "budget"}"#, "\n",
//!     r#"{"id": "3", "source": "n12", "publishedAt": "2026-03-01T08:00:00Z", "headline": "Heavy rain floods roads in the Negev", "story": "floods"}"#,
//! )).unwrap();
//! let spread = tie_order_spread(&gold, 4, |articles| {
//!     cluster_stream(articles, &mut Clusterer::new(Concepts::builtin(), Params::default()))
//! });
//! assert_eq!(spread.orders, 5);
//! assert!(spread.min_f1 <= spread.mean.f1 && spread.mean.f1 <= spread.max_f1);
//! ```

use super::gold::GoldArticle;
use super::report::evaluate;
use super::scores::Scores;
use crate::cluster::simultaneous::instants;

/// The articles with each group of simultaneous articles shuffled by `seed` (seed 0: as
/// given). Publication order is unchanged, so [`super::cluster_stream`] sees the same stream
/// but for the order of its ties.
pub fn permute_ties(articles: &[GoldArticle], seed: u64) -> Vec<GoldArticle> {
    let mut order: Vec<usize> = (0..articles.len()).collect();
    order.sort_by_key(|&i| (articles[i].published_at, i));
    if seed != 0 {
        let mut rng = SplitMix64(seed);
        for run in instants(&order, |&i| articles[i].published_at) {
            // Fisher–Yates over the instant's articles.
            for k in (run.start + 1..run.end).rev() {
                let j = run.start + (rng.next() % (k - run.start + 1) as u64) as usize;
                order.swap(k, j);
            }
        }
    }
    order.into_iter().map(|i| articles[i].clone()).collect()
}

/// A fixed generator, written here rather than taken from `rand`: a figure reported with its
/// seeds must come out the same in every later version, and `rand` does not promise its
/// standard generator's stream across releases. SplitMix64 (Steele, Lea and Flood 2014).
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// One window's B-cubed F1 over the orders.
#[derive(Debug, Clone, PartialEq)]
pub struct WindowSpread {
    pub label: String,
    pub mean_f1: f64,
    pub min_f1: f64,
    pub max_f1: f64,
}

/// B-cubed scores over several orders of simultaneous articles.
#[derive(Debug, Clone, PartialEq)]
pub struct Spread {
    /// Orders scored: the given one and the permuted ones.
    pub orders: usize,
    /// Mean precision, recall and F1 (F1 the mean of the orders' F1s).
    pub mean: Scores,
    pub min_f1: f64,
    pub max_f1: f64,
    /// The given order's scores.
    pub given: Scores,
    pub windows: Vec<WindowSpread>,
}

impl Spread {
    /// The figures as the example `evaluate` prints them.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "over {} orders of simultaneous articles: B-cubed mean P {:.3} R {:.3} F1 {:.3}, F1 {:.3}..{:.3} (given order {:.3})\n",
            self.orders, self.mean.precision, self.mean.recall, self.mean.f1, self.min_f1,
            self.max_f1, self.given.f1
        );
        for w in &self.windows {
            out += &format!(
                "  {:<24}  F1 mean {:.3}  {:.3}..{:.3}\n",
                w.label, w.mean_f1, w.min_f1, w.max_f1
            );
        }
        out
    }
}

/// Scores the clustering `run` gives `articles` in their given order and in `n` orders with
/// simultaneous articles shuffled ([`permute_ties`], seeds 1 to `n`). `run` returns a cluster
/// per article, in the order of the slice it is given.
pub fn tie_order_spread(
    articles: &[GoldArticle],
    n: usize,
    mut run: impl FnMut(&[GoldArticle]) -> Vec<i64>,
) -> Spread {
    let mut all = Vec::with_capacity(n + 1);
    for seed in 0..=n as u64 {
        let permuted = if seed == 0 {
            articles.to_vec()
        } else {
            permute_ties(articles, seed)
        };
        all.push(evaluate(&permuted, &run(&permuted)));
    }
    let count = all.len() as f64;
    let mean =
        |f: fn(&Scores) -> f64| all.iter().map(|e| f(&e.overall.bcubed)).sum::<f64>() / count;
    let f1s: Vec<f64> = all.iter().map(|e| e.overall.bcubed.f1).collect();
    let windows = all[0]
        .windows
        .iter()
        .enumerate()
        .map(|(k, w)| {
            let f: Vec<f64> = all
                .iter()
                .filter_map(|e| e.windows.get(k))
                .map(|x| x.figures.bcubed.f1)
                .collect();
            WindowSpread {
                label: w.label.clone(),
                mean_f1: f.iter().sum::<f64>() / f.len() as f64,
                min_f1: f.iter().copied().fold(f64::INFINITY, f64::min),
                max_f1: f.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            }
        })
        .collect();
    Spread {
        orders: all.len(),
        mean: Scores {
            precision: mean(|s| s.precision),
            recall: mean(|s| s.recall),
            f1: mean(|s| s.f1),
        },
        min_f1: f1s.iter().copied().fold(f64::INFINITY, f64::min),
        max_f1: f1s.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        given: all[0].overall.bcubed,
        windows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::eval::read_gold;

    /// Twelve articles, four an hour; in each hour the even ids are one story and the odd
    /// ids another.
    fn gold() -> Vec<GoldArticle> {
        let lines: String = (0..12)
            .map(|i| {
                format!(
                    r#"{{"id": "{i}", "source": "s{i}", "publishedAt": "2026-03-01T0{}:00:00Z", "headline": "h{i}", "story": "{}-{}"}}"#,
                    i / 4,
                    i / 4,
                    i % 2
                ) + "\n"
            })
            .collect();
        read_gold(&lines).unwrap()
    }

    #[test]
    fn only_simultaneous_articles_change_places() {
        let g = gold();
        let ids = |a: &[GoldArticle]| a.iter().map(|x| x.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&permute_ties(&g, 0)), ids(&g));
        let mut moved = false;
        for seed in 1..6 {
            let p = permute_ties(&g, seed);
            assert_eq!(p.len(), g.len());
            // Each hour's four articles stay in their hour, in some order.
            for (hour, chunk) in p.chunks(4).enumerate() {
                let mut got: Vec<usize> = chunk.iter().map(|a| a.id.parse().unwrap()).collect();
                moved |= got.iter().enumerate().any(|(k, &i)| i != hour * 4 + k);
                got.sort();
                assert_eq!(got, (hour * 4..hour * 4 + 4).collect::<Vec<_>>());
            }
            // The same seed, the same order.
            assert_eq!(ids(&permute_ties(&g, seed)), ids(&p));
        }
        assert!(moved, "no seed moved any article");
    }

    #[test]
    fn the_spread_is_of_every_order_scored() {
        let g = gold();
        // A clustering that depends on the order of ties: the first two articles of each hour
        // as given are one cluster, the other two another. As given (even, odd, even, odd)
        // every cluster mixes two stories; an order putting two of a story first gets all
        // right.
        let mut runs = 0;
        let spread = tie_order_spread(&g, 12, |articles| {
            runs += 1;
            (0..articles.len()).map(|k| (k / 2) as i64).collect()
        });
        assert_eq!((runs, spread.orders), (13, 13));
        assert!((spread.given.f1 - 0.5).abs() < 1e-9, "{spread:?}");
        assert!((spread.max_f1 - 1.0).abs() < 1e-9, "{spread:?}");
        assert!((spread.min_f1 - 0.5).abs() < 1e-9, "{spread:?}");
        assert!(spread.mean.f1 > 0.5 && spread.mean.f1 < 1.0, "{spread:?}");
        assert_eq!(spread.windows.len(), 1);
        assert!((spread.windows[0].mean_f1 - spread.mean.f1).abs() < 1e-9);
    }
}
