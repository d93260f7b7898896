//! A consonant skeleton shared by a name in Hebrew letters and its Latin transliteration, so
//! `כרמון` and `Carmon`, `חיפה` and `Haifa`, `שמעון` and `Shimon` get the same key.
//!
//! Hand-written because no crate bridges Hebrew and Latin spelling of names: vowels and the
//! Hebrew letters that write them (א ה ו י ע) are dropped, and consonants that the two
//! scripts confuse share one symbol: b/v/w (ב, a consonant ו), p/f (פ), s/sh (ס ש), k/c/q (כ
//! ק), h/ch/kh (ח, a word-initial ה), t/th (ט ת), z/ts/tz (ז צ), g/j (ג). A single ו writes
//! either v (לוי, Levi) or o/u (כרמון, Carmon), so a Hebrew word has one skeleton per reading
//! of its (at most two) inner vavs. A skeleton is only a hint: the clusterer weighs it like
//! any other feature and needs three consonants before it uses one.

/// The skeletons of a Hebrew word (normalized: no points, final letters folded), one per
/// reading of its inner single vavs (vowel first).
pub fn hebrew(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    // Inner single vavs: vowel or consonant.
    let ambiguous: Vec<usize> = (1..chars.len())
        .filter(|&i| {
            chars[i] == 'ו' && chars.get(i + 1) != Some(&'ו') && chars.get(i - 1) != Some(&'ו')
        })
        .take(2)
        .collect();
    let mut out: Vec<String> = Vec::new();
    for mask in 0..(1u32 << ambiguous.len()) {
        let consonant = |i: usize| {
            ambiguous
                .iter()
                .position(|&a| a == i)
                .is_some_and(|k| mask & (1 << k) != 0)
        };
        let s = hebrew_reading(&chars, consonant);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

fn hebrew_reading(chars: &[char], vav_consonant: impl Fn(usize) -> bool) -> String {
    let mut out = String::with_capacity(chars.len());
    for (i, &c) in chars.iter().enumerate() {
        let s = match c {
            'ב' => 'b',
            'ג' => 'g',
            'ד' => 'd',
            'ז' | 'צ' | 'ץ' => 'z',
            'ח' => 'h',
            'ט' | 'ת' => 't',
            'כ' | 'ך' | 'ק' => 'k',
            'ל' => 'l',
            'מ' | 'ם' => 'm',
            'נ' | 'ן' => 'n',
            'ס' | 'ש' => 's',
            'פ' | 'ף' => 'p',
            'ר' => 'r',
            // A double vav is a consonant (דוויד); a single one is as the reading says.
            'ו' if chars.get(i + 1) == Some(&'ו') => 'b',
            'ו' if vav_consonant(i) => 'b',
            // Word-initial ה is a consonant (Haifa is חיפה, Herzog is הרצוג).
            'ה' if i == 0 => 'h',
            _ => continue,
        };
        if !out.ends_with(s) {
            out.push(s);
        }
    }
    out
}

/// The skeleton of a Latin word (lower case).
pub fn latin(word: &str) -> String {
    let w: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(w.len());
    let mut i = 0;
    let push = |out: &mut String, s: char| {
        if !out.ends_with(s) {
            out.push(s);
        }
    };
    while i < w.len() {
        let next = w.get(i + 1).copied();
        let (s, used) = match (w[i], next) {
            ('s', Some('h')) => (Some('s'), 2),
            ('c', Some('h')) | ('k', Some('h')) => (Some('h'), 2),
            ('t', Some('z')) | ('t', Some('s')) => (Some('z'), 2),
            ('t', Some('h')) => (Some('t'), 2),
            ('p', Some('h')) => (Some('p'), 2),
            ('c', Some('k')) => (Some('k'), 2),
            ('c', Some('e' | 'i' | 'y')) => (Some('s'), 1),
            ('c' | 'k' | 'q', _) => (Some('k'), 1),
            ('b' | 'v' | 'w', _) => (Some('b'), 1),
            ('p' | 'f', _) => (Some('p'), 1),
            ('j' | 'g', _) => (Some('g'), 1),
            ('x', _) => {
                push(&mut out, 'k');
                (Some('s'), 1)
            }
            ('h', _) if i == 0 => (Some('h'), 1),
            ('h', _) => (None, 1),
            ('a' | 'e' | 'i' | 'o' | 'u' | 'y', _) => (None, 1),
            (c, _) if c.is_ascii_alphabetic() => (Some(c), 1),
            _ => (None, 1),
        };
        if let Some(s) = s {
            push(&mut out, s);
        }
        i += used;
    }
    out
}

/// The skeletons of a normalized token in either script; empty for other scripts and
/// digits.
pub fn of(token: &str) -> Vec<String> {
    match token.chars().next() {
        Some(first) if ('\u{05D0}'..='\u{05EA}').contains(&first) => hebrew(token),
        Some(first) if first.is_ascii_alphabetic() => vec![latin(token)],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_meet_across_scripts() {
        for (he, en) in [
            ("כרמונ", "carmon"),
            ("כרמונ", "karmon"),
            ("חיפה", "haifa"),
            ("שמעונ", "shimon"),
            ("לוי", "levi"),
            ("כהנ", "cohen"),
            ("אשדוד", "ashdod"),
            ("נתניהו", "netanyahu"),
            ("הרצוג", "herzog"),
            ("צפת", "tzfat"),
            ("פרידמנ", "friedman"),
            ("דוויד", "david"),
        ] {
            assert!(
                hebrew(he).contains(&latin(en)),
                "{he} {:?} / {en} {}",
                hebrew(he),
                latin(en)
            );
        }
        assert_ne!(latin("carmon"), latin("cameron"));
        assert!(of("123").is_empty());
        assert_eq!(hebrew("כרמונ")[0], "krmn");
    }
}
