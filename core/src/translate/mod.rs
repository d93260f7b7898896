//! Translation: the model contract and the pipeline that protects, verifies and retries.
//!
//! The pipeline of DESIGN.md ("The translation pipeline"): a text is split into sentences
//! with its Markdown structure kept ([`document`]); protected values are found and masked; all
//! sentences of a request go to the [`Translator`] in one call ([`engine`]); answers are
//! unmasked and verified; failures are retried once on the stronger tier, then fall back to the
//! source. ICU messages are hoisted and rebuilt around the same engine ([`icu_mode`]).
//!
//! Entry points: [`prepare_translate`] / [`prepare_batch`] validate a request and give its
//! charge; `run` translates with an [`Engine`]. The live model speaks the contract of
//! [`prompt`]; sandbox keys use [`sandbox::Sandbox`], which needs no model.
//!
//! ```
//! use lashon_core::translate::{prepare_translate, sandbox::Sandbox, Engine, TranslateRequest};
//!
//! let request: TranslateRequest = serde_json::from_str(
//!     r#"{"text": "Pay $1,200.50 by 2025-03-05.", "target_lang": "he", "protect": true}"#,
//! ).unwrap();
//! let prepared = prepare_translate(request, false).unwrap();
//! assert_eq!(prepared.charge().characters, 28);
//! assert_eq!(prepared.charge().weighted, 2 * 28); // protected, balanced: 2x
//! let engine = Engine { translator: &Sandbox, nikud: None };
//! let terms = Default::default(); // the account has no terms
//! let response = futures_lite_block_on(prepared.run(&engine, &terms, "req_1".into())).unwrap();
//! let protection = response.translation.protection.unwrap();
//! assert!(response.translation.text.contains("$1,200.50"));
//! assert!(response.translation.text.contains("5 במרץ 2025"));
//! assert_eq!(serde_json::to_value(protection.status).unwrap(), "ok");
//! # fn futures_lite_block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     let mut f = std::pin::pin!(f);
//! #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
//! #     loop { if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) { return v; } }
//! # }
//! ```

pub mod document;
pub mod engine;
pub mod icu_mode;
pub mod model;
pub mod plan;
pub mod prompt;
pub mod request;
pub mod response;
pub mod sandbox;
pub mod service;

pub use crate::account::Tier;
pub use model::{
    AnsweredSegment, BoxFuture, Instructions, ModelError, ModelSegment, PluralForm, ReviewAnswer,
    ReviewCall, ReviewFinding, ReviewPair, TermRendering, TranslateAnswer, TranslateCall,
    Translator,
};
pub use request::{BatchRequest, TranslateRequest};
pub use response::{BatchResponse, Protection, TranslateResponse, TranslationBlock};
pub use service::{
    prepare_batch, prepare_translate, Engine, PreparedBatch, PreparedTranslate, SharedEngine,
};
