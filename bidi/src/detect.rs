//! Language detection for mixed-language text.

use lashon_vocab::utf16;
use lashon_vocab::{Dir, LangTag, Script};
use serde::Serialize;

use crate::letters::{lang_of, round_share, scan_letters};

/// A same-script stretch of the input. Digits, spaces and punctuation join the stretch they
/// follow (or, at the very start, the one they precede); the stretches tile the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Segment<'t> {
    /// The input slice (borrowed: detection allocates nothing per segment).
    pub text: &'t str,
    pub start: usize,
    pub end: usize,
    pub script: Script,
    pub lang: LangTag,
}

/// The share of the letters written in one language.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LanguageShare {
    pub lang: LangTag,
    pub share: f64,
}

/// The result of [`detect`], in the shape of the API's detect response.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Detection<'t> {
    /// The dominant language (Latin script is tagged `en`), `und` when there are no letters.
    pub lang: LangTag,
    /// The dominant script, `Zyyy` when there are no letters.
    pub script: Script,
    /// The direction of the dominant script (`ltr` when there are no letters).
    pub dir: Dir,
    /// The share of letters in the dominant language, 0 to 1.
    pub confidence: f64,
    pub segments: Vec<Segment<'t>>,
    /// Every language with letters in the text, largest share first.
    pub languages: Vec<LanguageShare>,
}

/// Detects the dominant language of `text`, with its same-script segments and the share of
/// each language.
///
/// ```
/// use lashon_bidi::detect;
///
/// let d = detect("שילמתי דרך PayPal אתמול");
/// assert_eq!(d.lang.as_str(), "he");
/// assert_eq!(d.dir.as_str(), "rtl");
/// assert_eq!(d.segments.len(), 3);
/// assert_eq!(d.segments[1].text, "PayPal ");
/// assert_eq!(d.languages[0].lang.as_str(), "he");
/// ```
pub fn detect(text: &str) -> Detection<'_> {
    let mut segments = SegmentBuilder::new(text);
    let stats = scan_letters(text, |byte, unit, script| segments.push(byte, unit, script));
    let segments = segments.finish();

    let total = stats.total_letters();
    let Some(script) = stats.dominant() else {
        return Detection {
            lang: LangTag::UND,
            script: Script::ZYYY,
            dir: Dir::Ltr,
            confidence: 0.0,
            segments,
            languages: Vec::new(),
        };
    };
    let lang = LangTag::from_script(script);
    let confidence = round_share(stats.letters_of(&lang) as f64 / total as f64);
    let languages = stats
        .languages()
        .into_iter()
        .map(|(lang, n)| LanguageShare {
            lang,
            share: round_share(n as f64 / total as f64),
        })
        .collect();
    Detection {
        lang,
        script,
        dir: script.dir().unwrap_or(Dir::Ltr),
        confidence,
        segments,
        languages,
    }
}

/// Cuts the text where the script of the letters changes.
struct SegmentBuilder<'t> {
    text: &'t str,
    segments: Vec<Segment<'t>>,
    start: usize,
    start_unit: usize,
    script: Script,
}

impl<'t> SegmentBuilder<'t> {
    fn new(text: &'t str) -> Self {
        SegmentBuilder {
            text,
            // About one segment per 32 bytes in mixed text (a Latin term every few Hebrew
            // words); a guess that avoids most regrowth.
            segments: Vec::with_capacity(text.len() / 32),
            start: 0,
            start_unit: 0,
            script: Script::ZYYY,
        }
    }

    /// Called where the script of the letters changes, at `byte` (UTF-16 offset `unit`).
    fn push(&mut self, byte: usize, unit: usize, script: Script) {
        if script == self.script {
            return;
        }
        if self.script == Script::ZYYY {
            // Leading neutrals join the first script stretch.
            self.script = script;
            return;
        }
        self.close(byte, unit);
        self.start = byte;
        self.start_unit = unit;
        self.script = script;
    }

    #[inline]
    fn close(&mut self, byte: usize, unit: usize) {
        if byte > self.start {
            self.segments.push(Segment {
                text: &self.text[self.start..byte],
                start: self.start_unit,
                end: unit,
                script: self.script,
                lang: lang_of(self.script),
            });
        }
    }

    fn finish(mut self) -> Vec<Segment<'t>> {
        let end = self.start_unit + utf16::len(&self.text[self.start..]);
        self.close(self.text.len(), end);
        self.segments
    }
}
