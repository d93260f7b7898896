//! An account's terms with their automaton, compiled once and shared by every request of the
//! account until its terms change.
//!
//! An account may hold tens of thousands of terms; compiling an automaton over them costs
//! milliseconds per thousand, which a request must not pay each time (issue 19: 48,000 terms
//! made every translation of the account take 0.1 s). The service keeps one `Arc` of this per
//! account and term generation; the automaton is built on first use.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use super::terms::{word_bounded, AccountTerm};

/// An account's terms, and the leftmost-longest automaton over them.
#[derive(Default)]
pub struct AccountTerms {
    terms: Vec<AccountTerm>,
    /// Built on first use; `None` when there is no term to match (or the automaton could not
    /// be built, which only absurd sizes cause: the terms are then matched by nothing).
    automaton: OnceLock<Option<(AhoCorasick, Vec<usize>)>>,
}

impl std::fmt::Debug for AccountTerms {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountTerms")
            .field("terms", &self.terms.len())
            .field("compiled", &self.automaton.get().is_some())
            .finish()
    }
}

impl AccountTerms {
    /// The terms of one account.
    pub fn new(terms: Vec<AccountTerm>) -> AccountTerms {
        AccountTerms {
            terms,
            automaton: OnceLock::new(),
        }
    }

    /// The terms, in the order given.
    pub fn terms(&self) -> &[AccountTerm] {
        &self.terms
    }

    /// True when there are no terms.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    fn automaton(&self) -> Option<&(AhoCorasick, Vec<usize>)> {
        self.automaton
            .get_or_init(|| {
                // Empty terms match nothing; the automaton's pattern ids map back to terms.
                let kept: Vec<usize> = (0..self.terms.len())
                    .filter(|&i| !self.terms[i].term.is_empty())
                    .collect();
                if kept.is_empty() {
                    return None;
                }
                AhoCorasickBuilder::new()
                    .match_kind(MatchKind::LeftmostLongest)
                    .build(kept.iter().map(|&i| &self.terms[i].term))
                    .ok()
                    .map(|ac| (ac, kept))
            })
            .as_ref()
    }

    /// The terms found in `text`: leftmost-longest, not inside a longer word (Hebrew prefix
    /// letters may be glued before one), with their byte ranges. Linear in `text`.
    pub fn find<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, usize, &'a AccountTerm)> + 'a {
        self.automaton().into_iter().flat_map(move |(ac, kept)| {
            ac.find_iter(text).filter_map(move |m| {
                if !word_bounded(text, m.start(), m.end()) {
                    return None;
                }
                let term = kept
                    .get(m.pattern().as_usize())
                    .and_then(|&i| self.terms.get(i))?;
                Some((m.start(), m.end(), term))
            })
        })
    }
}

impl From<Vec<AccountTerm>> for AccountTerms {
    fn from(terms: Vec<AccountTerm>) -> Self {
        AccountTerms::new(terms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(t: &str) -> AccountTerm {
        AccountTerm {
            term: t.into(),
            ..AccountTerm::default()
        }
    }

    #[test]
    fn finds_leftmost_longest_whole_words_once_compiled() {
        let set = AccountTerms::new(vec![term("Acme"), term(""), term("Acme Pay"), term("פיי")]);
        assert_eq!(
            format!("{set:?}"),
            "AccountTerms { terms: 4, compiled: false }"
        );
        let found: Vec<(usize, usize, &str)> = set
            .find("Use Acme Pay, not Acmes; בפיי.")
            .map(|(s, e, t)| (s, e, t.term.as_str()))
            .collect();
        assert_eq!(found, vec![(4, 12, "Acme Pay"), (27, 33, "פיי")]);
        assert!(format!("{set:?}").contains("compiled: true"));
        assert_eq!(AccountTerms::default().find("Acme").count(), 0);
    }
}
