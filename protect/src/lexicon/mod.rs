//! Lexicons: built-in data the caller can replace (ICU4X style: data apart from algorithm).
//!
//! - [`drugs`]: drug names and INN stems (written for this project).
//! - clinical abbreviations: derived from the Medical Abbreviation and Acronym Meta-Inventory
//!   (Grossman Liu et al., Scientific Data 2021), CC BY 4.0, in `data/clinical_abbreviations.tsv`.
//! - [`audience`]: the clinician/patient expansion table.
//! - [`words`]: negation, laterality, money direction and modality in he/en/ru.

pub mod audience;
pub mod drugs;
pub mod words;

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

/// The abbreviation inventory shipped with the crate (`abbreviation<TAB>sense` lines).
pub const CLINICAL_ABBREVIATIONS_TSV: &str = include_str!("data/clinical_abbreviations.tsv");

/// A lexicon could not be built (for example a pattern list too large for the automaton).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexiconError(pub String);

impl std::fmt::Display for LexiconError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "lexicon could not be built: {}", self.0)
    }
}

impl std::error::Error for LexiconError {}

/// Drug names and abbreviations, compiled for matching.
pub struct Lexicons {
    drugs: Vec<String>,
    drug_matcher: AhoCorasick,
    drug_suffixes: Vec<String>,
    abbreviations: Vec<(String, String)>,
    abbreviation_matcher: AhoCorasick,
}

static BUILTIN: LazyLock<Lexicons> = LazyLock::new(|| {
    let drugs = drugs::DRUG_NAMES.iter().map(|s| s.to_string()).collect();
    let suffixes = drugs::DRUG_SUFFIXES.iter().map(|s| s.to_string()).collect();
    Lexicons::new(
        drugs,
        suffixes,
        parse_abbreviations(CLINICAL_ABBREVIATIONS_TSV),
    )
    .unwrap_or_else(|e| panic!("built-in lexicon: {e}"))
});

/// Reads `abbreviation<TAB>sense` lines; `#` lines are comments.
pub fn parse_abbreviations(tsv: &str) -> Vec<(String, String)> {
    tsv.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (a, s) = l.split_once('\t')?;
            Some((a.to_string(), s.to_string()))
        })
        .collect()
}

impl Lexicons {
    /// The built-in lexicons.
    pub fn builtin() -> &'static Lexicons {
        &BUILTIN
    }

    /// Lexicons from the caller's lists: drug names (matched case-insensitively), drug stems
    /// and `(abbreviation, sense)` pairs (matched case-sensitively).
    pub fn new(
        drugs: Vec<String>,
        drug_suffixes: Vec<String>,
        abbreviations: Vec<(String, String)>,
    ) -> Result<Lexicons, LexiconError> {
        let drug_matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(&drugs)
            .map_err(|e| LexiconError(e.to_string()))?;
        let abbreviation_matcher = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .build(abbreviations.iter().map(|(a, _)| a))
            .map_err(|e| LexiconError(e.to_string()))?;
        Ok(Lexicons {
            drugs,
            drug_matcher,
            drug_suffixes,
            abbreviations,
            abbreviation_matcher,
        })
    }

    pub fn drugs(&self) -> &[String] {
        &self.drugs
    }

    pub fn drug_suffixes(&self) -> &[String] {
        &self.drug_suffixes
    }

    pub fn abbreviations(&self) -> &[(String, String)] {
        &self.abbreviations
    }

    /// The sense of an abbreviation as the inventory gives it.
    pub fn sense_of(&self, abbreviation: &str) -> Option<&str> {
        self.abbreviations
            .iter()
            .find(|(a, _)| a == abbreviation)
            .map(|(_, s)| s.as_str())
    }

    pub(crate) fn drug_matcher(&self) -> &AhoCorasick {
        &self.drug_matcher
    }

    pub(crate) fn abbreviation_matcher(&self) -> &AhoCorasick {
        &self.abbreviation_matcher
    }

    /// True when `word` ends in a drug stem with at least three letters before it.
    pub fn has_drug_suffix(&self, word: &str) -> bool {
        let lower = word.to_lowercase();
        self.drug_suffixes.iter().any(|s| {
            lower.ends_with(s.as_str()) && lower[..lower.len() - s.len()].chars().count() >= 3
        })
    }
}
