//! Translation end to end: the real `lashon` binary on loopback, its live key talking to the
//! scripted chat-completions model of `common::fake_model` (also on loopback).
//!
//! Every sentence status (ok, retried, fallback, passthrough), the issue codes, ICU en→he,
//! en→ru and he→en, batch, redaction (asserted on the requests the model received), the
//! model's failures (500, timeout, invalid JSON) and what is charged.

mod common;

use common::fake_model::{Behaviour, FakeModel, Fault};
use common::{temp_db, Response, Server};
use serde_json::{json, Value};

/// The phrase table of these tests: masked English sources and their Hebrew.
const EN_HE: &[(&str, &str)] = &[
    (
        "Your order of ⟦0⟧ items costs ⟦1⟧.",
        "ההזמנה שלך של ⟦0⟧ פריטים עולה ⟦1⟧.",
    ),
    ("Do not share your password.", "אל תשתפו את הסיסמה שלכם."),
    (
        "The amount of ⟦0⟧ was credited to your account.",
        "הסכום של ⟦0⟧ זוכה לחשבונך.",
    ),
    (
        "Apply the cream to the left knee twice a day.",
        "מרחו את המשחה על ברך שמאל פעמיים ביום.",
    ),
    (
        "The tenant shall not sublet the apartment.",
        "השוכר אינו רשאי להשכיר את הדירה בשכירות משנה.",
    ),
    (
        "The appointment is on ⟦0⟧ at ⟦1⟧:⟦2⟧.",
        "התור נקבע ל-⟦0⟧ בשעה ⟦1⟧:⟦2⟧.",
    ),
    (
        "Call ⟦0⟧ at ⟦1⟧ about order ⟦2⟧.",
        "התקשרו ל-⟦0⟧ בכתובת ⟦1⟧ בנוגע להזמנה ⟦2⟧.",
    ),
    (
        "Please wait.",
        "נא להמתין, נא להמתין, נא להמתין, נא להמתין, נא להמתין בבקשה.",
    ),
    (
        "You can change it in settings.",
        "אתה יכול לשנות את זה בהגדרות.",
    ),
    ("Thank you.", "תודה (v2)."),
];

async fn start() -> (FakeModel, Server, common::Scratch) {
    let fake = FakeModel::start().await;
    fake.phrases(EN_HE);
    let (dir, db) = temp_db();
    let server = Server::start_with(
        &db,
        &["--model-url", &fake.url, "--model-timeout-ms", "400"],
    );
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

async fn translate(s: &Server, text: &str, extra: Value) -> Response {
    let mut body = json!({"text": text, "target_lang": "he"});
    for (k, v) in extra.as_object().into_iter().flatten() {
        body[k] = v.clone();
    }
    live(s, "/v1/translate", body).await
}

fn protection(r: &Response) -> &Value {
    assert_eq!(r.status, 200, "{}", r.body);
    &r.body["translation"]["protection"]
}

fn codes(p: &Value) -> Vec<String> {
    p["issues"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|i| i["code"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn ok_passthrough_and_the_response_shape() {
    let (fake, s, _dir) = start().await;
    let r = translate(
        &s,
        "Your order of 3 items costs $45.90. Do not share your password.",
        json!({"protect": true, "bidi": "isolate"}),
    )
    .await;
    let p = protection(&r);
    assert_eq!(p["status"], "ok");
    assert_eq!(p["source_lang"], "en");
    assert_eq!(
        r.body["translation"]["text"],
        "ההזמנה שלך של \u{2068}3\u{2069} פריטים עולה \u{2068}$45.90\u{2069}. אל תשתפו את הסיסמה שלכם."
    );
    assert_eq!(
        p["spans"],
        json!([{"type": "number", "value": "3"}, {"type": "number", "value": "$45.90"}])
    );
    assert_eq!(p["segments"].as_array().unwrap().len(), 2);
    assert_eq!(p["issues"], json!([]));
    assert_eq!(r.body["translation"]["dir"], "rtl");
    assert_eq!(r.body["source"]["dir"], "ltr");
    assert_eq!(r.body["quality"], "balanced");
    assert_eq!(r.body["translation"]["transliteration"], Value::Null);
    assert!(r.body["id"].as_str().unwrap().starts_with("req_"));
    assert_eq!(r.header("x-request-id"), r.body["id"].as_str());
    // One call for both sentences.
    assert_eq!(fake.calls().len(), 1);

    // Values only: no model call, `passthrough`, the date rendered.
    fake.clear();
    let r = translate(&s, "2025-03-05", json!({"protect": true})).await;
    let p = protection(&r);
    assert_eq!(p["status"], "passthrough");
    assert_eq!(r.body["translation"]["text"], "5 במרץ 2025");
    assert!(fake.calls().is_empty());

    // Transliteration of a Hebrew result.
    let r = translate(
        &s,
        "Do not share your password.",
        json!({"transliterate": true}),
    )
    .await;
    assert!(r.body["translation"]["transliteration"]
        .as_str()
        .is_some_and(|t| t.is_ascii() && !t.is_empty()));
}

#[tokio::test(flavor = "multi_thread")]
async fn retried_then_fallback() {
    let (fake, s, _dir) = start().await;
    // The first answer drops the negation; the retry on the stronger tier is right.
    fake.script(&[Behaviour::Fault(Fault::LoseNegation)]);
    let r = translate(&s, "Do not share your password.", json!({"protect": true})).await;
    let p = protection(&r);
    assert_eq!(p["status"], "retried");
    assert_eq!(p["issues"], json!([]), "every sentence passed in the end");
    assert_eq!(r.body["translation"]["text"], "אל תשתפו את הסיסמה שלכם.");
    let calls = fake.calls();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0]["instructions"]["tier"], "balanced");
    assert_eq!(calls[1]["instructions"]["tier"], "smartest");
    assert!(calls[1]["segments"][0]["note"]
        .as_str()
        .unwrap()
        .contains("negation"));
    let requests = fake.requests();
    assert_eq!(requests[1]["model"], "default");

    // Both answers drop it: the sentence falls back to English, the issue is reported.
    fake.clear();
    fake.script(&[
        Behaviour::Fault(Fault::LoseNegation),
        Behaviour::Fault(Fault::LoseNegation),
    ]);
    let r = translate(
        &s,
        "Your order of 3 items costs $45.90. Do not share your password.",
        json!({"protect": true}),
    )
    .await;
    let p = protection(&r);
    assert_eq!(p["status"], "fallback");
    assert_eq!(p["segments"][0]["status"], "ok");
    assert_eq!(p["segments"][1]["status"], "fallback");
    assert_eq!(p["segments"][1]["text"], "Do not share your password.");
    assert_eq!(codes(p), ["negation_lost"]);
    assert_eq!(
        r.body["translation"]["text"],
        "ההזמנה שלך של 3 פריטים עולה $45.90. Do not share your password."
    );
    // Only the failed sentence was retried.
    let calls = fake.calls();
    assert_eq!(calls[1]["segments"].as_array().unwrap().len(), 1);
}

/// Runs `text` with a fault on both attempts and returns the issue codes of the fallback.
async fn fault_codes(
    fake: &FakeModel,
    s: &Server,
    text: &str,
    extra: Value,
    fault: Fault,
) -> Vec<String> {
    fake.clear();
    fake.script(&[Behaviour::Fault(fault), Behaviour::Fault(fault)]);
    let r = translate(s, text, extra).await;
    let p = protection(&r);
    assert_eq!(p["status"], "fallback", "{fault:?}: {}", r.body);
    codes(p)
}

#[tokio::test(flavor = "multi_thread")]
async fn every_fault_is_caught_with_its_issue_code() {
    let (fake, s, _dir) = start().await;
    let order = "Your order of 3 items costs $45.90.";
    let protect = json!({"protect": true});

    let c = fault_codes(&fake, &s, order, protect.clone(), Fault::DropPlaceholder).await;
    assert!(c.contains(&"placeholder_missing".into()), "{c:?}");
    let c = fault_codes(
        &fake,
        &s,
        order,
        protect.clone(),
        Fault::DuplicatePlaceholder,
    )
    .await;
    assert!(c.contains(&"placeholder_duplicated".into()), "{c:?}");
    let c = fault_codes(&fake, &s, order, protect.clone(), Fault::AlterNumber).await;
    assert!(
        c.contains(&"number_added".into()) && c.contains(&"placeholder_missing".into()),
        "{c:?}"
    );
    let c = fault_codes(&fake, &s, order, protect.clone(), Fault::DropNumber).await;
    assert!(c.contains(&"number_missing".into()), "{c:?}");

    let c = fault_codes(
        &fake,
        &s,
        "Apply the cream to the left knee twice a day.",
        json!({"domain": "clinical"}),
        Fault::SwapSides,
    )
    .await;
    assert_eq!(c, ["laterality_swapped"]);
    let c = fault_codes(
        &fake,
        &s,
        "The amount of ₪120 was credited to your account.",
        json!({"domain": "finance"}),
        Fault::SwapMoneyDirection,
    )
    .await;
    assert!(c.contains(&"direction_swapped".into()), "{c:?}");
    let c = fault_codes(
        &fake,
        &s,
        "The tenant shall not sublet the apartment.",
        json!({"domain": "legal"}),
        Fault::ChangeModality,
    )
    .await;
    assert!(c.contains(&"modality_changed".into()), "{c:?}");
    let c = fault_codes(
        &fake,
        &s,
        "The appointment is on 03/05/2025 at 10:00.",
        protect.clone(),
        Fault::AlterDate,
    )
    .await;
    assert!(c.contains(&"date_missing".into()), "{c:?}");
    let c = fault_codes(&fake, &s, order, protect.clone(), Fault::Omit).await;
    assert_eq!(c, ["provider_error"]);

    // A gender asked for and not written: `אתה` addresses a man.
    fake.clear();
    let r = translate(
        &s,
        "You can change it in settings.",
        json!({"listener_gender": "female"}),
    )
    .await;
    let p = protection(&r);
    assert_eq!(p["status"], "fallback");
    assert!(codes(p).contains(&"gender_mismatch".into()), "{}", r.body);

    // Warnings do not block: digits the source lacks, a translation far longer than the source.
    fake.clear();
    let r = translate(&s, "Thank you.", protect.clone()).await;
    assert_eq!(protection(&r)["status"], "ok");
    let r = translate(&s, "Please wait.", protect.clone()).await;
    assert_eq!(protection(&r)["status"], "ok");
}

#[tokio::test(flavor = "multi_thread")]
async fn redacted_values_never_reach_the_model() {
    let (fake, s, _dir) = start().await;
    let r = translate(
        &s,
        "Call Dana Levi at dana@example.com about order SKU-4471.",
        json!({"redact_terms": ["Dana Levi"]}),
    )
    .await;
    let p = protection(&r);
    assert_eq!(p["status"], "ok");
    assert_eq!(
        r.body["translation"]["text"],
        "התקשרו ל-Dana Levi בכתובת dana@example.com בנוגע להזמנה SKU-4471."
    );
    // The span is reported without its value.
    assert_eq!(p["spans"][0], json!({"type": "name"}));
    // Finance values with check digits are redacted too (an Israeli IBAN).
    let r = translate(
        &s,
        "Transfer to IL620108000000099999999 today.",
        json!({"domain": "finance"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let sent = serde_json::to_string(&fake.requests()).unwrap();
    assert!(!sent.contains("Dana Levi"), "{sent}");
    assert!(!sent.contains("IL620108000000099999999"), "{sent}");
    // The model saw the sentence, with every protected value as a token.
    assert!(sent.contains("about order"), "{sent}");
    assert!(!sent.contains("dana@example.com"), "{sent}");
}

#[tokio::test(flavor = "multi_thread")]
async fn icu_messages_in_three_directions() {
    let (fake, s, _dir) = start().await;
    fake.phrases(&[
        ("You have ⟦0⟧ new message.", "יש לך ⟦0⟧ הודעה חדשה."),
        ("You have ⟦0⟧ new messages.", "יש לך ⟦0⟧ הודעות חדשות."),
        (
            "ru|You have ⟦0⟧ new message.|one",
            "У вас ⟦0⟧ новое сообщение.",
        ),
        (
            "ru|You have ⟦0⟧ new messages.|few",
            "У вас ⟦0⟧ новых сообщения.",
        ),
        (
            "ru|You have ⟦0⟧ new messages.|many",
            "У вас ⟦0⟧ новых сообщений.",
        ),
        (
            "ru|You have ⟦0⟧ new messages.|other",
            "У вас ⟦0⟧ нового сообщения.",
        ),
        ("יש לך הודעה חדשה אחת", "You have one new message"),
        ("יש לך ⟦0⟧ הודעות חדשות", "You have ⟦0⟧ new messages"),
    ]);
    let en = "{count, plural, one {You have # new message.} other {You have # new messages.}}";
    let r = translate(&s, en, json!({"message_format": "icu"})).await;
    let p = protection(&r);
    assert_eq!(p["status"], "ok");
    assert_eq!(
        r.body["translation"]["text"],
        "{count, plural, one {יש לך # הודעה חדשה.} two {יש לך # הודעות חדשות.} other {יש לך # הודעות חדשות.}}"
    );
    assert_eq!(p["segments"].as_array().unwrap().len(), 3);
    let calls = fake.calls();
    assert_eq!(
        calls[0]["segments"][1]["plural"],
        json!({"category": "two", "example": "2"})
    );

    let mut body = json!({"text": en, "target_lang": "ru", "message_format": "icu"});
    let r = live(&s, "/v1/translate", body.clone()).await;
    assert_eq!(
        r.body["translation"]["text"],
        "{count, plural, one {У вас # новое сообщение.} few {У вас # новых сообщения.} many {У вас # новых сообщений.} other {У вас # нового сообщения.}}",
        "{}",
        r.body
    );

    let he = "{count, plural, one {יש לך הודעה חדשה אחת} two {יש לך שתי הודעות חדשות} other {יש לך # הודעות חדשות}}";
    body["text"] = json!(he);
    body["target_lang"] = json!("en");
    let r = live(&s, "/v1/translate", body).await;
    assert_eq!(r.body["translation"]["protection"]["source_lang"], "he");
    assert_eq!(
        r.body["translation"]["text"],
        "{count, plural, one {You have one new message} other {You have # new messages}}",
        "{}",
        r.body
    );

    // A branch that cannot be verified leaves the whole message unchanged.
    fake.clear();
    fake.script(&[
        Behaviour::FaultOn(Fault::DropPlaceholder, "messages".into()),
        Behaviour::FaultOn(Fault::DropPlaceholder, "messages".into()),
    ]);
    let r = translate(&s, en, json!({"message_format": "icu"})).await;
    let p = protection(&r);
    assert_eq!(p["status"], "fallback");
    assert_eq!(r.body["translation"]["text"], en);
    assert!(codes(p).contains(&"placeholder_missing".into()));

    // Invalid ICU is refused before anything is charged.
    let r = translate(
        &s,
        "{count, plural, one {x}",
        json!({"message_format": "icu"}),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.error("invalid_request"), "invalid_message_format");
}

#[tokio::test(flavor = "multi_thread")]
async fn batch_items_each_with_their_status() {
    let (fake, s, _dir) = start().await;
    fake.script(&[
        Behaviour::FaultOn(Fault::LoseNegation, "password".into()),
        Behaviour::FaultOn(Fault::LoseNegation, "password".into()),
    ]);
    let r = live(
        &s,
        "/v1/translate/batch",
        json!({"items": ["Your order of 3 items costs $45.90.", "Do not share your password.", "42"],
               "target_lang": "he", "protect": true}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let results = r.body["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!(results[0]["protection"]["status"], "ok");
    assert_eq!(results[1]["protection"]["status"], "fallback");
    assert_eq!(results[2]["protection"]["status"], "passthrough");
    assert_eq!(results[0]["text"], "ההזמנה שלך של 3 פריטים עולה $45.90.");
    assert_eq!(r.body["usage"]["characters"], 35 + 27 + 2);
    // All items in one call (plus the retry).
    assert_eq!(fake.calls().len(), 2);

    // A protected batch over 20,000 characters in all; the same unprotected is fine.
    let items: Vec<String> = (0..5).map(|_| "a".repeat(4_001)).collect();
    let r = live(
        &s,
        "/v1/translate/batch",
        json!({"items": items, "target_lang": "he", "protect": true}),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_eq!(r.error("invalid_request"), "invalid_request");
}

#[tokio::test(flavor = "multi_thread")]
async fn model_failures_are_upstream_errors_and_not_charged() {
    let (fake, s, _dir) = start().await;
    let usage = |r: &Response| r.header("x-usage-chars-used").map(str::to_string);
    let before = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&s.live_key))
        .await;
    let used_before = before.body["chars_used"].as_u64().unwrap();

    // 500 twice (the client retries once): 502 upstream_error.
    fake.script(&[Behaviour::Status(500), Behaviour::Status(500)]);
    let r = translate(&s, "Do not share your password.", json!({"protect": true})).await;
    assert_eq!(r.status, 502, "{}", r.body);
    assert_eq!(r.error("bad_gateway"), "upstream_error");
    assert_eq!(fake.requests().len(), 2);

    // A 500 then a good answer: the client's retry hides it.
    fake.clear();
    fake.script(&[Behaviour::Status(503)]);
    let r = translate(&s, "Do not share your password.", json!({"protect": true})).await;
    assert_eq!(protection(&r)["status"], "ok");
    let after_ok = usage(&r).unwrap().parse::<u64>().unwrap();
    assert_eq!(after_ok, used_before + 2 * 27);

    // Hanging past the timeout, twice.
    fake.clear();
    fake.script(&[
        Behaviour::Hang(std::time::Duration::from_secs(2)),
        Behaviour::Hang(std::time::Duration::from_secs(2)),
    ]);
    let r = translate(&s, "Do not share your password.", json!({"protect": true})).await;
    assert_eq!(r.status, 502, "{}", r.body);
    assert!(r.body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("timeout"));

    // Content that is not JSON: every sentence failed, the retry answers.
    fake.clear();
    fake.script(&[Behaviour::InvalidJson]);
    let r = translate(&s, "Do not share your password.", json!({"protect": true})).await;
    assert_eq!(protection(&r)["status"], "retried");

    // Nothing was charged for the failures: one ok and one retried request.
    let now = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&s.live_key))
        .await;
    assert_eq!(
        now.body["chars_used"].as_u64().unwrap(),
        used_before + 2 * 27 * 2
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn charges_follow_the_weights() {
    let (_fake, s, _dir) = start().await;
    let text = "Do not share your password."; // 27 characters
    let used = |r: &Response| -> u64 { r.header("x-usage-chars-used").unwrap().parse().unwrap() };
    let r = translate(&s, text, json!({"protect": true})).await;
    let base = used(&r) - 2 * 27; // protected, balanced: 2x
    assert_eq!(r.body["usage"]["characters"], 27);
    let r = translate(&s, text, json!({"protect": true, "quality": "fast"})).await;
    assert_eq!(used(&r), base + 2 * 27 + 27);
    let r = translate(&s, text, json!({"protect": true, "quality": "smartest"})).await;
    assert_eq!(used(&r), base + 3 * 27 + 5 * 27);
    let r = translate(&s, text, json!({})).await; // unprotected, balanced: 1x
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["translation"].get("protection").is_none());
    assert_eq!(used(&r), base + 8 * 27 + 27);
    assert_eq!(r.header("x-usage-chars-limit"), Some("50000000"));
    assert_eq!(r.header("x-content-stored"), Some("false"));
    assert!(r.header("server-timing").unwrap().contains("ratelimit"));
}

#[tokio::test(flavor = "multi_thread")]
async fn validation_follows_the_spec() {
    let (_fake, server, _dir) = start().await;
    let s = &server;
    let post = |body: Value| async move { translate(s, "x", body).await };
    let code = |r: Response| {
        assert_eq!(r.status, 400, "{}", r.body);
        r.error("invalid_request")
    };
    // Text length: 20,000 in, 20,001 out.
    let r = live(
        s,
        "/v1/translate",
        json!({"text": "א".repeat(20_000), "target_lang": "en"}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = live(
        s,
        "/v1/translate",
        json!({"text": "א".repeat(20_001), "target_lang": "en"}),
    )
    .await;
    assert_eq!(code(r), "invalid_request");
    let r = live(s, "/v1/translate", json!({"text": "", "target_lang": "en"})).await;
    assert_eq!(code(r), "invalid_request");
    assert_eq!(
        code(live(s, "/v1/translate", json!({"text": "hi"})).await),
        "invalid_request"
    );
    // Languages.
    let r = live(
        s,
        "/v1/translate",
        json!({"text": "hello", "target_lang": "fr", "protect": true}),
    )
    .await;
    assert_eq!(code(r), "unsupported_language");
    let r = live(
        s,
        "/v1/translate",
        json!({"text": "hello", "target_lang": "en"}),
    )
    .await;
    assert_eq!(code(r), "same_language");
    let r = live(
        s,
        "/v1/translate",
        json!({"text": "hello", "target_lang": "xx"}),
    )
    .await;
    assert_eq!(code(r), "unsupported_language");
    // Lists: 500 protected terms in, 501 out; 200 redactions in, 201 out; 201-char term out.
    let terms = |n: usize| (0..n).map(|i| format!("term{i}")).collect::<Vec<_>>();
    assert_eq!(
        post(json!({"protected_terms": terms(500)})).await.status,
        200
    );
    assert_eq!(
        code(post(json!({"protected_terms": terms(501)})).await),
        "invalid_request"
    );
    assert_eq!(post(json!({"redact_terms": terms(200)})).await.status, 200);
    assert_eq!(
        code(post(json!({"redact_terms": terms(201)})).await),
        "invalid_request"
    );
    assert_eq!(
        code(post(json!({"protected_terms": ["a".repeat(201)]})).await),
        "invalid_request"
    );
    let glossary = |n: usize| -> Value {
        (0..n)
            .map(|i| (format!("g{i}"), json!("x")))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    assert_eq!(post(json!({"glossary": glossary(500)})).await.status, 200);
    assert_eq!(
        code(post(json!({"glossary": glossary(501)})).await),
        "invalid_request"
    );
    assert_eq!(
        code(post(json!({"glossary": {"a": "b".repeat(201)}})).await),
        "invalid_request"
    );
    // Enums and unknown fields.
    assert_eq!(
        code(post(json!({"quality": "best"})).await),
        "invalid_request"
    );
    assert_eq!(
        code(post(json!({"domain": "medical"})).await),
        "invalid_request"
    );
    assert_eq!(
        code(post(json!({"colour": "red"})).await),
        "invalid_request"
    );
    assert_eq!(code(post(json!({"gender": null})).await), "invalid_request");
    // `store` is accepted and changes nothing.
    assert_eq!(post(json!({"store": true})).await.status, 200);
    // Batch counts: 50 in, 51 out; 5,000 chars in, 5,001 out.
    let items = |n: usize, len: usize| (0..n).map(|_| "a".repeat(len)).collect::<Vec<_>>();
    let batch = |items: Vec<String>| {
        live(
            s,
            "/v1/translate/batch",
            json!({"items": items, "target_lang": "he"}),
        )
    };
    assert_eq!(batch(items(50, 1)).await.status, 200);
    assert_eq!(code(batch(items(51, 1)).await), "invalid_request");
    assert_eq!(code(batch(items(0, 1)).await), "invalid_request");
    assert_eq!(batch(items(1, 5_000)).await.status, 200);
    assert_eq!(code(batch(items(1, 5_001)).await), "invalid_request");
}

#[tokio::test(flavor = "multi_thread")]
async fn live_keys_need_a_model_and_sandbox_keys_do_not() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let r = s
        .send(s.client.post(s.url("/v1/translate")).bearer_auth(&s.live_key).json(
            &json!({"text": "Do not share your password.", "target_lang": "he", "protect": true}),
        ))
        .await;
    assert_eq!(r.status, 503);
    assert_eq!(r.error("service_unavailable"), "not_configured");
    let usage = s
        .send(s.client.get(s.url("/v1/usage")).bearer_auth(&s.live_key))
        .await;
    assert_eq!(usage.body["chars_used"], 0);

    let r = s
        .post(
            "/v1/translate",
            &json!({"text": "Pay $5 by 2025-03-05. Do not call Dana.", "target_lang": "he", "redact_terms": ["Dana"]}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let p = &r.body["translation"]["protection"];
    assert_eq!(p["status"], "ok");
    let text = r.body["translation"]["text"].as_str().unwrap();
    assert!(
        text.contains("$5") && text.contains("5 במרץ 2025") && text.contains("Dana"),
        "{text}"
    );
    // Sandbox usage is counted apart.
    let usage = s.get("/v1/usage").await;
    assert_eq!(usage.body["sandbox_chars_used"], 2 * 39);
    assert_eq!(usage.body["chars_used"], 0);
    // Deterministic.
    let again = s
        .post(
            "/v1/translate",
            &json!({"text": "Pay $5 by 2025-03-05. Do not call Dana.", "target_lang": "he", "redact_terms": ["Dana"]}),
        )
        .await;
    assert_eq!(
        again.body["translation"]["text"],
        r.body["translation"]["text"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn defined_terms_lost_sides_and_warnings_on_a_failed_sentence() {
    let (fake, s, _dir) = start().await;
    fake.phrases(&[
        (
            "In this lease, \"Tenant\" means the person renting the apartment.",
            "בחוזה זה, \"שוכר\" פירושו האדם השוכר את הדירה.",
        ),
        (
            "The Tenant shall pay the rent.",
            "הדייר חייב לשלם את שכר הדירה.",
        ),
        ("The pain is in the left leg.", "הכאב נמצא ברגל."),
        (
            "Your balance increased by ⟦0⟧.",
            "היתרה שלך השתנתה, ⟦0⟧, ראו את הפירוט המלא באפליקציה ובאתר, ובסניף הקרוב אליך (v2).",
        ),
    ]);
    // Legal: the defined term is rendered `שוכר` first, then `דייר`.
    let r = translate(
        &s,
        "In this lease, \"Tenant\" means the person renting the apartment. The Tenant shall pay the rent.",
        json!({"domain": "legal"}),
    )
    .await;
    let p = protection(&r);
    assert_eq!(p["segments"][0]["status"], "ok");
    assert_eq!(p["segments"][1]["status"], "fallback");
    assert_eq!(codes(p), ["defined_term_changed"]);
    let defined = p["spans"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["type"] == "defined_term")
        .expect("a defined_term span");
    assert_eq!(defined["render"], "שוכר", "{defined}");

    // The side is gone from the translation.
    let r = translate(
        &s,
        "The pain is in the left leg.",
        json!({"domain": "clinical"}),
    )
    .await;
    assert_eq!(codes(protection(&r)), ["laterality_lost"]);

    // A sentence that fails also reports its warnings: a money direction lost, digits added,
    // a translation far longer than the source — and the placeholder it dropped.
    fake.script(&[
        Behaviour::Fault(Fault::DropPlaceholder),
        Behaviour::Fault(Fault::DropPlaceholder),
    ]);
    let r = translate(
        &s,
        "Your balance increased by $300.",
        json!({"domain": "finance"}),
    )
    .await;
    let p = protection(&r);
    let c = codes(p);
    for code in [
        "placeholder_missing",
        "direction_lost",
        "digits_added",
        "length_ratio",
    ] {
        assert!(c.contains(&code.to_string()), "{code} missing from {c:?}");
    }
    let severity = |code: &str| {
        p["issues"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["code"] == code)
            .map(|i| i["severity"].clone())
    };
    assert_eq!(severity("direction_lost"), Some(json!("warning")));
    assert_eq!(severity("placeholder_missing"), Some(json!("error")));
}

#[tokio::test(flavor = "multi_thread")]
async fn account_terms_switch_protection_on_and_the_glossary_wins() {
    let (_dir, db) = temp_db();
    let s = Server::start(&db);
    let up = s
        .post(
            "/v1/terms",
            &json!({"terms": [{"term": "Acme Cloud", "translations": {"he": "אקמי קלאוד"}}, {"term": "Zorbex"}]}),
        )
        .await;
    assert_eq!(up.status, 200, "{}", up.body);
    // No protection field: the account's terms turn it on for he/en/ru (rule 3).
    let r = s
        .post(
            "/v1/translate",
            &json!({"text": "Acme Cloud works with Zorbex.", "target_lang": "he"}),
        )
        .await;
    let p = &r.body["translation"]["protection"];
    assert_eq!(p["status"], "ok", "{}", r.body);
    let text = r.body["translation"]["text"].as_str().unwrap();
    assert!(
        text.contains("אקמי קלאוד") && text.contains("Zorbex"),
        "{text}"
    );
    assert_eq!(
        p["spans"][0],
        json!({"type": "term", "value": "Acme Cloud", "render": "אקמי קלאוד"})
    );
    // Outside he/en/ru they do not apply and nothing is refused.
    let r = s
        .post(
            "/v1/translate",
            &json!({"text": "Acme Cloud works with Zorbex.", "target_lang": "fr"}),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["translation"].get("protection").is_none());
    // The request's glossary wins over the account term with the same text.
    let r = s
        .post(
            "/v1/translate",
            &json!({"text": "Acme Cloud works with Zorbex.", "target_lang": "he", "glossary": {"Acme Cloud": "ענן אקמי"}}),
        )
        .await;
    let text = r.body["translation"]["text"].as_str().unwrap();
    assert!(
        text.contains("ענן אקמי") && !text.contains("אקמי קלאוד"),
        "{text}"
    );
    assert_eq!(
        r.body["translation"]["protection"]["spans"][0]["type"],
        "glossary"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn over_quota_is_refused_before_the_model_is_called() {
    let (fake, server, dir) = start().await;
    let db = dir.db();
    assert!(
        common::lashon(&db, &["accounts", "create", "tiny", "--char-quota", "100"])
            .status
            .success()
    );
    let out = common::lashon(&db, &["keys", "create", "--account", "tiny"]);
    let key = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let send = |text: &str| {
        server.send(
            server
                .client
                .post(server.url("/v1/translate"))
                .bearer_auth(&key)
                .json(&json!({"text": text, "target_lang": "he", "protect": true})),
        )
    };
    // 27 characters protected: 54 of 100.
    let r = send("Do not share your password.").await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("x-usage-chars-used"), Some("54"));
    assert_eq!(r.header("x-usage-chars-limit"), Some("100"));
    let calls = fake.calls().len();
    // Another 54 would make 108: refused, the model not called, nothing charged.
    let r = send("Do not share your password.").await;
    assert_eq!(r.status, 429);
    assert_eq!(r.error("quota_exceeded"), "quota_exceeded");
    assert_eq!(fake.calls().len(), calls);
    // Free operations still work.
    let r = server
        .send(
            server
                .client
                .post(server.url("/v1/detect"))
                .bearer_auth(&key)
                .json(&json!({"text": "שלום"})),
        )
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("x-usage-chars-used"), Some("54"));
}
