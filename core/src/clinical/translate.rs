//! `POST /v1/clinical/translate` and its streaming form: English clinical text → verified
//! Hebrew, Markdown structure kept, one segment per sentence.
//!
//! Defaults of the spec: `audience` clinician, `date_order` MDY, `date_style` hebrew, `bidi`
//! isolate. `patient_gender`, when omitted, is inferred from the English pronouns: he/him/his
//! only → male, she/her/hers only → female, both or neither → unknown. `reader_gender` is the
//! gender of the person addressed ("you").
//!
//! Streaming sends segments as they are verified: the document is translated in chunks of
//! [`STREAM_CHUNK`] model sentences, each chunk one call (plus its retry), and every segment
//! is handed to the caller in document order as soon as its chunk is done.

use std::collections::BTreeMap;

use lashon_protect::spans::{AccountTerms, ProtectOptions, SpanFinder};
use lashon_protect::verify::VerifyOptions;
use lashon_protect::{
    Audience, BidiMode, DateOrder, DateStyle, Domain, FoundSpan, Gender, Issue, Lang, Span,
    SpanType, Status,
};
use lashon_vocab::ServiceError;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::account::{Charge, Operation};
use crate::limits::check_text;
use crate::translate::document::Masking;
use crate::translate::engine::{translate_sentences, Checks, Outcome, Work};
use crate::translate::model::{Instructions, Tier};
use crate::translate::request::{
    check_glossary, check_list, PROTECTED_TERMS, REDACT_TERMS, TEXT_CHARS,
};
use crate::translate::response::UsageChars;
use crate::translate::service::{audience_str, gender_str, shorthand_renderings, Engine};

/// Model sentences per streamed chunk.
pub const STREAM_CHUNK: usize = 8;

/// `POST /v1/clinical/translate` (and `/stream`).
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ClinicalTranslateRequest {
    /// English, 1 to 20,000 characters; Markdown lists, headings and tables keep structure.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub text: String,
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub audience: Option<Audience>,
    /// The person called "you".
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub reader_gender: Option<Gender>,
    /// Inferred from he/she when omitted.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub patient_gender: Option<Gender>,
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 500, inline, value_type = Vec<crate::translate::request::TermString>))]
    pub protected_terms: Option<Vec<String>>,
    /// Never shown to the model.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 200, inline, value_type = Vec<crate::translate::request::TermString>))]
    pub redact_terms: Option<Vec<String>>,
    /// English term → required Hebrew rendering.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, value_type = crate::translate::request::Glossary))]
    pub glossary: Option<BTreeMap<String, String>>,
    /// Default `MDY`.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub date_order: Option<DateOrder>,
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub date_style: Option<DateStyle>,
    /// Default `isolate`.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub bidi: Option<BidiMode>,
}

/// A clinical segment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClinicalSegment {
    pub index: usize,
    /// Markdown structure before the text.
    pub prefix: String,
    /// Whitespace or structure after the text.
    pub suffix: String,
    /// The English sentence.
    pub source: String,
    /// Verified Hebrew, or the English source when `fallback`.
    pub text: String,
    pub status: Status,
    /// Empty for `ok`.
    pub issues: Vec<Issue>,
    /// Protected values (names and identifiers without their value).
    pub spans: Vec<Span>,
}

/// Sentence counts by status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClinicalStats {
    pub segments: usize,
    pub ok: usize,
    pub retried: usize,
    /// Sentences returned in English: treat as untranslated.
    pub fallback: usize,
    pub passthrough: usize,
}

impl ClinicalStats {
    pub fn count(&mut self, status: Status) {
        self.segments += 1;
        match status {
            Status::Ok => self.ok += 1,
            Status::Retried => self.retried += 1,
            Status::Fallback => self.fallback += 1,
            Status::Passthrough => self.passthrough += 1,
        }
    }
}

/// `POST /v1/clinical/translate` response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClinicalTranslateResponse {
    pub id: String,
    /// The whole Hebrew document: every segment as prefix + text + suffix.
    pub text: String,
    pub segments: Vec<ClinicalSegment>,
    pub stats: ClinicalStats,
    pub usage: UsageChars,
}

/// The last event of a stream (`event: done`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClinicalStreamDone {
    pub id: String,
    pub text: String,
    pub stats: ClinicalStats,
    pub usage: UsageChars,
}

impl ClinicalTranslateRequest {
    pub fn validate(&self) -> Result<(), ServiceError> {
        check_text("text", &self.text, TEXT_CHARS)?;
        if let Some(t) = &self.protected_terms {
            check_list("protected_terms", t, PROTECTED_TERMS)?;
        }
        if let Some(t) = &self.redact_terms {
            check_list("redact_terms", t, REDACT_TERMS)?;
        }
        if let Some(g) = &self.glossary {
            check_glossary(g)?;
        }
        Ok(())
    }

    pub fn charge(&self) -> Charge {
        Charge::of(Operation::Clinical, [self.text.as_str()])
    }

    /// The patient's gender: as sent, else read from the English pronouns.
    pub fn patient_gender(&self) -> Option<Gender> {
        self.patient_gender.or_else(|| infer_gender(&self.text))
    }
}

/// he/him/his/himself only → male; she/her/hers/herself only → female.
pub fn infer_gender(text: &str) -> Option<Gender> {
    let mut male = false;
    let mut female = false;
    for w in text.split(|c: char| !c.is_ascii_alphabetic()) {
        match w.to_ascii_lowercase().as_str() {
            "he" | "him" | "his" | "himself" => male = true,
            "she" | "her" | "hers" | "herself" => female = true,
            _ => {}
        }
    }
    match (male, female) {
        (true, false) => Some(Gender::Male),
        (false, true) => Some(Gender::Female),
        _ => None,
    }
}

/// Clinical spans: redacted values and identifiers (record numbers) without their value.
pub fn clinical_span(span: &FoundSpan, text: &str) -> Span {
    let mut s = span.to_span(text);
    if span.kind == SpanType::Identifier {
        s.value = None;
    }
    s
}

/// Translates a clinical document, handing each segment to `on_segment` in order as soon as
/// it is verified; `chunk` model sentences per call (`usize::MAX`: one call for all).
/// Fails only when a call fails as a whole; segments already handed over stay valid.
pub async fn translate_clinical(
    engine: &Engine<'_>,
    request: &ClinicalTranslateRequest,
    terms: &Arc<AccountTerms>,
    id: String,
    chunk: usize,
    on_segment: &mut (dyn FnMut(&ClinicalSegment) + Send),
) -> Result<ClinicalTranslateResponse, ServiceError> {
    request.validate()?;
    let audience = request.audience.unwrap_or_default();
    let bidi = request.bidi.unwrap_or(BidiMode::Isolate);
    let patient = request.patient_gender();
    let options = ProtectOptions {
        source: Some(Lang::En),
        target: Some(Lang::He),
        domain: Domain::Clinical,
        protected_terms: request.protected_terms.clone().unwrap_or_default(),
        redact_terms: request.redact_terms.clone().unwrap_or_default(),
        glossary: crate::translate::request::usable_glossary(request.glossary.as_ref()),
        account_terms: Arc::clone(terms),
        date_order: Some(request.date_order.unwrap_or(DateOrder::Mdy)),
        date_style: request.date_style.unwrap_or_default(),
    };
    let mut verify = VerifyOptions::new(Lang::En, Lang::He);
    verify.domain = Domain::Clinical;
    verify.protected_terms = options.protected_terms.clone();
    verify.glossary = options.glossary.clone();
    verify.account_terms = Arc::clone(terms);
    verify.date_order = options.date_order;
    verify.listener_gender = request.reader_gender;
    verify.patient_gender = patient;
    let mut checks = Checks {
        verify,
        bidi,
        audience,
        defined: None,
    };
    let finder = SpanFinder::new(options);
    let masking = Masking {
        finder: &finder,
        audience,
        target: Lang::He,
        bidi,
    };
    let doc = masking.document(&request.text);
    let mut instructions = Instructions::new("en", "he", Tier::Balanced);
    instructions.domain = "clinical".into();
    instructions.audience = Some(audience_str(audience).into());
    instructions.listener_gender = request.reader_gender.map(gender_str);
    instructions.patient_gender = patient.map(gender_str);
    instructions.glossary = shorthand_renderings(&doc.sentences, audience, Lang::He);

    let mut segments = Vec::with_capacity(doc.sentences.len());
    let mut stats = ClinicalStats::default();
    let mut text = String::new();
    let mut start = 0;
    while start < doc.sentences.len() {
        // The chunk: up to `chunk` model sentences, with the passthroughs among them.
        let mut end = start;
        let mut model = 0;
        while end < doc.sentences.len() {
            let is_model = matches!(doc.sentences[end].work, Work::Model(_));
            if is_model && model == chunk {
                break;
            }
            model += usize::from(is_model);
            end += 1;
        }
        let outcomes: Vec<Outcome> = translate_sentences(
            engine.translator,
            &instructions,
            &doc.sentences[start..end],
            Some(&mut checks),
        )
        .await?;
        for (k, outcome) in outcomes.into_iter().enumerate() {
            let i = start + k;
            let piece = &doc.pieces[i];
            let source = &doc.sentences[i].source;
            let segment = ClinicalSegment {
                index: i,
                prefix: piece.prefix.clone(),
                suffix: piece.suffix.clone(),
                source: source.clone(),
                text: outcome.text,
                status: outcome.status,
                issues: outcome.issues,
                spans: doc.spans[i]
                    .iter()
                    .map(|s| clinical_span(s, source))
                    .collect(),
            };
            stats.count(segment.status);
            text.push_str(&segment.prefix);
            text.push_str(&segment.text);
            text.push_str(&segment.suffix);
            on_segment(&segment);
            segments.push(segment);
        }
        start = end;
    }
    Ok(ClinicalTranslateResponse {
        id,
        text,
        segments,
        stats,
        usage: UsageChars {
            characters: request.charge().characters,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gender_from_pronouns() {
        assert_eq!(infer_gender("He took his pills."), Some(Gender::Male));
        assert_eq!(infer_gender("Give her 5 mg."), Some(Gender::Female));
        assert_eq!(infer_gender("He told her."), None);
        assert_eq!(infer_gender("Take 5 mg."), None);
        assert_eq!(infer_gender("Shelter hemoglobin"), None);
    }
}
