//! The desk classifier on the labelled fixture: every article that carries a feed category is
//! classified from its headline and summary alone, and compared with that category.
//!
//!     cargo test -p lashon-news --test topics_fixture -- --nocapture

use std::collections::BTreeMap;

use lashon_news::topics::TopicLexicon;
use lashon_news::Topic;
use serde::Deserialize;

#[derive(Deserialize)]
struct Article {
    headline: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    category: Option<String>,
}

#[test]
fn desks_from_the_words_agree_with_the_feed_categories() {
    let lex = TopicLexicon::builtin();
    let mut total = 0;
    let mut right = 0;
    let mut confusion: BTreeMap<(String, String), usize> = BTreeMap::new();
    for line in include_str!("data/clustering/articles.jsonl").lines() {
        let a: Article = serde_json::from_str(line).expect("article");
        let Some(gold) = a.category.as_deref().and_then(Topic::parse) else {
            continue;
        };
        let got = lex.classify(None, &a.headline, &a.summary);
        total += 1;
        if got == gold {
            right += 1;
        } else {
            *confusion
                .entry((gold.to_string(), got.to_string()))
                .or_insert(0) += 1;
        }
    }
    let accuracy = right as f64 / total as f64;
    println!(
        "desk from words: {right} of {total} articles agree with their feed category ({:.1}%)",
        accuracy * 100.0
    );
    let mut worst: Vec<_> = confusion.into_iter().collect();
    worst.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for ((gold, got), n) in worst.iter().take(8) {
        println!("  {gold} read as {got}: {n}");
    }
    // Measured 76.3% (354 of 464); most misses are articles the fixture files as `general`.
    assert!(accuracy >= 0.75, "{accuracy}");
}
