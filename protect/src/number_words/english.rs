//! English number words: cardinals, ordinals (`fourth`, `twenty-first`), scales, `dozen`,
//! `half`, `quarter`.

use super::{Part, Reading, ONE};

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
const UNIT_ORDINALS: [&str; 20] = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
];
const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];
const TENS_ORDINALS: [&str; 8] = [
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
];

fn unit(word: &str) -> Option<Reading> {
    let u = UNITS
        .iter()
        .position(|x| *x == word)
        .or_else(|| UNIT_ORDINALS.iter().position(|x| *x == word))? as u64;
    // `first`, `second`, `third` are often no number at all ("at first", "a second").
    let loose = matches!(word, "first" | "second" | "third");
    Some(Reading {
        part: Part::Unit(u),
        loose,
    })
}

fn tens(word: &str) -> Option<u64> {
    TENS.iter()
        .position(|x| *x == word)
        .or_else(|| TENS_ORDINALS.iter().position(|x| *x == word))
        .map(|i| 20 + 10 * i as u64)
}

/// The reading of one lower-case English word.
pub(super) fn read(word: &str) -> Option<Reading> {
    if let Some(r) = unit(word) {
        return Some(r);
    }
    if let Some(t) = tens(word) {
        return Some(Reading::exact(Part::Tens(t)));
    }
    // `twenty-five`, `ninety-fourth`: one word with a hyphen.
    if let Some((t, u)) = word.split_once('-') {
        let (t, u) = (tens(t)?, unit(u)?);
        return match u.part {
            Part::Unit(u) if u > 0 && u < 10 => Some(Reading::exact(Part::Value((t + u) * ONE))),
            _ => None,
        };
    }
    let r = match word {
        "a" | "an" | "once" | "single" => Reading::loose(Part::Unit(1)),
        "twice" | "couple" | "both" | "pair" => Reading::loose(Part::Unit(2)),
        "dozen" => Reading::loose(Part::Value(12 * ONE)),
        "hundred" | "hundredth" => Reading::exact(Part::Scale(100)),
        "thousand" | "thousandth" => Reading::exact(Part::Scale(1000)),
        "million" | "millionth" => Reading::exact(Part::Scale(1_000_000)),
        "billion" | "billionth" => Reading::exact(Part::Scale(1_000_000_000)),
        "hundreds" => Reading::loose(Part::Scale(100)),
        "thousands" => Reading::loose(Part::Scale(1000)),
        "millions" => Reading::loose(Part::Scale(1_000_000)),
        "half" => Reading::loose(Part::Half),
        "quarter" => Reading::loose(Part::Value(ONE / 4)),
        _ => return None,
    };
    Some(r)
}
