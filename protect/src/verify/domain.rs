//! Domain checks: finance `direction_swapped` (error) / `direction_lost` (warning) over the money
//! direction axes and who owes whom; legal `modality_changed` and `defined_term_changed`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use regex::Regex;

use super::tokens::{hebrew_readings, in_list, words};
use crate::lexicon::words::{Modality, DIRECTION_AXES, MODALITY_PHRASES};
use crate::model::{Issue, IssueCode, Lang};

fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::He => 1,
        Lang::Ru => 2,
    }
}

/// Poles found per axis: (count of pole a, count of pole b).
fn poles(text: &str, lang: Lang) -> Vec<(usize, usize)> {
    let ws = words(text);
    let li = lang_index(lang);
    DIRECTION_AXES
        .iter()
        .map(|axis| {
            let hit = |list: &[&str]| {
                ws.iter()
                    .filter(|w| match lang {
                        Lang::He => hebrew_readings(&w.text).iter().any(|r| list.contains(r)),
                        _ => in_list(&w.text, list),
                    })
                    .count()
            };
            (hit(axis.a[li]), hit(axis.b[li]))
        })
        .collect()
}

/// Who owes whom: (debtor person, creditor person), persons 1, 2, 3.
static OWES_EN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(i|we|you|he|she|they|it)\s+(?:still\s+)?(?:owe|owes|owed)\s+(me|us|you|him|her|them|it)\b")
        .unwrap_or_else(|e| panic!("{e}"))
});
static OWES_HE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(אני|אנחנו|אנו|אתה|את|אתם|אתן|הוא|היא|הם|הן)\s+(?:עדיין\s+)?(?:חייב|חייבת|חייבים|חייבות)\s+(לי|לנו|לך|לכם|לכן|לו|לה|להם|להן)")
        .unwrap_or_else(|e| panic!("{e}"))
});
static OWES_RU: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(я|мы|ты|вы|он|она|они)\s+(?:ещё\s+|еще\s+)?(?:должен|должна|должны|должно)\s+(мне|нам|тебе|вам|ему|ей|им)")
        .unwrap_or_else(|e| panic!("{e}"))
});

fn person(word: &str) -> u8 {
    match word.to_lowercase().as_str() {
        "i" | "we" | "me" | "us" | "אני" | "אנחנו" | "אנו" | "לי" | "לנו" | "я" | "мы" | "мне"
        | "нам" => 1,
        "you" | "אתה" | "את" | "אתם" | "אתן" | "לך" | "לכם" | "לכן" | "ты" | "вы" | "тебе"
        | "вам" => 2,
        _ => 3,
    }
}

fn owes(text: &str, lang: Lang) -> Vec<(u8, u8)> {
    let re = match lang {
        Lang::En => &*OWES_EN,
        Lang::He => &*OWES_HE,
        Lang::Ru => &*OWES_RU,
    };
    re.captures_iter(text)
        .filter_map(|c| Some((person(c.get(1)?.as_str()), person(c.get(2)?.as_str()))))
        .collect()
}

/// Finance domain rule: a translation that swaps any money direction is rejected.
pub fn check_direction(source: &str, src: Lang, target: &str, tgt: Lang, out: &mut Vec<Issue>) {
    let s = poles(source, src);
    let t = poles(target, tgt);
    for ((axis, (sa, sb)), (ta, tb)) in DIRECTION_AXES.iter().zip(s).zip(t) {
        if sa + sb == 0 {
            continue;
        }
        let swapped =
            (sa > 0 && sb == 0 && ta == 0 && tb > 0) || (sb > 0 && sa == 0 && tb == 0 && ta > 0);
        if swapped {
            out.push(Issue::error(
                IssueCode::DirectionSwapped,
                format!(
                    "{}: the translation reverses the direction of the source",
                    axis.name
                ),
            ));
        } else if ta + tb == 0 {
            out.push(Issue::warning(
                IssueCode::DirectionLost,
                format!(
                    "{}: the source states a direction and the translation does not",
                    axis.name
                ),
            ));
        }
    }
    let so = owes(source, src);
    if !so.is_empty() {
        let to = owes(target, tgt);
        if so
            .iter()
            .any(|(d, c)| to.contains(&(*c, *d)) && !to.contains(&(*d, *c)))
        {
            out.push(Issue::error(
                IssueCode::DirectionSwapped,
                "who owes whom: debtor and creditor are reversed",
            ));
        }
    }
}

/// The modality classes of a sentence; a phrase consumes its words so `shall not` is not also
/// `shall`.
pub fn modalities(text: &str) -> BTreeSet<Modality> {
    let lower = format!(" {} ", text.to_lowercase());
    let mut consumed = vec![false; lower.len()];
    let mut out = BTreeSet::new();
    for (class, phrase) in MODALITY_PHRASES {
        let mut from = 0;
        while let Some(found) = lower[from..].find(phrase) {
            let at = from + found;
            let end = at + phrase.len();
            from = end;
            let b = lower[..at].chars().next_back();
            let a = lower[end..].chars().next();
            if b.is_some_and(char::is_alphanumeric) || a.is_some_and(char::is_alphanumeric) {
                continue;
            }
            // `May 5`: the month, not the modal.
            if *phrase == "may"
                && lower[end..]
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            {
                continue;
            }
            if consumed[at..end].iter().any(|c| *c) {
                continue;
            }
            consumed[at..end].iter_mut().for_each(|c| *c = true);
            out.insert(*class);
        }
    }
    out
}

/// Legal domain rule: a translation that changes modality is rejected. An obligation may be
/// carried by the Hebrew or Russian future tense, so only a missing obligation is tolerated.
pub fn check_modality(source: &str, target: &str, out: &mut Vec<Issue>) {
    let s = modalities(source);
    let t = modalities(target);
    let added: Vec<_> = t.difference(&s).collect();
    let lost: Vec<_> = s
        .difference(&t)
        .filter(|m| **m != Modality::Obligation)
        .collect();
    if !added.is_empty() || !lost.is_empty() {
        let names = |v: &[&Modality]| v.iter().map(|m| m.as_str()).collect::<Vec<_>>().join(", ");
        out.push(Issue::error(
            IssueCode::ModalityChanged,
            format!(
                "modality changed: lost [{}], added [{}]",
                names(&lost),
                names(&added)
            ),
        ));
    }
}

/// Renderings of defined terms across a document (legal: "renders each defined term the same way
/// throughout"). The first translation of a definition fixes the rendering.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DefinedTerms {
    renderings: BTreeMap<String, String>,
}

/// A quoted string starting at the haystack's start (see [`quoted_strings`]).
static QUOTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^["“«״]([^"”»״\n]{1,60})["”»״]"#).unwrap_or_else(|e| panic!("{e}"))
});

/// The quoted strings of a text, in order. A quote glued to a letter before it is Hebrew
/// gershayim (`בע"מ`, `ד"ר`), never an opening quote.
fn quoted_strings(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    for (at, c) in text.char_indices() {
        if at < from || !matches!(c, '"' | '“' | '«' | '״') {
            continue;
        }
        if text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        if let Some(m) = QUOTED.captures(&text[at..]).and_then(|c| c.get(1)) {
            out.push(&text[at + m.start()..at + m.end()]);
            from = at + m.end() + 1;
        }
    }
    out
}

impl DefinedTerms {
    pub fn new() -> DefinedTerms {
        DefinedTerms::default()
    }

    /// Sets a rendering explicitly (for example from a glossary).
    pub fn insert(&mut self, term: impl Into<String>, rendering: impl Into<String>) {
        self.renderings.insert(term.into(), rendering.into());
    }

    pub fn rendering(&self, term: &str) -> Option<&str> {
        self.renderings.get(term).map(String::as_str)
    }

    /// Checks one verified sentence pair, then learns the renderings of the terms it defines
    /// (the quoted strings of the translation, in order).
    pub fn check_and_learn(&mut self, source: &str, target: &str, out: &mut Vec<Issue>) {
        for (term, rendering) in &self.renderings {
            let used = source.match_indices(term.as_str()).any(|(at, _)| {
                !source[..at]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
                    && !source[at + term.len()..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric)
            });
            if used && !target.contains(rendering.as_str()) {
                out.push(Issue::error(
                    IssueCode::DefinedTermChanged,
                    format!("the defined term `{term}` must be rendered `{rendering}` as before"),
                ));
            }
        }
        let defined = crate::spans::defined_terms(source);
        let quoted = quoted_strings(target);
        for (term, rendering) in defined.iter().zip(quoted) {
            self.renderings
                .entry(term.clone())
                .or_insert_with(|| rendering.to_string());
        }
    }
}
