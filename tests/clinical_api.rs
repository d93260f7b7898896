//! Clinical operations end to end: the real binary, its live key on the scripted model.
//! Markdown structure, audiences, streaming order, the query, both verification modes, the
//! 403s, and that redacted names never reach the model or the reviewer.

mod common;

use common::fake_model::{Behaviour, FakeModel, Fault};
use common::{lashon, temp_db, Response, Server};
use serde_json::{json, Value};

const EN_HE: &[(&str, &str)] = &[
    ("Discharge summary", "סיכום שחרור"),
    ("Take ⟦0⟧ ⟦1⟧ ⟦2⟧ ⟦3⟧.", "יש ליטול ⟦0⟧ ⟦1⟧ ⟦2⟧ ⟦3⟧."),
    (
        "Take ⟦0⟧ ⟦1⟧ PO BID.",
        "יש ליטול ⟦0⟧ ⟦1⟧ דרך הפה פעמיים ביום.",
    ),
    ("Take ⟦0⟧ ⟦1⟧ PO TID.", "יש ליטול ⟦0⟧ ⟦1⟧ דרך הפה TID."),
    ("Do not drive for ⟦0⟧ hours.", "אין לנהוג במשך ⟦0⟧ שעות."),
    ("Drug", "תרופה"),
    ("Dose", "מינון"),
    ("⟦0⟧ has pain in the left knee.", "ל-⟦0⟧ יש כאב בברך שמאל."),
    (
        "Did the patient receive ⟦0⟧ in the ⟦1⟧?",
        "Did the patient receive ⟦0⟧ in the ⟦1⟧?",
    ),
    (
        "האם המטופל קיבל ⟦0⟧ ב⟦1⟧?",
        "Did the patient receive ⟦0⟧ in the ⟦1⟧?",
    ),
];

async fn start() -> (FakeModel, Server, common::Scratch) {
    let fake = FakeModel::start().await;
    fake.phrases(EN_HE);
    fake.phrases(&[("Check item ⟦0⟧.", "בדקו את פריט מספר ⟦0⟧.")]);
    let (dir, db) = temp_db();
    let server = Server::start_with(&db, &["--model-url", &fake.url]);
    (fake, server, dir)
}

async fn live(s: &Server, path: &str, body: Value) -> Response {
    s.send(
        s.client
            .post(s.url(path))
            .bearer_auth(&s.live_key)
            .json(&body),
    )
    .await
}

const DOC: &str = "# Discharge summary\n\n- Take 500 mg paracetamol PO BID.\n- Do not drive for 24 hours.\n\n| Drug | Dose |\n|---|---|\n| Aspirin | 100 mg |\n";

#[tokio::test(flavor = "multi_thread")]
async fn markdown_structure_segments_and_stats() {
    let (_fake, s, _dir) = start().await;
    let r = live(&s, "/v1/clinical/translate", json!({"text": DOC})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let segments = r.body["segments"].as_array().unwrap();
    assert_eq!(segments.len(), 7);
    // The document is its segments joined; the table and list structure survive.
    let joined: String = segments
        .iter()
        .map(|s| {
            format!(
                "{}{}{}",
                s["prefix"].as_str().unwrap(),
                s["text"].as_str().unwrap(),
                s["suffix"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(r.body["text"], joined);
    assert_eq!(
        joined,
        "# סיכום שחרור\n\n- יש ליטול \u{2068}500 mg\u{2069} \u{2068}paracetamol\u{2069} \u{2068}PO\u{2069} \u{2068}BID\u{2069}.\n- אין לנהוג במשך \u{2068}24\u{2069} שעות.\n\n| תרופה | מינון |\n|---|---|\n| \u{2068}Aspirin\u{2069} | \u{2068}100 mg\u{2069} |\n"
    );
    assert_eq!(segments[1]["prefix"], "- ");
    assert_eq!(segments[1]["source"], "Take 500 mg paracetamol PO BID.");
    assert_eq!(segments[1]["index"], 1);
    assert_eq!(
        segments[1]["spans"],
        json!([{"type": "dose", "value": "500 mg"}, {"type": "drug", "value": "paracetamol"},
               {"type": "abbreviation", "value": "PO"}, {"type": "abbreviation", "value": "BID"}])
    );
    assert_eq!(segments[5]["status"], "passthrough");
    assert_eq!(
        r.body["stats"],
        json!({"segments": 7, "ok": 5, "retried": 0, "fallback": 0, "passthrough": 2})
    );
    assert_eq!(r.body["usage"]["characters"], DOC.chars().count());
    // Clinical counts three times.
    let used: u64 = r.header("x-usage-chars-used").unwrap().parse().unwrap();
    assert_eq!(used, 3 * DOC.chars().count() as u64);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_patient_gets_plain_words() {
    let (fake, s, _dir) = start().await;
    let r = live(
        &s,
        "/v1/clinical/translate",
        json!({"text": "Take 500 mg paracetamol PO BID.", "audience": "patient", "bidi": "none"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["segments"][0]["status"], "ok");
    assert_eq!(
        r.body["text"],
        "יש ליטול 500 mg paracetamol דרך הפה פעמיים ביום."
    );
    // The model was told the plain words.
    let call = &fake.calls()[0];
    assert_eq!(call["instructions"]["audience"], "patient");
    assert!(call["instructions"]["glossary"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["source"] == "BID" && g["target"] == "פעמיים ביום"));

    // Shorthand kept for a patient: term_missing, retried, then English.
    let r = live(
        &s,
        "/v1/clinical/translate",
        json!({"text": "Take 500 mg paracetamol PO TID.", "audience": "patient"}),
    )
    .await;
    let seg = &r.body["segments"][0];
    assert_eq!(seg["status"], "fallback");
    assert_eq!(seg["text"], "Take 500 mg paracetamol PO TID.");
    assert!(seg["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["code"] == "term_missing"));
    assert_eq!(r.body["stats"]["fallback"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn laterality_and_redaction() {
    let (fake, s, _dir) = start().await;
    fake.script(&[Behaviour::Fault(Fault::SwapSides)]);
    let r = live(
        &s,
        "/v1/clinical/translate",
        json!({"text": "Dana Levi has pain in the left knee.", "redact_terms": ["Dana Levi"], "bidi": "none"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let seg = &r.body["segments"][0];
    assert_eq!(seg["status"], "retried");
    assert_eq!(seg["issues"][0]["code"], "laterality_swapped");
    assert_eq!(seg["text"], "ל-Dana Levi יש כאב בברך שמאל.");
    assert_eq!(seg["spans"], json!([{"type": "name"}]));
    let sent = serde_json::to_string(&fake.requests()).unwrap();
    assert!(!sent.contains("Dana"), "{sent}");
    // The pronoun-free text leaves the patient's gender unknown; `she` makes it female.
    assert!(fake.calls()[0]["instructions"]
        .get("patient_gender")
        .is_none());
}

/// Reads an SSE body into (event, data) pairs.
fn events(body: &str) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for block in body.split("\n\n") {
        let mut name = String::new();
        let mut data = String::new();
        for line in block.lines() {
            if let Some(v) = line.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim_start());
            }
        }
        if !name.is_empty() {
            out.push((name, serde_json::from_str(&data).unwrap_or(Value::Null)));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn streaming_sends_segments_in_order_then_done() {
    let (fake, s, _dir) = start().await;
    let text: String = (1..=10).map(|i| format!("- Check item {i}.\n")).collect();
    let res = s
        .client
        .post(s.url("/v1/clinical/translate/stream"))
        .bearer_auth(&s.live_key)
        .json(&json!({"text": text, "bidi": "none"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["content-type"].to_str().unwrap(),
        "text/event-stream"
    );
    let body = res.text().await.unwrap();
    let evs = events(&body);
    assert_eq!(evs.len(), 11, "{body}");
    for (i, (name, data)) in evs[..10].iter().enumerate() {
        assert_eq!(name, "segment");
        assert_eq!(data["index"], i);
        assert_eq!(data["text"], format!("בדקו את פריט מספר {}.", i + 1));
    }
    let (name, done) = &evs[10];
    assert_eq!(name, "done");
    assert_eq!(done["stats"]["ok"], 10);
    assert!(done["text"]
        .as_str()
        .unwrap()
        .starts_with("- בדקו את פריט מספר 1.\n"));
    // Chunks of eight sentences: two calls.
    assert_eq!(fake.calls().len(), 2);
    // Charged once it completed.
    let usage = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&s.live_key))
        .await;
    assert_eq!(usage.body["chars_used"], 3 * text.chars().count());

    // The model fails midway: the segments before stay, then `event: error`; nothing charged.
    fake.clear();
    fake.script(&[
        Behaviour::Normal,
        Behaviour::Status(500),
        Behaviour::Status(500),
    ]);
    let body = s
        .client
        .post(s.url("/v1/clinical/translate/stream"))
        .bearer_auth(&s.live_key)
        .json(&json!({"text": text}))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let evs = events(&body);
    assert_eq!(evs.len(), 9, "{body}");
    assert_eq!(evs[8].0, "error");
    assert_eq!(evs[8].1["error"]["code"], "upstream_error");
    let after = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&s.live_key))
        .await;
    assert_eq!(after.body["chars_used"], usage.body["chars_used"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn query_turns_a_hebrew_question_into_the_records_terms() {
    let (_fake, s, _dir) = start().await;
    let r = live(
        &s,
        "/v1/clinical/query",
        json!({"text": "האם המטופל קיבל אקמול בשבוע האחרון?", "known_terms": ["paracetamol 500 mg"]}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.body["query"],
        "Did the patient receive paracetamol in the past week?"
    );
    assert_eq!(
        r.body["terms"],
        json!([{"hebrew": "אקמול", "english": "paracetamol", "source": "known_terms"},
               {"hebrew": "שבוע האחרון", "english": "past week", "source": "lexicon"}])
    );
    // Account terms take part: a Hebrew rendering names the record's term.
    let up = live(
        &s,
        "/v1/terms",
        json!({"terms": [{"term": "Acamol Forte", "translations": {"he": "אקמול פורטה"}}]}),
    )
    .await;
    assert_eq!(up.status, 200, "{}", up.body);
    let r = live(
        &s,
        "/v1/clinical/query",
        json!({"text": "כמה אקמול פורטה קיבל?"}),
    )
    .await;
    assert_eq!(
        r.body["terms"][0],
        json!({"hebrew": "אקמול פורטה", "english": "Acamol Forte", "source": "known_terms"})
    );
    // Limits.
    let r = live(&s, "/v1/clinical/query", json!({"text": "א".repeat(2001)})).await;
    assert_eq!(r.status, 400);
    let r = live(&s, "/v1/clinical/query", json!({"text": "א".repeat(2000)})).await;
    assert_eq!(r.status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn verification_standard_and_strict() {
    let (fake, s, _dir) = start().await;
    let body = |verification: &str| {
        json!({
            "source": "Dana Levi should take 5 mg daily. Do not drive. Apply to the left eye.",
            "translation": "דנה לוי צריכה ליטול 5 מ\"ג ביום. יש לנהוג. יש למרוח בעין.",
            "redact_terms": ["Dana Levi", "דנה לוי"],
            "verification": verification,
        })
    };
    let r = live(&s, "/v1/clinical/verify", body("standard")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["pass"], false);
    let codes: Vec<&str> = r.body["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"negation_lost") && codes.contains(&"laterality_lost"),
        "{codes:?}"
    );
    assert!(fake.requests().is_empty(), "standard runs no model");
    let chars = body("standard")["source"].as_str().unwrap().chars().count()
        + body("standard")["translation"]
            .as_str()
            .unwrap()
            .chars()
            .count();
    assert_eq!(r.body["usage"]["characters"], chars);

    // Strict adds the reviewer's findings as `meaning` errors; names are hidden from it.
    fake.review(&[("p0", "the dose frequency changed")]);
    let r = live(&s, "/v1/clinical/verify", body("strict")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["issues"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["code"] == "meaning" && i["detail"].as_str().unwrap().contains("frequency")));
    let sent = serde_json::to_string(&fake.requests()).unwrap();
    assert!(!sent.contains("Dana") && !sent.contains("דנה"), "{sent}");
    assert_eq!(fake.requests()[0]["model"], "default");

    // A correct translation passes; warnings alone do not fail it.
    let r = live(
        &s,
        "/v1/clinical/verify",
        json!({"source": "Take 5 mg daily.", "translation": "יש ליטול 5 מ\"ג ביום (v2)."}),
    )
    .await;
    assert_eq!(r.body["pass"], true, "{}", r.body);
    assert_eq!(r.body["issues"][0]["code"], "digits_added");
    assert_eq!(r.body["issues"][0]["severity"], "warning");
    // Limits: translation 40,000 in, 40,001 out.
    let r = live(
        &s,
        "/v1/clinical/verify",
        json!({"source": "a", "translation": "א".repeat(40_001)}),
    )
    .await;
    assert_eq!(r.status, 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn clinical_needs_the_feature_the_scope_and_a_server() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    // Strict needs a model; standard does not, even with a live key and no model.
    let strict =
        json!({"source": "Take 5 mg.", "translation": "ליטול 5 מ\"ג.", "verification": "strict"});
    let r = s
        .send(
            s.client
                .post(s.url("/v1/clinical/verify"))
                .bearer_auth(&s.live_key)
                .json(&strict),
        )
        .await;
    assert_eq!(r.status, 503);
    assert_eq!(r.error("service_unavailable"), "not_configured");
    let mut standard = strict.clone();
    standard["verification"] = json!("standard");
    let r = s
        .send(
            s.client
                .post(s.url("/v1/clinical/verify"))
                .bearer_auth(&s.live_key)
                .json(&standard),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    // A sandbox key works without a model.
    let r = s
        .post("/v1/clinical/translate", &json!({"text": DOC}))
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["stats"]["fallback"], 0, "{}", r.body);
    // The sandbox writes a patient's plain words too.
    let r = s
        .post(
            "/v1/clinical/translate",
            &json!({"text": DOC, "audience": "patient"}),
        )
        .await;
    assert_eq!(r.body["stats"]["fallback"], 0, "{}", r.body);
    assert!(r.body["text"].as_str().unwrap().contains("פעמיים ביום"));

    // From a browser: server_only.
    let r = s
        .send(
            s.client
                .post(s.url("/v1/clinical/translate"))
                .bearer_auth(&s.sandbox_key)
                .header("Origin", "https://app.example.com")
                .json(&json!({"text": "Take 5 mg."})),
        )
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(r.error("forbidden"), "server_only");

    // A key without `medical`: scope_required.
    let out = lashon(
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
    assert!(out.status.success());
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let r = s
        .send(
            s.client
                .post(s.url("/v1/clinical/query"))
                .bearer_auth(&key)
                .json(&json!({"text": "שלום"})),
        )
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(r.error("forbidden"), "scope_required");

    // An account without clinical, with a medical key: forbidden.
    assert!(lashon(&db, &["accounts", "create", "plain"])
        .status
        .success());
    let out = lashon(
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
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let r = s
        .send(
            s.client
                .post(s.url("/v1/clinical/verify"))
                .bearer_auth(&key)
                .json(&standard),
        )
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(r.error("forbidden"), "forbidden");
}

#[tokio::test(flavor = "multi_thread")]
async fn clinical_limits_just_inside_and_outside() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let status = |r: Response| r.status;
    let text = |n: usize| "Take rest. ".repeat(n / 11 + 1)[..n].to_string();
    assert_eq!(
        status(
            s.post("/v1/clinical/translate", &json!({"text": text(20_000)}))
                .await
        ),
        200
    );
    assert_eq!(
        status(
            s.post("/v1/clinical/translate", &json!({"text": text(20_001)}))
                .await
        ),
        400
    );
    assert_eq!(
        status(s.post("/v1/clinical/translate", &json!({"text": ""})).await),
        400
    );
    let terms = |n: usize| (0..n).map(|i| format!("t{i}")).collect::<Vec<_>>();
    let with = |field: &str, value: Value| {
        let mut b = json!({"text": "Take rest."});
        b[field] = value;
        b
    };
    for (field, max) in [("protected_terms", 500), ("redact_terms", 200)] {
        let r = s
            .post("/v1/clinical/translate", &with(field, json!(terms(max))))
            .await;
        assert_eq!(r.status, 200, "{field} {max}: {}", r.body);
        let r = s
            .post(
                "/v1/clinical/translate",
                &with(field, json!(terms(max + 1))),
            )
            .await;
        assert_eq!(r.status, 400, "{field} {}", max + 1);
    }
    assert_eq!(
        status(
            s.post("/v1/clinical/translate", &with("audience", json!("nurse")))
                .await
        ),
        400
    );
    assert_eq!(
        status(
            s.post("/v1/clinical/translate", &with("bidi", json!("none")))
                .await
        ),
        200
    );
    let verify = |source: usize, translation: usize| json!({"source": text(source), "translation": "א".repeat(translation)});
    assert_eq!(
        status(s.post("/v1/clinical/verify", &verify(20_000, 40_000)).await),
        200
    );
    assert_eq!(
        status(s.post("/v1/clinical/verify", &verify(20_001, 10)).await),
        400
    );
    assert_eq!(
        status(s.post("/v1/clinical/verify", &verify(10, 40_001)).await),
        400
    );
    let r = s
        .post(
            "/v1/clinical/verify",
            &json!({"source": "a", "translation": "b", "verification": "lax"}),
        )
        .await;
    assert_eq!(r.status, 400);
    let r = s
        .post(
            "/v1/clinical/query",
            &json!({"text": "שלום", "known_terms": terms(501)}),
        )
        .await;
    assert_eq!(r.status, 400);
}
