//! `POST /v1/clinical/query`: a Hebrew question → an English query for record search.
//!
//! Terms of the question are found first, deterministically, in this order of authority:
//!
//! 1. the request `glossary` (English term → Hebrew rendering): the rendering found in the
//!    question gives its English key, `source: glossary`;
//! 2. the account terms with a Hebrew rendering, `source: known_terms`;
//! 3. the clinical lexicon (longest phrase first); when the English term occurs in one of the
//!    record's `known_terms` (or the account terms), `source: known_terms`, else `lexicon`;
//! 4. a Hebrew word that is a transliteration of a word of a known term (`ליפיטור` ↔
//!    `Lipitor`), `source: known_terms`.
//!
//! A Hebrew form matches with one or two prefix letters (ו ה ב ל מ ש כ) glued to its first
//! word. The question is then translated with every found term masked and rendered as its
//! English, so the query names the record's own terms exactly; a question that cannot be
//! translated and verified gives a query of the terms alone.

use std::collections::{BTreeMap, HashMap};

use lashon_protect::spans::{ProtectOptions, SpanFinder};
use lashon_protect::verify::VerifyOptions;
use lashon_protect::{Audience, BidiMode, Domain, FoundSpan, Lang, SpanType, Status};
use lashon_vocab::ServiceError;
use serde::{Deserialize, Serialize};

use super::lexicon::{normalize, ClinicalLexicon};
use crate::account::{Charge, Operation};
use crate::hebrew::translit::latin;
use crate::limits::check_text;
use crate::translate::document::Masking;
use crate::translate::engine::{translate_sentences, Checks};
use crate::translate::model::{Instructions, Tier};
use crate::translate::request::{check_glossary, check_list, PROTECTED_TERMS};
use crate::translate::response::UsageChars;
use crate::translate::service::Engine;

/// Question: 1 to 2,000 characters.
pub const QUESTION_CHARS: usize = 2_000;

/// `POST /v1/clinical/query`.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct QueryRequest {
    /// The Hebrew question, 1 to 2,000 characters.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 2000))]
    pub text: String,
    /// English terms from the record (each 1 to 200 characters, at most 500).
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, max_items = 500, inline, value_type = Vec<crate::translate::request::TermString>))]
    pub known_terms: Option<Vec<String>>,
    /// English term → Hebrew rendering.
    #[serde(default, deserialize_with = "crate::strict_json::present")]
    #[cfg_attr(feature = "openapi", schema(nullable = false, value_type = crate::translate::request::Glossary))]
    pub glossary: Option<BTreeMap<String, String>>,
}

/// Where a term's English came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TermSource {
    KnownTerms,
    Lexicon,
    Glossary,
}

/// A term of the question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueryTerm {
    /// As written in the question, without a prefix letter.
    pub hebrew: String,
    pub english: String,
    pub source: TermSource,
}

/// `POST /v1/clinical/query` response.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueryResponse {
    /// The English query for record search.
    pub query: String,
    pub terms: Vec<QueryTerm>,
    pub usage: UsageChars,
}

impl QueryRequest {
    pub fn validate(&self) -> Result<(), ServiceError> {
        check_text("text", &self.text, QUESTION_CHARS)?;
        if let Some(k) = &self.known_terms {
            check_list("known_terms", k, PROTECTED_TERMS)?;
        }
        if let Some(g) = &self.glossary {
            check_glossary(g)?;
        }
        Ok(())
    }

    /// Clinical operations count three times their characters.
    pub fn charge(&self) -> Charge {
        Charge::of(Operation::Clinical, [self.text.as_str()])
    }
}

/// An account term as the query sees it: the term and its Hebrew rendering, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownTerm {
    pub term: String,
    pub hebrew: Option<String>,
}

/// A term found in the question (byte offsets of the form without its prefix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundTerm {
    pub start: usize,
    pub end: usize,
    pub english: String,
    pub source: TermSource,
}

const PREFIX_LETTERS: &str = "והבלמשכ";

/// A word of the question: byte range, and whether the text before it (from the previous
/// word) is only a space or a maqaf, so a phrase may continue across it.
#[derive(Debug, Clone, Copy)]
struct Word {
    start: usize,
    end: usize,
    joined: bool,
}

fn question_words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut start: Option<usize> = None;
    let mut gap_ok = false;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (n, &(i, c)) in chars.iter().enumerate() {
        let next_letter = chars.get(n + 1).is_some_and(|(_, d)| d.is_alphanumeric());
        let inner = matches!(c, '"' | '\'' | '״' | '׳') && start.is_some() && next_letter;
        if c.is_alphanumeric() || crate::hebrew::strip::is_point(c) || inner {
            if start.is_none() {
                start = Some(i);
            }
        } else {
            if let Some(s) = start.take() {
                out.push(Word {
                    start: s,
                    end: i,
                    joined: gap_ok,
                });
                gap_ok = true;
            }
            if !(c == ' ' || c == '־' || c == '-') {
                gap_ok = false;
            }
        }
    }
    if let Some(s) = start {
        out.push(Word {
            start: s,
            end: text.len(),
            joined: gap_ok,
        });
    }
    if let Some(first) = out.first_mut() {
        first.joined = false;
    }
    out
}

/// Byte lengths of the prefix strips to try on a word: none, then one or two prefix letters
/// when at least two letters remain.
fn prefix_strips(word: &str) -> Vec<usize> {
    let mut out = vec![0];
    let mut at = 0;
    let mut chars = word.chars();
    for _ in 0..2 {
        match chars.next() {
            Some(c) if PREFIX_LETTERS.contains(c) && chars.clone().count() >= 2 => {
                at += c.len_utf8();
                out.push(at);
            }
            _ => break,
        }
    }
    out
}

/// The consonant skeleton of a Hebrew word for transliteration matching: finals folded,
/// vowel letters (א ה ו י ע) dropped after the first letter (which is kept, so a prefix `ו`
/// is never mistaken for a vowel).
fn skeleton(word: &str) -> String {
    let n = normalize(word);
    let mut chars = n.chars();
    let first = chars.next();
    first
        .into_iter()
        .chain(chars.filter(|c| !matches!(c, 'א' | 'ה' | 'ו' | 'י' | 'ע' | '\'' | '"')))
        .collect()
}

/// Finds the terms of a question.
pub fn find_terms(
    question: &str,
    known_terms: &[String],
    glossary: &BTreeMap<String, String>,
    account_terms: &[KnownTerm],
    lexicon: &ClinicalLexicon,
) -> Vec<FoundTerm> {
    // Hebrew renderings → (English, source), glossary first.
    let mut renderings: HashMap<String, (String, TermSource)> = HashMap::new();
    for (en, he) in glossary {
        renderings
            .entry(normalize(he))
            .or_insert((en.clone(), TermSource::Glossary));
    }
    for t in account_terms {
        if let Some(he) = &t.hebrew {
            renderings
                .entry(normalize(he))
                .or_insert((t.term.clone(), TermSource::KnownTerms));
        }
    }
    let longest_rendering = renderings
        .keys()
        .map(|k| k.split(' ').count())
        .max()
        .unwrap_or(0);
    let known: Vec<String> = known_terms
        .iter()
        .chain(account_terms.iter().map(|t| &t.term))
        .map(|k| k.to_lowercase())
        .collect();
    let in_known = |english: &str| {
        let e = english.to_lowercase();
        known.iter().any(|k| contains_phrase(k, &e))
    };
    // Known-term words in Hebrew letters, by skeleton, for transliterated names.
    let mut by_skeleton: HashMap<String, String> = HashMap::new();
    for k in known_terms
        .iter()
        .chain(account_terms.iter().map(|t| &t.term))
    {
        for w in k.split(|c: char| !c.is_alphabetic()) {
            if w.chars().count() >= 3 && w.chars().all(|c| c.is_ascii_alphabetic()) {
                let s = skeleton(&latin::transliterate(w));
                if s.chars().count() >= 3 {
                    by_skeleton.entry(s).or_insert_with(|| w.to_string());
                }
            }
        }
    }

    let words = question_words(question);
    let max_words = lexicon.longest().max(longest_rendering).max(1);
    let lexicon_hit = |phrase: &str| {
        lexicon.get(phrase).map(|e| {
            let source = if in_known(&e.english) {
                TermSource::KnownTerms
            } else {
                TermSource::Lexicon
            };
            (e.english.clone(), source)
        })
    };
    let rendering_hit = |phrase: &str| renderings.get(phrase).cloned();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        // Authority first (glossary and account renderings, then the lexicon), then length.
        let found = longest_at(question, &words, i, max_words, &rendering_hit)
            .or_else(|| longest_at(question, &words, i, max_words, &lexicon_hit))
            .or_else(|| {
                let first = &question[words[i].start..words[i].end];
                prefix_strips(first).into_iter().find_map(|strip| {
                    let start = words[i].start + strip;
                    let english = by_skeleton.get(&skeleton(&question[start..words[i].end]))?;
                    Some((
                        1,
                        FoundTerm {
                            start,
                            end: words[i].end,
                            english: english.clone(),
                            source: TermSource::KnownTerms,
                        },
                    ))
                })
            });
        match found {
            Some((used, term)) => {
                out.push(term);
                i += used;
            }
            None => i += 1,
        }
    }
    out
}

/// The longest phrase starting at word `i` (its first word with or without prefix letters)
/// that `hit` knows: (words used, term).
fn longest_at(
    question: &str,
    words: &[Word],
    i: usize,
    max_words: usize,
    hit: &dyn Fn(&str) -> Option<(String, TermSource)>,
) -> Option<(usize, FoundTerm)> {
    let mut best: Option<(usize, FoundTerm)> = None;
    let first = &question[words[i].start..words[i].end];
    for strip in prefix_strips(first) {
        let start = words[i].start + strip;
        let mut phrase = String::new();
        for n in 0..max_words.min(words.len() - i) {
            let w = words[i + n];
            if n > 0 {
                if !w.joined {
                    break;
                }
                phrase.push(' ');
            }
            let from = if n == 0 { start } else { w.start };
            phrase.push_str(&normalize(&question[from..w.end]));
            let used = n + 1;
            if best.as_ref().is_some_and(|(u, _)| used <= *u) {
                continue;
            }
            if let Some((english, source)) = hit(&phrase) {
                best = Some((
                    used,
                    FoundTerm {
                        start,
                        end: w.end,
                        english,
                        source,
                    },
                ));
            }
        }
    }
    best
}

/// True when `phrase` occurs in `text` between word boundaries (both lower-cased).
fn contains_phrase(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Answers a query: terms, then the question translated with the terms as their English.
pub async fn query(
    engine: &Engine<'_>,
    request: &QueryRequest,
    account_terms: &[KnownTerm],
    lexicon: &ClinicalLexicon,
) -> Result<QueryResponse, ServiceError> {
    request.validate()?;
    let question = request.text.as_str();
    let known = request.known_terms.clone().unwrap_or_default();
    let glossary = crate::translate::request::usable_glossary(request.glossary.as_ref());
    let found = find_terms(question, &known, &glossary, account_terms, lexicon);
    let term_spans: Vec<FoundSpan> = found
        .iter()
        .map(|t| FoundSpan {
            start: t.start,
            end: t.end,
            kind: SpanType::Glossary,
            render: Some(t.english.clone()),
            ambiguous_date: false,
        })
        .collect();
    let mut options = ProtectOptions::new(Lang::He, Lang::En);
    options.domain = Domain::Clinical;
    let finder = SpanFinder::new(options);
    let masking = Masking {
        finder: &finder,
        audience: Audience::Clinician,
        target: Lang::En,
        bidi: BidiMode::None,
    };
    let (sentence, _) = masking.sentence(question, term_spans);
    let mut instructions = Instructions::new("he", "en", Tier::Balanced);
    instructions.domain = "clinical".into();
    let mut verify = VerifyOptions::new(Lang::He, Lang::En);
    verify.domain = Domain::Clinical;
    let mut checks = Checks {
        verify,
        bidi: BidiMode::None,
        audience: Audience::Clinician,
        defined: None,
    };
    let outcomes = translate_sentences(
        engine.translator,
        &instructions,
        std::slice::from_ref(&sentence),
        Some(&mut checks),
    )
    .await?;
    let terms: Vec<QueryTerm> = found
        .iter()
        .map(|t| QueryTerm {
            hebrew: question[t.start..t.end].to_string(),
            english: t.english.clone(),
            source: t.source,
        })
        .collect();
    let query = match outcomes.first() {
        Some(o) if o.status != Status::Fallback => o.text.clone(),
        _ => terms
            .iter()
            .map(|t| t.english.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    };
    Ok(QueryResponse {
        query,
        terms,
        usage: UsageChars {
            characters: request.charge().characters,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexicon() -> ClinicalLexicon {
        ClinicalLexicon::parse(
            "אקמול\tparacetamol\tdrug\nלחץ\tpressure\tgeneral\nלחץ דם\tblood pressure\tvital\nבדיקת דם\tblood test\ttest\nהמוגלובין\themoglobin\tlab\n",
        )
        .unwrap()
    }

    fn english(terms: &[FoundTerm]) -> Vec<(&str, TermSource)> {
        terms
            .iter()
            .map(|t| (t.english.as_str(), t.source))
            .collect()
    }

    #[test]
    fn longest_phrase_with_prefixes() {
        let q = "מה היה לחץ הדם ובבדיקת דם האחרונה?";
        let t = find_terms(q, &[], &BTreeMap::new(), &[], &lexicon());
        // `לחץ הדם` is not `לחץ דם` (ה on the second word), so only `לחץ` matches there.
        assert_eq!(
            english(&t),
            [
                ("pressure", TermSource::Lexicon),
                ("blood test", TermSource::Lexicon)
            ]
        );
        assert_eq!(&q[t[1].start..t[1].end], "בדיקת דם");
        let t = find_terms("מה לחץ דם?", &[], &BTreeMap::new(), &[], &lexicon());
        assert_eq!(english(&t), [("blood pressure", TermSource::Lexicon)]);
    }

    #[test]
    fn sources_glossary_known_terms_and_transliteration() {
        let mut glossary = BTreeMap::new();
        glossary.insert("Hgb".to_string(), "המוגלובין".to_string());
        let known = vec!["Paracetamol 500 mg".to_string(), "Lipitor 20mg".to_string()];
        let q = "האם קיבל אקמול וליפיטור, ומה ההמוגלובין?";
        let t = find_terms(q, &known, &glossary, &[], &lexicon());
        assert_eq!(
            english(&t),
            [
                ("paracetamol", TermSource::KnownTerms),
                ("Lipitor", TermSource::KnownTerms),
                ("Hgb", TermSource::Glossary)
            ]
        );
        assert_eq!(&q[t[1].start..t[1].end], "ליפיטור");
    }
}
