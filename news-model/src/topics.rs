//! Desk classification of articles (`topic`): a feed's own category when the table maps it,
//! else a weighted vocabulary vote over the headline (counted twice) and the summary.
//!
//! Data apart from the rule: the built-in table (`data/topics.tsv`, written for this project)
//! has `topic<TAB>lang<TAB>form<TAB>weight` lines (weights 1–3, 3 decisive), then, after a
//! `# feed categories` line, `topic<TAB>-<TAB>category<TAB>0` lines mapping RSS `<category>`
//! values (compared without regard to case). A caller may build its own with
//! [`TopicLexicon::parse`].

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::reference::Topic;
use crate::search::{forms, tokens};

/// The table shipped with the crate.
pub const BUILTIN_TSV: &str = include_str!("../data/topics.tsv");

/// The smallest winning score: one decisive word (weight 3) in the headline, or as much
/// evidence from weaker hints; below it an article is `general`.
pub const MIN_SCORE: u32 = 6;

/// The vocabulary and the feed-category map.
#[derive(Debug, Clone, Default)]
pub struct TopicLexicon {
    forms: foldhash::HashMap<String, Vec<(Topic, u8)>>,
    categories: foldhash::HashMap<String, Topic>,
}

impl TopicLexicon {
    /// Reads a table; lines that do not parse are skipped (the table is data; its tests check
    /// it whole).
    pub fn parse(tsv: &str) -> TopicLexicon {
        let mut lex = TopicLexicon::default();
        let mut feed_section = false;
        for line in tsv.lines() {
            let line = line.trim_end_matches('\r');
            if line.trim() == "# feed categories" {
                feed_section = true;
                continue;
            }
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            let [topic, _lang, form, weight] = cols[..] else {
                continue;
            };
            let Some(topic) = Topic::parse(topic) else {
                continue;
            };
            if feed_section {
                lex.categories
                    .entry(form.trim().to_lowercase())
                    .or_insert(topic);
                continue;
            }
            let words = tokens(form);
            let (Ok(weight), [token]) = (weight.parse::<u8>(), words.as_slice()) else {
                continue;
            };
            let entry = lex.forms.entry(token.clone()).or_default();
            if !entry.iter().any(|(t, _)| *t == topic) {
                entry.push((topic, weight));
            }
        }
        lex
    }

    /// The strongest weight of a word form for a desk other than `except` (0 when no
    /// other desk lists it).
    pub fn desk_weight_except(&self, token: &str, except: Topic) -> u8 {
        self.forms.get(token).map_or(0, |v| {
            v.iter()
                .filter(|(t, _)| *t != except)
                .map(|x| x.1)
                .max()
                .unwrap_or(0)
        })
    }

    /// The strongest desk weight of a word form (0 when no desk lists it).
    pub fn desk_weight(&self, token: &str) -> u8 {
        self.forms
            .get(token)
            .map_or(0, |v| v.iter().map(|x| x.1).max().unwrap_or(0))
    }

    /// The built-in table.
    pub fn builtin() -> &'static TopicLexicon {
        static BUILTIN: LazyLock<TopicLexicon> = LazyLock::new(|| TopicLexicon::parse(BUILTIN_TSV));
        &BUILTIN
    }

    /// The desk of a feed category, when the table maps it.
    pub fn category(&self, category: &str) -> Option<Topic> {
        Topic::parse(category.trim()).or_else(|| {
            self.categories
                .get(&category.trim().to_lowercase())
                .copied()
        })
    }

    fn vote(&self, text: &str, weight: u32, scores: &mut HashMap<Topic, u32>) {
        for token in tokens(text) {
            let hit = forms(&token)
                .iter()
                .find_map(|f| self.forms.get(f.as_str()));
            for (topic, w) in hit.into_iter().flatten() {
                *scores.entry(*topic).or_insert(0) += u32::from(*w) * weight;
            }
        }
    }

    /// The desk of an article: its feed category when mapped, else the vocabulary vote.
    pub fn classify(&self, category: Option<&str>, headline: &str, summary: &str) -> Topic {
        if let Some(topic) = category.and_then(|c| self.category(c)) {
            return topic;
        }
        let mut scores = HashMap::new();
        self.vote(headline, 2, &mut scores);
        self.vote(summary, 1, &mut scores);
        scores
            .into_iter()
            .filter(|(_, s)| *s >= MIN_SCORE)
            // Highest score; ties go to the desk listed first in the spec's table.
            .max_by_key(|(t, s)| {
                (
                    *s,
                    std::cmp::Reverse(Topic::ALL.iter().position(|x| x == t)),
                )
            })
            .map(|(t, _)| t)
            .unwrap_or(Topic::General)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_then_vocabulary() {
        let t = TopicLexicon::builtin();
        assert_eq!(t.classify(Some("Sport"), "anything", ""), Topic::Sports);
        assert_eq!(t.classify(Some("economy"), "anything", ""), Topic::Economy);
        assert_eq!(
            t.classify(None, "Knesset passes budget in first reading", ""),
            Topic::Politics
        );
        assert_eq!(
            t.classify(None, "הגשם ממשיך: שיטפונות בנגב", ""),
            Topic::Weather
        );
        assert_eq!(
            t.classify(None, "Maccabi beat Hapoel 2-1 in the derby", ""),
            Topic::Sports
        );
        assert_eq!(t.classify(None, "Hello", ""), Topic::General);
    }
}
