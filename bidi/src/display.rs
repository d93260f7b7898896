//! Display layout: paragraphs, their display units, and the display runs built from them.

use std::ops::Range;

use crate::chars::CharKind;
use crate::run::{Run, RunSplitter};
use crate::uba::{Paragraph, Resolution};
use crate::units::{ltr_units, rtl_units, Ch};

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

/// Builds the display runs of `text` with its `paragraphs` (the levels of its characters are
/// not needed: display units replace them).
///
/// Levels: the paragraph level `p` everywhere, `p + 1` for a unit of the other direction,
/// and, in a left-to-right paragraph, level 2 for a number inside a right-to-left phrase.
pub(crate) fn layout(text: &str, paragraphs_of_text: &[Paragraph]) -> Layout {
    let mut splitter = RunSplitter::new(text);
    let mut paragraphs = Vec::with_capacity(paragraphs_of_text.len());
    let mut chars: Vec<Ch> = Vec::new();
    let mut levels: Vec<u8> = Vec::new();
    let mut units: Vec<Range<usize>> = Vec::new();
    let mut inner: Vec<Range<usize>> = Vec::new();
    let mut run_count = 0;
    for para in paragraphs_of_text {
        chars.clear();
        chars.extend(text[para.range.clone()].char_indices().map(|(i, c)| Ch {
            byte: para.range.start + i,
            c,
            kind: CharKind::of(c),
        }));
        levels.clear();
        levels.resize(chars.len(), para.level);
        units.clear();
        if para.level % 2 == 1 {
            ltr_units(&chars, 0..chars.len(), &mut units);
            for unit in &units {
                levels[unit.clone()].fill(para.level + 1);
            }
        } else {
            rtl_units(&chars, 0..chars.len(), &mut units);
            for unit in &units {
                levels[unit.clone()].fill(para.level + 1);
                inner.clear();
                ltr_units(&chars, unit.clone(), &mut inner);
                for number in &inner {
                    levels[number.clone()].fill(para.level + 2);
                }
            }
        }
        for (ch, &level) in chars.iter().zip(&levels) {
            splitter.push(ch.byte, ch.c, level);
        }
        splitter.close(para.range.end);
        let before = run_count;
        run_count = splitter.len();
        paragraphs.push(ParagraphLayout {
            range: para.range.clone(),
            level: para.level,
            runs: before..run_count,
        });
    }
    Layout {
        paragraphs,
        runs: splitter.finish(),
    }
}

/// The runs of `text` as the UBA resolved them: level runs in logical order, split further
/// where the script of the letters changes, never across paragraphs.
pub(crate) fn uba_runs(text: &str, resolution: &Resolution) -> Vec<Run> {
    let mut splitter = RunSplitter::new(text);
    let mut levels = resolution.levels.iter().copied();
    for para in &resolution.paragraphs {
        for ((i, c), level) in text[para.range.clone()].char_indices().zip(levels.by_ref()) {
            splitter.push(para.range.start + i, c, level);
        }
        splitter.close(para.range.end);
    }
    splitter.finish()
}
