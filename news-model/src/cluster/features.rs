//! The features of an article for clustering, in one space for Hebrew and English:
//!
//! - concepts ([`Concepts`]): `budget`, `תקציב` → the same key;
//! - name skeletons ([`skeleton`]): words that are no concept and no function word, reduced to
//!   a consonant key so a name in Hebrew letters meets its transliteration;
//! - numbers: values written with digits (`61`, `4.5`, `150m` → `150`);
//! - codes: words of letters and digits (`F35`, `A320`), as written.
//!
//! Headline features count twice: a headline states the event, a summary adds context.

use std::collections::HashMap;

use super::concepts::Concepts;
use super::skeleton;
use crate::search::{forms, tokens};

/// The kind of a feature, which sets its base weight.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Concept,
    Name,
    Number,
}

impl Kind {
    /// Base weight: a shared name or number is stronger evidence of one event than a shared
    /// common word.
    pub fn weight(self) -> f32 {
        match self {
            Kind::Concept => 1.0,
            Kind::Name => 1.6,
            Kind::Number => 1.3,
        }
    }
}

/// A feature key: its kind and value.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Feature {
    pub kind: Kind,
    pub value: String,
}

/// Weight of headline features relative to summary ones.
pub const HEADLINE_WEIGHT: f32 = 2.0;

/// English function and reporting words: never features.
const STOP_EN: &[&str] = &[
    "a",
    "about",
    "after",
    "against",
    "all",
    "also",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "been",
    "before",
    "being",
    "between",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "down",
    "during",
    "each",
    "for",
    "from",
    "had",
    "has",
    "have",
    "he",
    "her",
    "here",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "just",
    "last",
    "more",
    "most",
    "new",
    "no",
    "not",
    "now",
    "of",
    "off",
    "on",
    "one",
    "only",
    "or",
    "other",
    "our",
    "out",
    "over",
    "said",
    "says",
    "she",
    "so",
    "some",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "two",
    "under",
    "up",
    "us",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "amid",
    "says",
    "according",
    "told",
    "report",
    "reported",
    "reports",
    "announced",
    "announces",
    "statement",
    "says",
    "news",
    "update",
    "live",
    "first",
    "second",
    "three",
    "four",
    "five",
    "per",
    "cent",
    "percent",
    "mr",
    "ms",
    "dr",
    "vs",
    "via",
    "yet",
    "still",
    "even",
    "may",
    "might",
    "must",
    "should",
    "set",
    "says",
    "make",
    "made",
    "take",
    "took",
    "get",
    "got",
    "way",
    "part",
    "time",
    "year",
    "years",
    "day",
    "days",
    "week",
];

/// Hebrew function and reporting words (normalized: final letters folded).
const STOP_HE: &[&str] = &[
    "של",
    "את",
    "על",
    "עמ",
    "גמ",
    "כי",
    "אבל",
    "או",
    "אמ",
    "לא",
    "כל",
    "זה",
    "זו",
    "זאת",
    "הוא",
    "היא",
    "הם",
    "הנ",
    "אני",
    "אנחנו",
    "אתמ",
    "יש",
    "אינ",
    "היה",
    "היתה",
    "היו",
    "יהיה",
    "כבר",
    "עוד",
    "רק",
    "מאוד",
    "אחרי",
    "לפני",
    "בינ",
    "תחת",
    "כמו",
    "אשר",
    "שלא",
    "אלא",
    "מול",
    "אל",
    "ידי",
    "בידי",
    "לאחר",
    "כדי",
    "אחד",
    "אחת",
    "שני",
    "שתי",
    "שלוש",
    "ארבע",
    "חמש",
    "אמר",
    "אמרה",
    "אמרו",
    "הודיע",
    "הודיעה",
    "הודיעו",
    "לדברי",
    "לדבריו",
    "לדבריה",
    "מסר",
    "מסרה",
    "נמסר",
    "דיווח",
    "דווח",
    "לפי",
    "היומ",
    "אתמול",
    "מחר",
    "השבוע",
    "השנה",
    "שנה",
    "שנימ",
    "יומ",
    "ימימ",
    "חדש",
    "חדשה",
    "חדשימ",
    "גדול",
    "גדולה",
    "רב",
    "רבימ",
    "כמה",
    "מה",
    "מי",
    "איפה",
    "למה",
    "איכ",
    "כנ",
    "לו",
    "לה",
    "להמ",
    "בו",
    "בה",
    "בהמ",
    "ממנו",
    "ממנה",
    "אותו",
    "אותה",
    "אותמ",
    "שלו",
    "שלה",
    "שלהמ",
    "עצמו",
    "מעל",
    "ביותר",
    "יותר",
    "פחות",
    "אלפ",
];

fn is_stop(token: &str) -> bool {
    if token
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
    {
        STOP_EN.contains(&token)
    } else {
        forms(token).iter().any(|f| STOP_HE.contains(&f.as_str()))
    }
}

/// Numbers written with digits, normalized (`4,5` and `4.5` → `4.5`; `1,200` → `1200`).
pub fn numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() || (i > 0 && chars[i - 1].is_alphanumeric()) {
            i += 1;
            continue;
        }
        let mut raw = String::new();
        while i < chars.len() {
            let c = chars[i];
            let sep = matches!(c, '.' | ',')
                && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())
                && !raw.is_empty();
            if c.is_ascii_digit() || sep {
                raw.push(c);
                i += 1;
            } else {
                break;
            }
        }
        // A comma before exactly three digits groups thousands; else it is a decimal mark.
        let mut value = String::new();
        let parts: Vec<&str> = raw.split([',', '.']).collect();
        let seps: Vec<char> = raw.chars().filter(|c| matches!(c, ',' | '.')).collect();
        for (k, part) in parts.iter().enumerate() {
            if k > 0 {
                let grouping = seps[k - 1] == ',' && part.len() == 3;
                if !grouping {
                    value.push('.');
                }
            }
            value.push_str(part);
        }
        let value = value.trim_start_matches('0').to_string();
        if !value.is_empty() && value != "." {
            out.push(value);
        }
    }
    out
}

/// The weighted features of one text.
fn add_text(text: &str, weight: f32, concepts: &Concepts, out: &mut HashMap<Feature, f32>) {
    let mut add = |kind: Kind, value: String, w: f32| {
        *out.entry(Feature { kind, value }).or_insert(0.0) += w * kind.weight() * weight;
    };
    for token in tokens(text) {
        if token.chars().all(|c| c.is_ascii_digit()) || is_stop(&token) {
            continue;
        }
        if let Some(id) = concepts.of(&token) {
            add(Kind::Concept, id.to_string(), 1.0);
            continue;
        }
        if token.chars().count() < 3 {
            continue;
        }
        // Letters with digits (F35, covid19, a320): a code, kept as written.
        if token.chars().any(|c| c.is_ascii_digit()) {
            add(Kind::Name, format!("={token}"), 1.0);
            continue;
        }
        // A word the table does not know: as a name, under every prefix reading.
        let readings = forms(&token);
        let mut skeletons: Vec<String> = readings
            .iter()
            .flat_map(|r| skeleton::of(r))
            .filter(|s| s.chars().count() >= 3)
            .collect();
        skeletons.sort();
        skeletons.dedup();
        let share = 1.0 / skeletons.len().max(1) as f32;
        for s in skeletons {
            add(Kind::Name, s, share);
        }
    }
    for n in numbers(text) {
        add(Kind::Number, n, 1.0);
    }
}

/// The features of an article: its headline and summary.
pub fn extract(headline: &str, summary: &str, concepts: &Concepts) -> HashMap<Feature, f32> {
    let mut out = HashMap::new();
    add_text(headline, HEADLINE_WEIGHT, concepts, &mut out);
    add_text(summary, 1.0, concepts, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_values() {
        assert_eq!(
            numbers("61 MKs, 4.5% and 4,5 and 1,200 or 150m"),
            ["61", "4.5", "4.5", "1200", "150"]
        );
        assert_eq!(numbers("COVID19 route 6"), ["6"]);
    }

    #[test]
    fn hebrew_and_english_articles_share_features() {
        let c = Concepts::builtin();
        let en = extract(
            "Knesset passes budget with 61 votes",
            "Finance Minister Yael Carmon hailed the vote.",
            c,
        );
        let he = extract(
            "הכנסת אישרה את התקציב ברוב של 61",
            "שרת האוצר יעל כרמון בירכה.",
            c,
        );
        let shared: Vec<&Feature> = en.keys().filter(|k| he.contains_key(*k)).collect();
        let kinds: Vec<Kind> = shared.iter().map(|f| f.kind).collect();
        assert!(kinds.contains(&Kind::Concept), "{shared:?}");
        assert!(kinds.contains(&Kind::Number), "{shared:?}");
        assert!(kinds.contains(&Kind::Name), "{shared:?}");
        assert!(!en.keys().any(|f| f.value == "the"));
    }
}
