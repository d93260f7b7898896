//! The labelled clustering fixture (`tests/data/clustering`, written for the project: 663
//! Hebrew and English articles with summaries from 20 newsrooms over five days in 92 gold
//! stories, with near-misses) run through the online clusterer in publication order, as a
//! service would.
//!
//! Prints B-cubed and pairwise precision, recall and F1, overall and within each language
//! (cross-language linking left out), and the share of a story's Hebrew–English pairs
//! clustered together, and asserts the fixture's figures stated in the crate
//! documentation (labelled there as the fixture's: it was written alongside the clusterer
//! and does not predict quality on real text; `clustering_dev` measures that).
//!
//!     cargo test -p lashon-news --test clustering_fixture -- --nocapture

use chrono::{DateTime, Utc};
use lashon_news::cluster::eval::{bcubed, cluster_stream, evaluate, read_gold, GoldArticle};
use lashon_news::cluster::{Clusterer, Concepts, Params};
use serde::Deserialize;

const FIXTURE: &str = include_str!("data/clustering/articles.jsonl");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Article {
    source: String,
    headline: String,
    #[serde(default)]
    summary: String,
    published_at: DateTime<Utc>,
    gold: String,
}

fn articles() -> Vec<Article> {
    FIXTURE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("article"))
        .collect()
}

fn run(articles: &[Article], params: Params) -> Vec<i64> {
    let mut c = Clusterer::new(Concepts::builtin(), params);
    let mut clusters: Vec<i64> = Vec::with_capacity(articles.len());
    for (i, a) in articles.iter().enumerate() {
        c.evict(a.published_at);
        let got = c.add_article(i as i64, a.published_at, &a.source, &a.headline, &a.summary);
        for m in &got.merged {
            for k in clusters.iter_mut() {
                if *k == *m {
                    *k = got.cluster;
                }
            }
        }
        clusters.push(got.cluster);
    }
    clusters
}

#[test]
fn clustering_quality_on_the_labelled_fixture() {
    let gold: Vec<GoldArticle> = read_gold(FIXTURE).expect("fixture lines");
    let pred = cluster_stream(
        &gold,
        &mut Clusterer::new(Concepts::builtin(), Params::default()),
    );
    let e = evaluate(&gold, &pred);
    print!("{}", e.summary());
    // Within each language (cross-language linking left out of the measure).
    for lang in ["he", "en"] {
        let idx: Vec<usize> = (0..gold.len())
            .filter(|&i| gold[i].language.as_deref() == Some(lang))
            .collect();
        let g: Vec<Option<&str>> = idx.iter().map(|&i| gold[i].story.as_deref()).collect();
        let q: Vec<i64> = idx.iter().map(|&i| pred[i]).collect();
        let s = bcubed(&g, &q);
        println!(
            "{lang} only: B-cubed P {:.3} R {:.3} F1 {:.3}",
            s.precision, s.recall, s.f1
        );
    }
    // Across languages: of the pairs of a Hebrew and an English article of one story, the
    // share clustered together (names through transliteration and the people registry,
    // concepts through the Hebrew–English table).
    let (mut pairs, mut together) = (0usize, 0usize);
    for (i, a) in gold.iter().enumerate() {
        for (j, b) in gold.iter().enumerate() {
            if a.story == b.story
                && a.language.as_deref() == Some("he")
                && b.language.as_deref() == Some("en")
            {
                pairs += 1;
                together += usize::from(pred[i] == pred[j]);
            }
        }
    }
    let across = together as f64 / pairs as f64;
    println!(
        "Hebrew-English pairs of one story clustered together: {together} of {pairs} ({across:.3})"
    );
    let b = e.overall.bcubed;
    assert!(b.precision >= 0.95, "B-cubed precision {:.3}", b.precision);
    assert!(b.f1 >= FIXTURE_F1, "B-cubed F1 {:.3}", b.f1);
    assert!(
        across >= FIXTURE_ACROSS,
        "Hebrew-English pairs together {across:.3}"
    );
}

/// The share of a story's Hebrew–English pairs clustered together at the default parameters
/// (crate docs), less rounding.
const FIXTURE_ACROSS: f64 = 0.72;

/// The fixture's B-cubed F1 at the default parameters (crate docs), less rounding.
const FIXTURE_F1: f64 = 0.90;

/// A service saves the clusterer after each crawl and restores it for the next: the fixture
/// fed in batches of 37 articles, the state going through its JSON form between batches, is
/// clustered exactly as in one run, and the vocabulary comes back whole.
#[test]
fn snapshot_and_restore_between_batches_change_nothing() {
    use lashon_news::cluster::Snapshot;
    let articles = articles();
    let whole = run(&articles, Params::default());
    let mut clusters: Vec<i64> = Vec::with_capacity(articles.len());
    let mut saved: Option<String> = None;
    for (n, batch) in articles.chunks(37).enumerate() {
        let mut c = match &saved {
            None => Clusterer::new(Concepts::builtin(), Params::default()),
            Some(json) => {
                let s: Snapshot = serde_json::from_str(json).expect("snapshot parses");
                Clusterer::restore(Concepts::builtin(), Params::default(), s).expect("restores")
            }
        };
        for (k, a) in batch.iter().enumerate() {
            let i = (n * 37 + k) as i64;
            c.evict(a.published_at);
            let got = c.add_article(i, a.published_at, &a.source, &a.headline, &a.summary);
            for m in &got.merged {
                for x in clusters.iter_mut() {
                    if *x == *m {
                        *x = got.cluster;
                    }
                }
            }
            clusters.push(got.cluster);
        }
        let snapshot = c.snapshot();
        let json = serde_json::to_string(&snapshot).expect("serializes");
        let again: Snapshot = serde_json::from_str(&json).expect("parses");
        assert_eq!(again, snapshot, "the JSON form loses nothing");
        saved = Some(json);
    }
    assert_eq!(clusters, whole);
}

/// Threads found on the fixture: the clusters' gold stories linked over days (printed for
/// reading against the follow-up notes of `stories.json`).
#[test]
fn threads_on_the_fixture() {
    use lashon_news::cluster::features::sketch;
    use lashon_news::threads::{link, StorySketch, ThreadParams};
    use std::collections::HashMap;
    let articles = articles();
    let pred = run(&articles, Params::default());
    let mut sketches: HashMap<i64, StorySketch> = HashMap::new();
    for (i, a) in articles.iter().enumerate() {
        let s = sketches.entry(pred[i]).or_insert_with(|| StorySketch {
            id: pred[i],
            first_at: a.published_at,
            features: HashMap::new(),
        });
        s.first_at = s.first_at.min(a.published_at);
        // What the service sums for a story (`features::sketch`).
        for (f, w) in sketch(&a.headline, &a.summary, Concepts::builtin()) {
            *s.features.entry(f).or_insert(0.0) += w;
        }
    }
    let sketches: Vec<StorySketch> = sketches.into_values().collect();
    let mut params = ThreadParams::default();
    if let Ok(t) = std::env::var("THREAD_T") {
        params.threshold = t.parse().unwrap();
    }
    if let Ok(c) = std::env::var("THREAD_C") {
        params.min_shared_concepts = c.parse().unwrap();
    }
    let threads = link(&sketches, &params);
    let gold_of = |c: i64| -> String {
        let mut g: Vec<&str> = (0..articles.len())
            .filter(|&i| pred[i] == c)
            .map(|i| articles[i].gold.as_str())
            .collect();
        g.sort();
        g.dedup();
        g.join("+")
    };
    println!("{} threads", threads.len());
    for t in &threads {
        let golds: Vec<String> = t.iter().map(|c| gold_of(*c)).collect();
        println!("  {}", golds.join(" → "));
    }
    assert!(threads.iter().all(|t| t.len() >= 2));
    // The fixture's README names the follow-ups kept as different stories a day or more
    // later; a thread is what should join each to its first chapter.
    const FOLLOW_UPS: [(&str, &str); 8] = [
        ("s002", "s057"), // fire → the comptroller's inquiry
        ("s004", "s059"), // committee vote → first reading
        ("s027", "s060"), // prize → its revocation
        ("s009", "s062"), // case count → vaccination drive
        ("s056", "s074"), // strike → the deal ending it
        ("s006", "s079"), // acquisition → the CEO steps down
        ("s010", "s080"), // song revealed → lyrics approved
        ("s032", "s089"), // the rabbi's death → his successor
    ];
    let holds =
        |t: &Vec<i64>, gold: &str| t.iter().any(|c| gold_of(*c).split('+').any(|g| g == gold));
    let joined = |a: &str, b: &str| threads.iter().any(|t| holds(t, a) && holds(t, b));
    let linked = FOLLOW_UPS.iter().filter(|(a, b)| joined(a, b)).count();
    for (a, b) in FOLLOW_UPS {
        if !joined(a, b) {
            println!("  not joined: {a} → {b}");
        }
    }
    println!("follow-ups joined to their first chapter: {linked}/8");
    // Fixture-only figure (written with the threads code): 7 of 8 at the time of writing, 6
    // since two lone articles form a story only at `Params::pair_threshold`: the CEO's
    // departure (s079) is now four clusters of one or two articles (its Hebrew reports met
    // at 0.13–0.2), and none reaches the acquisition's story (s006) at the thread threshold.
    // The rabbi's death → his successor was the one missed before, and still is. 7 since the
    // sketches are what the service sums (no phrases, a headline's clauses alike) and the
    // clusterer sets a headline's clauses after its lead aside: the CEO's departure meets the
    // acquisition again (a fixture figure, written with the code).
    assert!(
        linked >= 7,
        "{linked}/8 follow-ups in a thread with their first chapter"
    );
}
