//! Numbers as written in Hebrew, English and Russian text, and their values.
//!
//! Formats (issue 4, scope 2): `1,234.56` (English and Hebrew grouping), `1 234,56` and
//! `1.234,56` (Russian grouping with a space, no-break space or dot), plain `1234.5` / `1234,5`,
//! currency signs and codes before or after (`$5`, `5 ₪`, `100 USD`, `5 ש"ח`, `10 руб.`),
//! percent and per-mille, ranges (`5-10`, `5–10`), signed amounts (`-5`, `+3.2`, `−7`), basis
//! points (`25 bp`, `25bps`, `25 נ"ב`, `25 б.п.`), ordinals (`1st`, `2-й`). A Hebrew prefix letter
//! glued to a value (`ב-5`, `ל־2024`, `ב5`) is not part of the value: the scan uses ASCII word
//! boundaries, so a Hebrew letter never hides the digits after it, and a hyphen or maqaf after a
//! letter is a joiner, never a minus sign.

use std::sync::LazyLock;

use regex::Regex;

use crate::model::Lang;

/// Currency signs and codes written before or after an amount.
/// Longer forms come before their prefixes (`долларов` before `долл.`, `דולרים` before `דולר`):
/// a currency cut short would leave the number glued to a letter, and such a number is dropped.
const CURRENCY: &str = r#"(?:[$€£₪₽¥]|USD|EUR|ILS|NIS|GBP|RUB|JPY|CHF|ש"ח|ש״ח|שקלים|שקל|דולרים|דולר|יורו|рублей|рубля|рубль|руб\.?|долларов|доллара|доллар|долл\.?|евро)"#;

/// One number: grouped (en/he or ru style) or plain, with an optional fraction.
const CORE: &str = r"(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]{1,3}(?:[ \u{A0}\u{202F}][0-9]{3})+(?:,[0-9]+)?|[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]+|[0-9]+(?:[.,][0-9]+)?)";

static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    let pattern = format!(
        r"(?:{CURRENCY}\s?)?[+\-−±]?{CORE}(?:(?:st|nd|rd|th|-(?:й|я|е|го|му|м|х|ой|ый|ая|ое))|(?:(?:\s?[-–—]\s?[+\-−]?{CORE})?(?:\s?(?:%|‰|bps|bp|b\.p\.|נ״ב|נ\x22ב|б\.п\.|процент(?:а|ов)?|אחוז(?:ים)?|percent))?(?:\s?{CURRENCY})?))"
    );
    Regex::new(&pattern).unwrap_or_else(|e| panic!("number pattern: {e}"))
});

/// A number found in a text.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberMatch {
    pub start: usize,
    pub end: usize,
    /// True for `1st`, `2-й`.
    pub ordinal: bool,
    /// Values of the number (two for a range), as canonical decimal strings.
    pub values: Vec<String>,
}

fn prev_char(text: &str, at: usize) -> Option<char> {
    text.get(..at).and_then(|s| s.chars().next_back())
}

fn next_char(text: &str, at: usize) -> Option<char> {
    text.get(at..).and_then(|s| s.chars().next())
}

/// Finds every number of `text`, as written in `lang`.
pub fn find_numbers(text: &str, lang: Lang) -> Vec<NumberMatch> {
    number_spans(text)
        .into_iter()
        .map(|(start, end, ordinal)| NumberMatch {
            start,
            end,
            ordinal,
            values: text
                .get(start..end)
                .map_or_else(Vec::new, |s| values_of(s, lang)),
        })
        .collect()
}

const SIGNS: [char; 4] = ['+', '-', '−', '±'];
const ORDINAL_EN: [&str; 4] = ["st", "nd", "rd", "th"];
const ORDINAL_RU: [&str; 11] = [
    "-й", "-я", "-е", "-го", "-му", "-м", "-х", "-ой", "-ый", "-ая", "-ое",
];

/// The number spans of `text` as (start, end, ordinal), without their values (span finding
/// needs no values; [`find_numbers`] adds them).
///
/// The pattern is run without capture groups (a DFA pass, no per-match capture search); the
/// groups are read back from the match: `a` starts at the first ASCII digit (neither a
/// currency nor a sign holds one), `sign` is the sign character just before it, `pre` is
/// whatever precedes the sign or digit, and `ord` is an ordinal ending, which no other ending
/// of the pattern (`%`, units, currencies, digits) can look like.
pub(crate) fn number_spans(text: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    for whole in NUMBER.find_iter(text) {
        let m = whole.as_str();
        let Some(a_rel) = m.find(|c: char| c.is_ascii_digit()) else {
            continue;
        };
        let a_start = whole.start() + a_rel;
        let sign = m[..a_rel].chars().next_back().filter(|c| SIGNS.contains(c));
        let sign_rel = a_rel - sign.map_or(0, char::len_utf8);
        let has_pre = sign_rel > 0;
        let mut start = whole.start();
        // A digit glued to a Latin letter belongs to an identifier (`A12`), not a number.
        if let Some(c) = prev_char(text, a_start) {
            if c.is_ascii_alphanumeric() || c == '_' {
                continue;
            }
        }
        // `ב-5`, `ל־2024`, `x-1`: after a letter the hyphen joins a prefix, not a sign.
        if sign.is_some() && !has_pre {
            let before = prev_char(text, whole.start());
            if before.is_some_and(|c| c.is_alphanumeric()) {
                start = a_start;
            }
        }
        let ordinal =
            ORDINAL_EN.iter().any(|o| m.ends_with(o)) || ORDINAL_RU.iter().any(|o| m.ends_with(o));
        let mut end = whole.end();
        // Trailing whitespace the optional groups may have consumed is not part of the value.
        while let Some(c) = text.get(..end).and_then(|s| s.chars().next_back()) {
            if c.is_whitespace() || c == '-' || c == '–' || c == '—' {
                end -= c.len_utf8();
            } else {
                break;
            }
        }
        if end <= start {
            continue;
        }
        // A value glued to a letter after it (`5mg` is a dose, `3D` a name, `1sts` a word).
        if next_char(text, end).is_some_and(|c| c.is_alphabetic()) {
            continue;
        }
        out.push((start, end, ordinal));
    }
    out
}

static CORE_ONLY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(CORE).unwrap_or_else(|e| panic!("core pattern: {e}")));

/// The values written in a number match (two for a range).
fn values_of(slice: &str, lang: Lang) -> Vec<String> {
    CORE_ONLY
        .find_iter(slice)
        .filter_map(|m| parse_number(m.as_str(), lang))
        .collect()
}

/// Parses one number as written in `lang` into a canonical decimal string (`1234.5`, `7`).
///
/// A comma with exactly three digits after it is a thousands separator in English and Hebrew
/// and a decimal comma in Russian only when no other grouping says otherwise.
pub fn parse_number(raw: &str, lang: Lang) -> Option<String> {
    let s: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{A0}' | '\u{202F}'))
        .collect();
    let commas = s.matches(',').count();
    let dots = s.matches('.').count();
    let (int_part, frac_part) = if commas > 0 && dots > 0 {
        // The later separator is the decimal one.
        let last_comma = s.rfind(',')?;
        let last_dot = s.rfind('.')?;
        let (dec, group) = if last_dot > last_comma {
            ('.', ',')
        } else {
            (',', '.')
        };
        let cleaned: String = s.chars().filter(|&c| c != group).collect();
        let mut parts = cleaned.splitn(2, dec);
        (parts.next()?.to_string(), parts.next().map(str::to_string))
    } else if commas > 0 {
        let after = s.rsplit(',').next()?;
        let thousands = commas > 1 || (after.len() == 3 && lang != Lang::Ru);
        if thousands {
            (s.replace(',', ""), None)
        } else {
            let mut parts = s.splitn(2, ',');
            (parts.next()?.to_string(), parts.next().map(str::to_string))
        }
    } else if dots > 1 {
        (s.replace('.', ""), None)
    } else {
        let mut parts = s.splitn(2, '.');
        (parts.next()?.to_string(), parts.next().map(str::to_string))
    };
    if int_part.is_empty() && frac_part.is_none() {
        return None;
    }
    if !int_part.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let int_trim = int_part.trim_start_matches('0');
    let int_trim = if int_trim.is_empty() { "0" } else { int_trim };
    let frac = frac_part.unwrap_or_default();
    if !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    Some(if frac.is_empty() {
        int_trim.to_string()
    } else {
        format!("{int_trim}.{frac}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(text: &str, lang: Lang) -> Vec<&str> {
        find_numbers(text, lang)
            .into_iter()
            .map(|m| &text[m.start..m.end])
            .collect()
    }

    #[test]
    fn formats_and_values() {
        assert_eq!(
            parse_number("1,234.56", Lang::En).as_deref(),
            Some("1234.56")
        );
        assert_eq!(
            parse_number("1 234,56", Lang::Ru).as_deref(),
            Some("1234.56")
        );
        assert_eq!(
            parse_number("1.234,56", Lang::Ru).as_deref(),
            Some("1234.56")
        );
        assert_eq!(parse_number("50 000", Lang::En).as_deref(), Some("50000"));
        assert_eq!(parse_number("3,5", Lang::Ru).as_deref(), Some("3.5"));
        assert_eq!(parse_number("007", Lang::En).as_deref(), Some("7"));
    }

    /// The number spans as found with capture groups, before [`number_spans`] read the groups
    /// back from a plain match.
    fn captured(text: &str) -> Vec<(usize, usize, bool)> {
        let re = Regex::new(&format!(
            r"(?P<pre>{CURRENCY}\s?)?(?P<sign>[+\-−±])?(?P<a>{CORE})(?:(?P<ord>st|nd|rd|th|-(?:й|я|е|го|му|м|х|ой|ый|ая|ое))|(?:(?:\s?[-–—]\s?[+\-−]?{CORE})?(?:\s?(?:%|‰|bps|bp|b\.p\.|נ״ב|נ\x22ב|б\.п\.|процент(?:а|ов)?|אחוז(?:ים)?|percent))?(?:\s?{CURRENCY})?))"
        ))
        .unwrap_or_else(|e| panic!("{e}"));
        let mut out = Vec::new();
        for caps in re.captures_iter(text) {
            let (Some(whole), Some(a)) = (caps.get(0), caps.name("a")) else {
                continue;
            };
            if prev_char(text, a.start()).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let mut start = whole.start();
            if let Some(sign) = caps.name("sign") {
                if caps.name("pre").is_none()
                    && prev_char(text, sign.start()).is_some_and(|c| c.is_alphanumeric())
                {
                    start = a.start();
                }
            }
            let mut end = whole.end();
            while let Some(c) = text.get(..end).and_then(|s| s.chars().next_back()) {
                if c.is_whitespace() || c == '-' || c == '–' || c == '—' {
                    end -= c.len_utf8();
                } else {
                    break;
                }
            }
            if end <= start || next_char(text, end).is_some_and(|c| c.is_alphabetic()) {
                continue;
            }
            out.push((start, end, caps.name("ord").is_some()));
        }
        out
    }

    proptest::proptest! {
        // Reading the groups back from a plain match finds what the capture groups found.
        #[test]
        fn inferred_groups_match_captures(
            text in "[0-9 ,.$€₪%a-zа-я\\-−+±йרש\x22]{0,30}|(руб|USD|ש\x22ח|[0-9]|-|st|-й| ){0,12}"
        ) {
            proptest::prop_assert_eq!(number_spans(&text), captured(&text));
        }
    }

    #[test]
    fn hebrew_prefix_letters() {
        assert_eq!(
            spans("נפגשנו ב-5 וב־2024 ול2025", Lang::He),
            ["5", "2024", "2025"]
        );
        assert_eq!(spans("x -5 and +3.2", Lang::En), ["-5", "+3.2"]);
        assert_eq!(
            spans("costs $1,200.50 or 5-10% or 25 bp", Lang::En),
            ["$1,200.50", "5-10%", "25 bp"]
        );
    }
}
