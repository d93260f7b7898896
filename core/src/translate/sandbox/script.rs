//! Writing a word in another script: Latin ↔ Hebrew with the project's transliteration,
//! Cyrillic ↔ Latin with a table.
//!
//! The Cyrillic table is written here because no maintained crate goes from Latin to
//! Cyrillic, and the Cyrillic → Latin direction must be its exact inverse on the sandbox's own
//! output to stay deterministic and readable. It follows GOST 7.79-2000 system B with the
//! common simplifications (`ts`, `ch`, `sh`, `shch`, `yu`, `ya`, `kh`).

use lashon_vocab::Script;

use crate::hebrew::translit::{latin, modern};

/// Cyrillic letters and their Latin spelling (lower case).
const CYRILLIC: &[(char, &str)] = &[
    ('а', "a"),
    ('б', "b"),
    ('в', "v"),
    ('г', "g"),
    ('д', "d"),
    ('е', "e"),
    ('ё', "yo"),
    ('ж', "zh"),
    ('з', "z"),
    ('и', "i"),
    ('й', "y"),
    ('к', "k"),
    ('л', "l"),
    ('м', "m"),
    ('н', "n"),
    ('о', "o"),
    ('п', "p"),
    ('р', "r"),
    ('с', "s"),
    ('т', "t"),
    ('у', "u"),
    ('ф', "f"),
    ('х', "kh"),
    ('ц', "ts"),
    ('ч', "ch"),
    ('ш', "sh"),
    ('щ', "shch"),
    ('ъ', ""),
    ('ы', "y"),
    ('ь', ""),
    ('э', "e"),
    ('ю', "yu"),
    ('я', "ya"),
    // Ukrainian letters read the same way.
    ('і', "i"),
    ('ї', "yi"),
    ('є', "ye"),
    ('ґ', "g"),
];

/// Latin spellings to Cyrillic, longest first so `shch` wins over `sh`.
const LATIN_TO_CYRILLIC: &[(&str, char)] = &[
    ("shch", 'щ'),
    ("sch", 'щ'),
    ("kh", 'х'),
    ("zh", 'ж'),
    ("ts", 'ц'),
    ("ch", 'ч'),
    ("sh", 'ш'),
    ("yu", 'ю'),
    ("ya", 'я'),
    ("yo", 'ё'),
    ("ye", 'е'),
    ("a", 'а'),
    ("b", 'б'),
    ("c", 'к'),
    ("d", 'д'),
    ("e", 'е'),
    ("f", 'ф'),
    ("g", 'г'),
    ("h", 'х'),
    ("i", 'и'),
    ("k", 'к'),
    ("l", 'л'),
    ("m", 'м'),
    ("n", 'н'),
    ("o", 'о'),
    ("p", 'п'),
    ("q", 'к'),
    ("r", 'р'),
    ("s", 'с'),
    ("t", 'т'),
    ("u", 'у'),
    ("v", 'в'),
    ("w", 'в'),
    ("x", 'к'),
    ("y", 'й'),
    ("z", 'з'),
];

/// Cyrillic → Latin, keeping the case of the first letter.
pub fn cyrillic_to_latin(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        let lower = c.to_lowercase().next().unwrap_or(c);
        match CYRILLIC.iter().find(|(k, _)| *k == lower) {
            Some((_, latin)) if c != lower => out.push_str(&capitalized(latin)),
            Some((_, latin)) => out.push_str(latin),
            None => out.push(c),
        }
    }
    out
}

/// Latin → Cyrillic, keeping the case of the first letter.
pub fn latin_to_cyrillic(word: &str) -> String {
    let lower = word.to_lowercase();
    let upper_first = word.chars().next().is_some_and(char::is_uppercase);
    let mut out = String::with_capacity(word.len() * 2);
    let mut rest = lower.as_str();
    while let Some(c) = rest.chars().next() {
        if c == 'j' {
            // `j` is two letters in Russian spelling of names (James → Джеймс).
            out.push_str("дж");
            rest = &rest[1..];
            continue;
        }
        match LATIN_TO_CYRILLIC
            .iter()
            .find(|(latin, _)| rest.starts_with(latin))
        {
            Some((latin, cyr)) => {
                out.push(*cyr);
                rest = &rest[latin.len()..];
            }
            None => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if upper_first {
        capitalized(&out)
    } else {
        out
    }
}

fn capitalized(s: &str) -> String {
    let mut it = s.chars();
    match it.next() {
        Some(first) => first.to_uppercase().chain(it).collect(),
        None => String::new(),
    }
}

/// The script a word is written in (its first letter's).
pub fn word_script(word: &str) -> Script {
    word.chars()
        .find(|c| c.is_alphabetic())
        .map(Script::of_char)
        .unwrap_or(Script::ZYYY)
}

/// `word` written in `target` script; scripts without a rule keep the word.
pub fn into_script(word: &str, target: Script) -> String {
    let from = word_script(word);
    if from == target {
        return word.to_string();
    }
    let latin = || -> String {
        match from {
            s if s == Script::LATN => word.to_string(),
            s if s == Script::HEBR => modern::transliterate(word).0,
            s if s == Script::CYRL => cyrillic_to_latin(word),
            _ => word.to_string(),
        }
    };
    match target {
        t if t == Script::LATN => latin(),
        t if t == Script::HEBR => match from {
            s if s == Script::LATN || s == Script::CYRL => latin::transliterate(&latin()),
            _ => word.to_string(),
        },
        t if t == Script::CYRL => match from {
            s if s == Script::LATN || s == Script::HEBR => latin_to_cyrillic(&latin()),
            _ => word.to_string(),
        },
        _ => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_round_trips_through_latin() {
        for w in ["Москва", "щука", "журнал", "Юля", "хлеб", "цирк", "чай"]
        {
            assert_eq!(latin_to_cyrillic(&cyrillic_to_latin(w)), w, "{w}");
        }
        assert_eq!(cyrillic_to_latin("Щедрин"), "Shchedrin");
        assert_eq!(latin_to_cyrillic("James"), "Джамес");
    }

    #[test]
    fn words_change_script() {
        assert_eq!(word_script("שלום"), Script::HEBR);
        assert_eq!(into_script("Google", Script::HEBR), "גוגל");
        assert_eq!(into_script("привет", Script::LATN), "privet");
        assert_eq!(into_script("privet", Script::CYRL), "привет");
        assert!(into_script("שלום", Script::LATN)
            .chars()
            .all(|c| c.is_ascii_alphabetic()));
        assert_eq!(into_script("שלום", Script::HEBR), "שלום");
    }
}
