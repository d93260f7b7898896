//! Russian number words in every case and gender: cardinals (`четыре`, `четырёх`,
//! `четырьмя`), hundreds (`триста`, `трёхсот`), ordinals (`четвёртую`, `девяносто
//! четвёртую`), collectives (`четверо`, `четверых`), `полтора`, `половина`, `четверть`, and the
//! scale words (`тысяча`, `миллион`, `млн`).

use std::collections::HashMap;
use std::sync::LazyLock;

use super::{Part, Reading, ONE};

/// Cardinal forms 0–90 and their values (every case; `ё` and `е` spellings).
const CARDINALS: &[(u64, &[&str])] = &[
    (
        0,
        &[
            "ноль",
            "нуль",
            "ноля",
            "нуля",
            "нолю",
            "нулю",
            "нолём",
            "нулём",
            "нолем",
            "нулем",
        ],
    ),
    (
        1,
        &[
            "один",
            "одна",
            "одно",
            "одни",
            "одного",
            "одной",
            "одному",
            "одну",
            "одним",
            "одном",
            "одними",
            "одних",
        ],
    ),
    (2, &["два", "две", "двух", "двум", "двумя"]),
    (3, &["три", "трёх", "трех", "трём", "трем", "тремя"]),
    (
        4,
        &[
            "четыре",
            "четырёх",
            "четырех",
            "четырём",
            "четырем",
            "четырьмя",
        ],
    ),
    (5, &["пять", "пяти", "пятью"]),
    (6, &["шесть", "шести", "шестью"]),
    // `семью` is far more often "family" than "by seven".
    (7, &["семь", "семи"]),
    (8, &["восемь", "восьми", "восемью", "восьмью"]),
    (9, &["девять", "девяти", "девятью"]),
    (10, &["десять", "десяти", "десятью"]),
    (20, &["двадцать", "двадцати", "двадцатью"]),
    (30, &["тридцать", "тридцати", "тридцатью"]),
    (40, &["сорок", "сорока"]),
    (50, &["пятьдесят", "пятидесяти", "пятьюдесятью"]),
    (60, &["шестьдесят", "шестидесяти", "шестьюдесятью"]),
    (70, &["семьдесят", "семидесяти", "семьюдесятью"]),
    (
        80,
        &[
            "восемьдесят",
            "восьмидесяти",
            "восемьюдесятью",
            "восьмьюдесятью",
        ],
    ),
    (90, &["девяносто", "девяноста"]),
];
/// Teens: stem + `надцать` (nominative), `надцати`, `надцатью`.
const TEEN_STEMS: [(u64, &str); 9] = [
    (11, "одиннадцат"),
    (12, "двенадцат"),
    (13, "тринадцат"),
    (14, "четырнадцат"),
    (15, "пятнадцат"),
    (16, "шестнадцат"),
    (17, "семнадцат"),
    (18, "восемнадцат"),
    (19, "девятнадцат"),
];
/// Hundreds in every case.
const HUNDREDS: &[(u64, &[&str])] = &[
    (100, &["сто", "ста"]),
    (
        200,
        &["двести", "двухсот", "двумстам", "двумястами", "двухстах"],
    ),
    (
        300,
        &[
            "триста",
            "трёхсот",
            "трехсот",
            "трёмстам",
            "тремстам",
            "тремястами",
            "трёхстах",
            "трехстах",
        ],
    ),
    (
        400,
        &[
            "четыреста",
            "четырёхсот",
            "четырехсот",
            "четырёмстам",
            "четыремстам",
            "четырьмястами",
            "четырёхстах",
            "четырехстах",
        ],
    ),
    (
        500,
        &["пятьсот", "пятисот", "пятистам", "пятьюстами", "пятистах"],
    ),
    (
        600,
        &[
            "шестьсот",
            "шестисот",
            "шестистам",
            "шестьюстами",
            "шестистах",
        ],
    ),
    (
        700,
        &["семьсот", "семисот", "семистам", "семьюстами", "семистах"],
    ),
    (
        800,
        &[
            "восемьсот",
            "восьмисот",
            "восьмистам",
            "восемьюстами",
            "восьмьюстами",
            "восьмистах",
        ],
    ),
    (
        900,
        &[
            "девятьсот",
            "девятисот",
            "девятистам",
            "девятьюстами",
            "девятистах",
        ],
    ),
];
/// Ordinal stems: the value and the stem the adjective endings go on.
const ORDINAL_STEMS: &[(u64, &str)] = &[
    (1, "перв"),
    (2, "втор"),
    (4, "четвёрт"),
    (4, "четверт"),
    (5, "пят"),
    (6, "шест"),
    (7, "седьм"),
    (8, "восьм"),
    (9, "девят"),
    (10, "десят"),
    (11, "одиннадцат"),
    (12, "двенадцат"),
    (13, "тринадцат"),
    (14, "четырнадцат"),
    (15, "пятнадцат"),
    (16, "шестнадцат"),
    (17, "семнадцат"),
    (18, "восемнадцат"),
    (19, "девятнадцат"),
    (20, "двадцат"),
    (30, "тридцат"),
    (40, "сороков"),
    (50, "пятидесят"),
    (60, "шестидесят"),
    (70, "семидесят"),
    (80, "восьмидесят"),
    (90, "девяност"),
    (100, "сот"),
    (1000, "тысячн"),
];
/// Adjective endings of the hard declension, every case, gender and number (with the stressed
/// masculine `-ой`).
const HARD_ENDINGS: [&str; 12] = [
    "ый", "ой", "ого", "ому", "ым", "ом", "ая", "ую", "ое", "ые", "ых", "ыми",
];
/// `третий` declines softly.
const THIRD: [&str; 12] = [
    "третий",
    "третьего",
    "третьему",
    "третьим",
    "третьем",
    "третья",
    "третьей",
    "третью",
    "третье",
    "третьи",
    "третьих",
    "третьими",
];
/// Collectives: `двое` … `десятеро` and their cases.
const COLLECTIVE_STEMS: [(u64, &str, &str); 9] = [
    (2, "двое", "двоих"),
    (3, "трое", "троих"),
    (4, "четверо", "четверых"),
    (5, "пятеро", "пятерых"),
    (6, "шестеро", "шестерых"),
    (7, "семеро", "семерых"),
    (8, "восьмеро", "восьмерых"),
    (9, "девятеро", "девятерых"),
    (10, "десятеро", "десятерых"),
];

static FORMS: LazyLock<HashMap<String, Reading>> = LazyLock::new(|| {
    let mut m: HashMap<String, Reading> = HashMap::new();
    let mut put = |form: String, reading: Reading| {
        m.entry(form).or_insert(reading);
    };
    for (v, forms) in CARDINALS {
        let part = if *v >= 20 && v % 10 == 0 {
            Part::Tens(*v)
        } else {
            Part::Unit(*v)
        };
        for f in *forms {
            put(f.to_string(), Reading::exact(part));
        }
    }
    for (v, stem) in TEEN_STEMS {
        for end in ["ь", "и", "ью"] {
            put(format!("{stem}{end}"), Reading::exact(Part::Unit(v)));
        }
    }
    for (v, forms) in HUNDREDS {
        for f in *forms {
            put(f.to_string(), Reading::exact(Part::Hundreds(*v)));
        }
    }
    for (v, stem) in ORDINAL_STEMS {
        let part = match v {
            1..=19 => Part::Unit(*v),
            100 => Part::Hundreds(100),
            1000 => Part::Scale(1000),
            _ => Part::Tens(*v),
        };
        for end in HARD_ENDINGS {
            // `первый`, `второй` are often no number ("first of all", "the other").
            let loose = *v <= 2;
            put(format!("{stem}{end}"), Reading { part, loose });
        }
    }
    for f in THIRD {
        put(f.to_string(), Reading::exact(Part::Unit(3)));
    }
    for (v, nominative, genitive) in COLLECTIVE_STEMS {
        let stem = genitive.trim_end_matches("их").trim_end_matches("ых");
        let vowel = if genitive.ends_with("ых") {
            "ы"
        } else {
            "и"
        };
        for f in [
            nominative.to_string(),
            genitive.to_string(),
            format!("{stem}{vowel}м"),
            format!("{stem}{vowel}ми"),
        ] {
            put(f, Reading::exact(Part::Unit(v)));
        }
    }
    for f in ["полтора", "полторы", "полутора"] {
        put(f.to_string(), Reading::exact(Part::Value(ONE + ONE / 2)));
    }
    for f in ["полтораста", "полутораста"] {
        put(f.to_string(), Reading::exact(Part::Hundreds(150)));
    }
    for f in ["половина", "половины", "половине", "половину", "половиной"]
    {
        put(f.to_string(), Reading::loose(Part::Half));
    }
    for f in ["четверть", "четверти", "четвертью"] {
        put(f.to_string(), Reading::loose(Part::Value(ONE / 4)));
    }
    for f in [
        "оба",
        "обе",
        "обоих",
        "обеих",
        "обоим",
        "обеим",
        "обоими",
        "обеими",
        "пара",
        "пары",
        "пару",
        "дважды",
    ] {
        put(f.to_string(), Reading::loose(Part::Unit(2)));
    }
    put("трижды".into(), Reading::loose(Part::Unit(3)));
    for f in ["дюжина", "дюжины", "дюжину"] {
        put(f.to_string(), Reading::loose(Part::Value(12 * ONE)));
    }
    for f in [
        "сотня",
        "сотни",
        "сотню",
        "сотней",
        "сотен",
        "сотнями",
        "сотнях",
    ] {
        put(f.to_string(), Reading::loose(Part::Scale(100)));
    }
    let scales: [(u64, &[&str], &[&str]); 3] = [
        (
            1000,
            &["тысяча", "тысячи", "тысячу", "тысячей", "тысячью", "тыс"],
            &["тысяч", "тысячам", "тысячами", "тысячах"],
        ),
        (
            1_000_000,
            &[
                "миллион",
                "миллиона",
                "миллиону",
                "миллионом",
                "миллионе",
                "млн",
            ],
            &[
                "миллионы",
                "миллионов",
                "миллионам",
                "миллионами",
                "миллионах",
            ],
        ),
        (
            1_000_000_000,
            &[
                "миллиард",
                "миллиарда",
                "миллиарду",
                "миллиардом",
                "миллиарде",
                "млрд",
            ],
            &[
                "миллиарды",
                "миллиардов",
                "миллиардам",
                "миллиардами",
                "миллиардах",
            ],
        ),
    ];
    for (v, singular, plural) in scales {
        for f in singular {
            put(f.to_string(), Reading::exact(Part::Scale(v)));
        }
        // `тысяч` is also the genitive after a number (`пять тысяч`): loose alone only.
        for f in plural {
            put(f.to_string(), Reading::loose(Part::Scale(v)));
        }
    }
    m
});

/// The reading of one lower-case Russian word.
pub(super) fn read(word: &str) -> Option<Reading> {
    FORMS.get(word).copied()
}
