//! The SBL academic transliteration (SBL Handbook of Style, 2nd ed., §5.1.1; the defaults of
//! the `hebrew-transliteration` npm package, whose test pairs check this module).
//!
//! Rules, as implemented below:
//! - S1 consonants: ʾ b g d h w z ḥ ṭ y k l m n s ʿ p ṣ q r ś š t; begadkefat spirantization is
//!   not marked; final forms as their letters.
//! - S2 dagesh forte doubles the consonant: a dagesh on a letter after a vowel (never
//!   word-initial, never after a shewa, never in he (mappiq) or shureq).
//! - S3 vowels: a e ē i/ī ā/o ō u/ū; hataf ă ĕ ŏ; vocal shewa ə, silent shewa nothing.
//! - S4 matres: hiriq-yod î, tsere-yod and segol-yod ê, holam-vav ô, shureq û, qamets-he â
//!   (word-final); other final he stay h.
//! - S5 qamets is o (qamets hatuf) in a closed unstressed syllable and before hatef qamets.
//! - S6 hiriq and qubuts are long (ī, ū) in the stressed syllable: the one with an accent, else
//!   the last syllable of a word not joined by maqaf.
//! - S7 shewa is vocal at the start of a word, under a doubled letter, after another shewa,
//!   after a long vowel or meteg, and after the article/wayyiqtol ha-/wa- (omitted dagesh);
//!   silent at the end of a word.
//! - S8 furtive patah on a final ḥet, ʿayin or he with mappiq is written before the consonant.
//! - S9 the divine name יהוה is yhwh (with a prefix: `ba-yhwh`).
//! - S10 maqaf is '-', paseq and sof pasuq are dropped; everything else is kept.

use super::cluster::{is_bare, parse, Cluster, Piece, Vowel};

fn consonant(c: &Cluster) -> &'static str {
    match c.letter {
        'א' => "ʾ",
        'ב' => "b",
        'ג' => "g",
        'ד' => "d",
        'ה' => "h",
        'ו' => "w",
        'ז' => "z",
        'ח' => "ḥ",
        'ט' => "ṭ",
        'י' => "y",
        'כ' | 'ך' => "k",
        'ל' => "l",
        'מ' | 'ם' => "m",
        'נ' | 'ן' => "n",
        'ס' => "s",
        'ע' => "ʿ",
        'פ' | 'ף' => "p",
        'צ' | 'ץ' => "ṣ",
        'ק' => "q",
        'ר' => "r",
        'ש' if c.shin == Some(false) => "ś",
        'ש' => "š",
        'ת' => "t",
        _ => "",
    }
}

/// What a cluster is in its word.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Consonant,
    /// A vowel letter that lengthens the previous vowel (S4).
    Mater,
    /// Vav with dagesh and no vowel after a bare consonant or at the start: û.
    Shureq,
}

fn roles(w: &[Cluster]) -> Vec<Role> {
    let mut roles = vec![Role::Consonant; w.len()];
    for i in 0..w.len() {
        let c = &w[i];
        let prev = i.checked_sub(1).map(|p| (&w[p], roles[p]));
        let prev_bare = prev.is_none_or(|(p, r)| p.vowel.is_none() && r == Role::Consonant);
        roles[i] = match (c.letter, c.vowel, prev) {
            ('ו', None, _) if c.dagesh && prev_bare => Role::Shureq,
            ('ו', Some(Vowel::Holam), Some(_)) if !c.dagesh && prev_bare => Role::Mater,
            ('י', None, Some((p, Role::Consonant)))
                if !c.dagesh
                    && matches!(p.vowel, Some(Vowel::Hiriq | Vowel::Tsere | Vowel::Segol)) =>
            {
                Role::Mater
            }
            ('ה', None, Some((p, Role::Consonant)))
                if !c.dagesh && i + 1 == w.len() && p.vowel == Some(Vowel::Qamats) =>
            {
                Role::Mater
            }
            _ => Role::Consonant,
        };
    }
    roles
}

/// A vav that is shureq or holam-vav carries the vowel of its syllable.
fn roles_has_vowel(w: &[Cluster], i: usize) -> bool {
    w[i].letter == 'ו' && w[i].dagesh && w[i].vowel.is_none()
}

/// Transliterates one word; `before_maqaf` says a maqaf follows (no stress of its own).
fn word(w: &[Cluster], before_maqaf: bool, out: &mut String) {
    let letters: String = w.iter().map(|c| c.letter).collect();
    // S9.
    if letters == "יהוה" {
        out.push_str("yhwh");
        return;
    }
    if letters.chars().count() == 5 && letters.ends_with("יהוה") {
        word(&w[..1], false, out);
        out.push_str("-yhwh");
        return;
    }
    if is_bare(w) {
        for c in w {
            out.push_str(consonant(c));
        }
        return;
    }
    let roles = roles(w);
    let n = w.len();
    let vowel_of = |i: usize| -> Option<Vowel> { w.get(i).and_then(|c| c.vowel) };
    // S6: the stressed cluster.
    // An accent on a letter without a full vowel (postpositive, or on the closing consonant)
    // marks the syllable of the vowel before it.
    let accented = w.iter().rposition(|c| c.accent).and_then(|a| {
        (0..=a)
            .rev()
            .find(|&i| vowel_of(i).is_some_and(Vowel::is_full) || roles_has_vowel(w, i))
    });
    let stressed = accented.or_else(|| {
        if before_maqaf {
            None
        } else {
            (0..n).rev().find(|&i| {
                vowel_of(i).is_some_and(Vowel::is_full)
                    && !(i + 1 == n
                        && w[i].vowel == Some(Vowel::Patah)
                        && "חעה".contains(w[i].letter))
            })
        }
    });
    let is_doubled = |i: usize| -> bool {
        let c = &w[i];
        if !c.dagesh || i == 0 || roles[i] != Role::Consonant || "הא".contains(c.letter) {
            return false;
        }
        match (w[i - 1].vowel, roles[i - 1]) {
            (Some(v), _) => v != Vowel::Shewa,
            (None, r) => r != Role::Consonant,
        }
    };
    let long_before = |i: usize| -> bool {
        // A long vowel or meteg in the cluster before `i` (S7).
        i > 0
            && (w[i - 1].meteg
                || matches!(
                    w[i - 1].vowel,
                    Some(Vowel::Qamats | Vowel::Tsere | Vowel::Holam)
                )
                || roles.get(i).is_some_and(|r| *r == Role::Mater))
    };
    let mut shewa_vocal = vec![false; n];
    for i in 0..n {
        if w[i].vowel != Some(Vowel::Shewa) {
            continue;
        }
        let last_or_final_pair = i + 1 == n
            || (i + 2 == n && w[i + 1].vowel == Some(Vowel::Shewa))
            || (i + 2 == n && w[i + 1].vowel.is_none());
        shewa_vocal[i] = !last_or_final_pair
            && (i == 0
                || is_doubled(i)
                || (w[i - 1].vowel == Some(Vowel::Shewa) && !shewa_vocal[i - 1])
                || long_before(i)
                || (i == 1
                    && "הו".contains(w[0].letter)
                    && w[0].vowel == Some(Vowel::Patah)
                    && !w[i].dagesh));
    }
    // A syllable is closed when the next cluster starts no syllable of its own.
    let closed = |i: usize| -> bool {
        match w.get(i + 1) {
            None => false,
            Some(next) => {
                let j = i + 1;
                roles[j] == Role::Consonant
                    && (is_doubled(j)
                        || (next.vowel == Some(Vowel::Shewa) && !shewa_vocal[j])
                        || (next.vowel.is_none() && j + 1 == n))
            }
        }
    };
    for i in 0..n {
        let c = &w[i];
        match roles[i] {
            Role::Mater => continue,
            Role::Shureq => {
                out.push('û');
                continue;
            }
            Role::Consonant => {}
        }
        let furtive = i + 1 == n
            && i > 0
            && c.vowel == Some(Vowel::Patah)
            && (c.letter == 'ח' || c.letter == 'ע' || (c.letter == 'ה' && c.dagesh));
        if furtive {
            out.push('a'); // S8
        }
        let cons = consonant(c);
        if is_doubled(i) {
            out.push_str(cons); // S2
        }
        out.push_str(cons);
        if furtive {
            continue;
        }
        let next_role = roles.get(i + 1).copied();
        let mater = next_role == Some(Role::Mater);
        let stressed_here = stressed == Some(i);
        let v = match c.vowel {
            None => "",
            Some(Vowel::Shewa) if shewa_vocal[i] => "ə",
            Some(Vowel::Shewa) => "",
            Some(Vowel::HatafSegol) => "ĕ",
            Some(Vowel::HatafPatah) => "ă",
            Some(Vowel::HatafQamats) => "ŏ",
            Some(Vowel::Patah) => "a",
            Some(Vowel::Segol) if mater => "ê",
            Some(Vowel::Segol) => "e",
            Some(Vowel::Tsere) if mater => "ê",
            Some(Vowel::Tsere) => "ē",
            Some(Vowel::Hiriq) if mater => "î",
            Some(Vowel::Hiriq) if stressed_here => "ī",
            Some(Vowel::Hiriq) => "i",
            Some(Vowel::Qubuts) if stressed_here || !closed(i) => "ū",
            Some(Vowel::Qubuts) => "u",
            Some(Vowel::Holam) if next_role == Some(Role::Mater) => "ô",
            Some(Vowel::Holam) => "ō",
            Some(Vowel::QamatsQatan) => "o",
            // S5.
            Some(Vowel::Qamats) if vowel_of(i + 1) == Some(Vowel::HatafQamats) => "o",
            Some(Vowel::Qamats) if closed(i) && !stressed_here && !c.meteg => "o",
            Some(Vowel::Qamats) if mater => "â",
            Some(Vowel::Qamats) => "ā",
        };
        out.push_str(v);
        // Holam written on the mater vav (וֹ) belongs to this consonant: ô.
        if c.vowel.is_none() && next_role == Some(Role::Mater) && w[i + 1].letter == 'ו' {
            out.push('ô');
        }
    }
}

/// SBL transliteration of `text` (Hebrew words; anything else is kept).
///
/// ```
/// use lashon_core::hebrew::translit::sbl;
///
/// assert_eq!(sbl::transliterate("מַה־שְּׁמוֹ"), "mah-šəmô");
/// assert_eq!(sbl::transliterate("רָקִ֖יעַ"), "rāqîaʿ");
/// ```
pub fn transliterate(text: &str) -> String {
    let pieces = parse(text);
    let mut out = String::with_capacity(text.len());
    for (k, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Word(w) => {
                let before_maqaf = matches!(pieces.get(k + 1), Some(Piece::Other('־')));
                word(w, before_maqaf, &mut out);
            }
            // S10.
            Piece::Other('־') => out.push('-'),
            Piece::Other('׀' | '׃') => {}
            Piece::Other(c) => out.push(*c),
        }
    }
    out
}
