//! Incremental clustering in the store (`news_ingest::refresh`): the labelled fixture of
//! `lashon-news` (663 Hebrew and English articles, 20 newsrooms, five days) ingested crawl by
//! crawl, each followed by a refresh that restores the clusterer's checkpoint, must group the
//! articles exactly as one pass over all of them does; a changed article rewrites its story
//! without moving it; a backfill older than the window clusters everything again; a refresh
//! with nothing new writes no story.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use chrono::{DateTime, Duration, Utc};
use lashon_core::news::ingest::refresh::{rebuild, refresh};
use lashon_core::news::ingest::{import_registry, ingest_lines};
use lashon_store::SqliteStore as Store;

const FIXTURE: &str = include_str!("../../news-model/tests/data/clustering/articles.jsonl");

/// The fixture's articles as `lashon ingest` reads them (the gold label dropped), oldest first.
fn articles() -> Vec<(DateTime<Utc>, String)> {
    let mut out: Vec<(DateTime<Utc>, String)> = FIXTURE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("gold");
            let at = v["publishedAt"].as_str().unwrap().parse().unwrap();
            (at, v.to_string())
        })
        .collect();
    out.sort_by_key(|a| a.0);
    out
}

/// A registry of the fixture's newsrooms, spread over the press sides.
fn registry() -> String {
    let rooms: BTreeSet<String> = FIXTURE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["source"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    let sides = [
        ("left", "left"),
        ("right", "right"),
        ("centre", "center"),
        ("haredi", "right"),
        ("arab", "unrated"),
        ("business", "center"),
        ("russian", "right"),
        ("religious", "right"),
        ("official", "unrated"),
    ];
    let mut toml = String::new();
    for (i, key) in rooms.iter().enumerate() {
        let (side, lean) = sides[i % sides.len()];
        let language = if key.ends_with("-en")
            || ["timesofisrael", "jpost", "ynetnews"].contains(&key.as_str())
        {
            "en"
        } else {
            "he"
        };
        toml.push_str(&format!(
            "[[newsroom]]\nkey = \"{key}\"\nname = \"{key}\"\nlanguage = \"{language}\"\nside = \"{side}\"\nlean = \"{lean}\"\nplace = \"Israel\"\n\n"
        ));
    }
    toml
}

fn store(dir: &Path, name: &str) -> Store {
    let store = Store::open(dir.join(name)).unwrap();
    import_registry(&store, &registry()).unwrap();
    store
}

/// The stories as sets of article URLs.
fn partition(db: &Path) -> BTreeSet<BTreeSet<String>> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT story_id, url FROM articles WHERE input IS NOT NULL")
        .unwrap();
    let mut by: BTreeMap<i64, BTreeSet<String>> = BTreeMap::new();
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, Option<i64>>(0)?, r.get(1)?)))
        .unwrap();
    for row in rows {
        let (story, url) = row.unwrap();
        by.entry(story.expect("every article has a story"))
            .or_default()
            .insert(url);
    }
    by.into_values().collect()
}

fn count(db: &Path, sql: &str) -> i64 {
    rusqlite::Connection::open(db)
        .unwrap()
        .query_row(sql, [], |r| r.get(0))
        .unwrap()
}

fn lines(items: &[(DateTime<Utc>, String)]) -> String {
    items.iter().map(|(_, l)| format!("{l}\n")).collect()
}

#[test]
fn crawl_by_crawl_refreshes_group_articles_as_one_pass_does() {
    let dir = tempfile::tempdir().unwrap();
    let all = articles();
    let one = store(dir.path(), "one.db");
    ingest_lines(&one, &lines(&all), Duration::zero()).unwrap();
    let end = all.last().unwrap().0 + Duration::hours(1);
    let r = rebuild(&one, &[], end).unwrap();
    assert!(r.full);
    assert_eq!(r.articles, all.len());

    // Crawls every three hours of the five days.
    let inc = store(dir.path(), "inc.db");
    let mut crawls = 0;
    let mut from = 0;
    let mut clock = all[0].0;
    while from < all.len() {
        clock += Duration::hours(3);
        let to = all[from..]
            .iter()
            .position(|(at, _)| *at >= clock)
            .map_or(all.len(), |k| from + k);
        if to == from {
            continue;
        }
        ingest_lines(&inc, &lines(&all[from..to]), Duration::zero()).unwrap();
        let r = refresh(&inc, &[], clock).unwrap();
        // Only the first refresh (no checkpoint yet) clusters from the start.
        assert_eq!(r.full, crawls == 0, "crawl {crawls}");
        assert_eq!(r.articles, to - from, "crawl {crawls}");
        assert!(r.stories <= to - from, "crawl {crawls}: {r:?}");
        crawls += 1;
        from = to;
    }
    assert!(crawls >= 30, "{crawls} crawls");
    let (p1, p2) = (
        partition(&dir.path().join("one.db")),
        partition(&dir.path().join("inc.db")),
    );
    assert!(p1.len() > 80, "{} stories", p1.len());
    assert_eq!(p2, p1);
    // The same stories under the same ids, each with its state and feature sums.
    for db in ["one.db", "inc.db"] {
        let db = dir.path().join(db);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM stories"), p1.len() as i64);
        assert_eq!(
            count(&db, "SELECT COUNT(*) FROM stories WHERE state IS NULL"),
            0
        );
        assert_eq!(
            count(&db, "SELECT COUNT(*) FROM story_features"),
            p1.len() as i64
        );
        // Every thread counts its stories, and has two or more.
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM threads t WHERE t.nodes != (SELECT COUNT(*) FROM stories s WHERE s.thread_id = t.id) OR t.nodes < 2"
            ),
            0
        );
        // Every story's record links the thread its row points to, and only that one.
        assert_eq!(
            count(
                &db,
                "SELECT COUNT(*) FROM stories WHERE (thread_id IS NOT NULL AND json_extract(record, '$.thread.id') IS NOT thread_id) OR (thread_id IS NULL AND json_extract(record, '$.thread') IS NOT NULL)"
            ),
            0
        );
    }
    assert!(count(&dir.path().join("inc.db"), "SELECT COUNT(*) FROM threads") > 0);
}

#[test]
fn a_changed_article_rewrites_its_story_and_stays_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let all = articles();
    let s = store(dir.path(), "s.db");
    let db = dir.path().join("s.db");
    ingest_lines(&s, &lines(&all), Duration::zero()).unwrap();
    let now = all.last().unwrap().0 + Duration::hours(1);
    refresh(&s, &[], now).unwrap();
    let before = partition(&db);

    // Nothing new: no story written, states still computed for the live ones.
    let r = refresh(&s, &[], now + Duration::minutes(10)).unwrap();
    assert_eq!((r.full, r.articles, r.stories), (false, 0, 0), "{r:?}");
    assert!(r.states > 0);

    // The lead of the newest story gets a corrected headline.
    let lead_url: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT a.url FROM stories s JOIN articles a ON a.id = s.id ORDER BY s.latest_at DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let (_, line) = all.iter().find(|(_, l)| l.contains(&lead_url)).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["headline"] = serde_json::Value::from("Corrected: a headline fixed by the newsroom");
    let report = ingest_lines(&s, &format!("{v}\n"), Duration::zero()).unwrap();
    assert_eq!(report.updated, 1);
    let r = refresh(&s, &[], now + Duration::minutes(20)).unwrap();
    assert_eq!((r.full, r.articles, r.stories), (false, 1, 1), "{r:?}");
    assert_eq!(partition(&db), before);
    let record: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT s.record FROM stories s JOIN articles a ON a.id = s.id WHERE a.url = ?",
            [&lead_url],
            |r| r.get(0),
        )
        .unwrap();
    assert!(record.contains("Corrected: a headline fixed"), "{record}");

    // The same article again, unchanged: nothing to do.
    ingest_lines(&s, &format!("{v}\n"), Duration::zero()).unwrap();
    let r = refresh(&s, &[], now + Duration::minutes(30)).unwrap();
    assert_eq!((r.articles, r.stories), (0, 0), "{r:?}");
}

#[test]
fn a_backfill_older_than_the_window_clusters_everything_again() {
    let dir = tempfile::tempdir().unwrap();
    let all = articles();
    // The first day held back, the rest refreshed: then the first day arrives late.
    let day2 = all[0].0 + Duration::days(1);
    let split = all.iter().position(|(at, _)| *at >= day2).unwrap();
    let s = store(dir.path(), "late.db");
    ingest_lines(&s, &lines(&all[split..]), Duration::zero()).unwrap();
    let end = all.last().unwrap().0 + Duration::hours(1);
    refresh(&s, &[], end).unwrap();
    ingest_lines(&s, &lines(&all[..split]), Duration::zero()).unwrap();
    let r = refresh(&s, &[], end).unwrap();
    assert!(r.full, "{r:?}");
    assert_eq!(r.articles, all.len());

    let one = store(dir.path(), "one.db");
    ingest_lines(&one, &lines(&all), Duration::zero()).unwrap();
    rebuild(&one, &[], end).unwrap();
    assert_eq!(
        partition(&dir.path().join("late.db")),
        partition(&dir.path().join("one.db"))
    );
}

#[test]
fn the_bundled_people_are_added_once_and_found_in_new_articles() {
    let dir = tempfile::tempdir().unwrap();
    let s = store(dir.path(), "p.db");
    let db = dir.path().join("p.db");
    let people = lashon_core::news::ingest::people::registry(&s).unwrap();
    assert!(people.len() >= 80);
    // Again: nothing added twice.
    assert_eq!(
        lashon_core::news::ingest::people::registry(&s)
            .unwrap()
            .len(),
        people.len()
    );
    let now: DateTime<Utc> = "2026-03-01T12:00:00Z".parse().unwrap();
    let line = serde_json::json!({
        "source": "ynet",
        "url": "https://fixture.lashon.invalid/ynet/people-1",
        "headline": "נתניהו ולפיד נפגשו בירושלים",
        "summary": "ראש הממשלה בנימין נתניהו אירח את יאיר לפיד.",
        "publishedAt": "2026-03-01T11:00:00Z",
    });
    ingest_lines(&s, &format!("{line}\n"), Duration::zero()).unwrap();
    refresh(&s, &people, now).unwrap();
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(DISTINCT person_id) FROM mentions WHERE person_id IN (43723, 1396120)"
        ),
        2
    );
    let entities: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("SELECT record FROM stories", [], |r| r.get(0))
        .unwrap();
    assert!(entities.contains("Benjamin Netanyahu"), "{entities}");
}
