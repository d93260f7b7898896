//! Level resolution by the Unicode Bidirectional Algorithm (UAX #9).
//!
//! Two paths give the same levels. Paragraphs without explicit embeddings, overrides or
//! isolates (nearly all real text) take the fast path of this crate (`paragraph` for P1–P3,
//! `implicit` for W1–I2); any other paragraph, and [`resolve_full`] for every paragraph, go
//! through the `unicode-bidi` crate for P1–I2. Rule L1 is applied here, once per paragraph,
//! because the crate's public helper re-copies the levels of the whole text for every line,
//! which is quadratic on documents with many paragraphs. Each paragraph is treated as one
//! line, which is what the API's runs describe (and what the Unicode conformance files
//! assume).

use lashon_vocab::{BaseDir, Dir};
use unicode_bidi::{BidiClass, BidiInfo, Level};

use crate::class::class_of;
use crate::implicit;
pub use crate::paragraph::{paragraphs, Paragraph};

/// Resolved embedding levels of a text, one per character, after rule L1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolution {
    pub paragraphs: Vec<Paragraph>,
    /// The level of each character (`text.chars()`), in logical order.
    pub levels: Vec<u8>,
}

impl Resolution {
    /// The base direction of the whole text: the forced base, else the direction of the first
    /// paragraph that has a strong character (the first-strong rule over the text), else LTR.
    pub fn base_dir(&self, base: BaseDir) -> Dir {
        base_dir(&self.paragraphs, base)
    }
}

/// The base direction of a text of `paragraphs`: the forced base, else the direction of the
/// first paragraph with a strong character, else LTR.
pub(crate) fn base_dir(paragraphs: &[Paragraph], base: BaseDir) -> Dir {
    if let Some(dir) = base.forced() {
        return dir;
    }
    paragraphs
        .iter()
        .find(|p| p.has_strong)
        .map(Paragraph::dir)
        .unwrap_or(Dir::Ltr)
}

/// Resolves `text` with the paragraph base `base` (`auto` applies P2–P3 to each paragraph).
///
/// A paragraph without explicit embeddings, overrides or isolates takes the fast path
/// (`implicit`: one decoding pass and one sweep, no `BidiInfo`); any other paragraph is
/// resolved by `unicode-bidi`. [`resolve_full`] resolves every paragraph by `unicode-bidi`;
/// the two give the same levels (the conformance and property tests check it).
///
/// ```
/// use lashon_bidi::uba::resolve;
/// use lashon_vocab::BaseDir;
///
/// let r = resolve("abc אבג", BaseDir::Auto);
/// assert_eq!(r.paragraphs[0].level, 0);
/// assert_eq!(r.levels, [0, 0, 0, 0, 1, 1, 1]);
/// ```
pub fn resolve(text: &str, base: BaseDir) -> Resolution {
    let paragraphs = paragraphs(text, base);
    let mut levels = Vec::with_capacity(text.len());
    let mut pairs = Vec::new();
    for para in &paragraphs {
        let para_text = &text[para.range.clone()];
        let chars = para_text.chars().map(|c| (c, class_of(c)));
        if !implicit::resolve_paragraph(chars, para.level, &mut levels, &mut pairs) {
            resolve_paragraph_full(para_text, para.level, &mut levels);
        }
    }
    Resolution { paragraphs, levels }
}

/// Like [`resolve`], with the fast path only: `None` when a paragraph holds an explicit
/// embedding, override or isolate. For tests that hold the fast path to the full one.
pub fn resolve_fast(text: &str, base: BaseDir) -> Option<Resolution> {
    let paragraphs = paragraphs(text, base);
    let mut levels = Vec::with_capacity(text.len());
    let mut pairs = Vec::new();
    for para in &paragraphs {
        let para_text = &text[para.range.clone()];
        let chars = para_text.chars().map(|c| (c, class_of(c)));
        if !implicit::resolve_paragraph(chars, para.level, &mut levels, &mut pairs) {
            return None;
        }
    }
    Some(Resolution { paragraphs, levels })
}

/// Resolves `text` entirely by `unicode-bidi` (P1–I2 over the whole text), with the
/// paragraph rules and L1 of this crate: the reference the fast path is held to.
pub fn resolve_full(text: &str, base: BaseDir) -> Resolution {
    let forced = base.forced().map(level_of);
    let info = BidiInfo::new(text, forced);
    let mut byte_levels: Vec<u8> = info.levels.iter().map(|l| l.number()).collect();
    let mut paragraphs: Vec<Paragraph> = Vec::with_capacity(info.paragraphs.len());
    for para in &info.paragraphs {
        let range = para.range.clone();
        // P1 splits CR LF into two paragraphs; it is one line end, so the LF joins the
        // paragraph its CR ends.
        if &text[range.clone()] == "\n" {
            if let Some(prev) = paragraphs.last_mut() {
                if text[..range.start].ends_with('\r') {
                    byte_levels[range.clone()].fill(prev.level);
                    prev.range.end = range.end;
                    continue;
                }
            }
        }
        let classes = &info.original_classes[range.clone()];
        paragraphs.push(Paragraph {
            has_strong: rule_p2_first_strong(&text[range.clone()], classes).is_some(),
            range,
            level: para.level.number(),
        });
    }
    let mut levels = Vec::with_capacity(text.len());
    let text_level = paragraphs.iter().find(|p| p.has_strong).map(|p| p.level);
    for para in &mut paragraphs {
        let range = para.range.clone();
        let para_text = &text[range.clone()];
        match text_level {
            // HL1, as `paragraphs` applies it: a neutral paragraph takes the text's level.
            Some(text_level) if forced.is_none() && !para.has_strong => {
                para.level = text_level;
                resolve_paragraph_full(para_text, text_level, &mut levels);
            }
            _ => {
                let from = levels.len();
                levels.extend(
                    para_text
                        .char_indices()
                        .map(|(i, _)| byte_levels[range.start + i]),
                );
                let kinds = para_text
                    .char_indices()
                    .map(|(i, _)| L1Kind::of(info.original_classes[range.start + i]));
                rule_l1(kinds, &mut levels[from..], para.level);
            }
        }
    }
    Resolution { paragraphs, levels }
}

fn level_of(dir: Dir) -> Level {
    match dir {
        Dir::Ltr => Level::ltr(),
        Dir::Rtl => Level::rtl(),
    }
}

/// One paragraph resolved by `unicode-bidi` at the paragraph level `level`, its levels (one
/// per character, after L1) appended to `levels`.
pub(crate) fn resolve_paragraph_full(text: &str, level: u8, levels: &mut Vec<u8>) {
    let info = BidiInfo::new(text, Level::new(level).ok());
    let from = levels.len();
    levels.extend(text.char_indices().map(|(i, _)| info.levels[i].number()));
    let kinds = text
        .char_indices()
        .map(|(i, _)| L1Kind::of(info.original_classes[i]));
    rule_l1(kinds, &mut levels[from..], level);
}

/// P2: the class of the first strong character (L, R, AL) of a paragraph, skipping
/// characters between an isolate initiator and its matching PDI. `classes` has one entry per
/// byte of `text`.
pub fn rule_p2_first_strong(text: &str, classes: &[BidiClass]) -> Option<BidiClass> {
    use BidiClass::*;
    let mut isolate_depth = 0usize;
    for (i, _) in text.char_indices() {
        match classes[i] {
            LRI | RLI | FSI => isolate_depth += 1,
            PDI => isolate_depth = isolate_depth.saturating_sub(1),
            class @ (L | R | AL) if isolate_depth == 0 => return Some(class),
            _ => {}
        }
    }
    None
}

/// What L1 needs to know of a character's original class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum L1Kind {
    /// Segment and paragraph separators (S, B).
    Separator,
    /// Whitespace (WS) and isolate formatting characters.
    Whitespace,
    /// Characters removed by X9 (embedding controls, BN).
    Removed,
    Other,
}

impl L1Kind {
    fn of(class: BidiClass) -> L1Kind {
        use BidiClass::*;
        match class {
            B | S => L1Kind::Separator,
            WS | FSI | LRI | RLI | PDI => L1Kind::Whitespace,
            RLE | LRE | RLO | LRO | PDF | BN => L1Kind::Removed,
            _ => L1Kind::Other,
        }
    }
}

/// L1: on each line, reset to the paragraph level (1) segment and paragraph separators,
/// (2) any sequence of whitespace and isolate formatting characters before them, and
/// (3) any such sequence at the end of the line. Characters removed by X9 (embedding
/// controls, BN) inside such sequences are reset too; elsewhere they take the level of the
/// preceding character, as UAX #9 section 5.2 ("Retaining BNs and Explicit Formatting
/// Characters") suggests, so they never split a run.
///
/// Fed one character at a time, with the level the implicit rules gave it, so the fast path
/// can apply it in the same sweep.
pub(crate) struct LineEnd {
    para_level: u8,
    reset_from: Option<usize>,
    prev_level: u8,
}

impl LineEnd {
    pub(crate) fn new(para_level: u8) -> LineEnd {
        LineEnd {
            para_level,
            reset_from: None,
            prev_level: para_level,
        }
    }

    /// Sets `levels[i]` for a character of `kind` that the implicit rules put at `level`.
    #[inline]
    pub(crate) fn step(&mut self, levels: &mut [u8], i: usize, kind: L1Kind, level: u8) {
        match kind {
            L1Kind::Separator => {
                let from = self.reset_from.take().unwrap_or(i);
                levels[from..=i].fill(self.para_level);
            }
            L1Kind::Whitespace => {
                self.reset_from.get_or_insert(i);
                levels[i] = level;
            }
            L1Kind::Removed => {
                self.reset_from.get_or_insert(i);
                levels[i] = self.prev_level;
            }
            L1Kind::Other => {
                self.reset_from = None;
                levels[i] = level;
            }
        }
        self.prev_level = levels[i];
    }

    /// The end of the line: trailing whitespace goes back to the paragraph level.
    pub(crate) fn finish(self, levels: &mut [u8]) {
        if let Some(from) = self.reset_from {
            levels[from..].fill(self.para_level);
        }
    }
}

/// L1 over a paragraph whose levels the implicit rules set, with the original classes as
/// `kinds` (one per character).
fn rule_l1(kinds: impl Iterator<Item = L1Kind>, levels: &mut [u8], para_level: u8) {
    let mut line_end = LineEnd::new(para_level);
    for (i, kind) in kinds.enumerate() {
        let level = levels[i];
        line_end.step(levels, i, kind, level);
    }
    line_end.finish(levels);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_whitespace_takes_paragraph_level() {
        // "אבג abc " in an RTL paragraph: the trailing space goes back to level 1 (L1).
        let text = "אבג abc ";
        let r = resolve(text, BaseDir::Rtl);
        assert_eq!(r.paragraphs[0].level, 1);
        assert_eq!(*r.levels.last().unwrap(), 1);
        assert_eq!(r.levels[4], 2);
    }

    #[test]
    fn paragraphs_resolve_independently() {
        let r = resolve("abc\nאבג", BaseDir::Auto);
        assert_eq!(r.paragraphs.len(), 2);
        assert_eq!(r.paragraphs[0].level, 0);
        assert_eq!(r.paragraphs[1].level, 1);
        assert_eq!(r.base_dir(BaseDir::Auto), Dir::Ltr);
        let r = resolve("123\nאבג", BaseDir::Auto);
        assert!(!r.paragraphs[0].has_strong);
        assert_eq!(r.base_dir(BaseDir::Auto), Dir::Rtl);
    }

    #[test]
    fn neutral_paragraphs_follow_the_text() {
        let r = resolve("שורה\n\n12:30\nעוד", BaseDir::Auto);
        let levels: Vec<u8> = r.paragraphs.iter().map(|p| p.level).collect();
        assert_eq!(levels, [1, 1, 1, 1]);
        // Alone, a neutral paragraph keeps P3's default.
        assert_eq!(resolve("12:30", BaseDir::Auto).paragraphs[0].level, 0);
    }

    #[test]
    fn crlf_is_one_paragraph_end() {
        let r = resolve("שלום\r\nעולם", BaseDir::Auto);
        assert_eq!(r.paragraphs.len(), 2);
        assert_eq!(r.paragraphs[0].range, 0..10);
        assert_eq!(r.levels[5], 1);
        assert_eq!(r, resolve_full("שלום\r\nעולם", BaseDir::Auto));
    }

    #[test]
    fn p2_skips_isolates() {
        let r = resolve("\u{2066}abc\u{2069} אבג", BaseDir::Auto);
        assert_eq!(r.paragraphs[0].level, 1);
    }
}
