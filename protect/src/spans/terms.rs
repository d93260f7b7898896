//! The caller's lists: `name` (redact_terms), `glossary`, `term` (protected_terms and account
//! terms). Matched with Aho-Corasick, leftmost-longest.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use serde::{Deserialize, Serialize};

use super::{Candidate, ProtectOptions};
use crate::model::{Lang, SpanType};

/// Required rendering of an account term per target language (account term `translations`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermTranslations {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub he: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub en: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ru: Option<String>,
}

impl TermTranslations {
    pub fn get(&self, lang: Lang) -> Option<&str> {
        match lang {
            Lang::He => self.he.as_deref(),
            Lang::En => self.en.as_deref(),
            Lang::Ru => self.ru.as_deref(),
        }
    }
}

/// An account term: kept exactly, or replaced by its translation for the target when set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountTerm {
    pub term: String,
    #[serde(default)]
    pub translations: TermTranslations,
}

enum Entry {
    Glossary(String),
    Term(Option<TermTranslations>),
}

pub(crate) struct TermMatcher {
    names: Option<AhoCorasick>,
    terms: Option<AhoCorasick>,
    entries: Vec<Entry>,
}

fn build<I, P>(patterns: I) -> Option<AhoCorasick>
where
    I: IntoIterator<Item = P>,
    P: AsRef<[u8]>,
{
    AhoCorasickBuilder::new()
        .match_kind(MatchKind::LeftmostLongest)
        .build(patterns)
        .ok()
}

impl TermMatcher {
    pub(crate) fn new(options: &ProtectOptions) -> TermMatcher {
        let names: Vec<&str> = options
            .redact_terms
            .iter()
            .map(String::as_str)
            .filter(|s| !s.is_empty())
            .collect();
        let mut patterns: Vec<&str> = Vec::new();
        let mut entries = Vec::new();
        // Glossary first: with equal text the first pattern wins. Account terms have their own
        // automaton, compiled once per account (`AccountTerms`); a glossary entry beats one
        // with the same text by precedence when spans are resolved.
        for (k, v) in &options.glossary {
            if !k.is_empty() {
                patterns.push(k);
                entries.push(Entry::Glossary(v.clone()));
            }
        }
        for t in &options.protected_terms {
            if !t.is_empty() {
                patterns.push(t);
                entries.push(Entry::Term(None));
            }
        }
        TermMatcher {
            names: (!names.is_empty()).then(|| build(&names)).flatten(),
            terms: (!patterns.is_empty()).then(|| build(&patterns)).flatten(),
            entries,
        }
    }

    pub(crate) fn find(&self, text: &str, target: Lang, out: &mut Vec<Candidate>) {
        if let Some(names) = &self.names {
            // Every occurrence, wherever it is: a redacted value must never reach the model.
            for m in names.find_iter(text) {
                out.push(Candidate::new(m.start(), m.end(), SpanType::Name));
            }
        }
        let Some(terms) = &self.terms else { return };
        for m in terms.find_iter(text) {
            if !word_bounded(text, m.start(), m.end()) {
                continue;
            }
            let Some(entry) = self.entries.get(m.pattern().as_usize()) else {
                continue;
            };
            let c = match entry {
                Entry::Glossary(render) => {
                    Candidate::new(m.start(), m.end(), SpanType::Glossary).render(render.clone())
                }
                Entry::Term(tr) => {
                    let c = Candidate::new(m.start(), m.end(), SpanType::Term);
                    match tr.as_ref().and_then(|t| t.get(target)) {
                        Some(r) => c.render(r),
                        None => c,
                    }
                }
            };
            out.push(c);
        }
    }
}

/// A term must not be part of a longer word; Hebrew prefix letters (ו ה ב ל מ ש כ) may be glued
/// before a term.
pub(crate) fn word_bounded(text: &str, start: usize, end: usize) -> bool {
    let after = text.get(end..).and_then(|s| s.chars().next());
    if after.is_some_and(char::is_alphanumeric) {
        return false;
    }
    let mut before = text.get(..start).unwrap_or("").chars().rev();
    let mut prefixes = 0;
    loop {
        match before.next() {
            None => return true,
            Some(c) if !c.is_alphanumeric() => return true,
            Some(c) if "והבלמשכ".contains(c) && prefixes < 3 => prefixes += 1,
            Some(_) => return false,
        }
    }
}
