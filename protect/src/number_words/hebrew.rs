//! Hebrew number words: cardinals in both genders and the construct state (`שלושה`, `שלוש`,
//! `שלושת`), teens (`חמש עשרה`), tens, hundreds (`מאה`, `מאתיים`, `שלוש מאות`), thousands
//! (`אלף`, `אלפיים`, `שלושת אלפים`), ordinals (`ראשון` … `עשירי`), duals (`יומיים`,
//! `שבועיים`), `חצי`, `רבע`, `וחצי`.
//!
//! A word may carry prefix letters (`ושלושה`, `בשבועיים`, `השלישי`).

use super::{Part, Reading, ONE};
use crate::verify::tokens::{hebrew_readings, Word};

const UNITS: [(&[&str], u64); 11] = [
    (&["אפס"], 0),
    (&["אחד", "אחת"], 1),
    (&["שניים", "שתיים", "שני", "שתי", "שנים", "שתים"], 2),
    (&["שלושה", "שלוש", "שלושת", "שלש", "שלשה", "שלשת"], 3),
    (&["ארבעה", "ארבע", "ארבעת"], 4),
    (&["חמישה", "חמש", "חמשת", "חמשה"], 5),
    (&["שישה", "שש", "ששת", "ששה"], 6),
    (&["שבעה", "שבע", "שבעת"], 7),
    (&["שמונה", "שמונת"], 8),
    (&["תשעה", "תשע", "תשעת"], 9),
    (&["עשרה", "עשר", "עשרת"], 10),
];
const TENS: [(&str, u64); 8] = [
    ("עשרים", 20),
    ("שלושים", 30),
    ("ארבעים", 40),
    ("חמישים", 50),
    ("שישים", 60),
    ("שבעים", 70),
    ("שמונים", 80),
    ("תשעים", 90),
];
const ORDINALS: [(&[&str], u64); 10] = [
    (&["ראשון", "ראשונה", "ראשונים", "ראשונות"], 1),
    (&["שנייה", "שניה", "שניים", "שניות"], 2),
    (&["שלישי", "שלישית"], 3),
    (&["רביעי", "רביעית"], 4),
    (&["חמישי", "חמישית"], 5),
    (&["שישי", "שישית"], 6),
    (&["שביעי", "שביעית"], 7),
    (&["שמיני", "שמינית"], 8),
    (&["תשיעי", "תשיעית"], 9),
    (&["עשירי", "עשירית"], 10),
];
/// Duals: never anything but a number (`שעתיים` two hours, `יומיים` two days).
pub(crate) const DUALS: [(&str, u64); 10] = [
    ("שעתיים", 2),
    ("יומיים", 2),
    ("שבועיים", 2),
    ("חודשיים", 2),
    ("שנתיים", 2),
    ("פעמיים", 2),
    ("דקותיים", 2),
    ("מאתיים", 200),
    ("אלפיים", 2000),
    ("כפליים", 2),
];
/// Loose words: a translation may render them without a number.
const LOOSE: [&str; 9] = [
    "זוג",
    "שני",
    "שתי",
    "שנים",
    "אחד",
    "אחת",
    "תריסר",
    "פעמיים",
    "כפליים",
];

/// The reading of one bare (prefix-free) form.
fn bare(form: &str) -> Option<Part> {
    if let Some((_, v)) = UNITS.iter().find(|(f, _)| f.contains(&form)) {
        return Some(Part::Unit(*v));
    }
    if let Some((_, v)) = TENS.iter().find(|(f, _)| *f == form) {
        return Some(Part::Tens(*v));
    }
    if let Some((_, v)) = ORDINALS.iter().find(|(f, _)| f.contains(&form)) {
        return Some(Part::Unit(*v));
    }
    match form {
        "מאתיים" => return Some(Part::Hundreds(200)),
        "אלפיים" => return Some(Part::Value(2000 * ONE)),
        _ => {}
    }
    if let Some((_, v)) = DUALS.iter().find(|(f, _)| *f == form) {
        return Some(Part::Value(v * ONE));
    }
    Some(match form {
        "זוג" => Part::Unit(2),
        "תריסר" => Part::Value(12 * ONE),
        "מאה" => Part::Hundreds(100),
        "מאות" => Part::Scale(100),
        "אלף" | "אלפים" | "אלפי" => Part::Scale(1000),
        "מיליון" | "מיליונים" => Part::Scale(1_000_000),
        "מיליארד" | "מיליארדים" => Part::Scale(1_000_000_000),
        "חצי" => Part::Half,
        "רבע" => Part::Value(ONE / 4),
        _ => return None,
    })
}

fn is_ordinal(form: &str) -> bool {
    ORDINALS.iter().any(|(f, _)| f.contains(&form))
}

/// The reading of word `i` of `words`.
///
/// Strict: a scale word only bare or after `ו` "and" (`ואלף`), as other prefix letters make
/// number words of ordinary ones (`לאלף` "to tame"); an ordinal after `יום` or `ימי` is a
/// weekday (`יום שלישי` "Tuesday", `בימי רביעי` "on Wednesdays"), not a number.
pub(super) fn read(words: &[Word], i: usize, strict: bool) -> Option<Reading> {
    let word = words[i].text.as_str();
    let previous = i.checked_sub(1).map(|j| words[j].text.as_str());
    // `שעה וחצי` "an hour and a half": a half after a noun adds to one.
    if word == "וחצי" {
        let after_number = i
            .checked_sub(1)
            .is_some_and(|j| read(words, j, strict).is_some());
        return Some(Reading::loose(if after_number {
            Part::Half
        } else {
            Part::Value(ONE + ONE / 2)
        }));
    }
    let weekday = previous.is_some_and(|p| {
        hebrew_readings(p)
            .iter()
            .any(|r| matches!(*r, "יום" | "ימי"))
    });
    hebrew_readings(word)
        .into_iter()
        .enumerate()
        .find_map(|(n, form)| {
            let part = bare(form)?;
            let prefixed_scale = n > 0 && word.strip_prefix('ו') != Some(form);
            if strict && prefixed_scale && matches!(part, Part::Scale(_) | Part::Hundreds(_)) {
                return None;
            }
            if strict && weekday && is_ordinal(form) {
                return None;
            }
            let loose = LOOSE.contains(&form)
                || matches!(form, "אלפים" | "אלפי" | "מאות" | "מיליונים" | "חצי" | "רבע")
                || (is_ordinal(form) && matches!(part, Part::Unit(1 | 2)));
            Some(Reading { part, loose })
        })
}
