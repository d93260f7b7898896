//! Translate and batch responses ("Translate response", "Translation block", "Protection
//! object" of the spec).

use lashon_bidi::DirectionAnalysis;
use lashon_protect::{Issue, Segment, Span, Status};
use serde::Serialize;

use crate::account::Tier;

/// `usage`: the characters the request charges ("Translate charges the length of `text`"); the
/// quota counts them times the operation's weight (`X-Usage-Chars-Used`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UsageChars {
    pub characters: u64,
}

/// The source block: direction analysis plus the source as sent.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SourceBlock {
    #[serde(flatten)]
    pub analysis: DirectionAnalysis,
    pub text: String,
}

/// The translation block: direction analysis plus the translation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TranslationBlock {
    #[serde(flatten)]
    pub analysis: DirectionAnalysis,
    /// The translation; sentences that fell back are in the source language.
    pub text: String,
    /// Latin transliteration of a Hebrew result when `transliterate` was true.
    pub transliteration: Option<String>,
    /// Present only when protected translation was used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protection: Option<Protection>,
}

/// The protection object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Protection {
    /// The worst sentence status.
    pub status: Status,
    /// The source language used (detected when `auto`).
    pub source_lang: String,
    /// Every protected value, in source order (redacted values without `value`).
    pub spans: Vec<Span>,
    /// Problems of sentences that did not pass; empty when every sentence passed.
    pub issues: Vec<Issue>,
    /// Per-sentence results, in order.
    pub segments: Vec<Segment>,
}

/// `POST /v1/translate` response.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TranslateResponse {
    /// Request identifier, quoted to support.
    pub id: String,
    pub source: SourceBlock,
    pub translation: TranslationBlock,
    /// The tier asked for.
    pub quality: Tier,
    pub usage: UsageChars,
}

/// `POST /v1/translate/batch` response: one translation block per item, in input order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BatchResponse {
    pub results: Vec<TranslationBlock>,
    pub usage: UsageChars,
}

/// The worst of a set of statuses: fallback, then retried, then ok; `passthrough` only when
/// every sentence was (no model was needed at all), and for no sentence at all.
pub fn worst(statuses: impl IntoIterator<Item = Status>) -> Status {
    let rank = |s: Status| match s {
        Status::Passthrough => 0,
        Status::Ok => 1,
        Status::Retried => 2,
        Status::Fallback => 3,
    };
    statuses
        .into_iter()
        .max_by_key(|s| rank(*s))
        .unwrap_or(Status::Passthrough)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worst_status_orders_fallback_first() {
        assert_eq!(worst([]), Status::Passthrough);
        assert_eq!(worst([Status::Passthrough]), Status::Passthrough);
        assert_eq!(worst([Status::Ok, Status::Passthrough]), Status::Ok);
        assert_eq!(
            worst([Status::Retried, Status::Ok, Status::Passthrough]),
            Status::Retried
        );
        assert_eq!(worst([Status::Fallback, Status::Retried]), Status::Fallback);
    }
}
