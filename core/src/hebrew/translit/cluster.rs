//! Vocalized Hebrew as letter clusters: a letter with its dagesh, shin/sin dot, vowel and
//! accent, grouped into words. The he-to-latin schemes read these instead of raw code points,
//! so the order in which marks were typed does not matter.

/// The vowel point of a cluster (U+05B0–U+05BB, U+05C7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vowel {
    Shewa,
    HatafSegol,
    HatafPatah,
    HatafQamats,
    Hiriq,
    Tsere,
    Segol,
    Patah,
    Qamats,
    Holam,
    Qubuts,
    QamatsQatan,
}

impl Vowel {
    fn from_char(c: char) -> Option<Vowel> {
        Some(match c {
            '\u{05B0}' => Vowel::Shewa,
            '\u{05B1}' => Vowel::HatafSegol,
            '\u{05B2}' => Vowel::HatafPatah,
            '\u{05B3}' => Vowel::HatafQamats,
            '\u{05B4}' => Vowel::Hiriq,
            '\u{05B5}' => Vowel::Tsere,
            '\u{05B6}' => Vowel::Segol,
            '\u{05B7}' => Vowel::Patah,
            '\u{05B8}' => Vowel::Qamats,
            '\u{05B9}' | '\u{05BA}' => Vowel::Holam,
            '\u{05BB}' => Vowel::Qubuts,
            '\u{05C7}' => Vowel::QamatsQatan,
            _ => return None,
        })
    }

    /// A full vowel (not shewa, not hataf).
    pub fn is_full(self) -> bool {
        !matches!(
            self,
            Vowel::Shewa | Vowel::HatafSegol | Vowel::HatafPatah | Vowel::HatafQamats
        )
    }
}

/// One letter and its marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cluster {
    /// U+05D0–U+05EA.
    pub letter: char,
    /// Dagesh or mappiq (U+05BC).
    pub dagesh: bool,
    /// `Some(true)` shin dot, `Some(false)` sin dot.
    pub shin: Option<bool>,
    pub vowel: Option<Vowel>,
    /// A cantillation accent (U+0591–U+05AE): the stressed syllable.
    pub accent: bool,
    /// Meteg (U+05BD): a secondary stress, the syllable is open.
    pub meteg: bool,
    /// A geresh (U+05F3 or an apostrophe) follows the letter: ג׳ צ׳ ז׳ ת׳.
    pub geresh: bool,
}

/// A piece of text: a Hebrew word as clusters, or anything else, verbatim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Word(Vec<Cluster>),
    Other(char),
}

pub fn is_letter(c: char) -> bool {
    ('\u{05D0}'..='\u{05EA}').contains(&c)
}

/// Splits `text` into words of clusters and other characters. Presentation forms are
/// decomposed first (as strip does); stray marks with no letter are dropped.
pub fn parse(text: &str) -> Vec<Piece> {
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    for c in text.chars() {
        if super::super::strip::is_presentation_form(c) {
            unicode_normalization::char::decompose_compatible(c, |d| chars.push(d));
        } else {
            chars.push(c);
        }
    }
    let mut out = Vec::new();
    let mut word: Vec<Cluster> = Vec::new();
    let flush = |word: &mut Vec<Cluster>, out: &mut Vec<Piece>| {
        if !word.is_empty() {
            out.push(Piece::Word(core::mem::take(word)));
        }
    };
    for (i, &c) in chars.iter().enumerate() {
        if is_letter(c) {
            word.push(Cluster {
                letter: c,
                dagesh: false,
                shin: None,
                vowel: None,
                accent: false,
                meteg: false,
                geresh: false,
            });
            continue;
        }
        let Some(last) = word.last_mut() else {
            if !super::super::strip::is_point(c) {
                out.push(Piece::Other(c));
            }
            continue;
        };
        match c {
            '\u{05BC}' => last.dagesh = true,
            '\u{05C1}' => last.shin = Some(true),
            '\u{05C2}' => last.shin = Some(false),
            '\u{05BD}' => last.meteg = true,
            '\u{0591}'..='\u{05AE}' => last.accent = true,
            // Geresh after ג ז צ ץ ת marks a foreign sound (ג׳ j, ז׳ zh, צ׳ ch, ת׳ th); an ASCII
            // apostrophe counts as one only inside a word (before a letter or a point).
            '\u{05F3}' if "גזצץת".contains(last.letter) => last.geresh = true,
            '\'' if "גזצץת".contains(last.letter)
                && chars
                    .get(i + 1)
                    .is_some_and(|&n| is_letter(n) || super::super::strip::is_point(n)) =>
            {
                last.geresh = true
            }
            _ => {
                if let Some(v) = Vowel::from_char(c) {
                    last.vowel = Some(v);
                } else if !super::super::strip::is_point(c) {
                    flush(&mut word, &mut out);
                    out.push(Piece::Other(c));
                }
            }
        }
    }
    flush(&mut word, &mut out);
    out
}

/// True when no cluster of the word carries a vowel, dagesh or shin/sin dot.
pub fn is_bare(word: &[Cluster]) -> bool {
    word.iter()
        .all(|c| c.vowel.is_none() && !c.dagesh && c.shin.is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_words_and_marks() {
        let p = parse("שָׁלוֹם, ג׳ון!");
        assert_eq!(p.len(), 5, "{p:?}");
        let Piece::Word(w) = &p[0] else { panic!() };
        assert_eq!(w.len(), 4);
        assert_eq!(w[0].shin, Some(true));
        assert_eq!(w[0].vowel, Some(Vowel::Qamats));
        assert_eq!(w[2].vowel, Some(Vowel::Holam));
        assert_eq!(p[1], Piece::Other(','));
        let Piece::Word(w) = &p[3] else { panic!() };
        assert!(w[0].geresh);
        assert!(is_bare(w));
    }
}
