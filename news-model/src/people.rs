//! People mentioned in articles: every alias of a people registry (names in Hebrew and
//! English, surnames) found in a headline or summary with one Aho-Corasick automaton over
//! normalized aliases.
//!
//! Text and aliases are normalized as search text is ([`crate::search::tokens`]: lower case,
//! no points, final letters folded, gershayim dropped) and joined by single spaces. A match
//! counts when it ends at a word end and starts at a word start or after one or two Hebrew
//! prefix letters of that word (`לכרמון`, `ובכרמון`): the automaton finds every occurrence and
//! the boundaries are checked after, so one pass serves every alias.
//!
//! An alias whose status is `candidate` (a bare surname another public figure shares, or one
//! that is also a common word: `כץ`, `Abbas`, `שקד`) is not matched: alone it is too weak to
//! say who is meant, and with a confirmed alias beside it, it adds nothing. A caller that
//! knows who is in the news may still read it ([`PeopleMatcher::find_all_in_tokens`]:
//! the story clusterer takes it for a person of its open stories, the evening's `ציפי לבני`
//! in the night's `לבני:`).
//!
//! [`builtin`] is the bundled registry (`data/people_il.tsv`): real public figures of Israeli
//! news with their Wikidata ids, Hebrew and English names, roles and aliases.

use std::collections::{BTreeSet, HashMap, HashSet};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::localized::Localized;
use crate::record::PersonRecord;
use crate::search::tokens;
use crate::types::Alias;

const PREFIXES: [char; 7] = ['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ'];

/// The review status of an alias too ambiguous to name a person alone.
pub const CANDIDATE: &str = "candidate";

/// What [`PeopleMatcher::find_all_in_tokens`] finds in a text's tokens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// The people named by confirmed aliases, each with the tokens naming them.
    pub named: Vec<(i64, std::ops::Range<usize>)>,
    /// The candidate aliases, each with its tokens and every person it may name (`כץ`:
    /// Israel Katz and Haim Katz), but those within a confirmed name of someone else
    /// (`ישראל כץ`) or of someone the text names already, in the order found.
    pub candidates: Vec<(std::ops::Range<usize>, Vec<i64>)>,
}

/// The automaton of a registry.
#[derive(Debug, Clone)]
pub struct PeopleMatcher {
    automaton: Option<AhoCorasick>,
    /// The person of each pattern.
    owners: Vec<i64>,
    /// Whether each pattern is a candidate alias ([`CANDIDATE`]).
    candidate: Vec<bool>,
}

fn normalized(text: &str) -> String {
    tokens(text).join(" ")
}

impl PeopleMatcher {
    /// Builds the automaton over every alias of `people`.
    pub fn new(people: &[PersonRecord]) -> PeopleMatcher {
        let mut patterns = Vec::new();
        let mut owners = Vec::new();
        let mut candidate = Vec::new();
        for p in people {
            for a in &p.aliases {
                let n = normalized(&a.alias);
                if n.chars().count() >= 2 {
                    patterns.push(n);
                    owners.push(p.id);
                    candidate.push(a.status == CANDIDATE);
                }
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .build(&patterns)
            .ok();
        PeopleMatcher {
            automaton,
            owners,
            candidate,
        }
    }

    /// The ids of the people `text` mentions.
    pub fn find(&self, text: &str) -> BTreeSet<i64> {
        self.matches(&normalized(text))
            .into_iter()
            .filter(|m| !m.3)
            .map(|m| m.0)
            .collect()
    }

    /// The people named in a text given as its normalized tokens
    /// ([`crate::search::tokens`]), each with the tokens that name them (a range of token
    /// indices), in the order found.
    pub fn find_in_tokens(&self, tokens: &[String]) -> Vec<(i64, std::ops::Range<usize>)> {
        self.find_all_in_tokens(tokens).named
    }

    /// The person a confirmed alias names at the very start of `tokens`, without prefix
    /// letters glued to it (`נתניהו:`, not `לנתניהו:`), and the tokens the alias spans (the
    /// longest such alias).
    pub fn first_named(&self, tokens: &[String]) -> Option<(i64, std::ops::Range<usize>)> {
        let hay = tokens.join(" ");
        let (id, end) = self
            .matches(&hay)
            .into_iter()
            .filter(|(_, start, _, candidate)| *start == 0 && !candidate)
            .max_by_key(|(id, _, end, _)| (*end, std::cmp::Reverse(*id)))
            .map(|(id, _, end, _)| (id, end))?;
        let words = hay[..end].split(' ').count();
        Some((id, 0..words))
    }

    /// [`PeopleMatcher::find_in_tokens`] and the candidate aliases, in one pass.
    pub fn find_all_in_tokens(&self, tokens: &[String]) -> Found {
        let hay = tokens.join(" ");
        // Byte offset where each token begins.
        let mut starts = Vec::with_capacity(tokens.len());
        let mut at = 0;
        for t in tokens {
            starts.push(at);
            at += t.len() + 1;
        }
        let token_of = |byte: usize| starts.partition_point(|s| *s <= byte).saturating_sub(1);
        let mut named = Vec::new();
        let mut weak = Vec::new();
        for (id, start, end, candidate) in self.matches(&hay) {
            let span = token_of(start)..token_of(end.saturating_sub(1)) + 1;
            if candidate {
                weak.push((id, span));
            } else {
                named.push((id, span));
            }
        }
        // Linear in the matches, however long the text: the named spans covering each token,
        // the people named, and each candidate span's place in `candidates`.
        let mut covering: Vec<Vec<usize>> =
            vec![Vec::new(); if named.is_empty() { 0 } else { tokens.len() }];
        for (i, (_, r)) in named.iter().enumerate() {
            for t in r.clone() {
                if let Some(c) = covering.get_mut(t) {
                    c.push(i);
                }
            }
        }
        let named_ids: HashSet<i64> = named.iter().map(|(o, _)| *o).collect();
        let mut candidates: Vec<(std::ops::Range<usize>, Vec<i64>)> = Vec::new();
        let mut place: HashMap<std::ops::Range<usize>, usize> = HashMap::new();
        for (id, span) in weak {
            // Within a confirmed name of someone else (`ישראל כץ`), or of someone the text
            // names already: nothing to read.
            let covered = covering.get(span.start).is_some_and(|c| {
                c.iter().any(|&i| {
                    let (o, r) = &named[i];
                    span.end <= r.end && *o != id
                })
            });
            if covered || named_ids.contains(&id) {
                continue;
            }
            match place.get(&span) {
                Some(&i) if !candidates[i].1.contains(&id) => candidates[i].1.push(id),
                Some(_) => {}
                None => {
                    place.insert(span.clone(), candidates.len());
                    candidates.push((span, vec![id]));
                }
            }
        }
        for (_, ids) in &mut candidates {
            ids.sort_unstable();
        }
        Found { named, candidates }
    }

    /// Every alias match in normalized text: the person, the byte range matched and whether
    /// the alias is a candidate.
    fn matches(&self, hay: &str) -> Vec<(i64, usize, usize, bool)> {
        let mut out = Vec::new();
        let Some(ac) = &self.automaton else {
            return out;
        };
        for m in ac.find_overlapping_iter(hay) {
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
                let i = m.pattern().as_usize();
                if let (Some(owner), Some(weak)) = (self.owners.get(i), self.candidate.get(i)) {
                    out.push((*owner, start, end, *weak));
                }
            }
        }
        out
    }
}

/// The bundled registry (`data/people_il.tsv`, its sources in `data/people_il.sources.md`):
/// each person's id is the number of their Wikidata id (`Q43723` → 43723), so it is stable
/// across releases and never meets the small ids of a registry written by hand. Names in
/// English and Hebrew are confirmed aliases; listed aliases ending in `~` are candidates.
///
/// ```
/// use lashon_news::people::{builtin, PeopleMatcher};
///
/// let people = builtin();
/// let netanyahu = people.iter().find(|p| p.wikidata_id.as_deref() == Some("Q43723")).unwrap();
/// let m = PeopleMatcher::new(&people);
/// assert!(m.find("ראש הממשלה נתניהו נפגש הבוקר").contains(&netanyahu.id));
/// ```
pub fn builtin() -> Vec<PersonRecord> {
    parse_registry(include_str!("../data/people_il.tsv"))
}

/// Reads a registry in the format of `data/people_il.tsv` (tab-separated: `wikidata_id`,
/// `name_en`, `name_he`, `role`, `aliases` separated by `|`, a header line first). Lines with
/// a malformed id or a wrong number of fields are skipped.
pub fn parse_registry(tsv: &str) -> Vec<PersonRecord> {
    let mut out = Vec::new();
    for line in tsv.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        let [qid, en, he, role, aliases] = fields[..] else {
            continue;
        };
        let Some(id) = qid.strip_prefix('Q').and_then(|n| n.parse::<i64>().ok()) else {
            continue;
        };
        let alias = |text: &str, status: &str| Alias {
            alias: text.to_owned(),
            display: text.to_owned(),
            status: status.to_owned(),
        };
        let mut list = Vec::new();
        for name in [en, he].into_iter().filter(|n| !n.is_empty()) {
            list.push(alias(name, "confirmed"));
        }
        for a in aliases.split('|').map(str::trim).filter(|a| !a.is_empty()) {
            match a.strip_suffix('~') {
                Some(weak) => list.push(alias(weak.trim(), CANDIDATE)),
                None => list.push(alias(a, "confirmed")),
            }
        }
        out.push(PersonRecord {
            id,
            wikidata_id: Some(qid.to_owned()),
            name: Localized {
                en: (!en.is_empty()).then(|| en.to_owned()),
                he: (!he.is_empty()).then(|| he.to_owned()),
            },
            canonical_name: (!en.is_empty()).then(|| en.to_owned()),
            role: (!role.is_empty()).then(|| role.to_owned()),
            avatar_url: None,
            aliases: list,
            updated_at: None,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let words = crate::search::tokens("אמש אמרה השרה יעל כרמון, ולשקד");
        let mut found = m.find_in_tokens(&words);
        found.sort_by_key(|(id, r)| (*id, r.start));
        assert_eq!(found, vec![(1, 3..5), (1, 4..5), (2, 5..6)]);
    }

    #[test]
    fn candidate_aliases_alone_name_no_one() {
        let mut p = person(7, &["Mahmoud Abbas"]);
        p.aliases.push(Alias {
            alias: "Abbas".into(),
            display: "Abbas".into(),
            status: CANDIDATE.into(),
        });
        let m = PeopleMatcher::new(&[p]);
        assert!(m.find("Abbas said on Monday").is_empty());
        assert_eq!(m.find("Mahmoud Abbas said"), BTreeSet::from([7]));
    }

    fn candidate(alias: &str) -> Alias {
        Alias {
            alias: alias.into(),
            display: alias.into(),
            status: CANDIDATE.into(),
        }
    }

    #[test]
    fn a_candidate_alias_is_found_with_everyone_it_may_name() {
        let mut israel = person(1, &["ישראל כץ"]);
        israel.aliases.push(candidate("כץ"));
        let mut haim = person(2, &["חיים כץ"]);
        haim.aliases.push(candidate("כץ"));
        let mut livni = person(3, &["ציפי לבני"]);
        livni.aliases.push(candidate("לבני"));
        let m = PeopleMatcher::new(&[israel, haim, livni]);
        let found = |text: &str| m.find_all_in_tokens(&crate::search::tokens(text));

        // `כץ` alone may be either Katz; `לבני` (also "to my son") may be Livni.
        let f = found("כץ נגד לבני");
        assert!(f.named.is_empty());
        assert_eq!(f.candidates, vec![(0..1, vec![1, 2]), (2..3, vec![3])]);
        // With a prefix letter, as confirmed aliases are found.
        assert_eq!(found("ולכץ אין תשובה").candidates, vec![(0..1, vec![1, 2])]);
        // Inside a confirmed name: that person, and no candidate.
        let f = found("ישראל כץ הגיב");
        assert_eq!(f.named, vec![(1, 0..2)]);
        assert!(f.candidates.is_empty());
        // Someone the text names in full is not read again from their surname.
        let f = found("ציפי לבני: לבני תוותר");
        assert_eq!(f.named.iter().map(|n| n.0).collect::<Vec<_>>(), vec![3]);
        assert!(f.candidates.is_empty());
        // `find_in_tokens` and `find` never report a candidate.
        assert!(m
            .find_in_tokens(&crate::search::tokens("כץ נגד לבני"))
            .is_empty());
        assert!(m.find("כץ נגד לבני").is_empty());
    }

    #[test]
    fn the_builtin_registry() {
        let people = builtin();
        let lines = include_str!("../data/people_il.tsv").lines().count() - 1;
        assert_eq!(people.len(), lines, "every line read");
        assert!(people.len() >= 80);
        let ids: BTreeSet<i64> = people.iter().map(|p| p.id).collect();
        assert_eq!(ids.len(), people.len(), "ids unique");
        assert!(people
            .iter()
            .all(|p| p.name.en.is_some() && p.name.he.is_some()));
        // No confirmed alias names two people.
        let mut seen = std::collections::HashMap::new();
        for p in &people {
            for a in p.aliases.iter().filter(|a| a.status != CANDIDATE) {
                if let Some(other) = seen.insert(normalized(&a.alias), p.id) {
                    assert_eq!(other, p.id, "{} names two people", a.alias);
                }
            }
        }
        let m = PeopleMatcher::new(&people);
        let find = |qid: &str| {
            people
                .iter()
                .find(|p| p.wikidata_id.as_deref() == Some(qid))
                .unwrap()
                .id
        };
        assert_eq!(
            m.find("Lapid and Liberman met in Tel Aviv"),
            BTreeSet::from([find("Q1396120"), find("Q58311")])
        );
        assert!(m.find("ויליאם עבאס").is_empty());
        assert!(parse_registry("header\nQx\ta\tb\tc\td\nQ1\tonly three\tfields").is_empty());
    }
}
