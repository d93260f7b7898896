//! Words of a sentence for the lexicon checks: lower-cased, Hebrew points dropped, with Hebrew
//! prefix letters optionally stripped and English `n't` split off.

/// One word with its position among the words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub start: usize,
}

/// Words: runs of letters and digits, keeping inner apostrophes, gershayim and geresh
/// (`don't`, `ד"ר`). English `n't` becomes a word of its own.
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        // Vowel points and cantillation marks are part of their word and dropped (`חסַר` is
        // `חסר`).
        if hebrew_point(c) {
            continue;
        }
        let inner = matches!(c, '\'' | '’' | '"' | '״' | '׳')
            && !cur.is_empty()
            && chars.peek().is_some_and(|(_, n)| n.is_alphanumeric());
        if c.is_alphanumeric() || inner {
            if cur.is_empty() {
                start = i;
            }
            cur.extend(c.to_lowercase());
        } else if !cur.is_empty() {
            push(&mut out, std::mem::take(&mut cur), start);
        }
    }
    if !cur.is_empty() {
        push(&mut out, cur, start);
    }
    out
}

/// Hebrew points (nikud, dagesh, shin/sin dots) and cantillation marks, not the punctuation of
/// the block (maqaf, paseq, sof pasuq, nun hafukha).
fn hebrew_point(c: char) -> bool {
    matches!(c, '\u{0591}'..='\u{05C7}')
        && !matches!(c, '\u{05BE}' | '\u{05C0}' | '\u{05C3}' | '\u{05C6}')
}

fn push(out: &mut Vec<Word>, w: String, start: usize) {
    let w = w.replace('’', "'");
    for suffix in ["n't"] {
        if let Some(stem) = w.strip_suffix(suffix) {
            if !stem.is_empty() {
                out.push(Word {
                    text: stem.to_string(),
                    start,
                });
                out.push(Word {
                    text: suffix.to_string(),
                    start: start + stem.len(),
                });
                return;
            }
        }
    }
    out.push(Word { text: w, start });
}

const HEBREW_PREFIXES: &str = "והבלמשכ";

/// The word and its readings without one or two Hebrew prefix letters (`ובשמאל` → `בשמאל`,
/// `שמאל`).
pub fn hebrew_readings(word: &str) -> Vec<&str> {
    let mut out = vec![word];
    let mut rest = word;
    for _ in 0..3 {
        let mut it = rest.chars();
        match it.next() {
            Some(c) if HEBREW_PREFIXES.contains(c) && it.as_str().chars().count() >= 2 => {
                rest = it.as_str();
                out.push(rest);
            }
            _ => break,
        }
    }
    out
}

/// True when `word` is in `list`; entries ending in `*` are stems.
pub fn in_list(word: &str, list: &[&str]) -> bool {
    list.iter().any(|entry| match entry.strip_suffix('*') {
        Some(stem) => word.starts_with(stem),
        None => *entry == word,
    })
}
