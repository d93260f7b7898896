//! Direction analysis of one string.

use lashon_vocab::{BaseDir, Dir, LangTag, Script};
use serde::Serialize;

use crate::display::uba_and_display_runs;
use crate::letters::scan_letters;
use crate::run::Run;
use crate::uba::{base_dir, paragraphs};

/// The direction analysis of a string, in the shape of the API's "direction analysis" block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DirectionAnalysis {
    /// Paragraph base direction: the forced base, or the first-strong rule (P2–P3) over the
    /// text; `ltr` when there is no strong character.
    pub dir: Dir,
    /// True when both strong right-to-left and strong left-to-right letters occur (digits and
    /// invisible marks do not count).
    pub mixed: bool,
    /// Dominant language, from the dominant script (`und` without letters).
    pub lang: LangTag,
    /// Dominant script (`Zyyy` without letters).
    pub script: Script,
    /// Runs as the UBA resolves them, in logical order.
    pub runs: Vec<Run>,
    /// Display runs: every unit of the other direction is one run that never splits.
    pub display_runs: Vec<Run>,
}

/// Analyzes the direction of `text` with the paragraph base `base`.
///
/// ```
/// use lashon_bidi::analyze;
/// use lashon_vocab::BaseDir;
///
/// let a = analyze("המחיר הוא ₪1,200.50 כולל מע\"מ", BaseDir::Auto);
/// assert_eq!(a.dir.as_str(), "rtl");
/// assert!(!a.mixed);
/// assert_eq!(a.lang.as_str(), "he");
/// let units: Vec<&str> = a.display_runs.iter().map(|r| r.text.as_str()).collect();
/// assert_eq!(units, ["המחיר הוא ", "₪1,200.50", " כולל מע\"מ"]);
/// ```
pub fn analyze(text: &str, base: BaseDir) -> DirectionAnalysis {
    let paragraphs = paragraphs(text, base);
    let mut script_changes = 0;
    let stats = scan_letters(text, |_, _, _| script_changes += 1);
    let (runs, display_runs) = uba_and_display_runs(text, &paragraphs, script_changes);
    let script = stats.dominant().unwrap_or(Script::ZYYY);
    DirectionAnalysis {
        dir: base_dir(&paragraphs, base),
        mixed: stats.ltr_letters > 0 && stats.rtl_letters > 0,
        lang: LangTag::from_script(script),
        script,
        runs,
        display_runs,
    }
}
