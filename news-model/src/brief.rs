//! The daily brief (spec, "Brief"): the most important stories of the last 24 hours, each
//! told in Hebrew and in English by sentences taken from the press (extractive).
//!
//! Stories with an article in the 24 hours before `now` are ranked by importance (newsrooms
//! plus sides), then heat, then recency; the first [`BRIEF_ITEMS`] are kept. For each story and
//! language the text is the summary, among the story's summaries in that language, that shares
//! the most words with the others (the most representative report); a story without a summary
//! in a language is told by its headline there, and one without any article in a language is
//! left to the reader's fallback. `None` when no story qualifies (the endpoint answers 404).

use std::collections::BTreeSet;

use chrono::{DateTime, Duration, Utc};

use crate::localized::Localized;
use crate::record::{BriefItemRecord, BriefRecord};
use crate::reference::Lang;
use crate::search::tokens;

/// Stories in a brief.
pub const BRIEF_ITEMS: usize = 5;

/// A story as the brief sees it.
#[derive(Debug, Clone)]
pub struct BriefCandidate {
    pub url: String,
    pub headline: Localized,
    /// Summaries of its articles, with their language.
    pub summaries: Vec<(Lang, String)>,
    pub importance: f64,
    pub heat: f64,
    pub latest_at: DateTime<Utc>,
}

/// The most representative of `texts`: the one sharing the most distinct words with the
/// others (the first on a tie).
pub fn central<'a>(texts: &[&'a str]) -> Option<&'a str> {
    let words: Vec<BTreeSet<String>> = texts
        .iter()
        .map(|t| {
            tokens(t)
                .into_iter()
                .filter(|w| w.chars().count() >= 3)
                .collect()
        })
        .collect();
    let score = |i: usize| -> usize {
        (0..texts.len())
            .filter(|&j| j != i)
            .map(|j| words[i].intersection(&words[j]).count())
            .sum()
    };
    (0..texts.len())
        .max_by_key(|&i| (score(i), std::cmp::Reverse(i)))
        .map(|i| texts[i])
}

/// Composes the brief at `now`.
pub fn compose(candidates: &[BriefCandidate], now: DateTime<Utc>) -> Option<BriefRecord> {
    let mut recent: Vec<&BriefCandidate> = candidates
        .iter()
        .filter(|c| c.latest_at <= now && now - c.latest_at < Duration::hours(24))
        .collect();
    if recent.is_empty() {
        return None;
    }
    recent.sort_by(|a, b| {
        b.importance
            .total_cmp(&a.importance)
            .then(b.heat.total_cmp(&a.heat))
            .then(b.latest_at.cmp(&a.latest_at))
            .then(a.url.cmp(&b.url))
    });
    recent.truncate(BRIEF_ITEMS);
    let items = recent
        .iter()
        .map(|c| {
            let text_in = |lang: Lang| -> Option<String> {
                let texts: Vec<&str> = c
                    .summaries
                    .iter()
                    .filter(|(l, t)| *l == lang && !t.trim().is_empty())
                    .map(|(_, t)| t.as_str())
                    .collect();
                central(&texts)
                    .map(str::to_string)
                    .or_else(|| c.headline.exact(lang).map(str::to_string))
            };
            BriefItemRecord {
                story_url: c.url.clone(),
                headline: c.headline.clone(),
                text: Localized {
                    en: text_in(Lang::En),
                    he: text_in(Lang::He),
                },
            }
        })
        .collect();
    let n = recent.len();
    Some(BriefRecord {
        generated_at: now,
        intro: Localized::both(
            format!("The {n} most important stories of the last 24 hours, as the Israeli press reported them."),
            format!("{n} הסיפורים החשובים ביותר של 24 השעות האחרונות, כפי שדיווחה עליהם העיתונות בישראל."),
        ),
        items,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn ranks_recent_stories_and_picks_central_summaries() {
        let now = Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).unwrap();
        let c = |url: &str, importance: f64, hours_ago: i64, summaries: Vec<(Lang, &str)>| {
            BriefCandidate {
                url: url.into(),
                headline: Localized::both(format!("{url} headline"), format!("{url} כותרת")),
                summaries: summaries
                    .into_iter()
                    .map(|(l, s)| (l, s.to_string()))
                    .collect(),
                importance,
                heat: 1.0,
                latest_at: now - Duration::hours(hours_ago),
            }
        };
        let stories = [
            c(
                "a",
                5.0,
                2,
                vec![
                    (Lang::En, "The Knesset passed the budget."),
                    (
                        Lang::En,
                        "The Knesset passed the state budget in a first reading, 61 to 52.",
                    ),
                    (
                        Lang::En,
                        "Budget passed in first reading, 61 to 52, the Knesset said.",
                    ),
                    (Lang::He, "הכנסת אישרה את התקציב."),
                ],
            ),
            c("b", 9.0, 30, vec![(Lang::En, "Old news.")]),
            c("c", 7.0, 1, vec![]),
        ];
        let brief = compose(&stories, now).unwrap();
        let urls: Vec<&str> = brief.items.iter().map(|i| i.story_url.as_str()).collect();
        assert_eq!(urls, ["c", "a"]);
        assert_eq!(
            brief.items[1].text.en.as_deref(),
            Some("The Knesset passed the state budget in a first reading, 61 to 52.")
        );
        assert_eq!(
            brief.items[1].text.he.as_deref(),
            Some("הכנסת אישרה את התקציב.")
        );
        // No summary: the headline tells it.
        assert_eq!(brief.items[0].text.en.as_deref(), Some("c headline"));
        assert!(compose(&stories[1..2], now).is_none());
    }
}
