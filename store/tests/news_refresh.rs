//! Incremental clustering in the store (`news_ingest::refresh`): the labelled fixture of
//! `lashon-news` (663 Hebrew and English articles, 20 newsrooms, five days) ingested crawl by
//! crawl, each followed by a refresh that restores the clusterer's checkpoint, must group the
//! articles exactly as one pass over all of them does; a changed article rewrites its story
//! without moving it; a backfill older than the window clusters everything again; a refresh
//! with nothing new writes no story. On each backend (see `backends`).

mod backends;

use std::collections::{BTreeMap, BTreeSet};

use backends::{Backend, Db};
use chrono::{DateTime, Duration, Utc};
use lashon_core::news::ingest::refresh::{rebuild, refresh};
use lashon_core::news::ingest::{import_registry, ingest_lines};
use lashon_core::ports::ServiceStore;

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

/// A fresh database of `backend` holding the fixture's registry.
fn store(backend: Backend) -> Db {
    let db = backend.open().unwrap();
    import_registry(&*db.store, &registry()).unwrap();
    db
}

/// The stories as sets of article URLs.
fn partition(db: &Db) -> BTreeSet<BTreeSet<String>> {
    let mut by: BTreeMap<i64, BTreeSet<String>> = BTreeMap::new();
    for row in db.rows("SELECT story_id, url FROM articles WHERE input IS NOT NULL") {
        let story: i64 = row[0]
            .as_deref()
            .expect("every article has a story")
            .parse()
            .unwrap();
        by.entry(story).or_default().insert(row[1].clone().unwrap());
    }
    by.into_values().collect()
}

/// Stories whose record does not link the thread their row points to, or links one when
/// the row points to none.
fn mislinked(db: &Db) -> i64 {
    if db.is_postgres() {
        db.count(
            "SELECT COUNT(*) FROM stories WHERE (thread_id IS NOT NULL AND (record::jsonb->'thread'->>'id')::bigint IS DISTINCT FROM thread_id) OR (thread_id IS NULL AND COALESCE(jsonb_typeof(record::jsonb->'thread'), 'null') <> 'null')",
        )
    } else {
        db.count(
            "SELECT COUNT(*) FROM stories WHERE (thread_id IS NOT NULL AND json_extract(record, '$.thread.id') IS NOT thread_id) OR (thread_id IS NULL AND json_extract(record, '$.thread') IS NOT NULL)",
        )
    }
}

/// Every story of a thread, read as the API reads it (one story, a thread's arc), shows its
/// thread's title and days as they are now, though a story's stored link is written only when
/// it joins a thread (a later instalment makes the thread run longer).
fn threads_read_as_they_are_now(db: &Db) {
    let mut longer = 0;
    for row in db.rows("SELECT id, thread_id FROM stories WHERE thread_id IS NOT NULL") {
        let id: i64 = row[0].as_deref().unwrap().parse().unwrap();
        let t: i64 = row[1].as_deref().unwrap().parse().unwrap();
        let thread = db
            .store
            .thread(t)
            .unwrap()
            .expect("the thread of a story is stored");
        let want = (thread.id, thread.title.clone(), thread.days());
        let story = db.store.story(id).unwrap().unwrap();
        let link = story.thread.expect("a story in a thread links it");
        assert_eq!((link.id, link.title, link.days), want, "story {id}");
        let arc = db.store.thread_arc(t, 100).unwrap();
        let in_arc = arc
            .iter()
            .find(|s| s.id == id)
            .expect("the arc holds the story");
        let link = in_arc.thread.clone().unwrap();
        assert_eq!(
            (link.id, link.title, link.days),
            want,
            "story {id} in its arc"
        );
        longer += i64::from(thread.days() > 1);
    }
    assert!(
        longer > 0,
        "no thread ran over two days: the check above proved nothing"
    );
}

/// The ids of the stored stories.
fn story_ids(db: &Db) -> BTreeSet<i64> {
    db.rows("SELECT id FROM stories")
        .iter()
        .map(|r| r[0].as_deref().unwrap().parse().unwrap())
        .collect()
}

/// Every story id in `seen` still answers: it is a story, or it is gone (merged away, or
/// dissolved when everything was clustered again) and leads to the story its first article
/// (whose id it had) is in now. Some must be gone, or the check proved nothing.
fn every_id_still_answers(db: &Db, seen: &BTreeSet<i64>) {
    every_id_still_answers_through(db, &*db.store, seen);
}

/// [`every_id_still_answers`], read through `store` (another node on `db`'s database).
fn every_id_still_answers_through(db: &Db, store: &dyn ServiceStore, seen: &BTreeSet<i64>) {
    let now = story_ids(db);
    let gone: Vec<i64> = seen.difference(&now).copied().collect();
    assert!(!gone.is_empty(), "no story went: the check proves nothing");
    for id in gone {
        let next = store
            .successor(id)
            .unwrap()
            .unwrap_or_else(|| panic!("story {id} went and leads nowhere"));
        assert!(now.contains(&next), "story {id} leads to {next}, no story");
        let holds = db.count(&format!(
            "SELECT COUNT(*) FROM articles WHERE id = {id} AND story_id = {next}"
        ));
        assert_eq!(
            holds, 1,
            "story {id} leads to {next}, not its first article's story"
        );
    }
    for id in &now {
        assert_eq!(store.successor(*id).unwrap(), None, "story {id} is current");
    }
    // An id that never named a story: an article that joined another's story.
    let joined: i64 = db
        .rows("SELECT id FROM articles WHERE story_id IS NOT NULL AND story_id <> id ORDER BY id")
        .iter()
        .map(|r| r[0].as_deref().unwrap().parse().unwrap())
        .find(|id| !seen.contains(id))
        .expect("an article that joined another's story");
    assert_eq!(store.successor(joined).unwrap(), None, "article {joined}");
}

/// One fixture article as `lashon ingest` reads it, with its publication time.
type Line = (DateTime<Utc>, String);

/// The fixture ingested into a fresh store of `backend` and refreshed an hour after its last
/// article: the articles, the database and that hour.
fn refreshed(backend: Backend) -> (Vec<Line>, Db, DateTime<Utc>) {
    let all = articles();
    let db = store(backend);
    ingest_lines(&*db.store, &lines(&all), Duration::zero()).unwrap();
    let now = all.last().unwrap().0 + Duration::hours(1);
    refresh(&*db.store, &[], now).unwrap();
    (all, db, now)
}

fn lines(items: &[(DateTime<Utc>, String)]) -> String {
    items.iter().map(|(_, l)| format!("{l}\n")).collect()
}

#[test]
fn crawl_by_crawl_refreshes_group_articles_as_one_pass_does() {
    backends::each(crawl_by_crawl_on);
}

fn crawl_by_crawl_on(backend: Backend) {
    let all = articles();
    let one_db = store(backend);
    let one = &*one_db.store;
    ingest_lines(one, &lines(&all), Duration::zero()).unwrap();
    let end = all.last().unwrap().0 + Duration::hours(1);
    let r = rebuild(one, &[], end).unwrap();
    assert!(r.full);
    assert_eq!(r.articles, all.len());

    // Crawls every three hours of the five days.
    let inc_db = store(backend);
    let inc = &*inc_db.store;
    let mut crawls = 0;
    let mut from = 0;
    let mut clock = all[0].0;
    // Every story id a reader could have been given along the way.
    let mut seen: BTreeSet<i64> = BTreeSet::new();
    while from < all.len() {
        clock += Duration::hours(3);
        let to = all[from..]
            .iter()
            .position(|(at, _)| *at >= clock)
            .map_or(all.len(), |k| from + k);
        if to == from {
            continue;
        }
        ingest_lines(inc, &lines(&all[from..to]), Duration::zero()).unwrap();
        let r = refresh(inc, &[], clock).unwrap();
        // Only the first refresh (no checkpoint yet) clusters from the start.
        assert_eq!(r.full, crawls == 0, "crawl {crawls}");
        assert_eq!(r.articles, to - from, "crawl {crawls}");
        assert!(r.stories <= to - from, "crawl {crawls}: {r:?}");
        seen.extend(story_ids(&inc_db));
        crawls += 1;
        from = to;
    }
    every_id_still_answers(&inc_db, &seen);
    // The database as a lashon before former stories were kept left it (schema version 8):
    // the ids of stories merged away are only in the change log. Opened by this lashon, they
    // answer again.
    inc_db.rows("DROP TABLE former_stories");
    inc_db.rows("DROP TABLE former_threads");
    inc_db.set_schema_version(8, 2);
    let upgraded = inc_db.another_node();
    every_id_still_answers_through(&inc_db, &*upgraded, &seen);
    assert!(crawls >= 30, "{crawls} crawls");
    let (p1, p2) = (partition(&one_db), partition(&inc_db));
    assert!(p1.len() > 80, "{} stories", p1.len());
    assert_eq!(p2, p1);
    // The same stories under the same ids, each with its state and feature sums.
    for db in [&one_db, &inc_db] {
        assert_eq!(db.count("SELECT COUNT(*) FROM stories"), p1.len() as i64);
        assert_eq!(
            db.count("SELECT COUNT(*) FROM stories WHERE state IS NULL"),
            0
        );
        assert_eq!(
            db.count("SELECT COUNT(*) FROM story_features"),
            p1.len() as i64
        );
        // Every thread counts its stories, and has two or more.
        assert_eq!(
            db.count(
                "SELECT COUNT(*) FROM threads t WHERE t.nodes != (SELECT COUNT(*) FROM stories s WHERE s.thread_id = t.id) OR t.nodes < 2"
            ),
            0
        );
        // Every story's record links the thread its row points to, and only that one.
        assert_eq!(mislinked(db), 0);
        threads_read_as_they_are_now(db);
    }
    assert!(inc_db.count("SELECT COUNT(*) FROM threads") > 0);
}

#[test]
fn a_changed_article_rewrites_its_story_and_stays_in_it() {
    backends::each(a_changed_article_on);
}

fn a_changed_article_on(backend: Backend) {
    let (all, db, now) = refreshed(backend);
    let s = &*db.store;
    let before = partition(&db);

    // Nothing new: no story written, states still computed for the live ones, and only
    // for them: every story not resolved (or without a state yet), no resolved one.
    let live = db.count("SELECT COUNT(*) FROM stories WHERE state IS NULL OR state <> 'resolved'");
    let resolved = db.count("SELECT COUNT(*) FROM stories WHERE state = 'resolved'");
    assert!(live > 0 && resolved > 0, "live {live}, resolved {resolved}");
    let r = refresh(s, &[], now + Duration::minutes(10)).unwrap();
    assert_eq!((r.full, r.articles, r.stories), (false, 0, 0), "{r:?}");
    assert_eq!(r.states as i64, live, "{r:?}");

    // The lead of the newest story gets a corrected headline.
    let lead_url = db.text(
        "SELECT a.url FROM stories s JOIN articles a ON a.id = s.id ORDER BY s.latest_at DESC LIMIT 1",
    );
    let (_, line) = all.iter().find(|(_, l)| l.contains(&lead_url)).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["headline"] = serde_json::Value::from("Corrected: a headline fixed by the newsroom");
    let report = ingest_lines(s, &format!("{v}\n"), Duration::zero()).unwrap();
    assert_eq!(report.updated, 1);
    let r = refresh(s, &[], now + Duration::minutes(20)).unwrap();
    assert_eq!((r.full, r.articles, r.stories), (false, 1, 1), "{r:?}");
    assert_eq!(partition(&db), before);
    let record = db.text(&format!(
        "SELECT s.record FROM stories s JOIN articles a ON a.id = s.id WHERE a.url = '{}'",
        lead_url.replace('\'', "''")
    ));
    assert!(record.contains("Corrected: a headline fixed"), "{record}");

    // The same article again, unchanged: nothing to do.
    ingest_lines(s, &format!("{v}\n"), Duration::zero()).unwrap();
    let r = refresh(s, &[], now + Duration::minutes(30)).unwrap();
    assert_eq!((r.articles, r.stories), (0, 0), "{r:?}");
}

#[test]
fn a_backfill_older_than_the_window_clusters_everything_again() {
    backends::each(a_backfill_on);
}

fn a_backfill_on(backend: Backend) {
    let all = articles();
    // The first day held back, the rest refreshed: then the first day arrives late.
    let day2 = all[0].0 + Duration::days(1);
    let split = all.iter().position(|(at, _)| *at >= day2).unwrap();
    let late = store(backend);
    let s = &*late.store;
    ingest_lines(s, &lines(&all[split..]), Duration::zero()).unwrap();
    let end = all.last().unwrap().0 + Duration::hours(1);
    refresh(s, &[], end).unwrap();
    let before = story_ids(&late);
    ingest_lines(s, &lines(&all[..split]), Duration::zero()).unwrap();
    let r = refresh(s, &[], end).unwrap();
    assert!(r.full, "{r:?}");
    assert_eq!(r.articles, all.len());
    // The stories of before that clustering everything again dissolved still answer.
    every_id_still_answers(&late, &before);

    let one = store(backend);
    ingest_lines(&*one.store, &lines(&all), Duration::zero()).unwrap();
    rebuild(&*one.store, &[], end).unwrap();
    assert_eq!(partition(&late), partition(&one));
}

#[test]
fn the_bundled_people_are_added_once_and_found_in_new_articles() {
    backends::each(the_bundled_people_on);
}

fn the_bundled_people_on(backend: Backend) {
    let db = store(backend);
    let s = &*db.store;
    let people = lashon_core::news::ingest::people::registry(s).unwrap();
    assert!(people.len() >= 80);
    // Again: nothing added twice.
    assert_eq!(
        lashon_core::news::ingest::people::registry(s)
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
    ingest_lines(s, &format!("{line}\n"), Duration::zero()).unwrap();
    refresh(s, &people, now).unwrap();
    assert_eq!(
        db.count(
            "SELECT COUNT(DISTINCT person_id) FROM mentions WHERE person_id IN (43723, 1396120)"
        ),
        2
    );
    let entities = db.text("SELECT record FROM stories");
    assert!(entities.contains("Benjamin Netanyahu"), "{entities}");
}

#[test]
fn articles_stored_before_desks_were_kept_are_classified_once_and_measured_alike() {
    backends::each(articles_stored_before_desks_on);
}

/// Every newsroom's profile and behaviour, by key.
fn measures(db: &Db) -> Vec<(String, Option<serde_json::Value>, Option<String>)> {
    let s = &*db.store;
    let mut out: Vec<_> = s
        .newsrooms()
        .unwrap()
        .into_iter()
        .map(|n| {
            let b = s.behaviour(&n.key).unwrap();
            (n.key, n.profile, b.map(|b| format!("{b:?}")))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn articles_stored_before_desks_on(backend: Backend) {
    let (all, db, now) = refreshed(backend);
    let s = &*db.store;
    let first = measures(&db);
    assert!(
        first.iter().all(|(_, p, b)| p.is_some() && b.is_some()),
        "{first:?}"
    );
    // More than one desk in some newsroom's profile: the desks were read.
    assert!(first
        .iter()
        .any(|(_, p, _)| p.as_ref().unwrap()["topics"].as_object().unwrap().len() > 1));

    // As a store written by a lashon that kept no desks and marks.
    db.rows("UPDATE articles SET desk = NULL, marks = NULL");
    let unclassified = "SELECT COUNT(*) FROM articles WHERE desk IS NULL";
    assert_eq!(db.count(unclassified), all.len() as i64);
    refresh(s, &[], now).unwrap();
    assert_eq!(db.count(unclassified), 0, "classified and kept");
    assert_eq!(measures(&db), first);

    // Classified by another version of the classifier: classified again.
    db.rows("UPDATE articles SET desk = 'general', marks = 0");
    db.rows("UPDATE news_meta SET value = 0 WHERE name = 'article_marks_version'");
    refresh(s, &[], now).unwrap();
    assert_eq!(measures(&db), first);
    refresh(s, &[], now).unwrap();
    assert_eq!(db.count(unclassified), 0);

    // An article changed by its newsroom is classified again when it is stored: a byline,
    // a press-release marker (in the byline) and an opinion category.
    let (_, line) = &all[0];
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    let url = v["url"].as_str().unwrap().to_owned();
    let marks = format!("SELECT marks FROM articles WHERE url = '{url}'");
    assert_eq!(
        db.count(&marks) & 1,
        0,
        "the fixture's articles have no byline"
    );
    v["byline"] = "הודעת דוברות המשטרה".into();
    v["category"] = "דעות".into();
    ingest_lines(s, &format!("{v}\n"), Duration::zero()).unwrap();
    assert_eq!(db.count(&marks), 0b111);
}
