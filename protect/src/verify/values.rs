//! `term_missing`, `date_missing`, `number_missing`, `number_added`, `digits_added`.
//!
//! Numbers are compared by value, so `50 000` and `50,000`, `3,5` and `3.5` agree; a number
//! written as words in the other language (`two hours` → `שעתיים`, `15` → `חמש עשרה`,
//! `$300` → `триста долларов`, `the 14th century` → `XIV век`) satisfies a number written in
//! digits, and the other way round ([`crate::number_words`]). Dates are compared by calendar day in any of the
//! forms [`crate::dates`] reads, both readings of an ambiguous one accepted.

use std::collections::BTreeSet;

use super::tokens::words;
use super::VerifyOptions;
use crate::dates::{find_dates, DateMatch};
use crate::model::{DateOrder, Issue, IssueCode, Lang};
use crate::number_words;
use crate::numbers::find_numbers;

/// `term_missing`: every protected term, account term or glossary entry found in the source
/// must be in the translation, as its required rendering when it has one. The request's own
/// lists are at most a thousand terms and are looked for directly; the account's (tens of
/// thousands) through their automaton, in one pass over the source.
pub fn check_terms(source: &str, target: &str, opts: &VerifyOptions, out: &mut Vec<Issue>) {
    let tgt = opts.target;
    let mut required: Vec<(&str, &str)> = Vec::new();
    for (k, v) in &opts.glossary {
        required.push((k, v));
    }
    // A glossary entry wins over an account term with the same text (spec: glossary).
    let mut seen = std::collections::BTreeSet::new();
    for (_, _, t) in opts.account_terms.find(source) {
        if !opts.glossary.contains_key(&t.term) && seen.insert(t.term.as_str()) {
            required.push((&t.term, t.translations.get(tgt).unwrap_or(&t.term)));
        }
    }
    for t in &opts.protected_terms {
        required.push((t, t));
    }
    for (term, rendering) in required {
        if !term.is_empty() && source.contains(term) && !target.contains(rendering) {
            out.push(Issue::error(
                IssueCode::TermMissing,
                format!("`{term}` must appear in the translation as `{rendering}`"),
            ));
        }
    }
}

/// `date_missing`: every source date must be in the translation.
pub fn check_dates(source: &str, target: &str, opts: &VerifyOptions, out: &mut Vec<Issue>) {
    let sd = find_dates(source, opts.date_order());
    if sd.is_empty() {
        return;
    }
    let td = find_dates(target, DateOrder::default_for(opts.target));
    for d in &sd {
        if !td.iter().any(|t| d.date.matches(&t.date)) {
            out.push(Issue::error(
                IssueCode::DateMissing,
                format!(
                    "the date `{}` is missing from the translation",
                    &source[d.start..d.end]
                ),
            ));
        }
    }
}

fn inside(dates: &[DateMatch], start: usize, end: usize) -> bool {
    dates.iter().any(|d| start >= d.start && end <= d.end)
}

/// Values written with digits, outside dates.
fn digit_values(text: &str, lang: Lang, dates: &[DateMatch]) -> Vec<String> {
    find_numbers(text, lang)
        .into_iter()
        .filter(|n| !inside(dates, n.start, n.end))
        .flat_map(|n| n.values)
        .collect()
}

/// Number words of a sentence, as values (`two` → 2, `חמש עשרה` → 15, `двадцать пять` → 25,
/// `XIV век` → 14), every reading a translation may be carrying ([`number_words::values`],
/// lenient).
pub fn word_values(text: &str, lang: Lang) -> BTreeSet<String> {
    number_words::values(text, lang, false)
}

/// Values of Hebrew dual words (`שעתיים` "two hours"): unlike `שני` or `שנים` they are
/// never anything but a number.
fn hebrew_duals(text: &str, lang: Lang) -> Vec<String> {
    if lang != Lang::He {
        return Vec::new();
    }
    words(text)
        .iter()
        .filter_map(|w| number_words::hebrew_dual(&w.text))
        // Larger duals (`מאתיים`, `אלפיים`) are values of the whole number they begin.
        .filter(|v| *v < 3)
        .map(|v| v.to_string())
        .collect()
}

/// A value the translation must carry when the source writes it as words: 3 and more, or a
/// fraction (`полтора`), as `one` and `two` are often idiomatic (Hebrew `שנים` "years",
/// `אחד על השני` "each other").
fn required_word_value(v: &str) -> bool {
    v.parse::<f64>().is_ok_and(|n| n >= 3.0 || n.fract() != 0.0)
}

/// `number_missing` and `number_added` (errors), `digits_added` (warning: a digit run glued in a
/// code or word that the source does not have).
pub fn check_numbers(source: &str, target: &str, opts: &VerifyOptions, out: &mut Vec<Issue>) {
    let src_dates = find_dates(source, opts.date_order());
    let tgt_dates = find_dates(target, DateOrder::default_for(opts.target));
    let src_digits = digit_values(source, opts.source, &src_dates);
    let tgt_digits = digit_values(target, opts.target, &tgt_dates);
    let src_words = word_values(source, opts.source);
    let tgt_words = word_values(target, opts.target);
    // Date parts count as values on both sides (`in 1911` against a year in a date).
    let date_parts = |dates: &[DateMatch]| -> BTreeSet<String> {
        dates
            .iter()
            .flat_map(|d| {
                [Some(d.date.day), Some(d.date.month)]
                    .into_iter()
                    .flatten()
                    .map(|x| x.to_string())
                    .chain(d.date.year.map(|y| y.to_string()))
            })
            .collect()
    };
    let src_parts = date_parts(&src_dates);
    let tgt_parts = date_parts(&tgt_dates);
    let tgt_all: BTreeSet<&String> = tgt_digits
        .iter()
        .chain(tgt_words.iter())
        .chain(tgt_parts.iter())
        .collect();
    let src_all: BTreeSet<&String> = src_digits
        .iter()
        .chain(src_words.iter())
        .chain(src_parts.iter())
        .collect();
    let mut reported = BTreeSet::new();
    // A number the source writes as words (`fifty meters`, `девяносто четвёртую`) must be in
    // the translation too, as digits or words; loose words and small values are left out
    // ([`required_word_value`]).
    let src_strong: Vec<String> = number_words::values(source, opts.source, true)
        .into_iter()
        .filter(|v| required_word_value(v))
        .chain(hebrew_duals(source, opts.source))
        .collect();
    for v in src_strong.iter().chain(src_digits.iter()) {
        if !tgt_all.contains(v) && reported.insert(v.clone()) {
            out.push(Issue::error(
                IssueCode::NumberMissing,
                format!("the number {v} is missing from the translation"),
            ));
        }
    }
    for v in &tgt_digits {
        if !src_all.contains(v) && reported.insert(v.clone()) {
            out.push(Issue::error(
                IssueCode::NumberAdded,
                format!("the translation has the number {v}, which the source does not"),
            ));
        }
    }
    // Digit runs anywhere (codes, identifiers) that the source lacks.
    let runs = |t: &str| -> BTreeSet<String> {
        t.split(|c: char| !c.is_ascii_digit())
            .filter(|r| !r.is_empty())
            .map(|r| {
                let r = r.trim_start_matches('0');
                if r.is_empty() {
                    "0".to_string()
                } else {
                    r.to_string()
                }
            })
            .collect()
    };
    let src_runs = runs(source);
    // Digits inside a target date are the date check's (a wrong day is `date_missing`), and
    // digits of a target number the number checks' (`2,500` is one value, not 2 and 500).
    let mut outside_dates = target.to_string();
    let number_ranges = find_numbers(target, opts.target)
        .into_iter()
        .map(|n| (n.start, n.end));
    for (start, end) in tgt_dates
        .iter()
        .map(|d| (d.start, d.end))
        .chain(number_ranges)
    {
        if let Some(part) = target.get(start..end) {
            let blank = " ".repeat(part.len());
            outside_dates.replace_range(start..end, &blank);
        }
    }
    for r in runs(&outside_dates) {
        let known = src_runs.contains(&r)
            || src_all.contains(&r)
            || reported.contains(&r)
            || tgt_digits.iter().any(|v| v.split('.').any(|p| p == r));
        if !known {
            out.push(Issue::warning(
                IssueCode::DigitsAdded,
                format!("the translation has the digits {r}, which the source does not"),
            ));
        }
    }
}
