//! Bidi_Class lookup with tables for the blocks real text is made of.
//!
//! `unicode_bidi::bidi_class` searches a table of about 1,500 ranges for every character; the
//! resolvers call it once per character, so ASCII (one array), Hebrew, basic Arabic and
//! Cyrillic, and the General Punctuation spaces and marks are answered without a search. The
//! test below checks every character of those blocks against `bidi_class`.

use unicode_bidi::{bidi_class, BidiClass};

/// Bidi_Class of the ASCII characters (UnicodeData.txt, field 4).
const fn ascii_class(b: u8) -> BidiClass {
    use BidiClass::*;
    match b {
        0x09 | 0x0B | 0x1F => S,
        0x0A | 0x0D | 0x1C..=0x1E => B,
        0x0C | 0x20 => WS,
        0x00..=0x1F | 0x7F => BN,
        b'#'..=b'%' => ET,
        b'+' | b'-' => ES,
        b',' | b'.' | b'/' | b':' => CS,
        b'0'..=b'9' => EN,
        b'A'..=b'Z' | b'a'..=b'z' => L,
        _ => ON,
    }
}

const ASCII: [BidiClass; 128] = {
    let mut table = [BidiClass::ON; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = ascii_class(i as u8);
        i += 1;
    }
    table
};

/// The Bidi_Class of `c`.
#[inline]
pub(crate) fn class_of(c: char) -> BidiClass {
    use BidiClass::*;
    let u = c as u32;
    if u < 0x80 {
        return ASCII[u as usize];
    }
    match c {
        // Hebrew letters, and the Hebrew punctuation of class R (maqaf, paseq, sof pasuq,
        // nun hafukha, geresh, gershayim).
        '\u{05D0}'..='\u{05EA}' | '\u{05EF}'..='\u{05F4}' => R,
        '\u{05BE}' | '\u{05C0}' | '\u{05C3}' | '\u{05C6}' => R,
        // Points and cantillation.
        '\u{0591}'..='\u{05BD}'
        | '\u{05BF}'
        | '\u{05C1}'
        | '\u{05C2}'
        | '\u{05C4}'
        | '\u{05C5}'
        | '\u{05C7}' => NSM,
        // Basic Arabic letters and the Arabic-Indic digits.
        '\u{0620}'..='\u{063F}' | '\u{0641}'..='\u{064A}' => AL,
        '\u{0660}'..='\u{0669}' => AN,
        // Basic Cyrillic.
        '\u{0400}'..='\u{0482}' | '\u{048A}'..='\u{04FF}' => L,
        // Spaces, dashes and quotes of General Punctuation.
        '\u{2000}'..='\u{200A}' => WS,
        '\u{2010}'..='\u{2027}' => ON,
        '\u{200E}' => L,
        '\u{200F}' => R,
        _ => bidi_class(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_unicode_bidi() {
        let blocks = [
            ('\0', '\u{7f}'),
            ('\u{0400}', '\u{04FF}'),
            ('\u{0590}', '\u{06FF}'),
            ('\u{2000}', '\u{206F}'),
        ];
        for c in blocks.iter().flat_map(|&(a, b)| a..=b) {
            assert_eq!(class_of(c), bidi_class(c), "U+{:04X}", c as u32);
        }
    }
}
