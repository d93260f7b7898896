//! `/v1/analyze`, `/v1/wrap`, `/v1/detect`, `/v1/health`, `/v1/languages` over HTTP against
//! the real binary, including every validation limit just inside and just outside.

mod common;

use common::{temp_db, Server};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread")]
async fn health_needs_no_key_and_checks_the_database() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s.send(s.client.get(s.url("/v1/health"))).await;
    assert_eq!(res.status, 200);
    assert_eq!(
        res.body,
        json!({"status": "ok", "db": "ok", "version": "v1"})
    );
    assert!(res.header("x-request-id").unwrap().starts_with("req_"));
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn openapi_document_lists_every_endpoint() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s.send(s.client.get(s.url("/v1/openapi.json"))).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body["openapi"], "3.1.0");
    let paths = res.body["paths"].as_object().unwrap();
    for path in [
        "/v1/health",
        "/v1/languages",
        "/v1/analyze",
        "/v1/wrap",
        "/v1/detect",
        "/v1/usage",
        "/v1/terms",
        "/v1/terms/{id}",
        "/v1/openapi.json",
    ] {
        assert!(paths.contains_key(path), "{path} missing");
    }
    let wrap = &res.body["components"]["schemas"]["WrapRequest"];
    assert_eq!(wrap["properties"]["text"]["maxLength"], 20000);
    assert_eq!(wrap["additionalProperties"], false);
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn wrap_detect_analyze_languages() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let res = s
        .post(
            "/v1/wrap",
            &json!({"text": "Google הודיעה על ₪1,200.50", "base": "rtl"}),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.body);
    assert_eq!(res.body["dir"], "rtl");
    assert_eq!(res.body["format"], "html");
    assert_eq!(
        res.body["output"],
        "<span dir=\"rtl\"><span dir=\"ltr\">Google</span> הודיעה על <span dir=\"ltr\">₪1,200.50</span></span>"
    );
    assert_eq!(
        res.body["runs"][0],
        json!({"text": "Google", "dir": "ltr", "script": "Latn", "lang": "en", "start": 0, "end": 6})
    );

    let res = s
        .post("/v1/detect", &json!({"text": "שילמתי ב-PayPal"}))
        .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body["lang"], "he");
    assert_eq!(res.body["script"], "Hebr");
    assert_eq!(res.body["dir"], "rtl");
    // Seven Hebrew letters of thirteen.
    assert_eq!(res.body["confidence"], 0.5385);
    assert_eq!(
        res.body["segments"][1],
        json!({"text": "PayPal", "start": 9, "end": 15, "script": "Latn", "lang": "en"})
    );
    assert_eq!(
        res.body["languages"],
        json!([{"lang": "he", "share": 0.5385}, {"lang": "en", "share": 0.4615}])
    );

    let res = s
        .post(
            "/v1/analyze",
            &json!({"text": "מינון: 5 mg", "fields": {"title": "Hello"}}),
        )
        .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body["analysis"]["dir"], "rtl");
    assert_eq!(res.body["analysis"]["mixed"], true);
    assert_eq!(res.body["analysis"]["display_runs"][1]["text"], "5 mg");
    assert_eq!(res.body["fields"]["title"]["lang"], "en");

    let res = s.get("/v1/languages").await;
    assert_eq!(res.status, 200);
    let langs = res.body["languages"].as_array().unwrap();
    assert_eq!(
        langs[0],
        json!({"code": "he", "name": "Hebrew", "native": "עברית", "dir": "rtl"})
    );
    assert!(langs.iter().any(|l| l["code"] == "ru"));
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn validation_limits_inside_and_outside() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    for path in ["/v1/wrap", "/v1/detect"] {
        let ok = s.post(path, &json!({"text": "א".repeat(20_000)})).await;
        assert_eq!(ok.status, 200, "{path} at the limit");
        let over = s.post(path, &json!({"text": "א".repeat(20_001)})).await;
        assert_eq!(over.status, 400, "{path} over the limit");
        assert_eq!(over.error("invalid_request"), "invalid_request");
        let empty = s.post(path, &json!({"text": ""})).await;
        assert_eq!(empty.status, 400);
        let one = s.post(path, &json!({"text": "x"})).await;
        assert_eq!(one.status, 200);
    }
    // Characters, not bytes or UTF-16 units: 20,000 emoji are 40,000 UTF-16 units.
    let emoji = s
        .post("/v1/wrap", &json!({"text": "🙂".repeat(20_000)}))
        .await;
    assert_eq!(emoji.status, 200);

    let fields = |n: usize, len: usize| -> Value {
        let map: serde_json::Map<String, Value> = (0..n)
            .map(|i| (format!("f{i}"), json!("x".repeat(len))))
            .collect();
        json!({ "fields": map })
    };
    assert_eq!(s.post("/v1/analyze", &fields(100, 1)).await.status, 200);
    assert_eq!(s.post("/v1/analyze", &fields(101, 1)).await.status, 400);
    assert_eq!(s.post("/v1/analyze", &fields(100, 200)).await.status, 200);
    assert_eq!(s.post("/v1/analyze", &fields(100, 201)).await.status, 400);
    assert_eq!(s.post("/v1/analyze", &json!({})).await.status, 400);
    assert_eq!(
        s.post("/v1/analyze", &json!({"text": "a", "base": "up"}))
            .await
            .status,
        400
    );
    for format in ["html", "isolate", "marks"] {
        let res = s
            .post("/v1/wrap", &json!({"text": "a", "format": format}))
            .await;
        assert_eq!(res.status, 200);
    }
    let res = s
        .post("/v1/wrap", &json!({"text": "a", "format": "pdf"}))
        .await;
    assert_eq!(res.status, 400);
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn every_failure_is_an_envelope() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let raw = |ct: &str, body: &str| {
        s.client
            .post(s.url("/v1/wrap"))
            .bearer_auth(&s.sandbox_key)
            .header("content-type", ct)
            .body(body.to_string())
    };
    let res = s.send(raw("application/json", "{\"text\": ")).await;
    assert_eq!(res.status, 400);
    res.error("invalid_request");
    assert!(res.body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("malformed JSON"));

    let res = s.send(raw("text/plain", "{\"text\": \"a\"}")).await;
    assert_eq!(res.status, 400);
    res.error("invalid_request");

    let res = s
        .post("/v1/wrap", &json!({"text": "a", "fromat": "html"}))
        .await;
    assert_eq!(res.status, 400);
    assert!(res.body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("fromat"));

    let res = s.post("/v1/detect", &json!({"text": 5})).await;
    assert_eq!(res.status, 400);
    res.error("invalid_request");

    // The server answers an oversize body without reading it and drops that connection; a
    // client of its own keeps the shared pool clean for the requests below.
    let huge = format!("{{\"text\": \"{}\"}}", "a".repeat(5 * 1024 * 1024));
    let res = s
        .send(
            common::client()
                .post(s.url("/v1/wrap"))
                .bearer_auth(&s.sandbox_key)
                .header("content-type", "application/json")
                .body(huge),
        )
        .await;
    assert_eq!(res.status, 400);
    res.error("invalid_request");

    let res = s.get("/v1/nope").await;
    assert_eq!(res.status, 404);
    res.error("not_found");

    let res = s.send(raw("application/json", "[\"abc\"]")).await;
    assert_eq!(res.status, 400, "an array is not an object");
    let res = s
        .post("/v1/analyze", &json!({"text": null, "fields": {"a": "b"}}))
        .await;
    assert_eq!(res.status, 400, "text is a string when present");

    let res = s.get("/v1/wrap").await;
    assert_eq!(res.status, 405);
    res.error("invalid_request");
    s.stop();
}

/// The display vectors of `lashon-bidi` give the same results over HTTP.
#[tokio::test(flavor = "multi_thread")]
async fn http_matches_the_display_vectors() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bidi/tests/vectors/display.json"
    );
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for case in &cases {
        let mut req = json!({"text": case["text"], "format": "html"});
        if let Some(base) = case.get("base") {
            req["base"] = base.clone();
        }
        let res = s.post("/v1/wrap", &req).await;
        assert_eq!(res.status, 200);
        assert_eq!(res.body["output"], case["html"], "{}", case["name"]);
        let runs: Vec<Value> = res.body["runs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| json!([r["text"], r["dir"]]))
            .collect();
        assert_eq!(Value::Array(runs), case["display"], "{}", case["name"]);
    }
    s.stop();
}
