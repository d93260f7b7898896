//! Keys, the rate limit, usage, account terms, the success headers, restarts and the
//! no-retention rule, over HTTP against the real binary and its CLI.

mod common;

use common::{lashon, temp_db, Server};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread")]
async fn unauthorized_for_missing_malformed_invalid_and_revoked_keys() {
    let (dir, db) = temp_db();
    let s = Server::start(&db);
    let body = json!({"text": "abc"});
    let wrap = || s.client.post(s.url("/v1/wrap")).json(&body);

    let res = s.send(wrap()).await;
    assert_eq!(res.status, 401);
    assert!(res.body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("missing"));
    res.error("unauthorized");

    for header in [
        "Bearer",
        "Basic dXNlcjpwYXNz",
        "Bearer lsk_live_short",
        "Bearer sk_0123",
    ] {
        let res = s.send(wrap().header("authorization", header)).await;
        assert_eq!(res.status, 401, "{header}");
        assert!(res.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("malformed"));
    }

    let forged = format!("{}{}", &s.live_key[..21], "Z".repeat(28));
    let res = s.send(wrap().bearer_auth(&forged)).await;
    assert_eq!(res.status, 401);
    assert!(res.body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("invalid"));

    // A key created by the CLI works, then is revoked by the CLI.
    let out = lashon(&db, &["accounts", "create", "acme", "--plan", "starter"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = lashon(&db, &["keys", "create", "--account", "acme"]);
    assert!(out.status.success());
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(key.starts_with("lsk_live_"));
    assert_eq!(s.send(wrap().bearer_auth(&key)).await.status, 200);
    let list = lashon(&db, &["keys", "list", "--account", "acme"]);
    let listing = String::from_utf8(list.stdout).unwrap();
    let id = &key[9..21];
    assert!(
        listing.contains(id) && listing.contains("active"),
        "{listing}"
    );
    assert!(
        !listing.contains(&key[21..]),
        "keys list must not show secrets"
    );
    let out = lashon(&db, &["keys", "revoke", id]);
    assert!(out.status.success());
    let res = s.send(wrap().bearer_auth(&key)).await;
    assert_eq!(res.status, 401);
    assert!(res.body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("revoked"));
    // Revoking twice is an error of the CLI, not a crash.
    assert!(!lashon(&db, &["keys", "revoke", id]).status.success());
    // The database holds the key's hash, never the key.
    s.stop();
    let bytes = dir.stored_bytes();
    assert!(!bytes.is_empty());
    assert!(!contains(&bytes, key.as_bytes()));
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[tokio::test(flavor = "multi_thread")]
async fn rate_limit_is_per_account_with_headers() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let mut last = None;
    // Both demo keys share the account's 600 requests a minute.
    for i in 0..600 {
        let key = if i % 2 == 0 {
            &s.live_key
        } else {
            &s.sandbox_key
        };
        let res = s
            .send(s.client.get(s.url("/v1/languages")).bearer_auth(key))
            .await;
        if res.status == 429 {
            // The test crossed into a new minute; the limiter started a new window.
            panic!("limited after {i} requests: {}", res.body);
        }
        last = Some(res);
    }
    let last = last.unwrap();
    assert_eq!(last.header("x-ratelimit-limit"), Some("600"));
    let remaining: u32 = last
        .header("x-ratelimit-remaining")
        .unwrap()
        .parse()
        .unwrap();
    assert!(remaining < 600);
    let res = s.get("/v1/languages").await;
    if res.status == 429 {
        assert_eq!(res.error("rate_limited"), "rate_limited");
        let retry: u64 = res.header("retry-after").unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry));
        assert_eq!(res.header("x-ratelimit-remaining"), Some("0"));
    } else {
        // A minute boundary passed during the run: the window restarted, as it should.
        assert_eq!(res.status, 200);
    }
    // Health needs no key and is never limited.
    assert_eq!(s.send(s.client.get(s.url("/v1/health"))).await.status, 200);
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn success_headers_and_usage() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s.post("/v1/wrap", &json!({"text": "שלום world"})).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("x-content-stored"), Some("false"));
    assert_eq!(res.header("x-usage-chars-used"), Some("0"));
    assert_eq!(res.header("x-usage-chars-limit"), Some("50000000"));
    assert_eq!(res.header("x-ratelimit-limit"), Some("600"));
    assert!(res.header("x-ratelimit-remaining").is_some());
    let timing = res.header("server-timing").unwrap();
    for part in ["auth;dur=", "ratelimit;dur=", "total;dur="] {
        assert!(timing.contains(part), "{timing}");
    }
    assert!(res.header("x-request-id").unwrap().starts_with("req_"));

    let res = s.get("/v1/usage").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body["plan"], "enterprise");
    assert_eq!(res.body["chars_limit"], 50_000_000);
    assert_eq!(res.body["key_kind"], "sandbox");
    assert_eq!(res.body["rate_limit_per_minute"], 600);
    assert!(res.body["month"].as_str().unwrap().len() == 7);
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn account_terms_crud_limits_and_restart() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s.get("/v1/terms").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body, json!({"terms": [], "limit": 50000}));

    let res = s
        .post(
            "/v1/terms",
            &json!({"terms": [
                {"term": "Aspirin", "translations": {"he": "אספירין"}, "note": "drug"},
                {"term": "Lashon"}
            ]}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.body["count"], 2);
    let first = &res.body["terms"][0];
    assert_eq!(first["term"], "Aspirin");
    assert_eq!(first["translations"], json!({"he": "אספירין"}));
    assert_eq!(first["note"], "drug");
    assert!(first["id"].as_str().unwrap().starts_with("term_"));
    assert!(first["created_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(res.body["terms"][1]["note"], Value::Null);
    let aspirin_id = first["id"].as_str().unwrap().to_string();

    // Upsert by text keeps the id and replaces translations and note.
    let res = s
        .post(
            "/v1/terms",
            &json!({"terms": [{"term": "Aspirin", "translations": {"ru": "Аспирин"}}]}),
        )
        .await;
    assert_eq!(res.body["terms"][0]["id"], aspirin_id);
    assert_eq!(
        res.body["terms"][0]["translations"],
        json!({"ru": "Аспирин"})
    );

    // Limits, just inside and just outside.
    let term = |len: usize| json!({"terms": [{"term": "t".repeat(len)}]});
    assert_eq!(s.post("/v1/terms", &term(200)).await.status, 200);
    assert_eq!(s.post("/v1/terms", &term(201)).await.status, 400);
    assert_eq!(s.post("/v1/terms", &term(0)).await.status, 400);
    let note = |len: usize| json!({"terms": [{"term": "n", "note": "x".repeat(len)}]});
    assert_eq!(s.post("/v1/terms", &note(500)).await.status, 200);
    assert_eq!(s.post("/v1/terms", &note(501)).await.status, 400);
    let tr =
        |len: usize| json!({"terms": [{"term": "r", "translations": {"he": "א".repeat(len)}}]});
    assert_eq!(s.post("/v1/terms", &tr(200)).await.status, 200);
    assert_eq!(s.post("/v1/terms", &tr(201)).await.status, 400);
    assert_eq!(s.post("/v1/terms", &tr(0)).await.status, 400);
    let res = s
        .post(
            "/v1/terms",
            &json!({"terms": [{"term": "x", "translations": {"fr": "y"}}]}),
        )
        .await;
    assert_eq!(res.status, 400);
    assert_eq!(s.post("/v1/terms", &json!({"terms": []})).await.status, 400);
    let many = |n: usize| {
        let terms: Vec<Value> = (0..n)
            .map(|i| json!({"term": format!("bulk{i}")}))
            .collect();
        json!({ "terms": terms })
    };
    assert_eq!(s.post("/v1/terms", &many(2001)).await.status, 400);
    assert_eq!(s.post("/v1/terms", &many(2000)).await.status, 200);

    let res = s
        .send(
            s.client
                .delete(s.url(&format!("/v1/terms/{aspirin_id}")))
                .bearer_auth(&s.sandbox_key),
        )
        .await;
    assert_eq!(res.status, 200);
    let res = s
        .send(
            s.client
                .delete(s.url(&format!("/v1/terms/{aspirin_id}")))
                .bearer_auth(&s.sandbox_key),
        )
        .await;
    assert_eq!(res.status, 404);
    res.error("not_found");
    let before = s.get("/v1/terms").await.body["terms"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(before, 2004);
    s.stop();

    // Terms survive a restart.
    let s = Server::start(&db);
    let after = s.get("/v1/terms").await;
    assert_eq!(after.body["terms"].as_array().unwrap().len(), before);
    assert_eq!(after.body["terms"][0]["term"], "Lashon");
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn terms_capacity_is_terms_limit() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    assert!(
        lashon(&db, &["accounts", "create", "small", "--plan", "starter"])
            .status
            .success()
    );
    let out = lashon(&db, &["keys", "create", "--account", "small", "--sandbox"]);
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let upsert = |from: usize, n: usize| {
        let terms: Vec<Value> = (from..from + n)
            .map(|i| json!({"term": format!("t{i}")}))
            .collect();
        s.client
            .post(s.url("/v1/terms"))
            .bearer_auth(&key)
            .json(&json!({ "terms": terms }))
    };
    assert_eq!(s.send(upsert(0, 1000)).await.status, 200);
    // Updating existing terms is fine at capacity; one more is not.
    assert_eq!(s.send(upsert(0, 10)).await.status, 200);
    let res = s.send(upsert(1000, 1)).await;
    assert_eq!(res.status, 400);
    assert_eq!(res.error("invalid_request"), "terms_limit");
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn request_text_is_never_stored_or_logged() {
    let (dir, db) = temp_db();
    let s = Server::start(&db);
    let sentinel = "SENTINEL-7f3a9c-שלום";
    for path in ["/v1/wrap", "/v1/detect"] {
        assert_eq!(s.post(path, &json!({"text": sentinel})).await.status, 200);
    }
    assert_eq!(
        s.post(
            "/v1/analyze",
            &json!({"text": sentinel, "fields": {"a": sentinel}})
        )
        .await
        .status,
        200
    );
    assert_eq!(
        s.post("/v1/wrap", &json!({"text": sentinel, "bad": 1}))
            .await
            .status,
        400
    );
    // Translation and clinical operations, with `store: true` (accepted, no effect).
    let sentence = format!("Do not share {sentinel} with anyone.");
    for (path, body) in [
        (
            "/v1/translate",
            json!({"text": sentence, "target_lang": "he", "protect": true, "store": true}),
        ),
        (
            "/v1/translate/batch",
            json!({"items": [sentence], "target_lang": "ru"}),
        ),
        ("/v1/clinical/translate", json!({"text": sentence})),
        ("/v1/clinical/translate/stream", json!({"text": sentence})),
        (
            "/v1/clinical/verify",
            json!({"source": sentence, "translation": sentinel}),
        ),
        ("/v1/clinical/query", json!({"text": sentinel})),
        ("/v1/transliterate", json!({"text": sentinel})),
        ("/v1/strip-nikud", json!({"text": sentinel})),
    ] {
        let res = s.post(path, &body).await;
        assert_eq!(res.status, 200, "{path}: {}", res.body);
        assert_eq!(res.header("x-content-stored"), Some("false"));
    }
    // A failing translation too (no model for the live key).
    let res = s
        .send(
            s.client
                .post(s.url("/v1/translate"))
                .bearer_auth(&s.live_key)
                .json(&json!({"text": sentence, "target_lang": "he"})),
        )
        .await;
    assert_eq!(res.status, 503);
    let log = s.stop();
    assert!(
        log.contains("lashon serving"),
        "the log was captured: {log}"
    );
    assert!(!log.contains("SENTINEL"), "log holds request text");
    let bytes = dir.stored_bytes();
    assert!(!bytes.is_empty());
    assert!(
        !contains(&bytes, b"SENTINEL"),
        "the database holds request text"
    );
}
