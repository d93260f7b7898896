//! Strip points: remove vowel points, dagesh/mappiq, shin/sin dots, rafe and cantillation from
//! Hebrew text, keeping the letters and Hebrew punctuation (issue 12, scope 1).
//!
//! The rule, in order:
//! 1. Presentation forms U+FB1D–U+FB4F are decomposed first (compatibility decomposition, so
//!    `שּׁ` U+FB2C becomes shin + dagesh + shin dot and the wide letters U+FB21–U+FB28 become
//!    their plain letters); their points are then removed like any other.
//! 2. Every character [`is_point`] says is a point is dropped.
//! 3. The result is NFC.
//!
//! Kept on purpose: maqaf U+05BE, paseq U+05C0, sof pasuq U+05C3, nun hafukha U+05C6, geresh
//! U+05F3 and gershayim U+05F4 — they are punctuation, not points.

use unicode_normalization::char::decompose_compatible;
use unicode_normalization::UnicodeNormalization;

/// True for the marks strip removes: cantillation U+0591–U+05AF, points U+05B0–U+05BD
/// (sheva … meteg, including dagesh/mappiq U+05BC), rafe U+05BF, shin dot U+05C1, sin dot
/// U+05C2, upper and lower dots U+05C4/U+05C5, qamats qatan U+05C7 and the Judeo-Spanish varika
/// U+FB1E.
pub fn is_point(c: char) -> bool {
    matches!(
        c,
        '\u{0591}'..='\u{05AF}'
            | '\u{05B0}'..='\u{05BD}'
            | '\u{05BF}'
            | '\u{05C1}'
            | '\u{05C2}'
            | '\u{05C4}'
            | '\u{05C5}'
            | '\u{05C7}'
            | '\u{FB1E}'
    )
}

/// True for the Hebrew presentation forms block that rule 1 decomposes.
pub fn is_presentation_form(c: char) -> bool {
    ('\u{FB1D}'..='\u{FB4F}').contains(&c)
}

/// `text` without points, cantillation or presentation forms, in NFC.
///
/// ```
/// use lashon_core::hebrew::strip_points;
///
/// assert_eq!(strip_points("שָׁלוֹם"), "שלום");
/// // Maqaf and sof pasuq stay; cantillation goes.
/// assert_eq!(strip_points("כָּל־הָאָ֑רֶץ׃"), "כל־הארץ׃");
/// // Presentation forms are decomposed first: U+FB2A is shin with shin dot.
/// assert_eq!(strip_points("\u{FB2A}ם"), "שם");
/// ```
pub fn strip_points(text: &str) -> String {
    let mut bare = String::with_capacity(text.len());
    for c in text.chars() {
        if is_presentation_form(c) {
            // Rule 1.
            decompose_compatible(c, |d| {
                if !is_point(d) {
                    bare.push(d);
                }
            });
        } else if !is_point(c) {
            // Rule 2.
            bare.push(c);
        }
    }
    // Rule 3. Most text is already NFC; skip the allocation when it is.
    if unicode_normalization::is_nfc(&bare) {
        bare
    } else {
        bare.nfc().collect()
    }
}

/// True when `text` holds at least one character [`strip_points`] would remove or decompose.
pub fn has_points(text: &str) -> bool {
    text.chars().any(|c| is_point(c) || is_presentation_form(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_punctuation() {
        let kept = "\u{05BE}\u{05C0}\u{05C3}\u{05C6}\u{05F3}\u{05F4}";
        assert_eq!(strip_points(kept), kept);
    }

    #[test]
    fn removes_every_mark() {
        let s: String = ('\u{0591}'..='\u{05C7}').filter(|c| is_point(*c)).collect();
        assert_eq!(strip_points(&format!("א{s}ב")), "אב");
    }

    #[test]
    fn presentation_forms() {
        // U+FB2C shin with dagesh and shin dot; U+FB4B vav with holam; U+FB4F alef-lamed.
        assert_eq!(strip_points("\u{FB2C}\u{FB4B}\u{FB4F}"), "שוא\u{05DC}");
        // Wide letters U+FB21 (alef) and U+FB28 (tav) decompose to plain letters.
        assert_eq!(strip_points("\u{FB21}\u{FB28}"), "את");
    }

    #[test]
    fn nfc_and_idempotent() {
        let s = "e\u{0301} שָׁלוֹם";
        let once = strip_points(s);
        assert_eq!(once, "\u{00E9} שלום");
        assert_eq!(strip_points(&once), once);
        assert!(!has_points(&once));
    }
}
