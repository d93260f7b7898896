//! The prompt/response contract with an OpenAI-compatible chat-completions model.
//!
//! The live client (`lashon-model-client`) sends one chat request per [`TranslateCall`] and one per
//! [`ReviewCall`]; this module writes the messages and reads the answers, so the contract is
//! pure, documented and tested apart from any socket.
//!
//! # Translation
//!
//! Request body (`POST {LASHON_MODEL_URL}/chat/completions`):
//!
//! ```json
//! {"model": "<LASHON_MODEL_BALANCED>", "temperature": 0,
//!  "response_format": {"type": "json_object"},
//!  "messages": [
//!    {"role": "system", "content": "<rules: see translate_system_prompt>"},
//!    {"role": "user", "content": "<the TranslateCall as JSON>"}]}
//! ```
//!
//! The user message is the [`TranslateCall`] serialized as JSON:
//!
//! ```json
//! {"instructions": {"source_lang": "en", "target_lang": "he", "tier": "balanced",
//!                   "domain": "clinical", "audience": "patient", "patient_gender": "female",
//!                   "glossary": [{"source": "BID", "target": "פעמיים ביום"}]},
//!  "segments": [{"id": "s0", "text": "Take ⟦0⟧ BID."},
//!               {"id": "s1", "text": "You have {#} messages.", "plural": {"category": "two", "example": "2"}},
//!               {"id": "s2", "text": "…", "note": "Your previous answer … was refused: …"}]}
//! ```
//!
//! The model must answer with one JSON object, one entry per segment id:
//!
//! ```json
//! {"segments": [{"id": "s0", "text": "קחי ⟦0⟧ פעמיים ביום."}, …]}
//! ```
//!
//! [`parse_translate_answer`] also accepts the object inside a Markdown code fence or after
//! prose, and a bare array of segments. Anything else — invalid JSON, a segment without a
//! string `text`, an unknown id — yields an answer without those segments: the pipeline
//! counts each missing segment as a failed sentence (retry, then `fallback`), never a crash.
//!
//! # Review (clinical verify, `strict`)
//!
//! The user message is the [`ReviewCall`] as JSON (`source_lang`, `target_lang`, `tier`,
//! `pairs: [{id, source, translation}]`, redacted values already replaced by placeholders);
//! the answer is `{"findings": [{"id": "p0", "detail": "…"}]}`, empty when the meaning is
//! kept. An answer that cannot be read is an upstream error (the review was asked for and did
//! not happen), not a pass.

use serde_json::{json, Value};

use super::model::{
    AnsweredSegment, ReviewAnswer, ReviewCall, ReviewFinding, TranslateAnswer, TranslateCall,
};
use crate::languages::LANGUAGES;

fn language_name(code: &str) -> String {
    let primary = code.split('-').next().unwrap_or(code);
    LANGUAGES
        .iter()
        .find(|l| l.code == primary)
        .map(|l| format!("{} ({code})", l.name))
        .unwrap_or_else(|| code.to_string())
}

/// The system message of a translation call.
pub fn translate_system_prompt(call: &TranslateCall) -> String {
    let i = &call.instructions;
    let source = language_name(&i.source_lang);
    let target = language_name(&i.target_lang);
    let mut rules = vec![
        format!("You are a professional translator. Translate each segment from {source} to {target}."),
        "Tokens written ⟦0⟧, ⟦1⟧, … stand for protected values (amounts, codes, names, dates, terms). Copy every token of a segment exactly once into its translation, unchanged, where the value belongs in the target sentence. Never translate, split, merge, drop, repeat or invent tokens. Placeholders written in braces such as {name} or {#}, and tags such as <b>, are part of the text: keep them as they are.".to_string(),
        "Keep the meaning exact: every negation, number, number word, date, left/right, money direction (credit/debit, deposit/withdrawal, buy/sell, increase/decrease, who owes whom) and modality (shall, may, shall not, is not required to) of the source must be in the translation. Add nothing that is not in the source.".to_string(),
        "Translate each segment on its own, keeping its sentence boundaries; segments are given in document order for context.".to_string(),
    ];
    rules.push(match i.domain.as_str() {
        "clinical" => {
            "Register: clinical. Keep drug names, doses and lab values exact.".to_string()
        }
        "finance" => "Register: formal banking language.".to_string(),
        "legal" => {
            "Register: formal legal language; render each defined term the same way every time."
                .to_string()
        }
        _ => "Register: natural and clear, as a native speaker writes it.".to_string(),
    });
    match i.audience.as_deref() {
        Some("patient") => rules.push("The reader is a patient: write medical shorthand as plain words, using the renderings given in the glossary.".to_string()),
        Some("clinician") => rules.push("The reader is a clinician: keep clinical shorthand such as BID and PO as written.".to_string()),
        _ => {}
    }
    let genders = [
        ("the reader", i.reader_gender.as_deref()),
        ("the person addressed as you", i.listener_gender.as_deref()),
        ("the speaker (I)", i.speaker_gender.as_deref()),
        (
            "the patient referred to in the third person",
            i.patient_gender.as_deref(),
        ),
    ];
    for (who, gender) in genders {
        match gender {
            Some("male") | Some("female") => rules.push(format!(
                "The grammatical gender of {who} is {}; use matching forms where {target} marks gender.",
                gender.unwrap_or_default()
            )),
            Some("general") => rules.push(format!(
                "The gender of {who} is unknown: use gender-neutral forms where {target} allows."
            )),
            _ => {}
        }
    }
    if i.listener_gender.is_none() && i.reader_gender.is_none() && i.target_lang.starts_with("he") {
        rules.push("Without a known reader gender, address the reader with neutral Hebrew forms (plural or infinitive) in interface text.".to_string());
    }
    if !i.glossary.is_empty() {
        rules.push("Use the glossary's target rendering for each of its source terms.".to_string());
    }
    rules.push("A segment with `plural` must be written as it reads for a count of that plural category of the target language (the `example` is such a count); {#} stands for the number.".to_string());
    rules.push(
        "A segment with a `note` was translated before and refused: follow the note.".to_string(),
    );
    rules.push("Answer with one JSON object only, no commentary: {\"segments\": [{\"id\": \"<id>\", \"text\": \"<translation>\"}]}, one entry for every segment id.".to_string());
    rules
        .iter()
        .enumerate()
        .map(|(n, r)| format!("{}. {r}", n + 1))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The chat messages of a translation call.
pub fn translate_messages(call: &TranslateCall) -> Value {
    let user = serde_json::to_string(call).unwrap_or_default();
    json!([
        {"role": "system", "content": translate_system_prompt(call)},
        {"role": "user", "content": user},
    ])
}

/// The system message of a review call.
pub fn review_system_prompt(call: &ReviewCall) -> String {
    format!(
        "You are an independent clinical translation reviewer. For each pair, compare the {} source with its {} translation and report every change of meaning: a lost or added negation, a changed number, dose, frequency, route, duration, side (left/right), body part, drug, condition, or who does what. Tokens written ⟦0⟧, ⟦1⟧, … are protected values and match when equal. Ignore style and wording that keeps the meaning. Answer with one JSON object only: {{\"findings\": [{{\"id\": \"<pair id>\", \"detail\": \"<what changed, in English>\"}}]}}, an empty list when every meaning is kept.",
        language_name(&call.source_lang),
        language_name(&call.target_lang)
    )
}

/// The chat messages of a review call.
pub fn review_messages(call: &ReviewCall) -> Value {
    let user = serde_json::to_string(call).unwrap_or_default();
    json!([
        {"role": "system", "content": review_system_prompt(call)},
        {"role": "user", "content": user},
    ])
}

/// The text of the first choice of a chat-completions response body.
pub fn completion_content(body: &Value) -> Option<&str> {
    body.get("choices")?
        .get(0)?
        .get("message")?
        .get("content")?
        .as_str()
}

/// The JSON value in a model's answer: the whole content, else the content of a code fence,
/// else the span from the first `{` or `[` to the matching last `}` or `]`.
fn json_in(content: &str) -> Option<Value> {
    let trimmed = content.trim();
    if let Ok(v) = serde_json::from_str(trimmed) {
        return Some(v);
    }
    if let Some(start) = trimmed.find("```") {
        let after = &trimmed[start + 3..];
        let body = after.split_once('\n').map(|(_, b)| b).unwrap_or(after);
        if let Some(end) = body.find("```") {
            if let Ok(v) = serde_json::from_str(body[..end].trim()) {
                return Some(v);
            }
        }
    }
    for (open, close) in [('{', '}'), ('[', ']')] {
        if let (Some(a), Some(b)) = (trimmed.find(open), trimmed.rfind(close)) {
            if a < b {
                if let Ok(v) = serde_json::from_str(&trimmed[a..=b]) {
                    return Some(v);
                }
            }
        }
    }
    None
}

/// Reads a translation answer; unreadable content or entries give an answer without them.
pub fn parse_translate_answer(content: &str, call: &TranslateCall) -> TranslateAnswer {
    let Some(value) = json_in(content) else {
        return TranslateAnswer::default();
    };
    let items = match &value {
        Value::Array(items) => items.as_slice(),
        Value::Object(map) => match map.get("segments") {
            Some(Value::Array(items)) => items.as_slice(),
            _ => &[],
        },
        _ => &[],
    };
    let mut segments: Vec<AnsweredSegment> = Vec::new();
    for item in items {
        let (Some(id), Some(text)) = (
            item.get("id").and_then(Value::as_str),
            item.get("text").and_then(Value::as_str),
        ) else {
            continue;
        };
        let known = call.segments.iter().any(|s| s.id == id);
        let first = !segments.iter().any(|s| s.id == id);
        if known && first {
            segments.push(AnsweredSegment {
                id: id.to_string(),
                text: text.to_string(),
            });
        }
    }
    TranslateAnswer { segments }
}

/// Reads a review answer; `None` when it cannot be read.
pub fn parse_review_answer(content: &str, call: &ReviewCall) -> Option<ReviewAnswer> {
    let value = json_in(content)?;
    let items = value.get("findings")?.as_array()?;
    let findings = items
        .iter()
        .filter_map(|f| {
            let id = f.get("id")?.as_str()?;
            let detail = f.get("detail")?.as_str()?;
            call.pairs
                .iter()
                .any(|p| p.id == id)
                .then(|| ReviewFinding {
                    id: id.to_string(),
                    detail: detail.to_string(),
                })
        })
        .collect();
    Some(ReviewAnswer { findings })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::model::{Instructions, ModelSegment, ReviewPair};
    use crate::translate::Tier;

    fn call() -> TranslateCall {
        TranslateCall {
            instructions: Instructions::new("en", "he", Tier::Balanced),
            segments: vec![
                ModelSegment {
                    id: "s0".into(),
                    text: "Pay ⟦0⟧.".into(),
                    plural: None,
                    note: None,
                },
                ModelSegment {
                    id: "s1".into(),
                    text: "Thanks.".into(),
                    plural: None,
                    note: None,
                },
            ],
        }
    }

    #[test]
    fn answers_are_read_leniently_and_safely() {
        let c = call();
        let a = parse_translate_answer(
            r#"{"segments": [{"id": "s0", "text": "שלמו ⟦0⟧."}, {"id": "s1", "text": "תודה."}]}"#,
            &c,
        );
        assert_eq!(a.get("s0"), Some("שלמו ⟦0⟧."));
        assert_eq!(a.get("s1"), Some("תודה."));
        let fenced =
            "Here you go:\n```json\n{\"segments\": [{\"id\": \"s1\", \"text\": \"תודה.\"}]}\n```";
        assert_eq!(parse_translate_answer(fenced, &c).get("s1"), Some("תודה."));
        let bare = r#"[{"id": "s0", "text": "x"}, {"id": "s9", "text": "unknown id"}, {"id": "s1", "text": 5}]"#;
        let a = parse_translate_answer(bare, &c);
        assert_eq!(a.segments.len(), 1);
        assert!(parse_translate_answer("not json at all", &c)
            .segments
            .is_empty());
    }

    #[test]
    fn the_prompt_states_the_contract() {
        let mut c = call();
        c.instructions.listener_gender = Some("female".into());
        let p = translate_system_prompt(&c);
        assert!(p.contains("Hebrew (he)") && p.contains("English (en)"));
        assert!(p.contains("⟦0⟧") && p.contains("female"));
        let messages = translate_messages(&c);
        let user: TranslateCall =
            serde_json::from_str(messages[1]["content"].as_str().unwrap()).unwrap();
        assert_eq!(user, c);
    }

    #[test]
    fn review_answers() {
        let call = ReviewCall {
            source_lang: "en".into(),
            target_lang: "he".into(),
            tier: Tier::Smartest,
            pairs: vec![ReviewPair {
                id: "p0".into(),
                source: "a".into(),
                translation: "b".into(),
            }],
        };
        let a = parse_review_answer(
            r#"{"findings": [{"id": "p0", "detail": "dose changed"}]}"#,
            &call,
        )
        .unwrap();
        assert_eq!(a.findings.len(), 1);
        assert!(parse_review_answer(r#"{"findings": []}"#, &call)
            .unwrap()
            .findings
            .is_empty());
        assert!(parse_review_answer("oops", &call).is_none());
        let body = json!({"choices": [{"message": {"role": "assistant", "content": "{}"}}]});
        assert_eq!(completion_content(&body), Some("{}"));
    }
}
