//! The words whose meaning the verification checks read, carried across he/en/ru as words of
//! the target language: negation, sides, number words, money direction and modality.
//!
//! The lists are the protect crate's own ([`lashon_protect::lexicon::words`]), so the sandbox
//! writes exactly what the checks look for: a pseudo-translation of a correct sentence passes
//! them, and the sandbox shows integrators real verification instead of refusing every
//! sentence with a negation.

use lashon_protect::lexicon::words::{
    Modality, DIRECTION_AXES, LEFT_HE, LEFT_RU, MODALITY_PHRASES, RIGHT_HE, RIGHT_RU,
};
use lashon_protect::verify::tokens::{hebrew_readings, in_list};
use lashon_protect::verify::{is_negation_word, sides, word_values, Side};
use lashon_protect::Lang;

fn index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::He => 1,
        Lang::Ru => 2,
    }
}

fn negation(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "not",
        Lang::He => "לא",
        Lang::Ru => "не",
    }
}

fn side_word(side: Side, lang: Lang) -> &'static str {
    // English needs a context word to read `left` as a side (`left side`, not `left home`).
    match (side, lang) {
        (Side::Left, Lang::En) => "left side",
        (Side::Right, Lang::En) => "right side",
        (Side::Left, Lang::He) => LEFT_HE[0],
        (Side::Right, Lang::He) => RIGHT_HE[0],
        (Side::Left, Lang::Ru) => LEFT_RU[0],
        (Side::Right, Lang::Ru) => RIGHT_RU[0],
    }
}

fn side_of(word: &str, lang: Lang) -> Option<Side> {
    match lang {
        Lang::En => match word.to_lowercase().as_str() {
            "left" | "left-sided" => Some(Side::Left),
            "right" | "right-sided" => Some(Side::Right),
            _ => None,
        },
        Lang::He | Lang::Ru => sides(word, lang).first().copied(),
    }
}

/// The first entry of a word list as a word (`refund*` → `refund`).
fn headword(list: &[&'static str]) -> Option<&'static str> {
    list.first().map(|w| w.trim_end_matches('*'))
}

fn in_pole(word: &str, lang: Lang, list: &[&str]) -> bool {
    match lang {
        Lang::He => hebrew_readings(word).iter().any(|r| in_list(r, list)),
        Lang::En | Lang::Ru => in_list(&word.to_lowercase(), list),
    }
}

/// The target-language word for a money-direction word of the source.
fn direction_word(word: &str, from: Lang, to: Lang) -> Option<&'static str> {
    for axis in DIRECTION_AXES {
        for pole in [&axis.a, &axis.b] {
            if in_pole(word, from, pole[index(from)]) {
                return headword(pole[index(to)]);
            }
        }
    }
    None
}

/// The meaning word of `word` in `to`, if `word` is one the checks read.
pub fn concept_word(word: &str, from: Lang, to: Lang) -> Option<String> {
    if is_negation_word(word, from) {
        return Some(negation(to).to_string());
    }
    if let Some(side) = side_of(word, from) {
        return Some(side_word(side, to).to_string());
    }
    if let Some(w) = direction_word(word, from, to) {
        return Some(w.to_string());
    }
    let values = word_values(word, from);
    if values.len() == 1 {
        return values.into_iter().next();
    }
    None
}

/// A Hebrew one-letter prefix glued to a value (`ב⟦0⟧` "in …") as a word of `to`, with the
/// space that separates it from the value.
pub fn prefix_word(word: &str, from: Lang, to: Lang) -> Option<&'static str> {
    if from != Lang::He || to == Lang::He {
        return None;
    }
    let en = match word {
        "ב" => "in ",
        "ל" => "to ",
        "ה" => "the ",
        "ו" => "and ",
        "מ" => "from ",
        "ש" => "that ",
        "כ" => "as ",
        _ => return None,
    };
    Some(match (to, en) {
        (Lang::Ru, "in ") => "в ",
        (Lang::Ru, "to ") => "к ",
        (Lang::Ru, "the ") => "",
        (Lang::Ru, "and ") => "и ",
        (Lang::Ru, "from ") => "из ",
        (Lang::Ru, "that ") => "что ",
        (Lang::Ru, "as ") => "как ",
        _ => en,
    })
}

/// The script a modal phrase is written in.
fn phrase_lang(phrase: &str) -> Lang {
    match phrase.chars().find(|c| c.is_alphabetic()) {
        Some('\u{0590}'..='\u{05FF}') => Lang::He,
        Some('\u{0400}'..='\u{04FF}') => Lang::Ru,
        _ => Lang::En,
    }
}

fn modal_phrase(class: Modality, lang: Lang) -> Option<&'static str> {
    MODALITY_PHRASES
        .iter()
        .filter(|(c, p)| *c == class && phrase_lang(p) == lang)
        // The shortest phrase of the class is its plainest form (`shall`, not `is obliged to`).
        .map(|(_, p)| *p)
        .min_by_key(|p| p.len())
}

/// Modal phrases of `text` in `from` (byte ranges, most specific first as the checks read
/// them) with their rendering in `to`.
pub fn modal_phrases(text: &str, from: Lang, to: Lang) -> Vec<(usize, usize, &'static str)> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        // Lower-casing moved offsets (rare letters); leave modality to the words.
        return Vec::new();
    }
    let mut taken = vec![false; lower.len()];
    let mut out = Vec::new();
    for (class, phrase) in MODALITY_PHRASES {
        if phrase_lang(phrase) != from {
            continue;
        }
        let Some(rendering) = modal_phrase(*class, to) else {
            continue;
        };
        let mut from_at = 0;
        while let Some(found) = lower[from_at..].find(phrase) {
            let at = from_at + found;
            let end = at + phrase.len();
            from_at = end;
            let before = lower[..at].chars().next_back();
            let after = lower[end..].chars().next();
            if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric)
            {
                continue;
            }
            if *phrase == "may"
                && lower[end..]
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            {
                continue;
            }
            if taken[at..end].iter().any(|t| *t) {
                continue;
            }
            taken[at..end].iter_mut().for_each(|t| *t = true);
            out.push((at, end, rendering));
        }
    }
    out.sort_by_key(|(start, _, _)| *start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meaning_words_cross_languages() {
        assert_eq!(
            concept_word("not", Lang::En, Lang::He).as_deref(),
            Some("לא")
        );
        assert_eq!(
            concept_word("אין", Lang::He, Lang::Ru).as_deref(),
            Some("не")
        );
        assert_eq!(
            concept_word("שמאל", Lang::He, Lang::En).as_deref(),
            Some("left side")
        );
        assert_eq!(
            concept_word("fifty", Lang::En, Lang::He).as_deref(),
            Some("50")
        );
        assert_eq!(
            concept_word("credited", Lang::En, Lang::Ru).as_deref(),
            Some("зачисл")
        );
        assert_eq!(concept_word("table", Lang::En, Lang::He), None);
    }

    #[test]
    fn modal_phrases_are_rendered_by_class() {
        let found = modal_phrases("The tenant shall not sublet.", Lang::En, Lang::He);
        assert_eq!(found.len(), 1);
        let (start, end, _) = found[0];
        assert_eq!(&"The tenant shall not sublet."[start..end], "shall not");
    }
}
