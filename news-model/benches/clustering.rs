//! Throughput of online clustering on a generated stream of 100,000 articles: the labelled
//! fixture's five days (663 Hebrew and English articles) repeated, each copy five days after
//! the previous one, so the stream has the fixture's mix of story sizes and near-misses at
//! every point. One thread. Reports articles per second and the most clusters open at once
//! (memory is bounded by the active window, not by the stream). Also the loading of the
//! background word lists, which every process that clusters pays once at its start (a
//! service's crawl is one such process).
//!
//! Articles of one instant are placed as the service places them, those that join a story
//! first (`Clusterer::add_simultaneous`: each placement asks the instant's other articles
//! whether they join); the fixture has 382 instants for its 663 articles. For comparison, the
//! same stream placed one by one as given, and once with every time floored to its quarter
//! hour (a homepage snapshot's instants: 263 for 663 articles, up to nine at once).
//!
//! The same stream is also put through the naive baseline the issue measured
//! ([`naive_baseline`]: online TF-IDF centroids, 36 hours, cosine ≥ 0.3) in the same run, so
//! the clusterer's speed is read as a ratio to a yardstick timed on the same machine at the
//! same moment, not only as an absolute figure of a shared machine.
//!
//! The bench runs on the allocator the `lashon` binary links, mimalloc: glibc's malloc
//! and free were a seventh of the clusterer's instructions.
//!
//!     cargo bench -p lashon-news --bench clustering

use std::time::Instant;

use chrono::{DateTime, Duration, DurationRound, Utc};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lashon_news::cluster::background::{BUILTIN_EN, BUILTIN_HE};
use lashon_news::cluster::eval::{naive_baseline, GoldArticle};
use lashon_news::cluster::simultaneous::instants;
use lashon_news::cluster::{Background, Clusterer, Concepts, Params, Simultaneous};
use serde::Deserialize;

#[derive(Deserialize, Clone)]
#[serde(rename_all = "camelCase")]
struct Article {
    source: String,
    headline: String,
    #[serde(default)]
    summary: String,
    published_at: DateTime<Utc>,
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const STREAM: usize = 100_000;

/// The stream's length when the bench runs as a test (`cargo test --benches`, what
/// `scripts/bench --smoke` runs): every pass once, on a stream short enough for a debug
/// build (six passes of 100,000 articles there took CI a quarter of an hour).
const SMOKE_STREAM: usize = 2_000;

/// Whether criterion times (`cargo bench` passes `--bench`) rather than tests.
fn timing() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test")
}

fn stream(len: usize) -> Vec<Article> {
    let base: Vec<Article> = include_str!("../tests/data/clustering/articles.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("article"))
        .collect();
    (0..)
        .flat_map(|copy: i64| {
            base.iter().map(move |a| Article {
                published_at: a.published_at + Duration::days(5 * copy),
                ..a.clone()
            })
        })
        .take(len)
        .collect()
}

/// How the articles of one instant are given to the clusterer.
#[derive(Clone, Copy)]
enum Placing {
    /// As the service does: [`Clusterer::add_simultaneous`] per instant.
    Instants,
    /// One by one, as given.
    OneByOne,
}

/// The most clusters open at once, the vocabulary at the end, and the size of the
/// checkpoint a service would save at the end (JSON bytes).
fn run(articles: &[Article], placing: Placing) -> (usize, usize, usize) {
    let mut c = Clusterer::new(Concepts::builtin(), Params::default());
    let mut most_open = 0;
    match placing {
        Placing::OneByOne => {
            for (i, a) in articles.iter().enumerate() {
                c.evict(a.published_at);
                c.add_article(i as i64, a.published_at, &a.source, &a.headline, &a.summary);
                most_open = most_open.max(c.open_clusters());
            }
        }
        Placing::Instants => {
            for run in instants(articles, |a| a.published_at) {
                let batch: Vec<Simultaneous> = run
                    .map(|i| {
                        let a = &articles[i];
                        let at = a.published_at;
                        Simultaneous::read(&c, i as i64, at, &a.source, &a.headline, &a.summary)
                    })
                    .collect();
                c.add_simultaneous(batch);
                most_open = most_open.max(c.open_clusters());
            }
        }
    }
    let checkpoint = serde_json::to_string(&c.snapshot()).map_or(0, |s| s.len());
    (most_open, c.vocabulary(), checkpoint)
}

/// The stream as the naive baseline reads it.
fn gold(articles: &[Article]) -> Vec<GoldArticle> {
    articles
        .iter()
        .enumerate()
        .map(|(i, a)| GoldArticle {
            id: i.to_string(),
            source: a.source.clone(),
            published_at: a.published_at.fixed_offset(),
            headline: a.headline.clone(),
            summary: a.summary.clone(),
            language: None,
            story: None,
        })
        .collect()
}

/// One pass of the naive baseline over `articles`, timed and reported; its articles per
/// second.
fn baseline_pass(articles: &[GoldArticle]) -> f64 {
    let started = Instant::now();
    let labels = naive_baseline(articles);
    let secs = started.elapsed().as_secs_f64();
    let clusters = labels.iter().max().map_or(0, |m| m + 1);
    let rate = articles.len() as f64 / secs;
    eprintln!(
        "one pass, naive baseline (the same stream): {} articles in {secs:.2} s = {rate:.0} articles/s; \
         {clusters} clusters",
        articles.len()
    );
    rate
}

/// One pass over `articles`, timed and reported; its articles per second.
fn one_pass(what: &str, articles: &[Article], placing: Placing) -> f64 {
    let started = Instant::now();
    let (most_open, vocabulary, checkpoint) = run(articles, placing);
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "one pass, {what}: {} articles in {secs:.2} s = {:.0} articles/s; at most {most_open} clusters open; \
         vocabulary {vocabulary} features; checkpoint {checkpoint} bytes",
        articles.len(),
        articles.len() as f64 / secs
    );
    articles.len() as f64 / secs
}

fn bench(c: &mut Criterion) {
    let articles = stream(if timing() { STREAM } else { SMOKE_STREAM });
    let gold = gold(&articles);
    // The yardstick first and last, so a machine that slows during the run shows as two
    // different baseline figures rather than as a ratio that flatters or wrongs the clusterer.
    let before = baseline_pass(&gold);
    let together = one_pass("instants placed together", &articles, Placing::Instants);
    let by_one = one_pass("one by one", &articles, Placing::OneByOne);
    let after = baseline_pass(&gold);
    let baseline = (before + after) / 2.0;
    eprintln!(
        "against the naive baseline's mean of its two passes ({baseline:.0} articles/s): \
         instants placed together {:.2}x, one by one {:.2}x",
        together / baseline,
        by_one / baseline
    );
    let quarters: Vec<Article> = articles
        .iter()
        .map(|a| Article {
            published_at: a
                .published_at
                .duration_trunc(Duration::minutes(15))
                .expect("in range"),
            ..a.clone()
        })
        .collect();
    one_pass(
        "times floored to quarter hours, together",
        &quarters,
        Placing::Instants,
    );
    one_pass(
        "times floored to quarter hours, one by one",
        &quarters,
        Placing::OneByOne,
    );
    let mut g = c.benchmark_group("clustering");
    g.sample_size(10);
    g.throughput(Throughput::Elements(articles.len() as u64));
    g.bench_function("stream_100k", |b| {
        b.iter(|| run(&articles, Placing::Instants))
    });
    g.bench_function("stream_100k_one_by_one", |b| {
        b.iter(|| run(&articles, Placing::OneByOne))
    });
    g.bench_function("stream_100k_naive_baseline", |b| {
        b.iter(|| naive_baseline(&gold).len())
    });
    g.finish();
    let mut g = c.benchmark_group("lexicons");
    g.throughput(Throughput::Bytes(
        (BUILTIN_HE.len() + BUILTIN_EN.len()) as u64,
    ));
    g.bench_function("background_parse", |b| {
        b.iter(|| Background::parse(&[BUILTIN_HE, BUILTIN_EN]).len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
