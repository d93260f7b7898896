//! `/mcp` on the real binary, spoken as raw JSON-RPC over HTTP: the key check, the
//! handshake at protocol 2025-06-18 with its session header, the tools a key's scopes admit,
//! and tool calls that share the HTTP API's answers, rate limit, charges and refusals.
//! (The official Python client runs the same server in `scripts/test-mcp`.)

mod common;

use common::{lashon, temp_db, Server};
use serde_json::{json, Value};

/// An MCP conversation over HTTP with one key.
struct Mcp<'a> {
    s: &'a Server,
    key: String,
    session: Option<String>,
    version: &'static str,
    next_id: u64,
}

/// One answer: status, headers, and the JSON-RPC message (from a JSON or an SSE body).
struct Answer {
    status: u16,
    headers: reqwest::header::HeaderMap,
    message: Value,
}

impl<'a> Mcp<'a> {
    fn new(s: &'a Server, key: &str) -> Self {
        Mcp {
            s,
            key: key.to_string(),
            session: None,
            version: "2025-06-18",
            next_id: 1,
        }
    }

    async fn post(&mut self, body: Value) -> Answer {
        let mut req = self
            .s
            .client
            .post(self.s.url("/mcp"))
            .bearer_auth(&self.key)
            .header("accept", "application/json, text/event-stream")
            .json(&body);
        if let Some(id) = &self.session {
            req = req
                .header("mcp-session-id", id)
                .header("mcp-protocol-version", self.version);
        }
        let res = req.send().await.expect("request");
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let text = res.text().await.expect("body");
        let message = if text.trim().is_empty() {
            Value::Null
        } else if headers
            .get("content-type")
            .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"))
        {
            // The event that answers the request (priming events carry no JSON).
            text.lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
                .find(|m| m.get("id").is_some())
                .unwrap_or(Value::Null)
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Answer {
            status,
            headers,
            message,
        }
    }

    async fn request(&mut self, method: &str, params: Value) -> Answer {
        let id = self.next_id;
        self.next_id += 1;
        let answer = self
            .post(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        assert_eq!(answer.status, 200, "{method}: {}", answer.message);
        assert_eq!(answer.message["id"], id, "{}", answer.message);
        answer
    }

    /// `initialize` at `version`, then `notifications/initialized`; the negotiated version.
    async fn open(&mut self, version: &'static str) -> String {
        let answer = self
            .request(
                "initialize",
                json!({"protocolVersion": version, "capabilities": {},
                       "clientInfo": {"name": "lashon-tests", "version": "1"}}),
            )
            .await;
        let session = answer
            .headers
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .expect("a session id")
            .to_string();
        self.session = Some(session);
        let negotiated = answer.message["result"]["protocolVersion"]
            .as_str()
            .unwrap()
            .to_string();
        self.version = if negotiated == "2025-06-18" {
            "2025-06-18"
        } else {
            "2025-11-25"
        };
        let note = self
            .post(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        assert_eq!(note.status, 202);
        negotiated
    }

    async fn tool_names(&mut self) -> Vec<String> {
        let answer = self.request("tools/list", json!({})).await;
        answer.message["result"]["tools"]
            .as_array()
            .expect("tools")
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    }

    /// The `tools/call` result.
    async fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let answer = self
            .request("tools/call", json!({"name": tool, "arguments": arguments}))
            .await;
        answer.message["result"].clone()
    }
}

/// The error of a tool result: its `isError`, and the envelope in its text.
fn tool_error(result: &Value) -> Value {
    assert_eq!(result["isError"], true, "{result}");
    serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap()
}

fn created_key(db: &std::path::Path, args: &[&str]) -> String {
    let out = lashon(db, args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn mcp_needs_a_valid_key() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}});
    for auth in [None, Some("Bearer lsk_test_nope"), Some("Basic abc")] {
        let mut req = s
            .client
            .post(s.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .json(&init);
        if let Some(a) = auth {
            req = req.header("authorization", a);
        }
        let res = s.send(req).await;
        assert_eq!(res.status, 401, "{auth:?}");
        assert_eq!(res.error("unauthorized"), "unauthorized");
        assert_eq!(
            res.header("www-authenticate"),
            Some("Bearer realm=\"lashon\"")
        );
    }
    // The event stream and the session's end are behind the key too.
    let res = s
        .send(
            s.client
                .get(s.url("/mcp"))
                .header("accept", "text/event-stream"),
        )
        .await;
    assert_eq!(res.status, 401);
    let res = s
        .send(s.client.delete(s.url("/mcp")).header("mcp-session-id", "x"))
        .await;
    assert_eq!(res.status, 401);
    // Only `/mcp` itself: a path below it is the API's 404.
    let res = s
        .send(s.client.post(s.url("/mcp/x")).bearer_auth(&s.sandbox_key))
        .await;
    assert_eq!(res.status, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_at_2025_06_18_lists_and_calls_tools() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let mut mcp = Mcp::new(&s, &s.sandbox_key);
    assert_eq!(mcp.open("2025-06-18").await, "2025-06-18");

    let names = mcp.tool_names().await;
    assert_eq!(names.len(), 32, "{names:?}");
    let tools = mcp.request("tools/list", json!({})).await.message["result"]["tools"].clone();
    for t in tools.as_array().unwrap() {
        assert_eq!(t["inputSchema"]["type"], "object", "{}", t["name"]);
        assert_eq!(t["outputSchema"]["type"], "object", "{}", t["name"]);
        assert!(t["description"].as_str().unwrap().len() > 60);
    }

    // The tool answers what the route answers.
    let text = "שילמתי ב-PayPal 120 ₪";
    let called = mcp.call("detect_language", json!({ "text": text })).await;
    assert_eq!(called["isError"], false, "{called}");
    let direct = s.post("/v1/detect", &json!({ "text": text })).await;
    assert_eq!(called["structuredContent"], direct.body);
    let from_text: Value =
        serde_json::from_str(called["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(from_text, direct.body);
    assert!(called["_meta"]["lashon/x-request-id"]
        .as_str()
        .unwrap()
        .starts_with("req_"));

    // A news tool with path and query arguments.
    let stories = mcp.call("stories_list", json!({"limit": 2})).await;
    let first = stories["structuredContent"]["data"][0]["id"]
        .as_i64()
        .unwrap();
    let story = mcp
        .call("story_get", json!({"ckey": first, "lang": "en"}))
        .await;
    assert_eq!(story["structuredContent"]["id"], first);
    let direct = s.get(&format!("/api/v1/stories/{first}?lang=en")).await;
    assert_eq!(
        story["structuredContent"]["headline"],
        direct.body["headline"]
    );

    // Refusals are tool errors carrying the API's envelope.
    let missing = tool_error(&mcp.call("story_get", json!({"ckey": 999_999})).await);
    assert_eq!(missing["error"]["code"], "not_found");
    assert_eq!(missing["status"], 404);
    let bad = tool_error(&mcp.call("translate", json!({"text": "hi"})).await);
    assert_eq!(bad["error"]["type"], "invalid_request");
    assert!(bad["error"]["message"]
        .as_str()
        .unwrap()
        .contains("target_lang"));
    let unknown = tool_error(&mcp.call("brief", json!({"language": "he"})).await);
    assert_eq!(unknown["error"]["code"], "bad_request");

    // An unknown tool is a protocol error, not a tool result.
    let answer = mcp
        .request("tools/call", json!({"name": "nope", "arguments": {}}))
        .await;
    assert_eq!(answer.message["error"]["code"], -32602);

    // The session ends on DELETE.
    let res = s
        .send(
            s.client
                .delete(s.url("/mcp"))
                .bearer_auth(&s.sandbox_key)
                .header("mcp-session-id", mcp.session.clone().unwrap())
                .header("mcp-protocol-version", "2025-06-18"),
        )
        .await;
    assert_eq!(res.status, 204);
    let after = mcp
        .post(json!({"jsonrpc": "2.0", "id": 99, "method": "tools/list"}))
        .await;
    assert_eq!(after.status, 404, "{}", after.message);
}

#[tokio::test(flavor = "multi_thread")]
async fn revisions_before_2025_06_18_are_answered_with_a_later_one() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    for old in ["2024-11-05", "2025-03-26"] {
        let mut mcp = Mcp::new(&s, &s.sandbox_key);
        let negotiated = mcp.open(old).await;
        assert!(negotiated.as_str() >= "2025-06-18", "{old} → {negotiated}");
    }
    let mut mcp = Mcp::new(&s, &s.sandbox_key);
    assert_eq!(mcp.open("2025-11-25").await, "2025-11-25");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_is_offered_what_its_scopes_admit() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let stories = created_key(
        &db,
        &[
            "keys",
            "create",
            "--account",
            "demo",
            "--scopes",
            "stories",
            "--sandbox",
        ],
    );
    let mut mcp = Mcp::new(&s, &stories);
    mcp.open("2025-06-18").await;
    let names = mcp.tool_names().await;
    assert_eq!(names.len(), 13 + 8, "{names:?}");
    assert!(names.contains(&"trending".to_string()));
    for absent in ["search", "sources_list", "brief", "clinical_translate"] {
        assert!(!names.contains(&absent.to_string()), "{absent}");
    }
    // Called anyway, the route refuses: forbidden (news), scope_required (clinical).
    let refused = tool_error(&mcp.call("search", json!({"q": "budget"})).await);
    assert_eq!(refused["error"]["code"], "forbidden");
    assert_eq!(refused["status"], 403);
    let refused = tool_error(
        &mcp.call("clinical_query", json!({"text": "מה המינון?"}))
            .await,
    );
    assert_eq!(refused["error"]["code"], "scope_required");

    // `medical` on an account without clinical enabled is not enough.
    lashon(&db, &["accounts", "create", "plain"]);
    let medical = created_key(
        &db,
        &[
            "keys",
            "create",
            "--account",
            "plain",
            "--scopes",
            "medical",
            "--sandbox",
        ],
    );
    let mut mcp = Mcp::new(&s, &medical);
    mcp.open("2025-06-18").await;
    let names = mcp.tool_names().await;
    assert_eq!(names.len(), 13, "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("clinical_")));
}

#[tokio::test(flavor = "multi_thread")]
async fn calls_share_the_apis_rate_limit_and_charges() {
    let (_dir, db) = temp_db();
    lashon(&db, &["accounts", "create", "small", "--char-quota", "12"]);
    let key = created_key(&db, &["keys", "create", "--account", "small", "--sandbox"]);
    let s = Server::start_with(&db, &["--rate-limit", "3", "--crawl-every", "0"]);
    let mut mcp = Mcp::new(&s, &key);
    mcp.open("2025-06-18").await;
    // Protocol messages cost nothing; the charge of a call is the route's.
    let done = mcp
        .call("translate", json!({"text": "hello", "target_lang": "he"}))
        .await;
    assert_eq!(done["isError"], false, "{done}");
    assert_eq!(done["_meta"]["lashon/x-usage-chars-used"], "5");
    let usage = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&key))
        .await;
    assert_eq!(usage.status, 200);
    assert_eq!(usage.body["sandbox_chars_used"], 5);
    // Over the quota: refused and not charged.
    let over = tool_error(
        &mcp.call(
            "translate",
            json!({"text": "hello world", "target_lang": "he"}),
        )
        .await,
    );
    assert_eq!(over["error"]["code"], "quota_exceeded");
    assert_eq!(over["status"], 429);
    // Three requests a minute, counted across HTTP and MCP: the HTTP one above and the two
    // calls took them all.
    let limited = tool_error(&mcp.call("usage", json!({})).await);
    assert_eq!(limited["error"]["code"], "rate_limited");
    assert!(limited["retry_after"].as_u64().unwrap() >= 1);
    let res = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&key))
        .await;
    assert_eq!(res.status, 429);
}

#[tokio::test(flavor = "multi_thread")]
async fn clinical_calls_from_a_browser_are_refused() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "page", "version": "1"}}});
    let post = |body: &Value, session: Option<&str>| {
        let mut req = s
            .client
            .post(s.url("/mcp"))
            .bearer_auth(&s.sandbox_key)
            .header("origin", "https://app.example.com")
            .header("accept", "application/json, text/event-stream")
            .json(body);
        if let Some(id) = session {
            req = req
                .header("mcp-session-id", id)
                .header("mcp-protocol-version", "2025-06-18");
        }
        req
    };
    let res = post(&init, None).send().await.unwrap();
    let session = res.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_string();
    let _ = res.text().await;
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(
        post(&note, Some(&session)).send().await.unwrap().status(),
        202
    );
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "clinical_query", "arguments": {"text": "מה המינון של אקמול?"}}});
    let text = post(&call, Some(&session))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let message: Value = text
        .lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .filter_map(|d| serde_json::from_str(d.trim()).ok())
        .find(|m: &Value| m.get("id").is_some())
        .expect("an answer");
    let refused = tool_error(&message["result"]);
    assert_eq!(refused["error"]["code"], "server_only");
}

#[tokio::test(flavor = "multi_thread")]
async fn tool_arguments_are_never_logged_or_stored() {
    let (dir, db) = temp_db();
    // `Server::start` logs at debug, where the MCP SDK would write whole requests.
    let s = Server::start(&db);
    let mut mcp = Mcp::new(&s, &s.sandbox_key);
    mcp.open("2025-06-18").await;
    let sentinel = "SENTINEL-5e1d0b-שלום";
    let sentence = format!("Do not share {sentinel} with anyone.");
    for (tool, arguments) in [
        (
            "translate",
            json!({"text": sentence, "target_lang": "he", "protect": true}),
        ),
        ("clinical_query", json!({"text": sentinel})),
        ("detect_language", json!({"text": sentinel})),
        ("search", json!({"q": sentinel})),
    ] {
        let result = mcp.call(tool, arguments).await;
        assert_eq!(result["isError"], false, "{tool}: {result}");
    }
    // Refused calls too.
    tool_error(&mcp.call("translate", json!({"text": sentinel})).await);
    let log = s.stop();
    assert!(log.contains("lashon serving"), "the log was captured");
    assert!(!log.contains("SENTINEL"), "the log holds request text");
    let bytes = dir.stored_bytes();
    assert!(
        !bytes.windows(8).any(|w| w == b"SENTINEL"),
        "the database holds request text"
    );
}

/// `lashon mcp --stdio` on `db` with `key`, its stdout read line by line.
struct Stdio {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Stdio {
    fn start(db: &std::path::Path, key: &str) -> Stdio {
        use std::io::BufRead;
        use std::process::{Command, Stdio as Pipe};
        let mut child = Command::new(env!("CARGO_BIN_EXE_lashon"))
            .args(["mcp", "--stdio", "--db"])
            .arg(db)
            .env("LASHON_API_KEY", key)
            .env("LASHON_LOG", "debug")
            .env_remove("LASHON_NIKUD_MODEL")
            .env_remove("LASHON_MODEL_URL")
            .stdin(Pipe::piped())
            .stdout(Pipe::piped())
            .stderr(Pipe::null())
            .spawn()
            .expect("start lashon mcp");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                let _ = tx.send(line);
            }
        });
        let stdin = child.stdin.take();
        Stdio {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, message: Value) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{message}").expect("write");
        stdin.flush().expect("flush");
    }

    /// The answer to request `id` (every line on stdout must be JSON-RPC).
    fn answer(&mut self, id: u64) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(60))
                .expect("an answer on stdout");
            let message: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("stdout holds a line that is not JSON ({e}): {line}"));
            assert_eq!(message["jsonrpc"], "2.0", "{line}");
            if message["id"] == id {
                return message;
            }
        }
    }

    /// Closes stdin; the server exits, successfully.
    fn close(mut self) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait");
        assert!(status.success(), "{status:?}");
    }
}

#[test]
fn stdio_serves_the_tools_with_the_key_of_its_environment() {
    let (_dir, db) = temp_db();
    lashon(&db, &["accounts", "create", "desk", "--clinical"]);
    // The default scopes: every news scope, not `medical`.
    let key = created_key(&db, &["keys", "create", "--account", "desk", "--sandbox"]);
    let mut mcp = Stdio::start(&db, &key);
    mcp.send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "desktop", "version": "1"}}}),
    );
    assert_eq!(mcp.answer(1)["result"]["protocolVersion"], "2025-06-18");
    mcp.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    mcp.send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    let tools = mcp.answer(2)["result"]["tools"].clone();
    let names: Vec<&str> = tools
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 13 + 16, "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("clinical_")));
    mcp.send(
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "wrap_for_display", "arguments": {"text": "Google הודיעה", "base": "rtl"}}}),
    );
    let wrapped = mcp.answer(3)["result"].clone();
    assert_eq!(wrapped["isError"], false, "{wrapped}");
    assert_eq!(wrapped["structuredContent"]["dir"], "rtl");
    // The charge lands on the key's account in the database.
    mcp.send(
        json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
        "name": "translate", "arguments": {"text": "hello", "target_lang": "he"}}}),
    );
    assert_eq!(mcp.answer(4)["result"]["isError"], false);
    mcp.send(
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {
        "name": "usage", "arguments": {}}}),
    );
    let usage = mcp.answer(5)["result"]["structuredContent"].clone();
    assert_eq!(usage["sandbox_chars_used"], 5, "{usage}");
    mcp.close();
}

#[test]
fn stdio_refuses_to_start_without_a_valid_key() {
    let (_dir, db) = temp_db();
    lashon(&db, &["accounts", "create", "desk"]);
    let key = created_key(&db, &["keys", "create", "--account", "desk"]);
    let id = &key[9..21];
    assert!(lashon(&db, &["keys", "revoke", id]).status.success());
    for (value, says) in [
        ("", "set LASHON_API_KEY"),
        ("lsk_live_not_a_key", "malformed"),
        (key.as_str(), "revoked"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_lashon"))
            .args(["mcp", "--stdio", "--db"])
            .arg(&db)
            .env("LASHON_API_KEY", value)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run lashon mcp");
        assert!(!out.status.success(), "{value:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("LASHON_API_KEY") && stderr.contains(says),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stateless_call_at_2026_07_28_answers_json() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {}});
    let res = s
        .client
        .post(s.url("/mcp"))
        .bearer_auth(&s.sandbox_key)
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", "tools/call")
        .header("mcp-name", "detect_language")
        .json(
            &json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
            "name": "detect_language", "arguments": {"text": "שלום"}, "_meta": meta}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    // No session: one request, one JSON answer.
    assert!(res.headers().get("mcp-session-id").is_none());
    assert_eq!(res.headers()["content-type"], "application/json");
    let message: Value = res.json().await.unwrap();
    assert_eq!(message["id"], 7);
    assert_eq!(message["result"]["structuredContent"]["lang"], "he");
}
