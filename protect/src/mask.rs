//! Masking spans as placeholders before a sentence leaves the process, and putting values back.
//!
//! # Token form
//!
//! A masked span becomes `⟦N⟧` (U+27E6, the span's slot number, U+27E7). The brackets are rare in
//! real text, survive tokenizers as single symbols, and hold no letters, so no redacted value
//! (which always has a letter or digit sequence of its own) can appear inside a token. Unmasking
//! reads tokens by number wherever they are, so a model that reorders them (as Hebrew word
//! order often requires) is fine; it also accepts `⟦ 3 ⟧` and the ASCII fallback `[[3]]`.
//!
//! Redacted values (`name`, `account`, `id_number`, `card`) live only in the [`Masked`] slots,
//! never in the masked text. `defined_term` spans are not masked (the model must translate
//! them; consistency is checked by verification), nor are `abbreviation` spans for a patient
//! audience (they must become plain words).

use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;

use crate::model::{Audience, BidiMode, FoundSpan, Issue, IssueCode, Lang, SpanType};

/// One masked value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub kind: SpanType,
    /// The source value.
    pub value: String,
    /// What the output shows (rendering, or the value itself).
    pub output: String,
}

/// A masked sentence: the text to send to the model and the slots to put back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Masked {
    pub text: String,
    pub slots: Vec<Slot>,
}

/// The token of slot `n`.
pub fn token(n: usize) -> String {
    format!("⟦{n}⟧")
}

fn masked_type(kind: SpanType, audience: Audience) -> bool {
    match kind {
        SpanType::DefinedTerm => false,
        SpanType::Abbreviation => audience == Audience::Clinician,
        _ => true,
    }
}

/// Replaces spans by tokens; `spans` must be sorted and non-overlapping (as the finder returns
/// them); a span that is not is left in the text rather than corrupting it.
///
/// Text outside the spans that already looks like a token (`⟦2⟧`, `[[2]]`) is masked too, as a
/// `keep` slot: [`unmask`] would otherwise read it as a placeholder, and masking followed by
/// unmasking must give the input back byte-exact.
pub fn mask(text: &str, spans: &[FoundSpan], audience: Audience) -> Masked {
    let mut out = String::with_capacity(text.len());
    let mut slots = Vec::new();
    let mut pos = 0;
    for s in spans {
        if s.start < pos || s.end > text.len() || !masked_type(s.kind, audience) {
            continue;
        }
        let (Some(before), Some(value)) = (text.get(pos..s.start), text.get(s.start..s.end)) else {
            continue;
        };
        push_gap(before, &mut out, &mut slots);
        out.push_str(&token(slots.len()));
        slots.push(Slot {
            kind: s.kind,
            value: value.to_string(),
            output: s.render.clone().unwrap_or_else(|| value.to_string()),
        });
        pos = s.end;
    }
    push_gap(text.get(pos..).unwrap_or(""), &mut out, &mut slots);
    Masked { text: out, slots }
}

/// Copies unmasked text, masking what [`unmask`] would read as a token.
fn push_gap(gap: &str, out: &mut String, slots: &mut Vec<Slot>) {
    let mut pos = 0;
    for m in TOKEN.find_iter(gap) {
        out.push_str(&gap[pos..m.start()]);
        out.push_str(&token(slots.len()));
        slots.push(Slot {
            kind: SpanType::Keep,
            value: m.as_str().to_string(),
            output: m.as_str().to_string(),
        });
        pos = m.end();
    }
    out.push_str(&gap[pos..]);
}

static TOKEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"⟦\s*([0-9]{1,6})\s*⟧|\[\[\s*([0-9]{1,6})\s*\]\]")
        .unwrap_or_else(|e| panic!("token pattern: {e}"))
});

/// Output of [`unmask`]: the final text and the placeholder issues.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmasked {
    pub text: String,
    pub issues: Vec<Issue>,
}

/// First strong isolate and pop directional isolate (UAX #9 X5c, X6a).
const FSI: char = '\u{2068}';
const PDI: char = '\u{2069}';

/// Puts values back into a translated sentence. Each slot must appear at least once: a missing
/// slot is `placeholder_missing` (error), as is a token naming no slot. A slot written more than
/// once is `placeholder_duplicated`: an error when the value is one whose count carries meaning
/// (see [`counted`]), else a warning. With `bidi` `isolate` and a Hebrew target, every value is
/// wrapped in FSI … PDI.
pub fn unmask(translated: &str, masked: &Masked, target: Lang, bidi: BidiMode) -> Unmasked {
    let isolate = bidi == BidiMode::Isolate && target == Lang::He;
    let mut out = String::with_capacity(translated.len() + 16);
    let mut seen = BTreeSet::new();
    let mut repeated = BTreeSet::new();
    let mut issues = Vec::new();
    let mut pos = 0;
    for caps in TOKEN.captures_iter(translated) {
        let Some(whole) = caps.get(0) else { continue };
        let n = caps
            .get(1)
            .or_else(|| caps.get(2))
            .and_then(|m| m.as_str().parse::<usize>().ok());
        out.push_str(&translated[pos..whole.start()]);
        match n.and_then(|n| masked.slots.get(n).map(|s| (n, s))) {
            Some((n, slot)) => {
                if !seen.insert(n) {
                    repeated.insert(n);
                }
                if isolate {
                    out.push(FSI);
                    out.push_str(&slot.output);
                    out.push(PDI);
                } else {
                    out.push_str(&slot.output);
                }
            }
            None => {
                issues.push(Issue::error(
                    IssueCode::PlaceholderMissing,
                    format!(
                        "the translation has a placeholder {} that the source does not",
                        whole.as_str()
                    ),
                ));
            }
        }
        pos = whole.end();
    }
    out.push_str(&translated[pos..]);
    for (n, slot) in masked.slots.iter().enumerate() {
        if !seen.contains(&n) {
            let what = if slot.kind.is_redacted() {
                format!("a protected {} value", slot.kind.as_str())
            } else {
                format!("`{}` ({})", slot.value, slot.kind.as_str())
            };
            issues.push(Issue::error(
                IssueCode::PlaceholderMissing,
                format!(
                    "placeholder {} for {what} is missing from the translation",
                    token(n)
                ),
            ));
        }
    }
    for n in repeated {
        let Some(slot) = masked.slots.get(n) else {
            continue;
        };
        let detail = format!(
            "placeholder {} ({}) appears more than once in the translation",
            token(n),
            slot.kind.as_str()
        );
        issues.push(if counted(slot.kind) {
            Issue::error(IssueCode::PlaceholderDuplicated, detail)
        } else {
            Issue::warning(IssueCode::PlaceholderDuplicated, detail)
        });
    }
    Unmasked { text: out, issues }
}

/// Types whose number of occurrences is part of the meaning: writing one twice states a second
/// amount, date, dose or account.
pub fn counted(kind: SpanType) -> bool {
    matches!(
        kind,
        SpanType::Number
            | SpanType::Ordinal
            | SpanType::Date
            | SpanType::Dose
            | SpanType::Code
            | SpanType::Identifier
            | SpanType::Account
            | SpanType::IdNumber
            | SpanType::Card
            | SpanType::Reference
            | SpanType::Clause
            | SpanType::Citation
    )
}
