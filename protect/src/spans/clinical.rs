//! Clinical span finders (clinical domain rule: drugs, doses, lab values, abbreviations):
//! `drug` (lexicon plus INN stems), `dose` (an amount with a unit, lab values included),
//! `abbreviation` (the Meta-Inventory, CC BY 4.0, and `q6h`-style sig codes), `code` (ICD-10).

use std::sync::LazyLock;

use regex::Regex;

use super::Candidate;
use crate::lexicon::Lexicons;
use crate::model::SpanType;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("pattern {pattern}: {e}"))
}

/// An amount (or range) followed by a dose or lab unit.
static DOSE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"[0-9]+(?:[.,][0-9]+)?(?:\s?[-–]\s?[0-9]+(?:[.,][0-9]+)?)?\s?(?:mg/kg/day|mg/kg|mg/dL|mg/dl|mmol/L|mmol/l|mEq/L|g/dL|g/dl|mg/mL|mg/ml|mcg/kg/min|units/kg|IU/L|U/L|mmHg|mcg|µg|μg|mg|kg|mL|ml|mEq|mmol|IU|units?|tabs?|tablets?|caps?|capsules?|puffs?|drops?|gtts?|mg|g|L|U|מ"ג|מ״ג|מ"ל|מ״ל|מק"ג|מק״ג|יחידות|טבליות|טיפות|мг|мл|мкг|ЕД|ед\.|таблетк[аиу]|таб\.|капл[иья]|г)"#,
    )
});
/// Sig codes not in the inventory under this spelling: `q6h`, `q4-6h`, `Q12H`.
static SIG: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)q[0-9]{1,2}(?:-[0-9]{1,2})?h"));
/// ICD-10: a letter, two digits, then an optional dot and up to four characters
/// (WHO uses one digit after the dot, national modifications more).
static ICD10: LazyLock<Regex> = LazyLock::new(|| re(r"[A-Z][0-9]{2}(?:\.[0-9A-Z]{1,4})?[†*]?"));

fn boundary(text: &str, start: usize, end: usize) -> bool {
    let b = text.get(..start).and_then(|s| s.chars().next_back());
    let a = text.get(end..).and_then(|s| s.chars().next());
    !b.is_some_and(|c| c.is_alphanumeric()) && !a.is_some_and(|c| c.is_alphanumeric())
}

/// Hebrew prefix letters may precede a Hebrew drug name (`והאקמול`).
fn hebrew_prefixed_boundary(text: &str, start: usize, end: usize) -> bool {
    if boundary(text, start, end) {
        return true;
    }
    let before = &text[..start];
    let prefix_len: usize = before
        .chars()
        .rev()
        .take_while(|c| "והבלמשכ".contains(*c))
        .take(3)
        .map(char::len_utf8)
        .sum();
    prefix_len > 0 && boundary(text, start - prefix_len, end)
}

pub(crate) fn find(text: &str, lex: &Lexicons, out: &mut Vec<Candidate>) {
    // Every name occurrence on word boundaries is a candidate; overlaps between them are resolved
    // like any others (the earlier, then the longer, wins).
    for m in lex.drug_matcher().find_overlapping_iter(text) {
        if hebrew_prefixed_boundary(text, m.start(), m.end()) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::Drug));
        }
    }
    for (start, end) in lex.stem_words(text) {
        if boundary(text, start, end) {
            out.push(Candidate::new(start, end, SpanType::Drug));
        }
    }
    for m in lex.abbreviation_matcher().find_iter(text) {
        if boundary(text, m.start(), m.end()) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::Abbreviation));
        }
    }
    let has_digit = text.bytes().any(|b| b.is_ascii_digit());
    if !has_digit {
        return;
    }
    for m in SIG.find_iter(text) {
        if boundary(text, m.start(), m.end()) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::Abbreviation));
        }
    }
    for m in DOSE.find_iter(text) {
        if boundary(text, m.start(), m.end()) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::Dose));
        }
    }
    for m in ICD10.find_iter(text) {
        let end = m.end();
        let ok_after = !text[end..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric());
        let ok_before = !text[..m.start()]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric());
        if ok_before && ok_after {
            out.push(Candidate::new(m.start(), end, SpanType::Code));
        }
    }
}
