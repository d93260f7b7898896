//! The Nakdimon paper's metrics (DEC, CHA, WOR, VOC), as `nakdimon/metrics.py` (0.1.2) computes
//! them, over the item model of `hebrew.iterate_dotted_text`. Test support only.
#![allow(dead_code)]

const RAFE: char = '\u{05BF}';
const DAGESH: char = '\u{05BC}';
/// No mark (Python's `''`).
const NONE: char = '\0';

fn is_letter(c: char) -> bool {
    ('\u{05D0}'..='\u{05EA}').contains(&c)
}
fn can_dagesh(c: char) -> bool {
    "בגדהוזטיכלמנספצקשתךף".contains(c)
}
fn can_sin(c: char) -> bool {
    c == 'ש'
}
fn can_niqqud(c: char) -> bool {
    "אבגדהוזחטיכלמנסעפצקרשתךן".contains(c)
}
fn is_niqqud(c: char) -> bool {
    c == RAFE || ('\u{05B0}'..='\u{05BC}').contains(&c)
}

/// `hebrew.HebrewItem` without `normalized` (a function of `letter`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub letter: char,
    pub dagesh: char,
    pub sin: char,
    pub niqqud: char,
}

impl Item {
    /// `HebrewItem.vocalize`: the VOC metric's merged vowel classes.
    fn vocalize(self) -> Item {
        let niqqud = match self.niqqud {
            '\u{05B8}' | '\u{05B7}' | '\u{05B2}' => '\u{05B7}',
            '\u{05B9}' | '\u{05B3}' => '\u{05B9}',
            '\u{05BC}' | '\u{05BB}' => '\u{05BB}',
            '\u{05B5}' | '\u{05B6}' | '\u{05B1}' => '\u{05B6}',
            '\u{05B0}' | RAFE => NONE,
            other => other,
        };
        let sin = if self.sin == RAFE { NONE } else { self.sin };
        let dagesh = if "בכפ".contains(self.letter) && self.dagesh != RAFE {
            self.dagesh
        } else {
            NONE
        };
        Item {
            letter: self.letter,
            dagesh,
            sin,
            niqqud,
        }
    }
}

/// `iterate_dotted_text` over `' '.join(text.split())` (as `read_document` does).
pub fn items(text: &str) -> Vec<Item> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        let mut item = Item {
            letter,
            dagesh: if can_dagesh(letter) { RAFE } else { NONE },
            sin: if can_sin(letter) { RAFE } else { NONE },
            niqqud: if can_niqqud(letter) { RAFE } else { NONE },
        };
        i += 1;
        if is_letter(letter) {
            let next = |i: usize| chars.get(i).copied().unwrap_or(' ');
            if next(i) == DAGESH {
                item.dagesh = DAGESH;
                i += 1;
            }
            if matches!(next(i), RAFE | '\u{05C1}' | '\u{05C2}') {
                item.sin = next(i);
                i += 1;
            }
            if is_niqqud(next(i)) {
                item.niqqud = next(i);
                i += 1;
            }
            if letter == 'ו' && item.dagesh == DAGESH && item.niqqud == RAFE {
                item.dagesh = RAFE;
                item.niqqud = DAGESH;
            }
        }
        out.push(item);
    }
    out
}

/// `hebrew.tokenize(..., strip_nonhebrew=False)`: split on whitespace and '-'.
fn tokens(items: &[Item]) -> Vec<&[Item]> {
    items
        .split(|it| it.letter.is_whitespace() || it.letter == '-')
        .filter(|t| !t.is_empty())
        .collect()
}

fn is_hebrew(token: &[Item]) -> bool {
    token.iter().filter(|it| is_letter(it.letter)).count() > 1
}

/// Counts of equal pairs and all pairs for the four metrics of one document.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub dec: (usize, usize),
    pub cha: (usize, usize),
    pub wor: (usize, usize),
    pub voc: (usize, usize),
}

fn add(acc: &mut (usize, usize), equal: bool) {
    acc.0 += usize::from(equal);
    acc.1 += 1;
}

/// Metrics of `actual` against `expected` (pairs zipped in order, as the reference does).
pub fn counts(actual: &str, expected: &str) -> Counts {
    let a = items(actual);
    let e = items(expected);
    let mut c = Counts::default();
    for (x, y) in a.iter().zip(&e) {
        if can_niqqud(x.letter) {
            add(&mut c.dec, x.niqqud == y.niqqud);
        }
    }
    for (x, y) in a.iter().zip(&e) {
        if can_dagesh(x.letter) {
            add(&mut c.dec, x.dagesh == y.dagesh);
        }
    }
    for (x, y) in a.iter().zip(&e) {
        if can_sin(x.letter) {
            add(&mut c.dec, x.sin == y.sin);
        }
        if can_niqqud(x.letter) || can_dagesh(x.letter) || can_sin(x.letter) {
            add(&mut c.cha, x == y);
        }
    }
    for (x, y) in tokens(&a).into_iter().zip(tokens(&e)) {
        if is_hebrew(x) {
            add(&mut c.wor, x == y);
            let vx: Vec<Item> = x.iter().map(|i| i.vocalize()).collect();
            let vy: Vec<Item> = y.iter().map(|i| i.vocalize()).collect();
            add(&mut c.voc, vx == vy);
        }
    }
    c
}

fn ratio((eq, all): (usize, usize)) -> f64 {
    if all == 0 {
        0.0
    } else {
        eq as f64 / all as f64
    }
}

/// `[dec, cha, wor, voc]` of one document.
pub fn metrics(actual: &str, expected: &str) -> [f64; 4] {
    let c = counts(actual, expected);
    [ratio(c.dec), ratio(c.cha), ratio(c.wor), ratio(c.voc)]
}

/// `Stats.macro_average`: the mean over genres of the mean over the genre's documents.
/// `docs` holds `(genre, [dec, cha, wor, voc])`.
pub fn macro_average(docs: &[(String, [f64; 4])]) -> [f64; 4] {
    let mut genres: Vec<&str> = docs.iter().map(|(g, _)| g.as_str()).collect();
    genres.sort();
    genres.dedup();
    let mut total = [0.0; 4];
    for g in &genres {
        let of: Vec<&[f64; 4]> = docs
            .iter()
            .filter(|(d, _)| d == g)
            .map(|(_, m)| m)
            .collect();
        for k in 0..4 {
            total[k] += of.iter().map(|m| m[k]).sum::<f64>() / of.len() as f64;
        }
    }
    total.map(|t| t / genres.len().max(1) as f64)
}

#[test]
fn metrics_on_a_pair() {
    let gold = "שָׁלוֹם עוֹלָם";
    assert_eq!(metrics(gold, gold), [1.0; 4]);
    // One vowel differs (qamats → patah): DEC and CHA lose one decision, WOR loses the word,
    // VOC does not (qamats and patah are one class there).
    let m = metrics("שָׁלוֹם עוֹלַם", gold);
    assert!(m[0] < 1.0 && m[1] < 1.0);
    assert_eq!(m[2], 0.5);
    assert_eq!(m[3], 1.0);
}
