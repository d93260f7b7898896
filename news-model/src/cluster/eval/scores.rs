//! Clustering quality against gold labels: B-cubed precision, recall and F1 (Bagga and
//! Baldwin 1998; Amigó et al. 2009) and pairwise F1.

use std::collections::HashMap;
use std::hash::Hash;

/// Precision, recall and F1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scores {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

fn f1(p: f64, r: f64) -> f64 {
    if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    }
}

/// B-cubed over items labelled `gold[i]` and clustered `pred[i]`: per item, the share of its
/// cluster that is of its gold class (precision) and the share of its class in its cluster
/// (recall), averaged over items.
pub fn bcubed<G: Eq + Hash, P: Eq + Hash>(gold: &[G], pred: &[P]) -> Scores {
    let n = gold.len().min(pred.len());
    if n == 0 {
        return Scores {
            precision: 0.0,
            recall: 0.0,
            f1: 0.0,
        };
    }
    let mut both: HashMap<(&G, &P), usize> = HashMap::new();
    let mut gold_size: HashMap<&G, usize> = HashMap::new();
    let mut pred_size: HashMap<&P, usize> = HashMap::new();
    for i in 0..n {
        *both.entry((&gold[i], &pred[i])).or_insert(0) += 1;
        *gold_size.entry(&gold[i]).or_insert(0) += 1;
        *pred_size.entry(&pred[i]).or_insert(0) += 1;
    }
    let (mut p, mut r) = (0.0, 0.0);
    for i in 0..n {
        let shared = both[&(&gold[i], &pred[i])] as f64;
        p += shared / pred_size[&pred[i]] as f64;
        r += shared / gold_size[&gold[i]] as f64;
    }
    let (p, r) = (p / n as f64, r / n as f64);
    Scores {
        precision: p,
        recall: r,
        f1: f1(p, r),
    }
}

/// Pairwise precision, recall and F1: over all pairs of items, "same cluster" against "same
/// gold class".
pub fn pairwise<G: Eq + Hash, P: Eq + Hash>(gold: &[G], pred: &[P]) -> Scores {
    let pairs = |sizes: &mut dyn Iterator<Item = usize>| -> f64 {
        sizes.map(|s| (s * s.saturating_sub(1) / 2) as f64).sum()
    };
    let n = gold.len().min(pred.len());
    let mut both: HashMap<(&G, &P), usize> = HashMap::new();
    let mut gold_size: HashMap<&G, usize> = HashMap::new();
    let mut pred_size: HashMap<&P, usize> = HashMap::new();
    for i in 0..n {
        *both.entry((&gold[i], &pred[i])).or_insert(0) += 1;
        *gold_size.entry(&gold[i]).or_insert(0) += 1;
        *pred_size.entry(&pred[i]).or_insert(0) += 1;
    }
    let tp = pairs(&mut both.values().copied());
    let pp = pairs(&mut pred_size.values().copied());
    let gp = pairs(&mut gold_size.values().copied());
    let p = if pp == 0.0 { 1.0 } else { tp / pp };
    let r = if gp == 0.0 { 1.0 } else { tp / gp };
    Scores {
        precision: p,
        recall: r,
        f1: f1(p, r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        let gold = ["a", "a", "a", "b", "b"];
        let perfect = [1, 1, 1, 2, 2];
        assert_eq!(bcubed(&gold, &perfect).f1, 1.0);
        assert_eq!(pairwise(&gold, &perfect).f1, 1.0);
        // Everything in one cluster: precision (3·3/5 + 2·2/5)/5 = 0.52, recall 1.
        let one = [1, 1, 1, 1, 1];
        let s = bcubed(&gold, &one);
        assert!((s.precision - 0.52).abs() < 1e-9 && s.recall == 1.0);
        // Singletons: precision 1, recall (3·1/3 + 2·1/2)/5 = 0.4.
        let single = [1, 2, 3, 4, 5];
        let s = bcubed(&gold, &single);
        assert!(s.precision == 1.0 && (s.recall - 0.4).abs() < 1e-9);
        assert_eq!(pairwise(&gold, &single).precision, 1.0);
        assert_eq!(pairwise(&gold, &single).recall, 0.0);
    }
}
