//! The operations behind the JS exports, in plain Rust: arguments as the JS caller passes them
//! (strings, optional option strings), results and errors as the HTTP API's. Each builds the
//! core request type and runs the core's validation, so limits and messages match the
//! service's exactly. Nothing here touches JavaScript, so the host tests run it natively.

use std::collections::BTreeMap;

use lashon_bidi::Format;
use lashon_core::direction::{
    self, AnalyzeRequest, AnalyzeResponse, DetectRequest, Detection, WrapRequest, Wrapped,
};
use lashon_core::hebrew::api::{
    self, StripRequest, StripResponse, TranslitDirection, TransliterateRequest,
    TransliterateResponse,
};
use lashon_vocab::{BaseDir, ServiceError};

/// The first argument of `analyze`: one text, or named fields (`{ name: text }`), as the
/// `text` and `fields` members of `POST /v1/analyze`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalyzeInput {
    Text(String),
    Fields(BTreeMap<String, String>),
}

/// `base`: `auto` (default), `ltr` or `rtl`.
pub fn parse_base(base: Option<&str>) -> Result<BaseDir, ServiceError> {
    match base {
        None => Ok(BaseDir::Auto),
        Some(s) => s.parse().map_err(|e| ServiceError::invalid(format!("{e}"))),
    }
}

/// `format`: `html` (default), `isolate` or `marks`.
pub fn parse_format(format: Option<&str>) -> Result<Format, ServiceError> {
    match format {
        None => Ok(Format::Html),
        Some(s) => s.parse().map_err(|e| ServiceError::invalid(format!("{e}"))),
    }
}

/// `direction` of transliterate: `he-to-latin` (default) or `latin-to-he`.
pub fn parse_direction(direction: Option<&str>) -> Result<TranslitDirection, ServiceError> {
    match direction {
        None | Some("he-to-latin") => Ok(TranslitDirection::HeToLatin),
        Some("latin-to-he") => Ok(TranslitDirection::LatinToHe),
        Some(other) => Err(ServiceError::invalid(format!(
            "direction must be one of he-to-latin, latin-to-he (got {other:?})"
        ))),
    }
}

/// `POST /v1/analyze` with `text` or `fields`: `{ analysis }` or `{ fields }`.
pub fn analyze(input: AnalyzeInput, base: Option<&str>) -> Result<AnalyzeResponse, ServiceError> {
    let base = parse_base(base)?;
    let (text, fields) = match input {
        AnalyzeInput::Text(t) => (Some(t), None),
        AnalyzeInput::Fields(f) => (None, Some(f)),
    };
    direction::analyze(AnalyzeRequest { text, fields, base })
}

/// `POST /v1/wrap`: `{ dir, format, output, runs }`.
pub fn wrap(
    text: String,
    format: Option<&str>,
    base: Option<&str>,
) -> Result<Wrapped, ServiceError> {
    let format = parse_format(format)?;
    let base = parse_base(base)?;
    direction::wrap(WrapRequest { text, format, base })
}

/// `POST /v1/detect`: `{ lang, script, dir, confidence, segments, languages }`, borrowing the
/// request's text.
pub fn detect(req: &DetectRequest) -> Result<Detection<'_>, ServiceError> {
    direction::detect(req)
}

/// `POST /v1/strip-nikud`: `{ text, stripped }`.
pub fn strip_nikud(text: String) -> Result<StripResponse, ServiceError> {
    api::strip(StripRequest { text })
}

/// `POST /v1/transliterate` without a nikud model (the browser has none): vocalized Hebrew is
/// read by its points, unvocalized Hebrew by the heuristic (`scheme`
/// `academy-simplified-unvocalized`).
pub fn transliterate(
    text: String,
    direction: Option<&str>,
) -> Result<TransliterateResponse, ServiceError> {
    let direction = parse_direction(direction)?;
    api::transliterate(TransliterateRequest { text, direction }, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_or_fail_as_invalid_request() {
        assert_eq!(parse_base(None).unwrap(), BaseDir::Auto);
        assert_eq!(parse_base(Some("rtl")).unwrap(), BaseDir::Rtl);
        let err = parse_base(Some("up")).unwrap_err();
        assert_eq!(err.code.as_str(), "invalid_request");
        assert_eq!(err.http_status(), 400);
        assert_eq!(parse_format(Some("marks")).unwrap(), Format::Marks);
        assert!(parse_format(Some("HTML")).is_err());
        assert_eq!(
            parse_direction(Some("latin-to-he")).unwrap(),
            TranslitDirection::LatinToHe
        );
        assert!(parse_direction(Some("latin")).is_err());
    }

    #[test]
    fn limits_match_the_service() {
        let err = wrap(String::new(), None, None).unwrap_err();
        assert_eq!(err.message, "text must not be empty");
        let long = "א".repeat(20_001);
        assert!(wrap(long.clone(), None, None).is_err());
        assert!(strip_nikud(long).is_err());
        assert!(transliterate("a".repeat(5_001), None).is_err());
        assert!(analyze(AnalyzeInput::Fields(BTreeMap::new()), None).is_err());
        let req = DetectRequest {
            text: String::new(),
        };
        assert!(detect(&req).is_err());
    }

    #[test]
    fn results_have_the_http_shapes() {
        let a = analyze(AnalyzeInput::Text("שלום Google".into()), None).unwrap();
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["analysis"]["dir"], "rtl");
        assert!(json.get("fields").is_none());

        let fields = BTreeMap::from([("title".to_string(), "Hello".to_string())]);
        let a = analyze(AnalyzeInput::Fields(fields), Some("rtl")).unwrap();
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["fields"]["title"]["dir"], "rtl");

        let w = wrap("מחיר $5".into(), Some("isolate"), None).unwrap();
        assert_eq!(w.output, "מחיר \u{2066}$5\u{2069}");

        let s = strip_nikud("שָׁלוֹם".into()).unwrap();
        assert_eq!(s.stripped, "שלום");

        let t = transliterate("Google".into(), Some("latin-to-he")).unwrap();
        assert_eq!(t.transliteration, "גוגל");
        let json = serde_json::to_value(&t).unwrap();
        assert_eq!(json["direction"], "latin-to-he");
    }
}
