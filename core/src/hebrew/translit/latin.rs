//! Latin → Hebrew letters, the way the Israeli press spells foreign names and brands
//! (`Michael` → מייקל, `Google` → גוגל, `iPhone` → אייפון). Scheme name [`SCHEME`].
//!
//! A word is first looked up in the exception list ([`EXCEPTIONS`], case-insensitive): names
//! and brands whose press spelling follows English pronunciation rather than letters. Other
//! words go through the rules below, longest match first, left to right:
//! - L1 digraphs: sh ש, ch צ׳, kh ח, th ת, ph פ, ts/tz צ, zh ז׳, ck ק, gh (silent after a
//!   vowel), qu קו, wh/w ו.
//! - L2 consonants: b ב, c ס before e/i/y else ק, d ד, f פ, g ג, h ה, j ג׳, k ק, l ל, m מ,
//!   n נ, p פ, q ק, r ר, s ס, t ט, v ו at the start else ב, x קס, y י, z ז; doubled
//!   consonants are written once.
//! - L3 vowels: a word-initial vowel is written with א (i → אי, o/u → או); inside a word o/u
//!   are ו, i/y/ee/ea/ie are י, ai/ay/ei/ey and i/a/y before consonant + silent e(s) are יי,
//!   oo/ou are ו, a and e are not written; at the end a (or ah) is ה, o/u ו, i/y/ee/ey י, e
//!   silent.
//! - L4 a consonantal vav inside a word is doubled (וו) and absorbs a following o/u; an h after
//!   a vowel and before a consonant or the end is silent.
//! - L5 the last letter takes its final form (ך ם ן ף ץ, also ץ׳ before a geresh), except a pe
//!   for a Latin p, which stays פ.
//!
//! Non-Latin characters (digits, punctuation, Hebrew) are kept.

/// The scheme named in responses.
pub const SCHEME: &str = "israeli-press";

/// Names and brands spelled against the rules, lowercase Latin → Hebrew.
pub const EXCEPTIONS: &[(&str, &str)] = &[
    ("michael", "מייקל"),
    ("iphone", "אייפון"),
    ("ipad", "אייפד"),
    ("facebook", "פייסבוק"),
    ("youtube", "יוטיוב"),
    ("nvidia", "אנבידיה"),
    ("whatsapp", "וואטסאפ"),
    ("windows", "ווינדוס"),
    ("george", "ג׳ורג׳"),
    ("stephen", "סטיבן"),
    ("steve", "סטיב"),
    ("elon", "אילון"),
    ("musk", "מאסק"),
    ("trump", "טראמפ"),
    ("biden", "ביידן"),
    ("paris", "פריז"),
    ("new", "ניו"),
    ("washington", "וושינגטון"),
    ("chrome", "כרום"),
    ("christopher", "כריסטופר"),
    ("chris", "כריס"),
    ("thomas", "תומאס"),
    ("mcdonald's", "מקדונלד׳ס"),
];

/// The exception list's spelling of `word`, if any.
pub fn exception(word: &str) -> Option<&'static str> {
    let lower = word.to_lowercase();
    EXCEPTIONS
        .iter()
        .find(|(k, _)| *k == lower)
        .map(|(_, v)| *v)
}

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
}

fn final_form(c: char) -> char {
    match c {
        'כ' => 'ך',
        'מ' => 'ם',
        'נ' => 'ן',
        'פ' => 'ף',
        'צ' => 'ץ',
        other => other,
    }
}

/// Rules L1–L5 for one lowercase ASCII word.
fn rules(w: &[char]) -> String {
    let n = w.len();
    let at = |i: usize| w.get(i).copied().unwrap_or(' ');
    let mut out = String::new();
    let mut i = 0;
    while i < n {
        let c = w[i];
        let rest2 = [c, at(i + 1)];
        let start = i == 0;
        let end = |k: usize| i + k >= n;
        // L3: vowels.
        if is_vowel(c) || (c == 'y' && !start && !is_vowel(at(i + 1))) {
            let (len, heb) = match rest2 {
                ['a', 'i'] | ['a', 'y'] | ['e', 'i'] | ['e', 'y']
                    if !end(2) || rest2 == ['a', 'y'] || rest2 == ['a', 'i'] =>
                {
                    (2, "יי")
                }
                ['e', 'y'] => (2, "י"),
                ['e', 'e'] | ['e', 'a'] | ['i', 'e'] => (2, "י"),
                ['o', 'o'] | ['o', 'u'] => (2, "ו"),
                ['a', 'u'] | ['a', 'w'] => (2, "ו"),
                _ => {
                    // i or a before consonant + silent final e: the long sound (Mike, Dave).
                    let long = matches!(c, 'i' | 'a' | 'y')
                        && !is_vowel(at(i + 1))
                        && at(i + 2) == 'e'
                        && (i + 3 == n || (i + 4 == n && at(i + 3) == 's'));
                    let heb = match c {
                        _ if long => "יי",
                        'a' if end(1) || (at(i + 1) == 'h' && end(2)) => "ה",
                        'e' if end(1) && !start => "",
                        'o' | 'u' => "ו",
                        'i' | 'y' => "י",
                        _ => "",
                    };
                    (1, heb)
                }
            };
            if start {
                out.push('א');
            }
            out.push_str(heb);
            i += len;
            continue;
        }
        // L1, then L2.
        let (len, heb): (usize, &str) = match rest2 {
            ['s', 'h'] => (2, "ש"),
            ['c', 'h'] => (2, "צ׳"),
            ['k', 'h'] => (2, "ח"),
            ['t', 'h'] => (2, "ת"),
            ['p', 'h'] => (2, "פ"),
            ['t', 's'] | ['t', 'z'] => (2, "צ"),
            ['z', 'h'] => (2, "ז׳"),
            ['c', 'k'] => (2, "ק"),
            ['g', 'h'] if i > 0 && is_vowel(at(i - 1)) => (2, ""),
            ['q', 'u'] => (2, "קו"),
            ['w', 'h'] => (2, "ו"),
            _ => match c {
                'b' => (1, "ב"),
                'c' if matches!(at(i + 1), 'e' | 'i' | 'y') => (1, "ס"),
                'c' | 'k' | 'q' => (1, "ק"),
                'd' => (1, "ד"),
                'f' | 'p' => (1, "פ"),
                'g' => (1, "ג"),
                // h after a vowel and before a consonant or the end is silent (John).
                'h' if i > 0 && is_vowel(at(i - 1)) && !is_vowel(at(i + 1)) => (1, ""),
                'h' => (1, "ה"),
                'j' => (1, "ג׳"),
                'l' => (1, "ל"),
                'm' => (1, "מ"),
                'n' => (1, "נ"),
                'r' => (1, "ר"),
                's' => (1, "ס"),
                't' => (1, "ט"),
                'v' if start => (1, "ו"),
                'v' => (1, "ב"),
                // L4.
                'w' if start => (1, "ו"),
                // A vowel o/u after the consonantal vav is the same letter: wo → וו.
                'w' if at(i + 1) == 'o' && at(i + 2) == 'o' => (3, "וו"),
                'w' if matches!(at(i + 1), 'o' | 'u') => (2, "וו"),
                'w' => (1, "וו"),
                'y' => (1, "י"),
                'x' => (1, "קס"),
                'z' => (1, "ז"),
                _ => (1, ""),
            },
        };
        // L2: a doubled consonant is written once.
        let doubled = len == 1 && i > 0 && w[i - 1] == c;
        if !doubled {
            out.push_str(heb);
        }
        i += len;
    }
    out
}

/// Applies L5 to the word just written: the last Hebrew letter (also before a geresh, as in
/// סנדוויץ׳) takes its final form, except a pe that stands for a Latin p (ג׳יפ, אייפון).
fn finalize(word: String, latin: &[char]) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    let last_sound = latin.iter().rev().find(|&&c| c != 'e' && c != 's').copied();
    let p_sound = last_sound == Some('p') && latin.last() != Some(&'s');
    if let Some(last) = chars.iter_mut().rev().find(|c| **c != '׳') {
        if !(p_sound && *last == 'פ') {
            *last = final_form(*last);
        }
    }
    chars.into_iter().collect()
}

/// Rules L1–L5 alone for one word, without the exception list.
pub fn rules_only(word: &str) -> String {
    let lower: Vec<char> = word.to_lowercase().chars().collect();
    finalize(rules(&lower), &lower)
}

/// Latin → Hebrew letters.
///
/// ```
/// use lashon_core::hebrew::translit::latin;
///
/// assert_eq!(latin::transliterate("Google"), "גוגל");
/// assert_eq!(latin::transliterate("Michael Jordan"), "מייקל ג׳ורדן");
/// ```
pub fn transliterate(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.is_empty() {
            return;
        }
        let heb = match exception(word) {
            Some(h) => h.to_owned(),
            None => rules_only(word),
        };
        out.push_str(&heb);
        word.clear();
    };
    let chars: Vec<char> = text.chars().collect();
    for (k, &c) in chars.iter().enumerate() {
        // An apostrophe inside a word (McDonald's) belongs to it.
        let inner_apostrophe = c == '\''
            && !word.is_empty()
            && chars.get(k + 1).is_some_and(|n| n.is_ascii_alphabetic());
        if c.is_ascii_alphabetic() || inner_apostrophe {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}
