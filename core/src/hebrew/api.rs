//! Requests, validation and responses of the Hebrew text tools (spec "Hebrew text tools"):
//! `POST /v1/transliterate`, `POST /v1/nikud` and `POST /v1/strip-nikud`.
//!
//! Field names and limits are the spec's: transliterate `text` 1–5,000 characters with
//! `direction` `he-to-latin` (default) or `latin-to-he`; nikud `text` 1–10,000; strip `text`
//! 1–20,000. Requests refuse unknown fields. Nikud without a loaded model is `not_configured`
//! (503 in DESIGN.md).

use lashon_vocab::{ErrorCode, ServiceError};
use serde::{Deserialize, Serialize};

use super::nikud::Nakdimon;
use super::strip::strip_points;
use crate::limits::{check_text, TEXT_TOOL_CHARS};

/// `direction` of a transliterate request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TranslitDirection {
    #[default]
    HeToLatin,
    LatinToHe,
}

/// `POST /v1/transliterate`: `text` (1 to 5,000 characters), `direction` (`he-to-latin`
/// default, or `latin-to-he`).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TransliterateRequest {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 5000))]
    pub text: String,
    #[serde(default)]
    pub direction: TranslitDirection,
}

/// `text` (the input), `transliteration`, `scheme` (the romanization scheme used) and
/// `direction` (the direction used).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TransliterateResponse {
    pub text: String,
    pub transliteration: String,
    pub scheme: String,
    pub direction: TranslitDirection,
}

/// Transliteration. `he-to-latin` uses the modern scheme
/// ([`translit::he_to_latin`](super::translit::he_to_latin)): vocalized input is read by its
/// points; unvocalized input is vocalized by `model` when one is loaded, else read by the
/// heuristic, and `scheme` says which (`academy-simplified`, `academy-simplified+nakdimon`,
/// `academy-simplified-unvocalized`). `latin-to-he` uses the press rules (`israeli-press`).
///
/// ```
/// use lashon_core::hebrew::api::{transliterate, TransliterateRequest};
///
/// let req: TransliterateRequest =
///     serde_json::from_str(r#"{"text": "Google", "direction": "latin-to-he"}"#).unwrap();
/// let res = transliterate(req, None).unwrap();
/// assert_eq!(res.transliteration, "גוגל");
/// assert_eq!(res.scheme, "israeli-press");
/// ```
pub fn transliterate(
    req: TransliterateRequest,
    model: Option<&Nakdimon>,
) -> Result<TransliterateResponse, ServiceError> {
    check_text("text", &req.text, TRANSLITERATE_CHARS)?;
    let (transliteration, scheme) = match req.direction {
        TranslitDirection::HeToLatin => super::translit::he_to_latin(&req.text, model),
        TranslitDirection::LatinToHe => (
            super::translit::latin::transliterate(&req.text),
            super::translit::latin::SCHEME,
        ),
    };
    Ok(TransliterateResponse {
        text: req.text,
        transliteration,
        scheme: scheme.to_owned(),
        direction: req.direction,
    })
}

/// Transliterate text: up to 5,000 characters (Limits table).
pub const TRANSLITERATE_CHARS: usize = 5_000;
/// Vowel points text: up to 10,000 characters (Limits table).
pub const NIKUD_CHARS: usize = 10_000;

/// `POST /v1/strip-nikud`: `text` (1 to 20,000 characters).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct StripRequest {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub text: String,
}

/// `text` (the input) and `stripped` (without vowel points, dagesh or cantillation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StripResponse {
    pub text: String,
    pub stripped: String,
}

/// Strip points (see [`strip_points`] for the rule).
pub fn strip(req: StripRequest) -> Result<StripResponse, ServiceError> {
    check_text("text", &req.text, TEXT_TOOL_CHARS)?;
    let stripped = strip_points(&req.text);
    Ok(StripResponse {
        text: req.text,
        stripped,
    })
}

/// `POST /v1/nikud`: `text` (Hebrew, 1 to 10,000 characters).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct NikudRequest {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 10000))]
    pub text: String,
}

/// `text` (the input), `nikud` (vocalized text, or the input unchanged when `verified` is
/// false) and `verified` (true when removing the points gives back exactly the input).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NikudResponse {
    pub text: String,
    pub nikud: String,
    pub verified: bool,
}

/// The `not_configured` error of an operation that needs the nikud model.
pub fn model_not_configured() -> ServiceError {
    ServiceError::new(
        ErrorCode::NotConfigured,
        "no nikud model is loaded: run scripts/fetch-nikud-model and set LASHON_NIKUD_MODEL",
    )
}

/// Vowel points with the Nakdimon model. English terms and numbers pass through untouched (the
/// model writes marks only on Hebrew letters). Input that already carries points, or is not in
/// NFC, cannot be verified (stripping the result gives its stripped form, not the input) and
/// comes back unchanged with `verified: false`.
///
/// A text is read whole, as the reference reads it, on the batched pass; as one sequence, each
/// of its steps is shared by two threads (half of the recurrent kernel each, which then stays
/// in their caches: 2.1× one thread, issue 23 notes). It is not cut into sentences to batch
/// them: each
/// sentence then needs some of its neighbours as context (with 32 characters 4 of the 92,719
/// letters of the Nakdimon test set changed, with 96 none, but decision margins still moved by
/// up to 0.07, so identity would rest on measurement, not construction), and that context costs
/// about what batching saves: on the test set's nine texts of 2,000+ characters the sentence
/// batch was only about 1.1× faster (issue 23 notes).
///
/// ```
/// use lashon_core::hebrew::api::{nikud, NikudRequest};
///
/// let req: NikudRequest = serde_json::from_str(r#"{"text": "שלום"}"#).unwrap();
/// // Without a model the operation is not configured (HTTP 503).
/// let err = nikud(req, None).unwrap_err();
/// assert_eq!(err.code.as_str(), "not_configured");
/// ```
pub fn nikud(req: NikudRequest, model: Option<&Nakdimon>) -> Result<NikudResponse, ServiceError> {
    check_text("text", &req.text, NIKUD_CHARS)?;
    let model = model.ok_or_else(model_not_configured)?;
    let mut results = vocalize_checked(vec![req.text], model);
    results
        .pop()
        .ok_or_else(|| ServiceError::internal("the nikud model returned no result"))
}

/// [`nikud`] for many texts in one batched pass (Python `Nikud.add_many`): result `i` equals
/// `nikud` on `texts[i]`. Every text is checked first (1 to 10,000 characters); the first that
/// fails fails the call, named by its index (`texts[3] must not be empty`).
pub fn nikud_many(
    texts: Vec<String>,
    model: Option<&Nakdimon>,
) -> Result<Vec<NikudResponse>, ServiceError> {
    for (i, text) in texts.iter().enumerate() {
        check_text(&format!("texts[{i}]"), text, NIKUD_CHARS)?;
    }
    let model = model.ok_or_else(model_not_configured)?;
    Ok(vocalize_checked(texts, model))
}

/// Vocalizes checked texts and verifies each round trip.
fn vocalize_checked(texts: Vec<String>, model: &Nakdimon) -> Vec<NikudResponse> {
    let vocalized = model.vocalize_many(&texts);
    texts
        .into_iter()
        .zip(vocalized)
        .map(|(text, vocalized)| {
            let verified = strip_points(&vocalized) == text;
            NikudResponse {
                nikud: if verified { vocalized } else { text.clone() },
                text,
                verified,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_validates() {
        let ok: StripRequest = serde_json::from_str(r#"{"text": "שָׁלוֹם"}"#).unwrap();
        assert_eq!(strip(ok).unwrap().stripped, "שלום");
        let empty: StripRequest = serde_json::from_str(r#"{"text": ""}"#).unwrap();
        assert_eq!(strip(empty).unwrap_err().http_status(), 400);
        let long = StripRequest {
            text: "א".repeat(TEXT_TOOL_CHARS + 1),
        };
        assert_eq!(strip(long).unwrap_err().http_status(), 400);
        assert!(serde_json::from_str::<StripRequest>(r#"{"text": "a", "x": 1}"#).is_err());
        assert!(serde_json::from_str::<StripRequest>(r#"{}"#).is_err());
    }

    #[test]
    fn transliterate_validates() {
        let req: TransliterateRequest = serde_json::from_str(r#"{"text": "שָׁלוֹם"}"#).unwrap();
        let res = transliterate(req, None).unwrap();
        assert_eq!(res.direction, TranslitDirection::HeToLatin);
        assert_eq!(res.transliteration, "shalom");
        let json = serde_json::to_value(&res).unwrap();
        assert_eq!(json["direction"], "he-to-latin");
        assert_eq!(json["scheme"], "academy-simplified");
        let long = TransliterateRequest {
            text: "a".repeat(TRANSLITERATE_CHARS + 1),
            direction: TranslitDirection::LatinToHe,
        };
        assert_eq!(transliterate(long, None).unwrap_err().http_status(), 400);
        for bad in [
            r#"{"text": "a", "direction": "latin"}"#,
            r#"{"text": "a", "scheme": "sbl"}"#,
            r#"{"direction": "latin-to-he"}"#,
        ] {
            assert!(
                serde_json::from_str::<TransliterateRequest>(bad).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn nikud_validates_before_model() {
        let long = NikudRequest {
            text: "א".repeat(NIKUD_CHARS + 1),
        };
        assert_eq!(nikud(long, None).unwrap_err().http_status(), 400);
        let ok = NikudRequest {
            text: "א".repeat(NIKUD_CHARS),
        };
        let err = nikud(ok, None).unwrap_err();
        assert_eq!(err.http_status(), 503);
        // Many: every text is checked first, the failing one named by its index.
        let err = nikud_many(vec!["א".into(), String::new()], None).unwrap_err();
        assert_eq!(err.http_status(), 400);
        assert_eq!(err.message, "texts[1] must not be empty");
        let err = nikud_many(vec!["א".repeat(NIKUD_CHARS + 1)], None).unwrap_err();
        assert_eq!(err.message, "texts[0] is longer than 10000 characters");
        assert_eq!(
            nikud_many(vec!["א".into()], None)
                .unwrap_err()
                .http_status(),
            503
        );
        assert_eq!(nikud_many(Vec::new(), None).unwrap_err().http_status(), 503);
        assert!(
            serde_json::from_str::<NikudRequest>(r#"{"text": "a", "verified": true}"#).is_err()
        );
    }
}
