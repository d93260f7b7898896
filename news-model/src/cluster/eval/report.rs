//! Scores of a clustering against gold stories, per window and overall, with the mistakes
//! that cost most: clusters that mix stories (precision lost) and stories split over clusters
//! (recall lost), ranked by the B-cubed points they cost over the whole set.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use chrono::Duration;

use super::gold::GoldArticle;
use super::run::windows;
use super::scores::{bcubed, pairwise, Scores};

/// Windows are separated by at least this gap between publication times.
pub const WINDOW_GAP_HOURS: i64 = 72;

/// The scores of a set of articles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Figures {
    pub articles: usize,
    pub stories: usize,
    pub clusters: usize,
    pub bcubed: Scores,
    pub pairwise: Scores,
}

/// One window's scores; `label` is its first and last day (UTC).
#[derive(Debug, Clone, PartialEq)]
pub struct WindowFigures {
    pub label: String,
    pub figures: Figures,
}

/// An article as a mistake shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub published_at: String,
    pub source: String,
    pub headline: String,
}

/// A part of a mistake: a gold story inside a mixed cluster, or a cluster holding part of a
/// split story.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub label: String,
    pub articles: Vec<Shown>,
}

/// A mixed cluster or a split story and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// B-cubed precision (merges) or recall (splits) lost over the whole set.
    pub cost: f64,
    pub window: String,
    pub parts: Vec<Part>,
}

/// Everything the evaluation found.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub windows: Vec<WindowFigures>,
    pub overall: Figures,
    /// Worst first.
    pub merges: Vec<Mistake>,
    /// Worst first.
    pub splits: Vec<Mistake>,
}

fn figures<G: Eq + std::hash::Hash, P: Eq + std::hash::Hash>(gold: &[G], pred: &[P]) -> Figures {
    Figures {
        articles: gold.len(),
        stories: gold.iter().collect::<HashSet<_>>().len(),
        clusters: pred.iter().collect::<HashSet<_>>().len(),
        bcubed: bcubed(gold, pred),
        pairwise: pairwise(gold, pred),
    }
}

/// The article's gold story (every article [`evaluate`] scores has one).
fn story(a: &GoldArticle) -> &str {
    a.story.as_deref().unwrap_or_default()
}

fn shown(a: &GoldArticle) -> Shown {
    Shown {
        published_at: a.published_at.format("%m-%d %H:%M").to_string(),
        source: a.source.clone(),
        headline: a.headline.clone(),
    }
}

/// Scores `predicted` (a cluster per article, in the order of `articles`) against the gold
/// stories, window by window (see [`WINDOW_GAP_HOURS`]) and over all windows. Context
/// articles (no story) are left out: windows, figures and mistakes are of the labelled ones.
pub fn evaluate(articles: &[GoldArticle], predicted: &[i64]) -> Evaluation {
    if articles.iter().any(|a| a.story.is_none()) {
        let (labelled, predicted): (Vec<GoldArticle>, Vec<i64>) = articles
            .iter()
            .zip(predicted)
            .filter(|(a, _)| a.story.is_some())
            .map(|(a, p)| (a.clone(), *p))
            .unzip();
        return evaluate(&labelled, &predicted);
    }
    let ws = windows(articles, Duration::hours(WINDOW_GAP_HOURS));
    let total = articles.len().max(1) as f64;
    let mut gold_all = Vec::new();
    let mut pred_all = Vec::new();
    let mut out = Vec::new();
    let mut merges = Vec::new();
    let mut splits = Vec::new();
    for (w, items) in ws.iter().enumerate() {
        let (Some(first), Some(last)) = (items.first(), items.last()) else {
            continue;
        };
        let label = format!(
            "{}..{}",
            articles[*first].published_at.format("%Y-%m-%d"),
            articles[*last].published_at.format("%Y-%m-%d")
        );
        let gold: Vec<&str> = items.iter().map(|&i| story(&articles[i])).collect();
        let pred: Vec<i64> = items.iter().map(|&i| predicted[i]).collect();
        out.push(WindowFigures {
            label: label.clone(),
            figures: figures(&gold, &pred),
        });
        gold_all.extend(gold.iter().map(|g| (w, *g)));
        pred_all.extend(pred.iter().map(|p| (w, *p)));

        // Members by cluster and by story, in publication order.
        let mut by_cluster: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
        let mut by_story: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for &i in items {
            by_cluster.entry(predicted[i]).or_default().push(i);
            by_story.entry(story(&articles[i])).or_default().push(i);
        }
        let mut both: HashMap<(&str, i64), usize> = HashMap::new();
        for &i in items {
            *both.entry((story(&articles[i]), predicted[i])).or_default() += 1;
        }
        for (cluster, members) in &by_cluster {
            let mut stories: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
            for &i in members {
                stories.entry(story(&articles[i])).or_default().push(i);
            }
            if stories.len() < 2 {
                continue;
            }
            let n = members.len() as f64;
            let lost: f64 = stories
                .values()
                .map(|m| m.len() as f64 * (1.0 - m.len() as f64 / n))
                .sum();
            let mut parts: Vec<Part> = stories
                .into_iter()
                .map(|(story, m)| Part {
                    label: format!("story {story} in cluster {cluster}"),
                    articles: m.iter().map(|&i| shown(&articles[i])).collect(),
                })
                .collect();
            parts.sort_by_key(|p| std::cmp::Reverse(p.articles.len()));
            merges.push(Mistake {
                cost: lost / total,
                window: label.clone(),
                parts,
            });
        }
        for (story, members) in &by_story {
            let mut clusters: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
            for &i in members {
                clusters.entry(predicted[i]).or_default().push(i);
            }
            if clusters.len() < 2 {
                continue;
            }
            let n = members.len() as f64;
            let lost: f64 = clusters
                .keys()
                .map(|c| {
                    let k = both.get(&(*story, *c)).copied().unwrap_or(0) as f64;
                    k * (1.0 - k / n)
                })
                .sum();
            let mut parts: Vec<Part> = clusters
                .into_iter()
                .map(|(cluster, m)| {
                    let others = by_cluster
                        .get(&cluster)
                        .map_or(0, |all| all.len() - m.len());
                    Part {
                        label: format!(
                            "story {story} in cluster {cluster} (+{others} of other stories)"
                        ),
                        articles: m.iter().map(|&i| shown(&articles[i])).collect(),
                    }
                })
                .collect();
            parts.sort_by_key(|p| std::cmp::Reverse(p.articles.len()));
            splits.push(Mistake {
                cost: lost / total,
                window: label.clone(),
                parts,
            });
        }
    }
    let by_cost = |a: &Mistake, b: &Mistake| b.cost.total_cmp(&a.cost);
    merges.sort_by(by_cost);
    splits.sort_by(by_cost);
    Evaluation {
        windows: out,
        overall: figures(&gold_all, &pred_all),
        merges,
        splits,
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:>4} articles {:>3} stories {:>3} clusters  B-cubed P {:.3} R {:.3} F1 {:.3}  pairwise P {:.3} R {:.3} F1 {:.3}",
            self.articles,
            self.stories,
            self.clusters,
            self.bcubed.precision,
            self.bcubed.recall,
            self.bcubed.f1,
            self.pairwise.precision,
            self.pairwise.recall,
            self.pairwise.f1
        )
    }
}

impl Evaluation {
    /// The figures per window and overall, one line each.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        for w in &self.windows {
            s.push_str(&format!("{:<24} {}\n", w.label, w.figures));
        }
        s.push_str(&format!("{:<24} {}\n", "overall", self.overall));
        s
    }

    /// The `n` worst merges and splits, with their headlines (at most `per_part` per part).
    pub fn mistakes(&self, n: usize, per_part: usize) -> String {
        let mut s = String::new();
        for (title, list) in [
            ("worst merges (B-cubed precision lost)", &self.merges),
            ("worst splits (B-cubed recall lost)", &self.splits),
        ] {
            s.push_str(&format!("\n{title}\n"));
            for m in list.iter().take(n) {
                s.push_str(&format!("  -{:.3}  {}\n", m.cost, m.window));
                for p in &m.parts {
                    s.push_str(&format!("    {} articles: {}\n", p.articles.len(), p.label));
                    for a in p.articles.iter().take(per_part) {
                        s.push_str(&format!(
                            "      {} {:<14} {}\n",
                            a.published_at, a.source, a.headline
                        ));
                    }
                }
            }
        }
        s
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::eval::read_gold;

    fn line(id: &str, at: &str, story: &str) -> String {
        format!(
            r#"{{"id": "{id}", "source": "x", "publishedAt": "{at}", "headline": "h {id}", "story": "{story}"}}"#
        )
    }

    #[test]
    fn windows_are_scored_apart_and_mistakes_ranked() {
        let text = [
            line("1", "2026-03-01T08:00:00Z", "a"),
            line("2", "2026-03-01T09:00:00Z", "a"),
            line("3", "2026-03-01T10:00:00Z", "b"),
            line("4", "2026-03-10T08:00:00Z", "a"),
            line("5", "2026-03-10T09:00:00Z", "a"),
        ]
        .join("\n");
        let articles = read_gold(&text).unwrap();
        // Window 1: 1, 2 and 3 in one cluster (a merge); window 2: 4 and 5 apart (a split).
        // The same label "a" in two windows is two stories.
        let e = evaluate(&articles, &[1, 1, 1, 4, 5]);
        assert_eq!(e.windows.len(), 2);
        assert_eq!(e.windows[0].label, "2026-03-01..2026-03-01");
        assert_eq!(e.overall.stories, 3);
        assert_eq!(e.windows[1].figures.bcubed.precision, 1.0);
        assert!((e.windows[1].figures.bcubed.recall - 0.5).abs() < 1e-9);
        assert_eq!(e.merges.len(), 1);
        assert_eq!(e.merges[0].parts[0].articles.len(), 2);
        // Merge: 2·(1 − 2/3) + 1·(1 − 1/3) = 4/3 over 5 articles.
        assert!((e.merges[0].cost - 4.0 / 15.0).abs() < 1e-9);
        assert_eq!(e.splits.len(), 1);
        assert!((e.splits[0].cost - 0.2).abs() < 1e-9);
        assert!(e.summary().lines().count() == 3);
        assert!(e.mistakes(5, 2).contains("h 3"));
    }

    #[test]
    fn context_articles_are_clustered_but_not_scored() {
        let context = |id: &str, at: &str| {
            format!(
                r#"{{"id": "{id}", "source": "x", "publishedAt": "{at}", "headline": "c {id}"}}"#
            )
        };
        // A week of context before the labelled window, and one context article among it:
        // the labelled window is scored alone, as if the context were not there.
        let text = [
            context("c1", "2026-02-22T08:00:00Z"),
            context("c2", "2026-02-28T20:00:00Z"),
            line("1", "2026-03-01T08:00:00Z", "a"),
            context("c3", "2026-03-01T08:30:00Z"),
            line("2", "2026-03-01T09:00:00Z", "a"),
            line("3", "2026-03-01T10:00:00Z", "b"),
        ]
        .join("\n");
        let articles = read_gold(&text).unwrap();
        let e = evaluate(&articles, &[7, 7, 1, 1, 1, 3]);
        assert_eq!(e.windows.len(), 1);
        assert_eq!(e.windows[0].label, "2026-03-01..2026-03-01");
        assert_eq!((e.overall.articles, e.overall.stories), (3, 2));
        assert_eq!(e.overall.bcubed.f1, 1.0);
        assert!(e.merges.is_empty() && e.splits.is_empty());
        // Context joining labelled articles into one cluster is no merge of theirs; labelled
        // articles of two stories in one cluster are.
        assert!(
            evaluate(&articles, &[1, 1, 1, 1, 2, 2])
                .overall
                .bcubed
                .precision
                < 1.0
        );
    }
}
