//! `POST /v1/translate` and `POST /v1/translate/batch`: validation, the language plan, the
//! charge, and the run through the engine.
//!
//! A request is handled in two steps so an adapter can check the quota in between:
//! [`prepare_translate`] validates everything that does not need the model (limits, languages,
//! protection, ICU syntax) and knows the [`Charge`]; [`PreparedTranslate::run`] translates.

use lashon_bidi::analyze;
use lashon_protect::spans::{AccountTerms, ProtectOptions, SpanFinder};
use lashon_protect::verify::{DefinedTerms, VerifyOptions};
use lashon_protect::{Audience, Domain, Issue, Lang, Segment, SpanType, Status};
use lashon_vocab::{BaseDir, ServiceError};
use std::sync::Arc;

use super::document::{join, plain_document, Document, Masking};
use super::engine::{translate_sentences, Checks, Outcome, Sentence};
use super::icu_mode::{self, IcuMessage, Rebuilt};
use super::model::{Instructions, TermRendering, Translator};
use super::plan::{plan, LanguagePlan, ProtectedPair};
use super::request::{BatchRequest, Options, TranslateRequest, PROTECTED_BATCH_CHARS};
use super::response::{
    worst, BatchResponse, Protection, SourceBlock, TranslateResponse, TranslationBlock, UsageChars,
};
use crate::account::{Charge, Operation, Tier};
use crate::hebrew::nikud::Nakdimon;
use crate::hebrew::translit::he_to_latin;

/// What a translation runs with.
#[derive(Clone, Copy)]
pub struct Engine<'a> {
    /// The model (the live client, or the sandbox for sandbox keys).
    pub translator: &'a dyn Translator,
    /// The nikud model, for transliterating unpointed Hebrew results.
    pub nikud: Option<&'a Nakdimon>,
}

/// An [`Engine`] that owns its parts, for work that outlives the caller's borrows (an
/// adapter's request handed to a worker thread).
#[derive(Clone)]
pub struct SharedEngine {
    pub translator: std::sync::Arc<dyn Translator>,
    pub nikud: Option<std::sync::Arc<Nakdimon>>,
}

impl SharedEngine {
    /// The engine borrowing these parts.
    pub fn engine(&self) -> Engine<'_> {
        Engine {
            translator: self.translator.as_ref(),
            nikud: self.nikud.as_deref(),
        }
    }
}

/// The settings of one request, resolved.
pub(crate) struct Settings<'r> {
    pub options: Options<'r>,
    pub plan: LanguagePlan,
}

impl Settings<'_> {
    fn tier(&self) -> Tier {
        self.options.quality
    }

    /// The protect options of a protected request.
    fn protect_options(&self, pair: ProtectedPair, terms: &Arc<AccountTerms>) -> ProtectOptions {
        let o = &self.options;
        ProtectOptions {
            source: Some(pair.source),
            target: Some(pair.target),
            domain: o.domain.unwrap_or_default(),
            protected_terms: o
                .protected_terms
                .map(<[String]>::to_vec)
                .unwrap_or_default(),
            redact_terms: o.redact_terms.map(<[String]>::to_vec).unwrap_or_default(),
            glossary: crate::translate::request::usable_glossary(o.glossary),
            account_terms: Arc::clone(terms),
            date_order: o.date_order,
            date_style: o.date_style.unwrap_or_default(),
        }
    }

    fn checks(&self, pair: ProtectedPair, terms: &Arc<AccountTerms>) -> Checks {
        let o = &self.options;
        let mut verify = VerifyOptions::new(pair.source, pair.target);
        verify.domain = o.domain.unwrap_or_default();
        verify.protected_terms = o
            .protected_terms
            .map(<[String]>::to_vec)
            .unwrap_or_default();
        verify.glossary = crate::translate::request::usable_glossary(o.glossary);
        verify.account_terms = Arc::clone(terms);
        verify.date_order = o.date_order;
        verify.listener_gender = o.listener_gender;
        verify.speaker_gender = o.speaker_gender;
        verify.patient_gender = o.patient_gender;
        Checks {
            verify,
            bidi: o.bidi.unwrap_or_default(),
            audience: o.audience.unwrap_or_default(),
            defined: (o.domain == Some(Domain::Legal)).then(DefinedTerms::new),
        }
    }

    fn instructions(&self, sentences: &[Sentence]) -> Instructions {
        let o = &self.options;
        let mut i = Instructions::new(
            self.plan.source.as_str(),
            self.plan.target.as_str(),
            self.tier(),
        );
        if self.plan.protected.is_some() {
            i.domain = domain_str(o.domain.unwrap_or_default()).to_string();
        }
        i.audience = o.audience.map(|a| audience_str(a).to_string());
        i.reader_gender = o.gender.map(|g| g.as_str().to_string());
        i.listener_gender = o.listener_gender.map(gender_str);
        i.speaker_gender = o.speaker_gender.map(gender_str);
        i.patient_gender = o.patient_gender.map(gender_str);
        if let Some(pair) = self.plan.protected {
            i.glossary =
                shorthand_renderings(sentences, o.audience.unwrap_or_default(), pair.target);
        }
        i
    }
}

pub(crate) fn domain_str(d: Domain) -> &'static str {
    match d {
        Domain::General => "general",
        Domain::Clinical => "clinical",
        Domain::Finance => "finance",
        Domain::Legal => "legal",
    }
}

pub(crate) fn audience_str(a: Audience) -> &'static str {
    match a {
        Audience::Clinician => "clinician",
        Audience::Patient => "patient",
    }
}

pub(crate) fn gender_str(g: lashon_protect::Gender) -> String {
    match g {
        lashon_protect::Gender::Male => "male".to_string(),
        lashon_protect::Gender::Female => "female".to_string(),
    }
}

/// The plain words a patient must read for the shorthand of these sentences.
pub(crate) fn shorthand_renderings(
    sentences: &[Sentence],
    audience: Audience,
    target: Lang,
) -> Vec<TermRendering> {
    let mut out: Vec<TermRendering> = Vec::new();
    for s in sentences {
        let super::engine::Work::Model(input) = &s.work else {
            continue;
        };
        for form in &input.shorthand {
            if let Some(plain) =
                lashon_protect::lexicon::audience::required_rendering(form, audience, target)
            {
                if !out.iter().any(|t| t.source == *form) {
                    out.push(TermRendering {
                        source: form.clone(),
                        target: plain.to_string(),
                    });
                }
            }
        }
    }
    out
}

/// A validated translate request.
#[derive(Debug, Clone)]
pub struct PreparedTranslate {
    request: TranslateRequest,
    plan: LanguagePlan,
    icu: Option<IcuMessage>,
}

/// Validates a translate request. `account_has_terms`: protected translation rule 3.
pub fn prepare_translate(
    request: TranslateRequest,
    account_has_terms: bool,
) -> Result<PreparedTranslate, ServiceError> {
    request.validate()?;
    let plan = plan(
        &request.options(),
        [request.text.as_str()],
        account_has_terms,
    )?;
    let icu = match request.message_format {
        Some(_) => Some(icu_mode::prepare(&request.text)?),
        None => None,
    };
    Ok(PreparedTranslate { request, plan, icu })
}

impl PreparedTranslate {
    /// Protection is on.
    pub fn protected(&self) -> bool {
        self.plan.protected.is_some()
    }

    /// What the request costs.
    pub fn charge(&self) -> Charge {
        Charge::of(
            Operation::Translate {
                protected: self.protected(),
                tier: self.request.quality,
            },
            [self.request.text.as_str()],
        )
    }

    /// Translates. `id` is the request id; `terms` the account's terms.
    pub async fn run(
        self,
        engine: &Engine<'_>,
        terms: &Arc<AccountTerms>,
        id: String,
    ) -> Result<TranslateResponse, ServiceError> {
        let charge = self.charge();
        let settings = Settings {
            options: self.request.options(),
            plan: self.plan.clone(),
        };
        let text = self.request.text.as_str();
        let block = match &self.icu {
            Some(message) => translate_icu(engine, &settings, terms, text, message).await?,
            None => {
                let mut blocks = translate_texts(engine, &settings, terms, &[text]).await?;
                blocks
                    .pop()
                    .ok_or_else(|| ServiceError::internal("no translation"))?
            }
        };
        Ok(TranslateResponse {
            id,
            source: SourceBlock {
                analysis: analyze(text, BaseDir::Auto),
                text: text.to_string(),
            },
            translation: block,
            quality: self.request.quality,
            usage: UsageChars {
                characters: charge.characters,
            },
        })
    }
}

/// A validated batch request.
#[derive(Debug, Clone)]
pub struct PreparedBatch {
    request: BatchRequest,
    plan: LanguagePlan,
    icu: Vec<IcuMessage>,
}

/// Validates a batch request: 1–50 items of 1–5,000 characters, at most 20,000 in all when
/// protected, every item a valid ICU message in ICU mode.
pub fn prepare_batch(
    request: BatchRequest,
    account_has_terms: bool,
) -> Result<PreparedBatch, ServiceError> {
    request.validate()?;
    let plan = plan(
        &request.options(),
        request.items.iter().map(String::as_str),
        account_has_terms,
    )?;
    if plan.protected.is_some() && request.total_chars() > PROTECTED_BATCH_CHARS {
        return Err(ServiceError::invalid(format!(
            "a protected batch carries at most {PROTECTED_BATCH_CHARS} characters in all (got {})",
            request.total_chars()
        )));
    }
    let icu = match request.message_format {
        Some(_) => request
            .items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                icu_mode::prepare(item).map_err(|mut e| {
                    e.message = format!("items[{i}]: {}", e.message).into();
                    e
                })
            })
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    Ok(PreparedBatch { request, plan, icu })
}

impl PreparedBatch {
    pub fn protected(&self) -> bool {
        self.plan.protected.is_some()
    }

    pub fn charge(&self) -> Charge {
        Charge::of(
            Operation::Translate {
                protected: self.protected(),
                tier: self.request.quality,
            },
            self.request.items.iter().map(String::as_str),
        )
    }

    pub async fn run(
        self,
        engine: &Engine<'_>,
        terms: &Arc<AccountTerms>,
    ) -> Result<BatchResponse, ServiceError> {
        let charge = self.charge();
        let settings = Settings {
            options: self.request.options(),
            plan: self.plan.clone(),
        };
        let items: Vec<&str> = self.request.items.iter().map(String::as_str).collect();
        let results = if self.icu.is_empty() {
            translate_texts(engine, &settings, terms, &items).await?
        } else {
            // Each message is rebuilt apart; their branch sentences still go in one call.
            translate_icu_batch(engine, &settings, terms, &items, &self.icu).await?
        };
        Ok(BatchResponse {
            results,
            usage: UsageChars {
                characters: charge.characters,
            },
        })
    }
}

/// Builds the response's spans of a document (every sentence, in source order).
fn response_spans(
    doc_spans: &[Vec<lashon_protect::FoundSpan>],
    sources: &[&str],
    defined: Option<&DefinedTerms>,
) -> Vec<lashon_protect::Span> {
    doc_spans
        .iter()
        .zip(sources)
        .flat_map(|(spans, text)| {
            spans.iter().map(move |s| {
                let mut span = s.to_span(text);
                if s.kind == SpanType::DefinedTerm {
                    if let (Some(defined), Some(value)) = (defined, span.value.as_deref()) {
                        span.render = defined.rendering(value).map(str::to_string);
                    }
                }
                span
            })
        })
        .collect()
}

/// Issues reported at the protection level: those of sentences that did not pass.
fn failed_issues(outcomes: &[Outcome]) -> Vec<Issue> {
    outcomes
        .iter()
        .filter(|o| o.status == Status::Fallback)
        .flat_map(|o| o.issues.iter().cloned())
        .collect()
}

fn transliteration(settings: &Settings<'_>, engine: &Engine<'_>, text: &str) -> Option<String> {
    (settings.options.transliterate && settings.plan.target.language() == "he")
        .then(|| he_to_latin(text, engine.nikud).0)
}

fn block(
    settings: &Settings<'_>,
    engine: &Engine<'_>,
    text: String,
    protection: Option<Protection>,
) -> TranslationBlock {
    TranslationBlock {
        analysis: analyze(&text, BaseDir::Auto),
        transliteration: transliteration(settings, engine, &text),
        text,
        protection,
    }
}

/// Translates plain texts (one request's text, or a batch's items) in one model call.
async fn translate_texts(
    engine: &Engine<'_>,
    settings: &Settings<'_>,
    terms: &Arc<AccountTerms>,
    texts: &[&str],
) -> Result<Vec<TranslationBlock>, ServiceError> {
    let (docs, mut checks) = match settings.plan.protected {
        Some(pair) => {
            let finder = SpanFinder::new(settings.protect_options(pair, terms));
            let masking = Masking {
                finder: &finder,
                audience: settings.options.audience.unwrap_or_default(),
                target: pair.target,
                bidi: settings.options.bidi.unwrap_or_default(),
            };
            let docs: Vec<Document> = texts.iter().map(|t| masking.document(t)).collect();
            (docs, Some(settings.checks(pair, terms)))
        }
        None => (texts.iter().map(|t| plain_document(t)).collect(), None),
    };
    let sentences: Vec<Sentence> = docs
        .iter()
        .flat_map(|d| d.sentences.iter().cloned())
        .collect();
    let instructions = settings.instructions(&sentences);
    let outcomes = translate_sentences(
        engine.translator,
        &instructions,
        &sentences,
        checks.as_mut(),
    )
    .await?;

    let mut blocks = Vec::with_capacity(docs.len());
    let mut at = 0;
    for doc in &docs {
        let n = doc.sentences.len();
        let mine = &outcomes[at..at + n];
        at += n;
        let text = join(&doc.pieces, mine);
        let protection = settings.plan.protected.map(|_| {
            let sources: Vec<&str> = doc.sentences.iter().map(|s| s.source.as_str()).collect();
            Protection {
                status: worst(mine.iter().map(|o| o.status)),
                source_lang: settings.plan.source.as_str().to_string(),
                spans: response_spans(
                    &doc.spans,
                    &sources,
                    checks.as_ref().and_then(|c| c.defined.as_ref()),
                ),
                issues: failed_issues(mine),
                segments: doc
                    .sentences
                    .iter()
                    .zip(mine)
                    .map(|(s, o)| Segment {
                        source: s.source.clone(),
                        text: o.text.clone(),
                        status: o.status,
                    })
                    .collect(),
            }
        });
        blocks.push(block(settings, engine, text, protection));
    }
    Ok(blocks)
}

async fn translate_icu(
    engine: &Engine<'_>,
    settings: &Settings<'_>,
    terms: &Arc<AccountTerms>,
    text: &str,
    message: &IcuMessage,
) -> Result<TranslationBlock, ServiceError> {
    let mut blocks = translate_icu_batch(
        engine,
        settings,
        terms,
        &[text],
        std::slice::from_ref(message),
    )
    .await?;
    blocks
        .pop()
        .ok_or_else(|| ServiceError::internal("no translation"))
}

/// ICU messages: every branch sentence of every message in one call, each message rebuilt.
async fn translate_icu_batch(
    engine: &Engine<'_>,
    settings: &Settings<'_>,
    terms: &Arc<AccountTerms>,
    texts: &[&str],
    messages: &[IcuMessage],
) -> Result<Vec<TranslationBlock>, ServiceError> {
    let pair = settings
        .plan
        .protected
        .ok_or_else(|| ServiceError::internal("ICU mode is always protected"))?;
    let finder = SpanFinder::new(settings.protect_options(pair, terms));
    let masking = Masking {
        finder: &finder,
        audience: settings.options.audience.unwrap_or_default(),
        target: pair.target,
        bidi: settings.options.bidi.unwrap_or_default(),
    };
    let all = messages
        .iter()
        .map(|m| icu_mode::branches(m, pair.source, pair.target, &masking))
        .collect::<Result<Vec<_>, _>>()?;
    let sentences: Vec<Sentence> = all
        .iter()
        .flat_map(|b| b.sentences.iter().cloned())
        .collect();
    let instructions = settings.instructions(&sentences);
    let mut checks = settings.checks(pair, terms);
    let outcomes = translate_sentences(
        engine.translator,
        &instructions,
        &sentences,
        Some(&mut checks),
    )
    .await?;

    let mut blocks = Vec::with_capacity(all.len());
    let mut at = 0;
    for (branches, source_text) in all.iter().zip(texts) {
        let n = branches.sentences.len();
        let mine = &outcomes[at..at + n];
        at += n;
        let (text, status, mut issues) = match icu_mode::finish(branches, mine, pair.target)? {
            Rebuilt::Message(text) => (text, worst(mine.iter().map(|o| o.status)), Vec::new()),
            Rebuilt::Fallback(issues) => (source_text.to_string(), Status::Fallback, issues),
        };
        issues.splice(0..0, failed_issues(mine));
        let sources: Vec<&str> = branches.segments.iter().map(|s| s.text.as_str()).collect();
        let protection = Protection {
            status,
            source_lang: settings.plan.source.as_str().to_string(),
            spans: response_spans(&branches.spans, &sources, checks.defined.as_ref()),
            issues,
            segments: branches
                .sentences
                .iter()
                .zip(mine)
                .map(|(s, o)| Segment {
                    source: s.source.clone(),
                    text: o.text.clone(),
                    status: o.status,
                })
                .collect(),
        };
        blocks.push(block(settings, engine, text, Some(protection)));
    }
    Ok(blocks)
}
