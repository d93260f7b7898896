//! Runs: stretches of one direction and one script, with UTF-16 offsets.

use lashon_vocab::{Dir, LangTag, Script};

use crate::letters::lang_of;
use serde::Serialize;

/// A run of text with one direction and one script, as the API reports it.
///
/// `text` equals the input slice from `start` to `end` (UTF-16 code units, `end` exclusive).
/// `script` is `Zyyy` when the run holds only digits, punctuation and spaces; `lang` is the
/// best-effort language of the script (`und` when undetermined).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Run {
    pub text: String,
    pub dir: Dir,
    pub script: Script,
    pub lang: LangTag,
    pub start: usize,
    pub end: usize,
    /// The embedding level the run is displayed at (even: LTR, odd: RTL). Not part of the
    /// API's JSON; `wrap` uses it to nest units (a number inside a Hebrew phrase inside an
    /// English line sits at level 2).
    #[serde(skip)]
    pub level: u8,
}

/// `Script::of_char`, with the ASCII and Hebrew blocks answered inline: the run splitters ask
/// for every character.
#[inline]
pub(crate) fn script_of(c: char) -> Script {
    match c {
        'a'..='z' | 'A'..='Z' => Script::LATN,
        '\0'..='\u{7f}' => Script::ZYYY,
        '\u{0591}'..='\u{05C7}' | '\u{05D0}'..='\u{05EA}' | '\u{05EF}'..='\u{05F4}' => Script::HEBR,
        _ => Script::of_char(c),
    }
}

/// Cuts a text into runs as its characters are fed in logical order: a new run starts where
/// the level changes, where a letter of another script appears, and at every forced break
/// (paragraph boundaries). Neutral characters (Common, Inherited) join the run they follow.
///
/// Every character must be fed, in order: the UTF-16 offsets are counted from them.
pub(crate) struct RunSplitter<'t> {
    text: &'t str,
    runs: Vec<Run>,
    open: Option<OpenRun>,
    /// The UTF-16 offset of the next character.
    unit: usize,
}

struct OpenRun {
    start_byte: usize,
    start_unit: usize,
    level: u8,
    script: Script,
}

impl<'t> RunSplitter<'t> {
    /// A splitter expecting about `runs` runs (reserved at once: a long text's run list
    /// otherwise doubles its way up, copying itself each time).
    pub(crate) fn with_capacity(text: &'t str, runs: usize) -> Self {
        RunSplitter {
            text,
            runs: Vec::with_capacity(runs),
            open: None,
            unit: 0,
        }
    }

    /// Feeds the next character: `units` UTF-16 code units of `script` at `byte`, displayed
    /// at `level`.
    #[inline]
    pub(crate) fn push(&mut self, byte: usize, units: usize, script: Script, level: u8) {
        self.push_script(byte, script, level);
        self.unit += units;
    }

    #[inline]
    fn push_script(&mut self, byte: usize, script: Script, level: u8) {
        let letter = !script.is_neutral();
        match &mut self.open {
            Some(run)
                if run.level == level
                    && (!letter || run.script == script || run.script == Script::ZYYY) =>
            {
                if letter {
                    run.script = script;
                }
            }
            _ => {
                self.close(byte);
                self.open = Some(OpenRun {
                    start_byte: byte,
                    start_unit: self.unit,
                    level,
                    script: if letter { script } else { Script::ZYYY },
                });
            }
        }
    }

    /// Ends the open run at `byte`, where the next character (or a paragraph) starts.
    pub(crate) fn close(&mut self, byte: usize) {
        if let Some(run) = self.open.take() {
            self.runs.push(Run {
                text: self.text[run.start_byte..byte].to_string(),
                dir: Dir::from_level(run.level),
                script: run.script,
                lang: lang_of(run.script),
                start: run.start_unit,
                end: self.unit,
                level: run.level,
            });
        }
    }

    /// Runs closed so far.
    pub(crate) fn len(&self) -> usize {
        self.runs.len()
    }

    pub(crate) fn finish(mut self) -> Vec<Run> {
        self.close(self.text.len());
        self.runs
    }
}
