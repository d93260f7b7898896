//! The news store at scale (issue 7, "Benchmarks"; issue 24, the same on PostgreSQL;
//! documented, not in CI): a generated store of 1M articles in 200k stories, written through
//! the `NewsStore` port, then the service functions over it — stories list (limit 40) without
//! and with filters, search, and export throughput. One body over the ports, on SQLite (the
//! default) or on PostgreSQL (`LASHON_BENCH_POSTGRES`).
//!
//! ```text
//! cargo bench -p lashon-store --bench news_store
//! LASHON_BENCH_DB=/tmp/news-1m.db cargo bench -p lashon-store --bench news_store   # keep the store
//! LASHON_BENCH_STORIES=20000 cargo bench -p lashon-store --bench news_store        # smaller
//! # PostgreSQL: a fresh database on that server (dropped at the end) ...
//! LASHON_BENCH_POSTGRES=$(./scripts/postgres start) cargo bench -p lashon-store --bench news_store
//! # ... or a kept one, by name (created when missing, reused when it holds articles)
//! LASHON_BENCH_POSTGRES=$(./scripts/postgres url) LASHON_BENCH_PG_DB=news_1m \
//!   cargo bench -p lashon-store --bench news_store
//! LASHON_BENCH_GENERATE_ONLY=1 ...   # generate (or find) the store and stop: scripts/load-test-nodes
//! ```
//!
//! Targets: list p50 ≤ 5 ms, p99 ≤ 25 ms; export ≥ 20k records/s. Timings are printed, never
//! asserted.

use std::time::{Duration as Elapsed, Instant};

use chrono::{DateTime, Duration, Utc};
use lashon_core::news::NewsStore;
use lashon_core::news::{export_page, list_stories, search, NewStory, NewsContext};
use lashon_news::cursor::CursorCodec;
use lashon_news::params::{ExportParams, Query, SearchParams, StoriesParams};
use lashon_news::record::MemberRecord;
use lashon_news::types::Newsroom;
use lashon_news::{FixedClock, Lang, Lean, Localized, Side, StoryState, Topic};
use lashon_store::postgres::testing::{text_rows, with_database, TestDatabase};
use lashon_store::{PostgresStore, SqliteStore};

struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    /// Roughly Zipf: small indices are much more frequent.
    fn zipf(&mut self, n: u64) -> u64 {
        let a = self.next(n) + 1;
        self.next(a)
    }
}

const HE: [&str; 24] = [
    "ממשלה",
    "כנסת",
    "תקציב",
    "ביטחון",
    "בחירות",
    "שביתה",
    "ריבית",
    "מכרז",
    "רכבת",
    "בית",
    "משפט",
    "עתירה",
    "צבא",
    "גבול",
    "חקירה",
    "משטרה",
    "בריאות",
    "חינוך",
    "דיור",
    "מחאה",
    "הסכם",
    "שר",
    "עירייה",
    "נמל",
];
const EN: [&str; 24] = [
    "government",
    "knesset",
    "budget",
    "security",
    "election",
    "strike",
    "rate",
    "tender",
    "rail",
    "court",
    "petition",
    "army",
    "border",
    "probe",
    "police",
    "health",
    "school",
    "housing",
    "protest",
    "deal",
    "minister",
    "city",
    "port",
    "vote",
];

fn now() -> DateTime<Utc> {
    "2026-06-30T12:00:00Z".parse().unwrap_or_default()
}

fn rooms() -> Vec<Newsroom> {
    (0..36)
        .map(|i| Newsroom {
            key: format!("room{i:02}"),
            name: format!("Newsroom {i}"),
            language: if i % 3 == 0 { Lang::En } else { Lang::He },
            side: Side::ALL[i % Side::ALL.len()],
            lean: Lean::ALL[i % Lean::ALL.len()],
            place: "Tel Aviv".into(),
            profile: None,
        })
        .collect()
}

fn generate<S: NewsStore>(store: &S, stories: i64) {
    let rooms = rooms();
    store
        .write_news(|w| {
            for r in &rooms {
                w.put_newsroom(r, &[])?;
            }
            Ok(())
        })
        .expect("registry");
    let mut r = Rng(42);
    let mut article = 0i64;
    let start = Instant::now();
    let span_minutes = 365 * 24 * 60;
    for batch in 0..(stories + 4999) / 5000 {
        store
            .write_news(|w| {
                for id in batch * 5000 + 1..=((batch + 1) * 5000).min(stories) {
                    let latest = now() - Duration::minutes(span_minutes * (stories - id) / stories);
                    let n = 1 + r.next(9) as i64; // 5 on average
                    let words = |r: &mut Rng, v: &[&str; 24]| {
                        (0..4)
                            .map(|_| v[r.zipf(24) as usize])
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    let members: Vec<MemberRecord> = (0..n)
                        .map(|k| {
                            article += 1;
                            let room = &rooms[r.next(rooms.len() as u64) as usize];
                            let text = if room.language == Lang::He {
                                words(&mut r, &HE)
                            } else {
                                words(&mut r, &EN)
                            };
                            MemberRecord {
                                article_id: article,
                                story_id: id,
                                source: room.key.clone(),
                                headline: if room.language == Lang::He {
                                    Localized::he(&text)
                                } else {
                                    Localized::en(&text)
                                },
                                original: text,
                                published_at: latest - Duration::minutes(17 * k),
                                url: format!("https://bench.invalid/{article}"),
                                language: room.language,
                                story_type: "news".into(),
                                framing: None,
                                updated_at: None,
                            }
                        })
                        .collect();
                    let story = NewStory {
                        id,
                        url: format!("https://bench.invalid/story/{id}"),
                        headline: Localized::both(words(&mut r, &EN), words(&mut r, &HE)),
                        summary: Localized::en(words(&mut r, &EN)),
                        topic: Topic::ALL[r.next(Topic::ALL.len() as u64) as usize],
                        state: Some(StoryState::ALL[r.next(StoryState::ALL.len() as u64) as usize]),
                        verdict: None,
                        thread_id: None,
                        framing_note: Localized::default(),
                        entities: vec![],
                        updated_at: None,
                    };
                    w.put_story(&story, &members)?;
                }
                Ok(())
            })
            .expect("batch");
        if batch % 10 == 9 {
            eprintln!(
                "  {} stories, {article} articles, {:.0?}",
                (batch + 1) * 5000,
                start.elapsed()
            );
        }
    }
    eprintln!(
        "generated {stories} stories, {article} articles in {:.1?}",
        start.elapsed()
    );
}

fn percentiles(mut v: Vec<Elapsed>) -> (f64, f64) {
    v.sort();
    let ms = |d: Elapsed| d.as_secs_f64() * 1000.0;
    (
        ms(v[v.len() / 2]),
        ms(v[(v.len() * 99 / 100).min(v.len() - 1)]),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` (scripts/bench --smoke) passes
    // nothing, and then every step runs once on a store of 300 stories: the code is
    // exercised, nothing is timed (a million articles in a debug build took CI minutes).
    let timing = args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test");
    let stories: i64 = if timing {
        std::env::var("LASHON_BENCH_STORIES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(200_000)
    } else {
        300
    };
    match std::env::var("LASHON_BENCH_POSTGRES") {
        Ok(server) if !server.trim().is_empty() => {
            // A kept database by name, or a fresh one dropped when the bench ends.
            let (url, _fresh) = match std::env::var("LASHON_BENCH_PG_DB") {
                Ok(name) if !name.trim().is_empty() => {
                    let exists = text_rows(
                        &server,
                        &format!("SELECT 1 FROM pg_database WHERE datname = '{name}'"),
                    )
                    .expect("server");
                    if exists.is_empty() {
                        text_rows(&server, &format!("CREATE DATABASE {name}")).expect("create");
                    }
                    (with_database(&server, &name), None)
                }
                _ => {
                    let db = TestDatabase::create(&server).expect("fresh database");
                    (db.url.clone(), Some(db))
                }
            };
            let store = PostgresStore::open(&url).expect("store");
            run(&store, &format!("PostgreSQL {url}"), stories);
        }
        _ => match std::env::var("LASHON_BENCH_DB") {
            Ok(path) => {
                let store = SqliteStore::open(&path).expect("store");
                run(&store, &format!("SQLite {path}"), stories);
            }
            // A store of its own, removed when the bench ends (a million articles are
            // 800 MB; every run used to leave its store behind in the temporary directory).
            Err(_) => {
                let dir = tempfile_dir();
                let path = format!("{dir}/news-bench.db");
                {
                    let store = SqliteStore::open(&path).expect("store");
                    run(&store, &format!("SQLite {path}"), stories);
                }
                let _ = std::fs::remove_dir_all(&dir);
            }
        },
    }
}

/// Generates the store unless it holds articles already, then times the reads.
fn run<S: NewsStore>(store: &S, label: &str, stories: i64) {
    let have = lashon_core::news::NewsRepository::export_cutoff(store).unwrap_or(0);
    if have == 0 {
        generate(store, stories);
    } else {
        eprintln!("reusing {label} (sequence {have})");
    }
    println!(
        "news_store on {} ({} articles)",
        label.split(' ').next().unwrap_or(label),
        lashon_core::news::NewsRepository::export_cutoff(store).unwrap_or(0)
    );
    if std::env::var("LASHON_BENCH_GENERATE_ONLY").as_deref() == Ok("1") {
        return; // scripts/load-test-nodes: the store is wanted, not the timings.
    }
    let clock = FixedClock(now());
    let codec = CursorCodec::new(b"bench");
    let ctx = NewsContext::new(store, &clock, &codec);

    let lists: [(&str, Vec<(&str, &str)>); 5] = [
        ("stories, no filter", vec![]),
        ("stories, topic", vec![("topic", "politics")]),
        (
            "stories, two sources",
            vec![("source", "room03"), ("source", "room17")],
        ),
        (
            "stories, state+topic+since",
            vec![
                ("state", "developing"),
                ("topic", "economy"),
                ("topic", "tech"),
                ("since", "30"),
            ],
        ),
        ("stories, lang=he", vec![("lang", "he")]),
    ];
    println!("| query | p50 ms | p99 ms |\n|---|---|---|");
    for (name, pairs) in &lists {
        let p = StoriesParams::parse(&Query::new(pairs.iter().copied())).expect("params");
        let mut times = Vec::new();
        let mut cursor: Option<String> = None;
        for i in 0..1000 {
            let mut p = p.clone();
            // Every tenth request starts over; the rest walk deeper pages.
            p.cursor = if i % 10 == 0 { None } else { cursor.clone() };
            let t = Instant::now();
            let page = list_stories(&ctx, &p).expect("list");
            times.push(t.elapsed());
            cursor = page.next_cursor;
        }
        let (p50, p99) = percentiles(times);
        println!("| {name} (limit 40) | {p50:.2} | {p99:.2} |");
    }
    for q in [
        "budget",
        "תקציב",
        "בכנסת",
        "port strike",
        "rail court petition",
    ] {
        let p = SearchParams::parse(&Query::new([("q", q)])).expect("params");
        let times: Vec<Elapsed> = (0..200)
            .map(|_| {
                let t = Instant::now();
                search(&ctx, &p).expect("search");
                t.elapsed()
            })
            .collect();
        let (p50, p99) = percentiles(times);
        println!("| search {q:?} (limit 40) | {p50:.2} | {p99:.2} |");
    }
    for format in ["jsonl", "csv"] {
        let to = now().date_naive();
        let from = to - Duration::days(60);
        let (from, to) = (from.to_string(), to.to_string());
        let mut cursor: Option<String> = None;
        let (mut records, mut bytes) = (0usize, 0usize);
        let t = Instant::now();
        loop {
            let mut pairs = vec![
                ("from", from.clone()),
                ("to", to.clone()),
                ("format", format.to_owned()),
            ];
            if let Some(c) = &cursor {
                pairs.push(("cursor", c.clone()));
            }
            let page = export_page(
                &ctx,
                &ExportParams::parse(&Query::new(pairs)).expect("params"),
            )
            .expect("export");
            records += page.records.len();
            bytes += page.body().expect("body").len();
            match page.next_cursor {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "| export {format}, 61 days: {records} records, {} MB | {:.0} records/s | |",
            bytes / 1_000_000,
            records as f64 / secs
        );
    }
}

fn tempfile_dir() -> String {
    let dir = std::env::temp_dir().join(format!("lashon-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir.display().to_string()
}
