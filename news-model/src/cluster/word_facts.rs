//! What the lexicons say of one word as the features read it, and a memo of it for the
//! distinct words of a stream.
//!
//! Every word of every article is asked whether it is a stop word, what it is after its
//! prefix letters and how frequent that is in general text, whether it decides a desk, and
//! which concept it names: each a lookup in a table (the background list holds tens of
//! thousands of words) for each way of reading its prefixes, up to a dozen per word. A day's
//! headlines repeat their words, so the clusterer keeps what the lexicons said of each word
//! it met ([`WordMemo`]) and asks a small table once per word instead: the answers depend on
//! the lexicons only, which a clusterer never changes.
//!
//! ```
//! use lashon_news::cluster::word_facts::{WordFacts, WordMemo};
//! use lashon_news::cluster::Lexicons;
//!
//! let lex = Lexicons::builtin();
//! let mut memo = WordMemo::new();
//! // A search token: lower case, final letters folded (`ובירושלימ`).
//! let word = &lashon_news::search::tokens("ובירושלים")[0];
//! let facts = memo.facts(word, &lex);
//! assert_eq!(facts.bare(word), "ירושלימ");
//! assert_eq!(facts, WordFacts::read(word, &lex));
//! assert_eq!(memo.len(), 1);
//! ```

use super::features::{Lexicons, DECISIVE};
use super::{stem, stopwords};
use crate::reference::Topic;

/// The most words a memo keeps; when it holds this many it starts again. A busy day's
/// headlines and summaries hold a few thousand distinct words (the clustering bench's
/// stream 5,492 features in all), so a memo of this size rarely starts again, and its
/// memory stays bounded (a few megabytes) however long the stream.
pub const MEMO_WORDS: usize = 1 << 15;

/// What the lexicons say of one word (a search token).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordFacts {
    /// Digits only, or a stop word ([`stopwords::is_stop`]): no feature.
    pub skip: bool,
    /// Where the word begins after its prefix letters, in bytes
    /// ([`stem::strip_prefixes_listed`]).
    pub bare_from: u8,
    /// The background frequency of the word after its prefixes, when the lists hold it.
    pub listed: Option<u16>,
    /// The word, or the word after its prefixes, decides a desk but the weather's
    /// ([`crate::topics::TopicLexicon::desk_weight_except`]).
    pub desk: bool,
    /// The concept it names ([`super::Concepts::of`]).
    pub concept: Option<u32>,
}

impl WordFacts {
    /// The facts of `token` read from `lex`'s tables.
    pub fn read(token: &str, lex: &Lexicons<'_>) -> WordFacts {
        if token.chars().all(|c| c.is_ascii_digit()) || stopwords::is_stop(token) {
            return WordFacts {
                skip: true,
                bare_from: 0,
                listed: None,
                desk: false,
                concept: None,
            };
        }
        let (bare, listed) = stem::strip_prefixes_listed(token, lex.background);
        let desk = |t: &str| lex.desks.desk_weight_except(t, Topic::Weather) >= DECISIVE;
        WordFacts {
            skip: false,
            // A chain of prefixes is at most three letters of two bytes.
            bare_from: u8::try_from(token.len() - bare.len()).unwrap_or(0),
            listed,
            desk: desk(bare) || (bare.len() != token.len() && desk(token)),
            concept: lex.concepts.of(token),
        }
    }

    /// `token` (the word these facts are of) after its prefix letters.
    pub fn bare<'t>(&self, token: &'t str) -> &'t str {
        token.get(usize::from(self.bare_from)..).unwrap_or(token)
    }
}

/// The facts of the words met so far (at most [`MEMO_WORDS`]), for one set of lexicons.
#[derive(Clone)]
pub struct WordMemo {
    facts: foldhash::HashMap<Box<str>, WordFacts>,
    /// The most words kept: [`MEMO_WORDS`], or none for one article read on its own.
    most: usize,
}

impl Default for WordMemo {
    fn default() -> WordMemo {
        WordMemo::new()
    }
}

impl std::fmt::Debug for WordMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "WordMemo({} words)", self.facts.len())
    }
}

impl WordMemo {
    pub fn new() -> WordMemo {
        WordMemo {
            facts: foldhash::HashMap::default(),
            most: MEMO_WORDS,
        }
    }

    /// A memo that keeps nothing: for one article read on its own, where keeping its words
    /// costs more than it saves.
    pub fn forgetting() -> WordMemo {
        WordMemo {
            facts: foldhash::HashMap::default(),
            most: 0,
        }
    }

    /// The facts of `token`, from the memo or read from `lex` (which must be the lexicons
    /// of every earlier call) and kept.
    pub fn facts(&mut self, token: &str, lex: &Lexicons<'_>) -> WordFacts {
        if let Some(facts) = self.facts.get(token) {
            return *facts;
        }
        let facts = WordFacts::read(token, lex);
        if self.most == 0 {
            return facts;
        }
        if self.facts.len() >= self.most {
            self.facts.clear();
        }
        self.facts.insert(token.into(), facts);
        facts
    }

    /// Words kept.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_facts_are_the_lexicons_and_the_memo_stays_bounded() {
        let lex = Lexicons::builtin();
        let mut memo = WordMemo::new();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/clustering/articles.jsonl"
        ))
        .unwrap();
        let words: Vec<String> = crate::search::tokens(&text);
        for w in words.iter().chain(&words) {
            assert_eq!(memo.facts(w, &lex), WordFacts::read(w, &lex), "{w}");
        }
        let distinct = memo.len();
        assert!(distinct > 1_000 && distinct < words.len());
        // More distinct words than it keeps: it starts again, never past its bound.
        for i in 0..MEMO_WORDS {
            let w = format!("w{i}");
            let facts = memo.facts(&w, &lex);
            assert_eq!(facts, WordFacts::read(&w, &lex));
            assert!(memo.len() <= MEMO_WORDS);
        }
        assert_eq!(memo.len(), distinct);
        let mut forgetting = WordMemo::forgetting();
        assert_eq!(
            forgetting.facts("ובירושלים", &lex),
            WordFacts::read("ובירושלים", &lex)
        );
        assert!(forgetting.is_empty());
    }

    #[test]
    fn features_read_with_a_memo_are_those_read_without() {
        use crate::cluster::features::{extract_reading, extract_remembering};
        use crate::cluster::params::Weights;
        let lex = Lexicons::builtin();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/clustering/articles.jsonl"
        ))
        .unwrap();
        let sketch = Weights {
            phrase: 0.0,
            tail: 1.0,
            ..Weights::default()
        };
        // One memo for every article and both weights, as a clusterer and a refresh keep it.
        let mut memo = WordMemo::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let a: serde_json::Value = serde_json::from_str(line).unwrap();
            let headline = a["headline"].as_str().unwrap();
            let summary = a["summary"].as_str().unwrap_or("");
            for w in [Weights::default(), sketch] {
                for candidates in [false, true] {
                    assert_eq!(
                        extract_remembering(headline, summary, &lex, &w, candidates, &mut memo),
                        extract_reading(headline, summary, &lex, &w, candidates),
                        "{headline}"
                    );
                }
            }
        }
        assert!(!memo.is_empty());
    }

    #[test]
    fn facts_read_a_words_prefixes_desk_and_concept() {
        let lex = Lexicons::builtin();
        let stop = WordFacts::read("של", &lex);
        assert!(stop.skip);
        assert!(WordFacts::read("2014", &lex).skip);
        let f = WordFacts::read("והבחירות", &lex);
        assert!(!f.skip);
        assert_eq!(f.bare("והבחירות"), "בחירות");
        assert!(f.desk, "בחירות decides the politics desk");
        assert_eq!(f.concept, lex.concepts.of("בחירות"));
    }
}
