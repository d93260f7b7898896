//! `lashon sources import` and `lashon ingest` (DESIGN.md, "Fixed interfaces"): bad lines are
//! reported with their line number and skipped, re-ingesting a URL updates it, and what was
//! stored is served.

mod common;

use common::{lashon, temp_db, Server};

const REGISTRY: &str = r#"
[[newsroom]]
key = "herald"
name = "The Herald"
language = "en"
side = "centre"
lean = "center"
place = "Haifa"
feeds = ["https://herald.invalid/rss"]

[[newsroom]]
key = "hadashot"
name = "חדשות"
language = "he"
side = "official"
lean = "unrated"
place = "ירושלים"
"#;

fn run(db: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let out = lashon(db, args);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn import_ingest_and_reingest() {
    let (dir, db) = temp_db();
    let reg = dir.path().join("registry.toml");
    std::fs::write(&reg, REGISTRY).unwrap();
    let (ok, out, err) = run(&db, &["sources", "import", reg.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("imported 2 newsrooms"), "{out}");
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[[newsroom]]\nkey = \"x\"\nside = \"middle\"\n").unwrap();
    assert!(!run(&db, &["sources", "import", bad.to_str().unwrap()]).0);

    let now = chrono::Utc::now();
    let line = |url: &str, headline: &str, source: &str| {
        serde_json::json!({"source": source, "url": url, "headline": headline, "publishedAt": now.to_rfc3339()}).to_string()
    };
    let text = [
        line(
            "https://herald.invalid/a",
            "Harbour strike ends in Haifa port",
            "herald",
        ),
        "{not json".to_owned(),
        line(
            "https://hadashot.invalid/b",
            "השביתה בנמל חיפה הסתיימה",
            "hadashot",
        ),
        line("https://nowhere.invalid/c", "Unknown newsroom", "nowhere"),
        serde_json::json!({"source": "herald", "url": "https://herald.invalid/d"}).to_string(),
    ]
    .join("\n");
    let file = dir.path().join("articles.jsonl");
    std::fs::write(&file, &text).unwrap();
    let (ok, out, err) = run(&db, &["ingest", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("2 new, 0 updated, 3 skipped"), "{out}");
    // The first clustering of a store starts from the start; later ones carry on.
    assert!(
        out.contains("clustering (all, from the start): articles 2,"),
        "{out}"
    );
    for n in [2, 4, 5] {
        assert!(
            err.contains(&format!("articles.jsonl:{n}: skipped")),
            "line {n}: {err}"
        );
    }
    // The same URL again updates the article; nothing is duplicated.
    let fixed = line(
        "https://herald.invalid/a",
        "Harbour strike ends after talks in Haifa port",
        "herald",
    );
    std::fs::write(&file, fixed).unwrap();
    let (ok, out, _) = run(&db, &["ingest", file.to_str().unwrap()]);
    assert!(ok && out.contains("0 new, 1 updated"), "{out}");
    assert!(
        out.contains("clustering: articles 1, stories written 1,"),
        "{out}"
    );

    let s = Server::start(&db);
    let sources = s.get("/api/v1/sources").await;
    assert!(sources.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["key"] == "herald"));
    let found = s.get("/api/v1/search?q=talks%20harbour").await;
    let data = found.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 1, "{}", found.body);
    assert_eq!(
        data[0]["headline"],
        "Harbour strike ends after talks in Haifa port"
    );
    // The Hebrew report of the same strike is in the same story.
    let detail = s.get(&format!("/api/v1/stories/{}", data[0]["id"])).await;
    let mut sources: Vec<&str> = detail.body["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["source"].as_str().unwrap())
        .collect();
    sources.sort();
    assert_eq!(sources, ["hadashot", "herald"], "{}", detail.body);
}
