//! Each news store (SQLite, and PostgreSQL when configured: see `backends`) against the
//! in-memory reference (`MemoryNewsRepository`): the same generated records go into both, and
//! every query of `NewsRepository` must answer the same, page by page along keyset walks
//! (stories with every filter and search, members, threads, signals under every order,
//! changes, export with snapshot cutoffs).

mod backends;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use lashon_core::news::write::ArticleInput;
use lashon_core::news::{write_news, NewsWrite, RepoError};
use lashon_core::news::{
    ExportQuery, MemoryNewsRepository, NewStory, NewsRepository, SignalOrder, SignalQuery,
    StoryQuery,
};
use lashon_core::ports::ServiceStore;
use lashon_news::cursor::{ChangeKey, MemberKey, ScoreKey, StoryKey, ThreadKey};
use lashon_news::record::{
    BriefItemRecord, BriefRecord, ChangeRecord, CrawlOutcome, CrawlRun, MemberRecord, PersonRecord,
    SignalRecord, ThreadRecord,
};
use lashon_news::types::{Alias, Behaviour, Gap, Newsroom, Signals};
use lashon_news::{Lang, Lean, Localized, Metric, Side, StoryState, Topic};

use backends::Backend;

struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.next(v.len() as u64) as usize]
    }
}

const HE: [&str; 8] = [
    "הממשלה",
    "בכנסת",
    "תקציב",
    "שָׁלוֹם",
    "והצבא",
    "ירושלים",
    "מכרז",
    "צה\"ל",
];
const EN: [&str; 6] = ["budget", "Knesset", "rail", "court", "storm", "vote"];

fn now() -> DateTime<Utc> {
    "2026-03-10T09:00:00Z".parse().unwrap()
}

fn both(
    mem: &MemoryNewsRepository,
    sql: &dyn ServiceStore,
    op: impl Fn(&MemoryNewsRepository, &dyn NewsWrite),
) {
    write_news(sql, |w| {
        op(mem, w);
        Ok(())
    })
    .unwrap();
}

fn fill(backend: Backend, seed: u64) -> (MemoryNewsRepository, backends::Db) {
    let db = backend.open().unwrap();
    let sql = &*db.store;
    let mem = MemoryNewsRepository::new();
    let mut r = Rng(seed);
    let rooms: Vec<Newsroom> = Side::ALL
        .iter()
        .enumerate()
        .map(|(i, side)| Newsroom {
            key: format!("room{i}"),
            name: format!("Room {i}"),
            language: if i % 2 == 0 { Lang::He } else { Lang::En },
            side: *side,
            lean: Lean::ALL[i % Lean::ALL.len()],
            place: "Tel Aviv".into(),
            profile: None,
        })
        .collect();
    for room in &rooms {
        both(&mem, sql, |m, w| {
            m.add_newsroom(room.clone());
            w.put_newsroom(room, &[]).unwrap();
        });
    }
    for t in 1..=6i64 {
        let thread = ThreadRecord {
            id: 1000 + t,
            title: Localized::both(format!("Thread {t}"), format!("שרשור {t}")),
            nodes: (t % 4) as u32 + 1,
            first_at: now() - Duration::days(t),
            newest_at: now() - Duration::hours(t * 3 % 7),
            newest_story_id: t,
        };
        both(&mem, sql, |m, w| {
            m.add_thread(thread.clone());
            w.put_thread(&thread).unwrap();
        });
    }
    let mut article = 0i64;
    for id in 1..=160i64 {
        // Few distinct instants, so ties on latestAt exercise the id tiebreak.
        let base = now() - Duration::minutes(30 * r.next(200) as i64);
        let n = 1 + r.next(5);
        let members: Vec<MemberRecord> = (0..n)
            .map(|k| {
                article += 1;
                let room = r.pick(&rooms);
                let lang = if r.next(2) == 0 { Lang::He } else { Lang::En };
                let words = match lang {
                    Lang::He => format!("{} {}", r.pick(&HE), r.pick(&HE)),
                    Lang::En => format!("{} {}", r.pick(&EN), r.pick(&EN)),
                };
                MemberRecord {
                    article_id: article,
                    story_id: id,
                    source: room.key.clone(),
                    headline: if lang == Lang::He {
                        Localized::he(&words)
                    } else {
                        Localized::en(&words)
                    },
                    original: words,
                    published_at: base - Duration::minutes(20 * k as i64),
                    url: format!("https://example.invalid/{article}"),
                    language: lang,
                    story_type: "news".into(),
                    framing: None,
                    updated_at: (k == 0).then(|| base + Duration::minutes(5)),
                }
            })
            .collect();
        let story = NewStory {
            id,
            url: format!("https://example.invalid/story/{id}"),
            headline: Localized::both(
                format!("{} {}", r.pick(&EN), r.pick(&EN)),
                format!("{} {}", r.pick(&HE), r.pick(&HE)),
            ),
            summary: if r.next(3) == 0 {
                Localized::default()
            } else {
                Localized::en(format!("summary {}", r.pick(&EN)))
            },
            topic: *r.pick(Topic::ALL),
            state: if r.next(5) == 0 {
                None
            } else {
                Some(*r.pick(StoryState::ALL))
            },
            verdict: None,
            thread_id: (r.next(4) == 0).then(|| 1001 + r.next(6) as i64),
            framing_note: Localized::default(),
            entities: vec![r.pick(&EN).to_string()],
            updated_at: None,
        };
        both(&mem, sql, |m, w| {
            m.add_story(story.clone(), members.clone()).unwrap();
            w.put_story(&story, &members).unwrap();
        });
        if r.next(6) != 0 {
            let score = |r: &mut Rng| r.next(8) as f64 / 2.0;
            let signal = SignalRecord {
                story_id: id,
                state: *r.pick(StoryState::ALL),
                label: None,
                signals: Signals {
                    importance: score(&mut r),
                    heat: score(&mut r),
                    velocity: score(&mut r),
                    acceleration: score(&mut r) - 2.0,
                    significance: score(&mut r),
                },
                computed_at: now() - Duration::minutes(60 * r.next(12) as i64),
                gaps: vec![Gap {
                    side: Side::Left,
                    label: "gap".into(),
                }],
            };
            both(&mem, sql, |m, w| {
                m.set_signal(signal.clone());
                w.set_signal(&signal).unwrap();
            });
        }
        if r.next(2) == 0 {
            let change = ChangeRecord {
                seq: 0,
                story_id: id,
                state: *r.pick(StoryState::ALL),
                label: None,
                missing_sides: vec![Side::Arab],
                thread_id: None,
                changed_at: now() - Duration::hours(r.next(300) as i64),
            };
            both(&mem, sql, |m, w| {
                m.add_change(change.clone());
                w.add_change(&change).unwrap();
            });
        }
    }
    for (i, room) in rooms.iter().enumerate().take(3) {
        let run = CrawlRun {
            started_at: now() - Duration::days(i as i64 * 4),
            finished_at: None,
            outcome: CrawlOutcome::Running,
            discovered: 3,
            scraped: 2,
            new_articles: 1,
            errors: 0,
        };
        let b = Behaviour {
            window_days: 30,
            stories: 4,
            byline_rate: 0.5,
            original_rate: 0.25,
            opinion_share: 0.1,
            press_release_share: 0.0,
            median_lag_minutes: 12.0,
            computed_at: now(),
        };
        both(&mem, sql, |m, w| {
            m.add_crawl_run(&room.key, run.clone());
            m.set_behaviour(&room.key, b.clone());
            w.add_crawl_run(&room.key, &run).unwrap();
            w.set_behaviour(&room.key, &b).unwrap();
        });
    }
    for p in 1..=4i64 {
        let person = PersonRecord {
            id: p,
            wikidata_id: None,
            name: Localized::both(format!("Person {p}"), format!("אדם {p}")),
            canonical_name: None,
            role: None,
            avatar_url: None,
            aliases: vec![Alias {
                alias: format!("P{p}"),
                display: format!("P{p}"),
                status: "confirmed".into(),
            }],
            updated_at: None,
        };
        both(&mem, sql, |m, w| {
            m.add_person(person.clone());
            w.put_person(&person).unwrap();
            for k in 0..p * 2 {
                let at = now() - Duration::hours(k * 7);
                m.add_mention(p, at);
                w.add_mention(p, at).unwrap();
            }
        });
    }
    let brief = BriefRecord {
        generated_at: now(),
        intro: Localized::en("intro"),
        items: vec![BriefItemRecord {
            story_url: "u".into(),
            headline: Localized::en("h"),
            text: Localized::he("ט"),
        }],
    };
    both(&mem, sql, |m, w| {
        m.set_brief(brief.clone());
        w.add_brief(&brief).unwrap();
    });
    (mem, db)
}

fn walk_stories(repo: &dyn NewsRepository, mut q: StoryQuery) -> Vec<Vec<i64>> {
    let mut pages = Vec::new();
    loop {
        let page = repo.stories(&q).unwrap();
        if page.is_empty() {
            return pages;
        }
        let last = page.last().unwrap();
        q.after = Some(StoryKey {
            latest_at: last.latest_at,
            id: last.id,
        });
        pages.push(page.iter().map(|s| s.id).collect());
    }
}

#[test]
fn stories_and_search_match_the_reference() {
    backends::each(stories_and_search_match_the_reference_on);
}

fn stories_and_search_match_the_reference_on(backend: Backend) {
    let (mem, db) = fill(backend, 7);
    let sql = &*db.store;
    assert_eq!(mem.newsrooms().unwrap(), sql.newsrooms().unwrap());
    assert_eq!(
        mem.newsroom("room3").unwrap(),
        sql.newsroom("room3").unwrap()
    );
    assert_eq!(sql.newsroom("nope").unwrap(), None);
    let base = StoryQuery {
        limit: 7,
        ..Default::default()
    };
    let mut queries = vec![base.clone()];
    queries.push(StoryQuery {
        state: Some(StoryState::Breaking),
        ..base.clone()
    });
    queries.push(StoryQuery {
        topics: vec!["politics".into(), "economy".into()],
        ..base.clone()
    });
    queries.push(StoryQuery {
        sources: vec!["room1".into(), "room4".into()],
        topics: vec!["tech".into(), "world".into(), "general".into()],
        ..base.clone()
    });
    queries.push(StoryQuery {
        since: Some(now() - Duration::hours(30)),
        ..base.clone()
    });
    for text in [
        "ממשלה",
        "בתקציב",
        "שלום",
        "budget vote",
        "KNESSET",
        "צהל",
        "ירושלים court",
        "zzz",
        "!!",
    ] {
        queries.push(StoryQuery {
            text: Some(text.into()),
            ..base.clone()
        });
    }
    for q in queries {
        let want = walk_stories(&mem, q.clone());
        let got = walk_stories(sql, q.clone());
        assert_eq!(got, want, "{q:?}");
        if q.text.as_deref() == Some("ממשלה") {
            assert!(!want.is_empty(), "the search vocabulary must hit");
        }
    }
    for id in [1, 50, 160, 161] {
        assert_eq!(mem.story(id).unwrap(), sql.story(id).unwrap());
    }
}

#[test]
fn members_threads_signals_changes_match_the_reference() {
    backends::each(members_threads_signals_changes_match_the_reference_on);
}

fn members_threads_signals_changes_match_the_reference_on(backend: Backend) {
    let (mem, db) = fill(backend, 11);
    let sql = &*db.store;
    for id in [1, 2, 77, 160, 999] {
        assert_eq!(
            mem.members(id, None, None).unwrap(),
            sql.members(id, None, None).unwrap()
        );
        let mut after = None;
        loop {
            let a = mem.members(id, after, Some(2)).unwrap();
            assert_eq!(a, sql.members(id, after, Some(2)).unwrap());
            let Some(last) = a.last() else { break };
            after = Some(MemberKey {
                published_at: last.published_at,
                article_id: last.article_id,
            });
        }
    }
    for min in [1, 2, 3, 9] {
        let mut after = None;
        loop {
            let a = mem.threads(min, after, 2).unwrap();
            assert_eq!(a, sql.threads(min, after, 2).unwrap());
            let Some(last) = a.last() else { break };
            after = Some(ThreadKey {
                newest_at: last.newest_at,
                id: last.id,
            });
        }
    }
    for t in [1001, 1003, 5] {
        assert_eq!(mem.thread(t).unwrap(), sql.thread(t).unwrap());
        assert_eq!(mem.thread_arc(t, 3).unwrap(), sql.thread_arc(t, 3).unwrap());
    }
    let orders = [
        SignalOrder::Metric(Metric::Acceleration),
        SignalOrder::Metric(Metric::Velocity),
        SignalOrder::Metric(Metric::Heat),
        SignalOrder::Metric(Metric::Importance),
        SignalOrder::Significance,
    ];
    for order in orders {
        for (states, side) in [
            (vec![], None),
            (
                vec![StoryState::Blindspot, StoryState::Undercovered],
                Some(Side::Haredi),
            ),
        ] {
            let mut q = SignalQuery {
                order,
                current_since: now() - Duration::hours(6),
                states,
                missing_side: side,
                after: None,
                limit: 4,
            };
            let mut pages = 0;
            loop {
                let a = mem.signals(&q).unwrap();
                assert_eq!(a, sql.signals(&q).unwrap(), "{q:?}");
                let Some((last, _)) = a.last() else { break };
                let metric = match order {
                    SignalOrder::Metric(m) => Some(m),
                    SignalOrder::Significance => None,
                };
                q.after = Some(ScoreKey::new(metric, order.score(last), last.story_id, 0));
                pages += 1;
            }
            assert!(pages > 0 || q.missing_side.is_some());
        }
    }
    let mut after = None;
    loop {
        let a = mem.changes(now() - Duration::days(7), after, 5).unwrap();
        assert_eq!(a, sql.changes(now() - Duration::days(7), after, 5).unwrap());
        let Some(last) = a.last() else { break };
        after = Some(ChangeKey {
            changed_at: last.changed_at,
            seq: last.seq,
        });
    }
}

#[test]
fn registry_people_and_export_match_the_reference() {
    backends::each(registry_people_and_export_match_the_reference_on);
}

fn registry_people_and_export_match_the_reference_on(backend: Backend) {
    let (mem, db) = fill(backend, 23);
    let sql = &*db.store;
    for key in ["room0", "room2", "room8"] {
        let since = now() - Duration::days(7);
        assert_eq!(
            mem.crawl_runs(key, since).unwrap(),
            sql.crawl_runs(key, since).unwrap()
        );
        assert_eq!(mem.behaviour(key).unwrap(), sql.behaviour(key).unwrap());
    }
    for h in [1, 24, 24 * 7] {
        let since = now() - Duration::hours(h);
        assert_eq!(
            mem.topic_volumes(since).unwrap(),
            sql.topic_volumes(since).unwrap()
        );
        assert_eq!(
            mem.people_mentioned(since).unwrap(),
            sql.people_mentioned(since).unwrap()
        );
        for p in [1, 4, 5] {
            assert_eq!(mem.person(p, since).unwrap(), sql.person(p, since).unwrap());
        }
    }
    assert_eq!(mem.brief().unwrap(), sql.brief().unwrap());
    let cutoff = mem.export_cutoff().unwrap();
    assert_eq!(cutoff, sql.export_cutoff().unwrap());
    let day = |s: &str| s.parse::<NaiveDate>().unwrap();
    for (from, to, lang, cut) in [
        ("2026-03-01", "2026-03-10", None, cutoff),
        ("2026-03-06", "2026-03-08", Some(Lang::He), cutoff),
        ("2026-03-01", "2026-03-10", Some(Lang::En), cutoff / 2),
    ] {
        let mut q = ExportQuery {
            from: day(from),
            to: day(to),
            lang,
            cutoff: cut,
            after: None,
            limit: 37,
        };
        let mut total = 0;
        loop {
            let a = mem.export(&q).unwrap();
            assert_eq!(a, sql.export(&q).unwrap(), "{q:?}");
            let Some(last) = a.last() else { break };
            total += a.len();
            q.after = Some((last.story_id, last.article_id));
        }
        assert!(total > 0);
    }
}

#[test]
fn an_article_listed_twice_in_a_story_is_written_as_its_last_listing() {
    backends::each(an_article_listed_twice_in_a_story_is_written_as_its_last_listing_on);
}

fn an_article_listed_twice_in_a_story_is_written_as_its_last_listing_on(backend: Backend) {
    let (_mem, db) = fill(backend, 29);
    let sql = &*db.store;
    let member = |article: i64, source: &str| MemberRecord {
        article_id: article,
        story_id: 0,
        source: source.into(),
        headline: Localized::en("Knesset vote"),
        original: "Knesset vote".into(),
        published_at: now(),
        url: format!("https://example.invalid/listed-twice/{article}"),
        language: Lang::En,
        story_type: "news".into(),
        framing: None,
        updated_at: None,
    };
    let story = NewStory {
        id: 9_000_001,
        url: "https://example.invalid/story/9000001".into(),
        headline: Localized::en("Knesset vote"),
        summary: Localized::default(),
        topic: Topic::ALL[0],
        state: None,
        verdict: None,
        thread_id: None,
        framing_note: Localized::default(),
        entities: vec![],
        updated_at: None,
    };
    let source =
        |article: i64| db.text(&format!("SELECT source FROM articles WHERE id = {article}"));
    // Not stored yet (inserted by the story), then stored (updated): the last listing wins.
    for (first, last) in [("room0", "room1"), ("room1", "room2")] {
        let members = [
            member(9_000_001, first),
            member(9_000_002, "room3"),
            member(9_000_001, last),
        ];
        write_news(sql, |w| w.put_story(&story, &members)).unwrap();
        assert_eq!(source(9_000_001), last);
        assert_eq!(source(9_000_002), "room3");
        assert_eq!(
            db.count("SELECT COUNT(*) FROM articles WHERE story_id = 9000001"),
            2
        );
    }
}

#[test]
fn a_storys_thread_is_read_from_its_column_as_story_record_reads_it() {
    backends::each(a_storys_thread_is_read_from_its_column_as_story_record_reads_it_on);
}

fn a_storys_thread_is_read_from_its_column_as_story_record_reads_it_on(backend: Backend) {
    let (_mem, db) = fill(backend, 31);
    let sql = &*db.store;
    let (threaded, alone) = write_news(sql, |w| {
        let (mut threaded, mut alone) = (0, 0);
        for id in 1..=160i64 {
            let from_record = w.story_record(id)?.and_then(|(_, t)| t);
            assert_eq!(w.story_thread(id)?, from_record, "story {id}");
            if from_record.is_some() {
                threaded += 1;
            } else {
                alone += 1;
            }
        }
        // Not stored: no thread, not an error.
        assert_eq!(w.story_thread(9_999_999)?, None);
        // Moved to another thread, then out of every thread.
        let thread = w.thread_record(1001)?.expect("thread 1001");
        w.set_story_thread(7, Some(&thread))?;
        assert_eq!(w.story_thread(7)?, Some(1001));
        w.set_story_thread(7, None)?;
        assert_eq!(w.story_thread(7)?, None);
        Ok((threaded, alone))
    })
    .unwrap();
    // The generated stories hold both cases.
    assert!(threaded > 0 && alone > 0, "{threaded} {alone}");
}

#[test]
fn a_gone_threads_id_is_kept_in_the_transaction_that_removes_it() {
    backends::each(a_gone_threads_id_is_kept_on);
}

/// A thread's id is kept when the thread is removed, with the thread it went on as (a recount
/// under another id, a merge into another thread: the thread's stories relinked to it) or as
/// ended (fewer than two instalments left, everything cleared to be clustered again), in the
/// same transaction: one that fails keeps nothing. An id that named no thread is none. A
/// database of a lashon that kept none (schema before `former_threads`) is read from its
/// change log when it is opened.
fn a_gone_threads_id_is_kept_on(backend: Backend) {
    let (_mem, db) = fill(backend, 37);
    let sql = &*db.store;
    let threads: Vec<i64> = db
        .rows("SELECT id FROM threads ORDER BY id")
        .iter()
        .map(|r| r[0].as_deref().unwrap().parse().unwrap())
        .collect();
    assert!(threads.len() >= 3, "{threads:?}");
    let (ended, merged, into) = (threads[0], threads[1], threads[2]);
    let failed: Result<(), RepoError> = write_news(sql, |w| {
        w.delete_thread(ended)?;
        Err(RepoError::Internal("a crash mid-write".into()))
    });
    assert!(failed.is_err());
    assert!(sql.thread(ended).unwrap().is_some(), "rolled back");
    assert_eq!(sql.former_thread(ended).unwrap(), None, "nothing kept");

    write_news(sql, |w| {
        w.delete_thread(ended)?;
        // No such thread: nothing to keep.
        w.delete_thread(9_999_999)?;
        // As the recount and the merge of threads do: removed, then its stories relinked.
        let to = w.thread_record(into)?.expect("thread");
        w.delete_thread(merged)?;
        w.relink_thread(merged, &to)
    })
    .unwrap();
    assert!(sql.thread(ended).unwrap().is_none());
    assert_eq!(sql.former_thread(ended).unwrap(), Some(None));
    assert_eq!(sql.former_thread(merged).unwrap(), Some(Some(into)));
    assert_eq!(sql.former_thread(into).unwrap(), None, "still a thread");
    assert_eq!(sql.former_thread(9_999_999).unwrap(), None);

    // A thread the change log names, gone before its id was kept.
    let logged = threads[3];
    write_news(sql, |w| {
        w.add_change(&ChangeRecord {
            seq: 0,
            story_id: 1,
            state: StoryState::ThreadUpdate,
            label: None,
            missing_sides: vec![],
            thread_id: Some(logged),
            changed_at: now(),
        })
    })
    .unwrap();
    db.rows(&format!("DELETE FROM threads WHERE id = {logged}"));
    db.rows("DROP TABLE former_threads");
    db.set_schema_version(9, 3);
    let upgraded = db.another_node();
    assert_eq!(upgraded.former_thread(logged).unwrap(), Some(None));
    assert_eq!(upgraded.former_thread(into).unwrap(), None);

    let live: Vec<i64> = db
        .rows("SELECT id FROM threads")
        .iter()
        .map(|r| r[0].as_deref().unwrap().parse().unwrap())
        .collect();
    assert!(live.contains(&into), "{live:?}");
    write_news(&*upgraded, |w| w.clear_stories()).unwrap();
    for id in &live {
        assert_eq!(
            upgraded.former_thread(*id).unwrap(),
            Some(None),
            "thread {id}"
        );
    }
}

#[test]
fn the_sequence_counts_on_across_transactions_and_a_failed_one_takes_none() {
    backends::each(the_sequence_counts_on_across_transactions_and_a_failed_one_takes_none_on);
}

/// Articles and changes are ordered by one sequence, which a transaction may count in
/// memory (SQLite and PostgreSQL both do, one statement per article being a twentieth of a
/// crawl): what it took is stored when it commits, and a transaction that fails takes none.
fn the_sequence_counts_on_across_transactions_and_a_failed_one_takes_none_on(backend: Backend) {
    let db = backend.open().unwrap();
    let sql = &*db.store;
    let article = |n: i64| ArticleInput {
        source: "room0".into(),
        url: format!("https://example.invalid/sequence/{n}"),
        headline: format!("Knesset vote {n}"),
        published_at: now(),
        language: None,
        summary: None,
        body: None,
        byline: None,
        category: None,
        updated_at: None,
    };
    let stored = || db.count("SELECT value FROM news_meta WHERE name = 'seq'");
    let seq_of = |n: i64| {
        db.count(&format!(
            "SELECT seq FROM articles WHERE url = 'https://example.invalid/sequence/{n}'"
        ))
    };
    let start = stored();
    write_news(sql, |w| {
        for n in 0..3 {
            w.ingest(&article(n), Lang::En)?;
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(stored(), start + 3);
    assert_eq!(sql.export_cutoff().unwrap(), start + 3);
    assert_eq!(
        (seq_of(0), seq_of(1), seq_of(2)),
        (start + 1, start + 2, start + 3)
    );
    let failed: Result<(), RepoError> = write_news(sql, |w| {
        w.ingest(&article(10), Lang::En)?;
        w.ingest(&article(11), Lang::En)?;
        Err(RepoError::Internal("stopped before commit".into()))
    });
    assert!(failed.is_err());
    assert_eq!(stored(), start + 3);
    assert_eq!(db.count("SELECT COUNT(*) FROM articles"), 3);
    // A transaction of one article stores it with the number it took.
    write_news(sql, |w| w.ingest(&article(12), Lang::En).map(|_| ())).unwrap();
    assert_eq!((stored(), seq_of(12)), (start + 4, start + 4));
}
