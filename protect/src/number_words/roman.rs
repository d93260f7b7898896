//! Roman numerals with a century word: `XIV век`, `в XIX веке`, `XIX—XX вв.`, `XIV century`
//! (issue 21: `в XIV веке` for "the 14th century"). Only next to a century word, as a lone
//! `I`, `V` or `C` is far more often a word or a letter.

use super::{canonical, ONE};
use crate::verify::tokens::Word;

/// The value of a Roman numeral in canonical form (`XIV`), up to 3999.
pub fn roman_value(s: &str) -> Option<u64> {
    const SYMBOLS: [(&str, u64); 13] = [
        ("M", 1000),
        ("CM", 900),
        ("D", 500),
        ("CD", 400),
        ("C", 100),
        ("XC", 90),
        ("L", 50),
        ("XL", 40),
        ("X", 10),
        ("IX", 9),
        ("V", 5),
        ("IV", 4),
        ("I", 1),
    ];
    if s.is_empty() || s.len() > 15 {
        return None;
    }
    let mut rest = s;
    let mut value = 0;
    for (sym, v) in SYMBOLS {
        // At most three of a one-letter symbol, one of a two-letter one.
        let max = if sym.len() == 1 { 3 } else { 1 };
        let mut n = 0;
        while n < max {
            match rest.strip_prefix(sym) {
                Some(r) => {
                    rest = r;
                    value += v;
                    n += 1;
                }
                None => break,
            }
        }
    }
    // Canonical form only (`IIII`, `VX` are not numerals).
    (rest.is_empty() && value > 0).then_some(value)
}

/// `век`, `века`, `веке`, …, `century`, `centuries`, and the abbreviations `в.` and `вв.` (with
/// their period, as a bare `в` is "in").
fn century_word(text: &str, word: &Word) -> bool {
    let w = word.text.as_str();
    let period = text
        .get(word.start + w.len()..)
        .is_some_and(|rest| rest.starts_with('.'));
    w.starts_with("век")
        || matches!(w, "century" | "centuries")
        || (period && matches!(w, "в" | "вв"))
}

/// Values of Roman numerals followed by a century word (or by another such numeral and a dash,
/// `XIX—XX вв.`).
pub(super) fn century_values(text: &str, words: &[Word]) -> Vec<String> {
    let numeral = |w: &Word| -> Option<u64> {
        // The original spelling: Roman numerals are capitals (`в` "in" is no `V`).
        let original = text.get(w.start..w.start + w.text.len())?;
        original
            .bytes()
            .all(|b| b"IVXLCDM".contains(&b))
            .then(|| roman_value(original))
            .flatten()
    };
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let Some(v) = numeral(w) else { continue };
        let next = words.get(i + 1);
        let century = next.is_some_and(|n| century_word(text, n))
            || (next.is_some_and(|n| numeral(n).is_some())
                && words.get(i + 2).is_some_and(|n| century_word(text, n)));
        if century {
            out.push(canonical(v * ONE));
        }
    }
    out
}
