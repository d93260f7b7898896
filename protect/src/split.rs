//! Sentence splitting for Hebrew, English and Russian that keeps Markdown structure apart.
//!
//! Rule (clinical segment table): a document is rebuilt byte-exact as the concatenation of every
//! segment's `prefix + text + suffix`. `prefix` holds the Markdown structure before a sentence
//! (indentation, blockquote `>`, heading `#`, list bullet or number, task box, the pipe opening a
//! table cell); `suffix` holds what follows it (spaces between sentences, the closing pipe, the
//! line break, blank lines, table separator rows, fenced code blocks).
//!
//! A sentence ends after `.`, `!`, `?` or `…` (with any closing quotes or brackets) followed by
//! white space and a sentence start: an upper-case Latin or Cyrillic letter, a Hebrew letter, a
//! digit or an opening quote or bracket. No break after a known abbreviation (`Dr.`, `e.g.`,
//! `т.е.`, `г.`), a single-letter initial (`J. Smith`, `А. С. Пушкин`), or inside a number
//! (`3.5`). Hebrew gershayim and geresh (`ד"ר`, `צה״ל`, `גב'`) are letters of a word, never ends.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

/// One sentence with the structure around it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitSegment {
    pub prefix: String,
    pub text: String,
    pub suffix: String,
}

/// Abbreviations after which a period does not end a sentence (lower-cased, without the final
/// period).
const ABBREVIATIONS: &[&str] = &[
    // English
    "mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g", "i.e", "inc", "ltd", "jr", "sr",
    "no", "fig", "approx", "a.m", "p.m", "u.s", "u.k", "dept", "est", "mt", "ave", "corp", "co",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "sec",
    "art", "para", "cf", "al", "op", "vol", "pp", "p", "ch", "b.i.d", "t.i.d", "q.i.d", "q.d",
    "p.o", "h.s", "p.r.n", // Russian
    "т.е", "т.д", "т.п", "т.к", "т.н", "г", "гг", "ул", "д", "стр", "им", "см", "др", "проф",
    "рис", "руб", "коп", "тыс", "млн", "млрд", "ст", "п", "пп", "гл", "напр", "мин", "сек", "кв",
    // Hebrew (rare with a period, but seen)
    "מס", "עמ", "רח",
];

static FENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[ \t]{0,3}(```|~~~)").unwrap_or_else(|e| panic!("fence pattern: {e}"))
});
static STRUCTURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+]|[0-9]{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?",
    )
    .unwrap_or_else(|e| panic!("structure pattern: {e}"))
});
static TABLE_SEPARATOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[ \t]*\|?(?:[ \t]*:?-{1,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\|?[ \t]*\r?\n?$")
        .unwrap_or_else(|e| panic!("table separator pattern: {e}"))
});
static HR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[ \t]*(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})\r?\n?$")
        .unwrap_or_else(|e| panic!("rule pattern: {e}"))
});

/// Builds segments: structure collects into the pending prefix until a sentence takes it.
struct Builder {
    out: Vec<SplitSegment>,
    pending_prefix: String,
}

impl Builder {
    /// Structure that follows text (line ends, blank lines, closing pipes, code blocks).
    fn trailing(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        match self.out.last_mut() {
            Some(last) if self.pending_prefix.is_empty() => last.suffix.push_str(s),
            _ => self.pending_prefix.push_str(s),
        }
    }

    /// Structure that precedes the next text.
    fn leading(&mut self, s: &str) {
        self.pending_prefix.push_str(s);
    }

    fn sentence(&mut self, text: &str) {
        let prefix = std::mem::take(&mut self.pending_prefix);
        self.out.push(SplitSegment {
            prefix,
            text: text.to_string(),
            suffix: String::new(),
        });
    }

    /// A run of text: sentences, with the spaces between them as suffixes.
    fn text_run(&mut self, run: &str) {
        let lead = run.len() - run.trim_start().len();
        self.leading(&run[..lead]);
        let body = &run[lead..];
        let trimmed = body.trim_end();
        let mut start = 0;
        for end in sentence_ends(trimmed) {
            let sentence = &trimmed[start..end];
            let next_start = end + (trimmed[end..].len() - trimmed[end..].trim_start().len());
            self.sentence(sentence);
            self.trailing(&trimmed[end..next_start]);
            start = next_start;
        }
        if start < trimmed.len() {
            self.sentence(&trimmed[start..]);
        }
        self.trailing(&body[trimmed.len()..]);
    }

    fn finish(mut self) -> Vec<SplitSegment> {
        if !self.pending_prefix.is_empty() {
            let prefix = std::mem::take(&mut self.pending_prefix);
            self.out.push(SplitSegment {
                prefix,
                text: String::new(),
                suffix: String::new(),
            });
        }
        self.out
    }
}

/// Splits a document into sentences with their Markdown structure.
///
/// ```
/// use lashon_protect::split::split;
/// let doc = "# Plan\n\n- Take 5 mg. Call Dr. Cohen.\n";
/// let parts = split(doc);
/// assert_eq!(parts[1].text, "Take 5 mg.");
/// assert_eq!(parts[2].text, "Call Dr. Cohen.");
/// let rebuilt: String = parts.iter().map(|p| format!("{}{}{}", p.prefix, p.text, p.suffix)).collect();
/// assert_eq!(rebuilt, doc);
/// ```
pub fn split(doc: &str) -> Vec<SplitSegment> {
    let mut b = Builder {
        out: Vec::new(),
        pending_prefix: String::new(),
    };
    let lines: Vec<&str> = doc.split_inclusive('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if FENCE.is_match(line) {
            // A fenced code block is structure up to and including its closing fence.
            let mut block = String::from(line);
            i += 1;
            while i < lines.len() {
                block.push_str(lines[i]);
                i += 1;
                if FENCE.is_match(lines[i - 1]) {
                    break;
                }
            }
            b.trailing(&block);
            continue;
        }
        if line.trim().is_empty() || TABLE_SEPARATOR.is_match(line) || HR.is_match(line) {
            b.trailing(line);
            i += 1;
            continue;
        }
        if line.trim_start().starts_with('|') {
            table_row(&mut b, line);
            i += 1;
            continue;
        }
        // A block: this line with its structure, plus continuation lines of the paragraph.
        let structure_len = STRUCTURE.find(line).map_or(0, |m| m.end());
        b.leading(&line[..structure_len]);
        let mut end = i + 1;
        while end < lines.len() {
            let next = lines[end];
            let next_structure = STRUCTURE.find(next).map_or(0, |m| m.end());
            let starts_new = next.trim().is_empty()
                || FENCE.is_match(next)
                || next.trim_start().starts_with('|')
                || TABLE_SEPARATOR.is_match(next)
                || HR.is_match(next)
                || next_structure > 0;
            if starts_new {
                break;
            }
            end += 1;
        }
        let mut run = String::from(&line[structure_len..]);
        for l in &lines[i + 1..end] {
            run.push_str(l);
        }
        b.text_run(&run);
        i = end;
    }
    b.finish()
}

/// A table row: each cell is text between pipes; pipes open a cell (prefix) and the last one
/// closes the row (suffix).
fn table_row(b: &mut Builder, line: &str) {
    let mut pos = 0;
    let bytes = line.as_bytes();
    // Leading indentation and the first pipe.
    while pos < bytes.len() && bytes[pos] != b'|' {
        pos += 1;
    }
    b.leading(&line[..pos]);
    loop {
        // pos is at a pipe.
        let cell_start = pos + 1;
        let next_pipe = line[cell_start..]
            .char_indices()
            .find(|&(j, c)| c == '|' && !line[..cell_start + j].ends_with('\\'))
            .map(|(j, _)| cell_start + j);
        match next_pipe {
            Some(np) => {
                let cell = &line[cell_start..np];
                if cell.trim().is_empty() {
                    b.leading(&line[pos..np]);
                } else {
                    b.leading("|");
                    b.text_run(cell);
                }
                pos = np;
            }
            None => {
                let rest = &line[pos..];
                let after = &line[cell_start..];
                if after.trim().is_empty() {
                    b.trailing(rest);
                } else {
                    b.leading("|");
                    b.text_run(after);
                }
                return;
            }
        }
    }
}

fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | ')' | ']' | '”' | '’' | '»' | '״')
}

fn is_opener(c: char) -> bool {
    matches!(
        c,
        '"' | '\'' | '(' | '[' | '“' | '‘' | '«' | '„' | '*' | '_'
    )
}

fn starts_sentence(c: char) -> bool {
    c.is_uppercase() || c.is_ascii_digit() || ('\u{05D0}'..='\u{05EA}').contains(&c) || is_opener(c)
}

/// Byte offsets where sentences end in `text` (after the ender and closers).
fn sentence_ends(text: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut k = 0;
    while k < chars.len() {
        let (pos, c) = chars[k];
        if !matches!(c, '.' | '!' | '?' | '…') {
            k += 1;
            continue;
        }
        // Swallow repeated enders and closers.
        let mut j = k + 1;
        while j < chars.len()
            && (matches!(chars[j].1, '.' | '!' | '?' | '…') || is_closer(chars[j].1))
        {
            j += 1;
        }
        let end = chars.get(j).map_or(text.len(), |&(p, _)| p);
        // Must be followed by white space and a sentence start.
        let mut w = j;
        while w < chars.len() && chars[w].1.is_whitespace() {
            w += 1;
        }
        if w == j || w >= chars.len() || !starts_sentence(chars[w].1) {
            k = j;
            continue;
        }
        if c == '.' && !period_ends(text, pos) {
            k = j;
            continue;
        }
        ends.push(end);
        k = j;
    }
    ends
}

/// False when the period at `pos` closes an abbreviation or an initial.
fn period_ends(text: &str, pos: usize) -> bool {
    let before = &text[..pos];
    let word_start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace() || c == '(' || c == '"')
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &before[word_start..];
    if word.is_empty() {
        return true;
    }
    let lower = word.to_lowercase();
    if ABBREVIATIONS.contains(&lower.as_str()) {
        return false;
    }
    // A single letter (initial) or dotted initials (`U.S`).
    let letters = word.chars().filter(|c| c.is_alphabetic()).count();
    if letters == 1 && word.chars().count() <= 2 && word.chars().all(|c| c.is_alphabetic()) {
        return false;
    }
    !(word.contains('.') && word.split('.').all(|p| p.chars().count() <= 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(doc: &str) -> Vec<String> {
        let parts = split(doc);
        let rebuilt: String = parts
            .iter()
            .map(|p| format!("{}{}{}", p.prefix, p.text, p.suffix))
            .collect();
        assert_eq!(rebuilt, doc);
        parts.into_iter().map(|p| p.text).collect()
    }

    #[test]
    fn sentences_in_three_languages() {
        assert_eq!(
            texts("Hello there. How are you?"),
            ["Hello there.", "How are you?"]
        );
        assert_eq!(
            texts("שלום. מה שלומך? ד\"ר כהן בא."),
            ["שלום.", "מה שלומך?", "ד\"ר כהן בא."]
        );
        assert_eq!(
            texts("Привет, т.е. всё. Как дела?"),
            ["Привет, т.е. всё.", "Как дела?"]
        );
        assert_eq!(
            texts("Pay 3.5 mg. J. Smith came."),
            ["Pay 3.5 mg.", "J. Smith came."]
        );
    }

    #[test]
    fn markdown_structure() {
        let doc =
            "# Title\n\n> - item one. Two.\n\n| a | b |\n|---|---|\n| x. | y |\n```\ncode\n```\n";
        assert_eq!(
            texts(doc),
            ["Title", "item one.", "Two.", "a", "b", "x.", "y"]
        );
        let parts = split(doc);
        assert_eq!(parts[1].prefix, "> - ");
    }
}
