//! The language service over real HTTP on loopback: a server on an ephemeral port with a real
//! SQLite file, driven by an HTTP client.

use std::net::SocketAddr;

use lashon_http::server::{self, AppState};
use lashon_http::store::Store;
use serde_json::{json, Value};
use tokio::sync::oneshot;

struct TestServer {
    addr: SocketAddr,
    client: reqwest::Client,
    _stop: oneshot::Sender<()>,
    _dir: tempfile::TempDir,
}

impl TestServer {
    async fn start() -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("lashon.db")).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(server::serve(listener, AppState::new(store), async {
            let _ = stopped.await;
        }));
        TestServer {
            addr,
            client: reqwest::Client::new(),
            _stop: stop,
            _dir: dir,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let res = self
            .client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap())
    }

    async fn post_raw(&self, path: &str, content_type: &str, body: &str) -> (u16, Value) {
        let res = self
            .client
            .post(self.url(path))
            .header("content-type", content_type)
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap())
    }
}

fn assert_envelope(body: &Value, ty: &str) {
    let err = &body["error"];
    assert_eq!(err["type"], ty, "{body}");
    assert!(err["code"].is_string(), "{body}");
    assert!(!err["message"].as_str().unwrap().is_empty(), "{body}");
}

#[tokio::test]
async fn health_reports_the_database() {
    let s = TestServer::start().await;
    let res = s.client.get(s.url("/v1/health")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body, json!({"status": "ok", "db": "ok", "version": "v1"}));
}

#[tokio::test]
async fn wrap_detect_analyze() {
    let s = TestServer::start().await;
    let (status, body) = s
        .post_json(
            "/v1/wrap",
            &json!({"text": "Google הודיעה על ₪1,200.50", "base": "rtl"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["dir"], "rtl");
    assert_eq!(body["format"], "html");
    assert_eq!(
        body["output"],
        "<span dir=\"rtl\"><span dir=\"ltr\">Google</span> הודיעה על <span dir=\"ltr\">₪1,200.50</span></span>"
    );
    assert_eq!(
        body["runs"][0],
        json!({"text": "Google", "dir": "ltr", "script": "Latn", "lang": "en", "start": 0, "end": 6})
    );

    let (status, body) = s
        .post_json("/v1/detect", &json!({"text": "שילמתי ב-PayPal"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["lang"], "he");
    assert_eq!(body["script"], "Hebr");
    assert_eq!(body["dir"], "rtl");
    // Seven Hebrew letters of thirteen.
    assert_eq!(body["confidence"], 0.5385);
    assert_eq!(
        body["segments"][1],
        json!({"text": "PayPal", "start": 9, "end": 15, "script": "Latn", "lang": "en"})
    );
    assert_eq!(
        body["languages"],
        json!([{"lang": "he", "share": 0.5385}, {"lang": "en", "share": 0.4615}])
    );

    let (status, body) = s
        .post_json(
            "/v1/analyze",
            &json!({"text": "מינון: 5 mg", "fields": {"title": "Hello"}}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["analysis"]["dir"], "rtl");
    assert_eq!(body["analysis"]["mixed"], true);
    assert_eq!(body["analysis"]["display_runs"][1]["text"], "5 mg");
    assert_eq!(body["fields"]["title"]["lang"], "en");
}

#[tokio::test]
async fn every_failure_is_an_envelope() {
    let s = TestServer::start().await;
    let (status, body) = s
        .post_raw("/v1/wrap", "application/json", "{\"text\": ")
        .await;
    assert_eq!(status, 400);
    assert_envelope(&body, "invalid_request");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("malformed JSON"));

    let (status, body) = s
        .post_raw("/v1/wrap", "text/plain", "{\"text\": \"a\"}")
        .await;
    assert_eq!(status, 400);
    assert_envelope(&body, "invalid_request");

    let (status, body) = s
        .post_json("/v1/wrap", &json!({"text": "a", "fromat": "html"}))
        .await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("fromat"));

    let (status, body) = s
        .post_json("/v1/wrap", &json!({"text": "a", "format": "pdf"}))
        .await;
    assert_eq!(status, 400);
    assert_envelope(&body, "invalid_request");

    let (status, body) = s.post_json("/v1/detect", &json!({"text": 5})).await;
    assert_eq!(status, 400);
    assert_envelope(&body, "invalid_request");

    let (status, body) = s.post_json("/v1/detect", &json!({"text": ""})).await;
    assert_eq!(status, 400);
    assert_envelope(&body, "invalid_request");

    let (status, body) = s
        .post_json("/v1/detect", &json!({"text": "א".repeat(20_001)}))
        .await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"].as_str().unwrap().contains("20000"));

    let huge = format!("{{\"text\": \"{}\"}}", "a".repeat(5 * 1024 * 1024));
    let (status, body) = s.post_raw("/v1/detect", "application/json", &huge).await;
    assert_eq!(status, 400);
    assert_envelope(&body, "invalid_request");

    let res = s.client.get(s.url("/v1/nope")).send().await.unwrap();
    assert_eq!(res.status(), 404);
    assert_envelope(&res.json().await.unwrap(), "not_found");

    let res = s.client.get(s.url("/v1/wrap")).send().await.unwrap();
    assert_eq!(res.status(), 405);
    assert_envelope(&res.json().await.unwrap(), "invalid_request");
}

/// The display vectors of `lashon-bidi` give the same results over HTTP.
#[tokio::test]
async fn http_matches_the_display_vectors() {
    let s = TestServer::start().await;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../bidi/tests/vectors/display.json"
    );
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for case in &cases {
        let mut req = json!({"text": case["text"], "format": "html"});
        if let Some(base) = case.get("base") {
            req["base"] = base.clone();
        }
        let (status, body) = s.post_json("/v1/wrap", &req).await;
        assert_eq!(status, 200);
        assert_eq!(body["output"], case["html"], "{}", case["name"]);
        let runs: Vec<Value> = body["runs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| json!([r["text"], r["dir"]]))
            .collect();
        assert_eq!(Value::Array(runs), case["display"], "{}", case["name"]);
    }
}
