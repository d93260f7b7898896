//! Level resolution by the Unicode Bidirectional Algorithm (UAX #9).
//!
//! Rules P1–I2 come from the `unicode-bidi` crate. Rule L1 is applied here, once per
//! paragraph, because the crate's public helper re-copies the levels of the whole text for
//! every line, which is quadratic on documents with many paragraphs. Each paragraph is treated
//! as one line, which is what the API's runs describe (and what the Unicode conformance
//! files assume).

use std::ops::Range;

use lashon_vocab::{BaseDir, Dir};
use unicode_bidi::{BidiClass, BidiInfo, Level};

/// A paragraph of the input: a byte range (including its trailing paragraph separator, if
/// any) and the paragraph embedding level chosen by rules P2–P3 or forced by the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    pub range: Range<usize>,
    pub level: u8,
    /// True when the paragraph holds a strong character outside isolates (rule P2 found one).
    pub has_strong: bool,
}

impl Paragraph {
    /// The paragraph's base direction.
    pub fn dir(&self) -> Dir {
        Dir::from_level(self.level)
    }
}

/// Resolved embedding levels of a text, one per UTF-8 byte (every byte of a character
/// carries the character's level), after rule L1.
#[derive(Debug, Clone)]
pub struct Resolution {
    pub paragraphs: Vec<Paragraph>,
    pub levels: Vec<u8>,
    /// The Bidi_Class of each byte's character.
    pub classes: Vec<BidiClass>,
}

impl Resolution {
    /// The base direction of the whole text: the forced base, else the direction of the first
    /// paragraph that has a strong character (the first-strong rule over the text), else LTR.
    pub fn base_dir(&self, base: BaseDir) -> Dir {
        if let Some(dir) = base.forced() {
            return dir;
        }
        self.paragraphs
            .iter()
            .find(|p| p.has_strong)
            .map(Paragraph::dir)
            .unwrap_or(Dir::Ltr)
    }
}

/// Resolves `text` with the paragraph base `base` (`auto` applies P2–P3 to each paragraph).
///
/// ```
/// use lashon_bidi::uba::resolve;
/// use lashon_vocab::BaseDir;
///
/// let r = resolve("abc אבג", BaseDir::Auto);
/// assert_eq!(r.paragraphs[0].level, 0);
/// assert_eq!(&r.levels[..4], &[0, 0, 0, 0]);
/// assert_eq!(r.levels[4], 1);
/// ```
pub fn resolve(text: &str, base: BaseDir) -> Resolution {
    let forced = base.forced().map(|d| match d {
        Dir::Ltr => Level::ltr(),
        Dir::Rtl => Level::rtl(),
    });
    let info = BidiInfo::new(text, forced);
    let mut levels: Vec<u8> = info.levels.iter().map(|l| l.number()).collect();
    let mut paragraphs: Vec<Paragraph> = Vec::with_capacity(info.paragraphs.len());
    for para in &info.paragraphs {
        let range = para.range.clone();
        // P1 splits CR LF into two paragraphs; it is one line end, so the LF joins the
        // paragraph its CR ends.
        if &text[range.clone()] == "\n" {
            if let Some(prev) = paragraphs.last_mut() {
                if text[..range.start].ends_with('\r') {
                    levels[range.clone()].fill(prev.level);
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
    if forced.is_none() {
        rule_hl1_neutral_paragraphs(text, &mut paragraphs, &mut levels);
    }
    for para in &paragraphs {
        let range = para.range.clone();
        rule_l1(
            &text[range.clone()],
            &info.original_classes[range.clone()],
            &mut levels[range],
            para.level,
        );
    }
    Resolution {
        paragraphs,
        levels,
        classes: info.original_classes,
    }
}

/// HL1 (a higher-level protocol UAX #9 allows in place of P3's LTR default): with an
/// automatic base, a paragraph without any strong character — a blank line, a line of
/// numbers or times — takes the direction of the text around it (the first-strong rule over
/// the whole text), so a Hebrew document keeps its blank lines and number lines right to left.
fn rule_hl1_neutral_paragraphs(text: &str, paragraphs: &mut [Paragraph], levels: &mut [u8]) {
    let Some(text_level) = paragraphs.iter().find(|p| p.has_strong).map(|p| p.level) else {
        return;
    };
    for para in paragraphs
        .iter_mut()
        .filter(|p| !p.has_strong && p.level != text_level)
    {
        let range = para.range.clone();
        let info = BidiInfo::new(&text[range.clone()], Level::new(text_level).ok());
        for (dst, src) in levels[range].iter_mut().zip(&info.levels) {
            *dst = src.number();
        }
        para.level = text_level;
    }
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

/// L1: on each line, reset to the paragraph level (1) segment and paragraph separators,
/// (2) any sequence of whitespace and isolate formatting characters before them, and
/// (3) any such sequence at the end of the line. Characters removed by X9 (embedding
/// controls, BN) inside such sequences are reset too; elsewhere they take the level of the
/// preceding character, as UAX #9 section 5.2 ("Retaining BNs and Explicit Formatting
/// Characters") suggests, so they never split a run.
fn rule_l1(line: &str, classes: &[BidiClass], levels: &mut [u8], para_level: u8) {
    use BidiClass::*;
    let mut reset_from: Option<usize> = None;
    let mut prev_level = para_level;
    for (i, c) in line.char_indices() {
        let end = i + c.len_utf8();
        match classes[i] {
            B | S => {
                let from = reset_from.take().unwrap_or(i);
                levels[from..end].fill(para_level);
            }
            WS | FSI | LRI | RLI | PDI => {
                reset_from.get_or_insert(i);
            }
            RLE | LRE | RLO | LRO | PDF | BN => {
                reset_from.get_or_insert(i);
                levels[i..end].fill(prev_level);
            }
            _ => reset_from = None,
        }
        prev_level = levels[i];
    }
    if let Some(from) = reset_from {
        levels[from..].fill(para_level);
    }
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
        assert_eq!(r.levels[text.find('a').unwrap()], 2);
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
        assert_eq!(r.levels[9], 1);
    }

    #[test]
    fn p2_skips_isolates() {
        let r = resolve("\u{2066}abc\u{2069} אבג", BaseDir::Auto);
        assert_eq!(r.paragraphs[0].level, 1);
    }
}
