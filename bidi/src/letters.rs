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

#[derive(Debug, Clone)]
struct ScriptCount {
    script: Script,
    /// `script.dir()`, looked up once (it is a table search).
    dir: Option<Dir>,
    letters: u64,
    plain_words: u64,
    name_words: u64,
    first_byte: usize,
}

/// Per-script letter and word counts of a text.
#[derive(Debug, Clone, Default)]
pub(crate) struct LetterStats {
    scripts: Vec<ScriptCount>,
    /// Index of the script of the last word.
    last: usize,
    /// Strong LTR / RTL letters seen (directional marks and digits excluded).
    pub ltr_letters: u64,
    pub rtl_letters: u64,
}

/// Classifies a character for letter counting: its script, and whether it is a letter (not a
/// mark, digit, or symbol). The blocks of Hebrew, ASCII, Cyrillic and Arabic letters take
/// fast paths; the rest asks the Unicode data.
#[inline]
pub(crate) fn letter_script(c: char) -> (Script, bool) {
    match c {
        'a'..='z' | 'A'..='Z' => (Script::LATN, true),
        '\0'..='\u{7f}' => (Script::ZYYY, false),
        '\u{05D0}'..='\u{05EA}' | '\u{05EF}'..='\u{05F2}' => (Script::HEBR, true),
        '\u{0591}'..='\u{05CF}' | '\u{05F3}'..='\u{05FF}' => (Script::of_char(c), false),
        '\u{0410}'..='\u{044F}' | 'Ё' | 'ё' => (Script::CYRL, true),
        '\u{0621}'..='\u{063A}' | '\u{0641}'..='\u{064A}' => (Script::ARAB, true),
        '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}' => (Script::ARAB, false),
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
    /// Counts one finished word of `script` with `letters` letters; `name_like` when it has
    /// an upper-case letter.
    #[inline]
    fn add_word(&mut self, script: Script, byte: usize, letters: u64, name_like: bool) {
        // Words alternate between two or three scripts; try the last one used first.
        let found = match self.scripts.get(self.last) {
            Some(e) if e.script == script => Some(self.last),
            _ => self.scripts.iter().position(|e| e.script == script),
        };
        let entry = match found {
            Some(i) => {
                self.last = i;
                &mut self.scripts[i]
            }
            None => {
                self.last = self.scripts.len();
                self.scripts.push(ScriptCount {
                    script,
                    dir: script.dir(),
                    letters: 0,
                    plain_words: 0,
                    name_words: 0,
                    first_byte: byte,
                });
                self.scripts.last_mut().expect("just pushed")
            }
        };
        entry.letters += letters;
        if name_like {
            entry.name_words += 1;
        } else {
            entry.plain_words += 1;
        }
        match entry.dir {
            Some(Dir::Rtl) => self.rtl_letters += letters,
            Some(Dir::Ltr) => self.ltr_letters += letters,
            None => {}
        }
    }

    pub(crate) fn total_letters(&self) -> u64 {
        self.scripts.iter().map(|e| e.letters).sum()
    }

    /// The dominant script, `None` when the text has no letters.
    pub(crate) fn dominant(&self) -> Option<Script> {
        let multi = self.scripts.len() > 1;
        let score = |c: &ScriptCount| {
            let name_weight = if multi { NAME_WEIGHT } else { 1.0 };
            c.plain_words as f64 + c.name_words as f64 * name_weight
        };
        self.scripts
            .iter()
            .max_by(|a, b| {
                score(a)
                    .total_cmp(&score(b))
                    .then(a.letters.cmp(&b.letters))
                    .then(b.first_byte.cmp(&a.first_byte))
            })
            .map(|e| e.script)
    }

    /// Letters per language, largest first (ties by tag), as `(lang, letters)`.
    pub(crate) fn languages(&self) -> Vec<(LangTag, u64)> {
        let mut out: Vec<(LangTag, u64)> = Vec::new();
        for e in &self.scripts {
            let lang = LangTag::from_script(e.script);
            match out.iter_mut().find(|(l, _)| *l == lang) {
                Some((_, n)) => *n += e.letters,
                None => out.push((lang, e.letters)),
            }
        }
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Letters written in `lang`.
    pub(crate) fn letters_of(&self, lang: &LangTag) -> u64 {
        self.scripts
            .iter()
            .filter(|e| LangTag::from_script(e.script) == *lang)
            .map(|e| e.letters)
            .sum()
    }
}

/// Combining marks (Hebrew points, Arabic harakat, accents) continue the word they sit on.
#[inline]
fn is_combining(c: char, script: Script) -> bool {
    script == Script::ZINH
        || (('\u{0591}'..='\u{05C7}').contains(&c)
            && !matches!(c, '\u{05BE}' | '\u{05C0}' | '\u{05C3}' | '\u{05C6}'))
}

#[inline]
fn is_upper(c: char) -> bool {
    match c {
        '\0'..='\u{7f}' => c.is_ascii_uppercase(),
        '\u{0400}'..='\u{042F}' => true,
        '\u{0430}'..='\u{045F}' => false,
        // Hebrew, Arabic and Syriac have no case; skip the Unicode table search.
        '\u{0590}'..='\u{08FF}' => false,
        _ => c.is_uppercase(),
    }
}

/// One character as letter counting sees it.
#[derive(Clone, Copy)]
struct LetterChar {
    len: usize,
    units: usize,
    script: Script,
    letter: bool,
    upper: bool,
    combining: bool,
}

impl LetterChar {
    fn decode(c: char) -> LetterChar {
        let (script, letter) = letter_script(c);
        LetterChar {
            len: c.len_utf8(),
            units: c.len_utf16(),
            script,
            letter,
            upper: letter && is_upper(c),
            combining: is_combining(c, script),
        }
    }
}

/// The word being read and the counts it feeds, as locals of one scan.
struct Scan<F> {
    stats: LetterStats,
    /// Script of the word being read; `Script::ZYYY` between words.
    word_script: Script,
    word_start: usize,
    word_letters: u64,
    word_name_like: bool,
    last_script: Script,
    on_script: F,
}

impl<F: FnMut(usize, usize, Script)> Scan<F> {
    #[inline(always)]
    fn letter(&mut self, byte: usize, unit: usize, script: Script, upper: bool) {
        self.letters(byte, unit, script, 1, upper);
    }

    /// `count` letters of `script` in a row, the first at `byte` (UTF-16 offset `unit`).
    #[inline(always)]
    fn letters(&mut self, byte: usize, unit: usize, script: Script, count: u64, upper: bool) {
        if self.word_script == script {
            self.word_letters += count;
            self.word_name_like |= upper;
        } else {
            self.end_word();
            self.word_script = script;
            self.word_start = byte;
            self.word_letters = count;
            self.word_name_like = upper;
        }
        self.script(byte, unit, script);
    }

    #[inline(always)]
    fn script(&mut self, byte: usize, unit: usize, script: Script) {
        if script != self.last_script {
            (self.on_script)(byte, unit, script);
            self.last_script = script;
        }
    }

    #[inline(always)]
    fn end_word(&mut self) {
        if self.word_script != Script::ZYYY {
            self.stats.add_word(
                self.word_script,
                self.word_start,
                self.word_letters,
                self.word_name_like,
            );
            self.word_script = Script::ZYYY;
        }
    }
}

/// Letter statistics of `text` in one pass. `on_script` is called with the byte offset, the
/// UTF-16 offset and the script of every character whose (non-neutral) script differs from
/// the previous non-neutral one: the points where same-script segments change.
///
/// ASCII, Hebrew, basic Cyrillic and Arabic letters are read straight from the UTF-8 bytes:
/// this scan is the whole cost of `detect`, and almost all of its input is in those blocks.
/// Everything else is decoded and looked up in the Unicode data.
#[inline]
pub(crate) fn scan_letters(text: &str, on_script: impl FnMut(usize, usize, Script)) -> LetterStats {
    let bytes = text.as_bytes();
    let mut scan = Scan {
        stats: LetterStats::default(),
        word_script: Script::ZYYY,
        word_start: 0,
        word_letters: 0,
        word_name_like: false,
        last_script: Script::ZYYY,
        on_script,
    };
    let mut unit = 0;
    let mut byte = 0;
    while byte < bytes.len() {
        let b = bytes[byte];
        if b < 0x80 {
            if b.is_ascii_alphabetic() {
                // A run of ASCII letters is one word: count it in one step.
                let start = byte;
                let mut upper = false;
                while let Some(&c) = bytes.get(byte).filter(|c| c.is_ascii_alphabetic()) {
                    upper |= c.is_ascii_uppercase();
                    byte += 1;
                }
                let n = byte - start;
                scan.letters(start, unit, Script::LATN, n as u64, upper);
                unit += n;
            } else {
                scan.end_word();
                byte += 1;
                unit += 1;
            }
            continue;
        }
        let next = bytes.get(byte + 1).copied().unwrap_or(0);
        match (b, next) {
            // U+05D0–U+05EA, U+05EF–U+05F2: Hebrew letters. A run of them is one word.
            (0xD7, 0x90..=0xAA | 0xAF..=0xB2) => {
                let start = byte;
                while bytes.get(byte) == Some(&0xD7)
                    && matches!(bytes.get(byte + 1), Some(0x90..=0xAA | 0xAF..=0xB2))
                {
                    byte += 2;
                }
                let n = (byte - start) / 2;
                scan.letters(start, unit, Script::HEBR, n as u64, false);
                unit += n;
            }
            // U+0410–U+044F: basic Cyrillic letters, upper case first.
            (0xD0, 0x90..=0xBF) | (0xD1, 0x80..=0x8F) => {
                let upper = b == 0xD0 && next <= 0xAF;
                scan.letter(byte, unit, Script::CYRL, upper);
                byte += 2;
                unit += 1;
            }
            // U+0621–U+063A, U+0641–U+064A: Arabic letters.
            (0xD8, 0xA1..=0xBA) | (0xD9, 0x81..=0x8A) => {
                scan.letter(byte, unit, Script::ARAB, false);
                byte += 2;
                unit += 1;
            }
            // U+0591–U+05BD, U+05BF, U+05C1, U+05C2, U+05C4, U+05C5, U+05C7: points and
            // cantillation, which continue the word they sit on.
            (0xD6, 0x91..=0xBD | 0xBF) | (0xD7, 0x81 | 0x82 | 0x84 | 0x85 | 0x87) => {
                scan.script(byte, unit, Script::HEBR);
                byte += 2;
                unit += 1;
            }
            _ => {
                let c = text[byte..].chars().next().unwrap_or('\u{FFFD}');
                let ch = LetterChar::decode(c);
                if ch.letter {
                    scan.letter(byte, unit, ch.script, ch.upper);
                } else {
                    if !ch.combining {
                        scan.end_word();
                    }
                    if !ch.script.is_neutral() {
                        scan.script(byte, unit, ch.script);
                    }
                }
                byte += ch.len;
                unit += ch.units;
            }
        }
    }
    scan.end_word();
    scan.stats
}

/// `LangTag::from_script`, with the four scripts of the service's languages answered inline:
/// detect asks once per segment.
#[inline]
pub(crate) fn lang_of(script: Script) -> LangTag {
    match script {
        Script::HEBR => LangTag::HE,
        Script::LATN => LangTag::EN,
        Script::CYRL => LangTag::RU,
        Script::ARAB => LangTag::AR,
        other => LangTag::from_script(other),
    }
}

/// Rounds a share to four decimals, so JSON output stays readable and stable.
pub(crate) fn round_share(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_languages_are_the_vocabulary_s() {
        for script in [
            Script::HEBR,
            Script::LATN,
            Script::CYRL,
            Script::ARAB,
            Script::GREK,
        ] {
            assert_eq!(lang_of(script), LangTag::from_script(script));
        }
    }

    /// The byte-level fast paths must agree with the general classification.
    #[test]
    fn fast_paths_agree_with_decoding() {
        let blocks = [
            ('\0', '\u{7f}'),
            ('\u{0400}', '\u{04FF}'),
            ('\u{0590}', '\u{06FF}'),
        ];
        for c in blocks.iter().flat_map(|&(a, b)| a..=b) {
            let text = format!("{c}");
            let mut seen = None;
            let fast = scan_letters(&text, |_, _, script| seen = Some(script));
            let slow = LetterChar::decode(c);
            assert_eq!(
                fast.total_letters(),
                u64::from(slow.letter),
                "U+{:04X}",
                c as u32
            );
            if slow.letter {
                assert_eq!(fast.dominant(), Some(slow.script), "U+{:04X}", c as u32);
                let name_like = fast.scripts[0].name_words == 1;
                assert_eq!(name_like, slow.upper, "U+{:04X}", c as u32);
            }
            let want = (!slow.script.is_neutral()).then_some(slow.script);
            assert_eq!(seen, want, "U+{:04X}", c as u32);
        }
    }
}
