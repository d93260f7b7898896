//! What the features allow: an oracle that joins two headlines of one gold story (in one
//! window) whenever they share at least `n` features, transitively, and nothing else. Its
//! B-cubed recall is the most any clusterer deciding on these features could reach at
//! precision 1; a clusterer far below it loses recall in its decisions (other stories share
//! as much), one close to it needs new features.

use std::collections::HashSet;

use chrono::Duration;

use super::gold::GoldArticle;
use super::report::WINDOW_GAP_HOURS;
use super::run::windows;
use super::scores::{bcubed, Scores};
use crate::cluster::features::{extract_with, Feature, Lexicons};
use crate::cluster::Weights;

/// B-cubed figures of the oracle joining same-story headlines that share `n` features or
/// more (`n` ≥ 1), with the features `lex` and `w` give; context articles (no story) are
/// left out.
pub fn feature_ceiling(
    articles: &[GoldArticle],
    lex: &Lexicons<'_>,
    w: &Weights,
    n: usize,
) -> Scores {
    if articles.iter().any(|a| a.story.is_none()) {
        let labelled: Vec<GoldArticle> = articles
            .iter()
            .filter(|a| a.story.is_some())
            .cloned()
            .collect();
        return feature_ceiling(&labelled, lex, w, n);
    }
    let features: Vec<HashSet<Feature>> = articles
        .iter()
        .map(|a| {
            extract_with(&a.headline, &a.summary, lex, w)
                .into_iter()
                .map(|(f, _)| f)
                .collect()
        })
        .collect();
    let mut parent: Vec<usize> = (0..articles.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for window in windows(articles, Duration::hours(WINDOW_GAP_HOURS)) {
        for (k, &i) in window.iter().enumerate() {
            for &j in &window[k + 1..] {
                if articles[i].story == articles[j].story
                    && features[i].intersection(&features[j]).count() >= n.max(1)
                {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
    }
    let joined: Vec<usize> = (0..articles.len()).map(|i| root(&mut parent, i)).collect();
    let gold: Vec<Option<&str>> = articles.iter().map(|a| a.story.as_deref()).collect();
    bcubed(&gold, &joined)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::eval::read_gold;

    #[test]
    fn the_oracle_joins_what_shares_enough_and_never_other_stories() {
        let gold = read_gold(concat!(
            r#"{"id": "1", "source": "kan", "publishedAt": "2026-03-01T08:00:00Z", "headline": "Floods close Route 40 near Mitzpe Ramon", "story": "floods"}"#, "\n",
            r#"{"id": "2", "source": "ynet", "publishedAt": "2026-03-01T08:30:00Z", "headline": "Route 40 closed by floods, hikers rescued", "story": "floods"}"#, "\n",
            r#"{"id": "3", "source": "n12", "publishedAt": "2026-03-01T09:00:00Z", "headline": "Rescuers reach stranded hikers", "story": "floods"}"#, "\n",
            r#"{"id": "4", "source": "kan", "publishedAt": "2026-03-01T09:10:00Z", "headline": "Floods close Route 90 at the Dead Sea", "story": "dead-sea"}"#,
        ))
        .unwrap();
        let lex = Lexicons::builtin();
        let w = Weights::default();
        let one = feature_ceiling(&gold, &lex, &w, 1);
        // 1–2 share floods and Route 40, 2–3 hikers: one story whole; 4 shares words with 1
        // but is another story, so precision stays 1.
        assert_eq!((one.precision, one.recall), (1.0, 1.0));
        let many = feature_ceiling(&gold, &lex, &w, 4);
        assert_eq!(many.precision, 1.0);
        assert!(many.recall < 1.0, "{many:?}");
    }
}
