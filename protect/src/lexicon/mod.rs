//! Lexicons: built-in data the caller can replace (ICU4X style: data apart from algorithm).
//!
//! - [`drug_spellings`]: Russian and Hebrew spellings of the most used drugs, by rule.
//! - [`drugs`]: drug names from open data (DrugBank Vocabulary, CC0; MeSH, NLM, public domain),
//!   a few written for this project, and INN stems.
//! - clinical abbreviations: derived from the Medical Abbreviation and Acronym Meta-Inventory
//!   (Grossman Liu et al., Scientific Data 2021), CC BY 4.0, in `data/clinical_abbreviations.tsv`.
//! - [`audience`]: the clinician/patient expansion table.
//! - [`negation`]: negation particles, concord words and carriers in he/en/ru.
//! - [`words`]: laterality, money direction and modality in he/en/ru.

pub mod audience;
pub mod drug_spellings;
pub mod drugs;
pub mod negation;
pub mod words;

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use regex::Regex;

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
///
/// The drug names are one Aho-Corasick automaton (all matches, ASCII case-insensitive, the
/// Cyrillic names added in their capitalised and upper-case forms as well), so finding them is
/// one linear pass whatever the size of the list; the stems are two regular expressions (Latin
/// and Cyrillic letters), one DFA pass each. Neither allocates per match.
pub struct Lexicons {
    drugs: Vec<String>,
    drug_matcher: AhoCorasick,
    drug_stems: Vec<String>,
    stem_matchers: StemMatchers,
    abbreviations: Vec<(String, String)>,
    abbreviation_matcher: AhoCorasick,
}

/// A word of at least three letters before a stem, in each script (word boundaries are checked
/// by the caller, as for names).
struct StemMatchers {
    latin: Option<Regex>,
    cyrillic: Option<Regex>,
}

static BUILTIN: LazyLock<Lexicons> = LazyLock::new(|| {
    Lexicons::new(
        drugs::builtin_names(),
        drugs::builtin_stems(),
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

/// The forms of a name the automaton holds: the name, and for a name with non-ASCII letters
/// (ASCII case-insensitivity does not fold them) its lower-case, capitalised and upper-case forms.
fn case_forms(name: &str) -> Vec<String> {
    if name.is_ascii() {
        return vec![name.to_string()];
    }
    let lower = name.to_lowercase();
    let mut chars = lower.chars();
    let capitalised: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let mut forms = vec![name.to_string(), lower, capitalised, name.to_uppercase()];
    forms.sort();
    forms.dedup();
    forms
}

fn stem_regex(letters: &str, stems: &[&str]) -> Result<Option<Regex>, LexiconError> {
    if stems.is_empty() {
        return Ok(None);
    }
    let alternation: Vec<String> = stems.iter().map(|s| regex::escape(s)).collect();
    let pattern = format!("(?i){letters}{{3,}}(?:{})", alternation.join("|"));
    Regex::new(&pattern)
        .map(Some)
        .map_err(|e| LexiconError(e.to_string()))
}

impl StemMatchers {
    fn new(stems: &[String]) -> Result<StemMatchers, LexiconError> {
        let (cyrillic, latin): (Vec<&str>, Vec<&str>) = stems
            .iter()
            .map(|s| s.as_str())
            .partition(|s| s.chars().any(|c| matches!(c, '\u{0400}'..='\u{04FF}')));
        Ok(StemMatchers {
            latin: stem_regex("[a-z]", &latin)?,
            cyrillic: stem_regex("[а-яё]", &cyrillic)?,
        })
    }
}

impl Lexicons {
    /// The built-in lexicons.
    pub fn builtin() -> &'static Lexicons {
        &BUILTIN
    }

    /// Lexicons from the caller's lists: drug names (matched case-insensitively), drug stems
    /// (a word of three or more letters ending in one) and `(abbreviation, sense)` pairs
    /// (matched case-sensitively).
    pub fn new(
        drugs: Vec<String>,
        drug_stems: Vec<String>,
        abbreviations: Vec<(String, String)>,
    ) -> Result<Lexicons, LexiconError> {
        let patterns: Vec<String> = drugs
            .iter()
            .filter(|d| !d.is_empty())
            .flat_map(|d| case_forms(d))
            .collect();
        // Standard semantics, searched with overlapping matches: every name ending at every
        // place is reported, so a longer name that fails the word-boundary test (`lasalocid a`
        // in `lasalocid as`) does not hide a shorter one that passes.
        let drug_matcher = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(&patterns)
            .map_err(|e| LexiconError(e.to_string()))?;
        let abbreviation_matcher = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .build(abbreviations.iter().map(|(a, _)| a))
            .map_err(|e| LexiconError(e.to_string()))?;
        Ok(Lexicons {
            drugs,
            drug_matcher,
            stem_matchers: StemMatchers::new(&drug_stems)?,
            drug_stems,
            abbreviations,
            abbreviation_matcher,
        })
    }

    pub fn drugs(&self) -> &[String] {
        &self.drugs
    }

    pub fn drug_stems(&self) -> &[String] {
        &self.drug_stems
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

    /// Candidate stem words of `text` as byte ranges: a run of three or more letters ending in a
    /// stem (the caller checks that the run is a whole word).
    pub(crate) fn stem_words<'t>(
        &'t self,
        text: &'t str,
    ) -> impl Iterator<Item = (usize, usize)> + 't {
        let latin = self
            .stem_matchers
            .latin
            .as_ref()
            .filter(|_| text.bytes().any(|b| b.is_ascii_alphabetic()));
        // Cyrillic letters are encoded with a 0xD0 or 0xD1 lead byte.
        let cyrillic = self
            .stem_matchers
            .cyrillic
            .as_ref()
            .filter(|_| text.bytes().any(|b| b == 0xD0 || b == 0xD1));
        latin
            .into_iter()
            .chain(cyrillic)
            .flat_map(move |re| re.find_iter(text).map(|m| (m.start(), m.end())))
    }

    /// True when `word` is a word of three or more letters ending in a drug stem.
    pub fn has_drug_stem(&self, word: &str) -> bool {
        self.stem_words(word)
            .any(|(start, end)| start == 0 && end == word.len())
    }
}
