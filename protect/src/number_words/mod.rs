//! Numbers written as words in English, Hebrew and Russian, and Roman numerals with a century
//! word (issue 21, scope 2), read into the same canonical values as [`crate::numbers`] gives
//! digits (`300`, `94`, `1.5`), so a value is present when it appears as digits or as words.
//!
//! Each language module reads one word into a `Reading` (`триста` → hundreds 300,
//! `четвёртую` → ordinal 4, `שלושת` → unit 3, `полтора` → 1.5); [`values`] joins the readings of
//! consecutive words into numbers by the grammar all three languages share: units and teens,
//! tens then a unit (`twenty-five`, `עשרים וחמש`, `двадцать пять`), a Hebrew unit then ten for a
//! teen (`חמש עשרה`), hundreds (`three hundred`, `שלוש מאות`, `триста`), then scale groups
//! (`two thousand five hundred`, `אלפיים וחמש מאות`, `две тысячи пятьсот`), and a half added
//! (`two and a half`, `два с половиной`, `שלוש וחצי`). A word that cannot continue the number
//! before it starts a new one (`two three` is 2 and 3).

mod english;
mod hebrew;
pub mod roman;
mod russian;

use std::collections::BTreeSet;

use crate::model::Lang;
use crate::verify::tokens::{words, Word};

/// Values are kept in hundredths, so halves and quarters stay exact (`1.5` is 150).
const ONE: u64 = 100;

/// What one word contributes to a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// 0–19 (a Hebrew teen is a unit followed by ten).
    Unit(u64),
    /// 20, 30, … 90.
    Tens(u64),
    /// 100–900 written as one word (`триста`, `מאה`, `מאתיים`).
    Hundreds(u64),
    /// A multiplier of what comes before it: hundred (English `hundred`, Hebrew `מאות`),
    /// thousand, million, billion.
    Scale(u64),
    /// A half added to the number before it (`and a half`, `с половиной`, `וחצי`), or a half
    /// alone.
    Half,
    /// A whole value on its own, in hundredths (`полтора` 1.5, `dozen` 12, `quarter` 0.25,
    /// `שעתיים` 2, `אלפיים` 2000).
    Value(u64),
}

/// One word read as part of a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reading {
    pub part: Part,
    /// A word that stands for a number only loosely (`a`, `once`, `both`, `second`, `пара`,
    /// `זוג`, `hundreds`): a translation may render it without a number, so it is never a value
    /// the translation must carry on its own.
    pub loose: bool,
}

impl Reading {
    pub(crate) const fn exact(part: Part) -> Reading {
        Reading { part, loose: false }
    }

    pub(crate) const fn loose(part: Part) -> Reading {
        Reading { part, loose: true }
    }
}

/// Words that join the parts of one number.
fn connector(word: &str) -> bool {
    matches!(word, "and" | "и" | "с")
}

/// A number being read from consecutive words.
#[derive(Debug, Default)]
struct Run {
    /// Completed scale groups (`two thousand` in `two thousand five`), in hundredths.
    total: u64,
    /// The group under a thousand being read, in hundredths.
    group: u64,
    /// The last part read, to know what may follow.
    last: Option<Part>,
    /// The smallest scale used so far (scales must fall: `million … thousand`).
    scale: Option<u64>,
    /// Whether any word of the run is exact (not loose).
    exact: bool,
    /// Values as read so far, for the lenient reading.
    prefixes: Vec<u64>,
}

impl Run {
    fn value(&self) -> u64 {
        self.total.saturating_add(self.group)
    }

    /// Adds `part` when it can continue the run; false when it must start a new one.
    fn push(&mut self, part: Part) -> bool {
        use Part::*;
        let group_units = self.group % (100 * ONE);
        let ok = match (self.last, part) {
            (None, _) => true,
            // `חמש עשרה`, `שלושה עשר`: a unit then ten.
            (Some(Unit(u)), Unit(10)) if u < 10 => true,
            (Some(Tens(_)), Unit(u)) => u < 10,
            (Some(Hundreds(_)), Unit(_) | Tens(_) | Value(_)) => group_units == 0,
            (Some(Scale(s)), Unit(_) | Tens(_) | Hundreds(_) | Value(_)) => {
                s >= 1000 || group_units == 0
            }
            (Some(Unit(_) | Tens(_) | Hundreds(_) | Value(_)), Scale(_)) => true,
            (Some(Scale(s)), Scale(t)) => t > s,
            (Some(Unit(_) | Tens(_) | Hundreds(_) | Scale(_) | Value(_)), Half) => true,
            _ => false,
        };
        if !ok {
            return false;
        }
        match part {
            // `אלפיים` "two thousand": a whole scale group.
            Value(v) if v >= 1000 * ONE => {
                self.total = self.total.saturating_add(v);
                self.scale = Some(1000);
                self.last = Some(Scale(1000));
                self.prefixes.push(self.value());
                return true;
            }
            Unit(u) => self.group += u * ONE,
            Tens(t) => self.group += t * ONE,
            Hundreds(h) => self.group += h * ONE,
            Value(v) => self.group += v,
            Half => self.group += ONE / 2,
            Scale(100) => {
                // `three hundred`, `שלוש מאות`: the group so far times a hundred.
                let under = self.group % (100 * ONE);
                let base = if under == 0 { ONE } else { under };
                self.group = self.group - under + base * 100;
            }
            Scale(s) => {
                if self.scale.is_some_and(|prev| s >= prev) {
                    return false;
                }
                let base = if self.group == 0 { ONE } else { self.group };
                self.total = self.total.saturating_add(base.saturating_mul(s));
                self.group = 0;
                self.scale = Some(s);
            }
        }
        self.last = Some(part);
        self.prefixes.push(self.value());
        true
    }
}

/// A value in hundredths as the canonical decimal string of [`crate::numbers::parse_number`].
pub(crate) fn canonical(hundredths: u64) -> String {
    let (int, frac) = (hundredths / ONE, hundredths % ONE);
    match frac {
        0 => int.to_string(),
        f if f % 10 == 0 => format!("{int}.{}", f / 10),
        f => format!("{int}.{f:02}"),
    }
}

/// The reading of one word in `lang`; `strict` refuses readings that need a prefix letter
/// stripped where that would make a number of an ordinary word (Hebrew `לאלף` "to tame").
fn read(words: &[Word], i: usize, lang: Lang, strict: bool) -> Option<Reading> {
    match lang {
        Lang::En => english::read(&words[i].text),
        Lang::He => hebrew::read(words, i, strict),
        Lang::Ru => russian::read(&words[i].text),
    }
}

/// The numbers `text` writes as words (and Roman numerals with a century word), as canonical
/// values.
///
/// With `strict`, only whole numbers are values, and only when one of their words is exact:
/// what a translation must carry (`חמש עשרה` is 15, not 5 and 10; `a`, `both`, `hundreds` are
/// no value). Without it, every word's own value and every number read so far count as well:
/// what a translation may be carrying for a value of the source (lenient, so that a correct
/// translation is not flagged for reading a number differently).
pub fn values(text: &str, lang: Lang, strict: bool) -> BTreeSet<String> {
    let ws = words(text);
    let mut out = BTreeSet::new();
    let mut run = Run::default();
    let flush = |run: &mut Run, out: &mut BTreeSet<String>| {
        if run.last.is_some() && (!strict || run.exact) {
            out.insert(canonical(run.value()));
            if !strict {
                out.extend(run.prefixes.iter().map(|v| canonical(*v)));
            }
        }
        *run = Run::default();
    };
    for i in 0..ws.len() {
        let Some(reading) = read(&ws, i, lang, strict) else {
            let joins = connector(&ws[i].text)
                && run.last.is_some()
                && ws
                    .get(i + 1)
                    .is_some_and(|_| read(&ws, i + 1, lang, strict).is_some());
            if !joins {
                flush(&mut run, &mut out);
            }
            continue;
        };
        let next = ws.get(i + 1).and_then(|_| read(&ws, i + 1, lang, strict));
        // `an hour and a half`: a half after a noun adds to one.
        let after_noun = lang == Lang::En
            && reading.part == Part::Half
            && run.last.is_none()
            && i >= 2
            && ws[i - 1].text == "a"
            && ws[i - 2].text == "and";
        let reading = if after_noun {
            Reading::loose(Part::Value(ONE + ONE / 2))
        } else {
            reading
        };
        // `a half`, `and a half`: the article is not a one.
        if reading.loose
            && reading.part == Part::Unit(1)
            && next.is_some_and(|n| n.part == Part::Half)
        {
            continue;
        }
        // A loose word is no value of its own in the strict reading (`a hundred` is 100 from
        // `hundred`).
        if strict && reading.loose && run.last.is_none() {
            continue;
        }
        if !strict {
            if let Some(v) = own_value(reading.part) {
                out.insert(canonical(v));
            }
        }
        if !run.push(reading.part) {
            flush(&mut run, &mut out);
            run.push(reading.part);
        }
        run.exact |= !reading.loose;
    }
    flush(&mut run, &mut out);
    out.extend(roman::century_values(text, &ws));
    out
}

/// The value of a Hebrew dual (`שעתיים` 2, `מאתיים` 200): a word that is never anything but a
/// number, whatever its value.
pub(crate) fn hebrew_dual(word: &str) -> Option<u64> {
    let bare = word.strip_prefix('ו').unwrap_or(word);
    hebrew::DUALS
        .iter()
        .find(|(d, _)| *d == bare || *d == word)
        .map(|(_, v)| *v)
}

/// The value of a part read alone.
fn own_value(part: Part) -> Option<u64> {
    match part {
        Part::Unit(u) | Part::Tens(u) | Part::Hundreds(u) | Part::Scale(u) => Some(u * ONE),
        Part::Value(v) => Some(v),
        Part::Half => Some(ONE / 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strict(text: &str, lang: Lang) -> Vec<String> {
        values(text, lang, true).into_iter().collect()
    }

    #[test]
    fn compounds_in_each_language() {
        assert_eq!(strict("twenty-five people", Lang::En), ["25"]);
        assert_eq!(
            strict("two thousand five hundred and six", Lang::En),
            ["2506"]
        );
        assert_eq!(strict("two and a half hours", Lang::En), ["2.5"]);
        assert_eq!(strict("עשרים וחמש שנים", Lang::He), ["25"]);
        assert_eq!(strict("חמש עשרה דקות", Lang::He), ["15"]);
        assert_eq!(strict("שלוש מאות שקל", Lang::He), ["300"]);
        assert_eq!(strict("девяносто четвёртую страницу", Lang::Ru), ["94"]);
        assert_eq!(strict("две тысячи пятьсот", Lang::Ru), ["2500"]);
        assert_eq!(strict("полтора часа", Lang::Ru), ["1.5"]);
        assert_eq!(strict("два с половиной", Lang::Ru), ["2.5"]);
    }

    #[test]
    fn separate_numbers_stay_separate() {
        assert_eq!(strict("five four", Lang::En), ["4", "5"]);
        assert_eq!(strict("hundreds of people", Lang::En), Vec::<String>::new());
        assert_eq!(strict("a hundred people", Lang::En), ["100"]);
    }

    #[test]
    fn canonical_values() {
        assert_eq!(canonical(150), "1.5");
        assert_eq!(canonical(25), "0.25");
        assert_eq!(canonical(30_000), "300");
    }
}
