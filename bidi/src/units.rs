//! Display units: the stretches that must be shown as one block in the other direction.
//!
//! Inside right-to-left text, every left-to-right unit — a Latin term or multi-word name, a
//! number with its sign, unit or currency, a range, a date, a time, a comparison, a phone
//! number, an email address, a URL, a version, an inline code span — becomes one block, so a
//! renderer can never split it, reorder its parts or mirror its punctuation. Inside
//! left-to-right text, every right-to-left phrase is one block, and the numbers inside it are
//! blocks of their own.
//!
//! The UBA alone does not give this: it resolves `10:00–12:00` inside Hebrew as two numbers in
//! reversed order (the en dash is a neutral between two numbers that N1 treats as R), and it
//! lets a comma-separated list of Latin words become one left-to-right block. The grammar
//! below is written by hand because no crate implements display units; it is a small set of
//! rules over [`CharKind`], each commented with the case it exists for.
//!
//! Scanning works on a slice of [`Ch`] (one entry per character of a paragraph) and returns
//! index ranges into it.

use std::ops::Range;

use lashon_vocab::Script;
use unicode_bidi::BidiClass;

use crate::chars::{
    closing_bracket, is_closing_bracket, is_number_prefix, is_number_suffix, CharKind,
};
use crate::class::class_of;
use crate::run::script_of;

/// One character of a paragraph, decoded once for every consumer: the UBA's fast path reads
/// its class, the unit scanner its kind, the run splitters its script.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ch {
    pub byte: usize,
    pub c: char,
    pub class: BidiClass,
    pub kind: CharKind,
    pub script: Script,
}

impl Ch {
    #[inline]
    pub(crate) fn decode(byte: usize, c: char) -> Ch {
        let class = class_of(c);
        Ch {
            byte,
            c,
            class,
            kind: CharKind::of_class(c, class),
            script: script_of(c),
        }
    }
}

/// The characters of `text[range]` (a paragraph), appended to `out`.
pub(crate) fn decode_paragraph(text: &str, range: Range<usize>, out: &mut Vec<Ch>) {
    out.clear();
    let start = range.start;
    out.extend(
        text[range]
            .char_indices()
            .map(|(i, c)| Ch::decode(start + i, c)),
    );
}

/// Connectors allowed between two parts of a unit when no space is involved: decimal and
/// thousands separators, time and date separators, URL and email punctuation, identifiers
/// (`snake_case`), apostrophes (`McDonald's`), ranges (`3-4`, `3–4`), brackets (`f(x)`).
/// Comparison signs are not connectors but number prefixes (`x<5` is `x` then `<5`), so an
/// HTML tag in prose does not glue its neighbours into one unit.
const TIGHT_CONNECTORS: &[char] = &[
    '.', ',', ':', '/', '\\', '-', '‑', '–', '—', '_', '@', '&', '+', '=', '?', '#', '\'', '’',
    '~', '^', '(', ')', '[', ']', '×',
];

/// Non-space characters allowed in a connector that has spaces: spaced ranges (`10:00 –
/// 12:00`), `AT & T`, `1 + 1`, a parenthesis after a word
/// (`Windows (x64)`). Not `,` `.` `:` `;` followed by a space: those end a list item or a
/// sentence, and a Hebrew list of Latin names must read right to left item by item.
const SPACED_CONNECTORS: &[char] = &[
    '-', '‑', '–', '—', '&', '/', '+', '=', '(', '[', ')', ']', '×',
];

/// The longest connector between two parts of a unit, in characters.
const MAX_CONNECTOR: usize = 3;

struct Scanner<'a> {
    chars: &'a [Ch],
    lo: usize,
    hi: usize,
}

impl Scanner<'_> {
    fn kind(&self, i: usize) -> CharKind {
        if i < self.hi {
            self.chars[i].kind
        } else {
            CharKind::Break
        }
    }

    fn char_at(&self, i: usize) -> Option<char> {
        (i < self.hi).then(|| self.chars[i].c)
    }

    /// Part of a left-to-right unit's body: letters, digits, marks, and number suffixes.
    fn is_atom(&self, i: usize) -> bool {
        match self.kind(i) {
            CharKind::LtrLetter | CharKind::Digit | CharKind::Mark => true,
            CharKind::Other => is_number_suffix(self.chars[i].c),
            _ => false,
        }
    }

    /// If a left-to-right unit can start at `i`, the index after its first token.
    fn unit_start(&self, i: usize) -> Option<usize> {
        let c = self.char_at(i)?;
        match self.kind(i) {
            CharKind::LtrLetter | CharKind::Digit => Some(i + 1),
            CharKind::Other if c == '(' => {
                // `(03) 555-1234`: an area code in parentheses opens a phone number.
                let mut j = i + 1;
                while self.kind(j) == CharKind::Digit {
                    j += 1;
                }
                let digits = j > i + 1;
                let closed = self.char_at(j) == Some(')');
                let mut k = j + 1;
                if self.kind(k) == CharKind::Space {
                    k += 1;
                }
                (digits && closed && self.kind(k) == CharKind::Digit).then_some(j + 1)
            }
            CharKind::Other if c == '`' => {
                // An inline code span is one unit whatever it holds, up to the closing
                // backtick on the same line.
                (i + 1..self.hi)
                    .take_while(|&j| self.kind(j) != CharKind::Break)
                    .find(|&j| self.chars[j].c == '`')
                    .map(|j| j + 1)
            }
            CharKind::Other if is_number_prefix(c) => {
                let sign = matches!(c, '-' | '‑' | '−' | '+');
                if sign && i > self.lo {
                    // `ב-2024`, `ל-5`: a hyphen glued to a Hebrew prefix letter is Hebrew
                    // punctuation, not a minus sign; after a letter or digit it is a
                    // connector, handled by the unit before it.
                    let prev = self.chars[i - 1].kind;
                    if matches!(
                        prev,
                        CharKind::RtlLetter
                            | CharKind::LtrLetter
                            | CharKind::Digit
                            | CharKind::Mark
                    ) {
                        return None;
                    }
                }
                let mut j = i + 1;
                // `≥ 3`, `₪ 50`: one space may separate a prefix from its number, but not a
                // sign (`- 5` is a dash in prose).
                if !sign && self.kind(j) == CharKind::Space {
                    j += 1;
                }
                (self.kind(j) == CharKind::Digit).then_some(j + 1)
            }
            _ => None,
        }
    }

    /// If a unit can go on at `i` (after a connector), the index after the token there.
    fn continuation(&self, i: usize) -> Option<usize> {
        if let Some(end) = self.unit_start(i) {
            return Some(end);
        }
        // `50 ₪`, `10 %`: a suffix sign after a spaced number.
        let c = self.char_at(i)?;
        is_number_suffix(c).then_some(i + 1)
    }

    fn scan_atoms(&self, mut i: usize) -> usize {
        while self.is_atom(i) {
            i += 1;
        }
        i
    }

    /// The index where the unit goes on after a connector starting at `end`, if any.
    fn connector(&self, end: usize) -> Option<usize> {
        let mut k = end;
        while k < self.hi && k - end < MAX_CONNECTOR && self.is_connector_char(k) {
            k += 1;
        }
        // Longest valid connector first: `10:00 – 12:00` takes all of " – ".
        (end + 1..=k)
            .rev()
            .find(|&stop| self.valid_connector(end, stop) && self.continuation(stop).is_some())
    }

    fn is_connector_char(&self, i: usize) -> bool {
        match self.kind(i) {
            CharKind::Space => true,
            CharKind::Other => TIGHT_CONNECTORS.contains(&self.chars[i].c),
            _ => false,
        }
    }

    fn valid_connector(&self, from: usize, to: usize) -> bool {
        let seq = &self.chars[from..to];
        let spaces = seq.iter().filter(|ch| ch.kind == CharKind::Space).count();
        if spaces == 0 {
            return true;
        }
        let others = seq.len() - spaces;
        spaces <= 2
            && (spaces == 1 || others >= 1)
            && seq
                .iter()
                .all(|ch| ch.kind == CharKind::Space || SPACED_CONNECTORS.contains(&ch.c))
    }

    /// `C++`, `C#`, `F#`: up to two `+`/`#` right after a Latin letter belong to the name.
    fn language_suffix(&self, end: usize) -> usize {
        if end == 0 || self.kind(end - 1) != CharKind::LtrLetter {
            return end;
        }
        let mut k = end;
        while k < self.hi && k - end < 2 && matches!(self.chars[k].c, '+' | '#') {
            k += 1;
        }
        if k > end && !self.is_atom(k) {
            k
        } else {
            end
        }
    }

    /// Brackets inside a unit must pair up. A closing bracket right after the unit that
    /// matches one opened inside it joins the unit (`f(x)`); otherwise the unit is cut before
    /// the first bracket that does not pair (`(Google)` keeps its parentheses outside, so
    /// they mirror with the surrounding text).
    fn balance(&self, start: usize, end: usize) -> usize {
        let mut open: Vec<(usize, char)> = Vec::new();
        let mut k = start;
        while k < end {
            let c = self.chars[k].c;
            if c == '`' {
                // Brackets inside a code span are code.
                if let Some(close) = (k + 1..end).find(|&j| self.chars[j].c == '`') {
                    k = close + 1;
                    continue;
                }
            }
            if let Some(close) = closing_bracket(c) {
                open.push((k, close));
            } else if is_closing_bracket(c) {
                if open.last().map(|&(_, close)| close) == Some(c) {
                    open.pop();
                } else {
                    return self.trim(start, k);
                }
            }
            k += 1;
        }
        let mut end = end;
        while let Some(&(_, close)) = open.last() {
            if self.char_at(end) == Some(close) {
                open.pop();
                end += 1;
            } else {
                break;
            }
        }
        match open.first() {
            Some(&(unpaired, _)) => self.trim(start, unpaired),
            None => end,
        }
    }

    /// Moves `end` back over trailing connectors so a cut unit ends on a body character.
    fn trim(&self, start: usize, mut end: usize) -> usize {
        while end > start {
            let ch = self.chars[end - 1];
            let keeps = self.is_atom(end - 1)
                || is_closing_bracket(ch.c)
                || ch.c == '`'
                || ch.kind == CharKind::RtlLetter;
            if keeps {
                break;
            }
            end -= 1;
        }
        end
    }

    fn has_ltr_body(&self, range: Range<usize>) -> bool {
        self.chars[range]
            .iter()
            .any(|ch| matches!(ch.kind, CharKind::LtrLetter | CharKind::Digit))
    }

    fn ltr_units(&self, out: &mut Vec<Range<usize>>) {
        let mut i = self.lo;
        while i < self.hi {
            let Some(first) = self.unit_start(i) else {
                i += 1;
                continue;
            };
            let start = i;
            let mut end = self.scan_atoms(first);
            while let Some(next) = self.connector(end) {
                let token_end = self.continuation(next).unwrap_or(next);
                end = self.scan_atoms(token_end);
            }
            end = self.language_suffix(end);
            let end = self.balance(start, end);
            if end > start && self.has_ltr_body(start..end) {
                out.push(start..end);
                i = end;
            } else {
                i = start + 1;
            }
        }
    }

    fn rtl_units(&self, out: &mut Vec<Range<usize>>) {
        let mut i = self.lo;
        while i < self.hi {
            if self.kind(i) != CharKind::RtlLetter {
                i += 1;
                continue;
            }
            let start = i;
            let mut end = self.rtl_word_end(i);
            loop {
                // As UBA rule N1 does (numbers count as R there), neutrals and numbers between
                // two right-to-left letters belong to the phrase.
                let mut j = end;
                while matches!(
                    self.kind(j),
                    CharKind::Space | CharKind::Digit | CharKind::Other | CharKind::Mark
                ) {
                    j += 1;
                }
                if self.kind(j) == CharKind::RtlLetter {
                    end = self.rtl_word_end(j);
                } else {
                    break;
                }
            }
            let end = self.balance(start, end);
            if end > start {
                out.push(start..end);
                i = end;
            } else {
                i = start + 1;
            }
        }
    }

    fn rtl_word_end(&self, mut i: usize) -> usize {
        while matches!(self.kind(i), CharKind::RtlLetter | CharKind::Mark) {
            i += 1;
        }
        i
    }
}

/// Left-to-right units of `chars[range]`, for text displayed right to left.
pub(crate) fn ltr_units(chars: &[Ch], range: Range<usize>, out: &mut Vec<Range<usize>>) {
    Scanner {
        chars,
        lo: range.start,
        hi: range.end,
    }
    .ltr_units(out)
}

/// Right-to-left phrases of `chars[range]`, for text displayed left to right.
pub(crate) fn rtl_units(chars: &[Ch], range: Range<usize>, out: &mut Vec<Range<usize>>) {
    Scanner {
        chars,
        lo: range.start,
        hi: range.end,
    }
    .rtl_units(out)
}
