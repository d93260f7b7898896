//! Language-neutral concepts of news words: `budget` for `budget`, `budgets`, `תקציב`,
//! `התקציב`… Data apart from the matcher: the built-in table (`data/concepts_he_en.tsv`,
//! written for this project) has `concept<TAB>lang<TAB>form` lines; a caller may build its own
//! with [`Concepts::parse`].

use foldhash::{HashMap, HashMapExt};
use std::fmt;
use std::sync::LazyLock;

use crate::search::{form_slices, tokens};

/// The table shipped with the crate.
pub const BUILTIN_TSV: &str = include_str!("../../data/concepts_he_en.tsv");

/// A line of a concept table that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConceptsError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ConceptsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "concept table line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ConceptsError {}

/// Normalized word forms → concept ids.
#[derive(Debug, Clone, Default)]
pub struct Concepts {
    forms: HashMap<String, u32>,
    names: Vec<String>,
}

impl Concepts {
    /// Reads a table; `#` lines and blank lines are skipped. Forms are normalized as search
    /// tokens are (lower case, Hebrew final letters folded, gershayim dropped).
    pub fn parse(tsv: &str) -> Result<Concepts, ConceptsError> {
        let mut c = Concepts::default();
        let mut ids: HashMap<String, u32> = HashMap::new();
        for (n, line) in tsv.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let [concept, _lang, form] = cols[..] else {
                return Err(ConceptsError {
                    line: n + 1,
                    message: "expected concept<TAB>lang<TAB>form".into(),
                });
            };
            let key = match tokens(form).as_slice() {
                [one] => one.clone(),
                _ => continue, // not a single word after normalization
            };
            let next = u32::try_from(c.names.len()).unwrap_or(u32::MAX);
            let id = *ids.entry(concept.to_string()).or_insert_with(|| {
                c.names.push(concept.to_string());
                next
            });
            c.forms.entry(key).or_insert(id);
        }
        Ok(c)
    }

    /// The built-in table.
    pub fn builtin() -> &'static Concepts {
        static BUILTIN: LazyLock<Concepts> =
            LazyLock::new(|| Concepts::parse(BUILTIN_TSV).unwrap_or_default());
        &BUILTIN
    }

    /// The concept of a normalized token: the token itself, else (Hebrew) the token without
    /// one or two prefix letters.
    pub fn of(&self, token: &str) -> Option<u32> {
        if let Some(id) = self.forms.get(token) {
            return Some(*id);
        }
        form_slices(token)
            .skip(1)
            .find_map(|f| self.forms.get(f).copied())
    }

    /// The id of a concept by its name (the table's first column).
    pub fn id(&self, name: &str) -> Option<u32> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| u32::try_from(i).ok())
    }

    /// The name of a concept id.
    pub fn name(&self, id: u32) -> Option<&str> {
        self.names.get(id as usize).map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hebrew_and_english_forms_share_a_concept() {
        let c =
            Concepts::parse("budget\ten\tbudget\nbudget\the\tתקציב\nfire\the\tשריפה\n").unwrap();
        let budget = c.of("budget");
        assert!(budget.is_some(), "the table names budget");
        assert_eq!(c.of("תקציב"), budget);
        assert_eq!(c.of("והתקציב"), budget);
        assert!(c.of("שריפה").is_some() && c.of("שריפה") != c.of("budget"));
        assert_eq!(c.of("table"), None);
        assert_eq!(c.id("budget"), budget);
        assert_eq!(c.name(budget.unwrap()), Some("budget"));
        assert_eq!(c.id("table"), None);
        assert!(Concepts::parse("broken line\n").is_err());
    }

    #[test]
    fn the_builtin_table_loads() {
        let c = Concepts::builtin();
        assert!(c.len() >= 800, "{}", c.len());
        let knesset = c.of("knesset");
        assert!(knesset.is_some(), "the built-in table names the Knesset");
        assert_eq!(c.of("כנסת"), knesset);
        assert_eq!(c.of("בכנסת"), knesset);
    }

    #[test]
    fn construct_and_defective_forms_of_the_builtin_table() {
        // Headlines write a noun's construct (`בלוויית הנערים`) and a foreign name without its
        // א (`באירן`) as often as the forms a dictionary lists.
        let c = Concepts::builtin();
        let of = |w: &str| c.of(&crate::search::tokens(w)[0]);
        assert_eq!(of("בלוויית"), of("הלוויה"));
        assert_eq!(of("בלווית"), of("הלוויה"));
        assert_eq!(of("באירן"), of("איראן"));
        assert_eq!(of("האירנים"), of("האיראנים"));
        assert!(of("איראן").is_some() && of("הלוויה").is_some());
    }
}
