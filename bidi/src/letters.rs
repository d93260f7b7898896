//! Letter statistics: how much of a text each script holds, and which one dominates.
//!
//! The dominant script is the one whose words carry the text, not simply the one with the
//! most letters: a Hebrew sentence with a brand in it (`שילמתי ב-PayPal`) stays Hebrew even
//! when the brand is longer than the Hebrew words around it. Words are scored, and a word of a
//! cased script (Latin, Cyrillic, Greek...) that looks like a name — it has an upper-case
//! letter — counts a quarter when the text also has words of another script. Ties go to the
//! script with more letters, then to the one that came first. Shares and confidence are still
//! measured in letters, as the spec defines them.

use lashon_vocab::{Dir, LangTag, Script};
use unicode_bidi::{bidi_class, BidiClass};

use crate::chars::is_directional_mark;

/// Weight of a name-like word of a cased script in text that also has another script.
const NAME_WEIGHT: f64 = 0.25;

#[derive(Debug, Clone, Default)]
struct ScriptCount {
    letters: u64,
    plain_words: u64,
    name_words: u64,
    first_byte: usize,
}

/// Per-script letter and word counts of a text.
#[derive(Debug, Clone, Default)]
pub(crate) struct LetterStats {
    scripts: Vec<(Script, ScriptCount)>,
    /// Strong LTR / RTL letters seen (directional marks and digits excluded).
    pub ltr_letters: u64,
    pub rtl_letters: u64,
}

/// Classifies a character for letter counting: its script, and whether it is a letter (not a
/// mark, digit, or symbol).
#[inline]
pub(crate) fn letter_script(c: char) -> (Script, bool) {
    match c {
        'a'..='z' | 'A'..='Z' => (Script::LATN, true),
        '\0'..='\u{7f}' => (Script::ZYYY, false),
        '\u{05D0}'..='\u{05EA}' | '\u{05EF}'..='\u{05F2}' => (Script::HEBR, true),
        '\u{0591}'..='\u{05CF}' | '\u{05F3}'..='\u{05FF}' => (Script::of_char(c), false),
        _ => {
            let script = Script::of_char(c);
            let letter = !script.is_neutral()
                && c.is_alphabetic()
                && bidi_class(c) != BidiClass::NSM
                && !is_directional_mark(c);
            (script, letter)
        }
    }
}

impl LetterStats {
    fn entry(&mut self, script: Script, byte: usize) -> &mut ScriptCount {
        let idx = match self.scripts.iter().position(|(s, _)| *s == script) {
            Some(i) => i,
            None => {
                self.scripts.push((
                    script,
                    ScriptCount {
                        first_byte: byte,
                        ..Default::default()
                    },
                ));
                self.scripts.len() - 1
            }
        };
        &mut self.scripts[idx].1
    }

    /// Counts one letter.
    #[inline]
    pub(crate) fn letter(&mut self, script: Script, byte: usize) {
        self.entry(script, byte).letters += 1;
        match script.dir() {
            Some(Dir::Rtl) => self.rtl_letters += 1,
            Some(Dir::Ltr) => self.ltr_letters += 1,
            None => {}
        }
    }

    /// Counts one finished word of `script`; `name_like` when it has an upper-case letter.
    pub(crate) fn word(&mut self, script: Script, byte: usize, name_like: bool) {
        let e = self.entry(script, byte);
        if name_like {
            e.name_words += 1;
        } else {
            e.plain_words += 1;
        }
    }

    pub(crate) fn total_letters(&self) -> u64 {
        self.scripts.iter().map(|(_, c)| c.letters).sum()
    }

    /// The dominant script, `None` when the text has no letters.
    pub(crate) fn dominant(&self) -> Option<Script> {
        let multi = self.scripts.iter().filter(|(_, c)| c.letters > 0).count() > 1;
        let score = |c: &ScriptCount| {
            let name_weight = if multi { NAME_WEIGHT } else { 1.0 };
            c.plain_words as f64 + c.name_words as f64 * name_weight
        };
        self.scripts
            .iter()
            .filter(|(_, c)| c.letters > 0)
            .max_by(|(_, a), (_, b)| {
                score(a)
                    .total_cmp(&score(b))
                    .then(a.letters.cmp(&b.letters))
                    .then(b.first_byte.cmp(&a.first_byte))
            })
            .map(|(s, _)| *s)
    }

    /// Letters per language, largest first (ties by tag), as `(lang, letters)`.
    pub(crate) fn languages(&self) -> Vec<(LangTag, u64)> {
        let mut out: Vec<(LangTag, u64)> = Vec::new();
        for (script, count) in &self.scripts {
            if count.letters == 0 {
                continue;
            }
            let lang = LangTag::from_script(*script);
            match out.iter_mut().find(|(l, _)| *l == lang) {
                Some((_, n)) => *n += count.letters,
                None => out.push((lang, count.letters)),
            }
        }
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Letters written in `lang`.
    pub(crate) fn letters_of(&self, lang: &LangTag) -> u64 {
        self.scripts
            .iter()
            .filter(|(s, _)| LangTag::from_script(*s) == *lang)
            .map(|(_, c)| c.letters)
            .sum()
    }
}

/// Tracks words while characters stream by, feeding finished words to [`LetterStats`].
#[derive(Debug, Default)]
pub(crate) struct WordTracker {
    current: Option<(Script, usize, bool)>,
}

impl WordTracker {
    /// Feeds one character. `letter` says whether it is a letter of `script`; marks continue a
    /// word, anything else ends it.
    #[inline]
    pub(crate) fn push(
        &mut self,
        stats: &mut LetterStats,
        byte: usize,
        c: char,
        script: Script,
        letter: bool,
    ) {
        if letter {
            let upper = c.is_uppercase();
            match &mut self.current {
                Some((s, _, name)) if *s == script => *name |= upper,
                _ => {
                    self.end(stats);
                    self.current = Some((script, byte, upper));
                }
            }
        } else if !is_combining(c, script) {
            self.end(stats);
        }
    }

    pub(crate) fn end(&mut self, stats: &mut LetterStats) {
        if let Some((script, byte, name)) = self.current.take() {
            stats.word(script, byte, name);
        }
    }
}

/// Combining marks (Hebrew points, Arabic harakat, accents) continue the word they sit on.
fn is_combining(c: char, script: Script) -> bool {
    script == Script::ZINH
        || (('\u{0591}'..='\u{05C7}').contains(&c)
            && !matches!(c, '\u{05BE}' | '\u{05C0}' | '\u{05C3}' | '\u{05C6}'))
}

/// Letter statistics of `text` in one pass.
pub(crate) fn letter_stats(text: &str) -> LetterStats {
    let mut stats = LetterStats::default();
    let mut words = WordTracker::default();
    for (byte, c) in text.char_indices() {
        let (script, letter) = letter_script(c);
        if letter {
            stats.letter(script, byte);
        }
        words.push(&mut stats, byte, c, script, letter);
    }
    words.end(&mut stats);
    stats
}

/// Rounds a share to four decimals, so JSON output stays readable and stable.
pub(crate) fn round_share(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
