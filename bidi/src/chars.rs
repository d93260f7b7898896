//! Character classes for display-unit scanning.
//!
//! A coarser view of Bidi_Class that the display scanner needs: strong letters of each
//! direction, digits, combining marks, spaces, breaks and invisible controls. Hebrew and ASCII
//! take fast paths; everything else asks the Unicode data in `unicode-bidi`.

use unicode_bidi::BidiClass;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CharKind {
    /// Strong R or AL: Hebrew and Arabic letters, and Hebrew punctuation of class R (maqaf,
    /// geresh, gershayim, sof pasuq).
    RtlLetter,
    /// Strong L: Latin, Cyrillic, Greek and other left-to-right letters.
    LtrLetter,
    /// European or Arabic digits (EN, AN).
    Digit,
    /// A combining mark (NSM): Hebrew points, accents. It belongs to the character before it.
    Mark,
    /// Whitespace inside a line (WS).
    Space,
    /// A paragraph or segment separator (B, S): newline, tab. Ends any unit.
    Break,
    /// Invisible bidi controls and formatting characters (LRM, RLM, ALM, embeddings,
    /// isolates, BN such as ZWJ).
    Control,
    /// Punctuation and symbols (ON, ES, ET, CS).
    Other,
}

impl CharKind {
    #[cfg(test)]
    pub(crate) fn of(c: char) -> CharKind {
        CharKind::of_class(c, crate::class::class_of(c))
    }

    /// The kind of `c`, whose Bidi_Class is `class`.
    #[inline]
    pub(crate) fn of_class(c: char, class: BidiClass) -> CharKind {
        // LRM, RLM and ALM are strong for the UBA but invisible: they never start or carry a
        // unit.
        if is_directional_mark(c) {
            CharKind::Control
        } else {
            CharKind::from_class(class)
        }
    }

    fn from_class(class: BidiClass) -> CharKind {
        use BidiClass::*;
        match class {
            R | AL => CharKind::RtlLetter,
            L => CharKind::LtrLetter,
            EN | AN => CharKind::Digit,
            NSM => CharKind::Mark,
            WS => CharKind::Space,
            B | S => CharKind::Break,
            BN | LRE | RLE | LRO | RLO | PDF | LRI | RLI | FSI | PDI => CharKind::Control,
            ES | ET | CS | ON => CharKind::Other,
        }
    }
}

/// LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK and ARABIC LETTER MARK are strong for the UBA but
/// are not letters: `mixed` and language shares ignore them.
pub(crate) fn is_directional_mark(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Symbols that belong to the number before them: percent, per mille, degree, prime, and
/// currency signs (`5 ₪`, `10%`).
pub(crate) fn is_number_suffix(c: char) -> bool {
    matches!(c, '%' | '‰' | '‱' | '°' | '′' | '″') || is_currency(c)
}

/// Unicode general category Sc (currency symbols) for the signs in use, plus the whole
/// Currency Symbols block.
pub(crate) fn is_currency(c: char) -> bool {
    matches!(
        c,
        '$' | '¢' | '£' | '¤' | '¥' | '֏' | '؋' | '৲' | '৳' | '฿' | '៛' | '﷼' | '＄'
    ) || ('\u{20A0}'..='\u{20C0}').contains(&c)
}

/// Signs that may open a number: currency, comparison, plus/minus, approximately, number sign,
/// and the star of Israeli short dialing codes (`*2700`).
pub(crate) fn is_number_prefix(c: char) -> bool {
    is_currency(c)
        || matches!(
            c,
            '<' | '>'
                | '≤'
                | '≥'
                | '±'
                | '~'
                | '≈'
                | '+'
                | '−'
                | '-'
                | '‑'
                | '#'
                | '№'
                | '×'
                | '*'
        )
}

/// The closing bracket of an opening one, for the paired brackets that matter in prose and
/// code (a subset of BidiBrackets.txt).
pub(crate) fn closing_bracket(open: char) -> Option<char> {
    match open {
        '(' => Some(')'),
        '[' => Some(']'),
        '{' => Some('}'),
        _ => None,
    }
}

pub(crate) fn is_closing_bracket(c: char) -> bool {
    matches!(c, ')' | ']' | '}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_follow_bidi_classes() {
        use unicode_bidi::bidi_class;
        for c in ('\0'..='\u{7f}').chain('\u{0590}'..='\u{05FF}') {
            let want = if is_directional_mark(c) {
                CharKind::Control
            } else {
                CharKind::from_class(bidi_class(c))
            };
            assert_eq!(CharKind::of(c), want, "U+{:04X}", c as u32);
        }
        assert_eq!(CharKind::of('a'), CharKind::LtrLetter);
        assert_eq!(CharKind::of('\u{05D0}'), CharKind::RtlLetter);
        assert_eq!(CharKind::of('\u{05B8}'), CharKind::Mark);
        assert_eq!(CharKind::of('\n'), CharKind::Break);
        assert_eq!(CharKind::of('\u{200F}'), CharKind::Control);
    }
}
