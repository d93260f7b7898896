//! Properties of the translation pipeline over random sentences full of protected values,
//! with an identity-like model that keeps every placeholder but moves the words around:
//!
//! - every protected value of a translated sentence comes back byte-exact (its rendering for
//!   dates), and a sentence that fell back is its source unchanged;
//! - no redacted value is ever in a call to the model;
//! - the document is rebuilt around the sentences and the response is well formed.

use std::sync::Mutex;

use lashon_core::protect::spans::{ProtectOptions, SpanFinder};
use lashon_core::protect::{Lang, Status};
use lashon_core::translate::sandbox::Sandbox;
use lashon_core::translate::{
    prepare_translate, AnsweredSegment, BoxFuture, Engine, ModelError, ReviewAnswer, ReviewCall,
    TranslateAnswer, TranslateCall, TranslateRequest, Translator,
};
use proptest::prelude::*;

/// Answers each segment with its words in reverse order, placeholders kept; records calls.
#[derive(Default)]
struct Reverser {
    calls: Mutex<Vec<String>>,
}

impl Translator for Reverser {
    fn translate<'a>(
        &'a self,
        call: &'a TranslateCall,
    ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>> {
        if let Ok(mut calls) = self.calls.lock() {
            calls.push(serde_json::to_string(call).unwrap_or_default());
        }
        let segments = call
            .segments
            .iter()
            .map(|s| AnsweredSegment {
                id: s.id.clone(),
                text: s.text.split(' ').rev().collect::<Vec<_>>().join(" "),
            })
            .collect();
        Box::pin(async move { Ok(TranslateAnswer { segments }) })
    }

    fn review<'a>(
        &'a self,
        _call: &'a ReviewCall,
    ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>> {
        Box::pin(async { Ok(ReviewAnswer::default()) })
    }
}

/// Polls a future that never waits (the translators here answer at once).
fn ready<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
}

const NAMES: &[&str] = &["Dana Levi", "Yossi Cohen", "Miriam Katz"];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u32..100_000, 0u32..100).prop_map(|(a, c)| format!("${a}.{c:02}")),
        (1u32..5_000).prop_map(|a| format!("₪{a}")),
        (1u32..1000).prop_map(|a| format!("{a}%")),
        (2000u32..2030, 1u32..13, 1u32..29).prop_map(|(y, m, d)| format!("{y}-{m:02}-{d:02}")),
        "[a-z]{3,8}@example\\.com",
        "https://example\\.com/[a-z]{2,8}",
        (100u32..9999).prop_map(|n| format!("SKU-{n}")),
        "\\{[a-z]{3,8}\\}",
        prop::sample::select(NAMES).prop_map(str::to_string),
    ]
}

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(
        &[
            "the",
            "order",
            "ships",
            "today",
            "please",
            "call",
            "price",
            "is",
            "your",
            "account",
            "מחיר",
            "הזמנה",
            "היום",
            "we",
            "sent",
            "invoice",
            "for",
        ][..],
    )
    .prop_map(str::to_string)
}

/// A text of one to four sentences, words and values mixed.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![3 => word(), 1 => value()];
    let sentence = prop::collection::vec(piece, 2..12).prop_map(|p| {
        let mut s = p.join(" ");
        if let Some(first) = s.get(..1) {
            s = first.to_uppercase() + &s[1..];
        }
        s + "."
    });
    prop::collection::vec(sentence, 1..5).prop_map(|s| s.join(" "))
}

fn request(text: &str) -> TranslateRequest {
    serde_json::from_value(serde_json::json!({
        "text": text,
        "source_lang": "en",
        "target_lang": "he",
        "redact_terms": NAMES,
        "protected_terms": ["Acme"],
    }))
    .expect("request")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn protected_values_survive_byte_exact(text in text()) {
        let model = Reverser::default();
        let engine = Engine { translator: &model, nikud: None };
        let prepared = prepare_translate(request(&text), false).expect("valid");
        let res = ready(prepared.run(&engine, &Default::default(), "req".into())).expect("translated");
        let p = res.translation.protection.expect("protected");
        let mut options = ProtectOptions::new(Lang::En, Lang::He);
        options.redact_terms = NAMES.iter().map(|n| n.to_string()).collect();
        options.protected_terms = vec!["Acme".into()];
        let finder = SpanFinder::new(options);
        let mut spans_seen = 0;
        for seg in &p.segments {
            let found = finder.find(&seg.source);
            spans_seen += found.len();
            if seg.status == Status::Fallback {
                prop_assert!(text.contains(&seg.source));
                prop_assert_eq!(&seg.text, &seg.source);
                continue;
            }
            prop_assert!(!seg.text.contains('⟦'), "a token left in {:?}", seg.text);
            for span in &found {
                let value = span.value(&seg.source);
                let shown = span.render.as_deref().unwrap_or(value);
                let wanted = seg.source.matches(value).count().min(1);
                prop_assert!(seg.text.matches(shown).count() >= wanted,
                    "{shown:?} not in {:?}", seg.text);
            }
        }
        prop_assert_eq!(spans_seen, p.spans.len());
        for name in NAMES {
            if text.contains(name) {
                prop_assert!(res.translation.text.contains(name));
            }
        }
        let calls = model.calls.lock().unwrap();
        for call in calls.iter() {
            for name in NAMES {
                prop_assert!(!call.contains(name), "{name} sent to the model: {call}");
            }
        }
        // The source block is the text as sent; the translation's runs tile it.
        prop_assert_eq!(&res.source.text, &text);
        let units: usize = res.translation.text.encode_utf16().count();
        prop_assert_eq!(res.translation.analysis.runs.last().map(|r| r.end).unwrap_or(0), units);
    }

    #[test]
    fn the_sandbox_keeps_every_value_too(text in text()) {
        let engine = Engine { translator: &Sandbox, nikud: None };
        let prepared = prepare_translate(request(&text), false).expect("valid");
        let res = ready(prepared.run(&engine, &Default::default(), "req".into())).expect("translated");
        let p = res.translation.protection.expect("protected");
        for span in &p.spans {
            if let Some(v) = &span.value {
                let shown = span.render.as_deref().unwrap_or(v);
                prop_assert!(res.translation.text.contains(shown) || res.translation.text.contains(v.as_str()),
                    "{shown:?} not in {:?}", res.translation.text);
            }
        }
    }
}
