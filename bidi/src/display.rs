//! Display layout: paragraphs, their display units, and the display runs built from them;
//! and, for `analyze`, the UBA's runs from the same decoded characters.

use std::ops::Range;

use unicode_segmentation::GraphemeCursor;

use crate::implicit;
use crate::run::{Run, RunSplitter};
use crate::uba::{resolve_paragraph_full, Paragraph};
use crate::units::{decode_paragraph, ltr_units, rtl_units, Ch};

/// A paragraph of the display layout.
#[derive(Debug, Clone)]
pub(crate) struct ParagraphLayout {
    /// Bytes of the paragraph, including its trailing separator.
    pub range: Range<usize>,
    pub level: u8,
    /// Indices of the paragraph's runs in [`Layout::runs`].
    pub runs: Range<usize>,
}

/// Display runs of a whole text, grouped by paragraph.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub paragraphs: Vec<ParagraphLayout>,
    pub runs: Vec<Run>,
}

/// Scratch space reused from paragraph to paragraph.
#[derive(Default)]
struct Scratch {
    chars: Vec<Ch>,
    levels: Vec<u8>,
    units: Vec<Range<usize>>,
    inner: Vec<Range<usize>>,
    pairs: Vec<(usize, usize)>,
}

impl Scratch {
    /// The display level of each of `self.chars` (a paragraph at `para_level`) into
    /// `self.levels`: the paragraph level everywhere, one more for a unit of the other
    /// direction, and, in a left-to-right paragraph, level 2 for a number inside a
    /// right-to-left phrase.
    fn display_levels(&mut self, para_level: u8) {
        let chars = &self.chars;
        self.levels.clear();
        self.levels.resize(chars.len(), para_level);
        self.units.clear();
        if para_level % 2 == 1 {
            ltr_units(chars, 0..chars.len(), &mut self.units);
            for unit in &self.units {
                self.levels[unit.clone()].fill(para_level + 1);
            }
        } else {
            rtl_units(chars, 0..chars.len(), &mut self.units);
            for unit in &self.units {
                self.levels[unit.clone()].fill(para_level + 1);
                self.inner.clear();
                ltr_units(chars, unit.clone(), &mut self.inner);
                for number in &self.inner {
                    self.levels[number.clone()].fill(para_level + 2);
                }
            }
        }
    }

    /// Keeps each grapheme cluster in one display run: where the level or the script changes
    /// between two characters of one cluster (a ZWJ or a spacing mark after a letter of the
    /// other direction, a combining mark of another script, a prepended sign), the later
    /// character takes the earlier one's. Only the few characters where something changes are
    /// looked at, so the pass stays linear and cheap.
    fn keep_clusters(&mut self, text: &str) {
        for i in 1..self.chars.len() {
            let (prev, this) = (&self.chars[i - 1], &self.chars[i]);
            if self.levels[i] == self.levels[i - 1] && this.script == prev.script {
                continue;
            }
            let mut cursor = GraphemeCursor::new(this.byte, text.len(), true);
            if cursor.is_boundary(text, 0) == Ok(false) {
                self.levels[i] = self.levels[i - 1];
                self.chars[i].script = self.chars[i - 1].script;
            }
        }
    }

    fn push_runs(&self, splitter: &mut RunSplitter<'_>) {
        for (ch, &level) in self.chars.iter().zip(&self.levels) {
            splitter.push(ch.byte, ch.c.len_utf16(), ch.script, level);
        }
    }
}

/// Builds the display runs of `text` with its `paragraphs` (the levels of its characters are
/// not needed: display units replace them).
pub(crate) fn layout(text: &str, paragraphs: &[Paragraph]) -> Layout {
    let mut splitter = RunSplitter::with_capacity(text, paragraphs.len());
    let mut out = Vec::with_capacity(paragraphs.len());
    let mut scratch = Scratch::default();
    let mut run_count = 0;
    for para in paragraphs {
        decode_paragraph(text, para.range.clone(), &mut scratch.chars);
        scratch.display_levels(para.level);
        scratch.keep_clusters(text);
        scratch.push_runs(&mut splitter);
        splitter.close(para.range.end);
        let before = run_count;
        run_count = splitter.len();
        out.push(ParagraphLayout {
            range: para.range.clone(),
            level: para.level,
            runs: before..run_count,
        });
    }
    Layout {
        paragraphs: out,
        runs: splitter.finish(),
    }
}

/// The UBA's runs and the display runs of `text`, from one decoding of each paragraph: its
/// characters' classes feed the UBA's fast path (or, for a paragraph with explicit
/// formatting characters, `unicode-bidi`), their kinds the display units, their scripts both
/// run splitters. UBA runs are level runs in logical order, split further where the script
/// of the letters changes, never across paragraphs.
///
/// `script_changes` (where the script of the letters changes, as letter counting saw them)
/// sizes the run lists: every change starts a run of each kind, and numbers and units add
/// about half as many again in mixed text.
pub(crate) fn uba_and_display_runs(
    text: &str,
    paragraphs: &[Paragraph],
    script_changes: usize,
) -> (Vec<Run>, Vec<Run>) {
    let expected = script_changes + paragraphs.len();
    let mut uba = RunSplitter::with_capacity(text, expected + expected / 2);
    let mut display = RunSplitter::with_capacity(text, expected + expected / 2);
    let mut scratch = Scratch::default();
    for para in paragraphs {
        decode_paragraph(text, para.range.clone(), &mut scratch.chars);
        scratch.levels.clear();
        let chars = scratch.chars.iter().map(|ch| (ch.c, ch.class));
        if !implicit::resolve_paragraph(chars, para.level, &mut scratch.levels, &mut scratch.pairs)
        {
            resolve_paragraph_full(&text[para.range.clone()], para.level, &mut scratch.levels);
        }
        scratch.push_runs(&mut uba);
        uba.close(para.range.end);
        scratch.display_levels(para.level);
        scratch.keep_clusters(text);
        scratch.push_runs(&mut display);
        display.close(para.range.end);
    }
    (uba.finish(), display.finish())
}
