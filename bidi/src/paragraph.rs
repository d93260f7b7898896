//! Paragraphs and their embedding levels: rules P1–P3 of UAX #9, and the higher-level protocol
//! HL1 for paragraphs without a strong character.
//!
//! The display layout (and so `wrap`) needs nothing of the UBA but this: which paragraphs the
//! text has and the direction of each. It is read here straight from the text, without
//! resolving any character's level.

use std::ops::Range;

use lashon_vocab::{BaseDir, Dir};
use unicode_bidi::BidiClass;

use crate::class::class_of;

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

/// The paragraphs of `text` with their levels: forced by `base`, or (`auto`) by P2–P3, with
/// HL1 giving a paragraph without strong characters the level of the text around it.
///
/// ```
/// use lashon_bidi::uba::paragraphs;
/// use lashon_vocab::BaseDir;
///
/// let p = paragraphs("שורה\n12:30\r\nabc", BaseDir::Auto);
/// let got: Vec<(std::ops::Range<usize>, u8)> = p.iter().map(|p| (p.range.clone(), p.level)).collect();
/// assert_eq!(got, [(0..9, 1), (9..16, 1), (16..19, 0)]);
/// ```
pub fn paragraphs(text: &str, base: BaseDir) -> Vec<Paragraph> {
    let forced = base.forced().map(|d| match d {
        Dir::Ltr => 0,
        Dir::Rtl => 1,
    });
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let (first_strong, end) = rule_p1_p2(text, start);
        let has_strong = first_strong.is_some();
        let level = forced.unwrap_or(match first_strong {
            Some(BidiClass::R | BidiClass::AL) => 1,
            // P3: L, or no strong character at all.
            _ => 0,
        });
        out.push(Paragraph {
            range: start..end,
            level,
            has_strong,
        });
        start = end;
    }
    if forced.is_none() {
        rule_hl1_neutral_paragraphs(&mut out);
    }
    out
}

/// HL1 (a higher-level protocol UAX #9 allows in place of P3's LTR default): with an
/// automatic base, a paragraph without any strong character — a blank line, a line of
/// numbers or times — takes the direction of the text around it (the first-strong rule over
/// the whole text), so a Hebrew document keeps its blank lines and number lines right to left.
fn rule_hl1_neutral_paragraphs(paragraphs: &mut [Paragraph]) {
    let Some(text_level) = paragraphs.iter().find(|p| p.has_strong).map(|p| p.level) else {
        return;
    };
    for para in paragraphs.iter_mut().filter(|p| !p.has_strong) {
        para.level = text_level;
    }
}

/// P1 and P2 for the paragraph starting at byte `start`: the class of its first strong
/// character (L, R, AL) outside isolates, and the byte where the paragraph ends (after its
/// separator; CR LF is one separator).
fn rule_p1_p2(text: &str, start: usize) -> (Option<BidiClass>, usize) {
    use BidiClass::*;
    let mut isolate_depth = 0usize;
    let mut first_strong = None;
    let rest = &text[start..];
    let mut chars = rest.char_indices();
    // P2: read classes until the first strong character; P1: stop at a separator.
    for (i, c) in chars.by_ref() {
        match class_of(c) {
            B => return (None, start + separator_end(rest, i, c)),
            LRI | RLI | FSI => isolate_depth += 1,
            PDI => isolate_depth = isolate_depth.saturating_sub(1),
            class @ (L | R | AL) if isolate_depth == 0 => {
                first_strong = Some(class);
                break;
            }
            _ => {}
        }
    }
    // The rest of the paragraph only needs its end: a byte scan for the separators.
    let bytes = rest.as_bytes();
    let from = chars.offset();
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        let is_separator = match b {
            b'\n' | b'\r' | 0x1C..=0x1E => true,
            // U+0085 NEXT LINE
            0xC2 => bytes.get(i + 1) == Some(&0x85),
            // U+2029 PARAGRAPH SEPARATOR
            0xE2 => bytes.get(i + 1) == Some(&0x80) && bytes.get(i + 2) == Some(&0xA9),
            _ => false,
        };
        if is_separator {
            let c = rest[i..].chars().next().unwrap_or('\n');
            return (first_strong, start + separator_end(rest, i, c));
        }
        i += 1;
    }
    (first_strong, text.len())
}

/// The byte after the separator `c` at `i` of `rest`, taking CR LF as one separator.
fn separator_end(rest: &str, i: usize, c: char) -> usize {
    let end = i + c.len_utf8();
    if c == '\r' && rest.as_bytes().get(end) == Some(&b'\n') {
        end + 1
    } else {
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_end_paragraphs() {
        for sep in ["\n", "\r", "\r\n", "\u{1c}", "\u{85}", "\u{2029}"] {
            let text = format!("abc{sep}אבג");
            let p = paragraphs(&text, BaseDir::Auto);
            assert_eq!(p.len(), 2, "{sep:?}");
            assert_eq!(p[0].range, 0..3 + sep.len());
            assert_eq!((p[0].level, p[1].level), (0, 1));
        }
        // "\n\r" is two separators.
        assert_eq!(paragraphs("a\n\rb", BaseDir::Auto).len(), 3);
        assert!(paragraphs("", BaseDir::Auto).is_empty());
    }

    #[test]
    fn p2_skips_isolates_and_hl1_fills_neutral_paragraphs() {
        let p = paragraphs("\u{2066}abc\u{2069} אבג", BaseDir::Auto);
        assert_eq!(p[0].level, 1);
        let p = paragraphs("123\nאבג", BaseDir::Auto);
        assert!(!p[0].has_strong);
        assert_eq!(p[0].level, 1);
        assert_eq!(paragraphs("12:30", BaseDir::Auto)[0].level, 0);
        assert_eq!(paragraphs("abc\nאבג", BaseDir::Rtl)[0].level, 1);
    }
}
