//! The values this crate hands to the service layer, with the spec's exact JSON field names
//! ("Protection object", "Span", "Issue", "Segment" tables of the language-service spec).

use std::fmt;

use lashon_vocab::LangTag;
use serde::{Deserialize, Serialize};

/// The three languages protection works between (protected translation rule 2).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    He,
    En,
    Ru,
}

/// A language outside he/en/ru was asked for protection (`unsupported_language`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsupportedLanguage(pub String);

impl fmt::Display for UnsupportedLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "protection works only between he, en and ru, not `{}`",
            self.0
        )
    }
}

impl std::error::Error for UnsupportedLanguage {}

impl Lang {
    /// The protected language of a tag (`he-IL` → `He`).
    pub fn from_tag(tag: &LangTag) -> Result<Lang, UnsupportedLanguage> {
        match tag.language() {
            "he" => Ok(Lang::He),
            "en" => Ok(Lang::En),
            "ru" => Ok(Lang::Ru),
            _ => Err(UnsupportedLanguage(tag.as_str().to_string())),
        }
    }

    /// The tag of this language.
    pub fn tag(self) -> LangTag {
        match self {
            Lang::He => LangTag::HE,
            Lang::En => LangTag::EN,
            Lang::Ru => LangTag::RU,
        }
    }

    /// `he`, `en` or `ru`.
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::He => "he",
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }
}

/// Span `type` values of the spec, general then clinical, finance and legal.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanType {
    Term,
    Glossary,
    Number,
    Ordinal,
    Date,
    Identifier,
    Email,
    Url,
    Template,
    Keep,
    Markup,
    CodeInline,
    Name,
    Drug,
    Dose,
    Abbreviation,
    Code,
    Account,
    IdNumber,
    Card,
    Reference,
    Clause,
    Citation,
    DefinedTerm,
}

impl SpanType {
    /// Redacted types: their value is never shown to the model and never reported (Span
    /// table: `value` omitted for redacted values; finance domain rule: never shown).
    pub fn is_redacted(self) -> bool {
        matches!(
            self,
            SpanType::Name | SpanType::Account | SpanType::IdNumber | SpanType::Card
        )
    }

    /// The spec's name of the type.
    pub fn as_str(self) -> &'static str {
        match self {
            SpanType::Term => "term",
            SpanType::Glossary => "glossary",
            SpanType::Number => "number",
            SpanType::Ordinal => "ordinal",
            SpanType::Date => "date",
            SpanType::Identifier => "identifier",
            SpanType::Email => "email",
            SpanType::Url => "url",
            SpanType::Template => "template",
            SpanType::Keep => "keep",
            SpanType::Markup => "markup",
            SpanType::CodeInline => "code_inline",
            SpanType::Name => "name",
            SpanType::Drug => "drug",
            SpanType::Dose => "dose",
            SpanType::Abbreviation => "abbreviation",
            SpanType::Code => "code",
            SpanType::Account => "account",
            SpanType::IdNumber => "id_number",
            SpanType::Card => "card",
            SpanType::Reference => "reference",
            SpanType::Clause => "clause",
            SpanType::Citation => "citation",
            SpanType::DefinedTerm => "defined_term",
        }
    }
}

/// A protected value found in a text: byte offsets into the text plus the response fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundSpan {
    /// Byte offset of the first byte (inclusive).
    pub start: usize,
    /// Byte offset after the last byte (exclusive).
    pub end: usize,
    /// The span type.
    pub kind: SpanType,
    /// How the value is written in the output when it is rewritten (glossary, terms, dates).
    pub render: Option<String>,
    /// True when a numeric date could be read two ways and `date_order` decided.
    pub ambiguous_date: bool,
}

impl FoundSpan {
    /// The source slice of this span.
    pub fn value<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or("")
    }

    /// The response object: the value is left out for redacted types.
    pub fn to_span(&self, text: &str) -> Span {
        Span {
            kind: self.kind,
            value: (!self.kind.is_redacted()).then(|| self.value(text).to_string()),
            render: self.render.clone(),
            ambiguous_date: self.ambiguous_date.then_some(true),
        }
    }
}

/// Span object of the response (`type`, `value`, `render`, `ambiguous_date`).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    #[serde(rename = "type")]
    pub kind: SpanType,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub render: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ambiguous_date: Option<bool>,
}

/// `error` blocks the sentence; `warning` is informational (clinical issue rules).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// Issue codes: the general list of the spec plus the clinical and domain ones.
/// `number_missing` is ours: a source number absent from the translation (the spec's list says
/// "codes include", and a dropped number must block the sentence like a dropped placeholder).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueCode {
    PlaceholderMissing,
    TermMissing,
    DateMissing,
    NumberAdded,
    NumberMissing,
    DigitsAdded,
    NegationLost,
    LateralityLost,
    LateralitySwapped,
    GenderMismatch,
    LengthRatio,
    DirectionSwapped,
    DirectionLost,
    ModalityChanged,
    DefinedTermChanged,
    PlaceholderDuplicated,
    Meaning,
    ProviderError,
}

impl IssueCode {
    /// The spec's name of the code.
    pub fn as_str(self) -> &'static str {
        match self {
            IssueCode::PlaceholderMissing => "placeholder_missing",
            IssueCode::TermMissing => "term_missing",
            IssueCode::DateMissing => "date_missing",
            IssueCode::NumberAdded => "number_added",
            IssueCode::NumberMissing => "number_missing",
            IssueCode::DigitsAdded => "digits_added",
            IssueCode::NegationLost => "negation_lost",
            IssueCode::LateralityLost => "laterality_lost",
            IssueCode::LateralitySwapped => "laterality_swapped",
            IssueCode::GenderMismatch => "gender_mismatch",
            IssueCode::LengthRatio => "length_ratio",
            IssueCode::DirectionSwapped => "direction_swapped",
            IssueCode::DirectionLost => "direction_lost",
            IssueCode::ModalityChanged => "modality_changed",
            IssueCode::DefinedTermChanged => "defined_term_changed",
            IssueCode::PlaceholderDuplicated => "placeholder_duplicated",
            IssueCode::Meaning => "meaning",
            IssueCode::ProviderError => "provider_error",
        }
    }
}

/// Issue object (`code`, `severity`, `detail`, all required).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Issue {
    pub code: IssueCode,
    pub severity: Severity,
    pub detail: String,
}

impl Issue {
    pub fn error(code: IssueCode, detail: impl Into<String>) -> Issue {
        Issue {
            code,
            severity: Severity::Error,
            detail: detail.into(),
        }
    }

    pub fn warning(code: IssueCode, detail: impl Into<String>) -> Issue {
        Issue {
            code,
            severity: Severity::Warning,
            detail: detail.into(),
        }
    }
}

/// True when no issue blocks the sentence (clinical verify: `pass`).
pub fn passes(issues: &[Issue]) -> bool {
    issues.iter().all(|i| i.severity != Severity::Error)
}

/// Sentence and protection statuses ("States and transitions").
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Passthrough,
    Retried,
    Fallback,
}

/// Segment object (`source`, `text`, `status`).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ProtectionSegment))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub source: String,
    pub text: String,
    pub status: Status,
}

/// Request `domain`.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Domain {
    #[default]
    General,
    Clinical,
    Finance,
    Legal,
}

/// Request `audience` (clinical register).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Audience {
    #[default]
    Clinician,
    Patient,
}

/// `listener_gender`, `speaker_gender`, `patient_gender`.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Male,
    Female,
}

/// `date_order`: reading of ambiguous numeric dates.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DateOrder {
    #[serde(rename = "MDY")]
    Mdy,
    #[serde(rename = "DMY")]
    Dmy,
}

impl DateOrder {
    /// Default: `MDY` for English sources, `DMY` for Hebrew and Russian.
    pub fn default_for(source: Lang) -> DateOrder {
        match source {
            Lang::En => DateOrder::Mdy,
            Lang::He | Lang::Ru => DateOrder::Dmy,
        }
    }
}

/// `date_style`.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DateStyle {
    #[default]
    Hebrew,
    Iso,
    Keep,
}

/// `bidi`.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BidiMode {
    Isolate,
    #[default]
    None,
}
