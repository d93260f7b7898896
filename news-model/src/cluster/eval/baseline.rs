//! The naive baseline the clusterer is compared with (the one issue 20 measured): an online
//! TF-IDF centroid clusterer. Each article, in publication order, joins the open cluster
//! whose centroid is most like it, at a cosine of [`NAIVE_THRESHOLD`] or more, among the
//! clusters whose newest article is at most [`NAIVE_WINDOW_HOURS`] older; else it opens
//! one. Words are runs of Hebrew or Latin letters and digits, lower-cased, a Hebrew word's
//! prefix letters (ו ה ב כ ל מ ש) stripped while more than three letters remain; weights are
//! the word's count times its inverse document frequency in the stream so far.
//!
//! Written here rather than taken from a crate: it is a yardstick, and a yardstick has to be
//! this exact recipe, not a better clusterer.

use std::collections::{BTreeMap, HashMap};

use super::gold::GoldArticle;

/// The cosine an article needs with a centroid to join it.
pub const NAIVE_THRESHOLD: f64 = 0.3;

/// The hours a cluster stays open after its newest article.
pub const NAIVE_WINDOW_HOURS: f64 = 36.0;

const PREFIX_LETTERS: &str = "והבכלמש";

fn is_quote(c: char) -> bool {
    matches!(c, '"' | '\'' | '׳' | '״')
}

fn is_hebrew_letter(c: char) -> bool {
    ('\u{05d0}'..='\u{05ea}').contains(&c)
}

fn is_word_char(c: char) -> bool {
    is_hebrew_letter(c) || c.is_ascii_alphanumeric() || is_quote(c)
}

/// The baseline's words of `text`.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !is_word_char(c))
        .filter_map(|run| {
            let w = run.trim_matches(is_quote).to_lowercase();
            let mut chars: Vec<char> = w.chars().collect();
            if chars.first().is_some_and(|c| is_hebrew_letter(*c)) {
                let strip = chars
                    .iter()
                    .take_while(|c| PREFIX_LETTERS.contains(**c))
                    .count()
                    .min(chars.len().saturating_sub(3));
                chars.drain(..strip);
            }
            (!chars.is_empty()).then(|| chars.into_iter().collect())
        })
        .collect()
}

/// A sparse vector by word: ordered, so its sums run in one order and a run's figures are
/// the same every time.
type Vector<'w> = BTreeMap<&'w str, f64>;

fn norm(v: &Vector<'_>) -> f64 {
    let n = v.values().map(|x| x * x).sum::<f64>().sqrt();
    if n == 0.0 {
        1.0
    } else {
        n
    }
}

struct Centroid<'w> {
    /// The cluster's number, in order of opening.
    id: usize,
    sum: Vector<'w>,
    /// `norm(sum)`, kept with it.
    norm: f64,
    last: i64,
}

/// The baseline's cluster of each article (in the order of `articles`), headline and
/// summary read as one text.
pub fn naive_baseline(articles: &[GoldArticle]) -> Vec<usize> {
    let texts: Vec<Vec<String>> = articles
        .iter()
        .map(|a| words(&format!("{} {}", a.headline, a.summary)))
        .collect();
    let mut order: Vec<usize> = (0..articles.len()).collect();
    order.sort_by_key(|&i| (articles[i].published_at, i));
    let window = (NAIVE_WINDOW_HOURS * 3600.0) as i64;
    let mut df: HashMap<&str, u32> = HashMap::new();
    // Open clusters only, in order of opening: articles come in time order, so a cluster
    // past its window stays closed (a long stream does not compare with all its past).
    let mut open: Vec<Centroid<'_>> = Vec::new();
    let mut opened = 0;
    let mut label = vec![0; articles.len()];
    for (n, i) in order.into_iter().enumerate() {
        let at = articles[i].published_at.timestamp();
        open.retain(|c| at - c.last <= window);
        // Articles of the stream so far, this one included.
        let seen = n as f64 + 1.0;
        let mut tf: Vector<'_> = BTreeMap::new();
        for w in &texts[i] {
            *tf.entry(w.as_str()).or_insert(0.0) += 1.0;
        }
        for w in tf.keys() {
            *df.entry(w).or_insert(0) += 1;
        }
        let v: Vector<'_> = tf
            .into_iter()
            .map(|(w, n)| (w, n * ((seen + 1.0) / f64::from(df[w])).ln()))
            .collect();
        let nv = norm(&v);
        let mut best: Option<(f64, usize)> = None;
        for (k, c) in open.iter().enumerate() {
            let d = v
                .iter()
                .map(|(w, x)| x * c.sum.get(w).unwrap_or(&0.0))
                .sum::<f64>()
                / (nv * c.norm);
            if d >= NAIVE_THRESHOLD && best.is_none_or(|(b, _)| d > b) {
                best = Some((d, k));
            }
        }
        label[i] = match best {
            Some((_, k)) => {
                let c = &mut open[k];
                for (w, x) in &v {
                    *c.sum.entry(w).or_insert(0.0) += x / nv;
                }
                c.norm = norm(&c.sum);
                c.last = at;
                c.id
            }
            None => {
                let sum: Vector<'_> = v.iter().map(|(w, x)| (*w, x / nv)).collect();
                open.push(Centroid {
                    id: opened,
                    norm: norm(&sum),
                    sum,
                    last: at,
                });
                opened += 1;
                opened - 1
            }
        };
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::eval::read_gold;

    #[test]
    fn prefix_letters_are_stripped_while_more_than_three_letters_remain() {
        // Naive by design: the ש of `שלום` is the word's own, and goes too.
        assert_eq!(
            words("ובבית המשפט: \"שלום\" Route-40"),
            vec!["בית", "שפט", "לום", "route", "40"]
        );
        // Three letters left: the prefix stays.
        assert_eq!(words("בית"), vec!["בית"]);
    }

    #[test]
    fn the_baseline_joins_shared_words_within_its_window_only() {
        let gold = read_gold(concat!(
            r#"{"id": "1", "source": "kan", "publishedAt": "2026-03-01T08:00:00Z", "headline": "Floods close Route 40 near Mitzpe Ramon", "story": "a"}"#, "\n",
            r#"{"id": "2", "source": "ynet", "publishedAt": "2026-03-01T09:00:00Z", "headline": "Floods close Route 40 near Mitzpe Ramon again", "story": "a"}"#, "\n",
            r#"{"id": "3", "source": "n12", "publishedAt": "2026-03-01T09:30:00Z", "headline": "Budget vote delayed in the Knesset", "story": "b"}"#, "\n",
            r#"{"id": "4", "source": "kan", "publishedAt": "2026-03-04T09:00:00Z", "headline": "Floods close Route 40 near Mitzpe Ramon", "story": "c"}"#,
        ))
        .unwrap();
        let label = naive_baseline(&gold);
        assert_eq!(label[0], label[1]);
        assert_ne!(label[2], label[0]);
        // Three days later the first cluster is closed.
        assert_ne!(label[3], label[0]);
    }
}
