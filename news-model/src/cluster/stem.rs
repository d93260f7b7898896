//! Word keys: the forms of one word that outlets write differently, brought to one key, so
//! `לירושלים`, `בירושלים` and `ירושלים`, `גופה`, `גופת` and `הגופות`, `ניצחון` and `נצחון`
//! meet, and `bodies` meets `body`.
//!
//! Hebrew, on a normalized token (no points, final letters folded):
//!
//! 1. prefix letters: a chain of ו ה ב כ ל מ ש (ו first, ב ל ה last, at most three) is
//!    stripped only where what remains is a word of the background lists
//!    ([`Background`]) of at least three letters, and at least as frequent as the whole token
//!    (a quarter as frequent after the article ה, which many nouns carry more often than
//!    not; thirty times as frequent after the rare כ): `בבירה` → `בירה`, but `בירה` (not
//!    `ירה`), `ממשלה` (not `משלה`), `שבת` and `כרמון` stay;
//! 2. one plural or construct ending: ים, ות, then a final ה or ת, where three letters
//!    remain (`נערים` → `נער`, `גופות`, `גופה`, `גופת` → `גופ`);
//! 3. full and defective spelling: ו and י inside the word are dropped (`ניצחון`, `נצחון` →
//!    `נצחנ`); the first and last letters stay (`ערבי` is not `ערב`).
//!
//! English: lower case, and a plural `s`, `es` or `ies` taken off.

use super::background::Background;

/// Letters that are prefixes (a conjunction, the article, prepositions, relative ש).
const PREFIXES: [char; 7] = ['ו', 'ה', 'ב', 'כ', 'ל', 'מ', 'ש'];

/// Whether `chain` can be a chain of prefix letters: ו only first; ב, ל and the article ה
/// only last (a preposition swallows the article); no letter twice (`ממשלה` is no `מ`+`מ`).
fn is_prefix_chain(chain: &[char]) -> bool {
    !chain.is_empty()
        && chain.len() <= 3
        && chain.iter().enumerate().all(|(i, c)| {
            PREFIXES.contains(c)
                && !chain[..i].contains(c)
                && (*c != 'ו' || i == 0)
                && (!matches!(c, 'ב' | 'ל' | 'ה') || i + 1 == chain.len())
        })
}

/// Whether a word is in Hebrew letters.
pub fn is_hebrew(word: &str) -> bool {
    word.chars()
        .next()
        .is_some_and(|c| ('\u{05D0}'..='\u{05EA}').contains(&c))
}

/// The token without the prefix letters that step 1 strips.
pub fn strip_prefixes<'w>(token: &'w str, background: &Background) -> &'w str {
    strip_prefixes_listed(token, background).0
}

/// [`strip_prefixes`] with the centibels of the word it returns (`None` when the lists do
/// not have it): the caller that weighs the word needs no second lookup, and a word is
/// listed, as itself or without its prefixes, exactly when they are `Some`.
pub fn strip_prefixes_listed<'w>(
    token: &'w str,
    background: &Background,
) -> (&'w str, Option<u16>) {
    // A chain is at most three letters and must leave three: the first six characters are
    // all it reads, kept in arrays (this runs for every word of every article).
    let mut chars = [(0usize, '\0'); 6];
    let mut n = 0;
    for (i, c) in token.char_indices().take(6) {
        chars[n] = (i, c);
        n += 1;
    }
    let letters = [chars[0].1, chars[1].1, chars[2].1];
    let mut best = token;
    let mut best_cb = background.word(token);
    for k in 1..=3.min(n.saturating_sub(3)) {
        let chain = &letters[..k];
        if !is_prefix_chain(chain) {
            // A longer chain begins with this one.
            break;
        }
        let rest = &token[chars[k].0..];
        let Some(cb) = background.word(rest) else {
            continue;
        };
        // At least as frequent; a quarter as frequent after the article (60 cB); thirty times
        // as frequent after כ, a rare prefix (`כרמון` is no `כ`+`רמון`).
        let bound = |b: u16| match (chain.contains(&'כ'), chain.last()) {
            (true, _) => b.saturating_sub(150),
            (false, Some('ה')) => b.saturating_add(60),
            _ => b,
        };
        if best_cb.is_none_or(|b| cb <= bound(b)) {
            best = rest;
            best_cb = Some(cb);
        }
    }
    (best, best_cb)
}

/// Step 2: one plural or construct ending.
fn strip_ending(word: &str) -> &str {
    let n = word.chars().count();
    // Final letters are folded: ים is written ימ.
    for end in ["ימ", "ות"] {
        if n >= 5 {
            if let Some(stem) = word.strip_suffix(end) {
                return stem;
            }
        }
    }
    for end in ['ה', 'ת'] {
        if n >= 4 {
            if let Some(stem) = word.strip_suffix(end) {
                return stem;
            }
        }
    }
    word
}

/// Step 3: ו and י inside the word dropped.
fn fold_spelling(word: &str) -> String {
    let n = word.chars().count();
    word.chars()
        .enumerate()
        .filter(|(i, c)| *i == 0 || *i + 1 == n || !matches!(c, 'ו' | 'י'))
        .map(|(_, c)| c)
        .collect()
}

/// The key of a Hebrew token.
pub fn hebrew(token: &str, background: &Background) -> String {
    unprefixed(strip_prefixes(token, background))
}

/// The key of a Hebrew word whose prefixes are already off: steps 2 and 3.
pub fn unprefixed(word: &str) -> String {
    fold_spelling(strip_ending(word))
}

/// The key of an English token (lower case).
pub fn english(token: &str) -> String {
    let n = token.len();
    if n > 4 && token.ends_with("ies") {
        return format!("{}y", &token[..n - 3]);
    }
    for end in ["sses", "shes", "ches", "xes"] {
        if n > end.len() + 1 && token.ends_with(end) {
            return token[..n - 2].to_string();
        }
    }
    let plural_s = token.ends_with('s') && !["ss", "us", "is"].iter().any(|e| token.ends_with(e));
    if n > 3 && plural_s {
        return token[..n - 1].to_string();
    }
    token.to_string()
}

/// The key of a normalized token in either script (other tokens are their own key).
pub fn key(token: &str, background: &Background) -> String {
    if is_hebrew(token) {
        hebrew(token, background)
    } else if token.chars().all(|c| c.is_ascii_lowercase()) {
        english(token)
    } else {
        token.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(t: &str) -> String {
        key(t, Background::builtin())
    }

    #[test]
    fn prefixes_are_stripped_only_before_a_word() {
        let b = Background::builtin();
        assert_eq!(strip_prefixes("בבירה", b), "בירה");
        assert_eq!(strip_prefixes("בירה", b), "בירה");
        assert_eq!(strip_prefixes("ממשלה", b), "ממשלה");
        assert_eq!(strip_prefixes("שבת", b), "שבת");
        assert_eq!(strip_prefixes("כרמונ", b), "כרמונ");
        assert_eq!(strip_prefixes("והנערימ", b), "נערימ");
        assert_eq!(strip_prefixes("הכנסת", b), "כנסת");
        assert_eq!(strip_prefixes("באשקלונ", b), "אשקלונ");
        assert_eq!(strip_prefixes("הפסקת", b), "הפסקת");
        // Nothing known after the prefix: the token stays whole.
        assert_eq!(strip_prefixes("בקוניטרה", b), "בקוניטרה");
    }

    #[test]
    fn inflections_and_spellings_meet() {
        assert_eq!(k("גופה"), k("הגופות"));
        assert_eq!(k("גופת"), k("גופה"));
        assert_eq!(k("נערימ"), k("הנער"));
        assert_eq!(k("ניצחונ"), k("נצחונ"));
        assert_eq!(k("לירושלימ"), k("ירושלימ"));
        assert_ne!(k("ערבי"), k("ערב"));
        assert_eq!(k("bodies"), "body");
        assert_eq!(k("talks"), "talk");
        assert_eq!(k("crashes"), "crash");
        assert_eq!(k("status"), "status");
    }
}
