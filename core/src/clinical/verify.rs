//! `POST /v1/clinical/verify`: checks a given English → Hebrew clinical translation.
//!
//! `standard` runs the deterministic checks (terms, dates, numbers, negation, laterality,
//! gender, length, shorthand); `strict` adds an independent model review for meaning changes,
//! reported as `meaning` errors. `pass` is true when no issue has severity `error`.
//!
//! Both texts are split into sentences. When they have as many sentences, each pair is checked
//! and the issue says which sentence (`sentence 3: …`); otherwise the documents are checked as
//! one pair. Before the reviewer sees anything, `redact_terms` and the redacted finance values
//! of both texts are replaced by `⟦N⟧` tokens, the same value by the same token on both sides.

use std::collections::BTreeMap;

use lashon_protect::spans::{ProtectOptions, SpanFinder};
use lashon_protect::split::split;
use lashon_protect::verify::{verify, VerifyOptions};
use lashon_protect::{passes, DateOrder, Domain, Issue, IssueCode, Lang};
use lashon_vocab::ServiceError;
use serde::{Deserialize, Serialize};

use crate::account::{Charge, Operation};
use crate::limits::check_text;
use crate::translate::model::{ReviewCall, ReviewPair, Tier};
use crate::translate::request::{
    check_glossary, check_list, PROTECTED_TERMS, REDACT_TERMS, TEXT_CHARS,
};
use crate::translate::response::UsageChars;
use crate::translate::service::Engine;

/// Translation to verify: 1 to 40,000 characters.
pub const TRANSLATION_CHARS: usize = 40_000;

/// `verification`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Verification {
    Strict,
    #[default]
    Standard,
}

/// `POST /v1/clinical/verify`.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct VerifyRequest {
    /// English, 1 to 20,000 characters.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 20000))]
    pub source: String,
    /// Hebrew, 1 to 40,000 characters.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 40000))]
    pub translation: String,
    /// Must appear verbatim.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 500, inline, value_type = Vec<crate::translate::request::TermString>))]
    pub protected_terms: Option<Vec<String>>,
    /// Replaced before the reviewer sees the text.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 200, inline, value_type = Vec<crate::translate::request::TermString>))]
    pub redact_terms: Option<Vec<String>>,
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, value_type = crate::translate::request::Glossary))]
    pub glossary: Option<BTreeMap<String, String>>,
    /// Default `MDY`.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false))]
    pub date_order: Option<DateOrder>,
    #[serde(default)]
    pub verification: Verification,
}

/// `POST /v1/clinical/verify` response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyResponse {
    /// True when no issue has severity `error`.
    pub pass: bool,
    pub issues: Vec<Issue>,
    /// Source plus translation.
    pub usage: UsageChars,
}

impl VerifyRequest {
    pub fn validate(&self) -> Result<(), ServiceError> {
        check_text("source", &self.source, TEXT_CHARS)?;
        check_text("translation", &self.translation, TRANSLATION_CHARS)?;
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

    /// Clinical weight on source plus translation.
    pub fn charge(&self) -> Charge {
        Charge::of(
            Operation::Clinical,
            [self.source.as_str(), self.translation.as_str()],
        )
    }

    /// `strict` needs a model; `standard` does not.
    pub fn needs_model(&self) -> bool {
        self.verification == Verification::Strict
    }

    fn options(&self) -> VerifyOptions {
        let mut o = VerifyOptions::new(Lang::En, Lang::He);
        o.domain = Domain::Clinical;
        o.protected_terms = self.protected_terms.clone().unwrap_or_default();
        o.glossary = crate::translate::request::usable_glossary(self.glossary.as_ref());
        o.date_order = Some(self.date_order.unwrap_or(DateOrder::Mdy));
        o
    }
}

/// The sentence pairs to check: aligned sentences, or the documents whole.
fn pairs<'t>(source: &'t str, translation: &'t str) -> Vec<(String, String)> {
    let s: Vec<String> = split(source)
        .into_iter()
        .map(|p| p.text)
        .filter(|t| !t.trim().is_empty())
        .collect();
    let t: Vec<String> = split(translation)
        .into_iter()
        .map(|p| p.text)
        .filter(|t| !t.trim().is_empty())
        .collect();
    if s.len() == t.len() && s.len() > 1 {
        s.into_iter().zip(t).collect()
    } else {
        vec![(source.to_string(), translation.to_string())]
    }
}

/// The deterministic checks.
pub fn standard_issues(request: &VerifyRequest) -> Vec<Issue> {
    let opts = request.options();
    let pairs = pairs(&request.source, &request.translation);
    let numbered = pairs.len() > 1;
    let mut out = Vec::new();
    for (n, (s, t)) in pairs.iter().enumerate() {
        for mut issue in verify(s, t, &opts) {
            if numbered {
                issue.detail = format!("sentence {}: {}", n + 1, issue.detail);
            }
            out.push(issue);
        }
    }
    out
}

/// Replaces redacted values in both texts by shared tokens.
fn redacted(request: &VerifyRequest, pairs: &[(String, String)]) -> Vec<(String, String)> {
    let redact = request.redact_terms.clone().unwrap_or_default();
    let finder = |source: Lang, target: Lang| {
        let mut o = ProtectOptions::new(source, target);
        o.domain = Domain::Clinical;
        o.redact_terms = redact.clone();
        SpanFinder::new(o)
    };
    let en = finder(Lang::En, Lang::He);
    let he = finder(Lang::He, Lang::En);
    let mut values: Vec<String> = Vec::new();
    let mut hide = |text: &str, f: &SpanFinder<'_>| -> String {
        let mut out = String::with_capacity(text.len());
        let mut pos = 0;
        for s in f.find(text).into_iter().filter(|s| s.kind.is_redacted()) {
            let value = s.value(text);
            let n = match values.iter().position(|v| v == value) {
                Some(n) => n,
                None => {
                    values.push(value.to_string());
                    values.len() - 1
                }
            };
            out.push_str(&text[pos..s.start]);
            out.push_str(&lashon_protect::mask::token(n));
            pos = s.end;
        }
        out.push_str(&text[pos..]);
        out
    };
    pairs
        .iter()
        .map(|(s, t)| (hide(s, &en), hide(t, &he)))
        .collect()
}

/// Runs the verification.
pub async fn verify_clinical(
    engine: &Engine<'_>,
    request: &VerifyRequest,
) -> Result<VerifyResponse, ServiceError> {
    request.validate()?;
    let mut issues = standard_issues(request);
    if request.verification == Verification::Strict {
        let pairs = redacted(request, &pairs(&request.source, &request.translation));
        let numbered = pairs.len() > 1;
        let call = ReviewCall {
            source_lang: "en".into(),
            target_lang: "he".into(),
            tier: Tier::Smartest,
            pairs: pairs
                .into_iter()
                .enumerate()
                .map(|(n, (source, translation))| ReviewPair {
                    id: format!("p{n}"),
                    source,
                    translation,
                })
                .collect(),
        };
        let answer = engine.translator.review(&call).await?;
        for f in answer.findings {
            let n: usize = f.id.trim_start_matches('p').parse().unwrap_or(0);
            let detail = if numbered {
                format!("sentence {}: {}", n + 1, f.detail)
            } else {
                f.detail
            };
            issues.push(Issue::error(IssueCode::Meaning, detail));
        }
    }
    Ok(VerifyResponse {
        pass: passes(&issues),
        issues,
        usage: UsageChars {
            characters: request.charge().characters,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(source: &str, translation: &str) -> VerifyRequest {
        serde_json::from_value(serde_json::json!({"source": source, "translation": translation}))
            .unwrap()
    }

    #[test]
    fn standard_checks_per_sentence() {
        let r = req(
            "Take 5 mg daily. Do not drive.",
            "קח 5 מ\"ג ביום. סע בזהירות.",
        );
        let issues = standard_issues(&r);
        assert!(!passes(&issues));
        let neg = issues
            .iter()
            .find(|i| i.code == IssueCode::NegationLost)
            .unwrap();
        assert!(neg.detail.starts_with("sentence 2:"), "{}", neg.detail);
        let ok = req("Take 5 mg daily.", "קח 5 מ\"ג ביום.");
        assert!(passes(&standard_issues(&ok)));
    }

    #[test]
    fn redaction_shares_tokens_across_sides() {
        let mut r = req("Dana Levi took 5 mg.", "דנה לוי לקחה 5 מ\"ג.");
        r.redact_terms = Some(vec!["Dana Levi".into(), "דנה לוי".into()]);
        let p = redacted(&r, &pairs(&r.source, &r.translation));
        assert_eq!(p[0].0, "⟦0⟧ took 5 mg.");
        assert_eq!(p[0].1, "⟦1⟧ לקחה 5 מ\"ג.");
    }
}
