//! `/v1/transliterate`, `/v1/strip-nikud` and `/v1/nikud` over HTTP against the real binary:
//! limits, the model-less 503, and with the model: verified output, the 3x charge, the quota.

mod common;

use common::{lashon, nikud_model, temp_db, Server};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn transliterate_and_strip() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s
        .post(
            "/v1/transliterate",
            &json!({"text": "Google", "direction": "latin-to-he"}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.body["transliteration"], "גוגל");
    assert_eq!(res.body["direction"], "latin-to-he");
    assert_eq!(res.body["text"], "Google");
    let res = s.post("/v1/transliterate", &json!({"text": "שָׁלוֹם"})).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body["direction"], "he-to-latin");
    assert_eq!(res.body["transliteration"], "shalom");
    assert!(res.body["scheme"].as_str().unwrap().starts_with("academy"));

    let res = s
        .post("/v1/strip-nikud", &json!({"text": "שָׁלוֹם־עוֹלָם"}))
        .await;
    assert_eq!(res.status, 200);
    assert_eq!(
        res.body,
        json!({"text": "שָׁלוֹם־עוֹלָם", "stripped": "שלום־עולם"})
    );

    // Limits, just inside and just outside.
    for (path, max) in [("/v1/transliterate", 5_000), ("/v1/strip-nikud", 20_000)] {
        assert_eq!(
            s.post(path, &json!({"text": "א".repeat(max)})).await.status,
            200,
            "{path}"
        );
        let over = s.post(path, &json!({"text": "א".repeat(max + 1)})).await;
        assert_eq!(over.status, 400, "{path}");
        over.error("invalid_request");
        assert_eq!(
            s.post(path, &json!({"text": ""})).await.status,
            400,
            "{path}"
        );
    }
    let res = s
        .post(
            "/v1/transliterate",
            &json!({"text": "a", "direction": "sideways"}),
        )
        .await;
    assert_eq!(res.status, 400);
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn nikud_without_a_model_is_not_configured_and_free() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s.post("/v1/nikud", &json!({"text": "שלום"})).await;
    assert_eq!(res.status, 503);
    assert_eq!(res.error("service_unavailable"), "not_configured");
    // Validation still comes first.
    let res = s
        .post("/v1/nikud", &json!({"text": "א".repeat(10_001)}))
        .await;
    assert_eq!(res.status, 400);
    let usage = s.get("/v1/usage").await;
    assert_eq!(usage.body["sandbox_chars_used"], 0);
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn nikud_with_the_model_is_verified_charged_and_limited() {
    let Some(model) = nikud_model() else { return };
    let model = model.to_string_lossy().to_string();
    let (_dir, db) = temp_db();
    let s = Server::start_with(&db, &["--nikud-model", &model]);
    let text = "הילד הלך לבית הספר ב-8:00 עם iPhone";
    let res = s.post("/v1/nikud", &json!({"text": text})).await;
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.body["text"], text);
    assert_eq!(res.body["verified"], true);
    let vocalized = res.body["nikud"].as_str().unwrap();
    assert_ne!(vocalized, text);
    assert!(vocalized.contains("8:00") && vocalized.contains("iPhone"));
    // Three times the characters, on the sandbox counter.
    let chars = text.chars().count() as u64;
    assert_eq!(
        res.header("x-usage-chars-used"),
        Some((3 * chars).to_string().as_str())
    );
    let usage = s.get("/v1/usage").await;
    assert_eq!(usage.body["sandbox_chars_used"], 3 * chars);
    assert_eq!(usage.body["chars_used"], 0);
    assert_eq!(
        s.post("/v1/nikud", &json!({"text": "א".repeat(10_000)}))
            .await
            .status,
        200
    );
    s.stop();

    // A small quota: the request that does not fit is 429 quota_exceeded and not charged.
    let out = lashon(&db, &["accounts", "create", "tiny", "--char-quota", "30"]);
    assert!(out.status.success());
    let out = lashon(&db, &["keys", "create", "--account", "tiny"]);
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let s = Server::start_with(&db, &["--nikud-model", &model]);
    let nikud = |t: &str| {
        s.client
            .post(s.url("/v1/nikud"))
            .bearer_auth(&key)
            .json(&json!({ "text": t }))
    };
    let res = s.send(nikud("שלום עולם")).await; // 9 characters: 27 of 30
    assert_eq!(res.status, 200);
    assert_eq!(res.header("x-usage-chars-used"), Some("27"));
    assert_eq!(res.header("x-usage-chars-limit"), Some("30"));
    let res = s.send(nikud("שלום")).await; // 12 more would make 39
    assert_eq!(res.status, 429);
    assert_eq!(res.error("quota_exceeded"), "quota_exceeded");
    // Counters survive a restart.
    s.stop();
    let s = Server::start_with(&db, &["--nikud-model", &model]);
    let res = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&key))
        .await;
    assert_eq!(res.body["chars_used"], 27);
    assert_eq!(res.body["requests"], 1);
    s.stop();
}
