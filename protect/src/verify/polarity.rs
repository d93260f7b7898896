//! `negation_lost`, `laterality_lost`, `laterality_swapped`.

use super::tokens::{hebrew_readings, in_list, words, Word};
use crate::lexicon::words::{
    CONCORD_HE, CONCORD_RU, LATERAL_CONTEXT_EN, LATERAL_VERBS_EN, LEFT_HE, LEFT_RU, NEGATION_EN,
    NEGATION_HE, NEGATION_RU, RIGHT_HE, RIGHT_RU,
};
use crate::model::{Issue, IssueCode, Lang};

/// Prefixes that may stand before a Hebrew negation particle (`ולא`, `שלא`, `כשאין`); others
/// would turn ordinary words into negations (`מלא` "full").
fn hebrew_negation(word: &str) -> bool {
    let bare = ["", "ו", "ש", "וש", "כש", "וכש", "ה"]
        .iter()
        .filter_map(|p| word.strip_prefix(p))
        .any(|rest| NEGATION_HE.contains(&rest));
    bare
}

/// Longest sentence (in words) read as an elliptical answer (`Nothing.`, `אף פעם!`,
/// `Никогда.`), where a negative-concord word negates on its own.
const ELLIPTICAL_WORDS: usize = 3;

/// How many negations a sentence carries.
///
/// Hebrew and Russian are negative-concord languages: `שום`, `אף`, `מעולם`, `ничего`,
/// `никогда` negate only together with a particle (`לא … שום דבר`, `никто не` are one
/// negation, like English `nothing`), so they add nothing when a particle is present. Without
/// a particle they count once only in an elliptical answer of at most [`ELLIPTICAL_WORDS`]
/// words; in a full clause a concord word without its particle does not negate (`לעולם`
/// "forever", `כלום אתה יודע?` "do you know anything?"), which is also what a translation that
/// dropped the particle looks like.
pub fn negation_count(text: &str, lang: Lang) -> usize {
    let ws = words(text);
    let elliptical = ws.len() <= ELLIPTICAL_WORDS;
    match lang {
        Lang::En => ws
            .iter()
            .filter(|w| NEGATION_EN.contains(&w.text.as_str()))
            .count(),
        Lang::He => {
            // `אי אפשר`, `בלתי אפשרי` "impossible" negate like `cannot` (`בלתי` alone is a
            // negative prefix of an adjective, `בלתי נסבל` "obnoxious", and is not counted).
            let impossible = ws
                .windows(2)
                .filter(|p| {
                    let next = hebrew_readings(&p[1].text);
                    (p[0].text == "אי" && next.contains(&"אפשר"))
                        || (hebrew_readings(&p[0].text).contains(&"בלתי")
                            && next.contains(&"אפשרי"))
                })
                .count();
            let particles = ws.iter().filter(|w| hebrew_negation(&w.text)).count() + impossible;
            let concord = ws.iter().any(|w| {
                hebrew_readings(&w.text)
                    .iter()
                    .any(|r| CONCORD_HE.contains(r))
            });
            if particles > 0 {
                particles
            } else {
                usize::from(concord && elliptical)
            }
        }
        Lang::Ru => {
            let particles = ws
                .iter()
                .filter(|w| NEGATION_RU.contains(&w.text.as_str()))
                .count();
            let concord = ws.iter().any(|w| CONCORD_RU.contains(&w.text.as_str()));
            if particles > 0 {
                particles
            } else {
                usize::from(concord && elliptical)
            }
        }
    }
}

/// `negation_lost` (error): the translation carries fewer negations than the source. Counts
/// are compared, not presence, so a doubly negated sentence that loses one negation is caught
/// too (issue 4: negation is a meaning flip, the clinical rules make it blocking).
pub fn check_negation(source: &str, src: Lang, target: &str, tgt: Lang, out: &mut Vec<Issue>) {
    let s = negation_count(source, src);
    let t = negation_count(target, tgt);
    if s > 0 && t == 0 {
        out.push(Issue::error(
            IssueCode::NegationLost,
            format!("the source is negated ({s}) and the translation is not"),
        ));
    } else if t < s {
        out.push(Issue::error(
            IssueCode::NegationLost,
            format!("the source has {s} negations and the translation {t}"),
        ));
    }
}

/// A side mentioned in a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

fn english_side(ws: &[Word], i: usize) -> Option<Side> {
    let side = match ws[i].text.as_str() {
        "left" | "left-sided" => Side::Left,
        "right" | "right-sided" => Side::Right,
        _ => return None,
    };
    let next = ws.get(i + 1).map(|w| w.text.as_str());
    let prev = i.checked_sub(1).map(|j| ws[j].text.as_str());
    let prev2 = i.checked_sub(2).map(|j| ws[j].text.as_str());
    let context_next = next.is_some_and(|n| LATERAL_CONTEXT_EN.contains(&n));
    let verb_before = prev.is_some_and(|p| LATERAL_VERBS_EN.contains(&p));
    // `on the left`, `to the right of`, `from left to right`.
    let the_end = prev == Some("the")
        && matches!(prev2, Some("on" | "to" | "at" | "from" | "towards"))
        && next.is_none_or(|n| matches!(n, "of" | "and" | "or" | "side"));
    let left_to_right = matches!(next, Some("to"))
        && matches!(
            ws.get(i + 2).map(|w| w.text.as_str()),
            Some("left" | "right")
        );
    let from =
        prev == Some("from") || (prev == Some("to") && matches!(prev2, Some("left" | "right")));
    (context_next || verb_before || the_end || left_to_right || from).then_some(side)
}

/// Sides mentioned in a sentence, in order.
pub fn sides(text: &str, lang: Lang) -> Vec<Side> {
    let ws = words(text);
    let mut out = Vec::new();
    for (i, w) in ws.iter().enumerate() {
        let side = match lang {
            Lang::En => english_side(&ws, i),
            Lang::He => {
                let rs = hebrew_readings(&w.text);
                if rs.iter().any(|r| LEFT_HE.contains(r)) {
                    Some(Side::Left)
                } else if rs.iter().any(|r| RIGHT_HE.contains(r)) {
                    Some(Side::Right)
                } else {
                    None
                }
            }
            Lang::Ru => {
                if in_list(&w.text, LEFT_RU) {
                    Some(Side::Left)
                } else if in_list(&w.text, RIGHT_RU) {
                    Some(Side::Right)
                } else {
                    None
                }
            }
        };
        out.extend(side);
    }
    out
}

/// `laterality_swapped` (the translation names the other side) and `laterality_lost` (the side
/// is gone), both errors: a wrong side is a wrong-site error. A source naming both sides whose
/// translation keeps only one has lost a side (warning), not swapped one.
pub fn check_laterality(source: &str, src: Lang, target: &str, tgt: Lang, out: &mut Vec<Issue>) {
    let s = sides(source, src);
    if s.is_empty() {
        return;
    }
    let t = sides(target, tgt);
    let count = |v: &[Side], x: Side| v.iter().filter(|y| **y == x).count();
    let (sl, sr, tl, tr) = (
        count(&s, Side::Left),
        count(&s, Side::Right),
        count(&t, Side::Left),
        count(&t, Side::Right),
    );
    if t.is_empty() {
        out.push(Issue::error(
            IssueCode::LateralityLost,
            "the source names a side (left/right) and the translation does not",
        ));
    } else if (sl > 0 && sr == 0 && tl == 0 && tr > 0)
        || (sr > 0 && sl == 0 && tr == 0 && tl > 0)
        || (sl != tl && sr != tr && sl + sr == tl + tr)
    {
        out.push(Issue::error(
            IssueCode::LateralitySwapped,
            format!("left/right differ: source left {sl}, right {sr}; translation left {tl}, right {tr}"),
        ));
    } else if tl < sl || tr < sr {
        out.push(Issue::warning(
            IssueCode::LateralityLost,
            "a side named in the source is missing from the translation",
        ));
    }
}
