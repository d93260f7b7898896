//! Search text normalization (rule 9): the same folding for the stored text and the query, so
//! a store (SQLite FTS5 or the in-memory one) can match tokens by equality.
//!
//! Hebrew-aware: nikud and cantillation marks are removed, final letters fold to their
//! ordinary forms (ך→כ ם→מ ן→נ ף→פ ץ→צ), geresh and gershayim (and ASCII quotes standing for
//! them inside a word) are dropped, and every Hebrew token is also indexed without up to two
//! leading one-letter prefixes ו ה ב ל מ ש כ. Latin text is lowercased.

/// Hebrew points and cantillation (U+0591–U+05C7), except the punctuation among them.
fn is_mark(c: char) -> bool {
    matches!(c, '\u{0591}'..='\u{05C7}')
        && !matches!(c, '\u{05BE}' | '\u{05C0}' | '\u{05C3}' | '\u{05C6}')
}

fn fold_final(c: char) -> char {
    match c {
        'ך' => 'כ',
        'ם' => 'מ',
        'ן' => 'נ',
        'ף' => 'פ',
        'ץ' => 'צ',
        other => other,
    }
}

fn is_hebrew_letter(c: char) -> bool {
    ('\u{05D0}'..='\u{05EA}').contains(&c)
}

const PREFIXES: [char; 7] = ['ו', 'ה', 'ב', 'ל', 'מ', 'ש', 'כ'];

/// Splits `text` into normalized tokens (no prefix forms).
pub fn tokens(text: &str) -> Vec<String> {
    // Sized for a word of eight Hebrew letters: grown from empty, each token's string was
    // reallocated two or three times (most of the clusterer's reallocations).
    const WORD: usize = 16;
    let mut out = Vec::with_capacity(text.len() / 8 + 1);
    let mut cur = String::with_capacity(WORD);
    for c in text.chars() {
        if is_mark(c) {
            continue;
        }
        // Geresh, gershayim and quotes inside a Hebrew word (צה"ל) are part of the word.
        if matches!(c, '\u{05F3}' | '\u{05F4}' | '"' | '\'')
            && cur.chars().last().is_some_and(is_hebrew_letter)
        {
            continue;
        }
        // Hebrew letters and ASCII first: the Unicode tables are searched only for the rest
        // (both gave a tenth of clustering's time).
        let word_char = if is_hebrew_letter(c) {
            cur.push(fold_final(c));
            true
        } else if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                cur.push(c.to_ascii_lowercase());
            }
            c.is_ascii_alphanumeric()
        } else if is_general_punctuation(c) {
            // Dashes, quotes and spaces of headlines: none is alphanumeric.
            false
        } else if c.is_alphanumeric() {
            cur.extend(fold_final(c).to_lowercase());
            true
        } else {
            false
        };
        if !word_char && !cur.is_empty() {
            out.push(std::mem::replace(&mut cur, String::with_capacity(WORD)));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `c.is_alphanumeric()`, Hebrew letters and ASCII answered before the Unicode tables
/// (searched slowly: a Hebrew letter was a search each).
pub(crate) fn is_alphanumeric(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        is_hebrew_letter(c) || (!is_general_punctuation(c) && c.is_alphanumeric())
    }
}

/// The General Punctuation block (U+2000..U+206F: spaces, dashes, quotation marks),
/// none of it alphanumeric: asked before the Unicode tables, which are searched slowly.
fn is_general_punctuation(c: char) -> bool {
    ('\u{2000}'..='\u{206F}').contains(&c)
}

/// The one token of `word` when it is made only of Hebrew letters, lowercase ASCII letters
/// and digits (as [`tokens`] would give it, final letters folded); `None` for anything else,
/// which [`tokens`] must read. Loading the word lists at every start spent a third of its
/// time in the general path.
pub(crate) fn plain_token(word: &str) -> Option<String> {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if is_hebrew_letter(c) {
            out.push(fold_final(c));
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The forms a token is indexed under: itself, and for Hebrew words the forms without one or
/// two leading prefix letters, as long as two letters remain.
pub fn forms(token: &str) -> Vec<String> {
    form_slices(token).map(str::to_owned).collect()
}

/// [`forms`] as slices of `token` (each form is a suffix of it), without allocating: the
/// clusterer asks for them for every word it reads (stop words, concepts).
pub fn form_slices(token: &str) -> impl Iterator<Item = &str> {
    let mut next = Some(token);
    let mut stripped = 0;
    std::iter::from_fn(move || {
        let current = next.take()?;
        if stripped < 2 {
            let mut chars = current.chars();
            if let Some(c) = chars.next() {
                if PREFIXES.contains(&c) && chars.clone().nth(1).is_some() {
                    next = Some(chars.as_str());
                    stripped += 1;
                }
            }
        }
        Some(current)
    })
}

/// Every indexed form of `text`.
pub fn index_forms(text: &str) -> Vec<String> {
    let mut v: Vec<String> = tokens(text).iter().flat_map(|t| forms(t)).collect();
    v.sort();
    v.dedup();
    v
}

/// Whether every token of `query` matches an indexed form of the document (given as its
/// sorted [`index_forms`]); a query token matches when one of its own forms is there.
pub fn matches(query: &str, document_forms: &[String]) -> bool {
    let q = tokens(query);
    !q.is_empty()
        && q.iter().all(|t| {
            forms(t)
                .iter()
                .any(|f| document_forms.binary_search(f).is_ok())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn no_general_punctuation_is_alphanumeric() {
        let block: Vec<char> = ('\u{2000}'..='\u{206F}').collect();
        assert_eq!(block.len(), 0x70);
        assert!(block
            .iter()
            .all(|c| is_general_punctuation(*c) && !c.is_alphanumeric()));
        // The fast answer is the tables' for the Basic Multilingual Plane and beyond.
        for c in ('\0'..='\u{FFFF}').chain(['\u{1F600}', '\u{10400}', '\u{1D7CE}']) {
            assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "{:X}", c as u32);
        }
        assert!(!is_general_punctuation('\u{2070}') && !is_general_punctuation('\u{1FFF}'));
        assert_eq!(tokens("נתניהו–גנץ: “הסכם”"), vec!["נתניהו", "גנצ", "הסכמ"]);
    }

    #[test]
    fn a_plain_token_is_the_one_token_of_its_word() {
        // Every word of the shipped background lists, and words the fast path refuses.
        let lists = [
            crate::cluster::background::BUILTIN_HE,
            crate::cluster::background::BUILTIN_EN,
        ];
        let words = lists
            .iter()
            .flat_map(|l| l.lines())
            .filter_map(|l| l.split_once('\t'))
            .flat_map(|(_, ws)| ws.split(' '));
        let mut plain = 0;
        for w in words.chain(["Israel", "צה\"ל", "שָׁלוֹם", "a-b", ""]) {
            if let Some(t) = plain_token(w) {
                assert_eq!(tokens(w), [t], "{w}");
                plain += 1;
            }
        }
        assert!(plain > 75_000, "{plain}");
        assert_eq!(plain_token("Israel"), None);
        assert_eq!(plain_token("שלום"), Some("שלומ".to_string()));
    }

    /// Tokens as the Unicode tables alone define them (before the Hebrew and ASCII fast
    /// paths of [`tokens`]).
    fn tokens_by_tables(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = String::new();
        for c in text.chars() {
            if is_mark(c) {
                continue;
            }
            if matches!(c, '\u{05F3}' | '\u{05F4}' | '"' | '\'')
                && cur.chars().last().is_some_and(is_hebrew_letter)
            {
                continue;
            }
            if c.is_alphanumeric() {
                cur.extend(fold_final(c).to_lowercase());
            } else if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        }
        if !cur.is_empty() {
            out.push(cur);
        }
        out
    }

    /// Characters of every path: Hebrew letters with their final forms, points and
    /// gershayim, ASCII, and letters, digits and marks of other scripts.
    fn text() -> impl Strategy<Value = String> {
        let chars: Vec<char> =
            "אבגדהוזחטיכךלמםנןסעפףצץקרשתְּׁ״׳\"'AZaz09 .,-_ÀÉñßДжΣς١٢ـ\u{200F}\u{0301}"
                .chars()
                .collect();
        prop::collection::vec(
            prop_oneof![4 => prop::sample::select(chars), 1 => any::<char>()],
            0..40,
        )
        .prop_map(|v| v.into_iter().collect())
    }

    proptest! {
        #[test]
        fn fast_paths_tokenize_as_the_tables_do(text in text()) {
            prop_assert_eq!(tokens(&text), tokens_by_tables(&text));
        }
    }

    #[test]
    fn hebrew_folding() {
        assert_eq!(tokens("שָׁלוֹם עולם"), vec!["שלומ", "עולמ"]);
        assert_eq!(tokens("צה\"ל ו-צה״ל"), vec!["צהל", "ו", "צהל"]);
        assert_eq!(tokens("Knesset, BUDGET!"), vec!["knesset", "budget"]);
        assert_eq!(forms("והממשלה"), vec!["והממשלה", "הממשלה", "ממשלה"]);
        assert_eq!(forms("בית"), vec!["בית", "ית"]);
        assert_eq!(forms("של"), vec!["של"]);
        let doc = index_forms("ראש הממשלה נאם בכנסת");
        assert!(matches("ממשלה", &doc));
        assert!(matches("כנסת", &doc));
        assert!(matches("בממשלה", &doc));
        assert!(matches("הַמֶּמְשָׁלָה", &doc));
        assert!(!matches("תקציב", &doc));
        assert!(!matches("", &doc));
    }
}
