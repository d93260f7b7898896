//! Verification of one sentence pair (source, translation) → issues with `code`, `severity`,
//! `detail` (spec, Issue table; the pipeline's "verify each sentence" step; the standard mode
//! of `/v1/clinical/verify`).
//!
//! Checks, in order: `term_missing`, `date_missing`, `number_missing` / `number_added` /
//! `digits_added`, `negation_lost`, `laterality_lost` / `laterality_swapped`, `gender_mismatch`,
//! `length_ratio`, and per domain `direction_swapped` / `direction_lost` (finance) and
//! `modality_changed` (legal). `placeholder_missing` comes from [`crate::mask::unmask`] and
//! `defined_term_changed` from [`DefinedTerms`], as both need state beyond one pair.

mod domain;
mod gender;
mod laterality;
mod negation;
pub mod tokens;
mod values;

use std::collections::BTreeMap;

pub use domain::{check_direction, check_modality, modalities, DefinedTerms};
pub use gender::{check_gender, Genders};
pub use laterality::{check_laterality, sides, Side};
pub use negation::{
    check_negation, is_negation_word, negation_count, polarity, Polarity, ELLIPTICAL_WORDS,
    RUSSIAN_ELLIPTICAL_WORDS,
};
pub use values::{check_dates, check_numbers, check_terms, word_values};

use crate::model::{DateOrder, Domain, Gender, Issue, IssueCode, Lang};
use std::sync::Arc;

use crate::spans::AccountTerms;

/// What verification needs to know about a request.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    pub source: Lang,
    pub target: Lang,
    pub domain: Domain,
    pub protected_terms: Vec<String>,
    pub glossary: BTreeMap<String, String>,
    /// The account's terms, shared between the requests of the account.
    pub account_terms: Arc<AccountTerms>,
    /// `None`: `MDY` for English sources, `DMY` for Hebrew and Russian.
    pub date_order: Option<DateOrder>,
    pub listener_gender: Option<Gender>,
    pub speaker_gender: Option<Gender>,
    pub patient_gender: Option<Gender>,
}

impl VerifyOptions {
    /// Options for a language pair with every other field at its default.
    pub fn new(source: Lang, target: Lang) -> VerifyOptions {
        VerifyOptions {
            source,
            target,
            domain: Domain::General,
            protected_terms: Vec::new(),
            glossary: BTreeMap::new(),
            account_terms: Arc::default(),
            date_order: None,
            listener_gender: None,
            speaker_gender: None,
            patient_gender: None,
        }
    }

    pub(crate) fn date_order(&self) -> DateOrder {
        self.date_order
            .unwrap_or_else(|| DateOrder::default_for(self.source))
    }
}

/// Length ratio band (characters of translation / characters of source) outside which a pair is
/// suspicious; Hebrew is shorter than English (no vowels, glued prefixes), Russian longer.
fn ratio_band(source: Lang, target: Lang) -> (f64, f64) {
    match (source, target) {
        (Lang::En, Lang::He) => (0.3, 2.0),
        (Lang::He, Lang::En) => (0.5, 3.3),
        (Lang::En, Lang::Ru) | (Lang::He, Lang::Ru) => (0.5, 3.0),
        _ => (0.33, 3.0),
    }
}

/// `length_ratio` (warning): only for sentences long enough for the ratio to mean something.
pub fn check_length(source: &str, target: &str, opts: &VerifyOptions, out: &mut Vec<Issue>) {
    let s = source.chars().filter(|c| !c.is_whitespace()).count();
    let t = target.chars().filter(|c| !c.is_whitespace()).count();
    if s < 20 {
        return;
    }
    let ratio = t as f64 / s as f64;
    let (lo, hi) = ratio_band(opts.source, opts.target);
    if ratio < lo || ratio > hi {
        out.push(Issue::warning(
            IssueCode::LengthRatio,
            format!("the translation is {ratio:.2} times the length of the source"),
        ));
    }
}

/// Runs every check on one sentence pair.
///
/// ```
/// use lashon_protect::{verify::{verify, VerifyOptions}, IssueCode, Lang};
/// let opts = VerifyOptions::new(Lang::En, Lang::He);
/// let issues = verify("Do not take more than 2 tablets.", "קח יותר מ-2 כדורים.", &opts);
/// assert!(issues.iter().any(|i| i.code == IssueCode::NegationLost));
/// ```
pub fn verify(source: &str, target: &str, opts: &VerifyOptions) -> Vec<Issue> {
    let mut out = Vec::new();
    check_terms(source, target, opts, &mut out);
    check_dates(source, target, opts, &mut out);
    check_numbers(source, target, opts, &mut out);
    check_negation(source, opts.source, target, opts.target, &mut out);
    check_laterality(source, opts.source, target, opts.target, &mut out);
    check_gender(
        target,
        opts.target,
        Genders {
            listener: opts.listener_gender,
            speaker: opts.speaker_gender,
            patient: opts.patient_gender,
        },
        &mut out,
    );
    check_length(source, target, opts, &mut out);
    match opts.domain {
        Domain::Finance => check_direction(source, opts.source, target, opts.target, &mut out),
        Domain::Legal => check_modality(source, target, &mut out),
        Domain::General | Domain::Clinical => {}
    }
    out
}
