//! People mentioned in articles: every alias of a people registry (names in Hebrew and
//! English, surnames) found in a headline or summary with one Aho-Corasick automaton over
//! normalized aliases.
//!
//! Text and aliases are normalized as search text is ([`crate::search::tokens`]: lower case,
//! no points, final letters folded, gershayim dropped) and joined by single spaces. A match
//! counts when it ends at a word end and starts at a word start or after one or two Hebrew
//! prefix letters of that word (`לכרמון`, `ובכרמון`): the automaton finds every occurrence and
//! the boundaries are checked after, so one pass serves every alias.

use std::collections::BTreeSet;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::record::PersonRecord;
use crate::search::tokens;

const PREFIXES: [char; 7] = ['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ'];

/// The automaton of a registry.
#[derive(Debug, Clone)]
pub struct PeopleMatcher {
    automaton: Option<AhoCorasick>,
    /// The person of each pattern.
    owners: Vec<i64>,
}

fn normalized(text: &str) -> String {
    tokens(text).join(" ")
}

impl PeopleMatcher {
    /// Builds the automaton over every alias of `people`.
    pub fn new(people: &[PersonRecord]) -> PeopleMatcher {
        let mut patterns = Vec::new();
        let mut owners = Vec::new();
        for p in people {
            for a in &p.aliases {
                let n = normalized(&a.alias);
                if n.chars().count() >= 2 {
                    patterns.push(n);
                    owners.push(p.id);
                }
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .build(&patterns)
            .ok();
        PeopleMatcher { automaton, owners }
    }

    /// The ids of the people `text` mentions.
    pub fn find(&self, text: &str) -> BTreeSet<i64> {
        let mut out = BTreeSet::new();
        let Some(ac) = &self.automaton else {
            return out;
        };
        let hay = normalized(text);
        for m in ac.find_overlapping_iter(&hay) {
            let (start, end) = (m.start(), m.end());
            let ends_word = hay[end..].chars().next().is_none_or(|c| c == ' ');
            if !ends_word {
                continue;
            }
            // The start of the word the match begins in.
            let word_start = hay[..start].rfind(' ').map(|i| i + 1).unwrap_or(0);
            let glued = &hay[word_start..start];
            let prefix_ok =
                glued.chars().count() <= 2 && glued.chars().all(|c| PREFIXES.contains(&c));
            if prefix_ok {
                if let Some(owner) = self.owners.get(m.pattern().as_usize()) {
                    out.insert(*owner);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::localized::Localized;
    use crate::types::Alias;

    fn person(id: i64, aliases: &[&str]) -> PersonRecord {
        PersonRecord {
            id,
            wikidata_id: None,
            name: Localized::default(),
            canonical_name: None,
            role: None,
            avatar_url: None,
            aliases: aliases
                .iter()
                .map(|a| Alias {
                    alias: a.to_string(),
                    display: a.to_string(),
                    status: "confirmed".into(),
                })
                .collect(),
            updated_at: None,
        }
    }

    #[test]
    fn aliases_with_prefixes_and_boundaries() {
        let m = PeopleMatcher::new(&[
            person(1, &["Yael Carmon", "יעל כרמון", "כרמון"]),
            person(2, &["Avner Shaked", "שקד"]),
        ]);
        assert_eq!(
            m.find("Finance Minister Yael Carmon said"),
            BTreeSet::from([1])
        );
        assert_eq!(m.find("השרה לכרמון ולשקד"), BTreeSet::from([1, 2]));
        assert_eq!(m.find("ובכרמון"), BTreeSet::from([1]));
        // Not inside another word, not with a foreign letter before it.
        assert!(m.find("Carmonville").is_empty());
        assert!(m.find("אכרמון").is_empty());
        assert!(m.find("").is_empty());
        assert!(PeopleMatcher::new(&[]).find("anything").is_empty());
    }
}
