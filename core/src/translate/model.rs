//! The contract between the pipeline and a translation model: what one call carries and what
//! comes back.
//!
//! One [`TranslateCall`] carries every masked sentence of a request (all items of a batch, all
//! branch sentences of an ICU message) with the request's instructions, so a request costs one
//! model round trip (two when some sentences are retried on the stronger tier). The model
//! answers per sentence by id; a sentence it leaves out, or answers with something that is not
//! text, is a failed sentence for the pipeline (retried, then `fallback`), never a crash.
//!
//! Placeholders in the texts (`⟦0⟧`, `⟦1⟧`, …) stand for protected values the model must copy
//! unchanged; redacted values are never in a call. The wire form of these types (JSON, serde
//! names as declared) is what the live client sends and parses; see
//! [`crate::translate::prompt`].

use std::future::Future;
use std::pin::Pin;

use serde::{Deserialize, Serialize};

pub use crate::account::Tier;

/// A boxed future, so [`Translator`] can be used as a trait object.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A translation model: the live chat-completions client, the sandbox engine, a test double.
pub trait Translator: Send + Sync {
    /// Translates every segment of `call`; answers per segment id.
    fn translate<'a>(
        &'a self,
        call: &'a TranslateCall,
    ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>>;

    /// Reviews translations for meaning changes (clinical verify, `strict`).
    fn review<'a>(
        &'a self,
        call: &'a ReviewCall,
    ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>>;
}

/// How the model should write: languages, tier, register and the people involved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instructions {
    /// BCP 47 code of the source (never `auto`: detection ran before).
    pub source_lang: String,
    /// BCP 47 code of the target.
    pub target_lang: String,
    /// The tier asked for; the client maps it to a model name.
    pub tier: Tier,
    /// `general`, `clinical`, `finance` or `legal`.
    pub domain: String,
    /// `clinician` (keep shorthand such as BID, PO) or `patient` (plain words).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audience: Option<String>,
    /// Grammatical gender of the reader (`gender`, clinical `reader_gender`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reader_gender: Option<String>,
    /// Gender of the person addressed as "you" (`listener_gender`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listener_gender: Option<String>,
    /// Gender of the speaker, "I" (`speaker_gender`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker_gender: Option<String>,
    /// Gender of a patient referred to in the third person (`patient_gender`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patient_gender: Option<String>,
    /// Required renderings of terms that are not masked (shown for context and agreement;
    /// masked terms are rendered by the pipeline itself).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub glossary: Vec<TermRendering>,
}

impl Instructions {
    /// Instructions for a language pair and tier, general domain, nobody's gender known.
    pub fn new(source_lang: &str, target_lang: &str, tier: Tier) -> Instructions {
        Instructions {
            source_lang: source_lang.to_string(),
            target_lang: target_lang.to_string(),
            tier,
            domain: "general".to_string(),
            audience: None,
            reader_gender: None,
            listener_gender: None,
            speaker_gender: None,
            patient_gender: None,
            glossary: Vec::new(),
        }
    }
}

/// A term and its required rendering in the target language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermRendering {
    pub source: String,
    pub target: String,
}

/// One sentence to translate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelSegment {
    /// Unique within the call; the answer refers to it.
    pub id: String,
    /// The masked sentence.
    pub text: String,
    /// ICU: write the sentence as it reads for a count in this plural category (a form the
    /// source language lacks, e.g. Hebrew `two` from an English `other` branch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plural: Option<PluralForm>,
    /// On a retry: why the previous answer was refused (issue kinds only, never source values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A plural form request: the target category and a count in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluralForm {
    /// CLDR category (`zero`, `one`, `two`, `few`, `many`, `other`), or an exact match (`=0`).
    pub category: String,
    /// A number of that category in the target language (`2` for Hebrew `two`; may be a
    /// decimal such as `1.5`).
    pub example: String,
}

/// One model call: instructions and every segment of the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TranslateCall {
    pub instructions: Instructions,
    pub segments: Vec<ModelSegment>,
}

/// The model's answer. Segments it did not answer are absent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TranslateAnswer {
    pub segments: Vec<AnsweredSegment>,
}

impl TranslateAnswer {
    /// The answer for segment `id`, if any.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.segments
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.text.as_str())
    }
}

/// One translated segment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnsweredSegment {
    pub id: String,
    pub text: String,
}

/// A review call: translations to check for meaning changes (names already redacted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewCall {
    pub source_lang: String,
    pub target_lang: String,
    pub tier: Tier,
    pub pairs: Vec<ReviewPair>,
}

/// A source sentence and its translation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewPair {
    pub id: String,
    pub source: String,
    pub translation: String,
}

/// The reviewer's findings; an empty list means no meaning change found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewAnswer {
    pub findings: Vec<ReviewFinding>,
}

/// A meaning change the reviewer found in pair `id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewFinding {
    pub id: String,
    pub detail: String,
}

/// Why a model call failed as a whole. Answers that are malformed are not errors: they come
/// back as answers lacking segments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    /// No model is configured (a live key with no `LASHON_MODEL_URL`): 503 `not_configured`.
    NotConfigured,
    /// The model could not be reached or answered an error status, after the client's retry:
    /// 502 `upstream_error`. The text says what happened (never the request text).
    Upstream(String),
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::NotConfigured => f.write_str("no translation model is configured"),
            ModelError::Upstream(why) => write!(f, "the translation model failed: {why}"),
        }
    }
}

impl std::error::Error for ModelError {}

impl From<ModelError> for lashon_vocab::ServiceError {
    fn from(e: ModelError) -> Self {
        use lashon_vocab::{ErrorCode, ServiceError};
        match e {
            ModelError::NotConfigured => ServiceError::new(ErrorCode::NotConfigured, e.to_string()),
            ModelError::Upstream(_) => ServiceError::new(ErrorCode::UpstreamError, e.to_string()),
        }
    }
}
