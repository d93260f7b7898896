//! Finance span finders (finance domain rule): `account` (IBAN with mod-97, BIC, Israeli
//! bank-branch-account), `id_number` (Israeli ID with its check digit), `card` (Luhn) and
//! `reference` (invoice, policy, transaction references). A value whose check digits fail is not
//! protected as that type (it may still be a number or identifier).

use std::sync::LazyLock;

use regex::Regex;

use super::check_digits::{bic_valid, iban_valid, israeli_id_valid, luhn_valid};
use super::Candidate;
use crate::model::SpanType;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("pattern {pattern}: {e}"))
}

/// Country code, check digits, then groups of up to four letters or digits, spaced or not.
static IBAN: LazyLock<Regex> =
    LazyLock::new(|| re(r"[A-Z]{2} ?[0-9]{2}(?:[ \-.]?[A-Za-z0-9]{1,4}){2,8}"));
static IBAN_AT: LazyLock<Regex> = LazyLock::new(|| re(&format!("^(?:{})", IBAN.as_str())));
static BIC: LazyLock<Regex> = LazyLock::new(|| re(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?"));
/// Card numbers: 13 to 19 digits, optionally in groups split by spaces or dashes.
static CARD: LazyLock<Regex> =
    LazyLock::new(|| re(r"[0-9]{4}(?:[ \-]?[0-9]{3,4}){2,3}(?:[ \-]?[0-9]{1,3})?"));
/// Israeli ID: 9 digits, or up to 8 digits, a dash and the check digit.
static ISRAELI_ID: LazyLock<Regex> = LazyLock::new(|| re(r"[0-9]{5,8}-[0-9]|[0-9]{9}"));
/// Israeli bank account as bank-branch-account (`12-345-678901`).
static BANK_ACCOUNT: LazyLock<Regex> =
    LazyLock::new(|| re(r"[0-9]{2}-[0-9]{3}-[0-9]{4,9}(?:/[0-9]{1,2})?"));
/// A reference keyword followed by the reference itself (captured).
static REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?i)(?:invoice|inv\.|policy|transaction|txn|ref\.?|reference|order|receipt|contract|חשבונית|פוליסה|אסמכתא|אסמכתה|עסקה|הזמנה|קבלה|חוזה|מס['׳]|счёт|счет|полис|транзакци[яи]|заказ|договор|квитанци[яи])\s*(?:no\.?|number|num\.?|#|№|מספר|номер)?\s*[:#№]?\s*([A-Z0-9][A-Z0-9\-/]*[0-9][A-Z0-9\-/]*)"#,
    )
});
/// Words that announce a BIC; a BIC without a digit is only taken after one of them (an
/// eight-letter capitalised word would pass the format otherwise).
const BIC_CUES: &[&str] = &[
    "BIC",
    "SWIFT",
    "Swift",
    "swift",
    "ביק",
    "סוויפט",
    "СВИФТ",
    "SWIFT-код",
];

fn boundary(text: &str, start: usize, end: usize) -> bool {
    let b = text.get(..start).and_then(|s| s.chars().next_back());
    let a = text.get(end..).and_then(|s| s.chars().next());
    !b.is_some_and(|c| c.is_alphanumeric()) && !a.is_some_and(|c| c.is_alphanumeric())
}

fn digit_boundary(text: &str, start: usize, end: usize) -> bool {
    let b = text.get(..start).and_then(|s| s.chars().next_back());
    let a = text.get(end..).and_then(|s| s.chars().next());
    let bad = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    // A dash or space plus digit next to the value would make it part of a longer number.
    let b2 = start
        .checked_sub(2)
        .and_then(|s| text.get(s..start))
        .is_some_and(|s| s.as_bytes()[1] == b'-' && s.as_bytes()[0].is_ascii_digit());
    !bad(b) && !bad(a) && !b2
}

/// Runs of digits, spaces, dashes and slashes that hold a digit, with their offsets.
fn digit_runs(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let in_run = |b: &u8| b.is_ascii_digit() || matches!(b, b' ' | b'-' | b'/');
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(d) = bytes[i..].iter().position(u8::is_ascii_digit) {
        let digit = i + d;
        let start = bytes[..digit]
            .iter()
            .rposition(|b| !in_run(b))
            .map_or(0, |p| p + 1);
        let end = bytes[digit..]
            .iter()
            .position(|b| !in_run(b))
            .map_or(bytes.len(), |p| digit + p);
        if let Some(run) = text.get(start..end) {
            out.push((start, run));
        }
        i = end;
    }
    out
}

/// The matches of [`IBAN`] in `text`, as a whole-text pass would find them: an IBAN starts
/// with two capitals, an optional space and two digits, so the anchored pattern is tried only
/// at such places (found from the digit pairs), leftmost first, never inside an earlier match.
fn iban_matches(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let upper = |i: usize, j: usize| {
        bytes
            .get(i..j)
            .is_some_and(|s| s.iter().all(u8::is_ascii_uppercase))
    };
    let mut starts = Vec::new();
    for j in 0..bytes.len().saturating_sub(1) {
        if !(bytes[j].is_ascii_digit() && bytes[j + 1].is_ascii_digit()) {
            continue;
        }
        if j >= 3 && bytes[j - 1] == b' ' && upper(j - 3, j - 1) {
            starts.push(j - 3);
        }
        if j >= 2 && upper(j - 2, j) {
            starts.push(j - 2);
        }
    }
    starts.sort_unstable();
    let mut out = Vec::new();
    let mut last_end = 0;
    for start in starts {
        if start < last_end {
            continue;
        }
        if let Some(m) = text.get(start..).and_then(|rest| IBAN_AT.find(rest)) {
            out.push((start, start + m.end()));
            last_end = start + m.end();
        }
    }
    out
}

pub(crate) fn find(text: &str, out: &mut Vec<Candidate>) {
    let has_digit = text.bytes().any(|b| b.is_ascii_digit());
    if has_digit {
        for (start, end) in iban_matches(text) {
            // Longest valid prefix at group boundaries: a trailing word in capitals (`EUR`)
            // may have been swallowed by the greedy groups.
            let s = &text[start..end];
            let mut cut = s.len();
            loop {
                let cand = s[..cut].trim_end_matches([' ', '-', '.']);
                if iban_valid(cand) && boundary(text, start, start + cand.len()) {
                    out.push(Candidate::new(start, start + cand.len(), SpanType::Account));
                    break;
                }
                match cand.rfind([' ', '-', '.']) {
                    Some(sp) if sp > 4 => cut = sp,
                    _ => break,
                }
            }
        }
        // Card, bank account and ID numbers hold only digits, spaces, dashes and slashes: their
        // patterns run over the runs of those characters that hold a digit only (a match never
        // crosses another character, so this finds what a whole-text pass finds).
        for (off, run) in digit_runs(text) {
            for m in CARD.find_iter(run) {
                // Longest Luhn-valid prefix at group boundaries: a number written after the card
                // (`4111 1111 1111 1111 5`) may have been swallowed by the optional last group.
                let mut value = m.as_str();
                loop {
                    let (start, end) = (off + m.start(), off + m.start() + value.len());
                    let digits = value.bytes().filter(u8::is_ascii_digit).count();
                    if digits < 13 {
                        break;
                    }
                    if digits <= 19 && luhn_valid(value) && digit_boundary(text, start, end) {
                        out.push(Candidate::new(start, end, SpanType::Card));
                        break;
                    }
                    match value.rfind([' ', '-']) {
                        Some(sep) => value = &value[..sep],
                        None => break,
                    }
                }
            }
            for m in BANK_ACCOUNT.find_iter(run) {
                let (start, end) = (off + m.start(), off + m.end());
                if digit_boundary(text, start, end) {
                    out.push(Candidate::new(start, end, SpanType::Account));
                }
            }
            for m in ISRAELI_ID.find_iter(run) {
                let (start, end) = (off + m.start(), off + m.end());
                if israeli_id_valid(m.as_str()) && digit_boundary(text, start, end) {
                    out.push(Candidate::new(start, end, SpanType::IdNumber));
                }
            }
        }
        for c in REFERENCE.captures_iter(text) {
            let Some(m) = c.get(1) else { continue };
            out.push(Candidate::new(m.start(), m.end(), SpanType::Reference));
        }
    }
    for m in BIC.find_iter(text) {
        let s = m.as_str();
        if !bic_valid(s) || !boundary(text, m.start(), m.end()) {
            continue;
        }
        let window_start = m.start().saturating_sub(40);
        let window = text
            .get(window_start..m.start())
            .or_else(|| {
                (window_start..m.start())
                    .find(|i| text.is_char_boundary(*i))
                    .and_then(|i| text.get(i..m.start()))
            })
            .unwrap_or("");
        let cued = BIC_CUES.iter().any(|cue| window.contains(cue));
        if cued || s.bytes().any(|b| b.is_ascii_digit()) {
            out.push(Candidate::new(m.start(), m.end(), SpanType::Account));
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn whole(re: &Regex, text: &str) -> Vec<(usize, usize)> {
        re.find_iter(text).map(|m| (m.start(), m.end())).collect()
    }

    fn by_runs(re: &Regex, text: &str) -> Vec<(usize, usize)> {
        digit_runs(text)
            .into_iter()
            .flat_map(|(off, run)| {
                re.find_iter(run)
                    .map(move |m| (off + m.start(), off + m.end()))
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    proptest! {
        // The speed-ups find exactly what a whole-text pass of each pattern finds.
        #[test]
        fn prefiltered_passes_match_whole_text_passes(
            text in "[A-Z0-9 a-z.\\-/,é]{0,60}"
        ) {
            prop_assert_eq!(iban_matches(&text), whole(&IBAN, &text));
            for re in [&*CARD, &*BANK_ACCOUNT, &*ISRAELI_ID] {
                prop_assert_eq!(by_runs(re, &text), whole(re, &text));
            }
        }
    }
}
