//! The modern Israeli transliteration for everyday use (names, places, UI strings): the
//! Academy of the Hebrew Language's simplified rules ("כללי התעתיק", 2006/2011, the
//! "simple" column), named [`SCHEME`] in responses.
//!
//! Vocalized words (rules M1–M7):
//! - M1 consonants: b/v (bet with/without dagesh), g, d, h, v, z, h (ḥet), t, y, k/kh, l, m, n,
//!   s, f/p, ts, k, r, sh/s (shin/sin), t; ג׳ j, ז׳ zh, צ׳ ch, ת׳ th. No doubling.
//! - M2 alef and ayin are not written, except an apostrophe between two vowels inside a word
//!   (`ma'ale`, `shavu'ot`).
//! - M3 vowels: a (patah, qamats, hataf patah), e (segol, tsere, hataf segol), i, o (holam,
//!   qamats qatan, hataf qamats, and qamets before hataf qamats), u (qubuts, shureq).
//! - M4 matres are not written: hiriq-yod i, tsere-yod e, holam-vav o, shureq u; a final he
//!   without mappiq is not written.
//! - M5 shewa is e where it is pronounced: at the start of a word, under a doubled letter, after
//!   another shewa; otherwise not written.
//! - M6 a furtive patah is written before its consonant (`ruah`).
//! - M7 maqaf is a hyphen; other characters are kept.
//!
//! Unvocalized words use the consonant-and-matres heuristic of [`heuristic_word`] (scheme
//! [`SCHEME_UNVOCALIZED`]): consonants as above with bet/kaf/pe hard at the start and soft
//! elsewhere, vav and yod read as the vowels o and i inside a word, a final he as a, alef and
//! ayin as a at the start of a word; it does not guess the other vowels.

use super::cluster::{is_bare, parse, Cluster, Piece, Vowel};

/// The scheme of vocalized input.
pub const SCHEME: &str = "academy-simplified";
/// The scheme when the input had no points and no nikud model vocalized it first.
pub const SCHEME_UNVOCALIZED: &str = "academy-simplified-unvocalized";
/// The scheme when the nikud model vocalized the input first.
pub const SCHEME_VOCALIZED_BY_MODEL: &str = "academy-simplified+nakdimon";

fn consonant(c: &Cluster, soft: bool) -> &'static str {
    if c.geresh {
        match c.letter {
            'ג' => return "j",
            'ז' => return "zh",
            'צ' | 'ץ' => return "ch",
            'ת' => return "th",
            _ => {}
        }
    }
    match c.letter {
        'א' | 'ע' => "",
        'ב' if soft => "v",
        'ב' => "b",
        'ג' => "g",
        'ד' => "d",
        'ה' => "h",
        'ו' => "v",
        'ז' => "z",
        'ח' => "h",
        'ט' | 'ת' => "t",
        'י' => "y",
        'כ' if soft => "kh",
        'ך' => "kh",
        'כ' | 'ק' => "k",
        'ל' => "l",
        'מ' | 'ם' => "m",
        'נ' | 'ן' => "n",
        'ס' => "s",
        'פ' if soft => "f",
        'ף' => "f",
        'פ' => "p",
        'צ' | 'ץ' => "ts",
        'ר' => "r",
        'ש' if c.shin == Some(false) => "s",
        'ש' => "sh",
        _ => "",
    }
}

fn vowel(v: Vowel) -> &'static str {
    match v {
        Vowel::Patah | Vowel::Qamats | Vowel::HatafPatah => "a",
        Vowel::Segol | Vowel::Tsere | Vowel::HatafSegol => "e",
        Vowel::Hiriq => "i",
        Vowel::Holam | Vowel::QamatsQatan | Vowel::HatafQamats => "o",
        Vowel::Qubuts => "u",
        Vowel::Shewa => "e",
    }
}

fn ends_with_vowel(out: &str) -> bool {
    out.chars().last().is_some_and(|c| "aeiou".contains(c))
}

fn vocalized_word(w: &[Cluster], out: &mut String) {
    let n = w.len();
    let start = out.len();
    let mut i = 0;
    while i < n {
        let c = &w[i];
        // M4: shureq (vav with dagesh, no vowel) and holam-vav after a bare consonant.
        if c.letter == 'ו' && i > 0 && !prev_vowel_of(w, i) {
            if c.dagesh && c.vowel.is_none() {
                out.push('u');
                i += 1;
                continue;
            }
            if c.vowel == Some(Vowel::Holam) {
                out.push('o');
                i += 1;
                continue;
            }
        }
        if c.letter == 'ו' && i == 0 && c.dagesh && c.vowel.is_none() {
            out.push('u');
            i += 1;
            continue;
        }
        // M4: hiriq/tsere/segol + yod without a vowel of its own.
        if c.letter == 'י'
            && c.vowel.is_none()
            && !c.dagesh
            && i > 0
            && matches!(
                w[i - 1].vowel,
                Some(Vowel::Hiriq | Vowel::Tsere | Vowel::Segol)
            )
            && w.get(i + 1).is_none_or(|n| n.letter != 'ו')
        {
            i += 1;
            continue;
        }
        // M4: final he without mappiq.
        if c.letter == 'ה' && i + 1 == n && !c.dagesh && c.vowel.is_none() && i > 0 {
            break;
        }
        let furtive = i + 1 == n
            && i > 0
            && c.vowel == Some(Vowel::Patah)
            && (c.letter == 'ח' || c.letter == 'ע' || (c.letter == 'ה' && c.dagesh));
        if furtive {
            out.push('a'); // M6
        }
        // M2: alef/ayin between vowels inside the word.
        let next_is_vowel_letter = w.get(i + 1).is_some_and(|n| {
            n.letter == 'ו' && (n.vowel == Some(Vowel::Holam) || (n.dagesh && n.vowel.is_none()))
        });
        let has_vowel = c.vowel.is_some_and(|v| v != Vowel::Shewa)
            || (c.vowel.is_none() && next_is_vowel_letter);
        if "אע".contains(c.letter)
            && i > 0
            && !furtive
            && has_vowel
            && ends_with_vowel(&out[start..])
        {
            out.push('\'');
        }
        let soft = !c.dagesh && i > 0 && !c.geresh;
        out.push_str(consonant(c, soft));
        if furtive {
            i += 1;
            continue;
        }
        match c.vowel {
            Some(Vowel::Shewa) => {
                // M5.
                let last =
                    i + 1 == n || (i + 2 == n && w[i + 1].vowel.is_none_or(|v| v == Vowel::Shewa));
                let doubled = c.dagesh && i > 0 && !"בגדכפת".contains(c.letter);
                let after_shewa = i > 1 && w[i - 1].vowel == Some(Vowel::Shewa);
                if !last && (i == 0 || doubled || after_shewa) {
                    out.push('e');
                }
            }
            // Qamets before hataf qamets is qamats qatan (צָהֳרַיִם tsohorayim).
            Some(Vowel::Qamats)
                if w.get(i + 1).and_then(|n| n.vowel) == Some(Vowel::HatafQamats) =>
            {
                out.push('o')
            }
            Some(v) => out.push_str(vowel(v)),
            None => {}
        }
        i += 1;
    }
}

/// True when the cluster before `i` carries a vowel (so a vav at `i` is a consonant).
fn prev_vowel_of(w: &[Cluster], i: usize) -> bool {
    i > 0 && w[i - 1].vowel.is_some()
}

/// The consonant-and-matres heuristic for a word without points.
pub fn heuristic_word(w: &[Cluster], out: &mut String) {
    let n = w.len();
    let mut i = 0;
    while i < n {
        let c = &w[i];
        let next = w.get(i + 1).map(|c| c.letter);
        let doubled = next == Some(c.letter) && matches!(c.letter, 'ו' | 'י');
        let s = match c.letter {
            'ו' if doubled || i == 0 => "v",
            'ו' => "o",
            'י' if doubled || i == 0 => "y",
            'י' => "i",
            'ה' if i + 1 == n && i > 0 => "a",
            'א' | 'ע' if i == 0 => "a",
            'א' | 'ע' => "",
            _ => consonant(c, i > 0),
        };
        out.push_str(s);
        i += if doubled { 2 } else { 1 };
    }
}

/// Transliterates vocalized text (bare words use the heuristic). Returns the text and whether
/// any Hebrew word was bare.
pub fn transliterate(text: &str) -> (String, bool) {
    let pieces = parse(text);
    let mut out = String::with_capacity(text.len());
    let mut any_bare = false;
    for piece in &pieces {
        match piece {
            Piece::Word(w) if is_bare(w) => {
                any_bare = true;
                heuristic_word(w, &mut out);
            }
            Piece::Word(w) => vocalized_word(w, &mut out),
            Piece::Other('־') => out.push('-'),
            Piece::Other(c) => out.push(*c),
        }
    }
    (out, any_bare)
}
