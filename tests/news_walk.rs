//! Keyset walks over HTTP while `lashon ingest` adds stories between pages (spec, "Paging":
//! no duplicate, no gap), forged and rebound cursors, and export pages in both formats read
//! back with the CSV and JSON-lines readers, with the snapshot pinned by the first page.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use chrono::{Duration, Utc};
use common::{lashon, temp_db, Server};
use lashon_news::export::read_page;
use lashon_news::params::ExportFormat;

/// A number different for every `(tag, i, part)`: headlines of two such numbers share no
/// feature across stories, so each story is its own (a word would not do: any word not in
/// the lexicons is a name, compared by its consonant skeleton, and a name shared by every
/// story is evidence of one event).
fn number(tag: &str, i: usize, part: u64) -> u64 {
    let t = tag
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    1_000_000 + (t % 1000) * 10_000 + i as u64 * 10 + part
}

/// Writes `n` articles (two per story, each story its own tokens) and ingests them with the
/// CLI; returns the CLI's summary line.
fn ingest(db: &Path, dir: &Path, tag: &str, stories: usize, minutes_ago: i64) -> String {
    let mut text = String::new();
    for i in 0..stories {
        for (k, source) in ["ynet", "timesofisrael"].iter().enumerate() {
            let at = Utc::now() - Duration::minutes(minutes_ago + i as i64)
                + Duration::seconds(k as i64);
            text.push_str(
                &serde_json::json!({
                    "source": source,
                    "url": format!("https://walk.invalid/{tag}/{i}/{k}"),
                    "headline": format!("{} {}", number(tag, i, 1), number(tag, i, 2)),
                    "publishedAt": at.to_rfc3339(),
                    "category": "general",
                })
                .to_string(),
            );
            text.push('\n');
        }
    }
    let file = dir.join(format!("{tag}.jsonl"));
    std::fs::write(&file, text).unwrap();
    let out = lashon(db, &["ingest", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn walk_while_stories_arrive_has_no_duplicate_and_no_gap() {
    let (dir, db) = temp_db();
    let s = Server::start(&db);
    let summary = ingest(&db, dir.path(), "base", 300, 600);
    assert!(summary.contains("600 new"), "{summary}");
    let before: BTreeSet<i64> = {
        let r = s.get("/api/v1/stories?limit=100&since=30").await;
        let mut ids = BTreeSet::new();
        let mut r = r;
        loop {
            ids.extend(
                r.body["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d["id"].as_i64().unwrap()),
            );
            let Some(c) = r.body["nextCursor"].as_str() else {
                break;
            };
            r = s
                .get(&format!("/api/v1/stories?limit=100&since=30&cursor={c}"))
                .await;
        }
        ids
    };
    assert!(before.len() > 300, "{}", before.len());

    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    let mut page = 0;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/v1/stories?limit=40&since=30&cursor={c}"),
            None => "/api/v1/stories?limit=40&since=30".to_owned(),
        };
        let r = s.get(&path).await;
        assert_eq!(r.status, 200, "{}", r.body);
        seen.extend(
            r.body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["id"].as_i64().unwrap()),
        );
        page += 1;
        if page <= 3 {
            // New stories published now land before the walk's position: never on a later page.
            ingest(&db, dir.path(), &format!("new{page}"), 5, 0);
        }
        match r.body["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_owned()),
            None => break,
        }
    }
    let unique: BTreeSet<i64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "duplicates in the walk");
    assert_eq!(
        unique, before,
        "the walk saw exactly the stories present when it began"
    );
    assert_eq!(page, before.len().div_ceil(40));
}

#[tokio::test]
async fn forged_and_rebound_cursors_are_400() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let first = s.get("/api/v1/stories?limit=1&topic=politics").await;
    let c = first.body["nextCursor"]
        .as_str()
        .expect("a second page")
        .to_owned();
    assert_eq!(
        s.get(&format!(
            "/api/v1/stories?limit=1&topic=politics&cursor={c}"
        ))
        .await
        .status,
        200
    );
    let mut forged = c.clone().into_bytes();
    let mid = forged.len() / 2;
    forged[mid] = if forged[mid] == b'A' { b'B' } else { b'A' };
    let forged = String::from_utf8(forged).unwrap();
    for path in [
        format!("/api/v1/stories?limit=1&topic=politics&cursor={forged}"),
        "/api/v1/stories?limit=1&topic=politics&cursor=not-a-cursor".to_owned(),
        format!("/api/v1/stories?limit=3&topic=politics&cursor={c}"),
        format!("/api/v1/stories?limit=2&topic=economy&cursor={c}"),
        format!("/api/v1/search?q=budget&limit=1&topic=politics&cursor={c}"),
    ] {
        let r = s.get(&path).await;
        assert_eq!(
            (r.status, r.body["error"]["code"].as_str()),
            (400, Some("bad_request")),
            "{path}"
        );
    }
    // Rule 4: a trending cursor is valid only for its metric.
    let t = s.get("/api/v1/trending?metric=heat&limit=1").await;
    let tc = t.body["nextCursor"]
        .as_str()
        .expect("trending page 2")
        .to_owned();
    assert_eq!(
        s.get(&format!("/api/v1/trending?metric=heat&limit=1&cursor={tc}"))
            .await
            .status,
        200
    );
    assert_eq!(
        s.get(&format!(
            "/api/v1/trending?metric=velocity&limit=1&cursor={tc}"
        ))
        .await
        .status,
        400
    );
}

#[tokio::test]
async fn export_pages_in_both_formats_read_back_with_a_pinned_snapshot() {
    let (dir, db) = temp_db();
    let s = Server::start(&db);
    ingest(&db, dir.path(), "bulk", 400, 60);
    let today = Utc::now().date_naive();
    let range = format!(
        "from={}&to={}",
        today - Duration::days(3),
        today + Duration::days(1)
    );
    for (format, kind) in [("jsonl", ExportFormat::Jsonl), ("csv", ExportFormat::Csv)] {
        let mut records = Vec::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let mut url = s.url(&format!("/api/v1/export?{range}&format={format}"));
            if let Some(c) = &cursor {
                url.push_str(&format!("&cursor={c}"));
            }
            let res = s
                .client
                .get(url)
                .bearer_auth(&s.sandbox_key)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            let next = res
                .headers()
                .get("x-next-cursor")
                .map(|v| v.to_str().unwrap().to_owned());
            let body = res.bytes().await.unwrap();
            let page = read_page(kind, &body).expect("a readable page");
            assert!(page.len() <= 500);
            records.extend(page);
            pages += 1;
            if pages == 1 {
                // Inserted after the first page: outside the snapshot.
                ingest(&db, dir.path(), &format!("late{format}"), 3, 0);
            }
            match next {
                Some(c) => cursor = Some(c),
                None => break,
            }
        }
        assert!(pages >= 2);
        let keys: Vec<(i64, i64)> = records.iter().map(|r| (r.story_id, r.article_id)).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(keys, sorted, "grouped by story, no duplicate");
        let late = format!("/late{format}/");
        assert!(
            records.iter().all(|r| !r.url.contains(&late)),
            "snapshot pinned"
        );
        assert!(records.len() >= 800, "{}", records.len());
    }
    let he = s.get(&format!("/api/v1/export?{range}&lang=he")).await;
    let body = match &he.body {
        serde_json::Value::String(t) => t.clone(),
        other => other.to_string(),
    };
    let he_records = read_page(ExportFormat::Jsonl, body.as_bytes()).unwrap();
    assert!(
        !he_records.is_empty()
            && he_records
                .iter()
                .all(|r| r.language == lashon_news::Lang::He)
    );
}
