//! Direction analysis, display wrapping and language detection: requests, validation and
//! responses of `POST /v1/analyze`, `POST /v1/wrap` and `POST /v1/detect`. These operations
//! use no model and no character quota.

use std::collections::BTreeMap;

use lashon_bidi::{DirectionAnalysis, Format};
use lashon_vocab::{BaseDir, ServiceError};
use serde::{Deserialize, Serialize};

use crate::limits::{char_count, check_text, ANALYZE_FIELDS, TEXT_TOOL_CHARS};

pub use lashon_bidi::{Detection, Wrapped};

/// `POST /v1/analyze`: `text` and/or `fields` (name → string, at most 100 fields and 20,000
/// characters in all), `base` (`auto`, `ltr`, `rtl`; default `auto`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    pub text: Option<String>,
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    pub fields: Option<BTreeMap<String, String>>,
    #[serde(default)]
    pub base: BaseDir,
}

/// The schema says what serde cannot: at least one of `text` and `fields`, and `fields` holds
/// 1 to 100 strings.
#[cfg(feature = "openapi")]
mod analyze_schema {
    use utoipa::openapi::schema::{
        AdditionalProperties, AnyOfBuilder, ObjectBuilder, Schema, Type,
    };
    use utoipa::openapi::RefOr;
    use utoipa::{PartialSchema, ToSchema};

    use super::AnalyzeRequest;

    fn variant(required: &str) -> ObjectBuilder {
        let text = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(20_000));
        let fields = ObjectBuilder::new()
            .schema_type(Type::Object)
            .min_properties(Some(1))
            .max_properties(Some(100))
            .additional_properties(Some(ObjectBuilder::new().schema_type(Type::String)));
        ObjectBuilder::new()
            .property("text", text)
            .property("fields", fields)
            .property("base", lashon_vocab::BaseDir::schema())
            .required(required)
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
    }

    impl PartialSchema for AnalyzeRequest {
        fn schema() -> RefOr<Schema> {
            AnyOfBuilder::new()
                .description(Some(
                    "`text` and/or `fields` (at most 100 fields, 20,000 characters in all); `base` auto, ltr or rtl (default auto)",
                ))
                .item(variant("text"))
                .item(variant("fields"))
                .into()
        }
    }

    impl ToSchema for AnalyzeRequest {}
}

/// Longest field name of an analysis request (names come back in the answer; the spec bounds
/// only the values).
pub const FIELD_NAME_CHARS: usize = 200;

/// The analysis response: `analysis` when `text` was sent, `fields` when `fields` was sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AnalyzeResponse {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<DirectionAnalysis>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, DirectionAnalysis>>,
}

pub fn analyze(req: AnalyzeRequest) -> Result<AnalyzeResponse, ServiceError> {
    if req.text.is_none() && req.fields.is_none() {
        return Err(ServiceError::invalid("send text, fields, or both"));
    }
    if let Some(text) = &req.text {
        check_text("text", text, TEXT_TOOL_CHARS)?;
    }
    if let Some(fields) = &req.fields {
        if fields.is_empty() {
            return Err(ServiceError::invalid("fields must not be empty"));
        }
        if fields.len() > ANALYZE_FIELDS {
            return Err(ServiceError::invalid(format!(
                "fields holds {} entries; at most {ANALYZE_FIELDS} are allowed",
                fields.len()
            )));
        }
        if fields.keys().any(|name| char_count(name, FIELD_NAME_CHARS) > FIELD_NAME_CHARS) {
            return Err(ServiceError::invalid(format!(
                "a field name is longer than {FIELD_NAME_CHARS} characters"
            )));
        }
        let mut total = 0;
        for value in fields.values() {
            total += char_count(value, TEXT_TOOL_CHARS);
            if total > TEXT_TOOL_CHARS {
                return Err(ServiceError::invalid(format!(
                    "fields hold more than {TEXT_TOOL_CHARS} characters in all"
                )));
            }
        }
    }
    let base = req.base;
    Ok(AnalyzeResponse {
        analysis: req.text.map(|t| lashon_bidi::analyze(&t, base)),
        fields: req.fields.map(|fields| {
            fields
                .into_iter()
                .map(|(name, value)| {
                    let a = lashon_bidi::analyze(&value, base);
                    (name, a)
                })
                .collect()
        }),
    })
}

/// `POST /v1/wrap`: `text` (1 to 20,000 characters), `format` (`html`, `isolate`, `marks`;
/// default `html`), `base` (default `auto`).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WrapRequest {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub text: String,
    #[serde(default)]
    pub format: Format,
    #[serde(default)]
    pub base: BaseDir,
}

pub fn wrap(req: WrapRequest) -> Result<Wrapped, ServiceError> {
    check_text("text", &req.text, TEXT_TOOL_CHARS)?;
    Ok(lashon_bidi::wrap(&req.text, req.format, req.base))
}

/// `POST /v1/detect`: `text` (1 to 20,000 characters).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct DetectRequest {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub text: String,
}

pub fn detect(req: &DetectRequest) -> Result<Detection<'_>, ServiceError> {
    check_text("text", &req.text, TEXT_TOOL_CHARS)?;
    Ok(lashon_bidi::detect(&req.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyze_json(body: &str) -> Result<serde_json::Value, ServiceError> {
        let req: AnalyzeRequest = serde_json::from_str(body).unwrap();
        analyze(req).map(|r| serde_json::to_value(r).unwrap())
    }

    #[test]
    fn analyze_text_and_fields() {
        let v =
            analyze_json(r#"{"text": "שלום world", "fields": {"title": "Hello", "body": "שלום"}}"#)
                .unwrap();
        assert_eq!(v["analysis"]["dir"], "rtl");
        assert_eq!(v["analysis"]["mixed"], true);
        assert_eq!(v["fields"]["title"]["dir"], "ltr");
        assert_eq!(v["fields"]["body"]["lang"], "he");
        let v = analyze_json(r#"{"fields": {"a": "abc"}}"#).unwrap();
        assert!(v.get("analysis").is_none());
    }

    #[test]
    fn analyze_limits() {
        assert!(analyze_json("{}").is_err());
        assert!(analyze_json(r#"{"text": ""}"#).is_err());
        assert!(analyze_json(r#"{"fields": {}}"#).is_err());
        let many: BTreeMap<String, String> = (0..101)
            .map(|i| (format!("f{i}"), "x".to_string()))
            .collect();
        let body = serde_json::json!({ "fields": many }).to_string();
        assert!(analyze_json(&body).is_err());
        let big: BTreeMap<String, String> = (0..3)
            .map(|i| (format!("f{i}"), "x".repeat(7_000)))
            .collect();
        let body = serde_json::json!({ "fields": big }).to_string();
        let err = analyze_json(&body).unwrap_err();
        assert!(err.message.contains("20000"));
    }

    #[test]
    fn unknown_fields_and_bad_enums_are_rejected() {
        assert!(serde_json::from_str::<WrapRequest>(r#"{"text": "a", "fromat": "html"}"#).is_err());
        assert!(serde_json::from_str::<WrapRequest>(r#"{"text": "a", "format": "xml"}"#).is_err());
        assert!(serde_json::from_str::<WrapRequest>(r#"{"text": "a", "base": "up"}"#).is_err());
    }

    #[test]
    fn detect_and_wrap_validate_length() {
        let long = "א".repeat(20_001);
        assert!(detect(&DetectRequest { text: long.clone() }).is_err());
        assert!(detect(&DetectRequest {
            text: "א".repeat(20_000)
        })
        .is_ok());
        let req = WrapRequest {
            text: long,
            format: Format::Html,
            base: BaseDir::Auto,
        };
        assert!(wrap(req).is_err());
    }
}
