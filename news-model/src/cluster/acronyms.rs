//! Hebrew acronyms and the words they stand for, read as one word: outlets write `רה"מ` and
//! `ראש הממשלה`, `מו"מ` and `משא ומתן`, `ארה"ב` and `ארצות הברית` for the same thing, and a
//! headline of each should share it. The words are replaced by the acronym in a headline's
//! tokens before its features are read ([`super::features`]), so the concept table's form
//! of the acronym (`prime_minister`, `negotiation`, `usa`) is what both tell, in phrases too;
//! a prefix on the first word stays on the acronym (`במשא ומתן` → `במו"מ`).
//!
//! Data apart from the matcher: the built-in table (`data/acronyms_he.tsv`, written for this
//! project) has `acronym<TAB>expansion` lines; a caller may build its own with
//! [`Acronyms::parse`]. Hand-written: the concept table maps one word to a concept, and a
//! concept of several words needs its words in order, which no crate of the field offers
//! for Hebrew prefixes.
//!
//! ```
//! use lashon_news::cluster::acronyms::Acronyms;
//! use lashon_news::search::tokens;
//!
//! let headline = tokens("נתניהו במשא ומתן עם ראש ממשלת בריטניה");
//! let folded = Acronyms::builtin().fold(&headline);
//! assert_eq!(*folded, tokens("נתניהו במו\"מ עם רה\"מ בריטניה"));
//! ```

use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use std::sync::LazyLock;

use crate::search::{form_slices, tokens};

/// The table shipped with the crate.
pub const BUILTIN_HE: &str = include_str!("../../data/acronyms_he.tsv");

/// A line of an acronym table that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcronymsError {
    /// 1-based.
    pub line: usize,
    pub reason: &'static str,
}

impl fmt::Display for AcronymsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "acronym table line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for AcronymsError {}

/// The words an acronym stands for, after their first word.
#[derive(Debug, Clone)]
struct Expansion {
    /// The later words, as tokens.
    rest: Vec<String>,
    /// The acronym, as a token.
    acronym: String,
}

/// An acronym [`Acronyms::fold_spans`] put in place of the words it stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folded {
    /// Its index in the folded tokens.
    pub at: usize,
    /// The words it stands for, in the tokens as given.
    pub span: Range<usize>,
}

/// Expansions by their first word (tokens, as [`tokens`] gives them).
#[derive(Debug, Clone, Default)]
pub struct Acronyms {
    /// Longest expansion first, so `ראש המטה הכללי` is read before a shorter one of the
    /// same first word could take `ראש` alone.
    by_first: HashMap<String, Vec<Expansion>>,
}

impl Acronyms {
    /// Reads a table; `#` lines and blank lines are skipped. The acronym must be one token
    /// and its expansion two or more.
    pub fn parse(tsv: &str) -> Result<Acronyms, AcronymsError> {
        let mut by_first: HashMap<String, Vec<Expansion>> = HashMap::new();
        for (n, line) in tsv.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason| AcronymsError {
                line: n + 1,
                reason,
            };
            let (acronym, expansion) = line
                .split_once('\t')
                .ok_or_else(|| error("expected acronym<TAB>expansion"))?;
            let acronym = match tokens(acronym).as_slice() {
                [one] => one.clone(),
                _ => return Err(error("the acronym is not one word")),
            };
            let mut words = tokens(expansion).into_iter();
            let first = words.next().ok_or_else(|| error("no expansion"))?;
            let rest: Vec<String> = words.collect();
            if rest.is_empty() {
                return Err(error("an expansion of one word is a concept form"));
            }
            by_first
                .entry(first)
                .or_default()
                .push(Expansion { rest, acronym });
        }
        for list in by_first.values_mut() {
            list.sort_by_key(|e| std::cmp::Reverse(e.rest.len()));
        }
        Ok(Acronyms { by_first })
    }

    /// The built-in table.
    pub fn builtin() -> &'static Acronyms {
        static TABLE: LazyLock<Acronyms> =
            LazyLock::new(|| Acronyms::parse(BUILTIN_HE).expect("the built-in acronym table"));
        &TABLE
    }

    /// The acronyms of the table, as tokens.
    pub fn acronyms(&self) -> impl Iterator<Item = &str> {
        self.by_first.values().flatten().map(|e| e.acronym.as_str())
    }

    /// `tokens` with each expansion replaced by its acronym, the first word's prefix letters
    /// kept on it; borrowed as given when no expansion is in them, as in most headlines.
    /// Linear in the tokens: a token is looked up as itself and without one or two prefix
    /// letters, and only an expansion's first word reads further.
    pub fn fold<'t>(&self, tokens: &'t [String]) -> Cow<'t, [String]> {
        self.fold_spans(tokens).0
    }

    /// [`Acronyms::fold`], and for each acronym it put in, its index in the folded tokens
    /// and the span of `tokens` it stands for, in token order.
    pub fn fold_spans<'t>(&self, tokens: &'t [String]) -> (Cow<'t, [String]>, Vec<Folded>) {
        if !tokens.iter().any(|t| self.starts_expansion(t)) {
            return (Cow::Borrowed(tokens), Vec::new());
        }
        let mut out = Vec::with_capacity(tokens.len());
        let mut folded = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            if let Some((prefix, e)) = self.expansion_at(tokens, i) {
                let span = i..i + 1 + e.rest.len();
                folded.push(Folded {
                    at: out.len(),
                    span: span.clone(),
                });
                out.push(format!("{prefix}{}", e.acronym));
                i = span.end;
            } else {
                out.push(tokens[i].clone());
                i += 1;
            }
        }
        (Cow::Owned(out), folded)
    }

    /// Whether `token` may be an expansion's first word.
    fn starts_expansion(&self, token: &str) -> bool {
        form_slices(token).any(|f| self.by_first.contains_key(f))
    }

    /// The expansion that begins at `tokens[i]`, with the prefix letters before its first
    /// word.
    fn expansion_at<'t>(&self, tokens: &'t [String], i: usize) -> Option<(&'t str, &Expansion)> {
        let token = &tokens[i];
        form_slices(token).find_map(|first| {
            let prefix = &token[..token.len() - first.len()];
            let found = self
                .by_first
                .get(first)?
                .iter()
                .find(|e| tokens[i + 1..].starts_with(&e.rest))?;
            Some((prefix, found))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::Concepts;

    fn fold(text: &str) -> Vec<String> {
        Acronyms::builtin().fold(&tokens(text)).into_owned()
    }

    #[test]
    fn an_expansion_reads_as_its_acronym_with_its_prefix() {
        assert_eq!(fold("ראש הממשלה נתניהו"), tokens("רה\"מ נתניהו"));
        assert_eq!(fold("וראש הממשלה אמר"), tokens("ורה\"מ אמר"));
        assert_eq!(
            fold("חמאס: מתכוננים למשא ומתן"),
            tokens("חמאס: מתכוננים למו\"מ")
        );
        assert_eq!(
            fold("שגרירת ארצות הברית באו\"ם"),
            tokens("שגרירת ארה\"ב באו\"ם")
        );
        assert_eq!(fold("דיון באומות המאוחדות"), tokens("דיון באו\"ם"));
        assert_eq!(fold("ראש המטה הכללי ביקר"), tokens("רמטכ\"ל ביקר"));
        assert_eq!(fold("לבית הספר"), tokens("לבי\"ס"));
    }

    #[test]
    fn words_that_are_not_the_whole_expansion_stay() {
        let text = "ראש העיר ומשא כבד ושירות הביטחון";
        assert_eq!(fold(text), tokens(text));
        assert_eq!(fold("ראש"), tokens("ראש"));
        assert_eq!(fold(""), Vec::<String>::new());
    }

    #[test]
    fn every_acronym_of_the_table_is_a_concept() {
        // Folding replaces words by the acronym: the acronym must say what they said.
        let concepts = Concepts::builtin();
        let mut n = 0;
        for acronym in Acronyms::builtin().acronyms() {
            assert!(concepts.of(acronym).is_some(), "{acronym} is no concept");
            n += 1;
        }
        assert!(n >= 10);
        // A compound read word by word names something else: `בית הספר` is no book.
        let school = concepts.of(&fold("בית הספר")[0]);
        assert_eq!(school, concepts.of(&tokens("בי\"ס")[0]));
        assert_ne!(school, concepts.of("ספר"));
    }

    #[test]
    fn a_table_line_that_cannot_be_read_is_an_error_with_its_line() {
        let err = Acronyms::parse("# c\nרה\"מ ראש הממשלה\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(Acronyms::parse("רה\"מ\tממשלה\n").is_err());
        assert!(Acronyms::parse("ראש ממשלה\tראש הממשלה\n").is_err());
        assert!(Acronyms::parse("\n# only comments\n").is_ok());
    }

    #[test]
    fn a_long_run_of_first_words_folds_nothing_and_a_long_run_of_expansions_folds_all() {
        // Every token begins an expansion and none completes one; then every pair is one.
        let text = "ראש ".repeat(20_000);
        assert_eq!(fold(&text), tokens(&text));
        let folded = fold(&"ראש הממשלה ".repeat(10_000));
        assert_eq!(folded.len(), 10_000);
        assert!(folded.iter().all(|t| *t == tokens("רה\"מ")[0]));
    }
}
