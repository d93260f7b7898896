//! Render-ready output: display runs written as HTML, Unicode isolates or directional marks.

use std::fmt;
use std::str::FromStr;

use lashon_vocab::{BaseDir, Dir};
use serde::{Deserialize, Serialize};

use crate::display::{layout, Layout, ParagraphLayout};
use crate::run::Run;
use crate::uba::{base_dir, paragraphs};

const LRM: char = '\u{200E}';
const RLM: char = '\u{200F}';
const LRI: char = '\u{2066}';
const RLI: char = '\u{2067}';
const PDI: char = '\u{2069}';

/// How [`wrap`] writes direction into its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// HTML: each paragraph in `<span dir="…">`, each unit of the other direction in a nested
    /// `<span dir="…">`; all text HTML-escaped, safe to assign to `innerHTML`.
    #[default]
    Html,
    /// Plain text with Unicode isolates: LRI/RLI … PDI around each unit.
    Isolate,
    /// Plain text with LRM/RLM marks around each unit, for renderers without isolate support.
    Marks,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Isolate => "isolate",
            Format::Marks => "marks",
        }
    }
}

/// The error of parsing a [`Format`] from anything but `html`, `isolate` or `marks`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFormatError(pub String);

impl fmt::Display for ParseFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "format must be one of html, isolate, marks (got {:?})",
            self.0
        )
    }
}

impl std::error::Error for ParseFormatError {}

impl FromStr for Format {
    type Err = ParseFormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "html" => Ok(Format::Html),
            "isolate" => Ok(Format::Isolate),
            "marks" => Ok(Format::Marks),
            other => Err(ParseFormatError(other.to_string())),
        }
    }
}

/// The result of [`wrap`], in the shape of the API's wrap response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Wrapped {
    pub dir: Dir,
    pub format: Format,
    pub output: String,
    /// The display runs the output was built from.
    pub runs: Vec<Run>,
}

/// Wraps `text` for display: every unit of the other direction is fenced so that no renderer
/// can split it or move its punctuation, and the paragraph direction is made explicit.
///
/// ```
/// use lashon_bidi::{wrap, Format};
/// use lashon_vocab::BaseDir;
///
/// // A Hebrew line that starts with a Latin term: `base: rtl` keeps it right to left.
/// let w = wrap("Google הודיעה היום", Format::Html, BaseDir::Rtl);
/// assert_eq!(
///     w.output,
///     r#"<span dir="rtl"><span dir="ltr">Google</span> הודיעה היום</span>"#
/// );
/// // Isolates hide the term from the first-strong rule, so the line reads as Hebrew.
/// let w = wrap("Google הודיעה היום", Format::Isolate, BaseDir::Rtl);
/// assert_eq!(w.output, "\u{2066}Google\u{2069} הודיעה היום");
/// // Marks are strong themselves: an RLM first makes the paragraph right to left.
/// let w = wrap("Google הודיעה היום", Format::Marks, BaseDir::Rtl);
/// assert_eq!(w.output, "\u{200F}\u{200E}Google\u{200E} הודיעה היום");
/// ```
pub fn wrap(text: &str, format: Format, base: BaseDir) -> Wrapped {
    // Display runs need the paragraphs' directions only, not the levels of the characters.
    let paragraphs = paragraphs(text, base);
    let layout = layout(text, &paragraphs);
    let mut output = String::with_capacity(text.len() + text.len() / 4 + 32);
    for para in &layout.paragraphs {
        write_paragraph(&mut output, text, &layout, para, format);
    }
    Wrapped {
        dir: base_dir(&paragraphs, base),
        format,
        output,
        runs: layout.runs,
    }
}

fn write_paragraph(
    out: &mut String,
    text: &str,
    layout: &Layout,
    para: &ParagraphLayout,
    format: Format,
) {
    let para_text = &text[para.range.clone()];
    // The paragraph separator (newline) stays outside the paragraph's wrapping.
    let content_len = para_text
        .trim_end_matches(['\n', '\r', '\u{2029}', '\u{85}'])
        .len();
    let separator = &para_text[content_len..];
    let runs = &layout.runs[para.runs.clone()];
    let para_dir = Dir::from_level(para.level);

    if content_len > 0 {
        match format {
            Format::Html => {
                out.push_str("<span dir=\"");
                out.push_str(para_dir.as_str());
                out.push_str("\">");
            }
            Format::Isolate | Format::Marks => {
                if needs_direction_mark(runs, para.level, format) {
                    out.push(mark(para_dir));
                }
            }
        }
        let mut depth = 0u8;
        let mut remaining = content_len;
        for run in runs {
            if remaining == 0 {
                break;
            }
            let piece = &run.text[..run.text.len().min(remaining)];
            remaining -= piece.len();
            let target = run.level.saturating_sub(para.level);
            while depth > target {
                close(out, format, depth, para.level + depth);
                depth -= 1;
            }
            while depth < target {
                depth += 1;
                open(out, format, depth, para.level + depth);
            }
            match format {
                Format::Html => escape_html(out, piece),
                Format::Isolate | Format::Marks => out.push_str(piece),
            }
        }
        while depth > 0 {
            close(out, format, depth, para.level + depth);
            depth -= 1;
        }
        if format == Format::Html {
            out.push_str("</span>");
        }
    }
    match format {
        Format::Html => escape_html(out, separator),
        _ => out.push_str(separator),
    }
}

fn mark(dir: Dir) -> char {
    match dir {
        Dir::Ltr => LRM,
        Dir::Rtl => RLM,
    }
}

/// Opens a unit nested `depth` levels below the paragraph, displayed at `level`.
fn open(out: &mut String, format: Format, depth: u8, level: u8) {
    let dir = Dir::from_level(level);
    match format {
        Format::Html => {
            out.push_str("<span dir=\"");
            out.push_str(dir.as_str());
            out.push_str("\">");
        }
        Format::Isolate => out.push(if dir == Dir::Ltr { LRI } else { RLI }),
        // Marks cannot nest: a mark inside a right-to-left phrase would cut the phrase in
        // two. The numbers inside it keep their order by the UBA's own rules (W7).
        Format::Marks if depth == 1 => out.push(mark(dir)),
        Format::Marks => {}
    }
}

fn close(out: &mut String, format: Format, depth: u8, level: u8) {
    match format {
        Format::Html => out.push_str("</span>"),
        Format::Isolate => out.push(PDI),
        Format::Marks if depth == 1 => out.push(mark(Dir::from_level(level))),
        Format::Marks => {}
    }
}

/// Whether a renderer applying the first-strong rule to the output would miss the paragraph
/// direction, so a mark of that direction must open the paragraph. With isolates, P2 skips
/// the fenced units, so a mark is needed when no strong letter stands outside them. With
/// marks, the first strong character is either a letter of the paragraph's own direction
/// outside any unit, or the (opposite) mark that opens the first unit.
fn needs_direction_mark(runs: &[Run], para_level: u8, format: Format) -> bool {
    let has_strong = |run: &Run| run.text.chars().any(is_strong_letter);
    for run in runs {
        if run.level == para_level {
            if has_strong(run) {
                return false;
            }
        } else if format == Format::Marks {
            return true;
        }
    }
    true
}

fn is_strong_letter(c: char) -> bool {
    use unicode_bidi::BidiClass::{AL, L, R};
    matches!(unicode_bidi::bidi_class(c), L | R | AL)
}

/// Escapes the five characters that matter in HTML text and attribute values.
pub(crate) fn escape_html(out: &mut String, s: &str) {
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        let rep = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        out.push_str(rep);
        last = i + 1;
    }
    out.push_str(&s[last..]);
}
