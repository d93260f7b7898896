//! Input normalization and output tables of Nakdimon, as the reference package defines them
//! (`nakdimon==0.1.2`, `hebrew.py` and `dataset.py`).

/// The niqqud head's classes (`dataset.niqqud_table`): index 0 is the mask token `''`, then
/// `hebrew.NIQQUD` = RAFE, U+05B0–U+05BC, U+05B7 (patah again). `None` = nothing is written
/// (mask or RAFE; `predict()` deletes RAFE from its output).
pub const NIQQUD: [Option<char>; 16] = [
    None,
    None, // RAFE
    Some('\u{05B0}'),
    Some('\u{05B1}'),
    Some('\u{05B2}'),
    Some('\u{05B3}'),
    Some('\u{05B4}'),
    Some('\u{05B5}'),
    Some('\u{05B6}'),
    Some('\u{05B7}'),
    Some('\u{05B8}'),
    Some('\u{05B9}'),
    Some('\u{05BA}'),
    Some('\u{05BB}'),
    Some('\u{05BC}'), // shuruk (the dagesh character, on vav)
    Some('\u{05B7}'),
];

/// The dagesh head's classes (`dataset.dagesh_table`): mask, RAFE, dagesh U+05BC.
pub const DAGESH: [Option<char>; 3] = [None, None, Some('\u{05BC}')];

/// The shin/sin head's classes (`dataset.sin_table`): mask, RAFE, shin dot, sin dot.
pub const SIN: [Option<char>; 4] = [None, None, Some('\u{05C1}'), Some('\u{05C2}')];

/// Size of the input vocabulary (`dataset.letters_table`): mask + `SPECIAL_TOKENS` (3) +
/// `VALID_LETTERS` (12 punctuation + 27 Hebrew letters).
pub const VOCAB: usize = 43;

/// `VALID_LETTERS` without the Hebrew letters, in table order (ids 4–15).
const PUNCT: [char; 12] = [' ', '!', '"', '\'', '(', ')', ',', '-', '.', ':', ';', '?'];
const ID_H: u8 = 1; // 'H': Yiddish ligatures
const ID_O: u8 = 2; // 'O': anything else
const ID_5: u8 = 3; // '5': digits

/// `hebrew.normalize` followed by `letters_table.char_indices`: the model's input id of `c`.
///
/// Python's `str.isdigit` is approximated by `char::is_numeric` without the fractions and
/// Roman numerals (Number Forms, U+00BC–U+00BE), which `isdigit` rejects.
pub fn input_id(c: char) -> u8 {
    // `normalize` first returns members of VALID_LETTERS unchanged; the final letters are in
    // HEBREW_LETTERS (U+05D0–U+05EA), so its ENDINGS_TO_REGULAR branch is never reached and
    // they keep their own ids.
    let c = match c {
        '\n' | '\t' => ' ',
        '־' | '‒' | '–' | '—' | '―' | '−' => '-',
        '[' => '(',
        ']' => ')',
        '´' | '‘' | '’' => '\'',
        '“' | '”' | '״' => '"',
        '…' => ',',
        other => other,
    };
    if let Some(i) = PUNCT.iter().position(|&p| p == c) {
        return 4 + i as u8;
    }
    if ('\u{05D0}'..='\u{05EA}').contains(&c) {
        return 16 + (c as u32 - 0x05D0) as u8;
    }
    if c.is_numeric() && !matches!(c, '\u{00BC}'..='\u{00BE}' | '\u{2150}'..='\u{218F}') {
        return ID_5;
    }
    if matches!(c, 'ײ' | 'װ' | 'ױ') {
        return ID_H;
    }
    ID_O
}

/// `hebrew.can_dagesh`.
pub fn can_dagesh(c: char) -> bool {
    "בגדהוזטיכלמנספצקשתךף".contains(c)
}

/// `hebrew.can_sin`.
pub fn can_sin(c: char) -> bool {
    c == 'ש'
}

/// `hebrew.can_niqqud`.
pub fn can_niqqud(c: char) -> bool {
    "אבגדהוזחטיכלמנסעפצקרשתךן".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_letters_table() {
        // dataset.letters_table.chars = ['', 'H', 'O', '5', ' ', '!', ..., '?', 'א', ..., 'ת']
        assert_eq!(input_id(' '), 4);
        assert_eq!(input_id('?'), 15);
        assert_eq!(input_id('א'), 16);
        assert_eq!(input_id('ת'), 42);
        assert_eq!(input_id('ם'), 16 + 13);
        assert_eq!(input_id('7'), ID_5);
        assert_eq!(input_id('x'), ID_O);
        assert_eq!(input_id('װ'), ID_H);
        assert_eq!(input_id('\n'), 4);
        assert_eq!(input_id('״'), input_id('"'));
        assert!((0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .all(|c| (input_id(c) as usize) < VOCAB));
    }
}
