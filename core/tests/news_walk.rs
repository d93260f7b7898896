//! Keyset walks over the in-memory store while new rows arrive between pages: no duplicate,
//! no gap; cursors forged or sent with changed parameters are 400.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Duration, Utc};
use lashon_core::news::{
    changes, export_page, list_stories, scripted_corpus, search, story_members, trending,
    MemoryNewsRepository, NewStory, NewsContext,
};
use lashon_news::cursor::CursorCodec;
use lashon_news::export::read_page;
use lashon_news::params::{
    ChangesParams, ExportFormat, ExportParams, MembersParams, Query, SearchParams, StoriesParams,
    TrendingParams,
};
use lashon_news::record::{ChangeRecord, MemberRecord};
use lashon_news::{Clock, Lang, Localized, NewsError, StoryState, Topic};

/// A clock that moves forward one minute each time it is read, as a real one would.
struct SteppingClock(AtomicI64);

impl Clock for SteppingClock {
    fn now(&self) -> DateTime<Utc> {
        let s = self.0.fetch_add(60, Ordering::SeqCst);
        DateTime::from_timestamp(s, 0).unwrap()
    }
}

const START: i64 = 1_780_000_000;

fn start() -> DateTime<Utc> {
    DateTime::from_timestamp(START, 0).unwrap()
}

const SOURCES: [&str; 9] = [
    "haaretz",
    "ynet",
    "israelhayom",
    "hamodia",
    "inn",
    "panet",
    "vesti",
    "globes",
    "gpo",
];

fn member(story: i64, n: i64, source: &str, at: DateTime<Utc>, lang: Lang) -> MemberRecord {
    MemberRecord {
        article_id: story * 1000 + n,
        story_id: story,
        source: source.into(),
        headline: Localized::both(
            format!("story {story} article {n}"),
            format!("כתבה {story}"),
        ),
        original: format!("original {story}/{n}"),
        published_at: at,
        url: format!("https://{source}.example/{story}/{n}"),
        language: lang,
        story_type: "report".into(),
        framing: None,
        updated_at: None,
    }
}

fn add(repo: &MemoryNewsRepository, id: i64, topic: Topic, at: DateTime<Utc>, sources: &[&str]) {
    let members = sources
        .iter()
        .enumerate()
        .map(|(n, s)| member(id, n as i64, s, at - Duration::minutes(n as i64), Lang::He))
        .collect();
    repo.add_story(
        NewStory {
            id,
            url: format!("https://lashon.example/{id}"),
            headline: Localized::both(format!("Budget story {id}"), format!("סיפור תקציב {id}")),
            summary: Localized::default(),
            topic,
            state: Some(StoryState::ALL[(id % 8) as usize]),
            verdict: None,
            thread_id: None,
            framing_note: Localized::default(),
            entities: vec![],
            updated_at: None,
        },
        members,
    )
    .unwrap();
}

/// 300 stories, three per minute (ties on `latestAt` broken by id), ids shuffled.
fn big_repo() -> (MemoryNewsRepository, BTreeSet<i64>) {
    let repo = scripted_corpus(start()).unwrap();
    let mut ids = BTreeSet::new();
    for i in 0..300i64 {
        let id = 10_000 + (i * 7919) % 300;
        let topic = if i % 2 == 0 {
            Topic::Economy
        } else {
            Topic::Politics
        };
        add(
            &repo,
            id,
            topic,
            start() - Duration::minutes(5 + i / 3),
            &SOURCES[..1 + (i % 9) as usize],
        );
        ids.insert(id);
    }
    for s in [101, 102, 103, 104, 105, 106] {
        ids.insert(s);
    }
    (repo, ids)
}

fn walk_stories(
    ctx: &NewsContext<'_>,
    repo: &MemoryNewsRepository,
    base: &[(&str, &str)],
    insert_from: i64,
) -> Vec<i64> {
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut next_id = insert_from;
    for page_no in 0.. {
        let mut pairs: Vec<(String, String)> = base
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        if let Some(c) = &cursor {
            pairs.push(("cursor".into(), c.clone()));
        }
        let page = list_stories(ctx, &StoriesParams::parse(&Query::new(pairs)).unwrap()).unwrap();
        assert!(page.data.len() <= page.limit as usize);
        seen.extend(page.data.iter().map(|s| s.id));
        // Publishing during the walk: new stories at the top, one older than everything.
        for _ in 0..3 {
            add(
                repo,
                next_id,
                Topic::Economy,
                ctx.clock.now(),
                &["ynet", "haaretz"],
            );
            next_id += 1;
        }
        match page.next_cursor {
            Some(c) => cursor = Some(c),
            None => break,
        }
        assert!(page_no < 1000, "walk does not end");
    }
    seen
}

#[test]
fn story_walk_has_no_duplicate_and_no_gap_while_stories_arrive() {
    let (repo, ids) = big_repo();
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"walk key");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let seen = walk_stories(&ctx, &repo, &[("limit", "17"), ("lang", "he")], 50_000);
    let unique: BTreeSet<i64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "duplicates in the walk");
    assert_eq!(
        unique, ids,
        "the walk must return exactly the stories present at its start"
    );
    // Newest first, and the new stories arrived (they are there for the next walk).
    let again = walk_stories(&ctx, &repo, &[("limit", "100")], 60_000);
    assert!(again.len() > ids.len());
}

#[test]
fn filtered_walk_ors_within_and_ands_across() {
    let (repo, _) = big_repo();
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"walk key");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let seen = walk_stories(
        &ctx,
        &repo,
        &[
            ("limit", "9"),
            ("topic", "economy"),
            ("topic", "weather"),
            ("source", "gpo"),
            ("source", "globes"),
        ],
        70_000,
    );
    let unique: BTreeSet<i64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len());
    // Expected: (economy OR weather) AND (gpo OR globes), from the generator's rule.
    let mut want = BTreeSet::new();
    for i in 0..300i64 {
        let n = 1 + (i % 9) as usize;
        let has = SOURCES[..n].contains(&"gpo") || SOURCES[..n].contains(&"globes");
        if i % 2 == 0 && has {
            want.insert(10_000 + (i * 7919) % 300);
        }
    }
    want.insert(101); // corpus: economy, run by globes and gpo
    assert_eq!(unique, want);
}

fn expect_400(r: Result<impl std::fmt::Debug, NewsError>, what: &str) {
    let e = r.expect_err(what);
    assert_eq!(e.http_status(), 400, "{what}: {e}");
    assert_eq!(e.envelope().error.code.as_str(), "bad_request");
}

#[test]
fn forged_and_rebound_cursors_are_rejected() {
    let (repo, _) = big_repo();
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"walk key");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let first = StoriesParams::parse(&Query::new([("limit", "10"), ("topic", "economy")])).unwrap();
    let cursor = list_stories(&ctx, &first).unwrap().next_cursor.unwrap();
    let with = |extra: &[(&str, &str)]| {
        let mut pairs = vec![("cursor", cursor.as_str())];
        pairs.extend_from_slice(extra);
        StoriesParams::parse(&Query::new(
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())),
        ))
        .unwrap()
    };
    // Unchanged parameters: accepted.
    assert!(list_stories(&ctx, &with(&[("limit", "10"), ("topic", "economy")])).is_ok());
    // Every other parameter changed in turn.
    for changed in [
        vec![("limit", "11"), ("topic", "economy")],
        vec![("topic", "economy")],
        vec![("limit", "10")],
        vec![("limit", "10"), ("topic", "economy"), ("topic", "tech")],
        vec![("limit", "10"), ("topic", "economy"), ("lang", "he")],
        vec![("limit", "10"), ("topic", "economy"), ("source", "ynet")],
        vec![("limit", "10"), ("topic", "economy"), ("since", "3")],
        vec![("limit", "10"), ("topic", "economy"), ("state", "breaking")],
    ] {
        expect_400(
            list_stories(&ctx, &with(&changed)),
            &format!("changed {changed:?}"),
        );
    }
    // Forged: another key, tampered text, garbage.
    let other_codec = CursorCodec::new(b"not the key");
    let other = NewsContext::new(&repo, &clock, &other_codec);
    expect_400(
        list_stories(&other, &with(&[("limit", "10"), ("topic", "economy")])),
        "other key",
    );
    let mut tampered = cursor.clone().into_bytes();
    let mid = tampered.len() / 2;
    tampered[mid] = if tampered[mid] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    for bad in [tampered.as_str(), "not-a-cursor", "", "%%%", "AAAA"] {
        let p = StoriesParams::parse(&Query::new([
            ("limit", "10"),
            ("topic", "economy"),
            ("cursor", bad),
        ]))
        .unwrap();
        expect_400(list_stories(&ctx, &p), bad);
    }
    // A stories cursor on search.
    let s = SearchParams::parse(&Query::new([
        ("q", "budget"),
        ("limit", "10"),
        ("topic", "economy"),
        ("cursor", cursor.as_str()),
    ]))
    .unwrap();
    expect_400(search(&ctx, &s), "stories cursor on search");
}

#[test]
fn trending_cursor_is_valid_only_for_its_metric() {
    let (repo, _) = big_repo();
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"walk key");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let p = TrendingParams::parse(&Query::new([("metric", "heat"), ("limit", "2")])).unwrap();
    let page = trending(&ctx, &p).unwrap();
    let cursor = page.next_cursor.unwrap();
    let same = TrendingParams::parse(&Query::new([
        ("metric", "heat"),
        ("limit", "2"),
        ("cursor", cursor.as_str()),
    ]))
    .unwrap();
    let next = trending(&ctx, &same).unwrap();
    assert_eq!(
        next.data.first().map(|i| i.rank),
        Some(3),
        "ranks continue across pages"
    );
    for metric in ["acceleration", "velocity", "importance"] {
        let other = TrendingParams::parse(&Query::new([
            ("metric", metric),
            ("limit", "2"),
            ("cursor", cursor.as_str()),
        ]))
        .unwrap();
        expect_400(trending(&ctx, &other), metric);
    }
}

#[test]
fn member_walk_with_registry_filter_keeps_cursor_on_short_pages() {
    let repo = scripted_corpus(start()).unwrap();
    let members: Vec<MemberRecord> = (0..90)
        .map(|n| {
            member(
                777,
                n,
                SOURCES[(n % 9) as usize],
                start() - Duration::minutes(90 - n),
                Lang::En,
            )
        })
        .collect();
    repo.add_story(
        NewStory {
            id: 777,
            url: "https://lashon.example/777".into(),
            headline: Localized::en("Many members"),
            summary: Localized::default(),
            topic: Topic::General,
            state: None,
            verdict: None,
            thread_id: None,
            framing_note: Localized::default(),
            entities: vec![],
            updated_at: None,
        },
        members,
    )
    .unwrap();
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"k");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let mut cursor: Option<String> = None;
    let mut seen = Vec::new();
    let mut short_with_cursor = false;
    loop {
        let mut pairs = vec![
            ("side".to_string(), "left".to_string()),
            ("limit".into(), "12".into()),
        ];
        if let Some(c) = &cursor {
            pairs.push(("cursor".into(), c.clone()));
        }
        let page = story_members(
            &ctx,
            "777",
            &MembersParams::parse(&Query::new(pairs)).unwrap(),
        )
        .unwrap();
        assert_eq!(page.extra.story_id, 777);
        assert!(page
            .data
            .iter()
            .all(|m| m.side == lashon_news::Side::Left && m.source == "haaretz"));
        if page.next_cursor.is_some() && page.data.len() < 12 {
            short_with_cursor = true;
        }
        seen.extend(page.data.iter().map(|m| m.article_id));
        match page.next_cursor {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    assert!(
        short_with_cursor,
        "rule 2: a filtered page may be short and still carry a cursor"
    );
    let want: Vec<i64> = (0..90)
        .filter(|n| n % 9 == 0)
        .map(|n| 777_000 + n)
        .collect();
    assert_eq!(seen, want);
    // The member cursor is bound to the story.
    let p = MembersParams::parse(&Query::new([
        ("side", "left"),
        ("limit", "12"),
        ("cursor", cursor.as_deref().unwrap_or("x")),
    ]))
    .unwrap();
    expect_400(
        story_members(&ctx, "101", &p),
        "member cursor of another story",
    );
}

#[test]
fn change_walk_runs_forward_without_loss() {
    let repo = MemoryNewsRepository::new();
    for i in 0..60i64 {
        repo.add_change(ChangeRecord {
            seq: 0,
            story_id: i,
            state: StoryState::Breaking,
            label: None,
            missing_sides: vec![],
            thread_id: None,
            // Pairs of changes share an instant.
            changed_at: start() - Duration::hours(100) + Duration::hours(i / 2),
        });
    }
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"k");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let since = "2000-01-01T00:00:00Z";
    let mut cursor: Option<String> = None;
    let mut seen = Vec::new();
    let mut checkpoints = Vec::new();
    loop {
        let mut pairs = vec![
            ("since".to_string(), since.to_string()),
            ("limit".into(), "7".into()),
        ];
        if let Some(c) = &cursor {
            pairs.push(("cursor".into(), c.clone()));
        }
        let page = changes(&ctx, &ChangesParams::parse(&Query::new(pairs)).unwrap()).unwrap();
        // Rule 8: the floor is seven days before now, echoed as `since`.
        assert!(page.extra.since > start() - Duration::days(7) - Duration::minutes(1));
        assert!(page.extra.since < start() - Duration::days(7) + Duration::hours(1));
        if let Some(last) = page.data.last() {
            assert_eq!(page.extra.checkpoint, last.changed_at);
        }
        seen.extend(page.data.iter().map(|c| (c.changed_at, c.story_id)));
        checkpoints.push(page.extra.checkpoint);
        match page.next_cursor {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    assert_eq!(seen, sorted, "changes run forward in time");
    assert_eq!(
        seen.iter().map(|c| c.1).collect::<Vec<_>>(),
        (0..60).collect::<Vec<_>>()
    );
    // Polling from the checkpoint: only the last instant again, then a new change.
    repo.add_change(ChangeRecord {
        seq: 0,
        story_id: 999,
        state: StoryState::Resolved,
        label: None,
        missing_sides: vec![],
        thread_id: None,
        changed_at: start() + Duration::hours(1),
    });
    let cp = checkpoints.last().unwrap().to_rfc3339();
    let page = changes(
        &ctx,
        &ChangesParams::parse(&Query::new([("since", cp.as_str())])).unwrap(),
    )
    .unwrap();
    let ids: Vec<i64> = page.data.iter().map(|c| c.story_id).collect();
    assert_eq!(ids, vec![58, 59, 999]);
    // A `since` ahead of the clock reads as now, so the checkpoint is never ahead of it; with
    // no change after the effective since, the checkpoint is that since.
    let later = start() + Duration::days(1);
    let page = changes(
        &ctx,
        &ChangesParams::parse(&Query::new([("since", later.to_rfc3339().as_str())])).unwrap(),
    )
    .unwrap();
    assert!(page.extra.since < later, "{}", page.extra.since);
    assert!(page.extra.checkpoint < later);
    assert!(page.data.iter().all(|c| c.changed_at >= page.extra.since));
    let after_all = changes(
        &ctx,
        &ChangesParams::parse(&Query::new([(
            "since",
            page.extra.checkpoint.to_rfc3339().as_str(),
        )]))
        .unwrap(),
    )
    .unwrap();
    if after_all.data.is_empty() {
        assert_eq!(after_all.extra.checkpoint, after_all.extra.since);
    }
}

#[test]
fn export_walk_pins_its_snapshot_and_keeps_stories_whole() {
    let repo = scripted_corpus(start()).unwrap();
    // 1,400 articles in stories of 1 to 37 articles, all on 2026-01-10/11 (UTC).
    let day = DateTime::parse_from_rfc3339("2026-01-10T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc);
    let mut total = 0;
    let mut id = 20_000;
    while total < 1400 {
        let size = 1 + (id % 37) as usize;
        let members: Vec<MemberRecord> = (0..size)
            .map(|n| {
                let lang = if n % 3 == 0 { Lang::En } else { Lang::He };
                member(
                    id,
                    n as i64,
                    SOURCES[n % 9],
                    day + Duration::minutes(n as i64 * 20),
                    lang,
                )
            })
            .collect();
        total += size;
        repo.add_story(
            NewStory {
                id,
                url: format!("https://lashon.example/{id}"),
                headline: Localized::en("export"),
                summary: Localized::default(),
                topic: Topic::World,
                state: Some(StoryState::Developing),
                verdict: None,
                thread_id: None,
                framing_note: Localized::default(),
                entities: vec![],
                updated_at: None,
            },
            members,
        )
        .unwrap();
        id += 1;
    }
    let clock = SteppingClock(AtomicI64::new(START));
    let codec = CursorCodec::new(b"k");
    let ctx = NewsContext::new(&repo, &clock, &codec);
    let mut inserted = 90_000;
    for (format, name) in [(ExportFormat::Csv, "csv"), (ExportFormat::Jsonl, "jsonl")] {
        let mut cursor: Option<String> = None;
        let mut all = Vec::new();
        let mut pages = 0;
        // Stories ingested during an earlier walk (one article each) are in this snapshot.
        let walk_start = inserted;
        let snapshot = total + (walk_start - 90_000) as usize;
        loop {
            let mut pairs = vec![
                ("from".to_string(), "2026-01-10".to_string()),
                ("to".into(), "2026-01-11".into()),
                ("format".into(), name.into()),
            ];
            if let Some(c) = &cursor {
                pairs.push(("cursor".into(), c.clone()));
            }
            let page =
                export_page(&ctx, &ExportParams::parse(&Query::new(pairs)).unwrap()).unwrap();
            let body = page.body().unwrap();
            let records = read_page(format, &body).unwrap();
            assert_eq!(records, page.records);
            assert!(records.len() <= 500);
            pages += 1;
            // Grouped by story: a story never continues on the next page (none is over 500).
            if let (Some(last), Some(next)) = (all.last(), records.first()) {
                let (last, next): (
                    &lashon_news::export::ExportRecord,
                    &lashon_news::export::ExportRecord,
                ) = (last, next);
                assert_ne!(last.story_id, next.story_id, "story split across pages");
            }
            all.extend(records);
            // Ingested during the walk: outside the snapshot.
            add(
                &repo,
                inserted,
                Topic::World,
                day + Duration::hours(2),
                &["ynet"],
            );
            inserted += 1;
            match page.next_cursor {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        assert!(pages >= 3);
        let keys: Vec<(i64, i64)> = all.iter().map(|r| (r.story_id, r.article_id)).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(keys, sorted, "{name}: ordered, no duplicates");
        assert_eq!(
            all.len(),
            snapshot,
            "{name}: every article of the snapshot, nothing later"
        );
        assert!(all.iter().all(|r| r.story_id < walk_start));
    }
    // lang exports only records stored in that language (no fallback).
    let p = ExportParams::parse(&Query::new([
        ("from", "2026-01-10"),
        ("to", "2026-01-11"),
        ("lang", "en"),
    ]))
    .unwrap();
    let page = export_page(&ctx, &p).unwrap();
    assert!(!page.records.is_empty());
    assert!(page
        .records
        .iter()
        .all(|r| r.language == Lang::En && r.headline.starts_with("story ")));
    let en_total = page.records.len();
    assert!(page.next_cursor.is_none() && en_total < snapshot_total(&ctx));
    // A cursor with changed dates, format or lang is a 400.
    let p =
        ExportParams::parse(&Query::new([("from", "2026-01-10"), ("to", "2026-01-11")])).unwrap();
    let c = export_page(&ctx, &p).unwrap().next_cursor.unwrap();
    for changed in [
        [
            ("from", "2026-01-09"),
            ("to", "2026-01-11"),
            ("format", "jsonl"),
        ],
        [
            ("from", "2026-01-10"),
            ("to", "2026-01-12"),
            ("format", "jsonl"),
        ],
        [
            ("from", "2026-01-10"),
            ("to", "2026-01-11"),
            ("format", "csv"),
        ],
        [("from", "2026-01-10"), ("to", "2026-01-11"), ("lang", "he")],
    ] {
        let mut pairs = changed.to_vec();
        pairs.push(("cursor", c.as_str()));
        let p = ExportParams::parse(&Query::new(pairs)).unwrap();
        expect_400(
            export_page(&ctx, &p),
            &format!("export cursor with {changed:?}"),
        );
    }
    let same = ExportParams::parse(&Query::new([
        ("from", "2026-01-10"),
        ("to", "2026-01-11"),
        ("format", "jsonl"),
        ("cursor", c.as_str()),
    ]))
    .unwrap();
    assert!(export_page(&ctx, &same).is_ok());
}

fn snapshot_total(ctx: &NewsContext<'_>) -> usize {
    let p =
        ExportParams::parse(&Query::new([("from", "2026-01-10"), ("to", "2026-01-11")])).unwrap();
    let mut n = 0;
    let mut page = export_page(ctx, &p).unwrap();
    loop {
        n += page.records.len();
        let Some(c) = page.next_cursor.clone() else {
            return n;
        };
        let p = ExportParams::parse(&Query::new([
            ("from", "2026-01-10"),
            ("to", "2026-01-11"),
            ("cursor", c.as_str()),
        ]))
        .unwrap();
        page = export_page(ctx, &p).unwrap();
    }
}
