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

pub(crate) fn find(text: &str, out: &mut Vec<Candidate>) {
    let has_digit = text.bytes().any(|b| b.is_ascii_digit());
    if has_digit {
        for m in IBAN.find_iter(text) {
            // Longest valid prefix at group boundaries: a trailing word in capitals (`EUR`)
            // may have been swallowed by the greedy groups.
            let s = m.as_str();
            let mut cut = s.len();
            loop {
                let cand = s[..cut].trim_end_matches([' ', '-', '.']);
                if iban_valid(cand) && boundary(text, m.start(), m.start() + cand.len()) {
                    out.push(Candidate::new(
                        m.start(),
                        m.start() + cand.len(),
                        SpanType::Account,
                    ));
                    break;
                }
                match cand.rfind([' ', '-', '.']) {
                    Some(sp) if sp > 4 => cut = sp,
                    _ => break,
                }
            }
        }
        for m in CARD.find_iter(text) {
            let digits = m.as_str().bytes().filter(u8::is_ascii_digit).count();
            if (13..=19).contains(&digits)
                && luhn_valid(m.as_str())
                && digit_boundary(text, m.start(), m.end())
            {
                out.push(Candidate::new(m.start(), m.end(), SpanType::Card));
            }
        }
        for m in BANK_ACCOUNT.find_iter(text) {
            if digit_boundary(text, m.start(), m.end()) {
                out.push(Candidate::new(m.start(), m.end(), SpanType::Account));
            }
        }
        for m in ISRAELI_ID.find_iter(text) {
            if israeli_id_valid(m.as_str()) && digit_boundary(text, m.start(), m.end()) {
                out.push(Candidate::new(m.start(), m.end(), SpanType::IdNumber));
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
