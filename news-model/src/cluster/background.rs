//! How common words are in general Hebrew and English text, from a background corpus: the
//! word-frequency lists of wordfreq 3.1.1 (`data/wordfreq/`, CC BY-SA 4.0, provenance in
//! its README), 50,000 Hebrew and 30,000 English words.
//!
//! Two uses. A word's weight in clustering comes from its rarity here, so it is right from
//! the first article of a stream (a stream's own document frequencies are noise until it
//! has seen many days). And the Hebrew word keys ([`super::stem`]) ask it whether what is
//! left after a prefix letter is a word (`בבירה` → `בירה`, while `בירה` keeps its `ב`).
//!
//! Frequencies are kept in centibels as wordfreq writes them: a word of frequency `f` has
//! `cB = -100·log10 f` (`את` 170, `ישראל` 267, `קוניטרה` beyond the list).

use foldhash::HashMap;
use std::sync::LazyLock;

use crate::search::{plain_token, tokens};

/// The Hebrew list shipped with the crate.
pub const BUILTIN_HE: &str = include_str!("../../data/wordfreq/he.txt");
/// The English list shipped with the crate.
pub const BUILTIN_EN: &str = include_str!("../../data/wordfreq/en.txt");

/// Word frequencies of general text, by normalized word.
#[derive(Debug, Clone, Default)]
pub struct Background {
    /// Normalized word ([`tokens`]) → centibels.
    words: HashMap<String, u16>,
    /// A word beyond the list: rarer than its last bin.
    unlisted: u16,
}

impl Background {
    /// Reads lists of `CB<TAB>word word ...` lines (the format of `data/wordfreq/*.txt`);
    /// lines that are not of that form are skipped. Words are normalized as search tokens
    /// are; a word that is not one token after that is skipped.
    pub fn parse(lists: &[&str]) -> Background {
        // Sized once (a list line holds words of about ten bytes each): a service loads the
        // lists at every start, and growing the table rehashed each word several times.
        let bytes: usize = lists.iter().map(|l| l.len()).sum();
        let mut words: HashMap<String, u16> =
            HashMap::with_capacity_and_hasher(bytes / 8, Default::default());
        let mut rarest = 0u16;
        for list in lists {
            for line in list.lines() {
                let Some((cb, ws)) = line.split_once('\t') else {
                    continue;
                };
                let Ok(cb) = cb.trim().parse::<u16>() else {
                    continue;
                };
                rarest = rarest.max(cb);
                for w in ws.split(' ') {
                    let one = plain_token(w).or_else(|| {
                        let mut t = tokens(w);
                        t.pop().filter(|_| t.is_empty())
                    });
                    if let Some(one) = one {
                        // Two spellings that normalize alike: their frequencies add up.
                        let e = words.entry(one).or_insert(u16::MAX);
                        *e = add_cb(*e, cb);
                    }
                }
            }
        }
        Background {
            words,
            unlisted: rarest.saturating_add(10),
        }
    }

    /// The lists shipped with the crate.
    pub fn builtin() -> &'static Background {
        static BUILTIN: LazyLock<Background> =
            LazyLock::new(|| Background::parse(&[BUILTIN_HE, BUILTIN_EN]));
        &BUILTIN
    }

    /// Centibels of a normalized word, `None` when it is not listed.
    pub fn word(&self, word: &str) -> Option<u16> {
        self.words.get(word).copied()
    }

    /// Centibels of a normalized word, a word not listed counting as rarer than every one.
    pub fn rarity(&self, word: &str) -> u16 {
        self.word(word).unwrap_or(self.unlisted)
    }

    /// Centibels given to what is not listed.
    pub fn unlisted(&self) -> u16 {
        self.unlisted
    }

    /// Words listed.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// The centibels of the sum of two frequencies given in centibels (`u16::MAX` is zero).
fn add_cb(a: u16, b: u16) -> u16 {
    if a == u16::MAX {
        return b;
    }
    let f = 10f64.powf(-f64::from(a) / 100.0) + 10f64.powf(-f64::from(b) / 100.0);
    (-100.0 * f.log10())
        .round()
        .clamp(0.0, f64::from(u16::MAX - 1)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_lists_load() {
        let b = Background::builtin();
        assert!(b.len() > 75_000, "{}", b.len());
        assert_eq!(b.word("את"), Some(170));
        assert_eq!(b.word("the"), Some(128));
        // Final letters folded and gershayim dropped, as in search tokens.
        assert!(b.word("צהל").is_some());
        assert!(b.word("שלומ").is_some());
        assert_eq!(b.word("קוניטרה"), None);
        assert!(b.rarity("zzzz") > b.word("אודל").unwrap_or(0));
    }

    #[test]
    fn frequencies_add_in_centibels() {
        // Two words of 10^-3 make 2·10^-3: 300 − 30.1 cB.
        assert_eq!(add_cb(300, 300), 270);
        assert_eq!(add_cb(u16::MAX, 420), 420);
    }
}
