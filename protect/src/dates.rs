//! Dates: finding them in he/en/ru text, reading them with `date_order`, and rendering them per
//! `date_style` in the target language.
//!
//! Rules (spec, translate request and clinical translate request):
//! - `date_order` (`MDY`/`DMY`) reads a numeric date whose first two fields could both be a
//!   month; such a span is flagged `ambiguous_date`. A numeric date with a field over 12 has one
//!   reading whatever the order, and an ISO `yyyy-mm-dd` date is never ambiguous.
//! - `date_style` `hebrew` spells the month out in the target language (`5 במרץ 2025`,
//!   `March 5, 2025`, `5 марта 2025 г.`), `iso` writes `2025-03-05`, `keep` leaves an unambiguous
//!   date as written and still rewrites an ambiguous one (spelled out).
//! - A two-digit year is kept as written: it is never widened to a century we would have to guess,
//!   so `iso` falls back to the spelled-out form for it (and for dates without a year).
//!
//! Calendar validity (31 February) is checked with `chrono` rather than by hand.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use crate::model::{DateOrder, DateStyle, Lang};

const EN_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const HE_MONTHS: [&str; 12] = [
    "ינואר",
    "פברואר",
    "מרץ",
    "אפריל",
    "מאי",
    "יוני",
    "יולי",
    "אוגוסט",
    "ספטמבר",
    "אוקטובר",
    "נובמבר",
    "דצמבר",
];
const RU_MONTHS_GEN: [&str; 12] = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
];

/// Month name (any of the three languages, full or abbreviated) → month number.
fn month_of(name: &str) -> Option<u32> {
    let n = name.trim_end_matches('.');
    let lower = n.to_lowercase();
    let he = n.strip_prefix('ב').unwrap_or(n);
    for i in 0..12 {
        let en = EN_MONTHS[i].to_lowercase();
        if lower == en || (lower.len() >= 3 && en.starts_with(&lower) && lower != "ma") {
            return Some(i as u32 + 1);
        }
        if he == HE_MONTHS[i] || lower == RU_MONTHS_GEN[i] {
            return Some(i as u32 + 1);
        }
    }
    match he {
        "מרס" => Some(3),
        "אוגוסט" => Some(8),
        _ => None,
    }
}

static DATE: LazyLock<Regex> = LazyLock::new(|| {
    let en_mon = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)";
    let he_mon =
        r"(?:ב(?:ינואר|פברואר|מרץ|מרס|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר))";
    let ru_mon =
        r"(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)";
    let pattern = format!(
        r"(?P<iso>(?P<iy>[0-9]{{4}})-(?P<im>[0-9]{{1,2}})-(?P<id>[0-9]{{1,2}}))|(?P<num>(?P<na>[0-9]{{1,2}})(?P<s1>[/.\-])(?P<nb>[0-9]{{1,2}})(?P<s2>[/.\-])(?P<ny>[0-9]{{4}}|[0-9]{{2}}))|(?P<en1>(?P<e1m>{en_mon})\s+(?P<e1d>[0-9]{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<e1y>[0-9]{{4}}))?)|(?P<en2>(?P<e2d>[0-9]{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<e2m>{en_mon})(?:,?\s+(?P<e2y>[0-9]{{4}}))?)|(?P<he>(?P<hd>[0-9]{{1,2}})\s+(?P<hm>{he_mon})(?:,?\s+(?P<hy>[0-9]{{4}}))?)|(?P<ru>(?P<rd>[0-9]{{1,2}})\s+(?P<rm>{ru_mon})(?:\s+(?P<ry>[0-9]{{4}})(?:\s?г\.|\s?года)?)?)"
    );
    Regex::new(&pattern).unwrap_or_else(|e| panic!("date pattern: {e}"))
});

/// A date found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateMatch {
    pub start: usize,
    pub end: usize,
    pub date: DateValue,
}

/// A date as read: the year as written (`None` when absent), month and day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateValue {
    pub year: Option<i32>,
    /// True when the year was written with two digits.
    pub short_year: bool,
    pub month: u32,
    pub day: u32,
    /// The other reading of an ambiguous numeric date (month, day).
    pub other: Option<(u32, u32)>,
}

impl DateValue {
    /// True when `date_order` decided between two readings.
    pub fn ambiguous(&self) -> bool {
        self.other.is_some()
    }

    /// True when `other` denotes the same calendar day as one of this date's readings.
    pub fn matches(&self, other: &DateValue) -> bool {
        let years_agree = match (self.year, other.year) {
            (Some(a), Some(b)) => {
                a == b || (a % 100 == b % 100 && (self.short_year || other.short_year))
            }
            _ => true,
        };
        let mine = [Some((self.month, self.day)), self.other];
        let theirs = [Some((other.month, other.day)), other.other];
        years_agree
            && mine
                .iter()
                .flatten()
                .any(|m| theirs.iter().flatten().any(|t| t == m))
    }
}

fn valid(year: Option<i32>, month: u32, day: u32) -> bool {
    // A leap year stands in when the year is missing so 29 February stays possible.
    NaiveDate::from_ymd_opt(year.unwrap_or(2024), month, day).is_some()
}

fn boundary_ok(text: &str, start: usize, end: usize) -> bool {
    let before = text.get(..start).and_then(|s| s.chars().next_back());
    let after = text.get(end..).and_then(|s| s.chars().next());
    !before.is_some_and(|c| c.is_ascii_alphanumeric())
        && !after.is_some_and(|c| c.is_alphanumeric())
}

/// Finds every date of `text`; `order` reads ambiguous numeric dates.
pub fn find_dates(text: &str, order: DateOrder) -> Vec<DateMatch> {
    let mut out = Vec::new();
    for caps in DATE.captures_iter(text) {
        let Some(whole) = caps.get(0) else { continue };
        if !boundary_ok(text, whole.start(), whole.end()) {
            continue;
        }
        let num = |name: &str| caps.name(name).and_then(|m| m.as_str().parse::<u32>().ok());
        let year = |name: &str| caps.name(name).and_then(|m| m.as_str().parse::<i32>().ok());
        let date = if caps.name("iso").is_some() {
            let (Some(m), Some(d)) = (num("im"), num("id")) else {
                continue;
            };
            DateValue {
                year: year("iy"),
                short_year: false,
                month: m,
                day: d,
                other: None,
            }
        } else if caps.name("num").is_some() {
            let same_sep =
                caps.name("s1").map(|m| m.as_str()) == caps.name("s2").map(|m| m.as_str());
            let (Some(a), Some(b)) = (num("na"), num("nb")) else {
                continue;
            };
            let y = year("ny");
            let short = caps.name("ny").is_some_and(|m| m.as_str().len() == 2);
            // `1.5.20` with dots and a short year is usually a decimal list; require a 4-digit
            // year for dotted and dashed dates.
            let sep = caps.name("s1").map_or("", |m| m.as_str());
            if !same_sep || (short && sep != "/") {
                continue;
            }
            let mdy = (a, b);
            let dmy = (b, a);
            let mdy_ok = valid(y, mdy.0, mdy.1);
            let dmy_ok = valid(y, dmy.0, dmy.1);
            let (chosen, other) = match (mdy_ok, dmy_ok) {
                (true, true) if a != b => match order {
                    DateOrder::Mdy => (mdy, Some(dmy)),
                    DateOrder::Dmy => (dmy, Some(mdy)),
                },
                (true, _) => (mdy, None),
                (false, true) => (dmy, None),
                (false, false) => continue,
            };
            DateValue {
                year: y,
                short_year: short,
                month: chosen.0,
                day: chosen.1,
                other,
            }
        } else {
            let (m, d, y) = if caps.name("en1").is_some() {
                ("e1m", "e1d", "e1y")
            } else if caps.name("en2").is_some() {
                ("e2m", "e2d", "e2y")
            } else if caps.name("he").is_some() {
                ("hm", "hd", "hy")
            } else {
                ("rm", "rd", "ry")
            };
            let Some(month) = caps.name(m).and_then(|x| month_of(x.as_str())) else {
                continue;
            };
            let Some(day) = num(d) else { continue };
            DateValue {
                year: year(y),
                short_year: false,
                month,
                day,
                other: None,
            }
        };
        if !valid(date.year, date.month, date.day) {
            continue;
        }
        out.push(DateMatch {
            start: whole.start(),
            end: whole.end(),
            date,
        });
    }
    out
}

/// The spelled-out form of a date in `lang` (`date_style` `hebrew`).
pub fn spelled_out(date: &DateValue, lang: Lang) -> String {
    let idx = (date.month.clamp(1, 12) - 1) as usize;
    let year = date.year.map(|y| {
        if date.short_year {
            format!("{y:02}")
        } else {
            y.to_string()
        }
    });
    match (lang, year) {
        (Lang::He, Some(y)) => format!("{} ב{} {}", date.day, HE_MONTHS[idx], y),
        (Lang::He, None) => format!("{} ב{}", date.day, HE_MONTHS[idx]),
        (Lang::En, Some(y)) => format!("{} {}, {}", EN_MONTHS[idx], date.day, y),
        (Lang::En, None) => format!("{} {}", EN_MONTHS[idx], date.day),
        (Lang::Ru, Some(y)) => format!("{} {} {} г.", date.day, RU_MONTHS_GEN[idx], y),
        (Lang::Ru, None) => format!("{} {}", date.day, RU_MONTHS_GEN[idx]),
    }
}

/// How a date is written in the output: `original` is the source slice.
pub fn render(date: &DateValue, original: &str, lang: Lang, style: DateStyle) -> String {
    match style {
        DateStyle::Keep if !date.ambiguous() => original.to_string(),
        DateStyle::Iso => match date.year {
            Some(y) if !date.short_year => format!("{y:04}-{:02}-{:02}", date.month, date.day),
            _ => spelled_out(date, lang),
        },
        _ => spelled_out(date, lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str, order: DateOrder) -> DateMatch {
        let found = find_dates(text, order);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        found[0].clone()
    }

    #[test]
    fn numeric_orders() {
        let d = one("on 03/05/2025.", DateOrder::Mdy);
        assert_eq!((d.date.month, d.date.day), (3, 5));
        assert!(d.date.ambiguous());
        let d = one("on 03/05/2025.", DateOrder::Dmy);
        assert_eq!((d.date.month, d.date.day), (5, 3));
        let d = one("on 13/05/2025.", DateOrder::Mdy);
        assert_eq!((d.date.month, d.date.day), (5, 13));
        assert!(!d.date.ambiguous());
    }

    #[test]
    fn renders_in_three_languages() {
        let d = one("2025-03-05", DateOrder::Mdy).date;
        assert_eq!(spelled_out(&d, Lang::He), "5 במרץ 2025");
        assert_eq!(spelled_out(&d, Lang::En), "March 5, 2025");
        assert_eq!(spelled_out(&d, Lang::Ru), "5 марта 2025 г.");
        assert_eq!(render(&d, "x", Lang::He, DateStyle::Iso), "2025-03-05");
    }
}
