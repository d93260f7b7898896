//! The news service over HTTP on loopback, against the real binary with the bundled demo:
//! every `/api/v1` endpoint, parameter rules inside and outside their bounds, lookups
//! (rule 12), conditional reads, keys, scopes and limits, the error envelope.

mod common;

use common::{lashon, on_postgres, temp_db, Response, Server};
use serde_json::Value;

async fn get(s: &Server, path: &str) -> Response {
    s.get(&format!("/api/v1{path}")).await
}

async fn get_with(s: &Server, path: &str, key: Option<&str>, etag: Option<&str>) -> Response {
    let mut req = s.client.get(s.url(&format!("/api/v1{path}")));
    if let Some(k) = key {
        req = req.bearer_auth(k);
    }
    if let Some(t) = etag {
        req = req.header("If-None-Match", t);
    }
    s.send(req).await
}

/// Asserts the news envelope with `code` and the status.
fn news_error(r: &Response, status: u16, code: &str) {
    assert_eq!(r.status, status, "{}", r.body);
    assert_eq!(r.body["error"]["code"], code, "{}", r.body);
    assert!(!r.body["error"]["message"].as_str().unwrap_or("").is_empty());
    assert_eq!(
        r.body["error"].as_object().map(|o| o.len()),
        Some(2),
        "{}",
        r.body
    );
}

fn list(r: &Response) -> &Vec<Value> {
    assert_eq!(r.status, 200, "{}", r.body);
    for k in ["data", "nextCursor", "lang", "generatedAt", "limit"] {
        assert!(r.body.get(k).is_some(), "{k} missing: {}", r.body);
    }
    r.body["data"].as_array().expect("data")
}

#[tokio::test]
async fn every_endpoint_answers_with_demo_content() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let stories = get(&s, "/stories?lang=he").await;
    let data = list(&stories);
    assert!(data.len() >= 8, "{}", stories.body);
    assert!(data.iter().any(|d| d["lang"] == "he"));
    let sides: std::collections::BTreeSet<String> = get(&s, "/sources").await.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["side"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        sides.len(),
        9,
        "the registry covers all nine sides: {sides:?}"
    );

    let id = data[0]["id"].as_i64().unwrap();
    let detail = get(&s, &format!("/stories/{id}")).await;
    assert_eq!(detail.status, 200);
    let members = detail.body["members"].as_array().unwrap();
    assert!(!members.is_empty() && detail.body["timeline"]["firstAt"].is_string());
    let paged = get(&s, &format!("/stories/{id}/members?limit=1")).await;
    assert_eq!(list(&paged).len(), 1);
    assert_eq!(paged.body["storyId"], id);

    let threads = get(&s, "/threads").await;
    let t = &list(&threads)[0];
    assert!(
        t["nodes"].as_u64().unwrap() >= 2 && t["days"].as_u64().unwrap() >= 2,
        "{t}"
    );
    let thread = get(&s, &format!("/threads/{}?lang=he", t["id"])).await;
    assert_eq!(
        thread.body["arc"].as_array().unwrap().len() as u64,
        t["nodes"].as_u64().unwrap()
    );

    let trending = get(&s, "/trending?metric=heat").await;
    assert_eq!(trending.body["metric"], "heat");
    assert_eq!(trending.body["windowMinutes"], 360);
    let items = list(&trending);
    assert!(!items.is_empty() && items[0]["rank"] == 1);
    let heats: Vec<f64> = items.iter().map(|i| i["heat"].as_f64().unwrap()).collect();
    assert!(heats.windows(2).all(|w| w[0] >= w[1]), "{heats:?}");

    let blind = get(&s, "/blindspots?side=right").await;
    for b in list(&blind) {
        assert!(b["missingSides"]
            .as_array()
            .unwrap()
            .contains(&Value::from("right")));
        assert!(b["gaps"].is_array());
    }
    assert_eq!(blind.body["side"], "right");

    let source = get(&s, "/sources/kan").await;
    assert_eq!(
        (source.status, source.body["side"].clone()),
        (200, Value::from("official"))
    );
    let act = get(&s, "/sources/kan/activity?days=3").await;
    assert_eq!(act.body["windowDays"], 3);
    // The demo corpus import, recorded as one finished run per newsroom.
    assert_eq!(act.body["crawl"]["okRuns"], 1, "{}", act.body);
    assert!(act.body["crawl"]["newArticles"].as_u64().unwrap() >= 1);
    let topics = get(&s, "/topics?days=2").await;
    assert_eq!(topics.body["days"], 2);
    assert!(list(&topics)
        .iter()
        .any(|t| t["id"] == "politics" && t["articles"].as_u64().unwrap() > 0));

    let changes = get(&s, "/changes?since=2000-01-01T00:00:00Z").await;
    assert!(!list(&changes).is_empty());
    assert!(changes.body["checkpoint"].is_string() && changes.body["since"].is_string());

    // Rule 9 with Hebrew folding: a prefixed form and nikud still find the budget story.
    for q in ["תקציב", "בתקציב", "תַּקְצִיב", "Knesset budget"] {
        let found = get(&s, &format!("/search?q={}", urlencode(q))).await;
        assert!(!list(&found).is_empty(), "{q}: {}", found.body);
    }
    let people = get(&s, "/people").await;
    let p = &list(&people)[0];
    assert!(p["mentions"].as_u64().unwrap() > 0);
    let person = get(&s, &format!("/people/{}?lang=he", p["id"])).await;
    assert_eq!(person.status, 200);
    assert!(person.body["recentCoverage"].is_null() && person.body["aliases"].is_array());
    let brief = get(&s, "/brief?lang=he").await;
    assert_eq!(
        (brief.status, brief.body["lang"].clone()),
        (200, Value::from("he"))
    );
    assert!(!brief.body["items"].as_array().unwrap().is_empty());

    let doc = s.send(s.client.get(s.url("/api/v1/openapi.json"))).await;
    assert_eq!(doc.status, 200);
    assert!(doc.body["openapi"].as_str().unwrap().starts_with("3."));
    assert!(doc.body["paths"]["/api/v1/stories"]["get"].is_object());
    assert_eq!(doc.body["paths"].as_object().unwrap().len(), 18);
}

fn urlencode(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[tokio::test]
async fn parameter_rules_inside_and_outside_bounds() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    // Common table: limit.
    for bad in ["0", "-1", "abc", "1.5"] {
        news_error(
            &get(&s, &format!("/stories?limit={bad}")).await,
            400,
            "bad_request",
        );
    }
    assert_eq!(get(&s, "/stories?limit=101").await.body["limit"], 100);
    assert_eq!(get(&s, "/stories?limit=1").await.body["limit"], 1);
    // since.
    news_error(&get(&s, "/stories?since=-1").await, 400, "bad_request");
    assert_eq!(get(&s, "/stories?since=31").await.status, 200);
    // state unknown is ignored on stories, 400 on blindspots (rule 5).
    let all = get(&s, "/stories").await;
    assert_eq!(
        get(&s, "/stories?state=nonsense").await.body["data"],
        all.body["data"]
    );
    news_error(
        &get(&s, "/blindspots?state=quiet").await,
        400,
        "bad_request",
    );
    news_error(
        &get(&s, "/blindspots?side=centrist").await,
        400,
        "bad_request",
    );
    // Rule 1 and rule 9.
    news_error(&get(&s, "/stories?q=budget").await, 400, "bad_request");
    news_error(&get(&s, "/search?q=a").await, 400, "bad_request");
    news_error(
        &get(&s, &format!("/search?q={}", "a".repeat(121))).await,
        400,
        "bad_request",
    );
    assert_eq!(
        get(&s, &format!("/search?q={}", "a".repeat(120)))
            .await
            .status,
        200
    );
    news_error(&get(&s, "/search").await, 400, "bad_request");
    // Rule 2.
    let id = all.body["data"][0]["id"].as_i64().unwrap();
    news_error(
        &get(&s, &format!("/stories/{id}/members?side=middle")).await,
        400,
        "bad_request",
    );
    news_error(
        &get(&s, &format!("/stories/{id}/members?lean=centre")).await,
        400,
        "bad_request",
    );
    let official = get(&s, &format!("/stories/{id}/members?side=official")).await;
    assert!(list(&official).iter().all(|m| m["side"] == "official"));
    // Rule 3.
    news_error(&get(&s, "/threads?minNodes=0").await, 400, "bad_request");
    assert!(list(&get(&s, "/threads?minNodes=50").await).is_empty());
    // Rule 4.
    news_error(
        &get(&s, "/trending?metric=clicks").await,
        400,
        "bad_request",
    );
    assert_eq!(
        get(&s, "/trending?window=5").await.body["windowMinutes"],
        15
    );
    assert_eq!(
        get(&s, "/trending?window=99999").await.body["windowMinutes"],
        10080
    );
    news_error(&get(&s, "/trending?window=-5").await, 400, "bad_request");
    // Rules 6 and 7.
    assert_eq!(
        get(&s, "/sources/kan/activity?days=31").await.body["windowDays"],
        30
    );
    news_error(
        &get(&s, "/sources/kan/activity?days=x").await,
        400,
        "bad_request",
    );
    assert_eq!(get(&s, "/topics?days=8").await.body["days"], 7);
    news_error(&get(&s, "/topics?days=-2").await, 400, "bad_request");
    // Rule 8.
    news_error(&get(&s, "/changes").await, 400, "bad_request");
    news_error(
        &get(&s, "/changes?since=yesterday").await,
        400,
        "bad_request",
    );
    let old = get(&s, "/changes?since=2000-01-01T00:00:00Z&limit=900").await;
    assert_eq!(old.body["limit"], 500);
    let since: chrono::DateTime<chrono::Utc> = old.body["since"].as_str().unwrap().parse().unwrap();
    let floor = chrono::Utc::now() - chrono::Duration::days(7);
    assert!(
        (since - floor).num_seconds().abs() < 60,
        "raised to seven days: {since}"
    );
    // Rule 11.
    news_error(&get(&s, "/export").await, 400, "bad_request");
    news_error(
        &get(&s, "/export?from=2025-01-01&to=2026-01-03").await,
        400,
        "bad_request",
    );
    news_error(
        &get(&s, "/export?from=2026-02-01&to=2026-01-03").await,
        400,
        "bad_request",
    );
    news_error(
        &get(&s, "/export?from=2026-1-1&to=2026-01-03").await,
        400,
        "bad_request",
    );
    news_error(
        &get(&s, "/export?from=2026-01-01&to=2026-01-03&format=xml").await,
        400,
        "bad_request",
    );
    news_error(
        &get(&s, "/export?from=2026-01-01&to=2026-01-03&lang=fr").await,
        400,
        "bad_request",
    );
}

#[tokio::test]
async fn lookups_follow_rule_12_and_unknown_paths_use_the_envelope() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    for (path, status) in [
        ("/stories/99999999", 404),
        ("/stories/abc", 400),
        ("/stories/99999999/members", 404),
        ("/threads/99999999", 404),
        ("/threads/1.5", 400),
        ("/people/99999", 404),
        ("/people/x", 400),
        ("/sources/no-such-room", 404),
        ("/sources/no-such-room/activity", 404),
    ] {
        let r = get(&s, path).await;
        news_error(
            &r,
            status,
            if status == 404 {
                "not_found"
            } else {
                "bad_request"
            },
        );
    }
    news_error(&get(&s, "/no/such/endpoint").await, 404, "not_found");
    let post = s
        .send(
            s.client
                .post(s.url("/api/v1/stories"))
                .bearer_auth(&s.sandbox_key),
        )
        .await;
    assert_eq!(post.status, 405);
    assert!(post.body["error"]["code"].is_string());
    assert!(post.header("x-request-id").is_some());
}

#[tokio::test]
async fn conditional_reads_answer_304_with_the_same_tag() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    for path in [
        "/stories?limit=5",
        "/sources",
        "/brief",
        "/export?from=2026-01-01&to=2026-12-31",
    ] {
        let first = get(&s, path).await;
        assert_eq!(first.status, 200, "{path}");
        let tag = first.header("etag").expect("etag").to_owned();
        let cache = first
            .header("cache-control")
            .expect("cache-control")
            .to_owned();
        let again = get_with(&s, path, Some(&s.sandbox_key), Some(&tag)).await;
        assert_eq!(again.status, 304, "{path}");
        assert_eq!(again.body, Value::String(String::new()));
        assert_eq!(again.header("etag"), Some(tag.as_str()));
        assert_eq!(again.header("cache-control"), Some(cache.as_str()));
        // A 304 counts against the rate like any request.
        let before: u32 = first
            .header("x-ratelimit-remaining")
            .unwrap()
            .parse()
            .unwrap();
        let after: u32 = again
            .header("x-ratelimit-remaining")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(after, before - 1);
        let other = get_with(&s, path, Some(&s.sandbox_key), Some("\"stale\"")).await;
        assert_eq!(other.status, 200);
    }
}

#[tokio::test]
async fn keys_scopes_and_limits() {
    let (_dir, db) = temp_db();
    let s = Server::start_with(&db, &["--rate-limit", "40"]);
    news_error(
        &get_with(&s, "/stories", None, None).await,
        401,
        "unauthorized",
    );
    news_error(
        &get_with(&s, "/stories", Some("lsk_live_notakey"), None).await,
        401,
        "unauthorized",
    );
    let out = lashon(
        &db,
        &[
            "keys",
            "create",
            "--account",
            "demo",
            "--scopes",
            "stories,search",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let key = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    assert_eq!(get_with(&s, "/stories", Some(&key), None).await.status, 200);
    assert_eq!(
        get_with(&s, "/search?q=budget", Some(&key), None)
            .await
            .status,
        200
    );
    for path in [
        "/sources",
        "/topics",
        "/people",
        "/brief",
        "/export?from=2026-01-01&to=2026-01-02",
    ] {
        news_error(
            &get_with(&s, path, Some(&key), None).await,
            403,
            "forbidden",
        );
    }
    // The document needs no key.
    assert_eq!(get_with(&s, "/openapi.json", None, None).await.status, 200);

    // The rate is per account across its keys: both keys draw from the same 40. The windows
    // are calendar minutes, so a run that crosses into the next minute starts a new window:
    // 2 × 40 + 1 requests reach a 429 however the minute falls (a run lasts seconds, not a
    // minute, so it crosses at most one boundary).
    let mut last = None;
    for i in 0..81 {
        let k = if i % 2 == 0 { &key } else { &s.sandbox_key };
        let r = get_with(&s, "/stories?limit=1", Some(k), None).await;
        if r.status == 429 {
            last = Some(r);
            break;
        }
        assert_eq!(r.header("x-ratelimit-limit"), Some("40"));
    }
    let limited = last.expect("a 429 within the minute");
    news_error(&limited, 429, "rate_limited");
    let retry: u64 = limited.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry));
    assert_eq!(limited.header("x-ratelimit-remaining"), Some("0"));
}

#[tokio::test]
async fn monthly_quota_is_a_429_with_retry_after() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    assert_eq!(get(&s, "/stories").await.status, 200);
    // Use up the enterprise plan's 1,000,000 requests of this month directly in the store.
    let update = "UPDATE news_usage SET requests = 1000000";
    let n = if on_postgres() {
        let url = db.to_str().expect("a PostgreSQL URL");
        lashon_store::postgres::testing::text_rows(url, &format!("{update} RETURNING 1"))
            .expect("update news usage")
            .len()
    } else {
        rusqlite::Connection::open(&db)
            .unwrap()
            .execute(update, [])
            .unwrap()
    };
    assert_eq!(n, 1);
    let r = get(&s, "/stories").await;
    news_error(&r, 429, "quota_exceeded");
    let retry: i64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!(retry > 0 && retry <= 31 * 86_400, "{retry}");
}
