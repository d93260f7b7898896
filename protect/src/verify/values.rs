//! `term_missing`, `date_missing`, `number_missing`, `number_added`, `digits_added`.
//!
//! Numbers are compared by value, so `50 000` and `50,000`, `3,5` and `3.5` agree; a number
//! written as words in the other language (`two hours` → `שעתיים`, `15` → `חמש עשרה`)
//! satisfies a number written in digits. Dates are compared by calendar day in any of the
//! forms [`crate::dates`] reads, both readings of an ambiguous one accepted.

use std::collections::BTreeSet;

use super::tokens::{hebrew_readings, words};
use super::VerifyOptions;
use crate::dates::{find_dates, DateMatch};
use crate::model::{DateOrder, Issue, IssueCode, Lang};
use crate::numbers::find_numbers;

/// `term_missing`: every protected term, account term or glossary entry found in the source
/// must be in the translation, as its required rendering when it has one.
pub fn check_terms(source: &str, target: &str, opts: &VerifyOptions, out: &mut Vec<Issue>) {
    let tgt = opts.target;
    let mut required: Vec<(&str, &str)> = Vec::new();
    for (k, v) in &opts.glossary {
        required.push((k, v));
    }
    // A glossary entry wins over an account term with the same text (spec: glossary).
    for t in &opts.account_terms {
        if !opts.glossary.contains_key(&t.term) {
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

/// Number words of a sentence, as values (`two` → 2, `חמש עשרה` → 15, `двадцать пять` → 25).
pub fn word_values(text: &str, lang: Lang) -> BTreeSet<String> {
    word_values_with(text, lang, false)
}

/// Words that stand for a number only loosely (`a`, `once`, `first`, `both`, `couple`): a
/// translation may render them without a number word at all.
const LOOSE_EN: &[&str] = &[
    "a", "an", "once", "single", "first", "second", "third", "twice", "couple", "both", "pair",
    "dozen",
];
const LOOSE_HE: &[&str] = &[
    "זוג",
    "שני",
    "שתי",
    "אחד",
    "אחת",
    "תריסר",
    "פעמיים",
    "כפליים",
];
const LOOSE_RU: &[&str] = &["оба", "обе", "пара", "дважды", "трижды", "дюжина"];

/// Number-word values; with `strict`, loose number words ([`LOOSE_EN`] …) are not numbers.
fn word_values_with(text: &str, lang: Lang, strict: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut acc: Option<u64> = None;
    for w in words(text) {
        let loose = match lang {
            Lang::En => LOOSE_EN,
            Lang::He => LOOSE_HE,
            Lang::Ru => LOOSE_RU,
        };
        let v =
            if strict && loose.contains(&w.text.as_str()) {
                None
            } else {
                match lang {
                    // Strict reading: a scale word only bare or after `ו` "and" (`ואלף`), as other
                    // prefix letters make number words of ordinary ones (`לאלף` "to tame").
                    Lang::He if strict => hebrew_readings(&w.text)
                        .into_iter()
                        .enumerate()
                        .find_map(|(i, r)| match number_word_he(r) {
                            Some(NumberWord::Scale(_))
                                if i > 0 && w.text.strip_prefix('ו') != Some(r) =>
                            {
                                None
                            }
                            v => v,
                        }),
                    Lang::He => hebrew_readings(&w.text)
                        .into_iter()
                        .find_map(number_word_he),
                    Lang::En => number_word_en(&w.text),
                    Lang::Ru => number_word_ru(&w.text),
                }
            };
        match v {
            Some(NumberWord::Unit(n)) => {
                // `twenty five`, `עשרים וחמש`: tens then a unit; `חמש עשרה`: a unit then ten.
                let combined = acc.and_then(|a| {
                    ((a >= 20 && a % 10 == 0 && n < 10) || (a < 10 && n == 10)).then_some(a + n)
                });
                match (strict, combined, acc) {
                    // Strict: only the whole compound is a value (`חמש עשרה` is 15, not 5
                    // and 10).
                    (true, Some(c), Some(a)) => {
                        out.remove(&a.to_string());
                        out.insert(c.to_string());
                    }
                    (true, _, _) => {
                        out.insert(n.to_string());
                    }
                    (false, c, _) => {
                        out.insert(n.to_string());
                        out.insert(c.unwrap_or(n).to_string());
                    }
                }
                acc = Some(combined.unwrap_or(n));
            }
            Some(NumberWord::Scale(m)) => {
                let a = acc.unwrap_or(1).saturating_mul(m);
                if let (true, Some(p)) = (strict, acc) {
                    out.remove(&p.to_string());
                }
                acc = Some(a);
                out.insert(a.to_string());
            }
            None => {
                if !matches!(w.text.as_str(), "and" | "и") {
                    acc = None;
                }
            }
        }
    }
    out
}

/// Duals: `שעתיים` two hours, `יומיים` two days.
const DUALS: [(&str, u64); 10] = [
    ("שעתיים", 2),
    ("יומיים", 2),
    ("שבועיים", 2),
    ("חודשיים", 2),
    ("שנתיים", 2),
    ("פעמיים", 2),
    ("דקותיים", 2),
    ("מאתיים", 200),
    ("אלפיים", 2000),
    ("כפליים", 2),
];

enum NumberWord {
    Unit(u64),
    Scale(u64),
}

fn number_word_en(w: &str) -> Option<NumberWord> {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    if let Some(i) = UNITS.iter().position(|u| *u == w) {
        return Some(NumberWord::Unit(i as u64));
    }
    if let Some(i) = TENS.iter().position(|u| *u == w) {
        return Some(NumberWord::Unit(20 + 10 * i as u64));
    }
    if let Some((t, u)) = w.split_once('-') {
        let tv = TENS.iter().position(|x| *x == t)?;
        let uv = UNITS.iter().position(|x| *x == u)?;
        return Some(NumberWord::Unit(20 + 10 * tv as u64 + uv as u64));
    }
    match w {
        "dozen" => Some(NumberWord::Unit(12)),
        "twice" | "couple" | "both" | "pair" => Some(NumberWord::Unit(2)),
        "once" | "a" | "an" | "single" => Some(NumberWord::Unit(1)),
        "hundred" => Some(NumberWord::Scale(100)),
        "thousand" => Some(NumberWord::Scale(1000)),
        "million" => Some(NumberWord::Scale(1_000_000)),
        "first" => Some(NumberWord::Unit(1)),
        "second" => Some(NumberWord::Unit(2)),
        "third" => Some(NumberWord::Unit(3)),
        "half" => None,
        _ => None,
    }
}

fn number_word_he(w: &str) -> Option<NumberWord> {
    const UNITS: [(&[&str], u64); 13] = [
        (&["אפס"], 0),
        (&["אחד", "אחת"], 1),
        (&["שניים", "שתיים", "שני", "שתי", "שנים", "שתים", "זוג"], 2),
        (&["שלושה", "שלוש", "שלושת", "שלש"], 3),
        (&["ארבעה", "ארבע", "ארבעת"], 4),
        (&["חמישה", "חמש", "חמשת"], 5),
        (&["שישה", "שש", "ששת"], 6),
        (&["שבעה", "שבע", "שבעת"], 7),
        (&["שמונה", "שמונת"], 8),
        (&["תשעה", "תשע", "תשעת"], 9),
        (&["עשרה", "עשר", "עשרת"], 10),
        (&["תריסר"], 12),
        (&["עשרים"], 20),
    ];
    const TENS: [(&str, u64); 7] = [
        ("שלושים", 30),
        ("ארבעים", 40),
        ("חמישים", 50),
        ("שישים", 60),
        ("שבעים", 70),
        ("שמונים", 80),
        ("תשעים", 90),
    ];
    if let Some((_, v)) = UNITS.iter().find(|(f, _)| f.contains(&w)) {
        return Some(NumberWord::Unit(*v));
    }
    if let Some((_, v)) = TENS.iter().chain(DUALS.iter()).find(|(f, _)| *f == w) {
        return Some(NumberWord::Unit(*v));
    }
    match w {
        "מאה" | "מאות" => Some(NumberWord::Scale(100)),
        "אלף" | "אלפים" | "אלפי" => Some(NumberWord::Scale(1000)),
        "מיליון" | "מיליונים" => Some(NumberWord::Scale(1_000_000)),
        _ => None,
    }
}

fn number_word_ru(w: &str) -> Option<NumberWord> {
    const FORMS: [(&[&str], u64); 22] = [
        (&["ноль", "нуль"], 0),
        (
            &[
                "один",
                "одна",
                "одно",
                "одного",
                "одной",
                "одному",
                "одну",
                "одним",
            ],
            1,
        ),
        (
            &[
                "два",
                "две",
                "двух",
                "двум",
                "двумя",
                "оба",
                "обе",
                "пара",
                "дважды",
            ],
            2,
        ),
        (
            &["три", "трёх", "трех", "трем", "трём", "тремя", "трижды"],
            3,
        ),
        (&["четыре", "четырёх", "четырех", "четырьмя"], 4),
        (&["пять", "пяти", "пятью"], 5),
        (&["шесть", "шести"], 6),
        (&["семь", "семи"], 7),
        (&["восемь", "восьми"], 8),
        (&["девять", "девяти"], 9),
        (&["десять", "десяти"], 10),
        (&["одиннадцать"], 11),
        (&["двенадцать", "дюжина"], 12),
        (&["пятнадцать", "пятнадцати"], 15),
        (&["двадцать", "двадцати"], 20),
        (&["тридцать", "тридцати"], 30),
        (&["сорок", "сорока"], 40),
        (&["пятьдесят"], 50),
        (&["шестьдесят"], 60),
        (&["семьдесят"], 70),
        (&["восемьдесят"], 80),
        (&["девяносто"], 90),
    ];
    if let Some((_, v)) = FORMS.iter().find(|(f, _)| f.contains(&w)) {
        return Some(NumberWord::Unit(*v));
    }
    match w {
        "сто" | "ста" => Some(NumberWord::Unit(100)),
        "тысяча" | "тысячи" | "тысяч" | "тыс" => Some(NumberWord::Scale(1000)),
        "миллион" | "миллиона" | "миллионов" | "млн" => {
            Some(NumberWord::Scale(1_000_000))
        }
        _ => None,
    }
}

/// Values of Hebrew dual words (`שעתיים` "two hours"): unlike `שני` or `שנים` they are
/// never anything but a number.
fn hebrew_duals(text: &str, lang: Lang) -> Vec<String> {
    if lang != Lang::He {
        return Vec::new();
    }
    words(text)
        .iter()
        .filter_map(|w| {
            let bare = w.text.strip_prefix('ו').unwrap_or(&w.text);
            DUALS.iter().find(|(d, _)| *d == bare || *d == w.text)
        })
        .map(|(_, v)| v.to_string())
        .collect()
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
    // A number the source writes as a word (`fifty meters`) must be in the translation too, as
    // digits or a word; loose words and values under 3 are left out (`a`, `one`, `two` are often
    // idiomatic: Hebrew `שנים` "years", `אחד על השני` "each other").
    let src_strong: Vec<String> = word_values_with(source, opts.source, true)
        .into_iter()
        .filter(|v| v.parse::<u64>().is_ok_and(|n| n >= 3))
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
    // Digits inside a target date are the date check's: a wrong day is `date_missing`.
    let mut outside_dates = target.to_string();
    for d in &tgt_dates {
        if let Some(part) = target.get(d.start..d.end) {
            let blank = " ".repeat(part.len());
            outside_dates.replace_range(d.start..d.end, &blank);
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
