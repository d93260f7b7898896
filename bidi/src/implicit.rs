//! The fast path of the UBA: the implicit rules (W1–W7, N0–N2, I1–I2) and L1 for a paragraph
//! without explicit embeddings, overrides or isolates — nearly every real string.
//!
//! Without explicit formatting characters, X1–X10 give every character the paragraph level
//! and make the whole paragraph one isolating run sequence whose sos and eos are the
//! paragraph's direction, so none of that machinery is needed. The paragraph is decoded once:
//! each character's class is read and the weak rules are applied as it arrives (a separator
//! or a run of terminators waits for the next character to learn what it becomes), and the
//! resulting type is written as one byte per character into the buffer that then becomes the
//! levels. N0 (only when brackets pair up), N1–N2, I1–I2 and L1 then sweep that buffer once.
//! Nothing else is allocated but the list of bracket pairs, when there are brackets.
//!
//! The rules are applied as `unicode-bidi` applies them (its `implicit.rs`), character by
//! character instead of byte by byte; `tests/conformance.rs` runs both paths over the Unicode
//! conformance files and `tests/properties.rs` compares them on random text.

use unicode_bidi::{BidiClass, BidiDataSource, HardcodedBidiData};

use crate::uba::{L1Kind, LineEnd};

/// Types after the weak rules, one byte per character.
mod ty {
    pub const L: u8 = 0;
    pub const R: u8 = 1;
    pub const EN: u8 = 2;
    pub const AN: u8 = 3;
    /// Other neutrals (ON, and separators and terminators that W6 made ON).
    pub const ON: u8 = 4;
    /// An NSM that W1 made neutral (it follows a neutral): N0 gives it its bracket's type.
    pub const NSM_ON: u8 = 5;
    pub const WS: u8 = 6;
    /// S and B: segment and paragraph separators (L1 resets them).
    pub const SEP: u8 = 7;
    /// Removed by X9 (BN): skipped by every rule, given its neighbour's level by L1.
    pub const BN: u8 = 8;
}

/// The deepest bracket nesting BD16 follows; past it, pairing stops for the paragraph.
const MAX_BRACKET_DEPTH: usize = 63;

/// Appends the levels of a paragraph (one per character, after L1) at paragraph level
/// `level` to `levels`; `chars` are the paragraph's characters with their Bidi_Class.
/// Returns false, with `levels` as it was, when the paragraph holds an explicit embedding,
/// override or isolate character: those need X1–X10, the full algorithm. `pairs` is scratch
/// space for bracket pairs.
pub(crate) fn resolve_paragraph(
    chars: impl Iterator<Item = (char, BidiClass)>,
    level: u8,
    levels: &mut Vec<u8>,
    pairs: &mut Vec<(usize, usize)>,
) -> bool {
    let start = levels.len();
    pairs.clear();
    if !weak_types(chars, level, levels, pairs) {
        levels.truncate(start);
        return false;
    }
    let types = &mut levels[start..];
    if !pairs.is_empty() {
        pairs.sort_unstable_by_key(|&(open, _)| open);
        rule_n0(types, pairs, level);
    }
    rules_n1_n2_i1_i2_l1(types, level);
    true
}

fn embedding_type(level: u8) -> u8 {
    if level % 2 == 0 {
        ty::L
    } else {
        ty::R
    }
}

/// Reads the characters once, appending their types after W1–W7 to `out` and their bracket
/// pairs (BD16) to `pairs`. False when an explicit formatting character is found.
fn weak_types(
    chars: impl Iterator<Item = (char, BidiClass)>,
    level: u8,
    out: &mut Vec<u8>,
    pairs: &mut Vec<(usize, usize)>,
) -> bool {
    use BidiClass::*;
    let start = out.len();
    out.reserve(chars.size_hint().0);
    let sos = if level % 2 == 0 { L } else { R };
    // W1: the class of the previous character after W1.
    let mut prev_w1 = sos;
    // W2: whether the last strong character was AL.
    let mut last_strong_is_al = false;
    // W7: whether the last strong character (after W1–W3) was L.
    let mut last_strong_is_l = sos == L;
    // W4: the class of the previous character after W1–W3.
    let mut prev_w4 = sos;
    // W5: the class of the previous character after W4 and W5.
    let mut prev_w5 = sos;
    // W5: index of the first of a run of ETs that an EN may yet claim.
    let mut et_run: Option<usize> = None;
    // W4: a separator waiting for the next character: its index, class, and the class
    // before it.
    let mut separator: Option<(usize, BidiClass, BidiClass)> = None;
    let mut brackets = BracketStack::default();

    for (c, class) in chars {
        let i = out.len() - start;
        match class {
            // X9: removed; every rule looks through it.
            BN => {
                out.push(ty::BN);
                continue;
            }
            LRE | RLE | LRO | RLO | PDF | LRI | RLI | FSI | PDI => return false,
            _ => {}
        }
        // W7 changes EN to L after a strong L.
        let en = if last_strong_is_l { ty::L } else { ty::EN };

        // W4 (and W6 for separators), for the separator before this character: EN ES EN and
        // EN CS EN become EN, AN CS AN becomes AN, any other separator ON. The next class
        // is this character's own, with W2 applied.
        if let Some((j, sep_class, before)) = separator.take() {
            let next = if class == EN && last_strong_is_al {
                AN
            } else {
                class
            };
            let resolved = match (before, sep_class, next) {
                (EN, ES | CS, EN) => EN,
                (AN, CS, AN) => AN,
                _ => ON,
            };
            out[start + j] = match resolved {
                EN => en,
                AN => ty::AN,
                _ => ty::ON,
            };
            prev_w5 = resolved;
        }

        // W1: an NSM takes the class of the character before it.
        let from_nsm = class == NSM;
        let mut cls = if from_nsm { prev_w1 } else { class };
        prev_w1 = cls;
        let strong_before_w3 = cls;
        // W2: EN after AL is AN. W3: AL is R.
        match cls {
            EN if last_strong_is_al => cls = AN,
            AL => cls = R,
            _ => {}
        }
        match strong_before_w3 {
            L | R => last_strong_is_al = false,
            AL => last_strong_is_al = true,
            _ => {}
        }

        let before_w4 = cls;
        let t = match cls {
            L => ty::L,
            R => ty::R,
            AN => ty::AN,
            EN => {
                // W5: a run of ETs right before an EN becomes EN (and W7 applies to it).
                if let Some(first) = et_run.take() {
                    for t in &mut out[start + first..] {
                        if *t != ty::BN {
                            *t = en;
                        }
                    }
                }
                en
            }
            ES | CS => {
                separator = Some((i, cls, prev_w4));
                ty::ON
            }
            // W5: an ET right after an EN is EN; otherwise it waits for one (W6 makes it ON
            // if none comes, which is what it is written as meanwhile).
            ET if prev_w5 == EN => {
                cls = EN;
                en
            }
            ET => {
                et_run.get_or_insert(i);
                ty::ON
            }
            _ if from_nsm => ty::NSM_ON,
            WS => ty::WS,
            S | B => ty::SEP,
            _ => ty::ON,
        };
        out.push(t);
        if cls != ET {
            et_run = None;
        }
        if !matches!(cls, ES | CS) {
            prev_w5 = cls;
        }
        prev_w4 = before_w4;
        match cls {
            L => last_strong_is_l = true,
            R => last_strong_is_l = false,
            _ => {}
        }
        if class == ON {
            brackets.push(c, i, pairs);
        }
    }
    true
}

/// BD16: the bracket pairs of a paragraph, found as the characters arrive. A stack of at most
/// 63 open brackets; a closing bracket pairs with the nearest open one of its kind and
/// closes everything opened after it.
struct BracketStack {
    open: [(char, usize); MAX_BRACKET_DEPTH],
    len: usize,
    /// Set when the stack overflowed: BD16 stops for the rest of the paragraph.
    stopped: bool,
}

impl Default for BracketStack {
    fn default() -> Self {
        BracketStack {
            open: [('\0', 0); MAX_BRACKET_DEPTH],
            len: 0,
            stopped: false,
        }
    }
}

impl BracketStack {
    fn push(&mut self, c: char, i: usize, pairs: &mut Vec<(usize, usize)>) {
        if self.stopped {
            return;
        }
        let (opening, is_open) = match c {
            '(' | '[' | '{' => (c, true),
            ')' => ('(', false),
            ']' => ('[', false),
            '}' => ('{', false),
            c if c.is_ascii() => return,
            c => match HardcodedBidiData.bidi_matched_opening_bracket(c) {
                Some(m) => (m.opening, m.is_open),
                None => return,
            },
        };
        if is_open {
            if self.len == MAX_BRACKET_DEPTH {
                self.stopped = true;
                return;
            }
            self.open[self.len] = (opening, i);
            self.len += 1;
        } else if let Some(k) = self.open[..self.len]
            .iter()
            .rposition(|&(o, _)| o == opening)
        {
            pairs.push((self.open[k].1, i));
            self.len = k;
        }
    }
}

/// The direction a resolved type counts as for N0 and N1: EN and AN count as R.
#[inline]
fn strong_dir(t: u8) -> Option<u8> {
    match t {
        ty::L => Some(ty::L),
        ty::R | ty::EN | ty::AN => Some(ty::R),
        _ => None,
    }
}

/// N0: a bracket pair with a strong type of the embedding direction inside takes that
/// direction; with only the opposite direction inside, it takes the direction of the strong
/// type before it (or sos). NSMs right after a bracket that changed follow it.
fn rule_n0(types: &mut [u8], pairs: &[(usize, usize)], level: u8) {
    let e = embedding_type(level);
    for &(open, close) in pairs {
        let mut found_opposite = false;
        let mut found_e = false;
        for &t in &types[open + 1..close] {
            match strong_dir(t) {
                Some(d) if d == e => {
                    found_e = true;
                    break;
                }
                Some(_) => found_opposite = true,
                None => {}
            }
        }
        let set = if found_e {
            e
        } else if found_opposite {
            types[..open]
                .iter()
                .rev()
                .find_map(|&t| strong_dir(t))
                .unwrap_or(e)
        } else {
            continue;
        };
        for bracket in [open, close] {
            types[bracket] = set;
            for t in &mut types[bracket + 1..] {
                match *t {
                    ty::NSM_ON => *t = set,
                    ty::BN => {}
                    _ => break,
                }
            }
        }
    }
}

/// I1–I2: the level of a character of resolved type `t` at embedding level `level`.
#[inline]
fn implicit_level(level: u8, t: u8) -> u8 {
    match (level % 2, t) {
        (0, ty::L) | (1, ty::R) => level,
        (0, ty::EN | ty::AN) => level + 2,
        _ => level + 1,
    }
}

/// N1–N2 (a run of neutrals between two strong types of one direction takes it, else the
/// embedding direction; sos and eos are the paragraph's), I1–I2, and L1, in one sweep that
/// turns `types` into levels.
fn rules_n1_n2_i1_i2_l1(types: &mut [u8], level: u8) {
    let e = embedding_type(level);
    let mut line_end = LineEnd::new(level);
    let mut prev = e;
    let mut i = 0;
    while i < types.len() {
        let t = types[i];
        if let Some(d) = strong_dir(t) {
            line_end.step(types, i, L1Kind::Other, implicit_level(level, t));
            prev = d;
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < types.len() && strong_dir(types[j]).is_none() {
            j += 1;
        }
        let next = types.get(j).and_then(|&t| strong_dir(t)).unwrap_or(e);
        let resolved = if next == prev { prev } else { e };
        let neutral_level = implicit_level(level, resolved);
        for k in i..j {
            let kind = match types[k] {
                ty::WS => L1Kind::Whitespace,
                ty::SEP => L1Kind::Separator,
                ty::BN => L1Kind::Removed,
                _ => L1Kind::Other,
            };
            line_end.step(types, k, kind, neutral_level);
        }
        i = j;
    }
    line_end.finish(types);
}
