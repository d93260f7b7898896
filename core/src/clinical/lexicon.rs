//! The Hebrew → English clinical lexicon of `/v1/clinical/query`: data apart from the matcher.
//!
//! The built-in data (`core/data/clinical_lexicon_he_en.tsv`, written for this project) has
//! one `hebrew<TAB>english<TAB>category` line per form; a caller can build its own with
//! [`ClinicalLexicon::parse`]. Hebrew is compared in a normal form ([`normalize`]): no points,
//! final letters folded, gershayim and geresh as ASCII `"` and `'`, one space between words.

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

use crate::hebrew::strip::strip_points;

/// The lexicon shipped with the crate.
pub const BUILTIN_TSV: &str = include_str!("../../data/clinical_lexicon_he_en.tsv");

/// One entry: the English term and its category (`drug`, `symptom`, `lab`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub english: String,
    pub category: String,
}

/// A line of a lexicon file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexiconError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LexiconError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lexicon line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LexiconError {}

/// Hebrew phrases (normal form) → English.
#[derive(Debug, Clone, Default)]
pub struct ClinicalLexicon {
    entries: HashMap<String, Entry>,
    longest: usize,
}

/// The normal form of Hebrew text for matching.
pub fn normalize(text: &str) -> String {
    let stripped = strip_points(text);
    let mut out = String::with_capacity(stripped.len());
    let mut space = false;
    for c in stripped.chars() {
        let c = match c {
            'ך' => 'כ',
            'ם' => 'מ',
            'ן' => 'נ',
            'ף' => 'פ',
            'ץ' => 'צ',
            '״' | '“' | '”' => '"',
            '׳' | '’' | '`' => '\'',
            '־' => ' ',
            c => c,
        };
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

impl ClinicalLexicon {
    /// Reads `hebrew<TAB>english<TAB>category` lines; `#` lines and blank lines are skipped.
    /// A Hebrew form listed twice keeps its first English.
    pub fn parse(tsv: &str) -> Result<ClinicalLexicon, LexiconError> {
        let mut lexicon = ClinicalLexicon::default();
        for (n, line) in tsv.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let mut cols = line.split('\t');
            let (Some(he), Some(en)) = (cols.next(), cols.next()) else {
                return Err(LexiconError {
                    line: n + 1,
                    message: "expected hebrew<TAB>english<TAB>category".into(),
                });
            };
            let category = cols.next().unwrap_or("general").trim();
            let (he, en) = (normalize(he), en.trim());
            if he.is_empty() || en.is_empty() {
                return Err(LexiconError {
                    line: n + 1,
                    message: "empty Hebrew or English".into(),
                });
            }
            lexicon.longest = lexicon.longest.max(he.split(' ').count());
            lexicon.entries.entry(he).or_insert(Entry {
                english: en.to_string(),
                category: category.to_string(),
            });
        }
        Ok(lexicon)
    }

    /// The built-in lexicon.
    pub fn builtin() -> &'static ClinicalLexicon {
        static BUILTIN: LazyLock<ClinicalLexicon> =
            LazyLock::new(|| ClinicalLexicon::parse(BUILTIN_TSV).unwrap_or_default());
        &BUILTIN
    }

    /// The entry of a Hebrew phrase in normal form.
    pub fn get(&self, normalized: &str) -> Option<&Entry> {
        self.entries.get(normalized)
    }

    /// Words in the longest phrase.
    pub fn longest(&self) -> usize {
        self.longest
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_form_folds_points_finals_and_marks() {
        assert_eq!(normalize("לַחַץ  דָּם"), "לחצ דמ");
        assert_eq!(normalize("אק״ג"), "אק\"ג");
        assert_eq!(normalize("Hb"), "hb");
    }

    #[test]
    fn parses_and_reports_bad_lines() {
        let l = ClinicalLexicon::parse(
            "# c\nלחץ דם\tblood pressure\tvital\n\nסוכרת\tdiabetes\tcondition\n",
        )
        .unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!(l.longest(), 2);
        assert_eq!(
            l.get(&normalize("לחץ דם")).unwrap().english,
            "blood pressure"
        );
        let e = ClinicalLexicon::parse("ok\tok\nbroken line\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn the_builtin_lexicon_loads() {
        let l = ClinicalLexicon::builtin();
        assert!(l.len() >= 600, "{} entries", l.len());
        assert!(ClinicalLexicon::parse(BUILTIN_TSV).is_ok());
    }
}
