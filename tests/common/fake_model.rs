//! A scripted translation model on 127.0.0.1 that speaks the OpenAI chat-completions
//! protocol, for the black-box tests of translation (the outside world we cannot reach).
//!
//! It translates from a phrase table of masked sentences (`Take ⟦0⟧ of ⟦1⟧.` → `קח ⟦0⟧ של
//! ⟦1⟧.`); a sentence it does not know is left out of its answer. Each chat request takes the
//! next [`Behaviour`] from a script (normal when the script is empty): answer normally, apply a
//! [`Fault`] to the answers (drop or alter a number, lose a negation, swap sides, drop or
//! duplicate a placeholder, swap a money direction, change modality, leave a segment out),
//! answer with content that is not JSON, hang past the client's timeout, or answer an HTTP
//! error. Every request body is recorded.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

/// How one chat request is answered.
#[derive(Debug, Clone)]
pub enum Behaviour {
    Normal,
    /// Apply a fault to every answered segment.
    Fault(Fault),
    /// Apply a fault to the segments whose (masked) source contains the text.
    FaultOn(Fault, String),
    /// Message content that is not JSON.
    InvalidJson,
    /// Sleep before answering normally.
    Hang(Duration),
    /// Answer this HTTP status.
    Status(u16),
}

/// A wrong translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Write a wrong number: a digit run changed, or the first placeholder as `17`.
    AlterNumber,
    /// Leave out the first placeholder (or digit run).
    DropNumber,
    LoseNegation,
    SwapSides,
    /// Leave out the last placeholder.
    DropPlaceholder,
    /// Write the first placeholder twice.
    DuplicatePlaceholder,
    SwapMoneyDirection,
    ChangeModality,
    /// Replace the first placeholder by a date the source does not have.
    AlterDate,
    /// Leave the segment out of the answer.
    Omit,
}

#[derive(Default)]
struct FakeState {
    phrases: HashMap<String, String>,
    script: VecDeque<Behaviour>,
    reviews: VecDeque<Vec<(String, String)>>,
    requests: Vec<Value>,
}

pub struct FakeModel {
    /// Base URL for `--model-url`.
    pub url: String,
    state: Arc<Mutex<FakeState>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeModel {
    /// Starts the fake on an ephemeral loopback port.
    pub async fn start() -> FakeModel {
        let state = Arc::new(Mutex::new(FakeState::default()));
        let app = Router::new()
            .route("/v1/chat/completions", post(chat))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeModel {
            url: format!("http://{addr}/v1"),
            state,
            task,
        }
    }

    /// Adds phrase pairs (masked source → masked target).
    pub fn phrases(&self, pairs: &[(&str, &str)]) {
        let mut s = self.state.lock().unwrap();
        for (a, b) in pairs {
            s.phrases.insert(a.to_string(), b.to_string());
        }
    }

    /// Queues behaviours for the next requests, in order.
    pub fn script(&self, behaviours: &[Behaviour]) {
        self.state
            .lock()
            .unwrap()
            .script
            .extend(behaviours.iter().cloned());
    }

    /// Queues the findings (pair id, detail) of the next review.
    pub fn review(&self, findings: &[(&str, &str)]) {
        self.state.lock().unwrap().reviews.push_back(
            findings
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        );
    }

    /// Every request body received so far.
    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }

    /// The user messages (the calls) received so far, parsed.
    pub fn calls(&self) -> Vec<Value> {
        self.requests()
            .iter()
            .filter_map(|r| {
                r["messages"][1]["content"]
                    .as_str()
                    .and_then(|c| serde_json::from_str(c).ok())
            })
            .collect()
    }

    pub fn clear(&self) {
        let mut s = self.state.lock().unwrap();
        s.requests.clear();
        s.script.clear();
    }
}

fn completion(content: String) -> Value {
    json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": "fake",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}]
    })
}

async fn chat(State(state): State<Arc<Mutex<FakeState>>>, Json(body): Json<Value>) -> Response {
    let (behaviour, phrases, review) = {
        let mut s = state.lock().unwrap();
        s.requests.push(body.clone());
        let behaviour = s.script.pop_front().unwrap_or(Behaviour::Normal);
        let is_review = body["messages"][1]["content"]
            .as_str()
            .is_some_and(|c| c.contains("\"pairs\""));
        let review = if is_review {
            Some(s.reviews.pop_front().unwrap_or_default())
        } else {
            None
        };
        (behaviour, s.phrases.clone(), review)
    };
    match &behaviour {
        Behaviour::Status(code) => {
            let status = StatusCode::from_u16(*code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            return (
                status,
                Json(json!({"error": {"message": "scripted failure"}})),
            )
                .into_response();
        }
        Behaviour::Hang(d) => tokio::time::sleep(*d).await,
        _ => {}
    }
    let call: Value = body["messages"][1]["content"]
        .as_str()
        .and_then(|c| serde_json::from_str(c).ok())
        .unwrap_or(Value::Null);
    if let Some(findings) = review {
        let findings: Vec<Value> = findings
            .into_iter()
            .map(|(id, detail)| json!({"id": id, "detail": detail}))
            .collect();
        return Json(completion(json!({ "findings": findings }).to_string())).into_response();
    }
    let mut answered = Vec::new();
    for seg in call["segments"].as_array().into_iter().flatten() {
        let (Some(id), Some(text)) = (seg["id"].as_str(), seg["text"].as_str()) else {
            continue;
        };
        // Entries may name the target language and the plural form: `ru|text|few`, `ru|text`,
        // `text|few`, `text`.
        let plural = seg["plural"]["category"].as_str().unwrap_or("");
        let lang = call["instructions"]["target_lang"].as_str().unwrap_or("");
        let Some(target) = [
            format!("{lang}|{text}|{plural}"),
            format!("{lang}|{text}"),
            format!("{text}|{plural}"),
            text.to_string(),
        ]
        .iter()
        .find_map(|k| phrases.get(k)) else {
            continue;
        };
        let fault = match &behaviour {
            Behaviour::Fault(f) => Some(*f),
            Behaviour::FaultOn(f, on) if text.contains(on.as_str()) => Some(*f),
            _ => None,
        };
        match fault {
            Some(Fault::Omit) => continue,
            Some(f) => answered.push(json!({"id": id, "text": apply(f, target)})),
            None => answered.push(json!({"id": id, "text": target})),
        }
    }
    let content = match behaviour {
        Behaviour::InvalidJson => format!("Sure! Here are the translations: {answered:?}"),
        _ => json!({ "segments": answered }).to_string(),
    };
    Json(completion(content)).into_response()
}

/// Placeholder tokens of a text, as byte ranges.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(a) = text[from..].find('⟦') {
        let start = from + a;
        match text[start..].find('⟧') {
            Some(b) => {
                let end = start + b + '⟧'.len_utf8();
                out.push((start, end));
                from = end;
            }
            None => break,
        }
    }
    out
}

fn first_digit_run(text: &str) -> Option<(usize, usize)> {
    let toks = tokens(text);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() && !toks.iter().any(|(a, b)| i >= *a && i < *b) {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            return Some((start, i));
        }
        i += 1;
    }
    None
}

fn swap_words(text: &str, pairs: &[(&str, &str)]) -> String {
    // Through a marker so a swapped word is not swapped back.
    let mut out = text.to_string();
    for (n, (a, _)) in pairs.iter().enumerate() {
        out = out.replace(a, &format!("\u{E000}{n}\u{E001}"));
    }
    for (n, (a, b)) in pairs.iter().enumerate() {
        let _ = a;
        out = out.replace(&format!("\u{E000}{n}\u{E001}"), b);
    }
    out
}

fn symmetric<'a>(pairs: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    pairs
        .iter()
        .flat_map(|(a, b)| [(*a, *b), (*b, *a)])
        .collect()
}

/// The faulty version of a correct translation.
pub fn apply(fault: Fault, target: &str) -> String {
    let toks = tokens(target);
    match fault {
        Fault::AlterNumber => match first_digit_run(target) {
            Some((a, b)) => {
                let n: u64 = target[a..b].parse().unwrap_or(0);
                format!("{}{}{}", &target[..a], n + 1, &target[b..])
            }
            None => match toks.first() {
                Some((a, b)) => format!("{}17{}", &target[..*a], &target[*b..]),
                None => target.to_string(),
            },
        },
        Fault::DropNumber => match toks.first().copied().or_else(|| first_digit_run(target)) {
            Some((a, b)) => format!("{}{}", &target[..a], target[b..].trim_start()),
            None => target.to_string(),
        },
        Fault::DropPlaceholder => match toks.last() {
            Some((a, b)) => format!("{}{}", &target[..*a], target[*b..].trim_start()),
            None => target.to_string(),
        },
        Fault::DuplicatePlaceholder => match toks.first() {
            Some((a, b)) => format!("{} {}", &target[..*b], &target[*a..]),
            None => target.to_string(),
        },
        Fault::AlterDate => match toks.first() {
            Some((a, b)) => format!("{}1 בינואר 2020{}", &target[..*a], &target[*b..]),
            None => target.to_string(),
        },
        Fault::LoseNegation => {
            let mut out = target.to_string();
            for w in [
                "לא ", "אל ", "אין ", "don't ", "do not ", "not ", "never ", "не ",
            ] {
                out = out.replacen(w, "", 1);
            }
            out
        }
        Fault::SwapSides => swap_words(
            target,
            &symmetric(&[
                ("שמאל", "ימין"),
                ("left", "right"),
                ("левый", "правый"),
                ("левая", "правая"),
            ]),
        ),
        Fault::SwapMoneyDirection => swap_words(
            target,
            &symmetric(&[
                ("זוכה", "חויב"),
                ("זיכוי", "חיוב"),
                ("credited", "debited"),
                ("credit", "debit"),
                ("deposit", "withdrawal"),
                ("зачислен", "списан"),
            ]),
        ),
        Fault::ChangeModality => swap_words(
            target,
            &symmetric(&[("רשאי", "חייב"), ("may", "shall"), ("вправе", "обязан")]),
        ),
        Fault::Omit => String::new(),
    }
}
