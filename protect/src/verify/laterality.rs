//! `laterality_lost`, `laterality_swapped`.

use super::tokens::{hebrew_readings, in_list, words, Word};
use crate::lexicon::words::{
    LATERAL_CONTEXT_EN, LATERAL_VERBS_EN, LEFT_HE, LEFT_RU, RIGHT_HE, RIGHT_RU,
};
use crate::model::{Issue, IssueCode, Lang};

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
